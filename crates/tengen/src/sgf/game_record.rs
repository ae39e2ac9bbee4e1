//! A [`Game`] written as an SGF record: the root with the game's size, rules, komi, handicap and
//! the players, date and result where known, the start position as setup, then the moves. The
//! one writer of a game, used by GTP's `printsgf` and the WebAssembly package's `toSgf`.

use super::{point_to_sgf, write, Collection, Property};
use crate::{Color, Game, Move};

/// What a record says about a game besides its position and moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RecordInfo {
    /// The writing program, `AP` (omitted when empty).
    pub application: String,
    /// Handicap stones, `HA` (omitted when 0).
    pub handicap: u32,
    /// Black's name, `PB`.
    pub black: Option<String>,
    /// White's name, `PW`.
    pub white: Option<String>,
    /// The date, `DT`.
    pub date: Option<String>,
    /// The result as SGF writes it (`B+3.5`, `W+R`, `0`), `RE`.
    pub result: Option<String>,
    /// Further root properties, written after the others; one with the id of a property
    /// written above takes its place.
    pub extra: Vec<Property>,
}

/// The game as an SGF collection of one game: a root node (`GM`, `FF`, `CA`, `AP`, `SZ`, `KM`,
/// `RU` for a preset, `HA`, `PB`, `PW`, `DT`, `RE` where known, the start position as `AB`/`AW`,
/// and `PL[W]` when White moves first), then a node a move.
pub fn game_collection(game: &Game, info: &RecordInfo) -> Collection {
    let mut start = game.clone();
    while start.undo().is_some() {}
    let b = start.board();
    let size = b.size();
    let r = game.rules();
    let mut root: Vec<(&str, Vec<Vec<u8>>)> = vec![
        ("GM", vec![b"1".to_vec()]),
        ("FF", vec![b"4".to_vec()]),
        ("CA", vec![b"UTF-8".to_vec()]),
    ];
    if !info.application.is_empty() {
        root.push(("AP", vec![simple_text(&info.application)]));
    }
    let sz = if size.width() == size.height() {
        size.width().to_string()
    } else {
        format!("{}:{}", size.width(), size.height())
    };
    root.push(("SZ", vec![sz.into_bytes()]));
    root.push(("KM", vec![r.komi.to_string().into_bytes()]));
    if let Some(p) = r.preset() {
        root.push(("RU", vec![p.name().as_bytes().to_vec()]));
    }
    if info.handicap > 0 {
        root.push(("HA", vec![info.handicap.to_string().into_bytes()]));
    }
    let known = [
        ("PB", &info.black),
        ("PW", &info.white),
        ("DT", &info.date),
        ("RE", &info.result),
    ];
    for (id, v) in known {
        if let Some(v) = v {
            root.push((id, vec![simple_text(v)]));
        }
    }
    for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
        let pts: Vec<Vec<u8>> = size
            .points()
            .filter(|&p| b.get(p) == Some(color))
            .map(|p| point_to_sgf(p).into_bytes())
            .collect();
        if !pts.is_empty() {
            root.push((id, pts));
        }
    }
    // who moves first, when it is not Black
    let first = game.moves().next().map_or(start.to_move(), |m| m.color);
    if first == Color::White {
        root.push(("PL", vec![b"W".to_vec()]));
    }
    let mut props: Vec<Property> = root
        .into_iter()
        .map(|(id, values)| Property {
            id: id.to_string(),
            values,
        })
        .collect();
    for p in &info.extra {
        match props.iter_mut().find(|q| q.id == p.id) {
            Some(q) => *q = p.clone(),
            None => props.push(p.clone()),
        }
    }
    let mut coll = Collection::default();
    let mut node = coll.add_node(None);
    coll.node_mut(node).props = props;
    for m in game.moves() {
        let id = if m.color == Color::Black { "B" } else { "W" };
        let v = match m.mv {
            Move::Pass => Vec::new(),
            Move::Play(p) => point_to_sgf(p).into_bytes(),
        };
        node = coll.add_node(Some(node));
        coll.node_mut(node).props = vec![Property {
            id: id.to_string(),
            values: vec![v],
        }];
    }
    coll
}

/// The game as SGF text (FF\[4\], UTF-8): [`game_collection`] through the one writer
/// ([`write()`](super::write())).
///
/// ```
/// use tengen::sgf::{write_game, RecordInfo};
/// use tengen::{Game, Move, Point, Rules, Size};
///
/// let mut game = Game::new(Size::new(9, 9).unwrap(), Rules::from_name("chinese").unwrap());
/// game.play(Move::Play(Point::new(4, 4))).unwrap();
/// let info = RecordInfo { application: "me".into(), ..RecordInfo::default() };
/// assert_eq!(
///     write_game(&game, &info),
///     "(;GM[1]FF[4]CA[UTF-8]AP[me]SZ[9]KM[7.5]RU[chinese]\n;B[ee])\n"
/// );
/// ```
pub fn write_game(game: &Game, info: &RecordInfo) -> String {
    String::from_utf8_lossy(&write(&game_collection(game, info))).into_owned()
}

/// A SimpleText value escaped for SGF, on one line (so that a record keeps GTP's framing: no
/// blank line inside a response).
fn simple_text(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.extend_from_slice(b"\\\\"),
            ']' => out.extend_from_slice(b"\\]"),
            c if c.is_control() => out.push(b' '),
            c => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Point, Rules, Size};

    #[test]
    fn setup_handicap_names_and_white_first() {
        let mut board = crate::Board::new(Size::new(9, 7).unwrap());
        board.edit([(Point::new(2, 2), Some(Color::Black))]);
        let rules = Rules::from_name("japanese").unwrap();
        let mut game = Game::from_board(board, Color::White, rules);
        game.play(Move::Pass).unwrap();
        let info = RecordInfo {
            application: "tengen".into(),
            handicap: 2,
            black: Some("a]b\\c\nd".into()),
            result: Some("W+R".into()),
            extra: vec![
                Property {
                    id: "HA".into(),
                    values: vec![b"3".to_vec()],
                },
                Property {
                    id: "GN".into(),
                    values: vec![b"x".to_vec()],
                },
            ],
            ..RecordInfo::default()
        };
        assert_eq!(
            write_game(&game, &info),
            "(;GM[1]FF[4]CA[UTF-8]AP[tengen]SZ[9:7]KM[6.5]RU[japanese]HA[3]PB[a\\]b\\\\c d]\
             RE[W+R]AB[cc]PL[W]GN[x]\n;W[])\n"
        );
    }
}
