//! Text-encoding detection for games without a usable `CA`: the one detector used by replay
//! (`tengen replay`, `score`, `analysis`, GTP `loadsgf`), [`super::clean`] (`tengen sgf`) and
//! the Python and wasm bindings.
//!
//! The steps, on the bytes of the game's text values (or of the whole file: moves and points
//! are ASCII, so only text contributes):
//! 1. no non-ASCII byte: ASCII;
//! 2. valid UTF-8 is UTF-8;
//! 3. *mangled UTF-8* — UTF-8 in which some bytes were replaced by `?` on the way (as in the
//!    Fox server's records: the bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D, undefined in
//!    windows-1252, became `?`) — is recognised when most non-ASCII sequences are valid UTF-8
//!    and the broken ones contain `?` (or when valid ones far outnumber broken ones). A damaged
//!    character is restored when exactly one of the five bytes the `?` may stand for gives a
//!    character of a short list common in names and Go terms (a guess, counted as such);
//!    otherwise it becomes one U+FFFD and is counted as lost: the missing byte cannot be told
//!    from the rest, so it is not invented. This step needs no dependency;
//! 4. otherwise, with the `encodings` feature, GB18030, Big5, Shift_JIS and EUC-KR are tried,
//!    and windows-1252 (for Western names): each decoding without error is scored by the
//!    characters it yields (the script of its language, a short list of characters common in
//!    names and Go terms, penalties for symbols, half-width katakana, private-use and
//!    replacement characters), and the best is taken. This is a heuristic for short texts
//!    such as player names; `CA` or an explicit encoding overrides it. Without the feature,
//!    latin-1.

use super::encoding::{unescape, TextEncoding};
use super::tree::{Collection, NodeId, Property};

/// How a game's text was decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Detected {
    /// No non-ASCII byte in any text: nothing to decode.
    Ascii,
    /// The encoding named by the game's `CA` (or given in [`CleanOptions::encoding`](super::clean::CleanOptions::encoding)).
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

#[cfg(not(feature = "encodings"))]
fn guess_legacy(_bytes: &[u8]) -> (TextEncoding, Detected) {
    (TextEncoding::Latin1, Detected::Guessed("ISO-8859-1"))
}

#[cfg(feature = "encodings")]
fn guess_legacy(bytes: &[u8]) -> (TextEncoding, Detected) {
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
        Some((s, e)) if s >= western => (TextEncoding::Known(e), Detected::Guessed(e.name())),
        _ => (
            TextEncoding::Known(WINDOWS_1252),
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
pub(crate) fn utf8_damage(bytes: &[u8]) -> (usize, usize, usize) {
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
pub(crate) struct Damage {
    pub(crate) restored: usize,
    pub(crate) lost: usize,
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
pub(crate) fn decode_mangled(bytes: &[u8], lost: &mut Damage) -> String {
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

/// Properties whose values are never text (moves and point lists are ASCII by syntax).
pub(crate) const NOT_TEXT: [&str; 14] = [
    "B", "W", "AB", "AW", "AE", "TR", "SQ", "CR", "MA", "SL", "DD", "TB", "TW", "VW",
];

/// The unescaped non-ASCII text values of `nodes`, one per line: what [`choose`] looks at.
pub(crate) fn game_text(coll: &Collection, nodes: impl IntoIterator<Item = NodeId>) -> Vec<u8> {
    let mut bytes = Vec::new();
    for n in nodes {
        node_text(&coll.node(n).props, &mut bytes);
    }
    bytes
}

/// Append the text of one node's properties to `bytes`, as [`game_text`] gathers it.
pub(crate) fn node_text(props: &[Property], bytes: &mut Vec<u8>) {
    for p in props {
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

/// The encoding of a game's text: `declared` (from `CA` or given) when there is one, else
/// detected from `text` (see the module docs). A declared UTF-8 that does not decode is read
/// as mangled UTF-8.
pub(crate) fn choose(declared: Option<TextEncoding>, text: &[u8]) -> (TextEncoding, Detected) {
    let mangled = (
        TextEncoding::MangledUtf8,
        Detected::MangledUtf8 {
            restored: 0,
            lost: 0,
        },
    );
    match declared {
        Some(TextEncoding::Latin1) => {
            return (TextEncoding::Latin1, Detected::Declared("ISO-8859-1"));
        }
        Some(TextEncoding::MangledUtf8) => return mangled,
        #[cfg(feature = "encodings")]
        Some(TextEncoding::Known(k)) if k == encoding_rs::UTF_8 => {
            return if std::str::from_utf8(text).is_ok() {
                (TextEncoding::Known(k), Detected::Declared("UTF-8"))
            } else {
                mangled
            };
        }
        #[cfg(feature = "encodings")]
        Some(TextEncoding::Known(k)) => {
            return (TextEncoding::Known(k), Detected::Declared(k.name()))
        }
        Some(TextEncoding::Guess) | None => {}
    }
    if text.is_ascii() {
        return (TextEncoding::Guess, Detected::Ascii);
    }
    if std::str::from_utf8(text).is_ok() {
        return (TextEncoding::Guess, Detected::Utf8);
    }
    let (valid, broken, with_question) = utf8_damage(text);
    if valid > 0 && (with_question == broken || valid >= 4 * broken) {
        return mangled;
    }
    guess_legacy(text)
}

/// Decode unescaped bytes with `enc`, counting the characters of mangled UTF-8 restored and
/// lost (and the replacement characters of a legacy decoding) into `damage`.
pub(crate) fn decode_counted(bytes: &[u8], enc: TextEncoding, damage: &mut Damage) -> String {
    match enc {
        TextEncoding::MangledUtf8 => decode_mangled(bytes, damage),
        #[cfg(feature = "encodings")]
        TextEncoding::Known(e) => {
            let (s, had_errors) = e.decode_without_bom_handling(bytes);
            if had_errors {
                damage.lost += s.chars().filter(|&c| c == '\u{FFFD}').count();
            }
            s.into_owned()
        }
        _ => enc.decode(bytes).into_owned(),
    }
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
    fn one_choice_for_every_caller() {
        let name = b"\xe6?\x8e\xe7\xbb\xb4";
        assert!(matches!(
            choose(None, name),
            (TextEncoding::MangledUtf8, Detected::MangledUtf8 { .. })
        ));
        assert_eq!(choose(None, b"abc"), (TextEncoding::Guess, Detected::Ascii));
        assert_eq!(
            choose(None, "李维".as_bytes()),
            (TextEncoding::Guess, Detected::Utf8)
        );
        assert_eq!(
            choose(Some(TextEncoding::Latin1), name).1,
            Detected::Declared("ISO-8859-1")
        );
        // the decoding replay and the bindings use restores what the cleaner restores
        assert_eq!(TextEncoding::MangledUtf8.decode(name), "李维");
        assert_eq!(TextEncoding::detect(None, name).0.decode(name), "李维");
    }

    #[test]
    #[cfg(feature = "encodings")]
    fn legacy_charsets_are_guessed() {
        let (e, d) = choose(None, b"\xc0\xee\xb2\xfd\xb8\xe4"); // 李昌镐 in GB18030
        assert_eq!(d, Detected::Guessed("gb18030"));
        assert_eq!(e.decode(b"\xc0\xee\xb2\xfd\xb8\xe4"), "李昌镐");
        let (_, d) = choose(None, b"M\xfcller");
        assert_eq!(d, Detected::Guessed("windows-1252"));
    }

    #[test]
    #[cfg(not(feature = "encodings"))]
    fn without_encodings_the_rest_is_latin1() {
        assert_eq!(
            choose(None, b"M\xfcller"),
            (TextEncoding::Latin1, Detected::Guessed("ISO-8859-1"))
        );
    }
}
