//! Pass-alive analysis: Benson's algorithm for unconditional life, aware of the suicide rule.
//!
//! A chain is *pass-alive* when the opponent cannot capture it even if its owner passes every
//! turn. Benson (1976) characterises such chains statically; this module follows the
//! formulation KataGo uses for its area scoring, with its treatment of suicide:
//!
//! 1. For a player P, a *region* is a maximal 4-connected set of points that are empty or hold
//!    opponent stones, and that contains at least one empty point.
//! 2. A region is *vital* to a P chain when every empty point of the region is a liberty of the
//!    chain. When multi-stone suicide is legal, the opponent can also empty the points its
//!    stones occupy by suiciding them, so then *every* point of the region (opponent stones
//!    too) must be adjacent to the chain.
//! 3. Repeat until nothing changes: a P chain with fewer than two vital regions that are
//!    bordered only by P chains still standing is removed from the standing set. The chains
//!    left standing are pass-alive.
//! 4. A region bordered only by pass-alive P chains, in which at most one point is not adjacent
//!    to any P stone, is P's *pass-alive territory*: the opponent cannot make two eyes there,
//!    so every opponent stone inside it is certainly dead.
//!
//! The analysis is sound (whatever it calls alive or dead is so under the rules given) and not
//! complete: seki, and groups whose life needs a reply, are never called pass-alive.
//!
//! ```
//! use tengen::benson::pass_alive;
//! use tengen::formats::text::{read_board, InputFormat};
//! use tengen::{Color, Point};
//!
//! // Black has two one-point eyes in the corner; white surrounds it.
//! let b = read_board(".X.XO.\nXXXXO.\nOOOOO.\n......\n", InputFormat::Text).unwrap();
//! let pa = pass_alive(&b, false);
//! assert!(pa.is_pass_alive(Point::new(1, 0)));
//! assert_eq!(pa.territory(Point::new(2, 0)), Some(Color::Black));
//! assert!(!pa.is_pass_alive(Point::new(4, 0))); // white has no eyes yet
//! ```

use crate::board::EMPTY;
use crate::{Board, Color, Point, Size};

/// The result of [`pass_alive`] for both players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PassAlive {
    size: Size,
    /// Per point (row-major): 0, or the colour digit of a pass-alive stone.
    alive: Vec<u8>,
    /// Per point (row-major): 0, or the colour digit whose pass-alive territory holds it.
    territory: Vec<u8>,
}

impl PassAlive {
    #[inline]
    fn index(&self, p: Point) -> Option<usize> {
        self.size
            .contains(p)
            .then(|| p.y as usize * self.size.width() + p.x as usize)
    }

    /// Whether `p` holds a stone of a pass-alive chain.
    pub fn is_pass_alive(&self, p: Point) -> bool {
        self.index(p).is_some_and(|i| self.alive[i] != 0)
    }

    /// The player whose pass-alive territory contains `p` (an empty point or a certainly dead
    /// opponent stone), if any.
    pub fn territory(&self, p: Point) -> Option<Color> {
        Color::from_digit(self.territory[self.index(p)?])
    }

    /// Who certainly owns `p` at the end: the colour of a pass-alive stone on it, or of the
    /// pass-alive territory around it.
    pub fn owner(&self, p: Point) -> Option<Color> {
        let i = self.index(p)?;
        Color::from_digit(self.alive[i] | self.territory[i])
    }

    /// Every stone of a pass-alive chain of `color`, sorted by (y, x).
    pub fn alive_stones(&self, color: Color) -> Vec<Point> {
        self.points_where(|i| self.alive[i] == color.digit())
    }

    /// Every point of `color`'s pass-alive territory, sorted by (y, x).
    pub fn territory_points(&self, color: Color) -> Vec<Point> {
        self.points_where(|i| self.territory[i] == color.digit())
    }

    /// Stones that are certainly dead: inside the opponent's pass-alive territory. Sorted by
    /// (y, x). `board` must be the board analysed.
    pub fn dead_stones(&self, board: &Board) -> Vec<Point> {
        self.size
            .points()
            .filter(|&p| {
                let t = self.territory(p);
                t.is_some() && board.get(p).is_some_and(|c| Some(c.opponent()) == t)
            })
            .collect()
    }

    fn points_where(&self, f: impl Fn(usize) -> bool) -> Vec<Point> {
        self.size
            .points()
            .enumerate()
            .filter(|&(i, _)| f(i))
            .map(|(_, p)| p)
            .collect()
    }
}

/// One region of the analysis for one player.
struct Region {
    /// Heads of the player's chains the region is (still) vital to.
    vital: [u16; 4],
    n_vital: u8,
    /// Points not adjacent to any of the player's stones, counted up to 2.
    internal: u8,
    /// Whether a chain that is not pass-alive borders it.
    borders_dead: bool,
    /// Its points are `members[start..end]`.
    start: u32,
    end: u32,
}

/// Benson's analysis of `board` for both players; `multi_stone_suicide` as in the rules the
/// game is played under (see the module docs for why it matters).
pub fn pass_alive(board: &Board, multi_stone_suicide: bool) -> PassAlive {
    let size = board.size();
    let mut alive = vec![0u8; board.padded_len()];
    let mut territory = vec![0u8; board.padded_len()];
    for pla in [1u8, 2] {
        analyze_for(board, pla, multi_stone_suicide, &mut alive, &mut territory);
    }
    let mut out = PassAlive {
        size,
        alive: Vec::with_capacity(size.area()),
        territory: Vec::with_capacity(size.area()),
    };
    for q in board.all_pos() {
        out.alive.push(alive[q]);
        out.territory.push(territory[q]);
    }
    out
}

/// Benson for one player (`pla` 1 black, 2 white): marks its pass-alive stones in `alive` and
/// its pass-alive territory in `territory` (padded indices).
fn analyze_for(board: &Board, pla: u8, suicide: bool, alive: &mut [u8], territory: &mut [u8]) {
    let opp = pla ^ 3;
    let len = board.padded_len();
    const NONE: u32 = u32::MAX;
    let mut region_of = vec![NONE; len];
    let mut regions: Vec<Region> = Vec::new();
    let mut members: Vec<u32> = Vec::with_capacity(board.size().area());
    let mut stack: Vec<usize> = Vec::new();
    let adjacent_to_head = |q: usize, h: u16| {
        board
            .nbrs(q)
            .iter()
            .any(|&n| board.cell(n) == pla && board.head_at(n) == h as usize)
    };
    let mut any_pla = false;
    for start in board.all_pos() {
        let v = board.cell(start);
        any_pla |= v == pla;
        if v != EMPTY || region_of[start] != NONE {
            continue;
        }
        let r = regions.len() as u32;
        // candidates: the chains next to the first point; the fill filters them
        let mut vital = [0u16; 4];
        let mut n_vital = 0usize;
        for n in board.nbrs(start) {
            if board.cell(n) == pla {
                let h = board.head_at(n) as u16;
                if !vital[..n_vital].contains(&h) {
                    vital[n_vital] = h;
                    n_vital += 1;
                }
            }
        }
        let begin = members.len() as u32;
        let mut internal = 0u8;
        region_of[start] = r;
        stack.push(start);
        while let Some(q) = stack.pop() {
            members.push(q as u32);
            let cq = board.cell(q);
            if suicide || cq == EMPTY {
                let mut k = 0;
                for i in 0..n_vital {
                    if adjacent_to_head(q, vital[i]) {
                        vital[k] = vital[i];
                        k += 1;
                    }
                }
                n_vital = k;
            }
            let mut touches_pla = false;
            for n in board.nbrs(q) {
                let v = board.cell(n);
                if v == pla {
                    touches_pla = true;
                } else if (v == EMPTY || v == opp) && region_of[n] == NONE {
                    region_of[n] = r;
                    stack.push(n);
                }
            }
            if !touches_pla && internal < 2 {
                internal += 1;
            }
        }
        regions.push(Region {
            vital,
            n_vital: n_vital as u8,
            internal,
            borders_dead: false,
            start: begin,
            end: members.len() as u32,
        });
    }
    // the player's chains, by head
    let mut heads: Vec<usize> = Vec::new();
    let mut is_head_seen = vec![false; len];
    for q in board.all_pos() {
        if board.cell(q) == pla {
            let h = board.head_at(q);
            if !is_head_seen[h] {
                is_head_seen[h] = true;
                heads.push(h);
            }
        }
    }
    let mut killed = vec![false; heads.len()];
    let mut vital_count = vec![0u16; len];
    loop {
        for &h in &heads {
            vital_count[h] = 0;
        }
        for r in regions.iter().filter(|r| !r.borders_dead) {
            for &h in &r.vital[..r.n_vital as usize] {
                vital_count[h as usize] += 1;
            }
        }
        let mut changed = false;
        for (i, &h) in heads.iter().enumerate() {
            if killed[i] || vital_count[h] >= 2 {
                continue;
            }
            killed[i] = true;
            changed = true;
            for s in board.chain_stones_at(h) {
                for n in board.nbrs(s) {
                    let r = region_of[n];
                    if r != NONE {
                        regions[r as usize].borders_dead = true;
                    }
                }
            }
        }
        if !changed {
            break;
        }
    }
    for (i, &h) in heads.iter().enumerate() {
        if !killed[i] {
            for s in board.chain_stones_at(h) {
                alive[s] = pla;
            }
        }
    }
    if !any_pla {
        return;
    }
    for r in &regions {
        if r.internal <= 1 && !r.borders_dead {
            for &q in &members[r.start as usize..r.end as usize] {
                territory[q as usize] = pla;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};

    fn b(s: &str) -> Board {
        read_board(s, InputFormat::Text).unwrap()
    }

    #[test]
    fn empty_and_stoneless_boards_have_nothing() {
        let pa = pass_alive(&Board::square(5).unwrap(), true);
        assert!(pa.territory_points(Color::Black).is_empty());
        assert!(pa.territory_points(Color::White).is_empty());
        // a lone stone has one region (the rest of the board): not alive
        let pa = pass_alive(&b("...\n.X.\n...\n"), false);
        assert!(!pa.is_pass_alive(Point::new(1, 1)));
    }

    #[test]
    fn whole_board_two_eyes() {
        // black fills a 3x3 board but for two separate points
        let pa = pass_alive(&b("X.X\nXXX\nX.X\n"), false);
        assert_eq!(pa.alive_stones(Color::Black).len(), 7);
        assert_eq!(
            pa.territory_points(Color::Black),
            vec![Point::new(1, 0), Point::new(1, 2)]
        );
        assert_eq!(pa.owner(Point::new(0, 0)), Some(Color::Black));
    }
}
