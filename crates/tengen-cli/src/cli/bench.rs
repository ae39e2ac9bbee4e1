//! `tengen bench`: measure the hot paths on this machine.

use std::time::Instant;

use clap::{Args, Subcommand};
use serde::Serialize;
use std::path::PathBuf;

use tengen::mcts::{Search, SearchLimits};
use tengen::playout::{run_empty, Playout, PlayoutStats, Rng};
use tengen::sgf::{ReplayOptions, Replayer};
use tengen::territory::TerritoryMap;
use tengen::{Board, Color, Game, Komi, Preset, Size};

use super::args::{outln, ThreadsArg};
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
    /// SGF replay (scan + check + play every move) of files read into memory first.
    Replay(ReplayBenchArgs),
    /// Territory of whole boards: random-playout final positions, one linear pass each.
    Territory(TerritoryBenchArgs),
    /// The tree search behind GTP's genmove and kata-analyze: one search of --playouts from
    /// the empty board per round.
    Search(SearchBenchArgs),
}

#[derive(Args, Debug)]
struct ReplayBenchArgs {
    /// SGF files, and directories searched recursively for `*.sgf`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Timed rounds over all files (the median is reported).
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Worker threads, each with its own replayer (files shared out as the Python binding's
    /// `replay_many` does, without Python): the reference for its thread scaling.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct SearchBenchArgs {
    /// Board side (square board).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Playouts per search.
    #[arg(long, default_value_t = 10_000)]
    playouts: u32,
    /// Timed searches (the median is reported).
    #[arg(long, default_value_t = 5)]
    rounds: usize,
    /// Random seed of the first search (round i uses seed + i).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct SearchReport {
    size: usize,
    playouts: u32,
    rounds: usize,
    seconds: f64,
    pps: f64,
}

fn search(a: &SearchBenchArgs) -> i32 {
    let size = match Size::square(a.size) {
        Ok(s) if a.rounds > 0 && a.playouts > 0 => s,
        _ => {
            eprintln!(
                "tengen bench search: --size must be 1 to {}, --rounds and --playouts at least 1",
                tengen::MAX_SIZE
            );
            return EXIT_USAGE;
        }
    };
    let game = Game::new(size, Preset::Chinese.rules());
    let limits = SearchLimits {
        playouts: a.playouts,
        time: None,
    };
    let mut times = Vec::new();
    for i in 0..a.rounds {
        // a fresh generator per round, as a new game's search would have
        let mut engine = Search::new(game.board(), a.seed.wrapping_add(i as u64));
        let t0 = Instant::now();
        let r = engine.run(&game, limits, false);
        times.push(t0.elapsed().as_secs_f64());
        debug_assert_eq!(r.playouts, a.playouts);
    }
    let secs = median(times);
    let r = SearchReport {
        size: a.size,
        playouts: a.playouts,
        rounds: a.rounds,
        seconds: secs,
        pps: a.playouts as f64 / secs,
    };
    if a.json {
        return print_json(&r);
    }
    outln!(
        "bench",
        "search {}x{}: {} playouts in {:.3} s (median of {}): {:.0} playouts/s",
        r.size,
        r.size,
        r.playouts,
        r.seconds,
        r.rounds,
        r.pps
    );
    0
}

#[derive(Args, Debug)]
struct TerritoryBenchArgs {
    /// Board side (square board).
    #[arg(long, default_value_t = 19)]
    size: usize,
    /// Number of distinct final positions (from playouts with seeds 1..=count).
    #[arg(long, default_value_t = 200)]
    count: u64,
    /// Timed rounds over all positions (the median is reported).
    #[arg(long, default_value_t = 20)]
    rounds: usize,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Args, Debug)]
struct PlayoutArgs {
    /// Board side (square board).
    #[arg(long, default_value_t = 9)]
    size: usize,
    /// Number of playouts.
    #[arg(long, default_value_t = 100_000)]
    count: u64,
    // --threads: each thread runs count/threads playouts with its own seed
    #[command(flatten)]
    threads: ThreadsArg,
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

/// Run the benchmark; returns the exit status.
pub fn run(args: &BenchArgs) -> i32 {
    match &args.what {
        BenchWhat::Playouts(a) => playouts(a),
        BenchWhat::Replay(a) => replay(a),
        BenchWhat::Territory(a) => territory(a),
        BenchWhat::Search(a) => search(a),
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn print_json<T: Serialize>(v: &T) -> i32 {
    match serde_json::to_string(v) {
        Ok(s) => {
            outln!("bench", "{s}");
            0
        }
        Err(e) => {
            eprintln!("tengen bench: {e}");
            1
        }
    }
}

#[derive(Serialize)]
struct ReplayReport {
    games: usize,
    threads: usize,
    moves: u64,
    rounds: usize,
    seconds: f64,
    games_per_s: f64,
    ns_per_move: f64,
}

fn replay(a: &ReplayBenchArgs) -> i32 {
    if a.threads == 0 {
        eprintln!("tengen bench replay: --threads must be at least 1");
        return EXIT_USAGE;
    }
    let mut files = Vec::new();
    for p in &a.paths {
        let mut note = |l: &std::path::Path| {
            eprintln!(
                "tengen bench: note: {}: a symbolic link to a directory, not followed",
                l.display()
            )
        };
        if let Err(e) = tengen::sgf::files_under(p, &mut files, &mut note) {
            eprintln!("tengen bench replay: {}: {e}", p.display());
            return EXIT_USAGE;
        }
    }
    files.retain(|f| f.extension().is_some_and(|e| e.eq_ignore_ascii_case("sgf")));
    if files.is_empty() || a.rounds == 0 {
        eprintln!("tengen bench replay: no *.sgf files found (or --rounds 0)");
        return EXIT_USAGE;
    }
    let mut data = Vec::with_capacity(files.len());
    for f in &files {
        match tengen::sgf::read_file(f) {
            Ok(d) => data.push(d),
            Err(e) => {
                eprintln!("tengen bench replay: {}: {e}", f.display());
                return EXIT_USAGE;
            }
        }
    }
    let opts = ReplayOptions::default();
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!(
                "tengen bench replay: cannot start {} threads: {e}",
                a.threads
            );
            return EXIT_USAGE;
        }
    };
    let mut replayer = Replayer::new();
    let moves_of = |r: &mut Replayer, d: &Vec<u8>| r.replay(d, &opts).map_or(0, |r| r.moves as u64);
    let mut times = Vec::new();
    let mut moves = 0u64;
    for _ in 0..a.rounds {
        let t0 = Instant::now();
        moves = if a.threads == 1 {
            data.iter().map(|d| moves_of(&mut replayer, d)).sum()
        } else {
            use rayon::prelude::*;
            pool.install(|| data.par_iter().map_init(Replayer::new, moves_of).sum())
        };
        times.push(t0.elapsed().as_secs_f64());
    }
    let secs = median(times);
    let r = ReplayReport {
        games: data.len(),
        threads: a.threads,
        moves,
        rounds: a.rounds,
        seconds: secs,
        games_per_s: data.len() as f64 / secs,
        ns_per_move: secs * 1e9 / moves.max(1) as f64,
    };
    if a.json {
        return print_json(&r);
    }
    outln!("bench", 
        "replay of {} games ({} moves), median of {} rounds: {:.1} ms, {:.0} games/s, {:.1} ns/move (parse + check + play, files in memory, {})",
        r.games,
        r.moves,
        r.rounds,
        secs * 1e3,
        r.games_per_s,
        r.ns_per_move,
        if r.threads == 1 {
            "one thread".to_string()
        } else {
            format!("{} threads", r.threads)
        }
    );
    0
}

#[derive(Serialize)]
struct TerritoryReport {
    size: usize,
    boards: u64,
    rounds: usize,
    seconds: f64,
    boards_per_s: f64,
    us_per_board: f64,
    black_points: usize,
    white_points: usize,
}

fn territory(a: &TerritoryBenchArgs) -> i32 {
    let size = match Size::square(a.size) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tengen bench territory: {e}");
            return EXIT_USAGE;
        }
    };
    if a.count == 0 || a.rounds == 0 {
        eprintln!("tengen bench territory: --count and --rounds must be at least 1");
        return EXIT_USAGE;
    }
    let mut p = Playout::new(Board::new(size), Color::Black);
    let boards: Vec<Board> = (1..=a.count)
        .map(|seed| {
            p.run(&mut Rng::new(seed));
            p.board().clone()
        })
        .collect();
    let mut map = TerritoryMap::new();
    let mut times = Vec::new();
    let mut counts = [0usize; 3];
    for _ in 0..a.rounds {
        let t0 = Instant::now();
        let mut c = [0usize; 3];
        for b in &boards {
            map.compute(b);
            let k = map.counts();
            for i in 0..3 {
                c[i] += k[i];
            }
        }
        times.push(t0.elapsed().as_secs_f64());
        counts = c;
    }
    let secs = median(times);
    let r = TerritoryReport {
        size: a.size,
        boards: a.count,
        rounds: a.rounds,
        seconds: secs,
        boards_per_s: a.count as f64 / secs,
        us_per_board: secs * 1e6 / a.count as f64,
        black_points: counts[0],
        white_points: counts[1],
    };
    if a.json {
        return print_json(&r);
    }
    outln!("bench", 
        "territory of {} {}x{} playout finals, median of {} rounds: {:.3} ms, {:.0} boards/s, {:.2} us/board ({} black, {} white points)",
        r.boards, a.size, a.size, r.rounds, secs * 1e3, r.boards_per_s, r.us_per_board, r.black_points, r.white_points
    );
    0
}

fn playouts(a: &PlayoutArgs) -> i32 {
    let size = match Size::square(a.size) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tengen bench playouts: {e}");
            return EXIT_USAGE;
        }
    };
    if a.count == 0 {
        eprintln!("tengen bench playouts: --count must be at least 1");
        return EXIT_USAGE;
    }
    let threads = a.threads.count();
    let board = Board::new(size);
    let komi = Komi::from_half_points(15);
    let t0 = Instant::now();
    let mut total = PlayoutStats::default();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let n = a.count / threads as u64 + u64::from((i as u64) < a.count % threads as u64);
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
        threads,
        seconds: secs,
        pps: total.playouts as f64 / secs,
        ns_per_move: secs * 1e9 * threads as f64 / total.moves as f64,
        mean_moves: total.mean_moves(),
        black_wins: total.black_win_rate(),
    };
    if a.json {
        return print_json(&r);
    } else {
        outln!("bench", 
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
