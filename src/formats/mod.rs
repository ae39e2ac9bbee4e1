//! Text formats for positions and problems.
//!
//! - [`digits`]: the move task's size / digit rows / `col row color` format.

pub mod digits;
pub mod text;
