//! GNU Go self-play games, written as SGF and replayed by tengen: the final boards and the
//! capture counts must equal GNU Go's `list_stones` and `captures`.
//!
//! Four short games at `--level 0`: an even 9x9 game, two handicap games (`fixed_handicap`),
//! and a 9x9 game that opens with a scripted ko fight (a ko capture, a refused immediate
//! retake, then GNU Go plays on). Each game is played to two passes (or 400 moves).
use crate::common;

use common::gnugo::{parse_vertex, GnuGo};
use tengen::sgf::{self, point_to_sgf, Mode, ReplayOptions, Replayer};
use tengen::{Color, Game, Move, Point, Rules, Size};

struct Played {
    size: usize,
    handicap: Vec<Point>,
    moves: Vec<(Color, Move)>,
    /// GNU Go's view at the end: stones of each colour (sorted) and captures by each colour.
    stones: [Vec<Point>; 2],
    captures: [u32; 2],
}

fn gtp_color(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn points(list: &str, size: usize) -> Vec<Point> {
    let mut v: Vec<Point> = list
        .split_whitespace()
        .map(|s| {
            let (x, y) = parse_vertex(s, size).unwrap_or_else(|| panic!("vertex {s}"));
            Point::new(x, y)
        })
        .collect();
    v.sort_by_key(|p| (p.y, p.x));
    v
}

fn vertex(p: Point, size: usize) -> String {
    common::gnugo::vertex(p.x, p.y, size)
}

/// Play one game in GNU Go, checking every move in a tengen `Game` along the way.
fn play_game(g: &mut GnuGo, size: usize, handicap: u32, script: &[(Color, (u8, u8))]) -> Played {
    g.ok(&format!("boardsize {size}"));
    g.ok("clear_board");
    g.ok("komi 0.5");
    let rules = Rules::from_name("japanese").unwrap();
    let mut board = tengen::Board::new(Size::square(size).unwrap());
    let mut stones = Vec::new();
    if handicap >= 2 {
        stones = points(&g.ok(&format!("fixed_handicap {handicap}")), size);
        board.edit(stones.iter().map(|&p| (p, Some(Color::Black))));
    }
    let first = if handicap >= 2 {
        Color::White
    } else {
        Color::Black
    };
    let mut game = Game::from_board(board, first, rules);
    let mut moves = Vec::new();
    for &(c, (x, y)) in script {
        let p = Point::new(x, y);
        g.ok(&format!("play {} {}", gtp_color(c), vertex(p, size)));
        game.play_as(c, Move::Play(p))
            .unwrap_or_else(|e| panic!("scripted move {p:?}: {e}"));
        moves.push((c, Move::Play(p)));
    }
    let mut to_move = game.to_move();
    let mut passes = 0;
    while passes < 2 && moves.len() < 400 {
        let answer = g.ok(&format!("genmove {}", gtp_color(to_move)));
        let mv = match answer.to_ascii_lowercase().as_str() {
            "pass" => Move::Pass,
            "resign" => break,
            v => {
                let (x, y) = parse_vertex(v, size).unwrap_or_else(|| panic!("vertex {v}"));
                Move::Play(Point::new(x, y))
            }
        };
        game.play_as(to_move, mv)
            .unwrap_or_else(|e| panic!("GNU Go's move {answer} is illegal for tengen: {e}"));
        passes = if mv == Move::Pass { passes + 1 } else { 0 };
        moves.push((to_move, mv));
        to_move = to_move.opponent();
    }
    let stones_of =
        |g: &mut GnuGo, c| points(&g.ok(&format!("list_stones {}", gtp_color(c))), size);
    let captures_of =
        |g: &mut GnuGo, c| -> u32 { g.ok(&format!("captures {}", gtp_color(c))).parse().unwrap() };
    Played {
        size,
        handicap: stones,
        moves,
        stones: [stones_of(g, Color::Black), stones_of(g, Color::White)],
        captures: [captures_of(g, Color::Black), captures_of(g, Color::White)],
    }
}

/// The game as an SGF record, written by hand (as another program would).
fn to_sgf(p: &Played) -> Vec<u8> {
    let mut s = format!(
        "(;GM[1]FF[4]CA[UTF-8]AP[GNU Go:test]SZ[{}]KM[0.5]RU[Japanese]",
        p.size
    );
    if !p.handicap.is_empty() {
        s += &format!("HA[{}]AB", p.handicap.len());
        for &q in &p.handicap {
            s += &format!("[{}]", point_to_sgf(q));
        }
    }
    s.push('\n');
    for (i, &(c, m)) in p.moves.iter().enumerate() {
        let letter = if c == Color::Black { 'B' } else { 'W' };
        let v = match m {
            Move::Pass if i % 2 == 0 && p.size <= 19 => "tt".to_string(),
            Move::Pass => String::new(),
            Move::Play(q) => point_to_sgf(q),
        };
        s += &format!(";{letter}[{v}]");
    }
    s += ")\n";
    s.into_bytes()
}

fn stones_on(b: &tengen::Board, c: Color) -> Vec<Point> {
    b.size().points().filter(|&p| b.get(p) == Some(c)).collect()
}

/// Count ko captures: moves after which a simple-ko point is set.
fn ko_captures(p: &Played) -> usize {
    let mut board = tengen::Board::new(Size::square(p.size).unwrap());
    board.edit(p.handicap.iter().map(|&q| (q, Some(Color::Black))));
    let rules = Rules::from_name("japanese").unwrap();
    let mut n = 0;
    for &(c, m) in &p.moves {
        match m {
            Move::Play(q) => {
                board.play(q, c, &rules).unwrap();
                n += usize::from(board.ko().is_some());
            }
            Move::Pass => board.pass(),
        }
    }
    n
}

#[test]
fn gnugo_self_play_games_replay_to_gnugo_boards_and_captures() {
    let Some(mut g) = GnuGo::start(&["--level", "0", "--seed", "7"]) else {
        return;
    };
    let b = Color::Black;
    let w = Color::White;
    // A ko on the upper left of 9x9: Black captures at C8 (2,1); White may not retake at once.
    let ko_script = [
        (b, (1, 0)),
        (w, (2, 0)),
        (b, (0, 1)),
        (w, (1, 1)),
        (b, (1, 2)),
        (w, (3, 1)),
        (b, (6, 6)),
        (w, (2, 2)),
        (b, (2, 1)),
    ];
    let games = [
        play_game(&mut g, 9, 0, &[]),
        play_game(&mut g, 9, 3, &[]),
        play_game(&mut g, 11, 2, &[]),
        play_game(&mut g, 9, 0, &ko_script),
    ];
    // the scripted ko: GNU Go refuses the immediate retake, and so does tengen
    {
        g.ok("boardsize 9");
        g.ok("clear_board");
        for &(c, (x, y)) in &ko_script {
            g.ok(&format!(
                "play {} {}",
                gtp_color(c),
                vertex(Point::new(x, y), 9)
            ));
        }
        assert!(g.send("play white B8").is_err());
        let sgf = "(;SZ[9];B[ba];W[ca];B[ab];W[bb];B[bc];W[db];B[gg];W[cc];B[cb];W[bb])";
        let rep = Replayer::new()
            .replay(sgf.as_bytes(), &ReplayOptions::default())
            .unwrap();
        assert_eq!(
            rep.error.map(|e| (e.number, e.reason)),
            Some((10, tengen::Reason::Ko))
        );
    }
    let mut total_ko = 0;
    let mut replayer = Replayer::new();
    for (i, p) in games.iter().enumerate() {
        assert!(
            p.moves.len() >= 20,
            "game {i} is too short: {} moves",
            p.moves.len()
        );
        let data = to_sgf(p);
        let rep = replayer
            .replay(&data, &ReplayOptions::default())
            .unwrap_or_else(|e| panic!("game {i}: {e}"));
        let text = String::from_utf8_lossy(&data);
        assert!(rep.error.is_none(), "game {i}: {:?}\n{text}", rep.error);
        assert_eq!(rep.moves, p.moves.len(), "game {i}");
        let board = replayer.board();
        assert_eq!(
            stones_on(board, Color::Black),
            p.stones[0],
            "game {i}\n{text}"
        );
        assert_eq!(
            stones_on(board, Color::White),
            p.stones[1],
            "game {i}\n{text}"
        );
        assert_eq!(rep.captures, p.captures, "game {i}\n{text}");
        // the tree parser and the writer agree
        let parsed = sgf::parse(&data, Mode::Strict).unwrap();
        let written = sgf::write(&parsed.collection);
        let mut r2 = Replayer::new();
        let rep2 = r2.replay(&written, &ReplayOptions::default()).unwrap();
        assert_eq!((rep2.moves, rep2.captures), (rep.moves, rep.captures));
        assert_eq!(r2.board(), replayer.board());
        total_ko += ko_captures(p);
    }
    assert!(games[1].handicap.len() == 3 && games[2].handicap.len() == 2);
    assert!(ko_captures(&games[3]) >= 1);
    assert!(total_ko >= 1);
    eprintln!(
        "GNU Go games: {:?} moves, {total_ko} ko captures, captures {:?}",
        games.iter().map(|p| p.moves.len()).collect::<Vec<_>>(),
        games.iter().map(|p| p.captures).collect::<Vec<_>>()
    );
}
