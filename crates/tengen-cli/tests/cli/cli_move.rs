//! `tengen move` driven as a real process: the task's examples byte for byte, streams of
//! problems, input styles, `--explain`, `--rules`, every kind of bad input, and a long stream in
//! constant memory.
use crate::common;

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

/// Run `tengen <args>` with `input` on stdin.
fn tengen(args: &[&str], input: &[u8]) -> Run {
    let mut child = Command::new(common::tengen_bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // Write from a thread so a large input cannot deadlock against a full stdout pipe.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for tengen");
    writer.join().unwrap();
    let run = Run {
        code: out.status.code().expect("tengen was killed by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    };
    assert!(
        !run.stderr.contains("panicked"),
        "tengen panicked: {}",
        run.stderr
    );
    run
}

fn fixture(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/move");
    std::fs::read_to_string(p.join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn example_19() -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../examples/move/19x19.in");
    std::fs::read_to_string(p).unwrap()
}

/// Answer one problem with the default rules; must succeed.
fn answer(input: &str) -> String {
    let r = tengen(&["move"], input.as_bytes());
    assert_eq!(r.code, 0, "stderr: {}", r.stderr);
    assert_eq!(r.stderr, "");
    r.stdout
}

#[test]
fn the_four_task_examples_byte_exact() {
    for n in 1..=4 {
        let got = answer(&fixture(&format!("{n}.in")));
        assert_eq!(got, fixture(&format!("{n}.out")), "example {n}");
    }
}

#[test]
fn the_readme_19x19_example() {
    // Black at 10 10 takes the white stone at 9 10 (a ko shape); the expected board was
    // written by hand.
    assert_eq!(answer(&example_19()), fixture("19x19.out"));
}

#[test]
fn several_problems_are_answered_in_order() {
    let names = ["3", "1", "4", "2", "1"];
    let mut input = String::new();
    let mut expected = String::new();
    for (i, n) in names.iter().enumerate() {
        input += &fixture(&format!("{n}.in"));
        if i % 2 == 1 {
            input += "\n\n"; // blank lines between problems are allowed
        }
        expected += &fixture(&format!("{n}.out"));
    }
    input += &example_19();
    expected += &fixture("19x19.out");
    assert_eq!(answer(&input), expected);
}

fn spaced(s: &str) -> String {
    s.lines()
        .map(|l| {
            if l.len() > 1 && l.bytes().all(|b| b.is_ascii_digit()) {
                l.chars().map(String::from).collect::<Vec<_>>().join(" ")
            } else {
                l.to_string()
            }
        })
        .map(|l| l + "\n")
        .collect()
}

#[test]
fn spaced_rows_stay_spaced() {
    assert_eq!(answer("2\n1 0\n1 1\n1 0 2\n"), "1\n0 2\n0 0\n");
    for n in [3, 4] {
        let input = spaced(&fixture(&format!("{n}.in")));
        assert!(input.contains("2 2 1 2 2") || input.contains("0 0 0 0 0 0"));
        assert_eq!(answer(&input), spaced(&fixture(&format!("{n}.out"))));
    }
    // A stream may mix the styles; each answer follows its own problem.
    let input = fixture("2.in") + &spaced(&fixture("2.in")) + &fixture("2.in");
    assert_eq!(answer(&input), "1\n02\n00\n1\n0 2\n0 0\n1\n02\n00\n");
    // Extra white space inside a spaced row, and trailing white space, are accepted.
    assert_eq!(answer("2\n1  0 \n 1\t1\n1 0 2  \n"), "1\n0 2\n0 0\n");
}

#[test]
fn crlf_and_trailing_blank_lines() {
    for n in 1..=4 {
        let input = fixture(&format!("{n}.in")).replace('\n', "\r\n") + "\r\n\r\n\n";
        assert_eq!(answer(&input), fixture(&format!("{n}.out")), "example {n}");
    }
    // no final line end at all
    assert_eq!(answer("2\n10\n11\n1 0 2"), fixture("2.out"));
    // nothing at all: no problems, no answers
    assert_eq!(answer(""), "");
    assert_eq!(answer("\n\r\n\n"), "");
}

#[test]
fn explain_writes_the_reason_to_stderr_only() {
    let r = tengen(&["move", "--explain"], fixture("1.in").as_bytes());
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "0\n");
    assert_eq!(r.stderr, "illegal: suicide at 1 0\n");
    let r = tengen(&["move", "--explain"], b"2\n10\n01\n0 0 2\n");
    assert_eq!((r.code, r.stdout.as_str()), (0, "0\n"));
    assert_eq!(r.stderr, "illegal: occupied at 0 0\n");
    // A legal move explains nothing; stdout is as without --explain.
    let r = tengen(&["move", "--explain"], fixture("3.in").as_bytes());
    assert_eq!((r.stdout, r.stderr), (fixture("3.out"), String::new()));
    // In a stream each illegal move gets its line, in order.
    let input = fixture("1.in") + &fixture("2.in") + "2\n10\n01\n0 0 2\n";
    let r = tengen(&["move", "--explain"], input.as_bytes());
    assert_eq!(r.stdout, "0\n1\n02\n00\n0\n");
    assert_eq!(
        r.stderr,
        "illegal: suicide at 1 0\nillegal: occupied at 0 0\n"
    );
    // Ko cannot be reached here: a single position has no previous move, so there is no ko
    // point (and the default rules have no ko rule). Black takes a ko, then, as a new problem,
    // White retakes it: legal even under a simple-ko rule set.
    let take = b"4\n0120\n1202\n0120\n0000\n2 1 1\n";
    let retake = b"4\n0120\n1012\n0120\n0000\n1 1 2\n";
    for rules in ["task", "japanese", "tromp-taylor"] {
        let r = tengen(&["move", "--explain", "--rules", rules], take);
        assert_eq!(r.stdout, "1\n0120\n1012\n0120\n0000\n", "{rules}");
        let r = tengen(&["move", "--explain", "--rules", rules], retake);
        assert_eq!(r.stdout, "1\n0120\n1202\n0120\n0000\n", "{rules}");
        assert_eq!(r.stderr, "");
    }
    // Without --explain nothing goes to stderr.
    let r = tengen(&["move"], fixture("1.in").as_bytes());
    assert_eq!((r.stdout.as_str(), r.stderr.as_str()), ("0\n", ""));
}

#[test]
fn rules_decide_multi_stone_suicide() {
    // Black at 1 0 joins the stone at 0 0; the pair has no liberty and captures nothing.
    let input = b"3\n102\n220\n000\n1 0 1\n";
    let r = tengen(&["move", "--explain"], input);
    assert_eq!((r.code, r.stdout.as_str()), (0, "0\n"));
    assert_eq!(r.stderr, "illegal: suicide at 1 0\n");
    for rules in ["tromp-taylor", "new-zealand", "goe", "TT"] {
        let r = tengen(&["move", "--rules", rules], input);
        assert_eq!(r.code, 0, "{rules}: {}", r.stderr);
        // legal, and the suicided chain is gone
        assert_eq!(r.stdout, "1\n002\n220\n000\n", "{rules}");
    }
    for rules in ["task", "chinese", "japanese", "aga"] {
        let r = tengen(&["move", "--rules", rules], input);
        assert_eq!(r.stdout, "0\n", "{rules}");
    }
    // Single-stone suicide stays illegal under every rule set.
    let r = tengen(
        &["move", "--rules", "tromp-taylor"],
        fixture("1.in").as_bytes(),
    );
    assert_eq!(r.stdout, "0\n");
}

#[test]
fn unknown_rules_fail_with_the_known_names() {
    let r = tengen(&["move", "--rules", "klingon"], fixture("2.in").as_bytes());
    assert_eq!(r.code, 2);
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("klingon"), "{}", r.stderr);
    for name in ["tromp-taylor", "chinese", "japanese", "new-zealand", "goe"] {
        assert!(r.stderr.contains(name), "{name} missing from: {}", r.stderr);
    }
    // other usage errors exit 2 as well
    let r = tengen(&["move", "--no-such-flag"], b"");
    assert_eq!(r.code, 2);
    let r = tengen(&["frobnicate"], b"");
    assert_eq!(r.code, 2);
}

/// One bad problem: its text, the line (in the bad problem, from 1) and column the message must
/// name, and a fragment of the message.
struct Bad {
    what: &'static str,
    text: &'static str,
    line: usize,
    column: Option<usize>,
    says: &'static str,
}

const fn bad(
    what: &'static str,
    text: &'static str,
    line: usize,
    column: Option<usize>,
    says: &'static str,
) -> Bad {
    Bad {
        what,
        text,
        line,
        column,
        says,
    }
}

const BAD: &[Bad] = &[
    bad("size 0", "0\n", 1, Some(1), "out of range"),
    bad(
        "size 53",
        "53\n",
        1,
        Some(1),
        "board size 53 is out of range",
    ),
    bad(
        "size too big for u64",
        "99999999999999999999\n00\n",
        1,
        Some(1),
        "\"99999999999999999999\"",
    ),
    bad(
        "size not a number",
        "x\n",
        1,
        Some(1),
        "expected the board size",
    ),
    bad(
        "size with a sign",
        "-3\n",
        1,
        Some(1),
        "expected the board size",
    ),
    bad("size indented", "  2x\n", 1, Some(3), "\"2x\""),
    bad("size 2.5", "2.5\n", 1, Some(1), "expected the board size"),
    bad(
        "too few rows (end)",
        "3\n000\n000\n",
        3,
        None,
        "ends before row 2",
    ),
    bad(
        "too few rows (move as row)",
        "3\n000\n000\n1 1 1\n",
        4,
        None,
        "ends before the move line",
    ),
    bad(
        "too many rows",
        "2\n00\n00\n00\n0 0 1\n",
        4,
        None,
        "3 numbers",
    ),
    bad(
        "row too short",
        "3\n000\n00\n000\n0 0 1\n",
        3,
        None,
        "row 1 has 2 digits, expected 3",
    ),
    bad(
        "row too long",
        "3\n000\n0000\n000\n0 0 1\n",
        3,
        None,
        "row 1 has 4 digits, expected 3",
    ),
    bad(
        "spaced row too long",
        "2\n0 0\n0 0 0\n0 0 1\n",
        3,
        None,
        "row 1 has 3 digits",
    ),
    bad(
        "bad digit",
        "3\n000\n030\n000\n0 0 1\n",
        3,
        Some(2),
        "\"3\" is not a point digit",
    ),
    bad(
        "bad digit spaced",
        "3\n0 0 0\n0 0 x\n0 0 0\n0 0 1\n",
        3,
        Some(5),
        "\"x\"",
    ),
    bad(
        "bad digit letter",
        "2\n0b\n00\n0 0 1\n",
        2,
        Some(2),
        "\"b\"",
    ),
    bad("blank row", "3\n000\n\n000\n0 0 1\n", 3, None, "blank line"),
    bad(
        "missing move line",
        "2\n00\n00\n",
        3,
        None,
        "ends before the move line",
    ),
    bad("two numbers", "2\n00\n00\n1 0\n", 4, None, "found 2"),
    bad("four numbers", "2\n00\n00\n1 0 2 4\n", 4, None, "found 4"),
    bad(
        "column not a number",
        "2\n00\n00\na 0 1\n",
        4,
        Some(1),
        "\"a\" is not a number",
    ),
    bad(
        "row not a number",
        "2\n00\n00\n1 b 1\n",
        4,
        Some(3),
        "\"b\" is not a number",
    ),
    bad(
        "huge column",
        "2\n00\n00\n99999999999999999999 0 1\n",
        4,
        Some(1),
        "not a number",
    ),
    bad(
        "off board left",
        "2\n00\n00\n-1 0 1\n",
        4,
        Some(1),
        "off the 2x2 board",
    ),
    bad(
        "off board right",
        "2\n00\n00\n2 0 1\n",
        4,
        Some(1),
        "off the 2x2 board",
    ),
    bad(
        "off board top",
        "2\n00\n00\n0 -1 1\n",
        4,
        Some(3),
        "off the 2x2 board",
    ),
    bad(
        "off board bottom",
        "2\n00\n00\n0 2 1\n",
        4,
        Some(3),
        "off the 2x2 board",
    ),
    bad("colour 0", "2\n00\n00\n0 0 0\n", 4, Some(5), "colour \"0\""),
    bad("colour 3", "2\n00\n00\n0 0 3\n", 4, Some(5), "colour \"3\""),
    bad(
        "colour word",
        "2\n00\n00\n0 0 black\n",
        4,
        Some(5),
        "colour \"black\"",
    ),
    bad(
        "chain without liberty",
        "3\n000\n001\n012\n0 0 1\n",
        4,
        None,
        "the chain at 2 2 has no liberty",
    ),
    bad(
        "two dead chains",
        "2\n12\n21\n0 0 1\n",
        2,
        None,
        "the chain at 0 0 has no liberty; the chain at 1 0",
    ),
    bad(
        "full board",
        "1\n1\n0 0 2\n",
        2,
        None,
        "the chain at 0 0 has no liberty",
    ),
];

/// Every bad problem, first on its own and then after a good problem (whose answer must stand)
/// and before another (which must not be answered): exit 2, nothing on stdout for it, a message
/// naming the line and column, no panic.
#[test]
fn bad_input_is_reported_with_line_and_column() {
    let good = fixture("2.in"); // 4 lines
    let good_answer = fixture("2.out");
    for b in BAD {
        let ends_at_eof = !b.text.ends_with("1\n") || b.what.starts_with("too few rows");
        for (prefix, expected_out) in [("", ""), (good.as_str(), good_answer.as_str())] {
            let offset = prefix.lines().count();
            let mut input = format!("{prefix}{}", b.text);
            if !ends_at_eof {
                input += &good; // must not be answered: processing stops at the bad problem
            }
            let r = tengen(&["move"], input.as_bytes());
            let ctx = format!("{} (after {offset} lines): stderr {:?}", b.what, r.stderr);
            assert_eq!(r.code, 2, "{ctx}");
            assert_eq!(r.stdout, expected_out, "{ctx}");
            let mut place = format!("line {}", b.line + offset);
            if let Some(c) = b.column {
                place += &format!(", column {c}");
            } else {
                place += ":";
            }
            assert!(r.stderr.contains(&place), "{ctx}: expected {place:?}");
            assert!(r.stderr.contains(b.says), "{ctx}: expected {:?}", b.says);
            assert_eq!(r.stderr.lines().count(), 1, "{ctx}");
        }
    }
}

#[test]
fn input_that_is_not_text() {
    let r = tengen(&["move"], b"2\n10\n1\xff\n1 0 2\n");
    assert_eq!(r.code, 2, "{}", r.stderr);
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("line 3"), "{}", r.stderr);
}

/// Build `n` problems cycling through the examples, with their expected answers.
fn stream(n: usize) -> (Vec<u8>, Vec<u8>) {
    let mut problems: Vec<(String, String)> = (1..=4)
        .map(|k| (fixture(&format!("{k}.in")), fixture(&format!("{k}.out"))))
        .collect();
    problems.push((example_19(), fixture("19x19.out")));
    // the largest board, so that a short run touches the same buffer sizes as a long one
    let mut big = String::from("52\n");
    for y in 0..52 {
        big += &(if y == 0 { "1" } else { "0" }).repeat(52);
        big += "\n";
    }
    let mut big_out = String::from("1\n");
    for y in 0..52 {
        let mut row = (if y == 0 { "1" } else { "0" }).repeat(52);
        if y == 51 {
            row.replace_range(51..52, "2");
        }
        big_out += &row;
        big_out += "\n";
    }
    big += "51 51 2\n";
    problems.push((big, big_out));
    let mut input = Vec::new();
    let mut output = Vec::new();
    for i in 0..n {
        let (p, a) = &problems[i % problems.len()];
        input.extend_from_slice(p.as_bytes());
        output.extend_from_slice(a.as_bytes());
    }
    (input, output)
}

/// Feed `n` problems to one process; when every answer is in, read its peak resident memory
/// (VmHWM, kB) while it still waits on stdin. Returns (VmHWM, seconds).
fn stream_run(n: usize) -> (u64, f64) {
    let (input, expected) = stream(n);
    let start = Instant::now();
    let mut child = Command::new(common::tengen_bin())
        .arg("move")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen");
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        stdin.write_all(&input).expect("write problems");
        stdin // keep it open until the memory has been read
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut got = vec![0u8; expected.len()];
    stdout.read_exact(&mut got).expect("read all answers");
    let secs = start.elapsed().as_secs_f64();
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("proc status");
    let hwm: u64 = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/<pid>/status");
    drop(writer.join().unwrap());
    let mut rest = Vec::new();
    stdout.read_to_end(&mut rest).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(rest.is_empty(), "extra output after {n} answers");
    assert!(got == expected, "answers of the {n}-problem stream differ");
    (hwm, secs)
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the 200,000-problem stream runs in optimised builds only"
)]
fn a_long_stream_runs_in_constant_memory() {
    let (small, t_small) = stream_run(1_000);
    let (large, t_large) = stream_run(200_000);
    eprintln!(
        "tengen move stream: 1,000 problems VmHWM {small} kB in {t_small:.3} s; \
         200,000 problems VmHWM {large} kB in {t_large:.3} s"
    );
    assert!(
        large <= small + 512,
        "peak memory grows with the stream: {small} kB for 1,000 problems, {large} kB for 200,000"
    );
}
