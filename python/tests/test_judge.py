"""The judge of finished games through the Python API (the library's tengen::judge)."""

from __future__ import annotations

import json
import re

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


def _record_of(rows: list[str], props: str) -> bytes:
    """An SGF record whose setup is `rows` (X black, O white)."""
    letters = "abcdefghijklmnopqrstuvwxyz"
    ab = "".join(f"[{letters[x]}{letters[y]}]" for y, r in enumerate(rows) for x, c in enumerate(r) if c == "X")
    aw = "".join(f"[{letters[x]}{letters[y]}]" for y, r in enumerate(rows) for x, c in enumerate(r) if c == "O")
    return f"(;GM[1]FF[4]SZ[{len(rows)}]{props}AB{ab}AW{aw};B[];W[])".encode()


def test_a_records_game_is_counted_with_its_dead_stones_judged() -> None:
    rec = tengen.sgf.load(_record_of(ROWS, "RU[Japanese]KM[6.5]"))
    g = rec.replay()
    judged = tengen.judge(g)
    s = tengen.score(g)
    # the default for a record's game is the judge's count, as `tengen score FILE` gives
    assert s.result == judged.result
    assert judged.dead == [(1, 2)]
    # dead="none" counts the stones as they stand: the lone white stone then lives
    as_is = tengen.score(g, dead="none")
    assert as_is.result != s.result
    assert as_is.black["dead"] == 0 and s.black["dead"] == 1
    # the same as the explicit list
    assert tengen.score(g, dead=judged.dead).black["dead"] == 1
    # a game not from a record is counted as is by default
    fresh = tengen.Game.from_board(Board.from_rows(ROWS), rules="japanese", komi=6.5)
    assert tengen.score(fresh).result == as_is.result
    assert tengen.score(fresh, dead="auto").result == s.result
    with pytest.raises(ValueError, match="expected \"auto\", \"none\""):
        tengen.score(g, dead="some")


def test_a_records_handicap_counts_by_default() -> None:
    rows = ["X" * 3 + "." * 6] * 9
    g = tengen.sgf.load(_record_of(rows, "RU[AGA]KM[0.5]HA[2]")).replay()
    with_ha = tengen.score(g, dead="none")
    without = tengen.score(g, dead="none", handicap=0)
    # AGA's white bonus: a point per handicap stone after the first
    assert with_ha.white["bonus"] == 1 and without.white["bonus"] == 0


def test_judgement_json_is_the_librarys_count() -> None:
    j = tengen.judge(Board.from_rows(ROWS), rules="chinese", komi=0, playouts=16)
    v = json.loads(j.to_json())
    assert v["result"] == j.result
    assert v["dead"] == [list(p) for p in j.dead]
    assert v["playouts"] == 16 and v["rules"] == "chinese"
    assert len(v["ownership"]) == 81


def test_judge_signature_names_the_default() -> None:
    # help(tengen.judge) shows the default playouts: the judge's own default
    sig: str = getattr(tengen.judge, "__text_signature__", None) or ""
    m = re.search(r"playouts=(\d+)", sig)
    assert m, sig
    j = tengen.judge(Board.from_rows(ROWS), rules="chinese")
    assert json.loads(j.to_json())["playouts"] == int(m.group(1))


def test_score_and_judge_document_themselves() -> None:
    # help() of each says what its arguments do, not "see tengen.score" (itself)
    for f in (tengen.score, tengen.judge):
        doc = f.__doc__ or ""
        assert f"see `tengen.{f.__name__}`" not in doc, doc
    assert all(w in (tengen.score.__doc__ or "") for w in ('"auto"', '"none"', "record", "pass_alive"))
