//! SGF records in and out of the engine state: `loadsgf` through the one replay driver
//! ([`sgf::Replayer::replay_game`]), `printsgf` through the one writer of a game ([`sgf::write_game`]).

use super::state::{GameInfo, State};
use super::MAX_GTP_SIZE;
use tengen::sgf::{self, RecordInfo, ReplayOptions, Replayer};

impl State {
    /// The path a `loadsgf`/`printsgf` file name stands for: the name itself, or with
    /// [`super::EngineConfig::sgf_dir`] the name inside that folder, refused when it is
    /// absolute, has a `..` or leads out of the folder through a symbolic link.
    pub(super) fn sgf_path(&self, name: &str) -> Result<String, String> {
        use std::path::{Component, Path};
        let Some(dir) = &self.cfg.sgf_dir else {
            return Ok(name.to_string());
        };
        let rel = Path::new(name);
        if name.is_empty() || !rel.components().all(|c| matches!(c, Component::Normal(_))) {
            return Err(format!(
                "{name:?} is not a plain relative path inside the --sgf-dir folder"
            ));
        }
        let root = std::fs::canonicalize(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = root.join(rel);
        // the folder the file is in (it exists for a file to be read or written), resolved
        let parent = path.parent().unwrap_or(&root);
        let real = std::fs::canonicalize(parent).map_err(|e| e.to_string())?;
        let file_ok = match std::fs::symlink_metadata(&path) {
            Ok(m) if m.file_type().is_symlink() => {
                std::fs::canonicalize(&path).is_ok_and(|t| t.starts_with(&root))
            }
            _ => true,
        };
        if !real.starts_with(&root) || !file_ok {
            return Err(format!("{name:?} leads out of the --sgf-dir folder"));
        }
        Ok(path.to_string_lossy().into_owned())
    }

    /// Load the main line of an SGF file: setup, komi, handicap, rules, side to move, players,
    /// date and result, and the moves before move number `until` (all of them without it).
    /// The policy is the replay driver's (see [`tengen::sgf::Replayer`]), with the rules in
    /// force as the fallback for a record without a known `RU`. Nothing changes when the
    /// record cannot be loaded (unreadable, too large a board, an illegal move).
    pub(super) fn load_sgf(&mut self, file: &str, until: Option<usize>) -> Result<(), String> {
        let bytes = sgf::read_file(std::path::Path::new(file)).map_err(|e| match e {
            // the system's words alone, as before the one reader
            sgf::ReadError::Open(e) | sgf::ReadError::Read(e) => e.to_string(),
            e => e.to_string(),
        })?;
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
            extra: Vec::new(),
        };
        sgf::write_game(&self.game, &info)
    }
}
