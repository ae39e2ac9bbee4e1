//! The 2,000 professional games of `../shared/data/sgf/fox-pro` replay with no illegal move,
//! through the library (both readers) and the command line.
use crate::common;

use std::path::PathBuf;
use std::process::Command;

use tengen::sgf::{self, Mode, ReplayOptions, Replayer};
use tengen::Color;

/// Stones left on the final boards, from `SOURCE.md`'s selection (every move legal).
const BLACK_STONES: usize = 187_598;
const WHITE_STONES: usize = 185_870;
const MOVES: usize = 403_987;

fn fox_files() -> Option<Vec<PathBuf>> {
    let dir = common::shared_data("sgf/fox-pro")?;
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    v.sort();
    assert_eq!(v.len(), 2000);
    Some(v)
}

#[test]
fn all_fox_pro_games_replay_legally_with_the_known_totals() {
    let Some(files) = fox_files() else { return };
    let mut r = Replayer::new();
    let mut tree = Replayer::new();
    let opts = ReplayOptions::default();
    let (mut black, mut white, mut moves) = (0, 0, 0);
    for f in &files {
        let data = std::fs::read(f).unwrap();
        // the zero-copy scanner handles every one of these real files
        assert!(r.scan(&data).is_some(), "{}", f.display());
        let rep = r.replay(&data, &opts).unwrap();
        assert!(rep.error.is_none(), "{}: {:?}", f.display(), rep.error);
        // the only warnings are the readings of Fox's komi encoding (KM[0], KM[650], KM[375])
        // and, in 1,197 of them, the root's second AP (the tree parser's warning, also given
        // by the scanner, which drops the repeat as the parser does)
        assert!(
            rep.warnings.iter().all(|w| (w.message.starts_with("KM[")
                && w.message.contains("Fox"))
                || w.message == "property AP appears twice in one node"),
            "{}: {:?}",
            f.display(),
            rep.warnings
        );
        assert_eq!(rep.size.width(), 19);
        black += r.board().stone_count(Color::Black);
        white += r.board().stone_count(Color::White);
        moves += rep.moves;
        // the tree parser gives the same replay, warnings included (lenient: 1,197 of these
        // files repeat AP in the root, which strict mode rejects)
        let parsed = sgf::parse(&data, Mode::Lenient).unwrap();
        assert!(parsed.warnings.len() <= 1, "{}", f.display());
        let rep2 = tree
            .replay_tree(&parsed.collection, 0, &opts, parsed.warnings.clone())
            .unwrap();
        assert_eq!(rep, rep2, "{}", f.display());
        assert_eq!(r.board(), tree.board(), "{}", f.display());
        // writing is a fixpoint and keeps the game
        let once = sgf::write(&parsed.collection);
        let again = sgf::parse(&once, Mode::Strict).unwrap();
        assert_eq!(sgf::write(&again.collection), once, "{}", f.display());
        let rep3 = tree.replay(&once, &opts).unwrap();
        assert_eq!((rep3.moves, rep3.captures), (rep.moves, rep.captures));
        assert_eq!(r.board(), tree.board(), "{}", f.display());
    }
    assert_eq!((black, white, moves), (BLACK_STONES, WHITE_STONES, MOVES));
}

#[test]
fn cli_replays_fox_pro_as_json() {
    let Some(files) = fox_files() else { return };
    let dir = files[0].parent().unwrap();
    let out = Command::new(common::tengen_bin())
        .args(["replay", "--json", "--threads", "2"])
        .arg(dir)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let (mut black, mut white, mut games) = (0, 0, 0);
    for (line, f) in stdout.lines().zip(&files) {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(v["path"], f.display().to_string());
        assert_eq!(v["ok"], true);
        assert!(v["error"].is_null());
        for row in v["board"].as_array().unwrap() {
            let row = row.as_str().unwrap();
            black += row.matches('B').count();
            white += row.matches('W').count();
        }
        games += 1;
    }
    assert_eq!((games, black, white), (2000, BLACK_STONES, WHITE_STONES));
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("games 2000, moves 403987, ok 2000, illegal 0, unreadable 0"),
        "{stderr}"
    );
}
