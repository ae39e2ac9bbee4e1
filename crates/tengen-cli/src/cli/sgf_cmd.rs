//! `tengen sgf`: rewrite SGF records as clean UTF-8 FF[4], checked by replay.

use std::collections::HashMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use tengen::sgf::clean::{clean, CleanOptions, Cleaned};
use tengen::sgf::TextEncoding;

use super::EXIT_USAGE;

/// Options of `tengen sgf`.
#[derive(Args, Debug)]
pub struct SgfArgs {
    /// SGF files, and directories searched recursively for `*.sgf`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Write each converted record into DIR under its own file name (DIR is created when
    /// there is something to write). Each file is written whole or not at all (a temporary
    /// file renamed into place; removed on error or SIGINT), never over an input file (hard
    /// links included) nor over another output of the run. Without it, the one input file is
    /// written to stdout.
    #[arg(short, long, value_name = "DIR")]
    output: Option<PathBuf>,
    /// Keep only the main line of every game (drop variations).
    #[arg(long)]
    main_line: bool,
    /// Remove comments (C properties).
    #[arg(long)]
    no_comments: bool,
    /// Write every game of a multi-game file to its own file, NAME-1.sgf, NAME-2.sgf, ...
    /// (needs --output). A name that is an input, or that another input also writes, is an
    /// error naming both files (the first input in order keeps the name).
    #[arg(long, requires = "output", conflicts_with = "merge")]
    split: bool,
    /// Write the games of all inputs, in order, into this one file (written whole or not at
    /// all, as with --output; it may not be an input).
    #[arg(long, value_name = "FILE", conflicts_with = "output")]
    merge: Option<PathBuf>,
    /// Decode text with this encoding (a CA label such as GB18030, Shift_JIS, EUC-KR, Big5,
    /// UTF-8, ISO-8859-1) instead of CA or detection.
    #[arg(long, value_name = "LABEL", value_parser = parse_encoding)]
    encoding: Option<TextEncoding>,
    /// Worker threads (default: all cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    threads: Option<u32>,
    /// Do not print warnings (guessed encodings, recovered syntax errors).
    #[arg(long, short)]
    quiet: bool,
}

fn parse_encoding(s: &str) -> Result<TextEncoding, String> {
    match TextEncoding::from_ca(Some(s.as_bytes())) {
        TextEncoding::Guess => Err(format!(
            "unknown encoding {s:?} (try UTF-8, GB18030, Shift_JIS, EUC-KR, Big5, ISO-8859-1)"
        )),
        e => Ok(e),
    }
}

fn read_file(path: &Path) -> Result<Vec<u8>, String> {
    tengen::sgf::read_file(path).map_err(|e| match e {
        tengen::sgf::ReadError::Open(e) => format!("cannot open: {e}"),
        e => e.to_string(),
    })
}

/// Convert one file; the messages to print (warnings unless quiet).
fn convert(
    path: &Path,
    args: &SgfArgs,
    opts: &CleanOptions,
) -> Result<(Cleaned, Vec<String>), String> {
    let bytes = read_file(path)?;
    let cleaned = clean(&bytes, opts).map_err(|e| e.to_string())?;
    let mut notes = Vec::new();
    if !args.quiet {
        for w in &cleaned.warnings {
            notes.push(format!("{}: warning: {w}", path.display()));
        }
        for (i, g) in cleaned.games.iter().enumerate() {
            if g.encoding.is_guess() {
                notes.push(format!(
                    "{}: game {}: warning: text decoded as {}",
                    path.display(),
                    i + 1,
                    g.encoding
                ));
            }
        }
    }
    Ok((cleaned, notes))
}

/// The identity of a file, to tell an output that is an input: (device, inode) on Unix, so a
/// hard link or another path to the same file is recognised; elsewhere the canonical path.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum FileId {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(PathBuf),
}

fn file_id(p: &Path) -> Option<FileId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let m = std::fs::metadata(p).ok()?;
        Some(FileId::Inode(m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        std::fs::canonicalize(p).ok().map(FileId::Path)
    }
}

/// The files one input becomes, each with its bytes.
type Outputs = Vec<(PathBuf, Vec<u8>)>;

/// The files one input becomes in DIR: its own name, or with --split and more than one game
/// NAME-1.sgf, NAME-2.sgf, ...; each with its bytes.
fn targets(path: &Path, dir: &Path, split: bool, c: &Cleaned) -> Result<Outputs, String> {
    let name = path
        .file_name()
        .ok_or_else(|| "has no file name".to_string())?;
    if split && c.games.len() > 1 {
        let stem = Path::new(name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        Ok(c.games
            .iter()
            .enumerate()
            .map(|(i, g)| (dir.join(format!("{stem}-{}.sgf", i + 1)), g.sgf.clone()))
            .collect())
    } else {
        Ok(vec![(dir.join(name), c.collection())])
    }
}

/// The outputs of the run so far and the inputs: an output is never an input (by
/// [`FileId`]), nor written twice. Inputs are taken in order, so the first one to claim a
/// name keeps it and a later one is an error naming both.
struct Claims<'a> {
    inputs: HashMap<FileId, &'a Path>,
    written: HashMap<PathBuf, &'a Path>,
}

impl<'a> Claims<'a> {
    fn claim(&mut self, from: &'a Path, outputs: &Outputs) -> Result<(), String> {
        for (t, _) in outputs {
            if let Some(input) = file_id(t).and_then(|id| self.inputs.get(&id)) {
                return Err(format!(
                    "output {} is the input {} (the same file); refused",
                    t.display(),
                    input.display()
                ));
            }
            if let Some(prev) = self.written.get(t) {
                return Err(format!(
                    "output {} is already written from {}; refused",
                    t.display(),
                    prev.display()
                ));
            }
        }
        for (t, _) in outputs {
            self.written.insert(t.clone(), from);
        }
        Ok(())
    }
}

/// What one input of a chunk came to: its conversion with its messages, or an error.
type Converted = Result<(Cleaned, Vec<String>), String>;

/// Convert, then print a summary on stderr. Returns the exit status: 0 when every file was
/// converted, 1 when some could not be, 2 for bad usage.
///
/// With --output, outputs are written whole or not at all (see [`super::atomic`]), never
/// over an input (compared by device and inode: hard links too) nor over another output of
/// the same run (two inputs of the same name, or a --split NAME-1.sgf that another input
/// also writes): such an input is an error naming both files, and the first in order keeps
/// the name. DIR is created only when there is something to write.
pub fn run(args: &SgfArgs) -> i32 {
    let files = super::replay::collect(&args.paths);
    if files.is_empty() {
        eprintln!("tengen sgf: no .sgf file found in the paths given");
        return EXIT_USAGE;
    }
    let to_stdout = args.output.is_none() && args.merge.is_none();
    if to_stdout && files.len() > 1 {
        eprintln!(
            "tengen sgf: {} files given: use --output DIR (or --merge FILE) to write more than one",
            files.len()
        );
        return EXIT_USAGE;
    }
    let inputs: HashMap<FileId, &Path> = files
        .iter()
        .filter_map(|f| Some((file_id(f)?, f.as_path())))
        .collect();
    if let Some(dir) = &args.output {
        let mut seen: HashMap<&std::ffi::OsStr, &Path> = HashMap::new();
        for f in &files {
            if let Some(n) = f.file_name() {
                if let Some(prev) = seen.insert(n, f) {
                    eprintln!(
                        "tengen sgf: {} and {} would both be written as {}; refused",
                        prev.display(),
                        f.display(),
                        dir.join(n).display()
                    );
                    return EXIT_USAGE;
                }
            }
        }
    }
    if let Some(m) = &args.merge {
        if file_id(m).is_some_and(|id| inputs.contains_key(&id)) {
            eprintln!(
                "tengen sgf: --merge {} is one of the inputs; refused",
                m.display()
            );
            return EXIT_USAGE;
        }
    }
    if !to_stdout {
        super::atomic::remove_on_interrupt();
    }
    let opts = CleanOptions {
        main_line_only: args.main_line,
        strip_comments: args.no_comments,
        encoding: args.encoding,
    };
    let pool = match rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.unwrap_or(0) as usize)
        .build()
    {
        Ok(p) => p,
        Err(e) => {
            eprintln!("tengen sgf: cannot start worker threads: {e}");
            return 1;
        }
    };
    let start = Instant::now();
    let (mut games, mut moves, mut failed) = (0usize, 0usize, 0usize);
    let keep = args.merge.is_some() || to_stdout;
    let mut kept: Vec<Cleaned> = Vec::new();
    let mut claims = Claims {
        inputs,
        written: HashMap::new(),
    };
    let mut dir_made = false;
    // Chunks bound the memory of the outputs not yet written (without --merge).
    for chunk in files.chunks(1024) {
        let converted: Vec<Converted> =
            pool.install(|| chunk.par_iter().map(|f| convert(f, args, &opts)).collect());
        // in input order: messages, then the claims of the outputs
        let mut writes: Vec<(usize, Outputs)> = Vec::new();
        let mut done: Vec<Option<Cleaned>> = Vec::with_capacity(chunk.len());
        for (i, (f, r)) in chunk.iter().zip(converted).enumerate() {
            let r = r.and_then(|(c, notes)| {
                let mut err = std::io::stderr().lock();
                for n in notes {
                    let _ = writeln!(err, "{n}");
                }
                if let Some(dir) = &args.output {
                    let outs = targets(f, dir, args.split, &c)?;
                    claims.claim(f, &outs)?;
                    writes.push((i, outs));
                }
                Ok(c)
            });
            match r {
                Ok(c) => done.push(Some(c)),
                Err(e) => {
                    eprintln!("{}: error: {e}", f.display());
                    failed += 1;
                    done.push(None);
                }
            }
        }
        if let (Some(dir), false) = (&args.output, writes.is_empty() || dir_made) {
            if let Err(e) = std::fs::create_dir_all(dir) {
                eprintln!("tengen sgf: cannot create {}: {e}", dir.display());
                return EXIT_USAGE;
            }
            dir_made = true;
        }
        let written: Vec<(usize, Result<(), String>)> = pool.install(|| {
            writes
                .par_iter()
                .map(|(i, outs)| {
                    let r = outs
                        .iter()
                        .try_for_each(|(t, bytes)| super::atomic::write(t, bytes));
                    (*i, r)
                })
                .collect()
        });
        for (i, r) in written {
            if let Err(e) = r {
                eprintln!("{}: error: {e}", chunk[i].display());
                failed += 1;
                done[i] = None;
            }
        }
        for c in done.into_iter().flatten() {
            games += c.games.len();
            moves += c.games.iter().map(|g| g.moves).sum::<usize>();
            if keep {
                kept.push(c);
            }
        }
    }
    if keep {
        let all: Vec<u8> = kept.iter().flat_map(|c| c.collection()).collect();
        let written = match &args.merge {
            // every input failed: no empty merge, and an older one of that name stays (as
            // `-o DIR` makes no folder then)
            Some(_) if kept.is_empty() && failed > 0 => Ok(()),
            Some(m) => super::atomic::write(m, &all),
            None if failed == 0 => {
                let mut out = std::io::stdout().lock();
                if let Err(e) = out.write_all(&all).and_then(|()| out.flush()) {
                    // quiet when its reader closed it (`| head`), else a message and exit 1
                    if super::args::stdout_failed("sgf", &e) {
                        return 1;
                    }
                }
                Ok(())
            }
            None => Ok(()),
        };
        if let Err(e) = written {
            eprintln!("tengen sgf: {e}");
            return 1;
        }
    }
    let secs = start.elapsed().as_secs_f64();
    if !to_stdout || failed > 0 {
        eprintln!(
            "{} files: {} converted ({} games, {} moves checked by replay), {} failed, in {:.2} s ({:.0} files/s)",
            files.len(),
            files.len() - failed,
            games,
            moves,
            failed,
            secs,
            files.len() as f64 / secs.max(1e-9)
        );
    }
    i32::from(failed > 0)
}
