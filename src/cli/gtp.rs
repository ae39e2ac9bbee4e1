//! `tengen gtp`: serve the Go Text Protocol on stdin/stdout.

use std::io::{self, BufReader};

use clap::Args;
use tengen::gtp::{run as serve, Engine, EngineConfig, ScoreMode};
use tengen::Rules;

/// Options of `tengen gtp`.
#[derive(Args, Debug)]
pub struct GtpArgs {
    /// Playouts per generated move (an upper bound when the controller sends time settings).
    #[arg(long, default_value_t = 3000)]
    playouts: u32,
    /// Resign when the best move's estimated win rate falls below this (0 to 1); never by
    /// default.
    #[arg(long, value_parser = parse_threshold)]
    resign_threshold: Option<f64>,
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
        resign_threshold: args.resign_threshold,
        seed: args.seed,
        rules: args.rules,
        score_mode: if args.strict_score {
            ScoreMode::PassAlive
        } else {
            args.score_mode
        },
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
