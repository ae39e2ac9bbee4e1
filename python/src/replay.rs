//! Replay of many records in parallel: `replay_many` and `ReplayStream`, each file's outcome a
//! `ReplayResult`.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rayon::prelude::*;
use tengen::sgf::{self as tsgf, ReplayOptions, Replayer};
use tengen::Rules;

use crate::board::{Compact, LazyBoard, PyBoard};
use crate::color::Color;
use crate::errors::panic_message;
use crate::record::{illegal_at_message, replay_opts};
use crate::rules::{komi_arg, rules_arg, PyRules};
use crate::whole::Whole;

/// The outcome of replaying one file in `replay_many`.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct ReplayResult {
    /// The file.
    #[pyo3(get)]
    path: String,
    /// Whether the file was read and every move was legal.
    #[pyo3(get)]
    ok: bool,
    /// Moves played (passes included; the illegal move not counted).
    #[pyo3(get)]
    moves: usize,
    /// (stones Black captured, stones White captured).
    #[pyo3(get)]
    captures: (u32, u32),
    /// The record's RE, decoded, or None.
    #[pyo3(get)]
    result: Option<String>,
    /// The error: unreadable file or the first illegal move, with the CLI's message; or None.
    #[pyo3(get)]
    error: Option<String>,
    /// The reason of the illegal move ("ko", ...), or None.
    #[pyo3(get)]
    reason: Option<&'static str>,
    /// Problems recovered from (made strings when asked for).
    warnings: Vec<tsgf::Warning>,
    /// The final position, compact: size, a digit per point (row-major), the simple-ko state
    /// (a Board is tens of kilobytes with its liberty sets; copying one per file would cost
    /// as much as the replay).
    board: Option<std::sync::Arc<Compact>>,
    rules: Option<Rules>,
    to_move: Option<tengen::Color>,
}

#[pymethods]
impl ReplayResult {
    /// The final position (up to the illegal move), or None for an unreadable file.
    #[getter]
    fn board(&self) -> Option<PyBoard> {
        // a new board each time (playing on it leaves the result's alone), sharing the
        // stones: its chains are built on the first call that needs them
        Some(PyBoard {
            board: LazyBoard::of(self.board.as_ref()?.clone()),
            rules: self.rules?,
        })
    }

    /// The rules the moves were checked under, or None for an unreadable file.
    #[getter]
    fn rules(&self) -> Option<PyRules> {
        self.rules.map(|inner| PyRules { inner })
    }

    /// Whose turn it is after the last move, or None for an unreadable file.
    #[getter]
    fn to_move(&self) -> Option<Color> {
        self.to_move.map(Color::from)
    }

    /// Problems recovered from (lenient parsing, setup, unknown rules, Fox's komi), each as
    /// `tengen replay` prints it.
    #[getter]
    fn warnings(&self) -> Vec<String> {
        self.warnings.iter().map(|w| w.to_string()).collect()
    }

    fn __repr__(&self) -> String {
        format!(
            "ReplayResult({:?}, ok={}, moves={})",
            self.path,
            if self.ok { "True" } else { "False" },
            self.moves
        )
    }
}

/// Read a file into `buf` (cleared first, its capacity reused: no allocation once it has
/// grown to the largest file) through the library's one capped reader
/// ([`tsgf::read_file_into`]): longer than [`tsgf::MAX_FILE_BYTES`] is refused, pipes and
/// devices included.
pub(crate) fn read_file(path: &str, buf: &mut Vec<u8>) -> Result<(), String> {
    tsgf::read_file_into(std::path::Path::new(path), buf).map_err(|e| e.to_string())
}

/// What `replay_many` replays: a file, or the bytes of one (named "<bytes>" in results).
///
/// The bytes are the Python object's own buffer, not a copy (`PyBackedBytes` keeps the
/// immutable `bytes` alive and may be read from any thread): copying them on the Python thread
/// was the largest serial step of a replay from memory. A `Source` holds a Python reference,
/// so it is dropped where the GIL is held (the batches come back with their results).
enum Source {
    Path(String),
    Bytes(pyo3::pybacked::PyBackedBytes),
}

/// The sources of a list of paths (str) and bytes.
fn sources(items: Vec<Bound<'_, PyAny>>) -> PyResult<Vec<Source>> {
    items
        .into_iter()
        .map(|item| match item.cast_into::<PyBytes>() {
            Ok(b) => Ok(Source::Bytes(b.into())),
            Err(e) => {
                let item = e.into_inner();
                item.extract::<String>().map(Source::Path).map_err(|_| {
                    PyTypeError::new_err(format!(
                        "a path (str) or the bytes of an SGF file expected, not {}",
                        item.get_type()
                            .name()
                            .map_or_else(|_| "?".to_string(), |n| n.to_string())
                    ))
                })
            }
        })
        .collect()
}

fn replay_one(
    r: &mut Replayer,
    buf: &mut Vec<u8>,
    src: &Source,
    opts: &ReplayOptions,
    boards: bool,
) -> ReplayResult {
    let path = match src {
        Source::Path(p) => p.as_str(),
        Source::Bytes(_) => "<bytes>",
    };
    let mut out = ReplayResult {
        path: path.to_string(),
        ok: false,
        moves: 0,
        captures: (0, 0),
        result: None,
        error: None,
        reason: None,
        warnings: Vec::new(),
        board: None,
        rules: None,
        to_move: None,
    };
    let bytes = match src {
        Source::Bytes(b) => &b[..],
        Source::Path(_) => {
            if let Err(e) = read_file(path, buf) {
                out.error = Some(format!("{path}: unreadable: {e}"));
                return out;
            }
            &buf[..]
        }
    };
    match catch_unwind(AssertUnwindSafe(|| r.replay(bytes, opts))) {
        Err(p) => {
            *r = Replayer::new();
            out.error = Some(format!(
                "{path}: internal error in tengen: {}",
                panic_message(&p)
            ));
        }
        Ok(Err(e)) => out.error = Some(format!("{path}: unreadable: {e}")),
        Ok(Ok(rep)) => {
            out.ok = rep.error.is_none();
            out.moves = rep.moves;
            out.captures = (rep.captures[0], rep.captures[1]);
            out.result = rep.result;
            out.error = rep.error.map(|e| illegal_at_message(path, &e));
            out.reason = rep.error.map(|e| e.reason.name());
            out.warnings = rep.warnings;
            if boards {
                out.board = Some(std::sync::Arc::new(Compact::of(r.board())));
            }
            out.rules = Some(rep.rules);
            out.to_move = Some(rep.to_move);
        }
    }
    out
}

/// Most worker threads a call starts (as the CLI's `--threads`).
pub(crate) const MAX_THREADS: usize = 1024;

/// A pool of `threads` workers (1 to [`MAX_THREADS`]; default: one per core).
pub(crate) fn pool(threads: Option<Whole>) -> PyResult<rayon::ThreadPool> {
    let mut b = rayon::ThreadPoolBuilder::new();
    if let Some(Whole(n)) = threads {
        match n {
            Ok(n) if (1..=MAX_THREADS).contains(&(n as usize)) => b = b.num_threads(n as usize),
            // -1 and 2**40 too, with the same message (not an OverflowError)
            n => {
                let text = n.map_or_else(|t| t, |n| n.to_string());
                return Err(PyValueError::new_err(format!(
                    "threads must be 1 to {MAX_THREADS}, not {text}"
                )));
            }
        }
    }
    b.build()
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start worker threads: {e}")))
}

/// Replay `paths` (files or bytes) on the current rayon pool: one result per path, in input
/// order. Each worker reads its files itself into one reused buffer and replays them with its
/// own `Replayer`; the results land in their slots of the output (rayon's indexed collect), so
/// no lock is taken and nothing waits for the slowest file but the end of the batch.
fn replay_batch(paths: &[Source], opts: &ReplayOptions, boards: bool) -> Vec<ReplayResult> {
    paths
        .par_iter()
        .map_init(
            || (Replayer::new(), Vec::with_capacity(1 << 16)),
            |(r, buf), p| replay_one(r, buf, p, opts, boards),
        )
        .collect()
}

fn replay_options(rules: Option<&Bound<'_, PyAny>>, komi: Option<f64>) -> PyResult<ReplayOptions> {
    let rules = match rules {
        Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
        _ => None,
    };
    Ok(replay_opts(rules, komi.map(komi_arg).transpose()?))
}

/// Replay files (paths or bytes) in parallel (GIL released): one ReplayResult per item, in
/// input order.
#[pyfunction]
#[pyo3(signature = (paths, threads=None, rules=None, komi=None, boards=true))]
pub(crate) fn replay_many(
    py: Python<'_>,
    paths: Vec<Bound<'_, PyAny>>,
    threads: Option<Whole>,
    rules: Option<&Bound<'_, PyAny>>,
    komi: Option<f64>,
    boards: bool,
) -> PyResult<Vec<ReplayResult>> {
    let opts = replay_options(rules, komi)?;
    let pool = pool(threads)?;
    let paths = sources(paths)?;
    let results = py.detach(|| pool.install(|| replay_batch(&paths, &opts, boards)));
    drop(paths); // with the GIL: the bytes' Python references
    Ok(results)
}

/// A corpus replayed in the background, batch by batch: `submit` hands a batch of paths to
/// the worker threads and returns at once; `take` waits (GIL released) for the oldest batch
/// submitted and returns its results, in input order. While Python goes through one batch's
/// results, the workers replay the next ones, so the Python side is no serial step.
#[pyclass(module = "tengen._tengen", frozen)]
pub struct ReplayStream {
    pool: rayon::ThreadPool,
    opts: ReplayOptions,
    boards: bool,
    pending: std::sync::Mutex<std::collections::VecDeque<std::sync::mpsc::Receiver<Batch>>>,
}

/// A batch's results, and its sources, handed back so that they are dropped with the GIL.
type Batch = (Vec<ReplayResult>, Vec<Source>);

impl ReplayStream {
    fn pending(
        &self,
    ) -> PyResult<
        std::sync::MutexGuard<'_, std::collections::VecDeque<std::sync::mpsc::Receiver<Batch>>>,
    > {
        self.pending.lock().map_err(|_| {
            PyRuntimeError::new_err("internal error in tengen: a replay stream was poisoned")
        })
    }
}

#[pymethods]
impl ReplayStream {
    #[new]
    #[pyo3(signature = (threads=None, rules=None, komi=None, boards=true))]
    fn new(
        threads: Option<Whole>,
        rules: Option<&Bound<'_, PyAny>>,
        komi: Option<f64>,
        boards: bool,
    ) -> PyResult<ReplayStream> {
        Ok(ReplayStream {
            opts: replay_options(rules, komi)?,
            pool: pool(threads)?,
            boards,
            pending: Default::default(),
        })
    }

    /// Start replaying `paths` (paths as str, or the bytes of files) on the worker threads;
    /// returns at once.
    fn submit(&self, paths: Vec<Bound<'_, PyAny>>) -> PyResult<()> {
        let paths = sources(paths)?;
        let (tx, rx) = std::sync::mpsc::sync_channel(1);
        let (opts, boards) = (self.opts, self.boards);
        self.pending()?.push_back(rx);
        self.pool.spawn(move || {
            // the receiver may be gone (the stream dropped): the results are then not wanted
            // (if it is, the sources' Python references are dropped here without the GIL,
            // which PyO3 defers to the next time a thread holds it)
            let _ = tx.send((replay_batch(&paths, &opts, boards), paths));
        });
        Ok(())
    }

    /// The number of batches submitted and not taken yet.
    fn __len__(&self) -> PyResult<usize> {
        Ok(self.pending()?.len())
    }

    /// The results of the oldest batch not taken yet, in input order (waits for it with the
    /// GIL released).
    fn take(&self, py: Python<'_>) -> PyResult<Vec<ReplayResult>> {
        let rx = self
            .pending()?
            .pop_front()
            .ok_or_else(|| PyValueError::new_err("no batch submitted to take"))?;
        let (results, sources) = py.detach(move || rx.recv()).map_err(|_| {
            PyRuntimeError::new_err("internal error in tengen: a replay worker stopped")
        })?;
        drop(sources); // with the GIL: the bytes' Python references
        Ok(results)
    }
}
