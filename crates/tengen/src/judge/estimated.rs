//! Stage 2, **estimated**: the playouts' ownership ([`super::policy`]), and from it a
//! decision for every chain the certain stage left open.

use crate::playout::Rng;
use crate::{Board, Color};

use super::policy::PolicyPlayout;
use super::table::Table;
use super::{Options, Reason, Stage, Status};

/// The mean ownership on its own side a chain needs to be judged alive. Above 0 because the
/// playouts lean towards life: they never fill a big self-atari, so a dead group whose
/// killing needs one survives some of them (0.2 measured best on the fox-pro records, from
/// 81% exact margins at 0 to 82%; 0.1 and 0.3 are both worse than 0.2).
pub(super) const ALIVE_MIN: f32 = 0.2;

/// A chain whose own mean ownership is beyond this size is judged on its own, not with its
/// group.
const OWN_DECIDES: f32 = 0.6;

/// Run `opts.playouts` playouts from `board` (half with `to_move` first), fill in each
/// chain's value and group values of `t`, and decide every chain not decided yet. Returns
/// the ownership per padded point, +1 Black to −1 White (all 0 without playouts: then only
/// the certain parts decide, and every other chain stays on the board).
pub(super) fn run(t: &mut Table, board: &Board, to_move: Color, opts: &Options) -> Vec<f32> {
    let n = opts.playouts;
    if n == 0 {
        return vec![0.0; board.padded_len()];
    }
    // ownership in playouts' units
    let mut own = vec![0i32; board.padded_len()];
    let mut po = PolicyPlayout::new(board);
    let mut rng = Rng::new(opts.seed);
    for i in 0..n {
        let first = if i % 2 == 0 {
            to_move.digit()
        } else {
            to_move.opponent().digit()
        };
        po.run(board, first, &mut rng, &mut own);
    }
    let scale = 1.0 / n as f32;
    let ownf: Vec<f32> = own.iter().map(|&v| v as f32 * scale).collect();
    for c in &mut t.chains {
        let sign = if c.color == Color::Black { 1.0 } else { -1.0 };
        let sum: f32 = c.stones.iter().map(|&p| sign * ownf[board.pos(p)]).sum();
        c.value = sum / c.stones.len() as f32;
    }
    for c in &t.chains {
        let g = &mut t.groups[c.group];
        g.value_sum += c.value * c.stones.len() as f32;
    }
    for i in 0..t.chains.len() {
        if t.chains[i].certain() {
            continue;
        }
        let g = t.groups[t.chains[i].group].value();
        let c = &mut t.chains[i];
        let own_decides = c.value.abs() > OWN_DECIDES;
        let d = if own_decides { c.value } else { g };
        let status = if d >= ALIVE_MIN {
            Status::Alive
        } else {
            Status::Dead
        };
        let reason = Reason::Playouts {
            mean: d.abs().min(1.0),
            group: !own_decides,
        };
        c.decide(status, Stage::Estimated, reason, d.abs());
    }
    ownf
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    fn judged(rows: &str, playouts: u32) -> (Board, Table) {
        let b = read_board(rows, InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        let opts = Options {
            playouts,
            ..Options::default()
        };
        run(&mut t, &b, Color::Black, &opts);
        (b, t)
    }

    #[test]
    fn a_lone_stone_in_a_big_territory_is_dead_by_the_playouts() {
        let rows = "....XO...\n....XO...\n....XO.X.\n....XO...\n....XO...\n\
                    ....XO...\n....XO...\n....XO...\n....XO...";
        let (b, t) = judged(rows, 128);
        let lone = &t.chains[t.chain_of[b.pos(Point::new(7, 2))]];
        assert_eq!((lone.status, lone.stage), (Status::Dead, Stage::Estimated));
        assert!(lone.confidence > 0.2, "{}", lone.confidence);
        assert!(matches!(lone.reason, Reason::Playouts { .. }));
        let wall = &t.chains[t.chain_of[b.pos(Point::new(5, 0))]];
        assert_eq!(wall.status, Status::Alive);
    }

    #[test]
    fn without_playouts_every_chain_stays_with_no_estimate() {
        let (_, t) = judged("X.O\n...\n...", 0);
        assert!(t
            .chains
            .iter()
            .all(|c| c.status == Status::Alive && c.reason == Reason::NoEstimate));
    }
}
