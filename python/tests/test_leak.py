"""No leak: a million play/undo calls and ten thousand SGF loads do not grow the process's
resident memory beyond a margin (measured from /proc/self/statm)."""

from __future__ import annotations

import os
import sys

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
