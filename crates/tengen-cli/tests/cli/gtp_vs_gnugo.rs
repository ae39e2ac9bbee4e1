//! Full games of `tengen gtp` against GNU Go (level 0) through a referee that checks every
//! move of both sides with tengen's library: no protocol error, every move legal, the game ends
//! by two passes, and tengen's strict `final_score` (`--strict-score`: only the stones the
//! pass-alive analysis proves dead are removed) equals an independent recount of the referee's
//! final position by the scoring module (captures, komi and certainly-dead stones included).
use crate::common;

use common::gnugo::GnuGo;
use tengen::score::{score, ScoreOptions};
use tengen::{Color, Rules};

fn game(size: usize, tengen_color: Color, playouts: &str) {
    let Some(mut gnugo) = GnuGo::start(&["--level", "0", "--chinese-rules"]) else {
        return;
    };
    let mut tengen = GnuGo::spawn(
        &common::tengen_bin(),
        &[
            "gtp",
            "--playouts",
            playouts,
            "--seed",
            "3",
            "--rules",
            "chinese",
            "--strict-score",
            // the referee plays every game to two passes
            "--no-resign",
        ],
    );
    let o = common::referee::play(&mut tengen, &mut gnugo, size, tengen_color);
    let g = &o.game;
    let mut opts = ScoreOptions::new(Rules::from_name("chinese").unwrap());
    opts.captures = [g.captures(Color::Black), g.captures(Color::White)];
    opts.pass_alive = true;
    let recount = score(g.board(), &opts).unwrap().result.to_string();
    eprintln!(
        "{size}x{size}: tengen {tengen_color}, {} moves in {:.1} s, tengen {} / GNU Go {} (GNU Go dead: {:?})",
        o.moves, o.seconds, o.tengen_score, o.gnugo_score, o.gnugo_dead
    );
    assert_eq!(o.tengen_score, recount);
    assert!(g.is_over());
    g.board().check_consistency().unwrap();
}

#[test]
fn nine_by_nine() {
    game(9, Color::Black, "400");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the 13x13 game runs in optimised builds only"
)]
fn thirteen_by_thirteen() {
    game(13, Color::White, "300");
}

#[test]
#[cfg_attr(
    debug_assertions,
    ignore = "the 19x19 game runs in optimised builds only"
)]
fn nineteen_by_nineteen() {
    game(19, Color::Black, "150");
}
