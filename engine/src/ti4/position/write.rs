//! State → position: every field written explicitly, in a deterministic order (board tiles in
//! slot order, ids in content order, units board slot by board slot), so that reading the
//! result gives back an equal state.

use super::format::*;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{Stack, State, MAX_PLANETS_PER_SYSTEM};

/// The position of a state, with every field explicit.
///
/// Exhausted planet cards that nobody controls are not written (a planet card out of every
/// play area has no exhausted state in the rules).
pub fn to_position(c: &Content, s: &State) -> Position {
    let tile_key = |slot: usize| c.systems[s.systems[slot].tile.idx()].key.clone();
    Position {
        version: FORMAT_VERSION,
        systems: (0..s.num_systems as usize).map(tile_key).collect(),
        players: s.seats().map(|p| write_player(c, s, p)).collect(),
    }
}

fn write_player(c: &Content, s: &State, p: Player) -> PlayerPosition {
    let ps = s.player(p);
    let tech_key = |t: TechId| c.tech_def(t).key.clone();
    let mut units = Vec::new();
    for slot in 0..s.num_systems as usize {
        let sys = &s.systems[slot];
        let tile = &c.systems[sys.tile.idx()];
        write_area(&sys.space, p, &tile.key, None, &mut units);
        for (n, &pl) in tile.planets.iter().enumerate().take(MAX_PLANETS_PER_SYSTEM) {
            write_area(&sys.planets[n], p, &tile.key, Some(&c.planets[pl.idx()].key), &mut units);
        }
    }
    PlayerPosition {
        faction: c.factions[ps.faction.idx()].key.clone(),
        eliminated: !ps.in_game,
        technologies: Some(ps.techs.iter().map(tech_key).collect()),
        exhausted_technologies: ps.exhausted_techs.iter().map(tech_key).collect(),
        planets: Some(
            ps.planets
                .iter()
                .map(|pl| PlanetEntry {
                    id: c.planets[pl.idx()].key.clone(),
                    exhausted: s.exhausted_planets.contains(pl),
                })
                .collect(),
        ),
        units,
        trade_goods: ps.trade_goods,
        commodities: ps.commodities,
        command_tokens: CommandTokens {
            tactic: ps.tactic,
            fleet: ps.fleet,
            strategy: ps.strategy,
            systems: (0..s.num_systems as usize)
                .filter(|&slot| s.systems[slot].tokens >> p.0 & 1 == 1)
                .map(|slot| c.systems[s.systems[slot].tile.idx()].key.clone())
                .collect(),
            reinforcements: Some(ps.token_reinforcements),
        },
        valefar: Valefar { x: ps.valefar[0].map(tech_key), y: ps.valefar[1].map(tech_key) },
    }
}

/// One entry per unit type `p` has in `area`, in unit-type order.
fn write_area<const N: usize>(area: &Stack<N>, p: Player, tile: &str, planet: Option<&str>, out: &mut Vec<UnitEntry>) {
    if area.occupant() != Some(p) {
        return;
    }
    for t in UnitType::ALL {
        let count = area.of(t);
        if count > 0 {
            out.push(UnitEntry {
                unit: t.name().to_string(),
                count,
                damaged: area.damaged_of(t),
                system: Some(tile.to_string()),
                planet: planet.map(str::to_string),
            });
        }
    }
}
