//! Resource limits: the move-task stream runs in flat memory, and the SGF parser's node and
//! depth limits answer with a clear error. (The 200,000-move line, 100,000 nested variations
//! and the 50 MB file are in `crates/tengen/tests/core/sgf_big.rs`.)

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use tengen::sgf::{parse, Mode, SgfErrorKind, MAX_DEPTH, MAX_NODES};

/// One move-task problem on an `n`x`n` board from a simple generator, and its size.
fn problem(seed: &mut u64, out: &mut Vec<u8>) -> usize {
    *seed = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let n = [19usize, 9, 52, 13][(*seed >> 60) as usize % 4];
    out.extend_from_slice(format!("{n}\n").as_bytes());
    for y in 0..n {
        for x in 0..n {
            // sparse stones on a checkerboard: every stone keeps liberties
            let s = seed.rotate_left((x * 7 + y * 13) as u32 % 64);
            let d = if (x + y) % 2 == 0 && s.is_multiple_of(5) {
                b'1' + (s >> 8) as u8 % 2
            } else {
                b'0'
            };
            out.push(d);
        }
        out.push(b'\n');
    }
    out.extend_from_slice(
        format!(
            "{} {} {}\n",
            *seed as usize % n,
            (*seed >> 20) as usize % n,
            1 + (*seed >> 40) % 2
        )
        .as_bytes(),
    );
    n
}

fn vm_hwm_kb(pid: u32) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("read /proc status");
    s.lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc status")
}

#[test]
fn move_stream_runs_in_flat_memory() {
    if !std::path::Path::new("/proc/self/status").exists() {
        common::not_run("no /proc: no memory check");
        return;
    }
    let (warm, more) = if cfg!(debug_assertions) {
        (2 << 20, 16 << 20)
    } else {
        (4 << 20, 128 << 20)
    };
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("move")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start tengen move");
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut seed = 7u64;
    let mut hwm = Vec::new();
    let mut line = String::new();
    for bytes in [warm, more] {
        // generate the chunk, then feed it while reading the answers on this thread
        let mut chunk = Vec::with_capacity(bytes + 20_000);
        let mut sizes = Vec::new();
        while chunk.len() < bytes {
            sizes.push(problem(&mut seed, &mut chunk));
        }
        let mut w = stdin;
        let writer = std::thread::spawn(move || {
            w.write_all(&chunk).unwrap();
            w.flush().unwrap();
            w
        });
        let (mut legal, mut illegal) = (0, 0);
        for &n in &sizes {
            line.clear();
            out.read_line(&mut line).unwrap();
            match line.as_str() {
                "1\n" => {
                    legal += 1;
                    for _ in 0..n {
                        line.clear();
                        out.read_line(&mut line).unwrap();
                        assert_eq!(line.len(), n + 1, "board row");
                    }
                }
                "0\n" => illegal += 1,
                other => panic!("unexpected answer {other:?}"),
            }
        }
        assert!(legal > 0 && illegal > 0, "{legal} legal, {illegal} illegal");
        stdin = writer.join().unwrap();
        hwm.push(vm_hwm_kb(pid));
        eprintln!(
            "after {} problems ({} MiB): peak RSS {} kB",
            sizes.len(),
            bytes >> 20,
            hwm.last().unwrap()
        );
    }
    drop(stdin);
    let status = child.wait().unwrap();
    assert!(status.success());
    // the second chunk is many times the first: memory must not follow it
    assert!(
        hwm[1] <= hwm[0] + 2048,
        "peak RSS grew from {} kB to {} kB",
        hwm[0],
        hwm[1]
    );
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the 10,000,001-node file is parsed in optimised builds only"
)]
fn sgf_node_limit_is_a_clear_error() {
    let mut s = b"(".to_vec();
    s.resize(1 + MAX_NODES + 1, b';');
    s.push(b')');
    for mode in [Mode::Strict, Mode::Lenient] {
        let e = parse(&s, mode).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::TooManyNodes);
        assert_eq!((e.line, e.column), (1, MAX_NODES + 2));
        assert!(e.to_string().contains("more than 10000000 nodes"), "{e}");
    }
    // exactly at the limit is fine
    s.truncate(1 + MAX_NODES);
    s.push(b')');
    assert_eq!(parse(&s, Mode::Strict).unwrap().collection.len(), MAX_NODES);
}

#[test]
fn sgf_depth_limit_is_a_clear_error() {
    let mut s = Vec::new();
    for _ in 0..=MAX_DEPTH {
        s.extend_from_slice(b"(;");
    }
    for mode in [Mode::Strict, Mode::Lenient] {
        let e = parse(&s, mode).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::TooDeep, "{e}");
        assert_eq!((e.line, e.column), (1, 2 * MAX_DEPTH + 1));
        assert!(
            e.to_string().contains("nested more than 1000000 deep"),
            "{e}"
        );
    }
}
