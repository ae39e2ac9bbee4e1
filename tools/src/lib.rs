//! Evaluation harnesses and peer comparisons for tengen (unpublished). The examples are the
//! programs (each one's doc comment says how to run it); this library holds what they and the
//! tests share.
#![deny(missing_docs)]

pub mod judge_sets;
