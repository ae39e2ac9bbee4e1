//! The judge of finished games measured on positions with known answers: the records'
//! counted results and OGS's two test sets (`../shared/data/scoring`). `examples/bench_judge.rs`
//! prints these figures; `tests/judge_sets.rs` holds the judge to them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;
use tengen::count::Position;
use tengen::judge::{judge, Options};
use tengen::score::GameResult;
use tengen::sgf::{files_under, ReplayOptions, Replayer};
use tengen::{Board, Color, Point, Rules, Size};

/// What [`evaluate`] measured (`examples/bench_judge.rs --json` prints it).
#[derive(Debug, Serialize, Default)]
pub struct Report {
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
    /// Milliseconds per judged position.
    pub ms_per_position: f64,
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
pub struct SizeTime {
    /// The board size, `9x9`.
    pub size: String,
    /// Positions of that size judged.
    pub positions: usize,
    /// Milliseconds per judged position.
    pub ms_per_position: f64,
    /// The median milliseconds of one position.
    pub median_ms: f64,
}

/// Which files of each path [`evaluate`] judges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Half {
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
    /// `odd`, `even` or `all`.
    pub fn from_name(s: &str) -> Option<Half> {
        match s {
            "all" => Some(Half::All),
            "odd" => Some(Half::Odd),
            "even" => Some(Half::Even),
            _ => None,
        }
    }

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
pub struct Settings {
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
pub fn evaluate(
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
    let mut sizes: BTreeMap<(usize, usize), Vec<f64>> = BTreeMap::new();
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
                let t = Instant::now();
                let j = judge(&game.position(r.board().clone()), opts);
                timed(&mut sizes, r.board(), t.elapsed().as_secs_f64());
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
                let t = Instant::now();
                let pos = Position {
                    to_move,
                    ..Position::new(board.clone(), rules)
                };
                let j = judge(&pos, opts);
                timed(&mut sizes, &board, t.elapsed().as_secs_f64());
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
                let t = Instant::now();
                let j = judge(&Position::new(board.clone(), rules), opts);
                timed(&mut sizes, &board, t.elapsed().as_secs_f64());
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
    let positions: usize = sizes.values().map(Vec::len).sum();
    let seconds: f64 = sizes.values().flatten().sum();
    rep.ms_per_position = seconds * 1000.0 / positions.max(1) as f64;
    rep.by_size = sizes
        .iter_mut()
        .map(|(&(w, h), secs)| {
            secs.sort_by(f64::total_cmp);
            SizeTime {
                size: format!("{w}x{h}"),
                positions: secs.len(),
                ms_per_position: secs.iter().sum::<f64>() * 1000.0 / secs.len() as f64,
                median_ms: secs[secs.len() / 2] * 1000.0,
            }
        })
        .collect();
    Ok(rep)
}

/// Count one judged position of `board`'s size that took `secs`.
fn timed(sizes: &mut BTreeMap<(usize, usize), Vec<f64>>, board: &Board, secs: f64) {
    sizes
        .entry((board.width(), board.height()))
        .or_default()
        .push(secs);
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
