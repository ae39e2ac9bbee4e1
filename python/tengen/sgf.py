"""SGF game records: load one, or replay a corpus in parallel.

>>> import tengen
>>> rec = tengen.sgf.load(b"(;GM[1]SZ[9]PB[Ke Jie]RE[B+R];B[ee];W[ce])")
>>> rec.get("PB"), rec.size, rec.moves[0]
('Ke Jie', (9, 9), (Color.BLACK, (4, 4)))
>>> game = rec.replay()
>>> game.to_move
Color.BLACK
"""

from __future__ import annotations

import os
from typing import Iterable, Iterator, Optional, Union

from . import _tengen
from ._tengen import Record, ReplayResult, Rules, SgfError

__all__ = ["Record", "ReplayResult", "SgfError", "load", "replay_many"]

#: Largest file :func:`load` reads (256 MiB, the library's one limit for every front; longer
#: files, pipes and devices are refused after reading one byte past it).
MAX_FILE_BYTES = 256 << 20

Source = Union[bytes, bytearray, memoryview, str, "os.PathLike[str]"]


def load(source: Source) -> Record:
    """Read a record from a path or from the bytes of an SGF file.

    The root properties are decoded to ``str`` whatever the file's encoding (its ``CA``; without
    ``CA``, UTF-8, UTF-8 damaged by a GB round trip as in Fox records, GB18030, or latin-1).
    A malformed file is read leniently (problems in :attr:`Record.warnings`); a file that is
    not SGF at all raises :class:`SgfError` naming the file and the spot.

    Loading is lazy: the record keeps the bytes and what the library's zero-copy scan of the
    main line found, and reads the tree (properties, moves, comments, warnings) on the first
    access to any of them; :meth:`Record.replay` never needs it. Every error is still raised
    here: a file the scan cannot vouch for is read in full at once.
    """
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _tengen.load_sgf(bytes(source), "<bytes>")
    return _tengen.load_sgf_file(os.fspath(source))


def _source(p: Source) -> Union[str, bytes]:
    """A path as str, or the bytes of a file as bytes."""
    if isinstance(p, (bytes, bytearray, memoryview)):
        return bytes(p)
    return os.fsdecode(p)


_IN_FLIGHT = 4
"""Chunks handed to the workers of :func:`replay_many` before it waits for the oldest."""


def replay_many(
    paths: Iterable[Source],
    threads: Optional[int] = None,
    rules: Union[Rules, str, None] = None,
    komi: Optional[float] = None,
    boards: bool = True,
    chunk: int = 1024,
) -> Iterator[ReplayResult]:
    """Replay files in parallel in Rust with the GIL released; yield one result per file, in
    input order.

    ``paths`` holds paths (``str`` or path-like), or the contents of files as ``bytes`` (as
    :func:`load` takes them; their results are named ``"<bytes>"``), or both.

    Each file's main line is replayed under ``rules`` (default: its ``RU``, else Japanese) as
    ``tengen replay`` does; an unreadable file or an illegal move is not an exception but the
    result's ``error`` (the CLI's message). ``threads`` defaults to one per core; each worker
    thread reads its files itself. Files are handed to Rust ``chunk`` at a time, and the next
    chunk is replayed in the background while the results of one are yielded: results start
    coming before the whole corpus is done, memory stays bounded (four chunks at most), and
    the time spent in the loop over the results overlaps the replay. ``boards=False`` skips
    the final positions. A generator left unfinished lets the chunks under way complete in
    the background and drops their results.
    """
    if chunk < 1:
        raise ValueError("chunk must be at least 1")
    stream = _tengen.ReplayStream(threads, rules, komi, boards)
    batch: list[Union[str, bytes]] = []
    for p in paths:
        batch.append(_source(p))
        if len(batch) == chunk:
            stream.submit(batch)
            batch = []
            # four in flight: with two, 1 to 2 threads gave 1.65x where four gave 1.85x
            # (medians of the same nine interleaved rounds, 2026-12-01)
            if len(stream) == _IN_FLIGHT:
                yield from stream.take()
    if batch:
        stream.submit(batch)
    while len(stream):
        yield from stream.take()
