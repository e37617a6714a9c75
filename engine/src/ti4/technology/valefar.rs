//! Nekro Virus, Valefar Assimilator X and Y (Technology 16-22; `ti4-rules.md` §8.1).
//!
//! Nekro owns both Valefar cards from setup. When one of its faction abilities would let it
//! gain another player's technology, it may instead put the X or Y token on a faction
//! technology (a faction unit upgrade included) that player owns; while the token stays, the
//! Valefar card has the copied card's text. [`FactionState::valefar`](crate::ti4::factions::FactionState::valefar)
//! holds the copies: index 0 is X, index 1 is Y. The rules read a player's technologies through
//! [`effective_techs`] (owned ∪ copies) wherever card text applies (unit definitions through
//! [`Content::effective_unit`]) and [`objective_counts`] for objectives.
//!
//! Choices and simplifications:
//! - Technology 18: when the owner of a copied technology is eliminated, the card moves to
//!   Nekro's play area (`techs`) and leaves the eliminated player's; the token returns to its
//!   Valefar card, free to copy again (the copy no longer needs it: Nekro owns the card).
//! - Technology 19: while Nekro owns or copies Floating Factory II its space docks are placed
//!   in the space area ([`docks_may_stand_in_space`], a rule of the unit definition in effect,
//!   not of the Saar faction); docks already on a planet when the copy is made stay there. When
//!   the token leaves, each Nekro space dock in a space area goes to the first eligible planet
//!   in tile order (Nekro controls it, no space dock there, no other player's units there); the
//!   player's free choice among eligible planets is not offered.
//! - Technology 16-21: what a token may lie on is [`check_copy`], shared by [`place_token`]
//!   and the position reader.
//! - Technology 20 is read as "Nekro has no war sun unit left" ([`Content::effective_unit`]
//!   after the change is `None`); with the printed cards this is exactly "does not own the
//!   generic War Sun".
//! - If the copied technology's owner loses it (returns it to their deck) the copy stays: copies
//!   live only in the Nekro player's record.
//! - Not modelled: Dimensional Tear II tear tokens, infantry waiting on a faction infantry
//!   upgrade card, damaged units after losing a SUSTAIN DAMAGE upgrade (damage is kept anyway),
//!   exhausting the new copy when a moved token leaves an exhausted copy (the Valefar card keeps
//!   its own ready state), Valefar Assimilator Z.

use super::docks_may_stand_in_space;
use crate::ti4::content::Content;
use crate::ti4::elimination;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State, MAX_PLANETS_PER_SYSTEM};

/// One of the two Valefar Assimilator tokens (and cards).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Token {
    /// Valefar Assimilator X (`FactionState::valefar(p)[0]`).
    X = 0,
    /// Valefar Assimilator Y (`FactionState::valefar(p)[1]`).
    Y = 1,
}

impl Token {
    /// Both tokens, X first.
    pub const BOTH: [Token; 2] = [Token::X, Token::Y];
    /// The Valefar Assimilator card of this token.
    pub fn card(self, c: &Content) -> Option<TechId> {
        match self {
            Token::X => c.known.valefar_x,
            Token::Y => c.known.valefar_y,
        }
    }
    /// The other token.
    pub const fn other(self) -> Token {
        match self {
            Token::X => Token::Y,
            Token::Y => Token::X,
        }
    }
    /// Index into `FactionState::valefar`.
    pub const fn idx(self) -> usize {
        self as usize
    }
}

/// Why a Valefar token cannot be placed or removed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ValefarError {
    /// The Nekro player is eliminated.
    NotInGame,
    /// The player does not own this Valefar Assimilator card.
    CardNotOwned(Token),
    /// The technology must come from another player.
    SamePlayer,
    /// The other player is eliminated.
    OwnerNotInGame,
    /// The other player does not own the technology.
    NotOwnedByThatPlayer(TechId),
    /// Not a faction technology (generic technologies are gained, not assimilated: Technology 16).
    NotFactionTechnology(TechId),
    /// A card that can never carry a token: I.I.H.Q. Modernization or a Valefar card itself.
    Forbidden(TechId),
    /// A faction technology of the Nekro player's own faction (Technology 16: the copies are of
    /// technologies researched by other players).
    OwnFactionTechnology(TechId),
    /// The technology already carries a Valefar token.
    AlreadyCarriesToken(TechId),
    /// Nekro already owns the technology.
    AlreadyOwned(TechId),
    /// Technology 21: the other token holds an upgrade of the same unit type; use it.
    MustUseToken(Token),
    /// The token is on no technology.
    TokenFree(Token),
}

impl ValefarError {
    /// Why, as a clause of one line (`sim explain` and the position reader print it after
    /// "technology 'x' cannot carry a Valefar Assimilator token: ").
    pub fn reason(self, c: &Content) -> &'static str {
        match self {
            ValefarError::NotInGame => "the player is eliminated",
            ValefarError::CardNotOwned(_) => "the token's Valefar Assimilator card is not owned",
            ValefarError::SamePlayer => "the technology must be another player's",
            ValefarError::OwnerNotInGame => "its owner is eliminated",
            ValefarError::NotOwnedByThatPlayer(_) => "that player does not own it",
            ValefarError::NotFactionTechnology(_) => "not a faction technology",
            ValefarError::Forbidden(t) if c.known.iihq_modernization == Some(t) => {
                "its text forbids Valefar Assimilator tokens"
            }
            ValefarError::Forbidden(_) => "it is a Valefar Assimilator card",
            ValefarError::OwnFactionTechnology(_) => "it is this player's own faction technology",
            ValefarError::AlreadyCarriesToken(_) => "a Valefar Assimilator token is already on it",
            ValefarError::AlreadyOwned(_) => "this player owns it (Technology 18: an owned card carries no token)",
            ValefarError::MustUseToken(Token::X) => {
                "the X token copies an upgrade of the same unit type (Technology 21: a second one replaces it on the X token)"
            }
            ValefarError::MustUseToken(Token::Y) => {
                "the Y token copies an upgrade of the same unit type (Technology 21: a second one replaces it on the Y token)"
            }
            ValefarError::TokenFree(_) => "the token is on no technology",
        }
    }
}

/// What removing a token did (Technology 19-20).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Removal {
    /// The technology the token left.
    pub tech: Option<TechId>,
    /// Space docks moved from space onto planets (Technology 19).
    pub docks_moved: u8,
    /// Space docks returned to reinforcements (Technology 19).
    pub docks_returned: u8,
    /// War suns returned to reinforcements (Technology 20).
    pub war_suns_returned: u8,
    /// Returning space docks or war suns left the Nekro player meeting the elimination
    /// conditions, and they were eliminated.
    pub eliminated: bool,
}

/// Technologies per colour and unit upgrades, as objectives count them (Technology 22).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TechCounts {
    /// Coloured technologies by `Colour as usize`.
    pub colours: [u8; 4],
    /// Unit upgrades, one per unit type upgraded.
    pub unit_upgrades: u8,
}

/// Technology 16 (setup): a faction whose faction technologies include the Valefar
/// Assimilators (Nekro Virus) starts the game with both cards in its play area (the data lists
/// them as faction technologies, not starting ones). Returns how many cards were placed.
pub fn place_starting_cards(c: &Content, s: &mut State, p: Player) -> u8 {
    let faction = s.player(p).faction;
    let mut placed = 0;
    for card in Token::BOTH.iter().filter_map(|t| t.card(c)) {
        if c.factions[faction.idx()].faction_techs.contains(card) && s.player_mut(p).techs.insert(card) {
            placed += 1;
        }
    }
    placed
}

/// Technology 17 and §8.1: true when any player's Valefar token is on `t`.
fn carries_token(s: &State, t: TechId) -> bool {
    s.seats().any(|p| s.factions.valefar(p).contains(&Some(t)))
}

/// Technology 16-17 and §8.1: the technologies of player `from` that `nekro` could copy now —
/// faction technologies (faction unit upgrades included) that `from` owns, minus I.I.H.Q.
/// Modernization, the Valefar cards, cards already carrying a token and cards Nekro owns.
/// Units (basic units, mechs) are not technologies and never appear here.
pub fn eligible_targets(c: &Content, s: &State, nekro: Player, from: Player) -> TechSet {
    if from == nekro || !s.player(from).in_game || !s.player(nekro).in_game {
        return TechSet::EMPTY;
    }
    let own = s.player(nekro).techs;
    s.player(from).techs.difference(own).iter().filter(|&t| check_target(c, s, t).is_ok()).collect()
}

/// Technology 16-17: the card-level reasons `t` can never carry a token now.
fn check_target(c: &Content, s: &State, t: TechId) -> Result<(), ValefarError> {
    if c.tech_def(t).faction.is_none() {
        return Err(ValefarError::NotFactionTechnology(t));
    }
    let k = &c.known;
    if [k.iihq_modernization, k.valefar_x, k.valefar_y].contains(&Some(t)) {
        return Err(ValefarError::Forbidden(t));
    }
    if carries_token(s, t) {
        return Err(ValefarError::AlreadyCarriesToken(t));
    }
    Ok(())
}

/// Technology 16, 17 and 21: what a copy allows — whether `nekro`'s `token` may lie on
/// `target` given `nekro`'s play area and other token, whoever `target` is copied from. The
/// one check shared by [`place_token`] (which adds who `target` comes from) and the position
/// reader (a position does not record it), so the two cannot drift:
/// - Technology 16: `nekro` owns the token's Valefar Assimilator card;
/// - Technology 16-17: `target` is a faction technology (unit upgrades included), neither
///   I.I.H.Q. Modernization nor a Valefar card, not of `nekro`'s own faction, and carries no
///   token yet;
/// - Technology 18: `nekro` does not own `target` (an assimilated card in Nekro's play area has
///   given its token back);
/// - Technology 21: if `target` upgrades a unit type whose upgrade the other token copies, the
///   other token must be used (the new copy replaces the old one on it).
pub fn check_copy(c: &Content, s: &State, nekro: Player, token: Token, target: TechId) -> Result<(), ValefarError> {
    let ns = s.player(nekro);
    if !token.card(c).is_some_and(|card| ns.techs.contains(card)) {
        return Err(ValefarError::CardNotOwned(token));
    }
    check_target(c, s, target)?;
    if c.tech_def(target).faction == Some(ns.faction) {
        return Err(ValefarError::OwnFactionTechnology(target));
    }
    if ns.techs.contains(target) {
        return Err(ValefarError::AlreadyOwned(target));
    }
    // Technology 21: a second upgrade of one unit type goes on the same token.
    if let Some(unit) = c.tech_def(target).unit {
        let other = s.factions.valefar(nekro)[token.other().idx()];
        if other.is_some_and(|o| c.tech_def(o).unit == Some(unit)) {
            return Err(ValefarError::MustUseToken(token.other()));
        }
    }
    Ok(())
}

/// Technology 16, 17 and 21: put `token` on `target`, a technology of player `from` (in the
/// game, owning it); what the copy itself allows is [`check_copy`]. A token already holding a
/// copy first leaves it, with the consequences of [`remove_token`]; the returned [`Removal`]
/// reports them (`tech: None` if the token was free). On error `s` is unchanged.
pub fn place_token(
    c: &Content,
    s: &mut State,
    nekro: Player,
    token: Token,
    from: Player,
    target: TechId,
) -> Result<Removal, ValefarError> {
    if !s.player(nekro).in_game {
        return Err(ValefarError::NotInGame);
    }
    if from == nekro {
        return Err(ValefarError::SamePlayer);
    }
    if !s.player(from).in_game {
        return Err(ValefarError::OwnerNotInGame);
    }
    if !s.player(from).techs.contains(target) {
        return Err(ValefarError::NotOwnedByThatPlayer(target));
    }
    check_copy(c, s, nekro, token, target)?;
    let old = s.factions.valefar(nekro)[token.idx()];
    s.factions.valefar_mut(nekro)[token.idx()] = Some(target);
    Ok(match old {
        Some(old) => consequences(c, s, nekro, old),
        None => {
            elimination::refresh_unit_masks(c, s, nekro);
            Removal::default()
        }
    })
}

/// Technology 19-20: take `token` off its technology; the Valefar card loses the copied text.
/// Removing it from Saar Floating Factory II (a space-dock upgrade whose loss leaves Nekro's
/// docks unable to stand in space: [`docks_may_stand_in_space`]) moves each Nekro space dock
/// in a space area onto an eligible planet Nekro controls in that system, else to
/// reinforcements (Technology 19).
/// Removing it from a war-sun upgrade when Nekro does not own the generic War Sun returns every
/// Nekro war sun to reinforcements (Technology 20). On error `s` is unchanged.
pub fn remove_token(c: &Content, s: &mut State, nekro: Player, token: Token) -> Result<Removal, ValefarError> {
    let old = s.factions.valefar(nekro)[token.idx()].ok_or(ValefarError::TokenFree(token))?;
    s.factions.valefar_mut(nekro)[token.idx()] = None;
    Ok(consequences(c, s, nekro, old))
}

/// Technology 19-20: what losing the copy of `old` does, given the copies now in place.
fn consequences(c: &Content, s: &mut State, nekro: Player, old: TechId) -> Removal {
    let mut r = Removal { tech: Some(old), ..Removal::default() };
    elimination::refresh_unit_masks(c, s, nekro);
    let techs = effective_techs(c, s, nekro);
    if c.tech_def(old).unit == Some(UnitType::SpaceDock) && !docks_may_stand_in_space(c, s, nekro) {
        // Technology 19: space docks in space go down onto a planet of their system, or to reinforcements.
        loop {
            let next = s.locations_of(nekro, UnitType::SpaceDock).find(|(l, _)| matches!(l, Location::Space(_)));
            let Some((loc @ Location::Space(slot), _)) = next else { break };
            if s.remove_units(loc, UnitType::SpaceDock, 1).is_err() {
                break;
            }
            match dock_planet(c, s, nekro, slot) {
                Some(to)
                    if crate::ti4::placement::place_units(c, s, nekro, to, UnitType::SpaceDock, 1)
                        == Ok(crate::ti4::placement::Placement::Placed) =>
                {
                    r.docks_moved += 1
                }
                _ => r.docks_returned += 1,
            }
        }
    }
    let faction = s.player(nekro).faction;
    if c.tech_def(old).unit == Some(UnitType::WarSun) && c.effective_unit(faction, UnitType::WarSun, techs).is_none() {
        // Technology 20: no war sun upgrade left (in particular not the generic War Sun).
        loop {
            let next = s.locations_of(nekro, UnitType::WarSun).next();
            let Some((loc, n)) = next else { break };
            if s.remove_units(loc, UnitType::WarSun, n).is_err() {
                break;
            }
            r.war_suns_returned += n;
        }
    }
    // Elimination: returning PRODUCTION units can meet the conditions.
    if r.docks_returned + r.war_suns_returned > 0 && elimination::meets_conditions(c, s, nekro) {
        r.eliminated = elimination::eliminate(c, s, nekro, None).is_ok();
    }
    r
}

/// Technology 19: the first planet of board slot `slot`, in tile order, that `nekro` controls,
/// that has no space dock and that no other player occupies.
fn dock_planet(c: &Content, s: &State, nekro: Player, slot: u8) -> Option<Location> {
    let controlled = s.player(nekro).planets;
    (0..MAX_PLANETS_PER_SYSTEM as u8).map(|n| Location::Planet(slot, n)).find(|&loc| {
        s.planet_at(c, loc).is_some_and(|pl| controlled.contains(pl))
            && s.occupant(loc).is_none_or(|o| o == nekro)
            && s.count_at(loc, UnitType::SpaceDock) == 0
    })
}

/// Technology 16 and 21: the technologies whose text applies to player `p` — those owned plus
/// the copies on Valefar tokens of cards `p` owns. Feed it to [`Content::effective_unit`]: Nekro
/// uses an upgrade of a unit type whatever its name, a faction upgrade over a generic one.
pub fn effective_techs(c: &Content, s: &State, p: Player) -> TechSet {
    let ps = s.player(p);
    let mut all = ps.techs;
    for token in Token::BOTH {
        if let (Some(copy), Some(card)) = (s.factions.valefar(p)[token.idx()], token.card(c)) {
            if ps.techs.contains(card) {
                all.insert(copy);
            }
        }
    }
    all
}

/// Technology 22: technologies per colour and unit upgrades of player `p` for objectives,
/// copies counted with their colour and type; a unit type upgraded twice (a generic upgrade
/// owned and a faction upgrade copied) counts once.
pub fn objective_counts(c: &Content, s: &State, p: Player) -> TechCounts {
    let techs = effective_techs(c, s, p);
    let mut counts = TechCounts::default();
    for (i, n) in counts.colours.iter_mut().enumerate() {
        *n = techs.intersection(c.colour_techs[i]).len() as u8;
    }
    let mut types = [false; UNIT_TYPES];
    for t in techs.intersection(c.unit_upgrades).iter() {
        if let Some(u) = c.tech_def(t).unit {
            types[u.idx()] = true;
        }
    }
    counts.unit_upgrades = types.iter().filter(|&&b| b).count() as u8;
    counts
}

/// Technology 18: player `eliminated` has just been eliminated. Each technology of their
/// faction that carries one of `nekro`'s tokens is not removed from the game: it moves to
/// Nekro's play area (and out of the eliminated player's), and the token returns to its
/// Valefar card, free to copy again. Returns how many technologies moved.
pub fn owner_eliminated(c: &Content, s: &mut State, nekro: Player, eliminated: Player) -> u8 {
    let faction = s.player(eliminated).faction;
    let mut moved = 0;
    for token in Token::BOTH {
        let Some(t) = s.factions.valefar(nekro)[token.idx()] else { continue };
        if c.tech_def(t).faction == Some(faction) || s.player(eliminated).techs.contains(t) {
            s.player_mut(eliminated).techs.remove(t);
            s.player_mut(nekro).techs.insert(t);
            s.factions.valefar_mut(nekro)[token.idx()] = None;
            moved += 1;
        }
    }
    if moved > 0 {
        elimination::refresh_unit_masks(c, s, nekro);
    }
    moved
}
