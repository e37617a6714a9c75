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
    /// Whether the engine implements the card's effect: a unit upgrade through its unit's
    /// values, any other card through a rule of the registry (`crate::ti4::rules::registry`).
    /// Checked at load time both ways (`super::rule_flags`).
    pub implemented: bool,
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
    /// Present on flagships and mechs with a text ability beyond their unit values: whether the
    /// engine implements it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text_ability_implemented: Option<bool>,
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
    /// The options are the technologies other players own (Council Keleres, the Tribunii: "2
    /// non-faction technologies owned by other players"); with `from` null.
    #[serde(default)]
    pub owned_by_others: bool,
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
    pub abilities: Vec<RawAbility>,
    #[serde(default)]
    pub home_system_options: Vec<RawHomeOption>,
}

/// One faction ability as the faction sheet lists it.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawAbility {
    pub id: String,
    /// Whether the engine implements the ability: a rule of the registry names it (checked
    /// at load time both ways, `super::rule_flags`).
    pub implemented: bool,
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

/// `cards.json`: the identities of the game's cards (facts only; effects are not encoded).
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct CardFile {
    /// Action cards, one entry per distinct card with its number of copies.
    pub action_cards: Vec<RawActionCard>,
    /// Agenda cards.
    pub agendas: Vec<RawAgenda>,
    /// Public objectives, stage I and II.
    pub public_objectives: Vec<RawPublicObjective>,
    /// Secret objectives.
    pub secret_objectives: Vec<RawSecretObjective>,
    /// Promissory notes: generic ones (`faction` null, one per player colour) and faction ones.
    pub promissory_notes: Vec<RawNote>,
    /// Leaders: agents, commanders and heroes.
    pub leaders: Vec<RawLeader>,
    /// Exploration cards of the four decks (Prophecy of Kings), one entry per distinct card
    /// with its number of copies; absent in a content without exploration.
    #[serde(default)]
    pub exploration: Vec<RawExplorationCard>,
    /// Relics (Prophecy of Kings); absent in a content without exploration.
    #[serde(default)]
    pub relics: Vec<RawRelic>,
}

/// One relic.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawRelic {
    pub id: String,
    pub name: String,
    pub source: String,
    /// Whether the engine implements the relic's effect (the relic deck holds only these).
    pub implemented: bool,
}

/// One exploration card.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawExplorationCard {
    pub id: String,
    pub name: String,
    /// `cultural`, `hazardous`, `industrial` or `frontier`.
    pub deck: String,
    /// Copies in the deck (at least 1).
    pub copies: u8,
    pub source: String,
    /// The AsyncTI4 alias of the card (first copy, without its number).
    pub async_id: Option<String>,
    /// Whether the engine implements the card's effect (the decks in play hold only these).
    pub implemented: bool,
}

/// One action card.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawActionCard {
    pub id: String,
    pub name: String,
    /// Copies in the deck (at least 1).
    pub copies: u8,
    pub source: String,
    /// The AsyncTI4 alias of the card (first copy).
    pub async_id: Option<String>,
    /// Whether the engine implements the card's effect.
    pub implemented: bool,
}

/// One agenda card.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawAgenda {
    pub id: String,
    pub name: String,
    /// `law` or `directive`.
    #[serde(rename = "type")]
    pub kind: String,
    pub source: String,
    pub async_id: Option<String>,
    /// A base-game agenda that Prophecy of Kings takes out of the deck.
    pub removed_in_pok: bool,
    pub implemented: bool,
}

/// One public objective.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawPublicObjective {
    pub id: String,
    pub name: String,
    /// 1 or 2 (worth that many victory points).
    pub stage: u8,
    pub source: String,
    pub async_id: Option<String>,
    pub implemented: bool,
}

/// One secret objective.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawSecretObjective {
    pub id: String,
    pub name: String,
    pub source: String,
    pub async_id: Option<String>,
    pub implemented: bool,
}

/// One promissory note.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawNote {
    pub id: String,
    pub name: String,
    /// The faction whose note it is; null for the generic notes every player has.
    pub faction: Option<String>,
    pub source: String,
    pub implemented: bool,
}

/// One leader.
#[derive(Deserialize, Serialize, Debug, Clone)]
#[serde(deny_unknown_fields)]
pub struct RawLeader {
    pub id: String,
    pub name: String,
    /// `agent`, `commander` or `hero`.
    pub kind: String,
    pub faction: String,
    pub source: String,
    pub implemented: bool,
}
