//! `tengen render` and `tengen move --render`: golden SVG files (compared after normalising
//! numbers), PNG output decoded back and checked pixel by pixel at stone centres, rectangular
//! and 52x52 boards, and the errors.
//!
//! Set `TENGEN_BLESS=1` to rewrite the golden files after a deliberate change of look (then
//! look at them).

use crate::common;

use std::path::{Path, PathBuf};

use tengen::formats::text::{read_board, InputFormat};
use tengen::render::{Coords, Panel, Picture};
use tengen::{Board, Color, Point};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/render")
}

fn out_dir() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("render");
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Run `tengen` with `args` and `stdin`; (stdout, stderr, status).
fn run(args: &[&str], stdin: &str) -> (String, String, i32) {
    common::run_tengen(args, stdin)
}

/// Split into (text, numbers): every run of digits (with a sign and a decimal point) becomes
/// a number, the rest is kept as text with a `#` where each number was.
fn normalise(svg: &str) -> (String, Vec<f64>) {
    let mut text = String::new();
    let mut nums = Vec::new();
    let b = svg.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let starts_num =
            b[i].is_ascii_digit() || (b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_digit));
        // `#d01c1c` colours are text, not numbers
        let in_colour = text.ends_with('#')
            || text.rsplit('#').next().is_some_and(|t| {
                text.contains('#') && t.len() < 6 && t.bytes().all(|c| c.is_ascii_hexdigit())
            });
        if starts_num && !in_colour {
            let start = i;
            i += 1;
            while i < b.len() && (b[i].is_ascii_digit() || b[i] == b'.') {
                i += 1;
            }
            nums.push(svg[start..i].parse().unwrap());
            text.push('\u{1}');
        } else {
            text.push(b[i] as char);
            i += 1;
        }
    }
    (text, nums)
}

fn assert_golden(name: &str, svg: &str) {
    let path = fixtures().join(name);
    if std::env::var_os("TENGEN_BLESS").is_some() {
        std::fs::write(&path, svg).unwrap();
        return;
    }
    let want = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (TENGEN_BLESS=1 writes it)", path.display()));
    let (wt, wn) = normalise(&want);
    let (gt, gn) = normalise(svg);
    assert_eq!(
        gt, wt,
        "{name}: the SVG's structure differs from the golden file"
    );
    assert_eq!(gn.len(), wn.len(), "{name}");
    for (k, (g, w)) in gn.iter().zip(&wn).enumerate() {
        assert!(
            (g - w).abs() < 0.02,
            "{name}: number {k} is {g}, golden {w}"
        );
    }
}

fn render_to(name: &str, args: &[&str], stdin: &str) -> PathBuf {
    let out = out_dir().join(name);
    let mut all = args.to_vec();
    let o = out.to_str().unwrap().to_string();
    all.extend(["-o", &o]);
    let (_, err, code) = run(&all, stdin);
    assert_eq!(code, 0, "render {args:?}: {err}");
    out
}

fn fixture(name: &str) -> String {
    fixtures().join(name).to_str().unwrap().to_string()
}

#[test]
fn golden_svgs() {
    let nine = std::fs::read_to_string(fixtures().join("nine.txt")).unwrap();
    let p = render_to("nine.svg", &["render", "--last", "G3"], &nine);
    assert_golden("nine.svg", &std::fs::read_to_string(p).unwrap());

    let rect = std::fs::read_to_string(fixtures().join("rect.txt")).unwrap();
    let p = render_to(
        "rect.svg",
        &["render", "--territory", "--coords", "sgf"],
        &rect,
    );
    assert_golden("rect.svg", &std::fs::read_to_string(p).unwrap());

    let sgf = fixture("capture.sgf");
    let p = render_to(
        "capture.svg",
        &[
            "render",
            &sgf,
            "--move",
            "5",
            "--numbers",
            "1-5",
            "--captured",
        ],
        "",
    );
    let svg = std::fs::read_to_string(p).unwrap();
    assert!(svg.contains("Move 5: black A8"), "{svg}");
    assert_golden("capture.svg", &svg);

    let p = render_to(
        "score.svg",
        &["render", "--score", "--dead", "E4", "--komi", "0.5"],
        &rect,
    );
    let svg = std::fs::read_to_string(p).unwrap();
    assert_golden("score.svg", &svg);
}

#[test]
fn normalising_tolerates_rounding_only() {
    let (a, an) = normalise(r##"<circle cx="10.004" fill="#d01c1c"/>"##);
    let (b, bn) = normalise(r##"<circle cx="10" fill="#d01c1c"/>"##);
    assert_eq!(a, b);
    assert!((an[0] - bn[0]).abs() < 0.02);
    let (c, _) = normalise(r##"<circle cx="10" fill="#111111"/>"##);
    assert_ne!(a, c);
}

/// Decode a PNG: (width, height, RGBA pixels).
fn decode(path: &Path) -> (u32, u32, Vec<u8>) {
    let dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    buf.truncate(info.buffer_size());
    (info.width, info.height, buf)
}

fn pixel(img: &(u32, u32, Vec<u8>), (x, y): (f64, f64)) -> [u8; 3] {
    let (x, y) = (x.floor() as usize, y.floor() as usize);
    let i = (y * img.0 as usize + x) * 4;
    [img.2[i], img.2[i + 1], img.2[i + 2]]
}

fn is_dark(c: [u8; 3]) -> bool {
    c.iter().all(|&v| v < 60)
}

fn is_light(c: [u8; 3]) -> bool {
    c.iter().all(|&v| v > 220)
}

/// The board's wood colour `#dcb35c`, give or take.
fn is_wood(c: [u8; 3]) -> bool {
    c[0].abs_diff(0xdc) < 12 && c[1].abs_diff(0xb3) < 12 && c[2].abs_diff(0x5c) < 12
}

/// Render `board` to PNG through the CLI (text rows on stdin) and check the size and the
/// pixel at every point: dark on black stones, light on white ones, wood on empty points
/// off the grid lines is not checked (a grid line crosses each centre).
fn check_png(name: &str, board: &Board, extra: &[&str]) {
    let rows = tengen::formats::text::render(board, Default::default(), |_| None);
    let mut args = vec!["render", "--input", "text"];
    args.extend(extra);
    let path = render_to(name, &args, &rows);
    let img = decode(&path);
    let pic = Picture {
        panels: vec![Panel::new(board)],
        coords: if extra.contains(&"none") {
            Coords::None
        } else {
            Coords::Gtp
        },
        legend: vec![],
    };
    let (w, h) = pic.dimensions();
    assert_eq!((img.0, img.1), (w as u32, h as u32), "{name}: size");
    let mut seen = [0; 2];
    for p in board.size().points() {
        let (cx, cy) = pic.point_center(0, p);
        // a little off the centre, off the grid lines
        let c = pixel(&img, (cx + 3.0, cy + 1.5));
        match board.get(p) {
            Some(Color::Black) => {
                assert!(is_dark(c), "{name}: {p:?} black stone is {c:?}");
                seen[0] += 1;
            }
            Some(Color::White) => {
                assert!(is_light(c), "{name}: {p:?} white stone is {c:?}");
                seen[1] += 1;
            }
            None => assert!(is_wood(c), "{name}: {p:?} empty point is {c:?}"),
        }
    }
    assert_eq!(
        seen,
        [
            board.stone_count(Color::Black),
            board.stone_count(Color::White)
        ]
    );
}

#[test]
fn png_pixels_at_stone_centres() {
    let b = read_board(
        "X.O......\n.X.O.....\n.........\n....X....\n.........\n.........\n.........\n.......O.\nO.......X\n",
        InputFormat::Text,
    )
    .unwrap();
    check_png("nine.png", &b, &[]);
}

#[test]
fn png_rectangular_board() {
    let b = read_board(
        "X..............O.....\n.....X.......O.......\n..O........X.......X.\n",
        InputFormat::Text,
    )
    .unwrap();
    assert_eq!((b.width(), b.height()), (21, 3));
    check_png("rect.png", &b, &["--coords", "none"]);
}

#[test]
fn png_52x52_board() {
    let mut b = Board::square(52).unwrap();
    // a sparse diagonal pattern of both colours, corners included
    let mut edits = Vec::new();
    for i in 0..52u8 {
        let c = if i % 2 == 0 {
            Color::Black
        } else {
            Color::White
        };
        edits.push((Point::new(i, i), Some(c)));
        edits.push((Point::new(51 - i, (i + 7) % 52), Some(c.opponent())));
    }
    edits.push((Point::new(51, 0), Some(Color::Black)));
    edits.push((Point::new(0, 51), Some(Color::White)));
    b.edit(edits);
    check_png("big.png", &b, &[]);
    // two-letter GTP columns reach the far side
    let svg = render_to("big.svg", &["render", "--input", "text"], &{
        tengen::formats::text::render(&b, Default::default(), |_| None)
    });
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.contains(">BA<") && svg.contains(">52<"));
}

#[test]
fn sgf_position_at_a_move_and_its_marks() {
    let sgf = fixture("capture.sgf");
    let p = render_to(
        "cap5.png",
        &["render", &sgf, "--move", "5", "--captured"],
        "",
    );
    let img = decode(&p);
    // after move 5: black E5, B9, A8, white F7; white's A9 was captured by move 5
    let empty = Board::square(9).unwrap();
    let pic = Picture {
        panels: vec![Panel::new(&empty)],
        coords: Coords::Gtp,
        legend: vec!["x".into()],
    };
    let at = |x: u8, y: u8| {
        pixel(&img, {
            let (cx, cy) = pic.point_center(0, Point::new(x, y));
            (cx + 3.0, cy + 1.5)
        })
    };
    assert!(is_dark(at(1, 0)), "B9 {:?}", at(1, 0));
    assert!(is_dark(at(0, 1)), "A8 {:?}", at(0, 1));
    assert!(is_light(at(5, 2)), "F7 {:?}", at(5, 2));
    // the captured white stone at A9 is faded: neither wood nor a white stone
    let a9 = at(0, 0);
    assert!(!is_wood(a9) && !is_light(a9), "A9 {a9:?}");
    // the end of the record, with the last move ringed in red
    let svg = render_to("cap-end.svg", &["render", &sgf], "");
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.contains("Move 7: black C7") && svg.contains(r#"class="last""#));
    let svg = render_to("cap-nolast.svg", &["render", &sgf, "--no-last"], "");
    assert!(!std::fs::read_to_string(svg)
        .unwrap()
        .contains(r#"class="last""#));
}

#[test]
fn illegal_move_in_a_record_is_highlighted() {
    let dir = out_dir();
    let sgf = dir.join("illegal.sgf");
    std::fs::write(&sgf, "(;SZ[5];B[aa];W[bb];B[aa])").unwrap();
    let p = render_to("illegal.svg", &["render", sgf.to_str().unwrap()], "");
    let svg = std::fs::read_to_string(p).unwrap();
    assert!(
        svg.contains("move 3 (black aa) is illegal: occupied"),
        "{svg}"
    );
    assert!(svg.contains(r##"stroke="#d01c1c" stroke-width="3""##));
}

#[test]
fn play_option_legal_and_illegal() {
    let board = "3\n010\n101\n010\n";
    let p = render_to("play-bad.svg", &["render", "--play", "W", "B2"], board);
    let svg = std::fs::read_to_string(p).unwrap();
    assert!(svg.contains("white B2: illegal (suicide)"), "{svg}");
    let p = render_to(
        "play-ok.svg",
        &["render", "--play", "B", "1,1", "--captured"],
        "3\n020\n202\n000\n",
    );
    let svg = std::fs::read_to_string(p).unwrap();
    assert!(svg.contains("black B2: legal, captures 0"), "{svg}");
    assert!(svg.contains(r#"class="last""#));
}

#[test]
fn move_render_keeps_stdout_and_draws_both_sides() {
    let task = "5\n00000\n01100\n12200\n01100\n00000\n3 2 1\n";
    let (plain, _, code) = run(&["move"], task);
    assert_eq!(code, 0);
    let path = out_dir().join("move.svg");
    let (with, err, code) = run(&["move", "--render", path.to_str().unwrap()], task);
    assert_eq!((code, with.as_str()), (0, plain.as_str()), "{err}");
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains(">before<") && svg.contains(">after<"));
    assert!(svg.contains("legal, captures 2"), "{svg}");
    // two captured stones, each faded and crossed
    assert_eq!(svg.matches(r#"stroke-dasharray="3 2""#).count(), 2);

    // an illegal move: the reason; a second problem goes to move-2.svg
    let two = "3\n010\n101\n010\n1 1 2\n2\n00\n00\n0 0 1\n";
    let (plain, _, _) = run(&["move"], two);
    let (with, _, code) = run(&["move", "--render", path.to_str().unwrap()], two);
    assert_eq!((code, with.as_str()), (0, plain.as_str()));
    let svg = std::fs::read_to_string(&path).unwrap();
    assert!(svg.contains("illegal (suicide)"), "{svg}");
    let second = std::fs::read_to_string(out_dir().join("move-2.svg")).unwrap();
    assert!(second.contains("legal, captures 0"));
}

#[test]
fn bad_input_and_usage_exit_2() {
    let (_, err, code) = run(&["render", "-o", "x.jpg"], "X.\n.O\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("x.jpg") && err.contains(".svg or .png"),
        "{err}"
    );
    let o = out_dir().join("bad.svg");
    let o = o.to_str().unwrap();
    let (_, err, code) = run(&["render", "-o", o], "X.\n.Q\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 2, column 2"), "{err}");
    let sgf = fixture("capture.sgf");
    let (_, err, code) = run(&["render", &sgf, "--move", "99", "-o", o], "");
    assert_eq!(code, 2);
    assert!(err.contains("only 7 moves"), "{err}");
    let (_, err, code) = run(&["render", "--move", "3", "-o", o], "X.\n.O\n");
    assert_eq!(code, 2);
    assert!(err.contains("SGF"), "{err}");
    let (_, err, code) = run(&["render", "--play", "B", "Z9", "-o", o], "X.\n.O\n");
    assert_eq!(code, 2);
    assert!(err.contains("--play point"), "{err}");
    let (_, err, code) = run(&["render", "--score", "--dead", "B2", "-o", o], "X.\n..\n");
    assert_eq!(code, 2);
    assert!(err.contains("empty"), "{err}");
    let (_, _, code) = run(&["render", "--numbers", "5-2", &sgf, "-o", o], "");
    assert_eq!(code, 2);
    let (_, err, code) = run(&["move", "--render", "a.txt"], "2\n00\n00\n0 0 1\n");
    assert_eq!(code, 2);
    assert!(err.contains("a.txt"), "{err}");
    let (_, err, code) = run(&["render", "/nonexistent/x.sgf", "-o", o], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/x.sgf"), "{err}");
}

#[test]
fn score_text_and_territory_text_share_the_look() {
    let rect = std::fs::read_to_string(fixtures().join("rect.txt")).unwrap();
    let (out, err, code) = run(&["score", "--text"], &rect);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "  A B C D E F G");
    assert_eq!(lines[2], "4 x x X . O o o 4");
    assert_eq!(lines[6], lines[0]);
    assert_eq!(lines[7], "W+7.5");
    let (terr, _, code) = run(&["territory", "--text"], &rect);
    assert_eq!(code, 0);
    // the same picture as the count's
    assert_eq!(terr, lines[..7].join("\n") + "\n");
    // dead stones show as the territory they count as
    let (out, _, code) = run(&["score", "--text", "--dead", "E4", "--komi", "0.5"], &rect);
    assert_eq!(code, 0);
    assert!(
        out.contains("\n3 x x X x x x x 3\n") && out.ends_with("B+34.5\n"),
        "{out}"
    );
}

#[test]
fn readme_picture_is_what_its_command_draws() {
    let docs = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/fox-territory.png");
    let sgf = fixture("fox-w10.sgf");
    let p = render_to("fox.png", &["render", &sgf, "--territory"], "");
    let (ours, committed) = (decode(&p), decode(&docs));
    assert_eq!((ours.0, ours.1), (committed.0, committed.1));
    // the same stones: compare every 19x19 point's pixel class (fonts may differ by machine)
    let mut r = tengen::sgf::Replayer::new();
    r.replay(
        &std::fs::read(fixtures().join("fox-w10.sgf")).unwrap(),
        &Default::default(),
    )
    .unwrap();
    let board = r.board().clone();
    let pic = Picture {
        panels: vec![Panel::new(&board)],
        coords: Coords::Gtp,
        legend: vec![],
    };
    for q in board.size().points() {
        let (cx, cy) = pic.point_center(0, q);
        let at = (cx + 3.0, cy + 1.5);
        let (a, b) = (pixel(&ours, at), pixel(&committed, at));
        assert_eq!(
            (is_dark(a), is_light(a)),
            (is_dark(b), is_light(b)),
            "{q:?}"
        );
        match board.get(q) {
            Some(Color::Black) => assert!(is_dark(b)),
            Some(Color::White) => assert!(is_light(b)),
            None => {}
        }
    }
}

/// Stones crossed as dead in an SVG (the captured stones' crosses are thinner).
fn crossed(svg: &str) -> usize {
    svg.matches(r##"stroke="#d01c1c" stroke-width="2.5" stroke-linecap="round""##)
        .count()
}

/// An SGF record whose setup is the text rows (`X`, `O`, `.`).
fn sgf_of(rows: &[&str], root: &str) -> String {
    let mut ab = String::new();
    let mut aw = String::new();
    for (y, r) in rows.iter().enumerate() {
        for (x, c) in r.chars().enumerate() {
            let pt = format!("[{}{}]", (b'a' + x as u8) as char, (b'a' + y as u8) as char);
            match c {
                'X' => ab.push_str(&pt),
                'O' => aw.push_str(&pt),
                _ => {}
            }
        }
    }
    format!("(;GM[1]FF[4]SZ[{}]{root}AB{ab}AW{aw})", rows.len())
}

/// A lone white stone (H7) inside Black's area.
const LONE: [&str; 9] = [
    "....XO...",
    "....XO...",
    "....XO.X.",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
    "....XO...",
];

#[test]
fn score_judges_the_dead_stones_of_a_record_as_tengen_score_does() {
    let sgf = out_dir().join("lone.sgf");
    std::fs::write(&sgf, sgf_of(&LONE, "KM[6.5]RU[Japanese]")).unwrap();
    let sgf = sgf.to_str().unwrap();
    let (out, err, code) = run(&["score", sgf], "");
    assert_eq!(code, 0, "{err}");
    let result = out.split_whitespace().next().unwrap().to_string();
    // the black stone inside White's area is dead under the record's Japanese rules
    assert_eq!(result, "B+1.5");
    let svg =
        std::fs::read_to_string(render_to("lone.svg", &["render", sgf, "--score"], "")).unwrap();
    assert_eq!(crossed(&svg), 1, "{svg}");
    assert!(
        svg.contains(&format!("(territory scoring, komi 6.5): {result}<")),
        "{svg}"
    );
    assert!(svg.contains(
        "Judged dead stones: black 1 (counted for White), white 0 (for Black); in seki: 0"
    ));
    // --komi and --rules still override the record's
    let svg = render_to(
        "lone-chinese.svg",
        &[
            "render", sgf, "--score", "--rules", "chinese", "--komi", "0.5",
        ],
        "",
    );
    let svg = std::fs::read_to_string(svg).unwrap();
    assert!(svg.contains("(area scoring, komi 0.5)"), "{svg}");
    // --dead none counts the stone as alive
    let svg = render_to(
        "lone-none.svg",
        &["render", sgf, "--score", "--dead", "none"],
        "",
    );
    let svg = std::fs::read_to_string(svg).unwrap();
    assert_eq!(crossed(&svg), 0);
    assert!(!svg.contains("Judged dead"));
}

#[test]
fn score_of_a_board_judges_only_when_asked() {
    let rows = LONE.join("\n") + "\n";
    let svg = std::fs::read_to_string(render_to("lone-board.svg", &["render", "--score"], &rows))
        .unwrap();
    assert_eq!(crossed(&svg), 0);
    let svg = render_to(
        "lone-board-auto.svg",
        &["render", "--score", "--dead", "auto"],
        &rows,
    );
    assert_eq!(crossed(&std::fs::read_to_string(svg).unwrap()), 1);
}

#[test]
fn score_rings_the_stones_in_seki_and_marks_their_shared_liberties() {
    // two inner chains without eyes sharing the liberties D9 and D8
    let rows = [
        "XXX.OX...",
        "OOX.OX...",
        ".OXOOX...",
        ".OOXOX...",
        "..OXXX...",
        "..OX.....",
        "..OX.....",
        "..OX.....",
        "..OX.....",
    ];
    let rows = rows.join("\n") + "\n";
    let svg = render_to(
        "seki.svg",
        &["render", "--score", "--dead", "auto", "--rules", "japanese"],
        &rows,
    );
    let svg = std::fs::read_to_string(svg).unwrap();
    // the 5 inner stones of each colour and the two shared liberties
    let rings = svg
        .matches(r#"stroke-dasharray="4 2" class="seki""#)
        .count();
    let diamonds = svg.matches(r##"Z" fill="#1c5cd0" class="seki""##).count();
    assert_eq!((rings, diamonds), (10, 2), "{svg}");
    assert_eq!(crossed(&svg), 0);
    assert!(svg.contains("; in seki: 10"));
}

#[test]
fn ownership_shades_each_point_towards_its_owner() {
    let rows = LONE.join("\n") + "\n";
    let plain = std::fs::read_to_string(render_to("own-no.svg", &["render"], &rows)).unwrap();
    assert!(!plain.contains(r#"class="ownership""#));
    let svg = render_to("own.svg", &["render", "--ownership"], &rows);
    let svg = std::fs::read_to_string(svg).unwrap();
    let shades: Vec<&str> = svg
        .lines()
        .filter(|l| l.contains(r#"class="ownership""#))
        .collect();
    // the settled sides are shaded: black's four columns dark, white's light
    let dark = shades.iter().filter(|l| l.contains("#111111")).count();
    let light = shades.iter().filter(|l| l.contains("#f6f6f6")).count();
    assert!(dark >= 36 && light >= 27, "dark {dark}, light {light}");
    assert!(svg.contains("Shading: the judge's ownership"));
    // with --score too, and as a PNG
    let p = render_to("own.png", &["render", "--ownership", "--score"], &rows);
    let (w, h, _) = decode(&p);
    assert!(w > 0 && h > 0);
}

#[test]
fn the_komi_warning_comes_only_with_a_count() {
    // fox-w10.sgf has Fox's KM[0]: the komi matters to --score and --ownership only
    let sgf = fixture("fox-w10.sgf");
    let svg = out_dir().join("komi-warning.svg");
    let svg = svg.to_str().unwrap();
    let (_, err, code) = run(&["render", &sgf, "--territory", "-o", svg], "");
    assert_eq!(code, 0, "{err}");
    assert!(!err.contains("KM[0]"), "{err}");
    let (_, err, code) = run(&["render", &sgf, "--score", "-o", svg], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        err.contains("tengen render: warning: KM[0] read as the Fox server's encoding")
            && err.contains("AP[GNU Go:3.8] and no HA"),
        "{err}"
    );
}
