//! Live analysis: `kata-analyze` and `lz-analyze`, KataGo's and Leela Zero's streaming
//! commands. This file parses their arguments and writes their lines; the session
//! ([`super::session`]) streams them until the next input line arrives.
//!
//! # Arguments
//! `[COLOR] [INTERVAL] [KEY VALUE]...`, as KataGo documents them: the colour to analyse for
//! (default: the side to move); the interval between lines in centiseconds, as a bare number
//! or `interval N` (default 100, at least 1); `minmoves N` (report at least N moves, unvisited
//! ones included, when there are that many), `maxmoves N` (at most N), and for
//! `kata-analyze` `ownership true|false`. KataGo's other reports (`rootInfo`, `pvVisits`,
//! `pvEdgeVisits`, `ownershipStdev`, `movesOwnership`) may be turned off (`false`) but are
//! not supported, nor are `allow` and `avoid`; anything else is an error naming the word.
//!
//! # Lines
//! Every interval one line with every visited move of the root, most visited first, each
//! block starting with `info`:
//! - `kata-analyze`: `info move D4 visits 120 utility 0.06 winrate 0.53 scoreMean 1.2
//!   scoreStdev 5.1 scoreLead 1.2 prior 0.0123 lcb 0.49 order 0 pv D4 E5 ...`, then with
//!   `ownership true` ` ownership v1 v2 ...`: one value per point, row by row from the
//!   top-left (A19) to the bottom-right, from the analysed side's view: `1` where it owns the
//!   point, `-1` where the opponent does, `0` for nobody (KataGo's range is [-1, 1]; the
//!   judged count decides each point).
//! - `lz-analyze`: `info move D4 visits 120 winrate 5300 prior 123 lcb 4900 order 0 pv D4 ...`
//!   (win rate, prior and LCB in hundredths of a percent, as integers).
//!
//! All values are from the analysed side's view. What they are here, with a tree search over
//! light playouts and no network: `winrate` is the share of the playouts through the move
//! that side won; `scoreLead` (and `scoreMean`, the same) the mean final score of those
//! playouts (area count with the komi), `scoreStdev` their standard deviation; `utility` is
//! `2 * winrate - 1`; `prior` is the same for every move (the search has no policy); `lcb`
//! is the Wilson lower bound (95%) of the win rate; `pv` the move, then the most visited reply,
//! and so on (at most [`PV_LEN`] moves). The ownership is the judge's ([`tengen::judge`], the
//! judged count of [`crate::analysis::ownership`], computed once per command), not the
//! search's.

use std::fmt::Write as _;
use std::time::Duration;

use super::state::{parse_color, syntax, State};
use tengen::mcts::{MoveStats, Search, SearchLimits};
use tengen::vertex::Vertex;
use tengen::{Color, Game, Move};

/// Longest principal variation written per move.
pub const PV_LEN: usize = 12;

/// The interval between lines when none is given, in centiseconds.
pub const DEFAULT_INTERVAL_CS: u64 = 100;

/// Which engine's line format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Format {
    /// `kata-analyze`: rates as fractions, scores, optional ownership.
    Kata,
    /// `lz-analyze`: rates as integers in hundredths of a percent.
    Lz,
}

/// What an analysis command asked for.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Request {
    pub format: Format,
    /// The side to analyse for; `None`: the side to move.
    pub color: Option<Color>,
    /// Time between lines.
    pub interval: Duration,
    /// Append the ownership (kata-analyze only).
    pub ownership: bool,
    /// Report at least this many moves when there are that many.
    pub min_moves: usize,
    /// Report at most this many moves.
    pub max_moves: usize,
}

fn count(key: &str, v: Option<&&str>) -> Result<u64, String> {
    let v = v.ok_or_else(|| syntax(&format!("{key} needs a value")))?;
    v.parse::<u64>()
        .map_err(|_| syntax(&format!("{key} must be a whole number, not {v:?}")))
}

/// Parse the arguments of `kata-analyze` or `lz-analyze` (see the module docs).
pub(super) fn parse(format: Format, args: &[&str]) -> Result<Request, String> {
    let mut req = Request {
        format,
        color: None,
        interval: Duration::from_millis(DEFAULT_INTERVAL_CS * 10),
        ownership: false,
        min_moves: 0,
        max_moves: usize::MAX,
    };
    let mut i = 0;
    if let Some(c) = args.first() {
        if !c.bytes().all(|b| b.is_ascii_digit()) && !is_key(c) {
            req.color = Some(parse_color(c)?);
            i = 1;
        }
    }
    let set_interval = |req: &mut Request, cs: u64| {
        req.interval = Duration::from_millis(cs.clamp(1, 360_000) * 10);
    };
    if let Some(n) = args.get(i) {
        if n.bytes().all(|b| b.is_ascii_digit()) {
            set_interval(&mut req, count("interval", Some(n))?);
            i += 1;
        }
    }
    while i < args.len() {
        let key = args[i];
        let value = args.get(i + 1);
        match key {
            "interval" => set_interval(&mut req, count(key, value)?),
            "minmoves" => req.min_moves = count(key, value)?.min(u16::MAX as u64) as usize,
            "maxmoves" => req.max_moves = count(key, value)?.min(u16::MAX as u64) as usize,
            "ownership" if format == Format::Kata => {
                req.ownership = match value.copied() {
                    Some("true") => true,
                    Some("false") => false,
                    Some(v) => {
                        return Err(syntax(&format!(
                            "ownership must be true or false, not {v:?}"
                        )))
                    }
                    None => return Err(syntax("ownership needs a value")),
                }
            }
            "rootInfo" | "pvVisits" | "pvEdgeVisits" | "ownershipStdev" | "movesOwnership"
                if format == Format::Kata =>
            {
                // KataGo's other reports: asking for none of them is fine
                match value.copied() {
                    Some("false") => {}
                    Some(v) => return Err(format!("{key} {v} is not supported")),
                    None => return Err(syntax(&format!("{key} needs a value"))),
                }
            }
            "allow" | "avoid" => return Err(format!("{key} is not supported")),
            _ => return Err(syntax(&format!("unknown argument {key:?}"))),
        }
        i += 2;
    }
    Ok(req)
}

fn is_key(w: &str) -> bool {
    matches!(
        w,
        "interval"
            | "minmoves"
            | "maxmoves"
            | "ownership"
            | "rootInfo"
            | "pvVisits"
            | "pvEdgeVisits"
            | "ownershipStdev"
            | "movesOwnership"
            | "allow"
            | "avoid"
    )
}

/// One running analysis: the position it searches and what to write.
pub(super) struct Analysis {
    pub req: Request,
    /// The board height, for the vertex names.
    height: u8,
    /// ` ownership v1 v2 ...`, when asked for.
    ownership: Option<String>,
    moves: Vec<MoveStats>,
}

impl Analysis {
    /// Start analysing the current position of `state` for `req.color` (or the side to
    /// move): a new tree on the engine's search, and the judged ownership when asked for.
    /// The game itself is not changed.
    pub fn begin(state: &mut State, req: Request) -> Analysis {
        let mut game: Game = state.game.clone();
        if let Some(c) = req.color {
            game.set_to_move(c);
        }
        let me = game.to_move();
        let ownership = (req.format == Format::Kata && req.ownership).then(|| {
            let end = state.judged(me);
            let sign: i8 = if me == Color::White { -1 } else { 1 };
            let mut s = String::from(" ownership");
            for v in crate::analysis::ownership(&end.score, game.board().size()) {
                // never "-0"
                let _ = write!(s, " {}", if v == 0 { 0 } else { v * sign });
            }
            s
        });
        let seed = state.cfg.seed;
        let search = state
            .search
            .get_or_insert_with(|| Search::new(game.board(), seed));
        search.start(&game, false);
        Analysis {
            req,
            height: game.board().size().height() as u8,
            ownership,
            moves: Vec::new(),
        }
    }

    /// Search for about `time` more, at most `playouts` more playouts; the playouts run.
    pub fn step(&mut self, state: &mut State, time: Duration, playouts: u32) -> u32 {
        match state.search.as_mut() {
            Some(s) => s.extend(SearchLimits {
                playouts,
                time: Some(time),
            }),
            None => 0,
        }
    }

    /// The line for the search so far (without the newline); empty when no move has been
    /// visited yet and none is asked for.
    pub fn line(&mut self, state: &State) -> String {
        let Some(search) = state.search.as_ref() else {
            return String::new();
        };
        search.root_moves(PV_LEN, &mut self.moves);
        let visited = self.moves.iter().filter(|m| m.visits > 0).count();
        let shown = visited
            .max(self.req.min_moves)
            .min(self.req.max_moves)
            .min(self.moves.len());
        let mut out = String::new();
        for (order, m) in self.moves[..shown].iter().enumerate() {
            if order > 0 {
                out.push(' ');
            }
            self.write_move(&mut out, m, order);
        }
        if shown > 0 {
            if let Some(own) = &self.ownership {
                out.push_str(own);
            }
        }
        out
    }

    fn vertex(&self, mv: Move) -> Vertex {
        Vertex {
            mv,
            height: self.height,
        }
    }

    fn write_move(&self, out: &mut String, m: &MoveStats, order: usize) {
        let lcb = lcb(m.win_rate, m.visits);
        let v = self.vertex(m.mv);
        let _ = match self.req.format {
            Format::Kata => write!(
                out,
                "info move {v} visits {} utility {:.6} winrate {:.6} scoreMean {:.4} \
                 scoreStdev {:.4} scoreLead {:.4} prior {:.6} lcb {:.6} order {order} pv",
                m.visits,
                2.0 * m.win_rate - 1.0,
                m.win_rate,
                m.score_lead,
                m.score_stdev,
                m.score_lead,
                m.prior,
                lcb,
            ),
            Format::Lz => write!(
                out,
                "info move {v} visits {} winrate {} prior {} lcb {} order {order} pv",
                m.visits,
                per_10000(m.win_rate),
                per_10000(m.prior),
                per_10000(lcb),
            ),
        };
        for &p in &m.pv {
            let _ = write!(out, " {}", self.vertex(p));
        }
    }
}

/// A rate in [0, 1] as an integer in [0, 10000].
fn per_10000(x: f64) -> u32 {
    (x.clamp(0.0, 1.0) * 10000.0).round() as u32
}

/// The Wilson score lower bound (95%) of a win rate seen over `n` playouts; 0 without any.
pub(super) fn lcb(p: f64, n: u32) -> f64 {
    if n == 0 {
        return 0.0;
    }
    let n = n as f64;
    let z2 = 1.96f64 * 1.96;
    let centre = p + z2 / (2.0 * n);
    let spread = 1.96 * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - spread) / (1.0 + z2 / n)).clamp(0.0, 1.0)
}
