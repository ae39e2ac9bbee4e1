// The territory task (go counting) in its own JavaScript shape, and the examples of ../shared/spec.
import test from 'node:test';
import assert from 'node:assert/strict';
import { GoCounting, territory, Board } from '../pkg/index.js';

const board5 = ['  B  ', ' B B ', 'B W B', ' W W ', '  W  '];

test('Black corner territory on 5x5 board', () => {
  const g = new GoCounting(board5);
  assert.deepEqual(g.getTerritory(0, 1), { owner: 'BLACK', territory: [[0, 0], [0, 1], [1, 0]] });
});

test('White center territory on 5x5 board', () => {
  const g = new GoCounting(board5);
  assert.deepEqual(g.getTerritory(2, 3), { owner: 'WHITE', territory: [[2, 3]] });
});

test('Open corner territory on 5x5 board', () => {
  const g = new GoCounting(board5);
  assert.deepEqual(g.getTerritory(1, 4), { owner: 'NONE', territory: [[0, 3], [0, 4], [1, 4]] });
});

test('A stone and not a territory on 5x5 board', () => {
  const g = new GoCounting(board5);
  assert.deepEqual(g.getTerritory(1, 1), { owner: 'NONE', territory: [] });
});

test('Invalid coordinates: too low and too high, both axes', () => {
  const g = new GoCounting(board5);
  for (const [x, y] of [[-1, 1], [5, 1], [1, -1], [1, 5]]) {
    assert.deepEqual(g.getTerritory(x, y), { error: 'Invalid coordinate' }, `${x},${y}`);
  }
  assert.deepEqual(g.getTerritory(0.5, 1), { error: 'Invalid coordinate' });
});

test('One territory is the whole board', () => {
  const g = new GoCounting([' ']);
  assert.deepEqual(g.getTerritories(), { territoryBlack: [], territoryWhite: [], territoryNone: [[0, 0]] });
});

test('Two territory rectangular board', () => {
  const g = new GoCounting([' BW ', ' BW ']);
  assert.deepEqual(g.getTerritories(), {
    territoryBlack: [[0, 0], [0, 1]],
    territoryWhite: [[3, 0], [3, 1]],
    territoryNone: [],
  });
});

test('Two region rectangular board', () => {
  const g = new GoCounting([' B ']);
  assert.deepEqual(g.getTerritories(), { territoryBlack: [[0, 0], [2, 0]], territoryWhite: [], territoryNone: [] });
});

test('spec: the counted-stones diagram (IOOI / O  O / O OI / IOI )', () => {
  // O and I are both stones of the region's owner; which ones count does not change the owner
  const g = new GoCounting(['BBBB', 'B  B', 'B BB', 'BBB ']);
  assert.deepEqual(g.getTerritory(1, 1), { owner: 'BLACK', territory: [[1, 1], [1, 2], [2, 1]] });
  assert.deepEqual(g.getTerritory(3, 3), { owner: 'BLACK', territory: [[3, 3]] });
});

test('territory() of rows and of a Board agree, regions sorted by x then y', () => {
  const rows = ['  W  ', ' W W ', 'B   B', ' BBB ', '     '];
  const t = territory(rows);
  assert.deepEqual(t, Board.fromRows(rows).territories());
  for (const list of Object.values(t)) {
    const sorted = [...list].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    assert.deepEqual(list, sorted);
  }
  const all = [...t.territoryBlack, ...t.territoryWhite, ...t.territoryNone].length;
  assert.equal(all, rows.join('').split('').filter((c) => c === ' ').length);
});

test('GoCounting rejects a ragged or non-string board with a clear message', () => {
  assert.throws(() => new GoCounting(['  ', ' ']), /ragged|width|row/i);
  assert.throws(() => new GoCounting('  B'), /array of strings/);
  assert.throws(() => new GoCounting(['ZZ']), /unknown character|Z/);
});
