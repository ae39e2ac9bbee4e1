//! `tengen gtp`: serve the Go Text Protocol on stdin/stdout.

use std::io::{self, BufReader};

use clap::Args;
use tengen::Rules;
use tengen_engine::gtp::{
    run as serve, Engine, EngineConfig, ScoreMode, DEFAULT_OWL_NODES, DEFAULT_RESIGN_MOVES,
    DEFAULT_RESIGN_THRESHOLD,
};

/// Options of `tengen gtp`.
#[derive(Args, Debug)]
pub struct GtpArgs {
    /// Playouts per generated move (an upper bound when the controller sends time settings).
    #[arg(long, default_value_t = 3000)]
    playouts: u32,
    /// Resign when the search's win rate for the side to move stays below this (0 to 1) for
    /// --resign-moves generated moves in a row, past the first quarter of the board's points
    /// in moves, and the judged count has the opponent ahead by a tenth of them.
    #[arg(long, value_parser = parse_threshold, default_value_t = DEFAULT_RESIGN_THRESHOLD, value_name = "P")]
    resign_threshold: f64,
    /// Generated moves in a row below the threshold before resigning.
    #[arg(long, default_value_t = DEFAULT_RESIGN_MOVES, value_parser = clap::value_parser!(u32).range(1..), value_name = "N")]
    resign_moves: u32,
    /// Never resign (play every game to the end).
    #[arg(long, conflicts_with_all = ["resign_threshold", "resign_moves"])]
    no_resign: bool,
    /// Rule set at start (changeable with kata-set-rules / kgs-rules).
    #[arg(long, default_value = "chinese")]
    rules: Rules,
    /// Random seed of the move search.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How final_score and final_status decide the dead stones: judge (the judge of
    /// finished games) or pass-alive (only the stones Benson's analysis proves dead);
    /// changeable with tengen-score_mode.
    #[arg(long, default_value = "judge", value_name = "MODE")]
    score_mode: ScoreMode,
    /// The strict count: the same as --score-mode pass-alive.
    #[arg(long, conflicts_with = "score_mode")]
    strict_score: bool,
    /// Confine `loadsgf FILE` and `printsgf FILE` to this folder: FILE must be a relative
    /// path inside it. Without it the controller may read or write any path the engine's
    /// user can.
    #[arg(long, value_name = "DIR")]
    sgf_dir: Option<std::path::PathBuf>,
    /// Nodes each proof-number search of owl_attack and owl_defend may expand (a question runs
    /// up to six): more settle more fights and take longer.
    #[arg(long, default_value_t = DEFAULT_OWL_NODES, value_parser = clap::value_parser!(u64).range(1..), value_name = "N")]
    owl_nodes: u64,
}

fn parse_threshold(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("{s:?} is not a number from 0 to 1")),
    }
}

/// Serve until `quit` or the end of input. Returns the exit status.
pub fn run(args: &GtpArgs) -> i32 {
    let mut engine = Engine::new(EngineConfig {
        playouts: args.playouts.max(1),
        resign_threshold: (!args.no_resign).then_some(args.resign_threshold),
        resign_moves: args.resign_moves,
        seed: args.seed,
        rules: args.rules,
        score_mode: if args.strict_score {
            ScoreMode::PassAlive
        } else {
            args.score_mode
        },
        sgf_dir: args.sgf_dir.clone(),
        owl_nodes: args.owl_nodes,
    });
    // the session reads on a thread of its own: the unlocked handle, which can move there
    let input = BufReader::new(io::stdin());
    match serve(&mut engine, input, io::stdout().lock()) {
        Ok(()) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("tengen gtp: {e}");
            1
        }
    }
}
