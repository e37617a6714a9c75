//! `sim explain combat`: the exact odds of the engagement that an attacker moving into a system
//! would start, from a position, by `engine::ti4::game::engagement` (space cannon offense, the
//! space combat, and the invasion of `--planet`: bombardment, space cannon defense, ground
//! combat), with every chance event's exact distribution and the engine's default decisions.
//!
//! The attacker moves every unit it has in the space areas of the `--from` systems (ships,
//! fighters and ground forces, as transported) into `--system`. The defender is the player whose
//! ships or ground forces are in that system. Forces are built as the round loop builds them:
//! each player's unit upgrades from its technologies (Valefar copies included), the nebula
//! defender's +1, and the rules on the combat hook points (Assault Cannon, Duranium Armor,
//! Plasma Scoring, Antimass Deflectors, Graviton Laser System, Magen Defense Grid). SPACE CANNON
//! from adjacent systems (PDS II) needs the board's adjacency, which only a game position (one
//! with `map` and `procedure`, as `sim apply` and `sim replay --position-at` write) carries; with
//! a bare position only units in the system fire, and the output says so.

use engine::ti4::combat::exact::ExactCombat;
use engine::ti4::combat::{Arena, Force};
use engine::ti4::content::Content;
use engine::ti4::game::engagement::{engagement, Move};
use engine::ti4::ids::{Player, UnitType, UNIT_TYPES};
use engine::ti4::state::{Location, State};
use serde::Serialize;
use std::collections::BTreeMap;

/// Terminal states listed per combat.
pub const LISTED: usize = 12;

/// The hit-assignment and decision policy the probabilities assume.
pub const POLICY: &str = "both sides: no retreat; hits assigned by the engine's default policy (sustain damage while \
    the remaining hits can be absorbed, otherwise destroy the cheapest unit first; anti-fighter barrage hits only \
    fighters; Graviton Laser System's space cannon hits to non-fighter ships); units over capacity lost fighters \
    first, then infantry, then mechs; the attacker commits every ground force that arrives to the planet";

/// What the engine's tactical action can do that the calculator leaves out.
pub const NOT_MODELLED: &[&str] = &[
    "gravity rifts on the way (the units arrive together)",
    "retreats",
    "action cards and promissory notes",
    "landing on more than one planet; the custodians token's cost and planet protections",
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

/// One player's space cannon offense.
#[derive(Debug, Serialize)]
pub struct VolleyOut {
    /// The firing faction.
    pub firer: String,
    /// The faction fired at.
    pub target: String,
    /// P(k hits), k = 0, 1, ...
    pub hits: Vec<f64>,
    /// Graviton Laser System sends the hits to non-fighter ships (in some case at least).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub non_fighters_first: bool,
}

/// An invasion's result.
#[derive(Debug, Serialize)]
pub struct InvasionOut {
    /// The planet.
    pub planet: String,
    /// P(ground forces land): the attacker holds the space area with ground forces left.
    pub lands: f64,
    /// PLANETARY SHIELD blocks bombardment (no war sun).
    pub bombardment_blocked: bool,
    /// Expected bombardment hits on the planet's ground forces, given a landing.
    pub bombardment_expected_hits: f64,
    /// P(k space cannon defense hits on the committed ground forces).
    pub space_cannon_defense: Vec<f64>,
    /// The ground combat, given that ground forces land (after bombardment and space cannon
    /// defense).
    pub ground_combat: Option<CombatOut>,
    /// P(the attacker controls the planet afterwards).
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
    /// [`NOT_MODELLED`], and adjacency when the position has no map.
    pub not_modelled: Vec<&'static str>,
    /// Space cannon offense, in firing order (players whose units fire).
    pub space_cannon_offense: Vec<VolleyOut>,
    /// P(the space combat takes place): both sides keep ships after space cannon.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub space_combat_happens: Option<f64>,
    /// The space combat, given that it takes place.
    pub space_combat: Option<CombatOut>,
    /// P(the attacker has ships in the system at the end).
    pub attacker_holds_space: f64,
    /// The invasion of `--planet`.
    pub invasion: Option<InvasionOut>,
}

fn named(counts: &[u8; UNIT_TYPES]) -> BTreeMap<&'static str, u8> {
    UnitType::ALL.iter().filter(|t| counts[t.idx()] > 0).map(|t| (t.name(), counts[t.idx()])).collect()
}

fn out(r: &ExactCombat, a: &Force, d: &Force) -> CombatOut {
    debug_assert!(r.unresolved < 1e-9, "repair cycles left {} unresolved", r.unresolved);
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

/// Without a map: SPACE CANNON from adjacent systems is left out.
pub const NO_ADJACENCY: &str = "space cannon from adjacent systems (the position has no map; a game position has one)";

/// The explanation, or the problem as (argument, message). `neighbours` gives a slot's adjacent
/// slots when the board's map is known.
pub fn explain(
    c: &Content,
    s: &State,
    neighbours: Option<&dyn Fn(u8) -> u64>,
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
    let (mut transit, mut transit_damaged) = ([0u8; UNIT_TYPES], [0u8; UNIT_TYPES]);
    for id in from {
        let slot = slot_of("--from", id)?;
        if slot == target || s.occupant(Location::Space(slot)) != Some(attacker) {
            return Err(("--from", format!("the attacker has no units in the space area of system '{id}'")));
        }
        for t in UnitType::ALL {
            let loc = Location::Space(slot);
            transit[t.idx()] = transit[t.idx()].saturating_add(s.count_at(loc, t));
            transit_damaged[t.idx()] = transit_damaged[t.idx()].saturating_add(s.damaged_at(loc, t));
        }
    }
    if UnitType::SHIPS.iter().all(|&t| t == UnitType::Fighter || transit[t.idx()] == 0) {
        return Err(("--from", "the attacker moves no ships".into()));
    }
    let tile = s.systems[target as usize].tile;
    let planets = &c.systems[tile.idx()].planets;
    let planet_index = match planet {
        None => None,
        Some(id) => {
            let pid = c.planet(id).ok_or(("--planet", format!("unknown planet '{id}'")))?;
            let n = planets
                .iter()
                .position(|&q| q == pid)
                .ok_or(("--planet", format!("planet '{id}' is not on system '{system}'")))?;
            if transit[UnitType::Infantry.idx()] == 0 && transit[UnitType::Mech.idx()] == 0 {
                return Err(("--planet", "the attacker moves no ground forces".into()));
            }
            Some(n as u8)
        }
    };
    let others = |loc: Location| s.occupant(loc).filter(|&q| q != attacker);
    let defender = others(Location::Space(target))
        .or_else(|| (0..planets.len()).find_map(|n| others(Location::Planet(target, n as u8))));
    let m = Move {
        attacker,
        slot: target,
        transit,
        transit_damaged,
        neighbours: neighbours.map_or(0, |f| f(target)),
        planet: planet_index,
    };
    let e = engagement(c, s, &m);
    let faction = |p: Player| c.factions[s.player(p).faction.idx()].key.clone();
    let r6 = crate::run::summary::r6;
    let mut not_modelled = NOT_MODELLED.to_vec();
    if neighbours.is_none() {
        not_modelled.push(NO_ADJACENCY);
    }
    let space_combat = e.space.as_ref().map(|sp| out(&sp.result, &sp.attacker_start, &sp.defender_start));
    let invasion = e.invasion.as_ref().zip(planet).map(|(inv, id)| {
        let ground_combat = inv.ground.as_ref().map(|r| {
            let (a, d) = ground_starts(c, s, attacker, inv.defender, target, planet_index.unwrap_or(0), &transit);
            out(r, &a, &d)
        });
        InvasionOut {
            planet: id.to_string(),
            lands: r6(inv.lands),
            bombardment_blocked: inv.bombardment_blocked,
            bombardment_expected_hits: r6(inv.bombardment_expected_hits),
            space_cannon_defense: inv.space_cannon_defense.iter().map(|&x| r6(x)).collect(),
            ground_combat,
            attacker_takes_planet: r6(inv.takes),
        }
    });
    Ok(Explanation {
        system: system.to_string(),
        attacker: faction(attacker),
        defender: defender.map(faction),
        policy: POLICY,
        not_modelled,
        space_cannon_offense: e
            .volleys
            .iter()
            .map(|v| VolleyOut {
                firer: faction(v.firer),
                target: faction(v.target),
                hits: v.hits.iter().map(|&x| r6(x)).collect(),
                non_fighters_first: v.non_fighters_first,
            })
            .collect(),
        space_combat_happens: e.space.as_ref().map(|sp| r6(sp.happens)),
        space_combat,
        attacker_holds_space: r6(e.holds_space),
        invasion,
    })
}

/// The ground forces as they would land with none lost on the way, and the defender's units on
/// the planet: the start the ground combat's `*_units` fields list.
fn ground_starts(
    c: &Content,
    s: &State,
    attacker: Player,
    defender: Option<Player>,
    slot: u8,
    n: u8,
    transit: &[u8; UNIT_TYPES],
) -> (Force, Force) {
    let mut a = profile(c, s, attacker, Arena::Ground);
    for t in [UnitType::Infantry, UnitType::Mech] {
        let _ = a.set_units(t, transit[t.idx()], 0);
    }
    let mut d = profile(c, s, defender.unwrap_or(attacker), Arena::Ground);
    if defender.is_some() {
        add(&mut d, s, Location::Planet(slot, n));
    }
    (a, d)
}

/// `p`'s force in `arena` with the unit definitions its technologies give it and its rules on
/// hit assignment (no units yet), as the round loop builds it.
fn profile(c: &Content, s: &State, p: Player, arena: Arena) -> Force {
    engine::ti4::game::engagement::player_force(c, s, p, arena)
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
