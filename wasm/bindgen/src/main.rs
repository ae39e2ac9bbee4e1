//! `tengen-wasm-bindgen INPUT.wasm OUT_DIR OUT_NAME`: the glue of the tengen-wasm package, as
//! `wasm-bindgen --target web --no-typescript --out-dir OUT_DIR --out-name OUT_NAME INPUT.wasm`
//! writes it (the same options, set one by one as that command sets them from its defaults, so
//! the output is the same bytes), through wasm-bindgen's library.
//!
//! Only these options: wasm/build.sh is its one caller.

use std::path::PathBuf;
use std::process::ExitCode;

use wasm_bindgen_cli_support::Bindgen;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [input, out_dir, out_name] = args.as_slice() else {
        eprintln!(
            "usage: tengen-wasm-bindgen INPUT.wasm OUT_DIR OUT_NAME (got {} arguments)",
            args.len()
        );
        return ExitCode::from(2);
    };
    match generate(PathBuf::from(input), PathBuf::from(out_dir), out_name) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("tengen-wasm-bindgen: {input}: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// wasm-bindgen's CLI with `--target web --no-typescript --out-name NAME` and every other
/// option at its default (wasm-bindgen-cli 0.2.130, `src/wasm_bindgen.rs`; `Bindgen::new`'s own
/// defaults differ from the CLI's in places, `omit_default_module_path` for one).
fn generate(input: PathBuf, out_dir: PathBuf, out_name: &str) -> anyhow::Result<()> {
    let mut b = Bindgen::new();
    b.web(true)?;
    // (`reference_types` is deprecated, the module's features decide it; the CLI still calls it
    // with its flag's default, which also overrides the WASM_BINDGEN_EXTERNREF variable)
    #[allow(deprecated)]
    b.input_path(input)
        .debug(false)
        .demangle(true)
        .keep_lld_exports(false)
        .keep_debug(false)
        .split_debug_info(false)
        .remove_name_section(false)
        .remove_producers_section(false)
        .typescript(false)
        .omit_imports(false)
        .omit_default_module_path(false)
        .split_linked_modules(false)
        .js_string_builtins(false)
        .ts_typed_array_buffers(false)
        .reference_types(false)
        .reset_state_function(false)
        .force_enable_abort_handler(false)
        .out_name(out_name);
    b.generate(out_dir)
}
