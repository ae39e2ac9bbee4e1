//! The one command table: every command's name, family, arguments, help text and handler.
//! Dispatch, `list_commands`, `known_command` and `help` all read it, so they cannot disagree.
//!
//! Each family of commands lives in its own file with a `COMMANDS` slice; [`FAMILIES`] lists
//! the slices. Adding a family is a new file and one line here.

use super::analyze::Analysis;
use super::state::State;
use super::{core, gogui, kata, kgs, queries, reading, scoring};

/// What a handler answers: the response text (without the `=` and the blank line), or the
/// error message.
pub(super) type Reply = Result<String, String>;

/// A command's implementation: the engine state and the arguments after the command name.
pub(super) type Handler = fn(&mut State, &[&str]) -> Reply;

/// A streaming command's start: the analysis to stream, or the error message.
pub(super) type StreamHandler = fn(&mut State, &[&str]) -> Result<Analysis, String>;

/// How a command is answered.
#[derive(Clone, Copy)]
pub(super) enum Run {
    /// One reply.
    Reply(Handler),
    /// Lines streamed until the next input line (see [`super::session`]).
    Stream(StreamHandler),
}

/// The family a command belongs to (the file it lives in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// The GTP version 2 protocol and game setup: `boardsize`, `play`, `genmove`, `undo`,
    /// handicap, time, `loadsgf`/`printsgf`, ...
    Core,
    /// Rules-engine queries (mostly GNU Go's): `is_legal`, `all_legal`, `list_stones`,
    /// `countlib`, `findlib`, ...
    Queries,
    /// The end of the game: `final_score`, `final_status`, `final_status_list`,
    /// `unconditional_status`, `tengen-score_mode`.
    Scoring,
    /// KGS's extensions (`kgs-*`).
    Kgs,
    /// GoGui's extensions (`gogui-*`) and tengen's GoGui analyze commands (`tengen-*_gfx`).
    GoGui,
    /// KataGo's extensions (`kata-*`).
    KataGo,
    /// GNU Go's tactical reading commands: `attack`, `defend`.
    Reading,
}

impl Family {
    /// A command of this family.
    pub(super) const fn command(
        self,
        name: &'static str,
        args: &'static str,
        help: &'static str,
        run: Handler,
    ) -> Command {
        self.with(name, args, help, Run::Reply(run))
    }

    /// A streaming command of this family.
    pub(super) const fn streaming(
        self,
        name: &'static str,
        args: &'static str,
        help: &'static str,
        start: StreamHandler,
    ) -> Command {
        self.with(name, args, help, Run::Stream(start))
    }

    /// A command of this family that runs `run`.
    const fn with(
        self,
        name: &'static str,
        args: &'static str,
        help: &'static str,
        run: Run,
    ) -> Command {
        Command {
            name,
            family: self,
            args,
            help,
            run,
        }
    }
}

/// One command.
pub(super) struct Command {
    /// The name as sent.
    pub name: &'static str,
    /// Its family.
    pub family: Family,
    /// Its arguments, as `help NAME` shows them (empty when it takes none).
    pub args: &'static str,
    /// What it does, one line.
    pub help: &'static str,
    /// The implementation.
    pub run: Run,
}

/// Every family's commands.
const FAMILIES: &[&[Command]] = &[
    core::COMMANDS,
    queries::COMMANDS,
    scoring::COMMANDS,
    kgs::COMMANDS,
    gogui::COMMANDS,
    kata::COMMANDS,
    reading::COMMANDS,
];

/// Every command, family by family.
pub(super) fn all() -> impl Iterator<Item = &'static Command> {
    FAMILIES.iter().flat_map(|f| f.iter())
}

/// The command called `name`.
pub(super) fn find(name: &str) -> Option<&'static Command> {
    all().find(|c| c.name == name)
}

/// The names of every command this engine knows, sorted (what `list_commands` answers).
pub fn command_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = all().map(|c| c.name).collect();
    names.sort_unstable();
    names
}

/// The family of the command called `name`, if the engine knows it.
pub fn family_of(name: &str) -> Option<Family> {
    find(name).map(|c| c.family)
}

/// `help`: every command name, sorted (as `list_commands`); `help NAME`: its arguments and
/// what it does.
pub(super) fn help(args: &[&str]) -> Reply {
    match args {
        [] => Ok(command_names().join("\n")),
        [name] => {
            let c = find(name).ok_or_else(|| format!("unknown command {name:?}"))?;
            Ok(if c.args.is_empty() {
                format!("{}: {}", c.name, c.help)
            } else {
                format!("{} {}: {}", c.name, c.args, c.help)
            })
        }
        _ => Err("syntax error: expected at most one command name".into()),
    }
}
