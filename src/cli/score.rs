//! `tengen score`: count a final position read from stdin.

use std::io::{self, Write};

use clap::Args;
use tengen::formats::text::{read_board_bytes, render, InputFormat, TextStyle};
use tengen::score::{score, ScoreOptions};
use tengen::{Color, Komi, Point, Rules, Size};

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
    #[arg(long)]
    pub ownership: bool,
    #[command(flatten)]
    pub scoring: ScoringArgs,
    /// First remove the stones Benson's pass-alive analysis proves dead.
    #[arg(long)]
    pass_alive: bool,
    /// Print the breakdown per player and the owner of every point as JSON.
    #[arg(long, conflicts_with = "text")]
    pub json: bool,
    /// Print a picture of the count before the result: stones `X`/`O`, points counted for
    /// Black `x` and for White `o` (dead stones show as the territory they count as), with
    /// coordinates like every tengen board picture.
    #[arg(long)]
    text: bool,
    /// Board format on stdin: auto, json, text or digits.
    #[arg(long, default_value = "auto", value_parser = parse_format)]
    pub input: InputFormat,
}

/// The counting options shared by `tengen score` and `tengen render --score`.
#[derive(Args, Debug, Clone)]
pub struct ScoringArgs {
    /// Rule set (tromp-taylor, chinese, japanese, aga, stone-scoring, ...); default chinese,
    /// or a record's own rules.
    #[arg(long = "rules", value_parser = parse_rules)]
    pub rules_given: Option<Rules>,
    /// Komi, a whole or half number (default: the rule set's, or a record's).
    #[arg(long, value_parser = parse_komi, allow_negative_numbers = true)]
    pub komi: Option<Komi>,
    /// Dead stones: `auto` (judge them), `none`, or points `x,y` (column, row from 0 at the
    /// top) or GTP vertices (`D4`), separated by spaces or semicolons; each marks its whole
    /// chain. May be repeated. Default: `auto` for records, `none` for boards.
    #[arg(long, value_name = "auto|none|POINTS")]
    pub dead: Vec<String>,
    /// Stones captured during the game by Black and by White: `B,W`.
    #[arg(long, value_name = "B,W", value_parser = parse_captures, default_value = "0,0")]
    captures: [u32; 2],
    /// Handicap stones Black received (for the rule set's white bonus).
    #[arg(long, default_value_t = 0)]
    handicap: u32,
}

impl ScoringArgs {
    /// The rule set given, else Chinese.
    pub fn rules(&self) -> Rules {
        self.rules_given
            .unwrap_or_else(|| Rules::from_name("chinese").expect("a preset"))
    }

    /// The score options for a board of `size`; the error names a bad dead-stone point.
    pub fn options(&self, size: Size) -> Result<ScoreOptions, String> {
        let mut rules = self.rules();
        if let Some(k) = self.komi {
            rules.komi = k;
        }
        let mut opts = ScoreOptions::new(rules);
        opts.captures = self.captures;
        opts.handicap = self.handicap;
        for list in &self.dead {
            for tok in list
                .split([' ', ';', '\t'])
                .filter(|t| !t.is_empty() && *t != "none")
            {
                opts.dead.push(parse_point(tok, size)?);
            }
        }
        Ok(opts)
    }
}

fn parse_rules(s: &str) -> Result<Rules, String> {
    Rules::from_name(s).map_err(|e| e.to_string())
}

fn parse_komi(s: &str) -> Result<Komi, String> {
    s.parse()
        .map_err(|e: tengen::rules::KomiError| e.to_string())
}

fn parse_format(s: &str) -> Result<InputFormat, String> {
    s.parse()
        .map_err(|e: tengen::formats::text::UnknownFormat| e.to_string())
}

fn parse_captures(s: &str) -> Result<[u32; 2], String> {
    let err = || format!("captures {s:?} must be two counts B,W such as 3,0");
    let (b, w) = s.split_once(',').ok_or_else(err)?;
    Ok([
        b.trim().parse().map_err(|_| err())?,
        w.trim().parse().map_err(|_| err())?,
    ])
}

/// One dead-stone token: `x,y` or a GTP vertex; the error names the token.
fn parse_point(tok: &str, size: Size) -> Result<Point, String> {
    parse_point_as("dead stone", tok, size)
}

/// A point `x,y` (column, row from 0 at the top) or a GTP vertex (`D4`, two letters past
/// `Z`); the error calls it `what` and names the token.
pub fn parse_point_as(what: &str, tok: &str, size: Size) -> Result<Point, String> {
    let off = |x: i64, y: i64| {
        format!(
            "{what} {tok:?} ({x} {y}) is off the {size} board (columns 0 to {}, rows 0 to {})",
            size.width() - 1,
            size.height() - 1
        )
    };
    if let Some((a, b)) = tok.split_once(',') {
        let bad = || format!("{what} {tok:?} is not a point x,y or a vertex such as D4");
        let x: i64 = a.trim().parse().map_err(|_| bad())?;
        let y: i64 = b.trim().parse().map_err(|_| bad())?;
        return size.point(x, y).ok_or_else(|| off(x, y));
    }
    const LETTERS: &str = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let up = tok.to_ascii_uppercase();
    let split = up.find(|c: char| c.is_ascii_digit()).unwrap_or(up.len());
    let (letters, digits) = up.split_at(split);
    let bad = || format!("{what} {tok:?} is not a point x,y or a vertex such as D4");
    let x = match letters.len() {
        1 => LETTERS.find(letters).ok_or_else(bad)? as i64,
        2 => {
            let hi = LETTERS.find(&letters[..1]).ok_or_else(bad)? as i64;
            let lo = LETTERS.find(&letters[1..]).ok_or_else(bad)? as i64;
            (hi + 1) * 25 + lo
        }
        _ => return Err(bad()),
    };
    let row: i64 = digits.parse().map_err(|_| bad())?;
    let y = size.height() as i64 - row;
    size.point(x, y).ok_or_else(|| off(x, y))
}

/// Run the command; returns the exit status.
pub fn run(args: &ScoreArgs) -> i32 {
    if !args.files.is_empty() || args.scoring.dead.iter().any(|d| d.trim() == "auto") {
        return super::judge::score_command(args);
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
    let mut opts = match args.scoring.options(board.size()) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    opts.pass_alive = args.pass_alive;
    let s = match score(&board, &opts) {
        Ok(s) => s,
        Err(e) => return fail(e.to_string()),
    };
    let text = if args.json {
        let mut j = serde_json::to_string(&s).unwrap_or_default();
        j.push('\n');
        j
    } else if args.text {
        let mut t = render(&board, TextStyle::board(), |p| {
            match (board.get(p), s.owner(p)) {
                (Some(c), Some(o)) if c == o => None,
                (_, Some(Color::Black)) => Some('x'),
                (_, Some(Color::White)) => Some('o'),
                // a dead stone counted for nobody
                (Some(_), None) => Some('.'),
                (None, None) => None,
            }
        });
        t.push_str(&format!("{}\n", s.result));
        t
    } else {
        format!("{}\n", s.result)
    };
    let mut out = io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return 1;
    }
    0
}
