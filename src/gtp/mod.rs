//! A GTP (Go Text Protocol, version 2) engine: the referee and analysis engine GUIs, servers
//! and tournament tools drive.
//!
//! [`Engine::handle_line`] takes one raw input line and returns the complete response
//! (`=id result` or `?id message`, then a blank line), or nothing for a line that is empty
//! after preprocessing (control characters other than tab and newline dropped, tabs turned to
//! spaces, `#` comments removed). [`run`] drives an engine over a reader and a writer, one line
//! at a time, with a cap on the line length; nothing but responses is written to the output.
//!
//! Besides the standard commands it has GNU Go's rules-engine commands (`is_legal`,
//! `list_stones`, `countlib`, ...), KGS's and KataGo's extensions and GoGui's `gogui-rules_*`
//! set, so GoGui can use tengen as its rules authority.
//!
//! # What `final_score` and `final_status_list` decide
//! They are exact, not estimates: the position is counted under the rules in force (area or
//! territory, komi, handicap bonus, seki and group tax; see [`crate::score`]), with the
//! captures made in the game, after removing the stones the pass-alive analysis
//! ([`crate::benson`]) proves dead. They do **not** guess the status of anything else: a stone
//! that is dead only by reading (not inside pass-alive territory) counts as alive, so a game
//! should be played out (or cleaned up with `kgs-genmove_cleanup`) until the dead stones are
//! captured or provably dead. `final_status_list seki` lists the stones next to shared
//! liberties in seki as the scoring module finds them.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::benson::pass_alive;
use crate::mcts::{Search, SearchLimits};
use crate::rules::{Komi, Rules};
use crate::score::{score, Score, ScoreOptions};
use crate::sgf;
use crate::{Board, Color, Game, Move, Point, Preset, Size};

pub use crate::vertex::{Vertex, VertexError, MAX_GTP_SIZE};

/// Longest input line accepted; a longer one is answered with an error and skipped.
pub const MAX_LINE: usize = 64 * 1024;

/// Settings of an engine that are not part of the protocol.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// Playouts per `genmove` (an upper bound when time settings are known).
    pub playouts: u32,
    /// Resign when the estimated win rate of the best move is below this; `None`: never.
    pub resign_threshold: Option<f64>,
    /// Seed of the search's random generator.
    pub seed: u64,
    /// Rules at start and after `clear_board`.
    pub rules: Rules,
}

impl Default for EngineConfig {
    fn default() -> Self {
        EngineConfig {
            playouts: 3000,
            resign_threshold: None,
            seed: 1,
            rules: Preset::Chinese.rules(),
        }
    }
}

/// Time settings and the time left, as GTP reports them.
#[derive(Clone, Copy, Debug, Default)]
struct Clock {
    main: f64,
    byo_time: f64,
    byo_stones: u32,
    /// Seconds and stones left per colour, from `time_left`.
    left: [Option<(f64, u32)>; 2],
}

impl Clock {
    /// Fresh settings: main time, byo-yomi time per period of `byo_stones` stones.
    fn new(main: f64, byo_time: f64, byo_stones: u32) -> Clock {
        Clock {
            main,
            byo_time,
            byo_stones,
            left: [None; 2],
        }
    }

    /// Time to spend on one move, if time settings are known.
    fn budget(&self, color: Color, empties: usize) -> Option<Duration> {
        if self.main == 0.0 && self.byo_time == 0.0 {
            return None;
        }
        let (secs, stones) = self.left[color.index()].unwrap_or((self.main, 0));
        let t = if stones > 0 {
            secs / stones as f64
        } else if self.byo_stones > 0 {
            secs / (empties / 3).max(10) as f64 + self.byo_time / self.byo_stones as f64
        } else {
            secs / (empties / 3).max(10) as f64
        };
        Some(Duration::from_secs_f64((t * 0.8).max(0.01)))
    }
}

/// The commands this engine knows, sorted.
pub const COMMANDS: &[&str] = &[
    "all_legal",
    "boardsize",
    "captures",
    "clear_board",
    "color",
    "countlib",
    "final_score",
    "final_status",
    "final_status_list",
    "findlib",
    "fixed_handicap",
    "genmove",
    "get_handicap",
    "get_komi",
    "gg-undo",
    "gogui-analyze_commands",
    "gogui-play_sequence",
    "gogui-rules_board",
    "gogui-rules_board_size",
    "gogui-rules_captured_count",
    "gogui-rules_final_result",
    "gogui-rules_game_id",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-setup",
    "is_legal",
    "kata-get-rules",
    "kata-set-rules",
    "kgs-game_over",
    "kgs-genmove_cleanup",
    "kgs-rules",
    "kgs-time_settings",
    "known_command",
    "komi",
    "last_move",
    "list_commands",
    "list_stones",
    "loadsgf",
    "move_history",
    "name",
    "place_free_handicap",
    "play",
    "printsgf",
    "protocol_version",
    "query_boardsize",
    "quit",
    "rectangular_boardsize",
    "reg_genmove",
    "set_free_handicap",
    "showboard",
    "tengen-pass_alive_gfx",
    "tengen-territory_gfx",
    "time_left",
    "time_settings",
    "unconditional_status",
    "undo",
    "version",
];

/// A GTP engine: a game under rules, and the search that plays it.
pub struct Engine {
    cfg: EngineConfig,
    game: Game,
    handicap: u32,
    search: Option<Search>,
    clock: Clock,
    quit: bool,
}

type Reply = Result<String, String>;

fn syntax(msg: &str) -> String {
    format!("syntax error: {msg}")
}

/// Drop control characters other than tab and newline, turn tabs into spaces, cut `#`
/// comments, trim.
pub fn preprocess(line: &str) -> String {
    let no_comment = line.split('#').next().unwrap_or("");
    no_comment
        .chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect::<String>()
        .trim()
        .to_string()
}

fn parse_color(s: &str) -> Result<Color, String> {
    match s.to_ascii_lowercase().as_str() {
        "b" | "black" => Ok(Color::Black),
        "w" | "white" => Ok(Color::White),
        _ => Err(syntax(&format!("invalid color {s:?}"))),
    }
}

/// Standard handicap points (GNU Go's and the GTP specification's order) for a board of side
/// `n`, or `None` when `count` stones cannot be placed that way.
pub fn fixed_handicap_points(width: usize, height: usize, count: usize) -> Option<Vec<Point>> {
    if width != height || !(2..=9).contains(&count) || !(7..=MAX_GTP_SIZE).contains(&width) {
        return None;
    }
    let n = width;
    let max = if n % 2 == 0 || n == 7 { 4 } else { 9 };
    if count > max {
        return None;
    }
    let e = if n >= 13 { 3 } else { 2 } as u8;
    let (lo, hi, mid) = (e, n as u8 - 1 - e, (n / 2) as u8);
    // GTP rows count from the bottom; our y counts from the top
    let p = |x: u8, y_from_bottom: u8| Point::new(x, n as u8 - 1 - y_from_bottom);
    let mut pts = vec![p(lo, lo), p(hi, hi)];
    if count >= 3 {
        pts.push(p(hi, lo));
    }
    if count >= 4 {
        pts.push(p(lo, hi));
    }
    if count == 5 || count == 7 || count == 9 {
        pts.push(p(mid, mid));
    }
    if count >= 6 {
        pts.push(p(lo, mid));
        pts.push(p(hi, mid));
    }
    if count >= 8 {
        pts.push(p(mid, lo));
        pts.push(p(mid, hi));
    }
    pts.truncate(count);
    Some(pts)
}

impl Engine {
    /// A new engine on an empty 19×19 board.
    pub fn new(cfg: EngineConfig) -> Engine {
        let size = Size::square(19).expect("19 is a valid size");
        Engine {
            game: Game::new(size, cfg.rules),
            cfg,
            handicap: 0,
            search: None,
            clock: Clock::default(),
            quit: false,
        }
    }

    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` has been received.
    pub fn wants_quit(&self) -> bool {
        self.quit
    }

    /// Answer one raw input line: the full response text, or `None` for a line that is empty
    /// after preprocessing.
    pub fn handle_line(&mut self, raw: &str) -> Option<String> {
        let line = preprocess(raw);
        if line.is_empty() {
            return None;
        }
        let mut words = line.split(' ').filter(|w| !w.is_empty());
        let first = words.next()?;
        let (id, name) = if first.bytes().all(|b| b.is_ascii_digit()) {
            (Some(first), words.next())
        } else {
            (None, Some(first))
        };
        let args: Vec<&str> = words.collect();
        let reply = match name {
            Some(n) => self.execute(n, &args),
            None => Err("missing command".to_string()),
        };
        let id = id.unwrap_or("");
        Some(match reply {
            Ok(r) if r.is_empty() => format!("={id}\n\n"),
            Ok(r) => format!("={id} {r}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        })
    }

    fn size(&self) -> Size {
        self.game.board().size()
    }

    fn vertex(&self, s: &str) -> Result<Move, String> {
        Vertex::parse(s, self.size())
            .map(|v| v.mv)
            .map_err(|e| syntax(&e.to_string()))
    }

    fn point_arg(&self, s: &str) -> Result<Point, String> {
        match self.vertex(s)? {
            Move::Play(p) => Ok(p),
            Move::Pass => Err(syntax("a vertex on the board is required, not pass")),
        }
    }

    fn fmt_move(&self, mv: Move) -> String {
        Vertex {
            mv,
            height: self.size().height() as u8,
        }
        .to_string()
    }

    fn fmt_points(&self, mut pts: Vec<Point>) -> String {
        pts.sort_unstable_by_key(|p| (p.x, std::cmp::Reverse(p.y)));
        pts.iter()
            .map(|&p| self.fmt_move(Move::Play(p)))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn new_game(&mut self, size: Size) {
        let rules = *self.game.rules();
        self.game = Game::new(size, rules);
        self.handicap = 0;
    }

    fn args_n(args: &[&str], n: usize) -> Result<(), String> {
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

    fn set_board_size(&mut self, w: &str, h: &str) -> Reply {
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

    fn place_handicap(&mut self, pts: &[Point]) -> Reply {
        if self.game.board().empty_count() != self.size().area() || self.game.move_count() > 0 {
            return Err("board not empty".into());
        }
        let mut b = Board::new(self.size());
        b.edit(pts.iter().map(|&p| (p, Some(Color::Black))));
        let rules = *self.game.rules();
        self.game = Game::from_board(b, Color::White, rules);
        self.handicap = pts.len() as u32;
        Ok(String::new())
    }

    fn search_move(&mut self, color: Color, cleanup: bool) -> (Move, f64) {
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

    fn genmove(&mut self, args: &[&str], commit: bool, cleanup: bool) -> Reply {
        Engine::args_n(args, 1)?;
        let color = parse_color(args[0])?;
        let (mv, win) = self.search_move(color, cleanup);
        if let Some(t) = self.cfg.resign_threshold {
            if win < t && mv != Move::Pass {
                return Ok("resign".into());
            }
        }
        if commit {
            self.game
                .play_as(color, mv)
                .map_err(|e| format!("internal error: generated an illegal move ({e})"))?;
        }
        Ok(self.fmt_move(mv))
    }

    fn board_rows(&self) -> Vec<String> {
        let b = self.game.board();
        (0..b.height())
            .map(|y| {
                (0..b.width())
                    .map(|x| match b.get(Point::new(x as u8, y as u8)) {
                        Some(Color::Black) => "X",
                        Some(Color::White) => "O",
                        None => ".",
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    /// The board in tengen's one text picture ([`TextStyle::board`]), the last move in
    /// parentheses, then the captures.
    fn showboard(&self) -> String {
        let last = match self.game.last_move().map(|m| m.mv) {
            Some(Move::Play(p)) => Some(p),
            _ => None,
        };
        let picture = crate::formats::text::render(
            self.game.board(),
            crate::formats::text::TextStyle::board().with_last(last),
            |_| None,
        );
        format!(
            "\n{}captures: black {} white {}",
            picture,
            self.game.captures(Color::Black),
            self.game.captures(Color::White)
        )
    }

    fn parse_color_vertex_pairs(&self, args: &[&str]) -> Result<Vec<(Color, Move)>, String> {
        if args.len() % 2 != 0 {
            return Err(syntax("expected colour and vertex pairs"));
        }
        args.chunks(2)
            .map(|c| Ok((parse_color(c[0])?, self.vertex(c[1])?)))
            .collect()
    }

    fn set_rules(&mut self, rules: Rules) {
        let komi = self.game.rules().komi;
        self.game.set_rules(rules.with_komi(komi));
    }

    fn execute(&mut self, name: &str, args: &[&str]) -> Reply {
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("tengen".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => {
                Engine::args_n(args, 1)?;
                Ok(COMMANDS.contains(&args[0]).to_string())
            }
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => match args {
                [n] => self.set_board_size(n, n),
                [w, h] => self.set_board_size(w, h),
                _ => Err(syntax("expected a size")),
            },
            "rectangular_boardsize" => {
                Engine::args_n(args, 2)?;
                self.set_board_size(args[0], args[1])
            }
            "query_boardsize" => {
                let s = self.size();
                if s.width() == s.height() {
                    Ok(s.width().to_string())
                } else {
                    Ok(format!("{} {}", s.width(), s.height()))
                }
            }
            "clear_board" => {
                self.new_game(self.size());
                Ok(String::new())
            }
            "komi" => {
                Engine::args_n(args, 1)?;
                let k: Komi = args[0]
                    .parse()
                    .map_err(|_| syntax("komi must be a whole or half number"))?;
                let r = self.game.rules().with_komi(k);
                self.game.set_rules(r);
                Ok(String::new())
            }
            "get_komi" => Ok(self.game.rules().komi.to_string()),
            "get_handicap" => Ok(self.handicap.to_string()),
            "play" => {
                Engine::args_n(args, 2)?;
                let color = parse_color(args[0])?;
                let mv = self.vertex(args[1])?;
                self.game
                    .play_as(color, mv)
                    .map_err(|_| "illegal move".to_string())?;
                Ok(String::new())
            }
            "genmove" => self.genmove(args, true, false),
            "kgs-genmove_cleanup" => self.genmove(args, true, true),
            "reg_genmove" => self.genmove(args, false, false),
            "undo" => {
                Engine::args_n(args, 0)?;
                self.game
                    .undo()
                    .map(|_| String::new())
                    .ok_or_else(|| "cannot undo".to_string())
            }
            "gg-undo" => {
                let n = match args {
                    [] => 1,
                    [n] => n
                        .parse::<usize>()
                        .map_err(|_| syntax("expected a number"))?,
                    _ => return Err(syntax("expected at most one number")),
                };
                if n > self.game.move_count() {
                    return Err("cannot undo".into());
                }
                for _ in 0..n {
                    self.game.undo();
                }
                Ok(String::new())
            }
            "fixed_handicap" => {
                Engine::args_n(args, 1)?;
                let n: usize = args[0]
                    .parse()
                    .map_err(|_| "invalid number of stones".to_string())?;
                let s = self.size();
                let pts = fixed_handicap_points(s.width(), s.height(), n)
                    .ok_or_else(|| "invalid number of stones".to_string())?;
                self.place_handicap(&pts)?;
                Ok(self.fmt_points(pts))
            }
            "place_free_handicap" => {
                Engine::args_n(args, 1)?;
                let n: usize = args[0]
                    .parse()
                    .map_err(|_| "invalid number of stones".to_string())?;
                let s = self.size();
                if n < 2 || n >= s.area() {
                    return Err("invalid number of stones".into());
                }
                let mut pts = fixed_handicap_points(s.width(), s.height(), n.min(9))
                    .filter(|_| n <= 9)
                    .unwrap_or_default();
                // beyond the standard points: spread the rest, best first by search
                if pts.len() < n {
                    self.place_handicap(&[])?;
                    let mut g = self.game.clone();
                    g.set_to_move(Color::Black);
                    let mut search = Search::new(g.board(), self.cfg.seed);
                    for p in &pts {
                        let _ = g.play_as(Color::Black, Move::Play(*p));
                    }
                    while pts.len() < n {
                        g.set_to_move(Color::Black);
                        let lim = SearchLimits {
                            playouts: (self.cfg.playouts / 4).max(50),
                            time: None,
                        };
                        match search.run(&g, lim, true).mv {
                            Move::Play(p) => {
                                let _ = g.play_as(Color::Black, Move::Play(p));
                                pts.push(p);
                            }
                            Move::Pass => break,
                        }
                    }
                }
                self.place_handicap(&pts)?;
                Ok(self.fmt_points(pts))
            }
            "set_free_handicap" => {
                let s = self.size();
                if args.len() < 2 || args.len() >= s.area() {
                    return Err("bad vertex list".into());
                }
                let mut pts = Vec::new();
                for a in args {
                    match Vertex::parse(a, s).map(|v| v.mv) {
                        Ok(Move::Play(p)) if !pts.contains(&p) => pts.push(p),
                        _ => return Err("bad vertex list".into()),
                    }
                }
                self.place_handicap(&pts)
            }
            "showboard" => Ok(self.showboard()),
            "time_settings" => {
                Engine::args_n(args, 3)?;
                let main: f64 = args[0].parse().map_err(|_| syntax("expected numbers"))?;
                let byo: f64 = args[1].parse().map_err(|_| syntax("expected numbers"))?;
                let stones: u32 = args[2].parse().map_err(|_| syntax("expected numbers"))?;
                if !(main >= 0.0 && byo >= 0.0 && main.is_finite() && byo.is_finite()) {
                    return Err(syntax("times must be non-negative"));
                }
                self.clock = Clock::new(main, byo, stones);
                Ok(String::new())
            }
            "kgs-time_settings" => {
                let num = |s: &str| -> Result<f64, String> {
                    s.parse::<f64>()
                        .ok()
                        .filter(|v| v.is_finite() && *v >= 0.0)
                        .ok_or_else(|| syntax("expected numbers"))
                };
                let (main, byo, stones) = match args {
                    ["none"] => (0.0, 0.0, 0),
                    ["absolute", m] => (num(m)?, 0.0, 0),
                    ["byoyomi", m, t, _periods] => (num(m)?, num(t)?, 1),
                    ["canadian", m, t, s] => (num(m)?, num(t)?, num(s)? as u32),
                    _ => return Err(syntax("expected none, absolute, byoyomi or canadian")),
                };
                self.clock = Clock::new(main, byo, stones);
                Ok(String::new())
            }
            "time_left" => {
                Engine::args_n(args, 3)?;
                let c = parse_color(args[0])?;
                let t: f64 = args[1].parse().map_err(|_| syntax("expected a time"))?;
                let s: u32 = args[2].parse().map_err(|_| syntax("expected stones"))?;
                if !(t.is_finite() && t >= 0.0) {
                    return Err(syntax("time must be non-negative"));
                }
                self.clock.left[c.index()] = Some((t, s));
                Ok(String::new())
            }
            "is_legal" => {
                Engine::args_n(args, 2)?;
                let c = parse_color(args[0])?;
                let mv = self.vertex(args[1])?;
                Ok(if self.game.is_legal(c, mv) { "1" } else { "0" }.into())
            }
            "all_legal" => {
                Engine::args_n(args, 1)?;
                let c = parse_color(args[0])?;
                Ok(self.fmt_points(self.game.legal_moves_for(c)))
            }
            "list_stones" => {
                Engine::args_n(args, 1)?;
                let c = parse_color(args[0])?;
                let b = self.game.board();
                let pts = b.size().points().filter(|&p| b.get(p) == Some(c)).collect();
                Ok(self.fmt_points(pts))
            }
            "captures" => {
                Engine::args_n(args, 1)?;
                let c = parse_color(args[0])?;
                Ok(self.game.captures(c).to_string())
            }
            "color" => {
                Engine::args_n(args, 1)?;
                let p = self.point_arg(args[0])?;
                Ok(self.game.board().get(p).map_or("empty", Color::name).into())
            }
            "countlib" => {
                Engine::args_n(args, 1)?;
                let p = self.point_arg(args[0])?;
                self.game
                    .board()
                    .liberties(p)
                    .map(|n| n.to_string())
                    .ok_or_else(|| "vertex must not be empty".to_string())
            }
            "findlib" => {
                Engine::args_n(args, 1)?;
                let p = self.point_arg(args[0])?;
                let ch = self
                    .game
                    .board()
                    .chain(p)
                    .ok_or_else(|| "vertex must not be empty".to_string())?;
                Ok(self.fmt_points(ch.liberties))
            }
            "last_move" => match self.game.last_move() {
                Some(m) => Ok(format!("{} {}", m.color, self.fmt_move(m.mv))),
                None => Err("no previous move known".into()),
            },
            "move_history" => {
                let moves: Vec<_> = self.game.moves().collect();
                Ok(moves
                    .iter()
                    .rev()
                    .map(|m| format!("{} {}", m.color, self.fmt_move(m.mv)))
                    .collect::<Vec<_>>()
                    .join("\n"))
            }
            "kgs-rules" => {
                Engine::args_n(args, 1)?;
                let preset = match args[0].to_ascii_lowercase().as_str() {
                    "japanese" => Preset::Japanese,
                    "chinese" => Preset::Chinese,
                    "aga" => Preset::Aga,
                    "new_zealand" => Preset::NewZealand,
                    _ => return Err(format!("unknown rules {:?}", args[0])),
                };
                self.set_rules(preset.rules());
                Ok(String::new())
            }
            "kata-set-rules" => {
                Engine::args_n(args, 1)?;
                let r = Rules::from_name(args[0]).map_err(|e| e.to_string())?;
                self.set_rules(r);
                Ok(String::new())
            }
            "kata-get-rules" => {
                let r = self.game.rules();
                Ok(match r.preset() {
                    Some(p) => p.name().to_string(),
                    None => serde_json::to_string(r).map_err(|e| e.to_string())?,
                })
            }
            "kgs-game_over" => Ok(String::new()),
            "gogui-setup" => {
                let pairs = self.parse_color_vertex_pairs(args)?;
                if self.game.move_count() > 0 {
                    return Err("setup is only allowed before the first move".into());
                }
                let mut b = self.game.board().clone();
                let mut edits = Vec::new();
                for (c, mv) in pairs {
                    match mv {
                        Move::Play(p) => edits.push((p, Some(c))),
                        Move::Pass => return Err(syntax("setup stones need a vertex")),
                    }
                }
                b.edit(edits);
                if !b.chains_without_liberties().is_empty() {
                    return Err("setup leaves a chain without liberties".into());
                }
                let rules = *self.game.rules();
                let to_move = self.game.to_move();
                self.game = Game::from_board(b, to_move, rules);
                Ok(String::new())
            }
            "gogui-play_sequence" => {
                let pairs = self.parse_color_vertex_pairs(args)?;
                let mut g = self.game.clone();
                for (c, mv) in pairs {
                    g.play_as(c, mv).map_err(|_| "illegal move".to_string())?;
                }
                self.game = g;
                Ok(String::new())
            }
            "final_score" => {
                Engine::args_n(args, 0)?;
                Ok(self.final_count().result.to_string())
            }
            "final_status_list" => {
                Engine::args_n(args, 1)?;
                let count = self.final_count();
                let b = self.game.board();
                let dead = pass_alive(b, self.game.rules().multi_stone_suicide).dead_stones(b);
                let want = args[0].to_ascii_lowercase();
                if !matches!(want.as_str(), "alive" | "dead" | "seki") {
                    return Err(syntax("expected alive, dead or seki"));
                }
                let pts = b
                    .size()
                    .points()
                    .filter(|&p| b.get(p).is_some())
                    .filter(|&p| self.final_status_of(&count, &dead, p) == want)
                    .collect();
                Ok(self.fmt_points(pts))
            }
            "final_status" => {
                Engine::args_n(args, 1)?;
                let p = self.point_arg(args[0])?;
                let count = self.final_count();
                let b = self.game.board();
                let dead = pass_alive(b, self.game.rules().multi_stone_suicide).dead_stones(b);
                Ok(self.final_status_of(&count, &dead, p).into())
            }
            "unconditional_status" => {
                Engine::args_n(args, 1)?;
                let p = self.point_arg(args[0])?;
                let b = self.game.board();
                let pa = pass_alive(b, self.game.rules().multi_stone_suicide);
                Ok(match (b.get(p), pa.territory(p)) {
                    (Some(_), _) if pa.is_pass_alive(p) => "alive",
                    (Some(c), Some(t)) if t != c => "dead",
                    (None, Some(Color::Black)) => "black_territory",
                    (None, Some(Color::White)) => "white_territory",
                    _ => "undecided",
                }
                .into())
            }
            "gogui-analyze_commands" => Ok([
                "gfx/Territory/tengen-territory_gfx",
                "gfx/Pass-alive/tengen-pass_alive_gfx",
                "string/Final score/final_score",
                "plist/Dead stones/final_status_list dead",
            ]
            .join("\n")),
            "tengen-territory_gfx" => {
                let t = crate::territory::territories(self.game.board());
                Ok(self.gfx(t.black, t.white, Vec::new()))
            }
            "tengen-pass_alive_gfx" => {
                let b = self.game.board();
                let pa = pass_alive(b, self.game.rules().multi_stone_suicide);
                let mut black = pa.alive_stones(Color::Black);
                black.extend(pa.territory_points(Color::Black));
                let mut white = pa.alive_stones(Color::White);
                white.extend(pa.territory_points(Color::White));
                Ok(self.gfx(black, white, pa.dead_stones(b)))
            }
            "loadsgf" => {
                let (file, until) = match args {
                    [f] => (*f, None),
                    [f, n] => (
                        *f,
                        Some(
                            n.parse::<usize>()
                                .map_err(|_| syntax("move number expected"))?,
                        ),
                    ),
                    _ => return Err(syntax("expected a file name and an optional move number")),
                };
                self.load_sgf(file, until)
                    .map_err(|e| format!("cannot load file: {e}"))?;
                Ok(self.game.to_move().name().into())
            }
            "printsgf" => {
                let text = self.to_sgf();
                match args {
                    [] => Ok(text.trim_end().to_string()),
                    [f] => std::fs::write(f, text.as_bytes())
                        .map(|_| String::new())
                        .map_err(|e| format!("cannot write file: {e}")),
                    _ => Err(syntax("expected at most a file name")),
                }
            }
            "gogui-rules_game_id" => Ok("Go".into()),
            "gogui-rules_board_size" => Ok(self.size().width().to_string()),
            "gogui-rules_board" => Ok(self.board_rows().join("\n")),
            "gogui-rules_side_to_move" => Ok(self.game.to_move().name().into()),
            "gogui-rules_captured_count" => Ok(format!(
                "{} {}",
                self.game.captures(Color::White),
                self.game.captures(Color::Black)
            )),
            "gogui-rules_legal_moves" => {
                if self.game.is_over() {
                    return Ok(String::new());
                }
                let mut s = self.fmt_points(self.game.legal_moves());
                if !s.is_empty() {
                    s.push(' ');
                }
                s.push_str("pass");
                Ok(s)
            }
            "gogui-rules_final_result" => {
                if !self.game.is_over() {
                    return Ok("unknown".into());
                }
                Ok(self.area_result())
            }
            _ => Err("unknown command".into()),
        }
    }

    /// Load the main line of an SGF file: setup, komi, handicap, rules, side to move, and the
    /// moves before move number `until` (all of them without it).
    fn load_sgf(&mut self, file: &str, until: Option<usize>) -> Result<(), String> {
        let len = std::fs::metadata(file).map_err(|e| e.to_string())?.len();
        if len > sgf::MAX_FILE_BYTES {
            return Err(format!(
                "file is {len} bytes, more than the limit of {} bytes",
                sgf::MAX_FILE_BYTES
            ));
        }
        let bytes = std::fs::read(file).map_err(|e| e.to_string())?;
        let parsed = sgf::parse(&bytes, sgf::Mode::Lenient).map_err(|e| e.to_string())?;
        let coll = parsed.collection;
        let root = *coll.roots().first().ok_or("no game in the file")?;
        let size = match coll.node(root).value("SZ") {
            Some(v) => sgf::parse_size(v).ok_or("invalid SZ")?,
            None => Size::square(19).map_err(|e| e.to_string())?,
        };
        if size.width() > MAX_GTP_SIZE || size.height() > MAX_GTP_SIZE {
            return Err(format!("board {size} is larger than GTP vertices allow"));
        }
        let mut rules = *self.game.rules();
        if let Some(ru) = coll.simple_text(root, "RU") {
            if let Ok(r) = Rules::from_name(ru.trim()) {
                rules = r.with_komi(rules.komi);
            }
        }
        if let Some(km) = coll.simple_text(root, "KM") {
            rules.komi = km
                .trim()
                .parse()
                .map_err(|_| format!("invalid KM {km:?}"))?;
        }
        let handicap = coll
            .simple_text(root, "HA")
            .and_then(|h| h.trim().parse::<u32>().ok())
            .unwrap_or(0);
        let mut game = Game::new(size, rules);
        let mut played = 0usize;
        let limit = until.map_or(usize::MAX, |n| n.saturating_sub(1));
        for id in coll.main_line(root) {
            let node = coll.node(id);
            let mut edits = Vec::new();
            for (prop, color) in [
                ("AB", Some(Color::Black)),
                ("AW", Some(Color::White)),
                ("AE", None),
            ] {
                if let Some(p) = node.get(prop) {
                    for v in &p.values {
                        if !sgf::for_each_listed_point(v, |q| edits.push((q, color))) {
                            return Err(format!("invalid point list in {prop}"));
                        }
                    }
                }
            }
            if !edits.is_empty() {
                // setup: the position so far becomes the start of a new history
                let mut b = game.board().clone();
                b.edit(edits);
                let (caps, to_move) = (
                    [game.captures(Color::Black), game.captures(Color::White)],
                    game.to_move(),
                );
                game = Game::from_board(b, to_move, rules);
                game.add_captures(Color::Black, caps[0]);
                game.add_captures(Color::White, caps[1]);
                if played == 0 && handicap > 0 {
                    game.set_to_move(Color::White);
                }
            }
            if let Some(pl) = node.value("PL") {
                let c = parse_color(&String::from_utf8_lossy(pl)).map_err(|_| "invalid PL")?;
                game.set_to_move(c);
            }
            for (prop, color) in [("B", Color::Black), ("W", Color::White)] {
                if let Some(v) = node.value(prop) {
                    if played >= limit {
                        continue;
                    }
                    let mv = sgf::parse_move(v, size).ok_or("invalid move")?;
                    game.play_as(color, mv)
                        .map_err(|e| format!("move {}: {e}", played + 1))?;
                    played += 1;
                }
            }
        }
        self.game = game;
        self.handicap = handicap;
        Ok(())
    }

    /// The game as an SGF record: the start position as setup, then the moves.
    fn to_sgf(&self) -> String {
        let mut start = self.game.clone();
        while start.undo().is_some() {}
        let b = start.board();
        let size = b.size();
        let r = self.game.rules();
        let mut out = String::from("(;GM[1]FF[4]CA[UTF-8]AP[tengen]");
        if size.width() == size.height() {
            out.push_str(&format!("SZ[{}]", size.width()));
        } else {
            out.push_str(&format!("SZ[{}:{}]", size.width(), size.height()));
        }
        out.push_str(&format!("KM[{}]", r.komi));
        if let Some(p) = r.preset() {
            out.push_str(&format!("RU[{}]", p.name()));
        }
        if self.handicap > 0 {
            out.push_str(&format!("HA[{}]", self.handicap));
        }
        for (prop, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let pts: Vec<String> = size
                .points()
                .filter(|&p| b.get(p) == Some(color))
                .map(|p| format!("[{}]", sgf::point_to_sgf(p)))
                .collect();
            if !pts.is_empty() {
                out.push_str(prop);
                out.push_str(&pts.concat());
            }
        }
        // who moves first, when it is not Black
        let first = self
            .game
            .moves()
            .next()
            .map_or(start.to_move(), |m| m.color);
        if first == Color::White {
            out.push_str("PL[W]");
        }
        for m in self.game.moves() {
            let c = if m.color == Color::Black { "B" } else { "W" };
            let v = match m.mv {
                Move::Pass => String::new(),
                Move::Play(p) => sgf::point_to_sgf(p),
            };
            out.push_str(&format!(";{c}[{v}]"));
        }
        out.push_str(")\n");
        out
    }

    /// The exact count of the current position (see the module docs).
    fn final_count(&self) -> Score {
        let mut opts = ScoreOptions::new(*self.game.rules());
        opts.captures = [
            self.game.captures(Color::Black),
            self.game.captures(Color::White),
        ];
        opts.handicap = self.handicap;
        opts.pass_alive = true;
        // no dead stones are given, so the count cannot fail
        score(self.game.board(), &opts).expect("a count without given dead stones")
    }

    /// Status of a stone or point at the end: `alive`, `dead`, `seki`, or for an empty point
    /// `black_territory`, `white_territory`, `dame`.
    fn final_status_of(&self, count: &Score, dead: &[Point], p: Point) -> &'static str {
        let b = self.game.board();
        match b.get(p) {
            Some(_) if dead.contains(&p) => "dead",
            Some(_) if self.in_seki(count, p) => "seki",
            Some(_) => "alive",
            None => match count.owner(p) {
                Some(Color::Black) => "black_territory",
                Some(Color::White) => "white_territory",
                None => "dame",
            },
        }
    }

    /// A stone is in seki when a neighbouring empty point is a seki point of the count.
    fn in_seki(&self, count: &Score, p: Point) -> bool {
        let b = self.game.board();
        let (x, y) = (p.x as i64, p.y as i64);
        [(x - 1, y), (x + 1, y), (x, y - 1), (x, y + 1)]
            .iter()
            .filter_map(|&(a, c)| b.size().point(a, c))
            .any(|q| b.get(q).is_none() && count.is_seki(q))
    }

    fn gfx(&self, black: Vec<Point>, white: Vec<Point>, marks: Vec<Point>) -> String {
        let mut lines = Vec::new();
        for (label, pts) in [("BLACK", black), ("WHITE", white), ("MARK", marks)] {
            if !pts.is_empty() {
                lines.push(format!("{label} {}", self.fmt_points(pts)));
            }
        }
        lines.join("\n")
    }

    /// The result of the exact count (`B+3.5`, `W+0.5`, `0`).
    fn area_result(&mut self) -> String {
        self.final_count().result.to_string()
    }
}

/// Format a score difference in half points (Black minus White) as `B+x`, `W+x` or `0`.
pub fn format_result(diff2: i32) -> String {
    let k = Komi::from_half_points(diff2.abs());
    match diff2.signum() {
        1 => format!("B+{k}"),
        -1 => format!("W+{k}"),
        _ => "0".into(),
    }
}

/// Read one line of at most [`MAX_LINE`] bytes; `Ok(None)` at the end of the input,
/// `Ok(Some(Err(())))` for a line that was too long (its rest is skipped).
fn read_line_limited<R: BufRead>(
    r: &mut R,
    buf: &mut Vec<u8>,
) -> io::Result<Option<Result<(), ()>>> {
    buf.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = r.fill_buf()?;
        if chunk.is_empty() {
            return Ok(if any {
                Some(if too_long { Err(()) } else { Ok(()) })
            } else {
                None
            });
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > MAX_LINE {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        r.consume(take);
        if done {
            return Ok(Some(if too_long { Err(()) } else { Ok(()) }));
        }
    }
}

/// Serve GTP: answer each line of `input` on `output` until `quit` or the end of the input.
///
/// # Errors
/// Read or write errors.
pub fn run<R: BufRead, W: Write>(
    engine: &mut Engine,
    mut input: R,
    mut output: W,
) -> io::Result<()> {
    let mut buf = Vec::new();
    while let Some(line) = read_line_limited(&mut input, &mut buf)? {
        let response = match line {
            Ok(()) => engine.handle_line(&String::from_utf8_lossy(&buf)),
            Err(()) => Some(format!("? line longer than {MAX_LINE} bytes\n\n")),
        };
        if let Some(r) = response {
            output.write_all(r.as_bytes())?;
            output.flush()?;
        }
        if engine.wants_quit() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn engine() -> Engine {
        Engine::new(EngineConfig {
            playouts: 200,
            ..EngineConfig::default()
        })
    }

    fn ask(e: &mut Engine, line: &str) -> String {
        e.handle_line(line).unwrap()
    }

    #[test]
    fn ids_and_errors() {
        let mut e = engine();
        assert_eq!(ask(&mut e, "1 protocol_version"), "=1 2\n\n");
        assert_eq!(ask(&mut e, "frobnicate"), "? unknown command\n\n");
        assert_eq!(ask(&mut e, "7 boardsize 99"), "?7 unacceptable size\n\n");
        assert_eq!(e.handle_line("   # just a comment"), None);
        assert_eq!(ask(&mut e, "2\tname # trailing"), "=2 tengen\n\n");
        assert_eq!(
            ask(&mut e, "\x01\x02list_commands").lines().count(),
            COMMANDS.len() + 1
        );
    }

    #[test]
    fn showboard_is_the_shared_text_picture() {
        let mut e = engine();
        ask(&mut e, "boardsize 7");
        ask(&mut e, "play b c3");
        ask(&mut e, "play w g7");
        let want = "= \n  A B C D E F G\n7 . . . . . .(O)7\n6 . . . . . . . 6\n\
                    5 . . + . + . . 5\n4 . . . + . . . 4\n3 . . X . + . . 3\n\
                    2 . . . . . . . 2\n1 . . . . . . . 1\n  A B C D E F G\n\
                    captures: black 0 white 0\n\n";
        assert_eq!(ask(&mut e, "showboard"), want);
    }

    #[test]
    fn play_capture_undo() {
        let mut e = engine();
        ask(&mut e, "boardsize 5");
        for cmd in ["play b a2", "play w a1", "play b b1"] {
            assert_eq!(ask(&mut e, cmd), "= \n\n".replace(" \n", "\n"));
        }
        assert_eq!(ask(&mut e, "captures black"), "= 1\n\n");
        assert_eq!(ask(&mut e, "color a1"), "= empty\n\n");
        assert_eq!(ask(&mut e, "countlib b1"), "= 3\n\n");
        assert_eq!(ask(&mut e, "findlib a2"), "= A1 A3 B2\n\n");
        assert_eq!(ask(&mut e, "play w a1"), "? illegal move\n\n");
        assert_eq!(ask(&mut e, "last_move"), "= black B1\n\n");
        ask(&mut e, "undo");
        assert_eq!(ask(&mut e, "color a1"), "= white\n\n");
        assert_eq!(ask(&mut e, "captures black"), "= 0\n\n");
        ask(&mut e, "undo");
        ask(&mut e, "undo");
        assert_eq!(ask(&mut e, "undo"), "? cannot undo\n\n");
    }

    #[test]
    fn handicap() {
        let mut e = engine();
        assert_eq!(ask(&mut e, "fixed_handicap 4"), "= D4 D16 Q4 Q16\n\n");
        assert_eq!(ask(&mut e, "fixed_handicap 2"), "? board not empty\n\n");
        assert_eq!(ask(&mut e, "get_handicap"), "= 4\n\n");
        ask(&mut e, "clear_board");
        assert_eq!(
            ask(&mut e, "fixed_handicap 10"),
            "? invalid number of stones\n\n"
        );
        assert_eq!(
            ask(&mut e, "set_free_handicap a1 a1"),
            "? bad vertex list\n\n"
        );
        assert_eq!(ask(&mut e, "set_free_handicap a1 b2"), "=\n\n");
        assert_eq!(ask(&mut e, "list_stones black"), "= A1 B2\n\n");
        ask(&mut e, "boardsize 9");
        let r = ask(&mut e, "place_free_handicap 12");
        assert_eq!(
            r.trim_start_matches("= ").split_whitespace().count(),
            12,
            "{r}"
        );
    }

    #[test]
    fn genmove_is_legal_and_played() {
        let mut e = engine();
        ask(&mut e, "boardsize 7");
        for _ in 0..6 {
            let r = ask(&mut e, "genmove b");
            assert!(r.starts_with("= "), "{r}");
            let r = ask(&mut e, "genmove w");
            assert!(r.starts_with("= "), "{r}");
        }
        assert_eq!(e.game().move_count(), 12);
        e.game().board().check_consistency().unwrap();
    }

    #[test]
    fn play_sequence_is_atomic() {
        let mut e = engine();
        ask(&mut e, "boardsize 5");
        assert_eq!(
            ask(&mut e, "gogui-play_sequence b a1 w a1"),
            "? illegal move\n\n"
        );
        assert_eq!(ask(&mut e, "list_stones black"), "=\n\n");
        assert_eq!(ask(&mut e, "gogui-play_sequence b a1 w b1"), "=\n\n");
        assert_eq!(ask(&mut e, "gogui-rules_side_to_move"), "= black\n\n");
    }

    #[test]
    fn final_score_and_status() {
        let mut e = engine();
        ask(&mut e, "boardsize 5");
        ask(&mut e, "komi 0.5");
        // black wall on column C, white on column D: black 3 columns, white 2
        for y in 1..=5 {
            ask(&mut e, &format!("play b c{y}"));
            ask(&mut e, &format!("play w d{y}"));
        }
        assert_eq!(ask(&mut e, "final_score"), "= B+4.5\n\n");
        assert_eq!(ask(&mut e, "final_status a1"), "= black_territory\n\n");
        assert_eq!(ask(&mut e, "final_status d3"), "= alive\n\n");
        assert_eq!(ask(&mut e, "final_status_list dead"), "=\n\n");
        // a single wall has no eyes: nothing is proved
        assert_eq!(ask(&mut e, "unconditional_status c3"), "= undecided\n\n");

        // Black's top-edge group with two eyes; a white stone in the bigger eye.
        ask(&mut e, "boardsize 7");
        ask(&mut e, "komi 7.5");
        let setup = "gogui-setup b d7 b f7 b a6 b b6 b c6 b d6 b e6 b f6 w g7 w g6 \
                     w a5 w b5 w c5 w d5 w e5 w f5 w g5 w b7";
        assert_eq!(ask(&mut e, setup), "=\n\n");
        assert_eq!(ask(&mut e, "unconditional_status d6"), "= alive\n\n");
        assert_eq!(
            ask(&mut e, "unconditional_status a7"),
            "= black_territory\n\n"
        );
        assert_eq!(ask(&mut e, "unconditional_status b7"), "= dead\n\n");
        assert_eq!(ask(&mut e, "unconditional_status a5"), "= undecided\n\n");
        assert_eq!(ask(&mut e, "final_status b7"), "= dead\n\n");
        assert_eq!(ask(&mut e, "final_status_list dead"), "= B7\n\n");
        // black 8 stones + 4 points; white 9 stones + 28 points + 7.5
        assert_eq!(ask(&mut e, "final_score"), "= W+32.5\n\n");
        let gfx = ask(&mut e, "tengen-pass_alive_gfx");
        assert!(gfx.contains("MARK B7"), "{gfx}");
    }

    #[test]
    fn printsgf_loadsgf_round_trip() {
        let mut e = engine();
        ask(&mut e, "boardsize 9");
        ask(&mut e, "komi 6.5");
        ask(&mut e, "fixed_handicap 2");
        for cmd in ["play w e5", "play b d5", "play w pass", "play b b4"] {
            assert_eq!(ask(&mut e, cmd), "=\n\n", "{cmd}");
        }
        let sgf = ask(&mut e, "printsgf");
        assert!(sgf.contains("SZ[9]") && sgf.contains("KM[6.5]") && sgf.contains("HA[2]"));
        let dir = std::env::temp_dir().join(format!("tengen-gtp-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("g.sgf");
        std::fs::write(&f, sgf.trim_start_matches("= ").trim_end()).unwrap();
        let before = ask(&mut e, "list_stones black");
        ask(&mut e, "clear_board");
        let r = ask(&mut e, &format!("loadsgf {}", f.display()));
        assert_eq!(r, "= white\n\n");
        assert_eq!(ask(&mut e, "list_stones black"), before);
        assert_eq!(ask(&mut e, "get_handicap"), "= 2\n\n");
        assert_eq!(ask(&mut e, "get_komi"), "= 6.5\n\n");
        // up to move 3: white E5 and black D5 played, white to move
        let r = ask(&mut e, &format!("loadsgf {} 3", f.display()));
        assert_eq!(r, "= white\n\n");
        assert_eq!(ask(&mut e, "color b4"), "= empty\n\n");
        assert_eq!(ask(&mut e, "color d5"), "= black\n\n");
        let r = ask(&mut e, "loadsgf /nonexistent/file.sgf");
        assert!(r.starts_with("? cannot load file"), "{r}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn resigns_only_when_asked() {
        // White owns the whole 5x5 board but two points: Black is lost.
        let lost = "gogui-setup w a2 w b2 w c2 w d2 w e2 w a4 w b4 w c4 w d4 w e4";
        let mut e = engine();
        ask(&mut e, "boardsize 5");
        ask(&mut e, lost);
        let r = ask(&mut e, "genmove b");
        assert_ne!(r, "= resign\n\n");
        let mut e = Engine::new(EngineConfig {
            playouts: 300,
            resign_threshold: Some(0.1),
            ..EngineConfig::default()
        });
        ask(&mut e, "boardsize 5");
        ask(&mut e, lost);
        assert_eq!(ask(&mut e, "genmove b"), "= resign\n\n");
        // nothing was played
        assert_eq!(e.game().move_count(), 0);
    }

    #[test]
    fn format_results() {
        assert_eq!(format_result(7), "B+3.5");
        assert_eq!(format_result(-1), "W+0.5");
        assert_eq!(format_result(0), "0");
    }
}
