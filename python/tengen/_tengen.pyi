"""Type stubs of the Rust extension module (the public names are re-exported by ``tengen``)."""

import enum
import os
from typing import Any, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

Point = tuple[int, int]
ColorLike = Union["Color", int, str]
RulesLike = Union["Rules", str, None]
MoveRecord = tuple["Color", Optional[Point]]

PLANES: int

class Color(enum.IntEnum):
    """A player's colour: BLACK (1) or WHITE (2), the move task's digits."""

    BLACK = 1
    WHITE = 2
    def opponent(self) -> "Color":
        """The other colour."""
    @property
    def name_lower(self) -> str:
        """``"black"`` or ``"white"``."""

class IllegalMoveError(ValueError):
    """An illegal move; ``reason`` is "occupied", "suicide", "ko", "superko" or "off board"."""

    reason: str
    point: Point
    color: Color

class SgfError(ValueError):
    """An SGF record that cannot be read or replayed (the message names the file and spot)."""

class Rules:
    """A rule set: a preset by name, optionally with fields changed."""

    def __init__(
        self,
        name: str = "chinese",
        *,
        komi: Optional[float] = None,
        ko: Optional[str] = None,
        suicide: Optional[bool] = None,
        scoring: Optional[str] = None,
        tax: Optional[str] = None,
        handicap_bonus: Optional[str] = None,
    ) -> None: ...
    @property
    def name(self) -> Optional[str]:
        """The preset these rules equal (komi aside), or None."""
    @property
    def ko(self) -> str:
        """"none", "simple", "positional" or "situational"."""
    @property
    def suicide(self) -> bool:
        """Whether suicide of more than one stone is legal."""
    @property
    def scoring(self) -> str:
        """"area" or "territory"."""
    @property
    def tax(self) -> str:
        """"none", "seki" or "all"."""
    @property
    def handicap_bonus(self) -> str:
        """"0", "N" or "N-1"."""
    @property
    def komi(self) -> float:
        """Komi in points."""
    @staticmethod
    def presets() -> list[str]:
        """The names of every preset."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Board:
    """A board position with the rules its moves are checked under (default Chinese: simple
    ko, suicide illegal).

    Two indexing orders, each the usual one of its world: a point is ``(x, y)``, column
    first (``board[x, y]``, ``play(x, y, color)``, every point returned), with ``y = 0`` the
    top row; an array is numpy's row-major ``(height, width)``, row first
    (``to_numpy()[y, x]``, ``np.asarray(board)[y, x]``, as ``features`` and ``ownership``)."""

    def __init__(self, width: int, height: Optional[int] = None, rules: RulesLike = None) -> None: ...
    @property
    def width(self) -> int:
        """Columns."""
    @property
    def height(self) -> int:
        """Rows."""
    @property
    def rules(self) -> Rules:
        """The rules moves are checked under."""
    @property
    def ko(self) -> Optional[tuple[Point, Color]]:
        """The simple-ko point and the colour barred from it, or None."""
    @property
    def zobrist(self) -> int:
        """The Zobrist hash of the stones."""
    def play(self, x: int, y: int, color: ColorLike) -> tuple[Point, ...]:
        """Put a stone; return the captured points (``()`` for none) or raise
        IllegalMoveError."""
    def is_legal(self, x: int, y: int, color: ColorLike) -> bool:
        """Whether the move is legal (off-board points are not)."""
    def why_illegal(self, x: int, y: int, color: ColorLike) -> Optional[str]:
        """The reason the move is illegal, or None."""
    def legal_moves(self, color: ColorLike) -> list[Point]:
        """Every legal point for ``color``, row by row."""
    def edit(self, edits: Sequence[tuple[Point, Optional[ColorLike]]]) -> None:
        """Set or clear points without rules (setup)."""
    def chain(self, x: int, y: int) -> Optional[list[Point]]:
        """The stones of the chain on the point, or None on an empty point."""
    def liberty_points(self, x: int, y: int) -> Optional[list[Point]]:
        """The liberties of the chain on the point, or None on an empty point."""
    def liberties(self, x: int, y: int) -> Optional[int]:
        """The number of liberties of the chain on the point, or None on an empty point."""
    def count(self, color: ColorLike) -> int:
        """Stones of ``color`` on the board."""
    def copy(self) -> "Board":
        """A copy."""
    def __copy__(self) -> "Board": ...
    def __deepcopy__(self, memo: Any) -> "Board": ...
    def __getitem__(self, key: Point) -> Optional[Color]:
        """``board[x, y]``: column first (arrays are row first, ``a[y, x]``)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def rows(self) -> list[str]:
        """The rows as ``.XO`` text."""
    @staticmethod
    def from_rows(rows: Sequence[str], rules: RulesLike = None) -> "Board":
        """A board from digit rows (``"0120"``) or ``.XO`` rows."""
    @staticmethod
    def from_text(text: str, rules: RulesLike = None) -> "Board":
        """A board from text in any format ``tengen`` reads."""
    def to_numpy(self) -> npt.NDArray[np.int8]:
        """int8 (height, width), row first: ``a[y, x]`` is ``board[x, y]``; 0 empty, 1 black,
        2 white."""
    def __array__(self, dtype: Any = None, copy: Optional[bool] = None) -> npt.NDArray[Any]:
        """``np.asarray(board)``: the array of :meth:`to_numpy` (in ``dtype`` when given)."""
    @staticmethod
    def from_numpy(a: npt.NDArray[np.int8], rules: RulesLike = None) -> "Board":
        """A board from an int8 (height, width) array, row first (``a[y, x]`` becomes
        ``board[x, y]``): 0 empty, 1 black, 2 white."""

class Game:
    """A game: board, rules, side to move, captures, history, superko and undo."""

    def __init__(
        self,
        width: int = 19,
        height: Optional[int] = None,
        rules: RulesLike = None,
        komi: Optional[float] = None,
    ) -> None: ...
    @staticmethod
    def from_board(
        board: Board,
        to_move: Optional[ColorLike] = None,
        rules: RulesLike = None,
        komi: Optional[float] = None,
    ) -> "Game":
        """A game continuing from ``board`` (its history starts there)."""
    def play(self, x: int, y: int, color: Optional[ColorLike] = None) -> tuple[Point, ...]:
        """Play for ``color`` (default: the side to move); return the captured points (``()``
        for none)."""
    def pass_move(self, color: Optional[ColorLike] = None) -> None:
        """Pass for ``color`` (default: the side to move)."""
    def undo(self) -> Optional[MoveRecord]:
        """Take back the last move; return it, or None at the start."""
    def is_legal(self, x: int, y: int, color: Optional[ColorLike] = None) -> bool:
        """Whether the move is legal, superko included."""
    def why_illegal(self, x: int, y: int, color: Optional[ColorLike] = None) -> Optional[str]:
        """The reason the move is illegal, or None."""
    def legal_moves(self, color: Optional[ColorLike] = None) -> list[Point]:
        """Every legal point, superko included."""
    @property
    def to_move(self) -> Color:
        """Whose turn it is."""
    @to_move.setter
    def to_move(self, color: ColorLike) -> None: ...
    @property
    def captures(self) -> dict[Color, int]:
        """Stones captured by each player."""
    @property
    def history(self) -> list[MoveRecord]:
        """The moves played, oldest first."""
    @property
    def last_move(self) -> Optional[MoveRecord]:
        """The last move, or None."""
    @property
    def consecutive_passes(self) -> int:
        """Consecutive passes at the end of the history."""
    @property
    def is_over(self) -> bool:
        """Whether two consecutive passes ended the game."""
    @property
    def board(self) -> Board:
        """A copy of the current position."""
    @property
    def rules(self) -> Rules:
        """The rules."""
    @property
    def width(self) -> int:
        """Columns."""
    @property
    def height(self) -> int:
        """Rows."""
    def copy(self) -> "Game":
        """A copy, history included."""
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def __len__(self) -> int: ...
    def __getitem__(self, key: Point) -> Optional[Color]:
        """``game[x, y]``: column first (arrays are row first, ``[y, x]``)."""

class Territories:
    """Who owns each empty region (dead stones assumed removed)."""

    @property
    def black(self) -> list[Point]:
        """Black's territory."""
    @property
    def white(self) -> list[Point]:
        """White's territory."""
    @property
    def none(self) -> list[Point]:
        """Empty points owned by nobody."""
    def region(self, x: int, y: int) -> tuple[str, list[Point]]:
        """(owner "BLACK"/"WHITE"/"NONE", points) of the region holding the point."""
    def owner(self, x: int, y: int) -> Optional[Color]:
        """The owner of the point (None for stones and neutral points)."""
    def to_json(self) -> str:
        """The territory task's JSON object."""

class Score:
    """A finished count."""

    @property
    def result(self) -> str:
        """``B+3.5``, ``W+12`` or ``0``."""
    @property
    def margin(self) -> float:
        """Black's total minus White's, in points."""
    @property
    def winner(self) -> Optional[Color]:
        """The winner, or None for a draw."""
    @property
    def black(self) -> dict[str, float]:
        """Black's side of the count."""
    @property
    def white(self) -> dict[str, float]:
        """White's side of the count."""
    @property
    def rules(self) -> Rules:
        """The rules counted under."""
    def owner(self, x: int, y: int) -> Optional[Color]:
        """Who the point counts for."""
    def is_seki(self, x: int, y: int) -> bool:
        """Whether the point is an uncounted seki point."""
    def owner_rows(self) -> list[str]:
        """Owners as rows of X, O and ."""
    def to_json(self) -> str:
        """The JSON ``tengen score`` prints."""

class Record:
    """A game record read from SGF.

    Lazy: it keeps the file's bytes and what the library's zero-copy scan of the main line
    found; the tree, decoded properties, moves, comments and warnings are read on the first
    access to any of them and kept. A file the scan cannot vouch for is read in full by
    :func:`load_sgf`, so every error is raised when loading, as with ``lazy=False``.
    """

    @property
    def name(self) -> str:
        """The path, or "<bytes>"."""
    @property
    def properties(self) -> dict[str, list[str]]:
        """Root properties, decoded."""
    def get(self, id: str, default: Optional[str] = None) -> Optional[str]:
        """The first value of a root property, decoded."""
    @property
    def size(self) -> tuple[int, int]:
        """(width, height)."""
    @property
    def moves(self) -> list[MoveRecord]:
        """The main line's moves."""
    @property
    def setup(self) -> list[tuple[int, Point, Optional[Color]]]:
        """(moves played before it, point, colour or None) of each setup point."""
    @property
    def comments(self) -> list[tuple[int, str]]:
        """(main-line node index, text) of each comment."""
    @property
    def node_count(self) -> int:
        """Nodes on the main line."""
    @property
    def warnings(self) -> list[str]:
        """Problems the lenient reader recovered from."""
    def replay(self, rules: RulesLike = None, komi: Optional[float] = None) -> Game:
        """Replay the main line: the Game, or IllegalMoveError naming the move."""

class ReplayResult:
    """The outcome of replaying one file."""

    path: str
    ok: bool
    moves: int
    captures: tuple[int, int]
    result: Optional[str]
    error: Optional[str]
    reason: Optional[str]
    warnings: list[str]
    @property
    def board(self) -> Optional[Board]:
        """The final position, or None for an unreadable file."""
    @property
    def rules(self) -> Optional[Rules]:
        """The rules the moves were checked under."""
    @property
    def to_move(self) -> Optional[Color]:
        """Whose turn it is after the last move."""

def territory(board: Board) -> Territories:
    """The territory of ``board``."""

def score(
    position: Union[Board, Game],
    rules: RulesLike = None,
    komi: Optional[float] = None,
    dead: Union[str, Sequence[Point], None] = None,
    handicap: Optional[int] = None,
    captures: Optional[tuple[int, int]] = None,
    pass_alive: bool = False,
) -> Score:
    """Count a Board (its rules) or a Game (its rules and captures; a record's game also its
    handicap). ``dead``: ``"auto"`` (the judge decides), ``"none"`` or the points of dead
    chains; by default ``"auto"`` for a game replayed from a record, ``"none"`` otherwise."""

class Judgement:
    """The judgement of a finished game's position."""

    @property
    def dead(self) -> list[Point]:
        """The dead stones, sorted by (y, x)."""
    @property
    def seki(self) -> list[Point]:
        """Stones in seki and shared liberties in seki, sorted by (y, x)."""
    @property
    def chains(self) -> list[tuple[Color, list[Point], str, bool, float]]:
        """(colour, stones, "alive"/"dead"/"seki", certain, confidence) of every chain."""
    @property
    def ownership(self) -> npt.NDArray[np.float32]:
        """float32 (height, width), row first (``[y, x]``): the playouts' mean owner, +1
        Black to -1 White."""
    @property
    def score(self) -> Score:
        """The count with the dead stones removed."""
    @property
    def result(self) -> str:
        """``B+3.5``, ``W+12`` or ``0``."""
    def to_json(self) -> str:
        """The library's JSON of the count (as the WebAssembly package's ``judge``)."""

def judge(
    position: Union[Board, Game],
    rules: RulesLike = None,
    komi: Optional[float] = None,
    to_move: Optional[ColorLike] = None,
    playouts: int = 128,
    seed: int = 1,
    captures: Optional[tuple[int, int]] = None,
    handicap: Optional[int] = None,
) -> Judgement:
    """Judge the dead stones of a finished position (the library's judge) and count it."""

class Reading:
    """The answer to a reading question about one chain (:func:`tengen.attack`)."""

    @property
    def verdict(self) -> str:
        """``"success"``, ``"ko"`` (success only by winning a ko, taking it first),
        ``"ko_after_threat"`` (only by winning a ko the opponent takes first) or ``"failure"``."""
    @property
    def code(self) -> int:
        """GNU Go's result code: 1 success, 2 ko, 3 ko after a threat, 0 failure."""
    @property
    def point(self) -> Optional[Point]:
        """The move that succeeds; None for a failure or a pass."""
    @property
    def proven(self) -> bool:
        """Whether every line was read to its end (else the node budget cut the search)."""
    @property
    def nodes(self) -> int:
        """Positions searched."""
    @property
    def pv(self) -> list[MoveRecord]:
        """The principal variation, the first move first (empty for a failure)."""

def read(
    question: str, position: Union[Board, Game], x: int, y: int, nodes: Optional[int] = None
) -> Reading:
    """Ask "attack", "defend" or "ladder_captured" about the chain on (x, y)."""

class LifeLine:
    """One side of a life-and-death answer: the status with that side moving first."""

    @property
    def status(self) -> str:
        """``"alive"``, ``"dead"``, ``"seki"`` or ``"ko"``."""
    @property
    def key(self) -> Optional[Point]:
        """The first mover's key move when it reaches its goal; None for a pass (``passes``)
        or when it fails."""
    @property
    def passes(self) -> bool:
        """Whether passing is enough."""
    @property
    def proven(self) -> bool:
        """Whether the searches were solved within their budgets."""
    @property
    def nodes(self) -> int:
        """Nodes expanded."""
    @property
    def needs_ko_threat(self) -> bool:
        """With status ``"ko"``: whether this side wins the ko only by retaking it after a
        ko threat of its own (GNU Go's code 3), not by taking it first (code 2)."""

class LifeAndDeath:
    """The life and death of a group in its enclosed region (:func:`tengen.life_and_death`)."""

    @property
    def attacker_first(self) -> LifeLine:
        """The group's opponent moves first."""
    @property
    def defender_first(self) -> LifeLine:
        """The group's owner moves first."""
    @property
    def region(self) -> list[Point]:
        """The region searched, sorted by (y, x)."""
    @property
    def proven(self) -> bool:
        """Both lines proven."""
    @property
    def framed(self) -> bool:
        """The group was open and read inside the frame of its problem (``region`` is the
        frame's box)."""

def life_and_death(
    position: Union[Board, Game],
    x: int,
    y: int,
    region: Optional[Sequence[Point]] = None,
    nodes: Optional[int] = None,
    frame: bool = False,
    open: bool = False,
) -> LifeAndDeath:
    """Life and death of the group on (x, y) in its enclosed region (given, or found), read
    exactly by df-pn; with ``frame``, an open group is read inside the frame of its problem
    (a diagram on an open board, the attacker strong around it); with ``open``, an open
    group of a game is read in an open region where running out counts as a defence (GNU
    Go's owl questions); ValueError for an open group without ``frame`` or ``open``, a
    region over the library's limit, or ``open`` with ``region`` or ``frame``."""

class RaceLine:
    """One side of a capturing race: the outcome with that side moving first."""

    @property
    def outcome(self) -> str:
        """``"win"``, ``"ko"`` (a capture only by winning a ko) or ``"seki"``."""
    @property
    def winner(self) -> Optional[Color]:
        """The colour of the chain that captures (None for seki)."""
    @property
    def point(self) -> Optional[Point]:
        """The first mover's best move; None for a pass."""
    @property
    def proven(self) -> bool:
        """Whether every line was read to its end."""
    @property
    def nodes(self) -> int:
        """Positions visited."""

def semeai(
    position: Union[Board, Game], ax: int, ay: int, bx: int, by: int, nodes: Optional[int] = None
) -> tuple[RaceLine, RaceLine]:
    """The race between the chains on (ax, ay) and (bx, by): (a's owner first, b's owner first)."""

def to_gtp(x: int, y: int, height: int = 19) -> str:
    """The GTP vertex of a point."""

def from_gtp(vertex: str, width: int = 19, height: Optional[int] = None) -> Optional[Point]:
    """The point of a GTP vertex (None for "pass")."""

def to_sgf(x: int, y: int) -> str:
    """The SGF letters of a point."""

def from_sgf(letters: str, width: int = 19, height: Optional[int] = None) -> Optional[Point]:
    """The point of SGF letters (None for a pass)."""

def load_sgf(data: bytes, name: str = "<bytes>", lazy: bool = True) -> Record:
    """Read a record from bytes; ``lazy=False`` reads its tree at once (the eager path)."""

def load_sgf_file(path: Union[str, "os.PathLike[str]"], lazy: bool = True) -> Record:
    """Read a record from a file, at most 256 MiB (pipes and devices included);
    ``lazy=False`` reads its tree at once (the eager path)."""

def replay_many(
    paths: Sequence[Union[str, bytes]],
    threads: Optional[int] = None,
    rules: RulesLike = None,
    komi: Optional[float] = None,
    boards: bool = True,
) -> list[ReplayResult]:
    """Replay files in parallel, results in input order."""

class ReplayStream:
    """Files replayed in the background, batch by batch (see :func:`tengen.sgf.replay_many`)."""

    def __init__(
        self,
        threads: Optional[int] = None,
        rules: RulesLike = None,
        komi: Optional[float] = None,
        boards: bool = True,
    ) -> None:
        """Start the worker threads (one per core by default)."""
    def submit(self, paths: Sequence[Union[str, bytes]]) -> None:
        """Start replaying a batch of files (paths, or their bytes); returns at once."""
    def take(self) -> list[ReplayResult]:
        """The results of the oldest batch not taken yet, in input order (waits for it)."""
    def __len__(self) -> int:
        """Batches submitted and not taken yet."""

def features(game: Game, symmetry: int = 0) -> npt.NDArray[np.float32]:
    """float32 (PLANES, height, width) input planes for the side to move, each row first
    (``planes[k, y, x]`` is about ``game[x, y]``)."""

def training_data(
    paths: Sequence[str],
    size: int = 19,
    symmetries: bool = False,
    threads: Optional[int] = None,
    rules: RulesLike = None,
    skip_errors: bool = False,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[np.float32], list[str]]:
    """Training arrays from SGF files."""

class TrainingStream:
    """Training rows written batch by batch into given arrays (see
    :func:`tengen.training_batches`)."""

    def __init__(
        self,
        size: int = 19,
        symmetries: bool = False,
        threads: Optional[int] = None,
        rules: RulesLike = None,
        skip_errors: bool = False,
    ) -> None:
        """Start the worker threads (one per core by default)."""
    def add(self, paths: Sequence[str]) -> list[str]:
        """Read and check files; their rows join the queue. Returns the files skipped."""
    @property
    def pending(self) -> int:
        """Rows queued and not written yet."""
    def fill(
        self,
        inputs: npt.NDArray[np.float32],
        policy: npt.NDArray[np.int64],
        value: npt.NDArray[np.float32],
    ) -> int:
        """Write the next rows into the first rows of the arrays; returns how many."""

def transform(x: int, y: int, symmetry: int, width: int = 19, height: Optional[int] = None) -> Point:
    """Map a point through one of the 8 symmetries."""
