//! Unchecked access to the board's padded arrays: the only `unsafe` of the board besides the
//! set kernels (`sets.rs`).
//!
//! # The invariant
//! Every index the board's hot paths pass here is below the length of the slice it indexes:
//! - a padded index is an on-board point (from a point checked against the size by the public
//!   API, from the empty-point list or from a chain's circular list, which hold only on-board
//!   indices), or a neighbour or diagonal of one, and every such index is below the padded
//!   length `Layout::len` (see "Bounds" in `layout.rs`); the per-cell arrays (`cells`, `head`,
//!   `next`, `chain_size`, `empty_at`, `nbr`, `marks`) have exactly that length (`Board::new`);
//! - a set word `i` is below `Layout::words`, the length of `empty_bits`, and a chain's set
//!   starts at `head * words` in `around`, which holds `len * words` words (`Board::new`);
//! - a slot of the empty-point list is below `n_empty <= area`, the length of `empties`, and a
//!   slot of `removed` is below `area` (a play removes at most every stone on the board);
//! - the Zobrist tables have `MAX_CELLS` entries, at least the padded length of the largest
//!   board (`zobrist.rs`);
//! - the playout kernel of `light.rs` holds the same arrays inline, each of at least the
//!   padded length (`Light::new` checks it), and its sets by head index (`around[head]`); its
//!   table of neighbour windows by point (`NBR_WINDOWS`) has as many entries as those arrays.
//!
//! Debug builds (and so the tests and Miri) check every access with `debug_assert!`.

/// Read `s[i]` without a bounds check; `i < s.len()` by the module's invariant.
#[inline(always)]
pub(crate) fn at<T: Copy>(s: &[T], i: usize) -> T {
    debug_assert!(i < s.len(), "index {i} out of {}", s.len());
    // SAFETY: `i < s.len()` by the invariant of this module (the index is a padded index, a
    // set word or a list slot, each below the length established in `Board::new`).
    unsafe { *s.get_unchecked(i) }
}

/// `&s[i]` without a bounds check; the same invariant as [`at`].
#[inline(always)]
pub(crate) fn at_ref<T>(s: &[T], i: usize) -> &T {
    debug_assert!(i < s.len(), "index {i} out of {}", s.len());
    // SAFETY: as in `at`: `i < s.len()` by the invariant of this module.
    unsafe { s.get_unchecked(i) }
}

/// `&mut s[i]` without a bounds check; the same invariant as [`at`].
#[inline(always)]
pub(crate) fn at_mut<T>(s: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < s.len(), "index {i} out of {}", s.len());
    // SAFETY: as in [`at`]: `i < s.len()` by the module's invariant.
    unsafe { s.get_unchecked_mut(i) }
}

/// `&s[h * w..(h + 1) * w]` (the bit set of chain head `h`) without a bounds check.
#[inline(always)]
pub(crate) fn set_of(s: &[u64], h: usize, w: usize) -> &[u64] {
    debug_assert!(
        (h + 1) * w <= s.len(),
        "set {h} of width {w} out of {}",
        s.len()
    );
    // SAFETY: `h` is a chain head, a padded index below `len`, and `s` is `around`, which
    // holds `len * w` words (`Board::new`), so `(h + 1) * w <= s.len()`.
    unsafe { s.get_unchecked(h * w..(h + 1) * w) }
}
