//! The JSON shape of a position, exactly as a person writes it (`docs/POSITION.md`).
//!
//! Every struct rejects unknown fields, so a misspelt key is an error, not a silent default.
//! Every field but `players[].faction` is optional on input; [`to_position`](super::to_position)
//! writes every field. New sections of the game state (strategy cards, objectives, action
//! cards ...) slot in as further optional fields with `#[serde(default)]`, so every position
//! written before they existed still reads.

use serde::{Deserialize, Serialize};

/// The position format version this engine reads and writes.
pub const FORMAT_VERSION: u32 = 1;

fn version_default() -> u32 {
    FORMAT_VERSION
}

/// A game position: the whole state of a TI4 game as ids of the content files.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Position {
    /// Format version; only [`FORMAT_VERSION`] is read. Default: the current version.
    #[serde(default = "version_default")]
    pub version: u32,
    /// Tiles placed on the board first, in this order, before the tiles that players' planets,
    /// units and command tokens name. Default: none.
    #[serde(default)]
    pub systems: Vec<String>,
    /// The seats in clockwise order from the first seat (1 to 8).
    pub players: Vec<PlayerPosition>,
}

/// One seat: faction, play area, pools and units on the board.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct PlayerPosition {
    /// Faction id (`factions.json`).
    pub faction: String,
    /// True when the player has been eliminated (the seat stays, inert). Default: false.
    #[serde(default)]
    pub eliminated: bool,
    /// Technology ids owned. Default (field omitted): the faction's starting technologies, plus
    /// both Valefar Assimilators for the faction they belong to (the Nekro Virus).
    #[serde(default)]
    pub technologies: Option<Vec<String>>,
    /// Owned technology ids whose cards are exhausted. Default: none.
    #[serde(default)]
    pub exhausted_technologies: Vec<String>,
    /// Planets controlled. Default (field omitted): the faction's home planets, ready.
    #[serde(default)]
    pub planets: Option<Vec<PlanetEntry>>,
    /// Units on the board. Default: none.
    #[serde(default)]
    pub units: Vec<UnitEntry>,
    /// Trade goods. Default: 0.
    #[serde(default)]
    pub trade_goods: u8,
    /// Commodities (at most the faction's commodity value). Default: 0.
    #[serde(default)]
    pub commodities: u8,
    /// Command tokens. Default: 3 tactic, 3 fleet, 2 strategy, the rest in reinforcements.
    #[serde(default)]
    pub command_tokens: CommandTokens,
    /// Valefar Assimilator tokens (Nekro Virus). Default: neither placed.
    #[serde(default)]
    pub valefar: Valefar,
}

/// A controlled planet card.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct PlanetEntry {
    /// Planet id (`planets.json`).
    pub id: String,
    /// The card is exhausted. Default: false.
    #[serde(default)]
    pub exhausted: bool,
}

fn one() -> u8 {
    1
}

/// Units of one type in one place.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct UnitEntry {
    /// Unit type (`infantry`, `mech`, `pds`, `space_dock`, `fighter`, `destroyer`, `cruiser`,
    /// `carrier`, `dreadnought`, `war_sun`, `flagship`); which definition applies follows from
    /// the owner's faction and technologies.
    pub unit: String,
    /// How many (at least 1). Default: 1.
    #[serde(default = "one")]
    pub count: u8,
    /// How many of them are damaged (SUSTAIN DAMAGE used). Default: 0.
    #[serde(default)]
    pub damaged: u8,
    /// System tile id; may be omitted when `planet` is given.
    #[serde(default)]
    pub system: Option<String>,
    /// Planet id for units on a planet; omitted or null for the space area.
    #[serde(default)]
    pub planet: Option<String>,
}

/// A player's command tokens: the three pools, the board, reinforcements (16 in all).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CommandTokens {
    /// Tactic pool. Default: 3.
    #[serde(default = "three")]
    pub tactic: u8,
    /// Fleet pool. Default: 3.
    #[serde(default = "three")]
    pub fleet: u8,
    /// Strategy pool. Default: 2.
    #[serde(default = "two")]
    pub strategy: u8,
    /// System tile ids holding one of the player's command tokens. Default: none.
    #[serde(default)]
    pub systems: Vec<String>,
    /// Reinforcements. Default: whatever of the 16 the pools and the board leave; when given it
    /// must equal that.
    #[serde(default)]
    pub reinforcements: Option<u8>,
}

fn three() -> u8 {
    3
}
fn two() -> u8 {
    2
}

impl Default for CommandTokens {
    fn default() -> Self {
        CommandTokens { tactic: 3, fleet: 3, strategy: 2, systems: Vec::new(), reinforcements: None }
    }
}

/// The technologies carrying the Valefar Assimilator X and Y tokens (Technology 16-22).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Valefar {
    /// Technology id under the X token, or null.
    #[serde(default)]
    pub x: Option<String>,
    /// Technology id under the Y token, or null.
    #[serde(default)]
    pub y: Option<String>,
}
