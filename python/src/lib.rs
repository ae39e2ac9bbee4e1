//! Python bindings of the tengen Go rules engine.
//!
//! This crate is thin on purpose: every rule (legality, captures, ko and superko, replay,
//! territory, scoring, reading) is the `tengen` library's; its modules convert arguments and results
//! between Python and Rust, release the GIL around long work, and turn errors into Python
//! exceptions with the messages the `tengen` command prints. The typed, documented Python API
//! is the `tengen` package (`tengen/__init__.py` and its stubs) on top of this `_tengen`
//! module.
//!
//! Coordinates are `(x, y)` = (column, row) from the top-left corner, 0-based, as in the move
//! task and as [`tengen::Point`].

mod board;
mod color;
mod coords;
mod errors;
mod features;
mod game;
mod ladder;
mod read;
mod record;
mod replay;
mod rules;
mod score;
mod training;
mod whole;

use pyo3::prelude::*;

#[pymodule]
fn _tengen(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<color::Color>()?;
    m.add_class::<rules::PyRules>()?;
    m.add_class::<board::PyBoard>()?;
    m.add_class::<game::PyGame>()?;
    m.add_class::<score::Territories>()?;
    m.add_class::<score::Score>()?;
    m.add_class::<record::Record>()?;
    m.add_class::<replay::ReplayResult>()?;
    m.add_class::<replay::ReplayStream>()?;
    m.add_class::<training::TrainingStream>()?;
    m.add_class::<score::Judgement>()?;
    m.add_class::<read::Reading>()?;
    m.add_class::<read::LifeLine>()?;
    m.add_class::<read::LifeAndDeath>()?;
    m.add_class::<read::RaceLine>()?;
    m.add(
        "IllegalMoveError",
        py.get_type::<errors::IllegalMoveError>(),
    )?;
    m.add("SgfError", py.get_type::<errors::SgfError>())?;
    m.add("PLANES", features::PLANES)?;
    m.add_function(wrap_pyfunction!(score::territory, m)?)?;
    m.add_function(wrap_pyfunction!(score::score, m)?)?;
    m.add_function(wrap_pyfunction!(score::judge, m)?)?;
    m.add_function(wrap_pyfunction!(coords::to_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(coords::from_gtp, m)?)?;
    m.add_function(wrap_pyfunction!(coords::to_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(coords::from_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(record::load_sgf, m)?)?;
    m.add_function(wrap_pyfunction!(record::load_sgf_file, m)?)?;
    m.add_function(wrap_pyfunction!(replay::replay_many, m)?)?;
    m.add_function(wrap_pyfunction!(features::features, m)?)?;
    m.add_function(wrap_pyfunction!(training::training_data, m)?)?;
    m.add_function(wrap_pyfunction!(features::transform, m)?)?;
    m.add_function(wrap_pyfunction!(read::read, m)?)?;
    m.add_function(wrap_pyfunction!(read::life_and_death, m)?)?;
    m.add_function(wrap_pyfunction!(read::semeai, m)?)?;
    Ok(())
}
