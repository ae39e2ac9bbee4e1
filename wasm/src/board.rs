//! `WBoard`: a position with the rules its moves are checked under.

use serde::Serialize;
use tengen::count::Position;
use tengen::formats::text::read_rows;
use tengen::territory::{territories, territory_at};
use tengen::{Board, Point, Rules};
use wasm_bindgen::prelude::*;

use crate::convert::{
    captures_arg, color_of, dead_of, error, handicap_arg, illegal, json, komi_of, point_of,
    points_json, rows_of, rules_arg, sign, signs_of, size_of,
};
use crate::judge::{judge_json, judge_options, score_json};
use crate::read::{life_and_death_json, read_json, semeai_json};

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
/// A board position with the rules its moves are checked under (suicide and simple ko).
#[wasm_bindgen]
pub struct WBoard {
    pub(crate) board: Board,
    pub(crate) rules: Rules,
}

#[wasm_bindgen]
impl WBoard {
    /// An empty board, `width` x `height` (1 to 52 each), under the rules named `rules`.
    #[wasm_bindgen(constructor)]
    pub fn new(width: f64, height: f64, rules: JsValue) -> Result<WBoard, JsValue> {
        Ok(WBoard {
            board: Board::new(size_of(width, height)?),
            rules: rules_arg(&rules)?,
        })
    }

    /// A board from rows of `' '`, `'B'`, `'W'` (or `.`, `X`, `O`), one string a row.
    // An array of strings rather than its JSON text: reading JSON would bring serde_json's
    // parser and Rust's float parser into the .wasm (about 12 KB) for this one call.
    #[wasm_bindgen(js_name = fromRows)]
    pub fn from_rows(rows: Vec<String>, rules: JsValue) -> Result<WBoard, JsValue> {
        // read_rows places an error at a line (the row from 1) and a column (from 1); the
        // package's coordinates count from 0
        let board = read_rows(&rows).map_err(|e| {
            let msg = match e.column {
                Some(c) => format!(
                    "bad rows: at x {}, y {}: {}",
                    c.saturating_sub(1),
                    e.line.saturating_sub(1),
                    e.kind
                ),
                None => format!("bad rows: {}", e.kind),
            };
            error(&msg, None)
        })?;
        Ok(WBoard {
            board,
            rules: rules_arg(&rules)?,
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
        rules: JsValue,
        komi: Option<f64>,
        dead: &[f64],
        black_captures: JsValue,
        white_captures: JsValue,
        handicap: JsValue,
    ) -> Result<String, JsValue> {
        let mut r = rules_arg(&rules)?;
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        let pos = Position {
            captures: [
                captures_arg(&black_captures)?,
                captures_arg(&white_captures)?,
            ],
            handicap: handicap_arg(&handicap, self.board.size())?,
            ..Position::new(self.board.clone(), r)
        };
        score_json(&pos, dead_of(self.board.size(), dead)?)
    }
    /// Judge the position as a finished game (the library's judge: dead stones, seki, each
    /// chain's status with its confidence, ownership, the count) as JSON: rules by name, komi
    /// (`undefined`: the preset's), the player to move, captures made during the game,
    /// handicap, playouts and seed (`undefined`: the judge's defaults).
    #[wasm_bindgen(js_name = judgeJson)]
    #[allow(clippy::too_many_arguments)]
    pub fn judge_json(
        &self,
        rules: JsValue,
        komi: Option<f64>,
        to_move: JsValue,
        black_captures: JsValue,
        white_captures: JsValue,
        handicap: JsValue,
        playouts: Option<f64>,
        seed: Option<f64>,
    ) -> Result<String, JsValue> {
        let mut r = rules_arg(&rules)?;
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        let pos = Position {
            to_move: color_of(&to_move)?,
            captures: [
                captures_arg(&black_captures)?,
                captures_arg(&white_captures)?,
            ],
            handicap: handicap_arg(&handicap, self.board.size())?,
            ..Position::new(self.board.clone(), r)
        };
        judge_json(&pos, &judge_options(playouts, seed)?)
    }

    /// Read the chain at a point (the library's tactical reader) as JSON `{verdict, code,
    /// point, proven, nodes, pv}`: `question` is `attack` (can it be captured, its opponent to
    /// move), `defend` (can it be saved, its owner to move) or `ladderCaptured`; `nodes` the
    /// node budget (`undefined`: the reader's default).
    #[wasm_bindgen(js_name = readJson)]
    pub fn read_json(
        &self,
        question: &str,
        x: f64,
        y: f64,
        nodes: Option<f64>,
    ) -> Result<String, JsValue> {
        read_json(&self.board, question, x, y, nodes)
    }

    /// The life and death of the group at (x, y) in its enclosed region, as JSON `{region,
    /// framed, attackerFirst, defenderFirst}`, each side `{status, key, proven, nodes}`
    /// (`status` alive, dead, seki or ko; `key` `[x, y]`, "pass" or null); `nodes` the budget
    /// of each proof-number search (`undefined`: the reader's default). An open group (its
    /// region over the reader's limit of points) is an error, unless `frame` asks to read it
    /// in the frame of its problem (`framed` true, `region` the frame's box) or `open` in an
    /// open region where running out counts as a defence (GNU Go's owl questions).
    #[wasm_bindgen(js_name = lifeAndDeathJson)]
    pub fn life_and_death_json(
        &self,
        x: f64,
        y: f64,
        nodes: Option<f64>,
        frame: bool,
        open: bool,
    ) -> Result<String, JsValue> {
        life_and_death_json(&self.board, x, y, nodes, frame, open)
    }

    /// The capturing race between the chains at (ax, ay) and (bx, by), as JSON `{aFirst,
    /// bFirst}`, each with that chain's owner moving first `{outcome, winner, point, proven,
    /// nodes}` (`outcome` win, koWin or seki; `winner` the sign of the capturing colour, 0 in
    /// seki; `point` the first mover's best move or null); `nodes` the node budget.
    #[wasm_bindgen(js_name = semeaiJson)]
    pub fn semeai_json(
        &self,
        ax: f64,
        ay: f64,
        bx: f64,
        by: f64,
        nodes: Option<f64>,
    ) -> Result<String, JsValue> {
        semeai_json(&self.board, (ax, ay), (bx, by), nodes)
    }
}
