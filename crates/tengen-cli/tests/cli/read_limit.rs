//! The one SGF read limit (issue 27, items 5-6): every front reads SGF input through
//! `tengen::sgf::read_file_into`, which refuses more than [`MAX_FILE_BYTES`] = 256 MiB after
//! reading one byte past it, whatever the input is: a file, a pipe or a device.
//!
//! The limit is checked at both edges here: on the library's reader with a small limit (a
//! file and a pipe of exactly the limit and one byte more), and with the real 256 MiB on
//! sparse files for `tengen replay`; every front refuses `/dev/zero` (an endless device) and
//! reads a pipe (`<(cat g.sgf)`) as a file.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::Command;

use common::{run_tengen, tengen_bin};
use tengen::sgf::{read_file_limited_into, ReadError, MAX_FILE_BYTES};

/// The documented limit: 256 MiB.
const LIMIT: u64 = 256 << 20;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tengen-readlimit-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

const GAME: &[u8] = b"(;GM[1]SZ[9]RE[B+R];B[ee];W[ce])";

#[test]
fn the_limit_is_256_mib() {
    assert_eq!(MAX_FILE_BYTES, LIMIT);
}

#[test]
fn the_reader_at_both_edges() {
    let d = scratch("edges");
    let mut buf = Vec::new();
    let limit = 1000;
    let at = d.join("at.sgf");
    std::fs::write(&at, vec![b' '; limit]).unwrap();
    read_file_limited_into(&at, limit as u64, &mut buf).unwrap();
    assert_eq!(buf.len(), limit);
    let over = d.join("over.sgf");
    std::fs::write(&over, vec![b' '; limit + 1]).unwrap();
    let e = read_file_limited_into(&over, limit as u64, &mut buf).unwrap_err();
    assert!(matches!(e, ReadError::TooLarge { limit: 1000 }), "{e}");
    // a device has no length: read as far as the limit and one byte, then refused
    let e = read_file_limited_into(Path::new("/dev/zero"), limit as u64, &mut buf).unwrap_err();
    assert!(matches!(e, ReadError::TooLarge { .. }), "{e}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A sparse file of `len` bytes that starts with a game (the rest reads as NUL bytes).
fn sparse_game(path: &Path, len: u64) {
    let f = std::fs::File::create(path).unwrap();
    std::io::Write::write_all(&mut &f, GAME).unwrap();
    f.set_len(len).unwrap();
}

#[test]
fn replay_at_both_edges_of_the_real_limit() {
    let d = scratch("real");
    let at = d.join("at.sgf");
    let over = d.join("over.sgf");
    sparse_game(&at, LIMIT);
    sparse_game(&over, LIMIT + 1);
    let (out, err, _) = run_tengen(&["replay", "--json", "-q", s(&at), s(&over)], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}{err}");
    assert!(lines[0].contains("\"moves\":2"), "{}", lines[0]);
    assert!(!lines[0].contains("SGF limit"), "{}", lines[0]);
    assert!(
        lines[1].contains("longer than the SGF limit of 268435456 bytes; refused"),
        "{}",
        lines[1]
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn every_front_refuses_an_endless_device() {
    let d = scratch("zero");
    // a name ending in .sgf, for the commands that pick files by extension
    let z = d.join("zero.sgf");
    std::os::unix::fs::symlink("/dev/zero", &z).unwrap();
    let zs = s(&z);
    let svg = d.join("x.svg");
    // `bench` takes regular files only: a sparse one past the limit
    let big = d.join("big.sgf");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len(LIMIT + 1).unwrap();
    let bigs = s(&big);
    let cases: Vec<(Vec<&str>, String)> = vec![
        (vec!["replay", zs], String::new()),
        (vec!["sgf", zs], String::new()),
        (vec!["score", zs], String::new()),
        (vec!["render", zs, "-o", s(&svg)], String::new()),
        (
            vec!["bench", "replay", bigs, "--rounds", "1"],
            String::new(),
        ),
        (vec!["gtp"], format!("loadsgf {zs}\n")),
    ];
    for (args, stdin) in cases {
        let (out, err, code) = run_tengen(&args, stdin);
        let said = format!("{out}{err}");
        assert!(
            said.contains("longer than the SGF limit of 268435456 bytes"),
            "{args:?}: exit {code}: {said}"
        );
        assert!(!said.contains("panicked"), "{args:?}: {said}");
    }
    // render from stdin: the same limit
    let mut child = Command::new(tengen_bin())
        .args(["render", "-o", s(&svg)])
        .stdin(std::fs::File::open("/dev/zero").unwrap())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let err = {
        let mut e = String::new();
        std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut e).unwrap();
        e
    };
    assert_eq!(child.wait().unwrap().code(), Some(2), "{err}");
    assert!(err.contains("stdin: longer than the SGF limit"), "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_pipe_is_read_as_a_file() {
    if Command::new("bash").arg("-c").arg("true").status().is_err() {
        common::not_run("no bash: no process-substitution check");
        return;
    }
    let d = scratch("pipe");
    let g = d.join("g.sgf");
    std::fs::write(&g, GAME).unwrap();
    let bin = tengen_bin();
    for cmd in [
        "replay --json -q <(cat G)",
        "sgf <(cat G)",
        "score <(cat G)",
        "render <(cat G) -o G.svg",
        // GTP reads the pipe the shell opened as its descriptor 3
        "gtp 3< <(cat G) <<< $'loadsgf /dev/fd/3\\nshowboard'",
    ] {
        let line = format!("{} {}", bin.display(), cmd.replace('G', s(&g)));
        let out = Command::new("bash").arg("-c").arg(&line).output().unwrap();
        let (o, e) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(0), "{cmd}: {o}{e}");
        assert!(
            !o.contains("no game tree") && !e.contains("no game tree"),
            "{cmd}: {o}{e}"
        );
        assert!(
            !o.contains("? ") && !o.contains("unreadable"),
            "{cmd}: {o}{e}"
        );
    }
    let out = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "{} replay --json -q <(cat {})",
            bin.display(),
            s(&g)
        ))
        .output()
        .unwrap();
    let o = String::from_utf8_lossy(&out.stdout);
    assert!(
        o.contains("\"ok\":true") && o.contains("\"moves\":2"),
        "{o}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}
