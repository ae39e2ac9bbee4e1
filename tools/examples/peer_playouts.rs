//! Side-by-side playout speed: tengen and the `goban` crate run the same light-playout policy
//! (uniform over empty points that are legal under simple ko, suicide forbidden, not a one-point
//! eye of the mover; two passes or 3·N² moves; area score, komi 7.5), interleaved round by
//! round in one process, so the ratio is measured under the same machine conditions.
//!
//! `cargo run --release -p tengen-tools --example peer_playouts -- SIZE TENGEN_COUNT GOBAN_COUNT ROUNDS`
//!
//! goban's own allocation pattern (a board copy per move) makes glibc malloc slow unless
//! `MALLOC_MMAP_THRESHOLD_=1000000000 MALLOC_TRIM_THRESHOLD_=1000000000` is set; set them to
//! give goban its best figure.

use std::time::Instant;

use goban::pieces::stones::Color as GColor;
use goban::rules::game::Game;
use goban::rules::{GobanSizes, IllegalRules, Move, CHINESE};
use tengen::playout::{run_empty, Rng};
use tengen::{Board, Komi};

fn goban_eye(g: &Game, (x, y): (u8, u8), turn: GColor, n: i32) -> bool {
    let gb = g.goban();
    for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
        let (a, b) = (x as i32 + dx, y as i32 + dy);
        if a >= 0 && b >= 0 && a < n && b < n && gb.get_color((a as u8, b as u8)) != Some(turn) {
            return false;
        }
    }
    let mut bad = 0;
    let mut edge = 0;
    for (dx, dy) in [(-1, -1), (1, -1), (-1, 1), (1, 1)] {
        let (a, b) = (x as i32 + dx, y as i32 + dy);
        if a < 0 || b < 0 || a >= n || b >= n {
            edge = 1;
        } else if gb.get_color((a as u8, b as u8)) == Some(!turn) {
            bad += 1;
        }
    }
    bad + edge < 2
}

/// One goban playout: (moves, black won).
pub fn goban_playout(size: usize, rng: &mut Rng, cands: &mut Vec<(u8, u8)>) -> (u64, bool) {
    let mut g = Game::new(GobanSizes::Custom(size, size), CHINESE);
    let n = size as i32;
    let max = 3 * size * size;
    let (mut moves, mut passes) = (0, 0);
    let rules = IllegalRules::KO | IllegalRules::SUICIDE;
    while moves < max && passes < 2 {
        cands.clear();
        cands.extend(g.pseudo_legals());
        let turn = g.turn();
        let mut k = cands.len();
        let mut chosen = None;
        while k > 0 {
            let i = rng.below(k);
            let c = cands[i];
            if !goban_eye(&g, c, turn, n) && g.check_point_by(c, rules).is_none() {
                chosen = Some(c);
                break;
            }
            k -= 1;
            cands.swap(i, k);
        }
        match chosen {
            Some((x, y)) => {
                g.play(Move::Play(x, y));
                passes = 0;
            }
            None => {
                g.play(Move::Pass);
                passes += 1;
            }
        }
        moves += 1;
    }
    let (b, w) = g.calculate_score();
    (moves as u64, b > w)
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| {
            a.parse()
                .expect("numbers: SIZE TENGEN_COUNT GOBAN_COUNT ROUNDS")
        })
        .collect();
    let (size, tc, gc, rounds) = match args[..] {
        [s, t, g, r] => (s as usize, t, g, r),
        _ => (9, 20_000, 2_000, 5),
    };
    let board = Board::square(size).expect("size 1..=52");
    let komi = Komi::from_half_points(15);
    let (mut tp, mut gp) = (Vec::new(), Vec::new());
    let (mut tmoves, mut gmoves, mut twins, mut gwins, mut tn, mut gn) = (0, 0, 0, 0, 0, 0);
    let mut cands = Vec::new();
    for r in 0..rounds {
        let t0 = Instant::now();
        let st = run_empty(&board, tc, komi, 1000 + r);
        tp.push(tc as f64 / t0.elapsed().as_secs_f64());
        tmoves += st.moves;
        twins += st.black_wins;
        tn += st.playouts;
        let mut rng = Rng::new(2000 + r);
        let t0 = Instant::now();
        for _ in 0..gc {
            let (m, bw) = goban_playout(size, &mut rng, &mut cands);
            gmoves += m;
            gwins += bw as u64;
        }
        gp.push(gc as f64 / t0.elapsed().as_secs_f64());
        gn += gc;
    }
    let (t, g) = (median(&mut tp), median(&mut gp));
    println!(
        "{size}x{size}, {rounds} interleaved rounds, median playouts/s: tengen {t:.0} ({:.1} ns/move, {:.2} moves, Black {:.1}%), goban {g:.0} ({:.1} ns/move, {:.2} moves, Black {:.1}%), ratio {:.1}x",
        1e9 / (t * tmoves as f64 / tn as f64),
        tmoves as f64 / tn as f64,
        100.0 * twins as f64 / tn as f64,
        1e9 / (g * gmoves as f64 / gn as f64),
        gmoves as f64 / gn as f64,
        100.0 * gwins as f64 / gn as f64,
        t / g
    );
}
