//! `sim explain combat`: the exact probabilities of the space combat and the invasion that an
//! attacker moving into a system would start, from a position, by `engine::ti4::combat::exact`.
//!
//! The attacker moves every ship it has in the `--from` systems (with the fighters and ground
//! forces there, as transported) into `--system`. The defender is the player whose ships or
//! ground forces are in that system. Forces are built as the round loop builds them: each
//! player's unit upgrades from its technologies (Valefar copies included), the nebula
//! defender's +1. A space combat runs when both sides have ships; then, for `--planet`, the
//! attacker commits all its ground forces to that planet against the defender's ground forces
//! there (no space cannon defense, no bombardment): the planet is taken when the space combat
//! is won (or there is none) and the ground combat is won. Hit assignment on both sides is the
//! engine's default policy, and no one retreats.

use engine::ti4::combat::exact::{exact_ground_combat, exact_space_combat, ExactCombat};
use engine::ti4::combat::{Arena, Force};
use engine::ti4::content::Content;
use engine::ti4::galaxy::anomaly::defender_combat_bonus;
use engine::ti4::ids::{Player, UnitType, UNIT_TYPES};
use engine::ti4::state::{Location, State};
use engine::ti4::technology::valefar::effective_techs;
use serde::Serialize;
use std::collections::BTreeMap;

/// Terminal states listed per combat.
pub const LISTED: usize = 12;

/// The hit-assignment and decision policy the probabilities assume.
pub const POLICY: &str = "both sides: no retreat; hits assigned by the engine's default policy (sustain damage while \
    the remaining hits can be absorbed, otherwise destroy the cheapest unit first; anti-fighter barrage hits only \
    fighters); the attacker commits every ground force to the planet";

/// What the engine's combats do that the calculator leaves out.
pub const NOT_MODELLED: &[&str] = &[
    "space cannon offense and defense",
    "bombardment",
    "Assault Cannon, Duranium Armor",
    "action cards, promissory notes and faction combat abilities",
    "capacity lost when carrying ships are destroyed",
];

/// One terminal state, units by type name.
#[derive(Debug, Serialize)]
pub struct StateOut {
    /// Probability.
    pub probability: f64,
    /// `attacker_wins`, `defender_wins`, `draw` or `stalemate`.
    pub outcome: &'static str,
    /// Attacker's units left (damaged ones in `attacker_damaged`).
    pub attacker: BTreeMap<&'static str, u8>,
    /// Attacker's damaged units.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub attacker_damaged: BTreeMap<&'static str, u8>,
    /// Defender's units left.
    pub defender: BTreeMap<&'static str, u8>,
    /// Defender's damaged units.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub defender_damaged: BTreeMap<&'static str, u8>,
}

/// One combat's result.
#[derive(Debug, Serialize)]
pub struct CombatOut {
    /// The attacker's units at the start.
    pub attacker_units: BTreeMap<&'static str, u8>,
    /// The defender's units at the start.
    pub defender_units: BTreeMap<&'static str, u8>,
    /// The defender's combat-roll modifier.
    pub defender_modifier: i8,
    /// P(attacker wins).
    pub attacker_wins: f64,
    /// P(defender wins).
    pub defender_wins: f64,
    /// P(both sides destroyed).
    pub draw: f64,
    /// P(neither side can ever hit).
    pub stalemate: f64,
    /// The most likely terminal states (at most [`LISTED`]).
    pub survivors: Vec<StateOut>,
    /// Terminal states in all.
    pub terminal_states: usize,
}

/// An invasion's result.
#[derive(Debug, Serialize)]
pub struct InvasionOut {
    /// The planet.
    pub planet: String,
    /// The ground combat, given that the ground forces land.
    pub ground_combat: Option<CombatOut>,
    /// P(the attacker controls the planet afterwards): the space combat won (or none) and the
    /// ground combat won (or no defenders).
    pub attacker_takes_planet: f64,
}

/// The whole explanation.
#[derive(Debug, Serialize)]
pub struct Explanation {
    /// The system.
    pub system: String,
    /// Attacker's faction.
    pub attacker: String,
    /// Defender's faction, if anyone is there.
    pub defender: Option<String>,
    /// [`POLICY`].
    pub policy: &'static str,
    /// [`NOT_MODELLED`].
    pub not_modelled: &'static [&'static str],
    /// The space combat, when both sides have ships.
    pub space_combat: Option<CombatOut>,
    /// The invasion of `--planet`.
    pub invasion: Option<InvasionOut>,
}

fn named(counts: &[u8; UNIT_TYPES]) -> BTreeMap<&'static str, u8> {
    UnitType::ALL.iter().filter(|t| counts[t.idx()] > 0).map(|t| (t.name(), counts[t.idx()])).collect()
}

fn out(r: &ExactCombat, a: &Force, d: &Force) -> CombatOut {
    let label = |o: engine::ti4::combat::Outcome| match o {
        engine::ti4::combat::Outcome::AttackerWins => "attacker_wins",
        engine::ti4::combat::Outcome::DefenderWins => "defender_wins",
        engine::ti4::combat::Outcome::Draw => "draw",
        engine::ti4::combat::Outcome::Stalemate => "stalemate",
    };
    let r6 = crate::run::summary::r6;
    CombatOut {
        attacker_units: named(a.counts()),
        defender_units: named(d.counts()),
        defender_modifier: d.modifier(),
        attacker_wins: r6(r.outcomes[0]),
        defender_wins: r6(r.outcomes[1]),
        draw: r6(r.outcomes[2]),
        stalemate: r6(r.outcomes[3]),
        survivors: r
            .survivors
            .iter()
            .take(LISTED)
            .map(|s| StateOut {
                probability: r6(s.probability),
                outcome: label(s.outcome),
                attacker: named(&s.attacker),
                attacker_damaged: named(&s.attacker_damaged),
                defender: named(&s.defender),
                defender_damaged: named(&s.defender_damaged),
            })
            .collect(),
        terminal_states: r.survivors.len(),
    }
}

/// `p`'s force in `arena` with the unit definitions its technologies give it (no units yet).
fn profile(c: &Content, s: &State, p: Player, arena: Arena) -> Force {
    let techs = effective_techs(c, s, p);
    let f = s.player(p).faction;
    Force::new(c, &UnitType::ALL.map(|t| c.effective_unit(f, t, techs)), arena).expect("effective units")
}

fn add(f: &mut Force, s: &State, loc: Location) {
    for t in UnitType::ALL {
        let (k, dmg) = (s.count_at(loc, t), s.damaged_at(loc, t));
        if k > 0 {
            let (n, d) = (f.count(t).saturating_add(k), f.damaged(t).saturating_add(dmg));
            let _ = f.set_units(t, n, d);
        }
    }
}

/// The explanation, or the problem as (argument, message).
pub fn explain(
    c: &Content,
    s: &State,
    attacker: Player,
    system: &str,
    from: &[String],
    planet: Option<&str>,
) -> Result<Explanation, (&'static str, String)> {
    let slot_of = |arg: &'static str, id: &str| -> Result<u8, (&'static str, String)> {
        let tile = c.system(id).ok_or((arg, format!("unknown system '{id}'")))?;
        s.slot_of(tile).ok_or((arg, format!("system '{id}' is not on the board")))
    };
    let target = slot_of("--system", system)?;
    let mut moving = profile(c, s, attacker, Arena::Space);
    for id in from {
        let slot = slot_of("--from", id)?;
        if slot == target || s.occupant(Location::Space(slot)) != Some(attacker) {
            return Err(("--from", format!("the attacker has no units in the space area of system '{id}'")));
        }
        add(&mut moving, s, Location::Space(slot));
    }
    if moving.non_fighter_ships() == 0 {
        return Err(("--from", "the attacker moves no ships".into()));
    }
    let tile = s.systems[target as usize].tile;
    let planets = &c.systems[tile.idx()].planets;
    let others = |loc: Location| s.occupant(loc).filter(|&q| q != attacker);
    let defender = others(Location::Space(target))
        .or_else(|| (0..planets.len()).find_map(|n| others(Location::Planet(target, n as u8))));
    let faction = |p: Player| c.factions[s.player(p).faction.idx()].key.clone();
    let mut space_win = 1.0;
    let space_combat = match defender {
        Some(d) if s.occupant(Location::Space(target)) == Some(d) => {
            let mut def = profile(c, s, d, Arena::Space)
                .with_modifier(defender_combat_bonus(c.systems[tile.idx()].anomalies) as i8);
            add(&mut def, s, Location::Space(target));
            if def.has_combatants() {
                let r = exact_space_combat(moving, def);
                space_win = r.outcomes[0];
                Some(out(&r, &moving, &def))
            } else {
                None
            }
        }
        _ => None,
    };
    let invasion = match planet {
        None => None,
        Some(id) => {
            let pid = c.planet(id).ok_or(("--planet", format!("unknown planet '{id}'")))?;
            let n = planets
                .iter()
                .position(|&q| q == pid)
                .ok_or(("--planet", format!("planet '{id}' is not on system '{system}'")))?;
            let loc = Location::Planet(target, n as u8);
            let mut landing = profile(c, s, attacker, Arena::Ground);
            for t in [UnitType::Infantry, UnitType::Mech] {
                let _ = landing.set_units(t, moving.count(t), moving.damaged(t));
            }
            if !landing.has_combatants() {
                return Err(("--planet", "the attacker moves no ground forces".into()));
            }
            let (ground_combat, ground_win) = match others(loc) {
                Some(d) => {
                    let mut def = profile(c, s, d, Arena::Ground);
                    add(&mut def, s, loc);
                    if def.has_combatants() {
                        let r = exact_ground_combat(landing, def);
                        (Some(out(&r, &landing, &def)), r.outcomes[0])
                    } else {
                        (None, 1.0)
                    }
                }
                None => (None, 1.0),
            };
            Some(InvasionOut {
                planet: id.to_string(),
                ground_combat,
                attacker_takes_planet: crate::run::summary::r6(space_win * ground_win),
            })
        }
    };
    Ok(Explanation {
        system: system.to_string(),
        attacker: faction(attacker),
        defender: defender.map(faction),
        policy: POLICY,
        not_modelled: NOT_MODELLED,
        space_combat,
        invasion,
    })
}
