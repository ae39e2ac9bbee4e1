//! Deterministic FF[4] output, without recursion.
//!
//! What the writer normalises (so that `parse → write → parse → write` gives the same bytes):
//! - every root gets `FF[4]` (replacing another `FF`) and `GM[1]` when it has no `GM`;
//! - point lists (`AB AW AE TR SQ CR MA SL DD TB TW VW`) are expanded from `aa:cc` rectangles,
//!   sorted by row then column, with duplicates removed;
//! - moves are written canonically: a pass is `B[]` (also for `B[tt]` on boards up to 19×19),
//!   surrounding whitespace is dropped;
//! - a value with an unescaped `]` or a trailing `\` (only the lenient parser lets those
//!   through) gets them escaped.
//!
//! Everything else, unknown properties included, is written as read, in the order read. Each
//! game tree and each variation starts on a new line.

use super::tree::{Collection, NodeId, Property};
use super::{for_each_listed_point, letter_of, parse_move, parse_size, point_to_sgf};
use crate::{Move, Point, Size};

const POINT_LISTS: [&str; 12] = [
    "AB", "AW", "AE", "TR", "SQ", "CR", "MA", "SL", "DD", "TB", "TW", "VW",
];

fn write_value(out: &mut Vec<u8>, v: &[u8]) {
    out.push(b'[');
    let mut i = 0;
    while i < v.len() {
        match v[i] {
            b'\\' if i + 1 < v.len() => {
                out.extend_from_slice(&v[i..i + 2]);
                i += 2;
                continue;
            }
            b'\\' => out.extend_from_slice(b"\\\\"),
            b']' => out.extend_from_slice(b"\\]"),
            b => out.push(b),
        }
        i += 1;
    }
    out.push(b']');
}

fn write_prop(out: &mut Vec<u8>, p: &Property, size: Size) {
    out.extend_from_slice(p.id.as_bytes());
    if POINT_LISTS.contains(&p.id.as_str()) {
        let mut pts: Vec<Point> = Vec::new();
        if p.values
            .iter()
            .all(|v| for_each_listed_point(v, |q| pts.push(q)))
        {
            pts.sort_unstable_by_key(|q| (q.y, q.x));
            pts.dedup();
            for q in pts {
                out.extend_from_slice(&[b'[', letter_of(q.x), letter_of(q.y), b']']);
            }
            return;
        }
    } else if p.id == "B" || p.id == "W" {
        if let [v] = p.values.as_slice() {
            match parse_move(v, size) {
                Some(Move::Pass) => return out.extend_from_slice(b"[]"),
                Some(Move::Play(q)) => {
                    out.push(b'[');
                    out.extend_from_slice(point_to_sgf(q).as_bytes());
                    out.push(b']');
                    return;
                }
                None => {}
            }
        }
    }
    for v in &p.values {
        write_value(out, v);
    }
}

fn write_node(out: &mut Vec<u8>, coll: &Collection, id: NodeId, size: Size) {
    out.push(b';');
    let node = coll.node(id);
    if node.parent.is_none() {
        if node.get("GM").is_none() {
            out.extend_from_slice(b"GM[1]");
        }
        if node.get("FF").is_none() {
            out.extend_from_slice(b"FF[4]");
        }
    }
    for p in &node.props {
        if node.parent.is_none() && p.id == "FF" {
            out.extend_from_slice(b"FF[4]");
        } else {
            write_prop(out, p, size);
        }
    }
}

enum Step {
    Tree(NodeId),
    Close,
}

/// The collection as FF\[4\] text (see the module docs for what is normalised).
pub fn write(coll: &Collection) -> Vec<u8> {
    let mut out = Vec::new();
    let mut stack: Vec<Step> = Vec::new();
    for &root in coll.roots() {
        let size = coll
            .node(root)
            .value("SZ")
            .and_then(parse_size)
            .unwrap_or(Size::square(19).expect("19 is a valid size"));
        stack.push(Step::Tree(root));
        while let Some(step) = stack.pop() {
            match step {
                Step::Close => out.push(b')'),
                Step::Tree(id) => {
                    if id != root {
                        out.push(b'\n');
                    }
                    out.push(b'(');
                    let mut cur = id;
                    loop {
                        write_node(&mut out, coll, cur, size);
                        if cur == root {
                            out.push(b'\n');
                        }
                        match coll.node(cur).children.as_slice() {
                            [only] => cur = *only,
                            _ => break,
                        }
                    }
                    stack.push(Step::Close);
                    for &c in coll.node(cur).children.iter().rev() {
                        stack.push(Step::Tree(c));
                    }
                }
            }
        }
        out.push(b'\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf::{parse, Mode};

    #[test]
    fn normalises_and_is_a_fixpoint() {
        let input = b"(;FF[3]SZ[9]AB[cc:bb][aa]C[x\\]y];B[tt](;W[ ab ])(;W[ba]))";
        let once = write(&parse(input, Mode::Strict).unwrap().collection);
        assert_eq!(
            String::from_utf8_lossy(&once),
            "(;GM[1]FF[4]SZ[9]AB[aa][bb][cb][bc][cc]C[x\\]y]\n;B[]\n(;W[ab])\n(;W[ba]))\n"
        );
        let twice = write(&parse(&once, Mode::Strict).unwrap().collection);
        assert_eq!(once, twice);
    }
}
