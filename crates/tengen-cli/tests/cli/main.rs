//! The CLI's integration tests, one module per subject, built as one test binary.
//!
//! One binary rather than one per file: libtest runs the tests of one binary on every core at
//! once, where `cargo test` runs separate binaries one after another, and the slowest files are
//! each one long test on one core (the million-line GTP session, the million-query analysis
//! stream, the refereed games against GNU Go); and the test build links one executable instead
//! of ~30. Run one subject with `cargo test -p tengen-cli --test cli gtp_abuse::`.
//!
//! The helpers shared with the tools' examples stay in `tests/common/`.

#[path = "../common/mod.rs"]
mod common;

mod analysis;
mod analysis_stop;
mod bench_judge;
mod cli_bench;
mod cli_conventions;
mod cli_errors;
mod cli_move;
mod data_safety;
mod gnugo_games;
mod gnugo_move;
mod gnugo_score;
mod gnugo_smoke;
mod gtp_abuse;
mod gtp_analyze;
mod gtp_golden;
mod gtp_sabaki;
mod gtp_vs_gnugo;
mod judge_cli;
mod licenses;
mod limits;
mod prop_game;
mod read_gnugo;
mod read_limit;
mod render;
mod replay_cli;
mod replay_fox;
mod score;
mod score_pass_alive;
mod sgf_clean;
mod sgf_fixtures;
mod solve;
mod territory;
