#!/bin/sh
# The Python package's CI: build and install it with pip in a fresh virtual environment, with
# the test dependencies from PyPI, then run the pytest suite (which runs mypy too) and mypy.
# Exits non-zero on any failure. Needs python3 (3.9+), a Rust toolchain, PyPI and crates.io.
# Usage: python/ci.sh [pytest arguments...]; TENGEN_REQUIRE_SHARED=1 makes the tests that need
# ../shared or the CLI fail instead of skipping; TENGEN_BIN names the CLI (default: the
# repository's target/release/tengen or target/ci/tengen).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv=$(mktemp -d "${TMPDIR:-/tmp}/tengen-py-ci.XXXXXX")
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "$here" sgfmill pytest hypothesis numpy mypy
# the tests import the installed package, never the source folder (hence not from $here)
cd "$venv"
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests" "$@"
cd "$here"
"$venv/bin/python" -m mypy --strict --cache-dir "$venv/mypy-cache" tengen/__init__.py tengen/sgf.py examples tests
