//! Boards as text: reading the three picture formats people paste, and writing a picture.
//!
//! # Reading ([`read_board`])
//! - **JSON** ([`InputFormat::Json`]): the territory task's array of strings, one string per
//!   row, each character a point: space empty, `B` black, `W` white (the plain-text characters
//!   below are accepted too). The task's own single-quoted notation `['  B  ', ...]` is
//!   accepted when the text has no double quote. Detected when the first non-blank character is
//!   `[`.
//! - **Plain text** ([`InputFormat::Text`]): one row per line; `.`, `+` or space empty, `B` or
//!   `X` black, `W` or `O` white. Spaces are points, so trailing spaces count; completely empty
//!   lines before the first row and after the last are ignored, an empty line between rows is a
//!   ragged row.
//! - **Digit rows** ([`InputFormat::Digits`]): the move task's rows of `0`/`1`/`2`, with no
//!   separator or with white space between digits, optionally preceded by the task's size line
//!   (then exactly that many rows of that many digits) and followed by its `col row color` move
//!   line, which is ignored. A first line holding one number is the size line when the next
//!   line has that many digits. Detected when the text contains any ASCII digit (the other
//!   formats have none).
//!
//! Every board must be rectangular, 1 to 52 points a side. Errors ([`TextError`]) name the line
//! and column (both from 1) in the input; for JSON, of the character inside its string literal.
//! CRLF line ends are accepted everywhere.
//!
//! # Writing ([`render`], [`write_text`], [`rows`]: the one board-to-rows writer)
//! `X` black, `O` white, `.` empty (or the style's [`Glyphs`]: `B`/`W` for JSON rows, the
//! move task's digits), or a caller's mark per point (territory pictures mark owned points
//! with `x`/`o`). With [`TextStyle::coordinates`], GTP-style column letters
//! (`A`.., no `I`) and row numbers (bottom row 1) frame a spaced picture; without, the rows
//! read back with [`read_board`]. [`TextStyle::board`] adds star points `+` and the last move
//! in parentheses: the one picture GTP `showboard`, `territory --text` and `score --text`
//! print.
//!
//! ```
//! use tengen::formats::text::{read_board, render, InputFormat, TextStyle};
//! let b = read_board("X.O\n.X.\n", InputFormat::Auto).unwrap();
//! assert_eq!(render(&b, TextStyle::default(), |_| None), "X.O\n.X.\n");
//! let e = read_board("X.O\n.Q.\n", InputFormat::Auto).unwrap_err();
//! assert_eq!(e.to_string(), "line 2, column 2: unknown character 'Q' (expected . + space B X W O)");
//! ```

use std::fmt;
use std::io::{self, Write};
use std::str::FromStr;

use crate::{Board, Color, Point, Size, MAX_SIZE};

/// Which picture format to read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum InputFormat {
    /// Decide from the text (see the module docs).
    #[default]
    Auto,
    /// A JSON array of strings.
    Json,
    /// Plain text rows.
    Text,
    /// Digit rows (move task).
    Digits,
}

/// An input format name other than `auto`, `json`, `text`, `digits`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown input format {0:?}: expected auto, json, text or digits")]
pub struct UnknownFormat(pub String);

impl FromStr for InputFormat {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "auto" => Ok(InputFormat::Auto),
            "json" => Ok(InputFormat::Json),
            "text" | "plain" => Ok(InputFormat::Text),
            "digits" | "digit" | "move" => Ok(InputFormat::Digits),
            _ => Err(UnknownFormat(s.to_string())),
        }
    }
}

/// What is wrong with a board text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextErrorKind {
    /// No rows at all.
    Empty,
    /// The JSON is malformed or not an array of strings (serde_json's message).
    Json(String),
    /// A character that is no point of the format.
    BadChar {
        /// The character.
        ch: char,
        /// The characters the format accepts, for the message.
        expected: &'static str,
    },
    /// A row whose length differs from the first row's.
    Ragged {
        /// The row (from 0).
        row: usize,
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A side outside 1..=52.
    TooLarge {
        /// Columns.
        width: usize,
        /// Rows.
        height: usize,
    },
    /// The size line promises a number of rows the input does not have.
    RowCount {
        /// Rows promised.
        expected: usize,
        /// Rows found.
        found: usize,
    },
    /// Text after the board that is not a move line.
    Trailing,
    /// Bytes that are not UTF-8.
    NotUtf8,
    /// An SGF game record where a board was expected.
    SgfRecord,
}

/// A board text error at a line and column (from 1).
pub type TextError = super::Located<TextErrorKind>;

impl fmt::Display for TextErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TextErrorKind as K;
        match self {
            K::Empty => f.write_str("no board: the input has no rows"),
            K::Json(m) => write!(f, "invalid JSON board (an array of strings): {m}"),
            K::BadChar { ch, expected } => {
                write!(f, "unknown character {ch:?} (expected {expected})")
            }
            K::Ragged {
                row,
                expected,
                found,
            } => write!(
                f,
                "row {} has {found} points but the first row has {expected}: rows must have equal length",
                row + 1
            ),
            K::TooLarge { width, height } => write!(
                f,
                "a {width}x{height} board is not supported: each side must be from 1 to {MAX_SIZE}"
            ),
            K::RowCount { expected, found } => write!(
                f,
                "the size line asks for {expected} rows of {expected} points, found {found} rows"
            ),
            K::Trailing => f.write_str("unexpected text after the board"),
            K::NotUtf8 => f.write_str("the input is not UTF-8 text"),
            K::SgfRecord => f.write_str(
                "the input is an SGF record, not a board: read it as a record (a file \
                 argument: tengen score GAME.sgf; in Python tengen.sgf.load)",
            ),
        }
    }
}

const TEXT_CHARS: &str = ". + space B X W O";
const DIGIT_CHARS: &str = "0 1 2";

fn text_point(ch: char) -> Option<Option<Color>> {
    match ch {
        '.' | ' ' | '+' => Some(None),
        'B' | 'X' => Some(Some(Color::Black)),
        'W' | 'O' => Some(Some(Color::White)),
        _ => None,
    }
}

/// One row being built: points with the (line, column) of each, for error messages.
struct Rows {
    cells: Vec<Vec<Option<Color>>>,
    /// Line of each row.
    lines: Vec<usize>,
}

impl Rows {
    fn new() -> Rows {
        Rows {
            cells: Vec::new(),
            lines: Vec::new(),
        }
    }

    fn into_board(self, last_line: usize) -> Result<Board, TextError> {
        let height = self.cells.len();
        if height == 0 {
            return Err(TextError {
                line: last_line.max(1),
                column: None,
                kind: TextErrorKind::Empty,
            });
        }
        let width = self.cells[0].len();
        for (row, r) in self.cells.iter().enumerate() {
            if r.len() != width {
                return Err(TextError {
                    line: self.lines[row],
                    column: None,
                    kind: TextErrorKind::Ragged {
                        row,
                        expected: width,
                        found: r.len(),
                    },
                });
            }
        }
        let size = Size::new(width, height).map_err(|_| TextError {
            line: self.lines[0],
            column: None,
            kind: TextErrorKind::TooLarge { width, height },
        })?;
        let mut board = Board::new(size);
        let edits = self.cells.iter().enumerate().flat_map(|(y, r)| {
            r.iter()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .map(move |(x, &c)| (Point::new(x as u8, y as u8), c))
        });
        board.edit(edits.collect::<Vec<_>>());
        Ok(board)
    }
}

/// Read a board in `format` (see the module docs for the formats and their leniency).
///
/// # Errors
/// A [`TextError`] naming the line and column of the first problem.
pub fn read_board(input: &str, format: InputFormat) -> Result<Board, TextError> {
    // a byte-order mark (as some editors write) is no part of the board
    let input = input.strip_prefix('\u{feff}').unwrap_or(input);
    if input.trim_start().starts_with('(') {
        return Err(TextError {
            line: 1,
            column: None,
            kind: TextErrorKind::SgfRecord,
        });
    }
    let format = match format {
        InputFormat::Auto => detect(input),
        f => f,
    };
    match format {
        InputFormat::Json => read_json(input),
        InputFormat::Digits => read_digits(input),
        _ => read_text(input),
    }
}

/// [`read_board`] on raw bytes: the same, after checking they are UTF-8.
///
/// # Errors
/// A [`TextError`]; [`TextErrorKind::NotUtf8`] names the line and column of the first byte
/// that is not UTF-8.
pub fn read_board_bytes(input: &[u8], format: InputFormat) -> Result<Board, TextError> {
    if input.trim_ascii_start().starts_with(b"(") {
        // an SGF record, whatever its encoding: say so rather than that it is not UTF-8
        return Err(TextError {
            line: 1,
            column: None,
            kind: TextErrorKind::SgfRecord,
        });
    }
    match std::str::from_utf8(input) {
        Ok(s) => read_board(s, format),
        Err(e) => {
            let good = &input[..e.valid_up_to()];
            // the valid prefix is UTF-8, so this cannot fail
            let text = std::str::from_utf8(good).unwrap_or("");
            let (line, column) = line_col(text, text.len());
            Err(TextError {
                line,
                column: Some(column),
                kind: TextErrorKind::NotUtf8,
            })
        }
    }
}

/// The format [`InputFormat::Auto`] picks for `input`.
pub fn detect(input: &str) -> InputFormat {
    if input.trim_start().starts_with('[') {
        InputFormat::Json
    } else if input.bytes().any(|b| b.is_ascii_digit()) {
        InputFormat::Digits
    } else {
        InputFormat::Text
    }
}

/// Lines with their number (from 1), line ends stripped.
fn lines(input: &str) -> impl Iterator<Item = (usize, &str)> {
    input
        .split('\n')
        .map(|l| l.strip_suffix('\r').unwrap_or(l))
        .enumerate()
        .map(|(i, l)| (i + 1, l))
}

fn read_text(input: &str) -> Result<Board, TextError> {
    let all: Vec<(usize, &str)> = lines(input).collect();
    let first = all.iter().position(|(_, l)| !l.is_empty());
    let last = all.iter().rposition(|(_, l)| !l.is_empty());
    let mut rows = Rows::new();
    if let (Some(a), Some(b)) = (first, last) {
        for &(line, text) in &all[a..=b] {
            let mut r = Vec::with_capacity(text.len());
            for (i, ch) in text.chars().enumerate() {
                let c = text_point(ch).ok_or(TextError {
                    line,
                    column: Some(i + 1),
                    kind: TextErrorKind::BadChar {
                        ch,
                        expected: TEXT_CHARS,
                    },
                })?;
                r.push(c);
            }
            rows.cells.push(r);
            rows.lines.push(line);
        }
    }
    rows.into_board(all.len())
}

/// (line, column) from 1 of the character at byte `at` of `input`.
fn line_col(input: &str, at: usize) -> (usize, usize) {
    let before = &input[..at];
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |i| i + 1);
    (line, input[start..at].chars().count() + 1)
}

/// Byte offsets of the opening quote of each top-level string literal of a JSON text that
/// parsed as an array of strings.
fn string_starts(raw: &str) -> Vec<usize> {
    let b = raw.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'"' {
            out.push(i);
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
        }
        i += 1;
    }
    out
}

/// Byte offset in `raw` of the `k`-th decoded character of the string literal opening at `q`.
fn char_offset(raw: &str, q: usize, k: usize) -> usize {
    let b = raw.as_bytes();
    let mut i = q + 1;
    for _ in 0..k {
        if i >= b.len() {
            break;
        }
        i += if b[i] == b'\\' {
            if b.get(i + 1) == Some(&b'u') {
                6
            } else {
                2
            }
        } else {
            raw[i..].chars().next().map_or(1, char::len_utf8)
        };
    }
    i.min(raw.len())
}

fn read_json(input: &str) -> Result<Board, TextError> {
    // The task writes its example with single quotes; when the text has no double quote, a
    // single quote can only be a string delimiter, and swapping keeps every byte offset.
    let owned;
    let raw = if !input.contains('"') && input.contains('\'') {
        owned = input.replace('\'', "\"");
        owned.as_str()
    } else {
        input
    };
    // parsed as a JSON value, then checked to be an array of strings here: a typed parse's
    // "invalid type" errors format the number found with Rust's float formatter, about 13 KB
    // of the WebAssembly build for one message
    let value: serde_json::Value = serde_json::from_str(raw).map_err(|e| TextError {
        line: e.line().max(1),
        column: (e.column() > 0).then_some(e.column()),
        kind: TextErrorKind::Json(
            e.to_string()
                .split(" at line ")
                .next()
                .unwrap_or("")
                .to_string(),
        ),
    })?;
    let what = |v: &serde_json::Value| match v {
        serde_json::Value::Null => "null",
        serde_json::Value::Bool(_) => "a boolean",
        serde_json::Value::Number(_) => "a number",
        serde_json::Value::String(_) => "a string",
        serde_json::Value::Array(_) => "an array",
        serde_json::Value::Object(_) => "an object",
    };
    let not_strings = |msg: String| TextError {
        line: 1,
        column: None,
        kind: TextErrorKind::Json(msg),
    };
    let strings: Vec<String> = match value {
        serde_json::Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(k, v)| match v {
                serde_json::Value::String(s) => Ok(s),
                v => Err(not_strings(format!(
                    "row {} is {}, not a string",
                    k + 1,
                    what(&v)
                ))),
            })
            .collect::<Result<_, _>>()?,
        v => {
            return Err(not_strings(format!(
                "the text is {}, not an array",
                what(&v)
            )))
        }
    };
    let starts = string_starts(raw);
    let pos_of = |row: usize, k: usize| -> (usize, Option<usize>) {
        match starts.get(row) {
            Some(&q) => {
                let (l, c) = line_col(raw, char_offset(raw, q, k));
                (l, Some(c))
            }
            None => (1, None),
        }
    };
    rows_of_strings(&strings, pos_of, input.lines().count())
}

/// A board from rows given as strings, one per row, of `' '` or `.` (empty), `B` or `X`
/// (black), `W` or `O` (white): the JSON format's rows when they already are strings, as in a
/// binding's array. An error's line is the row (from 1) and its column the character (from 1).
///
/// # Errors
/// A [`TextError`]: an unknown character, ragged rows, no rows, a side over 52.
///
/// ```
/// use tengen::formats::text::read_rows;
/// let board = read_rows(&[" B ", "BW ", "   "]).unwrap();
/// assert_eq!((board.width(), board.height()), (3, 3));
/// assert_eq!(read_rows(&["B", "Bz"]).unwrap_err().column, Some(2));
/// ```
pub fn read_rows<S: AsRef<str>>(rows: &[S]) -> Result<Board, TextError> {
    rows_of_strings(rows, |row, k| (row + 1, Some(k + 1)), rows.len())
}

/// The rows' points, an error placed by `pos_of(row, character)` (both from 0); `last` is the
/// line an empty input's error names.
fn rows_of_strings<S: AsRef<str>>(
    strings: &[S],
    pos_of: impl Fn(usize, usize) -> (usize, Option<usize>),
    last: usize,
) -> Result<Board, TextError> {
    let mut rows = Rows::new();
    for (row, s) in strings.iter().enumerate() {
        let s = s.as_ref();
        let mut r = Vec::with_capacity(s.len());
        for (k, ch) in s.chars().enumerate() {
            let Some(c) = text_point(ch) else {
                let (line, column) = pos_of(row, k);
                return Err(TextError {
                    line,
                    column,
                    kind: TextErrorKind::BadChar {
                        ch,
                        expected: TEXT_CHARS,
                    },
                });
            };
            r.push(c);
        }
        rows.cells.push(r);
        rows.lines.push(pos_of(row, 0).0);
    }
    rows.into_board(last)
}

/// Digit tokens of a line: (column from 1, character), spaced or not.
fn digit_row(line: usize, text: &str) -> Result<Vec<Option<Color>>, TextError> {
    let mut r = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        let c = match ch {
            '0' => None,
            '1' => Some(Color::Black),
            '2' => Some(Color::White),
            c if c.is_whitespace() => continue,
            _ => {
                return Err(TextError {
                    line,
                    column: Some(i + 1),
                    kind: TextErrorKind::BadChar {
                        ch,
                        expected: DIGIT_CHARS,
                    },
                })
            }
        };
        r.push(c);
    }
    Ok(r)
}

fn read_digits(input: &str) -> Result<Board, TextError> {
    let all: Vec<(usize, &str)> = lines(input).filter(|(_, l)| !l.trim().is_empty()).collect();
    let n_lines = input.lines().count();
    let mut rows = Rows::new();
    let mut body = &all[..];
    // the size line: one number, and the next line has that many digits
    let mut promised = None;
    if let Some(&(_, first)) = all.first() {
        let t = first.trim();
        if let Ok(n) = t.parse::<usize>() {
            let next_len = all
                .get(1)
                .map(|&(l, s)| digit_row(l, s).map(|r| r.len()).unwrap_or(0));
            if !t.contains(char::is_whitespace) && next_len == Some(n) {
                promised = Some(n);
                body = &all[1..];
            }
        }
    }
    if let Some(n) = promised {
        if body.len() < n {
            return Err(TextError {
                line: n_lines.max(1),
                column: None,
                kind: TextErrorKind::RowCount {
                    expected: n,
                    found: body.len(),
                },
            });
        }
        // after the rows: at most the move task's `col row color` line
        let rest = &body[n..];
        if let Some(&(line, text)) = rest.first() {
            let fields: Vec<&str> = text.split_whitespace().collect();
            let is_move = fields.len() == 3 && fields.iter().all(|f| f.parse::<i64>().is_ok());
            if !is_move || rest.len() > 1 {
                let line = if is_move { rest[1].0 } else { line };
                return Err(TextError {
                    line,
                    column: None,
                    kind: TextErrorKind::Trailing,
                });
            }
        }
        body = &body[..n];
    }
    for &(line, text) in body {
        rows.cells.push(digit_row(line, text)?);
        rows.lines.push(line);
    }
    if let Some(n) = promised {
        if let Some(row) = rows.cells.iter().position(|r| r.len() != n) {
            return Err(TextError {
                line: rows.lines[row],
                column: None,
                kind: TextErrorKind::Ragged {
                    row,
                    expected: n,
                    found: rows.cells[row].len(),
                },
            });
        }
    }
    rows.into_board(n_lines)
}

/// The characters of an empty point and of a black and a white stone in a picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Glyphs {
    /// An empty point.
    pub empty: char,
    /// A black stone.
    pub black: char,
    /// A white stone.
    pub white: char,
}

impl Glyphs {
    /// `.`, `X`, `O`: the pictures for people and the plain-text board format.
    pub const XO: Glyphs = Glyphs {
        empty: '.',
        black: 'X',
        white: 'O',
    };
    /// `.`, `B`, `W`: the letters of the JSON board rows (`replay --json`).
    pub const BW: Glyphs = Glyphs {
        empty: '.',
        black: 'B',
        white: 'W',
    };
    /// `0`, `1`, `2`: the move task's digit rows.
    pub const DIGITS: Glyphs = Glyphs {
        empty: '0',
        black: '1',
        white: '2',
    };

    /// The character of a point holding `c` (or nothing).
    #[inline]
    pub const fn of(self, c: Option<Color>) -> char {
        match c {
            None => self.empty,
            Some(Color::Black) => self.black,
            Some(Color::White) => self.white,
        }
    }
}

impl Default for Glyphs {
    fn default() -> Glyphs {
        Glyphs::XO
    }
}

/// How [`render`] draws a board.
///
/// [`TextStyle::board`] is the one look of every picture tengen prints for people (GTP
/// `showboard`, `territory --text`, `score --text`): coordinates on all sides, star points,
/// the last move in parentheses. [`TextStyle::default`] writes bare rows that read back;
/// [`TextStyle::digits`] the move task's rows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TextStyle {
    /// Frame the picture with GTP column letters and row numbers, points separated by spaces.
    pub coordinates: bool,
    /// Without coordinates: a space between the points of a row (`1 0 2`).
    pub spaced: bool,
    /// Draw empty star points (see [`crate::vertex::star_points`]) as `+`.
    pub star_points: bool,
    /// Put this point in parentheses (only with `coordinates`, which leaves room for them).
    pub last: Option<Point>,
    /// The characters of points and stones.
    pub glyphs: Glyphs,
}

impl TextStyle {
    /// The picture for people: coordinates, star points, no last move yet.
    pub const fn board() -> TextStyle {
        TextStyle {
            coordinates: true,
            spaced: false,
            star_points: true,
            last: None,
            glyphs: Glyphs::XO,
        }
    }

    /// The move task's digit rows, with or without a space between digits.
    pub const fn digits(spaced: bool) -> TextStyle {
        TextStyle {
            coordinates: false,
            spaced,
            star_points: false,
            last: None,
            glyphs: Glyphs::DIGITS,
        }
    }

    /// The same style with `last` in parentheses.
    pub const fn with_last(self, last: Option<Point>) -> TextStyle {
        TextStyle { last, ..self }
    }

    /// The same style with other glyphs.
    pub const fn with_glyphs(self, glyphs: Glyphs) -> TextStyle {
        TextStyle { glyphs, ..self }
    }
}

/// The one board-to-rows writer: hands each line of the picture, `\n` included, to `emit`,
/// reusing one buffer.
fn each_line<E>(
    board: &Board,
    style: TextStyle,
    mark: impl Fn(Point) -> Option<char>,
    mut emit: impl FnMut(&str) -> Result<(), E>,
) -> Result<(), E> {
    let (w, h) = (board.width(), board.height());
    let coords = style.coordinates;
    let labels: Vec<String> = if coords {
        (0..w).map(crate::vertex::column_name).collect()
    } else {
        Vec::new()
    };
    let label_w = labels.iter().map(String::len).max().unwrap_or(1);
    let num_w = if coords { h.to_string().len() } else { 0 };
    let stars = if style.star_points {
        crate::vertex::star_points(w, h)
    } else {
        Vec::new()
    };
    let mut line = String::with_capacity(w * (label_w + 1) + 2 * num_w + 4);
    let header = |line: &mut String| {
        line.clear();
        line.push_str(&" ".repeat(num_w + 1));
        for l in &labels {
            line.push_str(&format!("{l:<label_w$} "));
        }
        line.truncate(line.trim_end().len());
        line.push('\n');
    };
    if coords {
        header(&mut line);
        emit(&line)?;
    }
    for y in 0..h {
        line.clear();
        let num = h - y;
        if coords {
            line.push_str(&format!("{num:>num_w$} "));
        }
        for x in 0..w {
            let p = Point::new(x as u8, y as u8);
            let ch = mark(p).unwrap_or_else(|| match board.get(p) {
                None if stars.contains(&p) => '+',
                c => style.glyphs.of(c),
            });
            if coords && style.last == Some(p) {
                // the space before the point holds the opening parenthesis
                line.pop();
                line.push('(');
            }
            if !coords && style.spaced && x > 0 {
                line.push(' ');
            }
            line.push(ch);
            if coords {
                line.push(if style.last == Some(p) { ')' } else { ' ' });
                for _ in 1..label_w {
                    line.push(' ');
                }
            }
        }
        if coords {
            line.push_str(&num.to_string());
        }
        line.push('\n');
        emit(&line)?;
    }
    if coords {
        header(&mut line);
        emit(&line)?;
    }
    Ok(())
}

/// Write a picture of `board`: `X`, `O`, `.` (the style's glyphs, or `+` on a star point when
/// the style asks), or `mark(p)` where it returns a character (for any point, stone or not);
/// every line ends with `\n`.
///
/// # Errors
/// Any write error.
pub fn write_text<W: Write>(
    out: &mut W,
    board: &Board,
    style: TextStyle,
    mark: impl Fn(Point) -> Option<char>,
) -> io::Result<()> {
    each_line(board, style, mark, |l| out.write_all(l.as_bytes()))
}

/// [`write_text`] into a `String`.
pub fn render(board: &Board, style: TextStyle, mark: impl Fn(Point) -> Option<char>) -> String {
    let mut out = String::new();
    let _ = each_line::<()>(board, style, mark, |l| {
        out.push_str(l);
        Ok(())
    });
    out
}

/// The lines of [`write_text`] without line ends, one string each (JSON board rows).
pub fn rows(board: &Board, style: TextStyle, mark: impl Fn(Point) -> Option<char>) -> Vec<String> {
    let mut out = Vec::with_capacity(board.height() + 2);
    let _ = each_line::<()>(board, style, mark, |l| {
        out.push(l.trim_end_matches('\n').to_string());
        Ok(())
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(s: &str, f: InputFormat) -> TextError {
        read_board(s, f).unwrap_err()
    }

    #[test]
    fn json_that_is_not_an_array_of_strings_is_named() {
        let e = err("[\"B \", 1.5]", InputFormat::Json);
        assert_eq!(
            e.kind,
            TextErrorKind::Json("row 2 is a number, not a string".into())
        );
        let e = err("{\"rows\": []}", InputFormat::Json);
        assert_eq!(
            e.kind,
            TextErrorKind::Json("the text is an object, not an array".into())
        );
    }

    #[test]
    fn detects_formats() {
        assert_eq!(detect(" [\"B\"]"), InputFormat::Json);
        assert_eq!(detect("3\n000\n"), InputFormat::Digits);
        assert_eq!(detect("X.\n.O\n"), InputFormat::Text);
    }

    #[test]
    fn three_formats_give_the_same_board() {
        let a = read_board(r#"["B W", " WB"]"#, InputFormat::Auto).unwrap();
        let b = read_board("X.O\n.OX\n", InputFormat::Auto).unwrap();
        let c = read_board("102\n021\n", InputFormat::Auto).unwrap();
        let d = read_board("['B W', ' WB']", InputFormat::Auto).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(a, d);
        assert_eq!(a.size(), Size::new(3, 2).unwrap());
    }

    #[test]
    fn digits_with_size_and_move_lines() {
        let a = read_board("3\n0 1 2\n000\n200\n1 0 2\n", InputFormat::Auto).unwrap();
        assert_eq!(a.size(), Size::square(3).unwrap());
        assert_eq!(a.get(Point::new(0, 2)), Some(Color::White));
        // a one-column board without a size line
        let b = read_board("0\n2\n1\n", InputFormat::Digits).unwrap();
        assert_eq!(b.size(), Size::new(1, 3).unwrap());
        // a lone number followed by a row of that many digits is the size line
        let b = read_board("1\n0\n", InputFormat::Digits).unwrap();
        assert_eq!(b.size(), Size::square(1).unwrap());
        let e = err("3\n012\n000\n", InputFormat::Auto);
        assert_eq!(
            e.kind,
            TextErrorKind::RowCount {
                expected: 3,
                found: 2
            }
        );
        let e = err("2\n01\n00\n1 1 1\n00\n", InputFormat::Auto);
        assert_eq!((e.line, e.kind), (5, TextErrorKind::Trailing));
        let e = err("2\n01\n0\n", InputFormat::Auto);
        assert_eq!(e.line, 3);
        assert!(matches!(e.kind, TextErrorKind::Ragged { row: 1, .. }));
        let e = err("012\n0x2\n", InputFormat::Auto);
        assert_eq!((e.line, e.column), (2, Some(2)));
    }

    #[test]
    fn rows_read_as_their_json_text_does() {
        let rows = [" BW.", "XO  ", "    "];
        let json = format!("{rows:?}");
        assert_eq!(read_rows(&rows), read_board(&json, InputFormat::Json));
        let e = read_rows(&["B ", "B"]).unwrap_err();
        assert_eq!(e.line, 2);
        assert!(matches!(e.kind, TextErrorKind::Ragged { row: 1, .. }));
        assert_eq!(
            read_rows::<&str>(&[]).unwrap_err().kind,
            TextErrorKind::Empty
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = err("X.\nXOX\n", InputFormat::Auto);
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("row 2 has 3 points"));
        let e = err("[\"B \",\n \" Q\"]", InputFormat::Auto);
        assert_eq!((e.line, e.column), (2, Some(4)));
        let e = err("[\"B\", 3]", InputFormat::Auto);
        assert!(matches!(e.kind, TextErrorKind::Json(_)));
        assert_eq!(e.line, 1);
        let e = err("", InputFormat::Auto);
        assert_eq!(e.kind, TextErrorKind::Empty);
        let e = err("[]", InputFormat::Auto);
        assert_eq!(e.kind, TextErrorKind::Empty);
        let long = ".".repeat(53);
        let e = err(&long, InputFormat::Text);
        assert!(matches!(e.kind, TextErrorKind::TooLarge { width: 53, .. }));
        let e = err("X.\n\n.X\n", InputFormat::Text);
        assert!(matches!(e.kind, TextErrorKind::Ragged { row: 1, .. }));
    }

    #[test]
    fn bytes_that_are_not_utf8() {
        let e = read_board_bytes(b"X.\n.\xffO\n", InputFormat::Auto).unwrap_err();
        assert_eq!(
            (e.line, e.column, e.kind),
            (2, Some(2), TextErrorKind::NotUtf8)
        );
        assert!(read_board_bytes(b"X.\n.O\n", InputFormat::Auto).is_ok());
    }

    #[test]
    fn spaces_are_points_and_crlf_is_fine() {
        let b = read_board("\n  \r\nX \r\n\n", InputFormat::Text).unwrap();
        assert_eq!(b.size(), Size::new(2, 2).unwrap());
        assert_eq!(b.get(Point::new(0, 1)), Some(Color::Black));
    }

    #[test]
    fn render_with_coordinates_and_marks() {
        let b = read_board("X.\n.O\n", InputFormat::Text).unwrap();
        let style = TextStyle {
            coordinates: true,
            ..TextStyle::default()
        };
        let s = render(&b, style, |p| (p == Point::new(1, 0)).then_some('x'));
        assert_eq!(s, "  A B\n2 X x 2\n1 . O 1\n  A B\n");
        let round = read_board(
            &render(&b, TextStyle::default(), |_| None),
            InputFormat::Auto,
        );
        assert_eq!(round.unwrap(), b);
    }

    #[test]
    fn glyphs_spacing_and_rows() {
        let b = read_board("X.O\n.X.\n", InputFormat::Text).unwrap();
        assert_eq!(render(&b, TextStyle::digits(false), |_| None), "102\n010\n");
        assert_eq!(
            render(&b, TextStyle::digits(true), |_| None),
            "1 0 2\n0 1 0\n"
        );
        let bw = TextStyle::default().with_glyphs(Glyphs::BW);
        assert_eq!(rows(&b, bw, |_| None), ["B.W", ".B."]);
        let mut out = Vec::new();
        write_text(&mut out, &b, TextStyle::board(), |_| None).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            render(&b, TextStyle::board(), |_| None)
        );
        for g in [Glyphs::XO, Glyphs::BW] {
            let back = read_board(
                &render(&b, TextStyle::default().with_glyphs(g), |_| None),
                InputFormat::Text,
            );
            assert_eq!(back.unwrap(), b);
        }
        // a wide board: two-letter columns keep the points aligned and the last move framed
        let w = Board::new(Size::new(27, 2).unwrap());
        let style = TextStyle::board().with_last(Some(Point::new(26, 0)));
        let lines = rows(&w, style, |_| None);
        assert!(lines[0].ends_with("Z  AA AB"), "{:?}", lines[0]);
        assert!(lines[1].ends_with(".  . (.) 2"), "{:?}", lines[1]);
        assert_eq!(lines.len(), 4);
    }

    #[test]
    fn board_style_has_stars_and_last_move() {
        let mut b = Board::square(9).unwrap();
        b.edit([
            (Point::new(2, 2), Some(Color::Black)),
            (Point::new(8, 0), Some(Color::White)),
        ]);
        let s = render(
            &b,
            TextStyle::board().with_last(Some(Point::new(8, 0))),
            |_| None,
        );
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines[0], "  A B C D E F G H J");
        assert_eq!(lines[1], "9 . . . . . . . .(O)9");
        assert_eq!(lines[3], "7 . . X . . . + . . 7");
        assert_eq!(lines[5], "5 . . . . + . . . . 5");
        assert_eq!(lines[10], lines[0]);
        // the same style with the last move on the left edge
        let s = render(
            &b,
            TextStyle::board().with_last(Some(Point::new(2, 2))),
            |_| None,
        );
        assert_eq!(s.lines().nth(3), Some("7 . .(X). . . + . . 7"));
        // stars read back as empty points
        let plain = TextStyle {
            star_points: true,
            ..TextStyle::default()
        };
        let round = read_board(&render(&b, plain, |_| None), InputFormat::Text).unwrap();
        assert_eq!(round, b);
    }
}
