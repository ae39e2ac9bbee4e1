// The judge export: dead stones, seki, chain statuses, ownership and the count of a hand
// position whose answer is worked out below; errors for bad input are exceptions.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Board, Game, judge } from '../pkg/index.js';

// A seki without eyes at the top left: the inner black chain (0,0)-(2,2) and the inner white
// chain (4,0)-(4,3) share the liberties (3,0) and (3,1), and whoever fills one is captured.
// Black's wall (column 5, row 4, column 3 below) owns the right side, where a lone white stone
// at (7,6) is dead. White's wall (column 2 below row 3) owns the bottom left.
const ROWS = [
  'BBB WB   ',
  'WWB WB   ',
  ' WBWWB   ',
  ' WWBWB   ',
  '  WBBB   ',
  '  WB     ',
  '  WB   W ',
  '  WB     ',
  '  WB     ',
];

function chainAt(j, x, y) {
  return j.chains.find((c) => c.stones.some(([a, b]) => a === x && b === y));
}

test('judge: the lone stone is dead, the eyeless seki lives, and the count is worked out by hand', () => {
  for (const toMove of ['B', 'W']) {
    const j = judge(ROWS, { rules: 'japanese', komi: 6.5, toMove });
    assert.deepEqual(j.dead, [[7, 6]], `dead stones with ${toMove} to move`);
    assert.equal(chainAt(j, 7, 6).status, 'dead');
    assert.equal(chainAt(j, 7, 6).color, -1);
    assert.equal(chainAt(j, 0, 0).status, 'seki');
    assert.equal(chainAt(j, 4, 0).status, 'seki');
    assert.equal(chainAt(j, 5, 0).status, 'alive');
    for (const p of [[3, 0], [3, 1], [0, 0], [4, 0]]) {
      assert.ok(j.seki.some(([x, y]) => x === p[0] && y === p[1]), `seki has ${p}`);
    }
    // the shared liberties count for nobody; the dead stone's point is black's
    assert.equal(j.score.owners[0][3], '.');
    assert.equal(j.score.owners[1][3], '.');
    assert.equal(j.score.owners[6][7], 'B');
    // black: 35 points of territory (the dead stone's included) + 1 prisoner;
    // white: 12 points + 6.5 komi
    assert.equal(j.score.black.territory, 35);
    assert.equal(j.score.black.dead, 1);
    assert.equal(j.score.white.territory, 12);
    assert.equal(j.result, 'B+17.5');
    assert.equal(j.score.result, j.result);
    assert.equal(j.rules, 'japanese');
    assert.equal(j.komi, 6.5);
    // ownership row by row: black's side is black's (the playouts let the lone stone live
    // now and then in that open area), white's bottom left white's
    assert.equal(j.ownership.length, 81);
    assert.ok(j.ownership[6 * 9 + 7] > 0, `ownership of the dead stone ${j.ownership[6 * 9 + 7]}`);
    assert.ok(j.ownership[8 * 9 + 0] < -0.5, `ownership of (0, 8) ${j.ownership[8 * 9]}`);
    for (const c of j.chains) assert.ok(c.confidence >= 0 && c.confidence <= 1, `confidence ${c.confidence}`);
  }
  // Chinese counting: black 17 stones + 35 territory (with the dead stone's point) = 52 points;
  // white 15 living stones + 12 = 27, + 7.5 komi
  const a = judge(ROWS, { rules: 'chinese', toMove: 'W' });
  assert.deepEqual(a.dead, [[7, 6]]);
  assert.equal(a.result, 'B+17.5');
});

test('judge: a Game judges with its own captures and player to move, like the Board with them', () => {
  const b = Board.fromRows(ROWS);
  const g = Game.fromBoard(b, { toMove: 'W', rules: 'japanese' });
  g.pass();
  const fromGame = g.judge();
  const fromBoard = b.judge({ rules: 'japanese', komi: 6.5, toMove: 'B' });
  assert.equal(fromGame.toMove, 1);
  assert.deepEqual(fromGame.dead, fromBoard.dead);
  assert.equal(fromGame.result, fromBoard.result);
  // captures made during the game count as prisoners under territory rules
  const withCaps = b.judge({ rules: 'japanese', komi: 6.5, captures: [0, 3] });
  assert.equal(withCaps.result, 'B+14.5');
  // komi and rules overrides on a game
  assert.equal(g.judge({ komi: 0.5 }).result, 'B+23.5');
});

test('judge: deterministic for a seed; playouts 0 keeps only what is certain', () => {
  const a = judge(ROWS, { rules: 'japanese', seed: 7 });
  const b = judge(ROWS, { rules: 'japanese', seed: 7 });
  assert.deepEqual(a.ownership, b.ownership);
  assert.deepEqual(a.chains, b.chains);
  const none = judge(ROWS, { rules: 'japanese', playouts: 0 });
  assert.equal(none.playouts, 0);
  // no playouts: nothing here is pass-alive, so no stone is removed
  assert.deepEqual(none.dead, []);
  assert.ok(none.ownership.every((v) => v === 0));
});

test('judge: tiny and huge boards answer without trapping', () => {
  assert.equal(judge([' '], { rules: 'chinese', komi: 0 }).result, '0');
  const big = new Board(52, 52);
  big.play(3, 3, 'B');
  const j = judge(big, { rules: 'chinese', komi: 7.5, playouts: 4 });
  assert.equal(j.ownership.length, 52 * 52);
  assert.match(j.result, /^[BW]\+|^0$/);
});

test('judge: bad input is an exception naming what is wrong, and the module keeps working', () => {
  const cases = [
    [() => judge(ROWS, { toMove: 'X' }), /bad colour/],
    [() => judge(ROWS, { komi: 0.3 }), /bad komi 0.3/],
    [() => judge(ROWS, { rules: 'nope' }), /nope/],
    [() => judge(ROWS, { playouts: -1 }), /bad playouts -1/],
    [() => judge(ROWS, { playouts: 1.5 }), /bad playouts 1.5/],
    [() => judge(ROWS, { seed: -2 }), /bad seed -2/],
    [() => judge(['BW', 'WB'], {}), /rows|liberties/],
    [() => judge(42), /expected a Board or an array of row strings/],
    [() => judge(ROWS, 'japanese'), /options must be an object/],
    [() => new Game(9, 9).judge({ rules: 'nope' }), /nope/],
  ];
  for (const [f, re] of cases) {
    assert.throws(f, (e) => e instanceof Error && re.test(e.message), String(re));
  }
  assert.equal(judge(ROWS, { rules: 'japanese' }).result, 'B+17.5');
});
