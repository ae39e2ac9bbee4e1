//! `Board`: a position with the rules its moves are checked under.

use numpy::ndarray::Array2;
use numpy::{IntoPyArray, PyArray2, PyReadonlyArray2};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use tengen::formats::text::{self, InputFormat, TextStyle};
use tengen::{Point, Reason, Rules, Size};

use crate::color::{color_arg, opt_color_arg, Color};
use crate::coords::{point_arg, pt, size_arg, Pt};
use crate::errors::{illegal_err, off_board};
use crate::rules::{rules_arg, PyRules};

/// A board position with the rules its moves are checked under.
///
/// Two indexing orders, each the usual one of its world: a point is `(x, y)`, column first
/// (`board[x, y]`, `play(x, y, color)`, every point returned), with `y = 0` the top row; an
/// array is numpy's row-major `(height, width)`, row first (`to_numpy()[y, x]`,
/// `numpy.asarray(board)[y, x]`, as `features` and `ownership`).
#[pyclass(module = "tengen._tengen", name = "Board")]
#[derive(Clone)]
pub struct PyBoard {
    pub(crate) board: LazyBoard,
    pub(crate) rules: Rules,
}

/// A position as its stones and simple-ko state.
pub(crate) struct Compact {
    size: Size,
    cells: Vec<u8>,
    ko: Option<(Point, tengen::Color)>,
}

impl Compact {
    pub(crate) fn of(b: &tengen::Board) -> Compact {
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

    pub(crate) fn board(&self) -> tengen::Board {
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

/// A board whose chains are built on first use: either built, or only its stones (the
/// compact final position of a replay), from which the size, the stones and the ko point
/// are read without building anything. It dereferences to the built `tengen::Board`.
pub(crate) struct LazyBoard {
    built: std::sync::OnceLock<tengen::Board>,
    stones: Option<std::sync::Arc<Compact>>,
}

impl LazyBoard {
    /// A board of `stones`, built when first needed.
    pub(crate) fn of(stones: std::sync::Arc<Compact>) -> LazyBoard {
        LazyBoard {
            built: std::sync::OnceLock::new(),
            stones: Some(stones),
        }
    }

    fn compact(&self) -> Option<&Compact> {
        match self.built.get() {
            Some(_) => None,
            None => self.stones.as_deref(),
        }
    }

    pub(crate) fn size(&self) -> Size {
        self.compact().map_or_else(|| (**self).size(), |c| c.size)
    }

    pub(crate) fn width(&self) -> usize {
        self.size().width()
    }

    pub(crate) fn height(&self) -> usize {
        self.size().height()
    }

    pub(crate) fn get(&self, p: Point) -> Option<tengen::Color> {
        match self.compact() {
            Some(c) if c.size.contains(p) => {
                tengen::Color::from_digit(c.cells[p.y as usize * c.size.width() + p.x as usize])
            }
            _ => (**self).get(p),
        }
    }

    pub(crate) fn ko(&self) -> Option<(Point, tengen::Color)> {
        self.compact().map_or_else(|| (**self).ko(), |c| c.ko)
    }
}

impl From<tengen::Board> for LazyBoard {
    fn from(b: tengen::Board) -> LazyBoard {
        LazyBoard {
            built: std::sync::OnceLock::from(b),
            stones: None,
        }
    }
}

impl std::ops::Deref for LazyBoard {
    type Target = tengen::Board;
    fn deref(&self) -> &tengen::Board {
        self.built.get_or_init(|| {
            self.stones
                .as_ref()
                .expect("a lazy board has its stones until built")
                .board()
        })
    }
}

impl std::ops::DerefMut for LazyBoard {
    fn deref_mut(&mut self) -> &mut tengen::Board {
        let _ = &**self;
        self.built.get_mut().expect("built just now")
    }
}

impl Clone for LazyBoard {
    fn clone(&self) -> LazyBoard {
        match self.built.get() {
            Some(b) => b.clone().into(),
            None => LazyBoard::of(self.stones.clone().expect("a lazy board has its stones")),
        }
    }
}

impl PartialEq for LazyBoard {
    fn eq(&self, other: &LazyBoard) -> bool {
        **self == **other
    }
}

/// What a cell holds, as Python sees it.
pub(crate) fn cell(c: Option<tengen::Color>) -> Option<Color> {
    c.map(Color::from)
}

/// The points the last play removed, as a tuple: no capture (most moves) is the empty tuple,
/// which Python shares, so such a move allocates nothing (a list cost a tenth of a
/// `Board.play` call, the garbage collector's passes included).
pub(crate) fn removed_points<'py>(
    py: Python<'py>,
    b: &tengen::Board,
) -> PyResult<Bound<'py, PyTuple>> {
    if b.last_removed().next().is_none() {
        return Ok(PyTuple::empty(py));
    }
    PyTuple::new(py, b.last_removed().map(pt).collect::<Vec<_>>())
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
            board: tengen::Board::new(size_arg(width, height)?).into(),
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

    /// Put a stone: the captured points (a tuple, empty for no capture), or IllegalMoveError.
    fn play<'py>(
        &mut self,
        py: Python<'py>,
        x: i64,
        y: i64,
        color: &Bound<'_, PyAny>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let c = color_arg(color)?;
        let Some(p) = point_arg(self.board.size(), x, y) else {
            return Err(off_board(py, x, y, c, self.board.size()));
        };
        match self.board.play(p, c, &self.rules) {
            Ok(_) => removed_points(py, &self.board),
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

    /// `board[x, y]`: the stone on column `x`, row `y` (column first, `y = 0` at the top;
    /// an array from `to_numpy()` is indexed the other way, `a[y, x]`).
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
            board: read_rows(&joined)?.into(),
            rules: rules_arg(rules, "chinese")?,
        })
    }

    /// A board from text in any format `tengen` reads (digits, `.XO` rows, JSON array).
    #[staticmethod]
    #[pyo3(signature = (text, rules=None))]
    fn from_text(text: &str, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        Ok(PyBoard {
            board: read_rows(text)?.into(),
            rules: rules_arg(rules, "chinese")?,
        })
    }

    /// The stones as an int8 array of shape (height, width), row first: `a[y, x]` is
    /// `board[x, y]` (0 empty, 1 black, 2 white).
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

    /// `numpy.asarray(board)`: the int8 array of `to_numpy()`, (height, width), row first
    /// (`a[y, x]`), converted to `dtype` when one is asked for. The array is always a new
    /// one, so `copy` changes nothing.
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        &self,
        py: Python<'py>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let _ = copy;
        let a = self.to_numpy(py).into_any();
        match dtype {
            Some(d) if !d.is_none() => a.call_method1("astype", (d,)),
            _ => Ok(a),
        }
    }

    /// A board from an int8 array of shape (height, width), row first (`a[y, x]` becomes
    /// `board[x, y]`): 0 empty, 1 black, 2 white.
    #[staticmethod]
    #[pyo3(signature = (a, rules=None))]
    fn from_numpy(a: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<PyBoard> {
        let a: PyReadonlyArray2<'_, i8> = a.extract().map_err(|_| {
            // name what was wanted and what came, not numpy's "cannot be cast"
            let got = match (a.getattr("dtype"), a.getattr("ndim")) {
                (Ok(d), Ok(n)) => format!(
                    "an array of dtype {} with {} dimension(s)",
                    d.str().map_or_else(|_| "?".into(), |s| s.to_string()),
                    n.str().map_or_else(|_| "?".into(), |s| s.to_string())
                ),
                _ => format!(
                    "a {}",
                    a.get_type()
                        .name()
                        .map_or_else(|_| "?".into(), |s| s.to_string())
                ),
            };
            PyTypeError::new_err(format!(
                "from_numpy needs a 2-D numpy array of dtype int8 (height, width), not {got}"
            ))
        })?;
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
            board: board.into(),
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
