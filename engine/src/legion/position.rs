//! Positions: a Legion-lite state as JSON (format in `docs/LEGION.md`), read with errors that
//! name the field path, and written from any state at rest (the start of a Command Phase, a
//! turn of the Activation Phase, the end of the game). A position at `"phase": "end"` is the
//! moment the Activation Phase has ended; reading it resolves the End Phase up to the first
//! promotion decision, and [`super::explain::explain_end_phase`] explains it step by step.
//!
//! Derived, not stored: lost points (from the defeated units) and "promoted" (a Trooper whose
//! `rank` is `commander` while its card's is not).

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::NO_CELL;
use super::command::{starting_hand, Card, NO_CARD};
use super::options::{LegionOptions, Primary, Secondary};
use super::roster::{army, Rank, MAX_ARMY, RANKS, UNIT_TYPES};
use super::{EndReason, LegionGame, Step, Tokens, DRAW, ONGOING};

/// Which point of the round a position is at.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Start of the Command Phase (no card chosen yet).
    Command,
    /// A turn of the Activation Phase (`turn` says whose).
    Activation,
    /// Start of the End Phase.
    End,
    /// The game is over.
    Over,
}

/// The mission of a position.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MissionJson {
    /// Objective card.
    pub primary: Primary,
    /// Secondary objective card.
    pub secondary: Secondary,
}

/// One unit of a position.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitJson {
    /// Unit card id (must match the army list at this index).
    pub id: String,
    /// `[x, y]`, or absent/null while undeployed or once defeated.
    #[serde(default)]
    pub cell: Option<[u8; 2]>,
    /// Wounds suffered.
    #[serde(default)]
    pub wounds: u8,
    /// Tokens held.
    #[serde(default)]
    pub tokens: Tokens,
    /// Rank, `commander` for a promoted Trooper.
    pub rank: Rank,
    /// Defeated.
    #[serde(default)]
    pub defeated: bool,
    /// Round of defeat (0 while alive).
    #[serde(default)]
    pub defeated_round: u8,
    /// Has a face-up order token.
    #[serde(default)]
    pub ordered: bool,
    /// Has activated this round.
    #[serde(default)]
    pub activated: bool,
    /// Has made its Deploy move.
    #[serde(default)]
    pub deployed: bool,
    /// Holds the Vehicle Damage token.
    #[serde(default)]
    pub damaged: bool,
    /// Marked by the enemy (S1).
    #[serde(default)]
    pub marked: bool,
    /// Its S1 VP has been scored.
    #[serde(default)]
    pub marked_paid: bool,
    /// Has Field Commander.
    #[serde(default)]
    pub field_commander: bool,
    /// Holds the Commander token (Field Commander).
    #[serde(default)]
    pub commander_token: bool,
}

/// One player of a position.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerJson {
    /// Command cards in hand.
    pub hand: Vec<Card>,
    /// Discarded command cards.
    #[serde(default)]
    pub discard: Vec<Card>,
    /// The card revealed this round and still in play.
    #[serde(default)]
    pub revealed: Option<Card>,
    /// Advantage tokens in the pass pool.
    #[serde(default)]
    pub pass_pool: u8,
    /// Order tokens by rank (commander, operative, corps, special forces, support, heavy).
    #[serde(default)]
    pub order_pool: [u8; RANKS],
    /// Passed on the previous turn.
    #[serde(default)]
    pub passed_last: bool,
    /// Left without a Commander (cannot play cards).
    #[serde(default)]
    pub no_commander: bool,
    /// Implacable resolved this round.
    #[serde(default)]
    pub implacable_used: bool,
    /// Vader's Implacable re-activation (one action fewer) is pending.
    #[serde(default)]
    pub implacable_pending: bool,
    /// S1 VP scored so far.
    #[serde(default)]
    pub marked_targets_scored: u8,
    /// S2 VP scored so far.
    #[serde(default)]
    pub decapitation_scored: u8,
    /// Units, in army-list order.
    pub units: Vec<UnitJson>,
}

/// A Legion-lite position.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Rule options.
    pub options: LegionOptions,
    /// Round, 1-based.
    pub round: u8,
    /// Where in the round.
    pub phase: Phase,
    /// Whose turn (Activation Phase only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn: Option<u8>,
    /// Player with priority.
    pub priority: u8,
    /// Blue player.
    pub blue: u8,
    /// Victory points.
    pub vp: [u8; 2],
    /// Mission.
    pub mission: MissionJson,
    /// The two players.
    pub players: [PlayerJson; 2],
    /// Winner of a finished game (2 for a draw).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winner: Option<u8>,
    /// How a finished game ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_reason: Option<EndReason>,
    /// For `explain_end_phase`: the army index each player promotes if they must choose.
    #[serde(default, skip_serializing_if = "no_choice")]
    pub promotion_choice: [Option<u8>; 2],
}

fn no_choice(c: &[Option<u8>; 2]) -> bool {
    c == &[None, None]
}

/// A position that cannot be read or written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionError {
    /// The field path (`players[0].units[2].cell`); empty for the whole position.
    pub path: String,
    /// What is wrong.
    pub kind: PositionErrorKind,
}

/// What is wrong with a position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionErrorKind {
    /// Not JSON of the position format (serde's message).
    Json(String),
    /// A value outside its range.
    OutOfRange(String),
    /// A unit that does not fit the army list.
    WrongUnit {
        /// The card id the army list has here.
        expected: &'static str,
        /// The id found.
        found: String,
    },
    /// The army has a different number of units.
    UnitCount {
        /// Units in the army list.
        expected: usize,
        /// Units given.
        found: usize,
    },
    /// The cell cannot hold the unit.
    BadCell(String),
    /// Fields that contradict each other.
    Inconsistent(String),
    /// A command card the player's hand never had, or held twice.
    BadCard(String),
    /// The state is not at a point a position can describe.
    NotAtRest(String),
}

impl fmt::Display for PositionErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionErrorKind::Json(m) => write!(f, "{m}"),
            PositionErrorKind::OutOfRange(m) => write!(f, "out of range: {m}"),
            PositionErrorKind::WrongUnit { expected, found } => {
                write!(f, "expected unit \"{expected}\" (the army list), found \"{found}\"")
            }
            PositionErrorKind::UnitCount { expected, found } => {
                write!(f, "{found} units, the army list has {expected}")
            }
            PositionErrorKind::BadCell(m) => write!(f, "bad cell: {m}"),
            PositionErrorKind::Inconsistent(m) => write!(f, "inconsistent: {m}"),
            PositionErrorKind::BadCard(m) => write!(f, "bad command card: {m}"),
            PositionErrorKind::NotAtRest(m) => write!(f, "not a position: {m}"),
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.path.is_empty() {
            write!(f, "position: {}", self.kind)
        } else {
            write!(f, "{}: {}", self.path, self.kind)
        }
    }
}

impl std::error::Error for PositionError {}

fn err(path: impl Into<String>, kind: PositionErrorKind) -> PositionError {
    PositionError { path: path.into(), kind }
}
use PositionErrorKind as K;

/// Parses a position from JSON text (errors name the field path).
pub fn parse_position(json: &str) -> Result<Position, PositionError> {
    let mut de = serde_json::Deserializer::from_str(json);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        err(if path == "." { String::new() } else { path }, K::Json(e.into_inner().to_string()))
    })
}

/// Reads a position from JSON text into a game state ([`Position::to_game`]).
pub fn read_position(json: &str) -> Result<LegionGame, PositionError> {
    parse_position(json)?.to_game()
}

/// Writes `g` as pretty JSON ([`Position::from_game`]).
pub fn write_position(g: &LegionGame) -> Result<String, PositionError> {
    Ok(serde_json::to_string_pretty(&Position::from_game(g)?).expect("a position serializes"))
}

impl Position {
    /// The position of `g`, which must be at rest: the start of a Command Phase (no card
    /// chosen), a turn of the Activation Phase, or the end of the game.
    pub fn from_game(g: &LegionGame) -> Result<Position, PositionError> {
        let (phase, turn) = match g.step {
            Step::ChooseCard(_) if g.chosen == [NO_CARD; 2] => (Phase::Command, None),
            Step::PriorityRoll if g.revealed == [NO_CARD; 2] => (Phase::Command, None),
            Step::Turn(p) => (Phase::Activation, Some(p)),
            Step::Over => (Phase::Over, None),
            s => return Err(err("", K::NotAtRest(format!("the game is at step {s:?}")))),
        };
        let players = [0, 1].map(|p| PlayerJson {
            hand: g.hand(p).collect(),
            discard: g.discards(p).collect(),
            revealed: g.revealed(p),
            pass_pool: g.pass_pool[p],
            order_pool: g.order_pool[p],
            passed_last: g.passed_last[p],
            no_commander: g.no_commander[p],
            implacable_used: g.implacable_used[p],
            implacable_pending: g.implacable_pending[p],
            marked_targets_scored: g.s1_paid[p],
            decapitation_scored: g.s2_paid[p],
            units: g
                .slots(p)
                .map(|s| {
                    let u = g.unit(s);
                    let cell = (u.cell != NO_CELL).then(|| {
                        let (x, y) = g.geometry().xy(u.cell);
                        [x as u8, y as u8]
                    });
                    UnitJson {
                        id: u.card().id.to_string(),
                        cell,
                        wounds: u.wounds,
                        tokens: u.tokens,
                        rank: u.rank(),
                        defeated: u.defeated,
                        defeated_round: u.defeated_round,
                        ordered: u.ordered,
                        activated: u.activated,
                        deployed: u.deployed,
                        damaged: u.damaged,
                        marked: u.marked,
                        marked_paid: u.marked_paid,
                        field_commander: u.field_commander,
                        commander_token: u.commander_token,
                    }
                })
                .collect(),
        });
        Ok(Position {
            options: g.opts,
            round: g.round,
            phase,
            turn,
            priority: g.priority,
            blue: g.blue,
            vp: g.vp,
            mission: MissionJson { primary: g.primary, secondary: g.secondary },
            players,
            winner: (g.winner != ONGOING).then_some(g.winner),
            end_reason: (g.end_reason != EndReason::None).then_some(g.end_reason),
            promotion_choice: [None, None],
        })
    }

    /// The game state of this position. A `command` position starts its Command Phase (up
    /// to the first card choice); an `end` position resolves its End Phase up to the first
    /// promotion decision (or into the next round).
    pub fn to_game(&self) -> Result<LegionGame, PositionError> {
        let mut g = self.state()?;
        match self.phase {
            Phase::Command => g.begin_command_phase(),
            Phase::Activation => {
                let t = self
                    .turn
                    .ok_or_else(|| err("turn", K::Inconsistent("an activation position needs \"turn\"".into())))?;
                if t > 1 {
                    return Err(err("turn", K::OutOfRange(format!("player {t}"))));
                }
                if !g.has_activation(t as usize) {
                    return Err(err("turn", K::Inconsistent(format!("player {t} has nothing left to activate"))));
                }
                g.step = Step::Turn(t);
            }
            Phase::End => g.begin_end_phase(),
            Phase::Over => {
                let w = self
                    .winner
                    .ok_or_else(|| err("winner", K::Inconsistent("a finished game needs \"winner\"".into())))?;
                if w > DRAW {
                    return Err(err("winner", K::OutOfRange(format!("{w} (0, 1, or 2 for a draw)"))));
                }
                g.winner = w;
                g.end_reason = self.end_reason.unwrap_or(EndReason::Rounds);
                g.step = Step::Over;
            }
        }
        Ok(g)
    }

    /// The state with every field read and checked, at no step yet (`Step::Setup`).
    pub(crate) fn state(&self) -> Result<LegionGame, PositionError> {
        let o = self.options;
        if !o.is_valid() {
            return Err(err("options.rounds", K::OutOfRange(format!("{} rounds (1..=9)", o.rounds))));
        }
        let mut g = LegionGame::new(o);
        if self.round == 0 || self.round > o.rounds + (self.phase == Phase::Over) as u8 {
            return Err(err("round", K::OutOfRange(format!("round {} of {}", self.round, o.rounds))));
        }
        for (name, v) in [("priority", self.priority), ("blue", self.blue)] {
            if v > 1 {
                return Err(err(name, K::OutOfRange(format!("player {v}"))));
            }
        }
        g.round = self.round;
        g.priority = self.priority;
        g.blue = self.blue;
        g.vp = self.vp;
        g.primary = self.mission.primary;
        g.secondary = self.mission.secondary;
        for p in 0..2 {
            self.read_player(&mut g, p)?;
        }
        let mut seen = super::board::CellSet::default();
        for p in 0..2 {
            for (i, s) in g.slots(p).enumerate() {
                let c = g.unit(s).cell;
                if c != NO_CELL {
                    if seen.contains(c) {
                        return Err(err(
                            format!("players[{p}].units[{i}].cell"),
                            K::BadCell("two units in one cell".into()),
                        ));
                    }
                    seen.insert(c);
                }
            }
        }
        Ok(g)
    }

    fn read_player(&self, g: &mut LegionGame, p: usize) -> Result<(), PositionError> {
        let pj = &self.players[p];
        let at = |f: &str| format!("players[{p}].{f}");
        let faction = self.options.factions[p];
        let own = starting_hand(faction);
        let mut hand = 0u16;
        let mut discard = 0u16;
        for (field, list, set) in [("hand", &pj.hand, &mut hand), ("discard", &pj.discard, &mut discard)] {
            for (i, c) in list.iter().enumerate() {
                if own & c.bit() == 0 {
                    return Err(err(
                        at(&format!("{field}[{i}]")),
                        K::BadCard(format!("{} is not a {faction:?} card", c.name())),
                    ));
                }
                if *set & c.bit() != 0 {
                    return Err(err(at(&format!("{field}[{i}]")), K::BadCard(format!("{} listed twice", c.name()))));
                }
                *set |= c.bit();
            }
        }
        if hand & discard != 0 {
            return Err(err(at("discard"), K::BadCard("a card both in hand and discarded".into())));
        }
        if let Some(c) = pj.revealed {
            if own & c.bit() == 0 || (hand | discard) & c.bit() != 0 {
                return Err(err(at("revealed"), K::BadCard(format!("{} is not in play", c.name()))));
            }
        }
        g.hand[p] = hand;
        g.discard[p] = discard;
        g.revealed[p] = pj.revealed.map_or(NO_CARD, |c| c as u8);
        if pj.pass_pool > 7 {
            return Err(err(at("pass_pool"), K::OutOfRange(format!("{} Advantage tokens (at most 7)", pj.pass_pool))));
        }
        g.pass_pool[p] = pj.pass_pool;
        g.order_pool[p] = pj.order_pool;
        g.passed_last[p] = pj.passed_last;
        g.no_commander[p] = pj.no_commander;
        g.implacable_used[p] = pj.implacable_used;
        g.implacable_pending[p] = pj.implacable_pending;
        g.s1_paid[p] = pj.marked_targets_scored;
        g.s2_paid[p] = pj.decapitation_scored;
        let (list, n) = army(faction, self.options.commanders);
        if pj.units.len() != n {
            return Err(err(at("units"), K::UnitCount { expected: n, found: pj.units.len() }));
        }
        let geo = g.geometry();
        let pois = g.poi_cells();
        g.lost_points[p] = 0;
        for (i, uj) in pj.units.iter().enumerate() {
            let uat = |f: &str| at(&format!("units[{i}].{f}"));
            let t = &UNIT_TYPES[list[i] as usize];
            if uj.id != t.id {
                return Err(err(uat("id"), K::WrongUnit { expected: t.id, found: uj.id.clone() }));
            }
            let u = &mut g.units[p * MAX_ARMY + i];
            if uj.wounds > t.total_wounds() {
                return Err(err(uat("wounds"), K::OutOfRange(format!("{} wounds of {}", uj.wounds, t.total_wounds()))));
            }
            if uj.defeated != (uj.wounds == t.total_wounds()) {
                return Err(err(
                    uat("defeated"),
                    K::Inconsistent("defeated exactly when all wounds are suffered".into()),
                ));
            }
            let promoted = uj.rank != t.rank;
            if promoted && (uj.rank != Rank::Commander || !t.is_trooper()) {
                return Err(err(
                    uat("rank"),
                    K::Inconsistent(format!("a {} can only be {:?} or promoted (a Trooper)", t.id, t.rank)),
                ));
            }
            u.cell = match uj.cell {
                None => NO_CELL,
                Some([x, y]) => {
                    let c = geo.at(x as i32, y as i32).ok_or_else(|| {
                        err(uat("cell"), K::BadCell(format!("[{x}, {y}] is off the {}x{} board", geo.w, geo.h)))
                    })?;
                    if geo.terrain(c) == super::board::Terrain::Blocking || pois.contains(&c) {
                        return Err(err(uat("cell"), K::BadCell(format!("[{x}, {y}] is blocking terrain or a POI"))));
                    }
                    c
                }
            };
            if uj.defeated && (u.cell != NO_CELL || uj.tokens != Tokens::default()) {
                return Err(err(
                    uat("defeated"),
                    K::Inconsistent("a defeated unit holds no cell and no tokens".into()),
                ));
            }
            if u.cell != NO_CELL && !uj.deployed {
                return Err(err(uat("deployed"), K::Inconsistent("a unit on the board is deployed".into())));
            }
            u.wounds = uj.wounds;
            u.tokens = uj.tokens;
            u.promoted = promoted;
            u.defeated = uj.defeated;
            u.defeated_round = uj.defeated_round;
            u.ordered = uj.ordered;
            u.activated = uj.activated;
            u.deployed = uj.deployed;
            u.damaged = uj.damaged;
            u.marked = uj.marked;
            u.marked_paid = uj.marked_paid;
            u.field_commander = uj.field_commander;
            u.commander_token = uj.commander_token;
            if uj.defeated {
                g.lost_points[p] += t.points;
            }
        }
        Ok(())
    }
}
