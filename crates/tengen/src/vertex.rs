//! Vertices, the one home of coordinate names: GTP vertices (a column letter `A`–`Z`
//! without `I`, then `AA`, `AB`, ... past 25 columns, and a row number counted from the
//! bottom: `D4`), or `pass`; and the star points drawn by every picture.

use std::fmt;

use crate::{Move, Point, Size};

/// Column letters of GTP vertices: `I` is skipped, so 25 single letters.
pub const LETTERS: &[u8; 25] = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";

/// The largest board side the GTP protocol's single-letter vertices can name.
pub const MAX_GTP_SIZE: usize = 25;

/// Column label of column `x` (from 0): `A`..`Z` without `I`, then `AA`, `AB`, ... (two
/// letters, enough for [`crate::MAX_SIZE`] columns).
pub fn column_name(x: usize) -> String {
    let n = LETTERS.len();
    if x < n {
        (LETTERS[x] as char).to_string()
    } else {
        format!("{}{}", LETTERS[x / n - 1] as char, LETTERS[x % n] as char)
    }
}

/// The column a label names (`A`, `d`, `AB`, case-insensitive), the inverse of
/// [`column_name`]; `None` for anything else (`I` included).
pub fn parse_column(s: &str) -> Option<usize> {
    let idx = |c: u8| LETTERS.iter().position(|&l| l == c.to_ascii_uppercase());
    match s.as_bytes() {
        [a] => idx(*a),
        [a, b] => Some((idx(*a)? + 1) * LETTERS.len() + idx(*b)?),
        _ => None,
    }
}

/// The star points (hoshi) of a `width` x `height` board: on the fourth line from each edge
/// for sides of 13 or more, the third for sides of 7 to 12, the middle of an odd side of 15
/// or more, and the centre of a board whose sides are both odd and at least 7.
pub fn star_points(width: usize, height: usize) -> Vec<Point> {
    fn axis(n: usize) -> Vec<usize> {
        let d = match n {
            13.. => 3,
            7..=12 => 2,
            _ => return Vec::new(),
        };
        let mut v = vec![d, n - 1 - d];
        if n % 2 == 1 && n >= 15 {
            v.push(n / 2);
        }
        v.sort_unstable();
        v.dedup();
        v
    }
    let (xs, ys) = (axis(width), axis(height));
    let mut out: Vec<Point> = ys
        .iter()
        .flat_map(|&y| xs.iter().map(move |&x| Point::new(x as u8, y as u8)))
        .collect();
    if width % 2 == 1 && height % 2 == 1 && width >= 7 && height >= 7 {
        let c = Point::new((width / 2) as u8, (height / 2) as u8);
        if !out.contains(&c) {
            out.push(c);
        }
    }
    out.sort_by_key(|p| (p.y, p.x));
    out
}

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
    /// Parse `D4` / `d4` / `pass` (or `AB30` on boards wider than 25) for a board of `size`.
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
        let split = t
            .bytes()
            .position(|b| !b.is_ascii_alphabetic())
            .unwrap_or(t.len());
        let x = parse_column(&t[..split]).ok_or_else(err)?;
        let digits = &t[split..];
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
                column_name(p.x as usize),
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
        let big = Size::square(52).unwrap();
        for x in 0..52 {
            let v = Vertex::of(Point::new(x, 7), 52);
            assert_eq!(Vertex::parse(&v.to_string(), big).unwrap(), v);
        }
        assert_eq!(column_name(25), "AA");
        assert_eq!(column_name(51), "BB");
        assert_eq!(parse_column("bb"), Some(51));
        assert_eq!(parse_column("AI"), None);
        assert!(Vertex::parse("AA1", s).is_err());
    }
}
