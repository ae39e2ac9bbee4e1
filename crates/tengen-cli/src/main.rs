//! The `tengen` command-line tool; each subcommand lives in its own module under `cli/`.
//!
//! Start-up is part of the cost of every `tengen move` call, so the move task skips what it
//! does not need: a plain `tengen move` builds no argument parser at all, and `tengen move
//! FLAGS` parses with the `move` subcommand's definition alone (building clap's description of
//! every subcommand touched more pages than the move itself). On Linux with glibc the binary
//! is also linked statically when the machine can (see `build.rs`), so no dynamic loader runs.
//! BENCHMARKS.md, "Start-up", has the figures.

mod cli;

use std::ffi::OsString;

use cli::move_cmd::MoveArgs;

/// `tengen move ARGS` parsed with the `move` subcommand's own definition: the same derive
/// gives the same arguments, defaults and values. `None` for anything it does not accept
/// (`--help`, a typo, a bad value): the full parser then prints the usual message and status.
fn parse_move(args: &[OsString]) -> Option<MoveArgs> {
    use clap::{Args, FromArgMatches};
    let command = MoveArgs::augment_args(
        clap::Command::new("move")
            .no_binary_name(true)
            .disable_help_flag(true)
            .disable_version_flag(true),
    );
    let matches = command.try_get_matches_from(args).ok()?;
    MoveArgs::from_arg_matches(&matches).ok()
}

fn main() {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    if args.first().is_some_and(|a| a == "move") {
        let parsed = if args.len() == 1 {
            Some(MoveArgs::plain())
        } else {
            parse_move(&args[1..])
        };
        if let Some(parsed) = parsed {
            std::process::exit(cli::move_cmd::run(&parsed));
        }
    }
    std::process::exit(cli::run());
}

#[cfg(test)]
mod tests {
    use super::*;

    fn debug(a: &MoveArgs) -> String {
        format!("{a:?}")
    }

    #[test]
    fn plain_move_has_the_parsers_defaults() {
        let parsed = parse_move(&[]).expect("no flag is valid");
        assert_eq!(debug(&MoveArgs::plain()), debug(&parsed));
    }

    #[test]
    fn the_move_parser_takes_the_flags_and_leaves_the_rest_to_clap() {
        let args = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        let explain = parse_move(&args(&["--explain", "--rules", "japanese"])).unwrap();
        assert_ne!(debug(&explain), debug(&MoveArgs::plain()));
        assert!(debug(&explain).contains("explain: true"));
        for bad in [
            &["--help"][..],
            &["--version"],
            &["--rules", "klingon"],
            &["x"],
        ] {
            assert!(parse_move(&args(bad)).is_none(), "{bad:?}");
        }
    }
}
