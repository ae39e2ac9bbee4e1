//! Every dependency's licence is one we can ship: the licence expression of each package in
//! `cargo metadata` (normal, build and dev dependencies, all platforms) must be satisfiable
//! with the licences allowed in `deny.toml`, the same policy `cargo deny check licenses`
//! applies. This check needs no extra tool (cargo-deny takes many minutes to build from
//! source, see README "Limits"), only cargo, offline.

use std::process::Command;

/// The `allow = [...]` list of deny.toml's `[licenses]` table.
fn allowed() -> Vec<String> {
    let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/deny.toml"))
        .expect("deny.toml");
    let start = toml.find("allow = [").expect("allow list in deny.toml");
    let list = &toml[start + 9..];
    let list = &list[..list.find(']').expect("end of the allow list")];
    list.split(',')
        .map(|s| s.trim().trim_matches('"').to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Whether an SPDX expression (`A OR B`, `A AND (B OR C)`, `A WITH E`, old `A/B`) can be met
/// with the allowed licences.
fn satisfiable(expr: &str, allow: &[String]) -> Result<bool, String> {
    let spaced = expr
        .replace('(', " ( ")
        .replace(')', " ) ")
        .replace('/', " OR ");
    let tokens: Vec<&str> = spaced.split_whitespace().collect();
    let mut pos = 0;
    let v = or_expr(&tokens, &mut pos, allow)?;
    if pos != tokens.len() {
        return Err(format!("trailing tokens in {expr:?}"));
    }
    Ok(v)
}

fn or_expr(t: &[&str], pos: &mut usize, allow: &[String]) -> Result<bool, String> {
    let mut v = and_expr(t, pos, allow)?;
    while t.get(*pos) == Some(&"OR") {
        *pos += 1;
        v |= and_expr(t, pos, allow)?;
    }
    Ok(v)
}

fn and_expr(t: &[&str], pos: &mut usize, allow: &[String]) -> Result<bool, String> {
    let mut v = atom(t, pos, allow)?;
    while t.get(*pos) == Some(&"AND") {
        *pos += 1;
        v &= atom(t, pos, allow)?;
    }
    Ok(v)
}

fn atom(t: &[&str], pos: &mut usize, allow: &[String]) -> Result<bool, String> {
    match t.get(*pos) {
        Some(&"(") => {
            *pos += 1;
            let v = or_expr(t, pos, allow)?;
            if t.get(*pos) != Some(&")") {
                return Err("unbalanced parentheses".into());
            }
            *pos += 1;
            Ok(v)
        }
        Some(id) if !matches!(*id, ")" | "AND" | "OR" | "WITH") => {
            *pos += 1;
            let mut name = id.to_string();
            if t.get(*pos) == Some(&"WITH") {
                let exc = t.get(*pos + 1).ok_or("WITH without an exception")?;
                name = format!("{name} WITH {exc}");
                *pos += 2;
            }
            Ok(allow.contains(&name))
        }
        other => Err(format!("expected a licence, found {other:?}")),
    }
}

#[test]
fn expression_evaluation() {
    let allow: Vec<String> = ["MIT", "Apache-2.0"].map(String::from).to_vec();
    assert_eq!(satisfiable("MIT OR GPL-3.0", &allow), Ok(true));
    assert_eq!(satisfiable("MIT AND GPL-3.0", &allow), Ok(false));
    assert_eq!(
        satisfiable("(MIT OR GPL-3.0) AND Apache-2.0", &allow),
        Ok(true)
    );
    assert_eq!(satisfiable("MIT/Apache-2.0", &allow), Ok(true));
    assert_eq!(
        satisfiable("Apache-2.0 WITH LLVM-exception", &allow),
        Ok(false)
    );
    assert_eq!(satisfiable("GPL-3.0", &allow), Ok(false));
    assert!(satisfiable("(MIT", &allow).is_err());
}

#[test]
fn every_dependency_licence_is_allowed() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .args(["metadata", "--format-version", "1", "--offline", "--locked"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("metadata JSON");
    let allow = allowed();
    let mut bad = Vec::new();
    let packages = meta["packages"].as_array().expect("packages");
    for p in packages {
        let name = format!(
            "{} {}",
            p["name"].as_str().unwrap_or("?"),
            p["version"].as_str().unwrap_or("?")
        );
        match p["license"].as_str() {
            None => bad.push(format!("{name}: no licence expression")),
            Some(l) => match satisfiable(l, &allow) {
                Ok(true) => {}
                Ok(false) => bad.push(format!("{name}: {l}")),
                Err(e) => bad.push(format!("{name}: cannot read {l:?}: {e}")),
            },
        }
    }
    assert!(packages.len() > 50, "only {} packages", packages.len());
    assert!(
        bad.is_empty(),
        "licences not allowed by deny.toml:\n{}",
        bad.join("\n")
    );
}
