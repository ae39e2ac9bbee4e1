//! GNU Go's reading commands, answered by [`tengen::read`]: `attack VERTEX` and
//! `defend VERTEX` (tactical, one chain), `owl_attack VERTEX` and `owl_defend VERTEX` (life
//! and death of the group in its enclosed region, or in an open region where running out
//! counts as a defence: [`tengen::read::Reader::owl`]),
//! with GNU Go's answer format: `1 D4` (success with the move), `2 D4` (success only by
//! winning a ko taken first), `3 D4` (only by a ko that needs a threat first), `0`
//! (failure). A success that needs no move is `PASS` with its code:
//! `attack` may answer `1 PASS` or `2 PASS` (the defender to move cannot avoid the capture or
//! the ko), and `defend` names a move that keeps safe a chain the attacker cannot take even
//! moving first, as GNU Go does ([`tengen::read::Reader::defend_naming_move`]), and answers
//! `1 PASS` only when it reads none (a chain safe by its liberties alone). `owl_defend`
//! answers `1 PASS` only when that is proven (a search cut off by its budget is a guess,
//! and a group that may need a move is given one: the key of the search with its owner
//! moving first). The tactical questions use the default limits
//! ([`tengen::read::ReadConfig`]), the owl questions [`super::EngineConfig::owl_nodes`] nodes a
//! search (`tengen gtp --owl-nodes N`); an answer cut off by the budget is given as the best
//! guess, as GNU Go does at its depth limits.

use super::state::{args_n, State};
use super::table::{Command, Family, Reply};
use tengen::read::{LifeAndDeath, ReadConfig, ReadError, Reader, Reading, Status};
use tengen::{Board, Move, Point};

/// The family of this file's commands.
const F: Family = Family::Reading;

/// The reading commands.
pub(super) const COMMANDS: &[Command] = &[
    F.command(
        "attack",
        "VERTEX",
        "1 MOVE when the chain at VERTEX can be captured with its opponent to move, 2 MOVE by ko, else 0",
        |s, args| read(s, args, Reader::attack),
    ),
    F.command(
        "defend",
        "VERTEX",
        "1 MOVE when the chain at VERTEX can be saved with its owner to move, 2 MOVE by ko, else 0",
        |s, args| read(s, args, Reader::defend_naming_move),
    ),
    F.command(
        "owl_attack",
        "VERTEX",
        "1 MOVE when the group at VERTEX can be killed with its opponent to move, 2 MOVE by ko, else 0",
        |s, args| owl(s, args, true),
    ),
    F.command(
        "owl_defend",
        "VERTEX",
        "1 MOVE when the group at VERTEX can live (or live in seki) with its owner to move, 2 MOVE by ko, else 0",
        |s, args| owl(s, args, false),
    ),
];

/// A life-and-death question about the group at the vertex argument.
fn owl(s: &mut State, args: &[&str], attack: bool) -> Reply {
    args_n(args, 1)?;
    let p = s.point_arg(args[0])?;
    let board = s.game.board();
    if board.get(p).is_none() {
        return Err("vertex must not be empty".into());
    }
    let mut reader = Reader::new(ReadConfig {
        tsumego_budget: s.cfg.owl_nodes.max(1),
        ..ReadConfig::default()
    });
    let ld: LifeAndDeath = reader.owl(board, p).map_err(|e| e.to_string())?;
    let a = ld.attacker_first;
    let (code, key) = if attack {
        match a.status {
            Status::Dead => (1, a.key),
            Status::Ko => (2 + a.needs_ko_threat as u8, a.key),
            Status::Alive | Status::Seki => (0, None),
        }
    } else if matches!(a.status, Status::Alive | Status::Seki) && a.proven {
        (1, Some(Move::Pass))
    } else {
        let d = ld.defender_first;
        match d.status {
            Status::Alive | Status::Seki => (1, d.key),
            Status::Ko => (2 + d.needs_ko_threat as u8, d.key),
            Status::Dead => (0, None),
        }
    };
    Ok(match (code, key) {
        (0, _) | (_, None) => "0".into(),
        (c, Some(Move::Pass)) => format!("{c} PASS"),
        (c, Some(m)) => format!("{c} {}", s.fmt_move(m)),
    })
}

/// One reading question about the chain at the vertex argument.
fn read(
    s: &mut State,
    args: &[&str],
    ask: fn(&mut Reader, &Board, Point) -> Result<Reading, ReadError>,
) -> Reply {
    args_n(args, 1)?;
    let p = s.point_arg(args[0])?;
    let board = s.game.board();
    if board.get(p).is_none() {
        return Err("vertex must not be empty".into());
    }
    // one reader for the session: its table of proven results is kept across questions (a
    // new one each question cost a fresh table of 1 MiB, and forgot what the `attack` just
    // asked had proven for the `defend` that follows)
    let reader = s
        .reader
        .get_or_insert_with(|| Reader::new(ReadConfig::default()));
    let r = ask(reader, s.game.board(), p).map_err(|e| e.to_string())?;
    Ok(match r.verdict.best_move() {
        Some(Move::Pass) => format!("{} PASS", r.verdict.code()),
        Some(m) => format!("{} {}", r.verdict.code(), s.fmt_move(m)),
        None => "0".into(),
    })
}
