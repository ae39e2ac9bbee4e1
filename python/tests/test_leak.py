"""No leak: a million play/undo calls and ten thousand SGF loads do not grow the process's
resident memory beyond a margin (measured from /proc/self/statm)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

import tengen

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc/self/statm (Linux)")


def rss_mib() -> float:
    with open("/proc/self/statm") as f:
        pages = int(f.read().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / (1 << 20)


def test_million_play_undo() -> None:
    g = tengen.Game(19, rules="tromp-taylor")
    for i in range(1000):  # warm up: allocator pools, caches
        g.play(i % 19, (i // 19) % 19)
        g.undo()
    before = rss_mib()
    for i in range(500_000):
        g.play(i % 19, (i // 19) % 19)
        g.undo()
    b = tengen.Board(19)
    for i in range(250_000):
        b.play(3, 3, 1)
        b = tengen.Board(19)
    after = rss_mib()
    assert len(g) == 0
    assert after - before < 8, f"RSS grew from {before:.1f} to {after:.1f} MiB"


def test_ten_thousand_sgf_loads() -> None:
    data = b"(;GM[1]SZ[19]PB[\xe8\x94\xa1]PW[x]C[hello];" + b";".join(
        b"B[%c%c];W[%c%c]" % (97 + i % 19, 97 + i // 19, 97 + (i + 5) % 19, 110 + i // 19) for i in range(60)
    ) + b")"
    for _ in range(200):
        tengen.sgf.load(data).replay()
    before = rss_mib()
    for _ in range(10_000):
        rec = tengen.sgf.load(data)
        assert rec.get("PB") == "\u8521"
        rec.replay()
    after = rss_mib()
    assert after - before < 8, f"RSS grew from {before:.1f} to {after:.1f} MiB"


def test_replay_streams_and_training_batches(tmp_path: Path) -> None:
    # many streams, half of them left unfinished (their chunk under way completes in the
    # background and is dropped), and batches recycled or not
    data = b"(;GM[1]SZ[9]RE[B+R];" + b";".join(b"B[%c%c]" % (97 + i % 9, 97 + i // 9) for i in range(0, 60, 2)) + b")"

    f = tmp_path / "g.sgf"
    f.write_bytes(data)

    def rounds(n: int) -> None:
        for k in range(n):
            it = tengen.sgf.replay_many([data] * 64, threads=2, chunk=8)
            if k % 2:
                assert next(it).ok
                del it
            else:
                assert sum(r.moves for r in it) == 64 * 30
        kept = []
        for k in range(n // 10):
            batches = tengen.training_batches([f] * 10, 64, size=9, threads=2, files_per_read=3)
            for b in batches:
                if k % 3 == 0:
                    kept.append(b.inputs.sum())

    rounds(100)
    before = rss_mib()
    rounds(1000)
    after = rss_mib()
    assert after - before < 8, f"RSS grew from {before:.1f} to {after:.1f} MiB"
