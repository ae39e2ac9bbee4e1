//! GTP lines: any bytes, split into lines, fed to one engine. Every line that is not empty
//! after preprocessing gets exactly one response starting with `=` or `?` and ending with a
//! blank line; the engine's board stays consistent after every command.
#![no_main]

use libfuzzer_sys::fuzz_target;
use tengen_engine::gtp::{Engine, EngineConfig};

fuzz_target!(|data: &[u8]| {
    let mut engine = Engine::new(EngineConfig {
        playouts: 8,
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
