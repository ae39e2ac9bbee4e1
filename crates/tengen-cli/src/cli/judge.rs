//! Judging real records from the command line: reading a record's final position with its
//! rules, komi (servers' private encodings recognised) and captures, and `tengen bench judge`,
//! the evaluation of [`tengen::judge`] against recorded results and the OGS test sets.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use serde::Serialize;
use tengen::judge::{judge, Judgement, Options};
use tengen::score::GameResult;
use tengen::sgf::{Replay, ReplayOptions, Replayer};
use tengen::{Board, Color, Komi, Point, Rules, Size};

use super::args::outln;

/// A record's position ready to judge: the board its replay ended on, and the replay (its
/// rules with the komi read, the player to move, captures, handicap and recorded result).
pub struct Record {
    /// The position.
    pub board: Board,
    /// The replay that reached it (without an illegal move).
    pub replay: Replay,
}

impl Record {
    /// Readings the replay took that the user should know about (servers' komi encodings).
    pub fn notes(&self) -> Vec<String> {
        komi_notes(&self.replay)
    }
}

/// The replay's warnings about the komi it read (servers' encodings): the ones `tengen score`
/// and `tengen render` pass on.
fn komi_notes(rep: &Replay) -> Vec<String> {
    rep.warnings
        .iter()
        .filter(|w| w.message.starts_with("KM["))
        .map(|w| w.message.clone())
        .collect()
}

/// Replay `sgf` to its end (or `until` moves) and read rules, komi and result. `rules` and
/// `komi` override the record's.
pub fn read_record(
    sgf: &[u8],
    until: Option<usize>,
    rules: Option<Rules>,
    komi: Option<Komi>,
) -> Result<Record, String> {
    let mut r = Replayer::new();
    let opts = ReplayOptions {
        rules,
        komi,
        until,
        ..ReplayOptions::default()
    };
    // the replay driver reads the komi (servers' encodings included) and the result
    let rep = r.replay(sgf, &opts).map_err(|e| e.to_string())?;
    if let Some(e) = rep.error {
        return Err(e.to_string());
    }
    Ok(Record {
        board: r.board().clone(),
        replay: rep,
    })
}

/// Judge `board`, the position a replay ended on, with the replay's rules, player to move,
/// captures and handicap (`tengen bench judge`, `tengen replay --score`); `playouts` replaces
/// the judge's default number.
pub fn judge_replay(board: &Board, rep: &Replay, playouts: Option<u32>) -> Judgement {
    let mut o = Options {
        captures: rep.captures,
        handicap: rep.handicap,
        ..Options::default()
    };
    if let Some(n) = playouts {
        o.playouts = n;
    }
    judge(board, &rep.rules, rep.to_move, &o)
}

/// Options of `tengen bench judge`.
pub struct BenchJudge {
    /// Files and directories (`*.sgf` records, OGS `*.game` and autoscore `*.json`).
    pub paths: Vec<PathBuf>,
    /// Playouts per position (default: the judge's).
    pub playouts: Option<u32>,
    /// JSON instead of text.
    pub json: bool,
    /// List every miss.
    pub misses: bool,
}

#[derive(Serialize, Default)]
struct Report {
    records: usize,
    counted: usize,
    winner_right: usize,
    exact: usize,
    mean_abs_error: f64,
    ms_per_position: f64,
    estimator_positions: usize,
    estimator_exact: usize,
    autoscore_positions: usize,
    autoscore_stones_right: usize,
    autoscore_points_right: usize,
    /// Time per position by board size (`9x9`, ...), smallest first.
    by_size: Vec<SizeTime>,
    misses: Vec<String>,
}

/// The judge's time on the positions of one board size.
#[derive(Serialize)]
struct SizeTime {
    size: String,
    positions: usize,
    ms_per_position: f64,
}

/// The files under `p` (a file, or a directory searched recursively, sorted). A symbolic
/// link to a directory inside one is not followed (a loop of links would never end): a note
/// on stderr says so. The paths given are followed.
pub(super) fn collect(p: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    if p.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(p)?.collect::<Result<_, _>>()?;
        entries.sort_by_key(|e| e.path());
        for e in entries {
            let path = e.path();
            if e.file_type().is_ok_and(|t| t.is_symlink()) && path.is_dir() {
                eprintln!(
                    "tengen bench: note: {}: a symbolic link to a directory, not followed",
                    path.display()
                );
                continue;
            }
            collect(&path, out)?;
        }
    } else if p.is_file() {
        out.push(p.to_path_buf());
    } else {
        return Err(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("{} is neither a file nor a directory", p.display()),
        ));
    }
    Ok(())
}

/// Run `tengen bench judge`; returns the exit status.
pub fn bench(a: &BenchJudge) -> i32 {
    let mut files = Vec::new();
    for p in &a.paths {
        if let Err(e) = collect(p, &mut files) {
            eprintln!("tengen bench judge: {}: {e}", p.display());
            return super::EXIT_USAGE;
        }
    }
    let mut rep = Report::default();
    let mut abs_err = 0f64;
    // per board size: positions judged and their seconds
    let mut sizes: BTreeMap<(usize, usize), (usize, f64)> = BTreeMap::new();
    for f in &files {
        let ext = f
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_ascii_lowercase();
        let bytes = match tengen::sgf::read_file(f) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("tengen bench judge: {}: {e}", f.display());
                return 1;
            }
        };
        let name = f.display().to_string();
        match ext.as_str() {
            "sgf" => {
                rep.records += 1;
                let rec = match read_record(&bytes, None, None, None) {
                    Ok(r) => r,
                    Err(e) => {
                        eprintln!("tengen bench judge: {name}: {e}");
                        continue;
                    }
                };
                // a counted win (Fox's `RE[0]` is no count: its komi has a half point)
                let Some(want @ GameResult::Win { .. }) = rec.replay.result_points else {
                    continue;
                };
                let t = Instant::now();
                let j = judge_replay(&rec.board, &rec.replay, a.playouts);
                timed(&mut sizes, &rec.board, t.elapsed().as_secs_f64());
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
                        rec.replay.result.as_deref().unwrap_or(""),
                        j.dead.len(),
                        j.seki.len(),
                        rec.notes()
                            .iter()
                            .map(|n| format!("; {n}"))
                            .collect::<String>()
                    ));
                }
            }
            "game" => {
                let (board, to_move, expected) = match read_game(&bytes) {
                    Ok(x) => x,
                    Err(e) => {
                        eprintln!("tengen bench judge: {name}: {e}");
                        continue;
                    }
                };
                rep.estimator_positions += 1;
                let rules = Rules::from_name("japanese").expect("preset");
                let t = Instant::now();
                let j = judge_with(&board, &rules, to_move, a.playouts);
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
                        eprintln!("tengen bench judge: {name}: {e}");
                        continue;
                    }
                };
                rep.autoscore_positions += 1;
                let t = Instant::now();
                let j = judge_with(&board, &rules, Color::Black, a.playouts);
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
    let positions: usize = sizes.values().map(|v| v.0).sum();
    let seconds: f64 = sizes.values().map(|v| v.1).sum();
    rep.ms_per_position = seconds * 1000.0 / positions.max(1) as f64;
    rep.by_size = sizes
        .iter()
        .map(|(&(w, h), &(n, secs))| SizeTime {
            size: format!("{w}x{h}"),
            positions: n,
            ms_per_position: secs * 1000.0 / n as f64,
        })
        .collect();
    if a.json {
        match serde_json::to_string(&rep) {
            Ok(s) => outln!("bench judge", "{s}"),
            Err(e) => {
                eprintln!("tengen bench judge: {e}");
                return 1;
            }
        }
        return 0;
    }
    if a.misses {
        for m in &rep.misses {
            outln!("bench judge", "miss {m}");
        }
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    if rep.counted > 0 {
        outln!("bench judge", 
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
            "bench judge",
            "score-estimator positions: {} of {} exactly right",
            rep.estimator_exact,
            rep.estimator_positions
        );
    }
    if rep.autoscore_positions > 0 {
        outln!(
            "bench judge",
            "autoscore positions: {} of {} with every stone right, {} with every point right",
            rep.autoscore_stones_right,
            rep.autoscore_positions,
            rep.autoscore_points_right
        );
    }
    outln!(
        "bench judge",
        "{positions} positions, {:.2} ms per position",
        rep.ms_per_position
    );
    if rep.by_size.len() > 1 {
        for t in &rep.by_size {
            outln!(
                "bench judge",
                "  {}: {} positions, {:.2} ms per position",
                t.size,
                t.positions,
                t.ms_per_position
            );
        }
    }
    0
}

/// Count one judged position of `board`'s size that took `secs`.
fn timed(sizes: &mut BTreeMap<(usize, usize), (usize, f64)>, board: &Board, secs: f64) {
    let e = sizes.entry((board.width(), board.height())).or_default();
    e.0 += 1;
    e.1 += secs;
}

fn short(v: &[Point]) -> Vec<(u8, u8)> {
    v.iter().take(6).map(|p| (p.x, p.y)).collect()
}

fn judge_with(board: &Board, rules: &Rules, to_move: Color, playouts: Option<u32>) -> Judgement {
    let mut o = Options::default();
    if let Some(n) = playouts {
        o.playouts = n;
    }
    judge(board, rules, to_move, &o)
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

/// One file's answer of `tengen score`.
#[derive(Serialize)]
struct ScoreReport {
    file: String,
    result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    recorded: Option<String>,
    dead: Vec<[u8; 2]>,
    seki: Vec<[u8; 2]>,
    rules: String,
    komi: Komi,
    score: tengen::score::Score,
    #[serde(skip_serializing_if = "Option::is_none")]
    ownership: Option<Vec<Vec<f32>>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    notes: Vec<String>,
}

/// How `--dead` was given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dead {
    /// The judge decides (`auto`).
    Auto,
    /// No dead stones (`none`).
    None,
    /// The points given.
    Points,
}

/// The `--dead` mode: `auto` anywhere in the list, else `none` when only `none` is given (or
/// nothing for a board), else the points; nothing for a record means `auto`.
pub fn dead_mode(list: &[String], record: bool) -> Dead {
    let toks: Vec<&str> = list
        .iter()
        .flat_map(|l| l.split([' ', ';', '\t']))
        .filter(|t| !t.is_empty())
        .collect();
    if toks.contains(&"auto") {
        Dead::Auto
    } else if toks.is_empty() {
        if record {
            Dead::Auto
        } else {
            Dead::None
        }
    } else if toks.iter().all(|t| *t == "none") {
        Dead::None
    } else {
        Dead::Points
    }
}

/// `tengen score FILES...` and `--dead auto`: score records (or boards) with the judge.
/// Returns the exit status.
pub fn score_command(args: &super::score::ScoreArgs) -> i32 {
    use std::io::Write;
    let fail = |msg: String| {
        eprintln!("tengen score: {msg}");
        super::EXIT_USAGE
    };
    let mut inputs: Vec<(String, Vec<u8>)> = Vec::new();
    if args.files.is_empty() {
        match super::read_board_input() {
            Ok(b) => inputs.push(("-".to_string(), b)),
            Err(e) => return fail(e),
        }
    }
    for f in &args.files {
        match tengen::sgf::read_file(f) {
            Ok(b) => inputs.push((f.display().to_string(), b)),
            Err(e) => return fail(format!("{}: {e}", f.display())),
        }
    }
    let many = inputs.len() > 1;
    let mut out = String::new();
    let mut status = 0;
    for (name, bytes) in &inputs {
        let is_sgf = bytes
            .iter()
            .find(|b| !b.is_ascii_whitespace())
            .is_some_and(|&b| b == b'(');
        let (board, rules, to_move, captures, handicap, recorded, notes) = if is_sgf {
            let rec = match read_record(
                bytes,
                args.move_number,
                args.scoring.rules,
                args.scoring.komi,
            ) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("tengen score: {name}: {e}");
                    status = super::EXIT_USAGE;
                    continue;
                }
            };
            let notes = rec.notes();
            let r = rec.replay;
            (
                rec.board, r.rules, r.to_move, r.captures, r.handicap, r.result, notes,
            )
        } else {
            if args.move_number.is_some() {
                return fail(format!("{name}: --move needs an SGF record, not a board"));
            }
            let board = match tengen::formats::text::read_board_bytes(bytes, args_input(args)) {
                Ok(b) => b,
                Err(e) => return fail(format!("{name}: {e}")),
            };
            let rules = args.scoring.board_rules();
            (board, rules, Color::Black, [0, 0], 0, None, Vec::new())
        };
        for n in &notes {
            eprintln!("tengen score: {name}: warning: {n}");
        }
        // the count's options: the record's facts, with `--captures`, `--handicap` and the
        // dead-stone points of the command line over them
        let facts = super::score::RecordFacts {
            rules,
            captures,
            handicap,
        };
        let mut opts = match args.scoring.options(board.size(), Some(facts)) {
            Ok(o) => o,
            Err(e) => return fail(format!("{name}: {e}")),
        };
        let (score, dead, seki, ownership) = match dead_mode(&args.scoring.dead, is_sgf) {
            Dead::Auto => {
                let o = Options {
                    captures: opts.captures,
                    handicap: opts.handicap,
                    ..Options::default()
                };
                let j = judge(&board, &rules, to_move, &o);
                (j.score, j.dead, j.seki, Some(j.ownership))
            }
            mode => {
                if matches!(mode, Dead::None) {
                    opts.dead.clear();
                }
                let s = match tengen::score::score(&board, &opts) {
                    Ok(s) => s,
                    Err(e) => return fail(format!("{name}: {e}")),
                };
                let dead = opts.dead.clone();
                let seki = board.size().points().filter(|&p| s.is_seki(p)).collect();
                (s, dead, seki, None)
            }
        };
        let result = score.result.to_string();
        if args.json {
            let w = board.width();
            let rep = ScoreReport {
                file: name.clone(),
                result,
                recorded,
                dead: dead.iter().map(|p| [p.x, p.y]).collect(),
                seki: seki.iter().map(|p| [p.x, p.y]).collect(),
                rules: rules
                    .preset()
                    .map_or_else(|| "custom".to_string(), |p| p.name().to_string()),
                komi: rules.komi,
                score,
                ownership: if args.ownership {
                    ownership.map(|o| {
                        o.chunks(w)
                            .map(|r| r.iter().map(|v| (v * 100.0).round() / 100.0).collect())
                            .collect()
                    })
                } else {
                    None
                },
                notes,
            };
            match serde_json::to_string(&rep) {
                Ok(s) => {
                    out.push_str(&s);
                    out.push('\n');
                }
                Err(e) => return fail(e.to_string()),
            }
        } else {
            if args.text {
                if many {
                    out.push_str(&format!("{name}:\n"));
                }
                out.push_str(&super::score::picture(&board, &score, args.plain));
            } else if many {
                out.push_str(&format!("{name}: "));
            }
            out.push_str(&result);
            if let Some(r) = &recorded {
                out.push_str(&format!(" (recorded {r})"));
            }
            out.push('\n');
        }
    }
    let mut so = std::io::stdout().lock();
    if let Err(e) = so.write_all(out.as_bytes()).and_then(|_| so.flush()) {
        super::args::stdout_failed("score", &e);
        return 1;
    }
    status
}

fn args_input(args: &super::score::ScoreArgs) -> tengen::formats::text::InputFormat {
    args.input
}
