//! # tengen — an exact, fast Go rules engine
//!
//! tengen answers rules questions about Go (baduk, weiqi) positions exactly: which moves are
//! legal and why not, what a move captures, ko and superko under the common rule sets, and the
//! state of a game with its history and undo.
//!
//! ```
//! use tengen::{Board, Color, Point, Reason, Rules};
//!
//! // The second example of the original task: white captures three black stones.
//! let mut board = Board::square(2).unwrap();
//! let rules = Rules::default(); // suicide illegal, no ko history
//! board.edit([
//!     (Point::new(0, 0), Some(Color::Black)),
//!     (Point::new(0, 1), Some(Color::Black)),
//!     (Point::new(1, 1), Some(Color::Black)),
//! ]);
//! let played = board.play(Point::new(1, 0), Color::White, &rules).unwrap();
//! assert_eq!(played.captured, 3);
//!
//! // White adds a stone at (0,1). Black at (0,0) would then have no liberty and capture
//! // nothing (each white stone keeps the liberty (1,1)): suicide, illegal under these rules.
//! board.play(Point::new(0, 1), Color::White, &rules).unwrap();
//! let err = board.play(Point::new(0, 0), Color::Black, &rules).unwrap_err();
//! assert_eq!(err.reason, Reason::Suicide);
//! assert_eq!(board.get(Point::new(0, 0)), None); // a refused move changes nothing
//! let err = board.check(Point::new(1, 0), Color::Black, &rules).unwrap_err();
//! assert_eq!(err.reason, Reason::Occupied);
//! ```
//!
//! A whole game, with superko and undo:
//!
//! ```
//! use tengen::{Color, Game, Move, Point, Rules, Size};
//!
//! let rules = Rules::from_name("tromp-taylor").unwrap();
//! let mut game = Game::new(Size::new(9, 7).unwrap(), rules);
//! game.play(Move::Play(Point::new(3, 3))).unwrap();
//! game.play(Move::Pass).unwrap();
//! assert_eq!(game.to_move(), Color::Black);
//! assert_eq!(game.undo().map(|m| m.mv), Some(Move::Pass));
//! assert!(Rules::from_name("klingon").is_err());
//! ```
//!
//! # Modules
//! - [`board`]: the core: stones, chains, liberties, captures, simple ko, the Zobrist hash;
//! - [`game`]: history, superko, passes, undo; [`rules`]: rule fields and presets;
//! - [`formats`]: the move task's digit rows, text and JSON boards; [`vertex`]: GTP vertex
//!   names and star points;
//! - [`sgf`]: SGF game records: parsing, writing, replay;
//! - [`territory`]: who owns each empty region; [`score`]: area and territory counting, komi,
//!   handicap bonus, seki and group tax; [`benson`]: pass-alive chains and certain territory;
//! - [`count`]: the end of a game in one vocabulary: a [`count::Position`] (board, rules,
//!   captures, handicap, player to move), its [`count::DeadStones`] (none, given, pass-alive or
//!   judged) and [`count::count`], whose [`count::Count`] every front prints;
//! - [`judge`]: the dead stones and seki of a finished game, estimated;
//! - [`playout`]: fast light playouts;
//! - [`read`]: exact, bounded tactical reading of one chain (attack, defend, ladders), with
//!   node budgets and proven or cut-off answers;
//! - `mcts` (feature `search`): the move search, UCT over the playouts;
//! - `render` (feature `render`): SVG diagrams.
//!
//! The GTP engine and KataGo's JSON analysis protocol are the crate `tengen-engine`; the
//! command-line tool is `tengen-cli`.
//!
//! # Features
//! None by default: the rules core depends only on `thiserror`, `serde`, `serde_json` and
//! `memchr`. `encodings` adds legacy SGF charsets through `encoding_rs`; `render` adds SVG
//! diagrams and `search` the move search (both written here, no dependency). The search is in
//! this crate, not in `tengen-engine`, because its playout loop works on the board's padded
//! indices, which stay private to this crate: their soundness rests on indices only the board
//! hands out.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// `unsafe` lives only in `board::cells` (unchecked array access) and `board::sets` (the AVX2
// set kernels and their CPU dispatch), each allowed there by name.
#![deny(unsafe_code)]
#![deny(unsafe_op_in_unsafe_fn)]

pub mod benson;
pub mod board;
mod color;
pub mod count;
mod decimal;
pub mod formats;
pub mod game;
pub mod judge;
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub mod mcts;
pub mod playout;
mod point;
pub mod read;
#[cfg(feature = "render")]
#[cfg_attr(docsrs, doc(cfg(feature = "render")))]
pub mod render;
pub mod rules;
pub mod score;
mod seki;
pub mod sgf;
pub mod territory;
pub mod vertex;
mod zobrist;

pub use board::{Board, Chain, IllegalMove, MoveAnalysis, Played, Reason};
pub use color::{Color, ParseColorError};
pub use game::Game;
pub use point::{ColoredMove, Move, Point, Size, SizeError, MAX_SIZE};
pub use rules::{HandicapBonus, KoRule, Komi, Preset, Rules, Scoring, Tax};
pub use zobrist::WHITE_TO_MOVE;
