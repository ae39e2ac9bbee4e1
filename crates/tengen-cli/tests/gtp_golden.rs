//! Golden GTP transcripts: each `tests/fixtures/gtp/NAME.in` is a command file whose exact
//! expected output is `NAME.out` (every command above and its error paths; no `genmove`, whose
//! choice depends on the search). Run from the crate root so the SGF paths resolve.
mod common;

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
