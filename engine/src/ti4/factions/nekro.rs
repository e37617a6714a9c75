//! The Nekro Virus: Propagation, Galactic Threat, Technological Singularity, the mech Mordred, the
//! agent Nekro Malleon and the hero UNIT.DSGN.FLAYESH. The Valefar
//! Assimilators are in `crate::ti4::technology::valefar` (Technology seed, their own rules).

use crate::ti4::content::{Content, TechKind};
use crate::ti4::game::agendas::NO_AGENDA;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{lookup, IdKind, PlayerPosition, PositionError, PositionErrorKind as K, Valefar};
use crate::ti4::rules::{CombatSides, ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State};
use crate::ti4::technology::valefar::ValefarError;
use crate::ti4::technology::valefar::{self, Token};

pub(super) static RULES: &[Rule] = &[
    // Antivirus (promissory note): "At the start of a combat: Place this card face-up in your
    // play area. While this card is in your play area, the Nekro player cannot use their
    // TECHNOLOGICAL SINGULARITY faction ability against you. If you activate a system that
    // contains 1 or more of the Nekro player's units, return this card to the Nekro player."
    // (Rules 69.) Simplified: the card goes face up as it is received (hook point
    // `note_placed_face_up`), not at the start of its holder's next combat; Technological
    // Singularity offers nothing against a player with it face up; it returns when its holder
    // activates a system with the Nekro player's units (hook point `system_activated`).
    Rule {
        source: SourceKey::Note("antivirus"),
        hooks: Hooks { note_placed_face_up: Some(face_up), system_activated: Some(antivirus_returns), ..Hooks::NONE },
    },
    // Propagation: "You cannot research technology. When you would research a technology,
    // gain 3 command tokens instead." The Technology card's research becomes `Propagate`.
    Rule { source: SourceKey::Ability("propagation"), hooks: Hooks { cannot_research: Some(yes), ..Hooks::NONE } },
    // Galactic Threat: "You cannot vote on agendas. Once per agenda phase, after an agenda is
    // revealed, you may predict aloud the outcome of that agenda. If your prediction is
    // correct, gain 1 technology that is owned by a player who voted how you predicted."
    // The prediction is a decision at window `AgendaRevealed` (`Flow::predictions`); the gain a
    // decision at `AgendaResolved`, offered as Technological Singularity's (a faction
    // technology copied under a Valefar token, Technology 16.17).
    Rule {
        source: SourceKey::Ability("galactic_threat"),
        hooks: Hooks {
            cannot_vote: Some(no_vote),
            may_choices: Some(galactic_threat_choices),
            may_windows: Some(&[Window::AgendaRevealed, Window::AgendaResolved]),
            may_resolve: Some(galactic_threat),
            may_tally: Some(galactic_threat_tally),
            ..Hooks::NONE
        },
    },
    // Technological Singularity: "Once per combat, after 1 of your opponent's units is
    // destroyed, you may gain 1 technology that is owned by that player." Asked once the combat
    // is over (windows `SpaceCombatEnd`, `GroundCombatEnd`: once per combat) when it destroyed
    // at least one of the opponent's units. With the Valefar Assimilators (Technology 16.17) a
    // faction technology of that player is copied instead, under the X or Y token. The play
    // area may also hold other factions' technologies (Technology 18: assimilated technologies
    // of eliminated players).
    Rule {
        source: SourceKey::Ability("technological_singularity"),
        hooks: Hooks {
            holds_other_factions_technologies: Some(yes),
            may_choices: Some(singularity_choices),
            may_windows: Some(&[Window::SpaceCombatEnd, Window::GroundCombatEnd]),
            may_resolve: Some(singularity),
            may_tally: Some(singularity_tally),
            ..Hooks::NONE
        },
    },
    // Valefar Assimilator X and Y (Technology 19-21): implemented by the seed's technology
    // module, `technology::valefar` (the tokens, the copied technology, replacing a copy, the
    // Floating Factory and war-sun removals), which every technology query goes through; these
    // entries register the cards so that the content's `implemented` flags can be checked.
    Rule { source: SourceKey::Tech("valefar_assimilator_x"), hooks: Hooks::NONE },
    Rule { source: SourceKey::Tech("valefar_assimilator_y"), hooks: Hooks::NONE },
    // Mordred (mech): "During combat against an opponent who has an X or Y token on 1 or more
    // of their technologies, apply +2 to the result of each of this unit's combat rolls." The
    // tokens are the Valefar Assimilators' (`PlayerState::valefar`: a copied technology the
    // opponent owns).
    Rule { source: SourceKey::Unit("nekro_mech"), hooks: Hooks { combat_sides: Some(mordred), ..Hooks::NONE } },
    // The Alastor (flagship): "At the start of a space combat, choose any number of your ground
    // forces in this system to participate in that combat as if they were ships." At the start
    // of a space combat the flagship fights in (hook point `combat_sides`), the Nekro's
    // infantry and mechs in the space area take part as ships: they roll their combat dice and
    // may be assigned hits (`Force::with_ground_forces_as_ships`; FAQ: they stay in the combat
    // if the flagship is destroyed). Simplified: all of those in the space area ("any number"
    // is all of them), none from the planets.
    Rule { source: SourceKey::Unit("nekro_flagship"), hooks: Hooks { combat_sides: Some(alastor), ..Hooks::NONE } },
    // Nekro Malleon (agent): "During the action phase: You may exhaust this card to choose a
    // player; that player may discard 1 action card or spend 1 command token from their command
    // sheet to gain 2 trade goods." (Rules 51.) Offered at the holder's window `TurnEnd`:
    // choices 0-2 spend a token of the tactic, fleet or strategy pool (to reinforcements),
    // 16 + card discards that action card; either gains 2 trade goods. Simplified: the player
    // chosen is always the holder (another player's choice of card or pool is not asked).
    Rule {
        source: SourceKey::Leader("nekro_agent"),
        hooks: Hooks {
            may_choices: Some(malleon_choices),
            may_windows: Some(&[Window::TurnEnd]),
            may_resolve: Some(malleon),
            ..Hooks::NONE
        },
    },
    // UNIT.DSGN.FLAYESH (hero), POLYMORPHIC ALGORITHM: "ACTION: Choose a planet that has a
    // technology specialty in a system that contains your units. Destroy any other player's
    // units on that planet. Gain trade goods equal to that planet's combined resource and
    // influence values and gain 1 technology that matches the specialty of that planet. Then,
    // purge this card." (Rules 51, 23; FAQ: not a unit upgrade.) A component action per
    // (planet, technology) pair: each such planet with each technology of its specialty's
    // colour the player may gain, or the planet alone when there is none (target = the pair's
    // index in that order, at most 256 pairs).
    Rule {
        source: SourceKey::Leader("nekro_hero"),
        hooks: Hooks { component_targets: Some(flayesh_targets), component_action: Some(flayesh), ..Hooks::NONE },
    },
];

fn yes(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn no_vote(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// A technology a Nekro ability offers: gained, or copied under a Valefar token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum TechChoice {
    /// Gain this technology (Technology 5 and note 2: no prerequisites).
    Gain(TechId),
    /// Technology 16.17: place this Valefar token on this faction technology of that player.
    Copy(Token, TechId, Player),
}

impl TechChoice {
    /// The choice number (`Action::Choose`): the technology id; for a copy, plus 256 for the X
    /// token or 512 for the Y token, plus 1,024 × the seat copied from.
    pub(crate) fn code(self) -> u16 {
        match self {
            TechChoice::Gain(t) => t.0 as u16,
            TechChoice::Copy(token, t, q) => 1024 * q.0 as u16 + 256 * (token.idx() as u16 + 1) + t.0 as u16,
        }
    }
    /// The choice of a choice number.
    pub(crate) fn decode(k: u16) -> Option<TechChoice> {
        let (t, q) = (TechId((k % 256) as u8), Player((k / 1024) as u8));
        match k / 256 % 4 {
            0 if k < 256 => Some(TechChoice::Gain(t)),
            1 => Some(TechChoice::Copy(Token::X, t, q)),
            2 => Some(TechChoice::Copy(Token::Y, t, q)),
            _ => None,
        }
    }
}

/// The technologies of player `q` that `p` could take through an ability: each technology `q`
/// owns that `p` may gain (not a faction technology, not owned, not blocked for `p`'s faction:
/// Technology 11 and note 3) and is not in `skip`, then each faction technology of `q` a
/// Valefar token of `p` may copy (Technology 16-17 and 21: `valefar::check_copy`), X before Y.
/// Returns the technologies offered for gain.
fn tech_options(g: &Ti4Game, p: Player, q: Player, skip: TechSet, out: &mut dyn FnMut(TechChoice)) -> TechSet {
    let (c, s) = (g.content(), &g.state);
    let mut offered = TechSet::EMPTY;
    if !s.player(q).in_game || q == p {
        return offered;
    }
    let mine = s.player(p).techs;
    for t in s.player(q).techs.difference(mine).difference(skip).iter() {
        if c.tech_def(t).faction.is_none() && crate::ti4::technology::faction_block(c, s, p, t).is_none() {
            offered.insert(t);
            out(TechChoice::Gain(t));
        }
    }
    for t in valefar::eligible_targets(c, s, p, q).iter() {
        for token in Token::BOTH {
            if valefar::check_copy(c, s, p, token, t).is_ok() {
                out(TechChoice::Copy(token, t, q));
            }
        }
    }
    offered
}

/// `p` takes a technology choice: gains the technology, or places the Valefar token on it (a
/// token already on a copy leaves it first, with the consequences of Technology 19-21).
fn take(g: &mut Ti4Game, p: Player, choice: TechChoice) {
    let (c, s) = g.content_and_state();
    match choice {
        TechChoice::Gain(t) => {
            crate::ti4::technology::gain(c, s, p, t).expect("an offered technology can be gained");
        }
        TechChoice::Copy(token, t, q) => {
            valefar::place_token(c, s, p, token, q, t).expect("an offered copy can be made");
            // Capacity 16.3 (and fleet pool 37): a copied unit upgrade the token left (Technology
            // 19-21) may have lowered the capacity of `p`'s ships; the excess is removed.
            crate::ti4::game::component::enforce_fleet_everywhere(g, p);
        }
    }
}

/// The statistics label of a technology choice: `technology_gained` or, under a Valefar token,
/// `valefar_copy`.
fn tech_tally(choice: u16) -> Option<&'static str> {
    match TechChoice::decode(choice)? {
        TechChoice::Gain(_) => Some("technology_gained"),
        TechChoice::Copy(..) => Some("valefar_copy"),
    }
}

fn singularity_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if !matches!(window, Window::SpaceCombatEnd | Window::GroundCombatEnd) {
        return;
    }
    if let Some(q) = g.combat_opponent_with_losses(p).filter(|&q| !antivirus_protects(g, q)) {
        tech_options(g, p, q, TechSet::EMPTY, &mut |o| out(o.code()));
    }
}

/// Antivirus: `q` holds the Nekro's Antivirus face up in their play area.
fn antivirus_protects(g: &Ti4Game, q: Player) -> bool {
    let c = g.content();
    let Some(n) = c.cards.note("antivirus") else { return false };
    crate::ti4::rules::note_owner(c, &g.state, n)
        .is_some_and(|(owner, k)| g.state.notes.get(owner, k) == crate::ti4::components::Zone::PlayArea(q))
}

/// Antivirus goes face up into its receiver's play area.
fn face_up(_: Source) -> bool {
    true
}

/// Antivirus: its holder `q`, the active player, activated a system holding the Nekro
/// player's units: the note returns.
fn antivirus_returns(src: Source, g: &mut Ti4Game, q: Player, active: Player, slot: u8) {
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return };
    if q == active && g.state.has_units_in(owner, slot) {
        crate::ti4::game::notes::return_note(g, src);
    }
}

/// Technological Singularity: the technology of the combat's opponent is gained or copied
/// (the pending decision takes only choices `singularity_choices` offered).
fn singularity(_: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    if let Some(c) = TechChoice::decode(choice) {
        take(g, p, c);
    }
}

fn singularity_tally(_: Source, _: &Ti4Game, _: Player, choice: u16) -> Option<&'static str> {
    tech_tally(choice)
}

/// Galactic Threat's choices: at `AgendaRevealed`, once per agenda phase, the prediction (an
/// outcome of the agenda, `agendas::outcomes`: 0 "for", 1 "against", or a player's seat); at `AgendaResolved`, when the prediction was right, the technologies of
/// the players who voted that way (as Technological Singularity offers them; a technology
/// several of them own is offered once for gain).
fn galactic_threat_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let bit = 1u8 << p.0;
    match window {
        Window::AgendaRevealed
            if g.flow.agenda_phase.predictors & bit == 0 && g.flow.agenda_phase.agenda_card != NO_AGENDA =>
        {
            crate::ti4::game::agendas::outcomes(g, &mut |o| out(o as u16));
        }
        Window::AgendaResolved
            if g.flow.agenda_phase.predictions[g.flow.agenda_phase.outcome as usize % MAX_PLAYERS] & bit != 0 =>
        {
            let mut seen = TechSet::EMPTY;
            let voters = g.flow.agenda_phase.voters_of(g.flow.agenda_phase.outcome);
            for q in g.state.seats().filter(|q| voters >> q.0 & 1 == 1) {
                seen = seen.union(tech_options(g, p, q, seen, &mut |o| out(o.code())));
            }
        }
        _ => {}
    }
}

/// Galactic Threat: the prediction is recorded, or the technology taken.
fn galactic_threat(_: Source, g: &mut Ti4Game, p: Player, window: Window, choice: u16) {
    let bit = 1u8 << p.0;
    match window {
        Window::AgendaRevealed if (choice as usize) < MAX_PLAYERS => {
            g.flow.agenda_phase.predictions[choice as usize] |= bit;
            g.flow.agenda_phase.predictors |= bit;
        }
        Window::AgendaResolved => {
            if let Some(c) = TechChoice::decode(choice) {
                take(g, p, c);
            }
        }
        _ => {}
    }
}

/// A Galactic Threat prediction has no label; a technology taken is labelled as Technological
/// Singularity's.
fn galactic_threat_tally(_: Source, g: &Ti4Game, _: Player, choice: u16) -> Option<&'static str> {
    match g.flow.pending.window {
        Some(Window::AgendaResolved) => tech_tally(choice),
        _ => None,
    }
}

/// Mordred: +2 on the mechs' rolls against an opponent owning a technology under an X or Y
/// token.
fn mordred(_: Source, _: &Content, s: &State, p: Player, sides: &mut CombatSides) {
    let marked = s.factions.valefar(p).iter().flatten().any(|&t| s.player(sides.opponent).techs.contains(t));
    if marked && sides.own.count(UnitType::Mech) > 0 {
        sides.own = sides.own.with_type_bonus(UnitType::Mech, 2);
    }
}

/// Trade goods Nekro Malleon gives.
const MALLEON_TRADE_GOODS: u8 = 2;
/// Nekro Malleon's first choice that discards an action card (16 + its id).
const MALLEON_CARD: u16 = 16;

/// At the holder's `TurnEnd`: each pool with a token, and each action card in hand.
fn malleon_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::TurnEnd {
        return;
    }
    let ps = g.state.player(p);
    for (k, n) in [ps.tactic, ps.fleet, ps.strategy].into_iter().enumerate() {
        if n > 0 {
            out(k as u16);
        }
    }
    let c = g.content();
    for card in (0..c.cards.action_cards.len()).map(|i| ActionCardId(i as u8)) {
        if crate::ti4::rules::in_hand(c, &g.state, p, card) {
            out(MALLEON_CARD + u16::from(card.0));
        }
    }
}

/// The agent is exhausted; the token spent or the card discarded; 2 trade goods.
fn malleon(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    crate::ti4::game::leaders::exhaust(g, p, src);
    if choice >= MALLEON_CARD {
        if !crate::ti4::game::component::discard(g, p, ActionCardId((choice - MALLEON_CARD) as u8)) {
            return;
        }
    } else {
        let ps = g.state.player_mut(p);
        let pool = match choice {
            0 => &mut ps.tactic,
            1 => &mut ps.fleet,
            _ => &mut ps.strategy,
        };
        if *pool == 0 {
            return;
        }
        *pool -= 1;
        ps.token_reinforcements += 1;
        if choice == 1 {
            crate::ti4::game::component::enforce_fleet_everywhere(g, p);
        }
    }
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(MALLEON_TRADE_GOODS);
}

/// The Alastor: the Nekro's ground forces in the space area fight as ships.
fn alastor(_: Source, _: &Content, _: &State, _: Player, sides: &mut CombatSides) {
    let own = &mut sides.own;
    if matches!(sides.loc, Location::Space(_)) && own.count(UnitType::Flagship) > 0 {
        let ground = crate::ti4::combat::type_bit(UnitType::Infantry) | crate::ti4::combat::type_bit(UnitType::Mech);
        *own = own.with_ground_forces_as_ships(ground);
    }
}

/// Calls `out` with each (planet, technology) pair UNIT.DSGN.FLAYESH may choose, in order:
/// planets with a technology specialty in systems with the player's units, each with the
/// technologies of its specialty colours the player may gain (not owned, not a unit upgrade,
/// not another faction's: Technology 11), or with `None` when there is none.
fn flayesh_pairs(g: &Ti4Game, p: Player, out: &mut dyn FnMut(PlanetId, Option<TechId>)) {
    let (c, s) = (g.content(), &g.state);
    for sl in 0..s.num_systems {
        if !s.has_units_in(p, sl) {
            continue;
        }
        for n in 0..crate::ti4::state::MAX_PLANETS_PER_SYSTEM as u8 {
            let Some(pl) = s.planet_at(c, Location::Planet(sl, n)) else { continue };
            let colours = c.planets[pl.idx()].specialties;
            if colours == 0 {
                continue;
            }
            let mut any = false;
            for (k, def) in c.techs.iter().enumerate() {
                let t = TechId(k as u8);
                if matches!(def.kind, TechKind::Coloured(col) if colours >> col as usize & 1 == 1)
                    && def.faction.is_none()
                    && !s.player(p).techs.contains(t)
                    && crate::ti4::technology::faction_block(c, s, p, t).is_none()
                {
                    any = true;
                    out(pl, Some(t));
                }
            }
            if !any {
                out(pl, None);
            }
        }
    }
}

/// The index of each pair (at most 256).
fn flayesh_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let mut k = 0u16;
    flayesh_pairs(g, p, &mut |_, _| {
        if let Ok(i) = u8::try_from(k) {
            out(i);
        }
        k += 1;
    });
}

/// The other players' units on the planet are destroyed, its values gained as trade goods and
/// the technology gained; the hero is purged.
fn flayesh(src: Source, g: &mut Ti4Game, p: Player, target: u8) -> ComponentThen {
    let mut chosen = None;
    let mut k = 0u16;
    flayesh_pairs(g, p, &mut |pl, t| {
        if k == target as u16 {
            chosen = Some((pl, t));
        }
        k += 1;
    });
    crate::ti4::game::leaders::purge(g, p, src);
    let Some((pl, tech)) = chosen else { return ComponentThen::TurnEnds };
    let (c, s) = g.content_and_state();
    if let Some(loc) = s.planet_location(c, pl) {
        for t in UnitType::ALL {
            let k = s.count_at(loc, t);
            if k > 0 && s.occupant(loc) != Some(p) {
                crate::ti4::elimination::destroy_units(c, s, loc, t, k, Some(p)).expect("the units are on the planet");
            }
        }
    }
    let value = s.resources_of(c, pl) + s.influence_of(c, pl);
    let ps = s.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(value);
    if let Some(t) = tech {
        take(g, p, TechChoice::Gain(t));
    }
    ComponentThen::TurnEnds
}

/// Per seat, the technologies carrying the Valefar Assimilator X and Y tokens (Technology
/// 16-22; only a Nekro seat places them, `crate::ti4::technology::valefar`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Assimilated([[Option<TechId>; 2]; MAX_PLAYERS]);

impl super::FactionState {
    /// The technologies `p`'s Valefar Assimilator tokens `[X, Y]` are on.
    #[inline]
    pub fn valefar(&self, p: Player) -> [Option<TechId>; 2] {
        self.assimilated.0[p.idx()]
    }

    /// `p`'s Valefar Assimilator tokens `[X, Y]`, to place or remove.
    #[inline]
    pub fn valefar_mut(&mut self, p: Player) -> &mut [Option<TechId>; 2] {
        &mut self.assimilated.0[p.idx()]
    }
}

// Positions and conservation (`super::components`).

/// The position lists a Valefar Assimilator token on a technology for this seat.
pub(super) fn valefar_listed(pp: &PlayerPosition) -> bool {
    pp.valefar != Valefar::default()
}

/// A Valefar Assimilator token of `p` is on a technology.
pub(super) fn valefar_placed(s: &State, p: Player) -> bool {
    s.factions.valefar(p).iter().any(Option::is_some)
}

/// Position → state: `players[i].valefar`, the technologies the X and Y tokens are on
/// (Technology 16-22). What a copy allows is the engine's own check (`valefar::check_copy`),
/// token X first; a position does not record whom a copy came from.
pub(super) fn read_valefar(c: &Content, s: &mut State, p: Player, pp: &PlayerPosition) -> Result<(), PositionError> {
    let i = p.idx();
    let v = &pp.valefar;
    let tokens = [('x', &v.x, "valefar_assimilator_x"), ('y', &v.y, "valefar_assimilator_y")];
    for (token, (tok, key, card_key)) in Token::BOTH.into_iter().zip(tokens) {
        let Some(key) = key else { continue };
        let path = format!("players[{i}].valefar.{tok}");
        let t = lookup(&path, IdKind::Technology, key, c.tech(key))?;
        match valefar::check_copy(c, s, p, token, t) {
            Ok(()) => {}
            Err(ValefarError::CardNotOwned(_)) => {
                return Err(PositionError::new(path, K::ValefarCardNotOwned(tok, card_key.to_string())))
            }
            Err(e) => return Err(PositionError::new(path, K::ValefarTarget(key.clone(), e.reason(c)))),
        }
        s.factions.valefar_mut(p)[token.idx()] = Some(t);
    }
    Ok(())
}

/// State → position: `players[i].valefar`.
pub(super) fn write_valefar(c: &Content, s: &State, p: Player, pp: &mut PlayerPosition) {
    let [x, y] = s.factions.valefar(p).map(|t| t.map(|t| c.tech_def(t).key.clone()));
    pp.valefar = Valefar { x, y };
}
