//! Start-up cost of `tengen move` against a spawn of `true`, side by side in one run.
//!
//! ```sh
//! cargo build --release && cargo run --release -p tengen-tools --example startup -- \
//!     [--tengen target/release/tengen] [--problem examples/move/19x19.in] [--runs 1000] \
//!     [--also 'PROGRAM ARGS']...
//! ```
//!
//! Each round spawns `true` (found on `PATH`), then `tengen move` with the problem file on
//! stdin, then each `--also` command (a program and its arguments separated by spaces, with
//! the same stdin), in turn, so that a change in the
//! machine's load falls on all of them alike. Every spawn has stdout and stderr on /dev/null
//! and is timed from spawn to exit (`std::process::Command`, posix_spawn on Linux). Prints the
//! median, the 10th and 90th percentiles of each and the ratio of the medians to `true`.
//! The answer of `tengen move` is checked once before timing (it must print `1` or `0`).

use std::fs::File;
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

struct Subject {
    name: String,
    program: PathBuf,
    args: Vec<String>,
    micros: Vec<f64>,
}

fn usage() -> ExitCode {
    eprintln!(
        "usage: startup [--tengen PATH] [--problem FILE] [--runs N] [--also 'PROGRAM ARGS']...\n\
         defaults: target/release/tengen, examples/move/19x19.in, 1000 runs"
    );
    ExitCode::from(2)
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * q).round() as usize]
}

fn main() -> ExitCode {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut tengen = root.join("target/release/tengen");
    let mut problem = root.join("examples/move/19x19.in");
    let mut runs = 1000usize;
    let mut also = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let Some(value) = args.next() else {
            return usage();
        };
        match a.as_str() {
            "--tengen" => tengen = value.into(),
            "--problem" => problem = value.into(),
            "--also" => also.push(value),
            "--runs" => match value.parse() {
                Ok(n) if n > 0 => runs = n,
                _ => {
                    eprintln!("startup: --runs wants a positive number, not {value:?}");
                    return ExitCode::from(2);
                }
            },
            _ => return usage(),
        }
    }
    let stdin = || File::open(&problem);
    if let Err(e) = stdin() {
        eprintln!("startup: cannot open {}: {e}", problem.display());
        return ExitCode::from(2);
    }
    // One checked run: the binary exists and answers the problem.
    match Command::new(&tengen)
        .arg("move")
        .stdin(stdin().expect("opened above"))
        .output()
    {
        Ok(out) if out.status.success() && matches!(out.stdout.first(), Some(b'0' | b'1')) => {}
        Ok(out) => {
            eprintln!(
                "startup: {} move did not answer the problem ({}): {}",
                tengen.display(),
                out.status,
                String::from_utf8_lossy(&out.stderr)
            );
            return ExitCode::FAILURE;
        }
        Err(e) => {
            eprintln!("startup: cannot run {}: {e}", tengen.display());
            return ExitCode::FAILURE;
        }
    }
    let mut subjects = vec![
        Subject {
            name: "true".into(),
            program: "true".into(),
            args: vec![],
            micros: vec![],
        },
        Subject {
            name: "tengen move".into(),
            program: tengen.clone(),
            args: vec!["move".into()],
            micros: vec![],
        },
    ];
    for line in also {
        let mut words = line.split_whitespace().map(String::from);
        let Some(program) = words.next() else {
            return usage();
        };
        subjects.push(Subject {
            name: line.clone(),
            program: program.into(),
            args: words.collect(),
            micros: vec![],
        });
    }
    // A few rounds to warm the page cache, not counted.
    for round in 0..runs + 20 {
        for s in &mut subjects {
            let input = match stdin() {
                Ok(f) => f,
                Err(e) => {
                    eprintln!("startup: cannot open {}: {e}", problem.display());
                    return ExitCode::FAILURE;
                }
            };
            let t = Instant::now();
            let status = Command::new(&s.program)
                .args(&s.args)
                .stdin(input)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status();
            let dt = t.elapsed().as_secs_f64() * 1e6;
            match status {
                Ok(st) if st.success() => {}
                Ok(st) => {
                    eprintln!("startup: {} exited with {st}", s.name);
                    return ExitCode::FAILURE;
                }
                Err(e) => {
                    eprintln!("startup: cannot run {}: {e}", s.name);
                    return ExitCode::FAILURE;
                }
            }
            if round >= 20 {
                s.micros.push(dt);
            }
        }
    }
    let mut base = 0.0;
    println!("{runs} interleaved runs; times from spawn to exit, in microseconds");
    println!(
        "{:<24} {:>9} {:>9} {:>9} {:>8}",
        "program", "median", "p10", "p90", "ratio"
    );
    for (i, s) in subjects.iter_mut().enumerate() {
        s.micros.sort_by(f64::total_cmp);
        let med = percentile(&s.micros, 0.5);
        if i == 0 {
            base = med;
        }
        println!(
            "{:<24} {:>9.0} {:>9.0} {:>9.0} {:>8.2}",
            s.name,
            med,
            percentile(&s.micros, 0.1),
            percentile(&s.micros, 0.9),
            med / base
        );
    }
    ExitCode::SUCCESS
}
