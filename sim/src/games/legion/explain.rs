//! Legion's explain topic: `sim explain legion-end-phase --position FILE [--pretty]` applies
//! the End Phase (in the seed's order) to a Legion position (`docs/LEGION.md`) and prints the
//! steps performed, what each changed, the promotion candidates and the choice made (the
//! position's `promotion_choice`, else the first candidate, and which), and the resulting
//! position, as JSON.

use std::fmt;
use std::path::PathBuf;

use clap::Parser;
use engine::legion::explain::explain_end_phase;
use engine::legion::position::{parse_position, PositionError};

use crate::error::SimError;
use crate::explain::{parse_topic_args, print_json};
use crate::registry::Topic;

/// The topics.
pub const TOPICS: &[Topic] = &[Topic {
    name: "legion-end-phase",
    about: "Legion: apply the End Phase to a position; the steps, promotions and the resulting position",
}];

/// `sim explain legion-end-phase`.
#[derive(Parser, Debug)]
#[command(name = "sim explain legion-end-phase", about = "Apply the Legion End Phase to a position")]
pub struct EndPhaseArgs {
    /// Position file (JSON, see docs/LEGION.md).
    #[arg(long, value_name = "FILE")]
    pub position: PathBuf,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// A bad Legion position file.
#[derive(Debug)]
pub enum LegionInputError {
    /// The file could not be read.
    Read {
        /// The file.
        file: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The position is malformed or inconsistent (the error names the field).
    Position {
        /// The file.
        file: PathBuf,
        /// The field and the problem.
        error: PositionError,
    },
}

impl fmt::Display for LegionInputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LegionInputError::Read { file, error } => write!(f, "{}: cannot read: {error}", file.display()),
            LegionInputError::Position { file, error } => write!(f, "{}: {error}", file.display()),
        }
    }
}

impl std::error::Error for LegionInputError {}

/// Runs topic `topic` on `args`.
pub fn run(topic: &str, args: &[String]) -> Result<(), SimError> {
    match topic {
        "legion-end-phase" => parse_topic_args::<EndPhaseArgs>(args)?.map_or(Ok(()), |a| end_phase(&a)),
        other => Err(SimError::Usage(format!("legion has no explain topic '{other}'"))),
    }
}

fn end_phase(a: &EndPhaseArgs) -> Result<(), SimError> {
    let bad = |e: LegionInputError| SimError::Input(Box::new(e));
    let text = std::fs::read_to_string(&a.position)
        .map_err(|error| bad(LegionInputError::Read { file: a.position.clone(), error }))?;
    let pos_err = |error| bad(LegionInputError::Position { file: a.position.clone(), error });
    let pos = parse_position(&text).map_err(pos_err)?;
    let report = explain_end_phase(&pos).map_err(pos_err)?;
    print_json(&report, a.pretty)
}
