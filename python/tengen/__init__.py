"""tengen: an exact, fast Go (baduk, weiqi) rules engine, computed in Rust.

Coordinates
-----------
Everywhere in this package a point is ``(x, y)`` = (column, row) counted from the
**top-left** corner, 0-based, as in the move task and in SGF (``"aa"`` is ``(0, 0)``,
``"dc"`` is ``(3, 2)``). On a 19x19 board the GTP vertex ``"D4"`` is ``(3, 15)``: GTP counts
rows from the bottom. Convert with :func:`to_gtp` / :func:`from_gtp` and :func:`to_sgf` /
:func:`from_sgf`. A pass is ``None`` where a point is expected.

Colours are :class:`Color` (``BLACK`` = 1, ``WHITE`` = 2, the move task's digits); every
function taking a colour also accepts ``1``/``2`` and ``"b"``/``"w"``/``"black"``/``"white"``.

Main names
----------
- :class:`Board` -- a position with the rules its moves are checked under (simple ko).
- :class:`Game` -- a board with history, captures, superko and undo.
- :class:`Rules` -- the presets by name (``Rules("japanese")``) and their fields.
- :func:`territory`, :func:`score` -- the territory task and exact scoring.
- :func:`judge` -- the dead stones, seki and score of a finished game's position.
- :func:`attack`, :func:`defend`, :func:`ladder_captured` -- tactical reading of one chain
  (the library's ``tengen::read``), each answered by a :class:`Reading`; :func:`life_and_death`
  (df-pn in an enclosed region: :class:`LifeAndDeath`) and :func:`semeai` (a capturing race:
  two :class:`RaceLine`).
- :mod:`tengen.sgf` -- :func:`tengen.sgf.load` and :func:`tengen.sgf.replay_many`.
- :func:`features`, :func:`training_data`, :func:`training_batches` -- network input
  planes (layout in :data:`FEATURE_PLANES`).

Errors are Python exceptions with the messages the ``tengen`` command prints:
:class:`IllegalMoveError` (a :class:`ValueError` with ``.reason``), :class:`SgfError`
(a :class:`ValueError`), :class:`ValueError` for bad arguments; an internal error in the
Rust code becomes a :class:`RuntimeError`, never a crash.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING, Iterable, Iterator, NamedTuple, Optional, Sequence, Union

if TYPE_CHECKING:
    # numpy is imported by the functions that make arrays, when first called: `import tengen`
    # alone does not pay for it (most of the package's import time before)
    import numpy as np
    import numpy.typing as npt

from . import _tengen
from ._tengen import (
    PLANES,
    Board,
    Color,
    Game,
    IllegalMoveError,
    Judgement,
    LifeAndDeath,
    LifeLine,
    RaceLine,
    Reading,
    Record,
    ReplayResult,
    Rules,
    Score,
    SgfError,
    Territories,
    features,
    from_gtp,
    from_sgf,
    judge,
    life_and_death,
    score,
    semeai,
    territory,
    to_gtp,
    to_sgf,
    transform,
)
from . import sgf

__all__ = [
    "BLACK",
    "WHITE",
    "PLANES",
    "FEATURE_PLANES",
    "Board",
    "Color",
    "Game",
    "IllegalMoveError",
    "Judgement",
    "LifeAndDeath",
    "LifeLine",
    "RaceLine",
    "Reading",
    "Record",
    "ReplayResult",
    "Rules",
    "Score",
    "SgfError",
    "Territories",
    "TrainingData",
    "attack",
    "defend",
    "features",
    "from_gtp",
    "from_sgf",
    "judge",
    "ladder_captured",
    "life_and_death",
    "score",
    "semeai",
    "sgf",
    "territory",
    "to_gtp",
    "to_sgf",
    "training_batches",
    "training_data",
    "transform",
]

__version__ = "0.1.0"

#: Black, the first player (digit 1).
BLACK: Color = Color.BLACK
#: White, the second player (digit 2).
WHITE: Color = Color.WHITE

#: The planes of :func:`features`, in order (modelled on KataGo's spatial inputs). "Own" is
#: the player to move. Planes 3 to 5 mark stones of either colour. Plane 6 marks the empty
#: points the player to move may not play because of ko or superko. Planes 7 to 11 mark the
#: last five moves (7 the most recent; a pass leaves its plane empty). Plane 12 marks every
#: legal move of the player to move (passing is always legal and not marked). Planes 13 and
#: 14 are the ladder planes, read by the library's tactical reader (``tengen::read``, only
#: proven answers count; see :func:`ladder_captured`): 13 marks the stones, of either colour,
#: of chains captured in a ladder (one liberty: its owner cannot escape moving first; two
#: liberties: its opponent captures it moving first); 14 marks the empty points where the
#: player to move saves one of its own two-liberty chains from such a ladder, by an escape or
#: by a ladder breaker on or next to the ladder's path.
FEATURE_PLANES: tuple[str, ...] = (
    "on board",
    "own stones",
    "opponent stones",
    "stones in chains with 1 liberty",
    "stones in chains with 2 liberties",
    "stones in chains with 3 liberties",
    "ko-banned point",
    "last move",
    "second last move",
    "third last move",
    "fourth last move",
    "fifth last move",
    "legal moves",
    "stones captured in a ladder",
    "ladder escapes and breakers",
)
assert len(FEATURE_PLANES) == PLANES


Position = Union[Board, Game]


def attack(position: Position, x: int, y: int, nodes: Optional[int] = None) -> Reading:
    """Can the chain on ``(x, y)`` be captured with its opponent to move?

    The library's exact, bounded tactical reader (``tengen::read``): no randomness, a node
    budget (``nodes``, default 20,000). The :class:`Reading` says ``"success"`` with the
    capturing move, ``"ko"`` (only by winning a ko, taking it first), ``"ko_after_threat"`` (only
    by winning a ko the opponent takes first), or ``"failure"``; ``proven`` is False when
    the budget cut the search. It reads ladders, nets, snapbacks and captures to escape; a
    chain with four liberties or more is safe without search. ``ValueError`` for an empty or
    off-board point.
    """
    return _tengen.read("attack", position, x, y, nodes)


def defend(position: Position, x: int, y: int, nodes: Optional[int] = None) -> Reading:
    """Can the chain on ``(x, y)`` be saved with its owner to move?

    As :func:`attack`; a chain that cannot be captured even with its opponent to move is a
    ``"success"`` with ``point`` None (nothing needs to be played).
    """
    return _tengen.read("defend", position, x, y, nodes)


def ladder_captured(position: Position, x: int, y: int, nodes: Optional[int] = None) -> Reading:
    """Is the chain on ``(x, y)`` captured in a ladder? ``"success"`` means captured.

    Only the ladder moves are read, cheaply: with one liberty the chain's owner moves first,
    with two its opponent does; three or more liberties are no ladder. As :func:`attack`.
    """
    return _tengen.read("ladder_captured", position, x, y, nodes)


class TrainingData(NamedTuple):
    """The arrays of :func:`training_data`, one row per position (times 8 with symmetries)."""

    #: float32 ``(positions, PLANES, size, size)``: :func:`features` of each position.
    inputs: npt.NDArray[np.float32]
    #: int64 ``(positions,)``: the move played, ``y * size + x``, or ``size * size`` for a pass.
    policy: npt.NDArray[np.int64]
    #: float32 ``(positions,)``: +1 if the player to move won the game (``RE``), -1 if they
    #: lost, 0 for a draw or an unknown result.
    value: npt.NDArray[np.float32]
    #: The files skipped with ``skip_errors=True``, each with the reason.
    errors: list[str]


PathLike = Union[str, "os.PathLike[str]"]


def training_data(
    paths: Sequence[PathLike],
    size: int = 19,
    symmetries: bool = False,
    threads: Optional[int] = None,
    rules: Union[Rules, str, None] = None,
    skip_errors: bool = False,
) -> TrainingData:
    """Turn SGF files into training arrays for every position of their main lines.

    Positions come file by file, in the order of ``paths``, each before the move it is
    labelled with. The work runs in Rust on ``threads`` threads (default: one per core) with
    the GIL released. With ``symmetries`` every position appears 8 times, transformed by
    symmetries 0 to 7 (see :func:`transform`), its policy target transformed the same way.
    Each position takes ``PLANES * size * size * 4`` bytes (21.7 KB on 19x19): for a corpus
    that does not fit in memory, :func:`training_batches` gives the same rows batch by batch.

    A file that cannot be read, is not ``size`` x ``size`` or holds an illegal move raises
    :class:`SgfError` naming it, unless ``skip_errors`` (then it is listed in ``errors``).
    """
    inputs, policy, value, errors = _tengen.training_data(
        [os.fspath(p) for p in paths], size, symmetries, threads, rules, skip_errors
    )
    return TrainingData(inputs, policy, value, errors)


if TYPE_CHECKING:
    _Arrays = tuple[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[np.float32]]


def _refcounts(arrays: _Arrays) -> tuple[int, ...]:
    """The reference counts of ``arrays`` (compared with those taken when they were new)."""
    return tuple(sys.getrefcount(a) for a in arrays)


class _Buffers:
    """At most two sets of batch arrays, recycled once nothing but this holds them.

    Every numpy view of an array holds its base, and any other holder (a variable, a list, a
    tensor sharing the memory) adds to its reference count: a set whose counts are those it
    had when new is free to overwrite. The typical loop holds the batch it works on while the
    next is written, hence two sets.
    """

    def __init__(self, rows: int, size: int) -> None:
        self.rows, self.size = rows, size
        self.sets: list[tuple[_Arrays, tuple[int, ...]]] = []

    def get(self) -> _Arrays:
        for i, (arrays, alone) in enumerate(self.sets):
            if _refcounts(arrays) == alone:
                # the oldest free set goes to the back: it is the one handed out now
                self.sets.append(self.sets.pop(i))
                return arrays
        if len(self.sets) == 2:
            self.sets.pop(0)  # held by the caller: theirs now, no longer recycled
        import numpy as np

        new: _Arrays = (
            np.empty((self.rows, PLANES, self.size, self.size), np.float32),
            np.empty(self.rows, np.int64),
            np.empty(self.rows, np.float32),
        )
        self.sets.append((new, _refcounts(new)))
        return self.sets[-1][0]


def training_batches(
    paths: Iterable[PathLike],
    batch_size: int = 1024,
    size: int = 19,
    symmetries: bool = False,
    threads: Optional[int] = None,
    rules: Union[Rules, str, None] = None,
    skip_errors: bool = False,
    files_per_read: int = 256,
) -> Iterator[TrainingData]:
    """The rows of :func:`training_data`, in the same order, as batches of ``batch_size``
    rows (the last one shorter): for corpora too large for one array, in bounded memory.

    Each batch is a :class:`TrainingData` with ``inputs`` float32
    ``(rows, PLANES, size, size)``, ``policy`` int64 ``(rows,)`` and ``value`` float32
    ``(rows,)``, the values :func:`training_data` gives for those rows, and ``errors`` the
    files skipped (``skip_errors=True``) since the previous batch (a last batch with no rows
    carries those skipped after the last row, if any).

    The arrays of a batch are reused for a later batch once nothing holds them any more
    (no variable, list, view or tensor sharing their memory): writing into memory already
    touched spares the kernel's first touch of new pages (in 4 KiB pages that cost more than
    the features themselves). Keeping a batch is safe: an array something still holds is
    never overwritten (the next batch gets new arrays).

    Files are read ``files_per_read`` at a time, on ``threads`` threads (default: one per
    core) with the GIL released, as are the rows. A file that cannot be read, is not
    ``size`` x ``size`` or holds an illegal move raises :class:`SgfError` naming it, when
    its group of ``files_per_read`` files is read (before any row of that group is yielded),
    unless ``skip_errors``.
    """
    if batch_size < 1:
        raise ValueError("batch_size must be at least 1")
    if files_per_read < 1:
        raise ValueError("files_per_read must be at least 1")
    stream = _tengen.TrainingStream(size, symmetries, threads, rules, skip_errors)
    buffers = _Buffers(batch_size, size)
    errors: list[str] = []

    def batch() -> TrainingData:
        nonlocal errors
        inputs, policy, value = buffers.get()
        n = stream.fill(inputs, policy, value)
        done, errors = errors, []
        if n < batch_size:
            return TrainingData(inputs[:n], policy[:n], value[:n], done)
        return TrainingData(inputs, policy, value, done)

    chunk: list[str] = []
    for p in paths:
        chunk.append(os.fspath(p))
        if len(chunk) == files_per_read:
            errors += stream.add(chunk)
            chunk = []
            while stream.pending >= batch_size:
                yield batch()
    if chunk:
        errors += stream.add(chunk)
    while stream.pending:
        yield batch()
    if errors:
        import numpy as np

        yield TrainingData(
            np.empty((0, PLANES, size, size), np.float32),
            np.empty(0, np.int64),
            np.empty(0, np.float32),
            errors,
        )
