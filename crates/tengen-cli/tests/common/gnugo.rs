//! A minimal GTP client for GNU Go, the differential peer of the tests.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// Where GNU Go is: on PATH or in Debian's /usr/games.
pub fn find() -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/games")])
        .map(|d| d.join("gnugo"))
        .find(|p| p.is_file())
}

/// A running GTP engine (GNU Go, or tengen itself through [`GnuGo::spawn`]).
pub struct GnuGo {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl GnuGo {
    /// Start GNU Go with extra arguments (e.g. `["--level", "0"]`). `None`, with a note on
    /// stderr, when GNU Go is not installed; a panic instead when `TENGEN_REQUIRE_GNUGO` is set.
    pub fn start(args: &[&str]) -> Option<GnuGo> {
        let Some(bin) = find() else {
            if super::required("TENGEN_REQUIRE_GNUGO") {
                panic!("GNU Go is not installed and TENGEN_REQUIRE_GNUGO is set");
            }
            super::not_run("GNU Go is not installed (apt-get install gnugo)");
            return None;
        };
        let mut full = vec!["--mode", "gtp"];
        full.extend_from_slice(args);
        Some(GnuGo::spawn(&bin, &full))
    }

    /// Start any GTP engine: `bin` with `args`.
    pub fn spawn(bin: &std::path::Path, args: &[&str]) -> GnuGo {
        let mut child = Command::new(bin)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", bin.display()));
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        GnuGo {
            child,
            stdin,
            stdout,
        }
    }

    /// Send one command; `Ok(answer)` for `=`, `Err(message)` for `?`.
    pub fn send(&mut self, cmd: &str) -> Result<String, String> {
        writeln!(self.stdin, "{cmd}").expect("write to gnugo");
        self.stdin.flush().expect("flush gnugo");
        let mut answer = String::new();
        let mut line = String::new();
        loop {
            line.clear();
            let n = self.stdout.read_line(&mut line).expect("read gnugo");
            assert!(n > 0, "gnugo closed its output after {cmd:?}");
            let l = line.trim_end_matches(['\n', '\r']);
            if l.is_empty() && !answer.is_empty() {
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(l);
        }
        let ok = answer.starts_with('=');
        let body = answer[1..].trim().to_string();
        if ok {
            Ok(body)
        } else {
            Err(body)
        }
    }

    /// Send a command that must succeed.
    pub fn ok(&mut self, cmd: &str) -> String {
        self.send(cmd)
            .unwrap_or_else(|e| panic!("gnugo refused {cmd:?}: {e}"))
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let _ = self.child.wait();
    }
}

/// GTP vertex of column `x`, row `y` (row 0 at the top) on a board of `height` rows.
pub fn vertex(x: u8, y: u8, height: usize) -> String {
    let letters = b"ABCDEFGHJKLMNOPQRSTUVWXYZ";
    format!("{}{}", letters[x as usize] as char, height - y as usize)
}

/// Parse a GTP vertex back to (column, row from the top).
pub fn parse_vertex(v: &str, height: usize) -> Option<(u8, u8)> {
    let letters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
    let v = v.trim().to_ascii_uppercase();
    let x = letters.find(v.chars().next()?)?;
    let n: usize = v[1..].parse().ok()?;
    (1..=height)
        .contains(&n)
        .then(|| (x as u8, (height - n) as u8))
}
