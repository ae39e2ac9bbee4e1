"""Benchmarks of the Python package, side by side in one run (see BENCHMARKS.md).

Usage: python bench/bench.py [FOX_DIR]   (default: ../shared/data/sgf/fox-pro)

Prints a Markdown table: fox-pro replay from Python vs sgfmill, Board.play calls per second vs
sgfmill's Board.play, feature extraction positions per second on 19x19, replay_many with 1 and
2 threads. Wall time and process CPU time are both given; the load average is printed, since
the machine may be shared.
"""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path
from typing import Callable

import tengen

HERE = Path(__file__).resolve().parent
FOX = Path(sys.argv[1]) if len(sys.argv) > 1 else HERE.parents[1].parent / "shared" / "data" / "sgf" / "fox-pro"


def timed(f: Callable[[], object], repeat: int = 3) -> tuple[float, float]:
    """Best (wall seconds, CPU seconds) of ``repeat`` runs."""
    best = (float("inf"), float("inf"))
    for _ in range(repeat):
        w0, c0 = time.perf_counter(), time.process_time()
        f()
        w, c = time.perf_counter() - w0, time.process_time() - c0
        if w < best[0]:
            best = (w, c)
    return best


def main() -> None:
    from sgfmill import boards, sgf, sgf_moves

    files = sorted(FOX.glob("*.sgf"))
    datas = [f.read_bytes() for f in files]
    n = len(files)
    print(f"{n} files from {FOX}; Python {platform.python_version()}; load average {os.getloadavg()}")
    rows: list[tuple[str, str, str]] = []

    def sgfmill_replay() -> None:
        for d in datas:
            g = sgf.Sgf_game.from_bytes(d)
            b, plays = sgf_moves.get_setup_and_moves(g)
            for colour, move in plays:
                if move is not None:
                    b.play(move[0], move[1], colour)

    def tengen_load_replay() -> None:
        for d in datas:
            tengen.sgf.load(d).replay()

    def tengen_many(threads: int) -> Callable[[], None]:
        def run() -> None:
            for r in tengen.sgf.replay_many(files, threads=threads):
                assert r.ok
        return run

    sw, sc = timed(sgfmill_replay, 1)
    rows.append(("fox-pro replay, sgfmill (parse + play)", f"{n / sw:,.0f} games/s", f"{sw:.2f} s wall, {sc:.2f} s CPU"))
    lw, lc = timed(tengen_load_replay)
    rows.append(("fox-pro replay, tengen.sgf.load(bytes).replay() per file", f"{n / lw:,.0f} games/s ({sw / lw:.0f}x)", f"{lw:.3f} s wall, {lc:.3f} s CPU"))
    w1, c1 = timed(tengen_many(1))
    rows.append(("fox-pro replay, tengen.sgf.replay_many(threads=1)", f"{n / w1:,.0f} games/s ({sw / w1:.0f}x)", f"{w1:.3f} s wall, {c1:.3f} s CPU"))
    w2, c2 = timed(tengen_many(2))
    rows.append(("fox-pro replay, tengen.sgf.replay_many(threads=2)", f"{n / w2:,.0f} games/s; {w1 / w2:.2f}x of 1 thread", f"{w2:.3f} s wall, {c2:.3f} s CPU ({c2 / w2:.2f} cores busy)"))

    # single Board.play calls: the main lines of the first 200 games, on fresh boards
    games = []
    for d in datas[:200]:
        g = sgf.Sgf_game.from_bytes(d)
        _, plays = sgf_moves.get_setup_and_moves(g)
        games.append([(c, m) for c, m in plays if m is not None])
    moves = sum(len(g) for g in games)

    def sgfmill_play() -> None:
        for g in games:
            b = boards.Board(19)
            for colour, (row, col) in g:
                b.play(row, col, colour)

    tgames = [[(col, 18 - row, 1 if c == "b" else 2) for c, (row, col) in g] for g in games]

    def tengen_play() -> None:
        for g in tgames:
            b = tengen.Board(19, rules="japanese")
            play = b.play
            for x, y, c in g:
                play(x, y, c)

    pw, _ = timed(sgfmill_play)
    tw, _ = timed(tengen_play)
    rows.append(("Board.play, sgfmill", f"{moves / pw:,.0f} calls/s", f"{moves} moves of 200 games"))
    rows.append(("Board.play, tengen", f"{moves / tw:,.0f} calls/s ({pw / tw:.1f}x)", "the same moves, legality checked (simple ko)"))

    sub = files[:200]
    fw, fc = timed(lambda: tengen.training_data(sub, threads=1), 2)
    positions = len(tengen.training_data(sub, threads=1).value)
    rows.append(("features: tengen.training_data(200 files, threads=1)", f"{positions / fc:,.0f} positions/s per core (CPU)", f"{positions} positions, {fw:.2f} s wall, {fc:.2f} s CPU"))
    fw2, fc2 = timed(lambda: tengen.training_data(sub, threads=2), 2)
    rows.append(("features: tengen.training_data(200 files, threads=2)", f"{positions / fw2:,.0f} positions/s", f"{fw2:.2f} s wall, {fc2:.2f} s CPU"))
    g = tengen.sgf.load(files[0]).replay()
    k = 20000
    ew, ec = timed(lambda: [tengen.features(g) for _ in range(k)])
    rows.append(("features: tengen.features(game) called from Python", f"{k / ec:,.0f} positions/s per core (CPU)", f"one 19x19 end position, {k} calls"))

    print()
    print("| Measure | Rate | Detail |")
    print("|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")
    print(f"\nload average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
