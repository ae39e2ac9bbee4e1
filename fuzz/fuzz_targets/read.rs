//! The reader (`tengen::read`) on arbitrary positions: any bytes give a board of 1x1 to 13x13
//! (chains left without liberties removed), perhaps a simple-ko point, two points and small
//! budgets. Every question must come back (no panic, no hang: libFuzzer's timeout) with an
//! error exactly when the point is empty; every move an answer gives must be a pass or a
//! legal move of the side it is given to (but in a ko: the retake that needs a threat
//! first); a region must hold the point asked about; the same question asked of a fresh reader must get the same answer (no randomness); and a
//! reader that keeps its table must repeat a proven tactical answer.
#![no_main]

#[path = "../board_bytes.rs"]
mod board_bytes;

use board_bytes::{board_from_bytes, size_from_bytes};
use libfuzzer_sys::fuzz_target;
use tengen::read::{RaceOutcome, ReadConfig, ReadError, Reader, Reading, Status, Verdict};
use tengen::{Board, Color, Move, Point, Preset};

/// Small budgets: a question is cut off, not read for long.
fn config() -> ReadConfig {
    ReadConfig {
        node_budget: 400,
        ladder_budget: 200,
        max_depth: 40,
        table_bits: 8,
        tsumego_budget: 300,
        ..ReadConfig::default()
    }
}

/// The move of `r`'s verdict is a pass or a legal move of `mover` (a ko that needs a threat
/// first starts with a retake that is legal only after the threat).
fn legal_answer(board: &Board, r: &Reading, mover: Color, what: &str) {
    let rules = Preset::Chinese.rules();
    if let Verdict::Success(Move::Play(m)) | Verdict::Ko(Move::Play(m)) = r.verdict {
        assert!(
            board.is_legal(m, mover, &rules),
            "{what}: {m:?} is not a legal move of {mover:?}: {r:?}"
        );
    }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 6 {
        return;
    }
    let size = size_from_bytes(data[0], data[1], 13);
    let (w, h) = (size.width(), size.height());
    let at = |b: u8| Point::new((b as usize % w) as u8, ((b as usize / w) % h) as u8);
    let (p, q, ko) = (at(data[2]), at(data[3]), at(data[4]));
    let mut board = board_from_bytes(size, &data[6..]);
    match data[5] % 3 {
        1 => board.set_ko(ko, Color::Black),
        2 => board.set_ko(ko, Color::White),
        _ => {}
    }
    board.check_consistency().expect("setup board consistent");

    let mut reader = Reader::new(config());
    let Some(owner) = board.get(p) else {
        assert_eq!(reader.attack(&board, p), Err(ReadError::Empty(p)));
        assert_eq!(reader.defend(&board, p), Err(ReadError::Empty(p)));
        assert!(reader.ladder_captured(&board, p).is_err());
        assert!(reader.life_and_death(&board, p, None).is_err());
        assert!(reader.owl(&board, p).is_err());
        return;
    };

    let attack = reader.attack(&board, p).expect("a stone with liberties");
    legal_answer(&board, &attack, owner.opponent(), "attack");
    let defend = reader.defend(&board, p).expect("a stone with liberties");
    legal_answer(&board, &defend, owner, "defend");
    reader
        .ladder_captured(&board, p)
        .expect("a stone with liberties");

    // no randomness: a fresh reader answers the same
    let again = Reader::new(config())
        .attack(&board, p)
        .expect("asked before");
    assert_eq!(again, attack, "a fresh reader answers otherwise");
    // the table kept across questions does not change a proven answer
    let repeated = reader.attack(&board, p).expect("asked before");
    if attack.proven && repeated.proven {
        assert_eq!(
            repeated.verdict.code(),
            attack.verdict.code(),
            "the table changed a proven answer: {attack:?} then {repeated:?}"
        );
    }

    if let Ok(ld) = reader.life_and_death(&board, p, None) {
        assert!(ld.region.contains(&p), "the region misses the group");
        for (line, mover) in [
            (&ld.attacker_first, owner.opponent()),
            (&ld.defender_first, owner),
        ] {
            // a ko's key may be the retake of the board's ko, after a threat
            if let Some(Move::Play(m)) = line.key {
                let retake = line.status == Status::Ko && board.ko() == Some((m, mover));
                assert!(
                    retake || board.is_legal(m, mover, &Preset::Chinese.rules()),
                    "life and death: key {m:?} is not a legal move of {mover:?}: {ld:?}"
                );
            }
        }
    }
    let _ = reader.owl(&board, p);
    if board.get(q) == Some(owner.opponent()) {
        let race = reader
            .semeai(&board, p, q)
            .expect("two chains of two colours");
        for (line, mover) in [(&race.a_first, owner), (&race.b_first, owner.opponent())] {
            // a win by ko, or a seki reached by a ko, may start with the retake of the
            // board's ko after a threat
            let by_ko = matches!(line.outcome, RaceOutcome::KoWin(_) | RaceOutcome::Seki);
            if let Move::Play(m) = line.mv {
                let retake = by_ko && board.ko() == Some((m, mover));
                assert!(
                    retake || board.is_legal(m, mover, &Preset::Chinese.rules()),
                    "semeai: {m:?} is not a legal move of {mover:?}: {race:?}"
                );
            }
        }
    } else if board.get(q) == Some(owner) && q != p {
        assert!(matches!(
            reader.semeai(&board, p, q),
            Err(ReadError::SameColor(..))
        ));
    }
});
