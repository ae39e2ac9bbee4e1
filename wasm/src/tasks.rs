//! The move task and the rule presets.

use std::io::Cursor;

use tengen::formats::digits::{write_board, ProblemReader};
use wasm_bindgen::prelude::*;

use crate::convert::{error, json, rules_arg, rules_of};

/// The move task (`tengen move`): the answer to every problem in `input`, exactly as the CLI
/// prints it (`1` and the new board, or `0`), under the rules named `rules` (`task` by default).
#[wasm_bindgen(js_name = moveTask)]
pub fn move_task(input: &str, rules: JsValue) -> Result<String, JsValue> {
    let rules = rules_arg(&rules)?;
    let mut out: Vec<u8> = Vec::new();
    let mut reader = ProblemReader::new(Cursor::new(input.as_bytes()));
    while let Some(problem) = reader.read_problem() {
        let mut problem = problem.map_err(|e| error(&e.to_string(), None))?;
        match problem.board.play(problem.point, problem.color, &rules) {
            Ok(_) => {
                out.extend_from_slice(b"1\n");
                // writing into a Vec cannot fail
                let _ = write_board(&mut out, &problem.board, problem.spaced);
            }
            Err(_) => out.extend_from_slice(b"0\n"),
        }
    }
    String::from_utf8(out).map_err(|_| error("answer is not UTF-8", None))
}

/// Canonical names of the rule presets, JSON.
#[wasm_bindgen(js_name = presetsJson)]
pub fn presets_json() -> String {
    json(&tengen::Preset::NAMES)
}

/// The rules a name stands for, as JSON (fields of `Rules`, komi as a number, `name`).
#[wasm_bindgen(js_name = rulesJson)]
pub fn rules_json(name: &str) -> Result<String, JsValue> {
    let r = rules_of(name)?;
    let mut v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
    if let Some(m) = v.as_object_mut() {
        m.insert(
            "name".into(),
            r.preset().map_or("custom", |p| p.name()).into(),
        );
        m.insert("komi".into(), r.komi.as_f64().into());
    }
    Ok(v.to_string())
}
