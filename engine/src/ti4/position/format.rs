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
    /// The game round. Default: 1.
    #[serde(default = "one")]
    pub round: u8,
    /// The speaker's faction. Default: the first seat still in the game.
    #[serde(default)]
    pub speaker: Option<String>,
    /// Strategy cards away from the common play area, exhausted, or carrying trade goods.
    /// Default (cards not listed): in the common play area, ready, no trade goods.
    #[serde(default)]
    pub strategy_cards: Vec<StrategyCardEntry>,
    /// Action cards not in the deck or a hand. Default: every card in the deck.
    #[serde(default)]
    pub action_cards: ActionCardsSection,
    /// Agenda cards not in the deck or owned by a player. Default: every card in the deck, except
    /// the base-game cards Prophecy of Kings sets aside (`removed_in_pok`), which are removed.
    #[serde(default)]
    pub agendas: AgendasSection,
    /// Public objectives set up (face down or revealed) and who scored them. Default: none set up
    /// (all in their stage's deck).
    #[serde(default)]
    pub public_objectives: Vec<PublicObjectiveEntry>,
    /// Secret objective ids out of the game (in the box: the round loop deals only the secret
    /// objectives whose condition it evaluates). Default: none (every secret not in a hand or
    /// play area is in the deck).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secret_objectives_removed: Vec<String>,
    /// Promissory notes not in their owner's hand. Default (notes not listed): in their owner's
    /// hand, except Mahact's own Alliance (purged at setup: Hubris) and every note of an
    /// eliminated owner (in the box).
    #[serde(default)]
    pub promissory_notes: Vec<NoteEntry>,
    /// The Ghosts of Creuss' wormhole tokens. Default: off the board.
    #[serde(default)]
    pub creuss_wormholes: CreussWormholes,
    /// The Naalu "0" token. Default: unused, with the Naalu player.
    #[serde(default)]
    pub naalu_zero: NaaluZero,
    /// Titans attachments. Default: none.
    #[serde(default)]
    pub attachments: Attachments,
    /// The Titans' sleeper tokens on planets. Default: none.
    #[serde(default, skip_serializing_if = "SleeperTokens::is_empty")]
    pub sleeper_tokens: SleeperTokens,
    /// The Crimson Rebellion's breach tokens on the board. Default: none.
    #[serde(default, skip_serializing_if = "CrimsonBreaches::is_empty")]
    pub crimson_breaches: CrimsonBreaches,
    /// Exploration cards out of their decks: discarded, purged, attached to planets (relic
    /// fragments are in the players' sections). Default: every card in its deck.
    #[serde(default, skip_serializing_if = "ExplorationSection::is_empty")]
    pub exploration: ExplorationSection,
    /// The galaxy as a Tabletop Simulator map string (`engine::ti4::galaxy::MapString`), home
    /// systems filled in. Needed to continue a game from the position; written for a game,
    /// absent for a bare state. Default: none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub map: Option<String>,
    /// The game's options. Default: 10 victory points, round cap 12.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<RulesSection>,
    /// Where the round stands: the step the game waits at, the round's bookkeeping (a tactical
    /// action half-way, a combat round, an agenda vote ...) and the game's counters, as the
    /// engine writes them (`engine::ti4::game::position`; read back by
    /// `game_from_position`). Needs `map`. Default: none (a bare state).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub procedure: Option<serde_json::Value>,
}

/// The game's options (`engine::ti4::game::Ti4Options`).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct RulesSection {
    /// Victory points to win (1 to 30).
    pub victory_points: u8,
    /// The last round played (1 to 30).
    pub round_cap: u8,
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
    /// Command tokens. Default: 3 tactic, 3 fleet, 2 strategy, the rest in reinforcements
    /// (none for an eliminated player).
    #[serde(default)]
    pub command_tokens: Option<CommandTokens>,
    /// Valefar Assimilator tokens (Nekro Virus). Default: neither placed.
    #[serde(default)]
    pub valefar: Valefar,
    /// Action card ids in hand (a card with several copies may appear several times). Default: none.
    #[serde(default)]
    pub action_cards: Vec<String>,
    /// Agenda ids the player owns (laws "the elected player gains"). Default: none.
    #[serde(default)]
    pub agendas: Vec<String>,
    /// Secret objectives in hand and scored. Default: none.
    #[serde(default)]
    pub secret_objectives: SecretObjectives,
    /// Leader states by leader id (`locked`, `unlocked`, `exhausted`, `purged`, `attached`,
    /// `removed`). Default (leaders not listed): agents unlocked, commanders and heroes locked;
    /// every leader removed for an eliminated player.
    #[serde(default)]
    pub leaders: std::collections::BTreeMap<String, String>,
    /// Factions whose command token is in this player's fleet pool (Mahact Edict). Default: none.
    #[serde(default)]
    pub held_command_tokens: Vec<String>,
    /// Units this player holds captive on their faction sheet. Default: none.
    #[serde(default)]
    pub captured: Vec<CapturedEntry>,
    /// Relic fragments in the player's play area, one card id per fragment. Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relic_fragments: Vec<String>,
    /// Relics in the player's play area. Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relics: Vec<String>,
    /// Victory points from sources other than objectives (custodians, Imperial, agendas,
    /// relics). Default: 0.
    #[serde(default)]
    pub bonus_victory_points: u8,
    /// An eliminated player's final standing. Default: eliminated players numbered after those
    /// given, in seat order, in the current round, by nobody, with 0 points.
    #[serde(default)]
    pub standing: Option<StandingEntry>,
}

/// A strategy card's place.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct StrategyCardEntry {
    /// `leadership`, `diplomacy`, `politics`, `construction`, `trade`, `warfare`, `technology`,
    /// `imperial`.
    pub card: String,
    /// The faction holding it; null: the common play area. Default: null.
    #[serde(default)]
    pub holder: Option<String>,
    /// Exhausted (used this round; only a held card). Default: false.
    #[serde(default)]
    pub exhausted: bool,
    /// Trade goods on it (only a card in the common play area). Default: 0.
    #[serde(default)]
    pub trade_goods: u8,
}

/// Action cards outside the deck and the hands.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct ActionCardsSection {
    /// The discard pile. Default: empty.
    #[serde(default)]
    pub discard: Vec<String>,
    /// Out of the game. Default: none.
    #[serde(default)]
    pub removed: Vec<String>,
}

/// Agenda cards outside the deck and the players' play areas.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct AgendasSection {
    /// The discard pile. Default: empty.
    #[serde(default)]
    pub discard: Vec<String>,
    /// Laws in play in the common area (owned by nobody). Default: none.
    #[serde(default)]
    pub laws: Vec<String>,
    /// Out of the game. Default (null): the `removed_in_pok` cards not listed elsewhere.
    #[serde(default)]
    pub removed: Option<Vec<String>>,
}

/// A public objective set up in the objective area.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct PublicObjectiveEntry {
    /// Objective id.
    pub id: String,
    /// Revealed (true) or still face down. Default: true.
    #[serde(default = "yes")]
    pub revealed: bool,
    /// Factions that scored it (it must be revealed). Default: none.
    #[serde(default)]
    pub scored_by: Vec<String>,
}

fn yes() -> bool {
    true
}

/// A player's secret objectives.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct SecretObjectives {
    /// Unscored, in hand. Default: none.
    #[serde(default)]
    pub hand: Vec<String>,
    /// Scored (in the play area). Default: none.
    #[serde(default)]
    pub scored: Vec<String>,
}

/// Where one promissory note is.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct NoteEntry {
    /// Note id.
    pub note: String,
    /// The owning faction (whose colour or faction the note is). Required for generic notes;
    /// default for a faction note: its faction.
    #[serde(default)]
    pub of: Option<String>,
    /// `hand`, `play_area`, `attached` (Terraform; see `attachments`) or `removed`.
    pub location: String,
    /// The faction whose hand or play area holds it (`hand`, `play_area` only).
    #[serde(default)]
    pub holder: Option<String>,
}

/// The Creuss alpha and beta wormhole tokens: system ids on the board, or null (off the board).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct CreussWormholes {
    /// The alpha token's system. Default: null.
    #[serde(default)]
    pub alpha: Option<String>,
    /// The beta token's system. Default: null.
    #[serde(default)]
    pub beta: Option<String>,
}

/// The Naalu "0" token.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct NaaluZero {
    /// The faction with the token on its strategy card; null: unused. Default: null.
    #[serde(default)]
    pub holder: Option<String>,
    /// Out of play (its Naalu player eliminated). Default: false.
    #[serde(default)]
    pub removed: bool,
    /// Leaves play at the end of this status phase (Naalu eliminated while another player held
    /// it). Default: false.
    #[serde(default)]
    pub leaves_after_status_phase: bool,
}

/// Titans attachments: planet ids, or null.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct Attachments {
    /// The planet the "Terraform" note is attached to. Default: null.
    #[serde(default)]
    pub terraform: Option<String>,
    /// The planet the Titans hero (Geoform) is attached to. Default: null.
    #[serde(default)]
    pub geoform: Option<String>,
}

/// The Titans' sleeper tokens (Terragenesis, Awaken).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct SleeperTokens {
    /// The faction whose tokens they are (a player in the game); required with `planets`.
    #[serde(default)]
    pub owner: Option<String>,
    /// The planets with a sleeper token (at most 5, each once). Default: none.
    #[serde(default)]
    pub planets: Vec<String>,
}

/// The Crimson Rebellion's breach tokens on the board (Incursion): the systems holding an active
/// breach and those holding an inactive one (at most one breach per system).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct CrimsonBreaches {
    /// Systems with an active breach. Default: none.
    #[serde(default)]
    pub active: Vec<String>,
    /// Systems with an inactive breach. Default: none.
    #[serde(default)]
    pub inactive: Vec<String>,
}

impl CrimsonBreaches {
    /// No breach on the board.
    pub fn is_empty(&self) -> bool {
        self.active.is_empty() && self.inactive.is_empty()
    }
}

impl SleeperTokens {
    /// No token on a planet and no owner.
    pub fn is_empty(&self) -> bool {
        self.owner.is_none() && self.planets.is_empty()
    }
}

/// Exploration cards out of their decks (rules 35).
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct ExplorationSection {
    /// Cards in the discard piles, one id per copy. Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub discard: Vec<String>,
    /// Cards purged (relic fragments traded in), one id per copy. Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub purged: Vec<String>,
    /// Attachments, in the order attached. Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attached: Vec<AttachmentEntry>,
    /// Relics purged. Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub purged_relics: Vec<String>,
    /// Relics exhausted (each in a player's play area). Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub exhausted_relics: Vec<String>,
}

impl ExplorationSection {
    /// Nothing out of the decks.
    pub fn is_empty(&self) -> bool {
        self.discard.is_empty()
            && self.purged.is_empty()
            && self.attached.is_empty()
            && self.purged_relics.is_empty()
            && self.exhausted_relics.is_empty()
    }
}

/// An exploration card attached to a planet, with what it gives there.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct AttachmentEntry {
    /// The exploration card.
    pub card: String,
    /// The planet.
    pub planet: String,
    /// Resources added. Default: 0.
    #[serde(default)]
    pub resources: u8,
    /// Influence added. Default: 0.
    #[serde(default)]
    pub influence: u8,
    /// Technology specialties added (`biotic`, `propulsion`, `cybernetic`, `warfare`).
    /// Default: none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub specialties: Vec<String>,
}

/// Units of another player held captive.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct CapturedEntry {
    /// The owning faction.
    pub of: String,
    /// Unit type.
    pub unit: String,
    /// How many (at least 1). Default: 1.
    #[serde(default = "one")]
    pub count: u8,
}

/// An eliminated player's final standing.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq, Default)]
#[serde(deny_unknown_fields)]
pub struct StandingEntry {
    /// 1 for the first player eliminated, 2 for the next ...
    pub order: u8,
    /// The round of the elimination. Default: the current round.
    #[serde(default)]
    pub round: Option<u8>,
    /// The faction whose action eliminated them, or null. Default: null.
    #[serde(default)]
    pub by: Option<String>,
    /// Victory points at elimination. Default: 0.
    #[serde(default)]
    pub victory_points: u8,
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
