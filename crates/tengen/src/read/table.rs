//! The transposition table: proven results by position key, fixed size, always-replace.

/// One slot: the full key, the value (2 captured, 1 ko, 0 escaped) and the best move.
#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: u8,
    used: bool,
    mv: u16,
}

/// A fixed-size table of proven results, indexed by the low bits of the key.
pub(super) struct Table {
    entries: Box<[Entry]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` entries (`bits` clamped to 4..=26).
    pub(super) fn new(bits: u32) -> Table {
        let n = 1usize << bits.clamp(4, 26);
        Table {
            entries: vec![Entry::default(); n].into_boxed_slice(),
            mask: n - 1,
        }
    }

    /// The value and move stored for `key`.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<(u8, usize)> {
        let e = &self.entries[key as usize & self.mask];
        (e.used && e.key == key).then_some((e.value, e.mv as usize))
    }

    /// Store a proven result (replacing whatever the slot held).
    #[inline]
    pub(super) fn put(&mut self, key: u64, value: u8, mv: usize) {
        self.entries[key as usize & self.mask] = Entry {
            key,
            value,
            used: true,
            mv: mv as u16,
        };
    }
}
