//! Tactical reading of one chain: `attack`, `defend` and `ladder_captured`, answered by
//! `tengen::read` (`Reading`).

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use tengen::read::{ReadConfig, Reader, Verdict};
use tengen::{Move, Point};

use crate::board::PyBoard;
use crate::color::Color;
use crate::coords::{pt, Pt};
use crate::errors::guarded;
use crate::game::PyGame;

/// The answer to a reading question about one chain.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct Reading {
    /// "success", "ko" (success only by winning a ko) or "failure".
    #[pyo3(get)]
    verdict: &'static str,
    /// GNU Go's result code: 1 success, 2 ko, 0 failure.
    #[pyo3(get)]
    code: u8,
    /// The move that succeeds: a point, None for a pass (a defence of a chain that cannot
    /// be captured) or for a failure.
    #[pyo3(get)]
    point: Option<Pt>,
    /// Whether every line was read to its end (otherwise the budget cut the search).
    #[pyo3(get)]
    proven: bool,
    /// Positions searched.
    #[pyo3(get)]
    nodes: u64,
    /// The principal variation: (colour, point or None for a pass), the first move first.
    #[pyo3(get)]
    pv: Vec<(Color, Option<Pt>)>,
}

#[pymethods]
impl Reading {
    fn __repr__(&self) -> String {
        format!(
            "Reading(verdict={:?}, point={:?}, proven={}, nodes={})",
            self.verdict, self.point, self.proven, self.nodes
        )
    }
}

fn opt_pt(m: Move) -> Option<Pt> {
    match m {
        Move::Play(p) => Some(pt(p)),
        Move::Pass => None,
    }
}

impl From<tengen::read::Reading> for Reading {
    fn from(r: tengen::read::Reading) -> Reading {
        let verdict = match r.verdict {
            Verdict::Success(_) => "success",
            Verdict::Ko(_) => "ko",
            Verdict::Failure => "failure",
        };
        Reading {
            verdict,
            code: r.verdict.code(),
            point: r.verdict.best_move().and_then(opt_pt),
            proven: r.proven,
            nodes: r.nodes,
            pv: r
                .pv
                .into_iter()
                .map(|(c, m)| (c.into(), opt_pt(m)))
                .collect(),
        }
    }
}

/// Ask `question` ("attack", "defend" or "ladder_captured") about the chain on (x, y) of
/// `position` (a Board or a Game's board), with the default limits but `nodes` as the node
/// budget when given. The typed functions are `tengen.attack`, `tengen.defend` and
/// `tengen.ladder_captured`.
#[pyfunction]
#[pyo3(signature = (question, position, x, y, nodes=None))]
pub(crate) fn read(
    py: Python<'_>,
    question: &str,
    position: &Bound<'_, PyAny>,
    x: i64,
    y: i64,
    nodes: Option<u64>,
) -> PyResult<Reading> {
    let board = if let Ok(g) = position.extract::<PyRef<'_, PyGame>>() {
        g.game.board().clone()
    } else if let Ok(b) = position.extract::<PyRef<'_, PyBoard>>() {
        (*b.board).clone()
    } else {
        return Err(PyTypeError::new_err(format!(
            "{question}() needs a tengen.Board or a tengen.Game"
        )));
    };
    let ask = match question {
        "attack" => Reader::attack,
        "defend" => Reader::defend,
        "ladder_captured" => Reader::ladder_captured,
        q => {
            return Err(PyValueError::new_err(format!(
                "unknown reading question {q:?}: expected attack, defend or ladder_captured"
            )))
        }
    };
    let size = board.size();
    let p: Point = size
        .point(x, y)
        .ok_or_else(|| PyValueError::new_err(format!("point {x} {y} is off the {size} board")))?;
    let mut config = ReadConfig::default();
    if let Some(n) = nodes {
        if n == 0 {
            return Err(PyValueError::new_err("nodes must be at least 1"));
        }
        config.node_budget = n;
        config.ladder_budget = n;
    }
    let r = py.detach(|| {
        guarded(|| {
            ask(&mut Reader::new(config), &board, p)
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
    })?;
    Ok(r.into())
}
