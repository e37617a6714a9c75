//! Rule sources: the content id a rule comes from, as written in a rule file
//! ([`SourceKey`]) and as resolved against a content ([`Source`]).

use crate::ti4::components::LeaderState;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// Where a rule comes from, by its content id (the `id` of its data-file entry).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SourceKey {
    /// A technology card (generic or faction): active for a player who owns it.
    Tech(&'static str),
    /// A faction ability: active for a player whose faction sheet lists it.
    Ability(&'static str),
    /// A planet card: active for the player who controls it.
    Planet(&'static str),
    /// An action card: active for a player who holds a copy in hand; playing it discards the
    /// copy (rules 2).
    ActionCard(&'static str),
    /// An agenda card: active for the player who owns it (a law an election put in their play
    /// area, rules 7).
    Agenda(&'static str),
    /// A faction unit's text ability (a flagship or mech of `units.json`): active for a player
    /// whose faction the unit belongs to; where the text says "this unit" or "this system", the
    /// rule looks for the unit on the board (or in the combat's force).
    Unit(&'static str),
    /// An exploration card (rules 35): its rule says itself when it applies (a card being
    /// resolved, or relic fragments in a play area), so the source is active for every player.
    Exploration(&'static str),
    /// A relic: active for the player in whose play area it is.
    Relic(&'static str),
    /// A leader (agent, commander or hero; Leaders 51): active for the player whose faction
    /// sheet holds it while it is unlocked (an exhausted agent is active but not ready; a purged
    /// hero is neither), and, for a commander, for a player a rule lets use it (hook point
    /// `uses_others_commander`: Imperia, Alliance).
    Leader(&'static str),
    /// A faction promissory note: active for a player other than its owner (the seat of the
    /// note's faction) who holds it, in hand or face up in their play area (rules 69).
    Note(&'static str),
    /// A faction's tokens on the board that every player may act on, by the faction ability
    /// that brings them into play (the Crimson Rebellion's breaches, Incursion: "any player
    /// with ships in a system that contains an active breach may remove that breach"): active
    /// for every player; the rule says itself when it applies.
    Token(&'static str),
}

impl SourceKey {
    /// The content id.
    pub const fn id(self) -> &'static str {
        match self {
            SourceKey::Tech(k)
            | SourceKey::Ability(k)
            | SourceKey::Planet(k)
            | SourceKey::ActionCard(k)
            | SourceKey::Agenda(k)
            | SourceKey::Unit(k)
            | SourceKey::Exploration(k)
            | SourceKey::Relic(k)
            | SourceKey::Leader(k)
            | SourceKey::Note(k)
            | SourceKey::Token(k) => k,
        }
    }
}

/// Bit `k` of a faction's implemented abilities: the `k`-th entry of
/// `crate::ti4::factions::ABILITIES`.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub struct AbilityBit(pub(crate) u8);

/// A set of [`AbilityBit`]s: the implemented abilities of a faction, or the abilities a hook
/// point's rules come from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct AbilitySet(u64);

impl AbilitySet {
    /// How many abilities a set can hold (the rule registry may name at most this many).
    pub const CAPACITY: usize = 64;
    /// No ability.
    pub const EMPTY: AbilitySet = AbilitySet(0);
    /// Adds ability `k`.
    #[inline]
    pub fn insert(&mut self, k: AbilityBit) {
        self.0 |= 1 << k.0;
    }
    /// True when ability `k` is in the set.
    #[inline]
    pub fn contains(self, k: AbilityBit) -> bool {
        self.0 >> k.0 & 1 == 1
    }
    /// True when the sets share an ability.
    #[inline]
    pub fn intersects(self, other: AbilitySet) -> bool {
        self.0 & other.0 != 0
    }
    /// True when the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The abilities in both sets.
    #[inline]
    pub fn intersection(self, other: AbilitySet) -> AbilitySet {
        AbilitySet(self.0 & other.0)
    }
    /// The abilities, lowest bit first.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = AbilityBit> {
        crate::ti4::galaxy::bits(self.0).map(AbilityBit)
    }
}

/// A rule source resolved against one content: the typed id of the card or ability.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Source {
    /// A technology.
    Tech(TechId),
    /// A faction ability.
    Ability(AbilityBit),
    /// A planet card.
    Planet(PlanetId),
    /// An action card (its copies are interchangeable).
    ActionCard(ActionCardId),
    /// An agenda card.
    Agenda(AgendaId),
    /// A faction unit (flagship or mech) with its faction, so that the fast path needs no table.
    Unit(UnitId, FactionId),
    /// An exploration card (its copies are interchangeable).
    Exploration(ExplorationId),
    /// A relic.
    Relic(RelicId),
    /// A leader with its faction.
    Leader(LeaderId, FactionId),
    /// A faction promissory note.
    Note(NoteId),
    /// A faction's tokens every player may act on, by the ability that brings them.
    Token(AbilityBit),
}

impl Source {
    /// Exhausts the technology card of a technology rule (other kinds: nothing).
    pub(crate) fn exhaust_card(self, s: &mut State, p: Player) {
        if let Some(t) = self.tech() {
            s.player_mut(p).exhausted_techs.insert(t);
        }
    }

    /// The technology of a technology rule (`None` for other kinds).
    pub fn tech(self) -> Option<TechId> {
        match self {
            Source::Tech(t) => Some(t),
            _ => None,
        }
    }

    /// True when the rule applies to player `p`: they own the technology (their play area;
    /// generic technologies are never copied; a faction technology copied under a Valefar
    /// Assimilator token changes its holder's unit definitions only, `valefar::effective_techs`,
    /// and brings no rule along: not modelled), their faction lists the ability, they control the planet,
    /// they hold a copy of the action card (and may play action cards: hook point
    /// `cannot_play_action_cards`), the agenda is in their play area, or the unit is one of
    /// their faction's.
    /// Eliminated players keep their sheet, so callers that need "in the game" check it.
    #[inline]
    pub fn active(self, c: &Content, s: &State, p: Player) -> bool {
        let ps = s.player(p);
        match self {
            Source::Tech(t) => ps.techs.contains(t),
            Source::Ability(k) => c.factions[ps.faction.idx()].known_abilities.contains(k),
            Source::Planet(pl) => ps.planets.contains(pl),
            Source::ActionCard(card) => in_hand(c, s, p, card) && !crate::ti4::rules::cannot_play_action_cards(c, s, p),
            Source::Agenda(a) => s.agendas.get(a.idx()) == crate::ti4::components::Zone::PlayArea(p),
            // Articles of War: a mech's text abilities are lost.
            Source::Unit(u, f) => {
                ps.faction == f
                    && !(c.units[u.idx()].unit_type == UnitType::Mech
                        && crate::ti4::laws::articles_of_war::mechs_lose_abilities(c, s))
            }
            Source::Exploration(_) => true,
            Source::Relic(r) => s.exploration.relic(r) == crate::ti4::components::Zone::PlayArea(p),
            Source::Leader(l, f) => leader_state(c, s, p, l, f).is_unlocked(),
            Source::Note(n) => note_holder(c, s, n) == Some(p),
            Source::Token(_) => true,
        }
    }

    /// For a faction-note source, the note's owner and seat-note slot ([`note_owner`]); `None`
    /// for any other source, or a faction not in the game.
    #[inline]
    pub fn note_owner(self, c: &Content, s: &State) -> Option<(Player, usize)> {
        match self {
            Source::Note(n) => note_owner(c, s, n),
            _ => None,
        }
    }

    /// True when the rule applies to `p` and, for a technology or a leader, the card is ready
    /// (an agent not exhausted).
    #[inline]
    pub fn ready(self, c: &Content, s: &State, p: Player) -> bool {
        if let Source::Leader(l, f) = self {
            return leader_state(c, s, p, l, f) == LeaderState::Unlocked;
        }
        self.active(c, s, p) && self.tech().is_none_or(|t| !s.player(p).exhausted_techs.contains(t))
    }
}

/// The action-card copies `p` may play, one bit per copy (`Source::active` of every
/// action-card source at once): the copies in its hand, none when hook point
/// `cannot_play_action_cards` says so.
#[inline]
pub fn playable_copies(c: &Content, s: &State, p: Player) -> u128 {
    if crate::ti4::rules::cannot_play_action_cards(c, s, p) {
        return 0;
    }
    s.action_cards.mask(crate::ti4::components::Zone::Hand(p))
}

/// True when `p` holds a copy of action card `card`.
#[inline]
pub fn in_hand(c: &Content, s: &State, p: Player, card: ActionCardId) -> bool {
    let (first, n) = c.cards.copies_of(card);
    (first..first + n).any(|k| s.action_cards.get(k) == crate::ti4::components::Zone::Hand(p))
}

/// The state of leader `l` (of faction `f`) as `p` may use it: `p`'s own leader's state when
/// `f` is `p`'s faction; for another faction's commander, `Unlocked` when `p` may use it
/// (`elimination::can_use_commander`: Imperia, Alliance) and `Locked` otherwise; `Removed` for
/// another faction's agent or hero.
#[inline]
pub fn leader_state(c: &Content, s: &State, p: Player, l: LeaderId, f: FactionId) -> LeaderState {
    if s.player(p).faction == f {
        return crate::ti4::components::leaders::slot_of(c, f, l).map_or(LeaderState::Removed, |k| s.leaders.get(p, k));
    }
    if c.cards.leaders[l.idx()].kind != crate::ti4::content::LeaderKind::Commander {
        return LeaderState::Removed;
    }
    if !may_use_others_commanders(c, s, p) {
        return LeaderState::Locked;
    }
    let usable =
        s.seats().any(|q| q != p && s.player(q).faction == f && crate::ti4::elimination::can_use_commander(c, s, p, q));
    if usable {
        LeaderState::Unlocked
    } else {
        LeaderState::Locked
    }
}

/// Alliance (promissory note, Prophecy of Kings): "While this card is in your play area, you can
/// use the (color) player's commander ability, if it is unlocked." True when `user` holds
/// `owner`'s Alliance face up in their play area.
#[inline]
pub fn holds_alliance(c: &Content, s: &State, user: Player, owner: Player) -> bool {
    c.cards
        .alliance_slot
        .is_some_and(|k| s.notes.get(owner, k as usize) == crate::ti4::components::Zone::PlayArea(user))
}

/// True when `p` may use some other player's commander: a rule of theirs may allow it (hook
/// point `uses_others_commander`: Imperia) or they hold another player's Alliance.
#[inline]
pub fn may_use_others_commanders(c: &Content, s: &State, p: Player) -> bool {
    c.rules.uses_others_commander.may_apply(c, s, p)
        || c.cards.alliance_slot.is_some() && s.seats().any(|o| o != p && holds_alliance(c, s, p, o))
}

/// The owner of faction promissory note `n` (the seat of its faction) and its seat-note slot;
/// `None` for a generic note or a faction not in the game.
pub fn note_owner(c: &Content, s: &State, n: NoteId) -> Option<(Player, usize)> {
    let f = c.cards.notes[n.idx()].faction?;
    let owner = s.seat_of(f)?;
    let k = c.cards.seat_notes[f.idx()].iter().position(|&m| m == n)?;
    Some((owner, k))
}

/// The player other than its owner who holds faction note `n` (in hand or face up in their
/// play area), if any.
#[inline]
pub fn note_holder(c: &Content, s: &State, n: NoteId) -> Option<Player> {
    let (owner, k) = note_owner(c, s, n)?;
    s.notes.get(owner, k).holder().filter(|&h| h != owner)
}
