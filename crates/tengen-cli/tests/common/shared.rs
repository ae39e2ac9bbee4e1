//! Where the shared data is (`../shared/data` beside the repository) and whether CI makes the
//! optional requirements mandatory; also used by `tools/tests` (through `#[path]`).

use std::path::PathBuf;

/// Whether an environment flag (set by `.ci/run`) makes an optional external requirement
/// mandatory.
pub fn required(var: &str) -> bool {
    std::env::var_os(var).is_some_and(|v| !v.is_empty() && v != "0")
}

/// `../shared/data/<rel>` next to the repository, if present. When it is absent the test says
/// so on stderr and gets `None`, unless `TENGEN_REQUIRE_SHARED` is set, in which case it fails.
pub fn shared_data(rel: &str) -> Option<PathBuf> {
    // beside the repository: the workspace root is the folder of Cargo.lock above the crate
    let here = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = here
        .ancestors()
        .find(|a| a.join("Cargo.lock").exists())
        .unwrap_or(&here);
    let p = root.join("../shared/data").join(rel);
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
