//! Rule sets: independent rule fields and the named presets players know.
//!
//! The presets follow the parameters KataGo's rules documentation gives them
//! (ko rule, scoring, tax, multi-stone suicide, white handicap bonus, default komi).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which earlier positions a move may not repeat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KoRule {
    /// No restriction at all (the original move task: a ko capture may be retaken at once).
    None,
    /// A single stone that just captured a single stone may not be recaptured at once.
    Simple,
    /// No move may recreate any earlier board position.
    Positional,
    /// No move may recreate an earlier board position with the same player to move.
    Situational,
}

/// How the score is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    /// Stones on the board plus surrounded empty points (Chinese, Tromp-Taylor).
    Area,
    /// Surrounded empty points plus prisoners (Japanese, Korean).
    Territory,
}

/// Points a player does not receive for surrounded empty points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tax {
    /// Every surrounded empty point counts.
    None,
    /// Empty points surrounded by groups in seki do not count.
    Seki,
    /// As `Seki`, and every living group pays up to two points for its eyes (stone scoring).
    All,
}

/// Extra points White receives in a handicap game, for N handicap stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HandicapBonus {
    /// No bonus.
    #[serde(rename = "0")]
    Zero,
    /// N points.
    #[serde(rename = "N")]
    N,
    /// N − 1 points.
    #[serde(rename = "N-1")]
    NMinusOne,
}

/// A rule field's value that is not one of its names (see the `FromStr` of [`KoRule`],
/// [`Scoring`], [`Tax`] and [`HandicapBonus`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid {field} {value:?}: expected {expected}")]
pub struct ParseRuleError {
    /// The field: `ko rule`, `scoring`, `tax` or `handicap bonus`.
    pub field: &'static str,
    /// The text given.
    pub value: String,
    /// The names the field takes, as a phrase (`area or territory`).
    pub expected: &'static str,
}

/// The names of a rule field's values: `ALL`, `name()` and `FromStr`, the same names as its
/// serde form (rule-set JSON), so that no front lists them itself.
macro_rules! rule_names {
    ($t:ident, $field:literal, $expected:literal, $($v:ident => $n:literal),+) => {
        impl $t {
            /// Every value, in the order of the names in the `FromStr` error.
            pub const ALL: &'static [$t] = &[$($t::$v),+];

            /// The value's name, as rule-set JSON, the score JSON and legends write it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($t::$v => $n),+
                }
            }
        }

        impl FromStr for $t {
            type Err = ParseRuleError;
            /// The value named exactly (case included) as [`name`](Self::name) writes it.
            fn from_str(s: &str) -> Result<Self, Self::Err> {
                match s {
                    $($n => Ok($t::$v),)+
                    _ => Err(ParseRuleError {
                        field: $field,
                        value: s.to_string(),
                        expected: $expected,
                    }),
                }
            }
        }
    };
}

rule_names!(KoRule, "ko rule", "none, simple, positional or situational",
    None => "none", Simple => "simple", Positional => "positional", Situational => "situational");
rule_names!(Scoring, "scoring", "area or territory", Area => "area", Territory => "territory");
rule_names!(Tax, "tax", "none, seki or all", None => "none", Seki => "seki", All => "all");
rule_names!(HandicapBonus, "handicap bonus", "\"0\", \"N\" or \"N-1\"",
    Zero => "0", N => "N", NMinusOne => "N-1");

impl HandicapBonus {
    /// The bonus in points for `handicap` stones (a handicap of 0 or 1 gives no bonus with N-1).
    pub fn points(self, handicap: u32) -> u32 {
        match self {
            HandicapBonus::Zero => 0,
            HandicapBonus::N => handicap,
            HandicapBonus::NMinusOne => handicap.saturating_sub(1),
        }
    }
}

/// A number of points kept in half points, so that 7.5 and -0.5 are exact and no score is
/// ever floating point: komi, totals, margins, legends. The one home of half-point text:
/// written `7.5`, `-0.5`, `12` (a whole number has no `.0`), read from the same (and `7.0`,
/// `+3`, `.5`).
///
/// ```
/// use tengen::rules::HalfPoints;
/// assert_eq!(HalfPoints(15).to_string(), "7.5");
/// assert_eq!(HalfPoints(-1).to_string(), "-0.5");
/// assert_eq!("12".parse::<HalfPoints>().unwrap(), HalfPoints(24));
/// assert!("7.25".parse::<HalfPoints>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct HalfPoints(pub i64);

/// Text that is not a whole or half number.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid number {0:?}: expected a whole or half number such as 7.5, 6 or -0.5")]
pub struct HalfPointsError(pub String);

impl HalfPoints {
    /// The number as a float, for display and interchange only.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 2.0
    }
}

impl FromStr for HalfPoints {
    type Err = HalfPointsError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || HalfPointsError(s.to_string());
        let h = crate::decimal::Decimal::parse(s.trim())
            .and_then(|d| d.times(2))
            .ok_or_else(err)?;
        // within 2^53, as when it was read as a float: a number a float can hold exactly
        if h.unsigned_abs() > 1u64 << 53 {
            return Err(err());
        }
        Ok(HalfPoints(h))
    }
}

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.unsigned_abs();
        if a.is_multiple_of(2) {
            write!(f, "{sign}{}", a / 2)
        } else {
            write!(f, "{sign}{}.5", a / 2)
        }
    }
}

impl Serialize for HalfPoints {
    /// A JSON integer when the number is whole, else a float (`7`, `7.5`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0 % 2 == 0 {
            s.serialize_i64(self.0 / 2)
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

/// Komi in half points, so that 7.5 is exact and scores are never floating point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Komi(i32);

/// Komi text that is not a whole or half number within ±1000 ([`Komi::MAX_POINTS`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid komi {0:?}: expected a whole or half number such as 7.5, 6 or -0.5")]
pub struct KomiError(pub String);

impl Komi {
    /// Komi from a number of half points (15 is 7.5).
    pub const fn from_half_points(h: i32) -> Komi {
        Komi(h)
    }

    /// The komi in half points.
    pub const fn half_points(self) -> i32 {
        self.0
    }

    /// The komi as a [`HalfPoints`] number.
    pub const fn points(self) -> HalfPoints {
        HalfPoints(self.0 as i64)
    }

    /// The komi as a float, for display and interchange only.
    pub fn as_f64(self) -> f64 {
        self.points().as_f64()
    }

    /// The largest |komi| in points a rule set takes (komi text, rule-set JSON, SGF `KM`):
    /// 1000.
    pub const MAX_POINTS: i32 = 1000;

    /// The largest |komi| in points KataGo accepts, and so the bound of the analysis server's
    /// queries: 150.
    pub const KATAGO_MAX_POINTS: i32 = 150;

    /// Komi from a float that is a whole or half number within ±`max_points` points
    /// ([`Komi::MAX_POINTS`], [`Komi::KATAGO_MAX_POINTS`] or a front's own bound); `None`
    /// otherwise (NaN and infinities included).
    ///
    /// ```
    /// use tengen::Komi;
    /// assert_eq!(Komi::from_f64_within(7.5, Komi::MAX_POINTS), Some(Komi::from_half_points(15)));
    /// assert_eq!(Komi::from_f64_within(-150.0, Komi::KATAGO_MAX_POINTS).map(Komi::half_points), Some(-300));
    /// assert_eq!(Komi::from_f64_within(150.5, Komi::KATAGO_MAX_POINTS), None);
    /// assert_eq!(Komi::from_f64_within(7.25, Komi::MAX_POINTS), None);
    /// ```
    pub fn from_f64_within(k: f64, max_points: i32) -> Option<Komi> {
        if k.abs() > f64::from(max_points) || (k * 2.0).fract() != 0.0 {
            return None;
        }
        Some(Komi((k * 2.0) as i32))
    }
}

impl FromStr for Komi {
    type Err = KomiError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<HalfPoints>() {
            Ok(HalfPoints(h)) if h.abs() <= 2 * i64::from(Komi::MAX_POINTS) => Ok(Komi(h as i32)),
            _ => Err(KomiError(s.to_string())),
        }
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.points().fmt(f)
    }
}

impl Serialize for Komi {
    /// Always a float (`7.5`, `0.0`), as rule-set JSON (KataGo's too) writes komi.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

impl<'de> Deserialize<'de> for Komi {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = f64::deserialize(d)?;
        format!("{v}").parse().map_err(serde::de::Error::custom)
    }
}

/// A complete rule set. Every field is independent; [`Rules::preset`] gives the named ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Whether a move that leaves its own chain of two or more stones without liberties is legal
    /// (the chain is then removed and counts as captured by the opponent). Single-stone suicide
    /// is always illegal.
    pub multi_stone_suicide: bool,
    /// Area or territory counting.
    pub scoring: Scoring,
    /// Seki and group tax.
    pub tax: Tax,
    /// White's bonus in handicap games.
    pub handicap_bonus: HandicapBonus,
    /// Points added to White's score.
    pub komi: Komi,
}

/// The named rule sets tengen knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The original move task: suicide illegal, no ko restriction, area scoring, no komi.
    Task,
    /// Tromp-Taylor: positional superko, suicide legal, area.
    TrompTaylor,
    /// Chinese: simple ko, area, white bonus N.
    Chinese,
    /// Chinese as on OGS: positional superko, area, white bonus N.
    ChineseOgs,
    /// Chinese as on KGS: the same as `ChineseOgs`.
    ChineseKgs,
    /// Japanese: simple ko, territory, seki tax.
    Japanese,
    /// Korean: the same as Japanese.
    Korean,
    /// AGA: situational superko, area, white bonus N−1.
    Aga,
    /// BGA: as AGA.
    Bga,
    /// French: as AGA.
    French,
    /// New Zealand: situational superko, suicide legal, area.
    NewZealand,
    /// Stone scoring: simple ko, area with group tax.
    StoneScoring,
    /// Ing (GOE): positional superko, suicide legal, area.
    Goe,
}

/// A rule-set name tengen does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {name:?}; known rule sets: {}", Preset::NAMES.join(", "))]
pub struct UnknownRules {
    /// The name given.
    pub name: String,
}

impl Preset {
    /// Every preset, in the order of [`Preset::NAMES`].
    pub const ALL: [Preset; 13] = [
        Preset::Task,
        Preset::TrompTaylor,
        Preset::Chinese,
        Preset::ChineseOgs,
        Preset::ChineseKgs,
        Preset::Japanese,
        Preset::Korean,
        Preset::Aga,
        Preset::Bga,
        Preset::French,
        Preset::NewZealand,
        Preset::StoneScoring,
        Preset::Goe,
    ];

    /// The canonical names, as accepted by [`Preset::from_name`].
    pub const NAMES: [&'static str; 13] = [
        "task",
        "tromp-taylor",
        "chinese",
        "chinese-ogs",
        "chinese-kgs",
        "japanese",
        "korean",
        "aga",
        "bga",
        "french",
        "new-zealand",
        "stone-scoring",
        "goe",
    ];

    /// The canonical name.
    pub fn name(self) -> &'static str {
        Preset::NAMES[Preset::ALL.iter().position(|&p| p == self).unwrap_or(0)]
    }

    /// Look a preset up by name: case, `_`, spaces and `-` are ignored, and the usual aliases
    /// (`tt`, `cn`, `jp`, `nz`, `ing`, `ogs`, ...) are accepted.
    ///
    /// # Errors
    /// [`UnknownRules`] listing the known names.
    pub fn from_name(name: &str) -> Result<Preset, UnknownRules> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        let p = match key.as_str() {
            "task" | "plain" => Preset::Task,
            "tromptaylor" | "tt" => Preset::TrompTaylor,
            "chinese" | "cn" | "chn" | "china" => Preset::Chinese,
            "chineseogs" | "ogs" => Preset::ChineseOgs,
            "chinesekgs" | "kgs" => Preset::ChineseKgs,
            "japanese" | "jp" | "jpn" | "japan" => Preset::Japanese,
            "korean" | "kr" | "kor" | "korea" => Preset::Korean,
            "aga" | "american" => Preset::Aga,
            "bga" | "british" => Preset::Bga,
            "french" | "ffg" => Preset::French,
            "newzealand" | "nz" => Preset::NewZealand,
            "stonescoring" | "ancientarea" => Preset::StoneScoring,
            "goe" | "ing" => Preset::Goe,
            _ => {
                return Err(UnknownRules {
                    name: name.to_string(),
                })
            }
        };
        Ok(p)
    }

    /// The full rule set of this preset with its default komi.
    pub fn rules(self) -> Rules {
        use HandicapBonus as B;
        use KoRule as K;
        use Scoring as S;
        let r = |ko, suicide, scoring, tax, handicap_bonus, komi2| Rules {
            ko,
            multi_stone_suicide: suicide,
            scoring,
            tax,
            handicap_bonus,
            komi: Komi(komi2),
        };
        match self {
            Preset::Task => r(K::None, false, S::Area, Tax::None, B::Zero, 0),
            Preset::TrompTaylor => r(K::Positional, true, S::Area, Tax::None, B::Zero, 15),
            Preset::Chinese => r(K::Simple, false, S::Area, Tax::None, B::N, 15),
            Preset::ChineseOgs | Preset::ChineseKgs => {
                r(K::Positional, false, S::Area, Tax::None, B::N, 15)
            }
            Preset::Japanese | Preset::Korean => {
                r(K::Simple, false, S::Territory, Tax::Seki, B::Zero, 13)
            }
            Preset::Aga | Preset::Bga | Preset::French => {
                r(K::Situational, false, S::Area, Tax::None, B::NMinusOne, 15)
            }
            Preset::NewZealand => r(K::Situational, true, S::Area, Tax::None, B::Zero, 15),
            Preset::StoneScoring => r(K::Simple, false, S::Area, Tax::All, B::Zero, 15),
            Preset::Goe => r(K::Positional, true, S::Area, Tax::None, B::Zero, 15),
        }
    }
}

impl fmt::Display for Preset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Preset {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Preset::from_name(s)
    }
}

impl Rules {
    /// The rules of a named preset.
    ///
    /// # Errors
    /// [`UnknownRules`] listing the known names.
    pub fn from_name(name: &str) -> Result<Rules, UnknownRules> {
        Preset::from_name(name).map(Preset::rules)
    }

    /// The preset these rules equal, ignoring komi, if any (the first in [`Preset::ALL`]).
    pub fn preset(&self) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| {
            let r = p.rules();
            Rules {
                komi: self.komi,
                ..r
            } == *self
        })
    }

    /// The same rules with another komi.
    pub fn with_komi(self, komi: Komi) -> Rules {
        Rules { komi, ..self }
    }
}

impl Default for Rules {
    /// The original move task's rules: suicide illegal, no ko history.
    fn default() -> Rules {
        Preset::Task.rules()
    }
}

impl FromStr for Rules {
    type Err = UnknownRules;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Rules::from_name(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_round_trips() {
        for (p, n) in Preset::ALL.iter().zip(Preset::NAMES) {
            assert_eq!(Preset::from_name(n).unwrap(), *p);
            assert_eq!(p.name(), n);
        }
        assert_eq!(
            Preset::from_name("Tromp_Taylor").unwrap(),
            Preset::TrompTaylor
        );
        assert_eq!(Preset::from_name("NZ").unwrap(), Preset::NewZealand);
        assert_eq!(Preset::from_name("ing").unwrap(), Preset::Goe);
    }

    #[test]
    fn unknown_name_lists_known() {
        let e = Rules::from_name("klingon").unwrap_err();
        let msg = e.to_string();
        assert!(msg.contains("klingon"));
        assert!(msg.contains("tromp-taylor") && msg.contains("new-zealand"));
    }

    #[test]
    fn preset_parameters() {
        let j = Rules::from_name("japanese").unwrap();
        assert_eq!(j.ko, KoRule::Simple);
        assert_eq!(j.scoring, Scoring::Territory);
        assert_eq!(j.tax, Tax::Seki);
        assert_eq!(j.komi.to_string(), "6.5");
        let tt = Rules::from_name("tromp-taylor").unwrap();
        assert!(tt.multi_stone_suicide);
        assert_eq!(tt.ko, KoRule::Positional);
        let aga = Rules::from_name("aga").unwrap();
        assert_eq!(aga.ko, KoRule::Situational);
        assert_eq!(aga.handicap_bonus.points(4), 3);
        assert_eq!(
            Rules::from_name("chinese")
                .unwrap()
                .handicap_bonus
                .points(4),
            4
        );
        assert_eq!(Rules::from_name("stone-scoring").unwrap().tax, Tax::All);
        assert_eq!(Rules::default().ko, KoRule::None);
        assert!(!Rules::default().multi_stone_suicide);
        assert_eq!(aga.preset(), Some(Preset::Aga));
    }

    #[test]
    fn komi_parse_and_display() {
        assert_eq!("7.5".parse::<Komi>().unwrap().half_points(), 15);
        assert_eq!("-0.5".parse::<Komi>().unwrap().to_string(), "-0.5");
        assert_eq!("6".parse::<Komi>().unwrap().to_string(), "6");
        assert!("7.25".parse::<Komi>().is_err());
        assert!("x".parse::<Komi>().is_err());
        assert!("1e9".parse::<Komi>().is_err());
        assert!("1000.5".parse::<Komi>().is_err());
        assert_eq!("-1000".parse::<Komi>().unwrap().half_points(), -2000);
    }

    #[test]
    fn rule_field_names_are_the_serde_names() {
        fn check<T>(all: &[T], name: fn(&T) -> &'static str)
        where
            T: Serialize + FromStr<Err = ParseRuleError> + PartialEq + fmt::Debug,
        {
            for v in all {
                let json = serde_json::to_string(v).unwrap();
                assert_eq!(json, format!("{:?}", name(v)), "{v:?}");
                assert_eq!(name(v).parse::<T>().as_ref(), Ok(v));
            }
        }
        check(KoRule::ALL, |v| v.name());
        check(Scoring::ALL, |v| v.name());
        check(Tax::ALL, |v| v.name());
        check(HandicapBonus::ALL, |v| v.name());
        let e = "Simple".parse::<KoRule>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "invalid ko rule \"Simple\": expected none, simple, positional or situational"
        );
        assert_eq!(
            "n".parse::<HandicapBonus>().unwrap_err().to_string(),
            "invalid handicap bonus \"n\": expected \"0\", \"N\" or \"N-1\""
        );
        assert!("".parse::<Tax>().is_err());
        assert!("area ".parse::<Scoring>().is_err());
    }

    #[test]
    fn komi_from_a_float_within_a_bound() {
        let h = |k, max| Komi::from_f64_within(k, max).map(Komi::half_points);
        assert_eq!(h(1000.0, Komi::MAX_POINTS), Some(2000));
        assert_eq!(h(-1000.5, Komi::MAX_POINTS), None);
        assert_eq!(h(150.0, Komi::KATAGO_MAX_POINTS), Some(300));
        assert_eq!(h(-150.5, Komi::KATAGO_MAX_POINTS), None);
        assert_eq!(h(6.25, Komi::MAX_POINTS), None);
        assert_eq!(h(f64::NAN, Komi::MAX_POINTS), None);
        assert_eq!(h(f64::INFINITY, Komi::MAX_POINTS), None);
        // the float and the text bound agree
        for k in [999.5, 1000.0, 1000.5, -1000.0, -1000.5] {
            assert_eq!(
                Komi::from_f64_within(k, Komi::MAX_POINTS),
                format!("{k}").parse::<Komi>().ok(),
                "{k}"
            );
        }
    }

    #[test]
    fn half_points_text_and_json() {
        for (h, t) in [
            (0, "0"),
            (1, "0.5"),
            (-1, "-0.5"),
            (15, "7.5"),
            (-24, "-12"),
        ] {
            assert_eq!(HalfPoints(h).to_string(), t);
            assert_eq!(t.parse::<HalfPoints>().unwrap(), HalfPoints(h));
            let j = serde_json::to_string(&HalfPoints(h)).unwrap();
            assert_eq!(j.parse::<HalfPoints>().unwrap(), HalfPoints(h), "{j}");
        }
        assert_eq!(serde_json::to_string(&HalfPoints(14)).unwrap(), "7");
        assert_eq!(serde_json::to_string(&HalfPoints(-3)).unwrap(), "-1.5");
        assert_eq!(" +3 ".parse::<HalfPoints>().unwrap(), HalfPoints(6));
        assert_eq!("7.0".parse::<HalfPoints>().unwrap(), HalfPoints(14));
        for bad in ["", "x", "7.25", "inf", "NaN", "1e300", "B+3"] {
            assert!(bad.parse::<HalfPoints>().is_err(), "{bad:?}");
        }
        assert!("7.25"
            .parse::<HalfPoints>()
            .unwrap_err()
            .to_string()
            .contains("\"7.25\""));
    }
}
