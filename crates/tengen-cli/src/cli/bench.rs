//! `tengen bench`: measure the hot paths on this machine.
//!
//! Every benchmark runs several rounds of the same work and reports medians of CPU time (the
//! time the work ran on a core, per thread: see [`super::cpu_clock`]) and, beside it and named
//! as such, of wall-clock time. The JSON keeps its earlier fields (`seconds` and the rates
//! derived from it are wall-clock) and adds `rounds` and the `cpu_*` fields (`null` where the
//! platform has no CPU clock).

use clap::{Args, Subcommand};
use serde::Serialize;
use std::path::PathBuf;

use tengen::mcts::{Search, SearchLimits};
use tengen::playout::{run_empty, Playout, PlayoutStats, Rng};
use tengen::sgf::{ReplayOptions, Replayer};
use tengen::territory::TerritoryMap;
use tengen::{Board, Color, Game, Komi, Preset, Size};

use super::args::{outln, ThreadsArg};
use super::cpu_clock::{medians, CpuClock, Lap, Stopwatch};
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
    /// The judge of finished games against positions with known answers (records with a
    /// counted result, OGS's score-estimator and autoscore sets); `--without STAGE` measures
    /// what a stage buys.
    Judge(super::bench_judge::JudgeBenchArgs),
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
    /// Wall-clock seconds of one search (median).
    seconds: f64,
    /// Playouts per wall-clock second.
    pps: f64,
    /// CPU seconds of one search (median).
    cpu_seconds: Option<f64>,
    /// Playouts per CPU second.
    cpu_pps: Option<f64>,
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
    let mut laps = Vec::new();
    for i in 0..a.rounds {
        // a fresh generator per round, as a new game's search would have
        let mut engine = Search::new(game.board(), a.seed.wrapping_add(i as u64));
        let w = Stopwatch::start(CpuClock::Thread);
        let r = engine.run(&game, limits, false);
        laps.push(w.lap());
        debug_assert_eq!(r.playouts, a.playouts);
    }
    let (secs, cpu) = medians(&laps);
    let r = SearchReport {
        size: a.size,
        playouts: a.playouts,
        rounds: a.rounds,
        seconds: secs,
        pps: a.playouts as f64 / secs,
        cpu_seconds: cpu,
        cpu_pps: cpu.map(|c| a.playouts as f64 / c),
    };
    if a.json {
        return print_json(&r);
    }
    outln!(
        "bench",
        "search {}x{}: {} playouts, medians of {} rounds: {}; wall {:.3} s, {:.0} playouts/s",
        r.size,
        r.size,
        r.playouts,
        r.rounds,
        match (r.cpu_seconds, r.cpu_pps) {
            (Some(c), Some(p)) => format!("CPU {c:.3} s, {p:.0} playouts/s"),
            _ => NO_CPU.to_string(),
        },
        r.seconds,
        r.pps
    );
    0
}

/// What the text reports print where the platform has no CPU clock.
const NO_CPU: &str = "CPU time not available on this platform";

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
    /// Number of playouts per round.
    #[arg(long, default_value_t = 100_000)]
    count: u64,
    /// Timed rounds, each of the same playouts (the medians are reported).
    #[arg(long, default_value_t = 5)]
    rounds: usize,
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
    /// Playouts of one round.
    playouts: u64,
    threads: usize,
    rounds: usize,
    /// Wall-clock seconds of one round (median).
    seconds: f64,
    /// Playouts per wall-clock second, all threads together.
    pps: f64,
    /// Wall-clock nanoseconds per move and thread.
    ns_per_move: f64,
    /// CPU seconds of one round, the threads' CPU times added (median).
    cpu_seconds: Option<f64>,
    /// Playouts per CPU second: one thread's rate when it has a core to itself.
    cpu_pps: Option<f64>,
    /// CPU nanoseconds per move.
    cpu_ns_per_move: Option<f64>,
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
        BenchWhat::Judge(a) => super::bench_judge::run(a),
    }
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
    /// Wall-clock seconds of one round over all files (median).
    seconds: f64,
    /// Games per wall-clock second.
    games_per_s: f64,
    /// Wall-clock nanoseconds per move.
    ns_per_move: f64,
    /// CPU seconds of one round (median): the thread's on one thread, the process's (every
    /// worker's) on more.
    cpu_seconds: Option<f64>,
    /// Games per CPU second.
    cpu_games_per_s: Option<f64>,
    /// CPU nanoseconds per move.
    cpu_ns_per_move: Option<f64>,
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
    let mut laps = Vec::new();
    let mut moves = 0u64;
    let clock = if a.threads == 1 {
        CpuClock::Thread
    } else {
        CpuClock::Process
    };
    for _ in 0..a.rounds {
        let w = Stopwatch::start(clock);
        moves = if a.threads == 1 {
            data.iter().map(|d| moves_of(&mut replayer, d)).sum()
        } else {
            use rayon::prelude::*;
            pool.install(|| data.par_iter().map_init(Replayer::new, moves_of).sum())
        };
        laps.push(w.lap());
    }
    let (secs, cpu) = medians(&laps);
    let per_move = 1e9 / moves.max(1) as f64;
    let r = ReplayReport {
        games: data.len(),
        threads: a.threads,
        moves,
        rounds: a.rounds,
        seconds: secs,
        games_per_s: data.len() as f64 / secs,
        ns_per_move: secs * per_move,
        cpu_seconds: cpu,
        cpu_games_per_s: cpu.map(|c| data.len() as f64 / c),
        cpu_ns_per_move: cpu.map(|c| c * per_move),
    };
    if a.json {
        return print_json(&r);
    }
    outln!("bench",
        "replay of {} games ({} moves), medians of {} rounds: {}; wall {:.1} ms, {:.0} games/s, {:.1} ns/move (parse + check + play, files in memory, {})",
        r.games,
        r.moves,
        r.rounds,
        match (r.cpu_seconds, r.cpu_games_per_s, r.cpu_ns_per_move) {
            (Some(c), Some(g), Some(n)) => {
                format!("CPU {:.1} ms, {g:.0} games/s, {n:.1} ns/move", c * 1e3)
            }
            _ => NO_CPU.to_string(),
        },
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
    /// Wall-clock seconds of one round over all boards (median).
    seconds: f64,
    /// Boards per wall-clock second.
    boards_per_s: f64,
    /// Wall-clock microseconds per board.
    us_per_board: f64,
    /// CPU seconds of one round (median).
    cpu_seconds: Option<f64>,
    /// CPU microseconds per board.
    cpu_us_per_board: Option<f64>,
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
    let mut laps = Vec::new();
    let mut counts = [0usize; 3];
    for _ in 0..a.rounds {
        let w = Stopwatch::start(CpuClock::Thread);
        let mut c = [0usize; 3];
        for b in &boards {
            map.compute(b);
            let k = map.counts();
            for i in 0..3 {
                c[i] += k[i];
            }
        }
        laps.push(w.lap());
        counts = c;
    }
    let (secs, cpu) = medians(&laps);
    let r = TerritoryReport {
        size: a.size,
        boards: a.count,
        rounds: a.rounds,
        seconds: secs,
        boards_per_s: a.count as f64 / secs,
        us_per_board: secs * 1e6 / a.count as f64,
        cpu_seconds: cpu,
        cpu_us_per_board: cpu.map(|c| c * 1e6 / a.count as f64),
        black_points: counts[0],
        white_points: counts[1],
    };
    if a.json {
        return print_json(&r);
    }
    outln!("bench", 
        "territory of {} {}x{} playout finals, medians of {} rounds: {}; wall {:.3} ms, {:.0} boards/s, {:.2} us/board ({} black, {} white points)",
        r.boards,
        a.size,
        a.size,
        r.rounds,
        match (r.cpu_seconds, r.cpu_us_per_board) {
            (Some(c), Some(u)) => format!("CPU {:.3} ms, {u:.2} us/board", c * 1e3),
            _ => NO_CPU.to_string(),
        },
        secs * 1e3,
        r.boards_per_s,
        r.us_per_board,
        r.black_points,
        r.white_points
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
    if a.count == 0 || a.rounds == 0 {
        eprintln!("tengen bench playouts: --count and --rounds must be at least 1");
        return EXIT_USAGE;
    }
    let threads = a.threads.count();
    let board = Board::new(size);
    let komi = Komi::from_half_points(15);
    let mut total = PlayoutStats::default();
    let mut laps = Vec::with_capacity(a.rounds);
    for _ in 0..a.rounds {
        let (lap, stats) = playout_round(&board, a, threads, komi);
        laps.push(lap);
        // every round plays the same playouts (same seeds): one round's statistics stand
        total = stats;
    }
    let (secs, cpu) = medians(&laps);
    let moves = total.moves.max(1) as f64;
    let r = PlayoutReport {
        size: a.size,
        playouts: total.playouts,
        threads,
        rounds: a.rounds,
        seconds: secs,
        pps: total.playouts as f64 / secs,
        ns_per_move: secs * 1e9 * threads as f64 / moves,
        cpu_seconds: cpu,
        cpu_pps: cpu.map(|c| total.playouts as f64 / c),
        cpu_ns_per_move: cpu.map(|c| c * 1e9 / moves),
        mean_moves: total.mean_moves(),
        black_wins: total.black_win_rate(),
    };
    if a.json {
        return print_json(&r);
    }
    outln!("bench",
        "{}x{}: {} playouts on {} thread(s), medians of {} rounds: {}; wall {:.3} s, {:.0} playouts/s, {:.1} ns/move per thread; {:.2} moves/playout, Black wins {:.2}%",
        a.size,
        a.size,
        r.playouts,
        r.threads,
        r.rounds,
        match (r.cpu_ns_per_move, r.cpu_pps) {
            (Some(n), Some(p)) => format!("CPU {n:.1} ns/move, {p:.0} playouts/s per thread"),
            _ => NO_CPU.to_string(),
        },
        r.seconds,
        r.pps,
        r.ns_per_move,
        r.mean_moves,
        100.0 * r.black_wins
    );
    0
}

/// One round of `bench playouts`: `a.count` playouts shared out to `threads` threads (thread
/// i seeded with seed + i). The lap's CPU time is the threads' CPU times added.
fn playout_round(
    board: &Board,
    a: &PlayoutArgs,
    threads: usize,
    komi: Komi,
) -> (Lap, PlayoutStats) {
    let wall = Stopwatch::start(CpuClock::Thread);
    let mut total = PlayoutStats::default();
    let mut cpu = Some(0.0);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|i| {
                let n = a.count / threads as u64 + u64::from((i as u64) < a.count % threads as u64);
                s.spawn(move || {
                    let w = Stopwatch::start(CpuClock::Thread);
                    let st = run_empty(board, n, komi, a.seed.wrapping_add(i as u64));
                    (st, w.lap().cpu)
                })
            })
            .collect();
        for h in handles {
            if let Ok((st, c)) = h.join() {
                total.merge(&st);
                cpu = cpu.zip(c).map(|(a, b)| a + b);
            }
        }
    });
    let lap = Lap {
        wall: wall.lap().wall,
        cpu,
    };
    (lap, total)
}
