//! The library's integration tests, one module per subject, built as one test binary so that
//! libtest runs them on every core at once (`cargo test` runs separate test binaries one after
//! another, and the slowest subjects here are long single tests). Run one subject with
//! `cargo test -p tengen --test core read::`.
//!
//! `alloc_free.rs` and `replay_memory.rs` stay binaries of their own: each counts the
//! allocations of the whole process with its own global allocator.

mod board_soundness;
mod fuzz_regressions;
mod judge;
mod oracle_positions;
mod playout_stats;
mod read;
mod sgf_big;
mod sgf_props;
