"""Tactical reading through the Python API (the library's tengen::read): attack, defend and
ladder_captured on hand positions whose answers are worked out in the comments."""

from __future__ import annotations

import pytest

import tengen
from tengen import BLACK, WHITE, Board, Game

from conftest import LADDER


def test_ladder_is_read_out_and_its_variation_captures() -> None:
    b = Board.from_rows(LADDER)
    r = tengen.attack(b, 2, 3)
    assert (r.verdict, r.code, r.proven) == ("success", 1, True)
    assert r.point in [(3, 3), (2, 4)]
    assert r.nodes > 1
    c = Board.from_rows(LADDER)
    for color, p in r.pv:
        if p is not None:
            c.play(p[0], p[1], color)
    assert c[(2, 3)] is None, r.pv
    assert tengen.ladder_captured(b, 2, 3).verdict == "success"


def test_defend_runs_first_and_fails_after_the_block() -> None:
    b = Board.from_rows(LADDER)
    d = tengen.defend(b, 2, 3)
    assert d.verdict == "success" and d.point is not None
    b.play(2, 4, BLACK)
    after = tengen.defend(b, 2, 3)
    assert (after.verdict, after.code, after.point, after.proven) == ("failure", 0, None, True)
    assert after.pv == []


def test_breakers_end_the_ladder_and_free_stones_need_no_defence() -> None:
    rows = list(LADDER)
    rows[5] = ".O......."
    rows[1] = "....O...."
    assert tengen.ladder_captured(Board.from_rows(rows), 2, 3).verdict == "failure"
    g = Game(9)
    g.play(4, 4)
    d = tengen.defend(g, 4, 4)
    assert (d.verdict, d.point) == ("success", None)
    assert tengen.attack(g, 4, 4).verdict == "failure"


def test_ko_capture_needs_a_threat() -> None:
    # Black (3,2) has just captured at (2,2); White may not retake at once.
    g = Game(7, rules="japanese")
    for x, y in [(2, 1), (3, 1), (1, 2), (4, 2), (2, 3), (3, 3), (0, 6), (2, 2), (3, 2)]:
        g.play(x, y)
    assert g.board[(2, 2)] is None
    a = tengen.attack(g, 3, 2)
    assert (a.verdict, a.code, a.point) == ("ko_after_threat", 3, (2, 2))
    assert tengen.defend(g, 3, 2).point == (2, 2)


def test_budget_and_errors() -> None:
    b = Board.from_rows(LADDER)
    assert tengen.attack(b, 2, 3, nodes=3).proven is False
    with pytest.raises(ValueError, match="no stone at 0 0"):
        tengen.attack(b, 0, 0)
    with pytest.raises(ValueError, match="off the 9x9 board"):
        tengen.defend(b, 9, 0)
    with pytest.raises(ValueError, match="nodes must be at least 1"):
        tengen.attack(b, 2, 3, nodes=0)
    with pytest.raises(TypeError, match="Board or a tengen.Game"):
        tengen.attack("rows", 2, 3)  # type: ignore[arg-type]
    assert b[(2, 3)] == WHITE


# White's corner group with a straight three-point eye space (A9 B9 C9 on 9x9): whoever plays
# B9 first decides it.
THREE = [
    "...OX....",
    "OOOOX....",
    "XXXXX....",
] + ["........."] * 6


def test_life_and_death_of_straight_three_turns_on_the_vital_point() -> None:
    b = Board.from_rows(THREE)
    ld = tengen.life_and_death(b, 3, 0)
    assert ld.proven
    assert (ld.attacker_first.status, ld.attacker_first.key) == ("dead", (1, 0))
    assert (ld.defender_first.status, ld.defender_first.key) == ("alive", (1, 0))
    assert (1, 0) in ld.region and (3, 0) in ld.region and (4, 0) not in ld.region
    assert ld.attacker_first.nodes > 0
    # after Black's vital point White is dead whoever moves
    b.play(1, 0, BLACK)
    after = tengen.life_and_death(Game.from_board(b, to_move=WHITE), 3, 0)
    assert after.defender_first.status == "dead" and after.defender_first.key is None
    # the region given by hand gives the same answer
    same = tengen.life_and_death(Board.from_rows(THREE), 3, 0, region=ld.region)
    assert same.attacker_first.status == "dead"


# THREE's white group on 13x13 with a loose black wall (A11 and E12 empty): open
LOOSE = ["...OX........", "OOOO.X.......", ".XXXX........"] + ["............."] * 10


def test_an_open_problem_is_read_in_its_frame() -> None:
    b = Board.from_rows(LOOSE)
    with pytest.raises(ValueError, match="at most"):
        tengen.life_and_death(b, 3, 0)
    ld = tengen.life_and_death(b, 3, 0, frame=True)
    assert ld.framed and ld.proven
    assert (ld.attacker_first.status, ld.attacker_first.key) == ("dead", (1, 0))
    assert (ld.defender_first.status, ld.defender_first.key) == ("alive", (1, 0))
    # the frame's box: the stones' columns 0-5 and rows 0-2, and a line more
    assert len(ld.region) == 7 * 4 and (6, 3) in ld.region and (7, 0) not in ld.region
    # an enclosed group is read in its own region, frame or not
    closed = tengen.life_and_death(Board.from_rows(THREE), 3, 0, frame=True)
    assert not closed.framed and (4, 0) not in closed.region
    with pytest.raises(ValueError, match="nothing to frame"):
        tengen.life_and_death(Board.from_rows(["." * 19] * 18 + ["X" + "." * 18]), 0, 18, frame=True)


# a white stone in a ladder on an open 9x9 board (black C7, B6, D5): open, and dead
LADDER = ["." * 9, "." * 9, "..X......", ".XO......", "...X.....", "." * 9, "." * 9, "." * 9, "." * 9]


def test_an_open_group_of_a_game_is_read_in_an_open_region() -> None:
    b = Board.from_rows(LADDER)
    with pytest.raises(ValueError, match="at most"):
        tengen.life_and_death(b, 2, 3)
    ld = tengen.life_and_death(b, 2, 3, open=True)
    assert not ld.framed and ld.attacker_first.status == "dead"
    assert ld.defender_first.status in ("alive", "seki")
    # with a white stone at E5 it runs out to the open side
    roomy = LADDER[:4] + ["....O...."] + LADDER[5:]
    assert tengen.life_and_death(Board.from_rows(roomy), 2, 3, open=True).attacker_first.status in ("alive", "seki")
    # an enclosed group reads the same, open or not
    closed = tengen.life_and_death(Board.from_rows(THREE), 3, 0, open=True)
    assert closed.attacker_first.status == "dead" and (4, 0) not in closed.region
    with pytest.raises(ValueError, match="no region and no frame"):
        tengen.life_and_death(b, 2, 3, open=True, frame=True)


def test_life_and_death_errors() -> None:
    b = Board.from_rows(THREE)
    with pytest.raises(ValueError, match="no stone"):
        tengen.life_and_death(b, 8, 8)
    with pytest.raises(ValueError, match="off"):
        tengen.life_and_death(b, 9, 0)
    with pytest.raises(ValueError, match="at most"):
        tengen.life_and_death(Board.from_rows(["." * 19] * 18 + ["X" + "." * 18]), 0, 18)
    with pytest.raises(ValueError, match="nodes"):
        tengen.life_and_death(b, 3, 0, nodes=0)
    with pytest.raises(TypeError):
        tengen.life_and_death("rows", 3, 0)  # type: ignore[arg-type]


def test_semeai_outside_liberties_and_who_moves_first() -> None:
    # black's column-3 chain against white's column-4 chain: black has three liberties
    # outside (column 2... and the top), white two: black wins whoever starts
    rows = [
        ".O.XO.X..",
        ".O.XO.X..",
        ".O.XOXX..",
        ".OOOXX...",
        "..O.X....",
    ] + ["........."] * 4
    a_first, b_first = tengen.semeai(Board.from_rows(rows), 3, 0, 4, 0)
    assert (a_first.outcome, a_first.winner) == ("win", BLACK)
    assert (b_first.outcome, b_first.winner) == ("win", BLACK)
    assert a_first.proven and b_first.proven and a_first.point is not None
    with pytest.raises(ValueError):
        tengen.semeai(Board.from_rows(rows), 3, 0, 3, 1)  # same colour
    with pytest.raises(ValueError):
        tengen.semeai(Board.from_rows(rows), 3, 0, 8, 8)  # empty


# Black's wall around White's corner group on 7x7 (a random position of our own; GNU Go 3.8
# answers owl_attack A1 with 2 A2 too): Black takes the ko at (0, 5) first.
KO_FIRST = [".......", ".......", ".......", "XXXXXX.", "OXOOOX.", ".O.O.X.", "O.OOOX."]


def test_a_ko_taken_first_needs_no_threat() -> None:
    ld = tengen.life_and_death(Board.from_rows(KO_FIRST), 0, 6)
    assert ld.proven
    a = ld.attacker_first
    assert (a.status, a.key, a.needs_ko_threat) == ("ko", (0, 5), False)
    assert (ld.defender_first.status, ld.defender_first.key) == ("alive", (0, 5))
    assert not ld.defender_first.needs_ko_threat
