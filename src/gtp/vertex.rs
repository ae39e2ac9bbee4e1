//! GTP vertices: a column letter (`A`–`Z` without `I`) and a row number counted from the
//! bottom (`D4`), or `pass`.

use std::fmt;

use crate::{Move, Point, Size};

/// Column letters of GTP vertices: `I` is skipped, so 25 columns at most.
pub const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The largest board side GTP vertices can name.
pub const MAX_GTP_SIZE: usize = 25;

/// A GTP vertex on a board of known height.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Vertex {
    /// The move it names.
    pub mv: Move,
    /// Rows of the board it belongs to (GTP rows count from the bottom).
    pub height: u8,
}

/// Text that is not a vertex of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid vertex {0:?}")]
pub struct VertexError(pub String);

impl Vertex {
    /// Parse `D4` / `d4` / `pass` for a board of `size`.
    ///
    /// # Errors
    /// [`VertexError`] for text that is no vertex or lies off the board.
    pub fn parse(s: &str, size: Size) -> Result<Vertex, VertexError> {
        let err = || VertexError(s.to_string());
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Vertex {
                mv: Move::Pass,
                height: size.height() as u8,
            });
        }
        let mut chars = t.chars();
        let letter = chars.next().ok_or_else(err)?.to_ascii_uppercase();
        let x = LETTERS
            .iter()
            .position(|&l| l as char == letter)
            .ok_or_else(err)?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 3 {
            return Err(err());
        }
        let row: usize = digits.parse().map_err(|_| err())?;
        if row == 0 || row > size.height() || x >= size.width() {
            return Err(err());
        }
        Ok(Vertex {
            mv: Move::Play(Point::new(x as u8, (size.height() - row) as u8)),
            height: size.height() as u8,
        })
    }

    /// The vertex of a point on a board with `height` rows.
    pub fn of(p: Point, height: usize) -> Vertex {
        Vertex {
            mv: Move::Play(p),
            height: height as u8,
        }
    }
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.mv {
            Move::Pass => f.write_str("pass"),
            Move::Play(p) => write!(
                f,
                "{}{}",
                LETTERS[p.x as usize] as char,
                self.height as usize - p.y as usize
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let s = Size::square(19).unwrap();
        let v = Vertex::parse("d4", s).unwrap();
        assert_eq!(v.mv, Move::Play(Point::new(3, 15)));
        assert_eq!(v.to_string(), "D4");
        assert_eq!(
            Vertex::parse("T19", s).unwrap().mv,
            Move::Play(Point::new(18, 0))
        );
        assert_eq!(Vertex::parse("PASS", s).unwrap().mv, Move::Pass);
        for bad in ["I5", "A0", "A20", "U1", "", "4D", "A+1", "A1x", "Z99999"] {
            assert!(Vertex::parse(bad, s).is_err(), "{bad}");
        }
        let r = Size::new(3, 2).unwrap();
        assert_eq!(
            Vertex::parse("C2", r).unwrap().mv,
            Move::Play(Point::new(2, 0))
        );
        assert!(Vertex::parse("D1", r).is_err());
    }
}
