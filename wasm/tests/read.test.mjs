// The tactical reader's exports (attack, defend, ladderCaptured) on hand positions whose
// answers are worked out below; errors for bad input are exceptions.
import test from 'node:test';
import assert from 'node:assert/strict';
import { Board, Game, attack, defend, ladderCaptured, lifeAndDeath, semeai } from '../pkg/index.js';

// White (2,3) has two liberties, (3,3) and (2,4); Black's stones around it make a ladder with
// nothing on its paths, so it is captured whichever liberty Black fills first the right way.
const LADDER = [
  '         ',
  '         ',
  '  B      ',
  ' BW      ',
  '   B     ',
  '         ',
  '         ',
  '         ',
  '         ',
];

test('attack: the ladder is read out, and its principal variation captures the stone', () => {
  const r = attack(LADDER, 2, 3);
  assert.equal(r.verdict, 'success');
  assert.equal(r.code, 1);
  assert.ok(r.proven);
  assert.ok(r.nodes > 1);
  assert.ok([[3, 3], [2, 4]].some(([x, y]) => r.point[0] === x && r.point[1] === y), `${r.point}`);
  const b = Board.fromRows(LADDER);
  for (const [sign, v] of r.pv) {
    if (v) b.play(v[0], v[1], sign);
  }
  assert.equal(b.get(2, 3), 0, 'the stone is captured at the end of the variation');
  assert.equal(ladderCaptured(LADDER, 2, 3).verdict, 'success');
});

test('defend: running first saves the stone; after Black fills (2,4) it cannot', () => {
  const d = defend(LADDER, 2, 3);
  assert.equal(d.verdict, 'success');
  assert.ok(d.point !== null);
  const b = Board.fromRows(LADDER);
  b.play(2, 4, 'B');
  const after = b.defend(2, 3);
  assert.deepEqual([after.verdict, after.code, after.point, after.proven], ['failure', 0, null, true]);
  assert.equal(b.attack(2, 3).code, 1);
});

test('a breaker on both paths ends the ladder; a stone with four liberties needs no defence', () => {
  const rows = LADDER.slice();
  rows[5] = ' W       ';
  rows[1] = '    W    ';
  assert.equal(ladderCaptured(rows, 2, 3).verdict, 'failure');
  const g = new Game(9, 9, { rules: 'japanese' });
  g.play(4, 4);
  const d = defend(g, 4, 4);
  assert.equal(d.verdict, 'success');
  assert.equal(d.point, null, 'nothing to do: the stone cannot be captured');
  assert.equal(attack(g, 4, 4).verdict, 'failure');
});

test('a ko: the capture that needs a ko threat first is a ko after a threat, and connecting saves the stone', () => {
  // Black (3,2) has just captured at (2,2); White may not retake at once.
  const g = new Game(7, 7, { rules: 'japanese' });
  for (const [x, y] of [[2, 1], [3, 1], [1, 2], [4, 2], [2, 3], [3, 3], [0, 6], [2, 2]]) g.play(x, y);
  g.play(3, 2, 'B');
  assert.equal(g.get(2, 2), 0);
  const a = attack(g, 3, 2);
  assert.deepEqual([a.verdict, a.code, a.point], ['koAfterThreat', 3, [2, 2]]);
  assert.deepEqual(defend(g, 3, 2).point, [2, 2]);
});

test('bad input throws an Error naming it', () => {
  assert.throws(() => attack(LADDER, 0, 0), /no stone at/);
  assert.throws(() => attack(LADDER, 9, 0), /off the 9x9 board/);
  assert.throws(() => defend(LADDER, 2, 3, { nodes: 0 }), /bad nodes 0/);
  assert.throws(() => attack(LADDER, 2, 3, null), TypeError);
  assert.throws(() => attack(42, 2, 3), TypeError);
  const cut = attack(LADDER, 2, 3, { nodes: 3 });
  assert.equal(cut.proven, false);
});

// White's group on the top edge has the straight three-point eye space (0,0) (1,0) (2,0):
// whoever plays its middle point first decides it. The same position as the library's
// doctest of `Reader::life_and_death`, worked out there.
const THREE = [
  '   WB  ',
  'WWWWB  ',
  'BBBBB  ',
  '       ',
  '       ',
  '       ',
  '       ',
];

test('lifeAndDeath: the straight three is decided by who plays its middle point', () => {
  const ld = lifeAndDeath(THREE, 3, 0);
  assert.equal(ld.attackerFirst.status, 'dead');
  assert.deepEqual(ld.attackerFirst.key, [1, 0]);
  assert.equal(ld.defenderFirst.status, 'alive');
  assert.deepEqual(ld.defenderFirst.key, [1, 0]);
  assert.ok(ld.attackerFirst.proven && ld.defenderFirst.proven);
  assert.equal(ld.attackerFirst.needsKoThreat, false);
  // the region: the three empty points and white's five stones
  assert.equal(ld.region.length, 8);
  // the same through a Board and a Game
  const b = Board.fromRows(THREE);
  assert.deepEqual(b.lifeAndDeath(3, 0), ld);
  const g = Game.fromBoard(b, { toMove: 1 });
  assert.deepEqual(lifeAndDeath(g, 3, 0), ld);
});

test('lifeAndDeath: an open group, an empty point, bad options and a tiny budget', () => {
  const open = Board.fromRows(['       ', '   W   ', '       ', '       ', '       ', '       ', '       ', '       ', '       ']);
  assert.throws(() => open.lifeAndDeath(3, 1), /region/);
  assert.throws(() => lifeAndDeath(THREE, 0, 0), /no stone at 0 0/);
  assert.throws(() => lifeAndDeath(THREE, 9, 0), /off/);
  assert.throws(() => lifeAndDeath(THREE, 3, 0, null), TypeError);
  assert.throws(() => lifeAndDeath(THREE, 3, 0, { nodes: 0 }), /bad nodes 0/);
  const cut = lifeAndDeath(THREE, 3, 0, { nodes: 1 });
  assert.ok(!cut.attackerFirst.proven || !cut.defenderFirst.proven, JSON.stringify(cut));
});

test('lifeAndDeath: open reads a group of a game in an open region', () => {
  // white C6 in a ladder on an open 9x9 board (black C7, B6, D5): dead, and alive when White
  // moves first
  const rows = ['         ', '         ', '  B      ', ' BW      ', '   B     ', '         ', '         ', '         ', '         '];
  assert.throws(() => lifeAndDeath(rows, 2, 3), /region/);
  const ld = lifeAndDeath(rows, 2, 3, { open: true });
  assert.equal(ld.attackerFirst.status, 'dead', JSON.stringify(ld));
  assert.ok(['alive', 'seki'].includes(ld.defenderFirst.status), JSON.stringify(ld));
  assert.equal(ld.framed, false);
  // an enclosed group reads the same, open or not
  assert.deepEqual(lifeAndDeath(THREE, 3, 0, { open: true }), lifeAndDeath(THREE, 3, 0));
  assert.throws(() => lifeAndDeath(rows, 2, 3, { open: true, frame: true }), /give one/);
});

// White's straight three in the corner, its wall loose: the region through the empty points is
// the whole board, so the group is read in the frame of its problem (the attacker strong
// around it), as the library's `problem_life_and_death` and Python's `frame=True` read it.
const LOOSE = [
  '   WB        ',
  'WWWW B       ',
  ' BBBB        ',
  '             ',
  '             ',
  '             ',
  '             ',
  '             ',
  '             ',
  '             ',
  '             ',
  '             ',
  '             ',
];

test('lifeAndDeath with frame: an open problem is read in its frame, an enclosed one in its region', () => {
  assert.throws(() => lifeAndDeath(LOOSE, 3, 0), /at most/);
  const ld = lifeAndDeath(LOOSE, 3, 0, { frame: true });
  assert.equal(ld.framed, true);
  assert.ok(ld.attackerFirst.proven && ld.defenderFirst.proven);
  assert.deepEqual([ld.attackerFirst.status, ld.attackerFirst.key], ['dead', [1, 0]]);
  assert.deepEqual([ld.defenderFirst.status, ld.defenderFirst.key], ['alive', [1, 0]]);
  // the frame's box: the stones' columns 0-5 and rows 0-2, and a line more
  assert.equal(ld.region.length, 7 * 4);
  assert.ok(ld.region.some(([x, y]) => x === 6 && y === 3));
  assert.ok(!ld.region.some(([x, y]) => x === 7 && y === 0));
  const closed = lifeAndDeath(THREE, 3, 0, { frame: true });
  assert.equal(closed.framed, false);
  assert.deepEqual(closed, { ...lifeAndDeath(THREE, 3, 0), framed: false });
  const lone = Array.from({ length: 19 }, (_, y) => (y === 18 ? 'B' + ' '.repeat(18) : ' '.repeat(19)));
  assert.throws(() => lifeAndDeath(lone, 0, 18, { frame: true }), /nothing to frame/);
});

// Black's column-3 chain (three liberties outside: column 2 and the top) against White's
// column-4 chain (two): Black wins the race whoever starts.
const RACE = [
  ' W BW B  ',
  ' W BW B  ',
  ' W BWBB  ',
  ' WWWBB   ',
  '  W B    ',
  '         ',
  '         ',
  '         ',
  '         ',
];

test('semeai: the race won by the outside liberties, whoever moves first', () => {
  const s = semeai(RACE, 3, 0, 4, 0);
  assert.deepEqual([s.aFirst.outcome, s.aFirst.winner], ['win', 1]);
  assert.deepEqual([s.bFirst.outcome, s.bFirst.winner], ['win', 1]);
  assert.ok(s.aFirst.proven && s.bFirst.proven);
  assert.ok(Array.isArray(s.aFirst.point), JSON.stringify(s.aFirst));
  assert.deepEqual(Board.fromRows(RACE).semeai(3, 0, 4, 0), s);
  // Black moving first plays its move: White's chain is then lost whoever moves
  const b = Board.fromRows(RACE);
  b.play(s.aFirst.point[0], s.aFirst.point[1], 'B');
  assert.equal(b.semeai(4, 0, 3, 0).aFirst.winner, 1);
  assert.throws(() => semeai(RACE, 3, 0, 3, 1), /one colour/);
  assert.throws(() => semeai(RACE, 3, 0, 8, 8), /no stone at 8 8/);
  assert.throws(() => semeai(RACE, 3, 0, 4, 0, null), TypeError);
});

// Black's wall around White's corner group on 7x7 (a random position of our own; GNU Go 3.8
// answers owl_attack A1 with 2 A2 too): Black takes the ko at (0, 5) first, so White needs
// the threat.
test('lifeAndDeath: a ko taken first needs no threat', () => {
  const rows = ['       ', '       ', '       ', 'BBBBBB ', 'WBWWWB ', ' W W B ', 'W WWWB '];
  const ld = lifeAndDeath(rows, 0, 6);
  assert.equal(ld.attackerFirst.status, 'ko');
  assert.deepEqual(ld.attackerFirst.key, [0, 5]);
  assert.equal(ld.attackerFirst.needsKoThreat, false);
  assert.equal(ld.defenderFirst.status, 'alive');
});
