//! Random states that the position checks must accept, for round-trip tests: seated factions,
//! technologies, planets, pools, command tokens, Valefar tokens and units drawn from a seeded
//! RNG through the state's own API.

use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State, COMMAND_TOKENS};
use crate::ti4::technology::faction_block;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// A random state the position checks accept.
pub(crate) fn random_state(c: &Content, rng: &mut ChaCha8Rng) -> State {
    let n = rng.random_range(1..=MAX_PLAYERS);
    let mut factions: Vec<FactionId> = Vec::new();
    while factions.len() < n {
        let f = FactionId(rng.random_range(0..c.factions.len()) as u8);
        if !factions.contains(&f) {
            factions.push(f);
        }
    }
    let mut s = State::new(c, &factions);
    let eliminated: Vec<bool> = (0..n).map(|_| rng.random_bool(0.1)).collect();
    // A few loose tiles first, then each seat's planets (placing their tiles).
    for _ in 0..rng.random_range(0..6) {
        s.place_system(SystemId(rng.random_range(0..c.systems.len()) as u8));
    }
    for (i, &f) in factions.iter().enumerate() {
        let p = Player(i as u8);
        s.player_mut(p).in_game = !eliminated[i];
        // Half the seats keep their starting technologies (Valefar cards for the Nekro).
        let mut techs = if rng.random_bool(0.5) { super::read::default_techs(c, f) } else { TechSet::EMPTY };
        for t in c.all_techs.iter() {
            if rng.random_bool(0.25) && faction_block(c, &s, p, t).is_none() {
                techs.insert(t);
            }
        }
        let exhausted = techs.iter().filter(|_| rng.random_bool(0.3)).collect();
        let ps = s.player_mut(p);
        ps.techs = techs;
        ps.exhausted_techs = exhausted;
        ps.trade_goods = rng.random_range(0..20);
        ps.commodities = rng.random_range(0..=c.factions[f.idx()].commodities);
        if eliminated[i] {
            continue;
        }
        let mut wanted: Vec<PlanetId> = c.factions[f.idx()].home_planets.clone();
        for _ in 0..rng.random_range(0..4) {
            wanted.push(PlanetId(rng.random_range(0..c.planets.len()) as u8));
        }
        for pl in wanted {
            if s.seats().any(|q| s.player(q).planets.contains(pl)) {
                continue;
            }
            s.player_mut(p).planets.insert(pl);
            s.exhausted_planets.set(pl, rng.random_bool(0.3));
            if let Some(tile) = c.planets[pl.idx()].system {
                s.place_system(tile);
            }
        }
        valefar(c, &mut s, p, rng);
    }
    for (i, &gone) in eliminated.iter().enumerate() {
        let p = Player(i as u8);
        let mut on_board = 0u8;
        if !gone {
            for slot in 0..s.num_systems {
                if rng.random_bool(0.15) && on_board < 4 {
                    s.systems[slot as usize].tokens |= 1 << p.0;
                    on_board += 1;
                }
            }
            for _ in 0..rng.random_range(0..8) {
                add_random_units(c, &mut s, p, rng);
            }
        }
        let ps = s.player_mut(p);
        ps.tactic = rng.random_range(0..5);
        ps.fleet = rng.random_range(0..5);
        ps.strategy = rng.random_range(0..3);
        ps.token_reinforcements = COMMAND_TOKENS - ps.tactic - ps.fleet - ps.strategy - on_board;
    }
    s
}

/// Nekro-style seats (owning a Valefar card) put tokens on other factions' technologies.
fn valefar(c: &Content, s: &mut State, p: Player, rng: &mut ChaCha8Rng) {
    let f = s.player(p).faction;
    let targets: Vec<TechId> = c
        .all_techs
        .iter()
        .filter(|&t| c.tech_def(t).faction.is_some_and(|o| o != f) && Some(t) != c.known.iihq_modernization)
        .collect();
    for (slot, card) in [c.known.valefar_x, c.known.valefar_y].into_iter().enumerate() {
        if card.is_some_and(|card| s.player(p).techs.contains(card)) && rng.random_bool(0.7) {
            let t = targets[rng.random_range(0..targets.len())];
            if s.player(p).valefar[0] != Some(t) {
                s.player_mut(p).valefar[slot] = Some(t);
            }
        }
    }
}

/// Adds a few units of one random type to a random legal place, if there is one.
fn add_random_units(c: &Content, s: &mut State, p: Player, rng: &mut ChaCha8Rng) {
    let ps = s.player(p);
    let f = ps.faction;
    let applies = ps.techs.union(ps.valefar.iter().flatten().copied().collect());
    let t = UnitType::ALL[rng.random_range(0..UNIT_TYPES)];
    let Some(def) = c.effective_unit(f, t, applies) else { return };
    let slot = rng.random_range(0..s.num_systems);
    let floating = c.known.floating_factory_ii.is_some_and(|u| c.tech_def(u).faction == Some(f));
    let on_planet = match t {
        UnitType::Infantry | UnitType::Mech => rng.random_bool(0.7),
        UnitType::Pds => true,
        UnitType::SpaceDock => !floating,
        _ => false,
    };
    let loc = if on_planet {
        let tile = &c.systems[s.systems[slot as usize].tile.idx()];
        if tile.planets.is_empty() {
            return;
        }
        let n = rng.random_range(0..tile.planets.len().min(3));
        let pl = tile.planets[n];
        // Units stand on planets their seat controls, or on planets nobody controls.
        if s.seats().any(|q| q != p && s.player(q).planets.contains(pl)) {
            return;
        }
        Location::Planet(slot, n as u8)
    } else {
        Location::Space(slot)
    };
    if s.occupant(loc).is_some_and(|q| q != p) {
        return;
    }
    let k = rng.random_range(1..4);
    if s.add_units(p, loc, t, k).is_ok() && c.units[def.idx()].sustain_damage && rng.random_bool(0.5) {
        let d = (s.damaged_at(loc, t) + 1).min(s.count_at(loc, t));
        s.set_damaged(loc, t, d).expect("units are there");
    }
}
