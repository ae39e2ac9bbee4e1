//! Clean SGF output: every text value decoded from the file's encoding and written as UTF-8
//! with `CA[UTF-8]` and `FF[4]`, properties in a canonical order, optionally the main line
//! only and without comments; the moves are never changed, and [`clean`] proves it by
//! replaying every game before and after.
//!
//! # Encodings
//! A game's encoding is its `CA` when tengen knows the label; otherwise it is detected from
//! the bytes of the game's non-ASCII values (see [`Detected`]), and the guess is reported:
//! 1. valid UTF-8 is UTF-8;
//! 2. *mangled UTF-8* — UTF-8 in which some bytes were replaced by `?` on the way (as in the
//!    Fox server's records: the bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D, undefined in
//!    windows-1252, became `?`) — is recognised when most non-ASCII sequences are valid UTF-8
//!    and the broken ones contain `?` (or when valid ones far outnumber broken ones). A damaged
//!    character is restored when exactly one of the five bytes the `?` may stand for gives a
//!    character of a short list common in names and Go terms (a guess, counted as such);
//!    otherwise it becomes one U+FFFD and is counted as lost: the missing byte cannot be told
//!    from the rest, so it is not invented;
//! 3. otherwise (with the `encodings` feature) GB18030, Big5, Shift_JIS and EUC-KR are tried,
//!    and windows-1252 (for Western names): each decoding without error is scored by the
//!    characters it yields (the script of its language, a short list of characters common in
//!    names and Go terms, penalties for symbols, half-width katakana, private-use and
//!    replacement characters), and the best is taken. This is a heuristic for short texts
//!    such as player names; `CA` or an explicit encoding overrides it.
//!
//! # Canonical order
//! Root and game-info properties first (`GM FF CA AP ST SZ GN EV RO DT PC PB BR BT PW WR WT RU
//! KM HA TM OT RE ...`), then the move, setup, timing, annotation and markup properties, then
//! unknown ones in the order read. Values are written by [`super::write`] (point lists
//! expanded and sorted, passes as `B[]`).

use std::collections::HashMap;

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

/// How a game's text was decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detected {
    /// No non-ASCII byte in any text: nothing to decode.
    Ascii,
    /// The encoding named by the game's `CA` (or given in [`CleanOptions::encoding`]).
    Declared(&'static str),
    /// No usable `CA`; the text is valid UTF-8.
    Utf8,
    /// No usable `CA`; UTF-8 damaged by `?` replacements: `lost` characters could not be
    /// recovered and were written as U+FFFD.
    MangledUtf8 {
        /// Characters restored by a guess: of the five bytes that could have been replaced,
        /// exactly one gives a character common in names and Go terms.
        restored: usize,
        /// Characters written as U+FFFD.
        lost: usize,
    },
    /// No usable `CA`; this legacy encoding was guessed.
    Guessed(&'static str),
}

impl Detected {
    /// Whether this was a guess (no `CA` told it) on non-ASCII text.
    pub fn is_guess(self) -> bool {
        !matches!(self, Detected::Ascii | Detected::Declared(_))
    }
}

impl std::fmt::Display for Detected {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Detected::Ascii => f.write_str("ASCII"),
            Detected::Declared(n) => write!(f, "{n} (from CA)"),
            Detected::Utf8 => f.write_str("UTF-8 (guessed: no CA, valid UTF-8)"),
            Detected::MangledUtf8 { restored, lost } => write!(
                f,
                "UTF-8 with bytes replaced by '?' (guessed: no CA; {restored} damaged \
                 character(s) restored by guess, {lost} written as U+FFFD)"
            ),
            Detected::Guessed(n) => write!(f, "{n} (guessed: no CA, not UTF-8)"),
        }
    }
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

/// Properties whose values are never text (moves and point lists are ASCII by syntax).
const NOT_TEXT: [&str; 14] = [
    "B", "W", "AB", "AW", "AE", "TR", "SQ", "CR", "MA", "SL", "DD", "TB", "TW", "VW",
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

/// How one value is decoded.
#[derive(Clone, Copy, Debug)]
enum Enc {
    Utf8,
    Mangled,
    Latin1,
    #[cfg(feature = "encodings")]
    Legacy(&'static encoding_rs::Encoding),
}

fn choose_encoding(
    coll: &Collection,
    root: NodeId,
    nodes: &[NodeId],
    forced: Option<TextEncoding>,
) -> (Enc, Detected) {
    let declared = forced.or_else(|| {
        let ca = coll.node(root).value("CA")?;
        let e = TextEncoding::from_ca(Some(ca));
        (e != TextEncoding::Guess).then_some(e)
    });
    let mut bytes = Vec::new();
    for &n in nodes {
        for p in &coll.node(n).props {
            if NOT_TEXT.contains(&p.id.as_str()) || p.id == "CA" {
                continue;
            }
            for v in &p.values {
                if !v.is_ascii() {
                    bytes.extend_from_slice(&unescape(v));
                    bytes.push(b'\n');
                }
            }
        }
    }
    if let Some(e) = declared {
        return match e {
            TextEncoding::Latin1 => (Enc::Latin1, Detected::Declared("ISO-8859-1")),
            #[cfg(feature = "encodings")]
            TextEncoding::Known(k) if k == encoding_rs::UTF_8 => {
                if std::str::from_utf8(&bytes).is_ok() {
                    (Enc::Utf8, Detected::Declared("UTF-8"))
                } else {
                    (
                        Enc::Mangled,
                        Detected::MangledUtf8 {
                            restored: 0,
                            lost: 0,
                        },
                    )
                }
            }
            #[cfg(feature = "encodings")]
            TextEncoding::Known(k) => (Enc::Legacy(k), Detected::Declared(k.name())),
            TextEncoding::Guess => (Enc::Utf8, Detected::Utf8),
        };
    }
    if bytes.is_empty() {
        return (Enc::Utf8, Detected::Ascii);
    }
    if std::str::from_utf8(&bytes).is_ok() {
        return (Enc::Utf8, Detected::Utf8);
    }
    let (valid, broken, with_question) = utf8_damage(&bytes);
    if valid > 0 && (with_question == broken || valid >= 4 * broken) {
        return (
            Enc::Mangled,
            Detected::MangledUtf8 {
                restored: 0,
                lost: 0,
            },
        );
    }
    guess_legacy(&bytes)
}

#[cfg(not(feature = "encodings"))]
fn guess_legacy(_bytes: &[u8]) -> (Enc, Detected) {
    (Enc::Latin1, Detected::Guessed("ISO-8859-1"))
}

#[cfg(feature = "encodings")]
fn guess_legacy(bytes: &[u8]) -> (Enc, Detected) {
    use encoding_rs::{BIG5, EUC_KR, GB18030, SHIFT_JIS, WINDOWS_1252};
    let mut best: Option<(f64, &'static encoding_rs::Encoding)> = None;
    for (e, lang) in [
        (GB18030, Lang::Hans),
        (BIG5, Lang::Hant),
        (SHIFT_JIS, Lang::Ja),
        (EUC_KR, Lang::Ko),
    ] {
        if let Some(text) = e.decode_without_bom_handling_and_without_replacement(bytes) {
            let s = score_text(&text, lang) / bytes.len() as f64;
            if best.is_none_or(|(b, _)| s > b) {
                best = Some((s, e));
            }
        }
    }
    let western = score_latin1(bytes) / bytes.len() as f64;
    match best {
        Some((s, e)) if s >= western => (Enc::Legacy(e), Detected::Guessed(e.name())),
        _ => (
            Enc::Legacy(WINDOWS_1252),
            Detected::Guessed(WINDOWS_1252.name()),
        ),
    }
}

#[cfg(feature = "encodings")]
#[derive(Clone, Copy, PartialEq, Eq)]
enum Lang {
    Hans,
    Hant,
    Ja,
    Ko,
}

/// Characters common in simplified-Chinese player names and Go terms.
const COMMON_HANS: &str = "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖\
    田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷\
    侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤常柯古时芈檀辜连申一二三四五六七八九十段棋围黑白胜\
    负局赛杯届第中国日本韩手业职冠军名人天元王座决赛轮野狐弈城子目半和对战级强新明华文伟军平东海\
    小大金山";

/// Characters common in traditional-Chinese player names and Go terms.
const COMMON_HANT: &str = "王李張劉陳楊黃趙吳周徐孫馬朱胡郭何高林羅鄭梁謝宋唐許韓馮鄧曹彭曾蕭\
    田董袁潘于蔣蔡余杜葉程蘇魏呂丁任沈姚盧姜崔鍾譚陸汪范金石廖賈夏韋方白鄒孟熊秦邱江尹薛段雷\
    侯龍史陶黎賀顧毛郝龔邵萬錢嚴武戴莫孔向湯柯洪賴莊簡詹施顏翁一二三四五六七八九十段棋圍黑白勝\
    負局賽杯屆第中國日本韓手業職冠軍名人天元王座決輪子目和對戰級強新明華文偉平東海小大金山";

/// Characters common in Japanese player names and Go terms (kanji; kana score on their own).
const COMMON_JA: &str = "田中山本井藤川村木佐高橋小林松渡辺伊加吉口斎石段碁棋聖名人因坊王座\
    天元黒白勝負局戦杯第日韓手十一二三四五六七八九目半持先番野原島谷崎森池上下大太郎子美";

/// Hangul syllables common in Korean names and Go terms.
const COMMON_KO: &str = "김이박최정강조윤장임한오서신권황안송류전홍고문양손배백허유남심노하곽\
    성차주우구민진나지엄채원천방공현함변염여추도소석선설마길연위표명기반왕금옥육인맹제모탁국어은\
    편용예경봉사부가복태목형피두감음빈동온호범좌팽승간상갈단견당화창바둑흑대회준영수재혁훈";

#[cfg(feature = "encodings")]
fn score_text(text: &str, lang: Lang) -> f64 {
    let common = match lang {
        Lang::Hans => COMMON_HANS,
        Lang::Hant => COMMON_HANT,
        Lang::Ja => COMMON_JA,
        Lang::Ko => COMMON_KO,
    };
    let mut s = 0.0;
    for c in text.chars().filter(|c| !c.is_ascii()) {
        let u = c as u32;
        let cjk = (0x4E00..=0x9FFF).contains(&u);
        let kana = (0x3041..=0x30FF).contains(&u);
        let hangul = (0xAC00..=0xD7A3).contains(&u);
        let punct = (0x3000..=0x303F).contains(&u) || (0xFF01..=0xFF60).contains(&u);
        let halfwidth_kana = (0xFF61..=0xFF9F).contains(&u);
        s += if common.contains(c) {
            3.0
        } else if punct {
            0.5
        } else {
            match lang {
                Lang::Hans | Lang::Hant if cjk => 1.0,
                Lang::Ja if kana => 2.0,
                Lang::Ja if cjk => 1.0,
                Lang::Ja if halfwidth_kana => -1.0,
                Lang::Ko if hangul => 1.0,
                Lang::Ko if cjk => 0.0,
                _ => -2.0,
            }
        };
    }
    s
}

/// A western reading scores the letters (À to ÿ) standing alone between ASCII bytes, as in
/// `Müller` or `café`; runs of high bytes are what multi-byte encodings look like.
#[cfg(feature = "encodings")]
fn score_latin1(bytes: &[u8]) -> f64 {
    let high = |i: usize| bytes.get(i).is_some_and(|b| *b >= 0x80);
    let mut s = 0.0;
    for (i, &b) in bytes.iter().enumerate() {
        if b >= 0x80 {
            let alone = !high(i + 1) && (i == 0 || !high(i - 1));
            let letter = b >= 0xC0 && b != 0xD7 && b != 0xF7;
            s += if alone && letter { 2.0 } else { -0.5 };
        }
    }
    s
}

/// Valid multi-byte UTF-8 sequences, broken spots, and broken spots involving a `?`.
fn utf8_damage(bytes: &[u8]) -> (usize, usize, usize) {
    let (mut valid, mut broken, mut question) = (0, 0, 0);
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if b == b'?' && i + 1 < bytes.len() && is_cont(bytes[i + 1]) {
                // a replaced lead byte: '?' then orphan continuation bytes
                broken += 1;
                question += 1;
                i += 1;
                while i < bytes.len() && is_cont(bytes[i]) {
                    i += 1;
                }
                continue;
            }
            i += 1;
            continue;
        }
        match damaged_len(&bytes[i..]) {
            Ok(n) => {
                valid += 1;
                i += n;
            }
            Err((n, q)) => {
                broken += 1;
                question += usize::from(q);
                i += n;
            }
        }
    }
    (valid, broken, question)
}

fn is_cont(b: u8) -> bool {
    (0x80..0xC0).contains(&b)
}

/// At a non-ASCII byte: `Ok(len)` of a valid UTF-8 character, or `Err((len, has_question))`
/// for a damaged one: the lead byte and the following continuation bytes or `?`s that belong
/// to it (at least one byte).
fn damaged_len(s: &[u8]) -> Result<usize, (usize, bool)> {
    let want = match s[0] {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Err((1, false)),
    };
    if s.len() >= want && std::str::from_utf8(&s[..want]).is_ok() {
        return Ok(want);
    }
    let mut n = 1;
    let mut q = false;
    while n < want && n < s.len() && (is_cont(s[n]) || s[n] == b'?') {
        q |= s[n] == b'?';
        n += 1;
    }
    Err((n, q))
}

/// Characters of mangled UTF-8 restored by guess and lost.
#[derive(Clone, Copy, Debug, Default)]
struct Damage {
    restored: usize,
    lost: usize,
}

/// The bytes undefined in windows-1252, which a round trip through it turns into `?`.
const REPLACED: [u8; 5] = [0x81, 0x8D, 0x8F, 0x90, 0x9D];

/// A damaged character (lead byte, then continuation bytes and `?`s): the one character
/// common in names and Go terms among those the `?`s could have been, if exactly one.
fn restore(seq: &[u8]) -> Option<char> {
    let holes: Vec<usize> = (0..seq.len()).filter(|&i| seq[i] == b'?').collect();
    if holes.is_empty() || holes.len() > 2 {
        return None;
    }
    let mut found = None;
    let mut buf = seq.to_vec();
    for k in 0..REPLACED.len().pow(holes.len() as u32) {
        let mut k = k;
        for &h in &holes {
            buf[h] = REPLACED[k % REPLACED.len()];
            k /= REPLACED.len();
        }
        let Ok(s) = std::str::from_utf8(&buf) else {
            continue;
        };
        let c = s.chars().next()?;
        if [COMMON_HANS, COMMON_HANT, COMMON_JA, COMMON_KO]
            .iter()
            .any(|l| l.contains(c))
        {
            if found.is_some_and(|f| f != c) {
                return None;
            }
            found = Some(c);
        }
    }
    found
}

/// Decode mangled UTF-8: every damaged character is restored when [`restore`] can tell it,
/// else becomes one U+FFFD.
fn decode_mangled(bytes: &[u8], lost: &mut Damage) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            if b == b'?' && i + 1 < bytes.len() && is_cont(bytes[i + 1]) {
                i += 1;
                while i < bytes.len() && is_cont(bytes[i]) {
                    i += 1;
                }
                out.push('\u{FFFD}');
                lost.lost += 1;
                continue;
            }
            out.push(b as char);
            i += 1;
            continue;
        }
        match damaged_len(&bytes[i..]) {
            Ok(n) => {
                out.push_str(std::str::from_utf8(&bytes[i..i + n]).unwrap_or("\u{FFFD}"));
                i += n;
            }
            Err((n, q)) => {
                match q.then(|| restore(&bytes[i..i + n])).flatten() {
                    Some(c) => {
                        out.push(c);
                        lost.restored += 1;
                    }
                    None => {
                        out.push('\u{FFFD}');
                        lost.lost += 1;
                    }
                }
                i += n;
            }
        }
    }
    out
}

fn decode_with(bytes: &[u8], enc: Enc, lost: &mut Damage) -> String {
    match enc {
        Enc::Utf8 | Enc::Mangled => decode_mangled(bytes, lost),
        Enc::Latin1 => bytes.iter().map(|&b| b as char).collect(),
        #[cfg(feature = "encodings")]
        Enc::Legacy(e) => {
            let (s, had_errors) = e.decode_without_bom_handling(bytes);
            if had_errors {
                lost.lost += s.chars().filter(|&c| c == '\u{FFFD}').count();
            }
            s.into_owned()
        }
    }
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

fn transcode_value(id: &str, raw: &[u8], enc: Enc, lost: &mut Damage) -> Vec<u8> {
    if raw.is_ascii() || NOT_TEXT.contains(&id) {
        return raw.to_vec();
    }
    let mut out = Vec::with_capacity(raw.len() + raw.len() / 2);
    if COMPOSED.contains(&id) {
        if let Some(colon) = unescaped_colon(raw) {
            let a = decode_with(&unescape(&raw[..colon]), enc, lost);
            let b = decode_with(&unescape(&raw[colon + 1..]), enc, lost);
            escape(&a, true, &mut out);
            out.push(b':');
            escape(&b, true, &mut out);
            return out;
        }
    }
    let text = decode_with(&unescape(raw), enc, lost);
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
    fn mangled_utf8_loses_one_character_per_damaged_one() {
        // 李 is e6 9d 8e; with 0x9d replaced by '?'
        let mut d = Damage::default();
        // of the five candidates only 李 is common in names
        let s = decode_mangled(b"\xe6?\x8e\xe7\xbb\xb4 ok", &mut d);
        assert_eq!(s, "李维 ok");
        assert_eq!((d.restored, d.lost), (1, 0));
        // no candidate of e4 ? 80 is common: lost
        let mut d = Damage::default();
        assert_eq!(decode_mangled(b"\xe4?\x80x", &mut d), "\u{FFFD}x");
        assert_eq!((d.restored, d.lost), (0, 1));
        // a replaced lead byte
        let mut d = Damage::default();
        assert_eq!(decode_mangled(b"a?\xa7b", &mut d), "a\u{FFFD}b");
        assert_eq!(d.lost, 1);
        assert_eq!(utf8_damage(b"\xe6?\x8e\xe7\xbb\xb4"), (1, 1, 1));
    }

    #[test]
    fn escapes_survive() {
        let mut lost = Damage::default();
        let v = transcode_value("C", b"caf\xc3\xa9 \\] x\\\\", Enc::Utf8, &mut lost);
        assert_eq!(v, "café \\] x\\\\".as_bytes());
        let v = transcode_value("AP", b"G\xc3\xb6:1.0", Enc::Utf8, &mut lost);
        assert_eq!(v, "Gö:1.0".as_bytes());
    }
}
