//! Tactical reading of one chain (`WBoard::readJson`): `attack`, `defend` and
//! `ladderCaptured`; capturing races (`WBoard::semeaiJson`); and the life and death of a group
//! in its enclosed region or in the frame of its problem (`WBoard::lifeAndDeathJson`);
//! answered by `tengen::read`.

use serde::Serialize;
use tengen::read::{LifeLine, RaceLine, RaceOutcome, ReadConfig, Reader, Verdict};
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
        Verdict::KoAfterThreat(_) => "koAfterThreat",
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

/// One side's answer of a life-and-death question.
#[derive(Serialize)]
struct LifeLineJson {
    /// "alive", "dead", "seki" or "ko".
    status: &'static str,
    /// The key move: `[x, y]`, "pass", or `null` when the side has none (the status holds
    /// whatever it plays).
    key: serde_json::Value,
    proven: bool,
    nodes: u64,
    /// With status "ko": whether this side wins the ko only by retaking it after a threat
    /// of its own (GNU Go's code 3), not by taking it first (code 2).
    #[serde(rename = "needsKoThreat")]
    needs_ko_threat: bool,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct LifeAndDeathJson {
    region: Vec<[u8; 2]>,
    /// Whether the group was open and read in the frame of its problem.
    framed: bool,
    attacker_first: LifeLineJson,
    defender_first: LifeLineJson,
}

fn line_json(l: &LifeLine) -> LifeLineJson {
    LifeLineJson {
        status: l.status.name(),
        key: match l.key {
            None => serde_json::Value::Null,
            Some(Move::Pass) => "pass".into(),
            Some(Move::Play(p)) => serde_json::json!([p.x, p.y]),
        },
        proven: l.proven,
        nodes: l.nodes,
        needs_ko_threat: l.needs_ko_threat,
    }
}

/// The life and death of the group at (x, y) of `board` in its enclosed region (or, with
/// `frame` and an open group, in the frame of its problem; with `open`, in an open region
/// where running out counts as a defence), for either side moving first; `nodes` the budget
/// of each proof-number search (`undefined`: the reader's default).
pub(crate) fn life_and_death_json(
    board: &Board,
    x: f64,
    y: f64,
    nodes: Option<f64>,
    frame: bool,
    open: bool,
) -> Result<String, JsValue> {
    if frame && open {
        return Err(error(
            "lifeAndDeath: frame and open are two ways to read an open group; give one",
            None,
        ));
    }
    let p = point_of(board.size(), x, y)?;
    let mut c = config(nodes)?;
    if let Some(n) = nodes {
        c.tsumego_budget = n as u64;
    }
    let mut reader = Reader::new(c);
    let (ld, framed) = if open {
        reader.owl(board, p).map(|ld| (ld, false))
    } else if frame {
        reader
            .problem_life_and_death(board, p)
            .map(|(ld, f)| (ld, f.is_some()))
    } else {
        reader.life_and_death(board, p, None).map(|ld| (ld, false))
    }
    .map_err(|e| error(&e.to_string(), None))?;
    Ok(json(&LifeAndDeathJson {
        region: ld.region.iter().map(|q| [q.x, q.y]).collect(),
        framed,
        attacker_first: line_json(&ld.attacker_first),
        defender_first: line_json(&ld.defender_first),
    }))
}

/// One side of a race.
#[derive(Serialize)]
struct RaceLineJson {
    /// "win", "koWin" or "seki".
    outcome: &'static str,
    /// The sign of the colour that captures (1 Black, -1 White), 0 in seki.
    winner: i8,
    /// The first mover's best move: `[x, y]`, or `null` for a pass.
    point: Option<[u8; 2]>,
    proven: bool,
    nodes: u64,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct SemeaiJson {
    a_first: RaceLineJson,
    b_first: RaceLineJson,
}

fn race_json(l: &RaceLine) -> RaceLineJson {
    let (outcome, winner) = match l.outcome {
        RaceOutcome::Win(c) => ("win", c.sign()),
        RaceOutcome::KoWin(c) => ("koWin", c.sign()),
        RaceOutcome::Seki => ("seki", 0),
    };
    RaceLineJson {
        outcome,
        winner,
        point: vertex(l.mv),
        proven: l.proven,
        nodes: l.nodes,
    }
}

/// The capturing race between the chains at `a` and `b` of `board`, each chain's owner
/// moving first; `nodes` the node budget (`undefined`: the reader's default).
pub(crate) fn semeai_json(
    board: &Board,
    a: (f64, f64),
    b: (f64, f64),
    nodes: Option<f64>,
) -> Result<String, JsValue> {
    let pa = point_of(board.size(), a.0, a.1)?;
    let pb = point_of(board.size(), b.0, b.1)?;
    let s = Reader::new(config(nodes)?)
        .semeai(board, pa, pb)
        .map_err(|e| error(&e.to_string(), None))?;
    Ok(json(&SemeaiJson {
        a_first: race_json(&s.a_first),
        b_first: race_json(&s.b_first),
    }))
}
