"""Benchmarks of the Python package, side by side in one run (see BENCHMARKS.md).

Usage: python bench/bench.py [FOX_DIR] [--only replay,play,features,scaling] [--rounds N]
(FOX_DIR default: ../shared/data/sgf/fox-pro)

Prints a Markdown table: fox-pro replay from Python vs sgfmill, Board.play calls per second vs
sgfmill's Board.play, feature extraction positions per second on 19x19 (training_data in one
array, training_batches, features per call), replay_many with 1 and 2 threads. Wall time and
process CPU time are both given; the load average is printed with each scaling round, since
the machine may be shared. ``--only scaling`` runs just the thread scaling: ``--rounds``
rounds of 1 thread then 2 threads, interleaved (1, 2, 1, 2, ...), reporting the medians.
When the CLI is found (``$TENGEN_BIN``, else the repository's ``target/release/tengen``), each
scaling round also runs ``tengen bench replay --threads 1`` and ``--threads 2`` on the same
files: the library's own parallel replay without Python, the reference for the binding's.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Callable, Sequence, Union

import tengen

HERE = Path(__file__).resolve().parent
DEFAULT_FOX = HERE.parents[1].parent / "shared" / "data" / "sgf" / "fox-pro"
MEASURES = ("replay", "play", "features", "scaling")


def cli() -> Union[str, None]:
    """The tengen CLI: ``$TENGEN_BIN``, else the repository's release build, else None."""
    env = os.environ.get("TENGEN_BIN")
    if env:
        return env
    built = HERE.parents[1] / "target" / "release" / "tengen"
    return str(built) if built.is_file() else None


def cli_replay_seconds(exe: str, fox: Path, threads: int) -> float:
    """Median seconds of ``tengen bench replay`` over ``fox`` on ``threads`` threads."""
    out = subprocess.run([exe, "bench", "replay", str(fox), "--rounds", "5", "--threads", str(threads), "--json"],
                         check=True, capture_output=True, text=True).stdout
    return float(json.loads(out)["seconds"])


def loadavg() -> str:
    """The 1, 5 and 15 minute load averages."""
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


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


def replay_and_play(files: list[Path], only: set[str], rows: list[tuple[str, str, str]]) -> None:
    """fox-pro replay vs sgfmill, and single Board.play calls vs sgfmill's."""
    from sgfmill import boards, sgf, sgf_moves

    datas = [f.read_bytes() for f in files]
    n = len(files)

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

    def tengen_many(threads: int, sources: Sequence[Union[Path, bytes]]) -> Callable[[], None]:
        def run() -> None:
            for r in tengen.sgf.replay_many(sources, threads=threads):
                assert r.ok
        return run

    if "replay" in only:
        sw, sc = timed(sgfmill_replay, 1)
        rows.append(("fox-pro replay, sgfmill (parse + play)", f"{n / sw:,.0f} games/s", f"{sw:.2f} s wall, {sc:.2f} s CPU"))
        lw, lc = timed(tengen_load_replay)
        rows.append(("fox-pro replay, tengen.sgf.load(bytes).replay() per file", f"{n / lw:,.0f} games/s ({sw / lw:.0f}x)", f"{lw:.3f} s wall, {lc:.3f} s CPU"))
        w1, c1 = timed(tengen_many(1, datas), 7)
        rows.append(("fox-pro replay, tengen.sgf.replay_many(bytes, threads=1)", f"{n / w1:,.0f} games/s ({sw / w1:.0f}x)", f"{w1:.3f} s wall, {c1:.3f} s CPU; the bytes in memory as for sgfmill, final boards returned"))
        fw1, fc1 = timed(tengen_many(1, files), 7)
        rows.append(("fox-pro replay, tengen.sgf.replay_many(paths, threads=1)", f"{n / fw1:,.0f} games/s ({sw / fw1:.0f}x)", f"{fw1:.3f} s wall, {fc1:.3f} s CPU; files read in Rust (sgfmill reads none), final boards returned"))
        _, rc = timed(lambda: [f.read_bytes() for f in files], 7)
        rows.append(("fox-pro replay vs sgfmill in CPU time", f"replay_many(bytes) {sc / c1:.0f}x, replay_many(paths) {(sc + rc) / fc1:.0f}x, load+replay {sc / lc:.0f}x", f"process CPU seconds, the fair measure on a loaded machine; for paths, sgfmill's side counts reading the files in Python too ({rc * 1e6 / n:.1f} µs a file)"))

    if "play" not in only:
        return
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


def feature_planes(files: list[Path], rows: list[tuple[str, str, str]]) -> None:
    """Feature planes: training_data in one array, training_batches, features per call."""
    import resource

    sub = files[:200]

    def cpu(f: Callable[[], int]) -> tuple[int, float, float, float]:
        """(positions, wall, user, system) of the best of 3 runs (least user + system)."""
        best = None
        for _ in range(3):
            r0 = resource.getrusage(resource.RUSAGE_SELF)
            w0 = time.perf_counter()
            positions = f()
            fw = time.perf_counter() - w0
            r1 = resource.getrusage(resource.RUSAGE_SELF)
            user, system = r1.ru_utime - r0.ru_utime, r1.ru_stime - r0.ru_stime
            if best is None or user + system < best[2] + best[3]:
                best = (positions, fw, user, system)
        assert best is not None
        return best

    positions, fw, user, system = cpu(lambda: len(tengen.training_data(sub, threads=1).value))
    rows.append(("features: tengen.training_data(200 files, threads=1)", f"{positions / (user + system):,.0f} positions/s per core (all CPU); {positions / user:,.0f} in user time", f"{positions} positions, {fw:.2f} s wall, {user:.2f} s user + {system:.2f} s system (first touch of the {positions * tengen.PLANES * 361 * 4 / 2**20:,.0f} MiB array)"))
    for bs in (256, 1024):
        p2, bw, bu, bsys = cpu(lambda: sum(len(b.value) for b in tengen.training_batches(sub, bs, threads=1)))
        assert p2 == positions
        rows.append((f"features: tengen.training_batches(200 files, batch_size={bs}, threads=1)", f"{positions / (bu + bsys):,.0f} positions/s per core (all CPU)", f"{bw:.2f} s wall, {bu:.2f} s user + {bsys:.2f} s system; arrays recycled"))
    fw2, fc2 = timed(lambda: tengen.training_data(sub, threads=2), 2)
    rows.append(("features: tengen.training_data(200 files, threads=2)", f"{positions / fw2:,.0f} positions/s", f"{fw2:.2f} s wall, {fc2:.2f} s CPU"))
    bw2, bc2 = timed(lambda: [len(b.value) for b in tengen.training_batches(sub, 1024, threads=2)], 3)
    rows.append(("features: tengen.training_batches(200 files, batch_size=1024, threads=2)", f"{positions / bw2:,.0f} positions/s", f"{bw2:.2f} s wall, {bc2:.2f} s CPU"))
    g = tengen.sgf.load(files[0]).replay()
    k = 20000
    ew, ec = timed(lambda: [tengen.features(g) for _ in range(k)])
    rows.append(("features: tengen.features(game) called from Python", f"{k / ec:,.0f} positions/s per core (CPU)", f"one 19x19 end position, {k} calls"))


def _spin(seconds: float) -> int:
    """Count a trivial Python loop for ``seconds`` of wall time (the machine's baseline)."""
    w0, x = time.perf_counter(), 0
    while time.perf_counter() - w0 < seconds:
        x += 1
    return x


def scaling(files: list[Path], rounds: int, rows: list[tuple[str, str, str]]) -> None:
    """replay_many with 1 and 2 threads, interleaved (1, 2, 1, 2, ...), ``rounds`` times
    each, from paths (the goal's measure) and from bytes in memory (no file system); medians.
    And the machine's own baseline: one process of a trivial loop against two at once."""
    from multiprocessing import Pool

    # a longer job (the corpus 5 times, no boards) so that the pool's start and the Python
    # side are negligible
    sources: dict[str, Sequence[Union[Path, bytes]]] = {
        "paths": files * 5,
        "bytes": [f.read_bytes() for f in files] * 5,
    }

    def run(kind: str, threads: int) -> tuple[float, float]:
        w0, c0 = time.perf_counter(), time.process_time()
        for r in tengen.sgf.replay_many(sources[kind], threads=threads, boards=False):
            assert r.ok
        return time.perf_counter() - w0, time.process_time() - c0

    run("paths", 2)  # warm the page cache and the allocator
    runs: dict[tuple[str, int], list[tuple[float, float]]] = {}
    spins: list[float] = []
    exe = cli()
    ref: list[float] = []
    with Pool(2) as pool:
        for k in range(rounds):
            for kind in sources:
                for threads in (1, 2):
                    runs.setdefault((kind, threads), []).append(run(kind, threads))
            if exe:
                fox = files[0].parent
                ref.append(cli_replay_seconds(exe, fox, 1) / cli_replay_seconds(exe, fox, 2))
            alone = _spin(0.25)
            spins.append(sum(pool.map(_spin, [0.25, 0.25])) / alone)
            one, two = runs[("paths", 1)][-1][0], runs[("paths", 2)][-1][0]
            b1, b2 = runs[("bytes", 1)][-1][0], runs[("bytes", 2)][-1][0]
            print(f"  scaling round {k + 1}: paths {one:.3f} s -> {two:.3f} s ({one / two:.2f}x), "
                  f"bytes {b1:.3f} s -> {b2:.3f} s ({b1 / b2:.2f}x), two loops {spins[-1]:.2f}x one"
                  + (f", CLI replay {ref[-1]:.2f}x" if ref else "") + "; "
                  f"load average {loadavg()}", file=sys.stderr)
    for kind in sources:
        one_runs, two_runs = runs[(kind, 1)], runs[(kind, 2)]
        w1, c1 = statistics.median(w for w, _ in one_runs), statistics.median(c for _, c in one_runs)
        w2, c2 = statistics.median(w for w, _ in two_runs), statistics.median(c for _, c in two_runs)
        ratios = sorted(a[0] / b[0] for a, b in zip(one_runs, two_runs))
        n = len(sources[kind])
        rows.append((f"replay_many({kind}, threads=1), fox-pro x5, no boards", f"{n / w1:,.0f} games/s",
                     f"median of {rounds}: {w1:.3f} s wall, {c1:.3f} s CPU ({c1 / w1:.2f} cores busy)"))
        rows.append((f"replay_many({kind}, threads=2), fox-pro x5, no boards",
                     f"{n / w2:,.0f} games/s; **{w1 / w2:.2f}x** of 1 thread (wall, medians)",
                     f"median of {rounds}: {w2:.3f} s wall, {c2:.3f} s CPU ({c2 / w2:.2f} cores busy); "
                     f"per-round ratios {ratios[0]:.2f} to {ratios[-1]:.2f}; CPU per game {c2 / c1:.2f}x of 1 thread"))
    if ref:
        ref.sort()
        rows.append(("the library without Python: `tengen bench replay --threads 1` vs `--threads 2`, same rounds",
                     f"{statistics.median(ref):.2f}x (median)", f"per round {ref[0]:.2f} to {ref[-1]:.2f}"))
    spins.sort()
    rows.append(("the machine: two processes of a trivial Python loop vs one", f"{statistics.median(spins):.2f}x (median)",
                 f"per round {spins[0]:.2f} to {spins[-1]:.2f}: what 2 cores gave at that moment"))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fox", nargs="?", type=Path, default=DEFAULT_FOX, help="the fox-pro folder")
    ap.add_argument("--only", default=",".join(MEASURES), help=f"comma-separated, of {', '.join(MEASURES)}")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of the scaling measure (default 5)")
    args = ap.parse_args()
    only = set(args.only.split(","))
    if not only <= set(MEASURES):
        ap.error(f"--only takes {', '.join(MEASURES)}, not {args.only}")
    # resolved once: a symbolic link in the folder's path (../shared is one here) would be
    # followed again for every file
    files = sorted(Path(args.fox).resolve().glob("*.sgf"))
    if not files:
        ap.error(f"no .sgf files in {args.fox}")
    n = len(files)
    print(f"{n} files from {args.fox}; Python {platform.python_version()}; {os.cpu_count()} CPUs; "
          f"load average {loadavg()}; {time.strftime('%Y-%m-%d %H:%M %Z')}")
    rows: list[tuple[str, str, str]] = []
    if "replay" in only or "play" in only:
        replay_and_play(files, only, rows)
    if "scaling" in only:
        scaling(files, args.rounds, rows)
    if "features" in only:
        feature_planes(files, rows)
    print()
    print("| Measure | Rate | Detail |")
    print("|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")
    print(f"\nload average after: {loadavg()}")


if __name__ == "__main__":
    main()
