//! Scoring a final position under area or territory rules, with komi, the white handicap
//! bonus, dead stones, the seki tax and the group tax. All arithmetic is in whole and half
//! points as integers; komi never becomes a float.
//!
//! # The count
//! 1. Dead stones given by the caller are removed: each listed point marks its whole chain.
//!    With [`ScoreOptions::pass_alive`], stones [`crate::benson`] proves certainly dead (inside
//!    the opponent's pass-alive territory) are removed too. Removed stones are the opponent's
//!    *dead* stones (prisoners under territory scoring).
//! 2. Territory: each empty region bordered by one colour only is that colour's
//!    ([`crate::territory`]).
//! 3. **Area** scoring: stones on the board + territory. **Territory** scoring: territory +
//!    captures made during the game + dead stones removed in step 1.
//! 4. White adds komi and the handicap bonus ([`crate::HandicapBonus`] of the rules for the
//!    number of handicap stones given).
//!
//! # Seki tax ([`Tax::Seki`] and [`Tax::All`])
//! Under the Japanese rules of 1989 (the article on territory) eye points of stones *in
//! seki* are not territory, and a live stone is in seki when it has a *dame* liberty, an empty
//! point that is nobody's eye. This module makes that static and deterministic as follows:
//! 1. A *neutral point* is an empty point whose region borders both colours.
//! 2. **Dame filling** (on a scratch copy): neutral points that either player could fill
//!    harmlessly are filled, as players do at the end of a game: repeatedly, row by row, a
//!    neutral point is filled with the colour whose stone there captures nothing and keeps its
//!    chain at two liberties or more (the colour with more liberties after, Black on a tie),
//!    until no neutral point can be filled. A neutral point that remains could only be filled
//!    by a self-atari: it is a *shared liberty in seki*.
//! 3. A chain is *in seki* when, in the filled copy, it has a shared liberty in seki that is
//!    next to no chain in atari (in a seki every chain keeps two liberties; a chain in atari
//!    means a pending capture, such as a dead stone the caller did not mark).
//! 4. A one-colour region (an eye) bordered by stones in seki and by no other stone is not
//!    counted ([`PlayerScore::seki_taxed`]): these are the eyes of groups in seki. A region
//!    that also borders a stone of its colour not in seki is a living group's territory,
//!    even when a chain in seki touches it.
//!
//! KataGo, for comparison, plays the dame out in its encore and then taxes every region next
//! to a remaining empty point; step 2 stands in for that play. The definition is meant for
//! finished positions whose dame are filled or safely fillable; in a position left with a dame
//! that needs a defensive move first, that dame would be taken for a seki liberty.
//!
//! # Group tax ([`Tax::All`], stone scoring)
//! As the seki tax, and then each *group* — a connected set of one colour's stones and that
//! colour's counted territory — pays two points for its eyes, or one if it has a single
//! territory point ([`PlayerScore::group_tax`]); this is the ancient rule that a living group
//! needs two eyes that are never filled.
//!
//! ```
//! use tengen::formats::text::{read_board, InputFormat};
//! use tengen::score::{score, ScoreOptions};
//! use tengen::Rules;
//!
//! let b = read_board(".X.O.\n.X.O.\n.X.O.\n", InputFormat::Text).unwrap();
//! // Chinese (area): black 3 stones + 3 points, white 3 + 3 + komi 7.5
//! let s = score(&b, &ScoreOptions::new(Rules::from_name("chinese").unwrap())).unwrap();
//! assert_eq!(s.result.to_string(), "W+7.5");
//! // Japanese (territory) with 2 prisoners for black: 3 + 2 against 3 + 6.5
//! let mut opts = ScoreOptions::new(Rules::from_name("japanese").unwrap());
//! opts.captures = [2, 0];
//! assert_eq!(score(&b, &opts).unwrap().result.to_string(), "W+4.5");
//! ```

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::benson::pass_alive;
use crate::board::EMPTY;
use crate::rules::HalfPoints;
use crate::territory::TerritoryMap;
use crate::{Board, Color, Game, Point, Rules, Scoring, Size, Tax};

/// What to count besides the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScoreOptions {
    /// Scoring method, taxes, komi and handicap bonus; `multi_stone_suicide` for the pass-alive
    /// analysis.
    pub rules: Rules,
    /// Stones each player captured during the game, indexed by [`Color::index`] (Black first).
    pub captures: [u32; 2],
    /// Points of dead stones; each marks its whole chain.
    pub dead: Vec<Point>,
    /// Handicap stones Black received (for the white bonus).
    pub handicap: u32,
    /// Also remove the stones the pass-alive analysis proves dead.
    pub pass_alive: bool,
}

impl ScoreOptions {
    /// Options with these rules and nothing else: no captures, no dead stones, no handicap.
    pub fn new(rules: Rules) -> ScoreOptions {
        ScoreOptions {
            rules,
            captures: [0, 0],
            dead: Vec::new(),
            handicap: 0,
            pass_alive: false,
        }
    }

    /// Options for the final position of `game`: its rules and the stones each player
    /// captured during it (no dead stones, no handicap: set those fields as needed).
    pub fn for_game(game: &Game) -> ScoreOptions {
        let mut o = ScoreOptions::new(*game.rules());
        o.captures = [game.captures(Color::Black), game.captures(Color::White)];
        o
    }
}

/// Most stones a side's captures may count (16,777,216): more than any game captures, and
/// small enough that every total and margin stays exact.
pub const MAX_CAPTURES: u32 = 1 << 24;

/// Check a count's handicap (at most the board's points: one stone per point) and captures
/// (at most [`MAX_CAPTURES`] each), as [`score`] does; the fronts call it for their own
/// arguments too (the judge, which takes no error).
pub fn check_handicap_and_captures(
    size: Size,
    handicap: u32,
    captures: [u32; 2],
) -> Result<(), ScoreError> {
    if handicap as usize > size.area() {
        return Err(ScoreError::Handicap { handicap, size });
    }
    if let Some(&c) = captures.iter().find(|&&c| c > MAX_CAPTURES) {
        return Err(ScoreError::Captures(c));
    }
    Ok(())
}

/// A dead-stone point that marks no stone, or a handicap or captures out of range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScoreError {
    /// More handicap stones than the board has points.
    #[error("handicap {handicap} is more than the {} points of the {size} board", size.area())]
    Handicap {
        /// The handicap given.
        handicap: u32,
        /// The board's size.
        size: Size,
    },
    /// A side's captures above [`MAX_CAPTURES`].
    #[error("captures {0} is more than the limit of {MAX_CAPTURES}")]
    Captures(u32),
    /// The point is not on the board.
    #[error("dead stone {x} {y} is off the {size} board")]
    DeadOffBoard {
        /// Column given.
        x: i64,
        /// Row given.
        y: i64,
        /// The board's size.
        size: Size,
    },
    /// The point is empty.
    #[error("dead stone {0} is an empty point")]
    DeadOnEmpty(Point),
}

/// One player's side of the count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlayerScore {
    /// Stones of this colour left on the board (counted under area scoring).
    pub stones: u32,
    /// Empty points of this colour's counted territory (after the seki tax).
    pub territory: u32,
    /// Stones captured during the game (counted under territory scoring).
    pub captures: u32,
    /// Opponent stones removed as dead (counted under territory scoring).
    pub dead: u32,
    /// Territory points not counted because they border stones in seki.
    pub seki_taxed: u32,
    /// Points paid as group tax.
    pub group_tax: u32,
    /// Komi received, in half points.
    #[serde(serialize_with = "half_points")]
    pub komi: i32,
    /// Handicap bonus received.
    pub bonus: u32,
    /// The total, in half points.
    #[serde(serialize_with = "half_points")]
    pub total: i64,
}

fn half_points<S: Serializer, T: Copy + Into<i64>>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    HalfPoints((*v).into()).serialize(s)
}

/// The outcome: who wins by how much, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// `winner` wins by `margin` half points (> 0).
    Win {
        /// Who wins.
        winner: Color,
        /// Margin in half points.
        margin: u32,
    },
    /// Equal scores.
    Draw,
}

impl GameResult {
    /// From Black's total minus White's, in half points.
    pub fn from_difference(black_minus_white: i64) -> GameResult {
        match black_minus_white {
            0 => GameResult::Draw,
            d => GameResult::Win {
                winner: if d > 0 { Color::Black } else { Color::White },
                margin: d.unsigned_abs().min(u32::MAX as u64) as u32,
            },
        }
    }

    /// Black's score minus White's, in half points.
    pub fn black_minus_white(self) -> i64 {
        match self {
            GameResult::Draw => 0,
            GameResult::Win {
                winner: Color::Black,
                margin,
            } => margin as i64,
            GameResult::Win { margin, .. } => -(margin as i64),
        }
    }
}

impl fmt::Display for GameResult {
    /// `B+3.5`, `W+12`, or `0` for a draw (SGF `RE` style).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Draw => f.write_str("0"),
            GameResult::Win { winner, margin } => {
                write!(f, "{}+{}", winner.letter(), HalfPoints(margin.into()))
            }
        }
    }
}

/// Text that is not a counted result `B+3.5`, `W+12` or `0`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid result {0:?}: expected B+N, W+N with N a positive whole or half number, or 0")]
pub struct ParseResultError(pub String);

impl std::str::FromStr for GameResult {
    type Err = ParseResultError;
    /// The inverse of `Display`: `B+3.5`, `w+12`, `0` (also `Draw`, `Jigo`, SGF's `DRAW`).
    /// Results without a count (`B+R`, `W+T`) are errors.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_result(s, false)
    }
}

impl GameResult {
    /// A counted result whose margin is in stones, as the Fox server's Chinese records write
    /// it (`B+2.75` is 5.5 points): the same text as [`FromStr`](std::str::FromStr) with the
    /// margin doubled, so a quarter stone is the smallest step.
    ///
    /// # Errors
    /// [`ParseResultError`] as for `FromStr`.
    ///
    /// ```
    /// use tengen::score::GameResult;
    /// use tengen::Color;
    /// let r = GameResult::from_str_in_stones("B+2.75").unwrap();
    /// assert_eq!(r, GameResult::Win { winner: Color::Black, margin: 11 });
    /// assert!(GameResult::from_str_in_stones("B+2.6").is_err());
    /// ```
    pub fn from_str_in_stones(s: &str) -> Result<GameResult, ParseResultError> {
        parse_result(s, true)
    }
}

/// The winner an SGF `RE` names, counted or not (`B+3.5`, `W+R`, `B+Time`, `w+f`): `None` for
/// a draw, a void or unknown game, or text that names no winner.
///
/// ```
/// use tengen::score::winner_of;
/// use tengen::Color;
/// assert_eq!(winner_of("W+R"), Some(Color::White));
/// assert_eq!(winner_of(" b+12.5"), Some(Color::Black));
/// assert_eq!(winner_of("0"), None);
/// assert_eq!(winner_of("Void"), None);
/// ```
pub fn winner_of(re: &str) -> Option<Color> {
    let (who, _) = re.trim().split_once('+')?;
    let mut letters = who.chars();
    match (letters.next().and_then(Color::from_letter), letters.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

/// The one parser of a counted SGF `RE` result (`B+3.5`, `0`, `Draw`), its margin in points or
/// (`in_stones`) in stones of two points each.
fn parse_result(s: &str, in_stones: bool) -> Result<GameResult, ParseResultError> {
    let err = || ParseResultError(s.to_string());
    let t = s.trim();
    if t == "0" || ["draw", "jigo"].iter().any(|d| t.eq_ignore_ascii_case(d)) {
        return Ok(GameResult::Draw);
    }
    let (who, margin) = t.split_once('+').ok_or_else(err)?;
    let mut letters = who.chars();
    let winner = match (letters.next().and_then(Color::from_letter), letters.next()) {
        (Some(c), None) if !margin.starts_with(['+', '-']) => c,
        _ => return Err(err()),
    };
    let h = crate::decimal::Decimal::parse(margin.trim())
        .and_then(|d| d.times(if in_stones { 4 } else { 2 }))
        .filter(|&h| h >= 1)
        .and_then(|h| u32::try_from(h).ok())
        .ok_or_else(err)?;
    Ok(GameResult::Win { winner, margin: h })
}

/// A finished count.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// The rules counted under.
    pub rules: Rules,
    /// Black's side.
    pub black: PlayerScore,
    /// White's side.
    pub white: PlayerScore,
    /// The result.
    pub result: GameResult,
    size: Size,
    /// Per point (row-major): 0 nobody, 1 black, 2 white.
    owners: Vec<u8>,
    /// Per point (row-major): whether it is an uncounted point next to stones in seki, or a
    /// shared liberty in seki.
    seki: Vec<bool>,
}

impl Score {
    /// One player's side.
    pub fn player(&self, c: Color) -> &PlayerScore {
        match c {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// Who `p` counts for: a stone left on the board (after dead stones are removed) or
    /// counted territory; `None` for dame, seki points and points off the board.
    pub fn owner(&self, p: Point) -> Option<Color> {
        if !self.size.contains(p) {
            return None;
        }
        Color::from_digit(self.owners[p.y as usize * self.size.width() + p.x as usize])
    }

    /// Whether `p` is a seki point: a shared liberty in seki or an eye point of a group in
    /// seki (see the module docs).
    pub fn is_seki(&self, p: Point) -> bool {
        self.size.contains(p) && self.seki[p.y as usize * self.size.width() + p.x as usize]
    }

    /// The owners as rows of `B`, `W` and `.` (nobody), top row first.
    pub fn owner_rows(&self) -> Vec<String> {
        self.owners
            .chunks(self.size.width())
            .map(|r| {
                r.iter()
                    .map(|&o| match o {
                        1 => 'B',
                        2 => 'W',
                        _ => '.',
                    })
                    .collect()
            })
            .collect()
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Score", 6)?;
        st.serialize_field("result", &self.result.to_string())?;
        st.serialize_field("scoring", self.rules.scoring.name())?;
        st.serialize_field("black", &self.black)?;
        st.serialize_field("white", &self.white)?;
        st.serialize_field("owners", &self.owner_rows())?;
        let seki: Vec<[u8; 2]> = self
            .size
            .points()
            .filter(|&p| self.is_seki(p))
            .map(|p| [p.x, p.y])
            .collect();
        st.serialize_field("seki", &seki)?;
        st.end()
    }
}

/// Count `board` under `opts` (see the module docs).
///
/// # Errors
/// [`ScoreError`] when a dead-stone point is off the board or empty.
pub fn score(board: &Board, opts: &ScoreOptions) -> Result<Score, ScoreError> {
    let rules = opts.rules;
    let size = board.size();
    check_handicap_and_captures(size, opts.handicap, opts.captures)?;
    let mut b = board.clone();
    let mut dead = [0u32; 2];
    for &p in &opts.dead {
        if !size.contains(p) {
            return Err(ScoreError::DeadOffBoard {
                x: p.x as i64,
                y: p.y as i64,
                size,
            });
        }
        if board.get(p).is_none() {
            return Err(ScoreError::DeadOnEmpty(p));
        }
        // a chain listed twice is removed once
        if let Some(c) = b.get(p) {
            dead[c.opponent().index()] += b.remove_chain_at(p) as u32;
        }
    }
    if opts.pass_alive {
        let pa = pass_alive(&b, rules.multi_stone_suicide);
        for p in pa.dead_stones(&b) {
            if let Some(c) = b.get(p) {
                dead[c.opponent().index()] += b.remove_chain_at(p) as u32;
            }
        }
    }
    let mut map = TerritoryMap::new();
    map.compute(&b);
    let seki_stone = if rules.tax == Tax::None {
        Vec::new()
    } else {
        crate::seki::stones_in_seki(&b)
    };
    let taxed = if seki_stone.is_empty() {
        vec![false; map.region_count()]
    } else {
        crate::seki::seki_taxed_regions(&b, &map, |q| seki_stone[q])
    };
    let mut owners_padded = vec![0u8; b.padded_len()];
    let mut seki_padded = vec![false; b.padded_len()];
    let mut black = PlayerScore::default();
    let mut white = PlayerScore::default();
    for q in b.all_pos() {
        let v = b.cell(q);
        if v != EMPTY {
            owners_padded[q] = v;
            if v == 1 {
                black.stones += 1;
            } else {
                white.stones += 1;
            }
            continue;
        }
        let r = map.region_at(q);
        let bits = map.region_bits(r);
        if bits == 3 && !seki_stone.is_empty() && b.nbrs(q).iter().any(|&n| seki_stone[n]) {
            seki_padded[q] = true;
        }
        if bits != 1 && bits != 2 {
            continue;
        }
        let side = if bits == 1 { &mut black } else { &mut white };
        if taxed[r] {
            side.seki_taxed += 1;
            seki_padded[q] = true;
        } else {
            side.territory += 1;
            owners_padded[q] = bits;
        }
    }
    Ok(finish(
        &b,
        owners_padded,
        seki_padded,
        black,
        white,
        dead,
        opts,
    ))
}

/// Count a settled position whose owners the caller decided: `settled` is the board with the
/// dead stones removed, `owners` (padded indices) the colour digit of every stone and counted
/// territory point (0 for dame and seki points), `seki` (padded) the seki points to report,
/// `dead` the stones removed as each player's prisoners and `seki_taxed` the territory points
/// each player loses to the seki tax (Black's first). Area or territory
/// counting, group tax, komi and handicap bonus as in [`score`]. Used by [`crate::judge`].
pub(crate) fn score_owned(
    settled: &Board,
    owners: Vec<u8>,
    seki: Vec<bool>,
    dead: [u32; 2],
    seki_taxed: [u32; 2],
    opts: &ScoreOptions,
) -> Score {
    let mut black = PlayerScore {
        seki_taxed: seki_taxed[0],
        ..PlayerScore::default()
    };
    let mut white = PlayerScore {
        seki_taxed: seki_taxed[1],
        ..PlayerScore::default()
    };
    for q in settled.all_pos() {
        match (settled.cell(q), owners[q]) {
            (1, _) => black.stones += 1,
            (2, _) => white.stones += 1,
            (EMPTY, 1) => black.territory += 1,
            (EMPTY, 2) => white.territory += 1,
            _ => {}
        }
    }
    finish(settled, owners, seki, black, white, dead, opts)
}

/// The common end of a count: group tax, captures, komi, bonus, totals and the result.
fn finish(
    b: &Board,
    owners_padded: Vec<u8>,
    seki_padded: Vec<bool>,
    mut black: PlayerScore,
    mut white: PlayerScore,
    dead: [u32; 2],
    opts: &ScoreOptions,
) -> Score {
    let rules = opts.rules;
    let size = b.size();
    if rules.tax == Tax::All {
        let [tb, tw] = group_tax(b, &owners_padded);
        black.group_tax = tb;
        white.group_tax = tw;
    }
    black.captures = opts.captures[0];
    white.captures = opts.captures[1];
    black.dead = dead[0];
    white.dead = dead[1];
    white.komi = rules.komi.half_points();
    white.bonus = rules.handicap_bonus.points(opts.handicap);
    for side in [&mut black, &mut white] {
        let points = match rules.scoring {
            Scoring::Area => side.stones as i64 + side.territory as i64,
            Scoring::Territory => side.territory as i64 + side.captures as i64 + side.dead as i64,
        } - side.group_tax as i64
            + side.bonus as i64;
        side.total = points * 2 + side.komi as i64;
    }
    let result = GameResult::from_difference(black.total - white.total);
    let owners = b.all_pos().map(|q| owners_padded[q]).collect();
    let seki = b.all_pos().map(|q| seki_padded[q]).collect();
    Score {
        rules,
        black,
        white,
        result,
        size,
        owners,
        seki,
    }
}

/// Group tax per colour: each connected set of a colour's stones and counted territory pays
/// min(2, its territory points). `owners` holds the colour digit of stones and counted
/// territory (padded).
fn group_tax(b: &Board, owners: &[u8]) -> [u32; 2] {
    let mut seen = vec![false; b.padded_len()];
    let mut stack = Vec::new();
    let mut tax = [0u32; 2];
    for start in b.all_pos() {
        let c = owners[start];
        if c == 0 || seen[start] {
            continue;
        }
        let mut eyes = 0u32;
        seen[start] = true;
        stack.push(start);
        while let Some(q) = stack.pop() {
            if b.cell(q) == EMPTY {
                eyes += 1;
            }
            for n in b.nbrs(q) {
                if b.cell(n) != 3 && owners[n] == c && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        tax[c as usize - 1] += eyes.min(2);
    }
    tax
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};

    fn count(rows: &str, rules: &str) -> Score {
        let b = read_board(rows, InputFormat::Text).unwrap();
        score(&b, &ScoreOptions::new(Rules::from_name(rules).unwrap())).unwrap()
    }

    #[test]
    fn handicap_and_captures_in_range() {
        let b = read_board("...\n...\n...\n", InputFormat::Text).unwrap();
        let mut o = ScoreOptions::new(Rules::from_name("japanese").unwrap());
        o.handicap = 9;
        o.captures = [MAX_CAPTURES, 0];
        assert!(score(&b, &o).is_ok());
        o.handicap = 10;
        let e = score(&b, &o).unwrap_err();
        assert_eq!(
            e.to_string(),
            "handicap 10 is more than the 9 points of the 3x3 board"
        );
        o.handicap = 0;
        o.captures = [0, MAX_CAPTURES + 1];
        let e = score(&b, &o).unwrap_err();
        assert_eq!(e, ScoreError::Captures(MAX_CAPTURES + 1));
        assert_eq!(MAX_CAPTURES, 16_777_216);
    }

    #[test]
    fn result_display() {
        assert_eq!(GameResult::from_difference(7).to_string(), "B+3.5");
        assert_eq!(GameResult::from_difference(-1).to_string(), "W+0.5");
        assert_eq!(GameResult::from_difference(-24).to_string(), "W+12");
        assert_eq!(GameResult::from_difference(0).to_string(), "0");
        assert_eq!(GameResult::from_difference(-5).black_minus_white(), -5);
    }

    #[test]
    fn result_parse() {
        for d in [7, -1, -24, 0, 1, 5407] {
            let r = GameResult::from_difference(d);
            assert_eq!(r.to_string().parse::<GameResult>(), Ok(r));
        }
        assert_eq!(
            "w+0.5".parse::<GameResult>(),
            Ok(GameResult::from_difference(-1))
        );
        assert_eq!("Draw".parse::<GameResult>(), Ok(GameResult::Draw));
        for bad in [
            "", "B+", "B+R", "W+T", "B+0", "B+-3", "B++3", "B+3.25", "X+3", "black+3", "3",
        ] {
            assert!(bad.parse::<GameResult>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn result_parse_in_stones() {
        let b = |margin| {
            Ok(GameResult::Win {
                winner: Color::Black,
                margin,
            })
        };
        assert_eq!(GameResult::from_str_in_stones("B+2.75"), b(11));
        assert_eq!(GameResult::from_str_in_stones(" b+ 3 "), b(12));
        assert_eq!(GameResult::from_str_in_stones("draw"), Ok(GameResult::Draw));
        assert_eq!(
            GameResult::from_str_in_stones("W+0.25"),
            Ok(GameResult::from_difference(-1))
        );
        for bad in ["B+0.0", "B+2.6", "B++3", "B+-3", "W+R", "B +3", "X+1"] {
            assert!(GameResult::from_str_in_stones(bad).is_err(), "{bad:?}");
        }
        // the same grammar as in points, the margin doubled
        for t in ["B+3.5", "W+12", "0", "Jigo", "B+R", "B+3.25", "w+0.5"] {
            let points = t.parse::<GameResult>().map(GameResult::black_minus_white);
            let stones = GameResult::from_str_in_stones(t).map(GameResult::black_minus_white);
            match points {
                Ok(p) => assert_eq!(stones, Ok(2 * p), "{t}"),
                Err(_) => assert!(t == "B+3.25" || stones.is_err(), "{t}"),
            }
        }
    }

    #[test]
    fn dame_is_filled_not_seki() {
        // an unfilled dame between two walls with territory behind them: no tax
        let s = count("X.O\nX.O\nXXO\n", "japanese");
        assert_eq!((s.black.territory, s.white.territory), (0, 0));
        let s = count("..X.O..\n..X.O..\n..X.O..\n", "japanese");
        assert_eq!((s.black.territory, s.white.territory), (6, 6));
        assert_eq!((s.black.seki_taxed, s.white.seki_taxed), (0, 0));
    }

    #[test]
    fn the_seki_tax_takes_eyes_bordered_by_seki_stones_only() {
        // chain A = (1,0),(0,1),(1,1), taken as in seki; chain B = the rest of Black's stones
        let b = read_board(".X.X.\nXX.X.\n..XX.\nXXX..\n.....\n", InputFormat::Text).unwrap();
        let a = [Point::new(1, 0), Point::new(0, 1), Point::new(1, 1)];
        let mut map = TerritoryMap::new();
        map.compute(&b);
        let taxed = crate::seki::seki_taxed_regions(&b, &map, |q| a.contains(&b.point(q)));
        let region = |x, y| taxed[map.region_at(b.pos(Point::new(x, y)))];
        // the corner eye borders chain A only
        assert!(region(0, 0));
        // these border A and B: B's territory, A connected to B through it
        assert!(!region(2, 0));
        assert!(!region(0, 2));
        // B's own territory
        assert!(!region(4, 4));
        // with no stone in seki nothing is taxed
        let none = crate::seki::seki_taxed_regions(&b, &map, |_| false);
        assert!(none.iter().all(|&t| !t));
    }
}
