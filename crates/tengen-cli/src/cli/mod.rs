//! Command-line interface: argument parsing (clap derive) and dispatch to the subcommands.

use std::io::Write;

use clap::{Parser, Subcommand};

mod analysis;
mod args;
mod atomic;
mod bench;
mod bench_judge;
mod cpu_clock;
mod gtp;
pub(crate) mod move_cmd;
pub(crate) mod picture;
mod record;
mod render;
mod replay;
mod score;
mod sgf_cmd;
mod solve;
mod territory;

/// tengen: an exact, fast Go rules engine.
#[derive(Parser, Debug)]
#[command(name = "tengen", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Is a move legal? Reads the move task from stdin: size, rows of digits, `col row color`.
    /// Prints `1` and the new board, or `0`.
    Move(move_cmd::MoveArgs),
    /// Territory of a board read from stdin (JSON string array, text rows or digit rows):
    /// all regions by owner, or the region of one point with --at POINT.
    Territory(territory::TerritoryArgs),
    /// Score a final position read from stdin: area or territory rules, komi, dead stones,
    /// captures, seki and group tax; prints B+3.5, W+0.5 or 0 (or --json).
    Score(score::ScoreArgs),
    /// Measure the hot paths (playouts, ...) on this machine.
    Bench(bench::BenchArgs),
    /// Serve the Go Text Protocol (GTP v2) on stdin/stdout: a referee and a light player.
    Gtp(gtp::GtpArgs),
    /// Replay SGF records (files, or directories searched for *.sgf) in parallel, checking
    /// every move under the game's rules; ends with a summary.
    Replay(replay::ReplayArgs),
    /// Draw a position (any board input, or an SGF record at --move N or its end) as an SVG
    /// or PNG diagram, with optional territory, score or pass-alive overlays.
    Render(render::RenderArgs),
    /// Answer KataGo-style JSON analysis queries (one per line on stdin, one answer per
    /// analysed turn on stdout): legal moves, captures, exact and judged score, ownership.
    Analysis(analysis::AnalysisArgs),
    /// Rewrite SGF records as clean UTF-8 FF[4] (text decoded from CA or a detected
    /// encoding, canonical property order), checking by replay that no move changed.
    Sgf(sgf_cmd::SgfArgs),
    /// Solve a life-and-death problem (an SGF record's setup, PL to play): each enclosed
    /// group's status, key move and line, read exactly (df-pn); --check against the record's
    /// solution branches.
    Solve(solve::SolveArgs),
}

/// Exit status for bad input or usage.
pub const EXIT_USAGE: i32 = 2;

/// Most bytes `territory` and `score` read from stdin: a 52x52 picture needs a few KB, so a
/// longer input is refused rather than held in memory.
pub const MAX_BOARD_INPUT: usize = 1 << 20;

/// Read all of stdin, at most [`MAX_BOARD_INPUT`] bytes (the board reader checks UTF-8 and
/// names the line and column of a bad byte).
pub fn read_board_input() -> Result<Vec<u8>, String> {
    use std::io::Read;
    let mut bytes = Vec::new();
    std::io::stdin()
        .lock()
        .take(MAX_BOARD_INPUT as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read stdin: {e}"))?;
    if bytes.len() > MAX_BOARD_INPUT {
        return Err(format!(
            "cannot read stdin: input longer than {MAX_BOARD_INPUT} bytes"
        ));
    }
    Ok(bytes)
}

/// Parse the command line, run the subcommand and return the exit status.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { EXIT_USAGE } else { 0 };
            // --help and --version go to stdout: a full one is an error there too (a pipe
            // closed by its reader stays quiet)
            if let Err(w) = e.print().and_then(|()| std::io::stdout().flush()) {
                if !e.use_stderr() && w.kind() != std::io::ErrorKind::BrokenPipe {
                    eprintln!("tengen: cannot write stdout: {w}");
                    return 1;
                }
            }
            return code;
        }
    };
    match cli.command {
        Command::Move(args) => move_cmd::run(&args),
        Command::Territory(args) => territory::run(&args),
        Command::Score(args) => score::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Gtp(args) => gtp::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Analysis(args) => analysis::run(&args),
        Command::Sgf(args) => sgf_cmd::run(&args),
        Command::Solve(args) => solve::run(&args),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_declares_its_flags_once() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
