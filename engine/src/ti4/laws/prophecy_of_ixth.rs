//! Prophecy of Ixth (law, Elect Player): "The elected player gains this card. The owner of this
//! card applies +1 to the result of their fighter's combat rolls. When the owner of this card
//! uses PRODUCTION, they discard this card unless they produce 2 or more fighters."

use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::Agenda("prophecy_of_ixth"),
    hooks: Hooks { unit_roll_bonus: Some(fighters), units_produced: Some(discard_unless_fighters), ..Hooks::NONE },
};

/// Prophecy of Ixth: +1 on each fighter combat roll.
fn fighters(_: Source, _: &Content, _: &State, _: Player, t: UnitType) -> u8 {
    (t == UnitType::Fighter) as u8
}

/// Prophecy of Ixth: a PRODUCTION that placed fewer than 2 fighters discards the card.
fn discard_unless_fighters(src: Source, g: &mut Ti4Game, _: Player, produced: &[u8; UNIT_TYPES]) {
    if let Source::Agenda(a) = src {
        if produced[UnitType::Fighter.idx()] < 2 {
            g.state.agendas.set(a.idx(), Zone::Discard);
        }
    }
}
