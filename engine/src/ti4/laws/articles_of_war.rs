//! Articles of War (law, "For / Against", Prophecy of Kings): "For: All mechs lose their
//! printed abilities except for SUSTAIN DAMAGE. Against: Each player that voted 'For' gains 3
//! trade goods."
//!
//! A law of the common play area, read from the content and the state alone where a mech's
//! abilities apply ([`mechs_lose_abilities`]): the mech's text rules (`SourceKey::Unit` of a
//! mech is not active, `rules::Source::active`), its printed unit abilities in every force
//! (SPACE CANNON, BOMBARDMENT, ANTI-FIGHTER BARRAGE, PLANETARY SHIELD: `game::tactical::force_of`)
//! and its PRODUCTION (`game::tactical::production_value_with`). Elimination is unchanged (a
//! mech is a ground force either way). The vote and "against" are in `crate::ti4::game::agendas`.

use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::state::State;

/// True while the law is in the common play area (voted "for"): mechs have no printed ability
/// but SUSTAIN DAMAGE.
pub fn mechs_lose_abilities(c: &Content, s: &State) -> bool {
    c.known.articles_of_war.is_some_and(|a| s.agendas.get(a.idx()) == Zone::Law)
}
