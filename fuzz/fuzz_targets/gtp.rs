//! GTP lines: any bytes, split into lines, fed to one engine. Every line that is not empty
//! after preprocessing gets exactly one response starting with `=` or `?` and ending with a
//! blank line; the engine's board stays consistent after every command.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_engine::gtp::{Engine, EngineConfig};

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
    let mut engine = Engine::new(EngineConfig {
        playouts: 8,
        // `loadsgf`/`printsgf FILE` confined to a scratch folder: a fuzzed name must not
        // write (or read) any path the fuzzer's user can reach
        sgf_dir: Some(sgf_dir()),
        ..EngineConfig::default()
    });
    let text = String::from_utf8_lossy(data);
    for line in text.split('\n').take(64) {
        if let Some(resp) = engine.handle_line(line) {
            assert!(
                resp.starts_with('=') || resp.starts_with('?'),
                "response to {line:?} starts badly: {resp:?}"
            );
            assert!(
                resp.ends_with("\n\n"),
                "response to {line:?} not terminated: {resp:?}"
            );
            assert!(
                !resp[..resp.len() - 2].contains("\n\n"),
                "response to {line:?} has an inner blank line: {resp:?}"
            );
        }
        engine
            .game()
            .board()
            .check_consistency()
            .expect("engine board consistent");
        if engine.wants_quit() {
            break;
        }
    }
});
