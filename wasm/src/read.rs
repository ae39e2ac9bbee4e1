//! Tactical reading of one chain (`WBoard::readJson`): `attack`, `defend` and
//! `ladderCaptured`, answered by `tengen::read`.

use serde::Serialize;
use tengen::read::{ReadConfig, Reader, Verdict};
use tengen::{Board, Move};
use wasm_bindgen::prelude::*;

use crate::convert::{error, json, point_of, sign, Num};

#[derive(Serialize)]
struct ReadingJson {
    /// "success", "ko" or "failure".
    verdict: &'static str,
    /// GNU Go's code: 1 success, 2 ko, 0 failure.
    code: u8,
    /// The move that succeeds; `null` for a failure or a pass.
    point: Option<[u8; 2]>,
    proven: bool,
    nodes: u64,
    /// `[sign, [x, y] or null]` per move, the first move first.
    pv: Vec<(i8, Option<[u8; 2]>)>,
}

fn vertex(m: Move) -> Option<[u8; 2]> {
    match m {
        Move::Play(p) => Some([p.x, p.y]),
        Move::Pass => None,
    }
}

/// The node budget from the JS argument (`undefined`: the reader's default).
fn config(nodes: Option<f64>) -> Result<ReadConfig, JsValue> {
    let mut c = ReadConfig::default();
    if let Some(n) = nodes {
        if n.fract() != 0.0 || !(1.0..=100_000_000.0).contains(&n) {
            return Err(error(
                &format!(
                    "bad nodes {}: expected a whole number from 1 to 100000000",
                    Num(n)
                ),
                None,
            ));
        }
        c.node_budget = n as u64;
        c.ladder_budget = n as u64;
    }
    Ok(c)
}

/// Ask `question` ('attack', 'defend' or 'ladderCaptured') about the chain at (x, y) of
/// `board` and serialise the reading.
pub(crate) fn read_json(
    board: &Board,
    question: &str,
    x: f64,
    y: f64,
    nodes: Option<f64>,
) -> Result<String, JsValue> {
    let p = point_of(board.size(), x, y)?;
    let mut reader = Reader::new(config(nodes)?);
    let r = match question {
        "attack" => reader.attack(board, p),
        "defend" => reader.defend(board, p),
        "ladderCaptured" => reader.ladder_captured(board, p),
        q => {
            return Err(error(
                &format!(
                    "unknown reading question {q:?}: expected attack, defend or ladderCaptured"
                ),
                None,
            ))
        }
    }
    .map_err(|e| error(&e.to_string(), None))?;
    let verdict = match r.verdict {
        Verdict::Success(_) => "success",
        Verdict::Ko(_) => "ko",
        Verdict::Failure => "failure",
    };
    Ok(json(&ReadingJson {
        verdict,
        code: r.verdict.code(),
        point: r.verdict.best_move().and_then(vertex),
        proven: r.proven,
        nodes: r.nodes,
        pv: r
            .pv
            .iter()
            .map(|&(c, m)| (sign(Some(c)), vertex(m)))
            .collect(),
    }))
}
