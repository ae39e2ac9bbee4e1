//! `Rules`: a rule set, its presets, and the rules and komi arguments.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use tengen::{HandicapBonus, KoRule, Komi, Rules, Scoring, Tax};

/// A rule set: ko rule, suicide, scoring method, taxes, handicap bonus and komi.
#[pyclass(module = "tengen._tengen", name = "Rules", frozen, eq)]
#[derive(Clone, PartialEq)]
pub struct PyRules {
    pub(crate) inner: Rules,
}

fn rules_from_name(name: &str) -> PyResult<Rules> {
    Rules::from_name(name).map_err(|e| PyValueError::new_err(e.to_string()))
}

pub(crate) fn komi_arg(k: f64) -> PyResult<Komi> {
    format!("{k}")
        .parse::<Komi>()
        .map_err(|e| PyValueError::new_err(e.to_string()))
}

/// A rules argument: `Rules`, a preset name, or None (then `default`).
pub(crate) fn rules_arg(obj: Option<&Bound<'_, PyAny>>, default: &str) -> PyResult<Rules> {
    match obj {
        None => rules_from_name(default),
        Some(o) if o.is_none() => rules_from_name(default),
        Some(o) => {
            if let Ok(r) = o.extract::<PyRef<'_, PyRules>>() {
                Ok(r.inner)
            } else if let Ok(s) = o.extract::<String>() {
                rules_from_name(&s)
            } else {
                Err(PyTypeError::new_err(format!(
                    "rules must be tengen.Rules or a preset name, not {}",
                    o.get_type().name()?
                )))
            }
        }
    }
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (name="chinese", *, komi=None, ko=None, suicide=None, scoring=None, tax=None, handicap_bonus=None))]
    fn new(
        name: &str,
        komi: Option<f64>,
        ko: Option<&str>,
        suicide: Option<bool>,
        scoring: Option<&str>,
        tax: Option<&str>,
        handicap_bonus: Option<&str>,
    ) -> PyResult<PyRules> {
        let mut r = rules_from_name(name)?;
        if let Some(k) = komi {
            r.komi = komi_arg(k)?;
        }
        // the field names are the library's (`FromStr` on each rules enum)
        let field = |e: tengen::rules::ParseRuleError| PyValueError::new_err(e.to_string());
        if let Some(k) = ko {
            r.ko = k.parse::<KoRule>().map_err(field)?;
        }
        if let Some(s) = suicide {
            r.multi_stone_suicide = s;
        }
        if let Some(s) = scoring {
            r.scoring = s.parse::<Scoring>().map_err(field)?;
        }
        if let Some(t) = tax {
            r.tax = t.parse::<Tax>().map_err(field)?;
        }
        if let Some(b) = handicap_bonus {
            r.handicap_bonus = b.parse::<HandicapBonus>().map_err(field)?;
        }
        Ok(PyRules { inner: r })
    }

    /// The preset these rules equal (komi aside), or None.
    #[getter]
    fn name(&self) -> Option<&'static str> {
        self.inner.preset().map(|p| p.name())
    }

    /// `"none"`, `"simple"`, `"positional"` or `"situational"`.
    #[getter]
    fn ko(&self) -> &'static str {
        self.inner.ko.name()
    }

    /// Whether suicide of more than one stone is legal.
    #[getter]
    fn suicide(&self) -> bool {
        self.inner.multi_stone_suicide
    }

    /// `"area"` or `"territory"`.
    #[getter]
    fn scoring(&self) -> &'static str {
        self.inner.scoring.name()
    }

    /// `"none"`, `"seki"` or `"all"`.
    #[getter]
    fn tax(&self) -> &'static str {
        self.inner.tax.name()
    }

    /// `"0"`, `"N"` or `"N-1"`.
    #[getter]
    fn handicap_bonus(&self) -> &'static str {
        self.inner.handicap_bonus.name()
    }

    /// Komi in points (a whole or half number).
    #[getter]
    fn komi(&self) -> f64 {
        self.inner.komi.as_f64()
    }

    /// The names of every preset.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        tengen::Preset::NAMES.to_vec()
    }

    fn __repr__(&self) -> String {
        let r = &self.inner;
        format!(
            "Rules({:?}, komi={}, ko={:?}, suicide={}, scoring={:?}, tax={:?}, handicap_bonus={:?})",
            self.name().unwrap_or("custom"),
            r.komi,
            self.ko(),
            if r.multi_stone_suicide { "True" } else { "False" },
            self.scoring(),
            self.tax(),
            self.handicap_bonus()
        )
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.inner.hash(&mut h);
        h.finish()
    }
}
