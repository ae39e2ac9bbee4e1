//! A real GTP client: `tests/sabaki/client.mjs` drives `tengen gtp` with @sabaki/gtp, the
//! library the Sabaki GUI uses (its Controller and the ControllerStateTracker that syncs
//! komi, board size and history by undo/replay), including Sabaki's live analysis: the
//! `kata-analyze` and `lz-analyze` streams reach the command's subscriber line by line, read
//! the way Sabaki reads them, and stop at the next command. Needs node and
//! `npm ci --prefix crates/tengen-cli/tests/sabaki`; without them it says so and does not run, unless
//! TENGEN_REQUIRE_NODE is set (as .ci/run does), which makes it fail.
use crate::common;

use std::path::Path;
use std::process::Command;

#[test]
fn sabaki_gtp_controller_drives_tengen() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sabaki");
    let installed = dir.join("node_modules/@sabaki/gtp/package.json").exists();
    let node = Command::new("node").arg("--version").output().is_ok();
    if !(installed && node) {
        if common::required("TENGEN_REQUIRE_NODE") {
            panic!("node or crates/tengen-cli/tests/sabaki/node_modules missing and TENGEN_REQUIRE_NODE is set");
        }
        common::not_run(
            "node or @sabaki/gtp is not installed (npm ci --prefix crates/tengen-cli/tests/sabaki)",
        );
        return;
    }
    let out = Command::new("node")
        .arg(dir.join("client.mjs"))
        .arg(common::tengen_bin())
        .output()
        .expect("run node");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "client failed:\n{stdout}\n{stderr}");
    assert!(stdout.contains("commands answered as expected"), "{stdout}");
}
