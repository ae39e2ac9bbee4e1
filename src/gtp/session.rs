//! The command loop: reading lines with a length cap, preprocessing, command ids, dispatch
//! through the command table, and the framing of responses.
//!
//! Handlers only see the engine state and their arguments and answer one `Reply`; the
//! session owns the input and the output. A command that streams until the next line arrives
//! (`kata-analyze`, `lz-analyze`) belongs here: the session would hand its handler the output
//! and stop it when the next line is read, while its family file keeps the parsing.

use std::io::{self, BufRead, Write};

use super::state::State;
use super::{table, EngineConfig};
use crate::Game;

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
    /// after preprocessing.
    pub fn handle_line(&mut self, raw: &str) -> Option<String> {
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
        let reply = match name.map(|n| (n, table::find(n))) {
            Some((n, Some(cmd))) => {
                let r = (cmd.run)(&mut self.state, &args);
                if n == "quit" && r.is_ok() {
                    self.quit = true;
                }
                r
            }
            Some((_, None)) => Err("unknown command".to_string()),
            None => Err("missing command".to_string()),
        };
        let id = id.unwrap_or("");
        Some(match reply {
            Ok(r) if r.is_empty() => format!("={id}\n\n"),
            Ok(r) => format!("={id} {r}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        })
    }
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
///
/// # Errors
/// Read or write errors.
pub fn run<R: BufRead, W: Write>(
    engine: &mut Engine,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_line_limited(&mut input, &mut buf)? {
        let response = match line {
            Ok(()) => engine.handle_line(&String::from_utf8_lossy(&buf)),
            Err(()) => Some(format!("? line longer than {MAX_LINE} bytes\n\n")),
        };
        for w in engine.take_warnings() {
            eprintln!("tengen gtp: warning: {w}");
        }
        if let Some(r) = response {
            output.write_all(r.as_bytes())?;
            output.flush()?;
        }
        if engine.wants_quit() {
            break;
        }
    }
    Ok(())
}
