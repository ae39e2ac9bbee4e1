// Compile-time check of index.d.ts (`tsc -p wasm/types`): the API used as the README and the
// page use it; a wrong or missing declaration fails the build of this file.
import {
  Board, Game, GoCounting, attack, defend, judge, ladderCaptured, lifeAndDeath, semeai, moveTask, parseSgf, replaySgf, replaySummary, score, scoreSgf, territory,
  rulePresets, rules, type ChainStatus, type IllegalMoveError, type Judgement, type LifeAndDeath, type Reading, type Reason, type Semeai, type RecordCount, type Vertex,
} from 'tengen-wasm';

const b: Board = Board.fromRows(['  B  ', ' B B ']);
const caps: Vertex[] = b.play(0, 0, 'W');
const why: Reason | null = b.illegalReason(1, 1, -1);
const n: number | null = b.liberties(1, 0);
const rows: string[] = b.toRows();
const a = b.analyzeMove(2, 2, 1);
const legal: boolean = a.legal && a.capturing && !a.retakesKo;
const g = new Game(19, 19, { rules: 'chinese', komi: 7.5 });
g.play(3, 3);
try {
  g.play(3, 3);
} catch (e) {
  const r: Reason = (e as IllegalMoveError).reason;
  console.log(r);
}
const last = g.lastMove;
const x: number | null = last ? last.x : null;
const s = g.score({ dead: [[3, 3]] });
const total: number = s.black.total - s.white.total + s.black.sekiTaxed;
const t = territory(['B ']).territoryBlack;
const counting = new GoCounting([' B ']);
const at = counting.getTerritory(0, 0);
const owner = 'owner' in at ? at.owner : at.error;
const answer: string = moveTask('2\n10\n01\n1 0 2\n');
const p = parseSgf(new Uint8Array([40, 59, 41]));
const root: string | string[] | undefined = p.root.PB;
const rep = replaySgf('(;SZ[9];B[ee])', { rules: 'japanese', tolerant: true });
const sign: number = rep.positions[1].signs[40] + rep.positions[1].captures.black;
const sum = replaySummary('(;SZ[9])').error?.reason;
const presets: string[] = rulePresets;
const komi: number = rules('aga').komi + score(b).black.stones;
const j: Judgement = judge(b, { rules: 'japanese', komi: 6.5, toMove: 'W', captures: [1, 0], playouts: 64, seed: 2 });
const st: ChainStatus = j.chains[0].status;
const own: number = j.ownership[0] + j.chains[0].confidence + (j.chains[0].certain ? 1 : 0);
const jg: string = g.judge({ komi: 7.5 }).result + j.dead.length + j.seki.length + j.score.black.total;
console.log(st, own, jg);
const rd: Reading = attack(b, 0, 0, { nodes: 1000 });
const ok: boolean = rd.proven && rd.code === 1 && rd.point !== null && rd.pv.length > 0;
const dv: 'success' | 'ko' | 'koAfterThreat' | 'failure' = defend(g, 1, 0).verdict;
const lc: number = ladderCaptured(['  B  '], 2, 0).nodes + b.attack(0, 0).nodes + b.ladderCaptured(0, 0).code;
console.log(ok, dv, lc);
console.log(caps, why, n, rows, legal, x, total, t, owner, answer, root, sign, sum, presets, komi, g.toSgf({ PB: 'x', HA: 2 }));
const rc: RecordCount = scoreSgf('(;SZ[9]KM[6.5];B[ee])', { dead: 'none', move: 1 });
const won: string = rc.result + (rc.recorded ?? '') + rc.warnings.length + (rc.ownership?.[0] ?? 0);
const rc2: string = scoreSgf(new Uint8Array(0), { dead: [[0, 0]], rules: 'aga', komi: 7, playouts: 8, seed: 1 }).result;
console.log(won, rc2);

const race: Semeai = semeai(['BW ', 'BW '], 0, 0, 1, 0, { nodes: 500 });
const raceWinner: 1 | -1 | 0 = race.aFirst.winner;
const racePoint: Vertex | null = b.semeai(0, 0, 1, 0).bFirst.point;
const framed: LifeAndDeath = lifeAndDeath(['  WB', 'WWWB', 'BBBB'], 2, 0, { frame: true, nodes: 1000 });
const isFramed: boolean = framed.framed;
const opened: LifeAndDeath = lifeAndDeath(['  WB', 'WWWB', 'BBBB'], 2, 0, { open: true });
const openStatus: string = opened.attackerFirst.status;
console.log(raceWinner, racePoint, isFramed, openStatus);
