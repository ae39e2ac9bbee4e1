#!/bin/sh
# The Python package's CI: build the wheel as a user's `pip install` would get it (`maturin
# build` with the workspace's `python` profile, an abi3 wheel), install that wheel into a fresh
# virtual environment with the test dependencies from PyPI, then run the pytest suite (mypy
# included) against the installed package. Exits non-zero on any failure. Needs python3
# (3.10+), a Rust toolchain, PyPI and crates.io.
# Usage: python/ci.sh [pytest arguments...]; TENGEN_REQUIRE_SHARED=1 makes the tests that need
# ../shared or the CLI fail instead of skipping; TENGEN_BIN names the CLI (default: the
# repository's target/release/tengen or target/ci/tengen); TENGEN_WAIT_FOR=FILE waits for FILE
# to exist before the tests (`.ci/run` builds the wheel while its test step is still building
# the CLI the tests compare with, and names the file that step leaves when it is done).
set -eu
start=$(date +%s)
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/tengen-py-ci.XXXXXX")
trap 'rm -rf "$work"' EXIT
# the build environment: maturin only
python3 -m venv "$work/build"
"$work/build/bin/python" -m pip install --quiet --upgrade pip
"$work/build/bin/python" -m pip install --quiet "maturin>=1.5,<2"
(cd "$here" && "$work/build/bin/maturin" build --profile python --out "$work/dist" --quiet)
wheel=$(ls "$work"/dist/tengen-*.whl)
echo "python/ci.sh: built $(basename "$wheel") ($(( $(date +%s) - start )) s from the start)"
case "$wheel" in
  *abi3*) ;;
  *) echo "python/ci.sh: $wheel is not an abi3 wheel" >&2; exit 1 ;;
esac
# the test environment: the wheel and the test dependencies, nothing from the source tree
venv=$work/venv
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --upgrade pip
"$venv/bin/python" -m pip install --quiet "$wheel" sgfmill pytest hypothesis numpy mypy pyarrow "dask[distributed]" ray
if [ -n "${TENGEN_WAIT_FOR:-}" ]; then
  # at most 90 minutes (CI's whole budget): a first lane that died without leaving the file
  # must not leave this waiting for ever
  echo "python/ci.sh: waiting for $TENGEN_WAIT_FOR"
  waited=0
  while [ ! -e "$TENGEN_WAIT_FOR" ]; do
    if [ "$waited" -ge 5400 ]; then
      echo "python/ci.sh: $TENGEN_WAIT_FOR (TENGEN_WAIT_FOR) did not appear within 5400 s" >&2
      exit 1
    fi
    sleep 5
    waited=$((waited + 5))
  done
  echo "python/ci.sh: waited $waited s for $TENGEN_WAIT_FOR"
fi
# the tests import the installed package, never the source folder (hence not from $here)
cd "$work"
# (mypy --strict on the package, its examples and its tests is one of these tests:
# tests/test_readme.py runs it with the installed package's interpreter)
"$venv/bin/python" -m pytest -q -p no:cacheprovider "$here/tests" "$@"
