//! GNU Go's regression suite for the reading commands, tengen beside GNU Go in one run:
//!
//! ```text
//! cargo build --release -p tengen-cli
//! cargo run --release -p tengen-tools --example gtp_regression -- REGRESSION_DIR \
//!     [--files reading.tst,owl.tst] [--commands attack,defend,owl_attack,owl_defend] \
//!     [--tengen target/release/tengen] [--gnugo PATH] [--list] [--misses]
//! ```
//!
//! `REGRESSION_DIR` is the `regression/` folder of GNU Go's sources (its `*.tst` files and the
//! `games/` they load); nothing of it is in this repository (it is GPL). Each file is played
//! through both engines over GTP, from that folder (the files' `loadsgf games/...` paths are
//! relative to it): the unnumbered lines set the position up (`loadsgf`, `play`, `undo`, and
//! GNU Go's `trymove`/`popgo`, which tengen gets as `play`/`undo`), and each numbered question
//! of the chosen commands is asked of tengen and then of GNU Go. An answer is right when it
//! matches the file's expected answer as GNU Go's `regress.awk` matches it (the pattern in
//! `#? [...]` anchored at both ends, `!` negating it; a question marked `&` is not counted).
//! Questions of other commands are not asked of either engine, so both stay on the same
//! position.
//!
//! Printed: per command, the questions, each engine's right answers and share, and each
//! engine's median wall time per question (the GTP round trip included for both); `--list`
//! prints every question where the two engines' verdicts differ, `--misses` every question
//! tengen answers wrongly (with its time). Last, each command split in two halves of its
//! questions (by a hash of `file:number`), to choose a constant on one half and check it on
//! the other. Wall time, because GNU Go
//! is another process; run it on a quiet machine, and read the medians.

#[allow(dead_code)]
#[path = "../../crates/tengen-cli/tests/common/gnugo.rs"]
mod gnugo;
#[allow(dead_code)]
#[path = "../../crates/tengen-cli/tests/common/shared.rs"]
mod shared;
use shared::{not_run, required};

use gnugo::GnuGo;
use regex::Regex;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// One command's tally.
#[derive(Default)]
struct Tally {
    questions: usize,
    right: [usize; 2],
    times: [Vec<Duration>; 2],
    /// Questions tengen could not answer (an error, or a position it could not set up).
    tengen_errors: usize,
    /// Per half of the questions ([`half`]): the questions and each engine's right answers.
    halves: [(usize, [usize; 2]); 2],
}

/// The half (0 or 1) a question falls in: the low bit of the FNV-1a hash of `file:number`
/// (`reading.tst:27`), a split of the suite to choose a constant on one half and check it on
/// the other.
fn half(file: &str, number: &str) -> usize {
    let mut h: u32 = 0x811c_9dc5;
    for b in format!("{file}:{number}").bytes() {
        h = (h ^ b as u32).wrapping_mul(0x0100_0193);
    }
    (h & 1) as usize
}

/// What the expected-answer line of a question asks for.
struct Expected {
    re: Regex,
    negate: bool,
    text: String,
}

impl Expected {
    /// `#? [PATTERN]` with optional trailing `*` (a known failure of GNU Go's) and `&` (not
    /// counted): `None` for `&` or a line that is not an expectation.
    fn parse(line: &str) -> Option<Expected> {
        let rest = line.strip_prefix("#?")?.trim();
        let rest = rest.strip_prefix('[')?;
        let end = rest.rfind(']')?;
        if rest[end + 1..].contains('&') {
            return None;
        }
        let pat = &rest[..end];
        let (negate, pat) = match pat.strip_prefix('!') {
            Some(p) => (true, p),
            None => (false, pat),
        };
        let re = Regex::new(&format!("^(?:{pat})$")).ok()?;
        Some(Expected {
            re,
            negate,
            text: pat.to_string(),
        })
    }

    fn accepts(&self, answer: &str) -> bool {
        self.re.is_match(answer) != self.negate
    }
}

fn median(v: &mut [Duration]) -> Duration {
    if v.is_empty() {
        return Duration::ZERO;
    }
    v.sort();
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut dir = None;
    let mut files: Option<Vec<String>> = None;
    let mut commands: Vec<String> = ["attack", "defend", "owl_attack", "owl_defend"]
        .map(String::from)
        .to_vec();
    let mut tengen = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/tengen");
    let mut gnugo_bin = gnugo::find();
    let mut list = false;
    let mut misses = false;
    while let Some(a) = args.next() {
        let mut value = |name: &str| {
            args.next().unwrap_or_else(|| {
                eprintln!("{name} needs a value");
                std::process::exit(2)
            })
        };
        match a.as_str() {
            "--files" => files = Some(value("--files").split(',').map(String::from).collect()),
            "--commands" => commands = value("--commands").split(',').map(String::from).collect(),
            "--tengen" => tengen = PathBuf::from(value("--tengen")),
            "--gnugo" => gnugo_bin = Some(PathBuf::from(value("--gnugo"))),
            "--list" => list = true,
            "--misses" => misses = true,
            _ if dir.is_none() && !a.starts_with("--") => dir = Some(PathBuf::from(a)),
            _ => {
                eprintln!("unknown argument {a:?} (see the doc comment of gtp_regression.rs)");
                std::process::exit(2);
            }
        }
    }
    let Some(dir) = dir else {
        eprintln!("usage: gtp_regression REGRESSION_DIR [--files A.tst,B.tst] [--commands C,D] [--tengen PATH] [--gnugo PATH] [--list] [--misses]");
        std::process::exit(2);
    };
    let tengen = std::path::absolute(&tengen).unwrap_or(tengen);
    if !tengen.is_file() {
        eprintln!(
            "{} is not built (cargo build --release -p tengen-cli)",
            tengen.display()
        );
        std::process::exit(2);
    }
    let Some(gnugo_bin) = gnugo_bin else {
        if required("TENGEN_REQUIRE_GNUGO") {
            panic!("GNU Go is not installed and TENGEN_REQUIRE_GNUGO is set");
        }
        not_run("GNU Go is not installed (apt-get install gnugo)");
        std::process::exit(2);
    };
    if let Err(e) = std::env::set_current_dir(&dir) {
        eprintln!("{}: {e}", dir.display());
        std::process::exit(2);
    }
    let files = files.unwrap_or_else(|| {
        let mut v: Vec<String> = std::fs::read_dir(".")
            .expect("read the regression folder")
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter(|n| n.ends_with(".tst"))
            .collect();
        v.sort();
        v
    });
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    for file in &files {
        let text = match std::fs::read(file) {
            Ok(b) => String::from_utf8_lossy(&b).into_owned(),
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(2);
            }
        };
        if !text.lines().any(|l| {
            let mut w = l.split_whitespace();
            w.next().is_some_and(|n| n.parse::<u32>().is_ok())
                && w.next().is_some_and(|c| commands.iter().any(|x| x == c))
        }) {
            continue;
        }
        let mut t = GnuGo::spawn(&tengen, &["gtp"]);
        let mut g = GnuGo::spawn(&gnugo_bin, &["--mode", "gtp", "--quiet"]);
        // tengen's position is unusable from a failed set-up command to the next loadsgf
        let mut tengen_broken = false;
        let lines: Vec<&str> = text.lines().collect();
        for (i, raw) in lines.iter().enumerate() {
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let words: Vec<&str> = line.split_whitespace().collect();
            if words[0].parse::<u32>().is_ok() {
                let Some(cmd) = words.get(1) else { continue };
                if !commands.iter().any(|c| c == cmd) {
                    continue;
                }
                let Some(exp) = lines[i + 1..]
                    .iter()
                    .find(|l| l.starts_with("#?"))
                    .and_then(|l| Expected::parse(l))
                else {
                    continue;
                };
                let q = words[1..].join(" ");
                let tally = tallies.entry(cmd.to_string()).or_default();
                tally.questions += 1;
                let mut answers = [String::new(), String::new()];
                for (k, e) in [&mut t, &mut g].into_iter().enumerate() {
                    if k == 0 && tengen_broken {
                        answers[0] = "? position not set up".into();
                        continue;
                    }
                    let t0 = Instant::now();
                    let a = e.send(&q);
                    tally.times[k].push(t0.elapsed());
                    answers[k] = match a {
                        Ok(a) => a,
                        Err(m) => format!("? {m}"),
                    };
                }
                if answers[0].starts_with('?') {
                    tally.tengen_errors += 1;
                }
                let ok = [exp.accepts(&answers[0]), exp.accepts(&answers[1])];
                for (right, ok) in tally.right.iter_mut().zip(ok) {
                    *right += ok as usize;
                }
                let hv = &mut tally.halves[half(file, words[0])];
                hv.0 += 1;
                for (right, ok) in hv.1.iter_mut().zip(ok) {
                    *right += ok as usize;
                }
                if (list && ok[0] != ok[1]) || (misses && !ok[0]) {
                    let ms = tally.times[0].last().map_or(0.0, |t| t.as_secs_f64() * 1e3);
                    println!(
                        "{file}:{} {q}: expected [{}{}], tengen {:?}{} ({ms:.1} ms), GNU Go {:?}{}",
                        words[0],
                        if exp.negate { "!" } else { "" },
                        exp.text,
                        answers[0],
                        if ok[0] { " (right)" } else { "" },
                        answers[1],
                        if ok[1] { " (right)" } else { "" },
                    );
                }
                continue;
            }
            // a set-up line, for both engines (tengen has GNU Go's trymove/popgo as play/undo,
            // and no search depths to change)
            let tengen_line = match words[0] {
                "trymove" => Some(format!("play {}", words[1..].join(" "))),
                "popgo" => Some("undo".to_string()),
                "black" | "white" => Some(format!("play {line}")),
                "increase_depths" | "decrease_depths" => None,
                _ => Some(line.to_string()),
            };
            if words[0] == "loadsgf" {
                tengen_broken = false;
            }
            if let Some(l) = tengen_line {
                if !tengen_broken && t.send(&l).is_err() {
                    tengen_broken = true;
                }
            }
            let _ = g.send(line);
        }
    }
    println!(
        "{:<12} {:>9} {:>14} {:>14} {:>12} {:>12} {:>8}",
        "command",
        "questions",
        "tengen right",
        "GNU Go right",
        "tengen med",
        "GNU Go med",
        "t errors"
    );
    for (cmd, t) in &mut tallies {
        let n = t.questions.max(1) as f64;
        println!(
            "{:<12} {:>9} {:>8} {:>4.1}% {:>8} {:>4.1}% {:>9.3} ms {:>9.3} ms {:>8}",
            cmd,
            t.questions,
            t.right[0],
            100.0 * t.right[0] as f64 / n,
            t.right[1],
            100.0 * t.right[1] as f64 / n,
            median(&mut t.times[0]).as_secs_f64() * 1e3,
            median(&mut t.times[1]).as_secs_f64() * 1e3,
            t.tengen_errors
        );
    }
    println!("halves (FNV-1a of file:number): questions, tengen right, GNU Go right");
    for (cmd, t) in &tallies {
        let [(n0, r0), (n1, r1)] = t.halves;
        println!(
            "{:<12} half 0: {:>4} {:>4} {:>4}   half 1: {:>4} {:>4} {:>4}",
            cmd, n0, r0[0], r0[1], n1, r1[0], r1[1]
        );
    }
}
