//! `sim explain ...`: explanations of a position, printed as JSON on stdout.

use crate::cli::{ExplainArgs, ExplainEliminationArgs, ExplainResearchArgs, ExplainTopic};
use crate::error::SimError;
use crate::input::{load_content, load_position, seat_of};
use engine::ti4::elimination::{check_elimination, explain::explain_elimination};
use engine::ti4::position::to_position;
use engine::ti4::technology::explain::explain_research;
use serde::Serialize;
use std::io::Write;

/// Runs `sim explain TOPIC`.
pub fn run(args: ExplainArgs) -> Result<(), SimError> {
    match args.topic {
        ExplainTopic::Research(a) => research(&a),
        ExplainTopic::Elimination(a) => elimination(&a),
    }
}

/// `sim explain elimination`: every seat's elimination conditions, or (`--apply`) the position
/// after every elimination they call for.
fn elimination(a: &ExplainEliminationArgs) -> Result<(), SimError> {
    let c = load_content(&a.content)?;
    let mut s = load_position(&c, &a.position)?;
    if a.apply {
        check_elimination(&c, &mut s);
        print_json(&to_position(&c, &s), a.pretty)
    } else {
        print_json(&explain_elimination(&c, &s), a.pretty)
    }
}

/// `sim explain research`: every technology's status for one player.
fn research(a: &ExplainResearchArgs) -> Result<(), SimError> {
    let c = load_content(&a.content)?;
    let s = load_position(&c, &a.position)?;
    let p = seat_of(&c, &s, "--player", &a.player, &a.position)?;
    print_json(&explain_research(&c, &s, p), a.pretty)
}

/// Writes a value as JSON and a newline on stdout.
fn print_json<T: Serialize>(v: &T, pretty: bool) -> Result<(), SimError> {
    let text = if pretty { serde_json::to_string_pretty(v) } else { serde_json::to_string(v) };
    let text = text.map_err(|e| SimError::Output(e.into()))?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{text}").and_then(|()| out.flush()).map_err(SimError::Output)
}
