//! Points, moves and board sizes.

use std::fmt;

use crate::Color;

/// The largest board side: 52, the limit of SGF coordinates (`a`–`z`, `A`–`Z`).
pub const MAX_SIZE: u8 = 52;

/// A point of the board: `x` is the column, `y` the row, both from 0; row 0 is the first row
/// of the input (the top of the board in pictures).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    /// Column, 0 at the left.
    pub x: u8,
    /// Row, 0 at the top.
    pub y: u8,
}

impl Point {
    /// The point at column `x`, row `y`.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Point {
        Point { x, y }
    }
}

impl fmt::Display for Point {
    /// `x y`, as the move task writes coordinates.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x, self.y)
    }
}

/// What a player does on a turn: put a stone on a point, or pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A stone on this point.
    Play(Point),
    /// No stone this turn.
    Pass,
}

/// A move together with the colour that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ColoredMove {
    /// Who moves.
    pub color: Color,
    /// What they do.
    pub mv: Move,
}

/// The width and height of a board, each from 1 to [`MAX_SIZE`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

/// A board side outside 1..=52.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("board size {width}x{height} is not supported: each side must be from 1 to 52")]
pub struct SizeError {
    /// The width asked for.
    pub width: usize,
    /// The height asked for.
    pub height: usize,
}

impl Size {
    /// A `width` × `height` size.
    ///
    /// # Errors
    /// [`SizeError`] when a side is 0 or above [`MAX_SIZE`].
    pub fn new(width: usize, height: usize) -> Result<Size, SizeError> {
        if (1..=MAX_SIZE as usize).contains(&width) && (1..=MAX_SIZE as usize).contains(&height) {
            Ok(Size {
                width: width as u8,
                height: height as u8,
            })
        } else {
            Err(SizeError { width, height })
        }
    }

    /// A square `n` × `n` size.
    ///
    /// # Errors
    /// [`SizeError`] when `n` is 0 or above [`MAX_SIZE`].
    pub fn square(n: usize) -> Result<Size, SizeError> {
        Size::new(n, n)
    }

    /// Number of columns.
    #[inline]
    pub const fn width(self) -> usize {
        self.width as usize
    }

    /// Number of rows.
    #[inline]
    pub const fn height(self) -> usize {
        self.height as usize
    }

    /// Number of points.
    #[inline]
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `p` lies on a board of this size.
    #[inline]
    pub const fn contains(self, p: Point) -> bool {
        p.x < self.width && p.y < self.height
    }

    /// Whether signed coordinates lie on the board; the checked way to turn user numbers into a
    /// [`Point`].
    pub fn point(self, x: i64, y: i64) -> Option<Point> {
        if x >= 0 && y >= 0 && x < self.width as i64 && y < self.height as i64 {
            Some(Point::new(x as u8, y as u8))
        } else {
            None
        }
    }

    /// All points, row by row from the top.
    pub fn points(self) -> impl Iterator<Item = Point> {
        let (w, h) = (self.width, self.height);
        (0..h).flat_map(move |y| (0..w).map(move |x| Point::new(x, y)))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn size_limits() {
        assert!(Size::new(0, 5).is_err());
        assert!(Size::new(53, 5).is_err());
        assert!(Size::new(52, 1).is_ok());
        let s = Size::new(3, 2).unwrap();
        assert_eq!(s.area(), 6);
        assert!(s.contains(Point::new(2, 1)));
        assert!(!s.contains(Point::new(1, 2)));
        assert_eq!(s.point(-1, 0), None);
        assert_eq!(s.points().count(), 6);
    }
}
