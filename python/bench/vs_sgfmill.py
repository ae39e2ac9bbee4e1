"""The per-file path against sgfmill, side by side in one run (issue 24; see BENCHMARKS.md).

Usage: python bench/vs_sgfmill.py [FOX_DIR] [--rounds N] [--files N]
(FOX_DIR default: ../shared/data/sgf/fox-pro)

Each measure runs sgfmill and tengen in interleaved rounds (sgfmill, tengen, sgfmill, ...)
and reports the medians of process CPU time (``time.process_time``: the fair measure on a
shared machine), and their ratio:

- the per-file loop ``for d in datas: tengen.sgf.load(d).replay()`` against sgfmill's
  ``Sgf_game.from_bytes`` + ``get_setup_and_moves`` + ``Board.play`` of every move;
- ``replay_many(datas, threads=1)`` reading every result's ``.board`` (once) against the
  same sgfmill loop;
- single ``Board.play`` calls on fresh 19x19 boards (the main lines of the first 200 games);
- ``import tengen`` in a fresh interpreter: wall medians, and whether numpy got imported.

The files are read into memory first: both sides parse the same bytes.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable

import tengen

HERE = Path(__file__).resolve().parent
DEFAULT_FOX = HERE.parents[1].parent / "shared" / "data" / "sgf" / "fox-pro"


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def cpu(f: Callable[[], object]) -> float:
    """Process CPU seconds of one call of ``f``."""
    c0 = time.process_time()
    f()
    return time.process_time() - c0


def interleaved(sides: dict[str, Callable[[], object]], rounds: int) -> dict[str, float]:
    """Median CPU seconds of each side over ``rounds`` interleaved rounds (one warm-up)."""
    for f in sides.values():
        f()
    times: dict[str, list[float]] = {k: [] for k in sides}
    for _ in range(rounds):
        for k, f in sides.items():
            times[k].append(cpu(f))
    return {k: statistics.median(v) for k, v in times.items()}


def import_time(rounds: int) -> tuple[float, bool]:
    """Median wall seconds of ``import tengen`` in a fresh interpreter (the interpreter's own
    start subtracted: ``python -c pass`` measured in the same rounds), and whether numpy was
    imported by it."""
    code = ("import time, sys; t = time.perf_counter(); import tengen; "
            "print(time.perf_counter() - t, 'numpy' in sys.modules)")
    walls = []
    numpy_loaded = False
    for _ in range(rounds):
        out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True,
                             text=True).stdout.split()
        walls.append(float(out[0]))
        numpy_loaded = numpy_loaded or out[1] == "True"
    return statistics.median(walls), numpy_loaded


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fox", nargs="?", type=Path, default=DEFAULT_FOX, help="the fox-pro folder")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--files", type=int, default=0, help="only the first N files (default all)")
    args = ap.parse_args()
    from sgfmill import boards, sgf, sgf_moves

    files = sorted(Path(args.fox).resolve().glob("*.sgf"))
    if args.files:
        files = files[: args.files]
    if not files:
        ap.error(f"no .sgf files in {args.fox}")
    datas = [f.read_bytes() for f in files]
    n = len(datas)
    print(f"{n} files from {args.fox}; Python {platform.python_version()}; "
          f"{os.cpu_count()} CPUs; load average {loadavg()}; "
          f"{time.strftime('%Y-%m-%d %H:%M %Z')}; {args.rounds} interleaved rounds")

    def sgfmill_replay() -> None:
        for d in datas:
            g = sgf.Sgf_game.from_bytes(d)
            b, plays = sgf_moves.get_setup_and_moves(g)
            for colour, move in plays:
                if move is not None:
                    b.play(move[0], move[1], colour)

    def tengen_per_file() -> None:
        for d in datas:
            tengen.sgf.load(d).replay()

    def tengen_many_boards() -> None:
        for r in tengen.sgf.replay_many(datas, threads=1):
            assert r.board is not None

    rows: list[tuple[str, str, str]] = []
    m = interleaved({"sgfmill": sgfmill_replay, "per_file": tengen_per_file,
                     "many": tengen_many_boards}, args.rounds)
    s = m["sgfmill"]
    rows.append(("sgfmill: from_bytes + get_setup_and_moves + play", f"{s * 1e6 / n:.1f} µs/file", "1x"))
    rows.append(("tengen.sgf.load(d).replay() per file", f"{m['per_file'] * 1e6 / n:.1f} µs/file",
                 f"**{s / m['per_file']:.1f}x**"))
    rows.append(("replay_many(datas, threads=1), every .board read", f"{m['many'] * 1e6 / n:.1f} µs/file",
                 f"**{s / m['many']:.1f}x**"))

    games = []
    for d in datas[:200]:
        g = sgf.Sgf_game.from_bytes(d)
        _, plays = sgf_moves.get_setup_and_moves(g)
        games.append([(c, mv) for c, mv in plays if mv is not None])
    moves = sum(len(g) for g in games)
    tgames = [[(col, 18 - row, 1 if c == "b" else 2) for c, (row, col) in g] for g in games]

    def sgfmill_play() -> None:
        for g in games:
            b = boards.Board(19)
            for colour, (row, col) in g:
                b.play(row, col, colour)

    def tengen_play() -> None:
        for g in tgames:
            b = tengen.Board(19, rules="japanese")
            play = b.play
            for x, y, c in g:
                play(x, y, c)

    p = interleaved({"sgfmill": sgfmill_play, "tengen": tengen_play}, args.rounds)
    rows.append((f"sgfmill Board.play ({moves} moves of 200 games)", f"{p['sgfmill'] * 1e9 / moves:.0f} ns/call", "1x"))
    rows.append(("tengen Board.play, the same moves", f"{p['tengen'] * 1e9 / moves:.0f} ns/call",
                 f"**{p['sgfmill'] / p['tengen']:.1f}x**"))

    it, loaded = import_time(max(args.rounds, 9))
    rows.append(("import tengen (fresh interpreter, wall median)", f"{it * 1e3:.1f} ms",
                 "numpy imported" if loaded else "numpy not imported"))

    print()
    print("| Measure | CPU time (median) | Ratio to sgfmill |")
    print("|---|---:|---:|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")
    print(f"\nload average after: {loadavg()}")


if __name__ == "__main__":
    main()
