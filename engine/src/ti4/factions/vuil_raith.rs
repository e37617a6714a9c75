//! The Vuil'raith Cabal: Devour, Amalgamation, Riftmeld, Vortex, the flagship The Terror
//! Between, the mech Reanimator, the agent The Stillness of Stars, the commander That Which
//! Molds Flesh and the hero It Feeds on Carrion. (Captured units are returned on elimination by the Elimination rules.)

use crate::ti4::game::effects::Effect;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;
use crate::ti4::technology::research::Skip;

pub(super) static RULES: &[Rule] = &[
    // Devour: "Capture your opponent's non-structure units that are destroyed during combat."
    Rule { source: SourceKey::Ability("devour"), hooks: Hooks { combat_casualties: Some(devour), ..Hooks::NONE } },
    // The Terror Between (flagship): "Capture all other non-structure units that are destroyed
    // in this system, including your own." Hook point `own_casualties`: after a combat in the
    // flagship's system (it fought there, or it is in the space area above the ground combat),
    // the Cabal's own non-structure units the combat destroyed, but the flagship, are captured;
    // the opponent's are Devour's. Simplified: units destroyed outside combats (space cannon,
    // bombardment, action cards) are not captured.
    Rule {
        source: SourceKey::Unit("cabal_flagship"),
        hooks: Hooks { own_casualties: Some(terror_between), ..Hooks::NONE },
    },
    // Reanimator (mech): "When your infantry on this planet are destroyed, place them on your
    // faction sheet; those units are captured." Hook point `own_casualties`: the Cabal's
    // infantry a ground combat destroyed on a planet where a mech of theirs fought are
    // captured. Simplified: infantry destroyed by bombardment or space cannon defense are not.
    Rule { source: SourceKey::Unit("cabal_mech"), hooks: Hooks { own_casualties: Some(reanimator), ..Hooks::NONE } },
    // Amalgamation: "When you produce a unit, you may return 1 captured unit of that type to
    // produce that unit without spending resources." Each such unit is a decision of its own in
    // the production step (`Action::Choose(amalgamation, unit type)` beside the paid
    // `Produce`); the captured units go back when the production places its units.
    Rule {
        source: SourceKey::Ability("amalgamation"),
        hooks: Hooks {
            produce_without_paying: Some(captives),
            produced_without_paying: Some(return_captives),
            ..Hooks::NONE
        },
    },
    // Riftmeld: "When you research a unit upgrade technology, you may return 1 captured unit of
    // that type to ignore all of the technology's prerequisites." (Technology 12.3: an ability
    // that ignores prerequisites.) A research option of its own (`Skip::ReturnCaptured`), so
    // using it is the researching player's choice among the payments.
    Rule { source: SourceKey::Ability("riftmeld"), hooks: Hooks { prerequisite_skip: Some(riftmeld), ..Hooks::NONE } },
    // Vortex: "ACTION: Exhaust this card to choose another player's non-structure unit in a
    // system that is adjacent to 1 or more of your space docks. Capture 1 unit of that type
    // from that player's reinforcements." (rules 23; target = seat × 16 + unit type.) A
    // Valefar copy does not carry it: not modelled (Technology 16; `rules::Source::active`).
    Rule {
        source: SourceKey::Tech("vortex"),
        hooks: Hooks { component_targets: Some(vortex_targets), component_action: Some(vortex), ..Hooks::NONE },
    },
    // That Which Molds Flesh (commander): "When you produce fighter or infantry units: Up to 2
    // of those units do not count against your PRODUCTION limit." Unlock: "Have units in 3
    // Gravity Rifts." (Rules 51, 67; hook point `production_limit_exempt`.)
    Rule {
        source: SourceKey::Leader("cabal_commander"),
        hooks: Hooks {
            commander_unlocked: Some(units_in_three_rifts),
            production_limit_exempt: Some(molds_flesh),
            ..Hooks::NONE
        },
    },
    // The Stillness of Stars (agent): "After another player replenishes commodities: You may
    // exhaust this card to convert their commodities to trade goods and capture 1 unit from
    // their reinforcements that has a cost equal to or lower than their commodity value."
    // (Rules 51.) A decision of the Vuil'raith at window `CommoditiesReplenished`, one choice
    // per unit type of that player's reinforcements whose cost is at most their faction's
    // commodity value (choice = unit type index). Simplified: offered after the replenishments
    // of the Trade strategy card (primary and secondary) only, not after those of other cards.
    Rule {
        source: SourceKey::Leader("cabal_agent"),
        hooks: Hooks {
            may_choices: Some(stillness_choices),
            may_windows: Some(&[Window::CommoditiesReplenished]),
            may_resolve: Some(stillness),
            ..Hooks::NONE
        },
    },
    // It Feeds on Carrion (hero), DIMENSIONAL ANCHOR: "ACTION: Each other player rolls a die for
    // each of their non-fighter ships that are in or adjacent to a system that contains a
    // dimensional tear; on a 1-3, capture that unit. If this causes a player's ground forces or
    // fighters to be removed, also capture those units. Then, purge this card." (Rules 23, 51;
    // target 0.) The dimensional tears are the systems with a Vuil'raith space dock (Dimensional
    // Tear). Offered while another player has a non-fighter ship in or next to one; the dice
    // roll at the chance step that follows (hook point `component_roll`), then the hero is
    // purged: each ship that rolls 1-3 is captured, then the fighters and ground forces its
    // space area can no longer carry (Capacity 16.3: fighters first, then infantry, then mechs).
    Rule {
        source: SourceKey::Leader("cabal_hero"),
        hooks: Hooks {
            component_targets: Some(carrion_targets),
            component_action: Some(carrion),
            component_roll: Some(carrion_roll),
            ..Hooks::NONE
        },
    },
];

/// The board slots in or next to a system with one of `p`'s space docks (dimensional tears).
fn near_tears(g: &Ti4Game, p: Player) -> u64 {
    let s = &g.state;
    let tears = (0..s.num_systems).filter(|&sl| s.has_dock_in(p, sl)).fold(0u64, |m, sl| m | 1 << sl);
    crate::ti4::galaxy::bits(tears).fold(tears, |m, sl| m | g.galaxy().neighbours(sl))
}

/// The non-fighter ship types (unit type order).
const NON_FIGHTER_SHIPS: [UnitType; 6] = [
    UnitType::Destroyer,
    UnitType::Cruiser,
    UnitType::Carrier,
    UnitType::Dreadnought,
    UnitType::Flagship,
    UnitType::WarSun,
];

/// The space areas near the tears where another player has a non-fighter ship.
fn carrion_slots(g: &Ti4Game, p: Player) -> impl Iterator<Item = u8> + '_ {
    let s = &g.state;
    crate::ti4::galaxy::bits(near_tears(g, p)).filter(move |&sl| {
        let a = &s.systems[sl as usize].space;
        a.occupant().is_some_and(|q| q != p) && NON_FIGHTER_SHIPS.iter().any(|&t| a.of(t) > 0)
    })
}

/// It Feeds on Carrion: one target (0) while another player's non-fighter ship is in or next to
/// a dimensional tear.
fn carrion_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    if carrion_slots(g, p).next().is_some() {
        out(0);
    }
}

/// The dice follow (the hero is purged after them).
fn carrion(_: Source, _: &mut Ti4Game, _: Player, _: u8) -> ComponentThen {
    ComponentThen::Roll
}

/// The dice: each non-fighter ship near a tear is captured on a 1-3, then what its space area
/// can no longer carry; then the hero is purged.
fn carrion_roll(src: Source, g: &mut Ti4Game, p: Player, _: u8, rng: &mut rand_chacha::ChaCha8Rng) {
    let mut slots = 0u64;
    for sl in carrion_slots(g, p) {
        slots |= 1 << sl;
    }
    let mut captured = 0u16;
    for sl in crate::ti4::galaxy::bits(slots) {
        let loc = Location::Space(sl);
        for t in NON_FIGHTER_SHIPS {
            let k = (0..g.state.count_at(loc, t)).filter(|_| crate::ti4::combat::roll_d10(rng) <= 3).count() as u8;
            if k > 0 {
                g.state.capture_from_board(p, loc, t, k).expect("the ships are in the space area");
                captured += u16::from(k);
            }
        }
        captured += capture_beyond_capacity(g, p, sl);
    }
    g.note_effect(p, Effect::UnitsCaptured, captured);
    crate::ti4::game::leaders::purge(g, p, src);
}

/// Capacity 16.3 after ships were captured: the occupant's fighters, then infantry, then mechs
/// beyond its capacity in the space area at `sl` are captured by `p`; how many.
fn capture_beyond_capacity(g: &mut Ti4Game, p: Player, sl: u8) -> u16 {
    let loc = Location::Space(sl);
    let (cap, load) = crate::ti4::game::component::space_load(g.content(), &g.state, sl);
    let mut excess = load.saturating_sub(cap);
    let ground = u32::from(g.state.count_at(loc, UnitType::Infantry) + g.state.count_at(loc, UnitType::Mech));
    let counted_fighters = load.saturating_sub(ground);
    let mut n = 0;
    for t in [UnitType::Fighter, UnitType::Infantry, UnitType::Mech] {
        let here = if t == UnitType::Fighter { counted_fighters } else { u32::from(g.state.count_at(loc, t)) };
        let k = here.min(excess) as u8;
        if k > 0 {
            g.state.capture_from_board(p, loc, t, k).expect("the units are in the space area");
            excess -= u32::from(k);
            n += u16::from(k);
        }
    }
    n
}

/// The Stillness of Stars: after another player `q` replenished, each unit type in `q`'s
/// reinforcements that costs at most `q`'s commodity value.
fn stillness_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::CommoditiesReplenished {
        return;
    }
    let q = crate::ti4::game::component::resolving_player(g);
    if q == p {
        return;
    }
    let (c, s) = (g.content(), &g.state);
    let value = c.factions[s.player(q).faction.idx()].commodities;
    let techs = crate::ti4::technology::valefar::effective_techs(c, s, q);
    for t in UnitType::ALL {
        let cost = c.effective_unit(s.player(q).faction, t, techs).and_then(|u| c.units[u.idx()].cost);
        if s.player(q).reinforcements[t.idx()] > 0 && cost.is_some_and(|k| k <= value) {
            out(t.idx() as u16);
        }
    }
}

/// The agent exhausted; the other player's commodities become trade goods and 1 unit of the
/// chosen type is captured from their reinforcements.
fn stillness(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    crate::ti4::game::leaders::exhaust(g, p, src);
    let q = crate::ti4::game::component::resolving_player(g);
    let qs = g.state.player_mut(q);
    qs.trade_goods = qs.trade_goods.saturating_add(qs.commodities);
    qs.commodities = 0;
    let t = UnitType::ALL[choice as usize];
    g.state.capture_from_reinforcements(p, q, t, 1).expect("the choice is a unit in reinforcements");
    g.note_effect(p, Effect::UnitsCaptured, 1);
}

/// The systems adjacent to a system with one of `p`'s space docks (not those systems
/// themselves, unless adjacent to another one).
fn next_to_docks(g: &Ti4Game, p: Player) -> u64 {
    let s = &g.state;
    let mut near = 0u64;
    for slot in 0..s.num_systems {
        let docked = (0..s.systems[slot as usize].planets.len() as u8).any(|n| {
            let loc = Location::Planet(slot, n);
            s.occupant(loc) == Some(p) && s.count_at(loc, UnitType::SpaceDock) > 0
        });
        if docked {
            near |= g.galaxy().neighbours(slot);
        }
    }
    near
}

/// Vortex's targets: each (other player, non-structure unit type) with such a unit in a system
/// next to `p`'s space docks and one in their reinforcements, while the card is ready.
fn vortex_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    if s.player(p).on_board[UnitType::SpaceDock.idx()] == 0 {
        return;
    }
    let near = next_to_docks(g, p);
    let mut seen = [0u16; MAX_PLAYERS];
    for slot in crate::ti4::galaxy::bits(near) {
        for loc in Location::all_in(slot) {
            let Some(q) = s.occupant(loc).filter(|&q| q != p) else { continue };
            for u in UnitType::ALL {
                if u != UnitType::SpaceDock && u != UnitType::Pds && s.count_at(loc, u) > 0 {
                    seen[q.idx()] |= 1 << u.idx();
                }
            }
        }
    }
    for q in s.seats() {
        for u in UnitType::ALL {
            if seen[q.idx()] >> u.idx() & 1 == 1 && s.player(q).reinforcements[u.idx()] > 0 {
                out(q.0 * 16 + u.idx() as u8);
            }
        }
    }
}

/// Vortex: the card exhausted, then 1 unit of the type captured from the player's
/// reinforcements.
fn vortex(src: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let Some(t) = src.tech() else { return ComponentThen::TurnEnds };
    g.state.player_mut(p).exhausted_techs.insert(t);
    let (q, u) = (Player(target / 16), UnitType::ALL[(target % 16) as usize]);
    g.state.capture_from_reinforcements(p, q, u, 1).expect("the captured units are in reinforcements");
    g.note_effect(p, Effect::UnitsCaptured, 1);
    ComponentThen::TurnEnds
}

/// Devour: the opponent's non-structure units destroyed in the combat (already back in their
/// reinforcements) go onto the Cabal's sheet instead. Simplified: a captured fighter or
/// infantry is the owner's piece on the sheet (`components::captured`); nothing is captured
/// from an opponent the combat eliminated (their units go to the box), or past a full sheet.
fn devour(_: Source, g: &mut Ti4Game, p: Player, owner: Player, lost: &[u8; UNIT_TYPES]) {
    if !g.state.player(owner).in_game {
        return;
    }
    for t in UnitType::ALL {
        let k = lost[t.idx()].min(g.state.player(owner).reinforcements[t.idx()]);
        if k > 0 && t != UnitType::Pds && t != UnitType::SpaceDock {
            g.state.capture_from_reinforcements(p, owner, t, k).expect("the captured units are in reinforcements");
            g.note_effect(p, Effect::UnitsCaptured, k as u16);
        }
    }
}

fn riftmeld(_: Source) -> Skip {
    Skip::ReturnCaptured
}

/// Amalgamation: as many units of type `t` as the Cabal holds captive (any owner).
fn captives(_: Source, g: &Ti4Game, p: Player, t: UnitType) -> u8 {
    let s = &g.state;
    s.seats().map(|q| s.captured.held(p, q, t)).fold(0u8, u8::saturating_add)
}

/// Amalgamation's price: 1 captured unit of type `t` returned per unit produced.
fn return_captives(_: Source, g: &mut Ti4Game, p: Player, t: UnitType, n: u8) {
    for _ in 0..n {
        g.state.return_one_captured(p, t).expect("the production offered only units held captive");
    }
}

/// Gravity rifts with the player's units that unlock That Which Molds Flesh.
const RIFTS: u32 = 3;

/// The player has units in 3 gravity rifts: systems with the anomaly, and systems with one of
/// its space docks, which are Dimensional Tears ("This system is a gravity rift"; only this
/// count reads it: `docs/RULES.md`).
fn units_in_three_rifts(_: Source, g: &Ti4Game, p: Player) -> bool {
    let rifts = g.galaxy().anomaly_slots(crate::ti4::galaxy::Anomaly::GravityRift);
    let s = &g.state;
    let docks = UnitType::SpaceDock.idx();
    let mine = |a: &crate::ti4::state::PlanetArea| a.owner == p.0;
    // At most one system per dock on the board, and the rifts with the player's units: too few
    // of those and the count below cannot reach 3 (the commander's usual case, checked after
    // every step).
    let in_rifts = crate::ti4::galaxy::bits(rifts).filter(|&sl| s.has_units_in(p, sl)).count() as u32;
    if in_rifts + (s.player(p).on_board[docks] as u32) < RIFTS {
        return false;
    }
    let rift_systems = (0..s.num_systems).filter(|&sl| {
        let sys = &s.systems[sl as usize];
        s.has_units_in(p, sl) && (rifts >> sl & 1 == 1 || sys.planets.iter().any(|a| mine(a) && a.count[docks] > 0))
    });
    rift_systems.count() as u32 >= RIFTS
}

/// Fighters and infantry beyond the PRODUCTION limit.
const MOLDS_FLESH_UNITS: u8 = 2;

fn molds_flesh(_: Source, _: &Ti4Game, _: Player) -> u8 {
    MOLDS_FLESH_UNITS
}

/// Captures up to `n` of `p`'s own units of type `t` back in its reinforcements (a destroyed unit
/// goes to the sheet instead).
fn capture_own(g: &mut Ti4Game, p: Player, t: UnitType, n: u8) {
    let k = n.min(g.state.player(p).reinforcements[t.idx()]);
    if k > 0 && g.state.capture_from_reinforcements(p, p, t, k).is_ok() {
        g.note_effect(p, Effect::UnitsCaptured, k as u16);
    }
}

/// `p`'s flagship fought the combat at `at`, or is in the space area of the ground combat's
/// system.
fn flagship_here(g: &Ti4Game, p: Player, at: Location, fought: &[u8; UNIT_TYPES]) -> bool {
    let space = &g.state.systems[at.slot() as usize].space;
    fought[UnitType::Flagship.idx()] > 0 || (space.owner == p.0 && space.of(UnitType::Flagship) > 0)
}

/// The Terror Between: with the flagship in the combat's system, the Cabal's other
/// non-structure units lost in it are captured.
fn terror_between(
    _: Source,
    g: &mut Ti4Game,
    p: Player,
    at: Location,
    fought: &[u8; UNIT_TYPES],
    lost: &[u8; UNIT_TYPES],
) {
    if !flagship_here(g, p, at, fought) {
        return;
    }
    for t in UnitType::ALL {
        if !matches!(t, UnitType::Flagship | UnitType::Pds | UnitType::SpaceDock) {
            capture_own(g, p, t, lost[t.idx()]);
        }
    }
}

/// Reanimator: a mech of the Cabal fought the ground combat on this planet; its infantry lost
/// there are captured (unless the flagship is in the system: The Terror Between captured them).
fn reanimator(_: Source, g: &mut Ti4Game, p: Player, at: Location, fought: &[u8; UNIT_TYPES], lost: &[u8; UNIT_TYPES]) {
    let planet = matches!(at, Location::Planet(..));
    if planet && fought[UnitType::Mech.idx()] > 0 && !flagship_here(g, p, at, fought) {
        capture_own(g, p, UnitType::Infantry, lost[UnitType::Infantry.idx()]);
    }
}
