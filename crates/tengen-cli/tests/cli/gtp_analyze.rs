//! `tengen gtp` as an analysis engine and as a player that resigns: the streamed
//! `kata-analyze` / `lz-analyze` responses of the real binary over pipes (every line parses,
//! its fields are in range, the visits grow, the ownership has one value in [-1, 1] per point,
//! the stream stops at the next command, which is then answered, and at the end of the
//! input), and the resignation options (`--resign-threshold`, `--resign-moves`,
//! `--no-resign`) on a lost 9x9 game. The search is random, so these check structure, not
//! exact moves (the exact error answers are in `tests/fixtures/gtp/analyze.out`).
use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::Duration;

/// A running `tengen gtp` with its output lines on a channel.
struct Gtp {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Gtp {
    fn start(args: &[&str]) -> Gtp {
        let mut child = Command::new(common::tengen_bin())
            .arg("gtp")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start tengen gtp");
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Gtp {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// The next output line (a test that waits 60 s for one fails).
    fn line(&mut self) -> String {
        self.lines
            .recv_timeout(Duration::from_secs(60))
            .expect("tengen gtp answers within 60 s")
    }

    /// One whole non-streamed response: its lines up to the blank line.
    fn response(&mut self) -> String {
        let mut r = self.line();
        loop {
            let l = self.line();
            if l.is_empty() {
                return r;
            }
            r.push('\n');
            r.push_str(&l);
        }
    }

    fn ask(&mut self, line: &str) -> String {
        self.send(line);
        self.response()
    }
}

/// One `info` block: its key-value pairs (up to `pv`) and its principal variation.
#[derive(Debug)]
struct Info {
    fields: Vec<(String, String)>,
    pv: Vec<String>,
}

impl Info {
    fn get(&self, key: &str) -> &str {
        &self
            .fields
            .iter()
            .find(|(k, _)| k == key)
            .unwrap_or_else(|| panic!("no {key} in {self:?}"))
            .1
    }
    fn num(&self, key: &str) -> f64 {
        self.get(key)
            .parse()
            .unwrap_or_else(|_| panic!("{key} is not a number in {self:?}"))
    }
}

/// A GTP vertex of a `size`x`size` board, or `pass`.
fn is_vertex(v: &str, size: usize) -> bool {
    if v == "pass" {
        return true;
    }
    let mut chars = v.chars();
    let Some(col) = chars.next() else {
        return false;
    };
    let cols: Vec<char> = "ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().take(size).collect();
    let row: usize = chars.as_str().parse().unwrap_or(0);
    cols.contains(&col) && (1..=size).contains(&row)
}

/// Parse one analysis line strictly: `info` blocks, each `key value` pairs then `pv` and
/// vertices; for kata-analyze maybe ` ownership` and `size`² numbers.
fn parse_line(line: &str, size: usize, kata: bool) -> (Vec<Info>, Option<Vec<f64>>) {
    let (moves, own) = match line.split_once(" ownership ") {
        Some((m, o)) => {
            assert!(kata, "ownership in lz-analyze: {line}");
            let v: Vec<f64> = o
                .split(' ')
                .map(|x| {
                    x.parse()
                        .unwrap_or_else(|_| panic!("ownership value {x:?}"))
                })
                .collect();
            (m, Some(v))
        }
        None => (line, None),
    };
    let blocks: Vec<Info> = moves
        .strip_prefix("info ")
        .unwrap_or_else(|| panic!("line does not start with info: {line}"))
        .split(" info ")
        .map(|b| {
            let (kv, pv) = b.split_once(" pv ").unwrap_or_else(|| panic!("no pv: {b}"));
            let words: Vec<&str> = kv.split(' ').collect();
            assert_eq!(words.len() % 2, 0, "unpaired fields: {kv}");
            Info {
                fields: words
                    .chunks(2)
                    .map(|p| (p[0].to_string(), p[1].to_string()))
                    .collect(),
                pv: pv.split(' ').map(str::to_string).collect(),
            }
        })
        .collect();
    let keys: &[&str] = if kata {
        &[
            "move",
            "visits",
            "utility",
            "winrate",
            "scoreMean",
            "scoreStdev",
            "scoreLead",
            "prior",
            "lcb",
            "order",
        ]
    } else {
        &["move", "visits", "winrate", "prior", "lcb", "order"]
    };
    let area = (size * size) as f64;
    for (i, b) in blocks.iter().enumerate() {
        let got: Vec<&str> = b.fields.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(got, keys, "{line}");
        assert!(is_vertex(b.get("move"), size), "{b:?}");
        assert_eq!(b.get("order"), i.to_string());
        assert_eq!(b.pv[0], b.get("move"), "the pv starts with the move");
        assert!(b.pv.iter().all(|v| is_vertex(v, size)), "{b:?}");
        assert!(b.num("visits") >= 1.0 && b.get("visits").parse::<u32>().is_ok());
        if i > 0 {
            assert!(
                b.num("visits") <= blocks[i - 1].num("visits"),
                "order: {line}"
            );
        }
        if kata {
            for k in ["winrate", "prior", "lcb"] {
                assert!((0.0..=1.0).contains(&b.num(k)), "{k}: {b:?}");
                // Sabaki reads a winrate with a dot as a fraction, without as 1/100 percent
                assert!(b.get(k).contains('.'), "{k}: {b:?}");
            }
            assert!(b.num("lcb") <= b.num("winrate"));
            assert!((b.num("utility") - (2.0 * b.num("winrate") - 1.0)).abs() < 1e-5);
            assert_eq!(b.get("scoreMean"), b.get("scoreLead"));
            assert!(b.num("scoreLead").abs() <= area + 10.0);
            assert!(b.num("scoreStdev") >= 0.0 && b.num("scoreStdev") <= area + 10.0);
        } else {
            for k in ["winrate", "prior", "lcb"] {
                let v: u32 = b.get(k).parse().unwrap_or_else(|_| panic!("{k}: {b:?}"));
                assert!(v <= 10000, "{k}: {b:?}");
            }
            assert!(b.num("lcb") <= b.num("winrate"));
        }
    }
    if let Some(o) = &own {
        assert_eq!(o.len(), size * size, "ownership values");
        assert!(o.iter().all(|v| (-1.0..=1.0).contains(v)), "{o:?}");
    }
    (blocks, own)
}

/// Send `command`, read its `=` line and `n` analysis lines, then send `next`: the rest of
/// the stream up to the blank line. Returns all the analysis lines.
fn stream(g: &mut Gtp, command: &str, head: &str, n: usize, next: &str) -> Vec<String> {
    g.send(command);
    assert_eq!(g.line(), head, "{command}");
    let mut lines: Vec<String> = (0..n).map(|_| g.line()).collect();
    g.send(next);
    loop {
        let l = g.line();
        if l.is_empty() {
            break;
        }
        lines.push(l);
    }
    assert!(lines.iter().all(|l| !l.is_empty()));
    lines
}

fn total_visits(blocks: &[Info]) -> f64 {
    blocks.iter().map(|b| b.num("visits")).sum()
}

#[test]
fn kata_analyze_streams_until_the_next_command() {
    let mut g = Gtp::start(&["--playouts", "100", "--seed", "5"]);
    assert_eq!(g.ask("boardsize 9"), "=");
    assert_eq!(g.ask("play b E5"), "=");
    let lines = stream(
        &mut g,
        "12 kata-analyze 5 ownership true",
        "=12",
        4,
        "13 name",
    );
    // the command after the stream is answered, and the engine goes on
    assert_eq!(g.response(), "=13 tengen");
    let mut last = 0.0;
    for l in &lines {
        let (blocks, own) = parse_line(l, 9, true);
        let total = total_visits(&blocks);
        assert!(total >= last, "visits went down");
        last = total;
        let own = own.expect("ownership asked for");
        // White is to move: a lone black stone's board is White's -1 (Black owns it)
        assert!(own.iter().all(|&v| v == -1.0), "{own:?}");
    }
    assert!(last > 0.0);
    // the game did not change
    assert_eq!(g.ask("move_history"), "= black E5");

    // with a colour, maxmoves, and the interval as a key
    let lines = stream(
        &mut g,
        "kata-analyze b interval 3 maxmoves 2",
        "=",
        3,
        "list_stones black",
    );
    assert_eq!(g.response(), "= E5");
    for l in &lines {
        let (blocks, own) = parse_line(l, 9, true);
        assert!(blocks.len() <= 2 && own.is_none(), "{l}");
    }
    // an empty line stops a stream too, and is not a command
    let lines = stream(&mut g, "lz-analyze 3", "=", 2, "");
    for l in &lines {
        parse_line(l, 9, false);
    }
    assert_eq!(
        g.ask("7 lz-analyze w 10 ownership true"),
        "?7 syntax error: unknown argument \"ownership\""
    );
    // minmoves reports unvisited moves too (every point is a legal move)
    g.send("kata-analyze 2 minmoves 500");
    assert_eq!(g.line(), "=");
    let first = g.line();
    g.send("quit");
    while !g.line().is_empty() {}
    assert_eq!(g.response(), "=");
    let blocks: Vec<&str> = first.split(" info ").collect();
    assert_eq!(blocks.len(), 81, "80 points and a pass: {first}");
    let status = g.child.wait().unwrap();
    assert!(status.success());
}

#[test]
fn the_end_of_the_input_ends_a_stream_cleanly() {
    let mut g = Gtp::start(&["--playouts", "100"]);
    assert_eq!(g.ask("boardsize 7"), "=");
    g.send("kata-analyze 2");
    assert_eq!(g.line(), "=");
    parse_line(&g.line(), 7, true);
    drop(g.stdin.take());
    // the stream ends with the blank line, then the engine exits
    loop {
        match g.lines.recv_timeout(Duration::from_secs(60)) {
            Ok(l) if l.is_empty() => break,
            Ok(l) => {
                parse_line(&l, 7, true);
            }
            Err(e) => panic!("no end of the response: {e}"),
        }
    }
    assert!(g.child.wait().unwrap().success());
    assert!(g.lines.recv_timeout(Duration::from_secs(5)).is_err());
}

/// The lost game of the unit tests: White's walls on rows 2, 4, 6, 8 of 9x9, Black passed.
fn lost_game() -> String {
    let mut s = String::from("boardsize 9\n");
    for row in [2, 4, 6, 8] {
        for col in "ABCDEFGHJ".chars() {
            s.push_str(&format!("play b pass\nplay w {col}{row}\n"));
        }
    }
    for _ in 0..4 {
        s.push_str("genmove b\ngenmove w\n");
    }
    s
}

/// Black's answers to `genmove b` in the output of [`lost_game`].
fn black_answers(out: &str) -> Vec<String> {
    let responses: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(responses.len(), 1 + 72 + 8, "{out}");
    responses[73..]
        .iter()
        .step_by(2)
        .map(|r| r.trim_start_matches("= ").to_string())
        .collect()
}

#[test]
fn resigns_a_lost_game_by_default_and_never_with_no_resign() {
    let input = lost_game();
    let (out, err, code) = common::run_tengen(&["gtp", "--playouts", "300", "--seed", "2"], &input);
    assert_eq!(code, 0, "{err}");
    let answers = black_answers(&out);
    assert_eq!(answers[2], "resign", "{answers:?}");
    assert!(answers[..2].iter().all(|a| a != "resign"), "{answers:?}");
    // one low move is enough with --resign-moves 1
    let (out, _, _) = common::run_tengen(
        &[
            "gtp",
            "--playouts",
            "300",
            "--seed",
            "2",
            "--resign-moves",
            "1",
        ],
        &input,
    );
    assert_eq!(black_answers(&out)[0], "resign");
    // a threshold of 0 never resigns, nor does --no-resign
    for opts in [
        ["--resign-threshold", "0"].as_slice(),
        ["--no-resign"].as_slice(),
    ] {
        let mut args = vec!["gtp", "--playouts", "300", "--seed", "2"];
        args.extend_from_slice(opts);
        let (out, err, code) = common::run_tengen(&args, &input);
        assert_eq!(code, 0, "{err}");
        let answers = black_answers(&out);
        assert!(
            answers.iter().all(|a| a != "resign"),
            "{opts:?}: {answers:?}"
        );
    }
    // bad options are refused
    let (_, err, code) = common::run_tengen(&["gtp", "--resign-moves", "0"], "");
    assert_eq!(code, 2, "{err}");
    let (_, err, code) =
        common::run_tengen(&["gtp", "--no-resign", "--resign-threshold", "0.2"], "");
    assert_eq!(code, 2, "{err}");
}
