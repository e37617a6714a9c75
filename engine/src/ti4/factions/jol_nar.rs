//! The Universities of Jol-Nar: Fragile, Analytical, Brilliant, E-Res Siphons, Spatial Conduit
//! Cylinders, the flagship J.N.S. Hylarim, the mech Shield Paling.

use crate::ti4::combat::{type_bit, Aura, Natural};
use crate::ti4::content::Content;
use crate::ti4::galaxy::Reach;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{CombatSides, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};

pub(super) static RULES: &[Rule] = &[
    // Research Agreement (promissory note): "After the Jol-Nar player researches a technology
    // that is not a faction technology: Gain that technology. Then, return this card to the
    // Jol-Nar player." (Rules 69; Technology 5: gained, prerequisites ignored.) A trigger of
    // its holder (hook point `another_researched`): a technology the holder cannot gain
    // (already owned, barred by its faction) is not gained, and the card still returns.
    Rule {
        source: SourceKey::Note("research_agreement"),
        hooks: Hooks { another_researched: Some(research_agreement), ..Hooks::NONE },
    },
    // Fragile: "Apply -1 to the result of each of your unit's combat rolls." (Modifiers 56)
    Rule { source: SourceKey::Ability("fragile"), hooks: Hooks { combat_roll_modifier: Some(fragile), ..Hooks::NONE } },
    // Analytical: "When you research a technology that is not a unit upgrade technology, you
    // may ignore 1 prerequisite." (Technology 12.1)
    Rule {
        source: SourceKey::Ability("analytical"),
        hooks: Hooks { research_ignores_one_prerequisite: Some(yes), ..Hooks::NONE },
    },
    // Brilliant: "When you spend a command token to resolve the secondary ability of the
    // Technology strategy card, you may resolve the primary ability instead." Implemented as
    // `technology::strategy_card::technology_brilliant` (checked by this bit), used by the round
    // loop for every Jol-Nar follower of Technology (`game::cards::follow`).
    Rule { source: SourceKey::Ability("brilliant"), hooks: Hooks::NONE },
    // E-Res Siphons: "After another player activates a system that contains 1 or more of your
    // ships, gain 4 trade goods." (A Valefar copy does not carry it: not modelled, see
    // `rules::Source::active`.)
    Rule {
        source: SourceKey::Tech("e_res_siphons"),
        hooks: Hooks { system_activated: Some(e_res_siphons), ..Hooks::NONE },
    },
    // J.N.S. Hylarim (flagship): "When making a combat roll for this ship, each result of 9 or
    // 10, before applying modifiers, produces 2 additional hits." Its space-combat rolls (a
    // combat roll: not anti-fighter barrage, bombardment or space cannon); the additional hits
    // come whether or not the die hits (Fragile's -1 does not change them).
    Rule { source: SourceKey::Unit("jolnar_flagship"), hooks: Hooks { combat_sides: Some(hylarim), ..Hooks::NONE } },
    // Shield Paling (mech): "Your infantry on this planet are not affected by your FRAGILE
    // faction ability." In a ground combat the mech takes part in: +1 on the infantry's rolls
    // (cancelling Fragile's -1) while the mech is in the combat.
    Rule { source: SourceKey::Unit("jolnar_mech"), hooks: Hooks { combat_sides: Some(shield_paling), ..Hooks::NONE } },
    // Spatial Conduit Cylinders: "You may exhaust this card after you activate a system that
    // contains 1 or more of your units; that system is adjacent to all other systems that
    // contain 1 or more of your units during this activation." A decision of the active player
    // at window `SystemActivated` (the card ready, their units in the active system and in a
    // system not adjacent to it); it sets `TacticalAction::conduit`, which joins the active
    // system to every system with their units in their movement (hook point `reach`) until
    // the tactical action ends. Simplified: only movement reads the adjacency. Not modelled: a Valefar copy
    // does not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("spatial_conduit_cylinders"),
        hooks: Hooks {
            may_choices: Some(conduit_choices),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(conduit),
            reach: Some(conduit_reach),
            ..Hooks::NONE
        },
    },
    // Ta Zern (commander): "When 1 or more of your units use BOMBARDMENT or SPACE CANNON, you
    // may reroll any number of those dice." Unlock: "Own 8 technologies." (Rules 51.) Every
    // missed die of those rolls is rolled once more (hook point `rerolls_ability_misses`: space
    // cannon offense and defense, bombardment, Plasma Scoring's die and Experimental
    // Battlestation's): a reroll can only turn a miss into a hit, so rerolling every miss is
    // always the best choice and no decision is asked. Simplified: the engagement estimates
    // do not count the rerolls.
    Rule {
        source: SourceKey::Leader("jolnar_commander"),
        hooks: Hooks { commander_unlocked: Some(eight_technologies), rerolls_ability_misses: Some(yes), ..Hooks::NONE },
    },
];

/// Ta Zern's unlock: `p` owns 8 technologies.
fn eight_technologies(_: Source, g: &Ti4Game, p: Player) -> bool {
    g.state.player(p).techs.len() >= 8
}

/// Systems (bit per board slot) with 1 or more of `p`'s units.
fn systems_with_units(g: &Ti4Game, p: Player) -> u64 {
    let s = &g.state;
    (0..s.num_systems).filter(|&sl| s.has_units_in(p, sl)).fold(0, |m, sl| m | 1 << sl)
}

/// One choice (0) for the active player, at window `SystemActivated`, when the active system
/// holds their units and a system not adjacent to it does too.
fn conduit_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let a = g.flow.tactical.active;
    if window != Window::SystemActivated || g.flow.turn != p || g.flow.tactical.conduit {
        return;
    }
    let units = systems_with_units(g, p);
    let far = units & !g.galaxy().neighbours(a) & !(1 << a);
    if units >> a & 1 == 1 && far != 0 {
        out(0);
    }
}

/// The card is exhausted; the adjacency holds for this activation.
fn conduit(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    src.exhaust_card(&mut g.state, p);
    g.flow.tactical.conduit = true;
}

/// During the activation, the active system is adjacent to every system with `p`'s units.
fn conduit_reach(_: Source, g: &Ti4Game, p: Player, q: &mut Reach) {
    if g.flow.tactical.conduit && g.flow.turn == p {
        q.extra = q.extra.with_hub(g.flow.tactical.active, systems_with_units(g, p));
    }
}

fn fragile(_: Source, _: &Content, _: &State, _: Player) -> i8 {
    -1
}

fn yes(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

/// True when `p`'s faction has Brilliant.
pub(crate) fn has_brilliant(c: &Content, s: &State, p: Player) -> bool {
    super::ability_bit("brilliant").is_some_and(|b| Source::Ability(b).active(c, s, p))
}

/// E-Res Siphons: 4 trade goods when another player activates a system holding the owner's ships.
fn e_res_siphons(_: Source, g: &mut crate::ti4::game::Ti4Game, p: Player, active: Player, slot: u8) {
    if active != p && crate::ti4::game::component::has_ships_in(&g.state, p, slot) {
        g.state.player_mut(p).trade_goods += 4;
    }
}

/// J.N.S. Hylarim: 2 additional hits per flagship die showing 9 or 10 before modifiers.
fn hylarim(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    let own = &mut sides.own;
    if matches!(sides.loc, Location::Space(_)) && own.count(UnitType::Flagship) > 0 {
        *own = own.with_natural(Natural { on: type_bit(UnitType::Flagship), at_least: 9, extra: 2 });
    }
}

/// Shield Paling: the infantry's rolls without Fragile's -1 while the mech is in the combat
/// (only when the player has Fragile: a content without it has nothing to cancel).
fn shield_paling(_: Source, c: &Content, s: &State, p: Player, sides: &mut CombatSides) {
    let fragile = super::ability_bit("fragile")
        .is_some_and(|k| c.factions[s.player(p).faction.idx()].known_abilities.contains(k));
    let own = &mut sides.own;
    if fragile && matches!(sides.loc, Location::Planet(..)) && own.count(UnitType::Mech) > 0 {
        *own = own.with_aura(Aura { needs: type_bit(UnitType::Mech), on: type_bit(UnitType::Infantry), bonus: 1 });
    }
}

/// Research Agreement: the note's owner (the Jol-Nar) researched `t`, not a faction
/// technology: `holder` gains it, and the note returns to the Jol-Nar's hand.
fn research_agreement(src: Source, c: &Content, s: &mut State, holder: Player, researcher: Player, t: TechId) {
    let Some((owner, k)) = src.note_owner(c, s) else { return };
    if researcher != owner || c.tech_def(t).faction.is_some() {
        return;
    }
    // Already owned or another faction's upgrade's generic twin: nothing to gain.
    let _ = crate::ti4::technology::gain(c, s, holder, t);
    s.notes.set(owner, k, crate::ti4::components::Zone::Hand(owner));
}
