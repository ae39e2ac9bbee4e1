// wasm/build.sh's glue step: wasm/bindgen (wasm-bindgen's library behind a small command) must be
// the version of the wasm-bindgen crate the module is built with, and build.sh stops before any
// build, naming both versions, when they differ; the command itself rejects a wrong call and a
// missing input with a message and a non-zero exit.
import test from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { repo } from './shared.mjs';

/** The version of `name` in a Cargo.lock's text. */
function locked(lock, name) {
  const m = lock.match(new RegExp(`\\[\\[package\\]\\]\\nname = "${name}"\\nversion = "([^"]+)"`));
  return m && m[1];
}

/** The exact version wasm/bindgen/Cargo.toml pins wasm-bindgen-cli-support to. */
function pinned(manifest) {
  const m = manifest.match(/^wasm-bindgen-cli-support = "=([^"]+)"$/m);
  return m && m[1];
}

test('wasm/bindgen pins the wasm-bindgen version the workspace locks', () => {
  const lock = readFileSync(path.join(repo, 'Cargo.lock'), 'utf8');
  const manifest = readFileSync(path.join(repo, 'wasm/bindgen/Cargo.toml'), 'utf8');
  const want = locked(lock, 'wasm-bindgen');
  assert.ok(want, 'no wasm-bindgen in Cargo.lock');
  assert.equal(pinned(manifest), want);
  // and its own lock file builds that version
  const own = readFileSync(path.join(repo, 'wasm/bindgen/Cargo.lock'), 'utf8');
  assert.equal(locked(own, 'wasm-bindgen-cli-support'), want);
});

/**
 * build.sh in a scratch copy of the repository's layout whose Cargo.lock locks wasm-bindgen
 * `lockedVersion`, with stand-in cargo and rustup on PATH that record their calls.
 */
function runBuild(lockedVersion) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tengen-build-sh-'));
  mkdirSync(path.join(dir, 'wasm/bindgen'), { recursive: true });
  copyFileSync(path.join(repo, 'wasm/build.sh'), path.join(dir, 'wasm/build.sh'));
  copyFileSync(path.join(repo, 'wasm/bindgen/Cargo.toml'), path.join(dir, 'wasm/bindgen/Cargo.toml'));
  writeFileSync(path.join(dir, 'Cargo.lock'),
    `[[package]]\nname = "wasm-bindgen"\nversion = "${lockedVersion}"\n`);
  const bin = path.join(dir, 'bin');
  mkdirSync(bin);
  for (const tool of ['cargo', 'rustup']) {
    writeFileSync(path.join(bin, tool), `#!/bin/sh\necho "${tool} $*" >> "${dir}/calls"\n` +
      (tool === 'rustup' ? 'echo wasm32-unknown-unknown\n' : 'exit 0\n'));
    chmodSync(path.join(bin, tool), 0o755);
  }
  const r = spawnSync('bash', [path.join(dir, 'wasm/build.sh')], {
    encoding: 'utf8',
    env: { PATH: `${bin}:/usr/bin:/bin`, HOME: dir },
  });
  const callsFile = path.join(dir, 'calls');
  const calls = existsSync(callsFile) ? readFileSync(callsFile, 'utf8').trim().split('\n') : [];
  rmSync(dir, { recursive: true, force: true });
  return { status: r.status, stderr: r.stderr, calls };
}

test('build.sh stops, naming both versions, when the workspace locks another wasm-bindgen', () => {
  const pin = pinned(readFileSync(path.join(repo, 'wasm/bindgen/Cargo.toml'), 'utf8'));
  const r = runBuild('0.2.999');
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stderr, /locks wasm-bindgen 0\.2\.999/);
  assert.ok(r.stderr.includes(`=${pin}`), r.stderr);
  assert.deepEqual(r.calls.filter((c) => c.startsWith('cargo')), [], 'cargo ran before the check');
});

/** The glue command, through cargo (built by wasm/build.sh already in CI). */
function bindgen(...args) {
  return spawnSync('cargo', ['run', '--quiet', '--locked', '--manifest-path',
    path.join(repo, 'wasm/bindgen/Cargo.toml'), '--', ...args], { encoding: 'utf8' });
}

test('the glue command: a wrong call is a usage error, a missing input names the file', () => {
  const usage = bindgen('only-one-argument');
  assert.equal(usage.status, 2, usage.stderr);
  assert.match(usage.stderr, /usage: tengen-wasm-bindgen INPUT\.wasm OUT_DIR OUT_NAME \(got 1 arguments\)/);
  const out = mkdtempSync(path.join(os.tmpdir(), 'tengen-bindgen-'));
  const missing = path.join(out, 'no-such.wasm');
  const r = bindgen(missing, out, 'x');
  rmSync(out, { recursive: true, force: true });
  assert.equal(r.status, 1, r.stderr);
  assert.ok(r.stderr.includes(missing), r.stderr);
});
