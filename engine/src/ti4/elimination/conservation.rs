//! Conservation: every card, token and unit is in exactly one place, and per-kind totals are
//! what the game started with.
//!
//! Cards, strategy cards and single tokens have one location each by construction (one byte per
//! card); [`check`] verifies those locations are legal (no card in an eliminated player's hand, a
//! scored objective is revealed ...). Counted components are summed over their places: units
//! (reinforcements + board + captured + box = component limit, the box holding nothing while the
//! owner is in the game and everything else once eliminated), command tokens (pools + board +
//! reinforcements + other players' Mahact sheets = 16 while in the game), and the derived
//! counters (`on_board`, `board_types`, the unit masks) are recomputed from scratch. Tests run it
//! after every elimination; it allocates nothing but is not meant for the hot path.

use crate::ti4::components::{LeaderState, PublicState, StrategyCard, Zone, STRATEGY_CARDS};
use crate::ti4::content::cards::{MAX_LEADERS_PER_SEAT, MAX_NOTES_PER_SEAT};
use crate::ti4::content::Content;
use crate::ti4::factions::components as faction_components;
use crate::ti4::factions::elimination::leader_may_stay;
use crate::ti4::ids::*;
use crate::ti4::state::{component_limit, State, COMMAND_TOKENS, GROUND_TYPES, MAX_PLANETS_PER_SYSTEM};
use std::fmt;

/// A kind of card with one zone per card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CardKind {
    /// A physical action card (by copy index).
    ActionCard,
    /// An agenda card.
    Agenda,
    /// A public objective.
    PublicObjective,
    /// A secret objective.
    SecretObjective,
}

/// The first broken invariant [`check`] found.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ConservationError {
    /// Reinforcements + board + captured + box do not make the component limit.
    Units {
        /// Owner.
        player: Player,
        /// Unit type.
        unit: UnitType,
        /// In reinforcements.
        reinforcements: u8,
        /// On the board.
        board: u8,
        /// Held captive by other players.
        captured: u32,
        /// The faction's component limit.
        limit: u8,
    },
    /// `on_board` disagrees with the units found on the board.
    BoardCount {
        /// Owner.
        player: Player,
        /// Unit type.
        unit: UnitType,
        /// Units found on the board.
        counted: u32,
        /// `PlayerState::on_board`.
        recorded: u8,
    },
    /// `board_types` disagrees with `on_board`.
    BoardTypes(Player),
    /// The ground-force / PRODUCTION masks are stale for the player's technologies.
    UnitMasks(Player),
    /// A board slot holds an inconsistent stack (owner, damage, an unused slot in use).
    Board {
        /// Board slot.
        slot: u8,
        /// What is wrong.
        what: &'static str,
    },
    /// A player's command tokens do not add up to 16 (or an eliminated player still has some).
    CommandTokens {
        /// Owner.
        player: Player,
        /// Tokens found in pools, board, reinforcements and on Mahact sheets.
        counted: u32,
    },
    /// A planet card in two play areas, or exhausted out of every play area.
    Planet {
        /// The planet.
        planet: PlanetId,
        /// What is wrong.
        what: &'static str,
    },
    /// A technology in a play area it cannot be in.
    Technology {
        /// The player.
        player: Player,
        /// The technology.
        tech: TechId,
        /// What is wrong.
        what: &'static str,
    },
    /// An eliminated player still holds a component.
    EliminatedHolds {
        /// The player.
        player: Player,
        /// What.
        what: &'static str,
    },
    /// An exploration card's copies do not add up: deck + discard + purged + play areas +
    /// attached must be its copies (0 for a card not in play), and relic fragments belong to
    /// players in the game.
    Exploration {
        /// The card.
        card: ExplorationId,
        /// Copies counted.
        counted: u32,
        /// Copies in play.
        copies: u32,
    },
    /// A card in a zone it cannot be in.
    Card {
        /// Which kind of card.
        kind: CardKind,
        /// Card (or copy) index.
        index: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A promissory note in a zone it cannot be in.
    Note {
        /// Owning seat.
        owner: Player,
        /// Slot in the owner's notes.
        slot: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A leader in a state it cannot be in.
    Leader {
        /// Seat.
        player: Player,
        /// Leader slot.
        slot: usize,
        /// What is wrong.
        what: &'static str,
    },
    /// A strategy card held wrongly.
    StrategyCard {
        /// The card.
        card: StrategyCard,
        /// What is wrong.
        what: &'static str,
    },
    /// A single token out of place (speaker, Creuss wormholes, Naalu "0", attachments).
    Token(&'static str),
    /// Captured units held wrongly.
    Captured(&'static str),
    /// A final standing inconsistent with `in_game`.
    Standing {
        /// The player.
        player: Player,
        /// What is wrong.
        what: &'static str,
    },
}

impl fmt::Display for ConservationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use ConservationError as E;
        match self {
            E::Units { player, unit, reinforcements, board, captured, limit } => write!(
                f,
                "players[{}] {}: {reinforcements} in reinforcements + {board} on the board + {captured} captured \
                 do not make the component limit {limit}",
                player.0,
                unit.name()
            ),
            E::BoardCount { player, unit, counted, recorded } => {
                write!(f, "players[{}] {}: {counted} on the board but on_board says {recorded}", player.0, unit.name())
            }
            E::BoardTypes(p) => write!(f, "players[{}]: board_types disagrees with on_board", p.0),
            E::UnitMasks(p) => write!(f, "players[{}]: unit masks are stale for its technologies", p.0),
            E::Board { slot, what } => write!(f, "board slot {slot}: {what}"),
            E::CommandTokens { player, counted } => {
                write!(f, "players[{}]: {counted} command tokens in play (expected {COMMAND_TOKENS})", player.0)
            }
            E::Planet { planet, what } => write!(f, "planet #{}: {what}", planet.0),
            E::Technology { player, tech, what } => write!(f, "players[{}] technology #{}: {what}", player.0, tech.0),
            E::EliminatedHolds { player, what } => write!(f, "players[{}] is eliminated but holds {what}", player.0),
            E::Card { kind, index, what } => write!(f, "{kind:?} #{index}: {what}"),
            E::Note { owner, slot, what } => write!(f, "players[{}] promissory note slot {slot}: {what}", owner.0),
            E::Leader { player, slot, what } => write!(f, "players[{}] leader slot {slot}: {what}", player.0),
            E::StrategyCard { card, what } => write!(f, "strategy card {}: {what}", card.name()),
            E::Token(what) => write!(f, "{what}"),
            E::Captured(what) => write!(f, "captured units: {what}"),
            E::Exploration { card, counted, copies } => {
                write!(f, "exploration card {}: {counted} copies counted, {copies} in play", card.0)
            }
            E::Standing { player, what } => write!(f, "players[{}] standing: {what}", player.0),
        }
    }
}

impl std::error::Error for ConservationError {}

type R = Result<(), ConservationError>;

/// Verifies that every component is in exactly one place and the per-kind totals hold; returns
/// the first violation.
pub fn check(c: &Content, s: &State) -> R {
    board(s)?;
    units(c, s)?;
    command_tokens(s)?;
    planets_and_technologies(c, s)?;
    cards(c, s)?;
    notes(c, s)?;
    leaders(c, s)?;
    strategy_cards(s)?;
    tokens(c, s)?;
    exploration(c, s)?;
    standings(s)
}

/// Exploration cards: every copy of an implemented card in one place (deck, discard, purged,
/// a play area as a relic fragment, attached to a planet), none of the others; relic
/// fragments only in the play areas of players in the game (Elimination: discarded).
fn exploration(c: &Content, s: &State) -> R {
    let e = &s.exploration;
    for p in (0..crate::ti4::ids::MAX_PLAYERS as u8).map(Player) {
        if !in_game(s, p) && e.fragments[p.idx()].iter().any(|&n| n > 0) {
            return Err(ConservationError::EliminatedHolds { player: p, what: "relic fragments" });
        }
    }
    for i in 0..crate::ti4::content::MAX_EXPLORATION {
        let card = ExplorationId(i as u8);
        let copies = c.cards.exploration.get(i).map_or(0, |d| if d.implemented { d.copies as u32 } else { 0 });
        let counted = e.deck[i] as u32 + e.discard[i] as u32 + e.purged[i] as u32 + e.in_play(c, card);
        if counted != copies {
            return Err(ConservationError::Exploration { card, counted, copies });
        }
    }
    Ok(())
}

fn in_game(s: &State, p: Player) -> bool {
    p.0 < s.num_players && s.player(p).in_game
}

/// Stacks: an owner exactly when units are there, damage at most the count, unused slots empty.
fn board(s: &State) -> R {
    for (i, slot) in s.systems.iter().enumerate() {
        let bad = |what| Err(ConservationError::Board { slot: i as u8, what });
        let used = i < s.num_systems as usize;
        if !used && (slot.tokens != 0 || !slot.space.is_empty() || slot.planets.iter().any(|a| !a.is_empty())) {
            return bad("a slot past the board holds units or tokens");
        }
        if (slot.tokens as u16) >> s.num_players != 0 {
            return bad("a command token of an empty seat");
        }
        let space_ok = slot.space.is_empty() == (slot.space.owner == crate::ti4::state::NOBODY)
            && (0..UNIT_TYPES).all(|t| slot.space.damaged[t] <= slot.space.count[t]);
        let planets_ok = slot.planets.iter().all(|a| {
            a.is_empty() == (a.owner == crate::ti4::state::NOBODY)
                && (0..GROUND_TYPES).all(|t| a.damaged[t] <= a.count[t])
        });
        if !space_ok || !planets_ok {
            return bad("owner, count and damage disagree");
        }
        let owners = std::iter::once(slot.space.owner).chain(slot.planets.iter().map(|a| a.owner));
        if owners.into_iter().any(|o| o != crate::ti4::state::NOBODY && o >= s.num_players) {
            return bad("units of an empty seat");
        }
    }
    Ok(())
}

/// Units: reinforcements + board + captured + box = limit; the counters match the board.
fn units(c: &Content, s: &State) -> R {
    let mut counted = [[0u32; UNIT_TYPES]; MAX_PLAYERS];
    for slot in s.systems.iter().take(s.num_systems as usize) {
        if let Some(p) = slot.space.occupant() {
            for (n, &k) in counted[p.idx()].iter_mut().zip(&slot.space.count) {
                *n += k as u32;
            }
        }
        for a in slot.planets.iter().take(MAX_PLANETS_PER_SYSTEM) {
            if let Some(p) = a.occupant() {
                for (n, &k) in counted[p.idx()].iter_mut().zip(&a.count) {
                    *n += k as u32;
                }
            }
        }
    }
    if !s.captured.is_normalized() {
        return Err(ConservationError::Captured("sheets out of canonical order, or units on an unused sheet"));
    }
    for captor in s.captured.captors() {
        if !in_game(s, captor) {
            return Err(ConservationError::Captured("an eliminated player (or empty seat) holds captured units"));
        }
    }
    for p in s.seats() {
        let ps = s.player(p);
        let mut types = 0u16;
        for t in UnitType::ALL {
            let i = t.idx();
            if counted[p.idx()][i] != ps.on_board[i] as u32 {
                return Err(ConservationError::BoardCount {
                    player: p,
                    unit: t,
                    counted: counted[p.idx()][i],
                    recorded: ps.on_board[i],
                });
            }
            if ps.on_board[i] > 0 {
                types |= 1 << i;
            }
            let limit = component_limit(c, ps.faction, t);
            let captured = s.captured.of_owner(p, t);
            let total = ps.reinforcements[i] as u32 + ps.on_board[i] as u32 + captured;
            let ok = if ps.in_game {
                total == limit as u32
            } else {
                ps.reinforcements[i] == 0 && ps.on_board[i] == 0 && captured <= limit as u32
            };
            if !ok {
                return Err(ConservationError::Units {
                    player: p,
                    unit: t,
                    reinforcements: ps.reinforcements[i],
                    board: ps.on_board[i],
                    captured,
                    limit,
                });
            }
        }
        if types != ps.board_types {
            return Err(ConservationError::BoardTypes(p));
        }
        let (g, pr) = super::unit_masks(c, ps.faction, crate::ti4::technology::valefar::effective_techs(c, s, p));
        if (g, pr) != (ps.ground_types, ps.production_types) {
            return Err(ConservationError::UnitMasks(p));
        }
    }
    Ok(())
}

/// Command tokens: pools + board + reinforcements + other players' Mahact sheets = 16 while in
/// the game; only tokens on a Mahact sheet once eliminated.
fn command_tokens(s: &State) -> R {
    faction_components::check_sheets(s)?;
    for p in s.seats() {
        let ps = s.player(p);
        let bit = 1u8 << p.0;
        let board = s.systems.iter().take(s.num_systems as usize).filter(|sl| sl.tokens & bit != 0).count() as u32;
        let sheets = faction_components::command_tokens_on_sheets(s, p);
        let own = ps.tactic as u32 + ps.fleet as u32 + ps.strategy as u32 + ps.token_reinforcements as u32 + board;
        let ok = if ps.in_game { own + sheets == COMMAND_TOKENS as u32 } else { own == 0 };
        if !ok {
            return Err(ConservationError::CommandTokens { player: p, counted: own + sheets });
        }
    }
    Ok(())
}

/// Planet cards in at most one play area; technologies in play areas they may be in.
fn planets_and_technologies(c: &Content, s: &State) -> R {
    let mut seen = PlanetSet::EMPTY;
    for p in s.seats() {
        let ps = s.player(p);
        if let Some(pl) = ps.planets.intersection(seen).first() {
            return Err(ConservationError::Planet { planet: pl, what: "controlled by two players" });
        }
        seen = seen.union(ps.planets);
        if !ps.in_game {
            let what = if !ps.planets.is_empty() {
                "planets"
            } else if !ps.techs.is_empty() || !ps.exhausted_techs.is_empty() {
                "technologies"
            } else if let Some(held) = faction_components::eliminated_holds(s, p) {
                held
            } else if ps.trade_goods + ps.commodities > 0 {
                "trade goods or commodities"
            } else {
                ""
            };
            if !what.is_empty() {
                return Err(ConservationError::EliminatedHolds { player: p, what });
            }
        }
        if let Some(t) = ps.exhausted_techs.difference(ps.techs).first() {
            return Err(ConservationError::Technology { player: p, tech: t, what: "exhausted but not owned" });
        }
    }
    if let Some(pl) = s.exhausted_planets.difference(seen).first() {
        return Err(ConservationError::Planet { planet: pl, what: "exhausted out of every play area" });
    }
    // Each faction technology is in at most one play area: its faction's, or a Nekro player's.
    let mut faction_seen = TechSet::EMPTY;
    for p in s.seats() {
        let ps = s.player(p);
        let singularity = crate::ti4::rules::holds_other_factions_technologies(c, s, p);
        for t in ps.techs.iter().filter(|&t| c.tech_def(t).faction.is_some()) {
            if c.tech_def(t).faction != Some(ps.faction) && !singularity {
                return Err(ConservationError::Technology { player: p, tech: t, what: "another faction's technology" });
            }
            if !faction_seen.insert(t) {
                return Err(ConservationError::Technology { player: p, tech: t, what: "in two play areas" });
            }
        }
    }
    Ok(())
}

/// Action cards, agendas and objectives: each card in one legal zone; slots past the content's
/// cards unused.
fn cards(c: &Content, s: &State) -> R {
    let k = &c.cards;
    let zone_ok = |z: Zone, allowed: fn(Zone) -> bool| allowed(z) && z.holder().is_none_or(|p| in_game(s, p));
    let check_array = |codes: &[u8], n: usize, kind: CardKind, allowed: fn(Zone) -> bool| -> R {
        for (i, &code) in codes.iter().enumerate() {
            let z = Zone::from_code(code);
            let what = if z.code() != code {
                "an invalid zone code"
            } else if i >= n && z != Zone::Removed {
                "a slot past the content's cards is in use"
            } else if i < n && !zone_ok(z, allowed) {
                "in a zone this card cannot be in (or held by an eliminated player)"
            } else {
                continue;
            };
            return Err(ConservationError::Card { kind, index: i, what });
        }
        Ok(())
    };
    check_array(s.action_cards.codes(), k.action_copies.len(), CardKind::ActionCard, |z| {
        matches!(z, Zone::Deck | Zone::Discard | Zone::Hand(_) | Zone::Removed)
    })?;
    if !crate::ti4::components::action_cards_normalized(c, &s.action_cards) {
        return Err(ConservationError::Card {
            kind: CardKind::ActionCard,
            index: 0,
            what: "copies of one card out of canonical order (components::normalize_action_cards)",
        });
    }
    check_array(s.agendas.codes(), k.agendas.len(), CardKind::Agenda, |z| {
        matches!(z, Zone::Deck | Zone::Discard | Zone::Law | Zone::PlayArea(_) | Zone::Removed)
    })?;
    check_array(s.secret_objectives.codes(), k.secret_objectives.len(), CardKind::SecretObjective, |z| {
        matches!(z, Zone::Deck | Zone::Hand(_) | Zone::PlayArea(_) | Zone::Removed)
    })?;
    for i in 0..crate::ti4::content::cards::MAX_PUBLIC_OBJECTIVES {
        let o = PublicObjectiveId(i as u8);
        let scored = s.public_objectives.scored_by(o);
        let what = if i >= k.public_objectives.len()
            && (!scored.is_empty() || s.public_objectives.state(o) != PublicState::Deck)
        {
            "a slot past the content's cards is in use"
        } else if scored.iter().any(|p| !in_game(s, p)) {
            "scored by an eliminated player or an empty seat"
        } else if !scored.is_empty() && s.public_objectives.state(o) != PublicState::Revealed {
            "scored but not revealed"
        } else {
            continue;
        };
        return Err(ConservationError::Card { kind: CardKind::PublicObjective, index: i, what });
    }
    Ok(())
}

/// Promissory notes: each owner's notes in a hand or play area of a player in the game, attached
/// (Terraform only), or in the box; an eliminated owner's all in the box (Terraform may stay
/// attached).
fn notes(c: &Content, s: &State) -> R {
    for owner in 0..MAX_PLAYERS as u8 {
        let owner = Player(owner);
        let n = if owner.0 < s.num_players { c.cards.seat_notes[s.player(owner).faction.idx()].len() } else { 0 };
        for k in 0..MAX_NOTES_PER_SEAT {
            let z = s.notes.get(owner, k);
            let bad = |what| Err(ConservationError::Note { owner, slot: k, what });
            if k >= n {
                if z != Zone::Removed {
                    return bad("a slot past the owner's notes is in use");
                }
                continue;
            }
            let note = c.cards.seat_notes[s.player(owner).faction.idx()][k];
            match z {
                Zone::Hand(q) | Zone::PlayArea(q) if !in_game(s, q) => return bad("held by an eliminated player"),
                Zone::Hand(_) | Zone::PlayArea(_) if !s.player(owner).in_game => {
                    return bad("the owner is eliminated; the note belongs in the box")
                }
                Zone::Attached if !faction_components::note_attaches(c, note) => {
                    return bad("only Terraform attaches to a planet")
                }
                Zone::Attached | Zone::Hand(_) | Zone::PlayArea(_) | Zone::Removed => {}
                _ => return bad("a note cannot be in a deck, a discard pile or the law area"),
            }
        }
    }
    Ok(())
}

/// Leaders: slots past the faction's leaders unused; an eliminated player's leaders in the box,
/// except an attached Titans hero and a commander kept with Mahact.
fn leaders(c: &Content, s: &State) -> R {
    for p in 0..MAX_PLAYERS as u8 {
        let p = Player(p);
        let list: &[LeaderId] =
            if p.0 < s.num_players { &c.cards.seat_leaders[s.player(p).faction.idx()] } else { &[] };
        for k in 0..MAX_LEADERS_PER_SEAT {
            let st = s.leaders.get(p, k);
            let bad = |what| Err(ConservationError::Leader { player: p, slot: k, what });
            if k >= list.len() {
                if st != LeaderState::Removed {
                    return bad("a slot past the faction's leaders is in use");
                }
                continue;
            }
            if st == LeaderState::Attached && !faction_components::leader_attaches(c, list[k]) {
                return bad("only the Titans hero attaches to a planet");
            }
            if !s.player(p).in_game && !leader_may_stay(c, s, p, k, st) {
                return bad("an eliminated player's leader outside the box");
            }
        }
    }
    Ok(())
}

/// Strategy cards: held by a player in the game or in the common area; trade goods only on
/// cards in the common area; exhausted only when held.
fn strategy_cards(s: &State) -> R {
    for card in (0..STRATEGY_CARDS as u8).map(StrategyCard) {
        let sc = &s.strategy_cards;
        let what = match sc.holder(card) {
            Some(p) if !in_game(s, p) => "held by an eliminated player or an empty seat",
            Some(_) if sc.trade_goods(card) > 0 => "held with trade goods still on it",
            None if sc.is_exhausted(card) => "exhausted in the common play area",
            _ => continue,
        };
        return Err(ConservationError::StrategyCard { card, what });
    }
    Ok(())
}

/// The speaker token, then the faction tokens (`factions::components::check_tokens`).
fn tokens(c: &Content, s: &State) -> R {
    let anyone = s.seats().any(|p| s.player(p).in_game);
    match s.tokens.speaker {
        Some(p) if !in_game(s, p) => return Err(ConservationError::Token("the speaker is not in the game")),
        None if anyone => return Err(ConservationError::Token("nobody has the speaker token")),
        _ => {}
    }
    faction_components::check_tokens(c, s)
}

/// Standings: eliminated players numbered 1, 2, ... in elimination order; players in the game
/// have none.
fn standings(s: &State) -> R {
    let mut orders = 0u16;
    let mut out = 0u16;
    for p in s.seats() {
        let st = s.player(p).standing;
        if s.player(p).in_game {
            if st != Default::default() {
                return Err(ConservationError::Standing { player: p, what: "a player in the game has a standing" });
            }
        } else {
            out += 1;
            if st.order == 0 || st.order as usize > MAX_PLAYERS || orders >> st.order & 1 == 1 {
                return Err(ConservationError::Standing { player: p, what: "elimination orders are not 1, 2, ..." });
            }
            orders |= 1 << st.order;
        }
    }
    if orders != ((1u16 << (out + 1)) - 2) {
        return Err(ConservationError::Standing { player: Player(0), what: "elimination orders are not 1, 2, ..." });
    }
    Ok(())
}
