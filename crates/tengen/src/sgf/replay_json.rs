//! The JSON of a [`Replay`]: the library's one serialised form of a replay's outcome (the
//! WebAssembly package's `replaySummary`; the CLI's `replay --json` lines convert it, adding
//! the file and the board).

use serde::ser::SerializeMap;
use serde::{Serialize, Serializer};

use super::replay::{IllegalAt, Replay};

struct Illegal<'a>(&'a IllegalAt);

impl Serialize for Illegal<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let e = self.0;
        let mut m = s.serialize_map(Some(6))?;
        m.serialize_entry("number", &e.number)?;
        m.serialize_entry("x", &e.point.x)?;
        m.serialize_entry("y", &e.point.y)?;
        m.serialize_entry("color", &e.color.sign())?;
        m.serialize_entry("reason", e.reason.name())?;
        m.serialize_entry("message", &e.to_string())?;
        m.end()
    }
}

/// `width`, `height`, `rules` (the preset's name or `custom`), `komi`, `moves`, `captures`
/// (`[black, white]`), `toMove` (+1 Black, −1 White), `result` (the record's `RE` or `null`),
/// `handicap`, `error` (`null`, or the illegal move: `number`, `x`, `y`, `color`, `reason`,
/// `message`) and `warnings` (their messages with line and column).
///
/// ```
/// use tengen::sgf::{ReplayOptions, Replayer};
/// let rep = Replayer::new()
///     .replay(b"(;SZ[9]KM[6.5]RE[W+R];B[ee];W[ee])", &ReplayOptions::default())
///     .unwrap();
/// let v = serde_json::to_value(&rep).unwrap();
/// assert_eq!(v["moves"], 1);
/// assert_eq!(v["error"]["reason"], "occupied");
/// assert_eq!(v["toMove"], -1);
/// assert_eq!(v["komi"], 6.5);
/// ```
impl Serialize for Replay {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(11))?;
        m.serialize_entry("width", &self.size.width())?;
        m.serialize_entry("height", &self.size.height())?;
        m.serialize_entry("rules", self.rules.preset().map_or("custom", |p| p.name()))?;
        m.serialize_entry("komi", &self.rules.komi.as_f64())?;
        m.serialize_entry("moves", &self.moves)?;
        m.serialize_entry("captures", &self.captures)?;
        m.serialize_entry("toMove", &self.to_move.sign())?;
        m.serialize_entry("result", &self.result)?;
        m.serialize_entry("handicap", &self.handicap)?;
        m.serialize_entry("error", &self.error.as_ref().map(Illegal))?;
        let warnings: Vec<String> = self.warnings.iter().map(|w| w.to_string()).collect();
        m.serialize_entry("warnings", &warnings)?;
        m.end()
    }
}
