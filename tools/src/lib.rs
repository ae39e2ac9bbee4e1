//! Evaluation harnesses and peer comparisons for tengen (unpublished). The examples are the
//! programs (each one's doc comment says how to run it). The judge's own figures on the data
//! sets are `tengen bench judge`, a command of the CLI.
#![deny(missing_docs)]
