//! The Naalu Collective: Telepathic (the "0" initiative token), Foresight, Neuroglaive and the
//! commander M'aban.

use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::elimination::conservation::ConservationError;
use crate::ti4::galaxy::bits;
use crate::ti4::game::component::{adjacent_without_enemy_ships, relocate_space_units};
use crate::ti4::game::notes::{give_note, note_to_give};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{live_seat, NaaluZero, Position, PositionError, PositionErrorKind as K};
use crate::ti4::rules::{CombatSides, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Iconoclast Omega (mech, the Naalu sheet's mech: the first mech of `faction_units`):
    // "Other players cannot use ANTI-FIGHTER BARRAGE against your units in this system." In a
    // space combat in a system holding a Naalu mech (space area or planet), for the whole
    // combat.
    Rule {
        source: SourceKey::Unit("naalu_mech_omega"),
        hooks: Hooks { combat_sides: Some(iconoclast_omega), ..Hooks::NONE },
    },
    // Telepathic: "At the end of the strategy phase, place the Naalu "0" token on your
    // strategy card; you are first in initiative order." The token is held at setup; its
    // elimination clause is in `super::elimination`.
    Rule { source: SourceKey::Ability("telepathic"), hooks: Hooks { owns_zero_token: Some(yes), ..Hooks::NONE } },
    // Gift of Prescience (promissory note): "At the end of the strategy phase: Place this card
    // face-up in your play area and place the Naalu player's "0" token on your strategy card;
    // you are first in initiative order. The Naalu player cannot use their TELEPATHIC faction
    // ability during this game round. Return this card to the Naalu player at the end of the
    // status phase." (Rules 69, Initiative order 48.) A decision of its holder at window
    // `StrategyPhaseEnd` while the Naalu hold the token: the card goes face up, the token to the
    // holder (`ZeroToken::Held`: the Naalu are no longer first); at the end of the status phase
    // (hook point `status_phase_end`) the card returns and the token goes back to the Naalu.
    Rule {
        source: SourceKey::Note("gift_of_prescience"),
        hooks: Hooks {
            may_choices: Some(gift_choices),
            may_windows: Some(&[Window::StrategyPhaseEnd]),
            may_resolve: Some(gift),
            status_phase_end: Some(gift_returns),
            ..Hooks::NONE
        },
    },
    Rule {
        source: SourceKey::Ability("foresight"),
        hooks: Hooks {
            may_choices: Some(foresight_systems),
            may_windows: Some(&[Window::AfterMovement]),
            may_resolve: Some(foresight),
            ..Hooks::NONE
        },
    },
    // Neuroglaive: "After another player activates a system that contains 1 or more of your
    // ships, that player removes 1 token from their fleet pool and returns it to their
    // reinforcements." (A Valefar copy does not carry it: not modelled, see
    // `rules::Source::active`.)
    Rule {
        source: SourceKey::Tech("neuroglaive"),
        hooks: Hooks { system_activated: Some(neuroglaive), ..Hooks::NONE },
    },
    // M'aban (commander): "You may produce 1 additional fighter for their cost; these additional
    // units do not count against your production limit." Unlock: "Have 12 fighters on the game
    // board." (Rules 51, 67.) When a production placed 1 or more fighters, 1 more fighter is
    // placed with them at no cost, beyond the PRODUCTION limit (hook point `units_produced`), if
    // the reinforcements hold one and capacity carries it (Capacity 16). Simplified: always
    // taken (a fighter that costs nothing and fits is never worse).
    Rule {
        source: SourceKey::Leader("naalu_commander"),
        hooks: Hooks { commander_unlocked: Some(twelve_fighters), units_produced: Some(maban), ..Hooks::NONE },
    },
    // The Oracle (hero), C-RADIUM GEOMETRY: "At the end of the status phase, you may force each
    // other player to give you 1 promissory note from their hand. If you do, purge this card."
    // (Rules 51, 69.) A decision at window `StatusPhaseEnd` while another player holds a note
    // with an effect here. Simplified: which note each giver gives is not asked of them; each
    // gives the note Diplomatic Pressure takes (`notes::note_to_give`: Ceasefire before Trade
    // Agreement before Support for the Throne, owners in seat order), and a player with no such
    // note gives none (notes without an effect in this engine stay in hand).
    Rule {
        source: SourceKey::Leader("naalu_hero"),
        hooks: Hooks {
            may_choices: Some(oracle_choices),
            may_windows: Some(&[Window::StatusPhaseEnd]),
            may_resolve: Some(oracle),
            ..Hooks::NONE
        },
    },
];

/// Gift of Prescience: the Naalu (the note's owner) and the note's seat-note slot, while the
/// Naalu are in the game.
fn gift_owner(src: Source, g: &Ti4Game) -> Option<(Player, usize)> {
    src.note_owner(g.content(), &g.state).filter(|&(o, _)| g.state.player(o).in_game)
}

/// Gift of Prescience: one choice (0) at the end of the strategy phase while its holder `p`
/// has it in hand and the Naalu hold the "0" token.
fn gift_choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((owner, k)) = gift_owner(src, g) else { return };
    let s = &g.state;
    if window == Window::StrategyPhaseEnd
        && s.notes.get(owner, k) == Zone::Hand(p)
        && s.factions.zero_token() == ZeroToken::Held(owner)
    {
        out(0);
    }
}

/// Gift of Prescience: the card face up in `p`'s play area, the "0" token on `p`'s card.
fn gift(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    if let Some((owner, k)) = gift_owner(src, g) {
        g.state.notes.set(owner, k, Zone::PlayArea(p));
        g.state.factions.set_zero_token(ZeroToken::Held(p));
    }
}

/// Gift of Prescience at the end of the status phase: a card face up in its holder `p`'s play
/// area returns to the Naalu, and the "0" token with it.
fn gift_returns(src: Source, g: &mut Ti4Game, p: Player) {
    let Some((owner, k)) = gift_owner(src, g) else { return };
    if g.state.notes.get(owner, k) == Zone::PlayArea(p) {
        g.state.notes.set(owner, k, Zone::Hand(owner));
        if g.state.factions.zero_token() == ZeroToken::Held(p) {
            g.state.factions.set_zero_token(ZeroToken::Held(owner));
        }
    }
}

/// The Oracle: offered at the end of the status phase while another player holds a note to give.
fn oracle_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::StatusPhaseEnd && givers(g, p).next().is_some() {
        out(0);
    }
}

/// The other players in the game who hold a note with an effect here, in seat order.
fn givers(g: &Ti4Game, p: Player) -> impl Iterator<Item = Player> + '_ {
    g.state.seats().filter(move |&q| q != p && g.state.player(q).in_game && note_to_give(g, q).is_some())
}

/// The Oracle is purged; each other player gives the Naalu a note.
fn oracle(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    crate::ti4::game::leaders::purge(g, p, src);
    for q in (0..g.state.num_players).map(Player).filter(|&q| q != p) {
        if let Some((owner, k)) = note_to_give(g, q).filter(|_| g.state.player(q).in_game) {
            give_note(g, owner, k, p);
        }
    }
}

/// Neuroglaive: the active player loses a fleet-pool token (if it has one) when it activates a
/// system holding the owner's ships; its ships beyond the new fleet limit are removed (rules
/// 37), in every system.
fn neuroglaive(_: Source, g: &mut Ti4Game, p: Player, active: Player, slot: u8) {
    if active == p || !crate::ti4::game::component::has_ships_in(&g.state, p, slot) || g.state.player(active).fleet == 0
    {
        return;
    }
    let ps = g.state.player_mut(active);
    ps.fleet -= 1;
    ps.token_reinforcements += 1;
    crate::ti4::game::component::enforce_fleet_everywhere(g, active);
}

/// Iconoclast Omega: the opponent's units lose ANTI-FIGHTER BARRAGE in a space combat in a
/// system that holds one of the player's mechs.
fn iconoclast_omega(_: Source, _: &Content, s: &State, p: Player, sides: &mut CombatSides) {
    if let Location::Space(a) = sides.loc {
        if Location::all_in(a).any(|l| s.occupant(l) == Some(p) && s.count_at(l, UnitType::Mech) > 0) {
            sides.other = sides.other.without_barrage();
        }
    }
}

fn yes(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

/// Foresight: "After another player moves ships into a system that contains 1 or more of your
/// ships, you may place 1 token from your strategy pool in an adjacent system that does not
/// contain another player's ships; move your ships from the active system into that system."
/// At window `AfterMovement` (the core opens it only once ships moved in): the choices are the
/// board slots adjacent to the active system that hold no other player's ships, that the
/// Naalu ships may enter (anomalies) and that hold no Naalu command token yet (simplified: a
/// second token of the same player in one system is not offered), while the strategy pool
/// holds a token and the Naalu have ships in the active system.
fn foresight_systems(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (s, a) = (&g.state, g.flow.tactical.active);
    if window != Window::AfterMovement || p == g.flow.turn || s.player(p).strategy == 0 {
        return;
    }
    let space = &s.systems[a as usize].space;
    if space.owner != p.0 || !UnitType::SHIPS.iter().any(|&t| space.of(t) > 0) {
        return;
    }
    for sl in bits(adjacent_without_enemy_ships(g, p, a)) {
        if s.systems[sl as usize].tokens >> p.0 & 1 == 0 {
            out(sl as u16);
        }
    }
}

/// Foresight: a strategy-pool token goes to board slot `to`, and every Naalu unit in the active
/// system's space area moves there (fighters and ground forces in space with the ships; Fleet
/// pool and capacity apply in `to`).
fn foresight(_: Source, g: &mut Ti4Game, p: Player, _window: Window, to: u16) {
    let (a, to) = (g.flow.tactical.active, to as u8);
    let ps = g.state.player_mut(p);
    ps.strategy -= 1;
    g.state.systems[to as usize].tokens |= 1 << p.0;
    relocate_space_units(g, p, a, to);
    debug_assert!(g.state.occupant(Location::Space(a)) != Some(p));
}

/// Fighters on the game board that unlock M'aban.
const MABAN_FIGHTERS: u8 = 12;

/// M'aban's unlock: 12 of the player's fighters on the game board.
fn twelve_fighters(_: Source, g: &Ti4Game, p: Player) -> bool {
    g.state.player(p).on_board[UnitType::Fighter.idx()] >= MABAN_FIGHTERS
}

/// M'aban: the production placed fighters in the active system; 1 more joins them free when
/// it fits.
fn maban(_: Source, g: &mut Ti4Game, p: Player, produced: &[u8; UNIT_TYPES]) {
    let f = UnitType::Fighter;
    let a = g.flow.tactical.active;
    if produced[f.idx()] == 0 || g.state.player(p).reinforcements[f.idx()] == 0 {
        return;
    }
    if crate::ti4::game::component::fighter_fits(g, p, a) {
        g.place_units(p, Location::Space(a), f, 1).expect("a fighter from the reinforcements");
    }
}

/// Where the Naalu "0" token is.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub enum ZeroToken {
    /// With the Naalu player, unused (or no Naalu in the game).
    #[default]
    Supply,
    /// On a strategy card of this player: they are first in initiative order (the Naalu player
    /// through Telepathic, or another player through "Gift of Prescience").
    Held(Player),
    /// Out of play (Naalu eliminated; Elimination, Naalu).
    Removed,
}

/// The "0" token and whether it leaves play at the end of this status phase.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct ZeroTokenPosition {
    at: ZeroToken,
    leaves: bool,
}

impl super::FactionState {
    /// Where the Naalu "0" token is.
    #[inline]
    pub fn zero_token(&self) -> ZeroToken {
        self.zero.at
    }

    /// Puts the "0" token at `at`.
    #[inline]
    pub fn set_zero_token(&mut self, at: ZeroToken) {
        self.zero.at = at;
    }

    /// The Naalu player was eliminated while another player held the "0" token: it leaves play
    /// at the end of this status phase (Elimination, Naalu).
    #[inline]
    pub fn zero_token_leaves(&self) -> bool {
        self.zero.leaves
    }

    /// Sets [`Self::zero_token_leaves`].
    #[inline]
    pub fn set_zero_token_leaves(&mut self, leaves: bool) {
        self.zero.leaves = leaves;
    }
}

// Positions and conservation (`super::components`).

/// Position → state: `naalu_zero`, where the "0" token is.
pub(super) fn read_position(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let z = &pos.naalu_zero;
    let zero = match (&z.holder, z.removed) {
        (Some(_), true) => {
            return Err(PositionError::new(
                "naalu_zero.removed",
                K::BadValue("true".into(), "false while a player holds it"),
            ))
        }
        (Some(h), false) => ZeroToken::Held(live_seat(c, s, "naalu_zero.holder", h)?),
        (None, true) => ZeroToken::Removed,
        (None, false) => ZeroToken::Supply,
    };
    s.factions.set_zero_token(zero);
    s.factions.set_zero_token_leaves(z.leaves_after_status_phase);
    Ok(())
}

/// State → position: `naalu_zero`.
pub(super) fn write_position(c: &Content, s: &State, pos: &mut Position) {
    let zero = s.factions.zero_token();
    pos.naalu_zero = NaaluZero {
        holder: match zero {
            ZeroToken::Held(p) => Some(c.factions[s.player(p).faction.idx()].key.clone()),
            _ => None,
        },
        removed: zero == ZeroToken::Removed,
        leaves_after_status_phase: s.factions.zero_token_leaves(),
    };
}

/// Conservation: the token is held by a player in the game, and leaves play only after an
/// eliminated Naalu's token is held.
pub(super) fn check(c: &Content, s: &State) -> Result<(), ConservationError> {
    if let ZeroToken::Held(p) = s.factions.zero_token() {
        if p.0 >= s.num_players || !s.player(p).in_game {
            return Err(ConservationError::Token("the Naalu \"0\" token is held by a player not in the game"));
        }
    }
    if s.factions.zero_token_leaves() {
        let naalu_gone = s.seats().any(|p| !s.player(p).in_game && crate::ti4::rules::owns_zero_token(c, s, p));
        if !naalu_gone || !matches!(s.factions.zero_token(), ZeroToken::Held(_)) {
            return Err(ConservationError::Token(
                "the \"0\" token leaves play only after an eliminated Naalu's token is held",
            ));
        }
    }
    Ok(())
}
