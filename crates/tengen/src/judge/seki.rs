//! Stage 4, **seki**: shared liberties in seki on the board without the dead stones, and
//! the seki without eyes that the playouts read as a capture.

use crate::board::{EMPTY, WALL};
use crate::seki::{harmless_fill, next_to_both, self_atari, shared_liberty};
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
                && approached_seki(board, ch.head)
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
        if approached_seki(&rest, t.chains[c].head) {
            let ch = &mut t.chains[c];
            let conf = ch.confidence;
            ch.decide(Status::Alive, Stage::Seki, Reason::SekiWithoutEyes, conf);
        }
    }
}

/// [`misread_seki`], or the same once the attacker has filled every liberty of the chain on
/// `h` that is a dame (next to both colours, not a point of the chain's eye space) and that
/// it can fill harmlessly (capturing nothing, left two liberties or more): the liberties left
/// are the ones it cannot approach.
fn approached_seki(b: &Board, h: usize) -> bool {
    if misread_seki(b, h) {
        return true;
    }
    let c = b.cell(h);
    let fill_of = |s: &Board| {
        s.chain_stones_at(h)
            .flat_map(|st| s.nbrs(st))
            .find(|&m| s.cell(m) == EMPTY && next_to_both(s, m) && harmless_fill(s, m, c ^ 3))
    };
    // most chains have no such fill: copy the board only for those that do
    let Some(mut m) = (b.libs_at(h) >= 2).then(|| fill_of(b)).flatten() else {
        return false;
    };
    let mut s = b.clone();
    loop {
        s.play_pos(m, c ^ 3);
        if s.libs_at(h) < 2 {
            return false;
        }
        match fill_of(&s) {
            Some(next) => m = next,
            None => return misread_seki(&s, h),
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
            (shared_liberty(b, q) || short_of_outside(b, q, c, &lib_of_d))
                && !b.nbrs(q).iter().any(|&n| b.cell(n) == c ^ 3 && inner(n))
        })
}

/// Whether the liberty `q` of a chain of colour `c` (whose liberties `lib_of_d` tells) is
/// one that neither side can fill once `c` has filled the dame outside: a stone of `c` there
/// would capture nothing and be left in atari, and an enemy stone there would capture
/// nothing and leave its chain no liberty but one, besides the dame next to both colours
/// that `c` can fill harmlessly (a chain without eyes whose outside liberties are dame).
fn short_of_outside(b: &Board, q: usize, c: u8, lib_of_d: &dyn Fn(usize) -> bool) -> bool {
    let e = c ^ 3;
    if !next_to_both(b, q) || !self_atari(b, q, c) {
        return false;
    }
    let mut heads = [0usize; 4];
    let mut nh = 0;
    // the one liberty that lasts, besides `q`
    let mut kept: Option<usize> = None;
    let mut keep = |m: usize| {
        if m == q || kept == Some(m) {
            return true;
        }
        // a dame `c` can fill harmlessly is no liberty that lasts
        if next_to_both(b, m) && !lib_of_d(m) && harmless_fill(b, m, c) {
            return true;
        }
        kept.is_none() && {
            kept = Some(m);
            true
        }
    };
    for n in b.nbrs(q) {
        match b.cell(n) {
            EMPTY if !keep(n) => return false,
            v if v == c && b.libs_at(n) == 1 => return false,
            v if v == e => {
                let h = b.head_at(n);
                if heads[..nh].contains(&h) {
                    continue;
                }
                heads[nh] = h;
                nh += 1;
                for s in b.chain_stones_at(h) {
                    for m in b.nbrs(s) {
                        if b.cell(m) == EMPTY && !keep(m) {
                            return false;
                        }
                    }
                }
            }
            _ => {}
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    /// Chain `c` of `t` as stage 2 leaves it when the playouts kill it with this `mean`.
    fn killed_by_playouts(t: &mut Table, c: usize, mean: f32) {
        let reason = Reason::Playouts { mean, group: false };
        t.chains[c].decide(Status::Dead, Stage::Estimated, reason, mean);
    }

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
        killed_by_playouts(&mut t, black, 0.4);
        let s = run(&mut t, &b, true);
        // revived, then found in seki on the settled board
        assert_eq!(t.chains[black].status, Status::Seki);
        assert_eq!(t.chains[black].reason, Reason::SekiWithoutEyes);
        assert_eq!(s.dead_count, [0, 0]);
    }

    /// The black chain (2,2)-(2,3) inside the eyeless white chain shares its two liberties
    /// (3,2) and (3,3) with it; the white chain's only other liberty is the dame (1,4), which
    /// Black fills harmlessly from its wall. Once it is filled neither side can approach:
    /// GNU Go and Fox's counts leave both in seki. The playouts kill the black chain (White
    /// moving first wins the race); stage 4 revives it.
    #[test]
    fn a_seki_short_of_an_outside_dame_is_revived() {
        let rows = "XXXXXX.\nXOOOOX.\nXOX.OX.\nXOX.OX.\nX.OOOX.\nXXXXXX.\n.......";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let d = b.pos(Point::new(2, 2));
        assert_eq!(b.libs_at(d), 2);
        assert_eq!(b.libs_at(b.pos(Point::new(1, 1))), 3);
        let mut t = Table::new(&b);
        let black = t.chain_of[d];
        killed_by_playouts(&mut t, black, 0.45);
        let s = run(&mut t, &b, true);
        assert_ne!(t.chains[black].status, Status::Dead);
        assert_eq!(t.chains[black].reason, Reason::SekiWithoutEyes);
        assert_eq!(s.dead_count, [0, 0]);
    }

    /// The white chain (5,5)-(5,6) has the liberties (4,5), (4,6) and (6,6) against the black
    /// chain around it, whose own liberties are (4,5), (4,6) and its eye (6,4), and the black
    /// stone (6,5). Black can fill (4,5) harmlessly but then neither (4,6) nor (6,6) without
    /// self-atari, and White neither: a seki (GNU Go's too). The playouts kill the white
    /// chain; stage 4 revives it.
    #[test]
    fn a_seki_the_attacker_cannot_approach_is_revived() {
        let rows = ".......\n.......\nOOOOOOO\nOOXOOXX\nOOXXXX.\nOOOX.OX\n.OOX.O.";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let w = b.pos(Point::new(5, 5));
        assert_eq!(b.libs_at(w), 3);
        assert_eq!(b.libs_at(b.pos(Point::new(2, 3))), 3);
        let mut t = Table::new(&b);
        let white = t.chain_of[w];
        killed_by_playouts(&mut t, white, 0.39);
        let s = run(&mut t, &b, true);
        assert_ne!(t.chains[white].status, Status::Dead);
        assert_eq!(t.chains[white].reason, Reason::SekiWithoutEyes);
        assert_eq!(s.dead_count, [0, 0]);
    }

    /// The black chain (3,4)-(6,5) in the corner has the liberty (6,4) next to the white
    /// stone (6,3), and (4,6), (5,6) and (6,6), points of its own eye space. White's stones
    /// there would be left short of liberties too, but a fill inside the eye space is no
    /// approach to a seki: the chain the playouts killed stays dead (only dame are filled
    /// before the test, and White cannot fill (6,4) harmlessly).
    #[test]
    fn stones_whose_liberties_are_their_eye_space_are_not_revived() {
        let rows = ".......\n.......\nOOOOOO.\nOOOOOXO\nOOOXXX.\nOOOOXXX\nOO.....";
        let b = read_board(rows, InputFormat::Text).unwrap();
        let d = b.pos(Point::new(3, 4));
        assert_eq!(b.libs_at(d), 4);
        let mut t = Table::new(&b);
        let black = t.chain_of[d];
        killed_by_playouts(&mut t, black, 0.45);
        run(&mut t, &b, true);
        assert_eq!(t.chains[black].status, Status::Dead);
    }
}
