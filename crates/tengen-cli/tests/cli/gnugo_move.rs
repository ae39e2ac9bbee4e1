//! Differential test against GNU Go: random positions and moves on boards 2..19 must get the
//! same legality and, when legal, the same board after the move.
//!
//! Each position goes to one GNU Go process as an SGF file with `AB`/`AW` setup and `PL`
//! (`loadsgf FILE`); then `is_legal COLOR VERTEX` is compared with `Board::check` under
//! `Rules::default()` (GNU Go forbids suicide by default), and a legal move is `play`ed and
//! `list_stones black` / `list_stones white` compared with our board after the move, and
//! `captures COLOR` with the number of stones our move took.
//!
//! Ko: a position loaded from SGF setup has no previous move, so GNU Go has no ko point
//! then (a ko shape may be retaken at once), as our `Board::edit` has none. After a `play`
//! that takes a ko, GNU Go forbids the immediate retake; where our board then has a simple-ko
//! point, the retake is compared as well (ours under a simple-ko rule set).
//!
//! Positions are random fills of random density, with chains left without liberties removed;
//! the moves are biased to points with no empty neighbour or next to a chain in atari, so that
//! captures and suicides make up a good share of the cases (asserted below).
use crate::common;

use std::collections::BTreeSet;
use std::time::Instant;

use common::gnugo::{parse_vertex, vertex, GnuGo};
use tengen::{Board, Color, Point, Reason, Rules, Size};

/// splitmix64: a small seeded generator, enough for test data.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// uniform in [0, 1)
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn color(&mut self) -> Color {
        if self.next() & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
}

fn gtp_color(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// A random legal position: a fill of random density and colour balance, then chains
/// without liberties removed one at a time until none is left.
fn random_position(rng: &mut Rng, n: usize) -> Board {
    let mut board = Board::square(n).unwrap();
    let density = 0.15 + 0.8 * rng.unit();
    let black_share = 0.3 + 0.4 * rng.unit();
    let fill: Vec<(Point, Option<Color>)> = board
        .size()
        .points()
        .map(|p| {
            let c = (rng.unit() < density).then(|| {
                if rng.unit() < black_share {
                    Color::Black
                } else {
                    Color::White
                }
            });
            (p, c)
        })
        .collect();
    board.edit(fill);
    loop {
        let dead = board.chains_without_liberties();
        if dead.is_empty() {
            break;
        }
        board.remove_chain_at(dead[rng.below(dead.len())]);
    }
    board
}

fn neighbours(size: Size, p: Point) -> impl Iterator<Item = Point> {
    [(0, -1), (-1, 0), (1, 0), (0, 1)]
        .into_iter()
        .filter_map(move |(dx, dy)| size.point(p.x as i64 + dx, p.y as i64 + dy))
}

/// A move point: mostly one with no empty neighbour (suicide, capture or ko) or next to a chain
/// in atari (capture or self-atari), sometimes any empty point, sometimes any point.
fn pick_point(rng: &mut Rng, board: &Board) -> Point {
    let size = board.size();
    let empties: Vec<Point> = size.points().filter(|&p| board.get(p).is_none()).collect();
    let enclosed: Vec<Point> = empties
        .iter()
        .copied()
        .filter(|&p| neighbours(size, p).all(|q| board.get(q).is_some()))
        .collect();
    let atari: Vec<Point> = empties
        .iter()
        .copied()
        .filter(|&p| neighbours(size, p).any(|q| board.liberties(q) == Some(1)))
        .collect();
    let r = rng.below(100);
    if r < 40 && !enclosed.is_empty() {
        enclosed[rng.below(enclosed.len())]
    } else if r < 75 && !atari.is_empty() {
        atari[rng.below(atari.len())]
    } else if r < 93 && !empties.is_empty() {
        empties[rng.below(empties.len())]
    } else {
        let all: Vec<Point> = size.points().collect();
        all[rng.below(all.len())]
    }
}

fn sgf(board: &Board, to_move: Color) -> String {
    let n = board.width();
    let mut s = format!("(;FF[4]GM[1]SZ[{n}]");
    for (prop, c) in [("AB", Color::Black), ("AW", Color::White)] {
        let pts: Vec<Point> = board
            .size()
            .points()
            .filter(|&p| board.get(p) == Some(c))
            .collect();
        if !pts.is_empty() {
            s += prop;
            for p in pts {
                s += &format!("[{}{}]", (b'a' + p.x) as char, (b'a' + p.y) as char);
            }
        }
    }
    s += match to_move {
        Color::Black => "PL[B])\n",
        Color::White => "PL[W])\n",
    };
    s
}

fn stones(board: &Board, c: Color) -> BTreeSet<(u8, u8)> {
    board
        .size()
        .points()
        .filter(|&p| board.get(p) == Some(c))
        .map(|p| (p.x, p.y))
        .collect()
}

fn gnugo_stones(g: &mut GnuGo, c: Color, n: usize) -> BTreeSet<(u8, u8)> {
    let answer = g.ok(&format!("list_stones {}", gtp_color(c)));
    answer
        .split_whitespace()
        .map(|v| parse_vertex(v, n).unwrap_or_else(|| panic!("bad vertex {v:?} from gnugo")))
        .collect()
}

fn gnugo_legal(g: &mut GnuGo, c: Color, p: Point, n: usize) -> bool {
    match g
        .ok(&format!(
            "is_legal {} {}",
            gtp_color(c),
            vertex(p.x, p.y, n)
        ))
        .as_str()
    {
        "1" => true,
        "0" => false,
        other => panic!("is_legal answered {other:?}"),
    }
}

#[derive(Default, Debug)]
struct Tally {
    cases: usize,
    answered: usize,
    legal: usize,
    captures: usize,
    occupied: usize,
    single_suicides: usize,
    multi_suicides: usize,
    ko_retakes: usize,
}

#[test]
fn legality_and_result_agree_with_gnugo() {
    let Some(mut g) = GnuGo::start(&[]) else {
        return;
    };
    const CASES: usize = 2_400;
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("gnugo_move_{}.sgf", std::process::id()));
    let path = file.to_str().expect("UTF-8 temp path").to_string();
    let simple_ko = Rules::from_name("chinese").unwrap();
    let rules = Rules::default();
    let mut rng = Rng(0x7465_6e67_656e_0002);
    let mut t = Tally::default();
    let start = Instant::now();
    for case in 0..CASES {
        let n = 2 + rng.below(18);
        let board = random_position(&mut rng, n);
        let p = pick_point(&mut rng, &board);
        let color = rng.color();
        std::fs::write(&file, sgf(&board, color)).unwrap();
        let ctx = || format!("case {case}: {color:?} at {p} on\n{board:?}");
        assert_eq!(
            g.ok(&format!("loadsgf {path}")),
            gtp_color(color),
            "{}",
            ctx()
        );
        assert_eq!(
            stones(&board, Color::Black),
            gnugo_stones(&mut g, Color::Black, n)
        );
        assert_eq!(
            stones(&board, Color::White),
            gnugo_stones(&mut g, Color::White, n)
        );
        t.cases += 1;
        let theirs = gnugo_legal(&mut g, color, p, n);
        t.answered += 1;
        let ours = board.check(p, color, &rules);
        assert_eq!(ours.is_ok(), theirs, "{}: ours {ours:?}", ctx());
        match ours {
            Err(e) => match e.reason {
                Reason::Occupied => t.occupied += 1,
                Reason::Suicide => {
                    if neighbours(board.size(), p).any(|q| board.get(q) == Some(color)) {
                        t.multi_suicides += 1;
                    } else {
                        t.single_suicides += 1;
                    }
                }
                r => panic!("{}: unexpected reason {r:?}", ctx()),
            },
            Ok(()) => {
                t.legal += 1;
                let mut after = board.clone();
                let played = after.play(p, color, &rules).unwrap();
                t.captures += (played.captured > 0) as usize;
                g.ok(&format!(
                    "play {} {}",
                    gtp_color(color),
                    vertex(p.x, p.y, n)
                ));
                // stones captured since the position was loaded
                let taken = g.ok(&format!("captures {}", gtp_color(color)));
                assert_eq!(taken, played.captured.to_string(), "{}", ctx());
                for c in Color::ALL {
                    assert_eq!(
                        stones(&after, c),
                        gnugo_stones(&mut g, c, n),
                        "{}: {c:?} stones after the move; ours\n{after:?}",
                        ctx()
                    );
                }
                // A ko just taken: GNU Go (simple ko) forbids the immediate retake; so does a
                // simple-ko rule set, the task's rules (no ko rule) do not.
                if let Some((k, barred)) = after.ko() {
                    t.ko_retakes += 1;
                    assert!(!gnugo_legal(&mut g, barred, k, n), "{}", ctx());
                    assert_eq!(
                        after.check(k, barred, &simple_ko).map_err(|e| e.reason),
                        Err(Reason::Ko)
                    );
                    assert!(after.is_legal(k, barred, &rules));
                }
            }
        }
    }
    let _ = std::fs::remove_file(&file);
    let elapsed = start.elapsed();
    eprintln!("gnugo differential: {t:?} in {elapsed:.2?}");
    assert_eq!(t.cases, CASES);
    assert_eq!(t.answered, CASES, "GNU Go must answer every case");
    // a good share of the cases are the interesting ones
    assert!(t.captures * 100 >= CASES * 15, "{t:?}");
    assert!(
        (t.single_suicides + t.multi_suicides) * 100 >= CASES * 10,
        "{t:?}"
    );
    assert!(t.multi_suicides * 100 >= CASES * 2, "{t:?}");
    assert!(t.legal * 100 >= CASES * 30, "{t:?}");
    assert!(t.occupied > 0 && t.ko_retakes >= 20, "{t:?}");
}

/// What GNU Go does with ko on a loaded position: no ko point (no previous move), as ours; after
/// a `play` that takes a ko, the immediate retake is illegal until a move elsewhere.
#[test]
fn gnugo_ko_on_a_loaded_position() {
    let Some(mut g) = GnuGo::start(&[]) else {
        return;
    };
    // . X O .
    // X O . O
    // . X O .
    let mut board = tengen::formats::text::read_board(
        ".XO.\nXO.O\n.XO.\n....\n",
        tengen::formats::text::InputFormat::Text,
    )
    .unwrap();
    let file = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("gnugo_ko_{}.sgf", std::process::id()));
    std::fs::write(&file, sgf(&board, Color::Black)).unwrap();
    g.ok(&format!("loadsgf {}", file.display()));
    let _ = std::fs::remove_file(&file);
    let simple = Rules::from_name("japanese").unwrap();
    let take = Point::new(2, 1);
    let retake = Point::new(1, 1);
    assert!(gnugo_legal(&mut g, Color::Black, take, 4));
    board.play(take, Color::Black, &simple).unwrap();
    g.ok(&format!("play black {}", vertex(take.x, take.y, 4)));
    assert_eq!(board.ko(), Some((retake, Color::White)));
    assert!(!gnugo_legal(&mut g, Color::White, retake, 4));
    assert!(!board.is_legal(retake, Color::White, &simple));
    // a move elsewhere lifts the ban in both
    let elsewhere = Point::new(0, 3);
    board.play(elsewhere, Color::White, &simple).unwrap();
    g.ok(&format!(
        "play white {}",
        vertex(elsewhere.x, elsewhere.y, 4)
    ));
    assert!(gnugo_legal(&mut g, Color::White, retake, 4));
    assert!(board.is_legal(retake, Color::White, &simple));
    // and the position that was loaded had no ko: after loading the position with the ko
    // taken, the retake is legal at once in both
    std::fs::write(&file, sgf(&board, Color::White)).unwrap();
    g.ok(&format!("loadsgf {}", file.display()));
    let _ = std::fs::remove_file(&file);
    let mut loaded = Board::square(4).unwrap();
    loaded.edit(board.size().points().map(|p| (p, board.get(p))));
    assert_eq!(loaded.ko(), None);
    assert!(gnugo_legal(&mut g, Color::White, retake, 4));
    assert!(loaded.is_legal(retake, Color::White, &simple));
}
