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
/// every `technology_gained` rule (hook point; I.I.H.Q. Modernization gives a planet card).
pub(crate) fn after_gain(c: &Content, s: &mut State, p: Player, t: TechId) {
    crate::ti4::elimination::refresh_unit_masks(c, s, p);
    crate::ti4::rules::technology_gained(c, s, p, t);
}

/// The Floating Factory unit text (Saar's sheet unit Floating Factory I and the upgrade
/// Floating Factory II): "This unit is placed in the space area instead of on a planet. This
/// unit can move and retreat as if it were a ship." In the content data: a space-dock
/// definition with a move value.
fn floats(c: &Content, u: UnitId) -> bool {
    let def = &c.units[u.idx()];
    def.unit_type == UnitType::SpaceDock && def.move_value.is_some()
}

/// Technology 19 and the Floating Factory text: true when player `p`'s space docks are placed
/// in the space area — the space-dock definition in effect for `p` ([`Content::effective_unit`]
/// over the technologies owned or copied: [`valefar::effective_techs`]) is a Floating Factory.
/// A rule of the technology, not of a faction: the Saar have it from their sheet, a Nekro
/// player while a Valefar token copies Floating Factory II (Technology 19 undoes it when the
/// token leaves) or once the card is theirs (Technology 18); any upgrade the content data
/// gives a move value to a space dock would grant it too.
pub fn docks_may_stand_in_space(c: &Content, s: &State, p: Player) -> bool {
    let techs = valefar::effective_techs(c, s, p);
    c.effective_unit(s.player(p).faction, UnitType::SpaceDock, techs).is_some_and(|u| floats(c, u))
}

/// Technology 19: true when player `p` may have space docks on planets. False only when the
/// space dock printed on `p`'s faction sheet (no technology needed) is a Floating Factory: every
/// dock that player ever placed went to the space area. A Nekro player who copies Floating
/// Factory II keeps the docks already on planets (no rule moves them into space) and places
/// new ones in space: both areas are possible.
pub fn docks_may_stand_on_planets(c: &Content, s: &State, p: Player) -> bool {
    let sheet = c.sheet_unit[s.player(p).faction.idx()][UnitType::SpaceDock.idx()];
    !sheet.is_some_and(|u| floats(c, u))
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
