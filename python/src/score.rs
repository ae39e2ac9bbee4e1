//! The count of a position: `territory` (`Territories`), `score` (`Score`) and `judge`
//! (`Judgement`, the dead stones of a finished game).

use std::panic::{catch_unwind, AssertUnwindSafe};

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use tengen::score::{ScoreError, ScoreOptions};
use tengen::territory::{self as tterr, TerritoryMap};
use tengen::Point;

use crate::board::PyBoard;
use crate::color::{opt_color_arg, Color};
use crate::coords::{pt, Pt};
use crate::errors::panic_message;
use crate::game::PyGame;
use crate::rules::{komi_arg, rules_arg, PyRules};

/// Who owns each empty region of a position (dead stones assumed removed).
#[pyclass(module = "tengen._tengen", frozen)]
pub struct Territories {
    board: tengen::Board,
    /// Black's territory points.
    #[pyo3(get)]
    black: Vec<Pt>,
    /// White's territory points.
    #[pyo3(get)]
    white: Vec<Pt>,
    /// Empty points owned by nobody.
    #[pyo3(get)]
    none: Vec<Pt>,
}

#[pymethods]
impl Territories {
    /// The region holding (x, y): (owner, points), owner "BLACK", "WHITE" or "NONE"; a stone's
    /// point gives ("NONE", []). ValueError "Invalid coordinate" off the board.
    fn region(&self, x: i64, y: i64) -> PyResult<(&'static str, Vec<Pt>)> {
        let t = tterr::territory_at(&self.board, x, y)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((t.owner.name(), t.points.into_iter().map(pt).collect()))
    }

    /// The owner of (x, y): Color or None (stones and neutral points).
    fn owner(&self, x: i64, y: i64) -> PyResult<Option<Color>> {
        let p = self
            .board
            .size()
            .point(x, y)
            .ok_or_else(|| PyValueError::new_err("Invalid coordinate"))?;
        let mut m = TerritoryMap::new();
        m.compute(&self.board);
        Ok(m.owner(&self.board, p).color().map(Color::from))
    }

    /// The task's JSON object `{"territoryBlack": ..., "territoryWhite": ..., "territoryNone": ...}`.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&tterr::territories(&self.board))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }
}

/// The territory of `board`: every empty region with its owner.
#[pyfunction]
pub(crate) fn territory(board: PyRef<'_, PyBoard>) -> Territories {
    let t = tterr::territories(&board.board);
    Territories {
        board: board.board.clone(),
        black: t.black.into_iter().map(pt).collect(),
        white: t.white.into_iter().map(pt).collect(),
        none: t.none.into_iter().map(pt).collect(),
    }
}

/// A finished count.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct Score {
    inner: tengen::score::Score,
}

fn player_dict<'py>(
    py: Python<'py>,
    s: &tengen::score::PlayerScore,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("stones", s.stones)?;
    d.set_item("territory", s.territory)?;
    d.set_item("captures", s.captures)?;
    d.set_item("dead", s.dead)?;
    d.set_item("seki_taxed", s.seki_taxed)?;
    d.set_item("group_tax", s.group_tax)?;
    d.set_item("komi", s.komi as f64 / 2.0)?;
    d.set_item("bonus", s.bonus)?;
    d.set_item("total", s.total as f64 / 2.0)?;
    Ok(d)
}

#[pymethods]
impl Score {
    /// The result as SGF writes it: `B+3.5`, `W+12` or `0` (a draw).
    #[getter]
    fn result(&self) -> String {
        self.inner.result.to_string()
    }

    /// Black's total minus White's, in points.
    #[getter]
    fn margin(&self) -> f64 {
        self.inner.result.black_minus_white() as f64 / 2.0
    }

    /// The winner, or None for a draw.
    #[getter]
    fn winner(&self) -> Option<Color> {
        match self.inner.result {
            tengen::score::GameResult::Win { winner, .. } => Some(winner.into()),
            tengen::score::GameResult::Draw => None,
        }
    }

    /// Black's side: stones, territory, captures, dead, seki_taxed, group_tax, komi, bonus, total.
    #[getter]
    fn black<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        player_dict(py, &self.inner.black)
    }

    /// White's side, as `black`.
    #[getter]
    fn white<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        player_dict(py, &self.inner.white)
    }

    /// The rules counted under.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            inner: self.inner.rules,
        }
    }

    /// Who the point counts for: Color or None.
    fn owner(&self, x: u8, y: u8) -> Option<Color> {
        self.inner.owner(Point::new(x, y)).map(Color::from)
    }

    /// Whether the point is an uncounted point of a seki.
    fn is_seki(&self, x: u8, y: u8) -> bool {
        self.inner.is_seki(Point::new(x, y))
    }

    /// The owners as rows of `X` (black), `O` (white) and `.` (nobody).
    fn owner_rows(&self) -> Vec<String> {
        self.inner.owner_rows()
    }

    /// The count as the JSON `tengen score` prints.
    fn to_json(&self) -> PyResult<String> {
        serde_json::to_string(&self.inner).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    fn __repr__(&self) -> String {
        format!("Score({:?})", self.inner.result.to_string())
    }
}

/// Count `position` (a Board or a Game): see `tengen.score`.
#[pyfunction]
#[pyo3(signature = (position, rules=None, komi=None, dead=None, handicap=0, captures=None, pass_alive=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn score(
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<f64>,
    dead: Option<Vec<(i64, i64)>>,
    handicap: u32,
    captures: Option<(u32, u32)>,
    pass_alive: bool,
) -> PyResult<Score> {
    let (board, mut opts) = if let Ok(g) = position.extract::<PyRef<'_, PyGame>>() {
        (g.game.board().clone(), ScoreOptions::for_game(&g.game))
    } else if let Ok(b) = position.extract::<PyRef<'_, PyBoard>>() {
        (b.board.clone(), ScoreOptions::new(b.rules))
    } else {
        return Err(PyTypeError::new_err(
            "score() needs a tengen.Board or a tengen.Game",
        ));
    };
    if let Some(r) = rules.filter(|r| !r.is_none()) {
        opts.rules = rules_arg(Some(r), "chinese")?;
    }
    if let Some(k) = komi {
        opts.rules.komi = komi_arg(k)?;
    }
    if let Some((b, w)) = captures {
        opts.captures = [b, w];
    }
    opts.handicap = handicap;
    opts.pass_alive = pass_alive;
    let size = board.size();
    for (x, y) in dead.unwrap_or_default() {
        let p = size.point(x, y).ok_or_else(|| {
            PyValueError::new_err(ScoreError::DeadOffBoard { x, y, size }.to_string())
        })?;
        opts.dead.push(p);
    }
    tengen::score::score(&board, &opts)
        .map(|inner| Score { inner })
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The judgement of a finished game's position: dead stones, seki, ownership and the score.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct Judgement {
    inner: tengen::judge::Judgement,
    width: usize,
    height: usize,
}

fn status_name(s: tengen::judge::Status) -> &'static str {
    match s {
        tengen::judge::Status::Alive => "alive",
        tengen::judge::Status::Dead => "dead",
        tengen::judge::Status::Seki => "seki",
    }
}

#[pymethods]
impl Judgement {
    /// The dead stones, sorted by (y, x).
    #[getter]
    fn dead(&self) -> Vec<Pt> {
        self.inner.dead.iter().copied().map(pt).collect()
    }

    /// The stones in seki and the shared liberties in seki, sorted by (y, x).
    #[getter]
    fn seki(&self) -> Vec<Pt> {
        self.inner.seki.iter().copied().map(pt).collect()
    }

    /// Every chain: (colour, stones, "alive"/"dead"/"seki", certain, confidence 0..1).
    #[getter]
    fn chains(&self) -> Vec<(Color, Vec<Pt>, &'static str, bool, f32)> {
        self.inner
            .chains
            .iter()
            .map(|c| {
                (
                    c.color.into(),
                    c.stones.iter().copied().map(pt).collect(),
                    status_name(c.status),
                    c.certain,
                    c.confidence,
                )
            })
            .collect()
    }

    /// The playouts' mean owner of each point, float32 (height, width): +1 Black to -1 White.
    #[getter]
    fn ownership<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<f32>>> {
        Array2::from_shape_vec((self.height, self.width), self.inner.ownership.clone())
            .map(|a| a.into_pyarray(py))
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// The count with the dead stones removed.
    #[getter]
    fn score(&self) -> Score {
        Score {
            inner: self.inner.score.clone(),
        }
    }

    /// The result of the count: `B+3.5`, `W+12` or `0`.
    #[getter]
    fn result(&self) -> String {
        self.inner.result().to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Judgement({:?}, dead={})",
            self.inner.result().to_string(),
            self.inner.dead.len()
        )
    }
}

/// Judge the dead stones of a finished position (a Board or a Game) and count it: see
/// `tengen.judge`.
#[pyfunction]
#[pyo3(signature = (position, rules=None, komi=None, to_move=None, playouts=128, seed=1, captures=None, handicap=0))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn judge(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<f64>,
    to_move: Option<&Bound<'_, PyAny>>,
    playouts: u32,
    seed: u64,
    captures: Option<(u32, u32)>,
    handicap: u32,
) -> PyResult<Judgement> {
    let mut opts = tengen::judge::Options {
        playouts,
        seed,
        handicap,
        ..tengen::judge::Options::default()
    };
    let (board, mut r, mut next) = if let Ok(g) = position.extract::<PyRef<'_, PyGame>>() {
        opts.captures = [
            g.game.captures(tengen::Color::Black),
            g.game.captures(tengen::Color::White),
        ];
        (g.game.board().clone(), *g.game.rules(), g.game.to_move())
    } else if let Ok(b) = position.extract::<PyRef<'_, PyBoard>>() {
        (b.board.clone(), b.rules, tengen::Color::Black)
    } else {
        return Err(PyTypeError::new_err(
            "judge() needs a tengen.Board or a tengen.Game",
        ));
    };
    if let Some(x) = rules.filter(|x| !x.is_none()) {
        r = rules_arg(Some(x), "chinese")?;
    }
    if let Some(k) = komi {
        r.komi = komi_arg(k)?;
    }
    if let Some(c) = opt_color_arg(to_move)? {
        next = c;
    }
    if let Some((b, w)) = captures {
        opts.captures = [b, w];
    }
    // the range `score` checks (at most the board's points of handicap)
    tengen::score::check_handicap_and_captures(board.size(), opts.handicap, opts.captures)
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let (width, height) = (board.width(), board.height());
    let res = py.detach(|| {
        catch_unwind(AssertUnwindSafe(|| {
            tengen::judge::judge(&board, &r, next, &opts)
        }))
    });
    match res {
        Ok(inner) => Ok(Judgement {
            inner,
            width,
            height,
        }),
        Err(p) => Err(PyRuntimeError::new_err(format!(
            "internal error in tengen: {}",
            panic_message(&p)
        ))),
    }
}
