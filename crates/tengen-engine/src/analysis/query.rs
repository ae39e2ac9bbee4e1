//! Reading and validating one query line.

use serde::Serialize;
use serde_json::{Map, Value};

use tengen::vertex::Vertex;
use tengen::{Color, HandicapBonus, KoRule, Komi, Move, Point, Rules, Scoring, Size, Tax};

/// A query that cannot be answered, in KataGo's shape: `{"error", "field", "id"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QueryError {
    /// What is wrong.
    pub error: String,
    /// The field at fault, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// The query's id, when it could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
}

/// A field that was accepted but has no effect (a search setting), in KataGo's shape:
/// `{"warning", "field", "id"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Warning {
    /// Why the field does nothing.
    pub warning: String,
    /// The field.
    pub field: String,
    /// The query's id.
    pub id: String,
}

/// Most work one query may ask for: analysed turns times the board's points (1,048,576:
/// 2,904 turns of 19x19, 387 of 52x52). A query over it is cut to its first turns within the
/// limit, with a `warning` on the field `analyzeTurns`.
pub const MAX_QUERY_WORK: usize = 1 << 20;

/// A validated analysis query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Query {
    /// The id to echo.
    pub id: String,
    /// Board size (`boardXSize` columns, `boardYSize` rows).
    pub size: Size,
    /// The rules, komi included.
    pub rules: Rules,
    /// Stones placed before the first move.
    pub initial_stones: Vec<(Color, Point)>,
    /// Who moves first.
    pub initial_player: Color,
    /// The moves, in order.
    pub moves: Vec<(Color, Move)>,
    /// Turns to analyse, sorted and without duplicates (0 is before the first move).
    pub analyze_turns: Vec<usize>,
    /// Whether answers carry `ownership`.
    pub include_ownership: bool,
    /// Handicap stones for the white bonus (see the module docs).
    pub handicap: u32,
}

/// A control line rather than a query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// `query_version`: answer the engine's name and version.
    QueryVersion,
    /// `clear_cache`: nothing is cached; acknowledged.
    ClearCache,
    /// `terminate` with a `terminateId`: drop the queries of that id not started yet.
    Terminate(String),
    /// `terminate_all`, or `terminate` without `terminateId`: drop every query not started yet.
    TerminateAll,
}

/// One parsed input line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A query, with warnings about fields that do nothing.
    Query(Query, Vec<Warning>),
    /// An action, with the line's id (may be absent).
    Action(Option<String>, Action),
}

/// KataGo query fields that steer its search; tengen accepts and ignores them (with a warning).
const SEARCH_FIELDS: [&str; 16] = [
    "maxVisits",
    "rootPolicyTemperature",
    "rootFpuReductionMax",
    "analysisPVLen",
    "includeOwnershipStdev",
    "includeMovesOwnership",
    "includeMovesOwnershipStdev",
    "includePolicy",
    "includePVVisits",
    "includeNoResultValue",
    "avoidMoves",
    "allowMoves",
    "overrideSettings",
    "reportDuringSearchEvery",
    "priority",
    "priorities",
];

struct Ctx {
    id: Option<String>,
}

impl Ctx {
    fn err(&self, field: &str, msg: impl Into<String>) -> QueryError {
        QueryError {
            error: msg.into(),
            field: Some(field.to_string()),
            id: self.id.clone(),
        }
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// Parse one input line (JSON) into a query or an action.
///
/// # Errors
/// A [`QueryError`] naming the field at fault and the id when it could be read.
pub fn parse_request(line: &str) -> Result<Request, QueryError> {
    let v: Value = serde_json::from_str(line).map_err(|e| QueryError {
        error: format!("Could not parse json: {e}"),
        field: None,
        id: None,
    })?;
    parse_value(&v)
}

/// As [`parse_request`], from an already parsed JSON value.
///
/// # Errors
/// As [`parse_request`].
pub(crate) fn parse_value(v: &Value) -> Result<Request, QueryError> {
    let Some(obj) = v.as_object() else {
        return Err(QueryError {
            error: format!("a query must be a JSON object, not {}", type_name(v)),
            field: None,
            id: None,
        });
    };
    let mut cx = Ctx { id: None };
    match obj.get("id") {
        Some(Value::String(s)) => cx.id = Some(s.clone()),
        Some(other) => {
            return Err(cx.err(
                "id",
                format!("id must be a string, not {}", type_name(other)),
            ))
        }
        None => {}
    }
    if let Some(a) = obj.get("action") {
        return parse_action(&cx, obj, a);
    }
    let Some(id) = cx.id.clone() else {
        return Err(cx.err("id", "required field id is missing"));
    };
    parse_query(&cx, obj, id).map(|(q, w)| Request::Query(q, w))
}

fn parse_action(cx: &Ctx, obj: &Map<String, Value>, a: &Value) -> Result<Request, QueryError> {
    let Some(name) = a.as_str() else {
        return Err(cx.err(
            "action",
            format!("action must be a string, not {}", type_name(a)),
        ));
    };
    let allowed: &[&str] = match name {
        "terminate" => &["id", "action", "terminateId", "turnNumbers"],
        _ => &["id", "action"],
    };
    if let Some(k) = obj.keys().find(|k| !allowed.contains(&k.as_str())) {
        return Err(cx.err(k, format!("unknown field {k:?} for action {name:?}")));
    }
    let action = match name {
        "query_version" => Action::QueryVersion,
        "clear_cache" => Action::ClearCache,
        "terminate_all" => Action::TerminateAll,
        "terminate" => match obj.get("terminateId") {
            None => Action::TerminateAll,
            Some(Value::String(s)) => Action::Terminate(s.clone()),
            Some(other) => {
                return Err(cx.err(
                    "terminateId",
                    format!("terminateId must be a string, not {}", type_name(other)),
                ))
            }
        },
        other => {
            return Err(cx.err(
                "action",
                format!(
                    "unknown action {other:?}; known: query_version, clear_cache, terminate, \
                     terminate_all"
                ),
            ))
        }
    };
    Ok(Request::Action(cx.id.clone(), action))
}

const QUERY_FIELDS: [&str; 12] = [
    "id",
    "moves",
    "initialStones",
    "initialPlayer",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "boardXSize",
    "boardYSize",
    "analyzeTurns",
    "includeOwnership",
    "action",
];

fn parse_query(
    cx: &Ctx,
    obj: &Map<String, Value>,
    id: String,
) -> Result<(Query, Vec<Warning>), QueryError> {
    let mut warnings = Vec::new();
    for k in obj.keys() {
        if SEARCH_FIELDS.contains(&k.as_str()) {
            warnings.push(Warning {
                warning: "search field ignored: tengen is a rules engine and does not search"
                    .into(),
                field: k.clone(),
                id: id.clone(),
            });
        } else if !QUERY_FIELDS.contains(&k.as_str()) {
            return Err(cx.err(k, format!("unknown field {k:?}")));
        }
    }
    let dim = |field: &str| -> Result<usize, QueryError> {
        let v = obj
            .get(field)
            .ok_or_else(|| cx.err(field, format!("required field {field} is missing")))?;
        match v.as_u64() {
            Some(n) if (1..=tengen::MAX_SIZE as u64).contains(&n) => Ok(n as usize),
            _ => Err(cx.err(
                field,
                format!(
                    "{field} must be a whole number from 1 to {}, not {v}",
                    tengen::MAX_SIZE
                ),
            )),
        }
    };
    let w = dim("boardXSize")?;
    let h = dim("boardYSize")?;
    let size = Size::new(w, h).map_err(|e| cx.err("boardXSize", e.to_string()))?;

    let rules_v = obj
        .get("rules")
        .ok_or_else(|| cx.err("rules", "required field rules is missing"))?;
    let mut rules = parse_rules(cx, rules_v)?;
    if let Some(k) = obj.get("komi") {
        rules.komi = parse_komi(cx, "komi", k)?;
    }
    if let Some(b) = obj.get("whiteHandicapBonus") {
        rules.handicap_bonus = parse_bonus(cx, "whiteHandicapBonus", b)?;
    }

    let initial_stones = match obj.get("initialStones") {
        None => Vec::new(),
        Some(v) => parse_stones(cx, "initialStones", v, size)?
            .into_iter()
            .map(|(c, m, i)| match m {
                Move::Play(p) => Ok((c, p)),
                Move::Pass => Err(cx.err(
                    "initialStones",
                    format!("initialStones[{i}] is a pass, not a stone"),
                )),
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let moves: Vec<(Color, Move)> = match obj.get("moves") {
        None => return Err(cx.err("moves", "required field moves is missing")),
        Some(v) => parse_stones(cx, "moves", v, size)?
            .into_iter()
            .map(|(c, m, _)| (c, m))
            .collect(),
    };
    let initial_player = match obj.get("initialPlayer") {
        None => moves.first().map_or(Color::Black, |m| m.0),
        Some(v) => parse_color(v).ok_or_else(|| {
            cx.err(
                "initialPlayer",
                format!("initialPlayer must be \"B\" or \"W\", not {v}"),
            )
        })?,
    };
    let mut analyze_turns = match obj.get("analyzeTurns") {
        None => vec![moves.len()],
        Some(Value::Array(a)) => {
            let mut t = Vec::with_capacity(a.len());
            for (i, x) in a.iter().enumerate() {
                match x.as_u64() {
                    Some(n) if n as usize <= moves.len() => t.push(n as usize),
                    _ => {
                        return Err(cx.err(
                            "analyzeTurns",
                            format!(
                                "analyzeTurns[{i}] = {x} is not a turn from 0 to {} (the \
                                 number of moves)",
                                moves.len()
                            ),
                        ))
                    }
                }
            }
            t
        }
        Some(other) => {
            return Err(cx.err(
                "analyzeTurns",
                format!(
                    "analyzeTurns must be an array of turn numbers, not {}",
                    type_name(other)
                ),
            ))
        }
    };
    analyze_turns.sort_unstable();
    analyze_turns.dedup();
    let area = size.area().max(1);
    if analyze_turns.len().saturating_mul(area) > MAX_QUERY_WORK {
        let keep = (MAX_QUERY_WORK / area).max(1);
        warnings.push(Warning {
            warning: format!(
                "{} turns of a {size} board are more than the work limit of {MAX_QUERY_WORK} \
                 turn-points per query; only the first {keep} turns are analysed",
                analyze_turns.len()
            ),
            field: "analyzeTurns".into(),
            id: id.clone(),
        });
        analyze_turns.truncate(keep);
    }
    let include_ownership = match obj.get("includeOwnership") {
        None => false,
        Some(Value::Bool(b)) => *b,
        Some(other) => {
            return Err(cx.err(
                "includeOwnership",
                format!("includeOwnership must be a boolean, not {other}"),
            ))
        }
    };
    let blacks = initial_stones
        .iter()
        .filter(|s| s.0 == Color::Black)
        .count();
    let handicap = if blacks == initial_stones.len() {
        blacks as u32
    } else {
        0
    };
    Ok((
        Query {
            id,
            size,
            rules,
            initial_stones,
            initial_player,
            moves,
            analyze_turns,
            include_ownership,
            handicap,
        },
        warnings,
    ))
}

fn parse_color(v: &Value) -> Option<Color> {
    match v.as_str()?.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(Color::Black),
        "w" | "white" => Some(Color::White),
        _ => None,
    }
}

/// `[["B","Q16"],...]` with the index of each entry.
fn parse_stones(
    cx: &Ctx,
    field: &str,
    v: &Value,
    size: Size,
) -> Result<Vec<(Color, Move, usize)>, QueryError> {
    let Some(a) = v.as_array() else {
        return Err(cx.err(
            field,
            format!(
                "{field} must be an array of [color, vertex] pairs, not {}",
                type_name(v)
            ),
        ));
    };
    let mut out = Vec::with_capacity(a.len());
    for (i, e) in a.iter().enumerate() {
        let pair = e.as_array().filter(|p| p.len() == 2);
        let Some(pair) = pair else {
            return Err(cx.err(
                field,
                format!("{field}[{i}] = {e} is not a pair [color, vertex] such as [\"B\",\"Q16\"]"),
            ));
        };
        let color = parse_color(&pair[0]).ok_or_else(|| {
            cx.err(
                field,
                format!("{field}[{i}]: color {} is not \"B\" or \"W\"", pair[0]),
            )
        })?;
        let vtx = pair[1].as_str().ok_or_else(|| {
            cx.err(
                field,
                format!(
                    "{field}[{i}]: vertex {} is not a string such as \"Q16\"",
                    pair[1]
                ),
            )
        })?;
        let mv = Vertex::parse(vtx, size).map_err(|_| {
            cx.err(
                field,
                format!(
                    "{field}[{i}]: {vtx:?} is not a vertex of the {size} board (such as \"A1\" \
                     or \"pass\")"
                ),
            )
        })?;
        out.push((color, mv.mv, i));
    }
    Ok(out)
}

fn parse_komi(cx: &Ctx, field: &str, v: &Value) -> Result<Komi, QueryError> {
    let bad = || {
        cx.err(
            field,
            format!(
                "{field} must be a whole or half number within ±{}, not {v}",
                Komi::KATAGO_MAX_POINTS
            ),
        )
    };
    let f = v.as_f64().ok_or_else(bad)?;
    // KataGo's bound, named next to the core's own (`Komi::MAX_POINTS`)
    Komi::from_f64_within(f, Komi::KATAGO_MAX_POINTS).ok_or_else(bad)
}

fn parse_bonus(cx: &Ctx, field: &str, v: &Value) -> Result<HandicapBonus, QueryError> {
    match v.as_str() {
        Some("0") => Ok(HandicapBonus::Zero),
        Some("N") | Some("n") => Ok(HandicapBonus::N),
        Some("N-1") | Some("n-1") => Ok(HandicapBonus::NMinusOne),
        _ => Err(cx.err(
            field,
            format!("{field} must be \"0\", \"N\" or \"N-1\", not {v}"),
        )),
    }
}

fn parse_rules(cx: &Ctx, v: &Value) -> Result<Rules, QueryError> {
    match v {
        Value::String(s) => Rules::from_name(s).map_err(|e| cx.err("rules", e.to_string())),
        Value::Object(o) => {
            let mut r = Rules {
                ko: KoRule::Simple,
                multi_stone_suicide: false,
                scoring: Scoring::Area,
                tax: Tax::None,
                handicap_bonus: HandicapBonus::Zero,
                komi: Komi::from_half_points(15),
            };
            let mut komi = None;
            for (k, val) in o {
                let field = format!("rules.{k}");
                let word = || -> Result<String, QueryError> {
                    val.as_str().map(str::to_ascii_uppercase).ok_or_else(|| {
                        cx.err(
                            &field,
                            format!("{field} must be a string, not {}", type_name(val)),
                        )
                    })
                };
                let boolean = || -> Result<bool, QueryError> {
                    val.as_bool().ok_or_else(|| {
                        cx.err(
                            &field,
                            format!("{field} must be a boolean, not {}", type_name(val)),
                        )
                    })
                };
                let bad =
                    |known: &str| cx.err(&field, format!("{field} = {val} is not one of {known}"));
                match k.as_str() {
                    "ko" => {
                        r.ko = match word()?.as_str() {
                            "SIMPLE" => KoRule::Simple,
                            "POSITIONAL" => KoRule::Positional,
                            "SITUATIONAL" => KoRule::Situational,
                            "NONE" => KoRule::None,
                            _ => return Err(bad("SIMPLE, POSITIONAL, SITUATIONAL, NONE")),
                        }
                    }
                    "scoring" => {
                        r.scoring = match word()?.as_str() {
                            "AREA" => Scoring::Area,
                            "TERRITORY" => Scoring::Territory,
                            _ => return Err(bad("AREA, TERRITORY")),
                        }
                    }
                    "tax" => {
                        r.tax = match word()?.as_str() {
                            "NONE" => Tax::None,
                            "SEKI" => Tax::Seki,
                            "ALL" => Tax::All,
                            _ => return Err(bad("NONE, SEKI, ALL")),
                        }
                    }
                    "suicide" => r.multi_stone_suicide = boolean()?,
                    "hasButton" => {
                        if boolean()? {
                            return Err(cx.err(
                                &field,
                                "button Go (hasButton: true) is not supported by tengen",
                            ));
                        }
                    }
                    "friendlyPassOk" => {
                        boolean()?;
                    }
                    "whiteHandicapBonus" => r.handicap_bonus = parse_bonus(cx, &field, val)?,
                    "komi" => komi = Some(parse_komi(cx, &field, val)?),
                    _ => {
                        return Err(cx.err(
                            &field,
                            format!(
                                "unknown rules field {k:?}; known: ko, scoring, tax, suicide, \
                                 hasButton, whiteHandicapBonus, friendlyPassOk, komi"
                            ),
                        ))
                    }
                }
            }
            r.komi = komi.unwrap_or(Komi::from_half_points(match r.scoring {
                Scoring::Area => 15,
                Scoring::Territory => 13,
            }));
            Ok(r)
        }
        other => Err(cx.err(
            "rules",
            format!(
                "rules must be a rule-set name or an object of rule fields, not {}",
                type_name(other)
            ),
        )),
    }
}
