//! The judge of finished positions on hand-made positions: dead stones, seki of several
//! shapes, false eyes, one-eyed groups, dame inside seki, and determinism.

use tengen::count::{Count as Judgement, Position};
use tengen::formats::text::{read_board, InputFormat};
use tengen::judge::{judge, Options, Reason, Stage, Stages, Status};
use tengen::{Board, Color, Point, Rules};

fn board(rows: &[&str]) -> Board {
    read_board(&rows.join("\n"), InputFormat::Text).unwrap()
}

fn run(rows: &[&str], rules: &str, to_move: Color) -> (Board, Judgement) {
    let b = board(rows);
    let r = Rules::from_name(rules).unwrap();
    let pos = Position {
        to_move,
        ..Position::new(b.clone(), r)
    };
    let j = judge(&pos, &Options::default());
    (b, j)
}

fn status_at(j: &Judgement, p: Point) -> Status {
    j.chains
        .iter()
        .find(|c| c.stones.contains(&p))
        .map(|c| c.status)
        .expect("a stone there")
}

/// The stage that decided the chain holding `p`, and why (the trace `tengen score --explain`
/// prints).
fn trace_at(j: &Judgement, p: Point) -> (Stage, Reason) {
    let c = j
        .chains
        .iter()
        .find(|c| c.stones.contains(&p))
        .expect("a stone there");
    (c.stage.expect("judged"), c.reason)
}

#[test]
fn a_lone_stone_in_territory_is_dead_and_counts_twice_under_territory_rules() {
    let rows = [
        "....XO...",
        "....XO...",
        "....XO.X.",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
        "....XO...",
    ];
    let (_, j) = run(&rows, "japanese", Color::Black);
    assert_eq!(j.dead, vec![Point::new(7, 2)]);
    // the playouts decide it, and the walls (no wall is pass-alive: the areas are too big)
    for p in [Point::new(7, 2), Point::new(4, 0), Point::new(5, 0)] {
        let (stage, reason) = trace_at(&j, p);
        assert_eq!(stage, Stage::Estimated, "{p:?}");
        assert!(reason.to_string().starts_with("playouts "), "{reason}");
    }
    // black 36; white 27 + 1 prisoner + 6.5
    assert_eq!(j.result().to_string(), "B+1.5");
    let (_, j) = run(&rows, "chinese", Color::White);
    // black 36 + 9; white 27 + 9 + 7.5
    assert_eq!(j.result().to_string(), "B+1.5");
}

/// Two inner chains with one eye each and one shared liberty, each surrounded by the other
/// colour's living wall.
const SEKI_EYES: [&str; 7] = [
    ".XX.OO.", "XXXOOOO", "OOOXXXX", "..OX...", "..OX...", "..OX...", "..OX...",
];

#[test]
fn seki_with_an_eye_each_is_alive_and_its_eyes_are_taxed_under_japanese_rules() {
    let (_, j) = run(&SEKI_EYES, "japanese", Color::Black);
    assert!(j.dead.is_empty(), "{:?}", j.dead);
    assert_eq!(status_at(&j, Point::new(1, 0)), Status::Seki);
    assert_eq!(status_at(&j, Point::new(4, 0)), Status::Seki);
    assert!(j.seki.contains(&Point::new(3, 0)));
    for p in [Point::new(1, 0), Point::new(4, 0)] {
        assert_eq!(
            trace_at(&j, p),
            (Stage::Seki, Reason::SharedLiberty),
            "{p:?}"
        );
    }
    // the outer walls are the playouts'
    assert_eq!(trace_at(&j, Point::new(0, 2)).0, Stage::Estimated);
    // the shared liberty and the eyes count for nobody
    for p in [(0, 0), (3, 0), (6, 0)] {
        assert_eq!(j.score.owner(Point::new(p.0, p.1)), None, "{p:?}");
    }
    // black 12, white 8 + 6.5
    assert_eq!(j.result().to_string(), "W+2.5");
    // under area rules the eyes count, the shared liberty does not
    let (_, j) = run(&SEKI_EYES, "chinese", Color::White);
    // black 13 stones + 12 + 1 eye; white 13 + 8 + 1 + 7.5
    assert_eq!(j.result().to_string(), "W+3.5");
}

#[test]
fn seki_without_eyes_shares_two_liberties() {
    // the inner black chain (0,0)-(2,2) and the inner white chain (4,0)-(4,3) have only the
    // two shared liberties (3,0) and (3,1); whoever fills one is captured. (The playouts
    // may fill with a chain of up to five stones, their killing move against big eyes, so a
    // seki of smaller chains without eyes can be misjudged: see the module docs.)
    let rows = [
        "XXX.OX...",
        "OOX.OX...",
        ".OXOOX...",
        ".OOXOX...",
        "..OXXX...",
        "..OX.....",
        "..OX.....",
        "..OX.....",
        "..OX.....",
    ];
    for to_move in Color::ALL {
        let (_, j) = run(&rows, "japanese", to_move);
        assert!(j.dead.is_empty(), "{:?}", j.dead);
        assert_eq!(status_at(&j, Point::new(0, 0)), Status::Seki);
        assert_eq!(status_at(&j, Point::new(4, 0)), Status::Seki);
        assert_eq!(j.score.owner(Point::new(3, 0)), None);
        assert_eq!(j.score.owner(Point::new(3, 1)), None);
        // black 35, white 12 + 6.5
        assert_eq!(j.result().to_string(), "B+16.5");
    }
}

#[test]
fn seki_of_small_chains_without_eyes_is_not_read_as_a_capture() {
    // the inner black chain (0,0)-(1,2) (four stones) and the inner white chain (2,0)-(2,2)
    // (three) share their only liberties (1,0) and (1,1): the playouts' filling moves fill
    // them and read a capture, the judge tests the shape and keeps both
    let rows = [
        "X.OX.....",
        "X.OX.....",
        "XXOX.....",
        "OOXX.....",
        ".OOX.....",
        "..OX.....",
        "..OX.....",
        "..OX.....",
        "..OX.....",
    ];
    for to_move in Color::ALL {
        let (_, j) = run(&rows, "japanese", to_move);
        assert!(j.dead.is_empty(), "{:?}", j.dead);
        assert_eq!(status_at(&j, Point::new(0, 0)), Status::Seki);
        assert_eq!(status_at(&j, Point::new(2, 0)), Status::Seki);
        assert_eq!(trace_at(&j, Point::new(0, 0)).0, Stage::Seki);
        assert_eq!(trace_at(&j, Point::new(2, 0)).0, Stage::Seki);
        assert_eq!(j.score.owner(Point::new(1, 0)), None);
        // black 45, white 9 + 6.5
        assert_eq!(j.result().to_string(), "B+29.5");
    }
}

#[test]
fn a_stone_inside_the_eye_space_of_a_chain_short_of_liberties_is_no_seki() {
    // the white chain along the top has two liberties, (1,0) and (2,1), both next to the
    // black stone (1,1) inside it: black can sacrifice there, so white is dead although
    // a stone of either colour on either liberty would be in atari
    let rows = [
        "O.OOOX...",
        "OX.OOX...",
        "OOOOXX...",
        "XXXXX....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    for to_move in Color::ALL {
        let (_, j) = run(&rows, "chinese", to_move);
        assert_eq!(status_at(&j, Point::new(0, 0)), Status::Dead);
        assert_eq!(status_at(&j, Point::new(1, 1)), Status::Alive);
        assert_eq!(j.result().to_string(), "B+73.5");
    }
}

#[test]
fn a_group_with_one_eye_that_can_capture_the_chain_in_atari_next_to_it_lives() {
    // the white chain along the bottom has only its two-point eye (5,8)-(6,8), but the black
    // chain (0,6)-(4,6) next to it is in atari at (0,8), where black capturing (0,7) would be
    // captured back at once. A black throw-in into the eye must be answered by that capture:
    // taking the thrown-in stone would leave white in atari. The playouts take the biggest
    // capture, so white lives whoever moves first.
    let rows = [
        "...OX....",
        "...OX....",
        "...OX....",
        "...OX....",
        "OOOOXXXXX",
        "OOOOOXXXX",
        "XXXXXOXOX",
        "OXOXOOOOX",
        ".XOOO..OX",
    ];
    for to_move in Color::ALL {
        let (_, j) = run(&rows, "chinese", to_move);
        assert_eq!(status_at(&j, Point::new(5, 6)), Status::Alive);
        assert_eq!(status_at(&j, Point::new(0, 7)), Status::Alive);
        assert_eq!(status_at(&j, Point::new(0, 6)), Status::Dead);
        assert_eq!(status_at(&j, Point::new(6, 6)), Status::Alive);
        // white 25 stones + 23 points, black 17 + 16; komi 7.5
        assert_eq!(j.result().to_string(), "W+22.5");
    }
}

#[test]
fn a_dead_stone_that_the_dame_fills_turn_into_a_threat_must_be_captured() {
    // the dead black stone (1,4) is in atari at (0,4), a point of white's territory; once the
    // dame (0,2) and (1,2) are filled, the white pair (0,3)-(1,3) has no other liberty, and
    // black at (0,4) would capture it and connect out: white must capture first, so under
    // territory counting (0,4) is no point
    let rows = [
        "..X......",
        "XXX......",
        "..X......",
        "OOX......",
        ".XOXX....",
        ".OOX.....",
        "..OX.....",
        "..OX.....",
        "..OX.....",
    ];
    for to_move in Color::ALL {
        let (_, j) = run(&rows, "japanese", to_move);
        assert_eq!(j.dead, vec![Point::new(1, 4)]);
        assert_eq!(j.score.owner(Point::new(0, 4)), None);
        assert_eq!(j.score.owner(Point::new(0, 5)), Some(Color::White));
        // black 50 points; white 8 points, 1 prisoner and 6.5
        assert_eq!(j.result().to_string(), "B+34.5");
    }
}

#[test]
fn a_group_with_one_eye_and_a_false_eye_is_dead() {
    // black's corner group has a real eye at (0,0); (2,0) looks like a second eye but the
    // black pair (3,0)-(4,0) is in atari there: white captures it and the eye is gone
    let rows = [
        ".X.XXO...",
        "XXXOOO...",
        "OOOO.....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];
    for to_move in Color::ALL {
        let (_, j) = run(&rows, "chinese", to_move);
        assert_eq!(status_at(&j, Point::new(1, 0)), Status::Dead);
        assert_eq!(status_at(&j, Point::new(3, 0)), Status::Dead);
        assert_eq!(status_at(&j, Point::new(5, 0)), Status::Alive);
        assert_eq!(j.result().to_string(), "W+88.5");
    }
}

#[test]
fn a_one_eyed_group_inside_a_big_wall_is_dead() {
    let rows = [
        ".........",
        ".OOOOOO..",
        ".OXXXXO..",
        ".OX.XXO..",
        ".OXXXXO..",
        ".OOOOOO..",
        ".........",
        ".........",
        ".........",
    ];
    let (_, j) = run(&rows, "chinese", Color::Black);
    assert_eq!(status_at(&j, Point::new(2, 2)), Status::Dead);
    assert_eq!(j.dead.len(), 11);
    assert_eq!(trace_at(&j, Point::new(2, 2)).0, Stage::Estimated);
    // everything is white's: 81 points and komi
    assert_eq!(j.result().to_string(), "W+88.5");
}

#[test]
fn a_group_with_two_eyes_lives() {
    let rows = [
        ".........",
        ".OOOOOOO.",
        ".OXXXXXO.",
        ".OX.X.XO.",
        ".OXXXXXO.",
        ".OOOOOOO.",
        ".........",
        ".........",
        ".........",
    ];
    let (_, j) = run(&rows, "chinese", Color::White);
    assert_eq!(status_at(&j, Point::new(2, 2)), Status::Alive);
    assert!(j.dead.is_empty());
    // two one-point eyes: certain, not estimated
    assert_eq!(
        trace_at(&j, Point::new(2, 2)),
        (Stage::Certain, Reason::PassAlive)
    );
    assert_eq!(trace_at(&j, Point::new(1, 1)).0, Stage::Estimated);
    // without the certain stage the playouts keep it too
    let pos = Position {
        to_move: Color::White,
        ..Position::new(board(&rows), Rules::from_name("chinese").unwrap())
    };
    let opts = Options {
        without: Stages::of(&[Stage::Certain]),
        ..Options::default()
    };
    let j = judge(&pos, &opts);
    assert_eq!(status_at(&j, Point::new(2, 2)), Status::Alive);
    assert_eq!(trace_at(&j, Point::new(2, 2)).0, Stage::Estimated);
}

#[test]
fn dame_between_walls_counts_for_nobody() {
    let rows = [
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...XXO...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
        "...X.O...",
    ];
    let (_, j) = run(&rows, "japanese", Color::Black);
    assert!(j.dead.is_empty());
    for y in 0..9 {
        assert_eq!(j.score.owner(Point::new(4, y)).is_some(), y == 4);
    }
    // black 27, white 27 + 6.5
    assert_eq!(j.result().to_string(), "W+6.5");
}

#[test]
fn same_seed_same_judgement() {
    let (_, a) = run(&SEKI_EYES, "japanese", Color::Black);
    let (_, b) = run(&SEKI_EYES, "japanese", Color::Black);
    assert_eq!(a.ownership, b.ownership);
    assert_eq!(a.result(), b.result());
}

/// A black chain of two stones pokes into White's wall: its liberties are one point of
/// Black's territory and two dame whose other neighbours are all White's. Whoever fills the
/// dame (and every dame is filled before a count), the chain is then left in atari and Black
/// must connect at the territory point: under territory counting that point is no territory.
/// A one-move lookahead misses it (neither dame gains anything on its own).
const PROTECT_AFTER_TWO_FILLS: [&str; 9] = [
    ".........",
    ".........",
    "XXXX.XXXX",
    "OOOOXOOOO",
    "OOO.X.OOO",
    "OOOOOOOOO",
    ".........",
    ".........",
    ".........",
];

#[test]
fn a_chain_the_dame_fills_leave_in_atari_costs_its_territory_point_under_territory_rules() {
    for to_move in [Color::Black, Color::White] {
        let (_, j) = run(&PROTECT_AFTER_TWO_FILLS, "japanese", to_move);
        assert!(j.dead.is_empty(), "{:?}", j.dead);
        // Black: 19 points above the wall less the one it must fill; White: 27 + 6.5
        assert_eq!(j.result().to_string(), "W+15.5", "{to_move:?} to move");
        assert_eq!(j.score.black.territory, 18, "{to_move:?} to move");
    }
}

/// A black stone pokes into White's wall with three liberties: a point of Black's territory
/// below it, a dame on its left that connects it to Black's wall, and a dame above that only
/// White's stones touch. White's fill on the left would leave Black unable to fill below (that
/// would be self-atari), so White's next fill above forces Black to protect in its territory.
/// Who moves first decides: Black connects on the left and keeps the point; White fills there
/// first and takes it.
///
/// The dame below the stone comes first in row order, so a player that fills the first dame
/// of equal pressure gets both cases wrong.
const CORNERED_AFTER_ONE_FILL: [&str; 9] = [
    ".........",
    ".........",
    ".........",
    "OOOOOOOOO",
    "OOOO.OOOO",
    "OOO.XOOOO",
    "XXXX.XXXX",
    ".........",
    ".........",
];

#[test]
fn the_player_to_move_takes_or_saves_the_point_a_fill_would_force_a_protection_for() {
    // Black: the 18 points below the wall and the point next to its stone; White: 27 + 6.5
    let (_, j) = run(&CORNERED_AFTER_ONE_FILL, "japanese", Color::Black);
    assert_eq!(j.score.black.territory, 19);
    assert_eq!(j.result().to_string(), "W+14.5");
    let (_, j) = run(&CORNERED_AFTER_ONE_FILL, "japanese", Color::White);
    assert_eq!(j.score.black.territory, 18);
    assert_eq!(j.result().to_string(), "W+15.5");
    for to_move in [Color::Black, Color::White] {
        let (_, j) = run(&CORNERED_AFTER_ONE_FILL, "japanese", to_move);
        assert!(j.dead.is_empty(), "{:?}", j.dead);
    }
}

/// `run` with stages turned off.
fn run_without(rows: &[&str], rules: &str, to_move: Color, without: &[Stage]) -> Judgement {
    let pos = Position {
        to_move,
        ..Position::new(board(rows), Rules::from_name(rules).unwrap())
    };
    let opts = Options {
        without: Stages::of(without),
        ..Options::default()
    };
    judge(&pos, &opts)
}

#[test]
fn each_stage_turned_off_changes_what_it_decides() {
    // without the seki stage, the shared liberties are nobody's no more and the chains alive
    let j = run_without(&SEKI_EYES, "japanese", Color::Black, &[Stage::Seki]);
    assert_ne!(status_at(&j, Point::new(1, 0)), Status::Seki);
    assert!(j.seki.is_empty(), "{:?}", j.seki);
    // without the end of the game played out, nobody protects: Black keeps the point
    let j = run_without(
        &PROTECT_AFTER_TWO_FILLS,
        "japanese",
        Color::Black,
        &[Stage::Finish],
    );
    assert_eq!(j.score.black.territory, 19);
    // without the playouts, the chains the certain stage leaves open stay, with no estimate
    let j = run_without(
        &PROTECT_AFTER_TWO_FILLS,
        "japanese",
        Color::Black,
        &[Stage::Estimated],
    );
    assert!(j
        .chains
        .iter()
        .all(|c| c.status == Status::Alive && c.reason == Reason::NoEstimate));
    // turning the read stage off changes nothing here: no chain is short of liberties
    let a = run_without(&SEKI_EYES, "japanese", Color::Black, &[Stage::Read]);
    let b = run_without(&SEKI_EYES, "japanese", Color::Black, &[]);
    assert_eq!(a.chains, b.chains);
}

/// White's stone B1 (1,8) is in atari under Black's corner stones; running along the first
/// line is a ladder on the edge that White's stones on the third line do not break. The
/// playouts keep it with little confidence (a random attacker does not chase the ladder);
/// the reader proves it captured even with White moving first.
const FIRST_LINE_LADDER: [&str; 9] = [
    "OOOOOOOOO",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "..OOO....",
    "XX.......",
    "XO.......",
];

#[test]
fn the_read_stage_kills_a_stone_the_playouts_keep_that_a_ladder_captures() {
    let b1 = Point::new(1, 8);
    let (_, j) = run(&FIRST_LINE_LADDER, "chinese", Color::Black);
    assert_eq!(status_at(&j, b1), Status::Dead);
    let (stage, reason) = trace_at(&j, b1);
    assert_eq!(stage, Stage::Read);
    assert!(matches!(reason, Reason::Captured { .. }), "{reason}");
    assert!(
        reason.to_string().starts_with("read: captured in "),
        "{reason}"
    );
    assert!(j.chains.iter().any(|c| c.stones.contains(&b1) && c.certain));
    // without the read stage the playouts' estimate stands
    let j = run_without(&FIRST_LINE_LADDER, "chinese", Color::Black, &[Stage::Read]);
    assert_eq!(status_at(&j, b1), Status::Alive);
    let (stage, reason) = trace_at(&j, b1);
    assert_eq!(stage, Stage::Estimated);
    assert!(
        matches!(reason, Reason::Playouts { mean, .. } if mean < 0.5),
        "{reason}"
    );
}
