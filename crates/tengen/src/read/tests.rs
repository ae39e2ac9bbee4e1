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
    // white moving first loses whatever it plays: no move is advice, it passes
    assert_eq!(s.b_first.mv, Move::Pass, "{s:?}");
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

/// The life-and-death answer of the white group through `p` (region found), both lines
/// proven.
fn tsumego(rows: &[&str], p: Point) -> LifeAndDeath {
    let b = diagram(rows);
    let ld = Reader::new(ReadConfig::default())
        .life_and_death(&b, p, None)
        .unwrap();
    assert!(ld.proven(), "{ld:?}");
    eprintln!(
        "nodes {} {}",
        ld.attacker_first.nodes, ld.defender_first.nodes
    );
    ld
}

#[test]
fn straight_three_is_decided_by_who_moves() {
    let ld = tsumego(
        &[
            ". . . O X . .",
            "O O O O X . .",
            "X X X X X . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        pt(0, 1),
    );
    assert_eq!(ld.region.len(), 8);
    assert_eq!(ld.attacker_first.status, Status::Dead, "{ld:?}");
    assert_eq!(ld.attacker_first.key, Some(play(1, 0)));
    assert_eq!(ld.defender_first.status, Status::Alive, "{ld:?}");
    assert_eq!(ld.defender_first.key, Some(play(1, 0)));
}

#[test]
fn straight_four_lives_and_square_four_dies() {
    let four = [
        ". . . . O X .",
        "O O O O O X .",
        "X X X X X X .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];
    let ld = tsumego(&four, pt(4, 0));
    assert_eq!(ld.attacker_first.status, Status::Alive, "{ld:?}");
    assert_eq!(ld.attacker_first.key, None);
    assert_eq!(ld.defender_first.status, Status::Alive, "{ld:?}");
    let square = [
        ". . O X . . .",
        ". . O X . . .",
        "O O O X . . .",
        "X X X X . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];
    let ld = tsumego(&square, pt(2, 0));
    assert_eq!(ld.attacker_first.status, Status::Dead, "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Dead, "{ld:?}");
    assert_eq!(ld.defender_first.key, None);
}

#[test]
fn bulky_five_nakade() {
    // the eye space A9 B9 C9 A8 B8: its vital point is B9
    let ld = tsumego(
        &[
            ". . . O X . .",
            ". . O O X . .",
            "O O O X X . .",
            "X X X X X . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        pt(3, 0),
    );
    assert_eq!(ld.attacker_first.status, Status::Dead, "{ld:?}");
    assert_eq!(ld.attacker_first.key, Some(play(1, 0)));
    assert_eq!(ld.defender_first.status, Status::Alive, "{ld:?}");
    assert_eq!(ld.defender_first.key, Some(play(1, 0)));
}

#[test]
fn seki_with_three_stones_inside() {
    // black's three stones inside white's eye space share both liberties with white: the one
    // who fills a liberty is captured
    let ld = tsumego(
        &[
            ". X X X . O X",
            "O O O O O O X",
            "X X X X X X X",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        pt(5, 0),
    );
    // the inside stones are in the region
    assert!(ld.region.contains(&pt(2, 0)), "{ld:?}");
    assert_eq!(ld.attacker_first.status, Status::Seki, "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Seki, "{ld:?}");
}

#[test]
fn tsumego_errors() {
    let mut open = Board::square(9).unwrap();
    open.edit([(pt(2, 1), Some(Color::White))]);
    assert!(matches!(
        life_and_death(&open, pt(2, 1), None),
        Err(ReadError::RegionTooLarge(_))
    ));
    assert_eq!(
        life_and_death(&open, pt(0, 0), None),
        Err(ReadError::Empty(pt(0, 0)))
    );
    assert_eq!(
        life_and_death(&open, pt(2, 1), Some(&[pt(0, 0)])),
        Err(ReadError::NotInRegion(pt(2, 1)))
    );
    assert_eq!(
        life_and_death(&open, pt(2, 1), Some(&[pt(2, 1), pt(9, 9)])),
        Err(ReadError::OffBoard(pt(9, 9)))
    );
    // a region given on the open board: white's lone stone with the 3x3 around it, a budget
    // of one node cut off (with more, White runs out of the region in a few)
    let region: Vec<Point> = (0..3).flat_map(|y| (1..4).map(move |x| pt(x, y))).collect();
    let cfg = ReadConfig {
        tsumego_budget: 1,
        ..ReadConfig::default()
    };
    let ld = Reader::new(cfg)
        .life_and_death(&open, pt(2, 1), Some(&region))
        .unwrap();
    assert_eq!(ld.region.len(), 9);
    assert!(!ld.proven(), "{ld:?}");
    // a search cut off is answered as the first mover's success, its key the most promising
    // move read: the attacker's on a liberty of the stone
    let (a, d) = (ld.attacker_first, ld.defender_first);
    assert_eq!((a.status, a.proven), (Status::Dead, false), "{ld:?}");
    assert!(
        matches!(a.key, Some(Move::Play(q)) if q.x.abs_diff(2) + q.y.abs_diff(1) == 1),
        "{ld:?}"
    );
    assert_eq!(d.status, Status::Alive, "{ld:?}");
    assert!(matches!(d.key, Some(Move::Play(_))), "{ld:?}");
}

#[test]
fn life_that_hangs_on_a_ko() {
    // 4x3, the whole board the region. Black's corner group (A3 A2 B2) has two liberties;
    // the three white stones next to it share the one liberty C3, which black fills to
    // capture them. White to move first takes D2 at D1, and black's retake at D2 is a ko:
    // black dies only if white may retake after a threat.
    let b = diagram(&["X O . O", "X X O X", ". . X ."]);
    let region: Vec<Point> = b.size().points().collect();
    let ld = Reader::new(ReadConfig::default())
        .life_and_death(&b, pt(0, 0), Some(&region))
        .unwrap();
    assert!(ld.proven(), "{ld:?}");
    assert_eq!(ld.attacker_first.status, Status::Ko, "{ld:?}");
    assert_eq!(ld.attacker_first.key, Some(play(3, 2)), "{ld:?}");
    // white takes the ko first, but cannot end it by connecting (that fills the last
    // liberty of its three stones): after black's retake it must retake too, after a
    // threat of its own (GNU Go's code 3)
    assert!(ld.attacker_first.needs_ko_threat, "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Alive, "{ld:?}");
    assert_eq!(ld.defender_first.key, Some(play(2, 0)), "{ld:?}");
}

#[test]
fn bent_four_in_the_corner_is_a_ko_not_a_seki() {
    // Black's three stones A9 A8 A7 lie along the edge inside white's corner, sharing white's
    // two liberties B9 and B7: a seki while both leave it. But black may fill B9 (a
    // sacrifice of four): white's capture at B7 leaves the bent four A7 A8 A9 B9 in the
    // corner, whose corner point white cannot take (a stone there touches no white stone),
    // and the fight in it is a ko. So the attacker moving first gets a ko, and the defender
    // moving first can do no better than pass: either liberty it fills is self-atari of the
    // whole group.
    let ld = tsumego(
        &[
            "X . O X . . .",
            "X O O X . . .",
            "X . O X . . .",
            "O O O X . . .",
            "X X X X . . .",
            ". . . . . . .",
            ". . . . . . .",
        ],
        pt(2, 0),
    );
    assert!(ld.region.contains(&pt(0, 1)), "{ld:?}");
    assert_eq!(ld.attacker_first.status, Status::Ko, "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Ko, "{ld:?}");
    assert_eq!(ld.defender_first.key, Some(Move::Pass), "{ld:?}");
}

#[test]
fn defence_by_atari_next_to_a_connectable_chain() {
    // After Black (1,3) the white stone (3,3) has two liberties and no black chain touches
    // it; White lives by (2,0) (or (1,2)), an atari on the black pair (3,0)-(3,1) next to the
    // white chain (2,1)-(2,2) that it connects to at (3,2). (Found by the property test
    // `claimed_captures_are_real`: the reader called (1,3) a capture.)
    let b = diagram(&["X X . X", ". X O X", "X . O .", "X X . O"]);
    let d = defend(&b, pt(3, 3)).unwrap();
    assert!(d.proven, "{d:?}");
    assert!(
        d.verdict == Verdict::Success(play(2, 0)) || d.verdict == Verdict::Success(play(1, 2)),
        "{d:?}"
    );
    let a = attack(
        &diagram(&["X X . X", ". X O X", "X . O .", "X . . O"]),
        pt(3, 3),
    )
    .unwrap();
    assert!(!a.proven || a.verdict == Verdict::Failure, "{a:?}");
}

#[test]
fn net_of_a_chain_with_three_liberties() {
    // Black's D8 D7 (x 3, y 1 and 2) under White's wall has three liberties, C8 C7 D6. The
    // net at C6 (2,3), next to two of them, leaves each extension short of liberties; a
    // capture the reader once missed (it read nets only against two liberties). GNU Go 3.8
    // also captures, by D6 (3,3), and agrees that after C6 Black has no defence.
    let b = diagram(&[
        ". . O O O O . . .",
        ". . . X O . . . .",
        ". . . X O . . . .",
        ". . . . O . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let mut r = Reader::new(ReadConfig::default());
    let a = r.attack(&b, pt(3, 1)).unwrap();
    assert!(a.proven && a.verdict.code() == 1, "{a:?}");
    let Some(Move::Play(m)) = a.verdict.best_move() else {
        panic!("{a:?}")
    };
    assert!(m == pt(2, 3) || m == pt(3, 3), "{a:?}");
    let mut netted = b.clone();
    netted
        .play(m, Color::White, &crate::Rules::default())
        .unwrap();
    let d = r.defend(&netted, pt(3, 1)).unwrap();
    assert!(d.proven && d.verdict == Verdict::Failure, "{d:?}");
    // the chain had three liberties, so this is no ladder
    assert!(!ladder_captured(&b, pt(3, 1)).unwrap());
}

#[test]
fn net_captures_where_the_ladder_fails() {
    // White's stone has two liberties, and neither atari captures it (it runs out); the net
    // (geta) at E5 does. GNU Go 3.8 answers the same: `attack D6` is `1 E5`, and after
    // either atari `defend D6` names the other liberty.
    let b = diagram(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . X . X . . .",
        ". . X O . . . . .",
        ". . . . . . . . .",
        ". . X . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let stone = pt(3, 3);
    let mut r = Reader::new(ReadConfig::default());
    let a = r.attack(&b, stone).unwrap();
    assert_eq!(
        (a.verdict, a.proven),
        (Verdict::Success(play(4, 4)), true),
        "{a:?}"
    );
    let l = r.ladder_captured(&b, stone).unwrap();
    assert_eq!(l.verdict, Verdict::Failure, "{l:?}");
    let rules = crate::Rules::default();
    for (atari, escape) in [(pt(4, 3), pt(3, 4)), (pt(3, 4), pt(4, 3))] {
        let mut c = b.clone();
        c.play(atari, Color::Black, &rules).unwrap();
        let d = r.defend(&c, stone).unwrap();
        assert_eq!(
            d.verdict,
            Verdict::Success(Move::Play(escape)),
            "{atari}: {d:?}"
        );
    }
    let mut c = b.clone();
    c.play(pt(4, 4), Color::Black, &rules).unwrap();
    let d = r.defend(&c, stone).unwrap();
    assert_eq!((d.verdict, d.proven), (Verdict::Failure, true), "{d:?}");
}

/// The attack and the defence of the chain at `p` on `b`, read by one reader with the
/// default limits.
fn attack_and_defence(b: &Board, p: Point) -> (Reading, Reading) {
    let mut r = Reader::new(ReadConfig::default());
    (r.attack(b, p).unwrap(), r.defend(b, p).unwrap())
}

/// A reading's verdict and whether it is proven.
fn outcome(r: &Reading) -> (Verdict, bool) {
    (r.verdict, r.proven)
}

/// A white stone in atari whose capture is a ko: Black's capturing stone is left alone with
/// the captured point as its only liberty, so White may retake after a threat. GNU Go 3.8
/// answers `attack` here with `2` (a ko), at the same point.
#[test]
fn a_capture_that_makes_a_ko_is_a_ko() {
    let b = diagram(&[
        ". X O . .",
        "X O . O .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let (a, d) = attack_and_defence(&b, pt(1, 1));
    assert_eq!(outcome(&a), (Verdict::Ko(play(2, 1)), true), "{a:?}");
    // White to move saves it by filling the ko (or taking a black stone in atari)
    assert_eq!(d.verdict.code(), 1, "{d:?}");
}

/// The same stone in atari where the capture takes more stones, whose only liberty is the
/// capturing point too: no ko, a plain capture.
#[test]
fn a_capture_of_more_stones_is_no_ko() {
    let b = diagram(&[
        ". X O X .",
        "X O . O X",
        ". X O X .",
        ". . . . .",
        ". . . . .",
    ]);
    let (a, _) = attack_and_defence(&b, pt(1, 1));
    assert_eq!(outcome(&a), (Verdict::Success(play(2, 1)), true), "{a:?}");
}

/// Three white stones on the second line under a black wall, blocked on the right: four
/// liberties, three of them on the first line, and still captured when Black moves first
/// (Black blocks on the left at (1, 5) and the chain has only first-line liberties left);
/// White moving first escapes by extending there. GNU Go 3.8 gives the same answers
/// (`attack` and `defend` both `1 B2`).
#[test]
fn a_chain_on_the_second_line_with_four_liberties() {
    let b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". X X X X X .",
        ". . O O O X .",
        ". . . . . . .",
    ]);
    let (a, d) = attack_and_defence(&b, pt(2, 5));
    assert_eq!(outcome(&a), (Verdict::Success(play(1, 5)), true), "{a:?}");
    assert_eq!(d.verdict, Verdict::Success(play(1, 5)), "{d:?}");
}

/// The white chain on top (4, 0)–(5, 0) has two liberties; at (4, 1) it would connect to the
/// white stone (3, 1), itself short of liberties. Black takes that stone's liberty first, at
/// (2, 1), and the connection no longer saves the chain. White to move saves it there too.
/// GNU Go 3.8 gives the same answers (`attack` and `defend` both `1 C5`).
#[test]
fn taking_the_liberty_of_the_chain_it_would_connect_to() {
    let b = diagram(&[
        "O O X X O O",
        "X . . O . .",
        ". O . . . .",
        "X . . X . .",
        "X O X . O .",
        "X . O . X .",
    ]);
    let (a, d) = attack_and_defence(&b, pt(4, 0));
    assert_eq!(outcome(&a), (Verdict::Success(play(2, 1)), true), "{a:?}");
    assert_eq!(d.verdict, Verdict::Success(play(2, 1)), "{d:?}");
}

/// The white stone (0, 3) has three liberties; at two of them it joins the white chain
/// (1, 4)–(1, 5), which has three liberties too. Black takes that chain's outside liberty
/// (2, 4) and wins; White saves both by taking that point first. GNU Go 3.8 gives the same
/// answers (`attack` and `defend` both `1 C2`).
#[test]
fn strengthening_the_chain_it_would_connect_to() {
    let b = diagram(&[
        ". . . . O .",
        "X . . . . .",
        ". X . X O .",
        "O . X . O O",
        ". O . . X O",
        ". O X O X O",
    ]);
    let (a, d) = attack_and_defence(&b, pt(0, 3));
    assert_eq!(outcome(&a), (Verdict::Success(play(2, 4)), true), "{a:?}");
    assert_eq!(outcome(&d), (Verdict::Success(play(2, 4)), true), "{d:?}");
}

/// A corner chain with an eye (0,0) and one outside liberty (0,2), which the attacker can take
/// only as a self-atari: its stone at (0,3) has the one other liberty (0,4), where the defender
/// would capture both. The backfill at (0,4) comes first: the life-and-death search finds it,
/// and so does the tactical reader (`a_backfill_makes_a_liberty_safe_to_fill`).
const BACKFILL: [&str; 7] = [
    ". O X . . . .",
    "O O X . . . .",
    ". O X . . . .",
    "X O X . . . .",
    ". X X . . . .",
    ". . . . . . .",
    ". . . . . . .",
];

/// The white chain of [`BACKFILL`] has two liberties, (0,0) in its corner and (0,2), which
/// Black can fill only in self-atari (White would take both stones at (0,4)). Black captures
/// by filling its own liberty (0,4) first; a tactical attack once missed it (its candidates
/// were the liberties and the points next to them, none of them (0,4)). GNU Go 3.8 answers
/// the same (`attack B6` is `1 A3`, and `defend B6` is `0`).
#[test]
fn a_backfill_makes_a_liberty_safe_to_fill() {
    let b = diagram(&BACKFILL);
    let (a, d) = attack_and_defence(&b, pt(1, 1));
    assert_eq!(outcome(&a), (Verdict::Success(play(0, 4)), true), "{a:?}");
    assert_eq!(outcome(&d), (Verdict::Failure, true), "{d:?}");
}

#[test]
fn owl_reads_an_open_ladder_to_its_end() {
    // the ladder of LADDER on an open 9x9 board: no enclosed region, the open one is left
    // at its fourth step, and the chase goes on beyond it to the edge
    let b = diagram(&LADDER);
    let mut r = Reader::new(ReadConfig::default());
    assert!(matches!(
        r.life_and_death(&b, pt(2, 3), None),
        Err(ReadError::RegionTooLarge(_))
    ));
    let ld = r.owl(&b, pt(2, 3)).unwrap();
    assert_eq!(ld.attacker_first.status, Status::Dead, "{ld:?}");
    assert!(ld.region.len() <= MAX_REGION);
    // White moving first runs out
    assert!(
        matches!(ld.defender_first.status, Status::Alive | Status::Seki),
        "{ld:?}"
    );
}

#[test]
fn owl_lets_an_open_stone_run_out() {
    // White C6 with black C7 and B6 above and left of it, and a white stone at E5: it runs
    // out to the open side (GNU Go 3.8's owl_attack says 0 too)
    let mut rows = LADDER;
    rows[4] = ". . . . O . . . .";
    let b = diagram(&rows);
    let mut r = Reader::new(ReadConfig::default());
    let ld = r.owl(&b, pt(2, 3)).unwrap();
    assert!(
        matches!(ld.attacker_first.status, Status::Alive | Status::Seki),
        "{ld:?}"
    );
}

#[test]
fn owl_guesses_a_cut_off_fight_by_the_chains_weight() {
    // one node a search: every search is cut off. White's chain of three stones in the open
    // counts as the first mover's (Black moving first kills, not proven); a lone white stone
    // counts as a survival, light and with room to run.
    let heavy = diagram(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . X . . . .",
        ". . . . . . . . .",
        ". . . O O O . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let mut lone = heavy.clone();
    lone.edit([(pt(3, 4), None), (pt(5, 4), None)]);
    let cfg = ReadConfig {
        tsumego_budget: 1,
        ..ReadConfig::default()
    };
    let ld = Reader::new(cfg).owl(&heavy, pt(4, 4)).unwrap();
    let a = ld.attacker_first;
    assert_eq!((a.status, a.proven), (Status::Dead, false), "{ld:?}");
    assert!(matches!(a.key, Some(Move::Play(_))), "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Alive, "{ld:?}");
    let ld = Reader::new(cfg).owl(&lone, pt(4, 4)).unwrap();
    let a = ld.attacker_first;
    assert!(
        matches!(a.status, Status::Alive | Status::Seki) && !a.proven,
        "{ld:?}"
    );
}

#[test]
fn an_open_region_is_measured_from_the_whole_chain() {
    // White's chain of ten stones across an otherwise empty 19x19 board, one black stone
    // below it: every region around it is over the limit until it is one step deep, and
    // that step is taken from each of its stones (its 22 liberties all in the region)
    let mut b = Board::square(19).unwrap();
    b.edit((2..12).map(|x| (pt(x, 9), Some(Color::White))));
    b.edit([(pt(6, 12), Some(Color::Black))]);
    let cfg = ReadConfig {
        tsumego_budget: 10_000,
        ..ReadConfig::default()
    };
    let ld = Reader::new(cfg).owl(&b, pt(2, 9)).unwrap();
    let chain: Vec<Point> = (2..12).map(|x| pt(x, 9)).collect();
    let libs = (2..12)
        .flat_map(|x| [pt(x, 8), pt(x, 10)])
        .chain([pt(1, 9), pt(12, 9)]);
    for p in chain.iter().copied().chain(libs) {
        assert!(ld.region.contains(&p), "{p:?} not in {:?}", ld.region);
    }
    // a long chain with room on every side is out of danger (with GTP's budget the search is
    // cut off: its 22 liberties are room, not a fight to guess)
    assert!(
        matches!(ld.attacker_first.status, Status::Alive | Status::Seki),
        "{ld:?}"
    );
}

#[test]
fn owl_of_an_enclosed_group_is_life_and_death() {
    let b = diagram(&BACKFILL);
    let mut r = Reader::new(ReadConfig::default());
    let a = r.owl(&b, pt(1, 1)).unwrap();
    let e = r.life_and_death(&b, pt(1, 1), None).unwrap();
    assert_eq!(a.region, e.region);
    assert_eq!(a.attacker_first.status, e.attacker_first.status);
    assert_eq!(a.attacker_first.status, Status::Dead);
}

/// White's chain (2,1) (3,1) (2,2) (2,3) has two liberties, (3,0) and (3,2), and Black cannot
/// fill (3,2) (a suicide): in the race with Black's chain (1,1)-(1,3), four liberties none of
/// them shared, that liberty counts as an eye. White lives by (0,2), taking one of that chain's
/// liberties (no capture within 18 moves, every move of both sides tried). The property test
/// `claimed_captures_are_real` found the reader calling the position before it captured, once
/// backfills were read: the defender's race moves counted only the target's liberties.
#[test]
fn a_race_counts_a_liberty_the_attacker_cannot_fill() {
    let b = diagram(&["X . X .", ". X O O", ". X O .", ". X O X"]);
    // the reader names (0,1), which the exhaustive search refutes, but no longer calls the
    // chain lost
    let d = defend(&b, pt(2, 1)).unwrap();
    assert!(d.proven && d.verdict.code() == 1, "{d:?}");
    let before = diagram(&["X . X X", "O X O O", "O X O .", "O . O X"]);
    let a = attack(&before, pt(2, 1)).unwrap();
    assert!(
        !(a.proven && a.verdict == Verdict::Success(play(1, 3))),
        "{a:?}"
    );
}

/// White's stone (1,0) has three liberties; Black's stones around it would net it at (2,1)
/// after an extension to (2,0). White defends by (3,0), next to its liberty (2,0): the
/// extension then reaches open room. GNU Go 3.8 answers the same (`defend B7` is `1 D7`, and
/// after it `attack B7` is `0`).
#[test]
fn a_chain_of_three_liberties_defends_next_to_a_liberty() {
    let b = diagram(&[
        ". O . . . O .",
        "X . . X . X O",
        "X . . . . . .",
        "X . X . . O O",
        ". . O . . . .",
        ". . . . O X .",
        ". . X . . . X",
    ]);
    let d = defend(&b, pt(1, 0)).unwrap();
    assert_eq!(outcome(&d), (Verdict::Success(play(3, 0)), true), "{d:?}");
    let mut c = b.clone();
    c.play(pt(3, 0), Color::White, &crate::Rules::default())
        .unwrap();
    let a = attack(&c, pt(1, 0)).unwrap();
    assert_eq!(outcome(&a), (Verdict::Failure, true), "{a:?}");
}

/// Black's chain (0,0) (0,1) (1,1) (2,1) has three liberties, (1,0), (2,0) and (0,2). White's
/// wall (1,2)-(2,2) next to it has two, (0,2) and (3,2): were White to fill a liberty first,
/// Black would take (3,2) and the wall's last liberty with it. White first extends the wall
/// at (3,2), which is no liberty of the target and next to none, and then Black cannot
/// escape. GNU Go 3.8 answers the same (`attack C6` is `1 D5`, and after it `defend C6` is
/// `0`).
#[test]
fn the_attacker_extends_its_wall_short_of_liberties() {
    let b = diagram(&[
        "X . . . . . X",
        "X X X O . X .",
        ". O O . X O O",
        ". X X O . . O",
        ". O O . X X .",
        ". O . . O . O",
        "X . X . X . .",
    ]);
    let (a, _) = attack_and_defence(&b, pt(2, 1));
    assert_eq!(outcome(&a), (Verdict::Success(play(3, 2)), true), "{a:?}");
    let mut c = b.clone();
    c.play(pt(3, 2), Color::White, &crate::Rules::default())
        .unwrap();
    let d = defend(&c, pt(2, 1)).unwrap();
    assert_eq!(outcome(&d), (Verdict::Failure, true), "{d:?}");
}

/// White's chain (2,4) (3,4) (4,4) (2,5) has two liberties, (3,5) and (2,6). Black's wall
/// (4,5)-(4,6) next to it has two as well, (3,5) and (5,6), and White's chain (5,5)-(6,5)
/// pressing on that wall has three, (5,6), (6,6) and (6,4). Black's capture starts on that
/// chain, at (6,4), far from the target's liberties: the wall then holds. GNU Go 3.8 agrees
/// that after (6,4) White has no defence (its own first choice is (5,6)).
#[test]
fn the_attacker_attacks_a_chain_pressing_on_its_wall() {
    let b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". X X X X X .",
        ". X O O O X .",
        ". X O . X O O",
        ". . . O X . .",
    ]);
    let a = attack(&b, pt(2, 4)).unwrap();
    assert!(a.proven && a.verdict.code() == 1, "{a:?}");
    let mut c = b.clone();
    c.play(pt(6, 4), Color::Black, &crate::Rules::default())
        .unwrap();
    let d = defend(&c, pt(2, 4)).unwrap();
    assert_eq!(outcome(&d), (Verdict::Failure, true), "{d:?}");
}

#[test]
fn the_attacker_retakes_a_ko_the_defender_took_again_after_a_tenuki() {
    // Black's E2 (in atari) is saved only by D1, a ko capture of E1. After White's retake (a
    // threat first), a tenuki lifts the ko ban and Black takes the ko again without a retake
    // of its own: White's second retake answers it, and the defence is a ko, as GNU Go 3.8
    // reads it (`2 D1`). With one retake each, D1 counted as a clean escape. (A random 5x5
    // position of ours.)
    let b = diagram(&[
        "X . X . .",
        ". O X . .",
        "X . O X .",
        ". . . O X",
        ". . O . O",
    ]);
    let mut r = Reader::new(ReadConfig::default());
    let d = r.defend(&b, pt(4, 3)).unwrap();
    assert_eq!(
        (d.verdict, d.proven),
        (Verdict::Ko(play(3, 4)), true),
        "{d:?}"
    );
}

/// Black's stone (0,2) has three liberties; two of them, (0,3) and (1,2), are next to Black's
/// (1,3), which has two. White's chains next to (1,3), (0,4)-(1,4) and (2,3), have three
/// liberties each and share (2,4): Black takes it, and both are short of liberties before
/// (1,3) is. A defence away from the target's liberties, next to neither them nor the target
/// (a random 7x7 position of ours; GNU Go 3.8 answers the same, `defend A5` is `1 C3`).
#[test]
fn the_defender_shortens_a_chain_racing_its_neighbour() {
    let b = diagram(&[
        "X O X O . X .",
        ". O . . . . X",
        "X . . O O O .",
        ". X O . X . O",
        "O O . X O . O",
        ". X . . O O .",
        ". . . X O . O",
    ]);
    let d = defend(&b, pt(0, 2)).unwrap();
    assert_eq!(outcome(&d), (Verdict::Success(play(2, 4)), true), "{d:?}");
}

/// White's chain has four liberties, (2,3), (6,3), (3,5) and (5,5), each walled in by Black:
/// no liberty is next to an empty point but liberties, so the chain can only wait to be
/// filled. Four liberties count as safe without search, but not for such an enclosed chain at
/// the attacker's first move. GNU Go 3.8 answers the same (`attack D6` is `1 C6`, `defend D6`
/// is `0`).
#[test]
fn an_enclosed_chain_of_four_liberties_is_read() {
    let b = diagram(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". X X X X X X X .",
        ". X . O O O . X .",
        ". X X O O O X X .",
        ". X X . O . X X .",
        ". X X X X X X X .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let (a, d) = attack_and_defence(&b, pt(3, 3));
    assert!(a.proven && a.verdict.code() == 1, "{a:?}");
    let libs = [play(2, 3), play(6, 3), play(3, 5), play(5, 5)];
    assert!(libs.contains(&a.verdict.best_move().unwrap()), "{a:?}");
    assert_eq!(outcome(&d), (Verdict::Failure, true), "{d:?}");
}

/// White's chain (2,2)-(4,2) has four liberties inside Black's wall, and one more empty
/// point, (6,2), that is no liberty: it touches only the liberty (5,2). Black can fill every
/// point of that space from its wall, so the chain's liberties are a race it cannot win, not
/// safety: it is captured whoever moves first. Before, a chain whose liberties touched an
/// empty point that is no liberty counted as escaped with four liberties (`attack` 0,
/// `defend` 1 PASS). GNU Go 3.8 answers the same (`attack D7` is `1 F7`, `defend D7` is `0`).
#[test]
fn a_chain_of_four_liberties_in_an_enclosed_space_is_read() {
    let b = diagram(&[
        ". . . . . . . . .",
        ". X X X X X X X .",
        ". X O O O . . X .",
        ". X . . . X X X .",
        ". X X X X X . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let (a, d) = attack_and_defence(&b, pt(3, 2));
    assert!(a.proven && a.verdict.code() == 1, "{a:?}");
    assert!(
        [play(3, 3), play(5, 2)].contains(&a.verdict.best_move().unwrap()),
        "{a:?}"
    );
    assert_eq!(outcome(&d), (Verdict::Failure, true), "{d:?}");
}

/// Black's chain (0,5)-(1,5) has three liberties; left alone, its best defence is a ko (at
/// (0,4)). White's chain (2,5) (2,6) (3,6) next to it has two, and Black's stone (2,4) next to
/// that chain is in atari: saving it at (3,4) keeps the chain short and is a clean defence.
/// The stone touches neither the target nor its liberties, so it is found through the
/// attacker's chain, at the defender's first move. GNU Go 3.8 answers the same (`defend B2`
/// is `1 D3`; a random 7x7 position of ours).
#[test]
fn the_defender_saves_a_stone_pressing_on_the_wall() {
    let b = diagram(&[
        ". . X . . . X",
        ". O O X . . .",
        "O . X . X X X",
        ". . O . O . .",
        ". O X . X . .",
        "X X O . . . X",
        ". . O O X . O",
    ]);
    let d = defend(&b, pt(1, 5)).unwrap();
    assert_eq!(outcome(&d), (Verdict::Success(play(3, 4)), true), "{d:?}");
}

/// White's chain (5,1) has two liberties: (5,2), an eye Black cannot fill, and (4,1), which
/// Black cannot fill either (a suicide) and where White connects to (4,0) and (3,1). Those
/// share the liberty (3,0), which Black can take only in self-atari (White would capture it
/// at (2,0)). Black first takes (2,0), the one liberty of a stone at (3,0) (a backfill of the
/// connection): then (3,0) is safe to take and the chain dies. White, to move, takes (2,0)
/// first. GNU Go 3.8 answers the same (`attack F8` and `defend F8` are `1 C9`).
#[test]
fn the_attacker_backfills_the_liberty_of_a_connection() {
    let b = diagram(&[
        ". . . . O X X X .",
        ". X X O . O O X .",
        ". . X X O . O X .",
        ". . . X O O O X .",
        ". . . X X X X X .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let (a, d) = attack_and_defence(&b, pt(5, 1));
    assert_eq!(outcome(&a), (Verdict::Success(play(2, 0)), true), "{a:?}");
    assert_eq!(outcome(&d), (Verdict::Success(play(2, 0)), true), "{d:?}");
}

/// Black's chain has an eye at (3,5), a liberty at (1,6), and a false eye at (4,6): the stone
/// (5,6) beside it is in atari. White taking it there is a ko, but one Black cannot win: when
/// Black retakes (after a threat), White leaves the ko alone, and Black's connection at (4,6)
/// leaves the chain one eye. So Black, to move, has no defence (it answered a ko before the
/// attacker could leave a retaken ko alone). GNU Go 3.8 answers the same (`defend D3` is
/// `0`, `attack D3` is `1`).
#[test]
fn a_ko_on_a_false_eye_is_no_defence() {
    let b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        ". O O O O O O",
        ". O X X X X O",
        "O O X . X O O",
        "O . X X . X O",
    ]);
    let (a, d) = attack_and_defence(&b, pt(3, 4));
    assert!(a.proven && a.verdict.code() == 1, "{a:?}");
    assert_eq!(outcome(&d), (Verdict::Failure, true), "{d:?}");
}

/// Black's chain has an eye at (1,4) and a false eye at (2,6), where Black has just retaken
/// the ko (its stone at (3,6) took White's stone there). White's retake needs a threat (code
/// 3, GNU Go 3.8's answer `3 C1`), but White need not retake: Black can never resolve the
/// ko (its connection fills its own eye) and, Black to move, the chain dies all the same,
/// as in `a_ko_on_a_false_eye_is_no_defence`. So the attack is a capture without a move:
/// an attack that succeeds only by a ko is weighed against the attacker's pass. GNU Go's
/// suite writes such answers with `PASS` (on half 0 of its `attack` and `defend` questions
/// one right answer more in each, none lost on half 1).
#[test]
fn the_attacker_need_not_retake_a_ko_black_cannot_resolve() {
    let mut b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        "O O O O O . .",
        "X X X X O . .",
        "X . X O O . .",
        "X X X O O . .",
        "X X O . O . .",
    ]);
    b.play(pt(3, 6), Color::Black, &crate::Rules::default())
        .unwrap();
    assert_eq!(b.get(pt(2, 6)), None);
    let (a, d) = attack_and_defence(&b, pt(0, 3));
    assert_eq!(outcome(&a), (Verdict::Success(Move::Pass), true), "{a:?}");
    assert_eq!(outcome(&d), (Verdict::Failure, true), "{d:?}");
}

#[test]
fn owl_reads_a_group_too_large_for_a_region_tactically() {
    // a white wall of 65 stones (four rows deep, sixteen columns and one stone) with a black
    // stone on each side: no region of at most MAX_REGION points holds it even at no step, so
    // it is read as a chain: not capturable, alive but not proven
    let mut b = Board::square(19).unwrap();
    let wall: Vec<Point> = (0..19)
        .flat_map(|x| [pt(x, 3), pt(x, 4), pt(x, 5), pt(x, 6)])
        .take(MAX_REGION + 5)
        .collect();
    b.edit(wall.iter().map(|&p| (p, Some(Color::White))));
    b.edit([
        (pt(5, 1), Some(Color::Black)),
        (pt(5, 9), Some(Color::Black)),
    ]);
    let mut r = Reader::new(ReadConfig::default());
    assert!(matches!(
        r.life_and_death(&b, pt(0, 3), None),
        Err(ReadError::RegionTooLarge(_))
    ));
    let ld = r.owl(&b, pt(0, 3)).unwrap();
    assert_eq!(ld.attacker_first.status, Status::Alive, "{ld:?}");
    assert!(!ld.attacker_first.proven, "{ld:?}");
    assert_eq!(ld.attacker_first.key, None);
    assert_eq!(ld.region.len(), wall.len());
    // a white chain of 75 stones (the top three rows and 18 points of the fourth) under a
    // black wall, its one liberty at the end of the fourth row: Black takes it, and White's
    // extension there only leaves it in atari again (captures read to their end)
    let mut short = Board::square(19).unwrap();
    let long = (0..19)
        .flat_map(|x| [pt(x, 0), pt(x, 1), pt(x, 2)])
        .chain((0..18).map(|x| pt(x, 3)));
    short.edit(long.map(|p| (p, Some(Color::White))));
    short.edit((0..19).map(|x| (pt(x, 4), Some(Color::Black))));
    short.edit([(pt(18, 4), None), (pt(18, 5), Some(Color::Black))]);
    let ld = r.owl(&short, pt(0, 0)).unwrap();
    assert_eq!(ld.attacker_first.status, Status::Dead, "{ld:?}");
    assert!(ld.attacker_first.proven, "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Dead, "{ld:?}");
}

/// White's corner group (A3, A2 and C2, D2, D1 of a 7x7 board) in a closed black wall: Black
/// kills moving first at B1 or at B2, White lives moving first at B1 only. The attacker's key
/// is the defender's vital point, B1 ("the opponent's vital point is mine"), not whichever
/// kill the search proves first (B2 before the rule; a random position of our own, found by
/// comparing the two readers).
#[test]
fn owl_names_the_vital_point_both_sides_want() {
    let b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X X X X .",
        "O . . X . X .",
        "O . O O . X .",
        ". . . O X X .",
    ]);
    let mut r = Reader::new(ReadConfig::default());
    let ld = r.owl(&b, pt(0, 5)).unwrap();
    assert!(ld.proven(), "{ld:?}");
    assert_eq!(ld.attacker_first.status, Status::Dead, "{ld:?}");
    assert_eq!(ld.attacker_first.key, Some(play(1, 6)), "{ld:?}");
    assert_eq!(ld.defender_first.key, Some(play(1, 6)), "{ld:?}");
    // B2 kills too: the defender's move there is no life
    let mut b2 = b.clone();
    b2.play(pt(1, 5), Color::Black, &crate::Rules::default())
        .unwrap();
    let d = r.owl(&b2, pt(0, 5)).unwrap();
    assert_eq!(d.defender_first.status, Status::Dead, "{d:?}");
}

/// A 7x7 position of our own (found among random ones; GNU Go 3.8 answers `owl_attack A1`
/// with `2 A2` and `owl_defend A1` with `1 A2` too): Black takes the ko at A2 first and
/// White needs the threat (GNU Go's code 2); White moving first lives at A2.
#[test]
fn a_ko_taken_first_needs_no_threat() {
    let b = diagram(&[
        ". . . . . . .",
        ". . . . . . .",
        ". . . . . . .",
        "X X X X X X .",
        "O X O O O X .",
        ". O . O . X .",
        "O . O O O X .",
    ]);
    let ld = Reader::new(ReadConfig::default())
        .owl(&b, pt(0, 6))
        .unwrap();
    assert!(ld.proven(), "{ld:?}");
    assert_eq!(ld.attacker_first.status, Status::Ko, "{ld:?}");
    assert_eq!(ld.attacker_first.key, Some(play(0, 5)), "{ld:?}");
    assert!(!ld.attacker_first.needs_ko_threat, "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Alive, "{ld:?}");
    assert_eq!(ld.defender_first.key, Some(play(0, 5)), "{ld:?}");
}

/// A 9x9 position of our own (found among random ones): Black's stone on H1 cannot be saved.
/// Its one hope is White's J3, two liberties, at the edge of H1's region: with its capture
/// counted as an escape, Black H3 "saved" H1 (GNU Go 3.8 answers `owl_defend H1` with `0`
/// and `owl_attack H1` with `1 H2`). Eaten as a lunch, the capture leaves H1 as weak as it
/// was.
#[test]
fn a_surrounding_chain_eaten_is_a_lunch_not_an_escape() {
    let b = diagram(&[
        "O . . . . . O O X",
        ". . . . . X . . .",
        ". X . O . . . . X",
        "X . . . . . . . .",
        ". . X . X . X X X",
        ". . . . . . . O X",
        ". O . O . X . . O",
        ". . . . O O O . .",
        ". . . . . O . X .",
    ]);
    let ld = Reader::new(ReadConfig::default())
        .owl(&b, pt(7, 8))
        .unwrap();
    assert_eq!(ld.attacker_first.status, Status::Dead, "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Dead, "{ld:?}");
}

/// The ladder of [`LADDER`] with a white breaker on each of its ways: Black cannot capture
/// White's C6 even moving first, and [`Reader::defend`] answers that with a pass, while
/// [`Reader::defend_naming_move`] names a move after which the stone is still safe, as GNU Go's
/// `defend` does (GNU Go 3.8 answers `attack C6` here with `0` and `defend C6` with `1 C5`;
/// ours is D6, the other liberty, safe too).
#[test]
fn a_chain_that_cannot_be_captured_is_given_a_defence() {
    let mut rows = LADDER;
    rows[1] = ". . . . . O . . .";
    rows[5] = ". O . . . . . . .";
    let b = diagram(&rows);
    let mut r = Reader::new(ReadConfig::default());
    let a = r.attack(&b, pt(2, 3)).unwrap();
    assert_eq!(outcome(&a), (Verdict::Failure, true), "{a:?}");
    let d = r.defend(&b, pt(2, 3)).unwrap();
    assert_eq!(outcome(&d), (Verdict::Success(Move::Pass), true), "{d:?}");
    let n = r.defend_naming_move(&b, pt(2, 3)).unwrap();
    assert!(n.proven, "{n:?}");
    let Verdict::Success(Move::Play(m)) = n.verdict else {
        panic!("{n:?}");
    };
    let mut g = b.clone();
    g.play(m, Color::White, &crate::Rules::default()).unwrap();
    let after = r.attack(&g, pt(2, 3)).unwrap();
    assert_eq!(
        outcome(&after),
        (Verdict::Failure, true),
        "{after:?} after {m:?}"
    );
    // a chain safe by its liberties alone is still given a pass
    let open = diagram(&[
        ". . . . .",
        ". . . . .",
        ". . O . .",
        ". . . . .",
        ". . . . .",
    ]);
    let p = r.defend_naming_move(&open, pt(2, 2)).unwrap();
    assert_eq!(p.verdict, Verdict::Success(Move::Pass), "{p:?}");
}

/// A black stone of two liberties at the edge, White's wall above and on its left: the net
/// between the two liberties captures, and so does either liberty. The root of an attack
/// reads the liberties first, as GNU Go does (GNU Go 3.8 answers `attack H5` with `1 H4`;
/// its `defend H5` after White J5 is `0`).
#[test]
fn the_root_of_an_attack_names_a_liberty_before_a_net() {
    let b = diagram(&[
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . O .",
        ". . . . . . O X .",
        ". . . . . . O . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let a = Reader::new(ReadConfig::default())
        .attack(&b, pt(7, 4))
        .unwrap();
    assert!(a.proven, "{a:?}");
    assert!(
        matches!(a.verdict, Verdict::Success(m) if m == play(8, 4) || m == play(7, 5)),
        "{a:?}"
    );
}

/// White's two stones on the top edge (F9 F8) have two liberties and cannot be saved: read
/// to the end, every defence fails. With a small budget the first defence read (a move that
/// needs a long fight to refute) would spend all of it unproven and be named as the answer;
/// each defence read first with a share of the budget lets the others be refuted, and the
/// fight is read to its end.
#[test]
fn defences_read_with_a_share_first_leave_no_guess() {
    let b = diagram(&[
        "O X . . . O X X X",
        "O O . X . O X X X",
        "X O . . . X . . .",
        ". . O O . X . . .",
        ". . X X O O O . .",
        ". X O . . . . . .",
        ". . . X X . . . .",
        ". X O X X X X . O",
        ". . . . O . . O .",
    ]);
    let small = |root_share| ReadConfig {
        node_budget: 200,
        root_share,
        ..ReadConfig::default()
    };
    let d = Reader::new(small(12)).defend(&b, pt(5, 0)).unwrap();
    assert_eq!((d.verdict, d.proven), (Verdict::Failure, true), "{d:?}");
    // every move at once with all that is left: the first is a guess
    let d = Reader::new(small(1)).defend(&b, pt(5, 0)).unwrap();
    assert!(!d.proven && d.verdict != Verdict::Failure, "{d:?}");
    let full = Reader::new(ReadConfig::default())
        .defend(&b, pt(5, 0))
        .unwrap();
    assert_eq!(
        (full.verdict, full.proven),
        (Verdict::Failure, true),
        "{full:?}"
    );
}

/// A race decided by an approach move. White's chain (0,2)-(2,2) has three liberties; Black's
/// chain (1,0) (0,1) (1,1) (2,1) inside it has an eye at (0,0) and the liberty (2,0), which
/// White can take only by capturing Black's stone (3,0), and that stone has a second liberty
/// (4,0). White's atari there, from its living group on the right, is the approach: its
/// capture at (2,0) then takes a ko that Black must retake after a threat, while Black still
/// needs two moves to fill White's last liberties. Every other move loses the race. GNU Go 3.8
/// answers the same (`defend A7` is `2 E9`; `attack A7` is `1`).
#[test]
fn a_race_is_defended_by_an_approach_move() {
    let b = diagram(&[
        ". X . X . O . O .",
        "X X X O O O O O O",
        "O O O X X X X X X",
        ". . . X . . . . .",
        "X X X X . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
        ". . . . . . . . .",
    ]);
    let (a, d) = attack_and_defence(&b, pt(0, 2));
    assert!(a.proven && a.verdict.code() == 1, "{a:?}");
    assert_eq!(outcome(&d), (Verdict::Ko(play(4, 0)), true), "{d:?}");
}

/// White's stone (2,4) on the edge is in atari, but Black's capture at (2,3) leaves Black's
/// three stones with the captured point as their only liberty, and White's retake there keeps
/// two liberties: a proper snapback, which is no capture (GNU Go's reader counts it so; GNU Go
/// 3.8 answers `attack C1` with `0`). Where White's retake would have one liberty (Black's
/// stones are lost but the capture stands), the capture counts.
#[test]
fn a_capture_into_a_proper_snapback_is_no_capture() {
    let proper = diagram(&[
        ". . . . .",
        ". . . . .",
        "O O O O .",
        "O X . O .",
        "O X O X .",
    ]);
    let mut r = Reader::new(ReadConfig::default());
    let a = r.attack(&proper, pt(2, 4)).unwrap();
    assert_eq!(outcome(&a), (Verdict::Failure, true), "{a:?}");
    // nothing to defend; the move named captures Black's two stones
    let d = r.defend(&proper, pt(2, 4)).unwrap();
    assert_eq!(outcome(&d), (Verdict::Success(Move::Pass), true), "{d:?}");
    let d = r.defend_naming_move(&proper, pt(2, 4)).unwrap();
    assert_eq!(d.verdict, Verdict::Success(play(2, 3)), "{d:?}");
    let improper = diagram(&[
        ". . . . .",
        ". O O O .",
        "O O X O .",
        ". O . O .",
        ". X O X .",
    ]);
    let a = Reader::new(ReadConfig::default())
        .attack(&improper, pt(2, 4))
        .unwrap();
    assert_eq!(outcome(&a), (Verdict::Success(play(2, 3)), true), "{a:?}");
}

/// A defence found one move deep is read again as an attack from the position after it. White's
/// stone (0,2) has two liberties. The defence search finds (0,1) first, read with the attacker's
/// answer one move deep, where the search narrows one move sooner; read again as an attack, it
/// is captured (by (1,2), a net). White's defence is (1,2). A position from random play; GNU Go
/// 3.8 answers the same (`defend A6` is `1 B6`; after White A7, `attack A6` is `1 B6`).
#[test]
fn a_defence_refuted_when_read_again_is_not_given() {
    let b = diagram(&[
        ". X . . . O X .",
        ". . O . O O X .",
        "O . O X X . . X",
        ". X X X O . . O",
        "X X . O . O O O",
        ". X . X X . . .",
        ". X O O . O O X",
        "O . . O O . . O",
    ]);
    let stone = pt(0, 2);
    let mut r = Reader::new(ReadConfig::default());
    let first = r.ask(&b, stone, Mode::Tactics, false).unwrap();
    assert_eq!(
        outcome(&first),
        (Verdict::Success(play(0, 1)), true),
        "{first:?}"
    );
    let d = Reader::new(ReadConfig::default())
        .defend(&b, stone)
        .unwrap();
    assert_eq!(outcome(&d), (Verdict::Success(play(1, 2)), true), "{d:?}");
    let rules = crate::Rules::default();
    let mut after = b.clone();
    after.play(pt(0, 1), Color::White, &rules).unwrap();
    let a = Reader::new(ReadConfig::default())
        .attack(&after, stone)
        .unwrap();
    assert!(a.proven && a.verdict.code() == 1, "{a:?}");
    after = b.clone();
    after.play(pt(1, 2), Color::White, &rules).unwrap();
    let a = Reader::new(ReadConfig::default())
        .attack(&after, stone)
        .unwrap();
    assert_eq!(outcome(&a), (Verdict::Failure, true), "{a:?}");
}
