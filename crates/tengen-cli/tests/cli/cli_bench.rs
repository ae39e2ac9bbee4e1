//! `tengen bench`: each benchmark runs real work and reports it in the documented fields.
use crate::common;

use std::process::Command;

fn bench(args: &[&str]) -> serde_json::Value {
    let out = Command::new(common::tengen_bin())
        .arg("bench")
        .args(args)
        .arg("--json")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn playouts_report_their_statistics() {
    let v = bench(&[
        "playouts",
        "--size",
        "9",
        "--count",
        "2000",
        "--threads",
        "2",
    ]);
    assert_eq!(v["playouts"], 2000);
    let mean = v["mean_moves"].as_f64().unwrap();
    assert!((100.0..122.0).contains(&mean), "{mean}");
    let b = v["black_wins"].as_f64().unwrap();
    assert!((0.3..0.55).contains(&b), "{b}");
    assert!(v["pps"].as_f64().unwrap() > 0.0 && v["ns_per_move"].as_f64().unwrap() > 0.0);
    assert_eq!(v["rounds"], 5);
    cpu_beside_wall(&v, "cpu_ns_per_move");
}

/// On Unix the report has CPU time, positive and (summed over the threads) no more than the
/// wall time of all threads; the per-unit CPU field is positive too.
fn cpu_beside_wall(v: &serde_json::Value, per_unit: &str) {
    if cfg!(unix) {
        let cpu = v["cpu_seconds"].as_f64().unwrap();
        let wall = v["seconds"].as_f64().unwrap();
        let threads = v["threads"].as_f64().unwrap_or(1.0);
        assert!(cpu > 0.0 && cpu <= wall * threads * 1.05 + 0.01, "{v}");
        assert!(v[per_unit].as_f64().unwrap() > 0.0, "{v}");
    } else {
        assert!(v["cpu_seconds"].is_null());
    }
}

#[test]
fn search_runs_its_playouts() {
    let v = bench(&[
        "search",
        "--size",
        "7",
        "--playouts",
        "300",
        "--rounds",
        "2",
    ]);
    assert_eq!(v["playouts"], 300);
    assert_eq!(v["size"], 7);
    assert!(v["pps"].as_f64().unwrap() > 0.0 && v["seconds"].as_f64().unwrap() > 0.0);
    cpu_beside_wall(&v, "cpu_pps");
}

#[test]
fn territory_counts_real_boards() {
    let v = bench(&["territory", "--size", "9", "--count", "20", "--rounds", "3"]);
    assert_eq!(v["boards"], 20);
    // playout finals are nearly all territory: every board has some for both sides
    assert!(v["black_points"].as_u64().unwrap() > 20);
    assert!(v["white_points"].as_u64().unwrap() > 20);
    cpu_beside_wall(&v, "cpu_us_per_board");
}

#[test]
fn replay_counts_moves() {
    let dir = std::env::temp_dir().join(format!("tengen-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("a.sgf"), "(;SZ[9];B[ee];W[cc];B[];W[])").unwrap();
    std::fs::write(dir.join("b.sgf"), "(;SZ[9];B[aa])").unwrap();
    let v = bench(&["replay", dir.to_str().unwrap(), "--rounds", "2"]);
    assert_eq!(v["games"], 2);
    assert_eq!(v["moves"], 5);
    assert_eq!(v["threads"], 1);
    cpu_beside_wall(&v, "cpu_ns_per_move");
    // the same moves on two worker threads
    let v = bench(&["replay", dir.to_str().unwrap(), "--threads", "2"]);
    assert_eq!(v["moves"], 5);
    assert_eq!(v["threads"], 2);
    let out = Command::new(common::tengen_bin())
        .args(["bench", "replay", dir.to_str().unwrap(), "--threads", "0"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--threads must be at least 1"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_exit_2() {
    for args in [
        &["playouts", "--size", "0"][..],
        &["playouts", "--threads", "0"],
        &["territory", "--size", "53"],
        &["replay", "/nonexistent/dir"],
    ] {
        let out = Command::new(common::tengen_bin())
            .arg("bench")
            .args(args)
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty());
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}
