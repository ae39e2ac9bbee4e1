//! `tengen analysis`: KataGo's JSON analysis protocol on stdin/stdout, answered by the rules
//! engine with a bounded pool of worker threads.

use std::io::{self, BufReader};

use clap::Args;
use tengen_engine::analysis::{serve, ServeOptions, MAX_LINE};

/// Options of `tengen analysis`.
#[derive(Args, Debug)]
pub struct AnalysisArgs {
    /// Worker threads answering queries, 1 to 1024 (default: all cores). `--workers` is
    /// the same flag.
    #[arg(long = "threads", visible_alias = "workers", value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=super::args::MAX_THREADS as i64))]
    threads: Option<u32>,
    /// Longest query line in bytes (at least 1); a longer one is answered with an error and
    /// skipped.
    #[arg(long, default_value_t = MAX_LINE as u64,
          value_parser = clap::value_parser!(u64).range(1..))]
    max_line: u64,
}

/// Serve until the end of input. Returns the exit status.
pub fn run(args: &AnalysisArgs) -> i32 {
    let workers = args.threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |n| n as usize,
    );
    let opts = ServeOptions {
        workers,
        max_line: usize::try_from(args.max_line).unwrap_or(usize::MAX),
    };
    let input = BufReader::with_capacity(1 << 16, io::stdin().lock());
    match serve(input, io::stdout(), &opts) {
        Ok(_) => 0,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("tengen analysis: {e}");
            1
        }
    }
}
