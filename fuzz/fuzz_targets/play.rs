//! Random move sequences on random board sizes under every rule preset, in lockstep with the
//! naive rules model of `tests/common/naive.rs` (flood fills on a plain grid, every position
//! reached kept whole), which shares no code with `Board` or `Game`. After every move: the board's
//! incremental state (chains, liberties, counts, hash) equals a recomputation; the position,
//! captures, ko point and side to move equal the model's; a refused move is refused with the
//! model's reason and changes nothing; an accepted one removes the stones the model removes.
//! On boards up to 100 points `legal_moves_for` and `Board::legal_moves` are compared with the
//! model's legal points. At the end, undoing every move restores each earlier position and
//! finally the start exactly.
#![no_main]

#[path = "../../crates/tengen-cli/tests/common/naive.rs"]
#[allow(dead_code)]
mod naive;

use libfuzzer_sys::fuzz_target;
use naive::{slot, stone, Model};
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
    let mut model = Model::new(w, h, rules);
    // Odd byte 3: white moves first.
    if data[3] & 1 == 1 {
        game.set_to_move(Color::White);
        model.set_to_move(Color::White);
    }
    let point = |i: usize| Point::new((i % w) as u8, (i / w) as u8);
    let start = game.clone();
    let mut history = vec![(
        game.board().clone(),
        game.to_move(),
        game.captures(Color::Black),
        game.captures(Color::White),
    )];
    let full_check = w * h <= 100;
    for chunk in data[4..].chunks(2) {
        let color = game.to_move();
        assert_eq!(color, model.to_move, "side to move");
        if full_check {
            let want: Vec<Point> = model.legal_moves(color).into_iter().map(point).collect();
            assert_eq!(game.legal_moves_for(color), want, "legal_moves_for");
            let want: Vec<Point> = model
                .board_legal_moves(color)
                .into_iter()
                .map(point)
                .collect();
            assert_eq!(
                game.board().legal_moves(color, &rules),
                want,
                "Board::legal_moves"
            );
        }
        let before = game.board().clone();
        if chunk.len() < 2 || chunk[0] == 255 {
            game.play(Move::Pass).expect("a pass is always legal");
            model.pass(color);
        } else {
            let (x, y) = (chunk[0] as usize % w, chunk[1] as usize % h);
            let i = y * w + x;
            let mv = Move::Play(point(i));
            let expected = model.outcome(i, color);
            let checked = game.check(color, mv);
            match (game.play(mv), expected) {
                (Ok(()), Ok(_)) => {
                    assert!(checked.is_ok(), "check refused a legal move: {checked:?}");
                    let o = model.play(i, color);
                    let mut removed: Vec<Point> = game.board().last_removed().collect();
                    removed.sort_by_key(|p| (p.y, p.x));
                    let want: Vec<Point> = o.removed().into_iter().map(point).collect();
                    assert_eq!(removed, want, "stones removed by {mv:?}");
                }
                (Err(e), Err(reason)) => {
                    assert_eq!(e.reason, reason, "reason for refusing {mv:?}");
                    assert_eq!(checked, Err(e), "check and play refuse differently");
                    assert_eq!(game.board(), &before, "a refused move changed the board");
                    continue;
                }
                (ours, model_says) => {
                    panic!(
                        "{color:?} {mv:?}: engine {ours:?}, model {:?}",
                        model_says.err()
                    )
                }
            }
        }
        let b = game.board();
        b.check_consistency().expect("consistent after play");
        for (i, p) in size.points().enumerate() {
            assert_eq!(b.get(p).map_or(0, stone), model.grid.cells[i], "cell {p}");
        }
        for c in Color::ALL {
            assert_eq!(game.captures(c), model.captures[slot(c)], "captures");
        }
        assert_eq!(b.ko(), model.ko.map(|(k, c)| (point(k), c)), "ko point");
        history.push((
            b.clone(),
            game.to_move(),
            game.captures(Color::Black),
            game.captures(Color::White),
        ));
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
