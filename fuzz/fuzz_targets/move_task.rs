//! The move-task input (`tengen move`): any bytes through the problem reader. Every problem
//! read must give a consistent board; the move's verdict must agree between `check`,
//! `is_legal`, `analyze`, `legal_moves` and `play`, and a played board must stay consistent.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen::formats::digits::{write_board, ProblemReader};
use tengen::Rules;

fuzz_target!(|data: &[u8]| {
    let rules = Rules::default();
    let mut reader = ProblemReader::new(data);
    let mut out = Vec::new();
    while let Some(problem) = reader.read_problem() {
        let Ok(mut p) = problem else { break };
        p.board.check_consistency().expect("read board consistent");
        let checked = p.board.check(p.point, p.color, &rules);
        assert_eq!(checked.is_ok(), p.board.is_legal(p.point, p.color, &rules));
        assert_eq!(
            checked.is_ok(),
            p.board.legal_moves(p.color, &rules).contains(&p.point),
            "legal_moves disagrees with check at {:?}",
            p.point
        );
        let before = p.board.clone();
        match p.board.play(p.point, p.color, &rules) {
            Ok(_) => {
                assert!(checked.is_ok());
                p.board
                    .check_consistency()
                    .expect("board consistent after play");
                out.clear();
                write_board(&mut out, &p.board, p.spaced).expect("write to a Vec");
            }
            Err(e) => {
                assert_eq!(Err(e), checked);
                assert_eq!(p.board, before, "a refused move changed the board");
            }
        }
    }
});
