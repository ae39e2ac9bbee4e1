//! Stage 3, **read**: the exact, bounded reader ([`crate::read`]) settles the chains it can
//! prove lost within its budget. Only proven answers change a decision, and only in one
//! direction: a chain the playouts keep with little confidence is killed when reading proves
//! that it is captured even with its owner moving first, or that it loses a capturing race
//! against an adjacent enemy chain whoever moves first. Reading never revives a chain: the
//! tactical reader proves captures, not a group's life.

use crate::read::{RaceOutcome, ReadConfig, Reader, Verdict};
use crate::Board;

use super::table::Table;
use super::{Reason, Stage, Status};

/// The playouts' confidence below which a chain they keep is read.
const READ_BELOW: f32 = 0.5;

/// The most liberties a chain may have to be read (more is no shortage of liberties).
const MAX_LIBERTIES: usize = 2;

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
fn candidate(t: &Table, board: &Board, c: usize, below: f32, max_libs: usize) -> bool {
    let ch = &t.chains[c];
    ch.status == Status::Alive
        && ch.stage == Stage::Estimated
        && ch.confidence < below
        && usize::from(board.libs_at(ch.head)) <= max_libs
}

/// Read the chains of `t` the playouts keep with little confidence and short of liberties,
/// killing those proven lost.
pub(super) fn run(t: &mut Table, board: &Board) {
    let (below, max_libs, races) = tuning();
    let candidates: Vec<usize> = (0..t.chains.len())
        .filter(|&c| candidate(t, board, c, below, max_libs))
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
            continue;
        }
        if !races {
            continue;
        }
        // a race lost whoever moves first, against an adjacent enemy chain kept alive
        let color = t.chains[c].color;
        let mut enemies: Vec<usize> = board
            .chain_stones_at(t.chains[c].head)
            .flat_map(|s| board.nbrs(s))
            .filter(|&n| board.cell(n) == color.opponent().digit())
            .map(|n| t.chain_of[n])
            .collect();
        enemies.sort_unstable();
        enemies.dedup();
        for e in enemies {
            let enemy = &t.chains[e];
            if enemy.status == Status::Dead || usize::from(board.libs_at(enemy.head)) > max_libs + 1
            {
                continue;
            }
            let winner = board.point(enemy.head);
            let Ok(s) = reader.semeai(board, p, winner) else {
                continue;
            };
            let won = RaceOutcome::Win(enemy.color);
            if s.proven() && s.a_first.outcome == won && s.b_first.outcome == won {
                t.chains[c].decide(Status::Dead, Stage::Read, Reason::RaceLost { winner }, 1.0);
                break;
            }
        }
    }
}

fn tuning() -> (f32, usize, bool) {
    let get = |k: &str| std::env::var(k).ok();
    (
        get("TJ_BELOW")
            .and_then(|v| v.parse().ok())
            .unwrap_or(READ_BELOW),
        get("TJ_LIBS")
            .and_then(|v| v.parse().ok())
            .unwrap_or(MAX_LIBERTIES),
        get("TJ_RACES").is_none_or(|v| v != "0"),
    )
}
