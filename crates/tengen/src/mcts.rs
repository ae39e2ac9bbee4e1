//! A light Monte Carlo tree search over the fast playouts: the move generator behind GTP's
//! `genmove`, and the search behind its live analysis (`kata-analyze`, `lz-analyze`).
//!
//! UCT with RAVE: each iteration copies the root position, walks down the tree choosing
//! children by their value, expands a leaf once it has been visited, runs one light playout
//! (see [`crate::playout`]) and backs the result up. A child's value blends its own win rate
//! with its all-moves-as-first (AMAF) win rate — how the games went in which its move was
//! played by the same player at any later turn — weighted towards AMAF while the child has few
//! visits (RAVE, Gelly and Silver 2007), plus a small exploration term. Children are the moves
//! legal under simple ko with suicide forbidden that do not fill one of the mover's own
//! one-point eyes, plus a pass; two passes in a row end a line and are scored directly. At the
//! root, moves are also checked against the game's full rules (superko included), so the
//! chosen move is always legal in the game. Results are counted by area (Tromp-Taylor) with
//! the komi of the rules only: the rules' white handicap bonus is not added (the search is not
//! told how many handicap stones the game had).
//!
//! The tree is a flat arena of nodes reused between searches; nothing is allocated per
//! playout. [`Search::run`] searches a position and answers the best move; for a search that
//! goes on, [`Search::start`] makes a new tree, [`Search::extend`] runs more playouts on it
//! (as often as wanted, the statistics keep growing), [`Search::best`] and
//! [`Search::root_moves`] read it: per root move its visits, win rate and mean final score
//! for the side to move, and its principal variation. Besides the win counts, only the root's
//! children keep the sum and the sum of squares of their playouts' final scores.

use std::time::{Duration, Instant};

use crate::board::Board;
use crate::playout::{is_eye, Playout, Rng};
use crate::rules::Scoring;
use crate::{Color, Game, Move};

/// How hard to search.
#[derive(Clone, Copy, Debug)]
pub struct SearchLimits {
    /// Maximum playouts.
    pub playouts: u32,
    /// Maximum wall time, if any.
    pub time: Option<Duration>,
}

/// What the search found.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchResult {
    /// The move to play (a pass when nothing is worth playing).
    pub mv: Move,
    /// The mover's estimated chance of winning after that move, 0 to 1.
    pub win_rate: f64,
    /// Playouts run.
    pub playouts: u32,
}

/// What the search knows about one move of the root (see [`Search::root_moves`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats {
    /// The move.
    pub mv: Move,
    /// Playouts through it.
    pub visits: u32,
    /// The share of them the side to move won, 0 to 1 (0 without visits).
    pub win_rate: f64,
    /// The mean final score of those playouts (area count with the komi), from the side to
    /// move's view: positive when it leads (0 without visits).
    pub score_lead: f64,
    /// The standard deviation of those final scores.
    pub score_stdev: f64,
    /// Its prior: the search has no policy, so every root move has the same, one over the
    /// number of root moves.
    pub prior: f64,
    /// The principal variation: this move, then the most visited reply, and so on.
    pub pv: Vec<Move>,
}

#[derive(Clone, Copy, Debug)]
struct Node {
    /// Padded index of the move into this node; 0 for a pass.
    mv: u16,
    visits: u32,
    /// Wins for the player who made `mv`.
    wins: f32,
    first_child: u32,
    n_children: u16,
    expanded: bool,
    /// All-moves-as-first statistics for `mv`.
    amaf_visits: f32,
    amaf_wins: f32,
}

impl Node {
    fn new(mv: u16) -> Node {
        Node {
            mv,
            visits: 0,
            wins: 0.0,
            first_child: 0,
            n_children: 0,
            expanded: false,
            amaf_visits: 0.0,
            amaf_wins: 0.0,
        }
    }
}

/// A reusable search engine.
#[derive(Clone, Debug)]
pub struct Search {
    nodes: Vec<Node>,
    board: Board,
    playout: Playout,
    rng: Rng,
    path: Vec<u32>,
    /// Moves of the current iteration (tree part, then playout) as (padded index, colour).
    seq: Vec<(u16, u8)>,
    /// Per padded index: generation stamp, colour and sequence index of the first play there.
    first_gen: Vec<u32>,
    first_color: Vec<u8>,
    first_at: Vec<u32>,
    gen: u32,
    /// The position searched, its side to move, komi (half points) and passes before it.
    root_board: Board,
    me: u8,
    komi2: i32,
    root_passes: u32,
    /// Per root child: sum and sum of squares of the final scores (Black's view, komi
    /// taken) of the playouts through it.
    root_score: Vec<[f64; 2]>,
}

/// Most nodes a tree grows to (28 bytes each, so about 117 MB): past it, leaves are no longer expanded
/// and new playouts start from them (a long analysis stays within a bounded memory).
pub const MAX_NODES: usize = 1 << 22;

/// Most playouts through the root: [`Search::extend`] stops adding playouts there (the
/// counts stay far from overflowing).
pub const MAX_ROOT_VISITS: u32 = 1 << 30;

const EXPLORATION: f32 = 0.2;
const FIRST_PLAY_URGENCY: f32 = 1.1;
/// RAVE equivalence parameter: visits at which a child's own and AMAF statistics weigh
/// about the same.
const RAVE_EQUIVALENCE: f32 = 600.0;

impl Search {
    /// A search engine for boards like `board`, with a random seed.
    pub fn new(board: &Board, seed: u64) -> Search {
        let mut playout = Playout::new(board.clone(), Color::Black);
        playout.set_recording(true);
        Search {
            nodes: Vec::new(),
            board: board.clone(),
            playout,
            rng: Rng::new(seed),
            path: Vec::new(),
            seq: Vec::new(),
            first_gen: Vec::new(),
            first_color: Vec::new(),
            first_at: Vec::new(),
            gen: 0,
            root_board: board.clone(),
            me: Color::Black.digit(),
            komi2: 0,
            root_passes: 0,
            root_score: Vec::new(),
        }
    }

    /// Candidate moves for `c` on `b`: legal (simple ko, no suicide), not an own eye.
    fn candidates(b: &Board, c: u8, out: &mut Vec<u16>) {
        out.clear();
        for &e in b.empties() {
            let p = e as usize;
            if b.empty_nbrs(p) > 0
                || (!b.is_ko_retake(p, c) && !is_eye(b, p, c) && !b.is_suicide_pos(p, c))
            {
                out.push(e);
            }
        }
    }

    fn expand(&mut self, node: u32, c: u8, root_filter: Option<(&Game, bool)>) {
        let mut moves = Vec::new();
        Search::candidates(&self.board, c, &mut moves);
        let mut allow_pass = true;
        if let Some((game, cleanup)) = root_filter {
            let color = Color::from_digit(c).unwrap_or(Color::Black);
            moves.retain(|&m| game.is_legal(color, Move::Play(self.board.point(m as usize))));
            // during cleanup, pass only when nothing else is left
            allow_pass = !cleanup || moves.is_empty();
        }
        let first = self.nodes.len() as u32;
        for m in moves {
            self.nodes.push(Node::new(m));
        }
        if allow_pass {
            self.nodes.push(Node::new(0));
        }
        let count = (self.nodes.len() as u32 - first) as u16;
        let n = &mut self.nodes[node as usize];
        n.first_child = first;
        n.n_children = count;
        n.expanded = true;
    }

    fn select(&mut self, node: u32) -> u32 {
        let n = self.nodes[node as usize];
        let log_n = ((n.visits.max(1)) as f32).ln();
        let mut best = n.first_child;
        let mut best_v = f32::NEG_INFINITY;
        for i in n.first_child..n.first_child + n.n_children as u32 {
            let ch = &self.nodes[i as usize];
            let v = if ch.visits == 0 && ch.amaf_visits == 0.0 {
                // tiny random tie-break so unvisited children are tried in random order
                FIRST_PLAY_URGENCY + (self.rng.below(1000) as f32) * 1e-6
            } else {
                let n = ch.visits as f32;
                let q = if ch.visits > 0 { ch.wins / n } else { 0.5 };
                let amaf = if ch.amaf_visits > 0.0 {
                    ch.amaf_wins / ch.amaf_visits
                } else {
                    q
                };
                let beta = (RAVE_EQUIVALENCE / (3.0 * n + RAVE_EQUIVALENCE)).sqrt();
                (1.0 - beta) * q + beta * amaf + EXPLORATION * (log_n / (n + 1.0)).sqrt()
            };
            if v > best_v {
                best_v = v;
                best = i;
            }
        }
        best
    }

    /// All-moves-as-first update: for every node on the path, each child whose move was played
    /// first (among the moves after that node) by the player to move there shares the result.
    fn update_amaf(&mut self, me: u8, black_wins: bool, with_playout: bool) {
        if with_playout {
            self.seq
                .extend(self.playout.played().map(|(p, c)| (p as u16, c)));
        }
        let len = self.board.padded_len();
        if self.first_gen.len() < len {
            self.first_gen = vec![0; len];
            self.first_color = vec![0; len];
            self.first_at = vec![0; len];
            self.gen = 0;
        }
        if self.gen == u32::MAX {
            self.first_gen.fill(0);
            self.gen = 0;
        }
        self.gen += 1;
        let gen = self.gen;
        for (i, &(p, c)) in self.seq.iter().enumerate() {
            let p = p as usize;
            if self.first_gen[p] != gen {
                self.first_gen[p] = gen;
                self.first_color[p] = c;
                self.first_at[p] = i as u32;
            }
        }
        // the tree moves are seq[0..]; the node at depth d was reached after d tree moves that
        // placed stones (passes are not in seq), which is a lower bound on its index
        let mut mover = me;
        let mut stones_before = 0u32;
        for d in 0..self.path.len() {
            let node = self.nodes[self.path[d] as usize];
            let won = ((mover == 1) == black_wins) as u32 as f32;
            for i in node.first_child..node.first_child + node.n_children as u32 {
                let ch = &mut self.nodes[i as usize];
                let p = ch.mv as usize;
                if p != 0
                    && self.first_gen[p] == gen
                    && self.first_color[p] == mover
                    && self.first_at[p] >= stones_before
                {
                    ch.amaf_visits += 1.0;
                    ch.amaf_wins += won;
                }
            }
            if d + 1 < self.path.len() && self.nodes[self.path[d + 1] as usize].mv != 0 {
                stones_before += 1;
            }
            mover ^= 3;
        }
    }

    /// Search the position of `game` for the side to move and return the best move.
    /// `cleanup` forbids passing while anything else is legal (KGS's genmove_cleanup).
    pub fn run(&mut self, game: &Game, limits: SearchLimits, cleanup: bool) -> SearchResult {
        self.start(game, cleanup);
        let done = self.extend(limits);
        SearchResult {
            playouts: done,
            ..self.best()
        }
    }

    /// Start a new tree at the position of `game`, for the side to move; nothing is searched
    /// yet ([`Search::extend`] does). `cleanup` forbids passing at the root while anything else
    /// is legal. The tree's buffers are reused.
    pub fn start(&mut self, game: &Game, cleanup: bool) {
        self.root_board.copy_from(game.board());
        self.me = game.to_move().digit();
        // Playouts are judged by area with komi only (no handicap bonus), territory games
        // too, which agrees with territory counting up to a point or two in finished
        // positions.
        let _ = Scoring::Area;
        self.komi2 = game.rules().komi.half_points();
        self.root_passes = game.consecutive_passes();
        self.nodes.clear();
        self.nodes.push(Node::new(0));
        self.board.copy_from(&self.root_board);
        self.expand(0, self.me, Some((game, cleanup)));
        self.root_score.clear();
        self.root_score
            .resize(self.nodes[0].n_children as usize, [0.0; 2]);
    }

    /// Run more playouts on the tree [`Search::start`] made (or the last [`Search::run`]),
    /// until `limits.playouts` more were run or `limits.time` has passed; the statistics keep
    /// growing from where they were. Returns the playouts run. The tree stops growing (new
    /// playouts still count) at [`MAX_NODES`] nodes, and the search stops adding playouts
    /// once the root has [`MAX_ROOT_VISITS`].
    pub fn extend(&mut self, limits: SearchLimits) -> u32 {
        if self.nodes.is_empty() {
            return 0;
        }
        let start = Instant::now();
        let mut done = 0;
        while done < limits.playouts && self.nodes[0].visits < MAX_ROOT_VISITS {
            if let Some(t) = limits.time {
                if done % 64 == 0 && start.elapsed() >= t {
                    break;
                }
            }
            self.iterate();
            done += 1;
        }
        done
    }

    /// One iteration: descend, expand, play out, back up.
    fn iterate(&mut self) {
        let me = self.me;
        self.board.copy_from(&self.root_board);
        self.path.clear();
        self.path.push(0);
        self.seq.clear();
        let mut node = 0u32;
        let mut color = me;
        let mut passes = self.root_passes;
        loop {
            let n = self.nodes[node as usize];
            if !n.expanded {
                if n.visits > 0 && passes < 2 && self.nodes.len() < MAX_NODES {
                    self.expand(node, color, None);
                } else {
                    break;
                }
            }
            if self.nodes[node as usize].n_children == 0 {
                break;
            }
            let ch = self.select(node);
            let mv = self.nodes[ch as usize].mv;
            if mv == 0 {
                self.board.pass();
                passes += 1;
            } else {
                self.board.play_pos(mv as usize, color);
                self.seq.push((mv, color));
                passes = 0;
            }
            color ^= 3;
            node = ch;
            self.path.push(node);
            if passes >= 2 {
                break;
            }
        }
        let area = if passes >= 2 {
            self.playout.area_of(&self.board)
        } else {
            let first = Color::from_digit(color).unwrap_or(Color::Black);
            self.playout
                .run_from(&self.board, first, &mut self.rng)
                .area_diff
        };
        let black_wins = 2 * area > self.komi2;
        // backup: node reached by a move of colour X gets a win when X won
        let mut mover = me;
        for (k, &idx) in self.path.iter().enumerate() {
            let n = &mut self.nodes[idx as usize];
            n.visits += 1;
            if k > 0 {
                let won = (mover == 1) == black_wins;
                n.wins += won as u32 as f32;
                mover ^= 3;
            }
        }
        // the final score (Black's view) of the playouts through each root child
        if let Some(&child) = self.path.get(1) {
            let i = (child - self.nodes[0].first_child) as usize;
            let s = area as f64 - self.komi2 as f64 / 2.0;
            let acc = &mut self.root_score[i];
            acc[0] += s;
            acc[1] += s * s;
        }
        self.update_amaf(me, black_wins, passes < 2);
    }

    /// Playouts through the root so far.
    pub fn root_visits(&self) -> u32 {
        self.nodes.first().map_or(0, |n| n.visits)
    }

    /// The root's most visited move (the first of equals) and its win rate.
    pub fn best(&self) -> SearchResult {
        let playouts = self.root_visits();
        let Some(root) = self.nodes.first() else {
            return SearchResult {
                mv: Move::Pass,
                win_rate: 0.5,
                playouts,
            };
        };
        let mut best: Option<Node> = None;
        for i in root.first_child..root.first_child + root.n_children as u32 {
            let ch = self.nodes[i as usize];
            if best.is_none_or(|b| ch.visits > b.visits) {
                best = Some(ch);
            }
        }
        match best {
            Some(b) => SearchResult {
                mv: self.move_of(b.mv),
                win_rate: b.wins as f64 / b.visits.max(1) as f64,
                playouts,
            },
            None => SearchResult {
                mv: Move::Pass,
                win_rate: 0.5,
                playouts,
            },
        }
    }

    /// The move of a node's padded index (0: a pass).
    fn move_of(&self, mv: u16) -> Move {
        if mv == 0 {
            Move::Pass
        } else {
            Move::Play(self.root_board.point(mv as usize))
        }
    }

    /// The statistics of every move of the root, most visited first (equals in the order
    /// [`Search::best`] sees them, so the first is its move), into `out` (cleared first). Each
    /// principal variation has at most `pv_len` moves.
    pub fn root_moves(&self, pv_len: usize, out: &mut Vec<MoveStats>) {
        out.clear();
        let Some(root) = self.nodes.first() else {
            return;
        };
        let n_children = root.n_children as f64;
        let flip = if self.me == Color::White.digit() {
            -1.0
        } else {
            1.0
        };
        for k in 0..root.n_children as u32 {
            let ch = self.nodes[(root.first_child + k) as usize];
            let visits = ch.visits;
            let [sum, sq] = self.root_score.get(k as usize).copied().unwrap_or([0.0; 2]);
            let (win_rate, score_lead, score_stdev) = if visits > 0 {
                let n = visits as f64;
                let mean = sum / n;
                (
                    (ch.wins as f64 / n).clamp(0.0, 1.0),
                    flip * mean,
                    (sq / n - mean * mean).max(0.0).sqrt(),
                )
            } else {
                (0.0, 0.0, 0.0)
            };
            let mut pv = Vec::new();
            self.principal_variation(root.first_child + k, pv_len, &mut pv);
            out.push(MoveStats {
                mv: self.move_of(ch.mv),
                visits,
                win_rate,
                score_lead,
                score_stdev,
                prior: 1.0 / n_children,
                pv,
            });
        }
        // stable: equals keep the children's order, as `best` picks them
        out.sort_by_key(|m| std::cmp::Reverse(m.visits));
    }

    /// The node's move, then the most visited child's, and so on while visited.
    fn principal_variation(&self, mut node: u32, max: usize, out: &mut Vec<Move>) {
        while out.len() < max {
            let n = self.nodes[node as usize];
            out.push(self.move_of(n.mv));
            if !n.expanded || n.n_children == 0 {
                break;
            }
            let mut best: Option<(u32, u32)> = None;
            for i in n.first_child..n.first_child + n.n_children as u32 {
                let v = self.nodes[i as usize].visits;
                if v > 0 && best.is_none_or(|(_, bv)| v > bv) {
                    best = Some((i, v));
                }
            }
            match best {
                Some((i, _)) => node = i,
                None => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Point, Rules, Size};

    fn limits(n: u32) -> SearchLimits {
        SearchLimits {
            playouts: n,
            time: None,
        }
    }

    #[test]
    fn captures_a_big_group_in_atari() {
        // A white chain of four on the middle row has one liberty at (4,3): Black takes it
        // (if White extends there first, it escapes and splits Black's stones).
        let mut b = Board::new(Size::square(7).unwrap());
        let mut edits = Vec::new();
        for x in 0..4u8 {
            edits.push((Point::new(x, 3), Some(Color::White)));
            edits.push((Point::new(x, 2), Some(Color::Black)));
            edits.push((Point::new(x, 4), Some(Color::Black)));
        }
        b.edit(edits);
        assert_eq!(b.liberties(Point::new(0, 3)), Some(1));
        let game = Game::from_board(b, Color::Black, Rules::from_name("chinese").unwrap());
        let mut s = Search::new(game.board(), 1);
        let r = s.run(&game, limits(4000), false);
        assert_eq!(r.mv, Move::Play(Point::new(4, 3)));
        assert!(r.win_rate > 0.5);
    }

    #[test]
    fn always_legal_and_passes_when_nothing_is_left() {
        let game = Game::new(
            Size::square(2).unwrap(),
            Rules::from_name("tromp-taylor").unwrap(),
        );
        let mut g = game;
        let mut s = Search::new(g.board(), 3);
        for _ in 0..30 {
            let r = s.run(&g, limits(200), false);
            assert!(g.is_legal(g.to_move(), r.mv), "{:?}", r.mv);
            g.play(r.mv).unwrap();
            if g.is_over() {
                break;
            }
        }
        assert!(g.is_over());
    }

    #[test]
    fn cleanup_does_not_pass_while_moves_remain() {
        let game = Game::new(
            Size::square(5).unwrap(),
            Rules::from_name("chinese").unwrap(),
        );
        let mut s = Search::new(game.board(), 5);
        let r = s.run(&game, limits(100), true);
        assert_ne!(r.mv, Move::Pass);
    }

    #[test]
    fn extend_grows_the_same_tree_and_root_moves_agree_with_best() {
        let game = Game::new(
            Size::square(7).unwrap(),
            Rules::from_name("chinese").unwrap(),
        );
        let mut s = Search::new(game.board(), 9);
        s.start(&game, false);
        assert_eq!(s.root_visits(), 0);
        assert_eq!(s.extend(limits(150)), 150);
        assert_eq!(s.extend(limits(250)), 250);
        assert_eq!(s.root_visits(), 400);
        let mut moves = Vec::new();
        s.root_moves(8, &mut moves);
        // every legal point and a pass
        assert_eq!(moves.len(), 50);
        assert_eq!(moves.iter().map(|m| m.visits).sum::<u32>(), 400);
        assert!(moves.windows(2).all(|w| w[0].visits >= w[1].visits));
        let best = s.best();
        assert_eq!(moves[0].mv, best.mv);
        assert!((moves[0].win_rate - best.win_rate).abs() < 1e-9);
        for m in &moves {
            assert!((0.0..=1.0).contains(&m.win_rate), "{m:?}");
            assert!((m.prior - 1.0 / 50.0).abs() < 1e-12);
            assert!(m.score_lead.abs() <= 49.0 + 7.5, "{m:?}");
            assert!(m.score_stdev >= 0.0);
            if m.visits > 0 {
                assert_eq!(m.pv[0], m.mv);
                assert!(m.pv.len() <= 8);
                // the variation is a sequence of moves legal one after the other
                let mut g = game.clone();
                for &mv in &m.pv {
                    assert!(g.is_legal(g.to_move(), mv), "{:?} in {:?}", mv, m.pv);
                    g.play(mv).unwrap();
                }
            }
        }
    }

    #[test]
    fn score_lead_and_win_rate_are_the_movers() {
        // White owns the 5x5 board but for a lone black area: lost for Black, won for White
        let mut b = Board::new(Size::square(5).unwrap());
        b.edit((0..5u8).flat_map(|x| {
            [
                (Point::new(x, 1), Some(Color::White)),
                (Point::new(x, 3), Some(Color::White)),
            ]
        }));
        for (me, sign) in [(Color::Black, -1.0), (Color::White, 1.0)] {
            let game = Game::from_board(b.clone(), me, Rules::from_name("chinese").unwrap());
            let mut s = Search::new(game.board(), 2);
            s.start(&game, false);
            s.extend(limits(300));
            let mut moves = Vec::new();
            s.root_moves(4, &mut moves);
            let top = &moves[0];
            assert!(top.score_lead * sign > 5.0, "{me:?}: {top:?}");
            if sign < 0.0 {
                assert!(top.win_rate < 0.2, "{top:?}");
            } else {
                assert!(top.win_rate > 0.8, "{top:?}");
            }
        }
    }

    #[test]
    fn run_reports_its_own_playouts() {
        let game = Game::new(
            Size::square(5).unwrap(),
            Rules::from_name("chinese").unwrap(),
        );
        let mut s = Search::new(game.board(), 4);
        let r = s.run(&game, limits(120), false);
        assert_eq!(r.playouts, 120);
        assert_eq!(s.root_visits(), 120);
        // a search without a tree does nothing
        let mut fresh = Search::new(game.board(), 4);
        assert_eq!(fresh.extend(limits(10)), 0);
        assert_eq!(fresh.best().mv, Move::Pass);
    }
}
