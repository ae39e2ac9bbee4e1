//! Build script: on Linux with glibc, link the `tengen` binary statically (non-PIE) when this
//! machine can, so that a call runs no dynamic loader and applies no relocations; one
//! `tengen move` call then costs about what a spawn of `true` does (BENCHMARKS.md, "Start-up").
//!
//! Rust's standard library names its system libraries itself (`-lgcc_s -lutil -lrt -lpthread
//! -lm -ldl -lc`, searched as shared libraries), and `-C target-feature=+crt-static` cannot be
//! given to one binary alone from a build script. So this script writes, in `OUT_DIR`, small
//! linker scripts under those names that point at the static archives (`libc.a`, `libgcc_eh.a`,
//! ...; `cc -print-file-name` finds them), and passes `-static -no-pie -L<that directory>` to
//! the binary's link only (`cargo:rustc-link-arg-bins`): the library, tests, examples and
//! benches link as usual.
//!
//! It falls back to the ordinary dynamic link, silently, whenever anything is unusual: another
//! OS or C library, cross compilation, a configured linker, an archive missing (e.g. no
//! `glibc-static` on Fedora), or a probe (a C program linked the same way) that does not link
//! and run. `TENGEN_DYNAMIC=1` asks for the dynamic link. The trade-off: a non-PIE binary gets
//! no address-space layout randomisation of its own code.

use std::env;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=TENGEN_DYNAMIC");
    if let Ok(dir) = static_link_dir() {
        println!("cargo:rustc-link-arg-bins=-static");
        println!("cargo:rustc-link-arg-bins=-no-pie");
        println!("cargo:rustc-link-arg-bins=-L{}", dir.display());
    }
}

/// The directory of linker scripts for a static link, or why there is none.
fn static_link_dir() -> Result<PathBuf, String> {
    let var = |k: &str| env::var(k).unwrap_or_default();
    if env::var_os("CARGO_FEATURE_CLI").is_none() {
        return Err("no binary without the cli feature".into());
    }
    if env::var_os("TENGEN_DYNAMIC").is_some_and(|v| !v.is_empty() && v != "0") {
        return Err("TENGEN_DYNAMIC is set".into());
    }
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("CARGO_CFG_TARGET_ENV") != "gnu" {
        return Err("not Linux with glibc".into());
    }
    if !matches!(var("CARGO_CFG_TARGET_ARCH").as_str(), "x86_64" | "aarch64") {
        return Err("not x86-64 or aarch64".into());
    }
    if var("HOST") != var("TARGET") || env::var_os("RUSTC_LINKER").is_some() {
        return Err("cross compilation or a configured linker".into());
    }
    if var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|f| f == "crt-static")
    {
        return Err("crt-static already links statically".into());
    }
    let out = PathBuf::from(env::var_os("OUT_DIR").ok_or("no OUT_DIR")?);
    let dir = out.join("static-libs");
    fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let archive = |name: &str| find_archive(name);
    let (c, gcc, gcc_eh) = (
        archive("libc.a")?,
        archive("libgcc.a")?,
        archive("libgcc_eh.a")?,
    );
    // libc needs libgcc (and its unwinder) back: one group, so that a linker that scans
    // archives once in order (GNU ld) resolves the cycle too.
    let group = format!("GROUP ( {} {} {} )\n", q(&c), q(&gcc), q(&gcc_eh));
    write(&dir.join("libc.a"), &group)?;
    write(
        &dir.join("libgcc_s.a"),
        &format!("GROUP ( {} {} )\n", q(&gcc_eh), q(&gcc)),
    )?;
    for lib in ["m", "pthread", "dl", "rt", "util"] {
        let name = format!("lib{lib}.a");
        write(
            &dir.join(&name),
            &format!("INPUT ( {} )\n", q(&archive(&name)?)),
        )?;
    }
    probe(&out, &dir)?;
    Ok(dir)
}

/// The absolute path of a static archive of the C toolchain.
fn find_archive(name: &str) -> Result<PathBuf, String> {
    let out = Command::new("cc")
        .arg(format!("-print-file-name={name}"))
        .output()
        .map_err(|e| format!("cc: {e}"))?;
    let path = PathBuf::from(String::from_utf8_lossy(&out.stdout).trim());
    // cc prints the bare name when it does not find the file
    if out.status.success() && path.is_absolute() && path.is_file() {
        Ok(path)
    } else {
        Err(format!("no {name}"))
    }
}

/// A path quoted for a linker script.
fn q(p: &Path) -> String {
    format!("\"{}\"", p.display())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Link a C program the way the binary will be linked (the same libraries through the
/// scripts, `-static -no-pie`) and run it.
fn probe(out: &Path, dir: &Path) -> Result<(), String> {
    let src = out.join("static-probe.c");
    let exe = out.join("static-probe");
    write(
        &src,
        "#include <stdio.h>\n#include <math.h>\n#include <pthread.h>\n\
         static void *f(void *p) { return p; }\n\
         int main(int argc, char **argv) { pthread_t t; void *r;\n\
         if (pthread_create(&t, 0, f, argv) || pthread_join(t, &r)) return 1;\n\
         return printf(\"%d\", (int)sqrt((double)(argc + 8))) > 0 && r == argv ? 0 : 1; }\n",
    )?;
    let linked = Command::new("cc")
        .arg(&src)
        .arg("-o")
        .arg(&exe)
        .args(["-static", "-no-pie", "-nodefaultlibs", "-Wl,-Bdynamic"])
        .arg(format!("-L{}", dir.display()))
        .args([
            "-lgcc_s",
            "-lutil",
            "-lrt",
            "-lpthread",
            "-lm",
            "-ldl",
            "-lc",
        ])
        .output()
        .map_err(|e| format!("cc: {e}"))?;
    if !linked.status.success() {
        return Err("the static probe does not link".into());
    }
    let ran = Command::new(&exe)
        .output()
        .map_err(|e| format!("probe: {e}"))?;
    if ran.status.success() && ran.stdout == b"3" {
        Ok(())
    } else {
        Err("the static probe does not run".into())
    }
}
