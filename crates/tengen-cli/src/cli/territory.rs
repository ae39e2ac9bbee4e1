//! `tengen territory`: the original territory task on a board read from stdin.

use clap::Args;
use tengen::formats::text::{read_board_bytes, render, InputFormat};
use tengen::territory::{territory_at, Owner, TerritoryMap};

use super::args::{integer, json_line, parse_coords, picture_style, print};
use super::EXIT_USAGE;

/// Options of `tengen territory`.
#[derive(Args, Debug)]
pub struct TerritoryArgs {
    /// The region of one point instead of all regions: `x,y` (column, row from 0 at the top)
    /// or a GTP vertex (`D4`); the old form `--at X Y` is read too. A point off the board
    /// prints `{"error":"Invalid coordinate"}` and exits with status 1.
    #[arg(long, value_name = "POINT", num_args = 1..=2, allow_negative_numbers = true)]
    at: Option<Vec<String>>,
    /// Board format on stdin: auto, json, text or digits.
    #[arg(long, default_value = "auto")]
    input: InputFormat,
    /// Print the task's JSON (the default).
    #[arg(long, conflicts_with = "text")]
    json: bool,
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

/// The point `--at` names, as column and row (possibly off the board): one value `x,y` or a
/// vertex, or the old two integers `X Y`. The row of a vertex needs the board's `height`.
fn at_coords(at: &[String], height: usize) -> Result<(i64, i64), String> {
    match at {
        [one] => parse_coords(one, height)
            .ok_or_else(|| format!("--at {one:?} is not a point x,y or a vertex such as D4")),
        [x, y] => {
            let int = |s: &String| {
                integer(s).ok_or_else(|| format!("--at X Y: {s:?} is not an integer coordinate"))
            };
            Ok((int(x)?, int(y)?))
        }
        _ => Err("--at takes a point: x,y or a vertex such as D4".to_string()),
    }
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
    // a malformed point is a usage error before any input is read
    if let Some(Err(e)) = args.at.as_deref().map(|a| at_coords(a, 0)) {
        eprintln!("tengen territory: {e}");
        return EXIT_USAGE;
    }
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
    let style = picture_style(args.plain);
    let at = args
        .at
        .as_deref()
        .and_then(|a| at_coords(a, board.height()).ok());
    let (text, status) = match at {
        Some((x, y)) => match territory_at(&board, x, y) {
            Ok(t) if args.text => {
                let s = render(&board, style, |p| {
                    t.points.binary_search(&p).is_ok().then(|| mark(t.owner))
                });
                (s, 0)
            }
            Ok(t) => (json_line(&t), 0),
            Err(e) => (
                format!("{}\n", serde_json::json!({ "error": e.to_string() })),
                1,
            ),
        },
        None => {
            let mut map = TerritoryMap::new();
            map.compute(&board);
            if args.text {
                let s = render(&board, style, |p| {
                    board.get(p).is_none().then(|| mark(map.owner(&board, p)))
                });
                (s, 0)
            } else {
                (json_line(&map.territories(&board)), 0)
            }
        }
    };
    print("territory", &text, status)
}
