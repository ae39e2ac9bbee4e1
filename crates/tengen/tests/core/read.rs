//! The tactical reader (`tengen::read`): hand-made positions and an exhaustive check of every
//! capture it claims on tiny boards. Its comparison with GNU Go and its GTP commands are tested
//! in `crates/tengen-cli/tests/cli/read_gnugo.rs`.
use proptest::prelude::*;
use tengen::formats::text::{read_board, InputFormat};
use tengen::read::{attack, defend, ladder_captured, ReadConfig, Reader, Status, Verdict};
use tengen::Size;
use tengen::{Board, Color, Move, Point, Rules};

/// A board from rows of `X` (black), `O` (white) and `.` separated by spaces, the top row
/// first (y = 0).
fn diagram(rows: &[&str]) -> Board {
    let text: Vec<String> = rows.iter().map(|r| r.replace(' ', "")).collect();
    read_board(&text.join("\n"), InputFormat::Text).unwrap()
}

fn pt(x: u8, y: u8) -> Point {
    Point::new(x, y)
}

#[test]
fn ladder_and_capture_to_escape() {
    // White (1,1) is in atari (liberty (0,1)); the black stone (2,1) next to it is in atari
    // too (liberty (3,1)).
    let b = diagram(&[
        ". X O . .",
        ". O X . .",
        ". X O . .",
        ". . . . .",
        ". . . . .",
    ]);
    assert_eq!(b.liberties(pt(1, 1)), Some(1));
    assert_eq!(b.liberties(pt(2, 1)), Some(1));
    let a = attack(&b, pt(1, 1)).unwrap();
    assert_eq!(a.verdict, Verdict::Success(Move::Play(pt(0, 1))), "{a:?}");
    let d = defend(&b, pt(1, 1)).unwrap();
    assert!(d.proven && d.verdict.code() == 1, "{d:?}");
    // after Black fills (3,1), White still escapes by capturing (1,0) at (0,0) (GNU Go 3.8
    // answers `defend B4` there with `1 A5` too), so it is no ladder either
    let mut c = b.clone();
    c.play(pt(3, 1), Color::Black, &Rules::default()).unwrap();
    let d = defend(&c, pt(1, 1)).unwrap();
    assert!(d.proven, "{d:?}");
    assert_eq!(d.verdict, Verdict::Success(Move::Play(pt(0, 0))), "{d:?}");
    assert!(!ladder_captured(&c, pt(1, 1)).unwrap());
}

#[test]
fn ladder_with_breaker() {
    // The same ladder start twice; in the second a white stone stands on both paths.
    let open = [
        ". . . . . . .",
        ". . . . . . .",
        ". . X . . . .",
        ". X O . . . .",
        ". . . X . . .",
        ". . . . . . .",
        ". . . . . . .",
    ];
    let b = diagram(&open);
    assert_eq!(attack(&b, pt(2, 3)).unwrap().verdict.code(), 1);
    assert!(ladder_captured(&b, pt(2, 3)).unwrap());
    let mut c = b.clone();
    c.edit([
        (pt(1, 5), Some(Color::White)),
        (pt(4, 1), Some(Color::White)),
    ]);
    let a = attack(&c, pt(2, 3)).unwrap();
    assert!(a.proven, "{a:?}");
    assert!(!ladder_captured(&c, pt(2, 3)).unwrap());
}

#[test]
fn snapback() {
    // Black throws in at (2,4) (or fills (3,4)); either way White cannot get out.
    let b = diagram(&[
        ". . . . .",
        ". . . . .",
        "X X X X .",
        "X O O X .",
        "X O . . X",
    ]);
    let a = attack(&b, pt(1, 3)).unwrap();
    assert!(a.proven);
    assert_eq!(a.verdict.code(), 1, "{a:?}");
    let d = defend(&b, pt(1, 3)).unwrap();
    assert!(d.proven);
    assert_eq!(d.verdict, Verdict::Failure, "{d:?}");
}

#[test]
fn throw_in() {
    // White's chain (3,3) (4,3) (5,3) (5,2) has two liberties, (2,3) and (5,1). Black's only
    // capture is the throw-in at (5,1), a stone White can take at once at (5,0); but White
    // then fills its own liberty, Black's atari at (2,3) follows, and White's connection at
    // (5,1) joins a group short of liberties (connect and die). No other first move of Black
    // captures within 12 moves: checked exhaustively below, not only by the reader.
    let b = diagram(&[". X . O . .", ". X O O O .", "X X X X X O", "X X . O O O"]);
    let target = pt(5, 2);
    let rules = Rules::from_name("japanese").unwrap();
    let a = attack(&b, target).unwrap();
    assert!(a.proven, "{a:?}");
    assert_eq!(a.verdict, Verdict::Success(Move::Play(pt(5, 1))), "{a:?}");
    let mut thrown = b.clone();
    thrown.play(pt(5, 1), Color::Black, &rules).unwrap();
    // a sacrifice: the stone is in atari, and it captured nothing
    assert_eq!(thrown.liberties(pt(5, 1)), Some(1));
    assert_eq!(
        thrown.stone_count(Color::White),
        b.stone_count(Color::White)
    );
    let mut memo = Memo::new();
    assert!(captured_within(
        &thrown,
        target,
        Color::White,
        false,
        12,
        &mut memo
    ));
    for q in b.legal_moves(Color::Black, &rules) {
        if q != pt(5, 1) {
            let mut c = b.clone();
            c.play(q, Color::Black, &rules).unwrap();
            assert!(
                !captured_within(&c, target, Color::White, false, 12, &mut memo),
                "{q} captures too"
            );
        }
    }
    // with White to move the chain lives, and the reader's defence holds under every reply
    let d = defend(&b, target).unwrap();
    assert!(d.proven, "{d:?}");
    let Verdict::Success(Move::Play(m)) = d.verdict else {
        panic!("{d:?}")
    };
    let mut saved = b.clone();
    saved.play(m, Color::White, &rules).unwrap();
    assert!(
        !captured_within(&saved, target, Color::White, true, 12, &mut memo),
        "{d:?}"
    );
}

/// The exhaustive search's memo: (hash, ko, attacker to move, depth) to captured.
type Memo = std::collections::HashMap<(u64, Option<(Point, Color)>, bool, u32), bool>;
// (per target: `claimed_captures_are_real` makes one for each chain it asks about)

/// Can the attacker capture the stone on `target` within `depth` moves, every legal move
/// and a pass tried for both sides (simple ko, no suicide)? Memoised by position.
fn captured_within(
    b: &Board,
    target: Point,
    def: Color,
    attacker_to_move: bool,
    depth: u32,
    memo: &mut Memo,
) -> bool {
    if b.get(target) != Some(def) {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let key = (b.hash(), b.ko(), attacker_to_move, depth);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let rules = Rules::from_name("japanese").unwrap();
    let side = if attacker_to_move {
        def.opponent()
    } else {
        def
    };
    let mut children = Vec::new();
    for p in b.legal_moves(side, &rules) {
        let mut c = b.clone();
        c.play(p, side, &rules).unwrap();
        children.push(c);
    }
    let mut pass = b.clone();
    pass.pass();
    children.push(pass);
    let v = if attacker_to_move {
        children
            .iter()
            .any(|c| captured_within(c, target, def, false, depth - 1, memo))
    } else {
        children
            .iter()
            .all(|c| captured_within(c, target, def, true, depth - 1, memo))
    };
    memo.insert(key, v);
    v
}

/// The configuration of this file's property tests: `cases` cases (or `PROPTEST_CASES`), and
/// one fixed seed unless `PROPTEST_RNG_SEED` names another.
///
/// Fixed, because the reader's candidate moves are a selection: a random run can always meet
/// a new defence the selection lacks, and a test run should not pass or fail by chance. New
/// positions are found by sweeps over seeds (`PROPTEST_CASES=500 PROPTEST_RNG_SEED=N cargo
/// test --release -p tengen --test core read::`); each false capture found is fixed and its case kept
/// in `read.proptest-regressions`, which every run replays first.
fn config(cases: u32) -> ProptestConfig {
    let mut c = ProptestConfig {
        cases: std::env::var("PROPTEST_CASES")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(cases),
        ..ProptestConfig::default()
    };
    if c.rng_seed == proptest::test_runner::RngSeed::Random {
        c.rng_seed = proptest::test_runner::RngSeed::Fixed(20261203);
    }
    c
}

proptest! {
    #![proptest_config(config(200))]
    /// A chain the reader calls captured (proven) is captured when its move is played and
    /// every defence is tried, exhaustively on a 4x4 board.
    ///
    /// It found false captures while the reader was written (a defence by strengthening,
    /// and by capturing next to, a chain the target could connect to) and in CI (a defence
    /// by saving an own chain in atari next to the wall around the target); all are in
    /// `read.proptest-regressions`, which proptest replays first.
    #[test]
    fn claimed_captures_are_real(cells in proptest::collection::vec(0u8..7, 16)) {
        let mut b = Board::square(4).unwrap();
        b.edit(cells.iter().enumerate().map(|(i, &c)| {
            let color = match c { 0..=2 => Some(Color::Black), 3..=5 => Some(Color::White), _ => None };
            (pt((i % 4) as u8, (i / 4) as u8), color)
        }));
        for p in b.chains_without_liberties() {
            b.remove_chain_at(p);
        }
        let mut reader = Reader::new(ReadConfig::default());
        // one memo per chain, kept for each of its stones: the stones of a chain are captured
        // together (chains only grow until they are taken), so an entry about capturing one
        // stone holds for all of them
        let mut memos: std::collections::HashMap<Option<Point>, Memo> = std::collections::HashMap::new();
        for p in b.size().points() {
            let Some(def) = b.get(p) else { continue };
            let head = b.chain(p).and_then(|c| c.stones.iter().copied().min());
            let memo = memos.entry(head).or_default();
            let r = reader.attack(&b, p).unwrap();
            if let (Verdict::Success(Move::Play(m)), true) = (r.verdict, r.proven) {
                let rules = Rules::from_name("japanese").unwrap();
                let mut c = b.clone();
                c.play(m, def.opponent(), &rules).unwrap();
                prop_assert!(
                    captured_within(&c, p, def, false, 20, memo),
                    "{b:?} attack {p} claims {m}: {r:?}"
                );
            }
            if let (Verdict::Success(Move::Pass), true) = (r.verdict, r.proven) {
                // a capture without a move: the defender to move cannot save the chain
                prop_assert!(
                    captured_within(&b, p, def, false, 20, memo),
                    "{b:?} attack {p} claims a capture by a pass: {r:?}"
                );
            }
        }
    }
}

/// The memo of [`captured_in_region`], by (hash, ko, attacker to move, last move a pass,
/// threat used): the least depth known to capture and the greatest known not to (a capture
/// within a depth is one within every greater depth).
type RegionMemo =
    std::collections::HashMap<(u64, Option<(Point, Color)>, bool, bool, bool), (u32, u32)>;

/// Can the attacker capture the stone on `target` within `depth` moves, every legal move and
/// a pass tried for both sides (simple ko, no suicide), two passes in a row ending the line
/// with the stone standing? The side `threat` (the attacker when true) may also retake a ko
/// once in a line, as after a ko threat: the solver's model of ko.
#[allow(clippy::too_many_arguments)]
fn captured_in_region(
    b: &Board,
    target: Point,
    def: Color,
    attacker_to_move: bool,
    passed: bool,
    threat: bool,
    used: bool,
    depth: u32,
    memo: &mut RegionMemo,
) -> bool {
    if b.get(target) != Some(def) {
        return true;
    }
    if depth == 0 {
        return false;
    }
    let key = (b.hash(), b.ko(), attacker_to_move, passed, used);
    if let Some(&(yes, no)) = memo.get(&key) {
        if yes <= depth {
            return true;
        }
        if no >= depth {
            return false;
        }
    }
    let rules = Rules::from_name("japanese").unwrap();
    let side = if attacker_to_move {
        def.opponent()
    } else {
        def
    };
    let mut children = Vec::new();
    for p in b.legal_moves(side, &rules) {
        let mut c = b.clone();
        c.play(p, side, &rules).unwrap();
        children.push((c, false, used));
    }
    if let Some((k, barred)) = b.ko() {
        if barred == side && threat == attacker_to_move && !used {
            let mut c = b.clone();
            c.clear_ko();
            if c.play(k, side, &rules).is_ok() {
                children.push((c, false, true));
            }
        }
    }
    let mut both_passed = false;
    if !passed {
        let mut c = b.clone();
        c.pass();
        children.push((c, true, used));
    } else {
        both_passed = true;
    }
    let mut next = |c: &Board, pass: bool, u: bool| {
        captured_in_region(
            c,
            target,
            def,
            !attacker_to_move,
            pass,
            threat,
            u,
            depth - 1,
            memo,
        )
    };
    let v = if attacker_to_move {
        children.iter().any(|(c, pass, u)| next(c, *pass, *u))
    } else {
        // the defender may pass a second time: the stone stands
        !both_passed && children.iter().all(|(c, pass, u)| next(c, *pass, *u))
    };
    let e = memo.entry(key).or_insert((u32::MAX, 0));
    if v {
        e.0 = e.0.min(depth);
    } else {
        e.1 = e.1.max(depth);
    }
    v
}

proptest! {
    #![proptest_config(config(40))]
    /// On a 4x3 board taken whole as the region, every proven status of the proof-number
    /// solver holds under exhaustive play with the side said moving first, in the solver's
    /// model of ko (one side may retake a ko once in a line): a group called dead is
    /// captured even when the defender has that retake, one called alive or seki is not
    /// captured even when the attacker has it, and one called ko is captured exactly when the
    /// attacker has it.
    #[test]
    fn tsumego_claims_hold_under_exhaustive_play(cells in proptest::collection::vec(0u8..6, 12)) {
        let mut b = Board::new(Size::new(4, 3).unwrap());
        b.edit(cells.iter().enumerate().map(|(i, &c)| {
            let color = match c { 0..=1 => Some(Color::Black), 2..=3 => Some(Color::White), _ => None };
            (pt((i % 4) as u8, (i / 4) as u8), color)
        }));
        for p in b.chains_without_liberties() {
            b.remove_chain_at(p);
        }
        let region: Vec<Point> = b.size().points().collect();
        let mut reader = Reader::new(ReadConfig { tsumego_budget: 20_000, ..ReadConfig::default() });
        let mut seen = Vec::new();
        for p in b.size().points() {
            let Some(def) = b.get(p) else { continue };
            let head = b.chain(p).map(|c| c.stones.iter().copied().min());
            if seen.contains(&head) {
                continue;
            }
            seen.push(head);
            let ld = reader.life_and_death(&b, p, Some(&region)).unwrap();
            // long enough for a capture inside the region and the killing of what it leaves
            let depth = 40;
            for (line, attacker_first) in [(ld.attacker_first, true), (ld.defender_first, false)] {
                if !line.proven {
                    continue;
                }
                // captured when the attacker may retake a ko once, and when the defender may
                let with_threat = |attacker_has_it: bool| {
                    let mut memo = RegionMemo::new();
                    captured_in_region(&b, p, def, attacker_first, false, attacker_has_it, false, depth, &mut memo)
                };
                let (att_threat, def_threat) = (with_threat(true), with_threat(false));
                let claimed = (line.status, attacker_first);
                match line.status {
                    Status::Dead => prop_assert!(def_threat, "{b:?} {p:?} {claimed:?} {ld:?}"),
                    Status::Alive | Status::Seki => prop_assert!(!att_threat, "{b:?} {p:?} {claimed:?} {ld:?}"),
                    Status::Ko => prop_assert!(att_threat && !def_threat, "{b:?} {p:?} {claimed:?} {ld:?}"),
                }
            }
        }
    }
}

#[test]
fn ten_thousand_year_ko() {
    // Black's group (the chain from (1,2) to (3,3), with the stones (3,1) and (4,2) beside
    // it) and White's share the liberty (0,2); each has one more of its own, (4,3) and
    // (0,0). The black stone (3,1) in White's wall is in atari at (3,2). White moving first
    // takes it there: a ko, and Black lives only by winning it. Black moving first connects
    // at (3,2): seki, the shared liberty being self-atari for both. So neither wants to move
    // first, the ten thousand year ko. Checked below under exhaustive play in the solver's
    // model of ko (one side may retake a ko once in a line), not only by the solver.
    let b = diagram(&[". O O O O", "O O O X O", ". X X . X", "X X X X ."]);
    let group = pt(1, 2);
    let region: Vec<Point> = b.size().points().collect();
    let ld = Reader::new(ReadConfig::default())
        .life_and_death(&b, group, Some(&region))
        .unwrap();
    assert!(ld.proven(), "{ld:?}");
    assert_eq!(ld.attacker_first.status, Status::Ko, "{ld:?}");
    assert_eq!(ld.attacker_first.key, Some(Move::Play(pt(3, 2))), "{ld:?}");
    assert_eq!(ld.defender_first.status, Status::Seki, "{ld:?}");
    assert_eq!(ld.defender_first.key, Some(Move::Play(pt(3, 2))), "{ld:?}");
    // White's key takes a ko: one stone captured, the capturer left with one liberty
    let take = b.analyze(pt(3, 2), Color::White, &Rules::default());
    assert!(take.creates_ko && take.captures == [pt(3, 1)], "{take:?}");
    let captured = |attacker_first: bool, attacker_has_threat: bool| {
        let mut memo = RegionMemo::new();
        captured_in_region(
            &b,
            group,
            Color::Black,
            attacker_first,
            false,
            attacker_has_threat,
            false,
            40,
            &mut memo,
        )
    };
    // White first: captured when White may retake the ko after a threat, not when Black may
    assert!(captured(true, true));
    assert!(!captured(true, false));
    // Black first: never captured, even when White has the threat
    assert!(!captured(false, true));
}

/// A false capture `claimed_captures_are_real` found: Black's (1,3) was claimed to capture the
/// white corner stone (3,3), which lives by White (2,0) (or (1,2)): the atari on the black
/// pair (3,0)-(3,1), next to the white chain the stone connects to at (3,2), that the reader
/// did not read.
#[test]
fn corner_stone_lives_by_an_atari_next_to_a_connectable_chain() {
    let b = diagram(&["X X . X", ". X O X", "X . O .", "X . . O"]);
    let target = pt(3, 3);
    let mut memo = Memo::new();
    assert!(!captured_within(
        &b,
        target,
        Color::White,
        true,
        20,
        &mut memo
    ));
    let r = attack(&b, target).unwrap();
    assert!(!r.proven || r.verdict == Verdict::Failure, "{r:?}");
}
