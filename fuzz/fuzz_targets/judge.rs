//! The judge of finished games (`tengen judge`, the analysis server's dead stones) on
//! arbitrary positions: any bytes give a board of 1x1 to 19x19 (chains left without liberties
//! removed), rules, the side to move and a few playouts. The judgement must list every chain
//! once, in order, with its own stones; the dead stones must be the stones of the chains judged
//! dead; the ownership must cover the board within -1..=1; confidences lie in 0..=1; and the
//! same seed must give the same judgement.
#![no_main]

#[path = "../board_bytes.rs"]
mod board_bytes;

use board_bytes::{board_from_bytes, size_from_bytes};
use libfuzzer_sys::fuzz_target;
use tengen::count::Position;
use tengen::judge::{judge, Options, Status};
use tengen::{Color, Point, Preset};

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let size = size_from_bytes(data[0], data[1], 19);
    let rules = Preset::ALL[data[2] as usize % Preset::ALL.len()].rules();
    let to_move = if data[3] & 1 == 0 {
        Color::Black
    } else {
        Color::White
    };
    let opts = Options {
        playouts: u32::from(data[3] >> 1) % 16,
        seed: u64::from(data[3]),
        ..Options::default()
    };
    let board = board_from_bytes(size, &data[4..]);
    board.check_consistency().expect("setup board consistent");

    let pos = Position {
        to_move,
        ..Position::new(board.clone(), rules)
    };
    let j = judge(&pos, &opts);
    let ownership = j.ownership.clone().expect("a judgement has ownership");
    let key = |p: &Point| (p.y, p.x);
    let mut stones: Vec<Point> = Vec::new();
    let mut dead: Vec<Point> = Vec::new();
    let mut firsts = Vec::new();
    for c in &j.chains {
        assert!(!c.stones.is_empty(), "an empty chain");
        assert!(
            c.stones.windows(2).all(|s| key(&s[0]) < key(&s[1])),
            "stones unsorted"
        );
        for p in &c.stones {
            assert_eq!(
                board.get(*p),
                Some(c.color),
                "a chain's stone is not its colour"
            );
        }
        assert_eq!(
            board.chain(c.stones[0]).map(|ch| ch.stones.len()),
            Some(c.stones.len()),
            "a chain of the judgement is not a chain of the board"
        );
        assert!(
            (0.0..=1.0).contains(&c.confidence),
            "confidence {}",
            c.confidence
        );
        firsts.push(key(&c.stones[0]));
        stones.extend(&c.stones);
        if c.status == Status::Dead {
            dead.extend(&c.stones);
        }
        if c.status == Status::Seki {
            assert!(
                c.stones.iter().all(|p| j.seki.contains(p)),
                "seki stones unlisted"
            );
        }
    }
    assert!(
        firsts.windows(2).all(|f| f[0] < f[1]),
        "chains out of order"
    );
    stones.sort_by_key(key);
    let on_board: Vec<Point> = size.points().filter(|&p| board.get(p).is_some()).collect();
    let mut on_board_sorted = on_board.clone();
    on_board_sorted.sort_by_key(key);
    assert_eq!(
        stones, on_board_sorted,
        "chains do not cover the stones once"
    );
    dead.sort_by_key(key);
    assert_eq!(j.dead, dead, "dead stones are not the dead chains' stones");
    assert_eq!(
        ownership.len(),
        size.width() * size.height(),
        "ownership of another board"
    );
    assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    let _ = j.result().to_string();

    let again = judge(&pos, &opts);
    assert_eq!(again.chains, j.chains, "same seed, another judgement");
    assert_eq!(again.dead, j.dead);
});
