//! `Color`: a player's colour, and the colour arguments Python may pass.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

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
pub(crate) fn color_arg(obj: &Bound<'_, PyAny>) -> PyResult<tengen::Color> {
    // the usual cases tested by type first: a failed `extract` builds a Python exception,
    // which cost a `Board.play(x, y, 1)` more than the move itself
    if let Ok(c) = obj.cast::<Color>() {
        return Ok((*c.get()).into());
    }
    if let Some(i) = obj
        .cast::<PyInt>()
        .ok()
        .and_then(|i| i.extract::<i64>().ok())
    {
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

pub(crate) fn opt_color_arg(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<tengen::Color>> {
    match obj {
        None => Ok(None),
        Some(o) if o.is_none() => Ok(None),
        Some(o) => color_arg(o).map(Some),
    }
}
