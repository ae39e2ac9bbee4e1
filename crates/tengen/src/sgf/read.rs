//! Reading SGF input under the one size limit ([`MAX_FILE_BYTES`]) that every front shares:
//! `tengen replay`, `sgf`, `score`, `render`, `bench`, GTP `loadsgf` and the Python binding all
//! read through [`read_file_into`] (or [`read_limited_into`] for stdin).
//!
//! The limit is enforced on the bytes actually read (a capped [`Read::take`] of one byte more
//! than the limit), never on `metadata().len()`: the length a file system reports is 0 for
//! pipes (`<(cat g.sgf)`) and devices (`/dev/zero`), so a check by length would read a pipe as
//! empty or a device until memory runs out. The length is used only as a hint for how much
//! to reserve, so a regular file is still read with one `read` call.

use std::io::{self, Read};
use std::path::Path;

use super::MAX_FILE_BYTES;

/// Why SGF input could not be read.
#[derive(Debug, thiserror::Error)]
pub enum ReadError {
    /// The file could not be opened (missing, a permission, ...).
    #[error("cannot read: {0}")]
    Open(io::Error),
    /// Reading failed part way.
    #[error("cannot read: {0}")]
    Read(io::Error),
    /// The input is longer than the limit: refused after reading one byte past it.
    #[error("longer than the SGF limit of {limit} bytes; refused")]
    TooLarge {
        /// The limit in bytes.
        limit: u64,
    },
}

/// Read all of `reader` into `buf` (cleared first; its capacity is reused), at most `limit`
/// bytes: longer input is [`ReadError::TooLarge`], found by reading at most `limit + 1`
/// bytes, so an endless source (`/dev/zero`, a pipe) costs at most that much memory.
pub fn read_limited_into<R: Read>(
    reader: R,
    limit: u64,
    buf: &mut Vec<u8>,
) -> Result<(), ReadError> {
    buf.clear();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(buf)
        .map_err(ReadError::Read)?;
    if buf.len() as u64 > limit {
        buf.clear();
        return Err(ReadError::TooLarge { limit });
    }
    Ok(())
}

/// Read the file at `path` into `buf` (cleared first; its capacity is reused) under the SGF
/// limit [`MAX_FILE_BYTES`]. Pipes, FIFOs and devices are read like files: as far as they go
/// or up to one byte past the limit.
pub fn read_file_into(path: &Path, buf: &mut Vec<u8>) -> Result<(), ReadError> {
    read_file_limited_into(path, MAX_FILE_BYTES, buf)
}

/// [`read_file_into`] with another limit (the tests use it to check both edges cheaply).
pub fn read_file_limited_into(path: &Path, limit: u64, buf: &mut Vec<u8>) -> Result<(), ReadError> {
    let f = std::fs::File::open(path).map_err(ReadError::Open)?;
    // the length is only a hint (0 for pipes and devices): reserve for a regular file and
    // the byte that finds its end, so it is read in one call
    let hint = f.metadata().map_or(0, |m| m.len()).min(limit);
    buf.clear();
    buf.reserve(hint as usize + 1);
    read_limited_into(f, limit, buf)
}

/// The whole file at `path` under the SGF limit (see [`read_file_into`]).
pub fn read_file(path: &Path) -> Result<Vec<u8>, ReadError> {
    let mut buf = Vec::new();
    read_file_into(path, &mut buf)?;
    Ok(buf)
}

/// Every file under `path`, appended to `out`: `path` itself when it is a file, else the files
/// of the directory and of its subdirectories, sorted by name within each directory. A
/// symbolic link to a directory is not followed (a loop of links would never end): `skipped`
/// is called with it instead, for the caller to say so.
///
/// # Errors
/// A directory that cannot be read, or a `path` that is neither a file nor a directory.
pub fn files_under(
    path: &Path,
    out: &mut Vec<std::path::PathBuf>,
    skipped: &mut dyn FnMut(&Path),
) -> io::Result<()> {
    if path.is_dir() {
        // each entry's path made once (`sort_by_key` would join it at every comparison:
        // 50,000 allocations for a folder of 2,000 records)
        let mut entries: Vec<(std::path::PathBuf, std::fs::DirEntry)> = std::fs::read_dir(path)?
            .map(|e| e.map(|e| (e.path(), e)))
            .collect::<Result<_, _>>()?;
        entries.sort_by(|a, b| a.0.cmp(&b.0));
        for (p, e) in entries {
            if e.file_type().is_ok_and(|t| t.is_symlink()) && p.is_dir() {
                skipped(&p);
                continue;
            }
            files_under(&p, out, skipped)?;
        }
    } else if path.is_file() {
        out.push(path.to_path_buf());
    } else {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!("{} is neither a file nor a directory", path.display()),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_edges_of_the_limit() {
        let mut buf = Vec::new();
        read_limited_into(&[b' '; 10][..], 10, &mut buf).unwrap();
        assert_eq!(buf.len(), 10);
        let e = read_limited_into(&[b' '; 11][..], 10, &mut buf).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { limit: 10 }), "{e}");
        assert_eq!(
            e.to_string(),
            "longer than the SGF limit of 10 bytes; refused"
        );
        // an endless reader is refused after limit + 1 bytes
        let e = read_limited_into(io::repeat(0), 1000, &mut buf).unwrap_err();
        assert!(matches!(e, ReadError::TooLarge { .. }));
    }

    #[test]
    fn the_limit_is_256_mib() {
        assert_eq!(MAX_FILE_BYTES, 268_435_456);
    }
}
