//! Side-by-side replay benchmark: tengen against the `goban` crate on the same SGF files, in
//! the same process, one thread.
//!
//! ```text
//! MALLOC_MMAP_THRESHOLD_=1000000000 MALLOC_TRIM_THRESHOLD_=1000000000 \
//!   cargo run --release -p tengen-tools --example goban_replay -- [DIR] [ROUNDS]
//! ```
//!
//! DIR defaults to `../shared/data/sgf/fox-pro`, ROUNDS to 7. Every round times each phase once,
//! in turn, over all files; the report gives the median of the rounds. Phases:
//! - `read`: `std::fs::read` of every file (warm page cache);
//! - `tengen scan`: the zero-copy main-line scanner alone, files in memory;
//! - `tengen replay`: scan + check + play every move, files in memory;
//! - `tengen read+replay`: the same, reading each file from disk first (as `tengen replay`);
//! - `goban parse`: `sgf-parser` (goban's own SGF parser; the files are not UTF-8, so they are
//!   decoded lossily first, as a `&str` API requires);
//! - `goban replay`: parse, then `Game::try_play` (check + play) every move.
//!
//! Both replays count the stones left on the final boards, and the harness asserts that they
//! agree with each other, so neither side can skip work.

use std::path::{Path, PathBuf};
use std::time::Instant;

use goban::pieces::stones::Color as GColor;
use goban::rules::game::Game as GGame;
use goban::rules::{Move as GMove, CHINESE, JAPANESE};
use sgf_parser::{Action, SgfToken};
use tengen::sgf::{ReplayOptions, Replayer};
use tengen::Color;

fn files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    v.sort();
    v
}

/// tengen: replay every file; returns (black, white) stones on the final boards.
fn tengen_replay(data: &[Vec<u8>], r: &mut Replayer) -> (usize, usize) {
    let opts = ReplayOptions::default();
    let (mut b, mut w) = (0, 0);
    for d in data {
        let rep = r.replay(d, &opts).expect("readable");
        assert!(rep.error.is_none());
        b += r.board().stone_count(Color::Black);
        w += r.board().stone_count(Color::White);
    }
    (b, w)
}

fn tengen_read_replay(paths: &[PathBuf], r: &mut Replayer) -> (usize, usize) {
    let opts = ReplayOptions::default();
    let (mut b, mut w) = (0, 0);
    for p in paths {
        let d = std::fs::read(p).expect("read");
        let rep = r.replay(&d, &opts).expect("readable");
        assert!(rep.error.is_none());
        b += r.board().stone_count(Color::Black);
        w += r.board().stone_count(Color::White);
    }
    (b, w)
}

fn tengen_scan(data: &[Vec<u8>], r: &mut Replayer) -> usize {
    data.iter().map(|d| r.scan(d).expect("scannable")).sum()
}

fn goban_parse(data: &[Vec<u8>]) -> usize {
    data.iter().map(|d| goban_parse_one(d).moves.len()).sum()
}

/// A game as goban needs it: the rule and the moves.
struct GobanInput {
    chinese: bool,
    moves: Vec<GMove>,
}

/// goban's parse phase: sgf-parser, then the rule and the main line's moves.
fn goban_parse_one(d: &[u8]) -> GobanInput {
    let s = String::from_utf8_lossy(d);
    let tree = sgf_parser::parse(&s).expect("sgf-parser");
    let mut g = GobanInput {
        chinese: false,
        moves: Vec::new(),
    };
    for node in tree.iter() {
        for t in &node.tokens {
            match t {
                SgfToken::Rule(sgf_parser::RuleSet::Chinese) => g.chinese = true,
                SgfToken::Move { action, .. } => g.moves.push(match action {
                    Action::Move(col, line) => GMove::Play(*line - 1, *col - 1),
                    Action::Pass => GMove::Pass,
                }),
                _ => {}
            }
        }
    }
    g
}

/// goban's play phase: check and play every move with `try_play`; final stones.
fn goban_play_one(input: &GobanInput) -> (usize, usize) {
    let rule = if input.chinese { CHINESE } else { JAPANESE };
    let mut g = GGame::builder()
        .size((19, 19))
        .rule(rule)
        .build()
        .expect("goban game");
    for &m in &input.moves {
        g.try_play(m).expect("legal in goban");
    }
    let (mut b, mut w) = (0, 0);
    for s in g.goban().get_stones() {
        match s.color {
            GColor::Black => b += 1,
            GColor::White => w += 1,
        }
    }
    (b, w)
}

/// goban: parse with sgf-parser, then check and play every move.
fn goban_replay(data: &[Vec<u8>]) -> (usize, usize) {
    data.iter()
        .map(|d| goban_play_one(&goban_parse_one(d)))
        .fold((0, 0), |a, s| (a.0 + s.0, a.1 + s.1))
}

/// goban's play phase alone, on games parsed beforehand.
fn goban_play(inputs: &[GobanInput]) -> (usize, usize) {
    inputs
        .iter()
        .map(goban_play_one)
        .fold((0, 0), |a, s| (a.0 + s.0, a.1 + s.1))
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    v[v.len() / 2]
}

fn main() {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(
        args.next()
            .unwrap_or_else(|| "../shared/data/sgf/fox-pro".into()),
    );
    let rounds: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(7);
    // `tengen` as a third argument times tengen's phases only (for profiling)
    let only_tengen = args.next().is_some_and(|a| a == "tengen");
    let paths = files(&dir);
    let n = paths.len() as f64;
    let data: Vec<Vec<u8>> = paths.iter().map(|p| std::fs::read(p).unwrap()).collect();
    let mut r = Replayer::new();
    let names = [
        "read",
        "tengen scan",
        "tengen replay",
        "tengen read+replay",
        "goban parse",
        "goban play",
        "goban replay",
    ];
    let goban_inputs: Vec<GobanInput> = if only_tengen {
        Vec::new()
    } else {
        data.iter().map(|d| goban_parse_one(d)).collect()
    };
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); names.len()];
    let mut stones = Vec::new();
    for _ in 0..rounds {
        let t = Instant::now();
        let bytes: usize = paths.iter().map(|p| std::fs::read(p).unwrap().len()).sum();
        times[0].push(t.elapsed().as_secs_f64());
        assert!(bytes > 0);
        let t = Instant::now();
        assert!(tengen_scan(&data, &mut r) > 0);
        times[1].push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        stones.push(("tengen", tengen_replay(&data, &mut r)));
        times[2].push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        stones.push(("tengen read", tengen_read_replay(&paths, &mut r)));
        times[3].push(t.elapsed().as_secs_f64());
        if only_tengen {
            continue;
        }
        let t = Instant::now();
        assert!(goban_parse(&data) > 0);
        times[4].push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        stones.push(("goban play", goban_play(&goban_inputs)));
        times[5].push(t.elapsed().as_secs_f64());
        let t = Instant::now();
        stones.push(("goban", goban_replay(&data)));
        times[6].push(t.elapsed().as_secs_f64());
    }
    let first = stones[0].1;
    for (who, s) in &stones {
        assert_eq!(*s, first, "{who} disagrees on the final stones");
    }
    println!(
        "{} files, {} rounds, final boards: {} black and {} white stones (tengen and goban agree)",
        paths.len(),
        rounds,
        first.0,
        first.1
    );
    let med: Vec<f64> = times
        .iter_mut()
        .map(|t| if t.is_empty() { f64::NAN } else { median(t) })
        .collect();
    for (name, m) in names.iter().zip(&med) {
        println!(
            "{name:<20} median {:>9.2} ms  {:>10.0} games/s  {:>7.2} us/game",
            m * 1e3,
            n / m,
            m * 1e6 / n
        );
    }
    println!(
        "tengen replay rate / goban replay rate: {:.1}x (in memory), {:.1}x (tengen reading \
         from disk); against goban's play phase alone: {:.1}x",
        med[6] / med[2],
        med[6] / med[3],
        med[5] / med[2]
    );
}
