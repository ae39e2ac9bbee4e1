//! GoGui's extensions: the `gogui-rules_*` set that makes tengen GoGui's rules authority,
//! setup and move sequences, and the analyze commands GoGui shows in its menu (tengen's own
//! `tengen-*_gfx`).

use super::state::{syntax, State};
use super::table::{Command, Family, Reply};
use tengen::benson::pass_alive;
use tengen::formats::text::{rows, TextStyle};
use tengen::{Color, Game, Move, Point};

/// The family of this file's commands.
const F: Family = Family::GoGui;

/// The GoGui commands.
pub(super) const COMMANDS: &[Command] = &[
    F.command(
        "gogui-analyze_commands",
        "",
        "the analyze commands for GoGui's menu",
        |_, _| {
            Ok([
                "gfx/Territory/tengen-territory_gfx",
                "gfx/Pass-alive/tengen-pass_alive_gfx",
                "string/Final score/final_score",
                "plist/Dead stones/final_status_list dead",
            ]
            .join("\n"))
        },
    ),
    F.command(
        "gogui-setup",
        "COLOR VERTEX...",
        "put stones on the board before the first move",
        setup,
    ),
    F.command(
        "gogui-play_sequence",
        "COLOR VERTEX...",
        "play several moves, all or none",
        play_sequence,
    ),
    F.command("gogui-rules_game_id", "", "the game: Go", |_, _| {
        Ok("Go".into())
    }),
    F.command("gogui-rules_board_size", "", "the board's width", |s, _| {
        Ok(s.size().width().to_string())
    }),
    F.command(
        "gogui-rules_board",
        "",
        "the board, one row per line (X black, O white, . empty)",
        |s, _| Ok(board_rows(s).join("\n")),
    ),
    F.command(
        "gogui-rules_side_to_move",
        "",
        "the side to move",
        |s, _| Ok(s.game.to_move().name().into()),
    ),
    F.command(
        "gogui-rules_captured_count",
        "",
        "the stones White and Black have captured",
        |s, _| {
            Ok(format!(
                "{} {}",
                s.game.captures(Color::White),
                s.game.captures(Color::Black)
            ))
        },
    ),
    F.command(
        "gogui-rules_legal_moves",
        "",
        "the legal moves of the side to move, pass included (none once the game is over)",
        legal_moves,
    ),
    F.command(
        "gogui-rules_final_result",
        "",
        "the final count (as final_score) once the game is over, else unknown",
        |s, _| {
            if !s.game.is_over() {
                return Ok("unknown".into());
            }
            Ok(s.end().score.result.to_string())
        },
    ),
    F.command(
        "tengen-territory_gfx",
        "",
        "GoGui graphics: the empty regions bordered by one colour",
        |s, _| {
            let t = tengen::territory::territories(s.game.board());
            Ok(gfx(s, t.black, t.white, Vec::new()))
        },
    ),
    F.command(
        "tengen-pass_alive_gfx",
        "",
        "GoGui graphics: the pass-alive chains and territory, the stones proved dead marked",
        pass_alive_gfx,
    ),
];

fn board_rows(s: &State) -> Vec<String> {
    let style = TextStyle {
        spaced: true,
        ..TextStyle::default()
    };
    rows(s.game.board(), style, |_| None)
}

fn setup(s: &mut State, args: &[&str]) -> Reply {
    let pairs = s.parse_color_vertex_pairs(args)?;
    if s.game.move_count() > 0 {
        return Err("setup is only allowed before the first move".into());
    }
    let mut b = s.game.board().clone();
    let mut edits = Vec::new();
    for (c, mv) in pairs {
        match mv {
            Move::Play(p) => edits.push((p, Some(c))),
            Move::Pass => return Err(syntax("setup stones need a vertex")),
        }
    }
    b.edit(edits);
    if !b.chains_without_liberties().is_empty() {
        return Err("setup leaves a chain without liberties".into());
    }
    let rules = *s.game.rules();
    let to_move = s.game.to_move();
    s.game = Game::from_board(b, to_move, rules);
    Ok(String::new())
}

fn play_sequence(s: &mut State, args: &[&str]) -> Reply {
    let pairs = s.parse_color_vertex_pairs(args)?;
    let mut g = s.game.clone();
    for (c, mv) in pairs {
        g.play_as(c, mv).map_err(|_| "illegal move".to_string())?;
    }
    s.game = g;
    Ok(String::new())
}

fn legal_moves(s: &mut State, _: &[&str]) -> Reply {
    if s.game.is_over() {
        return Ok(String::new());
    }
    let mut out = s.fmt_points(s.game.legal_moves());
    if !out.is_empty() {
        out.push(' ');
    }
    out.push_str("pass");
    Ok(out)
}

fn gfx(s: &State, black: Vec<Point>, white: Vec<Point>, marks: Vec<Point>) -> String {
    let mut lines = Vec::new();
    for (label, pts) in [("BLACK", black), ("WHITE", white), ("MARK", marks)] {
        if !pts.is_empty() {
            lines.push(format!("{label} {}", s.fmt_points(pts)));
        }
    }
    lines.join("\n")
}

fn pass_alive_gfx(s: &mut State, _: &[&str]) -> Reply {
    let b = s.game.board();
    let pa = pass_alive(b, s.game.rules().multi_stone_suicide);
    let mut black = pa.alive_stones(Color::Black);
    black.extend(pa.territory_points(Color::Black));
    let mut white = pa.alive_stones(Color::White);
    white.extend(pa.territory_points(Color::White));
    Ok(gfx(s, black, white, pa.dead_stones(b)))
}
