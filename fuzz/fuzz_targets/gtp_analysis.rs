//! A GTP session with streaming analysis (`tengen gtp` on a pipe): any bytes as the input of
//! `gtp::run`, the session loop the CLI serves, where `kata-analyze`, `lz-analyze` and the
//! `*genmove_analyze` commands stream until the next line arrives. The output must be a
//! sequence of responses, each starting with `=` or `?` and ending with one blank line
//! (streamed lines are never blank), no more responses than input lines, and the engine's
//! board must stay consistent.
#![no_main]

use std::io::Cursor;

use libfuzzer_sys::fuzz_target;
use tengen_engine::gtp::{run, Engine, EngineConfig};

/// The scratch folder of `loadsgf`/`printsgf FILE`, made once.
fn sgf_dir() -> std::path::PathBuf {
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("tengen-fuzz-sgf-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&d);
        d
    })
    .clone()
}

fuzz_target!(|data: &[u8]| {
    // a bounded session: few lines, few playouts
    let lines: Vec<&[u8]> = data.split(|&b| b == b'\n').take(32).collect();
    let input = lines.join(&b'\n');
    let mut engine = Engine::new(EngineConfig {
        playouts: 8,
        // `loadsgf`/`printsgf FILE` confined to a scratch folder: a fuzzed name must not
        // write (or read) any path the fuzzer's user can reach
        sgf_dir: Some(sgf_dir()),
        ..EngineConfig::default()
    });
    let mut out = Vec::new();
    run(&mut engine, Cursor::new(input), &mut out).expect("writing to a Vec");
    engine
        .game()
        .board()
        .check_consistency()
        .expect("engine board consistent");
    let text = String::from_utf8(out).expect("GTP output is UTF-8");
    if text.is_empty() {
        return;
    }
    assert!(text.ends_with("\n\n"), "output not terminated: {text:?}");
    let responses: Vec<&str> = text[..text.len() - 2].split("\n\n").collect();
    assert!(
        responses.len() <= lines.len(),
        "{} responses to {} lines: {text:?}",
        responses.len(),
        lines.len()
    );
    for r in responses {
        assert!(
            r.starts_with('=') || r.starts_with('?'),
            "a response starts badly: {r:?}"
        );
    }
});
