//! The SGF tree parser: bytes to a [`Collection`], strict or lenient, without recursion.
//!
//! The grammar (FF[4]): `Collection = GameTree+`, `GameTree = "(" Sequence GameTree* ")"`,
//! `Sequence = Node+`, `Node = ";" Property*`, `Property = Ident Value+`,
//! `Value = "[" bytes "]"` where `\` escapes the next byte. Open game trees are kept on an
//! explicit stack, so the nesting depth of the input only costs heap memory.
//!
//! # Strict and lenient
//! In [`Mode::Strict`] the first deviation from the grammar is an [`SgfError`] naming the line,
//! the column (in bytes, from 1) and what was expected. In [`Mode::Lenient`] the parser
//! recovers and records a [`Warning`] instead:
//! - bytes before the first `(` or between game trees are skipped;
//! - a stray `)` is ignored; game trees left open at the end of the file are closed;
//! - a value not closed by `]` runs to the end of the file;
//! - an identifier without a value, or a property before the first `;`, is dropped;
//! - a repeated property in one node has its values merged into the first;
//! - a node after a variation (`(;a(;b);c)`) becomes one more variation;
//! - an empty game tree `()` is dropped; other stray bytes are skipped.
//!
//! Only a file with no game tree at all is an error in lenient mode.
//! Lower-case letters in identifiers (old FF[1]–FF[3] style such as `AddBlack`) are dropped in
//! both modes, as FF[4] asks of readers.

use std::fmt;

use super::tree::{Collection, NodeId, Property};

/// Most nodes one file may hold (a limit in both modes; a 200,000-move game has 200,001).
pub const MAX_NODES: usize = 10_000_000;

/// Deepest nesting of game trees (variations within variations) one file may have, in both
/// modes. The parser is iterative, so this bounds memory, not the stack.
pub const MAX_DEPTH: usize = 1_000_000;

/// How forgiving the parser is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// The first malformed spot is an error.
    Strict,
    /// Recover what can be recovered and list the problems as warnings.
    #[default]
    Lenient,
}

/// What is wrong at a spot of an SGF file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SgfErrorKind {
    /// The file holds no game tree.
    #[error("no game tree: expected '(' to start one")]
    NoGameTree,
    /// Something other than what the grammar allows here.
    #[error("expected {expected}, found {found}")]
    Unexpected {
        /// What the grammar allows here.
        expected: &'static str,
        /// What the file has (a quoted character or a description).
        found: String,
    },
    /// The file ends inside a game tree.
    #[error("unexpected end of file: {open} game tree(s) not closed, expected ')'")]
    Unclosed {
        /// How many game trees are still open.
        open: usize,
    },
    /// A value's `[` has no matching `]`.
    #[error("property value is not closed: expected ']' before the end of the file")]
    UnclosedValue,
    /// More than [`MAX_NODES`] nodes: refused so a hostile file cannot fill memory.
    #[error("more than {MAX_NODES} nodes in the file")]
    TooManyNodes,
    /// Game trees nested deeper than [`MAX_DEPTH`].
    #[error("game trees nested more than {MAX_DEPTH} deep")]
    TooDeep,
    /// A property identifier is not followed by `[`.
    #[error("property {0} has no value: expected '[' after it")]
    NoValue(String),
    /// A property appears before the first node of a game tree.
    #[error("property {0} is outside a node: expected ';' before it")]
    OutsideNode(String),
    /// A property appears twice in one node.
    #[error("property {0} appears twice in one node")]
    Repeated(String),
    /// An identifier made only of lower-case letters.
    #[error("property identifier {0:?} has no upper-case letter")]
    BadIdent(String),
}

/// A malformed SGF file: where (line and column from 1, column in bytes) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct SgfError {
    /// Line number, from 1.
    pub line: usize,
    /// Column in bytes, from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: SgfErrorKind,
}

/// A problem the lenient parser (or replay) recovered from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Warning {
    /// Line number, from 1 (0 when the problem has no place in the file).
    pub line: usize,
    /// Column in bytes, from 1 (0 when the problem has no place in the file).
    pub column: usize,
    /// What kind of problem it is (for counting many records' warnings by kind).
    pub kind: WarningKind,
    /// What was wrong and what was done about it.
    pub message: String,
}

/// The kinds of [`Warning`]: what was wrong, in classes a summary can count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum WarningKind {
    /// Malformed SGF the lenient parser recovered from.
    Syntax,
    /// A value ignored or reordered: not a move or a point, `PL` not `B` or `W`, several
    /// values of a move, both `B` and `W` in one node, `SZ` outside the root.
    Value,
    /// A file holding several games: only the first is replayed.
    Games,
    /// An `RU` tengen does not know: other rules used.
    Rules,
    /// A `KM` that is not a whole or half number: the rules' komi used.
    Komi,
    /// A `KM` read as the Fox server's encoding ([`fox`](super::fox)).
    FoxKomi,
    /// An `HA` negative or above the board's points: ignored.
    Handicap,
    /// Setup corrected: points off the board, chains left without liberties.
    Setup,
    /// A move breaking the ko, superko or suicide rule, played as SGF says (tolerant replay).
    Tolerated,
}

impl WarningKind {
    /// A short name for JSON: `syntax`, `value`, `games`, `rules`, `komi`, `fox-komi`,
    /// `handicap`, `setup`, `tolerated`.
    pub fn name(self) -> &'static str {
        match self {
            WarningKind::Syntax => "syntax",
            WarningKind::Value => "value",
            WarningKind::Games => "games",
            WarningKind::Rules => "rules",
            WarningKind::Komi => "komi",
            WarningKind::FoxKomi => "fox-komi",
            WarningKind::Handicap => "handicap",
            WarningKind::Setup => "setup",
            WarningKind::Tolerated => "tolerated",
        }
    }

    /// What the kind says, for a count of records: `komi read as Fox's encoding`.
    pub fn description(self) -> &'static str {
        match self {
            WarningKind::Syntax => "malformed SGF recovered",
            WarningKind::Value => "malformed or misplaced values ignored",
            WarningKind::Games => "several games in one file, the first replayed",
            WarningKind::Rules => "RU not known, other rules used",
            WarningKind::Komi => "KM not a number, the rules' komi used",
            WarningKind::FoxKomi => "komi read as Fox's encoding",
            WarningKind::Handicap => "HA negative or above the board's points, ignored",
            WarningKind::Setup => "setup corrected",
            WarningKind::Tolerated => "moves against the ko or suicide rule played as SGF says",
        }
    }
}

impl fmt::Display for Warning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(
                f,
                "line {}, column {}: {}",
                self.line, self.column, self.message
            )
        } else {
            f.write_str(&self.message)
        }
    }
}

impl From<SgfError> for Warning {
    fn from(e: SgfError) -> Warning {
        Warning {
            line: e.line,
            column: e.column,
            kind: WarningKind::Syntax,
            message: e.kind.to_string(),
        }
    }
}

/// A parsed file and the problems the lenient mode recovered from (always empty in strict
/// mode).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parsed {
    /// The game trees.
    pub collection: Collection,
    /// The problems recovered from, in file order.
    pub warnings: Vec<Warning>,
}

/// Turns byte offsets into line and column, moving forward only (problems come in file order).
pub(crate) struct LineIndex<'a> {
    s: &'a [u8],
    off: usize,
    line: usize,
    line_start: usize,
}

impl<'a> LineIndex<'a> {
    pub(crate) fn new(s: &'a [u8]) -> Self {
        LineIndex {
            s,
            off: 0,
            line: 1,
            line_start: 0,
        }
    }

    pub(crate) fn at(&mut self, off: usize) -> (usize, usize) {
        let off = off.min(self.s.len());
        if off < self.off {
            *self = LineIndex::new(self.s);
        }
        for i in memchr::memchr_iter(b'\n', &self.s[self.off..off]) {
            self.line += 1;
            self.line_start = self.off + i + 1;
        }
        self.off = off;
        (self.line, off - self.line_start + 1)
    }
}

fn describe(s: &[u8], i: usize) -> String {
    match s.get(i) {
        None => "the end of the file".to_string(),
        Some(&b) if b.is_ascii_graphic() => format!("'{}'", b as char),
        Some(&b) => format!("byte 0x{b:02x}"),
    }
}

/// Where a value that starts after the `[` at `start` ends: the index of its `]`.
#[inline(always)]
pub(crate) fn value_end(s: &[u8], start: usize) -> Option<usize> {
    // Most values are moves (two bytes or none): look at the first three bytes directly
    // before handing long values to memchr.
    for (k, &b) in s.iter().enumerate().skip(start).take(3) {
        match b {
            b']' => return Some(k),
            b'\\' => break,
            _ => {}
        }
    }
    value_end_long(s, start)
}

fn value_end_long(s: &[u8], start: usize) -> Option<usize> {
    let mut j = start;
    loop {
        let k = j + memchr::memchr2(b']', b'\\', &s[j..])?;
        if s[k] == b']' {
            return Some(k);
        }
        j = k + 2;
        if j > s.len() {
            return None;
        }
    }
}

struct Frame {
    /// The node the tree hangs from (`None` for a game's root tree).
    parent: Option<NodeId>,
    /// The last node of this tree's sequence so far.
    last: Option<NodeId>,
    /// Whether a variation has been opened in this tree.
    had_variation: bool,
}

struct Parser<'a> {
    mode: Mode,
    lines: LineIndex<'a>,
    warnings: Vec<Warning>,
}

impl Parser<'_> {
    /// A problem at `off`: the error in strict mode, a warning in lenient mode.
    fn problem(&mut self, off: usize, kind: SgfErrorKind) -> Result<(), SgfError> {
        let (line, column) = self.lines.at(off);
        let e = SgfError { line, column, kind };
        match self.mode {
            Mode::Strict => Err(e),
            Mode::Lenient => {
                self.warnings.push(e.into());
                Ok(())
            }
        }
    }
}

/// Parse an SGF file.
///
/// # Errors
/// In strict mode, the first malformed spot; in lenient mode only a file without any game
/// tree ([`SgfErrorKind::NoGameTree`]). In both modes, a file over the limits
/// ([`MAX_NODES`], [`MAX_DEPTH`]).
pub fn parse(s: &[u8], mode: Mode) -> Result<Parsed, SgfError> {
    let mut coll = Collection::default();
    let warnings = parse_into(s, mode, &mut coll)?;
    Ok(Parsed {
        collection: coll,
        warnings,
    })
}

/// What the parser builds from a file: the whole tree ([`Collection`]) or only what one
/// reader keeps of it (replay's main line, see `line_events`). The parser calls it in file
/// order; properties always go to the node added last.
pub(crate) trait Build {
    /// The number of nodes added so far (kept or not): the [`MAX_NODES`] limit counts them.
    fn nodes(&self) -> usize;
    /// Add a node under `parent` (`None`: the root of a new game) and return its id.
    fn add_node(&mut self, parent: Option<NodeId>) -> NodeId;
    /// Add a property to `node`, the node added last. When the node has `id` already, merge
    /// the values into it and hand `id` back as the error (the parser reports it).
    fn add_prop(&mut self, node: NodeId, id: String, values: Vec<Vec<u8>>) -> Result<(), String>;
    /// Whether a game has been started.
    fn has_root(&self) -> bool;
}

impl Build for Collection {
    fn nodes(&self) -> usize {
        self.len()
    }

    fn add_node(&mut self, parent: Option<NodeId>) -> NodeId {
        Collection::add_node(self, parent)
    }

    fn add_prop(&mut self, node: NodeId, id: String, values: Vec<Vec<u8>>) -> Result<(), String> {
        let node = self.node_mut(node);
        if let Some(k) = node.props.iter().position(|q| q.id == id) {
            node.props[k].values.extend(values);
            Err(id)
        } else {
            node.props.push(Property { id, values });
            Ok(())
        }
    }

    fn has_root(&self) -> bool {
        !self.roots.is_empty()
    }
}

/// [`parse`] into any [`Build`]: the same grammar, recovery, warnings and limits whatever is
/// kept. Answers the warnings.
pub(crate) fn parse_into(
    s: &[u8],
    mode: Mode,
    coll: &mut impl Build,
) -> Result<Vec<Warning>, SgfError> {
    let mut p = Parser {
        mode,
        lines: LineIndex::new(s),
        warnings: Vec::new(),
    };
    let mut stack: Vec<Frame> = Vec::new();
    let mut cur: Option<NodeId> = None;
    let mut i = 0;
    let n = s.len();
    while i < n {
        let b = s[i];
        match b {
            b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c => i += 1,
            _ if stack.is_empty() && b != b'(' => {
                // outside any game tree: skip to the next '(' with one report
                let found = describe(s, i);
                p.problem(
                    i,
                    SgfErrorKind::Unexpected {
                        expected: "'(' to start a game tree",
                        found,
                    },
                )?;
                i = memchr::memchr(b'(', &s[i..]).map_or(n, |k| i + k);
            }
            b'(' => {
                let parent = match stack.last_mut() {
                    None => None,
                    Some(top) => {
                        if top.last.is_none() {
                            p.problem(
                                i,
                                SgfErrorKind::Unexpected {
                                    expected: "';' to start a node",
                                    found: "'('".into(),
                                },
                            )?;
                        }
                        // re-borrow after the problem report
                        let top = stack.last_mut().expect("frame");
                        top.had_variation = true;
                        top.last.or(top.parent)
                    }
                };
                if stack.len() >= MAX_DEPTH {
                    let (line, column) = p.lines.at(i);
                    return Err(SgfError {
                        line,
                        column,
                        kind: SgfErrorKind::TooDeep,
                    });
                }
                stack.push(Frame {
                    parent,
                    last: None,
                    had_variation: false,
                });
                cur = None;
                i += 1;
            }
            b')' => {
                match stack.pop() {
                    None => p.problem(
                        i,
                        SgfErrorKind::Unexpected {
                            expected: "'(' to start a game tree",
                            found: "')'".into(),
                        },
                    )?,
                    Some(f) if f.last.is_none() => p.problem(
                        i,
                        SgfErrorKind::Unexpected {
                            expected: "';' to start a node",
                            found: "')'".into(),
                        },
                    )?,
                    Some(_) => {}
                }
                cur = None;
                i += 1;
            }
            b';' => {
                if stack.last().is_some_and(|t| t.had_variation) {
                    p.problem(
                        i,
                        SgfErrorKind::Unexpected {
                            expected: "'(' or ')' after a variation",
                            found: "';'".into(),
                        },
                    )?;
                }
                if coll.nodes() >= MAX_NODES {
                    let (line, column) = p.lines.at(i);
                    return Err(SgfError {
                        line,
                        column,
                        kind: SgfErrorKind::TooManyNodes,
                    });
                }
                let top = stack.last_mut().expect("frame");
                let parent = top.last.or(top.parent);
                let id = coll.add_node(parent);
                top.last = Some(id);
                cur = Some(id);
                i += 1;
            }
            b'A'..=b'Z' | b'a'..=b'z' => {
                let start = i;
                let mut id = String::new();
                while i < n && s[i].is_ascii_alphabetic() {
                    if s[i].is_ascii_uppercase() {
                        id.push(s[i] as char);
                    }
                    i += 1;
                }
                let ident_end = i;
                while i < n && s[i].is_ascii_whitespace() {
                    i += 1;
                }
                let mut values = Vec::new();
                while i < n && s[i] == b'[' {
                    let vstart = i + 1;
                    match value_end(s, vstart) {
                        Some(end) => {
                            values.push(s[vstart..end].to_vec());
                            i = end + 1;
                        }
                        None => {
                            p.problem(i, SgfErrorKind::UnclosedValue)?;
                            values.push(s[vstart..].to_vec());
                            i = n;
                        }
                    }
                    while i < n && s[i].is_ascii_whitespace() {
                        i += 1;
                    }
                }
                if id.is_empty() {
                    let raw = String::from_utf8_lossy(&s[start..ident_end]).into_owned();
                    p.problem(start, SgfErrorKind::BadIdent(raw))?;
                    continue;
                }
                if values.is_empty() {
                    p.problem(start, SgfErrorKind::NoValue(id))?;
                    continue;
                }
                let Some(node) = cur else {
                    p.problem(start, SgfErrorKind::OutsideNode(id))?;
                    continue;
                };
                if let Err(id) = coll.add_prop(node, id, values) {
                    p.problem(start, SgfErrorKind::Repeated(id))?;
                }
            }
            _ => {
                let at = i;
                // skip a run of stray bytes with one report
                while i < n
                    && !matches!(s[i], b'(' | b')' | b';' | b'[')
                    && !s[i].is_ascii_alphabetic()
                {
                    i += 1;
                }
                let found = describe(s, at);
                p.problem(
                    at,
                    SgfErrorKind::Unexpected {
                        expected: "a property, ';', '(' or ')'",
                        found,
                    },
                )?;
                if s.get(i) == Some(&b'[') {
                    // a value without an identifier
                    i = value_end(s, i + 1).map_or(n, |e| e + 1);
                }
            }
        }
    }
    if !stack.is_empty() {
        p.problem(n, SgfErrorKind::Unclosed { open: stack.len() })?;
    }
    if !coll.has_root() {
        let (line, column) = p.lines.at(n);
        return Err(SgfError {
            line,
            column,
            kind: SgfErrorKind::NoGameTree,
        });
    }
    Ok(p.warnings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn main_line_and_variations() {
        let p = parse(b"(;SZ[9];B[aa](;W[bb];B[cc])(;W[dd]))", Mode::Strict).unwrap();
        let c = &p.collection;
        let ids: Vec<_> = c.main_line(c.roots()[0]).collect();
        assert_eq!(ids.len(), 4);
        assert_eq!(c.node(ids[3]).value("B"), Some(&b"cc"[..]));
        assert_eq!(c.node(ids[1]).children.len(), 2);
    }

    #[test]
    fn strict_errors_name_the_spot() {
        let e = parse(b"(;B[aa]\n;W[bb]", Mode::Strict).unwrap_err();
        assert_eq!((e.line, e.column), (2, 7));
        assert!(e.to_string().contains("expected ')'"), "{e}");
        let e = parse(b"(;B[aa];W", Mode::Strict).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::NoValue("W".into()));
        assert_eq!((e.line, e.column), (1, 9));
        let e = parse(b"(;C[abc", Mode::Strict).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::UnclosedValue);
        let e = parse(b"(;B[aa]B[bb])", Mode::Strict).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::Repeated("B".into()));
        let e = parse(b"  ", Mode::Lenient).unwrap_err();
        assert_eq!(e.kind, SgfErrorKind::NoGameTree);
    }

    #[test]
    fn lenient_recovers() {
        let p = parse(b"junk (;B[aa]))(;W[bb]$;B[cc]", Mode::Lenient).unwrap();
        assert_eq!(p.collection.roots().len(), 2);
        assert_eq!(p.warnings.len(), 4, "{:?}", p.warnings);
    }

    #[test]
    fn escapes_do_not_end_values() {
        let p = parse(br"(;C[a\]b\\]GN[x])", Mode::Strict).unwrap();
        let n = p.collection.node(0);
        assert_eq!(n.value("C"), Some(&br"a\]b\\"[..]));
        assert_eq!(n.value("GN"), Some(&b"x"[..]));
    }

    #[test]
    fn old_style_identifiers() {
        let p = parse(b"(;AddBlack[aa]CoPyright[x])", Mode::Strict).unwrap();
        assert!(p.collection.node(0).get("AB").is_some());
        assert!(p.collection.node(0).get("CP").is_some());
    }
}
