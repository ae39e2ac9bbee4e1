// index.d.ts against the module: the same exports, and every declared member of each class
// present at run time (tsc -p wasm/types checks the declarations themselves).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as tengen from '../pkg/index.js';

const dts = readFileSync(new URL('../js/index.d.ts', import.meta.url), 'utf8');

test('index.d.ts declares exactly the exports of index.js', () => {
  const declared = [...dts.matchAll(/^export (?:class|function|const) (\w+)/gm)].map((m) => m[1]).sort();
  assert.deepEqual(declared, Object.keys(tengen).sort());
});

test('every member index.d.ts declares on a class exists', () => {
  for (const [, name, body] of dts.matchAll(/^export class (\w+) \{\n([\s\S]*?)^\}/gm)) {
    const cls = tengen[name];
    for (const [, statik, member] of body.matchAll(/^ {2}(static )?(?:readonly )?(\w+)[(:?]/gm)) {
      if (member === 'constructor') continue;
      const where = statik ? cls : cls.prototype;
      const has = member in where || Object.getOwnPropertyDescriptor(where, member);
      assert.ok(has, `${name}${statik ? '.' : '#'}${member} is declared but missing`);
    }
  }
});
