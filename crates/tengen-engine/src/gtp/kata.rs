//! KataGo's extensions: rules by name or as KataGo's JSON object, and the live analysis
//! `kata-analyze` and `lz-analyze` (Leela Zero's, which KataGo has too; see
//! [`super::analyze`]).

use super::analyze::{parse, Analysis, Format};
use super::state::{args_n, State};
use super::table::{Command, Family, Reply};
use tengen::rules::Rules;

/// The family of this file's commands.
const F: Family = Family::KataGo;

/// The KataGo commands.
pub(super) const COMMANDS: &[Command] = &[
    F.command(
        "kata-set-rules",
        "RULES",
        "set the rules by name (the komi is kept)",
        kata_set_rules,
    ),
    F.command(
        "kata-get-rules",
        "",
        "the rules: a preset name, or the rules as JSON",
        |s, _| {
            let r = s.game.rules();
            Ok(match r.preset() {
                Some(p) => p.name().to_string(),
                None => serde_json::to_string(r).map_err(|e| e.to_string())?,
            })
        },
    ),
    F.streaming(
        "kata-analyze",
        "[COLOR] [INTERVAL] [interval CS] [ownership true] [minmoves N] [maxmoves N]",
        "stream KataGo-style analysis lines (every INTERVAL centiseconds) until the next command",
        |s, args| Ok(Analysis::begin(s, parse(Format::Kata, args)?)),
    ),
    F.streaming(
        "lz-analyze",
        "[COLOR] [INTERVAL] [interval CS] [minmoves N] [maxmoves N]",
        "stream Leela Zero-style analysis lines (every INTERVAL centiseconds) until the next command",
        |s, args| Ok(Analysis::begin(s, parse(Format::Lz, args)?)),
    ),
];

fn kata_set_rules(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let r = Rules::from_name(args[0]).map_err(|e| e.to_string())?;
    s.set_rules(r);
    Ok(String::new())
}
