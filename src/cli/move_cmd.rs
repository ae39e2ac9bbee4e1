//! `tengen move`: the original move-legality task, as a stream of problems.

use std::io::{self, BufReader, BufWriter, Write};

use clap::Args;
use tengen::formats::digits::{write_board, ProblemReader};
use tengen::Rules;

use super::EXIT_USAGE;

/// Options of `tengen move`.
#[derive(Args, Debug)]
pub struct MoveArgs {
    /// Also write the reason for an illegal move to stderr (stdout keeps the task's format).
    #[arg(long)]
    explain: bool,
    /// Rule set for suicide (ko has no history in a single position). Default: the task's
    /// rules (suicide illegal).
    #[arg(long, default_value = "task", value_parser = parse_rules)]
    rules: Rules,
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    Rules::from_name(s).map_err(|e| e.to_string())
}

/// Answer every problem on stdin in order. Returns the exit status: 0, or 2 at the first bad
/// problem (answers already written stand).
pub fn run(args: &MoveArgs) -> i32 {
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut reader = ProblemReader::new(BufReader::with_capacity(1 << 16, io::stdin().lock()));
    let status = loop {
        // Flush before a read that could block, so an interactive caller gets each answer.
        if reader.get_ref().buffer().is_empty() && out.flush().is_err() {
            return 1;
        }
        let Some(problem) = reader.read_problem() else {
            break 0;
        };
        let mut problem = match problem {
            Ok(p) => p,
            Err(e) => {
                let _ = out.flush();
                eprintln!("tengen move: {e}");
                break EXIT_USAGE;
            }
        };
        let written = match problem
            .board
            .play(problem.point, problem.color, &args.rules)
        {
            Ok(_) => out
                .write_all(b"1\n")
                .and_then(|_| write_board(&mut out, &problem.board, problem.spaced)),
            Err(e) => {
                if args.explain {
                    let _ = out.flush();
                    eprintln!("illegal: {e}");
                }
                out.write_all(b"0\n")
            }
        };
        if written.is_err() {
            // stdout closed (e.g. piped into `head`): stop quietly
            return 0;
        }
    };
    if out.flush().is_err() {
        return 1;
    }
    status
}
