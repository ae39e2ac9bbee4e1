//! The boards of a search, one per depth: board `d + 1` is made from board `d` and the move
//! played there. Making it copies back only the points where it may differ from board `d`
//! (the moves played on either since it was last made, [`Board::restore_points`]); a whole
//! copy, a third of a tactical question's time, is made only when those are not known (the
//! first child at a depth, or one left by another question). Every change to a board goes
//! through this type, which is what keeps that record true; the searches read the boards
//! by index.

use crate::Board;
use std::ops::Index;

/// A child differing from its parent at more points than this is copied whole: a bound on
/// what a restore costs (96 and 200 gave the same instruction count on GNU Go's reading
/// questions: so many points are rarely stale).
const RESTORE_MAX: u32 = 96;

/// Whether children are restored (otherwise copied whole): not in WebAssembly builds, where
/// the restore's code (about 2 KB of `.wasm`) would take the module past its 400 KB budget
/// (see BENCHMARKS.md, "In the browser and in Node"); their answers are the same.
const RESTORE: bool = cfg!(not(target_arch = "wasm32"));

/// The boards of the searches of one [`super::Reader`], kept across its questions.
#[derive(Default)]
pub(super) struct Boards {
    list: Vec<Board>,
    /// For board `k` (≥ 1), the points where it may differ from board `k - 1` as that board
    /// is now: [`Board::set_words`] words from `k * words`.
    stale: Vec<u64>,
    /// For board `k`, whether those points are not known: it is then copied whole.
    whole: Vec<bool>,
    /// The restores made, in tests (one in eight is checked in full).
    #[cfg(test)]
    restores: u64,
}

impl Boards {
    /// Board 0 becomes `root` (every deeper board is copied whole when it is next made).
    pub(super) fn set_root(&mut self, root: &Board) {
        match self.list.first_mut() {
            Some(b) => b.copy_from(root),
            None => self.list.push(root.clone()),
        }
        self.whole.fill(true);
    }

    /// Make board `d + 1` a copy of board `d`.
    pub(super) fn child(&mut self, d: usize) {
        let w = self.list[d].set_words();
        if self.whole.len() < d + 3 || self.stale.len() < (d + 3) * w {
            self.whole.resize(d + 3, true);
            self.stale.resize((d + 3) * w, 0);
        }
        let (mine, next) = ((d + 1) * w..(d + 2) * w, (d + 2) * w..(d + 3) * w);
        let stale_points = |stale: &[u64]| stale.iter().map(|x| x.count_ones()).sum::<u32>();
        if self.list.len() <= d + 1 {
            let b = self.list[d].clone();
            self.list.push(b);
            self.whole[d + 2] = true;
        } else if !RESTORE
            || self.whole[d + 1]
            || stale_points(&self.stale[mine.clone()]) > RESTORE_MAX
        {
            let (lo, hi) = self.list.split_at_mut(d + 1);
            hi[0].copy_from(&lo[d]);
            self.whole[d + 2] = true;
        } else {
            let (lo, hi) = self.list.split_at_mut(d + 1);
            hi[0].restore_points(&lo[d], &self.stale[mine.clone()]);
            // the reader's tests check the restores against the boards they copy: the stones
            // and ko of each, and one in eight in full (all of them made the tests four
            // times slower)
            #[cfg(test)]
            {
                assert!(hi[0] == lo[d], "a restored board differs from its parent");
                self.restores += 1;
                if self.restores.is_multiple_of(8) {
                    if let Err(e) = hi[0].check_consistency() {
                        panic!("a restored board is inconsistent: {e}");
                    }
                }
            }
            // board d + 1 changed where it was stale: board d + 2 may differ from it there
            for (i, j) in mine.clone().zip(next) {
                self.stale[j] |= self.stale[i];
            }
        }
        self.stale[mine].fill(0);
        self.whole[d + 1] = false;
    }

    /// Make board `d + 1` board `d` with `color`'s move `p` played on it (a padded index of an
    /// empty point, not a suicide); a ko `retake` (allowed after a threat) is played with the
    /// ko cleared first.
    pub(super) fn play(&mut self, d: usize, p: usize, color: u8, retake: bool) -> &Board {
        self.child(d);
        let c = &mut self.list[d + 1];
        if retake {
            c.clear_ko();
        }
        c.play_pos(p, color);
        if RESTORE {
            // board d + 1 now differs from board d, and from board d + 2, where the move
            // changed it
            let w = c.set_words();
            let (lo, hi) = self.stale.split_at_mut((d + 2) * w);
            c.mark_last_play(p, &mut lo[(d + 1) * w..]);
            c.mark_last_play(p, &mut hi[..w]);
        }
        c
    }

    /// Make board `d + 1` board `d` with a pass played on it.
    pub(super) fn pass(&mut self, d: usize) {
        self.child(d);
        self.list[d + 1].pass();
    }
}

impl Index<usize> for Boards {
    type Output = Board;

    fn index(&self, d: usize) -> &Board {
        &self.list[d]
    }
}
