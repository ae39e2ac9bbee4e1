//! Whole-number arguments (a handicap, captures, a thread count) taken as any Python int and
//! range-checked by their callers: -1 or 2**40 is then a ValueError that names the argument
//! and its range, as 82 stones on 9x9 is, instead of pyo3's bare OverflowError ("out of range
//! integral type conversion attempted"), which names neither.

use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;

/// An int argument: its value when it fits a `u32`, else its text (negative or too large).
/// Anything but an int is the TypeError of a `u32` argument (pyo3 names the argument).
#[derive(Clone, Debug)]
pub(crate) struct Whole(pub(crate) Result<u32, String>);

impl FromPyObject<'_, '_> for Whole {
    type Error = PyErr;

    fn extract(obj: Borrowed<'_, '_, PyAny>) -> PyResult<Self> {
        match obj.extract::<u32>() {
            Ok(v) => Ok(Whole(Ok(v))),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                Ok(Whole(Err(obj.str()?.to_string())))
            }
            Err(e) => Err(e),
        }
    }
}
