//! Unit tests of the board.

use super::sets::PortableSets;
#[cfg(target_arch = "x86_64")]
use super::sets::{has_x86_64_v3, Avx2Sets};
use super::*;

/// A board from rows of `.`, `X`, `O`.
pub(crate) fn board(rows: &[&str]) -> Board {
    let b =
        crate::formats::text::read_board(&rows.join("\n"), crate::formats::text::InputFormat::Text)
            .unwrap();
    b.check_consistency().unwrap();
    b
}

fn rows(b: &Board) -> Vec<String> {
    crate::formats::text::rows(b, Default::default(), |_| None)
}

const B: Color = Color::Black;
const W: Color = Color::White;

fn pt(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

#[test]
fn capture_several_chains_at_once() {
    let mut b = board(&[".O.", "OXO", "X.X", "OXO"]);
    // wait: this is just a layout check; real multi-capture below
    b.check_consistency().unwrap();
    let mut b2 = board(&["XO.OX", "X.O.X", "XXXXX"]);
    let r = b2.play(pt(1, 1), B, &Rules::default());
    // (1,1) for black: white (1,0) has liberty (2,0)? no: (2,0) is '.', so not captured
    assert!(r.is_ok());
    b2.check_consistency().unwrap();
    let mut b3 = board(&["XO.OX", "XOXOX", "XXXXX"]);
    let played = b3.play(pt(2, 0), B, &Rules::default()).unwrap();
    assert_eq!(played.captured, 4);
    assert_eq!(rows(&b3), ["X.X.X", "X.X.X", "XXXXX"]);
    b3.check_consistency().unwrap();
    b.pass();
}

#[test]
fn capture_instead_of_suicide() {
    // single-stone suicide
    let mut b = board(&[".O.", "O..", "..."]);
    let e = b.play(pt(0, 0), B, &Rules::default()).unwrap_err();
    assert_eq!(e.reason, Reason::Suicide);
    assert_eq!(e.to_string(), "suicide at 0 0");
    // the same point is legal when it captures: both white stones are in atari
    let mut b = board(&[".OX", "OX.", "X.."]);
    let p = b.play(pt(0, 0), B, &Rules::default()).unwrap();
    assert_eq!(p.captured, 2);
    assert_eq!(rows(&b), ["X.X", ".X.", "X.."]);
    assert_eq!(b.liberties(pt(0, 0)), Some(2));
    b.check_consistency().unwrap();
}

#[test]
fn snapback() {
    // White throws in at (1,0); Black captures it at (2,0) and is left with one liberty;
    // White takes five stones back at (1,0). No ko arises.
    let r = Rules::from_name("japanese").unwrap();
    let mut b = board(&["X..O", "XXXO", "OOO."]);
    b.play(pt(1, 0), W, &r).unwrap();
    let p = b.play(pt(2, 0), B, &r).unwrap();
    assert_eq!(p.captured, 1);
    assert_eq!(b.ko(), None);
    assert_eq!(b.liberties(pt(2, 0)), Some(1));
    let a = b.analyze(pt(1, 0), W, &r);
    assert!(a.legality.is_ok() && !a.retakes_ko && !a.creates_ko);
    assert_eq!(a.captures.len(), 5);
    let p = b.play(pt(1, 0), W, &r).unwrap();
    assert_eq!(p.captured, 5);
    assert_eq!(rows(&b), [".O.O", "...O", "OOO."]);
    b.check_consistency().unwrap();
}

#[test]
fn single_and_multi_stone_suicide() {
    let tt = Rules::from_name("tromp-taylor").unwrap();
    let mut b = board(&[".O.", "O..", "..."]);
    assert_eq!(
        b.check(pt(0, 0), B, &tt).unwrap_err().reason,
        Reason::Suicide
    );
    let mut b2 = board(&["X.O", "OO.", "..."]);
    // black at 1,0 joins X at 0,0: chain with no liberties -> multi-stone suicide
    assert_eq!(
        b2.check(pt(1, 0), B, &Rules::default()).unwrap_err().reason,
        Reason::Suicide
    );
    let played = b2.play(pt(1, 0), B, &tt).unwrap();
    assert_eq!(played.suicided, 2);
    assert_eq!(rows(&b2), ["..O", "OO.", "..."]);
    b2.check_consistency().unwrap();
    assert!(b.play(pt(0, 0), B, &tt).is_err());
}

#[test]
fn ko_and_retake_after_elsewhere() {
    let simple = Rules::from_name("chinese").unwrap();
    let mut b = board(&[".XO.", "XO.O", ".XO.", "...."]);
    b.play(pt(2, 1), B, &simple).unwrap();
    assert_eq!(rows(&b), [".XO.", "X.XO", ".XO.", "...."]);
    assert_eq!(b.ko(), Some((pt(1, 1), W)));
    let e = b.play(pt(1, 1), W, &simple).unwrap_err();
    assert_eq!(e.reason, Reason::Ko);
    assert_eq!(e.to_string(), "ko at 1 1");
    // under the task's rules the retake is legal
    assert!(b.is_legal(pt(1, 1), W, &Rules::default()));
    // white plays elsewhere, black elsewhere, the ko may be retaken
    b.play(pt(3, 3), W, &simple).unwrap();
    b.play(pt(0, 3), B, &simple).unwrap();
    let p = b.play(pt(1, 1), W, &simple).unwrap();
    assert_eq!(p.captured, 1);
    assert_eq!(b.ko(), Some((pt(2, 1), B)));
    b.check_consistency().unwrap();
}

#[test]
fn ko_after_pass() {
    let simple = Rules::from_name("japanese").unwrap();
    let mut b = board(&[".XO.", "XO.O", ".XO.", "...."]);
    b.play(pt(2, 1), B, &simple).unwrap();
    b.pass();
    assert_eq!(b.ko(), None);
    assert!(b.is_legal(pt(1, 1), W, &simple));
}

#[test]
fn tiny_boards() {
    let mut b = Board::square(1).unwrap();
    assert_eq!(
        b.play(pt(0, 0), B, &Rules::default()).unwrap_err().reason,
        Reason::Suicide
    );
    assert!(b.legal_moves(B, &Rules::default()).is_empty());
    let mut b = Board::new(Size::new(5, 1).unwrap());
    b.play(pt(1, 0), B, &Rules::default()).unwrap();
    b.play(pt(2, 0), W, &Rules::default()).unwrap();
    let p = b.play(pt(0, 0), W, &Rules::default()).unwrap();
    assert_eq!(p.captured, 1);
    assert_eq!(rows(&b), ["O.O.."]);
    b.check_consistency().unwrap();
    let mut b = Board::square(2).unwrap();
    b.play(pt(0, 0), B, &Rules::default()).unwrap();
    b.play(pt(1, 1), B, &Rules::default()).unwrap();
    assert_eq!(
        b.check(pt(1, 0), W, &Rules::default()).unwrap_err().reason,
        Reason::Suicide
    );
    assert_eq!(
        b.check(pt(0, 0), W, &Rules::default()).unwrap_err().reason,
        Reason::Occupied
    );
    assert_eq!(
        b.check(pt(2, 0), W, &Rules::default()).unwrap_err().reason,
        Reason::OffBoard
    );
}

#[test]
fn merge_counts_shared_liberties_once() {
    let mut b = board(&["X.X", "...", "X.X"]);
    b.play(pt(1, 1), B, &Rules::default()).unwrap();
    b.check_consistency().unwrap();
    b.play(pt(1, 0), B, &Rules::default()).unwrap();
    b.play(pt(1, 2), B, &Rules::default()).unwrap();
    assert_eq!(b.liberties(pt(0, 0)), Some(2));
    b.check_consistency().unwrap();
}

#[test]
fn set_tests_agree_across_implementations() {
    // random sparse sets of 2, 4, 8 and 12 words, every excluded bit position
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for w in [2usize, 4, 8, 12] {
        for _ in 0..if cfg!(miri) { 2 } else { 300 } {
            let a: Vec<u64> = (0..w).map(|_| next() & next() & next()).collect();
            let b: Vec<u64> = (0..w).map(|_| next() & next() & next()).collect();
            let both: Vec<u64> = a.iter().zip(&b).map(|(x, y)| x & y).collect();
            let want = both.iter().all(|&v| v == 0);
            assert_eq!(PortableSets::disjoint::<0>(&a, &b, w), want);
            #[cfg(target_arch = "x86_64")]
            if has_x86_64_v3() && w % 4 == 0 {
                assert_eq!(Avx2Sets::disjoint::<4>(&a, &b, w), want);
            }
            // under Miri every 13th bit (13 is prime to 64: every word, at bits all through
            // it), the rest being the same reads at other offsets (35 s of the step, 2026-12-07)
            for p in (0..64 * w).step_by(if cfg!(miri) { 13 } else { 1 }) {
                let mut rest = both.clone();
                rest[p >> 6] &= !(1 << (p & 63));
                let want = rest.iter().all(|&v| v == 0);
                assert_eq!(PortableSets::disjoint_except::<0>(&a, &b, w, p), want);
                #[cfg(target_arch = "x86_64")]
                if has_x86_64_v3() && w % 4 == 0 {
                    assert_eq!(Avx2Sets::disjoint_except::<4>(&a, &b, w, p), want);
                }
                if w == 2 {
                    let r = PortableSets::rest::<2>(&b, p);
                    assert_eq!(PortableSets::disjoint_rest::<2>(&a, r), want);
                }
                if w == 8 {
                    let r = PortableSets::rest::<8>(&b, p);
                    assert_eq!(PortableSets::disjoint_rest::<8>(&a, r), want);
                    #[cfg(target_arch = "x86_64")]
                    if has_x86_64_v3() {
                        let r = Avx2Sets::rest::<8>(&b, p);
                        assert_eq!(Avx2Sets::disjoint_rest::<8>(&a, r), want, "{p}");
                    }
                }
            }
        }
    }
}

#[test]
fn hash_after_matches_play() {
    let tt = Rules::from_name("tromp-taylor").unwrap();
    let b = board(&["X.O", "OO.", "..."]);
    for (p, c) in [(pt(1, 0), B), (pt(2, 1), B), (pt(1, 0), W), (pt(0, 2), W)] {
        let mut c2 = b.clone();
        let h = b.hash_after(p, c, true).unwrap();
        c2.play(p, c, &tt).unwrap();
        assert_eq!(h, c2.hash());
    }
}

#[test]
fn chain_query() {
    let b = board(&["XX.", "X.O", "..."]);
    let ch = b.chain(pt(1, 0)).unwrap();
    assert_eq!(ch.color, B);
    assert_eq!(ch.stones, vec![pt(0, 0), pt(1, 0), pt(0, 1)]);
    assert_eq!(ch.liberties, vec![pt(2, 0), pt(1, 1), pt(0, 2)]);
    assert!(b.chain(pt(2, 0)).is_none());
    assert!(b.chain(pt(9, 9)).is_none());
}

#[test]
fn setup_reports_every_dead_chain() {
    let b = board(&["XO.", "...", "..X"]);
    assert!(b.chains_without_liberties().is_empty());
    let mut b = Board::square(3).unwrap();
    b.edit([
        (pt(0, 0), Some(B)),
        (pt(1, 0), Some(W)),
        (pt(0, 1), Some(W)),
        (pt(2, 2), Some(W)),
        (pt(1, 2), Some(B)),
        (pt(2, 1), Some(B)),
    ]);
    assert_eq!(b.chains_without_liberties(), vec![pt(0, 0), pt(2, 2)]);
}

/// Whether `color` on the empty point `p` is a suicide, by a plain model: place the stone by
/// setup (the chains rebuilt from the cells by flood fill), then it is a suicide when no
/// opponent chain next to it is left without liberties and its own chain has none.
fn plain_suicide(b: &Board, p: Point, color: Color) -> bool {
    let mut after = b.clone();
    after.edit([(p, Some(color))]);
    let q = b.pos(p);
    let captures = b.nbrs(q).into_iter().any(|n| {
        b.cell(n) == color.opponent().digit()
            && after
                .chain(b.point(n))
                .is_some_and(|ch| ch.liberties.is_empty())
    });
    !captures && after.chain(p).unwrap().liberties.is_empty()
}

/// The fast suicide test (every specialised layout this board has, both set kernels) and the
/// board's plain one against [`plain_suicide`] on every empty point of `b`.
fn suicide_tests_agree(b: &Board) -> Result<(), String> {
    let l = b.layout();
    // under Miri every third point: each point is a whole set of flood fills there (the
    // kernels' reads are the same at every point; 97 s of the step for all of them, 2026-12-07)
    let stride = if cfg!(miri) { 3 } else { 1 };
    for p in b.size().points().step_by(stride) {
        if b.get(p).is_some() {
            continue;
        }
        let q = b.pos(p);
        for color in [B, W] {
            let c = color.digit();
            let want = plain_suicide(b, p, color);
            let mut got = vec![
                ("plain", b.is_suicide_pos(q, c)),
                ("fast", b.is_suicide_fast::<PortableSets, 0, 0>(l, q, c)),
            ];
            if let Some(l) = l.fixed::<2, 10>() {
                got.push((
                    "fast 2/10",
                    b.is_suicide_fast::<PortableSets, 2, 10>(l, q, c),
                ));
            }
            if let Some(l) = l.fixed::<2, 0>() {
                got.push(("fast 2", b.is_suicide_fast::<PortableSets, 2, 0>(l, q, c)));
            }
            if let Some(l) = l.fixed::<4, 0>() {
                got.push(("fast 4", b.is_suicide_fast::<PortableSets, 4, 0>(l, q, c)));
                #[cfg(target_arch = "x86_64")]
                if has_x86_64_v3() {
                    got.push(("avx2 4", b.is_suicide_fast::<Avx2Sets, 4, 0>(l, q, c)));
                }
            }
            if let Some(l) = l.fixed::<8, 20>() {
                got.push((
                    "fast 8/20",
                    b.is_suicide_fast::<PortableSets, 8, 20>(l, q, c),
                ));
                #[cfg(target_arch = "x86_64")]
                if has_x86_64_v3() {
                    got.push(("avx2 8/20", b.is_suicide_fast::<Avx2Sets, 8, 20>(l, q, c)));
                }
            }
            for (name, v) in got {
                if v != want {
                    return Err(format!("{name} says {v} for {color:?} at {p}\n{b:?}"));
                }
            }
        }
    }
    Ok(())
}

/// A position from moves given as coordinates taken modulo the size (illegal ones skipped),
/// under Tromp-Taylor rules so multi-stone suicides happen too.
fn position(size: Size, moves: &[(u8, u8)]) -> Board {
    let tt = Rules::from_name("tromp-taylor").unwrap();
    let mut b = Board::new(size);
    let mut color = B;
    for &(x, y) in moves {
        let p = pt(x % size.width() as u8, y % size.height() as u8);
        if b.play(p, color, &tt).is_ok() {
            color = color.opponent();
        }
    }
    b
}

/// A deterministic source of bytes (xorshift64) for the tests' dense positions.
fn xorshift(seed: u64) -> impl FnMut() -> u8 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x as u8
    }
}

/// The sizes of the deterministic tests outside Miri: every set width and layout.
const SIZES: &[(usize, usize)] = &[
    (1, 1),
    (2, 2),
    (3, 3),
    (5, 4),
    (9, 9),
    (13, 13),
    (19, 19),
    (25, 25),
];

#[test]
fn suicide_tests_agree_on_crowded_small_boards() {
    // deterministic (and small enough for Miri): dense positions where suicides abound
    let mut next = xorshift(7);
    let sizes: &[(usize, usize)] = if cfg!(miri) {
        &[(3, 3), (5, 4), (9, 9), (10, 10)]
    } else {
        SIZES
    };
    for &(w, h) in sizes {
        let size = Size::new(w, h).unwrap();
        let moves: Vec<(u8, u8)> = (0..3 * w * h).map(|_| (next(), next())).collect();
        let b = position(size, &moves);
        suicide_tests_agree(&b).unwrap();
    }
}

/// Play `moves` on both boards (starting with `color`, each turn passing on an illegal
/// move): they must accept and refuse the same moves and end equal and consistent.
fn play_on_alike(
    x: &mut Board,
    y: &mut Board,
    moves: &[(u8, u8)],
    mut color: Color,
) -> Result<(), String> {
    let tt = Rules::from_name("tromp-taylor").unwrap();
    let (w, h) = (x.width() as u8, x.height() as u8);
    for &(a, b) in moves {
        let p = pt(a % w, b % h);
        let (c, k) = (x.play(p, color, &tt), y.play(p, color, &tt));
        if c.is_ok() != k.is_ok() {
            return Err(format!("{p:?}: {c:?} on one board, {k:?} on the other"));
        }
        if c.is_ok() {
            color = color.opponent();
        }
    }
    if x != y {
        return Err("the boards differ".into());
    }
    x.check_consistency()
}

/// Play a few moves on `child`, a copy of `parent` (a pass for each `x` divisible by 7),
/// marking them, and restore it: it is `parent` again (stones, ko, hash, the empty-point
/// list in order, and consistent).
fn restore_round(parent: &Board, child: &mut Board, moves: &[(u8, u8)]) -> Result<(), String> {
    let tt = Rules::from_name("tromp-taylor").unwrap();
    let (w, h) = (parent.width() as u8, parent.height() as u8);
    let mut stale = vec![0u64; parent.set_words()];
    let mut color = B;
    for &(x, y) in moves {
        let p = pt(x % w, y % h);
        if x % 7 == 0 {
            child.pass();
        } else if child.play(p, color, &tt).is_ok() {
            child.mark_last_play(child.layout.pos(p), &mut stale);
            color = color.opponent();
        }
    }
    child.restore_points(parent, &stale);
    if *child != *parent || child.hash() != parent.hash() {
        return Err("the restored board is not the parent".into());
    }
    if child.empties[..child.n_empty] != parent.empties[..parent.n_empty] {
        return Err("the empty-point list is not the parent's".into());
    }
    child.check_consistency()
}

#[test]
fn restore_points_undoes_moves_on_crowded_small_boards() {
    // deterministic and small enough for Miri, which runs the board's tests: the restore
    // indexes without bounds checks
    let mut next = xorshift(11);
    // (under Miri: 9.4 s with a 9x9 board where the 7x6 is, 6.1 s as it is; 2026-12-07)
    let sizes: &[(usize, usize)] = if cfg!(miri) {
        &[(1, 1), (3, 3), (5, 4), (7, 6)]
    } else {
        SIZES
    };
    for &(w, h) in sizes {
        let size = Size::new(w, h).unwrap();
        let moves: Vec<(u8, u8)> = (0..2 * w * h).map(|_| (next(), next())).collect();
        let parent = position(size, &moves);
        let mut child = parent.clone();
        for _ in 0..if cfg!(miri) { 3 } else { 20 } {
            let round: Vec<(u8, u8)> = (0..4).map(|_| (next(), next())).collect();
            restore_round(&parent, &mut child, &round).unwrap();
        }
    }
}

mod props {
    use super::*;
    use proptest::prelude::*;

    fn side() -> impl Strategy<Value = usize> {
        prop_oneof![4 => 1usize..=13, 2 => Just(9), 2 => Just(19), 1 => Just(25), 1 => Just(52)]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        /// The fast suicide test of the samplers and the plain one agree with a flood-fill
        /// model on random positions of every set width and layout.
        #[test]
        #[cfg_attr(miri, ignore)] // too slow there; the deterministic test above runs instead
        fn fast_and_plain_suicide_tests_agree(
            w in side(),
            h in side(),
            moves in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..700),
        ) {
            let b = position(Size::new(w, h).unwrap(), &moves);
            if let Err(e) = suicide_tests_agree(&b) {
                return Err(TestCaseError::fail(e));
            }
        }

        /// `restore_points` with the points `mark_last_play` marked, after a few moves (and
        /// passes) on a copy, makes the copy again: consistent, the same stones and ko, the
        /// empty-point list in the same order, and playing on as the original does.
        #[test]
        #[cfg_attr(miri, ignore)] // too slow there
        fn restore_points_undoes_the_marked_moves(
            w in side(),
            h in side(),
            first in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..400),
            rounds in proptest::collection::vec(
                proptest::collection::vec((any::<u8>(), any::<u8>()), 1..6), 1..6),
            more in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..100),
        ) {
            let size = Size::new(w, h).unwrap();
            let parent = position(size, &first);
            let mut child = parent.clone();
            for moves in &rounds {
                if let Err(e) = restore_round(&parent, &mut child, moves) {
                    return Err(TestCaseError::fail(e));
                }
            }
            if let Err(e) = play_on_alike(&mut child, &mut parent.clone(), &more, W) {
                return Err(TestCaseError::fail(e));
            }
        }

        /// `copy_from` into a board holding another position of the same size makes a board
        /// that stays consistent and plays on as a clone does (every padded length, so the
        /// cells' last partial word of the chain-head scan too).
        #[test]
        #[cfg_attr(miri, ignore)] // too slow there
        fn copy_from_plays_on_as_a_clone(
            w in side(),
            h in side(),
            first in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..400),
            other in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..400),
            more in proptest::collection::vec((any::<u8>(), any::<u8>()), 0..200),
        ) {
            let size = Size::new(w, h).unwrap();
            let a = position(size, &first);
            let mut copy = position(size, &other);
            copy.copy_from(&a);
            prop_assert!(copy.check_consistency().is_ok(), "{:?}", copy.check_consistency());
            if let Err(e) = play_on_alike(&mut copy, &mut a.clone(), &more, B) {
                return Err(TestCaseError::fail(e));
            }
        }
    }
}

/// `libs_after_play` answers what playing the move gives: the liberties of the stone's chain
/// when nothing is captured, `None` when something is (random positions of several sizes,
/// every legal move of each colour).
#[test]
fn libs_after_play_matches_the_play() {
    let mut seed: u64 = 7;
    let mut rnd = move || {
        seed = seed
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (seed >> 33) as u32
    };
    // under Miri (which runs the board's tests for the unchecked reads) small boards only
    let (sizes, tries, least): (&[u8], _, _) = if cfg!(miri) {
        (&[5, 9], 6, (1, 20))
    } else {
        (&[5, 9, 19, 25], 20, (50, 1000))
    };
    let (mut captures, mut counted) = (0, 0);
    for &size in sizes {
        for _ in 0..tries {
            let mut b = Board::square(size as usize).unwrap();
            let mut edits = Vec::new();
            for y in 0..size {
                for x in 0..size {
                    let c = match rnd() % 10 {
                        0..=2 => Some(B),
                        3..=5 => Some(W),
                        _ => None,
                    };
                    edits.push((pt(x, y), c));
                }
            }
            b.edit(edits);
            if !b.chains_without_liberties().is_empty() {
                continue;
            }
            for p in b.all_pos().collect::<Vec<_>>() {
                for c in [1u8, 2] {
                    if b.cell(p) != EMPTY || b.is_suicide_pos(p, c) {
                        continue;
                    }
                    let mut after = b.clone();
                    let captured = after.play_pos(p, c).captured > 0;
                    match b.libs_after_play(p, c) {
                        None => {
                            assert!(captured, "{size} {p} {c}");
                            captures += 1;
                        }
                        Some(n) => {
                            assert!(!captured, "{size} {p} {c}");
                            assert_eq!(n, after.libs_at(p) as u32, "{size} {p} {c}");
                            counted += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(
        captures > least.0 && counted > least.1,
        "{captures} {counted}"
    );
}
