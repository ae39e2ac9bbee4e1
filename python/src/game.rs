//! `Game`: a board with its rules, side to move, captures, history, superko and undo.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use tengen::formats::text::{self, TextStyle};
use tengen::{ColoredMove, Move, Reason};

use crate::board::{cell, removed_points, PyBoard};
use crate::color::{color_arg, opt_color_arg, Color};
use crate::coords::{point_arg, pt, size_arg, Pt};
use crate::errors::{illegal_err, off_board};
use crate::rules::{komi_arg, rules_arg, PyRules};

/// A game: board, rules, side to move, captures, history, superko and undo.
#[pyclass(module = "tengen._tengen", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) game: tengen::Game,
    /// For a game replayed from a record, its handicap (`HA`): such a game is counted with
    /// its dead stones judged unless told otherwise, as `tengen score FILE` counts it.
    pub(crate) record_handicap: Option<u32>,
}

pub(crate) fn move_tuple(m: ColoredMove) -> (Color, Option<Pt>) {
    (
        m.color.into(),
        match m.mv {
            Move::Play(p) => Some(pt(p)),
            Move::Pass => None,
        },
    )
}

#[pymethods]
impl PyGame {
    #[new]
    #[pyo3(signature = (width=19, height=None, rules=None, komi=None))]
    fn new(
        width: usize,
        height: Option<usize>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
    ) -> PyResult<Self> {
        let mut r = rules_arg(rules, "chinese")?;
        if let Some(k) = komi {
            r.komi = komi_arg(k)?;
        }
        Ok(PyGame {
            game: tengen::Game::new(size_arg(width, height)?, r),
            record_handicap: None,
        })
    }

    /// A game continuing from `board` with `to_move` to play (history starts here).
    #[staticmethod]
    #[pyo3(signature = (board, to_move=None, rules=None, komi=None))]
    fn from_board(
        board: PyRef<'_, PyBoard>,
        to_move: Option<&Bound<'_, PyAny>>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
    ) -> PyResult<Self> {
        let mut r = match rules {
            Some(o) if !o.is_none() => rules_arg(Some(o), "chinese")?,
            _ => board.rules,
        };
        if let Some(k) = komi {
            r.komi = komi_arg(k)?;
        }
        let c = opt_color_arg(to_move)?.unwrap_or(tengen::Color::Black);
        Ok(PyGame {
            game: tengen::Game::from_board((*board.board).clone(), c, r),
            record_handicap: None,
        })
    }

    /// Play a stone for `color` (default: the side to move): the captured points (a tuple,
    /// empty for no capture).
    #[pyo3(signature = (x, y, color=None))]
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        x: i64,
        y: i64,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let c = opt_color_arg(color)?.unwrap_or(self.game.to_move());
        let size = self.game.board().size();
        let Some(p) = point_arg(size, x, y) else {
            return Err(off_board(py, x, y, c, size));
        };
        match self.game.play_as(c, Move::Play(p)) {
            Ok(()) => removed_points(py, self.game.board()),
            Err(e) => Err(illegal_err(py, &e)),
        }
    }

    /// Pass for `color` (default: the side to move).
    #[pyo3(signature = (color=None))]
    fn pass_move(&mut self, py: Python<'_>, color: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let c = opt_color_arg(color)?.unwrap_or(self.game.to_move());
        self.game
            .play_as(c, Move::Pass)
            .map_err(|e| illegal_err(py, &e))
    }

    /// Take back the last move: (colour, point or None for a pass), or None at the start.
    fn undo(&mut self) -> Option<(Color, Option<Pt>)> {
        self.game.undo().map(move_tuple)
    }

    /// Whether (x, y) is legal for `color` (default: the side to move), superko included.
    #[pyo3(signature = (x, y, color=None))]
    fn is_legal(&self, x: i64, y: i64, color: Option<&Bound<'_, PyAny>>) -> PyResult<bool> {
        let c = opt_color_arg(color)?.unwrap_or(self.game.to_move());
        Ok(point_arg(self.game.board().size(), x, y)
            .is_some_and(|p| self.game.is_legal(c, Move::Play(p))))
    }

    /// Why (x, y) is illegal for `color` (default: the side to move), or None.
    #[pyo3(signature = (x, y, color=None))]
    fn why_illegal(
        &self,
        x: i64,
        y: i64,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Option<&'static str>> {
        let c = opt_color_arg(color)?.unwrap_or(self.game.to_move());
        Ok(match point_arg(self.game.board().size(), x, y) {
            None => Some(Reason::OffBoard.name()),
            Some(p) => self
                .game
                .check(c, Move::Play(p))
                .err()
                .map(|e| e.reason.name()),
        })
    }

    /// Every legal point for `color` (default: the side to move), superko included.
    #[pyo3(signature = (color=None))]
    fn legal_moves(&self, color: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Pt>> {
        let c = opt_color_arg(color)?.unwrap_or(self.game.to_move());
        Ok(self.game.legal_moves_for(c).into_iter().map(pt).collect())
    }

    /// Whose turn it is.
    #[getter]
    fn to_move(&self) -> Color {
        self.game.to_move().into()
    }

    #[setter]
    fn set_to_move(&mut self, c: &Bound<'_, PyAny>) -> PyResult<()> {
        self.game.set_to_move(color_arg(c)?);
        Ok(())
    }

    /// Stones captured by each player: {Color.BLACK: n, Color.WHITE: n}.
    #[getter]
    fn captures<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item(Color::Black, self.game.captures(tengen::Color::Black))?;
        d.set_item(Color::White, self.game.captures(tengen::Color::White))?;
        Ok(d)
    }

    /// The moves played: (colour, point or None for a pass), oldest first.
    #[getter]
    fn history(&self) -> Vec<(Color, Option<Pt>)> {
        self.game.moves().map(move_tuple).collect()
    }

    /// The last move, or None.
    #[getter]
    fn last_move(&self) -> Option<(Color, Option<Pt>)> {
        self.game.last_move().map(move_tuple)
    }

    /// The number of moves played (passes count).
    fn __len__(&self) -> usize {
        self.game.move_count()
    }

    /// Consecutive passes at the end of the history.
    #[getter]
    fn consecutive_passes(&self) -> u32 {
        self.game.consecutive_passes()
    }

    /// Whether the game is over (two consecutive passes).
    #[getter]
    fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// A copy of the current position (the game's rules with it).
    #[getter]
    fn board(&self) -> PyBoard {
        PyBoard {
            board: self.game.board().clone().into(),
            rules: *self.game.rules(),
        }
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            inner: *self.game.rules(),
        }
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.game.board().width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.game.board().height()
    }

    /// A copy of the whole game (history included).
    fn copy(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// `game[x, y]`: the stone on column `x`, row `y` (column first, `y = 0` at the top;
    /// arrays such as `features` are row first, `[y, x]`).
    fn __getitem__(&self, key: (i64, i64)) -> PyResult<Option<Color>> {
        let size = self.game.board().size();
        let p = point_arg(size, key.0, key.1).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "point {} {} is off the {size} board",
                key.0, key.1
            ))
        })?;
        Ok(cell(self.game.board().get(p)))
    }

    fn __str__(&self) -> String {
        let last = match self.game.last_move().map(|m| m.mv) {
            Some(Move::Play(p)) => Some(p),
            _ => None,
        };
        text::render(
            self.game.board(),
            TextStyle::board().with_last(last),
            |_| None,
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "Game({}, {}, rules={:?}, moves={})",
            self.width(),
            self.height(),
            self.game
                .rules()
                .preset()
                .map(|p| p.name())
                .unwrap_or("custom"),
            self.game.move_count()
        )
    }
}
