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
    /// "success", "ko" (success only by winning a ko, taking it first), "ko_after_threat"
    /// (only by winning a ko the opponent takes first) or "failure".
    #[pyo3(get)]
    verdict: &'static str,
    /// GNU Go's result code: 1 success, 2 ko, 3 ko after a threat, 0 failure.
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
            Verdict::KoAfterThreat(_) => "ko_after_threat",
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
    let board = board_of(question, position)?;
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
    let p = point_arg(&board, x, y)?;
    let mut config = ReadConfig::default();
    if let Some(n) = budget(nodes)? {
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

/// The board of a reading question's `position` (a Board, or a Game's board).
fn board_of(what: &str, position: &Bound<'_, PyAny>) -> PyResult<tengen::Board> {
    if let Ok(g) = position.extract::<PyRef<'_, PyGame>>() {
        Ok(g.game.board().clone())
    } else if let Ok(b) = position.extract::<PyRef<'_, PyBoard>>() {
        Ok((*b.board).clone())
    } else {
        Err(PyTypeError::new_err(format!(
            "{what}() needs a tengen.Board or a tengen.Game"
        )))
    }
}

/// A node budget argument: at least 1 when given.
fn budget(nodes: Option<u64>) -> PyResult<Option<u64>> {
    match nodes {
        Some(0) => Err(PyValueError::new_err("nodes must be at least 1")),
        n => Ok(n),
    }
}

fn point_arg(board: &tengen::Board, x: i64, y: i64) -> PyResult<Point> {
    let size = board.size();
    size.point(x, y)
        .ok_or_else(|| PyValueError::new_err(format!("point {x} {y} is off the {size} board")))
}

/// One side of a life-and-death answer: the status with that side moving first.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct LifeLine {
    /// "alive", "dead", "seki" or "ko".
    #[pyo3(get)]
    status: &'static str,
    /// The first mover's key move when it reaches its goal (the attacker: dead or ko; the
    /// defender: alive, seki or ko): a point, or None for a pass or when it fails (see `passes`).
    #[pyo3(get)]
    key: Option<Pt>,
    /// Whether passing is enough (the key is a pass).
    #[pyo3(get)]
    passes: bool,
    /// Whether the searches were solved within their budgets, without cut lines.
    #[pyo3(get)]
    proven: bool,
    /// Nodes expanded.
    #[pyo3(get)]
    nodes: u64,
    /// With status "ko": whether this side wins the ko only by retaking it after a ko threat
    /// of its own (GNU Go's code 3), not by taking it first (code 2).
    #[pyo3(get)]
    needs_ko_threat: bool,
}

#[pymethods]
impl LifeLine {
    fn __repr__(&self) -> String {
        format!(
            "LifeLine(status={:?}, key={:?}, proven={}, nodes={}, needs_ko_threat={})",
            self.status, self.key, self.proven, self.nodes, self.needs_ko_threat
        )
    }
}

impl From<tengen::read::LifeLine> for LifeLine {
    fn from(l: tengen::read::LifeLine) -> LifeLine {
        LifeLine {
            status: l.status.name(),
            key: l.key.and_then(opt_pt),
            passes: l.key == Some(Move::Pass),
            proven: l.proven,
            nodes: l.nodes,
            needs_ko_threat: l.needs_ko_threat,
        }
    }
}

/// The life and death of a group in its enclosed region, for either side moving first.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct LifeAndDeath {
    /// The attacker (the group's opponent) moves first.
    #[pyo3(get)]
    attacker_first: Py<LifeLine>,
    /// The defender (the group's owner) moves first.
    #[pyo3(get)]
    defender_first: Py<LifeLine>,
    /// The region searched, sorted by (y, x).
    #[pyo3(get)]
    region: Vec<Pt>,
    /// Both lines proven.
    #[pyo3(get)]
    proven: bool,
    /// Whether the group was open and read inside the frame of its problem (`region` is
    /// then the frame's box).
    #[pyo3(get)]
    framed: bool,
}

#[pymethods]
impl LifeAndDeath {
    fn __repr__(&self, py: Python<'_>) -> String {
        format!(
            "LifeAndDeath(attacker_first={}, defender_first={})",
            self.attacker_first.borrow(py).__repr__(),
            self.defender_first.borrow(py).__repr__()
        )
    }
}

/// Life and death of the group with a stone on (x, y) of `position` (a Board or a Game's
/// board) in its enclosed region (`region`, a list of points, or found by the library: the
/// empty points and the group's stones it reaches inside the opponent's wall), read exactly
/// by df-pn with `nodes` as the budget of each search when given. With `frame` (and no
/// `region`), an open group is read inside the frame of its problem
/// (`tengen::read::Reader::problem_life_and_death`: a diagram on an open board, the attacker
/// strong around it), and `framed` says so. With `open` (and no `region` or `frame`), an
/// open group of a game is read in an open region where running out counts as a defence
/// (`tengen::read::Reader::owl`, GNU Go's owl questions). Raises ValueError for an empty or
/// off-board point, an open group (without `frame` or `open`), a region over the library's
/// limit, or `open` with `region` or `frame`.
#[pyfunction]
#[pyo3(signature = (position, x, y, region=None, nodes=None, frame=false, open=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn life_and_death(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    x: i64,
    y: i64,
    region: Option<Vec<(i64, i64)>>,
    nodes: Option<u64>,
    frame: bool,
    open: bool,
) -> PyResult<LifeAndDeath> {
    let board = board_of("life_and_death", position)?;
    if open && (frame || region.is_some()) {
        return Err(PyValueError::new_err(
            "life_and_death: open reads the region it finds; it takes no region and no frame",
        ));
    }
    let p = point_arg(&board, x, y)?;
    let region = match region {
        None => None,
        Some(r) => Some(
            r.into_iter()
                .map(|(x, y)| point_arg(&board, x, y))
                .collect::<PyResult<Vec<Point>>>()?,
        ),
    };
    let mut config = ReadConfig::default();
    if let Some(n) = budget(nodes)? {
        config.tsumego_budget = n;
    }
    let (ld, framed) = py.detach(|| {
        guarded(|| {
            let mut reader = Reader::new(config);
            match region.as_deref() {
                None if open => reader.owl(&board, p).map(|ld| (ld, false)),
                None if frame => reader
                    .problem_life_and_death(&board, p)
                    .map(|(ld, f)| (ld, f.is_some())),
                r => reader.life_and_death(&board, p, r).map(|ld| (ld, false)),
            }
            .map_err(|e| PyValueError::new_err(e.to_string()))
        })
    })?;
    Ok(LifeAndDeath {
        framed,
        proven: ld.proven(),
        attacker_first: Py::new(py, LifeLine::from(ld.attacker_first))?,
        defender_first: Py::new(py, LifeLine::from(ld.defender_first))?,
        region: ld.region.into_iter().map(pt).collect(),
    })
}

/// One side of a capturing race: the outcome with that side moving first.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct RaceLine {
    /// "win" (a chain captures the other), "ko" (only by winning a ko) or "seki".
    #[pyo3(get)]
    outcome: &'static str,
    /// The colour of the chain that captures (None for seki).
    #[pyo3(get)]
    winner: Option<Color>,
    /// The first mover's best move: a point, or None for a pass.
    #[pyo3(get)]
    point: Option<Pt>,
    /// Whether every line was read to its end.
    #[pyo3(get)]
    proven: bool,
    /// Positions visited.
    #[pyo3(get)]
    nodes: u64,
}

#[pymethods]
impl RaceLine {
    fn __repr__(&self) -> String {
        format!(
            "RaceLine(outcome={:?}, winner={:?}, point={:?}, proven={})",
            self.outcome,
            self.winner.map(|c| tengen::Color::from(c).name()),
            self.point,
            self.proven
        )
    }
}

impl From<tengen::read::RaceLine> for RaceLine {
    fn from(l: tengen::read::RaceLine) -> RaceLine {
        use tengen::read::RaceOutcome;
        let (outcome, winner) = match l.outcome {
            RaceOutcome::Win(c) => ("win", Some(c.into())),
            RaceOutcome::KoWin(c) => ("ko", Some(c.into())),
            RaceOutcome::Seki => ("seki", None),
        };
        RaceLine {
            outcome,
            winner,
            point: opt_pt(l.mv),
            proven: l.proven,
            nodes: l.nodes,
        }
    }
}

/// The capturing race between the chain on (ax, ay) and the adjacent chain of the other
/// colour on (bx, by) of `position` (a Board or a Game's board), read twice: `(a_first,
/// b_first)`, the RaceLine with each chain's owner moving first. `nodes` is the node budget
/// when given.
#[pyfunction]
#[pyo3(signature = (position, ax, ay, bx, by, nodes=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn semeai(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    ax: i64,
    ay: i64,
    bx: i64,
    by: i64,
    nodes: Option<u64>,
) -> PyResult<(RaceLine, RaceLine)> {
    let board = board_of("semeai", position)?;
    let a = point_arg(&board, ax, ay)?;
    let b = point_arg(&board, bx, by)?;
    let mut config = ReadConfig::default();
    if let Some(n) = budget(nodes)? {
        config.node_budget = n;
    }
    let s = py.detach(|| {
        guarded(|| {
            Reader::new(config)
                .semeai(&board, a, b)
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
    })?;
    Ok((s.a_first.into(), s.b_first.into()))
}
