//! Stage 4, **seki**: shared liberties in seki on the board without the dead stones, and
//! the seki without eyes that the playouts read as a capture.

use crate::board::{EMPTY, WALL};
use crate::seki::shared_liberty;
use crate::Board;

use super::table::Table;
use super::{Reason, Stage, Status};

/// The board after stages 1 to 4: the dead stones removed, and the seki marked.
pub(super) struct Settled {
    /// The board without the dead chains.
    pub board: Board,
    /// Stones removed, by Black and by White.
    pub dead_count: [u32; 2],
    /// Per padded point: a shared liberty in seki.
    pub seki_pt: Vec<bool>,
    /// Per padded point: a stone of a chain in seki.
    pub seki_stone: Vec<bool>,
}

/// Revive the seki without eyes the playouts killed, remove the dead chains, and mark the
/// chains next to a shared liberty as in seki (with `enabled` false: only remove the dead
/// chains, marking no seki).
pub(super) fn run(t: &mut Table, board: &Board, enabled: bool) -> Settled {
    let len = board.padded_len();
    if enabled {
        revive_misread(t, board);
    }
    let (settled, dead_count) = t.settled(board);
    let mut seki_pt = vec![false; len];
    let mut seki_stone = vec![false; len];
    if enabled {
        let mut in_seki = vec![false; t.chains.len()];
        for q in settled.all_pos() {
            if settled.cell(q) == EMPTY && shared_liberty(&settled, q) {
                seki_pt[q] = true;
                for n in settled.nbrs(q) {
                    let v = settled.cell(n);
                    if v == 1 || v == 2 {
                        in_seki[t.chain_of[n]] = true;
                    }
                }
            }
        }
        for (c, chain) in t.chains.iter_mut().enumerate() {
            if in_seki[c] {
                chain.status = Status::Seki;
                if chain.reason != Reason::SekiWithoutEyes {
                    let conf = chain.confidence;
                    chain.decide(Status::Seki, Stage::Seki, Reason::SharedLiberty, conf);
                }
            }
        }
        for q in settled.all_pos() {
            let v = settled.cell(q);
            seki_stone[q] = (v == 1 || v == 2) && in_seki[t.chain_of[q]];
        }
    }
    Settled {
        board: settled,
        dead_count,
        seki_pt,
        seki_stone,
    }
}

/// A seki the playouts read as a capture (see [`misread_seki`]): tested again on the board
/// without the other dead chains, which may give the chains around it liberties (the chains
/// that pass the test stay for it: a seki can be misread on both sides).
fn revive_misread(t: &mut Table, board: &Board) {
    let misread: Vec<usize> = (0..t.chains.len())
        .filter(|&c| {
            let ch = &t.chains[c];
            ch.status == Status::Dead
                && ch.stage == Stage::Estimated
                && ch.stones.len() >= 2
                && misread_seki(board, ch.head)
        })
        .collect();
    if misread.is_empty() {
        return;
    }
    let mut rest = board.clone();
    for (c, ch) in t.chains.iter().enumerate() {
        if ch.status == Status::Dead && !misread.contains(&c) {
            rest.remove_chain_at(board.point(ch.head));
        }
    }
    for c in misread {
        if misread_seki(&rest, t.chains[c].head) {
            let ch = &mut t.chains[c];
            let conf = ch.confidence;
            ch.decide(Status::Alive, Stage::Seki, Reason::SekiWithoutEyes, conf);
        }
    }
}

/// Whether the chain on `h` is in a seki without eyes that the playouts can read as a
/// capture: every liberty of it is a point next to both colours where a stone of either
/// colour would capture nothing and be left in atari, and no enemy stone there lies inside
/// the chain's eye space (an enemy chain touching nothing but the chain and its liberties is
/// a stone the attacker can sacrifice, not a chain in seki). Only for chains of two stones
/// or more: a single stone among an enemy chain's last two liberties is counted dead, as GNU
/// Go (and so Fox's counts) does.
fn misread_seki(b: &Board, h: usize) -> bool {
    let c = b.cell(h);
    let head = b.head_at(h);
    let in_d = |m: usize| b.cell(m) == c && b.head_at(m) == head;
    let lib_of_d = |m: usize| b.cell(m) == EMPTY && b.nbrs(m).iter().any(|&k| in_d(k));
    let inside = |m: usize| b.cell(m) == WALL || in_d(m) || lib_of_d(m);
    let inner = |n: usize| {
        let e = b.cell(n);
        b.chain_stones_at(n)
            .all(|s| b.nbrs(s).iter().all(|&m| b.cell(m) == e || inside(m)))
    };
    let mut libs = b
        .chain_stones_at(h)
        .flat_map(|s| b.nbrs(s))
        .filter(|&m| b.cell(m) == EMPTY)
        .peekable();
    libs.peek().is_some()
        && libs.all(|q| {
            shared_liberty(b, q) && !b.nbrs(q).iter().any(|&n| b.cell(n) == c ^ 3 && inner(n))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    /// The black chain (0,0)-(1,2) and the white chain (2,0)-(2,2) share their only
    /// liberties (1,0) and (1,1).
    const SMALL_SEKI: &str = "X.OX.....\nX.OX.....\nXXOX.....\nOOXX.....\n.OOX.....\n\
                              ..OX.....\n..OX.....\n..OX.....\n..OX.....";

    #[test]
    fn chains_sharing_liberties_neither_can_fill_are_in_seki() {
        let rows = SMALL_SEKI;
        let b = read_board(rows, InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        let s = run(&mut t, &b, true);
        assert!(s.seki_pt[b.pos(Point::new(1, 0))] && s.seki_pt[b.pos(Point::new(1, 1))]);
        for p in [Point::new(0, 0), Point::new(2, 0)] {
            let c = &t.chains[t.chain_of[b.pos(p)]];
            assert_eq!((c.status, c.stage), (Status::Seki, Stage::Seki), "{p:?}");
            assert_eq!(c.reason, Reason::SharedLiberty);
        }
        // turned off: nothing marked
        let mut t = Table::new(&b);
        let s = run(&mut t, &b, false);
        assert!(!s.seki_pt.iter().any(|&x| x));
        assert!(t.chains.iter().all(|c| c.status == Status::Alive));
    }

    #[test]
    fn a_seki_without_eyes_the_playouts_killed_is_revived() {
        let rows = SMALL_SEKI;
        let b = read_board(rows, InputFormat::Text).unwrap();
        let mut t = Table::new(&b);
        let black = t.chain_of[b.pos(Point::new(0, 0))];
        t.chains[black].decide(
            Status::Dead,
            Stage::Estimated,
            Reason::Playouts {
                mean: 0.4,
                group: false,
            },
            0.4,
        );
        let s = run(&mut t, &b, true);
        // revived, then found in seki on the settled board
        assert_eq!(t.chains[black].status, Status::Seki);
        assert_eq!(t.chains[black].reason, Reason::SekiWithoutEyes);
        assert_eq!(s.dead_count, [0, 0]);
    }
}
