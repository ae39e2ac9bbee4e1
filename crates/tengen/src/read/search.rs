//! The search itself: an attacker node maximises and a defender node minimises the value
//! ([`CAPTURED`], [`KO_FIRST`], [`KO_THREAT`], [`ESCAPED`]), on a stack of board copies, with
//! a transposition table of proven results. See the module docs of [`super`] for the model.

use super::boards::Boards;
use super::table::Table;
use super::ReadConfig;
use crate::board::{EMPTY, WALL};
use crate::{Board, Color, Move};

/// Which question the search answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Mode {
    /// Full tactical reading of one chain.
    Tactics,
    /// The ladder moves only.
    Ladder,
}

/// The most candidate moves one node keeps.
const MAX_MOVES: usize = 48;

/// A node's candidate moves with their ordering scores (0 is a pass).
struct Moves {
    pts: [u16; MAX_MOVES],
    score: [i32; MAX_MOVES],
    n: usize,
}

impl Moves {
    fn new() -> Moves {
        Moves {
            pts: [0; MAX_MOVES],
            score: [0; MAX_MOVES],
            n: 0,
        }
    }

    /// Add `p` with `score`, or add `score` to its score when it is already there.
    fn add(&mut self, p: usize, score: i32) {
        for i in 0..self.n {
            if self.pts[i] as usize == p {
                self.score[i] += score;
                return;
            }
        }
        if self.n < MAX_MOVES {
            self.pts[self.n] = p as u16;
            self.score[self.n] = score;
            self.n += 1;
        }
    }

    /// Best score first; ties keep the order of insertion (a stable insertion sort).
    fn sort(&mut self) {
        for i in 1..self.n {
            let (p, s) = (self.pts[i], self.score[i]);
            let mut j = i;
            while j > 0 && self.score[j - 1] < s {
                self.pts[j] = self.pts[j - 1];
                self.score[j] = self.score[j - 1];
                j -= 1;
            }
            self.pts[j] = p;
            self.score[j] = s;
        }
    }
}

/// Moves deep into a line before which the attacker may leave a ko on a false eye alone
/// after the defender's retake ([`Searcher::false_eye_ko`]). Chosen on half 0 of GNU Go's
/// `attack` and `defend` questions: within the wide depth (7) one right answer fewer; at any
/// depth the leaves cost so many nodes that two hand positions near the node budget (a ladder
/// with a breaker on an open board, a net of three liberties) ran out of it.
const LEAVE_KO_DEPTH: usize = 10;

/// What the attacker's liberties gain in the order at the root of an attack
/// ([`Searcher::attacker_moves`]): enough to pass the nets and the moves next to the
/// liberties in most shapes (a point next to both liberties of a chain of two scores
/// 2 x (30 + 4 per empty neighbour), a liberty 100 + 8 per empty neighbour, less 20 per empty
/// neighbour of the other liberty), not the captures and saves. Chosen on half 0 of GNU Go's
/// `attack` questions: one right answer more (a capture at a liberty where the net captured
/// too), the same with 500.
const ROOT_LIBERTY: i32 = 50;

/// What a defender's approach move in a race gains in the order
/// ([`Searcher::add_approaches`]).
const APPROACH: i32 = 40;

/// Line flags: bits 0 and 1 count the attacker's ko retakes after a threat (add
/// [`ATT_RETAKE`] for each), bit 2 is the defender's one retake ([`DEF_RETOOK`]).
const ATT_RETAKES: u8 = 3;
const ATT_RETAKE: u8 = 1;
const DEF_RETOOK: u8 = 4;

/// The value of a line whose chain is captured.
pub(super) const CAPTURED: u8 = 3;
/// A capture by ko that the defender must retake after a threat: the attacker wins the ko
/// by taking it first (GNU Go's KO_A, code 2 for the attacker).
pub(super) const KO_FIRST: u8 = 2;
/// A capture by ko that the attacker must retake after a threat: the attacker needs a ko
/// threat first (GNU Go's KO_B, code 3 for the attacker).
pub(super) const KO_THREAT: u8 = 1;
/// The value of a line whose chain escapes.
pub(super) const ESCAPED: u8 = 0;

/// A node's result: value, best move (padded index, 0 for none or a pass), proven.
pub(super) type Res = (u8, usize, bool);

/// One question's search.
pub(super) struct Searcher<'a> {
    cfg: &'a ReadConfig,
    table: &'a mut Table,
    boards: &'a mut Boards,
    target: usize,
    att: u8,
    def: u8,
    mode: Mode,
    budget: u64,
    nodes: u64,
    /// The depth of the attacker's first move: 0 in an attack, 1 in a defence.
    first_attack: usize,
    /// Moves not read at the root of a defence (padded indices).
    excluded: &'a [usize],
    /// Whether a node at or beyond the wide depth was entered (where the search narrows).
    narrowed: bool,
    /// Whether the results of this search are kept apart in the table from those of others
    /// (a defence read again as an attack: [`super::Reader::defend`]).
    apart: bool,
}

/// The SplitMix64 finaliser: spreads the small numbers mixed into a key over 64 bits.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl<'a> Searcher<'a> {
    /// A search about the chain through the stone at `target` (of `color`) in `root`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        cfg: &'a ReadConfig,
        table: &'a mut Table,
        boards: &'a mut Boards,
        root: &Board,
        target: usize,
        color: Color,
        mode: Mode,
        budget: u64,
    ) -> Searcher<'a> {
        boards.set_root(root);
        Searcher {
            cfg,
            table,
            boards,
            target,
            att: color.opponent().digit(),
            def: color.digit(),
            mode,
            budget,
            nodes: 0,
            first_attack: 0,
            excluded: &[],
            narrowed: false,
            apart: false,
        }
    }

    /// Whether a node at or beyond [`ReadConfig::wide_depth`] was entered (in a defence,
    /// since the root's last move was tried: for a defence found, in its reading): a result
    /// read wholly above it does not depend on where the search narrows.
    pub(super) fn narrowed(&self) -> bool {
        self.narrowed
    }

    /// Leave the moves `excluded` unread at the root of a defence (and the root's entry in
    /// the table, which may name one of them, unread and unwritten); with `apart`, keep this
    /// search's results apart in the table from those of the others.
    pub(super) fn exclude(&mut self, excluded: &'a [usize], apart: bool) {
        self.excluded = excluded;
        self.apart = apart;
    }

    /// Nodes visited so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The attacker to move in the root position.
    pub(super) fn attack_root(&mut self) -> Res {
        self.attack(0, 0)
    }

    /// The defender to move in the root position.
    pub(super) fn defend_root(&mut self) -> Res {
        self.first_attack = 1;
        self.defend(0, 0)
    }

    /// Liberties at which the attacker's chain counts as escaped with the attacker to move.
    fn safe(&self, d: usize) -> usize {
        match self.mode {
            Mode::Tactics if d < self.cfg.wide_depth => self.cfg.safe_liberties.max(2),
            _ => 3,
        }
    }

    /// Whether nets and other moves beyond the liberties are read at depth `d`.
    fn wide(&self, d: usize) -> bool {
        self.mode == Mode::Tactics && d < self.cfg.wide_depth
    }

    /// The table key of board `d` with the attacker (`side` true) or defender to move.
    fn key(&self, d: usize, side: bool, flags: u8) -> u64 {
        self.key_of(&self.boards[d], side, flags, self.wide(d))
    }

    /// [`Searcher::key`] of any board, `wide` when it is read within the wide depth. A
    /// result read beyond the wide depth (a chain of three liberties safe, the attacker
    /// narrowed) answers another question than one read within it, so the two are kept
    /// apart: one found deep in a line is not taken for the same position met higher up.
    fn key_of(&self, b: &Board, side: bool, flags: u8, wide: bool) -> u64 {
        let (ko, kc) = b.ko_state();
        let extra = self.target as u64
            | (ko as u64) << 16
            | (kc as u64) << 32
            | (side as u64) << 34
            | (flags as u64) << 35
            | (self.att as u64) << 39
            | ((self.mode == Mode::Ladder) as u64) << 41
            | (wide as u64) << 42
            | (self.apart as u64) << 43;
        b.hash() ^ mix(extra)
    }

    /// Whether the defender may still retake a ko in this line (after a threat): in tactics,
    /// once per line (bit 2 of `flags`); never in a ladder.
    fn defender_may_retake(&self, flags: u8) -> bool {
        self.mode == Mode::Tactics && flags & DEF_RETOOK == 0
    }

    /// Whether the attacker may still retake a ko at depth `d` in this line (after a threat;
    /// bits 0 and 1 of `flags` count its retakes): in tactics, twice within the wide depth and
    /// once beyond it; never in a ladder. The second retake answers a defender who passed
    /// (a tenuki, which lifts the ko ban) and then took the same ko again without a retake
    /// of its own: with one retake the attacker could not answer, and the defender's ko
    /// counted as an outright escape.
    fn attacker_may_retake(&self, d: usize, flags: u8) -> bool {
        let most = if self.wide(d) { 2 } else { 1 };
        self.mode == Mode::Tactics && flags & ATT_RETAKES < most
    }

    /// Whether the target on board `d`, with `libs` liberties (just the safe number), is
    /// read anyway, in the wide depth: when two of them or more are on the first line (a
    /// chain pushed along the second line can be short of liberties with four; three on the
    /// first line or more gave one right answer fewer in each of GNU Go's `attack` and
    /// `defend` questions), or, up to the attacker's first move, when its liberties lie in an
    /// enclosed space ([`Searcher::enclosed`]: an enclosed chain escapes only by capturing or
    /// by eyes, so its liberties are a race, not safety). The space may reach one step beyond
    /// the liberties (an empty point next to a liberty whose other neighbours are stones or
    /// points of the space: GNU Go's `attack` and `defend`, half 0 unchanged at 68 / 27, half
    /// 1 `defend` 42 -> 43 (`reading.tst` 191), against the space of the liberties alone;
    /// every chain of four liberties read up to the attacker's first move gives the same
    /// answers and is dearer (`reading.tst` 131, 152, 220: 0.1 -> 10-23 ms); the enclosed
    /// chain read to the attacker's second move (depth 3), half 0 gains `reading.tst` 189 and
    /// loses 141, a double ko the file calls no capture; throughout the wide depth the same
    /// and a ko code wrong in 198).
    fn read_anyway(&self, d: usize, libs: usize) -> bool {
        if !self.wide(d) || libs != self.safe(d) {
            return false;
        }
        let b = &self.boards[d];
        let (lp, nl, _, _) = self.surroundings(d);
        let lp = &lp[..nl];
        let edge = lp
            .iter()
            .filter(|&&l| b.nbrs(l as usize).iter().any(|&n| b.cell(n) == WALL))
            .count();
        if edge >= 2 {
            return true;
        }
        d <= self.first_attack && Self::enclosed(b, lp)
    }

    /// Whether the liberties `lp` on `b` lie in an enclosed space: every empty point next to
    /// one of them that is not a liberty itself touches no empty point but the liberties and
    /// the points next to them (the chain's eye space ends one step beyond its liberties).
    fn enclosed(b: &Board, lp: &[u16]) -> bool {
        let near = |e: usize| b.nbrs(e).iter().any(|&f| lp.contains(&(f as u16)));
        lp.iter().all(|&l| {
            b.nbrs(l as usize).iter().all(|&n| {
                b.cell(n) != EMPTY
                    || lp.contains(&(n as u16))
                    || b.nbrs(n)
                        .iter()
                        .all(|&e| b.cell(e) != EMPTY || lp.contains(&(e as u16)) || near(e))
            })
        })
    }

    /// Whether the target on board `d` is next to the empty `p`.
    fn touches_target(&self, d: usize, p: usize) -> bool {
        let b = &self.boards[d];
        let th = b.head_at(self.target);
        b.nbrs(p)
            .iter()
            .any(|&n| b.cell(n) == self.def && b.head_at(n) == th)
    }

    /// Whether the defender's (legal, not a ko retake) move `p` on board `d` gives the target
    /// more liberties than [`Searcher::safe`] at depth `d + 1` without capturing: the attacker's
    /// node after it would count the target escaped at once, which is known here without
    /// copying the board and playing the move (the same answer and node count).
    fn safe_after_defence(&self, d: usize, p: usize) -> bool {
        let safe = self.safe(d + 1);
        self.touches_target(d, p)
            && self.boards[d]
                .libs_after_play(p, self.def)
                .is_some_and(|n| n as usize > safe)
    }

    /// Whether the defender's (legal, not a ko retake) move `p` on board `d` leaves the target
    /// of two stones or more in atari without capturing: the attacker's node after it would
    /// capture it at once (no ko is left by a move that captures nothing, and taking two
    /// stones is no ko), which is known here without copying the board and playing the move
    /// (the same answer and node count). A move not next to the target leaves its liberties
    /// as they are.
    fn atari_after_defence(&self, d: usize, p: usize) -> bool {
        let b = &self.boards[d];
        let Some(n) = b.libs_after_play(p, self.def) else {
            return false;
        };
        if self.touches_target(d, p) {
            n == 1
        } else {
            b.libs_at(self.target) == 1 && b.chain_size_at(self.target) >= 2
        }
    }

    /// Whether the attacker's (legal, not a ko retake) move `p` on board `d`, where the
    /// target has `libs` liberties, leaves it safe by them at depth `d + 1` beyond the wide
    /// depth: a move not next to the target leaves its liberties as they are, and there
    /// [`Searcher::read_anyway`] reads no chain; the defender's node after it would count the
    /// target escaped at once (the same answer and node count, without the copy and the play).
    fn safe_after_attack(&self, d: usize, p: usize, libs: usize) -> bool {
        !self.wide(d + 1) && libs >= self.safe(d + 1) && !self.touches_target(d, p)
    }

    /// Whether the search must stop here (budget spent or too deep).
    fn cut(&self, d: usize) -> bool {
        self.nodes >= self.budget || d + 1 >= self.cfg.max_depth
    }

    /// The first liberty of the target on board `d` (0 when it has none).
    fn first_lib(&self, d: usize) -> usize {
        self.first_lib_of(&self.boards[d])
    }

    /// [`Searcher::first_lib`] of any board.
    fn first_lib_of(&self, b: &Board) -> usize {
        for s in b.chain_stones_at(self.target) {
            for n in b.nbrs(s) {
                if b.cell(n) == EMPTY {
                    return n;
                }
            }
        }
        0
    }

    /// The target's liberties (up to 8) and the heads of the attacker chains next to it (up
    /// to 16), on board `d`.
    fn surroundings(&self, d: usize) -> ([u16; 8], usize, [u16; 16], usize) {
        let b = &self.boards[d];
        let (mut libs, mut nl) = ([0u16; 8], 0);
        let (mut heads, mut nh) = ([0u16; 16], 0);
        for s in b.chain_stones_at(self.target) {
            for n in b.nbrs(s) {
                let v = b.cell(n);
                if v == EMPTY {
                    if nl < 8 && !libs[..nl].contains(&(n as u16)) {
                        libs[nl] = n as u16;
                        nl += 1;
                    }
                } else if v == self.att {
                    let h = b.head_at(n) as u16;
                    if nh < 16 && !heads[..nh].contains(&h) {
                        heads[nh] = h;
                        nh += 1;
                    }
                }
            }
        }
        (libs, nl, heads, nh)
    }

    /// Add the liberties of the chain with head `h` on board `d` to `m` with `score`.
    fn add_chain_libs(&self, d: usize, h: usize, score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        for s in b.chain_stones_at(h) {
            for n in b.nbrs(s) {
                if b.cell(n) == EMPTY {
                    m.add(n, score);
                }
            }
        }
    }

    /// Add to `m` with `score` the liberties of the defender's chains, other than the target,
    /// that touch the attacker chain with head `h` on board `d` and have `max_libs`
    /// liberties or fewer (the chains pressing on that wall).
    fn add_pressing_libs(&self, d: usize, h: usize, max_libs: u16, score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        for s in b.chain_stones_at(h) {
            for n in b.nbrs(s) {
                if b.cell(n) == self.def
                    && b.head_at(n) != b.head_at(self.target)
                    && b.libs_at(n) <= max_libs
                {
                    self.add_chain_libs(d, b.head_at(n), score, m);
                }
            }
        }
    }

    /// The moves saving the attacker chain with head `h` in atari on board `d` (its liberty,
    /// or capturing a defender chain in atari next to it), added to `m`.
    fn add_saves(&self, d: usize, h: usize, m: &mut Moves) {
        self.add_rescues(d, h, self.def, (800, 900), m);
    }

    /// The moves saving the defender's chain with head `h` in atari on board `d` (its
    /// liberty, or capturing an attacker chain in atari next to it), added to `m`.
    fn add_own_saves(&self, d: usize, h: usize, m: &mut Moves) {
        self.add_rescues(d, h, self.att, (50, 55), m);
    }

    /// The liberty of the chain with head `h` on board `d` (with `scores.0`), and the
    /// liberties of the chains of colour `enemy` in atari next to it (capturing them, with
    /// `scores.1`), added to `m`.
    fn add_rescues(&self, d: usize, h: usize, enemy: u8, scores: (i32, i32), m: &mut Moves) {
        let b = &self.boards[d];
        self.add_chain_libs(d, h, scores.0, m);
        for s in b.chain_stones_at(h) {
            for n in b.nbrs(s) {
                if b.cell(n) == enemy && b.libs_at(n) == 1 {
                    self.add_chain_libs(d, b.head_at(n), scores.1, m);
                }
            }
        }
    }

    /// The empty points next to the liberties `lp` on board `d` that are not liberties
    /// themselves, added to `m` with `score` plus a little for each empty neighbour.
    fn add_next_to_libs(&self, d: usize, lp: &[u16], score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        for &l in lp {
            for n in b.nbrs(l as usize) {
                if b.cell(n) == EMPTY && !lp.contains(&(n as u16)) {
                    m.add(n, score + 4 * b.empty_nbrs(n) as i32);
                }
            }
        }
    }

    /// The nets around a target with the liberties `lp` on board `d`: the empty points, not
    /// liberties themselves, next to two of them (each extension of the target is then short
    /// of liberties), added to `m` with `score` plus a little for each empty neighbour.
    fn add_nets(&self, d: usize, lp: &[u16], score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        for &l in lp {
            for n in b.nbrs(l as usize) {
                if b.cell(n) == EMPTY && !lp.contains(&(n as u16)) {
                    let touching = b
                        .nbrs(n)
                        .iter()
                        .filter(|&&q| lp.contains(&(q as u16)))
                        .count();
                    if touching >= 2 {
                        m.add(n, score + 4 * b.empty_nbrs(n) as i32);
                    }
                }
            }
        }
    }

    /// The liberties, counted up to two (two also when it captures), that a stone of colour
    /// `c` played on the empty `p` of `b` would have: 1 or 0 is a self-atari or a suicide.
    fn libs_after(b: &Board, p: usize, c: u8) -> usize {
        Self::libs_after_upto(b, p, c, 2)
    }

    /// The liberties, counted up to `cap` (at most 4; `cap` also when it captures), that a
    /// stone of colour `c` played on the empty `p` of `b` would have.
    fn libs_after_upto(b: &Board, p: usize, c: u8, cap: usize) -> usize {
        debug_assert!(cap <= 4);
        let mut seen = [0u16; 4];
        let mut ns = 0;
        let mut note = |e: usize, ns: &mut usize| {
            if !seen[..*ns].contains(&(e as u16)) {
                seen[*ns] = e as u16;
                *ns += 1;
            }
            *ns >= cap
        };
        for n in b.nbrs(p) {
            let v = b.cell(n);
            if v == EMPTY {
                if note(n, &mut ns) {
                    return cap;
                }
            } else if v == c {
                for s in b.chain_stones_at(n) {
                    for e in b.nbrs(s) {
                        if e != p && b.cell(e) == EMPTY && note(e, &mut ns) {
                            return cap;
                        }
                    }
                }
            } else if v != WALL && b.libs_at(n) == 1 {
                return cap;
            }
        }
        ns
    }

    /// Backfilling a connection: for each liberty of the defender's chain with head `h` on
    /// board `d`, not one of the target's liberties `lp`, that the attacker could take only
    /// in self-atari, the point of that stone's one liberty when a stone of the attacker
    /// there would have three liberties or more, added to `m` with `score` (filled first, it
    /// makes the liberty safe to take).
    fn add_chain_backfills(&self, d: usize, h: usize, lp: &[u16], score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        let (cl, ncl) = self.chain_libs(d, h);
        for &l in &cl[..ncl] {
            let l = l as usize;
            if lp.contains(&(l as u16)) || Self::libs_after(b, l, self.att) != 1 {
                continue;
            }
            for n in b.nbrs(l) {
                if b.cell(n) == EMPTY && Self::libs_after_upto(b, n, self.att, 3) >= 3 {
                    m.add(n, score);
                }
            }
        }
    }

    /// Approaching in a race: for each liberty of the attacker chain with head `h` on board
    /// `d` that the defender could fill only in self-atari (or not at all), the liberties of
    /// the attacker's other chains of two liberties next to it, added to `m` with `score`
    /// (an atari on such a chain makes the liberty a capture, or a ko: the approach move).
    fn add_approaches(&self, d: usize, h: usize, score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        let (cl, ncl) = self.chain_libs(d, h);
        for &l in &cl[..ncl] {
            let l = l as usize;
            if Self::libs_after(b, l, self.def) >= 2 {
                continue;
            }
            for n in b.nbrs(l) {
                if b.cell(n) == self.att && b.head_at(n) != h && b.libs_at(n) == 2 {
                    let (el, nel) = self.chain_libs(d, b.head_at(n));
                    for &e in el[..nel].iter().filter(|&&e| e as usize != l) {
                        m.add(e as usize, score);
                    }
                }
            }
        }
    }

    /// Backfilling: for each of the liberties `lp` on board `d` that the attacker could fill
    /// only in self-atari, the liberties of its own chains next to it and the empty points
    /// next to it, added to `m` with `score` (filling them first makes the liberty safe to
    /// take).
    fn add_backfills(&self, d: usize, lp: &[u16], score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        for &l in lp {
            let l = l as usize;
            if Self::libs_after(b, l, self.att) >= 2 {
                continue;
            }
            for n in b.nbrs(l) {
                if b.cell(n) == self.att {
                    self.add_chain_libs(d, b.head_at(n), score, m);
                } else if b.cell(n) == EMPTY && !lp.contains(&(n as u16)) {
                    m.add(n, score - 5);
                }
            }
        }
    }

    /// The liberties of the chain with head `h` on board `d` (up to 8).
    fn chain_libs(&self, d: usize, h: usize) -> ([u16; 8], usize) {
        let b = &self.boards[d];
        let (mut libs, mut nl) = ([0u16; 8], 0);
        for s in b.chain_stones_at(h) {
            for n in b.nbrs(s) {
                if b.cell(n) == EMPTY && nl < 8 && !libs[..nl].contains(&(n as u16)) {
                    libs[nl] = n as u16;
                    nl += 1;
                }
            }
        }
        (libs, nl)
    }

    /// The liberties of the chain with head `h` on board `d` that are not liberties of the
    /// target too (counted up to 8 distinct liberties).
    fn outside_libs(&self, d: usize, h: usize) -> usize {
        let b = &self.boards[d];
        let th = b.head_at(self.target);
        let mut seen = [0u16; 8];
        let (mut ns, mut out) = (0, 0);
        for s in b.chain_stones_at(h) {
            for n in b.nbrs(s) {
                if b.cell(n) != EMPTY || seen[..ns].contains(&(n as u16)) || ns == seen.len() {
                    continue;
                }
                seen[ns] = n as u16;
                ns += 1;
                let shared = b
                    .nbrs(n)
                    .iter()
                    .any(|&e| b.cell(e) == self.def && b.head_at(e) == th);
                out += !shared as usize;
            }
        }
        out
    }

    /// The attacker's candidates on board `d`, ordered.
    fn attacker_moves(&self, d: usize, libs: usize) -> Moves {
        let b = &self.boards[d];
        let mut m = Moves::new();
        let (lp, nl, heads, nh) = self.surroundings(d);
        let lp = &lp[..nl];
        for (i, &p) in lp.iter().enumerate() {
            let p = p as usize;
            let mut s = 100 + 8 * b.empty_nbrs(p) as i32;
            if libs == 1 {
                s += 1000;
            } else if libs == 2 {
                // the defender extends at the other liberty: prefer the side where that
                // gains it the fewest liberties
                let o = lp[1 - i] as usize;
                s -= 20 * b.empty_nbrs(o) as i32;
            }
            if d == 0 && self.mode == Mode::Tactics {
                // the root of an attack: the liberties before the nets and the other moves
                // that neither capture nor save, as GNU Go tries them; when several moves
                // capture, the move named is a liberty
                s += ROOT_LIBERTY;
            }
            m.add(p, s);
        }
        if self.mode == Mode::Ladder {
            m.sort();
            return m;
        }
        if libs == 1 && self.wide(d) && b.captures_in_ko(lp[0] as usize, self.att) {
            // the capture is a ko: shorten the liberties of the defender's other chains next
            // to the capturing point, so that the capture takes them too (no ko)
            let l = lp[0] as usize;
            for n in b.nbrs(l) {
                if b.cell(n) == self.def
                    && b.head_at(n) != b.head_at(self.target)
                    && b.libs_at(n) <= 3
                {
                    self.add_chain_libs(d, b.head_at(n), 90, &mut m);
                }
            }
        }
        for &h in &heads[..nh] {
            if b.libs_at(h as usize) == 1 {
                self.add_saves(d, h as usize, &mut m);
            }
        }
        if self.wide(d) && libs <= 2 {
            // an attacker chain in atari next to a liberty (the defender's atari on it, next
            // to a chain the target could connect to, is one of its defences)
            for &l in lp {
                for n in b.nbrs(l as usize) {
                    let h = b.head_at(n);
                    if b.cell(n) == self.att
                        && b.libs_at(n) == 1
                        && !heads[..nh].contains(&(h as u16))
                    {
                        self.add_saves(d, h, &mut m);
                    }
                }
            }
        }
        if self.wide(d) {
            // the defender's chains the target could connect to through a liberty, short of
            // liberties themselves: taking their liberties takes away the connection (up to
            // four liberties: three gave one right answer fewer on GNU Go's suite, any number
            // the same as four, and slower)
            for &l in lp {
                for n in b.nbrs(l as usize) {
                    if b.cell(n) == self.def
                        && b.head_at(n) != b.head_at(self.target)
                        && b.libs_at(n) <= 4
                    {
                        self.add_chain_libs(d, b.head_at(n), 25, &mut m);
                        // at the attacker's first move, backfill such a chain's liberties
                        // (at every depth within the wide depth: one right answer fewer on
                        // half 1 of GNU Go's suite, a ko claimed where there is none)
                        if d == self.first_attack {
                            self.add_chain_backfills(d, b.head_at(n), lp, 15, &mut m);
                        }
                    }
                }
            }
        }
        if self.wide(d) {
            self.add_backfills(d, lp, 20, &mut m);
        }
        if d == self.first_attack && libs >= 2 {
            // the attacker's first move: its walls next to the target with two liberties,
            // which the defender could shorten while it escapes, are extended, and when the
            // target has two liberties or one, the defender's chains pressing on those walls
            // (three liberties or fewer) are attacked; deeper in the line these moves cost
            // more than they find
            for &h in &heads[..nh] {
                let h = h as usize;
                if b.libs_at(h) != 2 {
                    continue;
                }
                self.add_chain_libs(d, h, 30, &mut m);
                if libs > 2 {
                    continue;
                }
                self.add_pressing_libs(d, h, 3, 28, &mut m);
            }
        }
        if libs == 3 && self.wide(d) {
            // nets first, then any point next to a liberty: blocking the way out along a
            // line (the second line's chain pushed onto the first)
            self.add_nets(d, lp, 10, &mut m);
            self.add_next_to_libs(d, lp, 5, &mut m);
        }
        if libs == 2 && self.wide(d) {
            self.add_next_to_libs(d, lp, 30, &mut m);
        }
        m.sort();
        m
    }

    /// The defender's candidates on board `d`, ordered (a pass last in tactics).
    fn defender_moves(&self, d: usize, libs: usize) -> Moves {
        let b = &self.boards[d];
        let mut m = Moves::new();
        let (lp, nl, heads, nh) = self.surroundings(d);
        let lp = &lp[..nl];
        // the defender's moves are never narrowed with depth in tactics (only the
        // attacker's are): a capture claimed past the wide depth must have met every defence
        // the wide depth reads, or it would not be a proof
        let wide = self.mode == Mode::Tactics;
        // the target's liberties the attacker cannot fill (a suicide): in a race they count
        // as more than one (an eye)
        let unfillable = if wide {
            lp.iter()
                .filter(|&&l| b.is_suicide_pos(l as usize, self.att))
                .count()
        } else {
            0
        };
        for &h in &heads[..nh] {
            let h = h as usize;
            match b.libs_at(h) {
                1 => self.add_chain_libs(d, h, 1000 + b.chain_size_at(h) as i32, &mut m),
                2 if self.mode == Mode::Tactics && libs <= 2 => {
                    self.add_chain_libs(d, h, 150, &mut m)
                }
                // a race: an attacker chain about as short of liberties as the target
                n if wide && n as usize <= libs + 1 => {
                    self.add_chain_libs(d, h, 60, &mut m);
                    self.add_approaches(d, h, APPROACH, &mut m);
                }
                // a race counted as races are: the liberties the target shares with the
                // attacker chain count for neither (filling one puts the filler in atari
                // first), so a chain with more liberties may still be short of outside ones
                n if wide
                    && n as usize <= 2 * libs + 1 + unfillable
                    && self.outside_libs(d, h) <= libs + 1 + unfillable =>
                {
                    self.add_chain_libs(d, h, 50, &mut m);
                    self.add_approaches(d, h, APPROACH, &mut m);
                }
                _ => {}
            }
            if wide && d <= 1 && libs <= 3 {
                // at the defender's first move (the root of a defence, or the answer to the
                // attacker's first move), when the target has three liberties or fewer: its
                // other chains of two liberties or fewer next to this attacker chain are
                // strengthened, which keeps the pressure on it (with any number of liberties of
                // the target: the same answers on GNU Go's suite, and dearer; only the chains in
                // atari: one right answer fewer)
                self.add_pressing_libs(d, h, 2, 38, &mut m);
            }
        }
        for &p in lp {
            let p = p as usize;
            m.add(p, 200 + 20 * b.empty_nbrs(p) as i32);
        }
        if wide && libs <= 2 {
            // an own chain in atari next to an attacker chain around the target (next to it
            // or to a liberty): saving it keeps that attacker chain short of liberties (its
            // capture would give them back)
            let mut walls = heads;
            let mut nw = nh;
            for &l in lp {
                for n in b.nbrs(l as usize) {
                    let h = b.head_at(n) as u16;
                    if b.cell(n) == self.att && nw < walls.len() && !walls[..nw].contains(&h) {
                        walls[nw] = h;
                        nw += 1;
                    }
                }
            }
            for (i, &h) in walls[..nw].iter().enumerate() {
                if i >= nh && b.libs_at(h as usize) as usize <= libs + 1 {
                    // a wall chain next to a liberty about as short of liberties as the
                    // target: taking its liberties is a race the target may win
                    self.add_chain_libs(d, h as usize, 40, &mut m);
                }
                for s in b.chain_stones_at(h as usize) {
                    for n in b.nbrs(s) {
                        if b.cell(n) == self.def
                            && b.libs_at(n) == 1
                            && b.head_at(n) != b.head_at(self.target)
                        {
                            self.add_own_saves(d, b.head_at(n), &mut m);
                        }
                    }
                }
            }
        }
        if wide && libs == 3 {
            // the points where the attacker would net a chain of three liberties: taken
            // first, they keep the net off; then any point next to a liberty (a chain of
            // three liberties gains room by reaching one step further, or takes the point
            // the attacker would block it from)
            self.add_nets(d, lp, 25, &mut m);
            self.add_next_to_libs(d, lp, 10, &mut m);
        }
        if wide && libs == 2 {
            self.add_next_to_libs(d, lp, 30, &mut m);
        }
        if wide && libs <= 3 {
            // own chains the target could connect to through a liberty: strengthen them (when
            // short of liberties), or capture or put in atari an attacker chain next to them
            // (the target then connects by capturing it, as at a liberty of the wall around it);
            // at the defender's first move (the root of a defence, or the answer to the
            // attacker's first move) also shorten an attacker chain of three liberties next to
            // such a chain of two or fewer (a race that chain would lose, and the connection
            // with it; deeper in the line these moves gave the defender false escapes in random
            // positions more often than they found real ones)
            for &l in lp {
                for n in b.nbrs(l as usize) {
                    if b.cell(n) != self.def || b.head_at(n) == b.head_at(self.target) {
                        continue;
                    }
                    let short = b.libs_at(n);
                    if short <= 3 {
                        self.add_chain_libs(d, b.head_at(n), 40, &mut m);
                        // at the defender's first move, the points where the attacker would
                        // backfill that chain's liberties (it takes them first)
                        if d <= 1 {
                            self.add_chain_backfills(d, b.head_at(n), lp, 32, &mut m);
                        }
                    }
                    for s in b.chain_stones_at(n) {
                        for e in b.nbrs(s) {
                            if b.cell(e) == self.att {
                                match b.libs_at(e) {
                                    1 => self.add_chain_libs(d, b.head_at(e), 45, &mut m),
                                    2 => self.add_chain_libs(d, b.head_at(e), 35, &mut m),
                                    3 if d <= 1 && short <= 2 => {
                                        self.add_chain_libs(d, b.head_at(e), 30, &mut m)
                                    }
                                    _ => {}
                                }
                            }
                        }
                    }
                }
            }
        }
        m.sort();
        if self.mode == Mode::Tactics {
            // the pass goes last whatever the scores
            if m.n == MAX_MOVES {
                m.n -= 1;
            }
            m.pts[m.n] = 0;
            m.n += 1;
        }
        m
    }

    /// The attacker to move on board `d`.
    fn attack(&mut self, d: usize, flags: u8) -> Res {
        self.nodes += 1;
        self.narrowed |= d >= self.cfg.wide_depth;
        let b = &self.boards[d];
        let t = self.target;
        if b.cell(t) != self.def {
            return (CAPTURED, 0, true);
        }
        let libs = b.libs_at(t) as usize;
        if libs >= self.safe(d) && !self.read_anyway(d, libs) {
            return (ESCAPED, 0, true);
        }
        let mut snapback = 0;
        if libs == 1 {
            let lib = self.first_lib(d);
            let in_ko = self.defender_may_retake(flags) && b.captures_in_ko(lib, self.att);
            if !b.is_ko_retake(lib, self.att) && !in_ko {
                if !self.proper_snapback(d, lib) {
                    return (CAPTURED, lib, true);
                }
                // the capture is no success: the defender takes back more than it lost
                snapback = lib;
            }
            // a capture the defender can answer by retaking the ko is read with the other
            // moves: one of them may capture the chain outright
        }
        if self.cut(d) {
            return (ESCAPED, 0, false);
        }
        let key = self.key(d, true, flags);
        if let Some((v, mv)) = self.table.get(key) {
            return (v, mv, true);
        }
        let moves = self.attacker_moves(d, libs);
        let (mut best, mut best_mv, mut proven) = (ESCAPED, 0usize, true);
        for i in 0..moves.n {
            let p = moves.pts[i] as usize;
            let b = &self.boards[d];
            if b.cell(p) != EMPTY || b.is_suicide_pos(p, self.att) || p == snapback {
                continue;
            }
            let retake = b.is_ko_retake(p, self.att);
            if retake && !self.attacker_may_retake(d, flags) {
                continue;
            }
            let (v, pr) = if !retake && self.safe_after_attack(d, p, libs) {
                // the defender's node would find the target safe by its liberties at once
                self.nodes += 1;
                (ESCAPED, true)
            } else {
                self.boards.play(d, p, self.att, retake);
                let f = flags + if retake { ATT_RETAKE } else { 0 };
                let (v, _, pr) = self.defend(d + 1, f);
                (if retake { v.min(KO_THREAT) } else { v }, pr)
            };
            proven &= pr;
            if v > best {
                best = v;
                best_mv = p;
            }
            if v == CAPTURED && pr {
                self.table.put(key, CAPTURED, p);
                return (CAPTURED, p, true);
            }
        }
        if self.mode == Mode::Tactics
            && d < LEAVE_KO_DEPTH
            && flags & DEF_RETOOK != 0
            && self.false_eye_ko(d)
        {
            // the defender has just retaken a ko (after a threat, its one retake in the
            // line) on a false eye: the attacker may leave the ko alone, and the defender
            // must then resolve it by connecting, which leaves the target in atari
            self.boards.pass(d);
            let (v, _, pr) = self.defend(d + 1, flags);
            proven &= pr;
            if v > best {
                best = v;
                best_mv = 0;
            }
            if v == CAPTURED && pr {
                self.table.put(key, CAPTURED, 0);
                return (CAPTURED, 0, true);
            }
        }
        if proven {
            self.table.put(key, best, best_mv);
        }
        (best, best_mv, proven)
    }

    /// Whether the attacker's capture of the target at its one liberty `lib` on board `d` is
    /// a proper snapback, which GNU Go's reader counts as no capture: the target is one stone,
    /// the capturing chain of two stones or more is left with the target's point as its only
    /// liberty, and the defender's stone retaking there has two liberties or more (it keeps
    /// what it captures). Boards `d + 1` and `d + 2` are used to play it out (a move not next
    /// to an empty point but the target's is checked first).
    fn proper_snapback(&mut self, d: usize, lib: usize) -> bool {
        let b = &self.boards[d];
        let t = self.target;
        if b.chain_size_at(t) != 1
            || b.empty_nbrs(lib) != 0
            || !b.nbrs(lib).iter().any(|&n| b.cell(n) == self.att)
        {
            return false;
        }
        let c = self.boards.play(d, lib, self.att, false);
        if c.cell(t) != EMPTY || c.libs_at(lib) != 1 || c.chain_size_at(lib) < 2 {
            return false;
        }
        self.boards.play(d + 1, t, self.def, false).libs_at(t) > 1
    }

    /// Whether board `d` has a ko point barred to the attacker, next to the target, where the
    /// defender's connecting stone would leave the target one liberty (or none): a ko on a
    /// false eye, which the defender cannot resolve.
    fn false_eye_ko(&self, d: usize) -> bool {
        let b = &self.boards[d];
        let (ko, ko_color) = b.ko_state();
        let k = ko as usize;
        if ko == 0 || ko_color != self.att || b.cell(k) != EMPTY {
            return false;
        }
        let th = b.head_at(self.target);
        b.nbrs(k)
            .iter()
            .any(|&n| b.cell(n) == self.def && b.head_at(n) == th)
            && Self::libs_after(b, k, self.def) <= 1
    }

    /// The defender to move on board `d`.
    fn defend(&mut self, d: usize, flags: u8) -> Res {
        self.nodes += 1;
        self.narrowed |= d >= self.cfg.wide_depth;
        let b = &self.boards[d];
        let t = self.target;
        if b.cell(t) != self.def {
            // a one-stone chain just taken in a ko that the defender may still retake (after a
            // threat) is captured only if the attacker wins the ko
            let (ko, ko_color) = b.ko_state();
            if ko as usize == t && ko_color == self.def && self.defender_may_retake(flags) {
                return (KO_FIRST, 0, true);
            }
            return (CAPTURED, 0, true);
        }
        let libs = b.libs_at(t) as usize;
        if libs >= self.safe(d) && !self.read_anyway(d, libs) {
            return (ESCAPED, 0, true);
        }
        if self.cut(d) {
            return (ESCAPED, 0, false);
        }
        let key = self.key(d, false, flags);
        let excluding = d == 0 && !self.excluded.is_empty();
        if let Some((v, mv)) = self.table.get(key).filter(|_| !excluding) {
            return (v, mv, true);
        }
        let moves = self.defender_moves(d, libs);
        // at the root of a defence, each move is read first with a share of the budget
        // ([`ReadConfig::root_share`]), then all of them again with the whole of it
        let full = self.budget;
        let passes = if d == 0 && self.mode == Mode::Tactics && self.cfg.root_share > 1 {
            2
        } else {
            1
        };
        let mut res = (CAPTURED, 0usize, true);
        for pass in 0..passes {
            let (mut best, mut best_mv, mut proven, mut any) = (CAPTURED, 0usize, true, false);
            for i in 0..moves.n {
                self.budget = if pass + 1 < passes {
                    full.min(self.nodes + full / self.cfg.root_share.max(1))
                } else {
                    full
                };
                let p = moves.pts[i] as usize;
                if excluding && self.excluded.contains(&p) {
                    continue;
                }
                if d == 0 {
                    // what [`Searcher::narrowed`] tells of a defence found is of its move
                    self.narrowed = false;
                }
                let (v, pr) = if p == 0 {
                    self.boards.pass(d);
                    let (v, _, pr) = self.attack(d + 1, flags);
                    (v, pr)
                } else {
                    let b = &self.boards[d];
                    if b.cell(p) != EMPTY || b.is_suicide_pos(p, self.def) {
                        continue;
                    }
                    let retake = b.is_ko_retake(p, self.def);
                    if retake && !self.defender_may_retake(flags) {
                        continue;
                    }
                    if !retake && self.safe_after_defence(d, p) {
                        // the attacker's node would find the target safe by its liberties
                        self.nodes += 1;
                        (ESCAPED, true)
                    } else if !retake && self.atari_after_defence(d, p) {
                        // the attacker's node would capture the target at once
                        self.nodes += 1;
                        (CAPTURED, true)
                    } else {
                        self.boards.play(d, p, self.def, retake);
                        let f = flags | if retake { DEF_RETOOK } else { 0 };
                        let (v, _, pr) = self.attack(d + 1, f);
                        (if retake { v.max(KO_FIRST) } else { v }, pr)
                    }
                };
                proven &= pr;
                if !any || v < best {
                    best = v;
                    best_mv = p;
                    any = true;
                }
                if v == ESCAPED && pr {
                    self.budget = full;
                    if !excluding {
                        self.table.put(key, ESCAPED, p);
                    }
                    return (ESCAPED, p, true);
                }
            }
            res = (best, best_mv, proven);
        }
        self.budget = full;
        let (best, best_mv, proven) = res;
        if proven && !excluding {
            self.table.put(key, best, best_mv);
        }
        (best, best_mv, proven)
    }

    /// The principal variation from the root, replayed through the table: `first` (the
    /// root's move), then each position's stored best move, until the target is captured or
    /// the table has nothing (at most 80 moves).
    pub(super) fn principal_variation(
        &self,
        attacker: bool,
        value: u8,
        first: usize,
    ) -> Vec<(Color, Move)> {
        let mut pv = Vec::new();
        let failed = if attacker {
            value == ESCAPED
        } else {
            value == CAPTURED
        };
        if failed {
            return pv;
        }
        let mut b = self.boards[0].clone();
        let mut side = attacker;
        let att = Color::from_digit(self.att).unwrap_or(Color::Black);
        for step in 0..80 {
            if b.cell(self.target) != self.def {
                break;
            }
            let mv = if step == 0 {
                first
            } else if side && b.libs_at(self.target) == 1 {
                self.first_lib_of(&b)
            } else {
                match self.table.get(self.key_of(&b, side, 0, self.wide(step))) {
                    Some((_, mv)) => mv,
                    None => break,
                }
            };
            let (c, color) = if side {
                (self.att, att)
            } else {
                (self.def, att.opponent())
            };
            if mv == 0 {
                if side {
                    break;
                }
                b.pass();
                pv.push((color, Move::Pass));
            } else {
                if b.cell(mv) != EMPTY || b.is_ko_retake(mv, c) || b.is_suicide_pos(mv, c) {
                    break;
                }
                b.play_pos(mv, c);
                pv.push((color, Move::Play(b.point(mv))));
            }
            side = !side;
        }
        pv
    }
}
