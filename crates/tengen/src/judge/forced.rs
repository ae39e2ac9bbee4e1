//! The forced moves of stage 5, **read** instead of matched: the questions of the end of the
//! game that [`crate::read`]'s tactical reader answers on the board without the dead stones.
//!
//! - **A dead chain that threatens** ([`Forced::dead_threats`]): a chain judged dead, in
//!   atari, whose owner moving first could capture a chain of the capturer and so save it,
//!   must be captured in advance by a move on its last liberty (a point that then is no
//!   territory under territory counting). Reading decides both halves: the saving move must
//!   capture stones, and the chain must then be saved (a snapback, or a chain still
//!   captured inside the territory after it captures, is no threat).
//! - **A chain a fill would leave capturable** ([`Forced::protection`]): a live chain next to
//!   a dame that the opponent can fill harmlessly, after which the opponent moving again
//!   captures it, must be protected by its owner's defence, and when that defence is a
//!   point of its owner's territory the protection costs that point. Stage 5 plays such
//!   protections before the dame ([`Forced::protect_moves`]), each at the cost of a turn of
//!   its owner, and counts a fill that forces one as a gain.
//! - **A chain a fill put in atari** ([`Forced::answer`]): its owner answers at once with
//!   its proven defence, which costs the owner the turn.
//!
//! Only proven answers count; a question the budget cuts off forces nothing.

use crate::board::EMPTY;
use crate::read::{ReadConfig, Reader, Verdict};
use crate::seki::{harmless_fill, next_to_both};
use crate::{Board, Color, Move};

use super::count::CountContext;

/// Nodes each question may search: a forced move is a short sequence (an atari answered, a
/// chain in atari saved by a capture), and the judge asks many of them.
const NODE_BUDGET: u64 = 2_000;

/// The most liberties a chain may have for a fill next to it to be read as a threat.
const MAX_LIBERTIES: u16 = 2;

/// The reader of stage 5 and a scratch board for its trial positions.
pub(super) struct Forced {
    reader: Reader,
    scratch: Board,
}

impl Forced {
    /// A reader with a small table (2^12 entries) and [`NODE_BUDGET`] nodes a question, and a
    /// scratch board of `b`'s size.
    pub(super) fn new(b: &Board) -> Forced {
        Forced {
            reader: Reader::new(ReadConfig {
                node_budget: NODE_BUDGET,
                table_bits: 12,
                ..ReadConfig::default()
            }),
            scratch: b.clone(),
        }
    }

    /// Capture in advance, on `fin` (the board without the dead stones, as far as stage 5 has
    /// played it), each dead chain of `board` in atari that threatens (see the module docs).
    /// `dead_in_atari` lists one stone of each such chain with its last liberty.
    pub(super) fn dead_threats(
        &mut self,
        board: &Board,
        dead_in_atari: &[(usize, usize)],
        fin: &mut Board,
    ) {
        for &(q, l) in dead_in_atari {
            let v = board.cell(q);
            if fin.cell(l) != EMPTY || fin.is_suicide_pos(l, v ^ 3) {
                continue;
            }
            // the capture must take nothing else on `fin`: a live chain in atari there is
            // the opponent's to save, not this capture's to take
            if fin
                .nbrs(l)
                .iter()
                .any(|&n| fin.cell(n) == v && fin.libs_at(n) == 1)
            {
                continue;
            }
            self.scratch.copy_from(fin);
            let color = Color::from_digit(v);
            let stones = board.chain_stones_at(q).map(|s| (board.point(s), color));
            self.scratch.edit(stones);
            if self.scratch.cell(q) != v || self.scratch.libs_at(q) != 1 {
                continue;
            }
            if self.saved_by_a_capture(q) {
                fin.play_pos(l, v ^ 3);
            }
        }
    }

    /// Whether the chain on `q` of the scratch board, its owner to move, is saved (proven),
    /// by a move that captures stones.
    fn saved_by_a_capture(&mut self, q: usize) -> bool {
        let p = self.scratch.point(q);
        let Ok(r) = self.reader.defend(&self.scratch, p) else {
            return false;
        };
        let (true, Verdict::Success(Move::Play(m))) = (r.proven, r.verdict) else {
            return false;
        };
        let m = self.scratch.pos(m);
        let v = self.scratch.cell(q);
        self.scratch
            .nbrs(m)
            .iter()
            .any(|&n| self.scratch.cell(n) == v ^ 3 && self.scratch.libs_at(n) == 1)
    }

    /// The protection the chain on `q` of `b` needs (see the module docs): `(d, m)`, a dame
    /// `d` next to it whose harmless fill by the opponent would let the opponent capture it
    /// (proven), and its owner's proven defence `m` there, a point that `owners` gives the
    /// owner. `None` when no fill next to it forces a protection inside its territory.
    pub(super) fn protection(
        &mut self,
        b: &Board,
        q: usize,
        owners: &[u8],
    ) -> Option<(usize, usize)> {
        let v = b.cell(q);
        let libs = b.libs_at(q);
        if (v != 1 && v != 2) || !(2..=MAX_LIBERTIES).contains(&libs) {
            return None;
        }
        let mut dame = [0usize; 4];
        let mut nd = 0;
        let mut inside = false;
        for s in b.chain_stones_at(q) {
            for n in b.nbrs(s) {
                if b.cell(n) != EMPTY || dame[..nd].contains(&n) {
                    continue;
                }
                if next_to_both(b, n) {
                    if nd < dame.len() && harmless_fill(b, n, v ^ 3) {
                        dame[nd] = n;
                        nd += 1;
                    }
                } else if owners[n] == v {
                    inside = true;
                }
            }
        }
        // a protection inside the territory needs a liberty there
        if !inside {
            return None;
        }
        let p = b.point(q);
        for &d in &dame[..nd] {
            self.scratch.copy_from(b);
            self.scratch.play_pos(d, v ^ 3);
            let Ok(a) = self.reader.attack(&self.scratch, p) else {
                continue;
            };
            if !(a.proven && matches!(a.verdict, Verdict::Success(_))) {
                continue;
            }
            let Ok(r) = self.reader.defend(&self.scratch, p) else {
                continue;
            };
            if let (true, Verdict::Success(Move::Play(m))) = (r.proven, r.verdict) {
                let m = self.scratch.pos(m);
                if owners[m] == v && !next_to_both(b, m) {
                    return Some((d, m));
                }
            }
        }
        None
    }

    /// Protect, on `b`, every live chain that a fill would leave capturable, with its
    /// owner's defence inside its territory ([`Forced::protection`], by the count of `b`).
    /// Returns the protections played by Black and by White: each costs its owner a turn
    /// (see [`super::finish::finish_dame`]).
    pub(super) fn protect_moves(&mut self, b: &mut Board, ctx: &CountContext<'_>) -> [u32; 2] {
        let count = ctx.count(b);
        let mut moves = Vec::new();
        let mut done = vec![false; b.padded_len()];
        for q in b.all_pos() {
            let v = b.cell(q);
            if (v != 1 && v != 2) || done[b.head_at(q)] || ctx.seki_stone[q] {
                continue;
            }
            done[b.head_at(q)] = true;
            if let Some((_, m)) = self.protection(b, q, &count.owners) {
                moves.push((m, v));
            }
        }
        let mut made = [0u32; 2];
        for (m, v) in moves {
            if b.cell(m) == EMPTY && !b.is_suicide_pos(m, v) {
                b.play_pos(m, v);
                made[usize::from(v) - 1] += 1;
            }
        }
        made
    }

    /// The move `mover` must answer the opponent's move on `last` of `b` with: the proven
    /// defence of a chain of `mover` next to `last` that the move left in atari (not in seki
    /// by `seki_stone`). `None` when no such chain is in atari, or when none can be saved.
    pub(super) fn answer(
        &mut self,
        b: &Board,
        last: usize,
        mover: u8,
        seki_stone: &[bool],
    ) -> Option<usize> {
        for n in b.nbrs(last) {
            if b.cell(n) != mover || seki_stone[n] || b.libs_at(n) != 1 {
                continue;
            }
            // read on `b` itself: nothing is played before the question
            let Ok(r) = self.reader.defend(b, b.point(n)) else {
                continue;
            };
            if let (true, Verdict::Success(Move::Play(m))) = (r.proven, r.verdict) {
                let m = b.pos(m);
                if b.cell(m) == EMPTY && !b.is_suicide_pos(m, mover) {
                    return Some(m);
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    /// The board of `rows` without the stones of the chain on `dead`, and the list of
    /// [`Forced::dead_threats`] for that chain (in atari on the board).
    fn without(rows: &str, dead: Point) -> (Board, Board, Vec<(usize, usize)>) {
        let b = read_board(rows, InputFormat::Text).unwrap();
        let q = b.pos(dead);
        assert_eq!(b.libs_at(q), 1);
        let l = b
            .chain_stones_at(q)
            .flat_map(|s| b.nbrs(s))
            .find(|&n| b.cell(n) == EMPTY)
            .unwrap();
        let mut fin = b.clone();
        fin.edit(b.chain_stones_at(q).map(|s| (b.point(s), None)));
        (b, fin, vec![(q, l)])
    }

    /// The dead black stone (4,3) in atari inside White's area touches the white stone (4,2),
    /// itself in atari on (4,1) inside Black's wall, where White cannot save it. Black moving
    /// first would capture it there and connect the dead stone out: White must capture the
    /// dead stone in advance on (4,4). The capturer's chain in danger is next to neither the
    /// dead stone's last liberty nor short of every other liberty: no pattern of the old
    /// stage saw it, reading does.
    #[test]
    fn a_dead_stone_that_would_capture_its_way_out_is_captured_in_advance() {
        let rows = ".........\nXXXX.XXXX\nOOOXOXOOO\nOOOOXOOOO\nOOO...OOO";
        let (b, mut fin, threats) = without(rows, Point::new(4, 3));
        Forced::new(&b).dead_threats(&b, &threats, &mut fin);
        assert_eq!(fin.get(Point::new(4, 4)), Some(Color::White));
    }

    /// A dead stone in atari that can only extend into the territory around it threatens
    /// nothing: it is not captured in advance.
    #[test]
    fn a_dead_stone_that_can_only_extend_is_left() {
        let rows = ".........\nXXXXXXXXX\nOOOOOOOOO\nOOOOXOOOO\nOOO...OOO";
        let (b, mut fin, threats) = without(rows, Point::new(4, 3));
        Forced::new(&b).dead_threats(&b, &threats, &mut fin);
        assert_eq!(fin.get(Point::new(4, 4)), None);
    }
}
