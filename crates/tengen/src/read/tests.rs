//! Hand-made positions for each kind of reading.

use super::*;
use crate::formats::text::{read_board, InputFormat};

/// A board from rows of `X` (black), `O` (white) and `.` separated by spaces, the first row on
/// top (y = 0).
pub(crate) fn diagram(rows: &[&str]) -> Board {
    let text: Vec<String> = rows.iter().map(|r| r.replace(' ', "")).collect();
    read_board(&text.join("\n"), InputFormat::Text).unwrap()
}

fn pt(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

fn play(x: u8, y: u8) -> Move {
    Move::Play(pt(x, y))
}

const LADDER: [&str; 9] = [
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . X . . . . . .",
    ". X O . . . . . .",
    ". . . X . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
    ". . . . . . . . .",
];

#[test]
fn ladder_without_breaker() {
    let b = diagram(&LADDER);
    let mut r = Reader::new(ReadConfig::default());
    let a = r.attack(&b, pt(2, 3)).unwrap();
    assert!(a.proven);
    let m = a.verdict.best_move();
    assert!(m == Some(play(2, 4)) || m == Some(play(3, 3)), "{a:?}");
    assert_eq!(a.verdict.code(), 1);
    // the principal variation ends with the chain captured
    let mut g = b.clone();
    for (c, mv) in &a.pv {
        if let Move::Play(p) = mv {
            g.play(*p, *c, &crate::Rules::default()).unwrap();
        }
    }
    assert_eq!(g.get(pt(2, 3)), None, "{a:?}");
    let l = r.ladder_captured(&b, pt(2, 3)).unwrap();
    assert!(l.proven && l.verdict.code() == 1, "{l:?}");
    assert!(ladder_captured(&b, pt(2, 3)).unwrap());
}

#[test]
fn many_liberties_are_safe_without_search() {
    let b = diagram(&[
        ". . . . .",
        ". . . . .",
        ". . O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let a = attack(&b, pt(2, 2)).unwrap();
    assert_eq!((a.verdict, a.proven, a.nodes), (Verdict::Failure, true, 1));
    let d = defend(&b, pt(2, 2)).unwrap();
    assert_eq!(d.verdict, Verdict::Success(Move::Pass));
}

#[test]
fn errors_name_the_point() {
    let b = diagram(&[". . .", ". X .", ". . ."]);
    assert_eq!(attack(&b, pt(0, 0)), Err(ReadError::Empty(pt(0, 0))));
    assert_eq!(attack(&b, pt(5, 0)), Err(ReadError::OffBoard(pt(5, 0))));
}

#[test]
fn budget_cut_is_reported() {
    let b = diagram(&LADDER);
    let cfg = ReadConfig {
        node_budget: 5,
        ..ReadConfig::default()
    };
    let a = Reader::new(cfg).attack(&b, pt(2, 3)).unwrap();
    assert!(!a.proven);
    // each node already started finishes its own count: a small overshoot
    assert!(a.nodes < 60, "{a:?}");
}
