//! Star Wars: Legion, "Legion-lite" (digest `legion-rules.md` §6): two armies on a grid,
//! five rounds of Command, Activation and End Phase, with the End Phase (the seed text) in
//! exactly its printed order.
//!
//! Modules, one per rulebook area:
//! - [`options`]: rule options and variants; [`roster`]: unit cards and armies;
//!   [`dice`]: dice faces; [`board`]: grid, terrain, range, LOS, cover, movement;
//! - [`command`]: Command Phase (cards, priority, nominate and orders, order pool, pass pool);
//! - [`activation`], [`actions`]: Activation Phase (turns, pool draws, passes, a unit's activation and its
//!   actions, Standby); [`attack`]: the attack sequence, wounds, suppression and defeat;
//! - [`mission`]: objectives and scoring; [`end_phase`]: the End Phase and its statistics;
//! - [`position`]: positions as JSON; [`explain`]: `explain_end_phase`;
//!   [`summary`]: per-side facts for evaluators; `play` implements [`Game`].
//!
//! Chance: every die, pool draw and setup draw happens at a [`crate::game::Turn::Chance`] state and comes
//! from the RNG passed to `apply_chance`. Hidden information: the command card a player has
//! chosen but not yet revealed. Card choice is a *sequential hidden choice* (player 0 first,
//! then player 1; see the `game` module docs): the second chooser's observation shows only
//! that the first has chosen, and `determinize` re-samples that card among the first
//! player's playable cards. Hands and discards are public, as at the table.
//!
//! Automatic defaults (documented, not decisions): reroll picks (Aim, Observation: reroll
//! blanks, then surges the unit cannot convert, spending a token only when such a die
//! exists), surge-token spending (only on unconverted surges), dodge spending (while hits
//! remain, or one for Deflect), Backup (always used when it applies), wound allocation
//! (wounded model first, heavy-weapon model second to last, leader last). See `docs/LEGION.md` for the full list of what is faithful,
//! simplified and not modelled.

pub mod actions;
pub mod activation;
pub mod attack;
pub mod board;
pub mod command;
pub mod dice;
pub mod end_phase;
#[cfg(test)]
mod end_phase_tests;
pub mod explain;
mod invariants;
pub mod mission;
pub mod options;
mod play;
pub mod position;
#[cfg(test)]
mod position_tests;
pub mod roster;
pub mod summary;
#[cfg(test)]
mod tests;

use board::{geometry, Cell, CellSet, Geometry, NO_CELL};
use command::{Card, NO_CARD};
use end_phase::EndPhaseTally;
use options::{LegionOptions, Primary, Secondary};
use roster::{army, Class, Rank, TypeId, UnitType, MAX_ARMY, RANKS, UNIT_TYPES};

pub use play::{Action, LegionObservation};

use crate::game::Game;

/// Unit slots in the state: player `p`'s units are `8p .. 8p + army size`.
pub const MAX_UNITS: usize = 2 * MAX_ARMY;
/// A unit slot (`8 * player + index in the army`).
pub type Slot = u8;
/// No unit.
pub const NO_SLOT: Slot = u8::MAX;

/// Tokens on a unit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize, serde::Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Tokens {
    /// Aim tokens.
    pub aim: u8,
    /// Dodge tokens.
    pub dodge: u8,
    /// Observation tokens (placed by the enemy's Observe).
    pub observation: u8,
    /// Surge tokens.
    pub surge: u8,
    /// Standby token (0 or 1).
    pub standby: u8,
    /// Suppression tokens.
    pub suppression: u8,
}

/// One unit's state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Unit {
    /// Unit card ([`roster::UNIT_TYPES`] index).
    pub kind: TypeId,
    /// Cell, or [`NO_CELL`] while undeployed or once defeated.
    pub cell: Cell,
    /// Wounds suffered.
    pub wounds: u8,
    /// Tokens held.
    pub tokens: Tokens,
    /// Promoted to Commander at an End Phase.
    pub promoted: bool,
    /// Has Field Commander (variant C).
    pub field_commander: bool,
    /// Holds a Commander token (a Field Commander in an army without a Commander).
    pub commander_token: bool,
    /// Defeated.
    pub defeated: bool,
    /// Round it was defeated in (0 while alive).
    pub defeated_round: u8,
    /// Has a face-up order token this round (cleared when it activates).
    pub ordered: bool,
    /// Has activated this round.
    pub activated: bool,
    /// Has been deployed (made its Deploy move).
    pub deployed: bool,
    /// Holds the Vehicle Damage token.
    pub damaged: bool,
    /// Marked by the enemy for S1 "Marked Targets".
    pub marked: bool,
    /// Its S1 VP has been scored.
    pub marked_paid: bool,
}

impl Unit {
    fn new(kind: TypeId) -> Unit {
        Unit {
            kind,
            cell: NO_CELL,
            wounds: 0,
            tokens: Tokens::default(),
            promoted: false,
            field_commander: false,
            commander_token: false,
            defeated: false,
            defeated_round: 0,
            ordered: false,
            activated: false,
            deployed: false,
            damaged: false,
            marked: false,
            marked_paid: false,
        }
    }
    /// The unit card.
    pub fn card(&self) -> &'static UnitType {
        &UNIT_TYPES[self.kind as usize]
    }
    /// Rank: Commander once promoted, otherwise the card's.
    pub fn rank(&self) -> Rank {
        if self.promoted {
            Rank::Commander
        } else {
            self.card().rank
        }
    }
    /// Wounds left.
    pub fn remaining(&self) -> u8 {
        self.card().total_wounds() - self.wounds
    }
    /// Models alive (wounded models are finished first).
    pub fn models_alive(&self) -> u8 {
        self.remaining().div_ceil(self.card().wounds)
    }
}

/// The step the game is at: which decision or chance event comes next.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Step {
    /// Chance: blue player, mission, marked targets.
    Setup,
    /// The player chooses a command card (hidden until both have chosen).
    ChooseCard(u8),
    /// Chance: the blue player rolls a red defense die for priority.
    PriorityRoll,
    /// The player nominates a commander for a non-unit-specific card.
    Nominate(u8),
    /// The player issues one more order.
    IssueOrder(u8),
    /// The player's turn in the Activation Phase.
    Turn(u8),
    /// Chance: the player draws an order token from their pool.
    Draw(u8),
    /// The player picks a unit of the drawn rank.
    ChooseDrawn(u8),
    /// New Ways to Motivate Them: the active unit may suffer 1 wound for a free action.
    NewWaysOffer,
    /// Chance: Rally and the Vehicle Damage roll.
    ActivationRoll,
    /// The active unit chooses an action.
    Act,
    /// The active unit chooses its Move's destination.
    MoveTo,
    /// The active unit chooses its Attack's target.
    AttackTarget,
    /// The active unit chooses its Observe's target.
    ObserveTarget,
    /// Chance: the pending attack is rolled.
    AttackRoll,
    /// The Standby unit in this slot may spend its token to attack the triggering enemy.
    StandbyOffer(Slot),
    /// Implacable: Vader may suffer 1 wound to return a Commander token to the pool.
    ImplacableOffer,
    /// The player chooses a Trooper unit to promote.
    Promote(u8),
    /// The game is over.
    Over,
}

/// The activation in progress.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct ActivationState {
    /// The active unit.
    pub unit: Slot,
    /// Actions left.
    pub actions: u8,
    /// Once-per-activation actions used ([`activation::used`] bits).
    pub used: u8,
    /// Attacks made.
    pub attacks: u8,
    /// Relentless: a free attack is available.
    pub free_attack: bool,
    /// Charge: a free melee attack is available.
    pub free_melee: bool,
    /// Panicked at the start of the activation.
    pub panicked: bool,
    /// New Ways to Motivate Them gave a free action.
    pub bonus: bool,
    /// The Vehicle Damage roll was a blank.
    pub damage_blank: bool,
}

/// An attack waiting for its roll.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct PendingAttack {
    /// Attacking unit.
    pub attacker: Slot,
    /// Defending unit.
    pub defender: Slot,
    /// A melee attack.
    pub melee: bool,
    /// A Standby reaction (the activation resumes after it).
    pub reaction: bool,
}

/// How the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    /// Not over.
    None,
    /// 12 VP and a lead at the end of an End Phase.
    Victory,
    /// Only one player has undefeated units.
    Tabling,
    /// The last round ended: VP, then lost points.
    Rounds,
}

/// One state of a Legion-lite game. Fixed-size and allocation-free: `clone` is a copy.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct LegionGame {
    pub(crate) opts: LegionOptions,
    pub(crate) round: u8,
    pub(crate) step: Step,
    pub(crate) priority: u8,
    pub(crate) blue: u8,
    pub(crate) vp: [u8; 2],
    pub(crate) units: [Unit; MAX_UNITS],
    pub(crate) n_units: [u8; 2],
    pub(crate) primary: Primary,
    pub(crate) secondary: Secondary,
    /// Command cards in hand (bit per [`Card`]).
    pub(crate) hand: [u16; 2],
    /// Discarded command cards.
    pub(crate) discard: [u16; 2],
    /// Chosen, not yet revealed ([`NO_CARD`] for none).
    pub(crate) chosen: [u8; 2],
    /// Revealed this round and still in play ([`NO_CARD`] for none).
    pub(crate) revealed: [u8; 2],
    pub(crate) nominee: [Slot; 2],
    pub(crate) orders_left: u8,
    pub(crate) orders_troopers_only: bool,
    pub(crate) cmd_index: u8,
    pub(crate) order_pool: [[u8; RANKS]; 2],
    pub(crate) pass_pool: [u8; 2],
    pub(crate) passed_last: [bool; 2],
    pub(crate) drawn: u8,
    pub(crate) implacable_used: [bool; 2],
    pub(crate) implacable_pending: [bool; 2],
    pub(crate) no_commander: [bool; 2],
    pub(crate) act: ActivationState,
    pub(crate) pending: PendingAttack,
    pub(crate) standby_scan: u8,
    pub(crate) promote_index: u8,
    pub(crate) s1_paid: [u8; 2],
    pub(crate) s2_paid: [u8; 2],
    pub(crate) lost_points: [u16; 2],
    pub(crate) winner: u8,
    pub(crate) end_reason: EndReason,
    pub(crate) tally: EndPhaseTally,
}

/// `winner` of a drawn game.
pub const DRAW: u8 = 2;
/// `winner` while the game goes on.
pub const ONGOING: u8 = u8::MAX;

impl Default for LegionGame {
    fn default() -> Self {
        Self::new(LegionOptions::default())
    }
}

impl LegionGame {
    /// A new game with `opts`, at its setup chance event (blue player, mission if random,
    /// marked targets: all drawn from the RNG given to `apply_chance`).
    ///
    /// # Panics
    /// If `opts` is not valid ([`LegionOptions::is_valid`]).
    pub fn new(opts: LegionOptions) -> LegionGame {
        assert!(opts.is_valid(), "invalid Legion options {opts:?}");
        let mut units = [Unit::new(0); MAX_UNITS];
        let mut n_units = [0u8; 2];
        let mut hand = [0u16; 2];
        for p in 0..2 {
            let (list, n) = army(opts.factions[p], opts.commanders);
            n_units[p] = n as u8;
            for (i, &t) in list[..n].iter().enumerate() {
                let mut u = Unit::new(t);
                if opts.commanders == options::CommanderVariant::FieldCommander && u.card().rank == Rank::SpecialForces
                {
                    u.field_commander = true;
                    u.commander_token = true;
                }
                units[p * MAX_ARMY + i] = u;
            }
            hand[p] = command::starting_hand(opts.factions[p]);
        }
        let (primary, secondary) = match opts.mission {
            options::MissionChoice::Fixed { primary, secondary } => (primary, secondary),
            options::MissionChoice::Random => (Primary::HoldTheLine, Secondary::MarkedTargets),
        };
        LegionGame {
            opts,
            round: 1,
            step: Step::Setup,
            priority: 0,
            blue: 0,
            vp: [0; 2],
            units,
            n_units,
            primary,
            secondary,
            hand,
            discard: [0; 2],
            chosen: [NO_CARD; 2],
            revealed: [NO_CARD; 2],
            nominee: [NO_SLOT; 2],
            orders_left: 0,
            orders_troopers_only: false,
            cmd_index: 0,
            order_pool: [[0; RANKS]; 2],
            pass_pool: [0; 2],
            passed_last: [false; 2],
            drawn: 0,
            implacable_used: [false; 2],
            implacable_pending: [false; 2],
            no_commander: [false; 2],
            act: ActivationState::default(),
            pending: PendingAttack::default(),
            standby_scan: 0,
            promote_index: 0,
            s1_paid: [0; 2],
            s2_paid: [0; 2],
            lost_points: [0; 2],
            winner: ONGOING,
            end_reason: EndReason::None,
            tally: EndPhaseTally::default(),
        }
    }

    /// A new game with `opts`, its setup already drawn from `ChaCha8Rng` seed `seed` (blue
    /// player, and the mission when `opts.mission` is random).
    pub fn with_seed(opts: LegionOptions, seed: u64) -> LegionGame {
        use rand::SeedableRng;
        let mut g = LegionGame::new(opts);
        g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed));
        g
    }

    /// The rule options.
    pub fn options(&self) -> &LegionOptions {
        &self.opts
    }
    /// The board.
    pub fn geometry(&self) -> &'static Geometry {
        geometry(self.opts.board)
    }
    /// Current round, 1-based (one past the last once the game ended on rounds).
    pub fn round(&self) -> u8 {
        self.round
    }
    /// The step the game is at.
    pub fn step(&self) -> Step {
        self.step
    }
    /// The player with priority this round.
    pub fn priority(&self) -> usize {
        self.priority as usize
    }
    /// The blue player.
    pub fn blue(&self) -> usize {
        self.blue as usize
    }
    /// Victory points of `player`.
    pub fn vp(&self, player: usize) -> u8 {
        self.vp[player]
    }
    /// The mission: objective card and secondary objective card.
    pub fn mission(&self) -> (Primary, Secondary) {
        (self.primary, self.secondary)
    }
    /// The unit in `slot`.
    pub fn unit(&self, slot: Slot) -> &Unit {
        &self.units[slot as usize]
    }
    /// The slots of `player`'s units.
    pub fn slots(&self, player: usize) -> std::ops::Range<Slot> {
        let base = (player * MAX_ARMY) as Slot;
        base..base + self.n_units[player]
    }
    /// The owner of `slot`.
    pub fn owner(slot: Slot) -> usize {
        slot as usize / MAX_ARMY
    }
    /// Points of `player`'s defeated units (the tie-break: fewer wins).
    pub fn lost_points(&self, player: usize) -> u16 {
        self.lost_points[player]
    }
    /// Points of `player`'s undefeated units.
    pub fn remaining_points(&self, player: usize) -> u16 {
        self.slots(player).filter(|&s| !self.units[s as usize].defeated).map(|s| self.unit(s).card().points).sum()
    }
    /// Wounds left over all of `player`'s units, and their total at full strength.
    pub fn remaining_wounds(&self, player: usize) -> (u16, u16) {
        self.slots(player).fold((0, 0), |(r, t), s| {
            let u = self.unit(s);
            (r + u.remaining() as u16, t + u.card().total_wounds() as u16)
        })
    }
    /// Command cards in `player`'s hand.
    pub fn hand(&self, player: usize) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(move |c| self.hand[player] & c.bit() != 0)
    }
    /// Command cards in `player`'s discard pile.
    pub fn discards(&self, player: usize) -> impl Iterator<Item = Card> + '_ {
        Card::ALL.into_iter().filter(move |c| self.discard[player] & c.bit() != 0)
    }
    /// The card `player` revealed this round and still has in play.
    pub fn revealed(&self, player: usize) -> Option<Card> {
        Card::from_index(self.revealed[player])
    }
    /// Advantage tokens in `player`'s pass pool.
    pub fn pass_pool(&self, player: usize) -> u8 {
        self.pass_pool[player]
    }
    /// Order tokens of each rank in `player`'s order pool.
    pub fn order_pool(&self, player: usize) -> [u8; RANKS] {
        self.order_pool[player]
    }
    /// True once `player` has no Commander and could not promote one (no command cards).
    pub fn has_no_commander(&self, player: usize) -> bool {
        self.no_commander[player]
    }
    /// The End Phase statistics of this game so far.
    pub fn tally(&self) -> &EndPhaseTally {
        &self.tally
    }
    /// Why the game ended ([`EndReason::None`] while it goes on).
    pub fn end_reason(&self) -> EndReason {
        self.end_reason
    }
    /// The winner (0 or 1), [`DRAW`], or [`ONGOING`].
    pub fn winner(&self) -> u8 {
        self.winner
    }

    pub(crate) fn alive(&self, s: Slot) -> bool {
        !self.units[s as usize].defeated
    }
    /// True when the unit in `slot` is on the board and undefeated.
    pub fn on_board(&self, s: Slot) -> bool {
        let u = &self.units[s as usize];
        !u.defeated && u.cell != NO_CELL
    }
    /// True when `player` has an undefeated Commander (original or promoted) or a Field
    /// Commander holding the Commander token: the condition for playing command cards.
    pub fn has_commander(&self, player: usize) -> bool {
        self.slots(player).any(|s| {
            let u = self.unit(s);
            !u.defeated && (u.rank() == Rank::Commander || (u.field_commander && u.commander_token))
        })
    }
    /// Cells holding units.
    pub(crate) fn occupied(&self) -> CellSet {
        let mut c = CellSet::default();
        for u in &self.units {
            if !u.defeated && u.cell != NO_CELL {
                c.insert(u.cell);
            }
        }
        c
    }
    /// Cells holding ground vehicles.
    pub(crate) fn vehicle_cells(&self) -> CellSet {
        let mut c = CellSet::default();
        for u in &self.units {
            if !u.defeated && u.cell != NO_CELL && u.card().class == Class::GroundVehicle {
                c.insert(u.cell);
            }
        }
        c
    }
    /// Courage for Panic: the unit's own, or a friendly Commander's within range 3 ("–" is
    /// infinite, `u8::MAX`), or 2 near a Field Commander token holder; 0 for "–" units.
    pub fn panic_courage(&self, s: Slot) -> u8 {
        let u = self.unit(s);
        let own = u.card().courage;
        if own == 0 || u.cell == NO_CELL {
            return if own == 0 { u8::MAX } else { own };
        }
        let geo = self.geometry();
        let mut best = own;
        for f in self.slots(Self::owner(s)) {
            let c = self.unit(f);
            if c.defeated || c.cell == NO_CELL || geo.band(c.cell, u.cell) > 3 {
                continue;
            }
            if c.rank() == Rank::Commander {
                best = best.max(if c.card().courage == 0 { u8::MAX } else { c.card().courage });
            } else if c.field_commander && c.commander_token {
                best = best.max(2);
            }
        }
        best
    }
    /// Suppressed: suppression at least the unit's courage (troopers with courage only).
    pub fn is_suppressed(&self, s: Slot) -> bool {
        let u = self.unit(s);
        u.card().courage > 0 && u.tokens.suppression >= u.card().courage
    }
    /// Panicked: suppression at least twice the courage it may use.
    pub fn is_panicked(&self, s: Slot) -> bool {
        let c = self.panic_courage(s);
        c != u8::MAX && self.unit(s).tokens.suppression >= c.saturating_mul(2)
    }
}
