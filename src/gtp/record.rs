//! SGF records in and out of the engine state: `loadsgf` through the one replay driver
//! ([`sgf::Replayer::replay_game`]), `printsgf` through the one writer ([`sgf::write`]).

use super::state::{GameInfo, State};
use super::MAX_GTP_SIZE;
use crate::sgf::{self, Collection, Property, ReplayOptions, Replayer};
use crate::{Color, Move};

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
    /// The policy is the replay driver's (see [`crate::sgf::Replayer`]), with the rules in
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

    /// The game as an SGF record (FF[4], UTF-8): the full root (`GM`, `FF`, `CA`, `AP`, `SZ`,
    /// `KM`, `RU`, `HA`, and `PB`, `PW`, `DT`, `RE` where known), the start position as setup,
    /// then the moves.
    pub(super) fn write_sgf(&mut self) -> String {
        let mut start = self.game.clone();
        while start.undo().is_some() {}
        let b = start.board();
        let size = b.size();
        let r = self.game.rules();
        let mut root: Vec<(&str, Vec<Vec<u8>>)> = vec![
            ("GM", vec![b"1".to_vec()]),
            ("FF", vec![b"4".to_vec()]),
            ("CA", vec![b"UTF-8".to_vec()]),
            ("AP", vec![b"tengen".to_vec()]),
        ];
        let sz = if size.width() == size.height() {
            size.width().to_string()
        } else {
            format!("{}:{}", size.width(), size.height())
        };
        root.push(("SZ", vec![sz.into_bytes()]));
        root.push(("KM", vec![r.komi.to_string().into_bytes()]));
        if let Some(p) = r.preset() {
            root.push(("RU", vec![p.name().as_bytes().to_vec()]));
        }
        if self.handicap > 0 {
            root.push(("HA", vec![self.handicap.to_string().into_bytes()]));
        }
        let known = [
            ("PB", self.info.black.clone()),
            ("PW", self.info.white.clone()),
            ("DT", self.info.date.clone()),
            ("RE", self.known_result()),
        ];
        for (id, v) in known {
            if let Some(v) = v {
                root.push((id, vec![simple_text(&v)]));
            }
        }
        for (id, color) in [("AB", Color::Black), ("AW", Color::White)] {
            let pts: Vec<Vec<u8>> = size
                .points()
                .filter(|&p| b.get(p) == Some(color))
                .map(|p| sgf::point_to_sgf(p).into_bytes())
                .collect();
            if !pts.is_empty() {
                root.push((id, pts));
            }
        }
        // who moves first, when it is not Black
        let first = self
            .game
            .moves()
            .next()
            .map_or(start.to_move(), |m| m.color);
        if first == Color::White {
            root.push(("PL", vec![b"W".to_vec()]));
        }
        let mut coll = Collection::default();
        let mut node = coll.add_node(None);
        coll.node_mut(node).props = root
            .into_iter()
            .map(|(id, values)| Property {
                id: id.to_string(),
                values,
            })
            .collect();
        for m in self.game.moves() {
            let id = if m.color == Color::Black { "B" } else { "W" };
            let v = match m.mv {
                Move::Pass => Vec::new(),
                Move::Play(p) => sgf::point_to_sgf(p).into_bytes(),
            };
            node = coll.add_node(Some(node));
            coll.node_mut(node).props = vec![Property {
                id: id.to_string(),
                values: vec![v],
            }];
        }
        String::from_utf8_lossy(&sgf::write(&coll)).into_owned()
    }
}

/// A SimpleText value escaped for SGF, on one line (so that the record keeps GTP's framing:
/// no blank line inside a response).
fn simple_text(s: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.extend_from_slice(b"\\\\"),
            ']' => out.extend_from_slice(b"\\]"),
            c if c.is_control() => out.push(b' '),
            c => {
                let mut buf = [0; 4];
                out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            }
        }
    }
    out
}
