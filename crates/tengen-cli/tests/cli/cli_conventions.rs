//! The README's table of CLI conventions: each flag means the same thing in every subcommand
//! that takes it, the new spellings and the old ones (hidden aliases) give the same answers,
//! and the old meaning of `render --pass-alive` is refused with a message naming `--benson`.
use crate::common;

use std::path::PathBuf;

use common::run_tengen;

const EXAMPLE: &str = r#"["  B  ", " B B ", "B W B", " W W ", "  W  "]"#;

/// A fresh directory for this test binary's files.
fn out_dir() -> PathBuf {
    let d = std::env::temp_dir().join(format!("tengen-cli-conventions-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Run tengen and require status 0; its stdout.
fn ok(args: &[&str], stdin: &str) -> String {
    let (out, err, code) = run_tengen(args, stdin);
    assert_eq!(code, 0, "tengen {args:?}: {err}");
    out
}

/// `tengen render ARGS -o NAME.svg` on `stdin`; the SVG text.
fn svg(name: &str, args: &[&str], stdin: &str) -> String {
    let path = out_dir().join(name);
    let mut all = vec!["render"];
    all.extend(args);
    all.extend(["-o", path.to_str().unwrap()]);
    ok(&all, stdin);
    std::fs::read_to_string(path).unwrap()
}

#[test]
fn territory_at_takes_a_point_like_every_other_flag() {
    let want = "{\"owner\":\"BLACK\",\"territory\":[[0,0],[0,1],[1,0]]}\n";
    // the old two numbers, a pair x,y and a GTP vertex (A4: column 0, row 1 from the top)
    for at in [&["0", "1"][..], &["0,1"], &["A4"], &["a4"], &[" 0 , 1 "]] {
        let args = [&["territory", "--at"][..], at].concat();
        assert_eq!(ok(&args, EXAMPLE), want, "{at:?}");
    }
    // a point off the board: the task's answer, whatever the spelling
    // (a value that starts with `-` and is no number is written `--at=-1,0`)
    for at in [
        &["9", "9"][..],
        &["-1", "0"],
        &["9,9"],
        &["=-1,0"],
        &["A9"],
        &["F1"],
        &["A0"],
    ] {
        let args = match at {
            [v] if v.starts_with('=') => vec!["territory".to_string(), format!("--at{v}")],
            _ => [&["territory", "--at"][..], at]
                .concat()
                .iter()
                .map(|s| s.to_string())
                .collect(),
        };
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (out, err, code) = run_tengen(&args, EXAMPLE);
        assert_eq!(
            (out.as_str(), code),
            ("{\"error\":\"Invalid coordinate\"}\n", 1),
            "{at:?}: {err}"
        );
    }
    // text that is no point is a usage error naming --at and the text
    for at in [&["Q"][..], &["1,2,3"], &["I4"], &["1", "x"], &["0,"]] {
        let args = [&["territory", "--at"][..], at].concat();
        let (out, err, code) = run_tengen(&args, EXAMPLE);
        assert_eq!((out.as_str(), code), ("", 2), "{at:?}");
        assert!(err.contains("--at"), "{at:?}: {err}");
    }
}

#[test]
fn json_is_asked_for_with_json_everywhere() {
    // territory prints the task's JSON by default; --json says so explicitly
    assert_eq!(
        ok(&["territory", "--json"], EXAMPLE),
        ok(&["territory"], EXAMPLE)
    );
    assert_eq!(
        ok(&["territory", "--json", "--at", "0,1"], EXAMPLE),
        ok(&["territory", "--at", "0", "1"], EXAMPLE)
    );
    let (_, err, code) = run_tengen(&["territory", "--json", "--text"], EXAMPLE);
    assert_eq!(code, 2, "{err}");
    // score: text by default, JSON with --json
    let board = ".X.O.\n.X.O.\n.X.O.\n";
    assert_eq!(ok(&["score"], board), "W+7.5\n");
    let j: serde_json::Value = serde_json::from_str(&ok(&["score", "--json"], board)).unwrap();
    assert_eq!(j["result"], "W+7.5");
}

#[test]
fn text_and_plain_draw_the_same_boards() {
    let board = ".X.O.\n.X.O.\n.X.O.\n";
    let plain = ok(&["score", "--text", "--plain"], board);
    assert_eq!(plain, "xX.Oo\nxX.Oo\nxX.Oo\nW+7.5\n");
    assert_eq!(
        ok(&["territory", "--text", "--plain"], board),
        "xX.Oo\nxX.Oo\nxX.Oo\n"
    );
    let (_, err, code) = run_tengen(&["score", "--plain"], board);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn pass_alive_removes_dead_stones_before_counting_everywhere() {
    // three eyes make the black wall pass-alive, so the white stone in one of them is
    // certainly dead; white's wall has one eye and proves nothing
    let board = ".X.OX.\nXXXXXX\nOOOOOO\n......\n";
    let removed = ok(&["score", "--pass-alive", "--rules", "tromp-taylor"], board);
    let kept = ok(&["score", "--rules", "tromp-taylor"], board);
    assert_eq!((removed.as_str(), kept.as_str()), ("W+7.5\n", "W+10.5\n"));
    let new = svg(
        "pa-new.svg",
        &["--score", "--pass-alive", "--rules", "tromp-taylor"],
        board,
    );
    let old = svg(
        "pa-old.svg",
        &["--score", "--score-pass-alive", "--rules", "tromp-taylor"],
        board,
    );
    assert_eq!(new, old, "--score-pass-alive is --pass-alive");
    assert!(new.contains(removed.trim()), "{removed} not in {new}");
    let without = svg(
        "pa-without.svg",
        &["--score", "--rules", "tromp-taylor"],
        board,
    );
    assert!(without.contains(kept.trim()), "{kept} not in {without}");
    // the old overlay meaning of render --pass-alive is refused, pointing to --benson
    let o = out_dir().join("pa-refused.svg");
    let (_, err, code) = run_tengen(
        &["render", "--pass-alive", "-o", o.to_str().unwrap()],
        board,
    );
    assert_eq!(code, 2);
    assert!(err.contains("--score") && err.contains("--benson"), "{err}");
    let overlay = svg("benson.svg", &["--benson"], board);
    assert!(overlay.contains("Pass-alive stones: black"), "{overlay}");
}

#[test]
fn rules_decide_moves_and_counts_in_render() {
    // white B2 joins B3 into a chain without liberties: multi-stone suicide
    let board = "3\n121\n101\n010\n";
    let default = svg("play-default.svg", &["--play", "W", "B2"], board);
    assert!(default.contains("white B2: illegal (suicide)"), "{default}");
    let tt = svg(
        "play-tt.svg",
        &["--play", "W", "B2", "--rules", "tromp-taylor"],
        board,
    );
    assert!(tt.contains("white B2: legal"), "{tt}");
    let old = svg(
        "play-old.svg",
        &["--play", "W", "B2", "--play-rules", "tromp-taylor"],
        board,
    );
    assert_eq!(tt, old, "--play-rules is --rules");
    let o = out_dir().join("both.svg");
    let (_, _, code) = run_tengen(
        &[
            "render",
            "--rules",
            "chinese",
            "--play-rules",
            "japanese",
            "-o",
            o.to_str().unwrap(),
        ],
        board,
    );
    assert_eq!(code, 2, "one spelling at a time");
}

#[test]
fn colours_and_points_are_read_alike() {
    let board = "3\n020\n202\n000\n";
    let first = svg("c-B.svg", &["--play", "B", "B2"], board);
    assert!(first.contains("black B2: legal"), "{first}");
    for (i, (c, p)) in [("black", "1,1"), ("b", "b2"), ("1", "B2"), ("BLACK", "1,1")]
        .into_iter()
        .enumerate()
    {
        assert_eq!(svg(&format!("c-{i}.svg"), &["--play", c, p], board), first);
    }
    let o = out_dir().join("c-red.svg");
    let (_, err, code) = run_tengen(
        &["render", "--play", "red", "B2", "-o", o.to_str().unwrap()],
        board,
    );
    assert_eq!(code, 2);
    assert!(err.contains("\"red\""), "{err}");
    // dead stones as pairs and as vertices
    let b = ".X.O.\n.X.O.\n.X.OX\n";
    assert_eq!(
        ok(&["score", "--dead", "4,2"], b),
        ok(&["score", "--dead", "E1"], b)
    );
}

/// A record with komi 6.5 and a capture, in a fresh file.
/// Each test writes its own copy: the tests run in parallel, and a copy rewritten while another
/// test reads it is read truncated.
fn record(name: &str) -> PathBuf {
    let p = out_dir().join(format!("{name}.sgf"));
    std::fs::write(
        &p,
        "(;GM[1]SZ[5]KM[6.5]RU[Japanese];B[bb];W[ab];B[ac];W[ba];B[aa];W[dd];B[];W[])",
    )
    .unwrap();
    p
}

#[test]
fn move_n_is_the_position_after_n_moves() {
    let p = record("move_n_is_the_position_after_n_moves");
    let p = p.to_str().unwrap();
    let new = ok(&["replay", "--json", "--move", "3", p], "");
    assert_eq!(ok(&["replay", "--json", "--until", "3", p], ""), new);
    let v: serde_json::Value = serde_json::from_str(new.lines().next().unwrap()).unwrap();
    assert_eq!(v["moves"], 3);
    assert_eq!(
        v["board"],
        serde_json::json!([".....", "WB...", "B....", ".....", "....."])
    );
    assert_eq!(v["to_move"], "white");
    let (_, err, code) = run_tengen(&["replay", "--move", "x", p], "");
    assert_eq!(code, 2);
    assert!(err.contains("--move"), "{err}");
}

#[test]
fn komi_and_rules_count_a_record_as_score_counts_its_board() {
    let p = record("komi_and_rules_count_a_record_as_score_counts_its_board");
    let p = p.to_str().unwrap();
    let line = |args: &[&str]| -> serde_json::Value {
        let out = ok(
            &[
                &["replay", "--json", "--score", "--pass-alive"][..],
                args,
                &[p],
            ]
            .concat(),
            "",
        );
        serde_json::from_str(out.lines().next().unwrap()).unwrap()
    };
    let game = line(&[]);
    let rows: Vec<String> = game["board"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap().to_string())
        .collect();
    let board = rows.join("\n") + "\n";
    let caps = format!(
        "{},{}",
        game["captures"]["black"], game["captures"]["white"]
    );
    for (extra, rules, komi) in [
        (&[][..], "japanese", "6.5"),
        (&["--komi", "0.5"][..], "japanese", "0.5"),
        (&["--komi", "-2"][..], "japanese", "-2"),
        (&["--rules", "chinese"][..], "chinese", "6.5"),
        (&["--rules", "chinese", "--komi", "7"][..], "chinese", "7"),
    ] {
        let replayed = line(extra);
        let counted = ok(
            &[
                "score",
                "--rules",
                rules,
                "--komi",
                komi,
                "--captures",
                &caps,
                "--pass-alive",
                "--json",
            ],
            &board,
        );
        let counted: serde_json::Value = serde_json::from_str(&counted).unwrap();
        assert_eq!(replayed["score"], counted, "{extra:?}");
        // render --score of the record (its dead stones not judged) states the same result
        let drawn = svg(
            "komi.svg",
            &[&[p, "--score", "--dead", "none"][..], extra].concat(),
            "",
        );
        let result = counted["result"].as_str().unwrap();
        assert!(
            drawn.contains(&format!(": {result}<")),
            "{extra:?}: {result}"
        );
    }
}

#[test]
fn threads_mean_worker_threads_with_one_default() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let run = |extra: &[&str]| -> serde_json::Value {
        let args = [
            &[
                "bench", "playouts", "--size", "5", "--count", "20", "--json",
            ][..],
            extra,
        ]
        .concat();
        serde_json::from_str(&ok(&args, "")).unwrap()
    };
    assert_eq!(run(&[])["threads"], cores);
    assert_eq!(run(&["--threads", "1"])["threads"], 1);
    let p = record("threads_mean_worker_threads_with_one_default");
    let p = p.to_str().unwrap();
    let one = ok(&["replay", "--json", "--threads", "1", p], "");
    assert_eq!(ok(&["replay", "--json", p], ""), one);
    for cmd in [&["replay", p][..], &["bench", "playouts"]] {
        for bad in ["0", "1025", "x"] {
            let args = [cmd, &["--threads", bad]].concat();
            let (_, err, code) = run_tengen(&args, "");
            assert_eq!(code, 2, "{args:?}");
            assert!(err.contains("--threads"), "{args:?}: {err}");
        }
    }
}
