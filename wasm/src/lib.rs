//! tengen compiled to WebAssembly: the low-level bindings under the npm package's hand-written
//! ES module (`wasm/js/index.js`), which gives them their public JavaScript shape.
//!
//! Every rule decision is made by the `tengen` library: these functions only convert
//! arguments (checking them first, so bad input is a JavaScript exception with a clear message
//! and never a trap) and serialise answers. Structured answers cross the boundary as JSON text,
//! which the module parses: smaller than a serde bridge, and the library's own `Serialize`
//! implementations define the shapes.
#![deny(missing_docs)]

mod board;
mod convert;
mod game;
mod judge;
mod read;
mod replay;
mod sgf;
mod tasks;

pub use board::WBoard;
pub use game::WGame;
pub use replay::{replay_summary_json, WReplay};
pub use sgf::parse_sgf_json;
pub use tasks::{move_task, presets_json, rules_json};
