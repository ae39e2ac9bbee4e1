"""Lazy records (issue 24): ``tengen.sgf.load`` keeps the bytes and the scan and reads the
tree only when asked; every property, warning, move and error must be what the eager path
(``lazy=False``, the tree read at once, as before) gives, on the whole fox-pro set, the SGF
fixtures of the CLI and the fuzzer's seeds, and hand-made edge cases."""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import pytest

import tengen
from tengen import _tengen

from conftest import FOX, REPO, require_shared

FIXTURES = [REPO / "crates" / "tengen-cli" / "tests" / "fixtures" / "sgf", REPO / "fuzz" / "seeds" / "sgf"]

EDGE_CASES = [
    b"(;GM[1]SZ[9];B[ee];W[ce])",
    b"(;GM[2]SZ[9];B[ee])",  # not Go: MainLine's error, at load
    b"(;SZ[9];GM[2]B[ee])",  # GM after the root: load reads it, replay refuses it
    b"(;SZ[99];B[aa])",
    b"(;SZ[abc])",
    b"(;SZ[9];SZ[9];B[aa])",
    b"(;B[aa](;W[bb])(;W[cc];B[dd]))",
    b"(;B[aa])(;B[bb])",
    b"(;AP[a]AP[b]PB[x];B[aa])",
    b"(;CA[latin-1]PB[\xe9l\xe8ve]C[un\ncommentaire];B[aa]C[\xe0])",
    b"(;PB[\xe9\xe9]PW[\xc3\xa9];B[aa])",
    b"(;SZ[5];B[ba];W[aa];B[ab];W[ba])",  # an illegal move
    b"(;SZ[9]HA[2]AB[cc][gg];W[ee])",
    b"(;SZ[9]KM[375]AP[foxwq];B[ee])",
    b"(;SZ[9];B[zz])",
    b"(;SZ[9];B[e])",
    b"(;b[aa])",
    b"not sgf",
    b"",
    b"(",
    b"(;",
    b"(;B[aa]",
    b"(;C[a \\] b];B[aa])",
]


def outcome(f: Callable[[], object]) -> tuple[str, object]:
    """What ``f`` gives, or the type and message of what it raises."""
    try:
        return ("ok", f())
    except Exception as e:  # noqa: BLE001 - the very exceptions are compared
        return (type(e).__name__, str(e))


def summary(load: Callable[[], tengen.sgf.Record]) -> list[tuple[str, object]]:
    """Everything a record says, in one order: its fields, its replay's end, or the errors."""
    got = outcome(load)
    if got[0] != "ok":
        return [got]
    rec = got[1]
    assert isinstance(rec, _tengen.Record)

    def replay() -> tuple[str, int, dict[tengen.Color, int], tengen.Color]:
        g = rec.replay()
        return (str(g), len(g), g.captures, g.to_move)

    return [
        ("name", rec.name),
        ("size", rec.size),
        outcome(lambda: rec.warnings),
        outcome(lambda: rec.properties),
        outcome(lambda: rec.get("PB", "-")),
        outcome(lambda: rec.moves),
        outcome(lambda: rec.setup),
        outcome(lambda: rec.comments),
        outcome(lambda: rec.node_count),
        outcome(lambda: repr(rec)),
        outcome(replay),
    ]


def check(data: bytes, name: str) -> None:
    eager = summary(lambda: _tengen.load_sgf(data, name, lazy=False))
    assert summary(lambda: _tengen.load_sgf(data, name)) == eager, name
    # a replay first, then the tree: the same
    if eager[0][0] == "name":
        lazy = _tengen.load_sgf(data, name)
        first = outcome(lazy.replay)[0]
        assert (first, ("ok", lazy.warnings), ("ok", lazy.properties)) == (eager[-1][0], eager[2], eager[3]), name


def test_lazy_as_eager_on_fox_pro() -> None:
    files = sorted(require_shared(FOX).glob("*.sgf"))
    assert len(files) >= 2000
    for f in files:
        check(f.read_bytes(), f.name)


def test_lazy_as_eager_on_the_fixtures() -> None:
    files = [f for d in FIXTURES for f in sorted(d.glob("*.sgf"))]
    assert len(files) >= 30
    for f in files:
        check(f.read_bytes(), f.name)


@pytest.mark.parametrize("data", EDGE_CASES)
def test_lazy_as_eager_on_edge_cases(data: bytes) -> None:
    check(data, "edge.sgf")


def test_lazy_from_files_as_eager(tmp_path: Path) -> None:
    paths: list[Path] = []
    for k, data in enumerate(EDGE_CASES):
        p = tmp_path / f"{k}.sgf"
        p.write_bytes(data)
        paths.append(p)
    paths.append(tmp_path / "missing.sgf")
    for p in paths:
        assert summary(lambda: tengen.sgf.load(p)) == summary(
            lambda: _tengen.load_sgf_file(str(p), lazy=False)), p


def test_eager_properties_agree_with_sgfmill_on_fox_pro() -> None:
    """The lazy records' moves are sgfmill's (the eager path is not its own judge)."""
    from sgfmill import sgf, sgf_moves

    for f in sorted(require_shared(FOX).glob("*.sgf"))[:300]:
        data = f.read_bytes()
        rec = tengen.sgf.load(data)
        _, plays = sgf_moves.get_setup_and_moves(sgf.Sgf_game.from_bytes(data))
        want = [(c, None if m is None else (m[1], 18 - m[0])) for c, m in plays]
        assert [("b" if c == tengen.BLACK else "w", p) for c, p in rec.moves] == want, f.name


def test_import_does_not_import_numpy() -> None:
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", "import sys, tengen; print('numpy' in sys.modules)"],
                         check=True, capture_output=True, text=True).stdout
    assert out.strip() == "False"


def test_replay_many_boards_read_lazily_as_built() -> None:
    """A result's board answers reads from its stones before its chains are built; the same
    answers as the built board and as the per-file replay's board (the library's Game)."""
    files = sorted(require_shared(FOX).glob("*.sgf"))[:200]
    for f, r in zip(files, tengen.sgf.replay_many([str(p) for p in files], threads=1)):
        b = r.board
        assert b is not None
        pts = [(x, y) for y in range(b.height) for x in range(b.width)]
        lazy = ([b[p] for p in pts], b.ko, b.to_numpy().tolist())
        want = tengen.sgf.load(f).replay().board
        b.is_legal(0, 0, tengen.BLACK)  # builds the chains
        assert lazy == ([b[p] for p in pts], b.ko, b.to_numpy().tolist()), f.name
        assert lazy[0] == [want[p] for p in pts] and b == want, f.name
