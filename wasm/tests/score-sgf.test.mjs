// scoreSgf: who won a record, counted as `tengen score FILE` counts it (dead stones judged by
// default, Fox's komi encoding read), on a record whose count is worked out by hand.
import test from 'node:test';
import assert from 'node:assert/strict';
import { scoreSgf } from '../pkg/index.js';

// A black wall on column E, a white wall on F, and a lone black stone at (7,2) inside White's
// side; Fox's KM[650] is komi 6.5. Judged: the stone is dead, black has 36 points (columns A-E),
// white 27 + 1 (the dead stone) + 6.5 komi: B+1.5, the recorded result.
const FOX = '(;GM[1]FF[4]SZ[9]RU[Japanese]KM[650]RE[B+1.5]'
  + 'AB[ea][eb][ec][ed][ee][ef][eg][eh][ei][hc]'
  + 'AW[fa][fb][fc][fd][fe][ff][fg][fh][fi]PL[W])';

test('scoreSgf judges the dead stones of a record by default, with its rules and Fox komi', () => {
  const c = scoreSgf(FOX);
  assert.equal(c.result, 'B+1.5');
  assert.equal(c.recorded, 'B+1.5');
  assert.deepEqual(c.dead, [[7, 2]]);
  assert.equal(c.komi, 6.5);
  assert.equal(c.rules, 'japanese');
  assert.equal(c.playouts, 128);
  assert.equal(c.ownership.length, 81);
  assert.ok(c.warnings.some((w) => w.includes('KM[650]')), c.warnings.join('\n'));
});

test("scoreSgf with dead 'none' counts the stones as they stand, and given points as given", () => {
  const none = scoreSgf(FOX, { dead: 'none' });
  assert.deepEqual(none.dead, []);
  assert.equal(none.ownership, undefined);
  // the black stone alive: White's side is no territory (Japanese count): black 36 - 0,
  // white 0 + 6.5... the count differs from the judged one
  assert.notEqual(none.result, 'B+1.5');
  const given = scoreSgf(FOX, { dead: [[7, 2]] });
  assert.equal(given.result, 'B+1.5');
  assert.deepEqual(given.dead, [[7, 2]]);
  // komi and rules override the record's
  assert.equal(scoreSgf(FOX, { komi: 0.5 }).result, 'B+7.5');
});

test('scoreSgf scores the position at a move, and names what is wrong', () => {
  const rec = '(;GM[1]SZ[9]RU[Chinese]KM[7.5];B[ee];W[ce];B[gc])';
  assert.equal(scoreSgf(rec, { move: 0, dead: 'none' }).result, 'W+7.5');
  assert.throws(() => scoreSgf(rec, { move: 9 }), /move 9: the record has only 3 moves/);
  assert.throws(() => scoreSgf(rec, { move: 1.5 }), /bad move 1.5/);
  assert.throws(() => scoreSgf(rec, { dead: 'some' }), TypeError);
  assert.throws(() => scoreSgf(rec, { dead: [[9, 9]] }), /9/);
  assert.throws(() => scoreSgf('(;GM[1]SZ[9];B[ee];W[ee])'), /occupied/);
  assert.throws(() => scoreSgf('not sgf'), /unreadable SGF/);
  assert.throws(() => scoreSgf(42), TypeError);
  assert.throws(() => scoreSgf(rec, { rules: 5 }), TypeError);
});
