// The page: every rule decision (legality and its reason, captures, ko/superko, territory,
// scoring, SGF decoding and replay, the move task) comes from tengen-wasm.
import * as tengen from './tengen/index.js';

const { Game, Board, parseSgf, replaySgf, moveTask, rulePresets } = tengen;
const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

const state = {
  game: null, // the game at the cursor (a tengen Game)
  record: [], // the line on the board: [{color, x, y, pass}]; moves past the cursor are redo
  mainLine: null, // the loaded record's main line, never changed (null for a game played here)
  variationFrom: null, // the move number where `record` left `mainLine`, or null
  setup: null, // the starting position (a Board) of a loaded record
  firstToMove: 1,
  root: {}, // root properties of a loaded record
  dead: new Set(), // "x,y" of stones marked dead (each marks its chain)
  ownership: null, // the judge's ownership of the position (row by row, +1 black to -1 white)
  judgement: null, // the judge's answer for the position, while its dead stones are marked
  handicap: 0, // the record's HA
  loadStatus: null, // the status of the loaded record (a function of the rules in force)
  message: '', // the status: a string, or a function (a status that follows rules and komi)
  illegal: false,
};

function columnName(x) {
  return x < 25 ? LETTERS[x] : LETTERS[Math.floor(x / 25) - 1] + LETTERS[x % 25];
}

function vertexName(m, height) {
  if (!m) return '';
  if (m.pass) return 'pass';
  return `${columnName(m.x)}${height - m.y}`;
}

function starPoints(w, h) {
  // where the star points are drawn (display only)
  const pts = [];
  const lines = (n) => (n < 7 ? [] : n < 13 ? [2, n - 3] : [3, n - 4]);
  const xs = lines(w);
  const ys = lines(h);
  for (const x of xs) for (const y of ys) pts.push([x, y]);
  if (w % 2 && h % 2 && w >= 9 && h >= 9) pts.push([(w - 1) / 2, (h - 1) / 2]);
  if (w % 2 && h >= 13 && w >= 13) for (const y of ys) pts.push([(w - 1) / 2, y]);
  if (h % 2 && w >= 13 && h >= 13) for (const x of xs) pts.push([x, (h - 1) / 2]);
  return pts;
}

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

/** Draw a board of signs into an SVG element; `extra` adds marks and shading. */
function drawBoard(svg, w, h, signAt, extra = {}) {
  const cell = 30;
  const margin = extra.coords === false ? cell * 0.7 : cell * 1.2;
  const W = margin * 2 + cell * (w - 1);
  const H = margin * 2 + cell * (h - 1);
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren();
  el('rect', { x: 0, y: 0, width: W, height: H, fill: '#dcb35c' }, svg);
  const px = (x) => margin + x * cell;
  const grid = el('g', { stroke: '#3a2a10', 'stroke-width': 1 }, svg);
  for (let x = 0; x < w; x++) el('line', { x1: px(x), y1: px(0), x2: px(x), y2: margin + (h - 1) * cell }, grid);
  for (let y = 0; y < h; y++) el('line', { x1: px(0), y1: margin + y * cell, x2: px(w - 1), y2: margin + y * cell }, grid);
  for (const [x, y] of starPoints(w, h)) el('circle', { cx: px(x), cy: px(y), r: 3, fill: '#3a2a10' }, svg);
  if (extra.coords !== false) {
    const g = el('g', { 'font-size': 11, fill: '#3a2a10', 'text-anchor': 'middle', 'font-family': 'sans-serif' }, svg);
    for (let x = 0; x < w; x++) {
      el('text', { x: px(x), y: margin * 0.45 }, g).textContent = columnName(x);
      el('text', { x: px(x), y: H - margin * 0.25 }, g).textContent = columnName(x);
    }
    for (let y = 0; y < h; y++) {
      el('text', { x: margin * 0.4, y: px(y) + 4 }, g).textContent = String(h - y);
      el('text', { x: W - margin * 0.4, y: px(y) + 4 }, g).textContent = String(h - y);
    }
  }
  const shade = extra.shade; // (x, y) -> 1 | -1 | 0
  if (extra.ownership) {
    // the judge's ownership: a translucent square per point, dark for black, light for white
    const og = el('g', { class: 'ownership' }, svg);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const o = extra.ownership(x, y);
        if (Math.abs(o) < 0.05) continue;
        el('rect', {
          x: px(x) - cell / 2, y: px(y) - cell / 2, width: cell, height: cell,
          fill: o > 0 ? '#000' : '#fff', opacity: (Math.abs(o) * 0.45).toFixed(3),
        }, og);
      }
    }
  }
  const stones = el('g', {}, svg);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const s = signAt(x, y);
      const dead = extra.dead?.(x, y);
      if (s) {
        el('circle', {
          cx: px(x), cy: px(y), r: cell * 0.47,
          fill: s > 0 ? '#111' : '#f8f8f8', stroke: '#111', 'stroke-width': 1,
          opacity: dead ? 0.45 : 1, class: s > 0 ? 'stone black' : 'stone white',
        }, stones);
      }
      const o = shade ? shade(x, y) : 0;
      if (o && (!s || dead)) {
        el('rect', {
          x: px(x) - cell * 0.2, y: px(y) - cell * 0.2, width: cell * 0.4, height: cell * 0.4,
          fill: o > 0 ? '#111' : '#fff', stroke: '#111', 'stroke-width': 0.5, class: 'owner',
        }, stones);
      }
    }
  }
  if (extra.last) {
    const [x, y] = extra.last;
    el('circle', { cx: px(x), cy: px(y), r: cell * 0.2, fill: 'none', stroke: signAt(x, y) > 0 ? '#fff' : '#111', 'stroke-width': 2, id: 'last-marker' }, stones);
  }
  if (extra.onClick) {
    const hit = el('g', { fill: 'transparent' }, svg);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const r = el('rect', { x: px(x) - cell / 2, y: px(y) - cell / 2, width: cell, height: cell, 'data-x': x, 'data-y': y, class: 'point' }, hit);
        r.addEventListener('click', () => extra.onClick(x, y));
      }
    }
  }
}

function rulesName() {
  return $('rules').value;
}

function komi() {
  const k = Number($('komi').value);
  return Number.isFinite(k) ? k : 0;
}

function setStatus(msg, illegal = false) {
  state.message = msg;
  state.illegal = illegal;
}

/** A message in red (an illegal move, a bad input) does not outlive the next action. */
function clearIllegal() {
  if (state.illegal) setStatus('');
}

/** The status of the rules in force, kept current when they change. */
const rulesStatus = () => `${rulesName()} rules, komi ${komi()}`;

/**
 * A fresh game from `setup` (a Board, or null for an empty `size` board) under the chosen rules
 * and komi. Throws (a bad size, komi or rules) before anything of the current game is touched.
 */
function makeGame(setup, size) {
  const opts = { rules: rulesName(), komi: komi() };
  if (!setup) return new Game(size[0], size[1], opts);
  const g = Game.fromBoard(setup, { toMove: state.firstToMove, rules: opts.rules });
  try {
    g.setRules(opts.rules, opts.komi);
  } catch (e) {
    g.free();
    throw e;
  }
  return g;
}

function newGameAt(n) {
  // a fresh game from the record's start (or of the current size), then the line's first n
  // moves, all through tengen; the old game is freed only once the new one exists
  const size = state.game ? [state.game.width, state.game.height] : sizeOf();
  const g = makeGame(state.setup, size);
  const old = state.game;
  state.game = g;
  if (old) old.free();
  for (let i = 0; i < n && i < state.record.length; i++) playRecorded(state.record[i]);
}

function playRecorded(m) {
  if (m.pass) state.game.pass(m.color);
  else state.game.play(m.x, m.y, m.color);
}

function goTo(n) {
  n = Math.max(0, Math.min(n, state.record.length));
  const g = state.game;
  clearIllegal();
  while (g.moveCount > n) g.undo();
  try {
    while (g.moveCount < n) playRecorded(state.record[g.moveCount]);
  } catch (e) {
    // the rules chosen now forbid a recorded move: the record ends there
    setStatus(`Move ${g.moveCount + 1} of the record is illegal under ${rulesName()} rules (${e.reason}); the record is cut there`, true);
    state.record.length = g.moveCount;
  }
  clearJudgement();
  render();
}

/** The size field as [width, height]; throws for text that is no size (the range is tengen's). */
function sizeOf() {
  const v = $('size').value;
  const m = /^\s*(\d+)\s*(?:[x:×]\s*(\d+))?\s*$/.exec(v);
  if (!m) {
    throw new Error(`bad board size ${JSON.stringify(v)}: type a whole number from 1 to 52 (19), or width x height (13x9)`);
  }
  return [Number(m[1]), Number(m[2] ?? m[1])];
}

function clearJudgement() {
  state.dead.clear();
  state.ownership = null;
  state.judgement = null;
  const info = document.getElementById('judge-info');
  if (info) info.textContent = '';
}

function deadList() {
  return [...state.dead].map((k) => k.split(',').map(Number));
}

function render() {
  const g = state.game;
  const w = g.width;
  const h = g.height;
  const signs = g.signMap();
  const last = g.lastMove;
  let shade = null;
  let deadAt = null;
  let ownership = null;
  $('score-result').textContent = '–';
  $('score-detail').textContent = '';
  if ($('score-mode').checked) {
    // the dead set marks whole chains: expand it for display
    const deadPts = new Set();
    const board = g.board;
    for (const [x, y] of deadList()) {
      const c = board.chain(x, y);
      if (c) for (const [sx, sy] of c.stones) deadPts.add(`${sx},${sy}`);
    }
    board.free();
    deadAt = (x, y) => deadPts.has(`${x},${y}`);
    try {
      // while the marks are the judge's own dead stones, its count (which also plays out the
      // end of the game: dame, points to protect) is the result; after a toggle, the count of
      // the marked stones
      const j = state.judgement;
      const asJudged = j && j.dead.length === deadPts.size && j.dead.every(([x, y]) => deadPts.has(`${x},${y}`));
      const s = asJudged ? j.score : g.score({ dead: deadList(), komi: komi(), handicap: state.handicap });
      shade = (x, y) => ({ B: 1, W: -1 }[s.owners[y][x]] ?? 0);
      if (state.ownership) {
        const own = state.ownership;
        ownership = (x, y) => own[y * w + x];
      }
      $('score-result').textContent = s.result;
      $('score-detail').textContent = `(${s.scoring}: black ${s.black.total}, white ${s.white.total}${asJudged ? ', as judged' : ''})`;
    } catch (e) {
      $('score-result').textContent = `error: ${e.message}`;
    }
  } else if ($('show-territory').checked) {
    const t = tengen.territory(g.board);
    const own = new Map();
    for (const [x, y] of t.territoryBlack) own.set(`${x},${y}`, 1);
    for (const [x, y] of t.territoryWhite) own.set(`${x},${y}`, -1);
    shade = (x, y) => own.get(`${x},${y}`) ?? 0;
  }
  drawBoard($('board'), w, h, (x, y) => signs[y][x], {
    last: last && !last.pass ? [last.x, last.y] : null,
    shade,
    ownership,
    dead: deadAt,
    onClick: onPointClick,
  });
  $('move-number').textContent = String(g.moveCount);
  $('move-total').textContent = String(state.record.length);
  const caps = g.captures;
  $('captures-black').textContent = String(caps.black);
  $('captures-white').textContent = String(caps.white);
  $('to-move').textContent = `${g.toMove > 0 ? 'Black' : 'White'} to play`;
  $('last-move').textContent = last ? `Last: ${last.color > 0 ? 'B' : 'W'} ${vertexName(last, h)}` : '';
  const slider = $('slider');
  slider.max = String(state.record.length);
  slider.value = String(g.moveCount);
  $('goto').value = String(g.moveCount);
  const r = state.root;
  const who = (name, rank) => (r[name] ? `${r[name]}${r[rank] ? ` (${r[rank]})` : ''}` : '');
  $('players').textContent = r.PB || r.PW ? `● ${who('PB', 'BR')}   ○ ${who('PW', 'WR')}` : '';
  $('record-result').textContent = typeof r.RE === 'string' && r.RE ? r.RE : '–';
  $('status').textContent = typeof state.message === 'function' ? state.message() : state.message;
  $('back-to-record').hidden = state.variationFrom === null;
  $('status').className = state.illegal ? 'illegal' : '';
}

function onPointClick(x, y) {
  const g = state.game;
  if ($('score-mode').checked) {
    if (g.get(x, y) === 0) return;
    // toggle the chain: any marked stone of it stands for the chain
    const board = g.board;
    const chain = board.chain(x, y);
    board.free();
    const keys = chain.stones.map(([a, b]) => `${a},${b}`);
    const marked = keys.filter((k) => state.dead.has(k));
    if (marked.length) for (const k of marked) state.dead.delete(k);
    else state.dead.add(`${x},${y}`);
    clearIllegal();
    render();
    return;
  }
  playNew({ x, y, pass: false });
}

/**
 * Play a stone or a pass for the player to move. The record's next move just steps forward; any
 * other move replaces the moves past the cursor, but a loaded record is kept: leaving its line
 * starts a variation, and "Back to the record" returns to it.
 */
function playNew(mv) {
  const g = state.game;
  const color = g.toMove;
  const n = g.moveCount;
  try {
    if (mv.pass) g.pass();
    else g.play(mv.x, mv.y);
  } catch (e) {
    const where = mv.pass ? 'pass' : `at ${vertexName(mv, g.height)}`;
    setStatus(`Illegal: ${e.reason ?? e.message} (${color > 0 ? 'black' : 'white'} ${where})`, true);
    render();
    return;
  }
  const m = { color, x: mv.pass ? null : mv.x, y: mv.pass ? null : mv.y, pass: !!mv.pass };
  const next = state.record[n];
  const same = next && next.color === m.color && next.pass === m.pass && (m.pass || (next.x === m.x && next.y === m.y));
  if (!same) {
    if (state.mainLine && (state.variationFrom === null || n < state.variationFrom)) {
      state.variationFrom = n;
      const total = state.mainLine.length;
      setStatus(() => `Variation from move ${n}: the record's ${total} moves are kept (Back to the record)`);
    } else {
      clearIllegal();
    }
    state.record.length = n;
    state.record.push(m);
  } else {
    clearIllegal();
  }
  clearJudgement();
  render();
}

/** Leave a variation: the loaded record's line again, at the move where the variation began. */
function backToRecord() {
  if (!state.mainLine || state.variationFrom === null) return;
  const n = state.variationFrom;
  state.record = state.mainLine.slice();
  state.variationFrom = null;
  setStatus(state.loadStatus ?? rulesStatus);
  goTo(n);
}

function loadSgf(bytes, name) {
  let rep;
  try {
    rep = replaySgf(bytes);
  } catch (e) {
    setStatus(`${name} was not loaded: ${e.message}. The board still shows the previous game.`, true);
    render();
    return;
  }
  state.root = rep.root;
  state.record = rep.moveList.slice(0, rep.moves);
  state.mainLine = state.record.slice();
  state.variationFrom = null;
  $('size').value = rep.width === rep.height ? String(rep.width) : `${rep.width}x${rep.height}`;
  // the record's rules and komi, as tengen read them
  if ([...$('rules').options].some((o) => o.value === rep.rules)) $('rules').value = rep.rules;
  $('komi').value = String(rep.komi);
  const start = rep.positions[0];
  const rows = [];
  for (let y = 0; y < rep.height; y++) {
    let s = '';
    for (let x = 0; x < rep.width; x++) s += { 1: 'B', '-1': 'W' }[start.signs[y * rep.width + x]] ?? ' ';
    rows.push(s);
  }
  if (state.setup) state.setup.free();
  state.setup = Board.fromRows(rows);
  state.handicap = rep.handicap ?? 0;
  state.firstToMove = rep.moveList[0]?.color ?? (rep.handicap >= 2 ? -1 : 1);
  newGameAt(0);
  state.loadStatus = () => `${name}: ${rep.moves} moves, ${rulesStatus()}`;
  setStatus(rep.error ? `${name}: ${rep.moves} moves; ${rep.error.message}` : state.loadStatus, !!rep.error);
  clearJudgement();
  render();
}

async function loadFile(file) {
  const buf = new Uint8Array(await file.arrayBuffer());
  loadSgf(buf, file.name);
}

function saveSgf() {
  const root = {};
  for (const k of ['PB', 'PW', 'BR', 'WR', 'DT', 'EV', 'RE']) {
    if (typeof state.root[k] === 'string' && state.root[k]) root[k] = state.root[k];
  }
  const text = state.game.toSgf(root);
  const blob = new Blob([text], { type: 'application/x-go-sgf' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = 'game.sgf';
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  window.lastSavedSgf = text;
}

function runMoveTask() {
  const input = $('movetask-input').value;
  const out = $('movetask-output');
  const svg = $('movetask-board');
  try {
    const answer = moveTask(input.endsWith('\n') ? input : input + '\n');
    out.textContent = answer;
    out.classList.remove('illegal');
    const lines = answer.split('\n').filter((l) => l !== '');
    // draw the first problem's new board when the move was legal
    if (lines[0] === '1') {
      const rows = [];
      for (let i = 1; i < lines.length && /^[012 ]+$/.test(lines[i]) && lines[i] !== '0' && lines[i] !== '1'; i++) {
        rows.push(lines[i].replace(/ /g, ''));
      }
      const n = rows.length;
      if (n && rows.every((r) => r.length === n)) {
        drawBoard(svg, n, n, (x, y) => ({ 1: 1, 2: -1 }[rows[y][x]] ?? 0), { coords: false });
        svg.style.display = '';
        return;
      }
    }
    svg.style.display = 'none';
  } catch (e) {
    out.textContent = `error: ${e.message}`;
    svg.style.display = 'none';
  }
}

function init() {
  const sel = $('rules');
  for (const name of rulePresets) {
    const o = document.createElement('option');
    o.value = name;
    o.textContent = name;
    sel.appendChild(o);
  }
  sel.value = 'japanese';
  $('komi').value = String(tengen.rules('japanese').komi);
  sel.addEventListener('change', () => {
    $('komi').value = String(tengen.rules(sel.value).komi);
    const n = state.game.moveCount;
    if (typeof state.message !== 'function') setStatus(rulesStatus);
    newGameAt(0);
    goTo(n);
  });
  $('komi').addEventListener('change', () => {
    state.game.setRules(rulesName(), komi());
    // a judgement was made with the old komi: its dead stones stay marked, the count is redone
    state.judgement = null;
    render();
  });
  $('new-game').addEventListener('click', () => {
    // the new game is made first: a bad size (or komi) leaves the current game as it was
    let g;
    try {
      g = makeGame(null, sizeOf());
    } catch (e) {
      setStatus(`${e.message}. The game on the board is kept.`, true);
      render();
      return;
    }
    if (state.setup) state.setup.free();
    state.setup = null;
    state.root = {};
    state.record = [];
    state.mainLine = null;
    state.variationFrom = null;
    state.loadStatus = null;
    state.firstToMove = 1;
    state.handicap = 0;
    state.game.free();
    state.game = g;
    clearJudgement();
    setStatus('');
    render();
  });
  // Undo steps back: the moves taken back stay as the line ahead (▶ replays them)
  $('undo').addEventListener('click', () => goTo(state.game.moveCount - 1));
  $('pass').addEventListener('click', () => playNew({ pass: true }));
  $('back-to-record').addEventListener('click', backToRecord);
  $('first').addEventListener('click', () => goTo(0));
  $('prev').addEventListener('click', () => goTo(state.game.moveCount - 1));
  $('next').addEventListener('click', () => goTo(state.game.moveCount + 1));
  $('last').addEventListener('click', () => goTo(state.record.length));
  $('slider').addEventListener('input', (e) => goTo(Number(e.target.value)));
  // (the change event of the blur when the board is clicked next must not redraw the board
  // under that click: only a new number moves)
  $('goto').addEventListener('change', (e) => {
    if (Number(e.target.value) !== state.game.moveCount) goTo(Number(e.target.value));
  });
  document.addEventListener('keydown', (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -10, ArrowDown: 10 };
    if (e.key in moves) goTo(state.game.moveCount + moves[e.key]);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(state.record.length);
    else return;
    e.preventDefault();
  });
  $('file-input').addEventListener('change', (e) => {
    const f = e.target.files[0];
    // cleared at once, so that choosing the same file again is a change too
    e.target.value = '';
    if (f) loadFile(f);
  });
  const area = $('board-area');
  area.addEventListener('dragover', (e) => {
    e.preventDefault();
    area.classList.add('dragging');
  });
  area.addEventListener('dragleave', () => area.classList.remove('dragging'));
  area.addEventListener('drop', (e) => {
    e.preventDefault();
    area.classList.remove('dragging');
    const f = e.dataTransfer.files[0];
    if (f) loadFile(f);
  });
  $('save-sgf').addEventListener('click', saveSgf);
  $('show-territory').addEventListener('change', () => {
    clearIllegal();
    render();
  });
  $('score-mode').addEventListener('change', () => {
    clearJudgement();
    clearIllegal();
    render();
  });
  $('clear-dead').addEventListener('click', () => {
    clearJudgement();
    clearIllegal();
    render();
  });
  if (typeof tengen.judge === 'function') {
    const b = $('judge');
    b.hidden = false;
    b.addEventListener('click', () => {
      let j;
      try {
        // the game at the cursor: its captures and player to move, the chosen rules and komi
        j = tengen.judge(state.game, { rules: rulesName(), komi: komi(), handicap: state.handicap });
      } catch (e) {
        setStatus(`Judge: ${e.message}`, true);
        render();
        return;
      }
      state.dead = new Set(j.dead.map(([x, y]) => `${x},${y}`));
      state.ownership = j.ownership;
      state.judgement = j;
      clearIllegal();
      $('score-mode').checked = true;
      render();
      const unsure = j.chains.filter((c) => !c.certain && c.confidence < 0.3).length;
      $('judge-info').textContent = `Judge: ${j.dead.length} dead stones, ${j.seki.length} points in seki, ` +
        `${unsure} chain${unsure === 1 ? '' : 's'} unsure; judged ${j.result}. Click a chain to toggle it.`;
    });
  }
  $('movetask-run').addEventListener('click', runMoveTask);
  newGameAt(0);
  render();
  document.body.dataset.ready = 'true';
  window.tengenPageReady = performance.now();
}

init();
