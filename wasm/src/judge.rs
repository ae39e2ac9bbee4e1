//! The judge of a finished position (shared by `WBoard::judgeJson` and `WGame::judgeJson`).

use serde::Serialize;
use tengen::judge::{judge, Options as JudgeOptions, Status};
use tengen::{Board, Color, Point, Rules};
use wasm_bindgen::prelude::*;

use crate::convert::{error, json, sign};

#[derive(Serialize)]
struct ChainJudgementJson {
    color: i8,
    stones: Vec<[u8; 2]>,
    status: Status,
    certain: bool,
    confidence: f32,
}

#[derive(Serialize)]
struct JudgementJson<'a> {
    result: String,
    dead: Vec<[u8; 2]>,
    seki: Vec<[u8; 2]>,
    chains: Vec<ChainJudgementJson>,
    /// Row by row, +1 black to -1 white, rounded to 3 decimals.
    ownership: Vec<f32>,
    score: &'a tengen::score::Score,
    rules: &'static str,
    komi: f64,
    #[serde(rename = "toMove")]
    to_move: i8,
    playouts: u32,
    seed: u64,
}

/// The judge's options from the JS arguments (checked: playouts a whole number up to 100000,
/// seed a whole number from 0 to 2^53).
pub(crate) fn judge_options(
    playouts: Option<f64>,
    seed: Option<f64>,
    captures: [u32; 2],
    handicap: u32,
) -> Result<JudgeOptions, JsValue> {
    let mut o = JudgeOptions {
        captures,
        handicap,
        ..JudgeOptions::default()
    };
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

/// Judge `board` and serialise the judgement; a chain without liberties (rows that are no
/// position of a game) is an error.
pub(crate) fn judge_json(
    board: &Board,
    rules: &Rules,
    to_move: Color,
    o: &JudgeOptions,
) -> Result<String, JsValue> {
    if let Some(&p) = board.chains_without_liberties().first() {
        return Err(error(
            &format!(
                "cannot judge: the chain at ({}, {}) has no liberties (no position of a game)",
                p.x, p.y
            ),
            None,
        ));
    }
    let j = judge(board, rules, to_move, o);
    let pts = |v: &[Point]| v.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>();
    Ok(json(&JudgementJson {
        result: j.result().to_string(),
        dead: pts(&j.dead),
        seki: pts(&j.seki),
        chains: j
            .chains
            .iter()
            .map(|c| ChainJudgementJson {
                color: sign(Some(c.color)),
                stones: pts(&c.stones),
                status: c.status,
                certain: c.certain,
                confidence: (c.confidence * 1000.0).round() / 1000.0,
            })
            .collect(),
        ownership: j
            .ownership
            .iter()
            .map(|v| (v * 1000.0).round() / 1000.0)
            .collect(),
        score: &j.score,
        rules: rules.preset().map_or("custom", |p| p.name()),
        komi: rules.komi.as_f64(),
        to_move: sign(Some(to_move)),
        playouts: o.playouts,
        seed: o.seed,
    }))
}
