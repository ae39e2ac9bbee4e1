//! `tengen score` on SGF records: the record's rules, komi (Fox's encoding recognised, with a
//! warning) and captures, the judge's dead stones, `--dead none`, `--move`, JSON output.

use crate::common;

use common::run_tengen;

/// A finished 9x9 position as setup stones: a black wall on column E, a white wall on F, and
/// a dead black stone at (7,2) inside White's area. Fox's encoding: KM[650] is 6.5.
const FOX: &str = "(;GM[1]FF[4]SZ[9]RU[Japanese]KM[650]RE[B+1.5]\
AB[ea][eb][ec][ed][ee][ef][eg][eh][ei][hc]\
AW[fa][fb][fc][fd][fe][ff][fg][fh][fi]PL[W])";

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-judge-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn a_record_is_judged_with_its_rules_and_fox_komi() {
    let p = write("fox.sgf", FOX);
    let (out, err, code) = run_tengen(&["score", p.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    // black 36; white 27 + 1 prisoner + 6.5
    assert_eq!(out.trim(), "B+1.5 (recorded B+1.5)");
    assert!(err.contains("KM[650]") && err.contains("6.5"), "{err}");
}

#[test]
fn json_names_the_dead_stones_and_the_reading() {
    let p = write("fox2.sgf", FOX);
    let (out, err, code) = run_tengen(&["score", "--json", "--ownership", p.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["result"], "B+1.5");
    assert_eq!(v["recorded"], "B+1.5");
    assert_eq!(v["dead"], serde_json::json!([[7, 2]]));
    assert_eq!(v["komi"], 6.5);
    assert_eq!(v["rules"], "japanese");
    let own = v["ownership"].as_array().unwrap();
    assert_eq!(own.len(), 9);
    // row by row from the top: the black wall (column 4) and the white wall (column 5) are
    // their owners' in most playouts, and Black's side leans Black (the walls have no eyes
    // yet, so random play can kill them: measured 0.34 at (0,0), 0.67 and -0.69 on the walls)
    assert!(own[0][4].as_f64().unwrap() > 0.5);
    assert!(own[0][5].as_f64().unwrap() < -0.5);
    assert!(own[0][0].as_f64().unwrap() > 0.2);
    assert!(own[0][8].as_f64().unwrap() < -0.2);
}

#[test]
fn text_pictures_the_judged_count_of_a_record() {
    let p = write("fox-text.sgf", FOX);
    let (out, err, code) = run_tengen(&["score", "--text", "--plain", p.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 10, "{out}");
    // the black wall on column E, the dead black stone at (7,2) counted as White's
    assert_eq!(lines[0], "xxxxXOooo");
    assert_eq!(lines[2], "xxxxXOooo");
    assert_eq!(lines[9], "B+1.5 (recorded B+1.5)");
    // several files: each picture under its name
    let (out, _, code) = run_tengen(
        &["score", "--text", p.to_str().unwrap(), p.to_str().unwrap()],
        "",
    );
    assert_eq!(code, 0);
    assert_eq!(out.matches("fox-text.sgf:\n").count(), 2, "{out}");
}

#[test]
fn captures_given_on_the_command_line_replace_the_records() {
    let p = write("fox-capt.sgf", FOX);
    // 3 more prisoners for White: 36 against 27 + 1 + 3 + 6.5
    let (out, err, code) = run_tengen(&["score", "--captures", "0,3", p.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "W+1.5 (recorded B+1.5)");
    let (_, err, code) = run_tengen(&["score", "--ownership", p.to_str().unwrap()], "");
    assert_eq!(code, 2, "--ownership needs --json");
    assert!(err.contains("--json"), "{err}");
}

#[test]
fn dead_none_counts_the_stones_as_they_stand() {
    let p = write("fox3.sgf", FOX);
    let (out, err, code) = run_tengen(&["score", "--dead", "none", p.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    // the black stone stays: White's region touches it and counts for nobody
    assert_eq!(out.trim(), "B+29.5 (recorded B+1.5)");
}

#[test]
fn overrides_and_errors() {
    let p = write("fox4.sgf", FOX);
    let (out, _, code) = run_tengen(
        &[
            "score",
            "--rules",
            "chinese",
            "--komi",
            "7.5",
            p.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0);
    // black 36 + 10 stones... the dead stone removed: 45; white 27 + 9 + 7.5
    assert_eq!(out.trim(), "B+1.5 (recorded B+1.5)");
    let (_, err, code) = run_tengen(&["score", "/nonexistent/x.sgf"], "");
    assert_eq!(code, 2);
    assert!(err.contains("/nonexistent/x.sgf"), "{err}");
    let bad = write("bad.sgf", "(;SZ[5];B[aa];W[aa])");
    let (_, err, code) = run_tengen(&["score", bad.to_str().unwrap()], "");
    assert_eq!(code, 2);
    assert!(err.contains("move 2"), "{err}");
}

#[test]
fn a_result_in_stones_is_printed_in_points_with_the_stones_in_brackets() {
    // Fox's Chinese records: KM[375] is 3.75 stones (komi 7.5) and RE is in stones
    let p = write(
        "stones.sgf",
        "(;GM[1]SZ[9]RU[Chinese]KM[375]RE[W+3.2]AB[ea][eb][ec][ed][ee][ef][eg][eh][ei]\
         AW[fa][fb][fc][fd][fe][ff][fg][fh][fi];B[];W[])",
    );
    let p = p.to_str().unwrap();
    let (out, err, code) = run_tengen(&["score", p], "");
    assert_eq!(code, 0, "{err}");
    assert!(
        out.trim_end()
            .ends_with(" (recorded W+6.4 [W+3.2 in stones])"),
        "{out}"
    );
    // JSON keeps the record's RE as written
    let (out, err, code) = run_tengen(&["score", "--json", p], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["recorded"], "W+3.2");
}

#[test]
fn a_move_past_the_end_of_the_record_is_an_error() {
    let p = write("short.sgf", "(;GM[1]SZ[9];B[ee];W[ce];B[gc])");
    let p = p.to_str().unwrap();
    let (out, err, code) = run_tengen(&["score", p, "--move", "999"], "");
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains("--move 999: the record has only 3 moves"),
        "{err}"
    );
    // the last move itself is fine
    let (_, err, code) = run_tengen(&["score", p, "--move", "3"], "");
    assert_eq!(code, 0, "{err}");
}

#[test]
fn explain_prints_the_stage_and_the_reason_of_every_chain() {
    let p = write("fox-explain.sgf", FOX);
    let (out, err, code) = run_tengen(&["score", "--explain", p.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "B+1.5 (recorded B+1.5)");
    // three chains: the two walls and the dead stone, in the order of their first stone
    assert_eq!(lines.len(), 4, "{out}");
    let stone = lines
        .iter()
        .find(|l| l.starts_with("  B H7:"))
        .unwrap_or_else(|| panic!("no line for H7 in {out}"));
    assert!(
        stone.starts_with("  B H7: dead, estimated, playouts "),
        "{stone}"
    );
    let wall = lines
        .iter()
        .find(|l| l.starts_with("  W F9 "))
        .unwrap_or_else(|| panic!("no line for the white wall in {out}"));
    assert!(
        wall.contains("... (9 stones): alive, estimated, playouts"),
        "{wall}"
    );

    // the same as JSON, every stone listed
    let (out, err, code) = run_tengen(&["score", "--explain", "--json", p.to_str().unwrap()], "");
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let chains = v["chains"].as_array().expect("chains");
    assert_eq!(chains.len(), 3);
    let h7 = chains
        .iter()
        .find(|c| c["stones"] == serde_json::json!(["H7"]))
        .expect("the stone H7");
    assert_eq!(h7["status"], "dead");
    assert_eq!(h7["stage"], "estimated");
    assert!(h7["reason"].as_str().unwrap().starts_with("playouts "));
    // without --explain there is no trace
    let (out, _, _) = run_tengen(&["score", "--json", p.to_str().unwrap()], "");
    assert!(!out.contains("\"chains\""), "{out}");
}

#[test]
fn explain_judges_a_board_and_shows_the_certain_stage() {
    // Black's wall with two eyes and a white stone in a third, small, area: all certain
    let board = ".X.XO.X..\nXXXXXXX..\n.........\n.........\n.........\n\
                 .........\n.........\n.........\n.........\n";
    let (out, err, code) = run_tengen(&["score", "--explain"], board);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  B B9 D9 G9 A8 B8 C8 ... (10 stones): alive, certain, pass-alive\n"),
        "{out}"
    );
    assert!(
        out.contains("  W E9: dead, certain, inside pass-alive territory\n"),
        "{out}"
    );
    // given dead stones are no judgement
    let (out, err, code) = run_tengen(&["score", "--explain", "--dead", "E9"], board);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("  W E9: dead, given, given\n"), "{out}");
}

#[test]
fn explain_shows_a_stone_the_read_stage_decided() {
    // White's B1 runs along the first line into a ladder: the reader proves it captured
    let board = "OOOOOOOOO\n.........\n.........\n.........\n.........\n.........\n\
                 ..OOO....\nXX.......\nXO.......\n";
    let (out, err, code) = run_tengen(&["score", "--explain", "--rules", "chinese"], board);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("  W B1: dead, read, read: captured in 1 move, proven\n"),
        "{out}"
    );
}
