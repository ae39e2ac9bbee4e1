//! Text, JSON and digit-row board input: any bytes in every input format. A board read must be
//! consistent, and its plain picture must read back to the same board.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::formats::text::{read_board, render, InputFormat, TextStyle};

fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else {
        return;
    };
    let Ok(s) = std::str::from_utf8(rest) else {
        return;
    };
    let format = match sel % 4 {
        0 => InputFormat::Auto,
        1 => InputFormat::Json,
        2 => InputFormat::Text,
        _ => InputFormat::Digits,
    };
    if let Ok(board) = read_board(s, format) {
        board.check_consistency().expect("read board consistent");
        let pic = render(&board, TextStyle::default(), |_| None);
        let back = read_board(&pic, InputFormat::Text).expect("own picture reads back");
        assert_eq!(back.size(), board.size());
        for p in board.size().points() {
            assert_eq!(
                back.get(p),
                board.get(p),
                "point {p:?} differs after round trip"
            );
        }
        // The coordinate picture must not panic either.
        let _ = render(
            &board,
            TextStyle {
                coordinates: true,
                ..TextStyle::default()
            },
            |_| None,
        );
    }
});
