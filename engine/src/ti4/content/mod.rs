//! TI4 content: technologies, units, factions, planets and systems.
//!
//! The data files in `engine/data/` are embedded by default; [`Content::from_dir`] reads a
//! designer's directory instead (each file present there replaces the embedded one). Loading
//! validates every reference and compiles the files into dense, indexed tables ([`tables`])
//! that the rules read on the hot path. Errors name the file, the entry and the field.

pub mod cards;
pub mod error;
mod load;
pub mod raw;
mod rule_flags;
pub mod setup_check;
pub mod tables;

pub use cards::{AgendaKind, Cards, ExplorationDeck, LeaderKind, MAX_EXPLORATION, MAX_RELICS};
pub use error::{ContentError, ContentErrorKind};
pub use load::{ContentSource, FILES, NUM_FILES};
pub use tables::*;

use crate::ti4::ids::*;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Arc, OnceLock};

/// Most prerequisite symbols a technology card may carry in all (printed cards carry at most 4).
pub const MAX_PREREQ: usize = 8;

/// Compiled, validated content. Built once, shared read-only (`Arc`) by every game.
#[derive(Debug)]
pub struct Content {
    /// Technology cards, indexed by [`TechId`].
    pub techs: Vec<Tech>,
    /// Unit definitions, indexed by [`UnitId`].
    pub units: Vec<Unit>,
    /// Factions, indexed by [`FactionId`].
    pub factions: Vec<Faction>,
    /// Planet cards, indexed by [`PlanetId`].
    pub planets: Vec<Planet>,
    /// System tiles, indexed by [`SystemId`].
    pub systems: Vec<System>,
    /// Card identities: action cards, agendas, objectives, promissory notes, leaders.
    pub cards: Cards,
    /// Supernova tiles.
    pub supernovas: SystemSet,
    /// Ids the rules name directly.
    pub known: Known,
    /// The rules of the engine's registry that this content's entries carry
    /// ([`crate::ti4::rules`]).
    pub rules: crate::ti4::rules::RuleBook,
    /// All technologies in the game.
    pub all_techs: TechSet,
    /// Coloured technologies by colour (Technology 7).
    pub colour_techs: [TechSet; 4],
    /// Unit upgrades (Technology 6).
    pub unit_upgrades: TechSet,
    /// `prereq_at_most[c][k]`: technologies needing at most `k` prerequisites of colour `c`
    /// (Technology 12), so that "which prerequisites are met" is four set intersections.
    pub prereq_at_most: [[TechSet; MAX_PREREQ + 1]; 4],
    /// Planets with a specialty of each colour (Technology 13).
    pub specialty_planets: [PlanetSet; 4],
    /// Planets with each of the three traits (bit `t` of [`Planet::trait_bits`]), so that
    /// "how many of these planets have trait `t`" is one intersection.
    pub trait_planets: [PlanetSet; 3],
    /// Planets with at least one technology specialty.
    pub any_specialty_planets: PlanetSet,
    /// Legendary planets.
    pub legendary_planets: PlanetSet,
    /// Faction technologies that are not colourless (the technologies Faction Techs-style
    /// objectives count).
    pub coloured_faction_techs: TechSet,
    /// Per system tile, indexed by [`SystemId`]: its planets as a set.
    pub system_planets: Vec<PlanetSet>,
    /// Per planet, indexed by [`PlanetId`]: a second tile that prints it besides its own
    /// (`Planet::system`), if any (Mallice, on both sides of the Wormhole Nexus: its card
    /// names the active side 82b, the board starts with the locked side 82a).
    pub planet_alt_tile: Vec<Option<SystemId>>,
    /// Per faction: technologies it may research at all (generic ones and its own faction
    /// technologies, minus generic upgrades its faction upgrades replace, minus cards that
    /// can never be researched). Technology 11 and note 3.
    pub researchable_by: Vec<TechSet>,
    /// Per faction: generic upgrades it can never research or gain (Technology note 3).
    pub forbidden_by: Vec<TechSet>,
    /// Per faction and unit type: the unit printed on its sheet (before upgrades).
    pub sheet_unit: Vec<[Option<UnitId>; UNIT_TYPES]>,
    /// Per unit type: every definition that requires a technology (upgrades, war sun).
    pub upgraded_units: [Vec<UnitId>; UNIT_TYPES],
    /// Per unit type: the technologies those definitions require (a player owning none of them
    /// uses the sheet unit: [`Content::effective_unit`]'s fast path).
    pub upgrade_techs: [TechSet; UNIT_TYPES],
    /// Edits that load but cannot matter (a unit no game can use, a starting unit without its
    /// technology), found at load; each names the file, the entry and the field.
    pub warnings: Vec<setup_check::ContentWarning>,
    tech_by_key: BTreeMap<String, TechId>,
    unit_by_key: BTreeMap<String, UnitId>,
    faction_by_key: BTreeMap<String, FactionId>,
    planet_by_key: BTreeMap<String, PlanetId>,
    system_by_key: BTreeMap<String, SystemId>,
    tech_file: String,
}

impl Content {
    /// The embedded default content, compiled once per process.
    pub fn embedded() -> Arc<Content> {
        static C: OnceLock<Arc<Content>> = OnceLock::new();
        C.get_or_init(|| {
            let names = FILES.map(|f| format!("(embedded) {f}"));
            let raw = load::RawContent::parse(names, load::EMBEDDED).expect("embedded content parses");
            Arc::new(load::compile(raw).expect("embedded content is valid"))
        })
        .clone()
    }

    /// Content from a directory; each of [`FILES`] present there replaces the embedded file
    /// ([`ContentSource::read_dir`]).
    pub fn from_dir(dir: &Path) -> Result<Content, ContentError> {
        Content::from_source(&ContentSource::read_dir(dir)?)
    }

    /// Content from files already read (a [`ContentSource`], whose texts identify it).
    pub fn from_source(src: &ContentSource) -> Result<Content, ContentError> {
        load::compile(load::RawContent::from_source(src)?)
    }

    /// Content from the JSON texts of [`FILES`], in that order (for tests and tools).
    pub fn from_texts(texts: [&str; NUM_FILES]) -> Result<Content, ContentError> {
        let names = FILES.map(|f| f.to_string());
        load::compile(load::RawContent::parse(names, texts)?)
    }

    /// The embedded JSON texts in [`FILES`] order.
    pub fn embedded_texts() -> [&'static str; NUM_FILES] {
        load::EMBEDDED
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn build(
        techs: Vec<Tech>,
        units: Vec<Unit>,
        factions: Vec<Faction>,
        planets: Vec<Planet>,
        systems: Vec<System>,
        cards: Cards,
        known: Known,
        tech_file: String,
    ) -> Content {
        let mut colour_techs = [TechSet::EMPTY; 4];
        let mut unit_upgrades = TechSet::EMPTY;
        let mut all_techs = TechSet::EMPTY;
        for (i, t) in techs.iter().enumerate() {
            let id = TechId(i as u8);
            all_techs.insert(id);
            match t.kind {
                TechKind::Coloured(c) => {
                    colour_techs[c as usize].insert(id);
                }
                TechKind::UnitUpgrade => {
                    unit_upgrades.insert(id);
                }
                TechKind::Colourless => {}
            }
        }
        let mut prereq_at_most = [[TechSet::EMPTY; MAX_PREREQ + 1]; 4];
        for (i, t) in techs.iter().enumerate() {
            for (c, row) in prereq_at_most.iter_mut().enumerate() {
                for (k, set) in row.iter_mut().enumerate() {
                    if t.prereq[c] as usize <= k {
                        set.insert(TechId(i as u8));
                    }
                }
            }
        }
        let mut specialty_planets = [PlanetSet::EMPTY; 4];
        for (i, p) in planets.iter().enumerate() {
            for c in Colour::ALL {
                if p.specialties >> c as u8 & 1 == 1 {
                    specialty_planets[c as usize].insert(PlanetId(i as u8));
                }
            }
        }
        let (trait_planets, any_specialty_planets, legendary_planets) = planet_classes(&planets);
        let coloured_faction_techs: TechSet = all_techs
            .iter()
            .filter(|t| techs[t.idx()].faction.is_some() && techs[t.idx()].kind != TechKind::Colourless)
            .collect();
        let system_planets = systems.iter().map(|sys| sys.planets.iter().copied().collect()).collect();
        let mut planet_alt_tile = vec![None; planets.len()];
        for (i, sys) in systems.iter().enumerate() {
            for &pl in &sys.planets {
                if planets[pl.idx()].system != Some(SystemId(i as u8)) {
                    planet_alt_tile[pl.idx()] = Some(SystemId(i as u8));
                }
            }
        }
        let generic: TechSet = all_techs.iter().filter(|t| techs[t.idx()].faction.is_none()).collect();
        let mut researchable_by = Vec::new();
        let mut forbidden_by = Vec::new();
        let mut sheet_unit = Vec::new();
        for (fi, f) in factions.iter().enumerate() {
            let fid = FactionId(fi as u8);
            let forbidden: TechSet = all_techs
                .iter()
                .filter(|t| techs[t.idx()].faction == Some(fid))
                .filter_map(|t| techs[t.idx()].replaces)
                .collect();
            let own: TechSet = all_techs.iter().filter(|t| techs[t.idx()].faction == Some(fid)).collect();
            let r: TechSet =
                generic.union(own).difference(forbidden).iter().filter(|t| techs[t.idx()].researchable).collect();
            researchable_by.push(r);
            forbidden_by.push(forbidden);
            let mut sheet = [None; UNIT_TYPES];
            for t in UnitType::ALL {
                let base = |faction: Option<FactionId>| {
                    units
                        .iter()
                        .position(|u| u.unit_type == t && u.faction == faction && u.requires.is_none())
                        .map(|i| UnitId(i as u8))
                };
                let own_unit = f
                    .faction_units
                    .iter()
                    .copied()
                    .find(|u| units[u.idx()].unit_type == t && units[u.idx()].requires.is_none());
                sheet[t.idx()] = own_unit.or_else(|| base(None));
            }
            sheet_unit.push(sheet);
        }
        let mut upgraded_units: [Vec<UnitId>; UNIT_TYPES] = Default::default();
        let mut upgrade_techs = [TechSet::EMPTY; UNIT_TYPES];
        for (i, u) in units.iter().enumerate() {
            if let Some(t) = u.requires {
                upgraded_units[u.unit_type.idx()].push(UnitId(i as u8));
                upgrade_techs[u.unit_type.idx()].insert(t);
            }
        }
        let key_map = |keys: Vec<&String>| -> BTreeMap<String, u8> {
            keys.into_iter().enumerate().map(|(i, k)| (k.clone(), i as u8)).collect()
        };
        let tech_by_key =
            key_map(techs.iter().map(|t| &t.key).collect()).into_iter().map(|(k, v)| (k, TechId(v))).collect();
        let unit_by_key =
            key_map(units.iter().map(|t| &t.key).collect()).into_iter().map(|(k, v)| (k, UnitId(v))).collect();
        let faction_by_key =
            key_map(factions.iter().map(|t| &t.key).collect()).into_iter().map(|(k, v)| (k, FactionId(v))).collect();
        let planet_by_key =
            key_map(planets.iter().map(|t| &t.key).collect()).into_iter().map(|(k, v)| (k, PlanetId(v))).collect();
        let system_by_key =
            key_map(systems.iter().map(|t| &t.key).collect()).into_iter().map(|(k, v)| (k, SystemId(v))).collect();
        let supernovas =
            (0..systems.len()).filter(|&i| systems[i].anomalies & SUPERNOVA != 0).map(|i| SystemId(i as u8)).collect();
        let mut content = Content {
            rules: crate::ti4::rules::RuleBook::default(),
            techs,
            units,
            factions,
            planets,
            systems,
            cards,
            supernovas,
            known,
            all_techs,
            colour_techs,
            unit_upgrades,
            prereq_at_most,
            specialty_planets,
            trait_planets,
            any_specialty_planets,
            legendary_planets,
            coloured_faction_techs,
            system_planets,
            planet_alt_tile,
            researchable_by,
            forbidden_by,
            sheet_unit,
            upgraded_units,
            upgrade_techs,
            tech_by_key,
            unit_by_key,
            faction_by_key,
            planet_by_key,
            system_by_key,
            tech_file,
            warnings: Vec::new(),
        };
        content.rules = crate::ti4::rules::RuleBook::build(&content);
        content
    }

    /// Technology 8-12: every technology some faction may research must have prerequisites
    /// that the technologies available to that faction can meet.
    fn check_prerequisites_possible(&self) -> Result<(), ContentError> {
        for (ti, t) in self.techs.iter().enumerate() {
            let id = TechId(ti as u8);
            let who: Vec<usize> = (0..self.factions.len()).filter(|&f| self.researchable_by[f].contains(id)).collect();
            if who.is_empty() {
                continue;
            }
            let possible = who.iter().any(|&f| {
                Colour::ALL.iter().all(|&c| {
                    let pool = self.colour_techs[c as usize].intersection(self.researchable_by[f]);
                    let mut have = pool.len();
                    if pool.contains(id) {
                        have -= 1;
                    }
                    have >= t.prereq[c as usize] as u32
                })
            });
            if !possible {
                return Err(ContentError {
                    file: self.tech_file.clone(),
                    entry: t.key.clone(),
                    field: "prerequisites".into(),
                    kind: ContentErrorKind::ImpossiblePrerequisites(
                        "no faction that may research it can own enough technologies of the required colours".into(),
                    ),
                });
            }
        }
        Ok(())
    }

    /// Technology id by data-file key.
    pub fn tech(&self, key: &str) -> Option<TechId> {
        self.tech_by_key.get(key).copied()
    }
    /// Unit id by data-file key.
    pub fn unit(&self, key: &str) -> Option<UnitId> {
        self.unit_by_key.get(key).copied()
    }
    /// Faction id by data-file key.
    pub fn faction(&self, key: &str) -> Option<FactionId> {
        self.faction_by_key.get(key).copied()
    }
    /// Planet id by data-file key.
    pub fn planet(&self, key: &str) -> Option<PlanetId> {
        self.planet_by_key.get(key).copied()
    }
    /// System id by data-file key.
    pub fn system(&self, key: &str) -> Option<SystemId> {
        self.system_by_key.get(key).copied()
    }
    /// The technology card.
    #[inline]
    pub fn tech_def(&self, t: TechId) -> &Tech {
        &self.techs[t.idx()]
    }

    /// Technology 6.1 / 10.1: the unit definition a faction's units of `unit_type` use, given
    /// the technologies whose unit text applies to it (`techs`: owned, plus any Valefar copies).
    /// A faction-specific upgrade wins over a generic one (Technology 21: a Nekro player may use
    /// an upgrade of the same unit type whatever its name; with both, the faction one applies);
    /// `None` when the faction has no such unit (a war sun before its upgrade).
    pub fn effective_unit(&self, faction: FactionId, unit_type: UnitType, techs: TechSet) -> Option<UnitId> {
        if !techs.intersects(&self.upgrade_techs[unit_type.idx()]) {
            // No definition of this type applies: the sheet unit (the loop below would find
            // none either).
            return self.sheet_unit[faction.idx()][unit_type.idx()];
        }
        let mut generic = None;
        for &u in &self.upgraded_units[unit_type.idx()] {
            let def = &self.units[u.idx()];
            if def.requires.is_some_and(|t| techs.contains(t)) {
                match def.faction {
                    Some(f) if f == faction || self.techs[def.requires.unwrap_or_default().idx()].faction.is_some() => {
                        return Some(u)
                    }
                    Some(_) => {}
                    None => generic = generic.or(Some(u)),
                }
            }
        }
        generic.or(self.sheet_unit[faction.idx()][unit_type.idx()])
    }
}

/// The planets with each trait, with any specialty, and legendary ones (see the fields of
/// [`Content`] of these names).
fn planet_classes(planets: &[Planet]) -> ([PlanetSet; 3], PlanetSet, PlanetSet) {
    let (mut traits, mut specialty, mut legendary) = ([PlanetSet::EMPTY; 3], PlanetSet::EMPTY, PlanetSet::EMPTY);
    for (i, p) in planets.iter().enumerate() {
        let id = PlanetId(i as u8);
        for (t, set) in traits.iter_mut().enumerate() {
            set.set(id, p.trait_bits >> t & 1 == 1);
        }
        specialty.set(id, p.specialties != 0);
        legendary.set(id, p.legendary);
    }
    (traits, specialty, legendary)
}

#[cfg(test)]
mod tests;
