//! Planet control (Rules Reference, "Control"): gaining and losing planet cards.
//!
//! Control tokens are modelled as one per controlled planet (`PlayerState::planets`). Losing a
//! planet can meet the elimination conditions: callers run `elimination::check_elimination`
//! afterwards. Council Keleres, I.I.H.Q. Modernization: gaining the technology gives the
//! Custodia Vigilia planet card, and its owner can never lose control of it ([`lose_control`]
//! refuses) — which is why Keleres cannot be eliminated once they hold it.

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// Why a control change is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ControlError {
    /// The player does not control the planet.
    NotControlled(PlanetId),
    /// The player can never lose this planet (Custodia Vigilia with I.I.H.Q. Modernization).
    CannotLose(PlanetId),
    /// The player is eliminated.
    NotInGame,
}

/// I.I.H.Q. Modernization: true when `p` can never lose control of `planet` — Custodia
/// Vigilia while `p` owns I.I.H.Q. Modernization.
pub fn cannot_lose(c: &Content, s: &State, p: Player, planet: PlanetId) -> bool {
    c.known.custodia_vigilia == Some(planet)
        && c.known.iihq_modernization.is_some_and(|t| s.player(p).techs.contains(t))
}

/// The player controlling `planet`, if any.
pub fn controller(s: &State, planet: PlanetId) -> Option<Player> {
    s.seats().find(|&q| s.player(q).planets.contains(planet))
}

/// `p` loses control of `planet`: the card leaves their play area (readied: a card out of every
/// play area has no exhausted state). Refused for a planet they can never lose.
pub fn lose_control(c: &Content, s: &mut State, p: Player, planet: PlanetId) -> Result<(), ControlError> {
    if !s.player(p).planets.contains(planet) {
        return Err(ControlError::NotControlled(planet));
    }
    if cannot_lose(c, s, p, planet) {
        return Err(ControlError::CannotLose(planet));
    }
    s.player_mut(p).planets.remove(planet);
    s.exhausted_planets.remove(planet);
    Ok(())
}

/// `p` gains control of `planet` (exhausted when gained that way), taking the card from its
/// current controller, who loses it through [`lose_control`] (and so may refuse). Returns the
/// previous controller.
pub fn gain_control(
    c: &Content,
    s: &mut State,
    p: Player,
    planet: PlanetId,
    exhausted: bool,
) -> Result<Option<Player>, ControlError> {
    if !s.player(p).in_game {
        return Err(ControlError::NotInGame);
    }
    let previous = controller(s, planet);
    match previous {
        Some(q) if q == p => {}
        Some(q) => lose_control(c, s, q, planet)?,
        None => {}
    }
    s.player_mut(p).planets.insert(planet);
    s.exhausted_planets.set(planet, exhausted);
    Ok(previous.filter(|&q| q != p))
}

/// I.I.H.Q. Modernization: the player who gains it gains the Custodia Vigilia planet card,
/// exhausted (a card not on the board; no units are ever placed there). Returns true when the
/// card was gained.
pub fn iihq_gained(c: &Content, s: &mut State, p: Player) -> bool {
    let Some(cv) = c.known.custodia_vigilia else { return false };
    if controller(s, cv).is_some() {
        return false;
    }
    gain_control(c, s, p, cv, true).is_ok()
}
