//! No data lost (issue 27, items 1-4): `tengen sgf` never writes over an input (hard links
//! included) nor twice to one output name; its outputs are written whole or not at all (a
//! full disk, SIGINT); and every command that writes stdout reports a write error other than
//! a closed pipe with a message and a non-zero exit. The pictures of `tengen render` are
//! written whole or not at all too.

use crate::common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use common::{run_tengen, tengen_bin};

/// A fresh, empty folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("tengen-safety-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

#[test]
fn split_never_writes_over_an_input() {
    let d = scratch("split-input");
    let two = b"(;GM[1]SZ[9]PB[first];B[aa])(;GM[1]SZ[9]PB[second];B[bb])";
    let precious = b"(;GM[1]SZ[9]PB[precious];B[dd])";
    std::fs::write(d.join("g.sgf"), two).unwrap();
    std::fs::write(d.join("g-1.sgf"), precious).unwrap();
    let (_, err, code) = run_tengen(&["sgf", s(&d), "--split", "-o", s(&d)], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(std::fs::read(d.join("g-1.sgf")).unwrap(), precious, "{err}");
    let g1 = d.join("g-1.sgf");
    assert!(
        err.contains(&format!(
            "output {} is the input {}",
            g1.display(),
            g1.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}: error:", d.join("g.sgf").display())),
        "{err}"
    );
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn split_outputs_of_two_inputs_do_not_collide() {
    let d = scratch("split-collide");
    std::fs::create_dir_all(d.join("a")).unwrap();
    std::fs::create_dir_all(d.join("b")).unwrap();
    let (a, b) = (d.join("a/g.sgf"), d.join("b/g-1.sgf"));
    std::fs::write(
        &a,
        "(;GM[1]SZ[9]PB[first];B[aa])(;GM[1]SZ[9]PB[second];B[bb])",
    )
    .unwrap();
    std::fs::write(&b, "(;GM[1]SZ[9]PB[third];B[cc])").unwrap();
    let out = d.join("out");
    let (_, err, code) = run_tengen(&["sgf", s(&a), s(&b), "--split", "-o", s(&out)], "");
    assert_eq!(code, 1, "{err}");
    // the first input keeps the name; the second is an error naming both
    assert!(
        err.contains(&format!(
            "{}: error: output {} is already written from {}; refused",
            b.display(),
            out.join("g-1.sgf").display(),
            a.display()
        )),
        "{err}"
    );
    assert!(err.contains("1 converted"), "{err}");
    assert_eq!(names(&out), ["g-1.sgf", "g-2.sgf"]);
    let g1 = std::fs::read_to_string(out.join("g-1.sgf")).unwrap();
    assert!(g1.contains("PB[first]"), "{g1}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_hard_link_to_an_input_is_the_input() {
    let d = scratch("hardlink");
    std::fs::create_dir_all(d.join("in")).unwrap();
    std::fs::create_dir_all(d.join("out")).unwrap();
    let text = b"(;GM[1]SZ[9]C[keep me];B[aa])";
    let input = d.join("in/x.sgf");
    std::fs::write(&input, text).unwrap();
    std::fs::hard_link(&input, d.join("out/x.sgf")).unwrap();
    let (_, err, code) = run_tengen(
        &["sgf", s(&input), "-o", s(&d.join("out")), "--no-comments"],
        "",
    );
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is the input"), "{err}");
    assert_eq!(std::fs::read(&input).unwrap(), text);
    // --merge into a hard link of an input
    let (_, err, code) = run_tengen(&["sgf", s(&input), "--merge", s(&d.join("out/x.sgf"))], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("is one of the inputs"), "{err}");
    assert_eq!(std::fs::read(&input).unwrap(), text);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn no_output_folder_when_every_input_fails() {
    let d = scratch("no-dir");
    std::fs::write(d.join("bad.sgf"), "not sgf").unwrap();
    let out = d.join("out");
    let (_, err, code) = run_tengen(&["sgf", s(&d.join("bad.sgf")), "-o", s(&out)], "");
    assert_eq!(code, 1, "{err}");
    assert!(!out.exists(), "{err}");
    // nor an empty merge: none made, and an older merge of that name is kept
    let merged = d.join("all.sgf");
    let (_, err, code) = run_tengen(&["sgf", s(&d.join("bad.sgf")), "--merge", s(&merged)], "");
    assert_eq!(code, 1, "{err}");
    assert!(!merged.exists(), "{err}");
    let old = b"(;GM[1]SZ[9]PB[older merge];B[ee])";
    std::fs::write(&merged, old).unwrap();
    let (_, err, code) = run_tengen(&["sgf", s(&d.join("bad.sgf")), "--merge", s(&merged)], "");
    assert_eq!(code, 1, "{err}");
    assert_eq!(std::fs::read(&merged).unwrap(), old, "{err}");
    std::fs::remove_dir_all(&d).unwrap();
}

/// A record of about `bytes` bytes: one move and a long comment.
fn big_record(bytes: usize) -> Vec<u8> {
    let mut v = b"(;GM[1]SZ[19]C[".to_vec();
    v.resize(bytes, b'x');
    v.extend_from_slice(b"];B[dd];W[pp])");
    v
}

/// A small tmpfs at `dir`, or `None` (with a note) where mounting is not allowed.
fn small_tmpfs(dir: &Path, size: &str) -> Option<()> {
    std::fs::create_dir_all(dir).unwrap();
    let ok = Command::new("mount")
        .args([
            "-t",
            "tmpfs",
            "-o",
            &format!("size={size}"),
            "tmpfs",
            s(dir),
        ])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|st| st.success());
    if !ok {
        common::not_run("cannot mount a tmpfs here (needs root): no full-disk check");
        return None;
    }
    Some(())
}

fn unmount(dir: &Path) {
    let _ = Command::new("umount").arg(dir).status();
}

#[test]
fn a_full_disk_leaves_no_partial_output() {
    let d = scratch("full");
    let input = d.join("in");
    std::fs::create_dir_all(&input).unwrap();
    // five small records and one larger than the disk
    for i in 0..5 {
        std::fs::write(
            input.join(format!("s{i}.sgf")),
            format!(
                "(;GM[1]SZ[9];B[{}{}])",
                (b'a' + i) as char,
                (b'a' + i) as char
            ),
        )
        .unwrap();
    }
    std::fs::write(input.join("zbig.sgf"), big_record(400 << 10)).unwrap();
    // what each output is on a disk with room
    let full_out = d.join("room");
    let (_, err, code) = run_tengen(
        &["sgf", s(&input), "-o", s(&full_out), "--threads", "1"],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let disk = d.join("disk");
    if small_tmpfs(&disk, "256k").is_none() {
        return;
    }
    let out = disk.join("out");
    let (_, err, code) = run_tengen(&["sgf", s(&input), "-o", s(&out), "--threads", "1"], "");
    let merged = disk.join("all.sgf");
    let (_, merr, mcode) = run_tengen(&["sgf", s(&input), "--merge", s(&merged)], "");
    let listed = names(&out);
    let whole: Vec<bool> = listed
        .iter()
        .map(|n| std::fs::read(out.join(n)).ok() == std::fs::read(full_out.join(n)).ok())
        .collect();
    let merged_exists = merged.exists();
    let disk_names = names(&disk);
    unmount(&disk);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("zbig.sgf: error: cannot write"), "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    // every file there is complete: the five small ones, no temporary file, no prefix
    assert_eq!(
        listed,
        ["s0.sgf", "s1.sgf", "s2.sgf", "s3.sgf", "s4.sgf"],
        "{err}"
    );
    assert!(whole.iter().all(|&w| w), "{listed:?} {whole:?}");
    assert_eq!(mcode, 1, "{merr}");
    assert!(merr.contains("cannot write"), "{merr}");
    assert!(!merged_exists, "{merr}");
    assert_eq!(disk_names, ["out"]);
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_full_disk_leaves_no_partial_picture() {
    let d = scratch("full-picture");
    let g = d.join("g.sgf");
    // 19x19 with 60 stones: an SVG of about 14 KB
    let mut rec = String::from("(;GM[1]SZ[19]");
    for i in 0..60u8 {
        let (c, x, y) = (if i % 2 == 0 { 'B' } else { 'W' }, i % 19, 2 * (i / 19));
        rec.push_str(&format!(
            ";{c}[{}{}]",
            (b'a' + x) as char,
            (b'a' + y) as char
        ));
    }
    rec.push(')');
    std::fs::write(&g, rec).unwrap();
    // the picture on a disk with room, larger than the small disk below
    let (_, err, code) = run_tengen(&["render", s(&g), "-o", s(&d.join("room.svg"))], "");
    assert_eq!(code, 0, "{err}");
    let len = std::fs::metadata(d.join("room.svg")).unwrap().len();
    assert!(len > 8 << 10, "{len}");
    let disk = d.join("disk");
    if small_tmpfs(&disk, "8k").is_none() {
        return;
    }
    // an older picture of that name: kept whole until a new one is complete
    let old = b"<svg xmlns='http://www.w3.org/2000/svg'/>";
    let svg = disk.join("g.svg");
    std::fs::write(&svg, old).unwrap();
    let (_, err, code) = run_tengen(&["render", s(&g), "-o", s(&svg)], "");
    let (_, perr, pcode) = run_tengen(&["render", s(&g), "-o", s(&disk.join("new.png"))], "");
    let kept = std::fs::read(&svg).ok();
    let disk_names = names(&disk);
    unmount(&disk);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("No space left on device"), "{err}");
    assert_eq!(kept.as_deref(), Some(&old[..]), "{err}");
    assert_ne!(pcode, 0, "{perr}");
    assert!(perr.contains("No space left on device"), "{perr}");
    // no prefix of either picture, no temporary file
    assert_eq!(disk_names, ["g.svg"], "{err}{perr}");
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_full_disk_leaves_no_partial_gtp_record() {
    let disk = scratch("full-gtp").join("disk");
    if small_tmpfs(&disk, "8k").is_none() {
        return;
    }
    // one page for an older record, one for a filler: a record over 4 KB cannot be written
    let old = b"(;GM[1]SZ[9]PB[older];B[ee])";
    let f = disk.join("g.sgf");
    std::fs::write(&f, old).unwrap();
    std::fs::write(disk.join("filler"), [b'x'; 100]).unwrap();
    let mut cmds = String::from("boardsize 19\n");
    for i in 0..1600 {
        cmds.push_str(if i % 2 == 0 {
            "play b pass\n"
        } else {
            "play w pass\n"
        });
    }
    cmds.push_str(&format!("printsgf {}\n", s(&f)));
    let (out, err, code) = run_tengen(&["gtp"], cmds);
    let kept = std::fs::read(&f).ok();
    let disk_names = names(&disk);
    unmount(&disk);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("? cannot write file: No space left on device"),
        "{}",
        &out[out.len().saturating_sub(300)..]
    );
    assert_eq!(kept.as_deref(), Some(&old[..]));
    assert_eq!(disk_names, ["filler", "g.sgf"]);
    std::fs::remove_dir_all(disk.parent().unwrap()).unwrap();
}

#[cfg(unix)]
#[test]
fn sigint_leaves_no_partial_output() {
    let d = scratch("sigint");
    let input = d.join("big.sgf");
    let record = big_record(120 << 20);
    std::fs::write(&input, &record).unwrap();
    for (flag, target) in [("-o", d.join("out")), ("--merge", d.join("all.sgf"))] {
        let watch = if flag == "-o" {
            std::fs::create_dir_all(&target).unwrap();
            target.clone()
        } else {
            d.clone()
        };
        let before = names(&watch);
        let mut child = Command::new(tengen_bin())
            .args(["sgf", s(&input), flag, s(&target)])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // interrupt as soon as anything new appears in the folder: the output being written
        let t0 = std::time::Instant::now();
        while names(&watch) == before && t0.elapsed().as_secs() < 60 {
            std::thread::sleep(std::time::Duration::from_micros(200));
        }
        assert!(names(&watch) != before, "no output appeared");
        let killed = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let st = child.wait().unwrap();
        let left = names(&watch);
        // the output was interrupted (no file), or was complete before the signal
        let whole = |p: &Path| {
            let b = std::fs::read(p).unwrap();
            let b = b.trim_ascii_end();
            b.starts_with(b"(;") && b.ends_with(b")") && b.len() > record.len() - 1000
        };
        let new: Vec<&String> = left.iter().filter(|n| !before.contains(n)).collect();
        for n in &new {
            assert!(
                !n.ends_with(".tmp") && whole(&watch.join(n)),
                "{flag}: {n} left behind after SIGINT ({st:?})"
            );
        }
        if new.is_empty() {
            assert_eq!(st.code(), Some(130), "{flag}: {st:?}");
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn a_device_a_fifo_or_a_link_as_the_output_stays_what_it_is() {
    use std::os::unix::fs::FileTypeExt;
    let d = scratch("special");
    let g = d.join("g.sgf");
    std::fs::write(&g, "(;GM[1]SZ[9];B[ee])").unwrap();
    // `--merge /dev/null` (a copy of its device here: the real one must stay as it is even if
    // this test fails): written into, not replaced by a regular file through a rename
    let null = d.join("null");
    let made = Command::new("mknod")
        .args([s(&null), "c", "1", "3"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|st| st.success());
    if made {
        let (_, err, code) = run_tengen(&["sgf", s(&g), "--merge", s(&null)], "");
        assert_eq!(code, 0, "{err}");
        let t = std::fs::symlink_metadata(&null).unwrap().file_type();
        assert!(t.is_char_device(), "{t:?}: {err}");
    } else {
        eprintln!("NOTE: cannot make a device node here (needs root): that case did not run");
    }
    // a FIFO: its reader gets the output, and the FIFO stays
    let fifo = d.join("fifo.svg");
    assert!(Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap()
        .success());
    let reader = {
        let f = fifo.clone();
        std::thread::spawn(move || std::fs::read(f).unwrap())
    };
    let (_, err, code) = run_tengen(&["render", s(&g), "-o", s(&fifo)], "");
    assert_eq!(code, 0, "{err}");
    let got = reader.join().unwrap();
    assert!(got.starts_with(b"<svg"), "{err}");
    let t = std::fs::symlink_metadata(&fifo).unwrap().file_type();
    assert!(t.is_fifo(), "{t:?}");
    // a symbolic link: the file it names gets the output, the link stays
    let real = d.join("real.sgf");
    std::fs::write(&real, "old").unwrap();
    let link = d.join("link.sgf");
    std::os::unix::fs::symlink(&real, &link).unwrap();
    let (_, err, code) = run_tengen(&["sgf", s(&g), "--merge", s(&link)], "");
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert!(std::fs::read_to_string(&real).unwrap().contains("B[ee]"));
    // and no temporary file is left beside them
    let mut want = vec!["fifo.svg", "g.sgf", "link.sgf", "real.sgf"];
    if made {
        want.insert(3, "null");
    }
    assert_eq!(names(&d), want);
    std::fs::remove_dir_all(&d).unwrap();
}

/// A command's exit status and stderr with stdout on /dev/full.
fn to_dev_full(args: &[&str], stdin: &[u8]) -> (i32, String) {
    use std::io::Write;
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let mut child = Command::new(tengen_bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut i = child.stdin.take().unwrap();
    let _ = i.write_all(stdin);
    drop(i);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_full_stdout_is_an_error_everywhere() {
    if !Path::new("/dev/full").exists() {
        common::not_run("no /dev/full");
        return;
    }
    let d = scratch("devfull");
    let g = d.join("g.sgf");
    std::fs::write(&g, "(;GM[1]SZ[9]RE[B+R];B[ee];W[ce])").unwrap();
    let board = b"....\n.XO.\n....\n....\n";
    let cases: Vec<(Vec<&str>, &[u8])> = vec![
        (vec!["replay", "--json", "-q", s(&g)], b""),
        (vec!["replay", s(&g)], b""),
        (vec!["move"], b"3\n000\n000\n000\n1 1 1\n"),
        (vec!["territory"], board),
        (vec!["score"], board),
        (vec!["score", s(&g)], b""),
        (vec!["sgf", s(&g)], b""),
        (vec!["bench", "territory", "--count", "2", "--rounds", "1"], b""),
        (vec!["gtp"], b"name\n"),
        (vec!["--help"], b""),
        (vec!["--version"], b""),
        (vec!["replay", "--help"], b""),
        (vec!["move", "--help"], b""),
        (vec!["analysis"], b"{\"id\":\"a\",\"moves\":[],\"rules\":\"chinese\",\"boardXSize\":9,\"boardYSize\":9}\n"),
    ];
    for (args, stdin) in cases {
        let (code, err) = to_dev_full(&args, stdin);
        assert_ne!(code, 0, "{args:?}: {err}");
        assert!(
            err.contains("No space left on device"),
            "{args:?}: exit {code}, stderr {err:?}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[test]
fn a_closed_pipe_stays_quiet() {
    let d = scratch("epipe");
    // enough output to fill the pipe: stdout is closed before the command writes
    for i in 0..400 {
        std::fs::write(
            d.join(format!("g{i:03}.sgf")),
            "(;GM[1]SZ[19];B[dd];W[pp];B[dp];W[pd])",
        )
        .unwrap();
    }
    let one = d.join("g000.sgf");
    for args in [
        vec!["replay", "--json", "-q", s(&d)],
        vec!["replay", "-q", "--score", s(&d)],
        vec!["sgf", s(&one)],
    ] {
        let mut child = Command::new(tengen_bin())
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!err.contains("cannot write"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert_eq!(out.status.code(), Some(0), "{args:?}: {err}");
    }
    std::fs::remove_dir_all(&d).unwrap();
}

#[cfg(unix)]
#[test]
fn symlinked_directories_are_named_not_followed() {
    let d = scratch("symlinks");
    std::fs::create_dir_all(d.join("games")).unwrap();
    std::fs::write(d.join("games/g.sgf"), "(;GM[1]SZ[9]RE[B+R];B[ee])").unwrap();
    // a loop: games/again -> games
    std::os::unix::fs::symlink(d.join("games"), d.join("games/again")).unwrap();
    let games = d.join("games");
    for args in [
        vec!["replay", s(&games)],
        vec!["bench", "replay", s(&games), "--rounds", "1"],
    ] {
        let (out, err, code) = run_tengen(&args, "");
        assert!(
            err.contains(&format!(
                "{}: a symbolic link to a directory, not followed",
                games.join("again").display()
            )),
            "{args:?}: exit {code}: {out}{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let (out, err, code) = run_tengen(&["replay", s(&games)], "");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("games 1,"), "{out}");
    std::fs::remove_dir_all(&d).unwrap();
}
