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
    rows.append(("fox-pro replay vs sgfmill in CPU time", f"load+replay {sc / lc:.0f}x, replay_many {sc / c1:.0f}x", "process CPU seconds, the fair measure on a loaded machine"))

    # thread scaling: a longer job (the corpus 5 times, no boards) so that the pool's start
    # and the Python side are negligible
    big = files * 5

    def scaling(threads: int) -> Callable[[], None]:
        def run() -> None:
            for r in tengen.sgf.replay_many(big, threads=threads, boards=False, chunk=len(big)):
                assert r.ok
        return run

    s1w, s1c = timed(scaling(1))
    s2w, s2c = timed(scaling(2))
    rows.append(("replay_many(threads=1), fox-pro x5, no boards", f"{len(big) / s1w:,.0f} games/s", f"{s1w:.3f} s wall, {s1c:.3f} s CPU ({s1c / s1w:.2f} cores busy)"))
    rows.append(("replay_many(threads=2), fox-pro x5, no boards", f"{len(big) / s2w:,.0f} games/s; {s1w / s2w:.2f}x of 1 thread (wall)", f"{s2w:.3f} s wall, {s2c:.3f} s CPU ({s2c / s2w:.2f} cores busy); CPU per game {s2c / s1c:.2f}x of 1 thread"))

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
    import resource

    best = None
    for _ in range(3):
        r0 = resource.getrusage(resource.RUSAGE_SELF)
        w0 = time.perf_counter()
        positions = len(tengen.training_data(sub, threads=1).value)
        fw = time.perf_counter() - w0
        r1 = resource.getrusage(resource.RUSAGE_SELF)
        user, system = r1.ru_utime - r0.ru_utime, r1.ru_stime - r0.ru_stime
        if best is None or user + system < best[1] + best[2]:
            best = (fw, user, system)
    assert best is not None
    fw, user, system = best
    rows.append(("features: tengen.training_data(200 files, threads=1)", f"{positions / (user + system):,.0f} positions/s per core (CPU); {positions / user:,.0f} in user time", f"{positions} positions, {fw:.2f} s wall, {user:.2f} s user + {system:.2f} s system (first touch of the {positions * tengen.PLANES * 361 * 4 / 2**20:,.0f} MiB array)"))
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
