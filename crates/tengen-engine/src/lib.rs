//! # tengen-engine — the protocol servers of tengen
//!
//! The parts of tengen that speak to other programs, on the core library's public API:
//! - [`gtp`]: a GTP v2 engine (referee, analysis commands, a Monte Carlo player over the
//!   core's move search, `tengen::mcts`);
//! - [`analysis`]: KataGo's JSON analysis protocol, answered by the rules engine and the judge.
//!
//! A crate of its own rather than a feature of `tengen`: it needs only the core's public API,
//! and the crate boundary keeps that true; a library user who wants the rules never compiles
//! a protocol server. The `tengen` binary (`tengen-cli`) serves both (`tengen gtp`,
//! `tengen analysis`).
//!
//! ```
//! use tengen_engine::gtp::{Engine, EngineConfig};
//!
//! let mut engine = Engine::new(EngineConfig::default());
//! assert_eq!(engine.handle_line("boardsize 9").as_deref(), Some("=\n\n"));
//! assert_eq!(engine.handle_line("play b e5").as_deref(), Some("=\n\n"));
//! assert!(engine.handle_line("play w e5").unwrap().starts_with("? "));
//! ```
#![deny(missing_docs)]
#![deny(unsafe_code)]

pub mod analysis;
pub mod gtp;
