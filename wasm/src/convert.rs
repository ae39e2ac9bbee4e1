//! Conversions between JavaScript values and the library's types, and the errors they raise:
//! every argument is checked here, so bad input is a JavaScript exception and never a trap.

use serde::Serialize;
use tengen::{Board, Color, IllegalMove, Komi, Move, Point, Rules, Size};
use wasm_bindgen::prelude::*;

/// A JavaScript `Error` with a message, and a `reason` property when given.
pub(crate) fn error(message: &str, reason: Option<&str>) -> JsValue {
    let e = js_sys::Error::new(message);
    if let Some(r) = reason {
        // setting a property on a fresh Error object cannot fail
        let _ = js_sys::Reflect::set(&e, &"reason".into(), &r.into());
    }
    e.into()
}

pub(crate) fn illegal(e: &IllegalMove) -> JsValue {
    let msg = format!(
        "illegal move: {} at ({}, {}): {}",
        e.color.name(),
        e.point.x,
        e.point.y,
        e.reason.name()
    );
    error(&msg, Some(e.reason.name()))
}

pub(crate) fn json<T: Serialize>(v: &T) -> String {
    // the library's Serialize implementations write only strings, numbers, lists and maps
    serde_json::to_string(v).unwrap_or_else(|_| "null".to_string())
}

/// A colour from `1`/`'B'`/`'black'` (black) or `-1`/`2`/`'W'`/`'white'` (white).
pub(crate) fn color_of(v: &JsValue) -> Result<Color, JsValue> {
    if let Some(n) = v.as_f64() {
        return match n {
            1.0 => Ok(Color::Black),
            -1.0 | 2.0 => Ok(Color::White),
            _ => Err(error(
                &format!(
                    "bad colour {}: expected 1 or 'B' (black), -1, 2 or 'W' (white)",
                    Num(n)
                ),
                None,
            )),
        };
    }
    if let Some(s) = v.as_string() {
        return s.parse::<Color>().map_err(|_| {
            error(
                &format!("bad colour {s:?}: expected 'B', 'W', 'black' or 'white' (or 1, -1, 2)"),
                None,
            )
        });
    }
    Err(error(
        "bad colour: expected 1 or 'B' (black), -1, 2 or 'W' (white)",
        None,
    ))
}

/// A point's content as a sign: [`Color::sign`], 0 for an empty point.
pub(crate) fn sign(c: Option<Color>) -> i8 {
    c.map_or(0, Color::sign)
}

/// A whole number in `0..limit` as a coordinate, else `None`.
pub(crate) fn coord(v: f64, limit: usize) -> Option<u8> {
    if v.fract() == 0.0 && v >= 0.0 && v < limit as f64 {
        Some(v as u8)
    } else {
        None
    }
}

/// The point `(x, y)` of a board of `size`, or an `off board` error.
pub(crate) fn point_of(size: Size, x: f64, y: f64) -> Result<Point, JsValue> {
    match (coord(x, size.width()), coord(y, size.height())) {
        (Some(x), Some(y)) => Ok(Point::new(x, y)),
        _ => Err(error(
            &format!(
                "point ({}, {}) is off the {}x{} board (columns 0..{}, rows 0..{})",
                Num(x),
                Num(y),
                size.width(),
                size.height(),
                size.width() - 1,
                size.height() - 1
            ),
            Some("off board"),
        )),
    }
}

pub(crate) fn size_of(width: f64, height: f64) -> Result<Size, JsValue> {
    let ok = |v: f64| v.fract() == 0.0 && (1.0..=52.0).contains(&v);
    if !ok(width) || !ok(height) {
        return Err(error(
            &format!(
                "bad board size {}x{}: each side must be a whole number from 1 to 52",
                Num(width),
                Num(height)
            ),
            None,
        ));
    }
    Size::new(width as usize, height as usize).map_err(|e| error(&e.to_string(), None))
}

pub(crate) fn rules_of(name: &str) -> Result<Rules, JsValue> {
    Rules::from_name(name).map_err(|e| error(&e.to_string(), None))
}

/// A JavaScript `TypeError` with a message.
pub(crate) fn type_error(message: &str) -> JsValue {
    js_sys::TypeError::new(message).into()
}

/// A JavaScript `RangeError` with a message.
pub(crate) fn range_error(message: &str) -> JsValue {
    js_sys::RangeError::new(message).into()
}

/// A JS number in a message, written by JavaScript's own `Number.prototype.toString` (as a
/// JS user reads numbers: `7.5`, `NaN`, `Infinity`): Rust's float formatter is about 13 KB
/// of the `.wasm`.
pub(crate) struct Num(pub(crate) f64);

impl std::fmt::Display for Num {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let s = js_sys::Number::from(self.0)
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default();
        f.write_str(&s)
    }
}

/// A JS value in a message: a number or a boolean as itself, anything else by its type.
fn describe(v: &JsValue) -> String {
    if let Some(n) = v.as_f64() {
        return Num(n).to_string();
    }
    if let Some(b) = v.as_bool() {
        return b.to_string();
    }
    let t = v.js_typeof().as_string().unwrap_or_default();
    if js_sys::Array::is_array(v) {
        "an array".to_string()
    } else {
        format!("a value of type {t}")
    }
}

/// The rules named by the `rules` option: a `TypeError` naming it unless it is a string (a
/// number crossing as a string argument read memory out of bounds).
pub(crate) fn rules_arg(v: &JsValue) -> Result<Rules, JsValue> {
    match v.as_string() {
        Some(name) => rules_of(&name),
        None => Err(type_error(&format!(
            "bad rules option {}: expected the name of a rule preset, a string such as 'japanese'",
            describe(v)
        ))),
    }
}

/// The `rules` option when given (`undefined` or `null`: `None`), as `rules_arg`.
pub(crate) fn opt_rules_arg(v: &JsValue) -> Result<Option<Rules>, JsValue> {
    if v.is_undefined() || v.is_null() {
        Ok(None)
    } else {
        rules_arg(v).map(Some)
    }
}

/// A count option (`what`: handicap, captures) as a whole number from 0 to `max`: a
/// `TypeError` for a value that is not a number, a `RangeError` for one out of range or not
/// whole (instead of the bindings' silent u32 coercion of -1 to 4294967295 and 2.7 to 2).
pub(crate) fn count_arg(v: &JsValue, what: &str, max: u32, max_is: &str) -> Result<u32, JsValue> {
    let Some(n) = v.as_f64() else {
        return Err(type_error(&format!(
            "bad {what} {}: expected a number",
            describe(v)
        )));
    };
    if n.fract() != 0.0 || !(0.0..=f64::from(max)).contains(&n) {
        return Err(range_error(&format!(
            "bad {what} {}: expected a whole number from 0 to {max}{max_is}",
            Num(n)
        )));
    }
    Ok(n as u32)
}

/// A handicap for a board of `size`: at most its points.
pub(crate) fn handicap_arg(v: &JsValue, size: Size) -> Result<u32, JsValue> {
    let area = u32::try_from(size.area()).unwrap_or(u32::MAX);
    count_arg(v, "handicap", area, " (the board's points)")
}

/// Stones captured by one player, as a count.
pub(crate) fn captures_arg(v: &JsValue) -> Result<u32, JsValue> {
    count_arg(v, "captures", u32::MAX, "")
}

/// Komi from JS: a whole or half number within the library's bound ([`Komi::MAX_POINTS`]).
pub(crate) fn komi_of(v: Option<f64>) -> Result<Option<Komi>, JsValue> {
    match v {
        None => Ok(None),
        Some(k) => match Komi::from_f64_within(k, Komi::MAX_POINTS) {
            Some(komi) => Ok(Some(komi)),
            None => Err(error(
                &format!(
                    "bad komi {}: expected a whole or half number from -{m} to {m}",
                    Num(k),
                    m = Komi::MAX_POINTS
                ),
                None,
            )),
        },
    }
}

pub(crate) fn points_json(points: &[Point]) -> String {
    let v: Vec<[u8; 2]> = points.iter().map(|p| [p.x, p.y]).collect();
    json(&v)
}

/// Dead-stone points from a flat list `[x0, y0, x1, y1, ...]`.
pub(crate) fn dead_of(size: Size, flat: &[f64]) -> Result<Vec<Point>, JsValue> {
    if !flat.len().is_multiple_of(2) {
        return Err(error("dead stones: expected [x, y] pairs", None));
    }
    flat.chunks(2).map(|c| point_of(size, c[0], c[1])).collect()
}

pub(crate) fn rows_of(board: &Board) -> Vec<String> {
    (0..board.height())
        .map(|y| {
            (0..board.width())
                .map(|x| match board.get(Point::new(x as u8, y as u8)) {
                    Some(Color::Black) => 'B',
                    Some(Color::White) => 'W',
                    None => ' ',
                })
                .collect()
        })
        .collect()
}

pub(crate) fn signs_of(board: &Board) -> Vec<i8> {
    board.size().points().map(|p| sign(board.get(p))).collect()
}
#[derive(Serialize)]
pub(crate) struct MoveJson {
    color: i8,
    x: Option<u8>,
    y: Option<u8>,
    pass: bool,
}

pub(crate) fn move_json(color: Color, mv: Move) -> MoveJson {
    match mv {
        Move::Play(p) => MoveJson {
            color: sign(Some(color)),
            x: Some(p.x),
            y: Some(p.y),
            pass: false,
        },
        Move::Pass => MoveJson {
            color: sign(Some(color)),
            x: None,
            y: None,
            pass: true,
        },
    }
}
