//! A frame around a life-and-death problem whose group is open: the position a problem book
//! prints (a corner or a side of an otherwise empty board), closed by a ring of the
//! attacker's stones so that [`super::Reader::life_and_death`] can read it in a region of
//! its size. Problem books assume the attacker strong around the diagram; the frame says so.

use super::{ReadError, MAX_REGION};
use crate::{Board, Point};

/// Stones this close (in rows or columns) to the box grown so far belong to the problem.
const REACH: i64 = 2;

/// The empty lines left between the problem's stones and the frame, most first: the first
/// margin whose box fits the solver's region is taken. (Chosen with [`FILL_BEYOND`] on the
/// first 60 open problems of Cho Chikun's elementary set: margins 0 and 1, and fills beyond 1
/// and 2, were compared; see BENCHMARKS.md.)
const MARGINS: [i64; 2] = [1, 0];

/// Empty points of the box farther than this many rows or columns from every stone of the
/// group's colour are the attacker's: the group lives, if it does, in the space next to its
/// stones.
const FILL_BEYOND: i64 = 1;

/// A framed problem: the position with the attacker's ring around it, and the region inside
/// the ring (every point of the box, stones and empty points alike).
#[derive(Clone, Debug)]
pub struct Framed {
    /// The position with the frame's stones added.
    pub board: Board,
    /// The points inside the frame: the region to read.
    pub region: Vec<Point>,
}

/// A box of points, `x0..=x1` by `y0..=y1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Box2 {
    x0: i64,
    y0: i64,
    x1: i64,
    y1: i64,
}

impl Box2 {
    fn around(p: Point) -> Box2 {
        let (x, y) = (p.x as i64, p.y as i64);
        Box2 {
            x0: x,
            y0: y,
            x1: x,
            y1: y,
        }
    }

    /// Whether `p` is within `d` rows and columns of the box.
    fn near(&self, p: Point, d: i64) -> bool {
        let (x, y) = (p.x as i64, p.y as i64);
        x >= self.x0 - d && x <= self.x1 + d && y >= self.y0 - d && y <= self.y1 + d
    }

    fn include(&mut self, p: Point) {
        let (x, y) = (p.x as i64, p.y as i64);
        self.x0 = self.x0.min(x);
        self.y0 = self.y0.min(y);
        self.x1 = self.x1.max(x);
        self.y1 = self.y1.max(y);
    }

    /// The box grown by `m` on every side, clipped to a `w` by `h` board.
    fn grown(&self, m: i64, w: i64, h: i64) -> Box2 {
        Box2 {
            x0: (self.x0 - m).max(0),
            y0: (self.y0 - m).max(0),
            x1: (self.x1 + m).min(w - 1),
            y1: (self.y1 + m).min(h - 1),
        }
    }

    fn area(&self) -> usize {
        ((self.x1 - self.x0 + 1) * (self.y1 - self.y0 + 1)) as usize
    }

    fn contains(&self, x: i64, y: i64) -> bool {
        x >= self.x0 && x <= self.x1 && y >= self.y0 && y <= self.y1
    }
}

/// The problem around the group on `p`, framed for the opponent of its owner:
/// - **the box**: the stones reached from the group by steps of at most two rows and
///   columns, with an empty margin of one line (none when that would make it larger than
///   [`MAX_REGION`] points), clipped to the board;
/// - **the frame**: the empty points just outside the box become the attacker's stones, and
///   so do the empty points of the box farther than one row or column from every stone of
///   the group's colour.
///
/// The frame's stones outside the box keep their liberties there, so the solver, which
/// plays inside the box only, never captures them: the group can live only in the box.
/// This is a model of a problem book's diagram (the attacker strong around it), not of a
/// position of a game, where the space around a group is not the attacker's.
///
/// ```
/// use tengen::formats::text::{read_board, InputFormat};
/// use tengen::read::{frame, ReadConfig, Reader, Status};
/// use tengen::{Move, Point};
///
/// // White's corner group (A12-D12, D13) with a straight three-point eye space, loosely
/// // surrounded: its region through the empty points is the whole board, the frame's is
/// // the corner. Whoever plays B13 first decides it (GNU Go 3.8 agrees).
/// let mut rows = vec!["...OX........", "OOOO.X.......", ".XXXX........"];
/// rows.extend(["............."; 10]);
/// let b = read_board(&rows.join("\n"), InputFormat::Text).unwrap();
/// let mut reader = Reader::new(ReadConfig::default());
/// assert!(reader.life_and_death(&b, Point::new(3, 0), None).is_err());
/// let f = frame(&b, Point::new(3, 0)).unwrap();
/// let ld = reader.life_and_death(&f.board, Point::new(3, 0), Some(&f.region)).unwrap();
/// assert_eq!(ld.attacker_first.status, Status::Dead);
/// assert_eq!(ld.attacker_first.key, Some(Move::Play(Point::new(1, 0))));
/// assert_eq!(ld.defender_first.status, Status::Alive);
/// assert_eq!(ld.defender_first.key, Some(Move::Play(Point::new(1, 0))));
/// ```
///
/// # Errors
/// [`ReadError::OffBoard`] or [`ReadError::Empty`] for `p`,
/// [`ReadError::NothingToFrame`] when no stone of the opponent's is within reach of the
/// group, and [`ReadError::RegionTooLarge`] when even the box without a margin has more than
/// [`MAX_REGION`] points (the stones around the group spread too far for a problem).
pub fn frame(board: &Board, p: Point) -> Result<Framed, ReadError> {
    if !board.size().contains(p) {
        return Err(ReadError::OffBoard(p));
    }
    let owner = board.get(p).ok_or(ReadError::Empty(p))?;
    let (w, h) = (board.width() as i64, board.height() as i64);
    let stones: Vec<Point> = board
        .size()
        .points()
        .filter(|&q| board.get(q).is_some())
        .collect();
    let mut bx = Box2::around(p);
    loop {
        let before = bx;
        for &q in &stones {
            if bx.near(q, REACH) {
                bx.include(q);
            }
        }
        if bx == before {
            break;
        }
    }
    let opponent_near = stones
        .iter()
        .any(|&q| bx.contains(q.x as i64, q.y as i64) && board.get(q) != Some(owner));
    if !opponent_near {
        return Err(ReadError::NothingToFrame(p));
    }
    let inner = MARGINS
        .iter()
        .map(|&m| bx.grown(m, w, h))
        .find(|b| b.area() <= MAX_REGION)
        .ok_or(ReadError::RegionTooLarge(bx.area()))?;
    let mut framed = board.clone();
    let mut ring = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let next_to_box = !inner.contains(x, y)
                && [(1, 0), (-1, 0), (0, 1), (0, -1)]
                    .iter()
                    .any(|&(dx, dy)| inner.contains(x + dx, y + dy));
            let q = Point::new(x as u8, y as u8);
            if next_to_box && board.get(q).is_none() {
                ring.push((q, Some(owner.opponent())));
            }
        }
    }
    // the points of the box farther than `FILL_BEYOND` rows or columns from every stone of
    // the group's colour: the attacker's too (problem books draw the attacker strong there)
    let own: Vec<Point> = stones
        .iter()
        .copied()
        .filter(|&q| board.get(q) == Some(owner) && inner.contains(q.x as i64, q.y as i64))
        .collect();
    for y in inner.y0..=inner.y1 {
        for x in inner.x0..=inner.x1 {
            let q = Point::new(x as u8, y as u8);
            let far = own.iter().all(|o| {
                (o.x as i64 - x).abs() > FILL_BEYOND || (o.y as i64 - y).abs() > FILL_BEYOND
            });
            if far && board.get(q).is_none() {
                ring.push((q, Some(owner.opponent())));
            }
        }
    }
    framed.edit(ring);
    // a frame stone can be left without liberties only on a board the box nearly fills
    for q in framed.chains_without_liberties() {
        framed.remove_chain_at(q);
    }
    let region = (inner.y0..=inner.y1)
        .flat_map(|y| (inner.x0..=inner.x1).map(move |x| Point::new(x as u8, y as u8)))
        .collect();
    Ok(Framed {
        board: framed,
        region,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};

    fn board(rows: &[&str]) -> Board {
        read_board(&rows.join("\n"), InputFormat::Text).unwrap()
    }

    #[test]
    fn the_box_holds_the_stones_within_reach_and_the_margin() {
        let mut rows = vec![
            "..O.X..........",
            "OOO..X.........",
            "...............",
            ".X.............",
            "...............",
        ];
        rows.extend(["..............."; 10]);
        // a far stone outside the reach of the problem
        rows[12] = "...........X...";
        let b = board(&rows);
        let f = frame(&b, Point::new(2, 0)).unwrap();
        // stones span x 0..=5, y 0..=3; one line of margin: x 0..=6, y 0..=4
        assert_eq!(f.region.len(), 7 * 5);
        assert!(f.region.contains(&Point::new(6, 4)));
        assert!(!f.region.contains(&Point::new(7, 0)));
        let black = Some(crate::Color::Black);
        // the ring: black stones just outside the box
        for y in 0..5 {
            assert_eq!(f.board.get(Point::new(7, y)), black);
        }
        for x in 0..7 {
            assert_eq!(f.board.get(Point::new(x, 5)), black);
        }
        assert_eq!(
            f.board.get(Point::new(7, 5)),
            None,
            "a corner is not next to the box"
        );
        // inside the box: White's space (one line around its stones) stays empty, the rest
        // is Black's
        for (x, y) in [(0, 0), (1, 0), (3, 0), (3, 1), (3, 2), (0, 2)] {
            assert_eq!(f.board.get(Point::new(x, y)), None, "({x}, {y})");
        }
        for (x, y) in [(5, 0), (4, 1), (4, 2), (0, 3), (6, 4)] {
            assert_eq!(f.board.get(Point::new(x, y)), black, "({x}, {y})");
        }
        assert_eq!(f.board.get(Point::new(11, 12)), black);
        assert!(f.board.chains_without_liberties().is_empty());
        // the position itself is left as it was
        assert_eq!(b.get(Point::new(5, 0)), None);
    }

    #[test]
    fn a_wide_problem_gets_a_narrower_margin_or_an_error() {
        let mut rows = vec!["O.O.O.O.O.O.O.O.O.O"];
        rows.extend(["..................."; 18]);
        rows[1] = ".X.................";
        let b = board(&rows);
        // 19 x 2 of stones: with a line of margin 19 x 3 = 57 points
        assert_eq!(frame(&b, Point::new(0, 0)).unwrap().region.len(), 57);
        rows[1] = "X.X.X.X.X.X.X.X.X.X";
        rows[3] = "X.X.X.X.X.X.X.X.X.X";
        let b = board(&rows);
        assert!(matches!(
            frame(&b, Point::new(0, 0)),
            Err(ReadError::RegionTooLarge(76))
        ));
        assert!(matches!(
            frame(&b, Point::new(1, 1)),
            Err(ReadError::Empty(_))
        ));
        // a group with no opponent near is no problem
        let mut rows = vec!["..O................"];
        rows.extend(["..................."; 18]);
        rows[10] = "..........X........";
        let b = board(&rows);
        assert!(matches!(
            frame(&b, Point::new(2, 0)),
            Err(ReadError::NothingToFrame(_))
        ));
    }
}
