//! Output files written whole or not at all (`tengen sgf -o DIR`, `--merge FILE`, the
//! pictures of `tengen render` and `tengen move --render`).
//!
//! Each output is written to a temporary file in the target's own folder (`.NAME.XXXXXX.tmp`,
//! so the rename stays on one file system), flushed, then renamed over the target: a reader
//! sees the old file or the new one, never a prefix. A failed write (a full disk) removes the
//! temporary file and leaves the target as it was. On SIGINT, SIGTERM or SIGHUP (Unix) the
//! temporary files still being written are removed before the process exits with 128 plus
//! the signal's number; outputs already renamed are complete and stay. A target that is a
//! device or a FIFO (`--merge /dev/null`) is written in place instead, and a symbolic link
//! is followed: the file it names is replaced, the link stays.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, Once};

/// The temporary files being written. The interrupt handler removes them while it holds the
/// lock, and a temporary file is created, and renamed, only under the lock: none can appear
/// after the handler's sweep, and none is removed after its rename.
static LIVE: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn live() -> MutexGuard<'static, Vec<PathBuf>> {
    LIVE.lock().unwrap_or_else(|e| e.into_inner())
}

/// Start the thread that removes the temporary files on SIGINT, SIGTERM or SIGHUP (once per
/// process; a no-op on other systems than Unix). Call it before the first [`write`].
pub fn remove_on_interrupt() {
    static START: Once = Once::new();
    START.call_once(|| {
        #[cfg(unix)]
        {
            use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
            let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP])
            else {
                return;
            };
            std::thread::spawn(move || {
                if let Some(sig) = signals.forever().next() {
                    let files = live();
                    for f in files.iter() {
                        let _ = std::fs::remove_file(f);
                    }
                    // exit while holding the lock: no worker creates or renames another file
                    std::process::exit(128 + sig);
                }
            });
        }
    });
}

/// Write `bytes` as the file `target`: into a temporary file beside it, then renamed over it.
/// On any error the temporary file is removed and `target` is left untouched; the message
/// names the file.
pub fn write(target: &Path, bytes: &[u8]) -> Result<(), String> {
    write_file(target, bytes).map_err(|e| format!("cannot write {}: {e}", target.display()))
}

/// [`write`], with the I/O error itself (for a caller that words its own message).
///
/// # Errors
/// The error of creating, writing or renaming the temporary file (then removed).
pub fn write_file(target: &Path, bytes: &[u8]) -> std::io::Result<()> {
    // A device, a FIFO or a socket (`--merge /dev/null`) is written in place: a rename would
    // put a regular file in its stead (run as root, in place of /dev/null itself).
    if std::fs::metadata(target).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut f = std::fs::OpenOptions::new()
            .write(true)
            .truncate(true)
            .open(target)?;
        return f.write_all(bytes).and_then(|()| f.flush());
    }
    // Through a symbolic link, the file it names is replaced (as a plain write would), not
    // the link; a dangling link is replaced by the file.
    let resolved;
    let target = if std::fs::symlink_metadata(target).is_ok_and(|m| m.file_type().is_symlink()) {
        match std::fs::canonicalize(target) {
            Ok(p) => {
                resolved = p;
                resolved.as_path()
            }
            Err(_) => target,
        }
    } else {
        target
    };
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut tmp = {
        let mut files = live();
        let prefix = format!(".{name}.");
        let mut b = tempfile::Builder::new();
        b.prefix(&prefix).suffix(".tmp");
        // the mode a new file gets from `File::create` (0666 less the umask), not 0600
        #[cfg(unix)]
        b.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
        let tmp = b.tempfile_in(dir)?;
        files.push(tmp.path().to_path_buf());
        tmp
    };
    let path = tmp.path().to_path_buf();
    let forget = |files: &mut Vec<PathBuf>| files.retain(|f| *f != path);
    if let Err(e) = tmp.write_all(bytes).and_then(|()| tmp.flush()) {
        let mut files = live();
        drop(tmp); // removes the temporary file
        forget(&mut files);
        return Err(e);
    }
    let mut files = live();
    let renamed = tmp.persist(target);
    forget(&mut files);
    // on a failed rename, the error's temporary file is removed as it is dropped
    renamed.map(drop).map_err(|e| e.error)
}
