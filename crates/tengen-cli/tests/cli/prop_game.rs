//! Property tests of the rules core: random board sizes (1..=19, rectangular too), random
//! sequences of plays of either colour, passes and undos, under several rule sets.
//!
//! Each game runs in lockstep with the naive reference model of `tests/common/naive.rs` (a
//! grid, flood fills, every position reached kept whole), which shares no code with `Board` or
//! `Game`. After every step:
//! - the board equals the model's grid, stone by stone, and so do the simple-ko point, the
//!   captures and the side to move;
//! - `check_consistency()` passes and no chain is without a liberty;
//! - stones on the board = stones placed − stones removed, per colour;
//! - the incremental hash equals the hash of the same stones set up from scratch;
//! - `Game::check` gives the model's reason for every point and colour, `Game::legal_moves_for`
//!   and `Game::legal_moves` are the points the model accepts; `Board::check` and
//!   `Board::legal_moves` (the position alone, no superko) agree with the model's
//!   position-only judgement;
//! - a legal play's `hash_after` equals the hash after playing it;
//! - `undo` restores position, hash, ko state, captures, passes and side to move exactly.
//!
//! A second property: under positional superko no board position ever repeats in a game of legal
//! plays, and under situational superko no (position, side to move) does.

use crate::common;

use std::collections::HashSet;

use common::naive::{slot, stone, Grid, Model};
use proptest::prelude::*;
use tengen::{Board, Color, Game, KoRule, Move, Point, Reason, Rules, Size};

// ----------------------------------------------------------------------------------------------
// Checks

fn point(i: usize, w: usize) -> Point {
    Point::new((i % w) as u8, (i / w) as u8)
}

fn grid_of(board: &Board) -> Grid {
    let mut g = Grid::new(board.width(), board.height());
    for (i, p) in board.size().points().enumerate() {
        g.cells[i] = board.get(p).map_or(0, stone);
    }
    g
}

/// The same stones set up from scratch with `Board::edit`.
fn rebuilt(board: &Board) -> Board {
    let mut b = Board::new(board.size());
    b.edit(board.size().points().map(|p| (p, board.get(p))));
    b
}

/// Everything that must hold after every step.
fn check_state(game: &Game, model: &Model, placed: [usize; 2]) -> Result<(), TestCaseError> {
    let b = game.board();
    let w = b.width();
    prop_assert_eq!(&grid_of(b), &model.grid);
    b.check_consistency().map_err(TestCaseError::fail)?;
    prop_assert!(b.chains_without_liberties().is_empty());
    for c in Color::ALL {
        prop_assert_eq!(
            b.stone_count(c) as u64,
            placed[slot(c)] as u64 - game.captures(c.opponent()) as u64
        );
        prop_assert_eq!(game.captures(c), model.captures[slot(c)]);
        prop_assert_eq!(b.stone_count(c), model.grid.count(c));
    }
    prop_assert_eq!(
        b.stone_count(Color::Black) + b.stone_count(Color::White) + b.empty_count(),
        w * b.height()
    );
    prop_assert_eq!(rebuilt(b).hash(), b.hash());
    prop_assert_eq!(b.ko(), model.ko.map(|(i, c)| (point(i, w), c)));
    prop_assert_eq!(game.to_move(), model.to_move);
    let rules = *game.rules();
    let points =
        |cells: Vec<usize>| -> Vec<Point> { cells.into_iter().map(|i| point(i, w)).collect() };
    for c in Color::ALL {
        for (i, p) in b.size().points().enumerate() {
            prop_assert_eq!(
                game.check(c, Move::Play(p)).err().map(|e| e.reason),
                model.outcome(i, c).err(),
                "game: {:?} at {}",
                c,
                p
            );
            prop_assert_eq!(
                b.check(p, c, &rules).err().map(|e| e.reason),
                model.board_outcome(i, c).err(),
                "board: {:?} at {}",
                c,
                p
            );
        }
        prop_assert_eq!(game.legal_moves_for(c), points(model.legal_moves(c)));
        prop_assert_eq!(b.legal_moves(c, &rules), points(model.board_legal_moves(c)));
    }
    prop_assert_eq!(game.legal_moves(), points(model.legal_moves(model.to_move)));
    // off the board
    let off = Point::new(w as u8, 0);
    prop_assert_eq!(
        b.check(off, Color::Black, &rules).err().map(|e| e.reason),
        Some(Reason::OffBoard)
    );
    Ok(())
}

/// What undo must restore.
#[derive(Debug, PartialEq)]
struct Snapshot {
    board: Board,
    hash: u64,
    ko: Option<(Point, Color)>,
    captures: [u32; 2],
    to_move: Color,
    moves: usize,
    passes: u32,
    over: bool,
}

fn snapshot(g: &Game) -> Snapshot {
    Snapshot {
        board: g.board().clone(),
        hash: g.board().hash(),
        ko: g.board().ko(),
        captures: [g.captures(Color::Black), g.captures(Color::White)],
        to_move: g.to_move(),
        moves: g.move_count(),
        passes: g.consecutive_passes(),
        over: g.is_over(),
    }
}

// ----------------------------------------------------------------------------------------------
// Strategies

#[derive(Clone, Debug)]
enum Op {
    /// a stone of this colour (true = black) on point `at % area`, legal or not
    Play(bool, usize),
    /// the `k % n`-th of the `n` legal moves of the side to move (more captures and ko fights
    /// than random points on a large board)
    Legal(usize),
    Pass,
    Undo,
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (any::<bool>(), any::<usize>()).prop_map(|(c, at)| Op::Play(c, at)),
        6 => any::<usize>().prop_map(Op::Legal),
        1 => Just(Op::Pass),
        2 => Just(Op::Undo),
    ]
}

fn rule_sets() -> Vec<Rules> {
    let mut v: Vec<Rules> = [
        "task",
        "tromp-taylor",
        "chinese",
        "chinese-ogs",
        "japanese",
        "aga",
        "new-zealand",
    ]
    .iter()
    .map(|n| Rules::from_name(n).unwrap())
    .collect();
    // simple ko with multi-stone suicide, a combination no preset has
    v.push(Rules {
        ko: KoRule::Simple,
        multi_stone_suicide: true,
        ..Rules::default()
    });
    v
}

fn dims() -> impl Strategy<Value = (usize, usize)> {
    prop_oneof![(1usize..=5, 1usize..=5), (1usize..=19, 1usize..=19)]
}

// ----------------------------------------------------------------------------------------------
// The game property

fn run_game(w: usize, h: usize, rules: Rules, ops: &[Op]) -> Result<(), TestCaseError> {
    let size = Size::new(w, h).unwrap();
    let mut game = Game::new(size, rules);
    let mut model = Model::new(w, h, rules);
    let mut placed = [0usize; 2];
    // per move: snapshot before it, the model before it, and the colour placed (if a play)
    let mut undo_stack: Vec<(Snapshot, Model, Option<Color>)> = vec![];
    check_state(&game, &model, placed)?;
    for op in ops {
        let (color, mv) = match *op {
            Op::Play(black, at) => {
                let c = if black { Color::Black } else { Color::White };
                (c, Move::Play(point(at % (w * h), w)))
            }
            Op::Legal(k) => {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    (game.to_move(), Move::Pass)
                } else {
                    (game.to_move(), Move::Play(moves[k % moves.len()]))
                }
            }
            Op::Pass => (game.to_move(), Move::Pass),
            Op::Undo => {
                let before = game.move_count();
                let undone = game.undo();
                match undo_stack.pop() {
                    None => {
                        prop_assert!(undone.is_none());
                        prop_assert_eq!(before, 0);
                    }
                    Some((snap, m, c)) => {
                        prop_assert!(undone.is_some());
                        prop_assert_eq!(snapshot(&game), snap);
                        model = m;
                        if let Some(c) = c {
                            placed[slot(c)] -= 1;
                        }
                    }
                }
                check_state(&game, &model, placed)?;
                continue;
            }
        };
        let snap = snapshot(&game);
        let saved = model.clone();
        match mv {
            Move::Pass => {
                game.play_as(color, Move::Pass).unwrap();
                model.pass(color);
                undo_stack.push((snap, saved, None));
            }
            Move::Play(p) => {
                let i = p.y as usize * w + p.x as usize;
                // `None` off the board or on a stone (an error there, checked in
                // crates/tengen/tests/core/board_soundness.rs)
                let predicted = game
                    .board()
                    .hash_after(p, color, rules.multi_stone_suicide)
                    .ok();
                let ours = game.play_as(color, mv);
                match model.outcome(i, color) {
                    Err(reason) => {
                        let e = ours.expect_err("the model says illegal");
                        prop_assert_eq!(e.reason, reason);
                        prop_assert_eq!((e.point, e.color), (p, color));
                        // nothing changed
                        prop_assert_eq!(snapshot(&game), snap);
                    }
                    Ok(_) => {
                        prop_assert!(ours.is_ok(), "{:?}", ours);
                        prop_assert_eq!(Some(game.board().hash()), predicted);
                        let o = model.play(i, color);
                        let mut removed: Vec<Point> = game.board().last_removed().collect();
                        removed.sort();
                        let mut want: Vec<Point> =
                            o.removed().into_iter().map(|j| point(j, w)).collect();
                        want.sort();
                        prop_assert_eq!(removed, want);
                        placed[slot(color)] += 1;
                        undo_stack.push((snap, saved, Some(color)));
                    }
                }
            }
        }
        prop_assert_eq!(game.move_count(), undo_stack.len());
        check_state(&game, &model, placed)?;
    }
    // Undo everything: back to the empty board.
    while let Some((snap, m, c)) = undo_stack.pop() {
        prop_assert!(game.undo().is_some());
        prop_assert_eq!(snapshot(&game), snap);
        model = m;
        if let Some(c) = c {
            placed[slot(c)] -= 1;
        }
    }
    prop_assert!(game.undo().is_none());
    prop_assert_eq!(game.board(), &Board::new(size));
    prop_assert_eq!(game.board().hash(), Board::new(size).hash());
    check_state(&game, &model, placed)?;
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 48 } else { 1024 },
        ..ProptestConfig::default()
    })]

    #[test]
    fn games_agree_with_the_model(
        (w, h) in dims(),
        rules in proptest::sample::select(rule_sets()),
        ops in proptest::collection::vec(op(), 0..120),
    ) {
        run_game(w, h, rules, &ops)?;
    }
}

/// Regression: undoing a (multi- or single-stone) suicide put a stone back on the point that
/// was played, which was empty before.
#[test]
fn undo_of_a_suicide_leaves_the_played_point_empty() {
    // no ko rule: under positional superko the empty board could not come back
    let tt = Rules {
        multi_stone_suicide: true,
        ..Rules::default()
    };
    let mut game = Game::new(Size::new(1, 2).unwrap(), tt);
    let (top, bottom) = (Point::new(0, 0), Point::new(0, 1));
    game.play_as(Color::Black, Move::Play(top)).unwrap();
    let before = snapshot(&game);
    game.play_as(Color::Black, Move::Play(bottom)).unwrap();
    assert_eq!(game.board().stone_count(Color::Black), 0);
    assert_eq!(game.captures(Color::White), 2);
    game.undo().unwrap();
    assert_eq!(game.board().get(bottom), None);
    assert_eq!(game.board().get(top), Some(Color::Black));
    assert_eq!(snapshot(&game), before);
    game.board().check_consistency().unwrap();
}

/// Regression: on a 1x1 board a stone has no neighbour at all; the lone-stone fast path of
/// `play` left it on the board without a liberty instead of removing it as a suicide (reachable
/// through `Game::play_tolerant`, the SGF replay).
#[test]
fn tolerant_suicide_on_1x1_is_removed_and_undone() {
    let tt = Rules::from_name("tromp-taylor").unwrap();
    let top = Point::new(0, 0);
    let mut game = Game::new(Size::new(1, 1).unwrap(), tt);
    game.play_tolerant(Color::White, Move::Play(top)).unwrap();
    assert_eq!(game.board().get(top), None);
    game.board().check_consistency().unwrap();
    assert_eq!(game.captures(Color::Black), 1);
    game.undo().unwrap();
    assert_eq!(game.board().get(top), None);
    assert_eq!(game.board().stone_count(Color::White), 0);
    game.board().check_consistency().unwrap();
}

// ----------------------------------------------------------------------------------------------
// Superko

/// Plays `picks` (each the `k % n`-th legal move of the colour given) and asserts that no
/// position repeats: the board position under positional superko, the position with the side
/// to move under situational. Returns how many moves superko refused along the way.
fn superko_game(
    w: usize,
    h: usize,
    rules: Rules,
    picks: &[(bool, usize)],
) -> Result<usize, TestCaseError> {
    let mut game = Game::new(Size::new(w, h).unwrap(), rules);
    let mut seen_hash = HashSet::from([(game.board().hash(), Color::Black)]);
    let mut seen_grid = HashSet::from([(grid_of(game.board()), Color::Black)]);
    let positional = rules.ko == KoRule::Positional;
    let key = |c: Color| if positional { Color::Black } else { c };
    let mut refused = 0;
    for &(black, k) in picks {
        let color = if black { Color::Black } else { Color::White };
        refused += game
            .board()
            .size()
            .points()
            .filter(|&p| {
                game.check(color, Move::Play(p))
                    .is_err_and(|e| e.reason == Reason::Superko)
            })
            .count();
        let moves = game.legal_moves_for(color);
        if moves.is_empty() {
            continue;
        }
        game.play_as(color, Move::Play(moves[k % moves.len()]))
            .unwrap();
        let side = key(color.opponent());
        prop_assert!(
            seen_hash.insert((game.board().hash(), side)),
            "position repeated after {} moves",
            game.move_count()
        );
        prop_assert!(seen_grid.insert((grid_of(game.board()), side)));
    }
    Ok(refused)
}

fn superko_rules() -> Vec<Rules> {
    ["tromp-taylor", "chinese-ogs", "goe", "aga", "new-zealand"]
        .iter()
        .map(|n| Rules::from_name(n).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: if cfg!(debug_assertions) { 64 } else { 1024 },
        ..ProptestConfig::default()
    })]

    #[test]
    fn superko_never_repeats_a_position(
        w in 1usize..=4,
        h in 1usize..=4,
        rules in proptest::sample::select(superko_rules()),
        picks in proptest::collection::vec((any::<bool>(), any::<usize>()), 0..200),
    ) {
        superko_game(w, h, rules, &picks)?;
    }
}

/// The superko property is not vacuous: on small boards long games do run into it, and then
/// only superko keeps positions from repeating (with simple ko they do repeat).
#[test]
fn superko_is_exercised() {
    let mut state = 0x5eed_u64;
    let mut next = move || {
        // splitmix64
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) as usize
    };
    let mut refused = 0;
    for rules in superko_rules() {
        for (w, h) in [(2, 2), (3, 2), (3, 3)] {
            for _ in 0..10 {
                let picks: Vec<(bool, usize)> =
                    (0..300).map(|_| (next() % 2 == 0, next())).collect();
                refused += superko_game(w, h, rules, &picks).unwrap();
            }
        }
    }
    assert!(refused > 100, "superko refused only {refused} moves");
    // Under simple ko the same kind of game does repeat positions.
    let simple = Rules::from_name("chinese").unwrap();
    let mut repeats = 0;
    for _ in 0..10 {
        let mut game = Game::new(Size::new(3, 2).unwrap(), simple);
        let mut seen = HashSet::from([game.board().hash()]);
        for _ in 0..300 {
            let color = if next() % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            let moves = game.legal_moves_for(color);
            if !moves.is_empty() {
                game.play_as(color, Move::Play(moves[next() % moves.len()]))
                    .unwrap();
                repeats += !seen.insert(game.board().hash()) as usize;
            }
        }
    }
    assert!(repeats > 0);
    eprintln!("superko refused {refused} moves; simple ko repeated {repeats} positions");
}

// ----------------------------------------------------------------------------------------------
// The model itself, on positions worked out by hand (so that agreeing with it means something)

/// A model of `rows` ('.' empty, 'X' black, 'O' white), black to move.
fn hand_model(rows: &[&str], ko: KoRule, multi_stone_suicide: bool) -> Model {
    let (w, h) = (rows[0].len(), rows.len());
    let rules = Rules {
        ko,
        multi_stone_suicide,
        ..Rules::default()
    };
    let mut grid = Grid::new(w, h);
    grid.cells = rows
        .concat()
        .bytes()
        .map(|ch| match ch {
            b'X' => 1,
            b'O' => 2,
            _ => 0,
        })
        .collect();
    Model::with_position(grid, rules)
}

#[test]
fn naive_model_capture_and_simple_ko() {
    // .XO.
    // XO.O
    // .XO.   black at cell 6 takes the white stone at cell 5 and leaves a ko there
    let mut m = hand_model(&[".XO.", "XO.O", ".XO."], KoRule::Simple, false);
    let o = m.play(6, Color::Black);
    assert_eq!((o.captured, o.ko), (vec![5], Some(5)));
    assert_eq!(m.captures, [1, 0]);
    assert_eq!(m.outcome(5, Color::White).err(), Some(Reason::Ko));
    assert_eq!(m.outcome(6, Color::White).err(), Some(Reason::Occupied));
    // without a ko rule white retakes at once, capturing the black stone at 6
    let mut free = hand_model(&[".XO.", "XO.O", ".XO."], KoRule::None, false);
    free.play(6, Color::Black);
    assert_eq!(free.outcome(5, Color::White).unwrap().captured, vec![6]);
    // a pass clears the ko
    m.pass(Color::White);
    m.pass(Color::Black);
    assert!(m.outcome(5, Color::White).is_ok());
}

#[test]
fn naive_model_suicide() {
    // White in black's eye captures nothing: suicide.
    let eye = hand_model(&[".X", "X."], KoRule::Simple, true);
    assert_eq!(eye.outcome(0, Color::White).err(), Some(Reason::Suicide));
    assert!(eye.outcome(0, Color::Black).is_ok());
    // X.O / OO. : black at 1 leaves the two black stones without a liberty.
    let multi = hand_model(&["X.O", "OO."], KoRule::None, true);
    let o = multi.outcome(1, Color::Black).unwrap();
    assert_eq!(
        (o.captured.clone(), o.suicided.clone()),
        (vec![], vec![0, 1])
    );
    assert_eq!(o.grid.cells, [0, 0, 2, 2, 2, 0]);
    let mut after = multi.clone();
    after.play(1, Color::Black);
    assert_eq!(after.captures, [0, 2]);
    let single_only = hand_model(&["X.O", "OO."], KoRule::None, false);
    assert_eq!(
        single_only.outcome(1, Color::Black).err(),
        Some(Reason::Suicide)
    );
    // A capture gives the liberty: not a suicide. .O / OX on a 2x2: black at 0 takes both.
    let capture = hand_model(&[".O", "OX"], KoRule::None, false);
    let o = capture.outcome(0, Color::Black).unwrap();
    assert_eq!(o.captured, [1, 2]);
}

#[test]
fn naive_model_positional_and_situational_superko() {
    // On a 2x1 board with multi-stone suicide: black 0, white passes, black 1 removes both
    // black stones, back to the empty board, which was black's turn and is now white's.
    let play = |ko| {
        let mut m = hand_model(&[".."], ko, true);
        m.play(0, Color::Black);
        m.pass(Color::White);
        m.outcome(1, Color::Black).err()
    };
    assert_eq!(play(KoRule::Positional), Some(Reason::Superko));
    assert_eq!(play(KoRule::Situational), None);
    assert_eq!(play(KoRule::Simple), None);
    // 2x1: black 0, white 1 takes it (ko), both pass, black 0 takes back: the position after
    // black's first move again, white to move again, so both superko rules forbid it.
    for ko in [KoRule::Positional, KoRule::Situational] {
        let mut m = hand_model(&[".."], ko, false);
        m.play(0, Color::Black);
        assert_eq!(m.play(1, Color::White).captured, [0]);
        assert_eq!(m.outcome(0, Color::Black).err(), Some(Reason::Ko));
        m.pass(Color::Black);
        m.pass(Color::White);
        assert_eq!(m.outcome(0, Color::Black).err(), Some(Reason::Superko));
        assert_eq!(m.board_outcome(0, Color::Black).unwrap().captured, [1]);
    }
}

/// The same hand positions through the engine, which must agree with the model there too.
#[test]
fn engine_agrees_on_the_hand_positions() {
    let tt = Rules::from_name("tromp-taylor").unwrap();
    assert_eq!(tt.ko, KoRule::Positional);
    let mut game = Game::new(Size::new(2, 1).unwrap(), tt);
    game.play(Move::Play(Point::new(0, 0))).unwrap();
    game.play(Move::Pass).unwrap();
    let e = game.check(Color::Black, Move::Play(Point::new(1, 0)));
    assert_eq!(e.err().map(|e| e.reason), Some(Reason::Superko));
}
