//! `tengen score`: count a final position read from stdin.

use clap::Args;
use serde::Serialize;
use tengen::count::{count, DeadStones, Position};
use tengen::formats::text::{read_board_bytes, render, InputFormat};
use tengen::judge::Options as JudgeOptions;
use tengen::vertex::column_name;
use tengen::{Board, Color, Komi, Point, Preset, Rules, Size};

use super::args::{json_line, parse_point_as, picture_style, print};
use super::record::read_record;
use super::EXIT_USAGE;

/// Options of `tengen score`.
#[derive(Args, Debug)]
pub struct ScoreArgs {
    /// SGF records (or board files) to score; without files a board is read from stdin.
    /// A record is scored at its end (or `--move N`) with its rules, komi, handicap and
    /// captures, and its dead stones judged (`--dead auto`, the default for records).
    pub files: Vec<std::path::PathBuf>,
    /// Score a record after this many moves (passes count).
    #[arg(long = "move", value_name = "N")]
    pub move_number: Option<usize>,
    /// With --json, also give the judge's ownership of every point (+1 Black, -1 White).
    #[arg(long, requires = "json")]
    pub ownership: bool,
    #[command(flatten)]
    pub scoring: ScoringArgs,
    /// Print the breakdown per player and the owner of every point as JSON.
    #[arg(long, conflicts_with = "text")]
    pub json: bool,
    /// Print a picture of the count before the result: stones `X`/`O`, points counted for
    /// Black `x` and for White `o` (dead stones show as the territory they count as), with
    /// coordinates like every tengen board picture.
    #[arg(long)]
    pub text: bool,
    /// With --text, bare rows without coordinates or star points.
    #[arg(long, requires = "text")]
    pub plain: bool,
    /// Board format on stdin: auto, json, text or digits.
    #[arg(long, default_value = "auto")]
    pub input: InputFormat,
    /// After the result, the judge's trace: a line per chain with its colour, its stones
    /// (GTP vertices), its status, the judge's stage that decided it and why (`dead, read,
    /// read: captured in 3 moves, proven`). With --json, a `chains` list of the same. A
    /// board is then judged too (`--dead auto`) unless `--dead` says otherwise.
    #[arg(long)]
    pub explain: bool,
}

/// The counting options shared by `tengen score` and `tengen render --score`.
#[derive(Args, Debug, Clone)]
pub struct ScoringArgs {
    /// Rule set (tromp-taylor, chinese, japanese, aga, stone-scoring, ...): how the count is
    /// made and which moves are legal (default: an SGF record's own rules, else chinese).
    #[arg(long, value_name = "RULES")]
    pub rules: Option<Rules>,
    /// Komi, a whole or half number (default: the rule set's, or an SGF record's KM).
    #[arg(long, allow_negative_numbers = true)]
    pub komi: Option<Komi>,
    /// Dead stones: `auto` (judge them), `none`, or points `x,y` (column, row from 0 at the
    /// top) or GTP vertices (`D4`), separated by spaces or semicolons; each marks its whole
    /// chain. May be repeated. Default: `auto` for records, `none` for boards.
    #[arg(long, value_name = "auto|none|POINTS")]
    pub dead: Vec<String>,
    /// Stones captured during the game by Black and by White: `B,W` (default: an SGF
    /// record's, else 0,0).
    #[arg(long, value_name = "B,W", value_parser = parse_captures)]
    captures: Option<[u32; 2]>,
    /// Handicap stones Black received, for the rule set's white bonus (default: an SGF
    /// record's HA, else 0).
    #[arg(long, value_name = "N")]
    handicap: Option<u32>,
    /// Before counting, remove the stones Benson's pass-alive analysis proves dead (`render`:
    /// with --score).
    #[arg(long)]
    pub pass_alive: bool,
}

/// The rules of a board without a record when `--rules` is absent.
pub const DEFAULT_RULES: Preset = Preset::Chinese;

/// What an SGF record says about its count: its rules (after `--rules` and `--komi`, which
/// the replay applies), the stones captured and the handicap.
#[derive(Clone, Copy, Debug)]
pub struct RecordFacts {
    /// The rules the record was replayed under.
    pub rules: Rules,
    /// Stones captured by Black and by White.
    pub captures: [u32; 2],
    /// Handicap stones (`HA`).
    pub handicap: u32,
}

impl ScoringArgs {
    /// The rules for a board without a record: `--rules`, else [`DEFAULT_RULES`], with
    /// `--komi` over the rule set's komi.
    pub fn board_rules(&self) -> Rules {
        let mut rules = self.rules.unwrap_or_else(|| DEFAULT_RULES.rules());
        if let Some(k) = self.komi {
            rules.komi = k;
        }
        rules
    }

    /// The position to count: `board` with `to_move` to play, and a record's facts where
    /// the options leave them out; the error names a handicap or captures out of range.
    pub fn position(
        &self,
        board: Board,
        to_move: Color,
        record: Option<RecordFacts>,
    ) -> Result<Position, String> {
        let pos = Position {
            rules: record.map_or_else(|| self.board_rules(), |r| r.rules),
            captures: self
                .captures
                .or(record.map(|r| r.captures))
                .unwrap_or([0, 0]),
            handicap: self.handicap.or(record.map(|r| r.handicap)).unwrap_or(0),
            to_move,
            board,
        };
        pos.check().map_err(|e| e.to_string())?;
        Ok(pos)
    }

    /// The dead-stone points given (`--dead` points; `auto` and `none` left out), checked on
    /// a board of `size`.
    pub fn dead_points(&self, size: Size) -> Result<Vec<Point>, String> {
        let mut dead = Vec::new();
        for list in &self.dead {
            for tok in list
                .split([' ', ';', '\t'])
                .filter(|t| !t.is_empty() && *t != "none" && *t != "auto")
            {
                dead.push(parse_point_as("dead stone", tok, size)?);
            }
        }
        Ok(dead)
    }

    /// How the dead stones are decided in `mode` (see [`dead_mode`]): the judge, none, or the
    /// points given, with `--pass-alive` the stones Benson's analysis proves dead besides.
    pub fn dead_stones(&self, mode: Dead, size: Size) -> Result<DeadStones, String> {
        let given = match mode {
            Dead::Auto => return Ok(DeadStones::Judged(JudgeOptions::default())),
            Dead::None => Vec::new(),
            Dead::Points => self.dead_points(size)?,
        };
        Ok(match (self.pass_alive, given.is_empty()) {
            (true, _) => DeadStones::PassAlive(given),
            (false, true) => DeadStones::None,
            (false, false) => DeadStones::Given(given),
        })
    }
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

fn parse_captures(s: &str) -> Result<[u32; 2], String> {
    let err = || format!("captures {s:?} must be two counts B,W such as 3,0");
    let (b, w) = s.split_once(',').ok_or_else(err)?;
    Ok([
        b.trim().parse().map_err(|_| err())?,
        w.trim().parse().map_err(|_| err())?,
    ])
}

/// Run the command; returns the exit status.
pub fn run(args: &ScoreArgs) -> i32 {
    if !args.files.is_empty()
        || args.explain
        || args.scoring.dead.iter().any(|d| d.trim() == "auto")
    {
        return score_files(args);
    }
    let fail = |msg: String| {
        eprintln!("tengen score: {msg}");
        EXIT_USAGE
    };
    let input = match super::read_board_input() {
        Ok(s) => s,
        Err(e) => return fail(e),
    };
    let board = match read_board_bytes(&input, args.input) {
        Ok(b) => b,
        Err(e) => return fail(e.to_string()),
    };
    let size = board.size();
    let (pos, dead) = match args
        .scoring
        .position(board, Color::Black, None)
        .and_then(|p| {
            let d = args.scoring.dead_stones(Dead::Points, size)?;
            Ok((p, d))
        }) {
        Ok(x) => x,
        Err(e) => return fail(e),
    };
    let s = match count(&pos, &dead) {
        Ok(c) => c.score,
        Err(e) => return fail(e.to_string()),
    };
    let board = pos.board;
    let text = if args.json {
        json_line(&s)
    } else if args.text {
        let mut t = picture(&board, &s, args.plain);
        t.push_str(&format!("{}\n", s.result));
        t
    } else {
        format!("{}\n", s.result)
    };
    print("score", &text, 0)
}

/// The picture of a count (`--text`): stones `X`/`O`, points counted for Black `x` and for
/// White `o`; a dead stone shows as the territory it counts as, or `.` when nobody's.
pub fn picture(board: &tengen::Board, s: &tengen::score::Score, plain: bool) -> String {
    render(board, picture_style(plain), |p| {
        match (board.get(p), s.owner(p)) {
            (Some(c), Some(o)) if c == o => None,
            (_, Some(Color::Black)) => Some('x'),
            (_, Some(Color::White)) => Some('o'),
            // a dead stone counted for nobody
            (Some(_), None) => Some('.'),
            (None, None) => None,
        }
    })
}

/// One file's answer of `tengen score --json`.
#[derive(Serialize)]
struct ScoreReport {
    file: String,
    result: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    /// The record's `RE` as written (a Fox Chinese record's margin in stones).
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
    /// With --explain: the judgement of every chain.
    #[serde(skip_serializing_if = "Option::is_none")]
    chains: Option<Vec<ChainTrace>>,
}

/// One chain's line of `--explain`.
#[derive(Serialize)]
struct ChainTrace {
    /// `B` or `W`.
    color: &'static str,
    /// Its stones as GTP vertices, sorted by row from the top.
    stones: Vec<String>,
    status: &'static str,
    /// The judge's stage that decided it (`null` when the dead stones were given).
    stage: Option<&'static str>,
    reason: String,
}

/// The most vertices of a chain a line of the text trace lists.
const TRACE_STONES: usize = 6;

/// The trace of every chain of `c` on a board `height` rows high.
fn traces(c: &tengen::count::Count, height: usize) -> Vec<ChainTrace> {
    c.chains
        .iter()
        .map(|ch| ChainTrace {
            color: if ch.color == Color::Black { "B" } else { "W" },
            stones: ch
                .stones
                .iter()
                .map(|p| format!("{}{}", column_name(p.x as usize), height - p.y as usize))
                .collect(),
            status: ch.status.name(),
            stage: ch.stage.map(|s| s.name()),
            reason: ch.reason.to_string(),
        })
        .collect()
}

/// The text lines of `--explain`: `B D4 E4: dead, read, read: captured in 3 moves, proven`
/// (at most [`TRACE_STONES`] vertices, then the number of stones).
fn trace_text(traces: &[ChainTrace]) -> String {
    let mut out = String::new();
    for t in traces {
        let mut stones = t.stones[..t.stones.len().min(TRACE_STONES)].join(" ");
        if t.stones.len() > TRACE_STONES {
            stones.push_str(&format!(" ... ({} stones)", t.stones.len()));
        }
        out.push_str(&format!(
            "  {} {stones}: {}, {}, {}\n",
            t.color,
            t.status,
            t.stage.unwrap_or("given"),
            t.reason
        ));
    }
    out
}

/// `tengen score FILES...` and `--dead auto`: count records (their dead stones judged by
/// default) or boards. Returns the exit status.
fn score_files(args: &ScoreArgs) -> i32 {
    let fail = |msg: String| {
        eprintln!("tengen score: {msg}");
        EXIT_USAGE
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
        let (board, to_move, facts, (recorded, shown), notes) = if is_sgf {
            let rec = match read_record(
                bytes,
                args.move_number,
                args.scoring.rules,
                args.scoring.komi,
            ) {
                Ok(r) => r,
                Err(e) => {
                    eprintln!("tengen score: {name}: {e}");
                    status = EXIT_USAGE;
                    continue;
                }
            };
            let notes = rec.notes();
            let r = rec.replay;
            let facts = RecordFacts {
                rules: r.rules,
                captures: r.captures,
                handicap: r.handicap,
            };
            let shown = super::record::recorded(&r);
            (rec.board, r.to_move, Some(facts), (r.result, shown), notes)
        } else {
            if args.move_number.is_some() {
                return fail(format!("{name}: --move needs an SGF record, not a board"));
            }
            match read_board_bytes(bytes, args.input) {
                Ok(b) => (b, Color::Black, None, (None, None), Vec::new()),
                Err(e) => return fail(format!("{name}: {e}")),
            }
        };
        for n in &notes {
            eprintln!("tengen score: {name}: warning: {n}");
        }
        // the record's facts, with `--captures`, `--handicap` and the dead stones of the
        // command line over them
        let size = board.size();
        // with --explain a board is judged too, unless --dead says otherwise
        let mode = dead_mode(&args.scoring.dead, is_sgf || args.explain);
        let counted = args
            .scoring
            .position(board, to_move, facts)
            .and_then(|pos| {
                let dead = args.scoring.dead_stones(mode, size)?;
                let c = count(&pos, &dead).map_err(|e| e.to_string())?;
                Ok((pos, dead, c))
            });
        let (pos, dead, c) = match counted {
            Ok(x) => x,
            Err(e) => return fail(format!("{name}: {e}")),
        };
        let result = c.result().to_string();
        if args.json {
            let pts = |v: &[Point]| v.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>();
            // the dead stones as given (the judge's: every stone), the seki as counted (the
            // judge's: stones and points; the exact count's: its seki points)
            let (dead, seki) = match &dead {
                DeadStones::Judged(_) => (pts(&c.dead), pts(&c.seki)),
                DeadStones::Given(g) | DeadStones::PassAlive(g) => (pts(g), exact_seki(&c)),
                DeadStones::None => (Vec::new(), exact_seki(&c)),
            };
            let w = pos.board.width();
            let chains = args.explain.then(|| traces(&c, pos.board.height()));
            let rep = ScoreReport {
                file: name.clone(),
                result,
                recorded,
                dead,
                seki,
                rules: pos
                    .rules
                    .preset()
                    .map_or_else(|| "custom".to_string(), |p| p.name().to_string()),
                komi: pos.rules.komi,
                ownership: c.ownership.as_ref().filter(|_| args.ownership).map(|o| {
                    o.chunks(w)
                        .map(|r| r.iter().map(|v| (v * 100.0).round() / 100.0).collect())
                        .collect()
                }),
                score: c.score,
                notes,
                chains,
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
                out.push_str(&picture(&pos.board, &c.score, args.plain));
            } else if many {
                out.push_str(&format!("{name}: "));
            }
            out.push_str(&result);
            if let Some(r) = &shown {
                out.push_str(&format!(" (recorded {r})"));
            }
            out.push('\n');
            if args.explain {
                out.push_str(&trace_text(&traces(&c, pos.board.height())));
            }
        }
    }
    print("score", &out, status)
}

/// The seki points of an exact count, as `[x, y]`.
fn exact_seki(c: &tengen::count::Count) -> Vec<[u8; 2]> {
    c.seki
        .iter()
        .filter(|&&p| c.status(p).is_none())
        .map(|p| [p.x, p.y])
        .collect()
}
