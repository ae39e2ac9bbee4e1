//! The Fox server's dialect of SGF (foxwq.com, 野狐围棋): how its records write komi and
//! results, and how the replay reads them.
//!
//! Fox's records are valid SGF, but three of their values do not mean what FF\[4\] says:
//!
//! - **Komi in hundredths.** `KM[650]` is komi 6.5, `KM[750]` 7.5, `KM[550]` 5.5. A komi
//!   larger than the board's points (361 on 19×19) cannot be meant literally, so such a `KM`
//!   is read as hundredths.
//! - **Komi and result in stones.** Under area scoring (Fox's Chinese rules) the hundredths
//!   count stones, two points each: `KM[375]` is 3.75 stones, komi 7.5. Hundredths are read
//!   as stones when the rules count area and the value is a quarter (3.75, not 3.5 or 4);
//!   the record's `RE` is then in stones too: `RE[B+2.75]` is 5.5 points.
//! - **`KM[0]` for 6.5.** An even game (no `HA`) whose `AP` names GNU Go (`AP[GNU Go:3.8]`,
//!   which every Fox record carries) is written with `KM[0]` where komi 6.5 was played.
//!   With a handicap, `KM[0]` is 0.
//!
//! A win by `B+0.0` or `W+0.0` (a win Fox never counted) is no count: [`result_in_points`]
//! reads it as `None`, as it does every result below half a point. Fox's text, UTF-8 with
//! some bytes replaced by `?`, is repaired by the encoding detector
//! ([`TextEncoding::detect`](super::TextEncoding::detect)), not here.
//!
//! The replay ([`Replayer`](super::Replayer)) applies [`FoxKomi::read`] to every record's
//! `KM` unless the caller gives the komi ([`ReplayOptions::komi`](super::ReplayOptions)),
//! and says so in a warning ([`FoxKomi::warning`]); the result it reads
//! ([`Replay::result_points`](super::Replay::result_points)) follows the komi's unit.

use crate::rules::{Komi, Scoring};
use crate::score::GameResult;
use crate::Size;

/// Which of the Fox server's komi encodings a `KM` was read as.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KomiEncoding {
    /// Hundredths of points: `KM[650]` is 6.5.
    Hundredths,
    /// Hundredths of stones under area scoring: `KM[375]` is 3.75 stones, komi 7.5; the
    /// record's result is in stones too.
    HundredthsOfStones,
    /// `KM[0]` in an even game whose `AP` names GNU Go: komi 6.5.
    EvenGameZero,
}

/// A record's `KM` read as the Fox server's encoding of komi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FoxKomi {
    /// The komi the record means.
    pub komi: Komi,
    /// How the `KM` was read.
    pub encoding: KomiEncoding,
}

impl FoxKomi {
    /// `km` (the `KM` text, read as `komi`) as the Fox server's encoding, under rules scored
    /// by `scoring`, with the record's `AP` and handicap, on a board of `size`; `None` when
    /// `KM` is not one of its encodings (see the [module](self)).
    ///
    /// ```
    /// use tengen::sgf::fox::{FoxKomi, KomiEncoding};
    /// use tengen::{Komi, Scoring, Size};
    /// let s19 = Size::square(19).unwrap();
    /// let k = |t: &str| t.parse::<Komi>().unwrap();
    /// let read = |km: &str, ap, ha, sc| FoxKomi::read(km, k(km), ap, ha, s19, sc);
    /// let fox = |komi: &str, encoding| Some(FoxKomi { komi: k(komi), encoding });
    /// assert_eq!(read("650", "", 0, Scoring::Territory), fox("6.5", KomiEncoding::Hundredths));
    /// assert_eq!(read("375", "", 0, Scoring::Area), fox("7.5", KomiEncoding::HundredthsOfStones));
    /// assert_eq!(read("0", "GNU Go:3.8", 0, Scoring::Territory), fox("6.5", KomiEncoding::EvenGameZero));
    /// assert_eq!(read("0", "GNU Go:3.8", 2, Scoring::Territory), None);
    /// assert_eq!(read("6.5", "", 0, Scoring::Territory), None);
    /// ```
    pub fn read(
        km: &str,
        komi: Komi,
        ap: &str,
        handicap: u32,
        size: Size,
        scoring: Scoring,
    ) -> Option<FoxKomi> {
        let h = komi.half_points();
        let area = size.area() as i32;
        let (k, zero) = if h.abs() > 2 * area {
            (h as f64 / 200.0, false)
        } else if km.trim() == "0" && ap.trim_start().starts_with("GNU Go") && handicap == 0 {
            (6.5, true)
        } else {
            return None;
        };
        let stones =
            scoring == Scoring::Area && (k * 4.0).fract() == 0.0 && (k * 2.0).fract() != 0.0;
        let k = if stones { k * 2.0 } else { k };
        let encoding = if stones {
            KomiEncoding::HundredthsOfStones
        } else if zero {
            KomiEncoding::EvenGameZero
        } else {
            KomiEncoding::Hundredths
        };
        Some(FoxKomi {
            komi: Komi::from_half_points((k * 2.0).round() as i32),
            encoding,
        })
    }

    /// Whether the record's result is in stones (the komi was read in stones).
    pub fn result_in_stones(&self) -> bool {
        self.encoding == KomiEncoding::HundredthsOfStones
    }

    /// The replay's warning for this reading of `KM[km]` in a record whose `AP` is `ap`,
    /// naming the value, the reading and, for `KM[0]`, the marks of a Fox record a user can
    /// check in the file.
    pub fn warning(&self, km: &str, ap: &str) -> String {
        let komi = self.komi;
        let reading = match self.encoding {
            KomiEncoding::HundredthsOfStones => {
                format!("in hundredths of stones: komi {komi}; the result is read in stones too")
            }
            KomiEncoding::EvenGameZero => format!(
                "in an even game: komi {komi} (the record's AP[{}] and no HA are the marks \
                 of a Fox record, which writes KM[0] for komi 6.5; a komi given, such as \
                 --komi 0, counts it as written)",
                ap.trim()
            ),
            KomiEncoding::Hundredths => format!("in hundredths: komi {komi}"),
        };
        format!(
            "KM[{}] read as the Fox server's encoding of komi {reading}",
            km.trim()
        )
    }
}

/// A result in stones (`RE` of Fox's Chinese records: `W+3.2`) in points, as text: the
/// margin doubled (`W+6.4`), exactly as written even when it is not a half-point number.
/// `None` for anything that is not a colour, `+` and a number (`B+R`, `Draw`).
///
/// ```
/// use tengen::sgf::fox::stones_to_points;
/// assert_eq!(stones_to_points("W+3.2").as_deref(), Some("W+6.4"));
/// assert_eq!(stones_to_points(" B+2.75 ").as_deref(), Some("B+5.5"));
/// assert_eq!(stones_to_points("B+R"), None);
/// ```
pub fn stones_to_points(re: &str) -> Option<String> {
    let (who, margin) = re.trim().split_once('+')?;
    let winner = crate::Color::from_letter(who.chars().next()?).filter(|_| who.len() == 1)?;
    let margin = margin.trim();
    if !margin.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let stones = crate::decimal::Decimal::parse(margin)?;
    Some(format!("{}+{}", winner.letter(), stones.doubled()))
}

/// A recorded result (`RE`) as a count in points: `B+6.5`, `W+0.5`, `0`/`Draw`/`Jigo`; `None`
/// for resignations (`B+R`), time, forfeits, anything else, and the Fox server's `B+0.0`/
/// `W+0.0` (wins that were never counted). `in_stones` doubles the margin (Fox's Chinese
/// records give it in stones: `B+2.75` is 5.5 points). The text is read by
/// [`GameResult`]'s `FromStr` ([`GameResult::from_str_in_stones`] in stones), the one parser
/// of a result.
///
/// ```
/// use tengen::score::GameResult;
/// use tengen::sgf::result_in_points;
/// use tengen::Color;
/// let b = |margin| Some(GameResult::Win { winner: Color::Black, margin });
/// assert_eq!(result_in_points("B+6.5", false), b(13));
/// assert_eq!(result_in_points("B+2.75", true), b(11));
/// assert_eq!(result_in_points("Draw", false), Some(GameResult::Draw));
/// assert_eq!(result_in_points("W+0.0", false), None);
/// assert_eq!(result_in_points("B+R", false), None);
/// ```
pub fn result_in_points(re: &str, in_stones: bool) -> Option<GameResult> {
    // the one parser of a counted result, `score::GameResult`'s
    if in_stones {
        GameResult::from_str_in_stones(re).ok()
    } else {
        re.parse().ok()
    }
}
