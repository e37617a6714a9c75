//! The command line (clap derive). One variant per subcommand; arguments shared by several
//! subcommands (the content directory) are flattened structs.

use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// TI4 rules engine: experiments, explanations, benches and replays.
#[derive(Parser, Debug)]
#[command(name = "sim", version, about)]
pub struct Cli {
    /// What to do; without one, prints this help.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Explain a position: what a player may do and why.
    Explain(ExplainArgs),
}

/// `sim explain`.
#[derive(Args, Debug)]
pub struct ExplainArgs {
    /// What to explain.
    #[command(subcommand)]
    pub topic: ExplainTopic,
}

/// What `sim explain` explains.
#[derive(Subcommand, Debug)]
pub enum ExplainTopic {
    /// Every technology: owned, researchable (with the planets to exhaust) or blocked (and why).
    Research(ExplainResearchArgs),
}

/// `sim explain research`.
#[derive(Args, Debug)]
pub struct ExplainResearchArgs {
    /// Position file (JSON, see docs/POSITION.md).
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
    /// The player to explain, by faction id (e.g. `sol`).
    #[arg(long, value_name = "FACTION_ID")]
    pub player: String,
    /// Content to use.
    #[command(flatten)]
    pub content: ContentArgs,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// Which content (technologies, units, factions, planets, systems) to load.
#[derive(Args, Debug, Clone, Default)]
pub struct ContentArgs {
    /// Content directory: each data file present there replaces the embedded one.
    #[arg(long = "content", value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn command_line_definition_is_consistent() {
        Cli::command().debug_assert();
    }
}
