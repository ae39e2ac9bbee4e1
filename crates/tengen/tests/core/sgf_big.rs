//! Deep and huge inputs: a 200,000-move main line, 100,000 nested variations, 100,000 sibling
//! variations and a 50 MB file. Each runs on a thread with a deliberately small stack (256 KiB),
//! so any recursion on the input's depth would overflow it.

use std::thread;

use tengen::sgf::{self, Mode, ReplayOptions, Replayer};
use tengen::Color;

const SMALL_STACK: usize = 256 * 1024;

fn on_small_stack<F: FnOnce() + Send + 'static>(f: F) {
    thread::Builder::new()
        .stack_size(SMALL_STACK)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

/// A legal 200,000-move game on 19x19: Black and White each fill a few points, then both pass
/// until the end.
fn long_game(moves: usize) -> Vec<u8> {
    let mut s = b"(;GM[1]FF[4]SZ[19]RU[Japanese]".to_vec();
    for i in 0..moves {
        let c = if i % 2 == 0 { b'B' } else { b'W' };
        s.push(b';');
        s.push(c);
        if i < 38 {
            // black on row a, white on row c: no captures
            let row = if c == b'B' { b'a' } else { b'c' };
            s.extend_from_slice(&[b'[', b'a' + (i / 2) as u8, row, b']']);
        } else {
            s.extend_from_slice(b"[]");
        }
    }
    s.extend_from_slice(b")\n");
    s
}

#[test]
fn a_200000_move_main_line() {
    on_small_stack(|| {
        let data = long_game(200_000);
        let mut r = Replayer::new();
        let rep = r.replay(&data, &ReplayOptions::default()).unwrap();
        assert_eq!(rep.moves, 200_000);
        assert!(rep.error.is_none());
        assert_eq!(r.board().stone_count(Color::Black), 19);
        assert_eq!(r.board().stone_count(Color::White), 19);
        let parsed = sgf::parse(&data, Mode::Strict).unwrap();
        assert_eq!(parsed.collection.len(), 200_001);
        let written = sgf::write(&parsed.collection);
        let again = sgf::parse(&written, Mode::Strict).unwrap();
        assert_eq!(sgf::write(&again.collection), written);
        let rep2 = Replayer::new()
            .replay_tree(&again.collection, 0, &ReplayOptions::default(), Vec::new())
            .unwrap();
        assert_eq!(rep2.moves, 200_000);
        // superko rules keep the whole history: still fine
        let tt = ReplayOptions {
            rules: Some(tengen::Rules::from_name("tromp-taylor").unwrap()),
            ..Default::default()
        };
        assert_eq!(r.replay(&data, &tt).unwrap().moves, 200_000);
    });
}

#[test]
fn nested_and_sibling_variations() {
    on_small_stack(|| {
        let n = 100_000;
        // nested: each variation holds the next one
        let mut s = b"(;GM[1]SZ[19]".to_vec();
        for i in 0..n {
            s.extend_from_slice(if i % 2 == 0 { b"(;B[]" } else { b"(;W[]" });
        }
        s.extend(std::iter::repeat_n(b')', n + 1));
        let parsed = sgf::parse(&s, Mode::Strict).unwrap();
        let c = &parsed.collection;
        assert_eq!(c.main_line(0).count(), n + 1);
        let rep = Replayer::new()
            .replay(&s, &ReplayOptions::default())
            .unwrap();
        assert_eq!(rep.moves, n);
        let written = sgf::write(c);
        assert_eq!(
            sgf::write(&sgf::parse(&written, Mode::Strict).unwrap().collection),
            written
        );
        // siblings: n variations of the root; the main line is the first
        let mut s = b"(;GM[1]SZ[19]".to_vec();
        for i in 0..n {
            let x = b'a' + (i % 19) as u8;
            let y = b'a' + (i / 19 % 19) as u8;
            s.extend_from_slice(&[b'(', b';', b'B', b'[', x, y, b']', b')']);
        }
        s.push(b')');
        let parsed = sgf::parse(&s, Mode::Strict).unwrap();
        assert_eq!(parsed.collection.node(0).children.len(), n);
        let mut r = Replayer::new();
        let rep = r.replay(&s, &ReplayOptions::default()).unwrap();
        assert_eq!(rep.moves, 1);
        assert_eq!(r.board().stone_count(Color::Black), 1);
        // an unclosed deep nest in lenient mode: closed at the end with one warning
        let mut s = b"(;GM[1]".to_vec();
        s.extend(std::iter::repeat_n(&b"(;B[]"[..], n).flatten());
        let parsed = sgf::parse(&s, Mode::Lenient).unwrap();
        assert_eq!(parsed.warnings.len(), 1);
        assert!(parsed.warnings[0]
            .message
            .contains("100001 game tree(s) not closed"));
    });
}

#[test]
fn a_50_megabyte_file() {
    on_small_stack(|| {
        // a short game whose root comment is 50 MB, with escapes, then moves
        let mut s = b"(;GM[1]FF[4]SZ[19]C[".to_vec();
        let chunk = b"a comment line with an escaped \\] bracket and a \\\\ backslash\n";
        while s.len() < 50 * 1024 * 1024 {
            s.extend_from_slice(chunk);
        }
        s.extend_from_slice(b"];B[pd];W[dp];B[pp];W[dd])");
        let mut r = Replayer::new();
        let rep = r.replay(&s, &ReplayOptions::default()).unwrap();
        assert_eq!(rep.moves, 4);
        let parsed = sgf::parse(&s, Mode::Strict).unwrap();
        let c = &parsed.collection;
        let text = c.text(0, "C").unwrap();
        assert!(text.starts_with("a comment line with an escaped ] bracket and a \\ backslash"));
        assert_eq!(c.main_line(0).count(), 5);
        // written back as read, with a line break after the root and at the end
        let written = sgf::write(c);
        let root_end = s.len() - b";B[pd];W[dp];B[pp];W[dd])".len();
        let mut expected = s[..root_end].to_vec();
        expected.push(b'\n');
        expected.extend_from_slice(&s[root_end..]);
        expected.push(b'\n');
        assert!(written == expected);
    });
}
