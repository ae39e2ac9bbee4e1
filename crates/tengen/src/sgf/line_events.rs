//! Replay's reading of a record's main line into events, node by node: from a parsed tree
//! ([`node_events`], for [`Replayer::replay_tree`]) or straight from the bytes
//! ([`parse_line`], the fallback of [`Replayer::replay`] when the zero-copy scanner gives up).
//!
//! [`parse_line`] runs the tree parser (same grammar, recovery, warnings and limits) but keeps
//! only the node being read: the main line's nodes become events as soon as they are complete
//! and every other node (variations, later games) is counted and dropped. So replay's memory
//! is its events (a few bytes per move) plus the file, whatever the shape of the tree: a
//! 79 MB file of 9.9M one-move variations no longer builds a 4.5 GB tree.
//!
//! [`Replayer::replay_tree`]: super::Replayer::replay_tree
//! [`Replayer::replay`]: super::Replayer::replay

use super::detect::node_text;
use super::main_line::{prop_move, setup_points};
use super::parse::{parse_into, Build, Mode, Warning, WarningKind};
use super::parse_size;
use super::replay::{warn, ReplayError};
use super::scan::{parse_color, Ev, Header};
use super::tree::{NodeId, Property};
use crate::{Color, Move, Size};

/// Append the events of main-line node `k` (its properties `props`) to `events`: its setup
/// points in property order, then its `PL`, then its moves; fill the empty slots of `h` with
/// the node's game information; warn about what is ignored. `size` is the board's (from the
/// root's `SZ`), for reading `tt` as a pass.
pub(super) fn node_events<'a>(
    k: usize,
    props: &'a [Property],
    size: Size,
    h: &mut Header<'a>,
    events: &mut Vec<Ev>,
    warnings: &mut Vec<Warning>,
) {
    let mut pl = None;
    let mut moves: Vec<(Color, Move)> = Vec::new();
    for prop in props {
        let pid = prop.id.as_bytes();
        let first = prop.values.first().map(Vec::as_slice).unwrap_or_default();
        match pid {
            b"AB" | b"AW" | b"AE" => {
                setup_points(prop, k, |p, c| events.push(Ev::Setup(c, p)), warnings)
            }
            b"B" | b"W" => {
                if prop.values.len() > 1 {
                    warn(
                        warnings,
                        WarningKind::Value,
                        format!(
                            "node {k}: {} has several values; the first is played",
                            prop.id
                        ),
                    );
                }
                moves.extend(prop_move(prop, k, size, warnings));
            }
            b"PL" => match parse_color(first) {
                Some(c) => pl = Some(c),
                None => warn(
                    warnings,
                    WarningKind::Value,
                    format!(
                        "node {k}: PL[{}] is not B or W; ignored",
                        String::from_utf8_lossy(first)
                    ),
                ),
            },
            b"SZ" if k > 0 => warn(
                warnings,
                WarningKind::Value,
                format!("node {k}: SZ outside the root is ignored"),
            ),
            _ => {
                if let Some(slot) = h.slot(pid) {
                    if slot.is_none() {
                        *slot = Some(first);
                    }
                }
            }
        }
    }
    if moves.len() > 1 {
        warn(
            warnings,
            WarningKind::Value,
            format!("node {k}: both B and W in one node; played in order"),
        );
    }
    if let Some(c) = pl {
        events.push(Ev::Player(c));
    }
    events.extend(moves.into_iter().map(|(c, m)| Ev::Play(c, m)));
}

/// Warn that only the first of `games` games is replayed, when there are several.
pub(super) fn warn_games(games: usize, warnings: &mut Vec<Warning>) {
    if games > 1 {
        warn(
            warnings,
            WarningKind::Games,
            format!("the file holds {games} games; only the first is replayed"),
        );
    }
}

/// The main line of a file's first game as [`parse_line`] reads it.
pub(super) struct Line {
    /// The first value of each game-information property ([`Header::slot`]) on the main
    /// line, in the order met.
    info: Vec<(String, Vec<u8>)>,
    /// The parser's warnings, then those of the main line's nodes, then the games'.
    pub(super) warnings: Vec<Warning>,
    /// The main line's text values as the encoding detector reads them (see `game_text`).
    pub(super) text: Vec<u8>,
}

impl Line {
    /// The game information, as the scanner hands it over.
    pub(super) fn header(&self) -> Header<'_> {
        let mut h = Header::default();
        for (id, v) in &self.info {
            if let Some(slot) = h.slot(id.as_bytes()) {
                *slot = Some(v);
            }
        }
        h
    }
}

/// A node id for every node off the main line (children of such nodes are off it too).
const OFF: NodeId = NodeId::MAX;

/// The [`Build`] of [`parse_line`]: keeps the properties of the node being read only.
struct Reader<'e> {
    nodes: usize,
    games: usize,
    /// The number of main-line nodes so far; the last one's id is `main - 1`.
    main: usize,
    /// The properties of the node added last (without values when it is off the main line:
    /// only its identifiers, for the parser's repeated-property check).
    cur: Vec<Property>,
    cur_main: bool,
    size: Size,
    /// The root's malformed `SZ`: nothing more is read, and it is the answer.
    bad_size: Option<ReplayError>,
    events: &'e mut Vec<Ev>,
    warnings: Vec<Warning>,
    info: Vec<(String, Vec<u8>)>,
    text: Vec<u8>,
}

impl Reader<'_> {
    /// Turn the node added last into events, when it is on the main line.
    fn flush(&mut self) {
        if !self.cur_main || self.bad_size.is_some() {
            self.cur.clear();
            return;
        }
        self.cur_main = false;
        let k = self.main - 1;
        let props = std::mem::take(&mut self.cur);
        if k == 0 {
            if let Some(v) = props.iter().find(|p| p.id == "SZ") {
                let v = v.values.first().map(Vec::as_slice).unwrap_or_default();
                match parse_size(v) {
                    Some(s) => self.size = s,
                    None => {
                        self.bad_size = Some(ReplayError::BadSize(
                            String::from_utf8_lossy(v).into_owned(),
                        ));
                        return;
                    }
                }
            }
        }
        let mut h = Header::default();
        node_events(
            k,
            &props,
            self.size,
            &mut h,
            self.events,
            &mut self.warnings,
        );
        for p in &props {
            if let Some(Some(v)) = h.slot(p.id.as_bytes()).map(|s| *s) {
                if !self.info.iter().any(|(id, _)| *id == p.id) {
                    self.info.push((p.id.clone(), v.to_vec()));
                }
            }
        }
        node_text(&props, &mut self.text);
        self.cur = props;
        self.cur.clear();
    }
}

impl Build for Reader<'_> {
    fn nodes(&self) -> usize {
        self.nodes
    }

    fn add_node(&mut self, parent: Option<NodeId>) -> NodeId {
        self.flush();
        self.nodes += 1;
        let main = match parent {
            None => {
                self.games += 1;
                self.games == 1
            }
            // the first child of the main line's last node continues it
            Some(p) => p != OFF && p + 1 == self.main,
        };
        self.cur_main = main;
        if main {
            self.main += 1;
            self.main - 1
        } else {
            OFF
        }
    }

    fn add_prop(&mut self, _node: NodeId, id: String, values: Vec<Vec<u8>>) -> Result<(), String> {
        match self.cur.iter_mut().find(|q| q.id == id) {
            Some(q) => {
                if self.cur_main {
                    q.values.extend(values);
                }
                Err(id)
            }
            None => {
                let values = if self.cur_main { values } else { Vec::new() };
                self.cur.push(Property { id, values });
                Ok(())
            }
        }
    }

    fn has_root(&self) -> bool {
        self.games > 0
    }
}

/// Read the main line of the first game in `s` into `events` (cleared first), as
/// [`node_events`] reads each of its nodes from the parsed tree, keeping no tree.
///
/// # Errors
/// The parser's ([`super::parse`]), then [`ReplayError::BadSize`] for the root's `SZ`.
pub(super) fn parse_line(s: &[u8], mode: Mode, events: &mut Vec<Ev>) -> Result<Line, ReplayError> {
    events.clear();
    let mut r = Reader {
        nodes: 0,
        games: 0,
        main: 0,
        cur: Vec::new(),
        cur_main: false,
        size: Size::square(19).expect("19 is a valid size"),
        bad_size: None,
        events,
        warnings: Vec::new(),
        info: Vec::new(),
        text: Vec::new(),
    };
    let mut warnings = parse_into(s, mode, &mut r)?;
    r.flush();
    if let Some(e) = r.bad_size {
        return Err(e);
    }
    warnings.append(&mut r.warnings);
    warn_games(r.games, &mut warnings);
    Ok(Line {
        info: r.info,
        warnings,
        text: r.text,
    })
}

#[cfg(test)]
mod tests {
    use crate::sgf::{parse, Mode, ReplayError, ReplayOptions, Replayer};

    /// Records the scanner hands to the tree parser: variations, several games, repeated and
    /// misplaced properties, lenient recovery, text to detect, bad sizes.
    const RECORDS: &[&[u8]] = &[
        b"(;GM[1]SZ[9]RE[B+3];B[aa](;W[bb];B[cc](;W[dd])(;W[ee]))(;W[ff]))",
        b"(;SZ[5];B[aa])(;SZ[9];B[bb];W[cc])(;B[dd])",
        b"(;SZ[5]KM[6.5]KM[7];B[aa]B[bb]W[cc];SZ[7]PL[w]PL[x];W[dd](;AB[ee]AE[aa])(;B[]))",
        b"junk(;SZ[9];B[ee]))(;W[bb]$;B[cc]",
        b"(;SZ[9](;B[aa];W[bb])C[x];B[cc])",
        b"(;SZ[19];B[tt];W[ss]RE[W+R](;B[aa]C[\xe9t\xe9])(;B[bb]RE[B+R]))",
        b"(;CA[latin-1]PB[Jos\xe9]RU[Chinese];B[aa](;W[ab])(;W[ac]))",
        b"(;PB[\xd6\xd0\xb9\xfa\xc6\xe5\xd4\xba]RU[\xd6\xd0];B[aa](;W[ab])(;W[ac]))",
        b"(;SZ[99];B[aa](;W[ab])(;W[ac]))",
        b"(;SZ[5]HA[2]AB[aa][ee];W[cc](;B[bb];W[ba];B[ab];W[aa])(;B[dd]))",
        b"(;SZ[5];;;B[aa];(;W[bb]);B[cc])",
        b"(;SZ[3];B[bb];W[ab];B[ba];W[cb];B[bc];W[aa])(;B[bb])",
        b"(;RU[positional]SZ[3];B[aa];W[bb];B[ab];W[ba](;B[]))",
        b"(;SZ[5];B[aa]",
        b"(;SZ[5]B[aa",
        b"((;B[aa]))",
        b"(;GM[2];B[aa](;W[bb]))",
    ];

    fn via_tree(sgf: &[u8], opts: &ReplayOptions) -> Result<crate::sgf::Replay, ReplayError> {
        let parsed = parse(sgf, opts.mode)?;
        Replayer::new().replay_tree(&parsed.collection, 0, opts, parsed.warnings)
    }

    #[test]
    fn reading_without_the_tree_replays_as_the_tree_does() {
        let mut r = Replayer::new();
        for &rec in RECORDS {
            for mode in [Mode::Lenient, Mode::Strict] {
                for tolerant in [false, true] {
                    let opts = ReplayOptions {
                        mode,
                        tolerant,
                        ..ReplayOptions::default()
                    };
                    let line = r.replay(rec, &opts);
                    assert_eq!(
                        line,
                        via_tree(rec, &opts),
                        "{}",
                        String::from_utf8_lossy(rec)
                    );
                    // the game path reads the same main line (names and date included)
                    let g = r.replay_game(rec, &opts);
                    assert_eq!(g.as_ref().map(|g| &g.replay).ok(), line.as_ref().ok());
                }
            }
        }
    }
}
