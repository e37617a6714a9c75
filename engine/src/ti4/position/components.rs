//! Position → state, pass 3: the components beyond units, technologies and planets — command
//! tokens on Mahact sheets and reinforcements, captured units, cards, promissory notes, leaders,
//! strategy cards, single tokens, standings — then the unit masks, and a final conservation
//! check so that every accepted position has every component in exactly one place.

use super::error::{IdKind, PositionError, PositionErrorKind as K};
use super::format::*;
use super::read::{err, lookup};
use crate::ti4::components::{LeaderState, PublicState, StrategyCard, Zone};
use crate::ti4::content::Content;
use crate::ti4::elimination::{conservation, refresh_unit_masks};
use crate::ti4::ids::*;
use crate::ti4::state::{State, COMMAND_TOKENS};

/// The seat playing faction `key`.
pub(crate) fn seat(c: &Content, s: &State, path: &str, key: &str) -> Result<Player, PositionError> {
    let f = lookup(path, IdKind::Faction, key, c.faction(key))?;
    s.seat_of(f).ok_or_else(|| PositionError::new(path, K::NotSeated(key.to_string())))
}

/// The seat playing faction `key`, which must still be in the game.
pub(crate) fn live_seat(c: &Content, s: &State, path: &str, key: &str) -> Result<Player, PositionError> {
    let p = seat(c, s, path, key)?;
    if !s.player(p).in_game {
        return err(path, K::NotInGame(key.to_string()));
    }
    Ok(p)
}

/// Pass 3 (see the module header). `given` are the command-token reinforcements each seat gave.
pub(super) fn read(c: &Content, s: &mut State, pos: &Position, given: &[Option<u8>]) -> Result<(), PositionError> {
    s.round = pos.round;
    for p in s.seats().collect::<Vec<_>>() {
        if !s.player(p).in_game {
            // Elimination: units in reinforcements went to the box.
            s.player_mut(p).reinforcements = [0; UNIT_TYPES];
        }
    }
    held_tokens(c, s, pos, given)?;
    captured(c, s, pos)?;
    action_cards(c, s, pos)?;
    agendas(c, s, pos)?;
    objectives(c, s, pos)?;
    notes(c, s, pos)?;
    leaders(c, s, pos)?;
    strategy_cards(c, s, pos)?;
    tokens(c, s, pos)?;
    exploration(c, s, pos)?;
    standings(c, s, pos)?;
    for p in s.seats().collect::<Vec<_>>() {
        refresh_unit_masks(c, s, p);
    }
    conservation::check(c, s).map_err(|e| PositionError::new("", K::Inconsistent(e.to_string())))
}

/// The command tokens on faction sheets (`factions::components::read_sheets`), then each seat's
/// command-token reinforcements: 16 minus pools, board and the tokens on other players' sheets.
fn held_tokens(c: &Content, s: &mut State, pos: &Position, given: &[Option<u8>]) -> Result<(), PositionError> {
    crate::ti4::factions::components::read_sheets(c, s, pos)?;
    for (i, &given) in given.iter().enumerate() {
        let p = Player(i as u8);
        if !s.player(p).in_game {
            continue;
        }
        let bit = 1u8 << p.0;
        let board = s.systems.iter().take(s.num_systems as usize).filter(|sl| sl.tokens & bit != 0).count() as u32;
        let sheets = crate::ti4::factions::components::command_tokens_on_sheets(s, p);
        let ps = s.player(p);
        let used = ps.tactic as u32 + ps.fleet as u32 + ps.strategy as u32 + board + sheets;
        if used > COMMAND_TOKENS as u32 {
            return err(format!("players[{i}].command_tokens"), K::TooManyCommandTokens(used));
        }
        let left = COMMAND_TOKENS - used as u8;
        if let Some(r) = given {
            if r != left {
                return err(format!("players[{i}].command_tokens.reinforcements"), K::ReinforcementsMismatch(r, left));
            }
        }
        s.player_mut(p).token_reinforcements = left;
    }
    Ok(())
}

/// Captured units: taken from the owner's reinforcements (or, for an eliminated owner, from the
/// box). The owner may be the captor (the Vuil'raith capture their own destroyed units).
fn captured(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    for (i, pp) in pos.players.iter().enumerate() {
        let captor = Player(i as u8);
        for (k, e) in pp.captured.iter().enumerate() {
            let at = |f: &str| format!("players[{i}].captured[{k}]{f}");
            let owner = seat(c, s, &at(".of"), &e.of)?;
            let t = lookup(&at(".unit"), IdKind::UnitType, &e.unit, UnitType::parse(&e.unit))?;
            if pp.eliminated {
                return err(at(""), K::EliminatedHolds("captured units"));
            }
            if e.count == 0 {
                return err(at(".count"), K::ZeroCount);
            }
            let available = if s.player(owner).in_game {
                s.player(owner).reinforcements[t.idx()] as u32
            } else {
                let limit = crate::ti4::state::component_limit(c, s.player(owner).faction, t) as u32;
                limit - s.captured.of_owner(owner, t)
            };
            if e.count as u32 > available {
                return err(at(".count"), K::CapturedAboveSupply(e.unit.clone(), e.count as u32, available));
            }
            if s.captured.add(captor, owner, t, e.count).is_err() {
                return err(at(""), K::TooManyCaptors(crate::ti4::components::MAX_CAPTORS));
            }
            if s.player(owner).in_game {
                s.player_mut(owner).reinforcements[t.idx()] -= e.count;
            }
        }
    }
    Ok(())
}

/// Action cards: hands, then the discard pile and the removed cards; each listing takes the
/// next copy still in the deck.
fn action_cards(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let place = |s: &mut State, path: String, key: &str, zone: Zone| -> Result<(), PositionError> {
        let card = lookup(&path, IdKind::ActionCard, key, c.cards.action_card(key))?;
        let (first, n) = c.cards.copies_of(card);
        let free = (first..first + n).find(|&i| s.action_cards.get(i) == Zone::Deck);
        match free {
            Some(i) => {
                s.action_cards.set(i, zone);
                Ok(())
            }
            None => err(path, K::TooManyCopies(key.to_string(), n as u8)),
        }
    };
    for (i, pp) in pos.players.iter().enumerate() {
        if pp.eliminated && !pp.action_cards.is_empty() {
            return err(format!("players[{i}].action_cards"), K::EliminatedHolds("action cards"));
        }
        for (k, key) in pp.action_cards.iter().enumerate() {
            place(s, format!("players[{i}].action_cards[{k}]"), key, Zone::Hand(Player(i as u8)))?;
        }
    }
    for (k, key) in pos.action_cards.discard.iter().enumerate() {
        place(s, format!("action_cards.discard[{k}]"), key, Zone::Discard)?;
    }
    for (k, key) in pos.action_cards.removed.iter().enumerate() {
        place(s, format!("action_cards.removed[{k}]"), key, Zone::Removed)?;
    }
    crate::ti4::components::normalize_action_cards(c, &mut s.action_cards);
    Ok(())
}

/// Agendas: each card placed once; the default removal applies to cards listed nowhere.
fn agendas(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let n = c.cards.agendas.len();
    let mut placed = vec![false; n];
    let mut set = |s: &mut State, path: String, key: &str, zone: Zone| -> Result<(), PositionError> {
        let a = lookup(&path, IdKind::Agenda, key, c.cards.agenda(key))?;
        if std::mem::replace(&mut placed[a.idx()], true) {
            return err(path, K::CardTwice(IdKind::Agenda, key.to_string()));
        }
        s.agendas.set(a.idx(), zone);
        Ok(())
    };
    let mut plan: Vec<(String, &String, Zone)> = Vec::new();
    for (i, pp) in pos.players.iter().enumerate() {
        if pp.eliminated && !pp.agendas.is_empty() {
            return err(format!("players[{i}].agendas"), K::EliminatedHolds("agenda cards"));
        }
        plan.extend(
            pp.agendas
                .iter()
                .enumerate()
                .map(|(k, a)| (format!("players[{i}].agendas[{k}]"), a, Zone::PlayArea(Player(i as u8)))),
        );
    }
    let sec = &pos.agendas;
    plan.extend(sec.laws.iter().enumerate().map(|(k, a)| (format!("agendas.laws[{k}]"), a, Zone::Law)));
    plan.extend(sec.discard.iter().enumerate().map(|(k, a)| (format!("agendas.discard[{k}]"), a, Zone::Discard)));
    if let Some(removed) = &sec.removed {
        plan.extend(removed.iter().enumerate().map(|(k, a)| (format!("agendas.removed[{k}]"), a, Zone::Removed)));
    }
    // Every card starts in the deck; listed cards move; unlisted ones keep the default only
    // when `removed` is omitted.
    for i in 0..n {
        let default_removed = sec.removed.is_none() && c.cards.agendas[i].removed_in_pok;
        s.agendas.set(i, if default_removed { Zone::Removed } else { Zone::Deck });
    }
    for (path, key, zone) in plan {
        set(s, path, key, zone)?;
    }
    Ok(())
}

/// Public objectives set up and scored; secret objectives in hands and play areas.
fn objectives(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let mut seen = vec![false; c.cards.public_objectives.len()];
    for (k, e) in pos.public_objectives.iter().enumerate() {
        let path = format!("public_objectives[{k}]");
        let o = lookup(&format!("{path}.id"), IdKind::PublicObjective, &e.id, c.cards.public_objective(&e.id))?;
        if std::mem::replace(&mut seen[o.idx()], true) {
            return err(format!("{path}.id"), K::CardTwice(IdKind::PublicObjective, e.id.clone()));
        }
        s.public_objectives.set_state(o, if e.revealed { PublicState::Revealed } else { PublicState::Unrevealed });
        for (j, key) in e.scored_by.iter().enumerate() {
            let at = format!("{path}.scored_by[{j}]");
            let p = live_seat(c, s, &at, key)?;
            if !e.revealed {
                return err(at, K::ScoredNotRevealed(e.id.clone()));
            }
            if s.public_objectives.scored_by(o).contains(p) {
                return err(at, K::Duplicate(IdKind::Faction, key.clone()));
            }
            s.public_objectives.set_scored(o, p, true);
        }
    }
    for (k, key) in pos.secret_objectives_removed.iter().enumerate() {
        let path = format!("secret_objectives_removed[{k}]");
        let o = lookup(&path, IdKind::SecretObjective, key, c.cards.secret_objective(key))?;
        if s.secret_objectives.get(o.idx()) != Zone::Deck {
            return err(path, K::CardTwice(IdKind::SecretObjective, key.clone()));
        }
        s.secret_objectives.set(o.idx(), Zone::Removed);
    }
    for (i, pp) in pos.players.iter().enumerate() {
        let p = Player(i as u8);
        let so = &pp.secret_objectives;
        if pp.eliminated && !(so.hand.is_empty() && so.scored.is_empty()) {
            return err(format!("players[{i}].secret_objectives"), K::EliminatedHolds("secret objectives"));
        }
        let lists = [("hand", &so.hand, Zone::Hand(p)), ("scored", &so.scored, Zone::PlayArea(p))];
        for (field, list, zone) in lists {
            for (k, key) in list.iter().enumerate() {
                let path = format!("players[{i}].secret_objectives.{field}[{k}]");
                let o = lookup(&path, IdKind::SecretObjective, key, c.cards.secret_objective(key))?;
                if s.secret_objectives.get(o.idx()) != Zone::Deck {
                    return err(path, K::CardTwice(IdKind::SecretObjective, key.clone()));
                }
                s.secret_objectives.set(o.idx(), zone);
            }
        }
    }
    Ok(())
}

/// Promissory notes away from their owner's hand.
fn notes(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    // An eliminated owner's notes are in the box unless listed (Terraform may stay attached).
    for p in s.seats().collect::<Vec<_>>() {
        if !s.player(p).in_game {
            for k in 0..c.cards.seat_notes[s.player(p).faction.idx()].len() {
                s.notes.set(p, k, Zone::Removed);
            }
        }
    }
    let mut listed = [[false; crate::ti4::content::cards::MAX_NOTES_PER_SEAT]; MAX_PLAYERS];
    for (k, e) in pos.promissory_notes.iter().enumerate() {
        let at = |f: &str| format!("promissory_notes[{k}]{f}");
        let note = lookup(&at(".note"), IdKind::PromissoryNote, &e.note, c.cards.note(&e.note))?;
        let def = &c.cards.notes[note.idx()];
        let owner = match (&e.of, def.faction) {
            (Some(of), _) => {
                let owner = seat(c, s, &at(".of"), of)?;
                if def.faction.is_some_and(|f| f != s.player(owner).faction) {
                    return err(at(".of"), K::NoteOwner(e.note.clone(), "a faction note belongs to its own faction"));
                }
                owner
            }
            (None, Some(f)) => {
                s.seat_of(f).ok_or_else(|| PositionError::new(at(".note"), K::NoteNotInGame(e.note.clone())))?
            }
            (None, None) => {
                return err(at(".of"), K::NoteOwner(e.note.clone(), "a generic note needs 'of' (its owner)"))
            }
        };
        let slot = c.cards.seat_notes[s.player(owner).faction.idx()].iter().position(|&n| n == note).unwrap_or(0);
        if std::mem::replace(&mut listed[owner.idx()][slot], true) {
            return err(at(".note"), K::CardTwice(IdKind::PromissoryNote, e.note.clone()));
        }
        let holder = |s: &State| -> Result<Player, PositionError> {
            match &e.holder {
                Some(h) => live_seat(c, s, &at(".holder"), h),
                None => err(at(".holder"), K::BadValue("null".into(), "a faction holding the note")),
            }
        };
        let zone = match e.location.as_str() {
            "hand" => Zone::Hand(holder(s)?),
            "play_area" => Zone::PlayArea(holder(s)?),
            "attached" => Zone::Attached,
            "removed" => Zone::Removed,
            v => return err(at(".location"), K::BadValue(v.to_string(), "hand, play_area, attached, removed")),
        };
        if zone.holder().is_some() && !s.player(owner).in_game {
            return err(at(".location"), K::EliminatedHolds("promissory notes outside the box"));
        }
        if zone == Zone::Attached && !crate::ti4::factions::components::note_attaches(c, note) {
            return err(at(".location"), K::Attachment("only the Terraform note attaches to a planet"));
        }
        s.notes.set(owner, slot, zone);
    }
    Ok(())
}

/// Leader states.
fn leaders(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    for (i, pp) in pos.players.iter().enumerate() {
        let p = Player(i as u8);
        let list = &c.cards.seat_leaders[s.player(p).faction.idx()];
        if pp.eliminated {
            for k in 0..list.len() {
                s.leaders.set(p, k, LeaderState::Removed);
            }
        }
        for (key, state) in &pp.leaders {
            let path = format!("players[{i}].leaders.{key}");
            let l = lookup(&path, IdKind::Leader, key, c.cards.leader(key))?;
            let Some(slot) = list.iter().position(|&m| m == l) else {
                let f = &c.factions[c.cards.leaders[l.idx()].faction.idx()].key;
                return err(path, K::OtherFactionLeader(key.clone(), f.clone()));
            };
            let st = LeaderState::parse(state).ok_or_else(|| {
                PositionError::new(
                    &path,
                    K::BadValue(state.clone(), "locked, unlocked, exhausted, purged, attached, removed"),
                )
            })?;
            if st == LeaderState::Attached && !crate::ti4::factions::components::leader_attaches(c, l) {
                return err(path, K::Attachment("only the Titans hero attaches to a planet"));
            }
            s.leaders.set(p, slot, st);
        }
    }
    Ok(())
}

/// Strategy cards.
fn strategy_cards(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let mut seen = [false; crate::ti4::components::STRATEGY_CARDS];
    for (k, e) in pos.strategy_cards.iter().enumerate() {
        let at = |f: &str| format!("strategy_cards[{k}]{f}");
        let card = lookup(&at(".card"), IdKind::StrategyCard, &e.card, StrategyCard::parse(&e.card))?;
        if std::mem::replace(&mut seen[card.0 as usize], true) {
            return err(at(".card"), K::CardTwice(IdKind::StrategyCard, e.card.clone()));
        }
        let holder = e.holder.as_deref().map(|h| live_seat(c, s, &at(".holder"), h)).transpose()?;
        if holder.is_some() && e.trade_goods > 0 {
            return err(
                at(".trade_goods"),
                K::StrategyCardMisplaced("trade goods lie only on cards in the common play area"),
            );
        }
        if holder.is_none() && e.exhausted {
            return err(at(".exhausted"), K::StrategyCardMisplaced("only a held strategy card can be exhausted"));
        }
        let sc = &mut s.strategy_cards;
        sc.set_holder(card, holder);
        sc.set_exhausted(card, e.exhausted);
        sc.set_trade_goods(card, e.trade_goods);
    }
    Ok(())
}

/// Exploration cards (rules 35): discarded, purged and attached copies, and each player's
/// relic fragments, taken from their decks; a card the engine does not put in play, or more
/// copies than the card has, is an error.
fn exploration(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    use crate::ti4::components::PlanetBonus;
    fn card(c: &Content, s: &State, path: &str, key: &str) -> Result<ExplorationId, PositionError> {
        let e = lookup(path, IdKind::ExplorationCard, key, c.cards.exploration(key))?;
        if s.exploration.deck[e.idx()] == 0 {
            return err(path, K::BadValue(key.to_string(), "an exploration card with a copy left in its deck"));
        }
        Ok(e)
    }
    let ex = &pos.exploration;
    for (i, key) in ex.discard.iter().enumerate() {
        let e = card(c, s, &format!("exploration.discard[{i}]"), key)?;
        s.exploration.deck[e.idx()] -= 1;
        s.exploration.discard[e.idx()] += 1;
    }
    for (i, key) in ex.purged.iter().enumerate() {
        let e = card(c, s, &format!("exploration.purged[{i}]"), key)?;
        s.exploration.deck[e.idx()] -= 1;
        s.exploration.purged[e.idx()] += 1;
    }
    for (i, a) in ex.attached.iter().enumerate() {
        let path = format!("exploration.attached[{i}]");
        let e = card(c, s, &format!("{path}.card"), &a.card)?;
        let planet = lookup(&format!("{path}.planet"), IdKind::Planet, &a.planet, c.planet(&a.planet))?;
        let mut specialties = 0u8;
        for (k, col) in a.specialties.iter().enumerate() {
            let Some(col) = Colour::parse(col) else {
                return err(format!("{path}.specialties[{k}]"), K::BadValue(col.clone(), "a technology colour"));
            };
            specialties |= 1 << col as u8;
        }
        let bonus = PlanetBonus { resources: a.resources, influence: a.influence, specialties };
        if !s.exploration.attach(e, planet, bonus) {
            return err(&path, K::Attachment("more attachments than the state holds"));
        }
        s.exploration.deck[e.idx()] -= 1;
    }
    let relic = |s: &State, path: &str, key: &str| -> Result<RelicId, PositionError> {
        let r = lookup(path, IdKind::Relic, key, c.cards.relic(key))?;
        if s.exploration.relic(r) != Zone::Deck {
            return err(path, K::BadValue(key.to_string(), "a relic in play, listed once"));
        }
        Ok(r)
    };
    for (i, key) in ex.purged_relics.iter().enumerate() {
        let r = relic(s, &format!("exploration.purged_relics[{i}]"), key)?;
        s.exploration.set_relic(r, Zone::Removed);
    }
    for (i, pp) in pos.players.iter().enumerate() {
        let p = Player(i as u8);
        for (k, key) in pp.relics.iter().enumerate() {
            let path = format!("players[{i}].relics[{k}]");
            let r = relic(s, &path, key)?;
            if !s.player(p).in_game {
                return err(&path, K::EliminatedHolds("relics"));
            }
            s.exploration.set_relic(r, Zone::PlayArea(p));
        }
        for (k, key) in pp.relic_fragments.iter().enumerate() {
            let path = format!("players[{i}].relic_fragments[{k}]");
            let e = card(c, s, &path, key)?;
            let Some(kind) = crate::ti4::components::exploration::fragment_kind(c, e) else {
                return err(&path, K::BadValue(key.clone(), "a relic fragment"));
            };
            if !s.player(p).in_game {
                return err(&path, K::EliminatedHolds("relic fragments"));
            }
            s.exploration.deck[e.idx()] -= 1;
            s.exploration.fragments[i][kind] += 1;
        }
    }
    for (i, key) in ex.exhausted_relics.iter().enumerate() {
        let path = format!("exploration.exhausted_relics[{i}]");
        let r = lookup(&path, IdKind::Relic, key, c.cards.relic(key))?;
        if !matches!(s.exploration.relic(r), Zone::PlayArea(_)) || s.exploration.exhausted_relics >> r.0 & 1 == 1 {
            return err(&path, K::BadValue(key.to_string(), "a relic in a player's play area, listed once"));
        }
        s.exploration.exhaust_relic(r);
    }
    Ok(())
}

/// The speaker, then the faction tokens (`factions::components::read_tokens`).
fn tokens(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    s.tokens.speaker = match &pos.speaker {
        Some(key) => Some(live_seat(c, s, "speaker", key)?),
        None => s.seats().find(|&p| s.player(p).in_game),
    };
    crate::ti4::factions::components::read_tokens(c, s, pos)
}

/// Bonus victory points and the standings of eliminated players.
fn standings(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let mut next = pos.players.iter().filter_map(|pp| pp.standing.as_ref().map(|st| st.order)).max().unwrap_or(0);
    for (i, pp) in pos.players.iter().enumerate() {
        let p = Player(i as u8);
        s.player_mut(p).bonus_vp = pp.bonus_victory_points;
        if !pp.eliminated {
            if pp.standing.is_some() {
                return err(
                    format!("players[{i}].standing"),
                    K::BadValue("a standing".into(), "null for a player in the game"),
                );
            }
            continue;
        }
        if pp.bonus_victory_points > 0 {
            return err(format!("players[{i}].bonus_victory_points"), K::EliminatedHolds("victory points"));
        }
        let st = match &pp.standing {
            Some(e) => crate::ti4::components::Standing {
                order: e.order,
                round: e.round.unwrap_or(pos.round),
                by: e.by.as_deref().map(|b| seat(c, s, &format!("players[{i}].standing.by"), b)).transpose()?,
                victory_points: e.victory_points,
            },
            None => {
                next += 1;
                crate::ti4::components::Standing { order: next, round: pos.round, by: None, victory_points: 0 }
            }
        };
        s.player_mut(p).standing = st;
    }
    Ok(())
}
