//! `Record`: an SGF game record read with `load_sgf` (decoded root properties, main line,
//! setup, comments), replayed into a `Game` by the library.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyOSError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};
use tengen::sgf::{self as tsgf, MainLine, MainLineEvent, Mode, ReplayOptions, Replayer};
use tengen::{ColoredMove, Komi, Rules, Size};

use crate::color::Color;
use crate::coords::{pt, Pt};
use crate::errors::{illegal_reason_err, panic_message, SgfError};
use crate::game::{move_tuple, PyGame};
use crate::rules::{komi_arg, rules_arg};

/// A parsed record: its first game's tree, main-line events, decoded root properties.
struct RecordData {
    pub(crate) name: String,
    pub(crate) bytes: Vec<u8>,
    pub(crate) size: Size,
    /// The main line's setup and moves, as the library reads them (`Record.moves` and
    /// `Record.setup`; the replay itself is the library's too).
    events: Vec<MainLineEvent>,
    props: Vec<(String, Vec<String>)>,
    comments: Vec<(usize, String)>,
    node_count: usize,
    warnings: Vec<String>,
}

/// The CLI's message for a record that cannot be read (`tengen replay` prints the same).
fn sgf_err(name: &str, msg: impl std::fmt::Display) -> String {
    format!("{name}: unreadable: {msg}")
}

/// SimpleText properties (line breaks become spaces); the other text values keep them.
fn is_simple_text(id: &str) -> bool {
    !matches!(id, "C" | "GC")
}

fn parse_record(name: String, bytes: Vec<u8>, decode: bool) -> Result<RecordData, String> {
    let parsed = tsgf::parse(&bytes, Mode::Lenient).map_err(|e| sgf_err(&name, e))?;
    let coll = &parsed.collection;
    let Some(&root) = coll.roots().first() else {
        return Err(sgf_err(&name, "no game in the file"));
    };
    let line = MainLine::read(coll, root).map_err(|e| sgf_err(&name, e))?;
    let warnings: Vec<String> = (parsed.warnings.iter().chain(&line.warnings))
        .map(|w| w.to_string())
        .collect();
    let rnode = coll.node(root);
    // the library's one detector: CA when known, else detected from the file's bytes
    // (valid UTF-8, Fox's mangled UTF-8 repaired, then the legacy charsets)
    let (enc, _) = tsgf::TextEncoding::detect(rnode.value("CA"), &bytes);
    let dec = |id: &str, v: &[u8]| -> String {
        if is_simple_text(id) {
            tsgf::decode_simple_text(v, enc)
        } else {
            tsgf::decode_text(v, enc)
        }
    };
    let mut props = Vec::new();
    let mut comments = Vec::new();
    if decode {
        for p in &rnode.props {
            props.push((
                p.id.clone(),
                p.values.iter().map(|v| dec(&p.id, v)).collect(),
            ));
        }
        // the comments, text the library's main-line reader leaves to the fronts
        for (k, id) in coll.main_line(root).enumerate() {
            for prop in coll.node(id).props.iter().filter(|p| p.id == "C") {
                let first = prop.values.first().map(Vec::as_slice).unwrap_or_default();
                comments.push((k, dec("C", first)));
            }
        }
    }
    Ok(RecordData {
        name,
        bytes,
        size: line.size,
        events: line.events,
        props,
        comments,
        node_count: line.nodes,
        warnings,
    })
}

pub(crate) fn replay_opts(rules: Option<Rules>, komi: Option<Komi>) -> ReplayOptions {
    ReplayOptions {
        rules,
        komi,
        ..ReplayOptions::default()
    }
}

/// The CLI's message for an illegal move in a record (`tengen replay` prints the same).
pub(crate) fn illegal_at_message(name: &str, e: &tsgf::IllegalAt) -> String {
    format!("{name}: illegal: {e}")
}

/// A game record read from SGF: decoded root properties, main line, setup.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct Record {
    data: RecordData,
}

#[pymethods]
impl Record {
    /// Where the record came from (the path, or "<bytes>").
    #[getter]
    fn name(&self) -> &str {
        &self.data.name
    }

    /// The root properties, decoded to str whatever the file's encoding: {id: [values]}.
    #[getter]
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.data.props {
            d.set_item(k, PyList::new(py, v)?)?;
        }
        Ok(d)
    }

    /// The first value of root property `id` decoded, or `default`.
    #[pyo3(signature = (id, default=None))]
    fn get(&self, id: &str, default: Option<String>) -> Option<String> {
        self.data
            .props
            .iter()
            .find(|(k, _)| k == id)
            .and_then(|(_, v)| v.first().cloned())
            .or(default)
    }

    /// (width, height).
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.data.size.width(), self.data.size.height())
    }

    /// The main line's moves: (colour, point or None for a pass).
    #[getter]
    fn moves(&self) -> Vec<(Color, Option<Pt>)> {
        self.data
            .events
            .iter()
            .filter_map(|e| match e {
                &MainLineEvent::Move { color, mv, .. } => {
                    Some(move_tuple(ColoredMove { color, mv }))
                }
                _ => None,
            })
            .collect()
    }

    /// The main line's setup: (move number it comes before, point, colour or None for AE).
    #[getter]
    fn setup(&self) -> Vec<(usize, Pt, Option<Color>)> {
        let mut n = 0;
        let mut out = Vec::new();
        for e in &self.data.events {
            match e {
                MainLineEvent::Move { .. } => n += 1,
                MainLineEvent::Setup { points, .. } => {
                    out.extend(points.iter().map(|&(p, c)| (n, pt(p), c.map(Color::from))))
                }
            }
        }
        out
    }

    /// Comments (`C`) of the main line: (node index from 0 = root, text).
    #[getter]
    fn comments(&self) -> Vec<(usize, String)> {
        self.data.comments.clone()
    }

    /// The number of nodes on the main line.
    #[getter]
    fn node_count(&self) -> usize {
        self.data.node_count
    }

    /// Problems the lenient reader recovered from.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.data.warnings.clone()
    }

    /// Replay the main line under `rules` (default: the record's RU, else Japanese) and
    /// `komi` (default: KM): the Game, or IllegalMoveError naming the move.
    #[pyo3(signature = (rules=None, komi=None))]
    fn replay(
        &self,
        py: Python<'_>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
    ) -> PyResult<PyGame> {
        let rules = match rules {
            Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
            _ => None,
        };
        let komi = komi.map(komi_arg).transpose()?;
        let data = &self.data;
        let result = py.detach(|| {
            catch_unwind(AssertUnwindSafe(|| {
                // the library's replay through a `Game`: the one driver of setup and moves
                Replayer::new()
                    .replay_game(&data.bytes, &replay_opts(rules, komi))
                    .map(|g| (g.replay, g.game))
            }))
        });
        let (rep, game) = match result {
            Err(p) => {
                return Err(PyRuntimeError::new_err(format!(
                    "internal error in tengen: {}",
                    panic_message(&p)
                )))
            }
            Ok(Err(e)) => return Err(SgfError::new_err(sgf_err(&data.name, e))),
            Ok(Ok(v)) => v,
        };
        if let Some(e) = rep.error {
            return Err(illegal_reason_err(
                py,
                illegal_at_message(&data.name, &e),
                e.reason,
                e.point,
                e.color,
            ));
        }
        Ok(PyGame {
            game,
            record_handicap: Some(rep.handicap),
        })
    }

    fn __repr__(&self) -> String {
        format!(
            "Record({:?}, size={}, moves={})",
            self.data.name,
            self.data.size,
            self.moves().len()
        )
    }
}

/// Read a record from a file through the library's one capped reader
/// ([`tsgf::read_file_into`]: at most [`tsgf::MAX_FILE_BYTES`], pipes and devices included);
/// the path names it in messages. A file that cannot be opened or read raises the `OSError`
/// of its errno (`FileNotFoundError`, `PermissionError`, ...), as `open()` would.
#[pyfunction]
pub(crate) fn load_sgf_file(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Record> {
    let name = path.display().to_string();
    let r = py.detach(|| {
        catch_unwind(AssertUnwindSafe(|| {
            let bytes = tsgf::read_file(&path).map_err(|e| match e {
                // the system's error, as Python's own open() raises it
                tsgf::ReadError::Open(io) | tsgf::ReadError::Read(io)
                    if io.raw_os_error().is_some() =>
                {
                    Err(io)
                }
                e => Ok(format!("{name}: unreadable: {e}")),
            })?;
            parse_record(name.clone(), bytes, true).map_err(Ok)
        }))
    });
    match r {
        Ok(Ok(data)) => Ok(Record { data }),
        Ok(Err(Ok(msg))) => Err(SgfError::new_err(msg)),
        // OSError(errno, text, filename) is the subclass of the errno: FileNotFoundError,
        // PermissionError, IsADirectoryError, ...
        Ok(Err(Err(io))) => Err(PyOSError::new_err((
            io.raw_os_error().unwrap_or(0),
            io.kind().to_string(),
            name,
        ))),
        Err(p) => Err(PyRuntimeError::new_err(format!(
            "internal error in tengen: {}",
            panic_message(&p)
        ))),
    }
}

/// Read a record from bytes; `name` names it in messages.
#[pyfunction]
#[pyo3(signature = (data, name="<bytes>"))]
pub(crate) fn load_sgf(py: Python<'_>, data: &Bound<'_, PyBytes>, name: &str) -> PyResult<Record> {
    let bytes = data.as_bytes().to_vec();
    let name = name.to_string();
    let r = py.detach(|| catch_unwind(AssertUnwindSafe(|| parse_record(name, bytes, true))));
    match r {
        Ok(Ok(data)) => Ok(Record { data }),
        Ok(Err(msg)) => Err(SgfError::new_err(msg)),
        Err(p) => Err(PyRuntimeError::new_err(format!(
            "internal error in tengen: {}",
            panic_message(&p)
        ))),
    }
}
