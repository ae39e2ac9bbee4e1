//! The move task's format: a board size `n`, `n` rows of `n` digits (0 empty, 1 black,
//! 2 white), then `col row color`.
//!
//! How lenient the reader is:
//! - rows may be written with no separator (`0120`) or with white space between digits
//!   (`0 1 2 0`); the answer is written in the style of the problem's first row;
//! - CRLF line ends, trailing white space and blank lines between problems (and at the end)
//!   are accepted; a blank line inside a problem is an error;
//! - several problems may follow one another; [`ProblemReader`] yields them one at a time
//!   and holds one line in memory, so a stream of any length runs in constant memory;
//! - the size may be 1 to 52 (the original task says 2 to 19);
//! - everything else (a wrong number of rows or digits, a digit other than 0/1/2, a move off
//!   the board, a colour other than 1/2, missing or extra numbers, a position in which a chain
//!   has no liberty) is a [`DigitsError`] naming the line, and the column where it applies.

use std::fmt;
use std::io::{self, BufRead, Read, Write};

use crate::{Board, Color, Point, Size, MAX_SIZE};

/// One problem of the move task.
#[derive(Clone, Debug)]
pub struct Problem {
    /// The position.
    pub board: Board,
    /// Where the stone goes.
    pub point: Point,
    /// Whose stone.
    pub color: Color,
    /// Whether the rows were written with spaces between digits.
    pub spaced: bool,
    /// The line (from 1) where the problem starts.
    pub line: usize,
}

/// What is wrong with the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DigitsErrorKind {
    /// Reading failed.
    Io(String),
    /// A line is longer than [`MAX_LINE`] bytes (no problem needs that: the widest row is
    /// 52 spaced digits); reading stops there so a hostile stream cannot fill memory.
    LineTooLong,
    /// The size line is not a number.
    BadSize(String),
    /// The size is outside 1..=52.
    SizeOutOfRange(u64),
    /// The input ended before all rows were read.
    MissingRow {
        /// Which row (from 0) was expected.
        row: usize,
        /// How many rows the size asks for.
        rows: usize,
    },
    /// A row had a blank line instead.
    BlankRow {
        /// Which row (from 0) was expected.
        row: usize,
    },
    /// A row has the wrong number of digits.
    RowLength {
        /// Which row (from 0).
        row: usize,
        /// How many digits it should have.
        expected: usize,
        /// How many it has.
        found: usize,
    },
    /// A character that is not 0, 1 or 2 in a row.
    BadDigit(String),
    /// The input ended before the move line.
    MissingMove,
    /// The move line does not have exactly three numbers.
    MoveArity(usize),
    /// A move field is not a number.
    BadNumber(String),
    /// The move's column or row is off the board.
    OffBoard {
        /// The column given.
        x: i64,
        /// The row given.
        y: i64,
        /// The board size.
        size: usize,
    },
    /// The colour is not 1 or 2.
    BadColor(String),
    /// Chains without liberties in the given position (one stone of each).
    NoLiberty(Vec<Point>),
}

/// An input error, with the line (from 1) and column (from 1) where it was found.
pub type DigitsError = super::Located<DigitsErrorKind>;

impl fmt::Display for DigitsErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use DigitsErrorKind as K;
        match self {
            K::Io(e) => write!(f, "cannot read input: {e}"),
            K::LineTooLong => write!(f, "line longer than {MAX_LINE} bytes"),
            K::BadSize(s) => write!(
                f,
                "expected the board size (a number from 1 to 52), found {s:?}"
            ),
            K::SizeOutOfRange(n) => {
                write!(
                    f,
                    "board size {n} is out of range: it must be from 1 to {MAX_SIZE}"
                )
            }
            K::MissingRow { row, rows } => write!(
                f,
                "the input ends before row {row} of the board ({rows} rows expected)"
            ),
            K::BlankRow { row } => write!(f, "expected row {row} of the board, found a blank line"),
            K::RowLength {
                row,
                expected,
                found,
            } => write!(f, "row {row} has {found} digits, expected {expected}"),
            K::BadDigit(s) => write!(f, "{s:?} is not a point digit (0 empty, 1 black, 2 white)"),
            K::MissingMove => f.write_str("the input ends before the move line (col row color)"),
            K::MoveArity(n) => write!(
                f,
                "the move line must have 3 numbers (col row color), found {n}"
            ),
            K::BadNumber(s) => write!(f, "{s:?} is not a number"),
            K::OffBoard { x, y, size } => write!(
                f,
                "the move {x} {y} is off the {size}x{size} board (columns and rows are 0 to {})",
                size - 1
            ),
            K::BadColor(s) => write!(f, "colour {s:?} must be 1 (black) or 2 (white)"),
            K::NoLiberty(points) => {
                f.write_str("the position is not legal: ")?;
                for (i, p) in points.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "the chain at {} {} has no liberty", p.x, p.y)?;
                }
                Ok(())
            }
        }
    }
}

/// Longest line [`ProblemReader`] accepts, in bytes (line end included).
pub const MAX_LINE: usize = 64 * 1024;

/// Reads move-task problems one after another from a buffered reader.
pub struct ProblemReader<R> {
    reader: R,
    line: usize,
    buf: String,
    failed: bool,
}

impl<R: BufRead> ProblemReader<R> {
    /// A reader over `reader`.
    pub fn new(reader: R) -> Self {
        ProblemReader {
            reader,
            line: 0,
            buf: String::new(),
            failed: false,
        }
    }

    /// The underlying reader (e.g. to see whether its buffer is empty).
    pub fn get_ref(&self) -> &R {
        &self.reader
    }

    /// Read the next line into `buf` (line end stripped); `false` at the end of the input.
    fn next_line(&mut self) -> Result<bool, DigitsError> {
        self.buf.clear();
        // Bounded read: memory stays constant whatever the input (see MAX_LINE).
        match (&mut self.reader)
            .take(MAX_LINE as u64 + 1)
            .read_line(&mut self.buf)
        {
            Ok(0) => Ok(false),
            Ok(n) if n > MAX_LINE => {
                self.line += 1;
                Err(self.err(None, DigitsErrorKind::LineTooLong))
            }
            Ok(_) => {
                self.line += 1;
                let t = self.buf.trim_end_matches(['\n', '\r']).len();
                self.buf.truncate(t);
                if self.line == 1 && self.buf.starts_with('\u{feff}') {
                    // a byte-order mark before the first line (as some editors write)
                    self.buf.drain(..'\u{feff}'.len_utf8());
                }
                Ok(true)
            }
            Err(e) => {
                // the line that could not be read is the next one
                self.line += 1;
                Err(self.err(None, DigitsErrorKind::Io(e.to_string())))
            }
        }
    }

    fn err(&self, column: Option<usize>, kind: DigitsErrorKind) -> DigitsError {
        DigitsError {
            line: self.line.max(1),
            column,
            kind,
        }
    }

    /// The next problem: `None` at the end of the input, or after an error.
    pub fn read_problem(&mut self) -> Option<Result<Problem, DigitsError>> {
        if self.failed {
            return None;
        }
        let r = self.read_inner().transpose();
        if matches!(r, Some(Err(_))) {
            self.failed = true;
        }
        r
    }

    fn read_inner(&mut self) -> Result<Option<Problem>, DigitsError> {
        // size line, after any blank lines
        loop {
            if !self.next_line()? {
                return Ok(None);
            }
            if !self.buf.trim().is_empty() {
                break;
            }
        }
        let start = self.line;
        let t = self.buf.trim();
        let col = self.buf.find(t).map(|i| i + 1);
        if !t.bytes().all(|b| b.is_ascii_digit()) {
            return Err(self.err(col, DigitsErrorKind::BadSize(t.to_string())));
        }
        let Ok(n) = t.parse::<u64>() else {
            // all digits but too long for u64: say what was written, not u64::MAX
            return Err(self.err(col, DigitsErrorKind::BadSize(t.to_string())));
        };
        if n == 0 || n > MAX_SIZE as u64 {
            return Err(self.err(col, DigitsErrorKind::SizeOutOfRange(n)));
        }
        let n = n as usize;
        let size = Size::square(n)
            .map_err(|_| self.err(col, DigitsErrorKind::SizeOutOfRange(n as u64)))?;
        let mut board = Board::new(size);
        let mut cells: Vec<(Point, Option<Color>)> = Vec::with_capacity(n * n);
        let mut spaced = false;
        let mut row_lines = Vec::with_capacity(n);
        for y in 0..n {
            if !self.next_line()? {
                return Err(self.err(None, DigitsErrorKind::MissingRow { row: y, rows: n }));
            }
            row_lines.push(self.line);
            let line = self.buf.trim_end();
            if line.trim().is_empty() {
                return Err(self.err(None, DigitsErrorKind::BlankRow { row: y }));
            }
            let lead = line.len() - line.trim_start().len();
            let body = &line[lead..];
            let this_spaced = body.contains(|c: char| c.is_whitespace());
            if y == 0 {
                spaced = this_spaced;
            }
            let mut found = 0;
            let mut tokens: Vec<(usize, &str)> = Vec::new();
            if this_spaced {
                let mut i = 0;
                for tok in body.split(|c: char| c.is_whitespace()) {
                    if !tok.is_empty() {
                        tokens.push((lead + i + 1, tok));
                    }
                    i += tok.len() + 1;
                }
            } else {
                for (i, ch) in body.char_indices() {
                    tokens.push((lead + i + 1, &body[i..i + ch.len_utf8()]));
                }
            }
            for (column, tok) in tokens {
                let c = match tok {
                    "0" => None,
                    "1" => Some(Color::Black),
                    "2" => Some(Color::White),
                    _ => {
                        return Err(
                            self.err(Some(column), DigitsErrorKind::BadDigit(tok.to_string()))
                        )
                    }
                };
                if found < n {
                    cells.push((Point::new(found as u8, y as u8), c));
                }
                found += 1;
            }
            if found != n {
                return Err(self.err(
                    None,
                    DigitsErrorKind::RowLength {
                        row: y,
                        expected: n,
                        found,
                    },
                ));
            }
        }
        board.edit(cells);
        // the move line
        if !self.next_line()? {
            return Err(self.err(None, DigitsErrorKind::MissingMove));
        }
        let mut fields: Vec<(usize, &str)> = Vec::with_capacity(3);
        let mut i = 0;
        for tok in self.buf.split(|c: char| c.is_whitespace()) {
            if !tok.is_empty() {
                fields.push((i + 1, tok));
            }
            i += tok.len() + 1;
        }
        if fields.len() != 3 {
            let n_fields = fields.len();
            return Err(self.err(None, DigitsErrorKind::MoveArity(n_fields)));
        }
        let mut nums = [0i64; 2];
        for (k, &(column, tok)) in fields[..2].iter().enumerate() {
            nums[k] = tok
                .parse::<i64>()
                .map_err(|_| self.err(Some(column), DigitsErrorKind::BadNumber(tok.to_string())))?;
        }
        let (ccol, ctok) = fields[2];
        let color = match ctok {
            "1" => Color::Black,
            "2" => Color::White,
            _ => return Err(self.err(Some(ccol), DigitsErrorKind::BadColor(ctok.to_string()))),
        };
        let Some(point) = size.point(nums[0], nums[1]) else {
            let column = if nums[0] < 0 || nums[0] >= n as i64 {
                fields[0].0
            } else {
                fields[1].0
            };
            return Err(self.err(
                Some(column),
                DigitsErrorKind::OffBoard {
                    x: nums[0],
                    y: nums[1],
                    size: n,
                },
            ));
        };
        let dead = board.chains_without_liberties();
        if !dead.is_empty() {
            let line = row_lines[dead[0].y as usize];
            return Err(DigitsError {
                line,
                column: None,
                kind: DigitsErrorKind::NoLiberty(dead),
            });
        }
        Ok(Some(Problem {
            board,
            point,
            color,
            spaced,
            line: start,
        }))
    }
}

impl<R: BufRead> Iterator for ProblemReader<R> {
    type Item = Result<Problem, DigitsError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.read_problem()
    }
}

/// Write a board as digit rows, with or without spaces between digits (the text writer
/// [`super::text::write_text`] with [`super::text::TextStyle::digits`]).
///
/// # Errors
/// Any write error.
pub fn write_board<W: Write>(out: &mut W, board: &Board, spaced: bool) -> io::Result<()> {
    super::text::write_text(out, board, super::text::TextStyle::digits(spaced), |_| None)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read_all(s: &str) -> Vec<Result<Problem, DigitsError>> {
        ProblemReader::new(s.as_bytes()).collect()
    }

    #[test]
    fn reads_plain_and_spaced() {
        let ps = read_all("2\n10\n11\n1 0 2\n\n2\r\n1 0\r\n1 1\r\n1 0 2\r\n\n\n");
        assert_eq!(ps.len(), 2);
        let a = ps[0].as_ref().unwrap();
        let b = ps[1].as_ref().unwrap();
        assert!(!a.spaced && b.spaced);
        assert_eq!(a.board, b.board);
        assert_eq!(a.point, Point::new(1, 0));
        assert_eq!(a.color, Color::White);
        assert_eq!(b.line, 6);
    }

    fn first_err(s: &str) -> DigitsError {
        read_all(s)
            .into_iter()
            .find_map(Result::err)
            .expect("an error")
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = first_err("2\n10\n13\n1 0 2\n");
        assert_eq!((e.line, e.column), (3, Some(2)));
        assert!(e.to_string().contains("\"3\" is not a point digit"));
        let e = first_err("2\n10\n1\n1 0 2\n");
        assert_eq!(
            e.kind,
            DigitsErrorKind::RowLength {
                row: 1,
                expected: 2,
                found: 1
            }
        );
        let e = first_err("53\n");
        assert_eq!(e.kind, DigitsErrorKind::SizeOutOfRange(53));
        let e = first_err("0\n");
        assert_eq!(e.kind, DigitsErrorKind::SizeOutOfRange(0));
        let e = first_err("x\n");
        assert!(matches!(e.kind, DigitsErrorKind::BadSize(_)));
        let e = first_err("99999999999999999999\n");
        assert_eq!(
            e.kind,
            DigitsErrorKind::BadSize("99999999999999999999".into())
        );
        let e = first_err("2\n10\n1\u{ff}\n1 0 2\n");
        assert_eq!(e.line, 3);
        let e = ProblemReader::new(&b"2\n10\n1\xff\n1 0 2\n"[..])
            .find_map(Result::err)
            .unwrap();
        assert_eq!(e.line, 3);
        assert!(matches!(e.kind, DigitsErrorKind::Io(_)));
        let e = first_err("2\n10\n");
        assert_eq!(e.kind, DigitsErrorKind::MissingRow { row: 1, rows: 2 });
        let e = first_err("2\n10\n11\n");
        assert_eq!(e.kind, DigitsErrorKind::MissingMove);
        let e = first_err("2\n10\n11\n1 0\n");
        assert_eq!(e.kind, DigitsErrorKind::MoveArity(2));
        let e = first_err("2\n10\n11\n1 0 2 4\n");
        assert_eq!(e.kind, DigitsErrorKind::MoveArity(4));
        let e = first_err("2\n10\n11\n1 2 2\n");
        assert_eq!((e.line, e.column), (4, Some(3)));
        assert!(matches!(e.kind, DigitsErrorKind::OffBoard { .. }));
        let e = first_err("2\n10\n11\n1 0 3\n");
        assert_eq!(e.kind, DigitsErrorKind::BadColor("3".into()));
        let e = first_err("2\n10\n11\na 0 1\n");
        assert_eq!(e.kind, DigitsErrorKind::BadNumber("a".into()));
        let e = first_err("2\n10\n\n1 0 1\n");
        assert_eq!(e.kind, DigitsErrorKind::BlankRow { row: 1 });
    }

    #[test]
    fn dead_chains_are_all_reported() {
        let e = first_err("3\n120\n200\n002\n0 2 1\n");
        // black (0,0) has no liberty; white chains have liberties
        assert_eq!(e.kind, DigitsErrorKind::NoLiberty(vec![Point::new(0, 0)]));
        assert_eq!(e.line, 2);
        let e = first_err("3\n121\n212\n121\n0 0 1\n");
        match e.kind {
            DigitsErrorKind::NoLiberty(v) => assert_eq!(v.len(), 9),
            k => panic!("{k:?}"),
        }
    }

    #[test]
    fn stops_after_an_error() {
        let ps = read_all("2\n10\n19\n1 0 2\n2\n10\n11\n1 0 2\n");
        assert_eq!(ps.len(), 1);
        assert!(ps[0].is_err());
    }

    #[test]
    fn writes_in_both_styles() {
        let p = read_all("2\n10\n01\n1 0 2\n").remove(0).unwrap();
        let mut out = Vec::new();
        write_board(&mut out, &p.board, false).unwrap();
        write_board(&mut out, &p.board, true).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "10\n01\n1 0\n0 1\n");
    }
}
