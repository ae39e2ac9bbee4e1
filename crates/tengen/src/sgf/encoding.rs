//! Text encodings of SGF text values (`CA[]`) and SGF text unescaping.
//!
//! Escapes are removed on bytes before decoding (as SGF writers produce them): `\x` is `x`,
//! and a backslash before a line break (`\n`, `\r`, `\r\n`, `\n\r`) removes both (a soft line
//! break).

use std::borrow::Cow;

#[cfg(feature = "encodings")]
use encoding_rs::Encoding;

/// How the text values of a game are encoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TextEncoding {
    /// No `CA`: valid UTF-8 is UTF-8, anything else is latin-1.
    Guess,
    /// ISO-8859-1: every byte is the code point of the same number.
    Latin1,
    /// UTF-8 in which some bytes were replaced by `?` (as in Fox records): a damaged character
    /// is restored when one reading is sure, else it becomes one U+FFFD (see
    /// [`TextEncoding::detect`]).
    MangledUtf8,
    /// A charset `encoding_rs` knows (UTF-8, GB18030, GBK, Shift_JIS, EUC-KR, Big5, ...).
    #[cfg(feature = "encodings")]
    #[cfg_attr(docsrs, doc(cfg(feature = "encodings")))]
    Known(&'static Encoding),
}

impl TextEncoding {
    /// The encoding a `CA` value names; [`TextEncoding::Guess`] when absent or unknown.
    /// `ISO-8859-1`/`latin1` are true latin-1 (not windows-1252), `GB2312` is read as GBK (its
    /// superset), as browsers do. Without the `encodings` feature, every other label is read
    /// as [`TextEncoding::Guess`].
    pub fn from_ca(ca: Option<&[u8]>) -> TextEncoding {
        let Some(label) = ca else {
            return TextEncoding::Guess;
        };
        let label = label.trim_ascii();
        let lower = label.to_ascii_lowercase();
        if matches!(
            lower.as_slice(),
            b"iso-8859-1" | b"iso8859-1" | b"latin1" | b"latin-1" | b"l1" | b"iso_8859-1"
        ) {
            return TextEncoding::Latin1;
        }
        #[cfg(feature = "encodings")]
        if let Some(e) = Encoding::for_label(label) {
            return TextEncoding::Known(e);
        }
        TextEncoding::Guess
    }

    /// The encoding of a game's text values: its `CA` when tengen knows the label, else
    /// detected from `text`, the bytes of the game's text values (or of the whole file: moves
    /// and points are ASCII), with how it was decided. The one detector of the library,
    /// used by replay, [`super::clean`] and the bindings: valid UTF-8; UTF-8 mangled by `?`
    /// replacements (the Fox server's records), repaired; then, with the `encodings` feature,
    /// the best scored of GB18030, Big5, Shift_JIS, EUC-KR and windows-1252 (without it,
    /// latin-1). A `CA[UTF-8]` whose text does not decode is read as mangled UTF-8.
    ///
    /// ```
    /// use tengen::sgf::{Detected, TextEncoding};
    /// // 李维 with the byte 0x9D of 李 replaced by '?'
    /// let (enc, how) = TextEncoding::detect(None, b"PB[\xe6?\x8e\xe7\xbb\xb4]");
    /// assert_eq!(enc, TextEncoding::MangledUtf8);
    /// assert!(matches!(how, Detected::MangledUtf8 { .. }));
    /// assert_eq!(enc.decode(b"\xe6?\x8e\xe7\xbb\xb4"), "李维");
    /// ```
    pub fn detect(ca: Option<&[u8]>, text: &[u8]) -> (TextEncoding, super::Detected) {
        let declared = TextEncoding::from_ca(ca);
        super::detect::choose((declared != TextEncoding::Guess).then_some(declared), text)
    }

    /// Decode raw (already unescaped) bytes.
    pub fn decode<'a>(self, bytes: &'a [u8]) -> Cow<'a, str> {
        match self {
            TextEncoding::Guess => match std::str::from_utf8(bytes) {
                Ok(s) => Cow::Borrowed(s),
                Err(_) => Cow::Owned(latin1(bytes)),
            },
            TextEncoding::Latin1 => {
                if bytes.is_ascii() {
                    Cow::Borrowed(std::str::from_utf8(bytes).unwrap_or_default())
                } else {
                    Cow::Owned(latin1(bytes))
                }
            }
            TextEncoding::MangledUtf8 => match std::str::from_utf8(bytes) {
                Ok(s) => Cow::Borrowed(s),
                Err(_) => Cow::Owned(super::detect::decode_mangled(
                    bytes,
                    &mut super::detect::Damage::default(),
                )),
            },
            #[cfg(feature = "encodings")]
            TextEncoding::Known(e) => e.decode_without_bom_handling(bytes).0,
        }
    }
}

fn latin1(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| b as char).collect()
}

/// Remove SGF escapes from a raw value (see the module docs).
pub(crate) fn unescape(raw: &[u8]) -> Cow<'_, [u8]> {
    if !raw.contains(&b'\\') {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut i = 0;
    while i < raw.len() {
        let b = raw[i];
        if b == b'\\' && i + 1 < raw.len() {
            let n = raw[i + 1];
            if n == b'\n' || n == b'\r' {
                // soft line break: skip a two-byte CRLF/LFCR pair as one break
                i += 2;
                if i < raw.len() && (raw[i] == b'\n' || raw[i] == b'\r') && raw[i] != n {
                    i += 1;
                }
            } else {
                out.push(n);
                i += 2;
            }
        } else {
            if b != b'\\' {
                out.push(b);
            }
            i += 1;
        }
    }
    Cow::Owned(out)
}

/// A raw SGF Text value as a string: escapes removed, decoded with `enc`.
pub fn decode_text(raw: &[u8], enc: TextEncoding) -> String {
    let u = unescape(raw);
    enc.decode(&u).into_owned()
}

/// A raw SGF SimpleText value as a string: as [`decode_text`], with line breaks and tabs turned
/// into spaces (a CRLF pair becomes one space).
pub fn decode_simple_text(raw: &[u8], enc: TextEncoding) -> String {
    let t = decode_text(raw, enc);
    let t = t.replace("\r\n", " ").replace("\n\r", " ");
    t.chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guess_utf8_then_latin1() {
        assert_eq!(
            decode_text("Šalát".as_bytes(), TextEncoding::Guess),
            "Šalát"
        );
        assert_eq!(decode_text(b"caf\xe9", TextEncoding::Guess), "café");
    }

    #[test]
    #[cfg(feature = "encodings")]
    fn named_charsets() {
        let gb = TextEncoding::from_ca(Some(b"GB2312"));
        assert_eq!(decode_text(b"\xc6\xe5", gb), "棋");
        let sj = TextEncoding::from_ca(Some(b"Shift_JIS"));
        assert_eq!(decode_text(b"\x88\xcd\x8c\xe9", sj), "囲碁");
        let kr = TextEncoding::from_ca(Some(b"EUC-KR"));
        assert_eq!(decode_text(b"\xb9\xd9\xb5\xcf", kr), "바둑");
        let big5 = TextEncoding::from_ca(Some(b"Big5"));
        assert_eq!(decode_text(b"\xb3\xf2", big5), "圍");
        let l1 = TextEncoding::from_ca(Some(b"ISO-8859-1"));
        assert_eq!(decode_text(b"\x80", l1), "\u{80}");
        assert_eq!(TextEncoding::from_ca(Some(b"klingon")), TextEncoding::Guess);
    }

    #[test]
    fn escapes_and_soft_breaks() {
        assert_eq!(decode_text(b"a\\]b\\\\c", TextEncoding::Guess), "a]b\\c");
        assert_eq!(decode_text(b"ab\\\r\ncd", TextEncoding::Guess), "abcd");
        assert_eq!(
            decode_simple_text(b"a\r\nb\tc", TextEncoding::Guess),
            "a b c"
        );
    }
}
