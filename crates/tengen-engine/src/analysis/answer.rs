//! Answering a validated query: replay, then per analysed turn the legal moves, the last
//! move's captures, the exact and the judged count, chain status and ownership.

use serde::Serialize;

use super::query::{Query, QueryError};
use tengen::count::{count, DeadStones, Position};
use tengen::judge::{Options as JudgeOptions, Status};
use tengen::score::{PlayerScore, Score, ScoreError};
use tengen::vertex::Vertex;
use tengen::{Board, Color, Game, Move, Point, Size};

/// The name of the analysis behind [`judged`], reported in every answer as `"judge"`.
pub const JUDGE: &str = "tengen-judge";

/// Playouts the judge runs per analysed turn (its default).
pub const JUDGE_PLAYOUTS: u32 = tengen::judge::DEFAULT_PLAYOUTS;

/// The judged count of a position: [`tengen::count::count`] with the judge of finished
/// games.
///
/// **This is the one place the protocol asks for a judgement.** It runs the judge
/// ([`tengen::judge`], `JUDGE_PLAYOUTS` (128) playouts, fixed seed, so answers are
/// deterministic): certain statuses from the pass-alive analysis, the others estimated from
/// playouts with a confidence, see that module for where it can be wrong.
///
/// # Errors
/// A handicap or captures out of range ([`Position::check`]).
pub fn judged(pos: &Position) -> Result<tengen::count::Count, ScoreError> {
    count(
        pos,
        &DeadStones::Judged(JudgeOptions {
            playouts: JUDGE_PLAYOUTS,
            seed: 1,
            ..JudgeOptions::default()
        }),
    )
}

/// The last move of an analysed turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LastMove {
    /// `"B"` or `"W"`.
    pub color: &'static str,
    /// Its vertex, or `"pass"`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The stones it removed (captured, or its own chain for a multi-stone suicide), sorted.
    pub captures: Vec<String>,
    /// Whether it was a multi-stone suicide.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub suicide: bool,
}

/// A count as answered: the result, Black's lead in points and both sides' breakdowns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Count {
    /// `B+3.5`, `W+12` or `0`.
    pub result: String,
    /// Black's score minus White's, in points.
    pub score_lead: f64,
    /// Black's side.
    pub black: PlayerScore,
    /// White's side.
    pub white: PlayerScore,
}

impl Count {
    fn of(s: &Score) -> Count {
        Count {
            result: s.result.to_string(),
            score_lead: s.result.black_minus_white() as f64 / 2.0,
            black: s.black,
            white: s.white,
        }
    }
}

/// Both counts of a turn.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Counts {
    /// Every stone on the board counts as alive.
    pub exact: Count,
    /// After removing the dead stones the judge finds.
    pub judged: Count,
}

/// KataGo's `rootInfo`, with what a rules engine knows.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RootInfo {
    /// Who moves next, `"B"` or `"W"`.
    pub current_player: &'static str,
    /// The judged count's lead for Black, in points (not a search estimate).
    pub score_lead: f64,
}

/// One chain as answered.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ChainReport {
    /// `"B"` or `"W"`.
    pub color: &'static str,
    /// What the judge says.
    pub status: Status,
    /// Whether the status is certain rather than estimated.
    pub certain: bool,
    /// How sure an estimate is, 0 to 1 (rounded to two decimals).
    pub confidence: f64,
    /// Its stones as vertices.
    pub stones: Vec<String>,
}

/// The answer for one analysed turn (one output line).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TurnAnswer {
    /// The query's id.
    pub id: String,
    /// The turn: moves played before it.
    pub turn_number: usize,
    /// Always `false`: the answer is final.
    pub is_during_search: bool,
    /// Whose move it is and the judged lead.
    pub root_info: RootInfo,
    /// The move that led to this turn, `null` at turn 0.
    pub last_move: Option<LastMove>,
    /// Every vertex where the player to move may play (passing is always legal), sorted from
    /// the top row, left to right.
    pub legal_moves: Vec<String>,
    /// Stones captured so far by Black (`B`) and White (`W`).
    pub prisoners: Prisoners,
    /// The exact and the judged count.
    pub score: Counts,
    /// The analysis that judged dead stones ([`JUDGE`]).
    pub judge: &'static str,
    /// The stones the judge removed.
    pub dead_stones: Vec<String>,
    /// Every chain with its status.
    pub chains: Vec<ChainReport>,
    /// With `includeOwnership`: per point, row-major from the top-left (index `y *
    /// boardXSize + x`, `y = 0` the top row, as KataGo), `1` Black's, `-1` White's, `0`
    /// nobody's (dame, seki), from the judged count. Black's perspective, as KataGo with
    /// `reportAnalysisWinratesAs = BLACK`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ownership: Option<Vec<i8>>,
}

/// Captures per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Prisoners {
    /// Captured by Black.
    #[serde(rename = "B")]
    pub black: u32,
    /// Captured by White.
    #[serde(rename = "W")]
    pub white: u32,
}

fn letter(c: Color) -> &'static str {
    match c {
        Color::Black => "B",
        Color::White => "W",
    }
}

/// Answer `q`: one [`TurnAnswer`] per analysed turn, in turn order.
///
/// # Errors
/// A [`QueryError`] for the field `initialStones` (a stone on an occupied point, or a setup
/// leaving a chain without liberties) or `moves` (the first illegal move, numbered from 1).
pub fn analyze(q: &Query) -> Result<Vec<TurnAnswer>, QueryError> {
    let mut out = Vec::with_capacity(q.analyze_turns.len());
    analyze_each(q, |t| {
        out.push(t);
        true
    })?;
    Ok(out)
}

/// Answer `q` turn by turn: `each` gets every [`TurnAnswer`] as soon as it is ready, in turn
/// order, and returns `false` to stop (the query was cancelled, or nobody reads). The setup
/// and every move are checked first, so an illegal query is an error before any answer, as
/// with [`analyze`].
///
/// # Errors
/// As [`analyze`].
pub fn analyze_each(q: &Query, mut each: impl FnMut(TurnAnswer) -> bool) -> Result<(), QueryError> {
    // the cheap pass: every move played once, no answer
    play_through(q, &[], &mut |_: TurnAnswer| true)?;
    play_through(q, &q.analyze_turns, &mut each)
}

/// Play the setup and the moves of `q`, calling `each` with the answer of every turn of
/// `turns` (sorted) until it returns `false`.
fn play_through(
    q: &Query,
    turns: &[usize],
    each: &mut dyn FnMut(TurnAnswer) -> bool,
) -> Result<(), QueryError> {
    let err = |field: &str, msg: String| QueryError {
        error: msg,
        field: Some(field.to_string()),
        id: Some(q.id.clone()),
    };
    let h = q.size.height();
    let vtx = |p: Point| Vertex::of(p, h).to_string();
    let mut board = Board::new(q.size);
    for (i, &(c, p)) in q.initial_stones.iter().enumerate() {
        if board.get(p).is_some() {
            return Err(err(
                "initialStones",
                format!("initialStones[{i}]: {} already holds a stone", vtx(p)),
            ));
        }
        board.edit([(p, Some(c))]);
    }
    if let Some(&p) = board.chains_without_liberties().first() {
        return Err(err(
            "initialStones",
            format!(
                "initialStones leave the chain at {} without liberties",
                vtx(p)
            ),
        ));
    }
    let mut game = Game::from_board(board, q.initial_player, q.rules);
    let mut next = turns.iter().copied().peekable();
    let mut last: Option<LastMove> = None;
    for turn in 0..=q.moves.len() {
        if next.peek() == Some(&turn) {
            next.next();
            let answer = turn_answer(q, &game, turn, last.clone()).map_err(|e| err("moves", e))?;
            if !each(answer) {
                return Ok(());
            }
        }
        let Some(&(color, mv)) = q.moves.get(turn) else {
            break;
        };
        let before = game.board().stone_count(color);
        game.play_as(color, mv).map_err(|e| {
            err(
                "moves",
                format!(
                    "Illegal move {}: {} {} ({})",
                    turn + 1,
                    letter(color),
                    Vertex {
                        mv,
                        height: h as u8
                    },
                    e.reason
                ),
            )
        })?;
        if next.peek().is_some() {
            let mut captures: Vec<Point> = match mv {
                Move::Play(_) => game.board().last_removed().collect(),
                Move::Pass => Vec::new(),
            };
            captures.sort_unstable_by_key(|p| (p.y, p.x));
            let suicide = mv != Move::Pass && game.board().stone_count(color) <= before;
            last = Some(LastMove {
                color: letter(color),
                mv: Vertex {
                    mv,
                    height: h as u8,
                }
                .to_string(),
                captures: captures.into_iter().map(vtx).collect(),
                suicide,
            });
        }
    }
    Ok(())
}

/// A count's owners in KataGo's `ownership` layout: one value per point of a board of `size`,
/// row by row from the top-left (A19 on 19x19) to the bottom-right, `1` where Black owns the
/// point, `-1` where White does, `0` for nobody (dame, seki). This is Black's view; GTP's
/// `kata-analyze` negates it when White is to move.
pub fn ownership(score: &Score, size: Size) -> Vec<i8> {
    size.points()
        .map(|p| match score.owner(p) {
            Some(Color::Black) => 1,
            Some(Color::White) => -1,
            None => 0,
        })
        .collect()
}

fn turn_answer(
    q: &Query,
    game: &Game,
    turn: usize,
    last_move: Option<LastMove>,
) -> Result<TurnAnswer, String> {
    let h = q.size.height();
    let vtx = |p: Point| Vertex::of(p, h).to_string();
    let pos = Position {
        handicap: q.handicap,
        ..Position::of_game(game)
    };
    let exact = count(&pos, &DeadStones::None).map_err(|e| e.to_string())?;
    let j = judged(&pos).map_err(|e| e.to_string())?;
    let ownership = q.include_ownership.then(|| ownership(&j.score, q.size));
    let judged_count = Count::of(&j.score);
    Ok(TurnAnswer {
        id: q.id.clone(),
        turn_number: turn,
        is_during_search: false,
        root_info: RootInfo {
            current_player: letter(game.to_move()),
            score_lead: judged_count.score_lead,
        },
        last_move,
        legal_moves: game.legal_moves().into_iter().map(vtx).collect(),
        prisoners: Prisoners {
            black: game.captures(Color::Black),
            white: game.captures(Color::White),
        },
        score: Counts {
            exact: Count::of(&exact.score),
            judged: judged_count,
        },
        judge: JUDGE,
        dead_stones: j.dead.iter().map(|&p| vtx(p)).collect(),
        chains: j
            .chains
            .into_iter()
            .map(|c| ChainReport {
                color: letter(c.color),
                status: c.status,
                certain: c.certain,
                confidence: (c.confidence as f64 * 100.0).round() / 100.0,
                stones: c.stones.into_iter().map(vtx).collect(),
            })
            .collect(),
        ownership,
    })
}
