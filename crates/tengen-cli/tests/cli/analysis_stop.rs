//! `tengen analysis` can be stopped (issue 27, items 9-10): each turn's answer is written as
//! soon as it is ready, a `terminate` stops a query under way after its current turn (its
//! other turns answered `noResults`), a terminate cancels only the queries read before it,
//! and one query's work is bounded by the stated limit [`MAX_QUERY_WORK`].

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use serde_json::{json, Value};
use tengen_engine::analysis::{parse_request, Request, MAX_QUERY_WORK};

/// The documented limit: 2^20 analysed turn-points per query.
const WORK: usize = 1 << 20;

/// A slow query: `turns` analysed turns of a 52x52 board (the judge on each).
fn slow_query(id: &str, turns: usize) -> Value {
    let cols = "ABCDEFGHJKLMNOPQRSTUVWXYZ".as_bytes();
    let moves: Vec<Value> = (0..turns - 1)
        .map(|i| {
            let c = if i % 2 == 0 { "B" } else { "W" };
            json!([
                c,
                format!("{}{}", cols[(i * 7) % 25] as char, 1 + (i * 11) % 52)
            ])
        })
        .collect();
    json!({"id": id, "moves": moves, "rules": "chinese", "boardXSize": 52,
           "boardYSize": 52, "analyzeTurns": (0..turns).collect::<Vec<_>>()})
}

fn quick_query(id: &str) -> Value {
    // its one analysed turn is 4, a turn no slow query here has
    json!({"id": id, "moves": [["B", "C3"], ["W", "D3"], ["B", "C4"], ["W", "D4"]],
           "rules": "chinese", "boardXSize": 5, "boardYSize": 5})
}

struct Server {
    child: std::process::Child,
    input: std::process::ChildStdin,
    output: BufReader<std::process::ChildStdout>,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
            .args(["analysis", "--threads", "1"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start tengen analysis");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        Server {
            child,
            input,
            output,
        }
    }

    fn send(&mut self, v: &Value) {
        writeln!(self.input, "{v}").unwrap();
        self.input.flush().unwrap();
    }

    fn read(&mut self) -> Value {
        let mut line = String::new();
        assert!(
            self.output.read_line(&mut line).unwrap() > 0,
            "the server ended"
        );
        serde_json::from_str(&line).unwrap()
    }

    /// Close the input and read every line left.
    fn finish(mut self) -> Vec<Value> {
        drop(self.input);
        let rest: Vec<Value> = self
            .output
            .lines()
            .map(|l| serde_json::from_str(&l.unwrap()).unwrap())
            .collect();
        assert!(self.child.wait().unwrap().success());
        rest
    }
}

fn is_answer(v: &Value, id: &str) -> bool {
    v["id"] == id && v.get("turnNumber").is_some()
}

fn no_results(v: &Value) -> bool {
    v["noResults"] == true
}

#[test]
fn terminate_stops_a_query_under_way_and_answers_stream() {
    let mut s = Server::start();
    s.send(&slow_query("big", 21));
    // the first turn's answer comes before the query is done
    let first = s.read();
    assert!(is_answer(&first, "big") && !no_results(&first), "{first}");
    s.send(&json!({"id": "t", "action": "terminate", "terminateId": "big"}));
    let mut lines = vec![first];
    lines.extend(s.finish());
    let answers: Vec<&Value> = lines.iter().filter(|v| is_answer(v, "big")).collect();
    // every turn answered once, in order
    let turns: Vec<u64> = answers
        .iter()
        .map(|v| v["turnNumber"].as_u64().unwrap())
        .collect();
    assert_eq!(turns, (0..21).collect::<Vec<u64>>());
    let analysed = answers.iter().filter(|v| !no_results(v)).count();
    // the turn under way when the terminate came finishes; at most one more (the terminate
    // may be read while the second turn is being answered)
    assert!(
        analysed <= 3,
        "{analysed} turns analysed after the terminate"
    );
    assert!(lines.iter().any(|v| v["action"] == "terminate"));
}

#[test]
fn a_terminate_does_not_cancel_later_queries_with_the_same_id() {
    for terminate in [
        json!({"id": "t", "action": "terminate", "terminateId": "x"}),
        json!({"id": "t", "action": "terminate_all"}),
    ] {
        let mut s = Server::start();
        s.send(&slow_query("x", 3));
        s.send(&terminate);
        // sent after the terminate: answered, though the first "x" is still pending
        s.send(&quick_query("x"));
        let lines = s.finish();
        let answers: Vec<&Value> = lines.iter().filter(|v| is_answer(v, "x")).collect();
        assert_eq!(answers.len(), 4, "{lines:?}");
        let last = answers.iter().find(|v| v["turnNumber"] == 4).unwrap();
        assert!(
            !no_results(last),
            "{terminate}: the later query was cancelled: {last}"
        );
        assert!(last.get("rootInfo").is_some(), "{last}");
    }
}

/// A query of `turns` analysed turns on a `w`x`h` board (all passes).
fn passes(w: usize, h: usize, turns: usize) -> String {
    let moves: Vec<Value> = (0..turns - 1).map(|_| json!(["B", "pass"])).collect();
    json!({"id": "w", "moves": moves, "rules": "chinese", "boardXSize": w,
           "boardYSize": h, "analyzeTurns": (0..turns).collect::<Vec<_>>()})
    .to_string()
}

#[test]
fn the_work_limit_at_both_edges() {
    assert_eq!(MAX_QUERY_WORK, WORK);
    // 1,024 turns of 32x32 are exactly the limit
    let Ok(Request::Query(q, w)) = parse_request(&passes(32, 32, 1024)) else {
        panic!("query refused")
    };
    assert_eq!(q.analyze_turns.len(), 1024);
    assert!(w.is_empty(), "{w:?}");
    // one turn more is cut to the limit, with a warning
    let Ok(Request::Query(q, w)) = parse_request(&passes(32, 32, 1025)) else {
        panic!("query refused")
    };
    assert_eq!(q.analyze_turns, (0..1024).collect::<Vec<_>>());
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(w[0].field, "analyzeTurns");
    assert!(
        w[0].warning
            .contains("1025 turns of a 32x32 board are more than the work limit of 1048576"),
        "{}",
        w[0].warning
    );
}
