"""The README's Python example runs as written, and the package's docs are complete."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys

import tengen
from tengen import _tengen

from conftest import REPO


def python_blocks() -> list[str]:
    text = (REPO / "README.md").read_text()
    section = text.split("\n## Python\n", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def test_readme_example_runs() -> None:
    blocks = python_blocks()
    assert blocks, "the README's Python section has no example"
    for code in blocks:
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
        assert out.returncode == 0, out.stderr
        assert out.stdout == "B+73.5\n"


def test_every_public_name_has_a_docstring() -> None:
    missing = []
    for name in tengen.__all__:
        obj = getattr(tengen, name)
        if inspect.ismodule(obj) or callable(obj):
            if not (obj.__doc__ or "").strip():
                missing.append(name)
        if inspect.isclass(obj):
            for attr, member in vars(obj).items():
                if attr.startswith("_"):
                    continue
                if not (getattr(member, "__doc__", None) or "").strip():
                    missing.append(f"{name}.{attr}")
    assert missing == []


def test_stub_lists_the_extension() -> None:
    stub = (REPO / "python" / "tengen" / "_tengen.pyi").read_text()
    for name in dir(_tengen):
        if not name.startswith("_"):
            assert re.search(rf"\b(class|def) {name}\b|^{name}:", stub, re.M), name


def test_mypy_on_examples_and_tests() -> None:
    pkg = REPO / "python"
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "tengen/__init__.py", "tengen/sgf.py", "tengen/dataset.py", "examples", "tests"],
        cwd=pkg, capture_output=True, text=True, timeout=600,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def test_sgf_module_doctest() -> None:
    import doctest

    import tengen.sgf

    failed, tried = doctest.testmod(tengen.sgf)
    assert tried > 0 and failed == 0
