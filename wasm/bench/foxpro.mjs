// Replay of the fox-pro set in Node: tengen-wasm against @sabaki/go-board, one run each.
//   node wasm/bench/foxpro.mjs [dir=../shared/data/sgf/fox-pro]
// Both sides parse every record and play every move of its main line with their checks on:
// tengen's replay (every move checked under the record's rules, captures counted) and, for
// go-board, @sabaki/sgf's parser and makeMove with preventOverwrite, preventSuicide, preventKo.
// The files are read into memory first; only parsing and playing are timed.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import GoBoard from '@sabaki/go-board';
import sgf from '@sabaki/sgf';
import { replaySummary, replaySgf } from '../pkg/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = process.argv[2] ?? path.resolve(here, '../../../shared/data/sgf/fox-pro');
const files = readdirSync(dir).filter((f) => f.endsWith('.sgf')).sort();
const bytes = files.map((f) => readFileSync(path.join(dir, f)));
const texts = bytes.map((b) => b.toString('utf8'));

function sabaki(text) {
  const [root] = sgf.parse(text);
  const sz = String(root.data.SZ?.[0] ?? '19').split(':').map(Number);
  let board = GoBoard.fromDimensions(sz[0], sz[1] ?? sz[0]);
  let moves = 0;
  for (let node = root; node; node = node.children[0]) {
    for (const [prop, sign] of [['AB', 1], ['AW', -1]]) {
      for (const v of node.data[prop] ?? []) for (const vx of sgf.parseCompressedVertices(v)) board.set(vx, sign);
    }
    for (const [prop, sign] of [['B', 1], ['W', -1]]) {
      if (!node.data[prop]) continue;
      const v = node.data[prop][0];
      const vertex = v === '' || v === 'tt' ? [-1, -1] : sgf.parseVertex(v);
      try {
        board = board.makeMove(sign, vertex, { preventOverwrite: true, preventSuicide: true, preventKo: true });
      } catch {
        return moves;
      }
      moves++;
    }
  }
  return moves;
}

function time(label, f) {
  const t0 = process.hrtime.bigint();
  const moves = f();
  const s = Number(process.hrtime.bigint() - t0) / 1e9;
  console.log(`${label.padEnd(44)} ${s.toFixed(3).padStart(8)} s  ${moves} moves  ${(moves / s / 1e6).toFixed(2)} M moves/s`);
  return s;
}

console.log(`${files.length} records from ${dir}; node ${process.version}`);
// warm up both
for (let i = 0; i < 50; i++) {
  replaySummary(bytes[i]);
  sabaki(texts[i]);
}
const a = time('tengen-wasm replaySummary (parse + play)', () => bytes.reduce((n, b) => n + replaySummary(b).moves, 0));
const b = time('@sabaki/sgf parse + @sabaki/go-board play', () => texts.reduce((n, t) => n + sabaki(t), 0));
const c = time('tengen-wasm replaySgf (every position kept)', () => bytes.slice(0, 200).reduce((n, x) => n + replaySgf(x).moves, 0));
console.log(`tengen-wasm replay is ${(b / a).toFixed(1)}x faster than go-board (${c.toFixed(2)} s for 200 games with all positions)`);
