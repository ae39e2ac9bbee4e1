//! The main line of a parsed record as a list of events: the one reader of setup and moves
//! that the bindings share (the replay's own walk is its zero-copy scanner, see [`Replayer`]).
//!
//! [`Replayer`]: super::Replayer

use super::parse::{Warning, WarningKind};
use super::replay::{game_size, warn, ReplayError};
use super::tree::{Collection, NodeId, Property};
use super::{for_each_listed_point, parse_move};
use crate::{Color, Move, Point, Size};

/// One event of a record's main line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MainLineEvent {
    /// The setup of one node: its `AB`, `AW` and `AE` points in the order of the properties,
    /// each with the colour put there (`None`: cleared by `AE`). It comes before the node's
    /// moves. Points may lie off the board (replay ignores them with a warning).
    Setup {
        /// The node's index on the main line (0: the root).
        node: usize,
        /// The points, compressed rectangles expanded row by row.
        points: Vec<(Point, Option<Color>)>,
    },
    /// A `B` or `W` move ([`Move::Pass`] for `B[]`, and for `B[tt]` up to 19×19). Its point
    /// may lie off the board (replay reports it).
    Move {
        /// The node's index on the main line (0: the root).
        node: usize,
        /// Who plays.
        color: Color,
        /// The move.
        mv: Move,
    },
}

impl MainLineEvent {
    /// The index of the event's node on the main line (0: the root).
    pub fn node(&self) -> usize {
        match *self {
            MainLineEvent::Setup { node, .. } | MainLineEvent::Move { node, .. } => node,
        }
    }
}

/// The main line of one game in a parsed [`Collection`]: its board size and its setup and
/// moves in order, as the record lists them (nothing is played: legality is the replay's,
/// see [`Replayer`](super::Replayer)).
///
/// ```
/// use tengen::sgf::{self, MainLine, MainLineEvent, Mode};
/// use tengen::{Color, Move, Point};
///
/// let parsed = sgf::parse(b"(;SZ[9]AB[aa:ba];B[cc];W[](;B[zz])(;B[dd]))", Mode::Lenient).unwrap();
/// let line = MainLine::read(&parsed.collection, parsed.collection.roots()[0]).unwrap();
/// assert_eq!((line.size.width(), line.nodes), (9, 4));
/// let black = Some(Color::Black);
/// assert_eq!(line.events[0], MainLineEvent::Setup {
///     node: 0,
///     points: vec![(Point::new(0, 0), black), (Point::new(1, 0), black)],
/// });
/// assert_eq!(line.events[2], MainLineEvent::Move { node: 2, color: Color::White, mv: Move::Pass });
/// // B[zz] is a point (off this board), not a malformed value: the replay reports it
/// assert_eq!(line.events[3].node(), 3);
/// assert!(line.warnings.is_empty());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MainLine {
    /// The board size: the root's `SZ`, 19×19 without one.
    pub size: Size,
    /// The setup and moves, in the order of the nodes; in a node, its setup (one event) and
    /// then its moves in the order of the properties.
    pub events: Vec<MainLineEvent>,
    /// The number of nodes on the main line, the root included.
    pub nodes: usize,
    /// The values that are neither points nor moves (each ignored), in order, without a place
    /// in the file (`line` and `column` 0).
    pub warnings: Vec<Warning>,
}

impl MainLine {
    /// Read the main line of the game whose root is `root`.
    ///
    /// # Errors
    /// [`ReplayError::NotGo`] when the root's `GM` is not 1, [`ReplayError::BadSize`] when its
    /// `SZ` is malformed or outside 1..=52.
    pub fn read(coll: &Collection, root: NodeId) -> Result<MainLine, ReplayError> {
        let rnode = coll.node(root);
        let size = game_size(rnode.value("GM"), rnode.value("SZ"))?;
        let mut line = MainLine {
            size,
            events: Vec::new(),
            nodes: 0,
            warnings: Vec::new(),
        };
        for (k, id) in coll.main_line(root).enumerate() {
            line.nodes += 1;
            let mut points = Vec::new();
            let mut moves = Vec::new();
            for prop in &coll.node(id).props {
                match prop.id.as_str() {
                    "AB" | "AW" | "AE" => {
                        setup_points(prop, k, |p, c| points.push((p, c)), &mut line.warnings)
                    }
                    "B" | "W" => moves.extend(prop_move(prop, k, size, &mut line.warnings)),
                    _ => {}
                }
            }
            if !points.is_empty() {
                line.events.push(MainLineEvent::Setup { node: k, points });
            }
            line.events
                .extend(moves.into_iter().map(|(color, mv)| MainLineEvent::Move {
                    node: k,
                    color,
                    mv,
                }));
        }
        Ok(line)
    }
}

/// Call `f` with every point of an `AB`, `AW` or `AE` property of main-line node `node` and
/// the colour put there (`None` for `AE`); a value that is neither a point nor a rectangle is
/// ignored with a warning. The replay's tree path warns with it too, in the same words.
pub(super) fn setup_points(
    prop: &Property,
    node: usize,
    mut f: impl FnMut(Point, Option<Color>),
    warnings: &mut Vec<Warning>,
) {
    let c = match prop.id.as_str() {
        "AB" => Some(Color::Black),
        "AW" => Some(Color::White),
        _ => None,
    };
    for v in &prop.values {
        if !for_each_listed_point(v, |p| f(p, c)) {
            warn(
                warnings,
                WarningKind::Value,
                format!(
                    "node {node}: {}[{}] is not a point or a point:point rectangle; ignored",
                    prop.id,
                    String::from_utf8_lossy(v)
                ),
            );
        }
    }
}

/// The move of a `B` or `W` property of main-line node `node` (its first value) on a board of
/// `size`; `None`, with a warning, when the value is not a move. The replay's tree path warns
/// with it too, in the same words.
pub(super) fn prop_move(
    prop: &Property,
    node: usize,
    size: Size,
    warnings: &mut Vec<Warning>,
) -> Option<(Color, Move)> {
    let c = if prop.id == "B" {
        Color::Black
    } else {
        Color::White
    };
    let first = prop.values.first().map(Vec::as_slice).unwrap_or_default();
    let m = parse_move(first, size);
    if m.is_none() {
        warn(
            warnings,
            WarningKind::Value,
            format!(
                "node {node}: {}[{}] is not a move; ignored",
                prop.id,
                String::from_utf8_lossy(first)
            ),
        );
    }
    m.map(|m| (c, m))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::{parse, Mode};

    fn read(sgf: &[u8]) -> Result<MainLine, ReplayError> {
        let parsed = parse(sgf, Mode::Lenient).unwrap();
        MainLine::read(&parsed.collection, parsed.collection.roots()[0])
    }

    fn messages(line: &MainLine) -> Vec<String> {
        line.warnings.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn setup_comes_before_the_moves_of_its_node() {
        let line = read(b"(;SZ[5]AW[bb];B[aa]AB[cc:dc]AE[bb];W[tt])").unwrap();
        let (b, w) = (Color::Black, Color::White);
        let p = Point::new;
        assert_eq!(
            line.events,
            [
                MainLineEvent::Setup {
                    node: 0,
                    points: vec![(p(1, 1), Some(w))]
                },
                MainLineEvent::Setup {
                    node: 1,
                    points: vec![(p(2, 2), Some(b)), (p(3, 2), Some(b)), (p(1, 1), None)]
                },
                MainLineEvent::Move {
                    node: 1,
                    color: b,
                    mv: Move::Play(p(0, 0))
                },
                MainLineEvent::Move {
                    node: 2,
                    color: w,
                    mv: Move::Pass
                },
            ]
        );
        assert_eq!(line.size, Size::square(5).unwrap());
        assert_eq!(line.nodes, 3);
    }

    #[test]
    fn only_the_main_line_and_the_first_game() {
        let line = read(b"(;;B[aa](;W[bb];B[cc])(;W[dd]))(;B[ee])").unwrap();
        let nodes: Vec<usize> = line.events.iter().map(MainLineEvent::node).collect();
        assert_eq!(nodes, [1, 2, 3]);
        assert_eq!(line.nodes, 4);
        assert_eq!(line.size, Size::square(19).unwrap());
    }

    #[test]
    fn bad_values_are_warnings_in_the_bindings_words() {
        let line = read(b"(;SZ[9:7]AB[a][bb];B[d1];W[cc]C[x])").unwrap();
        assert_eq!(
            messages(&line),
            [
                "node 0: AB[a] is not a point or a point:point rectangle; ignored",
                "node 1: B[d1] is not a move; ignored",
            ]
        );
        assert_eq!(line.size, Size::new(9, 7).unwrap());
        assert_eq!(line.events.len(), 2);
    }

    #[test]
    fn both_moves_of_a_node_in_order() {
        let line = read(b"(;W[aa]B[bb])").unwrap();
        let colors: Vec<Color> = line
            .events
            .iter()
            .filter_map(|e| match e {
                MainLineEvent::Move { color, .. } => Some(*color),
                MainLineEvent::Setup { .. } => None,
            })
            .collect();
        assert_eq!(colors, [Color::White, Color::Black]);
    }

    #[test]
    fn another_game_or_a_bad_size_is_an_error() {
        assert_eq!(
            read(b"(;GM[2];B[aa])"),
            Err(ReplayError::NotGo("2".to_string()))
        );
        assert_eq!(
            read(b"(;GM[1]SZ[99];B[aa])"),
            Err(ReplayError::BadSize("99".to_string()))
        );
        assert!(read(b"(;GM[ 1 ]SZ[19:13])").is_ok());
    }

    #[test]
    fn the_replay_reads_the_same_moves() {
        let rec = b"(;SZ[5]AB[aa];B[bb];W[cc];B[];W[dd])";
        let line = read(rec).unwrap();
        let g = crate::sgf::Replayer::new()
            .replay_game(rec, &crate::sgf::ReplayOptions::default())
            .unwrap();
        let moves: Vec<(Color, Move)> = line
            .events
            .iter()
            .filter_map(|e| match *e {
                MainLineEvent::Move { color, mv, .. } => Some((color, mv)),
                MainLineEvent::Setup { .. } => None,
            })
            .collect();
        let played: Vec<(Color, Move)> = g.moves.iter().map(|m| (m.color, m.mv)).collect();
        assert_eq!(moves, played);
    }
}
