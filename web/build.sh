#!/usr/bin/env bash
# Build the static page into web/dist/ (index.html, its assets and the tengen-wasm package).
# Builds the package first (wasm/build.sh) unless wasm/pkg exists and TENGEN_WEB_REUSE_PKG=1.
# Serve it with:  node web/serve.mjs web/dist 8080   (then open http://127.0.0.1:8080/)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if [ "${TENGEN_WEB_REUSE_PKG:-0}" != 1 ] || [ ! -f "$here/../wasm/pkg/index.js" ]; then
  "$here/../wasm/build.sh"
fi
rm -rf "$here/dist"
mkdir -p "$here/dist/tengen"
cp "$here"/src/index.html "$here"/src/style.css "$here"/src/app.js "$here/dist/"
cp "$here"/../wasm/pkg/index.js "$here"/../wasm/pkg/tengen_wasm.js "$here"/../wasm/pkg/tengen_wasm_bg.wasm \
  "$here"/../wasm/pkg/index.d.ts "$here"/../wasm/pkg/package.json "$here/dist/tengen/"
echo "web/build.sh: built $here/dist ($(du -sk "$here/dist" | cut -f1) KB)" >&2
