//! The state the round loop keeps beyond the [`Step`]: [`Flow`] holds the phase bookkeeping
//! (strategy picks, passes, the turn, the custodians, the pending decisions, payments and token
//! placements under way, the end) and one small struct per procedure that can be under way: a
//! tactical action, a production, a strategic action, the status phase's scoring, the agenda
//! phase's vote, the turn's transactions. Every field is `Copy`, so cloning a game copies it.

use super::{agendas, payment, pending, tokens, Counts, EndCondition};
use crate::ti4::combat::{GroundCombat, SpaceCombat};
use crate::ti4::ids::*;

/// Where the round stands beyond the [`Step`]: the phase bookkeeping, and the state of each
/// procedure that can be under way (its own small struct). `Copy`.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct Flow {
    /// Strategy phase: picks made.
    pub picks: u8,
    /// Action phase: players who passed (bit per seat).
    pub passed: u8,
    /// The player whose action-phase turn it is.
    pub turn: Player,
    /// That player's initiative when the turn began ([`crate::ti4::elimination::initiative_key`]),
    /// so that the next turn follows it even when the player was eliminated during it.
    pub turn_initiative: u8,
    /// The custodians token is still on Mecatol Rex.
    pub custodians: bool,
    /// The tactical action.
    pub tactical: TacticalAction,
    /// The production.
    pub production: ProductionRun,
    /// The strategic action.
    pub strategic: StrategicAction,
    /// Status phase scoring.
    pub status: StatusScoring,
    /// The agenda phase.
    pub agenda_phase: AgendaPhase,
    /// The transactions of the turn.
    pub transaction: Transaction,
    /// Fleet Logistics: 0, or 1 while the second tactical action of the turn is offered
    /// (`Activate` or `Done` at `Step::Turn`), 2 while it runs.
    pub logistics: u8,
    /// Command tokens being placed ([`Step::Tokens`]).
    pub tokens: tokens::TokenPlan,
    /// The payment under way ([`Step::Pay`]).
    #[serde(default)]
    pub pay: payment::PayState,
    /// The "you may" decisions pending at a window of the rules ([`Step::Decide`]).
    #[serde(default)]
    pub pending: pending::Pending,
    /// The player choosing a strategy card and the card, while window `StrategyCardChosen` is
    /// open (before the card is taken).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choosing: Option<(Player, u8)>,
    /// The strategy card the player choosing may not choose (Public Disgrace), until they
    /// choose another.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub disgraced: Option<u8>,
    /// Seats (bit per seat) that kept their strategy cards at the status phase (Political
    /// Stability): they choose none in the next strategy phase (cleared at its end).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stability: u8,
    /// Agenda effects "at the start of the next strategy phase" (bits of
    /// [`agendas::Deferred`]), applied and cleared as it starts.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_strategy_phase: u8,
    /// The seats (bit per seat) a deferred effect of `next_strategy_phase` applies to
    /// (Representative Government "against": the "against" voters).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub next_strategy_seats: u8,
    /// The active player performs an additional action this turn (Master Plan, played at
    /// window `TurnEnd`): the turn does not pass on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub extra_action: bool,
    /// The component action of a rule (its source and target) that was the active player's
    /// action this turn, until the turn ends (read at window `TurnEnd`: "after you use ...").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component_used: Option<(crate::ti4::rules::Source, u8)>,
    /// The component-action card being played, between its play and its effect (window
    /// `ActionCardPlayed`: Sabotage) or after it (window `ActionCardDiscarded`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub played: Option<PlayedCard>,
    /// Ground forces being moved by a rule (Transit Diodes, [`Step::Redeploy`](super::Step)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redeploy: Option<super::redeploy::Redeploy>,
    /// Action cards being taken from the discard pile by a rule (The Codex,
    /// [`Step::TakeCards`](super::Step)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub take_cards: Option<super::take_cards::TakeCards>,
    /// The player who last reached the VP target (for the end).
    pub end: Option<EndCondition>,
}

/// The tactical action under way (rules 89; digest §2.2): the active system, the units in
/// transit, the combats, and what the action has done so far.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct TacticalAction {
    /// Active system slot of the tactical action.
    pub active: u8,
    /// Ships and transported units moving into the active system (off the board meanwhile).
    pub transit: Counts,
    /// Damaged units among `transit`.
    pub transit_damaged: Counts,
    /// Ships among `transit` that moved out of or through a gravity rift and roll for it.
    pub rift: Counts,
    /// The once-per-tactical-action move bonus (hook point `move_bonus_once`) has been applied
    /// to a ship.
    pub move_bonus_used: bool,
    /// Slots ships moved from (transport may pick up there).
    pub moved_from: u64,
    /// Capacity of the moving ships, and units transported.
    pub capacity: u8,
    /// Units transported.
    pub carried: u8,
    /// Ground forces committed to enemy planets, per planet `[infantry, mech]`.
    pub committed: [[u8; 2]; 3],
    /// PDS a rule placed onto planets of the active system where another player has ground
    /// forces (Awaken, with Coalescence: hook point `placed_units_fight`), per planet: they are
    /// not committed, and fight the ground combat of the invasion step there (held off the
    /// board, in reinforcements, until it ends, as committed units are).
    #[serde(default, skip_serializing_if = "no_hits3")]
    pub placed_to_fight: [u8; 3],
    /// Planets of the active system (bit per planet index) where a rule placed a unit after
    /// the activation (`invasion::place_by_rule`: Awaken's PDS), during this tactical action.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub placed_by_rule: u8,
    /// The planet (index in the active system) whose exploration just resolved, while window
    /// `AfterExploring` is open.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_explored: Option<u8>,
    /// The ground combat (its planet's index in the active system, and the round) for which
    /// window `GroundCombatRoundStart` was last opened, so that each round opens it once.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_start_opened: Option<(u8, u8)>,
    /// Planets of the active system (bit per planet index) the active player gained control of
    /// during this tactical action (rules 49.7; window `TacticalActionEnd` asks about them).
    pub gained: u8,
    /// Ceasefire was played against this tactical action: no movement into the active system.
    pub ceasefire: bool,
    /// The other side of the running combat.
    pub defender: Player,
    /// Seats (bit per seat) whose units the combat that just ended destroyed; set when a space or
    /// ground combat ends, read at windows `SpaceCombatEnd` and `GroundCombatEnd`.
    pub combat_losses: u8,
    /// Hits produced against each side (attacker, defender) at the start of the space combat
    /// about to be fought (window `SpaceCombatStart`), assigned first by that side
    /// (`combat::CombatStart::hits`).
    #[serde(default, skip_serializing_if = "no_hits")]
    pub opening_hits: [u8; 2],
    /// Sides (attacker, defender) whose misses in the first combat roll of the space combat
    /// about to be fought are re-rolled (window `SpaceCombatStart`: Munitions Reserves;
    /// `SpaceCombat::set_reroll`).
    #[serde(default, skip_serializing_if = "no_rerolls")]
    pub reroll: [bool; 2],
    /// Sides (attacker, defender) whose first combat roll of the space combat about to be
    /// fought has +1 on each die (window `SpaceCombatStart`: Morale Boost;
    /// `SpaceCombat::set_boost`).
    #[serde(default, skip_serializing_if = "no_rerolls")]
    pub boost: [bool; 2],
    /// Sides (attacker, defender) whose fighters' first combat roll of the space combat about
    /// to be fought has +2 on each die (window `SpaceCombatStart`: Fighter Prototype;
    /// `SpaceCombat::set_fighter_boost`).
    #[serde(default, skip_serializing_if = "no_rerolls")]
    pub fighter_boost: [bool; 2],
    /// Sides (attacker, defender) whose anti-fighter barrage in the space combat about to be
    /// fought hits all of the opponent's ships (window `SpaceCombatStart`: Waylay).
    #[serde(default, skip_serializing_if = "no_rerolls")]
    pub barrage_all_ships: [bool; 2],
    /// Sides (attacker, defender) that must announce a retreat in the first round of the space
    /// combat about to be fought, if able (window `SpaceCombatStart`: Rout).
    #[serde(default, skip_serializing_if = "no_rerolls")]
    pub routed: [bool; 2],
    /// Per side (attacker, defender), unit types one of whose ships rolls 1 additional die in
    /// the first combat roll of the space combat about to be fought (window `SpaceCombatStart`:
    /// Viscount Unlenn; `SpaceCombat::add_round_die`).
    #[serde(default, skip_serializing_if = "zero_pair")]
    pub extra_die: [u16; 2],
    /// The winner of this tactical action's space combat once it is over (rules 78.10: the side
    /// with ships left; `None` before it, with no combat, or with no winner), read at window
    /// `SpaceCombatEnd` (Salvage).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub space_winner: Option<Player>,
    /// The ship types (bit per type, either side) destroyed in this tactical action's space
    /// combat once it is over, read at window `SpaceCombatEnd` (Salvage Operations).
    #[serde(default, skip_serializing_if = "is_zero16")]
    pub space_destroyed: u16,
    /// The ship types (bit per type) each side, `[attacker, defender]`, lost in this tactical
    /// action's space combat once it is over, read at window `SpaceCombatEnd` (Subatomic
    /// Splicer).
    #[serde(default, skip_serializing_if = "zero_pair")]
    pub space_lost: [u16; 2],
    /// Flank Speed was played at window `SystemActivated`: +1 to the move value of each of the
    /// active player's ships during this tactical action (`movement::Mover`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub flank_speed: bool,
    /// Solar Flare was played at window `SystemActivated`: during this movement other players
    /// cannot use SPACE CANNON against the active player's ships (`space_cannon`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub solar_flare: bool,
    /// Lost Star Chart was played at window `SystemActivated`: during this tactical action
    /// systems with alpha and beta wormholes are adjacent for the active player's ships.
    #[serde(default, skip_serializing_if = "is_false")]
    pub lost_star_chart: bool,
    /// Nav Suite was played at window `SystemActivated`: during this movement the active
    /// player's ships ignore the effects of anomalies.
    #[serde(default, skip_serializing_if = "is_false")]
    pub nav_suite: bool,
    /// Spatial Conduit Cylinders was exhausted at window `SystemActivated`: during this
    /// activation the active system is adjacent to every system with the active player's units
    /// (a query of the card's rule, hook point `reach`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub conduit: bool,
    /// Emissary Taivra was exhausted at window `SystemActivated`: during this tactical action
    /// the active system is adjacent to every other system that contains a wormhole, for the
    /// active player's movement (`tactical::movement_query`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub wormhole_hub: bool,
    /// The active system already held the active player's command token when it was activated
    /// (hook point `activates_own_token_systems`: Il Na Viroset): as the tactical action ends
    /// that token returns to the reinforcements and the turn ends.
    #[serde(default, skip_serializing_if = "is_false")]
    pub own_token: bool,
    /// In the Silence of Space was played at window `SystemActivated` on this system (board
    /// slot): during this tactical action the active player's ships there can move through
    /// systems that contain other players' ships.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub silence: Option<u8>,
    /// The player who played Experimental Battlestation at window `AfterMovement`: their space
    /// cannon offense in this tactical action rolls 3 more dice hitting on 5 (a space dock's
    /// SPACE CANNON 5 (x3)).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battlestation: Option<Player>,
    /// Minister of Peace was discarded at window `SystemActivated`: the active player's turn
    /// ends there, before movement.
    #[serde(default, skip_serializing_if = "is_false")]
    pub peace: bool,
    /// Seats (bit per seat) that played Bunker at window `InvasionStart`: during this
    /// invasion each BOMBARDMENT roll against their planets has -4 on each die.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bunker: u8,
    /// Disable was played at window `InvasionStart`: during this invasion the PDS units of the
    /// active player's opponents in the active system have no PLANETARY SHIELD and no SPACE
    /// CANNON.
    #[serde(default, skip_serializing_if = "is_false")]
    pub disable: bool,
    /// Blitz was played at window `InvasionStart`: during this invasion the active player's
    /// non-fighter ships in the active system without BOMBARDMENT have BOMBARDMENT 6.
    #[serde(default, skip_serializing_if = "is_false")]
    pub blitz: bool,
    /// Seats (bit per seat) whose planets the active player gained control of during this
    /// tactical action's invasion (window `PlanetsTaken` asks them: Reparations).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub taken_from: u8,
    /// Planets of the active system (bit per planet index) gained from no controller, with a
    /// trait, not yet explored (Exploration 35.1; `game::exploration`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub to_explore: u8,
    /// The planets in `to_explore` are explored at the activation (window `SystemActivated`:
    /// Scanlink Drone Network), movement follows them; otherwise the invasion does.
    #[serde(default, skip_serializing_if = "is_false")]
    pub explore_at_activation: bool,
    /// Dominus Orb was purged for this tactical action: the active player's units move and are
    /// transported from systems that contain their command tokens.
    #[serde(default, skip_serializing_if = "is_false")]
    pub dominus_orb: bool,
    /// The exploration card being resolved and the index of the planet explored (window
    /// `PlanetExplored` offers its choices).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explored: Option<(crate::ti4::ids::ExplorationId, u8)>,
    /// A choice of the card being explored draws an action card after the window
    /// (Functioning Base): the chance step `ExploreDraw`.
    #[serde(default, skip_serializing_if = "is_false")]
    pub explore_draw: bool,
    /// A side of the space combat about to be fought left the active system at window
    /// `SpaceCombatStart` (Skilled Retreat): the combat is not fought ("ends in a draw").
    #[serde(default, skip_serializing_if = "is_false")]
    pub withdrawn: bool,
    /// Space combat, when one runs.
    pub space: Option<SpaceCombat>,
    /// Ground combat, when one runs.
    pub ground: Option<GroundCombat>,
}

fn zero_pair(x: &[u16; 2]) -> bool {
    *x == [0; 2]
}

fn no_hits(h: &[u8; 2]) -> bool {
    *h == [0; 2]
}

fn no_hits3(h: &[u8; 3]) -> bool {
    *h == [0; 3]
}

impl TacticalAction {
    /// Ends the effects of the action cards played at windows `SystemActivated` (Flank Speed,
    /// Solar Flare, Lost Star Chart, Nav Suite, In the Silence of Space; Spatial Conduit
    /// Cylinders and Emissary Taivra) and `InvasionStart`
    /// (Bunker, Disable, Blitz), and the record of the planets taken (`taken_from`): at the next
    /// activation and when the tactical action is over.
    pub(crate) fn clear_card_effects(&mut self) {
        (self.flank_speed, self.solar_flare, self.lost_star_chart, self.nav_suite) = (false, false, false, false);
        (self.silence, self.battlestation) = (None, None);
        (self.bunker, self.disable, self.blitz, self.taken_from) = (0, false, false, 0);
        (self.dominus_orb, self.conduit, self.wormhole_hub) = (false, false, false);
        self.placed_to_fight = [0; 3];
        self.placed_by_rule = 0;
    }
}

fn is_false(b: &bool) -> bool {
    !*b
}

fn is_zero16(b: &u16) -> bool {
    *b == 0
}

fn is_zero(b: &u8) -> bool {
    *b == 0
}

fn no_rider_targets(t: &[u8; agendas::MAX_RIDERS]) -> bool {
    t.iter().all(|&x| x == 0)
}

fn no_rerolls(r: &[bool; 2]) -> bool {
    *r == [false; 2]
}

fn no_units(q: &Counts) -> bool {
    q.iter().all(|&k| k == 0)
}

/// A production under way (rules 67): the queue and why it runs.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct ProductionRun {
    /// Queued production.
    pub queue: Counts,
    /// The part of the queue produced without spending resources (hook point
    /// `produce_without_paying`: Vuil'raith Amalgamation), by type; at most `queue`.
    #[serde(default, skip_serializing_if = "no_units")]
    pub free: Counts,
    /// Production: the system is the home system through Warfare's secondary (no tactical action).
    pub warfare: bool,
    /// Production: a component action's (Sling Relay: 1 ship, no tactical action; the turn ends
    /// after it).
    pub component: bool,
    /// War Machine was played for this production: +4 to its PRODUCTION value, its combined
    /// cost reduced by 1.
    #[serde(default, skip_serializing_if = "is_false")]
    pub war_machine: bool,
    /// Harrugh Gefhara was used for this production: the cost of each unit is 0.
    #[serde(default, skip_serializing_if = "is_false")]
    pub costless: bool,
    /// Production: Integrated Economy's, on planet `n` of the active system (ground forces on
    /// it, ships in the system's space area; their combined cost at most the planet's
    /// resources; no unit's PRODUCTION is used); `None` otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub integrated: Option<u8>,
    /// The planets of the active system (bit per planet index) Integrated Economy produced on
    /// during this tactical action.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub integrated_used: u8,
}

/// The strategic action under way (rules 82): the card, its owner, and the next player asked
/// about the secondary.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct StrategicAction {
    /// The strategy card being resolved, and whose it is.
    pub card: u8,
    /// The active player of the strategic action.
    pub card_owner: Player,
    /// The next seat offset asked about the secondary (1..n).
    pub follower: u8,
    /// The strategic action was cancelled at window `StrategicAction` (Coup d'Etat): it is not
    /// resolved and the turn ends.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cancelled: bool,
    /// Galactic Crisis Pact: every player in the game is offered the secondary of `card` in the
    /// agenda phase, without spending a command token (`card_owner` is the seat right of the
    /// speaker, so the speaker is asked first and that seat last); then the agenda phase goes
    /// on.
    #[serde(default, skip_serializing_if = "is_false")]
    pub crisis_pact: bool,
    /// The command token the following player's secondary spends was paid at window
    /// `SecondaryFollowed` (Jae Mir Kan): the strategy pool spends none.
    #[serde(default, skip_serializing_if = "is_false")]
    pub token_paid: bool,
}

/// Status phase step 1 (rules 81.1): who scores next and what the scoring player has scored.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct StatusScoring {
    /// Status scoring: order index; public/secret scored this status phase (bit 0, bit 1).
    pub order_idx: u8,
    /// What the scoring player has scored this status phase (bit 0 public, bit 1 secret).
    pub scored_now: u8,
}

/// The agenda phase (rules 8): the agenda voted on, the votes, the predictions.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct AgendaPhase {
    /// Agenda phase: agendas resolved so far.
    pub agenda: u8,
    /// Votes cast per outcome (`agendas::outcomes`: 0 "for" and 1 "against", or the seat of an
    /// elected player).
    pub votes: [u16; MAX_PLAYERS],
    /// The agenda being voted on ([`agendas::NO_AGENDA`] when none).
    pub agenda_card: u8,
    /// Per outcome, the players who cast votes for it (bit per seat; abstainers are in none).
    pub outcome_voters: [u8; MAX_PLAYERS],
    /// The planets exhausted so far by the vote being cast ([`Step::CastVotes`]; empty at any
    /// other step).
    pub ballot: PlanetSet,
    /// Players who cast additional votes on this agenda (hook point `extra_votes`; bit per
    /// seat).
    pub extra_voters: u8,
    /// The outcome to resolve (as in `votes`).
    pub outcome: u8,
    /// Seats (bit per seat) that predicted each outcome (as in `votes`) of the agenda being
    /// voted on (rules' "predict aloud", window `AgendaRevealed`); cleared at each reveal.
    pub predictions: [u8; MAX_PLAYERS],
    /// Seats (bit per seat) that made a prediction during this agenda phase (cleared as the
    /// phase starts).
    pub predictors: u8,
    /// Seats (bit per seat) that cannot vote during this agenda phase (Public Execution;
    /// cleared as the phase starts).
    #[serde(default)]
    pub barred: u8,
    /// Riders played on the agenda being voted on, in the order played: `[seat, rider
    /// (`agendas::Rider` as u8), predicted outcome]`; the first `rider_count` are in use
    /// (cleared at each reveal).
    #[serde(default)]
    pub riders: [[u8; 3]; agendas::MAX_RIDERS],
    /// The payout target of each rider in `riders` (`agendas::rider_targets`; 0 for a rider
    /// without one; cleared at each reveal).
    #[serde(default, skip_serializing_if = "no_rider_targets")]
    pub rider_targets: [u8; agendas::MAX_RIDERS],
    /// How many entries of `riders` are in use.
    #[serde(default)]
    pub rider_count: u8,
    /// Seats (bit per seat) that cannot vote on the agenda being voted on (a rider's "You
    /// cannot vote on this agenda"; cleared at each reveal).
    #[serde(default)]
    pub abstaining: u8,
    /// Hack Election was played on the agenda being voted on: voting begins with the player to
    /// the right of the speaker and goes counterclockwise (cleared at each reveal).
    #[serde(default, skip_serializing_if = "is_false")]
    pub hacked: bool,
    /// Committee Formation was discarded at window `AgendaRevealed`: the player it chose is the
    /// outcome (`outcome`) and nobody votes on this agenda (cleared at each reveal).
    #[serde(default, skip_serializing_if = "is_false")]
    pub committee: bool,
    /// The vote just cast (seat, outcome), while window `VotesCast` is open after it (`None`
    /// at any other time).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_vote: Option<(Player, u8)>,
    /// Archived Secret's elected player (`outcome`) drew a fourth secret objective and returns
    /// one ([`super::Step::ReturnSecret`]); the agenda's resolution goes on after it.
    #[serde(default, skip_serializing_if = "is_false")]
    pub returning: bool,
    /// The law Miscount Disclosed elected, voted on again once it resolved (its agenda id;
    /// `agendas::begin_revote`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revote: Option<u8>,
    /// Research Grant Reallocation resolved: its elected player (`outcome`) chooses the
    /// technology it gains next ([`super::Step::GainTechnology`]).
    #[serde(default, skip_serializing_if = "is_false")]
    pub granting: bool,
    /// Seats (bit per seat) still to be asked an agenda's "may research 1 technology"
    /// ([`super::Step::AgendaResearch`]: Wormhole Research, Ixthian Artifact).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub researchers: u8,
    /// Seats among `researchers` that may research once more after their next research
    /// (Ixthian Artifact's "may research 2 technologies"; declining gives up both).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub researching_again: u8,
    /// Wormhole Research "for": once the researches are made, the ships in systems with an
    /// alpha or beta wormhole are destroyed.
    #[serde(default, skip_serializing_if = "is_false")]
    pub wormhole_ships_destroyed: bool,
    /// Galactic Crisis Pact resolved: the strategy card whose secondary every player is offered
    /// next (`cards::crisis_pact_secondaries`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub crisis_card: Option<u8>,
    /// Checks and Balances "against": at the end of this agenda phase each player readies only
    /// 3 of their planets (`agendas::ready_planets_at_phase_end`).
    #[serde(default, skip_serializing_if = "is_false")]
    pub ready_three: bool,
}

/// Transactions of the active player's turn (rules 94).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Transaction {
    /// Neighbours the active player has transacted with this turn (bit per seat).
    pub transacted: u8,
    /// The seat offering the pending transaction.
    pub offer_from: u8,
    /// What the pending transaction offers (see [`Action::Transact`]).
    pub offer_what: u8,
    /// The other player of the transaction just resolved, while window `TransactionResolved`
    /// is open (the active player is the first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved_with: Option<Player>,
}

/// A component-action card played (rules 2, 23), from its play to the end of its windows.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayedCard {
    /// Who played it.
    pub player: Player,
    /// The card.
    pub card: ActionCardId,
    /// Its target (see [`super::Action::Play`]).
    pub target: u8,
    /// Its effects were cancelled (Sabotage): it resolves nothing.
    #[serde(default, skip_serializing_if = "is_false")]
    pub cancelled: bool,
}

impl Flow {
    /// The bookkeeping of a game before its first step.
    pub fn new() -> Flow {
        Flow {
            picks: 0,
            passed: 0,
            turn: Player(0),
            turn_initiative: 0,
            custodians: true,
            tactical: TacticalAction::default(),
            production: ProductionRun::default(),
            strategic: StrategicAction::default(),
            status: StatusScoring::default(),
            agenda_phase: AgendaPhase::default(),
            transaction: Transaction::default(),
            logistics: 0,
            tokens: Default::default(),
            pay: Default::default(),
            pending: Default::default(),
            choosing: None,
            disgraced: None,
            stability: 0,
            next_strategy_phase: 0,
            next_strategy_seats: 0,
            extra_action: false,
            component_used: None,
            played: None,
            redeploy: None,
            take_cards: None,
            end: None,
        }
    }
}

impl Default for Flow {
    fn default() -> Self {
        Flow::new()
    }
}

impl Default for AgendaPhase {
    fn default() -> Self {
        AgendaPhase {
            agenda: 0,
            votes: [0; MAX_PLAYERS],
            agenda_card: agendas::NO_AGENDA,
            outcome_voters: [0; MAX_PLAYERS],
            ballot: PlanetSet::EMPTY,
            extra_voters: 0,
            outcome: 0,
            predictions: [0; MAX_PLAYERS],
            predictors: 0,
            barred: 0,
            riders: [[0; 3]; agendas::MAX_RIDERS],
            rider_targets: [0; agendas::MAX_RIDERS],
            rider_count: 0,
            abstaining: 0,
            hacked: false,
            committee: false,
            returning: false,
            revote: None,
            granting: false,
            researchers: 0,
            researching_again: 0,
            wormhole_ships_destroyed: false,
            crisis_card: None,
            ready_three: false,
            last_vote: None,
        }
    }
}

impl AgendaPhase {
    /// The seats (bit per seat) that cast votes for `outcome` of the agenda voted on last.
    pub fn voters_of(&self, outcome: u8) -> u8 {
        self.outcome_voters.get(outcome as usize).copied().unwrap_or(0)
    }

    /// The riders played on the agenda voted on: (seat, rider, predicted outcome).
    pub fn riders(&self) -> impl Iterator<Item = (Player, agendas::Rider, u8)> + '_ {
        self.riders[..self.rider_count as usize]
            .iter()
            .filter_map(|&[p, r, o]| agendas::Rider::ALL.get(r as usize).map(|&r| (Player(p), r, o)))
    }

    /// The seats (bit per seat) that predicted `outcome` with a rider.
    pub fn predicted(&self, outcome: u8) -> u8 {
        self.riders().filter(|&(_, _, o)| o == outcome).fold(0, |m, (p, _, _)| m | 1 << p.0)
    }

    /// The seats (bit per seat) that cast votes for any outcome of the agenda voted on last.
    pub fn voters(&self) -> u8 {
        self.outcome_voters.iter().fold(0, |a, &b| a | b)
    }
}
