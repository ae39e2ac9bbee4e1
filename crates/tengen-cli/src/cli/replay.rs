//! `tengen replay`: replay SGF records in parallel, checking every move.

use std::io::{self, IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;
use serde::Serialize;
use tengen::count::{count, DeadStones};
use tengen::formats::text::{self, Glyphs, TextStyle};
use tengen::judge::Options as JudgeOptions;
use tengen::score::{GameResult, Score};
use tengen::sgf::{Mode, Replay, ReplayOptions, Replayer, WarningKind};
use tengen::{Board, Color, Komi, Rules};

use super::args::{json_line, stdout_failed, ThreadsArg};
use super::EXIT_USAGE;

/// Options of `tengen replay`.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// SGF files, and directories searched recursively for `*.sgf`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON object per game on stdout (the summary then goes to stderr).
    #[arg(long)]
    json: bool,
    /// Rule set for the moves and the count instead of the record's RU (default when RU is
    /// absent or unknown: japanese).
    #[arg(long, value_name = "RULES")]
    rules: Option<Rules>,
    /// Komi instead of the record's KM (for --score).
    #[arg(long, allow_negative_numbers = true)]
    komi: Option<Komi>,
    /// Play moves as the SGF specification says (suicide removes the chain, ko is not
    /// checked) and report them as warnings instead of stopping.
    #[arg(long)]
    tolerant: bool,
    /// Parse strictly: a malformed file is unreadable (default: recover and warn).
    #[arg(long)]
    strict: bool,
    /// Stop every game after move N (passes count; 0 is the setup).
    #[arg(long = "move", value_name = "N", alias = "until")]
    until: Option<usize>,
    #[command(flatten)]
    threads: ThreadsArg,
    /// Add the score of the final position under the game's rules (komi from KM, handicap
    /// bonus from HA, captures from the replay) with the dead stones judged as `tengen
    /// score` does, beside the recorded result; the summary counts the agreements with the
    /// counted results. Games with an illegal move are not scored.
    #[arg(long)]
    score: bool,
    /// With --score: no judge; remove only the stones Benson's pass-alive analysis proves
    /// dead (the strict count).
    #[arg(long, requires = "score")]
    pass_alive: bool,
    /// Do not print warnings.
    #[arg(long, short, conflicts_with = "verbose")]
    quiet: bool,
    /// Print every warning (by default each kind of warning is printed for the first record
    /// that has it, and the records with it are counted after the summary; --json lines
    /// carry every warning of their game).
    #[arg(long, short)]
    verbose: bool,
}

/// Every file to replay: files as given, directories walked (without recursion on depth) for
/// `*.sgf` (any case), sorted within each directory argument. A symbolic link to a directory
/// inside one is not followed (a loop of links would never end): a note on stderr says so.
pub(super) fn collect(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if !p.is_dir() {
            out.push(p.clone());
            continue;
        }
        let mut found = Vec::new();
        let mut dirs = vec![p.clone()];
        while let Some(d) = dirs.pop() {
            let Ok(rd) = std::fs::read_dir(&d) else {
                // an unreadable directory becomes an unreadable entry, reported with the games
                found.push(d);
                continue;
            };
            for e in rd.flatten() {
                let path = e.path();
                let is_dir = e.file_type().map(|t| t.is_dir()).unwrap_or(false);
                if !is_dir && e.file_type().is_ok_and(|t| t.is_symlink()) && path.is_dir() {
                    eprintln!(
                        "tengen: note: {}: a symbolic link to a directory, not followed",
                        path.display()
                    );
                } else if is_dir {
                    dirs.push(path);
                } else if path
                    .extension()
                    .is_some_and(|x| x.eq_ignore_ascii_case("sgf"))
                {
                    found.push(path);
                }
            }
        }
        found.sort();
        out.extend(found);
    }
    out
}

#[derive(Serialize)]
struct Captures {
    black: u32,
    white: u32,
}

#[derive(Serialize)]
struct JsonError {
    #[serde(rename = "move")]
    number: usize,
    point: String,
    color: &'static str,
    reason: &'static str,
}

/// The `error` of a JSON line: the illegal move, or why the file could not be read.
#[derive(Serialize)]
#[serde(untagged)]
enum JsonProblem {
    Illegal(JsonError),
    Unreadable { message: String },
}

#[derive(Serialize)]
struct JsonGame<'a> {
    path: &'a str,
    ok: bool,
    size: Option<[usize; 2]>,
    moves: usize,
    captures: Captures,
    board: Option<Vec<String>>,
    to_move: Option<&'static str>,
    result: Option<&'a str>,
    error: Option<JsonProblem>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<Score>,
    /// The stones removed as dead before the count, `[x, y]` (with --score).
    #[serde(skip_serializing_if = "Option::is_none")]
    dead: Option<Vec<[u8; 2]>>,
    /// Every warning of the game (omitted when there is none).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<JsonWarning>,
}

/// One warning of a JSON line: its kind ([`WarningKind::name`]) and its text (with the line
/// and column when it has a place in the file).
#[derive(Serialize)]
struct JsonWarning {
    kind: &'static str,
    message: String,
}

fn rows(board: &Board) -> Vec<String> {
    text::rows(board, TextStyle::default().with_glyphs(Glyphs::BW), |_| {
        None
    })
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Ok,
    Illegal,
    Unreadable,
}

/// What one game contributes to the output and the summary.
struct Outcome {
    kind: Kind,
    moves: usize,
    stdout: String,
    /// The game's warnings: their kind and the line stderr shows.
    warnings: Vec<(WarningKind, String)>,
    /// With --score, for a record with a counted result: (winner right, margin exact).
    agrees: Option<(bool, bool)>,
}

/// Score the final position of `rep` (on `board`): the judge's dead stones, or with
/// `pass_alive` only those Benson's analysis proves dead. The dead stones come with it.
fn final_count(board: &Board, rep: &Replay, pass_alive: bool) -> Option<(Score, Vec<[u8; 2]>)> {
    let dead = if pass_alive {
        DeadStones::PassAlive(Vec::new())
    } else {
        DeadStones::Judged(JudgeOptions::default())
    };
    let c = count(&rep.position(board.clone()), &dead).ok()?;
    let dead = c.dead.iter().map(|p| [p.x, p.y]).collect();
    Some((c.score, dead))
}

/// Whether `got` has the winner and the margin of the counted result `want`.
fn agreement(got: GameResult, want: Option<GameResult>) -> Option<(bool, bool)> {
    let want = want.filter(|w| matches!(w, GameResult::Win { .. }))?;
    let winner = |r: GameResult| match r {
        GameResult::Win { winner, .. } => Some(winner),
        GameResult::Draw => None,
    };
    Some((winner(got) == winner(want), got == want))
}

fn one(path: &Path, r: &mut Replayer, buf: &mut Vec<u8>, args: &ReplayArgs) -> Outcome {
    let opts = ReplayOptions {
        rules: args.rules,
        komi: args.komi,
        tolerant: args.tolerant,
        until: args.until,
        mode: if args.strict {
            Mode::Strict
        } else {
            Mode::Lenient
        },
        fallback: None,
    };
    let shown = path.display().to_string();
    let res: Result<Replay, String> = match tengen::sgf::read_file_into(path, buf) {
        Err(e) => Err(e.to_string()),
        Ok(()) => r.replay(buf, &opts).map_err(|e| e.to_string()),
    };
    let mut warnings = Vec::new();
    let mut agrees = None;
    let (kind, moves, stdout) = match res {
        Err(msg) => {
            let out = if args.json {
                let g = JsonGame {
                    path: &shown,
                    ok: false,
                    size: None,
                    moves: 0,
                    captures: Captures { black: 0, white: 0 },
                    board: None,
                    to_move: None,
                    result: None,
                    error: Some(JsonProblem::Unreadable {
                        message: msg.clone(),
                    }),
                    score: None,
                    dead: None,
                    warnings: Vec::new(),
                };
                json_line(&g)
            } else {
                format!("{shown}: unreadable: {msg}\n")
            };
            (Kind::Unreadable, 0, out)
        }
        Ok(rep) => {
            if !args.quiet {
                warnings = rep
                    .warnings
                    .iter()
                    .map(|w| (w.kind, format!("{shown}: warning: {w}\n")))
                    .collect();
            }
            let kind = if rep.error.is_some() {
                Kind::Illegal
            } else {
                Kind::Ok
            };
            let counted = (args.score && kind == Kind::Ok)
                .then(|| final_count(r.board(), &rep, args.pass_alive))
                .flatten();
            agrees = counted
                .as_ref()
                .and_then(|(s, _)| agreement(s.result, rep.result_points));
            let (counted, dead) = counted.unzip();
            let out = if args.json {
                let g = JsonGame {
                    path: &shown,
                    ok: kind == Kind::Ok,
                    size: Some([rep.size.width(), rep.size.height()]),
                    moves: rep.moves,
                    captures: Captures {
                        black: rep.captures(Color::Black),
                        white: rep.captures(Color::White),
                    },
                    board: Some(rows(r.board())),
                    to_move: Some(rep.to_move.name()),
                    result: rep.result.as_deref(),
                    error: rep.error.map(|e| {
                        JsonProblem::Illegal(JsonError {
                            number: e.number,
                            point: e.sgf_point(),
                            color: e.color.name(),
                            reason: e.reason.name(),
                        })
                    }),
                    score: counted,
                    dead,
                    warnings: rep
                        .warnings
                        .iter()
                        .map(|w| JsonWarning {
                            kind: w.kind.name(),
                            message: w.to_string(),
                        })
                        .collect(),
                };
                json_line(&g)
            } else if let Some(e) = rep.error {
                format!("{shown}: illegal: {e}\n")
            } else if let Some(sc) = counted {
                match super::record::recorded(&rep) {
                    Some(r) => format!("{shown}: score {} (recorded {r})\n", sc.result),
                    None => format!("{shown}: score {}\n", sc.result),
                }
            } else {
                String::new()
            };
            (kind, rep.moves, out)
        }
    };
    Outcome {
        kind,
        moves,
        stdout,
        warnings,
        agrees,
    }
}

/// Which warnings the terminal shows: each kind for the first record that has it (all of
/// them with --verbose), and how many records had each kind, in order of first appearance.
#[derive(Default)]
struct WarningTally {
    /// (kind, records with it, records whose lines of it were shown)
    kinds: Vec<(WarningKind, usize, usize)>,
}

impl WarningTally {
    /// The lines of one record's `warnings` to print, counting its kinds.
    fn lines(&mut self, warnings: &[(WarningKind, String)], verbose: bool) -> String {
        let mut out = String::new();
        let mut counted: Vec<WarningKind> = Vec::new();
        for (kind, line) in warnings {
            let at = match self.kinds.iter().position(|k| k.0 == *kind) {
                Some(i) => i,
                None => {
                    self.kinds.push((*kind, 0, 0));
                    self.kinds.len() - 1
                }
            };
            let entry = &mut self.kinds[at];
            if !counted.contains(kind) {
                counted.push(*kind);
                entry.1 += 1;
                if verbose || entry.1 == 1 {
                    entry.2 += 1;
                }
            }
            if verbose || entry.1 == 1 {
                out.push_str(line);
            }
        }
        out
    }

    /// One line per kind some of whose warnings were not printed.
    fn summary(&self) -> String {
        let mut out = String::new();
        for &(kind, records, shown) in &self.kinds {
            if records > shown {
                let plural = if records == 1 { "" } else { "s" };
                out.push_str(&format!(
                    "warnings: {}: {records} record{plural} ({shown} shown; --verbose shows \
                     every one)\n",
                    kind.description()
                ));
            }
        }
        out
    }
}

/// Replay every file. Returns the exit status: 0 when every game replayed, 1 when any was
/// illegal or unreadable, 2 on usage errors.
pub fn run(args: &ReplayArgs) -> i32 {
    let start = Instant::now();
    let files = collect(&args.paths);
    if files.is_empty() {
        // only directories were given, and none holds a record
        let dirs: Vec<String> = args.paths.iter().map(|p| p.display().to_string()).collect();
        eprintln!(
            "tengen replay: no *.sgf file in {} (directories are searched recursively)",
            dirs.join(", ")
        );
        return EXIT_USAGE;
    }
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.count())
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tengen replay: cannot start worker threads: {e}");
            return EXIT_USAGE;
        }
    };
    let bar = if io::stderr().is_terminal() && files.len() >= 200 {
        let b = ProgressBar::new(files.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template("{bar:40} {pos}/{len} games {per_sec} eta {eta}")
        {
            b.set_style(style);
        }
        b
    } else {
        ProgressBar::hidden()
    };
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let (mut games, mut moves, mut ok, mut illegal, mut unreadable) = (0usize, 0usize, 0, 0, 0);
    let mut closed = false;
    let mut write_failed = false;
    // counted results, winners right, margins exact
    let (mut counted, mut winners, mut exact) = (0usize, 0usize, 0usize);
    let mut tally = WarningTally::default();
    // Chunks keep the output in input order and the memory bounded for millions of files.
    for chunk in files.chunks(4096) {
        let outcomes: Vec<Outcome> = pool.install(|| {
            chunk
                .par_iter()
                .map_init(
                    || (Replayer::new(), Vec::new()),
                    |(r, buf), path| one(path, r, buf, args),
                )
                .collect()
        });
        for o in outcomes {
            games += 1;
            moves += o.moves;
            match o.kind {
                Kind::Ok => ok += 1,
                Kind::Illegal => illegal += 1,
                Kind::Unreadable => unreadable += 1,
            }
            if let Some((w, e)) = o.agrees {
                counted += 1;
                winners += usize::from(w);
                exact += usize::from(e);
            }
            let lines = tally.lines(&o.warnings, args.verbose);
            if !lines.is_empty() {
                bar.suspend(|| eprint!("{lines}"));
            }
            if !closed && !o.stdout.is_empty() {
                if let Err(e) = out.write_all(o.stdout.as_bytes()) {
                    // stdout closed (e.g. piped into `head`): keep counting, quietly; any
                    // other error (a full disk) is reported and makes the exit status 1
                    closed = true;
                    write_failed = stdout_failed("replay", &e);
                }
            }
        }
        bar.inc(chunk.len() as u64);
    }
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let rate = if secs > 0.0 { games as f64 / secs } else { 0.0 };
    let mut summary = format!(
        "games {games}, moves {moves}, ok {ok}, illegal {illegal}, unreadable {unreadable}, \
         time {secs:.3} s, {rate:.0} games/s"
    );
    if args.score {
        summary.push_str(&format!(
            "; counted results {counted}: winner right {winners}, margin exact {exact}"
        ));
    }
    if !args.json && !closed {
        if let Err(e) = writeln!(out, "{summary}") {
            closed = true;
            write_failed = stdout_failed("replay", &e);
        }
    }
    if !closed {
        if let Err(e) = out.flush() {
            write_failed = stdout_failed("replay", &e);
        }
    }
    if args.json {
        eprintln!("{summary}");
    }
    eprint!("{}", tally.summary());
    if write_failed {
        1
    } else if games == ok {
        0
    } else {
        1
    }
}
