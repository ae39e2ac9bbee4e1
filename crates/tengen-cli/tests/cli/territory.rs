//! `tengen territory` and the territory library: the task's cases, fixtures, errors, and a
//! property check against a naive definition.
use crate::common;

use proptest::prelude::*;
use tengen::formats::text::{read_board, InputFormat};
use tengen::territory::{territories, territory_at, Owner, TerritoryMap};
use tengen::{Board, Color, Point, Size};

const EXAMPLE: &str = r#"["  B  ", " B B ", "B W B", " W W ", "  W  "]"#;

/// Run `tengen territory ARGS` with `input` on stdin: (stdout, stderr, status).
fn run(args: &[&str], input: &str) -> (String, String, i32) {
    common::run_tengen(&[&["territory"], args].concat(), input)
}

fn example() -> Board {
    read_board(EXAMPLE, InputFormat::Auto).unwrap()
}

fn pts(v: &[(u8, u8)]) -> Vec<Point> {
    v.iter().map(|&(x, y)| Point::new(x, y)).collect()
}

#[test]
fn task_cases_through_the_library() {
    let b = example();
    let t = territory_at(&b, 0, 1).unwrap();
    assert_eq!(t.owner, Owner::Black);
    assert_eq!(t.points, pts(&[(0, 0), (0, 1), (1, 0)]));
    // white centre territory
    let t = territory_at(&b, 2, 3).unwrap();
    assert_eq!((t.owner, t.points), (Owner::White, pts(&[(2, 3)])));
    // open corner: borders both colours
    let t = territory_at(&b, 1, 4).unwrap();
    assert_eq!(
        (t.owner, t.points),
        (Owner::None, pts(&[(0, 3), (0, 4), (1, 4)]))
    );
    // a stone is no territory
    let t = territory_at(&b, 1, 1).unwrap();
    assert_eq!((t.owner, t.points.len()), (Owner::None, 0));
    // every direction off the board
    for (x, y) in [
        (-1, 1),
        (5, 1),
        (1, -1),
        (1, 5),
        (i64::MIN, 0),
        (0, i64::MAX),
    ] {
        let e = territory_at(&b, x, y).unwrap_err();
        assert_eq!(e.to_string(), "Invalid coordinate");
    }
    // one region covering the whole board, no stone: nobody's
    let b = read_board(r#"["   ", "   "]"#, InputFormat::Auto).unwrap();
    let all = territories(&b);
    assert_eq!(all.none.len(), 6);
    assert!(all.black.is_empty() && all.white.is_empty());
}

#[test]
fn task_cases_through_the_cli() {
    let (out, _, code) = run(&["--at", "0", "1"], EXAMPLE);
    assert_eq!(
        (out.as_str(), code),
        (
            "{\"owner\":\"BLACK\",\"territory\":[[0,0],[0,1],[1,0]]}\n",
            0
        )
    );
    let (out, _, code) = run(&["--at", "1", "1"], EXAMPLE);
    assert_eq!(
        (out.as_str(), code),
        ("{\"owner\":\"NONE\",\"territory\":[]}\n", 0)
    );
    for at in [
        ["-1", "1"],
        ["5", "1"],
        ["1", "-1"],
        ["1", "5"],
        ["99999999999999999999999", "0"],
        ["0", "-99999999999999999999999"],
    ] {
        let (out, _, code) = run(&["--at", at[0], at[1]], EXAMPLE);
        assert_eq!(
            (out.as_str(), code),
            ("{\"error\":\"Invalid coordinate\"}\n", 1),
            "{at:?}"
        );
    }
    // rectangular, in plain text rows
    let (out, _, code) = run(&["--at", "3", "1"], ".XO.\n.XO.\n");
    assert_eq!(
        (out.as_str(), code),
        ("{\"owner\":\"WHITE\",\"territory\":[[3,0],[3,1]]}\n", 0)
    );
}

#[test]
fn fixtures() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/territory");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "in") {
            let input = std::fs::read_to_string(&path).unwrap();
            let want = std::fs::read_to_string(path.with_extension("out")).unwrap();
            let (out, err, code) = run(&[], &input);
            assert_eq!((out.as_str(), code), (want.as_str(), 0), "{path:?}: {err}");
            n += 1;
        }
    }
    assert!(n >= 6, "only {n} fixtures");
}

#[test]
fn text_picture() {
    let (out, _, code) = run(&["--text"], EXAMPLE);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "  A B C D E\n5 x x X x x 5\n4 x X . X x 4\n3 X . O . X 3\n2 . O o O . 2\n1 . . O . . 1\n  A B C D E\n"
    );
    let (out, _, code) = run(&["--text", "--plain"], EXAMPLE);
    assert_eq!(code, 0);
    assert_eq!(out, "xxXxx\nxX.Xx\nX.O.X\n.OoO.\n..O..\n");
}

#[test]
fn bad_input_names_line_and_column() {
    let (out, err, code) = run(&[], "X..\nX.\n");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.contains("line 2") && err.contains("row 1 has 2 points"),
        "{err}"
    );
    let (_, err, code) = run(&[], "X..\n.Z.\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2, column 2: unknown character 'Z'"),
        "{err}"
    );
    let (_, err, code) = run(&[], "[\"  \", \" K\"]");
    assert_eq!(code, 2);
    assert!(err.contains("line 1, column 10"), "{err}");
    let (_, err, code) = run(&[], "[\"  \", ");
    assert_eq!(code, 2);
    assert!(err.contains("invalid JSON"), "{err}");
    let (_, _, code) = run(&["--input", "klingon"], EXAMPLE);
    assert_eq!(code, 2);
    let (_, err, code) = run(&["--at", "1x", "0"], EXAMPLE);
    assert_eq!(code, 2);
    assert!(err.contains("not an integer coordinate"), "{err}");
    let (_, err, code) = run(&[], "");
    assert_eq!(code, 2);
    assert!(err.contains("no board"), "{err}");
}

/// The owner of every empty point by the task's recursive wording, computed naively: a point
/// is a colour's when everything reachable through empty points is bordered by that colour.
fn naive_owner(b: &Board, p: Point) -> Owner {
    let mut seen = std::collections::HashSet::new();
    let mut todo = vec![p];
    let (mut black, mut white) = (false, false);
    seen.insert(p);
    while let Some(q) = todo.pop() {
        let (x, y) = (q.x as i64, q.y as i64);
        for (dx, dy) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
            if let Some(n) = b.size().point(x + dx, y + dy) {
                match b.get(n) {
                    Some(Color::Black) => black = true,
                    Some(Color::White) => white = true,
                    None => {
                        if seen.insert(n) {
                            todo.push(n);
                        }
                    }
                }
            }
        }
    }
    match (black, white) {
        (true, false) => Owner::Black,
        (false, true) => Owner::White,
        _ => Owner::None,
    }
}

proptest! {
    #[test]
    fn map_matches_naive_definition(
        w in 1usize..9, h in 1usize..9, cells in proptest::collection::vec(0u8..3, 81)
    ) {
        let mut b = Board::new(Size::new(w, h).unwrap());
        let edits: Vec<_> = Size::new(w, h).unwrap().points().enumerate()
            .map(|(i, p)| (p, Color::from_digit(cells[i]))).collect();
        b.edit(edits);
        let mut map = TerritoryMap::new();
        map.compute(&b);
        let all = map.territories(&b);
        let mut counted = 0;
        for p in b.size().points() {
            let want = if b.get(p).is_some() { Owner::None } else { naive_owner(&b, p) };
            prop_assert_eq!(map.owner(&b, p), want);
            let t = territory_at(&b, p.x as i64, p.y as i64).unwrap();
            prop_assert_eq!(t.owner, want);
            if b.get(p).is_none() {
                counted += 1;
                let list = match want { Owner::Black => &all.black, Owner::White => &all.white,
                    Owner::None => &all.none };
                prop_assert!(list.contains(&p));
            }
        }
        prop_assert_eq!(all.black.len() + all.white.len() + all.none.len(), counted);
        for list in [&all.black, &all.white, &all.none] {
            prop_assert!(list.windows(2).all(|v| (v[0].x, v[0].y) < (v[1].x, v[1].y)));
        }
    }
}

#[test]
fn input_that_is_not_utf8() {
    let (_, err, code) = common::run_tengen(&["territory"], b"X.\n.\xffO\n");
    assert_eq!(code, 2);
    assert!(
        err.contains("line 2, column 2: the input is not UTF-8"),
        "{err}"
    );
}
