//! The judge of finished games against GNU Go's `final_score`, record by record, on records
//! with a counted result: `cargo run --release -p tengen-tools --example judge_vs_gnugo -- PATH... [--jobs N]`
//! (files and directories of `*.sgf`; GNU Go from Debian's `gnugo`).
//!
//! For each record: tengen's judgement of the final position (the record's rules, komi as
//! `tengen score` reads it, Fox's encoding included, captures, handicap and side to move; the
//! judge's default options), and GNU Go's `final_score` after `loadsgf` with the same komi and
//! `--japanese-rules` or `--chinese-rules` by the scoring. Both are compared with the record's
//! `RE` in points. Prints the records where either judge differs from the record, then the
//! agreement of each, of the better of the two per record (an upper bound for a judge that
//! always agrees with one of them), and how often both agree with each other but not with the
//! record. Time per position: the judge's own (in process), and GNU Go's GTP round trip of
//! `loadsgf` and `final_score`.

#[allow(dead_code)]
#[path = "../../crates/tengen-cli/tests/common/gnugo.rs"]
mod gnugo;

// the tests' switches (TENGEN_REQUIRE_GNUGO) and "not run" note, read by the GTP client
#[allow(dead_code)]
#[path = "../../crates/tengen-cli/tests/common/shared.rs"]
mod shared;
use shared::{not_run, required};

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use gnugo::GnuGo;
use tengen::judge::{judge, Options};
use tengen::score::GameResult;
use tengen::sgf::{ReplayOptions, Replayer};
use tengen::Scoring;

/// One record's three results.
struct Row {
    path: PathBuf,
    recorded: GameResult,
    tengen: GameResult,
    gnugo: Option<GameResult>,
    tengen_time: Duration,
    gnugo_time: Duration,
}

fn collect(p: &Path, out: &mut Vec<PathBuf>) {
    if p.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for e in entries {
            collect(&e, out);
        }
    } else if p.extension().is_some_and(|e| e == "sgf") {
        out.push(p.to_path_buf());
    }
}

/// GNU Go's answer to `final_score`: `B+3.5`, `W+0.5` or `0`.
fn parse_result(s: &str) -> Option<GameResult> {
    let s = s.trim();
    if s == "0" {
        return Some(GameResult::Draw);
    }
    tengen::sgf::result_in_points(s, false)
}

/// Judge one record with tengen and GNU Go; `None` when it has no counted result or does not
/// replay.
fn judge_one(path: &Path) -> Option<Row> {
    let bytes = std::fs::read(path).ok()?;
    let mut r = Replayer::new();
    let rep = r.replay(&bytes, &ReplayOptions::default()).ok()?;
    if rep.error.is_some() {
        return None;
    }
    // a counted win, as `tengen bench judge` takes them (Fox's `RE[0]` is no count: its komi
    // has a half point)
    let recorded @ GameResult::Win { .. } = rep.result_points? else {
        return None;
    };
    let t0 = Instant::now();
    let tengen = judge(&rep.position(r.board().clone()), &Options::default()).result();
    let tengen_time = t0.elapsed();
    let rules = match rep.rules.scoring {
        Scoring::Area => "--chinese-rules",
        Scoring::Territory => "--japanese-rules",
    };
    let mut g = GnuGo::start(&[rules])?;
    let t0 = Instant::now();
    // a record GNU Go refuses gets no result of its own (`?` in the listing), not a stop
    let gnugo = g
        .send(&format!("loadsgf {}", path.display()))
        .and_then(|_| g.send(&format!("komi {}", rep.rules.komi)))
        .and_then(|_| g.send("final_score"))
        .ok()
        .and_then(|s| parse_result(&s));
    let gnugo_time = t0.elapsed();
    Some(Row {
        path: path.to_path_buf(),
        recorded,
        tengen,
        gnugo,
        tengen_time,
        gnugo_time,
    })
}

fn median(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v.get(v.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn winner(r: GameResult) -> Option<tengen::Color> {
    match r {
        GameResult::Win { winner, .. } => Some(winner),
        GameResult::Draw => None,
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut jobs = 2usize;
    let mut files = Vec::new();
    while let Some(a) = args.next() {
        if a == "--jobs" {
            jobs = args
                .next()
                .and_then(|n| n.parse().ok())
                .filter(|&n| n > 0)
                .expect("--jobs takes a number of 1 or more");
        } else {
            collect(Path::new(&a), &mut files);
        }
    }
    if files.is_empty() {
        eprintln!("usage: judge_vs_gnugo PATH... [--jobs N] (no *.sgf found)");
        std::process::exit(2);
    }
    if gnugo::find().is_none() {
        eprintln!("GNU Go is not installed (apt-get install gnugo)");
        std::process::exit(2);
    }
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut rows: Vec<(usize, Row)> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..jobs)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(f) = files.get(i) else { break };
                        if let Some(row) = judge_one(f) {
                            mine.push((i, row));
                        }
                    }
                    mine
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("worker"))
            .collect()
    });
    rows.sort_by_key(|(i, _)| *i);
    let n = rows.len();
    let (mut tw, mut te, mut gw, mut ge, mut either, mut both) = (0, 0, 0, 0, 0, 0);
    for (_, r) in &rows {
        let t_ok = r.tengen == r.recorded;
        let g_ok = r.gnugo == Some(r.recorded);
        tw += usize::from(winner(r.tengen) == winner(r.recorded));
        gw += usize::from(r.gnugo.map(winner) == Some(winner(r.recorded)));
        te += usize::from(t_ok);
        ge += usize::from(g_ok);
        either += usize::from(t_ok || g_ok);
        both += usize::from(!t_ok && !g_ok && r.gnugo == Some(r.tengen));
        if !t_ok || !g_ok {
            let gs = r.gnugo.map_or("?".to_string(), |g| g.to_string());
            println!(
                "{}: recorded {} tengen {} gnugo {}",
                r.path.display(),
                r.recorded,
                r.tengen,
                gs
            );
        }
    }
    let pct = |k: usize| 100.0 * k as f64 / n.max(1) as f64;
    println!("records with a counted result: {n}");
    println!(
        "tengen: winner {tw} ({:.1}%), exact {te} ({:.1}%), median {:.2} ms per position",
        pct(tw),
        pct(te),
        median(rows.iter().map(|(_, r)| r.tengen_time).collect())
    );
    println!(
        "gnugo:  winner {gw} ({:.1}%), exact {ge} ({:.1}%), median {:.0} ms per position",
        pct(gw),
        pct(ge),
        median(rows.iter().map(|(_, r)| r.gnugo_time).collect())
    );
    println!(
        "exact by one or the other: {either} ({:.1}%); both agree with each other, not with the record: {both}",
        pct(either)
    );
}
