//! KGS's extensions: rules, time settings, the cleanup phase, the end of the game.

use super::clock::Clock;
use super::state::{args_n, syntax, State};
use super::table::{Command, Family, Reply};
use tengen::Preset;

/// The family of this file's commands.
const F: Family = Family::Kgs;

/// The KGS commands.
pub(super) const COMMANDS: &[Command] = &[
    F.command(
        "kgs-rules",
        "japanese|chinese|aga|new_zealand",
        "set the rules (the komi is kept)",
        kgs_rules,
    ),
    F.command(
        "kgs-time_settings",
        "none|absolute MAIN|byoyomi MAIN TIME PERIODS|canadian MAIN TIME STONES",
        "set the time system",
        kgs_time_settings,
    ),
    F.command(
        "kgs-genmove_cleanup",
        "COLOR",
        "the search's move for COLOR in the cleanup phase (captures dead stones), played",
        |s, args| s.genmove(args, true, true),
    ),
    F.command(
        "kgs-game_over",
        "",
        "the game is over (nothing to do)",
        |_, _| Ok(String::new()),
    ),
];

fn kgs_rules(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let preset = match args[0].to_ascii_lowercase().as_str() {
        "japanese" => Preset::Japanese,
        "chinese" => Preset::Chinese,
        "aga" => Preset::Aga,
        "new_zealand" => Preset::NewZealand,
        _ => return Err(format!("unknown rules {:?}", args[0])),
    };
    s.set_rules(preset.rules());
    Ok(String::new())
}

fn kgs_time_settings(s: &mut State, args: &[&str]) -> Reply {
    let num = |v: &str| -> Result<f64, String> {
        v.parse::<f64>()
            .ok()
            .filter(|v| v.is_finite() && *v >= 0.0)
            .ok_or_else(|| syntax("expected numbers"))
    };
    let (main, byo, stones) = match args {
        ["none"] => (0.0, 0.0, 0),
        ["absolute", m] => (num(m)?, 0.0, 0),
        ["byoyomi", m, t, _periods] => (num(m)?, num(t)?, 1),
        ["canadian", m, t, n] => (num(m)?, num(t)?, num(n)? as u32),
        _ => return Err(syntax("expected none, absolute, byoyomi or canadian")),
    };
    s.clock = Clock::new(main, byo, stones);
    Ok(String::new())
}
