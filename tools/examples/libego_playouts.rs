//! Light playouts, tengen beside libego, in interleaved rounds: CPU nanoseconds per move of
//! each, and (when valgrind is installed) instructions per move from callgrind, with the
//! ratios. It builds nothing: it runs a libego engine built elsewhere and tengen's own
//! benchmark binary.
//!
//! ```text
//! cargo build --release -p tengen-cli -p tengen-tools --example libego_playouts
//! ./target/release/examples/libego_playouts LIBEGO_ENGINE SIZE [ROUNDS] [KPLAYOUTS] [TENGEN]
//! ```
//!
//! - `LIBEGO_ENGINE`: libego's `engine` binary, built with `BOARDSIZE=SIZE` (libego fixes the
//!   board size at compile time). Each round runs `ENGINE --benchmark KPLAYOUTS` (that many
//!   thousand playouts from the empty board) and reads its "N playouts in S seconds", which
//!   libego measures as process user time.
//! - `TENGEN`: the `tengen` binary (default: `../tengen` beside this example, where
//!   `cargo build --release` puts both). Each round runs `tengen bench playouts --size SIZE
//!   --count N --threads 1 --rounds 1 --json` with the same number of playouts and reads its
//!   CPU time (the thread's, around the playouts only).
//! - `ROUNDS` (default 7): the two alternate which goes first from round to round; medians
//!   are printed. `KPLAYOUTS` defaults to 20 on 9x9 and 5 on 19x19.
//!
//! Both run the same light-playout policy (uniform among the empty points that are not a
//! one-point eye of the mover, by the same eye test, and legal under simple ko with suicide
//! forbidden; two passes end a playout; libego also stops at 2·N² moves, tengen at 3·N²).
//! libego prints no move count, so its nanoseconds and instructions per move are per the
//! mean move count tengen measures on the same board (the same policy: the same mean up to
//! the rare playouts cut at the move limit).
//!
//! Instructions per move come from two callgrind runs of each program with different
//! playout counts: the difference of the instruction totals over the difference of the moves,
//! so start-up and everything outside the playouts cancel out. valgrind cannot run every
//! instruction a `-march=native` build may use (AVX-512 on recent CPUs): such a run dies of
//! SIGILL and is reported as an error, so build the libego you count for an older target
//! (`-march=x86-64-v3`, say).

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// One benchmark run's figures: CPU seconds and playouts (and tengen's mean moves).
struct Run {
    seconds: f64,
    playouts: f64,
    mean_moves: Option<f64>,
}

fn run_libego(engine: &Path, kplayouts: u64) -> Result<Run, String> {
    let out = Command::new(engine)
        .args(["--benchmark", &kplayouts.to_string()])
        .output()
        .map_err(|e| format!("cannot run {}: {e}", engine.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    // "200000 playouts in 4.52 seconds"
    let line = text
        .lines()
        .find(|l| l.contains(" playouts in "))
        .ok_or_else(|| format!("{}: no \"playouts in\" line in {text:?}", engine.display()))?;
    let words: Vec<&str> = line.split_whitespace().collect();
    let num = |i: usize| -> Result<f64, String> {
        words
            .get(i)
            .and_then(|w| w.parse().ok())
            .ok_or_else(|| format!("{}: cannot read {line:?}", engine.display()))
    };
    Ok(Run {
        playouts: num(0)?,
        seconds: num(3)?,
        mean_moves: None,
    })
}

fn tengen_args(size: usize, playouts: u64) -> Vec<String> {
    ["bench", "playouts", "--size", &size.to_string(), "--count"]
        .iter()
        .map(|s| s.to_string())
        .chain([playouts.to_string()])
        .chain(["--threads", "1", "--rounds", "1", "--json"].map(String::from))
        .collect()
}

/// The number `key` of a flat JSON object printed by `tengen bench --json`.
fn json_number(text: &str, key: &str) -> Option<f64> {
    let at = text.find(&format!("\"{key}\":"))? + key.len() + 3;
    let rest = &text[at..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

fn run_tengen(tengen: &Path, size: usize, playouts: u64) -> Result<Run, String> {
    let out = Command::new(tengen)
        .args(tengen_args(size, playouts))
        .output()
        .map_err(|e| format!("cannot run {}: {e}", tengen.display()))?;
    let text = String::from_utf8_lossy(&out.stdout);
    let get = |k: &str| {
        json_number(&text, k).ok_or_else(|| format!("{}: no {k} in {text:?}", tengen.display()))
    };
    Ok(Run {
        seconds: get("cpu_seconds")?,
        playouts: get("playouts")?,
        mean_moves: Some(get("mean_moves")?),
    })
}

/// Instructions counted by callgrind for `program args` (its "Collected" total), or `None`
/// when valgrind is not installed.
fn callgrind(program: &Path, args: &[String]) -> Option<Result<f64, String>> {
    let out = match Command::new("valgrind")
        .args(["--tool=callgrind", "--callgrind-out-file=/dev/null"])
        .arg(program)
        .args(args)
        .output()
    {
        Ok(o) => o,
        Err(_) => return None,
    };
    let err = String::from_utf8_lossy(&out.stderr);
    if !out.status.success() {
        // e.g. a build for `-march=native` that uses instructions valgrind cannot run (SIGILL):
        // its "Collected" total covers only the start-up and would read as a count
        let why: Vec<&str> = err
            .lines()
            .filter(|l| l.contains("Process terminating") || l.contains("Illegal"))
            .collect();
        return Some(Err(format!(
            "callgrind of {} {}: the program failed ({}){}",
            program.display(),
            args.join(" "),
            out.status,
            if why.is_empty() {
                String::new()
            } else {
                format!(": {}", why.join("; "))
            }
        )));
    }
    Some(
        err.lines()
            .find_map(|l| l.split("Collected :").nth(1))
            .and_then(|n| n.trim().parse().ok())
            .ok_or_else(|| format!("callgrind of {}: no total in {err:?}", program.display())),
    )
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("libego_playouts: {e}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: libego_playouts LIBEGO_ENGINE SIZE [ROUNDS] [KPLAYOUTS] [TENGEN]";
    let engine = PathBuf::from(args.first().ok_or(usage)?);
    let size: usize = args
        .get(1)
        .and_then(|s| s.parse().ok())
        .filter(|s| (2..=19).contains(s))
        .ok_or(format!("{usage}: SIZE must be 2 to 19 (libego's range)"))?;
    let number = |i: usize, default: u64| -> Result<u64, String> {
        args.get(i).map_or(Ok(default), |s| {
            s.parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or(format!("{usage}: {s:?} is not a positive number"))
        })
    };
    let rounds = number(2, 7)? as usize;
    let kplayouts = number(3, if size <= 9 { 20 } else { 5 })?;
    let tengen = match args.get(4) {
        Some(p) => PathBuf::from(p),
        None => std::env::current_exe()
            .map_err(|e| format!("cannot find this program's path: {e}"))?
            .parent()
            .and_then(Path::parent)
            .map(|d| d.join("tengen"))
            .ok_or("cannot find the tengen binary: give it as TENGEN")?,
    };
    let playouts = kplayouts * 1000;
    println!(
        "{size}x{size}: {rounds} interleaved rounds of {playouts} playouts each, one thread; libego {}, tengen {}",
        engine.display(),
        tengen.display()
    );
    let (mut ego_ns, mut ten_ns, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    for r in 0..rounds {
        let (e, t) = if r % 2 == 0 {
            let e = run_libego(&engine, kplayouts)?;
            (e, run_tengen(&tengen, size, playouts)?)
        } else {
            let t = run_tengen(&tengen, size, playouts)?;
            (run_libego(&engine, kplayouts)?, t)
        };
        let m = t.mean_moves.unwrap_or(1.0);
        let en = e.seconds * 1e9 / (e.playouts * m);
        let tn = t.seconds * 1e9 / (t.playouts * m);
        println!(
            "round {}: libego {en:.1} ns/move, tengen {tn:.1} ns/move, ratio {:.3}",
            r + 1,
            en / tn
        );
        ego_ns.push(en);
        ten_ns.push(tn);
        moves.push(m);
    }
    let (en, tn, m) = (median(ego_ns), median(ten_ns), median(moves));
    println!(
        "medians: libego {en:.1} ns/move, tengen {tn:.1} ns/move (CPU time; {m:.2} moves/playout): tengen is {:.3}x libego",
        en / tn
    );
    // instructions: two counts each, the difference per move
    let small = (kplayouts / 4).max(1);
    let large = small * 2;
    let ego = |k: u64| callgrind(&engine, &["--benchmark".to_string(), k.to_string()]);
    let ten = |k: u64| callgrind(&tengen, &tengen_args(size, k * 1000));
    let (Some(e1), Some(e2), Some(t1), Some(t2)) = (ego(small), ego(large), ten(small), ten(large))
    else {
        println!("instructions: valgrind not installed, skipped");
        return Ok(());
    };
    let moves_between = (large - small) as f64 * 1000.0 * m;
    let grown = |name: &str, a: f64, b: f64| {
        if b > a {
            Ok((b - a) / moves_between)
        } else {
            Err(format!(
                "{name}: callgrind counted {b} instructions for {large}k playouts and {a} for \
                 {small}k: the playouts did not run"
            ))
        }
    };
    let ei = grown("libego", e1?, e2?)?;
    let ti = grown("tengen", t1?, t2?)?;
    println!(
        "instructions (callgrind, {}k minus {}k playouts): libego {ei:.0}/move, tengen {ti:.0}/move: ratio {:.3}",
        large,
        small,
        ei / ti
    );
    Ok(())
}
