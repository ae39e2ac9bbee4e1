//! No heap allocation per move or per playout: a counting global allocator watches the play
//! path and whole playouts once their buffers exist. Allocations are counted per thread: the
//! test harness's own threads (its timer, its output) allocate while the test runs, and a
//! global count saw them on a loaded machine.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use tengen::playout::{Playout, Rng};
use tengen::{Board, Color, Point, Rules};

struct Counting;

thread_local! {
    // const-initialised and without a destructor: usable from inside the allocator
    static ALLOCS: Cell<u64> = const { Cell::new(0) };
}

fn count() {
    let _ = ALLOCS.try_with(|c| c.set(c.get() + 1));
}

/// Allocations made so far by this thread.
fn allocs() -> u64 {
    ALLOCS.with(Cell::get)
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        count();
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// One test function, so the test's allocations are all on one thread.
#[test]
fn play_and_playouts_do_not_allocate() {
    // Board::play on random points of a 19x19 board.
    let rules = Rules::default();
    let mut board = Board::square(19).unwrap();
    let mut rng = Rng::new(5);
    let mut played = 0;
    let before = allocs();
    for i in 0..20_000 {
        let p = Point::new(rng.below(19) as u8, rng.below(19) as u8);
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        if board.play(p, c, &rules).is_ok() {
            played += 1;
        }
    }
    let after = allocs();
    assert!(played > 1_000, "only {played} legal moves");
    assert_eq!(after - before, 0, "Board::play allocated");

    // Whole playouts, after the first has sized everything.
    for size in [9, 19] {
        let mut p = Playout::new(Board::square(size).unwrap(), Color::Black);
        let mut rng = Rng::new(9);
        p.run(&mut rng);
        let before = allocs();
        let mut moves = 0;
        for _ in 0..500 {
            moves += p.run(&mut rng).moves;
        }
        let after = allocs();
        assert!(moves > 500 * 50);
        assert_eq!(after - before, 0, "{size}x{size} playouts allocated");
    }
}
