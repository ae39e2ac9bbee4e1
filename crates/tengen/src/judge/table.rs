//! The judge's one table: a row per chain (its stones, colour, group, the estimate, and the
//! judgement with the stage that made it and why) and a row per group (the chains of one
//! colour that share liberties). Every stage reads and writes this table; nothing else
//! carries a chain's state from one stage to the next.

use crate::board::EMPTY;
use crate::{Board, Color, Point};

use super::{Reason, Stage, Status};

/// One chain of the position.
#[derive(Clone, Debug)]
pub(super) struct Chain {
    /// The padded index of its first stone in (y, x) order.
    pub head: usize,
    /// Its colour.
    pub color: Color,
    /// Its stones, sorted by (y, x).
    pub stones: Vec<Point>,
    /// Its group: an index into [`Table::groups`].
    pub group: usize,
    /// The playouts' mean ownership of its stones on its own side, −1 to 1 (0 without
    /// playouts).
    pub value: f32,
    /// The decision so far.
    pub status: Status,
    /// The stage that made it.
    pub stage: Stage,
    /// Why.
    pub reason: Reason,
    /// How sure the decision is, 0 to 1.
    pub confidence: f32,
}

impl Chain {
    /// Whether the chain is decided as it stands by the stage that cannot be overruled.
    pub fn certain(&self) -> bool {
        self.stage == Stage::Certain
    }

    /// Record a decision.
    pub fn decide(&mut self, status: Status, stage: Stage, reason: Reason, confidence: f32) {
        self.status = status;
        self.stage = stage;
        self.reason = reason;
        self.confidence = confidence;
    }
}

/// The chains of one colour that share liberties (directly or through each other).
#[derive(Clone, Debug)]
pub(super) struct Group {
    /// Its stones.
    pub stones: u32,
    /// The sum over its chains of the chain's value times its stones.
    pub value_sum: f32,
}

impl Group {
    /// The mean ownership of its stones on its own side.
    pub fn value(&self) -> f32 {
        self.value_sum / self.stones.max(1) as f32
    }
}

/// The table of chains and groups of a board.
pub(super) struct Table {
    /// The chains, in the order of their first stone (y, x).
    pub chains: Vec<Chain>,
    /// The groups.
    pub groups: Vec<Group>,
    /// Per padded point, the index of the chain on it (`usize::MAX` where there is none).
    pub chain_of: Vec<usize>,
}

impl Table {
    /// The chains and groups of `board`, every chain alive and decided by nobody yet (the
    /// estimated stage's "no estimate").
    pub fn new(board: &Board) -> Table {
        let len = board.padded_len();
        let mut chains: Vec<Chain> = Vec::new();
        let mut chain_of = vec![usize::MAX; len];
        for q in board.all_pos() {
            let v = board.cell(q);
            if v != 1 && v != 2 {
                continue;
            }
            let h = board.head_at(q);
            if chain_of[h] == usize::MAX {
                chain_of[h] = chains.len();
                chains.push(Chain {
                    head: q,
                    color: Color::from_digit(v).unwrap_or(Color::Black),
                    stones: Vec::new(),
                    group: 0,
                    value: 0.0,
                    status: Status::Alive,
                    stage: Stage::Estimated,
                    reason: Reason::NoEstimate,
                    confidence: 0.0,
                });
            }
            let c = chain_of[h];
            chain_of[q] = c;
            chains[c].stones.push(board.point(q));
        }
        // groups: same-colour chains sharing a liberty
        let nc = chains.len();
        let mut parent: Vec<usize> = (0..nc).collect();
        fn find(parent: &mut [usize], mut a: usize) -> usize {
            while parent[a] != a {
                parent[a] = parent[parent[a]];
                a = parent[a];
            }
            a
        }
        for q in board.all_pos() {
            if board.cell(q) != EMPTY {
                continue;
            }
            let mut first = [usize::MAX; 3];
            for nb in board.nbrs(q) {
                let v = board.cell(nb);
                if v == 1 || v == 2 {
                    let c = chain_of[nb];
                    let f = &mut first[v as usize];
                    if *f == usize::MAX {
                        *f = c;
                    } else {
                        let (a, b) = (find(&mut parent, *f), find(&mut parent, c));
                        parent[a] = b;
                    }
                }
            }
        }
        let mut group_of_root = vec![usize::MAX; nc];
        let mut groups = Vec::new();
        for (c, chain) in chains.iter_mut().enumerate() {
            let r = find(&mut parent, c);
            if group_of_root[r] == usize::MAX {
                group_of_root[r] = groups.len();
                groups.push(Group {
                    stones: 0,
                    value_sum: 0.0,
                });
            }
            let g = group_of_root[r];
            chain.group = g;
            groups[g].stones += chain.stones.len() as u32;
        }
        Table {
            chains,
            groups,
            chain_of,
        }
    }

    /// Per chain, whether it is alive (not dead) so far.
    pub fn alive(&self) -> Vec<bool> {
        self.chains
            .iter()
            .map(|c| c.status != Status::Dead)
            .collect()
    }

    /// `board` without the chains judged dead, and the stones removed per capturer
    /// (`[by Black, by White]`).
    pub fn settled(&self, board: &Board) -> (Board, [u32; 2]) {
        let mut settled = board.clone();
        let mut dead_count = [0u32; 2];
        for c in &self.chains {
            if c.status == Status::Dead {
                dead_count[c.color.opponent().digit() as usize - 1] +=
                    settled.remove_chain_at(board.point(c.head)) as u32;
            }
        }
        (settled, dead_count)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::text::{read_board, InputFormat};

    #[test]
    fn chains_and_groups_of_a_board() {
        // two black chains sharing the liberty (1,0) are one group; the white pair another
        let b = read_board("X.X..\n...OO\n.....\n.....\n.....\n", InputFormat::Text).unwrap();
        let t = Table::new(&b);
        assert_eq!(t.chains.len(), 3);
        assert_eq!(t.chains[0].stones, vec![Point::new(0, 0)]);
        assert_eq!(t.chains[1].stones, vec![Point::new(2, 0)]);
        assert_eq!(t.chains[2].stones, vec![Point::new(3, 1), Point::new(4, 1)]);
        assert_eq!(t.chains[2].color, Color::White);
        assert_eq!(t.chains[0].group, t.chains[1].group);
        assert_ne!(t.chains[0].group, t.chains[2].group);
        assert_eq!(t.groups[t.chains[0].group].stones, 2);
        // nothing decided yet: every chain stays, with no estimate
        assert!(t.chains.iter().all(|c| c.status == Status::Alive
            && c.stage == Stage::Estimated
            && c.reason == Reason::NoEstimate));
        let mut t = t;
        t.chains[2].status = Status::Dead;
        let (s, dead) = t.settled(&b);
        assert_eq!(dead, [2, 0]);
        assert_eq!(s.get(Point::new(3, 1)), None);
    }
}
