//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod gnugo;
pub mod referee;

use std::path::PathBuf;

/// Whether an environment flag (set by `.ci/run`) makes an optional external requirement
/// mandatory.
pub fn required(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0")
}

/// `../shared/data/<rel>` next to the repository, if present. When it is absent the test says
/// so on stderr and gets `None`, unless `TENGEN_REQUIRE_SHARED` is set, in which case it fails.
pub fn shared_data(rel: &str) -> Option<PathBuf> {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data")
        .join(rel);
    if p.exists() {
        Some(p)
    } else if required("TENGEN_REQUIRE_SHARED") {
        panic!(
            "{} is missing and TENGEN_REQUIRE_SHARED is set",
            p.display()
        );
    } else {
        eprintln!(
            "NOTE: {} is absent (a fresh clone has no ../shared); this test did not run",
            p.display()
        );
        None
    }
}

/// The `tengen` binary built for this test run.
pub fn tengen_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tengen"))
}
