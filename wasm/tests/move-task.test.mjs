// The move task: the four examples of ../shared/spec/move-examples, exactly as `tengen move`.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { moveTask } from '../pkg/index.js';
import { shared } from './shared.mjs';

test('the four spec examples give the expected output byte for byte', (t) => {
  const dir = shared('spec/move-examples', t);
  if (!dir) return;
  for (const k of [1, 2, 3, 4]) {
    const input = readFileSync(path.join(dir, `${k}.in`), 'utf8');
    const expected = readFileSync(path.join(dir, `${k}.out`), 'utf8');
    assert.equal(moveTask(input), expected, `example ${k}`);
  }
});

test('several problems in one input, spaced rows answered spaced', () => {
  const input = '2\n10\n01\n1 0 2\n\n3\n0 0 0\n0 1 0\n0 0 0\n0 0 2\n';
  assert.equal(moveTask(input), '0\n1\n2 0 0\n0 1 0\n0 0 0\n');
});

test('bad problems throw an Error naming the line', () => {
  assert.throws(() => moveTask('2\n10\n0\n1 0 2\n'), (e) => e instanceof Error && /line 3/.test(e.message));
  assert.throws(() => moveTask('60\n'), /52|size/);
  assert.throws(() => moveTask('2\n10\n01\n5 0 2\n'), /line 4/);
  assert.throws(() => moveTask('2\n10\n01\n1 0 3\n'), /colou?r/i);
  assert.throws(() => moveTask(42), TypeError);
  // the module still works after the errors
  assert.equal(moveTask('1\n0\n0 0 1\n'), '0\n');
});
