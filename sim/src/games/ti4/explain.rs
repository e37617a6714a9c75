//! TI4's explain topics, printed as JSON on stdout: `sim explain research`,
//! `sim explain elimination` and `sim explain combat` (each parses its own arguments).

use std::path::PathBuf;

use clap::Parser;
use engine::ti4::elimination::{check_elimination, explain::explain_elimination};
use engine::ti4::position::to_position;
use engine::ti4::technology::explain::explain_research;

use super::input::{load_content, load_position, seat_of, ContentArgs, Ti4InputError};
use crate::error::SimError;
use crate::explain::{parse_topic_args, print_json};
use crate::registry::Topic;

/// The topics.
pub const TOPICS: &[Topic] = &[
    Topic {
        name: "research",
        about: "TI4: every technology: owned, researchable (with the planets to exhaust) or blocked (and why)",
    },
    Topic {
        name: "elimination",
        about: "TI4: every player's elimination conditions; with --apply, the position after the eliminations",
    },
    Topic {
        name: "actions",
        about: "TI4: the legal actions of a game position (stable ids for `sim apply`), or its chance event",
    },
    Topic {
        name: "combat",
        about: "TI4: exact odds and surviving units of the space combat and invasion a move into a system starts",
    },
];

/// `sim explain combat`.
#[derive(Parser, Debug)]
#[command(name = "sim explain combat", about = "Exact odds of the combats a move into a system starts (TI4)")]
pub struct ExplainCombatArgs {
    /// Position file (JSON, see docs/POSITION.md).
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
    /// The system moved into (tile id, e.g. `18`).
    #[arg(long, value_name = "ID")]
    pub system: String,
    /// The attacker, by faction id.
    #[arg(long, value_name = "FACTION_ID")]
    pub attacker: String,
    /// Systems whose space area the attacker moves all its units from (one or more).
    #[arg(long, value_name = "ID", required = true, num_args = 1..)]
    pub from: Vec<String>,
    /// A planet of the system to invade with every ground force moved.
    #[arg(long, value_name = "PLANET_ID")]
    pub planet: Option<String>,
    /// Content to use.
    #[command(flatten)]
    pub content: ContentArgs,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// `sim explain elimination`.
#[derive(Parser, Debug)]
#[command(name = "sim explain elimination", about = "Every player's elimination conditions (TI4)")]
pub struct ExplainEliminationArgs {
    /// Position file (JSON, see docs/POSITION.md).
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
    /// Print the position after resolving every elimination the conditions call for (in the
    /// position format, readable back) instead of the conditions.
    #[arg(long)]
    pub apply: bool,
    /// Content to use.
    #[command(flatten)]
    pub content: ContentArgs,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// `sim explain research`.
#[derive(Parser, Debug)]
#[command(name = "sim explain research", about = "Every technology's status for one player (TI4)")]
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

/// Runs topic `topic` on `args`.
pub fn run(topic: &str, args: &[String]) -> Result<(), SimError> {
    match topic {
        "research" => parse_topic_args::<ExplainResearchArgs>(args)?.map_or(Ok(()), |a| research(&a)),
        "elimination" => parse_topic_args::<ExplainEliminationArgs>(args)?.map_or(Ok(()), |a| elimination(&a)),
        "combat" => parse_topic_args::<ExplainCombatArgs>(args)?.map_or(Ok(()), |a| combat(&a)),
        "actions" => parse_topic_args::<super::console::ExplainActionsArgs>(args)?
            .map_or(Ok(()), |a| super::console::run_explain(&a)),
        other => Err(SimError::Usage(format!("ti4 has no explain topic '{other}'"))),
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

/// `sim explain combat`: the exact odds of the combats a move starts (`super::combat`).
fn combat(a: &ExplainCombatArgs) -> Result<(), SimError> {
    let c = load_content(&a.content)?;
    // A game position (with its map) gives the board's adjacency; a bare one gives none.
    let game = super::console::game_position(&c, &a.position)?;
    let s = match &game {
        Some(g) => *g.state(),
        None => load_position(&c, &a.position)?,
    };
    let neighbours = game.as_ref().map(|g| move |slot: u8| g.galaxy().neighbours(slot));
    let neighbours = neighbours.as_ref().map(|f| f as &dyn Fn(u8) -> u64);
    let p = seat_of(&c, &s, "--attacker", &a.attacker, &a.position)?;
    let e = super::combat::explain(&c, &s, neighbours, p, &a.system, &a.from, a.planet.as_deref())
        .map_err(|(arg, problem)| Ti4InputError::Combat { arg, file: a.position.clone(), problem })?;
    print_json(&e, a.pretty)
}

/// `sim explain research`: every technology's status for one player.
fn research(a: &ExplainResearchArgs) -> Result<(), SimError> {
    let c = load_content(&a.content)?;
    let s = load_position(&c, &a.position)?;
    let p = seat_of(&c, &s, "--player", &a.player, &a.position)?;
    print_json(&explain_research(&c, &s, p), a.pretty)
}
