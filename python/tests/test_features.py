"""Feature planes and training data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tengen
from tengen import BLACK, WHITE, Game

from conftest import FOX, require_shared


def test_layout() -> None:
    g = Game(5, rules="chinese")
    g.play(0, 0)  # black
    g.play(1, 0)  # white
    g.play(4, 4)  # black
    f = tengen.features(g)
    assert f.dtype == np.float32 and f.shape == (tengen.PLANES, 5, 5) == (13, 5, 5)
    assert tengen.FEATURE_PLANES[0] == "on board" and (f[0] == 1).all()
    # white to move: own = white
    assert f[1, 0, 1] == 1 and f[1].sum() == 1
    assert f[2, 0, 0] == 1 and f[2, 4, 4] == 1 and f[2].sum() == 2
    # black (0,0) has 1 liberty, white (1,0) 2, black (4,4) 2
    assert f[3, 0, 0] == 1 and f[3].sum() == 1
    assert f[4, 0, 1] == 1 and f[4, 4, 4] == 1
    # last moves: (4,4), then (1,0), then (0,0)
    assert f[7, 4, 4] == 1 and f[8, 0, 1] == 1 and f[9, 0, 0] == 1 and f[10].sum() == 0
    # legal moves: every empty point here
    assert f[12].sum() == 22 and f[12, 0, 0] == 0
    assert f[6].sum() == 0


def test_ko_plane_and_superko() -> None:
    rows = [".XO..", "XO.O.", ".XO..", ".....", "....."]
    g = Game.from_board(tengen.Board.from_rows(rows), to_move=BLACK, rules="chinese")
    g.play(2, 1)
    f = tengen.features(g)
    assert f[6, 1, 1] == 1 and f[6].sum() == 1 and f[12, 1, 1] == 0
    # under positional superko the ban is the same plane
    g2 = Game.from_board(tengen.Board.from_rows(rows), to_move=BLACK, rules="tromp-taylor")
    g2.play(2, 1)
    assert tengen.features(g2)[6, 1, 1] == 1


def test_symmetries() -> None:
    g = Game(7)
    for x, y in [(0, 1), (2, 3), (6, 0), (5, 5)]:
        g.play(x, y)
    base = tengen.features(g)
    seen = set()
    for s in range(8):
        f = tengen.features(g, symmetry=s)
        tx, ty = tengen.transform(5, 5, s, 7)
        # black to move: white's (5, 5) is an opponent stone and the last move
        assert f[2, ty, tx] == 1 and f[7, ty, tx] == 1
        ox, oy = tengen.transform(0, 1, s, 7)
        assert f[1, oy, ox] == 1 and f[10, oy, ox] == 1
        seen.add(f.tobytes())
        # planes are permuted images of the identity's
        assert sorted(f.sum(axis=(1, 2)).tolist()) == sorted(base.sum(axis=(1, 2)).tolist())
    assert len(seen) == 8
    with pytest.raises(ValueError, match="square"):
        tengen.features(Game(5, 7), symmetry=4)
    with pytest.raises(ValueError):
        tengen.features(g, symmetry=8)


def test_training_data(tmp_path: Path) -> None:
    p = tmp_path / "a.sgf"
    p.write_bytes(b"(;SZ[9]RE[W+R];B[aa];W[bb];B[];W[cc])")
    d = tengen.training_data([p], size=9)
    assert d.inputs.shape == (4, 13, 9, 9) and d.inputs.dtype == np.float32
    assert d.policy.tolist() == [0, 10, 81, 20]
    assert d.value.tolist() == [-1, 1, -1, 1]
    g = Game(9)
    assert np.array_equal(d.inputs[0], tengen.features(g))
    g.play(0, 0)
    g.play(1, 1)
    assert np.array_equal(d.inputs[2], tengen.features(g))
    s = tengen.training_data([p], size=9, symmetries=True, threads=1)
    assert s.inputs.shape == (32, 13, 9, 9)
    for k in range(8):
        x, y = tengen.transform(2, 2, k, 9)
        assert s.policy[3 * 8 + k] == y * 9 + x
        assert np.array_equal(s.inputs[8 + k], tengen.features(_after(1), symmetry=k))
    bad = tmp_path / "b.sgf"
    bad.write_bytes(b"(;SZ[9];B[aa];W[aa])")
    with pytest.raises(tengen.SgfError, match="move 2 \\(white aa\\) is illegal: occupied"):
        tengen.training_data([p, bad], size=9)
    d2 = tengen.training_data([bad, p], size=9, skip_errors=True)
    assert len(d2.value) == 4 and len(d2.errors) == 1
    with pytest.raises(tengen.SgfError, match="not 19x19"):
        tengen.training_data([p])


def _after(n: int) -> Game:
    g = Game(9)
    for x, y in [(0, 0), (1, 1)][:n]:
        g.play(x, y)
    return g


def test_training_data_fox() -> None:
    files = sorted(require_shared(FOX).glob("*.sgf"))[:20]
    d = tengen.training_data(files, threads=2)
    moves = sum(len(tengen.sgf.load(f).moves) for f in files)
    assert len(d.value) == moves and d.errors == []
    assert set(np.unique(d.value).tolist()) <= {-1.0, 0.0, 1.0}
    assert ((d.policy >= 0) & (d.policy <= 361)).all()
