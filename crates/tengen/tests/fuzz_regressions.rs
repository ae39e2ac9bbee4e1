//! Regression tests for what the fuzz targets (`fuzz/`) found, one test per finding, each
//! replaying the minimised input's meaning with the library.

use tengen::{Color, Game, Move, Point, Preset, Size};

/// fuzz target `play`, crash-8cac02088e3797c6682c2935af4bd750db3ac11c: undoing a multi-stone
/// suicide left the suicided stone itself on the board (10x1 board, New Zealand rules).
#[test]
fn undo_of_multi_stone_suicide_removes_the_played_stone() {
    let mut game = Game::new(Size::new(10, 1).unwrap(), Preset::NewZealand.rules());
    let p = |x| Move::Play(Point::new(x, 0));
    game.play_as(Color::Black, p(0)).unwrap();
    game.play_as(Color::White, p(2)).unwrap();
    let before = game.board().clone();
    // Black at 1 joins 0 into a chain without liberties: a legal multi-stone suicide.
    game.play_as(Color::Black, p(1)).unwrap();
    assert_eq!(game.board().get(Point::new(0, 0)), None);
    assert_eq!(game.captures(Color::White), 2);
    game.undo().unwrap();
    game.board().check_consistency().unwrap();
    assert_eq!(game.board(), &before);
    assert_eq!(game.board().get(Point::new(1, 0)), None);
    assert_eq!(game.board().get(Point::new(0, 0)), Some(Color::Black));
    assert_eq!(game.board().hash(), before.hash());
    assert_eq!(game.captures(Color::White), 0);
    // And the game goes on from the restored position.
    game.play_as(Color::Black, p(1)).unwrap();
    game.board().check_consistency().unwrap();
}
