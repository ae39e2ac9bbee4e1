//! The judge of a finished position (shared by `WBoard::judgeJson` and `WGame::judgeJson`).

use tengen::count::{count, DeadStones, Position};
use tengen::judge::Options as JudgeOptions;
use wasm_bindgen::prelude::*;

use crate::convert::{error, json};

/// The judge's options from the JS arguments (checked: playouts a whole number up to 100000,
/// seed a whole number from 0 to 2^53).
pub(crate) fn judge_options(
    playouts: Option<f64>,
    seed: Option<f64>,
) -> Result<JudgeOptions, JsValue> {
    let mut o = JudgeOptions::default();
    if let Some(n) = playouts {
        if n.fract() != 0.0 || !(0.0..=100_000.0).contains(&n) {
            return Err(error(
                &format!("bad playouts {n}: expected a whole number from 0 to 100000"),
                None,
            ));
        }
        o.playouts = n as u32;
    }
    if let Some(v) = seed {
        if v.fract() != 0.0 || !(0.0..=9_007_199_254_740_992.0).contains(&v) {
            return Err(error(
                &format!("bad seed {v}: expected a whole number from 0 to 2^53"),
                None,
            ));
        }
        o.seed = v as u64;
    }
    Ok(o)
}

/// Judge `pos` and serialise the judgement (the library's JSON of a [`tengen::count::Count`]);
/// a chain without liberties (rows that are no position of a game) is an error.
pub(crate) fn judge_json(pos: &Position, o: &JudgeOptions) -> Result<String, JsValue> {
    if let Some(&p) = pos.board.chains_without_liberties().first() {
        return Err(error(
            &format!(
                "cannot judge: the chain at ({}, {}) has no liberties (no position of a game)",
                p.x, p.y
            ),
            None,
        ));
    }
    let c = count(pos, &DeadStones::Judged(*o)).map_err(|e| error(&e.to_string(), None))?;
    Ok(json(&c))
}

/// Count `pos` with the dead stones given, as the library's JSON of a [`tengen::score::Score`].
pub(crate) fn score_json(pos: &Position, dead: Vec<tengen::Point>) -> Result<String, JsValue> {
    let how = if dead.is_empty() {
        DeadStones::None
    } else {
        DeadStones::Given(dead)
    };
    let c = count(pos, &how).map_err(|e| error(&e.to_string(), None))?;
    Ok(json(&c.score))
}
