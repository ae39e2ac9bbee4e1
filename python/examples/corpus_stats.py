"""Replay a folder of SGF files in parallel and print a few statistics.

Usage: python examples/corpus_stats.py FOLDER [THREADS]
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from pathlib import Path

import tengen


def main(argv: list[str]) -> int:
    if len(argv) < 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    files = sorted(Path(argv[1]).glob("**/*.sgf"))
    threads = int(argv[2]) if len(argv) > 2 else None
    start = time.perf_counter()
    reasons: Counter[str] = Counter()
    moves = 0
    for r in tengen.sgf.replay_many(files, threads=threads, boards=False):
        moves += r.moves
        if not r.ok:
            reasons[r.reason or "unreadable"] += 1
    took = time.perf_counter() - start
    print(f"{len(files)} files, {moves} moves in {took:.2f} s; problems: {dict(reasons) or 'none'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
