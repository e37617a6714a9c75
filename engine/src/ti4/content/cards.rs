//! Card identities (`cards.json`): action cards, agendas, public and secret objectives,
//! promissory notes and leaders of the base game, Prophecy of Kings and Codex (Council Keleres).
//!
//! Facts only — id, name, kind, copies, stage, law or directive, owning faction — plus whether the
//! rules engine implements the card's effect (`implemented`). Action cards, agendas and
//! promissory notes may be marked implemented (the round loop puts exactly those in play:
//! `game::action_cards`, `game::agendas`, `game::notes`); the other card kinds have no effects in the engine, so loading refuses
//! `true` for them.

use super::error::{ContentError, ContentErrorKind as K};
use super::raw::CardFile;
use super::tables::Source;
use crate::ti4::ids::*;
use std::collections::BTreeMap;

/// Physical action cards the state can track (one location byte each).
pub const MAX_ACTION_COPIES: usize = 128;
/// Agenda cards the state can track.
pub const MAX_AGENDAS: usize = 64;
/// Public objectives (stage I and II together) the state can track.
pub const MAX_PUBLIC_OBJECTIVES: usize = 48;
/// Secret objectives the state can track.
pub const MAX_SECRET_OBJECTIVES: usize = 48;
/// Promissory notes one player owns: the generic ones plus their faction's.
pub const MAX_NOTES_PER_SEAT: usize = 8;
/// Leaders one faction has (the Nomad: 3 agents, a commander, a hero; Keleres: 3 heroes).
pub const MAX_LEADERS_PER_SEAT: usize = 6;

/// Law or directive (Agenda Phase).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AgendaKind {
    /// Stays in play when passed ("For" or an election).
    Law,
    /// Resolved once and discarded.
    Directive,
}

/// Most distinct exploration cards (the state keeps a count per card).
pub const MAX_EXPLORATION: usize = 32;
/// Most relics (the state keeps a location byte per relic).
pub const MAX_RELICS: usize = 16;

/// A relic (rules 73, Prophecy of Kings).
#[derive(Clone, Debug)]
pub struct RelicDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Product.
    pub source: Source,
    /// The engine implements its effect (the relic deck in play holds only these).
    pub implemented: bool,
}

/// The four exploration decks (Exploration, Prophecy of Kings): one per planet trait, in trait
/// bit order (cultural, hazardous, industrial), then the frontier deck.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExplorationDeck {
    /// Explored on cultural planets.
    Cultural,
    /// Explored on hazardous planets.
    Hazardous,
    /// Explored on industrial planets.
    Industrial,
    /// Explored on frontier tokens.
    Frontier,
}

impl ExplorationDeck {
    /// The deck of planet trait bit `t` (0 cultural, 1 hazardous, 2 industrial).
    pub fn of_trait(t: u8) -> ExplorationDeck {
        [ExplorationDeck::Cultural, ExplorationDeck::Hazardous, ExplorationDeck::Industrial][t as usize % 3]
    }

    fn parse(s: &str) -> Option<ExplorationDeck> {
        Some(match s {
            "cultural" => ExplorationDeck::Cultural,
            "hazardous" => ExplorationDeck::Hazardous,
            "industrial" => ExplorationDeck::Industrial,
            "frontier" => ExplorationDeck::Frontier,
            _ => return None,
        })
    }
}

/// An exploration card (all its copies share the entry).
#[derive(Clone, Debug)]
pub struct ExplorationDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Its deck.
    pub deck: ExplorationDeck,
    /// Copies in the deck.
    pub copies: u8,
    /// Product.
    pub source: Source,
    /// The engine implements its effect (the decks in play hold only these).
    pub implemented: bool,
}

/// Agent, commander or hero.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LeaderKind {
    /// Starts unlocked; exhausts to use.
    Agent,
    /// Starts locked; unlocked by a condition.
    Commander,
    /// Starts locked; purged (or attached) when used.
    Hero,
}

/// An action card (all its copies share the entry).
#[derive(Clone, Debug)]
pub struct ActionCardDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Copies in the deck.
    pub copies: u8,
    /// Index of its first copy in [`Cards::action_copies`].
    pub first_copy: u16,
    /// Product.
    pub source: Source,
    /// The engine implements its effect (the deck in play holds only these).
    pub implemented: bool,
}

/// An agenda card.
#[derive(Clone, Debug)]
pub struct AgendaDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Law or directive.
    pub kind: AgendaKind,
    /// Product.
    pub source: Source,
    /// A base-game card Prophecy of Kings takes out of the deck (set aside at setup).
    pub removed_in_pok: bool,
    /// The engine implements its effect (the deck in play holds only these).
    pub implemented: bool,
}

/// A public objective.
#[derive(Clone, Debug)]
pub struct PublicObjectiveDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Stage I or II; also its victory points.
    pub stage: u8,
    /// Product.
    pub source: Source,
}

/// A secret objective (worth 1 victory point).
#[derive(Clone, Debug)]
pub struct SecretObjectiveDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Product.
    pub source: Source,
}

/// A promissory note.
#[derive(Clone, Debug)]
pub struct NoteDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// The faction whose note it is; `None` for generic notes (one per player colour).
    pub faction: Option<FactionId>,
    /// Product.
    pub source: Source,
    /// The engine implements its effect (only these are offered in transactions).
    pub implemented: bool,
}

/// A leader.
#[derive(Clone, Debug)]
pub struct LeaderDef {
    /// Data-file id.
    pub key: String,
    /// Printed name.
    pub name: String,
    /// Agent, commander or hero.
    pub kind: LeaderKind,
    /// Owning faction.
    pub faction: FactionId,
    /// Product.
    pub source: Source,
    /// A rule implements the leader's ability (`crate::ti4::rules::SourceKey::Leader`; the
    /// load-time check `rule_flags` keeps the two in agreement).
    pub implemented: bool,
}

/// Compiled card tables.
#[derive(Debug, Default)]
pub struct Cards {
    /// Action cards, indexed by [`ActionCardId`].
    pub action_cards: Vec<ActionCardDef>,
    /// The physical action cards: copy `i` is a copy of `action_copies[i]` (copies of one card
    /// are consecutive). The state keeps one location per copy.
    pub action_copies: Vec<ActionCardId>,
    /// Agendas, indexed by [`AgendaId`].
    pub agendas: Vec<AgendaDef>,
    /// Public objectives, indexed by [`PublicObjectiveId`].
    pub public_objectives: Vec<PublicObjectiveDef>,
    /// Secret objectives, indexed by [`SecretObjectiveId`].
    pub secret_objectives: Vec<SecretObjectiveDef>,
    /// Promissory notes, indexed by [`NoteId`].
    pub notes: Vec<NoteDef>,
    /// Leaders, indexed by [`LeaderId`].
    pub leaders: Vec<LeaderDef>,
    /// Exploration cards.
    pub exploration: Vec<ExplorationDef>,
    /// Relics.
    pub relics: Vec<RelicDef>,
    /// Per faction: the notes a player of that faction owns, in slot order — the generic notes
    /// (content order), then the faction's own. The state keeps one location per slot.
    pub seat_notes: Vec<Vec<NoteId>>,
    /// Per faction: its leaders in content order. The state keeps one state per slot.
    pub seat_leaders: Vec<Vec<LeaderId>>,
    /// The seat-note slot of the generic note "alliance" when it is implemented (the same slot
    /// for every faction: the generic notes come first): its holder may use the owner's
    /// commander (`rules::holds_alliance`).
    pub alliance_slot: Option<u8>,
    action_by_key: BTreeMap<String, ActionCardId>,
    agenda_by_key: BTreeMap<String, AgendaId>,
    public_by_key: BTreeMap<String, PublicObjectiveId>,
    secret_by_key: BTreeMap<String, SecretObjectiveId>,
    note_by_key: BTreeMap<String, NoteId>,
    leader_by_key: BTreeMap<String, LeaderId>,
    exploration_by_key: BTreeMap<String, ExplorationId>,
    relic_by_key: BTreeMap<String, RelicId>,
}

impl Cards {
    /// Action card by data-file id.
    pub fn action_card(&self, key: &str) -> Option<ActionCardId> {
        self.action_by_key.get(key).copied()
    }
    /// Agenda by data-file id.
    pub fn agenda(&self, key: &str) -> Option<AgendaId> {
        self.agenda_by_key.get(key).copied()
    }
    /// Public objective by data-file id.
    pub fn public_objective(&self, key: &str) -> Option<PublicObjectiveId> {
        self.public_by_key.get(key).copied()
    }
    /// Secret objective by data-file id.
    pub fn secret_objective(&self, key: &str) -> Option<SecretObjectiveId> {
        self.secret_by_key.get(key).copied()
    }
    /// Promissory note by data-file id.
    pub fn note(&self, key: &str) -> Option<NoteId> {
        self.note_by_key.get(key).copied()
    }
    /// Leader by data-file id.
    pub fn leader(&self, key: &str) -> Option<LeaderId> {
        self.leader_by_key.get(key).copied()
    }
    /// The exploration card with data-file id `key`.
    pub fn exploration(&self, key: &str) -> Option<ExplorationId> {
        self.exploration_by_key.get(key).copied()
    }
    /// The relic with data-file id `key`.
    pub fn relic(&self, key: &str) -> Option<RelicId> {
        self.relic_by_key.get(key).copied()
    }
    /// The first physical copy of an action card and its number of copies.
    pub fn copies_of(&self, card: ActionCardId) -> (usize, usize) {
        self.action_cards
            .get(card.idx())
            .map_or((self.action_copies.len(), 0), |d| (d.first_copy as usize, d.copies as usize))
    }
}

/// Compiles `cards.json`; `file` is what errors call it, `faction` resolves faction ids.
pub(crate) fn compile(
    file: &str,
    raw: &CardFile,
    faction: &BTreeMap<String, u8>,
    num_factions: usize,
) -> Result<Cards, ContentError> {
    let err = |entry: &str, field: &str, kind: K| ContentError {
        file: file.to_string(),
        entry: entry.to_string(),
        field: field.to_string(),
        kind,
    };
    let bad = |entry: &str, field: &str, msg: String| err(entry, field, K::BadValue(msg));
    let source =
        |entry: &str, s: &str| Source::parse(s).ok_or_else(|| bad(entry, "source", format!("unknown source '{s}'")));
    let fac = |entry: &str, id: &str| {
        faction.get(id).map(|&f| FactionId(f)).ok_or_else(|| err(entry, "faction", K::UnknownId(id.to_string())))
    };
    let implemented = |entry: &str, v: bool| {
        if v {
            Err(bad(entry, "implemented", "the engine implements no effect of this kind of card; must be false".into()))
        } else {
            Ok(())
        }
    };
    fn keys<'a, T: Copy>(
        ids: impl Iterator<Item = &'a str>,
        cap: usize,
        make: impl Fn(u8) -> T,
        err: &dyn Fn(&str, &str, K) -> ContentError,
    ) -> Result<BTreeMap<String, T>, ContentError> {
        let mut m = BTreeMap::new();
        for (i, id) in ids.enumerate() {
            if i >= cap {
                return Err(err(id, "id", K::TooMany(cap)));
            }
            if m.insert(id.to_string(), make(i as u8)).is_some() {
                return Err(err(id, "id", K::DuplicateId));
            }
        }
        Ok(m)
    }
    let mut cards = Cards {
        action_by_key: keys(raw.action_cards.iter().map(|c| c.id.as_str()), 256, ActionCardId, &err)?,
        agenda_by_key: keys(raw.agendas.iter().map(|c| c.id.as_str()), MAX_AGENDAS, AgendaId, &err)?,
        public_by_key: keys(
            raw.public_objectives.iter().map(|c| c.id.as_str()),
            MAX_PUBLIC_OBJECTIVES,
            PublicObjectiveId,
            &err,
        )?,
        secret_by_key: keys(
            raw.secret_objectives.iter().map(|c| c.id.as_str()),
            MAX_SECRET_OBJECTIVES,
            SecretObjectiveId,
            &err,
        )?,
        note_by_key: keys(raw.promissory_notes.iter().map(|c| c.id.as_str()), 256, NoteId, &err)?,
        leader_by_key: keys(raw.leaders.iter().map(|c| c.id.as_str()), 256, LeaderId, &err)?,
        exploration_by_key: keys(raw.exploration.iter().map(|c| c.id.as_str()), MAX_EXPLORATION, ExplorationId, &err)?,
        relic_by_key: keys(raw.relics.iter().map(|c| c.id.as_str()), MAX_RELICS, RelicId, &err)?,
        ..Cards::default()
    };
    for (i, a) in raw.action_cards.iter().enumerate() {
        if a.copies == 0 {
            return Err(bad(&a.id, "copies", "must be at least 1".into()));
        }
        let first_copy = cards.action_copies.len() as u16;
        for _ in 0..a.copies {
            if cards.action_copies.len() == MAX_ACTION_COPIES {
                return Err(err(&a.id, "copies", K::TooMany(MAX_ACTION_COPIES)));
            }
            cards.action_copies.push(ActionCardId(i as u8));
        }
        cards.action_cards.push(ActionCardDef {
            key: a.id.clone(),
            name: a.name.clone(),
            copies: a.copies,
            first_copy,
            source: source(&a.id, &a.source)?,
            implemented: a.implemented,
        });
    }
    for a in &raw.agendas {
        let kind = match a.kind.as_str() {
            "law" => AgendaKind::Law,
            "directive" => AgendaKind::Directive,
            k => return Err(bad(&a.id, "type", format!("unknown agenda type '{k}' (law or directive)"))),
        };
        cards.agendas.push(AgendaDef {
            key: a.id.clone(),
            name: a.name.clone(),
            kind,
            source: source(&a.id, &a.source)?,
            removed_in_pok: a.removed_in_pok,
            implemented: a.implemented,
        });
    }
    for o in &raw.public_objectives {
        implemented(&o.id, o.implemented)?;
        if !(1..=2).contains(&o.stage) {
            return Err(bad(&o.id, "stage", format!("stage must be 1 or 2, got {}", o.stage)));
        }
        cards.public_objectives.push(PublicObjectiveDef {
            key: o.id.clone(),
            name: o.name.clone(),
            stage: o.stage,
            source: source(&o.id, &o.source)?,
        });
    }
    for o in &raw.secret_objectives {
        implemented(&o.id, o.implemented)?;
        cards.secret_objectives.push(SecretObjectiveDef {
            key: o.id.clone(),
            name: o.name.clone(),
            source: source(&o.id, &o.source)?,
        });
    }
    for n in &raw.promissory_notes {
        cards.notes.push(NoteDef {
            key: n.id.clone(),
            name: n.name.clone(),
            faction: n.faction.as_deref().map(|f| fac(&n.id, f)).transpose()?,
            source: source(&n.id, &n.source)?,
            implemented: n.implemented,
        });
    }
    for l in &raw.leaders {
        let kind = match l.kind.as_str() {
            "agent" => LeaderKind::Agent,
            "commander" => LeaderKind::Commander,
            "hero" => LeaderKind::Hero,
            k => return Err(bad(&l.id, "kind", format!("unknown leader kind '{k}' (agent, commander or hero)"))),
        };
        cards.leaders.push(LeaderDef {
            key: l.id.clone(),
            name: l.name.clone(),
            kind,
            faction: fac(&l.id, &l.faction)?,
            source: source(&l.id, &l.source)?,
            implemented: l.implemented,
        });
    }
    for e in &raw.exploration {
        if e.copies == 0 {
            return Err(bad(&e.id, "copies", "must be at least 1".into()));
        }
        let deck = ExplorationDeck::parse(&e.deck).ok_or_else(|| {
            bad(&e.id, "deck", format!("unknown deck '{}' (cultural, hazardous, industrial or frontier)", e.deck))
        })?;
        cards.exploration.push(ExplorationDef {
            key: e.id.clone(),
            name: e.name.clone(),
            deck,
            copies: e.copies,
            source: source(&e.id, &e.source)?,
            implemented: e.implemented,
        });
    }
    for r in &raw.relics {
        cards.relics.push(RelicDef {
            key: r.id.clone(),
            name: r.name.clone(),
            source: source(&r.id, &r.source)?,
            implemented: r.implemented,
        });
    }
    let generic: Vec<NoteId> =
        (0..cards.notes.len()).filter(|&i| cards.notes[i].faction.is_none()).map(|i| NoteId(i as u8)).collect();
    cards.alliance_slot = generic
        .iter()
        .position(|n| cards.notes[n.idx()].key == "alliance" && cards.notes[n.idx()].implemented)
        .map(|k| k as u8);
    for f in 0..num_factions {
        let fid = FactionId(f as u8);
        let mut notes = generic.clone();
        notes.extend((0..cards.notes.len()).filter(|&i| cards.notes[i].faction == Some(fid)).map(|i| NoteId(i as u8)));
        if notes.len() > MAX_NOTES_PER_SEAT {
            let last = &cards.notes[notes[notes.len() - 1].idx()].key;
            return Err(err(last, "faction", K::TooMany(MAX_NOTES_PER_SEAT)));
        }
        cards.seat_notes.push(notes);
        let leaders: Vec<LeaderId> =
            (0..cards.leaders.len()).filter(|&i| cards.leaders[i].faction == fid).map(|i| LeaderId(i as u8)).collect();
        if leaders.len() > MAX_LEADERS_PER_SEAT {
            let last = &cards.leaders[leaders[leaders.len() - 1].idx()].key;
            return Err(err(last, "faction", K::TooMany(MAX_LEADERS_PER_SEAT)));
        }
        if leaders.iter().filter(|l| cards.leaders[l.idx()].kind == LeaderKind::Commander).count() > 1 {
            return Err(bad(
                &cards.leaders[leaders[0].idx()].key,
                "kind",
                "a faction has at most one commander".into(),
            ));
        }
        cards.seat_leaders.push(leaders);
    }
    Ok(cards)
}
