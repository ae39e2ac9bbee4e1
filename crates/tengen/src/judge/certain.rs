//! Stage 1, **certain**: Benson's pass-alive analysis ([`crate::benson`]). A chain that is
//! pass-alive is alive, and a chain with a stone inside the opponent's pass-alive territory
//! is dead. No later stage overrules these.

use crate::benson::pass_alive;
use crate::Board;

use super::table::Table;
use super::{Reason, Stage, Status};

/// Decide the chains of `t` that the pass-alive analysis of `board` settles
/// (`multi_stone_suicide`: whether the rules allow it, which the analysis needs).
pub(super) fn run(t: &mut Table, board: &Board, multi_stone_suicide: bool) {
    let pa = pass_alive(board, multi_stone_suicide);
    for c in &mut t.chains {
        let digit = c.color.digit();
        // as the stones are scanned, the last stone that settles the chain decides
        let mut decided = None;
        for &p in &c.stones {
            if pa.is_pass_alive(p) {
                decided = Some(true);
            } else if pa.territory(p).is_some_and(|o| o.digit() != digit) {
                decided = Some(false);
            }
        }
        match decided {
            Some(true) => c.decide(Status::Alive, Stage::Certain, Reason::PassAlive, 1.0),
            Some(false) => c.decide(
                Status::Dead,
                Stage::Certain,
                Reason::InPassAliveTerritory,
                1.0,
            ),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    #[test]
    fn a_group_with_two_eyes_is_pass_alive_and_a_stone_in_its_territory_dead() {
        // Black's wall with two eyes, (0,0) and (2,0), and a third area (4,0)-(5,0) where
        // the white stone is: inside Black's pass-alive territory
        let rows = ".X.XO.X\nXXXXXXX\n.......\n";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        run(&mut t, &b, false);
        let at = |p: Point| &t.chains[t.chain_of[b.pos(p)]];
        let black = at(Point::new(1, 0));
        assert_eq!(
            (black.status, black.stage, black.reason),
            (Status::Alive, Stage::Certain, Reason::PassAlive)
        );
        let white = at(Point::new(4, 0));
        assert_eq!(
            (white.status, white.stage, white.reason),
            (Status::Dead, Stage::Certain, Reason::InPassAliveTerritory)
        );
    }

    #[test]
    fn a_group_with_one_eye_is_left_undecided() {
        let rows = ".X...\nXX...\n.....\n...O.\n.....\n";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        run(&mut t, &b, false);
        assert!(t.chains.iter().all(|c| c.stage == Stage::Estimated));
    }
}
