//! Random move sequences on random board sizes under every rule preset. After every move:
//! the board's incremental state (chains, liberties, counts, hash) equals a recomputation;
//! `legal_moves` equals the points `is_legal` accepts, and `check` agrees with `play`. At the
//! end, undoing every move restores each earlier position and finally the start exactly.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::{Color, Game, Move, Point, Preset, Size};

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let w = 1 + (data[0] as usize % 25);
    let h = 1 + (data[1] as usize % 25);
    let size = Size::new(w, h).expect("1..=25 is a valid size");
    let rules = Preset::ALL[data[2] as usize % Preset::ALL.len()].rules();
    let mut game = Game::new(size, rules);
    // A few setup stones may be placed by the first bytes (odd byte 3: black to start as white).
    if data[3] & 1 == 1 {
        game.set_to_move(Color::White);
    }
    let start = game.clone();
    let mut history = vec![(
        game.board().clone(),
        game.to_move(),
        game.captures(Color::Black),
        game.captures(Color::White),
    )];
    let full_check = w * h <= 100;
    for chunk in data[4..].chunks(2) {
        let mv = if chunk.len() < 2 || chunk[0] == 255 {
            Move::Pass
        } else {
            Move::Play(Point::new(
                (chunk[0] as usize % w) as u8,
                (chunk[1] as usize % h) as u8,
            ))
        };
        let color = game.to_move();
        let checked = game.check(color, mv);
        if full_check {
            let legal = game.legal_moves_for(color);
            let accepted: Vec<Point> = size
                .points()
                .filter(|&p| game.is_legal(color, Move::Play(p)))
                .collect();
            let mut sorted = legal.clone();
            sorted.sort_by_key(|p| (p.y, p.x));
            let mut acc = accepted.clone();
            acc.sort_by_key(|p| (p.y, p.x));
            assert_eq!(sorted, acc, "legal_moves differs from is_legal");
        }
        let before = game.board().clone();
        match game.play(mv) {
            Ok(()) => {
                assert!(
                    checked.is_ok(),
                    "play accepted what check refused: {checked:?}"
                );
                game.board()
                    .check_consistency()
                    .expect("consistent after play");
                history.push((
                    game.board().clone(),
                    game.to_move(),
                    game.captures(Color::Black),
                    game.captures(Color::White),
                ));
            }
            Err(e) => {
                assert_eq!(checked, Err(e), "check and play disagree");
                assert_eq!(game.board(), &before, "a refused move changed the board");
            }
        }
    }
    history.pop();
    while let Some((board, to_move, cb, cw)) = history.pop() {
        game.undo().expect("a move to undo");
        game.board()
            .check_consistency()
            .expect("consistent after undo");
        assert_eq!(game.board(), &board, "undo did not restore the position");
        assert_eq!(game.board().hash(), board.hash());
        assert_eq!(game.to_move(), to_move);
        assert_eq!(
            (game.captures(Color::Black), game.captures(Color::White)),
            (cb, cw)
        );
    }
    assert!(game.undo().is_none());
    assert_eq!(game.board(), start.board());
    assert_eq!(game.move_count(), 0);
});
