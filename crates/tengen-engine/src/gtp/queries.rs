//! Rules-engine queries (mostly GNU Go's): legality, stones, liberties, captures, history.
//! None of them changes the game.

use super::state::{args_n, parse_color, State};
use super::table::{Command, Family, Reply};
use tengen::Color;

/// The family of this file's commands.
const F: Family = Family::Queries;

/// The query commands.
pub(super) const COMMANDS: &[Command] = &[
    F.command(
        "is_legal",
        "COLOR VERTEX",
        "1 when COLOR may play VERTEX now, else 0",
        is_legal,
    ),
    F.command(
        "all_legal",
        "COLOR",
        "every point COLOR may play now",
        all_legal,
    ),
    F.command(
        "list_stones",
        "COLOR",
        "every stone of COLOR on the board",
        list_stones,
    ),
    F.command(
        "captures",
        "COLOR",
        "the number of stones COLOR has captured",
        |s, args| {
            args_n(args, 1)?;
            let c = parse_color(args[0])?;
            Ok(s.game.captures(c).to_string())
        },
    ),
    F.command("color", "VERTEX", "black, white or empty", |s, args| {
        args_n(args, 1)?;
        let p = s.point_arg(args[0])?;
        Ok(s.game.board().get(p).map_or("empty", Color::name).into())
    }),
    F.command(
        "countlib",
        "VERTEX",
        "the number of liberties of the chain at VERTEX",
        countlib,
    ),
    F.command(
        "findlib",
        "VERTEX",
        "the liberties of the chain at VERTEX",
        findlib,
    ),
    F.command(
        "last_move",
        "",
        "the colour and vertex of the last move",
        |s, _| match s.game.last_move() {
            Some(m) => Ok(format!("{} {}", m.color, s.fmt_move(m.mv))),
            None => Err("no previous move known".into()),
        },
    ),
    F.command(
        "move_history",
        "",
        "every move, the last first, one per line",
        |s, _| {
            let moves: Vec<_> = s.game.moves().collect();
            Ok(moves
                .iter()
                .rev()
                .map(|m| format!("{} {}", m.color, s.fmt_move(m.mv)))
                .collect::<Vec<_>>()
                .join("\n"))
        },
    ),
];

fn is_legal(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 2)?;
    let c = parse_color(args[0])?;
    let mv = s.vertex(args[1])?;
    Ok(if s.game.is_legal(c, mv) { "1" } else { "0" }.into())
}

fn all_legal(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let c = parse_color(args[0])?;
    Ok(s.fmt_points(s.game.legal_moves_for(c)))
}

fn list_stones(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let c = parse_color(args[0])?;
    let b = s.game.board();
    let pts = b.size().points().filter(|&p| b.get(p) == Some(c)).collect();
    Ok(s.fmt_points(pts))
}

fn countlib(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let p = s.point_arg(args[0])?;
    s.game
        .board()
        .liberties(p)
        .map(|n| n.to_string())
        .ok_or_else(|| "vertex must not be empty".to_string())
}

fn findlib(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let p = s.point_arg(args[0])?;
    let ch = s
        .game
        .board()
        .chain(p)
        .ok_or_else(|| "vertex must not be empty".to_string())?;
    Ok(s.fmt_points(ch.liberties))
}
