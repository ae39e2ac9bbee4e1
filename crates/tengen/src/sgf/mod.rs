//! SGF game records (FF\[1\]–FF\[4\], GM\[1\]): reading, writing and replay at scale.
//!
//! Two readers share this module, because they serve two different jobs:
//!
//! - [`parse`] builds the whole game tree ([`Collection`]) with every property, variations and
//!   unknown properties included, in a **strict** mode (the first malformed spot is an
//!   [`SgfError`] with line, column and what was expected) or a **lenient** one (it recovers
//!   what it can and lists the problems as [`Warning`]s). [`write()`] turns a collection back into
//!   deterministic FF\[4\] text; `parse → write → parse → write` gives the same bytes.
//! - [`Replayer`] replays the main line of a record under the game's rules, checking every move:
//!   the one replay driver (`tengen replay`, `tengen render`, GTP `loadsgf`), with one policy
//!   for rules, komi, setup, tolerance and capture credit ([`Replayer`]);
//!   [`Replayer::replay_game`] also hands back the undoable game and the moves played.
//!   Its hot path is a zero-copy byte scanner (`scan`) that walks the main line once and emits
//!   only the moves, setup points and the few root properties replay needs, into buffers that
//!   are reused from game to game: no strings, no per-node allocation, no tree. Building the
//!   full tree for every file costs several times more than playing the moves themselves (one
//!   `Vec` per node and per property value); that is why the scanner exists next to
//!   the tree parser. Whenever the scanner meets anything it does not handle exactly (a syntax
//!   problem, a malformed value, old-style identifiers, variations or a second game after the
//!   main line), it gives up and the file goes through the tree parser in lenient mode
//!   instead, so both paths give the same answers, warnings included.
//!
//! [`MainLine`] reads the main line of a parsed game as it is written, without playing it:
//! the board size (`GM` and `SZ` checked as replay checks them) and the setup and moves in
//! order, each with its node, malformed values listed as warnings. It is what the bindings
//! show of a record (the Python `Record`, the WebAssembly `parseSgf`), so they read it one way.
//!
//! [`clean`] rewrites records as clean UTF-8 FF\[4\] (the `tengen sgf` command), checking by
//! replay that no move changed.
//!
//! Neither reader recurses on the depth of the input: a 200,000-move main line or 100,000
//! nested variations use heap memory proportional to the file, never the call stack.
//!
//! # Coordinates and conventions
//! An SGF point is two letters, column then row, `a`–`z` for 0–25 and `A`–`Z` for 26–51; row
//! `a` is the top row, as [`Point`]'s `y = 0`. `B[]` is a pass, and so is `B[tt]` on boards
//! up to 19×19. `SZ[19]` is square and `SZ[19:13]` is 19 columns by 13 rows. Point lists may be
//! compressed: `AB[aa:cc]` is the 3×3 rectangle from `aa` to `cc`.
//!
//! # Text encodings
//! Input is bytes. Text values are decoded with the game's `CA[]` charset (UTF-8, latin-1,
//! GB2312/GB18030, Shift-JIS, EUC-KR, Big5, anything `encoding_rs` knows); without `CA`, valid
//! UTF-8 is read as UTF-8 and anything else as latin-1. Moves and points never depend on the
//! encoding: only text properties are decoded, and only when asked for.
//!
//! ```
//! use tengen::sgf::{self, Mode, Replayer, ReplayOptions};
//!
//! let text = b"(;GM[1]FF[4]SZ[9]RU[Japanese]RE[W+R];B[ee];W[ce](;B[tt];W[])(;B[cc]))";
//! let parsed = sgf::parse(text, Mode::Strict).unwrap();
//! let root = parsed.collection.roots()[0];
//! assert_eq!(parsed.collection.main_line(root).count(), 5);
//!
//! let mut replayer = Replayer::new();
//! let replay = replayer.replay(text, &ReplayOptions::default()).unwrap();
//! assert_eq!(replay.moves, 4);
//! assert!(replay.error.is_none());
//! assert_eq!(replay.result.as_deref(), Some("W+R"));
//! ```

pub mod clean;
mod detect;
mod encoding;
pub mod fox;
mod game_record;
mod line_events;
mod main_line;
mod parse;
mod read;
mod replay;
mod replay_json;
mod scan;
mod tree;
mod write;

pub use detect::Detected;
pub use encoding::{decode_simple_text, decode_text, TextEncoding};
pub use fox::result_in_points;
pub use game_record::{game_collection, write_game, RecordInfo};
pub use main_line::{MainLine, MainLineEvent};
pub use parse::{
    parse, Mode, Parsed, SgfError, SgfErrorKind, Warning, WarningKind, MAX_DEPTH, MAX_NODES,
};
pub use read::{
    files_under, read_file, read_file_into, read_file_limited_into, read_limited_into, ReadError,
};
pub use replay::{GameReplay, IllegalAt, Replay, ReplayError, ReplayOptions, Replayer};
pub use tree::{Collection, Node, NodeId, Property};
pub use write::write;

/// Largest SGF input any front reads (256 MiB): `tengen replay`, `sgf`, `score`, `render`,
/// `bench`, GTP `loadsgf` and the Python binding all read through [`read_file_into`], which
/// refuses longer input after reading one byte past this (files, pipes and devices alike).
pub const MAX_FILE_BYTES: u64 = 256 << 20;

use crate::{Move, Point, Size};

/// The coordinate of one SGF letter: `a`–`z` are 0–25, `A`–`Z` are 26–51.
#[inline]
pub fn coord_of(letter: u8) -> Option<u8> {
    match letter {
        b'a'..=b'z' => Some(letter - b'a'),
        b'A'..=b'Z' => Some(letter - b'A' + 26),
        _ => None,
    }
}

/// The SGF letter of a coordinate 0..=51 (see [`coord_of`]).
///
/// # Panics
/// When `c` is above 51 (no board is that large).
#[inline]
pub fn letter_of(c: u8) -> u8 {
    match c {
        0..=25 => b'a' + c,
        26..=51 => b'A' + c - 26,
        _ => panic!("SGF coordinate {c} is above 51"),
    }
}

/// The point written as two SGF letters (`Point::new(3, 2)` is `dc`).
pub fn point_to_sgf(p: Point) -> String {
    let b = [letter_of(p.x), letter_of(p.y)];
    String::from_utf8_lossy(&b).into_owned()
}

/// Two SGF letters as a point (which may lie outside a given board). `None` unless `v` is
/// exactly two letters.
#[inline]
pub fn parse_point(v: &[u8]) -> Option<Point> {
    match v {
        [a, b] => Some(Point::new(coord_of(*a)?, coord_of(*b)?)),
        _ => None,
    }
}

/// A `B`/`W` value as a move on a board of `size`: empty is a pass, `tt` is a pass on boards
/// up to 19×19, two letters are a point (possibly off the board: replay reports that).
/// `None` for anything else. Surrounding whitespace is ignored.
#[inline]
pub fn parse_move(v: &[u8], size: Size) -> Option<Move> {
    let v = v.trim_ascii();
    if v.is_empty() || (v == b"tt" && size.width() <= 19 && size.height() <= 19) {
        return Some(Move::Pass);
    }
    parse_point(v).map(Move::Play)
}

/// An `SZ` value: `19` (square) or `19:13` (columns:rows). `None` when malformed or outside
/// 1..=52.
pub fn parse_size(v: &[u8]) -> Option<Size> {
    let s = std::str::from_utf8(v).ok()?.trim();
    let (w, h) = match s.split_once(':') {
        Some((w, h)) => (w.trim().parse().ok()?, h.trim().parse().ok()?),
        None => {
            let n: usize = s.parse().ok()?;
            (n, n)
        }
    };
    Size::new(w, h).ok()
}

/// One value of a point list (`AB`, `AW`, `AE`, ...): a point `dd` or a compressed rectangle
/// `aa:cc` (corners in any order). Calls `f` for every point, row by row. Returns `false`
/// (calling nothing) when the value is malformed.
pub fn for_each_listed_point(v: &[u8], mut f: impl FnMut(Point)) -> bool {
    let v = v.trim_ascii();
    let (a, b) = match v.len() {
        2 => match parse_point(v) {
            Some(p) => (p, p),
            None => return false,
        },
        5 if v[2] == b':' => match (parse_point(&v[..2]), parse_point(&v[3..])) {
            (Some(a), Some(b)) => (a, b),
            _ => return false,
        },
        _ => return false,
    };
    for y in a.y.min(b.y)..=a.y.max(b.y) {
        for x in a.x.min(b.x)..=a.x.max(b.x) {
            f(Point::new(x, y));
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for c in 0..52 {
            assert_eq!(coord_of(letter_of(c)), Some(c));
        }
        assert_eq!(coord_of(b'1'), None);
        assert_eq!(point_to_sgf(Point::new(3, 2)), "dc");
        assert_eq!(point_to_sgf(Point::new(26, 51)), "AZ");
    }

    #[test]
    fn moves_and_passes() {
        let s19 = Size::square(19).unwrap();
        let s21 = Size::square(21).unwrap();
        assert_eq!(parse_move(b"", s19), Some(Move::Pass));
        assert_eq!(parse_move(b"tt", s19), Some(Move::Pass));
        assert_eq!(parse_move(b"tt", s21), Some(Move::Play(Point::new(19, 19))));
        assert_eq!(parse_move(b"dp", s19), Some(Move::Play(Point::new(3, 15))));
        assert_eq!(parse_move(b"d", s19), None);
        assert_eq!(parse_move(b"d1", s19), None);
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size(b"19"), Some(Size::square(19).unwrap()));
        assert_eq!(parse_size(b"19:13"), Some(Size::new(19, 13).unwrap()));
        assert_eq!(parse_size(b" 9 "), Some(Size::square(9).unwrap()));
        assert_eq!(parse_size(b"53"), None);
        assert_eq!(parse_size(b"0:5"), None);
        assert_eq!(parse_size(b"x"), None);
    }

    #[test]
    fn compressed_lists() {
        let mut v = Vec::new();
        assert!(for_each_listed_point(b"cb:ba", |p| v.push(p)));
        assert_eq!(
            v,
            [(1, 0), (2, 0), (1, 1), (2, 1)].map(|(x, y)| Point::new(x, y))
        );
        assert!(!for_each_listed_point(b"a:b", |_| {}));
        assert!(!for_each_listed_point(b"aa-bb", |_| {}));
    }
}
