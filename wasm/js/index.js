// tengen-wasm: tengen's Go rules engine as an ES module for browsers and Node 20.
//
// Every rule decision (legality, captures, ko and superko, territory, scoring, SGF replay, the
// move task) is made by the Rust library compiled to WebAssembly; this module only gives the
// bindings their JavaScript shape. It initialises the WebAssembly module with top-level await,
// so `import { Board } from 'tengen-wasm'` is ready to use in both environments.
import init, {
  initSync,
  WBoard,
  WGame,
  WReplay,
  moveTask as wasmMoveTask,
  presetsJson,
  rulesJson,
  parseSgfJson,
  replaySummaryJson,
  scoreSgfJson,
} from './tengen_wasm.js';

const wasmUrl = new URL('./tengen_wasm_bg.wasm', import.meta.url);
if (wasmUrl.protocol === 'file:' && typeof process !== 'undefined' && process.versions?.node) {
  const { readFile } = await import('node:fs/promises');
  initSync({ module: await readFile(wasmUrl) });
} else {
  await init({ module_or_path: wasmUrl });
}

const DEFAULT_BOARD_RULES = 'japanese';
const DEFAULT_GAME_RULES = 'japanese';

function bytesOf(input, what) {
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (typeof input === 'string') return new TextEncoder().encode(input);
  throw new TypeError(`${what}: expected a Uint8Array, an ArrayBuffer or a string`);
}

function flatPoints(points, what) {
  if (points == null) return new Float64Array(0);
  if (!Array.isArray(points)) throw new TypeError(`${what}: expected an array of [x, y] points`);
  const out = new Float64Array(points.length * 2);
  points.forEach((p, i) => {
    if (!Array.isArray(p) || p.length !== 2) {
      throw new TypeError(`${what}: item ${i} is not an [x, y] point`);
    }
    out[2 * i] = Number(p[0]);
    out[2 * i + 1] = Number(p[1]);
  });
  return out;
}

function checkRows(rows, what) {
  if (!Array.isArray(rows) || rows.some((r) => typeof r !== 'string')) {
    throw new TypeError(`${what}: expected an array of strings (one per row)`);
  }
}

function toSignMap(signs, width, height) {
  const out = [];
  for (let y = 0; y < height; y++) out.push(Array.from(signs.subarray(y * width, (y + 1) * width)));
  return out;
}

/** A Go board of any size up to 52x52, with the rules its moves are checked under. */
export class Board {
  /**
   * @param {number} [width=19]
   * @param {number} [height=width]
   * @param {{rules?: string}} [options] rules by preset name (suicide and simple ko); default japanese
   */
  constructor(width = 19, height = width, options = {}) {
    if (width instanceof WBoard) {
      this._b = width;
      return;
    }
    this._b = new WBoard(Number(width), Number(height), options.rules ?? DEFAULT_BOARD_RULES);
  }

  /** A board from rows of ' ' (or '.'), 'B' (or 'X') and 'W' (or 'O'). */
  static fromRows(rows, options = {}) {
    checkRows(rows, 'Board.fromRows');
    return new Board(WBoard.fromRows(rows, options.rules ?? DEFAULT_BOARD_RULES));
  }

  get width() { return this._b.width; }
  get height() { return this._b.height; }
  get rules() { return this._b.rulesName; }
  /** The position's Zobrist hash (16 hex digits). */
  get hash() { return this._b.hash; }
  /** The point where a ko forbids the immediate retake, or null. */
  get ko() { return JSON.parse(this._b.koJson()); }

  /** 1 black, -1 white, 0 empty; throws for a point off the board. */
  get(x, y) { return this._b.get(x, y); }
  /** Put or remove (color 0) a stone without playing a move. */
  set(x, y, color) { this._b.set(x, y, color); return this; }
  /**
   * Play a stone: returns the captured points [[x, y], ...]. An illegal move throws an Error
   * whose `reason` is 'occupied', 'suicide', 'ko' or 'off board', and leaves the board as it was.
   */
  play(x, y, color) { return JSON.parse(this._b.play(x, y, color)); }
  /** A pass: clears the ko point. */
  pass() { this._b.pass(); }
  /** Whether the move is legal (false off the board). */
  isLegal(x, y, color) { return this._b.check(x, y, color) == null; }
  /** Why the move is illegal, or null when it is legal. */
  illegalReason(x, y, color) { return this._b.check(x, y, color) ?? null; }
  /** Every legal point for `color`, sorted by row then column. */
  legalMoves(color) { return JSON.parse(this._b.legalMoves(color)); }
  /** The chain at a point: {color, stones, liberties}, or null for an empty point. */
  chain(x, y) { return JSON.parse(this._b.chain(x, y)); }
  /** Liberties of the chain at a point; null for an empty point. */
  liberties(x, y) { return this._b.liberties(x, y) ?? null; }
  /** A look at a move without playing it. */
  analyzeMove(x, y, color) { return JSON.parse(this._b.analyzeMove(x, y, color)); }
  /** Rows of ' ', 'B', 'W'. */
  toRows() { return JSON.parse(this._b.toRowsJson()); }
  /** Rows of signs (1, -1, 0), as @sabaki/go-board's signMap. */
  signMap() { return toSignMap(this._b.signs(), this.width, this.height); }
  /** Signs row-major. */
  signs() { return this._b.signs(); }
  clone() { return new Board(this._b.clone()); }
  /** The territory task's getTerritories() for this position. */
  territories() { return JSON.parse(this._b.territoriesJson()); }
  /** The territory task's getTerritory(x, y). */
  territoryAt(x, y) { return JSON.parse(this._b.territoryAtJson(x, y)); }
  /** Score the position: see `score`. */
  score(options = {}) {
    const caps = options.captures ?? [0, 0];
    return JSON.parse(this._b.scoreJson(
      options.rules ?? 'chinese',
      options.komi ?? undefined,
      flatPoints(options.dead, 'score: dead'),
      caps[0] ?? caps.black ?? 0,
      caps[1] ?? caps.white ?? 0,
      options.handicap ?? 0,
    ));
  }
  /** Judge the position as a finished game: see `judge`. */
  judge(options = {}) {
    const caps = options.captures ?? [0, 0];
    return JSON.parse(this._b.judgeJson(
      options.rules ?? 'chinese',
      options.komi ?? undefined,
      options.toMove ?? 1,
      caps[0] ?? caps.black ?? 0,
      caps[1] ?? caps.white ?? 0,
      options.handicap ?? 0,
      options.playouts ?? undefined,
      options.seed ?? undefined,
    ));
  }
  /** Can the chain at a point be captured with its opponent to move? See `attack`. */
  attack(x, y, options = {}) { return readChain(this, 'attack', x, y, options); }
  /** Can the chain at a point be saved with its owner to move? See `attack`. */
  defend(x, y, options = {}) { return readChain(this, 'defend', x, y, options); }
  /** Is the chain at a point captured in a ladder? See `attack`. */
  ladderCaptured(x, y, options = {}) { return readChain(this, 'ladderCaptured', x, y, options); }
  /** The life and death of the group at a point in its enclosed region. See `lifeAndDeath`. */
  lifeAndDeath(x, y, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('lifeAndDeath: options must be an object');
    return JSON.parse(this._b.lifeAndDeathJson(x, y, options.nodes ?? undefined, options.frame === true, options.open === true));
  }
  /** The capturing race between the chains at two points. See `semeai`. */
  semeai(ax, ay, bx, by, options = {}) {
    if (options === null || typeof options !== 'object') throw new TypeError('semeai: options must be an object');
    return JSON.parse(this._b.semeaiJson(ax, ay, bx, by, options.nodes ?? undefined));
  }
  free() { this._b.free(); }
}

function readChain(board, question, x, y, options) {
  if (options === null || typeof options !== 'object') throw new TypeError(`${question}: options must be an object`);
  return JSON.parse(board._b.readJson(question, x, y, options.nodes ?? undefined));
}

/** A game: rules by preset name, history, superko, captures, passes, undo. */
export class Game {
  /**
   * @param {number} [width=19]
   * @param {number} [height=width]
   * @param {{rules?: string, komi?: number}} [options]
   */
  constructor(width = 19, height = width, options = {}) {
    if (width instanceof WGame) {
      this._g = width;
      return;
    }
    this._g = new WGame(Number(width), Number(height), options.rules ?? DEFAULT_GAME_RULES, options.komi ?? undefined);
  }

  /** A game continuing from a position, `toMove` to play (default black). */
  static fromBoard(board, options = {}) {
    return new Game(WGame.fromBoard(board._b, options.toMove ?? 1, options.rules ?? DEFAULT_GAME_RULES));
  }

  get width() { return this._g.width; }
  get height() { return this._g.height; }
  /** The rules' fields, with `name` and `komi`. */
  get rules() { return JSON.parse(this._g.rulesJson()); }
  setRules(name, komi) { this._g.setRules(name, komi ?? undefined); }
  /** 1 black, -1 white. */
  get toMove() { return this._g.toMove; }
  set toMove(color) { this._g.setToMove(color); }
  get moveCount() { return this._g.moveCount; }
  /** Stones captured by each player so far. */
  get captures() { return { black: this._g.captures(1), white: this._g.captures(-1) }; }
  /** Two passes in a row. */
  get isOver() { return this._g.isOver; }
  /** The moves played: [{color, x, y, pass}, ...]. */
  get history() { return JSON.parse(this._g.historyJson()); }
  /** The last move, or null. */
  get lastMove() { const h = this.history; return h.length ? h[h.length - 1] : null; }
  /** The current position (a copy). */
  get board() { return new Board(this._g.board()); }

  get(x, y) { return this._g.get(x, y); }
  /**
   * Play a stone for `color` (default: the player to move). An illegal move throws an Error
   * whose `reason` is 'occupied', 'suicide', 'ko', 'superko' or 'off board'.
   */
  play(x, y, color) { this._g.play(x, y, color); }
  pass(color) { this._g.pass(color); }
  /** Take back the last move; returns it, or null at the start. */
  undo() { return JSON.parse(this._g.undo()); }
  isLegal(x, y) { return this._g.check(x, y) == null; }
  illegalReason(x, y) { return this._g.check(x, y) ?? null; }
  legalMoves() { return JSON.parse(this._g.legalMoves()); }
  toRows() { return this.board.toRows(); }
  signMap() { return toSignMap(this._g.signs(), this.width, this.height); }
  /** Score the current position with the game's captures: {dead, rules, komi, handicap}. */
  score(options = {}) {
    return JSON.parse(this._g.scoreJson(
      flatPoints(options.dead, 'score: dead'),
      options.rules ?? undefined,
      options.komi ?? undefined,
      options.handicap ?? 0,
    ));
  }
  /**
   * Judge the current position as a finished game with the game's captures, player to move,
   * rules and komi (options {rules, komi, handicap, playouts, seed} override): see `judge`.
   */
  judge(options = {}) {
    return JSON.parse(this._g.judgeJson(
      options.rules ?? undefined,
      options.komi ?? undefined,
      options.handicap ?? 0,
      options.playouts ?? undefined,
      options.seed ?? undefined,
    ));
  }
  /** The game as SGF (FF[4], UTF-8); `root` adds root properties such as {PB: 'name'}. */
  toSgf(root = {}) {
    const esc = (v) => String(v).replace(/[\\\]]/g, (c) => '\\' + c);
    let extra = '';
    for (const [k, v] of Object.entries(root)) {
      if (!/^[A-Z]+$/.test(k)) throw new TypeError(`toSgf: bad property name ${JSON.stringify(k)}`);
      extra += `${k}[${esc(v)}]`;
    }
    return this._g.toSgf(extra);
  }
  free() { this._g.free(); }
}

function boardOf(b, what) {
  if (b instanceof Board) return b;
  if (Array.isArray(b)) return Board.fromRows(b);
  throw new TypeError(`${what}: expected a Board or an array of row strings`);
}

/** Territory of a position (a Board or rows): { territoryBlack, territoryWhite, territoryNone }. */
export function territory(board) {
  return boardOf(board, 'territory').territories();
}

/**
 * Score a position (a Board or rows): options {rules (default chinese), komi, dead: [[x, y]],
 * captures: [black, white], handicap}. Returns {result, scoring, black, white, owners, seki}.
 */
export function score(board, options = {}) {
  return boardOf(board, 'score').score(options);
}

/**
 * Judge a finished position (a Game, a Board or rows) with the library's judge: which stones
 * are dead, which are in seki, each chain's status ('alive', 'dead', 'seki') with whether it
 * is certain and the playouts' confidence, every point's ownership (+1 black to -1 white, row
 * by row), and the count with the dead stones removed. Options: rules (a Board's default
 * chinese; a Game's own), komi, toMove (a Board's default black), captures [black, white] (a
 * Board's; a Game counts its own), handicap, playouts, seed. Deterministic for a given seed.
 * Bad input (a colour, a komi, a rule name, playouts) throws an Error naming it.
 */
export function judge(position, options = {}) {
  if (options === null || typeof options !== 'object') throw new TypeError('judge: options must be an object');
  if (position instanceof Game) return position.judge(options);
  return boardOf(position, 'judge').judge(options);
}

function readingBoard(position, what) {
  return position instanceof Game ? position.board : boardOf(position, what);
}

/**
 * Tactical reading of the chain at (x, y) of a position (a Game, a Board or rows), with the
 * library's exact, bounded reader: can it be captured with its opponent to move? Returns
 * {verdict: 'success'|'ko'|'koAfterThreat'|'failure', code (GNU Go's: 1, 2 for a ko taken
 * first, 3 for a ko that needs a threat first, 0), point ([x, y] of the
 * move that succeeds, or null), proven (false when the node budget cut the search), nodes,
 * pv: [[sign, [x, y] or null], ...]}. Options: nodes (the node budget). An empty or off-board
 * point throws an Error naming it.
 */
export function attack(position, x, y, options = {}) {
  return readingBoard(position, 'attack').attack(x, y, options);
}

/** Can the chain at (x, y) be saved with its owner to move? As `attack`; a chain that cannot be captured at all is a success with point null. */
export function defend(position, x, y, options = {}) {
  return readingBoard(position, 'defend').defend(x, y, options);
}

/** Is the chain at (x, y) captured in a ladder (the ladder moves only, cheap)? As `attack`: 'success' means captured. */
export function ladderCaptured(position, x, y, options = {}) {
  return readingBoard(position, 'ladderCaptured').ladderCaptured(x, y, options);
}

/**
 * Life and death of the group through the stone at (x, y) of a position (a Game, a Board or
 * rows) in its enclosed region (found by the library: the points reached through empty
 * points and the group's stones), by the library's proof-number search. Returns {region:
 * [[x, y], ...], framed, attackerFirst, defenderFirst}, each {status: 'alive'|'dead'|'seki'|'ko',
 * key: [x, y], 'pass' or null, proven, nodes}. Options: nodes (the budget of each search),
 * frame (true: an open group is read in the frame of its problem, the attacker strong around
 * it, and framed is true; region is then the frame's box), open (true: an open group of a game
 * is read in an open region where running out counts as a defence, as GNU Go's owl questions
 * read it). An open group without frame or open (a region over the reader's limit), both
 * options at once, an empty or off-board point throws.
 */
export function lifeAndDeath(position, x, y, options = {}) {
  return readingBoard(position, 'lifeAndDeath').lifeAndDeath(x, y, options);
}

/**
 * The capturing race between the chains at (ax, ay) and (bx, by) of a position (a Game, a
 * Board or rows), of opposite colours, read with each chain's owner moving first. Returns
 * {aFirst, bFirst}, each {outcome: 'win'|'koWin'|'seki', winner (1 Black, -1 White, 0 in
 * seki), point ([x, y] of the first mover's best move, or null), proven, nodes}. Options:
 * nodes (the node budget). Chains of one colour, an empty or off-board point throw.
 */
export function semeai(position, ax, ay, bx, by, options = {}) {
  return readingBoard(position, 'semeai').semeai(ax, ay, bx, by, options);
}

/** The territory task, in its own shape. */
export class GoCounting {
  /** @param {string[]} board rows of ' ', 'B', 'W' */
  constructor(board) {
    checkRows(board, 'GoCounting');
    this._board = Board.fromRows(board);
  }

  /** { owner: 'BLACK'|'WHITE'|'NONE', territory: [[x, y], ...] } or { error: 'Invalid coordinate' } */
  getTerritory(x, y) {
    return this._board.territoryAt(x, y);
  }

  /** { territoryBlack, territoryWhite, territoryNone } */
  getTerritories() {
    return this._board.territories();
  }
}

/**
 * The move task exactly as `tengen move` prints it: for each problem of `input` (size, digit
 * rows, `col row color`), `1` and the new board, or `0`. Bad input throws an Error naming the line.
 */
export function moveTask(input, options = {}) {
  if (typeof input !== 'string') throw new TypeError('moveTask: expected the input as a string');
  return wasmMoveTask(input, options.rules ?? 'task');
}

/** The canonical names of the rule presets. */
export const rulePresets = JSON.parse(presetsJson());

/** The fields of a rule preset (by any name or alias the library accepts). */
export function rules(name) {
  return JSON.parse(rulesJson(String(name)));
}

function latin1Bytes(s) {
  const b = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) b[i] = s.charCodeAt(i);
  return b;
}

function decodeLegacy(value, decoder) {
  if (Array.isArray(value)) return value.map((v) => decodeLegacy(v, decoder));
  return decoder.decode(latin1Bytes(value));
}

/**
 * Parse an SGF file (bytes, or a string): the first game's root properties decoded from the
 * file's charset (CA), its size and its main line's moves.
 */
export function parseSgf(input) {
  const parsed = JSON.parse(parseSgfJson(bytesOf(input, 'parseSgf')));
  if (parsed.decodeInJs) {
    // the library read the values as latin-1 (byte = code point); decode the bytes here
    let label = parsed.charset.trim().toLowerCase();
    if (label === 'gb2312') label = 'gbk';
    let decoder = null;
    try {
      decoder = new TextDecoder(label);
    } catch {
      parsed.warnings.push(`CA[${parsed.charset}] is not a charset this platform decodes; text read as latin-1`);
    }
    if (decoder) {
      for (const k of Object.keys(parsed.root)) parsed.root[k] = decodeLegacy(parsed.root[k], decoder);
    }
  }
  delete parsed.decodeInJs;
  return parsed;
}

/**
 * Replay an SGF record's main line under its rules (or options {rules, komi, tolerant}), every
 * move checked by the library. Returns the outcome (size, rules, komi, moves, captures, result,
 * handicap, error: the first illegal move, warnings), the main line's `moveList`, and
 * `positions`: for each number of moves 0..moves, {signs (row-major), captures, move}. A record
 * whose positions hold more than 2^25 points in all (12,409 positions of 52x52, 92,948 of 19x19)
 * throws a RangeError: `replaySummary` gives its outcome.
 */
export function replaySgf(input, options = {}) {
  const bytes = bytesOf(input, 'replaySgf');
  const r = new WReplay(bytes, options.rules ?? undefined, options.komi ?? undefined, !!options.tolerant);
  try {
    const out = JSON.parse(r.summaryJson);
    // the positions first: a record over their limit is a RangeError before any more work
    const all = r.allPositions();
    const caps = r.allCaptures();
    let info = null;
    try {
      info = parseSgf(bytes);
    } catch {
      info = null;
    }
    out.root = info ? info.root : {};
    if (info && typeof info.root.RE === 'string') out.result = info.root.RE;
    out.moveList = info ? info.moves.slice(0, out.moves) : [];
    const area = out.width * out.height;
    out.positions = [];
    for (let n = 0; n <= out.moves; n++) {
      out.positions.push({
        signs: all.slice(n * area, (n + 1) * area),
        captures: { black: caps[2 * n], white: caps[2 * n + 1] },
        move: n > 0 ? out.moveList[n - 1] ?? null : null,
      });
    }
    return out;
  } finally {
    r.free();
  }
}

/**
 * Who won a record: replay it (every move checked; its rules and komi read as `tengen score
 * FILE` reads them, Fox's KM encodings included) to its end or to `options.move`, and count the
 * final position with its dead stones judged, as the CLI does for a record. Options: dead
 * ('auto', the default: judged; 'none': the stones as they stand; or a list of [x, y] points),
 * rules, komi, move, playouts, seed. Returns the judgement (see `judge`; without ownership,
 * playouts and seed unless judged) with `recorded`, the record's RE as written, and `warnings`.
 */
export function scoreSgf(input, options = {}) {
  if (options === null || typeof options !== 'object') throw new TypeError('scoreSgf: options must be an object');
  const bytes = bytesOf(input, 'scoreSgf');
  const dead = options.dead ?? 'auto';
  let mode = dead;
  let points = new Float64Array(0);
  if (Array.isArray(dead)) {
    mode = 'given';
    points = flatPoints(dead, 'scoreSgf: dead');
  } else if (dead !== 'auto' && dead !== 'none') {
    throw new TypeError("scoreSgf: dead must be 'auto', 'none' or a list of [x, y] points");
  }
  return JSON.parse(scoreSgfJson(
    bytes,
    options.rules ?? undefined,
    options.komi ?? undefined,
    options.move ?? undefined,
    mode,
    points,
    options.playouts ?? undefined,
    options.seed ?? undefined,
  ));
}

/** Replay a record and return only the outcome (no positions): the fast path. */
export function replaySummary(input) {
  return JSON.parse(replaySummaryJson(bytesOf(input, 'replaySummary')));
}
