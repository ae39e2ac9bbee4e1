use super::*;
use tengen::Color;

fn engine() -> Engine {
    Engine::new(EngineConfig {
        playouts: 200,
        ..EngineConfig::default()
    })
}

fn ask(e: &mut Engine, line: &str) -> String {
    e.handle_line(line).unwrap()
}

#[test]
fn ids_and_errors() {
    let mut e = engine();
    assert_eq!(ask(&mut e, "1 protocol_version"), "=1 2\n\n");
    assert_eq!(ask(&mut e, "frobnicate"), "? unknown command\n\n");
    assert_eq!(ask(&mut e, "7 boardsize 99"), "?7 unacceptable size\n\n");
    assert_eq!(e.handle_line("   # just a comment"), None);
    assert_eq!(ask(&mut e, "2\tname # trailing"), "=2 tengen\n\n");
    assert_eq!(
        ask(&mut e, "\x01\x02list_commands").lines().count(),
        command_names().len() + 1
    );
}

#[test]
fn showboard_is_the_shared_text_picture() {
    let mut e = engine();
    ask(&mut e, "boardsize 7");
    ask(&mut e, "play b c3");
    ask(&mut e, "play w g7");
    let want = "= \n  A B C D E F G\n7 . . . . . .(O)7\n6 . . . . . . . 6\n\
                5 . . + . + . . 5\n4 . . . + . . . 4\n3 . . X . + . . 3\n\
                2 . . . . . . . 2\n1 . . . . . . . 1\n  A B C D E F G\n\
                captures: black 0 white 0\n\n";
    assert_eq!(ask(&mut e, "showboard"), want);
}

#[test]
fn play_capture_undo() {
    let mut e = engine();
    ask(&mut e, "boardsize 5");
    for cmd in ["play b a2", "play w a1", "play b b1"] {
        assert_eq!(ask(&mut e, cmd), "= \n\n".replace(" \n", "\n"));
    }
    assert_eq!(ask(&mut e, "captures black"), "= 1\n\n");
    assert_eq!(ask(&mut e, "color a1"), "= empty\n\n");
    assert_eq!(ask(&mut e, "countlib b1"), "= 3\n\n");
    assert_eq!(ask(&mut e, "findlib a2"), "= A1 A3 B2\n\n");
    assert_eq!(ask(&mut e, "play w a1"), "? illegal move\n\n");
    assert_eq!(ask(&mut e, "last_move"), "= black B1\n\n");
    ask(&mut e, "undo");
    assert_eq!(ask(&mut e, "color a1"), "= white\n\n");
    assert_eq!(ask(&mut e, "captures black"), "= 0\n\n");
    ask(&mut e, "undo");
    ask(&mut e, "undo");
    assert_eq!(ask(&mut e, "undo"), "? cannot undo\n\n");
}

#[test]
fn handicap() {
    let mut e = engine();
    assert_eq!(ask(&mut e, "fixed_handicap 4"), "= D4 D16 Q4 Q16\n\n");
    assert_eq!(ask(&mut e, "fixed_handicap 2"), "? board not empty\n\n");
    assert_eq!(ask(&mut e, "get_handicap"), "= 4\n\n");
    ask(&mut e, "clear_board");
    assert_eq!(
        ask(&mut e, "fixed_handicap 10"),
        "? invalid number of stones\n\n"
    );
    assert_eq!(
        ask(&mut e, "set_free_handicap a1 a1"),
        "? bad vertex list\n\n"
    );
    assert_eq!(ask(&mut e, "set_free_handicap a1 b2"), "=\n\n");
    assert_eq!(ask(&mut e, "list_stones black"), "= A1 B2\n\n");
    ask(&mut e, "boardsize 9");
    let r = ask(&mut e, "place_free_handicap 12");
    assert_eq!(
        r.trim_start_matches("= ").split_whitespace().count(),
        12,
        "{r}"
    );
}

#[test]
fn genmove_is_legal_and_played() {
    let mut e = engine();
    ask(&mut e, "boardsize 7");
    for _ in 0..6 {
        let r = ask(&mut e, "genmove b");
        assert!(r.starts_with("= "), "{r}");
        let r = ask(&mut e, "genmove w");
        assert!(r.starts_with("= "), "{r}");
    }
    assert_eq!(e.game().move_count(), 12);
    e.game().board().check_consistency().unwrap();
}

#[test]
fn play_sequence_is_atomic() {
    let mut e = engine();
    ask(&mut e, "boardsize 5");
    assert_eq!(
        ask(&mut e, "gogui-play_sequence b a1 w a1"),
        "? illegal move\n\n"
    );
    assert_eq!(ask(&mut e, "list_stones black"), "=\n\n");
    assert_eq!(ask(&mut e, "gogui-play_sequence b a1 w b1"), "=\n\n");
    assert_eq!(ask(&mut e, "gogui-rules_side_to_move"), "= black\n\n");
}

#[test]
fn final_score_and_status() {
    let mut e = engine();
    ask(&mut e, "boardsize 5");
    ask(&mut e, "komi 0.5");
    // black wall on column C, white on column D: black 3 columns, white 2
    for y in 1..=5 {
        ask(&mut e, &format!("play b c{y}"));
        ask(&mut e, &format!("play w d{y}"));
    }
    assert_eq!(ask(&mut e, "final_score"), "= B+4.5\n\n");
    assert_eq!(ask(&mut e, "final_status a1"), "= black_territory\n\n");
    assert_eq!(ask(&mut e, "final_status d3"), "= alive\n\n");
    assert_eq!(ask(&mut e, "final_status_list dead"), "=\n\n");
    // a single wall has no eyes: nothing is proved
    assert_eq!(ask(&mut e, "unconditional_status c3"), "= undecided\n\n");

    // Black's top-edge group with two eyes; a white stone in the bigger eye.
    ask(&mut e, "boardsize 7");
    ask(&mut e, "komi 7.5");
    let setup = "gogui-setup b d7 b f7 b a6 b b6 b c6 b d6 b e6 b f6 w g7 w g6 \
                 w a5 w b5 w c5 w d5 w e5 w f5 w g5 w b7";
    assert_eq!(ask(&mut e, setup), "=\n\n");
    assert_eq!(ask(&mut e, "unconditional_status d6"), "= alive\n\n");
    assert_eq!(
        ask(&mut e, "unconditional_status a7"),
        "= black_territory\n\n"
    );
    assert_eq!(ask(&mut e, "unconditional_status b7"), "= dead\n\n");
    assert_eq!(ask(&mut e, "unconditional_status a5"), "= undecided\n\n");
    assert_eq!(ask(&mut e, "final_status b7"), "= dead\n\n");
    assert_eq!(ask(&mut e, "final_status_list dead"), "= B7\n\n");
    // black 8 stones + 4 points; white 9 stones + 28 points + 7.5
    assert_eq!(ask(&mut e, "final_score"), "= W+32.5\n\n");
    let gfx = ask(&mut e, "tengen-pass_alive_gfx");
    assert!(gfx.contains("MARK B7"), "{gfx}");
}

#[test]
fn sgf_dir_confines_printsgf_and_loadsgf() {
    let base = std::env::temp_dir().join(format!("tengen-gtp-dir-{}", std::process::id()));
    let dir = base.join("games");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    #[cfg(unix)]
    std::os::unix::fs::symlink(&base, dir.join("out")).unwrap();
    let mut e = Engine::new(EngineConfig {
        playouts: 50,
        sgf_dir: Some(dir.clone()),
        ..EngineConfig::default()
    });
    ask(&mut e, "boardsize 9");
    ask(&mut e, "play b e5");
    assert_eq!(ask(&mut e, "printsgf g.sgf"), "=\n\n");
    assert_eq!(ask(&mut e, "printsgf sub/h.sgf"), "=\n\n");
    assert!(dir.join("g.sgf").exists() && dir.join("sub/h.sgf").exists());
    assert_eq!(ask(&mut e, "loadsgf sub/h.sgf"), "= white\n\n");
    let outside = base.join("x.sgf");
    let mut bad = vec![
        format!("printsgf {}", outside.display()),
        "printsgf ../x.sgf".to_string(),
        "printsgf sub/../../x.sgf".to_string(),
        format!("loadsgf {}", dir.join("g.sgf").display()),
    ];
    if cfg!(unix) {
        bad.push("printsgf out/x.sgf".to_string());
    }
    for cmd in &bad {
        let r = ask(&mut e, cmd);
        assert!(r.starts_with("? cannot"), "{cmd}: {r}");
        assert!(r.contains("--sgf-dir"), "{cmd}: {r}");
    }
    assert!(!outside.exists());
    std::fs::remove_dir_all(&base).unwrap();
}

#[test]
fn printsgf_loadsgf_round_trip() {
    let mut e = engine();
    ask(&mut e, "boardsize 9");
    ask(&mut e, "komi 6.5");
    ask(&mut e, "fixed_handicap 2");
    for cmd in ["play w e5", "play b d5", "play w pass", "play b b4"] {
        assert_eq!(ask(&mut e, cmd), "=\n\n", "{cmd}");
    }
    let sgf = ask(&mut e, "printsgf");
    assert!(sgf.contains("SZ[9]") && sgf.contains("KM[6.5]") && sgf.contains("HA[2]"));
    let dir = std::env::temp_dir().join(format!("tengen-gtp-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join("g.sgf");
    std::fs::write(&f, sgf.trim_start_matches("= ").trim_end()).unwrap();
    let before = ask(&mut e, "list_stones black");
    ask(&mut e, "clear_board");
    let r = ask(&mut e, &format!("loadsgf {}", f.display()));
    assert_eq!(r, "= white\n\n");
    assert_eq!(ask(&mut e, "list_stones black"), before);
    assert_eq!(ask(&mut e, "get_handicap"), "= 2\n\n");
    assert_eq!(ask(&mut e, "get_komi"), "= 6.5\n\n");
    // up to move 3: white E5 and black D5 played, white to move
    let r = ask(&mut e, &format!("loadsgf {} 3", f.display()));
    assert_eq!(r, "= white\n\n");
    assert_eq!(ask(&mut e, "color b4"), "= empty\n\n");
    assert_eq!(ask(&mut e, "color d5"), "= black\n\n");
    let r = ask(&mut e, "loadsgf /nonexistent/file.sgf");
    assert!(r.starts_with("? cannot load file"), "{r}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// 9x9: White's walls on rows 2, 4, 6 and 8 own the board (Black passed 36 times): Black,
/// to move, is lost by the whole board, after 72 moves.
fn lost_for_black(e: &mut Engine) {
    ask(e, "boardsize 9");
    for row in [2, 4, 6, 8] {
        for col in "ABCDEFGHJ".chars() {
            assert_eq!(ask(e, "play b pass"), "=\n\n");
            assert_eq!(ask(e, &format!("play w {col}{row}")), "=\n\n");
        }
    }
    assert_eq!(e.game().move_count(), 72);
}

/// Black's genmove, then White's, `n` times; Black's answers.
fn black_genmoves(e: &mut Engine, n: usize) -> Vec<String> {
    let mut out = Vec::new();
    for _ in 0..n {
        let r = ask(e, "genmove b");
        out.push(r.trim().trim_start_matches("= ").to_string());
        if r == "= resign\n\n" {
            break;
        }
        assert!(!ask(e, "genmove w").contains("resign"));
    }
    out
}

#[test]
fn resigns_a_lost_game_after_three_low_moves() {
    let config = EngineConfig {
        playouts: 300,
        ..EngineConfig::default()
    };
    assert_eq!(config.resign_threshold, Some(DEFAULT_RESIGN_THRESHOLD));
    let mut e = Engine::new(config.clone());
    lost_for_black(&mut e);
    let answers = black_genmoves(&mut e, 5);
    // by default: the third low move in a row resigns, and nothing is played for it
    assert_eq!(answers.len(), 3, "{answers:?}");
    assert_eq!(answers[2], "resign");
    assert!(answers[..2].iter().all(|a| a != "resign"), "{answers:?}");
    assert_eq!(e.game().move_count(), 72 + 4);
    assert!(ask(&mut e, "printsgf").contains("RE[W+R]"));
    // reg_genmove says so too, without playing
    let mut e = Engine::new(EngineConfig {
        resign_moves: 1,
        ..config.clone()
    });
    lost_for_black(&mut e);
    assert_eq!(ask(&mut e, "reg_genmove b"), "= resign\n\n");
    assert_eq!(e.game().move_count(), 72);
    // never without a threshold
    let mut e = Engine::new(EngineConfig {
        resign_threshold: None,
        ..config.clone()
    });
    lost_for_black(&mut e);
    let answers = black_genmoves(&mut e, 4);
    assert!(answers.iter().all(|a| a != "resign"), "{answers:?}");
    // never in the first moves: the same walls set up without moves
    let mut e = Engine::new(config.clone());
    ask(&mut e, "boardsize 9");
    let mut setup = String::from("gogui-setup");
    for row in [2, 4, 6, 8] {
        for col in "ABCDEFGHJ".chars() {
            setup.push_str(&format!(" w {col}{row}"));
        }
    }
    assert_eq!(ask(&mut e, &setup), "=\n\n");
    let answers = black_genmoves(&mut e, 4);
    assert!(answers.iter().all(|a| a != "resign"), "{answers:?}");
    // never in a game the judge counts as close, even when every win rate is "low": walls on
    // D and F, one stone more each, komi 0.5: half a point either way
    let mut e = Engine::new(EngineConfig {
        resign_threshold: Some(1.0),
        resign_moves: 1,
        ..config
    });
    ask(&mut e, "boardsize 9");
    ask(&mut e, "komi 0.5");
    for row in 1..=9 {
        ask(&mut e, &format!("play b D{row}"));
        ask(&mut e, &format!("play w F{row}"));
    }
    ask(&mut e, "play b A1");
    ask(&mut e, "play w J9");
    assert_eq!(
        e.game().move_count(),
        resign_min_moves(e.game().board().size())
    );
    let count = ask(&mut e, "final_score");
    assert!(count.ends_with("+0.5\n\n"), "{count}");
    let answers = black_genmoves(&mut e, 2);
    assert!(answers.iter().all(|a| a != "resign"), "{answers:?}");
}

/// The commands tengen answered before the command table existed: none may get lost.
const COMMANDS_BEFORE_THE_TABLE: &[&str] = &[
    "all_legal",
    "boardsize",
    "captures",
    "clear_board",
    "color",
    "countlib",
    "final_score",
    "final_status",
    "final_status_list",
    "findlib",
    "fixed_handicap",
    "genmove",
    "get_handicap",
    "get_komi",
    "gg-undo",
    "gogui-analyze_commands",
    "gogui-play_sequence",
    "gogui-rules_board",
    "gogui-rules_board_size",
    "gogui-rules_captured_count",
    "gogui-rules_final_result",
    "gogui-rules_game_id",
    "gogui-rules_legal_moves",
    "gogui-rules_side_to_move",
    "gogui-setup",
    "is_legal",
    "kata-get-rules",
    "kata-set-rules",
    "kgs-game_over",
    "kgs-genmove_cleanup",
    "kgs-rules",
    "kgs-time_settings",
    "known_command",
    "komi",
    "last_move",
    "list_commands",
    "list_stones",
    "loadsgf",
    "move_history",
    "name",
    "place_free_handicap",
    "play",
    "printsgf",
    "protocol_version",
    "query_boardsize",
    "quit",
    "rectangular_boardsize",
    "reg_genmove",
    "set_free_handicap",
    "showboard",
    "tengen-pass_alive_gfx",
    "tengen-territory_gfx",
    "time_left",
    "time_settings",
    "unconditional_status",
    "undo",
    "version",
];

#[test]
fn list_known_help_and_dispatch_agree() {
    let mut e = engine();
    let list = ask(&mut e, "list_commands");
    let listed: Vec<&str> = list
        .strip_prefix("= ")
        .unwrap()
        .trim_end()
        .lines()
        .collect();
    assert_eq!(listed, command_names());
    let mut sorted = listed.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted, listed, "list_commands is sorted without duplicates");
    assert_eq!(
        ask(&mut e, "help"),
        list,
        "help without a name lists the commands"
    );
    for name in COMMANDS_BEFORE_THE_TABLE {
        assert!(listed.contains(name), "{name} is no longer listed");
    }
    for name in &listed {
        assert_eq!(ask(&mut e, &format!("known_command {name}")), "= true\n\n");
        let help = ask(&mut e, &format!("help {name}"));
        assert!(help.starts_with(&format!("= {name}")), "{help}");
        assert!(
            help.trim_end().len() > name.len() + 6,
            "{name} has no help: {help}"
        );
        let family = family_of(name).unwrap();
        let want = match *name {
            n if n.starts_with("kgs-") => Family::Kgs,
            n if n.starts_with("gogui-") || (n.starts_with("tengen-") && n.ends_with("_gfx")) => {
                Family::GoGui
            }
            n if n.starts_with("kata-") => Family::KataGo,
            _ => family,
        };
        assert_eq!(family, want, "{name} is in the wrong family");
        // every listed command is dispatched: whatever it answers, it is not unknown
        let mut fresh = engine();
        let r = ask(&mut fresh, &format!("9 {name}"));
        assert!(
            r.starts_with("=9") || (r.starts_with("?9 ") && !r.contains("unknown command")),
            "{name}: {r}"
        );
    }
    for name in ["frobnicate", "kata-analyze-not", "List_commands", "gogui-"] {
        let q = format!("known_command {name}");
        assert_eq!(ask(&mut e, &q), "= false\n\n", "{name}");
        assert_eq!(ask(&mut e, name), "? unknown command\n\n", "{name}");
        assert!(
            ask(&mut e, &format!("help {name}")).starts_with("? "),
            "{name}"
        );
    }
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-gtp-rec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = dir.join(name);
    std::fs::write(&f, text).unwrap();
    f
}

#[test]
fn printsgf_writes_the_full_root_through_the_writer() {
    let f = temp_file(
        "info.sgf",
        "(;GM[1]FF[4]CA[UTF-8]SZ[9]KM[7]RU[Chinese]PB[Li \\] Wei]PW[Sato]DT[2026-12-01]\
         RE[W+R];B[ee];W[cc];B[gg])",
    );
    let mut e = engine();
    assert_eq!(
        ask(&mut e, &format!("loadsgf {}", f.display())),
        "= white\n\n"
    );
    let sgf = ask(&mut e, "printsgf");
    let text = sgf.strip_prefix("= ").unwrap().trim_end();
    for want in [
        "GM[1]",
        "FF[4]",
        "CA[UTF-8]",
        "SZ[9]",
        "KM[7]",
        "RU[chinese]",
        "PB[Li \\] Wei]",
        "PW[Sato]",
        "DT[2026-12-01]",
        "RE[W+R]",
    ] {
        assert!(text.contains(want), "{want} missing: {text}");
    }
    // what printsgf writes parses strictly and replays to the same game
    let parsed = tengen::sgf::parse(text.as_bytes(), tengen::sgf::Mode::Strict).unwrap();
    let root = parsed.collection.roots()[0];
    assert_eq!(
        parsed.collection.simple_text(root, "PB").as_deref(),
        Some("Li ] Wei")
    );
    assert_eq!(
        tengen::sgf::write(&parsed.collection),
        format!("{text}\n").into_bytes()
    );
    // a move changes the game: the record's result no longer belongs to it
    assert_eq!(ask(&mut e, "play w d4"), "=\n\n");
    let sgf = ask(&mut e, "printsgf");
    assert!(!sgf.contains("RE[") && sgf.contains("PB[Li"), "{sgf}");
    ask(&mut e, "undo");
    assert!(ask(&mut e, "printsgf").contains("RE[W+R]"));
    // a game ended by two passes has the exact count as its result
    ask(&mut e, "play w pass");
    ask(&mut e, "play b pass");
    let count = ask(&mut e, "final_score");
    let re = format!("RE[{}]", count.trim_start_matches("= ").trim_end());
    assert!(ask(&mut e, "printsgf").contains(&re), "{re}");
    // a new game forgets the players
    ask(&mut e, "clear_board");
    let sgf = ask(&mut e, "printsgf");
    assert!(!sgf.contains("PB[") && !sgf.contains("RE["), "{sgf}");
}

#[test]
fn loadsgf_shares_the_replay_policy() {
    let mut e = engine();
    ask(&mut e, "kgs-rules aga");
    // unknown RU keeps the rules in force; a bad KM keeps the komi (warned, not refused)
    let f = temp_file(
        "policy.sgf",
        "(;SZ[5]RU[Martian]KM[lots]AB[aa]AW[ab][ba];B[cc])",
    );
    assert_eq!(
        ask(&mut e, &format!("loadsgf {}", f.display())),
        "= white\n\n"
    );
    assert_eq!(ask(&mut e, "kata-get-rules"), "= aga\n\n");
    assert_eq!(ask(&mut e, "get_komi"), "= 7.5\n\n");
    // the setup left the black corner stone without liberties: removed
    assert_eq!(ask(&mut e, "color a5"), "= empty\n\n");
    let warnings = e.take_warnings().join("\n");
    for want in ["RU[Martian]", "KM[lots]", "without liberties"] {
        assert!(warnings.contains(want), "{want}: {warnings}");
    }
    // an illegal move: the load fails and nothing changes
    let bad = temp_file("bad.sgf", "(;SZ[5];B[aa];W[aa])");
    let r = ask(&mut e, &format!("loadsgf {}", bad.display()));
    assert!(
        r.starts_with("? cannot load file: move 2 (white aa) is illegal"),
        "{r}"
    );
    assert_eq!(ask(&mut e, "color c3"), "= black\n\n");
}

#[test]
fn final_score_follows_the_judge_and_the_strict_count_by_mode() {
    let mut e = engine();
    ask(&mut e, "boardsize 9");
    ask(&mut e, "komi 6.5");
    ask(&mut e, "kgs-rules japanese");
    // a black wall on column E, a white wall on column F, a lone black stone at H7 that
    // nothing proves dead
    let mut setup = String::from("gogui-setup b h7");
    for y in 1..=9 {
        setup.push_str(&format!(" b e{y} w f{y}"));
    }
    assert_eq!(ask(&mut e, &setup), "=\n\n");
    assert_eq!(ask(&mut e, "tengen-score_mode"), "= judge\n\n");
    assert_eq!(ask(&mut e, "final_status_list dead"), "= H7\n\n");
    assert_eq!(ask(&mut e, "final_status h7"), "= dead\n\n");
    assert_eq!(ask(&mut e, "final_status j7"), "= white_territory\n\n");
    // black 36; white 27 + 1 prisoner + 6.5
    assert_eq!(ask(&mut e, "final_score"), "= B+1.5\n\n");
    // a new komi is a new count, not the cached one
    ask(&mut e, "komi 10.5");
    assert_eq!(ask(&mut e, "final_score"), "= W+2.5\n\n");
    // the strict count keeps the stone: White's side is no territory
    assert_eq!(
        ask(&mut e, "tengen-score_mode pass-alive"),
        "= pass-alive\n\n"
    );
    assert_eq!(ask(&mut e, "final_status_list dead"), "=\n\n");
    assert_eq!(ask(&mut e, "final_status h7"), "= alive\n\n");
    assert_eq!(ask(&mut e, "final_status j7"), "= dame\n\n");
    assert_eq!(ask(&mut e, "tengen-score_mode judge"), "= judge\n\n");
    assert_eq!(ask(&mut e, "final_score"), "= W+2.5\n\n");
}

#[test]
fn analysis_arguments() {
    use super::analyze::{parse, Format, Request};
    use std::time::Duration;
    let ok = |f, args: &str| -> Request {
        let a: Vec<&str> = args.split_whitespace().collect();
        parse(f, &a).unwrap_or_else(|e| panic!("{args}: {e}"))
    };
    let r = ok(Format::Kata, "");
    assert_eq!(
        (r.color, r.interval, r.ownership),
        (None, Duration::from_secs(1), false)
    );
    let r = ok(Format::Kata, "W 50 ownership true maxmoves 3 minmoves 2");
    assert_eq!(r.color, Some(Color::White));
    assert_eq!(r.interval, Duration::from_millis(500));
    assert!(r.ownership);
    assert_eq!((r.min_moves, r.max_moves), (2, 3));
    let r = ok(Format::Lz, "b interval 20");
    assert_eq!(
        (r.color, r.interval),
        (Some(Color::Black), Duration::from_millis(200))
    );
    // a bare number is the interval, not the colour `1`; 0 is raised to one centisecond
    let r = ok(Format::Lz, "1");
    assert_eq!((r.color, r.interval), (None, Duration::from_millis(10)));
    assert_eq!(ok(Format::Kata, "0").interval, Duration::from_millis(10));
    assert!(!ok(Format::Kata, "ownership false").ownership);
    let r = ok(Format::Kata, "b 20 rootInfo false pvVisits false");
    assert_eq!(r.interval, Duration::from_millis(200));
    for (f, bad, want) in [
        (Format::Kata, "purple", "invalid color"),
        (
            Format::Kata,
            "b 10 frobnicate 3",
            "unknown argument \"frobnicate\"",
        ),
        (Format::Kata, "interval", "interval needs a value"),
        (
            Format::Kata,
            "interval soon",
            "interval must be a whole number",
        ),
        (
            Format::Kata,
            "ownership maybe",
            "ownership must be true or false",
        ),
        (
            Format::Kata,
            "maxmoves -1",
            "maxmoves must be a whole number",
        ),
        (
            Format::Lz,
            "ownership true",
            "unknown argument \"ownership\"",
        ),
        (
            Format::Kata,
            "10 rootInfo true",
            "rootInfo true is not supported",
        ),
        (Format::Kata, "avoid b D4 1", "avoid is not supported"),
        (
            Format::Lz,
            "pvVisits false",
            "unknown argument \"pvVisits\"",
        ),
    ] {
        let a: Vec<&str> = bad.split_whitespace().collect();
        let e = parse(f, &a).unwrap_err();
        assert!(e.contains(want), "{bad}: {e}");
    }
    // through the engine: a `?` response, and nothing streamed
    let mut e = engine();
    assert_eq!(
        ask(&mut e, "7 kata-analyze b 10 frobnicate 3"),
        "?7 syntax error: unknown argument \"frobnicate\"\n\n"
    );
}

/// One `info` block: its (key, value) pairs up to `pv`, and the pv.
type Block = (Vec<(String, String)>, Vec<String>);

/// The `info` blocks of one analysis line, and its ownership values.
fn info_blocks(line: &str) -> (Vec<Block>, Option<Vec<f64>>) {
    let (moves, own) = match line.split_once(" ownership ") {
        Some((m, o)) => (m, Some(o.split(' ').map(|v| v.parse().unwrap()).collect())),
        None => (line, None),
    };
    let blocks = moves
        .strip_prefix("info ")
        .unwrap_or_else(|| panic!("{line}"))
        .split(" info ")
        .map(|b| {
            let (kv, pv) = b.split_once(" pv ").unwrap_or_else(|| panic!("no pv: {b}"));
            let words: Vec<&str> = kv.split(' ').collect();
            assert_eq!(words.len() % 2, 0, "{kv}");
            let pairs = words
                .chunks(2)
                .map(|p| (p[0].to_string(), p[1].to_string()))
                .collect();
            (pairs, pv.split(' ').map(str::to_string).collect())
        })
        .collect();
    (blocks, own)
}

#[test]
fn analysis_through_handle_line_answers_one_line() {
    let mut e = engine();
    ask(&mut e, "boardsize 5");
    ask(&mut e, "play b c3");
    let r = ask(&mut e, "3 kata-analyze w 10 ownership true");
    let body = r.strip_prefix("=3\n").unwrap_or_else(|| panic!("{r}"));
    let line = body.strip_suffix("\n\n").unwrap();
    assert!(!line.contains('\n'));
    let (blocks, own) = info_blocks(line);
    // 24 points and a pass; 200 playouts visit them all
    assert_eq!(blocks.len(), 25);
    let keys = [
        "move",
        "visits",
        "utility",
        "winrate",
        "scoreMean",
        "scoreStdev",
        "scoreLead",
        "prior",
        "lcb",
        "order",
    ];
    let mut total = 0;
    for (i, (kv, pv)) in blocks.iter().enumerate() {
        let got: Vec<&str> = kv.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(got, keys);
        assert_eq!(kv[9].1, i.to_string());
        assert_eq!(pv[0], kv[0].1);
        total += kv[1].1.parse::<u32>().unwrap();
        let w: f64 = kv[3].1.parse().unwrap();
        assert!((0.0..=1.0).contains(&w) && kv[3].1.contains('.'));
    }
    assert_eq!(total, 200);
    // a lone black stone owns the board: -1 everywhere from White's view
    assert_eq!(own.unwrap(), vec![-1.0; 25]);
    // the game is untouched: Black's stone, White to move, one move played
    assert_eq!(e.game().move_count(), 1);
    assert_eq!(e.game().to_move(), Color::White);
    let r = ask(&mut e, "lz-analyze b maxmoves 2");
    let (blocks, own) = info_blocks(r.strip_prefix("=\n").unwrap().trim_end());
    assert!(own.is_none());
    assert_eq!(blocks.len(), 2);
    let keys: Vec<&str> = blocks[0].0.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["move", "visits", "winrate", "prior", "lcb", "order"]);
    assert!(blocks[0].0[2].1.parse::<u32>().unwrap() <= 10000);
    assert_eq!(e.game().to_move(), Color::White);
    // nothing to report is an empty response, never an extra blank line
    assert_eq!(ask(&mut e, "4 kata-analyze maxmoves 0"), "=4\n\n");
}

/// A reader that hands out its parts one by one, after a pause each.
struct Paced(std::collections::VecDeque<(u64, Vec<u8>)>);

impl std::io::Read for Paced {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let Some((ms, mut part)) = self.0.pop_front() else {
            return Ok(0);
        };
        std::thread::sleep(std::time::Duration::from_millis(ms));
        let n = part.len().min(buf.len());
        buf[..n].copy_from_slice(&part[..n]);
        if n < part.len() {
            part.drain(..n);
            self.0.push_front((0, part));
        }
        Ok(n)
    }
}

fn serve_paced(parts: &[(u64, &str)]) -> String {
    let input = Paced(
        parts
            .iter()
            .map(|&(ms, s)| (ms, s.as_bytes().to_vec()))
            .collect(),
    );
    let mut out = Vec::new();
    let mut e = engine();
    run(&mut e, std::io::BufReader::new(input), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn streaming_stops_at_the_next_line_which_is_answered() {
    let out = serve_paced(&[
        (0, "boardsize 5\n4 kata-analyze 2\n"),
        (400, "5 name\n"),
        (0, "lz-analyze 2\n"),
        (300, "\n"),
        (0, "kata-analyze 2\n"),
    ]);
    // boardsize, the streamed kata-analyze ended by `name`, name, lz-analyze ended by the
    // empty line, kata-analyze ended by the end of the input
    let responses: Vec<&str> = out.split_terminator("\n\n").collect();
    assert_eq!(responses.len(), 5, "{out}");
    assert_eq!(responses[0], "=");
    assert_eq!(responses[2], "=5 tengen");
    for (r, head) in [
        (responses[1], "=4"),
        (responses[3], "="),
        (responses[4], "="),
    ] {
        let mut lines = r.lines();
        assert_eq!(lines.next(), Some(head));
        let mut last_total = 0;
        let mut n = 0;
        for line in lines {
            let (blocks, _) = info_blocks(line);
            let total: u32 = blocks
                .iter()
                .map(|(kv, _)| kv[1].1.parse::<u32>().unwrap())
                .sum();
            assert!(total >= last_total, "visits went down: {r}");
            last_total = total;
            n += 1;
        }
        if head == "=4" {
            // 400 ms at one line per 20 ms
            assert!(n >= 3, "{n} lines: {r}");
        }
    }
}

/// `attack` and `defend` share one reader for the session (its table kept across questions):
/// made on the first question, and the answers are the same when asked again.
#[test]
fn reading_questions_keep_one_reader() {
    let mut e = engine();
    ask(&mut e, "boardsize 9");
    for m in ["b c7", "b b6", "b d5", "w c6"] {
        ask(&mut e, &format!("play {m}"));
    }
    assert!(e.state().reader.is_none());
    let first = (ask(&mut e, "attack c6"), ask(&mut e, "defend c6"));
    assert!(e.state().reader.is_some());
    assert!(
        matches!(first.0.as_str(), "= 1 C5\n\n" | "= 1 D6\n\n"),
        "{first:?}"
    );
    let again = (ask(&mut e, "attack c6"), ask(&mut e, "defend c6"));
    assert_eq!(first, again);
}
