//! The data-file shapes, exactly as a designer edits them (`engine/data/*.json`).
//!
//! Unknown fields are rejected so that a misspelt key is an error, not a silent default.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// `technologies.json`.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct TechFile {
    /// Every technology card.
    pub technologies: Vec<RawTech>,
}

/// One technology card.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawTech {
    pub id: String,
    pub name: String,
    /// `biotic` | `propulsion` | `cybernetic` | `warfare` | `unit_upgrade` | `none`.
    #[serde(rename = "type")]
    pub kind: String,
    /// Prerequisite counts by colour name; absent colours are 0.
    #[serde(default)]
    pub prerequisites: BTreeMap<String, u8>,
    pub faction: Option<String>,
    pub unit: Option<String>,
    pub replaces_generic_upgrade: Option<String>,
    pub source: String,
    pub variant_of: Option<String>,
    pub researchable: bool,
}

/// `units.json`.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct UnitFile {
    /// Every unit definition, generic and faction-specific.
    pub units: Vec<RawUnit>,
}

/// Dice of one combat-like ability.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RawDice {
    pub hits_on: u8,
    /// `null` where the number of dice varies (Winnu flagship).
    pub dice: Option<u8>,
}

/// SPACE CANNON values.
#[derive(Deserialize, Serialize, Debug, Clone, Copy, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RawSpaceCannon {
    pub hits_on: u8,
    pub dice: u8,
    /// PDS II: also fires at adjacent systems.
    pub also_adjacent_systems: bool,
}

/// PRODUCTION values.
#[derive(Deserialize, Serialize, Debug, Clone, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RawProduction {
    /// `fixed` or `planet_resources_plus`.
    pub kind: String,
    pub value: u8,
}

/// One unit definition.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawUnit {
    pub id: String,
    pub name: String,
    pub unit_type: String,
    pub categories: Vec<String>,
    pub upgraded_by_tech: Option<String>,
    pub requires_tech: Option<String>,
    pub cost: Option<u8>,
    pub units_per_cost: u8,
    pub combat: Option<RawDice>,
    #[serde(rename = "move")]
    pub move_value: Option<u8>,
    pub capacity: Option<u8>,
    pub sustain_damage: bool,
    pub production: Option<RawProduction>,
    pub planetary_shield: bool,
    pub space_cannon: Option<RawSpaceCannon>,
    pub bombardment: Option<RawDice>,
    pub anti_fighter_barrage: Option<RawDice>,
    pub faction: Option<String>,
    pub component_limit: Option<u8>,
    pub source: String,
}

/// `factions.json`.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct FactionFile {
    /// Every faction.
    pub factions: Vec<RawFaction>,
}

/// A starting-technology choice.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawChoice {
    pub choose: u8,
    /// The options; `null` where the rule is not a fixed list (Keleres, Deepwrought).
    pub from: Option<Vec<String>>,
}

/// One alternative home system (Council Keleres).
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawHomeOption {
    pub variant_of: String,
    pub home_system: String,
    pub home_planets: Vec<String>,
}

/// One faction.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawFaction {
    pub id: String,
    pub name: String,
    pub source: String,
    pub home_system: Option<String>,
    pub commodities: u8,
    pub starting_technologies: Vec<String>,
    pub starting_technology_choice: Option<RawChoice>,
    pub starting_units: BTreeMap<String, u8>,
    pub faction_technologies: Vec<String>,
    pub faction_units: Vec<String>,
    pub home_planets: Vec<String>,
    pub abilities: Vec<String>,
    #[serde(default)]
    pub home_system_options: Vec<RawHomeOption>,
}

/// `planets.json`.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct PlanetFile {
    /// Every planet card.
    pub planets: Vec<RawPlanet>,
}

/// One planet card.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawPlanet {
    pub id: String,
    pub name: String,
    pub system: Option<String>,
    pub resources: u8,
    pub influence: u8,
    pub traits: Vec<String>,
    pub kind: String,
    pub home_of: Option<String>,
    pub specialties: Vec<String>,
    pub legendary: bool,
    pub source: String,
}

/// `systems.json`.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct SystemFile {
    /// Every system tile.
    pub systems: Vec<RawSystem>,
}

/// One system tile.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawSystem {
    pub id: String,
    pub name: String,
    pub planets: Vec<String>,
    pub wormholes: Vec<String>,
    pub anomalies: Vec<String>,
    pub hyperlane: bool,
    pub home_system_of: Option<String>,
    pub board_position_of: Option<String>,
    pub source: String,
}
