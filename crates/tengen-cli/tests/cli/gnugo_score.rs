//! Differential tests against GNU Go: self-play games to two passes under Chinese rules
//! (`--capture-all-dead`, so that most games end with no dead stones on the board).
//! - Where GNU Go finds no dead stones, our area score equals GNU Go's `final_score`; where it
//!   does, our score with its dead stones given as ours equals it too (counted apart).
//! - Every chain we prove pass-alive, GNU Go's `unconditional_status` calls alive, and every
//!   stone we call certainly dead, it calls dead (checked every few moves, not only at the end).
use crate::common;

use common::gnugo::{parse_vertex, vertex, GnuGo};
use tengen::benson::pass_alive;
use tengen::score::{score, ScoreOptions};
use tengen::{Color, Game, Komi, Move, Point, Rules, Size};

/// A tiny deterministic generator for the opening moves (fixed seeds, no dependency).
struct Lcg(u64);
impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// GNU Go's `final_score` (`W+14.0`, `B+3.5`, `0`) as Black minus White in half points.
fn parse_score(s: &str) -> i64 {
    if s == "0" {
        return 0;
    }
    let (side, v) = s.split_at(2);
    let half = (v.parse::<f64>().unwrap() * 2.0).round() as i64;
    match side {
        "B+" => half,
        "W+" => -half,
        _ => panic!("unexpected final_score {s:?}"),
    }
}

#[derive(Default)]
struct Tally {
    games: usize,
    compared: usize,
    compared_with_dead: usize,
    skipped_unfinished: usize,
    alive_checked: usize,
    dead_checked: usize,
}

/// Compare our pass-alive analysis of `game` with GNU Go's unconditional status.
fn check_pass_alive(g: &mut GnuGo, game: &Game, tally: &mut Tally) {
    let b = game.board();
    let h = b.height();
    let pa = pass_alive(b, false); // GNU Go forbids suicide
    let mut seen = std::collections::HashSet::new();
    for c in Color::ALL {
        for s in pa.alive_stones(c) {
            let chain = b.chain(s).unwrap();
            if !seen.insert(chain.stones[0]) {
                continue;
            }
            let st = g.ok(&format!("unconditional_status {}", vertex(s.x, s.y, h)));
            assert_eq!(st, "alive", "chain at {s:?} pass-alive for us\n{b:?}");
            tally.alive_checked += 1;
        }
    }
    for s in pa.dead_stones(b) {
        let st = g.ok(&format!("unconditional_status {}", vertex(s.x, s.y, h)));
        assert_eq!(st, "dead", "stone at {s:?} certainly dead for us\n{b:?}");
        tally.dead_checked += 1;
    }
}

fn play_game(size: usize, seed: u64, komi2: i32, japanese: bool, tally: &mut Tally) -> Option<()> {
    let rules_flag = if japanese {
        "--japanese-rules"
    } else {
        "--chinese-rules"
    };
    let mut g = GnuGo::start(&[rules_flag, "--level", "0", "--capture-all-dead"])?;
    g.ok(&format!("boardsize {size}"));
    g.ok("clear_board");
    let komi = Komi::from_half_points(komi2);
    g.ok(&format!("komi {komi}"));
    let name = if japanese { "japanese" } else { "chinese" };
    let rules = Rules::from_name(name).unwrap().with_komi(komi);
    let sz = Size::square(size).unwrap();
    let mut game = Game::new(sz, rules);
    let mut rng = Lcg(seed);
    tally.games += 1;
    // a few random opening moves, so that the games differ
    for _ in 0..4 {
        let c = game.to_move();
        let legal = game.legal_moves();
        let p = legal[rng.next(legal.len())];
        g.ok(&format!("play {} {}", c.name(), vertex(p.x, p.y, size)));
        game.play(Move::Play(p)).unwrap();
    }
    let mut passes = 0;
    let mut moves = 0;
    while passes < 2 {
        if moves > size * size * 3 {
            tally.skipped_unfinished += 1;
            return Some(());
        }
        let c = game.to_move();
        let answer = g.ok(&format!("genmove {}", c.name())).to_ascii_uppercase();
        let mv = match answer.as_str() {
            "PASS" => Move::Pass,
            "RESIGN" => {
                tally.skipped_unfinished += 1;
                return Some(());
            }
            v => {
                let (x, y) = parse_vertex(v, size).expect("gnugo vertex");
                Move::Play(Point::new(x, y))
            }
        };
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        // GNU Go applies its own (simple ko) legality; replay tolerantly
        game.play_tolerant(c, mv).unwrap();
        moves += 1;
        if moves % 10 == 0 {
            check_pass_alive(&mut g, &game, tally);
        }
    }
    check_pass_alive(&mut g, &game, tally);
    // our board agrees with GNU Go's
    for c in Color::ALL {
        let theirs = g.ok(&format!("list_stones {}", c.name()));
        let n = theirs.split_whitespace().count();
        assert_eq!(n, game.board().stone_count(c), "stone count of {c}");
    }
    let dead: Vec<Point> = g
        .ok("final_status_list dead")
        .split_whitespace()
        .map(|v| {
            let (x, y) = parse_vertex(v, size).expect("gnugo vertex");
            Point::new(x, y)
        })
        .collect();
    let theirs = parse_score(&g.ok("final_score"));
    let mut opts = ScoreOptions::for_game(&game);
    opts.dead = dead.clone();
    let ours = score(game.board(), &opts).unwrap();
    assert_eq!(
        ours.result.black_minus_white(),
        theirs,
        "seed {seed}: ours {} \n{:?}",
        ours.result,
        game.board()
    );
    if dead.is_empty() {
        tally.compared += 1;
    } else {
        tally.compared_with_dead += 1;
    }
    Some(())
}

#[test]
fn area_score_and_pass_alive_agree_with_gnugo() {
    if common::gnugo::find().is_none() {
        // GnuGo::start prints the note (or panics when GNU Go is required)
        let _ = GnuGo::start(&[]);
        return;
    }
    let mut tally = Tally::default();
    let started = std::time::Instant::now();
    for seed in 1..=6u64 {
        play_game(9, seed, 15, false, &mut tally);
    }
    for seed in 1..=1u64 {
        play_game(13, 100 + seed, 13, false, &mut tally);
    }
    eprintln!(
        "gnugo_score: {} games, {} scores compared with no dead stones, {} more with GNU Go's \
         dead stones, {} unfinished, {} pass-alive chains and {} dead stones confirmed, {:.1?}",
        tally.games,
        tally.compared,
        tally.compared_with_dead,
        tally.skipped_unfinished,
        tally.alive_checked,
        tally.dead_checked,
        started.elapsed()
    );
    assert!(
        tally.compared >= 4,
        "only {} games compared",
        tally.compared
    );
    assert!(
        tally.alive_checked >= 5,
        "only {} chains checked",
        tally.alive_checked
    );
}

/// Hand-made square positions with pass-alive chains and certainly dead stones, loaded into
/// GNU Go stone by stone: every verdict of ours must be GNU Go's.
#[test]
fn handmade_positions_agree_with_unconditional_status() {
    let boards = [
        // a white stone dead inside a black two-point eye; white below lives too
        ".OX.X\nXXXXX\n.....\nOOOOO\n.O.O.\n",
        // white stones in a black region that only suicide could empty
        "OO.X\nOXXX\n.X.X\nXXXX\n",
        // two eyes against one, and a seki
        ".X.XO.\nXXXXO.\nOOOOO.\n......\n.OOXX.\nOO.XXX\n",
        // black fills the board but for two eyes; a dead white stone in a third
        "X.X.X\nXXXXX\nX.XOX\nXXXXX\nXXXXX\n",
    ];
    let mut checked = 0;
    for rows in boards {
        let Some(mut g) = GnuGo::start(&[]) else {
            return;
        };
        let b = tengen::formats::text::read_board(rows, tengen::formats::text::InputFormat::Text)
            .unwrap();
        assert_eq!(b.width(), b.height(), "GNU Go boards are square");
        let n = b.width();
        g.ok(&format!("boardsize {n}"));
        g.ok("clear_board");
        for p in b.size().points() {
            if let Some(c) = b.get(p) {
                g.ok(&format!("play {} {}", c.name(), vertex(p.x, p.y, n)));
            }
        }
        let pa = pass_alive(&b, false);
        let dead = pa.dead_stones(&b);
        for p in b.size().points() {
            if b.get(p).is_none() {
                continue;
            }
            let st = g.ok(&format!("unconditional_status {}", vertex(p.x, p.y, n)));
            if pa.is_pass_alive(p) {
                assert_eq!(st, "alive", "{p:?} in\n{rows}");
                checked += 1;
            }
            if dead.contains(&p) {
                assert_eq!(st, "dead", "{p:?} in\n{rows}");
                checked += 1;
            }
        }
    }
    assert!(checked >= 30, "only {checked} stones checked");
}

/// Territory scoring with the seki tax against GNU Go's Japanese-rules `final_score`, with the
/// captures of the game: GNU Go self-play 9x9 games.
#[test]
fn territory_score_agrees_with_gnugo_japanese() {
    if common::gnugo::find().is_none() {
        let _ = GnuGo::start(&[]);
        return;
    }
    let mut tally = Tally::default();
    for seed in 21..=26u64 {
        play_game(9, seed, 13, true, &mut tally);
    }
    eprintln!(
        "gnugo_score japanese: {} games, {} compared with no dead stones, {} with GNU Go's dead",
        tally.games, tally.compared, tally.compared_with_dead
    );
    assert!(tally.compared + tally.compared_with_dead >= 5);
}
