//! `tengen solve`: life-and-death problems made by hand with known answers (straight three,
//! bulky five, in the corner of a 19x19 board), `--check` against the record's solution
//! branches, JSON, and the errors.

use crate::common;

use common::run_tengen;

/// White's corner group with a straight three-point eye space (A19 B19 C19): whoever plays
/// B19 first decides it.
const THREE: &str = "AW[da][ab][bb][cb][db]AB[ea][eb][ac][bc][cc][dc][ec]";
/// White's corner group with a bulky five eye space (A19 B19 C19 A18 B18): B19 is the vital
/// point for both sides.
const FIVE: &str = "AW[da][cb][db][ac][bc][cc]AB[ea][eb][ec][dc][dd][ad][bd][cd]";

fn write(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("tengen-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

fn problem(name: &str, setup: &str, pl: &str, tail: &str) -> String {
    write(name, &format!("(;GM[1]FF[4]SZ[19]{setup}PL[{pl}]{tail})"))
}

#[test]
fn the_key_move_decides_the_group_for_either_side() {
    for (setup, stones) in [(THREE, 5), (FIVE, 6)] {
        let p = problem("kill.sgf", setup, "B", "");
        let (out, err, code) = run_tengen(&["solve", &p], "");
        assert_eq!(code, 0, "{err}");
        assert!(
            out.ends_with(&format!(
                ": black to play: white group at D19 ({stones} stones): dead, key B19 (proven)\n"
            )),
            "{out}"
        );
        let p = problem("live.sgf", setup, "W", "");
        let (out, err, code) = run_tengen(&["solve", &p], "");
        assert_eq!(code, 0, "{err}");
        assert!(
            out.ends_with(&format!(
                ": white to play: white group at D19 ({stones} stones): alive, key B19 (proven)\n"
            )),
            "{out}"
        );
    }
}

#[test]
fn check_compares_with_the_branches_marked_right_or_the_main_line() {
    // the branch marked RIGHT is the solution, whatever its order
    let p = problem(
        "right.sgf",
        THREE,
        "B",
        "(;B[aa];W[ba]C[Wrong])(;B[ba]C[RIGHT])",
    );
    let (out, err, code) = run_tengen(&["solve", &p, "--check"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.ends_with("check: right (key B19; the record's B19)\n"),
        "{out}"
    );
    // no mark: the main line's first move; a wrong solution in the record is exit status 1
    let p = problem("wrong.sgf", THREE, "B", ";B[aa]");
    let (out, _, code) = run_tengen(&["solve", &p, "--check"], "");
    assert_eq!(code, 1, "{out}");
    assert!(
        out.ends_with("check: wrong (key B19; the record's A19)\n"),
        "{out}"
    );
    // without PL, the first solution move says who plays
    let p = write("nopl.sgf", &format!("(;GM[1]SZ[19]{FIVE};W[ba])"));
    let (out, err, code) = run_tengen(&["solve", &p, "--check"], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(": white to play: white group at D19"), "{out}");
}

#[test]
fn json_gives_both_lines_the_region_and_the_line() {
    let p = problem("json.sgf", FIVE, "B", "(;B[ba]C[RIGHT])");
    let (out, err, code) = run_tengen(&["solve", &p, "--json", "--check"], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["toPlay"], "black");
    let g = &v["groups"][0];
    assert_eq!(g["vertex"], "D19");
    assert_eq!(g["color"], "white");
    assert_eq!(g["attackerFirst"]["status"], "dead");
    assert_eq!(g["defenderFirst"]["status"], "alive");
    assert_eq!(g["toPlay"]["key"], "B19");
    assert_eq!(g["toPlay"]["proven"], true);
    assert!(g["toPlay"]["nodes"].as_u64().unwrap() > 0);
    assert_eq!(g["pv"][0], "B19");
    // the eye space and the white stones are in the region; black's wall is not
    let region = g["region"].as_array().unwrap();
    assert!(region.contains(&serde_json::json!([1, 0])));
    assert!(region.contains(&serde_json::json!([3, 0])));
    assert!(!region.contains(&serde_json::json!([4, 0])));
    assert_eq!(v["check"]["right"], true);
}

#[test]
fn bad_problems_name_what_is_wrong() {
    let p = problem("g.sgf", THREE, "B", "");
    let (_, err, code) = run_tengen(&["solve", &p, "--group", "G1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("--group G1: no stone there"), "{err}");
    let (_, err, code) = run_tengen(&["solve", &p, "--group", "Z1"], "");
    assert_eq!(code, 2);
    assert!(err.contains("not a point of the board"), "{err}");
    // the black wall is open: it is read in a frame
    let (out, err, code) = run_tengen(&["solve", &p, "--group", "E19"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("black group at E19 (7 stones, open: read in a frame): alive"),
        "{out}"
    );
    // a group too spread out for a frame
    let wide = write(
        "wide.sgf",
        "(;GM[1]SZ[19]AB[aa][ca][ea][ga][ia][ka][ma][oa][qa][sa]\
         AW[ab][cb][eb][gb][ib][kb][mb][ob][qb][sb]AB[ad][cd][ed][gd][id][kd][md][od][qd][sd])",
    );
    let (_, err, code) = run_tengen(&["solve", &wide, "--group", "A18"], "");
    assert_eq!(code, 2);
    assert!(
        err.contains("the group at A18") && err.contains("at most 60"),
        "{err}"
    );
    // --group names the group to read
    let (out, err, code) = run_tengen(&["solve", &p, "--group", "B18"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("white group at B18 (5 stones): dead, key B19"),
        "{out}"
    );
    let open = write("open.sgf", "(;GM[1]SZ[19]AB[dd]AW[pp])");
    let (_, err, code) = run_tengen(&["solve", &open], "");
    assert_eq!(code, 1);
    assert!(
        err.contains("no group to read") && err.contains("no opponent's stones near it"),
        "{err}"
    );
    let (_, err, code) = run_tengen(&["solve", "/nonexistent/p.sgf"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/p.sgf"), "{err}");
    let bad = write("bad.sgf", "(;GM[1]SZ[99])");
    let (_, err, code) = run_tengen(&["solve", &bad], "");
    assert_eq!(code, 2);
    assert!(err.contains("bad.sgf"), "{err}");
}

/// White's group on the top edge in two chains, A18-D18 and a lone E19 that E18 joins, with
/// a black stone inside its eye space (C19): White lives at B19 (GNU Go 3.8's `owl_defend`
/// says B19 too, and its `owl_attack` E18).
const SPLIT: &str = "AW[ea][ab][bb][cb][db]AB[ca][fa][fb][ac][bc][cc][dc][ec][fc]";

#[test]
fn a_group_is_read_about_its_largest_chain() {
    // E19 comes first in reading order, but capturing it alone is not killing the group
    let p = problem("split.sgf", SPLIT, "W", "(;W[ba]C[RIGHT])");
    let (out, err, code) = run_tengen(&["solve", &p, "--check"], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(": white to play: white group at A18 (4 stones): alive, key B19 (proven)\n"),
        "{out}"
    );
    assert!(
        out.ends_with("check: right (key B19; the record's B19)\n"),
        "{out}"
    );
}

/// White's corner group of [`THREE`] on a 13x13 board with a loose black wall (A11 and E12
/// empty): open, so it is read in a frame. GNU Go 3.8's `owl_attack` and `owl_defend` both
/// answer B13.
const LOOSE: &str = "AW[da][ab][bb][cb][db]AB[ea][fb][bc][cc][dc][ec]";

#[test]
fn an_open_problem_is_read_in_a_frame() {
    for (pl, status) in [("B", "dead"), ("W", "alive")] {
        let p = write(
            "loose.sgf",
            &format!("(;GM[1]FF[4]SZ[13]{LOOSE}PL[{pl}](;{pl}[ba]C[RIGHT]))"),
        );
        let (out, err, code) = run_tengen(&["solve", &p, "--check"], "");
        assert_eq!(code, 0, "{err}");
        assert!(
            out.contains(&format!(
                "white group at D13 (5 stones, open: read in a frame): {status}, key B13 (proven)"
            )),
            "{out}"
        );
        let (out, err, code) = run_tengen(&["solve", &p, "--json"], "");
        assert_eq!(code, 0, "{err}");
        let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
        let g = &v["groups"][0];
        assert_eq!(g["framed"], true);
        // the box: the stones' columns A-F and rows 13-11, and a line more (G, row 10)
        assert_eq!(g["region"].as_array().unwrap().len(), 7 * 4);
        assert_eq!(g["pv"][0], "B13");
    }
}
