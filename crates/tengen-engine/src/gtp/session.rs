//! The command loop: reading lines with a length cap, preprocessing, command ids, dispatch
//! through the command table, the framing of responses, and the streaming commands.
//!
//! Handlers only see the engine state and their arguments and answer one `Reply`; the
//! session owns the input and the output. [`run`] reads the input on a thread of its own
//! that passes lines through a bounded channel, so that a command that streams until the next
//! line arrives (`kata-analyze`, `lz-analyze`, see [`super::analyze`]) can search while
//! watching for it: the response starts with `=` (and the id) and a newline, then one line
//! every interval; when the next line arrives (a command, or an empty line) the response ends
//! with a blank line and that line is answered next. The end of the input ends it the same
//! way. [`Engine::handle_line`] has no next line to wait for: there an analysis command
//! answers one line after the engine's playouts per move.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, TryRecvError};
use std::time::{Duration, Instant};

use super::analyze::Analysis;
use super::state::State;
use super::table::Run;
use super::{table, EngineConfig};
use tengen::Game;

/// Longest input line accepted; a longer one is answered with an error and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// A GTP engine: the engine state (a game under rules, and the search that plays it) and the
/// session that answers command lines about it.
pub struct Engine {
    state: State,
    quit: bool,
}

/// Drop control characters other than tab and newline, turn tabs into spaces, cut `#`
/// comments, trim.
pub fn preprocess(line: &str) -> String {
    let no_comment = line.split('#').next().unwrap_or("");
    no_comment
        .chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

impl Engine {
    /// A new engine on an empty 19×19 board.
    pub fn new(cfg: EngineConfig) -> Engine {
        Engine {
            state: State::new(cfg),
            quit: false,
        }
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    /// The engine state, for the tests.
    #[cfg(test)]
    pub(super) fn state(&self) -> &State {
        &self.state
    }

    /// Whether `quit` has been received.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// The warnings given since the last call (e.g. what `loadsgf` recovered from), oldest
    /// first. They are not part of any response.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.state.warnings)
    }

    /// Answer one raw input line: the full response text, or `None` for a line that is empty
    /// after preprocessing. A streaming command answers one line after a search of the
    /// engine's playouts per move (see the module docs).
    pub fn handle_line(&mut self, raw: &str) -> Option<String> {
        Some(match self.dispatch(raw)? {
            Outcome::Reply(r) => r,
            Outcome::Stream(id, mut a) => {
                let playouts = self.state.cfg.playouts;
                a.step(&mut self.state, Duration::MAX, playouts);
                let line = a.line(&self.state);
                if line.is_empty() {
                    // nothing to report (maxmoves 0): an empty response, not an extra blank line
                    format!("={id}\n\n")
                } else {
                    format!("={id}\n{line}\n\n")
                }
            }
        })
    }

    /// Run one line's command: its whole response, or the analysis to stream with the id.
    fn dispatch(&mut self, raw: &str) -> Option<Outcome> {
        let line = preprocess(raw);
        if line.is_empty() {
            return None;
        }
        let mut words = line.split(' ').filter(|w| !w.is_empty());
        let first = words.next()?;
        let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (Some(first), words.next())
        } else {
            (None, Some(first))
        };
        let args: Vec<&str> = words.collect();
        let id = id.unwrap_or("");
        let reply = match name.map(|n| (n, table::find(n))) {
            Some((n, Some(cmd))) => match cmd.run {
                Run::Reply(run) => {
                    let r = run(&mut self.state, &args);
                    if n == "quit" && r.is_ok() {
                        self.quit = true;
                    }
                    r
                }
                Run::Stream(start) => match start(&mut self.state, &args) {
                    Ok(a) => return Some(Outcome::Stream(id.to_string(), a)),
                    Err(e) => Err(e),
                },
            },
            Some((_, None)) => Err("unknown command".to_string()),
            None => Err("missing command".to_string()),
        };
        Some(Outcome::Reply(match reply {
            Ok(r) if r.is_empty() => format!("={id}\n\n"),
            Ok(r) => format!("={id} {r}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        }))
    }

    /// Stream `a` on `output` until the next input arrives (returned) or the input ends.
    fn stream<W: Write>(
        &mut self,
        id: &str,
        mut a: Analysis,
        input: &Receiver<Input>,
        output: &mut W,
    ) -> io::Result<Option<Input>> {
        output.write_all(format!("={id}\n").as_bytes())?;
        output.flush()?;
        let interval = a.req.interval;
        let mut next = Instant::now() + interval;
        let next_input = loop {
            let now = Instant::now();
            if now >= next {
                let line = a.line(&self.state);
                if !line.is_empty() {
                    output.write_all(line.as_bytes())?;
                    output.write_all(b"\n")?;
                    output.flush()?;
                }
                // on time: every interval; late: an interval from now, not at once
                next += interval;
                if next <= now {
                    next = now + interval;
                }
            }
            let slice = next.saturating_duration_since(Instant::now()).min(SLICE);
            let ran = a.step(&mut self.state, slice, SLICE_PLAYOUTS);
            let polled = if ran == 0 {
                // nothing left to search: wait for the input instead of spinning
                input
                    .recv_timeout(slice.max(Duration::from_millis(1)))
                    .map_err(|e| match e {
                        RecvTimeoutError::Timeout => TryRecvError::Empty,
                        RecvTimeoutError::Disconnected => TryRecvError::Disconnected,
                    })
            } else {
                input.try_recv()
            };
            match polled {
                Ok(msg) => break Some(msg),
                Err(TryRecvError::Empty) => {}
                Err(TryRecvError::Disconnected) => break None,
            }
        };
        output.write_all(b"\n")?;
        output.flush()?;
        Ok(next_input)
    }
}

/// What a line asks for.
enum Outcome {
    /// A complete response.
    Reply(String),
    /// An analysis to stream, with the command's id (empty without one).
    Stream(String, Analysis),
}

/// Longest search between two looks at the input while streaming.
const SLICE: Duration = Duration::from_millis(10);

/// Most playouts between two looks at the input while streaming (the search looks at the
/// clock only every 64 playouts, which on a big board in a slow build is long).
const SLICE_PLAYOUTS: u32 = 32;

/// Lines waiting between the reader thread and the command loop.
const QUEUE: usize = 64;

/// What the reader thread passes on.
enum Input {
    /// A line (its newline included).
    Line(Vec<u8>),
    /// A line longer than [`MAX_LINE`], skipped.
    TooLong,
    /// A read error; the thread stops.
    Failed(io::Error),
}

/// Read one line of at most [`MAX_LINE`] bytes; `Ok(None)` at the end of the input,
/// `Ok(Some(Err(())))` for a line that was too long (its rest is skipped).
fn read_line_limited<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
) -> io::Result<Option<Result<(), ()>>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            return Ok(if any {
                Some(if too_long { Err(()) } else { Ok(()) })
            } else {
                None
            });
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > MAX_LINE {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        r.consume(take);
        if done {
            return Ok(Some(if too_long { Err(()) } else { Ok(()) }));
        }
    }
}

/// Serve GTP: answer each line of `input` on `output` until `quit` or the end of the input.
/// The engine's warnings (see [`Engine::take_warnings`]) go to stderr, never to `output`.
/// The input is read on a thread of its own (see the module docs); after `quit` that thread
/// is left waiting on the input, which the end of the process closes.
///
/// # Errors
/// Read or write errors.
pub fn run<R, W>(engine: &mut Engine, mut input: R, mut output: W) -> io::Result<()>
where
    R: BufRead + Send + 'static,
    W: Write,
{
    let (tx, rx) = mpsc::sync_channel(QUEUE);
    std::thread::spawn(move || {
        let mut buf = Vec::new();
        loop {
            let msg = match read_line_limited(&mut input, &mut buf) {
                Ok(None) => break,
                Ok(Some(Ok(()))) => Input::Line(std::mem::take(&mut buf)),
                Ok(Some(Err(()))) => Input::TooLong,
                Err(e) => Input::Failed(e),
            };
            let failed = matches!(msg, Input::Failed(_));
            if tx.send(msg).is_err() || failed {
                break;
            }
        }
    });
    let mut pending = None;
    loop {
        let msg = match pending.take() {
            Some(m) => m,
            None => match rx.recv() {
                Ok(m) => m,
                Err(_) => break,
            },
        };
        let outcome = match msg {
            Input::Line(buf) => engine.dispatch(&String::from_utf8_lossy(&buf)),
            Input::TooLong => Some(Outcome::Reply(format!(
                "? line longer than {MAX_LINE} bytes\n\n"
            ))),
            Input::Failed(e) => return Err(e),
        };
        for w in engine.take_warnings() {
            eprintln!("tengen gtp: warning: {w}");
        }
        match outcome {
            Some(Outcome::Reply(r)) => {
                output.write_all(r.as_bytes())?;
                output.flush()?;
            }
            Some(Outcome::Stream(id, a)) => pending = engine.stream(&id, a, &rx, &mut output)?,
            None => {}
        }
        if engine.wants_quit() {
            break;
        }
    }
    Ok(())
}
