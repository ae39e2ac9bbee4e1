//! Text formats for positions and problems.
//!
//! - [`digits`]: the move task's size / digit rows / `col row color` format.

pub mod digits;
pub mod text;

use std::fmt;

/// An input error of a text format at a line and column (both from 1) of the input, printed
/// `line 2, column 5: ` and then what is wrong (`kind`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Located<K> {
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1, where it applies.
    pub column: Option<usize>,
    /// What is wrong.
    pub kind: K,
}

impl<K: fmt::Display> fmt::Display for Located<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line)?;
        if let Some(c) = self.column {
            write!(f, ", column {c}")?;
        }
        write!(f, ": {}", self.kind)
    }
}

impl<K: fmt::Display + fmt::Debug> std::error::Error for Located<K> {}
