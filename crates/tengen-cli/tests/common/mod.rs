//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod gnugo;
pub mod naive;
pub mod referee;
pub mod shared;

#[allow(unused_imports)]
pub use shared::{not_run, required, shared_data};

use std::path::PathBuf;

/// Run `tengen ARGS` with `input` on stdin: (stdout, stderr, exit code, -1 for a signal).
pub fn run_tengen(args: &[&str], input: impl AsRef<[u8]>) -> (String, String, i32) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(tengen_bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen");
    // Write from a thread so a large input cannot deadlock against a full stdout pipe; the
    // command may exit before reading (a usage error): a broken pipe is no failure.
    let mut stdin = child.stdin.take().expect("stdin");
    let input = input.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().expect("wait for tengen");
    let _ = writer.join();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

/// The `tengen` binary built for this test run.
pub fn tengen_bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_tengen"))
}
