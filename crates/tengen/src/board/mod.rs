//! The board: stones, chains with exact liberties, captures, the simple-ko point and an
//! incremental Zobrist hash.
//!
//! # Layout
//! The points live in a padded one-dimensional array with a wall around the board, so the four
//! neighbours of a point are `p - stride`, `p - 1`, `p + 1` and `p + stride` with no bounds
//! tests on the hot path (`layout.rs` has the arithmetic and the bounds argument). Width and
//! height are independent, so rectangular boards need nothing special.
//!
//! Every stone belongs to a chain: `head` names the chain's representative stone, `next` links
//! the chain's stones in a circular list, and at the head `chain_size` holds the number of
//! stones and `around` a bit set (over padded indices) of every point next to the chain. The
//! board also keeps the set of empty points as bits, so a chain's liberties are exactly
//! `around & empty`: a capture, the most tangled update elsewhere, changes no chain at all (the
//! freed points simply become empty), placing a stone sets four bits, and merging chains is an
//! OR. Counts come from the sets only where a rule needs them: "no liberty" is "all words
//! zero" and "one liberty" needs no popcount. Merging relabels the smaller chain into the
//! larger one. Nothing is allocated per move: all buffers are sized when the board is made.
//! Hot loops are specialised on the number of 64-bit words per set (2 on 9x9, 4 on 13x13, 8 on
//! 19x19) and on the row stride, through a `Layout<W, S>` checked once per call.
//!
//! The board knows placement, capture, suicide and the simple-ko point. Superko, passes, move
//! history and undo belong to [`crate::Game`].
//!
//! # Where the code is
//! This file holds the public API and the crate's index-based queries; `layout.rs` the padded
//! geometry; `chain.rs` the chain core (placing, joining, removing and rebuilding chains);
//! `cells.rs` the unchecked array access and `sets.rs` the bit-set kernels (portable and
//! AVX2, with the CPU detection), the only `unsafe` code of the crate; `oracle.rs` the
//! consistency check that recomputes everything from the cells; `light.rs` the light-playout
//! kernel of 9x9 and 19x19 boards (the same rules on inline fixed-size arrays, tested move by
//! move against this board).
//!
//! # Soundness
//! Every public function checks its points against the board's size before turning them into
//! padded indices (an off-board point gives an error, `None` or nothing), so every index the
//! unchecked access sees is an on-board index or a neighbour of one; `cells.rs` states the
//! invariant in full.

use std::fmt;

use crate::rules::{KoRule, Rules};
use crate::{Color, Point, Size, SizeError};

#[allow(unsafe_code)]
mod cells;
mod chain;
mod layout;
mod light;
#[allow(unsafe_code)]
mod sets;
#[cfg(test)]
mod tests;

use cells::{at, at_mut};
pub(crate) use layout::{Layout, EMPTY, WALL};
pub(crate) use light::{Below, Light};
#[cfg(test)]
pub(crate) use sets::PortableSets;
pub(crate) use sets::{with_kernel, KernelUser, SetOps};

/// Why a move is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The point is not on the board.
    OffBoard,
    /// A stone is already there.
    Occupied,
    /// The move would leave its own chain without liberties, and the rules forbid it.
    Suicide,
    /// The move retakes a ko at once.
    Ko,
    /// The move repeats an earlier position that the superko rule forbids.
    Superko,
}

impl Reason {
    /// A short lower-case name: `off board`, `occupied`, `suicide`, `ko`, `superko`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::OffBoard => "off board",
            Reason::Occupied => "occupied",
            Reason::Suicide => "suicide",
            Reason::Ko => "ko",
            Reason::Superko => "superko",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An illegal move: who tried to play where, and why it is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{reason} at {point}")]
pub struct IllegalMove {
    /// Where the stone would go.
    pub point: Point,
    /// Whose stone.
    pub color: Color,
    /// Why it may not go there.
    pub reason: Reason,
}

/// What a legal move did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Played {
    /// Opponent stones captured by the move.
    pub captured: usize,
    /// Own stones removed by a (legal) multi-stone suicide; 0 otherwise.
    pub suicided: usize,
}

/// A look at a move without playing it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveAnalysis {
    /// `Ok` when the board's rules allow the move (superko is the game's business).
    pub legality: Result<(), IllegalMove>,
    /// Opponent stones the move would capture, sorted.
    pub captures: Vec<Point>,
    /// Whether the move leaves its own chain without liberties (and captures nothing).
    pub suicide: bool,
    /// Whether the move captures exactly one stone and creates a ko the opponent may not retake
    /// at once.
    pub creates_ko: bool,
    /// Whether the move is the immediate retake of a ko (forbidden under every ko rule).
    pub retakes_ko: bool,
    /// Liberties of the move's own chain after the move (0 for a suicide).
    pub liberties_after: usize,
}

/// A chain of stones with its liberties.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chain {
    /// The chain's colour.
    pub color: Color,
    /// Its stones, sorted by (y, x).
    pub stones: Vec<Point>,
    /// Its liberties, sorted by (y, x).
    pub liberties: Vec<Point>,
}

/// A Go board of any size from 1×1 to 52×52, square or rectangular.
///
/// ```
/// use tengen::{Board, Color, Point, Rules};
/// let mut board = Board::square(9).unwrap();
/// board.play(Point::new(2, 2), Color::Black, &Rules::default()).unwrap();
/// assert_eq!(board.get(Point::new(2, 2)), Some(Color::Black));
/// assert_eq!(board.liberties(Point::new(2, 2)), Some(4));
/// ```
#[derive(Clone)]
pub struct Board {
    size: Size,
    /// The padded geometry (stride, padded length, set width); every array below is sized
    /// from it in [`Board::new`].
    layout: Layout,
    cells: Box<[u8]>,
    head: Box<[u16]>,
    next: Box<[u16]>,
    /// Chain surroundings, by chain head: the set of the chain with head `h` is the `words`
    /// words from `h * words`, and bit `q` (a padded index) says `q` is next to a stone of the
    /// chain. The chain's liberties are exactly this set AND `empty_bits`, so a stone placed
    /// or removed elsewhere never touches a chain's set: only placing a stone (four bits) and
    /// merging (an OR) do; captures need no update at all.
    around: Box<[u64]>,
    /// The empty points as a bit set over padded indices (`words` words).
    empty_bits: Box<[u64]>,
    chain_size: Box<[u16]>,
    /// The empty points, in the first `n_empty` slots (order unspecified).
    empties: Box<[u16]>,
    /// For an empty point, its slot in `empties`.
    empty_at: Box<[u16]>,
    /// Per point, packed neighbour counts: bits 0-3 black stones or walls, bits 4-7 white
    /// stones or walls, bits 8-11 empty points. Makes the eye and quick-liberty tests one load.
    nbr: Box<[u16]>,
    n_empty: usize,
    stones: [u32; 2],
    hash: u64,
    /// The simple-ko point (0 = none; index 0 is always a wall) and the colour barred from it.
    ko: u16,
    ko_color: u8,
    /// Stones removed by the last play, in `removed[..n_removed]`.
    removed: Box<[u16]>,
    n_removed: usize,
    /// Scratch for flood fills (generation-stamped marks and a stack).
    marks: Box<[u32]>,
    mark_gen: u32,
    stack: Box<[u16]>,
}

/// Copy the surroundings set of chain head `h` (`w` words) from `from` into `around`: the
/// sets of [`Board::copy_from`] and [`Board::restore_points`], for a padded index `h`.
#[inline(always)]
fn copy_set(around: &mut [u64], from: &[u64], h: usize, w: usize) {
    for i in h * w..(h + 1) * w {
        *at_mut(around, i) = at(from, i);
    }
}

impl PartialEq for Board {
    /// Boards are equal when they have the same size, stones and simple-ko state.
    fn eq(&self, other: &Board) -> bool {
        self.size == other.size
            && self.cells == other.cells
            && self.ko == other.ko
            && (self.ko == 0 || self.ko_color == other.ko_color)
    }
}
impl Eq for Board {}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Board {} hash {:016x}", self.size, self.hash)?;
        let picture = crate::formats::text::render(self, Default::default(), |_| None);
        f.write_str(&picture)
    }
}

impl Board {
    /// An empty board of the given size.
    pub fn new(size: Size) -> Board {
        let layout = Layout::new(size);
        let (len, words) = (layout.len(), layout.words());
        let mut cells = vec![WALL; len].into_boxed_slice();
        let mut empties = vec![0u16; size.area()].into_boxed_slice();
        let mut empty_at = vec![0u16; len].into_boxed_slice();
        for (n, p) in layout.all_pos().enumerate() {
            cells[p] = EMPTY;
            empties[n] = p as u16;
            empty_at[p] = n as u16;
        }
        let mut b = Board {
            size,
            layout,
            around: vec![0; len * words].into_boxed_slice(),
            empty_bits: vec![0; words].into_boxed_slice(),
            nbr: vec![0; len].into_boxed_slice(),
            cells,
            head: vec![0; len].into_boxed_slice(),
            next: vec![0; len].into_boxed_slice(),
            chain_size: vec![0; len].into_boxed_slice(),
            empties,
            empty_at,
            n_empty: size.area(),
            stones: [0; 2],
            hash: 0,
            ko: 0,
            ko_color: 0,
            removed: vec![0; size.area()].into_boxed_slice(),
            n_removed: 0,
            marks: vec![0; len].into_boxed_slice(),
            mark_gen: 0,
            stack: vec![0; size.area()].into_boxed_slice(),
        };
        b.recount_neighbours();
        b.rebuild_empty_bits();
        b
    }

    /// Make this board a copy of `other`, reusing this board's buffers when the sizes match
    /// (no allocation then: the way to restart a playout from a position).
    pub fn copy_from(&mut self, other: &Board) {
        if self.size != other.size {
            *self = other.clone();
            return;
        }
        self.cells.copy_from_slice(&other.cells);
        self.head.copy_from_slice(&other.head);
        self.next.copy_from_slice(&other.next);
        // Only chain heads' surroundings sets are ever read (a new chain clears its set
        // first), so copy just those: none at all for the empty board, where copying every
        // point's set was 8% of a 19x19 playout.
        if other.stones != [0, 0] {
            // the cells eight at a time, the stones among them found by bit tricks (a stone's
            // cell is 1 or 2: its two low bits differ; empty 0 and wall 3 have them equal):
            // visiting every point one by one cost more than the copies themselves
            let w = self.layout.words();
            let len = other.layout.len();
            let (around, from) = (&mut self.around, &other.around);
            let head = &other.head;
            let mut copy_heads = |k: usize, x: u64| {
                let mut stones = (x ^ (x >> 1)) & 0x0101_0101_0101_0101;
                while stones != 0 {
                    let p = 8 * k + stones.trailing_zeros() as usize / 8;
                    stones &= stones - 1;
                    if at(head, p) as usize == p {
                        copy_set(around, from, p, w);
                    }
                }
            };
            // whole words where they fit (a copy of each chunk into a buffer was a call to
            // `memcpy` per eight cells, a tenth of the reader's time), the tail padded
            let cells = &other.cells[..len];
            let mut chunks = cells.chunks_exact(8);
            for (k, chunk) in chunks.by_ref().enumerate() {
                let bytes: [u8; 8] = chunk.try_into().expect("a chunk of eight");
                copy_heads(k, u64::from_le_bytes(bytes));
            }
            let tail = chunks.remainder();
            if !tail.is_empty() {
                let mut bytes = [0u8; 8];
                bytes[..tail.len()].copy_from_slice(tail);
                copy_heads(len / 8, u64::from_le_bytes(bytes));
            }
        }
        self.chain_size.copy_from_slice(&other.chain_size);
        self.nbr.copy_from_slice(&other.nbr);
        self.copy_empties_and_counters(other);
    }

    /// Copy `other`'s empty points (the set and the list) and counters (with no stones
    /// removed by a last play): the part of a copy that [`Board::copy_from`] and
    /// [`Board::restore_points`] share.
    fn copy_empties_and_counters(&mut self, other: &Board) {
        self.empty_bits.copy_from_slice(&other.empty_bits);
        self.empties.copy_from_slice(&other.empties);
        self.empty_at.copy_from_slice(&other.empty_at);
        self.n_empty = other.n_empty;
        self.stones = other.stones;
        self.hash = other.hash;
        self.ko = other.ko;
        self.ko_color = other.ko_color;
        self.n_removed = 0;
    }

    /// Make this board a copy of `parent`, when it differs from it only at the points of
    /// `stale` (a bit set over padded indices, [`Board::set_words`] words) and in the
    /// counters: only those points are copied back (their cells, chain links and sizes, the
    /// neighbour counts around them, and the surroundings sets of the parent's chain heads
    /// among them), with the empty-point list and the counters whole. A search that plays
    /// move after move from one position knows where its boards differ
    /// ([`Board::mark_last_play`]); that is a fraction of a whole copy. A board of
    /// another size is copied whole.
    ///
    /// Bounds: the indices used are the set's points below the padded length and their
    /// neighbours, within the layout both boards share.
    pub(crate) fn restore_points(&mut self, parent: &Board, stale: &[u64]) {
        if self.layout != parent.layout {
            self.copy_from(parent);
            return;
        }
        let (w, len) = (self.layout.words(), self.layout.len());
        for (k, &word) in stale.iter().enumerate().take(w) {
            let mut bits = word;
            while bits != 0 {
                let s = 64 * k + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if s >= len {
                    break;
                }
                *at_mut(&mut self.cells, s) = at(&parent.cells, s);
                *at_mut(&mut self.head, s) = at(&parent.head, s);
                *at_mut(&mut self.next, s) = at(&parent.next, s);
                *at_mut(&mut self.chain_size, s) = at(&parent.chain_size, s);
                *at_mut(&mut self.nbr, s) = at(&parent.nbr, s);
                if at(&parent.cells, s) == WALL {
                    continue;
                }
                for q in self.layout.nbrs(s) {
                    *at_mut(&mut self.nbr, q) = at(&parent.nbr, q);
                }
                // only heads' sets are read: the parent's heads among the points are the
                // only ones a move could have changed (a chain's set changes when it grows)
                if at(&parent.head, s) as usize == s {
                    copy_set(&mut self.around, &parent.around, s, w);
                }
            }
        }
        self.copy_empties_and_counters(parent);
    }

    /// Add to `stale` (a bit set over padded indices) the points where the last
    /// [`Board::play_pos`], of a stone on `p`, changed this board beyond its counters and
    /// empty-point list: `p`, the chain it is in, and the stones it removed
    /// (see [`Board::restore_points`]).
    pub(crate) fn mark_last_play(&self, p: usize, stale: &mut [u64]) {
        let mut mark = |q: usize| {
            if let Some(word) = stale.get_mut(q >> 6) {
                *word |= 1u64 << (q & 63);
            }
        };
        mark(p);
        if matches!(self.cells.get(p), Some(1 | 2)) {
            for q in self.chain_stones_at(p) {
                mark(q);
            }
        }
        for &q in &self.removed[..self.n_removed] {
            mark(q as usize);
        }
    }

    /// The words of this board's bit sets over padded indices.
    pub(crate) fn set_words(&self) -> usize {
        self.layout.words()
    }

    /// An empty `n` × `n` board.
    ///
    /// # Errors
    /// [`SizeError`] when `n` is outside 1..=52.
    pub fn square(n: usize) -> Result<Board, SizeError> {
        Ok(Board::new(Size::square(n)?))
    }

    /// The board's size.
    #[inline]
    pub fn size(&self) -> Size {
        self.size
    }

    /// Number of columns.
    #[inline]
    pub fn width(&self) -> usize {
        self.size.width()
    }

    /// Number of rows.
    #[inline]
    pub fn height(&self) -> usize {
        self.size.height()
    }

    /// The padded index of `p`, or `None` when `p` is off the board: the one door from a
    /// public [`Point`] to the index-based internals.
    #[inline]
    pub(crate) fn checked_pos(&self, p: Point) -> Option<usize> {
        self.layout.checked_pos(p)
    }

    /// The stone on `p`, or `None` when `p` is empty or off the board.
    #[inline]
    pub fn get(&self, p: Point) -> Option<Color> {
        Color::from_digit(self.cells[self.checked_pos(p)?])
    }

    /// The Zobrist hash of the stones on the board (positional: the side to move is not in it).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Number of stones of `color` on the board.
    #[inline]
    pub fn stone_count(&self, color: Color) -> usize {
        self.stones[color.index()] as usize
    }

    /// Number of empty points.
    #[inline]
    pub fn empty_count(&self) -> usize {
        self.n_empty
    }

    /// The simple-ko point and the colour that may not play there now, if any.
    pub fn ko(&self) -> Option<(Point, Color)> {
        if self.ko == 0 {
            None
        } else {
            Some((
                self.point(self.ko as usize),
                Color::from_digit(self.ko_color)?,
            ))
        }
    }

    /// Forget the simple-ko point (what a pass or a move elsewhere does).
    pub fn clear_ko(&mut self) {
        self.ko = 0;
    }

    /// Set the simple-ko point by hand (for positions loaded with their ko state).
    /// Ignored when `p` is off the board or not empty.
    pub fn set_ko(&mut self, p: Point, barred: Color) {
        if let Some(q) = self.checked_pos(p) {
            if self.cells[q] == EMPTY {
                self.ko = q as u16;
                self.ko_color = barred.digit();
            }
        }
    }

    /// The stones removed by the last [`Board::play`]: captured opponent stones, or the own
    /// chain of a multi-stone suicide.
    pub fn last_removed(&self) -> impl Iterator<Item = Point> + '_ {
        self.removed[..self.n_removed]
            .iter()
            .map(|&p| self.point(p as usize))
    }

    /// The padded index of the stone on `p`; `None` for an empty or off-board point.
    #[inline]
    fn stone_pos(&self, p: Point) -> Option<usize> {
        self.checked_pos(p)
            .filter(|&q| matches!(self.cells[q], 1 | 2))
    }

    /// Number of liberties of the chain on `p`; `None` for an empty or off-board point.
    pub fn liberties(&self, p: Point) -> Option<usize> {
        Some(self.libs_at(self.stone_pos(p)?) as usize)
    }

    /// The chain on `p` with its stones and liberties; `None` for an empty or off-board point.
    pub fn chain(&self, p: Point) -> Option<Chain> {
        let q = self.stone_pos(p)?;
        let color = Color::from_digit(self.cells[q])?;
        let mut stones = Vec::new();
        let mut liberties = Vec::new();
        for s in self.chain_stones_at(q) {
            stones.push(self.point(s));
            for n in self.nbrs(s) {
                if self.cells[n] == EMPTY {
                    liberties.push(self.point(n));
                }
            }
        }
        let key = |p: &Point| (p.y, p.x);
        stones.sort_unstable_by_key(key);
        liberties.sort_unstable_by_key(key);
        liberties.dedup();
        Some(Chain {
            color,
            stones,
            liberties,
        })
    }

    /// The padded index of `p` if `color` may be placed there at all: on the board and empty.
    fn empty_pos(&self, p: Point, color: Color) -> Result<usize, IllegalMove> {
        let err = |reason| IllegalMove {
            point: p,
            color,
            reason,
        };
        let q = self.checked_pos(p).ok_or(err(Reason::OffBoard))?;
        if self.cells[q] != EMPTY {
            return Err(err(Reason::Occupied));
        }
        Ok(q)
    }

    /// Whether `color` may play on `p` under `rules` (simple ko and suicide; superko needs a
    /// [`crate::Game`]).
    ///
    /// # Errors
    /// The [`IllegalMove`] saying why not.
    pub fn check(&self, p: Point, color: Color, rules: &Rules) -> Result<(), IllegalMove> {
        self.check_pos(p, color, rules).map(|_| ())
    }

    /// [`Board::check`], giving the padded index of the legal move.
    fn check_pos(&self, p: Point, color: Color, rules: &Rules) -> Result<usize, IllegalMove> {
        let q = self.empty_pos(p, color)?;
        let err = |reason| IllegalMove {
            point: p,
            color,
            reason,
        };
        let c = color.digit();
        if rules.ko != KoRule::None && self.is_ko_retake(q, c) {
            return Err(err(Reason::Ko));
        }
        if self.is_suicide_pos(q, c) && !(rules.multi_stone_suicide && self.has_own_neighbor(q, c))
        {
            return Err(err(Reason::Suicide));
        }
        Ok(q)
    }

    /// Whether [`Board::check`] accepts the move.
    pub fn is_legal(&self, p: Point, color: Color, rules: &Rules) -> bool {
        self.check(p, color, rules).is_ok()
    }

    /// Play a stone of `color` on `p` under `rules`: capture opponent chains left without
    /// liberties, then judge the own chain (suicide). Clears or sets the simple-ko point.
    ///
    /// # Errors
    /// The [`IllegalMove`] saying why the move is illegal; the board is then unchanged.
    pub fn play(&mut self, p: Point, color: Color, rules: &Rules) -> Result<Played, IllegalMove> {
        let q = self.check_pos(p, color, rules)?;
        Ok(self.play_pos(q, color.digit()))
    }

    /// The same as a pass: clears the simple-ko point.
    pub fn pass(&mut self) {
        self.n_removed = 0;
        self.ko = 0;
    }

    /// Every point where `color` may play under `rules`, sorted by (y, x).
    pub fn legal_moves(&self, color: Color, rules: &Rules) -> Vec<Point> {
        self.size
            .points()
            .filter(|&p| self.is_legal(p, color, rules))
            .collect()
    }

    /// What playing `color` on `p` would do, without playing it.
    pub fn analyze(&self, p: Point, color: Color, rules: &Rules) -> MoveAnalysis {
        let legality = self.check(p, color, rules);
        let mut a = MoveAnalysis {
            legality,
            captures: Vec::new(),
            suicide: false,
            creates_ko: false,
            retakes_ko: false,
            liberties_after: 0,
        };
        let Ok(q) = self.empty_pos(p, color) else {
            return a;
        };
        let c = color.digit();
        a.retakes_ko = self.is_ko_retake(q, c);
        a.suicide = self.is_suicide_pos(q, c);
        let mut heads = [0u16; 4];
        let mut n = 0;
        for nb in self.nbrs(q) {
            let v = self.cells[nb];
            if v == (c ^ 3) && self.libs_at(nb) == 1 {
                let h = self.head[nb];
                if !heads[..n].contains(&h) {
                    heads[n] = h;
                    n += 1;
                    let mut s = h as usize;
                    loop {
                        a.captures.push(self.point(s));
                        s = self.next[s] as usize;
                        if s == h as usize {
                            break;
                        }
                    }
                }
            }
        }
        a.captures.sort_unstable_by_key(|p| (p.y, p.x));
        if !a.suicide {
            let mut b = self.clone();
            b.play_pos(q, c);
            a.liberties_after = b.libs_at(q) as usize;
            a.creates_ko = b.ko != 0;
        }
        a
    }

    /// The hash the board would have after `color` plays on `p` (captures included; a
    /// multi-stone suicide removes the own chain when `multi_stone_suicide` is set). Used for
    /// superko checks without copying the board. Ko and suicide rules are not judged here
    /// (see [`Board::check`]).
    ///
    /// # Errors
    /// An [`IllegalMove`] with [`Reason::OffBoard`] or [`Reason::Occupied`] when no stone can
    /// be placed on `p`.
    pub fn hash_after(
        &self,
        p: Point,
        color: Color,
        multi_stone_suicide: bool,
    ) -> Result<u64, IllegalMove> {
        let q = self.empty_pos(p, color)?;
        Ok(self.hash_after_pos(q, color.digit(), multi_stone_suicide))
    }

    /// Put or remove stones freely (setup, as SGF AB/AW/AE), with no captures. Points off the
    /// board are ignored. Chains may be left without liberties; see
    /// [`Board::chains_without_liberties`]. Clears the simple-ko point.
    pub fn edit<I: IntoIterator<Item = (Point, Option<Color>)>>(&mut self, edits: I) {
        for (p, c) in edits {
            if let Some(q) = self.checked_pos(p) {
                self.cells[q] = c.map_or(EMPTY, Color::digit);
            }
        }
        self.ko = 0;
        self.n_removed = 0;
        self.recompute();
    }

    /// One stone of every chain that has no liberty (sorted by (y, x) of that stone, which is
    /// the chain's first stone in that order).
    pub fn chains_without_liberties(&self) -> Vec<Point> {
        let mut out: Vec<Point> = Vec::new();
        let mut seen = vec![false; self.cells.len()];
        for q in self.all_pos() {
            if self.cells[q] != EMPTY {
                let h = self.head_at(q);
                if !seen[h] {
                    seen[h] = true;
                    if self.lib_count(h) == 0 {
                        out.push(self.point(q));
                    }
                }
            }
        }
        out
    }

    /// Remove the whole chain on `p` (no captures credited). Returns the number of stones
    /// (0 for an empty or off-board point).
    pub fn remove_chain_at(&mut self, p: Point) -> usize {
        let Some(q) = self.stone_pos(p) else {
            return 0;
        };
        let h = self.head[q] as usize;
        self.n_removed = 0;
        let n = self.remove_chain(self.layout, h);
        self.n_removed = 0;
        n
    }

    // ---------------------------------------------------------------------------------------
    // Crate-internal, index-based interface (the hot path). Indices are padded on-board
    // indices (from `checked_pos`, `all_pos`, `empties` or a chain) unless said otherwise.

    /// The board's padded geometry.
    #[inline(always)]
    pub(crate) fn layout(&self) -> Layout {
        self.layout
    }

    /// The padded index of an on-board point; callers check the point first (off the board
    /// the index names another cell or lies past the end, see [`Board::checked_pos`]).
    #[inline]
    pub(crate) fn pos(&self, p: Point) -> usize {
        debug_assert!(self.size.contains(p));
        self.layout.pos(p)
    }

    /// The point of a padded on-board index.
    #[inline]
    pub(crate) fn point(&self, pos: usize) -> Point {
        self.layout.point(pos)
    }

    /// The four neighbours of `p`.
    #[inline(always)]
    pub(crate) fn nbrs(&self, p: usize) -> [usize; 4] {
        self.layout.nbrs(p)
    }

    /// The four diagonal neighbours of `p`.
    #[inline(always)]
    pub(crate) fn diagonals(&self, p: usize) -> [usize; 4] {
        self.layout.diagonals(p)
    }

    /// The cell value at a padded index: 0 empty, 1 black, 2 white, 3 wall.
    #[inline(always)]
    pub(crate) fn cell(&self, p: usize) -> u8 {
        at(&self.cells, p)
    }

    /// The empty points' padded indices.
    #[inline]
    pub(crate) fn empties(&self) -> &[u16] {
        &self.empties[..self.n_empty]
    }

    /// Slot `i` of the empty-point list (`i` below [`Board::empty_count`]), read without the
    /// two bounds checks of `empties()[i]`: the samplers' draw, once per random pick.
    #[inline(always)]
    pub(crate) fn empty_slot(&self, i: usize) -> usize {
        debug_assert!(i < self.n_empty);
        at(&self.empties, i) as usize
    }

    /// Liberty count of the chain through the stone at `p`.
    #[inline(always)]
    pub(crate) fn libs_at(&self, p: usize) -> u16 {
        self.lib_count(at(&self.head, p) as usize) as u16
    }

    /// The liberties the chain of a stone of colour `c` played on the empty `p` would have
    /// (its own and those of the chains it joins), or `None` when the play would capture:
    /// the play's outcome without playing it.
    #[inline]
    pub(crate) fn libs_after_play(&self, p: usize, c: u8) -> Option<u32> {
        let w = self.layout.words();
        let (mut heads, mut nh) = ([0usize; 4], 0);
        for n in self.nbrs(p) {
            let v = self.cell(n);
            if v == c {
                let h = at(&self.head, n) as usize;
                if !heads[..nh].contains(&h) {
                    heads[nh] = h;
                    nh += 1;
                }
            } else if v != EMPTY && v != WALL && self.libs_at(n) == 1 {
                return None;
            }
        }
        let mut count = 0;
        for i in 0..w {
            let mut x = 0u64;
            for &h in &heads[..nh] {
                x |= at(&self.around, h * w + i);
            }
            if i == p >> 6 {
                // `p` itself is a liberty of every chain it joins, and no longer empty
                x &= !(1u64 << (p & 63));
            }
            for n in self.nbrs(p) {
                if n >> 6 == i && self.cell(n) == EMPTY {
                    x |= 1u64 << (n & 63);
                }
            }
            count += (x & at(&self.empty_bits, i)).count_ones();
        }
        Some(count)
    }

    /// Number of empty points next to `p`.
    #[inline(always)]
    pub(crate) fn empty_nbrs(&self, p: usize) -> u16 {
        at(&self.nbr, p) >> 8
    }

    /// Number of neighbours of `p` that are stones of colour `c` (1 or 2) or walls.
    #[inline(always)]
    pub(crate) fn own_or_wall_nbrs(&self, p: usize, c: u8) -> u16 {
        (at(&self.nbr, p) >> (4 * (c - 1))) & 15
    }

    /// The packed neighbour counts of one point, computed from the cells.
    fn count_neighbours(&self, p: usize) -> u16 {
        let mut v = 0u16;
        for n in self.nbrs(p) {
            v += match self.cells[n] {
                EMPTY => 0x100,
                WALL => 0x011,
                c => 1 << (4 * (c - 1)),
            };
        }
        v
    }

    /// Recompute the set of empty points from the cells.
    fn rebuild_empty_bits(&mut self) {
        self.empty_bits.fill(0);
        for (p, &v) in self.cells.iter().enumerate() {
            if v == EMPTY {
                self.empty_bits[p >> 6] |= 1 << (p & 63);
            }
        }
    }

    /// Recompute the packed neighbour counts of every point.
    fn recount_neighbours(&mut self) {
        for p in self.layout.all_pos() {
            self.nbr[p] = self.count_neighbours(p);
        }
    }

    /// Swap two slots (below [`Board::empty_count`]) of the empty-point list (its order is
    /// free); used by samplers that shrink a candidate range in place.
    #[inline(always)]
    pub(crate) fn swap_empty_slots(&mut self, i: usize, j: usize) {
        debug_assert!(i < self.n_empty && j < self.n_empty);
        let (a, b) = (at(&self.empties, i), at(&self.empties, j));
        *cells::at_mut(&mut self.empties, i) = b;
        *cells::at_mut(&mut self.empties, j) = a;
        *cells::at_mut(&mut self.empty_at, b as usize) = i as u16;
        *cells::at_mut(&mut self.empty_at, a as usize) = j as u16;
    }

    /// The head (representative stone) of the chain through the stone at `p`.
    #[inline(always)]
    pub(crate) fn head_at(&self, p: usize) -> usize {
        at(&self.head, p) as usize
    }

    /// The number of stones of the chain through the stone at `p`.
    #[inline(always)]
    pub(crate) fn chain_size_at(&self, p: usize) -> usize {
        at(&self.chain_size, self.head_at(p)) as usize
    }

    /// The stones (padded indices) of the chain through the stone at `p`.
    pub(crate) fn chain_stones_at(&self, p: usize) -> ChainStones<'_> {
        let h = at(&self.head, p) as usize;
        ChainStones {
            board: self,
            head: h,
            cur: Some(h),
        }
    }

    /// The padded indices of all on-board points, row by row.
    pub(crate) fn all_pos(&self) -> impl Iterator<Item = usize> {
        self.layout.all_pos()
    }

    /// Length of the padded arrays (every padded index is below it).
    #[inline]
    pub(crate) fn padded_len(&self) -> usize {
        self.layout.len()
    }

    /// Whether `c` at the empty `p` would capture one stone in a ko: it takes exactly one
    /// stone and the played stone stands alone with that point as its only liberty (so the
    /// opponent could retake at once but for the ko rule).
    pub(crate) fn captures_in_ko(&self, p: usize, c: u8) -> bool {
        if self.empty_nbrs(p) > 0 || self.has_own_neighbor(p, c) {
            return false;
        }
        let mut taken = 0;
        let mut heads = [0usize; 4];
        for (i, n) in self.nbrs(p).into_iter().enumerate() {
            if at(&self.cells, n) == (c ^ 3) && self.libs_at(n) == 1 {
                let h = self.head_at(n);
                if !heads[..i].contains(&h) {
                    taken += self.chain_size_at(n);
                }
                heads[i] = h;
            }
        }
        taken == 1
    }

    /// Whether playing `c` at empty `p` retakes the current ko.
    #[inline(always)]
    pub(crate) fn is_ko_retake(&self, p: usize, c: u8) -> bool {
        p == self.ko as usize && c == self.ko_color
    }

    #[inline(always)]
    fn has_own_neighbor(&self, p: usize, c: u8) -> bool {
        self.nbrs(p).iter().any(|&n| at(&self.cells, n) == c)
    }

    /// The raw simple-ko state, for undo records.
    #[inline]
    pub(crate) fn ko_state(&self) -> (u16, u8) {
        (self.ko, self.ko_color)
    }

    /// The padded indices removed by the last play.
    #[inline]
    pub(crate) fn removed_raw(&self) -> &[u16] {
        &self.removed[..self.n_removed]
    }
}

/// Iterator over the stones of one chain (padded indices), following the circular list.
pub(crate) struct ChainStones<'a> {
    board: &'a Board,
    head: usize,
    cur: Option<usize>,
}

impl Iterator for ChainStones<'_> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        let c = self.cur?;
        let n = self.board.next[c] as usize;
        self.cur = if n == self.head { None } else { Some(n) };
        Some(c)
    }
}

// after the main `impl Board`, so the docs of `Board` open with its API, not the check
mod oracle;
