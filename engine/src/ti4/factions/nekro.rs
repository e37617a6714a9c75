//! The Nekro Virus: Propagation, Galactic Threat, Technological Singularity. The Valefar
//! Assimilators are in `crate::ti4::technology::valefar` (Technology seed, their own rules).

use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Propagation: "You cannot research technology. When you would research a technology,
    // gain 3 command tokens instead." The Technology card's research becomes `Propagate`.
    Rule { source: SourceKey::Ability("propagation"), hooks: Hooks { cannot_research: Some(yes), ..Hooks::NONE } },
    // Galactic Threat: "You cannot vote on agendas." (Its second ability, gaining a technology
    // from predicting an outcome, is not modelled.)
    Rule { source: SourceKey::Ability("galactic_threat"), hooks: Hooks { cannot_vote: Some(no_vote), ..Hooks::NONE } },
    // Technological Singularity: the play area may hold other factions' technologies
    // (Technology 18: assimilated technologies of eliminated players). Gaining a technology
    // from destroying a unit is not modelled.
    Rule {
        source: SourceKey::Ability("technological_singularity"),
        hooks: Hooks { holds_other_factions_technologies: Some(yes), ..Hooks::NONE },
    },
    // Valefar Assimilator X and Y (Technology 19-21): implemented by the seed's technology
    // module, `technology::valefar` (the tokens, the copied technology, replacing a copy, the
    // Floating Factory and war-sun removals), which every technology query goes through; these
    // entries register the cards so that the content's `implemented` flags can be checked.
    Rule { source: SourceKey::Tech("valefar_assimilator_x"), hooks: Hooks::NONE },
    Rule { source: SourceKey::Tech("valefar_assimilator_y"), hooks: Hooks::NONE },
];

fn yes(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn no_vote(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}
