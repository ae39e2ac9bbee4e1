//! The zero-copy main-line scanner: replay's hot path.
//!
//! It reads the bytes once, from the first `(` to the first `)`: in SGF text that span is
//! exactly the main line, since a `(` always opens the first child variation when met in
//! order, and the first `)` closes the game tree whose sequence ends in the main line's leaf.
//! It emits the main line's setup points, `PL` and moves as [`Ev`]ents into a buffer the caller
//! reuses, and returns the root properties replay needs as slices of the input. Nothing is
//! copied or allocated.
//!
//! The scanner handles only well-formed single-line records exactly: at the first thing it
//! does not (a syntax problem, a malformed or repeated value, old-style lower-case identifiers,
//! `SZ` outside the root, anything but whitespace after the main line, i.e. variations or a
//! second game) it returns `None` and replay goes through the tree parser in lenient mode,
//! which decides and warns. So both paths give the same replay, warnings included. Both paths order a node's events the same way: setup points
//! in property order, then `PL`, then the move.

use super::parse::value_end;
use super::{for_each_listed_point, parse_move, parse_size};
use crate::{Color, Move, Point, Size};

/// One step of the main line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ev {
    /// `AB`/`AW` (a colour) or `AE` (`None`) on a point (possibly off the board).
    Setup(Option<Color>, Point),
    /// `PL`: who is to move.
    Player(Color),
    /// `B`/`W`.
    Play(Color, Move),
}

/// The game-information values replay needs: the first occurrence on the main line, raw.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Header<'a> {
    pub size: Option<&'a [u8]>,
    pub komi: Option<&'a [u8]>,
    pub handicap: Option<&'a [u8]>,
    pub rules: Option<&'a [u8]>,
    pub result: Option<&'a [u8]>,
    pub charset: Option<&'a [u8]>,
    pub game: Option<&'a [u8]>,
    pub black: Option<&'a [u8]>,
    pub white: Option<&'a [u8]>,
    pub date: Option<&'a [u8]>,
    pub app: Option<&'a [u8]>,
    /// The root's own `GM` (`game` is the first on the main line, possibly after the root).
    pub root_game: Option<&'a [u8]>,
}

impl<'a> Header<'a> {
    /// The slot of a game-information property, if `id` is one.
    pub(crate) fn slot(&mut self, id: &[u8]) -> Option<&mut Option<&'a [u8]>> {
        Some(match id {
            b"SZ" => &mut self.size,
            b"KM" => &mut self.komi,
            b"HA" => &mut self.handicap,
            b"RU" => &mut self.rules,
            b"RE" => &mut self.result,
            b"CA" => &mut self.charset,
            b"GM" => &mut self.game,
            b"PB" => &mut self.black,
            b"PW" => &mut self.white,
            b"DT" => &mut self.date,
            b"AP" => &mut self.app,
            _ => return None,
        })
    }
}

/// `B`/`W` or `b`/`w` (as `PL` writes the colour): [`Color::from_letter`] of a one-letter
/// value.
pub(crate) fn parse_color(v: &[u8]) -> Option<Color> {
    match v.trim_ascii() {
        &[c] => Color::from_letter(c as char),
        _ => None,
    }
}

#[inline]
fn skip_ws(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && s[i].is_ascii_whitespace() {
        i += 1;
    }
    i
}

/// The most properties a node may have for the scanner (more: the tree parser reads the file).
const MAX_NODE_PROPS: usize = 64;

/// Scan the main line of `s` into `ev` (cleared first). `None` when the file needs the tree
/// parser.
pub(crate) fn scan<'a>(s: &'a [u8], ev: &mut Vec<Ev>) -> Option<Header<'a>> {
    let mut repeated = Vec::new();
    scan_noting_repeats(s, ev, &mut repeated)
}

/// [`scan`], noting in `repeated` (cleared first) the identifier (start, end in `s`) of each
/// property that appears a second time in one node: it is dropped, as the tree parser drops
/// it, and the caller owes the parser's warning ([`super::parse::SgfErrorKind::Repeated`]) for
/// each.
pub(crate) fn scan_noting_repeats<'a>(
    s: &'a [u8],
    ev: &mut Vec<Ev>,
    repeated: &mut Vec<(usize, usize)>,
) -> Option<Header<'a>> {
    repeated.clear();
    ev.clear();
    let mut h = Header::default();
    let mut i = skip_ws(s, 0);
    if s.get(i) != Some(&b'(') {
        return None;
    }
    i += 1;
    let mut depth = 1usize;
    let mut size = Size::square(19).expect("19 is a valid size");
    let mut nodes = 0usize;
    let mut in_node = false;
    let mut node_move: Option<(Color, Move)> = None;
    let mut node_pl: Option<Color> = None;
    // the identifiers of the node's properties so far (start, end in `s`): a property that
    // appears twice in one node is the tree parser's warning, so such a file goes to it
    let mut ids = [(0usize, 0usize); MAX_NODE_PROPS];
    let mut n_ids = 0usize;
    macro_rules! flush {
        () => {
            if let Some(c) = node_pl.take() {
                ev.push(Ev::Player(c));
            }
            if let Some((c, m)) = node_move.take() {
                ev.push(Ev::Play(c, m));
            }
        };
    }
    loop {
        i = skip_ws(s, i);
        let b = *s.get(i)?;
        match b {
            b';' => {
                flush!();
                in_node = true;
                nodes += 1;
                n_ids = 0;
                i += 1;
            }
            b'(' if in_node => {
                depth += 1;
                flush!();
                in_node = false;
                i += 1;
            }
            b')' if in_node => {
                // Only the closing brackets of the open game trees and whitespace may follow:
                // otherwise the file has variations or more games (or stray brackets),
                // and the tree parser reads it, so that every problem anywhere in the file is
                // reported the same way.
                let mut closing = 0;
                for &b in &s[i + 1..] {
                    if b == b')' {
                        closing += 1;
                    } else if !b.is_ascii_whitespace() {
                        return None;
                    }
                }
                if closing + 1 != depth {
                    return None;
                }
                flush!();
                return Some(h);
            }
            b'A'..=b'Z' if in_node => {
                let id_start = i;
                while i < s.len() && s[i].is_ascii_uppercase() {
                    i += 1;
                }
                let id = &s[id_start..i];
                // (B, W and PL twice already send the file to the tree parser below: a move
                // node's common case costs nothing here)
                let tracked = !matches!(id, b"B" | b"W" | b"PL");
                let repeat = tracked && ids[..n_ids].iter().any(|&(a, b)| &s[a..b] == id);
                if repeat && matches!(id, b"AB" | b"AW" | b"AE") {
                    // a repeated setup property: the tree parser merges its values into the
                    // first, so that no stone of the record is lost (and a point set twice
                    // in the node is set in that merged order)
                    return None;
                }
                if repeat {
                    // the second time in this node: dropped with its values, to be warned
                    // about (only a first value is read; a value must follow, as for any
                    // property)
                    repeated.push((id_start, i));
                    i = skip_ws(s, i);
                    if s.get(i) != Some(&b'[') {
                        return None;
                    }
                    while s.get(i) == Some(&b'[') {
                        let e = value_end(s, i + 1)?;
                        i = skip_ws(s, e + 1);
                    }
                    continue;
                }
                if tracked {
                    if n_ids == MAX_NODE_PROPS {
                        return None;
                    }
                    ids[n_ids] = (id_start, i);
                    n_ids += 1;
                }
                i = skip_ws(s, i);
                if s.get(i) != Some(&b'[') {
                    return None;
                }
                // the first value
                let v0 = i + 1;
                let e0 = value_end(s, v0)?;
                let v = &s[v0..e0];
                i = skip_ws(s, e0 + 1);
                let more = s.get(i) == Some(&b'[');
                match id {
                    b"B" | b"W" => {
                        if more || node_move.is_some() {
                            return None;
                        }
                        let c = if id == b"B" {
                            Color::Black
                        } else {
                            Color::White
                        };
                        node_move = Some((c, parse_move(v, size)?));
                    }
                    b"AB" | b"AW" | b"AE" => {
                        let c = match id {
                            b"AB" => Some(Color::Black),
                            b"AW" => Some(Color::White),
                            _ => None,
                        };
                        let mut v = v;
                        loop {
                            if !for_each_listed_point(v, |p| ev.push(Ev::Setup(c, p))) {
                                return None;
                            }
                            if s.get(i) != Some(&b'[') {
                                break;
                            }
                            let e = value_end(s, i + 1)?;
                            v = &s[i + 1..e];
                            i = skip_ws(s, e + 1);
                        }
                    }
                    b"PL" => {
                        if more || node_pl.is_some() {
                            return None;
                        }
                        node_pl = Some(parse_color(v)?);
                    }
                    _ => {
                        if id == b"SZ" {
                            // only in the root, before anything that depends on it
                            if more || nodes != 1 || h.size.is_some() {
                                return None;
                            }
                            size = parse_size(v)?;
                        }
                        // the game information replay only passes on (players, date) may
                        // have more values: the first is kept
                        let info_only = matches!(id, b"PB" | b"PW" | b"DT");
                        if id == b"GM" && nodes == 1 && h.root_game.is_none() {
                            h.root_game = Some(v);
                        }
                        if let Some(slot) = h.slot(id) {
                            if more && !info_only {
                                return None;
                            }
                            if slot.is_none() {
                                *slot = Some(v);
                            }
                        }
                        // skip the remaining values
                        while s.get(i) == Some(&b'[') {
                            let e = value_end(s, i + 1)?;
                            i = skip_ws(s, e + 1);
                        }
                    }
                }
            }
            _ => return None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pt(x: u8, y: u8) -> Point {
        Point::new(x, y)
    }

    #[test]
    fn main_line_only() {
        let mut ev = Vec::new();
        let h = scan(
            b" (;GM[1]SZ[9]C[a \\] b];B[aa](;W[bb]AB[cc:cd]PL[B];B[]))\n",
            &mut ev,
        )
        .unwrap();
        assert_eq!(h.size, Some(&b"9"[..]));
        assert_eq!(
            ev,
            [
                Ev::Play(Color::Black, Move::Play(pt(0, 0))),
                Ev::Setup(Some(Color::Black), pt(2, 2)),
                Ev::Setup(Some(Color::Black), pt(2, 3)),
                Ev::Player(Color::Black),
                Ev::Play(Color::White, Move::Play(pt(1, 1))),
                Ev::Play(Color::Black, Move::Pass),
            ]
        );
    }

    #[test]
    fn falls_back_on_anything_unusual() {
        let mut ev = Vec::new();
        for bad in [
            &b"x(;B[aa])"[..],
            b"(;B[aa]",
            b"(;B[aa][bb])",
            b"(;B[aa]W[bb])",
            b"(;B[a])",
            b"(;AddBlack[aa])",
            b"(;B[aa];SZ[9])",
            b"(;SZ[99])",
            b"((;B[aa]))",
            b"(;B[aa]$)",
            b"(;KM[1][2])",
            b"(;B[aa](;W[bb])(;W[cc]))",
            b"(;B[aa])(;W[bb])",
            b"(;B[aa]))",
            b"(;B[aa](;W[bb])",
        ] {
            assert!(
                scan(bad, &mut ev).is_none(),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}
