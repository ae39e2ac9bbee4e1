//! Light playout v1 must reproduce the published statistics of a correct implementation:
//! 111.0 moves per playout and 42.2% Black wins on 9x9 (100,000 playouts), 455.2 moves and
//! 46.3% on 19x19 (5,000 playouts). Checked within four standard errors of our own sample.

use tengen::playout::{Playout, Rng};
use tengen::{Board, Color, Komi};

fn check(size: usize, count: u64, want_moves: f64, want_black: f64, seed: u64) {
    let mut p = Playout::new(Board::square(size).unwrap(), Color::Black);
    let mut rng = Rng::new(seed);
    let komi = Komi::from_half_points(15);
    let (mut sum, mut sum2, mut black) = (0f64, 0f64, 0u64);
    for _ in 0..count {
        let r = p.run(&mut rng);
        let m = r.moves as f64;
        sum += m;
        sum2 += m * m;
        black += (r.winner(komi) == Some(Color::Black)) as u64;
    }
    let n = count as f64;
    let mean = sum / n;
    let sd = (sum2 / n - mean * mean).sqrt();
    let se_moves = sd / n.sqrt();
    let rate = black as f64 / n;
    let se_rate = (want_black * (1.0 - want_black) / n).sqrt();
    eprintln!(
        "{size}x{size}: {count} playouts, mean moves {mean:.2} (sd {sd:.1}, want {want_moves}), Black {:.2}% (want {:.1}%)",
        100.0 * rate,
        100.0 * want_black
    );
    // the published figures are rounded to 0.1 and 0.1%: allow that on top of 4 SE
    assert!(
        (mean - want_moves).abs() <= 4.0 * se_moves + 0.05,
        "mean moves {mean} vs {want_moves}"
    );
    assert!(
        (rate - want_black).abs() <= 4.0 * se_rate + 0.0005,
        "Black wins {rate} vs {want_black}"
    );
}

#[test]
fn nine_by_nine_statistics() {
    let count = if cfg!(debug_assertions) {
        20_000
    } else {
        100_000
    };
    check(9, count, 111.0, 0.422, 20261129);
}

#[test]
fn nineteen_by_nineteen_statistics() {
    let count = if cfg!(debug_assertions) { 1_000 } else { 5_000 };
    check(19, count, 455.2, 0.463, 20261130);
}
