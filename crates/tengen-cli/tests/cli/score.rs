//! Scoring tables: dame, seki with and without eyes, dead stones, area against territory,
//! komi and handicap bonus, group tax; and `tengen score` end to end.
use crate::common;

use tengen::formats::text::{read_board, InputFormat};
use tengen::score::{score, Score, ScoreError, ScoreOptions};
use tengen::{Color, HandicapBonus, Komi, Point, Rules, Scoring, Tax};

fn board(rows: &str) -> tengen::Board {
    read_board(rows, InputFormat::Text).unwrap()
}

fn rules(name: &str, komi2: i32) -> Rules {
    Rules::from_name(name)
        .unwrap()
        .with_komi(Komi::from_half_points(komi2))
}

fn count(rows: &str, r: Rules, dead: &[(u8, u8)], captures: [u32; 2], handicap: u32) -> Score {
    let mut o = ScoreOptions::new(r);
    o.dead = dead.iter().map(|&(x, y)| Point::new(x, y)).collect();
    o.captures = captures;
    o.handicap = handicap;
    score(&board(rows), &o).unwrap()
}

fn result(rows: &str, r: Rules) -> String {
    count(rows, r, &[], [0, 0], 0).result.to_string()
}

const WALLS: &str = ".X.O.\n.X.O.\n.X.O.\n";

#[test]
fn dame_counts_for_nobody() {
    // the middle column touches both walls
    for name in ["chinese", "japanese", "tromp-taylor"] {
        let s = count(WALLS, rules(name, 0), &[], [0, 0], 0);
        assert_eq!((s.black.territory, s.white.territory), (3, 3), "{name}");
        assert_eq!(s.result.to_string(), "0", "{name}");
        assert_eq!(s.owner(Point::new(2, 1)), None);
        assert_eq!(s.owner(Point::new(0, 1)), Some(Color::Black));
        assert!(!s.is_seki(Point::new(2, 1)), "{name}: dame is no seki");
    }
}

/// Seki without eyes: white's inner chain and the black stone at (1,3) share the liberties
/// (0,3) and (2,3); black's outer wall is alive with 13 points.
const SEKI: &str = ".......\nXXXXX..\nOOOOX..\n.X.OX..\n";

#[test]
fn seki_without_eyes() {
    let s = count(SEKI, rules("japanese", 0), &[], [0, 0], 0);
    assert_eq!(s.black.territory, 13);
    assert_eq!(s.white.territory, 0);
    assert!(s.is_seki(Point::new(0, 3)) && s.is_seki(Point::new(2, 3)));
    assert_eq!(s.result.to_string(), "B+13");
    // area: black 8 stones + 13, white 5 stones
    let s = count(SEKI, rules("chinese", 0), &[], [0, 0], 0);
    assert_eq!((s.black.stones, s.white.stones), (8, 5));
    assert_eq!(s.result.to_string(), "B+16");
}

/// Seki with one eye each and one shared liberty (2,1), on the whole board.
const SEKI_EYES: &str = ".OOXX.\nOO.XXX\n";

#[test]
fn seki_with_eyes_taxes_the_eyes() {
    let s = count(SEKI_EYES, rules("japanese", 0), &[], [0, 0], 0);
    assert_eq!((s.black.territory, s.white.territory), (0, 0));
    assert_eq!((s.black.seki_taxed, s.white.seki_taxed), (1, 1));
    assert!(s.is_seki(Point::new(0, 0)) && s.is_seki(Point::new(5, 0)));
    assert!(s.is_seki(Point::new(2, 1)));
    assert_eq!(s.result.to_string(), "0");
    assert_eq!(s.owner(Point::new(0, 0)), None);
    // without the seki tax the eyes count
    let mut r = rules("japanese", 0);
    r.tax = Tax::None;
    let s = count(SEKI_EYES, r, &[], [0, 0], 0);
    assert_eq!((s.black.territory, s.white.territory), (1, 1));
    // area scoring (no tax): black 5 + 1 against white 4 + 1
    assert_eq!(result(SEKI_EYES, rules("chinese", 0)), "B+1");
}

/// An open corner: the black chain (1,0),(2,0),(1,1) and the white stone (0,1) share the dame
/// (0,0) that neither can fill without a self-atari; the black chain also borders Black's
/// territory (3,0)-(6,0) next to the living black chain on row 1, and the white stone White's
/// eye (0,2) next to White's living group.
const OPEN_CORNER: &str = ".XX....\nOXOXXXX\n.OOOOOO\nOOOOOOO\n.......\n.......\n.......\n";

#[test]
fn the_seki_tax_spares_territory_that_a_living_chain_borders_too() {
    let s = count(OPEN_CORNER, rules("japanese", 0), &[], [0, 0], 0);
    assert!(s.is_seki(Point::new(0, 0)));
    assert_eq!(s.owner(Point::new(0, 0)), None);
    // black's four points and White's 21 + (0,2) all count: nothing is taxed
    assert_eq!((s.black.seki_taxed, s.white.seki_taxed), (0, 0));
    assert_eq!((s.black.territory, s.white.territory), (4, 22));
    assert_eq!(s.owner(Point::new(4, 0)), Some(Color::Black));
    assert_eq!(s.owner(Point::new(0, 2)), Some(Color::White));
    assert_eq!(s.result.to_string(), "W+18");
}

/// A dead white stone at (0,1) inside black's area.
const DEAD: &str = "..XO..\nO.XO..\n..XO..\n";

#[test]
fn dead_stones_inside_territory() {
    // as it stands the white stone spoils black's region
    let s = count(DEAD, rules("japanese", 0), &[], [0, 0], 0);
    assert_eq!(s.black.territory, 0);
    let s = count(DEAD, rules("japanese", 0), &[(0, 1)], [0, 0], 0);
    assert_eq!((s.black.territory, s.black.dead), (6, 1));
    assert_eq!(s.result.to_string(), "B+1");
    let s = count(DEAD, rules("chinese", 0), &[(0, 1)], [0, 0], 0);
    assert_eq!((s.black.stones, s.black.territory), (3, 6));
    assert_eq!(s.result.to_string(), "0");
    // listing two points of one chain removes it once
    let s = count(WALLS, rules("chinese", 0), &[(3, 0), (3, 2)], [0, 0], 0);
    assert_eq!(s.black.dead, 3);
    assert_eq!(s.black.territory, 12);
}

#[test]
fn territory_and_area_differ_by_stones_minus_prisoners() {
    // Area margin − territory margin = (stones B − stones W) − (prisoners B − prisoners W),
    // with the same taxes. Checked on every table position with captures and dead stones.
    for (rows, dead) in [
        (WALLS, vec![]),
        (DEAD, vec![(0, 1)]),
        (SEKI, vec![]),
        (WALLS, vec![(1, 0)]),
    ] {
        for caps in [[0, 0], [4, 1], [0, 7]] {
            let mut area = rules("chinese", 13);
            area.tax = Tax::Seki;
            let terr = Rules {
                scoring: Scoring::Territory,
                ..area
            };
            let a = count(rows, area, &dead, caps, 0);
            let t = count(rows, terr, &dead, caps, 0);
            let stones = a.black.stones as i64 - a.white.stones as i64;
            let prisoners =
                (t.black.captures + t.black.dead) as i64 - (t.white.captures + t.white.dead) as i64;
            assert_eq!(
                a.result.black_minus_white() - t.result.black_minus_white(),
                2 * (stones - prisoners),
                "{rows:?} {dead:?} {caps:?}"
            );
        }
    }
}

#[test]
fn komi_and_handicap_bonus() {
    // WALLS is even: 6 against 6 under area scoring
    let table: &[(&str, i32, u32, &str)] = &[
        ("chinese", 15, 0, "W+7.5"),
        ("chinese", 15, 3, "W+10.5"), // bonus N = 3
        ("aga", 15, 3, "W+9.5"),      // bonus N-1 = 2
        ("aga", 15, 1, "W+7.5"),      // N-1 = 0
        ("japanese", 13, 3, "W+6.5"), // no bonus
        ("chinese", -1, 0, "B+0.5"),
        ("chinese", 0, 0, "0"),
        ("chinese", 12, 0, "W+6"),
        ("tromp-taylor", -14, 0, "B+7"),
    ];
    for &(name, komi2, handicap, want) in table {
        let s = count(WALLS, rules(name, komi2), &[], [0, 0], handicap);
        assert_eq!(
            s.result.to_string(),
            want,
            "{name} komi/2 {komi2} handicap {handicap}"
        );
        assert_eq!(s.white.komi, komi2);
    }
    assert_eq!(HandicapBonus::NMinusOne.points(0), 0);
}

#[test]
fn group_tax_under_stone_scoring() {
    // black: two groups (columns 1 and 5), each with 3 points; white: one group joined by its
    // territory in column 3
    let rows = ".XO.OX.\n.XO.OX.\n.XO.OX.\n";
    let s = count(rows, rules("stone-scoring", 0), &[], [0, 0], 0);
    assert_eq!((s.black.group_tax, s.white.group_tax), (4, 2));
    assert_eq!(s.result.to_string(), "B+1"); // 6 + 6 − 4 against 6 + 3 − 2
    assert_eq!(result(rows, rules("chinese", 0)), "B+3");
    // a group with a single eye point pays one
    let s = count("X.XO\nXXXO\n", rules("stone-scoring", 0), &[], [0, 0], 0);
    assert_eq!(s.black.group_tax, 1);
}

#[test]
fn dead_point_errors() {
    let b = board(WALLS);
    let mut o = ScoreOptions::new(rules("chinese", 0));
    o.dead = vec![Point::new(0, 0)];
    assert_eq!(
        score(&b, &o).unwrap_err(),
        ScoreError::DeadOnEmpty(Point::new(0, 0))
    );
    o.dead = vec![Point::new(5, 0)];
    assert!(matches!(
        score(&b, &o).unwrap_err(),
        ScoreError::DeadOffBoard { x: 5, y: 0, .. }
    ));
}

fn run(args: &[&str], input: &str) -> (String, String, i32) {
    common::run_tengen(&[&["score"], args].concat(), input)
}

#[test]
fn cli_results_and_json() {
    assert_eq!(run(&[], WALLS).0, "W+7.5\n");
    assert_eq!(run(&["--komi", "0"], WALLS).0, "0\n");
    assert_eq!(run(&["--komi", "-3"], WALLS).0, "B+3\n");
    assert_eq!(
        run(
            &["--rules", "japanese", "--komi", "0", "--dead", "0,1"],
            DEAD
        )
        .0,
        "B+1\n"
    );
    // the same stone as a GTP vertex (A2 on a 3-row board is column 0, row 1)
    assert_eq!(
        run(&["--rules", "jp", "--komi", "0", "--dead", "A2"], DEAD).0,
        "B+1\n"
    );
    let (out, _, code) = run(
        &["--rules", "japanese", "--captures", "2,1", "--json"],
        WALLS,
    );
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["result"], "W+5.5");
    assert_eq!(v["black"]["captures"], 2);
    assert_eq!(v["white"]["komi"], 6.5);
    assert_eq!(v["white"]["total"], 10.5);
    assert_eq!(v["black"]["total"], 5);
    assert_eq!(v["owners"][0], "BB.WW");
    // digit boards are read too
    assert_eq!(run(&["--komi", "0.5"], "3\n010\n010\n010\n").0, "B+8.5\n");
}

#[test]
fn cli_errors() {
    for (args, input, needle) in [
        (&["--dead", "7,0"][..], WALLS, "off the 5x3 board"),
        (&["--dead", "0,0"][..], WALLS, "empty point"),
        (&["--dead", "Q"][..], WALLS, "not a point"),
        (&["--captures", "2"][..], WALLS, "B,W"),
        (&["--komi", "7.25"][..], WALLS, "invalid komi"),
        (&["--rules", "klingon"][..], WALLS, "unknown rules"),
        (&[][..], "X.\nXXX\n", "line 2"),
    ] {
        let (out, err, code) = run(args, input);
        assert_eq!((out.as_str(), code), ("", 2), "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
}

#[test]
fn options_for_a_game_take_its_rules_and_captures() {
    use tengen::{Game, Move, Size};
    // white captures a black stone in the corner, then both pass
    let mut g = Game::new(Size::square(3).unwrap(), rules("chinese", 0));
    for mv in [(0, 0), (1, 0), (2, 2), (0, 1)] {
        g.play(Move::Play(Point::new(mv.0, mv.1))).unwrap();
    }
    assert_eq!(g.captures(Color::White), 1);
    let o = ScoreOptions::for_game(&g);
    assert_eq!(o.captures, [0, 1]);
    assert_eq!(o.rules, *g.rules());
    let s = score(g.board(), &o).unwrap();
    // X at (2,2); O at (1,0),(0,1); (0,0) is white's, the rest touches both colours:
    // area 2 + 1 against 1 (the capture is reported, not counted)
    assert_eq!((s.white.territory, s.white.captures), (1, 1));
    assert_eq!(s.result.to_string(), "W+2");
    // under territory rules with the seki tax: the black stone left in atari is no seki, so
    // white's point (0,0) counts: 1 point + 1 capture
    let mut o = o;
    o.rules = rules("japanese", 0);
    let s = score(g.board(), &o).unwrap();
    assert_eq!((s.white.territory, s.white.seki_taxed), (1, 0));
    assert_eq!(s.result.to_string(), "W+2");
}

/// `tests/fixtures/score/NAME.in` (a board), `NAME.args` (the options), `NAME.out` (the
/// expected stdout; every expectation worked out by hand).
#[test]
fn fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/score");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read_to_string(&path).unwrap();
            let args = std::fs::read_to_string(path.with_extension("args")).unwrap();
            let args: Vec<&str> = args.split_whitespace().collect();
            let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
            let (out, err, code) = run(&args, &input);
            assert_eq!((out.as_str(), code), (want.as_str(), 0), "{path:?}: {err}");
            n += 1;
        }
    }
    assert!(n >= 5, "only {n} fixtures");
}

/// The one half-point vocabulary: the printed result reads back as the totals' difference,
/// and every total and komi in the JSON is the number the text shows.
#[test]
fn results_and_totals_share_the_half_point_text() {
    use tengen::rules::HalfPoints;
    use tengen::score::GameResult;
    for (args, input) in [
        (&["--komi", "-3"][..], WALLS),
        (&["--komi", "0"][..], WALLS),
        (&["--rules", "japanese", "--captures", "2,1"][..], WALLS),
        (
            &["--rules", "aga", "--handicap", "3", "--komi", "0.5"][..],
            WALLS,
        ),
        (&["--rules", "stone-scoring"][..], DEAD),
    ] {
        let (text, err, code) = run(args, input);
        assert_eq!(code, 0, "{args:?}: {err}");
        let (json, _, _) = run(&[args, &["--json"]].concat(), input);
        let v: serde_json::Value = serde_json::from_str(&json).unwrap();
        let result: GameResult = text.trim().parse().unwrap();
        assert_eq!(v["result"], text.trim(), "{args:?}");
        let half = |x: &serde_json::Value| -> i64 {
            let t: HalfPoints = x.to_string().parse().unwrap();
            assert_eq!(
                t.to_string(),
                x.to_string(),
                "{x} prints as a half-point number"
            );
            t.0
        };
        let (b, w) = (half(&v["black"]["total"]), half(&v["white"]["total"]));
        assert_eq!(result.black_minus_white(), b - w, "{args:?}");
        half(&v["white"]["komi"]);
    }
}
