//! `WGame`: a game with its history, superko, captures and undo.

use tengen::count::Position;
use tengen::sgf::{self, Mode};
use tengen::{Game, Move};
use wasm_bindgen::prelude::*;

use crate::board::WBoard;
use crate::convert::{
    color_of, dead_of, error, handicap_arg, illegal, json, komi_of, move_json, opt_rules_arg,
    point_of, points_json, rules_arg, sign, signs_of, size_of, MoveJson,
};
use crate::judge::{judge_json, judge_options, score_json};

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
    pub fn new(
        width: f64,
        height: f64,
        rules: JsValue,
        komi: Option<f64>,
    ) -> Result<WGame, JsValue> {
        let mut r = rules_arg(&rules)?;
        if let Some(k) = komi_of(komi)? {
            r.komi = k;
        }
        Ok(WGame {
            game: Game::new(size_of(width, height)?, r),
        })
    }

    /// A game from a position, with `toMove` to play.
    #[wasm_bindgen(js_name = fromBoard)]
    pub fn from_board(board: &WBoard, to_move: JsValue, rules: JsValue) -> Result<WGame, JsValue> {
        Ok(WGame {
            game: Game::from_board(board.board.clone(), color_of(&to_move)?, rules_arg(&rules)?),
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
    pub fn set_rules(&mut self, rules: JsValue, komi: Option<f64>) -> Result<(), JsValue> {
        let mut r = rules_arg(&rules)?;
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
        rules: JsValue,
        komi: Option<f64>,
        handicap: JsValue,
    ) -> Result<String, JsValue> {
        let pos = self.position(&rules, komi, &handicap)?;
        score_json(&pos, dead_of(self.game.board().size(), dead)?)
    }

    /// Judge the current position (see `WBoard::judgeJson`) with the game's captures, player
    /// to move, rules and komi (or `rules`/`komi` when given).
    #[wasm_bindgen(js_name = judgeJson)]
    pub fn judge_json(
        &self,
        rules: JsValue,
        komi: Option<f64>,
        handicap: JsValue,
        playouts: Option<f64>,
        seed: Option<f64>,
    ) -> Result<String, JsValue> {
        let pos = self.position(&rules, komi, &handicap)?;
        judge_json(&pos, &judge_options(playouts, seed)?)
    }

    /// The game as SGF text (FF[4], UTF-8), written by the library's one writer of a game
    /// (`sgf::write_game`); `extra_root` is further root properties as SGF text (`PB[...]`),
    /// parsed strictly.
    #[wasm_bindgen(js_name = toSgf)]
    pub fn to_sgf(&self, extra_root: &str) -> Result<String, JsValue> {
        let parsed = sgf::parse(format!("(;{extra_root})").as_bytes(), Mode::Strict)
            .map_err(|e| error(&format!("bad SGF root properties: {e}"), None))?;
        let coll = &parsed.collection;
        let extra = coll
            .roots()
            .first()
            .map(|&root| coll.node(root).props.clone())
            .unwrap_or_default();
        let info = sgf::RecordInfo {
            application: "tengen-wasm".to_string(),
            extra,
            ..sgf::RecordInfo::default()
        };
        Ok(sgf::write_game(&self.game, &info))
    }
}

impl WGame {
    /// The position to count: the game's (board, rules, komi, player to move, captures) with
    /// `rules` (keeping the game's komi), `komi` and `handicap` over them when given.
    fn position(
        &self,
        rules: &JsValue,
        komi: Option<f64>,
        handicap: &JsValue,
    ) -> Result<Position, JsValue> {
        let mut pos = Position::of_game(&self.game);
        if let Some(r) = opt_rules_arg(rules)? {
            pos.rules = r.with_komi(pos.rules.komi);
        }
        if let Some(k) = komi_of(komi)? {
            pos.rules.komi = k;
        }
        pos.handicap = handicap_arg(handicap, pos.board.size())?;
        Ok(pos)
    }
}
