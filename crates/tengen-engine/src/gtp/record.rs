//! SGF records in and out of the engine state: `loadsgf` through the one replay driver
//! ([`sgf::Replayer::replay_game`]), `printsgf` through the one writer of a game ([`sgf::write_game`]).

use super::state::{GameInfo, State};
use super::MAX_GTP_SIZE;
use tengen::sgf::{self, RecordInfo, ReplayOptions, Replayer};

impl State {
    /// Load the main line of an SGF file: setup, komi, handicap, rules, side to move, players,
    /// date and result, and the moves before move number `until` (all of them without it).
    /// The policy is the replay driver's (see [`tengen::sgf::Replayer`]), with the rules in
    /// force as the fallback for a record without a known `RU`. Nothing changes when the
    /// record cannot be loaded (unreadable, too large a board, an illegal move).
    pub(super) fn load_sgf(&mut self, file: &str, until: Option<usize>) -> Result<(), String> {
        let len = std::fs::metadata(file).map_err(|e| e.to_string())?.len();
        if len > sgf::MAX_FILE_BYTES {
            return Err(format!(
                "file is {len} bytes, more than the limit of {} bytes",
                sgf::MAX_FILE_BYTES
            ));
        }
        let bytes = std::fs::read(file).map_err(|e| e.to_string())?;
        let opts = ReplayOptions {
            until: until.map(|n| n.saturating_sub(1)),
            fallback: Some(*self.game.rules()),
            ..ReplayOptions::default()
        };
        let loaded = Replayer::new()
            .replay_game(&bytes, &opts)
            .map_err(|e| e.to_string())?;
        let size = loaded.replay.size;
        if size.width() > MAX_GTP_SIZE || size.height() > MAX_GTP_SIZE {
            return Err(format!("board {size} is larger than GTP vertices allow"));
        }
        if let Some(e) = loaded.replay.error {
            return Err(e.to_string());
        }
        self.warnings.extend(
            loaded
                .replay
                .warnings
                .iter()
                .map(|w| format!("{file}: {w}")),
        );
        self.game = loaded.game;
        self.low_streak = [0; 2];
        self.handicap = loaded.replay.handicap;
        self.info = GameInfo {
            black: loaded.black,
            white: loaded.white,
            date: loaded.date,
            result: None,
        };
        // the record's result is the result of the whole game, not of a position before it
        if let (Some(re), None) = (loaded.replay.result, until) {
            self.set_result(re);
        }
        Ok(())
    }

    /// The game as an SGF record (FF[4], UTF-8) through the library's one writer of a game
    /// ([`sgf::write_game`]): the full root (`GM`, `FF`, `CA`, `AP`, `SZ`, `KM`, `RU`, `HA`,
    /// and `PB`, `PW`, `DT`, `RE` where known), the start position as setup, then the moves.
    pub(super) fn write_sgf(&mut self) -> String {
        let info = RecordInfo {
            application: "tengen".to_string(),
            handicap: self.handicap,
            black: self.info.black.clone(),
            white: self.info.white.clone(),
            date: self.info.date.clone(),
            result: self.known_result(),
        };
        sgf::write_game(&self.game, &info)
    }
}
