//! Capturing races: a minimax search over two chains of opposite colours, on the stack of
//! board copies and the transposition table of the tactical search. Values are from the side
//! of chain `a`: 4 `b` captured, 3 `b` captured by a ko, 2 both stand (seki), 1 `a` captured by
//! a ko, 0 `a` captured. See [`super::Reader::semeai`] for the model.

use super::boards::Boards;
use super::table::Table;
use super::ReadConfig;
use crate::board::EMPTY;
use crate::Board;

/// The most candidate moves one node keeps.
const MAX_MOVES: usize = 40;

/// A node's result: value, best move (padded index, 0 for a pass), proven.
pub(super) type Res = (u8, usize, bool);

/// The flag bits of a line: `a` has retaken a ko after a threat, `b` has, the last move was
/// a pass.
const A_RETOOK: u8 = 1;
const B_RETOOK: u8 = 2;
const PASSED: u8 = 4;

/// One race's search.
pub(super) struct Race<'a> {
    cfg: &'a ReadConfig,
    table: &'a mut Table,
    boards: &'a mut Boards,
    /// The two targets (padded indices of a stone of each) and their colour digits.
    t: [usize; 2],
    c: [u8; 2],
    budget: u64,
    nodes: u64,
    /// The board hashes of the current line, the root first: a move that repeats one is
    /// not read (as under positional superko).
    path: Vec<u64>,
}

/// The SplitMix64 finaliser.
#[inline]
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Candidate moves with ordering scores (0 is a pass).
struct Moves {
    pts: [u16; MAX_MOVES],
    score: [i32; MAX_MOVES],
    n: usize,
}

impl Moves {
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

impl<'a> Race<'a> {
    /// A race between the chains through `a` and `b` (stones of colours `ca` and `cb`).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        cfg: &'a ReadConfig,
        table: &'a mut Table,
        boards: &'a mut Boards,
        root: &Board,
        a: usize,
        b: usize,
        budget: u64,
    ) -> Race<'a> {
        boards.set_root(root);
        let c = [root.cell(a), root.cell(b)];
        Race {
            cfg,
            table,
            boards,
            t: [a, b],
            c,
            budget,
            nodes: 0,
            path: Vec::new(),
        }
    }

    /// Nodes visited so far.
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The search from the root with `a` to move (`side` 0) or `b` (`side` 1).
    pub(super) fn root(&mut self, side: usize) -> Res {
        self.node(0, side, 0)
    }

    fn key(&self, d: usize, side: usize, flags: u8) -> u64 {
        let b = &self.boards[d];
        let (ko, kc) = b.ko_state();
        let extra = (self.t[0] as u64)
            | (self.t[1] as u64) << 16
            | (ko as u64) << 32
            | (kc as u64) << 48
            | (side as u64) << 50
            | (flags as u64) << 51
            | 0x5E_u64 << 56;
        b.hash() ^ mix(extra)
    }

    /// Add the liberties of the chain through `h` on board `d` with `score`.
    fn add_libs(&self, d: usize, h: usize, score: i32, m: &mut Moves) {
        let b = &self.boards[d];
        for s in b.chain_stones_at(h) {
            for n in b.nbrs(s) {
                if b.cell(n) == EMPTY {
                    m.add(n, score);
                }
            }
        }
    }

    /// The first liberty of the chain through `p` (0 when none).
    fn first_lib(b: &Board, p: usize) -> usize {
        for s in b.chain_stones_at(p) {
            for n in b.nbrs(s) {
                if b.cell(n) == EMPTY {
                    return n;
                }
            }
        }
        0
    }

    /// The candidates of the side `side` on board `d`: the opponent target's liberties (to
    /// fill), its own target's liberties (to extend), the liberties of chains next to either
    /// target that are short of liberties (captures and rescues), and a pass last.
    fn moves(&self, d: usize, side: usize) -> Moves {
        let b = &self.boards[d];
        let mut m = Moves {
            pts: [0; MAX_MOVES],
            score: [0; MAX_MOVES],
            n: 0,
        };
        let (own, opp) = (self.t[side], self.t[1 - side]);
        let own_libs = b.libs_at(own) as i32;
        for s in b.chain_stones_at(opp) {
            for n in b.nbrs(s) {
                if b.cell(n) == EMPTY {
                    // filling: prefer points that do not take the mover's own liberties
                    m.add(n, 300 + 10 * b.empty_nbrs(n) as i32);
                }
            }
        }
        for s in b.chain_stones_at(own) {
            for n in b.nbrs(s) {
                // extending: only where the new stone touches two empty points (filling a
                // dead end of its own eye or liberties only shortens the chain)
                if b.cell(n) == EMPTY && b.empty_nbrs(n) >= 2 {
                    m.add(n, 100 + 20 * b.empty_nbrs(n) as i32);
                }
            }
        }
        // a chain next to a target with two liberties is read when the race is that short
        let limit = own_libs.min(b.libs_at(opp) as i32) + 1;
        for (k, &t) in self.t.iter().enumerate() {
            let other = self.c[1 - k];
            for s in b.chain_stones_at(t) {
                for n in b.nbrs(s) {
                    if b.cell(n) == other && b.head_at(n) != b.head_at(self.t[1 - k]) {
                        let l = b.libs_at(n) as i32;
                        if l == 1 {
                            self.add_libs(d, n, 1000 + b.chain_size_at(n) as i32, &mut m);
                        } else if l == 2 && limit >= 2 {
                            self.add_libs(d, n, 60, &mut m);
                        }
                    }
                }
            }
        }
        m.sort();
        if m.n == MAX_MOVES {
            m.n -= 1;
        }
        m.pts[m.n] = 0;
        m.n += 1;
        m
    }

    /// `side` (0 for `a`, 1 for `b`) to move on board `d`.
    fn node(&mut self, d: usize, side: usize, flags: u8) -> Res {
        self.nodes += 1;
        let b = &self.boards[d];
        if b.cell(self.t[0]) != self.c[0] {
            return (0, 0, true);
        }
        if b.cell(self.t[1]) != self.c[1] {
            return (4, 0, true);
        }
        let (opp, me) = (self.t[1 - side], self.c[side]);
        let win = if side == 0 { 4 } else { 0 };
        if b.libs_at(opp) == 1 {
            let lib = Race::first_lib(b, opp);
            if !b.is_ko_retake(lib, me) {
                return (win, lib, true);
            }
        }
        if self.nodes >= self.budget || d + 1 >= self.cfg.max_depth {
            return (2, 0, false);
        }
        let key = self.key(d, side, flags);
        if let Some((v, mv)) = self.table.get(key) {
            return (v, mv, true);
        }
        let moves = self.moves(d, side);
        self.path.truncate(d);
        let h = self.boards[d].hash();
        self.path.push(h);
        let retook = if side == 0 { A_RETOOK } else { B_RETOOK };
        let mut best: Option<Res> = None;
        let mut proven = true;
        for i in 0..moves.n {
            let p = moves.pts[i] as usize;
            let (v, pr) = if p == 0 {
                if flags & PASSED != 0 {
                    // both passed: neither can take the other
                    (2, true)
                } else {
                    self.boards.pass(d);
                    let (v, _, pr) = self.node(d + 1, 1 - side, flags | PASSED);
                    (v, pr)
                }
            } else {
                let b = &self.boards[d];
                if b.cell(p) != EMPTY || b.is_suicide_pos(p, me) {
                    continue;
                }
                let retake = b.is_ko_retake(p, me);
                if retake && flags & retook != 0 {
                    continue;
                }
                let h = self.boards.play(d, p, me, retake).hash();
                if self.path[..d].contains(&h) {
                    continue;
                }
                let f = (flags & !PASSED) | if retake { retook } else { 0 };
                let (mut v, _, pr) = self.node(d + 1, 1 - side, f);
                if retake {
                    // a win that needed a ko threat is a win by ko
                    v = if side == 0 { v.min(3) } else { v.max(1) };
                }
                (v, pr)
            };
            proven &= pr;
            let better = match best {
                None => true,
                Some((bv, _, _)) => {
                    if side == 0 {
                        v > bv
                    } else {
                        v < bv
                    }
                }
            };
            if better {
                best = Some((v, p, pr));
            }
            if v == win && pr {
                self.table.put(key, v, p);
                return (v, p, true);
            }
        }
        let (v, mv, _) = best.unwrap_or((2, 0, true));
        if proven {
            self.table.put(key, v, mv);
        }
        (v, mv, proven)
    }
}
