//! The judge of a finished position (shared by `WBoard::judgeJson` and `WGame::judgeJson`)
//! and the count of a record (`scoreSgfJson`).

use tengen::count::{count, DeadStones, Position};
use tengen::judge::Options as JudgeOptions;
use tengen::sgf::{ReplayOptions, Replayer};
use wasm_bindgen::prelude::*;

use crate::convert::{dead_of, error, json, komi_of, opt_rules_arg, Num};

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
                &format!(
                    "bad playouts {}: expected a whole number from 0 to 100000",
                    Num(n)
                ),
                None,
            ));
        }
        o.playouts = n as u32;
    }
    if let Some(v) = seed {
        if v.fract() != 0.0 || !(0.0..=9_007_199_254_740_992.0).contains(&v) {
            return Err(error(
                &format!(
                    "bad seed {}: expected a whole number from 0 to 2^53",
                    Num(v)
                ),
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

/// What `scoreSgf` counts a record's dead stones as.
enum RecordDead {
    /// Judged (`'auto'`, the default), as `tengen score FILE` does.
    Judged,
    /// None: the stones as they stand (`'none'`).
    None,
    /// The points given (`points`).
    Given,
}

/// Who won a record: replay it (every move checked, its rules and komi read as `tengen score
/// FILE` reads them, servers' encodings included; `rules`/`komi` override) to its end or to
/// move `until`, and count the position with its dead stones judged (`dead` `"auto"`), none
/// (`"none"`) or the points of `points` (`dead` `"given"`). The library's JSON of the
/// [`tengen::count::Count`], with the record's `RE` as `recorded` and the replay's warnings.
#[wasm_bindgen(js_name = scoreSgfJson)]
#[allow(clippy::too_many_arguments)]
pub fn score_sgf_json(
    bytes: &[u8],
    rules: JsValue,
    komi: Option<f64>,
    until: Option<f64>,
    dead: &str,
    points: &[f64],
    playouts: Option<f64>,
    seed: Option<f64>,
) -> Result<String, JsValue> {
    let until = match until {
        Some(n) if n.fract() != 0.0 || !(0.0..=1e9).contains(&n) => {
            return Err(error(
                &format!(
                    "scoreSgf: bad move {}: expected a whole number from 0",
                    Num(n)
                ),
                None,
            ))
        }
        Some(n) => Some(n as usize),
        None => None,
    };
    let mode = match dead {
        "auto" => RecordDead::Judged,
        "none" => RecordDead::None,
        "given" => RecordDead::Given,
        other => {
            return Err(error(
                &format!(
                "scoreSgf: bad dead {other:?}: expected 'auto', 'none' or a list of [x, y] points"
            ),
                None,
            ))
        }
    };
    let opts = ReplayOptions {
        rules: opt_rules_arg(&rules)?,
        komi: komi_of(komi)?,
        until,
        ..ReplayOptions::default()
    };
    let o = judge_options(playouts, seed)?;
    let mut r = Replayer::new();
    let rep = r
        .replay(bytes, &opts)
        .map_err(|e| error(&format!("unreadable SGF: {e}"), None))?;
    if let Some(e) = &rep.error {
        return Err(error(&format!("scoreSgf: {e}"), None));
    }
    if let Some(n) = until.filter(|&n| n > rep.moves) {
        return Err(error(
            &format!(
                "scoreSgf: move {n}: the record has only {} moves",
                rep.moves
            ),
            None,
        ));
    }
    let pos = rep.position(r.board().clone());
    let how = match mode {
        RecordDead::Judged => DeadStones::Judged(o),
        RecordDead::None => DeadStones::None,
        RecordDead::Given => DeadStones::Given(dead_of(pos.board.size(), points)?),
    };
    let c = count(&pos, &how).map_err(|e| error(&e.to_string(), None))?;
    // the count's JSON object with two more fields (spliced: serde_json's Value would cost
    // the .wasm 10 KB)
    let mut out = json(&c);
    if out.ends_with('}') {
        out.pop();
        let warnings: Vec<String> = rep.warnings.iter().map(|w| w.to_string()).collect();
        out.push_str(&format!(
            ",\"recorded\":{},\"warnings\":{}}}",
            json(&rep.result),
            json(&warnings)
        ));
    }
    Ok(out)
}
