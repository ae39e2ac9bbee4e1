//! tengen's win rate against GNU Go: `cargo run --release -p tengen-tools --example vs_gnugo -- GAMES SIZE
//! PLAYOUTS [LEVEL]`. Colours alternate; every move is checked by the referee of the tests;
//! the winner is taken from GNU Go's own `final_score` (it removes dead stones by reading,
//! which tengen's exact count does not).

#[allow(dead_code)]
#[path = "../../crates/tengen-cli/tests/common/gnugo.rs"]
mod gnugo;
#[allow(dead_code)]
#[path = "../../crates/tengen-cli/tests/common/referee.rs"]
mod referee;

// the tests' switches (TENGEN_REQUIRE_GNUGO) and "not run" note, read by the GTP client
#[allow(dead_code)]
#[path = "../../crates/tengen-cli/tests/common/shared.rs"]
mod shared;
use shared::{not_run, required};

use gnugo::GnuGo;
use tengen::Color;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let size: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(9);
    let playouts = args.get(2).cloned().unwrap_or_else(|| "3000".into());
    let level = args.get(3).cloned().unwrap_or_else(|| "0".into());
    let bin = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/release/tengen");
    let mut wins = 0;
    for i in 0..n {
        let Some(mut gnugo) = GnuGo::start(&["--level", &level, "--chinese-rules"]) else {
            eprintln!("GNU Go is not installed");
            std::process::exit(2);
        };
        let seed = (i + 1).to_string();
        let mut tengen = GnuGo::spawn(
            &bin,
            &[
                "gtp",
                "--playouts",
                &playouts,
                "--seed",
                &seed,
                "--no-resign",
            ],
        );
        let color = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        let o = referee::play(&mut tengen, &mut gnugo, size, color);
        let won = o
            .gnugo_score
            .starts_with(if color == Color::Black { 'B' } else { 'W' });
        wins += won as usize;
        println!(
            "game {:>2}: tengen {color}, {} moves, GNU Go count {}, tengen count {}, {}",
            i + 1,
            o.moves,
            o.gnugo_score,
            o.tengen_score,
            if won { "tengen wins" } else { "GNU Go wins" }
        );
    }
    println!(
        "tengen won {wins} of {n} games ({:.0}%) on {size}x{size} at {playouts} playouts per move against GNU Go level {level}",
        100.0 * wins as f64 / n as f64
    );
}
