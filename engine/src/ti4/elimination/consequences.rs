//! Elimination, "General Rules": what happens to each of the eliminated player's components,
//! one function per clause, applied in [`apply`] together with the faction rules.

use crate::ti4::components::{normalize_action_cards, victory_points, LeaderState, StrategyCard, Zone, STRATEGY_CARDS};
use crate::ti4::content::Content;
use crate::ti4::factions::elimination as factions;
use crate::ti4::ids::*;
use crate::ti4::state::{PlanetArea, SpaceArea, State, MAX_PLANETS_PER_SYSTEM};

/// What an elimination did, for logs, statistics and tests.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Elimination {
    /// The eliminated player.
    pub player: Player,
    /// Units returned to the box from the board and reinforcements.
    pub units_boxed: u32,
    /// Command tokens returned to the box (pools, board, reinforcements).
    pub tokens_boxed: u32,
    /// Their promissory notes returned to the box, wherever they were.
    pub own_notes_boxed: u8,
    /// Other players' promissory notes returned to those players.
    pub notes_returned: u8,
    /// Technologies returned to the box.
    pub technologies_boxed: u8,
    /// Their faction technologies the Nekro Virus keeps (assimilator tokens on them).
    pub technologies_kept_by_nekro: u8,
    /// Agenda cards they owned, discarded.
    pub agendas_discarded: u8,
    /// Action cards in their hand, discarded.
    pub action_cards_discarded: u8,
    /// Strategy cards returned to the common play area.
    pub strategy_cards_returned: u8,
    /// Secret objectives (scored or not) shuffled back into the deck.
    pub secrets_returned: u8,
    /// Units they had captured, returned to their owners' reinforcements.
    pub captured_returned: u32,
    /// Other players' command tokens on their (Mahact) sheet, returned to those players.
    pub mahact_tokens_returned: u8,
    /// Their sleeper tokens (Titans of Ul) taken off planets to the box.
    pub sleepers_boxed: u8,
    /// The new speaker, if they were the speaker.
    pub new_speaker: Option<Player>,
}

/// Applies every consequence of eliminating `p` (who meets the conditions) and marks them out
/// of the game, recording their standing.
pub(super) fn apply(c: &Content, s: &mut State, p: Player, by: Option<Player>) -> Elimination {
    let mut e = Elimination { player: p, ..Elimination::default() };
    // The standing first: victory points as they were.
    let order = s.seats().filter(|&q| !s.player(q).in_game).count() as u8 + 1;
    let vp = victory_points(c, s, p).min(u8::MAX as u32) as u8;
    s.player_mut(p).standing = crate::ti4::components::Standing { order, round: s.round, by, victory_points: vp };
    // Faction rules that must look at the player's components before they go to the box.
    e.technologies_kept_by_nekro = factions::nekro_keeps_assimilated_technologies(c, s, p);
    e.mahact_tokens_returned = factions::mahact_tokens_return_to_their_owners(s, p);
    factions::naalu_zero_token_stays_until_status_phase_end(c, s, p);
    // General rules.
    e.units_boxed = box_units(s, p);
    e.tokens_boxed = box_command_tokens(s, p);
    box_control_tokens(s, p);
    e.sleepers_boxed = box_sleeper_tokens(s, p);
    e.technologies_boxed = box_technologies(c, s, p);
    box_sheets_and_leaders(c, s, p);
    e.agendas_discarded = discard_owned_agendas(c, s, p);
    e.notes_returned = return_other_players_notes(c, s, p);
    e.action_cards_discarded = discard_action_cards(c, s, p);
    e.strategy_cards_returned = return_strategy_cards(s, p);
    e.own_notes_boxed = box_own_notes(c, s, p);
    e.secrets_returned = shuffle_back_secret_objectives(c, s, p);
    e.captured_returned = return_captured_units(s, p);
    discard_relic_fragments(c, s, p);
    s.player_mut(p).in_game = false;
    e.new_speaker = pass_speaker(s, p);
    e
}

/// Elimination: "All of the units ... are returned to the game box, including those in their
/// reinforcements." Units on the board leave every space area and planet; reinforcements empty.
/// Their units held captive by another player stay captured (they go to the box when released).
fn box_units(s: &mut State, p: Player) -> u32 {
    let mut n = 0u32;
    for slot in s.systems.iter_mut().take(s.num_systems as usize) {
        if slot.space.occupant() == Some(p) {
            n += slot.space.count.iter().map(|&k| k as u32).sum::<u32>();
            slot.space = SpaceArea::default();
        }
        for area in slot.planets.iter_mut().take(MAX_PLANETS_PER_SYSTEM) {
            if area.occupant() == Some(p) {
                n += area.count.iter().map(|&k| k as u32).sum::<u32>();
                *area = PlanetArea::default();
            }
        }
    }
    let ps = s.player_mut(p);
    n += ps.reinforcements.iter().map(|&k| k as u32).sum::<u32>();
    ps.reinforcements = [0; UNIT_TYPES];
    ps.on_board = [0; UNIT_TYPES];
    ps.board_types = 0;
    n
}

/// Elimination: "All of the ... command tokens ... are returned to the game box, including those
/// in their reinforcements": the three pools, the board and reinforcements. A token of theirs on
/// the Mahact sheet stays in play (Elimination, Mahact).
fn box_command_tokens(s: &mut State, p: Player) -> u32 {
    let bit = 1u8 << p.0;
    let mut n = 0u32;
    for slot in s.systems.iter_mut().take(s.num_systems as usize) {
        if slot.tokens & bit != 0 {
            slot.tokens &= !bit;
            n += 1;
        }
    }
    let ps = s.player_mut(p);
    n += ps.tactic as u32 + ps.fleet as u32 + ps.strategy as u32 + ps.token_reinforcements as u32;
    ps.tactic = 0;
    ps.fleet = 0;
    ps.strategy = 0;
    ps.token_reinforcements = 0;
    n
}

/// Elimination: "All of the ... control tokens ... are returned to the game box". Control tokens
/// are modelled as one per controlled planet; an eliminated player controls none (a condition),
/// so this only releases planet cards left by a caller that skipped the condition.
fn box_control_tokens(s: &mut State, p: Player) {
    let planets = s.player(p).planets;
    s.exhausted_planets = s.exhausted_planets.difference(planets);
    s.player_mut(p).planets = PlanetSet::EMPTY;
    s.player_mut(p).bonus_vp = 0;
    s.public_objectives.unscore_all(p);
}

/// Elimination: the player's faction tokens go to the box with "the faction sheet that matches
/// that player's faction": their sleeper tokens (Titans of Ul) leave the planets. (The clause
/// lists no exception for them, as it does for Creuss wormhole tokens and Titans attachments.)
/// Returns how many left.
fn box_sleeper_tokens(s: &mut State, p: Player) -> u8 {
    let n = s.factions.sleepers().of(p).len() as u8;
    if s.factions.sleepers().owner == Some(p) {
        *s.factions.sleepers_mut() = crate::ti4::factions::Sleepers::default();
    }
    n
}

/// Elimination: "All of the ... technologies ... are returned to the game box" — except those
/// the Nekro Virus keeps ([`factions::nekro_keeps_assimilated_technologies`], run first). An
/// eliminated Nekro's assimilator tokens go to the box with its cards.
fn box_technologies(c: &Content, s: &mut State, p: Player) -> u8 {
    let ps = s.player_mut(p);
    let n = ps.techs.len() as u8;
    ps.techs = TechSet::EMPTY;
    ps.exhausted_techs = TechSet::EMPTY;
    *s.factions.valefar_mut(p) = [None; 2];
    super::refresh_unit_masks(c, s, p);
    n
}

/// Elimination: "All of the ... command sheets, and the faction sheet that matches that
/// player's faction or color are returned to the game box" — with what lies on them: trade
/// goods and commodities go back to the supply, leaders to the box. Two leaders stay: the
/// Titans hero attached to a planet (Elimination, Titans) and their commander while a Mahact
/// player holds their command token and it is unlocked (Elimination, Mahact).
fn box_sheets_and_leaders(c: &Content, s: &mut State, p: Player) {
    let faction = s.player(p).faction;
    s.player_mut(p).trade_goods = 0;
    s.player_mut(p).commodities = 0;
    let commander_stays = factions::commander_stays_with_mahact(c, s, p);
    for (k, &l) in c.cards.seat_leaders[faction.idx()].iter().enumerate() {
        let st = s.leaders.get(p, k);
        let stays = st == LeaderState::Attached
            || (commander_stays && c.cards.leaders[l.idx()].kind == crate::ti4::content::LeaderKind::Commander);
        if !stays {
            s.leaders.set(p, k, LeaderState::Removed);
        }
    }
}

/// Elimination: "All agenda cards they own are discarded."
fn discard_owned_agendas(c: &Content, s: &mut State, p: Player) -> u8 {
    s.agendas.move_all(c.cards.agendas.len(), Zone::PlayArea(p), Zone::Discard) as u8
}

/// Elimination: "All promissory notes they have that matches another player's faction or color
/// are returned to that player" — from their hand or play area to the owner's hand (to the box
/// if that owner is eliminated too).
fn return_other_players_notes(c: &Content, s: &mut State, p: Player) -> u8 {
    let mut n = 0;
    for owner in s.seats().filter(|&o| o != p) {
        let back = if s.player(owner).in_game { Zone::Hand(owner) } else { Zone::Removed };
        for k in 0..c.cards.seat_notes[s.player(owner).faction.idx()].len() {
            if s.notes.get(owner, k).holder() == Some(p) {
                s.notes.set(owner, k, back);
                n += 1;
            }
        }
    }
    n
}

/// Elimination: "All action cards in their hand are discarded."
fn discard_action_cards(c: &Content, s: &mut State, p: Player) -> u8 {
    let n = s.action_cards.move_all(c.cards.action_copies.len(), Zone::Hand(p), Zone::Discard) as u8;
    normalize_action_cards(c, &mut s.action_cards);
    n
}

/// Elimination (digest, general 10): the relic fragments in their play area are discarded to
/// their exploration decks' discard piles. Attachments stay on their planets.
fn discard_relic_fragments(c: &Content, s: &mut State, p: Player) {
    let cards = crate::ti4::components::exploration::fragment_cards(c);
    for (k, card) in cards.into_iter().enumerate() {
        if let Some(card) = card {
            let n = std::mem::take(&mut s.exploration.fragments[p.idx()][k]);
            s.exploration.discard[card.idx()] += n;
        }
    }
}

/// Elimination: "All of their strategy cards are returned to the common play area" — readied,
/// as cards nobody chose.
fn return_strategy_cards(s: &mut State, p: Player) -> u8 {
    let mut n = 0;
    for i in 0..STRATEGY_CARDS as u8 {
        let card = StrategyCard(i);
        if s.strategy_cards.holder(card) == Some(p) {
            s.strategy_cards.set_holder(card, None);
            s.strategy_cards.set_exhausted(card, false);
            n += 1;
        }
    }
    n
}

/// Elimination: "Promissory notes that match the eliminated player are returned to the game
/// box, even if another player has them" — in a hand or in play. The Titans' Terraform stays
/// attached to its planet (Elimination, Titans).
fn box_own_notes(c: &Content, s: &mut State, p: Player) -> u8 {
    let mut n = 0;
    for k in 0..c.cards.seat_notes[s.player(p).faction.idx()].len() {
        match s.notes.get(p, k) {
            Zone::Removed | Zone::Attached => {}
            _ => {
                s.notes.set(p, k, Zone::Removed);
                n += 1;
            }
        }
    }
    n
}

/// Elimination: "All their secret objectives are shuffled back into the secret objective deck
/// whether they have been scored or not." The deck is unordered, so shuffling is implied;
/// victory points are derived from scored cards and stay consistent.
fn shuffle_back_secret_objectives(c: &Content, s: &mut State, p: Player) -> u8 {
    let n = c.cards.secret_objectives.len();
    (s.secret_objectives.move_all(n, Zone::Hand(p), Zone::Deck)
        + s.secret_objectives.move_all(n, Zone::PlayArea(p), Zone::Deck)) as u8
}

/// Elimination: "If the speaker becomes eliminated, the speaker token passes to the player to
/// the speaker's left" (the next player still in the game, clockwise).
fn pass_speaker(s: &mut State, p: Player) -> Option<Player> {
    if s.tokens.speaker != Some(p) {
        return None;
    }
    s.tokens.speaker = super::next_in_game_left_of(s, p);
    s.tokens.speaker
}

/// Elimination: "If a player becomes eliminated, any units they have captured are returned to
/// the reinforcements of their original owners" (to the box for owners already eliminated, and
/// for the eliminated player's own captured units).
fn return_captured_units(s: &mut State, p: Player) -> u32 {
    let mut n = 0u32;
    for owner in s.seats() {
        for t in UnitType::ALL {
            let k = s.captured.held(p, owner, t);
            if k == 0 || s.captured.remove(p, owner, t, k).is_err() {
                continue;
            }
            if owner != p && s.player(owner).in_game {
                let r = &mut s.player_mut(owner).reinforcements[t.idx()];
                *r = r.saturating_add(k);
            }
            n += k as u32;
        }
    }
    n
}
