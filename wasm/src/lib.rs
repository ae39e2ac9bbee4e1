//! tengen compiled to WebAssembly: the low-level bindings under the npm package's hand-written
//! ES module (`wasm/js/index.js`), which gives them their public JavaScript shape.
//!
//! Every rule decision is made by the `tengen` library: these functions only convert
//! arguments (checking them first, so bad input is a JavaScript exception with a clear message
//! and never a trap) and serialise answers. Structured answers cross the boundary as JSON text,
//! which the module parses: smaller than a serde bridge, and the library's own `Serialize`
//! implementations define the shapes.
#![deny(missing_docs)]

use std::io::Cursor;

use serde::Serialize;
use tengen::formats::digits::{write_board, ProblemReader};
use tengen::formats::text::{read_board, InputFormat};
use tengen::judge::{judge, Options as JudgeOptions, Status};
use tengen::score::{score, ScoreOptions};
use tengen::sgf::{
    self, GameReplay, MainLine, MainLineEvent, Mode, ReplayOptions, Replayer, TextEncoding,
};
use tengen::territory::{territories, territory_at};
use tengen::{Board, Color, Game, IllegalMove, Komi, Move, Point, Rules, Size};
use wasm_bindgen::prelude::*;

/// A JavaScript `Error` with a message, and a `reason` property when given.
fn error(message: &str, reason: Option<&str>) -> JsValue {
    let e = js_sys::Error::new(message);
    if let Some(r) = reason {
        // setting a property on a fresh Error object cannot fail
        let _ = js_sys::Reflect::set(&e, &"reason".into(), &r.into());
    }
    e.into()
}

fn illegal(e: &IllegalMove) -> JsValue {
    let msg = format!(
        "illegal move: {} at ({}, {}): {}",
        e.color.name(),
        e.point.x,
        e.point.y,
        e.reason.name()
    );
    error(&msg, Some(e.reason.name()))
}

fn json<T: Serialize>(v: &T) -> String {
    // the library's Serialize implementations write only strings, numbers, lists and maps
    serde_json::to_string(v).unwrap_or_else(|_| "null".to_string())
}

/// A colour from `1`/`'B'`/`'black'` (black) or `-1`/`2`/`'W'`/`'white'` (white).
fn color_of(v: &JsValue) -> Result<Color, JsValue> {
    if let Some(n) = v.as_f64() {
        return match n {
            1.0 => Ok(Color::Black),
            -1.0 | 2.0 => Ok(Color::White),
            _ => Err(error(
                &format!("bad colour {n}: expected 1 or 'B' (black), -1, 2 or 'W' (white)"),
                None,
            )),
        };
    }
    if let Some(s) = v.as_string() {
        return s.parse::<Color>().map_err(|_| {
            error(
                &format!("bad colour {s:?}: expected 'B', 'W', 'black' or 'white' (or 1, -1, 2)"),
                None,
            )
        });
    }
    Err(error(
        "bad colour: expected 1 or 'B' (black), -1, 2 or 'W' (white)",
        None,
    ))
}

fn sign(c: Option<Color>) -> i8 {
    match c {
        Some(Color::Black) => 1,
        Some(Color::White) => -1,
        None => 0,
    }
}

/// A whole number in `0..limit` as a coordinate, else `None`.
fn coord(v: f64, limit: usize) -> Option<u8> {
    if v.fract() == 0.0 && v >= 0.0 && v < limit as f64 {
        Some(v as u8)
    } else {
        None
    }
}

/// The point `(x, y)` of a board of `size`, or an `off board` error.
fn point_of(size: Size, x: f64, y: f64) -> Result<Point, JsValue> {
    match (coord(x, size.width()), coord(y, size.height())) {
        (Some(x), Some(y)) => Ok(Point::new(x, y)),
        _ => Err(error(
            &format!(
                "point ({x}, {y}) is off the {}x{} board (columns 0..{}, rows 0..{})",
                size.width(),
                size.height(),
                size.width() - 1,
                size.height() - 1
            ),
            Some("off board"),
        )),
    }
}

fn size_of(width: f64, height: f64) -> Result<Size, JsValue> {
    let ok = |v: f64| v.fract() == 0.0 && (1.0..=52.0).contains(&v);
    if !ok(width) || !ok(height) {
        return Err(error(
            &format!(
                "bad board size {width}x{height}: each side must be a whole number from 1 to 52"
            ),
            None,
        ));
    }
    Size::new(width as usize, height as usize).map_err(|e| error(&e.to_string(), None))
}

fn rules_of(name: &str) -> Result<Rules, JsValue> {
    Rules::from_name(name).map_err(|e| error(&e.to_string(), None))
}

fn komi_of(v: Option<f64>) -> Result<Option<Komi>, JsValue> {
    match v {
        None => Ok(None),
        Some(k) if (k * 2.0).fract() == 0.0 && k.abs() <= 10_000.0 => {
            Ok(Some(Komi::from_half_points((k * 2.0) as i32)))
        }
        Some(k) => Err(error(
            &format!("bad komi {k}: expected a whole or half number"),
            None,
        )),
    }
}

fn points_json(points: &[Point]) -> String {
    let v: Vec<[u8; 2]> = points.iter().map(|p| [p.x, p.y]).collect();
    json(&v)
}

/// Dead-stone points from a flat list `[x0, y0, x1, y1, ...]`.
fn dead_of(size: Size, flat: &[f64]) -> Result<Vec<Point>, JsValue> {
    if flat.len() % 2 != 0 {
        return Err(error("dead stones: expected [x, y] pairs", None));
    }
    flat.chunks(2).map(|c| point_of(size, c[0], c[1])).collect()
}

fn rows_of(board: &Board) -> Vec<String> {
    (0..board.height())
        .map(|y| {
            (0..board.width())
                .map(|x| match board.get(Point::new(x as u8, y as u8)) {
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                    None => ' ',
                })
                .collect()
        })
        .collect()
}

fn signs_of(board: &Board) -> Vec<i8> {
    board.size().points().map(|p| sign(board.get(p))).collect()
}

#[derive(Serialize)]
struct ChainJson {
    color: i8,
    stones: Vec<[u8; 2]>,
    liberties: Vec<[u8; 2]>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct AnalysisJson {
    legal: bool,
    reason: Option<&'static str>,
    pass: bool,
    overwrite: bool,
    capturing: bool,
    captures: Vec<[u8; 2]>,
    suicide: bool,
    ko: bool,
    retakes_ko: bool,
    liberties: usize,
}

#[derive(Serialize)]
struct ChainJudgementJson {
    color: i8,
    stones: Vec<[u8; 2]>,
    status: Status,
    certain: bool,
    confidence: f32,
}

#[derive(Serialize)]
struct JudgementJson<'a> {
    result: String,
    dead: Vec<[u8; 2]>,
    seki: Vec<[u8; 2]>,
    chains: Vec<ChainJudgementJson>,
    /// Row by row, +1 black to -1 white, rounded to 3 decimals.
    ownership: Vec<f32>,
    score: &'a tengen::score::Score,
    rules: &'static str,
    komi: f64,
    #[serde(rename = "toMove")]
    to_move: i8,
    playouts: u32,
    seed: u64,
}

/// The judge's options from the JS arguments (checked: playouts a whole number up to 100000,
/// seed a whole number from 0 to 2^53).
fn judge_options(
    playouts: Option<f64>,
    seed: Option<f64>,
    captures: [u32; 2],
    handicap: u32,
) -> Result<JudgeOptions, JsValue> {
    let mut o = JudgeOptions {
        captures,
        handicap,
        ..JudgeOptions::default()
    };
    if let Some(n) = playouts {
        if n.fract() != 0.0 || !(0.0..=100_000.0).contains(&n) {
            return Err(error(
                &format!("bad playouts {n}: expected a whole number from 0 to 100000"),
                None,
            ));
        }
        o.playouts = n as u32;
    }
    if let Some(v) = seed {
        if v.fract() != 0.0 || !(0.0..=9_007_199_254_740_992.0).contains(&v) {
            return Err(error(
                &format!("bad seed {v}: expected a whole number from 0 to 2^53"),
                None,
            ));
        }
        o.seed = v as u64;
    }
    Ok(o)
}

/// Judge `board` and serialise the judgement; a chain without liberties (rows that are no
/// position of a game) is an error.
fn judge_json(
    board: &Board,
    rules: &Rules,
    to_move: Color,
    o: &JudgeOptions,
) -> Result<String, JsValue> {
    if let Some(&p) = board.chains_without_liberties().first() {
        return Err(error(
            &format!(
                "cannot judge: the chain at ({}, {}) has no liberties (no position of a game)",
                p.x, p.y
            ),
            None,
        ));
    }
    let j = judge(board, rules, to_move, o);
    let pts = |v: &[Point]| v.iter().map(|p| [p.x, p.y]).collect::<Vec<_>>();
    Ok(json(&JudgementJson {
        result: j.result().to_string(),
        dead: pts(&j.dead),
        seki: pts(&j.seki),
        chains: j
            .chains
            .iter()
            .map(|c| ChainJudgementJson {
                color: sign(Some(c.color)),
                stones: pts(&c.stones),
                status: c.status,
                certain: c.certain,
                confidence: (c.confidence * 1000.0).round() / 1000.0,
            })
            .collect(),
        ownership: j
            .ownership
            .iter()
            .map(|v| (v * 1000.0).round() / 1000.0)
            .collect(),
        score: &j.score,
        rules: rules.preset().map_or("custom", |p| p.name()),
        komi: rules.komi.as_f64(),
        to_move: sign(Some(to_move)),
        playouts: o.playouts,
        seed: o.seed,
    }))
}

/// A board position with the rules its moves are checked under (suicide and simple ko).
#[wasm_bindgen]
pub struct WBoard {
    board: Board,
    rules: Rules,
}

#[wasm_bindgen]
impl WBoard {
    /// An empty board, `width` x `height` (1 to 52 each), under the rules named `rules`.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, rules: &str) -> Result<WBoard, JsValue> {
        Ok(WBoard {
            board: Board::new(size_of(width, height)?),
            rules: rules_of(rules)?,
        })
    }

    /// A board from rows of `' '`, `'B'`, `'W'` (or `.`, `X`, `O`) given as JSON text.
    #[wasm_bindgen(js_name = fromRowsJson)]
    pub fn from_rows_json(rows: &str, rules: &str) -> Result<WBoard, JsValue> {
        let board = read_board(rows, InputFormat::Json)
            .map_err(|e| error(&format!("bad rows: {e}"), None))?;
        Ok(WBoard {
            board,
            rules: rules_of(rules)?,
        })
    }

    /// Columns.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.board.width()
    }

    /// Rows.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> usize {
        self.board.height()
    }

    /// The rules' canonical name (or `custom`).
    #[wasm_bindgen(getter, js_name = rulesName)]
    pub fn rules_name(&self) -> String {
        self.rules
            .preset()
            .map_or("custom", |p| p.name())
            .to_string()
    }

    /// A copy.
    #[wasm_bindgen(js_name = clone)]
    pub fn clone_board(&self) -> WBoard {
        WBoard {
            board: self.board.clone(),
            rules: self.rules,
        }
    }

    /// 1 black, -1 white, 0 empty.
    pub fn get(&self, x: f64, y: f64) -> Result<i8, JsValue> {
        let p = point_of(self.board.size(), x, y)?;
        Ok(sign(self.board.get(p)))
    }

    /// Put a stone (or remove it with colour 0) without playing a move.
    pub fn set(&mut self, x: f64, y: f64, color: JsValue) -> Result<(), JsValue> {
        let p = point_of(self.board.size(), x, y)?;
        let c = if color.as_f64() == Some(0.0) || color.is_null() {
            None
        } else {
            Some(color_of(&color)?)
        };
        self.board.edit([(p, c)]);
        if let Some(q) = self.board.chains_without_liberties().first() {
            let q = *q;
            self.board.edit([(p, None)]);
            return Err(error(
                &format!(
                    "setting ({}, {}) would leave the chain at ({}, {}) without liberties",
                    p.x, p.y, q.x, q.y
                ),
                None,
            ));
        }
        Ok(())
    }

    /// Play a move: the captured stones as JSON `[[x, y], ...]`, or an error with `reason`.
    pub fn play(&mut self, x: f64, y: f64, color: JsValue) -> Result<String, JsValue> {
        let c = color_of(&color)?;
        let p = point_of(self.board.size(), x, y)?;
        self.board
            .play(p, c, &self.rules)
            .map_err(|e| illegal(&e))?;
        let mut removed: Vec<Point> = self.board.last_removed().collect();
        removed.sort_by_key(|p| (p.y, p.x));
        Ok(points_json(&removed))
    }

    /// A pass (clears the ko point).
    pub fn pass(&mut self) {
        self.board.pass();
    }

    /// Why the move would be illegal (`null` when legal).
    pub fn check(&self, x: f64, y: f64, color: JsValue) -> Result<Option<String>, JsValue> {
        let c = color_of(&color)?;
        match point_of(self.board.size(), x, y) {
            Err(_) => Ok(Some("off board".to_string())),
            Ok(p) => Ok(self
                .board
                .check(p, c, &self.rules)
                .err()
                .map(|e| e.reason.name().to_string())),
        }
    }

    /// Every legal point for `color`, JSON `[[x, y], ...]` sorted by row then column.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self, color: JsValue) -> Result<String, JsValue> {
        let c = color_of(&color)?;
        Ok(points_json(&self.board.legal_moves(c, &self.rules)))
    }

    /// The chain at a point as JSON `{color, stones, liberties}`, `null` for an empty point.
    pub fn chain(&self, x: f64, y: f64) -> Result<String, JsValue> {
        let p = point_of(self.board.size(), x, y)?;
        Ok(match self.board.chain(p) {
            None => "null".to_string(),
            Some(ch) => json(&ChainJson {
                color: sign(Some(ch.color)),
                stones: ch.stones.iter().map(|p| [p.x, p.y]).collect(),
                liberties: ch.liberties.iter().map(|p| [p.x, p.y]).collect(),
            }),
        })
    }

    /// Liberties of the chain at a point; `undefined` for an empty point.
    pub fn liberties(&self, x: f64, y: f64) -> Result<Option<usize>, JsValue> {
        let p = point_of(self.board.size(), x, y)?;
        Ok(self.board.liberties(p))
    }

    /// A look at a move without playing it, as JSON.
    #[wasm_bindgen(js_name = analyzeMove)]
    pub fn analyze_move(&self, x: f64, y: f64, color: JsValue) -> Result<String, JsValue> {
        let c = color_of(&color)?;
        let p = point_of(self.board.size(), x, y)?;
        let a = self.board.analyze(p, c, &self.rules);
        let reason = a.legality.err().map(|e| e.reason.name());
        Ok(json(&AnalysisJson {
            legal: reason.is_none(),
            reason,
            pass: false,
            overwrite: self.board.get(p).is_some(),
            capturing: !a.captures.is_empty(),
            captures: a.captures.iter().map(|p| [p.x, p.y]).collect(),
            suicide: a.suicide,
            ko: a.creates_ko,
            retakes_ko: a.retakes_ko,
            liberties: a.liberties_after,
        }))
    }

    /// Rows of `' '`, `'B'`, `'W'` as JSON.
    #[wasm_bindgen(js_name = toRowsJson)]
    pub fn to_rows_json(&self) -> String {
        json(&rows_of(&self.board))
    }

    /// Signs row-major (1 black, -1 white, 0 empty).
    pub fn signs(&self) -> Vec<i8> {
        signs_of(&self.board)
    }

    /// The position's Zobrist hash as 16 hex digits.
    #[wasm_bindgen(getter)]
    pub fn hash(&self) -> String {
        format!("{:016x}", self.board.hash())
    }

    /// The point where a ko forbids an immediate retake, as JSON `[x, y]` or `null`.
    #[wasm_bindgen(js_name = koJson)]
    pub fn ko_json(&self) -> String {
        match self.board.ko() {
            Some((p, _)) => json(&[p.x, p.y]),
            None => "null".to_string(),
        }
    }

    /// The territory task's `getTerritory(x, y)` as JSON (any coordinate; off the board is
    /// `{"error":"Invalid coordinate"}`).
    #[wasm_bindgen(js_name = territoryAtJson)]
    pub fn territory_at_json(&self, x: f64, y: f64) -> String {
        let (xi, yi) = if x.fract() == 0.0 && y.fract() == 0.0 && x.abs() < 1e9 && y.abs() < 1e9 {
            (x as i64, y as i64)
        } else {
            (-1, -1)
        };
        match territory_at(&self.board, xi, yi) {
            Ok(t) => json(&t),
            Err(e) => json(&serde_json::json!({ "error": e.to_string() })),
        }
    }

    /// The territory task's `getTerritories()` as JSON.
    #[wasm_bindgen(js_name = territoriesJson)]
    pub fn territories_json(&self) -> String {
        json(&territories(&self.board))
    }

    /// Score the position as JSON (the library's `Score`): rules by name, komi (`undefined`: the
    /// preset's), dead stones as flat `[x0, y0, ...]`, captures made during the game, handicap.
    #[wasm_bindgen(js_name = scoreJson)]
    pub fn score_json(
        &self,
        rules: &str,
        komi: Option<f64>,
        dead: &[f64],
        black_captures: u32,
        white_captures: u32,
        handicap: u32,
    ) -> Result<String, JsValue> {
        let mut r = rules_of(rules)?;
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        let mut opts = ScoreOptions::new(r);
        opts.dead = dead_of(self.board.size(), dead)?;
        opts.captures = [black_captures, white_captures];
        opts.handicap = handicap;
        let s = score(&self.board, &opts).map_err(|e| error(&e.to_string(), None))?;
        Ok(json(&s))
    }
    /// Judge the position as a finished game (the library's judge: dead stones, seki, each
    /// chain's status with its confidence, ownership, the count) as JSON: rules by name, komi
    /// (`undefined`: the preset's), the player to move, captures made during the game,
    /// handicap, playouts and seed (`undefined`: the judge's defaults).
    #[wasm_bindgen(js_name = judgeJson)]
    #[allow(clippy::too_many_arguments)]
    pub fn judge_json(
        &self,
        rules: &str,
        komi: Option<f64>,
        to_move: JsValue,
        black_captures: u32,
        white_captures: u32,
        handicap: u32,
        playouts: Option<f64>,
        seed: Option<f64>,
    ) -> Result<String, JsValue> {
        let mut r = rules_of(rules)?;
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        let c = color_of(&to_move)?;
        let o = judge_options(playouts, seed, [black_captures, white_captures], handicap)?;
        judge_json(&self.board, &r, c, &o)
    }
}

#[derive(Serialize)]
struct MoveJson {
    color: i8,
    x: Option<u8>,
    y: Option<u8>,
    pass: bool,
}

fn move_json(color: Color, mv: Move) -> MoveJson {
    match mv {
        Move::Play(p) => MoveJson {
            color: sign(Some(color)),
            x: Some(p.x),
            y: Some(p.y),
            pass: false,
        },
        Move::Pass => MoveJson {
            color: sign(Some(color)),
            x: None,
            y: None,
            pass: true,
        },
    }
}

/// A game: a board, whose turn it is, the history with superko, captures, undo.
#[wasm_bindgen]
pub struct WGame {
    game: Game,
}

#[wasm_bindgen]
impl WGame {
    /// A new game on an empty `width` x `height` board under the rules named `rules`, with
    /// `komi` (`undefined`: the preset's).
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, rules: &str, komi: Option<f64>) -> Result<WGame, JsValue> {
        let mut r = rules_of(rules)?;
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        Ok(WGame {
            game: Game::new(size_of(width, height)?, r),
        })
    }

    /// A game from a position, with `toMove` to play.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(board: &WBoard, to_move: JsValue, rules: &str) -> Result<WGame, JsValue> {
        Ok(WGame {
            game: Game::from_board(board.board.clone(), color_of(&to_move)?, rules_of(rules)?),
        })
    }

    /// Columns.
    #[wasm_bindgen(getter)]
    pub fn width(&self) -> usize {
        self.game.board().width()
    }

    /// Rows.
    #[wasm_bindgen(getter)]
    pub fn height(&self) -> usize {
        self.game.board().height()
    }

    /// The rules as JSON (fields of the library's `Rules`, plus `name`).
    #[wasm_bindgen(js_name = rulesJson)]
    pub fn rules_json(&self) -> String {
        let r = self.game.rules();
        let mut v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
        if let Some(m) = v.as_object_mut() {
            let name = r.preset().map_or("custom", |p| p.name());
            m.insert("name".into(), name.into());
            m.insert("komi".into(), r.komi.as_f64().into());
        }
        v.to_string()
    }

    /// Change the rules (by preset name) and komi for the moves to come.
    #[wasm_bindgen(js_name = setRules)]
    pub fn set_rules(&mut self, rules: &str, komi: Option<f64>) -> Result<(), JsValue> {
        let mut r = rules_of(rules)?;
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        self.game.set_rules(r);
        Ok(())
    }

    /// 1 black, -1 white.
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> i8 {
        sign(Some(self.game.to_move()))
    }

    /// Set whose turn it is.
    #[wasm_bindgen(js_name = setToMove)]
    pub fn set_to_move(&mut self, color: JsValue) -> Result<(), JsValue> {
        self.game.set_to_move(color_of(&color)?);
        Ok(())
    }

    /// Moves played, passes included.
    #[wasm_bindgen(getter, js_name = moveCount)]
    pub fn move_count(&self) -> usize {
        self.game.move_count()
    }

    /// Stones captured by `color`.
    pub fn captures(&self, color: JsValue) -> Result<u32, JsValue> {
        Ok(self.game.captures(color_of(&color)?))
    }

    /// Two passes in a row.
    #[wasm_bindgen(getter, js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.game.is_over()
    }

    /// 1 black, -1 white, 0 empty.
    pub fn get(&self, x: f64, y: f64) -> Result<i8, JsValue> {
        let p = point_of(self.game.board().size(), x, y)?;
        Ok(sign(self.game.board().get(p)))
    }

    /// The current position (a copy), under the game's rules.
    pub fn board(&self) -> WBoard {
        WBoard {
            board: self.game.board().clone(),
            rules: *self.game.rules(),
        }
    }

    /// Signs row-major.
    pub fn signs(&self) -> Vec<i8> {
        signs_of(self.game.board())
    }

    /// Play a stone for `color` (`undefined`: the player to move).
    pub fn play(&mut self, x: f64, y: f64, color: JsValue) -> Result<(), JsValue> {
        let c = if color.is_undefined() || color.is_null() {
            self.game.to_move()
        } else {
            color_of(&color)?
        };
        let p = point_of(self.game.board().size(), x, y)?;
        self.game.play_as(c, Move::Play(p)).map_err(|e| illegal(&e))
    }

    /// A pass for `color` (`undefined`: the player to move).
    pub fn pass(&mut self, color: JsValue) -> Result<(), JsValue> {
        let c = if color.is_undefined() || color.is_null() {
            self.game.to_move()
        } else {
            color_of(&color)?
        };
        self.game.play_as(c, Move::Pass).map_err(|e| illegal(&e))
    }

    /// Why a stone of the player to move at `(x, y)` would be illegal; `null` when legal.
    pub fn check(&self, x: f64, y: f64) -> Option<String> {
        match point_of(self.game.board().size(), x, y) {
            Err(_) => Some("off board".to_string()),
            Ok(p) => self
                .game
                .check(self.game.to_move(), Move::Play(p))
                .err()
                .map(|e| e.reason.name().to_string()),
        }
    }

    /// Legal points for the player to move (superko included), JSON.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> String {
        points_json(&self.game.legal_moves())
    }

    /// Take back the last move: the move as JSON, or `null` at the start.
    pub fn undo(&mut self) -> String {
        match self.game.undo() {
            Some(m) => json(&move_json(m.color, m.mv)),
            None => "null".to_string(),
        }
    }

    /// The moves played, as JSON `[{color, x, y, pass}, ...]`.
    #[wasm_bindgen(js_name = historyJson)]
    pub fn history_json(&self) -> String {
        let v: Vec<MoveJson> = self
            .game
            .moves()
            .map(|m| move_json(m.color, m.mv))
            .collect();
        json(&v)
    }

    /// Score the current position under the game's rules and komi (or `rules`/`komi` when
    /// given), with the game's captures and the dead stones listed as flat `[x0, y0, ...]`.
    #[wasm_bindgen(js_name = scoreJson)]
    pub fn score_json(
        &self,
        dead: &[f64],
        rules: Option<String>,
        komi: Option<f64>,
        handicap: u32,
    ) -> Result<String, JsValue> {
        let mut opts = ScoreOptions::for_game(&self.game);
        if let Some(name) = rules {
            let k = opts.rules.komi;
            opts.rules = rules_of(&name)?;
            opts.rules.komi = k;
        }
        if let Some(k) = komi_of(komi)? {
            opts.rules.komi = k;
        }
        opts.dead = dead_of(self.game.board().size(), dead)?;
        opts.handicap = handicap;
        let s = score(self.game.board(), &opts).map_err(|e| error(&e.to_string(), None))?;
        Ok(json(&s))
    }

    /// Judge the current position (see `WBoard::judgeJson`) with the game's captures, player
    /// to move, rules and komi (or `rules`/`komi` when given).
    #[wasm_bindgen(js_name = judgeJson)]
    pub fn judge_json(
        &self,
        rules: Option<String>,
        komi: Option<f64>,
        handicap: u32,
        playouts: Option<f64>,
        seed: Option<f64>,
    ) -> Result<String, JsValue> {
        let mut r = *self.game.rules();
        if let Some(name) = rules {
            let k = r.komi;
            r = rules_of(&name)?;
            r.komi = k;
        }
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        let caps = [
            self.game.captures(Color::Black),
            self.game.captures(Color::White),
        ];
        let o = judge_options(playouts, seed, caps, handicap)?;
        judge_json(self.game.board(), &r, self.game.to_move(), &o)
    }

    /// The game as SGF text (FF[4], UTF-8), through the library's SGF reader and writer.
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self, extra_root: &str) -> Result<String, JsValue> {
        let b = self.game.board();
        let r = self.game.rules();
        let mut s = String::from("(;GM[1]FF[4]CA[UTF-8]AP[tengen-wasm]");
        if b.width() == b.height() {
            s.push_str(&format!("SZ[{}]", b.width()));
        } else {
            s.push_str(&format!("SZ[{}:{}]", b.width(), b.height()));
        }
        if let Some(p) = r.preset() {
            s.push_str(&format!("RU[{}]", p.name()));
        }
        s.push_str(&format!("KM[{}]", r.komi));
        // the starting position (setup or handicap stones): undo a copy back to the start
        let mut start = self.game.clone();
        while start.undo().is_some() {}
        for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let pts: Vec<Point> = start
                .board()
                .size()
                .points()
                .filter(|&p| start.board().get(p) == Some(color))
                .collect();
            if !pts.is_empty() {
                s.push_str(id);
                for p in pts {
                    s.push_str(&format!("[{}]", sgf::point_to_sgf(p)));
                }
            }
        }
        if start.to_move() == Color::White && self.game.move_count() == 0 {
            s.push_str("PL[W]");
        }
        s.push_str(extra_root);
        for m in self.game.moves() {
            let c = if m.color == Color::Black { 'B' } else { 'W' };
            match m.mv {
                Move::Play(p) => s.push_str(&format!(";{c}[{}]", sgf::point_to_sgf(p))),
                Move::Pass => s.push_str(&format!(";{c}[]")),
            }
        }
        s.push(')');
        // normalise through the library: parse strictly (this also checks extra_root) and write
        let parsed = sgf::parse(s.as_bytes(), Mode::Strict)
            .map_err(|e| error(&format!("bad SGF root properties: {e}"), None))?;
        String::from_utf8(sgf::write(&parsed.collection))
            .map_err(|_| error("the SGF writer produced bytes that are not UTF-8", None))
    }
}

/// The move task (`tengen move`): the answer to every problem in `input`, exactly as the CLI
/// prints it (`1` and the new board, or `0`), under the rules named `rules` (`task` by default).
#[wasm_bindgen(js_name = moveTask)]
pub fn move_task(input: &str, rules: &str) -> Result<String, JsValue> {
    let rules = rules_of(rules)?;
    let mut out: Vec<u8> = Vec::new();
    let mut reader = ProblemReader::new(Cursor::new(input.as_bytes()));
    while let Some(problem) = reader.read_problem() {
        let mut problem = problem.map_err(|e| error(&e.to_string(), None))?;
        match problem.board.play(problem.point, problem.color, &rules) {
            Ok(_) => {
                out.extend_from_slice(b"1\n");
                // writing into a Vec cannot fail
                let _ = write_board(&mut out, &problem.board, problem.spaced);
            }
            Err(_) => out.extend_from_slice(b"0\n"),
        }
    }
    String::from_utf8(out).map_err(|_| error("answer is not UTF-8", None))
}

/// Canonical names of the rule presets, JSON.
#[wasm_bindgen(js_name = presetsJson)]
pub fn presets_json() -> String {
    json(&tengen::Preset::NAMES)
}

/// The rules a name stands for, as JSON (fields of `Rules`, komi as a number, `name`).
#[wasm_bindgen(js_name = rulesJson)]
pub fn rules_json(name: &str) -> Result<String, JsValue> {
    let r = rules_of(name)?;
    let mut v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
    if let Some(m) = v.as_object_mut() {
        m.insert(
            "name".into(),
            r.preset().map_or("custom", |p| p.name()).into(),
        );
        m.insert("komi".into(), r.komi.as_f64().into());
    }
    Ok(v.to_string())
}

#[derive(Serialize)]
struct SgfJson {
    charset: Option<String>,
    /// Whether text values are latin-1 stand-ins for bytes the JS side must decode with
    /// `TextDecoder(charset)` (a charset this build does not carry).
    #[serde(rename = "decodeInJs")]
    decode_in_js: bool,
    root: serde_json::Map<String, serde_json::Value>,
    width: usize,
    height: usize,
    moves: Vec<MoveJson>,
    nodes: usize,
    games: usize,
    warnings: Vec<String>,
}

/// Whether a `CA` label is UTF-8 (or absent) or latin-1, which the library decodes itself.
fn decoded_in_rust(ca: Option<&[u8]>) -> bool {
    match ca {
        None => true,
        Some(l) => {
            let l = l.trim_ascii().to_ascii_lowercase();
            l == b"utf-8" || l == b"utf8" || TextEncoding::from_ca(Some(&l)) != TextEncoding::Guess
        }
    }
}

/// The first game of an SGF file: root properties decoded (text values as text, lists as
/// arrays), the board size and the main line's moves, as JSON. A game other than Go (`GM`
/// not 1) or a bad `SZ` is an error, as in replay.
#[wasm_bindgen(js_name = parseSgfJson)]
pub fn parse_sgf_json(bytes: &[u8]) -> Result<String, JsValue> {
    let parsed = sgf::parse(bytes, Mode::Lenient)
        .map_err(|e| error(&format!("unreadable SGF: {e}"), None))?;
    let coll = &parsed.collection;
    let Some(&root) = coll.roots().first() else {
        return Err(error("unreadable SGF: the file holds no game", None));
    };
    let ca = coll.node(root).value("CA");
    let in_js = !decoded_in_rust(ca);
    let enc = if in_js {
        TextEncoding::Latin1
    } else {
        // the library's one detector: CA, else valid or Fox-mangled UTF-8, else legacy
        TextEncoding::detect(ca, bytes).0
    };
    let mut map = serde_json::Map::new();
    for prop in &coll.node(root).props {
        let vals: Vec<serde_json::Value> = prop
            .values
            .iter()
            .map(|v| sgf::decode_text(v, enc).into())
            .collect();
        let v = if vals.len() == 1 {
            vals.into_iter().next().unwrap_or_default()
        } else {
            serde_json::Value::Array(vals)
        };
        map.insert(prop.id.clone(), v);
    }
    // the library's reader of the main line (GM and SZ checked); the moves only, and the
    // parser's warnings only (its warnings of malformed values are not shown here)
    let line = MainLine::read(coll, root).map_err(|e| error(&e.to_string(), None))?;
    let moves: Vec<MoveJson> = (line.events.iter())
        .filter_map(|e| match *e {
            MainLineEvent::Move { color, mv, .. } => Some(move_json(color, mv)),
            MainLineEvent::Setup { .. } => None,
        })
        .collect();
    Ok(json(&SgfJson {
        charset: ca.map(|c| String::from_utf8_lossy(c).into_owned()),
        decode_in_js: in_js,
        root: map,
        width: line.size.width(),
        height: line.size.height(),
        moves,
        nodes: line.nodes,
        games: coll.roots().len(),
        warnings: parsed.warnings.iter().map(|w| w.to_string()).collect(),
    }))
}

#[derive(Serialize)]
struct IllegalJson {
    number: usize,
    x: u8,
    y: u8,
    color: i8,
    reason: &'static str,
    message: String,
}

#[derive(Serialize)]
struct ReplayJson {
    width: usize,
    height: usize,
    rules: String,
    komi: f64,
    moves: usize,
    captures: [u32; 2],
    #[serde(rename = "toMove")]
    to_move: i8,
    result: Option<String>,
    handicap: u32,
    error: Option<IllegalJson>,
    warnings: Vec<String>,
}

/// Replays an SGF record's main line under its rules (or `rules`/`komi` when given).
#[wasm_bindgen]
pub struct WReplay {
    replayer: Replayer,
    bytes: Vec<u8>,
    opts: ReplayOptions,
    replay: GameReplay,
    summary: String,
    captures: Vec<u32>,
}

fn replay_json(r: &sgf::Replay) -> String {
    json(&ReplayJson {
        width: r.size.width(),
        height: r.size.height(),
        rules: r.rules.preset().map_or("custom", |p| p.name()).to_string(),
        komi: r.rules.komi.as_f64(),
        moves: r.moves,
        captures: r.captures,
        to_move: sign(Some(r.to_move)),
        result: r.result.clone(),
        handicap: r.handicap,
        error: r.error.map(|e| IllegalJson {
            number: e.number,
            x: e.point.x,
            y: e.point.y,
            color: sign(Some(e.color)),
            reason: e.reason.name(),
            message: e.to_string(),
        }),
        warnings: r.warnings.iter().map(|w| w.to_string()).collect(),
    })
}

/// Write position `n`'s signs (row-major) into `signs` and its captures (black, white) into
/// `captures`.
fn put_position(signs: &mut [i8], captures: &mut [u32], n: usize, board: &Board, caps: [u32; 2]) {
    let area = board.size().area();
    for (slot, p) in signs[n * area..(n + 1) * area]
        .iter_mut()
        .zip(board.size().points())
    {
        *slot = sign(board.get(p));
    }
    captures[2 * n] = caps[0];
    captures[2 * n + 1] = caps[1];
}

#[wasm_bindgen]
impl WReplay {
    /// Replay the whole main line once (every move checked) into an undoable game: the
    /// outcome is `summaryJson`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        bytes: &[u8],
        rules: Option<String>,
        komi: Option<f64>,
        tolerant: bool,
    ) -> Result<WReplay, JsValue> {
        let opts = ReplayOptions {
            rules: rules.as_deref().map(rules_of).transpose()?,
            komi: komi_of(komi)?,
            tolerant,
            ..ReplayOptions::default()
        };
        let mut replayer = Replayer::new();
        let replay = replayer
            .replay_game(bytes, &opts)
            .map_err(|e| error(&format!("unreadable SGF: {e}"), None))?;
        Ok(WReplay {
            summary: replay_json(&replay.replay),
            replayer,
            bytes: bytes.to_vec(),
            opts,
            replay,
            captures: Vec::new(),
        })
    }

    /// The outcome of the whole replay, JSON.
    #[wasm_bindgen(getter, js_name = summaryJson)]
    pub fn summary_json(&self) -> String {
        self.summary.clone()
    }

    /// Number of moves played (the positions are `0..=moves`).
    #[wasm_bindgen(getter)]
    pub fn moves(&self) -> usize {
        self.replay.moves.len()
    }

    /// Every position `0..=moves` (0: after the setup) concatenated, `area` signs each
    /// (row-major); the captures of each position are then `allCaptures`. Linear: the replayed
    /// game is taken back one move at a time; only positions before a setup node in the middle
    /// of the record (rare) are replayed again up to their move.
    #[wasm_bindgen(js_name = allPositions)]
    pub fn all_positions(&mut self) -> Result<Vec<i8>, JsValue> {
        let n = self.replay.moves.len();
        let area = self.replay.replay.size.area();
        let mut signs = vec![0i8; (n + 1) * area];
        let mut caps = vec![0u32; (n + 1) * 2];
        let start = self.replay.history_start.min(n);
        let mut g = self.replay.game.clone();
        for k in (start..=n).rev() {
            let c = [g.captures(Color::Black), g.captures(Color::White)];
            put_position(&mut signs, &mut caps, k, g.board(), c);
            if k > start && g.undo().is_none() {
                return Err(error(
                    &format!("the replayed game cannot be taken back to move {}", k - 1),
                    None,
                ));
            }
        }
        for k in 0..start {
            let opts = ReplayOptions {
                until: Some(k),
                ..self.opts
            };
            let r = self
                .replayer
                .replay(&self.bytes, &opts)
                .map_err(|e| error(&format!("unreadable SGF: {e}"), None))?;
            put_position(&mut signs, &mut caps, k, self.replayer.board(), r.captures);
        }
        self.captures = caps;
        Ok(signs)
    }

    /// The captures (black, white) of every position of the last `allPositions`, 2 numbers each.
    #[wasm_bindgen(js_name = allCaptures)]
    pub fn all_captures(&self) -> Vec<u32> {
        self.captures.clone()
    }
}

/// Replay only, for speed: the outcome of replaying the record (every move checked), JSON.
#[wasm_bindgen(js_name = replaySummaryJson)]
pub fn replay_summary_json(bytes: &[u8]) -> Result<String, JsValue> {
    thread_local! {
        static REPLAYER: std::cell::RefCell<Replayer> = std::cell::RefCell::new(Replayer::new());
    }
    REPLAYER.with(|r| {
        let rep = r
            .borrow_mut()
            .replay(bytes, &ReplayOptions::default())
            .map_err(|e| error(&format!("unreadable SGF: {e}"), None))?;
        Ok(replay_json(&rep))
    })
}
