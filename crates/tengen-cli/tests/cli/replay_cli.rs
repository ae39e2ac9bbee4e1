//! `tengen replay` on the hand-made fixtures: output, JSON shape, options and exit codes.
use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sgf")
}

fn tengen(args: &[&str]) -> Output {
    Command::new(common::tengen_bin())
        .arg("replay")
        .args(args)
        .output()
        .unwrap()
}

fn fx(name: &str) -> String {
    fixtures().join(name).display().to_string()
}

#[test]
fn json_line_has_the_documented_shape() {
    let path = fx("suicide.sgf");
    let out = tengen(&["--json", &path]);
    assert_eq!(out.status.code(), Some(1));
    let expected = format!(
        "{{\"path\":{path:?},\"ok\":false,\"size\":[5,5],\"moves\":3,\
         \"captures\":{{\"black\":0,\"white\":0}},\
         \"board\":[\".B...\",\"B....\",\".....\",\".....\",\"....W\"],\
         \"to_move\":\"white\",\"result\":\"B+R\",\
         \"error\":{{\"move\":4,\"point\":\"aa\",\"color\":\"white\",\"reason\":\"suicide\"}}}}\n"
    );
    assert_eq!(String::from_utf8(out.stdout).unwrap(), expected);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("games 1, moves 3, ok 0, illegal 1, unreadable 0"),
        "{err}"
    );
}

#[test]
fn ok_game_json_and_exit_zero() {
    let path = fx("setup-after-moves.sgf");
    let out = tengen(&["--json", &path]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["captures"]["black"], 1);
    assert_eq!(v["to_move"], "white");
    assert!(v["error"].is_null() && v["result"].is_null());
}

#[test]
fn directory_batch_counts_and_keeps_going() {
    let dir = fixtures().display().to_string();
    let out = tengen(&["--threads", "2", "--quiet", &dir]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    let n = std::fs::read_dir(fixtures()).unwrap().count();
    // illegal: suicide, ko, superko, off board; unreadable: not SGF, SZ[60], GM[2]
    let summary = format!("games {n}, ");
    let last = text.lines().last().unwrap();
    assert!(last.starts_with(&summary), "{last}");
    assert!(
        last.contains(&format!("ok {}, illegal 4, unreadable 3", n - 7)),
        "{last}"
    );
    assert!(text.contains("suicide.sgf: illegal: move 4 (white aa) is illegal: suicide"));
    assert!(text.contains("ko.sgf: illegal: move 10 (white bb) is illegal: ko"));
    assert!(text.contains("broken-size.sgf: unreadable: SZ[60]"));
    // the output is in file order whatever the number of threads
    let one = tengen(&["--threads", "1", "--quiet", &dir]);
    let strip = |s: &str| {
        s.lines()
            .filter(|l| !l.starts_with("games "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    assert_eq!(strip(&String::from_utf8(one.stdout).unwrap()), strip(&text));
}

#[test]
fn options_change_the_replay() {
    // --tolerant plays the suicide and the ko retake, with warnings on stderr
    // (--verbose: every warning line; by default the second record's, of the same kind,
    // is counted after the summary)
    let out = tengen(&["--tolerant", "--verbose", &fx("suicide.sgf"), &fx("ko.sgf")]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("suicide.sgf: warning: move 4 (white aa) breaks the suicide rule"));
    assert!(err.contains("ko.sgf: warning: move 10 (white bb) breaks the ko rule"));
    assert!(!err.contains("warnings:"), "{err}");
    let out = tengen(&["--tolerant", &fx("suicide.sgf"), &fx("ko.sgf")]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("suicide.sgf: warning: move 4 (white aa) breaks the suicide rule"));
    assert!(!err.contains("ko.sgf: warning"), "{err}");
    assert!(
        err.ends_with(
            "warnings: moves against the ko or suicide rule played as SGF says: 2 records \
             (1 shown; --verbose shows every one)\n"
        ),
        "{err}"
    );
    // --rules overrides RU
    let out = tengen(&["--rules", "task", &fx("ko.sgf")]);
    assert_eq!(out.status.code(), Some(0));
    // --until stops before the illegal move
    let out = tengen(&["--json", "--until", "9", &fx("ko.sgf")]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["moves"], 9);
    // --strict makes a malformed file unreadable, naming line and column
    let out = tengen(&["--strict", &fx("broken-junk.sgf")]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("unreadable: line 1, column 20: expected a property"),
        "{text}"
    );
    // lenient (default) replays it with a warning
    let out = tengen(&[&fx("broken-junk.sgf")]);
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("warning: line 1, column 20"));
}

#[test]
fn usage_errors_exit_2_and_missing_files_are_unreadable() {
    for args in [
        &[][..],
        &["--rules", "klingon", "x.sgf"],
        &["--threads", "0", "x.sgf"],
        &["--until", "-3", "x.sgf"],
    ] {
        let out = tengen(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty());
    }
    let out = tengen(&["/nonexistent/game.sgf"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("/nonexistent/game.sgf: unreadable: cannot read"),
        "{text}"
    );
    assert!(text.contains("unreadable 1"));
}

#[test]
fn score_adds_the_count_of_the_final_position() {
    // compressed.sgf: 6 black and 5 white stones, no territory; no RU, no KM: Japanese rules,
    // komi 6.5. The strict count (--pass-alive: only pass-alive dead stones go) leaves every
    // stone, so White wins by 6.5 under territory scoring
    let out = tengen(&["--json", "--score", "--pass-alive", &fx("compressed.sgf")]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["score"]["result"], "W+6.5");
    assert_eq!(v["score"]["scoring"], "territory");
    assert_eq!(v["dead"], serde_json::json!([]));
    // under area rules the stones count: 6 against 5 + 7.5
    let out = tengen(&[
        "--score",
        "--pass-alive",
        "--rules",
        "chinese",
        &fx("compressed.sgf"),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("compressed.sgf: score W+6.5"), "{text}");
    // games with an illegal move are not scored; without --score there is no score key
    let out = tengen(&["--json", "--score", &fx("suicide.sgf")]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.get("score").is_none());
    // --pass-alive needs --score
    let out = tengen(&["--pass-alive", &fx("compressed.sgf")]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn score_judges_the_dead_stones_as_tengen_score_does_and_counts_agreements() {
    // a finished 9x9 record with one dead black stone inside White's area, counted B+1.5
    let dir = std::env::temp_dir().join(format!("tengen-replay-score-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = |name: &str, re: &str| {
        let p = dir.join(name);
        std::fs::write(
            &p,
            format!(
                "(;GM[1]FF[4]SZ[9]RU[Japanese]KM[6.5]RE[{re}]\
                 AB[ea][eb][ec][ed][ee][ef][eg][eh][ei][hc]\
                 AW[fa][fb][fc][fd][fe][ff][fg][fh][fi]PL[W])"
            ),
        )
        .unwrap();
        p.display().to_string()
    };
    let right = rec("right.sgf", "B+1.5");
    let wrong = rec("wrong.sgf", "B+3.5");
    let loser = rec("loser.sgf", "W+2.5");
    let resign = rec("resign.sgf", "B+R");
    let out = tengen(&["--score", &right, &wrong, &loser, &resign]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("right.sgf: score B+1.5 (recorded B+1.5)"),
        "{text}"
    );
    assert!(
        text.contains("resign.sgf: score B+1.5 (recorded B+R)"),
        "{text}"
    );
    // a resignation is no count: three counted results, two winners right, one margin
    assert!(
        text.contains("counted results 3: winner right 2, margin exact 1"),
        "{text}"
    );
    // the same count, dead stones and all, as `tengen score` of the record
    let out = tengen(&["--json", "--score", &right]);
    let replayed: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let scored = Command::new(common::tengen_bin())
        .args(["score", "--json", &right])
        .output()
        .unwrap();
    let scored: serde_json::Value = serde_json::from_slice(&scored.stdout).unwrap();
    assert_eq!(replayed["score"], scored["score"]);
    assert_eq!(replayed["dead"], scored["dead"]);
    assert_eq!(replayed["dead"], serde_json::json!([[7, 2]]));
}

/// A folder of records written for one test, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str, files: &[(&str, &str)]) -> TempDir {
        let dir = std::env::temp_dir().join(format!("tengen-replay-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (f, text) in files {
            std::fs::write(dir.join(f), text).unwrap();
        }
        TempDir(dir)
    }

    fn path(&self) -> String {
        self.0.display().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn repeated_warnings_are_counted_by_kind_and_all_kept_in_verbose_and_json() {
    // three records in Fox's three komi encodings, and one with an unknown RU
    let dir = TempDir::new(
        "warn-kinds",
        &[
            ("a.sgf", "(;SZ[9]RU[Japanese]KM[650];B[ee])"),
            ("b.sgf", "(;SZ[9]RU[Japanese]KM[0]AP[GNU Go:3.8];B[ee])"),
            ("c.sgf", "(;SZ[9]RU[Chinese]KM[375];B[ee])"),
            ("d.sgf", "(;SZ[9]RU[Martian]KM[650];B[ee])"),
        ],
    );
    let out = tengen(&["--threads", "2", &dir.path()]);
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    // each kind printed for the first record that has it; the Fox readings counted
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].ends_with("a.sgf: warning: KM[650] read as the Fox server's encoding of komi in hundredths: komi 6.5"), "{err}");
    assert!(
        lines[1].contains("d.sgf: warning: RU[Martian] is not a rule set"),
        "{err}"
    );
    assert_eq!(
        lines[2],
        "warnings: komi read as Fox's encoding: 4 records (1 shown; --verbose shows every one)"
    );
    // --verbose: every line, in the records' order, and no count
    let out = tengen(&["--verbose", &dir.path()]);
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 5, "{err}");
    assert!(lines[1].contains("b.sgf: warning: KM[0] read as"), "{err}");
    assert!(
        lines[2].contains("c.sgf: warning: KM[375] read as"),
        "{err}"
    );
    // --json: every warning of a game in its line, with its kind
    let out = tengen(&["--json", &dir.path()]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let games: Vec<serde_json::Value> = stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(games.len(), 4);
    let kinds = |g: &serde_json::Value| -> Vec<String> {
        g["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|w| w["kind"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(kinds(&games[1]), ["fox-komi"]);
    assert_eq!(kinds(&games[3]), ["rules", "fox-komi"]);
    assert!(games[2]["warnings"][0]["message"]
        .as_str()
        .unwrap()
        .starts_with("KM[375] read as the Fox server's encoding"));
    // --quiet: no warning at all, not even the count
    let out = tengen(&["--quiet", &dir.path()]);
    assert!(
        out.stderr.is_empty(),
        "{:?}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn the_km0_warning_names_what_the_user_can_check() {
    let dir = TempDir::new(
        "warn-km0",
        &[("b.sgf", "(;SZ[9]RU[Japanese]KM[0]AP[GNU Go:3.8];B[ee])")],
    );
    let out = tengen(&[&dir.path()]);
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains(
            "KM[0] read as the Fox server's encoding of komi in an even game: komi 6.5 (the \
             record's AP[GNU Go:3.8] and no HA are the marks of a Fox record, which writes \
             KM[0] for komi 6.5; a komi given, such as --komi 0, counts it as written)"
        ),
        "{err}"
    );
    // and --komi does count it as written: no reading, no warning
    let out = tengen(&["--komi", "0", &dir.path()]);
    assert!(out.stderr.is_empty());
}

#[test]
fn a_result_in_stones_prints_in_points_with_the_stones_in_brackets() {
    // Fox's Chinese records: KM[375] is 3.75 stones (komi 7.5) and RE is in stones
    let dir = TempDir::new(
        "stones",
        &[
            ("a.sgf", "(;SZ[9]RU[Chinese]KM[375]RE[W+3.2];B[ee];W[];B[])"),
            (
                "b.sgf",
                "(;SZ[9]RU[Chinese]KM[375]RE[B+0.75];B[ee];W[];B[])",
            ),
            ("c.sgf", "(;SZ[9]RU[Chinese]KM[375]RE[W+R];B[ee])"),
            ("d.sgf", "(;SZ[9]RU[Chinese]KM[7.5]RE[W+3.5];B[ee])"),
        ],
    );
    let out = tengen(&["--score", "--quiet", &dir.path()]);
    let text = String::from_utf8(out.stdout).unwrap();
    let recorded: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_once(" (recorded ").map(|(_, r)| r))
        .collect();
    assert_eq!(
        recorded,
        [
            "W+6.4 [W+3.2 in stones])",
            "B+1.5 [B+0.75 in stones])",
            "W+R)",
            "W+3.5)"
        ],
        "{text}"
    );
    // B+0.75 stones is a count (1.5 points); W+3.2 stones is no half-point count
    assert!(text.contains("counted results 2:"), "{text}");
}

#[test]
fn a_folder_without_records_is_a_usage_error() {
    let dir = TempDir::new("empty", &[("notes.txt", "no records here")]);
    let out = tengen(&[&dir.path()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("no *.sgf file in"), "{err}");
    assert!(err.contains(&dir.path()), "{err}");
}
