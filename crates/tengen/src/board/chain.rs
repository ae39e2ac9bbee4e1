//! The chain core: placing and clearing stones, joining chains, removing captured chains,
//! the liberty tests, and rebuilding chains from the cells (setup and undo).
//!
//! Every function here takes padded on-board indices (see `cells.rs` for the invariant the
//! unchecked access relies on). Hot functions take the board's [`Layout`], possibly
//! specialised (`Layout<W, S>`, built only by `Layout::fixed` after checking the shape), so
//! one body serves the generic board and the 9x9 and 19x19 playout loops.

use super::cells::{at, at_mut, set_of};
use super::sets::{PortableSets, SetOps};
use super::{Board, Layout, Played, EMPTY, WALL};
#[cfg(not(target_arch = "wasm32"))]
use crate::zobrist::STONE_KEYS;

/// The Zobrist key of colour `c` (1 or 2) at the padded index `p`: read from the table in
/// native builds (`p` is a padded index, below `MAX_CELLS`: see `cells.rs`), computed in
/// WebAssembly builds (the same keys; see `zobrist.rs`).
#[inline(always)]
pub(super) fn stone_key(c: u8, p: usize) -> u64 {
    let ci = (c as usize).wrapping_sub(1) & 1;
    #[cfg(not(target_arch = "wasm32"))]
    {
        at(&STONE_KEYS[ci], p)
    }
    #[cfg(target_arch = "wasm32")]
    {
        crate::zobrist::key_at(ci, p)
    }
}

impl Board {
    /// Place a stone of colour `c` (1 or 2) on the empty point `p`: cell, neighbour counts,
    /// empty set and list, hash and stone count (chains are the caller's business).
    #[inline(always)]
    pub(super) fn set_stone<const W: usize, const S: usize>(
        &mut self,
        l: Layout<W, S>,
        p: usize,
        c: u8,
    ) {
        let delta = (1u16 << (4 * (c - 1))).wrapping_sub(0x100);
        for n in l.nbrs(p) {
            let v = at_mut(&mut self.nbr, n);
            *v = v.wrapping_add(delta);
        }
        *at_mut(&mut self.cells, p) = c;
        *at_mut(&mut self.empty_bits, p >> 6) &= !(1u64 << (p & 63));
        self.hash ^= stone_key(c, p);
        self.stones[(c as usize - 1) & 1] += 1;
        self.n_empty -= 1;
        let i = at(&self.empty_at, p) as usize;
        let last = at(&self.empties, self.n_empty);
        *at_mut(&mut self.empties, i) = last;
        *at_mut(&mut self.empty_at, last as usize) = i as u16;
    }

    /// Take the stone off `p` (the inverse of [`Board::set_stone`]).
    #[inline(always)]
    pub(super) fn clear_stone<const W: usize, const S: usize>(
        &mut self,
        l: Layout<W, S>,
        p: usize,
    ) {
        let c = at(&self.cells, p);
        let delta = (1u16 << (4 * (c - 1))).wrapping_sub(0x100);
        for n in l.nbrs(p) {
            let v = at_mut(&mut self.nbr, n);
            *v = v.wrapping_sub(delta);
        }
        *at_mut(&mut self.cells, p) = EMPTY;
        *at_mut(&mut self.empty_bits, p >> 6) |= 1u64 << (p & 63);
        self.hash ^= stone_key(c, p);
        self.stones[(c as usize - 1) & 1] -= 1;
        *at_mut(&mut self.empties, self.n_empty) = p as u16;
        *at_mut(&mut self.empty_at, p) = self.n_empty as u16;
        self.n_empty += 1;
    }

    /// Record the neighbours of the stone `p` in the surroundings of chain `h`.
    #[inline(always)]
    fn add_around<const W: usize, const S: usize>(&mut self, l: Layout<W, S>, h: usize, p: usize) {
        let base = h * l.words();
        for q in l.nbrs(p) {
            *at_mut(&mut self.around, base + (q >> 6)) |= 1u64 << (q & 63);
        }
    }

    /// Make the surroundings set of the new one-stone chain at `p`: its four neighbours.
    /// Where the stride is at most 32 the four bits, `p - s`, `p - 1`, `p + 1` and `p + s`,
    /// lie within 65 bits, so in two adjacent words: one shifted 128-bit pattern (a constant
    /// when the stride is) written without reading the set.
    #[inline(always)]
    fn new_lone_around<const W: usize, const S: usize>(&mut self, l: Layout<W, S>, p: usize) {
        let (w, s) = (l.words(), l.stride());
        let base = p * w;
        for i in 0..w {
            *at_mut(&mut self.around, base + i) = 0;
        }
        if w >= 2 && s <= 32 {
            // the words `k` and `k + 1` hold every bit from `p - s` to `p + s`: `k` is the
            // word of `p - s`, moved down one when that is the last word (then `p + s`, below
            // the padded length, is in it too)
            let k = ((p - s) >> 6).min(w - 2);
            let pattern = 1u128 | 5u128 << (s - 1) | 1u128 << (2 * s);
            let m = pattern << (p - s - 64 * k);
            *at_mut(&mut self.around, base + k) = m as u64;
            *at_mut(&mut self.around, base + k + 1) = (m >> 64) as u64;
        } else {
            self.add_around(l, p, p);
        }
    }

    /// Add the stone just placed on `p` to the chain with head `h`.
    #[inline(always)]
    fn add_stone_to<const W: usize, const S: usize>(
        &mut self,
        l: Layout<W, S>,
        h: usize,
        p: usize,
    ) {
        link_stone(&mut self.head, &mut self.next, &mut self.chain_size, h, p);
        self.add_around(l, h, p);
    }

    /// Word `i` of chain `h`'s liberty set.
    #[inline(always)]
    fn lib_word<const W: usize, const S: usize>(&self, l: Layout<W, S>, h: usize, i: usize) -> u64 {
        at(&self.around, h * l.words() + i) & at(&self.empty_bits, i)
    }

    /// Merge the chain `b` into the chain `a` (same colour, distinct heads), or `a` into `b`
    /// when `b` is larger; returns the surviving head. The surroundings sets are ORed.
    #[inline(always)]
    fn join<const W: usize, const S: usize>(
        &mut self,
        l: Layout<W, S>,
        a: usize,
        b: usize,
    ) -> usize {
        let (a, b) = link_chains::<4>(&mut self.head, &mut self.next, &mut self.chain_size, a, b);
        let w = l.words();
        for i in 0..w {
            let x = at(&self.around, b * w + i);
            *at_mut(&mut self.around, a * w + i) |= x;
        }
        a
    }

    /// The number of liberties of chain `h`: the popcount of its set.
    #[inline(always)]
    pub(crate) fn lib_count(&self, h: usize) -> u32 {
        let l = self.layout;
        (0..l.words())
            .map(|i| self.lib_word(l, h, i).count_ones())
            .sum()
    }

    /// Chain `h`'s liberties as 0, 1 or 2 (two or more), which is all the rules ask: no
    /// popcount, which plain x86-64 lacks, and no branch.
    #[inline(always)]
    pub(crate) fn lib_class<const W: usize, const S: usize>(
        &self,
        l: Layout<W, S>,
        h: usize,
    ) -> u32 {
        let mut nonzero = 0u32;
        let mut multi = 0u64;
        for i in 0..l.words() {
            let x = self.lib_word(l, h, i);
            nonzero += (x != 0) as u32;
            multi |= x & x.wrapping_sub(1);
        }
        let many = (multi != 0) | (nonzero > 1);
        if many {
            2
        } else {
            nonzero
        }
    }

    /// Whether chain `h` has no liberty.
    #[inline(always)]
    fn no_libs<V: SetOps, const W: usize, const S: usize>(
        &self,
        l: Layout<W, S>,
        h: usize,
    ) -> bool {
        let w = l.words();
        V::disjoint::<W>(set_of(&self.around, h, w), &self.empty_bits, w)
    }

    /// Whether chain `h` has no liberty other than `p`.
    #[inline(always)]
    fn no_libs_but<V: SetOps, const W: usize, const S: usize>(
        &self,
        l: Layout<W, S>,
        h: usize,
        p: usize,
    ) -> bool {
        let w = l.words();
        V::disjoint_except::<W>(set_of(&self.around, h, w), &self.empty_bits, w, p)
    }

    /// Whether `c` at empty `p` would leave its chain without liberties and capture nothing
    /// (the plain test: liberty classes of the neighbour chains).
    #[inline(always)]
    pub(crate) fn is_suicide_pos(&self, p: usize, c: u8) -> bool {
        if self.empty_nbrs(p) > 0 {
            return false;
        }
        // every neighbour is a stone or a wall (the counts are exact)
        for n in self.nbrs(p) {
            let v = at(&self.cells, n);
            if v != WALL {
                let l = self.lib_class(self.layout, at(&self.head, n) as usize);
                if (v == c) == (l > 1) {
                    // own chain with a spare liberty, or opponent chain in atari
                    return false;
                }
            }
        }
        true
    }

    /// [`Board::is_suicide_pos`] for samplers: the same answer, faster. A neighbour chain
    /// "keeps a liberty" exactly when its liberty set without `p` is not empty, one masked
    /// OR over its words (no counting to tell one liberty from two).
    #[inline(always)]
    pub(crate) fn is_suicide_fast<V: SetOps, const W: usize, const S: usize>(
        &self,
        l: Layout<W, S>,
        p: usize,
        c: u8,
    ) -> bool {
        if self.empty_nbrs(p) > 0 {
            return false;
        }
        let mut safe = false;
        for n in l.nbrs(p) {
            let v = at(&self.cells, n);
            // own chain with another liberty, or enemy chain whose last liberty is `p` (a
            // wall's head is index 0, whose set is always empty: harmless)
            safe |= (v != WALL)
                & ((v == c) != self.no_libs_but::<V, W, S>(l, at(&self.head, n) as usize, p));
        }
        !safe
    }

    /// The hash after `c` plays on the empty point `q` (see [`Board::hash_after`]).
    pub(super) fn hash_after_pos(&self, q: usize, c: u8, multi_stone_suicide: bool) -> u64 {
        let mut h = self.hash ^ stone_key(c, q);
        let mut heads = [0u16; 4];
        let mut n = 0;
        for nb in self.nbrs(q) {
            let v = at(&self.cells, nb);
            if v == (c ^ 3) && self.libs_at(nb) == 1 {
                let hd = at(&self.head, nb);
                if !heads[..n].contains(&hd) {
                    heads[n] = hd;
                    n += 1;
                    h ^= self.chain_key(hd as usize, v);
                }
            }
        }
        if n == 0 && multi_stone_suicide && self.is_suicide_pos(q, c) {
            h ^= stone_key(c, q);
            for nb in self.nbrs(q) {
                if at(&self.cells, nb) == c {
                    let hd = at(&self.head, nb);
                    if !heads[..n].contains(&hd) {
                        heads[n] = hd;
                        n += 1;
                        h ^= self.chain_key(hd as usize, c);
                    }
                }
            }
        }
        h
    }

    /// The XOR of the Zobrist keys of the chain with head `head` (colour `c`).
    fn chain_key(&self, head: usize, c: u8) -> u64 {
        let mut h = 0;
        let mut s = head;
        loop {
            h ^= stone_key(c, s);
            s = at(&self.next, s) as usize;
            if s == head {
                return h;
            }
        }
    }

    /// Play `c` on the empty point `p`, which the caller has checked (occupancy, ko, and
    /// suicide policy). A suicide removes the own chain.
    pub(crate) fn play_pos(&mut self, p: usize, c: u8) -> Played {
        // Dispatch once on the liberty-set width so the hot path runs with a constant word
        // count (unrolled set operations); the branch is the same for every move of a board.
        // WebAssembly builds keep the one general copy: each specialised copy of this
        // function costs about 3.5 KB of `.wasm` (see BENCHMARKS.md, "In the browser").
        let l = self.layout;
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(l) = l.fixed::<2, 0>() {
            return self.play_pos_w::<PortableSets, 2, 0>(l, p, c);
        } else if let Some(l) = l.fixed::<4, 0>() {
            return self.play_pos_w::<PortableSets, 4, 0>(l, p, c);
        } else if let Some(l) = l.fixed::<8, 0>() {
            return self.play_pos_w::<PortableSets, 8, 0>(l, p, c);
        }
        self.play_pos_w::<PortableSets, 0, 0>(l, p, c)
    }

    /// [`Board::play_pos`] with the set kernel `V` and the layout `l` (this board's).
    #[inline(always)]
    pub(crate) fn play_pos_w<V: SetOps, const W: usize, const S: usize>(
        &mut self,
        l: Layout<W, S>,
        p: usize,
        c: u8,
    ) -> Played {
        debug_assert_eq!(l.erased(), self.layout);
        let opp = c ^ 3;
        self.n_removed = 0;
        // Neighbour counts of `p` itself are not touched by placing a stone on `p`.
        let empty = self.empty_nbrs(p);
        let own_stones = 4 - empty - self.own_or_wall_nbrs(p, opp);
        let opp_stones = 4 - empty - self.own_or_wall_nbrs(p, c);
        // Does the move capture? Asked before the stone is set: an enemy chain's set does not
        // change, and testing "no liberty but `p`" reads the empty set before it is stored to.
        let mut any = false;
        if opp_stones > 0 {
            for n in l.nbrs(p) {
                let h = at(&self.head, n) as usize;
                any |= (at(&self.cells, n) == opp) & self.no_libs_but::<V, W, S>(l, h, p);
            }
        }
        self.set_stone(l, p, c);
        let nbrs = l.nbrs(p);
        let my;
        if own_stones == 0 {
            // a new chain of one stone
            *at_mut(&mut self.head, p) = p as u16;
            *at_mut(&mut self.next, p) = p as u16;
            *at_mut(&mut self.chain_size, p) = 1;
            self.new_lone_around(l, p);
            if opp_stones == 0 && empty > 0 {
                // a lone stone: nothing else changes (with no empty neighbour, as on a 1x1
                // board, it is a suicide: handled below)
                self.ko = 0;
                return Played::default();
            }
            my = p;
        } else if own_stones == 1 {
            // one own stone next to `p` (the common case): its chain, with no deduplication
            // (a non-own neighbour's head is masked out; walls' and empties' heads are junk)
            let mut h = 0;
            for n in nbrs {
                let own = at(&self.cells, n) == c;
                h |= at(&self.head, n) as usize & (own as usize).wrapping_neg();
            }
            self.add_stone_to(l, h, p);
            my = h;
        } else {
            // The distinct own chains around `p`, found without data-dependent branches:
            // a non-own neighbour writes to the spare last slot, which is never compared, and
            // slots not yet filled hold 0, which is never a head (index 0 is a wall).
            let mut hs = [0usize; 4];
            let mut k = 0;
            for n in nbrs {
                let h = at(&self.head, n) as usize;
                let own = at(&self.cells, n) == c;
                let dup = (hs[0] == h) | (hs[1] == h) | (hs[2] == h);
                hs[if own { k } else { 3 }] = h;
                k += (own & !dup) as usize;
            }
            // the stone joins the first of them
            let mut base = hs[0];
            self.add_stone_to(l, base, p);
            for &h in &hs[1..k] {
                base = self.join(l, base, h);
            }
            my = base;
        }
        let mut captured = 0;
        // one well-predicted branch for "nothing captured", the common case
        if any {
            for n in nbrs {
                if at(&self.cells, n) == opp {
                    let h = at(&self.head, n) as usize;
                    if self.no_libs::<V, W, S>(l, h) {
                        captured += self.remove_chain(l, h);
                    }
                }
            }
        }
        // Without a capture or an empty neighbour the new chain may have no liberty left
        // (suicide); the cheap tests first keep the set scan off the common path.
        if captured == 0 && empty == 0 && self.no_libs::<V, W, S>(l, my) {
            let suicided = self.remove_chain(l, my);
            self.ko = 0;
            return Played {
                captured: 0,
                suicided,
            };
        }
        if captured == 1 && at(&self.chain_size, my) == 1 && self.lib_class(l, my) == 1 {
            self.ko = at(&self.removed, 0);
            self.ko_color = opp;
        } else {
            self.ko = 0;
        }
        Played {
            captured,
            suicided: 0,
        }
    }

    /// Remove the chain with head `h` (its points become liberties of the chains around it
    /// through the empty set alone). Returns the number of stones removed.
    #[inline(always)]
    pub(super) fn remove_chain<const W: usize, const S: usize>(
        &mut self,
        l: Layout<W, S>,
        h: usize,
    ) -> usize {
        let mut s = h;
        let mut count = 0;
        loop {
            let nx = at(&self.next, s) as usize;
            self.clear_stone(l, s);
            *at_mut(&mut self.removed, self.n_removed) = s as u16;
            self.n_removed += 1;
            count += 1;
            s = nx;
            if s == h {
                break;
            }
        }
        count
    }

    fn new_gen(&mut self) -> u32 {
        if self.mark_gen == u32::MAX {
            self.marks.fill(0);
            self.mark_gen = 0;
        }
        self.mark_gen += 1;
        self.mark_gen
    }

    /// Recompute the chain through the stone `start` by flood fill: heads, links, size and
    /// surroundings set. Stones reached are stamped with `stone_gen`.
    fn rebuild_chain(&mut self, start: usize, stone_gen: u32) {
        let l = self.layout;
        let c = self.cells[start];
        self.marks[start] = stone_gen;
        self.stack[0] = start as u16;
        let mut sp = 1;
        let mut prev = start;
        let mut count = 0u16;
        let w = l.words();
        self.around[start * w..(start + 1) * w].fill(0);
        while sp > 0 {
            sp -= 1;
            let s = self.stack[sp] as usize;
            self.head[s] = start as u16;
            if s != start {
                self.next[prev] = s as u16;
                prev = s;
            }
            count += 1;
            self.add_around(l, start, s);
            for n in l.nbrs(s) {
                if self.cells[n] == c && self.marks[n] != stone_gen {
                    self.marks[n] = stone_gen;
                    self.stack[sp] = n as u16;
                    sp += 1;
                }
            }
        }
        self.next[prev] = start as u16;
        self.chain_size[start] = count;
    }

    /// Recompute every derived field (chains, liberties, hash, counts, empty list) from the
    /// cells alone.
    pub(super) fn recompute(&mut self) {
        self.recount_neighbours();
        self.rebuild_empty_bits();
        self.hash = 0;
        self.stones = [0; 2];
        self.n_empty = 0;
        let stone_gen = self.new_gen();
        for p in self.layout.all_pos() {
            match self.cells[p] {
                EMPTY => {
                    self.empties[self.n_empty] = p as u16;
                    self.empty_at[p] = self.n_empty as u16;
                    self.n_empty += 1;
                }
                c => {
                    self.hash ^= stone_key(c, p);
                    self.stones[(c as usize - 1) & 1] += 1;
                }
            }
        }
        for p in self.layout.all_pos() {
            if self.cells[p] != EMPTY && self.marks[p] != stone_gen {
                self.rebuild_chain(p, stone_gen);
            }
        }
        if self.ko != 0 && self.cells[self.ko as usize] != EMPTY {
            self.ko = 0;
        }
    }

    /// Take back a play: `removed` are the stones the play removed (as [`Board::last_removed`]
    /// gave them), `suicide` whether they were the mover's own chain, and `ko` the simple-ko
    /// state before the play.
    pub(crate) fn undo_play(
        &mut self,
        p: usize,
        c: u8,
        removed: &[u16],
        suicide: bool,
        ko: (u16, u8),
    ) {
        let l = self.layout;
        if suicide {
            // the suicided chain includes the played stone, and `p` was empty before the play
            for &s in removed {
                if s as usize != p {
                    self.set_stone(l, s as usize, c);
                }
            }
        } else {
            self.clear_stone(l, p);
            for &s in removed {
                self.set_stone(l, s as usize, c ^ 3);
            }
        }
        let stone_gen = self.new_gen();
        let touch = |b: &mut Board, q: usize| {
            let v = b.cells[q];
            if (v == 1 || v == 2) && b.marks[q] != stone_gen {
                b.rebuild_chain(q, stone_gen);
            }
        };
        for n in l.nbrs(p) {
            touch(self, n);
        }
        touch(self, p);
        for &s in removed {
            let s = s as usize;
            touch(self, s);
            for n in l.nbrs(s) {
                touch(self, n);
            }
        }
        self.ko = ko.0;
        self.ko_color = ko.1;
        self.n_removed = 0;
    }
}

/// The stone lists' part of adding the stone on `p` to the chain with head `h`: its head,
/// its place in the chain's ring and the chain's size. Shared by [`Board`] and the playout
/// kernel (`light.rs`), each over its own arrays.
#[inline(always)]
pub(super) fn link_stone(head: &mut [u16], next: &mut [u16], size: &mut [u16], h: usize, p: usize) {
    *at_mut(head, p) = h as u16;
    *at_mut(next, p) = at(next, h);
    *at_mut(next, h) = p as u16;
    *at_mut(size, h) += 1;
}

/// The stone lists' part of merging the chains with heads `a` and `b` (distinct, same
/// colour): the smaller ring is relabelled and spliced into the larger. Returns (the
/// surviving head, the absorbed one); the caller merges their surroundings sets. Shared by
/// [`Board`] (`FIRST` 4) and the playout kernel (`light.rs`, `FIRST` 8: more instructions for
/// fewer mispredicted loop exits pays there, not on the larger chains of real games).
#[inline(always)]
pub(super) fn link_chains<const FIRST: usize>(
    head: &mut [u16],
    next: &mut [u16],
    size: &mut [u16],
    a: usize,
    b: usize,
) -> (usize, usize) {
    let (a, b) = if at(size, a) >= at(size, b) {
        (a, b)
    } else {
        (b, a)
    };
    // The first `FIRST` stones of `b`'s ring without a test: the ring is circular, so a
    // smaller ring is walked round again, relabelling some stones twice; only a larger ring
    // goes on in a loop, counted by the ring's size (its exit does not wait for the walk's
    // loads)
    let mut s = b;
    for _ in 0..FIRST {
        *at_mut(head, s) = a as u16;
        s = at(next, s) as usize;
    }
    let n = at(size, b) as usize;
    if n > FIRST {
        for _ in FIRST..n {
            *at_mut(head, s) = a as u16;
            s = at(next, s) as usize;
        }
    }
    let nb = at(next, b);
    *at_mut(next, b) = at(next, a);
    *at_mut(next, a) = nb;
    *at_mut(size, a) += at(size, b);
    (a, b)
}
