//! The Ghosts of Creuss: Slipstream, Quantum Entanglement, Wormhole Generator, Dimensional
//! Splicer, the mech Icarus Drive and the flagship Hil Colish. (The wormhole
//! tokens are wormholes for every player's movement, `game::tactical::movement_query`; Creuss
//! Gate itself is not modelled.)

use crate::ti4::combat::assigned_hit_options;
use crate::ti4::content::Content;
use crate::ti4::elimination::conservation::ConservationError;
use crate::ti4::galaxy::{Reach, Wormhole};
use crate::ti4::game::component::{combat_ships, combat_side, hit_combat_ship};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{lookup, CreussWormholes, IdKind, Position, PositionError, PositionErrorKind as K};
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::NOBODY;
use crate::ti4::state::{State, MAX_SYSTEMS};

pub(super) static RULES: &[Rule] = &[
    // Wormhole Generator: "ACTION: Exhaust this card to place or move a Creuss wormhole token
    // into either a system that contains a planet you control or a non-home system that does
    // not contain another player's ships." (rules 23; target = slot × 2, + 1 for the beta
    // token.) Not modelled: a Valefar copy does not carry it (Technology 16;
    // `rules::Source::active`).
    Rule {
        source: SourceKey::Tech("wormhole_generator"),
        hooks: Hooks { component_targets: Some(generator_targets), component_action: Some(place_token), ..Hooks::NONE },
    },
    // Creuss IFF (promissory note): "At the start of your turn during the action phase: Place or
    // move a Creuss wormhole token into either a system that contains a planet you control or a
    // non-home system that does not contain another player's ships. Then, return this card to
    // the Creuss player." (Rules 69.) A decision of its holder at window `TurnStart` of their
    // own turn: one choice per target as Wormhole Generator's, for the holder (slot × 2, + 1
    // for the beta token).
    Rule {
        source: SourceKey::Note("creuss_iff"),
        hooks: Hooks {
            may_choices: Some(iff_targets),
            may_windows: Some(&[Window::TurnStart]),
            may_resolve: Some(iff),
            ..Hooks::NONE
        },
    },
    // Dimensional Splicer: "At the start of space combat in a system that contains a wormhole
    // and 1 or more of your ships, you may produce 1 hit and assign it to 1 of your opponent's
    // ships." (Space Combat 78, at its start.) A decision of the owner at window
    // `SpaceCombatStart`: which of the opponent's ships takes the hit (an undamaged one with
    // SUSTAIN DAMAGE cancels it, automatic for its owner). Not modelled: a Valefar copy does not
    // carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("dimensional_splicer"),
        hooks: Hooks {
            may_choices: Some(splicer_targets),
            may_windows: Some(&[Window::SpaceCombatStart]),
            may_resolve: Some(splice),
            ..Hooks::NONE
        },
    },
    // Icarus Drive (mech): "After any player activates a system, you may remove this unit from
    // the game board to place or move a Creuss wormhole token into this system." A decision of
    // the Creuss at window `SystemActivated` (every player's activation, the Creuss asked in
    // their turn of the clockwise order): one choice per (mech location, token) with a token not
    // already there (choice = token + 2 × (slot × 4 + location: 0 the space area, 1 + planet
    // index)); the mech returns to reinforcements. Simplified: offered only while the Creuss
    // control a planet, so that the removal never raises the elimination question mid-window.
    Rule {
        source: SourceKey::Unit("ghost_mech"),
        hooks: Hooks {
            may_choices: Some(icarus_choices),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(icarus),
            ..Hooks::NONE
        },
    },
    // Quantum Entanglement: "You treat all systems that contain either an alpha or beta
    // wormhole as adjacent to each other."
    Rule { source: SourceKey::Ability("quantum_entanglement"), hooks: Hooks { reach: Some(linked), ..Hooks::NONE } },
    // Slipstream: "During your tactical actions, apply +1 to the move value of each of your
    // ships that starts its movement in your home system or in a system that contains either an
    // alpha or beta wormhole."
    Rule {
        source: SourceKey::Ability("slipstream"),
        hooks: Hooks { move_bonus_from: Some(slipstream), ..Hooks::NONE },
    },
    // Creuss Gate: "When you create the galactic map, place the Creuss Gate (tile 17) where your
    // home system would normally be placed. The Creuss Gate system is not a home system. Then,
    // place your home system (tile 51) in your play area." Implemented by the galaxy at setup
    // (`galaxy`: the gate takes the home position, the home is off the board and joined to the
    // gate by the delta wormhole; test
    // `galaxy::tests::maps::setup_creuss_home_is_off_board_behind_its_gate`); this entry
    // registers the ability for the content's `implemented` flags.
    Rule { source: SourceKey::Ability("creuss_gate"), hooks: Hooks::NONE },
    // Hil Colish (flagship): "This ship's system contains a delta wormhole. During movement,
    // this ship may move before or after your other ships." The flagship's system is a delta
    // wormhole for the Creuss's movement (hook point `reach`), so joined to the Creuss Gate
    // and the home system behind it. Simplified: other players' movement does not see that
    // wormhole, and the flagship moves with the other ships (not before or after them).
    Rule { source: SourceKey::Unit("ghost_flagship"), hooks: Hooks { reach: Some(hil_colish), ..Hooks::NONE } },
    // Emissary Taivra (agent): "After a player activates a system that contains a non-delta
    // wormhole, you may exhaust this card; if you do, that system is adjacent to all other
    // systems that contain a wormhole during this tactical action." (Rules 51.) A decision of
    // the Creuss at window `SystemActivated` (every player's activation; the agent ready), when
    // a system with a wormhole is not adjacent to the active system yet; it sets
    // `TacticalAction::wormhole_hub`, which the active player's movement reads until the
    // tactical action ends. Simplified: only movement reads the adjacency.
    Rule {
        source: SourceKey::Leader("ghost_agent"),
        hooks: Hooks {
            may_choices: Some(taivra_choices),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(taivra),
            ..Hooks::NONE
        },
    },
];

/// Emissary Taivra: one choice (0) at window `SystemActivated` when the active system holds a
/// non-delta wormhole and another system with a wormhole is not adjacent to it.
fn taivra_choices(_: Source, g: &Ti4Game, _: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let a = g.flow.tactical.active;
    if window != Window::SystemActivated || g.flow.tactical.wormhole_hub {
        return;
    }
    let non_delta = [Wormhole::Alpha, Wormhole::Beta, Wormhole::Gamma, Wormhole::Epsilon]
        .into_iter()
        .any(|kind| crate::ti4::game::component::wormhole_slots(g, kind) >> a & 1 == 1);
    let far = crate::ti4::game::component::wormhole_systems(g) & !g.galaxy().neighbours(a) & !(1 << a);
    if non_delta && far != 0 {
        out(0);
    }
}

/// The agent is exhausted; the active system is a hub of wormhole systems for this action.
fn taivra(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    crate::ti4::game::leaders::exhaust(g, p, src);
    g.flow.tactical.wormhole_hub = true;
}

/// Hil Colish: a delta wormhole where the flagship is.
fn hil_colish(_: Source, g: &Ti4Game, p: Player, q: &mut Reach) {
    if let Some(slot) = crate::ti4::game::component::flagship_slot(g, p) {
        q.extra.insert(slot, Wormhole::Delta);
    }
}

fn linked(_: Source, _: &Ti4Game, _: Player, q: &mut Reach) {
    q.extra = q.extra.alpha_beta_linked();
}

fn slipstream(_: Source, g: &Ti4Game, p: Player, from: u8) -> u8 {
    let gal = g.galaxy();
    let tokens = g.state.factions.wormhole_tokens().iter().flatten().fold(0u64, |m, &sl| m | 1 << sl);
    let wormholes = gal.wormhole_slots(Wormhole::Alpha) | gal.wormhole_slots(Wormhole::Beta) | tokens;
    (from == g.home_slot[p.idx()] || wormholes >> from & 1 == 1) as u8
}

/// Wormhole Generator's targets: each (system, token) the ready card can place or move a token
/// to: a system with a planet `p` controls, or a non-home system with no other player's ships,
/// other than the one the token lies in.
fn generator_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let (c, s) = (g.content(), &g.state);
    let gal = g.galaxy();
    for slot in 0..s.num_systems {
        let planets = &c.systems[gal.tile(slot).idx()].planets;
        let controls = planets.iter().any(|&pl| s.player(p).planets.contains(pl));
        let home = s.seats().any(|q| g.home_slot[q.idx()] == slot);
        let owner = s.systems[slot as usize].space.owner;
        if !(controls || !home && (owner == NOBODY || owner == p.0)) {
            continue;
        }
        for k in 0..2u8 {
            if s.factions.wormhole_tokens()[k as usize] != Some(slot) {
                out(slot * 2 + k);
            }
        }
    }
}

/// Wormhole Generator: exhausts the card and puts the token (alpha, or beta for an odd target)
/// in the system.
fn place_token(src: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    if let Some(t) = src.tech() {
        g.state.player_mut(p).exhausted_techs.insert(t);
        g.state.factions.wormhole_tokens_mut()[(target % 2) as usize] = Some(target / 2);
    }
    ComponentThen::TurnEnds
}

/// Creuss IFF: Wormhole Generator's targets for the holder, at the start of their turn.
fn iff_targets(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::TurnStart && p == g.flow.turn {
        generator_targets(src, g, p, &mut |t| out(u16::from(t)));
    }
}

/// Creuss IFF: the token is placed (alpha, or beta for an odd choice); the note returns.
fn iff(src: Source, g: &mut Ti4Game, _: Player, _: Window, choice: u16) {
    g.state.factions.wormhole_tokens_mut()[(choice % 2) as usize] = Some((choice / 2) as u8);
    crate::ti4::game::notes::return_note(g, src);
}

/// True when board slot `slot` contains a wormhole: one its tile prints, or a Creuss token.
fn has_wormhole(g: &Ti4Game, slot: u8) -> bool {
    let gal = g.galaxy();
    let printed = [Wormhole::Alpha, Wormhole::Beta, Wormhole::Gamma, Wormhole::Delta]
        .into_iter()
        .any(|k| gal.wormhole_slots(k) >> slot & 1 == 1);
    printed || g.state.factions.wormhole_tokens().contains(&Some(slot))
}

/// The other player of the combat about to start, for `p` on one side of it.
fn opponent(g: &Ti4Game, p: Player) -> Option<Player> {
    combat_side(g, p).map(|side| match side {
        crate::ti4::combat::Side::Attacker => g.flow.tactical.defender,
        crate::ti4::combat::Side::Defender => g.flow.turn,
    })
}

/// Dimensional Splicer (Space Combat 78, at its start): in a system with a wormhole where `p`
/// has ships, each way one of the opponent's ships can take the hit (`type × 2`, + 1 when an
/// undamaged ship with SUSTAIN DAMAGE sustains it; else one is destroyed, a damaged one if any).
fn splicer_targets(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (Window::SpaceCombatStart, Some(q)) = (window, opponent(g, p)) else { return };
    if !has_wormhole(g, g.flow.tactical.active) || !UnitType::SHIPS.iter().any(|&t| combat_ships(g, p, t).0 > 0) {
        return;
    }
    let units = crate::ti4::game::component::units_of(g.content(), &g.state, q);
    for &t in UnitType::SHIPS {
        let (n, damaged) = combat_ships(g, q, t);
        let sustains = units[t.idx()].is_some_and(|u| g.content().units[u.idx()].sustain_damage);
        let (destroyed, sustained) = assigned_hit_options(n, damaged, sustains);
        if destroyed {
            out(t.idx() as u16 * 2);
        }
        if sustained {
            out(t.idx() as u16 * 2 + 1);
        }
    }
}

/// Dimensional Splicer: the chosen ship of the opponent takes the hit before the combat.
fn splice(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    let q = opponent(g, p).expect("a side of the combat");
    hit_combat_ship(g, q, UnitType::ALL[(choice / 2) as usize], choice % 2 == 1, Some(p));
}

/// The location Icarus Drive's choice `k` names (`k / 2 = slot × 4 + location`).
fn icarus_location(k: u16) -> crate::ti4::state::Location {
    use crate::ti4::state::Location;
    let (slot, at) = ((k / 2 / 4) as u8, (k / 2 % 4) as u8);
    if at == 0 {
        Location::Space(slot)
    } else {
        Location::Planet(slot, at - 1)
    }
}

/// Icarus Drive: each (location of one of `p`'s mechs, token not in the activated system), at
/// window `SystemActivated`, while `p` controls a planet.
fn icarus_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let s = &g.state;
    if window != Window::SystemActivated
        || s.player(p).on_board[UnitType::Mech.idx()] == 0
        || s.player(p).planets.is_empty()
    {
        return;
    }
    let active = g.flow.tactical.active;
    for slot in 0..s.num_systems {
        for loc in crate::ti4::state::Location::all_in(slot) {
            if s.occupant(loc) != Some(p) || s.count_at(loc, UnitType::Mech) == 0 {
                continue;
            }
            let at = match loc {
                crate::ti4::state::Location::Space(_) => 0,
                crate::ti4::state::Location::Planet(_, n) => 1 + n as u16,
            };
            for token in 0..2u16 {
                if s.factions.wormhole_tokens()[token as usize] != Some(active) {
                    out(token + 2 * (slot as u16 * 4 + at));
                }
            }
        }
    }
}

/// Icarus Drive: the mech removed to reinforcements, the token placed in the activated system.
fn icarus(_: Source, g: &mut Ti4Game, _p: Player, _: Window, choice: u16) {
    let loc = icarus_location(choice);
    if g.state.remove_units(loc, UnitType::Mech, 1).is_ok() {
        g.state.factions.wormhole_tokens_mut()[(choice % 2) as usize] = Some(g.flow.tactical.active);
    }
}

/// The Creuss wormhole tokens `[alpha, beta]`: the board slot each lies in, or `None` while it
/// is off the board (in the Creuss player's supply).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct WormholeTokens([Option<u8>; 2]);

impl super::FactionState {
    /// The board slots of the wormhole tokens `[alpha, beta]` (Wormholes 101: wormholes for
    /// every player's movement).
    #[inline]
    pub fn wormhole_tokens(&self) -> [Option<u8>; 2] {
        self.wormholes.0
    }

    /// The wormhole tokens `[alpha, beta]`, to place or move.
    #[inline]
    pub fn wormhole_tokens_mut(&mut self) -> &mut [Option<u8>; 2] {
        &mut self.wormholes.0
    }
}

// Positions and conservation (`super::components`).

/// Position → state: `creuss_wormholes`, the system each token lies in.
pub(super) fn read_position(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let cw = &pos.creuss_wormholes;
    for (k, (name, key)) in [("alpha", &cw.alpha), ("beta", &cw.beta)].into_iter().enumerate() {
        let Some(key) = key else { continue };
        let path = format!("creuss_wormholes.{name}");
        let tile = lookup(&path, IdKind::System, key, c.system(key))?;
        let slot = s
            .slot_of(tile)
            .ok_or_else(|| PositionError::new(&path, K::BadValue(key.clone(), "a system on the board")))?;
        s.factions.wormhole_tokens_mut()[k] = Some(slot);
    }
    Ok(())
}

/// State → position: `creuss_wormholes`.
pub(super) fn write_position(c: &Content, s: &State, pos: &mut Position) {
    let [alpha, beta] = s
        .factions
        .wormhole_tokens()
        .map(|slot| slot.map(|sl| c.systems[s.systems[sl as usize].tile.idx()].key.clone()));
    pos.creuss_wormholes = CreussWormholes { alpha, beta };
}

/// Conservation: each token on the board lies in one of its slots.
pub(super) fn check(s: &State) -> Result<(), ConservationError> {
    let off = |&slot: &u8| slot >= s.num_systems || slot as usize >= MAX_SYSTEMS;
    if s.factions.wormhole_tokens().iter().flatten().any(off) {
        return Err(ConservationError::Token("a Creuss wormhole token lies off the board's slots"));
    }
    Ok(())
}
