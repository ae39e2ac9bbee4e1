#!/usr/bin/env bash
# Build the tengen-wasm npm package into wasm/pkg/ from a fresh clone:
#   wasm/build.sh                 # lean build: legacy SGF charsets decoded by TextDecoder in JS
#   TENGEN_WASM_ENCODINGS=1 wasm/build.sh   # encoding_rs compiled in instead (larger .wasm)
# Needs rustup and cargo; installs the wasm32 target and builds wasm/bindgen (wasm-bindgen's
# library behind a small command: the glue, as the wasm-bindgen CLI writes it, without that CLI's
# test runner to build). wasm-opt (npm's or Debian's `binaryen`) shrinks the .wasm when present.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"

if command -v rustup >/dev/null && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi

# The glue's generator must speak the schema of the wasm-bindgen crate the module is built with:
# its pinned version against the one in the workspace's Cargo.lock.
version="$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' ../Cargo.lock)"
pinned="$(sed -n 's/^wasm-bindgen-cli-support = "=\(.*\)"$/\1/p' bindgen/Cargo.toml)"
if [ -z "$version" ] || [ "$version" != "$pinned" ]; then
  echo "build.sh: the workspace locks wasm-bindgen ${version:-(none)}, wasm/bindgen/Cargo.toml pins" \
    "wasm-bindgen-cli-support =${pinned:-(none)}: make them the same version" >&2
  exit 1
fi
# (built without optimisation: it runs once a build, on a .wasm of under 1 MB)
bindgen=(cargo run --quiet --locked --manifest-path "$here/bindgen/Cargo.toml" --)

features=()
if [ "${TENGEN_WASM_ENCODINGS:-0}" = 1 ]; then
  features=(--features encodings)
fi
# the workspace profile `wasm` (Cargo.toml at the root): size-optimised, panic = abort
# Panic locations name their source files, and a crate from crates.io by its full path in the
# cargo home (as long as the machine's CARGO_HOME makes it): each path is written short (the
# crate's own folder, the standard library's `library/...`), so the size of the .wasm does not
# depend on where the machine keeps its crates.
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
rustc_hash="$(rustc -vV | sed -n 's/^commit-hash: //p')"
# (for this build only: the glue command below is built for the host with the caller's flags,
# so a later `cargo run` of it finds it built)
remap="--remap-path-prefix=$cargo_home/registry/src/= --remap-path-prefix=/rustc/$rustc_hash/= --remap-path-prefix=$(cd .. && pwd)/="
RUSTFLAGS="${RUSTFLAGS:-} $remap" cargo build --profile wasm -p tengen-wasm --target wasm32-unknown-unknown "${features[@]}"
# cargo honours CARGO_TARGET_DIR (.ci/run sets one for the whole run): ask it where it built
target_dir="$(cargo metadata --format-version 1 --no-deps |
  node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).target_directory))' 2>/dev/null ||
  true)"
if [ -z "$target_dir" ]; then
  target_dir="${CARGO_TARGET_DIR:-$here/../target}"
fi

rm -rf pkg
mkdir -p pkg
"${bindgen[@]}" "$target_dir/wasm32-unknown-unknown/wasm/tengen_wasm.wasm" pkg tengen_wasm
# wasm-opt: binaryen from npm (a devDependency in wasm/package.json, installed here when npm is
# present), or a system one of version 116 or later. Debian bookworm's binaryen 108 predates
# the externref table wasm-bindgen emits for Rust's default wasm features and breaks it.
if [ ! -x node_modules/.bin/wasm-opt ] && command -v npm >/dev/null; then
  npm ci --no-audit --no-fund --silent || true
fi
wasm_opt=""
if [ -x node_modules/.bin/wasm-opt ]; then
  wasm_opt=node_modules/.bin/wasm-opt
elif command -v wasm-opt >/dev/null; then
  v="$(wasm-opt --version | grep -o '[0-9]\+' | head -1)"
  if [ "${v:-0}" -ge 116 ]; then wasm_opt=wasm-opt; fi
fi
if [ -n "$wasm_opt" ]; then
  "$wasm_opt" -Oz --converge --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
    --enable-mutable-globals --enable-reference-types --enable-multivalue --strip-debug \
    --strip-producers pkg/tengen_wasm_bg.wasm -o pkg/tengen_wasm_bg.wasm.opt
  mv pkg/tengen_wasm_bg.wasm.opt pkg/tengen_wasm_bg.wasm
else
  echo "build.sh: no usable wasm-opt (npm binaryen, or binaryen >= 116): the .wasm is not size-optimised" >&2
fi
cp js/index.js js/index.d.ts pkg/
crate_version="$(awk -F'"' '/^version = / { print $2; exit }' Cargo.toml)"
cat > pkg/package.json <<JSON
{
  "name": "tengen-wasm",
  "version": "$crate_version",
  "description": "tengen's exact Go rules engine in WebAssembly: boards, games with superko, territory, scoring, SGF, the move task",
  "license": "MIT OR Apache-2.0",
  "type": "module",
  "main": "./index.js",
  "module": "./index.js",
  "types": "./index.d.ts",
  "exports": {
    ".": {
      "types": "./index.d.ts",
      "default": "./index.js"
    }
  },
  "files": ["index.js", "index.d.ts", "tengen_wasm.js", "tengen_wasm_bg.wasm"],
  "sideEffects": false,
  "engines": { "node": ">=20" }
}
JSON
if command -v node >/dev/null; then
  # the package must load and answer (a broken optimiser shows here, not in a user's page)
  node --input-type=module -e "import { moveTask } from '$here/pkg/index.js'; if (moveTask('1\\n0\\n0 0 1\\n') !== '0\\n') process.exit(1);"
fi
echo "build.sh: pkg/tengen_wasm_bg.wasm is $(wc -c < pkg/tengen_wasm_bg.wasm) bytes" >&2
