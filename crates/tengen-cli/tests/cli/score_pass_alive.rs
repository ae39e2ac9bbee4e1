//! Pass-alive analysis (Benson): classic cases, the vitality rule, the iteration, the suicide
//! rule, and `tengen score --pass-alive`.
use crate::common;

use tengen::benson::pass_alive;
use tengen::formats::text::{read_board, InputFormat};
use tengen::{Color, Point};

fn board(rows: &str) -> tengen::Board {
    read_board(rows, InputFormat::Text).unwrap()
}

fn p(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

#[test]
fn two_one_point_eyes_live_one_eye_does_not() {
    let two = board(".X.XO.\nXXXXO.\nOOOOO.\n......\n");
    let pa = pass_alive(&two, false);
    assert_eq!(pa.alive_stones(Color::Black).len(), 6);
    assert_eq!(pa.territory_points(Color::Black), vec![p(0, 0), p(2, 0)]);
    assert!(pa.alive_stones(Color::White).is_empty());
    // fill one eye: a single eye is not enough
    let one = board(".XXXO.\nXXXXO.\nOOOOO.\n......\n");
    let pa = pass_alive(&one, false);
    assert!(pa.alive_stones(Color::Black).is_empty());
    assert_eq!(pa.territory(p(0, 0)), None);
}

#[test]
fn a_region_with_a_point_off_the_chain_is_not_vital() {
    // the corner region (0,0),(1,0),(0,1): (0,0) is no liberty of the chain, so that region
    // is not vital and black has only the eye at (3,0)
    let l_shape = board("..X.X\n.XX.X\nXXXXX\n");
    let pa = pass_alive(&l_shape, false);
    assert!(!pa.is_pass_alive(p(2, 0)));
    // two points, both liberties: vital, and the chain lives (with (3,0) and (3,1))
    let two = board("..X.X\nXXX.X\nXXXXX\n");
    let pa = pass_alive(&two, false);
    assert!(pa.is_pass_alive(p(2, 0)));
    assert_eq!(pa.territory(p(0, 0)), Some(Color::Black));
    // a region bordered by a chain that is not pass-alive is no certain territory: the lone
    // stone (2,0) has one vital region at most, so the top region is not black's for sure,
    // while the big chain lives on its three eyes in row 3
    let b = board("X.X.X\nX...X\nXXXXX\n.X.X.\nXXXXX\n");
    let pa = pass_alive(&b, false);
    assert!(pa.is_pass_alive(p(0, 0)));
    assert!(!pa.is_pass_alive(p(2, 0)));
    assert_eq!(pa.territory(p(2, 1)), None);
    assert_eq!(pa.territory(p(0, 3)), Some(Color::Black));
}

#[test]
fn dead_stones_in_pass_alive_territory() {
    // a white stone inside a black two-point eye, and black's other eye at (2,0)... the
    // region {(0,0), (1,0)} holds the white stone; every point touches black
    let b = board(".OX.X\nXXXXX\n.....\n");
    let pa = pass_alive(&b, false);
    assert!(pa.is_pass_alive(p(2, 0)));
    assert_eq!(pa.dead_stones(&b), vec![p(1, 0)]);
    assert_eq!(pa.territory(p(1, 0)), Some(Color::Black));
    assert_eq!(pa.owner(p(1, 0)), Some(Color::Black));
}

#[test]
fn the_iteration_removes_chains_that_lean_on_dead_ones() {
    // A = (1,0),(0,1),(1,1),(2,1) has three vital regions (0,0), (2,0), (3,1), but (3,1)
    // also borders D = (4,1),(3,2),(4,2), which has only that one; once D falls, C = (3,0)
    // is left with (2,0) only, and then A with (0,0) only.
    let b = board(".X.X.O\nXXX.XO\nOOOXXO\n..OOOO\n");
    let pa = pass_alive(&b, false);
    for s in [p(1, 0), p(3, 0), p(4, 1)] {
        assert!(!pa.is_pass_alive(s), "{s:?}");
    }
    // give D an eye of its own at (4,0) and all three live
    let b = board(".X.X.O\nXXX.XO\nOOOX.X\n..OXXX\n");
    let pa = pass_alive(&b, false);
    for s in [p(1, 0), p(3, 0), p(4, 1)] {
        assert!(pa.is_pass_alive(s), "{s:?}");
    }
}

#[test]
fn multi_stone_suicide_changes_the_answer() {
    // The region {(0,0),(1,0),(0,1) white; (2,0),(0,2) empty}: both empty points are
    // liberties of the black chain, but the white stone (0,0) touches no black stone. With
    // suicide illegal White can never fill both (2,0) and (0,2): black is pass-alive. With
    // multi-stone suicide legal White can fill both, remove its own chain and play inside.
    let b = board("OO.X\nOXXX\n.X.X\nXXXX\n");
    let strict = pass_alive(&b, false);
    assert!(strict.is_pass_alive(p(3, 0)));
    assert_eq!(strict.dead_stones(&b), vec![p(0, 0), p(1, 0), p(0, 1)]);
    let loose = pass_alive(&b, true);
    assert!(!loose.is_pass_alive(p(3, 0)));
    assert!(loose.dead_stones(&b).is_empty());
}

#[test]
fn seki_is_not_pass_alive() {
    let b = board(".OOXX.\nOO.XXX\n");
    let pa = pass_alive(&b, false);
    assert!(pa.alive_stones(Color::Black).is_empty());
    assert!(pa.alive_stones(Color::White).is_empty());
}

#[test]
fn score_pass_alive_option_removes_dead_stones() {
    // the white stone at (1,0) is certainly dead; white's wall below lives on row 3's eyes
    let rows = ".OX.X\nXXXXX\nOOOOO\n.O.O.\n";
    let run = |args: &[&str]| common::run_tengen(&[&["score"], args].concat(), rows).0;
    // as it stands: black 7 stones + 1 eye (3,0); white 8 stones (with (1,0)) + 3
    assert_eq!(run(&["--komi", "0"]), "W+3\n");
    // with the dead stone removed black gets (0,0),(1,0) too: 7 + 3 against 7 + 3
    assert_eq!(run(&["--komi", "0", "--pass-alive"]), "0\n");
    assert_eq!(
        run(&["--komi", "0", "--pass-alive", "--rules", "japanese"]),
        "B+1\n"
    );
}
