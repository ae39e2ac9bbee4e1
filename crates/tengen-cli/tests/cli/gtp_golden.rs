//! Golden GTP transcripts: each `tests/fixtures/gtp/NAME.in` is a command file whose exact
//! expected output is `NAME.out` (every command above and its error paths; no `genmove`, whose
//! choice depends on the search). Run from the crate root so the SGF paths resolve.
use crate::common;

use std::io::Write;
use std::process::{Command, Stdio};

fn transcript(name: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/gtp");
    let input = std::fs::read(dir.join(format!("{name}.in"))).unwrap();
    let want = std::fs::read_to_string(dir.join(format!("{name}.out"))).unwrap();
    let mut child = Command::new(common::tengen_bin())
        .args(["gtp", "--playouts", "100", "--seed", "1"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&input).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{name}: exit {:?}", out.status);
    let got = String::from_utf8(out.stdout).unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{name}: {err}");
    if got != want {
        for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
            assert_eq!(g, w, "{name}.out line {}", i + 1);
        }
        assert_eq!(got, want, "{name}: output differs in length");
    }
    // every response is framed: "=" or "?" then text, then one blank line
    for block in got.split_terminator("\n\n") {
        assert!(
            block.starts_with('=') || block.starts_with('?'),
            "{name}: bad frame {block:?}"
        );
    }
}

#[test]
fn protocol_basics() {
    transcript("protocol");
}

#[test]
fn board_commands() {
    transcript("board");
}

#[test]
fn handicap_commands() {
    transcript("handicap");
}

#[test]
fn rules_scoring_and_gogui_commands() {
    transcript("rules");
}

#[test]
fn sgf_commands() {
    transcript("sgf");
}

#[test]
fn analysis_commands_and_their_errors() {
    // a stream the next line stops before its first interval has no info line
    transcript("analyze");
}

#[test]
fn reading_commands() {
    transcript("reading");
}

#[test]
fn the_owl_budget_is_an_option() {
    // a white group in the corner of 7x7 with a straight four-point eye space (A7 to D7): alive,
    // but only a search shows it. With the default budget owl_attack proves it (0); with one
    // node a search is cut off at once and guessed as the first mover's (a kill, 1 MOVE).
    let mut cmds = String::from("boardsize 7\n");
    for v in ["E7", "A6", "B6", "C6", "D6", "E6"] {
        cmds += &format!("play white {v}\n");
    }
    for v in ["F7", "F6", "A5", "B5", "C5", "D5", "E5", "F5"] {
        cmds += &format!("play black {v}\n");
    }
    cmds += "owl_attack E7\n";
    let last = |args: &[&str]| {
        let (out, err, code) = common::run_tengen(args, &cmds);
        assert_eq!(code, 0, "{args:?}: {err}");
        out.trim_end().rsplit("\n\n").next().unwrap().to_string()
    };
    assert_eq!(last(&["gtp"]), "= 0");
    assert!(last(&["gtp", "--owl-nodes", "1"]).starts_with("= 1 "));
    // no budget is an error
    let (_, err, code) = common::run_tengen(&["gtp", "--owl-nodes", "0"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--owl-nodes"), "{err}");
}
