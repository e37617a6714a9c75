//! Random states that the position checks must accept, for round-trip and elimination tests:
//! seated factions, technologies, planets, pools, command tokens, Valefar tokens, units, and
//! every other component (cards in hands, discard piles and play areas, promissory notes given
//! away, leaders, strategy cards, Mahact sheets, captured units, single tokens, standings)
//! drawn from a seeded RNG through the state's own API. Every state satisfies
//! `elimination::conservation::check`.

use crate::ti4::components::{LeaderState, PublicState, Standing, StrategyCard, Zone};
use crate::ti4::content::{Content, LeaderKind};
use crate::ti4::elimination::refresh_unit_masks;
use crate::ti4::factions::ZeroToken;
use crate::ti4::ids::*;
use crate::ti4::state::{component_limit, Location, State, COMMAND_TOKENS};
use crate::ti4::technology::valefar::{check_copy, Token};
use crate::ti4::technology::{docks_may_stand_in_space, docks_may_stand_on_planets, faction_block};
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
        if eliminated[i] {
            continue;
        }
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
        // I.I.H.Q. Modernization comes with the Custodia Vigilia card (exhausted when gained);
        // without the card free, the seat does not own the technology.
        if let (Some(iihq), Some(cv)) = (c.known.iihq_modernization, c.known.custodia_vigilia) {
            if s.player(p).techs.contains(iihq) && !s.player(p).planets.contains(cv) {
                if s.seats().any(|q| s.player(q).planets.contains(cv)) {
                    let ps = s.player_mut(p);
                    ps.techs.remove(iihq);
                    ps.exhausted_techs.remove(iihq);
                } else {
                    s.player_mut(p).planets.insert(cv);
                    s.exhausted_planets.set(cv, true);
                }
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
        if gone {
            ps.reinforcements = [0; UNIT_TYPES];
            ps.tactic = 0;
            ps.fleet = 0;
            ps.strategy = 0;
            ps.token_reinforcements = 0;
            continue;
        }
        ps.tactic = rng.random_range(0..5);
        ps.fleet = rng.random_range(0..5);
        ps.strategy = rng.random_range(0..3);
        ps.token_reinforcements = COMMAND_TOKENS - ps.tactic - ps.fleet - ps.strategy - on_board;
    }
    for p in s.seats().collect::<Vec<_>>() {
        refresh_unit_masks(c, &mut s, p);
    }
    random_components(c, &mut s, rng);
    s
}

/// A random seat still in the game, if any.
fn live(s: &State, rng: &mut ChaCha8Rng) -> Option<Player> {
    let live: Vec<Player> = s.seats().filter(|&p| s.player(p).in_game).collect();
    (!live.is_empty()).then(|| live[rng.random_range(0..live.len())])
}

/// Every component beyond units, technologies and planets, consistent with who is eliminated.
fn random_components(c: &Content, s: &mut State, rng: &mut ChaCha8Rng) {
    let k = &c.cards;
    s.round = rng.random_range(1..10);
    s.tokens.speaker = live(s, rng);
    // Cards: hands, discard piles, laws, owned agendas, objectives.
    for i in 0..k.action_copies.len() {
        let zone = match rng.random_range(0..10) {
            0 | 1 => live(s, rng).map_or(Zone::Deck, Zone::Hand),
            2 => Zone::Discard,
            _ => Zone::Deck,
        };
        s.action_cards.set(i, zone);
    }
    crate::ti4::components::normalize_action_cards(c, &mut s.action_cards);
    for i in 0..k.agendas.len() {
        let zone = match rng.random_range(0..12) {
            0 => Zone::Law,
            1 => live(s, rng).map_or(Zone::Deck, Zone::PlayArea),
            2 => Zone::Discard,
            3 => Zone::Removed,
            _ => s.agendas.get(i),
        };
        s.agendas.set(i, zone);
    }
    for i in 0..k.secret_objectives.len() {
        let zone = match rng.random_range(0..8) {
            0 => live(s, rng).map_or(Zone::Deck, Zone::Hand),
            1 => live(s, rng).map_or(Zone::Deck, Zone::PlayArea),
            _ => Zone::Deck,
        };
        s.secret_objectives.set(i, zone);
    }
    for i in 0..k.public_objectives.len() {
        let o = PublicObjectiveId(i as u8);
        match rng.random_range(0..6) {
            0 => s.public_objectives.set_state(o, PublicState::Unrevealed),
            1 | 2 => {
                s.public_objectives.set_state(o, PublicState::Revealed);
                for p in s.seats().filter(|&p| s.player(p).in_game).collect::<Vec<_>>() {
                    if rng.random_bool(0.3) {
                        s.public_objectives.set_scored(o, p, true);
                    }
                }
            }
            _ => {}
        }
    }
    // Strategy cards: held (ready or exhausted) by players in the game, or in the common area
    // with trade goods.
    for card in StrategyCard::all() {
        match live(s, rng).filter(|_| rng.random_bool(0.5)) {
            Some(p) => {
                s.strategy_cards.set_holder(card, Some(p));
                s.strategy_cards.set_exhausted(card, rng.random_bool(0.4));
            }
            None => s.strategy_cards.set_trade_goods(card, rng.random_range(0..3)),
        }
    }
    // Mahact sheets: a player in the game holds other players' tokens (theirs from reinforcements;
    // an eliminated player's stays in play).
    for holder in s.seats().collect::<Vec<_>>() {
        if !s.player(holder).in_game || !rng.random_bool(0.3) {
            continue;
        }
        for q in s.seats().filter(|&q| q != holder).collect::<Vec<_>>() {
            let taken = s.seats().any(|h| s.factions.held_tokens(h) >> q.0 & 1 == 1);
            if taken || !rng.random_bool(0.4) {
                continue;
            }
            if s.player(q).in_game {
                if s.player(q).token_reinforcements == 0 {
                    continue;
                }
                s.player_mut(q).token_reinforcements -= 1;
            }
            *s.factions.held_tokens_mut(holder) |= 1 << q.0;
        }
    }
    // Captured units on up to two captors' sheets.
    for _ in 0..rng.random_range(0..3) {
        let (Some(captor), owner) = (live(s, rng), Player(rng.random_range(0..s.num_players))) else { continue };
        let t = UnitType::ALL[rng.random_range(0..UNIT_TYPES)];
        if captor == owner {
            continue;
        }
        let n = rng.random_range(1..3);
        // A capture the reinforcements or the sheet cannot take is skipped (a random position
        // tries each, it does not require it).
        let taken = if s.player(owner).in_game {
            s.capture_from_reinforcements(captor, owner, t, n).is_ok()
        } else {
            s.captured.of_owner(owner, t) + n as u32 <= component_limit(c, s.player(owner).faction, t) as u32
                && s.captured.add(captor, owner, t, n).is_ok()
        };
        if !taken {
            continue;
        }
    }
    // Promissory notes and leaders.
    for owner in s.seats().collect::<Vec<_>>() {
        let f = s.player(owner).faction;
        let gone = !s.player(owner).in_game;
        for slot in 0..k.seat_notes[f.idx()].len() {
            let zone = if gone {
                Zone::Removed
            } else {
                match rng.random_range(0..8) {
                    0 => live(s, rng).map_or(Zone::Removed, Zone::Hand),
                    1 => live(s, rng).map_or(Zone::Removed, Zone::PlayArea),
                    2 => Zone::Removed,
                    _ => s.notes.get(owner, slot),
                }
            };
            s.notes.set(owner, slot, zone);
        }
        let mahact_holds = s.seats().any(|h| s.factions.held_tokens(h) >> owner.0 & 1 == 1);
        for (slot, &l) in k.seat_leaders[f.idx()].iter().enumerate() {
            let st = if gone {
                let commander = k.leaders[l.idx()].kind == LeaderKind::Commander;
                if commander && mahact_holds && rng.random_bool(0.5) {
                    LeaderState::Unlocked
                } else {
                    LeaderState::Removed
                }
            } else {
                [LeaderState::Locked, LeaderState::Unlocked, LeaderState::Exhausted, LeaderState::Purged]
                    [rng.random_range(0..4)]
            };
            s.leaders.set(owner, slot, st);
        }
    }
    // Titans attachments: the Terraform note and the hero, on random planets.
    for owner in s.seats().collect::<Vec<_>>() {
        let f = s.player(owner).faction;
        let planet = PlanetId(rng.random_range(0..c.planets.len()) as u8);
        if let Some(slot) = k.seat_notes[f.idx()].iter().position(|&n| Some(n) == c.known.terraform) {
            if rng.random_bool(0.5) {
                s.notes.set(owner, slot, Zone::Attached);
                s.factions.set_terraform(Some(planet));
            }
        }
        if let Some(slot) = k.seat_leaders[f.idx()].iter().position(|&l| Some(l) == c.known.geoform_hero) {
            if rng.random_bool(0.5) {
                s.leaders.set(owner, slot, LeaderState::Attached);
                s.factions.set_geoform(Some(planet));
            }
        }
    }
    // Creuss wormhole tokens, the Naalu "0" token.
    for t in 0..2 {
        s.factions.wormhole_tokens_mut()[t] =
            (rng.random_bool(0.3) && s.num_systems > 0).then(|| rng.random_range(0..s.num_systems));
    }
    let naalu_gone = s.seats().any(|p| !s.player(p).in_game && crate::ti4::rules::owns_zero_token(c, s, p));
    let zero = match rng.random_range(0..3) {
        0 => live(s, rng).map_or(ZeroToken::Supply, ZeroToken::Held),
        1 if naalu_gone => ZeroToken::Removed,
        _ => ZeroToken::Supply,
    };
    s.factions.set_zero_token(zero);
    let leaves = naalu_gone && matches!(zero, ZeroToken::Held(_)) && rng.random_bool(0.5);
    s.factions.set_zero_token_leaves(leaves);
    // Bonus points and standings.
    let mut order = 0;
    for p in s.seats().collect::<Vec<_>>() {
        if s.player(p).in_game {
            s.player_mut(p).bonus_vp = rng.random_range(0..3);
        } else {
            order += 1;
            let by = live(s, rng).filter(|_| rng.random_bool(0.5));
            s.player_mut(p).standing =
                Standing { order, round: rng.random_range(1..=s.round), by, victory_points: rng.random_range(0..6) };
        }
    }
}

/// Nekro-style seats (owning a Valefar card) put tokens on other factions' technologies, as
/// `valefar::check_copy` allows (the position reader's check).
fn valefar(c: &Content, s: &mut State, p: Player, rng: &mut ChaCha8Rng) {
    let f = s.player(p).faction;
    let targets: Vec<TechId> = c
        .all_techs
        .iter()
        .filter(|&t| c.tech_def(t).faction.is_some_and(|o| o != f) && Some(t) != c.known.iihq_modernization)
        .collect();
    for token in Token::BOTH {
        if token.card(c).is_some_and(|card| s.player(p).techs.contains(card)) && rng.random_bool(0.7) {
            let t = targets[rng.random_range(0..targets.len())];
            if check_copy(c, s, p, token, t).is_ok() {
                s.factions.valefar_mut(p)[token.idx()] = Some(t);
            }
        }
    }
}

/// Adds a few units of one random type to a random legal place, if there is one.
fn add_random_units(c: &Content, s: &mut State, p: Player, rng: &mut ChaCha8Rng) {
    let ps = s.player(p);
    let f = ps.faction;
    let applies = ps.techs.union(s.factions.valefar(p).iter().flatten().copied().collect());
    let t = UnitType::ALL[rng.random_range(0..UNIT_TYPES)];
    let Some(def) = c.effective_unit(f, t, applies) else { return };
    let slot = rng.random_range(0..s.num_systems);
    let on_planet = match t {
        UnitType::Infantry | UnitType::Mech => rng.random_bool(0.7),
        UnitType::Pds => true,
        // Technology 19: Floating Factories (owned or copied) stand in space.
        UnitType::SpaceDock if !docks_may_stand_on_planets(c, s, p) => false,
        UnitType::SpaceDock if docks_may_stand_in_space(c, s, p) => rng.random_bool(0.5),
        UnitType::SpaceDock => true,
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
