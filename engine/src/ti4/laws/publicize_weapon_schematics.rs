//! Publicize Weapon Schematics (law, "For / Against"): "For: If any player owns a war sun
//! technology, all players may ignore all prerequisites on war sun technologies. All war suns
//! lose SUSTAIN DAMAGE. Against: Each player that owns a war sun technology discards all of
//! their action cards."
//!
//! A law of the common play area, read where it applies from the content and the state alone
//! (the Technology rules and the combat forces take no game): research
//! ([`war_sun_prerequisites_waived`], `technology::research`) and every force of units
//! ([`war_suns_lose_sustain`], `game::tactical::force_of`). The vote and "against" are in
//! `crate::ti4::game::agendas`.

use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// True while the law is in the common play area (voted "for").
fn in_play(c: &Content, s: &State) -> bool {
    c.known.publicize_weapon_schematics.is_some_and(|a| s.agendas.get(a.idx()) == Zone::Law)
}

/// True when a player in the game owns a war sun technology (an upgrade of the war sun: War
/// Sun, Prototype War Sun I/II).
pub fn war_sun_owned(c: &Content, s: &State) -> bool {
    let war_sun = c.upgrade_techs[UnitType::WarSun.idx()];
    s.seats().any(|q| s.player(q).in_game && s.player(q).techs.intersects(&war_sun))
}

/// "For", first sentence: with the law in play and a war sun technology owned by a player,
/// every player may research a war sun technology ignoring all its prerequisites.
pub fn war_sun_prerequisites_waived(c: &Content, s: &State) -> bool {
    in_play(c, s) && war_sun_owned(c, s)
}

/// "For", second sentence: with the law in play, war suns have no SUSTAIN DAMAGE.
pub fn war_suns_lose_sustain(c: &Content, s: &State) -> bool {
    in_play(c, s)
}
