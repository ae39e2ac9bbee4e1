//! `tengen analysis`: golden transcripts (queries and answers, errors included), the protocol's
//! properties (every line JSON, ids echoed, ownership layout), terminate, and a long stream
//! whose memory must stay flat.
use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::Value;

fn fixture(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/analysis")
        .join(name)
}

/// Answers may come out of order (several workers), so a transcript is compared as a sorted
/// list of lines.
fn sorted_lines(s: &str) -> Vec<&str> {
    let mut v: Vec<&str> = s.lines().collect();
    v.sort_unstable();
    v
}

fn transcript(name: &str) {
    let input = std::fs::read(fixture(&format!("{name}.in"))).unwrap();
    let want = std::fs::read_to_string(fixture(&format!("{name}.out"))).unwrap();
    for workers in ["1", "2"] {
        let (out, err, code) = common::run_tengen(&["analysis", "--workers", workers], &input);
        assert_eq!(code, 0, "{name}: exit {code}, stderr {err}");
        assert!(err.is_empty(), "{name}: stderr {err}");
        let (got, exp) = (sorted_lines(&out), sorted_lines(&want));
        for g in &got {
            assert!(
                exp.contains(g),
                "{name} ({workers} workers): unexpected line {g}"
            );
        }
        assert_eq!(got, exp, "{name} ({workers} workers): lines missing");
        for line in out.lines() {
            let v: Value = serde_json::from_str(line).unwrap();
            assert!(v.is_object(), "{line}");
        }
    }
}

#[test]
fn golden_rules_and_positions() {
    transcript("rules");
}

#[test]
fn golden_errors_and_the_stream_goes_on() {
    transcript("errors");
}

fn answers(input: &str) -> Vec<Value> {
    let (out, err, code) = common::run_tengen(&["analysis", "--workers", "2"], input);
    assert_eq!(code, 0, "{err}");
    out.lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn ownership_layout_is_row_major_from_the_top_left() {
    // 4x4, certain for any judge (both groups pass-alive with two eyes): Black owns the top
    // two rows, White the bottom two. Row-major from the top-left gives eight 1s then eight
    // -1s; column-major or bottom-first would not.
    //   4 . X . X
    //   3 X X X X
    //   2 O O O O
    //   1 . O . O
    let q = r#"{"id":"o","moves":[],"initialStones":[["B","B4"],["B","D4"],["B","A3"],["B","B3"],["B","C3"],["B","D3"],["W","A2"],["W","B2"],["W","C2"],["W","D2"],["W","B1"],["W","D1"]],"rules":"tromp-taylor","komi":0,"boardXSize":4,"boardYSize":4,"includeOwnership":true}"#;
    let a = answers(q);
    assert_eq!(a.len(), 1);
    let own: Vec<i64> = a[0]["ownership"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_i64().unwrap())
        .collect();
    assert_eq!(own, [[1; 8], [-1; 8]].concat());
    assert_eq!(a[0]["score"]["exact"]["result"], "0");
    assert_eq!(a[0]["score"]["judged"]["result"], "0");
    assert_eq!(a[0]["rootInfo"]["currentPlayer"], "B");
    assert!(a[0]["chains"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["status"] == "alive" && c["certain"] == true));
    // legal moves of the side to move, named as GTP vertices: A3 is the top-left point
    let q = r#"{"id":"p","moves":[["B","A3"],["W","D1"]],"rules":"chinese","boardXSize":4,"boardYSize":3,"analyzeTurns":[1]}"#;
    let a = answers(q);
    let legal = a[0]["legalMoves"].as_array().unwrap();
    assert_eq!(legal.len(), 11);
    assert_eq!(legal[0], "B3");
    assert_eq!(a[0]["lastMove"]["move"], "A3");
}

#[test]
fn every_turn_and_its_captures() {
    let q = r#"{"id":"t","moves":[["B","A1"],["W","B1"],["B","C1"],["W","A2"]],"rules":"japanese","boardXSize":3,"boardYSize":3,"analyzeTurns":[0,1,2,3,4]}"#;
    let a = answers(q);
    let mut turns: Vec<i64> = a
        .iter()
        .map(|v| v["turnNumber"].as_i64().unwrap())
        .collect();
    turns.sort_unstable();
    assert_eq!(turns, [0, 1, 2, 3, 4]);
    let t4 = a.iter().find(|v| v["turnNumber"] == 4).unwrap();
    assert_eq!(t4["lastMove"]["captures"], serde_json::json!(["A1"]));
    assert_eq!(t4["prisoners"]["W"], 1);
    let t0 = a.iter().find(|v| v["turnNumber"] == 0).unwrap();
    assert_eq!(t0["lastMove"], Value::Null);
    assert_eq!(t0["legalMoves"].as_array().unwrap().len(), 9);
}

#[test]
fn terminate_answers_no_results_or_the_full_answer() {
    // whether the query was started before the terminate arrived depends on the scheduler:
    // both outcomes are allowed, nothing else
    let mut input = String::new();
    for i in 0..200 {
        input += &format!(
            "{{\"id\":\"x{}\",\"moves\":[],\"rules\":\"chinese\",\"boardXSize\":19,\"boardYSize\":19}}\n",
            i % 3
        );
    }
    input += "{\"id\":\"stop\",\"action\":\"terminate\",\"terminateId\":\"x1\"}\n";
    let a = answers(&input);
    assert_eq!(a.len(), 201);
    let mut acks = 0;
    for v in &a {
        if v["action"] == "terminate" {
            acks += 1;
            assert_eq!(v["terminateId"], "x1");
        } else if v["noResults"] == true {
            assert_eq!(v["id"], "x1");
        } else {
            assert_eq!(v["legalMoves"].as_array().unwrap().len(), 361);
        }
    }
    assert_eq!(acks, 1);
}

fn vm_kib(pid: u32, key: &str) -> Option<u64> {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = s.lines().find(|l| l.starts_with(key))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// A long stream (a million queries in an optimised build, 100,000 in a debug one, or
/// `TENGEN_ANALYSIS_STREAM`) of tiny queries, a tenth of them errors: every one is answered,
/// and the resident memory after the whole stream is within 16 MiB of what it was after the
/// first tenth (Linux only: read from /proc).
#[test]
fn memory_stays_flat_on_a_long_stream() {
    let n: usize = std::env::var("TENGEN_ANALYSIS_STREAM")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(if cfg!(debug_assertions) {
            100_000
        } else {
            1_000_000
        });
    let mut child = Command::new(common::tengen_bin())
        .args(["analysis", "--workers", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for i in 0..n {
            if i % 10 == 9 {
                writeln!(w, "{{\"id\":\"e{i}\",\"moves\":[[\"B\",\"A1\"],[\"W\",\"A1\"]],\"rules\":\"chinese\",\"boardXSize\":2,\"boardYSize\":2}}").unwrap();
            } else {
                writeln!(w, "{{\"id\":\"q{i}\",\"moves\":[],\"rules\":\"chinese\",\"boardXSize\":1,\"boardYSize\":1}}").unwrap();
            }
        }
        w.flush().unwrap();
        drop(w);
        drop(stdin);
    });
    let out = BufReader::new(child.stdout.take().unwrap());
    let (mut answers, mut errors) = (0usize, 0usize);
    let mut early = None;
    let mut late = None;
    for line in out.lines() {
        let line = line.unwrap();
        if line.starts_with("{\"error\"") {
            assert!(line.contains("Illegal move 2"), "{line}");
            errors += 1;
        } else {
            assert!(line.starts_with("{\"id\":\"q"), "{line}");
            answers += 1;
        }
        let done = answers + errors;
        if done == n / 10 {
            early = vm_kib(pid, "VmRSS:");
        }
        if done == n - 100 {
            late = vm_kib(pid, "VmRSS:");
        }
    }
    writer.join().unwrap();
    let status = child.wait().unwrap();
    assert!(status.success());
    assert_eq!(errors, n / 10);
    assert_eq!(answers, n - n / 10);
    if let (Some(e), Some(l)) = (early, late) {
        eprintln!(
            "VmRSS after {} queries: {e} KiB; after {}: {l} KiB",
            n / 10,
            n - 100
        );
        assert!(
            l <= e + 16 * 1024,
            "memory grew from {e} KiB to {l} KiB over the stream"
        );
    } else {
        eprintln!("NOTE: /proc/<pid>/status unreadable: memory not measured");
    }
}

/// A reader that goes away (`tengen analysis | head -1`) ends the process: no worker or reader
/// stays blocked on a full queue.
#[test]
fn a_closed_output_ends_the_process() {
    let mut child = Command::new(common::tengen_bin())
        .args(["analysis", "--workers", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let q =
            "{\"id\":\"q\",\"moves\":[],\"rules\":\"chinese\",\"boardXSize\":9,\"boardYSize\":9}\n";
        for _ in 0..200_000 {
            if stdin.write_all(q.as_bytes()).is_err() {
                return;
            }
        }
    });
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    assert!(first.starts_with("{\"id\":\"q\""), "{first}");
    drop(out);
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            // a broken pipe is a normal end
            assert!(status.code().is_some(), "{status:?}");
            break;
        }
        if start.elapsed().as_secs() > 60 {
            let _ = child.kill();
            panic!("tengen analysis still running 60 s after its output was closed");
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    writer.join().unwrap();
}
