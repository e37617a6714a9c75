//! Exploration components (Prophecy of Kings, rules 35 "Exploration"): the exploration decks
//! and their discard piles, the relic fragments in players' play areas, and the attachments on
//! planets.
//!
//! Decks are unordered (a count per card, as every other deck of the engine: a draw is a
//! uniform choice among the cards left). Every copy of an exploration card is in exactly one
//! place: its deck, its discard pile, a player's play area (relic fragments), attached to a
//! planet (attachments) or purged; `elimination::conservation` checks the sum.

use crate::ti4::components::Zone;
use crate::ti4::content::{Content, ExplorationDeck, MAX_EXPLORATION, MAX_RELICS};
use crate::ti4::ids::*;

/// Most exploration cards attached to planets at once (each attachment card has one copy).
pub const MAX_ATTACHMENTS: usize = 12;

/// Relic fragment kinds, in order: cultural, hazardous, industrial, unknown (frontier; counts
/// as any kind).
pub const FRAGMENT_KINDS: usize = 4;

/// The [`FRAGMENT_KINDS`] index of unknown relic fragments.
pub const UNKNOWN_FRAGMENT: usize = 3;

/// What an attachment adds to its planet (rules 35.6-35.7): resources, influence and
/// technology specialties (one bit per `Colour as usize`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct PlanetBonus {
    /// Added resources.
    pub resources: u8,
    /// Added influence.
    pub influence: u8,
    /// Added technology specialties.
    pub specialties: u8,
}

/// One attachment card on a planet, with what it gives there (fixed when attached: a research
/// facility gives its specialty, or +1/+1 when the planet already had one).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Attachment {
    /// The exploration card.
    pub card: ExplorationId,
    /// The planet it is attached to.
    pub planet: PlanetId,
    /// What it adds.
    pub bonus: PlanetBonus,
}

/// The exploration decks, discards, relic fragments and attachments. `Copy`, no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Exploration {
    /// Copies left in the draw piles, per exploration card.
    pub deck: [u8; MAX_EXPLORATION],
    /// Copies in the discard piles, per exploration card.
    pub discard: [u8; MAX_EXPLORATION],
    /// Copies purged (relic fragments traded in), per exploration card.
    pub purged: [u8; MAX_EXPLORATION],
    /// Relic fragments in each player's play area, per kind ([`FRAGMENT_KINDS`]).
    pub fragments: [[u8; FRAGMENT_KINDS]; MAX_PLAYERS],
    /// The attachments, in the order attached (`None` past the last).
    pub attached: [Option<Attachment>; MAX_ATTACHMENTS],
    /// The planets with at least one attachment (the fast test before [`Exploration::bonus`]).
    pub attached_planets: PlanetSet,
    /// Each relic's place ([`Zone::code`]): the relic deck, a player's play area, or
    /// `Removed` (purged, or not in play).
    pub relics: [u8; MAX_RELICS],
    /// The relics exhausted (bit per relic id; readied in status phase step 6, rules 81).
    pub exhausted_relics: u16,
}

impl Default for Exploration {
    fn default() -> Self {
        Exploration {
            deck: [0; MAX_EXPLORATION],
            discard: [0; MAX_EXPLORATION],
            purged: [0; MAX_EXPLORATION],
            fragments: [[0; FRAGMENT_KINDS]; MAX_PLAYERS],
            attached: [None; MAX_ATTACHMENTS],
            attached_planets: PlanetSet::EMPTY,
            relics: [Zone::Removed.code(); MAX_RELICS],
            exhausted_relics: 0,
        }
    }
}

impl Exploration {
    /// Every implemented card of `c` in its deck (setup); the others are not in play.
    pub fn new(c: &Content) -> Exploration {
        let mut e = Exploration::default();
        for (i, d) in c.cards.exploration.iter().enumerate().take(MAX_EXPLORATION) {
            if d.implemented {
                e.deck[i] = d.copies;
            }
        }
        for (i, r) in c.cards.relics.iter().enumerate().take(MAX_RELICS) {
            if r.implemented {
                e.relics[i] = Zone::Deck.code();
            }
        }
        e
    }

    /// Where relic `r` is.
    #[inline]
    pub fn relic(&self, r: RelicId) -> Zone {
        Zone::from_code(self.relics[r.idx()])
    }

    /// Moves relic `r` to `zone` (ready).
    pub fn set_relic(&mut self, r: RelicId, zone: Zone) {
        self.relics[r.idx()] = zone.code();
        self.exhausted_relics &= !(1 << r.0);
    }

    /// True when relic `r` is in `p`'s play area and ready.
    #[inline]
    pub fn relic_ready(&self, r: RelicId, p: Player) -> bool {
        self.relic(r) == Zone::PlayArea(p) && self.exhausted_relics >> r.0 & 1 == 0
    }

    /// Exhausts relic `r`.
    pub fn exhaust_relic(&mut self, r: RelicId) {
        self.exhausted_relics |= 1 << r.0;
    }

    /// The relics left in the relic deck.
    pub fn relics_in_deck(&self) -> u32 {
        self.relics.iter().filter(|&&z| z == Zone::Deck.code()).count() as u32
    }

    /// What the attachments on `pl` add to it (nothing for a planet without any).
    #[inline]
    pub fn bonus(&self, pl: PlanetId) -> PlanetBonus {
        let mut b = PlanetBonus::default();
        if self.attached_planets.contains(pl) {
            for a in self.attached.iter().flatten().filter(|a| a.planet == pl) {
                b.resources += a.bonus.resources;
                b.influence += a.bonus.influence;
                b.specialties |= a.bonus.specialties;
            }
        }
        b
    }

    /// The planets an attachment gives a technology specialty.
    pub fn specialty_planets(&self) -> PlanetSet {
        let mut out = PlanetSet::EMPTY;
        for a in self.attached.iter().flatten().filter(|a| a.bonus.specialties != 0) {
            out.insert(a.planet);
        }
        out
    }

    /// `printed` (the planets with each specialty colour, `Content::specialty_planets`) with the
    /// specialties attachments give added.
    #[inline]
    pub fn add_specialty_planets(&self, mut printed: [PlanetSet; 4]) -> [PlanetSet; 4] {
        if !self.attached_planets.is_empty() {
            for a in self.attached.iter().flatten() {
                for (colour, set) in printed.iter_mut().enumerate() {
                    if a.bonus.specialties >> colour & 1 == 1 {
                        set.insert(a.planet);
                    }
                }
            }
        }
        printed
    }

    /// The number of attachments on `pl`.
    pub fn attachments_on(&self, pl: PlanetId) -> usize {
        self.attached.iter().flatten().filter(|a| a.planet == pl).count()
    }

    /// Attaches `card` to `pl` with `bonus`. False when the table is full (nothing changes).
    pub fn attach(&mut self, card: ExplorationId, pl: PlanetId, bonus: PlanetBonus) -> bool {
        let Some(slot) = self.attached.iter_mut().find(|a| a.is_none()) else { return false };
        *slot = Some(Attachment { card, planet: pl, bonus });
        self.attached_planets.insert(pl);
        true
    }

    /// Cards left in the draw pile of `deck`.
    pub fn left_in(&self, c: &Content, deck: ExplorationDeck) -> u32 {
        c.cards.exploration.iter().enumerate().filter(|(_, d)| d.deck == deck).map(|(i, _)| self.deck[i] as u32).sum()
    }

    /// Rules 35.4: an empty deck is reshuffled from its discard pile.
    pub fn reshuffle(&mut self, c: &Content, deck: ExplorationDeck) {
        for (i, d) in c.cards.exploration.iter().enumerate().take(MAX_EXPLORATION) {
            if d.deck == deck {
                self.deck[i] += std::mem::take(&mut self.discard[i]);
            }
        }
    }

    /// The fragments of `p` that can be purged as `n` of kind `kind` (rules 73: an unknown
    /// fragment counts as any kind): at least one of the kind itself, and `n` with the unknown
    /// ones filling in.
    pub fn can_purge(&self, p: Player, kind: usize, n: u8) -> bool {
        let f = &self.fragments[p.idx()];
        let unknown = if kind == UNKNOWN_FRAGMENT { 0 } else { f[UNKNOWN_FRAGMENT] };
        f[kind] > 0 && f[kind] + unknown >= n
    }

    /// Purges `n` of `p`'s fragments as kind `kind`: that kind's first, unknown ones for the
    /// rest (the caller checked [`Exploration::can_purge`]); the purged cards are counted by
    /// card (`fragment_cards`).
    pub fn purge_fragments(&mut self, c: &Content, p: Player, kind: usize, n: u8) {
        let cards = fragment_cards(c);
        let own = self.fragments[p.idx()][kind].min(n);
        for (k, m) in [(kind, own), (UNKNOWN_FRAGMENT, n - own)] {
            self.fragments[p.idx()][k] -= m;
            if let Some(card) = cards[k] {
                self.purged[card.idx()] += m;
            }
        }
    }

    /// Relic fragments of every kind in `p`'s play area.
    pub fn fragments_of(&self, p: Player) -> u32 {
        self.fragments[p.idx()].iter().map(|&n| n as u32).sum()
    }

    /// Copies of `card` in players' play areas (relic fragments) or attached to planets.
    pub fn in_play(&self, c: &Content, card: ExplorationId) -> u32 {
        let attached = self.attached.iter().flatten().filter(|a| a.card == card).count() as u32;
        let held = match fragment_kind(c, card) {
            Some(k) => self.fragments.iter().map(|f| f[k] as u32).sum(),
            None => 0,
        };
        attached + held
    }
}

/// The fragment kind ([`FRAGMENT_KINDS`] index) of a relic-fragment card, `None` for another
/// card: the cards whose id ends in `_relic_fragment`, by deck.
pub fn fragment_kind(c: &Content, card: ExplorationId) -> Option<usize> {
    let d = c.cards.exploration.get(card.idx())?;
    d.key.ends_with("_relic_fragment").then_some(d.deck as usize)
}

/// The relic-fragment card of each fragment kind ([`FRAGMENT_KINDS`]), `None` for a kind the
/// content lacks.
pub fn fragment_cards(c: &Content) -> [Option<ExplorationId>; FRAGMENT_KINDS] {
    let mut out = [None; FRAGMENT_KINDS];
    for i in 0..c.cards.exploration.len() {
        let e = ExplorationId(i as u8);
        if let Some(k) = fragment_kind(c, e) {
            out[k] = Some(e);
        }
    }
    out
}
