//! GTP under abuse: one `tengen gtp` session fed 1,000,000 random and malformed lines (binary
//! bytes, huge numbers, wrong arity, vertices off the board, unknown commands, overlong lines)
//! mixed with valid play. Every line carries a command id, so the responses can be matched to
//! the lines one by one: no response may be missing, extra or out of order, the lines that
//! must fail get `?`, and afterwards `list_commands` still answers the full list.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use tengen_engine::gtp::{command_names, preprocess, MAX_LINE};

/// xorshift64*: a small deterministic generator so a failure can be replayed.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// What the answer to a line must be.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Expect {
    /// `=id` or `?id`.
    Any,
    /// `=` or `?`, with any id (a garbage line sent without one).
    AnyNoId,
    /// `?id`.
    Error,
    /// `? line longer than ...` (no id: the line was never read).
    TooLong,
    /// No response (empty after preprocessing).
    Nothing,
}

const COLS: &[u8] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

fn vertex(r: &mut Rng, side: u64) -> String {
    let c = COLS[r.below(side) as usize] as char;
    format!("{c}{}", 1 + r.below(side))
}

/// One line (without its newline) and what its answer must be.
fn line(r: &mut Rng, id: usize) -> (Vec<u8>, Expect) {
    let color = if r.below(2) == 0 { "b" } else { "w" };
    let (body, expect): (Vec<u8>, Expect) = match r.below(20) {
        // valid play, legal or not
        0..=5 => (
            format!("play {color} {}", vertex(r, 19)).into_bytes(),
            Expect::Any,
        ),
        6 => (b"undo".to_vec(), Expect::Any),
        7 => (
            format!("boardsize {}", 2 + r.below(18)).into_bytes(),
            Expect::Any,
        ),
        8 => (b"clear_board".to_vec(), Expect::Any),
        9 => {
            let mut c = [
                "showboard",
                "is_legal b A1",
                "final_score",
                "komi 6.5",
                "name",
            ][r.below(5) as usize];
            // final_score judges the position (playouts and reading): one in five of its draws,
            // some 2,000 in the session (10,000 were two thirds of the test's 55 s, 2026-12-07)
            if c == "final_score" && r.below(5) != 0 {
                c = "showboard";
            }
            (c.as_bytes().to_vec(), Expect::Any)
        }
        // vertex off the board (GTP's largest board is 25)
        10 => (
            format!(
                "play {color} {}{}",
                COLS[r.below(25) as usize] as char,
                26 + r.below(1000)
            )
            .into_bytes(),
            Expect::Error,
        ),
        // huge numbers
        11 => {
            let n = [
                "99999999999999999999999",
                "-1",
                "4294967297",
                "1e400",
                "NaN",
            ][r.below(5) as usize];
            let c = ["boardsize", "fixed_handicap", "komi_x", "time_left b"][r.below(4) as usize];
            let expect = if c == "komi_x" {
                Expect::Error
            } else {
                Expect::Any
            };
            (format!("{c} {n}").into_bytes(), expect)
        }
        // wrong arity
        12 => {
            let c = [
                "play",
                "play b",
                "boardsize",
                "is_legal",
                "komi",
                "play b A1 A2 A3",
            ][r.below(6) as usize];
            (c.as_bytes().to_vec(), Expect::Error)
        }
        // unknown commands
        13 => (format!("zz_{:x}", r.next()).into_bytes(), Expect::Error),
        // binary garbage after a known command name
        14..=16 => {
            let mut b = b"play ".to_vec();
            for _ in 0..r.below(40) {
                let byte = r.below(256) as u8;
                if byte != b'\n' {
                    b.push(byte);
                }
            }
            (b, Expect::Any)
        }
        // pure binary garbage: answered unless preprocessing leaves nothing
        17..=18 => {
            let mut b = Vec::new();
            for _ in 0..1 + r.below(60) {
                let byte = r.below(256) as u8;
                if byte != b'\n' {
                    b.push(byte);
                }
            }
            return garbage(id, b);
        }
        // a rare overlong line
        _ if r.below(5000) == 0 => {
            return (
                vec![b'x'; MAX_LINE + 1 + r.below(1000) as usize],
                Expect::TooLong,
            );
        }
        _ => (b"protocol_version".to_vec(), Expect::Any),
    };
    let mut out = format!("{id} ").into_bytes();
    out.extend_from_slice(&body);
    (out, expect)
}

/// A garbage line: with a leading id when the id survives preprocessing, else expected by
/// what the engine's documented preprocessing leaves.
fn garbage(id: usize, mut b: Vec<u8>) -> (Vec<u8>, Expect) {
    if b.first().is_some_and(|c| c.is_ascii_digit()) || b.contains(&b'#') {
        // could merge with or hide an id: send it without one
        let text = String::from_utf8_lossy(&b);
        let e = if preprocess(&text).is_empty() {
            Expect::Nothing
        } else {
            Expect::AnyNoId
        };
        return (b, e);
    }
    let mut out = format!("{id} ").into_bytes();
    out.append(&mut b);
    (out, Expect::Any)
}

#[test]
fn million_hostile_lines_answered_in_order() {
    let n: usize = if cfg!(debug_assertions) {
        eprintln!("NOTE: debug build: 50,000 lines (the release test sends 1,000,000)");
        50_000
    } else {
        1_000_000
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .args(["gtp", "--playouts", "10"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen gtp");
    let mut stdin = child.stdin.take().unwrap();
    let mut r = Rng(0x9e37_79b9_7f4a_7c15);
    let mut expects = Vec::with_capacity(n);
    let mut lines = Vec::with_capacity(n);
    for id in 0..n {
        let (l, e) = line(&mut r, id);
        lines.push(l);
        expects.push((id, e));
    }
    let writer = std::thread::spawn(move || {
        let mut w = std::io::BufWriter::new(&mut stdin);
        for l in &lines {
            w.write_all(l).unwrap();
            w.write_all(b"\n").unwrap();
        }
        w.write_all(b"999999999 list_commands\n").unwrap();
        w.flush().unwrap();
        drop(w);
        drop(stdin);
    });
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut read_response = || -> Option<String> {
        let mut resp = String::new();
        loop {
            let mut l = String::new();
            if out.read_line(&mut l).unwrap() == 0 {
                return if resp.is_empty() { None } else { Some(resp) };
            }
            if l == "\n" {
                return Some(resp);
            }
            resp.push_str(&l);
        }
    };
    let (mut answered, mut errors) = (0usize, 0usize);
    for &(id, e) in &expects {
        if e == Expect::Nothing {
            continue;
        }
        let resp = read_response().unwrap_or_else(|| panic!("no response to line {id} ({e:?})"));
        answered += 1;
        let head = resp.split([' ', '\n']).next().unwrap_or("");
        match e {
            Expect::TooLong => assert!(
                resp.starts_with("? line longer than"),
                "line {id}: {resp:?}"
            ),
            Expect::Error => {
                assert_eq!(head, format!("?{id}"), "line {id} must fail: {resp:?}");
                assert!(
                    resp.len() > head.len() + 2,
                    "line {id}: error without a message"
                );
            }
            Expect::Any => {
                let ok = head == format!("={id}") || head == format!("?{id}");
                assert!(ok, "line {id}: response out of step: {resp:?}");
            }
            Expect::AnyNoId => {
                assert!(resp.starts_with(['=', '?']), "line {id}: {resp:?}");
            }
            Expect::Nothing => unreachable!(),
        }
        if resp.starts_with('?') {
            errors += 1;
        }
    }
    let last = read_response().expect("list_commands answered");
    let mut want = String::from("=999999999 ");
    want.push_str(&command_names().join("\n"));
    want.push('\n');
    assert_eq!(last, want, "list_commands after the abuse");
    assert!(
        read_response().is_none(),
        "extra output after the last response"
    );
    writer.join().unwrap();
    let status = child.wait_with_output().unwrap();
    assert!(
        status.status.success(),
        "tengen gtp exited with {:?}",
        status.status
    );
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(!stderr.contains("panicked"), "stderr: {stderr}");
    eprintln!("{n} lines: {answered} responses, {errors} errors");
    assert!(errors > n / 10 && answered > n * 9 / 10);
}
