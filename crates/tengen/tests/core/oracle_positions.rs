//! Exact counts of legal Go positions as an oracle for the rules core.
//!
//! The numbers are John Tromp's (OEIS A094777 for n×n, A102620 for 1×n, and the 2×n row of
//! his table): 1×1: 1, 2×2: 57, 3×3: 12,675, 4×4: 24,318,165; 1×N for N = 1..8: 1, 5, 15,
//! 41, 113, 313, 867, 2401; 2×3: 489, 2×4: 4,125; and, from the same table, 1×9..1×12:
//! 6,649, 18,413, 50,991, 141,209; 2×5: 35,117; 2×6: 299,681; 3×4: 321,689. Every board is
//! checked in both orientations (W×H and H×W), which exercises the rectangular layout.
//!
//! Every board is checked three ways, and the three sets of positions must be equal, not just
//! their sizes:
//! - (a) the position validator (`Board::edit` then `chains_without_liberties().is_empty()`)
//!   run on all 3^(W·H) colourings;
//! - (b) a breadth-first exploration from the empty board with real play (`Board::play`, either
//!   colour at any time, captures), once with suicide forbidden (`Rules::default()`) and once
//!   with multi-stone suicide allowed (4×4: suicide forbidden only);
//! - an independent bit-mask validator written here (no `Board` code), as a cross-check of (a)
//!   on every colouring.
//!
//! A position is a base-3 index: point `i = y·W + x` contributes `3^i · digit` (0 empty,
//! 1 black, 2 white). Sets of positions are bitsets over the 3^(W·H) indices, so 4×4
//! (43,046,721 colourings, 24,318,165 positions) needs 5.4 MB per set instead of a hash set.
//! 4×4 runs in release mode only; the work is split over the machine's cores with scoped threads
//! (two chunks of a range: no pool is needed, so no crate for it).

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use tengen::{Board, Color, Point, Rules, Size};

/// A bitset over base-3 position indices, settable from several threads.
struct Bits(Vec<AtomicU64>);

impl Bits {
    fn new(n: usize) -> Bits {
        Bits((0..n.div_ceil(64)).map(|_| AtomicU64::new(0)).collect())
    }
    /// Set bit `i`; true when it was not set before.
    fn insert(&self, i: usize) -> bool {
        let m = 1u64 << (i % 64);
        self.0[i / 64].fetch_or(m, Ordering::Relaxed) & m == 0
    }
    fn contains(&self, i: usize) -> bool {
        self.0[i / 64].load(Ordering::Relaxed) >> (i % 64) & 1 == 1
    }
    fn count(&self) -> usize {
        self.0
            .iter()
            .map(|w| w.load(Ordering::Relaxed).count_ones() as usize)
            .sum()
    }
    fn words(&self) -> impl Iterator<Item = u64> + '_ {
        self.0.iter().map(|w| w.load(Ordering::Relaxed))
    }
    /// The first index in one set and not the other, if any.
    fn first_difference(&self, other: &Bits) -> Option<usize> {
        self.words()
            .zip(other.words())
            .position(|(a, b)| a != b)
            .map(|w| {
                let (a, b) = (
                    self.0[w].load(Ordering::Relaxed),
                    other.0[w].load(Ordering::Relaxed),
                );
                w * 64 + (a ^ b).trailing_zeros() as usize
            })
    }
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(8))
}

fn pow3(n: usize) -> usize {
    3usize.pow(n as u32)
}

/// The digits (0 empty, 1 black, 2 white) of position `idx` on `n` points.
fn decode(mut idx: usize, n: usize, cells: &mut [u8]) {
    for c in cells.iter_mut().take(n) {
        *c = (idx % 3) as u8;
        idx /= 3;
    }
}

fn set_board(board: &mut Board, cells: &[u8]) {
    let w = board.width();
    board.edit(cells.iter().enumerate().map(|(i, &d)| {
        (
            Point::new((i % w) as u8, (i / w) as u8),
            Color::from_digit(d),
        )
    }));
}

/// The base-3 index of a board, read back with `Board::get`.
fn index_of(board: &Board) -> usize {
    let w = board.width();
    let mut idx = 0;
    for i in (0..board.width() * board.height()).rev() {
        let d = board
            .get(Point::new((i % w) as u8, (i / w) as u8))
            .map_or(0, Color::digit);
        idx = idx * 3 + d as usize;
    }
    idx
}

/// An independent validator on bit masks: a colouring is legal when every stone is connected
/// through its own colour to a stone that touches an empty point.
struct MaskValidator {
    w: usize,
    n: usize,
    all: u64,
    not_left_col: u64,
    not_right_col: u64,
}

impl MaskValidator {
    fn new(w: usize, h: usize) -> MaskValidator {
        let n = w * h;
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut left = 0u64;
        let mut right = 0u64;
        for y in 0..h {
            left |= 1 << (y * w);
            right |= 1 << (y * w + w - 1);
        }
        MaskValidator {
            w,
            n,
            all,
            not_left_col: all & !left,
            not_right_col: all & !right,
        }
    }
    /// Points next to any point of `m`.
    fn grow(&self, m: u64) -> u64 {
        ((m << 1) & self.not_left_col)
            | ((m >> 1) & self.not_right_col)
            | ((m << self.w) & self.all)
            | (m >> self.w)
    }
    fn legal(&self, cells: &[u8]) -> bool {
        let mut stones = [0u64; 2];
        let mut empty = 0u64;
        for (i, &d) in cells.iter().enumerate().take(self.n) {
            match d {
                0 => empty |= 1 << i,
                d => stones[d as usize - 1] |= 1 << i,
            }
        }
        stones.iter().all(|&s| {
            let mut alive = s & self.grow(empty);
            loop {
                let next = s & (alive | self.grow(alive));
                if next == alive {
                    return alive == s;
                }
                alive = next;
            }
        })
    }
}

/// (a): the colourings `Board`'s validator accepts, each cross-checked with [`MaskValidator`]
/// when `cross_check` is set (every board but 4x4, where it would cost a quarter of the time).
fn validate_all(w: usize, h: usize, cross_check: bool) -> Bits {
    let n = w * h;
    let total = pow3(n);
    let bits = Bits::new(total);
    let mask = MaskValidator::new(w, h);
    let t = threads();
    let chunk = total.div_ceil(t);
    std::thread::scope(|s| {
        for k in 0..t {
            let (bits, mask) = (&bits, &mask);
            s.spawn(move || {
                let mut board = Board::new(Size::new(w, h).unwrap());
                let mut cells = [0u8; 16];
                for idx in k * chunk..((k + 1) * chunk).min(total) {
                    decode(idx, n, &mut cells);
                    set_board(&mut board, &cells[..n]);
                    let ours = board.chains_without_liberties().is_empty();
                    assert!(
                        !cross_check || ours == mask.legal(&cells[..n]),
                        "{w}x{h}: validators disagree on {:?}",
                        &cells[..n]
                    );
                    if ours {
                        bits.insert(idx);
                    }
                }
            });
        }
    });
    bits
}

/// What an exploration did (printed with `{:?}`).
#[derive(Default, Debug)]
#[allow(dead_code)] // `plays` and `skipped` are read through Debug only
struct Explored {
    positions: usize,
    plays: usize,
    captures: usize,
    suicides: usize,
    skipped: usize,
}

/// Whether `color` on the empty point `p` surely captures nothing and keeps a liberty, read
/// with the public queries `get` and `liberties` (the move's result is then the same position
/// plus one stone).
fn plain_move(board: &Board, p: Point, color: Color) -> bool {
    let mut has_liberty = false;
    for (dx, dy) in [(0, -1), (-1, 0), (1, 0), (0, 1)] {
        let Some(q) = board.size().point(p.x as i64 + dx, p.y as i64 + dy) else {
            continue;
        };
        match board.get(q) {
            None => has_liberty = true,
            Some(c) if c == color => has_liberty |= board.liberties(q) > Some(1),
            Some(_) => {
                if board.liberties(q) == Some(1) {
                    return false;
                }
            }
        }
    }
    has_liberty
}

/// (b): every position reachable from the empty board by legal plays of either colour.
///
/// With `skip_known`, a move that [`plain_move`] says adds one stone and captures nothing is
/// not played when that one-stone-more position is already in the set: such a transition
/// cannot add a position. Every position in the set is still found by a real `Board::play`
/// from a position in the set, and every capturing or suicidal move is played. This cuts the
/// 4x4 run from 280 million plays to about a quarter; the smaller boards play every legal move.
fn explore(w: usize, h: usize, rules: &Rules, skip_known: bool) -> (Bits, Explored) {
    let n = w * h;
    let size = Size::new(w, h).unwrap();
    let bits = Bits::new(pow3(n));
    bits.insert(0);
    let mut frontier = vec![0u32];
    let plays = AtomicUsize::new(0);
    let captures = AtomicUsize::new(0);
    let suicides = AtomicUsize::new(0);
    let skips = AtomicUsize::new(0);
    let t = threads();
    while !frontier.is_empty() {
        let chunk = frontier.len().div_ceil(t);
        let next: Vec<Vec<u32>> = std::thread::scope(|s| {
            let handles: Vec<_> = frontier
                .chunks(chunk)
                .map(|part| {
                    let (bits, plays, captures, suicides, skips) =
                        (&bits, &plays, &captures, &suicides, &skips);
                    s.spawn(move || {
                        let mut board = Board::new(size);
                        let mut cells = [0u8; 16];
                        let mut found = Vec::new();
                        let (mut np, mut nc, mut ns, mut skipped) = (0, 0, 0, 0);
                        for &idx in part {
                            decode(idx as usize, n, &mut cells);
                            let mut dirty = true;
                            for i in 0..n {
                                if cells[i] != 0 {
                                    continue;
                                }
                                let p = Point::new((i % w) as u8, (i / w) as u8);
                                for color in Color::ALL {
                                    if dirty {
                                        set_board(&mut board, &cells[..n]);
                                        dirty = false;
                                    }
                                    if skip_known
                                        && bits.contains(
                                            idx as usize + color.digit() as usize * pow3(i),
                                        )
                                        && plain_move(&board, p, color)
                                    {
                                        skipped += 1;
                                        continue;
                                    }
                                    // An illegal move leaves the board as it was.
                                    let Ok(played) = board.play(p, color, rules) else {
                                        continue;
                                    };
                                    dirty = true;
                                    np += 1;
                                    nc += (played.captured > 0) as usize;
                                    ns += (played.suicided > 0) as usize;
                                    let j = index_of(&board);
                                    if bits.insert(j) {
                                        found.push(j as u32);
                                    }
                                }
                            }
                        }
                        plays.fetch_add(np, Ordering::Relaxed);
                        captures.fetch_add(nc, Ordering::Relaxed);
                        suicides.fetch_add(ns, Ordering::Relaxed);
                        skips.fetch_add(skipped, Ordering::Relaxed);
                        found
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        frontier = next.concat();
    }
    let stats = Explored {
        positions: bits.count(),
        plays: plays.into_inner(),
        captures: captures.into_inner(),
        suicides: suicides.into_inner(),
        skipped: skips.into_inner(),
    };
    (bits, stats)
}

fn suicide_allowed() -> Rules {
    Rules {
        multi_stone_suicide: true,
        ..Rules::default()
    }
}

/// Run all checks on a `w`×`h` board and its transpose; `expected` is the known count.
fn check_board(w: usize, h: usize, expected: Option<usize>) {
    for (w, h) in [(w, h), (h, w)] {
        let t0 = Instant::now();
        let valid = validate_all(w, h, true);
        let count = valid.count();
        if let Some(e) = expected {
            assert_eq!(count, e, "{w}x{h}: the validator accepts {count}, not {e}");
        }
        let t1 = Instant::now();
        for (name, rules) in [
            ("suicide forbidden", Rules::default()),
            ("multi-stone suicide allowed", suicide_allowed()),
        ] {
            let (reached, stats) = explore(w, h, &rules, false);
            assert_eq!(
                stats.positions, count,
                "{w}x{h} ({name}): play reaches {} positions, the validator accepts {count}",
                stats.positions
            );
            if let Some(i) = reached.first_difference(&valid) {
                let mut cells = vec![0; w * h];
                decode(i, w * h, &mut cells);
                panic!(
                    "{w}x{h} ({name}): position {cells:?} is {} by play but {} by the validator",
                    if reached.contains(i) {
                        "reached"
                    } else {
                        "not reached"
                    },
                    if valid.contains(i) {
                        "accepted"
                    } else {
                        "rejected"
                    },
                );
            }
            if rules.multi_stone_suicide {
                // Multi-stone suicide: a stone fills the last liberty of its own chain without
                // capturing (`X.` on 1x2 already: the board filled with one colour).
                let possible = w * h >= 2;
                assert_eq!(stats.suicides > 0, possible, "{w}x{h}: {stats:?}");
            } else {
                assert_eq!(stats.suicides, 0, "{w}x{h}: {stats:?}");
            }
            // Captures exist on every board with two or more points.
            assert_eq!(stats.captures > 0, w * h >= 2, "{w}x{h}: {stats:?}");
            eprintln!("{w}x{h} {name}: {stats:?}");
        }
        eprintln!(
            "{w}x{h}: {count} legal positions; validator {:.2?}, two explorations {:.2?}",
            t1 - t0,
            t1.elapsed()
        );
    }
}

#[test]
fn one_by_n() {
    let known = [1, 5, 15, 41, 113, 313, 867, 2401];
    for (n, &k) in (1..=8).zip(&known) {
        check_board(1, n, Some(k));
    }
}

#[test]
fn square_boards_up_to_3x3() {
    check_board(1, 1, Some(1));
    check_board(2, 2, Some(57));
    check_board(3, 3, Some(12_675));
}

#[test]
fn two_by_n() {
    check_board(2, 3, Some(489));
    check_board(2, 4, Some(4_125));
}

/// Boards of 9 to 12 points, with the further values of Tromp's table of L(m, n) (1×9..1×12
/// continue A102620; 2×5, 2×6 and 3×4 are its 2×n and 3×n rows).
#[test]
fn boards_of_9_to_12_points() {
    for (w, h, count) in [
        (1, 9, 6_649),
        (1, 10, 18_413),
        (1, 11, 50_991),
        (1, 12, 141_209),
        (2, 5, 35_117),
        (2, 6, 299_681),
        (3, 4, 321_689),
    ] {
        check_board(w, h, Some(count));
    }
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the 4x4 oracle (43M colourings, 24M positions) runs in optimised builds only"
)]
fn four_by_four() {
    let t = Instant::now();
    // One orientation: the board is square.
    let valid = validate_all(4, 4, false);
    assert_eq!(valid.count(), 24_318_165);
    eprintln!("4x4 validator: {:.2?}", t.elapsed());
    // Play with suicide forbidden only: multi-stone suicide is explored on every board of up
    // to 12 points above, and each exploration of the 24M positions is a large part of the
    // suite's longest test, so 4x4 runs one.
    let t = Instant::now();
    let (reached, stats) = explore(4, 4, &Rules::default(), true);
    assert_eq!(stats.positions, 24_318_165);
    assert_eq!(reached.first_difference(&valid), None);
    assert!(stats.captures > 0);
    assert_eq!(stats.suicides, 0);
    eprintln!("4x4 suicide forbidden: {stats:?} in {:.2?}", t.elapsed());
}
