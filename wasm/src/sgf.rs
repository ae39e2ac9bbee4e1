//! SGF reading: a file's root properties and main line (`parseSgfJson`).

use serde::Serialize;
use tengen::sgf::{self, MainLine, MainLineEvent, Mode, TextEncoding};
use wasm_bindgen::prelude::*;

use crate::convert::{error, json, move_json, MoveJson};

#[derive(Serialize)]
struct SgfJson {
    charset: Option<String>,
    /// Whether text values are latin-1 stand-ins for bytes the JS side must decode with
    /// `TextDecoder(charset)` (a charset this build does not carry).
    #[serde(rename = "decodeInJs")]
    decode_in_js: bool,
    root: serde_json::Map<String, serde_json::Value>,
    width: usize,
    height: usize,
    moves: Vec<MoveJson>,
    nodes: usize,
    games: usize,
    warnings: Vec<String>,
}

/// Whether a `CA` label is UTF-8 (or absent) or latin-1, which the library decodes itself.
fn decoded_in_rust(ca: Option<&[u8]>) -> bool {
    match ca {
        None => true,
        Some(l) => {
            let l = l.trim_ascii().to_ascii_lowercase();
            l == b"utf-8" || l == b"utf8" || TextEncoding::from_ca(Some(&l)) != TextEncoding::Guess
        }
    }
}

/// The first game of an SGF file: root properties decoded (text values as text, lists as
/// arrays), the board size and the main line's moves, as JSON. A game other than Go (`GM`
/// not 1) or a bad `SZ` is an error, as in replay.
#[wasm_bindgen(js_name = parseSgfJson)]
pub fn parse_sgf_json(bytes: &[u8]) -> Result<String, JsValue> {
    let parsed = sgf::parse(bytes, Mode::Lenient)
        .map_err(|e| error(&format!("unreadable SGF: {e}"), None))?;
    let coll = &parsed.collection;
    let Some(&root) = coll.roots().first() else {
        return Err(error("unreadable SGF: the file holds no game", None));
    };
    let ca = coll.node(root).value("CA");
    let in_js = !decoded_in_rust(ca);
    let enc = if in_js {
        TextEncoding::Latin1
    } else {
        // the library's one detector: CA, else valid or Fox-mangled UTF-8, else legacy
        TextEncoding::detect(ca, bytes).0
    };
    let mut map = serde_json::Map::new();
    for prop in &coll.node(root).props {
        let vals: Vec<serde_json::Value> = prop
            .values
            .iter()
            .map(|v| sgf::decode_text(v, enc).into())
            .collect();
        let v = if vals.len() == 1 {
            vals.into_iter().next().unwrap_or_default()
        } else {
            serde_json::Value::Array(vals)
        };
        map.insert(prop.id.clone(), v);
    }
    // the library's reader of the main line (GM and SZ checked); the moves only, and the
    // parser's warnings only (its warnings of malformed values are not shown here)
    let line = MainLine::read(coll, root).map_err(|e| error(&e.to_string(), None))?;
    let moves: Vec<MoveJson> = (line.events.iter())
        .filter_map(|e| match *e {
            MainLineEvent::Move { color, mv, .. } => Some(move_json(color, mv)),
            MainLineEvent::Setup { .. } => None,
        })
        .collect();
    Ok(json(&SgfJson {
        charset: ca.map(|c| String::from_utf8_lossy(c).into_owned()),
        decode_in_js: in_js,
        root: map,
        width: line.size.width(),
        height: line.size.height(),
        moves,
        nodes: line.nodes,
        games: coll.roots().len(),
        warnings: parsed.warnings.iter().map(|w| w.to_string()).collect(),
    }))
}
