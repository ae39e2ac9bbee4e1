//! A naive model of the rules of Go, for tests only: it shares no code with `tengen::Board` or
//! `tengen::Game` (it borrows only their plain data types, `Color`, `Rules`, `KoRule`, `Reason`).
//!
//! The board is a `Vec` of cells, row by row (`y * w + x`); chains and liberties are found by
//! flood fill every time; a play places the stone, removes the opponent chains left without a
//! liberty, then judges its own chain (single-stone suicide is always illegal, multi-stone
//! suicide only where the rules allow it, and then the chain is removed). The simple-ko point is
//! the stone just captured when a single stone took a single stone and is left with one
//! liberty. Superko keeps every position reached (with the side to move then) in a hash map of
//! whole grids (std's hasher over the cells, nothing of the engine's Zobrist hashing), so a
//! long fuzzed game stays fast, and compares grids cell by cell on a hash match.
//!
//! Used by `tests/cli/prop_game.rs` and by the `play` fuzz target (`fuzz/fuzz_targets/play.rs`
//! includes this file with `#[path]`), so it must not use anything else from `tests/common`.

use std::collections::HashMap;

use tengen::{Color, KoRule, Reason, Rules};

/// The cell value of a stone: 1 black, 2 white (0 is empty).
pub fn stone(c: Color) -> u8 {
    match c {
        Color::Black => 1,
        Color::White => 2,
    }
}

/// The other colour.
pub fn other(c: Color) -> Color {
    match c {
        Color::Black => Color::White,
        Color::White => Color::Black,
    }
}

/// Index of a colour in `[black, white]` arrays.
pub fn slot(c: Color) -> usize {
    match c {
        Color::Black => 0,
        Color::White => 1,
    }
}

/// A position: `w * h` cells, 0 empty, 1 black, 2 white, index `y * w + x`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Grid {
    /// Columns.
    pub w: usize,
    /// Rows.
    pub h: usize,
    /// The cells, row by row.
    pub cells: Vec<u8>,
}

impl Grid {
    /// The empty `w` x `h` board.
    pub fn new(w: usize, h: usize) -> Grid {
        Grid {
            w,
            h,
            cells: vec![0; w * h],
        }
    }

    /// The on-board orthogonal neighbours of cell `i`.
    pub fn nbrs(&self, i: usize) -> Vec<usize> {
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

    /// The chain through the stone at `i` (its cells, in flood order) and its liberties
    /// (sorted, each once).
    pub fn chain(&self, i: usize) -> (Vec<usize>, Vec<usize>) {
        let c = self.cells[i];
        assert_ne!(c, 0, "naive model: no stone at cell {i}");
        let mut seen = vec![false; self.cells.len()];
        let mut libs = Vec::new();
        let mut stack = vec![i];
        let mut chain = vec![];
        seen[i] = true;
        while let Some(s) = stack.pop() {
            chain.push(s);
            for n in self.nbrs(s) {
                if self.cells[n] == 0 {
                    if !libs.contains(&n) {
                        libs.push(n);
                    }
                } else if self.cells[n] == c && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        libs.sort_unstable();
        (chain, libs)
    }

    /// Number of stones of colour `c`.
    pub fn count(&self, c: Color) -> usize {
        self.cells.iter().filter(|&&v| v == stone(c)).count()
    }
}

/// What a legal play does.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// The position after it.
    pub grid: Grid,
    /// Opponent stones removed (sorted).
    pub captured: Vec<usize>,
    /// Own stones removed by a multi-stone suicide, the played point included (sorted); empty
    /// otherwise.
    pub suicided: Vec<usize>,
    /// The simple-ko point the move leaves for the opponent, if any.
    pub ko: Option<usize>,
}

impl Outcome {
    /// Every stone the move took off the board (captures or the suicided chain), sorted.
    pub fn removed(&self) -> Vec<usize> {
        let mut v = self.captured.clone();
        v.extend(&self.suicided);
        v.sort_unstable();
        v
    }
}

/// A game under the model's rules.
#[derive(Clone, Debug)]
pub struct Model {
    /// The current position.
    pub grid: Grid,
    /// The rules (only `ko` and `multi_stone_suicide` matter here).
    pub rules: Rules,
    /// Whose turn it is.
    pub to_move: Color,
    /// The point the given colour may not retake at once.
    pub ko: Option<(usize, Color)>,
    /// Stones captured by black and by white (multi-stone suicides count for the opponent).
    pub captures: [u32; 2],
    /// How often each position has been reached with each side to move (the current one
    /// included).
    pub seen: HashMap<(Grid, Color), u32>,
}

impl Model {
    /// The empty board, black to move.
    pub fn new(w: usize, h: usize, rules: Rules) -> Model {
        Model::with_position(Grid::new(w, h), rules)
    }

    /// A game starting from `grid`, black to move.
    pub fn with_position(grid: Grid, rules: Rules) -> Model {
        let mut m = Model {
            grid,
            rules,
            to_move: Color::Black,
            ko: None,
            captures: [0; 2],
            seen: HashMap::new(),
        };
        m.remember();
        m
    }

    fn remember(&mut self) {
        *self
            .seen
            .entry((self.grid.clone(), self.to_move))
            .or_insert(0) += 1;
    }

    fn forget(&mut self) {
        let key = (self.grid.clone(), self.to_move);
        let n = self
            .seen
            .get_mut(&key)
            .expect("the current position was recorded");
        *n -= 1;
        if *n == 0 {
            self.seen.remove(&key);
        }
    }

    /// Give the turn to `color` (the current position is recorded with that side to move
    /// instead).
    pub fn set_to_move(&mut self, color: Color) {
        self.forget();
        self.to_move = color;
        self.remember();
    }

    /// What `color` on cell `i` does judged on the position alone (occupied, simple ko,
    /// suicide), without the history: the legality `Board` itself can know.
    pub fn board_outcome(&self, i: usize, color: Color) -> Result<Outcome, Reason> {
        if i >= self.grid.cells.len() {
            return Err(Reason::OffBoard);
        }
        if self.grid.cells[i] != 0 {
            return Err(Reason::Occupied);
        }
        if self.rules.ko != KoRule::None && self.ko == Some((i, color)) {
            return Err(Reason::Ko);
        }
        let mut g = self.grid.clone();
        g.cells[i] = stone(color);
        let mut captured = vec![];
        for n in g.nbrs(i) {
            if g.cells[n] == stone(other(color)) {
                let (chain, libs) = g.chain(n);
                if libs.is_empty() {
                    for s in chain {
                        g.cells[s] = 0;
                        captured.push(s);
                    }
                }
            }
        }
        captured.sort_unstable();
        let (own, libs) = g.chain(i);
        let mut suicided = vec![];
        if libs.is_empty() {
            if !self.rules.multi_stone_suicide || own.len() == 1 {
                return Err(Reason::Suicide);
            }
            for &s in &own {
                g.cells[s] = 0;
            }
            suicided = own.clone();
            suicided.sort_unstable();
        }
        let ko = (captured.len() == 1 && own.len() == 1 && libs.len() == 1).then(|| captured[0]);
        Ok(Outcome {
            grid: g,
            captured,
            suicided,
            ko,
        })
    }

    /// What `color` on cell `i` does in this game: [`Model::board_outcome`], then superko
    /// against the history.
    pub fn outcome(&self, i: usize, color: Color) -> Result<Outcome, Reason> {
        let o = self.board_outcome(i, color)?;
        let seen = |c: Color| self.seen.contains_key(&(o.grid.clone(), c));
        let repeat = match self.rules.ko {
            KoRule::Positional => seen(Color::Black) || seen(Color::White),
            KoRule::Situational => seen(other(color)),
            KoRule::None | KoRule::Simple => false,
        };
        if repeat {
            Err(Reason::Superko)
        } else {
            Ok(o)
        }
    }

    /// The cells where `color` may play in this game, in index order (by row, then column).
    pub fn legal_moves(&self, color: Color) -> Vec<usize> {
        (0..self.grid.cells.len())
            .filter(|&i| self.outcome(i, color).is_ok())
            .collect()
    }

    /// The cells where `color` may play judged on the position alone (no superko).
    pub fn board_legal_moves(&self, color: Color) -> Vec<usize> {
        (0..self.grid.cells.len())
            .filter(|&i| self.board_outcome(i, color).is_ok())
            .collect()
    }

    /// `color` plays on cell `i`.
    ///
    /// # Panics
    /// If the move is illegal in the model.
    pub fn play(&mut self, i: usize, color: Color) -> Outcome {
        let o = self
            .outcome(i, color)
            .unwrap_or_else(|r| panic!("naive model: {color:?} at cell {i} is illegal: {r:?}"));
        self.grid = o.grid.clone();
        self.ko = o.ko.map(|k| (k, other(color)));
        if o.suicided.is_empty() {
            self.captures[slot(color)] += o.captured.len() as u32;
        } else {
            self.captures[slot(other(color))] += o.suicided.len() as u32;
        }
        self.to_move = other(color);
        self.remember();
        o
    }

    /// `color` passes.
    pub fn pass(&mut self, color: Color) {
        self.ko = None;
        self.to_move = other(color);
        self.remember();
    }
}
