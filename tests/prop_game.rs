//! Property tests of the rules core: random board sizes (1..=19, rectangular too), random
//! sequences of plays of either colour, passes and undos, under several rule sets.
//!
//! Each game runs in lockstep with a naive reference model written here (a grid, flood fills,
//! and the history as a list of grids), which shares no code with `Board` or `Game`. After every
//! step:
//! - the board equals the model's grid, stone by stone, and so do the simple-ko point, the
//!   captures and the side to move;
//! - `check_consistency()` passes and no chain is without a liberty;
//! - stones on the board = stones placed − stones removed, per colour;
//! - the incremental hash equals the hash of the same stones set up from scratch;
//! - `Game::legal_moves_for` equals the points the model accepts (with the same reason for the
//!   others), and `legal_moves` equals the points `is_legal` accepts, for the game and the board;
//! - a legal play's `hash_after` equals the hash after playing it;
//! - `undo` restores position, hash, ko state, captures, passes and side to move exactly.
//!
//! A second property: under positional superko no board position ever repeats in a game of legal
//! plays, and under situational superko no (position, side to move) does.

use std::collections::HashSet;

use proptest::prelude::*;
use tengen::{Board, Color, Game, KoRule, Move, Point, Reason, Rules, Size};

// ----------------------------------------------------------------------------------------------
// The reference model

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Grid {
    w: usize,
    h: usize,
    /// 0 empty, 1 black, 2 white; index y * w + x
    cells: Vec<u8>,
}

impl Grid {
    fn new(w: usize, h: usize) -> Grid {
        Grid {
            w,
            h,
            cells: vec![0; w * h],
        }
    }

    fn nbrs(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.w, i / self.w);
        let mut v = Vec::with_capacity(4);
        if y > 0 {
            v.push(i - self.w);
        }
        if x > 0 {
            v.push(i - 1);
        }
        if x + 1 < self.w {
            v.push(i + 1);
        }
        if y + 1 < self.h {
            v.push(i + self.w);
        }
        v
    }

    /// The chain through the stone at `i` and its number of liberties.
    fn chain(&self, i: usize) -> (Vec<usize>, usize) {
        let c = self.cells[i];
        let mut seen = vec![false; self.cells.len()];
        let mut libs = HashSet::new();
        let mut stack = vec![i];
        let mut chain = vec![];
        seen[i] = true;
        while let Some(s) = stack.pop() {
            chain.push(s);
            for n in self.nbrs(s) {
                if self.cells[n] == 0 {
                    libs.insert(n);
                } else if self.cells[n] == c && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        (chain, libs.len())
    }
}

/// What a legal play does in the model.
struct Outcome {
    grid: Grid,
    captured: Vec<usize>,
    suicided: usize,
    /// the own chain's (size, liberties) after the move
    own: (usize, usize),
}

#[derive(Clone)]
struct Model {
    grid: Grid,
    rules: Rules,
    to_move: Color,
    ko: Option<(usize, Color)>,
    captures: [u32; 2],
    /// every position reached, with the side to move then
    history: Vec<(Grid, Color)>,
}

impl Model {
    fn new(w: usize, h: usize, rules: Rules) -> Model {
        let grid = Grid::new(w, h);
        Model {
            history: vec![(grid.clone(), Color::Black)],
            grid,
            rules,
            to_move: Color::Black,
            ko: None,
            captures: [0; 2],
        }
    }

    fn outcome(&self, i: usize, color: Color) -> Result<Outcome, Reason> {
        if self.grid.cells[i] != 0 {
            return Err(Reason::Occupied);
        }
        if self.rules.ko != KoRule::None && self.ko == Some((i, color)) {
            return Err(Reason::Ko);
        }
        let mut g = self.grid.clone();
        g.cells[i] = color.digit();
        let mut captured = vec![];
        for n in g.nbrs(i) {
            if g.cells[n] == color.opponent().digit() {
                let (chain, libs) = g.chain(n);
                if libs == 0 {
                    for s in chain {
                        g.cells[s] = 0;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, libs) = g.chain(i);
        let mut suicided = 0;
        if libs == 0 {
            if !self.rules.multi_stone_suicide || own.len() == 1 {
                return Err(Reason::Suicide);
            }
            for &s in &own {
                g.cells[s] = 0;
            }
            suicided = own.len();
        }
        let repeat = match self.rules.ko {
            KoRule::Positional => self.history.iter().any(|(h, _)| *h == g),
            KoRule::Situational => self
                .history
                .iter()
                .any(|(h, c)| *h == g && *c == color.opponent()),
            KoRule::None | KoRule::Simple => false,
        };
        if repeat {
            return Err(Reason::Superko);
        }
        Ok(Outcome {
            grid: g,
            captured,
            suicided,
            own: (own.len(), libs),
        })
    }

    fn play(&mut self, i: usize, color: Color) -> Outcome {
        let o = self
            .outcome(i, color)
            .unwrap_or_else(|_| panic!("model: illegal"));
        self.grid = o.grid.clone();
        self.ko =
            (o.captured.len() == 1 && o.own == (1, 1)).then(|| (o.captured[0], color.opponent()));
        if o.suicided > 0 {
            self.captures[color.opponent().index()] += o.suicided as u32;
        } else {
            self.captures[color.index()] += o.captured.len() as u32;
        }
        self.to_move = color.opponent();
        self.history.push((self.grid.clone(), self.to_move));
        o
    }

    fn pass(&mut self, color: Color) {
        self.ko = None;
        self.to_move = color.opponent();
        self.history.push((self.grid.clone(), self.to_move));
    }
}

// ----------------------------------------------------------------------------------------------
// Checks

fn point(i: usize, w: usize) -> Point {
    Point::new((i % w) as u8, (i / w) as u8)
}

fn grid_of(board: &Board) -> Grid {
    let mut g = Grid::new(board.width(), board.height());
    for (i, p) in board.size().points().enumerate() {
        g.cells[i] = board.get(p).map_or(0, Color::digit);
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
            placed[c.index()] as u64 - game.captures(c.opponent()) as u64
        );
        prop_assert_eq!(game.captures(c), model.captures[c.index()]);
    }
    prop_assert_eq!(
        b.stone_count(Color::Black) + b.stone_count(Color::White) + b.empty_count(),
        w * b.height()
    );
    prop_assert_eq!(rebuilt(b).hash(), b.hash());
    prop_assert_eq!(b.ko(), model.ko.map(|(i, c)| (point(i, w), c)));
    prop_assert_eq!(game.to_move(), model.to_move);
    let rules = *game.rules();
    for c in Color::ALL {
        let mut expected = vec![];
        for (i, p) in b.size().points().enumerate() {
            let want = model.outcome(i, c).err();
            prop_assert_eq!(
                game.check(c, Move::Play(p)).err().map(|e| e.reason),
                want,
                "{:?} at {}",
                c,
                p
            );
            if want.is_none() {
                expected.push(p);
            }
        }
        prop_assert_eq!(&game.legal_moves_for(c), &expected);
        let by_board: Vec<Point> = b
            .size()
            .points()
            .filter(|&p| b.is_legal(p, c, &rules))
            .collect();
        prop_assert_eq!(b.legal_moves(c, &rules), by_board);
    }
    let by_game: Vec<Point> = b
        .size()
        .points()
        .filter(|&p| game.is_legal(game.to_move(), Move::Play(p)))
        .collect();
    prop_assert_eq!(game.legal_moves(), by_game);
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
                            placed[c.index()] -= 1;
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
                // tests/board_soundness.rs)
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
                        let mut want: Vec<Point> = if o.suicided > 0 {
                            let mut v = vec![p];
                            v.extend(
                                (0..w * h)
                                    .filter(|&j| {
                                        j != i
                                            && saved.grid.cells[j] == color.digit()
                                            && o.grid.cells[j] == 0
                                    })
                                    .map(|j| point(j, w)),
                            );
                            v
                        } else {
                            o.captured.iter().map(|&j| point(j, w)).collect()
                        };
                        want.sort();
                        prop_assert_eq!(removed, want);
                        placed[color.index()] += 1;
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
            placed[c.index()] -= 1;
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
