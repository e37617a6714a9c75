//! The rules programmer's console on TI4 game positions (`docs/CLI.md`, "The console"):
//! `sim explain actions` (the legal actions of the position, with stable ids), `sim apply`
//! (apply ids, print the new position) and `sim perft` (count decision sequences).
//!
//! A game starts from a game position file (`--position`, as `sim apply` writes it) or from a
//! new game (`--new sol,hacan,...`, on the seeded random map `--map-seed`), which waits at
//! setup's chance event. Chance events are resolved by `chance` (seed 0) or `chance:SEED` in
//! the action list: a ChaCha8 stream from that seed, so a list of ids replays exactly.

use std::path::Path;
use std::sync::Arc;

use engine::game::{Game, Turn};
use engine::perft::{divide, perft, PerftCount};
use engine::ti4::content::Content;
use engine::ti4::game::position::{game_from_json, game_to_position};
use engine::ti4::game::{Action, MapChoice, Ti4Game, Ti4Options};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::input::{load_content, read_text, ContentArgs, Ti4InputError};
use crate::cli::{ApplyArgs, GameStartArgs, PerftArgs};
use crate::error::SimError;
use crate::explain::print_json;

/// `sim explain actions`.
#[derive(clap::Parser, Debug)]
#[command(name = "sim explain actions", about = "The legal actions of a TI4 game position, with stable ids")]
pub struct ExplainActionsArgs {
    /// Where the game stands.
    #[command(flatten)]
    pub start: GameStartArgs,
    /// Indent the JSON output (default: one line).
    #[arg(long)]
    pub pretty: bool,
}

/// One legal action.
#[derive(Serialize, Debug)]
pub struct ActionEntry {
    /// The stable id (`sim apply --actions`).
    pub id: String,
    /// A readable name.
    pub name: String,
    /// What it does.
    pub does: &'static str,
}

/// The chance event a position waits at.
#[derive(Serialize, Debug)]
pub struct ChanceEntry {
    /// What it resolves.
    pub does: &'static str,
    /// How its outcome is chosen: sampled from a seeded stream; the outcomes are not enumerated.
    pub outcomes: &'static str,
}

/// `sim explain actions` output.
#[derive(Serialize, Debug)]
pub struct ExplainActions {
    /// The game round.
    pub round: u8,
    /// The engine's step (`Step` in Debug form).
    pub step: String,
    /// `"player"`, `"chance"` or `"terminal"`.
    pub turn: &'static str,
    /// The seat to move (at a decision).
    pub seat: Option<usize>,
    /// That seat's faction.
    pub faction: Option<String>,
    /// The legal actions in engine order (empty unless a player is to move).
    pub actions: Vec<ActionEntry>,
    /// The chance event (at a chance state).
    pub chance: Option<ChanceEntry>,
    /// Why the game ended and the seats' places (0 first), once over.
    pub result: Option<ResultEntry>,
}

/// The end of a game.
#[derive(Serialize, Debug)]
pub struct ResultEntry {
    /// The end condition (`victory`, `no_objective`, `last_player`, `round_cap`).
    pub end: &'static str,
    /// Place per seat.
    pub ranking: Vec<u8>,
}

/// The game `start` names: a position file read back, or a new game.
pub fn load_game(start: &GameStartArgs) -> Result<Ti4Game, Ti4InputError> {
    let c = load_content(&ContentArgs { dir: start.content.clone() })?;
    match (&start.position, &start.new) {
        (Some(file), _) => load_game_position(c, file),
        (None, Some(keys)) => new_game(c, keys, start.map_seed),
        // clap requires one of the two.
        (None, None) => Err(Ti4InputError::NewGame("give --position FILE or --new FACTIONS".into())),
    }
}

/// The game position in `file` when it is one (it has a `procedure`), `None` for a bare
/// position; errors as [`load_game`]'s.
pub fn game_position(c: &Arc<Content>, file: &Path) -> Result<Option<Ti4Game>, Ti4InputError> {
    let text = read_text(file)?;
    let bad = |error| Ti4InputError::Position { file: file.to_path_buf(), error };
    let pos = engine::ti4::position::parse_position(&text).map_err(bad)?;
    match pos.procedure {
        Some(_) => engine::ti4::game::position::game_from_position(c.clone(), &pos).map(Some).map_err(bad),
        None => Ok(None),
    }
}

/// Reads a game position file.
fn load_game_position(c: Arc<Content>, file: &Path) -> Result<Ti4Game, Ti4InputError> {
    let text = read_text(file)?;
    game_from_json(c, &text).map_err(|error| Ti4InputError::Position { file: file.to_path_buf(), error })
}

/// A new game of `keys` (seat order) on the seeded random map.
fn new_game(c: Arc<Content>, keys: &[String], map_seed: u64) -> Result<Ti4Game, Ti4InputError> {
    let mut factions = Vec::with_capacity(keys.len());
    for k in keys {
        let f = c.faction(k).ok_or_else(|| Ti4InputError::UnknownFaction { arg: "--new", id: k.clone() })?;
        factions.push(f);
    }
    Ti4Game::new(c, &factions, &MapChoice::Random(map_seed), Ti4Options::default())
        .map_err(|e| Ti4InputError::NewGame(e.to_string()))
}

/// What the position offers.
pub fn explain_actions(g: &Ti4Game) -> ExplainActions {
    let c = g.content();
    let mut buf = Vec::new();
    g.legal_actions(&mut buf);
    let (turn, seat) = match g.current() {
        Turn::Player(p) => ("player", Some(p)),
        Turn::Chance => ("chance", None),
        Turn::Terminal => ("terminal", None),
    };
    ExplainActions {
        round: g.state().round,
        step: format!("{:?}", g.step()),
        turn,
        seat,
        faction: seat
            .map(|p| c.factions[g.state().player(engine::ti4::ids::Player(p as u8)).faction.idx()].key.clone()),
        actions: buf
            .iter()
            .map(|&a| ActionEntry { id: g.action_id(a), name: g.action_to_string(a), does: g.action_effect(a) })
            .collect(),
        chance: g.chance_effect().map(|does| ChanceEntry {
            does,
            outcomes: "sampled from a seeded ChaCha8 stream (`chance` or `chance:SEED` in `sim apply`); not enumerated",
        }),
        result: g.end_condition().map(|e| ResultEntry { end: e.label(), ranking: g.ranking().to_vec() }),
    }
}

/// `sim explain actions`.
pub fn run_explain(a: &ExplainActionsArgs) -> Result<(), SimError> {
    let g = load_game(&a.start)?;
    print_json(&explain_actions(&g), a.pretty)
}

/// Applies the ids of `ids` in turn; the first that is not legal is an error naming its index.
pub fn apply_ids(g: &mut Ti4Game, ids: &[String]) -> Result<(), Ti4InputError> {
    let mut buf: Vec<Action> = Vec::new();
    for (index, id) in ids.iter().enumerate() {
        let id = id.trim();
        match g.current() {
            Turn::Terminal => return Err(Ti4InputError::Illegal { index, id: id.into(), legal: Vec::new() }),
            Turn::Chance => {
                let seed = match id.strip_prefix("chance") {
                    Some("") => Some(0),
                    Some(rest) => rest.strip_prefix(':').and_then(|s| s.parse::<u64>().ok()),
                    None => None,
                };
                let Some(seed) = seed else {
                    let legal = vec!["chance".into(), "chance:SEED".into()];
                    return Err(Ti4InputError::Illegal { index, id: id.into(), legal });
                };
                g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
            }
            Turn::Player(_) => {
                g.legal_actions(&mut buf);
                match buf.iter().find(|&&a| g.action_id(a) == id) {
                    Some(&a) => g.apply(a),
                    None => {
                        let legal = buf.iter().map(|&a| g.action_id(a)).collect();
                        return Err(Ti4InputError::Illegal { index, id: id.into(), legal });
                    }
                }
            }
        }
    }
    Ok(())
}

/// `sim apply`: the position after the actions.
pub fn run_apply(a: &ApplyArgs) -> Result<(), SimError> {
    let mut g = load_game(&a.start)?;
    apply_ids(&mut g, &a.actions)?;
    print_json(&game_to_position(&g), a.pretty)
}

/// One line of `sim perft --divide`.
#[derive(Serialize, Debug)]
pub struct DivideEntry {
    /// The first action's id.
    pub id: String,
    /// The perft count below it.
    pub perft: u64,
    /// Its leaves by kind.
    pub leaves: PerftCount,
}

/// `sim perft` output.
#[derive(Serialize, Debug)]
pub struct PerftOutput {
    /// The depth counted.
    pub depth: u32,
    /// The perft number: all leaves.
    pub perft: u64,
    /// The leaves by kind (exactly `depth` decisions, a chance state, the end of the game).
    pub leaves: PerftCount,
    /// With `--divide`: per legal action, the count below it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divide: Option<Vec<DivideEntry>>,
}

/// The perft count of `g` (and its division by first action).
pub fn perft_output(g: &Ti4Game, depth: u32, with_divide: bool) -> PerftOutput {
    let leaves = perft(g, depth);
    let divide = (with_divide && depth > 0).then(|| {
        divide(g, depth)
            .into_iter()
            .map(|(a, c)| DivideEntry { id: g.action_id(a), perft: c.total(), leaves: c })
            .collect()
    });
    PerftOutput { depth, perft: leaves.total(), leaves, divide }
}

/// `sim perft`.
pub fn run_perft(a: &PerftArgs) -> Result<(), SimError> {
    let g = load_game(&a.start)?;
    print_json(&perft_output(&g, a.depth, a.divide), a.pretty)
}
