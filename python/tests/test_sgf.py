"""SGF through the Python API: decoding, replay, replay_many, and the differential test
against sgfmill on the fox-pro corpus (needs ../shared)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import tengen
from tengen import BLACK, WHITE, IllegalMoveError, SgfError

from conftest import FOX, require_shared


def sgfmill_final(data: bytes) -> tuple[int, list[list[int]]]:
    """The final board of the main line by sgfmill: (size, rows of 0/1/2 from the top)."""
    from sgfmill import sgf, sgf_moves

    game = sgf.Sgf_game.from_bytes(data)
    board, plays = sgf_moves.get_setup_and_moves(game)
    for colour, move in plays:
        if move is None:
            continue
        row, col = move
        board.play(row, col, colour)
    n = board.side
    digit = {None: 0, "b": 1, "w": 2}
    # sgfmill counts rows from the bottom
    return n, [[digit[board.get(n - 1 - y, x)] for x in range(n)] for y in range(n)]


def fox_files() -> list[Path]:
    require_shared(FOX)
    files = sorted(FOX.glob("*.sgf"))
    assert len(files) >= 2000, f"expected the 2,000 fox-pro games in {FOX}, found {len(files)}"
    return files


def test_fox_pro_final_boards_equal_sgfmill() -> None:
    files = fox_files()
    results = list(tengen.sgf.replay_many(files))
    assert [r.path for r in results] == [os.fspath(f) for f in files]
    mismatches = []
    for f, r in zip(files, results):
        assert r.ok, r.error
        n, rows = sgfmill_final(f.read_bytes())
        board = r.board
        assert board is not None
        if board.to_numpy().tolist() != rows:
            mismatches.append(f.name)
    assert mismatches == [], f"{len(mismatches)} final boards differ from sgfmill: {mismatches[:5]}"


def test_fox_pro_record_replay_agrees_with_replay_many() -> None:
    files = fox_files()[::10]
    many = list(tengen.sgf.replay_many(files, threads=2))
    for f, r in zip(files, many):
        rec = tengen.sgf.load(f)
        game = rec.replay()
        assert game.board == r.board, f.name
        assert len(game) == r.moves == len(rec.moves)
        assert (game.captures[BLACK], game.captures[WHITE]) == r.captures


def test_fox_pro_names_decoded() -> None:
    files = fox_files()
    mangled = 0
    for f in files[:300]:
        rec = tengen.sgf.load(f)
        for key in ("PB", "PW"):
            v = rec.get(key) or ""
            # never latin-1 mojibake of UTF-8 (Ã, æ, å followed by C1 bytes)
            assert not any(0x80 <= ord(c) < 0xA0 for c in v), (f.name, key, v)
            mangled += v.count("\ufffd")
        tengen.Rules(rec.get("RU") or "")  # a rule set tengen knows, decoded as ASCII
    # the damaged names are a minority, each damaged character one U+FFFD
    assert mangled < 300


def test_encodings() -> None:
    gb = "(;CA[GB2312]PB[\u68cb];B[aa])".encode("gb18030")
    assert tengen.sgf.load(gb).get("PB") == "\u68cb"
    # GB18030 without CA (as many Chinese servers write)
    gb_no_ca = "(;PB[\u67ef\u6d01]C[\u597d\u68cb];B[aa])".encode("gb18030")
    rec = tengen.sgf.load(gb_no_ca)
    assert rec.get("PB") == "\u67ef\u6d01"
    assert rec.comments == [(0, "\u597d\u68cb")]
    # UTF-8 in which a GB round trip replaced a byte with '?' (Fox): the library's detector
    # restores a character when one reading of the '?' is common in names (here 李), else
    # writes one U+FFFD per broken character
    damaged = b"(;PW[\xe6?\x8e\xe7\xbb\xb4\xe6\xb8\x85];B[aa])"
    assert tengen.sgf.load(damaged).get("PW") == "\u674e\u7ef4\u6e05"
    lost = b"(;PW[\xe4?\x80\xe7\xbb\xb4];B[aa])"
    assert tengen.sgf.load(lost).get("PW") == "\ufffd\u7ef4"
    # latin-1 without CA stays latin-1, as the library reads it
    assert tengen.sgf.load(b"(;PB[Ren\xe9];B[aa])").get("PB") == "Ren\xe9"
    sj = "(;CA[Shift_JIS]PB[\u56f2\u7881];B[aa])".encode("shift_jis")
    assert tengen.sgf.load(sj).get("PB") == "\u56f2\u7881"
    # escapes and soft line breaks, SimpleText vs Text
    rec = tengen.sgf.load(b"(;GN[a\\]b\nc]C[one\\\ntwo\nthree];B[aa])")
    assert rec.get("GN") == "a]b c"
    assert rec.comments == [(0, "onetwo\nthree")]


def test_record_fields_and_replay() -> None:
    rec = tengen.sgf.load(b"(;GM[1]SZ[9:7]KM[6.5]HA[0]RU[Chinese]RE[W+2.5]DT[2024-01-01]AB[aa][bb];B[cc];W[];B[dd])")
    assert rec.size == (9, 7)
    assert rec.get("KM") == "6.5" and rec.get("RE") == "W+2.5" and rec.get("DT") == "2024-01-01"
    assert rec.get("XX") is None and rec.get("XX", "x") == "x"
    assert rec.moves == [(BLACK, (2, 2)), (WHITE, None), (BLACK, (3, 3))]
    assert rec.setup == [(0, (0, 0), BLACK), (0, (1, 1), BLACK)]
    g = rec.replay()
    assert g.rules.name == "chinese" and g.rules.komi == 6.5
    assert (g.width, g.height) == (9, 7)
    assert g[0, 0] == BLACK and g[3, 3] == BLACK and g.to_move == WHITE
    assert rec.replay(rules="japanese", komi=0).rules.komi == 0
    assert rec.replay(rules="japanese").rules.name == "japanese"


def test_replay_illegal_move_names_the_move() -> None:
    rec = tengen.sgf.load(b"(;SZ[5];B[ba];W[aa];B[ab];W[ba])", )
    with pytest.raises(IllegalMoveError) as e:
        rec.replay()
    assert e.value.reason == "occupied"
    assert str(e.value) == "<bytes>: illegal: move 4 (white ba) is illegal: occupied"
    r = list(tengen.sgf.replay_many([]))
    assert r == []


def test_unreadable(tmp_path: Path) -> None:
    # a missing file is Python's own FileNotFoundError, naming the file
    with pytest.raises(FileNotFoundError) as missing:
        tengen.sgf.load(tmp_path / "missing.sgf")
    assert missing.value.filename == str(tmp_path / "missing.sgf")
    with pytest.raises(IsADirectoryError):
        tengen.sgf.load(tmp_path)
    with pytest.raises(SgfError, match="GM\\[2\\] is not Go"):
        tengen.sgf.load(b"(;GM[2];B[aa])")
    with pytest.raises(SgfError, match="SZ\\[99\\]"):
        tengen.sgf.load(b"(;SZ[99];B[aa])")
    with pytest.raises(SgfError, match="^<bytes>: unreadable: line 1, column 16: no game tree"):
        tengen.sgf.load(b"this is not sgf")
    bad = tmp_path / "bad.sgf"
    bad.write_bytes(b"(;SZ[5];B[aa];W[aa])")
    good = tmp_path / "good.sgf"
    good.write_bytes(b"(;SZ[5];B[aa];W[bb])")
    res = list(tengen.sgf.replay_many([bad, tmp_path / "missing.sgf", good], chunk=2))
    assert [r.ok for r in res] == [False, False, True]
    # the messages of `tengen replay`
    assert res[0].error == f"{bad}: illegal: move 2 (white aa) is illegal: occupied" and res[0].reason == "occupied"
    assert res[1].error is not None and "unreadable: cannot read" in res[1].error
    assert res[1].board is None
    assert res[2].moves == 2 and res[2].error is None and res[2].to_move == BLACK


def test_replay_many_order_and_threads(tmp_path: Path) -> None:
    paths = []
    for i in range(50):
        p = tmp_path / f"g{i}.sgf"
        moves = "".join(f";{'BW'[k % 2]}[{chr(97 + k % 9)}{chr(97 + k // 9)}]" for k in range(i % 40))
        p.write_bytes(f"(;SZ[9]{moves})".encode())
        paths.append(p)
    one = list(tengen.sgf.replay_many(paths, threads=1))
    two = list(tengen.sgf.replay_many(paths, threads=2, chunk=7))
    assert [r.moves for r in one] == [i % 40 for i in range(50)]
    assert [r.board for r in one] == [r.board for r in two]
    with pytest.raises(ValueError, match="threads"):
        list(tengen.sgf.replay_many(paths, threads=0))


def test_replay_many_streams_batches_in_order(tmp_path: Path) -> None:
    paths = []
    for i in range(30):
        p = tmp_path / f"s{i}.sgf"
        p.write_bytes(f"(;SZ[9]KM[{i}.5]RE[W+{i}.5]{';B[aa]' * (i % 2)})".encode())
        paths.append(os.fspath(p))
    # chunks of 4: several batches in flight at once, taken back in the order submitted
    res = list(tengen.sgf.replay_many(paths, threads=2, chunk=4))
    assert [r.path for r in res] == paths
    assert [r.result for r in res] == [f"W+{i}.5" for i in range(30)]
    assert [r.moves for r in res] == [i % 2 for i in range(30)]
    assert all(isinstance(w, str) for r in res for w in r.warnings)
    # a generator left unfinished: the batch under way completes in the background, harmlessly
    it = tengen.sgf.replay_many(paths, threads=2, chunk=3)
    assert next(it).path == paths[0]
    del it
    stream = tengen._tengen.ReplayStream(1)
    assert len(stream) == 0
    with pytest.raises(ValueError, match="no batch"):
        stream.take()
    stream.submit(paths[:2])
    stream.submit(paths[2:3])
    assert len(stream) == 2
    assert [r.path for r in stream.take()] == paths[:2]
    assert [r.path for r in stream.take()] == paths[2:3]


def test_replay_many_reads_files_past_the_probe(tmp_path: Path) -> None:
    # a record of more than a mebibyte (a long comment): read whole, past the first read of
    # 1 MiB after which the size is asked for
    p = tmp_path / "long.sgf"
    p.write_bytes(b"(;SZ[9]C[" + b"x" * (3 << 19) + b"];B[aa];W[bb];B[cc])")
    (r,) = tengen.sgf.replay_many([p])
    assert r.ok and r.moves == 3, r.error
    empty = tmp_path / "empty.sgf"
    empty.write_bytes(b"")
    (e,) = tengen.sgf.replay_many([empty])
    assert not e.ok and e.error is not None and e.error.startswith(f"{empty}: unreadable: ")


def test_replay_many_takes_bytes(tmp_path: Path) -> None:
    good = b"(;SZ[9]RE[B+R];B[aa];W[bb])"
    p = tmp_path / "g.sgf"
    p.write_bytes(good)
    res = list(tengen.sgf.replay_many([good, p, bytearray(b"(;SZ[5];B[aa];W[aa])"), memoryview(good)], chunk=3))
    assert [r.path for r in res] == ["<bytes>", os.fspath(p), "<bytes>", "<bytes>"]
    assert [r.ok for r in res] == [True, True, False, True]
    assert res[0].board == res[1].board == res[3].board and res[0].result == "B+R"
    assert res[2].error == "<bytes>: illegal: move 2 (white aa) is illegal: occupied"
    # the same messages as load()
    with pytest.raises(IllegalMoveError, match="^<bytes>: illegal: move 2"):
        tengen.sgf.load(b"(;SZ[5];B[aa];W[aa])").replay()
    with pytest.raises(TypeError, match="path \\(str\\) or the bytes"):
        tengen._tengen.replay_many([1])  # type: ignore[list-item]


def test_one_read_limit_for_files_pipes_and_devices(tmp_path: Path) -> None:
    # the library's one limit (issue 27): a capped read, not the file's size
    assert tengen.sgf.MAX_FILE_BYTES == 256 << 20
    with pytest.raises(SgfError, match="longer than the SGF limit of 268435456 bytes; refused"):
        tengen.sgf.load("/dev/zero")
    (res,) = list(tengen.sgf.replay_many(["/dev/zero"]))
    assert res.error is not None and "longer than the SGF limit" in res.error
    # a pipe has no size either, and is read as a file
    r, w = os.pipe()
    os.write(w, b"(;GM[1]SZ[9];B[ee];W[ce])")
    os.close(w)
    try:
        rec = tengen.sgf.load(f"/dev/fd/{r}")
    finally:
        os.close(r)
    assert len(rec.moves) == 2
    # both edges, on sparse files that start with a game
    for extra, ok in [(0, True), (1, False)]:
        p = tmp_path / f"edge{extra}.sgf"
        with open(p, "wb") as f:
            f.write(b"(;GM[1]SZ[9];B[ee];W[ce])")
            f.truncate(tengen.sgf.MAX_FILE_BYTES + extra)
        if ok:
            assert len(tengen.sgf.load(p).moves) == 2
        else:
            with pytest.raises(SgfError, match="longer than the SGF limit"):
                tengen.sgf.load(p)
        p.unlink()


def test_thread_counts_are_capped_as_in_the_cli(tmp_path: Path) -> None:
    p = tmp_path / "g.sgf"
    p.write_bytes(b"(;GM[1]SZ[9];B[ee])")
    # -1 and 2**40 too: a ValueError with the range, not a bare OverflowError
    for n in [0, 1025, 2**40, -1, 2**70]:
        with pytest.raises(ValueError, match=f"threads must be 1 to 1024, not {n}$"):
            list(tengen.sgf.replay_many([p], threads=n))
        with pytest.raises(ValueError, match="threads must be 1 to 1024"):
            tengen.training_data([p], size=9, threads=n)
    assert [r.ok for r in tengen.sgf.replay_many([p], threads=2)] == [True]


def test_handicap_is_at_most_the_boards_points() -> None:
    b = tengen.Board(3)
    assert tengen.score(b, handicap=9, rules="aga") is not None
    for f in (tengen.score, tengen.judge):
        with pytest.raises(ValueError, match="handicap 10 is more than the 9 points of the 3x3 board"):
            f(b, handicap=10)
    with pytest.raises(ValueError, match="captures 16777217 is more than the limit"):
        tengen.score(b, captures=(16777217, 0))
    # past a u32 or below zero: the same ValueError naming the argument, not an OverflowError
    for f in (tengen.score, tengen.judge):
        with pytest.raises(ValueError, match="handicap 1099511627776 is more than the 9 points of the 3x3 board"):
            f(b, handicap=2**40)
        with pytest.raises(ValueError, match="handicap -1 is negative"):
            f(b, handicap=-1)
        with pytest.raises(ValueError, match="captures 1099511627776 is more than the limit of 16777216"):
            f(b, captures=(0, 2**40))
        with pytest.raises(ValueError, match="captures -1 is negative"):
            f(b, captures=(-1, 0))
    # an SGF HA above the board's points is ignored with a warning
    (res,) = list(tengen.sgf.replay_many([b"(;GM[1]SZ[9]HA[82];B[ee])"]))
    assert res.ok
    assert any("HA[82] is more than the 81 points of the 9x9 board; ignored" in w for w in res.warnings)
