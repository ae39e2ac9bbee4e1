//! `tengen sgf` and `tengen::sgf::clean`: encodings decoded (declared, detected, mangled),
//! UTF-8 FF[4] out in canonical order, options, and the moves never changed.
use crate::common;

use tengen::sgf::clean::{clean, CleanOptions, Detected};
use tengen::sgf::{parse, Mode, ReplayOptions, Replayer};

fn game(pb: &[u8], pw: &[u8], extra: &[u8]) -> Vec<u8> {
    let mut v = b"(;GM[1]FF[3]SZ[9]".to_vec();
    v.extend_from_slice(extra);
    v.extend_from_slice(b"PB[");
    v.extend_from_slice(pb);
    v.extend_from_slice(b"]PW[");
    v.extend_from_slice(pw);
    v.extend_from_slice(b"];B[ee];W[ec];B[cc])");
    v
}

fn one(input: &[u8]) -> (String, Detected) {
    let c = clean(input, &CleanOptions::default()).unwrap();
    assert_eq!(c.games.len(), 1);
    let g = &c.games[0];
    (String::from_utf8(g.sgf.clone()).unwrap(), g.encoding)
}

fn names(sgf: &str) -> (String, String) {
    let p = parse(sgf.as_bytes(), Mode::Strict).unwrap();
    let root = p.collection.roots()[0];
    (
        p.collection.simple_text(root, "PB").unwrap(),
        p.collection.simple_text(root, "PW").unwrap(),
    )
}

/// Black's and White's name bytes, the names expected, the encoding expected.
type Case = (
    &'static [u8],
    &'static [u8],
    &'static str,
    &'static str,
    &'static str,
);

#[test]
fn legacy_encodings_are_detected_without_ca() {
    let cases: [Case; 5] = [
        (
            b"\xc4\xf4\xce\xc0\xc6\xbd",
            b"\xbf\xc2\xbd\xe0",
            "聂卫平",
            "柯洁",
            "gb18030",
        ),
        (
            b"\xaa\x4c\xae\xfc\xae\x70",
            b"\xa4\xfd\xa5\xdf\xb8\xdb",
            "林海峰",
            "王立誠",
            "big5",
        ),
        (
            b"\x88\xe4\x8e\x52\x97\x54\x91\xbe",
            b"\x96\x7b\x88\xf6\x96\x56\x8f\x47\x8d\xf4",
            "井山裕太",
            "本因坊秀策",
            "shift_jis",
        ),
        (
            b"\xc0\xcc\xc3\xa2\xc8\xa3",
            b"\xb9\xda\xc1\xa4\xc8\xaf",
            "이창호",
            "박정환",
            "euc-kr",
        ),
        (
            b"M\xfcller",
            b"J\xe9r\xf4me",
            "Müller",
            "Jérôme",
            "windows-1252",
        ),
    ];
    for (pb, pw, want_b, want_w, enc) in cases {
        let (out, det) = one(&game(pb, pw, b""));
        assert_eq!(names(&out), (want_b.into(), want_w.into()), "{enc}: {out}");
        match det {
            Detected::Guessed(n) => assert!(n.eq_ignore_ascii_case(enc), "{enc}: {n}"),
            other => panic!("{enc}: {other:?}"),
        }
        assert!(out.starts_with("(;GM[1]FF[4]CA[UTF-8]SZ[9]PB["), "{out}");
    }
}

#[test]
fn ca_is_obeyed_and_replaced() {
    // the bytes of 聂卫平 read as GB2312 by CA, even though detection is not asked
    let (out, det) = one(&game(b"\xc4\xf4\xce\xc0\xc6\xbd", b"x", b"CA[GB2312]"));
    assert_eq!(names(&out).0, "聂卫平");
    assert!(matches!(det, Detected::Declared(_)), "{det:?}");
    assert_eq!(out.matches("CA[").count(), 1);
    assert!(out.contains("CA[UTF-8]"));
    // valid UTF-8 without CA is kept and marked
    let (out, det) = one(&game("李世石".as_bytes(), b"Lee", b""));
    assert_eq!(det, Detected::Utf8);
    assert_eq!(names(&out).0, "李世石");
    // ASCII only: nothing guessed
    let (_, det) = one(&game(b"Lee", b"Cho", b""));
    assert_eq!(det, Detected::Ascii);
}

#[test]
fn mangled_utf8_loses_only_the_damaged_characters() {
    // 李维清 with the 0x9d of 李 replaced by '?', as in the Fox records: of the five bytes
    // the '?' may stand for, only 0x9d gives a common name character; e4 ? 80 has none
    let (out, det) = one(&game(
        b"\xe6?\x8e\xe7\xbb\xb4\xe6\xb8\x85",
        b"\xe4?\x80\xe6\x9f\xaf",
        b"",
    ));
    assert_eq!(
        det,
        Detected::MangledUtf8 {
            restored: 1,
            lost: 1
        }
    );
    assert_eq!(names(&out), ("李维清".into(), "\u{FFFD}柯".into()));
}

#[test]
fn canonical_order_escapes_and_options() {
    let input = "(;C[root \\] note]RE[B+R]PB[黑]SZ[9]KM[6.5]AP[Prog\\:X:1.0]\
                 ;W[ec]C[w]B[]\n;B[cc](;W[dd]C[var])(;W[ee]))"
        .as_bytes();
    // property order: FF and CA first, game info before comments; the move before its comment
    let (out, _) = one(input);
    assert!(
        out.starts_with(
            "(;GM[1]FF[4]CA[UTF-8]AP[Prog\\:X:1.0]SZ[9]PB[黑]KM[6.5]RE[B+R]C[root \\] note]"
        ),
        "{out}"
    );
    let p = parse(out.as_bytes(), Mode::Strict).unwrap();
    assert_eq!(p.collection.text(0, "C").unwrap(), "root ] note");
    // main line only, no comments
    let opts = CleanOptions {
        main_line_only: true,
        strip_comments: true,
        encoding: None,
    };
    let c = clean(input, &opts).unwrap();
    let s = String::from_utf8(c.games[0].sgf.clone()).unwrap();
    assert!(!s.contains("C["), "{s}");
    assert!(s.contains("W[dd]") && !s.contains("W[ee]"), "{s}");
}

#[test]
fn moves_are_replayed_the_same() {
    // a capture, a pass, setup and an illegal move (replay stops at it in both)
    let input = b"(;SZ[5]AB[aa:bb]AW[cc];W[ca];B[da];W[];B[cb];W[aa])";
    let c = clean(input, &CleanOptions::default()).unwrap();
    let g = &c.games[0];
    let mut r0 = Replayer::new();
    let a = r0.replay(input, &ReplayOptions::default()).unwrap();
    let mut r1 = Replayer::new();
    let b = r1.replay(&g.sgf, &ReplayOptions::default()).unwrap();
    assert_eq!(
        (a.moves, a.captures, a.error),
        (b.moves, b.captures, b.error)
    );
    assert!(a.error.is_some());
    assert_eq!(r0.board(), r1.board());
    assert_eq!(g.moves, a.moves);
}

#[test]
fn cli_stdout_split_merge_and_errors() {
    let dir = std::env::temp_dir().join(format!("tengen-sgf-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("in")).unwrap();
    let two = [game(b"a", b"b", b""), game(b"c", b"d", b"")].concat();
    std::fs::write(dir.join("in/two.sgf"), &two).unwrap();
    std::fs::write(dir.join("in/gb.sgf"), game(b"\xbf\xc2\xbd\xe0", b"x", b"")).unwrap();
    std::fs::write(dir.join("in/bad.sgf"), b"not sgf at all").unwrap();
    let p = |s: &str| dir.join(s).to_string_lossy().into_owned();

    // one file: stdout; the guess is a warning on stderr
    let (out, err, code) = common::run_tengen(&["sgf", &p("in/gb.sgf")], "");
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("PB[柯洁]"), "{out}");
    assert!(
        err.to_lowercase().contains("gb18030") && err.contains("guessed"),
        "{err}"
    );
    // several files need --output
    let (_, err, code) = common::run_tengen(&["sgf", &p("in/gb.sgf"), &p("in/two.sgf")], "");
    assert_eq!(code, 2, "{err}");
    // a directory with -o and --split; the bad file fails alone
    let (_, err, code) = common::run_tengen(&["sgf", &p("in"), "-o", &p("out"), "--split"], "");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("bad.sgf: error:"), "{err}");
    assert!(err.contains("2 converted"), "{err}");
    for f in ["two-1.sgf", "two-2.sgf", "gb.sgf"] {
        let s = std::fs::read_to_string(dir.join("out").join(f)).unwrap();
        parse(s.as_bytes(), Mode::Strict).unwrap();
    }
    assert!(!dir.join("out/bad.sgf").exists());
    // merge
    let (_, err, code) = common::run_tengen(
        &[
            "sgf",
            &p("in/two.sgf"),
            &p("in/gb.sgf"),
            "--merge",
            &p("all.sgf"),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let all = std::fs::read(dir.join("all.sgf")).unwrap();
    assert_eq!(
        parse(&all, Mode::Strict).unwrap().collection.roots().len(),
        3
    );
    // an unknown --encoding is a usage error
    let (_, err, code) = common::run_tengen(&["sgf", &p("in/gb.sgf"), "--encoding", "klingon"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("klingon"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Whether every character is a letter (any script) or a space/punctuation used in names.
fn readable(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| {
            c.is_alphanumeric() || " ._-()'·".contains(c) || ('\u{3000}'..='\u{30ff}').contains(&c)
        })
}

/// The 2,000 fox-pro records (needs ../shared): converted by `tengen sgf -o`, every output is
/// UTF-8, parses strictly, replays to the same final board as the original, and player names
/// are readable wherever the original bytes tell the encoding (valid UTF-8 names are kept
/// exactly; in a name damaged by '?' replacements only the damaged characters change).
#[test]
fn fox_pro_records_convert_and_replay_the_same() {
    let Some(src) = common::shared_data("sgf/fox-pro") else {
        return;
    };
    let out = std::env::temp_dir().join(format!("tengen-sgf-fox-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let (_, err, code) = common::run_tengen(
        &[
            "sgf",
            src.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
            "--quiet",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let mut inputs: Vec<_> = std::fs::read_dir(&src)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
        .collect();
    inputs.sort();
    assert_eq!(inputs.len(), 2000);
    let (mut r0, mut r1) = (Replayer::new(), Replayer::new());
    let (mut exact_names, mut restored_names, mut damaged_names) = (0, 0, 0);
    for path in &inputs {
        let orig = std::fs::read(path).unwrap();
        let conv = std::fs::read(out.join(path.file_name().unwrap())).unwrap();
        let text = std::str::from_utf8(&conv).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        let parsed = parse(&conv, Mode::Strict).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert!(text.starts_with("(;GM[1]FF[4]CA[UTF-8]"), "{path:?}");
        let a = r0.replay(&orig, &ReplayOptions::default()).unwrap();
        let b = r1.replay(&conv, &ReplayOptions::default()).unwrap();
        assert_eq!(
            (a.moves, a.captures, a.error),
            (b.moves, b.captures, b.error),
            "{path:?}"
        );
        assert!(a.error.is_none(), "{path:?}");
        assert_eq!(r0.board(), r1.board(), "{path:?}");
        // names
        let orig_tree = parse(&orig, Mode::Lenient).unwrap().collection;
        let root = parsed.collection.roots()[0];
        for id in ["PB", "PW"] {
            let raw = orig_tree
                .node(orig_tree.roots()[0])
                .value(id)
                .unwrap_or(b"");
            let name = parsed.collection.simple_text(root, id).unwrap_or_default();
            if let Ok(s) = std::str::from_utf8(raw) {
                assert_eq!(name, s, "{path:?} {id}");
                if !s.is_empty() {
                    assert!(readable(&name), "{path:?} {id}: {name:?}");
                }
                exact_names += 1;
            } else {
                // damaged by '?': the undamaged characters are kept exactly, each damaged
                // one is restored or U+FFFD
                let kept: String = name.chars().filter(|&c| c != '\u{FFFD}').collect();
                assert!(
                    kept.is_empty() || readable(&kept),
                    "{path:?} {id}: {name:?}"
                );
                if name.contains('\u{FFFD}') {
                    damaged_names += 1;
                } else {
                    restored_names += 1;
                }
            }
        }
    }
    eprintln!(
        "fox-pro names: {exact_names} exact, {restored_names} restored, {damaged_names} with \
         U+FFFD"
    );
    assert!(exact_names > 2000, "{exact_names}");
    let _ = std::fs::remove_dir_all(&out);
}
