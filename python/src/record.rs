//! `Record`: an SGF game record read with `load_sgf` (decoded root properties, main line,
//! setup, comments), replayed into a `Game` by the library.

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;

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

/// A record's tree read: its main-line events, decoded root properties, comments, warnings.
/// Built by [`parse_record`] when first asked for (see [`Record`]).
struct RecordData {
    size: Size,
    /// The main line's setup and moves, as the library reads them (`Record.moves` and
    /// `Record.setup`; the replay itself is the library's too).
    events: Vec<MainLineEvent>,
    props: Vec<(String, Vec<String>)>,
    comments: Vec<(usize, String)>,
    node_count: usize,
    warnings: Vec<String>,
}

thread_local! {
    /// Each thread's replayer: its boards and event buffer are reused from record to record
    /// (a fresh `Replayer` allocates two boards).
    static REPLAYER: RefCell<Replayer> = RefCell::new(Replayer::new());
}

/// `f` with this thread's [`Replayer`]; a panic is caught (the replayer is then replaced,
/// its state unknown) and becomes the error `internal error in tengen: ...`.
fn with_replayer<T>(f: impl FnOnce(&mut Replayer) -> T) -> Result<T, String> {
    REPLAYER.with(|cell| {
        let mut r = cell.borrow_mut();
        catch_unwind(AssertUnwindSafe(|| f(&mut r))).map_err(|p| {
            *r = Replayer::new();
            format!("internal error in tengen: {}", panic_message(&p))
        })
    })
}

/// The CLI's message for a record that cannot be read (`tengen replay` prints the same).
fn sgf_err(name: &str, msg: impl std::fmt::Display) -> String {
    format!("{name}: unreadable: {msg}")
}

/// SimpleText properties (line breaks become spaces); the other text values keep them.
fn is_simple_text(id: &str) -> bool {
    !matches!(id, "C" | "GC")
}

/// The tree of `bytes` read, in lenient mode: what `Record` gives beyond its name, bytes and
/// replay. `Err` is the CLI's message for a file that is not SGF at all.
fn parse_record(name: &str, bytes: &[u8]) -> Result<RecordData, String> {
    let parsed = tsgf::parse(bytes, Mode::Lenient).map_err(|e| sgf_err(name, e))?;
    let coll = &parsed.collection;
    let Some(&root) = coll.roots().first() else {
        return Err(sgf_err(name, "no game in the file"));
    };
    let line = MainLine::read(coll, root).map_err(|e| sgf_err(name, e))?;
    let warnings: Vec<String> = (parsed.warnings.iter().chain(&line.warnings))
        .map(|w| w.to_string())
        .collect();
    let rnode = coll.node(root);
    // the library's one detector: CA when known, else detected from the file's bytes
    // (valid UTF-8, Fox's mangled UTF-8 repaired, then the legacy charsets)
    let (enc, _) = tsgf::TextEncoding::detect(rnode.value("CA"), bytes);
    let dec = |id: &str, v: &[u8]| -> String {
        if is_simple_text(id) {
            tsgf::decode_simple_text(v, enc)
        } else {
            tsgf::decode_text(v, enc)
        }
    };
    let mut props = Vec::new();
    let mut comments = Vec::new();
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
    Ok(RecordData {
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
///
/// Lazy: a record keeps its bytes and the board size the library's zero-copy scan of the main
/// line found ([`Replayer::scan_size`]); the tree, the decoded properties, the moves and the
/// warnings are read on the first access to any of them and kept. A file the scan cannot
/// vouch for (variations, a problem the lenient parser reports, an error) is read in full
/// when loaded, as before, so every error is raised by `load` as it was.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct Record {
    name: String,
    bytes: Vec<u8>,
    size: Size,
    /// The tree's results, or the error (`true`: an internal error) of reading it.
    data: OnceLock<Result<RecordData, (bool, String)>>,
}

impl Record {
    /// The record of `bytes`: lazy when `lazy` and the scan vouches for the file, else read
    /// in full now. `Err` is the CLI's message for an unreadable record.
    fn open(name: String, bytes: Vec<u8>, lazy: bool) -> Result<Record, String> {
        let scanned = if lazy {
            // a panic in the scan: the tree parser decides
            with_replayer(|r| r.scan_size(&bytes)).unwrap_or(None)
        } else {
            None
        };
        if let Some(size) = scanned {
            return Ok(Record {
                name,
                bytes,
                size,
                data: OnceLock::new(),
            });
        }
        let data = parse_record(&name, &bytes)?;
        Ok(Record {
            name,
            bytes,
            size: data.size,
            data: OnceLock::from(Ok::<_, (bool, String)>(data)),
        })
    }

    /// The tree's results, read now if not yet (with the GIL held: no other thread can wait
    /// for it meanwhile).
    fn data(&self) -> PyResult<&RecordData> {
        self.data
            .get_or_init(|| {
                match catch_unwind(AssertUnwindSafe(|| parse_record(&self.name, &self.bytes))) {
                    Ok(r) => r.map_err(|e| (false, e)),
                    Err(p) => Err((
                        true,
                        format!("internal error in tengen: {}", panic_message(&p)),
                    )),
                }
            })
            .as_ref()
            .map_err(|(internal, e)| {
                if *internal {
                    PyRuntimeError::new_err(e.clone())
                } else {
                    SgfError::new_err(e.clone())
                }
            })
    }
}

#[pymethods]
impl Record {
    /// Where the record came from (the path, or "<bytes>").
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The root properties, decoded to str whatever the file's encoding: {id: [values]}.
    #[getter]
    fn properties<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in &self.data()?.props {
            d.set_item(k, PyList::new(py, v)?)?;
        }
        Ok(d)
    }

    /// The first value of root property `id` decoded, or `default`.
    #[pyo3(signature = (id, default=None))]
    fn get(&self, id: &str, default: Option<String>) -> PyResult<Option<String>> {
        Ok(self
            .data()?
            .props
            .iter()
            .find(|(k, _)| k == id)
            .and_then(|(_, v)| v.first().cloned())
            .or(default))
    }

    /// (width, height).
    #[getter]
    fn size(&self) -> (usize, usize) {
        (self.size.width(), self.size.height())
    }

    /// The main line's moves: (colour, point or None for a pass).
    #[getter]
    fn moves(&self) -> PyResult<Vec<(Color, Option<Pt>)>> {
        Ok(self
            .data()?
            .events
            .iter()
            .filter_map(|e| match e {
                &MainLineEvent::Move { color, mv, .. } => {
                    Some(move_tuple(ColoredMove { color, mv }))
                }
                _ => None,
            })
            .collect())
    }

    /// The main line's setup: (move number it comes before, point, colour or None for AE).
    #[getter]
    fn setup(&self) -> PyResult<Vec<(usize, Pt, Option<Color>)>> {
        let mut n = 0;
        let mut out = Vec::new();
        for e in &self.data()?.events {
            match e {
                MainLineEvent::Move { .. } => n += 1,
                MainLineEvent::Setup { points, .. } => {
                    out.extend(points.iter().map(|&(p, c)| (n, pt(p), c.map(Color::from))))
                }
            }
        }
        Ok(out)
    }

    /// Comments (`C`) of the main line: (node index from 0 = root, text).
    #[getter]
    fn comments(&self) -> PyResult<Vec<(usize, String)>> {
        Ok(self.data()?.comments.clone())
    }

    /// The number of nodes on the main line.
    #[getter]
    fn node_count(&self) -> PyResult<usize> {
        Ok(self.data()?.node_count)
    }

    /// Problems the lenient reader recovered from.
    #[getter]
    fn warnings(&self) -> PyResult<Vec<String>> {
        Ok(self.data()?.warnings.clone())
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
        let bytes = &self.bytes;
        let result = py.detach(|| {
            // the library's replay through a `Game`: the one driver of setup and moves (its
            // zero-copy scan reads the bytes again, a few µs; the tree is never built)
            with_replayer(|r| {
                r.replay_game(bytes, &replay_opts(rules, komi))
                    .map(|g| (g.replay, g.game))
            })
        });
        let (rep, game) = match result {
            Err(msg) => return Err(PyRuntimeError::new_err(msg)),
            Ok(Err(e)) => return Err(SgfError::new_err(sgf_err(&self.name, e))),
            Ok(Ok(v)) => v,
        };
        if let Some(e) = rep.error {
            return Err(illegal_reason_err(
                py,
                illegal_at_message(&self.name, &e),
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

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!(
            "Record({:?}, size={}, moves={})",
            self.name,
            self.size,
            self.moves()?.len()
        ))
    }
}

/// Read a record from a file through the library's one capped reader
/// ([`tsgf::read_file_into`]: at most [`tsgf::MAX_FILE_BYTES`], pipes and devices included);
/// the path names it in messages. A file that cannot be opened or read raises the `OSError`
/// of its errno (`FileNotFoundError`, `PermissionError`, ...), as `open()` would.
/// `lazy=False` reads the tree at once, whatever the file (the eager path, for comparison).
#[pyfunction]
#[pyo3(signature = (path, lazy=true))]
pub(crate) fn load_sgf_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    lazy: bool,
) -> PyResult<Record> {
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
            Record::open(name.clone(), bytes, lazy).map_err(Ok)
        }))
    });
    match r {
        Ok(Ok(rec)) => Ok(rec),
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

/// Read a record from bytes; `name` names it in messages. `lazy=False` reads the tree at
/// once, whatever the file (the eager path, for comparison).
#[pyfunction]
#[pyo3(signature = (data, name="<bytes>", lazy=true))]
pub(crate) fn load_sgf(
    py: Python<'_>,
    data: &Bound<'_, PyBytes>,
    name: &str,
    lazy: bool,
) -> PyResult<Record> {
    let bytes = data.as_bytes().to_vec();
    let name = name.to_string();
    // a lazy load is a scan of a few µs: releasing the GIL would cost more than it frees
    let r = if lazy {
        catch_unwind(AssertUnwindSafe(|| Record::open(name, bytes, true)))
    } else {
        py.detach(|| catch_unwind(AssertUnwindSafe(|| Record::open(name, bytes, false))))
    };
    match r {
        Ok(Ok(rec)) => Ok(rec),
        Ok(Err(msg)) => Err(SgfError::new_err(msg)),
        Err(p) => Err(PyRuntimeError::new_err(format!(
            "internal error in tengen: {}",
            panic_message(&p)
        ))),
    }
}
