//! Planet control (Rules Reference, "Control"): gaining and losing planet cards.
//!
//! Control tokens are modelled as one per controlled planet (`PlayerState::planets`). Losing a
//! planet can meet the elimination conditions: callers run `elimination::check_elimination`
//! afterwards. A rule may forbid losing a planet (hook point `cannot_lose_planet`, which
//! [`lose_control`] asks; the Keleres' planet card is one).

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{State, NOBODY};

/// Why a control change is refused.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ControlError {
    /// The player does not control the planet.
    NotControlled(PlanetId),
    /// The player can never lose this planet (hook point `cannot_lose_planet`).
    CannotLose(PlanetId),
    /// The player is eliminated.
    NotInGame,
}

/// True when `p` can never lose control of `planet` (hook point `cannot_lose_planet`).
pub fn cannot_lose(c: &Content, s: &State, p: Player, planet: PlanetId) -> bool {
    crate::ti4::rules::cannot_lose_planet(c, s, p, planet)
}

/// The player controlling `planet`, if any.
pub fn controller(s: &State, planet: PlanetId) -> Option<Player> {
    s.seats().find(|&q| s.player(q).planets.contains(planet))
}

/// Every planet's controller, read once from the seats' planet sets: [`controller`] for many
/// planets of one state (neighbours, evaluators). `Copy`, no allocation.
#[derive(Clone, Copy, Debug)]
pub struct Controllers {
    /// Per planet: the controlling seat, or [`NOBODY`].
    seat: [u8; PlanetSet::CAPACITY],
}

impl Controllers {
    /// The controllers in `s`.
    pub fn new(s: &State) -> Self {
        let mut out = Controllers { seat: [NOBODY; PlanetSet::CAPACITY] };
        // Last seat first: the first seat holding a planet is its controller, as in [`controller`].
        for q in (0..s.num_players).rev() {
            for pl in s.player(Player(q)).planets.iter() {
                out.seat[pl.idx()] = q;
            }
        }
        out
    }

    /// The seat controlling `pl`, if any.
    pub fn of(&self, pl: PlanetId) -> Option<Player> {
        let q = self.seat[pl.idx()];
        (q != NOBODY).then_some(Player(q))
    }
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
