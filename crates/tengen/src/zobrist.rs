//! Zobrist keys for position hashes.
//!
//! One 64-bit key per (colour, padded board index): the outputs of splitmix64 from a fixed seed,
//! so hashes are the same in every run and on every machine. Native builds read them from a
//! table generated at compile time; WebAssembly builds compute each key when it is needed
//! ([`key_at`]: splitmix64's state after k steps is the seed plus k times its increment), which
//! keeps the 46 KB table out of the `.wasm`.

/// Number of padded indices of the largest board: (52 + 2) rows of (52 + 1) cells, plus one.
pub(crate) const MAX_CELLS: usize =
    (crate::MAX_SIZE as usize + 2) * (crate::MAX_SIZE as usize + 1) + 1;

/// The generator's seed ("tengen-1") and its increment per step.
const SEED: u64 = 0x7465_6E67_656E_2D31;
const STEP: u64 = 0x9E37_79B9_7F4A_7C15;

/// splitmix64's output function.
const fn mix(s: u64) -> u64 {
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The key of colour index `ci` (0 Black, 1 White) at padded index `p`: output number
/// `ci * MAX_CELLS + p` of the generator, computed directly.
#[cfg_attr(not(any(target_arch = "wasm32", test)), allow(dead_code))]
#[inline(always)]
pub(crate) const fn key_at(ci: usize, p: usize) -> u64 {
    let k = (ci * MAX_CELLS + p) as u64;
    mix(SEED.wrapping_add(k.wrapping_add(1).wrapping_mul(STEP)))
}

/// The table of native builds, made by running the generator step by step.
#[cfg(not(target_arch = "wasm32"))]
const fn make_keys() -> [[u64; MAX_CELLS]; 2] {
    let mut keys = [[0u64; MAX_CELLS]; 2];
    let mut state = SEED;
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < MAX_CELLS {
            state = state.wrapping_add(STEP);
            keys[c][i] = mix(state);
            i += 1;
        }
        c += 1;
    }
    keys
}

/// Keys indexed by `[colour index][padded index]` (native builds).
#[cfg(not(target_arch = "wasm32"))]
pub(crate) static STONE_KEYS: [[u64; MAX_CELLS]; 2] = make_keys();

/// Key mixed into situational hashes when White is to move.
pub const WHITE_TO_MOVE: u64 = 0x5EC0_2D5A_11D7_0A5B;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_computed_keys_are_the_table() {
        for (c, row) in STONE_KEYS.iter().enumerate() {
            for (i, &k) in row.iter().enumerate() {
                assert_eq!(key_at(c, i), k, "colour {c} index {i}");
            }
        }
    }

    #[test]
    fn the_first_keys_are_splitmix64() {
        // the first two outputs of splitmix64 from the seed 0x74656E67656E2D31, worked out
        // apart from this file: hashes must not change when the generator's code does
        const FIRST_KEYS: [u64; 2] = [0x3D79_D389_C412_913B, 0xF225_F938_2DEC_122D];
        assert_eq!(STONE_KEYS[0][0], FIRST_KEYS[0]);
        assert_eq!(STONE_KEYS[0][1], FIRST_KEYS[1]);
    }

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
