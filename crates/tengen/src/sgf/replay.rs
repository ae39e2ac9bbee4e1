//! Replay of a game record's main line under its rules, checking every move.
//!
//! [`Replayer`] keeps its buffers from game to game (one per thread in a batch). Under simple
//! ko or no ko rule (Japanese, Chinese, ... most records) it plays on a bare [`Board`], whose
//! check is all those rules need, and counts captures itself: no history is kept. Under a
//! superko rule it plays through a [`Game`], which remembers every position.
//!
//! It is the one replay driver: `tengen replay` and `tengen render`, GTP `loadsgf` and the
//! library all go through it, so they share one policy:
//!
//! - **Rules**: [`ReplayOptions::rules`] when given; else the record's `RU` when tengen knows
//!   it; else [`ReplayOptions::fallback`] ([`DEFAULT_RULES`] unless set), with a warning when
//!   `RU` was there but unknown.
//! - **Komi**: [`ReplayOptions::komi`] when given; else `KM` when it is a whole or half number;
//!   else the komi of the rules above, with a warning when `KM` was malformed. The Fox
//!   server's dialect is read, with a warning naming the value and the reading
//!   ([`fox`](super::fox): `KM[650]` is 6.5, `KM[375]` under area scoring is 3.75 stones with
//!   `RE` in stones, `KM[0]` of Fox's even games is 6.5).
//! - **Result**: `RE` is decoded ([`Replay::result`]) and read as a count in points when it is
//!   one ([`Replay::result_points`], see [`result_in_points`]).
//! - **Text**: decoded with `CA`; without it, detected by [`TextEncoding::detect`] from the
//!   file's bytes when a value replay decodes is not valid UTF-8.
//! - **Setup** (`AB`, `AW`, `AE`) is applied node by node; a chain it leaves without liberties
//!   is removed and points off the board are ignored, each with a warning. A setup node after
//!   the first move starts a new history (a [`Game`] cannot undo past it).
//! - **Tolerance**: an illegal move stops the replay ([`Replay::error`]). With
//!   [`ReplayOptions::tolerant`] a move that breaks only the ko, superko or suicide rule is
//!   played as the SGF specification says (captures first, then an own chain left without
//!   liberties is removed) and reported as a warning; a move onto an occupied point or off
//!   the board is always an error.
//! - **Capture credit**: stones a move captures count for the mover; the stones of a suicide
//!   count for the opponent (as if captured by them).
//!
//! [`Replayer::replay`] answers the summary ([`Replay`]); [`Replayer::replay_game`] also
//! hands back the undoable [`Game`] at the end (or at [`ReplayOptions::until`]), every move it
//! played and the record's players and date, so callers need not replay a record again.

use std::borrow::Cow;

use super::detect::game_text;
use super::encoding::{decode_simple_text, TextEncoding};
use super::fox::{result_in_points, FoxKomi};
use super::line_events::{node_events, parse_line, warn_games};
use super::parse::{LineIndex, Mode, SgfError, SgfErrorKind, Warning, WarningKind};
use super::scan::{scan, scan_noting_repeats, Ev, Header};
use super::tree::Collection;
use super::{parse_size, point_to_sgf};
use crate::board::Reason;
use crate::count::Position;
use crate::rules::{KoRule, Komi, Rules};
use crate::score::GameResult;
use crate::{Board, Color, ColoredMove, Game, Move, Point, Size};

/// How to replay.
#[derive(Clone, Copy, Debug, Default)]
pub struct ReplayOptions {
    /// The rules to use instead of the record's `RU` (the record's `KM` still sets the komi
    /// unless `komi` is given).
    pub rules: Option<Rules>,
    /// The komi to use instead of the record's `KM`.
    pub komi: Option<Komi>,
    /// Execute moves as the SGF specification says, whatever the rules: capture, then remove
    /// an own chain left without liberties, ignore ko and superko; each such move is reported
    /// as a warning. Moves onto occupied points or off the board stay errors.
    pub tolerant: bool,
    /// Stop after this many moves (passes count as moves).
    pub until: Option<usize>,
    /// [`Mode::Strict`]: a malformed file is unreadable. [`Mode::Lenient`] (the default):
    /// recover and warn.
    pub mode: Mode,
    /// The rules (komi included) when the record has no `RU` or one tengen does not know;
    /// `None`: `DEFAULT_RULES` (Japanese) with their komi.
    pub fallback: Option<Rules>,
}

/// The rules used when a record has no `RU`, or one tengen does not know: Japanese (simple ko,
/// suicide illegal), the most common in records.
pub const DEFAULT_RULES: &str = "japanese";

/// The first illegal move of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct IllegalAt {
    /// Its number: 1 for the first move of the record (passes count).
    pub number: usize,
    /// Where it was played.
    pub point: Point,
    /// Who played it.
    pub color: Color,
    /// Why it is illegal.
    pub reason: Reason,
}

impl IllegalAt {
    /// The point as SGF letters.
    pub fn sgf_point(&self) -> String {
        point_to_sgf(self.point)
    }
}

impl std::fmt::Display for IllegalAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let color = self.color.name();
        write!(
            f,
            "move {} ({color} {}) is illegal: {}",
            self.number,
            self.sgf_point(),
            self.reason
        )
    }
}

/// A record that cannot be replayed at all.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The file is not SGF (or, in strict mode, malformed SGF).
    #[error("{0}")]
    Parse(#[from] SgfError),
    /// `GM` names another game than Go.
    #[error("GM[{0}] is not Go (GM[1])")]
    NotGo(String),
    /// `SZ` is malformed or outside 1..=52.
    #[error("SZ[{0}] is not a board size from 1 to 52 (SZ[19] or SZ[columns:rows])")]
    BadSize(String),
}

/// The outcome of replaying one record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    /// The board size.
    pub size: Size,
    /// The rules the moves were checked under.
    pub rules: Rules,
    /// The number of moves played (passes included; the illegal move is not counted).
    pub moves: usize,
    /// Stones captured by Black and by White.
    pub captures: [u32; 2],
    /// Whose turn it is after the last move played.
    pub to_move: Color,
    /// The record's `RE`, decoded.
    pub result: Option<String>,
    /// The record's `RE` read as a count in points, when it is one (see
    /// [`result_in_points`]; in stones when the komi was read as Fox's stones, see
    /// [`FoxKomi`]): `None` for resignations, time, forfeits and uncounted wins.
    pub result_points: Option<GameResult>,
    /// The Fox server's komi encoding `KM` was read as, when it was ([`fox`](super::fox));
    /// with [`FoxKomi::result_in_stones`], [`Replay::result`] is in stones.
    pub fox_komi: Option<FoxKomi>,
    /// The record's `HA` (0 when absent or malformed).
    pub handicap: u32,
    /// The first illegal move, when there was one (replay stops there).
    pub error: Option<IllegalAt>,
    /// Problems recovered from: lenient parsing, setup, tolerated moves, unknown rules.
    pub warnings: Vec<Warning>,
}

impl Replay {
    /// Stones `color` has captured.
    pub fn captures(&self, color: Color) -> u32 {
        self.captures[color.index()]
    }

    /// The position to count where this replay ended: `board` (the replayer's, see
    /// [`Replayer::board`]) with the replay's rules and komi, player to move, captures and
    /// handicap.
    pub fn position(&self, board: Board) -> Position {
        Position {
            board,
            rules: self.rules,
            to_move: self.to_move,
            captures: self.captures,
            handicap: self.handicap,
        }
    }
}

/// A record replayed into an undoable game: what [`Replayer::replay_game`] answers.
#[derive(Clone, Debug)]
pub struct GameReplay {
    /// The summary, as [`Replayer::replay`] gives it.
    pub replay: Replay,
    /// The game after the last move played (before the illegal move, if there was one). Its
    /// history goes back to the last setup node ([`GameReplay::history_start`]).
    pub game: Game,
    /// Every move played, in order (passes and tolerated moves included; the illegal move
    /// is not).
    pub moves: Vec<ColoredMove>,
    /// The number of moves played before the last setup node: the game can be taken back
    /// to this move number and no further.
    pub history_start: usize,
    /// The record's `PB`, decoded.
    pub black: Option<String>,
    /// The record's `PW`, decoded.
    pub white: Option<String>,
    /// The record's `DT`, decoded.
    pub date: Option<String>,
}

impl GameReplay {
    /// The game after move `n` (0: the position before the first move), taken back from the
    /// end. `None` when `n` is beyond the moves played or before [`GameReplay::history_start`]
    /// (replay with [`ReplayOptions::until`] then).
    pub fn game_at(&self, n: usize) -> Option<Game> {
        if n > self.moves.len() || n < self.history_start {
            return None;
        }
        let mut g = self.game.clone();
        for _ in n..self.moves.len() {
            g.undo()?;
        }
        Some(g)
    }
}

/// What the Game path of a replay hands back besides the summary.
struct GameOut {
    game: Game,
    moves: Vec<ColoredMove>,
    history_start: usize,
}

/// The callback of [`Replayer::replay_game_visiting`], threaded through the replay.
type Visit<'v> = Option<&'v mut dyn FnMut(&Game, Color, Move) -> bool>;

/// Replays records, reusing its buffers from one to the next.
///
/// ```
/// use tengen::sgf::{Replayer, ReplayOptions};
/// use tengen::{Color, Point};
/// let mut r = Replayer::new();
/// // Black captures a white stone in the corner; then White plays on an occupied point.
/// let rep = r.replay(b"(;SZ[5];B[ba];W[aa];B[ab];W[ba])", &ReplayOptions::default()).unwrap();
/// assert_eq!(rep.captures(Color::Black), 1);
/// let err = rep.error.unwrap();
/// assert_eq!((err.number, err.sgf_point().as_str()), (4, "ba"));
/// assert_eq!(r.board().get(Point::new(1, 0)), Some(Color::Black));
/// ```
pub struct Replayer {
    events: Vec<Ev>,
    setup: Vec<(Point, Option<Color>)>,
    board: Board,
    /// An empty board of the last size replayed, to reset `board` from.
    blank: Board,
}

impl Default for Replayer {
    fn default() -> Self {
        Replayer::new()
    }
}

struct Run<'o> {
    opts: &'o ReplayOptions,
    rules: Rules,
    moves: usize,
    captures: [u32; 2],
    to_move: Color,
    error: Option<IllegalAt>,
    warnings: Vec<Warning>,
}

/// The one tolerance policy: with `tolerant`, a move that breaks only these rules is played
/// as the SGF specification says.
fn tolerable(reason: Reason) -> bool {
    matches!(reason, Reason::Ko | Reason::Suicide | Reason::Superko)
}

fn warn_tolerated(run: &mut Run, c: Color, p: Point, reason: Reason) {
    warn(
        &mut run.warnings,
        WarningKind::Tolerated,
        format!(
            "move {} ({} {}) breaks the {} rule; played as SGF says",
            run.moves + 1,
            Color::name(c),
            point_to_sgf(p),
            reason
        ),
    );
}

pub(super) fn warn(warnings: &mut Vec<Warning>, kind: WarningKind, message: String) {
    warnings.push(Warning {
        line: 0,
        column: 0,
        kind,
        message,
    });
}

impl Replayer {
    /// A replayer with empty buffers.
    pub fn new() -> Replayer {
        Replayer {
            events: Vec::with_capacity(512),
            setup: Vec::new(),
            board: Board::new(Size::square(19).expect("19 is a valid size")),
            blank: Board::new(Size::square(19).expect("19 is a valid size")),
        }
    }

    /// The position after the last replay (before its illegal move, if it had one).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// Only the parse phase of [`Replayer::replay`]'s fast path: scan the main line of `sgf`
    /// into the reused event buffer and return the number of moves, setup points and `PL`s
    /// found, or `None` when the file needs the tree parser. For measuring phases separately.
    pub fn scan(&mut self, sgf: &[u8]) -> Option<usize> {
        scan(sgf, &mut self.events).map(|_| self.events.len())
    }

    /// [`Replayer::scan`] for a front that reads records lazily: the board size when the fast
    /// path reads `sgf` and its root is one [`MainLine::read`](super::MainLine::read) accepts (its own `GM`, if any,
    /// is 1; its `SZ`, if any, is valid). Then the tree parser and `MainLine::read` read the
    /// file without an error too, so the front may leave them until their results are asked
    /// for. `None` otherwise (the file needs the tree parser now to say what is wrong).
    pub fn scan_size(&mut self, sgf: &[u8]) -> Option<Size> {
        let h = scan(sgf, &mut self.events)?;
        game_size(h.root_game, h.size).ok()
    }

    /// Replay the main line of the first game in `sgf`.
    ///
    /// # Errors
    /// [`ReplayError`] when the record cannot be read at all; an illegal move is not an error
    /// but [`Replay::error`].
    pub fn replay(&mut self, sgf: &[u8], opts: &ReplayOptions) -> Result<Replay, ReplayError> {
        self.replay_bytes(sgf, opts, false, None).map(|(r, _)| r)
    }

    /// Replay the main line of the first game in `sgf` through a [`Game`], whatever the ko
    /// rule, and hand back the game, the moves played and the players and date as well (see
    /// [`GameReplay`]). Same policy and same [`Replay`] as [`Replayer::replay`], which is
    /// faster when only the summary and the final board are needed.
    ///
    /// ```
    /// use tengen::sgf::{ReplayOptions, Replayer};
    /// use tengen::{Color, Move, Point};
    /// let rec = b"(;SZ[5]PB[Ann]PW[Bob];B[ba];W[aa];B[ab];W[dd])";
    /// let g = Replayer::new().replay_game(rec, &ReplayOptions::default()).unwrap();
    /// assert_eq!(g.black.as_deref(), Some("Ann"));
    /// assert_eq!(g.moves[2].mv, Move::Play(Point::new(0, 1)));
    /// assert_eq!(g.game.captures(Color::Black), 1);
    /// // the position after move 2, taken back from the end: White's stone still there
    /// let at2 = g.game_at(2).unwrap();
    /// assert_eq!(at2.board().get(Point::new(0, 0)), Some(Color::White));
    /// ```
    ///
    /// # Errors
    /// As [`Replayer::replay`].
    pub fn replay_game(
        &mut self,
        sgf: &[u8],
        opts: &ReplayOptions,
    ) -> Result<GameReplay, ReplayError> {
        let (_, game) = self.replay_bytes(sgf, opts, true, None)?;
        Ok(game.expect("a replay asked for its game always gives it"))
    }

    /// The game of record `sgf` after move `n` (0: before the first move), where `whole` is
    /// its replay by [`Replayer::replay_game`] with `opts`: taken back from `whole`'s end, or
    /// replayed to move `n` when a setup node after it cut the history there (see
    /// [`GameReplay::game_at`]).
    ///
    /// # Errors
    /// As [`Replayer::replay`], for the second replay.
    pub fn game_at(
        &mut self,
        sgf: &[u8],
        whole: &GameReplay,
        opts: &ReplayOptions,
        n: usize,
    ) -> Result<Game, ReplayError> {
        match whole.game_at(n) {
            Some(g) => Ok(g),
            None => {
                let until = ReplayOptions {
                    until: Some(n),
                    ..*opts
                };
                Ok(self.replay_game(sgf, &until)?.game)
            }
        }
    }

    /// As [`Replayer::replay_game`], calling `visit(game, color, mv)` before each move of the
    /// main line is played, with the game as it stands then (for positions of a training set,
    /// or an analysis of every turn): one replay, no second pass. When `visit` returns
    /// `false` the replay stops there, before that move, and the [`GameReplay`] is the game
    /// at that point.
    ///
    /// ```
    /// use tengen::sgf::{ReplayOptions, Replayer};
    /// use tengen::{Color, Move};
    /// let rec = b"(;SZ[5];B[ba];W[aa];B[ab];W[dd])";
    /// let mut seen = Vec::new();
    /// let g = Replayer::new()
    ///     .replay_game_visiting(rec, &ReplayOptions::default(), &mut |game, color, mv| {
    ///         seen.push((game.board().stone_count(Color::White), color, mv));
    ///         seen.len() < 3
    ///     })
    ///     .unwrap();
    /// // before the third move White has one stone; the replay stopped before it
    /// assert_eq!(seen[2].0, 1);
    /// assert_eq!(seen[2].1, Color::Black);
    /// assert_eq!(g.game.board().stone_count(Color::Black), 1);
    /// ```
    ///
    /// # Errors
    /// As [`Replayer::replay`].
    pub fn replay_game_visiting(
        &mut self,
        sgf: &[u8],
        opts: &ReplayOptions,
        visit: &mut dyn FnMut(&Game, Color, Move) -> bool,
    ) -> Result<GameReplay, ReplayError> {
        let (_, game) = self.replay_bytes(sgf, opts, true, Some(visit))?;
        Ok(game.expect("a replay asked for its game always gives it"))
    }

    fn replay_bytes(
        &mut self,
        sgf: &[u8],
        opts: &ReplayOptions,
        want_game: bool,
        mut visit: Visit<'_>,
    ) -> Result<(Replay, Option<GameReplay>), ReplayError> {
        if opts.mode == Mode::Lenient {
            let mut events = std::mem::take(&mut self.events);
            let mut repeated = Vec::new();
            let fast = scan_noting_repeats(sgf, &mut events, &mut repeated).map(|h| {
                // the tree parser's warnings for the properties repeated in a node
                let mut lines = LineIndex::new(sgf);
                let warnings = repeated
                    .iter()
                    .map(|&(a, b)| {
                        let (line, column) = lines.at(a);
                        let id = String::from_utf8_lossy(&sgf[a..b]).into_owned();
                        Warning::from(SgfError {
                            line,
                            column,
                            kind: SgfErrorKind::Repeated(id),
                        })
                    })
                    .collect();
                self.run(
                    &h,
                    &events,
                    opts,
                    warnings,
                    want_game,
                    visit.take(),
                    &|| Cow::Borrowed(sgf),
                )
            });
            self.events = events;
            if let Some(r) = fast {
                return r;
            }
        }
        // the tree parser keeping only the main line's events (no tree: memory in proportion
        // to the moves, not to the variations)
        let mut events = std::mem::take(&mut self.events);
        let r = parse_line(sgf, opts.mode, &mut events).and_then(|mut line| {
            let warnings = std::mem::take(&mut line.warnings);
            let text = || Cow::Borrowed(&line.text[..]);
            let h = line.header();
            self.run(&h, &events, opts, warnings, want_game, visit, &text)
        });
        self.events = events;
        r
    }

    /// Replay the main line of the game whose root is `root` in a parsed collection.
    /// `warnings` (e.g. the parser's) are passed on into [`Replay::warnings`].
    ///
    /// # Errors
    /// As [`Replayer::replay`].
    pub fn replay_tree(
        &mut self,
        coll: &Collection,
        root: usize,
        opts: &ReplayOptions,
        warnings: Vec<Warning>,
    ) -> Result<Replay, ReplayError> {
        self.tree(coll, root, opts, warnings, false, None)
            .map(|(r, _)| r)
    }

    fn tree(
        &mut self,
        coll: &Collection,
        root: usize,
        opts: &ReplayOptions,
        mut warnings: Vec<Warning>,
        want_game: bool,
        visit: Visit<'_>,
    ) -> Result<(Replay, Option<GameReplay>), ReplayError> {
        let mut events = std::mem::take(&mut self.events);
        events.clear();
        let mut h = Header::default();
        let mut size = Size::square(19).expect("19 is a valid size");
        if let Some(v) = coll.node(root).value("SZ") {
            h.size = Some(v);
            size = parse_size(v).ok_or_else(|| bad_size(v))?;
        }
        for (k, id) in coll.main_line(root).enumerate() {
            let props = &coll.node(id).props;
            node_events(k, props, size, &mut h, &mut events, &mut warnings);
        }
        warn_games(coll.roots().len(), &mut warnings);
        let text = || Cow::Owned(game_text(coll, coll.main_line(root)));
        let r = self.run(&h, &events, opts, warnings, want_game, visit, &text);
        self.events = events;
        r
    }

    // the record's parts, the options, and what to hand back: one call site each
    #[allow(clippy::too_many_arguments)]
    fn run<'t>(
        &mut self,
        h: &Header<'_>,
        events: &[Ev],
        opts: &ReplayOptions,
        warnings: Vec<Warning>,
        want_game: bool,
        visit: Visit<'_>,
        text: &dyn Fn() -> Cow<'t, [u8]>,
    ) -> Result<(Replay, Option<GameReplay>), ReplayError> {
        let size = game_size(h.game, h.size)?;
        let mut enc = TextEncoding::from_ca(h.charset);
        let decoded = [h.rules, h.result, h.black, h.white, h.date];
        // the values this replay decodes: detection cannot change an ASCII one (every
        // encoding it may choose reads ASCII as ASCII), so it is skipped when they all are
        let used = [h.rules, h.result, h.app];
        let game_used = if want_game { &decoded[2..] } else { &[] };
        if enc == TextEncoding::Guess
            && decoded
                .iter()
                .flatten()
                .any(|v| std::str::from_utf8(v).is_err())
            && used
                .iter()
                .chain(game_used)
                .flatten()
                .any(|v| !v.is_ascii())
        {
            enc = TextEncoding::detect(None, &text()).0;
        }
        let fallback = opts
            .fallback
            .unwrap_or_else(|| Rules::from_name(DEFAULT_RULES).expect("a known preset"));
        let mut run = Run {
            opts,
            rules: fallback,
            moves: 0,
            captures: [0; 2],
            to_move: Color::Black,
            error: None,
            warnings,
        };
        match (opts.rules, h.rules) {
            (Some(r), _) => run.rules = r,
            (None, Some(ru)) => {
                let name = decode_simple_text(ru, enc);
                match Rules::from_name(name.trim()) {
                    Ok(r) => run.rules = r,
                    Err(_) => {
                        let used = match (opts.fallback, fallback.preset()) {
                            (None, _) => DEFAULT_RULES.to_string(),
                            (Some(_), Some(p)) => format!("the given {}", p.name()),
                            (Some(_), None) => "the given".to_string(),
                        };
                        warn(&mut run.warnings,
                            WarningKind::Rules,
                            format!("RU[{name}] is not a rule set tengen knows; replayed under {used} rules"),
                        )
                    }
                }
            }
            (None, None) => {}
        }
        // a whole number, read whatever its size or sign so that the range check below sees
        // HA[-1] and HA[99999999999] too (other text is no number: ignored as before)
        let given = h
            .handicap
            .and_then(|v| std::str::from_utf8(v).ok())
            .map(str::trim)
            .filter(|t| {
                let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
                !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
            });
        let mut handicap = given.and_then(|t| t.parse::<u32>().ok()).unwrap_or(0);
        match given {
            // HA[-0] is 0, said oddly
            Some(t) if t.starts_with('-') => {
                if t.bytes().skip(1).any(|b| b != b'0') {
                    warn(
                        &mut run.warnings,
                        WarningKind::Handicap,
                        format!("HA[{t}] is negative; ignored"),
                    );
                }
                handicap = 0;
            }
            Some(t) if !t.parse::<u32>().is_ok_and(|n| n as usize <= size.area()) => {
                // one stone per point at most: a larger HA would give White an absurd bonus
                warn(
                    &mut run.warnings,
                    WarningKind::Handicap,
                    format!(
                        "HA[{t}] is more than the {} points of the {size} board; ignored",
                        size.area()
                    ),
                );
                handicap = 0;
            }
            _ => {}
        }
        let mut fox_komi = None;
        match (opts.komi, h.komi) {
            (Some(k), _) => run.rules.komi = k,
            (None, Some(km)) => match std::str::from_utf8(km).ok().and_then(|t| t.parse().ok()) {
                Some(k) => {
                    run.rules.komi = k;
                    let ap = h
                        .app
                        .map(|a| decode_simple_text(a, enc))
                        .unwrap_or_default();
                    let text = String::from_utf8_lossy(km);
                    if let Some(fox) =
                        FoxKomi::read(&text, k, &ap, handicap, size, run.rules.scoring)
                    {
                        run.rules.komi = fox.komi;
                        fox_komi = Some(fox);
                        warn(
                            &mut run.warnings,
                            WarningKind::FoxKomi,
                            fox.warning(&text, &ap),
                        );
                    }
                }
                None => warn(
                    &mut run.warnings,
                    WarningKind::Komi,
                    format!(
                        "KM[{}] is not a whole or half number; komi {} kept",
                        String::from_utf8_lossy(km),
                        run.rules.komi
                    ),
                ),
            },
            (None, None) => {}
        }
        if handicap >= 2 {
            run.to_move = Color::White;
        }
        if self.board.size() == size
            && self.board.stone_count(Color::Black) == 0
            && self.board.stone_count(Color::White) == 0
        {
            // an empty board of the right size: only the ko point may be left over
            self.board.clear_ko();
        } else {
            // reset from a kept empty board: copying reuses the buffers, where a new board
            // would allocate and initialise them for every record
            if self.blank.size() != size {
                self.blank = Board::new(size);
            }
            self.board.copy_from(&self.blank);
        }
        let superko = matches!(run.rules.ko, KoRule::Positional | KoRule::Situational);
        let out = if superko || want_game {
            Some(self.run_game(&mut run, events, want_game, visit))
        } else {
            self.run_board(&mut run, events);
            None
        };
        let result = h.result.map(|v| decode_simple_text(v, enc));
        let result_points = result
            .as_deref()
            .and_then(|re| result_in_points(re, fox_komi.is_some_and(|f| f.result_in_stones())));
        let replay = Replay {
            size,
            rules: run.rules,
            moves: run.moves,
            captures: run.captures,
            to_move: run.to_move,
            result,
            result_points,
            fox_komi,
            handicap,
            error: run.error,
            warnings: run.warnings,
        };
        let game = match out {
            Some(o) if want_game => Some(GameReplay {
                replay: replay.clone(),
                game: o.game,
                moves: o.moves,
                history_start: o.history_start,
                black: h.black.map(|v| decode_simple_text(v, enc)),
                white: h.white.map(|v| decode_simple_text(v, enc)),
                date: h.date.map(|v| decode_simple_text(v, enc)),
            }),
            _ => None,
        };
        Ok((replay, game))
    }

    /// Apply the pending setup to the board; chains left without liberties are removed.
    fn apply_setup(board: &mut Board, setup: &mut Vec<(Point, Option<Color>)>, run: &mut Run) {
        let size = board.size();
        for &(p, _) in setup.iter() {
            if !size.contains(p) {
                warn(
                    &mut run.warnings,
                    WarningKind::Setup,
                    format!(
                        "setup point {} is off the {size} board; ignored",
                        point_to_sgf(p)
                    ),
                );
            }
        }
        board.edit(setup.drain(..));
        for p in board.chains_without_liberties() {
            let n = board.remove_chain_at(p);
            warn(
                &mut run.warnings,
                WarningKind::Setup,
                format!(
                    "setup left the chain at {} without liberties; its {n} stone(s) removed",
                    point_to_sgf(p)
                ),
            );
        }
    }

    fn stop(run: &Run) -> bool {
        run.opts.until.is_some_and(|u| run.moves >= u)
    }

    fn run_board(&mut self, run: &mut Run, events: &[Ev]) {
        let board = &mut self.board;
        let rules = run.rules;
        for (i, &e) in events.iter().enumerate() {
            match e {
                Ev::Setup(c, p) => {
                    self.setup.push((p, c));
                    if !matches!(events.get(i + 1), Some(Ev::Setup(..))) {
                        Self::apply_setup(board, &mut self.setup, run);
                    }
                }
                Ev::Player(c) => run.to_move = c,
                Ev::Play(c, mv) => {
                    if Self::stop(run) {
                        return;
                    }
                    if let Move::Play(p) = mv {
                        let played = match board.play(p, c, &rules) {
                            Ok(pl) => pl,
                            Err(e) => {
                                if !(run.opts.tolerant && tolerable(e.reason)) {
                                    run.error = Some(IllegalAt {
                                        number: run.moves + 1,
                                        point: p,
                                        color: c,
                                        reason: e.reason,
                                    });
                                    return;
                                }
                                warn_tolerated(run, c, p, e.reason);
                                board.play_pos(board.pos(p), c.digit())
                            }
                        };
                        if played.suicided > 0 {
                            run.captures[c.opponent().index()] += played.suicided as u32;
                        } else {
                            run.captures[c.index()] += played.captured as u32;
                        }
                    } else {
                        board.pass();
                    }
                    run.moves += 1;
                    run.to_move = c.opponent();
                }
            }
        }
    }

    /// Replay through a [`Game`]; `record` keeps the moves played.
    fn run_game(
        &mut self,
        run: &mut Run,
        events: &[Ev],
        record: bool,
        mut visit: Visit<'_>,
    ) -> GameOut {
        let empty = Board::new(self.board.size());
        let mut game = Game::from_board(empty, run.to_move, run.rules);
        let mut moves = Vec::new();
        let mut history_start = 0;
        for (i, &e) in events.iter().enumerate() {
            match e {
                Ev::Setup(c, p) => {
                    self.setup.push((p, c));
                    if !matches!(events.get(i + 1), Some(Ev::Setup(..))) {
                        // setup restarts the history: the game continues from the new position
                        let mut board = game.board().clone();
                        Self::apply_setup(&mut board, &mut self.setup, run);
                        game = Game::from_board(board, run.to_move, run.rules);
                        game.add_captures(Color::Black, run.captures[0]);
                        game.add_captures(Color::White, run.captures[1]);
                        history_start = run.moves;
                    }
                }
                Ev::Player(c) => {
                    run.to_move = c;
                    game.set_to_move(c);
                }
                Ev::Play(c, mv) => {
                    if Self::stop(run) {
                        break;
                    }
                    if let Some(v) = visit.as_mut() {
                        if !v(&game, c, mv) {
                            break;
                        }
                    }
                    if let Err(e) = game.play_as(c, mv) {
                        if run.opts.tolerant && tolerable(e.reason) {
                            warn_tolerated(run, c, e.point, e.reason);
                            game.play_tolerant(c, mv)
                                .expect("an empty on-board point is playable tolerantly");
                        } else {
                            run.error = Some(IllegalAt {
                                number: run.moves + 1,
                                point: e.point,
                                color: c,
                                reason: e.reason,
                            });
                            break;
                        }
                    }
                    if record {
                        moves.push(ColoredMove { color: c, mv });
                    }
                    run.moves += 1;
                    run.to_move = c.opponent();
                    run.captures = [game.captures(Color::Black), game.captures(Color::White)];
                }
            }
        }
        self.board = game.board().clone();
        GameOut {
            game,
            moves,
            history_start,
        }
    }
}

/// The board size of a game whose root has `GM` `game` and `SZ` `size` (19×19 without one).
///
/// # Errors
/// [`ReplayError::NotGo`] when `GM` is not 1, [`ReplayError::BadSize`] when `SZ` is malformed
/// or outside 1..=52.
pub(super) fn game_size(game: Option<&[u8]>, size: Option<&[u8]>) -> Result<Size, ReplayError> {
    if let Some(g) = game {
        if g.trim_ascii() != b"1" {
            return Err(ReplayError::NotGo(String::from_utf8_lossy(g).into_owned()));
        }
    }
    match size {
        Some(v) => parse_size(v).ok_or_else(|| bad_size(v)),
        None => Ok(Size::square(19).expect("19 is a valid size")),
    }
}

fn bad_size(v: &[u8]) -> ReplayError {
    ReplayError::BadSize(String::from_utf8_lossy(v).into_owned())
}

#[cfg(test)]
mod tests {
    use super::super::fox::KomiEncoding;
    use super::*;

    #[test]
    fn scan_size_as_main_line_read() {
        let mut r = Replayer::new();
        let nine = Size::square(9).unwrap();
        assert_eq!(r.scan_size(b"(;GM[1]SZ[9];B[aa])"), Some(nine));
        assert_eq!(r.scan_size(b"(;B[aa])"), Size::square(19).ok());
        // MainLine::read checks the root's GM only; replay's later NotGo is replay's error
        assert_eq!(r.scan_size(b"(;SZ[9];GM[2]B[aa])"), Some(nine));
        for bad in [
            &b"(;GM[2]SZ[9];B[aa])"[..],
            b"(;SZ[99])",
            b"(;B[aa](;W[bb])(;W[cc]))",
            b"x",
        ] {
            assert_eq!(r.scan_size(bad), None, "{}", String::from_utf8_lossy(bad));
        }
    }

    // A short 5×5 record with game information (an escaped bracket in PB) and a pass.
    const REC: &[u8] = b"(;GM[1]FF[4]SZ[5]PB[Ann \\] B]PW[Bob]DT[2026-12-01]RE[B+R]\
        ;B[ba];W[ca];B[bb];W[ab];B[cb];W[aa];B[];W[db];B[ac])";

    fn boards_equal(a: &Board, b: &Board) -> bool {
        a.size() == b.size() && a.size().points().all(|p| a.get(p) == b.get(p))
    }

    #[test]
    fn replay_game_agrees_with_replay_at_every_move() {
        let opts = ReplayOptions::default();
        let mut r = Replayer::new();
        let whole = r.replay_game(REC, &opts).unwrap();
        let summary = r.replay(REC, &opts).unwrap();
        assert_eq!(whole.replay, summary);
        assert_eq!(whole.moves.len(), summary.moves);
        assert_eq!(whole.game.move_count(), summary.moves);
        assert_eq!(whole.history_start, 0);
        assert_eq!(whole.black.as_deref(), Some("Ann ] B"));
        assert_eq!(whole.white.as_deref(), Some("Bob"));
        assert_eq!(whole.date.as_deref(), Some("2026-12-01"));
        assert_eq!(whole.replay.result.as_deref(), Some("B+R"));
        let played: Vec<ColoredMove> = whole.game.moves().collect();
        assert_eq!(played, whole.moves);
        for n in 0..=summary.moves {
            let at = whole.game_at(n).unwrap();
            let until = ReplayOptions {
                until: Some(n),
                ..ReplayOptions::default()
            };
            let rep = r.replay(REC, &until).unwrap();
            assert!(boards_equal(at.board(), r.board()), "move {n}");
            assert_eq!(
                [at.captures(Color::Black), at.captures(Color::White)],
                rep.captures,
                "move {n}"
            );
            assert_eq!(at.to_move(), rep.to_move, "move {n}");
        }
        assert!(whole.game_at(summary.moves + 1).is_none());
    }

    #[test]
    fn a_reused_replayer_starts_every_record_on_an_empty_board() {
        // records of different sizes in turn, through one replayer and through fresh ones
        let big = b"(;SZ[9];B[aa];W[ba];B[ee];W[ab])";
        let small = b"(;SZ[4];B[bb];W[ab];B[ba];W[aa])";
        let mut r = Replayer::new();
        for rec in [&big[..], small, small, big, big, small] {
            let reused = r.replay(rec, &ReplayOptions::default()).unwrap();
            let mut fresh = Replayer::new();
            assert_eq!(
                reused,
                fresh.replay(rec, &ReplayOptions::default()).unwrap()
            );
            assert!(boards_equal(r.board(), fresh.board()));
            assert_eq!(r.board().hash(), fresh.board().hash());
            assert_eq!(r.board().ko(), fresh.board().ko());
        }
    }

    #[test]
    fn the_tree_path_gives_the_same_game() {
        // a variation sends the record through the tree parser
        let mut with_var = REC[..REC.len() - 1].to_vec();
        with_var.extend_from_slice(b"(;W[ee])(;W[dd]))");
        let mut r = Replayer::new();
        let fast = r.replay_game(REC, &ReplayOptions::default()).unwrap();
        let tree = r.replay_game(&with_var, &ReplayOptions::default()).unwrap();
        assert_eq!(tree.moves.len(), fast.moves.len() + 1);
        assert_eq!(&tree.moves[..fast.moves.len()], &fast.moves[..]);
        assert_eq!(
            (tree.black, tree.white, tree.date),
            (fast.black, fast.white, fast.date)
        );
    }

    #[test]
    fn a_property_twice_in_one_node_is_warned_about_on_both_paths() {
        // the sgf fuzz target's find: the scanner took FF twice in the root without the tree
        // parser's warning; from the bytes and from the tree the replay is now the same
        for rec in [
            &b"(;GM[1]FF[4]SZM[1]FF[4]SZE[W\x02\0\0\0x;B[!e];W[cc])"[..],
            b"(;GM[1]SZ[9]C[a]C[b];B[ee])",
            b"(;GM[1]SZ[9];B[ee]AB[aa]AB[bb])",
        ] {
            let direct = Replayer::new().replay(rec, &ReplayOptions::default());
            let parsed = super::super::parse(rec, Mode::Lenient).unwrap();
            let root = parsed.collection.roots()[0];
            let tree = Replayer::new().replay_tree(
                &parsed.collection,
                root,
                &ReplayOptions::default(),
                parsed.warnings.clone(),
            );
            assert_eq!(direct, tree, "{}", String::from_utf8_lossy(rec));
            let w = direct.unwrap().warnings;
            assert!(
                w.iter().any(|w| w.message.contains("appears twice")),
                "{w:?}"
            );
        }
    }

    #[test]
    fn a_repeated_setup_property_loses_no_stone() {
        // GNU Go writes its handicap stones as one AB a stone (AB[pd]AB[dp]...); every one is
        // placed, on the scanner's path and on the tree's (a variation sends the file there)
        for (rec, black) in [
            (&b"(;GM[1]SZ[9]AB[aa]AW[bb]AB[cc]AB[dd];W[ee])"[..], 3),
            (
                b"(;GM[1]SZ[9]AB[aa]AW[bb]AB[cc]AB[dd];W[ee](;B[ff])(;B[gg]))",
                4,
            ),
        ] {
            let mut r = Replayer::new();
            let rep = r.replay(rec, &ReplayOptions::default()).unwrap();
            assert_eq!(rep.error, None);
            let b = r.board();
            for (x, y, c) in [
                (0, 0, Color::Black),
                (1, 1, Color::White),
                (2, 2, Color::Black),
                (3, 3, Color::Black),
                (4, 4, Color::White),
            ] {
                assert_eq!(b.get(Point::new(x, y)), Some(c), "{x},{y} of {rec:?}");
            }
            assert_eq!(b.stone_count(Color::Black), black);
            assert!(
                rep.warnings
                    .iter()
                    .any(|w| w.message.contains("AB appears twice")),
                "{:?}",
                rep.warnings
            );
        }
    }

    #[test]
    fn a_handicap_above_the_boards_points_is_ignored_with_a_warning() {
        // the scanner's path and the tree's (a variation sends the file there) agree
        for rec in [
            &b"(;SZ[19]HA[400];B[dd])"[..],
            b"(;SZ[19]HA[400];B[dd](;W[pp])(;W[dp]))",
        ] {
            let r = Replayer::new()
                .replay(rec, &ReplayOptions::default())
                .unwrap();
            assert_eq!(r.handicap, 0);
            let w: Vec<String> = r.warnings.iter().map(|w| w.to_string()).collect();
            assert!(
                w.iter().any(|w| w
                    .contains("HA[400] is more than the 361 points of the 19x19 board; ignored")),
                "{w:?}"
            );
        }
        let r = Replayer::new()
            .replay(b"(;SZ[19]HA[361];B[dd])", &ReplayOptions::default())
            .unwrap();
        assert_eq!(r.handicap, 361);
        // past a u32 or negative: the same range check, not silently 0
        for (rec, said) in [
            (
                &b"(;SZ[19]HA[99999999999];B[dd])"[..],
                "HA[99999999999] is more than the 361 points of the 19x19 board; ignored",
            ),
            (b"(;SZ[19]HA[-3];B[dd])", "HA[-3] is negative; ignored"),
            (
                b"(;SZ[19]HA[-3];B[dd](;W[pp])(;W[dp]))",
                "HA[-3] is negative; ignored",
            ),
        ] {
            let r = Replayer::new()
                .replay(rec, &ReplayOptions::default())
                .unwrap();
            assert_eq!(r.handicap, 0);
            let w: Vec<String> = r.warnings.iter().map(|w| w.to_string()).collect();
            assert!(w.iter().any(|w| w.contains(said)), "{said}: {w:?}");
        }
        // no number at all, or zero written oddly: no warning, as before
        for rec in [
            &b"(;SZ[19]HA[];B[dd])"[..],
            b"(;SZ[19]HA[x];B[dd])",
            b"(;SZ[19]HA[-0];B[dd])",
        ] {
            let r = Replayer::new()
                .replay(rec, &ReplayOptions::default())
                .unwrap();
            assert_eq!(r.handicap, 0);
            assert!(
                !r.warnings.iter().any(|w| w.to_string().contains("HA[")),
                "{:?}",
                r.warnings
            );
        }
    }

    #[test]
    fn visiting_sees_each_move_with_the_position_before_it() {
        // a capture, a setup node between moves, a pass, and a strict parse of the same text
        let rec: &[u8] = b"(;SZ[5]HA[0];B[ba];W[aa];B[ab];W[ee];AB[cc]AW[dd];B[bb];W[];B[dc])";
        for mode in [Mode::Lenient, Mode::Strict] {
            let opts = ReplayOptions {
                mode,
                ..ReplayOptions::default()
            };
            let whole = Replayer::new().replay_game(rec, &opts).unwrap();
            let mut seen = Vec::new();
            let visited = Replayer::new()
                .replay_game_visiting(rec, &opts, &mut |g, c, mv| {
                    seen.push((g.board().clone(), c, mv, g.captures(Color::Black)));
                    true
                })
                .unwrap();
            assert_eq!(visited.game.board(), whole.game.board());
            assert_eq!(visited.moves, whole.moves);
            assert_eq!(seen.len(), whole.moves.len());
            for (i, (board, c, mv, _)) in seen.iter().enumerate() {
                assert_eq!(
                    (*c, *mv),
                    (whole.moves[i].color, whole.moves[i].mv),
                    "move {i}"
                );
                // the positions the history keeps (from the setup on) are the ones visited
                if let Some(at) = whole.game_at(i) {
                    assert_eq!(at.board(), board, "before move {}", i + 1);
                }
            }
            // before the fourth move Black has captured White's corner stone
            assert_eq!(seen[3].3, 1);
            // stopping before the third move leaves the game after two
            let mut n = 0;
            let cut = Replayer::new()
                .replay_game_visiting(rec, &opts, &mut |_, _, _| {
                    n += 1;
                    n < 3
                })
                .unwrap();
            assert_eq!(cut.moves.len(), 2);
            assert_eq!(cut.game.board().get(Point::new(0, 0)), Some(Color::White));
        }
    }

    #[test]
    fn setup_after_moves_starts_the_history() {
        let rec = b"(;SZ[5];B[aa];W[ee];AB[cc]AW[dd];B[bb];W[])";
        let g = Replayer::new()
            .replay_game(rec, &ReplayOptions::default())
            .unwrap();
        assert_eq!((g.moves.len(), g.history_start), (4, 2));
        assert_eq!(g.game.move_count(), 2);
        assert!(g.game_at(1).is_none());
        let at2 = g.game_at(2).unwrap();
        assert_eq!(at2.board().get(Point::new(2, 2)), Some(Color::Black));
        assert_eq!(at2.board().get(Point::new(0, 0)), Some(Color::Black));
    }

    #[test]
    fn one_policy_for_rules_komi_and_setup() {
        let fallback = Rules::from_name("chinese").unwrap();
        let opts = ReplayOptions {
            fallback: Some(fallback),
            ..ReplayOptions::default()
        };
        // unknown RU: the fallback with its komi, and a warning; a bad KM keeps that komi
        let rec = b"(;SZ[5]RU[Martian]KM[six]AB[aa]AW[ab][ba];B[cc])";
        let g = Replayer::new().replay_game(rec, &opts).unwrap();
        assert_eq!(g.replay.rules, fallback);
        let w: Vec<String> = g.replay.warnings.iter().map(|w| w.to_string()).collect();
        assert!(
            w.iter().any(|w| w
                .ends_with("RU[Martian] is not a rule set tengen knows; replayed under the given chinese rules")),
            "{w:?}"
        );
        // each warning has its kind, in the order the record gave them
        let kinds: Vec<WarningKind> = g.replay.warnings.iter().map(|w| w.kind).collect();
        assert_eq!(
            kinds,
            [WarningKind::Rules, WarningKind::Komi, WarningKind::Setup],
            "{w:?}"
        );
        assert!(w.iter().any(|w| w.contains("KM[six]")), "{w:?}");
        // the black corner stone had no liberty: removed
        assert!(w.iter().any(|w| w.contains("without liberties")), "{w:?}");
        assert_eq!(g.game.board().get(Point::new(0, 0)), None);
        // without a fallback, Japanese
        let g = Replayer::new()
            .replay_game(rec, &ReplayOptions::default())
            .unwrap();
        assert_eq!(g.replay.rules, Rules::from_name(DEFAULT_RULES).unwrap());
        let w = g.replay.warnings[0].to_string();
        assert!(w.ends_with("replayed under japanese rules"), "{w}");
    }

    #[test]
    fn tolerance_and_capture_credit_are_the_same_on_both_paths() {
        // White's suicide at aa: tolerated, the stone counts as captured by Black
        let rec = b"(;SZ[5];B[ab];W[ee];B[ba];W[aa];B[cc])";
        for ko in ["japanese", "chinese"] {
            let opts = ReplayOptions {
                rules: Some(Rules::from_name(ko).unwrap()),
                tolerant: true,
                ..ReplayOptions::default()
            };
            let mut r = Replayer::new();
            let summary = r.replay(rec, &opts).unwrap();
            let game = r.replay_game(rec, &opts).unwrap();
            assert_eq!(summary.moves, 5, "{ko}");
            assert_eq!(summary.captures(Color::Black), 1, "{ko}");
            assert_eq!(game.replay, summary, "{ko}");
            let strict = ReplayOptions {
                tolerant: false,
                ..opts
            };
            let err = r.replay_game(rec, &strict).unwrap().replay.error.unwrap();
            assert_eq!((err.number, err.reason), (4, Reason::Suicide), "{ko}");
        }
    }

    fn komi_of(rec: &[u8]) -> (Replay, Vec<String>) {
        let r = Replayer::new()
            .replay(rec, &ReplayOptions::default())
            .unwrap();
        let w = r.warnings.iter().map(|w| w.to_string()).collect();
        (r, w)
    }

    #[test]
    fn fox_komi_and_results_are_read_by_replay() {
        let k = |t: &str| t.parse::<Komi>().unwrap();
        let black = |margin| {
            Some(GameResult::Win {
                winner: Color::Black,
                margin,
            })
        };
        // Japanese, hundredths
        let (r, w) = komi_of(b"(;SZ[19]RU[Japanese]KM[650]RE[B+3.5];B[dd])");
        assert_eq!(r.rules.komi, k("6.5"));
        assert!(
            w.iter().any(|w| w.contains("KM[650]") && w.contains("6.5")),
            "{w:?}"
        );
        assert_eq!(r.result_points, black(7));
        let (r, _) = komi_of(b"(;SZ[19]RU[Japanese]KM[750];B[dd])");
        assert_eq!(r.rules.komi, k("7.5"));
        // Chinese, hundredths of stones: the result in stones too
        let (r, w) = komi_of(b"(;SZ[19]RU[Chinese]KM[375]RE[B+2.75];B[dd])");
        assert_eq!(r.rules.komi, k("7.5"));
        assert!(
            w.iter()
                .any(|w| w.contains("KM[375]") && w.contains("stones")),
            "{w:?}"
        );
        assert_eq!(r.result_points, black(11));
        assert_eq!(
            r.fox_komi.map(|f| f.encoding),
            Some(KomiEncoding::HundredthsOfStones)
        );
        // KM[0] of an even game by GNU Go is 6.5, and the warning names the marks a user
        // can check in the file; with a handicap it is 0
        let (r, w) = komi_of(b"(;SZ[19]RU[Japanese]KM[0]AP[GNU Go:3.8];B[dd])");
        assert_eq!(r.rules.komi, k("6.5"));
        assert!(
            w.iter()
                .any(|w| w.starts_with("KM[0] read as") && w.contains("AP[GNU Go:3.8] and no HA")),
            "{w:?}"
        );
        assert_eq!(r.warnings[0].kind, WarningKind::FoxKomi);
        assert_eq!(
            r.fox_komi.map(|f| f.encoding),
            Some(KomiEncoding::EvenGameZero)
        );
        let (r, w) = komi_of(b"(;SZ[19]RU[Japanese]KM[0]HA[2]AP[GNU Go:3.8]AB[dd][pp];W[dp])");
        assert_eq!(r.rules.komi, k("0"));
        assert!(w.is_empty(), "{w:?}");
        // ordinary komi untouched, no warning; uncounted wins are no count
        let (r, w) = komi_of(b"(;SZ[19]RU[Japanese]KM[6.5]RE[W+0.0];B[dd])");
        assert_eq!(r.rules.komi, k("6.5"));
        assert!(w.is_empty(), "{w:?}");
        assert_eq!(r.result_points, None);
        assert_eq!(r.fox_komi, None);
        // a komi given by the caller wins over the record
        let opts = ReplayOptions {
            komi: Some(k("5.5")),
            ..ReplayOptions::default()
        };
        let r = Replayer::new()
            .replay(b"(;SZ[19]RU[Japanese]KM[650];B[dd])", &opts)
            .unwrap();
        assert_eq!(r.rules.komi, k("5.5"));
        assert!(r.warnings.is_empty());
    }

    #[test]
    fn names_without_ca_use_the_one_detector() {
        // Fox: UTF-8 with the 0x9D of 李 replaced by '?'; both paths restore it
        let rec = b"(;SZ[5]PB[\xe6?\x8e\xe7\xbb\xb4]PW[Bob];B[aa])";
        let mut r = Replayer::new();
        let fast = r.replay_game(rec, &ReplayOptions::default()).unwrap();
        assert_eq!(fast.black.as_deref(), Some("李维"));
        let mut var = rec[..rec.len() - 1].to_vec();
        var.extend_from_slice(b"(;W[bb])(;W[cc]))");
        let tree = r.replay_game(&var, &ReplayOptions::default()).unwrap();
        assert_eq!(tree.black.as_deref(), Some("李维"));
    }
}
