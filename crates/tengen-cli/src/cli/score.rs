//! `tengen score`: count a final position read from stdin.

use clap::Args;
use tengen::formats::text::{read_board_bytes, render, InputFormat};
use tengen::score::{score, ScoreOptions};
use tengen::{Color, Komi, Preset, Rules, Size};

use super::args::{json_line, parse_point_as, picture_style, print};
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

    /// The score options for a board of `size`, from a record's facts where the options
    /// leave them out; the error names a bad dead-stone point.
    pub fn options(&self, size: Size, record: Option<RecordFacts>) -> Result<ScoreOptions, String> {
        let rules = record.map_or_else(|| self.board_rules(), |r| r.rules);
        let mut opts = ScoreOptions::new(rules);
        opts.captures = self
            .captures
            .or(record.map(|r| r.captures))
            .unwrap_or([0, 0]);
        opts.handicap = self.handicap.or(record.map(|r| r.handicap)).unwrap_or(0);
        opts.pass_alive = self.pass_alive;
        for list in &self.dead {
            for tok in list
                .split([' ', ';', '\t'])
                .filter(|t| !t.is_empty() && *t != "none" && *t != "auto")
            {
                opts.dead.push(parse_point_as("dead stone", tok, size)?);
            }
        }
        // the judge (`--dead auto`) takes no error: the range is checked here for both
        tengen::score::check_handicap_and_captures(size, opts.handicap, opts.captures)
            .map_err(|e| e.to_string())?;
        Ok(opts)
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
    let opts = match args.scoring.options(board.size(), None) {
        Ok(o) => o,
        Err(e) => return fail(e),
    };
    let s = match score(&board, &opts) {
        Ok(s) => s,
        Err(e) => return fail(e.to_string()),
    };
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
