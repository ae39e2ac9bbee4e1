#!/usr/bin/env bash
# Install the wasm-bindgen CLI of version $1 (wasm/build.sh passes the wasm-bindgen crate's
# version in the workspace's Cargo.lock) with `cargo install`, unless a `wasm-bindgen` of that version is
# already on PATH. The first build spends most of its time here. The CLI is built without
# optimisation (`--debug`): it runs once a build, on a .wasm of under 1 MB, and its
# optimised build (5 min 29 s of CI's wasm step of 572 s on 2 cores, 2026-12-07) cost more
# than the optimisation saves there.
#
# `--locked` is tried first (the CLI's own Cargo.lock). When the registry no longer serves a
# locked version (wasm-bindgen-cli 0.2.130 locks a webpki-roots that was yanked), cargo's
# failure is not an error of this build: it is replaced by a note, and the dependencies are
# resolved afresh. Any other failure of the locked attempt is shown as cargo printed it.
set -euo pipefail
version="${1:?usage: install-wasm-bindgen.sh VERSION}"
if wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  exit 0
fi
echo "build.sh: installing wasm-bindgen-cli $version (first build only: a few minutes)" >&2
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if cargo install wasm-bindgen-cli --version "$version" --debug --locked --color never >"$log" 2>&1; then
  exit 0
fi
if grep -qiE 'yanked|failed to select a version|failed to download|no matching package|locked to' "$log"; then
  echo "build.sh: a dependency locked by wasm-bindgen-cli $version is no longer in the registry;" \
    "resolving its dependencies afresh" >&2
else
  echo "build.sh: \`cargo install --locked\` failed as follows; retrying with its dependencies resolved afresh" >&2
  cat "$log" >&2
fi
cargo install wasm-bindgen-cli --version "$version" --debug
