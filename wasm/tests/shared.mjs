// Where the tests find the package and ../shared (the read-only data next to the repository).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
// TENGEN_REPO: the repository when the tests run from a copy (wasm/ci.sh runs a copy of them
// against the `npm pack` tarball installed in a scratch project).
export const repo = process.env.TENGEN_REPO || path.resolve(here, '../..');
export const pkg = path.join(repo, 'wasm/pkg/index.js');

/** `../shared/<rel>` if present; otherwise null with a note, or a failure under TENGEN_REQUIRE_SHARED. */
export function shared(rel, t) {
  const p = path.resolve(repo, '../shared', rel);
  if (existsSync(p)) return p;
  const req = process.env.TENGEN_REQUIRE_SHARED;
  if (req && req !== '0') throw new Error(`${p} is missing and TENGEN_REQUIRE_SHARED is set`);
  const msg = `${p} is absent (a fresh clone has no ../shared): skipped`;
  if (t) t.skip(msg);
  else console.log(`NOTE: ${msg}`);
  return null;
}
