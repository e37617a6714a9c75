//! Objectives the round loop can evaluate (`engine/data/objectives.json`; digest §7): public
//! stage I and II and secret objectives whose condition is a function of the board, the play
//! areas and the pools. Only objectives with a condition here are ever dealt or revealed, so
//! every objective in play is scorable; the others stay out of play (secret objectives in the
//! box, public objectives never leave their deck).
//!
//! Simplified: whether a "spend" objective can be paid is decided by a greedy plan (largest
//! planets first, then trade goods). The action-phase secrets whose condition is an event
//! ([`Event`]: "win a combat ...", "be the last player to pass") are scored when the event
//! happens, at once ([`score_event`]: scoring is never worse than keeping the card; with two
//! met by one combat, the first in id order); every other secret is scored in the status
//! phase.

use super::Ti4Game;
use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::galaxy::{bits, Anomaly, Galaxy, Wormhole};
use crate::ti4::ids::*;
use crate::ti4::state::{State, MAX_PLANETS_PER_SYSTEM};
use crate::ti4::technology::valefar::objective_counts;
use serde::Deserialize;

/// The embedded objective conditions.
pub const EMBEDDED_OBJECTIVES: &str = include_str!("../../../data/objectives.json");

/// Which systems a `systems_with_units` condition counts.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SystemFilter {
    /// Systems without planets.
    NoPlanets,
    /// Systems holding a legendary planet, Mecatol Rex, or an anomaly.
    Special,
    /// Systems on the edge of the game board ([`Galaxy::edge_systems`]).
    Edge,
}

/// A condition, as in `objectives.json`.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cond {
    /// Control `n` planets sharing a trait.
    PlanetsSameTrait(u8),
    /// Own `n` unit upgrades (Valefar copies counted: `valefar::objective_counts`).
    UnitUpgrades(u8),
    /// Own `count` technologies in each of `colours` colours.
    TechsInColours { count: u8, colours: u8 },
    /// Spend resources, influence, trade goods and command tokens (tactic or strategy pool).
    Spend { resources: u8, influence: u8, trade_goods: u8, tokens: u8 },
    /// Control `n` planets outside your home system.
    PlanetsOutsideHome(u8),
    /// Control `n` planets with a technology specialty.
    SpecialtyPlanets(u8),
    /// Ships in `n` systems adjacent to Mecatol Rex.
    ShipsAdjacentToMecatol(u8),
    /// `n` structures on the board.
    Structures(u8),
    /// Structures on `n` planets outside your home system.
    StructurePlanetsOutsideHome(u8),
    /// `n` non-fighter ships in one system.
    ShipsInOneSystem(u8),
    /// Units in `n` systems of a kind, home system excluded.
    SystemsWithUnits(u8, SystemFilter),
    /// A war sun or a flagship on the board.
    WarSunOrFlagship,
    /// Control `n` planets in other players' home systems.
    PlanetInOtherHome(u8),
    /// Control `n` planets with a trait (0 cultural, 1 hazardous, 2 industrial).
    PlanetsWithTrait(u8, u8),
    /// `n` space docks on the board.
    SpaceDocks(u8),
    /// `n` dreadnoughts on the board.
    Dreadnoughts(u8),
    /// Own `n` technologies of one colour.
    TechsOneColour(u8),
    /// Control Mecatol Rex with `n` ships in its system.
    MecatolWithShips(u8),
    /// Ships in `n` systems.
    ShipsInSystems(u8),
    /// Ships in a system adjacent to another player's home system.
    ShipsNextToOtherHome,
    /// Own `n` faction technologies.
    FactionTechs(u8),
    /// `n` planets each with a mech.
    PlanetsWithMech(u8),
    /// `n` ground forces on one planet without a space dock.
    GroundForcesOnOnePlanet(u8),
    /// Control planets with `n` combined resources.
    PlanetResources(u8),
    /// Control planets with `n` combined influence.
    PlanetInfluence(u8),
    /// Control a legendary planet.
    LegendaryPlanet,
    /// Ships in a system with an alpha and in one with a beta wormhole.
    ShipsWithWormholes,
    /// Ships in `n` systems adjacent to anomalies.
    ShipsNearAnomalies(u8),
    /// Ships in a system that contains another player's space dock (Cut Supply Lines).
    ShipsWithOtherDock,
    /// `n` PDS on the board (Establish a Perimeter).
    Pds(u8),
    /// `n` action cards in hand (Form a Spy Network).
    ActionCardsInHand(u8),
    /// `n` laws in play, the common play area's and players' (Dictate Policy).
    LawsInPlay(u8),
    /// `n` controlled planets with attachments: exploration attachments, the Terraform note,
    /// the Titans hero's Geoform (Discover Lost Outposts, Reclaim Ancient Monuments).
    AttachedPlanets(u8),
    /// Purge `n` relic fragments of any type (Destroy Heretical Works): met with `n` fragments
    /// in the play area, which scoring purges.
    PurgeFragments(u8),
    /// Neighbours with every other player in the game (Foster Cohesion).
    NeighbourOfAll,
    /// Units with a combined PRODUCTION value of `n` in one system (Produce en Masse).
    ProductionInOneSystem(u8),
    /// A planet in a system that contains a planet another player controls (Stake Your Claim).
    SharedPlanetSystem,
    /// Another player's promissory note in your play area (Strengthen Bonds).
    OthersNote,
    /// More planets than each of `n` of your neighbours (Push Boundaries).
    MorePlanetsThanNeighbours(u8),
    /// Your flagship or a war sun in another player's home system or Mecatol Rex's system
    /// (Achieve Supremacy).
    SupremacyShip,
    /// `n` planets, each in or adjacent to a different other player's home system (Rule
    /// Distant Lands).
    PlanetsNearOtherHomes(u8),
    /// An action-phase event: never met by a state, scored when it happens ([`score_event`]).
    Event(Event),
}

/// The action-phase events secret objectives are scored on (card texts; `objectives.json`
/// kind `event`, field `event`). Each is checked for both players of a combat when it ends
/// ([`after_combat`]), or when a player passes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Event {
    /// Destroy another player's war sun or flagship (Destroy Their Greatest Ship; simplified:
    /// in combat only).
    DestroyGreatestShip,
    /// Win a combat against a player who has the most victory points (Spark a Rebellion).
    WinAgainstLeader,
    /// Win a combat in an anomaly (Brave the Void).
    WinInAnomaly,
    /// Win a combat in another player's home system (Darken the Skies).
    WinInOtherHome,
    /// Win a space combat in a system that contains your flagship, which survives it (Unveil
    /// Flagship).
    WinSpaceWithFlagship,
    /// Have 3 or more non-fighter ships in the active system at the end of a space combat
    /// (Demonstrate Your Power).
    ShipsAfterSpaceCombat,
    /// Win a combat against a player whose promissory note is in your play area (Betray a
    /// Friend; simplified: in the play area when the combat ends, not read at the start of the
    /// tactical action).
    WinAgainstNoteOwner,
    /// Be the last player to pass during a game round (Prove Endurance).
    LastToPass,
    /// Destroy the last of a player's ground forces on a planet during the bombardment step
    /// (Make an Example of Their World).
    BombardLastGroundForces,
    /// Destroy the last of a player's non-fighter ships in the active system during the space
    /// cannon offense step (Turn Their Fleets to Dust).
    SpaceCannonLastShips,
    /// Lose control of a planet in a home system, during the action phase (Become a Martyr).
    LoseHomePlanet,
    /// Destroy the last of a player's fighters in the active system during the anti-fighter
    /// barrage step (Fight with Precision).
    BarrageLastFighters,
    /// Be elected by an agenda (Drive the Debate; simplified: a player elected, as no "Elect
    /// Planet" agenda is in play).
    ElectedByAgenda,
}

const EVENTS: [(&str, Event); 13] = [
    ("destroy_greatest_ship", Event::DestroyGreatestShip),
    ("win_against_leader", Event::WinAgainstLeader),
    ("win_in_anomaly", Event::WinInAnomaly),
    ("win_in_other_home", Event::WinInOtherHome),
    ("win_space_with_flagship", Event::WinSpaceWithFlagship),
    ("ships_after_space_combat", Event::ShipsAfterSpaceCombat),
    ("win_against_note_owner", Event::WinAgainstNoteOwner),
    ("last_to_pass", Event::LastToPass),
    ("bombard_last_ground_forces", Event::BombardLastGroundForces),
    ("space_cannon_last_ships", Event::SpaceCannonLastShips),
    ("lose_home_planet", Event::LoseHomePlanet),
    ("barrage_last_fighters", Event::BarrageLastFighters),
    ("elected_by_agenda", Event::ElectedByAgenda),
];

#[derive(Deserialize)]
struct RawCond {
    id: String,
    kind: String,
    #[serde(default)]
    count: u8,
    #[serde(default)]
    colours: u8,
    #[serde(default)]
    resources: u8,
    #[serde(default)]
    influence: u8,
    #[serde(default)]
    trade_goods: u8,
    #[serde(default)]
    tokens: u8,
    #[serde(default)]
    filter: String,
    #[serde(default)]
    r#trait: String,
    #[serde(default)]
    event: String,
}

#[derive(Deserialize)]
struct RawFile {
    public: Vec<RawCond>,
    secret: Vec<RawCond>,
}

/// The compiled conditions, indexed by objective id.
#[derive(Clone, Debug, Default)]
pub struct ObjectiveTable {
    /// Per public objective (`PublicObjectiveId`): its condition, if evaluable.
    pub public: Vec<Option<Cond>>,
    /// Per secret objective (`SecretObjectiveId`): its condition, if evaluable.
    pub secret: Vec<Option<Cond>>,
}

const TRAITS: [&str; 3] = ["cultural", "hazardous", "industrial"];

fn compile(r: &RawCond) -> Result<Cond, String> {
    let n = r.count;
    Ok(match r.kind.as_str() {
        "planets_same_trait" => Cond::PlanetsSameTrait(n),
        "unit_upgrades" => Cond::UnitUpgrades(n),
        "techs_in_colours" => Cond::TechsInColours { count: n, colours: r.colours },
        "spend" => {
            Cond::Spend { resources: r.resources, influence: r.influence, trade_goods: r.trade_goods, tokens: r.tokens }
        }
        "planets_outside_home" => Cond::PlanetsOutsideHome(n),
        "specialty_planets" => Cond::SpecialtyPlanets(n),
        "ships_adjacent_to_mecatol" => Cond::ShipsAdjacentToMecatol(n),
        "structures" => Cond::Structures(n),
        "structure_planets_outside_home" => Cond::StructurePlanetsOutsideHome(n),
        "ships_in_one_system" => Cond::ShipsInOneSystem(n),
        "systems_with_units" => Cond::SystemsWithUnits(
            n,
            match r.filter.as_str() {
                "no_planets" => SystemFilter::NoPlanets,
                "special" => SystemFilter::Special,
                "edge" => SystemFilter::Edge,
                f => return Err(format!("field filter: unknown filter '{f}'")),
            },
        ),
        "war_sun_or_flagship" => Cond::WarSunOrFlagship,
        "planet_in_other_home" => Cond::PlanetInOtherHome(n),
        "planets_with_trait" => Cond::PlanetsWithTrait(
            TRAITS
                .iter()
                .position(|&t| t == r.r#trait)
                .ok_or_else(|| format!("field trait: unknown '{}'", r.r#trait))? as u8,
            n,
        ),
        "space_docks" => Cond::SpaceDocks(n),
        "dreadnoughts" => Cond::Dreadnoughts(n),
        "techs_one_colour" => Cond::TechsOneColour(n),
        "mecatol_with_ships" => Cond::MecatolWithShips(n),
        "ships_in_systems" => Cond::ShipsInSystems(n),
        "ships_next_to_other_home" => Cond::ShipsNextToOtherHome,
        "faction_techs" => Cond::FactionTechs(n),
        "planets_with_mech" => Cond::PlanetsWithMech(n),
        "ground_forces_on_one_planet" => Cond::GroundForcesOnOnePlanet(n),
        "planet_resources" => Cond::PlanetResources(n),
        "planet_influence" => Cond::PlanetInfluence(n),
        "legendary_planet" => Cond::LegendaryPlanet,
        "ships_with_wormholes" => Cond::ShipsWithWormholes,
        "ships_near_anomalies" => Cond::ShipsNearAnomalies(n),
        "ships_with_other_dock" => Cond::ShipsWithOtherDock,
        "pds" => Cond::Pds(n),
        "action_cards_in_hand" => Cond::ActionCardsInHand(n),
        "laws_in_play" => Cond::LawsInPlay(n),
        "attached_planets" => Cond::AttachedPlanets(n),
        "purge_fragments" => Cond::PurgeFragments(n),
        "neighbour_of_all" => Cond::NeighbourOfAll,
        "production_in_one_system" => Cond::ProductionInOneSystem(n),
        "shared_planet_system" => Cond::SharedPlanetSystem,
        "others_note" => Cond::OthersNote,
        "more_planets_than_neighbours" => Cond::MorePlanetsThanNeighbours(n),
        "supremacy_ship" => Cond::SupremacyShip,
        "planets_near_other_homes" => Cond::PlanetsNearOtherHomes(n),
        "event" => Cond::Event(
            EVENTS
                .iter()
                .find(|(name, _)| *name == r.event)
                .ok_or_else(|| format!("field event: unknown event '{}'", r.event))?
                .1,
        ),
        k => return Err(format!("field kind: unknown kind '{k}'")),
    })
}

impl ObjectiveTable {
    /// Parses `objectives.json` against the card identities; errors name the entry and field.
    pub fn parse(c: &Content, text: &str) -> Result<ObjectiveTable, String> {
        let raw: RawFile = serde_json::from_str(text).map_err(|e| format!("objectives.json: {e}"))?;
        let mut t = ObjectiveTable {
            public: vec![None; c.cards.public_objectives.len()],
            secret: vec![None; c.cards.secret_objectives.len()],
        };
        for r in &raw.public {
            let id = c
                .cards
                .public_objective(&r.id)
                .ok_or_else(|| format!("objectives.json: public '{}': unknown id", r.id))?;
            t.public[id.idx()] = Some(compile(r).map_err(|e| format!("objectives.json: public '{}': {e}", r.id))?);
        }
        for r in &raw.secret {
            let id = c
                .cards
                .secret_objective(&r.id)
                .ok_or_else(|| format!("objectives.json: secret '{}': unknown id", r.id))?;
            t.secret[id.idx()] = Some(compile(r).map_err(|e| format!("objectives.json: secret '{}': {e}", r.id))?);
        }
        Ok(t)
    }
    /// The embedded table.
    pub fn embedded(c: &Content) -> ObjectiveTable {
        ObjectiveTable::parse(c, EMBEDDED_OBJECTIVES).expect("embedded objectives.json is valid")
    }
}

const SHIP_MASK: u16 = 0b111_1111_0000;
const NON_FIGHTER_SHIPS: u16 = 0b111_1110_0000;

fn ships_in(s: &State, slot: u8, p: Player, mask: u16) -> u32 {
    let a = &s.systems[slot as usize].space;
    if a.owner != p.0 {
        return 0;
    }
    (0..11).filter(|&t| mask >> t & 1 == 1).map(|t| a.count[t] as u32).sum()
}

/// True when player `p` meets condition `cond` now (for a spend condition: can pay it).
pub fn meets(g: &Ti4Game, p: Player, cond: Cond) -> bool {
    let (c, gal, s) = (&*g.content, &*g.galaxy, &g.state);
    let ps = s.player(p);
    let home = g.home_slot[p.idx()];
    let n_slots = s.num_systems;
    let planets = ps.planets;
    let count_planets = |f: &dyn Fn(PlanetId) -> bool| planets.iter().filter(|&pl| f(pl)).count() as u32;
    let systems_where = |f: &dyn Fn(u8) -> bool| (0..n_slots).filter(|&sl| f(sl)).count() as u32;
    match cond {
        Cond::PlanetsSameTrait(n) => (0..3).any(|t| count_planets(&|pl| s.has_trait(c, pl, t as usize)) >= n as u32),
        Cond::PlanetsWithTrait(t, n) => count_planets(&|pl| s.has_trait(c, pl, t as usize)) >= n as u32,
        Cond::UnitUpgrades(n) => objective_counts(c, s, p).unit_upgrades >= n,
        Cond::TechsInColours { count, colours } => {
            objective_counts(c, s, p).colours.iter().filter(|&&k| k >= count).count() >= colours as usize
        }
        Cond::TechsOneColour(n) => objective_counts(c, s, p).colours.iter().any(|&k| k >= n),
        Cond::Spend { resources, influence, trade_goods, tokens } => {
            spend_plan(c, s, p, resources, influence, trade_goods, tokens).is_some()
        }
        Cond::PlanetsOutsideHome(n) => planets.difference(home_planets(g)).len() >= n as u32,
        Cond::SpecialtyPlanets(n) => count_planets(&|pl| s.specialties_of(c, pl) != 0) >= n as u32,
        Cond::PlanetResources(n) => planets.iter().map(|pl| s.resources_of(c, pl) as u32).sum::<u32>() >= n as u32,
        Cond::PlanetInfluence(n) => planets.iter().map(|pl| s.influence_of(c, pl) as u32).sum::<u32>() >= n as u32,
        Cond::LegendaryPlanet => count_planets(&|pl| c.planets[pl.idx()].legendary) >= 1,
        Cond::ShipsAdjacentToMecatol(n) => {
            bits(gal.neighbours(gal.mecatol())).filter(|&sl| ships_in(s, sl, p, SHIP_MASK) > 0).count() as u32
                >= n as u32
        }
        Cond::Structures(n) => (ps.on_board[UnitType::Pds.idx()] + ps.on_board[UnitType::SpaceDock.idx()]) >= n,
        Cond::SpaceDocks(n) => ps.on_board[UnitType::SpaceDock.idx()] >= n,
        Cond::Dreadnoughts(n) => ps.on_board[UnitType::Dreadnought.idx()] >= n,
        Cond::WarSunOrFlagship => ps.on_board[UnitType::WarSun.idx()] + ps.on_board[UnitType::Flagship.idx()] > 0,
        Cond::StructurePlanetsOutsideHome(n) => {
            let mut k = 0;
            for sl in (0..n_slots).filter(|&sl| sl != home) {
                for a in s.systems[sl as usize].planets.iter().take(MAX_PLANETS_PER_SYSTEM) {
                    if a.owner == p.0 && a.count[2] + a.count[3] > 0 {
                        k += 1;
                    }
                }
            }
            k >= n as u32
        }
        Cond::ShipsInOneSystem(n) => (0..n_slots).any(|sl| ships_in(s, sl, p, NON_FIGHTER_SHIPS) >= n as u32),
        Cond::ShipsInSystems(n) => systems_where(&|sl| ships_in(s, sl, p, SHIP_MASK) > 0) >= n as u32,
        Cond::SystemsWithUnits(n, f) => {
            systems_where(&|sl| sl != home && s.has_units_in(p, sl) && system_matches(c, gal, sl, f)) >= n as u32
        }
        Cond::PlanetInOtherHome(n) => {
            let others = other_homes(g, p);
            let mut k = 0;
            for sl in bits(others) {
                k += c.systems[gal.tile(sl).idx()].planets.iter().filter(|&&pl| planets.contains(pl)).count() as u32;
            }
            k >= n as u32
        }
        Cond::MecatolWithShips(n) => {
            c.known.mecatol_rex.is_some_and(|m| planets.contains(m))
                && ships_in(s, gal.mecatol(), p, SHIP_MASK) >= n as u32
        }
        Cond::ShipsNextToOtherHome => {
            let others = other_homes(g, p);
            (0..n_slots).any(|sl| gal.neighbours(sl) & others != 0 && ships_in(s, sl, p, SHIP_MASK) > 0)
        }
        Cond::FactionTechs(n) => {
            ps.techs
                .iter()
                .filter(|&t| {
                    c.tech_def(t).faction.is_some() && c.tech_def(t).kind != crate::ti4::content::TechKind::Colourless
                })
                .count() as u32
                >= n as u32
        }
        Cond::PlanetsWithMech(n) => {
            let mut k = 0;
            for sl in 0..n_slots {
                k += s.systems[sl as usize].planets.iter().filter(|a| a.owner == p.0 && a.count[1] > 0).count() as u32;
            }
            k >= n as u32
        }
        Cond::GroundForcesOnOnePlanet(n) => (0..n_slots).any(|sl| {
            s.systems[sl as usize]
                .planets
                .iter()
                .any(|a| a.owner == p.0 && a.count[3] == 0 && a.count[0] + a.count[1] >= n)
        }),
        Cond::ShipsWithWormholes => {
            let with = |w: Wormhole| {
                (0..n_slots).any(|sl| {
                    c.systems[gal.tile(sl).idx()].wormholes >> (w as u8) & 1 == 1 && ships_in(s, sl, p, SHIP_MASK) > 0
                })
            };
            with(Wormhole::Alpha) && with(Wormhole::Beta)
        }
        Cond::ShipsNearAnomalies(n) => {
            let anomalies = gal.anomaly_systems();
            systems_where(&|sl| gal.neighbours(sl) & anomalies != 0 && ships_in(s, sl, p, SHIP_MASK) > 0) >= n as u32
        }
        // The conditions read directly, and the events (never met by a state).
        _ => meets_direct(g, p, cond),
    }
}

/// True when `p` holds an unscored secret objective scored on an event.
fn holds_event_secret(g: &Ti4Game, p: Player) -> bool {
    (0..g.content.cards.secret_objectives.len()).any(|i| {
        g.state.secret_objectives.get(i) == Zone::Hand(p) && matches!(g.objectives.secret[i], Some(Cond::Event(_)))
    })
}

/// Scores for `p` the first unscored secret objective in their hand (id order) whose event
/// `happened` says occurred; true when one was scored. Scoring is automatic (simplified: it is
/// never worse than keeping the card; the choice between two met by one combat, where only one
/// may be scored, goes by id order).
pub(super) fn score_event(g: &mut Ti4Game, p: Player, happened: impl Fn(Event) -> bool) -> bool {
    if !g.state.player(p).in_game {
        return false;
    }
    for i in 0..g.content.cards.secret_objectives.len() {
        if let (Zone::Hand(q), Some(Cond::Event(e))) = (g.state.secret_objectives.get(i), g.objectives.secret[i]) {
            if q == p && happened(e) {
                g.state.secret_objectives.set(i, Zone::PlayArea(p));
                return true;
            }
        }
    }
    false
}

/// The end of a combat in the active system, between the active player `sides[0]` and the
/// defender `sides[1]`: each scores at most one action-phase secret objective the combat met
/// (rules 61: one objective per combat), the active player first. `lost[i]` are the units side
/// `i` lost, `winner` the side that won (none for a stalemate), `space` a space combat (its
/// survivors are back on the board), `barrage[i]` side `i`'s anti-fighter barrage destroyed
/// the last of the other side's fighters. Nothing is read when neither side holds an event
/// objective.
pub(super) fn after_combat(
    g: &mut Ti4Game,
    sides: [Player; 2],
    lost: [&super::Counts; 2],
    winner: Option<usize>,
    space: bool,
    barrage: [bool; 2],
) {
    if !sides.iter().any(|&p| holds_event_secret(g, p)) {
        return;
    }
    let active = g.flow.tactical.active;
    let vp = g.all_victory_points();
    let most = g.state.seats().filter(|&q| g.state.player(q).in_game).map(|q| vp[q.idx()]).max().unwrap_or(0);
    for i in 0..2 {
        let (p, q) = (sides[i], sides[1 - i]);
        let s = &g.state;
        let won = winner == Some(i);
        let area = &s.systems[active as usize].space;
        let here = if area.owner == p.0 { area.count } else { [0; UNIT_TYPES] };
        let greatest = lost[1 - i][UnitType::WarSun.idx()] + lost[1 - i][UnitType::Flagship.idx()] > 0;
        let leader = vp[q.idx()] >= most;
        let anomaly = g.galaxy.anomalies(active) != 0;
        let other_home = s.seats().any(|r| r != p && g.home_slot[r.idx()] == active);
        let flagship = space && here[UnitType::Flagship.idx()] > 0;
        let ships: u32 = here[UnitType::Fighter.idx() + 1..].iter().map(|&k| k as u32).sum();
        let note = (0..crate::ti4::content::cards::MAX_NOTES_PER_SEAT).any(|k| s.notes.get(q, k) == Zone::PlayArea(p));
        score_event(g, p, |e| match e {
            Event::DestroyGreatestShip => greatest,
            Event::WinAgainstLeader => won && leader,
            Event::WinInAnomaly => won && anomaly,
            Event::WinInOtherHome => won && other_home,
            Event::WinSpaceWithFlagship => won && flagship,
            Event::ShipsAfterSpaceCombat => space && ships >= 3,
            Event::WinAgainstNoteOwner => won && note,
            Event::BarrageLastFighters => barrage[i],
            Event::LastToPass
            | Event::BombardLastGroundForces
            | Event::SpaceCannonLastShips
            | Event::LoseHomePlanet
            | Event::ElectedByAgenda => false,
        });
    }
}

/// The conditions that neither [`ObjectiveBoard`] nor [`ObjectiveBoards`] summarise, read
/// from the game when asked (both [`meets`] and [`ObjectiveBoard::meets`] answer them here):
/// each reads the board once, and only a player holding or facing the objective asks.
/// `false` for the events ([`Cond::Event`]: never met by a state) and the other conditions.
fn meets_direct(g: &Ti4Game, p: Player, cond: Cond) -> bool {
    let (c, gal, s) = (&*g.content, &*g.galaxy, &g.state);
    let ps = s.player(p);
    let others = s.seats().filter(|&q| q != p);
    match cond {
        Cond::ShipsWithOtherDock => ships_with_other_dock(s, p),
        Cond::Pds(n) => ps.on_board[UnitType::Pds.idx()] >= n,
        Cond::ActionCardsInHand(n) => s.action_cards.count(c.cards.action_copies.len(), Zone::Hand(p)) >= n as usize,
        Cond::LawsInPlay(n) => super::agendas::laws_in_play(g) >= n as usize,
        Cond::AttachedPlanets(n) => {
            let mut attached = s.exploration.attached_planets;
            for pl in s.factions.attachments().into_iter().flatten() {
                attached.insert(pl);
            }
            ps.planets.intersection(attached).len() >= n as u32
        }
        Cond::PurgeFragments(n) => s.exploration.fragments_of(p) >= n as u32,
        Cond::NeighbourOfAll => {
            let near = super::action_cards::neighbours(g, p);
            others.filter(|&q| s.player(q).in_game).all(|q| near >> q.0 & 1 == 1)
        }
        Cond::ProductionInOneSystem(n) => most_production(g, p) >= n as u32,
        Cond::SharedPlanetSystem => shares_a_system(g, p),
        Cond::OthersNote => others.into_iter().any(|q| {
            (0..crate::ti4::content::cards::MAX_NOTES_PER_SEAT).any(|k| match s.notes.get(q, k) {
                Zone::PlayArea(r) => r == p,
                // An attached note (Terraform) counts for the player who controls its planet.
                Zone::Attached => s.factions.attached_note_planet().is_some_and(|pl| ps.planets.contains(pl)),
                _ => false,
            })
        }),
        Cond::MorePlanetsThanNeighbours(n) => {
            let near = super::action_cards::neighbours(g, p);
            let mine = ps.planets.len();
            others.filter(|&q| s.player(q).in_game && near >> q.0 & 1 == 1 && s.player(q).planets.len() < mine).count()
                >= n as usize
        }
        Cond::SupremacyShip => bits(other_homes(g, p) | 1 << gal.mecatol()).any(|sl| {
            let space = &s.systems[sl as usize].space;
            space.owner == p.0 && space.of(UnitType::Flagship) + space.of(UnitType::WarSun) > 0
        }),
        Cond::PlanetsNearOtherHomes(n) => planets_near_other_homes(g, p) >= n as usize,
        _ => false,
    }
}

/// Objectives (Cond::SharedPlanetSystem): `p` controls a planet in a system where another
/// seat controls a planet.
fn shares_a_system(g: &Ti4Game, p: Player) -> bool {
    let (c, gal, s) = (&*g.content, &*g.galaxy, &g.state);
    let ps = s.player(p);
    let theirs = s.seats().filter(|&q| q != p).fold(PlanetSet::EMPTY, |m, q| m.union(s.player(q).planets));
    (0..s.num_systems).any(|sl| {
        let planets = c.system_planets[gal.tile(sl).idx()];
        planets.intersects(&ps.planets) && planets.intersects(&theirs)
    })
}

/// Objectives (Cond::ShipsWithOtherDock): `p` has ships in a system with another seat's
/// space dock.
fn ships_with_other_dock(s: &State, p: Player) -> bool {
    (0..s.num_systems).any(|sl| {
        let sys = &s.systems[sl as usize];
        ships_in(s, sl, p, SHIP_MASK) > 0
            && sys.planets.iter().any(|a| a.owner != p.0 && a.owner < s.num_players && a.of(UnitType::SpaceDock) > 0)
    })
}

/// Objectives (Cond::PlanetsNearOtherHomes): how many of `p`'s planets can each count for a
/// different other seat whose home system it is in or next to. Planet by planet through
/// [`Galaxy::planet_slot`]; equal to [`planets_near_other_homes_plain`], the system loop (the
/// test `planets_near_other_homes_equal_the_system_loop`).
pub(super) fn planets_near_other_homes(g: &Ti4Game, p: Player) -> usize {
    let (gal, s) = (&*g.galaxy, &g.state);
    // Per controlled planet: the other seats whose home system it is in or next to.
    let mut near = [0u8; 64];
    let mut k = 0;
    for pl in s.player(p).planets.iter() {
        let Some(sl) = gal.planet_slot(pl) else { continue };
        let seats = seats_with_home_near(g, p, gal.neighbours(sl) | 1 << sl);
        if seats != 0 && k < near.len() {
            near[k] = seats;
            k += 1;
        }
    }
    distinct_seats(&near[..k])
}

/// The seats other than `p` whose home slot is in `reach` (one bit each).
fn seats_with_home_near(g: &Ti4Game, p: Player, reach: u64) -> u8 {
    g.state.seats().filter(|&q| q != p && reach >> g.home_slot[q.idx()] & 1 == 1).fold(0u8, |m, q| m | 1 << q.0)
}

/// [`planets_near_other_homes`] system by system: the plain reference.
#[cfg(test)]
pub(super) fn planets_near_other_homes_plain(g: &Ti4Game, p: Player) -> usize {
    let (c, gal, s) = (&*g.content, &*g.galaxy, &g.state);
    let mut near = [0u8; 64];
    let mut k = 0;
    for sl in 0..s.num_systems {
        let mine = c.system_planets[gal.tile(sl).idx()].intersection(s.player(p).planets).len();
        let seats = seats_with_home_near(g, p, gal.neighbours(sl) | 1 << sl);
        for _ in 0..mine {
            if seats != 0 && k < near.len() {
                near[k] = seats;
                k += 1;
            }
        }
    }
    distinct_seats(&near[..k])
}

/// Objectives (Cond::ProductionInOneSystem): the largest PRODUCTION value of `p`'s units in
/// one system.
fn most_production(g: &Ti4Game, p: Player) -> u32 {
    let (c, s) = (&*g.content, &g.state);
    let units = super::tactical::units_of(c, s, p);
    (0..s.num_systems)
        .filter(|&sl| s.has_units_in(p, sl))
        .map(|sl| super::tactical::production_value_with(c, s, &units, p, sl))
        .max()
        .unwrap_or(0)
}

/// The most planets that can each be matched to a different seat among the seats (one bit
/// each) it may count for: a maximum bipartite matching by augmenting paths.
pub(super) fn distinct_seats(options: &[u8]) -> usize {
    fn augment(i: usize, options: &[u8], seen: &mut u8, owner: &mut [Option<usize>; 8]) -> bool {
        for q in 0..8 {
            if options[i] >> q & 1 == 1 && *seen >> q & 1 == 0 {
                *seen |= 1 << q;
                if owner[q].is_none_or(|j| augment(j, options, seen, owner)) {
                    owner[q] = Some(i);
                    return true;
                }
            }
        }
        false
    }
    let mut owner = [None; 8];
    (0..options.len()).filter(|&i| augment(i, options, &mut 0, &mut owner)).count()
}

/// What player `p`'s objective conditions read from the board, counted in one pass: the fast
/// path for evaluating many conditions of one player (heuristics, search). [`meets`] is the
/// plain reference; `objective_board_agrees_with_meets` checks both on random game states.
/// Spend conditions are not summarised (they plan a payment: [`ObjectiveBoard::meets`] asks
/// [`spend_plan`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct ObjectiveBoard {
    traits: [u32; 3],
    specialty: u32,
    resources: u32,
    influence: u32,
    legendary: u32,
    outside_home: u32,
    techs: crate::ti4::technology::valefar::TechCounts,
    faction_techs: u32,
    ships_next_to_mecatol: u32,
    structure_planets_outside_home: u32,
    most_non_fighters: u32,
    systems_with_ships: u32,
    systems_no_planets: u32,
    systems_special: u32,
    systems_edge: u32,
    planets_in_other_homes: u32,
    ships_next_to_other_home: bool,
    mecatol_ships: u32,
    planets_with_mech: u32,
    most_ground_without_dock: u32,
    ships_alpha: bool,
    ships_beta: bool,
    ships_near_anomalies: u32,
}

impl ObjectiveBoard {
    /// Counts everything the conditions of `p` read: the plain reference of
    /// [`ObjectiveBoards::new`] (one pass over the board per player).
    pub fn new(g: &Ti4Game, p: Player) -> ObjectiveBoard {
        let (c, gal, s) = (&*g.content, &*g.galaxy, &g.state);
        let home = g.home_slot[p.idx()];
        let others = other_homes(g, p);
        let mut b = ObjectiveBoard::own(g, p, others);
        let mecatol = gal.mecatol();
        let next_to_mecatol = gal.neighbours(mecatol);
        let anomalies = gal.anomaly_systems();
        for sl in 0..s.num_systems {
            let sys = &s.systems[sl as usize];
            let in_space = sys.space.owner == p.0;
            let on_planet = sys.planets.iter().any(|a| a.owner == p.0);
            if !in_space && !on_planet {
                continue;
            }
            if in_space {
                let k = &sys.space.count;
                let non_fighters: u32 = k[UnitType::Fighter.idx() + 1..].iter().map(|&x| x as u32).sum();
                let ships = non_fighters + k[UnitType::Fighter.idx()] as u32;
                b.most_non_fighters = b.most_non_fighters.max(non_fighters);
                if sl == mecatol {
                    b.mecatol_ships = ships;
                }
                if ships > 0 {
                    b.systems_with_ships += 1;
                    b.ships_next_to_mecatol += (next_to_mecatol >> sl & 1) as u32;
                    b.ships_next_to_other_home |= gal.neighbours(sl) & others != 0;
                    let wormholes = c.systems[gal.tile(sl).idx()].wormholes;
                    b.ships_alpha |= wormholes >> (Wormhole::Alpha as u8) & 1 == 1;
                    b.ships_beta |= wormholes >> (Wormhole::Beta as u8) & 1 == 1;
                    b.ships_near_anomalies += (gal.neighbours(sl) & anomalies != 0) as u32;
                }
            }
            if sl != home {
                b.systems_no_planets += system_matches(c, gal, sl, SystemFilter::NoPlanets) as u32;
                b.systems_special += system_matches(c, gal, sl, SystemFilter::Special) as u32;
                b.systems_edge += system_matches(c, gal, sl, SystemFilter::Edge) as u32;
            }
            for a in sys.planets.iter().take(MAX_PLANETS_PER_SYSTEM).filter(|a| a.owner == p.0) {
                if sl != home && a.count[2] + a.count[3] > 0 {
                    b.structure_planets_outside_home += 1;
                }
                b.planets_with_mech += (a.count[1] > 0) as u32;
                if a.count[3] == 0 {
                    b.most_ground_without_dock = b.most_ground_without_dock.max((a.count[0] + a.count[1]) as u32);
                }
            }
        }
        b
    }

    /// The counts of `p` that read no board area: planets controlled, technologies, and
    /// planets in the home systems `others` (the other seats' home slots, one bit each).
    /// Counted by intersections with the planet and technology classes of [`Content`] (sets of
    /// a few planets or technologies: [`crate::bits::BitSet::len_sparse`]); equal to the plain loops (the
    /// test `own_counts_equal_the_plain_loops`).
    pub(super) fn own(g: &Ti4Game, p: Player, others: u64) -> ObjectiveBoard {
        let mut b = ObjectiveBoard::seat_counts(g, p);
        b.planets_in_other_homes = ObjectiveBoard::planets_in_homes(g, p, others);
        b
    }

    /// The counts of [`ObjectiveBoard::own`] but the planets in other home systems: those
    /// that read only `p`'s planets and technologies, the content and the home planets (what
    /// an [`OwnCache`] keys them by).
    fn seat_counts(g: &Ti4Game, p: Player) -> ObjectiveBoard {
        let (c, s) = (&*g.content, &g.state);
        let ps = s.player(p);
        let planets = ps.planets;
        let mut b = ObjectiveBoard { techs: objective_counts(c, s, p), ..ObjectiveBoard::default() };
        for (t, k) in b.traits.iter_mut().enumerate() {
            *k = planets.intersection(s.trait_planets(c, t)).len_sparse();
        }
        b.specialty =
            planets.intersection(c.any_specialty_planets.union(s.exploration.specialty_planets())).len_sparse();
        b.legendary = planets.intersection(c.legendary_planets).len_sparse();
        b.outside_home = planets.difference(home_planets(g)).len_sparse();
        for pl in planets.iter() {
            b.resources += s.resources_of(c, pl) as u32;
            b.influence += s.influence_of(c, pl) as u32;
        }
        b.faction_techs = ps.techs.intersection(c.coloured_faction_techs).len_sparse();
        b
    }

    /// The planets `p` controls in the home systems of slots `others` (one bit each).
    fn planets_in_homes(g: &Ti4Game, p: Player, others: u64) -> u32 {
        let (c, gal) = (&*g.content, &*g.galaxy);
        let planets = g.state.player(p).planets;
        let mut n = 0;
        for sl in bits(others) {
            n += planets.intersection(c.system_planets[gal.tile(sl).idx()]).len_sparse();
        }
        n
    }

    /// [`ObjectiveBoard::own`] counted planet by planet and technology by technology: the
    /// plain reference of its set intersections (`own_counts_equal_the_plain_loops`).
    #[cfg(test)]
    pub(super) fn own_plain(g: &Ti4Game, p: Player, others: u64) -> ObjectiveBoard {
        let (c, gal, s) = (&*g.content, &*g.galaxy, &g.state);
        let ps = s.player(p);
        let mut b = ObjectiveBoard { techs: objective_counts(c, s, p), ..ObjectiveBoard::default() };
        let homes = home_planets(g);
        for pl in ps.planets.iter() {
            let d = &c.planets[pl.idx()];
            for t in 0..3u8 {
                b.traits[t as usize] += s.has_trait(c, pl, t as usize) as u32;
            }
            b.specialty += (s.specialties_of(c, pl) != 0) as u32;
            b.resources += s.resources_of(c, pl) as u32;
            b.influence += s.influence_of(c, pl) as u32;
            b.legendary += d.legendary as u32;
            b.outside_home += !homes.contains(pl) as u32;
        }
        b.faction_techs = ps
            .techs
            .iter()
            .filter(|&t| {
                c.tech_def(t).faction.is_some() && c.tech_def(t).kind != crate::ti4::content::TechKind::Colourless
            })
            .count() as u32;
        for sl in bits(others) {
            b.planets_in_other_homes +=
                c.systems[gal.tile(sl).idx()].planets.iter().filter(|&&pl| ps.planets.contains(pl)).count() as u32;
        }
        b
    }

    /// [`meets`] for `p` (the player this board was counted for).
    pub fn meets(&self, g: &Ti4Game, p: Player, cond: Cond) -> bool {
        let (c, s) = (&*g.content, &g.state);
        let ps = s.player(p);
        let at_least = |k: u32, n: u8| k >= n as u32;
        match cond {
            Cond::PlanetsSameTrait(n) => self.traits.iter().any(|&k| at_least(k, n)),
            Cond::PlanetsWithTrait(t, n) => self.traits.get(t as usize).is_some_and(|&k| at_least(k, n)),
            Cond::UnitUpgrades(n) => self.techs.unit_upgrades >= n,
            Cond::TechsInColours { count, colours } => {
                self.techs.colours.iter().filter(|&&k| k >= count).count() >= colours as usize
            }
            Cond::TechsOneColour(n) => self.techs.colours.iter().any(|&k| k >= n),
            Cond::Spend { resources, influence, trade_goods, tokens } => {
                can_spend(c, s, p, resources, influence, trade_goods, tokens)
            }
            Cond::PlanetsOutsideHome(n) => at_least(self.outside_home, n),
            Cond::SpecialtyPlanets(n) => at_least(self.specialty, n),
            Cond::PlanetResources(n) => at_least(self.resources, n),
            Cond::PlanetInfluence(n) => at_least(self.influence, n),
            Cond::LegendaryPlanet => self.legendary >= 1,
            Cond::ShipsAdjacentToMecatol(n) => at_least(self.ships_next_to_mecatol, n),
            Cond::Structures(n) => (ps.on_board[UnitType::Pds.idx()] + ps.on_board[UnitType::SpaceDock.idx()]) >= n,
            Cond::SpaceDocks(n) => ps.on_board[UnitType::SpaceDock.idx()] >= n,
            Cond::Dreadnoughts(n) => ps.on_board[UnitType::Dreadnought.idx()] >= n,
            Cond::WarSunOrFlagship => ps.on_board[UnitType::WarSun.idx()] + ps.on_board[UnitType::Flagship.idx()] > 0,
            Cond::StructurePlanetsOutsideHome(n) => at_least(self.structure_planets_outside_home, n),
            Cond::ShipsInOneSystem(n) => at_least(self.most_non_fighters, n),
            Cond::ShipsInSystems(n) => at_least(self.systems_with_ships, n),
            Cond::SystemsWithUnits(n, SystemFilter::NoPlanets) => at_least(self.systems_no_planets, n),
            Cond::SystemsWithUnits(n, SystemFilter::Special) => at_least(self.systems_special, n),
            Cond::PlanetInOtherHome(n) => at_least(self.planets_in_other_homes, n),
            Cond::MecatolWithShips(n) => {
                c.known.mecatol_rex.is_some_and(|m| ps.planets.contains(m)) && at_least(self.mecatol_ships, n)
            }
            Cond::ShipsNextToOtherHome => self.ships_next_to_other_home,
            Cond::FactionTechs(n) => at_least(self.faction_techs, n),
            Cond::PlanetsWithMech(n) => at_least(self.planets_with_mech, n),
            Cond::GroundForcesOnOnePlanet(n) => at_least(self.most_ground_without_dock, n),
            Cond::ShipsWithWormholes => self.ships_alpha && self.ships_beta,
            Cond::ShipsNearAnomalies(n) => at_least(self.ships_near_anomalies, n),
            Cond::SystemsWithUnits(n, SystemFilter::Edge) => at_least(self.systems_edge, n),
            // The conditions read directly, and the events (never met by a state).
            _ => meets_direct(g, p, cond),
        }
    }
}

/// Every seat's [`ObjectiveBoard`], counted in one pass over the board: the fast path of an
/// evaluation that reads the conditions of all seats. Equal, seat by seat, to
/// [`ObjectiveBoard::new`] (the test `objective_boards_equal_the_per_seat_boards`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ObjectiveBoards {
    boards: [ObjectiveBoard; MAX_PLAYERS],
}

impl ObjectiveBoards {
    /// Counts everything the conditions of every seat read.
    pub fn new(g: &Ti4Game) -> ObjectiveBoards {
        ObjectiveBoards::count(g, |p, others| ObjectiveBoard::own(g, p, others))
    }

    /// [`ObjectiveBoards::new`] with the counts that read only a seat's planets and
    /// technologies taken from `cache` while they are unchanged (an evaluator reads the
    /// boards of many positions that differ in a seat or two). Equal to it (the test
    /// `objective_boards_equal_the_per_seat_boards`).
    pub fn new_cached(g: &Ti4Game, cache: &mut OwnCache) -> ObjectiveBoards {
        cache.bind(g);
        ObjectiveBoards::count(g, |p, others| {
            let mut b = cache.seat_counts(g, p);
            b.planets_in_other_homes = ObjectiveBoard::planets_in_homes(g, p, others);
            b
        })
    }

    /// The boards with each seat's own counts from `own` (seat, the other seats' home slots).
    fn count(g: &Ti4Game, mut own: impl FnMut(Player, u64) -> ObjectiveBoard) -> ObjectiveBoards {
        let s = &g.state;
        let mut b = ObjectiveBoards { boards: [ObjectiveBoard::default(); MAX_PLAYERS] };
        let gal = &*g.galaxy;
        let mut m = Masks {
            others: [0; MAX_PLAYERS],
            next_to_mecatol: gal.neighbours(gal.mecatol()),
            anomalies: gal.anomaly_systems(),
        };
        for p in s.seats() {
            m.others[p.idx()] = other_homes(g, p);
            b.boards[p.idx()] = own(p, m.others[p.idx()]);
        }
        for sl in 0..s.num_systems {
            b.count_system(g, sl, &m);
        }
        b
    }

    /// The board of seat `p`.
    pub fn get(&self, p: Player) -> &ObjectiveBoard {
        &self.boards[p.idx()]
    }

    /// Adds what board slot `sl` holds to the boards of the seats with units there.
    #[inline(always)]
    fn count_system(&mut self, g: &Ti4Game, sl: u8, m: &Masks) {
        let sys = &g.state.systems[sl as usize];
        let seats = g.state.num_players;
        // Seats with units in the system, one bit each.
        let mut present = 0u64;
        if sys.space.owner < seats {
            present |= 1 << sys.space.owner;
            self.count_space(g, sl, Player(sys.space.owner), m);
        }
        // Every entry of the array is a planet slot (`MAX_PLANETS_PER_SYSTEM` of them).
        for a in &sys.planets {
            if a.owner < seats {
                present |= 1 << a.owner;
                self.count_planet(g, sl, a);
            }
        }
        // The seats away from home here.
        let mut away = present;
        let mut q = present;
        while q != 0 {
            let i = q.trailing_zeros() as usize;
            q &= q - 1;
            if sl == g.home_slot[i] {
                away &= !(1 << i);
            }
        }
        if away != 0 {
            self.count_away(g, sl, away);
        }
    }

    /// Adds planet area `a` of board slot `sl` (its owner a seat) to its owner's board.
    #[inline]
    fn count_planet(&mut self, g: &Ti4Game, sl: u8, a: &crate::ti4::state::PlanetArea) {
        let q = a.owner as usize;
        let b = &mut self.boards[q];
        if sl != g.home_slot[q] && a.count[2] + a.count[3] > 0 {
            b.structure_planets_outside_home += 1;
        }
        b.planets_with_mech += (a.count[1] > 0) as u32;
        if a.count[3] == 0 {
            b.most_ground_without_dock = b.most_ground_without_dock.max((a.count[0] + a.count[1]) as u32);
        }
    }

    /// Adds board slot `sl` to the system counts of the seats `away` (one bit each) with units
    /// there outside their home system.
    fn count_away(&mut self, g: &Ti4Game, sl: u8, away: u64) {
        let (c, gal) = (&*g.content, &*g.galaxy);
        let no_planets = system_matches(c, gal, sl, SystemFilter::NoPlanets) as u32;
        let special = system_matches(c, gal, sl, SystemFilter::Special) as u32;
        let edge = system_matches(c, gal, sl, SystemFilter::Edge) as u32;
        for q in bits(away) {
            let b = &mut self.boards[q as usize];
            b.systems_no_planets += no_planets;
            b.systems_special += special;
            b.systems_edge += edge;
        }
    }

    /// Adds the ships of seat `p` in the space area of board slot `sl` to its board.
    fn count_space(&mut self, g: &Ti4Game, sl: u8, p: Player, m: &Masks) {
        let (c, gal, s) = (&*g.content, &*g.galaxy, &g.state);
        let k = &s.systems[sl as usize].space.count;
        let b = &mut self.boards[p.idx()];
        let non_fighters: u32 = k[UnitType::Fighter.idx() + 1..].iter().map(|&x| x as u32).sum();
        let ships = non_fighters + k[UnitType::Fighter.idx()] as u32;
        b.most_non_fighters = b.most_non_fighters.max(non_fighters);
        if sl == gal.mecatol() {
            b.mecatol_ships = ships;
        }
        if ships > 0 {
            b.systems_with_ships += 1;
            b.ships_next_to_mecatol += (m.next_to_mecatol >> sl & 1) as u32;
            b.ships_next_to_other_home |= gal.neighbours(sl) & m.others[p.idx()] != 0;
            let wormholes = c.systems[gal.tile(sl).idx()].wormholes;
            b.ships_alpha |= wormholes >> (Wormhole::Alpha as u8) & 1 == 1;
            b.ships_beta |= wormholes >> (Wormhole::Beta as u8) & 1 == 1;
            b.ships_near_anomalies += (gal.neighbours(sl) & m.anomalies != 0) as u32;
        }
    }
}

/// Slot masks an [`ObjectiveBoards`] pass reads for every system, computed once per pass.
struct Masks {
    /// Per seat: the other seats' home slots.
    others: [u64; MAX_PLAYERS],
    /// The slots adjacent to Mecatol Rex.
    next_to_mecatol: u64,
    /// The anomaly slots.
    anomalies: u64,
}

/// What a seat's [`ObjectiveBoard::seat_counts`] read besides the content: its planets,
/// technologies and Valefar copies, and every seat's home planets.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct SeatKey {
    planets: PlanetSet,
    /// The attachments (they change planet values): how many, and on which planets.
    attachments: (usize, PlanetSet),
    techs: TechSet,
    valefar: [Option<TechId>; 2],
    home_planets: PlanetSet,
    /// The planets with a faction attachment (`FactionState::attachments`: they change those
    /// planets' values and count as attachments).
    faction_attachments: [Option<PlanetId>; 2],
}

/// Each seat's [`ObjectiveBoard::seat_counts`] from the last [`ObjectiveBoards::new_cached`],
/// with what they were counted from: a seat whose planets and technologies are unchanged keeps
/// them. Bound to one content (compared by address, never read), like the evaluator's other
/// caches; a game on another content starts over.
#[derive(Clone, Debug, Default)]
pub struct OwnCache {
    /// The content the counts were taken in.
    content: usize,
    /// Per seat: the key and the counts, `None` before the first.
    seats: [Option<(SeatKey, ObjectiveBoard)>; MAX_PLAYERS],
}

impl OwnCache {
    /// Forgets every seat's counts when `g` is on another content than the last game.
    fn bind(&mut self, g: &Ti4Game) {
        let content = &*g.content as *const Content as usize;
        if self.content != content {
            *self = OwnCache { content, ..OwnCache::default() };
        }
    }

    /// Seat `p`'s counts in `g`, counted again only when its key changed.
    fn seat_counts(&mut self, g: &Ti4Game, p: Player) -> ObjectiveBoard {
        let ps = g.state.player(p);
        let attachments = (g.state.exploration.attached.iter().flatten().count(), g.state.exploration.attached_planets);
        let key = SeatKey {
            planets: ps.planets,
            attachments,
            techs: ps.techs,
            valefar: g.state.factions.valefar(p),
            home_planets: g.home_planets,
            faction_attachments: g.state.factions.attachments(),
        };
        match &self.seats[p.idx()] {
            Some((k, b)) if *k == key => *b,
            _ => {
                let b = ObjectiveBoard::seat_counts(g, p);
                self.seats[p.idx()] = Some((key, b));
                b
            }
        }
    }
}

fn system_matches(c: &Content, gal: &Galaxy, sl: u8, f: SystemFilter) -> bool {
    let sys = &c.systems[gal.tile(sl).idx()];
    match f {
        SystemFilter::NoPlanets => sys.planets.is_empty() && gal.anomalies(sl) & Anomaly::Supernova.bit() == 0,
        SystemFilter::Special => {
            sl == gal.mecatol() || sys.anomalies != 0 || sys.planets.iter().any(|pl| c.planets[pl.idx()].legendary)
        }
        SystemFilter::Edge => gal.edge_systems() >> sl & 1 == 1,
    }
}

/// Home-system slots of the other players (eliminated ones included: a home stays a home).
/// Expand Borders and Subdue the Galaxy ("control N planets in non-home systems"): the planets
/// of every seat's home system, the player's own and those of players since eliminated
/// included, which the objectives do not count.
/// Computed once when the game is assembled (the homes never move).
pub fn home_planets(g: &Ti4Game) -> PlanetSet {
    g.home_planets
}

fn other_homes(g: &Ti4Game, p: Player) -> u64 {
    g.state.seats().filter(|&q| q != p).fold(0, |m, q| m | 1u64 << g.home_slot[q.idx()])
}

/// How a spend objective is paid: planets exhausted, trade goods, and tokens from the tactic
/// then strategy pool. `None` when the player cannot pay.
pub fn spend_plan(
    c: &Content,
    s: &State,
    p: Player,
    resources: u8,
    influence: u8,
    trade_goods: u8,
    tokens: u8,
) -> Option<(PlanetSet, u8, u8)> {
    let ps = s.player(p);
    if ps.tactic as u32 + ps.strategy as u32 >= tokens as u32 && ps.trade_goods >= trade_goods {
        let mut tg = ps.trade_goods - trade_goods;
        let mut used = PlanetSet::EMPTY;
        for (need, res) in [(resources, true), (influence, false)] {
            let mut need = need as u32;
            // Largest value first: few planets, the rest with trade goods.
            while need > 0 {
                let best = ps
                    .planets
                    .difference(s.exhausted_planets)
                    .difference(used)
                    .iter()
                    .map(|pl| (value(c, s, pl, res), pl))
                    .filter(|&(v, _)| v > 0)
                    .max_by_key(|&(v, pl)| (v.min(need), std::cmp::Reverse(v), std::cmp::Reverse(pl.0)));
                match best {
                    Some((v, pl)) => {
                        used.insert(pl);
                        need = need.saturating_sub(v);
                    }
                    None if tg as u32 >= need => {
                        tg -= need as u8;
                        need = 0;
                    }
                    None => return None,
                }
            }
        }
        return Some((used, ps.trade_goods - tg, tokens));
    }
    None
}

/// True when [`spend_plan`] finds a plan, without planning where one kind of value is asked
/// for: the plan takes ready planets, the largest first, then trade goods, so it exists
/// exactly when the ready planets and the trade goods left over hold enough of that kind.
/// Both resources and influence: [`spend_plan`] itself (which planets pay for the first
/// decides what is left for the second).
pub fn can_spend(c: &Content, s: &State, p: Player, resources: u8, influence: u8, trade_goods: u8, tokens: u8) -> bool {
    if resources > 0 && influence > 0 {
        return spend_plan(c, s, p, resources, influence, trade_goods, tokens).is_some();
    }
    let ps = s.player(p);
    if (ps.tactic as u32 + ps.strategy as u32) < tokens as u32 || ps.trade_goods < trade_goods {
        return false;
    }
    let (need, res) = if resources > 0 { (resources, true) } else { (influence, false) };
    let ready: u32 = ps.planets.difference(s.exhausted_planets).iter().map(|pl| value(c, s, pl, res)).sum();
    ready + (ps.trade_goods - trade_goods) as u32 >= need as u32
}

/// What planet `pl` pays: its resources, or its influence (attachments included).
pub(super) fn value(c: &Content, s: &State, pl: PlanetId, resources: bool) -> u32 {
    if resources {
        s.resources_of(c, pl) as u32
    } else {
        s.influence_of(c, pl) as u32
    }
}

/// Spends `resources` and `influence` by the default plan ([`spend_plan`], then [`pay_plan`]);
/// false (nothing spent) when `p` cannot pay. Nothing to spend pays at once.
pub fn spend_default(c: &Content, s: &mut State, p: Player, resources: u8, influence: u8) -> bool {
    if resources == 0 && influence == 0 {
        return true;
    }
    let Some(plan) = spend_plan(c, s, p, resources, influence, 0, 0) else { return false };
    pay_plan(c, s, p, plan);
    true
}

/// Pays a spend plan from [`spend_plan`].
pub fn pay_plan(c: &Content, s: &mut State, p: Player, plan: (PlanetSet, u8, u8)) {
    let (planets, tg, tokens) = plan;
    s.exhausted_planets = s.exhausted_planets.union(planets);
    s.player_mut(p).trade_goods -= tg;
    for _ in 0..tokens {
        let ps = s.player_mut(p);
        if ps.tactic > 0 {
            ps.tactic -= 1;
            ps.token_reinforcements += 1;
        } else {
            crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
        }
    }
}

/// Scores objective condition `cond` for `p`: pays it if it is a spend condition (or purges
/// the relic fragments of Destroy Heretical Works).
pub fn pay_if_spend(c: &Content, s: &mut State, p: Player, cond: Cond) {
    match cond {
        Cond::Spend { resources, influence, trade_goods, tokens } => {
            if let Some(plan) = spend_plan(c, s, p, resources, influence, trade_goods, tokens) {
                pay_plan(c, s, p, plan);
            }
        }
        Cond::PurgeFragments(n) => purge_fragments(c, s, p, n),
        _ => {}
    }
}

/// Purges `n` of `p`'s relic fragments. Simplified (`docs/RULES.md`): the engine chooses them,
/// from the kinds `p` holds fewest of first (keeping the larger sets for a relic).
fn purge_fragments(c: &Content, s: &mut State, p: Player, n: u8) {
    let cards = crate::ti4::components::exploration::fragment_cards(c);
    for _ in 0..n {
        let f = &s.exploration.fragments[p.idx()];
        let Some(kind) = (0..f.len()).filter(|&k| f[k] > 0).min_by_key(|&k| (f[k], k)) else { return };
        s.exploration.fragments[p.idx()][kind] -= 1;
        if let Some(card) = cards[kind] {
            s.exploration.purged[card.idx()] += 1;
        }
    }
}
