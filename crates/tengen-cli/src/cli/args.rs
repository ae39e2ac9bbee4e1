//! The argument vocabulary the subcommands share (the README's table of CLI conventions):
//! points, worker threads, output formats.

use std::io::Write;

use tengen::formats::text::TextStyle;
use tengen::{Point, Size};

/// Most worker threads any `--threads` starts.
pub const MAX_THREADS: u32 = 1024;

/// `--threads N`: worker threads, 1 to [`MAX_THREADS`]; absent means all cores.
#[derive(clap::Args, Debug, Clone, Copy)]
pub struct ThreadsArg {
    /// Worker threads, 1 to 1024 (default: all cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=MAX_THREADS as i64))]
    threads: Option<u32>,
}

impl ThreadsArg {
    /// The number of threads to start: the one given, else the cores available (at least 1).
    pub fn count(self) -> usize {
        self.threads.map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get()),
            |n| n as usize,
        )
    }
}

/// The column and row (from 0 at the top left) a point argument names: `x,y`, or a GTP
/// vertex (`D4`, `d4`, `AB30` past 25 columns, row 1 at the bottom) on a board of `height`
/// rows. The point may lie off the board (the caller decides what that means); `None` for
/// text that is neither form. Integers too large for `i64` saturate (they are off any board
/// all the same).
pub fn parse_coords(tok: &str, height: usize) -> Option<(i64, i64)> {
    let t = tok.trim();
    if let Some((a, b)) = t.split_once(',') {
        return Some((integer(a)?, integer(b)?));
    }
    let split = t
        .find(|c: char| !c.is_ascii_alphabetic())
        .unwrap_or(t.len());
    let (letters, digits) = t.split_at(split);
    let x = tengen::vertex::parse_column(letters)? as i64;
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let row = integer(digits)?;
    Some((x, (height as i64).saturating_sub(row)))
}

/// An integer, optionally negative; beyond `i64` it saturates.
pub fn integer(s: &str) -> Option<i64> {
    let t = s.trim();
    let digits = t.strip_prefix('-').unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some(t.parse().unwrap_or(if t.starts_with('-') {
        i64::MIN
    } else {
        i64::MAX
    }))
}

/// A point on a board of `size` (see [`parse_coords`]); the error calls it `what`, names the
/// text and, for a point off the board, the board's columns and rows.
pub fn parse_point_as(what: &str, tok: &str, size: Size) -> Result<Point, String> {
    let (x, y) = parse_coords(tok, size.height())
        .ok_or_else(|| format!("{what} {tok:?} is not a point x,y or a vertex such as D4"))?;
    size.point(x, y).ok_or_else(|| {
        // the ranges in the form the point was written in
        let (w, h) = (size.width(), size.height());
        let ranges = if tok.contains(',') {
            format!("columns 0 to {}, rows 0 to {} from the top", w - 1, h - 1)
        } else {
            let last = tengen::vertex::column_name(w - 1);
            format!("columns A to {last}, rows 1 to {h} from the bottom")
        };
        format!("{what} {tok:?} is off the {size} board ({ranges})")
    })
}

/// The picture `--text` prints: the board look with coordinates and star points, or with
/// `--plain` bare rows that read back as a board.
pub fn picture_style(plain: bool) -> TextStyle {
    if plain {
        TextStyle::default()
    } else {
        TextStyle::board()
    }
}

/// One JSON line (`--json`).
pub fn json_line<T: serde::Serialize>(v: &T) -> String {
    let mut s = serde_json::to_string(v).unwrap_or_default();
    s.push('\n');
    s
}

/// Report a failed write to stdout by `tengen CMD`: quiet when its reader closed it (EPIPE,
/// as `| head` does), else a message on stderr (a full disk, an I/O error). Returns whether it
/// was such a real error, which the caller turns into a non-zero exit.
pub fn stdout_failed(cmd: &str, e: &std::io::Error) -> bool {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        return false;
    }
    eprintln!("tengen {cmd}: cannot write stdout: {e}");
    true
}

/// Write a command's whole answer to stdout and return `status`, or 1 when the write fails
/// (with a message unless stdout was closed by its reader: see [`stdout_failed`]).
pub fn print(cmd: &str, text: &str, status: i32) -> i32 {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|_| out.flush()) {
        Ok(()) => status,
        Err(e) => {
            stdout_failed(cmd, &e);
            1
        }
    }
}

/// `println!` for a command's answer (`outln!("bench", "{x}")`): when the line cannot be
/// written, the enclosing function returns 1, with a message unless stdout was closed by its
/// reader (see [`stdout_failed`]), where `println!` would panic.
macro_rules! outln {
    ($cmd:expr, $($arg:tt)*) => {
        if let Err(e) = {
            use std::io::Write as _;
            writeln!(std::io::stdout().lock(), $($arg)*)
        } {
            $crate::cli::args::stdout_failed($cmd, &e);
            return 1;
        }
    };
}
pub(crate) use outln;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_as_pairs_and_vertices() {
        let s = Size::square(19).unwrap();
        assert_eq!(parse_coords("3,15", 19), Some((3, 15)));
        assert_eq!(parse_coords(" 3 , 15 ", 19), Some((3, 15)));
        assert_eq!(parse_coords("D4", 19), Some((3, 15)));
        assert_eq!(parse_coords("d4", 19), Some((3, 15)));
        assert_eq!(parse_coords("-1,0", 19), Some((-1, 0)));
        assert_eq!(parse_coords("A20", 19), Some((0, -1)));
        assert_eq!(parse_coords("AA1", 30), Some((25, 29)));
        assert_eq!(
            parse_coords("99999999999999999999,0", 19),
            Some((i64::MAX, 0))
        );
        for bad in [
            "", "D", "4", "I4", "D4x", "D-4", "3,", ",3", "a,b", "3 4", "D+4",
        ] {
            assert_eq!(parse_coords(bad, 19), None, "{bad:?}");
        }
        assert_eq!(parse_point_as("p", "T19", s), Ok(Point::new(18, 0)));
        // the message speaks the point's own form, never the internal column and row
        let e = parse_point_as("dead stone", "U1", s).unwrap_err();
        assert_eq!(
            e,
            "dead stone \"U1\" is off the 19x19 board (columns A to T, rows 1 to 19 from the \
             bottom)"
        );
        let e = parse_point_as("--dead", "Z99", s).unwrap_err();
        assert!(!e.contains("-80"), "{e}");
        let e = parse_point_as("--at", "19,0", s).unwrap_err();
        assert_eq!(
            e,
            "--at \"19,0\" is off the 19x19 board (columns 0 to 18, rows 0 to 18 from the top)"
        );
        let e = parse_point_as("--at", "Q", s).unwrap_err();
        assert!(e.contains("not a point x,y or a vertex"), "{e}");
    }
}
