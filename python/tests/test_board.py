"""Board, Rules, Game and the coordinate helpers through the Python API."""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

import tengen
from tengen import BLACK, WHITE, Board, Game, IllegalMoveError, Rules


def test_capture_returns_points() -> None:
    b = Board.from_rows(["10", "11"], rules="task")
    assert b.play(1, 0, WHITE) == ((0, 0), (0, 1), (1, 1))
    assert b[0, 0] is None and b[1, 0] == WHITE


def test_illegal_reasons() -> None:
    b = Board.from_rows([".X.", "X..", "..."])
    with pytest.raises(IllegalMoveError) as e:
        b.play(0, 0, "w")
    assert e.value.reason == "suicide"
    assert isinstance(e.value, ValueError)
    assert str(e.value) == "suicide at 0 0"
    with pytest.raises(IllegalMoveError) as e:
        b.play(1, 0, "b")
    assert e.value.reason == "occupied"
    with pytest.raises(IllegalMoveError) as e:
        b.play(3, 0, 1)
    assert e.value.reason == "off board"
    assert not b.is_legal(0, 0, WHITE) and b.is_legal(0, 0, BLACK)
    assert b.why_illegal(0, 0, WHITE) == "suicide"
    assert b.why_illegal(2, 2, WHITE) is None


def test_simple_ko() -> None:
    # a ko on the top edge: black takes, white may not retake at once
    b = Board.from_rows([".XO.", "XO.O", ".XO.", "...."])
    assert b.play(2, 1, BLACK) == ((1, 1),)
    with pytest.raises(IllegalMoveError) as e:
        b.play(1, 1, WHITE)
    assert e.value.reason == "ko"
    assert b.ko == ((1, 1), WHITE)
    # the task's rules have no ko
    t = Board.from_rows([".XO.", "XO.O", ".XO.", "...."], rules="task")
    t.play(2, 1, BLACK)
    assert t.play(1, 1, WHITE) == ((2, 1),)


def test_chain_liberties_copy_eq_hash() -> None:
    b = Board(5)
    b.play(1, 1, BLACK)
    b.play(2, 1, BLACK)
    assert sorted(b.chain(1, 1) or []) == [(1, 1), (2, 1)]
    assert b.liberties(2, 1) == 6
    assert sorted(b.liberty_points(1, 1) or []) == [(0, 1), (1, 0), (1, 2), (2, 0), (2, 2), (3, 1)]
    assert b.chain(0, 0) is None and b.liberties(0, 0) is None
    c = b.copy()
    assert c == b and hash(c) == hash(b)
    c.play(4, 4, WHITE)
    assert c != b and hash(c) != hash(b)
    assert copy.deepcopy(b) == b
    with pytest.raises(IndexError):
        b[5, 0]


def test_rows_text_numpy_round_trip() -> None:
    rows = ["012", "000", "210"]
    b = Board.from_rows(rows)
    assert b.rows() == [".XO", "...", "OX."]
    assert Board.from_rows(b.rows()) == b
    a = b.to_numpy()
    assert a.dtype == np.int8 and a.shape == (3, 3)
    assert a.tolist() == [[0, 1, 2], [0, 0, 0], [2, 1, 0]]
    assert Board.from_numpy(a) == b
    wide = Board(7, 3)
    wide.play(6, 2, WHITE)
    assert wide.to_numpy().shape == (3, 7) and wide.to_numpy()[2, 6] == 2
    # np.asarray(board) is the same int8 array, row first: a[y, x] is board[x, y]
    arr = np.asarray(wide)
    assert arr.dtype == np.int8 and arr.shape == (3, 7)
    assert arr[2, 6] == 2 and wide[6, 2] == WHITE and arr[0, 6] == 0
    assert np.array_equal(arr, wide.to_numpy())
    assert np.asarray(wide, dtype=np.float32).dtype == np.float32
    assert np.asarray(wide, dtype=np.float32)[2, 6] == 2.0
    with pytest.raises(ValueError, match="3 is not 0"):
        Board.from_numpy(np.array([[3, 0], [0, 0]], dtype=np.int8))
    # the wrong dtype or shape names int8 and 2-D, and what was given
    with pytest.raises(TypeError, match="2-D numpy array of dtype int8.*dtype float64 with 2 dimension"):
        Board.from_numpy(np.zeros((3, 3)))  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="dtype int8 with 1 dimension"):
        Board.from_numpy(np.zeros(9, dtype=np.int8))
    with pytest.raises(TypeError, match="not a list"):
        Board.from_numpy([[0, 1], [2, 0]])  # type: ignore[arg-type]
    assert "X" in str(b) and "A B C" in str(b)
    with pytest.raises(ValueError, match="line 2"):
        Board.from_rows(["012", "0x0", "000"])


def test_legal_moves() -> None:
    b = Board.from_rows([".X.", "X..", "..."])
    assert (0, 0) not in b.legal_moves(WHITE)
    assert (0, 0) in b.legal_moves(BLACK)
    assert len(b.legal_moves(BLACK)) == 7


def test_rules_presets_and_fields() -> None:
    j = Rules("japanese")
    assert (j.name, j.ko, j.scoring, j.tax, j.komi, j.suicide) == ("japanese", "simple", "territory", "seki", 6.5, False)
    tt = Rules("tromp-taylor")
    assert (tt.ko, tt.suicide, tt.scoring, tt.komi) == ("positional", True, "area", 7.5)
    assert Rules("aga").ko == "situational" and Rules("aga").handicap_bonus == "N-1"
    assert Rules("chinese", komi=5.5).komi == 5.5
    assert Rules("chinese", ko="positional") == Rules("chinese-ogs")
    assert "japanese" in Rules.presets()
    with pytest.raises(ValueError, match="unknown rules \"klingon\"; known rule sets: task"):
        Rules("klingon")
    with pytest.raises(ValueError, match="invalid komi"):
        Rules("chinese", komi=0.3)


def test_game_history_undo_superko() -> None:
    g = Game(9, rules="tromp-taylor")
    assert g.to_move == BLACK
    g.play(3, 3)
    g.pass_move()
    assert g.history == [(BLACK, (3, 3)), (WHITE, None)]
    assert g.last_move == (WHITE, None) and len(g) == 2
    assert g.undo() == (WHITE, None)
    assert g.undo() == (BLACK, (3, 3))
    assert g.undo() is None
    assert g.board == Board(9)
    g.pass_move()
    g.pass_move()
    assert g.is_over


def test_game_captures_and_positional_superko() -> None:
    # the ko position: under simple ko retaking is barred at once; after two other moves
    # it is legal again; under positional superko recreating a position is barred.
    rows = [".XO..", "XO.O.", ".XO..", ".....", "....."]
    g = Game.from_board(Board.from_rows(rows), to_move=BLACK, rules="chinese")
    assert g.play(2, 1) == ((1, 1),)
    assert g.captures[BLACK] == 1
    assert g.why_illegal(1, 1) == "ko"
    g.play(4, 4)  # white elsewhere
    g.play(4, 3)  # black elsewhere
    assert g.play(1, 1) == ((2, 1),)  # the retake is legal after the ko threat exchange
    assert g.captures == {BLACK: 1, WHITE: 1}


def test_coordinates() -> None:
    assert tengen.to_gtp(3, 15) == "D4"
    assert tengen.from_gtp("D4") == (3, 15)
    assert tengen.from_gtp("pass") is None
    assert tengen.from_gtp("j10") == (8, 9)
    assert tengen.to_sgf(3, 2) == "dc"
    assert tengen.from_sgf("dc") == (3, 2)
    assert tengen.from_sgf("tt") is None
    with pytest.raises(ValueError):
        tengen.from_gtp("I5")
    with pytest.raises(ValueError):
        tengen.from_sgf("zz", 19)


def test_colours() -> None:
    assert BLACK.opponent() == WHITE and int(WHITE) == 2
    with pytest.raises(ValueError, match="invalid colour"):
        Board(3).play(0, 0, "red")
    with pytest.raises(ValueError, match="invalid colour 3"):
        Board(3).play(0, 0, 3)
    with pytest.raises(TypeError):
        Board(3).play(0, 0, 1.5)  # type: ignore[arg-type]


def test_bad_sizes() -> None:
    with pytest.raises(ValueError):
        Board(0)
    with pytest.raises(ValueError):
        Game(53)
    assert Board(52).width == 52


def test_not_picklable_is_clear() -> None:
    with pytest.raises(TypeError):
        pickle.dumps(Board(3))
