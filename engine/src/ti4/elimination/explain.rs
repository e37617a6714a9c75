//! `sim explain elimination`: for every seat, the three elimination conditions and whether a
//! planet they can never lose keeps them in the game. Not a hot path: allocates.

use super::{ground_forces, meets_conditions, production_units};
use crate::ti4::content::Content;
use crate::ti4::factions::elimination::cannot_be_eliminated;
use crate::ti4::state::State;
use serde::Serialize;

/// The elimination conditions of every seat.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct EliminationExplanation {
    /// One entry per seat, in seat order.
    pub players: Vec<PlayerConditions>,
}

/// One seat's elimination conditions.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct PlayerConditions {
    /// Faction id.
    pub faction: String,
    /// Ground forces on the board (on planets and in space areas).
    pub ground_forces: u32,
    /// Units with PRODUCTION on the board (plus supernovas with their units under the Magmus
    /// Reactor).
    pub production_units: u32,
    /// Planets controlled.
    pub planets: u32,
    /// True when all three are zero: the player is (or must now be) eliminated.
    pub meets_conditions: bool,
    /// Why the player cannot be eliminated now (`custodia_vigilia`, `sundered`), or null.
    pub cannot_be_eliminated: Option<&'static str>,
}

/// Explains the elimination conditions of every seat.
pub fn explain_elimination(c: &Content, s: &State) -> EliminationExplanation {
    let players = s
        .seats()
        .map(|p| PlayerConditions {
            faction: c.factions[s.player(p).faction.idx()].key.clone(),
            ground_forces: ground_forces(s, p),
            production_units: production_units(c, s, p),
            planets: s.player(p).planets.len(),
            meets_conditions: meets_conditions(c, s, p),
            cannot_be_eliminated: cannot_be_eliminated(c, s, p).map(|i| i.name()),
        })
        .collect();
    EliminationExplanation { players }
}
