//! The judge of finished games: which stones are dead, which are in seki, who owns each
//! point, and the score, for a position as real games end (dead stones still on the board,
//! dame open, boundaries not closed).
//!
//! # Stages
//! The judge is six named stages over one table of the position's chains and groups (a row
//! per chain: its stones, colour, group, status, and the [`Stage`] that decided it with the
//! [`Reason`]). Each stage is a function in its own file; [`Options::without`] turns any of
//! the first five off, so that what a stage buys can be measured without editing code.
//!
//! 1. **Certain** (`certain.rs`, [`crate::benson`]): pass-alive chains are alive
//!    (`"pass-alive"`), and stones inside the opponent's pass-alive territory are dead. No
//!    later stage overrules these.
//! 2. **Estimated** (`estimated.rs`): [`Options::playouts`] playouts from the position, half
//!    with each colour moving first, played to the end by a random policy with tactical
//!    rules. After a move that stands in atari or puts a chain of the player to move in
//!    atari, that player makes the biggest capture among the move's chain and the enemy
//!    chains in atari next to the chain in danger (taking a throw-in can leave the taker in
//!    atari when capturing the chain beside it saves all), else extends the chain in danger
//!    to two liberties. The policy never fills an own one-point eye, and never makes a
//!    self-atari of two stones or more unless it is a small filling move that puts the enemy
//!    in atari too (the moves that kill a big eye). One-eyed groups can die: the attacker may
//!    fill their outside liberties and play into the eye. Each point's ownership is the mean
//!    of the final owners (+1 Black, −1 White). A chain that is not certain is dead when its
//!    stones' mean ownership on its own side is below `ALIVE_MIN` (0.2), weighed with the
//!    chains of the same colour it shares liberties with (its *group*) unless its own mean is
//!    beyond ±0.6 (`"playouts 0.91"`, the size of that mean; `"playouts 0.35 (group)"` when
//!    the group's mean decided).
//! 3. **Read** (`read.rs`, [`crate::read`]): the exact, bounded reader settles what it can
//!    prove within its budget, and only that. A chain the playouts keep with little
//!    confidence that cannot be saved even with its owner moving first ([`crate::read::Reader::defend`]
//!    proven a failure) is dead (`"read: captured in 3 moves, proven"`). A chain the
//!    playouts killed is alive when it is joined to a living chain of its colour through
//!    empty points and dead enemy stones only, and [`crate::read::Reader::attack`] proves
//!    that it cannot be captured even with the attacker moving first (`"read: joined to a
//!    living chain, cannot be captured, proven"`: a group whose way out goes through enemy
//!    stones in atari). Nothing unproven changes a decision, and races are not read (the
//!    race reader's proof holds within the race's moves only: see `read.rs`).
//! 4. **Seki** (`seki.rs`), on the board without the dead stones: an empty point next to both
//!    colours where a stone of either colour would capture nothing and be left in atari (or
//!    without liberties) is a *shared liberty in seki*; the chains next to it are in seki
//!    (alive, and marked [`Status::Seki`]). Before that, a chain of two stones or more that
//!    stage 2 killed stays when every liberty of it is such a point and no enemy stone there
//!    lies inside its eye space (a seki without eyes, whose shared liberties the playouts'
//!    filling moves fill); a stone inside the eye space is one the attacker can sacrifice,
//!    and a single stone among an enemy chain's last two liberties is counted dead, as GNU Go
//!    counts it. A liberty also counts as such a point when the enemy stone there would keep
//!    one liberty at most besides dame the chain's owner can fill harmlessly (an eyeless
//!    enemy chain short of outside liberties), and the test is made again after the attacker
//!    has filled the dame among the chain's liberties that it can fill harmlessly (a seki
//!    whose last liberties neither side can approach).
//! 5. **End of game played out** (`finish.rs`, `forced.rs`): the end of the game is played
//!    as players (and the program that counts Fox's games) play it before counting, on the
//!    board without the dead stones. The forced moves are read by the tactical reader
//!    ([`crate::read`], proven answers only): a dead chain in atari whose owner, moving
//!    first, would save it by capturing stones of the capturer is captured in advance on its
//!    last liberty (a snapback, or a chain still caught inside the territory after its
//!    capture, is no threat); a live chain next to a dame that the opponent can fill
//!    harmlessly, after which the opponent moving again captures it, is protected by its
//!    owner's defence when that defence is a point of its own territory, and costs its
//!    owner a turn: the opponent fills first. Then the dame
//!    whose filling gains points (a territory point next to it, a chain it would put in
//!    atari, a chain it *corners*: one that the next fill would force to protect inside its
//!    territory, read as above, and whose owner cannot fill that dame first without
//!    self-atari) or denies the opponent such a fill are filled alternately from the player
//!    to move, best first; then the neutral dame too, the one that leaves an enemy chain the
//!    fewest liberties first (two such fills in a row can leave a chain in atari); a fill
//!    that puts a chain in atari is answered at once by its proven defence. Last, the
//!    dead chains are read again: the fills can leave a capturer's chain short of liberties.
//! 6. **Count** (`count.rs`) as the rules do. Stones removed as dead become the capturer's
//!    territory (and prisoners under territory rules). An empty region bordered by one
//!    colour is that colour's territory; in a region bordered by both (an open boundary) a
//!    point next to both colours is dame, and the rest splits into parts bordered by one
//!    colour, counted for that colour when the playouts agree. Under territory counting a
//!    point a player had to fill in stage 5 is not territory; a chain left in atari must
//!    connect at its last liberty, which is no territory either. Under rules with a seki
//!    tax, the eyes of groups in seki (regions bordered by stones in seki only) are not
//!    counted. The count itself is [`crate::score`]'s. This stage cannot be turned off.
//!
//! Stages 1 to 4 decide chains; 5 and 6 decide points. [`Count::chains`] holds each chain's
//! [`ChainJudgement`] with its stage and reason (`tengen score --explain` prints them):
//!
//! ```
//! use tengen::count::Position;
//! use tengen::formats::text::{read_board, InputFormat};
//! use tengen::judge::{judge, Options, Stage, Stages, Status};
//! use tengen::{Point, Rules};
//!
//! // Black's wall with two eyes in the corner and a white stone in a third, small, area.
//! let rows = ".X.XO.X..\nXXXXXXX..\n.........\n.........\n.........\n\
//!             .........\n.........\n.........\n.........";
//! let board = read_board(rows, InputFormat::Text).unwrap();
//! let pos = Position::new(board, Rules::from_name("chinese").unwrap());
//! let count = judge(&pos, &Options::default());
//! let white = count.chains.iter().find(|c| c.stones == [Point::new(4, 0)]).unwrap();
//! assert_eq!((white.status, white.stage), (Status::Dead, Some(Stage::Certain)));
//! assert_eq!(white.reason.to_string(), "inside pass-alive territory");
//! // Without the certain stage the playouts decide it, and say how sure they are.
//! let opts = Options { without: Stages::of(&[Stage::Certain]), ..Options::default() };
//! let count = judge(&pos, &opts);
//! let white = count.chains.iter().find(|c| c.stones == [Point::new(4, 0)]).unwrap();
//! assert_eq!((white.status, white.stage), (Status::Dead, Some(Stage::Estimated)));
//! assert!(white.reason.to_string().starts_with("playouts "));
//! ```
//!
//! # Confidence and where it can be wrong
//! Stage 1 is certain, and so is a proven reading of stage 3; stages 4 to 6 are exact given
//! the statuses. Stage 2 is an estimate whose noise shrinks with the number of playouts (the
//! figures below hardly move from 64 to 256); it is deterministic for a given
//! [`Options::seed`]. The playouts misjudge capturing races that need exact reading, groups
//! whose life depends on a ko, and big unsettled groups of unfinished games: there the
//! ownership is near 0 and the decision a coin toss ([`ChainJudgement::confidence`] near 0
//! says so). Stage 3 corrects chains the playouts keep that reading proves lost, but revives
//! a chain the playouts kill only when it is joined to a living chain, since the tactical
//! reader cannot prove a group's life on its own. A seki whose chains keep a liberty that is not shared (three
//! liberties, or an eye) is still left to the playouts, which can read it as a capture. The
//! end-of-game play of stage 5 reads each forced move, but it chooses the order of the
//! fills by their gain one fill ahead (two through the cornering test), not by reading
//! the whole sequence, so the order can cost a point that better play would save (or the
//! reverse).
//!
//! Measured (2026-12-01, 2-core AMD EPYC VM; `tengen bench judge`): on the 288 fox-pro records with a counted result, the winner right
//! in 98.3% and the margin exactly right in 87.8%, mean absolute error 0.57 points (GNU Go
//! 3.8 `final_score` on the same records, 2026-12-02: 99.7% and 91.0%, at 1.2 s per
//! position; the better of the two on each record 94.8%, and on 9 records both agree with
//! each other and not with the label: see `examples/judge_vs_gnugo.rs`); 1.1 ms per 9x9
//! position, 2.5 ms per 13x13, 5.1 ms per 19x19; OGS's score-estimator set 51 of 54 exactly
//! right; OGS's autoscore set 24 of 31 with every stone's status right (18 with every point's
//! owner). The figures after the stages were rebuilt, and what each stage buys, are in
//! BENCHMARKS.md ("The judge as named stages").
use std::fmt;

use serde::Serialize;

use crate::count::{Count, Position};
use crate::{Color, Point};

mod certain;
mod count;
mod estimated;
mod finish;
mod forced;
mod policy;
mod read;
mod seki;
mod table;

use table::Table;

/// How to judge (the position's rules, captures and handicap come with its
/// [`Position`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Playouts to run (half with each colour first); 0 judges from the certain parts only.
    pub playouts: u32,
    /// Seed of the playouts' random generator.
    pub seed: u64,
    /// The stages turned off (none by default): to measure what each buys.
    pub without: Stages,
}

/// The judge's default number of playouts ([`Options::default`]), also what the analysis
/// server and the bindings judge with unless told otherwise: 128.
pub const DEFAULT_PLAYOUTS: u32 = 128;

impl Default for Options {
    fn default() -> Options {
        Options {
            playouts: DEFAULT_PLAYOUTS,
            seed: 1,
            without: Stages::NONE,
        }
    }
}

/// A stage of the judge (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// 1: Benson's pass-alive analysis.
    Certain,
    /// 2: the playouts' ownership.
    Estimated,
    /// 3: the reader's proofs.
    Read,
    /// 4: seki.
    Seki,
    /// 5: the end of the game played out (dame, protecting and capturing moves).
    Finish,
    /// 6: the count (cannot be turned off).
    Count,
}

impl Stage {
    /// Every stage, in order.
    pub const ALL: [Stage; 6] = [
        Stage::Certain,
        Stage::Estimated,
        Stage::Read,
        Stage::Seki,
        Stage::Finish,
        Stage::Count,
    ];

    /// The name: `certain`, `estimated`, `read`, `seki`, `finish` or `count`.
    pub fn name(self) -> &'static str {
        match self {
            Stage::Certain => "certain",
            Stage::Estimated => "estimated",
            Stage::Read => "read",
            Stage::Seki => "seki",
            Stage::Finish => "finish",
            Stage::Count => "count",
        }
    }

    /// The stage of a name ([`Stage::name`]).
    pub fn from_name(name: &str) -> Option<Stage> {
        Stage::ALL.into_iter().find(|s| s.name() == name)
    }

    fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of stages ([`Options::without`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Stages(u8);

impl Stages {
    /// No stage.
    pub const NONE: Stages = Stages(0);

    /// The stages listed.
    pub fn of(stages: &[Stage]) -> Stages {
        Stages(stages.iter().fold(0, |m, s| m | s.bit()))
    }

    /// The set with `stage` added.
    pub fn with(self, stage: Stage) -> Stages {
        Stages(self.0 | stage.bit())
    }

    /// Whether `stage` is in the set.
    pub fn contains(self, stage: Stage) -> bool {
        self.0 & stage.bit() != 0
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The stages of a list of names separated by commas (`read,seki`). The count cannot
    /// be left out of a judgement, so `count` is refused.
    ///
    /// # Errors
    /// The name that is no stage, or `count`, in words.
    pub fn parse(list: &str) -> Result<Stages, String> {
        let mut s = Stages::NONE;
        for name in list.split(',').map(str::trim).filter(|n| !n.is_empty()) {
            match Stage::from_name(name) {
                Some(Stage::Count) => {
                    return Err("the count cannot be turned off".to_string());
                }
                Some(stage) => s = s.with(stage),
                None => {
                    return Err(format!(
                        "{name:?} is no stage (certain, estimated, read, seki, finish)"
                    ))
                }
            }
        }
        Ok(s)
    }

    /// The stages in the set, in order.
    pub fn iter(self) -> impl Iterator<Item = Stage> {
        Stage::ALL.into_iter().filter(move |&s| self.contains(s))
    }
}

/// What the judge decided for one chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// It stays on the board and counts for its owner.
    Alive,
    /// It is removed and counts for the opponent.
    Dead,
    /// Alive in seki: it stays, but under a seki tax its eyes are not territory.
    Seki,
}

impl Status {
    /// The name, as in JSON and GTP: `alive`, `dead` or `seki`.
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        }
    }
}

/// Why a chain has its status: what the stage that decided it found. Its text
/// ([`fmt::Display`]) is the trace `tengen score --explain` prints.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Reason {
    /// Stage 1: pass-alive (`pass-alive`).
    PassAlive,
    /// Stage 1: a stone of it is inside the opponent's pass-alive territory (`inside
    /// pass-alive territory`).
    InPassAliveTerritory,
    /// No estimate (no playouts, or the estimated stage off): it stays (`no estimate`).
    NoEstimate,
    /// Stage 2: the playouts' mean ownership of its stones on its own side (or, with
    /// `group`, of its group's), whose size is shown (`playouts 0.91`, `playouts 0.35
    /// (group)`).
    Playouts {
        /// The size of the mean, 0 to 1.
        mean: f32,
        /// Whether the group's mean decided rather than the chain's own.
        group: bool,
    },
    /// Stage 3: the reader proved it captured even with its owner moving first, the
    /// attacker's line being this many moves long (`read: captured in 3 moves, proven`).
    Captured {
        /// Moves of the attacker's principal variation as the table remembers it.
        moves: u32,
    },
    /// Stage 3: the playouts killed it, but it borders a region of empty points and dead
    /// enemy stones that a living chain of its colour borders too, and the reader proved it
    /// cannot be captured even with the attacker moving first (`read: joined to a living
    /// chain, cannot be captured, proven`).
    JoinsLife,
    /// Stage 4: next to a shared liberty in seki (`seki: shares a liberty neither side can
    /// fill`).
    SharedLiberty,
    /// Stage 4: the playouts killed it, but every liberty is a shared liberty in seki and
    /// no enemy stone lies inside its eye space (`seki without eyes: the playouts' capture
    /// overruled`).
    SekiWithoutEyes,
    /// Not judged: marked dead by the caller (`given`).
    Given,
    /// Not judged: not marked dead (`not marked`).
    NotMarked,
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Reason::PassAlive => f.write_str("pass-alive"),
            Reason::InPassAliveTerritory => f.write_str("inside pass-alive territory"),
            Reason::NoEstimate => f.write_str("no estimate"),
            Reason::Playouts { mean, group } => {
                // two decimals by integer arithmetic: `{:.2}` would link the exact float
                // formatter into the WebAssembly build for this one line (about 3 KB)
                let c = (mean.clamp(0.0, 1.0) * 100.0).round() as u32;
                write!(f, "playouts {}.{:02}", c / 100, c % 100)?;
                if group {
                    f.write_str(" (group)")?;
                }
                Ok(())
            }
            Reason::Captured { moves } => {
                let s = if moves == 1 { "" } else { "s" };
                write!(f, "read: captured in {moves} move{s}, proven")
            }
            Reason::JoinsLife => {
                f.write_str("read: joined to a living chain, cannot be captured, proven")
            }
            Reason::SharedLiberty => f.write_str("seki: shares a liberty neither side can fill"),
            Reason::SekiWithoutEyes => {
                f.write_str("seki without eyes: the playouts' capture overruled")
            }
            Reason::Given => f.write_str("given"),
            Reason::NotMarked => f.write_str("not marked"),
        }
    }
}

/// One chain's judgement.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainJudgement {
    /// The chain's colour.
    pub color: Color,
    /// Its stones, sorted by (y, x).
    pub stones: Vec<Point>,
    /// The decision.
    pub status: Status,
    /// Whether it is certain (pass-alive analysis, a proven reading or seki shape) rather
    /// than estimated.
    pub certain: bool,
    /// How sure the estimate is, from 0 (a coin toss) to 1 (every playout agreed).
    pub confidence: f32,
    /// The stage that decided it (`None` when the dead stones were not judged but given).
    pub stage: Option<Stage>,
    /// Why.
    pub reason: Reason,
}

/// Judge `pos` (its rules and komi, captures, handicap and player to move); see the module
/// docs. [`crate::count::count`] with [`crate::count::DeadStones::Judged`] calls this after
/// checking the position's handicap and captures.
pub fn judge(pos: &Position, opts: &Options) -> Count {
    let board = &pos.board;
    let on = |s: Stage| !opts.without.contains(s);
    let mut t = Table::new(board);
    if on(Stage::Certain) {
        certain::run(&mut t, board, pos.rules.multi_stone_suicide);
    }
    // the playouts' ownership, padded, +1 Black to -1 White (0 without playouts)
    let own = if on(Stage::Estimated) {
        estimated::run(&mut t, board, pos.to_move, opts)
    } else {
        vec![0.0; board.padded_len()]
    };
    if on(Stage::Read) && on(Stage::Estimated) && opts.playouts > 0 {
        read::run(&mut t, board);
    }
    let settled = seki::run(&mut t, board, on(Stage::Seki));
    let ctx = count::CountContext {
        ownf: &own,
        seki_stone: &settled.seki_stone,
        seki_pt: &settled.seki_pt,
        tax: pos.rules.tax != crate::Tax::None,
        area: pos.rules.scoring == crate::Scoring::Area,
    };
    let fin = if on(Stage::Finish) {
        finish::run(&t, board, &settled.board, &ctx, pos.to_move)
    } else {
        settled.board.clone()
    };
    let score = count::run(pos, &ctx, &settled, &fin);

    let mut dead: Vec<Point> = t
        .chains
        .iter()
        .filter(|c| c.status == Status::Dead)
        .flat_map(|c| c.stones.iter().copied())
        .collect();
    dead.sort_unstable_by_key(|p| (p.y, p.x));
    let seki: Vec<Point> = board
        .all_pos()
        .filter(|&q| settled.seki_pt[q] || settled.seki_stone[q])
        .map(|q| board.point(q))
        .collect();
    let ownership = board.all_pos().map(|q| own[q]).collect();
    let chains = t
        .chains
        .into_iter()
        .map(|c| ChainJudgement {
            certain: matches!(c.stage, Stage::Certain | Stage::Read | Stage::Seki),
            color: c.color,
            stones: c.stones,
            status: c.status,
            confidence: c.confidence.min(1.0),
            stage: Some(c.stage),
            reason: c.reason,
        })
        .collect();
    Count {
        score,
        to_move: pos.to_move,
        dead,
        seki,
        chains,
        ownership: Some(ownership),
        judged_with: Some(*opts),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_parse_from_their_names_and_the_count_stays() {
        let s = Stages::parse("read, seki").unwrap();
        assert!(s.contains(Stage::Read) && s.contains(Stage::Seki));
        assert!(!s.contains(Stage::Certain));
        assert_eq!(s.iter().collect::<Vec<_>>(), [Stage::Read, Stage::Seki]);
        assert_eq!(Stages::parse("").unwrap(), Stages::NONE);
        assert!(Stages::parse("count").is_err());
        assert!(Stages::parse("benson").unwrap_err().contains("\"benson\""));
        for s in Stage::ALL {
            assert_eq!(Stage::from_name(s.name()), Some(s));
        }
    }

    #[test]
    fn reasons_read_as_the_trace_prints_them() {
        assert_eq!(
            Reason::Playouts {
                mean: 0.912,
                group: false
            }
            .to_string(),
            "playouts 0.91"
        );
        assert_eq!(
            Reason::Playouts {
                mean: 0.35,
                group: true
            }
            .to_string(),
            "playouts 0.35 (group)"
        );
        assert_eq!(
            Reason::Captured { moves: 9 }.to_string(),
            "read: captured in 9 moves, proven"
        );
        assert_eq!(
            Reason::JoinsLife.to_string(),
            "read: joined to a living chain, cannot be captured, proven"
        );
        assert_eq!(Reason::PassAlive.to_string(), "pass-alive");
    }
}
