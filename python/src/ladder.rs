//! The ladder planes of `features`, read by `tengen::read` (`Reader::ladder_captured`, only
//! proven answers count):
//! - plane 13: the stones, of either colour, of chains captured in a ladder: a chain with one
//!   liberty that its owner cannot save moving first, or with two liberties that its opponent
//!   captures moving first;
//! - plane 14: the empty points where the player to move saves one of its own chains of two
//!   liberties from such a ladder: an escape, or a ladder breaker on or next to the ladder's
//!   path (the reader's principal variation). A chain of one liberty has no such move: the
//!   reader has tried every escape of its owner already.

use std::cell::RefCell;

use tengen::read::{ReadConfig, Reader, Verdict};
use tengen::{Board, Color, Move, Point, Rules};

thread_local! {
    /// One reader per thread (its table, 2^12 entries, 64 KiB, is reused from position to
    /// position: `training_data` writes positions on many threads).
    static READER: RefCell<Reader> = RefCell::new(Reader::new(ReadConfig {
        table_bits: 12,
        ..ReadConfig::default()
    }));
}

/// Whether the chain on `p` is captured in a ladder, and the ladder's moves.
fn laddered(r: &mut Reader, b: &Board, p: Point) -> Option<Vec<(Color, Move)>> {
    let reading = r.ladder_captured(b, p).ok()?;
    (reading.proven && matches!(reading.verdict, Verdict::Success(_))).then_some(reading.pv)
}

/// Whether the chain on `p` (of the player who just moved) is still captured in a ladder
/// with its opponent to move.
fn still_laddered(r: &mut Reader, b: &Board, p: Point) -> bool {
    match b.liberties(p) {
        None | Some(0) | Some(1) => true,
        Some(2) => laddered(r, b, p).is_some(),
        Some(_) => false,
    }
}

/// Mark the ladder planes of `b` with `me` to move through `set(plane, point)`.
pub(crate) fn ladder_planes(b: &Board, me: Color, mut set: impl FnMut(usize, Point)) {
    let size = b.size();
    let w = size.width();
    let mut seen = vec![false; w * size.height()];
    let mut saving = vec![false; seen.len()];
    let rules = Rules::default();
    READER.with_borrow_mut(|r| {
        for p in size.points() {
            let Some(chain) = b.chain(p) else { continue };
            if seen[p.y as usize * w + p.x as usize] {
                continue;
            }
            for s in &chain.stones {
                seen[s.y as usize * w + s.x as usize] = true;
            }
            if chain.liberties.len() > 2 {
                continue;
            }
            let Some(pv) = laddered(r, b, p) else {
                continue;
            };
            for &s in &chain.stones {
                set(13, s);
            }
            if chain.color != me || chain.liberties.len() != 2 {
                continue;
            }
            // the candidates: the liberties, the ladder's moves and their neighbours
            let mut candidates: Vec<Point> = chain.liberties.clone();
            for (_, m) in &pv {
                if let Move::Play(q) = *m {
                    candidates.push(q);
                    let (x, y) = (i64::from(q.x), i64::from(q.y));
                    let around = [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)];
                    candidates.extend(around.iter().filter_map(|&(x, y)| size.point(x, y)));
                }
            }
            candidates.sort_unstable_by_key(|q| (q.y, q.x));
            candidates.dedup();
            for q in candidates {
                let i = q.y as usize * w + q.x as usize;
                if saving[i] || b.get(q).is_some() {
                    continue;
                }
                let mut c = b.clone();
                if c.play(q, me, &rules).is_ok() && !still_laddered(r, &c, p) {
                    saving[i] = true;
                    set(14, q);
                }
            }
        }
    });
}
