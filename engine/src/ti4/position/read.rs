//! Position → state: resolve every id, fill defaults, check consistency (`docs/POSITION.md`,
//! "Validation"). Pass 1 reads each seat's play area and places tiles on the board in
//! first-mention order; pass 2 puts units on the board, once every seat's planets are known.

use super::error::{IdKind, Place, PositionError, PositionErrorKind as K};
use super::format::*;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{component_limit, Location, State, UnitError, COMMAND_TOKENS, MAX_SYSTEMS};
use crate::ti4::technology::valefar;
use crate::ti4::technology::{docks_may_stand_in_space, docks_may_stand_on_planets, faction_block, TechError};

/// A unit entry with its ids resolved (pass 1), waiting to be put on the board (pass 2).
struct UnitPlan {
    /// Index in the player's `units` list.
    k: usize,
    unit: UnitType,
    tile: SystemId,
    planet: Option<PlanetId>,
    count: u8,
    damaged: u8,
}

pub(crate) fn err<T>(path: impl Into<String>, kind: K) -> Result<T, PositionError> {
    Err(PositionError::new(path, kind))
}

/// Looks up an id of kind `what`, or fails naming `path`.
pub(crate) fn lookup<T>(path: &str, what: IdKind, key: &str, found: Option<T>) -> Result<T, PositionError> {
    found.ok_or_else(|| PositionError::new(path, K::UnknownId(what, key.to_string())))
}

/// Puts a tile on the board unless it is there already.
fn place(s: &mut State, tile: SystemId, path: &str) -> Result<u8, PositionError> {
    if s.slot_of(tile).is_none() && s.num_systems as usize >= MAX_SYSTEMS {
        return err(path, K::TooManySystems(MAX_SYSTEMS));
    }
    Ok(s.place_system(tile))
}

/// The faction's starting technologies, plus the Valefar Assimilators when they are its own.
pub(crate) fn default_techs(c: &Content, f: FactionId) -> TechSet {
    let mut techs = c.factions[f.idx()].starting_techs;
    for v in [c.known.valefar_x, c.known.valefar_y].into_iter().flatten() {
        if c.tech_def(v).faction == Some(f) {
            techs.insert(v);
        }
    }
    techs
}

/// Builds the state a position describes, or names the first field that is wrong.
pub fn from_position(c: &Content, pos: &Position) -> Result<State, PositionError> {
    if pos.version != FORMAT_VERSION {
        return err("version", K::UnsupportedVersion(pos.version));
    }
    if pos.players.is_empty() {
        return err("players", K::NoPlayers);
    }
    if pos.players.len() > MAX_PLAYERS {
        return err("players", K::TooManyPlayers(pos.players.len()));
    }
    let mut factions: Vec<FactionId> = Vec::with_capacity(pos.players.len());
    for (i, pp) in pos.players.iter().enumerate() {
        let path = format!("players[{i}].faction");
        let f = lookup(&path, IdKind::Faction, &pp.faction, c.faction(&pp.faction))?;
        if let Some(seat) = factions.iter().position(|&g| g == f) {
            return err(path, K::FactionTwice(pp.faction.clone(), seat));
        }
        factions.push(f);
    }
    let mut s = State::new(c, &factions);
    let mut listed = Vec::with_capacity(pos.systems.len());
    for (j, key) in pos.systems.iter().enumerate() {
        let path = format!("systems[{j}]");
        let tile = lookup(&path, IdKind::System, key, c.system(key))?;
        if listed.contains(&tile) {
            return err(path, K::Duplicate(IdKind::System, key.clone()));
        }
        listed.push(tile);
        place(&mut s, tile, &path)?;
    }
    let mut plans = Vec::with_capacity(pos.players.len());
    let mut given_reinforcements = Vec::with_capacity(pos.players.len());
    for (i, pp) in pos.players.iter().enumerate() {
        let (plan, given) = read_player(c, &mut s, Player(i as u8), pp)?;
        plans.push(plan);
        given_reinforcements.push(given);
    }
    for (i, pp) in pos.players.iter().enumerate() {
        put_units(c, &mut s, Player(i as u8), pp, &plans[i])?;
        if pp.eliminated {
            check_eliminated(&s, Player(i as u8), pp)?;
        }
    }
    super::components::read(c, &mut s, pos, &given_reinforcements)?;
    Ok(s)
}

/// Pass 1 for one seat: technologies, planets, pools, tokens, Valefar; resolves unit entries.
/// Returns the unit plans and the command-token reinforcements given (checked once every
/// seat's Mahact sheet is known).
fn read_player(
    c: &Content,
    s: &mut State,
    p: Player,
    pp: &PlayerPosition,
) -> Result<(Vec<UnitPlan>, Option<u8>), PositionError> {
    let i = p.idx();
    let f = s.player(p).faction;
    let fac = &c.factions[f.idx()];
    let others_ok = crate::ti4::rules::holds_other_factions_technologies(c, s, p);
    s.player_mut(p).in_game = !pp.eliminated;
    if pp.eliminated {
        // Elimination: their technologies, trade goods and tokens went to the box.
        let what = if pp.technologies.as_ref().is_some_and(|t| !t.is_empty()) {
            Some(("technologies", "technologies"))
        } else if let Some(held) = crate::ti4::factions::components::held_by_eliminated(pp) {
            Some(held)
        } else if pp.trade_goods > 0 || pp.commodities > 0 {
            Some(("trade_goods", "trade goods or commodities"))
        } else {
            None
        };
        if let Some((field, what)) = what {
            return err(format!("players[{i}].{field}"), K::EliminatedHolds(what));
        }
    }

    // Technologies (Technology 1, 11, note 3).
    let techs = match &pp.technologies {
        None if pp.eliminated => TechSet::EMPTY,
        None => default_techs(c, f),
        Some(list) => {
            let mut techs = TechSet::EMPTY;
            for (k, key) in list.iter().enumerate() {
                let path = format!("players[{i}].technologies[{k}]");
                let t = lookup(&path, IdKind::Technology, key, c.tech(key))?;
                if !techs.insert(t) {
                    return err(path, K::Duplicate(IdKind::Technology, key.clone()));
                }
                // Technology 18: a rule may let a play area hold other factions' cards (the
                // Nekro Virus keeps assimilated technologies of eliminated players).
                if !others_ok {
                    match faction_block(c, s, p, t) {
                        Some(TechError::OtherFaction(o)) => {
                            return err(path, K::OtherFactionTechnology(key.clone(), c.factions[o.idx()].key.clone()))
                        }
                        Some(TechError::ReplacedByFactionUpgrade(by)) => {
                            return err(path, K::ReplacedTechnology(key.clone(), c.tech_def(by).key.clone()))
                        }
                        _ => {}
                    }
                }
            }
            techs
        }
    };
    s.player_mut(p).techs = techs;
    let mut exhausted = TechSet::EMPTY;
    for (k, key) in pp.exhausted_technologies.iter().enumerate() {
        let path = format!("players[{i}].exhausted_technologies[{k}]");
        let t = lookup(&path, IdKind::Technology, key, c.tech(key))?;
        if !exhausted.insert(t) {
            return err(path, K::Duplicate(IdKind::Technology, key.clone()));
        }
        if !techs.contains(t) {
            return err(path, K::ExhaustedNotOwned(key.clone()));
        }
    }
    s.player_mut(p).exhausted_techs = exhausted;

    // Planets: each card in exactly one play area.
    let planets: Vec<(PlanetId, bool, String)> = match &pp.planets {
        None if pp.eliminated => Vec::new(),
        None => fac.home_planets.iter().map(|&pl| (pl, false, format!("players[{i}].planets"))).collect(),
        Some(list) => {
            let mut v = Vec::with_capacity(list.len());
            for (k, e) in list.iter().enumerate() {
                let path = format!("players[{i}].planets[{k}].id");
                v.push((lookup(&path, IdKind::Planet, &e.id, c.planet(&e.id))?, e.exhausted, path));
            }
            v
        }
    };
    for (pl, ex, path) in planets {
        let key = &c.planets[pl.idx()].key;
        if s.player(p).planets.contains(pl) {
            return err(path, K::Duplicate(IdKind::Planet, key.clone()));
        }
        if let Some(other) = s.seats().find(|&q| s.player(q).planets.contains(pl)) {
            return err(path, K::PlanetControlledTwice(key.clone(), other.idx()));
        }
        s.player_mut(p).planets.insert(pl);
        s.exhausted_planets.set(pl, ex);
        // Its tile goes on the board, unless the board already holds a tile printing it (the
        // locked Wormhole Nexus, 82a, for Mallice).
        if let Some(tile) = c.planets[pl.idx()].system.filter(|_| s.planet_location(c, pl).is_none()) {
            place(s, tile, &path)?;
        }
    }

    // What faction cards require of the technologies and planets just read.
    crate::ti4::factions::components::check_player_cards(c, s, p)?;

    // Trade goods and commodities.
    if pp.commodities > fac.commodities {
        return err(format!("players[{i}].commodities"), K::CommoditiesAboveValue(pp.commodities, fac.commodities));
    }
    s.player_mut(p).trade_goods = pp.trade_goods;
    s.player_mut(p).commodities = pp.commodities;

    // The seat's own faction components (the Valefar Assimilator tokens, Technology 16-22).
    crate::ti4::factions::components::read_player(c, s, p, pp)?;

    // Units: resolve ids and place their tiles now, so tiles keep first-mention order.
    let mut plans = Vec::with_capacity(pp.units.len());
    for (k, e) in pp.units.iter().enumerate() {
        plans.push(resolve_unit(c, s, p, k, e)?);
    }

    // Command tokens: 16 per player between pools, board, reinforcements and other players'
    // Mahact sheets (reinforcements are settled once every sheet is known).
    let eliminated_default =
        CommandTokens { tactic: 0, fleet: 0, strategy: 0, systems: Vec::new(), reinforcements: None };
    let ct = match &pp.command_tokens {
        Some(ct) => ct,
        None if pp.eliminated => &eliminated_default,
        None => &CommandTokens::default(),
    };
    let mut on_board = 0u32;
    for (k, key) in ct.systems.iter().enumerate() {
        let path = format!("players[{i}].command_tokens.systems[{k}]");
        let tile = lookup(&path, IdKind::System, key, c.system(key))?;
        let slot = place(s, tile, &path)?;
        let tokens = &mut s.systems[slot as usize].tokens;
        if *tokens >> p.0 & 1 == 1 {
            return err(path, K::Duplicate(IdKind::System, key.clone()));
        }
        *tokens |= 1 << p.0;
        on_board += 1;
    }
    let total = ct.tactic as u32 + ct.fleet as u32 + ct.strategy as u32 + on_board;
    if total > COMMAND_TOKENS as u32 {
        return err(format!("players[{i}].command_tokens"), K::TooManyCommandTokens(total));
    }
    let ps = s.player_mut(p);
    ps.tactic = ct.tactic;
    ps.fleet = ct.fleet;
    ps.strategy = ct.strategy;
    ps.token_reinforcements = 0;
    Ok((plans, ct.reinforcements))
}

/// True for the unit types that are always ships.
fn is_ship(t: UnitType) -> bool {
    !matches!(t, UnitType::Infantry | UnitType::Mech | UnitType::Pds | UnitType::SpaceDock)
}

/// Resolves one unit entry: ids, counts, where it stands; places its tile.
fn resolve_unit(c: &Content, s: &mut State, p: Player, k: usize, e: &UnitEntry) -> Result<UnitPlan, PositionError> {
    let at = |field: &str| format!("players[{}].units[{k}]{field}", p.idx());
    let unit = lookup(&at(".unit"), IdKind::UnitType, &e.unit, UnitType::parse(&e.unit))?;
    if e.count == 0 {
        return err(at(".count"), K::ZeroCount);
    }
    if e.damaged > e.count {
        return err(at(".damaged"), K::DamagedAboveCount(e.damaged, e.count));
    }
    let system = match &e.system {
        Some(key) => Some(lookup(&at(".system"), IdKind::System, key, c.system(key))?),
        None => None,
    };
    let (tile, planet) = match &e.planet {
        Some(key) => {
            let pl = lookup(&at(".planet"), IdKind::Planet, key, c.planet(key))?;
            let Some(home) = c.planets[pl.idx()].system else {
                return err(at(".planet"), K::PlanetNotOnTile(key.clone()));
            };
            // A planet printed on two tiles (Mallice, on both sides of the Wormhole Nexus)
            // stands on the tile given; otherwise on its own tile.
            let tile = system.unwrap_or(home);
            if !c.systems[tile.idx()].planets.contains(&pl) {
                let (t, g) = (c.systems[home.idx()].key.clone(), c.systems[tile.idx()].key.clone());
                return err(at(".system"), K::SystemMismatch(key.clone(), t, g));
            }
            (tile, Some(pl))
        }
        None => match system {
            Some(tile) => (tile, None),
            None => return err(at(""), K::NoLocation),
        },
    };
    // Where each type may stand: ships in space; PDS on planets; space docks on planets, and in
    // the space area for a player with a Floating Factory (Technology 19:
    // `docks_may_stand_in_space`, owned or copied), only there when their sheet's dock floats.
    let dock = unit == UnitType::SpaceDock;
    let needs_space = is_ship(unit) || (dock && !docks_may_stand_on_planets(c, s, p));
    let needs_planet = unit == UnitType::Pds || (dock && !docks_may_stand_in_space(c, s, p));
    if needs_space && planet.is_some() {
        return err(at(".planet"), K::WrongArea(e.unit.clone(), "the space area"));
    }
    if needs_planet && planet.is_none() {
        return err(at(""), K::WrongArea(e.unit.clone(), "a planet"));
    }
    place(s, tile, &at(if planet.is_some() { ".planet" } else { ".system" }))?;
    Ok(UnitPlan { k, unit, tile, planet, count: e.count, damaged: e.damaged })
}

/// Pass 2 for one seat: units onto the board (State::add_units), damage marked.
fn put_units(
    c: &Content,
    s: &mut State,
    p: Player,
    pp: &PlayerPosition,
    plans: &[UnitPlan],
) -> Result<(), PositionError> {
    let i = p.idx();
    let f = s.player(p).faction;
    let applies = valefar::effective_techs(c, s, p);
    for u in plans {
        let e = &pp.units[u.k];
        let at = |field: &str| format!("players[{i}].units[{}]{field}", u.k);
        let Some(def) = c.effective_unit(f, u.unit, applies) else {
            return err(at(".unit"), K::NoSuchUnit(e.unit.clone()));
        };
        if u.damaged > 0 && !c.units[def.idx()].sustain_damage {
            return err(at(".damaged"), K::NoSustainDamage(e.unit.clone()));
        }
        let slot = s.slot_of(u.tile).unwrap_or_default();
        let (loc, place_field, place) = match u.planet {
            Some(pl) => {
                if let Some(owner) = s.seats().find(|&q| q != p && s.player(q).planets.contains(pl)) {
                    return err(at(".planet"), K::PlanetOfOther(c.planets[pl.idx()].key.clone(), owner.idx()));
                }
                let n = c.systems[u.tile.idx()].planets.iter().position(|&q| q == pl).unwrap_or_default();
                let loc = Location::Planet(slot, n as u8);
                (loc, ".planet", Place::Planet(c.planets[pl.idx()].key.clone()))
            }
            None => (Location::Space(slot), ".system", Place::Space(c.systems[u.tile.idx()].key.clone())),
        };
        match s.add_units(p, loc, u.unit, u.count) {
            Ok(()) => {}
            Err(UnitError::Occupied) => {
                let other = s.occupant(loc).map_or(0, |q| q.idx());
                return err(at(place_field), K::Occupied(place, other));
            }
            Err(UnitError::NotEnough) => {
                let limit = component_limit(c, f, u.unit);
                let n = s.player(p).on_board[u.unit.idx()] as u32 + u.count as u32;
                return err(at(".count"), K::ComponentLimit(e.unit.clone(), n, limit));
            }
            Err(UnitError::NoSuchLocation) => return err(at(place_field), K::NoLocation),
            Err(UnitError::WrongArea) => return err(at(place_field), K::WrongArea(e.unit.clone(), "the space area")),
        }
        if u.damaged > 0 {
            let damaged = s.damaged_at(loc, u.unit) + u.damaged;
            // Cannot fail: the units were just added there, and damaged <= count per entry.
            s.set_damaged(loc, u.unit, damaged).expect("at most the units there are damaged");
        }
    }
    Ok(())
}

/// Elimination: an eliminated seat keeps no planets, units or command tokens (pools, board,
/// reinforcements).
fn check_eliminated(s: &State, p: Player, pp: &PlayerPosition) -> Result<(), PositionError> {
    let i = p.idx();
    if !s.player(p).planets.is_empty() {
        return err(format!("players[{i}].planets"), K::EliminatedHolds("planets"));
    }
    if s.player(p).on_board.iter().any(|&n| n > 0) {
        return err(format!("players[{i}].units"), K::EliminatedHolds("units on the board"));
    }
    if (0..s.num_systems).any(|j| s.systems[j as usize].tokens >> p.0 & 1 == 1) {
        return err(format!("players[{i}].command_tokens.systems"), K::EliminatedHolds("command tokens on the board"));
    }
    let ps = s.player(p);
    let given = pp.command_tokens.as_ref().and_then(|ct| ct.reinforcements).unwrap_or(0);
    if ps.tactic + ps.fleet + ps.strategy + given > 0 {
        return err(format!("players[{i}].command_tokens"), K::EliminatedHolds("command tokens"));
    }
    Ok(())
}
