//! `tengen territory`: the original territory task on a board read from stdin.

use std::io::{self, Write};

use clap::Args;
use tengen::formats::text::{read_board_bytes, render, InputFormat, TextStyle};
use tengen::territory::{territory_at, Owner, TerritoryMap};

use super::EXIT_USAGE;

/// Options of `tengen territory`.
#[derive(Args, Debug)]
pub struct TerritoryArgs {
    /// The region containing column X, row Y (from 0) instead of all regions; off the board
    /// prints `{"error":"Invalid coordinate"}` and exits with status 1.
    #[arg(long, num_args = 2, value_names = ["X", "Y"], allow_negative_numbers = true,
          value_parser = parse_coordinate)]
    at: Option<Vec<i64>>,
    /// Board format on stdin: auto, json, text or digits.
    #[arg(long, default_value = "auto", value_parser = parse_format)]
    input: InputFormat,
    /// Print a picture instead of JSON: stones `X`/`O`, black territory `x`, white `o`,
    /// points owned by nobody `.` (with --at, only that region is marked), framed by GTP
    /// coordinates like every tengen board picture.
    #[arg(long)]
    text: bool,
    /// With --text, frame the picture with GTP coordinates (the default; kept for old
    /// scripts).
    #[arg(long, requires = "text", hide = true)]
    coordinates: bool,
    /// With --text, bare rows without coordinates or star points (they read back as a board).
    #[arg(long, requires = "text")]
    plain: bool,
}

/// An integer coordinate; integers beyond i64 saturate (they are off any board all the same).
fn parse_coordinate(s: &str) -> Result<i64, String> {
    let t = s.trim();
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!("{s:?} is not an integer coordinate"));
    }
    Ok(t.parse().unwrap_or(if t.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

fn parse_format(s: &str) -> Result<InputFormat, String> {
    s.parse()
        .map_err(|e: tengen::formats::text::UnknownFormat| e.to_string())
}

fn mark(owner: Owner) -> char {
    match owner {
        Owner::Black => 'x',
        Owner::White => 'o',
        Owner::None => '.',
    }
}

/// Run the command; returns the exit status.
pub fn run(args: &TerritoryArgs) -> i32 {
    let input = match super::read_board_input() {
        Ok(s) => s,
        Err(e) => {
            eprintln!("tengen territory: {e}");
            return EXIT_USAGE;
        }
    };
    let board = match read_board_bytes(&input, args.input) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("tengen territory: {e}");
            return EXIT_USAGE;
        }
    };
    let style = if args.plain {
        TextStyle::default()
    } else {
        TextStyle::board()
    };
    let (text, status) = match args.at.as_deref() {
        Some(&[x, y]) => match territory_at(&board, x, y) {
            Ok(t) if args.text => {
                let s = render(&board, style, |p| {
                    t.points.binary_search(&p).is_ok().then(|| mark(t.owner))
                });
                (s, 0)
            }
            Ok(t) => (json(&t), 0),
            Err(e) => (
                format!("{}\n", serde_json::json!({ "error": e.to_string() })),
                1,
            ),
        },
        _ => {
            let mut map = TerritoryMap::new();
            map.compute(&board);
            if args.text {
                let s = render(&board, style, |p| {
                    board.get(p).is_none().then(|| mark(map.owner(&board, p)))
                });
                (s, 0)
            } else {
                (json(&map.territories(&board)), 0)
            }
        }
    };
    let mut out = io::stdout().lock();
    if out
        .write_all(text.as_bytes())
        .and_then(|_| out.flush())
        .is_err()
    {
        return 1;
    }
    status
}

fn json<T: serde::Serialize>(v: &T) -> String {
    let mut s = serde_json::to_string(v).unwrap_or_default();
    s.push('\n');
    s
}
