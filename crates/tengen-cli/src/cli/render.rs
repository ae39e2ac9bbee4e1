//! `tengen render`: draw a position as an SVG or PNG diagram.
//!
//! The input is any board tengen reads (digit rows, text rows, JSON rows) or an SGF record,
//! replayed to `--move N` or to its end. The output format follows the file extension.

use std::io;
use std::path::PathBuf;

use clap::Args;
use tengen::benson::pass_alive;
use tengen::count::{count, DeadStones};
use tengen::formats::text::{read_board, InputFormat};
use tengen::render::{Coords, Panel, Picture};
use tengen::rules::HalfPoints;
use tengen::sgf::{GameReplay, ReplayOptions, Replayer};
use tengen::territory::TerritoryMap;
use tengen::vertex::Vertex;
use tengen::{Board, Color, Game, Move, Point, Rules};

use super::args::parse_point_as;
use super::score::{dead_mode, Dead, RecordFacts, ScoringArgs};
use super::EXIT_USAGE;
use tengen::judge::Options as JudgeOptions;

/// Options of `tengen render`.
#[derive(Args, Debug, Clone)]
pub struct RenderArgs {
    /// The position: a board file or an SGF record (`.sgf`, or text starting with `(`);
    /// stdin when absent or `-`.
    file: Option<PathBuf>,
    /// The picture to write: `.svg` or `.png`.
    #[arg(short, long, value_name = "FILE")]
    output: PathBuf,
    /// Board format of a non-SGF input: auto, json, text or digits.
    #[arg(long, default_value = "auto")]
    input: InputFormat,
    /// SGF: the position after this many moves (passes count; 0 is the setup), instead of
    /// the end of the record.
    #[arg(long = "move", value_name = "N")]
    move_number: Option<usize>,
    /// Coordinate labels: gtp (A-T without I, row 1 at the bottom), sgf (letters) or none.
    #[arg(long, default_value = "gtp")]
    coords: Coords,
    /// Do not ring the last move (SGF, --play).
    #[arg(long)]
    no_last: bool,
    /// Ring this point as the last move (board input): `x,y` from the top left or a vertex.
    #[arg(long, value_name = "POINT", conflicts_with = "play")]
    last: Option<String>,
    /// SGF: write move numbers on the stones played by moves A to B (still on the board).
    #[arg(long, value_name = "A-B", value_parser = parse_range)]
    numbers: Option<(usize, usize)>,
    /// Show the stones the last move captured, faded and crossed (SGF, --play).
    #[arg(long)]
    captured: bool,
    /// Board input: try a move, `--play B D4`; a legal move is drawn played, an illegal one
    /// highlighted with the reason.
    #[arg(long, num_args = 2, value_names = ["COLOR", "POINT"])]
    play: Option<Vec<String>>,
    /// The old spelling of --rules (which now sets the rules of --play and of an SGF
    /// record's moves too).
    #[arg(
        long = "play-rules",
        value_name = "RULES",
        hide = true,
        conflicts_with = "rules"
    )]
    play_rules: Option<Rules>,
    /// Mark the territory of every empty region bordered by one colour only.
    #[arg(long, conflicts_with = "score")]
    territory: bool,
    /// Count the position (the options of `tengen score`): mark every point's owner, cross
    /// the dead stones, ring the stones in seki, and state the score in a legend. The dead
    /// stones are judged (`--dead auto`, the default for SGF records; `none` for boards).
    /// For an SGF record, the rules, komi (servers' encodings read as `score` reads them),
    /// captures, handicap and side to move default to the record's.
    #[arg(long)]
    score: bool,
    // --rules, --komi, --dead, --captures, --handicap, --pass-alive (with --score)
    #[command(flatten)]
    scoring: ScoringArgs,
    /// The old spelling of --pass-alive.
    #[arg(long, requires = "score", hide = true)]
    score_pass_alive: bool,
    /// Shade every point towards its owner by the judge's ownership (the playouts' mean
    /// owner), with the rules, komi and captures of --score.
    #[arg(long)]
    ownership: bool,
    /// Overlay: ring the pass-alive chains (Benson's analysis) in green and mark their
    /// certain territory.
    #[arg(long, conflicts_with = "territory")]
    benson: bool,
}

impl RenderArgs {
    /// The same options with the old spellings (`--play-rules`, `--score-pass-alive`) folded
    /// into the new ones.
    fn normalized(&self) -> RenderArgs {
        let mut a = self.clone();
        a.scoring.rules = a.scoring.rules.or(a.play_rules.take());
        a.scoring.pass_alive |= std::mem::take(&mut a.score_pass_alive);
        a
    }

    /// The rules of the position: an SGF record's (after --rules and --komi), else
    /// --rules or the default of a board.
    fn rules(&self, record: Option<RecordFacts>) -> Rules {
        record.map_or_else(|| self.scoring.board_rules(), |r| r.rules)
    }
}

fn parse_range(s: &str) -> Result<(usize, usize), String> {
    let err = || format!("move range {s:?} must be A-B with 1 <= A <= B, such as 1-50");
    let (a, b) = s.split_once(['-', ':']).ok_or_else(err)?;
    let a: usize = a.trim().parse().map_err(|_| err())?;
    let b: usize = b.trim().parse().map_err(|_| err())?;
    if a == 0 || a > b {
        return Err(err());
    }
    Ok((a, b))
}

/// The position to draw and the marks the input gives it.
struct Position {
    board: Board,
    last: Option<Point>,
    numbers: Vec<(Point, u32)>,
    captured: Vec<(Point, Color)>,
    illegal: Option<(Point, Color)>,
    legend: Vec<String>,
    /// What an SGF record says about the count.
    record: Option<RecordFacts>,
    /// Who plays next.
    to_move: Color,
    /// Whether the position comes from an SGF record.
    sgf: bool,
}

impl Position {
    fn new(board: Board) -> Position {
        Position {
            board,
            last: None,
            numbers: Vec::new(),
            captured: Vec::new(),
            illegal: None,
            legend: Vec::new(),
            record: None,
            to_move: Color::Black,
            sgf: false,
        }
    }
}

fn is_sgf(args: &RenderArgs, text: &str) -> bool {
    let by_name = args
        .file
        .as_ref()
        .and_then(|f| f.extension())
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"));
    by_name || text.trim_start().starts_with('(')
}

/// The position of an SGF record at move `--move` (or its end), from one replay: the game at
/// that move is taken back from the end, and the moves played give the last move and the
/// numbers. A record with a setup node after that move (its history cut there) is replayed a
/// second time to the move.
fn sgf_position(args: &RenderArgs, bytes: &[u8]) -> Result<Position, String> {
    let mut r = Replayer::new();
    let opts = |until: Option<usize>| ReplayOptions {
        rules: args.scoring.rules,
        komi: args.scoring.komi,
        until,
        ..ReplayOptions::default()
    };
    let mut game_at = |whole: &GameReplay, n: usize| -> Result<Game, String> {
        r.game_at(bytes, whole, &opts(None), n)
            .map_err(|e| e.to_string())
    };
    let whole = Replayer::new()
        .replay_game(bytes, &opts(None))
        .map_err(|e| e.to_string())?;
    let total = whole.replay.moves + usize::from(whole.replay.error.is_some());
    let n = match args.move_number {
        Some(n) if n > total => {
            return Err(format!("--move {n}: the record has only {total} moves"))
        }
        Some(n) => n,
        None => total,
    };
    let facts = RecordFacts {
        rules: whole.replay.rules,
        captures: whole.replay.captures,
        handicap: whole.replay.handicap,
    };
    if let Some(e) = whole.replay.error.filter(|e| e.number <= n) {
        let mut pos = Position::new(whole.game.board().clone());
        pos.record = Some(facts);
        pos.to_move = whole.game.to_move();
        pos.sgf = true;
        pos.illegal = Some((e.point, e.color));
        pos.legend.push(format!("{e}"));
        return Ok(pos);
    }
    let at = game_at(&whole, n)?;
    let mut pos = Position::new(at.board().clone());
    pos.to_move = at.to_move();
    pos.sgf = true;
    // the record's rules with the komi read as `tengen score` reads it (servers' encodings)
    let rules =
        match super::record::read_record(bytes, Some(n), args.scoring.rules, args.scoring.komi) {
            Ok(rec) => {
                // the komi read only matters to a count (--score, --ownership)
                if args.score || args.ownership {
                    for note in rec.notes() {
                        eprintln!("tengen render: warning: {note}");
                    }
                }
                rec.replay.rules
            }
            Err(_) => facts.rules,
        };
    pos.record = Some(RecordFacts {
        rules,
        captures: [at.captures(Color::Black), at.captures(Color::White)],
        ..facts
    });
    if n > 0 {
        let mut prev = at.clone();
        let prev = match prev.undo() {
            Some(_) => prev,
            None => game_at(&whole, n - 1)?,
        };
        let prev = prev.board();
        // the stone move n put on the board (none for a pass or a suicide)
        let last = match whole.moves[n - 1].mv {
            Move::Play(p) if pos.board.get(p).is_some() => Some(p),
            _ => None,
        };
        if !args.no_last {
            pos.last = last;
        }
        if args.captured {
            pos.captured = captured_between(prev, &pos.board);
        }
        let m = whole.moves[n - 1];
        pos.legend.push(match m.mv {
            Move::Play(p) => format!(
                "Move {n}: {} {}",
                m.color.name(),
                point_name(args.coords, &pos.board, p)
            ),
            Move::Pass => format!("Move {n}: pass"),
        });
    }
    if let Some((a, b)) = args.numbers {
        let mut labels: Vec<(Point, u32)> = Vec::new();
        for k in a..=n {
            if let Move::Play(p) = whole.moves[k - 1].mv {
                labels.retain(|&(q, _)| q != p);
                if k <= b {
                    labels.push((p, k as u32));
                }
            }
        }
        labels.retain(|&(q, _)| pos.board.get(q).is_some());
        pos.numbers = labels;
        pos.legend
            .push(format!("Numbers: moves {a} to {}", b.min(n)));
    }
    Ok(pos)
}

fn point_name(coords: Coords, board: &Board, p: Point) -> String {
    match coords {
        Coords::Sgf => tengen::sgf::point_to_sgf(p),
        _ => Vertex::of(p, board.height()).to_string(),
    }
}

fn board_position(args: &RenderArgs, text: &str) -> Result<Position, String> {
    if args.move_number.is_some() || args.numbers.is_some() {
        return Err("--move and --numbers need an SGF record".to_string());
    }
    let board = read_board(text, args.input).map_err(|e| e.to_string())?;
    let mut pos = Position::new(board);
    if let Some(last) = &args.last {
        pos.last = Some(parse_point_as("--last point", last, pos.board.size())?);
    }
    if let Some(play) = args.play.as_deref() {
        let color = Color::from_name(&play[0]).map_err(|e| format!("--play: {e}"))?;
        let p = parse_point_as("--play point", &play[1], pos.board.size())?;
        let rules = args.rules(None);
        let before = pos.board.clone();
        let name = point_name(args.coords, &pos.board, p);
        match pos.board.play(p, color, &rules) {
            Ok(played) => {
                if !args.no_last {
                    pos.last = Some(p);
                }
                if args.captured {
                    pos.captured = captured_between(&before, &pos.board);
                }
                pos.legend.push(format!(
                    "{} {name}: legal, captures {}",
                    color.name(),
                    played.captured
                ));
            }
            Err(e) => {
                pos.illegal = Some((p, color));
                pos.legend
                    .push(format!("{} {name}: illegal ({})", color.name(), e.reason));
            }
        }
    }
    Ok(pos)
}

/// Stones on `before` that are gone from `after`, with their colour.
pub fn captured_between(before: &Board, after: &Board) -> Vec<(Point, Color)> {
    before
        .size()
        .points()
        .filter_map(|p| match (before.get(p), after.get(p)) {
            (Some(c), None) => Some((p, c)),
            _ => None,
        })
        .collect()
}

/// Run the command; returns the exit status.
pub fn run(args: &RenderArgs) -> i32 {
    let args = &args.normalized();
    let fail = |msg: String| {
        eprintln!("tengen render: {msg}");
        EXIT_USAGE
    };
    if let Err(e) = tengen::render::ImageFormat::from_path(&args.output) {
        return fail(e.to_string());
    }
    let bytes = match args.file.as_deref() {
        Some(f) if f.as_os_str() != "-" => match tengen::sgf::read_file(f) {
            Ok(b) => b,
            Err(e) => return fail(format!("{}: {e}", f.display())),
        },
        _ => {
            let mut b = Vec::new();
            let limit = tengen::sgf::MAX_FILE_BYTES;
            if let Err(e) = tengen::sgf::read_limited_into(io::stdin().lock(), limit, &mut b) {
                return fail(format!("stdin: {e}"));
            }
            b
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let pos = if is_sgf(args, &text) {
        if args.play.is_some() || args.last.is_some() {
            return fail("--play and --last apply to a board, not an SGF record".to_string());
        }
        sgf_position(args, &bytes)
    } else {
        board_position(args, &text)
    };
    let mut pos = match pos {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let board = &pos.board;
    let mut panel = Panel::new(board);
    panel.last = pos.last;
    panel.numbers = std::mem::take(&mut pos.numbers);
    panel.captured = std::mem::take(&mut pos.captured);
    panel.illegal = pos.illegal;
    let mut legend = std::mem::take(&mut pos.legend);
    if args.territory {
        let mut map = TerritoryMap::new();
        map.compute(board);
        panel.owners = board
            .size()
            .points()
            .filter(|&p| board.get(p).is_none())
            .filter_map(|p| map.owner(board, p).color().map(|c| (p, c)))
            .collect();
        let count = |c| panel.owners.iter().filter(|o| o.1 == c).count();
        legend.push(format!(
            "Territory: black {}, white {}",
            count(Color::Black),
            count(Color::White)
        ));
    }
    if args.scoring.pass_alive && !args.score {
        return fail(
            "--pass-alive removes the stones Benson's analysis proves dead before counting: \
             it needs --score (the pass-alive overlay is --benson)"
                .to_string(),
        );
    }
    if args.score || args.ownership {
        // --pass-alive without --dead asks for the strict count, not the judge
        let mode = if args.scoring.pass_alive && args.scoring.dead.is_empty() {
            Dead::None
        } else {
            dead_mode(&args.scoring.dead, pos.sgf)
        };
        let counted = args
            .scoring
            .position(board.clone(), pos.to_move, pos.record)
            .and_then(|cp| Ok((args.scoring.dead_stones(mode, board.size())?, cp)));
        let (dead_stones, cpos) = match counted {
            Ok(x) => x,
            Err(e) => return fail(e),
        };
        let judge_it = DeadStones::Judged(JudgeOptions::default());
        let judged = if args.ownership || matches!(mode, Dead::Auto) {
            match count(&cpos, &judge_it) {
                Ok(j) => Some(j),
                Err(e) => return fail(e.to_string()),
            }
        } else {
            None
        };
        if args.ownership {
            if let Some(own) = judged.as_ref().and_then(|j| j.ownership.clone()) {
                panel.ownership = own;
            }
            legend.push("Shading: the judge's ownership".to_string());
        }
        if args.score {
            let c = match (mode, judged) {
                (Dead::Auto, Some(j)) => j,
                _ => match count(&cpos, &dead_stones) {
                    Ok(c) => c,
                    Err(e) => return fail(e.to_string()),
                },
            };
            let s = c.score;
            let (dead, seki) = (c.dead, c.seki);
            // the exact count's seki are its points; the judge's, its stones and points
            let seki = if mode == Dead::Auto {
                seki
            } else {
                seki.into_iter()
                    .filter(|&p| board.get(p).is_none())
                    .collect()
            };
            panel.owners = board
                .size()
                .points()
                .filter_map(|p| s.owner(p).map(|c| (p, c)))
                .collect();
            panel.dead = dead;
            panel.seki = seki;
            legend.push(format!(
                "Black {}, White {} ({} scoring, komi {}): {}",
                HalfPoints(s.black.total),
                HalfPoints(s.white.total),
                cpos.rules.scoring.name(),
                cpos.rules.komi,
                s.result
            ));
            if mode == Dead::Auto {
                let stones = |c: Color| {
                    panel
                        .dead
                        .iter()
                        .filter(|&&p| board.get(p) == Some(c))
                        .count()
                };
                let in_seki = panel
                    .seki
                    .iter()
                    .filter(|&&p| board.get(p).is_some())
                    .count();
                legend.push(format!(
                    // by the stones' own colour, with whom they count for (the count's
                    // `white.dead` is the black stones counted for White)
                    "Judged dead stones: black {} (counted for White), white {} (for Black); in seki: {in_seki}",
                    stones(Color::Black),
                    stones(Color::White)
                ));
            }
        }
    }
    if args.benson {
        let pa = pass_alive(board, args.rules(pos.record).multi_stone_suicide);
        panel.alive = board
            .size()
            .points()
            .filter(|&p| pa.is_pass_alive(p))
            .collect();
        if !args.score {
            panel.owners = board
                .size()
                .points()
                .filter(|&p| board.get(p).is_none())
                .filter_map(|p| pa.territory(p).map(|c| (p, c)))
                .collect();
            panel.dead = pa.dead_stones(board);
        }
        legend.push(format!(
            "Pass-alive stones: black {}, white {}",
            pa.alive_stones(Color::Black).len(),
            pa.alive_stones(Color::White).len()
        ));
    }
    let picture = Picture {
        panels: vec![panel],
        coords: args.coords,
        legend,
    };
    match super::picture::write(&picture, &args.output) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("tengen render: {e}");
            1
        }
    }
}
