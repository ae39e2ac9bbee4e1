//! A rules-engine answer to KataGo's JSON analysis protocol: one query per line in, one answer
//! per analysed turn out.
//!
//! KataGo's analysis engine reads queries such as
//!
//! ```json
//! {"id":"g1","moves":[["B","Q16"],["W","D4"]],"rules":"japanese","komi":6.5,
//!  "boardXSize":19,"boardYSize":19,"analyzeTurns":[0,2],"includeOwnership":true}
//! ```
//!
//! and answers each analysed turn with a neural network's search. tengen reads the same
//! queries (same field names, same meanings) and answers what a rules engine knows exactly:
//! whose move it is, the legal moves, what the last move captured, the count with no stones
//! removed, the count after the judge removes dead stones with the status of every chain, and the
//! `ownership` array in KataGo's layout. It does not search: there is no `moveInfos`, no win
//! rate, and the search fields (`maxVisits`, `includePolicy`, ...) are accepted with a
//! warning and otherwise ignored.
//!
//! # Queries
//! - `id` (string, required), echoed in every answer.
//! - `moves` (required): `[["B","Q16"],["W","pass"],...]`, GTP vertices (columns past `Z` as on
//!   [`tengen::vertex`]); colours need not alternate. Every move is checked under the rules,
//!   superko included; the first illegal one is an error naming it.
//! - `initialStones`: `[["B","D4"],...]` placed before the first move; `initialPlayer`: `"B"`
//!   or `"W"` (default: the colour of the first move, else Black).
//! - `rules` (required): a preset name (`"tromp-taylor"`, `"chinese"`, `"japanese"`, `"aga"`,
//!   `"new-zealand"`, `"stone-scoring"`, ... every name [`tengen::Rules::from_name`] knows), or
//!   an object of KataGo's fields `ko` (`SIMPLE`, `POSITIONAL`, `SITUATIONAL`, and tengen's
//!   `NONE`), `scoring` (`AREA`, `TERRITORY`), `tax` (`NONE`, `SEKI`, `ALL`), `suicide` (bool),
//!   `whiteHandicapBonus` (`"0"`, `"N"`, `"N-1"`), `hasButton` (only `false`),
//!   `friendlyPassOk` (accepted; it changes nothing in a static count) and `komi`. Missing
//!   object fields are `SIMPLE`, `AREA`, `NONE`, `false`, `"0"`.
//! - `komi`: whole or half number within ±150 (default: the preset's; 7.5 for an object with
//!   area scoring, 6.5 with territory scoring, as KataGo). `whiteHandicapBonus` at the top level
//!   overrides the rules' bonus.
//! - `boardXSize`, `boardYSize` (required): 1 to 52.
//! - `analyzeTurns`: turn numbers from 0 (before the first move) to the number of moves;
//!   default: the last turn only. `includeOwnership`: add `ownership`.
//! - Actions: `{"id":..,"action":"query_version"}`, `{"id":..,"action":"clear_cache"}`,
//!   `{"id":..,"action":"terminate","terminateId":"g1"}` (the queries with that id read before
//!   it: one not started yet is answered `"noResults":true` for every turn, one under way
//!   stops after the turn it is on, its other turns answered `noResults`; queries with that
//!   id sent after the terminate are not affected), `"terminate_all"` (the same for every
//!   query read before it), and a bare `{"action":"terminate"}`, which tengen reads as
//!   `terminate_all`.
//!
//! Each turn's answer is written as soon as it is ready. The work of one query is bounded by
//! [`MAX_QUERY_WORK`] (analysed turns times the board's points): a query over it is cut to its
//! first turns within the limit, with a `warning` on `analyzeTurns`.
//!
//! Unknown fields, wrong types, bad sizes and illegal moves are answered
//! `{"error":"...","field":"...","id":"..."}` (the id when it could be read) and the stream
//! goes on.
//!
//! # Answers
//! One line per analysed turn, see [`TurnAnswer`]. The handicap for the white bonus is the
//! number of black `initialStones` when there are no white ones (none otherwise).
//!
//! # Dead stones: which judge
//! The judged count comes from one function, [`judged`], which calls the judge of finished
//! games ([`tengen::judge`]) with 128 playouts and a fixed seed (answers are
//! deterministic). Every chain is reported `alive`, `dead` or `seki`, with `certain` (from
//! the pass-alive analysis or the seki shape) or an estimated `confidence`; the answer names
//! the judge as `"judge":"tengen-judge"`. The exact count next to it removes nothing.
//!
//! ```
//! use tengen_engine::analysis::{parse_request, analyze, Request};
//! let line = r#"{"id":"q","moves":[["B","A1"],["W","B1"],["B","B2"],["W","A2"]],
//!     "rules":"chinese","boardXSize":3,"boardYSize":3}"#;
//! let Ok(Request::Query(q, _warnings)) = parse_request(line) else { panic!() };
//! let turns = analyze(&q).unwrap();
//! let last = &turns[0];
//! assert_eq!(last.turn_number, 4);
//! let json = serde_json::to_value(last).unwrap();
//! assert_eq!(json["lastMove"]["captures"], serde_json::json!(["A1"]));
//! assert_eq!(json["rootInfo"]["currentPlayer"], "B");
//! ```

mod answer;
mod query;
mod serve;

pub use answer::{
    analyze, analyze_each, judged, ownership, ChainReport, Count, Counts, LastMove, Prisoners,
    RootInfo, TurnAnswer, JUDGE,
};
pub use query::{parse_request, Action, Query, QueryError, Request, Warning, MAX_QUERY_WORK};
pub use serve::{serve, ServeOptions, ServeStats, MAX_LINE};
