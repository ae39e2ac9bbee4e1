"""Hypothesis: the Python API and the tengen CLI agree on random positions (needs the CLI)."""

from __future__ import annotations

import json
import subprocess

from hypothesis import given, settings
from hypothesis import strategies as st

import tengen
from tengen import Board, IllegalMoveError

from conftest import require_cli


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, list[str]]:
    """A random legal position (every chain has a liberty) as digit rows."""
    n = draw(st.integers(min_value=2, max_value=9))
    cells = draw(st.lists(st.sampled_from("0001122"), min_size=n * n, max_size=n * n))
    rows = ["".join(cells[y * n : (y + 1) * n]) for y in range(n)]
    # drop chains without liberties by replaying the stones as setup through the library
    b = Board(n)
    b.edit([((x, y), int(rows[y][x])) for y in range(n) for x in range(n) if rows[y][x] != "0"])
    arr = b.to_numpy()
    dead = set()
    for y in range(n):
        for x in range(n):
            if arr[y, x] and b.liberties(x, y) == 0:
                dead.add((x, y))
    rows = ["".join("0" if (x, y) in dead else str(int(arr[y, x])) for x in range(n)) for y in range(n)]
    return n, rows


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([require_cli(), *args], input=stdin, capture_output=True, text=True, timeout=60)


@settings(max_examples=60, deadline=None)
@given(positions(), st.data())
def test_move_agrees_with_cli(pos: tuple[int, list[str]], data: st.DataObject) -> None:
    n, rows = pos
    problems = []
    answers = []
    for _ in range(5):
        x = data.draw(st.integers(0, n - 1))
        y = data.draw(st.integers(0, n - 1))
        c = data.draw(st.integers(1, 2))
        problems.append("\n".join([str(n), *rows, f"{x} {y} {c}"]))
        b = Board.from_rows(rows, rules="task")
        try:
            b.play(x, y, c)
        except IllegalMoveError:
            answers.append("0")
        else:
            answers.append("\n".join(["1", *["".join(str(int(b[i, j] or 0)) for i in range(n)) for j in range(n)]]))
    out = run(["move"], "\n".join(problems) + "\n")
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == "\n".join(answers).split()


@settings(max_examples=60, deadline=None)
@given(positions())
def test_territory_agrees_with_cli(pos: tuple[int, list[str]]) -> None:
    n, rows = pos
    out = run(["territory"], "\n".join([str(n), *rows]) + "\n")
    assert out.returncode == 0, out.stderr
    t = tengen.territory(Board.from_rows(rows))
    assert json.loads(out.stdout) == json.loads(t.to_json())


@settings(max_examples=40, deadline=None)
@given(positions(), st.sampled_from(["chinese", "japanese", "aga", "stone-scoring"]))
def test_score_agrees_with_cli(pos: tuple[int, list[str]], rules: str) -> None:
    n, rows = pos
    out = run(["score", "--json", "--rules", rules], "\n".join([str(n), *rows]) + "\n")
    assert out.returncode == 0, out.stderr
    s = tengen.score(Board.from_rows(rows), rules=rules)
    assert json.loads(out.stdout) == json.loads(s.to_json())
