//! Stage 6, **count**: the owner of every point of the settled board, and the score by the
//! rules ([`crate::score`]). Stage 5 counts with it too, to value its fills.

use crate::board::EMPTY;
use crate::count::Position;
use crate::score::{score_owned, Score, ScoreOptions};
use crate::seki::next_to_both;
use crate::territory::TerritoryMap;
use crate::Board;

use super::seki::Settled;

/// The score of `fin` (the settled board after the end of the game was played out): the
/// owners counted by `ctx`, and under territory counting the filled dame nobody's points.
pub(super) fn run(pos: &Position, ctx: &CountContext<'_>, settled: &Settled, fin: &Board) -> Score {
    let mut count = ctx.count(fin);
    if !ctx.area {
        // filled dame are nobody's points under territory counting
        for q in fin.all_pos() {
            if settled.board.cell(q) == EMPTY && fin.cell(q) != EMPTY {
                count.owners[q] = 0;
            }
        }
    }
    let mut sopts = ScoreOptions::new(pos.rules);
    sopts.captures = pos.captures;
    sopts.handicap = pos.handicap;
    score_owned(
        fin,
        count.owners,
        count.seki_flag,
        settled.dead_count,
        count.taxed,
        &sopts,
    )
}

#[cfg(test)]
thread_local! {
    /// The counts made on this thread ([`CountContext::count`]), for the tests of the budget of
    /// stage 5's counts.
    pub(super) static COUNTS_MADE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// What the count of a settled position needs besides the board.
pub(super) struct CountContext<'a> {
    /// Playout ownership (padded).
    pub ownf: &'a [f32],
    /// Stones in seki (padded).
    pub seki_stone: &'a [bool],
    /// Shared liberties in seki (padded).
    pub seki_pt: &'a [bool],
    /// Whether regions next to stones in seki are taxed.
    pub tax: bool,
    /// Area counting (else territory).
    pub area: bool,
}

/// Owners of a settled position: per point the colour it counts for, seki points, and the
/// territory lost to the seki tax.
pub(super) struct Owners {
    pub owners: Vec<u8>,
    pub seki_flag: Vec<bool>,
    pub taxed: [u32; 2],
}

impl CountContext<'_> {
    /// Count `b` (no dead stones left on it): see stage 6 of the module docs.
    pub fn count(&self, b: &Board) -> Owners {
        #[cfg(test)]
        COUNTS_MADE.with(|c| c.set(c.get() + 1));
        let len = b.padded_len();
        let mut map = TerritoryMap::new();
        map.compute(b);
        let seki_stone = |q: usize| b.cell(q) != EMPTY && self.seki_stone[q];
        let taxed_region = if self.tax {
            crate::seki::seki_taxed_regions(b, &map, seki_stone)
        } else {
            vec![false; map.region_count()]
        };
        let mut owners = vec![0u8; len];
        let mut seki_flag = vec![false; len];
        let mut taxed = [0u32; 2];
        // open boundaries: points next to both colours are dame; the rest of a mixed region
        // is split into parts, each counted when it borders one colour and the playouts agree
        let mut dame = vec![false; len];
        for q in b.all_pos() {
            if b.cell(q) == EMPTY && map.region_bits(map.region_at(q)) == 3 {
                dame[q] = next_to_both(b, q);
            }
        }
        let mut part_bits = vec![0u8; len];
        let mut seen = vec![false; len];
        let mut stack = Vec::new();
        let mut part = Vec::new();
        for q in b.all_pos() {
            if b.cell(q) != EMPTY || dame[q] || seen[q] || map.region_bits(map.region_at(q)) != 3 {
                continue;
            }
            seen[q] = true;
            stack.push(q);
            part.clear();
            let mut bits = 0u8;
            while let Some(r) = stack.pop() {
                part.push(r);
                for nbr in b.nbrs(r) {
                    match b.cell(nbr) {
                        EMPTY if !dame[nbr] && !seen[nbr] => {
                            seen[nbr] = true;
                            stack.push(nbr);
                        }
                        v @ (1 | 2) => bits |= v,
                        _ => {}
                    }
                }
            }
            for &r in &part {
                part_bits[r] = bits;
            }
        }
        for q in b.all_pos() {
            let v = b.cell(q);
            if v != EMPTY {
                owners[q] = v;
                seki_flag[q] = seki_stone(q);
                continue;
            }
            if self.seki_pt[q] {
                seki_flag[q] = true;
                continue;
            }
            let r = map.region_at(q);
            let bits = map.region_bits(r);
            let o = match bits {
                1 | 2 => bits,
                3 if !dame[q] => {
                    let pb = part_bits[q];
                    let agree = match pb {
                        1 => self.ownf[q] > 0.0,
                        2 => self.ownf[q] < 0.0,
                        _ => false,
                    };
                    if agree {
                        pb
                    } else {
                        0
                    }
                }
                _ => 0,
            };
            if o == 0 {
                continue;
            }
            if taxed_region[r] {
                taxed[o as usize - 1] += 1;
                seki_flag[q] = true;
            } else {
                owners[q] = o;
            }
        }
        // a chain in atari must connect at its last liberty: that point is no territory
        for q in b.all_pos() {
            let v = b.cell(q);
            if (v == 1 || v == 2) && b.libs_at(q) == 1 && !seki_stone(q) {
                for s in b.chain_stones_at(q) {
                    for n in b.nbrs(s) {
                        if b.cell(n) == EMPTY && owners[n] == v {
                            owners[n] = 0;
                        }
                    }
                }
            }
        }
        Owners {
            owners,
            seki_flag,
            taxed,
        }
    }

    /// Black's points minus White's in `count` of `b` (prisoners and komi left out).
    pub fn margin(&self, b: &Board, count: &Owners) -> i64 {
        let mut m = 0i64;
        for q in b.all_pos() {
            let v = b.cell(q);
            if v == EMPTY || self.area {
                match count.owners[q] {
                    1 => m += 1,
                    2 => m -= 1,
                    _ => {}
                }
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};
    use crate::Point;

    fn ctx<'a>(own: &'a [f32], none: &'a [bool], area: bool) -> CountContext<'a> {
        CountContext {
            ownf: own,
            seki_stone: none,
            seki_pt: none,
            tax: false,
            area,
        }
    }

    #[test]
    fn regions_of_one_colour_are_its_territory_and_points_next_to_both_dame() {
        let b = read_board("X.O\nX.O\nX.O", InputFormat::Text).unwrap();
        let own = vec![0.0; b.padded_len()];
        let none = vec![false; b.padded_len()];
        let c = ctx(&own, &none, true);
        let o = c.count(&b);
        // the middle column touches both colours: dame
        assert_eq!(o.owners[b.pos(Point::new(1, 1))], 0);
        assert_eq!(o.owners[b.pos(Point::new(0, 1))], 1);
        assert_eq!(c.margin(&b, &o), 0);
    }

    #[test]
    fn a_chain_in_atari_loses_its_last_liberty_as_territory() {
        // the white stone (1,0) is in atari at (0,0), a point of Black's region
        let b = read_board(".OX\nXX.\n...", InputFormat::Text).unwrap();
        let own = vec![0.0; b.padded_len()];
        let none = vec![false; b.padded_len()];
        let o = ctx(&own, &none, false).count(&b);
        assert_eq!(o.owners[b.pos(Point::new(0, 0))], 0);
    }
}
