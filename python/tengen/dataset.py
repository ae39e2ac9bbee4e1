"""A corpus of SGF records to Parquet: a games table and a positions table, written on a local
process pool or on a Dask cluster by the same code.

>>> from tengen import dataset                                      # doctest: +SKIP
>>> dataset.write("games/", "out/")                                 # doctest: +SKIP
>>> dataset.read_games("out/").num_rows                             # doctest: +SKIP

Needs the ``dataset`` extra (``pip install 'tengen[dataset]'``: pyarrow and
``dask[distributed]``; tqdm, when installed, draws the progress bar). ``import tengen`` never
imports this module, pyarrow or dask.

How it runs
-----------
The files (a folder walked recursively for names ending in ``.sgf``, names sorted in each
folder, or a list in its own order) are cut into partitions of ``partition_size`` files.
Partition ``i`` is one task, :func:`write_partition`: it reads its files itself, with the
library (:func:`tengen.sgf.load`, :func:`tengen.sgf.replay_many`, :func:`tengen.judge`,
:func:`tengen.training_data`; no Go rule is computed here), and writes
``games/part-{i:06d}.parquet`` and ``positions/part-{i:06d}.parquet``. Where the tasks run:

- no scheduler: a local process pool (``concurrent.futures``, ``processes`` processes; with
  ``processes=1``, in the calling process);
- ``scheduler=`` a ``dask.distributed.Client`` or a scheduler address (``"tcp://host:8786"``),
  or ``local_cluster=N`` (a ``LocalCluster`` of N worker processes, one thread each): each task
  on a Dask worker that imports tengen;
- ``ray=`` a Ray address, ``"auto"``, or ``"local"`` (Ray is optional: ``pip install ray``):
  each task a Ray task.

The output does not depend on where the tasks ran: the same partitions, the same rows in the
same order, the same bytes in every part file (the manifest lists each part's SHA-256).

Errors, retries and interruption
--------------------------------
- A record that cannot be read, is not SGF, or holds an illegal move is a games row with its
  ``error`` (the library's message); the job goes on.
- A task is idempotent: it writes each part under a temporary name in the same folder and
  renames it (atomic) to its final name. A worker that dies is replaced and its tasks are run
  again by the Dask scheduler (``retries`` more runs are also allowed for a task that raises;
  Ray: ``max_retries=retries``, exceptions included; the local pool: a new pool runs the tasks
  a dead process left unfinished); a task run twice writes the same file.
- The manifest ``_manifest.json`` (counts, the parts and their hashes) is written last, also
  through a temporary name. A run starts by deleting the manifest of an earlier run in the same
  folder. A folder without a manifest is an incomplete (interrupted or running) job:
  :func:`read_games`, :func:`read_positions` and :func:`manifest` raise
  :class:`IncompleteDatasetError` for it.
- Memory stays bounded: the driver walks the folder lazily and keeps at most
  ``2 * workers`` partitions in flight; a task holds one partition's rows (about
  ``partition_size * 250 * 680`` bytes of packed planes for 250-move games, 11 MB at the
  default 64) and one file's float planes at a time.

Tables
------
``games`` (one row a record, in input order): ``game`` (int64, the row's index in the
dataset), ``path`` (relative to the source folder, else as given), ``black``, ``white``,
``black_rank``, ``white_rank``, ``date`` (``PB PW BR WR DT`` as decoded by the library),
``rules`` (the preset the moves were checked under, from the record's ``RU`` or the ``rules``
option), ``ru`` (``RU`` as recorded), ``komi`` (the library's reading of ``KM``), ``handicap``
(``HA``), ``width`` and ``height`` (the board's), ``result`` (``RE`` as recorded), ``judged``
(the library's :func:`tengen.judge` of the final position, ``playouts`` playouts, seed 1),
``moves`` (a list of ``{color: 1 black / 2 white, x, y}`` structs, ``x``/``y`` null for a
pass), ``warnings`` (the library's replay's), ``positions`` (rows of this record in the
positions table), ``positions_error`` (why a good record has none: another board size),
``error`` (null for a good record; else the library's message: unreadable, not SGF, an
illegal move; what could be read, such as the players and the moves of a record with an
illegal move, is kept, and it has no ``judged`` and no positions).

``positions`` (one row a position of the main lines, game by game, each before its move):
``game`` and ``path`` (the record's), ``move`` (int16, the number of moves played before it),
``symmetry`` (int8, 0 unless ``symmetries``; with symmetries each position has 8 rows),
``planes`` (:func:`tengen.features`' ``PLANES x size x size`` planes, every value 0 or 1, packed
8 to a byte: ``numpy.packbits`` of the C-order flattening, first value in the high bit, the last
byte padded with zeros; 677 bytes on 19x19; :func:`unpack_planes` undoes it), ``policy`` (int16,
the move played, ``y * size + x``, ``size * size`` for a pass) and ``value`` (int8: +1 when the
player to move won by ``RE``, -1 lost, 0 draw or unknown), as :func:`tengen.training_data`.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import hashlib
import json
import multiprocessing
import os
import resource
import sys
import time
import uuid
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Optional, Sequence, Union

import tengen
from tengen import sgf

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt
    import pyarrow as pa
    import pyarrow.dataset as pads
    from distributed import Client

__all__ = [
    "FORMAT_VERSION",
    "MANIFEST",
    "IncompleteDatasetError",
    "Partition",
    "RunReport",
    "main",
    "manifest",
    "positions_dataset",
    "read_games",
    "read_positions",
    "unpack_planes",
    "write",
    "write_partition",
]

#: The version of the layout below, in the manifest.
FORMAT_VERSION = 1
#: The completion marker and summary, written last.
MANIFEST = "_manifest.json"
_TABLES = ("games", "positions")

PathLike = Union[str, "os.PathLike[str]"]


class IncompleteDatasetError(RuntimeError):
    """A dataset folder without its manifest: the job that writes it was interrupted or is
    still running (or the folder is no dataset)."""


@dataclass(frozen=True)
class Partition:
    """One task: files ``start ..`` of the dataset, written as part ``index``."""

    #: The part number (``part-{index:06d}.parquet``).
    index: int
    #: The index in the dataset of the partition's first record.
    start: int
    #: The files to read (paths the worker can open).
    files: tuple[str, ...]
    #: The paths as stored in the tables.
    names: tuple[str, ...]
    #: The dataset folder.
    out: str
    #: The board size of the positions table.
    size: int = 19
    #: Eight rows per position (the symmetries) in the positions table.
    symmetries: bool = False
    #: The rules to replay under (default: each record's own).
    rules: Optional[str] = None
    #: The judge's playouts for ``judged``.
    playouts: int = 128
    #: Threads of the library's parallel calls inside the task.
    threads: int = 1


@dataclass
class RunReport:
    """What :func:`write` did: the manifest's counts and how the run went (not in the output:
    times, processes, peak memory)."""

    out: str
    games: int
    errors: int
    positions: int
    partitions: int
    #: Wall time of the whole run, seconds.
    wall: float
    #: CPU seconds spent in the tasks (each task's process time, summed).
    task_cpu: float
    #: Peak resident memory (ru_maxrss, bytes) of each process that ran tasks, by process.
    peak_rss: dict[str, int] = field(default_factory=dict)


def _require() -> None:
    """Raise a clear ImportError when the ``dataset`` extra is missing."""
    try:
        import pyarrow  # noqa: F401
        import pyarrow.parquet  # noqa: F401
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise ImportError(
            "tengen.dataset needs pyarrow: pip install 'tengen[dataset]'"
        ) from e


# ---------------------------------------------------------------------------------------------
# the schema


def _schemas(size: int = 19) -> tuple[pa.Schema, pa.Schema]:
    import pyarrow as pa

    move = pa.struct([("color", pa.uint8()), ("x", pa.int8()), ("y", pa.int8())])
    games = pa.schema(
        [
            ("game", pa.int64()),
            ("path", pa.string()),
            ("black", pa.string()),
            ("white", pa.string()),
            ("black_rank", pa.string()),
            ("white_rank", pa.string()),
            ("date", pa.string()),
            ("rules", pa.string()),
            ("ru", pa.string()),
            ("komi", pa.float64()),
            ("handicap", pa.int32()),
            ("width", pa.int32()),
            ("height", pa.int32()),
            ("result", pa.string()),
            ("judged", pa.string()),
            ("moves", pa.list_(move)),
            ("warnings", pa.list_(pa.string())),
            ("positions", pa.int32()),
            ("positions_error", pa.string()),
            ("error", pa.string()),
        ]
    )
    positions = pa.schema(
        [
            ("game", pa.int64()),
            ("path", pa.string()),
            ("move", pa.int16()),
            ("symmetry", pa.int8()),
            ("planes", pa.binary(_packed_bytes(size))),
            ("policy", pa.int16()),
            ("value", pa.int8()),
        ]
    )
    return games, positions


def _packed_bytes(size: int) -> int:
    return (tengen.PLANES * size * size + 7) // 8


def unpack_planes(planes: Union[pa.Array, pa.ChunkedArray, Sequence[bytes]], size: int = 19) -> npt.NDArray[np.uint8]:
    """The ``planes`` column (or a list of its values) as uint8 ``(rows, PLANES, size, size)``,
    0 or 1: the values of :func:`tengen.features` (``astype(np.float32)`` gives them exactly)."""
    import numpy as np

    n = _packed_bytes(size)
    values: list[bytes] = [bytes(v) for v in (planes.to_pylist() if hasattr(planes, "to_pylist") else planes)]
    if any(len(v) != n for v in values):
        raise ValueError(f"a {size}x{size} position's planes are {n} bytes")
    if not values:
        return np.zeros((0, tengen.PLANES, size, size), np.uint8)
    buf = np.frombuffer(b"".join(values), np.uint8).reshape(len(values), n)
    bits = np.unpackbits(buf, axis=1, count=tengen.PLANES * size * size)
    return bits.reshape(len(values), tengen.PLANES, size, size)


# ---------------------------------------------------------------------------------------------
# one partition: the task


def _error_text(e: BaseException) -> str:
    msg = str(e)
    return msg if isinstance(e, (tengen.SgfError, tengen.IllegalMoveError)) else f"{type(e).__name__}: {msg}"


def _int_or_none(text: Optional[str]) -> Optional[int]:
    if text is None:
        return None
    try:
        return int(text.strip())
    except ValueError:
        return None


def _game_row(
    part: Partition, k: int, replayed: Optional[tengen.ReplayResult]
) -> tuple[dict[str, Any], Optional[tengen.Game]]:
    """The games row of file ``k`` of ``part`` (positions filled in later) and its game."""
    path, name = part.files[k], part.names[k]
    row: dict[str, Any] = {c: None for c in _schemas()[0].names}
    row.update(game=part.start + k, path=name, moves=[], warnings=[], positions=0)
    try:
        rec = sgf.load(path)
        get = rec.get
        row.update(
            black=get("PB"), white=get("PW"), black_rank=get("BR"), white_rank=get("WR"),
            date=get("DT"), ru=get("RU"), result=get("RE"), handicap=_int_or_none(get("HA")),
            width=rec.size[0], height=rec.size[1],
            moves=[{"color": int(c), "x": None if p is None else p[0], "y": None if p is None else p[1]}
                   for c, p in rec.moves],
            warnings=list(rec.warnings),
        )
        if replayed is not None:
            # the library's replay: its rules and komi (the record's RU and KM as it reads them),
            # its message for an illegal move, its warnings (the reader's and the replay's)
            if replayed.rules is not None:
                row.update(rules=replayed.rules.name, komi=replayed.rules.komi)
            row["warnings"] = list(replayed.warnings)
            if replayed.error is not None:
                row["error"] = replayed.error
                return row, None
        game = rec.replay(rules=part.rules)
        row["judged"] = tengen.judge(game, playouts=part.playouts).result
        return row, game
    except Exception as e:  # noqa: BLE001 - a broken record is a row, never a failed job
        row["error"] = _error_text(e)
        return row, None



def _digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _part_name(index: int) -> str:
    return f"part-{index:06d}.parquet"


def _write_atomic(table: pa.Table, final: Path) -> str:
    """Write ``table`` to ``final`` through a temporary name in the same folder; its SHA-256."""
    import pyarrow.parquet as pq

    tmp = final.with_name(f".{final.name}.{uuid.uuid4().hex}.tmp")
    try:
        pq.write_table(table, tmp, compression="zstd")
        digest = _digest(tmp)
        os.replace(tmp, final)
    finally:
        if tmp.exists():
            tmp.unlink()
    return digest


def write_partition(part: Partition) -> dict[str, Any]:
    """Run one task: read ``part``'s files, write its two part files, return its summary.

    Idempotent: a second run writes the same bytes to the same names. Per-file problems are
    rows, not exceptions; an exception here is a task failure (retried by Dask).
    """
    _require()
    import numpy as np
    import pyarrow as pa

    t0 = time.process_time()
    games_schema, positions_schema = _schemas(part.size)
    out = Path(part.out)
    replayed: list[Optional[tengen.ReplayResult]] = list(
        sgf.replay_many(list(part.files), threads=part.threads, rules=part.rules, boards=False))
    rows: list[dict[str, Any]] = []
    # each file's columns as arrays, joined at the end (the partition's rows only)
    cols: dict[str, list[npt.NDArray[Any]]] = {c: [] for c in ("game", "move", "symmetry", "planes", "policy", "value")}
    names: list[str] = []
    for k in range(len(part.files)):
        row, game = _game_row(part, k, replayed[k])
        rows.append(row)
        if game is None:
            continue
        try:
            td = tengen.training_data([part.files[k]], size=part.size, symmetries=part.symmetries,
                                      threads=part.threads, rules=part.rules, skip_errors=True)
        except Exception as e:  # noqa: BLE001 - as above: the record's row says why
            row["positions_error"] = _error_text(e)
            continue
        if td.errors:
            row["positions_error"] = td.errors[0]
            continue
        n = len(td.policy)
        syms = 8 if part.symmetries else 1
        cols["game"].append(np.full(n, row["game"], np.int64))
        names += [row["path"]] * n
        cols["move"].append((np.arange(n) // syms).astype(np.int16))
        cols["symmetry"].append((np.arange(n) % syms).astype(np.int8))
        cols["planes"].append(np.packbits(td.inputs.reshape(n, -1) != 0, axis=1))
        cols["policy"].append(td.policy.astype(np.int16))
        cols["value"].append(td.value.astype(np.int8))
        row["positions"] = n
        del td
    for k, row in enumerate(rows):
        # messages name the record as stored (where the worker found it may differ by machine)
        for key in ("error", "positions_error"):
            if row[key] is not None:
                row[key] = row[key].replace(part.files[k], part.names[k])
    games = pa.Table.from_pylist(rows, schema=games_schema)
    nbytes = _packed_bytes(part.size)
    joined = {c: np.concatenate(v) if v else np.zeros((0, nbytes) if c == "planes" else 0, np.uint8)
              for c, v in cols.items()}
    planes = joined.pop("planes")
    assert planes.shape[1:] == (nbytes,)
    arrays: dict[str, pa.Array] = {c: pa.array(v, type=positions_schema.field(c).type) for c, v in joined.items()}
    arrays["path"] = pa.array(names, pa.string())
    arrays["planes"] = pa.FixedSizeBinaryArray.from_buffers(
        pa.binary(nbytes), len(planes), [None, pa.py_buffer(np.ascontiguousarray(planes).tobytes())])
    positions = pa.Table.from_pydict({c: arrays[c] for c in positions_schema.names}, schema=positions_schema)
    digests = {}
    for table_name, table in (("games", games), ("positions", positions)):
        folder = out / table_name
        folder.mkdir(parents=True, exist_ok=True)
        digests[table_name] = _write_atomic(table, folder / _part_name(part.index))
    return {
        "index": part.index,
        "games": len(rows),
        "errors": sum(r["error"] is not None for r in rows),
        "positions": positions.num_rows,
        "sha256": digests,
        # how the run went (the report's, not the manifest's)
        "process": f"{os.uname().nodename}:{os.getpid()}",
        "peak_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024,
        "cpu": time.process_time() - t0,
    }


# ---------------------------------------------------------------------------------------------
# the driver


def _walk(folder: Path) -> Iterator[Path]:
    """Entries named ``*.sgf`` under ``folder`` (whatever they are: a folder or a dangling link
    so named is a record the task reports as unreadable), names sorted in each folder."""
    with os.scandir(folder) as it:
        entries = sorted(it, key=lambda e: e.name)
    for e in entries:
        if e.name.lower().endswith(".sgf"):
            yield Path(e.path)
        elif e.is_dir(follow_symlinks=False):
            yield from _walk(Path(e.path))


def _sources(source: Union[PathLike, Iterable[PathLike]]) -> Iterator[tuple[str, str]]:
    """(path to read, path to store) of every record of ``source``."""
    if isinstance(source, (str, os.PathLike)):
        root = Path(source)
        if not root.is_dir():
            raise NotADirectoryError(f"{root}: not a folder (give a folder or a list of files)")
        for p in _walk(root):
            yield str(p.absolute()), p.relative_to(root).as_posix()
    else:
        for s in source:
            yield str(Path(s).absolute()), os.fspath(s)


def _partitions(source: Union[PathLike, Iterable[PathLike]], out: Path, partition_size: int,
                **opts: Any) -> Iterator[Partition]:
    batch: list[tuple[str, str]] = []
    index = start = 0
    for pair in _sources(source):
        batch.append(pair)
        if len(batch) == partition_size:
            yield Partition(index, start, tuple(p for p, _ in batch), tuple(n for _, n in batch), str(out), **opts)
            index, start, batch = index + 1, start + len(batch), []
    if batch:
        yield Partition(index, start, tuple(p for p, _ in batch), tuple(n for _, n in batch), str(out), **opts)


class _Progress:
    """tqdm when installed, else a line on stderr now and then; nothing when off."""

    def __init__(self, on: bool) -> None:
        self.on, self.done, self.games, self.last = on, 0, 0, 0.0
        self.bar: Any = None
        if on:
            try:
                from tqdm import tqdm

                self.bar = tqdm(unit=" games", desc="tengen.dataset", file=sys.stderr)
            except ImportError:
                self.bar = None

    def update(self, games: int) -> None:
        self.done, self.games = self.done + 1, self.games + games
        if not self.on:
            return
        if self.bar is not None:
            self.bar.update(games)
        elif time.monotonic() - self.last > 2:
            self.last = time.monotonic()
            print(f"tengen.dataset: {self.done} partitions, {self.games} games", file=sys.stderr)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def write(
    source: Union[PathLike, Iterable[PathLike]],
    out: PathLike,
    *,
    scheduler: Union[Client, str, None] = None,
    local_cluster: Optional[int] = None,
    ray: Optional[str] = None,
    processes: Optional[int] = None,
    partition_size: int = 64,
    size: int = 19,
    symmetries: bool = False,
    rules: Optional[str] = None,
    playouts: int = 128,
    threads: int = 1,
    retries: int = 3,
    progress: bool = False,
) -> RunReport:
    """Write the games and positions tables of ``source`` (a folder, or a list of files) into
    the folder ``out``; return the run's :class:`RunReport` once the manifest is written.

    With ``scheduler`` (a ``dask.distributed.Client`` or an address) or ``local_cluster`` (N
    worker processes) the partitions are Dask tasks (``retries`` retries each after an
    exception; the tasks of a lost worker run again). With ``ray``
    (a Ray address, ``"auto"`` for the cluster this machine is in, or ``"local"`` to start Ray
    here with ``processes`` CPUs; Ray already initialized in this process is used as it is) they
    are Ray tasks (``retries`` retries each, after a worker's death or an exception). Else they
    run on ``processes`` local processes (default: one per core; 1: in this process; a task
    that raises, or whose process dies, runs again, ``retries`` times at most). ``threads``
    is the library's threads inside a task. See the module's docs for the tables and the
    guarantees.
    """
    _require()
    if partition_size < 1:
        raise ValueError("partition_size must be at least 1")
    if sum(x is not None for x in (scheduler, local_cluster, ray)) > 1:
        raise ValueError("give one of scheduler, local_cluster and ray")
    t0 = time.monotonic()
    outdir = Path(out)
    outdir.mkdir(parents=True, exist_ok=True)
    # an earlier run's manifest goes first: from now on the folder reads as incomplete
    (outdir / MANIFEST).unlink(missing_ok=True)
    opts: dict[str, Any] = dict(size=size, symmetries=symmetries, rules=rules, playouts=playouts, threads=threads)
    parts = _partitions(source, outdir, partition_size, **opts)
    bar = _Progress(progress)
    try:
        if scheduler is not None or local_cluster is not None:
            summaries = _run_dask(parts, scheduler, local_cluster, retries, bar)
        elif ray is not None:
            summaries = _run_ray(parts, ray, processes, retries, bar)
        else:
            summaries = _run_local(parts, processes, retries, bar)
    finally:
        bar.close()
    summaries.sort(key=lambda s: int(s["index"]))
    assert [s["index"] for s in summaries] == list(range(len(summaries)))
    _clean(outdir, len(summaries))
    doc: dict[str, Any] = {
        "format": "tengen.dataset",
        "version": FORMAT_VERSION,
        "tengen": tengen.__version__,
        "options": {**opts, "partition_size": partition_size},
        "games": sum(int(s["games"]) for s in summaries),
        "errors": sum(int(s["errors"]) for s in summaries),
        "positions": sum(int(s["positions"]) for s in summaries),
        "partitions": [
            {"index": s["index"], "games": s["games"], "errors": s["errors"], "positions": s["positions"],
             "files": {t: f"{t}/{_part_name(int(s['index']))}" for t in _TABLES}, "sha256": s["sha256"]}
            for s in summaries
        ],
    }
    tmp = outdir / f".{MANIFEST}.{uuid.uuid4().hex}.tmp"
    tmp.write_text(json.dumps(doc, indent=1, sort_keys=True) + "\n")
    os.replace(tmp, outdir / MANIFEST)
    peak: dict[str, int] = {}
    for s in summaries:
        peak[s["process"]] = max(peak.get(s["process"], 0), int(s["peak_rss"]))
    return RunReport(str(outdir), doc["games"], doc["errors"], doc["positions"], len(summaries),
                     time.monotonic() - t0, sum(float(s["cpu"]) for s in summaries), peak)


def _clean(outdir: Path, partitions: int) -> None:
    """Remove what is not this run's: parts past its last (an earlier, longer run's) and the
    temporary files of tasks that died."""
    keep = {_part_name(i) for i in range(partitions)}
    for t in _TABLES:
        folder = outdir / t
        folder.mkdir(exist_ok=True)
        for f in folder.iterdir():
            if f.name not in keep and (f.name.startswith("part-") or f.name.endswith(".tmp")):
                f.unlink()
    for f in outdir.glob(f".{MANIFEST}.*.tmp"):
        f.unlink()


def _run_local(parts: Iterator[Partition], processes: Optional[int], retries: int,
               bar: _Progress) -> list[dict[str, Any]]:
    """The tasks on a local process pool (in this process for ``processes=1``). A process of
    the pool that dies breaks the pool: a new pool runs again the tasks not finished, as Dask
    does for a lost worker (at most ``retries`` more runs of a task, as for a task that raises)."""
    n = processes if processes is not None else (os.cpu_count() or 1)
    if n < 1:
        raise ValueError("processes must be at least 1")
    summaries: list[dict[str, Any]] = []
    runs: dict[int, int] = {}

    def again(p: Partition, why: BaseException) -> None:
        runs[p.index] = runs.get(p.index, 1) + 1
        if runs[p.index] > retries + 1:
            raise RuntimeError(f"tengen.dataset: partition {p.index} failed {runs[p.index] - 1} times") from why

    if n == 1:
        for p in parts:
            while True:
                try:
                    summaries.append(write_partition(p))
                    break
                except Exception as e:  # noqa: BLE001 - retried, then raised
                    again(p, e)
            bar.update(summaries[-1]["games"])
        return summaries

    def new_pool() -> cf.ProcessPoolExecutor:
        # spawned, not forked: the parent may hold the library's thread pools
        return cf.ProcessPoolExecutor(max_workers=n, mp_context=multiprocessing.get_context("spawn"))

    pool = new_pool()
    pending: dict[cf.Future[dict[str, Any]], Partition] = {}
    todo = iter(parts)
    try:
        while True:
            while len(pending) < 2 * n:
                nxt = next(todo, None)
                if nxt is None:
                    break
                pending[pool.submit(write_partition, nxt)] = nxt
            if not pending:
                return summaries
            done, _ = cf.wait(pending, return_when=cf.FIRST_COMPLETED)
            lost: list[tuple[Partition, BaseException]] = []
            broken = False
            for f in done:
                p = pending.pop(f)
                failure = f.exception()
                if failure is None:
                    summaries.append(f.result())
                    bar.update(summaries[-1]["games"])
                else:
                    broken = broken or isinstance(failure, cf.process.BrokenProcessPool)
                    lost.append((p, failure))
            if broken:
                # every task of a broken pool fails: those not finished run again on a new one
                for f, p in list(pending.items()):
                    if f.done() and f.exception() is None:
                        summaries.append(f.result())
                        bar.update(summaries[-1]["games"])
                    else:
                        lost.append((p, (f.exception() if f.done() else None) or cf.process.BrokenProcessPool()))
                pending.clear()
                pool.shutdown(wait=True, cancel_futures=True)
                pool = new_pool()
            for p, why in lost:
                again(p, why)
                pending[pool.submit(write_partition, p)] = p
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _run_dask(parts: Iterator[Partition], scheduler: Union[Client, str, None], local_cluster: Optional[int],
              retries: int, bar: _Progress) -> list[dict[str, Any]]:
    import importlib

    # distributed has no type hints: its calls are made through Any
    dist: Any = importlib.import_module("distributed")
    cluster: Any = None
    own: Any = None
    if isinstance(scheduler, dist.Client):
        client = scheduler
    elif scheduler is not None:
        client = own = dist.Client(scheduler)
    else:
        assert local_cluster is not None
        if local_cluster < 1:
            raise ValueError("local_cluster must be at least 1")
        cluster = dist.LocalCluster(n_workers=local_cluster, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = own = dist.Client(cluster)
    try:
        workers = max(1, len(client.scheduler_info().get("workers", {})))
        run = uuid.uuid4().hex[:8]
        summaries: list[dict[str, Any]] = []
        queue = dist.as_completed()
        in_flight = 0
        parts_left = iter(parts)

        def submit_next() -> bool:
            p = next(parts_left, None)
            if p is None:
                return False
            queue.add(client.submit(write_partition, p, key=f"tengen-dataset-{run}-{p.index}",
                                    retries=retries, pure=False))
            return True

        while in_flight < 2 * workers and submit_next():
            in_flight += 1
        for fut in queue:
            summaries.append(fut.result())
            fut.release()
            bar.update(summaries[-1]["games"])
            submit_next()
        return summaries
    finally:
        if own is not None:
            own.close()
        if cluster is not None:
            cluster.close()


def _run_ray(parts: Iterator[Partition], address: str, processes: Optional[int], retries: int,
             bar: _Progress) -> list[dict[str, Any]]:
    import importlib

    ray: Any = importlib.import_module("ray")  # optional, not in the dataset extra
    own = not ray.is_initialized()
    if own:
        if address == "local":
            ray.init(num_cpus=processes, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    try:
        task = ray.remote(num_cpus=1, max_retries=retries, retry_exceptions=True)(write_partition)
        cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
        summaries: list[dict[str, Any]] = []
        pending: list[Any] = []

        def take(done: list[Any]) -> None:
            for s in ray.get(done):
                summaries.append(s)
                bar.update(s["games"])

        for p in parts:
            pending.append(task.remote(p))
            if len(pending) >= 2 * cpus:
                done, pending = ray.wait(pending, num_returns=1)
                take(done)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            take(done)
        return summaries
    finally:
        if own:
            ray.shutdown()


# ---------------------------------------------------------------------------------------------
# reading


def manifest(out: PathLike) -> dict[str, Any]:
    """The manifest of a complete dataset; :class:`IncompleteDatasetError` when there is none
    (an interrupted or running job) or a part it lists is missing."""
    folder = Path(out)
    m = folder / MANIFEST
    if not m.is_file():
        raise IncompleteDatasetError(
            f"{folder}: no {MANIFEST}: the job writing this dataset did not finish (interrupted, "
            "or still running); run it again")
    doc: dict[str, Any] = json.loads(m.read_text())
    if doc.get("format") != "tengen.dataset" or doc.get("version") != FORMAT_VERSION:
        raise IncompleteDatasetError(f"{m}: not a tengen.dataset manifest of version {FORMAT_VERSION}")
    for p in doc["partitions"]:
        for f in p["files"].values():
            if not (folder / f).is_file():
                raise IncompleteDatasetError(f"{folder}: {f}, listed in {MANIFEST}, is missing")
    return doc


def _files(out: PathLike, table: str) -> tuple[list[str], pa.Schema]:
    """The part files of ``table`` in order, and its schema."""
    doc = manifest(out)
    schema = _schemas(int(doc["options"]["size"]))[_TABLES.index(table)]
    return [str(Path(out) / p["files"][table]) for p in doc["partitions"]], schema


def positions_dataset(out: PathLike) -> pads.Dataset:
    """The positions table as a ``pyarrow.dataset.Dataset`` (its parts in order), to stream
    (``to_batches``) a table too large for memory."""
    _require()
    import pyarrow.dataset as ds

    files, schema = _files(out, "positions")
    return ds.dataset(files, schema=schema, format="parquet")


def _read(out: PathLike, table: str, columns: Optional[list[str]]) -> pa.Table:
    _require()
    import pyarrow as pa
    import pyarrow.parquet as pq

    files, schema = _files(out, table)
    parts = [pq.read_table(f, columns=columns, schema=schema) for f in files]
    if not parts:
        empty = schema.empty_table()
        return empty if columns is None else empty.select(columns)
    return pa.concat_tables(parts)


def read_games(out: PathLike, columns: Optional[list[str]] = None) -> pa.Table:
    """The games table of a complete dataset (:class:`IncompleteDatasetError` otherwise)."""
    return _read(out, "games", columns)


def read_positions(out: PathLike, columns: Optional[list[str]] = None) -> pa.Table:
    """The positions table of a complete dataset, whole (see :func:`positions_dataset` to
    stream it); :class:`IncompleteDatasetError` for an incomplete one."""
    return _read(out, "positions", columns)


# ---------------------------------------------------------------------------------------------
# the command


def main(argv: Optional[Sequence[str]] = None) -> int:
    """``python -m tengen.dataset SRC OUT [options]``: write the dataset, print its counts."""
    ap = argparse.ArgumentParser(prog="python -m tengen.dataset", description=__doc__.split("\n\n")[0])
    ap.add_argument("src", help="a folder of SGF files (walked recursively)")
    ap.add_argument("out", help="the dataset folder to write")
    where = ap.add_mutually_exclusive_group()
    where.add_argument("--scheduler", metavar="ADDR", help="a Dask scheduler's address (tcp://host:8786)")
    where.add_argument("--local-cluster", metavar="N", type=int, help="a Dask LocalCluster of N worker processes")
    where.add_argument("--ray", metavar="ADDR", nargs="?", const="local",
                       help="Ray tasks: a Ray address, 'auto', or nothing for a local Ray of --cpus CPUs")
    ap.add_argument("--processes", "--cpus", metavar="N", type=int,
                    help="local processes, or a local Ray's CPUs (default: one per core)")
    ap.add_argument("--partition-size", metavar="K", type=int, default=64, help="files per task (default 64)")
    ap.add_argument("--size", type=int, default=19, help="board size of the positions table (default 19)")
    ap.add_argument("--symmetries", action="store_true", help="8 rows per position")
    ap.add_argument("--rules", help="replay under these rules (default: each record's RU)")
    ap.add_argument("--playouts", type=int, default=128, help="the judge's playouts (default 128)")
    ap.add_argument("--threads", type=int, default=1, help="library threads inside a task (default 1)")
    ap.add_argument("--retries", type=int, default=3, help="Dask retries of a failed task (default 3)")
    ap.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                    help="a progress bar (default: when stderr is a terminal)")
    a = ap.parse_args(argv)
    report = write(a.src, a.out, scheduler=a.scheduler, local_cluster=a.local_cluster, ray=a.ray,
                   processes=a.processes,
                   partition_size=a.partition_size, size=a.size, symmetries=a.symmetries, rules=a.rules,
                   playouts=a.playouts, threads=a.threads, retries=a.retries,
                   progress=sys.stderr.isatty() if a.progress is None else a.progress)
    summary = {k: v for k, v in asdict(report).items() if k != "peak_rss"}
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
