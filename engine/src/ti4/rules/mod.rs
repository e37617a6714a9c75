//! Rule hooks: the one mechanism by which a card or ability changes a rule.
//!
//! A **rule** ([`Rule`]) is the text of one content entry (a technology, a faction ability, a
//! planet card) turned into code. It names its **source** by content id ([`SourceKey`]) and
//! fills some of the closed list of **hook points** ([`Hooks`]); the core calls each hook point
//! at one chokepoint of the rules, for the rules whose source applies to the player concerned
//! ([`Source::active`]). Rules are keyed by source, not by faction: a technology rule applies to
//! whoever owns the card, a planet rule to whoever controls the planet.
//!
//! Three kinds of hook point ([`HookKind`]), as card-game engines such as Forge name them:
//! - **queries**: continuous modifiers the core asks for (a move bonus, a cost reduction, extra
//!   dice, "may this player vote"); numbers add up, flags are "any";
//! - **replacements**: "instead" (units placed in a system are destroyed instead; research
//!   replaced by command tokens);
//! - **triggers**: "at the start of / after" an event (a combat starts, a ground combat is won,
//!   a turn ends); run for every active rule, in registry order (factions, then technologies,
//!   each list in file order), the active player's rules before the defender's where the core
//!   says so.
//!
//! The registry of rules is [`rules()`]: the faction rules (`crate::ti4::factions`) and the
//! generic technology rules (`crate::ti4::techs`). Each content resolves the sources it has into
//! a [`RuleBook`] once, at load; the hot paths walk short per-hook lists of `(Source, fn)` with
//! no allocation. `docs/ADDING_RULES.md` is the guide, with the table of hook points.

mod ask;
mod source;

pub use ask::*;

pub use source::{
    holds_alliance, in_hand, leader_state, may_use_others_commanders, note_holder, note_owner, AbilityBit, AbilitySet,
    Source, SourceKey,
};

use crate::ti4::combat::Force;
use crate::ti4::content::Content;
use crate::ti4::galaxy::{MoverTraits, Reach};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::state::State;
use crate::ti4::technology::research::Skip;

/// What follows a rule's component action (hook point `component_action`): the core owns the
/// transition (`crate::ti4::game::component`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ComponentThen {
    /// Nothing more: the turn ends (rules 23).
    TurnEnds,
    /// The production of 1 ship in this system (board slot), paid as any production, with no
    /// tactical action (Sling Relay); the turn ends after it.
    ProduceShip(u8),
    /// The player gains a relic (relic fragments traded in): the chance step `DrawRelic`; the
    /// turn ends after it.
    DrawRelic,
    /// The player moves up to this many of their ground forces to planets they control, one
    /// at a time (Transit Diodes: `crate::ti4::game::redeploy`); the turn ends after it.
    Redeploy(u8),
    /// The player takes up to this many action cards of their choice from the discard pile,
    /// one at a time (The Codex: `crate::ti4::game::take_cards`); the turn ends after it.
    TakeDiscarded(u8),
    /// The action rolls dice: the chance step `ComponentRoll` resolves them through hook point
    /// `component_roll` of the same rule (It Feeds on Carrion); the turn ends after it.
    Roll,
}

/// The two sides of a combat as hook point `combat_sides` shows them to a rule of one player.
#[derive(Clone, Copy, Debug)]
pub struct CombatSides {
    /// The other side's player.
    pub opponent: Player,
    /// Where the combat is: the active system's space area or the invaded planet.
    pub loc: crate::ti4::state::Location,
    /// The rule's player's side.
    pub own: Force,
    /// The opponent's side.
    pub other: Force,
}

/// A point of the round loop at which rules' "you may" abilities are offered (hook points
/// `may_choices` and `may_resolve`): the core opens the window for the players concerned,
/// each ready rule with a choice becomes a pending decision of its player, and the interrupted
/// procedure resumes once they are all decided (`crate::ti4::game::pending`).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Window {
    /// The end of the player's action-phase turn, before a redistribution of command tokens
    /// and the next turn.
    TurnEnd,
    /// The start of a player's action-phase turn (`Flow::turn`), before transactions and the
    /// action; opened for the active player, then the others clockwise ("at the start of your
    /// turn", "at the start of the (color) player's turn").
    TurnStart,
    /// At the start of the strategy phase (after the hook point `strategy_phase_start`), before
    /// the speaker's pick; opened for every player from the speaker clockwise.
    StrategyPhaseStart,
    /// At the end of the strategy phase (every card to be chosen taken, a trade good placed on
    /// each card nobody took), before the action phase; opened for every player from the
    /// speaker clockwise (Imperial Arbiter).
    StrategyPhaseEnd,
    /// When a player chooses a strategy card in the strategy phase (`Flow::choosing`), before
    /// taking it; opened for the other players, clockwise from the chooser. A choice may bar the
    /// card (`Flow::disgraced`: Public Disgrace), and the chooser chooses again.
    StrategyCardChosen,
    /// After the active player activated a system (its command token placed, the hook point
    /// `system_activated` run), before movement; opened for the active player, then the others
    /// clockwise ("after you activate a system", "after another player activates a system
    /// that contains your units").
    SystemActivated,
    /// After the active player moved ships into the active system (their ships still in
    /// transit, `Flow::transit`), before gravity-rift rolls, space cannon offense and combat;
    /// opened for the other players, clockwise from the active player.
    AfterMovement,
    /// After the active player resolved a tactical action (after its production step), before
    /// a second tactical action (Fleet Logistics) or the end of the turn; `Flow::gained` holds
    /// the planets gained during it.
    TacticalActionEnd,
    /// When the active player would perform a strategic action (rules 82: the strategy card
    /// chosen, `StrategicAction::card`), before its primary resolves and before the card is
    /// exhausted; opened for the other players, clockwise from the active player. A choice may
    /// cancel it (`StrategicAction::cancelled`: Coup d'Etat): the turn ends, the card stays
    /// ready.
    StrategicAction,
    /// After the player resolved the primary or the secondary ability of the Diplomacy strategy
    /// card, before the next player is offered the secondary (or the strategic action ends).
    DiplomacyResolved,
    /// After a player replenished commodities through the Trade strategy card's primary or
    /// secondary ability (`game::cards::resolving_player` names them), before the strategic
    /// action goes on; opened for the other players, clockwise from that player.
    CommoditiesReplenished,
    /// After the active player and another player resolved a transaction (rules 94: an offer
    /// accepted, each side having received what the other gave; `Transaction::resolved_with`
    /// names the other player), before the active player's turn goes on; opened for every
    /// player, clockwise from the active player.
    TransactionResolved,
    /// When the player follows the secondary ability of a strategy card that spends a command
    /// token from their strategy pool (neither Leadership's, which spends none, nor
    /// Technology's, whose research spends it), before the token is spent; opened for that
    /// player (`game::cards::resolving_player`). A choice may pay the token another way
    /// (`StrategicAction::token_paid`).
    SecondaryFollowed,
    /// When the player's units are about to use PRODUCTION in the active system (a tactical
    /// action's production step, Warfare's secondary), before the first unit is queued; opened
    /// for that player. A choice may change the production's limit and cost
    /// (`ProductionRun::war_machine`).
    ProductionStart,
    /// After the player's units used PRODUCTION in the active system (and produced something),
    /// before the production's procedure goes on.
    AfterProduction,
    /// When a player plays a component-action card (rules 2, 23: `Flow::played`), after it
    /// went to the discard pile and before its effect resolves; opened for the other players,
    /// clockwise from the player. A choice may cancel the effect (`PlayedCard::cancelled`:
    /// Sabotage).
    ActionCardPlayed,
    /// After a component-action card played (`Flow::played`) resolved (or was cancelled), the
    /// card in the discard pile, before the turn ends; opened as [`Window::ActionCardPlayed`]
    /// ("after another player discards an action card that has a component action").
    ActionCardDiscarded,
    /// At the start of a space combat, before it is fought (its forces not yet built: the
    /// active player's ships still in transit, `Flow::transit`); opened for the active player,
    /// then the defender (`TacticalAction::defender`). Hits a choice produces go to
    /// `TacticalAction::opening_hits`, which the combat assigns first.
    SpaceCombatStart,
    /// After a round of a space combat with no retreat, the combat going on (both sides still
    /// have ships): its forces are `TacticalAction::space` at `SpacePhase::Between`, which a
    /// choice changes through `SpaceCombat::destroy_unit` / `hit_unit`; opened for the active
    /// player, then the defender, before the next round.
    SpaceCombatRoundEnd,
    /// In a round of a space combat, before a side assigns the combat-roll hits produced against
    /// it ("before you assign hits"): its forces are `TacticalAction::space` at
    /// `SpacePhase::BeforeHits(side)`, which a choice changes through `SpaceCombat::cancel_hits`;
    /// opened for that side's player.
    SpaceCombatBeforeHits,
    /// In a round of a space combat, after a side assigned the combat-roll hits and some of its
    /// ships used SUSTAIN DAMAGE on them (`SpacePhase::AfterHits(side)`, `SpaceCombat::sustained`):
    /// opened for the other side's player, whose units produced the hits.
    SpaceCombatAfterHits,
    /// After a space combat ended (losses assigned, retreats made), before the landing; opened
    /// for the active player, then the defender, then the other players clockwise ("at the end
    /// of any player's combat"). `Ti4Game::combat_opponent_with_losses` says
    /// whose units the combat destroyed.
    SpaceCombatEnd,
    /// At the start of an invasion (Invasion 49.1): the active player has ground forces to
    /// commit and another player has units on a planet of the active system; before any
    /// ground force is committed; opened for the active player, then the others clockwise.
    /// A choice sets an effect "during this invasion" on `TacticalAction` (Bunker, Disable,
    /// Blitz), which the bombardment and space cannon defense read.
    InvasionStart,
    /// After the active player committed ground forces to planets of other players (Invasion
    /// 49.3: `TacticalAction::committed` holds them, off the board), before bombardment, space
    /// cannon defense and the ground combats; opened for the players whose planets they were
    /// committed to, clockwise from the active player. A choice may return committed units to
    /// the space area or move the defender's ground forces (Parley, Ghost Squad).
    GroundForcesCommitted,
    /// After the invasion established control of the active system's planets, before the
    /// production step; opened for the players whose planets the active player gained
    /// (`TacticalAction::taken_from`), clockwise from the active player ("after another player
    /// gains control of a planet you control": Reparations).
    PlanetsTaken,
    /// After the invasion gave the active player control of planets of the active system
    /// (`TacticalAction::gained`), they were explored and window [`Window::PlanetsTaken`] was
    /// resolved, before the production step; opened for the active player, and again after
    /// each production a choice opened. A choice may open a production on a gained planet
    /// (`ProductionRun::integrated`: Integrated Economy).
    ControlGained,
    /// An exploration card drawn by the active player exploring a planet is being resolved
    /// (`TacticalAction::explored`); opened for the active player alone. The card's rule offers
    /// its choices (`crate::ti4::exploration`).
    PlanetExplored,
    /// After the active player explored a planet of the active system (its card resolved,
    /// `TacticalAction::last_explored` names the planet), before the next planet is explored;
    /// opened for the active player alone ("after you explore a planet": Terragenesis).
    AfterExploring,
    /// After a ground combat on one planet ended (control established there), before the next
    /// planet's combat or the end of the invasion; opened as [`Window::SpaceCombatEnd`].
    GroundCombatEnd,
    /// At the start of each round of a ground combat (Ground Combat 42: before its combat
    /// rolls), for the active player then the defender; `flow.tactical.ground` holds the combat
    /// (`GroundCombat::replace_unit`: Letnev's Dunlain Reaper).
    GroundCombatRoundStart,
    /// Status phase step 8 (rules 81.8), before the strategy cards return; opened for the players
    /// in initiative order. A choice may keep a player's cards (`Flow::stability`: Political
    /// Stability).
    StrategyCardsReturn,
    /// At the end of the status phase (rules 81, after step 8 and the hook point
    /// `status_phase_end`), before the agenda phase or the next round; opened for the players
    /// in initiative order.
    StatusPhaseEnd,
    /// At the start of the agenda phase (rules 8), before the first agenda is revealed; opened
    /// for every player from the speaker clockwise (Ancient Burial Sites).
    AgendaPhaseStart,
    /// When an agenda is revealed ("when" effects, which come before the "after" ones of
    /// [`Window::AgendaRevealed`]); opened as [`Window::AgendaRevealed`]. A rule that discards
    /// the agenda (`AgendaPhase::agenda_card` back to `NO_AGENDA`: Veto, Xxcha's Quash) has
    /// the round loop reveal another, on which both windows open again.
    WhenAgendaRevealed,
    /// After an agenda is revealed, before the first vote; opened for the players in the game in
    /// voting order (left of the speaker). Predictions are made here (`Flow::predictions`).
    AgendaRevealed,
    /// After a player cast votes for an outcome (`AgendaPhase::last_vote`), before the next
    /// player votes; opened for the voter, then, after the speaker's vote, for the other
    /// players in voting order. A choice may add votes (`AgendaPhase::votes`): Distinguished
    /// Councilor, Bribery.
    VotesCast,
    /// When the outcome with the most votes (or the speaker's tie-break) would be resolved
    /// (`AgendaPhase::outcome`), before it is (`Step::ResolveAgenda`); opened as
    /// [`Window::AgendaRevealed`]. A choice may change the outcome (Confusing and Confounding
    /// Legal Text) or discard the agenda unresolved (`AgendaPhase::agenda_card` back to
    /// `NO_AGENDA`: Deadly Plot).
    OutcomeDecided,
    /// After the revealed agenda's outcome is resolved (`AgendaPhase::outcome`, with
    /// `AgendaPhase::outcome_voters` still those of its vote), before the next agenda or the end of the
    /// agenda phase; opened as [`Window::AgendaRevealed`].
    AgendaResolved,
}

impl Window {
    /// How many windows there are (the variants are `0..COUNT` as `usize`).
    pub const COUNT: usize = Window::AgendaResolved as usize + 1;
}

/// What a hook point does to the rules.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum HookKind {
    /// A continuous modifier the core asks for.
    Query,
    /// "Instead": the rule replaces what the core would do.
    Replacement,
    /// "At the start of / after": the rule acts on an event.
    Trigger,
}

/// One hook point: its name (the [`Hooks`] field) and kind.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct HookPoint {
    /// The field of [`Hooks`].
    pub name: &'static str,
    /// Query, replacement or trigger.
    pub kind: HookKind,
}

macro_rules! hook_points {
    ($( $(#[$doc:meta])* $kind:ident $name:ident : fn($($arg:ty),*) $(-> $ret:ty)? ;)*) => {
        /// The hook functions of one rule; `None` where the rule takes no part. Every function
        /// gets the rule's resolved [`Source`] first (the card to exhaust, the planet).
        #[derive(Clone, Copy)]
        pub struct Hooks {
            $( $(#[$doc])* pub $name: Option<fn(Source, $($arg),*) $(-> $ret)?>, )*
            /// The windows at which `may_choices` may offer a choice (`None`: any window). The
            /// core asks the rule at these windows only; test builds check that it offers
            /// nothing at the others.
            pub may_windows: Option<&'static [Window]>,
        }

        impl Hooks {
            /// A rule that takes part in no hook point.
            pub const NONE: Hooks = Hooks { $($name: None,)* may_windows: None };
        }

        /// Per hook point, the `(source, function)` pairs of the rules one content has, in
        /// registry order. Built once by [`RuleBook::build`].
        #[derive(Clone, Default, Debug)]
        pub struct RuleBook {
            $( pub(crate) $name: HookList<fn(Source, $($arg),*) $(-> $ret)?>, )*
            /// Each resolved rule's source with its content id, in registry order.
            pub(crate) sources: Vec<(Source, SourceKey)>,
            /// Per faction index, the entry of `commander_unlocked` for its commander
            /// (`u16::MAX`: none), so that the unlock check reads one entry per seat.
            pub(crate) commander_rule_of_faction: Vec<u16>,
            /// Per [`Window`] (by index), the entries of `may_choices` whose rule may offer a
            /// choice there ([`Hooks::may_windows`]), bit per entry index.
            pub(crate) may_windows: Vec<[u64; 4]>,
            /// Per [`Window`] (by index), the `may_choices` list of those entries alone (in
            /// registry order), so that a window's sources are matched without the others'.
            pub(crate) may_by_window: Vec<HookList<MayChoicesFn>>,
        }

        impl RuleBook {
            fn add(&mut self, src: Source, h: &Hooks) {
                $( if let Some(f) = h.$name { self.$name.push(src, f); } )*
                if h.may_choices.is_some() {
                    if self.may_windows.is_empty() {
                        self.may_windows = vec![[0; 4]; Window::COUNT];
                    }
                    let i = (self.may_choices.len() - 1) as u16;
                    match h.may_windows {
                        Some(ws) => ws.iter().for_each(|&w| set_entry(&mut self.may_windows[w as usize], i)),
                        None => self.may_windows.iter_mut().for_each(|m| set_entry(m, i)),
                    }
                }
            }
            fn index_cards(&mut self, c: &Content) {
                $( self.$name.index_cards(c); )*
            }
        }

        /// Hook point indices, in [`HOOK_POINTS`] order (for the exercise counters).
        #[allow(non_camel_case_types, dead_code)]
        #[derive(Clone, Copy)]
        pub(crate) enum HookId { $( $name, )* }

        /// Every hook point, in declaration order.
        pub const HOOK_POINTS: &[HookPoint] =
            &[$( HookPoint { name: stringify!($name), kind: HookKind::$kind }, )*];
    };
}

hook_points! {
    // ---- Technology (research) ------------------------------------------------------------
    /// Technology 13: the player may use technology specialties without exhausting the planet.
    Query research_free_specialties: fn(&Content, &State, Player) -> bool;
    /// Technology 12.1: ignore 1 prerequisite when researching a technology that is not a unit
    /// upgrade.
    Query research_ignores_one_prerequisite: fn(&Content, &State, Player) -> bool;
    /// Technology 12.3: a card the player may exhaust to skip prerequisites, and how (asked of
    /// ready cards only).
    Query prerequisite_skip: fn() -> Skip;
    /// Technology 9: the player never researches (the research is replaced; the content id
    /// names why in `sim explain research`).
    Replacement cannot_research: fn(&Content, &State, Player) -> bool;
    /// A technology was gained (after Technology 10.2's gain).
    Trigger technology_gained: fn(&Content, &mut State, Player, TechId);
    /// Setup: the seat's home system, units and technologies are placed (asked of every seat
    /// once, in seat order, before the first chance step; `seat_setup` came before, with the
    /// seat's components). The Tribuni.
    Trigger home_setup: fn(&Content, &mut State, Player);
    /// Another player (the second `Player`) researched a technology (Technology 10, after its
    /// own `technology_gained` rules); asked of every other player in the game, clockwise.
    Trigger another_researched: fn(&Content, &mut State, Player, Player, TechId);

    // ---- Movement (Movement 58, anomalies) --------------------------------------------------
    /// The player's ships may move through systems that contain other players' ships.
    Query moves_through_ships: fn(&Ti4Game, Player) -> bool;
    /// The player's ships of these types (bit per `UnitType`, `combat::type_bit`) may move
    /// through systems that contain other players' ships (a unit's own text).
    Query types_moving_through_ships: fn(&Ti4Game, Player) -> u16;
    /// What anomalies the player's ships may enter or cross.
    Query mover_traits: fn(&Ti4Game, Player, &mut MoverTraits);
    /// +1 move value for 1 ship once per tactical action.
    Query move_bonus_once: fn(&Ti4Game, Player) -> bool;
    /// + move value for a ship that starts its move in this board slot.
    Query move_bonus_from: fn(&Ti4Game, Player, u8) -> u8;
    /// Adjacency changes for the player's movement queries (linked wormholes).
    Query reach: fn(&Ti4Game, Player, &mut Reach);

    // ---- Space cannon, bombardment, combat --------------------------------------------------
    /// A unit that uses SPACE CANNON or BOMBARDMENT may roll 1 additional die.
    Query extra_ability_die: fn(&Content, &State, Player) -> bool;
    /// The player rerolls the missed dice of their units' SPACE CANNON and BOMBARDMENT rolls (a
    /// reroll can only turn a miss into a hit, so every miss is rerolled).
    Query rerolls_ability_misses: fn(&Content, &State, Player) -> bool;
    /// Penalty on each SPACE CANNON die other players roll against the player's units.
    Query space_cannon_penalty_against: fn(&Content, &State, Player) -> u8;
    /// Other players' units in the system at board slot `slot` lose PLANETARY SHIELD (a unit
    /// of the player there says so).
    Query disables_planetary_shields: fn(&Ti4Game, Player, u8) -> bool;
    /// During an invasion by the player, other players' units cannot use SPACE CANNON against
    /// its units (no space cannon defense, 77.5).
    Query no_space_cannon_in_invasion: fn(&Content, &State, Player) -> bool;
    /// Before the player's units use SPACE CANNON at `target` (the best die value that fires):
    /// true when their hits must go to non-fighter ships.
    Trigger before_space_cannon: fn(&Content, &mut State, Player, Option<u8>, &Force) -> bool;
    /// At the start of a space combat: the player's side, and the opponent's side to change.
    Trigger space_combat_start: fn(&Content, &State, Player, &Force, &mut Force);
    /// At the start of a ground combat the player defends: their side and the invaders'.
    Trigger ground_combat_start: fn(&Content, &State, Player, &Force, &mut Force);
    /// A space or ground combat at `loc` (the active system's space area, or the invaded
    /// planet) between the player and the opponent (second player) starts: what the rule's
    /// unit text changes, for the combat, in the player's side (first force) or the opponent's
    /// (second). A unit "in this system" is looked for in the player's force (the active
    /// player's ships are in transit, not on the board) or, for ships above a ground combat, on
    /// the board. Both players' rules run, the active player's first; the forces come with
    /// every combat-roll modifier applied (`with_combat_roll_modifier`).
    Query combat_sides: fn(&Content, &State, Player, &mut CombatSides);
    /// Other players' units cannot use SPACE CANNON against the player's ships `f` in the active
    /// system (the ships a space cannon offense would target: those moving in, or those there).
    Query no_space_cannon_against: fn(&Content, &State, Player, &Force) -> bool;
    /// Modifiers 56: added to each of the player's combat-roll results (space and ground combat
    /// only; never anti-fighter barrage, bombardment or space cannon).
    Query combat_roll_modifier: fn(&Content, &State, Player) -> i8;
    /// Modifiers 56: added to each combat-roll result of the player's units of the type (space
    /// and ground combat, as `combat_roll_modifier`).
    Query unit_roll_bonus: fn(&Content, &State, Player, UnitType) -> u8;
    /// Each use of SUSTAIN DAMAGE by the player's units cancels 2 hits instead of 1 (every hit
    /// assignment: combat, anti-fighter barrage, space cannon, bombardment).
    Query sustain_cancels_two: fn(&Content, &State, Player) -> bool;
    /// Each combat round the player repairs 1 damaged unit after assigning hits.
    Query combat_repair: fn(&Content, &State, Player) -> bool;
    Query ground_combat_answer_hit: fn(&Content, &State, Player) -> bool;
    Query space_combat_ambush: fn(&Content, &State, Player) -> bool;
    Query barrage_excess_damages: fn(&Content, &State, Player) -> bool;
    /// At the end of each round of a ground combat the player fights as the invader, its ships
    /// in the active system use BOMBARDMENT against the opponent's ground forces on the planet.
    Query bombards_after_ground_rounds: fn(&Content, &State, Player) -> bool;
    /// The player's mechs on planets of the active system they control use BOMBARDMENT as if
    /// they were ships in its space area (L1Z1X's Anihilator).
    Query mechs_bombard_from_planets: fn(&Content, &State, Player) -> bool;
    /// The player's ships may retreat into adjacent systems without other players' units.
    Query retreat_into_empty: fn(&Ti4Game, Player) -> bool;
    /// After a space or ground combat (once the losses are back in reinforcements): the units
    /// of `owner` (another player) that the player's side destroyed during it, per unit type
    /// (anti-fighter barrage and combat rolls; not space cannon or bombardment).
    Trigger combat_casualties: fn(&mut Ti4Game, Player, Player, &[u8; UNIT_TYPES]);
    /// After a space or ground combat at `loc` (the active system's space area, or the invaded
    /// planet), once the losses are back in reinforcements and before the other side's are:
    /// the player's own units that fought in it (first counts, per unit type: the active
    /// player's ships in transit or ground forces committed, the defender's units there) and
    /// those of them it lost (second), anti-fighter barrage and combat rolls.
    Trigger own_casualties: fn(&mut Ti4Game, Player, crate::ti4::state::Location, &[u8; UNIT_TYPES], &[u8; UNIT_TYPES]);
    /// In a round of a space combat, after the player's ships used SUSTAIN DAMAGE on the hits of
    /// the opponent's combat roll (`SpacePhase::AfterHits`): how many of its units did.
    Trigger units_sustained: fn(&mut Ti4Game, Player, u8);
    /// After the player wins a ground combat on this planet.
    Trigger ground_combat_won: fn(&mut Ti4Game, Player, crate::ti4::state::Location);
    /// After the player wins a space or ground combat (rules 78.10 and 38: its units remain,
    /// its opponent's do not; a retreat leaves the other side the winner, a draw has none):
    /// `loser` is the opponent.
    Trigger combat_won: fn(&mut Ti4Game, Player, Player);

    // ---- Production, turns, status and agenda phases -----------------------------------------
    /// Rules 37 (fleet pool): additional non-fighter ships the player may have in each system
    /// beyond the tokens in its fleet pool.
    Query fleet_limit_bonus: fn(&Content, &State, Player) -> u8;
    /// The player's space docks cannot produce infantry: infantry it produces count against
    /// the PRODUCTION of its other units in the system only.
    Query docks_cannot_produce_infantry: fn(&Ti4Game, Player) -> bool;
    /// Fighters and infantry the player produces that do not count against the PRODUCTION limit
    /// (at most this many per use of PRODUCTION).
    Query production_limit_exempt: fn(&Ti4Game, Player) -> u8;
    /// Reduction of the combined cost of units the player produces.
    Query production_discount: fn(&Ti4Game, Player) -> u32;
    /// How many units of this type the player may produce without spending resources in the
    /// production under way, the rule paying for them another way (`produced_without_paying`);
    /// each is a decision of the player (`Action::Choose(source, unit type)`) beside the paid
    /// `Produce`.
    Query produce_without_paying: fn(&Ti4Game, Player, UnitType) -> u8;
    /// The production placed `n` units of this type that the rule let the player produce
    /// without spending resources: the rule's price (a captured unit returned ...).
    Trigger produced_without_paying: fn(&mut Ti4Game, Player, UnitType, u8);
    /// The player may transact with players who are not its neighbours (rules 94), both ways.
    Query transacts_with_anyone: fn(&Ti4Game, Player) -> bool;
    /// The rule's promissory note, when received by a player other than its owner, goes face
    /// up into their play area ("you must place it face up in your play area").
    Query note_placed_face_up: fn() -> bool;
    /// The player resolves the secondary ability of strategy card `card` (0 Leadership … 7
    /// Imperial) without spending a command token from its strategy pool.
    Query secondary_without_token: fn(&Ti4Game, Player, u8) -> bool;
    /// The player researches without spending resources when resolving the primary or
    /// secondary ability of the Technology strategy card.
    Query technology_card_research_free: fn(&Content, &State, Player) -> bool;
    /// The player may perform a second tactical action in the turn.
    Query extra_tactical_action: fn(&Ti4Game, Player) -> bool;
    /// Board slots (bit per slot) of systems the player has a reason to activate beyond those
    /// its ships can reach or where it can produce: activation is offered there too (rules 3).
    Query activation_targets: fn(&Ti4Game, Player) -> u64;
    /// Influence another player (`activator`, the second player) must spend to activate the
    /// system at board slot `slot` (rules 3; asked of the rules of every other player in the
    /// game, summed): a system it cannot pay for is not offered.
    Query activation_influence: fn(&Ti4Game, Player, Player, u8) -> u8;
    /// The player may activate systems that contain its own command token (rules 3, as a
    /// rule allows: Il Na Viroset); such an activation places no second token and opens no
    /// "after you activate" window, and as the tactical action ends both tokens return to the
    /// reinforcements and the turn ends (`TacticalAction::own_token`).
    Query activates_own_token_systems: fn(&Ti4Game, Player) -> bool;
    /// At the start of the strategy phase (every player in the game, in seat order).
    Trigger strategy_phase_start: fn(&mut Ti4Game, Player);
    /// After `active` activated the system at board slot `slot` (rules 3: a command token from
    /// its tactic pool there), for every player in the game clockwise from `active` (`active`
    /// included), before the movement.
    Trigger system_activated: fn(&mut Ti4Game, Player, Player, u8);
    /// At the end of its action-phase turns (after window `TurnEnd`) the player may redistribute its
    /// command tokens (rules 20; the core offers the placement as a decision).
    Query redistributes_at_turn_end: fn(&Ti4Game, Player) -> bool;
    /// After the player redistributed its command tokens at the end of its turn and moved at
    /// least one token (the rule whose ability it used pays its cost).
    Trigger turn_end_redistributed: fn(&mut Ti4Game, Player);
    /// A unit the player places from its reinforcements on a planet it controls (its choice)
    /// at the start of the status phase.
    Query status_start_placement: fn(&Ti4Game, Player) -> Option<UnitType>;
    /// Additional action cards the player draws in status phase step 3.
    Query status_action_cards: fn(&Ti4Game, Player) -> u8;
    /// The player has no action-card hand limit (rules 2.3).
    Query no_hand_limit: fn(&Ti4Game, Player) -> bool;
    /// After the player replenished commodities (rules 21; Trade).
    Trigger commodities_replenished: fn(&mut Ti4Game, Player);
    /// After the player's PRODUCTION placed units (rules 67), with the counts per unit type.
    Trigger units_produced: fn(&mut Ti4Game, Player, &[u8; UNIT_TYPES]);
    /// At the end of the status phase (after step 8, strategy cards returned), for every player
    /// in the game in initiative order.
    Trigger status_phase_end: fn(&mut Ti4Game, Player);
    /// Additional command tokens the player gains in status phase step 5.
    Query status_command_tokens: fn(&Content, &State, Player) -> u8;
    /// The player may not vote.
    Query cannot_vote: fn(&Ti4Game, Player) -> bool;
    /// The player cannot play action cards (none of their cards is offered, at a window or as
    /// a component action).
    Query cannot_play_action_cards: fn(&Content, &State, Player) -> bool;
    /// Additional votes the player casts when voting.
    Query extra_votes: fn(&Ti4Game, Player) -> u16;
    /// The player votes first in the agenda phase (before the player left of the speaker).
    Query votes_first: fn(&Ti4Game, Player) -> bool;
    /// After an agenda's outcome (`AgendaPhase::outcome`: 0 "for", 1 "against", or an elected
    /// player's seat) is resolved.
    Trigger agenda_resolved: fn(&mut Ti4Game, Player, u8);
    /// Rules 23 (component actions): the targets for which the rule's "ACTION:" may be
    /// performed by the player at the start of an action-phase turn, each passed to the callback
    /// (a rule-defined byte; none when the action would change nothing or cannot be paid).
    Query component_targets: fn(&Ti4Game, Player, &mut dyn FnMut(u8));
    /// A "you may" of the rule at `window` (a point of the round loop, [`Window`]): each choice
    /// it offers the player, passed to the callback (a rule-defined number; none when taking it
    /// would change nothing or cannot be paid). The core asks ready cards only and offers the
    /// choices as a pending decision of that player (`Action::Choose`; `Done` declines).
    Query may_choices: fn(&Ti4Game, Player, Window, &mut dyn FnMut(u16));
    /// The player took a choice that `may_choices` offered at `window` (its cost included).
    Trigger may_resolve: fn(&mut Ti4Game, Player, Window, u16);
    /// What a choice `may_choices` offers does, as a statistics label (`sim` notes an event of
    /// that label, keyed by the rule's content id, when the player takes it; e.g. a technology
    /// gained or a Valefar copy made); `None`: no label beyond the ability's use.
    Query may_tally: fn(&Ti4Game, Player, u16) -> Option<&'static str>;
    /// Rules 23: the player performs the rule's component action on a target that
    /// `component_targets` offered (the cost included), and says what follows (the turn ends,
    /// or the action goes on with further decisions of the player).
    Trigger component_action: fn(&mut Ti4Game, Player, u8) -> ComponentThen;
    /// The dice of the rule's component action on this target (it answered
    /// `ComponentThen::Roll`), rolled at the chance step that follows it with the game's chance
    /// stream.
    Trigger component_roll: fn(&mut Ti4Game, Player, u8, &mut rand_chacha::ChaCha8Rng);

    // ---- Leaders (rules 51) -------------------------------------------------------------------
    /// Rules 51: the unlock condition of the player's own locked commander is met (the core asks
    /// after every step and unlocks it; heroes unlock with 3 scored objectives, in the core).
    Query commander_unlocked: fn(&Ti4Game, Player) -> bool;

    // ---- Setup, control, elimination ---------------------------------------------------------
    /// Setup, once each seat's components are in place (in seat order).
    Trigger seat_setup: fn(&Content, &mut State, Player);
    /// The player owns the Naalu "0" initiative token (it holds it at setup, and the token's
    /// elimination clause follows its owner).
    Query owns_zero_token: fn(&Content, &State, Player) -> bool;
    /// The player's play area may hold other factions' technologies (Technology 18).
    Query holds_other_factions_technologies: fn(&Content, &State, Player) -> bool;
    /// Invasion 49.6: the defender's PDS and space docks on a planet the player takes are
    /// replaced with the player's own from its reinforcements instead of destroyed.
    Replacement assimilates_structures: fn(&Content, &State, Player) -> bool;
    /// After the player gains control of the planet at this location in play (invasion and
    /// landing, rules 49.7; not at setup).
    Trigger control_gained: fn(&mut Ti4Game, Player, crate::ti4::state::Location);
    /// The player removes the custodians token from Mecatol Rex without spending influence
    /// (digest §5: it costs 6).
    Query custodians_free: fn(&Ti4Game, Player) -> bool;
    /// The player may score objectives without controlling every planet of its home system
    /// (status phase 1 and Imperial, rules 61).
    Query scores_without_home: fn(&Ti4Game, Player) -> bool;
    /// When the player would place a PDS on a planet (Construction), it may place 1 mech and 1
    /// infantry there instead (offered as `Action::Build(planet, Mech)`).
    Query deploys_instead_of_pds: fn(&Ti4Game, Player) -> bool;
    /// Units the player's rules place onto a planet where another player has ground forces
    /// fight there in the invasion step of the tactical action (instead of not being placed).
    Query placed_units_fight: fn(&Ti4Game, Player) -> bool;
    /// Influence another player (`committer`, the second player) must spend to commit ground
    /// forces to the planet at the location, which the player occupies (Invasion 49.3; paid as
    /// the first unit is committed there in the tactical action): a planet it cannot pay for is
    /// not offered.
    Query commit_influence: fn(&Ti4Game, Player, Player, crate::ti4::state::Location) -> u8;
    /// The player can never lose control of this planet.
    Query cannot_lose_planet: fn(&Content, &State, Player, PlanetId) -> bool;
    /// Units another player (`placer`) puts into a system of this tile are destroyed instead
    /// (asked of the rules of every other player in the game).
    Replacement units_placed: fn(&Content, &State, Player, Player, SystemId) -> bool;
    /// A planet the player controls that no other player's ground forces can take.
    Query planet_protected: fn(&Content, &State, Player, PlanetId) -> bool;
    /// Why the player cannot be eliminated now (the reason's name), if this rule says so.
    Query cannot_be_eliminated: fn(&Content, &State, Player) -> Option<&'static str>;
    /// The player may use the unlocked commander of `owner` (another player).
    Query uses_others_commander: fn(&Content, &State, Player, Player) -> bool;
    /// Units of a faction with these technologies that count as PRODUCTION sources for the
    /// elimination condition (extra bits of the production mask).
    Query production_mask: fn() -> u16;
}

/// The rules of one hook point: `(source, function)` pairs in registry order, and the union of
/// their sources, so that a player none of them applies to costs two bit tests.
#[derive(Clone, Debug)]
pub struct HookList<F> {
    entries: Vec<(Source, F)>,
    techs: TechSet,
    abilities: AbilitySet,
    planets: PlanetSet,
    any_tech: bool,
    any_planet: bool,
    any_card: bool,
    /// An agenda, exploration, relic, note or token rule is in the list (tested one by one).
    any_agenda: bool,
    /// A leader rule is in the list (`leader_entries`).
    any_leader: bool,
    /// Per leader rule, its faction and entry index: a candidate for the players of that faction.
    leader_entries: Vec<(FactionId, u16)>,
    /// The entries of commanders' rules: candidates too for a player who may use other players'
    /// commanders (hook point `uses_others_commander`).
    commander_entries: [u64; 4],
    /// The entries of action cards' rules.
    card_entries: [u64; 4],
    /// Bit per faction index (256 at most) whose units' rules are in the list.
    unit_factions: [u64; 4],
    /// Bit per entry index whose source is tested one by one: agendas, units, and a source
    /// whose id already has an entry (the others are found through the maps below).
    plain: [u64; 4],
    /// Per action-card copy of the content, the index of the entry of its card (`NO_ENTRY`
    /// when no rule of the list is that card's); filled by [`HookList::index_cards`].
    card_entry: Vec<u16>,
    /// Per technology, planet and ability id, the index of the entry of that source
    /// (`NO_ENTRY` when none; the vectors reach the largest id with an entry).
    tech_entry: Vec<u16>,
    planet_entry: Vec<u16>,
    ability_entry: Vec<u16>,
}

/// Records entry `i` under id `id` of `map` (growing it); false when the id already has one.
fn index_entry(map: &mut Vec<u16>, id: usize, i: usize) -> bool {
    if map.len() <= id {
        map.resize(id + 1, NO_ENTRY);
    }
    let free = map[id] == NO_ENTRY;
    if free {
        map[id] = i as u16;
    }
    free
}

/// Sets bit `i` of an entry set.
#[inline]
fn set_entry(m: &mut [u64; 4], i: u16) {
    m[i as usize / 64] |= 1 << (i % 64);
}

/// True when two entry sets share an entry.
#[inline]
fn meet(a: &[u64; 4], b: &[u64; 4]) -> bool {
    a.iter().zip(b).any(|(x, y)| x & y != 0)
}

/// Every entry of a list.
const ALL_ENTRIES: [u64; 4] = [u64::MAX; 4];

/// Adds to `m` the entries `map` holds for `ids`.
#[inline]
fn add_entries(m: &mut [u64; 4], map: &[u16], ids: impl Iterator<Item = usize>) {
    for id in ids {
        if let Some(&i) = map.get(id).filter(|&&i| i != NO_ENTRY) {
            set_entry(m, i);
        }
    }
}

/// The most rules one hook point holds (entry indices are bits of four words).
const MAX_HOOK_ENTRIES: usize = 256;
/// `HookList::card_entry` of a copy whose card has no rule in the list.
const NO_ENTRY: u16 = u16::MAX;

impl<F> Default for HookList<F> {
    fn default() -> Self {
        HookList {
            entries: Vec::new(),
            techs: TechSet::EMPTY,
            abilities: AbilitySet::EMPTY,
            planets: PlanetSet::EMPTY,
            any_tech: false,
            any_planet: false,
            any_card: false,
            any_agenda: false,
            any_leader: false,
            leader_entries: Vec::new(),
            commander_entries: [0; 4],
            card_entries: [0; 4],
            unit_factions: [0; 4],
            plain: [0; 4],
            card_entry: Vec::new(),
            tech_entry: Vec::new(),
            planet_entry: Vec::new(),
            ability_entry: Vec::new(),
        }
    }
}

impl<F: Copy> HookList<F> {
    fn push(&mut self, src: Source, f: F) {
        let i = self.entries.len();
        assert!(i < MAX_HOOK_ENTRIES, "more than {MAX_HOOK_ENTRIES} rules at one hook point");
        let indexed = match src {
            Source::Tech(t) => index_entry(&mut self.tech_entry, t.idx(), i),
            Source::Planet(pl) => index_entry(&mut self.planet_entry, pl.idx(), i),
            Source::Ability(k) => index_entry(&mut self.ability_entry, k.0 as usize, i),
            Source::ActionCard(_) => true,
            Source::Leader(_, f) => {
                self.leader_entries.push((f, i as u16));
                true
            }
            Source::Agenda(_)
            | Source::Unit(..)
            | Source::Exploration(_)
            | Source::Relic(_)
            | Source::Note(_)
            | Source::Token(_) => false,
        };
        if !indexed {
            set_entry(&mut self.plain, i as u16);
        }
        match src {
            Source::Tech(t) => {
                self.techs.insert(t);
                self.any_tech = true;
            }
            Source::Ability(k) => self.abilities.insert(k),
            Source::Planet(p) => {
                self.planets.insert(p);
                self.any_planet = true;
            }
            Source::ActionCard(_) => self.any_card = true,
            Source::Agenda(_) | Source::Exploration(_) | Source::Relic(_) | Source::Note(_) | Source::Token(_) => {
                self.any_agenda = true
            }
            Source::Leader(..) => self.any_leader = true,
            Source::Unit(_, f) => self.unit_factions[f.idx() / 64] |= 1 << (f.idx() % 64),
        }
        self.entries.push((src, f));
    }
    /// The list of the entries of `allowed` alone (bit per entry index), in order.
    fn among(&self, c: &Content, allowed: &[u64; 4]) -> HookList<F> {
        let mut out = HookList::default();
        for (i, &(src, f)) in self.entries.iter().enumerate() {
            if allowed[i / 64] >> (i % 64) & 1 == 1 {
                out.push(src, f);
            }
        }
        out.index_cards(c);
        out
    }
    /// Maps each action-card copy of `c` to the entry of its card's rule (after the last
    /// `push`).
    fn index_cards(&mut self, c: &Content) {
        self.card_entry = vec![NO_ENTRY; c.cards.action_copies.len()];
        for (i, (src, _)) in self.entries.iter().enumerate() {
            if let Source::Leader(l, _) = *src {
                if c.cards.leaders[l.idx()].kind == crate::ti4::content::LeaderKind::Commander {
                    set_entry(&mut self.commander_entries, i as u16);
                }
            }
            if let Source::ActionCard(card) = *src {
                set_entry(&mut self.card_entries, i as u16);
                let (first, n) = c.cards.copies_of(card);
                for e in self.card_entry.iter_mut().skip(first).take(n) {
                    *e = i as u16;
                }
            }
        }
    }
    /// The entries that may apply to `p`, bit per entry index: those of the technologies it
    /// owns, the planets it controls, its faction's abilities and the action cards it may play
    /// ([`source::playable_copies`]), and the entries tested one by one (`plain`); so that a
    /// player costs one bit per source it holds instead of one test per rule of the list.
    #[inline]
    fn candidates(&self, c: &Content, s: &State, p: Player, allowed: &[u64; 4]) -> [u64; 4] {
        let mut m = self.plain;
        let ps = s.player(p);
        if self.any_tech {
            add_entries(&mut m, &self.tech_entry, ps.techs.intersection(self.techs).iter().map(|t| t.idx()));
        }
        if !self.abilities.is_empty() {
            let known = c.factions[ps.faction.idx()].known_abilities.intersection(self.abilities);
            add_entries(&mut m, &self.ability_entry, known.iter().map(|k| k.0 as usize));
        }
        if self.any_planet {
            add_entries(&mut m, &self.planet_entry, ps.planets.intersection(self.planets).iter().map(|pl| pl.idx()));
        }
        if self.any_leader {
            for &(f, i) in &self.leader_entries {
                if f == ps.faction {
                    set_entry(&mut m, i);
                }
            }
            if meet(&self.commander_entries, allowed) && source::may_use_others_commanders(c, s, p) {
                for (w, e) in m.iter_mut().zip(self.commander_entries) {
                    *w |= e;
                }
            }
        }
        if self.any_card && meet(&self.card_entries, allowed) {
            let copies = source::playable_copies(c, s, p);
            for (half, word) in [copies as u64, (copies >> 64) as u64].into_iter().enumerate() {
                for b in crate::ti4::galaxy::bits(word) {
                    if let Some(&i) = self.card_entry.get(half * 64 + b as usize).filter(|&&i| i != NO_ENTRY) {
                        set_entry(&mut m, i);
                    }
                }
            }
        }
        m
    }
    /// How many rules take part.
    pub fn len(&self) -> usize {
        self.entries.len()
    }
    /// True when no rule takes part.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
    /// The `i`-th entry.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> (Source, F) {
        self.entries[i]
    }
    /// Every entry, in registry order.
    pub(crate) fn iter(&self) -> impl Iterator<Item = &(Source, F)> {
        self.entries.iter()
    }
    /// False when no rule of the list can apply to `p` (the fast path).
    #[inline]
    pub(crate) fn may_apply(&self, c: &Content, s: &State, p: Player) -> bool {
        let ps = s.player(p);
        (self.any_tech && ps.techs.intersects(&self.techs))
            || (!self.abilities.is_empty() && c.factions[ps.faction.idx()].known_abilities.intersects(self.abilities))
            || (self.any_planet && ps.planets.intersects(&self.planets))
            || self.any_card
            || self.any_agenda
            || self.any_leader
            || self.unit_factions[ps.faction.idx() / 64] >> (ps.faction.idx() % 64) & 1 == 1
    }
}

/// A rule: the content id it comes from and the hook points it fills.
#[derive(Clone, Copy)]
pub struct Rule {
    /// The source, by content id.
    pub source: SourceKey,
    /// The hook functions.
    pub hooks: Hooks,
}

/// The function type of hook point `may_choices`.
pub(crate) type MayChoicesFn = fn(Source, &Ti4Game, Player, Window, &mut dyn FnMut(u16));

/// Every rule the engine implements: the faction rules, then the generic technology rules,
/// then the action-card rules, then the rules of laws a player owns.
pub fn rules() -> impl Iterator<Item = &'static Rule> {
    registry().map(|(_, r)| r)
}

/// Every rule with the faction whose file holds it (`None` for the generic technology, the
/// action-card and the law rules), in [`rules`] order.
pub fn registry() -> impl Iterator<Item = (Option<&'static str>, &'static Rule)> {
    let factions = crate::ti4::factions::FACTIONS.iter().flat_map(|&(f, r)| r.iter().map(move |r| (Some(f), r)));
    factions
        .chain(crate::ti4::techs::RULES.iter().map(|r| (None, r)))
        .chain(crate::ti4::action_cards::RULES.iter().map(|r| (None, r)))
        .chain(crate::ti4::laws::RULES.iter().map(|r| (None, r)))
        .chain(crate::ti4::exploration::RULES.iter().map(|r| (None, r)))
}

/// A rule the registry lists twice, or a source the content cannot resolve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuleError {
    /// Two rules name the same source.
    Duplicate(SourceKey),
}

impl RuleBook {
    /// Resolves every rule of the registry against `c`: a rule whose source the content lacks
    /// is left out (a content without the card has no rule for it).
    pub fn build(c: &Content) -> RuleBook {
        let mut book = RuleBook::default();
        for r in rules() {
            if let Some(src) = resolve(c, r.source) {
                book.add(src, &r.hooks);
                book.sources.push((src, r.source));
            }
        }
        book.index_cards(c);
        book.may_by_window = book.may_windows.iter().map(|allowed| book.may_choices.among(c, allowed)).collect();
        book.commander_rule_of_faction = vec![u16::MAX; c.factions.len()];
        for (i, (src, _)) in book.commander_unlocked.entries.iter().enumerate() {
            if let Source::Leader(_, f) = *src {
                book.commander_rule_of_faction[f.idx()] = i as u16;
            }
        }
        book
    }

    /// The content id a resolved source came from.
    pub fn key(&self, src: Source) -> Option<SourceKey> {
        self.sources.iter().find(|(s, _)| *s == src).map(|&(_, k)| k)
    }
}

fn resolve(c: &Content, key: SourceKey) -> Option<Source> {
    match key {
        SourceKey::Tech(id) => c.tech(id).map(Source::Tech),
        SourceKey::Ability(id) => crate::ti4::factions::ability_bit(id).map(Source::Ability),
        SourceKey::Planet(id) => c.planet(id).map(Source::Planet),
        SourceKey::ActionCard(id) => c.cards.action_card(id).map(Source::ActionCard),
        SourceKey::Agenda(id) => c.cards.agenda(id).map(Source::Agenda),
        SourceKey::Unit(id) => c.unit(id).and_then(|u| c.units[u.idx()].faction.map(|f| Source::Unit(u, f))),
        SourceKey::Exploration(id) => c.cards.exploration(id).map(Source::Exploration),
        SourceKey::Relic(id) => c.cards.relic(id).map(Source::Relic),
        SourceKey::Note(id) => c.cards.note(id).filter(|&n| c.cards.notes[n.idx()].faction.is_some()).map(Source::Note),
        SourceKey::Leader(id) => c.cards.leader(id).map(|l| Source::Leader(l, c.cards.leaders[l.idx()].faction)),
        SourceKey::Token(id) => crate::ti4::factions::ability_bit(id).map(Source::Token),
    }
}

/// Checks the registry: no source twice.
pub fn check_registry() -> Result<(), RuleError> {
    let all: Vec<_> = rules().collect();
    for (i, r) in all.iter().enumerate() {
        if all[..i].iter().any(|q| q.source == r.source) {
            return Err(RuleError::Duplicate(r.source));
        }
    }
    Ok(())
}

#[cfg(test)]
thread_local! {
    static EXERCISED: std::cell::RefCell<Vec<u64>> = std::cell::RefCell::new(vec![0; HOOK_POINTS.len()]);
}

/// Counts, in test builds, that an active rule answered at hook point `h` (the random
/// simulation test checks that every hook point is reached).
#[inline(always)]
pub(crate) fn exercised(_h: HookId) {
    #[cfg(test)]
    EXERCISED.with(|e| e.borrow_mut()[_h as usize] += 1);
}

/// Per hook point (in [`HOOK_POINTS`] order), how often an active rule answered on this thread.
#[cfg(test)]
pub(crate) fn exercise_counts() -> Vec<u64> {
    EXERCISED.with(|e| e.borrow().clone())
}

/// The entries of `list` whose source applies to `p` (and, with `only_ready`, whose card is
/// ready), counted as exercising `h`.
#[inline]
fn matching<'a, F: Copy>(
    list: &'a HookList<F>,
    h: HookId,
    c: &'a Content,
    s: &'a State,
    p: Player,
    only_ready: bool,
    allowed: [u64; 4],
) -> impl Iterator<Item = (Source, F)> + 'a {
    // The action-card entries among the candidates are those of the cards `p` may play: the
    // same answer as `Source::active`.
    let mut candidates = [0; 4];
    if allowed != [0; 4] && list.may_apply(c, s, p) {
        candidates = list.candidates(c, s, p, &allowed);
        for (m, a) in candidates.iter_mut().zip(allowed) {
            *m &= a;
        }
    }
    (0..4usize)
        .flat_map(move |w| crate::ti4::galaxy::bits(candidates[w]).map(move |b| w * 64 + b as usize))
        .map(move |i| list.entries[i])
        .filter(move |(src, _)| match *src {
            Source::ActionCard(_) => true,
            _ if only_ready => src.ready(c, s, p),
            _ => src.active(c, s, p),
        })
        .inspect(move |_| exercised(h))
}

/// The entries of `list` whose source applies to `p`, counted as exercising `h`.
#[inline]
pub(crate) fn active<'a, F: Copy>(
    list: &'a HookList<F>,
    h: HookId,
    c: &'a Content,
    s: &'a State,
    p: Player,
) -> impl Iterator<Item = (Source, F)> + 'a {
    matching(list, h, c, s, p, false, ALL_ENTRIES)
}

/// As [`active`], for ready technology cards (exhausted cards take no part).
#[inline]
pub(crate) fn ready<'a, F: Copy>(
    list: &'a HookList<F>,
    h: HookId,
    c: &'a Content,
    s: &'a State,
    p: Player,
) -> impl Iterator<Item = (Source, F)> + 'a {
    matching(list, h, c, s, p, true, ALL_ENTRIES)
}

#[cfg(test)]
mod tests;
