//! Every dependency's licence is one we can ship: the licence expression of each package that
//! builds on this machine (normal, build and dev dependencies, all features, the host platform)
//! must be satisfiable with the licences allowed in `deny.toml`, the same policy
//! `cargo deny check licenses` applies. This check needs no extra tool (cargo-deny takes many
//! minutes to build from source, see README "Limits"), only cargo.
//!
//! The package list is `cargo metadata --filter-platform <host>`: the crates of other platforms
//! (Windows console crates, for example) are never downloaded by a build here, so asking for
//! them would make the test depend on what the cargo cache happens to hold. It runs offline
//! first (the build has fetched every host crate it compiles); if cargo still lacks a manifest
//! (an optional crate no build here needed), it asks again with the network allowed.

use std::process::Command;

/// The `allow = [...]` list of deny.toml's `[licenses]` table.
fn allowed() -> Vec<String> {
    let toml = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../deny.toml"))
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

/// One package of the dependency graph: name, version and licence expression (if any).
struct Package {
    name: String,
    version: String,
    license: Option<String>,
}

/// The packages that are not allowed by `allow`, one line each (`name version: why`).
fn disallowed(packages: &[Package], allow: &[String]) -> Vec<String> {
    let mut bad = Vec::new();
    for p in packages {
        let name = format!("{} {}", p.name, p.version);
        match p.license.as_deref().map(str::trim) {
            None | Some("") => bad.push(format!("{name}: no licence expression")),
            Some(l) => match satisfiable(l, allow) {
                Ok(true) => {}
                Ok(false) => bad.push(format!("{name}: {l}")),
                Err(e) => bad.push(format!("{name}: cannot read {l:?}: {e}")),
            },
        }
    }
    bad
}

/// The packages of a `cargo metadata` JSON document.
fn packages_of(meta: &serde_json::Value) -> Result<Vec<Package>, String> {
    let list = meta["packages"]
        .as_array()
        .ok_or("cargo metadata has no packages array")?;
    list.iter()
        .map(|p| {
            let field = |k: &str| {
                p[k].as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("a package without {k}: {p}"))
            };
            Ok(Package {
                name: field("name")?,
                version: field("version")?,
                license: p["license"].as_str().map(str::to_string),
            })
        })
        .collect()
}

/// The host triple of the `rustc` that builds this crate (`host:` line of `rustc -vV`).
fn host_triple() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let out = Command::new(rustc)
        .arg("-vV")
        .output()
        .expect("run rustc -vV");
    assert!(out.status.success(), "rustc -vV failed");
    let text = String::from_utf8(out.stdout).expect("rustc -vV is UTF-8");
    text.lines()
        .find_map(|l| l.strip_prefix("host: "))
        .expect("a host: line in rustc -vV")
        .trim()
        .to_string()
}

/// `cargo metadata` for the host platform, all features, from the lock file.
fn host_metadata() -> serde_json::Value {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let host = host_triple();
    let run = |offline: bool| {
        let mut cmd = Command::new(&cargo);
        cmd.args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--all-features",
        ])
        .args(["--filter-platform", &host])
        .current_dir(env!("CARGO_MANIFEST_DIR"));
        if offline {
            cmd.arg("--offline");
        }
        cmd.output().expect("run cargo metadata")
    };
    let mut out = run(true);
    if !out.status.success() {
        eprintln!(
            "NOTE: cargo metadata --offline failed ({}); asking again with the network",
            String::from_utf8_lossy(&out.stderr).trim()
        );
        out = run(false);
    }
    assert!(
        out.status.success(),
        "cargo metadata --filter-platform {host} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("metadata JSON")
}

#[test]
fn the_check_fails_on_a_bad_package_list() {
    let allow: Vec<String> = ["MIT", "Apache-2.0"].map(String::from).to_vec();
    let pkg = |name: &str, license: Option<&str>| Package {
        name: name.into(),
        version: "1.0.0".into(),
        license: license.map(String::from),
    };
    let good = [
        pkg("a", Some("MIT")),
        pkg("b", Some("MIT OR Apache-2.0")),
        pkg("c", Some("Apache-2.0/MIT")),
    ];
    assert!(disallowed(&good, &allow).is_empty());
    let bad = [
        pkg("a", Some("MIT")),
        pkg("copyleft", Some("GPL-3.0-only")),
        pkg("nolicence", None),
        pkg("blank", Some("  ")),
        pkg("both", Some("MIT AND LGPL-2.1")),
        pkg("garbled", Some("MIT OR (Apache-2.0")),
    ];
    assert_eq!(
        disallowed(&bad, &allow),
        [
            "copyleft 1.0.0: GPL-3.0-only",
            "nolicence 1.0.0: no licence expression",
            "blank 1.0.0: no licence expression",
            "both 1.0.0: MIT AND LGPL-2.1",
            "garbled 1.0.0: cannot read \"MIT OR (Apache-2.0\": unbalanced parentheses",
        ]
    );
}

#[test]
fn packages_are_read_from_metadata_json() {
    let meta = serde_json::json!({"packages": [
        {"name": "x", "version": "0.1.0", "license": "MIT"},
        {"name": "y", "version": "2.0.0", "license": null},
    ]});
    let p = packages_of(&meta).unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(
        (p[0].name.as_str(), p[0].license.as_deref()),
        ("x", Some("MIT"))
    );
    assert_eq!(
        (p[1].version.as_str(), p[1].license.as_deref()),
        ("2.0.0", None)
    );
    assert!(packages_of(&serde_json::json!({"nothing": 1})).is_err());
    assert!(packages_of(&serde_json::json!({"packages": [{"name": "z"}]})).is_err());
}

#[test]
fn every_dependency_licence_is_allowed() {
    let packages = packages_of(&host_metadata()).expect("packages of cargo metadata");
    assert!(
        packages.iter().any(|p| p.name == "tengen") && packages.iter().any(|p| p.name == "serde"),
        "cargo metadata lists neither tengen nor serde"
    );
    assert!(packages.len() > 50, "only {} packages", packages.len());
    let bad = disallowed(&packages, &allowed());
    assert!(
        bad.is_empty(),
        "licences not allowed by deny.toml:\n{}",
        bad.join("\n")
    );
}
