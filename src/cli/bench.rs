//! `tengen bench`: measure the hot paths on this machine.

use std::time::Instant;

use clap::{Args, Subcommand};
use serde::Serialize;
use tengen::playout::{run_empty, PlayoutStats};
use tengen::{Board, Komi, Size};

use super::EXIT_USAGE;

/// Options of `tengen bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    what: BenchWhat,
}

#[derive(Subcommand, Debug)]
enum BenchWhat {
    /// Light random playouts from the empty board (light playout v1, komi 7.5).
    Playouts(PlayoutArgs),
}

#[derive(Args, Debug)]
struct PlayoutArgs {
    /// Board side (square board).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Number of playouts.
    #[arg(long, default_value_t = 100_000)]
    count: u64,
    /// Threads (each runs count/threads playouts with its own seed).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Random seed (thread i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct PlayoutReport {
    size: usize,
    playouts: u64,
    threads: usize,
    seconds: f64,
    pps: f64,
    ns_per_move: f64,
    mean_moves: f64,
    black_wins: f64,
}

/// Most threads `bench playouts` starts (the same bound as `replay --threads`).
const MAX_THREADS: usize = 1024;

/// Run the benchmark; returns the exit status.
pub fn run(args: &BenchArgs) -> i32 {
    match &args.what {
        BenchWhat::Playouts(a) => playouts(a),
    }
}

fn playouts(a: &PlayoutArgs) -> i32 {
    let size = match Size::square(a.size) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tengen bench playouts: {e}");
            return EXIT_USAGE;
        }
    };
    if a.threads == 0 || a.count == 0 {
        eprintln!("tengen bench playouts: --threads and --count must be at least 1");
        return EXIT_USAGE;
    }
    if a.threads > MAX_THREADS {
        eprintln!(
            "tengen bench playouts: --threads {} is more than the limit of {MAX_THREADS}",
            a.threads
        );
        return EXIT_USAGE;
    }
    let board = Board::new(size);
    let komi = Komi::from_half_points(15);
    let t0 = Instant::now();
    let mut total = PlayoutStats::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..a.threads)
            .map(|i| {
                let n =
                    a.count / a.threads as u64 + u64::from((i as u64) < a.count % a.threads as u64);
                let board = &board;
                s.spawn(move || run_empty(board, n, komi, a.seed.wrapping_add(i as u64)))
            })
            .collect();
        for h in handles {
            if let Ok(st) = h.join() {
                total.merge(&st);
            }
        }
    });
    let secs = t0.elapsed().as_secs_f64();
    let r = PlayoutReport {
        size: a.size,
        playouts: total.playouts,
        threads: a.threads,
        seconds: secs,
        pps: total.playouts as f64 / secs,
        ns_per_move: secs * 1e9 * a.threads as f64 / total.moves as f64,
        mean_moves: total.mean_moves(),
        black_wins: total.black_win_rate(),
    };
    if a.json {
        match serde_json::to_string(&r) {
            Ok(s) => println!("{s}"),
            Err(e) => {
                eprintln!("tengen bench: {e}");
                return 1;
            }
        }
    } else {
        println!(
            "{}x{}: {} playouts on {} thread(s) in {:.3} s: {:.0} playouts/s, {:.1} ns/move (per thread), {:.2} moves/playout, Black wins {:.2}%",
            a.size,
            a.size,
            r.playouts,
            r.threads,
            r.seconds,
            r.pps,
            r.ns_per_move,
            r.mean_moves,
            100.0 * r.black_wins
        );
    }
    0
}
