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

    /// Lower-case English name: `"black"` or `"white"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for a colour name that is none of `b`, `black`, `w`, `white` (any case).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown colour {0:?}: expected black, white, b or w")]
pub struct ParseColorError(pub String);

impl FromStr for Color {
    type Err = ParseColorError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "b" | "black" | "1" => Ok(Color::Black),
            "w" | "white" | "2" => Ok(Color::White),
            _ => Err(ParseColorError(s.to_string())),
        }
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
    }
}
