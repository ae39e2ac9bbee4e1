//! Zobrist keys for position hashes.
//!
//! One 64-bit key per (colour, padded board index), generated at compile time from a fixed seed
//! with splitmix64, so hashes are the same in every run and on every machine.

/// Number of padded indices of the largest board: (52 + 2) rows of (52 + 1) cells, plus one.
pub(crate) const MAX_CELLS: usize =
    (crate::MAX_SIZE as usize + 2) * (crate::MAX_SIZE as usize + 1) + 1;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn make_keys() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0u64; MAX_CELLS]; 2];
    let mut state = 0x7465_6E67_656E_2D31; // "tengen-1"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            let (s, k) = splitmix(state);
            state = s;
            keys[c][i] = k;
            i += 1;
        }
        c += 1;
    }
    keys
}

/// Keys indexed by `[colour index][padded index]`.
pub(crate) static STONE_KEYS: [[u64; MAX_CELLS]; 2] = make_keys();

/// Key mixed into situational hashes when White is to move.
pub const WHITE_TO_MOVE: u64 = 0x5EC0_2D5A_11D7_0A5B;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_distinct() {
        let mut all: Vec<u64> = STONE_KEYS.iter().flatten().copied().collect();
        all.push(WHITE_TO_MOVE);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
    }
}
