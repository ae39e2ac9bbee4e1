//! Training data from SGF files: `training_data` (whole arrays) and `TrainingStream` (batch by
//! batch into the caller's arrays), every position's planes written in parallel.

use std::panic::{catch_unwind, AssertUnwindSafe};

use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray4, PyArrayMethods};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;
use tengen::sgf::Replayer;
use tengen::{Move, Rules, Size};

use crate::errors::{panic_message, SgfError};
use crate::features::{sym, write_features, PLANES};
use crate::record::{illegal_at_message, replay_opts};
use crate::replay::{pool, read_file};
use crate::rules::rules_arg;
use crate::whole::Whole;

/// One file ready for its training rows: read, parsed and checked by the library's replay.
struct Prepared {
    /// The file's path, for messages.
    name: String,
    /// The file's bytes.
    bytes: Vec<u8>,
    /// The rules asked for (the record's own when `None`), for the replay of the rows.
    rules: Option<Rules>,
    winner: Option<tengen::Color>,
    positions: usize,
}

fn prepare(path: &str, size: usize, rules: Option<Rules>) -> Result<Prepared, String> {
    let mut bytes = Vec::new();
    read_file(path, &mut bytes).map_err(|e| format!("{path}: unreadable: {e}"))?;
    // the library's replay alone: it reads the size, refuses what is no Go record, and counts
    // the positions (no tree of the record is built)
    let mut r = Replayer::new();
    let rep = r
        .replay(&bytes, &replay_opts(rules, None))
        .map_err(|e| format!("{path}: unreadable: {e}"))?;
    if rep.size != Size::square(size).expect("checked size") {
        return Err(format!(
            "{path}: the board is {}, not {size}x{size}",
            rep.size
        ));
    }
    if let Some(e) = rep.error {
        return Err(illegal_at_message(path, &e));
    }
    Ok(Prepared {
        winner: rep.result.as_deref().and_then(tengen::score::winner_of),
        rules,
        name: path.to_string(),
        bytes,
        // one row per move (passes included), as the library's replay plays them
        positions: rep.moves,
    })
}

/// Write rows `from..from + value.len()` of one prepared file (its positions, each times the
/// symmetries) into the output slices, which hold exactly those rows. With `zero`, each
/// position's planes are cleared first (a recycled buffer); else they must be zero already.
#[allow(clippy::too_many_arguments)]
fn fill(
    prep: &Prepared,
    size: usize,
    syms: &[usize],
    from: usize,
    zero: bool,
    inputs: &mut [f32],
    policy: &mut [i64],
    value: &mut [f32],
) -> Result<(), String> {
    let per = PLANES * size * size;
    let to = from + value.len();
    let mut row = 0;
    let mut visit = |game: &tengen::Game, color: tengen::Color, mv: Move| {
        if row >= to {
            return false;
        }
        if row + syms.len() <= from {
            row += syms.len();
            return true;
        }
        let tmp;
        let mut g = game;
        if g.to_move() != color {
            let mut c = game.clone();
            c.set_to_move(color);
            tmp = c;
            g = &tmp;
        }
        for &s in syms {
            if (from..to).contains(&row) {
                let k = row - from;
                let out = &mut inputs[k * per..(k + 1) * per];
                if zero {
                    out.fill(0.0);
                }
                write_features(g, s, out);
                policy[k] = match mv {
                    Move::Play(p) => {
                        let (x, y) = sym(s, p.x as usize, p.y as usize, size, size);
                        (y * size + x) as i64
                    }
                    Move::Pass => (size * size) as i64,
                };
                value[k] = match prep.winner {
                    Some(wc) if wc == color => 1.0,
                    Some(_) => -1.0,
                    None => 0.0,
                };
            }
            row += 1;
        }
        true
    };
    let g = Replayer::new()
        .replay_game_visiting(&prep.bytes, &replay_opts(prep.rules, None), &mut visit)
        .map_err(|e| format!("{}: unreadable: {e}", prep.name))?;
    if let Some(e) = g.replay.error {
        return Err(illegal_at_message(&prep.name, &e));
    }
    Ok(())
}

/// One piece of a fill: rows `from..` of a prepared file into its slices of the outputs.
type FillJob<'a> = (
    &'a Prepared,
    usize,
    &'a mut [f32],
    &'a mut [i64],
    &'a mut [f32],
);

/// Run fill jobs on `pool`, in parallel; the first error (a panic becomes one) is returned.
fn run_fills(
    pool: &rayon::ThreadPool,
    jobs: Vec<FillJob<'_>>,
    size: usize,
    syms: &[usize],
    zero: bool,
) -> Result<(), String> {
    pool.install(|| {
        jobs.into_par_iter().try_for_each(|(p, from, a, b, c)| {
            catch_unwind(AssertUnwindSafe(|| {
                fill(p, size, syms, from, zero, a, b, c)
            }))
            .unwrap_or_else(|e| {
                Err(format!(
                    "{}: internal error in tengen: {}",
                    p.name,
                    panic_message(&e)
                ))
            })
        })
    })
}

/// Read and check `paths` in parallel on `pool` (the first pass of the training functions).
fn prepare_all(
    pool: &rayon::ThreadPool,
    paths: &[String],
    size: usize,
    rules: Option<Rules>,
) -> Vec<Result<Prepared, String>> {
    pool.install(|| {
        paths
            .par_iter()
            .map(|p| {
                catch_unwind(AssertUnwindSafe(|| prepare(p, size, rules))).unwrap_or_else(|e| {
                    Err(format!(
                        "{p}: internal error in tengen: {}",
                        panic_message(&e)
                    ))
                })
            })
            .collect()
    })
}

/// Training arrays from SGF files (parallel, GIL released); see `tengen.training_data`.
///
/// Two passes: the files are read and checked first, so that the output arrays are allocated
/// once at their final size and each file's rows are written in place, in parallel.
#[pyfunction]
#[pyo3(signature = (paths, size=19, symmetries=false, threads=None, rules=None, skip_errors=false))]
#[allow(clippy::type_complexity)]
pub(crate) fn training_data<'py>(
    py: Python<'py>,
    paths: Vec<String>,
    size: usize,
    symmetries: bool,
    threads: Option<Whole>,
    rules: Option<&Bound<'_, PyAny>>,
    skip_errors: bool,
) -> PyResult<(
    Bound<'py, PyArray4<f32>>,
    Bound<'py, PyArray1<i64>>,
    Bound<'py, PyArray1<f32>>,
    Vec<String>,
)> {
    Size::square(size).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let rules = match rules {
        Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
        _ => None,
    };
    let pool = pool(threads)?;
    let syms: &[usize] = if symmetries {
        &[0, 1, 2, 3, 4, 5, 6, 7]
    } else {
        &[0]
    };
    let per = PLANES * size * size;
    let prepared = py.detach(|| prepare_all(&pool, &paths, size, rules));
    let mut errors = Vec::new();
    let mut ok = Vec::new();
    for r in prepared {
        match r {
            Ok(p) => ok.push(p),
            Err(e) if skip_errors => errors.push(e),
            Err(e) => return Err(SgfError::new_err(e)),
        }
    }
    let total: usize = ok.iter().map(|p| p.positions * syms.len()).sum();
    // numpy's allocation (not a Vec handed over): for a large array numpy asks the kernel for
    // huge pages, so the first touch faults once per 2 MiB instead of once per 4 KiB
    let inputs_array = PyArray4::<f32>::zeros(py, [total, PLANES, size, size], false);
    let mut inputs_rw = inputs_array.readwrite();
    let inputs = inputs_rw
        .as_slice_mut()
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let mut policy = vec![0i64; total];
    let mut value = vec![0f32; total];
    let filled: Result<(), String> = py.detach(|| {
        let mut jobs = Vec::with_capacity(ok.len());
        let (mut i, mut pl, mut v) = (&mut inputs[..], &mut policy[..], &mut value[..]);
        for p in &ok {
            let n = p.positions * syms.len();
            let (a, rest_i) = std::mem::take(&mut i).split_at_mut(n * per);
            let (b, rest_p) = std::mem::take(&mut pl).split_at_mut(n);
            let (c, rest_v) = std::mem::take(&mut v).split_at_mut(n);
            jobs.push((p, 0, a, b, c));
            (i, pl, v) = (rest_i, rest_p, rest_v);
        }
        run_fills(&pool, jobs, size, syms, false)
    });
    drop(inputs_rw);
    filled.map_err(PyRuntimeError::new_err)?;
    Ok((
        inputs_array,
        Array1::from_vec(policy).into_pyarray(py),
        Array1::from_vec(value).into_pyarray(py),
        errors,
    ))
}

/// Files read for `training_batches`, not all written out yet.
#[derive(Default)]
struct Queue {
    /// Prepared files, oldest first.
    files: std::collections::VecDeque<Prepared>,
    /// Rows of the first file already written.
    done: usize,
    /// Rows not written yet, over all files.
    rows: usize,
}

/// The training rows of a corpus, written batch by batch into arrays the caller provides
/// (see `tengen.training_batches`): `add` reads and checks files (in parallel, GIL
/// released), `fill` writes the next rows into the given arrays (in parallel, GIL released).
/// Writing into the same arrays batch after batch spares the kernel's first touch of new
/// memory (in 4 KiB pages it cost more than the features themselves).
#[pyclass(module = "tengen._tengen", frozen)]
pub struct TrainingStream {
    pool: rayon::ThreadPool,
    size: usize,
    syms: Vec<usize>,
    rules: Option<Rules>,
    skip_errors: bool,
    queue: std::sync::Mutex<Queue>,
}

impl TrainingStream {
    fn queue(&self) -> PyResult<std::sync::MutexGuard<'_, Queue>> {
        self.queue.lock().map_err(|_| {
            PyRuntimeError::new_err("internal error in tengen: a training stream was poisoned")
        })
    }
}

#[pymethods]
impl TrainingStream {
    #[new]
    #[pyo3(signature = (size=19, symmetries=false, threads=None, rules=None, skip_errors=false))]
    fn new(
        size: usize,
        symmetries: bool,
        threads: Option<Whole>,
        rules: Option<&Bound<'_, PyAny>>,
        skip_errors: bool,
    ) -> PyResult<TrainingStream> {
        Size::square(size).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let rules = match rules {
            Some(r) if !r.is_none() => Some(rules_arg(Some(r), "chinese")?),
            _ => None,
        };
        Ok(TrainingStream {
            pool: pool(threads)?,
            size,
            syms: if symmetries {
                (0..8).collect()
            } else {
                vec![0]
            },
            rules,
            skip_errors,
            queue: Default::default(),
        })
    }

    /// Read and check `paths` (in parallel); their rows join the queue, in order. Returns
    /// the files skipped with `skip_errors` (each with the reason), else raises SgfError for
    /// the first bad one (and adds none of `paths`).
    fn add(&self, py: Python<'_>, paths: Vec<String>) -> PyResult<Vec<String>> {
        let (size, rules) = (self.size, self.rules);
        let prepared = py.detach(|| prepare_all(&self.pool, &paths, size, rules));
        let mut errors = Vec::new();
        let mut ok = Vec::with_capacity(prepared.len());
        for r in prepared {
            match r {
                Ok(p) => ok.push(p),
                Err(e) if self.skip_errors => errors.push(e),
                Err(e) => return Err(SgfError::new_err(e)),
            }
        }
        let mut q = self.queue()?;
        for p in ok {
            q.rows += p.positions * self.syms.len();
            q.files.push_back(p);
        }
        Ok(errors)
    }

    /// Rows queued and not written yet.
    #[getter]
    fn pending(&self) -> PyResult<usize> {
        Ok(self.queue()?.rows)
    }

    /// Write the next rows into the first rows of `inputs` (float32, C-contiguous,
    /// (n, PLANES, size, size)), `policy` (int64, (n,)) and `value` (float32, (n,)): as many as
    /// queued, up to n. Returns the number written; the rows after it are left as they were.
    fn fill(
        &self,
        py: Python<'_>,
        mut inputs: numpy::PyReadwriteArray4<'_, f32>,
        mut policy: numpy::PyReadwriteArray1<'_, i64>,
        mut value: numpy::PyReadwriteArray1<'_, f32>,
    ) -> PyResult<usize> {
        let size = self.size;
        let shape = numpy::PyUntypedArrayMethods::shape(&**inputs).to_vec();
        let cap = shape[0];
        let (np, nv) = (policy.as_array().len(), value.as_array().len());
        if shape[1..] != [PLANES, size, size] || np != cap || nv != cap {
            return Err(PyValueError::new_err(format!(
                "the arrays must be ({cap}, {PLANES}, {size}, {size}), ({cap},), ({cap},), not \
                 {shape:?}, ({np},), ({nv},)"
            )));
        }
        let not_contiguous =
            |what: &str| PyValueError::new_err(format!("{what} is not C-contiguous"));
        let inputs = inputs
            .as_slice_mut()
            .map_err(|_| not_contiguous("inputs"))?;
        let policy = policy
            .as_slice_mut()
            .map_err(|_| not_contiguous("policy"))?;
        let value = value.as_slice_mut().map_err(|_| not_contiguous("value"))?;
        let per = PLANES * size * size;
        let syms = &self.syms[..];
        let mut q = self.queue()?;
        let n = cap.min(q.rows);
        // the jobs: the rest of the first file, then whole files, the last maybe cut short
        let mut spans = Vec::new();
        let (mut left, mut done) = (n, q.done);
        for p in &q.files {
            if left == 0 {
                break;
            }
            let rows = (p.positions * syms.len() - done).min(left);
            spans.push((p, done, rows));
            left -= rows;
            done = 0;
        }
        // with several threads, files are cut into pieces so that the threads finish a batch
        // together (a batch holds few files); a piece replays its file's moves before it,
        // without features, which costs a few percent
        let threads = self.pool.current_num_threads();
        let piece = if threads > 1 {
            (n / (threads * 4)).max(32)
        } else {
            usize::MAX
        };
        let pieces: Vec<(&Prepared, usize, usize)> = spans
            .iter()
            .flat_map(|&(p, from, rows)| {
                (0..rows)
                    .step_by(piece.min(rows.max(1)))
                    .map(move |k| (p, from + k, piece.min(rows - k)))
            })
            .collect();
        let filled = py.detach(|| {
            let mut jobs = Vec::with_capacity(pieces.len());
            let (mut i, mut pl, mut v) = (&mut inputs[..], &mut policy[..], &mut value[..]);
            for &(p, from, rows) in &pieces {
                let (a, rest_i) = std::mem::take(&mut i).split_at_mut(rows * per);
                let (b, rest_p) = std::mem::take(&mut pl).split_at_mut(rows);
                let (c, rest_v) = std::mem::take(&mut v).split_at_mut(rows);
                jobs.push((p, from, a, b, c));
                (i, pl, v) = (rest_i, rest_p, rest_v);
            }
            run_fills(&self.pool, jobs, size, syms, true)
        });
        drop(pieces);
        let last = spans
            .last()
            .map(|&(p, from, rows)| (p.positions * syms.len(), from + rows));
        let whole = spans.len() - usize::from(last.is_some_and(|(all, end)| end < all));
        drop(spans);
        filled.map_err(PyRuntimeError::new_err)?;
        q.files.drain(..whole);
        q.done = match last {
            Some((all, end)) if end < all => end,
            _ => 0,
        };
        q.rows -= n;
        Ok(n)
    }
}
