//! The judge of finished games against known answers: the counted results of SGF records and
//! OGS's score-estimator (`*.game`) and autoscore (`*.json`) sets.
//!
//! ```sh
//! cargo run --release -p tengen-tools --example bench_judge -- ../shared/data/sgf/fox-pro ../shared/data/scoring
//! ```
//!
//! Options: `--playouts N` (default: the judge's), `--without STAGE,...` (turn stages of
//! the judge off: `certain`, `estimated`, `read`, `seki`, `finish`; see `tengen::judge`),
//! `--half odd|even|all` (the files at odd or
//! even indices of each path: odd is the development half on which the judge's constants are
//! chosen, even the half they are reported on), `--misses` (list every position the judge
//! gets wrong), `--json` (one JSON object instead of text).

use std::path::PathBuf;
use std::process::ExitCode;

use tengen::judge::Stages;
use tengen_tools::judge_sets::{evaluate, Half, Report, Settings};

fn main() -> ExitCode {
    let mut paths = Vec::new();
    let mut settings = Settings::default();
    let (mut json, mut misses) = (false, false);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--json" => json = true,
            "--misses" => misses = true,
            "--playouts" => match args.next().and_then(|n| n.parse().ok()) {
                Some(n) => settings.judge.playouts = n,
                None => {
                    eprintln!("bench_judge: --playouts needs a whole number");
                    return ExitCode::from(2);
                }
            },
            "--without" => {
                match args.next().map(|s| Stages::parse(&s)) {
                    Some(Ok(s)) => settings.judge.without = s,
                    Some(Err(e)) => {
                        eprintln!("bench_judge: --without: {e}");
                        return ExitCode::from(2);
                    }
                    None => {
                        eprintln!("bench_judge: --without needs stages (certain,estimated,read,seki,finish)");
                        return ExitCode::from(2);
                    }
                }
            }
            "--half" => match args.next().as_deref().and_then(Half::from_name) {
                Some(h) => settings.half = h,
                None => {
                    eprintln!("bench_judge: --half needs odd, even or all");
                    return ExitCode::from(2);
                }
            },
            _ => paths.push(PathBuf::from(a)),
        }
    }
    if paths.is_empty() {
        eprintln!(
            "usage: bench_judge [--playouts N] [--without STAGE,...] [--half odd|even|all] [--misses] [--json] PATHS..."
        );
        return ExitCode::from(2);
    }
    let rep = match evaluate(
        &paths,
        &settings,
        &mut |p| {
            eprintln!(
                "bench_judge: note: {}: a symbolic link to a directory, not followed",
                p.display()
            )
        },
        &mut |name, why| eprintln!("bench_judge: {name}: {why}"),
    ) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("bench_judge: {e}");
            return ExitCode::from(2);
        }
    };
    if json {
        match serde_json::to_string(&rep) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("bench_judge: {e}");
                return ExitCode::FAILURE;
            }
        }
    } else {
        print_text(&rep, misses);
    }
    ExitCode::SUCCESS
}

fn print_text(rep: &Report, misses: bool) {
    if misses {
        for m in &rep.misses {
            println!("miss {m}");
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    if rep.counted > 0 {
        println!(
            "records: {} counted of {}; winner right {} ({:.1}%), exact {} ({:.1}%), mean abs error {:.2}",
            rep.counted,
            rep.records,
            rep.winner_right,
            pct(rep.winner_right, rep.counted),
            rep.exact,
            pct(rep.exact, rep.counted),
            rep.mean_abs_error
        );
    }
    if rep.estimator_positions > 0 {
        println!(
            "score-estimator positions: {} of {} exactly right",
            rep.estimator_exact, rep.estimator_positions
        );
    }
    if rep.autoscore_positions > 0 {
        println!(
            "autoscore positions: {} of {} with every stone right, {} with every point right",
            rep.autoscore_stones_right, rep.autoscore_positions, rep.autoscore_points_right
        );
    }
    let positions: usize = rep.by_size.iter().map(|t| t.positions).sum();
    println!(
        "{positions} positions, {:.2} ms per position",
        rep.ms_per_position
    );
    for t in &rep.by_size {
        println!(
            "  {}: {} positions, {:.2} ms per position, median {:.2} ms",
            t.size, t.positions, t.ms_per_position, t.median_ms
        );
    }
}
