"""Feature planes and training data."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import tengen
from tengen import BLACK, WHITE, Game

from conftest import FOX, LADDER, require_shared


def test_layout() -> None:
    g = Game(5, rules="chinese")
    g.play(0, 0)  # black
    g.play(1, 0)  # white
    g.play(4, 4)  # black
    f = tengen.features(g)
    assert f.dtype == np.float32 and f.shape == (tengen.PLANES, 5, 5) == (15, 5, 5)
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
    assert d.inputs.shape == (4, 15, 9, 9) and d.inputs.dtype == np.float32
    assert d.policy.tolist() == [0, 10, 81, 20]
    assert d.value.tolist() == [-1, 1, -1, 1]
    g = Game(9)
    assert np.array_equal(d.inputs[0], tengen.features(g))
    g.play(0, 0)
    g.play(1, 1)
    assert np.array_equal(d.inputs[2], tengen.features(g))
    s = tengen.training_data([p], size=9, symmetries=True, threads=1)
    assert s.inputs.shape == (32, 15, 9, 9)
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


def _corpus(tmp_path: Path) -> list[Path]:
    """9x9 records of 0 to 10 moves (passes among them), with results of both colours."""
    files = []
    for i in range(12):
        moves = "".join(
            f";{'BW'[k % 2]}[{'' if (i + k) % 7 == 6 else chr(97 + (k * 7 + i) % 81 % 9) + chr(97 + (k * 7 + i) % 81 // 9)}]"
            for k in range(i % 11)
        )
        p = tmp_path / f"t{i}.sgf"
        p.write_bytes(f"(;SZ[9]RE[{'BW'[i % 2]}+R]{moves})".encode())
        files.append(p)
    return files


@pytest.mark.parametrize("symmetries", [False, True])
def test_training_batches_equal_training_data(tmp_path: Path, symmetries: bool) -> None:
    files = _corpus(tmp_path)
    whole = tengen.training_data(files, size=9, symmetries=symmetries)
    assert len(whole.value) > 20
    for batch_size, per_read, threads in [(1, 1, 1), (3, 2, 2), (7, 5, 1), (1000, 256, 2)]:
        kept = list(
            tengen.training_batches(
                files, batch_size, size=9, symmetries=symmetries, threads=threads, files_per_read=per_read
            )
        )
        assert all(len(b.value) == batch_size for b in kept[:-1]) and 0 < len(kept[-1].value) <= batch_size
        for b in kept:
            assert b.inputs.dtype == np.float32 and b.policy.dtype == np.int64 and b.value.dtype == np.float32
            assert b.inputs.shape == (len(b.value), tengen.PLANES, 9, 9) and b.errors == []
        # kept batches are never overwritten by later ones
        assert np.array_equal(np.concatenate([b.inputs for b in kept]), whole.inputs)
        assert np.array_equal(np.concatenate([b.policy for b in kept]), whole.policy)
        assert np.array_equal(np.concatenate([b.value for b in kept]), whole.value)


def test_training_batches_recycle_arrays_nobody_holds(tmp_path: Path) -> None:
    files = _corpus(tmp_path)
    whole = tengen.training_data(files, size=9)
    for drop in [False, True]:
        ids, row = [], 0
        # the usual loop: each batch dropped once the next is taken; a recycled array holds
        # the new rows only (every plane rewritten, old stones cleared)
        for inputs, policy, value, _ in tengen.training_batches(files, 4, size=9, threads=1):
            n = len(value)
            assert np.array_equal(inputs, whole.inputs[row : row + n])
            assert np.array_equal(policy, whole.policy[row : row + n])
            assert np.array_equal(value, whole.value[row : row + n])
            ids.append(id(inputs.base if inputs.base is not None else inputs))
            row += n
            if drop:
                del inputs, policy, value
        assert row == len(whole.value)
        # two sets of arrays serve every batch (one if the loop lets go of each batch)
        assert len(set(ids)) == (1 if drop else 2) < len(ids)
    # a view given away keeps its batch from being recycled
    views = [b.inputs[:1] for b in tengen.training_batches(files, 4, size=9)]
    assert np.array_equal(np.concatenate(views), whole.inputs[::4])


def test_training_batches_errors(tmp_path: Path) -> None:
    files = _corpus(tmp_path)[:3]
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"(;SZ[9];B[aa];W[aa])")
    with pytest.raises(tengen.SgfError, match="move 2 \\(white aa\\) is illegal: occupied"):
        list(tengen.training_batches([*files, bad], size=9))
    got = list(tengen.training_batches([bad, *files, bad], 2, size=9, skip_errors=True, files_per_read=1))
    rows = len(tengen.training_data(files, size=9).value)
    assert sum(len(b.value) for b in got) == rows
    assert sum(len(b.errors) for b in got) == 2 and got[0].errors and got[-1].errors
    assert all(str(bad) in e for b in got for e in b.errors)
    with pytest.raises(tengen.SgfError, match="not 19x19"):
        list(tengen.training_batches(files))
    with pytest.raises(ValueError, match="batch_size"):
        list(tengen.training_batches(files, 0, size=9))
    s = tengen._tengen.TrainingStream(9)
    s.add([str(f) for f in files])
    with pytest.raises(ValueError, match="must be"):
        s.fill(np.empty((2, tengen.PLANES, 9, 8), np.float32), np.empty(2, np.int64), np.empty(2, np.float32))
    with pytest.raises(ValueError, match="C-contiguous"):
        a = np.empty((2, tengen.PLANES, 9, 18), np.float32)[:, :, :, ::2]
        s.fill(a, np.empty(2, np.int64), np.empty(2, np.float32))


def test_training_batches_fox() -> None:
    files = sorted(require_shared(FOX).glob("*.sgf"))[:10]
    whole = tengen.training_data(files, threads=1)
    got = list(tengen.training_batches(files, 500, threads=2, files_per_read=3))
    assert np.array_equal(np.concatenate([b.inputs for b in got]), whole.inputs)
    assert np.array_equal(np.concatenate([b.policy for b in got]), whole.policy)


def test_ladder_planes() -> None:
    board = tengen.Board.from_rows(LADDER)
    assert tengen.FEATURE_PLANES[13] == "stones captured in a ladder"
    # black to move: the white stone is marked, and black has no chain to save
    f = tengen.features(Game.from_board(board, to_move=BLACK))
    assert f[13, 3, 2] == 1 and f[13].sum() == 1
    assert f[14].sum() == 0
    # white to move: both liberties save it; far from both of its paths nothing does
    f = tengen.features(Game.from_board(board, to_move=WHITE))
    assert f[13, 3, 2] == 1 and f[13].sum() == 1
    assert f[14, 3, 3] == 1 and f[14, 4, 2] == 1
    for x, y in [(8, 8), (7, 8)]:
        assert f[14, y, x] == 0
        b = board.copy()
        b.play(x, y, WHITE)
        r = tengen.ladder_captured(b, 2, 3)
        assert (r.verdict, r.proven) == ("success", True), (x, y)
    # a breaker on the path to the lower left: black ladders to the upper right, and the
    # breakers of that path are marked, away from the stone
    rows = list(LADDER)
    rows[5] = ".O......."
    one_path = tengen.Board.from_rows(rows)
    f = tengen.features(Game.from_board(one_path, to_move=WHITE))
    assert f[13, 3, 2] == 1 and f[13].sum() == 1
    marked = [(int(x), int(y)) for y, x in zip(*np.nonzero(f[14]))]
    assert any(abs(x - 2) + abs(y - 3) > 2 for x, y in marked), marked
    # every marked point does save it
    for x, y in marked:
        b = one_path.copy()
        b.play(x, y, WHITE)
        libs = b.liberties(2, 3)
        assert libs is not None
        assert libs >= 3 or tengen.ladder_captured(b, 2, 3).verdict == "failure", (x, y)
    # with breakers on both paths there is no ladder
    rows = list(LADDER)
    rows[5] = ".O......."
    rows[1] = "....O...."
    f = tengen.features(Game.from_board(tengen.Board.from_rows(rows), to_move=WHITE))
    assert f[13].sum() == 0 and f[14].sum() == 0
