//! Clean SGF output: every text value decoded from the file's encoding and written as UTF-8
//! with `CA[UTF-8]` and `FF[4]`, properties in a canonical order, optionally the main line
//! only and without comments; the moves are never changed, and [`clean`] proves it by
//! replaying every game before and after.
//!
//! # Encodings
//! A game's encoding is its `CA` when tengen knows the label; otherwise it is detected from
//! the bytes of the game's non-ASCII values by the library's one detector
//! ([`TextEncoding::detect`], see [`Detected`]), and the guess is reported.
//!
//! # Canonical order
//! Root and game-info properties first (`GM FF CA AP ST SZ GN EV RO DT PC PB BR BT PW WR WT RU
//! KM HA TM OT RE ...`), then the move, setup, timing, annotation and markup properties, then
//! unknown ones in the order read. Values are written by [`super::write`] (point lists
//! expanded and sorted, passes as `B[]`).

use std::collections::HashMap;

pub use super::detect::Detected;
use super::detect::{choose, decode_counted, game_text, Damage, NOT_TEXT};
use super::encoding::{unescape, TextEncoding};
use super::parse::{parse, Mode};
use super::replay::{ReplayOptions, Replayer};
use super::tree::{Collection, NodeId, Property};
use super::write::write;

/// What to clean.
#[derive(Clone, Copy, Debug, Default)]
pub struct CleanOptions {
    /// Keep only the main line of every game (variations dropped).
    pub main_line_only: bool,
    /// Remove comments (`C`).
    pub strip_comments: bool,
    /// Decode with this encoding instead of `CA` or detection.
    pub encoding: Option<TextEncoding>,
}

/// One cleaned game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CleanGame {
    /// The game as a complete SGF file (one game tree), UTF-8.
    pub sgf: Vec<u8>,
    /// How its text was decoded.
    pub encoding: Detected,
    /// Moves of its main line replayed (the same before and after).
    pub moves: usize,
}

/// The cleaned games of one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cleaned {
    /// Every game of the file, in order.
    pub games: Vec<CleanGame>,
    /// What the lenient parser recovered from.
    pub warnings: Vec<String>,
}

impl Cleaned {
    /// All games as one SGF collection.
    pub fn collection(&self) -> Vec<u8> {
        self.games
            .iter()
            .flat_map(|g| g.sgf.iter().copied())
            .collect()
    }
}

/// Why a file was not cleaned.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CleanError {
    /// The file is not SGF at all.
    #[error("{0}")]
    Parse(#[from] super::SgfError),
    /// The cleaned game would not replay like the original: nothing is written.
    #[error(
        "game {game}: the cleaned record does not replay like the original ({detail}); refused"
    )]
    Changed {
        /// The game's number in the file, from 1.
        game: usize,
        /// What differs.
        detail: String,
    },
    /// More nodes than [`MAX_CLEAN_NODES`]: refused before the tree is built.
    #[error("more than {limit} nodes in the file (the most tengen sgf cleans); refused")]
    TooManyNodes {
        /// The limit.
        limit: usize,
    },
}

/// Most nodes [`clean`] takes in one file (1,000,000). Cleaning holds the parsed tree, the
/// cleaned one and its re-read at once, about 0.8 KB a node in all, so this bounds a file to
/// about 0.8 GB however its nodes are shaped (the parser's own [`super::MAX_NODES`] would
/// allow ten times as many). Real records have hundreds of nodes, large joseki collections
/// tens of thousands.
pub const MAX_CLEAN_NODES: usize = 1_000_000;

/// The nodes of an SGF text as the parser counts them (a `;` outside property values), up
/// to `limit + 1`: a byte scan, so a file over the limit is refused before it is parsed.
fn count_nodes(input: &[u8], limit: usize) -> usize {
    let (mut n, mut i) = (0, 0);
    while i < input.len() {
        match memchr::memchr2(b';', b'[', &input[i..]) {
            None => break,
            Some(k) => i += k,
        }
        if input[i] == b';' {
            n += 1;
            if n > limit {
                break;
            }
            i += 1;
            continue;
        }
        // a value: to its closing ']' that no backslash escapes
        i += 1;
        while i < input.len() {
            match memchr::memchr2(b']', b'\\', &input[i..]) {
                None => i = input.len(),
                Some(k) if input[i + k] == b'\\' => i += k + 2,
                Some(k) => {
                    i += k + 1;
                    break;
                }
            }
        }
    }
    n
}

/// The canonical property order (see the module docs).
const ORDER: [&str; 76] = [
    "GM",
    "FF",
    "CA",
    "AP",
    "ST",
    "SZ",
    "GN",
    "EV",
    "RO",
    "DT",
    "PC",
    "PB",
    "BR",
    "BT",
    "PW",
    "WR",
    "WT",
    "RU",
    "KM",
    "HA",
    "TM",
    "OT",
    "RE",
    "ON",
    "GC",
    "AN",
    "CP",
    "SO",
    "US",
    "B",
    "W",
    "KO",
    "MN",
    "AB",
    "AW",
    "AE",
    "PL",
    "BL",
    "WL",
    "OB",
    "OW",
    "N",
    "C",
    "DM",
    "GB",
    "GW",
    "HO",
    "UC",
    "V",
    "BM",
    "DO",
    "IT",
    "TE",
    "AR",
    "CR",
    "DD",
    "LB",
    "LN",
    "MA",
    "SL",
    "SQ",
    "TR",
    "VW",
    "TB",
    "TW",
    "FG",
    "PM",
    "MULTIGOGM",
    "EX",
    "BS",
    "WS",
    "LT",
    "ID",
    "OM",
    "OP",
    "OV",
];

/// Composed values whose two halves are separated by an unescaped `:`.
const COMPOSED: [&str; 3] = ["AP", "LB", "FG"];

fn order_key(id: &str) -> usize {
    ORDER.iter().position(|&o| o == id).unwrap_or(ORDER.len())
}

/// Clean one SGF file (see the module docs).
///
/// # Errors
/// [`CleanError::Parse`] when the file holds no readable game; [`CleanError::Changed`] when a
/// cleaned game would replay differently from the original (a bug guard: nothing is written).
pub fn clean(input: &[u8], opts: &CleanOptions) -> Result<Cleaned, CleanError> {
    if count_nodes(input, MAX_CLEAN_NODES) > MAX_CLEAN_NODES {
        return Err(CleanError::TooManyNodes {
            limit: MAX_CLEAN_NODES,
        });
    }
    let parsed = parse(input, Mode::Lenient)?;
    let coll = &parsed.collection;
    let warnings = parsed.warnings.iter().map(ToString::to_string).collect();
    let mut games = Vec::with_capacity(coll.roots().len());
    let mut before = Replayer::new();
    let mut after = Replayer::new();
    let ropts = ReplayOptions::default();
    for (gi, &root) in coll.roots().iter().enumerate() {
        let nodes = game_nodes(coll, root, opts.main_line_only);
        let (enc, mut detected) = choose_encoding(coll, root, &nodes, opts.encoding);
        let mut out = Collection::default();
        let mut lost = Damage::default();
        let mut map: HashMap<NodeId, NodeId> = HashMap::with_capacity(nodes.len());
        for &id in &nodes {
            let node = coll.node(id);
            let parent = node.parent.and_then(|p| map.get(&p).copied());
            let new = out.add_node(parent);
            map.insert(id, new);
            let mut props: Vec<Property> = Vec::with_capacity(node.props.len() + 1);
            for p in &node.props {
                if (opts.strip_comments && p.id == "C") || (id == root && p.id == "CA") {
                    continue;
                }
                let values = p
                    .values
                    .iter()
                    .map(|v| transcode_value(&p.id, v, enc, &mut lost))
                    .collect();
                props.push(Property {
                    id: p.id.clone(),
                    values,
                });
            }
            if id == root {
                props.push(Property {
                    id: "CA".into(),
                    values: vec![b"UTF-8".to_vec()],
                });
                if !props.iter().any(|p| p.id == "FF") {
                    props.push(Property {
                        id: "FF".into(),
                        values: vec![b"4".to_vec()],
                    });
                }
                if !props.iter().any(|p| p.id == "GM") {
                    props.push(Property {
                        id: "GM".into(),
                        values: vec![b"1".to_vec()],
                    });
                }
            }
            props.sort_by_key(|p| order_key(&p.id));
            out.node_mut(new).props = props;
        }
        if let Detected::MangledUtf8 {
            restored: r,
            lost: l,
        } = &mut detected
        {
            (*r, *l) = (lost.restored, lost.lost);
        }
        let sgf = write(&out);
        // the cleaned tree is written: free it before the output is re-read
        drop((out, map));
        let changed = |detail: String| CleanError::Changed {
            game: gi + 1,
            detail,
        };
        let reparsed = parse(&sgf, Mode::Strict)
            .map_err(|e| changed(format!("the output does not parse strictly: {e}")))?;
        let r0 = before.replay_tree(coll, root, &ropts, Vec::new());
        let r1 = after.replay_tree(&reparsed.collection, 0, &ropts, Vec::new());
        let moves = match (&r0, &r1) {
            (Ok(a), Ok(b)) => {
                let same = a.size == b.size
                    && a.moves == b.moves
                    && a.captures == b.captures
                    && a.to_move == b.to_move
                    && a.error == b.error
                    && before.board() == after.board();
                if !same {
                    return Err(changed(format!(
                        "{} moves and {:?} captures before, {} and {:?} after, or another \
                         final board",
                        a.moves, a.captures, b.moves, b.captures
                    )));
                }
                a.moves
            }
            (Err(a), Err(b)) if a.to_string() == b.to_string() => 0,
            (a, b) => {
                let d = |r: &Result<super::Replay, super::ReplayError>| match r {
                    Ok(x) => format!("{} moves", x.moves),
                    Err(e) => e.to_string(),
                };
                return Err(changed(format!("before: {}; after: {}", d(a), d(b))));
            }
        };
        games.push(CleanGame {
            sgf,
            encoding: detected,
            moves,
        });
    }
    Ok(Cleaned { games, warnings })
}

/// The nodes of the game at `root` in an order where every parent comes before its
/// children (depth first, main line first).
fn game_nodes(coll: &Collection, root: NodeId, main_line_only: bool) -> Vec<NodeId> {
    if main_line_only {
        return coll.main_line(root).collect();
    }
    let mut out = Vec::new();
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        out.push(n);
        stack.extend(coll.node(n).children.iter().rev());
    }
    out
}

fn choose_encoding(
    coll: &Collection,
    root: NodeId,
    nodes: &[NodeId],
    forced: Option<TextEncoding>,
) -> (TextEncoding, Detected) {
    let declared = forced.or_else(|| {
        let e = TextEncoding::from_ca(Some(coll.node(root).value("CA")?));
        (e != TextEncoding::Guess).then_some(e)
    });
    choose(declared, &game_text(coll, nodes.iter().copied()))
}

/// Escape decoded text for an SGF value (`\` and `]`, and `:` inside composed halves).
fn escape(text: &str, colon: bool, out: &mut Vec<u8>) {
    for c in text.chars() {
        if c == '\\' || c == ']' || (colon && c == ':') {
            out.push(b'\\');
        }
        let mut buf = [0u8; 4];
        out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
    }
}

fn transcode_value(id: &str, raw: &[u8], enc: TextEncoding, lost: &mut Damage) -> Vec<u8> {
    if raw.is_ascii() {
        return raw.to_vec();
    }
    if NOT_TEXT.contains(&id) {
        // a move or point value is not text and is never decoded, but the output says
        // CA[UTF-8]: a stray byte (malformed, so replay warns about it before and after)
        // becomes U+FFFD and the file stays valid UTF-8
        return String::from_utf8_lossy(raw).into_owned().into_bytes();
    }
    let mut out = Vec::with_capacity(raw.len() + raw.len() / 2);
    if COMPOSED.contains(&id) {
        if let Some(colon) = unescaped_colon(raw) {
            let a = decode_counted(&unescape(&raw[..colon]), enc, lost);
            let b = decode_counted(&unescape(&raw[colon + 1..]), enc, lost);
            escape(&a, true, &mut out);
            out.push(b':');
            escape(&b, true, &mut out);
            return out;
        }
    }
    let text = decode_counted(&unescape(raw), enc, lost);
    escape(&text, false, &mut out);
    out
}

fn unescaped_colon(raw: &[u8]) -> Option<usize> {
    let mut i = 0;
    while i < raw.len() {
        match raw[i] {
            b'\\' => i += 2,
            b':' => return Some(i),
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nodes_are_counted_as_the_parser_counts_them() {
        let text = b"(;GM[1]C[a;b\\];c]SZ[9](;B[aa];W[bb])(;B[cc]C[x\\\\];W[dd]))";
        let parsed = parse(text, Mode::Strict).unwrap();
        assert_eq!(count_nodes(text, 100), parsed.collection.len());
        assert_eq!(count_nodes(text, 2), 3);
    }

    #[test]
    fn the_node_limit_at_both_edges() {
        let file = |n: usize| {
            let mut v = b"(;GM[1]SZ[19]".to_vec();
            for _ in 1..n {
                v.extend_from_slice(b"(;B[aa])");
            }
            v.push(b')');
            v
        };
        // exactly the limit passes the count (cleaning it costs about a gigabyte: the
        // parser's count of such a file is the same, checked above on a small one)
        assert_eq!(
            count_nodes(&file(MAX_CLEAN_NODES), MAX_CLEAN_NODES),
            MAX_CLEAN_NODES
        );
        assert!(clean(&file(1000), &CleanOptions::default()).is_ok());
        let e = clean(&file(MAX_CLEAN_NODES + 1), &CleanOptions::default()).unwrap_err();
        assert_eq!(e, CleanError::TooManyNodes { limit: 1_000_000 });
        assert_eq!(
            e.to_string(),
            "more than 1000000 nodes in the file (the most tengen sgf cleans); refused"
        );
    }

    #[test]
    fn stray_bytes_in_moves_become_valid_utf8() {
        let c = clean(
            b"(;GM[1]SZ[9]CA[UTF-8];B[ee\xe9];W[cc]AB[d\xe9])",
            &CleanOptions::default(),
        )
        .unwrap();
        let out = c.collection();
        let text = std::str::from_utf8(&out).expect("valid UTF-8 under CA[UTF-8]");
        assert!(text.contains("B[ee\u{fffd}]"), "{text}");
        assert!(text.contains("CA[UTF-8]"), "{text}");
    }

    #[test]
    fn escapes_survive() {
        let mut lost = Damage::default();
        let v = transcode_value(
            "C",
            b"caf\xc3\xa9 \\] x\\\\",
            TextEncoding::Guess,
            &mut lost,
        );
        assert_eq!(v, "café \\] x\\\\".as_bytes());
        let v = transcode_value("AP", b"G\xc3\xb6:1.0", TextEncoding::Guess, &mut lost);
        assert_eq!(v, "Gö:1.0".as_bytes());
    }
}
