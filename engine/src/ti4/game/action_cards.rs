//! Action cards (rules 2 "Action Cards"): the deck in play holds every copy of the cards whose
//! effect is implemented here (`"implemented": true` in `cards.json`), and no other card. Each
//! player draws one in status phase step 3 (rules 81.3), in initiative order; an empty deck is
//! reshuffled from the discard pile. Hand limit 7 (rules 2.3): the excess is discarded
//! automatically, the lowest card ids first (documented simplification: no discard decision).
//!
//! The implemented cards are component actions ("ACTION:", rules 23): at the start of an
//! action-phase turn the player may play one as their action ([`Action::Play`]`(card, target)`),
//! which ends their turn; the card goes to the discard pile. `target` is a planet, a board slot,
//! a seat or a technology, as each card needs (0 when it needs none). A card is offered only when
//! its effect would change something.

use super::objectives::{pay_plan, spend_plan};
use super::PlayedCard;
use super::{tactical, Action, Step, Ti4Game};
use crate::ti4::components::{normalize_action_cards, Zone};
use crate::ti4::content::{Content, CULTURAL, HAZARDOUS, INDUSTRIAL};
use crate::ti4::elimination::initiative_order;
use crate::ti4::galaxy::bits;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State, NOBODY};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Most action cards in a hand at the end of the status phase (rules 2.3).
pub const HAND_LIMIT: usize = 7;

/// The implemented action-card effects, one per card.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ActionEffect {
    /// Economic Initiative: "ACTION: Ready each cultural planet you control."
    EconomicInitiative,
    /// Industrial Initiative: "ACTION: Gain 1 trade good for each industrial planet you control."
    IndustrialInitiative,
    /// Mining Initiative: "ACTION: Gain trade goods equal to the resource value of 1 planet you
    /// control."
    MiningInitiative,
    /// Frontline Deployment: "ACTION: Place 3 infantry from your reinforcements on 1 planet you
    /// control."
    FrontlineDeployment,
    /// Rise of a Messiah: "ACTION: Place 1 infantry from your reinforcements on each planet you
    /// control."
    RiseOfAMessiah,
    /// Ghost Ship: "ACTION: Place 1 destroyer from your reinforcements in a non-home system that
    /// contains a wormhole and does not contain other players' ships."
    GhostShip,
    /// War Effort: "ACTION: Place 1 cruiser from your reinforcements in a system that contains 1
    /// or more of your ships."
    WarEffort,
    /// Unexpected Action: "ACTION: Remove 1 of your command tokens from the game board and return
    /// it to your reinforcements."
    UnexpectedAction,
    /// Uprising: "ACTION: Exhaust 1 non-home planet controlled by another player. Then gain trade
    /// goods equal to its resource value."
    Uprising,
    /// Cripple Defenses: "ACTION: Choose 1 planet. Destroy each PDS on that planet."
    CrippleDefenses,
    /// Insubordination: "ACTION: Remove 1 token from another player's tactic pool and return it
    /// to their reinforcements."
    Insubordination,
    /// Fighter Conscription: "ACTION: Place 1 fighter from your reinforcements in each system that
    /// contains 1 or more of your space docks or units that have capacity; they cannot be placed
    /// in systems that contain other players' ships."
    FighterConscription,
    /// Plagiarize: "ACTION: Spend 5 influence to gain 1 non-faction technology owned by 1 of your
    /// neighbors."
    Plagiarize,
    /// Lucky Shot: "ACTION: Destroy 1 dreadnought, cruiser, or destroyer in a system that
    /// contains a planet you control."
    LuckyShot,
    /// Reactor Meltdown: "ACTION: Destroy 1 space dock in a non-home system."
    ReactorMeltdown,
    /// Tactical Bombardment: "ACTION: Choose 1 system that contains 1 or more of your units that
    /// have BOMBARDMENT. Exhaust each planet controlled by other players in that system."
    TacticalBombardment,
    /// Unstable Planet: "ACTION: Choose 1 hazardous planet. Exhaust that planet and destroy up to
    /// 3 infantry on it."
    UnstablePlanet,
    /// Repeal Law: "ACTION: Discard 1 law from play."
    RepealLaw,
    /// Focused Research: "ACTION: Spend 4 trade goods to research 1 technology."
    FocusedResearch,
    /// Refit Troops (Prophecy of Kings): "ACTION: Choose 1 or 2 of your infantry on the game
    /// board; replace each of those infantry with mechs."
    RefitTroops,
    /// Plague: "ACTION: Choose 1 planet that is controlled by another player. Roll 1 die for
    /// each infantry on that planet. For each result of 6 or greater, destroy 1 of those
    /// units." Resolved at the chance step [`Step::CardChance`].
    Plague,
    /// Spy: "ACTION: Choose 1 player. That player gives you 1 random action card from their
    /// hand." Resolved at the chance step [`Step::CardChance`].
    Spy,
    /// Impersonation (Codex): "ACTION: Spend 3 influence to draw 1 secret objective." Resolved
    /// at the chance step [`Step::CardChance`].
    Impersonation,
    /// Seize Artifact (Prophecy of Kings): "ACTION: Choose 1 of your neighbors that has 1 or
    /// more relic fragments. That player must give you 1 relic fragment of your choice." Target
    /// `seat * 4 + kind` (the fragment kind, `components::exploration::FRAGMENT_KINDS`).
    SeizeArtifact,
}

/// The ships Lucky Shot may destroy, by target code `slot * 3 + k`.
const LUCKY_SHOT_SHIPS: [UnitType; 3] = [UnitType::Destroyer, UnitType::Cruiser, UnitType::Dreadnought];

impl ActionEffect {
    /// The effect of the card with this data-file id, if implemented.
    pub fn of_key(key: &str) -> Option<ActionEffect> {
        use ActionEffect::*;
        Some(match key {
            "economic_initiative" => EconomicInitiative,
            "industrial_initiative" => IndustrialInitiative,
            "mining_initiative" => MiningInitiative,
            "frontline_deployment" => FrontlineDeployment,
            "rise_of_a_messiah" => RiseOfAMessiah,
            "ghost_ship" => GhostShip,
            "war_effort" => WarEffort,
            "unexpected_action" => UnexpectedAction,
            "uprising" => Uprising,
            "cripple_defenses" => CrippleDefenses,
            "insubordination" => Insubordination,
            "fighter_conscription" => FighterConscription,
            "plagiarize" => Plagiarize,
            "lucky_shot" => LuckyShot,
            "reactor_meltdown" => ReactorMeltdown,
            "tactical_bombardment" => TacticalBombardment,
            "unstable_planet" => UnstablePlanet,
            "repeal_law" => RepealLaw,
            "focused_research" => FocusedResearch,
            "refit_troops" => RefitTroops,
            "plague" => Plague,
            "spy" => Spy,
            "impersonation" => Impersonation,
            "seize_artifact" => SeizeArtifact,
            _ => return None,
        })
    }

    /// True for the effects that draw at random (dice, a card from a hand or a deck): they
    /// resolve at the chance step [`Step::CardChance`] ([`card_chance`]).
    pub fn is_chance(self) -> bool {
        matches!(self, ActionEffect::Plague | ActionEffect::Spy | ActionEffect::Impersonation)
    }
}

/// Impersonation's cost in influence.
const IMPERSONATION_COST: u8 = 3;

/// The effect table, built once per game setup: per [`ActionCardId`], its effect when the card
/// is marked implemented.
pub fn effect_table(c: &Content) -> Vec<Option<ActionEffect>> {
    c.cards.action_cards.iter().map(|d| if d.implemented { ActionEffect::of_key(&d.key) } else { None }).collect()
}

fn is_home_slot(g: &Ti4Game, slot: u8) -> bool {
    g.state.seats().any(|q| g.home_slot[q.idx()] == slot)
}

fn planet_slot(g: &Ti4Game, pl: PlanetId) -> Option<u8> {
    match g.state.planet_location(&g.content, pl) {
        Some(Location::Planet(slot, _)) => Some(slot),
        _ => None,
    }
}

/// Players are neighbours when a system holding units or planets of one is the same as, or
/// adjacent to, a system holding units or planets of the other (rules 60). Bit per seat.
pub fn neighbours(g: &Ti4Game, p: Player) -> u8 {
    let s = &g.state;
    let controllers = crate::ti4::control::Controllers::new(s);
    let presence = |slot: u8| -> u8 {
        let sys = &s.systems[slot as usize];
        let mut m = 0u8;
        if sys.space.owner != NOBODY {
            m |= 1 << sys.space.owner;
        }
        for a in &sys.planets {
            if a.owner != NOBODY {
                m |= 1 << a.owner;
            }
        }
        for &pl in &g.content.systems[sys.tile.idx()].planets {
            if let Some(q) = controllers.of(pl) {
                m |= 1 << q.0;
            }
        }
        m
    };
    // Each system's presence once (the loop below reads a system up to seven times).
    let mut at = [0u8; crate::ti4::galaxy::MAX_SLOTS];
    for slot in 0..s.num_systems {
        at[slot as usize] = presence(slot);
    }
    let mut out = 0u8;
    for slot in 0..s.num_systems {
        if at[slot as usize] >> p.0 & 1 == 0 {
            continue;
        }
        out |= at[slot as usize];
        for n in bits(g.galaxy.neighbours(slot)) {
            out |= at[n as usize];
        }
    }
    let mut alive = 0u8;
    for q in s.seats().filter(|&q| s.player(q).in_game) {
        alive |= 1 << q.0;
    }
    out & alive & !(1 << p.0)
}

/// The distinct implemented cards in `p`'s hand, in card order: read from the hand's copy mask
/// (a card's copies are consecutive, in card order).
fn hand(g: &Ti4Game, p: Player) -> impl Iterator<Item = (ActionCardId, ActionEffect)> + '_ {
    let c = &g.content;
    let copies = g.state.action_cards.mask(Zone::Hand(p));
    let mut last = None;
    let words = [copies as u64, (copies >> 64) as u64];
    let copy_indices = (0..2usize).flat_map(move |w| bits(words[w]).map(move |b| w * 64 + b as usize));
    copy_indices.filter_map(move |k| {
        let id = c.cards.action_copies[k];
        if last == Some(id) {
            return None;
        }
        last = Some(id);
        Some((id, g.action_effects[id.idx()]?))
    })
}

/// The [`Action::Play`] options of `p` at the start of an action-phase turn.
pub(super) fn play_options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    if crate::ti4::rules::cannot_play_action_cards(&g.content, &g.state, p) {
        return;
    }
    for (id, e) in hand(g, p) {
        each_target(g, p, e, &mut |t| buf.push(Action::Play(id, t)));
    }
}

/// Every target for which the effect does something, without allocating.
fn each_target(g: &Ti4Game, p: Player, e: ActionEffect, out: &mut dyn FnMut(u8)) {
    use ActionEffect::*;
    let (c, s) = (&*g.content, &g.state);
    let ps = s.player(p);
    let reinf = |t: UnitType| ps.reinforcements[t.idx()];
    match e {
        EconomicInitiative => {
            if ps.planets.intersection(s.exhausted_planets).iter().any(|pl| s.has_trait(c, pl, CULTURAL)) {
                out(0)
            }
        }
        IndustrialInitiative => {
            if ps.planets.iter().any(|pl| s.has_trait(c, pl, INDUSTRIAL)) {
                out(0)
            }
        }
        MiningInitiative => {
            if ps.planets.iter().any(|pl| s.resources_of(c, pl) > 0) {
                out(0)
            }
        }
        FrontlineDeployment => {
            if reinf(UnitType::Infantry) > 0 {
                for pl in ps.planets.iter() {
                    if let Some(loc) = s.planet_location(c, pl) {
                        if s.occupant(loc).is_none_or(|q| q == p) {
                            out(pl.0)
                        }
                    }
                }
            }
        }
        RiseOfAMessiah => {
            if reinf(UnitType::Infantry) > 0 && !ps.planets.is_empty() {
                out(0)
            }
        }
        GhostShip => {
            if reinf(UnitType::Destroyer) > 0 {
                for slot in 0..s.num_systems {
                    let tile = g.galaxy.tile(slot);
                    if c.systems[tile.idx()].wormholes != 0 && !is_home_slot(g, slot) && fits_ship(g, p, slot) {
                        out(slot)
                    }
                }
            }
        }
        WarEffort => {
            if reinf(UnitType::Cruiser) > 0 {
                for slot in 0..s.num_systems {
                    if s.systems[slot as usize].space.owner == p.0 && fits_ship(g, p, slot) {
                        out(slot)
                    }
                }
            }
        }
        UnexpectedAction => {
            for slot in 0..s.num_systems {
                if s.systems[slot as usize].tokens >> p.0 & 1 == 1 {
                    out(slot)
                }
            }
        }
        Uprising => {
            for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
                for pl in s.player(q).planets.difference(s.exhausted_planets).iter() {
                    if planet_slot(g, pl).is_some_and(|sl| !is_home_slot(g, sl)) {
                        out(pl.0)
                    }
                }
            }
        }
        CrippleDefenses => {
            for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
                for pl in s.player(q).planets.iter() {
                    if let Some(loc) = s.planet_location(c, pl) {
                        if s.occupant(loc) == Some(q) && s.count_at(loc, UnitType::Pds) > 0 {
                            out(pl.0)
                        }
                    }
                }
            }
        }
        Insubordination => {
            for q in s.seats().filter(|&q| q != p && s.player(q).in_game && s.player(q).tactic > 0) {
                out(q.0)
            }
        }
        FighterConscription => {
            if reinf(UnitType::Fighter) > 0 && (0..s.num_systems).any(|sl| fighter_fits(g, p, sl)) {
                out(0)
            }
        }
        Plagiarize => {
            if spend_plan(c, s, p, 0, 5, 0, 0).is_none() {
                return;
            }
            let mut seen = TechSet::EMPTY;
            for q in bits(neighbours(g, p) as u64) {
                for t in s.player(Player(q)).techs.iter() {
                    // Technology 11, note 3: not a technology `p`'s faction upgrade replaces.
                    if c.tech_def(t).faction.is_none()
                        && !ps.techs.contains(t)
                        && !seen.contains(t)
                        && crate::ti4::technology::faction_block(c, s, p, t).is_none()
                    {
                        seen.insert(t);
                        out(t.0)
                    }
                }
            }
        }
        LuckyShot => {
            // Another player's ship (destroying one's own is never offered) in a system with a
            // planet `p` controls; the target is `slot * 3 + k` (`LUCKY_SHOT_SHIPS[k]`).
            for slot in 0..s.num_systems {
                let owner = s.systems[slot as usize].space.owner;
                if owner == NOBODY || owner == p.0 || !controls_planet_in(g, p, slot) {
                    continue;
                }
                for (k, &t) in LUCKY_SHOT_SHIPS.iter().enumerate() {
                    if s.count_at(Location::Space(slot), t) > 0 {
                        out(slot * 3 + k as u8)
                    }
                }
            }
        }
        ReactorMeltdown => {
            // Another player's space dock on a planet of a non-home system (Saar's docks in
            // space, Floating Factory, are not targeted: documented).
            for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
                for pl in s.player(q).planets.iter() {
                    if let Some(loc @ Location::Planet(slot, _)) = s.planet_location(c, pl) {
                        if !is_home_slot(g, slot)
                            && s.occupant(loc) == Some(q)
                            && s.count_at(loc, UnitType::SpaceDock) > 0
                        {
                            out(pl.0)
                        }
                    }
                }
            }
        }
        TacticalBombardment => {
            let bombards = bombardment_types(g, p);
            for slot in 0..s.num_systems {
                if has_units_in(g, p, slot, bombards) && ready_planets_of_others(g, p, slot).next().is_some() {
                    out(slot)
                }
            }
        }
        UnstablePlanet => {
            // A hazardous planet another player controls ready, or with another player's
            // infantry (exhausting or destroying only what is one's own is never offered).
            for slot in 0..s.num_systems {
                for (n, &pl) in c.systems[g.galaxy.tile(slot).idx()].planets.iter().enumerate() {
                    if !s.has_trait(c, pl, HAZARDOUS) {
                        continue;
                    }
                    let loc = Location::Planet(slot, n as u8);
                    let theirs_ready = crate::ti4::control::controller(s, pl)
                        .is_some_and(|q| q != p && !s.exhausted_planets.contains(pl));
                    let their_infantry =
                        s.occupant(loc).is_some_and(|q| q != p) && s.count_at(loc, UnitType::Infantry) > 0;
                    if theirs_ready || their_infantry {
                        out(pl.0)
                    }
                }
            }
        }
        RepealLaw => {
            for (i, _) in c.cards.agendas.iter().enumerate() {
                if s.agendas.get(i) == Zone::Law {
                    out(i as u8)
                }
            }
        }
        RefitTroops => refit_planets(g, p, &mut |pl| out(pl.0)),
        Plague => {
            // A planet another player controls with infantry on it (theirs, or a third
            // player's: every infantry there rolls).
            for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
                for pl in s.player(q).planets.iter() {
                    if let Some(loc) = s.planet_location(c, pl) {
                        if s.occupant(loc).is_some_and(|o| o != p) && s.count_at(loc, UnitType::Infantry) > 0 {
                            out(pl.0)
                        }
                    }
                }
            }
        }
        SeizeArtifact => {
            let near = neighbours(g, p);
            for q in s.seats().filter(|&q| q != p && s.player(q).in_game && near >> q.0 & 1 == 1) {
                for (kind, &n) in s.exploration.fragments[q.idx()].iter().enumerate() {
                    if n > 0 {
                        out(q.0 * 4 + kind as u8)
                    }
                }
            }
        }
        Spy => {
            let copies = c.cards.action_copies.len();
            for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
                if s.action_cards.count(copies, Zone::Hand(q)) > 0 {
                    out(q.0)
                }
            }
        }
        Impersonation => {
            if super::cards::may_draw_secret(g) && spend_plan(c, s, p, 0, IMPERSONATION_COST, 0, 0).is_some() {
                out(0)
            }
        }
        FocusedResearch => {
            // Each technology researchable by an option that owes nothing more (the 4 trade
            // goods are the whole cost); a player who cannot research (Propagation) has the one
            // target 0: 3 command tokens instead.
            if ps.trade_goods >= FOCUSED_RESEARCH_COST {
                super::cards::granted_research_options(g, p, false, &mut |t| out(t.0));
            }
        }
    }
}

/// The locations of `p`'s infantry that Refit Troops may replace (planets of the board, each
/// as its planet id; infantry in space areas are not offered, simplified).
fn refit_planets(g: &Ti4Game, p: Player, out: &mut dyn FnMut(PlanetId)) {
    let (c, s) = (&*g.content, &g.state);
    if s.player(p).reinforcements[UnitType::Mech.idx()] == 0 {
        return;
    }
    for slot in 0..s.num_systems {
        for (n, &pl) in c.systems[s.systems[slot as usize].tile.idx()].planets.iter().enumerate() {
            let loc = Location::Planet(slot, n as u8);
            if s.occupant(loc) == Some(p) && s.count_at(loc, UnitType::Infantry) > 0 {
                out(pl);
            }
        }
    }
}

/// Focused Research's cost in trade goods.
const FOCUSED_RESEARCH_COST: u8 = 4;

/// True when `p` controls a planet of the system in `slot`.
fn controls_planet_in(g: &Ti4Game, p: Player, slot: u8) -> bool {
    let planets = g.state.player(p).planets;
    g.content.systems[g.galaxy.tile(slot).idx()].planets.iter().any(|&pl| planets.contains(pl))
}

/// The unit types (bit per type) whose units of `p` have BOMBARDMENT now.
fn bombardment_types(g: &Ti4Game, p: Player) -> u16 {
    let units = tactical::units_of(&g.content, &g.state, p);
    UnitType::ALL
        .into_iter()
        .filter(|t| units[t.idx()].is_some_and(|u| g.content.units[u.idx()].bombardment.is_some()))
        .fold(0, |m, t| m | 1 << t.idx())
}

/// True when `p` has a unit of one of `types` (bit per type) in the system in `slot` (in its
/// space area or on its planets).
fn has_units_in(g: &Ti4Game, p: Player, slot: u8, types: u16) -> bool {
    let s = &g.state;
    Location::all_in(slot)
        .filter(|&loc| s.occupant(loc) == Some(p))
        .any(|loc| UnitType::ALL.into_iter().any(|t| types >> t.idx() & 1 == 1 && s.count_at(loc, t) > 0))
}

/// The ready planets of the system in `slot` that players other than `p` control.
fn ready_planets_of_others(g: &Ti4Game, p: Player, slot: u8) -> impl Iterator<Item = PlanetId> + '_ {
    let s = &g.state;
    g.content.systems[g.galaxy.tile(slot).idx()].planets.iter().copied().filter(move |&pl| {
        !s.exhausted_planets.contains(pl) && crate::ti4::control::controller(s, pl).is_some_and(|q| q != p)
    })
}

/// One more non-fighter ship of `p` fits in `slot`: no other player's ships there, and the fleet
/// pool allows it (rules 37).
pub(crate) fn fits_ship(g: &Ti4Game, p: Player, slot: u8) -> bool {
    let s = &g.state;
    let owner = s.systems[slot as usize].space.owner;
    let here = if owner == p.0 { tactical::non_fighter_ships(s, slot) } else { 0 };
    (owner == NOBODY || owner == p.0) && here < crate::ti4::rules::fleet_limit(&g.content, s, p)
}

/// One more fighter of `p` fits in `slot` (Fighter Conscription, Star Forge): `p`'s ships are
/// there (none of another player's) with spare capacity (ships' capacity and the space docks' 3
/// fighters, Capacity 16).
pub(crate) fn fighter_fits(g: &Ti4Game, p: Player, slot: u8) -> bool {
    let s = &g.state;
    if s.systems[slot as usize].space.owner != p.0 {
        return false;
    }
    let (cap, load) = tactical::space_load(&g.content, s, slot);
    load < cap
}

/// Plays one copy of `card` from `p`'s hand with `target`: the card goes to the discard pile
/// (rules 2), window `ActionCardPlayed` opens for the other players clockwise from `p`
/// (Sabotage), then [`after_card_played`] resolves it.
pub(super) fn play(g: &mut Ti4Game, p: Player, card: ActionCardId, target: u8) -> Step {
    discard(g, p, card);
    g.flow.played = Some(PlayedCard { player: p, card, target, cancelled: false });
    let (others, len) = super::pending::others_clockwise(g.state.num_players, p);
    match super::pending::open(g, crate::ti4::rules::Window::ActionCardPlayed, &others[..len]) {
        Some(decide) => decide,
        None => after_card_played(g),
    }
}

/// After window `ActionCardPlayed`: the played card's effect resolves unless it was cancelled;
/// then window `ActionCardDiscarded` (Reverse Engineer), and the turn ends
/// ([`after_card_discarded`]).
pub(super) fn after_card_played(g: &mut Ti4Game) -> Step {
    let Some(played) = g.flow.played else { return super::flow::next_turn(g) };
    if !played.cancelled {
        if let Some(e) = g.action_effects[played.card.idx()] {
            if e.is_chance() {
                return Step::CardChance;
            }
            resolve(g, played.player, e, played.target);
        }
    }
    card_discarded(g)
}

/// The chance step of a played card whose effect draws at random ([`ActionEffect::is_chance`]):
/// it resolves with `rng`, then the play goes on as [`after_card_played`] (Impersonation's
/// fourth secret objective first returns one, [`Step::ReturnSecret`]).
pub(super) fn card_chance(g: &mut Ti4Game, rng: &mut ChaCha8Rng) -> Step {
    let Some(played) = g.flow.played else { return super::flow::next_turn(g) };
    let (p, target) = (played.player, played.target);
    match g.action_effects[played.card.idx()] {
        Some(ActionEffect::Plague) => plague(g, rng, p, PlanetId(target)),
        Some(ActionEffect::Spy) => spy(g, rng, p, Player(target)),
        Some(ActionEffect::Impersonation) => {
            let c = g.content.clone();
            // The influence is spent only with a secret objective to draw.
            if super::cards::may_draw_secret(g) {
                if let Some(plan) = spend_plan(&c, &g.state, p, 0, IMPERSONATION_COST, 0, 0) {
                    pay_plan(&c, &mut g.state, p, plan);
                    super::flow::draw_secret(g, rng, p);
                    if super::flow::must_return_secret(g, p) {
                        return Step::ReturnSecret(p);
                    }
                }
            }
        }
        _ => {}
    }
    card_discarded(g)
}

/// Plague's die result that destroys an infantry.
const PLAGUE_HITS_ON: u8 = 6;

/// Plague: one die per infantry on planet `pl` (another player's, 6 or more destroys one).
fn plague(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player, pl: PlanetId) {
    if pl.idx() >= g.content.planets.len() {
        return;
    }
    let Some(loc) = g.state.planet_location(&g.content, pl) else { return };
    if g.state.occupant(loc).is_none_or(|q| q == p) {
        return;
    }
    let n = g.state.count_at(loc, UnitType::Infantry);
    let hits = crate::ti4::combat::roll_hits(u16::from(n), PLAGUE_HITS_ON, rng) as u8;
    if hits > 0 {
        g.destroy_units(loc, UnitType::Infantry, hits, Some(p)).expect("the infantry is there");
    }
}

/// Spy: player `q` gives `p` one action card drawn uniformly from `q`'s hand.
fn spy(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player, q: Player) {
    let copies = g.content.cards.action_copies.len();
    let n = g.state.action_cards.count(copies, Zone::Hand(q));
    if n == 0 || q == p {
        return;
    }
    let pick = rng.random_range(0..n);
    if let Some(k) = g.state.action_cards.nth(copies, Zone::Hand(q), pick) {
        to_hand(g, k, p);
    }
}

/// Copy `k` goes to `p`'s hand; only that card's copies can then be out of canonical order.
fn to_hand(g: &mut Ti4Game, k: usize, p: Player) {
    g.state.action_cards.set(k, Zone::Hand(p));
    let (first, n) = g.content.cards.copies_of(g.content.cards.action_copies[k]);
    g.state.action_cards.sort_range(first, first + n);
}

/// The played card resolved (or was cancelled): window `ActionCardDiscarded` for the other
/// players clockwise (Reverse Engineer), then [`after_card_discarded`].
pub(super) fn card_discarded(g: &mut Ti4Game) -> Step {
    let Some(played) = g.flow.played else { return super::flow::next_turn(g) };
    let (others, len) = super::pending::others_clockwise(g.state.num_players, played.player);
    match super::pending::open(g, crate::ti4::rules::Window::ActionCardDiscarded, &others[..len]) {
        Some(decide) => decide,
        None => after_card_discarded(g),
    }
}

/// After window `ActionCardDiscarded`: the play is over and the turn ends.
pub(super) fn after_card_discarded(g: &mut Ti4Game) -> Step {
    g.flow.played = None;
    super::flow::next_turn(g)
}

/// Discards one copy of `card` from `p`'s hand (false when the hand holds none).
pub(crate) fn discard(g: &mut Ti4Game, p: Player, card: ActionCardId) -> bool {
    let c = g.content.clone();
    let (first, n) = c.cards.copies_of(card);
    let Some(k) = (first..first + n).find(|&k| g.state.action_cards.get(k) == Zone::Hand(p)) else { return false };
    g.state.action_cards.set(k, Zone::Discard);
    normalize_action_cards(&c, &mut g.state.action_cards);
    true
}

/// Takes one copy of `card` from the discard pile into `p`'s hand (false when the pile holds
/// none).
pub(crate) fn take_from_discard(g: &mut Ti4Game, p: Player, card: ActionCardId) -> bool {
    let (first, n) = g.content.cards.copies_of(card);
    let Some(k) = (first..first + n).find(|&k| g.state.action_cards.get(k) == Zone::Discard) else { return false };
    to_hand(g, k, p);
    true
}

/// The distinct action cards in `p`'s hand, in card order.
pub(crate) fn cards_in_hand(g: &Ti4Game, p: Player) -> impl Iterator<Item = ActionCardId> + '_ {
    hand(g, p).map(|(id, _)| id)
}

fn resolve(g: &mut Ti4Game, p: Player, e: ActionEffect, target: u8) {
    use ActionEffect::*;
    let c = g.content.clone();
    match e {
        EconomicInitiative => economic_initiative(&c, &mut g.state, p),
        IndustrialInitiative => industrial_initiative(&c, &mut g.state, p),
        MiningInitiative => mining_initiative(&c, &mut g.state, p),
        FrontlineDeployment => frontline_deployment(&c, &mut g.state, p, PlanetId(target)),
        RiseOfAMessiah => rise_of_a_messiah(&c, &mut g.state, p),
        GhostShip => {
            g.place_units(p, Location::Space(target), UnitType::Destroyer, 1)
                .expect("placed units come from reinforcements the caller checked");
        }
        WarEffort => {
            g.place_units(p, Location::Space(target), UnitType::Cruiser, 1)
                .expect("placed units come from reinforcements the caller checked");
        }
        UnexpectedAction => unexpected_action(&mut g.state, p, target),
        Uprising => uprising(&c, &mut g.state, p, PlanetId(target)),
        CrippleDefenses => cripple_defenses(&c, &mut g.state, p, PlanetId(target)),
        Insubordination => {
            let q = g.state.player_mut(Player(target));
            if q.tactic > 0 {
                q.tactic -= 1;
                q.token_reinforcements += 1;
            }
        }
        FighterConscription => {
            for slot in 0..g.state.num_systems {
                if g.state.player(p).reinforcements[UnitType::Fighter.idx()] > 0 && fighter_fits(g, p, slot) {
                    g.place_units(p, Location::Space(slot), UnitType::Fighter, 1)
                        .expect("placed units come from reinforcements the caller checked");
                }
            }
        }
        Plagiarize => {
            // The 5 influence are spent only with the technology gained.
            if let Some(plan) = spend_plan(&c, &g.state, p, 0, 5, 0, 0) {
                let mut work = g.state;
                if crate::ti4::technology::gain(&c, &mut work, p, TechId(target)).is_ok() {
                    pay_plan(&c, &mut work, p, plan);
                    g.state = work;
                }
            }
        }
        LuckyShot => {
            let (slot, t) = (target / 3, LUCKY_SHOT_SHIPS[(target % 3) as usize]);
            let loc = Location::Space(slot);
            // An undamaged ship if there is one (the player's choice: a damaged one left is
            // weaker; `State::remove_units` keeps the damaged ones).
            if g.state.count_at(loc, t) > 0 {
                g.destroy_units(loc, t, 1, Some(p)).expect("the ship is there");
                tactical::enforce_capacity(g, slot, Some(p));
            }
        }
        ReactorMeltdown => {
            if let Some(loc) = g.state.planet_location(&c, PlanetId(target)) {
                if g.state.count_at(loc, UnitType::SpaceDock) > 0 {
                    g.destroy_units(loc, UnitType::SpaceDock, 1, Some(p)).expect("the dock is there");
                    tactical::enforce_capacity(g, loc.slot(), Some(p));
                }
            }
        }
        TacticalBombardment => {
            for &pl in &c.systems[g.galaxy.tile(target).idx()].planets {
                if crate::ti4::control::controller(&g.state, pl).is_some_and(|q| q != p) {
                    g.state.exhausted_planets.insert(pl);
                }
            }
        }
        UnstablePlanet => {
            let pl = PlanetId(target);
            if crate::ti4::control::controller(&g.state, pl).is_some() {
                g.state.exhausted_planets.insert(pl);
            }
            if let Some(loc) = g.state.planet_location(&c, pl) {
                let n = g.state.count_at(loc, UnitType::Infantry).min(3);
                if n > 0 {
                    g.destroy_units(loc, UnitType::Infantry, n, Some(p)).expect("the infantry is there");
                }
            }
        }
        RepealLaw => {
            if g.state.agendas.get(target as usize) == Zone::Law {
                g.state.agendas.set(target as usize, Zone::Discard);
            }
        }
        RefitTroops => {
            // Simplified: the infantry are those of one planet, as many as the card allows (2)
            // and reinforcements hold mechs for.
            if let Some(loc) = g.state.planet_location(&c, PlanetId(target)).filter(|&l| g.state.occupant(l) == Some(p))
            {
                let n = g
                    .state
                    .count_at(loc, UnitType::Infantry)
                    .min(2)
                    .min(g.state.player(p).reinforcements[UnitType::Mech.idx()]);
                if n > 0 {
                    g.state.remove_units(loc, UnitType::Infantry, n).expect("the infantry are there");
                    g.place_units(p, loc, UnitType::Mech, n)
                        .expect("placed units come from reinforcements the caller checked");
                }
            }
        }
        // Resolved at the chance step instead (`card_chance`).
        Plague | Spy | Impersonation => {}
        SeizeArtifact => {
            let (q, kind) = ((target / 4) as usize, (target % 4) as usize);
            let e = &mut g.state.exploration;
            if q < crate::ti4::ids::MAX_PLAYERS && q != p.idx() && e.fragments[q][kind] > 0 {
                e.fragments[q][kind] -= 1;
                e.fragments[p.idx()][kind] += 1;
            }
        }
        FocusedResearch => {
            // The trade goods are spent only with the research made.
            if g.state.player(p).trade_goods >= FOCUSED_RESEARCH_COST
                && super::cards::granted_research(g, p, TechId(target), false)
            {
                g.state.player_mut(p).trade_goods -= FOCUSED_RESEARCH_COST;
            }
        }
    }
}

/// Economic Initiative: ready each cultural planet `p` controls.
pub fn economic_initiative(c: &Content, s: &mut State, p: Player) {
    let planets = s.player(p).planets;
    for pl in planets.iter() {
        if s.has_trait(c, pl, CULTURAL) {
            s.exhausted_planets.remove(pl);
        }
    }
}

/// Industrial Initiative: 1 trade good per industrial planet `p` controls.
pub fn industrial_initiative(c: &Content, s: &mut State, p: Player) {
    let n = s.player(p).planets.iter().filter(|&pl| s.has_trait(c, pl, INDUSTRIAL)).count() as u8;
    let ps = s.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(n);
}

/// Mining Initiative: trade goods equal to the resources of `p`'s richest planet (the choice a
/// player makes).
pub fn mining_initiative(c: &Content, s: &mut State, p: Player) {
    let best = s.player(p).planets.iter().map(|pl| s.resources_of(c, pl)).max().unwrap_or(0);
    let ps = s.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(best);
}

/// Frontline Deployment: up to 3 infantry from reinforcements on planet `pl` (fewer when the
/// reinforcements run short: component limits, rules 18).
pub fn frontline_deployment(c: &Content, s: &mut State, p: Player, pl: PlanetId) {
    if let Some(loc) = s.planet_location(c, pl) {
        let n = s.player(p).reinforcements[UnitType::Infantry.idx()].min(3);
        if n > 0 {
            crate::ti4::placement::place_units(c, s, p, loc, UnitType::Infantry, n)
                .expect("placed units come from reinforcements the caller checked");
        }
    }
}

/// Rise of a Messiah: 1 infantry on each planet `p` controls, while reinforcements last (planet
/// order).
pub fn rise_of_a_messiah(c: &Content, s: &mut State, p: Player) {
    let planets = s.player(p).planets;
    for pl in planets.iter() {
        if let Some(loc) = s.planet_location(c, pl) {
            if s.occupant(loc).is_none_or(|q| q == p)
                && crate::ti4::placement::place_units(c, s, p, loc, UnitType::Infantry, 1).is_err()
            {
                return;
            }
        }
    }
}

/// Unexpected Action: `p`'s command token in `slot` returns to their reinforcements.
pub fn unexpected_action(s: &mut State, p: Player, slot: u8) {
    let sys = &mut s.systems[slot as usize];
    if sys.tokens >> p.0 & 1 == 1 {
        sys.tokens &= !(1 << p.0);
        s.player_mut(p).token_reinforcements += 1;
    }
}

/// Uprising: exhaust planet `pl` of another player; `p` gains its resources in trade goods.
pub fn uprising(c: &Content, s: &mut State, p: Player, pl: PlanetId) {
    if !s.exhausted_planets.contains(pl) {
        s.exhausted_planets.insert(pl);
        let r = s.resources_of(c, pl);
        let ps = s.player_mut(p);
        ps.trade_goods = ps.trade_goods.saturating_add(r);
    }
}

/// Cripple Defenses: destroy each PDS on planet `pl` (an elimination this causes is resolved).
pub fn cripple_defenses(c: &Content, s: &mut State, p: Player, pl: PlanetId) {
    if let Some(loc) = s.planet_location(c, pl) {
        let n = s.count_at(loc, UnitType::Pds);
        if n > 0 {
            crate::ti4::elimination::destroy_units(c, s, loc, UnitType::Pds, n, Some(p))
                .expect("the destroyed units are at the location");
        }
    }
}

/// Status phase step 3 (rules 81.3): each player in the game draws one action card, in initiative
/// order (more with hook point `status_action_cards`: Neural Motivator); then hands over the limit (7,
/// or 3 under Executive Sanctions) discard their lowest card ids.
pub(super) fn status_draw(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    let mut order = [Player(0); MAX_PLAYERS];
    let n = initiative_order(&g.state, &mut order);
    for &p in &order[..n] {
        for _ in 0..1 + crate::ti4::rules::status_action_cards(g, p) {
            draw(g, rng, p);
        }
    }
    discard_to_limit(g);
}

/// Hand limit (rules 2.3): each hand over its limit ([`super::agendas::hand_limit`]) discards
/// its lowest card ids.
pub(super) fn discard_to_limit(g: &mut Ti4Game) {
    let c = g.content.clone();
    let copies = c.cards.action_copies.len();
    for q in 0..g.state.num_players {
        let p = Player(q);
        let limit = super::agendas::hand_limit(g, p);
        let mut excess = g.state.action_cards.count(copies, Zone::Hand(p)).saturating_sub(limit);
        for k in 0..copies {
            if excess == 0 {
                break;
            }
            if g.state.action_cards.get(k) == Zone::Hand(p) {
                g.state.action_cards.set(k, Zone::Discard);
                excess -= 1;
            }
        }
    }
    normalize_action_cards(&c, &mut g.state.action_cards);
}

/// Draws one action card (uniform over the deck; the discard pile is reshuffled into an empty
/// deck, rules 2.5); nothing when both are empty.
pub(super) fn draw(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player) {
    let copies = g.content.cards.action_copies.len();
    if g.state.action_cards.count(copies, Zone::Deck) == 0 {
        for k in 0..copies {
            if g.state.action_cards.get(k) == Zone::Discard {
                g.state.action_cards.set(k, Zone::Deck);
            }
        }
    }
    draw_from_deck(g, rng, p);
}

/// True for copy `k` in the deck whose card has a component action (an [`ActionEffect`]).
fn component_card_in_deck(g: &Ti4Game, k: usize) -> bool {
    g.state.action_cards.get(k) == Zone::Deck && g.action_effects[g.content.cards.action_copies[k].idx()].is_some()
}

/// Draws up to `n` action cards with component actions, each uniformly from those left in the
/// deck (no reshuffle); how many were drawn.
pub(crate) fn draw_component_cards(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player, n: u8) -> u8 {
    let copies = g.content.cards.action_copies.len();
    let mut drawn = 0;
    while drawn < n {
        let left = (0..copies).filter(|&k| component_card_in_deck(g, k)).count();
        if left == 0 {
            break;
        }
        let pick = rng.random_range(0..left);
        let Some(k) = (0..copies).filter(|&k| component_card_in_deck(g, k)).nth(pick) else { break };
        to_hand(g, k, p);
        drawn += 1;
    }
    drawn
}

/// Draws one action card uniformly from the deck (no reshuffle; determinization refills hidden
/// hands with it).
pub(super) fn draw_from_deck(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player) {
    let copies = g.content.cards.action_copies.len();
    let n = g.state.action_cards.count(copies, Zone::Deck);
    if n == 0 {
        return;
    }
    let pick = rng.random_range(0..n);
    if let Some(k) = g.state.action_cards.nth(copies, Zone::Deck, pick) {
        to_hand(g, k, p);
    }
}
