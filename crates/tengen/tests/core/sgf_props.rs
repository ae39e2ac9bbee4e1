//! Property tests: no input makes the readers panic; write is a fixpoint after parse; the
//! zero-copy scanner and the tree parser agree; random legal games replay to the board that
//! playing them directly gives.

use proptest::prelude::*;
use tengen::sgf::{self, point_to_sgf, Mode, ReplayOptions, Replayer};
use tengen::{Color, Move, Rules, Size};

/// Pieces of SGF, well-formed and not, to glue together.
fn piece() -> impl Strategy<Value = &'static str> {
    prop::sample::select(vec![
        "(",
        ")",
        ";",
        ";B[aa]",
        ";W[bb]",
        ";B[]",
        ";W[tt]",
        "B[cc]",
        "AB[aa:bc]",
        "AW[dd]",
        "AE[aa]",
        "PL[W]",
        "C[a \\] b]",
        "C[x",
        "SZ[5]",
        "SZ[3:4]",
        "KM[6.5]",
        "RU[Chinese]",
        "RU[tromp-taylor]",
        "GM[1]",
        "  ",
        "\n",
        "x",
        "[",
        "]",
        "\\",
        "B[zz]",
        "AddBlack[ee]",
        "B[a]",
        "HA[2]",
        "RE[B+R]",
        "CA[GB2312]",
        "PB[\u{e9}]",
    ])
}

fn replay_both(data: &[u8], opts: &ReplayOptions) {
    let mut r = Replayer::new();
    let a = r.replay(data, opts);
    if let Ok(rep) = &a {
        r.board().check_consistency().unwrap();
        assert!(rep.moves <= data.len());
    }
    // when the scanner takes a file, the tree parser must give the same replay
    if r.scan(data).is_some() {
        let parsed = sgf::parse(data, Mode::Lenient).unwrap();
        let mut r2 = Replayer::new();
        let b = r2.replay_tree(&parsed.collection, 0, opts, parsed.warnings);
        match (&a, &b) {
            (Ok(x), Ok(y)) => {
                assert_eq!(x, y);
                assert_eq!(r.board(), r2.board());
            }
            (Err(x), Err(y)) => assert_eq!(x, y),
            _ => panic!("{a:?} vs {b:?}"),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(if cfg!(debug_assertions) { 200 } else { 2000 }))]

    #[test]
    fn arbitrary_bytes_never_panic(data in prop::collection::vec(any::<u8>(), 0..300)) {
        let _ = sgf::parse(&data, Mode::Strict);
        let _ = sgf::parse(&data, Mode::Lenient);
        for tolerant in [false, true] {
            let opts = ReplayOptions { tolerant, ..Default::default() };
            let _ = Replayer::new().replay(&data, &opts);
        }
    }

    #[test]
    fn sgf_like_text_parses_writes_and_replays_consistently(
        pieces in prop::collection::vec(piece(), 0..40)
    ) {
        let text: String = pieces.concat();
        let data = text.as_bytes();
        if let Ok(parsed) = sgf::parse(data, Mode::Lenient) {
            let once = sgf::write(&parsed.collection);
            let again = sgf::parse(&once, Mode::Strict).unwrap();
            prop_assert!(again.warnings.is_empty());
            prop_assert_eq!(sgf::write(&again.collection), once);
        }
        if let Ok(p) = sgf::parse(data, Mode::Strict) {
            prop_assert!(p.warnings.is_empty());
        }
        for tolerant in [false, true] {
            replay_both(data, &ReplayOptions { tolerant, ..Default::default() });
        }
    }

    #[test]
    fn random_legal_games_replay_to_the_same_board(
        w in 2usize..8, h in 2usize..8, picks in prop::collection::vec(any::<u16>(), 0..120),
        rules in prop::sample::select(vec!["japanese", "chinese", "tromp-taylor", "new-zealand"]),
    ) {
        let size = Size::new(w, h).unwrap();
        let r = Rules::from_name(rules).unwrap();
        let mut game = tengen::Game::new(size, r);
        let mut sgf = format!("(;GM[1]FF[4]SZ[{w}:{h}]RU[{rules}]");
        for (i, pick) in picks.iter().enumerate() {
            let c = if i % 2 == 0 { Color::Black } else { Color::White };
            let legal = game.legal_moves_for(c);
            let mv = if legal.is_empty() || pick % 13 == 0 {
                Move::Pass
            } else {
                Move::Play(legal[*pick as usize % legal.len()])
            };
            game.play_as(c, mv).unwrap();
            let v = match mv { Move::Pass => String::new(), Move::Play(p) => point_to_sgf(p) };
            sgf += &format!(";{}[{v}]", if c == Color::Black { 'B' } else { 'W' });
        }
        sgf += ")";
        let mut rp = Replayer::new();
        let rep = rp.replay(sgf.as_bytes(), &ReplayOptions::default()).unwrap();
        prop_assert!(rep.error.is_none(), "{:?} {}", rep.error, sgf);
        prop_assert_eq!(rep.moves, picks.len());
        prop_assert_eq!(rp.board(), game.board());
        prop_assert_eq!(rep.captures, [game.captures(Color::Black), game.captures(Color::White)]);
    }
}
