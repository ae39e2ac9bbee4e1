//! The `tengen sgf` round trip: any bytes through `sgf::clean::clean`, the library function
//! the command calls (the first byte picks its options). Whatever it cleans must be valid
//! UTF-8 that parses strictly, one game tree per game; every cleaned game must replay to the
//! moves the original played; and cleaning the output again must give the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::sgf::clean::{clean, CleanOptions};
use tengen::sgf::{parse, Mode, ReplayOptions, Replayer};

fuzz_target!(|data: &[u8]| {
    let Some((&flags, input)) = data.split_first() else {
        return;
    };
    let opts = CleanOptions {
        main_line_only: flags & 1 != 0,
        strip_comments: flags & 2 != 0,
        encoding: None,
    };
    let Ok(cleaned) = clean(input, &opts) else {
        return;
    };
    let mut replayer = Replayer::new();
    for (i, g) in cleaned.games.iter().enumerate() {
        let text = std::str::from_utf8(&g.sgf)
            .unwrap_or_else(|e| panic!("game {i} is not UTF-8 ({e}): {:?}", g.sgf));
        let parsed = parse(&g.sgf, Mode::Strict)
            .unwrap_or_else(|e| panic!("game {i} does not parse strictly: {e}\n{text}"));
        assert_eq!(parsed.collection.roots().len(), 1, "game {i}: {text}");
        if let Ok(r) = replayer.replay(&g.sgf, &ReplayOptions::default()) {
            assert_eq!(r.moves, g.moves, "game {i} replays another number of moves");
        }
    }
    let all = cleaned.collection();
    let again = clean(&all, &opts).expect("clean output cleans again");
    assert_eq!(
        again.games.len(),
        cleaned.games.len(),
        "games lost or added"
    );
    assert_eq!(
        again.collection(),
        all,
        "cleaning twice changed the output:\n{}",
        String::from_utf8_lossy(&all)
    );
});
