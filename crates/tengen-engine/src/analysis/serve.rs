//! The query loop: a reader, a bounded pool of worker threads and one writer, joined by
//! bounded channels, so memory does not grow with the length of the stream.

use std::collections::HashMap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{sync_channel, Receiver, SyncSender, TryRecvError};
use std::sync::{Arc, Mutex};

use serde_json::{json, Value};

use super::answer::analyze_each;
use super::query::{parse_value, Action, QueryError, Request};

/// Longest query line read (16 MiB); a longer line is answered with an error and skipped.
pub const MAX_LINE: usize = 16 << 20;

/// How to serve.
#[derive(Clone, Copy, Debug)]
pub struct ServeOptions {
    /// Worker threads answering queries (at least 1).
    pub workers: usize,
    /// Longest line read, in bytes.
    pub max_line: usize,
}

impl Default for ServeOptions {
    fn default() -> Self {
        ServeOptions {
            workers: 1,
            max_line: MAX_LINE,
        }
    }
}

/// What a stream contained.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ServeStats {
    /// Lines read that were not blank.
    pub lines: u64,
    /// Answer lines written for turns (`noResults` ones included).
    pub answers: u64,
    /// Error lines written.
    pub errors: u64,
}

#[derive(Default)]
struct Pending {
    /// Queries of this id read and not finished.
    count: usize,
    /// The queries of this id read before this line number are cancelled (a terminate read
    /// there): queries with the same id sent after the terminate are not.
    cancel_before: u64,
}

struct Shared {
    pending: Mutex<HashMap<String, Pending>>,
    /// Every query read before this line number is cancelled (`terminate_all`).
    cancel_all_before: AtomicU64,
    answers: AtomicU64,
    errors: AtomicU64,
}

impl Shared {
    /// Whether the query read at line `seq` with `id` was terminated.
    fn cancelled(&self, id: Option<&str>, seq: u64) -> bool {
        seq < self.cancel_all_before.load(Ordering::Acquire)
            || id.is_some_and(|id| {
                lock(&self.pending)
                    .get(id)
                    .is_some_and(|p| seq < p.cancel_before)
            })
    }
}

struct Job {
    value: Value,
    id: Option<String>,
    /// The line number the query was read at (its order among queries and terminates).
    seq: u64,
}

fn line_of<T: serde::Serialize>(v: &T) -> Vec<u8> {
    // Serialising these plain structs and values cannot fail.
    serde_json::to_vec(v)
        .unwrap_or_else(|e| format!("{{\"error\":\"internal: {e}\"}}").into_bytes())
}

/// Serve queries from `input` to `output` until the input ends (see the module docs of
/// [`crate::analysis`] for the protocol). Answers of different queries may come out of order;
/// each carries its `id`.
///
/// # Errors
/// Reading the input or writing the output failed.
pub fn serve<R: BufRead, W: Write + Send>(
    mut input: R,
    output: W,
    opts: &ServeOptions,
) -> io::Result<ServeStats> {
    let workers = opts.workers.max(1);
    let shared = Shared {
        pending: Mutex::new(HashMap::new()),
        cancel_all_before: AtomicU64::new(0),
        answers: AtomicU64::new(0),
        errors: AtomicU64::new(0),
    };
    let (out_tx, out_rx) = sync_channel::<Vec<u8>>(workers * 4);
    let (job_tx, job_rx) = sync_channel::<Job>(workers * 2);
    // Every worker holds the receiver; when all have stopped (the writer is gone), it is
    // dropped and the reader's next send fails instead of blocking.
    let job_rx = Arc::new(Mutex::new(job_rx));
    let mut lines = 0u64;
    let result = std::thread::scope(|s| -> io::Result<()> {
        let writer = s.spawn(move || write_loop(output, out_rx));
        for _ in 0..workers {
            let out = out_tx.clone();
            let (rx, sh) = (Arc::clone(&job_rx), &shared);
            s.spawn(move || work_loop(&rx, out, sh));
        }
        drop(job_rx);
        let read = read_loop(
            &mut input,
            &out_tx,
            job_tx,
            &shared,
            opts.max_line,
            &mut lines,
        );
        drop(out_tx);
        let written = writer
            .join()
            .unwrap_or_else(|_| Err(io::Error::other("the writer thread panicked")));
        read.and(written)
    });
    result?;
    Ok(ServeStats {
        lines,
        answers: shared.answers.into_inner(),
        errors: shared.errors.into_inner(),
    })
}

fn write_loop<W: Write>(output: W, rx: Receiver<Vec<u8>>) -> io::Result<()> {
    let mut out = io::BufWriter::with_capacity(1 << 16, output);
    loop {
        let line = match rx.try_recv() {
            Ok(l) => l,
            Err(TryRecvError::Empty) => {
                out.flush()?;
                match rx.recv() {
                    Ok(l) => l,
                    Err(_) => break,
                }
            }
            Err(TryRecvError::Disconnected) => break,
        };
        out.write_all(&line)?;
        out.write_all(b"\n")?;
    }
    out.flush()
}

fn send_error(out: &SyncSender<Vec<u8>>, sh: &Shared, e: &QueryError) -> bool {
    sh.errors.fetch_add(1, Ordering::Relaxed);
    out.send(line_of(e)).is_ok()
}

fn read_loop<R: BufRead>(
    input: &mut R,
    out: &SyncSender<Vec<u8>>,
    jobs: SyncSender<Job>,
    sh: &Shared,
    max_line: usize,
    lines: &mut u64,
) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(too_long) = read_line_limited(input, &mut buf, max_line)? {
        let line = buf.trim_ascii();
        if line.is_empty() && !too_long {
            continue;
        }
        *lines += 1;
        let err = |msg: String| QueryError {
            error: msg,
            field: None,
            id: None,
        };
        if too_long {
            if !send_error(
                out,
                sh,
                &err(format!("query line longer than {max_line} bytes")),
            ) {
                break;
            }
            continue;
        }
        let value: Value = match serde_json::from_slice(line) {
            Ok(v) => v,
            Err(e) => {
                if !send_error(out, sh, &err(format!("Could not parse json: {e}"))) {
                    break;
                }
                continue;
            }
        };
        if value.get("action").is_some() {
            let reply = match parse_value(&value) {
                Ok(Request::Action(id, action)) => action_reply(id, &action, sh, *lines),
                Ok(Request::Query(..)) => unreachable_query(),
                Err(e) => {
                    sh.errors.fetch_add(1, Ordering::Relaxed);
                    line_of(&e)
                }
            };
            if out.send(reply).is_err() {
                break;
            }
            continue;
        }
        let id = value.get("id").and_then(Value::as_str).map(str::to_string);
        if let Some(id) = &id {
            lock(&sh.pending).entry(id.clone()).or_default().count += 1;
        }
        if jobs
            .send(Job {
                value,
                id,
                seq: *lines,
            })
            .is_err()
        {
            break;
        }
    }
    Ok(())
}

fn unreachable_query() -> Vec<u8> {
    // parse_value reads every object with an "action" key as an action (or an error).
    line_of(&json!({"error": "internal: an action line was read as a query"}))
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// The reply to an action read at line `seq`; a terminate cancels the queries read before it.
fn action_reply(id: Option<String>, action: &Action, sh: &Shared, seq: u64) -> Vec<u8> {
    let v = match action {
        Action::QueryVersion => json!({
            "id": id,
            "action": "query_version",
            "version": env!("CARGO_PKG_VERSION"),
            "engine": "tengen",
        }),
        Action::ClearCache => json!({"id": id, "action": "clear_cache"}),
        Action::Terminate(t) => {
            if let Some(p) = lock(&sh.pending).get_mut(t) {
                p.cancel_before = seq;
            }
            json!({"id": id, "action": "terminate", "terminateId": t})
        }
        Action::TerminateAll => {
            sh.cancel_all_before.fetch_max(seq, Ordering::AcqRel);
            json!({"id": id, "action": "terminate_all"})
        }
    };
    let mut v = v;
    if let Some(o) = v.as_object_mut().filter(|o| o["id"].is_null()) {
        o.remove("id");
    }
    line_of(&v)
}

fn work_loop(jobs: &Mutex<Receiver<Job>>, out: SyncSender<Vec<u8>>, sh: &Shared) {
    loop {
        let job = match lock(jobs).recv() {
            Ok(j) => j,
            Err(_) => return,
        };
        let ok = answer_job(&job, &out, sh);
        if let Some(id) = &job.id {
            let mut p = lock(&sh.pending);
            if let Some(e) = p.get_mut(id) {
                e.count -= 1;
                if e.count == 0 {
                    p.remove(id);
                }
            }
        }
        if !ok {
            return;
        }
    }
}

/// Answer one job, each turn's answer as soon as it is ready; a terminate is looked for
/// before every turn, and the turns not analysed then are answered `noResults`. `false`
/// when the writer is gone.
fn answer_job(job: &Job, out: &SyncSender<Vec<u8>>, sh: &Shared) -> bool {
    let (q, warnings) = match parse_value(&job.value) {
        Ok(Request::Query(q, w)) => (q, w),
        Ok(Request::Action(..)) => return true,
        Err(e) => return send_error(out, sh, &e),
    };
    for w in &warnings {
        if out.send(line_of(w)).is_err() {
            return false;
        }
    }
    let cancelled = || sh.cancelled(job.id.as_deref(), job.seq);
    let no_results = |turns: &[usize]| {
        for &t in turns {
            sh.answers.fetch_add(1, Ordering::Relaxed);
            let v =
                json!({"id": q.id, "turnNumber": t, "isDuringSearch": false, "noResults": true});
            if out.send(line_of(&v)).is_err() {
                return false;
            }
        }
        true
    };
    if cancelled() {
        return no_results(&q.analyze_turns);
    }
    let (mut done, mut gone) = (0, false);
    let r = analyze_each(&q, |t| {
        sh.answers.fetch_add(1, Ordering::Relaxed);
        if out.send(line_of(&t)).is_err() {
            gone = true;
            return false;
        }
        done += 1;
        !cancelled()
    });
    if gone {
        return false;
    }
    match r {
        Ok(()) => no_results(&q.analyze_turns[done..]),
        Err(e) => send_error(out, sh, &e),
    }
}

/// Read one line into `buf` (without the line break), keeping at most `max` bytes. `None` at
/// the end of the input; `Some(true)` when the line was longer than `max` (then `buf` is
/// empty and the rest of the line has been skipped).
fn read_line_limited<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> io::Result<Option<bool>> {
    buf.clear();
    if buf.capacity() > 1 << 20 {
        buf.shrink_to(1 << 16);
    }
    let mut too_long = false;
    let mut any = false;
    loop {
        let avail = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if avail.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, end) = match memchr::memchr(b'\n', avail) {
            Some(i) => (&avail[..i], Some(i + 1)),
            None => (avail, None),
        };
        if !too_long {
            if buf.len() + chunk.len() > max {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        let n = end.unwrap_or(avail.len());
        r.consume(n);
        if end.is_some() {
            return Ok(Some(too_long));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_lines_are_skipped_whole() {
        let mut r = io::Cursor::new(b"abc\nabcdefgh\nxy".to_vec());
        let mut buf = Vec::new();
        assert_eq!(read_line_limited(&mut r, &mut buf, 4).unwrap(), Some(false));
        assert_eq!(buf, b"abc");
        assert_eq!(read_line_limited(&mut r, &mut buf, 4).unwrap(), Some(true));
        assert!(buf.is_empty());
        assert_eq!(read_line_limited(&mut r, &mut buf, 4).unwrap(), Some(false));
        assert_eq!(buf, b"xy");
        assert_eq!(read_line_limited(&mut r, &mut buf, 4).unwrap(), None);
    }
}
