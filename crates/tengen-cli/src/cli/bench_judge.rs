//! `tengen bench judge`: the judge of finished games measured on positions with known
//! answers, the records' counted results and OGS's two test sets (`../shared/data/scoring`).
//! `--without STAGE,...` measures what stages of the judge buy without editing code;
//! `tests/cli/bench_judge.rs` holds the judge to these figures.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};
use serde::Serialize;
use tengen::count::Position;
use tengen::judge::{judge, Options, Stages};
use tengen::score::GameResult;
use tengen::sgf::{files_under, ReplayOptions, Replayer};
use tengen::{Board, Color, Point, Rules, Size};

use super::args::outln;
use super::cpu_clock::{median, CpuClock, Lap, Stopwatch};
use super::EXIT_USAGE;

/// What [`evaluate`] measured (`tengen bench judge --json` prints it).
#[derive(Debug, Serialize, Default)]
pub(crate) struct Report {
    /// SGF records read.
    pub records: usize,
    /// Records with a counted result, judged.
    pub counted: usize,
    /// Counted records whose winner the judge got right.
    pub winner_right: usize,
    /// Counted records whose margin the judge got exactly.
    pub exact: usize,
    /// Mean absolute error of the margin, in points.
    pub mean_abs_error: f64,
    /// Wall-clock milliseconds per judged position (the mean).
    pub ms_per_position: f64,
    /// CPU milliseconds of the judging thread per position (the mean; `None` without a CPU
    /// clock).
    pub cpu_ms_per_position: Option<f64>,
    /// OGS score-estimator positions judged.
    pub estimator_positions: usize,
    /// Score-estimator positions with every point right.
    pub estimator_exact: usize,
    /// OGS autoscore positions judged.
    pub autoscore_positions: usize,
    /// Autoscore positions with every stone's status right.
    pub autoscore_stones_right: usize,
    /// Autoscore positions with every point's owner right.
    pub autoscore_points_right: usize,
    /// Time per position by board size (`9x9`, ...), smallest first.
    pub by_size: Vec<SizeTime>,
    /// Each position the judge got wrong, in words.
    pub misses: Vec<String>,
}

/// The judge's time on the positions of one board size.
#[derive(Debug, Serialize)]
pub(crate) struct SizeTime {
    /// The board size, `9x9`.
    pub size: String,
    /// Positions of that size judged.
    pub positions: usize,
    /// Wall-clock milliseconds per judged position (the mean).
    pub ms_per_position: f64,
    /// The median wall-clock milliseconds of one position.
    pub median_ms: f64,
    /// The median CPU milliseconds of one position (`None` without a CPU clock).
    pub cpu_median_ms: Option<f64>,
}

/// Which files of each path [`evaluate`] judges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub(crate) enum Half {
    /// All of them.
    #[default]
    All,
    /// Those at odd indices (from 0) of each path's sorted files: the development half, on
    /// which the judge's constants are chosen.
    Odd,
    /// Those at even indices: the half the figures of a change are reported on.
    Even,
}

impl Half {
    fn keeps(self, i: usize) -> bool {
        match self {
            Half::All => true,
            Half::Odd => !i.is_multiple_of(2),
            Half::Even => i.is_multiple_of(2),
        }
    }
}

/// How [`evaluate`] judges.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Settings {
    /// The judge's options (its defaults unless told otherwise).
    pub judge: Options,
    /// Which files of each path.
    pub half: Half,
}

/// Judge every position of the files under `paths` ([`tengen::sgf::files_under`]: `*.sgf`
/// records with a counted result, OGS `*.game` and autoscore `*.json` positions; other files
/// are left out) with the judge's options of `settings`, and compare the judgements with the
/// known answers. `skipped` gets each symbolic link to a directory that was not followed,
/// `problem` each file that could not be judged (its name and why).
///
/// # Errors
/// A path that cannot be walked or a file that cannot be read: the path and why.
pub(crate) fn evaluate(
    paths: &[PathBuf],
    settings: &Settings,
    skipped: &mut dyn FnMut(&Path),
    problem: &mut dyn FnMut(&str, &str),
) -> Result<Report, String> {
    let mut files = Vec::new();
    for p in paths {
        let mut under = Vec::new();
        files_under(p, &mut under, skipped).map_err(|e| format!("{}: {e}", p.display()))?;
        files.extend(
            under
                .into_iter()
                .enumerate()
                .filter(|(i, _)| settings.half.keeps(*i))
                .map(|(_, f)| f),
        );
    }
    let opts = &settings.judge;
    let mut rep = Report::default();
    let mut abs_err = 0f64;
    // per board size: positions judged and their seconds
    let mut sizes: BTreeMap<(usize, usize), Vec<Lap>> = BTreeMap::new();
    for f in &files {
        let ext = f
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let bytes = tengen::sgf::read_file(f).map_err(|e| format!("{}: {e}", f.display()))?;
        let name = f.display().to_string();
        match ext.as_str() {
            "sgf" => {
                rep.records += 1;
                let mut r = Replayer::new();
                let game = match r.replay(&bytes, &ReplayOptions::default()) {
                    Ok(g) if g.error.is_none() => g,
                    Ok(g) => {
                        problem(&name, &g.error.map(|e| e.to_string()).unwrap_or_default());
                        continue;
                    }
                    Err(e) => {
                        problem(&name, &e.to_string());
                        continue;
                    }
                };
                // a counted win (Fox's `RE[0]` is no count: its komi has a half point)
                let Some(want @ GameResult::Win { .. }) = game.result_points else {
                    continue;
                };
                let t = Stopwatch::start(CpuClock::Thread);
                let j = judge(&game.position(r.board().clone()), opts);
                timed(&mut sizes, r.board(), t.lap());
                rep.counted += 1;
                let got = j.result();
                let d = (got.black_minus_white() - want.black_minus_white()) as f64 / 2.0;
                abs_err += d.abs();
                let win = |r: GameResult| match r {
                    GameResult::Win { winner, .. } => Some(winner),
                    GameResult::Draw => None,
                };
                if win(got) == win(want) {
                    rep.winner_right += 1;
                }
                if got == want {
                    rep.exact += 1;
                } else {
                    rep.misses.push(format!(
                        "{name}: recorded {} judged {got} ({d:+}) dead {} seki {}{}",
                        game.result.as_deref().unwrap_or(""),
                        j.dead.len(),
                        j.seki.len(),
                        game.warnings
                            .iter()
                            .filter(|w| w.message.starts_with("KM["))
                            .map(|w| format!("; {}", w.message))
                            .collect::<String>()
                    ));
                }
            }
            "game" => {
                let (board, to_move, expected) = match read_game(&bytes) {
                    Ok(x) => x,
                    Err(e) => {
                        problem(&name, &e);
                        continue;
                    }
                };
                rep.estimator_positions += 1;
                let rules = Rules::from_name("japanese").expect("preset");
                let t = Stopwatch::start(CpuClock::Thread);
                let pos = Position {
                    to_move,
                    ..Position::new(board.clone(), rules)
                };
                let j = judge(&pos, opts);
                timed(&mut sizes, &board, t.lap());
                let mut wrong = Vec::new();
                for p in board.size().points() {
                    let i = p.y as usize * board.width() + p.x as usize;
                    let owner = j.score.owner(p);
                    let ok = match (board.get(p), expected[i]) {
                        (Some(c), true) => owner == Some(c.opponent()),
                        (Some(c), false) => owner == Some(c),
                        (None, true) => owner.is_none(),
                        (None, false) => true,
                    };
                    if !ok {
                        wrong.push(p);
                    }
                }
                if wrong.is_empty() {
                    rep.estimator_exact += 1;
                } else {
                    rep.misses.push(format!(
                        "{name}: {} points wrong {:?}",
                        wrong.len(),
                        short(&wrong)
                    ));
                }
            }
            "json" => {
                let (board, rules, correct) = match read_autoscore(&bytes) {
                    Ok(x) => x,
                    Err(e) => {
                        problem(&name, &e);
                        continue;
                    }
                };
                rep.autoscore_positions += 1;
                let t = Stopwatch::start(CpuClock::Thread);
                let j = judge(&Position::new(board.clone(), rules), opts);
                timed(&mut sizes, &board, t.lap());
                let mut wrong_stones = Vec::new();
                let mut wrong_points = Vec::new();
                for p in board.size().points() {
                    let i = p.y as usize * board.width() + p.x as usize;
                    let mine = j.score.owner(p);
                    if mine != correct[i] {
                        wrong_points.push(p);
                        if board.get(p).is_some() {
                            // a stone is judged right when its status is: dead (owned by the
                            // other colour) or not
                            let dead_mine = mine != board.get(p);
                            let dead_want = correct[i] != board.get(p);
                            if dead_mine != dead_want {
                                wrong_stones.push(p);
                            }
                        }
                    }
                }
                if wrong_stones.is_empty() {
                    rep.autoscore_stones_right += 1;
                }
                if wrong_points.is_empty() {
                    rep.autoscore_points_right += 1;
                } else {
                    rep.misses.push(format!(
                        "{name}: {} stones, {} points wrong {:?}",
                        wrong_stones.len(),
                        wrong_points.len(),
                        short(&wrong_points)
                    ));
                }
            }
            _ => {}
        }
    }
    rep.mean_abs_error = abs_err / rep.counted.max(1) as f64;
    let laps: Vec<Lap> = sizes.values().flatten().copied().collect();
    let mean_ms = |v: &[f64]| v.iter().sum::<f64>() * 1000.0 / v.len().max(1) as f64;
    let cpu = |laps: &[Lap]| laps.iter().map(|l| l.cpu).collect::<Option<Vec<f64>>>();
    rep.ms_per_position = mean_ms(&laps.iter().map(|l| l.wall).collect::<Vec<_>>());
    rep.cpu_ms_per_position = cpu(&laps).map(|c| mean_ms(&c));
    rep.by_size = sizes
        .iter()
        .map(|(&(w, h), laps)| {
            let wall: Vec<f64> = laps.iter().map(|l| l.wall).collect();
            SizeTime {
                size: format!("{w}x{h}"),
                positions: laps.len(),
                ms_per_position: mean_ms(&wall),
                median_ms: median(wall) * 1000.0,
                cpu_median_ms: cpu(laps).map(|c| median(c) * 1000.0),
            }
        })
        .collect();
    Ok(rep)
}

/// Count one judged position of `board`'s size that took `lap`.
fn timed(sizes: &mut BTreeMap<(usize, usize), Vec<Lap>>, board: &Board, lap: Lap) {
    sizes
        .entry((board.width(), board.height()))
        .or_default()
        .push(lap);
}

fn short(v: &[Point]) -> Vec<(u8, u8)> {
    v.iter().take(6).map(|p| (p.x, p.y)).collect()
}

/// An OGS score-estimator test position: the board, who moves, and per point (row-major)
/// whether it is marked (a dead stone or a dame point).
fn read_game(bytes: &[u8]) -> Result<(Board, Color, Vec<bool>), String> {
    let text = std::str::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())?;
    let mut h = 0usize;
    let mut w = 0usize;
    let mut to_move = Color::Black;
    let mut rows: Vec<Vec<i32>> = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let l = line.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let bad = || format!("line {}: cannot read {l:?}", n + 1);
        if let Some(v) = l.strip_prefix("height") {
            h = v.trim().parse().map_err(|_| bad())?;
        } else if let Some(v) = l.strip_prefix("width") {
            w = v.trim().parse().map_err(|_| bad())?;
        } else if let Some(v) = l.strip_prefix("player_to_move") {
            to_move = if v.trim() == "-1" {
                Color::White
            } else {
                Color::Black
            };
        } else {
            rows.push(
                l.split_whitespace()
                    .map(|t| t.parse().map_err(|_| bad()))
                    .collect::<Result<_, _>>()?,
            );
        }
    }
    if rows.len() != 2 * h || rows.iter().any(|r| r.len() != w) {
        return Err(format!("expected {} rows of {w} numbers", 2 * h));
    }
    let size = Size::new(w, h).map_err(|e| e.to_string())?;
    let mut board = Board::new(size);
    let mut edits = Vec::new();
    for (y, r) in rows[..h].iter().enumerate() {
        for (x, &v) in r.iter().enumerate() {
            let c = match v {
                1 => Some(Color::Black),
                -1 => Some(Color::White),
                _ => None,
            };
            edits.push((Point::new(x as u8, y as u8), c));
        }
    }
    board.edit(edits);
    let marked = rows[h..].iter().flatten().map(|&v| v == 1).collect();
    Ok((board, to_move, marked))
}

/// An OGS autoscore test position: the board, its rules (Japanese when not given) and the
/// correct owner of every point (row-major).
fn read_autoscore(bytes: &[u8]) -> Result<(Board, Rules, Vec<Option<Color>>), String> {
    let v: serde_json::Value = serde_json::from_slice(bytes).map_err(|e| e.to_string())?;
    let rows = |key: &str| -> Result<Vec<String>, String> {
        v.get(key)
            .and_then(|r| r.as_array())
            .ok_or_else(|| format!("no {key:?} rows"))?
            .iter()
            .map(|r| {
                r.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("{key:?} row is not text"))
            })
            .collect()
    };
    let board_rows = rows("board")?;
    let correct_rows = rows("correct_ownership")?;
    let h = board_rows.len();
    let w = board_rows.first().map_or(0, |r| r.chars().count());
    let size = Size::new(w, h).map_err(|e| e.to_string())?;
    let mut board = Board::new(size);
    let mut edits = Vec::new();
    let mut correct = Vec::new();
    for (y, (r, c)) in board_rows.iter().zip(&correct_rows).enumerate() {
        if r.chars().count() != w || c.chars().count() != w {
            return Err(format!("row {y} is not {w} points wide"));
        }
        for (x, (a, b)) in r.chars().zip(c.chars()).enumerate() {
            let stone = match a {
                'b' | 'B' => Some(Color::Black),
                'w' | 'W' => Some(Color::White),
                _ => None,
            };
            edits.push((Point::new(x as u8, y as u8), stone));
            correct.push(match b {
                'B' | 'b' => Some(Color::Black),
                'W' | 'w' => Some(Color::White),
                _ => None,
            });
        }
    }
    board.edit(edits);
    let rules_name = v
        .get("rules")
        .and_then(|r| r.as_str())
        .unwrap_or("japanese");
    let rules = Rules::from_name(rules_name).map_err(|e| e.to_string())?;
    Ok((board, rules, correct))
}

/// Options of `tengen bench judge`.
#[derive(Args, Debug)]
pub struct JudgeBenchArgs {
    /// SGF records with a counted result, OGS score-estimator `*.game` and autoscore `*.json`
    /// positions, and directories searched recursively for them.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Playouts of the judge's estimate (default: the judge's own).
    #[arg(long)]
    playouts: Option<u32>,
    /// Turn stages of the judge off, to measure what they buy: a comma-separated list of
    /// certain, estimated, read, seki, finish.
    #[arg(long, value_name = "STAGE,...", value_parser = Stages::parse)]
    without: Option<Stages>,
    /// Which files of each path: those at odd indices of its sorted files (the development
    /// half, on which the judge's constants are chosen), at even ones (the half they are
    /// reported on), or all.
    #[arg(long, value_enum, default_value_t = Half::All)]
    half: Half,
    /// List every position the judge gets wrong.
    #[arg(long)]
    misses: bool,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Run `tengen bench judge`; returns the exit status.
pub fn run(a: &JudgeBenchArgs) -> i32 {
    let mut settings = Settings {
        half: a.half,
        ..Settings::default()
    };
    if let Some(n) = a.playouts {
        settings.judge.playouts = n;
    }
    if let Some(w) = a.without {
        settings.judge.without = w;
    }
    let rep = match evaluate(
        &a.paths,
        &settings,
        &mut |p| {
            eprintln!(
                "tengen bench judge: note: {}: a symbolic link to a directory, not followed",
                p.display()
            )
        },
        &mut |name, why| eprintln!("tengen bench judge: {name}: {why}"),
    ) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("tengen bench judge: {e}");
            return EXIT_USAGE;
        }
    };
    if rep.counted + rep.estimator_positions + rep.autoscore_positions == 0 {
        eprintln!(
            "tengen bench judge: no position with a known answer found (SGF records with a \
             counted result, *.game or *.json positions)"
        );
        return EXIT_USAGE;
    }
    if a.json {
        return match serde_json::to_string(&rep) {
            Ok(s) => {
                outln!("bench", "{s}");
                0
            }
            Err(e) => {
                eprintln!("tengen bench judge: {e}");
                1
            }
        };
    }
    print_text(&rep, a.misses)
}

fn print_text(rep: &Report, misses: bool) -> i32 {
    if misses {
        for m in &rep.misses {
            outln!("bench", "miss {m}");
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    if rep.counted > 0 {
        outln!(
            "bench",
            "records: {} counted of {}; winner right {} ({:.1}%), exact {} ({:.1}%), mean abs error {:.2}",
            rep.counted,
            rep.records,
            rep.winner_right,
            pct(rep.winner_right, rep.counted),
            rep.exact,
            pct(rep.exact, rep.counted),
            rep.mean_abs_error
        );
    }
    if rep.estimator_positions > 0 {
        outln!(
            "bench",
            "score-estimator positions: {} of {} exactly right",
            rep.estimator_exact,
            rep.estimator_positions
        );
    }
    if rep.autoscore_positions > 0 {
        outln!(
            "bench",
            "autoscore positions: {} of {} with every stone right, {} with every point right",
            rep.autoscore_stones_right,
            rep.autoscore_positions,
            rep.autoscore_points_right
        );
    }
    let positions: usize = rep.by_size.iter().map(|t| t.positions).sum();
    let cpu = |c: Option<f64>| c.map_or(String::new(), |c| format!("CPU {c:.2} ms, "));
    outln!(
        "bench",
        "{positions} positions, per position: {}wall {:.2} ms (means)",
        cpu(rep.cpu_ms_per_position),
        rep.ms_per_position
    );
    for t in &rep.by_size {
        outln!(
            "bench",
            "  {}: {} positions, medians: {}wall {:.2} ms",
            t.size,
            t.positions,
            cpu(t.cpu_median_ms),
            t.median_ms
        );
    }
    0
}
