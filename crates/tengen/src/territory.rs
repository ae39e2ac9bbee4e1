//! Territory: who owns each empty region of a board (the original territory task).
//!
//! An empty point belongs to a player when its 4-connected region of empty points is bordered
//! by stones of that player only; a region bordered by both colours, or by no stone at all (an
//! empty board), belongs to nobody ([`Owner::None`]). Stones are counted as they stand: dead
//! stones must be removed first (see [`crate::score`] for scoring with dead stones).
//!
//! [`TerritoryMap`] labels every empty region of the whole board in one linear pass over the
//! board's padded array: a flood fill with a reusable stack and generation-stamped marks, so
//! nothing is allocated per region, nor per call once the map has seen a board of that size.
//!
//! ```
//! use tengen::formats::text::{read_board, InputFormat};
//! use tengen::territory::{territories, territory_at, Owner};
//!
//! // The task's example board.
//! let board = read_board(r#"["  B  ", " B B ", "B W B", " W W ", "  W  "]"#, InputFormat::Auto)
//!     .unwrap();
//! let t = territory_at(&board, 0, 1).unwrap();
//! assert_eq!(t.owner, Owner::Black);
//! assert_eq!(
//!     serde_json::to_string(&t).unwrap(),
//!     r#"{"owner":"BLACK","territory":[[0,0],[0,1],[1,0]]}"#
//! );
//! assert_eq!(territory_at(&board, 5, 0).unwrap_err().to_string(), "Invalid coordinate");
//! let all = territories(&board);
//! assert_eq!(all.black.len(), 6);
//! ```

use serde::ser::{SerializeSeq, SerializeStruct};
use serde::{Serialize, Serializer};

use crate::board::EMPTY;
use crate::{Board, Color, Point};

/// Who owns a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "UPPERCASE")]
pub enum Owner {
    /// Bordered by black stones only.
    Black,
    /// Bordered by white stones only.
    White,
    /// Bordered by both colours, by none, or a stone's point.
    None,
}

impl Owner {
    /// The owner of a region from the colours bordering it (bit 1 black, bit 2 white).
    #[inline]
    fn from_bits(bits: u8) -> Owner {
        match bits {
            1 => Owner::Black,
            2 => Owner::White,
            _ => Owner::None,
        }
    }

    /// The owning colour, if any.
    pub fn color(self) -> Option<Color> {
        match self {
            Owner::Black => Some(Color::Black),
            Owner::White => Some(Color::White),
            Owner::None => None,
        }
    }

    /// The task's name: `BLACK`, `WHITE` or `NONE`.
    pub fn name(self) -> &'static str {
        match self {
            Owner::Black => "BLACK",
            Owner::White => "WHITE",
            Owner::None => "NONE",
        }
    }
}

impl From<Option<Color>> for Owner {
    fn from(c: Option<Color>) -> Owner {
        match c {
            Some(Color::Black) => Owner::Black,
            Some(Color::White) => Owner::White,
            None => Owner::None,
        }
    }
}

/// A coordinate off the board (the task's error, whose message is exactly `Invalid coordinate`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("Invalid coordinate")]
pub struct InvalidCoordinate {
    /// The column asked for.
    pub x: i64,
    /// The row asked for.
    pub y: i64,
}

/// The region containing one point, with its owner. Serializes as the task's
/// `{"owner":"BLACK","territory":[[x,y],...]}`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Territory {
    /// The owner; `None` for a stone's point.
    pub owner: Owner,
    /// The region's points sorted by x then y; empty for a stone's point.
    pub points: Vec<Point>,
}

/// Every empty point of a board by owner; each list sorted by x then y. Serializes as the
/// task's `{"territoryBlack":[...],"territoryWhite":[...],"territoryNone":[...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Territories {
    /// Black's territory.
    pub black: Vec<Point>,
    /// White's territory.
    pub white: Vec<Point>,
    /// Empty points owned by nobody.
    pub none: Vec<Point>,
}

/// Points as a JSON list of `[x, y]` pairs.
struct Coords<'a>(&'a [Point]);

impl Serialize for Coords<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut seq = s.serialize_seq(Some(self.0.len()))?;
        for p in self.0 {
            seq.serialize_element(&[p.x, p.y])?;
        }
        seq.end()
    }
}

impl Serialize for Territory {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Territory", 2)?;
        st.serialize_field("owner", &self.owner)?;
        st.serialize_field("territory", &Coords(&self.points))?;
        st.end()
    }
}

impl Serialize for Territories {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Territories", 3)?;
        st.serialize_field("territoryBlack", &Coords(&self.black))?;
        st.serialize_field("territoryWhite", &Coords(&self.white))?;
        st.serialize_field("territoryNone", &Coords(&self.none))?;
        st.end()
    }
}

/// Bits of the colours a cell value contributes to a region's border: black 1, white 2, empty
/// and wall 0.
const BORDER_BITS: [u8; 4] = [0, 1, 2, 0];

/// Labels of every empty region of a board, reusable from board to board without allocating.
///
/// ```
/// use tengen::{Board, Color, Point};
/// use tengen::territory::{Owner, TerritoryMap};
/// let mut b = Board::square(3).unwrap();
/// b.edit([(Point::new(1, 0), Some(Color::White)), (Point::new(0, 1), Some(Color::White))]);
/// let mut map = TerritoryMap::new();
/// map.compute(&b);
/// assert_eq!(map.owner(&b, Point::new(0, 0)), Owner::White);
/// assert_eq!(map.owner(&b, Point::new(2, 2)), Owner::White);
/// assert_eq!(map.counts(), [0, 7, 0]);
/// ```
#[derive(Clone, Debug, Default)]
pub struct TerritoryMap {
    /// Region index of each empty padded position (valid where `seen == gen`).
    region: Vec<u32>,
    seen: Vec<u32>,
    gen: u32,
    /// Border bits of each region.
    borders: Vec<u8>,
    /// Size of each region.
    sizes: Vec<u32>,
    stack: Vec<u32>,
}

impl TerritoryMap {
    /// An empty map; buffers grow to the first board's size.
    pub fn new() -> TerritoryMap {
        TerritoryMap::default()
    }

    fn next_gen(&mut self, len: usize) {
        if self.seen.len() < len {
            self.seen.resize(len, 0);
            self.region.resize(len, 0);
        }
        if self.gen == u32::MAX {
            self.seen.fill(0);
            self.gen = 0;
        }
        self.gen += 1;
    }

    /// Label every empty region of `board` and find its owner: one pass over the board.
    pub fn compute(&mut self, board: &Board) {
        self.next_gen(board.padded_len());
        let gen = self.gen;
        self.borders.clear();
        self.sizes.clear();
        self.stack.clear();
        for start in board.all_pos() {
            if board.cell(start) != EMPTY || self.seen[start] == gen {
                continue;
            }
            let id = self.borders.len() as u32;
            let mut bits = 0u8;
            let mut size = 0u32;
            self.seen[start] = gen;
            self.region[start] = id;
            self.stack.push(start as u32);
            while let Some(q) = self.stack.pop() {
                size += 1;
                for n in board.nbrs(q as usize) {
                    let v = board.cell(n);
                    if v == EMPTY {
                        if self.seen[n] != gen {
                            self.seen[n] = gen;
                            self.region[n] = id;
                            self.stack.push(n as u32);
                        }
                    } else {
                        bits |= BORDER_BITS[v as usize];
                    }
                }
            }
            self.borders.push(bits);
            self.sizes.push(size);
        }
    }

    /// Number of empty regions found by the last [`TerritoryMap::compute`].
    pub fn region_count(&self) -> usize {
        self.borders.len()
    }

    /// The region index of the empty padded position `pos` (crate-internal).
    #[inline]
    pub(crate) fn region_at(&self, pos: usize) -> usize {
        self.region[pos] as usize
    }

    /// The border bits of region `r`: 1 black, 2 white (crate-internal).
    #[inline]
    pub(crate) fn region_bits(&self, r: usize) -> u8 {
        self.borders[r]
    }

    /// The owner of the empty padded position `pos` (crate-internal).
    #[inline]
    pub(crate) fn owner_at(&self, pos: usize) -> Owner {
        Owner::from_bits(self.borders[self.region[pos] as usize])
    }

    /// The owner of `p` on the board last computed; [`Owner::None`] for a stone or a point off
    /// the board. `board` must be the board given to [`TerritoryMap::compute`].
    pub fn owner(&self, board: &Board, p: Point) -> Owner {
        if !board.size().contains(p) {
            return Owner::None;
        }
        let q = board.pos(p);
        if board.cell(q) != EMPTY {
            return Owner::None;
        }
        // a point the last `compute` did not label (another board given): no owner, not a
        // stale region index
        match self.seen.get(q) {
            Some(&g) if g == self.gen && g != 0 => self.owner_at(q),
            _ => Owner::None,
        }
    }

    /// Points of territory: `[black, white, none]`.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0usize; 3];
        for (bits, &n) in self.borders.iter().zip(&self.sizes) {
            let i = match Owner::from_bits(*bits) {
                Owner::Black => 0,
                Owner::White => 1,
                Owner::None => 2,
            };
            c[i] += n as usize;
        }
        c
    }

    /// The three lists of the task, sorted by x then y, from the last computed `board`.
    pub fn territories(&self, board: &Board) -> Territories {
        let [b, w, n] = self.counts();
        let mut t = Territories {
            black: Vec::with_capacity(b),
            white: Vec::with_capacity(w),
            none: Vec::with_capacity(n),
        };
        // column by column, so each list comes out sorted by x then y
        for x in 0..board.width() {
            for y in 0..board.height() {
                let p = Point::new(x as u8, y as u8);
                let q = board.pos(p);
                if board.cell(q) != EMPTY {
                    continue;
                }
                match self.owner_at(q) {
                    Owner::Black => t.black.push(p),
                    Owner::White => t.white.push(p),
                    Owner::None => t.none.push(p),
                }
            }
        }
        t
    }
}

/// All territories of `board` (the task's `getTerritories`).
pub fn territories(board: &Board) -> Territories {
    let mut map = TerritoryMap::new();
    map.compute(board);
    map.territories(board)
}

/// The region containing column `x`, row `y` with its owner (the task's `getTerritory`).
/// A stone's point gives owner [`Owner::None`] and no points.
///
/// # Errors
/// [`InvalidCoordinate`] when the point is off the board (any direction, negative included).
pub fn territory_at(board: &Board, x: i64, y: i64) -> Result<Territory, InvalidCoordinate> {
    let p = board.size().point(x, y).ok_or(InvalidCoordinate { x, y })?;
    let start = board.pos(p);
    if board.cell(start) != EMPTY {
        return Ok(Territory {
            owner: Owner::None,
            points: Vec::new(),
        });
    }
    let mut seen = vec![false; board.padded_len()];
    let mut stack = vec![start];
    let mut points = Vec::new();
    let mut bits = 0u8;
    seen[start] = true;
    while let Some(q) = stack.pop() {
        points.push(board.point(q));
        for n in board.nbrs(q) {
            let v = board.cell(n);
            if v == EMPTY {
                if !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            } else {
                bits |= BORDER_BITS[v as usize];
            }
        }
    }
    points.sort_unstable();
    Ok(Territory {
        owner: Owner::from_bits(bits),
        points,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: &[&str]) -> Board {
        crate::formats::text::read_board(&rows.join("\n"), crate::formats::text::InputFormat::Text)
            .unwrap()
    }

    #[test]
    fn map_agrees_with_single_region_query() {
        let b = board(&["  B  ", " B B ", "B W B", " W W ", "  W  "]);
        let mut map = TerritoryMap::new();
        map.compute(&b);
        for p in b.size().points() {
            let t = territory_at(&b, p.x as i64, p.y as i64).unwrap();
            assert_eq!(map.owner(&b, p), t.owner, "{p:?}");
            if b.get(p).is_none() {
                assert!(t.points.contains(&p));
            } else {
                assert!(t.points.is_empty());
            }
        }
        // reuse on another board of another size
        let b2 = board(&["   ", "   "]);
        map.compute(&b2);
        assert_eq!(map.counts(), [0, 0, 6]);
        assert_eq!(map.region_count(), 1);
    }

    #[test]
    fn walls_do_not_count_as_white() {
        // a region touching the edge and black only is black's, though walls are cell value 3
        let b = board(&[" B", "B "]);
        let t = territories(&b);
        assert_eq!(t.black, vec![Point::new(0, 0), Point::new(1, 1)]);
    }
}
