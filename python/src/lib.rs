//! Python bindings of the tengen Go rules engine.
//!
//! This crate is thin on purpose: every rule (legality, captures, ko and superko, replay,
//! territory, scoring) is the `tengen` library's; this file converts arguments and results
//! between Python and Rust, releases the GIL around long work, and turns errors into Python
//! exceptions with the messages the `tengen` command prints. The typed, documented Python API
//! is the `tengen` package (`tengen/__init__.py` and its stubs) on top of this `_tengen`
//! module.
//!
//! Coordinates are `(x, y)` = (column, row) from the top-left corner, 0-based, as in the move
//! task and as [`tengen::Point`].

use std::panic::{catch_unwind, AssertUnwindSafe};

use numpy::ndarray::{Array1, Array2};
use numpy::{
    IntoPyArray, PyArray1, PyArray2, PyArray3, PyArray4, PyArrayMethods, PyReadonlyArray2,
};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use rayon::prelude::*;

use tengen::formats::text::{self, InputFormat, TextStyle};
use tengen::score::{ScoreError, ScoreOptions};
use tengen::sgf::{self as tsgf, Mode, ReplayOptions, Replayer};
use tengen::territory::{self as tterr, TerritoryMap};
use tengen::vertex::Vertex;
use tengen::{
    ColoredMove, HandicapBonus, IllegalMove, KoRule, Komi, Move, Point, Reason, Rules, Scoring,
    Size, Tax,
};

pyo3::create_exception!(
    _tengen,
    IllegalMoveError,
    PyValueError,
    "An illegal move. `reason` is one of \"occupied\", \"suicide\", \"ko\", \"superko\", \"off board\"."
);
pyo3::create_exception!(
    _tengen,
    SgfError,
    PyValueError,
    "An SGF record that cannot be read or replayed (the message names the file and the spot)."
);

type Pt = (u8, u8);

fn pt(p: Point) -> Pt {
    (p.x, p.y)
}

// ---------------------------------------------------------------------------------------------
// Colours

/// A player's colour: `Color.BLACK` (1) or `Color.WHITE` (2), the move task's digits.
#[pyclass(module = "tengen._tengen", eq, eq_int, frozen, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// The first player (digit 1).
    #[pyo3(name = "BLACK")]
    Black = 1,
    /// The second player (digit 2).
    #[pyo3(name = "WHITE")]
    White = 2,
}

impl From<tengen::Color> for Color {
    fn from(c: tengen::Color) -> Color {
        match c {
            tengen::Color::Black => Color::Black,
            tengen::Color::White => Color::White,
        }
    }
}

impl From<Color> for tengen::Color {
    fn from(c: Color) -> tengen::Color {
        match c {
            Color::Black => tengen::Color::Black,
            Color::White => tengen::Color::White,
        }
    }
}

#[pymethods]
impl Color {
    /// The other colour.
    fn opponent(&self) -> Color {
        tengen::Color::from(*self).opponent().into()
    }

    /// `"black"` or `"white"`.
    #[getter]
    fn name_lower(&self) -> &'static str {
        tengen::Color::from(*self).name()
    }

    fn __str__(&self) -> &'static str {
        tengen::Color::from(*self).name()
    }
}

/// A colour argument: `Color`, 1/2, or `"b"`/`"w"`/`"black"`/`"white"` (any case).
fn color_arg(obj: &Bound<'_, PyAny>) -> PyResult<tengen::Color> {
    if let Ok(c) = obj.extract::<Color>() {
        return Ok(c.into());
    }
    if let Ok(i) = obj.extract::<i64>() {
        return match i {
            1 => Ok(tengen::Color::Black),
            2 => Ok(tengen::Color::White),
            _ => Err(PyValueError::new_err(format!(
                "invalid colour {i}: expected 1 (black) or 2 (white)"
            ))),
        };
    }
    if let Ok(s) = obj.extract::<String>() {
        return s
            .parse::<tengen::Color>()
            .or_else(|_| match s.trim().to_ascii_lowercase().as_str() {
                "b" | "black" | "x" => Ok(tengen::Color::Black),
                "w" | "white" | "o" => Ok(tengen::Color::White),
                _ => Err(()),
            })
            .map_err(|_| {
                PyValueError::new_err(format!(
                    "invalid colour {s:?}: expected \"b\", \"w\", \"black\" or \"white\""
                ))
            });
    }
    Err(PyTypeError::new_err(format!(
        "a colour must be tengen.Color, 1, 2 or a string, not {}",
        obj.get_type().name()?
    )))
}

fn opt_color_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<tengen::Color>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => color_arg(o).map(Some),
    }
}

// ---------------------------------------------------------------------------------------------
// Errors

fn illegal_err(py: Python<'_>, e: &IllegalMove) -> PyErr {
    let err = IllegalMoveError::new_err(e.to_string());
    let v = err.value(py);
    // setting attributes on a fresh exception object cannot fail
    let _ = v.setattr("reason", e.reason.name());
    let _ = v.setattr("point", pt(e.point));
    let _ = v.setattr("color", Color::from(e.color));
    err
}

fn illegal_reason_err(
    py: Python<'_>,
    msg: String,
    reason: Reason,
    p: Point,
    c: tengen::Color,
) -> PyErr {
    let err = IllegalMoveError::new_err(msg);
    let v = err.value(py);
    let _ = v.setattr("reason", reason.name());
    let _ = v.setattr("point", pt(p));
    let _ = v.setattr("color", Color::from(c));
    err
}

fn point_arg(size: Size, x: i64, y: i64) -> Option<Point> {
    size.point(x, y)
}

fn off_board(py: Python<'_>, x: i64, y: i64, c: tengen::Color, size: Size) -> PyErr {
    let err = IllegalMoveError::new_err(format!("off board at {x} {y} (the board is {size})"));
    let v = err.value(py);
    let _ = v.setattr("reason", Reason::OffBoard.name());
    let _ = v.setattr("point", (x, y));
    let _ = v.setattr("color", Color::from(c));
    err
}

fn size_arg(width: usize, height: Option<usize>) -> PyResult<Size> {
    Size::new(width, height.unwrap_or(width)).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Run `f`, turning a Rust panic into a `RuntimeError` naming it (PyO3 would raise its
/// `PanicException`, a `BaseException`, which `except Exception` does not catch).
fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => Err(PyRuntimeError::new_err(format!(
            "internal error in tengen: {}",
            panic_message(&p)
        ))),
    }
}

fn panic_message(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Rules

/// A rule set: ko rule, suicide, scoring method, taxes, handicap bonus and komi.
#[pyclass(module = "tengen._tengen", name = "Rules", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyRules {
    inner: Rules,
}

fn rules_from_name(name: &str) -> PyResult<Rules> {
    Rules::from_name(name).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn komi_arg(k: f64) -> PyResult<Komi> {
    format!("{k}")
        .parse::<Komi>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A rules argument: `Rules`, a preset name, or None (then `default`).
fn rules_arg(obj: Option<&Bound<'_, PyAny>>, default: &str) -> PyResult<Rules> {
    match obj {
        None => rules_from_name(default),
        Some(o) if o.is_none() => rules_from_name(default),
        Some(o) => {
            if let Ok(r) = o.extract::<PyRef<'_, PyRules>>() {
                Ok(r.inner)
            } else if let Ok(s) = o.extract::<String>() {
                rules_from_name(&s)
            } else {
                Err(PyTypeError::new_err(format!(
                    "rules must be tengen.Rules or a preset name, not {}",
                    o.get_type().name()?
                )))
            }
        }
    }
}

fn ko_name(k: KoRule) -> &'static str {
    match k {
        KoRule::None => "none",
        KoRule::Simple => "simple",
        KoRule::Positional => "positional",
        KoRule::Situational => "situational",
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (name="chinese", *, komi=None, ko=None, suicide=None, scoring=None, tax=None, handicap_bonus=None))]
    fn new(
        name: &str,
        komi: Option<f64>,
        ko: Option<&str>,
        suicide: Option<bool>,
        scoring: Option<&str>,
        tax: Option<&str>,
        handicap_bonus: Option<&str>,
    ) -> PyResult<PyRules> {
        let mut r = rules_from_name(name)?;
        if let Some(k) = komi {
            r.komi = komi_arg(k)?;
        }
        if let Some(k) = ko {
            r.ko = match k {
                "none" => KoRule::None,
                "simple" => KoRule::Simple,
                "positional" => KoRule::Positional,
                "situational" => KoRule::Situational,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "invalid ko rule {k:?}: expected none, simple, positional or situational"
                    )))
                }
            }
        }
        if let Some(s) = suicide {
            r.multi_stone_suicide = s;
        }
        if let Some(s) = scoring {
            r.scoring = match s {
                "area" => Scoring::Area,
                "territory" => Scoring::Territory,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "invalid scoring {s:?}: expected area or territory"
                    )))
                }
            }
        }
        if let Some(t) = tax {
            r.tax = match t {
                "none" => Tax::None,
                "seki" => Tax::Seki,
                "all" => Tax::All,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "invalid tax {t:?}: expected none, seki or all"
                    )))
                }
            }
        }
        if let Some(b) = handicap_bonus {
            r.handicap_bonus = match b {
                "0" => HandicapBonus::Zero,
                "N" => HandicapBonus::N,
                "N-1" => HandicapBonus::NMinusOne,
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "invalid handicap bonus {b:?}: expected \"0\", \"N\" or \"N-1\""
                    )))
                }
            }
        }
        Ok(PyRules { inner: r })
    }

    /// The preset these rules equal (komi aside), or None.
    #[getter]
    fn name(&self) -> Option<&'static str> {
        self.inner.preset().map(|p| p.name())
    }

    /// `"none"`, `"simple"`, `"positional"` or `"situational"`.
    #[getter]
    fn ko(&self) -> &'static str {
        ko_name(self.inner.ko)
    }

    /// Whether suicide of more than one stone is legal.
    #[getter]
    fn suicide(&self) -> bool {
        self.inner.multi_stone_suicide
    }

    /// `"area"` or `"territory"`.
    #[getter]
    fn scoring(&self) -> &'static str {
        match self.inner.scoring {
            Scoring::Area => "area",
            Scoring::Territory => "territory",
        }
    }

    /// `"none"`, `"seki"` or `"all"`.
    #[getter]
    fn tax(&self) -> &'static str {
        match self.inner.tax {
            Tax::None => "none",
            Tax::Seki => "seki",
            Tax::All => "all",
        }
    }

    /// `"0"`, `"N"` or `"N-1"`.
    #[getter]
    fn handicap_bonus(&self) -> &'static str {
        match self.inner.handicap_bonus {
            HandicapBonus::Zero => "0",
            HandicapBonus::N => "N",
            HandicapBonus::NMinusOne => "N-1",
        }
    }

    /// Komi in points (a whole or half number).
    #[getter]
    fn komi(&self) -> f64 {
        self.inner.komi.as_f64()
    }

    /// The names of every preset.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        tengen::Preset::NAMES.to_vec()
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "Rules({:?}, komi={}, ko={:?}, suicide={}, scoring={:?}, tax={:?}, handicap_bonus={:?})",
            self.name().unwrap_or("custom"),
            r.komi,
            self.ko(),
            if r.multi_stone_suicide { "True" } else { "False" },
            self.scoring(),
            self.tax(),
            self.handicap_bonus()
        )
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }
}

// ---------------------------------------------------------------------------------------------
// Board

/// A board position with the rules its moves are checked under.
#[pyclass(module = "tengen._tengen", name = "Board")]
#[derive(Clone)]
pub struct PyBoard {
    board: tengen::Board,
    rules: Rules,
}

/// What a cell holds, as Python sees it.
fn cell(c: Option<tengen::Color>) -> Option<Color> {
    c.map(Color::from)
}

fn removed_points(b: &tengen::Board) -> Vec<Pt> {
    b.last_removed().map(pt).collect()
}

fn read_rows(text_in: &str) -> PyResult<tengen::Board> {
    text::read_board(text_in, InputFormat::Auto).map_err(|e| PyValueError::new_err(e.to_string()))
}

#[pymethods]
impl PyBoard {
    #[new]
    #[pyo3(signature = (width, height=None, rules=None))]
    fn new(
        width: usize,
        height: Option<usize>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        Ok(PyBoard {
            board: tengen::Board::new(size_arg(width, height)?),
            rules: rules_arg(rules, "chinese")?,
        })
    }

    /// Columns.
    #[getter]
    fn width(&self) -> usize {
        self.board.width()
    }

    /// Rows.
    #[getter]
    fn height(&self) -> usize {
        self.board.height()
    }

    /// The rules moves are checked under.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules { inner: self.rules }
    }

    /// Put a stone: the captured points, or IllegalMoveError.
    fn play(
        &mut self,
        py: Python<'_>,
        x: i64,
        y: i64,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<Pt>> {
        let c = color_arg(color)?;
        let Some(p) = point_arg(self.board.size(), x, y) else {
            return Err(off_board(py, x, y, c, self.board.size()));
        };
        match self.board.play(p, c, &self.rules) {
            Ok(_) => Ok(removed_points(&self.board)),
            Err(e) => Err(illegal_err(py, &e)),
        }
    }

    /// Whether `color` may play at (x, y) (off-board points are not legal).
    fn is_legal(&self, x: i64, y: i64, color: &Bound<'_, PyAny>) -> PyResult<bool> {
        let c = color_arg(color)?;
        Ok(point_arg(self.board.size(), x, y)
            .is_some_and(|p| self.board.is_legal(p, c, &self.rules)))
    }

    /// Why `color` may not play at (x, y): a reason, or None for a legal move.
    fn why_illegal(
        &self,
        x: i64,
        y: i64,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Option<&'static str>> {
        let c = color_arg(color)?;
        Ok(match point_arg(self.board.size(), x, y) {
            None => Some(Reason::OffBoard.name()),
            Some(p) => self
                .board
                .check(p, c, &self.rules)
                .err()
                .map(|e| e.reason.name()),
        })
    }

    /// Every legal point for `color`, in row-major order.
    fn legal_moves(&self, color: &Bound<'_, PyAny>) -> PyResult<Vec<Pt>> {
        let c = color_arg(color)?;
        Ok(self
            .board
            .legal_moves(c, &self.rules)
            .into_iter()
            .map(pt)
            .collect())
    }

    /// Set or clear points without rules (setup): `edits` is a list of ((x, y), colour or None).
    #[allow(clippy::type_complexity)]
    fn edit(&mut self, edits: Vec<((i64, i64), Option<Bound<'_, PyAny>>)>) -> PyResult<()> {
        let size = self.board.size();
        let mut out = Vec::with_capacity(edits.len());
        for ((x, y), c) in edits {
            let p = point_arg(size, x, y).ok_or_else(|| {
                PyValueError::new_err(format!("point {x} {y} is off the {size} board"))
            })?;
            out.push((p, opt_color_arg(c.as_ref())?));
        }
        self.board.edit(out);
        Ok(())
    }

    /// The stones of the chain on (x, y) (None on an empty point).
    fn chain(&self, x: i64, y: i64) -> PyResult<Option<Vec<Pt>>> {
        let p = self.on_board(x, y)?;
        Ok(self
            .board
            .chain(p)
            .map(|c| c.stones.into_iter().map(pt).collect()))
    }

    /// The liberties of the chain on (x, y) as points (None on an empty point).
    fn liberty_points(&self, x: i64, y: i64) -> PyResult<Option<Vec<Pt>>> {
        let p = self.on_board(x, y)?;
        Ok(self
            .board
            .chain(p)
            .map(|c| c.liberties.into_iter().map(pt).collect()))
    }

    /// The number of liberties of the chain on (x, y) (None on an empty point).
    fn liberties(&self, x: i64, y: i64) -> PyResult<Option<usize>> {
        let p = self.on_board(x, y)?;
        Ok(self.board.liberties(p))
    }

    /// The simple-ko point: ((x, y), barred colour), or None.
    #[getter]
    fn ko(&self) -> Option<(Pt, Color)> {
        self.board.ko().map(|(p, c)| (pt(p), c.into()))
    }

    /// Stones of `color` on the board.
    fn count(&self, color: &Bound<'_, PyAny>) -> PyResult<usize> {
        Ok(self.board.stone_count(color_arg(color)?))
    }

    /// A copy.
    fn copy(&self) -> PyBoard {
        self.clone()
    }

    fn __copy__(&self) -> PyBoard {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyBoard {
        self.clone()
    }

    fn __getitem__(&self, key: (i64, i64)) -> PyResult<Option<Color>> {
        let p = self.on_board(key.0, key.1)?;
        Ok(cell(self.board.get(p)))
    }

    fn __eq__(&self, other: PyRef<'_, PyBoard>) -> bool {
        self.board == other.board
    }

    /// The Zobrist hash of the stones (equal boards have equal hashes).
    fn __hash__(&self) -> u64 {
        self.board.hash()
    }

    /// The Zobrist hash of the stones as an unsigned 64-bit number.
    #[getter]
    fn zobrist(&self) -> u64 {
        self.board.hash()
    }

    fn __str__(&self) -> String {
        text::render(&self.board, TextStyle::board(), |_| None)
    }

    fn __repr__(&self) -> String {
        format!("Board({}, {})", self.board.width(), self.board.height())
    }

    /// The rows as `.XO` text (reads back with `Board.from_rows`).
    fn rows(&self) -> Vec<String> {
        let t = text::render(&self.board, TextStyle::default(), |_| None);
        t.lines().map(str::to_string).collect()
    }

    /// A board from rows of the move task's digits (`0` empty, `1` black, `2` white) or of
    /// `.XO` (also `+`/`-` empty, `#`/`@` black and `o` white, as `tengen territory` reads).
    #[staticmethod]
    #[pyo3(signature = (rows, rules=None))]
    fn from_rows(rows: Vec<String>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        // digit rows are the move task's board without its size line: give it one, so that a
        // first row such as "02" is not read as the size
        let digits = !rows.is_empty()
            && rows
                .iter()
                .all(|r| !r.is_empty() && r.bytes().all(|b| b.is_ascii_digit()));
        let mut joined = if digits {
            format!("{}\n", rows.len())
        } else {
            String::new()
        };
        joined += &(rows.join("\n") + "\n");
        Ok(PyBoard {
            board: read_rows(&joined)?,
            rules: rules_arg(rules, "chinese")?,
        })
    }

    /// A board from text in any format `tengen` reads (digits, `.XO` rows, JSON array).
    #[staticmethod]
    #[pyo3(signature = (text, rules=None))]
    fn from_text(text: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        Ok(PyBoard {
            board: read_rows(text)?,
            rules: rules_arg(rules, "chinese")?,
        })
    }

    /// The stones as an int8 array of shape (height, width): 0 empty, 1 black, 2 white.
    fn to_numpy<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray2<i8>> {
        let (w, h) = (self.board.width(), self.board.height());
        let mut a = Array2::<i8>::zeros((h, w));
        for y in 0..h {
            for x in 0..w {
                if let Some(c) = self.board.get(Point::new(x as u8, y as u8)) {
                    a[(y, x)] = c.digit() as i8;
                }
            }
        }
        a.into_pyarray(py)
    }

    /// A board from an int8 array of shape (height, width): 0 empty, 1 black, 2 white.
    #[staticmethod]
    #[pyo3(signature = (a, rules=None))]
    fn from_numpy(
        a: PyReadonlyArray2<'_, i8>,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<PyBoard> {
        let v = a.as_array();
        let (h, w) = v.dim();
        let size = Size::new(w, h).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let mut edits = Vec::new();
        for ((y, x), &d) in v.indexed_iter() {
            match d {
                0 => {}
                1 | 2 => edits.push((
                    Point::new(x as u8, y as u8),
                    tengen::Color::from_digit(d as u8),
                )),
                _ => {
                    return Err(PyValueError::new_err(format!(
                        "row {y}, column {x}: {d} is not 0 (empty), 1 (black) or 2 (white)"
                    )))
                }
            }
        }
        let mut board = tengen::Board::new(size);
        board.edit(edits);
        if let Some(p) = board.chains_without_liberties().first() {
            return Err(PyValueError::new_err(format!(
                "the chain at {} {} has no liberties",
                p.x, p.y
            )));
        }
        Ok(PyBoard {
            board,
            rules: rules_arg(rules, "chinese")?,
        })
    }
}

impl PyBoard {
    fn on_board(&self, x: i64, y: i64) -> PyResult<Point> {
        point_arg(self.board.size(), x, y).ok_or_else(|| {
            pyo3::exceptions::PyIndexError::new_err(format!(
                "point {x} {y} is off the {} board",
                self.board.size()
            ))
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Game

/// A game: board, rules, side to move, captures, history, superko and undo.
#[pyclass(module = "tengen._tengen", name = "Game")]
#[derive(Clone)]
pub struct PyGame {
    game: tengen::Game,
}

fn move_tuple(m: ColoredMove) -> (Color, Option<Pt>) {
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
            game: tengen::Game::from_board(board.board.clone(), c, r),
        })
    }

    /// Play a stone for `color` (default: the side to move): the captured points.
    #[pyo3(signature = (x, y, color=None))]
    fn play(
        &mut self,
        py: Python<'_>,
        x: i64,
        y: i64,
        color: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Vec<Pt>> {
        let c = opt_color_arg(color)?.unwrap_or(self.game.to_move());
        let size = self.game.board().size();
        let Some(p) = point_arg(size, x, y) else {
            return Err(off_board(py, x, y, c, size));
        };
        match self.game.play_as(c, Move::Play(p)) {
            Ok(()) => Ok(removed_points(self.game.board())),
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
            board: self.game.board().clone(),
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

// ---------------------------------------------------------------------------------------------
// Territory and score

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
fn territory(board: PyRef<'_, PyBoard>) -> Territories {
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
fn score(
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

// ---------------------------------------------------------------------------------------------
// Judge

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
fn judge(
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

// ---------------------------------------------------------------------------------------------
// Coordinates

/// The GTP vertex of (x, y) on a board with `height` rows: (3, 15) on 19 rows is "D4".
#[pyfunction]
#[pyo3(signature = (x, y, height=19))]
fn to_gtp(x: u8, y: u8, height: usize) -> PyResult<String> {
    if y as usize >= height {
        return Err(PyValueError::new_err(format!(
            "row {y} is off a board of {height} rows"
        )));
    }
    Ok(Vertex::of(Point::new(x, y), height).to_string())
}

/// The point of a GTP vertex ("D4", "pass" gives None) on a board of `width` x `height`.
#[pyfunction]
#[pyo3(signature = (vertex, width=19, height=None))]
fn from_gtp(vertex: &str, width: usize, height: Option<usize>) -> PyResult<Option<Pt>> {
    let size = size_arg(width, height)?;
    let v = Vertex::parse(vertex, size).map_err(|e| {
        PyValueError::new_err(format!(
            "{vertex:?} is not a vertex of the {size} board ({})",
            e.0
        ))
    })?;
    Ok(match v.mv {
        Move::Play(p) => Some(pt(p)),
        Move::Pass => None,
    })
}

/// The SGF letters of (x, y): (3, 3) is "dd".
#[pyfunction]
fn to_sgf(x: u8, y: u8) -> PyResult<String> {
    if x >= tengen::MAX_SIZE || y >= tengen::MAX_SIZE {
        return Err(PyValueError::new_err(format!(
            "point {x} {y} is beyond SGF's 52 columns and rows"
        )));
    }
    Ok(tsgf::point_to_sgf(Point::new(x, y)))
}

/// The point of SGF letters ("dd" is (3, 3)); "" and "tt" are passes (None) on boards up to 19.
#[pyfunction]
#[pyo3(signature = (letters, width=19, height=None))]
fn from_sgf(letters: &str, width: usize, height: Option<usize>) -> PyResult<Option<Pt>> {
    let size = size_arg(width, height)?;
    match tsgf::parse_move(letters.as_bytes(), size) {
        Some(Move::Play(p)) if size.contains(p) => Ok(Some(pt(p))),
        Some(Move::Pass) => Ok(None),
        _ => Err(PyValueError::new_err(format!(
            "{letters:?} is not an SGF point of the {size} board"
        ))),
    }
}

// ---------------------------------------------------------------------------------------------
// SGF

/// Events of the main line, in order, as the record lists them (`Record.moves` and
/// `Record.setup`; the replay itself is the library's).
enum Ev {
    Setup(Vec<(Point, Option<tengen::Color>)>),
    Play(tengen::Color, Move),
}

/// A parsed record: its first game's tree, main-line events, decoded root properties.
struct RecordData {
    name: String,
    bytes: Vec<u8>,
    size: Size,
    events: Vec<Ev>,
    props: Vec<(String, Vec<String>)>,
    comments: Vec<(usize, String)>,
    node_count: usize,
    warnings: Vec<String>,
}

/// The CLI's message for a record that cannot be read (`tengen replay` prints the same).
fn sgf_err(name: &str, msg: impl std::fmt::Display) -> String {
    format!("{name}: unreadable: {msg}")
}

/// SimpleText properties (line breaks become spaces); the other text values keep them.
fn is_simple_text(id: &str) -> bool {
    !matches!(id, "C" | "GC")
}

fn parse_record(name: String, bytes: Vec<u8>, decode: bool) -> Result<RecordData, String> {
    let parsed = tsgf::parse(&bytes, Mode::Lenient).map_err(|e| sgf_err(&name, e))?;
    let coll = &parsed.collection;
    let Some(&root) = coll.roots().first() else {
        return Err(sgf_err(&name, "no game in the file"));
    };
    let mut warnings: Vec<String> = parsed.warnings.iter().map(|w| w.to_string()).collect();
    let rnode = coll.node(root);
    if let Some(gm) = rnode.value("GM") {
        if gm.trim_ascii() != b"1" {
            return Err(sgf_err(
                &name,
                tsgf::ReplayError::NotGo(String::from_utf8_lossy(gm).into_owned()),
            ));
        }
    }
    let size = match rnode.value("SZ") {
        Some(v) => tsgf::parse_size(v).ok_or_else(|| {
            sgf_err(
                &name,
                tsgf::ReplayError::BadSize(String::from_utf8_lossy(v).into_owned()),
            )
        })?,
        None => Size::square(19).expect("19 is a valid size"),
    };
    // the library's one detector: CA when known, else detected from the file's bytes
    // (valid UTF-8, Fox's mangled UTF-8 repaired, then the legacy charsets)
    let (enc, _) = tsgf::TextEncoding::detect(rnode.value("CA"), &bytes);
    let dec = |id: &str, v: &[u8]| -> String {
        if is_simple_text(id) {
            tsgf::decode_simple_text(v, enc)
        } else {
            tsgf::decode_text(v, enc)
        }
    };
    let mut props = Vec::new();
    if decode {
        for p in &rnode.props {
            props.push((
                p.id.clone(),
                p.values.iter().map(|v| dec(&p.id, v)).collect(),
            ));
        }
    }
    let mut events = Vec::new();
    let mut comments = Vec::new();
    let mut node_count = 0;
    for (k, id) in coll.main_line(root).enumerate() {
        node_count += 1;
        let node = coll.node(id);
        let mut setup = Vec::new();
        let mut moves = Vec::new();
        for prop in &node.props {
            let first = prop.values.first().map(Vec::as_slice).unwrap_or_default();
            match prop.id.as_str() {
                "AB" | "AW" | "AE" => {
                    let c = match prop.id.as_str() {
                        "AB" => Some(tengen::Color::Black),
                        "AW" => Some(tengen::Color::White),
                        _ => None,
                    };
                    for v in &prop.values {
                        if !tsgf::for_each_listed_point(v, |p| setup.push((p, c))) {
                            warnings.push(format!(
                                "node {k}: {}[{}] is not a point or a point:point rectangle; ignored",
                                prop.id,
                                String::from_utf8_lossy(v)
                            ));
                        }
                    }
                }
                "B" | "W" => {
                    let c = if prop.id == "B" {
                        tengen::Color::Black
                    } else {
                        tengen::Color::White
                    };
                    match tsgf::parse_move(first, size) {
                        Some(m) => moves.push((c, m)),
                        None => warnings.push(format!(
                            "node {k}: {}[{}] is not a move; ignored",
                            prop.id,
                            String::from_utf8_lossy(first)
                        )),
                    }
                }
                "C" if decode => comments.push((k, dec("C", first))),
                _ => {}
            }
        }
        if !setup.is_empty() {
            events.push(Ev::Setup(setup));
        }
        events.extend(moves.into_iter().map(|(c, m)| Ev::Play(c, m)));
    }
    Ok(RecordData {
        name,
        bytes,
        size,
        events,
        props,
        comments,
        node_count,
        warnings,
    })
}

fn replay_opts(rules: Option<Rules>, komi: Option<Komi>) -> ReplayOptions {
    ReplayOptions {
        rules,
        komi,
        ..ReplayOptions::default()
    }
}

/// The CLI's message for an illegal move in a record (`tengen replay` prints the same).
fn illegal_at_message(name: &str, e: &tsgf::IllegalAt) -> String {
    format!("{name}: illegal: {e}")
}

/// A game record read from SGF: decoded root properties, main line, setup.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct Record {
    data: RecordData,
}

#[pymethods]
impl Record {
    /// Where the record came from (the path, or "<bytes>").
    #[getter]
    fn name(&self) -> &str {
        &self.data.name
    }

    /// The root properties, decoded to str whatever the file's encoding: {id: [values]}.
    #[getter]
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.data.props {
            d.set_item(k, PyList::new(py, v)?)?;
        }
        Ok(d)
    }

    /// The first value of root property `id` decoded, or `default`.
    #[pyo3(signature = (id, default=None))]
    fn get(&self, id: &str, default: Option<String>) -> Option<String> {
        self.data
            .props
            .iter()
            .find(|(k, _)| k == id)
            .and_then(|(_, v)| v.first().cloned())
            .or(default)
    }

    /// (width, height).
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.data.size.width(), self.data.size.height())
    }

    /// The main line's moves: (colour, point or None for a pass).
    #[getter]
    fn moves(&self) -> Vec<(Color, Option<Pt>)> {
        self.data
            .events
            .iter()
            .filter_map(|e| match e {
                Ev::Play(c, m) => Some(move_tuple(ColoredMove { color: *c, mv: *m })),
                _ => None,
            })
            .collect()
    }

    /// The main line's setup: (move number it comes before, point, colour or None for AE).
    #[getter]
    fn setup(&self) -> Vec<(usize, Pt, Option<Color>)> {
        let mut n = 0;
        let mut out = Vec::new();
        for e in &self.data.events {
            match e {
                Ev::Play(..) => n += 1,
                Ev::Setup(s) => out.extend(s.iter().map(|&(p, c)| (n, pt(p), c.map(Color::from)))),
            }
        }
        out
    }

    /// Comments (`C`) of the main line: (node index from 0 = root, text).
    #[getter]
    fn comments(&self) -> Vec<(usize, String)> {
        self.data.comments.clone()
    }

    /// The number of nodes on the main line.
    #[getter]
    fn node_count(&self) -> usize {
        self.data.node_count
    }

    /// Problems the lenient reader recovered from.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.data.warnings.clone()
    }

    /// Replay the main line under `rules` (default: the record's RU, else Japanese) and
    /// `komi` (default: KM): the Game, or IllegalMoveError naming the move.
    #[pyo3(signature = (rules=None, komi=None))]
    fn replay(
        &self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
    ) -> PyResult<PyGame> {
        let rules = match rules {
            Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
            _ => None,
        };
        let komi = komi.map(komi_arg).transpose()?;
        let data = &self.data;
        let result = py.detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                // the library's replay through a `Game`: the one driver of setup and moves
                Replayer::new()
                    .replay_game(&data.bytes, &replay_opts(rules, komi))
                    .map(|g| (g.replay, g.game))
            }))
        });
        let (rep, game) = match result {
            Err(p) => {
                return Err(PyRuntimeError::new_err(format!(
                    "internal error in tengen: {}",
                    panic_message(&p)
                )))
            }
            Ok(Err(e)) => return Err(SgfError::new_err(sgf_err(&data.name, e))),
            Ok(Ok(v)) => v,
        };
        if let Some(e) = rep.error {
            return Err(illegal_reason_err(
                py,
                illegal_at_message(&data.name, &e),
                e.reason,
                e.point,
                e.color,
            ));
        }
        Ok(PyGame { game })
    }

    fn __repr__(&self) -> String {
        format!(
            "Record({:?}, size={}, moves={})",
            self.data.name,
            self.data.size,
            self.moves().len()
        )
    }
}

/// Read a record from bytes; `name` names it in messages.
#[pyfunction]
#[pyo3(signature = (data, name="<bytes>"))]
fn load_sgf(py: Python<'_>, data: &Bound<'_, PyBytes>, name: &str) -> PyResult<Record> {
    let bytes = data.as_bytes().to_vec();
    let name = name.to_string();
    let r = py.detach(|| catch_unwind(AssertUnwindSafe(|| parse_record(name, bytes, true))));
    match r {
        Ok(Ok(data)) => Ok(Record { data }),
        Ok(Err(msg)) => Err(SgfError::new_err(msg)),
        Err(p) => Err(PyRuntimeError::new_err(format!(
            "internal error in tengen: {}",
            panic_message(&p)
        ))),
    }
}

/// The outcome of replaying one file in `replay_many`.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct ReplayResult {
    /// The file.
    #[pyo3(get)]
    path: String,
    /// Whether the file was read and every move was legal.
    #[pyo3(get)]
    ok: bool,
    /// Moves played (passes included; the illegal move not counted).
    #[pyo3(get)]
    moves: usize,
    /// (stones Black captured, stones White captured).
    #[pyo3(get)]
    captures: (u32, u32),
    /// The record's RE, decoded, or None.
    #[pyo3(get)]
    result: Option<String>,
    /// The error: unreadable file or the first illegal move, with the CLI's message; or None.
    #[pyo3(get)]
    error: Option<String>,
    /// The reason of the illegal move ("ko", ...), or None.
    #[pyo3(get)]
    reason: Option<&'static str>,
    /// Problems recovered from (made strings when asked for).
    warnings: Vec<tsgf::Warning>,
    /// The final position, compact: size, a digit per point (row-major), the simple-ko state
    /// (a Board is tens of kilobytes with its liberty sets; copying one per file would cost
    /// as much as the replay).
    board: Option<Compact>,
    rules: Option<Rules>,
    to_move: Option<tengen::Color>,
}

/// A position as its stones and simple-ko state.
struct Compact {
    size: Size,
    cells: Vec<u8>,
    ko: Option<(Point, tengen::Color)>,
}

impl Compact {
    fn of(b: &tengen::Board) -> Compact {
        let (w, h) = (b.width(), b.height());
        let mut cells = Vec::with_capacity(w * h);
        for y in 0..h as u8 {
            for x in 0..w as u8 {
                cells.push(b.get(Point::new(x, y)).map_or(0, |c| c.digit()));
            }
        }
        Compact {
            size: b.size(),
            cells,
            ko: b.ko(),
        }
    }

    fn board(&self) -> tengen::Board {
        let mut b = tengen::Board::new(self.size);
        b.edit(
            self.size
                .points()
                .zip(&self.cells)
                .filter(|(_, &d)| d != 0)
                .map(|(p, &d)| (p, tengen::Color::from_digit(d))),
        );
        if let Some((p, c)) = self.ko {
            b.set_ko(p, c);
        }
        b
    }
}

#[pymethods]
impl ReplayResult {
    /// The final position (up to the illegal move), or None for an unreadable file.
    #[getter]
    fn board(&self) -> Option<PyBoard> {
        Some(PyBoard {
            board: self.board.as_ref()?.board(),
            rules: self.rules?,
        })
    }

    /// The rules the moves were checked under, or None for an unreadable file.
    #[getter]
    fn rules(&self) -> Option<PyRules> {
        self.rules.map(|inner| PyRules { inner })
    }

    /// Whose turn it is after the last move, or None for an unreadable file.
    #[getter]
    fn to_move(&self) -> Option<Color> {
        self.to_move.map(Color::from)
    }

    /// Problems recovered from (lenient parsing, setup, unknown rules, Fox's komi), each as
    /// `tengen replay` prints it.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.iter().map(|w| w.to_string()).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "ReplayResult({:?}, ok={}, moves={})",
            self.path,
            if self.ok { "True" } else { "False" },
            self.moves
        )
    }
}

/// Read a file into `buf` (cleared first, its capacity reused: no allocation once it has
/// grown to the largest file), refusing one larger than the library's SGF limit.
///
/// Four system calls for a small file (open, read, the read that finds the end, close): the
/// size is asked for only once the file turns out large (more than 1 MiB), so that a huge
/// file is still refused before it is read.
fn read_file(path: &str, buf: &mut Vec<u8>) -> Result<(), String> {
    use std::io::Read;
    /// Read this much before asking for the size.
    const PROBE: u64 = 1 << 20;
    let cannot = |e: std::io::Error| format!("cannot read: {e}");
    let too_big = |len: u64| {
        format!(
            "{len} bytes is more than the {} an SGF file may have",
            tsgf::MAX_FILE_BYTES
        )
    };
    let mut f = std::fs::File::open(path).map_err(cannot)?;
    buf.clear();
    (&mut f).take(PROBE).read_to_end(buf).map_err(cannot)?;
    if buf.len() as u64 == PROBE {
        let len = f.metadata().map_err(cannot)?.len();
        if len > tsgf::MAX_FILE_BYTES {
            return Err(too_big(len));
        }
        // the file may grow while read: never read more than the limit and one byte
        (&mut f)
            .take(tsgf::MAX_FILE_BYTES + 1 - PROBE)
            .read_to_end(buf)
            .map_err(cannot)?;
        if buf.len() as u64 > tsgf::MAX_FILE_BYTES {
            return Err(too_big(buf.len() as u64));
        }
    }
    Ok(())
}

/// What `replay_many` replays: a file, or the bytes of one (named "<bytes>" in results).
///
/// The bytes are the Python object's own buffer, not a copy (`PyBackedBytes` keeps the
/// immutable `bytes` alive and may be read from any thread): copying them on the Python thread
/// was the largest serial step of a replay from memory. A `Source` holds a Python reference,
/// so it is dropped where the GIL is held (the batches come back with their results).
enum Source {
    Path(String),
    Bytes(pyo3::pybacked::PyBackedBytes),
}

/// The sources of a list of paths (str) and bytes.
fn sources(items: Vec<Bound<'_, PyAny>>) -> PyResult<Vec<Source>> {
    items
        .into_iter()
        .map(|item| match item.cast_into::<PyBytes>() {
            Ok(b) => Ok(Source::Bytes(b.into())),
            Err(e) => {
                let item = e.into_inner();
                item.extract::<String>().map(Source::Path).map_err(|_| {
                    PyTypeError::new_err(format!(
                        "a path (str) or the bytes of an SGF file expected, not {}",
                        item.get_type()
                            .name()
                            .map_or_else(|_| "?".to_string(), |n| n.to_string())
                    ))
                })
            }
        })
        .collect()
}

fn replay_one(
    r: &mut Replayer,
    buf: &mut Vec<u8>,
    src: &Source,
    opts: &ReplayOptions,
    boards: bool,
) -> ReplayResult {
    let path = match src {
        Source::Path(p) => p.as_str(),
        Source::Bytes(_) => "<bytes>",
    };
    let mut out = ReplayResult {
        path: path.to_string(),
        ok: false,
        moves: 0,
        captures: (0, 0),
        result: None,
        error: None,
        reason: None,
        warnings: Vec::new(),
        board: None,
        rules: None,
        to_move: None,
    };
    let bytes = match src {
        Source::Bytes(b) => &b[..],
        Source::Path(_) => {
            if let Err(e) = read_file(path, buf) {
                out.error = Some(format!("{path}: unreadable: {e}"));
                return out;
            }
            &buf[..]
        }
    };
    match catch_unwind(AssertUnwindSafe(|| r.replay(bytes, opts))) {
        Err(p) => {
            *r = Replayer::new();
            out.error = Some(format!(
                "{path}: internal error in tengen: {}",
                panic_message(&p)
            ));
        }
        Ok(Err(e)) => out.error = Some(format!("{path}: unreadable: {e}")),
        Ok(Ok(rep)) => {
            out.ok = rep.error.is_none();
            out.moves = rep.moves;
            out.captures = (rep.captures[0], rep.captures[1]);
            out.result = rep.result;
            out.error = rep.error.map(|e| illegal_at_message(path, &e));
            out.reason = rep.error.map(|e| e.reason.name());
            out.warnings = rep.warnings;
            if boards {
                out.board = Some(Compact::of(r.board()));
            }
            out.rules = Some(rep.rules);
            out.to_move = Some(rep.to_move);
        }
    }
    out
}

fn pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(n) = threads {
        if n == 0 {
            return Err(PyValueError::new_err("threads must be at least 1"));
        }
        b = b.num_threads(n);
    }
    b.build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start worker threads: {e}")))
}

/// Replay `paths` (files or bytes) on the current rayon pool: one result per path, in input
/// order. Each worker reads its files itself into one reused buffer and replays them with its
/// own `Replayer`; the results land in their slots of the output (rayon's indexed collect), so
/// no lock is taken and nothing waits for the slowest file but the end of the batch.
fn replay_batch(paths: &[Source], opts: &ReplayOptions, boards: bool) -> Vec<ReplayResult> {
    paths
        .par_iter()
        .map_init(
            || (Replayer::new(), Vec::with_capacity(1 << 16)),
            |(r, buf), p| replay_one(r, buf, p, opts, boards),
        )
        .collect()
}

fn replay_options(rules: Option<&Bound<'_, PyAny>>, komi: Option<f64>) -> PyResult<ReplayOptions> {
    let rules = match rules {
        Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
        _ => None,
    };
    Ok(replay_opts(rules, komi.map(komi_arg).transpose()?))
}

/// Replay files (paths or bytes) in parallel (GIL released): one ReplayResult per item, in
/// input order.
#[pyfunction]
#[pyo3(signature = (paths, threads=None, rules=None, komi=None, boards=true))]
fn replay_many(
    py: Python<'_>,
    paths: Vec<Bound<'_, PyAny>>,
    threads: Option<usize>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<f64>,
    boards: bool,
) -> PyResult<Vec<ReplayResult>> {
    let opts = replay_options(rules, komi)?;
    let pool = pool(threads)?;
    let paths = sources(paths)?;
    let results = py.detach(|| pool.install(|| replay_batch(&paths, &opts, boards)));
    drop(paths); // with the GIL: the bytes' Python references
    Ok(results)
}

/// A corpus replayed in the background, batch by batch: `submit` hands a batch of paths to
/// the worker threads and returns at once; `take` waits (GIL released) for the oldest batch
/// submitted and returns its results, in input order. While Python goes through one batch's
/// results, the workers replay the next ones, so the Python side is no serial step.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct ReplayStream {
    pool: rayon::ThreadPool,
    opts: ReplayOptions,
    boards: bool,
    pending: std::sync::Mutex<std::collections::VecDeque<std::sync::mpsc::Receiver<Batch>>>,
}

/// A batch's results, and its sources, handed back so that they are dropped with the GIL.
type Batch = (Vec<ReplayResult>, Vec<Source>);

impl ReplayStream {
    fn pending(
        &self,
    ) -> PyResult<
        std::sync::MutexGuard<'_, std::collections::VecDeque<std::sync::mpsc::Receiver<Batch>>>,
    > {
        self.pending.lock().map_err(|_| {
            PyRuntimeError::new_err("internal error in tengen: a replay stream was poisoned")
        })
    }
}

#[pymethods]
impl ReplayStream {
    #[new]
    #[pyo3(signature = (threads=None, rules=None, komi=None, boards=true))]
    fn new(
        threads: Option<usize>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
        boards: bool,
    ) -> PyResult<ReplayStream> {
        Ok(ReplayStream {
            opts: replay_options(rules, komi)?,
            pool: pool(threads)?,
            boards,
            pending: Default::default(),
        })
    }

    /// Start replaying `paths` (paths as str, or the bytes of files) on the worker threads;
    /// returns at once.
    fn submit(&self, paths: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let paths = sources(paths)?;
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let (opts, boards) = (self.opts, self.boards);
        self.pending()?.push_back(rx);
        self.pool.spawn(move || {
            // the receiver may be gone (the stream dropped): the results are then not wanted
            // (if it is, the sources' Python references are dropped here without the GIL,
            // which PyO3 defers to the next time a thread holds it)
            let _ = tx.send((replay_batch(&paths, &opts, boards), paths));
        });
        Ok(())
    }

    /// The number of batches submitted and not taken yet.
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.pending()?.len())
    }

    /// The results of the oldest batch not taken yet, in input order (waits for it with the
    /// GIL released).
    fn take(&self, py: Python<'_>) -> PyResult<Vec<ReplayResult>> {
        let rx = self
            .pending()?
            .pop_front()
            .ok_or_else(|| PyValueError::new_err("no batch submitted to take"))?;
        let (results, sources) = py.detach(move || rx.recv()).map_err(|_| {
            PyRuntimeError::new_err("internal error in tengen: a replay worker stopped")
        })?;
        drop(sources); // with the GIL: the bytes' Python references
        Ok(results)
    }
}

// ---------------------------------------------------------------------------------------------
// Feature planes

/// Number of input planes of `features`.
const PLANES: usize = 13;

/// Map (x, y) on an n x n board through symmetry `s` (0..8): bit 2 transposes, then bit 0
/// mirrors the columns and bit 1 the rows. Symmetry 0 is the identity.
#[inline]
fn sym(s: usize, x: usize, y: usize, w: usize, h: usize) -> (usize, usize) {
    let (mut x, mut y, mut w, mut h) = (x, y, w, h);
    if s & 4 != 0 {
        std::mem::swap(&mut x, &mut y);
        std::mem::swap(&mut w, &mut h);
    }
    if s & 1 != 0 {
        x = w - 1 - x;
    }
    if s & 2 != 0 {
        y = h - 1 - y;
    }
    (x, y)
}

/// Write the planes of `game` for the side to move into `out` (PLANES x h x w, zeroed), the
/// board transformed by symmetry `s`. The layout is documented in `tengen.features`.
fn write_features(game: &tengen::Game, s: usize, out: &mut [f32]) {
    let b = game.board();
    let (w, h) = (b.width(), b.height());
    let ow = if s & 4 != 0 { h } else { w };
    let area = w * h;
    let me = game.to_move();
    let mut set = |plane: usize, x: usize, y: usize| {
        let (tx, ty) = sym(s, x, y, w, h);
        out[plane * area + ty * ow + tx] = 1.0;
    };
    for y in 0..h {
        for x in 0..w {
            let p = Point::new(x as u8, y as u8);
            set(0, x, y);
            match b.get(p) {
                Some(c) => {
                    set(if c == me { 1 } else { 2 }, x, y);
                    match b.liberties(p) {
                        Some(1) => set(3, x, y),
                        Some(2) => set(4, x, y),
                        Some(3) => set(5, x, y),
                        _ => {}
                    }
                }
                None => match game.check(me, Move::Play(p)) {
                    Ok(()) => set(12, x, y),
                    Err(e) if matches!(e.reason, Reason::Ko | Reason::Superko) => set(6, x, y),
                    Err(_) => {}
                },
            }
        }
    }
    let n = game.move_count();
    for (k, m) in game
        .moves()
        .skip(n.saturating_sub(5))
        .collect::<Vec<_>>()
        .iter()
        .rev()
        .enumerate()
    {
        if let Move::Play(p) = m.mv {
            set(7 + k, p.x as usize, p.y as usize);
        }
    }
}

fn check_sym(s: usize, w: usize, h: usize) -> PyResult<()> {
    if s >= 8 {
        return Err(PyValueError::new_err(format!("symmetry {s} is not 0 to 7")));
    }
    if s & 4 != 0 && w != h {
        return Err(PyValueError::new_err(format!(
            "symmetry {s} transposes, which needs a square board, not {w}x{h}"
        )));
    }
    Ok(())
}

/// The input planes of `game` for the side to move: float32 (13, height, width).
#[pyfunction]
#[pyo3(signature = (game, symmetry=0))]
fn features<'py>(
    py: Python<'py>,
    game: PyRef<'_, PyGame>,
    symmetry: usize,
) -> PyResult<Bound<'py, PyArray3<f32>>> {
    let b = game.game.board();
    let (w, h) = (b.width(), b.height());
    check_sym(symmetry, w, h)?;
    let (ow, oh) = if symmetry & 4 != 0 { (h, w) } else { (w, h) };
    let mut v = vec![0f32; PLANES * w * h];
    guarded(|| {
        write_features(&game.game, symmetry, &mut v);
        Ok(())
    })?;
    let a = numpy::ndarray::Array3::from_shape_vec((PLANES, oh, ow), v)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(a.into_pyarray(py))
}

/// The winner named by an RE value: Some(colour), or None (draw, void, unknown, absent).
fn winner_of(re: Option<&str>) -> Option<tengen::Color> {
    let t = re?.trim();
    match t.as_bytes().first()?.to_ascii_uppercase() {
        b'B' if t.len() > 1 && t.as_bytes()[1] == b'+' => Some(tengen::Color::Black),
        b'W' if t.len() > 1 && t.as_bytes()[1] == b'+' => Some(tengen::Color::White),
        _ => None,
    }
}

/// One file ready for its training rows: read, parsed and checked by the library's replay.
struct Prepared {
    rec: RecordData,
    /// The rules asked for (the record's own when `None`), for the replay of the rows.
    rules: Option<Rules>,
    winner: Option<tengen::Color>,
    positions: usize,
}

fn prepare(path: &str, size: usize, rules: Option<Rules>) -> Result<Prepared, String> {
    let mut bytes = Vec::new();
    read_file(path, &mut bytes).map_err(|e| format!("{path}: unreadable: {e}"))?;
    let rec = parse_record(path.to_string(), bytes, false)?;
    if rec.size != Size::square(size).expect("checked size") {
        return Err(format!(
            "{path}: the board is {}, not {size}x{size}",
            rec.size
        ));
    }
    let mut r = Replayer::new();
    let rep = r
        .replay(&rec.bytes, &replay_opts(rules, None))
        .map_err(|e| format!("{path}: unreadable: {e}"))?;
    if let Some(e) = rep.error {
        return Err(illegal_at_message(path, &e));
    }
    Ok(Prepared {
        winner: winner_of(rep.result.as_deref()),
        rules,
        rec,
        // one row per move (passes included), as the library's replay plays them
        positions: rep.moves,
    })
}

/// Write rows `from..from + value.len()` of one prepared file (its positions, each times the
/// symmetries) into the output slices, which hold exactly those rows. With `zero`, each
/// position's planes are cleared first (a recycled buffer); else they must be zero already.
#[allow(clippy::too_many_arguments)]
fn fill(
    prep: &Prepared,
    size: usize,
    syms: &[usize],
    from: usize,
    zero: bool,
    inputs: &mut [f32],
    policy: &mut [i64],
    value: &mut [f32],
) -> Result<(), String> {
    let per = PLANES * size * size;
    let to = from + value.len();
    let mut row = 0;
    let mut visit = |game: &tengen::Game, color: tengen::Color, mv: Move| {
        if row >= to {
            return false;
        }
        if row + syms.len() <= from {
            row += syms.len();
            return true;
        }
        let tmp;
        let mut g = game;
        if g.to_move() != color {
            let mut c = game.clone();
            c.set_to_move(color);
            tmp = c;
            g = &tmp;
        }
        for &s in syms {
            if (from..to).contains(&row) {
                let k = row - from;
                let out = &mut inputs[k * per..(k + 1) * per];
                if zero {
                    out.fill(0.0);
                }
                write_features(g, s, out);
                policy[k] = match mv {
                    Move::Play(p) => {
                        let (x, y) = sym(s, p.x as usize, p.y as usize, size, size);
                        (y * size + x) as i64
                    }
                    Move::Pass => (size * size) as i64,
                };
                value[k] = match prep.winner {
                    Some(wc) if wc == color => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
            }
            row += 1;
        }
        true
    };
    let g = Replayer::new()
        .replay_game_visiting(&prep.rec.bytes, &replay_opts(prep.rules, None), &mut visit)
        .map_err(|e| format!("{}: unreadable: {e}", prep.rec.name))?;
    if let Some(e) = g.replay.error {
        return Err(illegal_at_message(&prep.rec.name, &e));
    }
    Ok(())
}

/// One piece of a fill: rows `from..` of a prepared file into its slices of the outputs.
type FillJob<'a> = (
    &'a Prepared,
    usize,
    &'a mut [f32],
    &'a mut [i64],
    &'a mut [f32],
);

/// Run fill jobs on `pool`, in parallel; the first error (a panic becomes one) is returned.
fn run_fills(
    pool: &rayon::ThreadPool,
    jobs: Vec<FillJob<'_>>,
    size: usize,
    syms: &[usize],
    zero: bool,
) -> Result<(), String> {
    pool.install(|| {
        jobs.into_par_iter().try_for_each(|(p, from, a, b, c)| {
            catch_unwind(AssertUnwindSafe(|| {
                fill(p, size, syms, from, zero, a, b, c)
            }))
            .unwrap_or_else(|e| {
                Err(format!(
                    "{}: internal error in tengen: {}",
                    p.rec.name,
                    panic_message(&e)
                ))
            })
        })
    })
}

/// Read and check `paths` in parallel on `pool` (the first pass of the training functions).
fn prepare_all(
    pool: &rayon::ThreadPool,
    paths: &[String],
    size: usize,
    rules: Option<Rules>,
) -> Vec<Result<Prepared, String>> {
    pool.install(|| {
        paths
            .par_iter()
            .map(|p| {
                catch_unwind(AssertUnwindSafe(|| prepare(p, size, rules))).unwrap_or_else(|e| {
                    Err(format!(
                        "{p}: internal error in tengen: {}",
                        panic_message(&e)
                    ))
                })
            })
            .collect()
    })
}

/// Training arrays from SGF files (parallel, GIL released); see `tengen.training_data`.
///
/// Two passes: the files are read and checked first, so that the output arrays are allocated
/// once at their final size and each file's rows are written in place, in parallel.
#[pyfunction]
#[pyo3(signature = (paths, size=19, symmetries=false, threads=None, rules=None, skip_errors=false))]
#[allow(clippy::type_complexity)]
fn training_data<'py>(
    py: Python<'py>,
    paths: Vec<String>,
    size: usize,
    symmetries: bool,
    threads: Option<usize>,
    rules: Option<&Bound<'_, PyAny>>,
    skip_errors: bool,
) -> PyResult<(
    Bound<'py, PyArray4<f32>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<f32>>,
    Vec<String>,
)> {
    Size::square(size).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let rules = match rules {
        Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
        _ => None,
    };
    let pool = pool(threads)?;
    let syms: &[usize] = if symmetries {
        &[0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        &[0]
    };
    let per = PLANES * size * size;
    let prepared = py.detach(|| prepare_all(&pool, &paths, size, rules));
    let mut errors = Vec::new();
    let mut ok = Vec::new();
    for r in prepared {
        match r {
            Ok(p) => ok.push(p),
            Err(e) if skip_errors => errors.push(e),
            Err(e) => return Err(SgfError::new_err(e)),
        }
    }
    let total: usize = ok.iter().map(|p| p.positions * syms.len()).sum();
    // numpy's allocation (not a Vec handed over): for a large array numpy asks the kernel for
    // huge pages, so the first touch faults once per 2 MiB instead of once per 4 KiB
    let inputs_array = PyArray4::<f32>::zeros(py, [total, PLANES, size, size], false);
    let mut inputs_rw = inputs_array.readwrite();
    let inputs = inputs_rw
        .as_slice_mut()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let mut policy = vec![0i64; total];
    let mut value = vec![0f32; total];
    let filled: Result<(), String> = py.detach(|| {
        let mut jobs = Vec::with_capacity(ok.len());
        let (mut i, mut pl, mut v) = (&mut inputs[..], &mut policy[..], &mut value[..]);
        for p in &ok {
            let n = p.positions * syms.len();
            let (a, rest_i) = std::mem::take(&mut i).split_at_mut(n * per);
            let (b, rest_p) = std::mem::take(&mut pl).split_at_mut(n);
            let (c, rest_v) = std::mem::take(&mut v).split_at_mut(n);
            jobs.push((p, 0, a, b, c));
            (i, pl, v) = (rest_i, rest_p, rest_v);
        }
        run_fills(&pool, jobs, size, syms, false)
    });
    drop(inputs_rw);
    filled.map_err(PyRuntimeError::new_err)?;
    Ok((
        inputs_array,
        Array1::from_vec(policy).into_pyarray(py),
        Array1::from_vec(value).into_pyarray(py),
        errors,
    ))
}

/// Files read for `training_batches`, not all written out yet.
#[derive(Default)]
struct Queue {
    /// Prepared files, oldest first.
    files: std::collections::VecDeque<Prepared>,
    /// Rows of the first file already written.
    done: usize,
    /// Rows not written yet, over all files.
    rows: usize,
}

/// The training rows of a corpus, written batch by batch into arrays the caller provides
/// (see `tengen.training_batches`): `add` reads and checks files (in parallel, GIL
/// released), `fill` writes the next rows into the given arrays (in parallel, GIL released).
/// Writing into the same arrays batch after batch spares the kernel's first touch of new
/// memory (in 4 KiB pages it cost more than the features themselves).
#[pyclass(module = "tengen._tengen", frozen)]
pub struct TrainingStream {
    pool: rayon::ThreadPool,
    size: usize,
    syms: Vec<usize>,
    rules: Option<Rules>,
    skip_errors: bool,
    queue: std::sync::Mutex<Queue>,
}

impl TrainingStream {
    fn queue(&self) -> PyResult<std::sync::MutexGuard<'_, Queue>> {
        self.queue.lock().map_err(|_| {
            PyRuntimeError::new_err("internal error in tengen: a training stream was poisoned")
        })
    }
}

#[pymethods]
impl TrainingStream {
    #[new]
    #[pyo3(signature = (size=19, symmetries=false, threads=None, rules=None, skip_errors=false))]
    fn new(
        size: usize,
        symmetries: bool,
        threads: Option<usize>,
        rules: Option<&Bound<'_, PyAny>>,
        skip_errors: bool,
    ) -> PyResult<TrainingStream> {
        Size::square(size).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let rules = match rules {
            Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
            _ => None,
        };
        Ok(TrainingStream {
            pool: pool(threads)?,
            size,
            syms: if symmetries {
                (0..8).collect()
            } else {
                vec![0]
            },
            rules,
            skip_errors,
            queue: Default::default(),
        })
    }

    /// Read and check `paths` (in parallel); their rows join the queue, in order. Returns
    /// the files skipped with `skip_errors` (each with the reason), else raises SgfError for
    /// the first bad one (and adds none of `paths`).
    fn add(&self, py: Python<'_>, paths: Vec<String>) -> PyResult<Vec<String>> {
        let (size, rules) = (self.size, self.rules);
        let prepared = py.detach(|| prepare_all(&self.pool, &paths, size, rules));
        let mut errors = Vec::new();
        let mut ok = Vec::with_capacity(prepared.len());
        for r in prepared {
            match r {
                Ok(p) => ok.push(p),
                Err(e) if self.skip_errors => errors.push(e),
                Err(e) => return Err(SgfError::new_err(e)),
            }
        }
        let mut q = self.queue()?;
        for p in ok {
            q.rows += p.positions * self.syms.len();
            q.files.push_back(p);
        }
        Ok(errors)
    }

    /// Rows queued and not written yet.
    #[getter]
    fn pending(&self) -> PyResult<usize> {
        Ok(self.queue()?.rows)
    }

    /// Write the next rows into the first rows of `inputs` (float32, C-contiguous,
    /// (n, PLANES, size, size)), `policy` (int64, (n,)) and `value` (float32, (n,)): as many as
    /// queued, up to n. Returns the number written; the rows after it are left as they were.
    fn fill(
        &self,
        py: Python<'_>,
        mut inputs: numpy::PyReadwriteArray4<'_, f32>,
        mut policy: numpy::PyReadwriteArray1<'_, i64>,
        mut value: numpy::PyReadwriteArray1<'_, f32>,
    ) -> PyResult<usize> {
        let size = self.size;
        let shape = numpy::PyUntypedArrayMethods::shape(&**inputs).to_vec();
        let cap = shape[0];
        let (np, nv) = (policy.as_array().len(), value.as_array().len());
        if shape[1..] != [PLANES, size, size] || np != cap || nv != cap {
            return Err(PyValueError::new_err(format!(
                "the arrays must be ({cap}, {PLANES}, {size}, {size}), ({cap},), ({cap},), not \
                 {shape:?}, ({np},), ({nv},)"
            )));
        }
        let not_contiguous =
            |what: &str| PyValueError::new_err(format!("{what} is not C-contiguous"));
        let inputs = inputs
            .as_slice_mut()
            .map_err(|_| not_contiguous("inputs"))?;
        let policy = policy
            .as_slice_mut()
            .map_err(|_| not_contiguous("policy"))?;
        let value = value.as_slice_mut().map_err(|_| not_contiguous("value"))?;
        let per = PLANES * size * size;
        let syms = &self.syms[..];
        let mut q = self.queue()?;
        let n = cap.min(q.rows);
        // the jobs: the rest of the first file, then whole files, the last maybe cut short
        let mut spans = Vec::new();
        let (mut left, mut done) = (n, q.done);
        for p in &q.files {
            if left == 0 {
                break;
            }
            let rows = (p.positions * syms.len() - done).min(left);
            spans.push((p, done, rows));
            left -= rows;
            done = 0;
        }
        // with several threads, files are cut into pieces so that the threads finish a batch
        // together (a batch holds few files); a piece replays its file's moves before it,
        // without features, which costs a few percent
        let threads = self.pool.current_num_threads();
        let piece = if threads > 1 {
            (n / (threads * 4)).max(32)
        } else {
            usize::MAX
        };
        let pieces: Vec<(&Prepared, usize, usize)> = spans
            .iter()
            .flat_map(|&(p, from, rows)| {
                (0..rows)
                    .step_by(piece.min(rows.max(1)))
                    .map(move |k| (p, from + k, piece.min(rows - k)))
            })
            .collect();
        let filled = py.detach(|| {
            let mut jobs = Vec::with_capacity(pieces.len());
            let (mut i, mut pl, mut v) = (&mut inputs[..], &mut policy[..], &mut value[..]);
            for &(p, from, rows) in &pieces {
                let (a, rest_i) = std::mem::take(&mut i).split_at_mut(rows * per);
                let (b, rest_p) = std::mem::take(&mut pl).split_at_mut(rows);
                let (c, rest_v) = std::mem::take(&mut v).split_at_mut(rows);
                jobs.push((p, from, a, b, c));
                (i, pl, v) = (rest_i, rest_p, rest_v);
            }
            run_fills(&self.pool, jobs, size, syms, true)
        });
        drop(pieces);
        let last = spans
            .last()
            .map(|&(p, from, rows)| (p.positions * syms.len(), from + rows));
        let whole = spans.len() - usize::from(last.is_some_and(|(all, end)| end < all));
        drop(spans);
        filled.map_err(PyRuntimeError::new_err)?;
        q.files.drain(..whole);
        q.done = match last {
            Some((all, end)) if end < all => end,
            _ => 0,
        };
        q.rows -= n;
        Ok(n)
    }
}

/// Map a point through symmetry `s` on a `width` x `height` board (see `features`).
#[pyfunction]
#[pyo3(signature = (x, y, symmetry, width=19, height=None))]
fn transform(
    x: usize,
    y: usize,
    symmetry: usize,
    width: usize,
    height: Option<usize>,
) -> PyResult<(usize, usize)> {
    let h = height.unwrap_or(width);
    check_sym(symmetry, width, h)?;
    if x >= width || y >= h {
        return Err(PyValueError::new_err(format!(
            "point {x} {y} is off the {width}x{h} board"
        )));
    }
    Ok(sym(symmetry, x, y, width, h))
}

#[pymodule]
fn _tengen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Color>()?;
    m.add_class::<PyRules>()?;
    m.add_class::<PyBoard>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<Territories>()?;
    m.add_class::<Score>()?;
    m.add_class::<Record>()?;
    m.add_class::<ReplayResult>()?;
    m.add_class::<ReplayStream>()?;
    m.add_class::<TrainingStream>()?;
    m.add_class::<Judgement>()?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("SgfError", py.get_type::<SgfError>())?;
    m.add("PLANES", PLANES)?;
    m.add_function(wrap_pyfunction!(territory, m)?)?;
    m.add_function(wrap_pyfunction!(score, m)?)?;
    m.add_function(wrap_pyfunction!(judge, m)?)?;
    m.add_function(wrap_pyfunction!(to_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(from_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(to_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(from_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(load_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(replay_many, m)?)?;
    m.add_function(wrap_pyfunction!(features, m)?)?;
    m.add_function(wrap_pyfunction!(training_data, m)?)?;
    m.add_function(wrap_pyfunction!(transform, m)?)?;
    Ok(())
}
