"""The judge of finished games through the Python API (the library's tengen::judge)."""

from __future__ import annotations

import numpy as np
import pytest

import tengen
from tengen import BLACK, WHITE, Board

# Black owns the left, White the right; a lone white stone sits deep in Black's area.
ROWS = [
    "..X.O....",
    "..X.O....",
    ".OX.O....",
    "..X.O....",
    "..X.O....",
    "..X.O....",
    "..X.O....",
    "..X.O....",
    "..X.O....",
]


def test_lone_stone_in_enemy_area_is_dead() -> None:
    b = Board.from_rows(ROWS)
    j = tengen.judge(b, rules="chinese", komi=0)
    assert j.dead == [(1, 2)]
    assert j.ownership.shape == (9, 9) and j.ownership.dtype == np.float32
    assert j.ownership[4, 0] > 0 and j.ownership[4, 8] < 0
    statuses = {tuple(stones[0]): status for _, stones, status, _, _ in j.chains}
    assert statuses[(1, 2)] == "dead" and statuses[(2, 0)] == "alive"
    # the judge's count removes the dead stone and, as players do, fills the open dame of
    # column 3 before counting: within those 9 points of score(..., dead=...)
    s = tengen.score(b, rules="chinese", komi=0, dead=j.dead)
    assert j.result == j.score.result
    assert abs(j.score.margin - s.margin) <= 9
    assert j.score.winner in (BLACK, WHITE, None)


def test_judge_game_and_errors() -> None:
    g = tengen.Game.from_board(Board.from_rows(ROWS), rules="japanese", komi=6.5)
    j = tengen.judge(g, playouts=32, seed=7)
    assert j.dead == [(1, 2)]
    assert j.score.rules.name == "japanese"
    # deterministic for a seed
    assert tengen.judge(g, playouts=32, seed=7).ownership.tolist() == j.ownership.tolist()
    with pytest.raises(TypeError):
        tengen.judge("not a board")  # type: ignore[arg-type]
