// Types of tengen-wasm (hand-written and checked against index.js).

/** 1 or 'B'/'black' for black; -1, 2 or 'W'/'white' for white. */
export type Color = 1 | -1 | 2 | 'B' | 'W' | 'b' | 'w' | 'black' | 'white';
/** 1 black, -1 white, 0 empty. */
export type Sign = 1 | -1 | 0;
/** [x, y]: x the column, y the row, both from 0 (row 0 is the top). */
export type Vertex = [number, number];
/** Why a move is illegal. */
export type Reason = 'occupied' | 'suicide' | 'ko' | 'superko' | 'off board';

/** The Error thrown for an illegal move; other bad input throws a plain Error or TypeError. */
export interface IllegalMoveError extends Error {
  reason: Reason;
}

export interface Chain {
  color: 1 | -1;
  stones: Vertex[];
  liberties: Vertex[];
}

export interface MoveAnalysis {
  legal: boolean;
  reason: Reason | null;
  pass: boolean;
  overwrite: boolean;
  capturing: boolean;
  captures: Vertex[];
  suicide: boolean;
  /** The move takes a ko the opponent may not retake at once. */
  ko: boolean;
  /** The move is the immediate retake of a ko. */
  retakesKo: boolean;
  /** Liberties of the move's chain after the move. */
  liberties: number;
}

export interface Territories {
  territoryBlack: Vertex[];
  territoryWhite: Vertex[];
  territoryNone: Vertex[];
}

export type TerritoryAt =
  | { owner: 'BLACK' | 'WHITE' | 'NONE'; territory: Vertex[] }
  | { error: 'Invalid coordinate' };

export interface PlayerScore {
  stones: number;
  territory: number;
  captures: number;
  dead: number;
  sekiTaxed: number;
  groupTax: number;
  komi: number;
  bonus: number;
  total: number;
}

export interface Score {
  /** 'B+3.5', 'W+12', or '0' for a draw. */
  result: string;
  scoring: 'area' | 'territory';
  black: PlayerScore;
  white: PlayerScore;
  /** Rows of 'B', 'W' and '.' (counted for nobody). */
  owners: string[];
  /** Points not counted because of seki. */
  seki: Vertex[];
}

export interface ScoreOptions {
  /** Rule preset name (default 'chinese' for a Board, the game's rules for a Game). */
  rules?: string;
  komi?: number;
  /** Dead stones: each point marks its whole chain. */
  dead?: Vertex[];
  /** Stones captured during the game by black and by white (whole numbers; else a RangeError). */
  captures?: [number, number];
  /** Handicap stones: a whole number from 0 to the board's points (else a RangeError). */
  handicap?: number;
}

/** A chain's status as the judge decided it. */
export type ChainStatus = 'alive' | 'dead' | 'seki';

export interface ChainJudgement {
  color: 1 | -1;
  /** Its stones, sorted by row then column. */
  stones: Vertex[];
  status: ChainStatus;
  /** Decided by exact analysis (pass-alive, a proven reading, seki shape) rather than estimated by playouts. */
  certain: boolean;
  /** How sure the estimate is: 0 a coin toss, 1 every playout agreed. */
  confidence: number;
  /** The judge's stage that decided it; null when the dead stones were given. */
  stage: JudgeStage | null;
  /** Why, in words: 'pass-alive', 'playouts 0.91', 'read: captured in 3 moves, proven'. */
  reason: string;
}

/** A stage of the judge (`tengen::judge::Stage`). */
export type JudgeStage = 'certain' | 'estimated' | 'read' | 'seki' | 'finish' | 'count';

export interface Judgement {
  /** The count with the dead stones removed: 'B+3.5', 'W+12', '0'. */
  result: string;
  /** The dead stones, sorted by row then column. */
  dead: Vertex[];
  /** The stones in seki and their shared liberties. */
  seki: Vertex[];
  /** Every chain, in the order of its first stone (row by row). */
  chains: ChainJudgement[];
  /** Per point, row by row: the playouts' mean owner, +1 black to -1 white. */
  ownership: number[];
  score: Score;
  /** The rules' preset name (or 'custom') and the komi the count used. */
  rules: string;
  komi: number;
  toMove: 1 | -1;
  playouts: number;
  seed: number;
}

export interface JudgeOptions {
  /** Rule preset name (default 'chinese' for a Board, the game's rules for a Game). */
  rules?: string;
  komi?: number;
  /** Whose turn it is (a Board's default black; a Game knows its own). */
  toMove?: Color;
  /** Stones captured during the game by black and by white (a Game counts its own). */
  captures?: [number, number];
  handicap?: number;
  /** Playouts (0 to 100000; default the judge's, 128); 0 judges from the exact parts only. */
  playouts?: number;
  /** Seed of the playouts (default 1): the same seed gives the same judgement. */
  seed?: number;
}

export interface RulesInfo {
  name: string;
  ko: string;
  multi_stone_suicide: boolean;
  scoring: string;
  tax: string;
  handicap_bonus: string;
  komi: number;
}

export interface MoveRecord {
  color: 1 | -1;
  x: number | null;
  y: number | null;
  pass: boolean;
}

/** The answer of the tactical reader about one chain. */
export interface Reading {
  /** 'ko': success only by winning a ko, taking it first; 'koAfterThreat': only by winning a
   * ko the opponent takes first (a ko threat is needed to retake). */
  verdict: 'success' | 'ko' | 'koAfterThreat' | 'failure';
  /** GNU Go's result code: 1 success, 2 ko, 3 ko after a threat, 0 failure. */
  code: 0 | 1 | 2 | 3;
  /** The move that succeeds; null for a failure or a pass. */
  point: Vertex | null;
  /** Whether every line was read to its end (false: the node budget cut the search). */
  proven: boolean;
  nodes: number;
  /** The principal variation: [sign of the player, vertex or null for a pass]. */
  pv: [1 | -1, Vertex | null][];
}

/** One side's answer of a life-and-death question. */
export interface LifeLine {
  status: 'alive' | 'dead' | 'seki' | 'ko';
  /** The key move; null when the status holds whatever the side plays. */
  key: Vertex | 'pass' | null;
  /** Whether the searches were not cut off by the budget (nor touched by a repetition). */
  proven: boolean;
  nodes: number;
  /** With status 'ko': whether this side wins the ko only by retaking it after a ko threat of
   * its own (GNU Go's code 3), not by taking it first (code 2). */
  needsKoThreat: boolean;
}

/** The life and death of a group in its enclosed region. */
export interface LifeAndDeath {
  /** The region searched: its points (empty, the group's, the attacker's stones inside), or
   * the frame's box when framed. */
  region: Vertex[];
  /** Whether the group was open and was read in the frame of its problem. */
  framed: boolean;
  attackerFirst: LifeLine;
  defenderFirst: LifeLine;
}

export interface ReadOptions {
  /** The node budget (1 to 100000000; default the reader's, 20000). */
  nodes?: number;
}

export interface LifeAndDeathOptions extends ReadOptions {
  /** Read an open group in the frame of its problem (the attacker strong around it) instead
   * of throwing. */
  frame?: boolean;
  /** Read an open group of a game in an open region where running out counts as a defence
   * (GNU Go's owl questions) instead of throwing; not with `frame`. */
  open?: boolean;
}

/** One side of a capturing race: the outcome with that chain's owner moving first. */
export interface RaceLine {
  outcome: 'win' | 'koWin' | 'seki';
  /** The capturing colour's sign; 0 in seki. */
  winner: 1 | -1 | 0;
  /** The first mover's best move; null for a pass. */
  point: Vertex | null;
  proven: boolean;
  nodes: number;
}

/** A capturing race read twice: each chain's owner moving first. */
export interface Semeai {
  aFirst: RaceLine;
  bFirst: RaceLine;
}

export class Board {
  constructor(width?: number, height?: number, options?: { rules?: string });
  static fromRows(rows: string[], options?: { rules?: string }): Board;
  readonly width: number;
  readonly height: number;
  readonly rules: string;
  readonly hash: string;
  readonly ko: Vertex | null;
  get(x: number, y: number): Sign;
  set(x: number, y: number, color: Color | 0 | null): this;
  /** Returns the captured points; throws an IllegalMoveError. */
  play(x: number, y: number, color: Color): Vertex[];
  pass(): void;
  isLegal(x: number, y: number, color: Color): boolean;
  illegalReason(x: number, y: number, color: Color): Reason | null;
  legalMoves(color: Color): Vertex[];
  chain(x: number, y: number): Chain | null;
  liberties(x: number, y: number): number | null;
  analyzeMove(x: number, y: number, color: Color): MoveAnalysis;
  toRows(): string[];
  signMap(): Sign[][];
  signs(): Int8Array;
  clone(): Board;
  territories(): Territories;
  territoryAt(x: number, y: number): TerritoryAt;
  score(options?: ScoreOptions): Score;
  judge(options?: JudgeOptions): Judgement;
  attack(x: number, y: number, options?: ReadOptions): Reading;
  defend(x: number, y: number, options?: ReadOptions): Reading;
  ladderCaptured(x: number, y: number, options?: ReadOptions): Reading;
  lifeAndDeath(x: number, y: number, options?: LifeAndDeathOptions): LifeAndDeath;
  semeai(ax: number, ay: number, bx: number, by: number, options?: ReadOptions): Semeai;
  free(): void;
}

export class Game {
  constructor(width?: number, height?: number, options?: { rules?: string; komi?: number });
  static fromBoard(board: Board, options?: { toMove?: Color; rules?: string }): Game;
  readonly width: number;
  readonly height: number;
  readonly rules: RulesInfo;
  setRules(name: string, komi?: number): void;
  toMove: 1 | -1;
  readonly moveCount: number;
  readonly captures: { black: number; white: number };
  readonly isOver: boolean;
  readonly history: MoveRecord[];
  readonly lastMove: MoveRecord | null;
  readonly board: Board;
  get(x: number, y: number): Sign;
  /** Throws an IllegalMoveError (reasons include 'superko'). */
  play(x: number, y: number, color?: Color): void;
  pass(color?: Color): void;
  undo(): MoveRecord | null;
  isLegal(x: number, y: number): boolean;
  illegalReason(x: number, y: number): Reason | null;
  legalMoves(): Vertex[];
  toRows(): string[];
  signMap(): Sign[][];
  score(options?: Omit<ScoreOptions, 'captures'>): Score;
  judge(options?: Omit<JudgeOptions, 'captures' | 'toMove'>): Judgement;
  toSgf(root?: Record<string, string | number>): string;
  free(): void;
}

export function territory(board: Board | string[]): Territories;
export function score(board: Board | string[], options?: ScoreOptions): Score;
/** Judge a finished position: dead stones, seki, chain statuses, ownership and the count. */
export function judge(position: Game | Board | string[], options?: JudgeOptions): Judgement;
/** Can the chain at (x, y) be captured with its opponent to move? */
export function attack(position: Game | Board | string[], x: number, y: number, options?: ReadOptions): Reading;
/** Can the chain at (x, y) be saved with its owner to move? */
export function defend(position: Game | Board | string[], x: number, y: number, options?: ReadOptions): Reading;
/** Is the chain at (x, y) captured in a ladder? */
export function ladderCaptured(position: Game | Board | string[], x: number, y: number, options?: ReadOptions): Reading;
/** The life and death of the group at (x, y) in its enclosed region, either side first. */
export function lifeAndDeath(position: Game | Board | string[], x: number, y: number, options?: LifeAndDeathOptions): LifeAndDeath;
/** The capturing race between the chains at (ax, ay) and (bx, by), each owner first. */
export function semeai(position: Game | Board | string[], ax: number, ay: number, bx: number, by: number, options?: ReadOptions): Semeai;

/** The territory task, in its own shape. */
export class GoCounting {
  constructor(board: string[]);
  getTerritory(x: number, y: number): TerritoryAt;
  getTerritories(): Territories;
}

/** The move task's answer exactly as `tengen move` prints it. */
export function moveTask(input: string, options?: { rules?: string }): string;

export const rulePresets: string[];
export function rules(name: string): RulesInfo;

export interface ParsedSgf {
  charset: string | null;
  /** Root properties: one value as a string, several as an array. */
  root: Record<string, string | string[]>;
  width: number;
  height: number;
  moves: MoveRecord[];
  nodes: number;
  games: number;
  warnings: string[];
}
export function parseSgf(input: Uint8Array | ArrayBuffer | string): ParsedSgf;

export interface IllegalAt {
  number: number;
  x: number;
  y: number;
  color: 1 | -1;
  reason: Reason;
  message: string;
}

export interface ReplaySummary {
  width: number;
  height: number;
  rules: string;
  komi: number;
  moves: number;
  captures: [number, number];
  toMove: 1 | -1;
  result: string | null;
  handicap: number;
  error: IllegalAt | null;
  warnings: string[];
}

export interface Position {
  /** Row-major signs. */
  signs: Int8Array;
  captures: { black: number; white: number };
  /** The move that led here (null for position 0). */
  move: MoveRecord | null;
}

export interface Replay extends ReplaySummary {
  root: Record<string, string | string[]>;
  moveList: MoveRecord[];
  /** positions[n] is the position after n moves. */
  positions: Position[];
}

/**
 * Replay a record with every position kept. A record whose positions hold more than 2^25
 * points in all (12,409 positions of 52x52) throws a RangeError; `replaySummary` reads it.
 */
export function replaySgf(
  input: Uint8Array | ArrayBuffer | string,
  options?: { rules?: string; komi?: number; tolerant?: boolean },
): Replay;
export function replaySummary(input: Uint8Array | ArrayBuffer | string): ReplaySummary;

export interface RecordCount extends Omit<Judgement, 'ownership' | 'playouts' | 'seed'> {
  /** Per point, row by row (when judged): the playouts' mean owner, +1 black to -1 white. */
  ownership?: number[];
  playouts?: number;
  seed?: number;
  /** The record's RE as written (null without one). */
  recorded: string | null;
  /** The replay's warnings (servers' komi encodings read, values ignored). */
  warnings: string[];
}

/**
 * Who won a record: replayed to its end (or `move`) under its rules and komi (Fox's KM
 * encodings read), counted with the dead stones judged ('auto', the default), none ('none')
 * or the points given.
 */
export function scoreSgf(
  input: Uint8Array | ArrayBuffer | string,
  options?: {
    dead?: 'auto' | 'none' | Vertex[];
    rules?: string;
    komi?: number;
    move?: number;
    playouts?: number;
    seed?: number;
  },
): RecordCount;
