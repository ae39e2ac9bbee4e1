//! SGF replay: `WReplay` (every position of a record) and `replaySummaryJson`.

use tengen::sgf::{self, GameReplay, ReplayOptions, Replayer};
use tengen::{Board, Color};
use wasm_bindgen::prelude::*;

use crate::convert::{error, json, komi_of, opt_rules_arg, range_error, sign};

/// The most points `allPositions` keeps: positions times the board's points (2^25, 32 MiB of
/// signs: 92,948 positions of 19x19, 12,409 of 52x52). A record over it (a 4 MB file holds 1M
/// passes, 2.7 GB of positions on 52x52) is a `RangeError` instead of an allocation that traps.
pub(crate) const MAX_POSITION_POINTS: usize = 1 << 25;

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

/// The library's JSON of a replay's outcome (`sgf::Replay`'s `Serialize`).
fn replay_json(r: &sgf::Replay) -> String {
    json(r)
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
        rules: JsValue,
        komi: Option<f64>,
        tolerant: bool,
    ) -> Result<WReplay, JsValue> {
        let opts = ReplayOptions {
            rules: opt_rules_arg(&rules)?,
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
        let total = n.saturating_add(1).saturating_mul(area);
        if total > MAX_POSITION_POINTS {
            let size = self.replay.replay.size;
            return Err(range_error(&format!(
                "the record's {} positions of {}x{} are {total} points, over the limit of {MAX_POSITION_POINTS} \
                 points of positions kept (replaySummary gives its outcome without them)",
                n + 1,
                size.width(),
                size.height()
            )));
        }
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
