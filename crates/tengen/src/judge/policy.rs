//! The judge's playouts: random play with a few tactical rules, played to the end, whose final
//! ownership is averaged (see the module docs of [`crate::judge`]).

use crate::board::{Board, EMPTY, WALL};
use crate::playout::{is_eye, Rng};

/// Largest chain a self-atari may make when it also puts an enemy chain in atari (the filling
/// moves that kill a group with a big eye: the enemy must capture and is left with a dead
/// shape). Bigger chains, and self-ataris that threaten nothing, are never played: that keeps
/// seki and groups with one big eye from dying at random.
const NAKADE_MAX: u32 = 5;

/// Reusable buffers of the judge's playouts.
pub(crate) struct PolicyPlayout {
    board: Board,
    marks: Vec<u32>,
    gen: u32,
    stack: Vec<usize>,
    region: Vec<usize>,
}

/// What playing a point would do to the mover's chain.
struct After {
    /// Liberties of the new chain, counted up to 2.
    libs: u32,
    /// Stones of the new chain (exact only when `libs` < 2).
    size: u32,
    /// Whether the move captures.
    captures: bool,
    /// Whether the move leaves an adjacent enemy chain in atari.
    ataris: bool,
}

impl PolicyPlayout {
    /// Buffers for boards like `start`.
    pub(crate) fn new(start: &Board) -> PolicyPlayout {
        PolicyPlayout {
            board: start.clone(),
            marks: vec![0; start.padded_len()],
            gen: 0,
            stack: Vec::new(),
            region: Vec::new(),
        }
    }

    /// Play one playout from `start` with `first` (colour digit) to move and add its final
    /// ownership to `own` (padded indices: +1 black, -1 white, 0 nobody).
    pub(crate) fn run(&mut self, start: &Board, first: u8, rng: &mut Rng, own: &mut [i32]) {
        self.board.copy_from(start);
        let max_moves = 2 * start.empty_count() as u32 + 60;
        let mut color = first;
        let mut passes = 0;
        let mut last = 0usize;
        let mut moves = 0;
        while passes < 2 && moves < max_moves {
            match self.choose(color, last, rng) {
                Some(p) => {
                    self.board.play_pos(p, color);
                    last = p;
                    passes = 0;
                }
                None => {
                    self.board.pass();
                    last = 0;
                    passes += 1;
                }
            }
            moves += 1;
            color ^= 3;
        }
        self.add_ownership(own);
    }

    /// Keep in `capture` (stones, liberty) the capture of the chain in atari on `m` when it is
    /// bigger than the one kept.
    fn consider(&self, m: usize, capture: &mut Option<(usize, usize)>) {
        let size = self.board.chain_size_at(m);
        if capture.is_none_or(|(s, _)| size > s) {
            if let Some(l) = self.a_liberty(m) {
                *capture = Some((size, l));
            }
        }
    }

    fn legal(&self, p: usize, c: u8) -> bool {
        self.board.cell(p) == EMPTY
            && !self.board.is_ko_retake(p, c)
            && !self.board.is_suicide_pos(p, c)
    }

    /// A liberty of the chain through `p`.
    fn a_liberty(&self, p: usize) -> Option<usize> {
        let b = &self.board;
        b.chain_stones_at(p)
            .flat_map(|s| b.nbrs(s))
            .find(|&n| b.cell(n) == EMPTY)
    }

    fn after(&self, p: usize, c: u8) -> After {
        let b = &self.board;
        let mut libs = [0usize; 2];
        let mut n_libs = 0usize;
        let add = |q: usize, libs: &mut [usize; 2], n: &mut usize| {
            if q != p && *n < 2 && !libs[..*n].contains(&q) {
                libs[*n] = q;
                *n += 1;
            }
        };
        let mut out = After {
            libs: 0,
            size: 1,
            captures: false,
            ataris: false,
        };
        let mut heads = [0usize; 4];
        let mut n_heads = 0;
        for n in b.nbrs(p) {
            let v = b.cell(n);
            if v == EMPTY {
                add(n, &mut libs, &mut n_libs);
            } else if v == c ^ 3 {
                let l = b.libs_at(n);
                out.captures |= l == 1;
                out.ataris |= l == 2;
            } else if v == c {
                let h = b.head_at(n);
                if !heads[..n_heads].contains(&h) {
                    heads[n_heads] = h;
                    n_heads += 1;
                }
            }
        }
        if out.captures {
            out.libs = 2;
            return out;
        }
        for &h in &heads[..n_heads] {
            if b.lib_count(h) >= 3 {
                out.libs = 2;
                return out;
            }
        }
        for &h in &heads[..n_heads] {
            for s in b.chain_stones_at(h) {
                out.size += 1;
                for n in b.nbrs(s) {
                    if b.cell(n) == EMPTY {
                        add(n, &mut libs, &mut n_libs);
                    }
                }
            }
        }
        out.libs = n_libs as u32;
        out
    }

    /// Whether the policy refuses `c` at the legal point `p`: a self-atari of two stones or
    /// more, unless it is a small filling move that also ataris.
    fn bad_self_atari(&self, p: usize, c: u8) -> bool {
        let a = self.after(p, c);
        a.libs < 2 && a.size >= 2 && !(a.ataris && a.size <= NAKADE_MAX)
    }

    fn choose(&mut self, c: u8, last: usize, rng: &mut Rng) -> Option<usize> {
        let opp = c ^ 3;
        if last != 0 {
            // capture the stone just played when it stands in atari, or an enemy chain in
            // atari next to an own chain the last move put in atari: the biggest capture
            // first (taking a throw-in can leave the capturer in atari, when capturing a
            // bigger chain next to it saves all)
            let mut capture: Option<(usize, usize)> = None;
            let b = &self.board;
            if b.cell(last) == opp && b.libs_at(last) == 1 {
                self.consider(last, &mut capture);
            }
            let mut endangered = None;
            for n in b.nbrs(last) {
                if b.cell(n) != c || b.libs_at(n) != 1 {
                    continue;
                }
                endangered = endangered.or(Some(n));
                for s in b.chain_stones_at(n) {
                    for m in b.nbrs(s) {
                        if b.cell(m) == opp && b.libs_at(m) == 1 {
                            self.consider(m, &mut capture);
                        }
                    }
                }
            }
            if let Some((_, l)) = capture {
                if self.legal(l, c) {
                    return Some(l);
                }
            }
            // else extend when that gives two liberties
            if let Some(n) = endangered {
                if let Some(l) = self.a_liberty(n) {
                    if self.legal(l, c) && self.after(l, c).libs >= 2 {
                        return Some(l);
                    }
                }
            }
        }
        let mut n = self.board.empty_count();
        while n > 0 {
            let i = rng.below(n);
            // `i < n <= empty_count`: the playouts' draw
            let p = self.board.empty_slot(i);
            let ok = if self.board.empty_nbrs(p) >= 2 {
                true
            } else {
                !self.board.is_ko_retake(p, c)
                    && !is_eye(&self.board, p, c)
                    && !self.board.is_suicide_pos(p, c)
                    && !self.bad_self_atari(p, c)
            };
            if ok {
                return Some(p);
            }
            n -= 1;
            self.board.swap_empty_slots(i, n);
        }
        None
    }

    /// Add the final position's area ownership to `own`.
    fn add_ownership(&mut self, own: &mut [i32]) {
        let b = &self.board;
        if self.gen == u32::MAX {
            self.marks.fill(0);
            self.gen = 0;
        }
        self.gen += 1;
        let g = self.gen;
        for q in b.all_pos() {
            match b.cell(q) {
                1 => own[q] += 1,
                2 => own[q] -= 1,
                _ => {
                    if self.marks[q] == g {
                        continue;
                    }
                    self.marks[q] = g;
                    self.stack.clear();
                    self.region.clear();
                    self.stack.push(q);
                    let mut reach = 0u8;
                    while let Some(r) = self.stack.pop() {
                        self.region.push(r);
                        for n in b.nbrs(r) {
                            match b.cell(n) {
                                EMPTY => {
                                    if self.marks[n] != g {
                                        self.marks[n] = g;
                                        self.stack.push(n);
                                    }
                                }
                                WALL => {}
                                v => reach |= v,
                            }
                        }
                    }
                    let d = match reach {
                        1 => 1,
                        2 => -1,
                        _ => 0,
                    };
                    if d != 0 {
                        for &r in &self.region {
                            own[r] += d;
                        }
                    }
                }
            }
        }
    }
}
