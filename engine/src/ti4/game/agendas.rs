//! The agenda phase (rules 8 "Agenda Phase", 7 "Agenda Card"): once the custodians token is
//! removed, each round's agenda phase resolves two agendas. For each: the top card of the agenda
//! deck is revealed (chance; the deck holds only the agendas implemented here, the discard pile
//! is reshuffled into an empty deck); each player in the game, starting left of the speaker and
//! ending with the speaker, votes "for" or "against" by exhausting ready planets of its choice
//! one at a time (votes = influence, at least one planet when it has one) or abstains (Nekro
//! Virus, Galactic Threat, cannot vote); the outcome with the
//! most votes wins and the speaker breaks ties (a decision); the outcome resolves (chance, for
//! the draws some outcomes make). A law "for" stays in play (`Zone::Law`) and its effect applies
//! from then on; directives and laws voted "against" are discarded.
//!
//! The deck holds "for or against" agendas, "Elect Player" agendas and "Elect Law" agendas
//! (other elections are not modelled). Riders are played at window `AgendaRevealed` and paid here ([`Rider`]); the other
//! agenda-phase action cards and notes are rules at the agenda windows (`docs/RULES.md` lists
//! which are modelled).

use super::flow::draw_public;
use super::{action_cards, Action, Step, Ti4Game};
use crate::ti4::components::{normalize_action_cards, PublicState, Zone};
use crate::ti4::content::cards::AgendaKind;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// No agenda revealed (`Flow::agenda_card`).
pub const NO_AGENDA: u8 = u8::MAX;

/// The implemented agendas.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum AgendaEffect {
    /// Economic Equality (directive): "For: Each player returns all of their trade goods to the
    /// supply. Then, each player gains 5 trade goods. Against: Each player returns all of their
    /// trade goods to the supply."
    EconomicEquality,
    /// Mutiny (directive): "For: Each player who voted 'For' gains 1 victory point. Against: Each
    /// player who voted 'For' loses 1 victory point."
    Mutiny,
    /// Seed of an Empire (directive): "For: The player with the most victory points gains 1
    /// victory point. Against: The player with the fewest victory points gains 1 victory point."
    SeedOfAnEmpire,
    /// Incentive Program (directive): "For: Draw and reveal 1 stage I public objective from the
    /// deck and place it near the public objectives. Against: Draw and reveal 1 stage II public
    /// objective ..."
    IncentiveProgram,
    /// Unconventional Measures (directive): "For: Each player that voted 'For' draws 2 action
    /// cards. Against: Each player that voted 'For' discards all of their action cards."
    UnconventionalMeasures,
    /// Executive Sanctions (law): "For: Each player can have a maximum of 3 action cards in their
    /// hand. Against: Each player discards 1 random action card from their hand."
    ExecutiveSanctions,
    /// Homeland Defense Act (law): "For: Each player can have any number of PDS units on planets
    /// they control. Against: Each player destroys 1 of their PDS units."
    HomelandDefenseAct,
    /// Swords to Plowshares (directive): "For: Each player destroys half of their infantry on
    /// each planet they control, rounded up. Then, each player gains trade goods equal to the
    /// number of their infantry that were destroyed. Against: Each player places 1 infantry from
    /// their reinforcements on each planet they control."
    SwordsToPlowshares,
    /// Conventions of War (law): "For: Players cannot use BOMBARDMENT against units that are on
    /// cultural planets. Against: Each player that voted 'Against' discards all of their action
    /// cards."
    ConventionsOfWar,
    /// Regulated Conscription (law): "For: When a player produces units, they produce only 1
    /// fighter and infantry for its cost instead of 2. Against: No effect."
    RegulatedConscription,
    /// Rearmament Agreement (directive, Prophecy of Kings): "For: Each player places 1 mech from
    /// their reinforcements on a planet they control in their home system. Against: Each player
    /// replaces each of their mechs with 1 infantry from their reinforcements."
    RearmamentAgreement,
    /// Clandestine Operations (directive, Prophecy of Kings): "For: Each player removes 2
    /// command tokens from their command sheet and returns those tokens to their reinforcements.
    /// Against: Each player removes 1 command token from their fleet pool and returns that token
    /// to their reinforcements."
    ClandestineOperations,
    /// Public Execution (directive, Elect Player): "The elected player discards all of their
    /// action cards. If they have the speaker token, they give it to the player on their left.
    /// The elected player cannot vote on any agendas during this agenda phase."
    PublicExecution,
    /// Armed Forces Standardization (directive, Elect Player, Prophecy of Kings): "The elected
    /// player places command tokens from their reinforcements so that they have 3 tokens in
    /// their tactic pool, 3 tokens in their fleet pool and 2 tokens in their strategy pool.
    /// They return any excess tokens to their reinforcements."
    ArmedForcesStandardization,
    /// Political Censure (law, Elect Player, Prophecy of Kings): the elected player gains the
    /// card and 1 victory point (its lasting effect: `crate::ti4::laws`).
    PoliticalCensure,
    /// Minister of Policy (law, Elect Player): the elected player gains the card (its effect:
    /// `crate::ti4::laws`).
    MinisterOfPolicy,
    /// Minister of Exploration (law, Elect Player): as Minister of Policy.
    MinisterOfExploration,
    /// Minister of Antiquities (directive, Elect Player, Prophecy of Kings): the elected player
    /// gains 1 relic (a draw from the relic deck).
    MinisterOfAntiquities,
    /// Minister of Commerce (law, Elect Player): as Minister of Policy.
    MinisterOfCommerce,
    /// Prophecy of Ixth (law, Elect Player): as Minister of Policy.
    ProphecyOfIxth,
    /// Committee Formation (law, Elect Player): as Minister of Policy.
    CommitteeFormation,
    /// Minister of War (law, Elect Player): as Minister of Policy.
    MinisterOfWar,
    /// Minister of Peace (law, Elect Player): as Minister of Policy.
    MinisterOfPeace,
    /// Wormhole Reconstruction (law): "For: All systems that contain either an alpha or beta
    /// wormhole are adjacent to each other. Against: Each player places a command token from
    /// their reinforcements in each system that contains a wormhole and 1 or more of their
    /// ships."
    WormholeReconstruction,
    /// Archived Secret (directive, Elect Player, Prophecy of Kings): "The elected player draws 1
    /// secret objective."
    ArchivedSecret,
    /// New Constitution (directive): "For: Discard all laws in play. At the start of the next
    /// strategy phase, each player exhausts each planet in their home system. Against: No
    /// effect."
    NewConstitution,
    /// Arms Reduction (directive): "For: Each player destroys all but 2 of their dreadnoughts and
    /// all but 4 of their cruisers. Against: At the start of the next strategy phase, each player
    /// exhausts each of their planets that have a technology specialty."
    ArmsReduction,
    /// Judicial Abolishment (directive, Elect Law): "When this agenda is revealed, if there are
    /// no laws in play, discard this card and reveal another agenda from the top of the deck.
    /// Discard the elected law from play."
    JudicialAbolishment,
    /// Miscount Disclosed (directive, Elect Law): "When this agenda is revealed, if there are no
    /// laws in play, discard this card and reveal another agenda from the top of the deck. Vote
    /// on the elected law as if it were just revealed from the top of the deck."
    MiscountDisclosed,
    /// Representative Government (law, Prophecy of Kings printing): "For: Players cannot
    /// exhaust planets to cast votes during the agenda phase; each player may cast 1 vote on
    /// each agenda instead. Players cannot cast additional votes. Against: At the start of the
    /// next strategy phase, each player that voted 'Against' exhausts all of their cultural
    /// planets."
    RepresentativeGovernment,
    /// Anti-Intellectual Revolution (law): "For: After a player researches a technology, they
    /// must destroy 1 of their non-fighter ships. Against: At the start of the next strategy
    /// phase, each player chooses and exhausts 1 planet for each technology they own."
    AntiIntellectualRevolution,
    /// Research Grant Reallocation (directive, Elect Player, Prophecy of Kings): "The elected
    /// player gains any 1 technology of their choice. Then, for each prerequisite on that
    /// technology, they remove 1 token from their fleet pool and return it to their
    /// reinforcements."
    ResearchGrantReallocation,
    /// Wormhole Research (directive): "For: Each player who has 1 or more ships in a system that
    /// contains a wormhole may research 1 technology. Then, destroy all ships in systems that
    /// contain an alpha or beta wormhole. Against: Each player that voted 'For' removes 1
    /// command token from their command sheet and returns it to their reinforcements."
    WormholeResearch,
    /// Fleet Regulations (law): "For: Each player cannot have more than 4 tokens in their fleet
    /// pool. Against: Each player places 1 command token from their reinforcements in their
    /// fleet pool."
    FleetRegulations,
    /// Enforced Travel Ban (law): "For: Alpha and beta wormholes have no effect during
    /// movement. Against: Destroy each PDS in or adjacent to a system that contains a
    /// wormhole."
    EnforcedTravelBan,
    /// Shared Research (law): "For: Each player's units can move through nebulae. Against:
    /// Each player places a command token from their reinforcements in their home system, if
    /// able."
    SharedResearch,
    /// Minister of Sciences (law, Elect Player): the elected player gains the card (its effect:
    /// `crate::ti4::laws`).
    MinisterOfSciences,
    /// Publicize Weapon Schematics (law): "For: If any player owns a war sun technology, all
    /// players may ignore all prerequisites on war sun technologies. All war suns lose SUSTAIN
    /// DAMAGE. Against: Each player that owns a war sun technology discards all of their action
    /// cards." ("For" in play: `crate::ti4::laws::publicize_weapon_schematics`.)
    PublicizeWeaponSchematics,
    /// Ixthian Artifact (directive): "For: The speaker rolls 1 die. If the result is 6-10, each
    /// player may research 2 technologies. If the result is 1-5, destroy all units in Mecatol
    /// Rex's system, and each player with units in systems adjacent to Mecatol Rex's system
    /// destroys 3 of their units in each of those systems. Against: No effect."
    IxthianArtifact,
    /// Search Warrant (law, Elect Player, Prophecy of Kings): "The elected player gains this
    /// card and draws 2 secret objectives. The owner of this card plays with their secret
    /// objectives revealed."
    SearchWarrant,
    /// Imperial Arbiter (law, Elect Player): the elected player gains the card (its effect:
    /// `crate::ti4::laws`).
    ImperialArbiter,
    /// Galactic Crisis Pact (directive, Elect Strategy Card, Prophecy of Kings): "Each player
    /// may perform the secondary ability of the elected strategy card without spending a
    /// command token; command tokens placed by the ability are placed from a player's
    /// reinforcements instead."
    GalacticCrisisPact,
    /// Checks and Balances (law, Prophecy of Kings): "For: When a player chooses a strategy
    /// card during the strategy phase, they give that strategy card to another player that
    /// does not have 1 (or 2 in a three- or four-player game), if able. Against: Each player
    /// readies only 3 of their planets at the end of this agenda phase."
    ChecksAndBalances,
    /// Articles of War (law, Prophecy of Kings): "For: All mechs lose their printed abilities
    /// except for SUSTAIN DAMAGE. Against: Each player that voted 'For' gains 3 trade goods."
    /// ("For" in play: `crate::ti4::laws::articles_of_war`.)
    ArticlesOfWar,
}

/// The most tokens a fleet pool may hold while Fleet Regulations is in play.
pub const FLEET_REGULATIONS_MAX: u8 = 4;

/// Agenda effects that wait for "the start of the next strategy phase" (bits of
/// `Flow::next_strategy_phase`, [`at_strategy_phase_start`]).
pub struct Deferred;

impl Deferred {
    /// New Constitution "for": each player exhausts each planet in their home system.
    pub const HOME_PLANETS: u8 = 1;
    /// Arms Reduction "against": each player exhausts each of their planets with a technology
    /// specialty.
    pub const SPECIALTY_PLANETS: u8 = 2;
    /// Representative Government "against": each player who voted "against"
    /// (`Flow::next_strategy_seats`) exhausts all of their cultural planets.
    pub const CULTURAL_PLANETS: u8 = 4;
    /// Anti-Intellectual Revolution "against": each player exhausts 1 planet for each
    /// technology they own.
    pub const PLANET_PER_TECHNOLOGY: u8 = 8;
}

/// The start of the strategy phase: the agenda effects deferred to it ([`Deferred`]) resolve,
/// then are cleared.
pub(super) fn at_strategy_phase_start(g: &mut Ti4Game) {
    let deferred = std::mem::take(&mut g.flow.next_strategy_phase);
    let seats = std::mem::take(&mut g.flow.next_strategy_seats);
    if deferred == 0 {
        return;
    }
    for p in in_game_seats(g) {
        let mut planets = PlanetSet::EMPTY;
        if deferred & Deferred::HOME_PLANETS != 0 {
            let tile = g.galaxy.tile(g.home_slot[p.idx()]);
            for &pl in &g.content.systems[tile.idx()].planets {
                planets.insert(pl);
            }
        }
        if deferred & Deferred::SPECIALTY_PLANETS != 0 {
            planets = planets.union(g.content.any_specialty_planets);
        }
        if deferred & Deferred::CULTURAL_PLANETS != 0 && seats >> p.0 & 1 == 1 {
            // Trait bit 0: cultural.
            planets = planets.union(g.state.trait_planets(&g.content, crate::ti4::content::CULTURAL));
        }
        if deferred & Deferred::PLANET_PER_TECHNOLOGY != 0 {
            // The player's choice; simplified: its planets of least resources plus influence
            // (then lowest id), among those not exhausted by the effects above.
            let ps = g.state.player(p);
            let mut left = ps.techs.len();
            let mut ready: [(u8, PlanetId); 64] = [(0, PlanetId(0)); 64];
            let mut n = 0;
            for pl in ps.planets.difference(planets).iter().take(64) {
                let s = &g.state;
                ready[n] = (s.resources_of(&g.content, pl) + s.influence_of(&g.content, pl), pl);
                n += 1;
            }
            ready[..n].sort_unstable();
            for &(_, pl) in &ready[..n] {
                if left == 0 {
                    break;
                }
                planets.insert(pl);
                left -= 1;
            }
        }
        let theirs = planets.intersection(g.state.player(p).planets);
        g.state.exhausted_planets = g.state.exhausted_planets.union(theirs);
    }
}

/// Discards law `a` from play (the common play area or a player's, rules 7). Political Censure
/// leaving its owner takes back the victory point it gave.
fn discard_law(g: &mut Ti4Game, a: usize) {
    if let Zone::PlayArea(p) = g.state.agendas.get(a) {
        if g.agendas.effects[a] == Some(AgendaEffect::PoliticalCensure) {
            let ps = g.state.player_mut(p);
            ps.bonus_vp = ps.bonus_vp.saturating_sub(1);
        }
    }
    g.state.agendas.set(a, Zone::Discard);
}

/// True when agenda `a` is a law in play (the common play area's, or an elected player's).
fn law_in_play(g: &Ti4Game, a: usize) -> bool {
    g.content.cards.agendas[a].kind == AgendaKind::Law
        && matches!(g.state.agendas.get(a), Zone::Law | Zone::PlayArea(_))
}

/// The laws in play (the common play area's and players'; Dictate Policy).
pub(super) fn laws_in_play(g: &Ti4Game) -> usize {
    (0..g.content.cards.agendas.len()).filter(|&a| law_in_play(g, a)).count()
}

/// Arms Reduction "for": `p` destroys all but 2 of its dreadnoughts and all but 4 of its
/// cruisers (the player's choice; simplified: the ones kept are those on the lowest board
/// slots), then units beyond the capacity left are removed (Capacity 16.3).
fn arms_reduction(g: &mut Ti4Game, p: Player) {
    let c = g.content.clone();
    for (t, keep) in [(UnitType::Dreadnought, 2u8), (UnitType::Cruiser, 4)] {
        let mut seen = 0u8;
        for slot in 0..g.state.num_systems {
            let loc = Location::Space(slot);
            if g.state.occupant(loc) != Some(p) {
                continue;
            }
            let n = g.state.count_at(loc, t);
            let destroy = (seen + n).saturating_sub(keep.max(seen)).min(n);
            seen = seen.saturating_add(n);
            if destroy > 0 {
                crate::ti4::elimination::destroy_units(&c, &mut g.state, loc, t, destroy, None)
                    .expect("the destroyed ships are in the system");
                // Capacity 16.3: fighters and ground forces beyond what is left are removed.
                super::tactical::enforce_capacity(g, slot, None);
            }
        }
    }
}

/// Every unit of type `t` at `loc` is destroyed (none there: nothing happens).
fn destroy_all(g: &mut Ti4Game, c: &Content, loc: Location, t: UnitType) {
    let n = g.state.count_at(loc, t);
    if n > 0 {
        crate::ti4::elimination::destroy_units(c, &mut g.state, loc, t, n, None)
            .expect("the destroyed units are at the location");
    }
}

/// `p` places a command token from reinforcements in board slot `slot`, if able: not with one
/// there already, nor with none in reinforcements (unlike `tokens::place_on_board`, which takes
/// one from a pool then). True when placed.
fn place_from_reinforcements(g: &mut Ti4Game, p: Player, slot: u8) -> bool {
    let sys = &mut g.state.systems[slot as usize];
    let ps = &mut g.state.players[p.idx()];
    if sys.tokens >> p.0 & 1 == 1 || ps.token_reinforcements == 0 {
        return false;
    }
    ps.token_reinforcements -= 1;
    sys.tokens |= 1 << p.0;
    true
}

/// Ixthian Artifact: the lowest roll of the speaker's die for which each player may research 2
/// technologies (lower: destruction around Mecatol Rex).
pub const IXTHIAN_RESEARCH_ON: u8 = 6;

/// Ixthian Artifact, a roll of 1-5: every unit in the Mecatol Rex system is destroyed (every
/// player's, in space and on its planets); then each player with units in a system adjacent to
/// it destroys 3 of their units in each such system (the player's choice; simplified: the
/// cheapest by printed cost, structures last, space area before planets), and units left in a
/// space area beyond the capacity there are removed (Capacity 16.3).
fn ixthian_destruction(g: &mut Ti4Game) {
    let c = g.content.clone();
    let Some(Location::Planet(mecatol, _)) = c.known.mecatol_rex.and_then(|pl| g.state.planet_location(&c, pl)) else {
        return;
    };
    let locations = |slot: u8| {
        std::iter::once(Location::Space(slot))
            .chain((0..MAX_PLANETS_PER_SYSTEM as u8).map(move |n| Location::Planet(slot, n)))
    };
    for loc in locations(mecatol) {
        for &t in UnitType::ALL.iter() {
            destroy_all(g, &c, loc, t);
        }
    }
    for slot in crate::ti4::galaxy::bits(g.galaxy.neighbours(mecatol)) {
        for p in in_game_seats(g) {
            let units = super::tactical::units_of(&c, &g.state, p);
            let cost = |t: UnitType| units[t.idx()].and_then(|u| c.units[u.idx()].cost).unwrap_or(u8::MAX);
            for _ in 0..3 {
                let mut cheapest: Option<(u8, Location, UnitType)> = None;
                for loc in locations(slot) {
                    if g.state.occupant(loc) != Some(p) {
                        continue;
                    }
                    for &t in UnitType::ALL.iter() {
                        if g.state.count_at(loc, t) > 0 && cheapest.is_none_or(|(k, _, _)| cost(t) < k) {
                            cheapest = Some((cost(t), loc, t));
                        }
                    }
                }
                let Some((_, loc, t)) = cheapest else { break };
                crate::ti4::elimination::destroy_units(&c, &mut g.state, loc, t, 1, None)
                    .expect("the destroyed unit is at the location");
            }
        }
        super::tactical::enforce_capacity(g, slot, None);
    }
}

/// Riders a game can hold on one agenda ([`super::AgendaPhase::riders`]).
pub const MAX_RIDERS: usize = 8;

/// The rider action cards (base game): "After an agenda is revealed: You cannot vote on this
/// agenda. Predict aloud an outcome of this agenda. If your prediction is correct, ..." The
/// play is a rule at window `AgendaRevealed` (`crate::ti4::action_cards::riders`); the payout
/// is here ([`resolve`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rider {
    /// Imperial Rider: "... gain 1 victory point."
    Imperial,
    /// Trade Rider: "... gain 5 trade goods."
    Trade,
    /// Politics Rider: "... draw 3 action cards and gain the speaker token."
    Politics,
    /// Leadership Rider: "... gain 3 command tokens."
    Leadership,
    /// Sanction: "... each player that voted for that outcome returns 1 command token from
    /// their fleet supply to their reinforcements."
    Sanction,
    /// Construction Rider: "... place 1 space dock from your reinforcements on a planet you
    /// control." (Target: the planet.)
    Construction,
    /// Diplomacy Rider: "... choose 1 system that contains a planet you control. Each other
    /// player places a command token from their reinforcements in that system." (Target: the
    /// system's board slot.)
    Diplomacy,
    /// Technology Rider: "... research 1 technology." (Target: the technology.)
    Technology,
    /// Warfare Rider: "... place 1 dreadnought from your reinforcements in a system that
    /// contains 1 or more of your ships." (Target: the system's board slot.)
    Warfare,
    /// Keleres Rider (the Keleres promissory note): "... draw 1 action card and gain 2 trade
    /// goods."
    Keleres,
}

impl Rider {
    /// True for a rider whose payout has a target chosen with the prediction
    /// ([`rider_targets`]).
    pub fn has_target(self) -> bool {
        matches!(self, Rider::Construction | Rider::Diplomacy | Rider::Technology | Rider::Warfare)
    }

    /// Every rider, in index order (`Rider as u8`).
    pub const ALL: [Rider; 10] = [
        Rider::Imperial,
        Rider::Trade,
        Rider::Politics,
        Rider::Leadership,
        Rider::Sanction,
        Rider::Construction,
        Rider::Diplomacy,
        Rider::Technology,
        Rider::Warfare,
        Rider::Keleres,
    ];

    /// The rider of the action card with this data-file id.
    pub fn of_key(key: &str) -> Option<Rider> {
        Some(match key {
            "imperial_rider" => Rider::Imperial,
            "trade_rider" => Rider::Trade,
            "politics_rider" => Rider::Politics,
            "leadership_rider" => Rider::Leadership,
            "sanction" => Rider::Sanction,
            "construction_rider" => Rider::Construction,
            "diplomacy_rider" => Rider::Diplomacy,
            "technology_rider" => Rider::Technology,
            "warfare_rider" => Rider::Warfare,
            _ => return None,
        })
    }
}

/// A rider played: `p` predicts `outcome` (with the payout's `target`, see [`rider_targets`];
/// 0 for a rider without one) and cannot vote on this agenda.
pub fn play_rider(g: &mut Ti4Game, p: Player, r: Rider, outcome: u8, target: u8) {
    let ap = &mut g.flow.agenda_phase;
    if (ap.rider_count as usize) < MAX_RIDERS {
        ap.riders[ap.rider_count as usize] = [p.0, r as u8, outcome];
        ap.rider_targets[ap.rider_count as usize] = target;
        ap.rider_count += 1;
    }
    ap.abstaining |= 1 << p.0;
}

/// The targets of rider `r`'s payout for `p` as the board stands (none for a rider without a
/// target). Simplified: the target is chosen with the prediction, not when the outcome
/// resolves; nothing on the board moves in between but the agenda's own effect, and a target
/// no longer valid then pays nothing ([`pay_riders`]).
/// - Construction Rider: each planet `p` controls where a space dock of `p` may stand (none
///   there yet, no other player's units; the system's space area for Floating Factories),
///   while reinforcements hold one.
/// - Diplomacy Rider: each system with a planet `p` controls.
/// - Technology Rider: each technology `p` may research for no cost (the first option of
///   each that can pay what it owes); a player who cannot research (Propagation) has the one
///   target 0: 3 command tokens instead.
/// - Warfare Rider: each system with `p`'s ships, while reinforcements hold a dreadnought.
pub fn rider_targets(g: &Ti4Game, p: Player, r: Rider, out: &mut dyn FnMut(u8)) {
    let s = &g.state;
    match r {
        Rider::Construction => {
            for pl in s.player(p).planets.iter() {
                if super::cards::dock_placement(g, p, pl).is_some() {
                    out(pl.0);
                }
            }
        }
        Rider::Diplomacy => super::cards::systems_with_planets_of(g, p, &mut |slot, _| out(slot)),
        Rider::Technology => super::cards::granted_research_options(g, p, true, &mut |t| out(t.0)),
        Rider::Warfare => {
            if s.player(p).reinforcements[UnitType::Dreadnought.idx()] > 0 {
                for slot in 0..s.num_systems {
                    if super::tactical::has_ships_in(s, p, slot) {
                        out(slot);
                    }
                }
            }
        }
        Rider::Imperial | Rider::Trade | Rider::Politics | Rider::Leadership | Rider::Sanction | Rider::Keleres => {}
    }
}

/// True when `target` is still a target of rider `r` for `p` ([`rider_targets`]).
fn rider_target_holds(g: &Ti4Game, p: Player, r: Rider, target: u8) -> bool {
    let mut holds = false;
    rider_targets(g, p, r, &mut |t| holds |= t == target);
    holds
}

/// True when an agenda is revealed and the deck holds another to reveal in its place (Veto,
/// Xxcha's Quash: "discard that agenda and reveal 1 agenda from the top of the deck").
pub fn another_agenda_to_reveal(g: &Ti4Game) -> bool {
    let n = g.content.cards.agendas.len();
    g.flow.agenda_phase.agenda_card != NO_AGENDA && g.state.agendas.count(n, Zone::Deck) > 0
}

/// True when one more rider can be played on the agenda being voted on.
pub fn rider_room(g: &Ti4Game) -> bool {
    g.flow.agenda_phase.agenda_card != NO_AGENDA && (g.flow.agenda_phase.rider_count as usize) < MAX_RIDERS
}

/// The payout of each rider whose prediction is correct, in the order played. Leadership
/// Rider's 3 tokens: simplified, one in each pool (tactic, fleet, strategy), as far as
/// reinforcements go.
fn pay_riders(g: &mut Ti4Game, outcome: u8, rng: &mut ChaCha8Rng) {
    for i in 0..g.flow.agenda_phase.rider_count as usize {
        let [seat, r, o] = g.flow.agenda_phase.riders[i];
        let target = g.flow.agenda_phase.rider_targets[i];
        let p = Player(seat);
        if o != outcome || !g.state.player(p).in_game {
            continue;
        }
        if let Some(&r) = Rider::ALL.get(r as usize).filter(|r| r.has_target()) {
            if rider_target_holds(g, p, r, target) {
                pay_targeted_rider(g, p, r, target);
            }
            continue;
        }
        match Rider::ALL.get(r as usize) {
            Some(Rider::Imperial) => {
                g.state.player_mut(p).bonus_vp += 1;
                g.agenda_points += 1;
            }
            Some(Rider::Trade) => {
                let ps = g.state.player_mut(p);
                ps.trade_goods = ps.trade_goods.saturating_add(5);
            }
            Some(Rider::Politics) => {
                for _ in 0..3 {
                    action_cards::draw(g, rng, p);
                }
                g.state.tokens.speaker = Some(p);
            }
            Some(Rider::Leadership) => {
                for pool in 0..3 {
                    gain_token(g, p, pool);
                }
            }
            Some(Rider::Sanction) => {
                // Each voter for the outcome (`outcome_voters` still hold this vote) loses 1
                // fleet token; a fleet pool lowered below a system's ships removes the excess.
                let voters = g.flow.agenda_phase.voters_of(outcome);
                for q in g.state.seats().filter(|q| voters >> q.0 & 1 == 1) {
                    let qs = g.state.player_mut(q);
                    if qs.fleet > 0 {
                        qs.fleet -= 1;
                        qs.token_reinforcements += 1;
                        super::component::enforce_fleet_everywhere(g, q);
                    }
                }
            }
            Some(Rider::Keleres) => {
                action_cards::draw(g, rng, p);
                let ps = g.state.player_mut(p);
                ps.trade_goods = ps.trade_goods.saturating_add(2);
            }
            Some(Rider::Construction | Rider::Diplomacy | Rider::Technology | Rider::Warfare) | None => {}
        }
    }
    enforce_hand_limit(g);
}

/// The payout of a correct rider with a target that still holds ([`rider_targets`]).
fn pay_targeted_rider(g: &mut Ti4Game, p: Player, r: Rider, target: u8) {
    match r {
        Rider::Construction => {
            if let Some(loc) = super::cards::dock_placement(g, p, PlanetId(target)) {
                g.place_units(p, loc, UnitType::SpaceDock, 1)
                    .expect("placed units come from reinforcements the caller checked");
            }
        }
        Rider::Diplomacy => {
            for q in g.state.seats() {
                if q != p && g.state.player(q).in_game {
                    super::tokens::place_on_board(g, q, target);
                }
            }
        }
        Rider::Technology => {
            let researched = super::cards::granted_research(g, p, TechId(target), true);
            debug_assert!(researched, "a target that holds (rider_target_holds) can be researched");
        }
        Rider::Warfare => {
            g.place_units(p, Location::Space(target), UnitType::Dreadnought, 1)
                .expect("placed units come from reinforcements the caller checked");
            // Rules 37: ships beyond the fleet pool are removed.
            super::tactical::enforce_fleet_everywhere(g, p);
        }
        Rider::Imperial | Rider::Trade | Rider::Politics | Rider::Leadership | Rider::Sanction | Rider::Keleres => {}
    }
}

/// What the players vote on (rules 7: an agenda's outcomes).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Electing {
    /// "For" (outcome 0) or "against" (outcome 1).
    ForAgainst,
    /// "Elect Player": one outcome per player in the game, the outcome being its seat.
    Player,
    /// "Elect Law": one outcome per law in play (the common play area's and players'), the
    /// outcome `k` being the `k`-th in agenda id order ([`law_of_outcome`]; at most
    /// `MAX_PLAYERS` of them are offered).
    Law,
    /// "Elect Strategy Card": one outcome per strategy card, the outcome being its index (0
    /// Leadership … 7 Imperial).
    StrategyCard,
}

impl AgendaEffect {
    /// What the players vote on for this agenda.
    pub fn electing(self) -> Electing {
        use AgendaEffect::*;
        match self {
            PublicExecution
            | ArmedForcesStandardization
            | PoliticalCensure
            | MinisterOfPolicy
            | MinisterOfExploration
            | MinisterOfAntiquities
            | MinisterOfCommerce
            | ProphecyOfIxth
            | MinisterOfWar
            | MinisterOfPeace
            | CommitteeFormation
            | ArchivedSecret
            | ResearchGrantReallocation
            | MinisterOfSciences
            | SearchWarrant
            | ImperialArbiter => Electing::Player,
            JudicialAbolishment | MiscountDisclosed => Electing::Law,
            GalacticCrisisPact => Electing::StrategyCard,
            _ => Electing::ForAgainst,
        }
    }

    /// The effect of the agenda with this data-file id, if implemented.
    pub fn of_key(key: &str) -> Option<AgendaEffect> {
        use AgendaEffect::*;
        Some(match key {
            "economic_equality" => EconomicEquality,
            "mutiny" => Mutiny,
            "seed_of_an_empire" => SeedOfAnEmpire,
            "incentive_program" => IncentiveProgram,
            "unconventional_measures" => UnconventionalMeasures,
            "executive_sanctions" => ExecutiveSanctions,
            "homeland_defense_act" => HomelandDefenseAct,
            "swords_to_plowshares" => SwordsToPlowshares,
            "conventions_of_war" => ConventionsOfWar,
            "regulated_conscription" => RegulatedConscription,
            "rearmament_agreement" => RearmamentAgreement,
            "clandestine_operations" => ClandestineOperations,
            "public_execution" => PublicExecution,
            "armed_forces_standardization" => ArmedForcesStandardization,
            "political_censure" => PoliticalCensure,
            "minister_of_policy" => MinisterOfPolicy,
            "minister_of_exploration" => MinisterOfExploration,
            "minister_of_antiquities" => MinisterOfAntiquities,
            "minister_of_commerce" => MinisterOfCommerce,
            "minister_of_war" => MinisterOfWar,
            "minister_of_peace" => MinisterOfPeace,
            "committee_formation" => CommitteeFormation,
            "prophecy_of_ixth" => ProphecyOfIxth,
            "wormhole_reconstruction" => WormholeReconstruction,
            "archived_secret" => ArchivedSecret,
            "new_constitution" => NewConstitution,
            "arms_reduction" => ArmsReduction,
            "fleet_regulations" => FleetRegulations,
            "judicial_abolishment" => JudicialAbolishment,
            "miscount_disclosed" => MiscountDisclosed,
            "representative_government" => RepresentativeGovernment,
            "anti_intellectual_revolution" => AntiIntellectualRevolution,
            "research_grant_reallocation" => ResearchGrantReallocation,
            "wormhole_research" => WormholeResearch,
            "enforced_travel_ban" => EnforcedTravelBan,
            "shared_research" => SharedResearch,
            "minister_of_sciences" => MinisterOfSciences,
            "publicize_weapon_schematics" => PublicizeWeaponSchematics,
            "ixthian_artifact" => IxthianArtifact,
            "search_warrant" => SearchWarrant,
            "imperial_arbiter" => ImperialArbiter,
            "galactic_crisis_pact" => GalacticCrisisPact,
            "checks_and_balances" => ChecksAndBalances,
            "articles_of_war" => ArticlesOfWar,
            _ => return None,
        })
    }
}

/// The agenda tables, built once at setup.
#[derive(Debug)]
pub struct AgendaTable {
    /// Per [`AgendaId`]: its effect when implemented (and not set aside by Prophecy of Kings).
    pub effects: Vec<Option<AgendaEffect>>,
    /// Executive Sanctions, when in the deck.
    pub executive_sanctions: Option<AgendaId>,
    /// Homeland Defense Act, when in the deck.
    pub homeland_defense_act: Option<AgendaId>,
    /// Conventions of War, when in the deck.
    pub conventions_of_war: Option<AgendaId>,
    /// Regulated Conscription, when in the deck.
    pub regulated_conscription: Option<AgendaId>,
    /// Wormhole Reconstruction, when in the deck.
    pub wormhole_reconstruction: Option<AgendaId>,
    /// Fleet Regulations, when in the deck.
    pub fleet_regulations: Option<AgendaId>,
    /// Representative Government, when in the deck.
    pub representative_government: Option<AgendaId>,
    /// Anti-Intellectual Revolution, when in the deck.
    pub anti_intellectual_revolution: Option<AgendaId>,
    /// Enforced Travel Ban, when in the deck.
    pub enforced_travel_ban: Option<AgendaId>,
    /// Shared Research, when in the deck.
    pub shared_research: Option<AgendaId>,
    /// Search Warrant, when in the deck.
    pub search_warrant: Option<AgendaId>,
    /// Checks and Balances, when in the deck.
    pub checks_and_balances: Option<AgendaId>,
}

impl AgendaTable {
    /// Builds the table from the content's `implemented` flags.
    pub fn new(c: &Content) -> AgendaTable {
        let effects: Vec<Option<AgendaEffect>> = c
            .cards
            .agendas
            .iter()
            .map(|d| if d.implemented && !d.removed_in_pok { AgendaEffect::of_key(&d.key) } else { None })
            .collect();
        let find = |e: AgendaEffect| effects.iter().position(|&x| x == Some(e)).map(|i| AgendaId(i as u8));
        AgendaTable {
            executive_sanctions: find(AgendaEffect::ExecutiveSanctions),
            homeland_defense_act: find(AgendaEffect::HomelandDefenseAct),
            conventions_of_war: find(AgendaEffect::ConventionsOfWar),
            regulated_conscription: find(AgendaEffect::RegulatedConscription),
            wormhole_reconstruction: find(AgendaEffect::WormholeReconstruction),
            fleet_regulations: find(AgendaEffect::FleetRegulations),
            representative_government: find(AgendaEffect::RepresentativeGovernment),
            anti_intellectual_revolution: find(AgendaEffect::AntiIntellectualRevolution),
            enforced_travel_ban: find(AgendaEffect::EnforcedTravelBan),
            shared_research: find(AgendaEffect::SharedResearch),
            search_warrant: find(AgendaEffect::SearchWarrant),
            checks_and_balances: find(AgendaEffect::ChecksAndBalances),
            effects,
        }
    }
}

/// Rules 7-8: the outcomes of the agenda being voted on, in increasing order (none when no
/// agenda is revealed).
pub fn outcomes(g: &Ti4Game, out: &mut dyn FnMut(u8)) {
    let card = g.flow.agenda_phase.agenda_card;
    if card == NO_AGENDA {
        return;
    }
    match electing(g, card) {
        Electing::ForAgainst => {
            out(0);
            out(1);
        }
        Electing::Player => g.state.seats().filter(|&p| g.state.player(p).in_game).for_each(|p| out(p.0)),
        Electing::Law => {
            let n = (0..g.content.cards.agendas.len()).filter(|&a| law_in_play(g, a)).count();
            (0..n.min(MAX_PLAYERS) as u8).for_each(out);
        }
        Electing::StrategyCard => (0..crate::ti4::components::STRATEGY_CARDS as u8).for_each(out),
    }
}

/// The law (agenda index) that outcome `k` of an "Elect Law" agenda names: the `k`-th law in
/// play in agenda id order.
pub fn law_of_outcome(g: &Ti4Game, k: u8) -> Option<usize> {
    (0..g.content.cards.agendas.len()).filter(|&a| law_in_play(g, a)).nth(k as usize)
}

/// What the players vote on for agenda `card`.
pub fn electing(g: &Ti4Game, card: u8) -> Electing {
    g.agendas.effects.get(card as usize).copied().flatten().map_or(Electing::ForAgainst, AgendaEffect::electing)
}

/// True when law `law` is in play.
fn in_play(g: &Ti4Game, law: Option<AgendaId>) -> bool {
    law.is_some_and(|a| g.state.agendas.get(a.idx()) == Zone::Law)
}

/// `p`'s action-card hand limit: 7, or 3 with Executive Sanctions in play; none when a rule
/// says so (hook point `no_hand_limit`, Yssaril's Crafty, which no game effect overrides).
pub fn hand_limit(g: &Ti4Game, p: Player) -> usize {
    if crate::ti4::rules::no_hand_limit(g, p) {
        usize::MAX
    } else if in_play(g, g.agendas.executive_sanctions) {
        3
    } else {
        action_cards::HAND_LIMIT
    }
}

/// Wormhole Reconstruction "for" in play: alpha and beta wormhole systems are adjacent to each
/// other for every player's movement (as Lost Star Chart for one tactical action).
pub fn wormholes_linked(g: &Ti4Game) -> bool {
    in_play(g, g.agendas.wormhole_reconstruction)
}

/// Enforced Travel Ban "for" in play: alpha and beta wormholes (printed, or Creuss tokens) have
/// no effect on any player's movement (read by `tactical::Mover`; other uses of adjacency, such
/// as retreats and space cannon range, are not movement and keep them).
pub fn wormholes_closed(g: &Ti4Game) -> bool {
    in_play(g, g.agendas.enforced_travel_ban)
}

/// Checks and Balances "for" in play: the players `p` may (and must) give the strategy card it
/// just chose to: each other player in the game holding fewer strategy cards than each player
/// takes (1; 2 in a three- or four-player game), in seat order. None without the law (or when
/// nobody can take it: `p` keeps the card).
pub fn card_recipients(g: &Ti4Game, p: Player, out: &mut dyn FnMut(Player)) {
    if !in_play(g, g.agendas.checks_and_balances) {
        return;
    }
    let s = &g.state;
    let per = crate::ti4::elimination::strategy_cards_per_player(s) as usize;
    for q in s.seats().filter(|&q| q != p && s.player(q).in_game) {
        let held =
            crate::ti4::components::StrategyCard::all().filter(|&k| s.strategy_cards.holder(k) == Some(q)).count();
        if held < per {
            out(q);
        }
    }
}

/// The end of the agenda phase: every planet is readied, or, after Checks and Balances
/// "against", only 3 of each player's exhausted planets (the player's choice; simplified: those
/// of most resources plus influence, then lowest id).
pub(super) fn ready_planets_at_phase_end(g: &mut Ti4Game) {
    if !std::mem::take(&mut g.flow.agenda_phase.ready_three) {
        g.state.exhausted_planets = PlanetSet::EMPTY;
        return;
    }
    for p in in_game_seats(g) {
        let exhausted = g.state.player(p).planets.intersection(g.state.exhausted_planets);
        let mut best: [(u8, PlanetId); 3] = [(0, PlanetId(0)); 3];
        let mut n = 0;
        for pl in exhausted.iter() {
            let s = &g.state;
            let v = (s.resources_of(&g.content, pl) + s.influence_of(&g.content, pl), pl);
            // Keep the 3 best: most value, then lowest id (planets come in id order).
            let k = best[..n].iter().position(|&(b, _)| v.0 > b).unwrap_or(n);
            if k < 3 {
                let end = n.min(2);
                best.copy_within(k..end, k + 1);
                best[k] = v;
                n = (n + 1).min(3);
            }
        }
        for &(_, pl) in &best[..n] {
            g.state.exhausted_planets.remove(pl);
        }
    }
}

/// Search Warrant: the seats (bit per seat) whose owner of the card plays with their secret
/// objectives revealed (at most one), which an observer's view keeps (`flow::observe`).
pub fn secrets_revealed(g: &Ti4Game) -> u8 {
    match g.agendas.search_warrant.map(|a| g.state.agendas.get(a.idx())) {
        Some(Zone::PlayArea(p)) => 1 << p.0,
        _ => 0,
    }
}

/// Shared Research "for" in play: every player's ships move through nebulae (Nebula 59.1 no
/// longer stops them on the way; a ship leaving a nebula still has move value 1, 59.2).
pub fn nebulae_passable(g: &Ti4Game) -> bool {
    in_play(g, g.agendas.shared_research)
}

/// After `p` researched a technology: with Anti-Intellectual Revolution in play, `p` destroys 1
/// of its non-fighter ships on the board (the player's choice; simplified: the cheapest, on the
/// lowest board slot), then units beyond the capacity left there are removed.
pub(super) fn after_research(g: &mut Ti4Game, p: Player) {
    if !in_play(g, g.agendas.anti_intellectual_revolution) {
        return;
    }
    let c = g.content.clone();
    let units = super::tactical::units_of(&c, &g.state, p);
    let cost = |t: UnitType| units[t.idx()].and_then(|u| c.units[u.idx()].cost).unwrap_or(u8::MAX);
    let mut best: Option<(u8, u8, UnitType)> = None;
    for slot in 0..g.state.num_systems {
        let loc = Location::Space(slot);
        if g.state.occupant(loc) != Some(p) {
            continue;
        }
        for &t in UnitType::SHIPS.iter().filter(|&&t| t != UnitType::Fighter) {
            if g.state.count_at(loc, t) > 0 && best.is_none_or(|(k, _, _)| cost(t) < k) {
                best = Some((cost(t), slot, t));
            }
        }
    }
    if let Some((_, slot, t)) = best {
        crate::ti4::elimination::destroy_units(&c, &mut g.state, Location::Space(slot), t, 1, None)
            .expect("the destroyed ship is in the system");
        super::tactical::enforce_capacity(g, slot, None);
    }
}

/// After an agenda's outcome resolved: the next player asked an agenda's "may research"
/// (`AgendaPhase::researchers`, clockwise from the speaker; one with nothing to research is
/// skipped), then what follows the researches (Wormhole Research's destruction), then window
/// `AgendaResolved`.
pub(super) fn research_then(g: &mut Ti4Game) -> Step {
    let speaker = g.state.tokens.speaker.unwrap_or(Player(0));
    let (order, len) = super::pending::clockwise_from(g.state.num_players, speaker);
    for &p in &order[..len] {
        if g.flow.agenda_phase.researchers >> p.0 & 1 == 0 {
            continue;
        }
        let mut any = false;
        super::cards::granted_research_options(g, p, false, &mut |_| any = true);
        if any && g.state.player(p).in_game {
            return Step::AgendaResearch(p);
        }
        g.flow.agenda_phase.researchers &= !(1 << p.0);
        g.flow.agenda_phase.researching_again &= !(1 << p.0);
    }
    if std::mem::take(&mut g.flow.agenda_phase.wormhole_ships_destroyed) {
        destroy_ships_in_wormhole_systems(g);
    }
    super::flow::agenda_resolved(g)
}

/// Wormhole Research "for": every ship in a system with an alpha or beta wormhole (printed, or
/// a Creuss token) is destroyed; ground forces left in those space areas without capacity are
/// removed (Capacity 16.3). Structures (a Floating Factory) stay.
fn destroy_ships_in_wormhole_systems(g: &mut Ti4Game) {
    use crate::ti4::galaxy::Wormhole;
    let c = g.content.clone();
    let slots =
        super::component::wormhole_slots(g, Wormhole::Alpha) | super::component::wormhole_slots(g, Wormhole::Beta);
    for sl in crate::ti4::galaxy::bits(slots) {
        let loc = Location::Space(sl);
        for &t in UnitType::SHIPS {
            destroy_all(g, &c, loc, t);
        }
        super::tactical::enforce_capacity(g, sl, None);
    }
}

/// Research Grant Reallocation: the technologies `p` may gain ("any 1 technology": one it does
/// not own from its technology deck, the generic ones and its faction's, whatever their
/// prerequisites; not one its faction's upgrade replaces, Technology 11 note 3), in id order.
pub fn grant_options(g: &Ti4Game, p: Player, out: &mut dyn FnMut(TechId)) {
    let (c, s) = (&*g.content, &g.state);
    let ps = s.player(p);
    for t in c.researchable_by[ps.faction.idx()].difference(ps.techs).iter() {
        if crate::ti4::technology::faction_block(c, s, p, t).is_none() {
            out(t);
        }
    }
}

/// Research Grant Reallocation: `p` gains `t` (a gain, not a research), then returns 1 token
/// from its fleet pool to reinforcements per prerequisite of `t` (as many as it has), and ships
/// beyond the fleet pool are removed (rules 37).
pub(super) fn grant_technology(g: &mut Ti4Game, p: Player, t: TechId) {
    let c = g.content.clone();
    crate::ti4::technology::gain(&c, &mut g.state, p, t).expect("an offered technology can be gained");
    let prerequisites: u8 = c.tech_def(t).prereq.iter().sum();
    let ps = g.state.player_mut(p);
    let k = prerequisites.min(ps.fleet);
    ps.fleet -= k;
    ps.token_reinforcements += k;
    super::component::enforce_fleet_everywhere(g, p);
}

/// The outcome `p` just cast votes for, at window `VotesCast` (`AgendaPhase::last_vote`): "after
/// you cast votes" (Distinguished Councilor, Gila the Silvertongue).
pub fn voted_for(g: &Ti4Game, p: Player, window: crate::ti4::rules::Window) -> Option<u8> {
    match g.flow.agenda_phase.last_vote {
        Some((q, o)) if window == crate::ti4::rules::Window::VotesCast && q == p => Some(o),
        _ => None,
    }
}

/// `p` spends `n` trade goods to cast `per` additional votes each for outcome `o`, as its own
/// votes (`AgendaPhase::outcome_voters`): Bribery, Gila the Silvertongue. Nothing when `p` has
/// fewer trade goods or `o` is no outcome.
pub(crate) fn trade_goods_for_votes(g: &mut Ti4Game, p: Player, o: usize, n: u8, per: u16) {
    let ps = g.state.player_mut(p);
    if n == 0 || ps.trade_goods < n || o >= MAX_PLAYERS {
        return;
    }
    ps.trade_goods -= n;
    let ap = &mut g.flow.agenda_phase;
    ap.votes[o] += per * u16::from(n);
    ap.outcome_voters[o] |= 1 << p.0;
}

/// Representative Government "for" in play: each player casts 1 vote on each agenda instead of
/// exhausting planets, and no additional votes (hook point `extra_votes`, Distinguished
/// Councilor, Bribery).
pub fn one_vote_each(g: &Ti4Game) -> bool {
    in_play(g, g.agendas.representative_government)
}

/// The most tokens a fleet pool may hold: [`FLEET_REGULATIONS_MAX`] with Fleet Regulations in
/// play, otherwise no limit (`u8::MAX`).
pub fn fleet_pool_max(g: &Ti4Game) -> u8 {
    if in_play(g, g.agendas.fleet_regulations) {
        FLEET_REGULATIONS_MAX
    } else {
        u8::MAX
    }
}

/// The tokens `p`'s fleet pool may still take ([`fleet_pool_max`]).
pub fn fleet_room(g: &Ti4Game, p: Player) -> u8 {
    fleet_pool_max(g).saturating_sub(g.state.player(p).fleet)
}

/// `p` gains a command token from reinforcements into pool `pool` (0 tactic, 1 fleet, 2
/// strategy); a fleet token the fleet pool cannot take (Fleet Regulations) goes to the strategy
/// pool instead (simplified: where it goes is the player's choice). False with none in
/// reinforcements.
pub fn gain_token(g: &mut Ti4Game, p: Player, pool: u8) -> bool {
    let pool = if pool == 1 && fleet_room(g, p) == 0 { 2 } else { pool };
    g.state.player_mut(p).gain_token(pool)
}

/// The PDS limit per planet (rules 64.4: 2), none with Homeland Defense Act in play.
pub fn pds_limit(g: &Ti4Game) -> u8 {
    if in_play(g, g.agendas.homeland_defense_act) {
        u8::MAX
    } else {
        2
    }
}

/// Units of type `t` one cost buys (its printed `units_per_cost`), 1 for fighters and infantry
/// with Regulated Conscription in play.
pub fn units_per_cost(g: &Ti4Game, t: UnitType, printed: u8) -> u32 {
    if matches!(t, UnitType::Fighter | UnitType::Infantry) && in_play(g, g.agendas.regulated_conscription) {
        1
    } else {
        printed.max(1) as u32
    }
}

/// Conventions of War: no BOMBARDMENT against units on a cultural planet while it is in play.
pub fn no_bombardment_at(g: &Ti4Game, ploc: Location) -> bool {
    in_play(g, g.agendas.conventions_of_war)
        && g.state
            .planet_at(&g.content, ploc)
            .is_some_and(|pl| g.state.has_trait(&g.content, pl, crate::ti4::content::CULTURAL))
}

/// Starts an agenda: the reveal, or nothing when no implemented agenda is left to reveal.
pub(super) fn start(g: &mut Ti4Game) -> bool {
    let n = g.content.cards.agendas.len();
    if g.state.agendas.count(n, Zone::Deck) == 0 {
        g.state.agendas.move_all(n, Zone::Discard, Zone::Deck);
    }
    g.flow.agenda_phase.votes = [0; MAX_PLAYERS];
    g.flow.agenda_phase.outcome_voters = [0; MAX_PLAYERS];
    g.flow.agenda_phase.extra_voters = 0;
    g.flow.agenda_phase.agenda_card = NO_AGENDA;
    if g.state.agendas.count(n, Zone::Deck) == 0 {
        return false;
    }
    true
}

/// True when agenda `i`, just revealed, is discarded for another: New Constitution, Judicial
/// Abolishment and Miscount Disclosed ("When this agenda is revealed, if there are no laws in play, discard
/// this card and reveal another agenda from the top of the deck").
fn discarded_when_revealed(g: &Ti4Game, i: usize) -> bool {
    matches!(
        g.agendas.effects[i],
        Some(AgendaEffect::NewConstitution | AgendaEffect::JudicialAbolishment | AgendaEffect::MiscountDisclosed)
    ) && !(0..g.content.cards.agendas.len()).any(|a| law_in_play(g, a))
}

/// Chance: reveal a uniform agenda of the deck (one whose text discards it when revealed goes
/// to the discard pile, and another is revealed: [`discarded_when_revealed`]).
pub(super) fn reveal(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    let n = g.content.cards.agendas.len();
    let mut k = g.state.agendas.count(n, Zone::Deck);
    while k > 0 {
        let pick = rng.random_range(0..k);
        let found = (0..n).filter(|&i| g.state.agendas.get(i) == Zone::Deck).nth(pick);
        if let Some(i) = found.filter(|&i| discarded_when_revealed(g, i)) {
            if k == 1 {
                // The deck is empty without it: the discard pile is shuffled into a new deck.
                g.state.agendas.move_all(n, Zone::Discard, Zone::Deck);
            }
            g.state.agendas.set(i, Zone::Discard);
            k = g.state.agendas.count(n, Zone::Deck);
            if k > 0 {
                continue;
            }
            // No other agenda in the whole game (a content of one card): it is revealed.
            g.state.agendas.set(i, Zone::Deck);
        }
        k = 0;
        if let Some(i) = found {
            // Revealed: out of the deck while it is voted on (discard pile until resolved).
            // Predictions are of the agenda revealed (a discarded one's lapse).
            g.state.agendas.set(i, Zone::Discard);
            begin_vote(g, i);
        }
    }
}

/// Agenda `i` is to be voted on (revealed, or elected again by Miscount Disclosed): the votes,
/// predictions and riders of the agenda before are cleared.
fn begin_vote(g: &mut Ti4Game, i: usize) {
    let ap = &mut g.flow.agenda_phase;
    ap.agenda_card = i as u8;
    ap.votes = [0; MAX_PLAYERS];
    ap.outcome_voters = [0; MAX_PLAYERS];
    ap.extra_voters = 0;
    ap.predictions = [0; MAX_PLAYERS];
    ap.rider_count = 0;
    ap.rider_targets = [0; MAX_RIDERS];
    ap.abstaining = 0;
    ap.hacked = false;
    ap.committee = false;
}

/// Miscount Disclosed resolved: the law it elected is voted on again "as if it were just
/// revealed" (it stays in play meanwhile); true when there is one (`AgendaPhase::revote`).
pub(super) fn begin_revote(g: &mut Ti4Game) -> bool {
    match g.flow.agenda_phase.revote.take() {
        Some(law) if law_in_play(g, law as usize) => {
            begin_vote(g, law as usize);
            true
        }
        _ => false,
    }
}

/// Rules 8 (digest §2: "votes = combined influence of planets you exhaust; all your votes go to
/// one outcome"): `p` has chosen `outcome` and casts its votes, exhausting planets one at a time
/// ([`Step::CastVotes`]); a lone option is applied without a decision, and with no ready planet
/// of any influence the vote is cast at once (its additional votes only).
pub(super) fn start_casting(g: &mut Ti4Game, p: Player, outcome: u8) -> Step {
    g.flow.agenda_phase.ballot = PlanetSet::EMPTY;
    settle_cast(g, p, outcome)
}

/// Rules 8: the options of a vote being cast: exhaust one more ready planet with influence, after
/// the last one exhausted in planet order (so every set of planets is cast by exactly one
/// sequence; a planet without influence adds no vote and is never offered); `Done` once at least
/// one planet is exhausted (choosing an outcome casts at least 1 vote when it can; abstaining is
/// `Done` at [`Step::Vote`]).
pub(super) fn cast_options(g: &Ti4Game, p: Player, out: &mut dyn FnMut(Action)) {
    let (c, s) = (&*g.content, &g.state);
    let last = g.flow.agenda_phase.ballot.iter().last();
    for pl in s.player(p).planets.difference(s.exhausted_planets).iter() {
        if last.is_none_or(|l| pl > l) && s.influence_of(c, pl) > 0 {
            out(Action::Exhaust(pl));
        }
    }
    if !g.flow.agenda_phase.ballot.is_empty() {
        out(Action::Done);
    }
}

/// Rules 8: the decision at [`Step::CastVotes`]: `Exhaust` casts the planet's influence for
/// `outcome`; `Done` ends the vote.
pub(super) fn cast(g: &mut Ti4Game, p: Player, outcome: u8, a: Action) -> Step {
    match a {
        Action::Exhaust(pl) => {
            exhaust_for_votes(g, pl, outcome);
            settle_cast(g, p, outcome)
        }
        _ => finish_cast(g, p, outcome),
    }
}

fn exhaust_for_votes(g: &mut Ti4Game, pl: PlanetId, outcome: u8) {
    g.state.exhausted_planets.insert(pl);
    g.flow.agenda_phase.ballot.insert(pl);
    g.flow.agenda_phase.votes[outcome as usize] += g.state.influence_of(&g.content, pl) as u16;
}

/// Ends the vote when nothing is left to choose, applies a lone option, or waits for `p`.
fn settle_cast(g: &mut Ti4Game, p: Player, outcome: u8) -> Step {
    loop {
        let (mut count, mut only) = (0, Action::Done);
        cast_options(g, p, &mut |a| {
            count += 1;
            only = a;
        });
        match (count, only) {
            (1, Action::Exhaust(pl)) => exhaust_for_votes(g, pl, outcome),
            (0 | 1, _) => return finish_cast(g, p, outcome),
            _ => return Step::CastVotes { p, outcome },
        }
    }
}

/// Representative Government: `p` casts 1 vote for `outcome` (no planet exhausted).
pub(super) fn cast_one_vote(g: &mut Ti4Game, p: Player, outcome: u8) -> Step {
    g.flow.agenda_phase.votes[outcome as usize] += 1;
    finish_cast(g, p, outcome)
}

/// `p` cast their votes for `outcome`: window `VotesCast` for `p`, then, after the speaker's
/// vote, for the other players in voting order; then the next voter ([`after_votes_cast`]).
fn finish_cast(g: &mut Ti4Game, p: Player, outcome: u8) -> Step {
    g.flow.agenda_phase.ballot = PlanetSet::EMPTY;
    g.flow.agenda_phase.last_vote = Some((p, outcome));
    let mut players = [p; MAX_PLAYERS];
    let mut k = 1;
    if g.state.tokens.speaker == Some(p) {
        let (order, len) = super::flow::left_of_speaker(g);
        for &q in order[..len].iter().filter(|&&q| q != p) {
            players[k] = q;
            k += 1;
        }
    }
    match super::pending::open(g, crate::ti4::rules::Window::VotesCast, &players[..k]) {
        Some(decide) => decide,
        None => after_votes_cast(g),
    }
}

/// After window `VotesCast`: the next player votes (or the votes are counted).
pub(super) fn after_votes_cast(g: &mut Ti4Game) -> Step {
    match g.flow.agenda_phase.last_vote.take() {
        Some((p, _)) => super::flow::next_voter(g, p),
        None => count(g),
    }
}

/// True when `p` may cast votes on the agenda being voted on: in the game, not barred (Public
/// Execution) nor abstaining (a rider's "you cannot vote on this agenda"), and no rule of
/// theirs forbids it (hook point `cannot_vote`: Galactic Threat).
pub fn may_vote(g: &Ti4Game, p: Player) -> bool {
    g.state.player(p).in_game
        && (g.flow.agenda_phase.barred | g.flow.agenda_phase.abstaining) >> p.0 & 1 == 0
        && !crate::ti4::rules::cannot_vote(g, p)
}

/// True when the agenda being voted on elects a player ("Elect Player").
pub fn elects_player(g: &Ti4Game) -> bool {
    let card = g.flow.agenda_phase.agenda_card;
    card != NO_AGENDA && electing(g, card) == Electing::Player
}

/// The outcome is decided (`AgendaPhase::outcome`): window `OutcomeDecided` in voting order,
/// then the outcome resolves (`Step::ResolveAgenda`).
pub(super) fn outcome_decided(g: &mut Ti4Game) -> Step {
    let (order, len) = super::flow::left_of_speaker(g);
    super::pending::open(g, crate::ti4::rules::Window::OutcomeDecided, &order[..len]).unwrap_or(Step::ResolveAgenda)
}

/// The vote invariants: at [`Step::CastVotes`] the planets of the ballot are the voter's and
/// exhausted; at any other step the ballot is empty.
pub(super) fn check(g: &Ti4Game) -> Result<(), String> {
    let b = g.flow.agenda_phase.ballot;
    match g.step {
        Step::CastVotes { p, outcome } => {
            let s = &g.state;
            let mut valid = false;
            outcomes(g, &mut |o| valid |= o == outcome);
            if !valid || !b.is_subset(&s.player(p).planets.intersection(s.exhausted_planets)) {
                return Err(format!("a vote cast for outcome {outcome} with planets not the voter's exhausted ones"));
            }
            Ok(())
        }
        _ if b.is_empty() => Ok(()),
        step => Err(format!("planets cast as votes at {step:?}")),
    }
}

/// The most votes cast for one outcome of the agenda voted on.
fn most_votes(g: &Ti4Game) -> u16 {
    let mut most = 0;
    outcomes(g, &mut |o| most = most.max(g.flow.agenda_phase.votes[o as usize]));
    most
}

/// Rules 8 (digest §2: "the outcome with the most votes wins; the speaker breaks ties"): the
/// outcomes tied for the most votes, in outcome order (every outcome when nobody voted).
pub fn tied(g: &Ti4Game, out: &mut dyn FnMut(u8)) {
    let most = most_votes(g);
    outcomes(g, &mut |o| {
        if g.flow.agenda_phase.votes[o as usize] == most {
            out(o)
        }
    });
}

/// After the last vote: the outcome, or the speaker's tie-break decision.
pub(super) fn count(g: &mut Ti4Game) -> Step {
    let (mut n, mut only) = (0, 0);
    tied(g, &mut |o| {
        n += 1;
        only = o;
    });
    if n == 1 {
        g.flow.agenda_phase.outcome = only;
        outcome_decided(g)
    } else {
        Step::TieBreak(g.state.tokens.speaker.unwrap_or(Player(0)))
    }
}

/// Chance: resolve the revealed agenda's outcome (`Flow::outcome`: 0 for, 1 against).
pub(super) fn resolve(g: &mut Ti4Game, rng: &mut ChaCha8Rng) {
    let card = g.flow.agenda_phase.agenda_card;
    if card == NO_AGENDA {
        return;
    }
    let outcome = g.flow.agenda_phase.outcome;
    let effect = g.agendas.effects[card as usize];
    // The record names an elected law by its agenda id (the outcome is its rank among the
    // laws in play, which the effect may change).
    let recorded = match electing(g, card) {
        Electing::Law => law_of_outcome(g, outcome).map_or(outcome, |a| a as u8),
        _ => outcome,
    };
    if law_in_play(g, card as usize) {
        // Voted on again (Miscount Disclosed): it leaves play (and its owner, Political
        // Censure's point) and comes back as this outcome says.
        discard_law(g, card as usize);
    }
    // Drive the Debate: the elected player scores it when elected, before the outcome resolves
    // (a secret objective the outcome draws, Search Warrant's, was not held then).
    if electing(g, card) == Electing::Player && (outcome as usize) < MAX_PLAYERS {
        use super::objectives::{score_event, Event};
        score_event(g, Player(outcome), |e| e == Event::ElectedByAgenda);
    }
    if let Some(e) = effect {
        apply_effect(g, e, outcome, rng);
    }
    pay_riders(g, outcome, rng);
    g.log_agenda(card, recorded);
    agenda_resolved(g, outcome);
    let law = g.content.cards.agendas[card as usize].kind == AgendaKind::Law;
    // Rules 7 (laws): a law "for" stays in play in the common play area; an elected player
    // takes the law into their play area. Directives and laws voted "against" are discarded.
    let zone = match (law, effect.map_or(Electing::ForAgainst, AgendaEffect::electing)) {
        (true, Electing::ForAgainst) if outcome == 0 => Zone::Law,
        (true, Electing::Player) => Zone::PlayArea(Player(outcome)),
        _ => Zone::Discard,
    };
    g.state.agendas.set(card as usize, zone);
    if zone != Zone::Discard {
        enforce_hand_limit(g);
    }
    g.flow.agenda_phase.agenda_card = NO_AGENDA;
}

/// Hook point `agenda_resolved` (Predictive Intelligence exhausts), for every seat in seat
/// order, with the outcome resolved.
fn agenda_resolved(g: &mut Ti4Game, outcome: u8) {
    for q in 0..g.state.num_players {
        crate::ti4::rules::agenda_resolved(g, Player(q), outcome);
    }
}

/// The seats in the game, in seat order, as a fixed array and its length (no allocation: a
/// loop over it may change the game).
fn in_game_seats(g: &Ti4Game) -> impl Iterator<Item = Player> {
    let mut seats = [Player(0); MAX_PLAYERS];
    let mut n = 0;
    for p in g.state.seats().filter(|&p| g.state.player(p).in_game) {
        seats[n] = p;
        n += 1;
    }
    seats.into_iter().take(n)
}

fn in_game(g: &Ti4Game) -> impl Iterator<Item = Player> + '_ {
    g.state.seats().filter(|&p| g.state.player(p).in_game)
}

fn apply_effect(g: &mut Ti4Game, e: AgendaEffect, outcome: u8, rng: &mut ChaCha8Rng) {
    let for_ = outcome == 0;
    match e {
        AgendaEffect::EconomicEquality => economic_equality(g, for_),
        AgendaEffect::Mutiny => mutiny(g, for_),
        AgendaEffect::SeedOfAnEmpire => seed_of_an_empire(g, for_),
        AgendaEffect::IncentiveProgram => {
            let stage = if for_ { 1 } else { 2 };
            // A new objective from the stage's deck (not one of the face-down objectives already
            // set up), so the game keeps its count of objectives still to reveal.
            if let Some(o) = draw_public(g, rng, stage, PublicState::Deck) {
                g.state.public_objectives.set_state(o, PublicState::Revealed);
            }
        }
        AgendaEffect::UnconventionalMeasures => {
            let voters = g.flow.agenda_phase.voters_of(0);
            let copies = g.content.cards.action_copies.len();
            for p in g.state.seats().filter(|p| voters >> p.0 & 1 == 1) {
                if for_ {
                    action_cards::draw(g, rng, p);
                    action_cards::draw(g, rng, p);
                } else {
                    g.state.action_cards.move_all(copies, Zone::Hand(p), Zone::Discard);
                }
            }
            enforce_hand_limit(g);
        }
        AgendaEffect::ExecutiveSanctions => {
            if !for_ {
                let copies = g.content.cards.action_copies.len();
                for q in 0..g.state.num_players {
                    let p = Player(q);
                    if !g.state.player(p).in_game {
                        continue;
                    }
                    let k = g.state.action_cards.count(copies, Zone::Hand(p));
                    if k > 0 {
                        let pick = rng.random_range(0..k);
                        if let Some(i) = (0..copies).filter(|&i| g.state.action_cards.get(i) == Zone::Hand(p)).nth(pick)
                        {
                            g.state.action_cards.set(i, Zone::Discard);
                        }
                    }
                }
            }
        }
        AgendaEffect::HomelandDefenseAct => {
            if !for_ {
                homeland_defense_act_against(g);
            }
        }
        AgendaEffect::EnforcedTravelBan => {
            if !for_ {
                enforced_travel_ban_against(g);
            }
        }
        AgendaEffect::SharedResearch => {
            if !for_ {
                // "Each player places a command token from their reinforcements in their home
                // system, if able": not with one there already, nor without reinforcements.
                for p in in_game_seats(g) {
                    place_from_reinforcements(g, p, g.home_slot[p.idx()]);
                }
            }
        }
        AgendaEffect::SwordsToPlowshares => swords_to_plowshares(g, for_),
        AgendaEffect::WormholeReconstruction => {
            if !for_ {
                wormhole_reconstruction_against(g);
            }
        }
        AgendaEffect::ConventionsOfWar | AgendaEffect::RegulatedConscription => {
            if e == AgendaEffect::ConventionsOfWar && !for_ {
                let (against, copies) = (g.flow.agenda_phase.voters_of(1), g.content.cards.action_copies.len());
                for p in g.state.seats().filter(|p| against >> p.0 & 1 == 1) {
                    g.state.action_cards.move_all(copies, Zone::Hand(p), Zone::Discard);
                }
            }
        }
        AgendaEffect::RearmamentAgreement => {
            for q in 0..g.state.num_players {
                if g.state.player(Player(q)).in_game {
                    rearmament_agreement(g, Player(q), for_);
                }
            }
        }
        AgendaEffect::ClandestineOperations => {
            for q in 0..g.state.num_players {
                if g.state.player(Player(q)).in_game {
                    clandestine_operations(g, Player(q), for_);
                }
            }
        }
        AgendaEffect::PublicExecution => public_execution(g, Player(outcome)),
        AgendaEffect::MinisterOfAntiquities => super::exploration::draw_relic(g, rng, Player(outcome)),
        AgendaEffect::ArmedForcesStandardization => armed_forces_standardization(g, Player(outcome)),
        AgendaEffect::ArchivedSecret | AgendaEffect::SearchWarrant => {
            // Rules 61: secret objectives held beyond 3 are returned, the player's choice
            // (`Step::ReturnSecret`, then the resolution goes on: `flow`).
            let p = Player(outcome);
            let draws = if e == AgendaEffect::SearchWarrant { 2 } else { 1 };
            for _ in 0..draws {
                super::flow::draw_secret(g, rng, p);
            }
            g.flow.agenda_phase.returning = super::flow::must_return_secret(g, p);
        }
        AgendaEffect::NewConstitution => {
            if for_ {
                for a in 0..g.content.cards.agendas.len() {
                    if law_in_play(g, a) {
                        discard_law(g, a);
                    }
                }
                g.flow.next_strategy_phase |= Deferred::HOME_PLANETS;
            }
        }
        AgendaEffect::ArmsReduction => {
            if for_ {
                for p in in_game_seats(g) {
                    arms_reduction(g, p);
                }
            } else {
                g.flow.next_strategy_phase |= Deferred::SPECIALTY_PLANETS;
            }
        }
        AgendaEffect::FleetRegulations => {
            for p in in_game_seats(g) {
                if for_ {
                    // Tokens beyond the limit return to reinforcements; ships beyond the fleet
                    // pool are then removed (rules 37, as after Neuroglaive).
                    let ps = g.state.player_mut(p);
                    let over = ps.fleet.saturating_sub(FLEET_REGULATIONS_MAX);
                    ps.fleet -= over;
                    ps.token_reinforcements += over;
                    super::component::enforce_fleet_everywhere(g, p);
                } else {
                    g.state.player_mut(p).gain_token(1);
                }
            }
        }
        AgendaEffect::RepresentativeGovernment => {
            if !for_ {
                g.flow.next_strategy_phase |= Deferred::CULTURAL_PLANETS;
                g.flow.next_strategy_seats |= g.flow.agenda_phase.voters_of(1);
            }
        }
        AgendaEffect::AntiIntellectualRevolution => {
            if !for_ {
                g.flow.next_strategy_phase |= Deferred::PLANET_PER_TECHNOLOGY;
            }
        }
        AgendaEffect::ResearchGrantReallocation => {
            // An elected player eliminated since the vote gains nothing.
            let mut any = false;
            if g.state.player(Player(outcome)).in_game {
                grant_options(g, Player(outcome), &mut |_| any = true);
            }
            g.flow.agenda_phase.granting = any;
        }
        AgendaEffect::WormholeResearch => {
            if for_ {
                let all = crate::ti4::galaxy::Wormhole::ALL
                    .iter()
                    .fold(0u64, |m, &k| m | super::component::wormhole_slots(g, k));
                let mut seats = 0u8;
                for p in in_game_seats(g) {
                    if crate::ti4::galaxy::bits(all).any(|sl| super::component::has_ships_in(&g.state, p, sl)) {
                        seats |= 1 << p.0;
                    }
                }
                g.flow.agenda_phase.researchers = seats;
                g.flow.agenda_phase.wormhole_ships_destroyed = true;
            } else {
                let voters = g.flow.agenda_phase.voters_of(0);
                for p in in_game_seats(g).filter(|p| voters >> p.0 & 1 == 1) {
                    if return_token_from_largest_pool(g.state.player_mut(p)) {
                        super::component::enforce_fleet_everywhere(g, p);
                    }
                }
            }
        }
        AgendaEffect::JudicialAbolishment => {
            if let Some(a) = law_of_outcome(g, outcome) {
                discard_law(g, a);
            }
        }
        AgendaEffect::MiscountDisclosed => {
            g.flow.agenda_phase.revote = law_of_outcome(g, outcome).map(|a| a as u8);
        }
        AgendaEffect::PoliticalCensure => {
            g.state.player_mut(Player(outcome)).bonus_vp += 1;
            g.agenda_points += 1;
        }
        AgendaEffect::MinisterOfPolicy
        | AgendaEffect::MinisterOfExploration
        | AgendaEffect::MinisterOfCommerce
        | AgendaEffect::ProphecyOfIxth
        | AgendaEffect::MinisterOfWar
        | AgendaEffect::MinisterOfPeace
        | AgendaEffect::CommitteeFormation
        | AgendaEffect::MinisterOfSciences
        | AgendaEffect::ImperialArbiter => {}
        AgendaEffect::GalacticCrisisPact => g.flow.agenda_phase.crisis_card = Some(outcome),
        AgendaEffect::ChecksAndBalances => g.flow.agenda_phase.ready_three |= !for_,
        AgendaEffect::ArticlesOfWar => {
            if !for_ {
                let voters = g.flow.agenda_phase.voters_of(0);
                for p in in_game_seats(g).filter(|p| voters >> p.0 & 1 == 1) {
                    let ps = g.state.player_mut(p);
                    ps.trade_goods = ps.trade_goods.saturating_add(3);
                }
            }
        }
        AgendaEffect::IxthianArtifact => {
            if for_ {
                // The speaker's roll (chance).
                if crate::ti4::combat::roll_d10(rng) >= IXTHIAN_RESEARCH_ON {
                    let seats = in_game_seats(g).fold(0u8, |m, p| m | 1 << p.0);
                    g.flow.agenda_phase.researchers = seats;
                    g.flow.agenda_phase.researching_again = seats;
                } else {
                    ixthian_destruction(g);
                }
            }
        }
        AgendaEffect::PublicizeWeaponSchematics => {
            if !for_ {
                let (c, copies) = (g.content.clone(), g.content.cards.action_copies.len());
                let war_sun = c.upgrade_techs[UnitType::WarSun.idx()];
                for p in in_game_seats(g) {
                    if g.state.player(p).techs.intersects(&war_sun) {
                        g.state.action_cards.move_all(copies, Zone::Hand(p), Zone::Discard);
                    }
                }
            }
        }
    }
    let c = g.content.clone();
    normalize_action_cards(&c, &mut g.state.action_cards);
}

/// Swords to Plowshares. "For": on each planet a player controls, half of their infantry
/// (rounded up) is destroyed and they gain as many trade goods. "Against": 1 infantry from
/// reinforcements on each planet they control, in planet order while reinforcements last.
fn swords_to_plowshares(g: &mut Ti4Game, for_: bool) {
    let c = g.content.clone();
    for q in 0..g.state.num_players {
        let p = Player(q);
        if !g.state.player(p).in_game {
            continue;
        }
        let planets = g.state.player(p).planets;
        for pl in planets.iter() {
            let Some(loc) = g.state.planet_location(&c, pl) else { continue };
            if for_ {
                let n = if g.state.occupant(loc) == Some(p) { g.state.count_at(loc, UnitType::Infantry) } else { 0 };
                let k = n.div_ceil(2);
                if k > 0 {
                    crate::ti4::elimination::destroy_units(&c, &mut g.state, loc, UnitType::Infantry, k, None)
                        .expect("the destroyed infantry is on the planet");
                    let ps = g.state.player_mut(p);
                    ps.trade_goods = ps.trade_goods.saturating_add(k);
                }
            } else if g.state.player(p).reinforcements[UnitType::Infantry.idx()] > 0
                && g.state.occupant(loc).is_none_or(|q| q == p)
            {
                // A planet held by another player's units (none after an invasion) takes none.
                g.place_units(p, loc, UnitType::Infantry, 1)
                    .expect("the infantry is in reinforcements, the planet free");
            }
        }
    }
}

/// Rearmament Agreement. "For": 1 mech from reinforcements on a planet `p` controls in its home
/// system (simplified: the first in planet order, not `p`'s choice). "Against": each of `p`'s
/// mechs returns to reinforcements and 1 infantry from reinforcements takes its place, while
/// they last.
fn rearmament_agreement(g: &mut Ti4Game, p: Player, for_: bool) {
    if for_ {
        if g.state.player(p).reinforcements[UnitType::Mech.idx()] == 0 {
            return;
        }
        let home = g.home_slot[p.idx()];
        let at = g
            .state
            .player(p)
            .planets
            .iter()
            .filter_map(|pl| g.state.planet_location(&g.content, pl))
            .find(|l| l.slot() == home);
        if let Some(loc) = at.filter(|&loc| g.state.occupant(loc).is_none_or(|q| q == p)) {
            g.place_units(p, loc, UnitType::Mech, 1).expect("the mech is in reinforcements, the planet free");
        }
        return;
    }
    for loc in (0..g.state.num_systems).flat_map(Location::all_in) {
        if g.state.occupant(loc) != Some(p) || g.state.count_at(loc, UnitType::Mech) == 0 {
            continue;
        }
        let n = g.state.count_at(loc, UnitType::Mech);
        g.state.remove_units(loc, UnitType::Mech, n).expect("the mechs are there");
        let k = n.min(g.state.player(p).reinforcements[UnitType::Infantry.idx()]);
        if k > 0 {
            g.place_units(p, loc, UnitType::Infantry, k)
                .expect("the infantry is in reinforcements, the planet the player's");
        }
    }
}

/// Clandestine Operations. "For": 2 tokens leave `p`'s command sheet (the player's choice;
/// simplified: each from the largest pool, strategy then tactic then fleet on a tie). "Against":
/// 1 token leaves the fleet pool. Then the fleet limit is enforced (rules 37, as after
/// Neuroglaive).
fn clandestine_operations(g: &mut Ti4Game, p: Player, for_: bool) {
    let ps = g.state.player_mut(p);
    if for_ {
        for _ in 0..2 {
            if !return_token_from_largest_pool(ps) {
                break;
            }
        }
    } else if ps.fleet > 0 {
        ps.fleet -= 1;
        ps.token_reinforcements += 1;
    }
    super::component::enforce_fleet_everywhere(g, p);
}

/// `ps` returns 1 command token from its command sheet to reinforcements (the player's choice
/// of pool; simplified: the largest, strategy then tactic then fleet on a tie); false when its
/// pools are empty.
fn return_token_from_largest_pool(ps: &mut crate::ti4::state::PlayerState) -> bool {
    let most = ps.strategy.max(ps.tactic).max(ps.fleet);
    if most == 0 {
        return false;
    }
    let pool = if ps.strategy == most {
        &mut ps.strategy
    } else if ps.tactic == most {
        &mut ps.tactic
    } else {
        &mut ps.fleet
    };
    *pool -= 1;
    ps.token_reinforcements += 1;
    true
}

/// Public Execution: `p` discards its hand, gives the speaker token to the next player in the
/// game on its left, and cannot vote again this agenda phase (`AgendaPhase::barred`).
fn public_execution(g: &mut Ti4Game, p: Player) {
    let copies = g.content.cards.action_copies.len();
    g.state.action_cards.move_all(copies, Zone::Hand(p), Zone::Discard);
    if g.state.tokens.speaker == Some(p) {
        g.state.tokens.speaker = crate::ti4::elimination::next_in_game_left_of(&g.state, p);
    }
    g.flow.agenda_phase.barred |= 1 << p.0;
}

/// Armed Forces Standardization: `p`'s pools become 3 tactic, 3 fleet, 2 strategy; the excess
/// returns to reinforcements first, then the pools are filled from reinforcements in that
/// order (simplified: with too few in reinforcements, the tactic pool is filled first). A
/// fleet pool lowered below the non-fighter ships of a system removes the excess ships
/// (rules 37; simplified: the cheapest first, as after Neuroglaive).
fn armed_forces_standardization(g: &mut Ti4Game, p: Player) {
    let ps = g.state.player_mut(p);
    for (pool, want) in [(&mut ps.tactic, 3u8), (&mut ps.fleet, 3), (&mut ps.strategy, 2)] {
        if *pool > want {
            ps.token_reinforcements += *pool - want;
            *pool = want;
        }
    }
    for (pool, want) in [(&mut ps.tactic, 3u8), (&mut ps.fleet, 3), (&mut ps.strategy, 2)] {
        let add = want.saturating_sub(*pool).min(ps.token_reinforcements);
        *pool += add;
        ps.token_reinforcements -= add;
    }
    super::component::enforce_fleet_everywhere(g, p);
}

fn enforce_hand_limit(g: &mut Ti4Game) {
    action_cards::discard_to_limit(g);
}

/// Economic Equality: every trade good returns; "for" then gives each player 5.
fn economic_equality(g: &mut Ti4Game, for_: bool) {
    for p in 0..g.state.num_players as usize {
        if g.state.players[p].in_game {
            g.state.players[p].trade_goods = if for_ { 5 } else { 0 };
        }
    }
}

/// Mutiny: the players who voted "for" gain ("for") or lose ("against") 1 victory point (a
/// point lost comes off the bonus points; none is lost below them: simplified).
fn mutiny(g: &mut Ti4Game, for_: bool) {
    let voters = g.flow.agenda_phase.voters_of(0);
    for p in 0..g.state.num_players {
        if voters >> p & 1 == 1 {
            let ps = &mut g.state.players[p as usize];
            if for_ {
                ps.bonus_vp += 1;
                g.agenda_points += 1;
            } else {
                ps.bonus_vp = ps.bonus_vp.saturating_sub(1);
            }
        }
    }
}

/// Seed of an Empire: the players tied for the most ("for") or fewest ("against") victory
/// points gain 1.
fn seed_of_an_empire(g: &mut Ti4Game, for_: bool) {
    let vp = |p: Player| g.victory_points(p);
    let target = if for_ { in_game(g).map(vp).max() } else { in_game(g).map(vp).min() };
    for q in 0..g.state.num_players {
        let p = Player(q);
        if g.state.player(p).in_game && Some(g.victory_points(p)) == target {
            g.state.player_mut(p).bonus_vp += 1;
            g.agenda_points += 1;
        }
    }
}

/// Wormhole Reconstruction, against: each player in the game, in seat order, places a command
/// token from its reinforcements in each system with a wormhole (printed, or a Creuss wormhole
/// token) that holds 1 or more of its ships and none of its tokens yet, lowest board slot first
/// while tokens last (simplified: which systems a player short of tokens covers is its choice).
fn wormhole_reconstruction_against(g: &mut Ti4Game) {
    let slots = crate::ti4::galaxy::Wormhole::ALL.iter().fold(0u64, |m, &k| m | super::component::wormhole_slots(g, k));
    for q in 0..g.state.num_players {
        let p = Player(q);
        if !g.state.player(p).in_game {
            continue;
        }
        for sl in crate::ti4::galaxy::bits(slots) {
            if super::component::has_ships_in(&g.state, p, sl) {
                place_from_reinforcements(g, p, sl);
            }
        }
    }
}

/// Enforced Travel Ban, against: "Destroy each PDS in or adjacent to a system that contains a
/// wormhole" (any kind, printed or a Creuss token; adjacent as printed, wormholes included).
fn enforced_travel_ban_against(g: &mut Ti4Game) {
    let c = g.content.clone();
    let holes = crate::ti4::galaxy::Wormhole::ALL.iter().fold(0u64, |m, &k| m | super::component::wormhole_slots(g, k));
    let area = crate::ti4::galaxy::bits(holes).fold(holes, |m, sl| m | g.galaxy.neighbours(sl));
    for sl in crate::ti4::galaxy::bits(area) {
        for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
            destroy_all(g, &c, Location::Planet(sl, n), UnitType::Pds);
        }
    }
}

/// Homeland Defense Act, against: each player destroys one of their PDS (the first on the board).
fn homeland_defense_act_against(g: &mut Ti4Game) {
    let c = g.content.clone();
    for q in 0..g.state.num_players {
        let p = Player(q);
        let s = &g.state;
        if !s.player(p).in_game {
            continue;
        }
        let found = (0..s.num_systems).find_map(|slot| {
            (0..MAX_PLANETS_PER_SYSTEM as u8)
                .map(|n| Location::Planet(slot, n))
                .find(|&l| s.occupant(l) == Some(p) && s.count_at(l, UnitType::Pds) > 0)
        });
        if let Some(loc) = found {
            crate::ti4::elimination::destroy_units(&c, &mut g.state, loc, UnitType::Pds, 1, None)
                .expect("the destroyed units are at the location");
        }
    }
}
