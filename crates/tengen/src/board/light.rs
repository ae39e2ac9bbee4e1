//! The light-playout kernel of the two board shapes playouts run most (9x9 and 19x19): the
//! board's hot arrays inline in one struct of fixed size, so every access is one base register
//! plus a constant offset, and the counters (empty points, stones, the ko point) stay in
//! registers across stores to the arrays (distinct fields of one struct cannot alias, where
//! [`Board`]'s separately allocated arrays could, which makes the compiler reload their
//! addresses and the counters after every store).
//!
//! The rules are [`Board`]'s, written for playouts only: the same chains with surroundings sets
//! and the same empty-point list, and the same sampler (`pick` draws and swaps exactly as
//! `playout.rs` does on a [`Board`], so a seed gives the same games on both; the tests compare
//! them move by move). What a playout never needs is left out: no Zobrist hash (recomputed
//! when the position is stored back into a [`Board`]), no list of removed stones, and no
//! suicide branch in [`Light::play`], whose moves come from [`Light::pick`], which never
//! chooses a suicide.
//!
//! Bounds: `N` is at least the padded length of the layout (checked by [`Light::new`]), and
//! every index used is a padded index of that layout (see `cells.rs` and `layout.rs`), so the
//! unchecked access of `cells.rs` stays in bounds.

use super::cells::{at, at_mut, at_ref};
use super::chain::{link_chains, link_stone, stone_key};
use super::sets::SetOps;
use super::{Board, Layout, EMPTY, WALL};

/// The random source of the sampler: a number in `0..n` (`n` > 0).
pub(crate) trait Below {
    fn below(&mut self, n: usize) -> usize;
}

/// The diagonal test of light playout v1's eye, by the four diagonal cells (`EMPTY`, black,
/// white or `WALL`, two bits each, the first diagonal in the lowest bits): bit 0 for black,
/// bit 1 for white, set when the player's opponent's stones on the diagonals plus one if any
/// diagonal is off the board number fewer than two.
static EYE_DIAGONALS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut idx = 0;
    while idx < 256 {
        let mut c = 1;
        while c <= 2 {
            let (mut bad, mut edge, mut i) = (0, 0, 0);
            while i < 4 {
                let v = (idx >> (2 * i)) & 3;
                bad += (v == (c ^ 3)) as u32;
                edge |= (v == WALL as usize) as u32;
                i += 1;
            }
            if bad + edge < 2 {
                t[idx] |= c as u8;
            }
            c += 1;
        }
        idx += 1;
    }
    t
};

/// A table on cache-line boundaries: none of its 16-byte entries straddles two lines (a
/// split load costs more than a plain one).
#[repr(C, align(64))]
struct Aligned<T>(T);

/// The one-point sets `{p}` of two words, `p < 128`.
static ONE_POINT: Aligned<[[u64; 2]; 128]> = Aligned({
    let mut t = [[0u64; 2]; 128];
    let mut p = 0;
    while p < 128 {
        t[p][p >> 6] = 1 << (p & 63);
        p += 1;
    }
    t
});

/// A board of one fixed shape for light playouts: layout `Layout<W, S>` (set width `W`,
/// stride `S`), arrays of `N` cells.
#[derive(Clone)]
pub(crate) struct Light<const W: usize, const S: usize, const N: usize> {
    cells: [u8; N],
    /// Packed neighbour counts, as [`Board`]'s `nbr`.
    nbr: [u16; N],
    head: [u16; N],
    next: [u16; N],
    chain_size: [u16; N],
    empties: [u16; N],
    empty_at: [u16; N],
    empty_bits: [u64; W],
    /// Surroundings sets by chain head (only heads' sets are meaningful).
    around: [[u64; W]; N],
    n_empty: usize,
    stones: [u32; 2],
    /// The simple-ko point (0: none) and the colour barred from it.
    ko: usize,
    ko_color: u8,
    layout: Layout<W, S>,
}

impl<const W: usize, const S: usize, const N: usize> Light<W, S, N> {
    /// An (empty) kernel for boards of layout `l`, or `None` when `l` does not have this
    /// kernel's shape or its padded length exceeds `N`.
    pub(crate) fn new(l: Layout) -> Option<Box<Self>> {
        let l = l.fixed::<W, S>()?;
        (W > 0 && S > 0 && l.len() <= N && l.words() == W).then(|| {
            Box::new(Light {
                cells: [WALL; N],
                nbr: [0; N],
                head: [0; N],
                next: [0; N],
                chain_size: [0; N],
                empties: [0; N],
                empty_at: [0; N],
                empty_bits: [0; W],
                around: [[0; W]; N],
                n_empty: 0,
                stones: [0; 2],
                ko: 0,
                ko_color: 0,
                layout: l,
            })
        })
    }

    /// Whether `b` has this kernel's layout (then [`Light::load`] and [`Light::store`] apply).
    pub(crate) fn fits(&self, b: &Board) -> bool {
        b.layout == self.layout.erased()
    }

    /// Take the position of `b` (which [`Light::fits`]).
    pub(crate) fn load(&mut self, b: &Board) {
        assert!(self.fits(b));
        let len = b.layout.len();
        self.cells[..len].copy_from_slice(&b.cells);
        self.nbr[..len].copy_from_slice(&b.nbr);
        self.head[..len].copy_from_slice(&b.head);
        self.next[..len].copy_from_slice(&b.next);
        self.chain_size[..len].copy_from_slice(&b.chain_size);
        self.empties[..b.empties.len()].copy_from_slice(&b.empties);
        self.empty_at[..len].copy_from_slice(&b.empty_at);
        self.empty_bits.copy_from_slice(&b.empty_bits);
        if b.stones != [0, 0] {
            for p in b.layout.all_pos() {
                if b.cells[p] != EMPTY && b.head[p] as usize == p {
                    self.around[p].copy_from_slice(&b.around[p * W..(p + 1) * W]);
                }
            }
        }
        self.n_empty = b.n_empty;
        self.stones = b.stones;
        self.ko = b.ko as usize;
        self.ko_color = b.ko_color;
    }

    /// Write this position into `b` (which [`Light::fits`]), with its hash recomputed; the
    /// board's list of removed stones is left empty.
    pub(crate) fn store(&self, b: &mut Board) {
        assert!(self.fits(b));
        let len = b.layout.len();
        b.cells.copy_from_slice(&self.cells[..len]);
        b.nbr.copy_from_slice(&self.nbr[..len]);
        b.head.copy_from_slice(&self.head[..len]);
        b.next.copy_from_slice(&self.next[..len]);
        b.chain_size.copy_from_slice(&self.chain_size[..len]);
        let area = b.empties.len();
        b.empties.copy_from_slice(&self.empties[..area]);
        b.empty_at.copy_from_slice(&self.empty_at[..len]);
        b.empty_bits.copy_from_slice(&self.empty_bits);
        let mut hash = 0;
        for p in b.layout.all_pos() {
            let c = self.cells[p];
            // without a branch on the colour: a stone's key, or 0 for an empty point
            hash ^= stone_key(c, p) & ((c != EMPTY) as u64).wrapping_neg();
            if self.head[p] as usize == p && c != EMPTY {
                b.around[p * W..(p + 1) * W].copy_from_slice(&self.around[p]);
            }
        }
        b.hash = hash;
        b.n_empty = self.n_empty;
        b.stones = self.stones;
        b.ko = self.ko as u16;
        b.ko_color = self.ko_color;
        b.n_removed = 0;
    }

    /// Stones of colour `c` (1 or 2).
    pub(crate) fn stones(&self, c: u8) -> u32 {
        self.stones[(c as usize - 1) & 1]
    }

    /// The empty points.
    pub(crate) fn empties(&self) -> &[u16] {
        &self.empties[..self.n_empty]
    }

    /// Neighbours of `p` that are stones of colour `c` (1 or 2) or walls.
    #[inline(always)]
    pub(crate) fn own_or_wall_nbrs(&self, p: usize, c: u8) -> u16 {
        (at(&self.nbr, p) >> (4 * (c - 1))) & 15
    }

    #[inline(always)]
    fn empty_nbrs(&self, p: usize) -> u16 {
        at(&self.nbr, p) >> 8
    }

    /// Place `c` on the empty `p`: cell, neighbour counts, empty set and list, stone count.
    #[inline(always)]
    fn set_stone(&mut self, p: usize, c: u8) {
        let delta = (1u16 << (4 * (c - 1))).wrapping_sub(0x100);
        for n in self.layout.nbrs(p) {
            let v = at_mut(&mut self.nbr, n);
            *v = v.wrapping_add(delta);
        }
        *at_mut(&mut self.cells, p) = c;
        *at_mut(&mut self.empty_bits, p >> 6) &= !(1u64 << (p & 63));
        self.stones[(c as usize - 1) & 1] += 1;
        self.n_empty -= 1;
        let i = at(&self.empty_at, p) as usize;
        let last = at(&self.empties, self.n_empty);
        *at_mut(&mut self.empties, i) = last;
        *at_mut(&mut self.empty_at, last as usize) = i as u16;
    }

    /// Take the stone off `p`.
    #[inline(always)]
    fn clear_stone(&mut self, p: usize) {
        let c = at(&self.cells, p);
        let delta = (1u16 << (4 * (c - 1))).wrapping_sub(0x100);
        for n in self.layout.nbrs(p) {
            let v = at_mut(&mut self.nbr, n);
            *v = v.wrapping_sub(delta);
        }
        *at_mut(&mut self.cells, p) = EMPTY;
        *at_mut(&mut self.empty_bits, p >> 6) |= 1u64 << (p & 63);
        self.stones[(c as usize - 1) & 1] -= 1;
        *at_mut(&mut self.empties, self.n_empty) = p as u16;
        *at_mut(&mut self.empty_at, p) = self.n_empty as u16;
        self.n_empty += 1;
    }

    /// The four neighbours of each point `p` as a window of two set words (sets of at least
    /// two words, stride at most 32): words `k` and `k + 1` of the set, where `k` is
    /// [`Light::window_word`]`(p)`. All four fit in 128 bits (they span `2 S + 1` bits from
    /// `p - S`), and near the end of the set, where `k` stops at `W - 2`, `p + S < 64 W`
    /// keeps them inside. Entries of points that are not on the board are never used.
    const NBR_WINDOWS: Aligned<[[u64; 2]; N]> = {
        let mut t = [[0u64; 2]; N];
        if W >= 2 && S <= 32 {
            let pattern = 1u128 | 5u128 << (S - 1) | 1u128 << (2 * S);
            let mut p = S;
            while p + S < 64 * W && p < N {
                let k = Self::window_word(p);
                let m = pattern << (p - S - 64 * k);
                t[p] = [m as u64, (m >> 64) as u64];
                p += 1;
            }
        }
        Aligned(t)
    };

    /// The first of the two set words of `p`'s entry in [`Light::NBR_WINDOWS`].
    #[inline(always)]
    const fn window_word(p: usize) -> usize {
        let k = (p - S) >> 6;
        if k < W - 2 {
            k
        } else {
            W - 2
        }
    }

    /// `p`'s neighbours as (the first set word `k`, words `k` and `k + 1`), from
    /// [`Light::NBR_WINDOWS`] (sets of at least two words, stride at most 32).
    #[inline(always)]
    fn nbr_window(p: usize) -> (usize, [u64; 2]) {
        let t: &'static Aligned<[[u64; 2]; N]> = &Self::NBR_WINDOWS;
        (Self::window_word(p), at(&t.0, p))
    }

    /// Add the stone `p` to chain `h`: its ring, and its neighbours to the chain's set.
    #[inline(always)]
    fn add_stone_to(&mut self, h: usize, p: usize) {
        link_stone(&mut self.head, &mut self.next, &mut self.chain_size, h, p);
        let set = at_mut(&mut self.around, h);
        if W >= 2 && S <= 32 {
            let (k, m) = Self::nbr_window(p);
            set[k] |= m[0];
            set[k + 1] |= m[1];
        } else {
            for q in self.layout.nbrs(p) {
                set[q >> 6] |= 1u64 << (q & 63);
            }
        }
    }

    /// Merge chains `a` and `b` (distinct heads, same colour); returns the surviving head.
    #[inline(always)]
    fn join(&mut self, a: usize, b: usize) -> usize {
        let (a, b) = link_chains::<8>(&mut self.head, &mut self.next, &mut self.chain_size, a, b);
        let x = at(&self.around, b);
        let set = at_mut(&mut self.around, a);
        for (y, x) in set.iter_mut().zip(x) {
            *y |= x;
        }
        a
    }

    #[inline(always)]
    fn no_libs<V: SetOps>(&self, h: usize) -> bool {
        V::disjoint::<W>(at_ref::<[u64; W]>(&self.around, h), &self.empty_bits, W)
    }

    /// Whether chain `h`, next to the empty point `p` (so `p` is among its liberties), has no
    /// other liberty: its set meets none of the empty points but `p` (`rest` from
    /// [`Light::rest_of`]), one AND per word (on 9x9, two words, in plain code; wider sets
    /// through the set kernel). True also for head 0 (a wall's), whose set stays empty.
    #[inline(always)]
    fn no_libs_but<V: SetOps>(&self, h: usize, rest: ([u64; W], V::Rest<W>)) -> bool {
        let set: &[u64; W] = at_ref(&self.around, h);
        if W > 2 {
            return V::disjoint_rest::<W>(set, rest.1);
        }
        let mut x = 0;
        for (a, r) in set.iter().zip(rest.0) {
            x |= a & r;
        }
        x == 0
    }

    /// The empty points but `p` (an empty point), as words (for two-word sets) and as the set
    /// kernel's, for [`Light::no_libs_but`].
    #[inline(always)]
    fn rest_of<V: SetOps>(&self, p: usize) -> ([u64; W], V::Rest<W>) {
        let mut m = [0; W];
        if W <= 2 {
            // `p < 64 W <= 128`: one load; `p` is in the empty set, so XOR clears it
            for ((x, e), b) in m
                .iter_mut()
                .zip(&self.empty_bits)
                .zip(&ONE_POINT.0[p & 127])
            {
                *x = e ^ b;
            }
            return (m, V::rest::<W>(&[0; W], 0));
        }
        (m, V::rest::<W>(&self.empty_bits, p))
    }

    /// Chain `h`'s liberties as 0, 1 or 2 (two or more).
    #[inline(always)]
    fn lib_class(&self, h: usize) -> u32 {
        let set: &[u64; W] = at_ref(&self.around, h);
        let mut nonzero = 0u32;
        let mut multi = 0u64;
        for (a, e) in set.iter().zip(&self.empty_bits) {
            let x = a & e;
            nonzero += (x != 0) as u32;
            multi |= x & x.wrapping_sub(1);
        }
        if (multi != 0) | (nonzero > 1) {
            2
        } else {
            nonzero
        }
    }

    /// Whether `c` at the empty `p`, which has no empty neighbour, would capture nothing and
    /// leave its chain without liberties.
    #[inline(always)]
    fn is_suicide<V: SetOps>(&self, p: usize, c: u8) -> bool {
        // a neighbour makes the move safe when it is an own chain with another liberty or an
        // enemy chain with none but `p`; a wall (head 0, an empty set: "no other liberty")
        // counts as an own neighbour without one, so it never does
        let mut safe = false;
        let rest = self.rest_of::<V>(p);
        let opp = c ^ 3;
        for n in self.layout.nbrs(p) {
            let v = at(&self.cells, n);
            safe |= (v != opp) != self.no_libs_but::<V>(at(&self.head, n) as usize, rest);
        }
        !safe
    }

    /// Whether `c` may not take the empty `p`, which has no empty neighbour: the ko point,
    /// an eye of `c` in the sense of light playout v1 (the four diagonal cells, two bits
    /// each, index [`EYE_DIAGONALS`]) or a suicide, all three computed without a branch (which of them holds
    /// is as good as random for the branch predictor; whether any does is far more often
    /// yes than no).
    #[inline(always)]
    fn is_shut<V: SetOps>(&self, p: usize, c: u8) -> bool {
        let ko = ((p ^ self.ko) | (c ^ self.ko_color) as usize) == 0;
        let own4 = (self.own_or_wall_nbrs(p, c) == 4) as u8;
        let mut diag = 0u8;
        for (i, d) in self.layout.diagonals(p).into_iter().enumerate() {
            diag |= at(&self.cells, d) << (2 * i);
        }
        let eye = EYE_DIAGONALS[diag as usize] & c & own4.wrapping_neg();
        let suicide = self.is_suicide::<V>(p, c);
        (eye as u32 | ko as u32 | suicide as u32) != 0
    }

    /// A uniformly random acceptable point for `c` (light playout v1), or `None` to pass:
    /// the draws and swaps of `playout.rs`'s sampler on a [`Board`].
    #[inline(always)]
    pub(crate) fn pick<V: SetOps, R: Below>(&mut self, c: u8, rng: &mut R) -> Option<usize> {
        let mut n = self.n_empty;
        while n > 0 {
            let i = rng.below(n);
            // `i < n <= n_empty`
            let p = at(&self.empties, i) as usize;
            // a point with an empty neighbour is never an eye, a suicide or the ko point
            if self.empty_nbrs(p) > 0 || !self.is_shut::<V>(p, c) {
                return Some(p);
            }
            n -= 1;
            let (a, b) = (at(&self.empties, i), at(&self.empties, n));
            *at_mut(&mut self.empties, i) = b;
            *at_mut(&mut self.empties, n) = a;
            *at_mut(&mut self.empty_at, b as usize) = i as u16;
            *at_mut(&mut self.empty_at, a as usize) = n as u16;
        }
        None
    }

    /// A pass: clears the ko point.
    #[inline(always)]
    pub(crate) fn pass(&mut self) {
        self.ko = 0;
    }

    /// Play `c` on `p`, a point [`Light::pick`] chose for `c` (empty, not the ko point, not
    /// a suicide).
    #[inline(always)]
    pub(crate) fn play<V: SetOps>(&mut self, p: usize, c: u8) {
        let opp = c ^ 3;
        let nbrs = self.layout.nbrs(p);
        // the enemy neighbours whose chains have no liberty but `p`, a bit each (in
        // neighbour order): the chains this move captures, a chain met twice once per side
        let mut dying = 0u32;
        let rest = self.rest_of::<V>(p);
        for (i, n) in nbrs.into_iter().enumerate() {
            let h = at(&self.head, n) as usize;
            let dead = (at(&self.cells, n) == opp) & self.no_libs_but::<V>(h, rest);
            dying |= (dead as u32) << i;
        }
        self.set_stone(p, c);
        let my;
        // the own neighbours' heads, 0 for the others (no chain has head 0, a wall), and the
        // same with all ones for the others
        let mut a = [0u64; 4];
        let mut all = !0u64;
        for (x, n) in a.iter_mut().zip(nbrs) {
            let own = at(&self.cells, n) == c;
            let h = at(&self.head, n) as u64;
            *x = h & (own as u64).wrapping_neg();
            all &= h | (own as u64).wrapping_sub(1);
        }
        let [a0, a1, a2, a3] = a;
        // their union, and their intersection (all ones with no own neighbour, so cut down to
        // the union, 0): equal when the own neighbours are one chain's or there are none
        let one = a0 | a1 | a2 | a3;
        let two = all & one != one;
        if !two {
            // no own neighbour or one chain's, one path: the stone joins that chain, or (head
            // `p`) heads a chain of its own. `p`'s ring link, size and set are made those of
            // a new chain with no stone first; when it joins another chain they are unused
            // (only a head's size and set count)
            let h = if one == 0 { p } else { one as usize };
            *at_mut(&mut self.next, p) = p as u16;
            *at_mut(&mut self.chain_size, p) = 0;
            *at_mut(&mut self.around, p) = [0; W];
            self.add_stone_to(h, p);
            my = h;
        } else {
            // each distinct head once, in neighbour order, 16 bits a head, in registers
            let fresh = [
                a0 != 0,
                (a1 != 0) & (a1 != a0),
                (a2 != 0) & (a2 != a0) & (a2 != a1),
                (a3 != 0) & (a3 != a0) & (a3 != a1) & (a3 != a2),
            ];
            let mut heads = 0u64;
            let mut k = 0;
            for (x, f) in a.into_iter().zip(fresh) {
                heads |= (x & (f as u64).wrapping_neg()) << k;
                k += 16 * f as u32;
            }
            let mut base = (heads & 0xffff) as usize;
            self.add_stone_to(base, p);
            heads >>= 16;
            // two chains at least: a join, then one per further chain
            loop {
                base = self.join(base, (heads & 0xffff) as usize);
                heads >>= 16;
                if heads == 0 {
                    break;
                }
            }
            my = base;
        }
        let mut captured = 0;
        let mut last = 0;
        // only the marked neighbours, without a test of the others' colours or liberties
        while dying != 0 {
            let n = nbrs[dying.trailing_zeros() as usize & 3];
            dying &= dying - 1;
            // a chain already taken from another side is empty now
            if at(&self.cells, n) == opp {
                let h = at(&self.head, n) as usize;
                debug_assert!(self.no_libs::<V>(h));
                // the head first, then (a test on the size, known before the walk's loads)
                // the rest of the ring; a ko needs one stone taken, so `last` is the head
                let size = at(&self.chain_size, h) as usize;
                captured += size;
                last = h;
                let mut s = at(&self.next, h) as usize;
                self.clear_stone(h);
                if size > 1 {
                    loop {
                        let nx = at(&self.next, s) as usize;
                        self.clear_stone(s);
                        s = nx;
                        if s == h {
                            break;
                        }
                    }
                }
            }
        }
        debug_assert!(
            captured > 0 || !self.no_libs::<V>(my),
            "a suicide was picked"
        );
        if captured == 1 && at(&self.chain_size, my) == 1 && self.lib_class(my) == 1 {
            self.ko = last;
            self.ko_color = opp;
        } else {
            self.ko = 0;
        }
    }

    /// Black's area minus White's when no empty point has an empty neighbour (after two
    /// passes): every empty point is a region of its own.
    pub(crate) fn single_point_area_diff(&self) -> i32 {
        let mut diff = self.stones(1) as i32 - self.stones(2) as i32;
        for &e in self.empties() {
            let black = self.own_or_wall_nbrs(e as usize, 1) == 4;
            let white = self.own_or_wall_nbrs(e as usize, 2) == 4;
            diff += (black & !white) as i32 - (white & !black) as i32;
        }
        diff
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PortableSets;
    use crate::playout::{is_eye, Rng};

    /// Fewer playouts under Miri, which interprets every instruction.
    const MIRI: bool = cfg!(miri);

    /// Whether `c` may take `p` on `b` under light playout v1 (the plain tests of `Board`).
    fn acceptable(b: &Board, p: usize, c: u8) -> bool {
        b.cell(p) == EMPTY && !b.is_ko_retake(p, c) && !is_eye(b, p, c) && !b.is_suicide_pos(p, c)
    }

    /// Play light playouts with the kernel and, move by move, the same moves on a `Board`:
    /// every pick must be acceptable by `Board`'s tests, a pass only when nothing is, and after
    /// every move the kernel's position stored into a board must equal the board's, with the
    /// same hash, counts and a consistent state. A playout ends after two passes or
    /// `max_moves` moves (three per point at most).
    fn follow<V: SetOps, const W: usize, const S: usize, const N: usize>(
        start: &Board,
        seed: u64,
        playouts: usize,
        max_moves: usize,
    ) {
        let mut k = Light::<W, S, N>::new(start.layout()).expect("kernel for this shape");
        let mut rng = Rng::new(seed);
        let mut b = start.clone();
        let mut stored = start.clone();
        let every = if MIRI { 40 } else { 1 };
        for _ in 0..playouts {
            k.load(start);
            b.copy_from(start);
            let mut c = 1u8;
            let mut passes = 0;
            let mut moves = 0;
            while passes < 2 && moves < max_moves.min(3 * b.width() * b.height()) {
                match k.pick::<V, Rng>(c, &mut rng) {
                    Some(p) => {
                        assert!(acceptable(&b, p, c), "picked {p} for {c}\n{b:?}");
                        k.play::<V>(p, c);
                        let r = b.play_pos(p, c);
                        assert_eq!(r.suicided, 0);
                        passes = 0;
                    }
                    None => {
                        for &e in b.empties() {
                            assert!(
                                !acceptable(&b, e as usize, c),
                                "passed with {e} open\n{b:?}"
                            );
                        }
                        k.pass();
                        b.pass();
                        passes += 1;
                    }
                }
                moves += 1;
                c ^= 3;
                if moves % every == 0 || passes == 2 || moves == max_moves {
                    k.store(&mut stored);
                    assert_eq!(stored, b);
                    assert_eq!(stored.hash(), b.hash());
                    assert_eq!(
                        stored.stone_count(crate::Color::Black),
                        b.stone_count(crate::Color::Black)
                    );
                    assert_eq!(
                        stored.stone_count(crate::Color::White),
                        b.stone_count(crate::Color::White)
                    );
                    assert_eq!(stored.empty_count(), b.empty_count());
                    stored.check_consistency().unwrap();
                }
            }
        }
    }

    /// A position of `n` x `n` part way through a random light playout (chains, captures
    /// and a possible ko point in it), made by `Board` alone.
    fn midgame(n: usize, seed: u64, moves: usize) -> Board {
        let mut b = Board::square(n).unwrap();
        let mut rng = Rng::new(seed);
        let mut c = 1u8;
        for _ in 0..moves {
            let open: Vec<usize> = b
                .empties()
                .iter()
                .map(|&e| e as usize)
                .filter(|&e| acceptable(&b, e, c))
                .collect();
            if open.is_empty() {
                b.pass();
            } else {
                b.play_pos(open[rng.below(open.len())], c);
            }
            c ^= 3;
        }
        b
    }

    #[test]
    fn nine_by_nine_kernel_plays_as_the_board() {
        // (under Miri the first 60 moves of a playout: 44 s of the step for whole ones,
        // 2026-12-07)
        let (count, all) = if MIRI { (1, 60) } else { (60, usize::MAX) };
        follow::<PortableSets, 2, 10, 112>(&Board::square(9).unwrap(), 3, count, all);
        follow::<PortableSets, 2, 10, 112>(&midgame(9, 4, 50), 5, count, all);
        #[cfg(target_arch = "x86_64")]
        if crate::board::sets::has_x86_64_v3() {
            follow::<crate::board::sets::Avx2Sets, 2, 10, 112>(&midgame(9, 6, 30), 7, count, all);
        }
    }

    #[test]
    fn nineteen_by_nineteen_kernel_plays_as_the_board() {
        // Under Miri one playout of MIRI_MOVES moves (the 9x9 test runs the same generic code):
        // a whole 19x19 game under the interpreter took 230 s of CI's Miri step (2026-12-06),
        // 100 moves 57 s (2026-12-07)
        const MIRI_MOVES: usize = 40;
        let (count, moves) = if MIRI {
            (1, MIRI_MOVES)
        } else {
            (10, usize::MAX)
        };
        follow::<PortableSets, 8, 20, 424>(&Board::square(19).unwrap(), 8, count, moves);
        if !MIRI {
            follow::<PortableSets, 8, 20, 424>(&midgame(19, 9, 200), 10, count, moves);
        }
        #[cfg(target_arch = "x86_64")]
        if crate::board::sets::has_x86_64_v3() {
            let start = midgame(19, 11, 150);
            follow::<crate::board::sets::Avx2Sets, 8, 20, 424>(&start, 12, count, moves);
        }
    }

    #[test]
    fn kernels_exist_only_for_their_shapes() {
        let nine = Board::square(9).unwrap().layout();
        let nineteen = Board::square(19).unwrap().layout();
        assert!(Light::<2, 10, 112>::new(nine).is_some());
        assert!(Light::<2, 10, 112>::new(nineteen).is_none());
        assert!(Light::<8, 20, 424>::new(nineteen).is_some());
        assert!(Light::<8, 20, 424>::new(nine).is_none());
        // an array shorter than the padded length is refused
        assert!(Light::<2, 10, 100>::new(nine).is_none());
        let rect = Board::new(crate::Size::new(9, 10).unwrap()).layout();
        assert!(Light::<2, 10, 112>::new(rect).is_none());
    }
}
