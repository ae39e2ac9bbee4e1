//! The end of a game in one vocabulary: the [`Position`] to count, how its [`DeadStones`] are
//! decided, and the [`Count`] that [`count`] gives. Every front (the CLI's `score`, `render`
//! and `replay --score`, GTP's `final_score`, the analysis server, Python and WebAssembly)
//! builds a `Position` once and calls [`count`]; the exact count ([`crate::score`]) and the
//! judge ([`crate::judge`]) are its two engines.
//!
//! ```
//! use tengen::count::{count, DeadStones, Position};
//! use tengen::formats::text::{read_board, InputFormat};
//! use tengen::{judge, Rules};
//!
//! let b = read_board(".X.O.\n.X.O.\n.X.O.\n", InputFormat::Text).unwrap();
//! let pos = Position::new(b, Rules::from_name("chinese").unwrap());
//! // every stone alive: 3 + 3 against 3 + 3 + komi 7.5
//! assert_eq!(count(&pos, &DeadStones::None).unwrap().result().to_string(), "W+7.5");
//! // the judge finds no dead stone, and plays the game out: the three dame of the middle
//! // column are filled alternately from Black, two for Black and one for White
//! let judged = count(&pos, &DeadStones::Judged(judge::Options::default())).unwrap();
//! assert!(judged.dead.is_empty());
//! assert_eq!(judged.result().to_string(), "W+6.5");
//! ```

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use crate::benson::pass_alive;
use crate::judge::{self, ChainJudgement, Reason, Stage, Status};
use crate::score::{
    check_handicap_and_captures, score, GameResult, Score, ScoreError, ScoreOptions,
};
use crate::{Board, Color, Game, Point, Rules};

/// A position to count or judge: the stones and everything besides them that the count
/// takes (rules with komi, the player to move, the captures and the handicap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// The stones.
    pub board: Board,
    /// Scoring method, taxes, komi and handicap bonus; `multi_stone_suicide` for the
    /// pass-alive analysis.
    pub rules: Rules,
    /// Who plays next (the judge's playouts and end-of-game play start with this colour).
    pub to_move: Color,
    /// Stones each player captured during the game, indexed by [`Color::index`] (Black first).
    pub captures: [u32; 2],
    /// Handicap stones Black received (for the rules' white bonus).
    pub handicap: u32,
}

impl Position {
    /// `board` under `rules`, Black to move, no captures and no handicap.
    pub fn new(board: Board, rules: Rules) -> Position {
        Position {
            board,
            rules,
            to_move: Color::Black,
            captures: [0, 0],
            handicap: 0,
        }
    }

    /// The current position of `game`: its board, rules, player to move and captures (no
    /// handicap: a `Game` does not know it; set [`Position::handicap`] as needed).
    pub fn of_game(game: &Game) -> Position {
        Position {
            board: game.board().clone(),
            rules: *game.rules(),
            to_move: game.to_move(),
            captures: [game.captures(Color::Black), game.captures(Color::White)],
            handicap: 0,
        }
    }

    /// Check the handicap (at most the board's points) and the captures (at most
    /// [`crate::score::MAX_CAPTURES`] each), as [`count`] does.
    ///
    /// # Errors
    /// [`ScoreError::Handicap`] or [`ScoreError::Captures`].
    pub fn check(&self) -> Result<(), ScoreError> {
        check_handicap_and_captures(self.board.size(), self.handicap, self.captures)
    }

    /// The exact count's options for this position with `dead` given and `pass_alive`.
    fn score_options(&self, dead: &[Point], pass_alive: bool) -> ScoreOptions {
        ScoreOptions {
            rules: self.rules,
            captures: self.captures,
            dead: dead.to_vec(),
            handicap: self.handicap,
            pass_alive,
        }
    }
}

/// How the dead stones of a [`Position`] are decided before it is counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeadStones {
    /// None: every stone on the board counts as alive.
    None,
    /// The chains of these points are dead (each point marks its whole chain).
    Given(Vec<Point>),
    /// The stones Benson's pass-alive analysis proves dead ([`crate::benson`]), and the
    /// chains of the points given besides (usually none).
    PassAlive(Vec<Point>),
    /// The judge of finished games decides ([`crate::judge`]), with these options.
    Judged(judge::Options),
}

/// A count of a [`Position`]: the score with the dead stones removed, and what was decided
/// about every chain. Serialised (see [`Count`]'s `Serialize`) as the JSON object the
/// WebAssembly package answers and Python's `to_json` gives.
#[derive(Clone, Debug, PartialEq)]
pub struct Count {
    /// The count with the dead stones removed.
    pub score: Score,
    /// Who was to play.
    pub to_move: Color,
    /// Every dead stone removed, sorted by (y, x).
    pub dead: Vec<Point>,
    /// The stones in seki and the seki points (shared liberties, uncounted eyes), sorted by
    /// (y, x).
    pub seki: Vec<Point>,
    /// Every chain of the position (before removal), in the order of its first stone.
    pub chains: Vec<ChainJudgement>,
    /// With [`DeadStones::Judged`]: per point, row by row, the playouts' mean owner, +1
    /// Black to −1 White.
    pub ownership: Option<Vec<f32>>,
    /// With [`DeadStones::Judged`]: the judge's options.
    pub judged_with: Option<judge::Options>,
}

impl Count {
    /// The result of the count.
    pub fn result(&self) -> GameResult {
        self.score.result
    }

    /// The status of the chain holding `p`, `None` for an empty point or off the board.
    pub fn status(&self, p: Point) -> Option<Status> {
        self.chains
            .iter()
            .find(|c| {
                c.stones
                    .binary_search_by_key(&(p.y, p.x), |s| (s.y, s.x))
                    .is_ok()
            })
            .map(|c| c.status)
    }
}

/// Count `pos`, its dead stones decided by `dead`.
///
/// # Errors
/// [`ScoreError`] for a handicap or captures out of range ([`Position::check`]) and for a
/// given dead-stone point that is off the board or empty.
pub fn count(pos: &Position, dead: &DeadStones) -> Result<Count, ScoreError> {
    pos.check()?;
    let (given, pass) = match dead {
        DeadStones::Judged(opts) => return Ok(judge::judge(pos, opts)),
        DeadStones::None => (&[][..], false),
        DeadStones::Given(p) => (&p[..], false),
        DeadStones::PassAlive(p) => (&p[..], true),
    };
    let b = &pos.board;
    let s = score(b, &pos.score_options(given, pass))?;
    // the removed stones: the chains of the given points, and the pass-alive analysis's
    // (on the board without the given chains, as the count removes them)
    let mut removed = vec![false; b.size().area()];
    // the stones the pass-alive analysis removed (not given)
    let mut benson = vec![false; b.size().area()];
    let idx = |p: Point| p.y as usize * b.width() + p.x as usize;
    for &p in given {
        for q in b.chain(p).map(|c| c.stones).unwrap_or_default() {
            removed[idx(q)] = true;
        }
    }
    if pass {
        let mut rest = b.clone();
        for &p in given {
            rest.remove_chain_at(p);
        }
        for p in pass_alive(&rest, pos.rules.multi_stone_suicide).dead_stones(&rest) {
            if !removed[idx(p)] {
                benson[idx(p)] = true;
            }
            removed[idx(p)] = true;
        }
    }
    // a chain is in seki when a stone of it is next to a seki point of the count
    let seki_stone =
        |p: Point| !removed[idx(p)] && neighbours(b, p).any(|q| b.get(q).is_none() && s.is_seki(q));
    let mut chains: Vec<ChainJudgement> = Vec::new();
    let mut seen = vec![false; b.size().area()];
    for p in b.size().points() {
        if seen[idx(p)] {
            continue;
        }
        let Some(crate::Chain { color, stones, .. }) = b.chain(p) else {
            continue;
        };
        for &q in &stones {
            seen[idx(q)] = true;
        }
        let status = if removed[idx(p)] {
            Status::Dead
        } else if stones.iter().any(|&q| seki_stone(q)) {
            Status::Seki
        } else {
            Status::Alive
        };
        chains.push(ChainJudgement {
            color,
            stones,
            status,
            certain: true,
            confidence: 1.0,
            // not judged: the caller's marks, or the pass-alive analysis's
            stage: benson[idx(p)].then_some(Stage::Certain),
            reason: if benson[idx(p)] {
                Reason::InPassAliveTerritory
            } else if removed[idx(p)] {
                Reason::Given
            } else {
                Reason::NotMarked
            },
        });
    }
    let dead = b.size().points().filter(|&p| removed[idx(p)]).collect();
    // the seki: the stones of chains in seki, and the count's seki points
    let mut seki: Vec<Point> = chains
        .iter()
        .filter(|c| c.status == Status::Seki)
        .flat_map(|c| c.stones.iter().copied())
        .chain(
            b.size()
                .points()
                .filter(|&p| b.get(p).is_none() && s.is_seki(p)),
        )
        .collect();
    seki.sort_unstable_by_key(|p| (p.y, p.x));
    Ok(Count {
        score: s,
        to_move: pos.to_move,
        dead,
        seki,
        chains,
        ownership: None,
        judged_with: None,
    })
}

/// The points next to `p` on the board.
fn neighbours(b: &Board, p: Point) -> impl Iterator<Item = Point> + '_ {
    let (x, y) = (p.x as i64, p.y as i64);
    [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
        .into_iter()
        .filter_map(move |(a, c)| b.size().point(a, c))
}

/// Rounded to three decimals, as printed.
fn milli(v: f32) -> f32 {
    (v * 1000.0).round() / 1000.0
}

struct Points<'a>(&'a [Point]);

impl Serialize for Points<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.0.iter().map(|p| [p.x, p.y]))
    }
}

struct ChainJson<'a>(&'a ChainJudgement);

impl Serialize for ChainJson<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        let mut m = s.serialize_map(Some(7))?;
        m.serialize_entry("color", &c.color.sign())?;
        m.serialize_entry("stones", &Points(&c.stones))?;
        m.serialize_entry("status", &c.status)?;
        m.serialize_entry("certain", &c.certain)?;
        m.serialize_entry("confidence", &milli(c.confidence))?;
        m.serialize_entry("stage", &c.stage)?;
        m.serialize_entry("reason", &c.reason.to_string())?;
        m.end()
    }
}

/// The JSON of a count: `result` (`B+3.5`, `W+12`, `0`), `dead` and `seki` as `[x, y]`
/// points, `chains` (`color` +1 Black or −1 White, `stones`, `status` `alive`/`dead`/`seki`,
/// `certain`, `confidence` to three decimals, `stage` the judge's stage that decided it or
/// `null`, `reason` the judge's why in words), `ownership` (judged counts only: row by row,
/// +1 Black to −1 White, three decimals), `score` (the [`Score`]), `rules` (the preset's name
/// or `custom`), `komi`, `toMove` (+1 or −1), and for judged counts `playouts` and `seed`.
impl Serialize for Count {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("result", &self.result().to_string())?;
        m.serialize_entry("dead", &Points(&self.dead))?;
        m.serialize_entry("seki", &Points(&self.seki))?;
        let chains: Vec<ChainJson<'_>> = self.chains.iter().map(ChainJson).collect();
        m.serialize_entry("chains", &chains)?;
        if let Some(own) = &self.ownership {
            let own: Vec<f32> = own.iter().map(|&v| milli(v)).collect();
            m.serialize_entry("ownership", &own)?;
        }
        m.serialize_entry("score", &self.score)?;
        let rules = &self.score.rules;
        m.serialize_entry("rules", rules.preset().map_or("custom", |p| p.name()))?;
        m.serialize_entry("komi", &rules.komi.as_f64())?;
        m.serialize_entry("toMove", &self.to_move.sign())?;
        if let Some(o) = &self.judged_with {
            m.serialize_entry("playouts", &o.playouts)?;
            m.serialize_entry("seed", &o.seed)?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};

    fn pos(rows: &str, rules: &str) -> Position {
        let b = read_board(rows, InputFormat::Text).unwrap();
        Position::new(b, Rules::from_name(rules).unwrap())
    }

    #[test]
    fn given_dead_stones_mark_their_chains_and_count_for_the_opponent() {
        // a white pair inside Black's area
        let p = pos("XXXXX\nX.OOX\nX...X\nXXXXX\n.....\n", "japanese");
        let c = count(&p, &DeadStones::Given(vec![Point::new(2, 1)])).unwrap();
        assert_eq!(c.dead, vec![Point::new(2, 1), Point::new(3, 1)]);
        assert_eq!(c.score.black.dead, 2);
        assert_eq!(c.status(Point::new(3, 1)), Some(Status::Dead));
        assert_eq!(c.status(Point::new(0, 0)), Some(Status::Alive));
        assert_eq!(c.status(Point::new(1, 1)), None);
        assert_eq!(c.chains.len(), 2);
        assert!(c.ownership.is_none() && c.judged_with.is_none());
        let none = count(&p, &DeadStones::None).unwrap();
        assert!(none.dead.is_empty());
        assert_ne!(none.result(), c.result());
    }

    #[test]
    fn pass_alive_removes_what_benson_proves_dead() {
        // Black's pass-alive wall with two eyes; a white stone inside one eye region
        let p = pos("X.X.X\nXXXXX\n.O...\n.....\n.....\n", "chinese");
        let pa = count(&p, &DeadStones::PassAlive(Vec::new())).unwrap();
        let plain = count(&p, &DeadStones::None).unwrap();
        // whatever the analysis proves, the dead list and the count agree
        assert_eq!(
            pa.dead.len() as u32,
            pa.score.black.dead + pa.score.white.dead
        );
        assert!(plain.dead.is_empty());
    }

    #[test]
    fn the_checks_of_the_position_come_first() {
        let mut p = pos("X.\n.O\n", "chinese");
        p.handicap = 5;
        assert!(matches!(
            count(&p, &DeadStones::None),
            Err(ScoreError::Handicap { .. })
        ));
        p.handicap = 0;
        assert!(matches!(
            count(&p, &DeadStones::Given(vec![Point::new(1, 0)])),
            Err(ScoreError::DeadOnEmpty(_))
        ));
    }

    #[test]
    fn the_json_names_every_part() {
        let p = pos("XO\n..\n", "japanese");
        let c = count(&p, &DeadStones::Judged(judge::Options::default())).unwrap();
        let v: serde_json::Value = serde_json::to_value(&c).unwrap();
        for k in [
            "result",
            "dead",
            "seki",
            "chains",
            "ownership",
            "score",
            "rules",
            "komi",
            "toMove",
            "playouts",
            "seed",
        ] {
            assert!(v.get(k).is_some(), "{k} missing in {v}");
        }
        assert_eq!(v["rules"], "japanese");
        assert_eq!(v["chains"][1]["color"], -1);
        let exact = count(&p, &DeadStones::None).unwrap();
        let v = serde_json::to_value(&exact).unwrap();
        assert!(v.get("ownership").is_none() && v.get("playouts").is_none());
    }
}
