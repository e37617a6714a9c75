//! Action card "In the Silence of Space" (base, 1 copy): "After you activate a system: Choose 1
//! system. During this tactical action, your ships in the chosen system can move through
//! systems that contain other players' ships."
//!
//! Offered to the active player at window `SystemActivated`, one choice per other system
//! (board slot) where they have ships and no command token (ships that may move this tactical
//! action); the chosen slot is kept in `TacticalAction::silence`, and movement leaves other
//! players' ships out of the blocked systems for ships leaving it (`movement::Mover`).

use super::activation::activated_by;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) const RULE: Rule = Rule {
    source: SourceKey::ActionCard("in_the_silence_of_space"),
    hooks: Hooks {
        may_choices: Some(choices),
        may_windows: Some(&[Window::SystemActivated]),
        may_resolve: Some(resolve),
        ..Hooks::NONE
    },
};

/// Choice `slot` for each system other than the active one where the active player has ships
/// and no command token.
fn choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if !activated_by(g, p, window) || g.flow.tactical.silence.is_some() {
        return;
    }
    let s = &g.state;
    for slot in (0..s.num_systems).filter(|&sl| sl != g.flow.tactical.active) {
        let loc = Location::Space(slot);
        if s.systems[slot as usize].tokens >> p.0 & 1 == 0
            && s.occupant(loc) == Some(p)
            && UnitType::SHIPS.iter().any(|&t| s.count_at(loc, t) > 0)
        {
            out(slot as u16);
        }
    }
}

fn resolve(_: Source, g: &mut Ti4Game, _p: Player, _window: Window, choice: u16) {
    g.flow.tactical.silence = Some(choice as u8);
}
