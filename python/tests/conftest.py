"""Shared helpers: where ../shared and the tengen CLI are, and how to skip without them.

Tests that need the read-only data (``../shared`` next to the repository) or the ``tengen``
command say so and skip when it is absent; ``TENGEN_REQUIRE_SHARED=1`` makes that skip a
failure (as ``.ci/run`` sets it). The CLI is ``$TENGEN_BIN``, else ``target/release/tengen`` or
``target/ci/tengen`` of the repository (build it with ``cargo build --release`` at the root).
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Optional

import pytest

REPO = Path(__file__).resolve().parents[2]
SHARED = Path(os.environ.get("TENGEN_SHARED", REPO.parent / "shared"))
FOX = SHARED / "data" / "sgf" / "fox-pro"
SPEC = SHARED / "spec"


def require_shared(path: Path) -> Path:
    """``path`` inside ../shared, or skip (fail with TENGEN_REQUIRE_SHARED=1)."""
    if path.exists():
        return path
    msg = f"{path} is absent: this test needs the shared data (../shared next to the repository)"
    if os.environ.get("TENGEN_REQUIRE_SHARED") == "1":
        pytest.fail(msg + " and TENGEN_REQUIRE_SHARED=1")
    pytest.skip(msg)


def tengen_bin() -> Optional[str]:
    """The tengen CLI, or None."""
    env = os.environ.get("TENGEN_BIN")
    if env:
        return env
    for profile in ("release", "ci"):
        p = REPO / "target" / profile / "tengen"
        if p.exists():
            return str(p)
    return shutil.which("tengen")


def require_cli() -> str:
    """The tengen CLI, or skip (fail with TENGEN_REQUIRE_SHARED=1 or TENGEN_REQUIRE_CLI=1)."""
    b = tengen_bin()
    if b:
        return b
    msg = "the tengen CLI is absent: build it with `cargo build --release` or set TENGEN_BIN"
    if os.environ.get("TENGEN_REQUIRE_CLI") == "1" or os.environ.get("TENGEN_REQUIRE_SHARED") == "1":
        pytest.fail(msg)
    pytest.skip(msg)


#: White (2,3) has two liberties, (3,3) and (2,4); the black stones around it make a ladder
#: with nothing on its paths (the reading and feature tests' hand position).
LADDER = [
    ".........",
    ".........",
    "..X......",
    ".XO......",
    "...X.....",
    ".........",
    ".........",
    ".........",
    ".........",
]
