//! Life and death in an enclosed region by depth-first proof-number search (df-pn, Nagai's
//! formulation of Allis's proof-number search, as Kishimoto and Müller use it for enclosed
//! tsumego). The attacker is the OR player: a proof is a capture of the target chain, a
//! disproof its survival. Numbers are kept as (phi, delta) from the side to move: phi is the
//! mover's proof number, delta its disproof number; a node's phi is the least delta of its
//! children and its delta the sum of their phis. See [`super::Reader::life_and_death`] for the
//! model and the handling of ko and of the graph-history problem.

use super::boards::Boards;
use crate::board::{EMPTY, WALL};
use crate::Board;

/// "Infinite" proof and disproof numbers.
pub(super) const INF: u32 = u32::MAX;

/// The most points a region may have.
pub(super) const MAX_REGION: usize = 60;

/// The most liberties of the target outside the region read as moves (a chain with more
/// has room enough to be counted out of the region's fight).
const MAX_OUTSIDE: usize = 4;

/// The most children of a node: the region's points, the target's outside liberties, a pass.
const MAX_KIDS: usize = MAX_REGION + MAX_OUTSIDE + 1;

/// The most eyes [`Dfpn::eye_halves`] counts, in halves: two eyes.
const MAX_EYE_HALVES: u32 = 4;

/// The most defender chains the static life test follows.
const MAX_CHAINS: usize = 32;

/// Line flags: the attacker has retaken a ko after a threat, the defender has, the last move
/// was a pass.
const ATT_RETOOK: u8 = 1;
const DEF_RETOOK: u8 = 2;
const PASSED: u8 = 4;

/// What the defender must reach to win a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    /// The target still stands when both pass (life or seki).
    Survive,
    /// The target is alive by itself: pass-alive within the region (Benson's test).
    Live,
}

/// One slot of the table: (phi, delta) of a position from its mover, and the best move.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    phi: u32,
    delta: u32,
    mv: u16,
    used: bool,
}

/// The df-pn table: two slots a bucket, solved entries kept before unsolved ones. Each
/// question salts the keys with its own number, so a new question needs no clearing: what
/// earlier ones left is never found again and is overwritten as the slots are needed.
pub(super) struct DfpnTable {
    entries: Box<[Entry]>,
    mask: usize,
    question: u64,
    salt: u64,
}

impl DfpnTable {
    /// A table of `2^bits` entries (`bits` clamped to 4..=24).
    pub(super) fn new(bits: u32) -> DfpnTable {
        let n = 1usize << bits.clamp(4, 24);
        DfpnTable {
            entries: vec![Entry::default(); n].into_boxed_slice(),
            mask: n - 2,
            question: 0,
            salt: mix(0),
        }
    }

    /// Start a new question: nothing stored before is found again.
    pub(super) fn next_question(&mut self) {
        self.question += 1;
        self.salt = mix(self.question ^ 0x7AB1_E5A1_7000_0000);
    }

    fn get(&self, key: u64) -> Option<(u32, u32, usize)> {
        let key = key ^ self.salt;
        let i = key as usize & self.mask;
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.used && e.key == key)
            .map(|e| (e.phi, e.delta, e.mv as usize))
    }

    fn put(&mut self, key: u64, phi: u32, delta: u32, mv: usize) {
        let key = key ^ self.salt;
        let i = key as usize & self.mask;
        let solved = |e: &Entry| e.phi == 0 || e.delta == 0;
        let slot = if self.entries[i].key == key || !self.entries[i].used {
            i
        } else if self.entries[i + 1].key == key || !self.entries[i + 1].used {
            i + 1
        } else if !solved(&self.entries[i]) {
            i
        } else {
            i + 1
        };
        self.entries[slot] = Entry {
            key,
            phi,
            delta,
            mv: mv as u16,
            used: true,
        };
    }
}

/// The SplitMix64 finaliser.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The next flood-fill mark of `generation` for the marks `mark` (cleared when the count
/// wraps, so that no stale mark equals the new one).
fn next_generation(generation: &mut u32, mark: &mut [u32]) -> u32 {
    *generation = generation.wrapping_add(1);
    if *generation == 0 {
        mark.fill(0);
        *generation = 1;
    }
    *generation
}

/// A child of a node: its move (0 a pass), key, line flags, and its (phi, delta) when it is
/// decided without search.
#[derive(Clone, Copy, Default)]
struct Kid {
    p: u16,
    flags: u8,
    key: u64,
    fixed: Option<(u32, u32)>,
    /// The (phi, delta) it starts from before it is searched (an estimate: it orders the
    /// search only, never decides it).
    init: (u32, u32),
}

/// The fixed (phi, delta) of a position won by its mover, and lost.
const WON: (u32, u32) = (0, INF);
const LOST: (u32, u32) = (INF, 0);

/// One question's search.
pub(super) struct Dfpn<'a> {
    boards: &'a mut Boards,
    table: &'a mut DfpnTable,
    /// The region's points (padded indices) and a membership map over padded indices.
    region: &'a [u16],
    in_region: &'a [bool],
    /// One stone of each attacker chain next to the region: a capture of one is an escape
    /// (none in a game's position, where such captures are lunches: [`super::Reader::owl`]).
    boundary: &'a [u16],
    target: usize,
    /// An open region: moves are read near the target chain only (its liberties and their
    /// neighbours), as an open fight is decided there.
    near_only: bool,
    att: u8,
    def: u8,
    goal: Goal,
    /// Who may retake a ko after a threat: bit 0 the attacker, bit 1 the defender.
    threats: u8,
    budget: u64,
    nodes: u64,
    max_depth: usize,
    /// The keys of the current line, for repetitions.
    path: Vec<u64>,
    /// A repetition was not read, or a line was cut at the depth limit: a survival found may
    /// rest on it.
    tainted: bool,
    /// Flood-fill marks for the static life test.
    mark: Vec<u32>,
    generation: u32,
}

impl<'a> Dfpn<'a> {
    /// A search about the chain through `target` (colour digit `def`) within `region`.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        boards: &'a mut Boards,
        table: &'a mut DfpnTable,
        root: &Board,
        region: &'a [u16],
        in_region: &'a [bool],
        boundary: &'a [u16],
        target: usize,
        near_only: bool,
        goal: Goal,
        threats: u8,
        budget: u64,
        max_depth: usize,
    ) -> Dfpn<'a> {
        boards.set_root(root);
        let def = root.cell(target);
        Dfpn {
            boards,
            table,
            region,
            in_region,
            boundary,
            target,
            near_only,
            att: def ^ 3,
            def,
            goal,
            threats,
            budget,
            nodes: 0,
            max_depth: max_depth.max(2),
            path: Vec::with_capacity(max_depth),
            tainted: false,
            mark: vec![0; root.padded_len()],
            generation: 0,
        }
    }

    /// Nodes expanded so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Whether a repetition or the depth limit touched the search.
    pub(super) fn tainted(&self) -> bool {
        self.tainted
    }

    /// Solve from the root with the attacker (`attacker` true) or the defender to move.
    /// Returns whether the attacker captures (`Some(true)`), the defender survives
    /// (`Some(false)`) or the budget ran out (`None`), and the mover's best move.
    pub(super) fn solve(&mut self, attacker: bool) -> (Option<bool>, usize) {
        let side = if attacker { self.att } else { self.def };
        if let Some((phi, delta)) = self.fixed(0, side, 0) {
            let mover_wins = phi == 0 && delta == INF;
            return (Some(mover_wins == attacker), 0);
        }
        let (phi, delta, mv) = self.mid(0, side, 0, INF, INF);
        let mover_wins = match (phi, delta) {
            (0, _) => Some(true),
            (_, 0) => Some(false),
            _ => None,
        };
        (mover_wins.map(|w| w == attacker), mv)
    }

    fn key(&self, b: &Board, side: u8, flags: u8) -> u64 {
        let (ko, kc) = b.ko_state();
        let extra = (ko as u64)
            | (kc as u64) << 16
            | (side as u64) << 18
            | (flags as u64) << 20
            | ((self.goal == Goal::Live) as u64) << 24
            | (self.threats as u64) << 25
            | (self.target as u64) << 32
            | 0xDF_u64 << 56;
        b.hash() ^ mix(extra)
    }

    /// The (phi, delta) of board `d` with `side` to move when it is decided without search:
    /// the target captured, escaped (a surrounding stone captured) or alive by itself.
    fn fixed(&mut self, d: usize, side: u8, _flags: u8) -> Option<(u32, u32)> {
        let b = &self.boards[d];
        let attacker_won = b.cell(self.target) != self.def;
        let escaped = !attacker_won
            && (self
                .boundary
                .iter()
                .any(|&s| b.cell(s as usize) != self.att)
                || (b.libs_at(self.target) >= 3 && self.runs_out(b)));
        let defender_won = !attacker_won && (escaped || self.alive(d));
        if attacker_won || defender_won {
            let mover_won = attacker_won == (side == self.att);
            Some(if mover_won { WON } else { LOST })
        } else {
            None
        }
    }

    /// Whether the target's chain on `b` has a liberty outside the region: with three
    /// liberties or more, an open region's group that has run out (the attacker plays inside
    /// the region and on the target's own liberties only, so a chain short of liberties is
    /// chased on beyond it).
    fn runs_out(&self, b: &Board) -> bool {
        let (out, n) = self.outside_libs(b);
        out[..n].iter().any(|&q| self.open(b, q as usize))
    }

    /// The target chain's liberties outside the region on `b` (up to [`MAX_OUTSIDE`]) and
    /// their number.
    fn outside_libs(&self, b: &Board) -> ([u16; MAX_OUTSIDE], usize) {
        let mut out = [0u16; MAX_OUTSIDE];
        let mut n = 0;
        for s in b.chain_stones_at(self.target) {
            for q in b.nbrs(s) {
                if n < MAX_OUTSIDE
                    && b.cell(q) == EMPTY
                    && !self.in_region[q]
                    && !out[..n].contains(&(q as u16))
                {
                    out[n] = q as u16;
                    n += 1;
                }
            }
        }
        (out, n)
    }

    /// Whether the empty point `p` on `b` is where an open fight about the target is: a
    /// liberty of the target chain or next to one, or a liberty of a chain of either colour
    /// short of liberties (two or fewer: a capture, an escape from atari, a ladder).
    fn near(&self, b: &Board, p: usize) -> bool {
        let th = b.head_at(self.target);
        let on_target = |n: usize| b.cell(n) == self.def && b.head_at(n) == th;
        b.nbrs(p).iter().any(|&n| {
            let v = b.cell(n);
            on_target(n)
                || (v == EMPTY && b.nbrs(n).iter().any(|&m| on_target(m)))
                || ((v == self.att || v == self.def) && b.libs_at(n) <= 2)
        })
    }

    /// Whether no attacker stone is within two steps of the point `p` on `b`: open space.
    fn open(&self, b: &Board, p: usize) -> bool {
        b.nbrs(p).iter().all(|&n| {
            let v = b.cell(n);
            v == WALL || (v != self.att && b.nbrs(n).iter().all(|&m| b.cell(m) != self.att))
        })
    }

    /// Play the move of `kid` from board `d` on board `d + 1` (`side` moving).
    fn play_kid(&mut self, d: usize, side: u8, p: usize, retake: bool) {
        if p == 0 {
            self.boards.pass(d);
        } else {
            self.boards.play(d, p, side, retake);
        }
    }

    /// The children of board `d` with `side` to move, into `kids`; their number.
    fn expand(&mut self, d: usize, side: u8, flags: u8, kids: &mut [Kid; MAX_KIDS]) -> usize {
        let mut n = 0;
        let retook = if side == self.att {
            ATT_RETOOK
        } else {
            DEF_RETOOK
        };
        let may_retake = self.threats & if side == self.att { 1 } else { 2 } != 0;
        let next = side ^ 3;
        // the target's liberties outside the region (a chase beyond it: a ladder or a crawl
        // is read to its end)
        let b = &self.boards[d];
        let (outside, n_out) = if b.cell(self.target) == self.def {
            self.outside_libs(b)
        } else {
            ([0; MAX_OUTSIDE], 0)
        };
        let r = self.region.len();
        for i in 0..=r + n_out {
            let p = if i < r {
                self.region[i] as usize
            } else if i < r + n_out {
                outside[i - r] as usize
            } else {
                0
            };
            let mut f = flags & !PASSED;
            if p == 0 {
                if flags & PASSED != 0 {
                    // two passes: the line ends with the target standing
                    let defender_won = self.goal == Goal::Survive;
                    let mover_won = defender_won == (side == self.def);
                    // the child's mover is the other side
                    kids[n] = Kid {
                        p: 0,
                        flags,
                        key: 0,
                        fixed: Some(if mover_won { LOST } else { WON }),
                        init: (1, 1),
                    };
                    n += 1;
                    continue;
                }
                f |= PASSED;
                self.play_kid(d, side, 0, false);
            } else {
                let b = &self.boards[d];
                if b.cell(p) != EMPTY
                    || b.is_suicide_pos(p, side)
                    || (self.near_only && i < r && !self.near(b, p))
                {
                    continue;
                }
                let retake = b.is_ko_retake(p, side);
                if retake {
                    if !may_retake || flags & retook != 0 {
                        continue;
                    }
                    f |= retook;
                }
                self.play_kid(d, side, p, retake);
            }
            let key = self.key(&self.boards[d + 1], next, f);
            if self.path.contains(&key) {
                self.tainted = true;
                continue;
            }
            let fixed = self.fixed(d + 1, next, f);
            let init = if fixed.is_none() {
                self.estimate(d + 1, next)
            } else {
                (1, 1)
            };
            kids[n] = Kid {
                p: p as u16,
                flags: f,
                key,
                fixed,
                init,
            };
            n += 1;
        }
        n
    }

    /// The starting (phi, delta) of board `d` with `side` to move, before it is searched: the
    /// attacker's proof number grows with the target's liberties and the defender's eyes
    /// ([`Dfpn::eye_halves`], a heuristic initialisation as in Kishimoto and Müller's df-pn+),
    /// the defender's shrinks with them. It orders the search (and so picks the key move of
    /// a search cut off by its budget); it never decides a proof. The eyes gave GNU Go 3.8's
    /// `owl_attack` 145 -> 156 right answers of 314 and `owl_defend` 146 -> 148 of 330 (half
    /// 0 of the questions 62 -> 67 and 76 -> 78, half 1 83 -> 89 and 70 -> 70); weighed
    /// twice, 157 and 146.
    fn estimate(&mut self, d: usize, side: u8) -> (u32, u32) {
        let libs = self.boards[d].libs_at(self.target) as u32;
        let eyes = self.eye_halves(d);
        let att_proof = libs.clamp(1, 6) + eyes;
        let def_proof = 6u32.saturating_sub(libs).max(1) + MAX_EYE_HALVES - eyes;
        if side == self.att {
            (att_proof, def_proof)
        } else {
            (def_proof, att_proof)
        }
    }

    /// The defender's eyes on board `d` as a rough count in halves (for [`Dfpn::estimate`]
    /// only, never for a proof): each area of the region's empty points bordered only by
    /// the defender's stones and the board's edge counts two halves when it is one or two
    /// points (none for a point that is a false eye: an attacker stone on two of its
    /// diagonals, or one on the edge), three when three to five, four when more; at most four.
    fn eye_halves(&mut self, d: usize) -> u32 {
        let b = &self.boards[d];
        let g = next_generation(&mut self.generation, &mut self.mark);
        let mut stack = [0u16; MAX_REGION];
        let mut halves = 0;
        for &start in self.region {
            let s = start as usize;
            if b.cell(s) != EMPTY || self.mark[s] == g {
                continue;
            }
            self.mark[s] = g;
            stack[0] = start;
            let (mut top, mut size, mut pure) = (1, 0u32, true);
            while top > 0 {
                top -= 1;
                let q = stack[top] as usize;
                size += 1;
                for nb in b.nbrs(q) {
                    match b.cell(nb) {
                        WALL => {}
                        EMPTY if self.in_region[nb] => {
                            if self.mark[nb] != g && top < MAX_REGION {
                                self.mark[nb] = g;
                                stack[top] = nb as u16;
                                top += 1;
                            }
                        }
                        v if v == self.def => {}
                        _ => pure = false,
                    }
                }
            }
            if !pure {
                continue;
            }
            halves += match size {
                1 => {
                    let edge = b.nbrs(s).iter().any(|&n| b.cell(n) == WALL);
                    let bad = b
                        .diagonals(s)
                        .iter()
                        .filter(|&&n| b.cell(n) == self.att)
                        .count();
                    if bad >= 2 || (edge && bad >= 1) {
                        0
                    } else {
                        2
                    }
                }
                2 => 2,
                3..=5 => 3,
                _ => 4,
            };
        }
        halves.min(MAX_EYE_HALVES)
    }

    /// The (phi, delta) of a child.
    fn value(&self, k: &Kid) -> (u32, u32) {
        match (k.fixed, self.table.get(k.key)) {
            (Some(v), _) if v.0 == 0 || v.1 == 0 => v,
            (_, Some((phi, delta, _))) => (phi, delta),
            (Some(v), None) => v,
            (None, None) => k.init,
        }
    }

    /// Multiple iterative deepening at board `d` (`side` to move) within the thresholds;
    /// returns its (phi, delta) and best move.
    fn mid(
        &mut self,
        d: usize,
        side: u8,
        flags: u8,
        th_phi: u32,
        th_delta: u32,
    ) -> (u32, u32, usize) {
        self.nodes += 1;
        let key = self.key(&self.boards[d], side, flags);
        if d + 2 >= self.max_depth {
            // too deep: counted as a survival (never as a capture), and the answer says so
            self.tainted = true;
            let v = if side == self.def { WON } else { LOST };
            return (v.0, v.1, 0);
        }
        let mut kids = [Kid::default(); MAX_KIDS];
        let n = self.expand(d, side, flags, &mut kids);
        self.path.push(key);
        let (mut phi, mut delta, mut best_mv);
        loop {
            // phi: the least delta of the children; delta: the sum of their phis
            let (mut min_d, mut second_d, mut best) = (INF, INF, usize::MAX);
            let (mut sum, mut any_inf): (u64, bool) = (0, false);
            let mut best_phi = INF;
            for (i, k) in kids[..n].iter().enumerate() {
                let (kp, kd) = self.value(k);
                if kp == INF {
                    any_inf = true;
                } else {
                    sum = (sum + kp as u64).min(INF as u64 - 1);
                }
                if kd < min_d {
                    second_d = min_d;
                    min_d = kd;
                    best = i;
                    best_phi = kp;
                } else if kd < second_d {
                    second_d = kd;
                }
            }
            phi = min_d;
            delta = if any_inf { INF } else { sum as u32 };
            if n == 0 {
                // no move at all (a pass is always there, so this does not happen)
                phi = INF;
                delta = 0;
            }
            best_mv = if best == usize::MAX {
                0
            } else {
                kids[best].p as usize
            };
            if phi >= th_phi
                || delta >= th_delta
                || phi == 0
                || delta == 0
                || self.nodes >= self.budget
            {
                break;
            }
            let k = kids[best];
            let c_phi = (th_delta as u64 + best_phi as u64)
                .saturating_sub(delta as u64)
                .min(INF as u64) as u32;
            let c_delta = th_phi.min(second_d.saturating_add(1));
            let retake = k.flags & !flags & (ATT_RETOOK | DEF_RETOOK) != 0;
            self.play_kid(d, side, k.p as usize, retake);
            let (cp, cd, _) = self.mid(d + 1, side ^ 3, k.flags, c_phi, c_delta);
            // the child stored itself; the node keeps its value too, in case the table
            // lost it
            kids[best].fixed = Some((cp, cd));
        }
        self.path.pop();
        self.table.put(key, phi, delta, best_mv);
        (phi, delta, best_mv)
    }

    /// Whether the target is pass-alive within the region on board `d`: Benson's test with
    /// the small regions taken inside the region (a part touching a point outside it, that
    /// is a surrounding stone, is not enclosed), suicide forbidden.
    fn alive(&mut self, d: usize) -> bool {
        let mut mark = std::mem::take(&mut self.mark);
        let r = self.alive_with(d, &mut mark);
        self.mark = mark;
        r
    }

    /// [`Dfpn::alive`] with the marks taken out of `self`.
    fn alive_with(&mut self, d: usize, mark: &mut [u32]) -> bool {
        let b = &self.boards[d];
        let (def, th) = (self.def, b.head_at(self.target) as u16);
        let mut heads = [0u16; MAX_CHAINS];
        let mut nh = 0;
        for &p in self.region {
            if b.cell(p as usize) == def {
                let h = b.head_at(p as usize) as u16;
                if !heads[..nh].contains(&h) {
                    if nh == MAX_CHAINS {
                        return false;
                    }
                    heads[nh] = h;
                    nh += 1;
                }
            }
        }
        let Some(ti) = heads[..nh].iter().position(|&h| h == th) else {
            return false;
        };
        // the parts: (enclosed, chains bordering it, chains every empty point touches)
        let mut parts = [(false, 0u32, 0u32); MAX_REGION];
        let mut np = 0;
        let g = next_generation(&mut self.generation, mark);
        let mut stack = [0u16; MAX_REGION];
        for &start in self.region {
            let s = start as usize;
            if b.cell(s) == def || mark[s] == g {
                continue;
            }
            let (mut enclosed, mut border, mut vital, mut empties) = (true, 0u32, u32::MAX, 0);
            mark[s] = g;
            stack[0] = start;
            let mut top = 1;
            while top > 0 {
                top -= 1;
                let q = stack[top] as usize;
                let mut touch = 0u32;
                for nb in b.nbrs(q) {
                    let v = b.cell(nb);
                    if v == WALL {
                        continue;
                    }
                    if !self.in_region[nb] {
                        enclosed = false;
                    } else if v == def {
                        let h = b.head_at(nb) as u16;
                        if let Some(i) = heads[..nh].iter().position(|&x| x == h) {
                            touch |= 1 << i;
                        }
                    } else if mark[nb] != g && top < MAX_REGION {
                        mark[nb] = g;
                        stack[top] = nb as u16;
                        top += 1;
                    }
                }
                border |= touch;
                if b.cell(q) == EMPTY {
                    vital &= touch;
                    empties += 1;
                }
            }
            if np < MAX_REGION {
                parts[np] = (enclosed, border, if empties == 0 { 0 } else { vital });
                np += 1;
            }
        }
        let mut standing: u32 = if nh == 32 { u32::MAX } else { (1u32 << nh) - 1 };
        loop {
            let mut next = standing;
            for c in 0..nh {
                if standing & (1 << c) == 0 {
                    continue;
                }
                let eyes = parts[..np]
                    .iter()
                    .filter(|&&(enc, border, vital)| {
                        enc && vital & (1 << c) != 0 && border & !standing == 0
                    })
                    .count();
                if eyes < 2 {
                    next &= !(1 << c);
                }
            }
            if next == standing {
                break;
            }
            standing = next;
        }
        standing & (1 << ti) != 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    /// [`Dfpn::eye_halves`] of the white group through `target` on `rows`, the whole board
    /// the region.
    fn eye_halves(rows: &[&str], target: Point) -> u32 {
        let b = read_board(&rows.join("\n"), InputFormat::Text).unwrap();
        let mut in_region = vec![false; b.padded_len()];
        let mut region = Vec::new();
        for y in 0..b.height() as u8 {
            for x in 0..b.width() as u8 {
                let p = b.checked_pos(Point::new(x, y)).unwrap();
                in_region[p] = true;
                region.push(p as u16);
            }
        }
        let q = b.checked_pos(target).unwrap();
        let mut boards = Boards::default();
        let mut table = DfpnTable::new(8);
        let mut s = Dfpn::new(
            &mut boards,
            &mut table,
            &b,
            &region,
            &in_region,
            &[],
            q,
            false,
            Goal::Survive,
            0,
            1,
            10,
        );
        s.eye_halves(0)
    }

    #[test]
    fn eyes_are_counted_in_halves() {
        // (rows, a stone of the white group, its eyes in halves)
        let cases: [([&str; 4], Point, u32); 6] = [
            // two one-point eyes in the corner: two eyes
            (
                [".O.O.X", "OOOOOX", "XXXXXX", "......"],
                Point::new(1, 0),
                4,
            ),
            // a black stone at (1, 1), a diagonal of both eyes on the edge: two false eyes
            (
                [".O.O.X", "OXOOOX", "XXXXXX", "......"],
                Point::new(1, 0),
                0,
            ),
            // an area of two points, of three, and one touching a black stone (no eye)
            (
                ["..OO.X", "OOOOOX", "XXXXXX", "......"],
                Point::new(1, 1),
                2,
            ),
            (
                ["...O.X", "OOOOOX", "XXXXXX", "......"],
                Point::new(1, 1),
                3,
            ),
            (
                ["..XO.X", "OOOOOX", "XXXXXX", "......"],
                Point::new(1, 1),
                0,
            ),
            // a white group in the open: its empty surroundings reach Black, no eye
            (
                ["......", "..O...", "......", "...X.."],
                Point::new(2, 1),
                0,
            ),
        ];
        for (rows, target, want) in cases {
            assert_eq!(eye_halves(&rows, target), want, "{rows:?}");
        }
    }
}
