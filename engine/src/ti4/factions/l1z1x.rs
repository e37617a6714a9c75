//! The L1Z1X Mindnet: Assimilate, Harrow, Inheritance Systems, the agent I48S, the commander
//! 2RAM and the hero The Helmsman.

use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};
use crate::ti4::technology::research::Skip;

pub(super) static RULES: &[Rule] = &[
    // Assimilate: "When you gain control of a planet, replace each PDS and space dock that is on
    // that planet with a matching unit from your reinforcements." (Invasion 49.6; as many as
    // the reinforcements hold)
    Rule {
        source: SourceKey::Ability("assimilate"),
        hooks: Hooks { assimilates_structures: Some(assimilate), ..Hooks::NONE },
    },
    // Harrow: "At the end of each round of ground combat, your ships in the active system may
    // use their BOMBARDMENT abilities against your opponent's ground forces on the planet."
    // Only the active player bombards (Bombardment 15; the L1Z1X defending do not harrow), and
    // not a planet with PLANETARY SHIELD (15.1f) unless a war sun cancels it; the round-end
    // roll is `GroundCombat::set_round_end_bombardment`. Automatic: it only destroys the
    // opponent's ground forces, so declining never helps.
    Rule {
        source: SourceKey::Ability("harrow"),
        hooks: Hooks { bombards_after_ground_rounds: Some(harrow), ..Hooks::NONE },
    },
    // Anihilator (mech): "While not participating in ground combat, this unit can use its
    // BOMBARDMENT ability on planets in its system as if it were a ship." The mechs on planets
    // the L1Z1X control in the active system join the bombardment of the space area's units
    // (`invasion::bombarding_force`), in the Bombardment step and in Harrow's round-end
    // bombardment; mechs committed to a ground combat are not on a planet the L1Z1X control,
    // so they do not.
    Rule {
        source: SourceKey::Unit("l1z1x_mech"),
        hooks: Hooks { mechs_bombard_from_planets: Some(anihilator), ..Hooks::NONE },
    },
    // Cybernetic Enhancements (promissory note): "At the start of your turn: Remove 1 token from
    // the L1Z1X player's strategy pool and return it to their reinforcements. Then, place 1
    // token from your reinforcements in your strategy pool. Then, return this card to the
    // L1Z1X player." (Rules 69.) A decision of its holder at window `TurnStart` of their own
    // turn, while they have a token in reinforcements (the L1Z1X lose one only if their
    // strategy pool holds one).
    Rule {
        source: SourceKey::Note("cybernetic_enhancements"),
        hooks: Hooks {
            may_choices: Some(cybernetic_choices),
            may_windows: Some(&[Window::TurnStart]),
            may_resolve: Some(cybernetic),
            ..Hooks::NONE
        },
    },
    // Inheritance Systems: "You may exhaust this card and spend 2 resources when you research
    // a technology; ignore all of that technology's prerequisites." (Technology 12.3)
    Rule {
        source: SourceKey::Tech("inheritance_systems"),
        hooks: Hooks { prerequisite_skip: Some(skip), ..Hooks::NONE },
    },
    // I48S (agent): "After a player activates a system: You may exhaust this card to allow that
    // player to replace 1 of their infantry in the active system with 1 mech from their
    // reinforcements." (Rules 51; window `SystemActivated`: one choice per location of the
    // active system holding the active player's infantry, 0 the space area, 1 + n planet n.)
    // Simplified: the active player always replaces (the "may" of "allow" is theirs; a mech is
    // never worse than an infantry).
    Rule {
        source: SourceKey::Leader("l1z1x_agent"),
        hooks: Hooks {
            may_choices: Some(i48s_choices),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(i48s),
            ..Hooks::NONE
        },
    },
    // 2RAM (commander): "Units that have PLANETARY SHIELD do not prevent you from using
    // BOMBARDMENT." Unlock: "Have 4 dreadnoughts on the game board." (Rules 51; Bombardment 15.)
    Rule {
        source: SourceKey::Leader("l1z1x_commander"),
        hooks: Hooks {
            commander_unlocked: Some(four_dreadnoughts),
            disables_planetary_shields: Some(two_ram),
            ..Hooks::NONE
        },
    },
    // The Helmsman (hero), DARK SPACE NAVIGATION: "ACTION: Choose 1 system that does not contain
    // other players' ships; you may move your flagship and any number of your dreadnoughts from
    // other systems into the chosen system. Then, purge this card." (Rules 51, 23.) A target per
    // system with no other player's ships that the ships may enter and some of them are outside
    // of, and per choice of ships: all of them, or all but those in the home system
    // (simplified: "any number" is one of these two). They move without transporting (the
    // FAQ lets only ships from systems without the L1Z1X's command token transport:
    // simplified, none do); capacity applies where they left, the fleet pool where they
    // arrive.
    Rule {
        source: SourceKey::Leader("l1z1x_hero"),
        hooks: Hooks { component_targets: Some(helmsman_targets), component_action: Some(helmsman), ..Hooks::NONE },
    },
];

/// The location of I48S's choice `k` in the active system `a`.
fn i48s_location(a: u8, k: u16) -> Location {
    if k == 0 {
        Location::Space(a)
    } else {
        Location::Planet(a, (k - 1) as u8)
    }
}

/// After the active player activated a system: each location there with their infantry, while
/// they have a mech in reinforcements.
fn i48s_choices(_: Source, g: &Ti4Game, _: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let (q, a) = (g.flow.turn, g.flow.tactical.active);
    if window != Window::SystemActivated || g.state.player(q).reinforcements[UnitType::Mech.idx()] == 0 {
        return;
    }
    for k in 0..=crate::ti4::state::MAX_PLANETS_PER_SYSTEM as u16 {
        let loc = i48s_location(a, k);
        if g.state.occupant(loc) == Some(q) && g.state.count_at(loc, UnitType::Infantry) > 0 {
            out(k);
        }
    }
}

/// The agent is exhausted; 1 of the active player's infantry there is replaced by a mech.
fn i48s(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let (q, loc) = (g.flow.turn, i48s_location(g.flow.tactical.active, choice));
    crate::ti4::game::leaders::exhaust(g, p, src);
    if g.state.count_at(loc, UnitType::Infantry) == 0 || g.state.player(q).reinforcements[UnitType::Mech.idx()] == 0 {
        return;
    }
    g.state.remove_units(loc, UnitType::Infantry, 1).expect("the infantry is there");
    g.place_units(q, loc, UnitType::Mech, 1).expect("placed units come from reinforcements the caller checked");
}

/// Dreadnoughts on the board that unlock 2RAM.
const DREADNOUGHTS: u8 = 4;

fn four_dreadnoughts(_: Source, g: &Ti4Game, p: Player) -> bool {
    g.state.player(p).on_board[UnitType::Dreadnought.idx()] >= DREADNOUGHTS
}

/// 2RAM: PLANETARY SHIELD never stops the player's BOMBARDMENT.
fn two_ram(_: Source, _: &Ti4Game, _: Player, _: u8) -> bool {
    true
}

/// Cybernetic Enhancements: offered at the start of the holder's turn.
fn cybernetic_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::TurnStart && p == g.flow.turn && g.state.player(p).token_reinforcements > 0 {
        out(0);
    }
}

/// The L1Z1X lose a strategy token, the holder gains one; the note returns.
fn cybernetic(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    if let Some((owner, _)) = src.note_owner(g.content(), &g.state) {
        g.state.player_mut(owner).return_strategy_token();
    }
    let h = g.state.player_mut(p);
    if h.token_reinforcements > 0 {
        h.token_reinforcements -= 1;
        h.strategy += 1;
    }
    crate::ti4::game::notes::return_note(g, src);
}

/// Anihilator: the L1Z1X mechs on their planets in the active system bombard.
fn anihilator(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn skip(_: Source) -> Skip {
    Skip::AllPrerequisites
}

fn assimilate(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn harrow(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

/// The Helmsman's target: the chosen board slot, plus this if the ships in the home system stay.
const HELMSMAN_KEEP_HOME: u8 = 64;

/// The ships The Helmsman moves.
const HELMSMAN_SHIPS: [UnitType; 2] = [UnitType::Flagship, UnitType::Dreadnought];

/// Board slots with the player's flagship or dreadnoughts, as slot bits.
fn helmsman_ships(g: &Ti4Game, p: Player) -> u64 {
    let s = &g.state;
    (0..s.num_systems)
        .filter(|&sl| {
            let a = &s.systems[sl as usize].space;
            a.owner == p.0 && HELMSMAN_SHIPS.iter().any(|&t| a.of(t) > 0)
        })
        .fold(0, |m, sl| m | 1 << sl)
}

/// The systems the ships move from into `to`: all of them but `to`, and but the home system
/// when `keep_home`.
fn helmsman_origins(ships: u64, home: u8, to: u8, keep_home: bool) -> u64 {
    ships & !(1 << to) & if keep_home { !(1 << home) } else { !0 }
}

fn helmsman_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let ships = helmsman_ships(g, p);
    if ships == 0 {
        return;
    }
    let blocked = crate::ti4::game::component::enemy_ships(&g.state, p)
        | g.galaxy().no_entry(crate::ti4::rules::mover_traits(g, p));
    let home = g.home_slot()[p.idx()];
    for to in (0..g.state.num_systems).filter(|&sl| blocked >> sl & 1 == 0) {
        let all = helmsman_origins(ships, home, to, false);
        if all != 0 {
            out(to);
        }
        let kept = helmsman_origins(ships, home, to, true);
        if kept != 0 && kept != all && to != home {
            out(to | HELMSMAN_KEEP_HOME);
        }
    }
}

/// The hero is purged; the flagship and dreadnoughts move into the chosen system.
fn helmsman(src: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    crate::ti4::game::leaders::purge(g, p, src);
    let to = target % HELMSMAN_KEEP_HOME;
    let origins = helmsman_origins(helmsman_ships(g, p), g.home_slot()[p.idx()], to, target >= HELMSMAN_KEEP_HOME);
    for from in crate::ti4::galaxy::bits(origins) {
        crate::ti4::game::component::relocate_space_units_of(g, p, from, to, &HELMSMAN_SHIPS);
        crate::ti4::game::component::enforce_capacity(g, from, None);
    }
    ComponentThen::TurnEnds
}
