//! Hand-made SGF fixtures, one per quirk, with the results worked out by hand
//! (`tests/fixtures/sgf/`).

use std::path::PathBuf;

use tengen::formats::text::{Glyphs, TextStyle};
use tengen::sgf::{self, Mode, Replay, ReplayError, ReplayOptions, Replayer, SgfErrorKind};
use tengen::{Board, Color, Reason, Rules};

fn fixture(name: &str) -> Vec<u8> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/sgf")
        .join(name);
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn rows(b: &Board) -> Vec<String> {
    let style = TextStyle::default().with_glyphs(Glyphs::BW);
    tengen::formats::text::rows(b, style, |_| None)
}

/// Replay a fixture both ways (zero-copy scanner when it applies, and the tree parser) and
/// check that they agree; returns the replay and the final board's rows.
fn replay_with(name: &str, opts: ReplayOptions) -> (Replay, Vec<String>) {
    let data = fixture(name);
    let mut r = Replayer::new();
    let rep = r
        .replay(&data, &opts)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let board = rows(r.board());
    let parsed = sgf::parse(&data, Mode::Lenient).unwrap();
    let mut r2 = Replayer::new();
    let rep2 = r2
        .replay_tree(&parsed.collection, 0, &opts, parsed.warnings)
        .unwrap();
    assert_eq!(rep, rep2, "{name}: scanner and tree parser disagree");
    assert_eq!(board, rows(r2.board()), "{name}");
    r.board().check_consistency().unwrap();
    (rep, board)
}

fn replay(name: &str) -> (Replay, Vec<String>) {
    replay_with(name, ReplayOptions::default())
}

fn stones(rows: &[String]) -> Vec<(char, usize, usize)> {
    let mut v = Vec::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            if c != '.' {
                v.push((c, x, y));
            }
        }
    }
    v
}

#[test]
fn tt_is_a_pass_up_to_19x19_and_a_point_beyond() {
    let (rep, board) = replay("tt-pass.sgf");
    assert_eq!(rep.moves, 5);
    assert!(rep.error.is_none() && rep.warnings.is_empty());
    assert_eq!(stones(&board), [('B', 15, 3), ('B', 3, 15)]);
    assert_eq!(rep.to_move, Color::White);
    assert_eq!(rep.result.as_deref(), Some("B+0.5"));
    let (rep, board) = replay("tt-21.sgf");
    assert_eq!(rep.moves, 2);
    assert_eq!(stones(&board), [('W', 0, 0), ('B', 19, 19)]);
}

#[test]
fn compressed_point_lists() {
    let (rep, board) = replay("compressed.sgf");
    assert_eq!(rep.moves, 0);
    assert_eq!(board, ["BBW..", "BB...", "BB...", "...WW", "...WW"]);
    assert_eq!(rep.to_move, Color::Black);
}

#[test]
fn add_empty_removes_stones() {
    let (rep, board) = replay("ae.sgf");
    assert_eq!(rep.moves, 1);
    assert_eq!(board, [".....", ".....", ".....", "...B.", "....W"]);
    assert_eq!(rep.to_move, Color::White);
}

#[test]
fn setup_after_moves_then_a_capture() {
    let (rep, board) = replay("setup-after-moves.sgf");
    assert_eq!(rep.moves, 3);
    assert_eq!(rep.captures(Color::Black), 1);
    assert_eq!(board, [".....", ".B...", "B.B..", ".B...", "....."]);
    assert!(rep.warnings.is_empty());
}

#[test]
fn setup_that_leaves_a_chain_without_liberties_removes_it() {
    let (rep, board) = replay("setup-dead.sgf");
    assert_eq!(board, [".W.", "W.W", ".W."]);
    assert_eq!(rep.warnings.len(), 1);
    assert!(rep.warnings[0].message.contains("without liberties"));
}

#[test]
fn rectangular_boards() {
    let (rep, board) = replay("rect.sgf");
    assert_eq!((rep.size.width(), rep.size.height()), (19, 13));
    assert_eq!(board.len(), 13);
    assert!(board.iter().all(|r| r.len() == 19));
    assert_eq!(
        stones(&board),
        [
            ('B', 0, 0),
            ('B', 18, 0),
            ('B', 9, 6),
            ('W', 0, 12),
            ('W', 18, 12)
        ]
    );
    let (rep, _) = replay("rect-offboard.sgf");
    let e = rep.error.unwrap();
    assert_eq!((e.number, e.reason), (1, Reason::OffBoard));
    assert_eq!(e.sgf_point(), "an");
}

#[test]
fn illegal_suicide_is_reported_and_tolerated_on_request() {
    let (rep, board) = replay("suicide.sgf");
    let e = rep.error.unwrap();
    assert_eq!(
        (e.number, e.sgf_point().as_str(), e.color, e.reason),
        (4, "aa", Color::White, Reason::Suicide)
    );
    assert_eq!(rep.moves, 3);
    assert_eq!(board[0], ".B...");
    let tolerant = ReplayOptions {
        tolerant: true,
        ..Default::default()
    };
    let (rep, board) = replay_with("suicide.sgf", tolerant);
    assert!(rep.error.is_none());
    assert_eq!(rep.moves, 4);
    assert_eq!(
        rep.captures(Color::Black),
        1,
        "a suicided stone counts for the opponent"
    );
    assert_eq!(board[0], ".B...");
    assert_eq!(rep.warnings.len(), 1);
    assert!(rep.warnings[0].message.contains("suicide"));
}

#[test]
fn ko_retake_is_illegal_under_simple_ko() {
    let (rep, board) = replay("ko.sgf");
    let e = rep.error.unwrap();
    assert_eq!(
        (e.number, e.sgf_point().as_str(), e.color, e.reason),
        (10, "bb", Color::White, Reason::Ko)
    );
    assert_eq!(rep.captures(Color::Black), 1);
    assert_eq!(board, [".BW.", "B.BW", ".BW.", "...."]);
    // under superko the immediate retake is a ko too; with no ko rule it is legal
    for (rules, legal) in [("tromp-taylor", false), ("task", true)] {
        let opts = ReplayOptions {
            rules: Some(Rules::from_name(rules).unwrap()),
            ..Default::default()
        };
        let (rep, _) = replay_with("ko.sgf", opts);
        assert_eq!(rep.error.is_none(), legal, "{rules}");
    }
    let tolerant = ReplayOptions {
        tolerant: true,
        ..Default::default()
    };
    let (rep, board) = replay_with("ko.sgf", tolerant);
    assert!(rep.error.is_none());
    assert_eq!(rep.captures(Color::White), 1);
    assert_eq!(board, [".BW.", "BW.W", ".BW.", "...."]);
}

#[test]
fn positional_superko_from_the_record_rules() {
    let (rep, _) = replay("superko.sgf");
    assert_eq!(rep.rules, Rules::from_name("tromp-taylor").unwrap());
    let e = rep.error.unwrap();
    assert_eq!(
        (e.number, e.sgf_point().as_str(), e.color, e.reason),
        (3, "ba", Color::Black, Reason::Superko)
    );
    assert_eq!(rep.captures(Color::White), 2);
    // situational superko allows it: White is to move now, Black was at the start
    let nz = ReplayOptions {
        rules: Some(Rules::from_name("new-zealand").unwrap()),
        ..Default::default()
    };
    let (rep, board) = replay_with("superko.sgf", nz);
    assert!(rep.error.is_none());
    assert_eq!(board[..2], [".B.B.", "WWB.."]);
    assert_eq!(rep.captures(Color::Black), 1);
}

#[test]
fn handicap_games_start_with_white() {
    let (rep, board) = replay("handicap.sgf");
    assert_eq!(rep.handicap, 2);
    assert_eq!(rep.moves, 2);
    assert_eq!(rep.rules.komi.to_string(), "0.5");
    assert_eq!(
        stones(&board),
        [('B', 2, 2), ('B', 4, 2), ('W', 2, 4), ('B', 6, 6)]
    );
    let until = ReplayOptions {
        until: Some(0),
        ..Default::default()
    };
    let (rep, _) = replay_with("handicap.sgf", until);
    assert_eq!((rep.moves, rep.to_move), (0, Color::White));
}

#[test]
fn until_stops_after_move_n() {
    let opts = ReplayOptions {
        until: Some(9),
        ..Default::default()
    };
    let (rep, board) = replay_with("ko.sgf", opts);
    assert!(rep.error.is_none());
    assert_eq!(rep.moves, 9);
    assert_eq!(rep.to_move, Color::White);
    assert_eq!(board, [".BW.", "B.BW", ".BW.", "...."]);
}

#[test]
fn main_line_is_the_first_variation_and_first_game() {
    let (rep, board) = replay("variations.sgf");
    assert_eq!(rep.moves, 3);
    assert_eq!(stones(&board), [('B', 0, 0), ('W', 1, 1), ('B', 2, 2)]);
    let data = fixture("two-games.sgf");
    let rep = Replayer::new()
        .replay(&data, &ReplayOptions::default())
        .unwrap();
    assert_eq!(rep.moves, 1);
    let parsed = sgf::parse(&data, Mode::Strict).unwrap();
    assert_eq!(parsed.collection.roots().len(), 2);
}

#[test]
fn old_style_identifiers_are_read() {
    let (rep, board) = replay("old-style.sgf");
    assert_eq!(rep.moves, 2);
    assert_eq!(stones(&board), [('B', 0, 0), ('B', 1, 1), ('W', 2, 2)]);
}

#[test]
fn text_encodings() {
    for (name, pb) in [
        ("enc-gb2312.sgf", "围棋"),
        ("enc-gb18030.sgf", "围棋€"),
        ("enc-shift-jis.sgf", "囲碁"),
        ("enc-euc-kr.sgf", "바둑"),
        ("enc-big5.sgf", "圍棋"),
        ("enc-latin1.sgf", "Müller"),
        ("enc-utf8.sgf", "Müller 围棋"),
        ("enc-none-utf8.sgf", "José"),
        ("enc-none-latin1.sgf", "José"),
    ] {
        let data = fixture(name);
        let parsed = sgf::parse(&data, Mode::Strict).unwrap();
        let c = &parsed.collection;
        assert_eq!(c.simple_text(0, "PB").as_deref(), Some(pb), "{name}");
        // moves never depend on the encoding
        let (rep, board) = replay(name);
        assert_eq!(rep.moves, 2, "{name}");
        assert_eq!(stones(&board), [('W', 2, 2), ('B', 4, 4)], "{name}");
        assert_eq!(rep.result.as_deref(), Some("W+R"));
    }
}

/// A broken fixture: its strict error and place, then lenient moves and warning count.
type BrokenCase = (&'static str, SgfErrorKind, (usize, usize), usize, usize);

#[test]
fn broken_files_strict_and_lenient() {
    // (file, strict error kind and place, lenient moves and warning count)
    let cases: [BrokenCase; 3] = [
        (
            "broken-unclosed.sgf",
            SgfErrorKind::Unclosed { open: 1 },
            (3, 7),
            2,
            1,
        ),
        (
            "broken-junk.sgf",
            SgfErrorKind::Unexpected {
                expected: "a property, ';', '(' or ')'",
                found: "'?'".into(),
            },
            (1, 20),
            2,
            1,
        ),
        (
            "broken-unclosed-value.sgf",
            SgfErrorKind::UnclosedValue,
            (1, 20),
            1,
            2,
        ),
    ];
    for (name, kind, (line, column), moves, warnings) in cases {
        let data = fixture(name);
        let e = sgf::parse(&data, Mode::Strict).unwrap_err();
        assert_eq!(
            (e.kind.clone(), e.line, e.column),
            (kind, line, column),
            "{name}: {e}"
        );
        let strict = ReplayOptions {
            mode: Mode::Strict,
            ..Default::default()
        };
        assert!(matches!(
            Replayer::new().replay(&data, &strict),
            Err(ReplayError::Parse(_))
        ));
        let (rep, _) = replay(name);
        assert_eq!(
            (rep.moves, rep.warnings.len()),
            (moves, warnings),
            "{name}: {:?}",
            rep.warnings
        );
        assert!(rep.warnings[0].line > 0, "{name}: warnings name the place");
    }
    // a malformed move value is a warning, the move is skipped
    let (rep, board) = replay("broken-value.sgf");
    assert_eq!(rep.moves, 1);
    assert_eq!(stones(&board), [('W', 2, 2)]);
    assert!(rep.warnings[0].message.contains("B[e]"));
    // files that cannot be replayed at all
    let mut r = Replayer::new();
    let opts = ReplayOptions::default();
    let e = r.replay(&fixture("broken-not-sgf.sgf"), &opts).unwrap_err();
    assert!(matches!(&e, ReplayError::Parse(p) if p.kind == SgfErrorKind::NoGameTree));
    let e = r.replay(&fixture("broken-size.sgf"), &opts).unwrap_err();
    assert_eq!(e, ReplayError::BadSize("60".into()));
    assert!(e.to_string().contains("SZ[60]"));
    let e = r.replay(&fixture("broken-game.sgf"), &opts).unwrap_err();
    assert_eq!(e, ReplayError::NotGo("2".into()));
}

#[test]
fn every_fixture_writes_to_a_fixpoint_that_replays_the_same() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sgf");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let path = e.unwrap().path();
        let data = std::fs::read(&path).unwrap();
        let Ok(parsed) = sgf::parse(&data, Mode::Lenient) else {
            continue;
        };
        let once = sgf::write(&parsed.collection);
        let again = sgf::parse(&once, Mode::Strict)
            .unwrap_or_else(|e| panic!("{}: written output does not parse: {e}", path.display()));
        assert!(again.warnings.is_empty());
        assert_eq!(sgf::write(&again.collection), once, "{}", path.display());
        let opts = ReplayOptions::default();
        let (mut r1, mut r2) = (Replayer::new(), Replayer::new());
        let a = r1.replay_tree(&parsed.collection, 0, &opts, Vec::new());
        let b = r2.replay(&once, &opts);
        match (a, b) {
            (Ok(a), Ok(b)) => {
                assert_eq!(
                    (a.moves, a.captures, a.error),
                    (b.moves, b.captures, b.error),
                    "{}",
                    path.display()
                );
                assert_eq!(r1.board(), r2.board(), "{}", path.display());
            }
            (Err(a), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("{}: {a:?} vs {b:?}", path.display()),
        }
        n += 1;
    }
    assert!(n >= 25, "only {n} fixtures parsed");
}
