//! Decimal numbers read exactly: komi, margins of results and Fox's margins in stones are
//! written in decimal, and what is asked of them is exact (is this a whole number of half
//! points? what is twice it, digit for digit?), which a binary float answers only by
//! rounding. Written by hand, not with `f64::from_str`: besides exactness, the float reader
//! and its tables were 15 KB of the WebAssembly module, which has a size budget.

/// A decimal number: `mantissa / 10^scale`, negative when `negative`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Decimal {
    negative: bool,
    mantissa: u64,
    scale: u32,
}

/// The most digits after the point a number may have (after its exponent is applied).
const MAX_SCALE: u32 = 18;

impl Decimal {
    /// Read `s` as Rust reads a float, without its `inf` and `NaN`: an optional sign, digits
    /// with an optional decimal point (`7`, `6.5`, `.5`, `3.`), and an optional exponent
    /// (`1e1`, `25E-1`). `None` for anything else, and for a number whose digits do not fit
    /// in 64 bits or that has more than 18 decimals.
    pub(crate) fn parse(s: &str) -> Option<Decimal> {
        let b = s.as_bytes();
        let (negative, mut i) = match b.first() {
            Some(b'-') => (true, 1),
            Some(b'+') => (false, 1),
            _ => (false, 0),
        };
        let (mut mantissa, mut scale, mut digits, mut point) = (0u64, 0i64, 0, false);
        while i < b.len() {
            match b[i] {
                d @ b'0'..=b'9' => {
                    mantissa = mantissa.checked_mul(10)?.checked_add(u64::from(d - b'0'))?;
                    digits += 1;
                    scale += i64::from(point);
                }
                b'.' if !point => point = true,
                _ => break,
            }
            i += 1;
        }
        if digits == 0 {
            return None;
        }
        if i < b.len() {
            if !matches!(b[i], b'e' | b'E') {
                return None;
            }
            let e = &s[i + 1..];
            let exp_digits = e.strip_prefix(['+', '-']).unwrap_or(e);
            if exp_digits.is_empty() || !exp_digits.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            // an exponent beyond this moves the point past any 64-bit mantissa
            let significant = exp_digits.trim_start_matches('0');
            let exp: i64 = if significant.len() > 4 {
                99_999
            } else {
                significant.parse().unwrap_or(0)
            };
            scale -= if e.starts_with('-') { -exp } else { exp };
        }
        while scale < 0 {
            mantissa = mantissa.checked_mul(10)?;
            scale += 1;
        }
        while scale > 0 && mantissa % 10 == 0 {
            mantissa /= 10;
            scale -= 1;
        }
        let scale = u32::try_from(scale).ok().filter(|&s| s <= MAX_SCALE)?;
        Some(Decimal {
            negative: negative && mantissa != 0,
            mantissa,
            scale,
        })
    }

    /// The number times `k`, when that is a whole number (of an `i64`).
    pub(crate) fn times(self, k: u64) -> Option<i64> {
        let p = 10u128.pow(self.scale);
        let m = u128::from(self.mantissa) * u128::from(k);
        if m % p != 0 {
            return None;
        }
        let v = i64::try_from(m / p).ok()?;
        Some(if self.negative { -v } else { v })
    }

    /// The number doubled, in decimal digits with no trailing zeros after the point (`6.4`,
    /// `5.5`, `-1`).
    pub(crate) fn doubled(self) -> String {
        let p = 10u128.pow(self.scale);
        let m = 2 * u128::from(self.mantissa);
        let sign = if self.negative { "-" } else { "" };
        let (whole, frac) = (m / p, m % p);
        if frac == 0 {
            return format!("{sign}{whole}");
        }
        let digits = format!("{frac:0width$}", width = self.scale as usize);
        format!("{sign}{whole}.{}", digits.trim_end_matches('0'))
    }
}

#[cfg(test)]
mod tests {
    use super::Decimal;

    #[test]
    fn reads_what_rust_reads_as_a_float() {
        for (s, half) in [
            ("7", 14),
            ("6.5", 13),
            ("-0.5", -1),
            ("+3", 6),
            (".5", 1),
            ("3.", 6),
            ("6.50", 13),
            ("1e1", 20),
            ("25E-1", 5),
            ("0.05e1", 1),
            ("1e00001", 20),
            ("-0", 0),
            ("000012.5000", 25),
        ] {
            let d = Decimal::parse(s).unwrap_or_else(|| panic!("{s}"));
            assert_eq!(d.times(2), Some(half), "{s}");
            // the float reader agrees wherever the number is exact in binary
            assert_eq!(s.parse::<f64>().unwrap() * 2.0, half as f64, "{s}");
        }
    }

    #[test]
    fn rejects_what_is_no_number() {
        for s in [
            "", "+", "-", ".", "e1", "1e", "1e+", "1.2.3", "1,5", " 1", "1 ", "inf", "NaN", "0x10",
            "--1", "1e1.5", "１",
        ] {
            assert_eq!(Decimal::parse(s), None, "{s:?}");
            assert!(
                s.parse::<f64>().map_or(true, |v| !v.is_finite()) || s == "1e1.5",
                "{s:?}"
            );
        }
    }

    #[test]
    fn whole_multiples_only() {
        let d = Decimal::parse("7.25").unwrap();
        assert_eq!(d.times(2), None);
        assert_eq!(d.times(4), Some(29));
        assert_eq!(Decimal::parse("0.1").unwrap().times(2), None);
        assert_eq!(Decimal::parse("1e30"), None);
        assert_eq!(Decimal::parse("1e-30"), None);
        assert_eq!(Decimal::parse("1e99999999"), None);
        assert_eq!(Decimal::parse("99999999999999999999"), None);
        assert_eq!(
            Decimal::parse("9223372036854775807").unwrap().times(2),
            None
        );
    }

    #[test]
    fn doubles_digit_for_digit() {
        for (s, twice) in [
            ("3.2", "6.4"),
            ("2.75", "5.5"),
            ("2", "4"),
            ("0.25", "0.5"),
            ("-1.05", "-2.1"),
            ("2.50", "5"),
            ("0.0001", "0.0002"),
        ] {
            assert_eq!(Decimal::parse(s).unwrap().doubled(), twice, "{s}");
        }
    }
}
