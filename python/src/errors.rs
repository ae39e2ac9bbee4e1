//! The exceptions (`IllegalMoveError`, `SgfError`) and the errors raised with them; Rust
//! panics turned into `RuntimeError`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use tengen::{IllegalMove, Point, Reason, Size};

use crate::color::Color;
use crate::coords::pt;

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

pub(crate) fn illegal_err(py: Python<'_>, e: &IllegalMove) -> PyErr {
    let err = IllegalMoveError::new_err(e.to_string());
    let v = err.value(py);
    // setting attributes on a fresh exception object cannot fail
    let _ = v.setattr("reason", e.reason.name());
    let _ = v.setattr("point", pt(e.point));
    let _ = v.setattr("color", Color::from(e.color));
    err
}

pub(crate) fn illegal_reason_err(
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

pub(crate) fn off_board(py: Python<'_>, x: i64, y: i64, c: tengen::Color, size: Size) -> PyErr {
    let err = IllegalMoveError::new_err(format!("off board at {x} {y} (the board is {size})"));
    let v = err.value(py);
    let _ = v.setattr("reason", Reason::OffBoard.name());
    let _ = v.setattr("point", (x, y));
    let _ = v.setattr("color", Color::from(c));
    err
}

/// Run `f`, turning a Rust panic into a `RuntimeError` naming it (PyO3 would raise its
/// `PanicException`, a `BaseException`, which `except Exception` does not catch).
pub(crate) fn guarded<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => Err(PyRuntimeError::new_err(format!(
            "internal error in tengen: {}",
            panic_message(&p)
        ))),
    }
}

pub(crate) fn panic_message(p: &Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "panic".to_string()
    }
}
