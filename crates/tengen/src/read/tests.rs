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

/// Two chains racing in the top rows of a 9x9 board, each walled in by the other colour's
/// strong stones: black's column 3 against white's column 4. `black_libs` outside liberties
/// for black on column 2 (2 or 3), two for white on column 5.
fn race(black_libs: usize) -> Board {
    let top = if black_libs == 3 {
        [
            ". O . X O . X . .",
            ". O . X O . X . .",
            ". O . X O X X . .",
            ". O O O X X . . .",
            ". . O . X . . . .",
        ]
    } else {
        [
            ". O . X O . X . .",
            ". O . X O . X . .",
            ". O O X O X X . .",
            ". . O O X X . . .",
            ". . O . X . . . .",
        ]
    };
    let mut rows: Vec<&str> = top.to_vec();
    rows.extend([". . . . . . . . ."; 4]);
    diagram(&rows)
}

#[test]
fn semeai_outside_liberties_win() {
    // three outside liberties against two: black wins moving first or second
    let b = race(3);
    let s = Reader::new(ReadConfig::default())
        .semeai(&b, pt(3, 0), pt(4, 0))
        .unwrap();
    assert!(s.proven(), "{s:?}");
    assert_eq!(s.a_first.outcome, RaceOutcome::Win(Color::Black), "{s:?}");
    assert_eq!(s.b_first.outcome, RaceOutcome::Win(Color::Black), "{s:?}");
    assert!(!s.first_to_move_wins());
    // black moving first fills one of white's two liberties
    assert!(matches!(s.a_first.mv, Move::Play(p) if p.x == 5), "{s:?}");
    // asked the other way round, the same race
    let t = semeai(&b, pt(4, 1), pt(3, 2)).unwrap();
    assert_eq!(t.a_first.outcome, RaceOutcome::Win(Color::Black), "{t:?}");
    assert_eq!(t.b_first.outcome, RaceOutcome::Win(Color::Black), "{t:?}");
}

#[test]
fn semeai_decided_by_who_moves_first() {
    // two liberties each, none shared
    let b = race(2);
    let s = semeai(&b, pt(3, 0), pt(4, 0)).unwrap();
    assert!(s.proven(), "{s:?}");
    assert_eq!(s.a_first.outcome, RaceOutcome::Win(Color::Black), "{s:?}");
    assert_eq!(s.b_first.outcome, RaceOutcome::Win(Color::White), "{s:?}");
    assert!(s.first_to_move_wins());
    assert!(matches!(s.b_first.mv, Move::Play(p) if p.x == 2), "{s:?}");
}

#[test]
fn semeai_shared_liberties_seki() {
    // black's column 2 and white's column 4 (with C... the stones on column 3) share the two
    // empty points of column 3 and have no other liberty: whoever fills one is captured
    let b = diagram(&[
        ". O X O O X . . .",
        ". O X . O X . . .",
        ". O X O O X . . .",
        ". O X . O X . . .",
        ". O X O O X . . .",
        ". O O X X X . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    assert_eq!(b.liberties(pt(2, 0)), Some(2));
    assert_eq!(b.liberties(pt(4, 0)), Some(2));
    let s = semeai(&b, pt(2, 0), pt(4, 0)).unwrap();
    assert!(s.proven(), "{s:?}");
    assert_eq!(s.a_first.outcome, RaceOutcome::Seki, "{s:?}");
    assert_eq!(s.b_first.outcome, RaceOutcome::Seki, "{s:?}");
    assert_eq!(s.a_first.mv, Move::Pass);
}

#[test]
fn semeai_big_eye_beats_small_eye() {
    // black (column 1) has a three-point eye on the left edge, white (columns 2-5) a
    // one-point eye at E9; they share C8
    let b = diagram(&[
        ". X O O . O X . .",
        ". X . O O O X . .",
        ". X O O X X X . .",
        "X X O O X . . . .",
        "O X O O X . . . .",
        "O O X X X . . . .",
        "O O O . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    assert_eq!(b.liberties(pt(1, 0)), Some(4));
    assert_eq!(b.liberties(pt(3, 0)), Some(2));
    let s = semeai(&b, pt(1, 0), pt(3, 0)).unwrap();
    assert!(s.proven(), "{s:?}");
    assert_eq!(s.a_first.outcome, RaceOutcome::Win(Color::Black), "{s:?}");
    assert_eq!(s.b_first.outcome, RaceOutcome::Win(Color::Black), "{s:?}");
}

#[test]
fn semeai_errors() {
    let b = race(2);
    assert_eq!(
        semeai(&b, pt(3, 0), pt(3, 1)),
        Err(ReadError::SameColor(pt(3, 0), pt(3, 1)))
    );
    assert_eq!(
        semeai(&b, pt(0, 0), pt(3, 1)),
        Err(ReadError::Empty(pt(0, 0)))
    );
    assert_eq!(
        semeai(&b, pt(3, 0), pt(30, 1)),
        Err(ReadError::OffBoard(pt(30, 1)))
    );
    // a tiny budget is reported as cut off, not as an answer
    let cfg = ReadConfig {
        node_budget: 3,
        ..ReadConfig::default()
    };
    let s = Reader::new(cfg)
        .semeai(&race(3), pt(3, 0), pt(4, 0))
        .unwrap();
    assert!(!s.proven(), "{s:?}");
}
