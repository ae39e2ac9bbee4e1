// wasm/install-wasm-bindgen.sh (run by wasm/build.sh, so by web/build.sh) with a stand-in
// `cargo` on PATH: a registry that refuses the CLI's locked dependencies (a yanked crate, as
// webpki-roots was for wasm-bindgen-cli 0.2.130) is a plain note and a fresh resolution, not a
// red `error:` on the first build; a failure of both attempts still fails with cargo's message.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repo } from './shared.mjs';

const script = path.join(repo, 'wasm/install-wasm-bindgen.sh');
const VERSION = '0.2.130';

// what cargo printed for `cargo install wasm-bindgen-cli --version 0.2.130 --locked` on 2026-12-02
const LOCKED_FAILURE = 'error: failed to select a version for the requirement `webpki-roots = "^1.0.10"` (locked to 1.0.11)\n' +
  "candidate versions found which didn't match: 1.0.10, 1.0.9, 1.0.8, ...\n" +
  'location searched: crates.io index\n' +
  'required by package `ureq v3.5.0`\n' +
  '    ... which satisfies dependency `ureq = "^3"` (locked to 3.5.0) of package `wasm-bindgen-cli v0.2.130`\n';

/** A scratch PATH with a stand-in cargo: `locked`/`fresh` say whether each attempt succeeds. */
function sandbox({ locked, fresh, installed = false }) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tengen-install-'));
  const bin = path.join(dir, 'bin');
  const home = path.join(dir, 'cargo-home');
  mkdirSync(bin);
  mkdirSync(path.join(home, 'bin'), { recursive: true });
  const fakeBindgen = `#!/bin/sh\necho "wasm-bindgen ${VERSION}"\n`;
  if (installed) {
    writeFileSync(path.join(home, 'bin/wasm-bindgen'), fakeBindgen);
    chmodSync(path.join(home, 'bin/wasm-bindgen'), 0o755);
  }
  writeFileSync(path.join(dir, 'failure.txt'), LOCKED_FAILURE);
  writeFileSync(path.join(bin, 'cargo'), `#!/bin/sh
echo "$*" >> "${dir}/calls"
case "$*" in
  *--locked*) ok=${locked ? 1 : 0} ;;
  *) ok=${fresh ? 1 : 0} ;;
esac
if [ "$ok" = 1 ]; then
  printf '%s' '${fakeBindgen}' > "$CARGO_HOME/bin/wasm-bindgen"
  chmod +x "$CARGO_HOME/bin/wasm-bindgen"
  echo "    Installed package \\\`wasm-bindgen-cli v${VERSION}\\\`" >&2
  exit 0
fi
cat "${dir}/failure.txt" >&2
exit 101
`);
  chmodSync(path.join(bin, 'cargo'), 0o755);
  return { dir, home, bin };
}

function run(box) {
  const r = spawnSync('bash', [script, VERSION], {
    encoding: 'utf8',
    env: { PATH: `${path.join(box.home, 'bin')}:${box.bin}:/usr/bin:/bin`, CARGO_HOME: box.home, HOME: box.dir },
  });
  const calls = existsSync(path.join(box.dir, 'calls')) ? readFileSync(path.join(box.dir, 'calls'), 'utf8').trim().split('\n') : [];
  rmSync(box.dir, { recursive: true, force: true });
  return { status: r.status, stderr: r.stderr, calls };
}

test('a yanked locked dependency: a note and a fresh resolution, no `error:`', () => {
  const r = run(sandbox({ locked: false, fresh: true }));
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /error/i, `stderr:\n${r.stderr}`);
  assert.match(r.stderr, /installing wasm-bindgen-cli 0\.2\.130/);
  assert.match(r.stderr, /afresh/);
  assert.equal(r.calls.length, 2);
  assert.match(r.calls[0], /--locked/);
  assert.doesNotMatch(r.calls[1], /--locked/);
});

test('the locked install works: one cargo call, no note', () => {
  const r = run(sandbox({ locked: true, fresh: true }));
  assert.equal(r.status, 0, r.stderr);
  assert.doesNotMatch(r.stderr, /error|afresh/i);
  assert.equal(r.calls.length, 1);
});

test('the CLI already installed: cargo is not called', () => {
  const r = run(sandbox({ locked: true, fresh: true, installed: true }));
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(r.calls, []);
  assert.equal(r.stderr, '');
});

test('both attempts fail: a non-zero exit with cargo\'s own message', () => {
  const r = run(sandbox({ locked: false, fresh: false }));
  assert.notEqual(r.status, 0);
  assert.match(r.stderr, /failed to select a version for the requirement `webpki-roots/);
});
