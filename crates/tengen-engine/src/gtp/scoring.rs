//! The end of the game: the exact count and the status of stones and points (see the module
//! docs of [`crate::gtp`] for what they decide and what they do not).

use super::state::{args_n, final_status_of, syntax, State};
use super::table::{Command, Family, Reply};
use super::ScoreMode;
use tengen::benson::pass_alive;
use tengen::Color;

/// The family of this file's commands.
const F: Family = Family::Scoring;

/// The scoring commands.
pub(super) const COMMANDS: &[Command] = &[
    F.command(
        "final_score",
        "",
        "the count after removing the dead stones (tengen-score_mode): B+x, W+x or 0",
        |s, args| {
            args_n(args, 0)?;
            Ok(s.end().score.result.to_string())
        },
    ),
    F.command(
        "final_status",
        "VERTEX",
        "alive, dead, seki, black_territory, white_territory or dame",
        final_status,
    ),
    F.command(
        "final_status_list",
        "alive|dead|seki",
        "every stone with that status",
        final_status_list,
    ),
    F.command(
        "tengen-score_mode",
        "[judge|pass-alive]",
        "how final_score and final_status decide the dead stones: the judge of finished \
         games, or only the stones the pass-alive analysis proves dead; answers the mode",
        score_mode,
    ),
    F.command(
        "unconditional_status",
        "VERTEX",
        "alive, dead, black_territory, white_territory or undecided by the pass-alive analysis",
        unconditional_status,
    ),
];

fn final_status_list(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let want = args[0].to_ascii_lowercase();
    if !matches!(want.as_str(), "alive" | "dead" | "seki") {
        return Err(syntax("expected alive, dead or seki"));
    }
    let end = s.end();
    let b = s.game.board();
    let pts = b
        .size()
        .points()
        .filter(|&p| b.get(p).is_some())
        .filter(|&p| final_status_of(&end, p) == want)
        .collect();
    Ok(s.fmt_points(pts))
}

fn final_status(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let p = s.point_arg(args[0])?;
    let end = s.end();
    Ok(final_status_of(&end, p).into())
}

fn score_mode(s: &mut State, args: &[&str]) -> Reply {
    match args {
        [] => {}
        [m] => {
            s.cfg.score_mode = m.parse::<ScoreMode>().map_err(|e| syntax(&e.to_string()))?;
        }
        _ => return Err(syntax("expected judge, pass-alive or nothing")),
    }
    Ok(s.cfg.score_mode.name().into())
}

fn unconditional_status(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let p = s.point_arg(args[0])?;
    let b = s.game.board();
    let pa = pass_alive(b, s.game.rules().multi_stone_suicide);
    Ok(match (b.get(p), pa.territory(p)) {
        (Some(_), _) if pa.is_pass_alive(p) => "alive",
        (Some(c), Some(t)) if t != c => "dead",
        (None, Some(Color::Black)) => "black_territory",
        (None, Some(Color::White)) => "white_territory",
        _ => "undecided",
    }
    .into())
}
