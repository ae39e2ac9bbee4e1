//! Territory of whole 19x19 boards: tengen's one-pass region map against the `goban` crate's
//! `Goban::calculate_territories` on the same positions, in one run. Also pass-alive analysis
//! and a full area count on those positions.
//!
//! Positions: the final positions of the first 200 games of `../shared/data/sgf/fox-pro` (real
//! professional games, mostly ended by resignation) when that directory exists, and always 200
//! random-playout finals from fixed seeds (both sides play random legal moves that do not fill
//! their own one-point eyes until neither can move).
//!
//! `cargo bench -p tengen-tools --bench territory`

use std::hint::black_box;
use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use tengen::benson::pass_alive;
use tengen::score::{score, ScoreOptions};
use tengen::territory::TerritoryMap;
use tengen::{Board, Color, Game, Move, Point, Rules, Size};

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

/// Whether `p` is a one-point eye of `c`: every neighbour on the board is a `c` stone.
fn own_eye(b: &Board, p: Point, c: Color) -> bool {
    let (x, y) = (p.x as i64, p.y as i64);
    [(0, 1), (1, 0), (0, -1), (-1, 0)]
        .iter()
        .filter_map(|&(dx, dy)| b.size().point(x + dx, y + dy))
        .all(|n| b.get(n) == Some(c))
}

fn random_final(seed: u64) -> Board {
    let rules = Rules::from_name("chinese").unwrap();
    let mut b = Board::square(19).unwrap();
    let mut rng = Lcg(seed);
    let mut passes = 0;
    let mut color = Color::Black;
    let mut moves = 0;
    while passes < 2 && moves < 1500 {
        let cands: Vec<Point> = b
            .legal_moves(color, &rules)
            .into_iter()
            .filter(|&p| !own_eye(&b, p, color))
            .collect();
        if cands.is_empty() {
            passes += 1;
            b.pass();
        } else {
            passes = 0;
            let p = cands[rng.next(cands.len())];
            b.play(p, color, &rules).unwrap();
        }
        color = color.opponent();
        moves += 1;
    }
    b
}

/// The final position of an SGF game: its `;B[..]` / `;W[..]` moves replayed tolerantly
/// (a minimal reader for this benchmark's input, not a general SGF parser).
fn sgf_final(text: &str) -> Option<Board> {
    let mut game = Game::new(Size::square(19).ok()?, Rules::from_name("japanese").ok()?);
    let bytes = text.as_bytes();
    for i in 0..bytes.len().saturating_sub(5) {
        if bytes[i] != b';' {
            continue;
        }
        let color = match bytes[i + 1] {
            b'B' => Color::Black,
            b'W' => Color::White,
            _ => continue,
        };
        if bytes[i + 2] != b'[' {
            continue;
        }
        let mv = if bytes[i + 3] == b']' {
            Move::Pass
        } else {
            let (x, y) = (
                bytes[i + 3].wrapping_sub(b'a'),
                bytes[i + 4].wrapping_sub(b'a'),
            );
            if x >= 19 || y >= 19 {
                Move::Pass
            } else {
                Move::Play(Point::new(x, y))
            }
        };
        game.play_tolerant(color, mv).ok()?;
    }
    Some(game.board().clone())
}

fn fox_finals(n: usize) -> Vec<Board> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/sgf/fox-pro");
    let Ok(rd) = std::fs::read_dir(&dir) else {
        eprintln!("NOTE: {} is absent: only random positions", dir.display());
        return Vec::new();
    };
    let mut files: Vec<_> = rd.filter_map(|e| e.ok().map(|e| e.path())).collect();
    files.sort();
    files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "sgf"))
        .filter_map(|p| sgf_final(&std::fs::read_to_string(p).ok()?))
        .take(n)
        .collect()
}

fn to_goban(b: &Board) -> goban::pieces::goban::Goban {
    use goban::pieces::stones::Color as GColor;
    let cells: Vec<Option<GColor>> = b
        .size()
        .points()
        .map(|p| match b.get(p) {
            Some(Color::Black) => Some(GColor::Black),
            Some(Color::White) => Some(GColor::White),
            None => None,
        })
        .collect();
    goban::pieces::goban::Goban::from(cells.as_slice())
}

fn bench_set(c: &mut Criterion, name: &str, boards: &[Board]) {
    if boards.is_empty() {
        return;
    }
    let gobans: Vec<_> = boards.iter().map(to_goban).collect();
    // both libraries must agree on every position before anything is timed
    let mut map = TerritoryMap::new();
    for (b, g) in boards.iter().zip(&gobans) {
        map.compute(b);
        let [tb, tw, _] = map.counts();
        assert_eq!((tb, tw), g.calculate_territories(), "{b:?}");
    }
    let mut group = c.benchmark_group(format!("territory-19x19/{name}"));
    group.throughput(Throughput::Elements(boards.len() as u64));
    group.bench_function("tengen TerritoryMap::compute+counts", |bch| {
        let mut map = TerritoryMap::new();
        bch.iter(|| {
            let mut sum = 0;
            for b in boards {
                map.compute(black_box(b));
                sum += map.counts()[0];
            }
            sum
        })
    });
    group.bench_function("tengen territories (task lists)", |bch| {
        bch.iter(|| {
            let mut sum = 0;
            for b in boards {
                sum += tengen::territory::territories(black_box(b)).black.len();
            }
            sum
        })
    });
    group.bench_function("goban Goban::calculate_territories", |bch| {
        bch.iter(|| {
            let mut sum = 0;
            for g in &gobans {
                sum += black_box(g).calculate_territories().0;
            }
            sum
        })
    });
    group.bench_function("tengen pass_alive", |bch| {
        bch.iter(|| {
            let mut sum = 0;
            for b in boards {
                sum += pass_alive(black_box(b), false)
                    .alive_stones(Color::Black)
                    .len();
            }
            sum
        })
    });
    let opts = ScoreOptions::new(Rules::from_name("chinese").unwrap());
    group.bench_function("tengen score (area)", |bch| {
        bch.iter(|| {
            let mut sum = 0;
            for b in boards {
                sum += score(black_box(b), &opts).unwrap().black.territory;
            }
            sum
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    let fox = fox_finals(200);
    let random: Vec<Board> = (1..=200).map(random_final).collect();
    eprintln!(
        "positions: {} fox-pro finals, {} random-playout finals",
        fox.len(),
        random.len()
    );
    bench_set(c, "fox-pro-finals", &fox);
    bench_set(c, "random-finals", &random);
}

criterion_group!(territory, benches);
criterion_main!(territory);
