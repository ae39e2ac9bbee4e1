//! Coordinates: the `(x, y)` tuples Python sees, point and size arguments, and the GTP and
//! SGF conversions (`to_gtp`, `from_gtp`, `to_sgf`, `from_sgf`).

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use tengen::sgf as tsgf;
use tengen::vertex::Vertex;
use tengen::{Move, Point, Size};

pub(crate) type Pt = (u8, u8);

pub(crate) fn pt(p: Point) -> Pt {
    (p.x, p.y)
}

pub(crate) fn point_arg(size: Size, x: i64, y: i64) -> Option<Point> {
    size.point(x, y)
}

pub(crate) fn size_arg(width: usize, height: Option<usize>) -> PyResult<Size> {
    Size::new(width, height.unwrap_or(width)).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// The GTP vertex of (x, y) on a board with `height` rows: (3, 15) on 19 rows is "D4".
#[pyfunction]
#[pyo3(signature = (x, y, height=19))]
pub(crate) fn to_gtp(x: u8, y: u8, height: usize) -> PyResult<String> {
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
pub(crate) fn from_gtp(vertex: &str, width: usize, height: Option<usize>) -> PyResult<Option<Pt>> {
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
pub(crate) fn to_sgf(x: u8, y: u8) -> PyResult<String> {
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
pub(crate) fn from_sgf(letters: &str, width: usize, height: Option<usize>) -> PyResult<Option<Pt>> {
    let size = size_arg(width, height)?;
    match tsgf::parse_move(letters.as_bytes(), size) {
        Some(Move::Play(p)) if size.contains(p) => Ok(Some(pt(p))),
        Some(Move::Pass) => Ok(None),
        _ => Err(PyValueError::new_err(format!(
            "{letters:?} is not an SGF point of the {size} board"
        ))),
    }
}
