//! GNU Go's tactical reading commands, answered by [`tengen::read`]: `attack VERTEX` and
//! `defend VERTEX`, with GNU Go's answer format: `1 D4` (success with the move), `2 D4`
//! (success only by winning a ko), `0` (failure). `defend` answers `1 PASS` for a chain that
//! cannot be captured at all. The reading uses the default limits ([`tengen::read::ReadConfig`]);
//! an answer cut off by the budget is given as the best guess, as GNU Go does at its depth
//! limits.

use super::state::{args_n, State};
use super::table::{Command, Family, Reply};
use tengen::read::{ReadConfig, ReadError, Reader, Reading};
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
        |s, args| read(s, args, Reader::defend),
    ),
];

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
    let mut reader = Reader::new(ReadConfig::default());
    let r = ask(&mut reader, board, p).map_err(|e| e.to_string())?;
    Ok(match r.verdict.best_move() {
        Some(Move::Pass) => "1 PASS".into(),
        Some(m) => format!("{} {}", r.verdict.code(), s.fmt_move(m)),
        None => "0".into(),
    })
}
