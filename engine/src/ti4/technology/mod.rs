//! Technology (Rules Reference, "Technology", seed `001`): ownership, the technology deck,
//! research and gain, colours and prerequisites, unit upgrades, technology specialties,
//! faction technologies, prerequisite-skipping effects, the Technology strategy card and the
//! Nekro Virus' Valefar Assimilators.
//!
//! Clause numbers in doc comments (`Technology 12`) follow the numbered list of the seed text;
//! `note N` is its Notes section. Simplifications are listed in `docs/RULES.md`.

mod acquire;
pub mod explain;
mod payment;
pub mod research;
pub mod strategy_card;
pub mod valefar;

pub use acquire::*;
pub use payment::*;
pub use research::{cannot_research, research_options, ResearchContext, ResearchOption, Skip};

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// What gaining technology `t` changes beyond the play area (research and gain both): the
/// player's unit definitions (ground forces, PRODUCTION: the elimination masks), and
/// I.I.H.Q. Modernization gives the Custodia Vigilia planet card.
pub(crate) fn after_gain(c: &Content, s: &mut State, p: Player, t: TechId) {
    crate::ti4::elimination::refresh_unit_masks(c, s, p);
    if c.known.iihq_modernization == Some(t) {
        crate::ti4::control::iihq_gained(c, s, p);
    }
}

/// Technology 1-2: a player owns exactly the technologies in their play area.
#[inline]
pub fn owns(s: &State, p: Player, t: TechId) -> bool {
    s.player(p).techs.contains(t)
}

/// Technology 4: the player's technology deck — every generic technology and every technology
/// of their own faction that they have not gained. A player may look through it at any time.
pub fn tech_deck(c: &Content, s: &State, p: Player) -> TechSet {
    let ps = s.player(p);
    c.all_techs
        .iter()
        .filter(|&t| c.tech_def(t).faction.is_none_or(|f| f == ps.faction))
        .collect::<TechSet>()
        .difference(ps.techs)
}

#[cfg(test)]
mod tests;
