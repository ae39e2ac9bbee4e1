//! The CLI's error paths as a table: every kind of bad input for every subcommand. Each row
//! gives the arguments, the standard input, the exit status (2 for bad input or usage, 1
//! where a documented answer applies), words the message must contain (the problem and
//! where), and what stdout must be (empty unless a documented answer or complete earlier
//! answers stand). Nothing may panic.

use std::io::Write;
use std::process::{Command, Stdio};

struct Case {
    args: &'static [&'static str],
    stdin: Vec<u8>,
    status: i32,
    /// Words the message (stderr) must contain, case-insensitive.
    stderr_has: &'static [&'static str],
    /// Exact stdout.
    stdout: &'static str,
}

fn case(
    args: &'static [&'static str],
    stdin: impl Into<Vec<u8>>,
    status: i32,
    stderr_has: &'static [&'static str],
) -> Case {
    Case {
        args,
        stdin: stdin.into(),
        status,
        stderr_has,
        stdout: "",
    }
}

fn run(c: &Case) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(c.args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen");
    let mut stdin = child.stdin.take().unwrap();
    let input = c.stdin.clone();
    let w = std::thread::spawn(move || {
        // the command may stop reading at the first error: a broken pipe is fine
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    w.join().unwrap();
    (
        out.status.code().expect("exited normally, not by a signal"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn check(cases: Vec<Case>) {
    let mut failures = Vec::new();
    for c in &cases {
        let (status, stdout, stderr) = run(c);
        let what = format!(
            "tengen {:?} <<< {:?}",
            c.args,
            String::from_utf8_lossy(&c.stdin)
        );
        let what: String = what.chars().take(200).collect();
        if stderr.contains("panicked") || stdout.contains("panicked") {
            failures.push(format!("{what}: panicked: {stderr}"));
            continue;
        }
        if status != c.status {
            failures.push(format!(
                "{what}: status {status}, want {}; stderr {stderr:?}",
                c.status
            ));
        }
        let lower = stderr.to_lowercase();
        for w in c.stderr_has {
            if !lower.contains(&w.to_lowercase()) {
                failures.push(format!("{what}: message {stderr:?} lacks {w:?}"));
            }
        }
        if stdout != c.stdout {
            failures.push(format!("{what}: stdout {stdout:?}, want {:?}", c.stdout));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn usage_errors() {
    check(vec![
        case(&[], "", 2, &["usage"]),
        case(&["frobnicate"], "", 2, &["frobnicate"]),
        case(&["move", "--rules", "klingon"], "", 2, &["klingon"]),
        case(&["move", "--bogus"], "", 2, &["--bogus"]),
        case(&["territory", "--input", "yaml"], "", 2, &["yaml"]),
        case(&["territory", "--coordinates"], "", 2, &["--text"]),
        case(&["territory", "--at", "1"], "", 2, &["--at"]),
        case(&["territory", "--at", "a", "b"], "", 2, &["--at"]),
        case(&["score", "--rules", "klingon"], "", 2, &["klingon"]),
        case(&["score", "--komi", "abc"], "", 2, &["abc"]),
        case(&["score", "--captures", "1"], "", 2, &["--captures"]),
        case(&["score", "--handicap", "-1"], "", 2, &["'-1'"]),
        // a line limit of 0 was silently 1 (issue 27, smaller items)
        case(
            &["analysis", "--max-line", "0"],
            "",
            2,
            &["--max-line", "'0'"],
        ),
        // at most one handicap stone per point, captures at most 2^24 (issue 27, item 12)
        case(
            &["score", "--handicap", "4294967295"],
            "...\n...\n...\n",
            2,
            &["handicap 4294967295 is more than the 9 points of the 3x3 board"],
        ),
        case(
            &["score", "--handicap", "10", "--dead", "auto"],
            "...\n...\n...\n",
            2,
            &["handicap 10 is more than the 9 points"],
        ),
        case(
            &["score", "--captures", "16777217,0"],
            "...\n...\n...\n",
            2,
            &["captures 16777217 is more than the limit of 16777216"],
        ),
        case(&["replay"], "", 2, &["path"]),
        case(
            &["replay", "--threads", "0", "x.sgf"],
            "",
            2,
            &["--threads"],
        ),
        case(
            &["replay", "--move", "abc", "x.sgf"],
            "",
            2,
            &["--move", "abc"],
        ),
        // the old spelling of --move
        case(&["replay", "--until", "abc", "x.sgf"], "", 2, &["abc"]),
        case(&["replay", "--komi", "7.25", "x.sgf"], "", 2, &["7.25"]),
        case(&["territory", "--at", "Q"], "", 2, &["--at", "\"Q\""]),
        case(&["territory", "--at", "1,x"], "", 2, &["--at", "1,x"]),
        case(&["territory", "--json", "--text"], "", 2, &["--json"]),
        case(&["score", "--plain"], "", 2, &["--text"]),
        case(&["render", "--play-rules", "klingon"], "", 2, &["klingon"]),
        case(
            &["render", "--pass-alive", "-o", "x.svg"],
            "X.\n.O\n",
            2,
            &["--score", "--benson"],
        ),
        case(
            &["render", "--benson", "--territory", "-o", "x.svg"],
            "X.\n.O\n",
            2,
            &["--territory"],
        ),
        case(
            &["render", "--play", "green", "A1", "-o", "x.svg"],
            "X.\n.O\n",
            2,
            &["green", "black, white"],
        ),
        case(
            &["replay", "--rules", "klingon", "x.sgf"],
            "",
            2,
            &["klingon"],
        ),
        case(&["gtp", "--resign-threshold", "2"], "", 2, &["0 to 1"]),
        case(&["gtp", "--rules", "klingon"], "", 2, &["klingon"]),
        case(&["gtp", "--playouts", "-5"], "", 2, &["'-5'"]),
        case(
            &["gtp", "--seed", "99999999999999999999999"],
            "",
            2,
            &["--seed"],
        ),
        case(&["bench"], "", 2, &["usage"]),
        case(&["bench", "playouts", "--size", "0"], "", 2, &["size"]),
        case(&["bench", "playouts", "--size", "53"], "", 2, &["53"]),
        case(
            &["bench", "playouts", "--threads", "0"],
            "",
            2,
            &["--threads"],
        ),
        case(&["bench", "playouts", "--count", "0"], "", 2, &["--count"]),
        case(&["bench", "playouts", "--count", "x"], "", 2, &["--count"]),
        case(
            &["bench", "playouts", "--threads", "100000"],
            "",
            2,
            &["--threads", "1024"],
        ),
    ]);
}

#[test]
fn move_task_input_errors() {
    let long_row = format!("1\n{}\n0 0 1\n", "0".repeat(70_000));
    check(vec![
        case(&["move"], "x\n", 2, &["line 1", "board size"]),
        case(&["move"], "0\n", 2, &["line 1", "out of range"]),
        case(&["move"], "53\n", 2, &["line 1", "out of range"]),
        case(
            &["move"],
            "99999999999999999999999999\n",
            2,
            &["line 1", "board size"],
        ),
        case(
            &["move"],
            "3\n000\n00\n000\n1 1 1\n",
            2,
            &["line 3", "row 1"],
        ),
        case(
            &["move"],
            "3\n000\n030\n000\n1 1 1\n",
            2,
            &["line 3", "\"3\""],
        ),
        case(&["move"], "3\n000\n\n000\n1 1 1\n", 2, &["line 3", "blank"]),
        case(&["move"], "3\n000\n000\n", 2, &["line 3", "before row 2"]),
        case(&["move"], "2\n00\n00\n", 2, &["move line"]),
        case(&["move"], "2\n00\n00\n1 1\n", 2, &["line 4", "3 numbers"]),
        case(
            &["move"],
            "2\n00\n00\n1 1 1 1\n",
            2,
            &["line 4", "3 numbers"],
        ),
        case(&["move"], "2\n00\n00\na 1 1\n", 2, &["line 4", "\"a\""]),
        case(&["move"], "2\n00\n00\n5 0 1\n", 2, &["line 4", "5"]),
        case(&["move"], "2\n00\n00\n-1 0 1\n", 2, &["line 4", "-1"]),
        case(
            &["move"],
            "2\n00\n00\n99999999999999999999 0 1\n",
            2,
            &["line 4"],
        ),
        case(&["move"], "2\n00\n00\n0 0 3\n", 2, &["line 4", "3"]),
        case(
            &["move"],
            "2\n12\n20\n1 1 1\n",
            2,
            &["line 2", "no liberty"],
        ),
        case(&["move"], b"2\n0\xff\n00\n0 0 1\n".to_vec(), 2, &["line 2"]),
        case(&["move"], long_row, 2, &["line 2", "longer than"]),
        case(
            &["move"],
            vec![b'0'; 3 << 20],
            2,
            &["line 1", "longer than"],
        ),
    ]);
    // A bad problem after good ones: the complete earlier answers stand, nothing partial.
    let mut c = case(
        &["move"],
        "2\n00\n00\n0 0 1\n2\n0\n",
        2,
        &["line 6", "row 0"],
    );
    c.stdout = "1\n10\n00\n";
    check(vec![c]);
}

#[test]
fn board_input_errors() {
    let wide = format!("{}\n", ".".repeat(53));
    let tall = ".\n".repeat(53);
    let mut cases = Vec::new();
    for cmd in ["territory", "score"] {
        let args: &'static [&'static str] = if cmd == "territory" {
            &["territory"]
        } else {
            &["score"]
        };
        cases.extend([
            case(args, "", 2, &["line 1", "no board"]),
            case(args, "X.Q\n", 2, &["line 1, column 3", "'Q'"]),
            case(args, "X..\n..\n", 2, &["line 2"]),
            case(args, "[\"B \", \"W\"]", 2, &["row"]),
            case(args, "[\"B \", \"WQ\"]", 2, &["line 1, column 10", "'Q'"]),
            case(args, "[\"B \", ", 2, &["json"]),
            case(args, "012\n01\n", 2, &["line 2"]),
            case(args, wide.clone(), 2, &["53"]),
            case(args, tall.clone(), 2, &["53"]),
            case(
                args,
                b"X.\xff\n".to_vec(),
                2,
                &["line 1, column 3", "UTF-8"],
            ),
            case(args, vec![b'.'; 2 << 20], 2, &["stdin", "longer than"]),
        ]);
    }
    cases.extend([
        case(
            &["score", "--dead", "Z99"],
            "X.\n.O\n",
            2,
            &["Z99", "columns A to B, rows 1 to 2 from the bottom"],
        ),
        case(
            &["score", "--dead", "5,0"],
            "X.\n.O\n",
            2,
            &[
                "\"5,0\" is off the 2x2 board",
                "columns 0 to 1, rows 0 to 1",
            ],
        ),
        // an SGF record on stdin, UTF-8 or not: pass it as a file
        case(
            &["score"],
            "(;SZ[9];B[ee])",
            2,
            &["SGF record", "file argument"],
        ),
        case(
            &["score"],
            b"(;SZ[9]PB[\xb2\xe2];B[ee])".to_vec(),
            2,
            &["SGF record", "file argument"],
        ),
        case(&["territory"], " (;SZ[9])", 2, &["SGF record"]),
        case(&["score", "--dead", "A1,zz"], "X.\n.O\n", 2, &["zz"]),
    ]);
    check(cases);
    // The documented answer for a point off the board: JSON on stdout, status 1.
    let mut c = case(&["territory", "--at", "9", "9"], "X.\n.O\n", 1, &[]);
    c.stdout = "{\"error\":\"Invalid coordinate\"}\n";
    let mut d = case(&["territory", "--at", "-1", "0"], "X.\n.O\n", 1, &[]);
    d.stdout = "{\"error\":\"Invalid coordinate\"}\n";
    check(vec![c, d]);
}

#[test]
fn replay_errors() {
    let dir = std::env::temp_dir().join(format!("tengen-cli-errors-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.sgf");
    std::fs::write(&bad, "(;GM[1]SZ[9];B[ee];W[ee])").unwrap();
    let junk = dir.join("junk.sgf");
    std::fs::write(&junk, b"\x00\xff not sgf at all").unwrap();
    let size = dir.join("size.sgf");
    std::fs::write(&size, "(;GM[1]SZ[99];B[aa])").unwrap();
    let leak = |p: &std::path::Path| -> &'static str {
        Box::leak(p.to_string_lossy().into_owned().into_boxed_str())
    };
    let (bad, junk, size, missing) = (
        leak(&bad),
        leak(&junk),
        leak(&size),
        leak(&dir.join("missing.sgf")),
    );
    let strict_bad = leak(&dir.join("strict.sgf"));
    std::fs::write(strict_bad, "(;GM[1]SZ[9];B[ee]").unwrap();
    let table = vec![
        (vec!["replay", "-q", bad], "move 2"),
        (vec!["replay", "-q", junk], "junk.sgf"),
        (vec!["replay", "-q", size], "99"),
        (vec!["replay", "-q", missing], "missing.sgf"),
        (vec!["replay", "-q", "--strict", strict_bad], "strict.sgf"),
    ];
    let mut failures = Vec::new();
    for (args, word) in table {
        let args: &'static [&'static str] = Box::leak(args.into_boxed_slice());
        let (status, stdout, stderr) = run(&case(args, "", 1, &[]));
        let all = format!("{stdout}{stderr}");
        if status != 1 || !all.contains(word) || all.contains("panicked") {
            failures.push(format!(
                "{args:?}: status {status}, output {all:?} (want 1 and {word:?})"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_byte_order_mark_is_accepted() {
    // some editors start a file with U+FEFF: it is no part of the size line or the board
    let mut m = case(&["move"], "\u{feff}2\n10\n11\n1 0 2\n", 0, &[]);
    m.stdout = "1\n02\n00\n";
    let mut s = case(&["score", "--rules", "chinese"], "\u{feff}X.\n.O\n", 0, &[]);
    s.stdout = "W+7.5\n";
    let mut t = case(&["territory"], "\u{feff}X.\n..\n", 0, &[]);
    t.stdout =
        "{\"territoryBlack\":[[0,1],[1,0],[1,1]],\"territoryWhite\":[],\"territoryNone\":[]}\n";
    check(vec![m, s, t]);
}
