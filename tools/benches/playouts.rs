//! Criterion benchmarks of light playouts (fixed seeds), tengen beside the `goban` crate running
//! the same policy (see `examples/peer_playouts.rs` for the interleaved ratio run). Each
//! benchmark only sanity-checks that the mean playout length is between 0.8 and 2 times the
//! number of points (so a broken loop does not time as fast); whether the playouts have the
//! published statistics of the v1 policy is checked by `crates/tengen/tests/core/playout_stats.rs`, not here.

use criterion::{criterion_group, criterion_main, Criterion};
use tengen::playout::{run_empty, Rng};
use tengen::{Board, Komi};

#[path = "../examples/peer_playouts.rs"]
#[allow(dead_code)]
mod peer;

fn playouts(c: &mut Criterion) {
    let komi = Komi::from_half_points(15);
    for size in [9usize, 19] {
        let board = Board::square(size).unwrap();
        let n = if size == 9 { 1000 } else { 100 };
        let mut g = c.benchmark_group(format!("playouts_{size}x{size}"));
        g.sample_size(10);
        g.bench_function(format!("tengen_{n}"), |b| {
            let mut seed = 0;
            b.iter(|| {
                seed += 1;
                let st = run_empty(&board, n, komi, seed);
                let mean = st.mean_moves();
                assert!(
                    mean > 0.8 * size as f64 * size as f64 && mean < 2.0 * (size * size) as f64
                );
                st
            })
        });
        let gn = n / 10;
        g.bench_function(format!("goban_{gn}"), |b| {
            let mut rng = Rng::new(1);
            let mut cands = Vec::new();
            b.iter(|| {
                let mut moves = 0;
                for _ in 0..gn {
                    moves += peer::goban_playout(size, &mut rng, &mut cands).0;
                }
                let mean = moves as f64 / gn as f64;
                assert!(mean > 0.8 * (size * size) as f64 && mean < 2.0 * (size * size) as f64);
                moves
            })
        });
        g.finish();
    }
}

criterion_group!(benches, playouts);
criterion_main!(benches);
