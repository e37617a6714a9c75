//! `sim explain TOPIC [ARGS...]`: the topics of every registered game
//! ([`crate::registry::Topic`]); each game parses its topic's own arguments.

use std::io::Write;

use clap::Parser;
use serde::Serialize;

use crate::cli::ExplainArgs;
use crate::error::SimError;
use crate::registry::Registry;

/// Runs `sim explain TOPIC` on the built-in games.
pub fn run(args: ExplainArgs) -> Result<(), SimError> {
    run_in(&crate::games::builtin(), &args)
}

/// Runs `sim explain TOPIC` on the games of `registry`.
pub fn run_in(registry: &Registry, args: &ExplainArgs) -> Result<(), SimError> {
    match registry.topic(&args.topic) {
        Some((game, topic)) => game.explain(topic.name, &args.args),
        None => {
            let names: Vec<&str> = registry.topics().map(|(_, t)| t.name).collect();
            Err(SimError::Usage(format!(
                "explain: unknown topic '{}' (expected one of: {})",
                args.topic,
                names.join(", ")
            )))
        }
    }
}

/// The `after_help` of `sim explain`: every topic with its game.
pub fn topics_help(registry: &Registry) -> String {
    let mut s = String::from("Topics:\n");
    for (_, t) in registry.topics() {
        s += &format!("  {:<18} {}\n", t.name, t.about);
    }
    s + "\n`sim explain TOPIC --help` shows a topic's arguments."
}

/// Parses a topic's arguments (`args`: everything after the topic's name). `Ok(None)` when
/// they asked for help, which is printed; a parse error is [`SimError::Usage`] with clap's
/// message.
pub fn parse_topic_args<T: Parser>(args: &[String]) -> Result<Option<T>, SimError> {
    let argv = std::iter::once("sim explain".to_string()).chain(args.iter().cloned());
    match T::try_parse_from(argv) {
        Ok(t) => Ok(Some(t)),
        Err(e) if matches!(e.kind(), clap::error::ErrorKind::DisplayHelp | clap::error::ErrorKind::DisplayVersion) => {
            print!("{e}");
            Ok(None)
        }
        Err(e) => {
            // clap's message on one line, without its usage and help hints.
            let message = e.to_string();
            let lines: Vec<&str> = message
                .lines()
                .map(str::trim)
                .filter(|l| !l.is_empty() && !l.starts_with("Usage:") && !l.starts_with("For more information"))
                .collect();
            Err(SimError::Usage(format!("explain: {}", lines.join(" ").trim_start_matches("error: "))))
        }
    }
}

/// Writes a value as JSON and a newline on stdout.
pub fn print_json<T: Serialize>(v: &T, pretty: bool) -> Result<(), SimError> {
    let text = if pretty { serde_json::to_string_pretty(v) } else { serde_json::to_string(v) };
    let text = text.map_err(|e| SimError::Output(e.into()))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").and_then(|()| out.flush()).map_err(SimError::Output)
}
