"""The corpus pipeline's figures (issue 24, BENCHMARKS.md): ``tengen.dataset.write`` on one
process against a Dask ``LocalCluster`` of 2 worker processes (one thread each), the same
files, partitions and options, rounds interleaved (one process, cluster, one process, ...).

Usage: python bench/dataset.py [FOX_DIR] [--rounds N] [--partition-size K] [--files N] [--out DIR]
(``--files N``: the first N records by name only, through a folder of links)
(FOX_DIR default: ../shared/data/sgf/fox-pro)

For each run: wall time of ``write`` (the cluster started before, its start-up timed apart),
games/s and positions/s over that wall time, the CPU seconds of the tasks (each task's process
time, summed) and of every process involved (the driver's, plus the workers' from
``getrusage`` on each worker, before and after), the peak RSS of each worker process (ru_maxrss),
the load average before and after. Then whether the outputs are the same: the manifests (with
each part's SHA-256) equal, the tables equal.
"""

from __future__ import annotations

import argparse
import importlib
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tengen import dataset

HERE = Path(__file__).resolve().parent
DEFAULT_FOX = HERE.parents[1].parent / "shared" / "data" / "sgf" / "fox-pro"


def cpu_of_self() -> float:
    """User and system CPU seconds of this process (run on each worker too)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("fox", nargs="?", default=str(DEFAULT_FOX))
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--partition-size", type=int, default=64)
    ap.add_argument("--files", type=int, default=None)
    ap.add_argument("--out", default="/tmp/tengen-dataset-bench")
    a = ap.parse_args()
    src = Path(a.fox)
    work = Path(a.out)
    shutil.rmtree(work, ignore_errors=True)
    if a.files is not None:
        links = work / "src"
        links.mkdir(parents=True)
        for f in sorted(src.glob("*.sgf"))[:a.files]:
            (links / f.name).symlink_to(f.resolve())
        src = links
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True,
                            text=True).stdout.strip()
    print(f"machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
          f"commit {commit}, {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}")
    dist: Any = importlib.import_module("distributed")
    t = time.monotonic()
    cluster = dist.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None)
    client = dist.Client(cluster)
    print(f"LocalCluster(2 workers) start-up: {time.monotonic() - t:.1f} s")
    runs: dict[str, list[dict[str, float]]] = {"one process": [], "LocalCluster 2": []}
    outs: dict[str, Path] = {}
    for r in range(a.rounds):
        for name in runs:
            out = work / f"{name.replace(' ', '-')}-{r}"
            load0 = os.getloadavg()[0]
            c0 = cpu_of_self()
            w0 = sum(client.run(cpu_of_self).values()) if name != "one process" else 0.0
            if name == "one process":
                rep = dataset.write(src, out, processes=1, partition_size=a.partition_size)
            else:
                rep = dataset.write(src, out, scheduler=client, partition_size=a.partition_size)
            w1 = sum(client.run(cpu_of_self).values()) if name != "one process" else 0.0
            cpu = cpu_of_self() - c0 + (w1 - w0)
            load1 = os.getloadavg()[0]
            peak = max(rep.peak_rss.values())
            row = {"wall": rep.wall, "games/s": rep.games / rep.wall, "positions/s": rep.positions / rep.wall,
                   "task cpu": rep.task_cpu, "cpu": cpu, "peak": peak, "games": rep.games,
                   "positions": rep.positions, "errors": rep.errors}
            runs[name].append(row)
            outs[name] = out
            print(f"round {r} {name}: {rep.games} games ({rep.errors} errors), {rep.positions} positions, "
                  f"wall {rep.wall:.1f} s, {row['games/s']:.1f} games/s, {row['positions/s']:.0f} positions/s, "
                  f"task CPU {rep.task_cpu:.1f} s, all CPU {cpu:.1f} s, peak RSS of a task process "
                  f"{peak / 2**20:.0f} MiB ({len(rep.peak_rss)} processes), load {load0:.2f} -> {load1:.2f}",
                  flush=True)
    client.close()
    cluster.close()
    print()
    print("| run | wall (median) | games/s | positions/s | task CPU | all CPU | peak RSS, a task process |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    med: dict[str, dict[str, float]] = {}
    for name, rows in runs.items():
        med[name] = {k: statistics.median(x[k] for x in rows) for k in rows[0]}
        m = med[name]
        print(f"| {name} | {m['wall']:.1f} s | {m['games/s']:.1f} | {m['positions/s']:.0f} | {m['task cpu']:.1f} s "
              f"| {m['cpu']:.1f} s | {max(x['peak'] for x in rows) / 2**20:.0f} MiB |")
    one, two = med["one process"], med["LocalCluster 2"]
    print(f"\nspeed-up (wall): {one['wall'] / two['wall']:.2f}x")
    a_, b_ = outs["one process"], outs["LocalCluster 2"]
    same_manifest = dataset.manifest(a_) == dataset.manifest(b_)
    same_tables = (dataset.read_games(a_).equals(dataset.read_games(b_))
                   and dataset.positions_dataset(a_).to_table().equals(dataset.positions_dataset(b_).to_table()))
    print(f"manifests (with each part's SHA-256) equal: {same_manifest}; tables equal: {same_tables}")
    size = sum(f.stat().st_size for f in a_.rglob("*.parquet"))
    print(f"output: {size / 2**20:.1f} MiB of Parquet")
    sys.exit(0 if same_manifest and same_tables else 1)


if __name__ == "__main__":
    main()
