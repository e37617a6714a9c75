//! Setup (digest §1): galaxy, home systems, starting units and technologies, command tokens,
//! speaker, objectives, secret objectives, promissory notes.
//!
//! Simplified: a starting-technology *choice* (Argent, Winnu ...) takes the first options in
//! content order (deterministic); Council Keleres borrows the home system of the first of its
//! options whose faction is not in the game and takes the first two non-faction technologies
//! (content order) another seat starts with. Home planets hold the ground forces and structures: the
//! space dock and PDS on the first home planet, infantry and mechs spread over the home planets
//! in turn. The action card deck holds the copies of the implemented cards and the agenda deck the
//! implemented agendas; the other cards start in the box, so no deck in play holds inert cards.

use super::{Flow, ObjectiveTable, SetupError, Step, Ti4Game};
use crate::ti4::components::Zone;
use crate::ti4::content::{Content, StartingChoice};
use crate::ti4::factions::ZeroToken;
use crate::ti4::galaxy::{generate::random_map, Galaxy, MapString};
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State};
use std::sync::Arc;

/// Game options.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Ti4Options {
    /// Victory points to win (10, or 14 for the long game).
    pub victory_points: u8,
    /// The game ends after this round at the latest (the objectives end it after round 9).
    pub round_cap: u8,
}

impl Default for Ti4Options {
    fn default() -> Self {
        Ti4Options { victory_points: 10, round_cap: 12 }
    }
}

/// How the galaxy is chosen.
#[derive(Clone, Debug)]
pub enum MapChoice {
    /// The standard layout for the player count filled by the seeded generator.
    Random(u64),
    /// A Tabletop Simulator map string; `0` placeholders take the factions' homes in seat order.
    Tts(String),
}

impl Ti4Game {
    /// A new game for `factions` (seat order, 3-8) on the map `map`. The game starts at a chance
    /// node that deals the secret objectives, picks the speaker and reveals two stage I
    /// objectives. Errors name the problem (bad map, unsupported faction). Builds the content's
    /// tables; [`Ti4Game::new_shared`] reuses them across the games of one content.
    pub fn new(
        content: Arc<Content>,
        factions: &[FactionId],
        map: &MapChoice,
        opts: Ti4Options,
    ) -> Result<Ti4Game, SetupError> {
        Ti4Game::new_shared(&GameTables::of(content), factions, map, opts)
    }

    /// As [`Ti4Game::new`], on the content of `tables` and sharing them (the same game).
    pub fn new_shared(
        tables: &GameTables,
        factions: &[FactionId],
        map: &MapChoice,
        opts: Ti4Options,
    ) -> Result<Ti4Game, SetupError> {
        if !(3..=MAX_PLAYERS).contains(&factions.len()) {
            return Err(SetupError::PlayerCount(factions.len()));
        }
        let c = &*tables.content;
        let mut homes = Vec::new();
        for &f in factions {
            homes.push(home_system_of(c, f, factions)?);
        }
        let galaxy = match map {
            MapChoice::Random(seed) => {
                let m = random_map(c, factions.len(), *seed)?;
                Galaxy::new(c, &m.fill_homes(c, &homes)?)
            }
            MapChoice::Tts(text) => {
                let m = MapString::parse(c, text)?;
                let m = if m.placeholders().is_empty() { m } else { m.fill_homes(c, &homes)? };
                Galaxy::new(c, &m)
            }
        }?;
        Ti4Game::on_galaxy_shared(tables, Arc::new(galaxy), factions, opts)
    }

    /// A new game on a built galaxy whose homes are, seat by seat, the factions' home systems.
    pub fn on_galaxy(
        content: Arc<Content>,
        galaxy: Arc<Galaxy>,
        factions: &[FactionId],
        opts: Ti4Options,
    ) -> Result<Ti4Game, SetupError> {
        Ti4Game::on_galaxy_shared(&GameTables::of(content), galaxy, factions, opts)
    }

    /// As [`Ti4Game::on_galaxy`], sharing the tables of `tables` (and its content).
    pub fn on_galaxy_shared(
        tables: &GameTables,
        galaxy: Arc<Galaxy>,
        factions: &[FactionId],
        opts: Ti4Options,
    ) -> Result<Ti4Game, SetupError> {
        let content = tables.content.clone();
        let c = &*content;
        if galaxy.homes().len() != factions.len() {
            return Err(SetupError::HomeCount { homes: galaxy.homes().len(), factions: factions.len() });
        }
        let tables = tables.clone();
        let mut s = State::new(c, factions);
        for slot in 0..galaxy.len() {
            s.systems[slot].tile = galaxy.tile(slot as u8);
        }
        s.num_systems = galaxy.len() as u8;
        for (i, h) in galaxy.homes().iter().enumerate() {
            let p = Player(i as u8);
            let f = factions[i];
            if h.faction != Some(f) {
                return Err(SetupError::WrongHome { seat: i, faction: c.factions[f.idx()].key.clone() });
            }
            setup_player(c, &mut s, p, h.slot);
        }
        // Keleres (the Tribunii): 2 non-faction technologies owned by other players, chosen once
        // every seat has its starting technologies.
        for i in 0..s.num_players {
            choose_owned_by_others(c, &mut s, Player(i));
        }
        for i in 0..s.num_players {
            crate::ti4::rules::home_setup(c, &mut s, Player(i));
        }
        // The action deck holds every copy of the implemented cards (component actions and cards
        // played at windows, checked at load); the others stay in the box.
        for (i, card) in c.cards.action_copies.iter().enumerate() {
            if !c.cards.action_cards[card.idx()].implemented {
                s.action_cards.set(i, Zone::Removed);
            }
        }
        for (i, e) in tables.agendas.effects.iter().enumerate() {
            if e.is_none() {
                s.agendas.set(i, Zone::Removed);
            }
        }
        for (i, cond) in tables.objectives.secret.iter().enumerate() {
            if cond.is_none() {
                s.secret_objectives.set(i, Zone::Removed);
            }
        }
        if let Some(owner) = s.seats().find(|&p| crate::ti4::rules::owns_zero_token(c, &s, p)) {
            s.factions.set_zero_token(ZeroToken::Held(owner));
        }
        Ok(Ti4Game::assemble(content, galaxy, tables, opts, s, Step::Deal, Flow::new()))
    }

    /// A game from its parts (seat `i`'s home is the galaxy's `i`-th home system); the counters
    /// (decisions, researches, agenda points) start at 0.
    pub(super) fn assemble(
        content: Arc<Content>,
        galaxy: Arc<Galaxy>,
        tables: GameTables,
        opts: Ti4Options,
        state: State,
        step: Step,
        flow: Flow,
    ) -> Ti4Game {
        let mut home_slot = [0u8; MAX_PLAYERS];
        for (i, h) in galaxy.homes().iter().enumerate().take(MAX_PLAYERS) {
            home_slot[i] = h.slot;
        }
        let home_planets = (0..state.num_players as usize).fold(PlanetSet::default(), |m, q| {
            let tile = galaxy.tile(home_slot[q]);
            m.union(content.systems[tile.idx()].planets.iter().copied().collect())
        });
        Ti4Game {
            home_planets,
            content,
            galaxy,
            objectives: tables.objectives,
            action_effects: tables.action_effects,
            agendas: tables.agendas,
            notes: tables.notes,
            opts,
            state,
            home_slot,
            step,
            flow,
            decisions: 0,
            researched: 0,
            agenda_points: 0,
            effects: Default::default(),
            explorations: [0; crate::ti4::content::MAX_EXPLORATION],
            research_log: [(0, 0, 0, 0); super::RESEARCH_LOG],
            agendas_resolved: 0,
            agenda_log: [(0, 0, 0); super::AGENDA_LOG],
        }
    }
}

/// What every game of one content shares, built from it once: the content, the objective
/// conditions, the action card and agenda effects and the generic notes' slots. Cloning shares
/// them; [`Ti4Game::new_shared`] starts a game on them.
#[derive(Clone)]
pub struct GameTables {
    content: Arc<Content>,
    objectives: Arc<ObjectiveTable>,
    action_effects: Arc<[Option<super::ActionEffect>]>,
    agendas: Arc<super::AgendaTable>,
    notes: super::notes::NoteSlots,
}

impl GameTables {
    /// The tables of `content`.
    pub fn of(content: Arc<Content>) -> GameTables {
        let c = &*content;
        GameTables {
            objectives: Arc::new(ObjectiveTable::embedded(c)),
            action_effects: super::action_cards::effect_table(c).into(),
            agendas: Arc::new(super::AgendaTable::new(c)),
            notes: super::notes::NoteSlots::new(c),
            content,
        }
    }

    /// The content the tables come from.
    pub fn content(&self) -> &Arc<Content> {
        &self.content
    }
}

impl std::fmt::Debug for GameTables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameTables").field("notes", &self.notes).finish_non_exhaustive()
    }
}

/// Setup 1: the home system tile of `f` in a game of `factions`. Council Keleres borrows the
/// home of the first faction of its options (Mentak, Xxcha, Argent) that is not in the game.
pub fn home_system_of(c: &Content, f: FactionId, factions: &[FactionId]) -> Result<SystemId, SetupError> {
    let fd = &c.factions[f.idx()];
    if let Some(h) = fd.home_system {
        return Ok(h);
    }
    fd.home_options
        .iter()
        .find(|o| !factions.contains(&o.variant_of))
        .map(|o| o.home_system)
        .ok_or_else(|| SetupError::NoHomeToBorrow { faction: fd.key.clone() })
}

/// One seat's home system, units and technologies.
fn setup_player(c: &Content, s: &mut State, p: Player, home: u8) {
    let f = s.player(p).faction;
    let fd = &c.factions[f.idx()];
    let tile = s.systems[home as usize].tile;
    // The home planets are the planets of the home tile (a borrowed one for Keleres).
    for &pl in &c.systems[tile.idx()].planets {
        crate::ti4::control::gain_control(c, s, p, pl, false).expect("the planet can be gained");
    }
    let n_planets = c.systems[tile.idx()].planets.len().max(1) as u8;
    let mut next = 0u8;
    // Floating Factories (the Saar's sheet dock) stand in the space area (Technology 19's rule,
    // which positions check too).
    let floating = crate::ti4::technology::docks_may_stand_in_space(c, s, p);
    for t in UnitType::ALL {
        let k = fd.starting_units[t.idx()];
        for _ in 0..k {
            let loc = match t {
                UnitType::Infantry | UnitType::Mech if n_planets > 0 && !c.systems[tile.idx()].planets.is_empty() => {
                    let l = Location::Planet(home, next % n_planets);
                    next += 1;
                    l
                }
                UnitType::SpaceDock if floating => Location::Space(home),
                UnitType::Pds | UnitType::SpaceDock => Location::Planet(home, 0),
                _ => Location::Space(home),
            };
            crate::ti4::placement::place_units(c, s, p, loc, t, 1)
                .expect("placed units come from reinforcements the caller checked");
        }
    }
    let mut techs = fd.starting_techs;
    if let Some(StartingChoice::From { choose, options }) = &fd.starting_choice {
        for t in options.iter().take(*choose as usize) {
            techs.insert(t);
        }
    }
    for t in techs.iter() {
        crate::ti4::technology::gain(c, s, p, t).expect("a starting technology can be gained");
    }
    crate::ti4::technology::valefar::place_starting_cards(c, s, p);
    crate::ti4::elimination::refresh_unit_masks(c, s, p);
}

/// Setup 1 for a starting choice "from technologies owned by other players" (Council Keleres):
/// simplified as the first non-faction technologies in content order that another seat owns.
fn choose_owned_by_others(c: &Content, s: &mut State, p: Player) {
    let f = s.player(p).faction;
    let Some(StartingChoice::OwnedByOthers { choose }) = c.factions[f.idx()].starting_choice else { return };
    let mut owned = crate::ti4::ids::TechSet::EMPTY;
    for q in s.seats().filter(|&q| q != p) {
        owned = owned.union(s.player(q).techs);
    }
    let mine = s.player(p).techs;
    let picks: Vec<TechId> =
        owned.iter().filter(|&t| c.tech_def(t).faction.is_none() && !mine.contains(t)).take(choose as usize).collect();
    for t in picks {
        crate::ti4::technology::gain(c, s, p, t).expect("a starting technology can be gained");
    }
    crate::ti4::elimination::refresh_unit_masks(c, s, p);
}
