//! The `tengen` command-line tool; each subcommand lives in its own module under `cli/`.

mod cli;

fn main() {
    std::process::exit(cli::run());
}
