// End-to-end tests of the built page (web/dist) in Debian's Chromium through playwright-core,
// served on 127.0.0.1 by web/serve.mjs. Screenshots go to test-output/web/ (not committed).
// Needs: web/dist (web/build.sh), /usr/bin/chromium. The fox-pro checks need
// ../shared/data/sgf/fox-pro (skipped when absent; TENGEN_REQUIRE_SHARED=1 makes that a
// failure) and compare with the tengen CLI (TENGEN_BIN, or target/{ci,release,debug}/tengen).
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '../..');
const dist = path.join(repo, 'web/dist');
const out = path.join(repo, 'test-output/web');
const sharedDir = path.resolve(repo, '../shared');
const required = (v) => !!process.env[v] && process.env[v] !== '0';

function sharedPath(rel, t) {
  const p = path.join(sharedDir, rel);
  if (existsSync(p)) return p;
  if (required('TENGEN_REQUIRE_SHARED')) throw new Error(`${p} is missing and TENGEN_REQUIRE_SHARED is set`);
  t.skip(`${p} is absent (a fresh clone has no ../shared): skipped`);
  return null;
}

function tengenBin(t) {
  const cands = [process.env.TENGEN_BIN, ...['ci', 'release', 'debug'].map((p) => path.join(repo, 'target', p, 'tengen'))];
  const bin = cands.find((c) => c && existsSync(c));
  if (bin) return bin;
  if (required('TENGEN_REQUIRE_SHARED')) throw new Error('no tengen binary (set TENGEN_BIN or build it) and TENGEN_REQUIRE_SHARED is set');
  t.skip('no tengen binary to compare with (set TENGEN_BIN or cargo build): skipped');
  return null;
}

let server;
let browser;
let base;
let userDir;

before(async () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), 'web/dist is missing: run web/build.sh first');
  mkdirSync(out, { recursive: true });
  server = await serve(dist, 0);
  base = `http://127.0.0.1:${server.address().port}/`;
  userDir = mkdtempSync(path.join(os.tmpdir(), 'tengen-chromium-'));
  // a fresh --user-data-dir: playwright takes it as launchPersistentContext's first argument
  browser = await chromium.launchPersistentContext(userDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    acceptDownloads: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
  if (userDir) rmSync(userDir, { recursive: true, force: true });
});

async function open(viewport = { width: 1200, height: 900 }) {
  const page = await browser.newPage();
  await page.setViewportSize(viewport);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return { page, errors };
}

const text = (page, sel) => page.locator(sel).textContent();

async function clickPoint(page, x, y) {
  await page.locator(`#board rect.point[data-x="${x}"][data-y="${y}"]`).click();
}

test('the page loads, becomes interactive, and reads well on a phone and a desktop', async () => {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const { page, errors } = await open();
    const t = await page.evaluate(() => window.tengenPageReady);
    times.push(t);
    assert.deepEqual(errors, []);
    if (i === 0) await page.screenshot({ path: path.join(out, 'desktop.png') });
    await page.close();
  }
  const { page } = await open({ width: 390, height: 844 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 1, `no horizontal scrolling on a phone (${overflow}px)`);
  await page.screenshot({ path: path.join(out, 'phone.png'), fullPage: true });
  await page.close();
  times.sort((a, b) => a - b);
  writeFileSync(path.join(out, 'load-time.json'), JSON.stringify({ msToInteractive: times, median: times[1] }, null, 1));
});

test('an illegal move shows its reason and leaves the position unchanged', async () => {
  const { page, errors } = await open();
  await clickPoint(page, 1, 0); // B
  await clickPoint(page, 5, 5); // W
  await clickPoint(page, 0, 1); // B
  assert.equal(await text(page, '#move-number'), '3');
  await clickPoint(page, 0, 0); // W: suicide
  assert.match(await text(page, '#status'), /suicide/);
  assert.equal(await text(page, '#move-number'), '3');
  assert.equal(await page.locator('#board circle.stone').count(), 3);
  await page.screenshot({ path: path.join(out, 'illegal-suicide.png') });
  await clickPoint(page, 1, 0); // W on a black stone
  assert.match(await text(page, '#status'), /occupied/);
  await page.click('#undo');
  assert.equal(await text(page, '#move-number'), '2');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a ko retake shows "ko", and a superko repetition "superko" under positional superko', async () => {
  const { page } = await open();
  await page.fill('#size', '5');
  await page.selectOption('#rules', 'tromp-taylor');
  await page.click('#new-game');
  // black: (1,0) (0,1) (1,2); white: (2,0) (3,1) (2,2); white (1,1), black takes at (2,1)
  const seq = [[1, 0], [2, 0], [0, 1], [3, 1], [1, 2], [2, 2], [4, 4], [1, 1], [2, 1]];
  for (const [x, y] of seq) await clickPoint(page, x, y);
  assert.equal(await text(page, '#captures-black'), '1');
  await clickPoint(page, 1, 1); // white retakes at once
  assert.match(await text(page, '#status'), /Illegal: ko/);
  await page.screenshot({ path: path.join(out, 'illegal-ko.png') });
  await page.click('#pass'); // W
  await page.click('#pass'); // B
  await clickPoint(page, 1, 1); // the position before black's capture again
  assert.match(await text(page, '#status'), /Illegal: superko/);
  assert.equal(await text(page, '#move-number'), '11');
  await page.close();
});

test('the move task: the four spec examples give the expected output', async (t) => {
  const dir = sharedPath('spec/move-examples', t);
  if (!dir) return;
  const { page } = await open();
  for (const k of [1, 2, 3, 4]) {
    await page.fill('#movetask-input', readFileSync(path.join(dir, `${k}.in`), 'utf8'));
    await page.click('#movetask-run');
    assert.equal(await text(page, '#movetask-output'), readFileSync(path.join(dir, `${k}.out`), 'utf8'), `example ${k}`);
    if (k === 4) await page.locator('#panel').screenshot({ path: path.join(out, 'move-task.png') });
  }
  await page.close();
});

function foxRecords(t) {
  const dir = sharedPath('data/sgf/fox-pro', t);
  if (!dir) return null;
  return { dir, files: readdirSync(dir).filter((f) => f.endsWith('.sgf')).sort() };
}

function cliReplay(bin, file) {
  const line = execFileSync(bin, ['replay', '--json', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  const game = JSON.parse(line.trim().split('\n')[0]);
  // the count with every stone left on the board, as the page's score mode starts
  const counted = execFileSync(bin, ['score', '--json', '--dead', 'none', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  game.score = JSON.parse(counted.trim()).score;
  return game;
}

test('a fox-pro record: the last move number and captures match `tengen replay --json`', async (t) => {
  const fox = foxRecords(t);
  if (!fox) return;
  const bin = tengenBin(t);
  if (!bin) return;
  const { page, errors } = await open();
  // a few records spread over the set, the first one with a screenshot
  for (const [i, f] of [0, 700, 1400, 1999].map((k) => [k, fox.files[k % fox.files.length]])) {
    const file = path.join(fox.dir, f);
    const cli = cliReplay(bin, file);
    await page.setInputFiles('#file-input', file);
    await page.waitForFunction((n) => document.getElementById('move-total').textContent === String(n), cli.moves);
    await page.locator('#board').focus().catch(() => {});
    await page.keyboard.press('End');
    assert.equal(await text(page, '#move-number'), String(cli.moves), f);
    assert.equal(await text(page, '#captures-black'), String(cli.captures.black), `${f} black captures`);
    assert.equal(await text(page, '#captures-white'), String(cli.captures.white), `${f} white captures`);
    assert.equal(await text(page, '#record-result'), cli.result ?? '–', `${f} RE`);
    if (i === 0) await page.screenshot({ path: path.join(out, 'fox-pro-end.png') });
    // step back with the arrow key and forward with the button
    await page.keyboard.press('ArrowLeft');
    assert.equal(await text(page, '#move-number'), String(cli.moves - 1));
    await page.click('#next');
    assert.equal(await text(page, '#move-number'), String(cli.moves));
    // jump to move N, then the slider back to the start
    await page.fill('#goto', '50');
    await page.locator('#goto').dispatchEvent('change');
    assert.equal(await text(page, '#move-number'), '50');
    await page.locator('#slider').fill('0');
    assert.equal(await text(page, '#move-number'), '0');
    assert.equal(await text(page, '#captures-black'), '0');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('scoring a finished fox-pro game gives the same result as the CLI, with and without a dead chain', async (t) => {
  const fox = foxRecords(t);
  if (!fox) return;
  const bin = tengenBin(t);
  if (!bin) return;
  // the first record that was counted (RE with a margin, not a resignation)
  const f = fox.files.find((name) => /RE\[[BW]\+\d/.test(readFileSync(path.join(fox.dir, name), 'utf8')));
  const file = path.join(fox.dir, f);
  const cli = cliReplay(bin, file);
  const { page, errors } = await open();
  await page.setInputFiles('#file-input', file);
  await page.waitForFunction((n) => document.getElementById('move-total').textContent === String(n), cli.moves);
  await page.click('#last');
  await page.check('#score-mode');
  assert.equal(await text(page, '#score-result'), cli.score.result, `${f}: page vs tengen score --dead none`);
  assert.equal(await text(page, '#record-result'), cli.result);
  // mark one chain dead (the first white stone in reading order) and compare with `tengen score`
  const rows = cli.board;
  const y = rows.findIndex((r) => r.includes('W'));
  const x = rows[y].indexOf('W');
  await clickPoint(page, x, y);
  const rules = await page.locator('#rules').inputValue();
  const komi = await page.locator('#komi').inputValue();
  const scored = execFileSync(bin, [
    'score', '--json', '--rules', rules, '--komi', komi, '--dead', `${x},${y}`,
    '--captures', `${cli.captures.black},${cli.captures.white}`,
  ], { input: rows.join('\n') + '\n', encoding: 'utf8' });
  const expected = JSON.parse(scored).result;
  assert.equal(await text(page, '#score-result'), expected, `${f}: dead chain at ${x},${y}`);
  await page.screenshot({ path: path.join(out, 'score.png') });
  // the README's picture (docs/web-page.png, kept under 150 KB): the same state, smaller
  await page.setViewportSize({ width: 840, height: 500 });
  await page.screenshot({ path: path.join(out, 'readme.png'), clip: { x: 0, y: 45, width: 830, height: 415 } });
  // toggling the chain back restores the first count
  await clickPoint(page, x, y);
  assert.equal(await text(page, '#score-result'), cli.score.result);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the judge proposes the dead stones of a finished fox-pro game and the page shows `tengen score FILE`\'s result', async (t) => {
  const fox = foxRecords(t);
  if (!fox) return;
  const bin = tengenBin(t);
  if (!bin) return;
  // the first records with a counted result (RE[B+x]/RE[W+x], x >= 0.1), one per rule set
  const counted = fox.files.filter((name) => {
    const m = /RE\[[BW]\+(\d+(?:\.\d+)?)\]/.exec(readFileSync(path.join(fox.dir, name), 'latin1'));
    return m && Number(m[1]) >= 0.1;
  });
  const picks = [];
  for (const ru of ['Japanese', 'Chinese']) {
    const f = counted.find((name) => readFileSync(path.join(fox.dir, name), 'latin1').includes(`RU[${ru}]`));
    if (f) picks.push(f);
  }
  assert.ok(picks.length > 0, 'no counted fox-pro record');
  const { page, errors } = await open();
  for (const [i, f] of picks.entries()) {
    const file = path.join(fox.dir, f);
    const cli = JSON.parse(execFileSync(bin, ['score', '--json', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    await page.setInputFiles('#file-input', file);
    await page.waitForFunction(() => Number(document.getElementById('move-total').textContent) > 0);
    await page.click('#last');
    // the CLI reads Fox's komi encoding (KM[0], KM[375]); the page takes the record's KM as
    // written, so give it the rules and komi the CLI used
    await page.selectOption('#rules', cli.rules);
    await page.fill('#komi', String(cli.komi));
    await page.locator('#komi').dispatchEvent('change');
    await page.click('#judge');
    await page.waitForFunction(() => document.getElementById('judge-info').textContent !== '');
    assert.equal(await text(page, '#score-result'), cli.result, `${f}: page with the judge's dead stones vs tengen score`);
    // the totals shown add up to the result
    const detail = /black (-?[\d.]+), white (-?[\d.]+), as judged/.exec(await text(page, '#score-detail'));
    assert.ok(detail, `${f}: score detail ${await text(page, '#score-detail')}`);
    const diff = Number(detail[1]) - Number(detail[2]);
    assert.equal(diff === 0 ? '0' : `${diff > 0 ? 'B' : 'W'}+${Math.abs(diff)}`, cli.result, `${f}: totals`);
    const info = await text(page, '#judge-info');
    assert.match(info, new RegExp(`^Judge: ${cli.dead.length} dead stones`), `${f}: ${info}`);
    // the dead stones are drawn faded, and the judge's ownership shades the board
    assert.ok(await page.locator('#board .ownership rect').count() > 0, 'ownership shading');
    if (i === 0) await page.screenshot({ path: path.join(out, 'judge.png') });
    // a click on a dead chain brings it back to life and changes the count
    if (cli.dead.length) {
      const [x, y] = cli.dead[0];
      await clickPoint(page, x, y);
      assert.notEqual(await text(page, '#score-result'), cli.result, `${f}: a dead chain toggled back to life`);
      await clickPoint(page, x, y);
      assert.equal(await text(page, '#score-result'), cli.result, `${f}: toggled dead again`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('save SGF gives a record that tengen reads back with the same moves', async () => {
  const { page } = await open();
  await clickPoint(page, 3, 3);
  await clickPoint(page, 15, 15);
  await page.click('#pass');
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save-sgf')]);
  const saved = readFileSync(await download.path(), 'utf8');
  assert.match(saved, /;B\[dd\];W\[pp\];B\[\]/);
  await page.close();
});

test('a GB-encoded (Fox) record dropped on the board shows its players decoded', async () => {
  const { page } = await open();
  const head = Buffer.from('(;GM[1]FF[4]CA[gb2312]SZ[19]PB[', 'latin1');
  const tail = Buffer.from(']PW[x]RE[W+R];B[pd];W[dp])', 'latin1');
  const bytes = [...Buffer.concat([head, Buffer.from([0xc6, 0xe5]), tail])];
  await page.evaluate((arr) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(arr)], 'fox.sgf'));
    document.getElementById('board-area').dispatchEvent(new DragEvent('drop', { dataTransfer: dt, bubbles: true }));
  }, bytes);
  await page.waitForFunction(() => document.getElementById('move-total').textContent === '2');
  assert.match(await text(page, '#players'), /棋/);
  await page.close();
});
