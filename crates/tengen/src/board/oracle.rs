//! The consistency oracle: every derived field recomputed from the cells by plain flood
//! fill, independently of the incremental code, and compared.

use super::chain::stone_key;
use super::{Board, EMPTY, WALL};

impl Board {
    /// Recompute chains, liberties, counts and hash from scratch, independently of the
    /// incremental code, and compare. For tests and debugging.
    ///
    /// # Errors
    /// A description of the first disagreement found.
    pub fn check_consistency(&self) -> Result<(), String> {
        let (w, h) = (self.width(), self.height());
        let mut hash = 0u64;
        let mut stones = [0u32; 2];
        let mut empties = 0;
        // label chains by plain flood fill
        let mut label = vec![usize::MAX; self.cells.len()];
        for y in 0..h {
            for x in 0..w {
                let p = self.layout.pos(crate::Point::new(x as u8, y as u8));
                let v = self.cells[p];
                if v == WALL {
                    return Err(format!("wall inside the board at {x} {y}"));
                }
                if self.nbr[p] != self.count_neighbours(p) {
                    return Err(format!("neighbour counts of {x} {y} are wrong"));
                }
                if v == EMPTY {
                    empties += 1;
                    if self.empties[self.empty_at[p] as usize] as usize != p
                        || self.empty_at[p] as usize >= self.n_empty
                    {
                        return Err(format!("empty list misses {x} {y}"));
                    }
                    continue;
                }
                hash ^= stone_key(v, p);
                stones[v as usize - 1] += 1;
                if label[p] != usize::MAX {
                    continue;
                }
                let mut members = vec![p];
                label[p] = p;
                let mut i = 0;
                let mut libs = std::collections::BTreeSet::new();
                while i < members.len() {
                    let s = members[i];
                    i += 1;
                    for n in self.nbrs(s) {
                        if self.cells[n] == v && label[n] == usize::MAX {
                            label[n] = p;
                            members.push(n);
                        } else if self.cells[n] == EMPTY {
                            libs.insert(n);
                        }
                    }
                }
                let hd = self.head[p] as usize;
                if members.iter().any(|&s| self.head[s] as usize != hd) {
                    return Err(format!("chain at {x} {y} has mixed heads"));
                }
                if self.chain_size[hd] as usize != members.len() {
                    return Err(format!(
                        "chain at {x} {y}: size {} recorded, {} real",
                        self.chain_size[hd],
                        members.len()
                    ));
                }
                if self.lib_count(hd) as usize != libs.len() {
                    return Err(format!(
                        "chain at {x} {y}: {} liberties recorded, {} real",
                        self.lib_count(hd),
                        libs.len()
                    ));
                }
                let w = self.layout.words();
                let bit = |set: &[u64], q: usize| set[q >> 6] >> (q & 63) & 1 == 1;
                let recorded: Vec<usize> = (0..self.cells.len())
                    .filter(|&q| bit(&self.around[hd * w..], q))
                    .collect();
                let mut real: Vec<usize> = members.iter().flat_map(|&s| self.nbrs(s)).collect();
                real.sort_unstable();
                real.dedup();
                if recorded != real {
                    return Err(format!("chain at {x} {y}: surroundings set differs"));
                }
                // the circular list visits exactly the members
                let mut s = hd;
                let mut n = 0;
                loop {
                    if label[s] != p {
                        return Err(format!("chain list at {x} {y} leaves the chain"));
                    }
                    n += 1;
                    if n > members.len() {
                        return Err(format!("chain list at {x} {y} is too long"));
                    }
                    s = self.next[s] as usize;
                    if s == hd {
                        break;
                    }
                }
                if n != members.len() {
                    return Err(format!("chain list at {x} {y} is too short"));
                }
            }
        }
        if hash != self.hash {
            return Err("incremental hash differs from recomputed hash".into());
        }
        if stones != self.stones {
            return Err("stone counts differ".into());
        }
        if empties != self.n_empty {
            return Err("empty count differs".into());
        }
        for (p, &v) in self.cells.iter().enumerate() {
            if (self.empty_bits[p >> 6] >> (p & 63) & 1 == 1) != (v == EMPTY) {
                return Err(format!("empty set wrong at padded index {p}"));
            }
        }
        if self.ko != 0 && self.cells[self.ko as usize] != EMPTY {
            return Err("ko point is not empty".into());
        }
        Ok(())
    }
}
