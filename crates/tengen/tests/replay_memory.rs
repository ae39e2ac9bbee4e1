//! Replay's memory follows the moves it plays, not the shape of the tree: records that the
//! zero-copy scanner hands to the tree parser (variations, several games) are read without
//! building their tree (issue 27, item 7: a 79 MB file of 9.9M one-move variations took
//! 4.5 GB). A counting global allocator measures the peak of the heap during one replay.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tengen::sgf::{ReplayOptions, Replayer};

struct Counting;

thread_local! {
    // const-initialised and without a destructor: usable from inside the allocator
    static LIVE: Cell<usize> = const { Cell::new(0) };
    static PEAK: Cell<usize> = const { Cell::new(0) };
}

fn grow(n: usize) {
    let _ = LIVE.try_with(|l| {
        let v = l.get() + n;
        l.set(v);
        let _ = PEAK.try_with(|p| p.set(p.get().max(v)));
    });
}

fn shrink(n: usize) {
    let _ = LIVE.try_with(|l| l.set(l.get().saturating_sub(n)));
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        grow(l.size());
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        shrink(l.size());
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        grow(n);
        shrink(l.size());
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// The peak heap in use above the level at the start while `f` runs, in bytes (this
/// thread's allocations only).
fn peak_of<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let base = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(base));
    let out = f();
    (out, PEAK.with(Cell::get) - base)
}

// One test function, so every allocation measured is on this thread.
#[test]
fn replay_memory_follows_the_moves_not_the_variations() {
    let mut r = Replayer::new();
    let opts = ReplayOptions::default();

    // 200,000 one-move variations under the root: 1.6 MB of text, one move replayed. The
    // tree took about 450 bytes per node (90 MB); replay may now use a tenth of the file.
    let n = 200_000;
    let mut sgf = b"(;GM[1]SZ[19]".to_vec();
    for _ in 0..n {
        sgf.extend_from_slice(b"(;B[aa])");
    }
    sgf.push(b')');
    let (rep, peak) = peak_of(|| r.replay(&sgf, &opts).unwrap());
    assert_eq!((rep.moves, rep.error), (1, None));
    assert!(rep.warnings.is_empty(), "{:?}", rep.warnings);
    assert!(
        peak < sgf.len() / 10,
        "replay of {n} variations peaked at {peak} bytes of heap for {} bytes of file",
        sgf.len()
    );

    // A 200,000-move main line that the scanner cannot take (a variation at its end): the
    // events of the moves, a few bytes each, not a tree of 200,000 nodes.
    let mut sgf = b"(;GM[1]SZ[19]".to_vec();
    for _ in 0..n {
        sgf.extend_from_slice(b";B[]");
    }
    sgf.extend_from_slice(b"(;W[aa])(;W[bb]))");
    let (rep, peak) = peak_of(|| r.replay(&sgf, &opts).unwrap());
    assert_eq!((rep.moves, rep.error), (n + 1, None));
    assert!(
        peak < 32 * n,
        "replay of a {n}-move main line with a variation peaked at {peak} bytes of heap"
    );

    // Several games: only the first is kept, the others are counted for the warning.
    let mut sgf = Vec::new();
    for _ in 0..n / 10 {
        sgf.extend_from_slice(b"(;GM[1]SZ[9];B[aa];W[bb];B[cc];W[dd])");
    }
    let (rep, peak) = peak_of(|| r.replay(&sgf, &opts).unwrap());
    assert_eq!(rep.moves, 4);
    assert_eq!(
        rep.warnings[0].message,
        format!(
            "the file holds {} games; only the first is replayed",
            n / 10
        )
    );
    assert!(
        peak < sgf.len() / 10,
        "replay of {} games peaked at {peak} bytes of heap for {} bytes of file",
        n / 10,
        sgf.len()
    );
}
