//! State → position: every field written explicitly, in a deterministic order (board tiles in
//! slot order, ids in content order, units board slot by board slot), so that reading the
//! result gives back an equal state.

use super::format::*;
use crate::ti4::components::{PublicState, StrategyCard, Zone};
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{Stack, State, MAX_PLANETS_PER_SYSTEM};

/// The position of a state, with every field explicit.
///
/// Exhausted planet cards that nobody controls are not written (a planet card out of every
/// play area has no exhausted state in the rules).
pub fn to_position(c: &Content, s: &State) -> Position {
    let tile_key = |slot: usize| c.systems[s.systems[slot].tile.idx()].key.clone();
    let faction_key = |p: Player| c.factions[s.player(p).faction.idx()].key.clone();
    let k = &c.cards;
    let action_in = |zone: Zone| -> Vec<String> {
        (0..k.action_copies.len())
            .filter(|&i| s.action_cards.get(i) == zone)
            .map(|i| k.action_cards[k.action_copies[i].idx()].key.clone())
            .collect()
    };
    let agendas_in = |zone: Zone| -> Vec<String> {
        (0..k.agendas.len()).filter(|&i| s.agendas.get(i) == zone).map(|i| k.agendas[i].key.clone()).collect()
    };
    let mut pos = Position {
        version: FORMAT_VERSION,
        systems: (0..s.num_systems as usize).map(tile_key).collect(),
        players: s.seats().map(|p| write_player(c, s, p)).collect(),
        round: s.round,
        speaker: s.tokens.speaker.map(faction_key),
        strategy_cards: StrategyCard::all()
            .map(|card| StrategyCardEntry {
                card: card.name().to_string(),
                holder: s.strategy_cards.holder(card).map(faction_key),
                exhausted: s.strategy_cards.is_exhausted(card),
                trade_goods: s.strategy_cards.trade_goods(card),
            })
            .collect(),
        action_cards: ActionCardsSection { discard: action_in(Zone::Discard), removed: action_in(Zone::Removed) },
        agendas: AgendasSection {
            discard: agendas_in(Zone::Discard),
            laws: agendas_in(Zone::Law),
            removed: Some(agendas_in(Zone::Removed)),
        },
        secret_objectives_removed: (0..k.secret_objectives.len())
            .filter(|&i| s.secret_objectives.get(i) == Zone::Removed)
            .map(|i| k.secret_objectives[i].key.clone())
            .collect(),
        public_objectives: (0..k.public_objectives.len())
            .map(|i| PublicObjectiveId(i as u8))
            .filter(|&o| s.public_objectives.state(o) != PublicState::Deck)
            .map(|o| PublicObjectiveEntry {
                id: k.public_objectives[o.idx()].key.clone(),
                revealed: s.public_objectives.state(o) == PublicState::Revealed,
                scored_by: s.public_objectives.scored_by(o).iter().map(faction_key).collect(),
            })
            .collect(),
        promissory_notes: s
            .seats()
            .flat_map(|owner| {
                k.seat_notes[s.player(owner).faction.idx()].iter().enumerate().map(move |(slot, &n)| (owner, slot, n))
            })
            .map(|(owner, slot, n)| {
                let zone = s.notes.get(owner, slot);
                let (location, holder) = match zone {
                    Zone::Hand(q) => ("hand", Some(q)),
                    Zone::PlayArea(q) => ("play_area", Some(q)),
                    Zone::Attached => ("attached", None),
                    _ => ("removed", None),
                };
                NoteEntry {
                    note: k.notes[n.idx()].key.clone(),
                    of: Some(faction_key(owner)),
                    location: location.to_string(),
                    holder: holder.map(faction_key),
                }
            })
            .collect(),
        creuss_wormholes: CreussWormholes::default(),
        naalu_zero: NaaluZero::default(),
        attachments: Attachments::default(),
        sleeper_tokens: SleeperTokens::default(),
        crimson_breaches: CrimsonBreaches::default(),
        exploration: write_exploration(c, s),
        map: None,
        rules: None,
        procedure: None,
    };
    // The faction components: each faction file writes its own fields.
    crate::ti4::factions::components::write(c, s, &mut pos);
    pos
}

fn write_player(c: &Content, s: &State, p: Player) -> PlayerPosition {
    let ps = s.player(p);
    let k = &c.cards;
    let tech_key = |t: TechId| c.tech_def(t).key.clone();
    let faction_key = |q: Player| c.factions[s.player(q).faction.idx()].key.clone();
    let secrets_in = |zone: Zone| -> Vec<String> {
        (0..k.secret_objectives.len())
            .filter(|&i| s.secret_objectives.get(i) == zone)
            .map(|i| k.secret_objectives[i].key.clone())
            .collect()
    };
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
        command_tokens: Some(CommandTokens {
            tactic: ps.tactic,
            fleet: ps.fleet,
            strategy: ps.strategy,
            systems: (0..s.num_systems as usize)
                .filter(|&slot| s.systems[slot].tokens >> p.0 & 1 == 1)
                .map(|slot| c.systems[s.systems[slot].tile.idx()].key.clone())
                .collect(),
            reinforcements: Some(ps.token_reinforcements),
        }),
        valefar: Valefar::default(),
        action_cards: (0..k.action_copies.len())
            .filter(|&i| s.action_cards.get(i) == Zone::Hand(p))
            .map(|i| k.action_cards[k.action_copies[i].idx()].key.clone())
            .collect(),
        agendas: (0..k.agendas.len())
            .filter(|&i| s.agendas.get(i) == Zone::PlayArea(p))
            .map(|i| k.agendas[i].key.clone())
            .collect(),
        secret_objectives: SecretObjectives { hand: secrets_in(Zone::Hand(p)), scored: secrets_in(Zone::PlayArea(p)) },
        leaders: k.seat_leaders[ps.faction.idx()]
            .iter()
            .enumerate()
            .map(|(slot, &l)| (k.leaders[l.idx()].key.clone(), s.leaders.get(p, slot).name().to_string()))
            .collect(),
        held_command_tokens: Vec::new(),
        captured: s
            .seats()
            .flat_map(|owner| UnitType::ALL.into_iter().map(move |t| (owner, t)))
            .filter_map(|(owner, t)| {
                let n = s.captured.held(p, owner, t);
                (n > 0).then(|| CapturedEntry { of: faction_key(owner), unit: t.name().to_string(), count: n })
            })
            .collect(),
        relic_fragments: crate::ti4::components::exploration::fragment_cards(c)
            .iter()
            .enumerate()
            .filter_map(|(kind, card)| card.map(|e| (kind, e)))
            .flat_map(|(kind, e)| {
                std::iter::repeat_n(k.exploration[e.idx()].key.clone(), s.exploration.fragments[p.idx()][kind] as usize)
            })
            .collect(),
        relics: (0..k.relics.len())
            .filter(|&i| s.exploration.relic(RelicId(i as u8)) == Zone::PlayArea(p))
            .map(|i| k.relics[i].key.clone())
            .collect(),
        bonus_victory_points: ps.bonus_vp,
        standing: (!ps.in_game).then(|| StandingEntry {
            order: ps.standing.order,
            round: Some(ps.standing.round),
            by: ps.standing.by.map(faction_key),
            victory_points: ps.standing.victory_points,
        }),
    }
}

/// The exploration cards out of their decks (discarded, purged, attached).
fn write_exploration(c: &Content, s: &State) -> ExplorationSection {
    let e = &s.exploration;
    let key = |i: usize| c.cards.exploration[i].key.clone();
    let copies = |counts: &[u8]| -> Vec<String> {
        counts.iter().enumerate().flat_map(|(i, &n)| std::iter::repeat_n(key(i), n as usize)).collect()
    };
    let n = c.cards.exploration.len();
    ExplorationSection {
        discard: copies(&e.discard[..n]),
        purged: copies(&e.purged[..n]),
        attached: e
            .attached
            .iter()
            .flatten()
            .map(|a| AttachmentEntry {
                card: key(a.card.idx()),
                planet: c.planets[a.planet.idx()].key.clone(),
                resources: a.bonus.resources,
                influence: a.bonus.influence,
                specialties: Colour::ALL
                    .into_iter()
                    .filter(|&col| a.bonus.specialties >> col as u8 & 1 == 1)
                    .map(|col| col.name().to_string())
                    .collect(),
            })
            .collect(),
        purged_relics: (0..c.cards.relics.len())
            .filter(|&i| c.cards.relics[i].implemented && e.relic(RelicId(i as u8)) == Zone::Removed)
            .map(|i| c.cards.relics[i].key.clone())
            .collect(),
        exhausted_relics: (0..c.cards.relics.len())
            .filter(|&i| e.exhausted_relics >> i & 1 == 1)
            .map(|i| c.cards.relics[i].key.clone())
            .collect(),
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
