//! The Embers of Muaat: Star Forge, Gashlai Physiology, Magmus Reactor, the flagship The Inferno,
//! the note Fires of the Gashlai.

use crate::ti4::elimination::SUPERNOVA_PRODUCTION;
use crate::ti4::galaxy::MoverTraits;
use crate::ti4::game::component::{enforce_capacity, fighter_fits, fits_ship};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};
use crate::ti4::state::Location;

pub(super) static RULES: &[Rule] = &[
    // Star Forge: "ACTION: Spend 1 command token from your strategy pool to place either 2
    // fighters or 1 destroyer from your reinforcements in a system that contains 1 or more of
    // your war suns." (rules 23; target = slot * 2, + 1 for the destroyer).
    Rule {
        source: SourceKey::Ability("star_forge"),
        hooks: Hooks { component_targets: Some(star_forge_targets), component_action: Some(star_forge), ..Hooks::NONE },
    },
    // Fires of the Gashlai (promissory note): "ACTION: Remove 1 token from the Muaat player's
    // fleet pool and return it to their reinforcements. Then, gain your war sun unit upgrade
    // technology card. Then, return this card to the Muaat player." (Rules 23, 69.) A component
    // action of its holder (target 0) while the Muaat's fleet pool holds a token and the holder
    // can gain War Sun; the Muaat's ships beyond their new fleet limit are removed (rules 37).
    Rule {
        source: SourceKey::Note("fires_of_the_gashlai"),
        hooks: Hooks { component_targets: Some(fires_targets), component_action: Some(fires), ..Hooks::NONE },
    },
    // Gashlai Physiology: "Your ships can move through supernovas." (Supernova 86.1 still
    // forbids ending a move in one.)
    Rule {
        source: SourceKey::Ability("gashlai_physiology"),
        hooks: Hooks { mover_traits: Some(gashlai_physiology), ..Hooks::NONE },
    },
    // Magmus Reactor, read as its Omega printing: "Your ships can move into supernovas. Each
    // supernova that contains 1 or more of your units gains the PRODUCTION 5 ability as if it
    // were 1 of your units." Movement into supernovas, and the supernova as a PRODUCTION source
    // for the elimination condition. Carried by a Valefar copy (the masks use the player's
    // effective technologies).
    Rule {
        source: SourceKey::Tech("magmus_reactor"),
        hooks: Hooks { production_mask: Some(supernova), mover_traits: Some(magmus_reactor), ..Hooks::NONE },
    },
    // The Inferno (flagship): "ACTION: Spend 1 token from your strategy pool to place 1 cruiser
    // in this unit's system." (rules 23; target = the flagship's board slot.)
    Rule {
        source: SourceKey::Unit("muaat_flagship"),
        hooks: Hooks { component_targets: Some(inferno_targets), component_action: Some(inferno), ..Hooks::NONE },
    },
    // Ember Colossus (mech): implemented with Star Forge (`ember_colossus`); listed so that
    // `units.json` `text_ability_implemented` is checked against the registry.
    Rule { source: SourceKey::Unit("muaat_mech"), hooks: Hooks::NONE },
];

/// The Inferno's target: the flagship's system, when the strategy pool holds a token, the
/// reinforcements a cruiser, and the fleet pool allows one more ship there.
fn inferno_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    if s.player(p).strategy == 0 || s.player(p).reinforcements[UnitType::Cruiser.idx()] == 0 {
        return;
    }
    if let Some(slot) = crate::ti4::game::component::flagship_slot(g, p) {
        if fits_ship(g, p, slot) {
            out(slot);
        }
    }
}

/// The Inferno: 1 strategy token spent (back to reinforcements, rules 20), 1 cruiser placed.
fn inferno(_: Source, g: &mut Ti4Game, p: Player, slot: u8) -> ComponentThen {
    let (c, s) = g.content_and_state();
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    g.place_units(p, Location::Space(slot), UnitType::Cruiser, 1)
        .expect("placed units come from reinforcements the caller checked");
    ComponentThen::TurnEnds
}

/// Star Forge's targets: each system with a war sun of `p`, for 2 fighters (reinforcements hold
/// one and the space area has spare capacity: fighters beyond it would be removed at once,
/// Capacity 16.3) and for 1 destroyer (reinforcements hold one, and the fleet pool allows it).
fn star_forge_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    let ps = s.player(p);
    if ps.strategy == 0 {
        return;
    }
    for slot in 0..s.num_systems {
        if s.systems[slot as usize].space.owner != p.0 || s.count_at(Location::Space(slot), UnitType::WarSun) == 0 {
            continue;
        }
        if ps.reinforcements[UnitType::Fighter.idx()] > 0 && fighter_fits(g, p, slot) {
            out(slot * 2);
        }
        if ps.reinforcements[UnitType::Destroyer.idx()] > 0 && fits_ship(g, p, slot) {
            out(slot * 2 + 1);
        }
    }
}

/// Star Forge: 1 strategy token spent (a spent token returns to reinforcements, rules 20), then 2 fighters (as many as the
/// reinforcements hold; the excess over capacity removed, Capacity 16.3) or 1 destroyer.
fn star_forge(_: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let (slot, destroyer) = (target / 2, target % 2 == 1);
    let (c, s) = g.content_and_state();
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    let loc = Location::Space(slot);
    if destroyer {
        g.place_units(p, loc, UnitType::Destroyer, 1)
            .expect("placed units come from reinforcements the caller checked");
    } else {
        let n = g.state.player(p).reinforcements[UnitType::Fighter.idx()].min(2);
        g.place_units(p, loc, UnitType::Fighter, n).expect("placed units come from reinforcements the caller checked");
        enforce_capacity(g, slot, None);
    }
    ember_colossus(g, p, slot);
    ComponentThen::TurnEnds
}

/// Ember Colossus (mech): "When you use your STAR FORGE faction ability in this system or an
/// adjacent system, you may place 1 infantry from your reinforcements with this unit." Each
/// Muaat mech on a planet of the Star Forge system or an adjacent one gets 1 infantry, while
/// reinforcements hold one. Automatic: a free infantry on the Muaat's own planet has no cost
/// and no capacity to respect (a mech in a space area, where capacity would make it a choice,
/// gets none). Only while the Muaat's faction has the mech (`SourceKey::Unit("muaat_mech")`).
fn ember_colossus(g: &mut Ti4Game, p: Player, slot: u8) {
    let (c, f) = (g.content(), g.state.player(p).faction);
    // The mech is this faction's own unit (a unit rule is active for its faction only).
    if c.unit("muaat_mech").is_none_or(|m| c.units[m.idx()].faction != Some(f)) {
        return;
    }
    // The adjacency mask holds board slots only.
    for sl in crate::ti4::galaxy::bits(g.galaxy().neighbours(slot) | 1 << slot) {
        for n in 0..crate::ti4::state::MAX_PLANETS_PER_SYSTEM as u8 {
            let loc = Location::Planet(sl, n);
            if g.state.occupant(loc) != Some(p) {
                continue;
            }
            for _ in 0..g.state.count_at(loc, UnitType::Mech) {
                if g.state.player(p).reinforcements[UnitType::Infantry.idx()] > 0 {
                    g.place_units(p, loc, UnitType::Infantry, 1)
                        .expect("placed units come from reinforcements the caller checked");
                }
            }
        }
    }
}

fn supernova(_: Source) -> u16 {
    SUPERNOVA_PRODUCTION
}

/// Magmus Reactor Ω (Supernova 86.1 lifted for ending a move): the player's ships may move into
/// supernovas.
fn magmus_reactor(_: Source, _: &Ti4Game, _: Player, t: &mut MoverTraits) {
    t.supernova_entry = true;
}

/// Gashlai Physiology (Supernova 86.1 lifted for passing through): the player's ships may move
/// through supernovas.
fn gashlai_physiology(_: Source, _: &Ti4Game, _: Player, t: &mut MoverTraits) {
    t.gashlai_physiology = true;
}

/// Fires of the Gashlai: target 0 for the holder of the note (in hand) while the Muaat's fleet
/// pool holds a token and the holder does not own War Sun (a generic technology: no faction
/// restriction applies).
fn fires_targets(src: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let (c, s) = (g.content(), &g.state);
    let Some((owner, k)) = src.note_owner(c, s) else { return };
    let Some(war_sun) = c.tech("war_sun") else { return };
    if s.notes.get(owner, k) == crate::ti4::components::Zone::Hand(p)
        && s.player(owner).fleet > 0
        && !s.player(p).techs.contains(war_sun)
    {
        out(0);
    }
}

/// Fires of the Gashlai: a Muaat fleet token back to reinforcements, War Sun gained, the note
/// returned.
fn fires(src: Source, g: &mut Ti4Game, p: Player, _: u8) -> ComponentThen {
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return ComponentThen::TurnEnds };
    let ps = g.state.player_mut(owner);
    ps.fleet -= 1;
    ps.token_reinforcements += 1;
    crate::ti4::game::component::enforce_fleet_everywhere(g, owner);
    let (c, s) = g.content_and_state();
    if let Some(t) = c.tech("war_sun") {
        crate::ti4::technology::gain(c, s, p, t).expect("offered while War Sun can be gained");
    }
    crate::ti4::game::notes::return_note(g, src);
    ComponentThen::TurnEnds
}
