//! The Crimson Rebellion (Thunder's Edge): SUNDERED, Incursion and The Sorrow with the breach
//! tokens, the destroyers Exile I and II, and Subatomic Splicer. (Not modelled: the flagship
//! Quietus, the mech Revenant; the content holds no Rebellion leaders and no Sever note.)
//!
//! The breach tokens are [`Breaches`], a part of [`FactionState`](super::FactionState): at most
//! one per system, active or inactive. Systems with active breaches are adjacent to each other
//! for every player's movement (`game::tactical::movement_query`).

use crate::ti4::content::Content;
use crate::ti4::elimination::conservation::ConservationError;
use crate::ti4::galaxy::{bits, Reach};
use crate::ti4::game::component::{has_ships_in, produce_ship, ship_producible, units_of};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{lookup, CrimsonBreaches, IdKind, Position, PositionError, PositionErrorKind as K};
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{State, MAX_SYSTEMS};

pub(super) static RULES: &[Rule] = &[
    // SUNDERED: "You cannot use wormholes other than epsilon wormholes. Other players' units
    // that move or are placed into your home system are destroyed." Every placement of the round
    // loop goes through `placement::place_units` (hook point `units_placed`), so no other
    // player's ground forces ever stand on the home planet, and the Rebellion cannot be
    // eliminated while it controls one (Elimination, "Trivia"). The Rebellion's movement sees
    // epsilon wormholes only (hook point `reach`).
    Rule {
        source: SourceKey::Ability("sundered"),
        hooks: Hooks {
            units_placed: Some(destroyed),
            planet_protected: Some(home_planet),
            cannot_be_eliminated: Some(immune),
            reach: Some(epsilon_only),
            ..Hooks::NONE
        },
    },
    // Incursion: "When you activate a system that contains a breach, you may flip that breach."
    // A decision of the Rebellion at window `SystemActivated` of its own activation.
    Rule {
        source: SourceKey::Ability("incursion"),
        hooks: Hooks {
            may_choices: Some(flip_choices),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(flip),
            ..Hooks::NONE
        },
    },
    // Incursion: "At the end of the status phase, any player with ships in a system that
    // contains an active breach may remove that breach." A decision of every such player at
    // window `StatusPhaseEnd`: one choice per system (its slot). Simplified: one breach per
    // player and status phase. ("Systems that contain active breaches are adjacent to each
    // other" is read by every player's movement, `game::tactical::movement_query`.)
    Rule {
        source: SourceKey::Token("incursion"),
        hooks: Hooks {
            may_choices: Some(removal_choices),
            may_windows: Some(&[Window::StatusPhaseEnd]),
            may_resolve: Some(remove),
            ..Hooks::NONE
        },
    },
    // The Sorrow: "When you create the game board, place the Sorrow (tile 94) where your home
    // system would normally be placed, then place an inactive breach there. The Sorrow is not a
    // home system. Then, place your home system (tile 118) in your play area." The galaxy places
    // the tiles (`galaxy`: The Sorrow takes the home position, the home is off the board and
    // joined to it by the epsilon wormhole); this rule places the breach (hook point
    // `home_setup`).
    Rule { source: SourceKey::Ability("sorrow"), hooks: Hooks { home_setup: Some(sorrow_breach), ..Hooks::NONE } },
    // Exile I (destroyer): "At the end of any player's combat in this unit's system or an
    // adjacent system, you may place 1 inactive breach in that system." A decision of the
    // Rebellion at windows `SpaceCombatEnd` and `GroundCombatEnd` (opened for every player)
    // while one of its destroyers is in or next to the active system: choice 0. Simplified:
    // "adjacent" is the printed adjacency.
    Rule { source: SourceKey::Unit("crimson_destroyer"), hooks: EXILE },
    // Exile II: "At the end of any player's combat in this unit's system or up to 2 systems
    // away, you may place 1 active or inactive breach in that system." As Exile I, within 2
    // systems: choice 0 places an inactive breach, 1 an active one.
    Rule { source: SourceKey::Unit("crimson_destroyer2"), hooks: EXILE },
    // Subatomic Splicer: "When one of your ships is destroyed, you may produce a ship of the
    // same type at a space dock in your home system." A decision of its owner at window
    // `SpaceCombatEnd` of a space combat it fought and lost ships in: one choice per ship type
    // it lost (`TacticalAction::space_lost`) that its reinforcements hold, that fits in its
    // home system (fleet pool) and that it can pay for (its cost, paid by the default plan),
    // while it has a space dock there; the ship is placed in the home system. Simplified: one
    // ship per space combat, after the combat rather than as each ship is destroyed, and ships
    // destroyed outside a space combat bring none. Not modelled: a Valefar copy does not carry
    // it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("subatomic_splicer"),
        hooks: Hooks {
            may_choices: Some(splicer_choices),
            may_windows: Some(&[Window::SpaceCombatEnd]),
            may_resolve: Some(splice),
            ..Hooks::NONE
        },
    },
];

/// The hooks of Exile I and II (`exile_choices` reads which of the two the player's destroyers
/// are).
const EXILE: Hooks = Hooks {
    may_choices: Some(exile_choices),
    may_windows: Some(&[Window::SpaceCombatEnd, Window::GroundCombatEnd]),
    may_resolve: Some(exile),
    ..Hooks::NONE
};

/// The breach tokens of the Rebellion. Assumed: the component count is not in the rules texts
/// this engine reads (docs/RULES.md says so).
pub const BREACH_TOKENS: u32 = 6;

/// The breach tokens on the board: per system (bit per slot) active or inactive, never both.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Breaches {
    active: u64,
    inactive: u64,
}

impl super::FactionState {
    /// The systems holding an active breach (bit per slot): adjacent to each other (Incursion).
    #[inline]
    pub fn active_breaches(&self) -> u64 {
        self.breaches.active
    }

    /// The systems holding an inactive breach (bit per slot).
    #[inline]
    pub fn inactive_breaches(&self) -> u64 {
        self.breaches.inactive
    }

    /// The systems holding a breach, active or inactive (bit per slot).
    #[inline]
    pub fn breaches(&self) -> u64 {
        self.breaches.active | self.breaches.inactive
    }

    /// Places a breach in `slot` (active or not); the caller checks [`breach_placeable`].
    pub(crate) fn place_breach(&mut self, slot: u8, active: bool) {
        if active {
            self.breaches.active |= 1 << slot;
        } else {
            self.breaches.inactive |= 1 << slot;
        }
    }

    /// Flips the breach in `slot` (active to inactive or back).
    pub(crate) fn flip_breach(&mut self, slot: u8) {
        let bit = 1u64 << slot;
        if self.breaches() & bit != 0 {
            self.breaches.active ^= bit;
            self.breaches.inactive ^= bit;
        }
    }

    /// Removes the breach in `slot` to the Rebellion's supply.
    pub(crate) fn remove_breach(&mut self, slot: u8) {
        self.breaches.active &= !(1 << slot);
        self.breaches.inactive &= !(1 << slot);
    }
}

/// A breach can be placed in `slot`: none there yet, and one left in the supply.
pub fn breach_placeable(s: &State, slot: u8) -> bool {
    let all = s.factions.breaches();
    all >> slot & 1 == 0 && all.count_ones() < BREACH_TOKENS
}

/// Units of `placer` put into the holder's home system are destroyed.
fn destroyed(_: Source, c: &Content, s: &State, holder: Player, placer: Player, tile: SystemId) -> bool {
    holder != placer && c.factions[s.player(holder).faction.idx()].home_system == Some(tile)
}

/// A home planet the holder controls.
fn home_planet(_: Source, c: &Content, s: &State, p: Player, planet: PlanetId) -> bool {
    c.factions[s.player(p).faction.idx()].home_planets.contains(&planet) && s.player(p).planets.contains(planet)
}

fn immune(src: Source, c: &Content, s: &State, p: Player) -> Option<&'static str> {
    s.player(p).planets.iter().any(|pl| home_planet(src, c, s, p, pl)).then_some("sundered")
}

/// SUNDERED: no wormhole but epsilon moves the Rebellion's ships.
fn epsilon_only(_: Source, _: &Ti4Game, _: Player, q: &mut Reach) {
    q.extra = q.extra.only_epsilon();
}

/// Incursion: choice 0 when the Rebellion activated a system with a breach.
fn flip_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let a = g.flow.tactical.active;
    if window == Window::SystemActivated && g.flow.turn == p && g.state.factions.breaches() >> a & 1 == 1 {
        out(0);
    }
}

/// The breach in the active system is flipped.
fn flip(_: Source, g: &mut Ti4Game, _: Player, _: Window, _: u16) {
    let a = g.flow.tactical.active;
    g.state.factions.flip_breach(a);
}

/// Incursion's removal: one choice per system with an active breach where `p` has ships.
fn removal_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::StatusPhaseEnd {
        return;
    }
    for sl in bits(g.state.factions.active_breaches()) {
        if has_ships_in(&g.state, p, sl) {
            out(sl as u16);
        }
    }
}

/// The breach in the chosen system goes back to the Rebellion's supply.
fn remove(_: Source, g: &mut Ti4Game, _: Player, _: Window, choice: u16) {
    g.state.factions.remove_breach(choice as u8);
}

/// The Sorrow: an inactive breach in the system that took the Rebellion's home position.
fn sorrow_breach(_: Source, c: &Content, s: &mut State, p: Player) {
    let sorrow = crate::ti4::galaxy::board_tile_of(c, s.player(p).faction);
    if let Some(slot) = sorrow.and_then(|tile| s.slot_of(tile)) {
        if breach_placeable(s, slot) {
            s.factions.place_breach(slot, false);
        }
    }
}

/// Exile I and II: at the end of a combat (windows `SpaceCombatEnd`, `GroundCombatEnd`) in the
/// active system, when this destroyer is `p`'s and one of them is within range (1 for Exile I,
/// 2 for Exile II) and a breach can be placed there: choice 0 (inactive), and 1 (active) for
/// Exile II.
fn exile_choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (c, s) = (g.content(), &g.state);
    let Source::Unit(u, _) = src else { return };
    if !matches!(window, Window::SpaceCombatEnd | Window::GroundCombatEnd)
        || units_of(c, s, p)[UnitType::Destroyer.idx()] != Some(u)
    {
        return;
    }
    let a = g.flow.tactical.active;
    if !breach_placeable(s, a) {
        return;
    }
    let two = c.units[u.idx()].requires.is_some();
    let near = g.galaxy().within(a, if two { 2 } else { 1 });
    let destroyer = bits(near).any(|sl| {
        let space = &s.systems[sl as usize].space;
        space.owner == p.0 && space.of(UnitType::Destroyer) > 0
    });
    if destroyer {
        out(0);
        if two {
            out(1);
        }
    }
}

/// A breach in the active system: inactive (choice 0) or active (1).
fn exile(_: Source, g: &mut Ti4Game, _: Player, _: Window, choice: u16) {
    let a = g.flow.tactical.active;
    g.state.factions.place_breach(a, choice == 1);
}

/// Subatomic Splicer: the ship types `p` lost in the space combat that just ended that it may
/// produce at a space dock of its home system.
fn splicer_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let f = &g.flow.tactical;
    let Some(side) = crate::ti4::game::component::combat_side(g, p).map(|s| s.idx()) else { return };
    if window != Window::SpaceCombatEnd || f.space_lost[side] == 0 {
        return;
    }
    let home = g.home_slot[p.idx()];
    if !g.state.has_dock_in(p, home) {
        return;
    }
    for &t in UnitType::SHIPS.iter().filter(|&&t| f.space_lost[side] & crate::ti4::combat::type_bit(t) != 0) {
        if ship_producible(g, p, t, home) {
            out(t.idx() as u16);
        }
    }
}

/// The ship is paid for and placed in the home system.
fn splice(_: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let home = g.home_slot[p.idx()];
    produce_ship(g, p, UnitType::ALL[choice as usize], home);
}

// Positions and conservation (`super::components`).

/// Position → state: `crimson_breaches`, the systems holding each kind of breach.
pub(super) fn read_position(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let cb = &pos.crimson_breaches;
    for (name, keys, active) in [("active", &cb.active, true), ("inactive", &cb.inactive, false)] {
        for (i, key) in keys.iter().enumerate() {
            let path = format!("crimson_breaches.{name}[{i}]");
            let tile = lookup(&path, IdKind::System, key, c.system(key))?;
            let slot = s
                .slot_of(tile)
                .ok_or_else(|| PositionError::new(&path, K::BadValue(key.clone(), "a system on the board")))?;
            if !breach_placeable(s, slot) {
                return Err(PositionError::new(
                    &path,
                    K::BadValue(key.clone(), "a system without a breach, at most 6 breaches in all"),
                ));
            }
            s.factions.place_breach(slot, active);
        }
    }
    Ok(())
}

/// State → position: `crimson_breaches`.
pub(super) fn write_position(c: &Content, s: &State, pos: &mut Position) {
    let keys = |set: u64| -> Vec<String> {
        bits(set).map(|sl| c.systems[s.systems[sl as usize].tile.idx()].key.clone()).collect()
    };
    pos.crimson_breaches =
        CrimsonBreaches { active: keys(s.factions.active_breaches()), inactive: keys(s.factions.inactive_breaches()) };
}

/// Conservation: breaches lie on the board's slots, never two in a system, at most
/// [`BREACH_TOKENS`].
pub(super) fn check(s: &State) -> Result<(), ConservationError> {
    let (active, inactive) = (s.factions.active_breaches(), s.factions.inactive_breaches());
    let on_board = if (s.num_systems as usize) < MAX_SYSTEMS.min(64) { (1u64 << s.num_systems) - 1 } else { u64::MAX };
    if active & inactive != 0 || (active | inactive) & !on_board != 0 {
        return Err(ConservationError::Token("a breach lies off the board's slots or on another breach"));
    }
    if (active | inactive).count_ones() > BREACH_TOKENS {
        return Err(ConservationError::Token("more breaches on the board than the Rebellion has"));
    }
    Ok(())
}
