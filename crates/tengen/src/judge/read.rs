//! Stage 3, **read**: the exact, bounded reader ([`crate::read`]) settles the chains it can
//! prove lost within its budget. Only proven answers change a decision, and only in one
//! direction: a chain the playouts keep with little confidence and short of liberties is
//! killed when [`Reader::defend`] proves that it is captured even with its owner moving
//! first. Reading never revives a chain: the tactical reader proves captures, not a group's
//! life.
//!
//! Races are not read here. [`Reader::semeai`] reads the race's moves only (liberties,
//! captures and rescues, a pass), so its "proven" holds within that model: on the
//! development half of the fox-pro records, killing the chains it called lost whoever
//! moves first cost 18 exact margins of 151 (a chain that connects out to a living group
//! through its liberty was read as captured with the group). The constants below were
//! chosen on that half (odd file indices); see BENCHMARKS.md ("The judge as named stages").

use crate::read::{ReadConfig, Reader, Verdict};
use crate::Board;

use super::table::Table;
use super::{Reason, Stage, Status};

/// The playouts' confidence below which a chain they keep is read (on the development half,
/// every value from 0.5 to reading every chain gave the same counts).
const READ_BELOW: f32 = 0.5;

/// The most liberties a chain may have to be read (more is no shortage of liberties; 2 and
/// 3 gave the same counts on the development half).
const MAX_LIBERTIES: usize = 3;

/// Nodes each question may search.
const NODE_BUDGET: u64 = 4_000;

/// The reader's limits in the judge: a small table (2^12 entries, 64 KiB) and a budget
/// per question of [`NODE_BUDGET`].
fn config() -> ReadConfig {
    ReadConfig {
        node_budget: NODE_BUDGET,
        table_bits: 12,
        ..ReadConfig::default()
    }
}

/// Whether the chain `c` of `t` is one the stage reads.
fn candidate(t: &Table, board: &Board, c: usize) -> bool {
    let ch = &t.chains[c];
    ch.status == Status::Alive
        && ch.stage == Stage::Estimated
        && ch.confidence < READ_BELOW
        && usize::from(board.libs_at(ch.head)) <= MAX_LIBERTIES
}

/// Read the chains of `t` the playouts keep with little confidence and short of liberties,
/// killing those proven lost.
pub(super) fn run(t: &mut Table, board: &Board) {
    let candidates: Vec<usize> = (0..t.chains.len())
        .filter(|&c| candidate(t, board, c))
        .collect();
    if candidates.is_empty() {
        return;
    }
    let mut reader = Reader::new(config());
    for c in candidates {
        let p = board.point(t.chains[c].head);
        // captured even with its owner moving first
        let Ok(d) = reader.defend(board, p) else {
            continue;
        };
        if d.proven && d.verdict == Verdict::Failure {
            let moves = reader.attack(board, p).map_or(0, |a| a.pv.len() as u32);
            t.chains[c].decide(Status::Dead, Stage::Read, Reason::Captured { moves }, 1.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    fn kept_with(t: &mut Table, c: usize, confidence: f32) {
        t.chains[c].decide(
            Status::Alive,
            Stage::Estimated,
            Reason::Playouts {
                mean: confidence,
                group: false,
            },
            confidence,
        );
    }

    /// The white stone (1,4) on the first line, in atari, runs along the edge into a ladder:
    /// captured even with White moving first (the black corner stone has a spare liberty, so
    /// White has nothing to capture).
    const EDGE_LADDER: &str = ".....\n.....\n.....\nXX...\nXO...";

    #[test]
    fn a_chain_kept_with_little_confidence_that_cannot_be_saved_is_dead() {
        let b = read_board(EDGE_LADDER, InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        let white = t.chain_of[b.pos(Point::new(1, 4))];
        for c in 0..t.chains.len() {
            kept_with(&mut t, c, 0.3);
        }
        run(&mut t, &b);
        let w = &t.chains[white];
        assert_eq!((w.status, w.stage), (Status::Dead, Stage::Read));
        assert!(matches!(w.reason, Reason::Captured { moves } if moves >= 1));
        // the black stones are not short of anything
        assert!(t
            .chains
            .iter()
            .filter(|c| c.color == crate::Color::Black)
            .all(|c| c.status == Status::Alive && c.stage == Stage::Estimated));
    }

    #[test]
    fn a_confident_estimate_and_a_chain_that_can_be_saved_are_not_read() {
        let b = read_board(EDGE_LADDER, InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        for c in 0..t.chains.len() {
            kept_with(&mut t, c, 0.9);
        }
        run(&mut t, &b);
        assert!(t.chains.iter().all(|c| c.stage == Stage::Estimated));
        // stones with room to run: nothing proven, nothing changed
        let b = read_board(".....\n.....\n.....\n.....\n.O..X", InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        for c in 0..t.chains.len() {
            kept_with(&mut t, c, 0.3);
        }
        run(&mut t, &b);
        assert!(t.chains.iter().all(|c| c.status == Status::Alive));
    }
}
