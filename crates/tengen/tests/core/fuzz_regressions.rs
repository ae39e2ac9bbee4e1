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

/// fuzz target `read`: a race lost whatever its first mover plays answered with the first
/// move read, here the retake of a ko that mover may not retake now (3x3 board, Black's
/// corner stone against White's two, the ko point barred to Black). A lost race is a pass.
#[test]
fn a_lost_race_is_answered_with_a_pass() {
    use tengen::read::{RaceOutcome, ReadConfig, Reader};
    use tengen::Board;
    let mut board = Board::new(Size::new(3, 3).unwrap());
    board.edit([
        (Point::new(0, 0), Some(Color::Black)),
        (Point::new(1, 0), Some(Color::White)),
        (Point::new(2, 0), Some(Color::White)),
    ]);
    board.set_ko(Point::new(1, 1), Color::Black);
    let race = Reader::new(ReadConfig::default())
        .semeai(&board, Point::new(1, 0), Point::new(0, 0))
        .unwrap();
    assert_eq!(
        race.b_first.outcome,
        RaceOutcome::Win(Color::White),
        "{race:?}"
    );
    assert_eq!(race.b_first.mv, Move::Pass, "{race:?}");
    if let Move::Play(p) = race.a_first.mv {
        assert!(board.is_legal(p, Color::White, &Preset::Chinese.rules()));
    }
}
