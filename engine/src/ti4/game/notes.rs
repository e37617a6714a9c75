//! Transactions and the generic promissory notes (rules 94 "Transactions", 69 "Promissory
//! Notes"; the notes' card texts).
//!
//! Transactions: during their action-phase turn, before their action, the active player may
//! offer one transaction to each neighbour (rules 60: units or planets in the same or adjacent
//! systems) — [`Action::Transact`]`(neighbour, what)`: `what` 0 swaps all commodities (each side
//! receives the other's as trade goods), `1 + slot` gives the active player's own promissory note
//! in that slot for the neighbour's commodities. The neighbour accepts ([`Action::Accept`]) or
//! declines (`Done`); either way that neighbour is done for this turn.
//!
//! Notes with effects here (`"implemented": true`; only these are offered in transactions):
//! - Support for the Throne: placed in the receiver's play area, +1 victory point while there
//!   ([`throne_points`]); returns to its owner when the holder activates a system containing the
//!   owner's units (and leaves with its owner on elimination).
//! - Trade Agreement: when its owner replenishes commodities, the holder receives them as trade
//!   goods and the note returns to its owner.
//! - Ceasefire: played automatically by its holder when the owner activates a system containing
//!   the holder's units (simplified: the holder always plays it): the owner cannot move units
//!   into that system this tactical action; the note returns to its owner.
//! - Alliance: placed in the receiver's play area; while there, the receiver may use the
//!   owner's commander if it is unlocked (`rules::holds_alliance`, through which
//!   `rules::leader_state` and `elimination::can_use_commander` see it); returns to its owner
//!   when the holder activates a system containing the owner's units.
//!
//! Not modelled: Political Secret (its owner keeps it; it is never offered),
//! faction notes, trading trade goods or action cards, notes passed on by their holder,
//! multi-item bargains; promissory notes in hands are visible to every player.

use super::action_cards::neighbours;
use super::{Action, Step, Ti4Game};
use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::ids::*;

/// The generic notes whose effects this module implements (their `implemented` flags agree,
/// `content::rule_flags`).
pub const CORE_NOTES: [&str; 4] = ["ceasefire", "trade_agreement", "support_for_the_throne", "alliance"];

/// The seat-note slots of the generic notes with effects (generic notes come first in every
/// faction's `seat_notes`, in content order).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct NoteSlots {
    /// Ceasefire.
    pub ceasefire: Option<u8>,
    /// Trade Agreement.
    pub trade_agreement: Option<u8>,
    /// Support for the Throne.
    pub support_for_the_throne: Option<u8>,
    /// Alliance.
    pub alliance: Option<u8>,
}

impl NoteSlots {
    /// The slots of the implemented generic notes.
    pub fn new(c: &Content) -> NoteSlots {
        let slot = |key: &str| -> Option<u8> {
            let id = c.cards.note(key)?;
            let d = &c.cards.notes[id.idx()];
            if !d.implemented || d.faction.is_some() {
                return None;
            }
            (0..id.idx()).filter(|&i| c.cards.notes[i].faction.is_none()).count().try_into().ok()
        };
        NoteSlots {
            ceasefire: slot("ceasefire"),
            trade_agreement: slot("trade_agreement"),
            support_for_the_throne: slot("support_for_the_throne"),
            alliance: slot("alliance"),
        }
    }
    fn offered(&self, slot: u8) -> bool {
        [self.ceasefire, self.trade_agreement, self.support_for_the_throne, self.alliance].contains(&Some(slot))
    }
}

/// Diplomatic Pressure: the note `q` gives from their hand, as (owner, slot): a note with an
/// effect here (the giver's choice; simplified: the first in seat order of owners, then in the
/// order Ceasefire, Trade Agreement, Alliance, Support for the Throne); none with no such note
/// in hand.
pub(crate) fn note_to_give(g: &Ti4Game, q: Player) -> Option<(Player, u8)> {
    g.state.seats().find_map(|owner| {
        let n = &g.notes;
        let slots = [n.ceasefire, n.trade_agreement, n.alliance, n.support_for_the_throne];
        slots.into_iter().flatten().find(|&k| g.state.notes.get(owner, k as usize) == Zone::Hand(q)).map(|k| (owner, k))
    })
}

/// `owner`'s note in slot `k` goes to `to`: Support for the Throne and Alliance ("when you
/// receive this card, if you are not the (color) player, you must place it face up in your
/// play area") into `to`'s play area (into its owner's hand when `to` owns it), any other note
/// into `to`'s hand.
pub(crate) fn give_note(g: &mut Ti4Game, owner: Player, k: u8, to: Player) {
    let face_up = [g.notes.support_for_the_throne, g.notes.alliance].contains(&Some(k))
        || faction_note(g, owner, k).is_some_and(|n| crate::ti4::rules::note_placed_face_up(&g.content, n));
    let zone = if face_up && to != owner { Zone::PlayArea(to) } else { Zone::Hand(to) };
    g.state.notes.set(owner, k as usize, zone);
    if Some(k) == g.notes.alliance && to != owner {
        g.note_effect(to, super::effects::Effect::AllianceReceived, 1);
    }
}

/// A faction note's rule (`rules::Source::Note`) has been resolved: the note returns to its
/// owner's hand ("then, return this card to the (color) player").
pub(crate) fn return_note(g: &mut Ti4Game, src: crate::ti4::rules::Source) {
    if let Some((owner, k)) = src.note_owner(&g.content, &g.state) {
        give_note(g, owner, k as u8, owner);
    }
}

/// The faction note in `owner`'s seat-note slot `k`, if that slot holds one.
fn faction_note(g: &Ti4Game, owner: Player, k: u8) -> Option<NoteId> {
    let c = &g.content;
    let n = *c.cards.seat_notes[g.state.player(owner).faction.idx()].get(k as usize)?;
    c.cards.notes[n.idx()].faction.map(|_| n)
}

/// `owner` may give the note in their slot `k` in a transaction: a generic note with an effect
/// here, or an implemented faction note (its rule: `SourceKey::Note`).
fn tradeable(g: &Ti4Game, owner: Player, k: u8) -> bool {
    g.notes.offered(k) || faction_note(g, owner, k).is_some_and(|n| g.content.cards.notes[n.idx()].implemented)
}

/// Support for the Throne: 1 victory point per other in-game player's note in `p`'s play area.
pub fn throne_points(g: &Ti4Game, p: Player) -> u32 {
    let Some(k) = g.notes.support_for_the_throne else { return 0 };
    g.state
        .seats()
        .filter(|&o| o != p && g.state.player(o).in_game && g.state.notes.get(o, k as usize) == Zone::PlayArea(p))
        .count() as u32
}

/// The players `p` may transact with (rules 94: its neighbours; anyone, for or with a player
/// whose rules say so: hook point `transacts_with_anyone`, Hacan's Guild Ships).
fn partners(g: &Ti4Game, p: Player) -> u8 {
    let s = &g.state;
    let mut m = neighbours(g, p);
    let anyone = crate::ti4::rules::transacts_with_anyone(g, p);
    for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
        if anyone || crate::ti4::rules::transacts_with_anyone(g, q) {
            m |= 1 << q.0;
        }
    }
    m
}

/// [`throne_points`] of every seat in one pass over the seats' Support for the Throne notes
/// (seats beyond the game's are 0).
pub(super) fn all_throne_points(g: &Ti4Game) -> [u32; MAX_PLAYERS] {
    let mut out = [0u32; MAX_PLAYERS];
    let Some(k) = g.notes.support_for_the_throne else { return out };
    let s = &g.state;
    for o in s.seats().filter(|&o| s.player(o).in_game) {
        if let Zone::PlayArea(p) = s.notes.get(o, k as usize) {
            if p != o && p.0 < s.num_players {
                out[p.idx()] += 1;
            }
        }
    }
    out
}

/// The transaction offers of the active player `p` at the start of their turn.
pub(super) fn transact_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let s = &g.state;
    // The notes `p` may give, bit per seat-note slot (the same for every partner).
    let mut notes = 0u16;
    for k in 0..crate::ti4::content::cards::MAX_NOTES_PER_SEAT as u8 {
        if tradeable(g, p, k) && s.notes.get(p, k as usize) == Zone::Hand(p) {
            notes |= 1 << k;
        }
    }
    // Nothing to offer anyone (no commodities on either side, no note in hand to give): the
    // partners are not needed.
    if notes == 0 && s.seats().all(|q| s.player(q).commodities == 0 || (q != p && !s.player(q).in_game)) {
        return;
    }
    let open = partners(g, p) & !g.flow.transaction.transacted;
    if open == 0 {
        return;
    }
    for q in s.seats().filter(|q| open >> q.0 & 1 == 1) {
        if s.player(p).commodities > 0 || s.player(q).commodities > 0 {
            buf.push(Action::Transact(q.0, 0));
        }
        for k in crate::ti4::galaxy::bits(u64::from(notes)) {
            buf.push(Action::Transact(q.0, 1 + k));
        }
    }
}

/// `p` offers `what` to `q`; `q` decides.
pub(super) fn offer(g: &mut Ti4Game, p: Player, q: u8, what: u8) -> Step {
    g.flow.transaction.transacted |= 1 << q;
    g.flow.transaction.offer_from = p.0;
    g.flow.transaction.offer_what = what;
    Step::Offer(Player(q))
}

/// `q` accepts or declines the offer; the active player's turn goes on.
pub(super) fn answer(g: &mut Ti4Game, q: Player, accept: bool) -> Step {
    let p = Player(g.flow.transaction.offer_from);
    if accept {
        let what = g.flow.transaction.offer_what;
        let cq = g.state.player(q).commodities;
        if what == 0 {
            let cp = g.state.player(p).commodities;
            swap_goods(g, p, q, cp);
        } else {
            give_note(g, p, what - 1, q);
        }
        swap_goods(g, q, p, cq);
    }
    // No offer pending any more.
    g.flow.transaction.offer_from = 0;
    g.flow.transaction.offer_what = 0;
    if accept {
        // Window `TransactionResolved`, for every player clockwise from the active one.
        g.flow.transaction.resolved_with = Some(q);
        let (order, n) = super::pending::clockwise_from(g.state.num_players, p);
        if let Some(decide) = super::pending::open(g, crate::ti4::rules::Window::TransactionResolved, &order[..n]) {
            return decide;
        }
        g.flow.transaction.resolved_with = None;
    }
    Step::Turn(p)
}

/// After window `TransactionResolved`: the active player's turn goes on.
pub(super) fn after_transaction(g: &mut Ti4Game) -> Step {
    g.flow.transaction.resolved_with = None;
    Step::Turn(g.flow.turn)
}

/// `from` gives `n` commodities to `to`, who receives them as trade goods (rules 21).
fn swap_goods(g: &mut Ti4Game, from: Player, to: Player, n: u8) {
    g.state.player_mut(from).commodities -= n;
    let t = g.state.player_mut(to);
    t.trade_goods = t.trade_goods.saturating_add(n);
}

/// Holder of `owner`'s note in slot `k`, when another player has it (hand or play area).
fn holder(g: &Ti4Game, owner: Player, k: Option<u8>) -> Option<Player> {
    let k = k?;
    g.state.notes.get(owner, k as usize).holder().filter(|&h| h != owner && g.state.player(h).in_game)
}

/// After `p` activates `slot`: Support for the Throne and Alliance notes `p` holds from owners
/// with units there return ("if you activate a system that contains 1 or more of the (color)
/// player's units, return this card"); a Ceasefire of `p`'s held by a player with units there
/// is played.
pub(super) fn on_activate(g: &mut Ti4Game, p: Player, slot: u8) {
    g.flow.tactical.ceasefire = false;
    for k in [g.notes.support_for_the_throne, g.notes.alliance].into_iter().flatten() {
        for o in 0..g.state.num_players {
            let o = Player(o);
            if o != p && g.state.notes.get(o, k as usize) == Zone::PlayArea(p) && g.state.has_units_in(o, slot) {
                g.state.notes.set(o, k as usize, Zone::Hand(o));
            }
        }
    }
    if let Some(h) = holder(g, p, g.notes.ceasefire) {
        if g.state.has_units_in(h, slot) {
            g.state.notes.set(p, g.notes.ceasefire.unwrap_or(0) as usize, Zone::Hand(p));
            g.flow.tactical.ceasefire = true;
        }
    }
}

/// When `owner` replenishes commodities: a Trade Agreement held by another player gives them the
/// commodities as trade goods and returns to its owner.
pub(super) fn on_replenish(g: &mut Ti4Game, owner: Player) {
    if let Some(h) = holder(g, owner, g.notes.trade_agreement) {
        let n = g.state.player(owner).commodities;
        swap_goods(g, owner, h, n);
        g.state.notes.set(owner, g.notes.trade_agreement.unwrap_or(0) as usize, Zone::Hand(owner));
    }
}
