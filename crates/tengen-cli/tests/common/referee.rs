//! A small referee: two GTP engines play a game; tengen's library `Game` checks every move of
//! both sides, forwards it to the other engine, and stops at two passes in a row.

use std::time::Instant;

use tengen::vertex::Vertex;
use tengen::{Color, Game, Move, Rules, Size};

use super::gnugo::GnuGo;

/// How a refereed game ended.
#[derive(Debug)]
pub struct Outcome {
    /// Moves played, passes included.
    pub moves: usize,
    /// tengen's `final_score` answer.
    pub tengen_score: String,
    /// GNU Go's `final_score` answer.
    pub gnugo_score: String,
    /// GNU Go's dead stones at the end (its `final_status_list dead`).
    pub gnugo_dead: String,
    /// The winner by tengen's count (`None` for a draw).
    pub winner: Option<Color>,
    /// The final position as the referee holds it.
    pub game: Game,
    /// Seconds the game took.
    pub seconds: f64,
}

fn winner_of(score: &str) -> Option<Color> {
    match score.chars().next() {
        Some('B') => Some(Color::Black),
        Some('W') => Some(Color::White),
        _ => None,
    }
}

/// Play one game on a `size`×`size` board under Chinese rules with komi 7.5; `tengen_color`
/// is tengen's side. Panics on any protocol error, illegal move or a game that does not end.
pub fn play(tengen: &mut GnuGo, gnugo: &mut GnuGo, size: usize, tengen_color: Color) -> Outcome {
    let t0 = Instant::now();
    for e in [&mut *tengen, &mut *gnugo] {
        e.ok(&format!("boardsize {size}"));
        e.ok("clear_board");
        e.ok("komi 7.5");
    }
    let s = Size::square(size).unwrap();
    let mut referee = Game::new(s, Rules::from_name("chinese").unwrap());
    let mut color = Color::Black;
    let mut passes = 0;
    let limit = 4 * size * size;
    while passes < 2 {
        assert!(
            referee.move_count() < limit,
            "game did not end in {limit} moves"
        );
        let (mover, other) = if color == tengen_color {
            (&mut *tengen, &mut *gnugo)
        } else {
            (&mut *gnugo, &mut *tengen)
        };
        let answer = mover.ok(&format!("genmove {color}"));
        assert_ne!(answer.to_ascii_lowercase(), "resign", "{color} resigned");
        let v = Vertex::parse(&answer, s).unwrap_or_else(|e| panic!("{color}: {e}"));
        referee
            .play_as(color, v.mv)
            .unwrap_or_else(|e| panic!("{color} played an illegal move {answer}: {e}"));
        other.ok(&format!("play {color} {answer}"));
        passes = if v.mv == Move::Pass { passes + 1 } else { 0 };
        color = color.opponent();
    }
    let tengen_score = tengen.ok("final_score");
    let gnugo_score = gnugo.ok("final_score");
    let gnugo_dead = gnugo.ok("final_status_list dead");
    Outcome {
        moves: referee.move_count(),
        winner: winner_of(&tengen_score),
        tengen_score,
        gnugo_score,
        gnugo_dead,
        game: referee,
        seconds: t0.elapsed().as_secs_f64(),
    }
}
