//! The engine state the commands work on: the game (board, rules and komi, history), the
//! handicap, the clock, the search and its settings, and the game information a record
//! carries (players, date, result). Nothing here reads or writes protocol lines.

use super::clock::Clock;
use super::table::Reply;
use super::{EngineConfig, ScoreMode, Vertex, MAX_GTP_SIZE};
use std::sync::Arc;
use tengen::count::{count, Count, DeadStones, Position};
use tengen::judge::{Options as JudgeOptions, Status};
use tengen::mcts::{Search, SearchLimits};
use tengen::rules::Rules;
use tengen::{Board, Color, Game, Move, Point, Size};

/// The game information of the record: what `loadsgf` read or the engine learnt, written
/// back by `printsgf`.
#[derive(Clone, Debug, Default)]
pub(super) struct GameInfo {
    /// `PB`: Black's name.
    pub black: Option<String>,
    /// `PW`: White's name.
    pub white: Option<String>,
    /// `DT`: the date.
    pub date: Option<String>,
    /// `RE`: the result, with the position it belongs to (move count and board hash): it is
    /// the game's result only while the game is still at that position.
    pub result: Option<(String, usize, u64)>,
}

/// The engine state.
pub(crate) struct State {
    pub(super) cfg: EngineConfig,
    pub(super) game: Game,
    pub(super) handicap: u32,
    pub(super) search: Option<Search>,
    pub(super) clock: Clock,
    pub(super) info: GameInfo,
    /// Warnings for the session to pass on (not part of any response).
    pub(super) warnings: Vec<String>,
    /// Per colour (Black, White): how many of its last generated moves in a row had a win
    /// rate below the resignation threshold.
    pub(super) low_streak: [u32; 2],
    /// The end of the game last computed, and what it was computed for.
    ended: Option<(EndKey, Arc<Count>)>,
    /// The tactical reader of `attack` and `defend`, made on the first such question.
    pub(super) reader: Option<tengen::read::Reader>,
}

/// What the end of the game depends on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct EndKey {
    hash: u64,
    to_move: Color,
    rules: Rules,
    captures: [u32; 2],
    handicap: u32,
    mode: ScoreMode,
}

/// A syntax error message.
pub(super) fn syntax(msg: &str) -> String {
    format!("syntax error: {msg}")
}

/// A colour argument: [`Color::from_name`] (`b`, `black`, `w`, `white` in any case, `1`,
/// `2`), or a syntax error naming the text.
pub(super) fn parse_color(s: &str) -> Result<Color, String> {
    Color::from_name(s).map_err(|_| syntax(&format!("invalid color {s:?}")))
}

/// Exactly `n` arguments, or a syntax error saying how many came.
pub(super) fn args_n(args: &[&str], n: usize) -> Result<(), String> {
    if args.len() == n {
        Ok(())
    } else {
        Err(syntax(&format!(
            "expected {n} argument{}, got {}",
            if n == 1 { "" } else { "s" },
            args.len()
        )))
    }
}

impl State {
    /// A new state: an empty 19×19 board under the configured rules.
    pub(super) fn new(cfg: EngineConfig) -> State {
        let size = Size::square(19).expect("19 is a valid size");
        State {
            game: Game::new(size, cfg.rules),
            cfg,
            handicap: 0,
            search: None,
            clock: Clock::default(),
            info: GameInfo::default(),
            warnings: Vec::new(),
            low_streak: [0; 2],
            ended: None,
            reader: None,
        }
    }

    pub(super) fn size(&self) -> Size {
        self.game.board().size()
    }

    /// A vertex argument (a point or `pass`).
    pub(super) fn vertex(&self, s: &str) -> Result<Move, String> {
        Vertex::parse(s, self.size())
            .map(|v| v.mv)
            .map_err(|e| syntax(&e.to_string()))
    }

    /// A vertex argument that must be a point.
    pub(super) fn point_arg(&self, s: &str) -> Result<Point, String> {
        match self.vertex(s)? {
            Move::Play(p) => Ok(p),
            Move::Pass => Err(syntax("a vertex on the board is required, not pass")),
        }
    }

    pub(super) fn fmt_move(&self, mv: Move) -> String {
        Vertex {
            mv,
            height: self.size().height() as u8,
        }
        .to_string()
    }

    /// Points as vertices, column by column from the left, bottom to top.
    pub(super) fn fmt_points(&self, mut pts: Vec<Point>) -> String {
        pts.sort_unstable_by_key(|p| (p.x, std::cmp::Reverse(p.y)));
        pts.iter()
            .map(|&p| self.fmt_move(Move::Play(p)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    /// Colour and vertex pairs (`b d4 w pass ...`).
    pub(super) fn parse_color_vertex_pairs(
        &self,
        args: &[&str],
    ) -> Result<Vec<(Color, Move)>, String> {
        if !args.len().is_multiple_of(2) {
            return Err(syntax("expected colour and vertex pairs"));
        }
        args.chunks(2)
            .map(|c| Ok((parse_color(c[0])?, self.vertex(c[1])?)))
            .collect()
    }

    /// A new empty game of `size` under the rules in force; the game information is dropped.
    pub(super) fn new_game(&mut self, size: Size) {
        let rules = *self.game.rules();
        self.game = Game::new(size, rules);
        self.low_streak = [0; 2];
        self.handicap = 0;
        self.info = GameInfo::default();
    }

    pub(super) fn set_board_size(&mut self, w: &str, h: &str) -> Reply {
        let parse = |s: &str| {
            s.parse::<usize>()
                .map_err(|_| syntax("size must be a number"))
        };
        let (w, h) = (parse(w)?, parse(h)?);
        if !(1..=MAX_GTP_SIZE).contains(&w) || !(1..=MAX_GTP_SIZE).contains(&h) {
            return Err("unacceptable size".into());
        }
        let size = Size::new(w, h).map_err(|_| "unacceptable size".to_string())?;
        self.new_game(size);
        Ok(String::new())
    }

    /// Put handicap stones on the empty board; White moves next.
    pub(super) fn place_handicap(&mut self, pts: &[Point]) -> Reply {
        if self.game.board().empty_count() != self.size().area() || self.game.move_count() > 0 {
            return Err("board not empty".into());
        }
        let mut b = Board::new(self.size());
        b.edit(pts.iter().map(|&p| (p, Some(Color::Black))));
        let rules = *self.game.rules();
        self.game = Game::from_board(b, Color::White, rules);
        self.low_streak = [0; 2];
        self.handicap = pts.len() as u32;
        Ok(String::new())
    }

    /// The search's move for `color` and its estimated win rate.
    pub(super) fn search_move(&mut self, color: Color, cleanup: bool) -> (Move, f64) {
        if self.game.to_move() != color {
            self.game.set_to_move(color);
        }
        let board = self.game.board();
        let limits = SearchLimits {
            playouts: self.cfg.playouts,
            time: self.clock.budget(color, board.empty_count()),
        };
        // one search engine for the session: its buffers follow the board size by themselves
        let seed = self.cfg.seed;
        let search = self.search.get_or_insert_with(|| Search::new(board, seed));
        let r = search.run(&self.game, limits, cleanup);
        (r.mv, r.win_rate)
    }

    /// `genmove` and its variants: `commit` plays the move, `cleanup` is KGS's cleanup phase.
    /// The answer is `resign` when [`State::resigns`] says so.
    pub(super) fn genmove(&mut self, args: &[&str], commit: bool, cleanup: bool) -> Reply {
        args_n(args, 1)?;
        let color = parse_color(args[0])?;
        let (mv, win) = self.search_move(color, cleanup);
        if !cleanup && self.resigns(color, win, commit) {
            if commit {
                let winner = if color == Color::Black { "W" } else { "B" };
                self.set_result(format!("{winner}+R"));
            }
            return Ok("resign".into());
        }
        if commit {
            self.game
                .play_as(color, mv)
                .map_err(|e| format!("internal error: generated an illegal move ({e})"))?;
        }
        Ok(self.fmt_move(mv))
    }

    /// The resignation rule (see [`EngineConfig::resign_threshold`]): the search's win rate
    /// for `color` is below the threshold for the [`EngineConfig::resign_moves`]-th generated
    /// move in a row (this one included), at least
    /// [`resign_min_moves`] moves have been played, and the judged count ([`tengen::judge`])
    /// has the opponent ahead by at least [`resign_min_lead`] points. `commit` (`genmove`,
    /// not `reg_genmove`) counts this move in the streak.
    fn resigns(&mut self, color: Color, win: f64, commit: bool) -> bool {
        let Some(threshold) = self.cfg.resign_threshold else {
            return false;
        };
        let i = (color == Color::White) as usize;
        let streak = if win < threshold {
            self.low_streak[i].saturating_add(1)
        } else {
            0
        };
        if commit {
            self.low_streak[i] = streak;
        }
        let size = self.size();
        if streak < self.cfg.resign_moves.max(1) || self.game.move_count() < resign_min_moves(size)
        {
            return false;
        }
        // the judge has the last word: never resign a game it counts as close
        let bmw = self.judged(color).score.result.black_minus_white() as f64 / 2.0;
        let my_lead = if color == Color::Black { bmw } else { -bmw };
        -my_lead >= resign_min_lead(size)
    }

    /// Keep `result` as the game's result while the game stays at the current position.
    pub(super) fn set_result(&mut self, result: String) {
        let at = (self.game.move_count(), self.game.board().hash());
        self.info.result = Some((result, at.0, at.1));
    }

    /// The game's result where known: the one kept for the current position (from the record
    /// or a resignation), else the final count once two passes ended the game.
    pub(super) fn known_result(&mut self) -> Option<String> {
        if let Some((r, n, h)) = &self.info.result {
            if *n == self.game.move_count() && *h == self.game.board().hash() {
                return Some(r.clone());
            }
        }
        self.game
            .is_over()
            .then(|| self.end().score.result.to_string())
    }

    /// Change the rules, keeping the komi.
    pub(super) fn set_rules(&mut self, rules: Rules) {
        let komi = self.game.rules().komi;
        self.game.set_rules(rules.with_komi(komi));
    }

    /// The end of the game in the score mode in force (see the module docs), judged once per
    /// position: the cache is kept while the position, the side to move, the rules, the
    /// captures, the handicap and the mode stay the same.
    pub(super) fn end(&mut self) -> Arc<Count> {
        let key = EndKey {
            hash: self.game.board().hash(),
            to_move: self.game.to_move(),
            rules: *self.game.rules(),
            captures: self.captures(),
            handicap: self.handicap,
            mode: self.cfg.score_mode,
        };
        if let Some((k, e)) = &self.ended {
            if *k == key {
                return Arc::clone(e);
            }
        }
        let e = Arc::new(match key.mode {
            ScoreMode::Judge => self.judged(key.to_move),
            ScoreMode::PassAlive => self.pass_alive_count(),
        });
        self.ended = Some((key, Arc::clone(&e)));
        e
    }

    /// Stones captured by Black and by White.
    fn captures(&self) -> [u32; 2] {
        [
            self.game.captures(Color::Black),
            self.game.captures(Color::White),
        ]
    }

    /// The position to count: the game's, with its handicap and `to_move` to play.
    fn position(&self, to_move: Color) -> Position {
        Position {
            to_move,
            handicap: self.handicap,
            ..Position::of_game(&self.game)
        }
    }

    /// The judge's end of the game ([`tengen::judge`]) with the game's rules, komi, captures
    /// and handicap, and `to_move` to play.
    pub(super) fn judged(&self, to_move: Color) -> Count {
        self.count_with(to_move, DeadStones::Judged(JudgeOptions::default()))
    }

    /// The strict count: only the stones the pass-alive analysis proves dead are removed.
    fn pass_alive_count(&self) -> Count {
        self.count_with(self.game.to_move(), DeadStones::PassAlive(Vec::new()))
    }

    fn count_with(&self, to_move: Color, dead: DeadStones) -> Count {
        // the handicap is checked when set (at most the board's points) and the game's
        // captures cannot exceed the moves played, so the count cannot fail
        count(&self.position(to_move), &dead).expect("a count of a game's position")
    }
}

/// Moves (passes included) a game must have before the engine resigns it: a quarter of the
/// board's points (20 on 9x9, 90 on 19x19).
pub fn resign_min_moves(size: Size) -> usize {
    size.area() / 4
}

/// The judged lead, in points, the opponent must have before the engine resigns: a tenth of
/// the board's points (8.1 on 9x9, 36.1 on 19x19).
pub fn resign_min_lead(size: Size) -> f64 {
    size.area() as f64 / 10.0
}

/// Status of a stone or point at the end: `alive`, `dead`, `seki`, or for an empty point
/// `black_territory`, `white_territory`, `dame`.
pub(super) fn final_status_of(end: &Count, p: Point) -> &'static str {
    match end.status(p) {
        Some(Status::Dead) => "dead",
        Some(Status::Seki) => "seki",
        Some(Status::Alive) => "alive",
        None => match end.score.owner(p) {
            Some(Color::Black) => "black_territory",
            Some(Color::White) => "white_territory",
            None => "dame",
        },
    }
}
