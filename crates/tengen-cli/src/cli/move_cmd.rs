//! `tengen move`: the original move-legality task, as a stream of problems.

use std::io::{self, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

use clap::Args;
use tengen::formats::digits::{write_board, ProblemReader};
use tengen::render::{Coords, Panel, Picture, RenderError};
use tengen::vertex::Vertex;
use tengen::{Board, Color, Point, Reason, Rules};

use super::args::stdout_failed;
use super::EXIT_USAGE;

/// Options of `tengen move`.
#[derive(Args, Debug)]
pub struct MoveArgs {
    /// Also write the reason for an illegal move to stderr (stdout keeps the task's format).
    #[arg(long)]
    explain: bool,
    /// Rule set for suicide (ko has no history in a single position). Default: the task's
    /// rules (suicide illegal).
    #[arg(long, default_value = DEFAULT_RULES)]
    rules: Rules,
    /// Also draw each answer (`.svg` or `.png`): the board before and after the move with the
    /// captured stones marked, or the illegal move and its reason. Problem 2 onwards go to
    /// FILE-2.png, FILE-3.png, ...
    #[arg(long, value_name = "FILE")]
    render: Option<PathBuf>,
}

/// The rule set of `tengen move` without `--rules`.
const DEFAULT_RULES: &str = "task";

impl MoveArgs {
    /// The options of a plain `tengen move` (no flag), without running the parser: what the
    /// defaults above give (a test in `main.rs` compares the two).
    pub fn plain() -> MoveArgs {
        MoveArgs {
            explain: false,
            rules: DEFAULT_RULES.parse().expect("the default rule set exists"),
            render: None,
        }
    }
}

/// The picture file of problem `k` (from 1): `path` itself, then `stem-k.ext`.
fn numbered(path: &Path, k: usize) -> PathBuf {
    if k == 1 {
        return path.to_path_buf();
    }
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|s| s.to_string_lossy())
        .unwrap_or_default();
    path.with_file_name(format!("{stem}-{k}.{ext}"))
}

/// Draw one answer: before and after with the captures, or the illegal move and why.
fn draw(
    path: &Path,
    before: &Board,
    after: &Board,
    p: Point,
    color: Color,
    result: Result<u32, Reason>,
) -> Result<(), RenderError> {
    let mut first = Panel::new(before);
    first.title = Some("before".to_string());
    let vertex = Vertex::of(p, before.height());
    let what = format!("{} at column {}, row {} ({vertex})", color.name(), p.x, p.y);
    let picture = match result {
        Ok(captured) => {
            let mut second = Panel::new(after);
            second.title = Some("after".to_string());
            second.last = Some(p);
            second.captured = super::render::captured_between(before, after);
            Picture {
                panels: vec![first, second],
                coords: Coords::Gtp,
                legend: vec![format!("{what}: legal, captures {captured}")],
            }
        }
        Err(reason) => {
            first.title = None;
            first.illegal = Some((p, color));
            Picture {
                panels: vec![first],
                coords: Coords::Gtp,
                legend: vec![format!("{what}: illegal ({reason})")],
            }
        }
    };
    super::picture::write(&picture, path)
}

/// Answer every problem on stdin in order. Returns the exit status: 0, or 2 at the first bad
/// problem (answers already written stand).
pub fn run(args: &MoveArgs) -> i32 {
    if let Some(path) = &args.render {
        if let Err(e) = tengen::render::ImageFormat::from_path(path) {
            eprintln!("tengen move: --render: {e}");
            return EXIT_USAGE;
        }
    }
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut reader = ProblemReader::new(BufReader::with_capacity(1 << 16, io::stdin().lock()));
    let mut solved = 0;
    let status = loop {
        // Flush before a read that could block, so an interactive caller gets each answer.
        if reader.get_ref().buffer().is_empty() {
            if let Err(e) = out.flush() {
                stdout_failed("move", &e);
                return 1;
            }
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
        solved += 1;
        let before = args.render.as_ref().map(|_| problem.board.clone());
        let outcome = problem
            .board
            .play(problem.point, problem.color, &args.rules);
        if let (Some(path), Some(before)) = (&args.render, &before) {
            let path = numbered(path, solved);
            let result = outcome.map(|p| p.captured as u32).map_err(|e| e.reason);
            if let Err(e) = draw(
                &path,
                before,
                &problem.board,
                problem.point,
                problem.color,
                result,
            ) {
                let _ = out.flush();
                eprintln!("tengen move: {e}");
                return 1;
            }
        }
        let written = match outcome {
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
        if let Err(e) = written {
            // stdout closed (e.g. piped into `head`): stop quietly; any other error is one
            return i32::from(stdout_failed("move", &e));
        }
    };
    if let Err(e) = out.flush() {
        stdout_failed("move", &e);
        return 1;
    }
    status
}
