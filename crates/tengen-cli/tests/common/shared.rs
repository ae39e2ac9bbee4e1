//! Where the shared data is (`../shared/data` beside the repository) and whether CI makes the
//! optional requirements mandatory.

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
        not_run(&format!(
            "{} is absent (a fresh clone has no ../shared)",
            p.display()
        ));
        None
    }
}

/// Say that the running test did not run, and why, past the test harness's output capture: a
/// test that returns early still counts as passed in `cargo test`'s summary, so this line,
/// `NOT RUN: <test>: <why>`, is printed beside it whether or not `--nocapture` is given.
/// (`.ci/run` sets the `TENGEN_REQUIRE_*` flags, which turn these cases into failures.)
pub fn not_run(why: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    // std::io::stderr() directly: libtest captures only the print macros
    let _ = writeln!(std::io::stderr(), "NOT RUN: {test}: {why}");
}
