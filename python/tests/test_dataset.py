"""The corpus pipeline (issue 24, items 2 and 3): ``tengen.dataset`` writes the same Parquet
tables on one process, on a local process pool and on a Dask ``LocalCluster``; broken and
unreadable records are rows with their error; a worker killed mid-run still gives the complete,
same output; an interrupted run leaves no manifest and reads as incomplete.

The cluster tests use the first ``SUBSET`` fox-pro records (sorted by name), not all 2,000: the
positions planes cost about 45 ms of CPU a record (the library's features, ladders included), so
the full set takes about 2 minutes a run on one core; BENCHMARKS.md has the full set, both
ways."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("pyarrow", reason="tengen.dataset needs the dataset extra (pyarrow)")
pytest.importorskip("distributed", reason="tengen.dataset's cluster tests need dask[distributed]")

import numpy as np  # noqa: E402
import pyarrow as pa  # noqa: E402

import tengen  # noqa: E402
from tengen import dataset  # noqa: E402

from conftest import FOX, REPO, require_shared  # noqa: E402

SUBSET = 60  # ten parts of PARTITION: a kill after the second part lands mid-run
PARTITION = 6


def fox_subset(tmp: Path, n: int = SUBSET) -> Path:
    """A folder of links to the first ``n`` fox-pro records."""
    src = tmp / "fox"
    src.mkdir()
    for f in sorted(require_shared(FOX).glob("*.sgf"))[:n]:
        (src / f.name).symlink_to(f)
    return src


def tables(out: Path) -> tuple[pa.Table, pa.Table]:
    return dataset.read_games(out), dataset.read_positions(out)


def assert_same_output(a: Path, b: Path) -> None:
    """The same tables, and the same bytes in every part (the manifests, hashes included)."""
    ma, mb = dataset.manifest(a), dataset.manifest(b)
    assert ma == mb
    ga, pa_ = tables(a)
    gb, pb = tables(b)
    assert ga.equals(gb)
    assert pa_.equals(pb)
    for p in ma["partitions"]:
        for f in p["files"].values():
            assert (a / f).read_bytes() == (b / f).read_bytes(), f


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, Path]]:
    """The fox-pro subset and its dataset written in this process (the single-process run)."""
    tmp = tmp_path_factory.mktemp("ref")
    src = fox_subset(tmp)
    out = tmp / "single"
    report = dataset.write(src, out, processes=1, partition_size=PARTITION)
    assert report.games == SUBSET and report.partitions == SUBSET // PARTITION
    yield src, out


@pytest.fixture(scope="module")
def cluster() -> Iterator[Any]:
    import importlib

    dist: Any = importlib.import_module("distributed")  # no type hints
    with dist.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as c:
        with dist.Client(c) as client:
            yield client


def test_import_tengen_does_not_import_the_pipeline() -> None:
    code = "import sys, tengen; print(sorted(m for m in ('pyarrow', 'dask', 'distributed', 'tengen.dataset') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    assert out.strip() == "[]"


def test_tables_hold_the_library_answers(reference: tuple[Path, Path]) -> None:
    """Rows are the library's own answers, record by record (games) and row by row
    (positions: the planes unpacked are training_data's)."""
    src, out = reference
    games, positions = tables(out)
    files = sorted(src.glob("*.sgf"))
    assert games.column("path").to_pylist() == [f.name for f in files]
    assert games.column("game").to_pylist() == list(range(SUBSET))
    assert games.column("error").null_count == SUBSET
    rows = games.to_pylist()
    for f, row in list(zip(files, rows))[::10]:
        rec = tengen.sgf.load(f)
        game = rec.replay()
        assert row["black"] == rec.get("PB") and row["white_rank"] == rec.get("WR")
        assert row["result"] == rec.get("RE")
        assert row["komi"] == game.rules.komi and row["rules"] == game.rules.name
        assert row["judged"] == tengen.judge(game).result
        assert [(m["color"], None if m["x"] is None else (m["x"], m["y"])) for m in row["moves"]] == [
            (int(c), p) for c, p in rec.moves]
    # positions: game by game, in order, each game's rows its training_data rows
    assert positions.num_rows == sum(r["positions"] for r in rows) == dataset.manifest(out)["positions"]
    starts = np.cumsum([0] + [r["positions"] for r in rows])
    for k in (0, 7, SUBSET - 1):
        td = tengen.training_data([files[k]], threads=1)
        part = positions.slice(int(starts[k]), rows[k]["positions"])
        assert set(part.column("game").to_pylist()) == {k}
        assert part.column("move").to_pylist() == list(range(len(td.policy)))
        np.testing.assert_array_equal(dataset.unpack_planes(part.column("planes")).astype(np.float32), td.inputs)
        assert part.column("policy").to_pylist() == td.policy.tolist()
        assert part.column("value").to_pylist() == td.value.astype(int).tolist()


def test_local_cluster_gives_the_single_process_output(
        reference: tuple[Path, Path], cluster: Any, tmp_path: Path) -> None:
    src, single = reference
    out = tmp_path / "cluster"
    report = dataset.write(src, out, scheduler=cluster, partition_size=PARTITION)
    # the tasks ran on the two workers, not here
    assert str(os.getpid()) not in {k.split(":")[1] for k in report.peak_rss}
    assert_same_output(single, out)


def test_process_pool_gives_the_single_process_output(reference: tuple[Path, Path], tmp_path: Path) -> None:
    src, single = reference
    out = tmp_path / "pool"
    dataset.write(src, out, processes=2, partition_size=PARTITION)
    assert_same_output(single, out)


def write_in_thread(src: Path, out: Path, **options: Any) -> tuple[threading.Thread, dict[str, Any]]:
    """Start ``dataset.write(src, out, **options)`` on a thread and return once two parts
    are written (the run is under way): the thread and its result (``report`` or ``error``)."""
    result: dict[str, Any] = {}

    def run() -> None:
        try:
            result["report"] = dataset.write(src, out, **options)
        except BaseException as e:  # noqa: BLE001 - handed to the test's thread
            result["error"] = e

    t = threading.Thread(target=run)
    t.start()
    wait_for_parts(out, t.is_alive, result)
    return t, result


def wait_for_parts(out: Path, running: Any, context: Any = None) -> None:
    """Wait (at most 120 s) until two parts of ``out``'s games table exist, while
    ``running()`` holds."""
    deadline = time.monotonic() + 120
    while len(list((out / "games").glob("part-*.parquet"))) < 2:
        assert time.monotonic() < deadline and running(), context
        time.sleep(0.02)


def test_a_killed_worker_still_gives_the_whole_output(
        reference: tuple[Path, Path], cluster: Any, tmp_path: Path) -> None:
    src, single = reference
    out = tmp_path / "killed"
    pids: dict[str, int] = cluster.run(os.getpid)
    assert len(pids) == 2
    t, result = write_in_thread(src, out, scheduler=cluster, partition_size=PARTITION)
    # a worker with a task under way dies
    busy = {w: ks for w, ks in cluster.processing().items() if ks}
    assert busy, "no task under way"
    address, tasks = sorted(busy.items())[0]
    victim = pids[address]
    os.kill(victim, signal.SIGKILL)
    killed_mid_run = t.is_alive() and not (out / dataset.MANIFEST).exists()
    t.join(300)
    assert killed_mid_run
    assert "error" not in result, result
    # the killed process ran no task after its death; the nanny's new worker took over
    assert victim not in cluster.run(os.getpid).values()
    assert_same_output(single, out)


def test_a_killed_pool_process_still_gives_the_whole_output(reference: tuple[Path, Path], tmp_path: Path) -> None:
    """No scheduler: a process of the local pool dies mid-run (SIGKILL, as the OOM killer
    does); a new pool runs the lost tasks again and the output is whole."""
    import importlib

    psutil: Any = importlib.import_module("psutil")  # a dependency of distributed; no type hints
    src, single = reference
    out = tmp_path / "pool-killed"
    job = subprocess.Popen(cli(str(src), str(out), "--processes", "2", "--partition-size", str(PARTITION)),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        wait_for_parts(out, lambda: job.poll() is None)
        workers = [c for c in psutil.Process(job.pid).children()
                   if any("spawn_main" in a for a in c.cmdline())]
        assert len(workers) == 2, [c.cmdline() for c in psutil.Process(job.pid).children()]
        workers[0].kill()
        killed_mid_run = job.poll() is None and not (out / dataset.MANIFEST).exists()
        stdout, stderr = job.communicate(timeout=300)
    finally:
        if job.poll() is None:
            job.kill()
    assert killed_mid_run
    assert job.returncode == 0, stderr
    assert_same_output(single, out)


def test_broken_and_unreadable_records_are_rows(tmp_path: Path) -> None:
    src = tmp_path / "src"
    (src / "sub").mkdir(parents=True)
    (src / "dir.sgf").mkdir()  # unreadable, even by root
    (src / "dangling.sgf").symlink_to(tmp_path / "nowhere.sgf")  # unreadable, even by root
    (src / "broken.sgf").write_bytes(b"not sgf at all")
    (src / "illegal.sgf").write_bytes(b"(;GM[1]SZ[19];B[dd];W[dd])")
    (src / "nine.sgf").write_bytes(b"(;GM[1]SZ[9]RE[B+R];B[ee];W[ce])")
    (src / "notes.txt").write_bytes(b"not a record: not listed")
    (src / "sub" / "good.sgf").write_bytes(b"(;GM[1]SZ[19]PB[A]PW[B]RE[W+R];B[pd];W[dp];B[];W[dd])")
    out = tmp_path / "out"
    report = dataset.write(src, out, processes=2, partition_size=3)
    assert (report.games, report.errors, report.positions) == (6, 4, 4)
    rows = {r["path"]: r for r in dataset.read_games(out).to_pylist()}
    assert list(rows) == ["broken.sgf", "dangling.sgf", "dir.sgf", "illegal.sgf", "nine.sgf", "sub/good.sgf"]
    err = {p: r["error"] for p, r in rows.items()}
    assert err["broken.sgf"].startswith("broken.sgf: unreadable")
    assert "dangling.sgf" in err["dangling.sgf"] and "FileNotFound" in err["dangling.sgf"]
    assert "dir.sgf" in err["dir.sgf"] and "directory" in err["dir.sgf"]
    assert err["illegal.sgf"] == "illegal.sgf: illegal: move 2 (white dd) is illegal: occupied"
    assert rows["illegal.sgf"]["moves"] == [{"color": 1, "x": 3, "y": 3}, {"color": 2, "x": 3, "y": 3}]
    assert err["nine.sgf"] is None and rows["nine.sgf"]["positions"] == 0
    assert rows["nine.sgf"]["positions_error"] == "nine.sgf: the board is 9x9, not 19x19"
    good = rows["sub/good.sgf"]
    assert good["error"] is None and good["positions"] == 4 and good["black"] == "A"
    assert good["moves"][2] == {"color": 1, "x": None, "y": None}  # a pass
    # the same rows in one process
    dataset.write(src, tmp_path / "one", processes=1, partition_size=3)
    assert_same_output(out, tmp_path / "one")


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "tengen.dataset", *args]


def test_an_interrupted_run_reads_as_incomplete(reference: tuple[Path, Path], tmp_path: Path) -> None:
    src, single = reference
    out = tmp_path / "out"
    # a complete dataset first, in the same folder: the run that replaces it removes its manifest
    small = tmp_path / "small"
    small.mkdir()
    for f in sorted(src.iterdir())[:4]:
        (small / f.name).symlink_to(f.resolve())
    subprocess.run(cli(str(small), str(out), "--processes", "1"), check=True, capture_output=True)
    assert dataset.read_games(out).num_rows == 4
    job = subprocess.Popen(cli(str(src), str(out), "--processes", "1", "--partition-size", "2"),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 120
        while len(list((out / "positions").glob("part-*.parquet"))) < 4:
            assert time.monotonic() < deadline and job.poll() is None
            time.sleep(0.02)
    finally:
        os.killpg(job.pid, signal.SIGKILL)
        job.wait()
    assert job.returncode == -signal.SIGKILL
    assert not (out / dataset.MANIFEST).exists()
    for read in (dataset.read_games, dataset.read_positions, dataset.manifest, dataset.positions_dataset):
        with pytest.raises(dataset.IncompleteDatasetError, match="did not finish"):
            read(out)
    # run again: complete, the same as the reference, no part of the earlier runs left
    subprocess.run(cli(str(src), str(out), "--partition-size", str(PARTITION), "--processes", "2"),
                   check=True, capture_output=True)
    assert_same_output(single, out)
    listed = {f for p in dataset.manifest(out)["partitions"] for f in p["files"].values()}
    on_disk = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file() and p.name != dataset.MANIFEST}
    assert on_disk == listed


def test_a_missing_part_reads_as_incomplete(reference: tuple[Path, Path], tmp_path: Path) -> None:
    import shutil

    out = tmp_path / "copy"
    shutil.copytree(reference[1], out)
    (out / "positions" / "part-000003.parquet").unlink()
    with pytest.raises(dataset.IncompleteDatasetError, match="part-000003.parquet, listed in _manifest.json, is missing"):
        dataset.read_positions(out)


def test_ray_gives_the_single_process_output(reference: tuple[Path, Path], tmp_path: Path) -> None:
    pytest.importorskip("ray", reason="Ray is optional (pip install ray)")
    src, single = reference
    out = tmp_path / "ray"
    # a local Ray of 2 CPUs started and shut down by the command, as the README shows
    done = subprocess.run(cli(str(src), str(out), "--ray", "--cpus", "2", "--partition-size", str(PARTITION)),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    assert_same_output(single, out)


def readme_section() -> str:
    text = (REPO / "python" / "README.md").read_text()
    return text.split("\n## A corpus to Parquet: `tengen.dataset`\n", 1)[1].split("\n## ", 1)[0]


def test_the_readme_laptop_commands_run_as_written(tmp_path: Path) -> None:
    """The README's laptop command (run from the repository's root, its output folder moved
    to a temporary one) and its Python block, which prints the counts it states."""
    section = readme_section()
    lines = [ln.strip() for ln in section.splitlines() if ln.startswith("    python -m tengen.dataset crates/")]
    assert len(lines) == 1, lines
    out = str(tmp_path / "fixtures")
    argv = lines[0].replace("/tmp/tengen-fixtures", out).split()
    assert argv[:3] == ["python", "-m", "tengen.dataset"]
    done = subprocess.run([sys.executable, *argv[1:]], cwd=REPO, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert '"games": 31, "errors": 7' in done.stdout and '{"games": 31, "errors": 7, ...}' in section
    (code,) = re.findall(r"```python\n(.*?)```", section, re.S)
    ran = subprocess.run([sys.executable, "-c", code.replace("/tmp/tengen-fixtures", out)],
                         capture_output=True, text=True, timeout=120)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.startswith("31 7 broken-game.sgf: unreadable"), ran.stdout


def test_progress_is_shown_when_asked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = REPO / "crates" / "tengen-cli" / "tests" / "fixtures" / "sgf"
    dataset.write(src, tmp_path / "quiet", processes=1, partition_size=8)
    assert capsys.readouterr().err == ""
    dataset.write(src, tmp_path / "shown", processes=1, partition_size=8, progress=True)
    err = capsys.readouterr().err
    assert "tengen.dataset" in err and ("31" in err or "games" in err)


def test_a_killed_ray_worker_still_gives_the_whole_output(reference: tuple[Path, Path], tmp_path: Path) -> None:
    """Ray's worker processes are this test's descendants (its local Ray); the one running a
    task dies, Ray runs the task again (max_retries)."""
    import importlib

    pytest.importorskip("ray", reason="Ray is optional (pip install ray)")
    ray: Any = importlib.import_module("ray")
    psutil: Any = importlib.import_module("psutil")
    src, single = reference
    out = tmp_path / "ray-killed"
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        t, result = write_in_thread(src, out, ray="auto", partition_size=PARTITION)
        busy = [c for c in psutil.Process(os.getpid()).children(recursive=True)
                if any("ray::write_partition" in a for a in c.cmdline())]
        assert busy, "no Ray worker runs a task"
        busy[0].kill()
        killed_mid_run = t.is_alive() and not (out / dataset.MANIFEST).exists()
        t.join(300)
    finally:
        ray.shutdown()
    assert killed_mid_run
    assert "error" not in result, result
    assert_same_output(single, out)


def test_symmetries_give_training_datas_rows(tmp_path: Path) -> None:
    files = sorted(require_shared(FOX).glob("*.sgf"))[:2]
    out = tmp_path / "sym"
    dataset.write(files, out, processes=1, symmetries=True)
    positions = dataset.read_positions(out)
    td = tengen.training_data(files, symmetries=True, threads=1)
    assert positions.num_rows == len(td.policy) == 8 * sum(len(tengen.sgf.load(f).moves) for f in files)
    np.testing.assert_array_equal(dataset.unpack_planes(positions.column("planes")).astype(np.float32), td.inputs)
    assert positions.column("policy").to_pylist() == td.policy.tolist()
    assert positions.column("symmetry").to_pylist()[:9] == [0, 1, 2, 3, 4, 5, 6, 7, 0]
    assert positions.column("move").to_pylist()[7:9] == [0, 1]
    # a list of files: the paths as given
    assert dataset.read_games(out).column("path").to_pylist() == [str(f) for f in files]
