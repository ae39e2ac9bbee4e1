//! The analysis JSON protocol (`tengen analysis`): any bytes, split into lines, each read as a
//! query or an action by `parse_request`. A query that reads is answered turn by turn by
//! `analyze_each` (the server's path): the turns come in order and are the query's
//! `analyzeTurns`, every answer serialises to JSON that re-reads, its `ownership` (when asked)
//! and legal moves fit the board, and an error names a field. Queries are cut to small work
//! (turns times points) so one run stays fast; the work limit itself is the server's tests'.
#![no_main]

use libfuzzer_sys::fuzz_target;
use serde_json::Value;
use tengen_engine::analysis::{analyze_each, parse_request, Request};

/// Most turns times points analysed per query here (each turn runs the judge's playouts).
const WORK: usize = 2_000;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for line in text.lines().take(8) {
        match parse_request(line) {
            Err(e) => {
                let json = serde_json::to_string(&e).expect("an error serialises");
                let v: Value = serde_json::from_str(&json).expect("an error is JSON");
                assert!(v["error"].is_string(), "error without a message: {json}");
            }
            Ok(Request::Action(..)) => {}
            Ok(Request::Query(q, warnings)) => {
                for w in &warnings {
                    assert_eq!(w.id, q.id, "a warning names another query");
                }
                let area = q.size.area();
                if area * q.analyze_turns.len() > WORK || q.moves.len() > 4 * WORK {
                    continue;
                }
                assert!(
                    q.analyze_turns.windows(2).all(|t| t[0] < t[1]),
                    "analyzeTurns not sorted and unique: {:?}",
                    q.analyze_turns
                );
                let mut seen = Vec::new();
                let r = analyze_each(&q, |t| {
                    assert_eq!(t.id, q.id);
                    assert!(t.turn_number <= q.moves.len(), "turn past the moves");
                    seen.push(t.turn_number);
                    if let Some(own) = &t.ownership {
                        assert_eq!(own.len(), area, "ownership of another board");
                        assert!(own.iter().all(|o| (-1..=1).contains(o)));
                    }
                    assert!(t.legal_moves.len() <= area);
                    let json = serde_json::to_string(&t).expect("an answer serialises");
                    let v: Value = serde_json::from_str(&json).expect("an answer is JSON");
                    assert_eq!(v["turnNumber"].as_u64(), Some(t.turn_number as u64));
                    true
                });
                match r {
                    Ok(()) => assert_eq!(seen, q.analyze_turns, "turns answered"),
                    Err(e) => {
                        assert!(seen.is_empty(), "an illegal query answered some turns");
                        assert!(e.field.is_some(), "a refused query names no field: {e:?}");
                    }
                }
            }
        }
    }
});
