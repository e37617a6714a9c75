//! The TI4 round loop as a [`Game`]: setup, strategy, action, status and agenda phases, objectives
//! and victory (digest §1-§7; issue 4). [`Ti4Game`] holds the shared content and galaxy, the
//! compact [`State`] and a small `Copy` record of where the round stands ([`Step`] plus
//! [`Flow`]). Compound decisions are split: a tactical action is "activate a system", then one
//! ship (or one transported unit) at a time, "end movement", hit assignments, one ground force
//! landed at a time, one unit produced at a time and "end production"; Diplomacy's system and
//! the command token Warfare removes are decisions of their own.
//!
//! Module map: `setup` (§1), `flow` (§2: strategy, action turns, status, agenda, end),
//! `tactical` (§2.2, §4-§5: activation, movement, space cannon, space combat), `invasion` (§5),
//! `production` (§6), `cards` (§3: the eight strategy cards), `objectives` (§7), `action_cards`
//! (action card deck and component-action cards), `agendas` (agenda deck, votes, outcomes),
//! `notes` (transactions and the generic promissory notes).
//! What is simplified is listed in `docs/RULES.md` ("Round loop").

#[cfg(test)]
mod action_card_tests;
pub mod action_cards;
mod action_ids;
#[cfg(test)]
mod activation_card_tests;
#[cfg(test)]
mod agenda_tests;
pub mod agendas;
mod cards;
#[cfg(test)]
mod combat_card_tests;
pub mod component;
#[cfg(test)]
mod crimson_tests;
pub mod effects;
#[cfg(test)]
mod election_tests;
pub mod engagement;
#[cfg(test)]
mod engagement_tests;
mod errors;
mod exploration;
#[cfg(test)]
mod exploration_tests;
#[cfg(test)]
mod faction_tests;
mod flow;
mod invasion;
#[cfg(test)]
mod invasion_card_tests;
#[cfg(test)]
mod leader_tests;
pub mod leaders;
#[cfg(test)]
mod movement_tests;
pub mod notes;
#[cfg(test)]
mod notes_tests;
#[cfg(test)]
mod objective_tests;
pub mod objectives;
pub mod payment;
#[cfg(test)]
mod payment_tests;
pub mod pending;
#[cfg(test)]
mod perft_tests;
pub mod position;
#[cfg(test)]
mod position_tests;
mod procedures;
pub(crate) mod production;
pub mod redeploy;
#[cfg(test)]
mod rider_tests;
#[cfg(test)]
mod rule_tests;
mod setup;
#[cfg(test)]
mod sleeper_tests;
#[cfg(test)]
mod strategy_card_tests;
mod tactical;
pub mod take_cards;
#[cfg(test)]
mod tech_tests;
#[cfg(test)]
mod tests;
pub mod tokens;
#[cfg(test)]
mod tokens_tests;
#[cfg(test)]
mod turn_card_tests;
#[cfg(test)]
mod unit_text_tests;
#[cfg(test)]
mod vote_card_tests;

pub(crate) use action_cards::discard as discard_action_card;
pub(crate) use action_cards::neighbours;
pub use action_cards::ActionEffect;
pub use agendas::{AgendaEffect, AgendaTable};
pub use errors::{IllegalAction, InvariantError, SetupError};
pub use objectives::{Cond, ObjectiveTable};
pub use procedures::{
    AgendaPhase, Flow, PlayedCard, ProductionRun, StatusScoring, StrategicAction, TacticalAction, Transaction,
};
pub use setup::{GameTables, MapChoice, Ti4Options};
pub use tactical::ShipReach;

use crate::game::{Game, PerPlayer, Turn};
use crate::ti4::combat::HitChoice;
use crate::ti4::content::Content;
use crate::ti4::galaxy::Galaxy;
use crate::ti4::ids::*;
use crate::ti4::state::State;
use crate::ti4::technology::Skip;
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::sync::Arc;

/// A player decision. `Copy`, ordered (the order of `legal_actions`).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Action {
    /// Strategy phase: take this strategy card (0-7).
    Pick(u8),
    /// Action phase: tactical action activating this board slot.
    Activate(u8),
    /// Action phase: strategic action with this strategy card.
    Strategic(u8),
    /// Action phase: pass.
    Pass,
    /// Movement: move one ship of this type from this slot into the active system (it takes
    /// along what its leaving would strand over capacity).
    Move(u8, UnitType),
    /// Movement: transport one fighter or ground force from this slot (its space area or a
    /// planet of yours there) with the ships moved from it.
    Carry(u8, UnitType),
    /// Combat: where the next hit goes.
    Hit(HitChoice),
    /// Space combat: announce a retreat (not announcing is `Done`).
    Retreat,
    /// Space combat: retreat to this board slot.
    RetreatTo(u8),
    /// Invasion: commit one ground force of this type from space to planet `n` of the system.
    Land(u8, UnitType),
    /// Production: queue one unit of this type.
    Produce(UnitType),
    /// Research this technology (Technology card).
    Research(TechId),
    /// Research: meet the technology's prerequisites and pay the way the `k`-th payable
    /// research option does ([`Step::ResearchOption`]: which specialty planets, or which
    /// prerequisite-skipping card, Technology 14).
    PayWith(u8),
    /// Nekro Virus, Propagation: gain 3 command tokens where the Technology card would research.
    Propagate,
    /// Construction: place a structure on this planet.
    Build(PlanetId, UnitType),
    /// Politics: this seat becomes speaker.
    Speaker(u8),
    /// Diplomacy primary: the system (board slot) the other players place a command token in.
    DiplomacySystem(u8),
    /// Warfare primary: remove your command token from this board slot.
    WarfareToken(u8),
    /// Score this public objective.
    ScorePublic(PublicObjectiveId),
    /// Score this secret objective.
    ScoreSecret(SecretObjectiveId),
    /// Return this unscored secret objective from hand to the deck (holding four).
    ReturnSecret(SecretObjectiveId),
    /// Agenda: vote for outcome 0 ("for") or 1 ("against"); the planets that cast the votes
    /// follow ([`Step::CastVotes`]).
    Vote(u8),
    /// Follow a strategy card's secondary.
    Follow,
    /// Action phase: play this action card from hand as a component action, with a
    /// card-specific target (planet, board slot, seat or technology; 0 when none).
    Play(ActionCardId, u8),
    /// Action phase, before the action: offer a transaction to this neighbour seat (0: swap
    /// commodities; `1 + slot`: your promissory note in that slot for their commodities).
    Transact(u8, u8),
    /// Accept the transaction offered.
    Accept,
    /// Command tokens: this many in the tactic pool ([`Step::Tokens`] stage 0) or the fleet pool
    /// (stage 1); at [`Step::BuyTokens`], this many tokens bought; at a [`Step::Pay`] of tokens,
    /// this many spent from the tactic pool (the rest from the strategy pool).
    Tokens(u8),
    /// Place the unit of [`Step::PlaceUnit`] on this planet.
    PlaceOn(PlanetId),
    /// Payment ([`Step::Pay`]): exhaust this planet for its resources.
    Exhaust(PlanetId),
    /// Action phase: perform the component action (rules 23) of this rule source (a faction
    /// ability or a technology) on a target the rule defines ([`component`]).
    Use(crate::ti4::rules::Source, u8),
    /// Take this choice (a number the rule defines) of this rule source's "you may" at
    /// [`Step::Decide`] ([`pending`]).
    Choose(crate::ti4::rules::Source, u16),
    /// Strategy phase, Checks and Balances: give the strategy card just chosen to this seat
    /// ([`Step::GiveCard`]).
    Give(u8),
    /// Decline / stop: end movement, landing, production, scoring; skip an optional step; at
    /// [`Step::Pay`], pay the rest with trade goods.
    Done,
}

/// Why the game ended.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum EndCondition {
    /// A player reached the victory-point target.
    Victory,
    /// The status phase could not reveal a public objective.
    NoObjective,
    /// At most one player is left in the game.
    LastPlayer,
    /// The configured round cap was reached.
    RoundCap,
}

impl EndCondition {
    /// A short snake_case label.
    pub const fn label(self) -> &'static str {
        match self {
            EndCondition::Victory => "victory",
            EndCondition::NoObjective => "no_objective",
            EndCondition::LastPlayer => "last_player",
            EndCondition::RoundCap => "round_cap",
        }
    }
}

/// The point the game waits at: a decision of one player, or chance.
///
/// Every handler of the round loop returns the step that follows it; only the round loop's
/// dispatch (`flow::apply`, `flow::chance`, `flow::advance`) writes it into the game, so a step
/// computed and dropped is a lost transition (hence `must_use`).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[must_use = "a handler's next step is the round loop's transition"]
pub enum Step {
    /// Chance: deal secret objectives and reveal two stage I objectives.
    Deal,
    /// Strategy phase: the player picks a card.
    Pick(Player),
    /// Strategy phase, Checks and Balances in play: the player who chose strategy card `card`
    /// gives it to another player ([`Action::Give`]).
    GiveCard { p: Player, card: u8 },
    /// Action phase: the player chooses an action.
    Turn(Player),
    /// Tactical action: movement decisions.
    Move(Player),
    /// Chance: gravity rift rolls of the moved ships (41.2), then space cannon offense in the
    /// active system.
    SpaceCannon,
    /// A space combat is running (`Flow::space`).
    Space,
    /// Tactical action: landing decisions.
    Land(Player),
    /// Chance: bombardment and space cannon defense against planet `n`.
    InvasionRolls(u8),
    /// A ground combat on planet `n` is running (`Flow::ground`).
    Ground(u8),
    /// Tactical action: production decisions.
    Produce(Player),
    /// Technology card: research, or `Done`; `cost` resources, `second` marks the primary's
    /// second research.
    Research { p: Player, cost: u8, second: bool },
    /// Research of `tech` chosen where more than one research option is payable (Technology
    /// 14: the specialty planets to exhaust, or a prerequisite-skipping card): the player picks
    /// one (`PayWith`). Otherwise as [`Step::Research`].
    ResearchOption { p: Player, cost: u8, second: bool, tech: TechId },
    /// A strategy card's secondary is offered to the player.
    Follow(Player),
    /// Politics: choose the new speaker.
    ChooseSpeaker(Player),
    /// Diplomacy primary: choose the system (`DiplomacySystem`).
    Diplomacy(Player),
    /// Warfare primary: choose the command token to remove from the board (`WarfareToken`).
    Warfare(Player),
    /// Construction: place a structure (`pds_only` for the primary's second one; `secondary`).
    Build { p: Player, pds_only: bool, secondary: bool },
    /// Imperial primary: score a public objective or `Done`.
    Imperial(Player),
    /// Chance: the player draws a secret objective.
    DrawSecret(Player),
    /// The player holds four secret objectives after a draw and returns an unscored one to the
    /// deck (`ReturnSecret`; rules 61: at most three, scored and unscored).
    ReturnSecret(Player),
    /// Research Grant Reallocation: the elected player chooses the technology it gains
    /// (`Research(t)`: `agendas::grant_options`).
    GainTechnology(Player),
    /// An agenda's "may research 1 technology" (Wormhole Research): the player researches one
    /// (`Research(t)`, free: `cards::granted_research_options`) or declines (`Done`).
    AgendaResearch(Player),
    /// Status phase step 1: the player scores.
    Score(Player),
    /// Chance: status phase step 2, reveal a public objective.
    Reveal,
    /// Chance: agenda phase, reveal the next agenda.
    RevealAgenda,
    /// Agenda phase: the player votes for an outcome (`Vote`) or abstains (`Done`).
    Vote(Player),
    /// Agenda phase: the player casts votes for `outcome` (0 for, 1 against) by exhausting
    /// planets one at a time (`Exhaust`, 1 vote per influence) and stops with `Done`
    /// (rules 8; [`agendas::cast_options`]).
    CastVotes { p: Player, outcome: u8 },
    /// Agenda phase: the speaker breaks a tie (`Vote(0)` for, `Vote(1)` against).
    TieBreak(Player),
    /// Chance: resolve the agenda's outcome (some outcomes draw cards or objectives).
    ResolveAgenda,
    /// A transaction is offered to the player (`Accept` or `Done`).
    Offer(Player),
    /// Chance: Politics, the player draws 2 action cards.
    DrawActionCards(Player),
    /// Chance: the active player explores the next planet its invasion gained from no
    /// controller (`TacticalAction::to_explore`; Exploration 35).
    Explore(Player),
    /// Chance: the player draws the action card an exploration card paid for (Functioning
    /// Base).
    ExploreDraw(Player),
    /// Chance: the player gains a relic drawn from the relic deck (relic fragments traded in,
    /// rules 73); the turn then ends.
    DrawRelic(Player),
    /// Chance: the dice of the player's component action (`Flow::component_used`, which
    /// answered `ComponentThen::Roll`) are rolled (hook point `component_roll`); the turn ends.
    ComponentRoll(Player),
    /// Chance: the effect of the component-action card being played (`Flow::played`) draws at
    /// random (Plague's dice, Spy's card, Impersonation's secret objective).
    CardChance,
    /// Command tokens gained (and redistributed, where the rule says so) are placed: `stage` 0
    /// chooses the tactic pool's count, 1 the fleet pool's; the strategy pool holds the rest
    /// ([`tokens`]).
    Tokens { p: Player, stage: u8 },
    /// Leadership: how many tokens to buy at 3 influence each, before `gaining` more are placed.
    BuyTokens { p: Player, gaining: u8 },
    /// The start of the status phase: the player places `unit` from its reinforcements on a
    /// planet it controls (`PlaceOn`; hook point `status_start_placement`).
    PlaceUnit { p: Player, unit: UnitType },
    /// A rule's "you may" is offered to the player (`Flow::pending`): one of its choices
    /// (`Choose`) or `Done` to decline ([`pending`]).
    Decide(Player),
    /// A rule moves the player's ground forces one at a time (`Flow::redeploy`: Transit
    /// Diodes): pick one (`Choose`) or stop (`Done`), then the planet it goes to ([`redeploy`]).
    Redeploy(Player),
    /// A rule has the player take action cards from the discard pile one at a time
    /// (`Flow::take_cards`: The Codex): one (`Choose`) or stop (`Done`) ([`take_cards`]).
    TakeCards(Player),
    /// A resource cost is being paid (`Flow::pay`): the player exhausts planets one at a time
    /// (`Exhaust`) or pays the rest with trade goods (`Done`) ([`payment`]).
    Pay(Player),
    /// The game is over.
    Over(EndCondition),
}

/// Most units a tactical action tracks per type (transit, queued production).
pub type Counts = [u8; UNIT_TYPES];

/// A complete TI4 game. Cloning copies the state and bumps two reference counts.
///
/// Its fields are private to the engine: agents and sim read the game through the query methods
/// ([`Ti4Game::state`], [`Ti4Game::step`], [`Ti4Game::flow`] …) and change it
/// only through [`Game::apply`] and [`Game::apply_chance`] (tests may edit it with the engine's
/// `testing` feature: [`Ti4Game::state_mut`], [`Ti4Game::set_step`], [`Ti4Game::flow_mut`]).
#[derive(Clone)]
pub struct Ti4Game {
    content: Arc<Content>,
    galaxy: Arc<Galaxy>,
    objectives: Arc<ObjectiveTable>,
    /// Per action card: its implemented effect (built once at setup).
    action_effects: Arc<[Option<ActionEffect>]>,
    /// The agenda effects (built once at setup).
    agendas: Arc<AgendaTable>,
    /// The generic promissory notes with effects.
    notes: notes::NoteSlots,
    opts: Ti4Options,
    /// The components.
    pub(crate) state: State,
    /// Home-system slot per seat.
    pub(crate) home_slot: [u8; MAX_PLAYERS],
    /// The planets of every seat's home system (fixed at setup; [`objectives::home_planets`]).
    home_planets: PlanetSet,
    /// The current decision or chance point.
    pub(crate) step: Step,
    /// Round bookkeeping.
    pub(crate) flow: Flow,
    /// Decisions applied so far (for statistics).
    pub(crate) decisions: u32,
    /// Technologies researched so far in the game (the length of the research log).
    pub(crate) researched: u16,
    /// Victory points agendas have given (Mutiny, Seed of an Empire), for the bonus-point
    /// invariant.
    pub(crate) agenda_points: u16,
    /// Rule effects counted for statistics ([`effects`]).
    pub(crate) effects: effects::EffectCounts,
    /// Exploration cards drawn so far, per card (statistics: `sim`'s tally channel).
    pub(crate) explorations: [u16; crate::ti4::content::MAX_EXPLORATION],
    /// The first [`RESEARCH_LOG`] researches: seat, technology, round, prerequisite skip used
    /// (`Skip as u8`).
    research_log: [(u8, u8, u8, u8); RESEARCH_LOG],
    /// Agendas resolved so far (the length of the agenda log).
    pub(crate) agendas_resolved: u16,
    /// The first [`AGENDA_LOG`] agendas resolved: agenda, outcome, round.
    agenda_log: [(u8, u8, u8); AGENDA_LOG],
}

/// Agendas a game records in order ([`Ti4Game::agenda_log`]; two per round); later ones are
/// only counted.
pub const AGENDA_LOG: usize = 64;

/// One agenda resolved ([`Ti4Game::agenda_log`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct AgendaRecord {
    /// The agenda.
    pub agenda: AgendaId,
    /// Its outcome (`AgendaPhase::outcome`; for an "Elect Law" agenda, the elected law's
    /// agenda id).
    pub outcome: u8,
    /// What was voted on (for the outcome's meaning).
    pub electing: agendas::Electing,
    /// The round.
    pub round: u8,
}

/// Researches a game records in order ([`Ti4Game::research_log`]); later ones are only counted.
pub const RESEARCH_LOG: usize = 256;

/// One research, for records.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct ResearchRecord {
    /// The researching seat.
    pub seat: Player,
    /// The technology.
    pub tech: TechId,
    /// The game round.
    pub round: u8,
    /// The prerequisite skip used (`Skip::None` for most).
    pub skip: Skip,
}

impl PartialEq for Ti4Game {
    fn eq(&self, o: &Self) -> bool {
        Arc::ptr_eq(&self.content, &o.content)
            && Arc::ptr_eq(&self.galaxy, &o.galaxy)
            && self.opts == o.opts
            && self.state == o.state
            && self.home_slot == o.home_slot
            && self.step == o.step
            && self.flow == o.flow
    }
}

impl fmt::Debug for Ti4Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Ti4Game {{ round {}, step {:?} }}", self.state.round, self.step)
    }
}

/// What one player sees: the game with other players' unscored secret objectives and action
/// cards and the face-down public objectives put back in their decks, and how many of each were
/// hidden.
#[derive(Clone, PartialEq, Debug)]
pub struct Ti4Observation {
    /// The game with the hidden cards put back.
    pub game: Ti4Game,
    /// Per seat: unscored secret objectives in hand (0 for the observer).
    pub hidden_secrets: [u8; MAX_PLAYERS],
    /// Per seat: action cards in hand (0 for the observer), put back in the deck.
    pub hidden_action_cards: [u8; MAX_PLAYERS],
    /// Face-down public objectives per stage.
    pub unrevealed: [u8; 2],
}

/// Per-player features for heuristic evaluation ([`Ti4Game::heuristic_features`]).
#[derive(Clone, Copy, PartialEq, Debug, Default)]
pub struct Features {
    /// Victory points.
    pub victory_points: f64,
    /// Planets controlled.
    pub planets: f64,
    /// Resources of controlled planets.
    pub resources: f64,
    /// Influence of controlled planets.
    pub influence: f64,
    /// Technologies owned.
    pub technologies: f64,
    /// Fleet strength: sum of ship costs on the board.
    pub fleet: f64,
}

/// The phase of the round a [`Step`] belongs to (digest §2).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum RoundPhase {
    /// Setup: the deal before the first round.
    Setup,
    /// Strategy phase.
    Strategy,
    /// Action phase (tactical and strategic actions with everything they ask).
    Action,
    /// Status phase.
    Status,
    /// Agenda phase.
    Agenda,
    /// The game is over.
    Over,
}

impl Ti4Game {
    /// True when `other` is the same position of the same game: the same content, board and
    /// options, and every field of the state, the bookkeeping and the records equal (so that
    /// anything computed from one holds for the other; an evaluator may reuse a value).
    pub fn same_position(&self, other: &Ti4Game) -> bool {
        let Ti4Game {
            content,
            galaxy,
            objectives,
            action_effects,
            agendas,
            notes,
            opts,
            state,
            home_slot,
            home_planets,
            step,
            flow,
            decisions,
            researched,
            agenda_points,
            effects,
            explorations,
            research_log,
            agendas_resolved,
            agenda_log,
        } = self;
        Arc::ptr_eq(content, &other.content)
            && Arc::ptr_eq(galaxy, &other.galaxy)
            && Arc::ptr_eq(objectives, &other.objectives)
            && Arc::ptr_eq(action_effects, &other.action_effects)
            && Arc::ptr_eq(agendas, &other.agendas)
            && *decisions == other.decisions
            && *step == other.step
            && *flow == other.flow
            && *state == other.state
            && *notes == other.notes
            && *opts == other.opts
            && *home_slot == other.home_slot
            && *home_planets == other.home_planets
            && *researched == other.researched
            && *agenda_points == other.agenda_points
            && *effects == other.effects
            && *explorations == other.explorations
            && *research_log == other.research_log
            && *agendas_resolved == other.agendas_resolved
            && *agenda_log == other.agenda_log
    }

    /// The components: board, pools, cards, players.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The point the game waits at.
    pub fn step(&self) -> Step {
        self.step
    }

    /// The round's bookkeeping and the procedure under way.
    pub fn flow(&self) -> &Flow {
        &self.flow
    }

    /// The home-system slot of every seat.
    pub fn home_slot(&self) -> &[u8; MAX_PLAYERS] {
        &self.home_slot
    }

    /// Decisions applied so far.
    pub fn decisions(&self) -> u32 {
        self.decisions
    }

    /// Technologies researched so far in the game.
    pub fn researched(&self) -> u16 {
        self.researched
    }

    /// Victory points agendas have given so far.
    pub fn agenda_points(&self) -> u16 {
        self.agenda_points
    }

    /// Test support (feature `testing`): the components, to edit a position by hand. The
    /// invariants are the caller's to keep ([`Ti4Game::check_invariants`]).
    #[cfg(any(test, feature = "testing"))]
    pub fn state_mut(&mut self) -> &mut State {
        &mut self.state
    }

    /// Test support (feature `testing`): sets the step the game waits at.
    #[cfg(any(test, feature = "testing"))]
    pub fn set_step(&mut self, step: Step) {
        self.step = step;
    }

    /// Test support (feature `testing`): the round's bookkeeping, to edit by hand.
    #[cfg(any(test, feature = "testing"))]
    pub fn flow_mut(&mut self) -> &mut Flow {
        &mut self.flow
    }
}

impl Ti4Game {
    /// The phase of the round the game is in (planets exhausted in the action phase stay so
    /// until status phase step 7; the agenda phase readies them again at its end).
    pub fn phase(&self) -> RoundPhase {
        match self.step {
            Step::Deal => RoundPhase::Setup,
            Step::Pick(_) | Step::GiveCard { .. } => RoundPhase::Strategy,
            Step::Score(_) | Step::Reveal | Step::PlaceUnit { .. } => RoundPhase::Status,
            Step::Tokens { .. } if self.flow.tokens.then == tokens::TokensThen::Status => RoundPhase::Status,
            Step::RevealAgenda | Step::Vote(_) | Step::CastVotes { .. } | Step::TieBreak(_) | Step::ResolveAgenda => {
                RoundPhase::Agenda
            }
            Step::Over(_) => RoundPhase::Over,
            _ => RoundPhase::Action,
        }
    }
    /// The content.
    pub fn content(&self) -> &Content {
        &self.content
    }
    /// The content beside the state, for a rule that changes the state through the content's
    /// tables (technology gains, Valefar tokens).
    pub(crate) fn content_and_state(&mut self) -> (&Content, &mut State) {
        (&self.content, &mut self.state)
    }
    /// At a combat-end window (`SpaceCombatEnd`, `GroundCombatEnd`): `p`'s opponent in the
    /// combat that just ended, if `p` fought in it and it destroyed at least one of the
    /// opponent's units.
    pub fn combat_opponent_with_losses(&self, p: Player) -> Option<Player> {
        let (a, d) = (self.flow.turn, self.flow.tactical.defender);
        let q = if p == a {
            d
        } else if p == d {
            a
        } else {
            return None;
        };
        (q != p && self.flow.tactical.combat_losses & (1 << q.0) != 0).then_some(q)
    }
    /// The objectives the round loop evaluates (parsed once per game from
    /// `engine/data/objectives.json`; agents read this table instead of parsing their own).
    pub fn objective_table(&self) -> &ObjectiveTable {
        &self.objectives
    }
    /// The galaxy.
    pub fn galaxy(&self) -> &Galaxy {
        &self.galaxy
    }
    /// The options.
    pub fn options(&self) -> &Ti4Options {
        &self.opts
    }
    /// Why the game ended, once over.
    pub fn end_condition(&self) -> Option<EndCondition> {
        match self.step {
            Step::Over(e) => Some(e),
            _ => None,
        }
    }
    /// Technologies researched so far, in order (at most [`RESEARCH_LOG`]).
    pub fn research_log(&self) -> impl Iterator<Item = ResearchRecord> + '_ {
        self.research_log[..(self.researched as usize).min(RESEARCH_LOG)].iter().map(|&(p, t, r, k)| ResearchRecord {
            seat: Player(p),
            tech: TechId(t),
            round: r,
            skip: Skip::from_index(k).unwrap_or(Skip::None),
        })
    }
    /// Agendas resolved so far, in order (at most [`AGENDA_LOG`]).
    pub fn agenda_log(&self) -> impl Iterator<Item = AgendaRecord> + '_ {
        self.agenda_log[..(self.agendas_resolved as usize).min(AGENDA_LOG)].iter().map(|&(a, o, r)| AgendaRecord {
            agenda: AgendaId(a),
            outcome: o,
            electing: agendas::electing(self, a),
            round: r,
        })
    }
    /// Records an agenda's outcome.
    pub(crate) fn log_agenda(&mut self, a: u8, outcome: u8) {
        if (self.agendas_resolved as usize) < AGENDA_LOG {
            self.agenda_log[self.agendas_resolved as usize] = (a, outcome, self.state.round);
        }
        self.agendas_resolved += 1;
    }
    /// Records a research.
    fn log_research(&mut self, p: Player, t: TechId, skip: Skip) {
        if (self.researched as usize) < RESEARCH_LOG {
            self.research_log[self.researched as usize] = (p.0, t.0, self.state.round, skip as u8);
        }
        self.researched += 1;
    }
    /// Eliminated seats in elimination order, with their standings (round, by whom, points).
    pub fn eliminations(&self) -> Vec<(Player, crate::ti4::components::Standing)> {
        let mut out: Vec<_> = self
            .state
            .seats()
            .filter(|&p| !self.state.player(p).in_game)
            .map(|p| (p, self.state.player(p).standing))
            .collect();
        out.sort_by_key(|(_, st)| st.order);
        out
    }
    /// Applies `a` when it is one of the legal actions where the game waits, else returns why
    /// not and changes nothing. It lists the legal actions (allocating): for actions that come
    /// from outside (files, the console, tests); search and play apply actions taken from
    /// `legal_actions` with [`Game::apply`].
    pub fn try_apply(&mut self, a: Action) -> Result<(), IllegalAction> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if !legal.contains(&a) {
            return Err(IllegalAction { step: self.step, action: a });
        }
        self.apply(a);
        Ok(())
    }

    /// The round loop's invariants (for tests and `--check-invariants` runs; not for the hot
    /// path): conservation of every component (`elimination::conservation::check`); fleet pool
    /// and capacity in every space area; an eliminated player is never to move; nobody in the
    /// game is at the victory-point target unless the game is over; nobody holds more than three
    /// secret objectives (four while returning one, rules 61); no units stand where a rule
    /// destroys units on arrival (SUNDERED); bonus points come only from the custodians and
    /// Imperial (at most one per round plus one) and agendas.
    pub fn check_invariants(&self) -> Result<(), InvariantError> {
        let (c, s) = (&*self.content, &self.state);
        crate::ti4::elimination::conservation::check(c, s).map_err(InvariantError::Conservation)?;
        let to_move = match flow::current(self) {
            Turn::Player(q) => Some(q),
            _ => None,
        };
        payment::check(self).map_err(InvariantError::Payment)?;
        agendas::check(self).map_err(InvariantError::Vote)?;
        let target = self.opts.victory_points as u32;
        for p in s.seats() {
            let ps = s.player(p);
            if !ps.in_game {
                if to_move == Some(p.idx()) {
                    return Err(InvariantError::EliminatedToMove(p));
                }
                continue;
            }
            let held = flow::secrets_held(self, p);
            // Returning: one drawn beyond the limit, or two after Search Warrant's draws; the game
            // may also end (victory) before the player returned them.
            let over = match self.step {
                Step::Over(_) => 2,
                Step::ReturnSecret(q) if q == p && self.flow.agenda_phase.returning => 2,
                Step::ReturnSecret(q) if q == p => 1,
                _ => 0,
            };
            if held > flow::secret_limit(self, p) + over {
                return Err(InvariantError::TooManySecrets { player: p, held });
            }
            if self.victory_points(p) >= target && self.end_condition().is_none() {
                return Err(InvariantError::VictoryIgnored { player: p, points: self.victory_points(p) });
            }
            for slot in 0..s.num_systems {
                if s.systems[slot as usize].space.owner == p.0 {
                    if tactical::non_fighter_ships(s, slot) > crate::ti4::rules::fleet_limit(c, s, p) {
                        return Err(InvariantError::FleetPool { player: p, slot });
                    }
                    let (cap, load) = tactical::space_load(c, s, slot);
                    if load > cap {
                        return Err(InvariantError::Capacity { player: p, slot, load, capacity: cap });
                    }
                }
            }
        }
        // No units stand where a rule destroys them on arrival (hook point `units_placed`).
        for slot in 0..s.num_systems {
            let sys = &s.systems[slot as usize];
            let owners = std::iter::once(sys.space.owner).chain(sys.planets.iter().map(|a| a.owner));
            for o in owners.filter(|&o| o != crate::ti4::state::NOBODY) {
                if crate::ti4::rules::units_placed_destroyed(c, s, Player(o), sys.tile) {
                    return Err(InvariantError::DestroyedOnArrival { player: o, slot });
                }
            }
        }
        let bonus: u32 = s.seats().map(|p| s.player(p).bonus_vp as u32).sum();
        if bonus > s.round as u32 + 1 + self.agenda_points as u32 {
            return Err(InvariantError::BonusPoints { bonus, round: s.round });
        }
        Ok(())
    }

    /// Puts `n` units of `p` into `loc` through [`crate::ti4::placement::place_units`] (every
    /// placement of the round loop goes through here, so rules on placed units apply).
    pub(crate) fn place_units(
        &mut self,
        p: Player,
        loc: crate::ti4::state::Location,
        t: UnitType,
        n: u8,
    ) -> Result<crate::ti4::placement::Placement, crate::ti4::state::UnitError> {
        let placed = crate::ti4::placement::place_units(&self.content, &mut self.state, p, loc, t, n);
        if placed == Ok(crate::ti4::placement::Placement::Destroyed) {
            self.effects.add(p, effects::Effect::DestroyedEntering, n as u16);
        }
        placed
    }

    /// Counts a rule effect of `p` for statistics ([`effects`]).
    pub(crate) fn note_effect(&mut self, p: Player, e: effects::Effect, n: u16) {
        self.effects.add(p, e, n);
    }

    /// Exploration cards drawn so far in this game, per card (index [`ExplorationId`]).
    pub fn explorations(&self) -> &[u16; crate::ti4::content::MAX_EXPLORATION] {
        &self.explorations
    }

    /// The rule effects counted so far ([`effects`]).
    pub fn effects(&self) -> &effects::EffectCounts {
        &self.effects
    }

    /// Destroys `n` units of type `t` at `loc` through [`crate::ti4::elimination::destroy_units`]
    /// (their owner may be eliminated; `by` is recorded as the eliminator).
    pub(crate) fn destroy_units(
        &mut self,
        loc: crate::ti4::state::Location,
        t: UnitType,
        n: u8,
        by: Option<Player>,
    ) -> Result<(Player, bool), crate::ti4::state::UnitError> {
        crate::ti4::elimination::destroy_units(&self.content, &mut self.state, loc, t, n, by)
    }

    /// Rules 21.2: `p` replenishes its commodities (to its faction's commodity value); a Trade
    /// Agreement another player holds then gives them as trade goods (the note's text).
    pub fn replenish_commodities(&mut self, p: Player) {
        let f = self.state.player(p).faction;
        self.state.player_mut(p).commodities = self.content.factions[f.idx()].commodities;
        notes::on_replenish(self, p);
        crate::ti4::rules::commodities_replenished(self, p);
    }

    /// Victory points of a seat: objectives, bonus points, and Support for the Throne notes in
    /// their play area.
    pub fn victory_points(&self, p: Player) -> u32 {
        crate::ti4::components::victory_points(&self.content, &self.state, p) + notes::throne_points(self, p)
    }
    /// [`Ti4Game::victory_points`] of every seat, in one pass over the objectives.
    pub fn all_victory_points(&self) -> [u32; MAX_PLAYERS] {
        let mut vp = crate::ti4::components::all_victory_points(&self.content, &self.state);
        if self.notes.support_for_the_throne.is_some() {
            let throne = notes::all_throne_points(self);
            for p in self.state.seats() {
                vp[p.idx()] += throne[p.idx()];
            }
        }
        vp
    }
    /// Heuristic features of a seat (for agents' evaluators).
    pub fn heuristic_features(&self, p: Player) -> Features {
        let (c, s) = (&*self.content, &self.state);
        let ps = s.player(p);
        if !ps.in_game {
            return Features { victory_points: self.victory_points(p) as f64, ..Features::default() };
        }
        let techs = crate::ti4::technology::valefar::effective_techs(c, s, p);
        let mut fleet = 0.0;
        for t in UnitType::ALL.into_iter().filter(|t| t.idx() >= UnitType::Fighter.idx()) {
            if let Some(u) = c.effective_unit(ps.faction, t, techs) {
                let d = &c.units[u.idx()];
                let cost = d.cost.unwrap_or(0) as f64 / d.units_per_cost.max(1) as f64;
                fleet += cost * ps.on_board[t.idx()] as f64;
            }
        }
        Features {
            victory_points: self.victory_points(p) as f64,
            planets: ps.planets.len() as f64,
            resources: ps.planets.iter().map(|pl| s.resources_of(c, pl) as f64).sum(),
            influence: ps.planets.iter().map(|pl| s.influence_of(c, pl) as f64).sum(),
            technologies: ps.techs.len() as f64,
            fleet,
        }
    }

    /// Finishing order: players in the game by victory points, then initiative order (earliest
    /// first, the digest's tie-break), then seat; eliminated players after them, the later
    /// eliminated first.
    fn order(&self) -> [Player; MAX_PLAYERS] {
        let s = &self.state;
        let mut init = [Player(0); MAX_PLAYERS];
        let k = crate::ti4::elimination::initiative_order(s, &mut init);
        let mut keys = [(0u32, 0u32, 0u8); MAX_PLAYERS];
        let n = s.num_players as usize;
        for (i, key) in keys.iter_mut().enumerate().take(n) {
            let p = Player(i as u8);
            let ps = s.player(p);
            let vp = self.victory_points(p);
            *key = if ps.in_game {
                let pos = init[..k].iter().position(|&q| q == p).unwrap_or(k) as u32;
                (1000 - vp, pos, i as u8)
            } else {
                (10_000 - ps.standing.order as u32, 0, i as u8)
            };
        }
        keys[..n].sort_unstable();
        let mut out = [Player(0); MAX_PLAYERS];
        for (i, k) in keys[..n].iter().enumerate() {
            out[i] = Player(k.2);
        }
        out
    }
}

impl Game for Ti4Game {
    type Action = Action;
    type Observation = Ti4Observation;
    const HIDDEN_INFORMATION: bool = true;
    const CHANCE: bool = true;

    fn num_players(&self) -> usize {
        self.state.num_players as usize
    }

    fn current(&self) -> Turn {
        flow::current(self)
    }

    fn legal_actions(&self, buf: &mut Vec<Action>) {
        buf.clear();
        flow::legal(self, buf);
        buf.sort_unstable();
        buf.dedup();
    }

    /// Panics on an action of a kind the current step does not take ([`IllegalAction`]'s
    /// text); [`Ti4Game::try_apply`] checks the whole legal list and returns the error instead.
    fn apply(&mut self, action: Action) {
        self.decisions += 1;
        flow::apply(self, action);
        flow::advance(self);
    }

    fn apply_chance(&mut self, rng: &mut ChaCha8Rng) {
        flow::chance(self, rng);
        flow::advance(self);
    }

    fn returns(&self) -> PerPlayer<f64> {
        let n = self.num_players();
        let mut r = PerPlayer::filled(n, 0.0);
        if self.end_condition().is_some() {
            let rank = self.ranking();
            for p in 0..n {
                r[p] = 1.0 - rank[p] as f64 / (n.max(2) - 1) as f64;
            }
        }
        r
    }

    fn utility_range(&self) -> (f64, f64) {
        (0.0, 1.0)
    }

    fn ranking(&self) -> PerPlayer<u8> {
        let n = self.num_players();
        let order = self.order();
        let mut r = PerPlayer::filled(n, 0u8);
        for (place, p) in order[..n].iter().enumerate() {
            r[p.idx()] = place as u8;
        }
        r
    }

    fn observation(&self, player: usize) -> Ti4Observation {
        flow::observe(self, Player(player as u8))
    }

    fn determinize(&self, observer: usize, rng: &mut ChaCha8Rng) -> Self {
        flow::determinize(self, Player(observer as u8), rng)
    }

    fn action_to_string(&self, a: Action) -> String {
        let c = &*self.content;
        match a {
            Action::Pick(k) => format!("pick {}", crate::ti4::components::StrategyCard(k).name()),
            Action::Strategic(k) => format!("strategic {}", crate::ti4::components::StrategyCard(k).name()),
            Action::Activate(sl) => format!("activate {}", c.systems[self.galaxy.tile(sl).idx()].key),
            Action::Move(sl, t) => format!("move {} from {}", t.name(), c.systems[self.galaxy.tile(sl).idx()].key),
            Action::Carry(sl, t) => format!("carry {} from {}", t.name(), c.systems[self.galaxy.tile(sl).idx()].key),
            Action::Research(t) => format!("research {}", c.tech_def(t).key),
            Action::PayWith(k) => match cards::research_option_of(self, k) {
                Some(o) => {
                    let planets: Vec<&str> = o.exhaust().iter().map(|pl| c.planets[pl.idx()].key.as_str()).collect();
                    let skip = match (o.skip.card(c), o.skip.key(c)) {
                        (Some(t), _) => format!(", exhausting {}", c.tech_def(t).key),
                        (None, Some(k)) => format!(", returning a captured unit ({k})"),
                        (None, None) => String::new(),
                    };
                    format!("research exhausting [{}]{skip}", planets.join(", "))
                }
                None => format!("research option {k}"),
            },
            Action::Build(pl, t) => format!("build {} on {}", t.name(), c.planets[pl.idx()].key),
            Action::ScorePublic(o) => format!("score {}", c.cards.public_objectives[o.idx()].key),
            Action::ScoreSecret(o) => format!("score {}", c.cards.secret_objectives[o.idx()].key),
            Action::ReturnSecret(o) => format!("return {} to the deck", c.cards.secret_objectives[o.idx()].key),
            Action::Land(n, t) => format!("land {} on planet {n}", t.name()),
            Action::Produce(t) => format!("produce {}", t.name()),
            Action::Speaker(p) => format!("speaker {p}"),
            Action::Give(p) => format!("give card to {p}"),
            Action::DiplomacySystem(sl) => format!("diplomacy in {}", c.systems[self.galaxy.tile(sl).idx()].key),
            Action::WarfareToken(sl) => {
                format!("warfare: remove the token from {}", c.systems[self.galaxy.tile(sl).idx()].key)
            }
            Action::Vote(o) => format!("vote {}", if o == 0 { "for" } else { "against" }),
            Action::Hit(h) => format!("hit {h:?}"),
            Action::Retreat => "announce retreat".into(),
            Action::RetreatTo(sl) => format!("retreat to {}", c.systems[self.galaxy.tile(sl).idx()].key),
            Action::Pass => "pass".into(),
            Action::Propagate => "propagate".into(),
            Action::Follow => "follow".into(),
            Action::Play(k, t) => format!("play {} ({t})", c.cards.action_cards[k.idx()].key),
            Action::Transact(q, 0) => format!("offer seat {q} a commodity swap"),
            Action::Transact(q, k) => format!("offer seat {q} promissory note slot {} for commodities", k - 1),
            Action::Accept => "accept".into(),
            Action::Tokens(k) => match self.step {
                Step::Tokens { stage: 0, .. } => format!("{k} tokens in the tactic pool"),
                Step::Tokens { .. } => format!("{k} tokens in the fleet pool"),
                Step::Pay(_) => format!("spend {k} tactic-pool tokens, the rest from the strategy pool"),
                _ => format!("buy {k} command tokens"),
            },
            Action::Exhaust(pl) => match self.step {
                Step::CastVotes { .. } => format!("exhaust {} to vote", c.planets[pl.idx()].key),
                _ => format!("exhaust {} to pay", c.planets[pl.idx()].key),
            },
            Action::PlaceOn(pl) => format!("place on {}", c.planets[pl.idx()].key),
            Action::Use(src, t) => format!("use {} ({t})", c.rules.key(src).map_or("?", |k| k.id())),
            Action::Choose(src, k) => format!("choose {} ({k})", c.rules.key(src).map_or("?", |k| k.id())),
            Action::Done => "done".into(),
        }
    }

    /// A safety bound, not a proof: [`MAX_GAME_LENGTH`] steps (uniform random 6-player games
    /// take about 870 decisions; the runner's old fixed step limit was the same number).
    fn max_game_length(&self) -> u64 {
        MAX_GAME_LENGTH
    }

    /// The round and step, then one line per seat: faction, victory points, planets,
    /// technologies, and when it was eliminated.
    fn render(&self) -> String {
        let c = self.content();
        let mut s = format!("round {}, {:?}\n", self.state.round, self.step);
        for p in self.state.seats() {
            let ps = self.state.player(p);
            let status =
                if ps.in_game { String::new() } else { format!(" (eliminated in round {})", ps.standing.round) };
            s += &format!(
                "seat {} {}: {} VP, {} planets, {} technologies{status}\n",
                p.idx(),
                c.factions[ps.faction.idx()].key,
                self.victory_points(p),
                ps.planets.len(),
                ps.techs.len()
            );
        }
        s
    }
}

/// Steps after which a TI4 game is treated as broken (see [`Game::max_game_length`]).
pub const MAX_GAME_LENGTH: u64 = 10_000_000;
