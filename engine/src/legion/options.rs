//! Rule options of Legion-lite ([`LegionOptions`]): the variants of digest §6.3 (a second
//! Commander, a Field Commander army), the round count (5, or the FFG-era 6), the board size
//! and how the mission is chosen. `LegionOptions::default()` is the standard game.

use serde::{Deserialize, Serialize};

use super::roster::Faction;

/// Which commanders each army brings (digest §6.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CommanderVariant {
    /// One named Commander (Vader or Luke).
    Standard,
    /// Variant B: the named Commander plus an Officer (a second Commander): promotion waits
    /// until both are defeated.
    TwoCommanders,
    /// Variant C: no Commander; the Special Forces unit has Field Commander and so starts with
    /// the Commander token.
    FieldCommander,
}

/// Board size (digest §6.2): 1 cell = 3 inches.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardSize {
    /// 24 x 12 cells (72 x 36 inches).
    Standard,
    /// 16 x 8 cells.
    Skirmish,
}

/// Primary objective card (digest §6.5).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Primary {
    /// P1 "Hold the Line": three POIs on the centre line; from round 2, 1 VP per flank POI
    /// secured and 2 VP for the centre one.
    HoldTheLine,
    /// P2 "Breakthrough-lite": a POI in each Territory and one in the centre; from round 2,
    /// 1 VP for your own POI if no enemy contests it, 2 VP per other POI secured.
    Breakthrough,
}

/// Secondary objective card (digest §6.5).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Secondary {
    /// S1 "Marked Targets-lite": 1 VP per marked enemy unit defeated since the last scoring,
    /// at most 2 in total.
    MarkedTargets,
    /// S2 "Decapitation": 2 VP per enemy Commander unit (original or promoted) defeated this
    /// round, at most 4 in total.
    Decapitation,
}

/// How the mission is chosen at setup.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissionChoice {
    /// Drawn at setup from the game's RNG (the default).
    Random,
    /// This primary and secondary.
    Fixed {
        /// The objective card.
        primary: Primary,
        /// The secondary objective card.
        secondary: Secondary,
    },
}

/// Every rule option of Legion-lite.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct LegionOptions {
    /// Commanders in each army.
    pub commanders: CommanderVariant,
    /// Rounds before the game ends on points (5 in 2.6; 6 in the FFG era).
    pub rounds: u8,
    /// Board size.
    pub board: BoardSize,
    /// Mission selection.
    pub mission: MissionChoice,
    /// Player 0's and player 1's armies (mirror matches allowed).
    pub factions: [Faction; 2],
    /// Suppression Master of Evil gives each enemy trooper in range 2 (FFG value 3; lite 2).
    pub master_of_evil_suppression: u8,
}

impl Default for LegionOptions {
    fn default() -> Self {
        LegionOptions {
            commanders: CommanderVariant::Standard,
            rounds: 5,
            board: BoardSize::Standard,
            mission: MissionChoice::Random,
            factions: [Faction::Empire, Faction::Rebels],
            master_of_evil_suppression: 2,
        }
    }
}

impl LegionOptions {
    /// True when the options are playable: 5 or 6 rounds (any 1..=9 is accepted for tests).
    pub fn is_valid(&self) -> bool {
        (1..=9).contains(&self.rounds)
    }
}
