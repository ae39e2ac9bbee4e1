//! A GTP (Go Text Protocol, version 2) engine: the referee and analysis engine GUIs, servers
//! and tournament tools drive.
//!
//! [`Engine::handle_line`] takes one raw input line and returns the complete response
//! (`=id result` or `?id message`, then a blank line), or nothing for a line that is empty
//! after preprocessing (control characters other than tab and newline dropped, tabs turned to
//! spaces, `#` comments removed). [`run`] drives an engine over a reader and a writer, one line
//! at a time, with a cap on the line length; nothing but responses is written to the output.
//! Under [`run`] the live analysis commands `kata-analyze` and `lz-analyze` stream a line
//! every interval until the next input line arrives, which ends the response and is answered
//! next (see `session` and `analyze` below); [`Engine::handle_line`] answers them with one
//! line.
//!
//! `genmove` resigns a lost game by default (see [`EngineConfig::resign_threshold`]).
//!
//! Besides the standard commands it has GNU Go's rules-engine commands (`is_legal`,
//! `list_stones`, `countlib`, ...) and tactical reading commands (`attack`, `defend`, answered
//! by [`tengen::read`] in GNU Go's format), KGS's and KataGo's extensions and GoGui's
//! `gogui-rules_*` set, so GoGui can use tengen as its rules authority. `help` lists the commands, and
//! `help NAME` gives one command's arguments and what it does.
//!
//! # Layout
//! - `session`: the command loop: reading lines with a length cap, preprocessing, ids, the
//!   framing of responses ([`Engine`], [`run`], [`preprocess`]), and the streaming of the
//!   analysis commands until the next line arrives.
//! - `analyze`: `kata-analyze` and `lz-analyze`: their arguments and line formats, over the
//!   tree search ([`tengen::mcts`]) and the judge's ownership.
//! - `state`: the engine state the commands work on: board and game, rules and komi, handicap,
//!   clock, search settings and the record's game information (players, date, result).
//! - `table`: the one command table (name, family, arguments, help, handler). It drives
//!   dispatch, `list_commands`, `known_command` and `help`, so they cannot disagree.
//! - one file per family of commands: `core` (the protocol and game setup), `queries` (the
//!   rules-engine queries), `reading` (tactical reading), `scoring`, `kgs`, `gogui`, `kata`. A new family is a new file
//!   with its own `COMMANDS` slice, added to the table's list of families.
//!
//! # What `final_score` and `final_status_list` decide
//! By default ([`ScoreMode::Judge`]) the judge of finished games ([`tengen::judge`]) decides
//! which stones are dead and which are in seki, as players agree on them when a game ends
//! with dead stones still on the board: the pass-alive analysis where it is certain, playouts
//! and the end-of-game play where it is not (its docs say how sure it is and where it can be
//! wrong). It uses the game's rules and komi, the captures made, the handicap and the side to
//! move, and the count is the rules' (area or territory, handicap bonus, seki and group tax;
//! see [`tengen::score`]). The judgement is computed once per position and kept while the
//! position, the side to move, the rules, the captures and the mode stay the same, so asking
//! `final_score`, `final_status_list dead` and `final_status` for every point costs one
//! judgement.
//!
//! The strict count ([`ScoreMode::PassAlive`]: `tengen gtp --strict-score`, or the command
//! `tengen-score_mode pass-alive`) removes only the stones the pass-alive analysis
//! ([`tengen::benson`]) proves dead and guesses nothing: a stone that is dead only by reading
//! counts as alive, so a game should be played out (or cleaned up with
//! `kgs-genmove_cleanup`) until the dead stones are captured or provably dead; its
//! `final_status_list seki` lists the stones next to shared liberties in seki as the scoring
//! module finds them. `gogui-rules_final_result` and the `RE` of a game ended by two passes
//! follow the same mode.
//!
//! # SGF
//! `loadsgf` reads a record through [`tengen::sgf::Replayer::replay_game`], the replay driver
//! `tengen replay` and `tengen render` use: the same policy for unknown `RU` (the rules in
//! force are kept), a malformed `KM` (the komi is kept), setup that leaves chains without
//! liberties (they are removed) and illegal moves (the load fails). Its warnings go to the
//! engine's warning sink (stderr for `tengen gtp`). `printsgf` writes the game through
//! [`tengen::sgf::write`] with the full root: `GM`, `FF`, `CA`, `AP`, `SZ`, `KM`, `RU`, `HA`,
//! and `PB`, `PW`, `DT`, `RE` where known (loaded from a record, or the result of a
//! resignation or of a game ended by two passes).

mod analyze;
mod clock;
mod core;
mod gogui;
mod kata;
mod kgs;
mod queries;
mod reading;
mod record;
mod scoring;
mod session;
mod state;
mod table;

pub use session::{preprocess, run, Engine, MAX_LINE};
pub use state::{resign_min_lead, resign_min_moves};
pub use table::{command_names, family_of, Family};
pub use tengen::vertex::{Vertex, VertexError, MAX_GTP_SIZE};

use tengen::rules::Rules;
use tengen::{Point, Preset};

/// Settings of an engine that are not part of the protocol.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Playouts per `genmove` (an upper bound when time settings are known).
    pub playouts: u32,
    /// Resign when the search's win rate for the side to move stays below this; `None`: never.
    /// The default is [`DEFAULT_RESIGN_THRESHOLD`]. `genmove` answers `resign` only when the
    /// win rate was below it for [`EngineConfig::resign_moves`] generated moves in a row, the
    /// game has at least [`resign_min_moves`] moves and the judged count has the opponent
    /// ahead by at least [`resign_min_lead`] points (never in the opening, never in a game the
    /// judge counts as close), and never in KGS's cleanup phase.
    pub resign_threshold: Option<f64>,
    /// Generated moves in a row below the threshold before resigning (at least 1).
    pub resign_moves: u32,
    /// Seed of the search's random generator.
    pub seed: u64,
    /// Rules at start and after `clear_board`.
    pub rules: Rules,
    /// How `final_score` and `final_status` decide the dead stones (changeable with
    /// `tengen-score_mode`).
    pub score_mode: ScoreMode,
    /// The folder `loadsgf FILE` and `printsgf FILE` are confined to: FILE is then a relative
    /// path inside it (no `..`, no absolute path, and no symbolic link leading out of it).
    /// `None` (the default): any path the controller names is read or written, with the
    /// engine's own permissions.
    pub sgf_dir: Option<std::path::PathBuf>,
    /// Nodes each proof-number search of `owl_attack` and `owl_defend` may expand (a question
    /// runs up to six); the default is [`DEFAULT_OWL_NODES`]. More nodes settle more fights
    /// and take longer.
    pub owl_nodes: u64,
}

/// The default node budget of each search of an owl question: on GNU Go 3.8's owl questions
/// (half 0 of them, by hash) 40,000 nodes settle more than 10,000 or 20,000 at a median of a
/// few hundred milliseconds a question (BENCHMARKS.md).
pub const DEFAULT_OWL_NODES: u64 = 40_000;

/// The default resignation threshold: a win rate of 10%.
pub const DEFAULT_RESIGN_THRESHOLD: f64 = 0.1;

/// The default number of generated moves in a row below the threshold before resigning.
pub const DEFAULT_RESIGN_MOVES: u32 = 3;

/// How the end of the game is decided (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScoreMode {
    /// The judge of finished games ([`tengen::judge`]): dead stones and seki as players
    /// agree on them at the end of a game, estimated where they are not certain.
    #[default]
    Judge,
    /// The strict count: only the stones the pass-alive analysis ([`tengen::benson`]) proves
    /// dead are removed; every other stone counts as alive.
    PassAlive,
}

impl ScoreMode {
    /// The mode's name: `judge` or `pass-alive`.
    pub const fn name(self) -> &'static str {
        match self {
            ScoreMode::Judge => "judge",
            ScoreMode::PassAlive => "pass-alive",
        }
    }
}

/// A score mode name that is neither `judge` nor `pass-alive`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown score mode {0:?}: expected judge or pass-alive")]
pub struct UnknownScoreMode(pub String);

impl std::str::FromStr for ScoreMode {
    type Err = UnknownScoreMode;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().replace('_', "-").as_str() {
            "judge" => Ok(ScoreMode::Judge),
            "pass-alive" | "strict" => Ok(ScoreMode::PassAlive),
            _ => Err(UnknownScoreMode(s.to_string())),
        }
    }
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            playouts: 3000,
            resign_threshold: Some(DEFAULT_RESIGN_THRESHOLD),
            resign_moves: DEFAULT_RESIGN_MOVES,
            seed: 1,
            rules: Preset::Chinese.rules(),
            score_mode: ScoreMode::Judge,
            sgf_dir: None,
            owl_nodes: DEFAULT_OWL_NODES,
        }
    }
}

/// Standard handicap points (GNU Go's and the GTP specification's order) for a board of side
/// `n`, or `None` when `count` stones cannot be placed that way.
pub fn fixed_handicap_points(width: usize, height: usize, count: usize) -> Option<Vec<Point>> {
    if width != height || !(2..=9).contains(&count) || !(7..=MAX_GTP_SIZE).contains(&width) {
        return None;
    }
    let n = width;
    let max = if n.is_multiple_of(2) || n == 7 { 4 } else { 9 };
    if count > max {
        return None;
    }
    let e = if n >= 13 { 3 } else { 2 } as u8;
    let (lo, hi, mid) = (e, n as u8 - 1 - e, (n / 2) as u8);
    // GTP rows count from the bottom; our y counts from the top
    let p = |x: u8, y_from_bottom: u8| Point::new(x, n as u8 - 1 - y_from_bottom);
    let mut pts = vec![p(lo, lo), p(hi, hi)];
    if count >= 3 {
        pts.push(p(hi, lo));
    }
    if count >= 4 {
        pts.push(p(lo, hi));
    }
    if count == 5 || count == 7 || count == 9 {
        pts.push(p(mid, mid));
    }
    if count >= 6 {
        pts.push(p(lo, mid));
        pts.push(p(hi, mid));
    }
    if count >= 8 {
        pts.push(p(mid, lo));
        pts.push(p(mid, hi));
    }
    pts.truncate(count);
    Some(pts)
}

#[cfg(test)]
mod tests;
