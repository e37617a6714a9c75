//! Elimination (Rules Reference, "Elimination", seed `000`; `ti4-rules.md` §9).
//!
//! A player is eliminated exactly when they have no ground forces on the board, no unit with
//! PRODUCTION on the board, and control no planets ([`meets_conditions`]). The check is a few bit
//! operations: each player keeps the unit types they have on the board (`board_types`, kept by
//! `State::add_units` / `remove_units`) and the unit types that are ground forces or have
//! PRODUCTION under their current unit definitions (`ground_types`, `production_types`,
//! recomputed by [`refresh_unit_masks`] whenever technologies change: research, gain, Valefar
//! tokens). Callers run [`check_elimination`] after every event that can remove a ground force, a
//! PRODUCTION unit or a planet; [`destroy_units`] does both.
//!
//! [`eliminate`] applies the consequences (`consequences.rs`, one function per clause) and the
//! faction rules (`factions.rs`); [`conservation::check`] proves every component is still in
//! exactly one place. After elimination the player is an inert record: `in_game` is false, they
//! are skipped in turn order ([`next_in_game_left_of`]) and initiative order
//! ([`initiative_order`]), have no legal actions ([`can_act`]), and keep a final
//! [`Standing`](crate::ti4::components::Standing).
//!
//! Simplified or not modelled (see `docs/RULES.md`): relics and relic fragments
//! (no state yet); the Magmus Reactor is read as its Omega printing; elimination in the middle of
//! a combat is the caller's to sequence (the check itself is immediate).

mod consequences;
pub mod conservation;
pub mod explain;
#[cfg(test)]
mod tests;

pub use crate::ti4::factions::elimination::{
    can_use_commander, cannot_be_eliminated, end_of_status_phase, sundered_protects, Immunity,
};
pub use crate::ti4::placement::{place_units, Placement};
pub use consequences::Elimination;

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State, UnitError};
use crate::ti4::technology::valefar::effective_techs;

/// Bit of `PlayerState::production_types` (above the unit types): a supernova containing the
/// player's units counts as a unit with PRODUCTION (Muaat, Magmus Reactor Ω).
pub const SUPERNOVA_PRODUCTION: u16 = 1 << 15;

/// Why a player cannot be eliminated now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum EliminationError {
    /// Already eliminated.
    NotInGame,
    /// The player still has a ground force, a PRODUCTION unit or a planet.
    ConditionsNotMet,
}

/// The ground-force and PRODUCTION masks of a faction whose technologies (owned plus Valefar
/// copies) are `techs`: bit `t` set when the faction's unit of type `t` (as
/// [`Content::effective_unit`] resolves it) is a ground force / has PRODUCTION. The production
/// mask also carries [`SUPERNOVA_PRODUCTION`] when `techs` holds the Magmus Reactor.
pub fn unit_masks(c: &Content, faction: FactionId, techs: TechSet) -> (u16, u16) {
    let (mut ground, mut production) = (0u16, 0u16);
    for t in UnitType::ALL {
        if let Some(u) = c.effective_unit(faction, t, techs) {
            let def = &c.units[u.idx()];
            if def.ground_force {
                ground |= 1 << t.idx();
            }
            if def.production.is_some() {
                production |= 1 << t.idx();
            }
        }
    }
    production |= crate::ti4::rules::production_mask(c, techs);
    (ground, production)
}

/// Recomputes player `p`'s ground-force and PRODUCTION masks from their faction and the
/// technologies whose text applies to them (`valefar::effective_techs`). Call after any change
/// to their technologies or Valefar tokens (the engine's research, gain and Valefar functions
/// and the position reader do).
pub fn refresh_unit_masks(c: &Content, s: &mut State, p: Player) {
    let (ground, production) = unit_masks(c, s.player(p).faction, effective_techs(c, s, p));
    let ps = s.player_mut(p);
    ps.ground_types = ground;
    ps.production_types = production;
}

/// Elimination: true when player `p` has no ground forces on the board (on planets or in
/// space, transported ones included), no unit with PRODUCTION on the board, and controls no
/// planets. A few bit operations; the supernova scan runs only for a Magmus Reactor owner who
/// would otherwise be eliminated.
#[inline]
pub fn meets_conditions(c: &Content, s: &State, p: Player) -> bool {
    let ps = s.player(p);
    if !ps.planets.is_empty() || ps.board_types & (ps.ground_types | ps.production_types) != 0 {
        return false;
    }
    ps.production_types & SUPERNOVA_PRODUCTION == 0 || supernovas_with_units(c, s, p) == 0
}

/// Muaat, Magmus Reactor Ω: the supernovas on the board whose space area holds `p`'s units.
pub fn supernovas_with_units(c: &Content, s: &State, p: Player) -> u32 {
    (0..s.num_systems as usize)
        .filter(|&i| c.supernovas.contains(s.systems[i].tile) && s.systems[i].space.occupant() == Some(p))
        .count() as u32
}

/// Ground forces `p` has on the board.
pub fn ground_forces(s: &State, p: Player) -> u32 {
    count_types(s, p, s.player(p).ground_types)
}

/// Units with PRODUCTION `p` has on the board, plus each supernova with their units when the
/// Magmus Reactor makes it a PRODUCTION source.
pub fn production_units(c: &Content, s: &State, p: Player) -> u32 {
    let ps = s.player(p);
    let magmus = if ps.production_types & SUPERNOVA_PRODUCTION != 0 { supernovas_with_units(c, s, p) } else { 0 };
    count_types(s, p, ps.production_types) + magmus
}

fn count_types(s: &State, p: Player, mask: u16) -> u32 {
    UnitType::ALL.iter().filter(|t| mask >> t.idx() & 1 == 1).map(|t| s.player(p).on_board[t.idx()] as u32).sum()
}

/// Elimination: eliminates every player still in the game who meets the conditions; returns
/// them. Run after every event that can remove a ground force, a PRODUCTION unit or a planet
/// (combat hits, bombardment, control changes, abilities). Does not allocate.
pub fn check_elimination(c: &Content, s: &mut State) -> PlayerSet {
    check_elimination_by(c, s, None)
}

/// [`check_elimination`], recording `by` (the player whose action caused it) in the standings.
pub fn check_elimination_by(c: &Content, s: &mut State, by: Option<Player>) -> PlayerSet {
    let mut out = PlayerSet::EMPTY;
    loop {
        let next = s.seats().find(|&p| s.player(p).in_game && meets_conditions(c, s, p));
        let Some(p) = next else { return out };
        if eliminate(c, s, p, by).is_ok() {
            out.insert(p);
        } else {
            return out;
        }
    }
}

/// Removes `n` units of type `t` at `loc` (destroyed: back to their owner's reinforcements),
/// then checks whether that eliminated their owner. Returns the owner and whether they were
/// eliminated.
pub fn destroy_units(
    c: &Content,
    s: &mut State,
    loc: Location,
    t: UnitType,
    n: u8,
    by: Option<Player>,
) -> Result<(Player, bool), UnitError> {
    let owner = s.remove_units(loc, t, n)?;
    let out = s.player(owner).in_game && meets_conditions(c, s, owner) && eliminate(c, s, owner, by).is_ok();
    Ok((owner, out))
}

/// Elimination: eliminates player `p`, who must meet the conditions ([`meets_conditions`]).
/// Applies every consequence of the rule and the faction rules; `by` is recorded in their
/// standing. On error the state is unchanged.
pub fn eliminate(c: &Content, s: &mut State, p: Player, by: Option<Player>) -> Result<Elimination, EliminationError> {
    if !s.player(p).in_game {
        return Err(EliminationError::NotInGame);
    }
    if !meets_conditions(c, s, p) {
        return Err(EliminationError::ConditionsNotMet);
    }
    Ok(consequences::apply(c, s, p, by))
}

/// After elimination a player has no legal actions: true while `p` is in the game.
#[inline]
pub fn can_act(s: &State, p: Player) -> bool {
    s.player(p).in_game
}

/// The first player in the game to the left of `seat` (clockwise, the next seat), `seat` itself
/// last; `None` when nobody is in the game. Turn order, voting order and the speaker token skip
/// eliminated players through this.
pub fn next_in_game_left_of(s: &State, seat: Player) -> Option<Player> {
    let n = s.num_players.max(1);
    (1..=n).map(|k| Player((seat.0 + k) % n)).find(|&q| s.player(q).in_game)
}

/// Player `p`'s place in initiative order: its lowest strategy card's number, 0 with the Naalu
/// "0" token, `u8::MAX` without a card.
pub fn initiative_key(s: &State, p: Player) -> u8 {
    if s.factions.zero_token() == crate::ti4::factions::ZeroToken::Held(p) {
        0
    } else {
        s.strategy_cards.initiative_of(p).unwrap_or(u8::MAX)
    }
}

/// Initiative order 48: players in the game sorted by their lowest strategy card (the holder of
/// the Naalu "0" token first), players without a strategy card last, clockwise from the speaker
/// (the speaker first: the order of the strategy and agenda phases, where nobody holds a card;
/// it breaks victory ties there). Writes into `out` and returns how many players it holds.
/// Eliminated players never appear.
pub fn initiative_order(s: &State, out: &mut [Player; MAX_PLAYERS]) -> usize {
    let mut keys = [(u8::MAX, 0u8); MAX_PLAYERS];
    let mut n = 0;
    // Players without a strategy card (the agenda and strategy phases) follow the speaker
    // clockwise, the speaker first.
    let speaker = s.tokens.speaker.map_or(0, |q| q.0);
    let seats = s.num_players.max(1);
    for p in s.seats().filter(|&p| s.player(p).in_game) {
        keys[n] = (initiative_key(s, p), (p.0 + seats - speaker) % seats);
        n += 1;
    }
    keys[..n].sort_unstable();
    for (i, &(_, d)) in keys[..n].iter().enumerate() {
        out[i] = Player((d + speaker) % seats);
    }
    n
}

/// Strategy phase: how many strategy cards each player takes — 2 in a game that started with
/// four or fewer players, otherwise 1. Elimination: a game that started with five or more players keeps
/// one card per player after dropping to four or fewer (`num_players` is the starting count,
/// which elimination never changes).
pub fn strategy_cards_per_player(s: &State) -> u8 {
    if s.num_players <= 4 {
        2
    } else {
        1
    }
}
