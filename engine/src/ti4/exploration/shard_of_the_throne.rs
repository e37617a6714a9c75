//! Relic "Shard of the Throne": "When you gain this card, gain 1 victory point. When you lose
//! this card, lose 1 victory point. When a player gains control of a legendary planet you
//! control, or a planet you control in your home system, that player gains this card."
//!
//! The victory point is counted from where the card is (`components::objectives::
//! all_victory_points`); the core calls [`planet_taken`] whenever a player gains control of a
//! planet from another player.

use crate::ti4::components::Zone;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;

/// `p` gained control of `pl` from `previous`: when `previous` holds the Shard and `pl` is
/// legendary or in `previous`'s home system, the Shard moves to `p`.
pub(crate) fn planet_taken(g: &mut Ti4Game, p: Player, pl: PlanetId, previous: Player) {
    let c = g.content();
    let Some(shard) = c.known.shard_of_the_throne else { return };
    if g.state.exploration.relic(shard) != Zone::PlayArea(previous) {
        return;
    }
    let home = g.home_slot()[previous.idx()];
    let in_home = g.state.planet_location(c, pl).is_some_and(|l| match l {
        crate::ti4::state::Location::Planet(slot, _) | crate::ti4::state::Location::Space(slot) => slot == home,
    });
    if c.planets[pl.idx()].legendary || in_home {
        g.state.exploration.set_relic(shard, Zone::PlayArea(p));
    }
}
