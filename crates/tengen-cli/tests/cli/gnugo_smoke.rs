//! GNU Go is reachable and our GTP client speaks to it (the base of the differential tests).
use crate::common;

#[test]
fn gnugo_answers_gtp() {
    let Some(mut g) = common::gnugo::GnuGo::start(&[]) else {
        return;
    };
    assert_eq!(g.ok("protocol_version"), "2");
    g.ok("boardsize 5");
    g.ok("play black C3");
    assert_eq!(g.ok("list_stones black"), "C3");
    assert_eq!(common::gnugo::parse_vertex("C3", 5), Some((2, 2)));
    assert_eq!(common::gnugo::vertex(2, 2, 5), "C3");
    assert!(g.send("play black Z99").is_err());
}
