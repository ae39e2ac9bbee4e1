//! `tengen sgf`: rewrite SGF records as clean UTF-8 FF[4], checked by replay.

use std::collections::HashMap;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use clap::Args;
use rayon::prelude::*;
use tengen::sgf::clean::{clean, CleanOptions, Cleaned};
use tengen::sgf::{TextEncoding, MAX_FILE_BYTES};

use super::EXIT_USAGE;

/// Options of `tengen sgf`.
#[derive(Args, Debug)]
pub struct SgfArgs {
    /// SGF files, and directories searched recursively for `*.sgf`.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Write each converted record into DIR under its own file name (created if needed).
    /// Without it, the one input file is written to stdout.
    #[arg(short, long, value_name = "DIR")]
    output: Option<PathBuf>,
    /// Keep only the main line of every game (drop variations).
    #[arg(long)]
    main_line: bool,
    /// Remove comments (C properties).
    #[arg(long)]
    no_comments: bool,
    /// Write every game of a multi-game file to its own file, NAME-1.sgf, NAME-2.sgf, ...
    /// (needs --output).
    #[arg(long, requires = "output", conflicts_with = "merge")]
    split: bool,
    /// Write the games of all inputs, in order, into this one file.
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
    let f = std::fs::File::open(path).map_err(|e| format!("cannot open: {e}"))?;
    let mut bytes = Vec::new();
    f.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read: {e}"))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(format!("larger than {MAX_FILE_BYTES} bytes; refused"));
    }
    Ok(bytes)
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

fn write_outputs(path: &Path, dir: &Path, split: bool, c: &Cleaned) -> Result<(), String> {
    let name = path
        .file_name()
        .ok_or_else(|| "has no file name".to_string())?;
    let write = |target: PathBuf, bytes: &[u8]| -> Result<(), String> {
        if same_file(&target, path) {
            return Err(format!(
                "output {} is the input itself; refused",
                target.display()
            ));
        }
        std::fs::write(&target, bytes)
            .map_err(|e| format!("cannot write {}: {e}", target.display()))
    };
    if split && c.games.len() > 1 {
        let stem = Path::new(name)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        for (i, g) in c.games.iter().enumerate() {
            write(dir.join(format!("{stem}-{}.sgf", i + 1)), &g.sgf)?;
        }
        Ok(())
    } else {
        write(dir.join(name), &c.collection())
    }
}

fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(x), Ok(y)) => x == y,
        _ => false,
    }
}

/// Convert, then print a summary on stderr. Returns the exit status: 0 when every file was
/// converted, 1 when some could not be, 2 for bad usage.
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
    if let Some(dir) = &args.output {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("tengen sgf: cannot create {}: {e}", dir.display());
            return EXIT_USAGE;
        }
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
    let (games, moves, failed) = (
        AtomicUsize::new(0),
        AtomicUsize::new(0),
        AtomicUsize::new(0),
    );
    let keep = args.merge.is_some() || to_stdout;
    let results: Vec<Option<Cleaned>> = pool.install(|| {
        files
            .par_iter()
            .map(|f| {
                let r = convert(f, args, &opts).and_then(|(c, notes)| {
                    if let Some(dir) = &args.output {
                        write_outputs(f, dir, args.split, &c)?;
                    }
                    Ok((c, notes))
                });
                match r {
                    Ok((c, notes)) => {
                        let mut err = std::io::stderr().lock();
                        for n in notes {
                            let _ = writeln!(err, "{n}");
                        }
                        games.fetch_add(c.games.len(), Ordering::Relaxed);
                        moves.fetch_add(c.games.iter().map(|g| g.moves).sum(), Ordering::Relaxed);
                        keep.then_some(c)
                    }
                    Err(e) => {
                        eprintln!("{}: error: {e}", f.display());
                        failed.fetch_add(1, Ordering::Relaxed);
                        None
                    }
                }
            })
            .collect()
    });
    let failed = failed.into_inner();
    if keep {
        let all: Vec<u8> = results
            .iter()
            .flatten()
            .flat_map(|c| c.collection())
            .collect();
        let written = match &args.merge {
            Some(m) if files.iter().any(|f| same_file(f, m)) => {
                eprintln!(
                    "tengen sgf: --merge {} is one of the inputs; refused",
                    m.display()
                );
                return EXIT_USAGE;
            }
            Some(m) => {
                std::fs::write(m, &all).map_err(|e| format!("cannot write {}: {e}", m.display()))
            }
            None if failed == 0 => {
                let mut out = std::io::stdout().lock();
                out.write_all(&all)
                    .and_then(|()| out.flush())
                    .map_err(|e| format!("cannot write stdout: {e}"))
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
            games.into_inner(),
            moves.into_inner(),
            failed,
            secs,
            files.len() as f64 / secs.max(1e-9)
        );
    }
    i32::from(failed > 0)
}
