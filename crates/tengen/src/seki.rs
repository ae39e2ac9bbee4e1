//! Seki, in one place: the *shared liberty in seki* (an empty point next to both colours
//! where a stone of either colour would capture nothing and be left in atari), the chains in
//! seki of a finished position, and the regions the seki tax takes. The exact count
//! ([`crate::score`], under a seki tax) finds the chains in seki after filling the harmless
//! dame on a copy; the judge ([`crate::judge`]) tests the shared liberties of its settled
//! board directly and the seki its playouts misread. Both use the definitions here.

use crate::board::EMPTY;
use crate::territory::TerritoryMap;
use crate::{Board, Color, KoRule, Rules};

/// Whether the point `q` has stones of both colours next to it (a dame, when it is empty).
pub(crate) fn next_to_both(b: &Board, q: usize) -> bool {
    let nb = b.nbrs(q);
    nb.iter().any(|&n| b.cell(n) == 1) && nb.iter().any(|&n| b.cell(n) == 2)
}

/// Whether the empty point `q` is a shared liberty in seki: next to both colours, and a stone
/// of either colour there would capture nothing and be left in atari.
pub(crate) fn shared_liberty(b: &Board, q: usize) -> bool {
    next_to_both(b, q) && self_atari(b, q, 1) && self_atari(b, q, 2)
}

/// Whether colour `c` at the empty point `q` captures nothing and leaves its chain with at
/// most one liberty.
pub(crate) fn self_atari(b: &Board, q: usize, c: u8) -> bool {
    let mut libs: Vec<usize> = Vec::with_capacity(4);
    let mut seen_heads = [0usize; 4];
    let mut nh = 0;
    for n in b.nbrs(q) {
        match b.cell(n) {
            EMPTY if !libs.contains(&n) => libs.push(n),
            v if v == c => {
                let h = b.head_at(n);
                if seen_heads[..nh].contains(&h) {
                    continue;
                }
                seen_heads[nh] = h;
                nh += 1;
                for s in b.chain_stones_at(h) {
                    for m in b.nbrs(s) {
                        if m != q && b.cell(m) == EMPTY && !libs.contains(&m) {
                            libs.push(m);
                        }
                    }
                }
            }
            v if v == (c ^ 3) && b.libs_at(n) == 1 => return false,
            _ => {}
        }
        if libs.len() >= 2 {
            return false;
        }
    }
    libs.len() < 2
}

/// Whether colour `c` filling the empty point `q` is harmless, the one test of a dame fill
/// (the exact count's fill before it looks for seki, and the judge's end of the game): it
/// captures nothing (so it is no ko retake either) and leaves its chain two liberties or more
/// (so it is no suicide).
pub(crate) fn harmless_fill(b: &Board, q: usize, c: u8) -> bool {
    !self_atari(b, q, c)
        && !b
            .nbrs(q)
            .iter()
            .any(|&n| b.cell(n) == c ^ 3 && b.libs_at(n) == 1)
}

/// Stones in seki (padded index → bool), as [`crate::score`]'s module docs define them: the
/// harmless dame filled on a copy, the chains next to a [`shared_liberty`] that remains.
pub(crate) fn stones_in_seki(board: &Board) -> Vec<bool> {
    let fill_rules = Rules {
        ko: KoRule::None,
        multi_stone_suicide: false,
        ..Rules::default()
    };
    let mut s = board.clone();
    let mut map = TerritoryMap::new();
    loop {
        map.compute(&s);
        let mut filled = false;
        for q in s.all_pos().collect::<Vec<_>>() {
            if s.cell(q) != EMPTY || map.region_bits(map.region_at(q)) != 3 {
                continue;
            }
            let p = s.point(q);
            // the harmless fill that leaves its chain the most liberties
            let mut best: Option<(usize, Color)> = None;
            for c in Color::ALL {
                if !harmless_fill(&s, q, c.digit()) {
                    continue;
                }
                let a = s.analyze(p, c, &fill_rules);
                if best.is_none_or(|(l, _)| a.liberties_after > l) {
                    best = Some((a.liberties_after, c));
                }
            }
            if let Some((_, c)) = best {
                if s.play(p, c, &fill_rules).is_ok() {
                    filled = true;
                    // the regions changed: recompute before judging further points
                    map.compute(&s);
                }
            }
        }
        if !filled {
            break;
        }
    }
    let mut seki = vec![false; s.padded_len()];
    for q in s.all_pos() {
        // a neutral point no stone can fill harmlessly: a shared liberty in seki (a chain in
        // atari next to it would mean a pending capture, which `shared_liberty` excludes: a
        // stone there captures)
        if s.cell(q) != EMPTY || !shared_liberty(&s, q) {
            continue;
        }
        for n in s.nbrs(q) {
            let v = s.cell(n);
            if (v == 1 || v == 2) && !seki[n] {
                for st in s.chain_stones_at(n) {
                    seki[st] = true;
                }
            }
        }
    }
    // stones of the original board only (fills are not on it)
    for q in board.all_pos() {
        if board.cell(q) == EMPTY {
            seki[q] = false;
        }
    }
    seki
}

/// The regions the seki tax takes (by region index of `map`, computed on `b`): the regions
/// bordered by stones in seki and by no other stone, the eyes of groups in seki. A region that
/// also borders a stone of its colour not in seki is the territory of a living group that the
/// seki stones are connected to through it: it counts (in an open corner a chain next to a
/// dame would otherwise take the whole area around it down with it).
pub(crate) fn seki_taxed_regions(
    b: &Board,
    map: &TerritoryMap,
    seki_stone: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let mut by_seki = vec![false; map.region_count()];
    let mut by_other = vec![false; map.region_count()];
    for q in b.all_pos() {
        if b.cell(q) != EMPTY {
            continue;
        }
        let r = map.region_at(q);
        for n in b.nbrs(q) {
            if matches!(b.cell(n), 1 | 2) {
                if seki_stone(n) {
                    by_seki[r] = true;
                } else {
                    by_other[r] = true;
                }
            }
        }
    }
    by_seki
        .iter()
        .zip(&by_other)
        .map(|(&s, &o)| s && !o)
        .collect()
}
