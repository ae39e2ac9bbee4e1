//! The core protocol (GTP version 2) and game setup: identification, the command list, board
//! size, komi, moves, undo, handicap, time, and SGF records in and out.

use super::state::{args_n, parse_color, syntax, State};
use super::table::{self, Command, Family, Reply};
use super::{fixed_handicap_points, Vertex};
use tengen::mcts::{Search, SearchLimits};
use tengen::rules::Komi;
use tengen::{Color, Move};

use super::clock::Clock;

/// The family of this file's commands.
const F: Family = Family::Core;

/// The core commands.
pub(super) const COMMANDS: &[Command] = &[
    F.command("protocol_version", "", "the GTP version: 2", |_, _| {
        Ok("2".into())
    }),
    F.command("name", "", "the engine's name", |_, _| Ok("tengen".into())),
    F.command("version", "", "the engine's version", |_, _| {
        Ok(env!("CARGO_PKG_VERSION").into())
    }),
    F.command(
        "known_command",
        "NAME",
        "true when the engine knows the command, else false",
        known_command,
    ),
    F.command(
        "list_commands",
        "",
        "every command, one per line",
        |_, _| Ok(table::command_names().join("\n")),
    ),
    F.command(
        "help",
        "[NAME]",
        "every command (as list_commands), or one command's arguments and what it does",
        |_, args| table::help(args),
    ),
    F.command("quit", "", "end the session", |_, _| Ok(String::new())),
    F.command(
        "boardsize",
        "SIZE [HEIGHT]",
        "a new empty board (the rules and komi are kept)",
        |s, args| match args {
            [n] => s.set_board_size(n, n),
            [w, h] => s.set_board_size(w, h),
            _ => Err(syntax("expected a size")),
        },
    ),
    F.command(
        "rectangular_boardsize",
        "WIDTH HEIGHT",
        "a new empty board of WIDTH columns and HEIGHT rows",
        |s, args| {
            args_n(args, 2)?;
            s.set_board_size(args[0], args[1])
        },
    ),
    F.command(
        "query_boardsize",
        "",
        "the board size (WIDTH HEIGHT when not square)",
        |s, _| {
            let z = s.size();
            Ok(if z.width() == z.height() {
                z.width().to_string()
            } else {
                format!("{} {}", z.width(), z.height())
            })
        },
    ),
    F.command(
        "clear_board",
        "",
        "an empty board of the same size",
        |s, _| {
            s.new_game(s.size());
            Ok(String::new())
        },
    ),
    F.command(
        "komi",
        "KOMI",
        "set the komi (a whole or half number)",
        komi,
    ),
    F.command("get_komi", "", "the komi", |s, _| {
        Ok(s.game.rules().komi.to_string())
    }),
    F.command(
        "get_handicap",
        "",
        "the number of handicap stones",
        |s, _| Ok(s.handicap.to_string()),
    ),
    F.command("play", "COLOR VERTEX", "play a move (or pass)", play),
    F.command(
        "genmove",
        "COLOR",
        "the search's move for COLOR, played (or resign)",
        |s, args| s.genmove(args, true, false),
    ),
    F.command(
        "reg_genmove",
        "COLOR",
        "the search's move for COLOR, not played",
        |s, args| s.genmove(args, false, false),
    ),
    F.command("undo", "", "take back the last move", |s, args| {
        args_n(args, 0)?;
        s.game
            .undo()
            .map(|_| String::new())
            .ok_or_else(|| "cannot undo".to_string())
    }),
    F.command(
        "gg-undo",
        "[N]",
        "take back the last N moves (1 by default)",
        gg_undo,
    ),
    F.command(
        "fixed_handicap",
        "N",
        "put N handicap stones on the standard points",
        fixed_handicap,
    ),
    F.command(
        "place_free_handicap",
        "N",
        "put N handicap stones where the engine chooses",
        place_free_handicap,
    ),
    F.command(
        "set_free_handicap",
        "VERTEX...",
        "put handicap stones on the given points",
        set_free_handicap,
    ),
    F.command(
        "showboard",
        "",
        "the board as text, the last move in parentheses, and the captures",
        |s, _| Ok(showboard(s)),
    ),
    F.command(
        "time_settings",
        "MAIN BYO_TIME BYO_STONES",
        "main time and Canadian byo-yomi, in seconds",
        time_settings,
    ),
    F.command(
        "time_left",
        "COLOR TIME STONES",
        "the time and stones left for COLOR",
        time_left,
    ),
    F.command(
        "loadsgf",
        "FILE [MOVE]",
        "load a record's main line, up to before move number MOVE; answers the side to move",
        loadsgf,
    ),
    F.command(
        "printsgf",
        "[FILE]",
        "the game as an SGF record (written to FILE when given)",
        printsgf,
    ),
];

fn known_command(_: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    Ok(table::find(args[0]).is_some().to_string())
}

fn komi(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 1)?;
    let k: Komi = args[0]
        .parse()
        .map_err(|_| syntax("komi must be a whole or half number"))?;
    let r = s.game.rules().with_komi(k);
    s.game.set_rules(r);
    Ok(String::new())
}

fn play(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 2)?;
    let color = parse_color(args[0])?;
    let mv = s.vertex(args[1])?;
    s.game
        .play_as(color, mv)
        .map_err(|_| "illegal move".to_string())?;
    Ok(String::new())
}

fn gg_undo(s: &mut State, args: &[&str]) -> Reply {
    let n = match args {
        [] => 1,
        [n] => n
            .parse::<usize>()
            .map_err(|_| syntax("expected a number"))?,
        _ => return Err(syntax("expected at most one number")),
    };
    if n > s.game.move_count() {
        return Err("cannot undo".into());
    }
    for _ in 0..n {
        s.game.undo();
    }
    Ok(String::new())
}

fn stone_count(args: &[&str]) -> Result<usize, String> {
    args_n(args, 1)?;
    args[0]
        .parse()
        .map_err(|_| "invalid number of stones".to_string())
}

fn fixed_handicap(s: &mut State, args: &[&str]) -> Reply {
    let n = stone_count(args)?;
    let z = s.size();
    let pts = fixed_handicap_points(z.width(), z.height(), n)
        .ok_or_else(|| "invalid number of stones".to_string())?;
    s.place_handicap(&pts)?;
    Ok(s.fmt_points(pts))
}

fn place_free_handicap(s: &mut State, args: &[&str]) -> Reply {
    let n = stone_count(args)?;
    let z = s.size();
    if n < 2 || n >= z.area() {
        return Err("invalid number of stones".into());
    }
    let mut pts = fixed_handicap_points(z.width(), z.height(), n.min(9))
        .filter(|_| n <= 9)
        .unwrap_or_default();
    // beyond the standard points: spread the rest, best first by search
    if pts.len() < n {
        s.place_handicap(&[])?;
        let mut g = s.game.clone();
        g.set_to_move(Color::Black);
        let mut search = Search::new(g.board(), s.cfg.seed);
        for p in &pts {
            let _ = g.play_as(Color::Black, Move::Play(*p));
        }
        while pts.len() < n {
            g.set_to_move(Color::Black);
            let lim = SearchLimits {
                playouts: (s.cfg.playouts / 4).max(50),
                time: None,
            };
            match search.run(&g, lim, true).mv {
                Move::Play(p) => {
                    let _ = g.play_as(Color::Black, Move::Play(p));
                    pts.push(p);
                }
                Move::Pass => break,
            }
        }
    }
    s.place_handicap(&pts)?;
    Ok(s.fmt_points(pts))
}

fn set_free_handicap(s: &mut State, args: &[&str]) -> Reply {
    let z = s.size();
    if args.len() < 2 || args.len() >= z.area() {
        return Err("bad vertex list".into());
    }
    let mut pts = Vec::new();
    for a in args {
        match Vertex::parse(a, z).map(|v| v.mv) {
            Ok(Move::Play(p)) if !pts.contains(&p) => pts.push(p),
            _ => return Err("bad vertex list".into()),
        }
    }
    s.place_handicap(&pts)
}

/// The board in tengen's one text picture ([`tengen::formats::text::TextStyle::board`]), the
/// last move in parentheses, then the captures.
fn showboard(s: &State) -> String {
    let last = match s.game.last_move().map(|m| m.mv) {
        Some(Move::Play(p)) => Some(p),
        _ => None,
    };
    let picture = tengen::formats::text::render(
        s.game.board(),
        tengen::formats::text::TextStyle::board().with_last(last),
        |_| None,
    );
    format!(
        "\n{}captures: black {} white {}",
        picture,
        s.game.captures(Color::Black),
        s.game.captures(Color::White)
    )
}

fn time_settings(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 3)?;
    let main: f64 = args[0].parse().map_err(|_| syntax("expected numbers"))?;
    let byo: f64 = args[1].parse().map_err(|_| syntax("expected numbers"))?;
    let stones: u32 = args[2].parse().map_err(|_| syntax("expected numbers"))?;
    if !(main >= 0.0 && byo >= 0.0 && main.is_finite() && byo.is_finite()) {
        return Err(syntax("times must be non-negative"));
    }
    s.clock = Clock::new(main, byo, stones);
    Ok(String::new())
}

fn time_left(s: &mut State, args: &[&str]) -> Reply {
    args_n(args, 3)?;
    let c = parse_color(args[0])?;
    let t: f64 = args[1].parse().map_err(|_| syntax("expected a time"))?;
    let n: u32 = args[2].parse().map_err(|_| syntax("expected stones"))?;
    if !(t.is_finite() && t >= 0.0) {
        return Err(syntax("time must be non-negative"));
    }
    s.clock.set_left(c, t, n);
    Ok(String::new())
}

fn loadsgf(s: &mut State, args: &[&str]) -> Reply {
    let (file, until) = match args {
        [f] => (*f, None),
        [f, n] => (
            *f,
            Some(
                n.parse::<usize>()
                    .map_err(|_| syntax("move number expected"))?,
            ),
        ),
        _ => return Err(syntax("expected a file name and an optional move number")),
    };
    let path = s
        .sgf_path(file)
        .map_err(|e| format!("cannot load file: {e}"))?;
    s.load_sgf(&path, until)
        .map_err(|e| format!("cannot load file: {e}"))?;
    Ok(s.game.to_move().name().into())
}

fn printsgf(s: &mut State, args: &[&str]) -> Reply {
    let text = s.write_sgf();
    match args {
        [] => Ok(text.trim_end().to_string()),
        [f] => {
            let path = s
                .sgf_path(f)
                .map_err(|e| format!("cannot write file: {e}"))?;
            write_whole(path.as_ref(), text.as_bytes())
                .map(|_| String::new())
                .map_err(|e| format!("cannot write file: {e}"))
        }
        _ => Err(syntax("expected at most a file name")),
    }
}

/// Write `bytes` as the file `path` whole or not at all: into a temporary file beside it
/// (`.NAME.PID.tmp`), then renamed over it, so a full disk leaves an older file of that name
/// as it was instead of a prefix. A device or a FIFO (`printsgf /dev/null`) is written in
/// place, and a symbolic link is followed (the file it names is replaced, not the link).
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        return std::fs::write(path, bytes);
    }
    let resolved = std::fs::canonicalize(path);
    let path = match &resolved {
        Ok(p) if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) => {
            p.as_path()
        }
        _ => path,
    };
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a file name"))?;
    let tmp = path.with_file_name(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let _ = std::fs::remove_file(&tmp); // one left by a killed engine of the same id
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.flush()))
        .and_then(|()| std::fs::rename(&tmp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}
