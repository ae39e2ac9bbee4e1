// End-to-end tests in Chromium of what the page keeps and shows (issue 26, items 1-4): a bad
// board size keeps the game, Undo and moves off a loaded record's line never lose the record,
// the same file opens twice, and the status never shows stale state. Same setup as
// e2e.test.mjs: web/dist (web/build.sh), /usr/bin/chromium (or CHROMIUM), playwright-core.
import test, { before, after } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { serve } from '../serve.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.resolve(here, '../dist');

let server;
let browser;
let base;
let userDir;
let files;

// a 38-move 19x19 record without captures: black along row 3, white along row 15
const MOVES = [];
for (let x = 0; x < 19; x++) MOVES.push(['B', x, 3], ['W', x, 15]);
const sgfPoint = (x, y) => String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
const RECORD = `(;GM[1]FF[4]SZ[19]RU[Japanese]KM[6.5]PB[black]PW[white]${MOVES.map(([c, x, y]) => `;${c}[${sgfPoint(x, y)}]`).join('')})`;

before(async () => {
  assert.ok(existsSync(path.join(dist, 'index.html')), 'web/dist is missing: run web/build.sh first');
  server = await serve(dist, 0);
  base = `http://127.0.0.1:${server.address().port}/`;
  userDir = mkdtempSync(path.join(os.tmpdir(), 'tengen-chromium-'));
  files = mkdtempSync(path.join(os.tmpdir(), 'tengen-sgf-'));
  writeFileSync(path.join(files, 'record.sgf'), RECORD);
  writeFileSync(path.join(files, 'bad.sgf'), 'this is no SGF file');
  browser = await chromium.launchPersistentContext(userDir, {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
  for (const d of [userDir, files]) if (d) rmSync(d, { recursive: true, force: true });
});

async function open() {
  const page = await browser.newPage();
  await page.setViewportSize({ width: 1200, height: 900 });
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  return { page, errors };
}

const text = (page, sel) => page.locator(sel).textContent();
const clickPoint = (page, x, y) => page.locator(`#board rect.point[data-x="${x}"][data-y="${y}"]`).click();
const stones = (page) => page.locator('#board circle.stone').count();

async function loadRecord(page, name = 'record.sgf', total = MOVES.length) {
  await page.setInputFiles('#file-input', path.join(files, name));
  await page.waitForFunction((n) => document.getElementById('move-total').textContent === String(n), total, { timeout: 5000 });
}

async function goToMove(page, n) {
  await page.fill('#goto', String(n));
  await page.locator('#goto').dispatchEvent('change');
  assert.equal(await text(page, '#move-number'), String(n));
}

test('a bad board size (0, 53, 60, abc) names the allowed range and keeps the game', async () => {
  const { page, errors } = await open();
  await clickPoint(page, 3, 3);
  for (const size of ['0', '53', '60', 'abc']) {
    await page.fill('#size', size);
    await page.click('#new-game');
    const status = await text(page, '#status');
    assert.match(status, /from 1 to 52/, `size ${size}: ${status}`);
    assert.match(status, /kept/, `size ${size}: ${status}`);
    assert.equal(await page.locator('#status').getAttribute('class'), 'illegal');
    assert.equal(await text(page, '#move-number'), '1', `size ${size}: the game is kept`);
    assert.equal(await stones(page), 1);
    assert.equal(await page.locator('#board rect.point').count(), 361);
  }
  // the kept game still plays, and a good size then makes a new game
  await clickPoint(page, 15, 15);
  assert.equal(await text(page, '#move-number'), '2');
  await page.fill('#size', '9');
  await page.click('#new-game');
  assert.equal(await page.locator('#board rect.point').count(), 81);
  assert.equal(await text(page, '#status'), '');
  await clickPoint(page, 4, 4);
  assert.equal(await text(page, '#move-number'), '1');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Undo steps back through a loaded record without losing its moves', async () => {
  const { page, errors } = await open();
  await loadRecord(page);
  await goToMove(page, 20);
  await page.click('#undo');
  assert.equal(await text(page, '#move-number'), '19');
  assert.equal(await text(page, '#move-total'), String(MOVES.length));
  await page.click('#undo');
  await page.click('#last');
  assert.equal(await text(page, '#move-number'), String(MOVES.length));
  assert.equal(await stones(page), MOVES.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a move off the record\'s line starts a variation; "Back to the record" returns to it', async () => {
  const { page, errors } = await open();
  await loadRecord(page);
  await goToMove(page, 10);
  // the record's own next move (black at x=5, row 3) just steps forward
  await clickPoint(page, 5, 3);
  assert.equal(await text(page, '#move-number'), '11', await text(page, '#status'));
  assert.equal(await text(page, '#move-total'), String(MOVES.length));
  assert.ok(await page.locator('#back-to-record').isHidden());
  // another move: a variation of 12 moves; the record is kept
  await clickPoint(page, 9, 9);
  assert.equal(await text(page, '#move-number'), '12');
  assert.equal(await text(page, '#move-total'), '12');
  assert.match(await text(page, '#status'), /Variation from move 11.*38 moves are kept/);
  assert.ok(await page.locator('#back-to-record').isVisible());
  await page.click('#back-to-record');
  assert.equal(await text(page, '#move-number'), '11');
  assert.equal(await text(page, '#move-total'), String(MOVES.length));
  assert.ok(await page.locator('#back-to-record').isHidden());
  await page.click('#last');
  assert.equal(await stones(page), MOVES.length);
  assert.equal(await page.locator('#board circle.stone').count(), MOVES.length);
  assert.deepEqual(errors, []);
  await page.close();
});

test('opening the same file again loads it again', async () => {
  const { page, errors } = await open();
  await loadRecord(page);
  await page.click('#new-game');
  assert.equal(await text(page, '#move-total'), '0');
  await loadRecord(page);
  assert.match(await text(page, '#status'), /record\.sgf: 38 moves/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the status: no illegal-move message through judging, the rules in force, an unread file', async () => {
  const { page, errors } = await open();
  await clickPoint(page, 3, 3);
  await clickPoint(page, 3, 3);
  assert.match(await text(page, '#status'), /Illegal: occupied/);
  await page.click('#judge');
  await page.waitForFunction(() => document.getElementById('judge-info').textContent !== '');
  assert.doesNotMatch(await text(page, '#status'), /Illegal/);
  assert.notEqual(await page.locator('#status').getAttribute('class'), 'illegal');
  await page.uncheck('#score-mode');

  await loadRecord(page);
  assert.match(await text(page, '#status'), /japanese rules, komi 6\.5/);
  await page.selectOption('#rules', 'tromp-taylor');
  const komi = await page.locator('#komi').inputValue();
  const status = await text(page, '#status');
  assert.match(status, new RegExp(`tromp-taylor rules, komi ${komi.replace('.', '\\.')}`), status);
  assert.doesNotMatch(status, /japanese/);

  // an unreadable file: its error, and the board's game said to be the previous one
  await page.setInputFiles('#file-input', path.join(files, 'bad.sgf'));
  await page.waitForFunction(() => /bad\.sgf/.test(document.getElementById('status').textContent));
  const bad = await text(page, '#status');
  assert.match(bad, /bad\.sgf was not loaded: .+ The board still shows the previous game/, bad);
  assert.deepEqual(errors, []);
  await page.close();
});

test('no empty box under Answer before the first answer', async () => {
  const { page } = await open();
  assert.ok(await page.locator('#movetask-output').isHidden(), 'the empty answer box is hidden');
  await page.click('#movetask-run');
  assert.ok(await page.locator('#movetask-output').isVisible());
  assert.notEqual(await text(page, '#movetask-output'), '');
  await page.close();
});
