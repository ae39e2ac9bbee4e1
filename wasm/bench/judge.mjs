// Dead-stone judgement of finished fox-pro games in Node, side by side in one run:
// tengen-wasm's `judge` vs @sabaki/deadstones (its dead stones counted with tengen's score).
//
//   node wasm/bench/judge.mjs [DIR] [--iterations N] [--limit N]
//
// (after wasm/build.sh and `npm ci --prefix wasm`). The measure is `tengen bench judge`'s
// (src/cli/judge.rs): the records with a counted result, RE[B+x]/RE[W+x] with x >= 0.1, the
// record's rules, komi, captures, handicap and player to move, Fox's komi encoding read as the
// CLI reads it (mirrored in `foxReading` below; the CLI is the reference); winner right,
// margin exactly right, mean absolute error in points, time per position of the judgement
// only (not the replay).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Board, replaySgf, rules } from '../pkg/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  if (i < 0) return dflt;
  const v = Number(args[i + 1]);
  if (!Number.isInteger(v) || v < 0) throw new Error(`${name}: expected a whole number, got ${args[i + 1]}`);
  args.splice(i, 2);
  return v;
};
const iterations = opt('--iterations', 1000);
const limit = opt('--limit', Infinity);
const dir = path.resolve(args[0] ?? path.join(here, '../../../shared/data/sgf/fox-pro'));

let deadstones = null;
let deadstonesVersion = null;
try {
  deadstones = (await import('@sabaki/deadstones')).default;
  deadstonesVersion = JSON.parse(readFileSync(path.join(here, '../node_modules/@sabaki/deadstones/package.json'), 'utf8')).version;
} catch (e) {
  console.log(`@sabaki/deadstones cannot be loaded (${e.message}): only tengen-wasm is measured`);
}

/** Fox's komi encoding and the recorded count, as src/cli/judge.rs `read_record` reads them. */
function foxReading(rep) {
  const km = String(rep.root.KM ?? '').trim();
  const ap = String(rep.root.AP ?? '');
  const area = rep.width * rep.height;
  const h = Math.round(rep.komi * 2);
  let komi = rep.komi;
  let stones = false;
  if (Math.abs(h) > 2 * area || (km === '0' && ap.startsWith('GNU Go') && rep.handicap === 0)) {
    let k = Math.abs(h) > 2 * area ? h / 200 : 6.5;
    const areaScoring = rules(rep.rules).scoring.toLowerCase() === 'area';
    if (areaScoring && Number.isInteger(k * 4) && !Number.isInteger(k * 2)) {
      k *= 2;
      stones = true;
    }
    komi = Math.round(k * 2) / 2;
  }
  return { komi, stones };
}

/** RE as black minus white in points, or null when it is no count (CLI's `parse_counted`). */
function counted(re, stones) {
  const m = /^\s*([BbWw])\s*\+\s*([0-9.]+)\s*$/.exec(re ?? '');
  if (!m) return null;
  let v = Number(m[2]);
  if (!Number.isFinite(v) || v < 0.1) return null;
  if (stones) v *= 2;
  if (Math.abs(v * 2 - Math.round(v * 2)) > 1e-6) return null;
  return (m[1].toUpperCase() === 'B' ? 1 : -1) * Math.round(v * 2) / 2;
}

function margin(result) {
  if (result === '0') return 0;
  const m = /^([BW])\+([0-9.]+)$/.exec(result);
  if (!m) throw new Error(`unexpected result ${result}`);
  return (m[1] === 'B' ? 1 : -1) * Number(m[2]);
}

const files = readdirSync(dir).filter((f) => f.endsWith('.sgf')).sort();
const cases = [];
for (const f of files) {
  const rep = replaySgf(readFileSync(path.join(dir, f)));
  if (rep.error) continue;
  const fox = foxReading(rep);
  const want = counted(rep.result, fox.stones);
  if (want === null) continue;
  const last = rep.positions[rep.moves].signs;
  const rows = [];
  const signMap = [];
  for (let y = 0; y < rep.height; y++) {
    const r = Array.from(last.subarray(y * rep.width, (y + 1) * rep.width));
    signMap.push(r);
    rows.push(r.map((s) => (s > 0 ? 'B' : s < 0 ? 'W' : ' ')).join(''));
  }
  const c = rep.positions[rep.moves].captures;
  cases.push({
    f, want, rows, signMap,
    opts: { rules: rep.rules, komi: fox.komi, toMove: rep.toMove, captures: [c.black, c.white], handicap: rep.handicap },
  });
  if (cases.length >= limit) break;
}

function tally(name, perCase) {
  let winner = 0, exact = 0, absErr = 0, ms = 0;
  const misses = [];
  for (const c of cases) {
    const { result, time } = perCase(c);
    ms += time;
    const got = margin(result);
    if (Math.sign(got) === Math.sign(c.want)) winner++;
    if (got === c.want) exact++;
    else misses.push(c.f);
    absErr += Math.abs(got - c.want);
  }
  const n = cases.length;
  const pct = (k) => `${((100 * k) / n).toFixed(1)}%`;
  console.log(`${name.padEnd(50)} ${pct(winner).padStart(6)} ${pct(exact).padStart(6)} ${(absErr / n).toFixed(2).padStart(6)} ${(ms / n).toFixed(1).padStart(8)} ms`);
  return misses;
}

console.log(`${cases.length} counted records of ${files.length} in ${dir}; node ${process.version}; ${new Date().toISOString()}`);
console.log(`${'judge'.padEnd(50)} winner  exact   MAE   time/position`);
tally('tengen-wasm judge (128 playouts, default)', (c) => {
  const b = Board.fromRows(c.rows);
  const t = performance.now();
  const j = b.judge(c.opts);
  const time = performance.now() - t;
  b.free();
  return { result: j.result, time };
});
if (deadstones) {
  // deadstones is asynchronous: time the awaited guess of each position, then count its dead
  // stones with tengen's score under the same rules, komi, captures and handicap
  const results = [];
  for (const c of cases) {
    const t = performance.now();
    const dead = await deadstones.guess(c.signMap, { finished: true, iterations });
    const time = performance.now() - t;
    const b = Board.fromRows(c.rows);
    const s = b.score({ ...c.opts, dead });
    b.free();
    results.push({ result: s.result, time });
  }
  let i = 0;
  tally(`@sabaki/deadstones ${deadstonesVersion} (${iterations} iterations), tengen's count`, () => results[i++]);
}
