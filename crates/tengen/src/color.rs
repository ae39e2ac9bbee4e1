//! The two players' colours.

use std::fmt;
use std::str::FromStr;

/// A player's colour. Black moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Color {
    /// The player who moves first (digit `1` in the move task).
    Black = 1,
    /// The second player (digit `2` in the move task).
    White = 2,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The other colour.
    #[inline]
    pub const fn opponent(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// 0 for Black, 1 for White: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize - 1
    }

    /// The colour for a move-task digit: `1` Black, `2` White, anything else `None`.
    #[inline]
    pub const fn from_digit(d: u8) -> Option<Color> {
        match d {
            1 => Some(Color::Black),
            2 => Some(Color::White),
            _ => None,
        }
    }

    /// The move-task digit of this colour (1 or 2).
    #[inline]
    pub const fn digit(self) -> u8 {
        self as u8
    }

    /// Lower-case English name: `"black"` or `"white"` (GTP, JSON, messages, legends).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }

    /// Upper-case initial: `'B'` or `'W'` (SGF properties, results such as `B+3.5`).
    pub const fn letter(self) -> char {
        match self {
            Color::Black => 'B',
            Color::White => 'W',
        }
    }

    /// The colour as a sign, the convention of ownership and of the library's JSON: +1
    /// Black, −1 White.
    pub const fn sign(self) -> i8 {
        match self {
            Color::Black => 1,
            Color::White => -1,
        }
    }

    /// The colour of an initial, `B` or `W` in any case (the inverse of [`Color::letter`]).
    pub const fn from_letter(c: char) -> Option<Color> {
        match c.to_ascii_uppercase() {
            'B' => Some(Color::Black),
            'W' => Some(Color::White),
            _ => None,
        }
    }

    /// The colour a name gives, in any case: `b`, `black`, `1` for Black; `w`, `white`, `2`
    /// for White (the names GTP, SGF, the CLI and the move task's digits use). The one parser
    /// of colour names; [`FromStr`] is the same.
    ///
    /// # Errors
    /// [`ParseColorError`] naming the text.
    pub fn from_name(s: &str) -> Result<Color, ParseColorError> {
        let is = |a: &str| s.eq_ignore_ascii_case(a);
        if is("b") || is("black") || s == "1" {
            Ok(Color::Black)
        } else if is("w") || is("white") || s == "2" {
            Ok(Color::White)
        } else {
            Err(ParseColorError(s.to_string()))
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for a colour name that is none of `b`, `black`, `w`, `white` (any case), `1`, `2`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour {0:?}: expected black, white, b or w")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Color::from_name(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_and_index() {
        assert_eq!(Color::Black.opponent(), Color::White);
        assert_eq!(Color::White.opponent(), Color::Black);
        assert_eq!(Color::Black.index(), 0);
        assert_eq!(Color::White.index(), 1);
        assert_eq!(Color::from_digit(2), Some(Color::White));
        assert_eq!(Color::from_digit(3), None);
    }

    #[test]
    fn parse() {
        assert_eq!("B".parse::<Color>().unwrap(), Color::Black);
        assert_eq!("white".parse::<Color>().unwrap(), Color::White);
        assert!("red".parse::<Color>().is_err());
        for c in Color::ALL {
            assert_eq!(Color::from_name(c.name()), Ok(c));
            assert_eq!(Color::from_name(&c.letter().to_string()), Ok(c));
            assert_eq!(Color::from_letter(c.letter()), Some(c));
            assert_eq!(Color::from_name(&c.digit().to_string()), Ok(c));
            assert_eq!(Color::from_name(&c.name().to_uppercase()), Ok(c));
        }
        assert_eq!(Color::from_letter('w'), Some(Color::White));
        assert_eq!(Color::from_letter('1'), None);
        assert_eq!(Color::Black.letter(), 'B');
        assert_eq!(Color::White.letter(), 'W');
        for bad in ["", "bl", "blackk", "3", "x", " b"] {
            assert!(Color::from_name(bad).is_err(), "{bad:?}");
        }
        assert_eq!(
            Color::from_name("red").unwrap_err().to_string(),
            r#"unknown colour "red": expected black, white, b or w"#
        );
    }
}
