//! The Mahact Gene-Sorcerers: Imperia, Hubris. (Edict is not modelled; the command tokens they
//! hold are `PlayerState::held_tokens`.)

use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Imperia: "While another faction's command token is in your fleet pool, you can use the
    // ability of that faction's commander, if it is unlocked."
    Rule {
        source: SourceKey::Ability("imperia"),
        hooks: Hooks { uses_others_commander: Some(imperia), ..Hooks::NONE },
    },
    // Hubris: "During setup, purge your 'Alliance' promissory note."
    Rule { source: SourceKey::Ability("hubris"), hooks: Hooks { seat_setup: Some(hubris), ..Hooks::NONE } },
];

fn imperia(_: Source, _: &Content, s: &State, user: Player, owner: Player) -> bool {
    s.player(user).held_tokens >> owner.0 & 1 == 1
}

fn hubris(_: Source, c: &Content, s: &mut State, p: Player) {
    let Some(alliance) = c.cards.note("alliance") else { return };
    let f = s.player(p).faction;
    for (k, &note) in c.cards.seat_notes[f.idx()].iter().enumerate() {
        if note == alliance {
            s.notes.set(p, k, Zone::Removed);
        }
    }
}
