//! Soundness of the board's public API for every input: on random positions of many sizes up
//! to 52x52, every public function that takes a point is called with every point of a 60x60
//! grid (and a few far-off points). Off-board points must give an error, `None` or nothing;
//! on-board points must agree with a plain model (the hash after a move with the hash after
//! playing it, the move's legality with `play`). In a release build without these checks an
//! unchecked index would be undefined behaviour, which is what this test (under Miri, and in
//! the fuzz targets under AddressSanitizer) looks for.

use tengen::benson::pass_alive;
use tengen::score::{score, ScoreOptions};
use tengen::territory::{territory_at, Owner, TerritoryMap};
use tengen::{Board, Color, Game, Move, Point, Reason, Rules, Size};

/// A small deterministic generator (xorshift64*).
struct Gen(u64);

impl Gen {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A position of `size` from random legal plays (about a third of the board filled).
fn random_board(size: Size, g: &mut Gen) -> Board {
    let rules = Rules::from_name("tromp-taylor").unwrap();
    let mut b = Board::new(size);
    let mut color = Color::Black;
    for _ in 0..size.area() / 2 {
        let p = Point::new(g.below(size.width()) as u8, g.below(size.height()) as u8);
        if b.play(p, color, &rules).is_ok() {
            color = color.opponent();
        }
    }
    b.check_consistency().unwrap();
    b
}

/// Every point of a 60x60 grid and a few far off the largest board. Under Miri, whose
/// interpreter is thousands of times slower, the lines where the layout changes instead: the
/// first two, the middle, the last two and the two past the edge of `size`, in both
/// directions, with the far points (every corner, edge and off-board neighbour still met).
fn probe_points(size: Size) -> Vec<Point> {
    let far = [
        Point::new(255, 255),
        Point::new(255, 0),
        Point::new(0, 255),
        Point::new(52, 52),
        Point::new(53, 0),
    ];
    let all: Vec<u8> = (0..60).collect();
    let lines = |n: usize| -> Vec<u8> {
        let mut v: Vec<u8> = [0, 1, n / 2, n.saturating_sub(2), n - 1, n, n + 1]
            .iter()
            .map(|&c| c as u8)
            .collect();
        v.sort_unstable();
        v.dedup();
        v
    };
    let (xs, ys) = if cfg!(miri) {
        (lines(size.width()), lines(size.height()))
    } else {
        (all.clone(), all)
    };
    ys.iter()
        .flat_map(|&y| xs.iter().map(move |&x| Point::new(x, y)))
        .chain(far)
        .collect()
}

const SIZES: [(usize, usize); 12] = [
    (1, 1),
    (2, 2),
    (1, 7),
    (5, 3),
    (7, 7),
    (9, 9),
    (13, 13),
    (19, 19),
    (25, 11),
    (37, 37),
    (52, 1),
    (52, 52),
];

#[test]
fn every_point_taking_function_accepts_every_point() {
    let mut g = Gen(0x0123_4567_89ab_cdef);
    let rules_all = [
        Rules::default(),
        Rules::from_name("tromp-taylor").unwrap(),
        Rules::from_name("japanese").unwrap(),
    ];
    // under Miri: the two suicide rules, each size once
    let rules_run = if cfg!(miri) {
        &rules_all[..2]
    } else {
        &rules_all[..]
    };
    for (k, &rules) in rules_run.iter().enumerate() {
        for (s, &(w, h)) in SIZES.iter().enumerate() {
            if cfg!(miri) && s % rules_run.len() != k {
                continue;
            }
            let size = Size::new(w, h).unwrap();
            let board = random_board(size, &mut g);
            let pa = pass_alive(&board, rules.multi_stone_suicide);
            let sc = score(&board, &ScoreOptions::new(rules)).unwrap();
            let mut map = TerritoryMap::new();
            map.compute(&board);
            // a map computed on another board may be asked about this one
            let mut other = TerritoryMap::new();
            other.compute(&Board::square(52).unwrap());
            let mut scratch = board.clone();
            for p in probe_points(size) {
                let on = size.contains(p);
                let stone = board.get(p);
                assert!(on || stone.is_none(), "{p} off {size} has a stone");
                assert_eq!(board.liberties(p).is_some(), stone.is_some(), "{p}");
                let chain = board.chain(p);
                assert_eq!(chain.is_some(), stone.is_some(), "{p}");
                if let (Some(c), Some(l)) = (&chain, board.liberties(p)) {
                    assert_eq!(c.liberties.len(), l, "{p}");
                    assert!(c.stones.contains(&p));
                }
                for color in [Color::Black, Color::White] {
                    let check = board.check(p, color, &rules);
                    assert_eq!(board.is_legal(p, color, &rules), check.is_ok());
                    let want = if !on {
                        Some(Reason::OffBoard)
                    } else if stone.is_some() {
                        Some(Reason::Occupied)
                    } else {
                        None
                    };
                    let hash = board.hash_after(p, color, rules.multi_stone_suicide);
                    match want {
                        Some(r) => {
                            assert_eq!(check.unwrap_err().reason, r, "{p} on {size}");
                            assert_eq!(hash.unwrap_err().reason, r, "{p} on {size}");
                        }
                        None => {
                            let h = hash.unwrap();
                            if check.is_ok() {
                                scratch.copy_from(&board);
                                scratch.play(p, color, &rules).unwrap();
                                assert_eq!(h, scratch.hash(), "hash_after {p} {color:?} on {size}");
                            }
                        }
                    }
                    // analyze copies the board for a legal move: every point on boards up to
                    // 25x25, a sample on larger ones, every point off the board
                    if !on || size.area() <= 625 || (p.x + p.y) % 11 == 0 {
                        let a = board.analyze(p, color, &rules);
                        assert_eq!(a.legality, check, "{p}");
                        if !on {
                            assert!(a.captures.is_empty() && !a.suicide && a.liberties_after == 0);
                        }
                    }
                    scratch.copy_from(&board);
                    assert_eq!(scratch.play(p, color, &rules).err(), check.err(), "{p}");
                    if check.is_err() {
                        assert_eq!(scratch, board, "a refused move at {p} changed the board");
                    }
                    scratch.copy_from(&board);
                    scratch.set_ko(p, color);
                    if !on || stone.is_some() {
                        assert_eq!(scratch.ko(), board.ko(), "set_ko {p} must be ignored");
                    } else {
                        assert_eq!(scratch.ko(), Some((p, color)));
                    }
                }
                scratch.copy_from(&board);
                let removed = scratch.remove_chain_at(p);
                assert_eq!(removed, chain.map_or(0, |c| c.stones.len()), "{p}");
                if removed == 0 {
                    assert_eq!(scratch, board);
                } else {
                    assert_eq!(scratch.get(p), None);
                }
                scratch.copy_from(&board);
                scratch.edit([(p, Some(Color::White))]);
                assert_eq!(scratch.get(p), on.then_some(Color::White), "edit {p}");
                if !on {
                    assert_eq!(scratch.hash(), board.hash());
                }
                // the one-pass map against the flood fill of one region
                let region = territory_at(&board, p.x as i64, p.y as i64);
                assert_eq!(region.is_ok(), on, "territory_at {p}");
                if let Ok(t) = region {
                    assert_eq!(map.owner(&board, p), t.owner, "{p}");
                }
                // asked about a board it was not computed on: an answer, not a stale index
                let _ = other.owner(&board, p);
                if !on {
                    assert_eq!(map.owner(&board, p), Owner::None);
                    assert_eq!(sc.owner(p), None);
                    assert!(!sc.is_seki(p));
                    assert!(!pa.is_pass_alive(p));
                    assert_eq!(pa.territory(p), None);
                    assert_eq!(pa.owner(p), None);
                }
            }
            // the boards touched above stay consistent
            scratch.check_consistency().unwrap();
            board.check_consistency().unwrap();
        }
    }
}

#[test]
fn game_functions_accept_every_point() {
    let mut g = Gen(42);
    let sizes: &[(usize, usize)] = if cfg!(miri) {
        &[(9, 9), (3, 8)]
    } else {
        &[(9, 9), (19, 19), (52, 52), (3, 8)]
    };
    for &(w, h) in sizes {
        let size = Size::new(w, h).unwrap();
        for rules in [
            Rules::from_name("tromp-taylor").unwrap(),
            Rules::from_name("chinese").unwrap(),
        ] {
            let mut game = Game::from_board(random_board(size, &mut g), Color::Black, rules);
            for p in probe_points(size) {
                let mv = Move::Play(p);
                let check = game.check(game.to_move(), mv);
                assert_eq!(game.is_legal(game.to_move(), mv), check.is_ok());
                if !size.contains(p) {
                    assert_eq!(check.unwrap_err().reason, Reason::OffBoard);
                    assert!(game.play(mv).is_err());
                }
            }
        }
    }
}

#[test]
fn hash_after_off_the_board_is_an_error() {
    // the case of issue 13: a release build read out of bounds here
    let board = Board::square(9).unwrap();
    let e = board
        .hash_after(Point::new(20, 20), Color::Black, false)
        .unwrap_err();
    assert_eq!(e.reason, Reason::OffBoard);
    assert_eq!(e.point, Point::new(20, 20));
    assert_eq!(e.to_string(), "off board at 20 20");
    for p in [Point::new(9, 0), Point::new(0, 9), Point::new(255, 255)] {
        assert_eq!(
            board.hash_after(p, Color::White, true).unwrap_err().reason,
            Reason::OffBoard
        );
    }
    let mut b = board.clone();
    b.play(Point::new(4, 4), Color::Black, &Rules::default())
        .unwrap();
    assert_eq!(
        b.hash_after(Point::new(4, 4), Color::White, false)
            .unwrap_err()
            .reason,
        Reason::Occupied
    );
    assert!(b.hash_after(Point::new(8, 8), Color::White, false).is_ok());
}
