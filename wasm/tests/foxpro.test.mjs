// The same boards as @sabaki/go-board after every move of the fox-pro games
// (../shared/data/sgf/fox-pro; skipped when absent, a failure under TENGEN_REQUIRE_SHARED=1).
// @sabaki/sgf parses the records for go-board, so the two sides share no code.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GoBoard from '@sabaki/go-board';
import sgf from '@sabaki/sgf';
import { replaySgf } from '../pkg/index.js';
import { shared } from './shared.mjs';

function sabakiPositions(text) {
  const [root] = sgf.parse(text);
  const sz = String(root.data.SZ?.[0] ?? '19').split(':').map(Number);
  const [w, h] = [sz[0], sz[1] ?? sz[0]];
  let board = GoBoard.fromDimensions(w, h);
  const positions = [];
  const setup = (node) => {
    for (const [prop, sign] of [['AB', 1], ['AW', -1], ['AE', 0]]) {
      for (const v of node.data[prop] ?? []) {
        for (const vertex of sgf.parseCompressedVertices(v)) board.set(vertex, sign);
      }
    }
  };
  let node = root;
  setup(node);
  positions.push(board.signMap.flat());
  while (true) {
    for (const [prop, sign] of [['B', 1], ['W', -1]]) {
      if (!node.data[prop]) continue;
      const v = node.data[prop][0];
      const vertex = v === '' || (v === 'tt' && w <= 19 && h <= 19) ? [-1, -1] : sgf.parseVertex(v);
      board = board.makeMove(sign, vertex);
      positions.push(board.signMap.flat());
    }
    if (!node.children.length) break;
    node = node.children[0];
    setup(node);
  }
  return positions;
}

test('tengen-wasm and @sabaki/go-board give the same board after every move of the fox-pro games', (t) => {
  const dir = shared('data/sgf/fox-pro', t);
  if (!dir) return;
  const files = readdirSync(dir).filter((f) => f.endsWith('.sgf')).sort();
  assert.ok(files.length >= 2000, `expected the 2,000 fox-pro records, found ${files.length}`);
  let moves = 0;
  let stopped = 0;
  for (const f of files) {
    const bytes = readFileSync(path.join(dir, f));
    const ours = replaySgf(bytes);
    const theirs = sabakiPositions(bytes.toString('utf8'));
    if (ours.error) stopped++;
    // an illegal move stops tengen's replay; go-board, which checks nothing, plays on
    assert.ok(theirs.length >= ours.positions.length, `${f}: go-board has fewer positions`);
    for (let n = 0; n < ours.positions.length; n++) {
      const a = ours.positions[n].signs;
      const b = theirs[n];
      for (let i = 0; i < a.length; i++) {
        if (a[i] !== b[i]) {
          assert.fail(`${f}: after move ${n}, point (${i % ours.width}, ${Math.floor(i / ours.width)}): tengen ${a[i]}, go-board ${b[i]}`);
        }
      }
    }
    if (!ours.error) assert.equal(theirs.length, ours.positions.length, `${f}: position count`);
    moves += ours.moves;
  }
  t.diagnostic(`${files.length} games, ${moves} moves compared; ${stopped} stopped at an illegal move`);
});
