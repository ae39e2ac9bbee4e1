// Hostile arguments that trapped the WebAssembly module (issue 27, items 8 and 12): a non-string
// `rules` option, a record too long to keep every position, and handicaps or captures that were
// coerced to u32 (-1 to 4294967295, 2.7 to 2). Each is now a TypeError or a RangeError naming
// the argument, and the module keeps working after it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Board, Game, judge, moveTask, replaySgf, replaySummary, score } from '../pkg/index.js';
import { initSync } from '../pkg/tengen_wasm.js';

// the module's exports (already initialised by index.js, so this only returns them)
const wasm = initSync({ module: readFileSync(new URL('../pkg/tengen_wasm_bg.wasm', import.meta.url)) });

const NINE = '(;GM[1]FF[4]SZ[9];B[ee];W[cc])';

function throwsNaming(f, Type, word, what) {
  assert.throws(f, (e) => {
    assert.ok(e instanceof Type, `${what}: ${e?.constructor?.name}: ${e?.message}`);
    assert.match(e.message, word, `${what}: ${e.message}`);
    return true;
  }, what);
}

test('a rules option that is not a string: a TypeError naming rules, everywhere', () => {
  const board = () => new Board(9, 9);
  const calls = {
    'new Board': (r) => new Board(9, 9, { rules: r }),
    'Board.fromRows': (r) => Board.fromRows(['   ', '   ', '   '], { rules: r }),
    'new Game': (r) => new Game(9, 9, { rules: r }),
    'Game.fromBoard': (r) => Game.fromBoard(board(), { rules: r }),
    'Game.setRules': (r) => new Game(9, 9).setRules(r),
    replaySgf: (r) => replaySgf(NINE, { rules: r }),
    moveTask: (r) => moveTask('1\n0\n0 0 1\n', { rules: r }),
    'score (Board)': (r) => score(board(), { rules: r }),
    'Game.score': (r) => new Game(9, 9).score({ rules: r }),
    'judge (Board)': (r) => judge(board(), { rules: r, playouts: 10 }),
    'judge (Game)': (r) => judge(new Game(9, 9), { rules: r, playouts: 10 }),
  };
  for (const [what, f] of Object.entries(calls)) {
    for (const r of [5, {}, ['japanese'], true]) throwsNaming(() => f(r), TypeError, /rules/, `${what} rules ${JSON.stringify(r)}`);
    // and the module still answers
    assert.doesNotThrow(() => f('chinese'), what);
  }
});

test('handicap and captures out of range or not whole: a RangeError naming them, not a coercion', () => {
  const b = Board.fromRows(['B W', '   ', 'W B']);
  const g = new Game(9, 9);
  for (const h of [-1, 2.7, 4294967295, 82, NaN, Infinity]) {
    throwsNaming(() => new Game(9, 9).score({ handicap: h }), RangeError, /handicap/, `Game.score handicap ${h}`);
    throwsNaming(() => g.judge({ handicap: h, playouts: 10 }), RangeError, /handicap/, `Game.judge handicap ${h}`);
    throwsNaming(() => new Board(9, 9).score({ handicap: h }), RangeError, /handicap/, `Board.score handicap ${h}`);
    throwsNaming(() => new Board(9, 9).judge({ handicap: h, playouts: 10 }), RangeError, /handicap/, `Board.judge handicap ${h}`);
  }
  throwsNaming(() => b.score({ handicap: '2' }), TypeError, /handicap/, 'handicap as a string');
  for (const c of [[-1, 0], [0, 2.5], [4294967296, 0]]) {
    throwsNaming(() => b.score({ captures: c }), RangeError, /captures/, `Board.score captures ${c}`);
    throwsNaming(() => b.judge({ captures: c, playouts: 10 }), RangeError, /captures/, `Board.judge captures ${c}`);
  }
  // in range: the board's points at most (81 on 9x9), whole numbers
  assert.doesNotThrow(() => new Game(9, 9).score({ handicap: 81 }));
  assert.doesNotThrow(() => b.score({ handicap: 2, captures: [3, 4] }));
  assert.doesNotThrow(() => new Game(9, 9).score({ handicap: 0 }));
});

test('replaySgf of a record too long to keep every position: a RangeError, no trap, no leak', () => {
  // 4 MB: a 52x52 record of 1,000,000 passes (1,000,001 positions of 2,704 points)
  const huge = `(;GM[1]FF[4]SZ[52]${';B[];W[]'.repeat(500000)})`;
  assert.ok(huge.length > 4_000_000);
  throwsNaming(() => replaySgf(huge), RangeError, /positions.*limit/, 'replaySgf of 1M moves on 52x52');
  // one more failed replay before measuring: the allocator may need to grow once for the
  // same allocations in a heap the first left fragmented (how much depends on what ran
  // before in this process), and then reuses that room; a leak grows with every replay
  throwsNaming(() => replaySgf(huge), RangeError, /positions/, 'replaySgf a second time');
  const mem = wasm.memory.buffer.byteLength;
  for (let i = 0; i < 3; i++) throwsNaming(() => replaySgf(huge), RangeError, /positions/, `replaySgf again (${i})`);
  // each failed replay was freed: the memory did not grow by another replayed game
  const grown = wasm.memory.buffer.byteLength - mem;
  assert.ok(grown < 8 << 20, `memory grew by ${grown} bytes over 3 failed replays`);
  // the outcome alone is still available, and a normal record replays with its positions
  assert.equal(replaySummary(huge).moves, 1_000_000);
  const r = replaySgf(NINE);
  assert.equal(r.positions.length, 3);
  // the limit is on points kept, so a long 19x19 record still replays in full
  const long = `(;GM[1]FF[4]SZ[19]${';B[];W[]'.repeat(5000)})`;
  assert.equal(replaySgf(long).positions.length, 10_001);
});
