"""The move task's examples and the territory task's examples of ../shared/spec, through the
Python API (needs ../shared for the move examples)."""

from __future__ import annotations

import json

import pytest

import tengen
from tengen import Board, IllegalMoveError

from conftest import SPEC, require_shared


def test_move_examples() -> None:
    d = require_shared(SPEC / "move-examples")
    cases = sorted(d.glob("*.in"))
    assert len(cases) >= 4
    for case in cases:
        lines = case.read_text().split("\n")
        n = int(lines[0])
        rows = lines[1 : n + 1]
        x, y, c = (int(t) for t in lines[n + 1].split())
        want = case.with_suffix(".out").read_text().split()
        board = Board.from_rows(rows, rules="task")
        try:
            board.play(x, y, c)
        except IllegalMoveError:
            got = ["0"]
        else:
            got = ["1"] + ["".join(str(int(board[i, j] or 0)) for i in range(n)) for j in range(n)]
        assert got == want, case.name


EXAMPLE = ["  B  ", " B B ", "B W B", " W W ", "  W  "]


def test_territory_examples() -> None:
    # the board of the territory task (../shared/spec/README.md), written out here so the
    # test runs without ../shared too
    b = Board.from_text(json.dumps(EXAMPLE))
    t = tengen.territory(b)
    assert t.region(0, 1) == ("BLACK", [(0, 0), (0, 1), (1, 0)])
    assert t.region(2, 3) == ("WHITE", [(2, 3)])
    assert t.region(1, 4) == ("NONE", [(0, 3), (0, 4), (1, 4)])
    assert t.region(1, 1) == ("NONE", [])
    for x, y in [(-1, 1), (5, 1), (1, -1), (1, 5)]:
        with pytest.raises(ValueError, match="^Invalid coordinate$"):
            t.region(x, y)
    assert t.black == [(0, 0), (0, 1), (1, 0), (3, 0), (4, 0), (4, 1)]
    assert t.white == [(2, 3)]
    assert t.owner(0, 0) == tengen.BLACK and t.owner(1, 1) is None
    j = json.loads(t.to_json())
    assert j["territoryWhite"] == [[2, 3]]
    empty = tengen.territory(Board.from_text('["   ", "   "]'))
    assert len(empty.none) == 6 and empty.black == [] and empty.white == []
    rect = tengen.territory(Board.from_rows([".XO.", ".XO."]))
    assert rect.region(3, 1) == ("WHITE", [(3, 0), (3, 1)])


def test_spec_readme_territory_example_present() -> None:
    readme = require_shared(SPEC / "README.md").read_text()
    assert "['  B  ', ' B B ', 'B W B', ' W W ', '  W  ']" in readme


def test_score() -> None:
    b = Board.from_rows([".X.O.", ".X.O.", ".X.O.", ".X.O.", ".X.O."])
    s = tengen.score(b, rules="chinese", komi=0.5)
    assert s.black["total"] == 10 and s.white["total"] == 10.5
    assert s.result == "W+0.5" and s.winner == tengen.WHITE and s.margin == -0.5
    s = tengen.score(b, rules="japanese", komi=0, captures=(3, 0))
    assert s.result == "B+3"
    s = tengen.score(b, rules="chinese", komi=0, dead=[(3, 0)])
    assert s.result == "B+25" and s.black["dead"] == 5 and s.white["dead"] == 0
    with pytest.raises(ValueError, match="dead stone 9 9 is off the 5x5 board"):
        tengen.score(b, dead=[(9, 9)])
    with pytest.raises(ValueError, match="dead stone 0 0 is an empty point"):
        tengen.score(b, dead=[(0, 0)])
    g = tengen.Game.from_board(b, rules="japanese", komi=6.5)
    assert tengen.score(g).result == "W+6.5"
    assert len(s.owner_rows()) == 5 and json.loads(s.to_json())
