//! The Federation of Sol: Orbital Drop, Versatile, the flagship Genesis, the mech ZS Thunderbolt
//! M2, the commander Claire Gibson and the hero Jace X. 4th Air Legion.

use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Orbital Drop: "ACTION: Spend 1 token from your strategy pool to place 2 infantry from
    // your reinforcements on 1 planet you control." (rules 23; target = the planet id.)
    Rule {
        source: SourceKey::Ability("orbital_drop"),
        hooks: Hooks {
            component_targets: Some(orbital_drop_targets),
            component_action: Some(orbital_drop),
            ..Hooks::NONE
        },
    },
    // Versatile: "When you gain command tokens during the status phase, gain 1 additional
    // command token." (Status phase step 5, rules 81.5)
    Rule {
        source: SourceKey::Ability("versatile"),
        hooks: Hooks { status_command_tokens: Some(versatile), ..Hooks::NONE },
    },
    // Genesis (flagship): "At the end of the status phase, place 1 infantry from your
    // reinforcements in this system's space area." (Capacity 16: an infantry beyond the
    // capacity there is removed at once.)
    Rule { source: SourceKey::Unit("sol_flagship"), hooks: Hooks { status_phase_end: Some(genesis), ..Hooks::NONE } },
    // Military Support (promissory note): "At the start of the Sol player's turn: Remove 1 token
    // from the Sol player's strategy pool, if able, and return it to their reinforcements.
    // Then, you may place 2 infantry from your reinforcements on any planet you control. Then,
    // return this card to the Sol player." (Rules 69.) A decision of its holder at window
    // `TurnStart` of the Sol player's turn: one choice per planet on the board the holder
    // controls (`PlanetId`); as many of the 2 infantry as the reinforcements hold are placed.
    Rule {
        source: SourceKey::Note("military_support"),
        hooks: Hooks {
            may_choices: Some(military_support_planets),
            may_windows: Some(&[Window::TurnStart]),
            may_resolve: Some(military_support),
            ..Hooks::NONE
        },
    },
    // ZS Thunderbolt M2 (mech), DEPLOY: "After you use your ORBITAL DROP faction ability, you
    // may spend 3 resources to place 1 mech on that planet." A decision of the Sol player at
    // window `TurnEnd` of the turn whose action was Orbital Drop (`Flow::component_used`), with
    // a mech in reinforcements and 3 resources to spend (simplified: paid by the default plan,
    // `objectives::spend_plan`, planets then trade goods).
    Rule {
        source: SourceKey::Unit("sol_mech"),
        hooks: Hooks {
            may_choices: Some(thunderbolt_choices),
            may_windows: Some(&[Window::TurnEnd]),
            may_resolve: Some(thunderbolt),
            ..Hooks::NONE
        },
    },
    // Evelyn Delouis (agent): "At the start of a ground combat round: You may exhaust this card
    // to choose 1 ground force in the combat; that ground force rolls 1 additional die during
    // this combat round." (Rules 51.) A decision of the Sol player at window
    // `GroundCombatRoundStart`, one choice per type of its ground forces in the combat (the
    // unit type's index; `GroundCombat::add_round_die`). Simplified: only in a ground combat
    // the Sol fight, for one of their own ground forces (as Tellurian, the window opens for
    // the two sides only).
    Rule {
        source: SourceKey::Leader("sol_agent"),
        hooks: Hooks {
            may_choices: Some(delouis_choices),
            may_windows: Some(&[Window::GroundCombatRoundStart]),
            may_resolve: Some(delouis),
            ..Hooks::NONE
        },
    },
    // Claire Gibson (commander): "At the start of a ground combat on a planet you control: You
    // may place 1 infantry from your reinforcements on that planet." Unlock: "Control planets
    // that have a combined total of at least 12 resources." (Rules 51.) Simplified: offered at
    // window `GroundForcesCommitted`, one choice per planet of the player that ground forces
    // were committed to, which is before bombardment and space cannon defense rather than at
    // the start of the ground combat itself.
    Rule {
        source: SourceKey::Leader("sol_commander"),
        hooks: Hooks {
            commander_unlocked: Some(twelve_resources),
            may_choices: Some(gibson_choices),
            may_windows: Some(&[Window::GroundForcesCommitted]),
            may_resolve: Some(gibson),
            ..Hooks::NONE
        },
    },
    // Jace X. 4th Air Legion (hero), HELIO COMMAND ARRAY: "ACTION: Remove each of your command
    // tokens from the game board and return them to your reinforcements. Then, purge this card."
    // (Rules 23, 51; target 0.)
    Rule {
        source: SourceKey::Leader("sol_hero"),
        hooks: Hooks { component_targets: Some(jace_targets), component_action: Some(jace), ..Hooks::NONE },
    },
];

/// Resources of controlled planets that unlock Claire Gibson.
const GIBSON_RESOURCES: u32 = 12;

/// Claire Gibson's unlock: the planets the player controls have at least 12 resources.
fn twelve_resources(_: Source, g: &Ti4Game, p: Player) -> bool {
    let (c, s) = (g.content(), &g.state);
    s.player(p).planets.iter().map(|pl| s.resources_of(c, pl) as u32).sum::<u32>() >= GIBSON_RESOURCES
}

/// One choice per planet of `p` that ground forces were committed to (its index in the active
/// system), while `p` has an infantry in reinforcements.
fn gibson_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if g.state.player(p).reinforcements[UnitType::Infantry.idx()] > 0 {
        crate::ti4::action_cards::committed_against(g, p, window).for_each(|n| out(u16::from(n)));
    }
}

/// 1 infantry from reinforcements onto the planet.
fn gibson(_: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let loc = Location::Planet(g.flow.tactical.active, choice as u8);
    if g.state.player(p).reinforcements[UnitType::Infantry.idx()] > 0 && g.state.occupant(loc) == Some(p) {
        g.place_units(p, loc, UnitType::Infantry, 1).expect("placed units come from reinforcements the caller checked");
    }
}

/// Target 0 while one of `p`'s command tokens is on the board.
fn jace_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    if s.systems[..s.num_systems as usize].iter().any(|sys| sys.tokens >> p.0 & 1 == 1) {
        out(0);
    }
}

/// Every command token of `p` on the board returns to its reinforcements; the hero is purged.
fn jace(src: Source, g: &mut Ti4Game, p: Player, _: u8) -> ComponentThen {
    let n = g.state.num_systems as usize;
    let mut back = 0;
    for sys in g.state.systems[..n].iter_mut() {
        if sys.tokens >> p.0 & 1 == 1 {
            sys.tokens &= !(1 << p.0);
            back += 1;
        }
    }
    g.state.player_mut(p).token_reinforcements += back;
    crate::ti4::game::leaders::purge(g, p, src);
    ComponentThen::TurnEnds
}

/// Genesis: 1 infantry into the flagship's space area, if the reinforcements hold one.
fn genesis(_: Source, g: &mut Ti4Game, p: Player) {
    let Some(slot) = crate::ti4::game::component::flagship_slot(g, p) else { return };
    if g.state.player(p).reinforcements[UnitType::Infantry.idx()] == 0 {
        return;
    }
    g.place_units(p, Location::Space(slot), UnitType::Infantry, 1)
        .expect("placed units come from reinforcements the caller checked");
    crate::ti4::game::component::enforce_capacity(g, slot, None);
}

fn versatile(_: Source, _: &Content, _: &State, _: Player) -> u8 {
    1
}

/// Orbital Drop's targets: each planet `p` controls on the board that holds no other player's
/// units, while `p` has a strategy token and an infantry in reinforcements.
fn orbital_drop_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let (c, s) = (g.content(), &g.state);
    let ps = s.player(p);
    if ps.strategy == 0 || ps.reinforcements[UnitType::Infantry.idx()] == 0 {
        return;
    }
    for pl in ps.planets.iter() {
        if let Some(loc) = s.planet_location(c, pl) {
            if s.occupant(loc).is_none_or(|q| q == p) {
                out(pl.0);
            }
        }
    }
}

/// Orbital Drop: 1 strategy token spent (back to reinforcements, rules 20), then 2 infantry
/// (as many as the reinforcements hold) placed on the planet.
fn orbital_drop(_: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let Some(loc) = g.state.planet_location(g.content(), PlanetId(target)) else { return ComponentThen::TurnEnds };
    let (c, s) = g.content_and_state();
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    let n = g.state.player(p).reinforcements[UnitType::Infantry.idx()].min(2);
    g.place_units(p, loc, UnitType::Infantry, n).expect("placed units come from reinforcements the caller checked");
    ComponentThen::TurnEnds
}

/// Resources ZS Thunderbolt M2's DEPLOY costs.
const THUNDERBOLT_COST: u8 = 3;

/// The planet of the Orbital Drop `p` performed this turn, at `p`'s window `TurnEnd`, while it is
/// still theirs with no other player's units, a mech is in reinforcements and 3 resources can be
/// spent.
fn thunderbolt_planet(g: &Ti4Game, p: Player, window: Window) -> Option<Location> {
    let (c, s) = (g.content(), &g.state);
    let (src, target) = g.flow.component_used.filter(|_| window == Window::TurnEnd && g.flow.turn == p)?;
    if c.rules.key(src) != Some(SourceKey::Ability("orbital_drop"))
        || s.player(p).reinforcements[UnitType::Mech.idx()] == 0
    {
        return None;
    }
    let pl = PlanetId(target);
    let loc = s.planet_location(c, pl)?;
    let ok = s.player(p).planets.contains(pl)
        && s.occupant(loc).is_none_or(|q| q == p)
        && crate::ti4::game::objectives::spend_plan(c, s, p, THUNDERBOLT_COST, 0, 0, 0).is_some();
    ok.then_some(loc)
}

/// ZS Thunderbolt M2: one choice (0) after Orbital Drop.
fn thunderbolt_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if thunderbolt_planet(g, p, window).is_some() {
        out(0);
    }
}

/// ZS Thunderbolt M2: 3 resources spent, a mech placed on the Orbital Drop's planet.
fn thunderbolt(_: Source, g: &mut Ti4Game, p: Player, window: Window, _: u16) {
    let Some(loc) = thunderbolt_planet(g, p, window) else { return };
    let (c, s) = g.content_and_state();
    if crate::ti4::game::objectives::spend_default(c, s, p, THUNDERBOLT_COST, 0) {
        g.place_units(p, loc, UnitType::Mech, 1).expect("a mech in reinforcements");
    }
}

/// Evelyn Delouis: each type of `p`'s ground forces with a combat value in the ground combat
/// whose round is about to be rolled (window `GroundCombatRoundStart`).
fn delouis_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (Window::GroundCombatRoundStart, Some(c), Some(side)) =
        (window, &g.flow.tactical.ground, crate::ti4::game::component::combat_side(g, p))
    else {
        return;
    };
    let f = c.force(side);
    for t in [UnitType::Infantry, UnitType::Mech, UnitType::Pds] {
        if f.count(t) > 0 && f.is_combatant(t) && f.stats(t).combat.is_some() {
            out(t.idx() as u16);
        }
    }
}

/// Evelyn Delouis: the agent exhausted; 1 ground force of the chosen type rolls 1 more die.
fn delouis(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let Some(side) = crate::ti4::game::component::combat_side(g, p) else { return };
    let Some(&t) = UnitType::ALL.get(choice as usize) else { return };
    crate::ti4::game::leaders::exhaust(g, p, src);
    if let Some(c) = g.flow.tactical.ground.as_mut() {
        c.add_round_die(side, t).expect("a ground force of the type in the combat");
    }
}

/// Military Support: offered to its holder at the start of the Sol player's turn, one choice
/// per planet on the board the holder controls.
fn military_support_planets(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let sol = src.note_owner(g.content(), &g.state).map(|(o, _)| o);
    if window != Window::TurnStart || sol != Some(g.flow.turn) {
        return;
    }
    for pl in g.state.player(p).planets.iter() {
        if g.state.planet_location(g.content(), pl).is_some() {
            out(u16::from(pl.0));
        }
    }
}

/// The Sol player loses a strategy token (if they have one); up to 2 of the holder's infantry
/// go on the chosen planet; the note returns.
fn military_support(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let sol = g.flow.turn;
    g.state.player_mut(sol).return_strategy_token();
    let pl = PlanetId(choice as u8);
    if let Some(loc) = g.state.planet_location(g.content(), pl).filter(|&l| g.state.occupant(l).is_none_or(|q| q == p))
    {
        let k = g.state.player(p).reinforcements[UnitType::Infantry.idx()].min(2);
        if k > 0 {
            g.place_units(p, loc, UnitType::Infantry, k).expect("placed units come from reinforcements");
        }
    }
    crate::ti4::game::notes::return_note(g, src);
}
