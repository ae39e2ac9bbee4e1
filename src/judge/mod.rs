//! The judge of finished games: which stones are dead, which are in seki, who owns each
//! point, and the score, for a position as real games end (dead stones still on the board,
//! dame open, boundaries not closed).
//!
//! # Method
//! 1. **Certain** ([`crate::benson`]): pass-alive chains are alive, and stones inside the
//!    opponent's pass-alive territory are dead. Nothing below can overrule these.
//! 2. **Estimated ownership**: [`Options::playouts`] playouts from the position, half with each
//!    colour moving first, played to the end by a random policy with tactical rules: capture a
//!    chain the last move left in atari, save an own chain it put in atari (capture an attacker
//!    or extend to two liberties), never fill an own one-point eye, never make a self-atari of
//!    two stones or more unless it is a small filling move that puts the enemy in atari too (the
//!    moves that kill a big eye). One-eyed groups can die: the attacker may fill their outside
//!    liberties and play into the eye. Each point's ownership is the mean of the final owners
//!    (+1 Black, −1 White).
//! 3. **Decisions per chain**: a chain that is not certain is dead when its stones' mean
//!    ownership is on the opponent's side, weighed with the chains of the same colour it shares
//!    liberties with (its *group*). The confidence is the size of that mean.
//! 4. **Seki**, on the board without the dead stones: an empty point next to both colours where
//!    a stone of either colour would capture nothing and be left in atari (or without
//!    liberties) is a *shared liberty in seki*; the chains next to it are in seki (alive) and
//!    the playouts' verdict on them is overruled.
//! 5. **Counting**: stones removed as dead become the capturer's territory (and prisoners under
//!    territory rules). An empty region bordered by one colour is that colour's territory; in a
//!    region bordered by both (an open boundary), a point next to both colours is dame, and the
//!    rest splits into parts bordered by one colour, counted for that colour when the playouts
//!    agree. Under rules with a seki tax, regions next to stones in seki are not counted. The
//!    count itself is [`crate::score`]'s.
//!
//! # Confidence and where it can be wrong
//! Steps 1 and 4 (and the dame of step 5) are exact. Step 2 is an estimate whose noise
//! shrinks with the number of playouts; it is deterministic for a given [`Options::seed`].
//! Playouts misjudge capturing races that need exact reading, groups whose life depends on a
//! ko, and groups left in atari at an open boundary of an unfinished game.
use serde::Serialize;

use crate::benson::pass_alive;
use crate::board::EMPTY;
use crate::playout::Rng;
use crate::score::{score_owned, GameResult, Score, ScoreOptions};
use crate::territory::TerritoryMap;
use crate::{Board, Color, Point, Rules, Tax};

mod policy;

use policy::PolicyPlayout;

/// How to judge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Playouts to run (half with each colour first); 0 judges from the certain parts only.
    pub playouts: u32,
    /// Seed of the playouts' random generator.
    pub seed: u64,
    /// Stones each player captured during the game (Black first), for territory counting.
    pub captures: [u32; 2],
    /// Handicap stones Black received (for the rules' white bonus).
    pub handicap: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            playouts: 128,
            seed: 1,
            captures: [0, 0],
            handicap: 0,
        }
    }
}

/// What the judge decided for one chain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// It stays on the board and counts for its owner.
    Alive,
    /// It is removed and counts for the opponent.
    Dead,
    /// Alive in seki: it stays, but under a seki tax its eyes are not territory.
    Seki,
}

/// One chain's judgement.
#[derive(Clone, Debug, PartialEq)]
pub struct ChainJudgement {
    /// The chain's colour.
    pub color: Color,
    /// Its stones, sorted by (y, x).
    pub stones: Vec<Point>,
    /// The decision.
    pub status: Status,
    /// Whether it is certain (pass-alive analysis or seki shape) rather than estimated.
    pub certain: bool,
    /// How sure the estimate is, from 0 (a coin toss) to 1 (every playout agreed).
    pub confidence: f32,
}

/// The judgement of a position.
#[derive(Clone, Debug)]
pub struct Judgement {
    /// Every chain, in the order of their first stone (row by row).
    pub chains: Vec<ChainJudgement>,
    /// The dead stones, sorted by (y, x).
    pub dead: Vec<Point>,
    /// The stones in seki and the shared liberties in seki, sorted by (y, x).
    pub seki: Vec<Point>,
    /// Per point, row by row: the playouts' mean owner, +1 Black to −1 White.
    pub ownership: Vec<f32>,
    /// The count with the dead stones removed.
    pub score: Score,
}

impl Judgement {
    /// The result of the count.
    pub fn result(&self) -> GameResult {
        self.score.result
    }
}

/// Judge `board` under `rules` (their komi included) with `to_move` to play; see the module
/// docs.
pub fn judge(board: &Board, rules: &Rules, to_move: Color, opts: &Options) -> Judgement {
    let len = board.padded_len();
    let pa = pass_alive(board, rules.multi_stone_suicide);
    // playout ownership, padded, in playouts' units
    let mut own = vec![0i32; len];
    let n = opts.playouts;
    if n > 0 {
        let mut po = PolicyPlayout::new(board);
        let mut rng = Rng::new(opts.seed);
        for i in 0..n {
            let first = if i % 2 == 0 {
                to_move.digit()
            } else {
                to_move.opponent().digit()
            };
            po.run(board, first, &mut rng, &mut own);
        }
    }
    let scale = 1.0 / n.max(1) as f32;
    let ownf: Vec<f32> = own.iter().map(|&v| v as f32 * scale).collect();

    // chains by head
    let mut heads = Vec::new();
    let mut chain_of = vec![usize::MAX; len];
    for q in board.all_pos() {
        let v = board.cell(q);
        if v == 1 || v == 2 {
            let h = board.head_at(q);
            if chain_of[h] == usize::MAX {
                chain_of[h] = heads.len();
                heads.push(h);
            }
            chain_of[q] = chain_of[h];
        }
    }
    let nc = heads.len();
    // value: mean ownership on the chain's side, in [-1, 1]; stones
    let mut value = vec![0f32; nc];
    let mut stones = vec![0u32; nc];
    let mut certain = vec![None::<bool>; nc]; // Some(alive)
    for q in board.all_pos() {
        let v = board.cell(q);
        if v != 1 && v != 2 {
            continue;
        }
        let c = chain_of[q];
        let sign = if v == 1 { 1.0 } else { -1.0 };
        value[c] += sign * ownf[q];
        stones[c] += 1;
        let p = board.point(q);
        if pa.is_pass_alive(p) {
            certain[c] = Some(true);
        } else if pa.territory(p).is_some_and(|t| t.digit() != v) {
            certain[c] = Some(false);
        }
    }
    for c in 0..nc {
        value[c] /= stones[c] as f32;
    }
    // groups: same-colour chains sharing a liberty
    let mut parent: Vec<usize> = (0..nc).collect();
    fn find(parent: &mut [usize], mut a: usize) -> usize {
        while parent[a] != a {
            parent[a] = parent[parent[a]];
            a = parent[a];
        }
        a
    }
    for q in board.all_pos() {
        if board.cell(q) != EMPTY {
            continue;
        }
        let mut first = [usize::MAX; 3];
        for nb in board.nbrs(q) {
            let v = board.cell(nb);
            if v == 1 || v == 2 {
                let c = chain_of[nb];
                let f = &mut first[v as usize];
                if *f == usize::MAX {
                    *f = c;
                } else {
                    let (a, b) = (find(&mut parent, *f), find(&mut parent, c));
                    parent[a] = b;
                }
            }
        }
    }
    let mut gsum = vec![0f32; nc];
    let mut gstones = vec![0f32; nc];
    for c in 0..nc {
        let r = find(&mut parent, c);
        gsum[r] += value[c] * stones[c] as f32;
        gstones[r] += stones[c] as f32;
    }
    let mut alive = vec![true; nc];
    let mut conf = vec![1f32; nc];
    for c in 0..nc {
        match certain[c] {
            Some(a) => alive[c] = a,
            None => {
                let r = find(&mut parent, c);
                let g = gsum[r] / gstones[r];
                let d = if value[c].abs() > 0.6 { value[c] } else { g };
                alive[c] = d >= 0.0;
                conf[c] = d.abs();
            }
        }
    }

    // the settled board: dead chains removed
    let mut settled = board.clone();
    let mut dead_count = [0u32; 2];
    let mut dead_pts = Vec::new();
    for c in 0..nc {
        if !alive[c] {
            let h = heads[c];
            let v = board.cell(h);
            for s in board.chain_stones_at(h) {
                dead_pts.push(board.point(s));
            }
            dead_count[(v ^ 3) as usize - 1] += settled.remove_chain_at(board.point(h)) as u32;
        }
    }
    // seki: shared liberties neither colour can fill
    let mut seki_pt = vec![false; len];
    let mut in_seki = vec![false; nc];
    for q in settled.all_pos() {
        if settled.cell(q) != EMPTY {
            continue;
        }
        let nb = settled.nbrs(q);
        let touches = |c: u8| nb.iter().any(|&n| settled.cell(n) == c);
        if !(touches(1) && touches(2)) {
            continue;
        }
        if self_atari(&settled, q, 1) && self_atari(&settled, q, 2) {
            seki_pt[q] = true;
            for &n in &nb {
                let v = settled.cell(n);
                if v == 1 || v == 2 {
                    in_seki[chain_of[n]] = true;
                }
            }
        }
    }
    let seki_stone = |q: usize| {
        let v = settled.cell(q);
        (v == 1 || v == 2) && in_seki[chain_of[q]]
    };

    // owners
    let mut map = TerritoryMap::new();
    map.compute(&settled);
    let taxed_region = {
        let mut t = vec![false; map.region_count()];
        if rules.tax != Tax::None {
            for q in settled.all_pos() {
                if settled.cell(q) == EMPTY && settled.nbrs(q).iter().any(|&n| seki_stone(n)) {
                    t[map.region_at(q)] = true;
                }
            }
        }
        t
    };
    let mut owners = vec![0u8; len];
    let mut seki_flag = vec![false; len];
    let mut taxed = [0u32; 2];
    // open boundaries: points next to both colours are dame; the rest of a mixed region is
    // split into parts, each counted when it borders one colour and the playouts agree
    let mut dame = vec![false; len];
    for q in settled.all_pos() {
        if settled.cell(q) == EMPTY && map.region_bits(map.region_at(q)) == 3 {
            let nb = settled.nbrs(q);
            let touches = |c: u8| nb.iter().any(|&n| settled.cell(n) == c);
            dame[q] = touches(1) && touches(2);
        }
    }
    let mut part_bits = vec![0u8; len];
    let mut seen = vec![false; len];
    let mut stack = Vec::new();
    let mut part = Vec::new();
    for q in settled.all_pos() {
        if settled.cell(q) != EMPTY || dame[q] || seen[q] || map.region_bits(map.region_at(q)) != 3
        {
            continue;
        }
        seen[q] = true;
        stack.push(q);
        part.clear();
        let mut bits = 0u8;
        while let Some(r) = stack.pop() {
            part.push(r);
            for nbr in settled.nbrs(r) {
                match settled.cell(nbr) {
                    EMPTY if !dame[nbr] && !seen[nbr] => {
                        seen[nbr] = true;
                        stack.push(nbr);
                    }
                    v @ (1 | 2) => bits |= v,
                    _ => {}
                }
            }
        }
        for &r in &part {
            part_bits[r] = bits;
        }
    }
    for q in settled.all_pos() {
        let v = settled.cell(q);
        if v != EMPTY {
            owners[q] = v;
            if seki_stone(q) {
                seki_flag[q] = true;
            }
            continue;
        }
        if seki_pt[q] {
            seki_flag[q] = true;
            continue;
        }
        let r = map.region_at(q);
        let bits = map.region_bits(r);
        let o = match bits {
            1 | 2 => bits,
            // a point next to a dame is lost when the opponent fills that dame
            3 if !dame[q] && !settled.nbrs(q).iter().any(|&n| dame[n]) => {
                let pb = part_bits[q];
                let agree = match pb {
                    1 => ownf[q] > 0.0,
                    2 => ownf[q] < 0.0,
                    _ => false,
                };
                if agree {
                    pb
                } else {
                    0
                }
            }
            _ => 0,
        };
        if o == 0 {
            continue;
        }
        if taxed_region[r] {
            taxed[o as usize - 1] += 1;
            seki_flag[q] = true;
        } else {
            owners[q] = o;
        }
    }
    // points to protect: a chain that the opponent's filling of its dame liberties would
    // leave in atari must fill its last liberty, which is then no territory
    protect(&settled, &dame, &mut owners);
    let mut sopts = ScoreOptions::new(*rules);
    sopts.captures = opts.captures;
    sopts.handicap = opts.handicap;
    let score = score_owned(
        &settled,
        owners,
        seki_flag.clone(),
        dead_count,
        taxed,
        &sopts,
    );

    dead_pts.sort_unstable_by_key(|p| (p.y, p.x));
    let seki: Vec<Point> = board
        .all_pos()
        .filter(|&q| seki_pt[q] || seki_stone(q))
        .map(|q| board.point(q))
        .collect();
    let mut chains = Vec::with_capacity(nc);
    for c in 0..nc {
        let h = heads[c];
        let mut st: Vec<Point> = board.chain_stones_at(h).map(|s| board.point(s)).collect();
        st.sort_unstable_by_key(|p| (p.y, p.x));
        let status = if !alive[c] {
            Status::Dead
        } else if in_seki[c] {
            Status::Seki
        } else {
            Status::Alive
        };
        chains.push(ChainJudgement {
            color: Color::from_digit(board.cell(h)).unwrap_or(Color::Black),
            stones: st,
            status,
            certain: certain[c].is_some() || in_seki[c],
            confidence: conf[c].min(1.0),
        });
    }
    let ownership = board.all_pos().map(|q| ownf[q]).collect();
    Judgement {
        chains,
        dead: dead_pts,
        seki,
        ownership,
        score,
    }
}

/// Whether colour `c` at the empty point `q` captures nothing and leaves its chain with at
/// most one liberty.
fn self_atari(b: &Board, q: usize, c: u8) -> bool {
    let mut libs: Vec<usize> = Vec::with_capacity(4);
    let mut seen_heads = [0usize; 4];
    let mut nh = 0;
    for n in b.nbrs(q) {
        match b.cell(n) {
            EMPTY if !libs.contains(&n) => libs.push(n),
            v if v == c => {
                let h = b.head_at(n);
                if seen_heads[..nh].contains(&h) {
                    continue;
                }
                seen_heads[nh] = h;
                nh += 1;
                for s in b.chain_stones_at(h) {
                    for m in b.nbrs(s) {
                        if m != q && b.cell(m) == EMPTY && !libs.contains(&m) {
                            libs.push(m);
                        }
                    }
                }
            }
            v if v == (c ^ 3) && b.libs_at(n) == 1 => return false,
            _ => {}
        }
        if libs.len() >= 2 {
            return false;
        }
    }
    libs.len() < 2
}

/// Uncount the points a player must fill to protect a chain: a chain whose liberties are
/// dame but for one own territory point is left in atari when the opponent fills the dame,
/// and must connect there.
fn protect(b: &Board, dame: &[bool], owners: &mut [u8]) {
    let mut done = vec![false; b.padded_len()];
    let mut libs: Vec<usize> = Vec::new();
    for q in b.all_pos() {
        let v = b.cell(q);
        if (v != 1 && v != 2) || done[b.head_at(q)] {
            continue;
        }
        done[b.head_at(q)] = true;
        libs.clear();
        for s in b.chain_stones_at(q) {
            for n in b.nbrs(s) {
                if b.cell(n) == EMPTY && !libs.contains(&n) {
                    libs.push(n);
                }
            }
        }
        let n_dame = libs.iter().filter(|&&l| dame[l]).count();
        if n_dame != 1 || libs.len() != 2 {
            continue;
        }
        if let Some(&t) = libs.iter().find(|&&l| !dame[l]) {
            if owners[t] == v {
                owners[t] = 0;
            }
        }
    }
}
