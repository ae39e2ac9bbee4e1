//! Fast random playouts: the classic measure of a Go board's speed and the engine of Monte
//! Carlo search.
//!
//! # Light playout v1
//! From the given position (usually the empty board), the side to move first; each turn the
//! mover picks uniformly at random among the points that are empty, legal under simple ko with
//! suicide forbidden, and not a one-point eye of its own. An eye here: every orthogonal
//! neighbour is an own stone or off the board, and the number of enemy diagonal stones, plus one
//! if any diagonal is off the board, is below 2. With no such point the mover passes. The
//! playout stops after two passes in a row or after 3·W·H moves (passes count as moves) and is
//! scored by area (Tromp-Taylor: stones plus empty regions that reach only one colour).
//!
//! The sampler draws a random slot of the board's empty-point list; a rejected point is swapped
//! to the end of the shrinking candidate range, so every draw is uniform over the points not yet
//! rejected and the choice is exactly uniform over the acceptable points, with no list built per
//! move. Nothing is allocated per move or per playout: [`Playout`] owns every buffer.
//!
//! On 9x9 and 19x19 boards the loop runs in the board's fixed-shape kernel (`board/light.rs`),
//! which draws and plays exactly as the loop on a [`Board`] (the same games for a seed) and
//! keeps the end position until [`Playout::board`] asks for it.
//!
//! The random generator is hand-written (wyrand): a playout makes hundreds of draws and a
//! general-purpose generator behind a trait object would cost more than the board work.

use crate::board::{with_kernel, Below, Board, KernelUser, Layout, Light, SetOps, EMPTY, WALL};
use crate::{Color, Komi};

/// A small, fast, seedable random generator (wyrand). Not for cryptography.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator with the given seed; equal seeds give equal sequences.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    #[inline(always)]
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0xa076_1d64_78bd_642f);
        let t = (self.0 as u128).wrapping_mul((self.0 ^ 0xe703_7ed1_a0b4_28db) as u128);
        (t >> 64) as u64 ^ t as u64
    }

    /// A number in `0..n` (`n` > 0), exactly uniform: Lemire's multiply-high method with its
    /// rejection step, which runs with probability below `n / 2^64` (never in practice, so the
    /// hot path is one multiplication and one well-predicted branch).
    #[inline(always)]
    pub fn below(&mut self, n: usize) -> usize {
        let n = n as u64;
        let mut m = self.next_u64() as u128 * n as u128;
        if (m as u64) < n {
            // the low products below 2^64 mod n would over-represent some results
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = self.next_u64() as u128 * n as u128;
            }
        }
        (m >> 64) as usize
    }
}

impl Below for Rng {
    #[inline(always)]
    fn below(&mut self, n: usize) -> usize {
        Rng::below(self, n)
    }
}

/// The fixed-shape kernel of 9x9 boards (padded length 111).
type Light9 = Light<2, 10, 112>;
/// The fixed-shape kernel of 19x19 boards (padded length 421).
type Light19 = Light<8, 20, 424>;

/// The outcome of one playout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayoutResult {
    /// Moves made, passes included.
    pub moves: u32,
    /// Black's area minus White's area, before komi.
    pub area_diff: i32,
}

impl PlayoutResult {
    /// The winner with `komi` for White (a draw, possible with integer komi, gives `None`).
    pub fn winner(&self, komi: Komi) -> Option<Color> {
        let d = 2 * self.area_diff - komi.half_points();
        match d.signum() {
            1 => Some(Color::Black),
            -1 => Some(Color::White),
            _ => None,
        }
    }
}

/// Runs light playouts from a start position, reusing its buffers.
///
/// ```
/// use tengen::playout::{Playout, Rng};
/// use tengen::{Board, Color, Komi};
/// let mut p = Playout::new(Board::square(9).unwrap(), Color::Black);
/// let mut rng = Rng::new(1);
/// let r = p.run(&mut rng);
/// assert!(r.moves > 0);
/// assert!(r.winner(Komi::from_half_points(15)).is_some());
/// ```
#[derive(Clone, Debug)]
pub struct Playout {
    start: Board,
    first: Color,
    board: Board,
    max_moves: u32,
    seen: Vec<u32>,
    stack: Vec<u16>,
    gen: u32,
    /// When recording, the stones played by the last playout as `pos << 1 | colour - 1`.
    record: bool,
    played: Vec<u16>,
    /// The fixed-shape kernel for the current board size, if it has one (`board/light.rs`).
    light9: Option<Box<Light9>>,
    light19: Option<Box<Light19>>,
    /// Whether the last playout's end position is still only in the kernel (stored into
    /// `board` when asked for).
    stale: bool,
}

impl std::fmt::Debug for Light9 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Light9")
    }
}

impl std::fmt::Debug for Light19 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Light19")
    }
}

impl Playout {
    /// Playouts from `start` with `first` to move.
    pub fn new(start: Board, first: Color) -> Playout {
        let len = start.padded_len();
        let max_moves = 3 * (start.width() * start.height()) as u32;
        Playout {
            light9: Light9::new(start.layout()),
            light19: Light19::new(start.layout()),
            stale: false,
            board: start.clone(),
            stack: Vec::with_capacity(start.width() * start.height()),
            start,
            first,
            max_moves,
            seen: vec![0; len],
            gen: 0,
            record: false,
            played: Vec::new(),
        }
    }

    /// The position at the end of the last playout (the fixed-shape kernels keep it until it
    /// is asked for, hence `&mut`).
    pub fn board(&mut self) -> &Board {
        self.store_end();
        &self.board
    }

    /// Store the end position of the last playout into `board` if a kernel still holds it.
    fn store_end(&mut self) {
        if self.stale {
            if let Some(k) = &self.light9 {
                k.store(&mut self.board);
            } else if let Some(k) = &self.light19 {
                k.store(&mut self.board);
            }
            self.stale = false;
        }
    }

    /// Run one playout from the start position.
    pub fn run(&mut self, rng: &mut Rng) -> PlayoutResult {
        self.stale = false;
        let loaded = if let Some(k) = &mut self.light9 {
            k.load(&self.start);
            true
        } else if let Some(k) = &mut self.light19 {
            k.load(&self.start);
            true
        } else {
            self.board.copy_from(&self.start);
            false
        };
        self.finish(loaded, self.first.digit(), rng)
    }

    /// Run one playout from `board` with `first` to move (the start position is left as is).
    /// `board` must have the size of the start position for the buffers to be reused.
    pub fn run_from(&mut self, board: &Board, first: Color, rng: &mut Rng) -> PlayoutResult {
        if self.seen.len() < board.padded_len() {
            self.seen = vec![0; board.padded_len()];
            self.gen = 0;
        }
        self.max_moves = 3 * (board.width() * board.height()) as u32;
        self.stale = false;
        if self.board.size() != board.size() {
            // the kernels store their end position into `self.board`: it takes this size
            // (an allocation, as `copy_from` makes for a new size)
            self.board = board.clone();
        }
        if !self.light9.as_ref().is_some_and(|k| k.fits(board)) {
            self.light9 = Light9::new(board.layout());
        }
        if !self.light19.as_ref().is_some_and(|k| k.fits(board)) {
            self.light19 = Light19::new(board.layout());
        }
        let loaded = if let Some(k) = &mut self.light9 {
            k.load(board);
            true
        } else if let Some(k) = &mut self.light19 {
            k.load(board);
            true
        } else {
            self.board.copy_from(board);
            false
        };
        self.finish(loaded, first.digit(), rng)
    }

    /// Record the stones each playout plays (for all-moves-as-first statistics); off by
    /// default. The buffer is reused, so recording allocates only while it first grows.
    pub fn set_recording(&mut self, on: bool) {
        self.record = on;
        self.played.clear();
    }

    /// The stones played by the last playout, in order, as (padded index, colour digit);
    /// empty unless recording.
    #[cfg_attr(not(feature = "search"), allow(dead_code))] // read by the move search
    pub(crate) fn played(&self) -> impl Iterator<Item = (usize, u8)> + '_ {
        self.played
            .iter()
            .map(|&e| ((e >> 1) as usize, (e & 1) as u8 + 1))
    }

    /// Run the playout: in the fixed-shape kernel when `loaded` (which holds the start
    /// position then), else on `self.board`.
    fn finish(&mut self, loaded: bool, first: u8, rng: &mut Rng) -> PlayoutResult {
        // the set kernels chosen at run time (AVX2 inside an x86-64-v3 build of the loop
        // when the CPU has it), see `board::sets`
        with_kernel(Finish {
            playout: self,
            loaded,
            first,
            rng,
        })
    }

    #[inline(always)]
    fn finish_any<V: SetOps>(&mut self, loaded: bool, first: u8, rng: &mut Rng) -> PlayoutResult {
        if loaded {
            if let Some(mut k) = self.light9.take() {
                let r = self.finish_light::<V, 2, 10, 112>(&mut k, first, rng);
                self.light9 = Some(k);
                return r;
            }
            if let Some(mut k) = self.light19.take() {
                let r = self.finish_light::<V, 8, 20, 424>(&mut k, first, rng);
                self.light19 = Some(k);
                return r;
            }
        }
        self.finish_board::<V>(first, rng)
    }

    /// The playout loop of the fixed-shape kernel `k` (loaded with the start position); the
    /// end position is stored into `self.board`.
    #[inline(always)]
    fn finish_light<V: SetOps, const W: usize, const S: usize, const N: usize>(
        &mut self,
        k: &mut Light<W, S, N>,
        first: u8,
        rng: &mut Rng,
    ) -> PlayoutResult {
        let mut passes = 0;
        let mut moves = 0;
        self.played.clear();
        // the generator's state in a register for the playout
        let mut r = rng.clone();
        let max_moves = self.max_moves;
        // Black's and White's turns as two copies of the move, each with its colour a
        // constant (shifts, masks and table lookups by colour folded); a playout that White
        // starts enters at White's turn
        let mut white_first = first == 2;
        while moves < max_moves && passes < 2 {
            if !white_first {
                self.light_turn::<V, W, S, N, 1>(k, &mut r, &mut passes);
                moves += 1;
                if moves >= max_moves || passes >= 2 {
                    break;
                }
            }
            white_first = false;
            self.light_turn::<V, W, S, N, 2>(k, &mut r, &mut passes);
            moves += 1;
        }
        *rng = r;
        let area_diff = if passes == 2 {
            // as in `finish_w`: every empty region is one point
            let d = k.single_point_area_diff();
            if cfg!(debug_assertions) {
                k.store(&mut self.board);
                let flood = area_diff(&self.board, &mut self.seen, &mut self.gen, &mut self.stack);
                debug_assert_eq!(d, flood);
            }
            self.stale = true;
            d
        } else {
            k.store(&mut self.board);
            area_diff(&self.board, &mut self.seen, &mut self.gen, &mut self.stack)
        };
        PlayoutResult { moves, area_diff }
    }

    /// One turn of colour `C` in the fixed-shape kernel: a move or a pass.
    #[inline(always)]
    fn light_turn<V: SetOps, const W: usize, const S: usize, const N: usize, const C: u8>(
        &mut self,
        k: &mut Light<W, S, N>,
        r: &mut Rng,
        passes: &mut u32,
    ) {
        match k.pick::<V, Rng>(C, r) {
            Some(p) => {
                if self.record {
                    self.played.push((p as u16) << 1 | (C - 1) as u16);
                }
                k.play::<V>(p, C);
                *passes = 0;
            }
            None => {
                k.pass();
                *passes += 1;
            }
        }
    }

    /// The playout loop on `self.board` (which holds the start position), for every size.
    #[inline(always)]
    fn finish_board<V: SetOps>(&mut self, first: u8, rng: &mut Rng) -> PlayoutResult {
        // one dispatch per playout on the board's liberty-set width, so the move loop runs
        // with a constant width and the board's play is inlined into it; 9x9 and 19x19 also
        // get their row stride as a constant (neighbour offsets folded into the addressing)
        let l = self.board.layout();
        if let Some(l) = l.fixed::<2, 10>() {
            self.finish_w::<V, 2, 10>(l, first, rng)
        } else if let Some(l) = l.fixed::<2, 0>() {
            self.finish_w::<V, 2, 0>(l, first, rng)
        } else if let Some(l) = l.fixed::<4, 0>() {
            self.finish_w::<V, 4, 0>(l, first, rng)
        } else if let Some(l) = l.fixed::<8, 20>() {
            self.finish_w::<V, 8, 20>(l, first, rng)
        } else if let Some(l) = l.fixed::<8, 0>() {
            self.finish_w::<V, 8, 0>(l, first, rng)
        } else {
            self.finish_w::<V, 0, 0>(l, first, rng)
        }
    }

    #[inline(always)]
    fn finish_w<V: SetOps, const W: usize, const S: usize>(
        &mut self,
        l: Layout<W, S>,
        first: u8,
        rng: &mut Rng,
    ) -> PlayoutResult {
        let mut color = first;
        let mut passes = 0;
        let mut moves = 0;
        self.played.clear();
        while moves < self.max_moves && passes < 2 {
            match pick::<V, W, S>(&mut self.board, l, color, rng) {
                Some(p) => {
                    if self.record {
                        self.played.push((p as u16) << 1 | (color - 1) as u16);
                    }
                    self.board.play_pos_w::<V, W, S>(l, p, color);
                    passes = 0;
                }
                None => {
                    self.board.pass();
                    passes += 1;
                }
            }
            moves += 1;
            color ^= 3;
        }
        let area_diff = if passes == 2 {
            // After two passes no empty point has an empty neighbour (such a point is always
            // acceptable, so nobody would have passed): every empty region is one point, owned
            // by the colour of all its neighbours. No flood fill is needed.
            let d = single_point_area_diff(&self.board);
            debug_assert_eq!(
                d,
                area_diff(&self.board, &mut self.seen, &mut self.gen, &mut self.stack)
            );
            d
        } else {
            area_diff(&self.board, &mut self.seen, &mut self.gen, &mut self.stack)
        };
        PlayoutResult { moves, area_diff }
    }

    /// Black's area minus White's (Tromp-Taylor) on `board`, using this playout's buffers.
    pub fn area_of(&mut self, board: &Board) -> i32 {
        if self.seen.len() < board.padded_len() {
            self.seen = vec![0; board.padded_len()];
            self.gen = 0;
        }
        area_diff(board, &mut self.seen, &mut self.gen, &mut self.stack)
    }
}

/// One playout's work handed to [`with_kernel`], which runs it with the best set kernels.
struct Finish<'a> {
    playout: &'a mut Playout,
    loaded: bool,
    first: u8,
    rng: &'a mut Rng,
}

impl KernelUser for Finish<'_> {
    type Output = PlayoutResult;
    #[inline(always)]
    fn run<V: SetOps>(self) -> PlayoutResult {
        self.playout
            .finish_any::<V>(self.loaded, self.first, self.rng)
    }
}

/// Black's area minus White's (Tromp-Taylor) on `b`: one pass over the empty points,
/// flood-filling each region once with a reused stack and generation-stamped marks.
fn area_diff(b: &Board, seen: &mut [u32], gen: &mut u32, stack: &mut Vec<u16>) -> i32 {
    let mut diff = b.stone_count(Color::Black) as i32 - b.stone_count(Color::White) as i32;
    if *gen == u32::MAX {
        seen.fill(0);
        *gen = 0;
    }
    *gen += 1;
    let g = *gen;
    for &e in b.empties() {
        let e = e as usize;
        if seen[e] == g {
            continue;
        }
        seen[e] = g;
        stack.clear();
        stack.push(e as u16);
        let mut size = 0i32;
        let mut reach = 0u8;
        while let Some(q) = stack.pop() {
            size += 1;
            for n in b.nbrs(q as usize) {
                match b.cell(n) {
                    EMPTY => {
                        if seen[n] != g {
                            seen[n] = g;
                            stack.push(n as u16);
                        }
                    }
                    WALL => {}
                    c => reach |= c,
                }
            }
        }
        match reach {
            1 => diff += size,
            2 => diff -= size,
            _ => {}
        }
    }
    diff
}

/// Black's area minus White's on a board whose empty points all have no empty neighbour.
/// Inlined into the (x86-64-v3) playout loop, its only caller.
#[inline(always)]
fn single_point_area_diff(b: &Board) -> i32 {
    let mut diff = b.stone_count(Color::Black) as i32 - b.stone_count(Color::White) as i32;
    for &e in b.empties() {
        let black = b.own_or_wall_nbrs(e as usize, 1) == 4;
        let white = b.own_or_wall_nbrs(e as usize, 2) == 4;
        // both: only walls around (a 1x1 board), a region that reaches no stone
        diff += (black & !white) as i32 - (white & !black) as i32;
    }
    diff
}

/// Whether `p` is a one-point eye of `c` in the sense of light playout v1.
#[inline(always)]
#[cfg_attr(not(feature = "search"), allow(dead_code))] // used by the move search
pub(crate) fn is_eye(b: &Board, p: usize, c: u8) -> bool {
    is_eye_in(b, b.layout(), p, c)
}

/// [`is_eye`] with the board's layout `l` (possibly specialised).
#[inline(always)]
fn is_eye_in<const W: usize, const S: usize>(b: &Board, l: Layout<W, S>, p: usize, c: u8) -> bool {
    if b.own_or_wall_nbrs(p, c) != 4 {
        return false;
    }
    let opp = c ^ 3;
    let mut bad = 0;
    let mut edge = 0;
    for d in l.diagonals(p) {
        let v = b.cell(d);
        bad += (v == opp) as u32;
        edge |= (v == WALL) as u32;
    }
    bad + edge < 2
}

/// Pick a uniformly random acceptable point for `c`, or `None` to pass.
#[inline(always)]
fn pick<V: SetOps, const W: usize, const S: usize>(
    b: &mut Board,
    l: Layout<W, S>,
    c: u8,
    rng: &mut Rng,
) -> Option<usize> {
    let mut n = b.empty_count();
    while n > 0 {
        let i = rng.below(n);
        // `i < n <= empty_count`
        let p = b.empty_slot(i);
        // A point with an empty neighbour is never an eye, a suicide or the ko point.
        if b.empty_nbrs(p) > 0
            || (!b.is_ko_retake(p, c)
                && !is_eye_in(b, l, p, c)
                && !b.is_suicide_fast::<V, W, S>(l, p, c))
        {
            return Some(p);
        }
        n -= 1;
        b.swap_empty_slots(i, n);
    }
    None
}

/// Totals over many playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PlayoutStats {
    /// Playouts run.
    pub playouts: u64,
    /// Moves made in all of them, passes included.
    pub moves: u64,
    /// Playouts Black won.
    pub black_wins: u64,
    /// Playouts White won.
    pub white_wins: u64,
}

impl PlayoutStats {
    /// Mean moves per playout.
    pub fn mean_moves(&self) -> f64 {
        self.moves as f64 / self.playouts.max(1) as f64
    }

    /// Black's share of the playouts (draws count for neither side).
    pub fn black_win_rate(&self) -> f64 {
        self.black_wins as f64 / self.playouts.max(1) as f64
    }

    /// Add another set of totals.
    pub fn merge(&mut self, o: &PlayoutStats) {
        self.playouts += o.playouts;
        self.moves += o.moves;
        self.black_wins += o.black_wins;
        self.white_wins += o.white_wins;
    }
}

/// Run `count` playouts on an empty `width` × `height` board, Black first, scored with `komi`,
/// from `seed`.
pub fn run_empty(board: &Board, count: u64, komi: Komi, seed: u64) -> PlayoutStats {
    let mut p = Playout::new(board.clone(), Color::Black);
    let mut rng = Rng::new(seed);
    let mut s = PlayoutStats::default();
    for _ in 0..count {
        let r = p.run(&mut rng);
        s.playouts += 1;
        s.moves += r.moves as u64;
        match r.winner(komi) {
            Some(Color::Black) => s.black_wins += 1,
            Some(Color::White) => s.white_wins += 1,
            None => {}
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::PortableSets;
    use crate::{Point, Rules};

    /// Fewer repetitions under Miri, which interprets every instruction.
    const MIRI: bool = cfg!(miri);

    #[test]
    #[cfg_attr(miri, ignore)] // statistics over 37,000 draws: too slow to interpret
    fn below_stays_in_range_and_spreads_evenly() {
        let mut rng = Rng::new(3);
        for n in [1usize, 2, 3, 7, 81, 361, 2704] {
            for _ in 0..1000 {
                assert!(rng.below(n) < n);
            }
        }
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            counts[rng.below(3)] += 1;
        }
        // each about 10,000; 5 standard deviations is about 410
        assert!(
            counts.iter().all(|&c| (9_590..=10_410).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn cpu_specific_loop_plays_the_same_playouts_as_the_portable_one() {
        // `run` picks the x86-64-v3 build of the loop where the CPU has it; the portable
        // build must give the very same games, on every liberty-set width
        // (liberty sets of 1, 2, 4, 8, 12 and 48 words, square and rectangular)
        let sizes: &[(usize, usize)] = if MIRI {
            &[(5, 5), (9, 9), (13, 13), (19, 19), (1, 52)]
        } else {
            &[
                (5, 5),
                (9, 9),
                (13, 13),
                (19, 19),
                (25, 25),
                (52, 52),
                (1, 52),
                (52, 3),
            ]
        };
        // (and on 9x9 and 19x19 the fixed-shape kernel, Black's and White's turns written
        // apart, the same games as the board's loop with either colour first)
        for &(w, h) in sizes {
            for first in [Color::Black, Color::White] {
                let start = Board::new(crate::Size::new(w, h).unwrap());
                let mut a = Playout::new(start.clone(), first);
                let mut b = Playout::new(start.clone(), first);
                let (mut ra, mut rb) = (Rng::new(11), Rng::new(11));
                for _ in 0..if MIRI { 1 } else { 8 } {
                    let x = a.run(&mut ra);
                    b.board.copy_from(&start);
                    let y = b.finish_any::<PortableSets>(false, first.digit(), &mut rb);
                    assert_eq!(x, y, "{w}x{h}");
                    assert_eq!(a.board(), b.board());
                    a.board().check_consistency().unwrap();
                }
            }
        }
    }

    #[test]
    fn run_from_follows_the_board_size_with_the_kernels() {
        // one playout object across sizes with and without a fixed-shape kernel plays as a
        // fresh one for each, and its end position is the same, consistent board
        let mut p = Playout::new(Board::square(9).unwrap(), Color::Black);
        for n in [19, 13, 9, 19, 5, 9] {
            let b = Board::square(n).unwrap();
            let mut fresh = Playout::new(b.clone(), Color::Black);
            let (mut r1, mut r2) = (Rng::new(n as u64), Rng::new(n as u64));
            for _ in 0..if MIRI { 1 } else { 3 } {
                let x = p.run_from(&b, Color::White, &mut r1);
                let y = fresh.run_from(&b, Color::White, &mut r2);
                assert_eq!(x, y, "{n}x{n}");
                assert_eq!(p.board(), fresh.board());
                p.board().check_consistency().unwrap();
                assert_eq!(p.board().size(), b.size());
            }
        }
    }

    #[test]
    fn playouts_end_in_consistent_positions_without_own_eyes_filled() {
        let mut p = Playout::new(Board::square(9).unwrap(), Color::Black);
        let mut rng = Rng::new(7);
        for _ in 0..if MIRI { 2 } else { 200 } {
            let r = p.run(&mut rng);
            let b = p.board();
            b.check_consistency().unwrap();
            assert!(r.moves <= 243);
            assert!(b.chains_without_liberties().is_empty());
            // a finished playout (not cut at the move limit) leaves no acceptable point
            if r.moves < 243 {
                for c in [1u8, 2] {
                    for &e in b.empties() {
                        let e = e as usize;
                        assert!(is_eye(b, e, c) || b.is_suicide_pos(e, c));
                    }
                }
            }
        }
    }

    #[test]
    fn two_pass_scoring_agrees_with_the_flood_fill() {
        // a playout ending in two passes is scored without a flood fill: it must agree
        for n in [2, 5, 9, 13] {
            let mut p = Playout::new(Board::square(n).unwrap(), Color::Black);
            let mut rng = Rng::new(21);
            for _ in 0..if MIRI { 2 } else { 100 } {
                let r = p.run(&mut rng);
                let end = p.board().clone();
                assert_eq!(r.area_diff, p.area_of(&end), "{n}x{n}\n{end:?}");
            }
        }
    }

    #[test]
    fn eye_definition() {
        let rules = Rules::default();
        let mut b = Board::square(5).unwrap();
        // black eye in the corner at (0,0)
        for (x, y) in [(1, 0), (0, 1)] {
            b.play(Point::new(x, y), Color::Black, &rules).unwrap();
        }
        let corner = b.pos(Point::new(0, 0));
        assert!(is_eye(&b, corner, 1));
        assert!(!is_eye(&b, corner, 2));
        // one enemy diagonal in the corner: with the off-board diagonals that makes 2 -> no eye
        b.play(Point::new(1, 1), Color::White, &rules).unwrap();
        assert!(!is_eye(&b, corner, 1));
        // centre point with one enemy diagonal is still an eye
        let mut b = Board::square(5).unwrap();
        for (x, y) in [(2, 1), (1, 2), (3, 2), (2, 3)] {
            b.play(Point::new(x, y), Color::Black, &rules).unwrap();
        }
        b.play(Point::new(1, 1), Color::White, &rules).unwrap();
        let c = b.pos(Point::new(2, 2));
        assert!(is_eye(&b, c, 1));
        b.play(Point::new(3, 3), Color::White, &rules).unwrap();
        assert!(!is_eye(&b, c, 1));
    }

    #[test]
    fn area_counts_regions() {
        let rules = Rules::default();
        let mut b = Board::new(crate::Size::new(4, 1).unwrap());
        b.play(Point::new(1, 0), Color::Black, &rules).unwrap();
        let mut p = Playout::new(b.clone(), Color::Black);
        // whole row: X at 1, region {0} black, region {2,3} black -> 4
        assert_eq!(p.area_of(&b), 4);
        b.play(Point::new(3, 0), Color::White, &rules).unwrap();
        // X at 1 (1) + {0} (1) - O at 3 (1); {2} touches both -> 1
        assert_eq!(p.area_of(&b), 1);
    }

    #[test]
    fn same_seed_same_result() {
        let b = Board::square(9).unwrap();
        let k = Komi::from_half_points(15);
        let n = if MIRI { 3 } else { 50 };
        assert_eq!(run_empty(&b, n, k, 3), run_empty(&b, n, k, 3));
        assert_ne!(run_empty(&b, n, k, 3), run_empty(&b, n, k, 4));
    }

    #[test]
    #[cfg_attr(miri, ignore)] // 90,000 draws: too slow to interpret
    fn sampler_is_uniform_over_acceptable_points() {
        // On an empty 3x3 board every point is acceptable: each should be drawn ~1/9.
        let mut b = Board::square(3).unwrap();
        let mut rng = Rng::new(11);
        let mut counts = [0u32; 9];
        for _ in 0..90_000 {
            let l = b.layout();
            let p = pick::<PortableSets, 0, 0>(&mut b, l, 1, &mut rng).unwrap();
            let pt = b.point(p);
            counts[(pt.y * 3 + pt.x) as usize] += 1;
        }
        for c in counts {
            assert!((9_400..10_600).contains(&c), "{counts:?}");
        }
    }
}
