//! Loading and validating content: raw files → checked, indexed [`Content`].

use super::error::{ContentError, ContentErrorKind as K};
use super::raw::*;
use super::tables::*;
use super::Content;
use crate::ti4::ids::*;
use std::collections::BTreeMap;
use std::path::Path;

/// Number of content files.
pub const NUM_FILES: usize = 6;

/// The content files, by name.
pub const FILES: [&str; NUM_FILES] =
    ["technologies.json", "units.json", "factions.json", "planets.json", "systems.json", "cards.json"];

/// The embedded default content, as raw JSON text in [`FILES`] order.
pub const EMBEDDED: [&str; NUM_FILES] = [
    include_str!("../../../data/technologies.json"),
    include_str!("../../../data/units.json"),
    include_str!("../../../data/factions.json"),
    include_str!("../../../data/planets.json"),
    include_str!("../../../data/systems.json"),
    include_str!("../../../data/cards.json"),
];

fn err(file: &str, entry: &str, field: &str, kind: K) -> ContentError {
    ContentError { file: file.to_string(), entry: entry.to_string(), field: field.to_string(), kind }
}

fn parse<T: serde::de::DeserializeOwned>(name: &str, text: &str) -> Result<T, ContentError> {
    serde_json::from_str(text).map_err(|e| err(name, "-", "-", K::Parse(e.to_string())))
}

/// Raw files before compilation; `names` are what errors call each file.
pub(crate) struct RawContent {
    pub names: [String; NUM_FILES],
    pub techs: TechFile,
    pub units: UnitFile,
    pub factions: FactionFile,
    pub planets: PlanetFile,
    pub systems: SystemFile,
    pub cards: CardFile,
}

impl RawContent {
    pub(crate) fn parse(names: [String; NUM_FILES], texts: [&str; NUM_FILES]) -> Result<RawContent, ContentError> {
        Ok(RawContent {
            techs: parse(&names[0], texts[0])?,
            units: parse(&names[1], texts[1])?,
            factions: parse(&names[2], texts[2])?,
            planets: parse(&names[3], texts[3])?,
            systems: parse(&names[4], texts[4])?,
            cards: parse(&names[5], texts[5])?,
            names,
        })
    }

    /// Parses the texts of a [`ContentSource`].
    pub(crate) fn from_source(src: &ContentSource) -> Result<RawContent, ContentError> {
        let refs: [&str; NUM_FILES] = std::array::from_fn(|i| src.texts[i].as_str());
        RawContent::parse(src.names.clone(), refs)
    }
}

/// The data files of one content as read, before parsing: what errors call each file, its exact
/// text, and whether it came from a content directory. Hashing the texts identifies the content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentSource {
    /// What errors call each file, in [`FILES`] order: its path, or `(embedded) NAME`.
    pub names: [String; NUM_FILES],
    /// Each file's text.
    pub texts: [String; NUM_FILES],
    /// Whether each file came from the directory (otherwise it is the embedded one).
    pub from_dir: [bool; NUM_FILES],
}

impl ContentSource {
    /// The embedded content.
    pub fn embedded() -> ContentSource {
        ContentSource {
            names: FILES.map(|f| format!("(embedded) {f}")),
            texts: EMBEDDED.map(str::to_string),
            from_dir: [false; NUM_FILES],
        }
    }

    /// Reads a content directory: each of [`FILES`] present there replaces the embedded one.
    /// A directory holding none of them, or a `.json` file that is not one of them (a
    /// misspelled name), is an error: either would silently play the embedded content.
    pub fn read_dir(dir: &Path) -> Result<ContentSource, ContentError> {
        let here = dir.display().to_string();
        if !dir.is_dir() {
            return Err(err(&here, "-", "-", K::Io("not a directory".into())));
        }
        let entries = std::fs::read_dir(dir).map_err(|e| err(&here, "-", "-", K::Io(e.to_string())))?;
        let mut unknown = Vec::new();
        for entry in entries {
            let name = entry.map_err(|e| err(&here, "-", "-", K::Io(e.to_string())))?.file_name();
            let name = name.to_string_lossy();
            if name.ends_with(".json") && !FILES.contains(&name.as_ref()) {
                unknown.push(name.into_owned());
            }
        }
        unknown.sort();
        if let Some(name) = unknown.first() {
            let path = dir.join(name).display().to_string();
            return Err(err(
                &path,
                "-",
                "-",
                K::BadValue(format!("not a content file (the content files are {})", FILES.join(", "))),
            ));
        }
        let mut src = ContentSource::embedded();
        for (i, file) in FILES.iter().enumerate() {
            let p = dir.join(file);
            if p.exists() {
                src.names[i] = p.display().to_string();
                src.texts[i] =
                    std::fs::read_to_string(&p).map_err(|e| err(&src.names[i], "-", "-", K::Io(e.to_string())))?;
                src.from_dir[i] = true;
            }
        }
        if !src.from_dir.contains(&true) {
            return Err(err(
                &here,
                "-",
                "-",
                K::BadValue(format!(
                    "holds no content file (expected at least one of {}); it would play the embedded content",
                    FILES.join(", ")
                )),
            ));
        }
        Ok(src)
    }
}

fn index<'a>(file: &str, ids: impl Iterator<Item = &'a str>, cap: usize) -> Result<BTreeMap<String, u8>, ContentError> {
    let mut m = BTreeMap::new();
    for (i, id) in ids.enumerate() {
        if i >= cap {
            return Err(err(file, id, "id", K::TooMany(cap)));
        }
        if m.insert(id.to_string(), i as u8).is_some() {
            return Err(err(file, id, "id", K::DuplicateId));
        }
    }
    Ok(m)
}

struct Ix<'a> {
    names: &'a [String; NUM_FILES],
    tech: &'a BTreeMap<String, u8>,
    unit: &'a BTreeMap<String, u8>,
    faction: &'a BTreeMap<String, u8>,
    planet: &'a BTreeMap<String, u8>,
    system: &'a BTreeMap<String, u8>,
}

impl Ix<'_> {
    fn look(
        &self,
        m: &BTreeMap<String, u8>,
        file: usize,
        entry: &str,
        field: &str,
        id: &str,
    ) -> Result<u8, ContentError> {
        m.get(id).copied().ok_or_else(|| err(&self.names[file], entry, field, K::UnknownId(id.to_string())))
    }
    fn tech(&self, f: usize, e: &str, field: &str, id: &str) -> Result<TechId, ContentError> {
        self.look(self.tech, f, e, field, id).map(TechId)
    }
    fn unit(&self, f: usize, e: &str, field: &str, id: &str) -> Result<UnitId, ContentError> {
        self.look(self.unit, f, e, field, id).map(UnitId)
    }
    fn faction(&self, f: usize, e: &str, field: &str, id: &str) -> Result<FactionId, ContentError> {
        self.look(self.faction, f, e, field, id).map(FactionId)
    }
    fn planet(&self, f: usize, e: &str, field: &str, id: &str) -> Result<PlanetId, ContentError> {
        self.look(self.planet, f, e, field, id).map(PlanetId)
    }
    fn system(&self, f: usize, e: &str, field: &str, id: &str) -> Result<SystemId, ContentError> {
        self.look(self.system, f, e, field, id).map(SystemId)
    }
    fn opt<T>(
        &self,
        v: &Option<String>,
        g: impl Fn(&str) -> Result<T, ContentError>,
    ) -> Result<Option<T>, ContentError> {
        v.as_deref().map(g).transpose()
    }
    fn bad(&self, f: usize, e: &str, field: &str, msg: String) -> ContentError {
        err(&self.names[f], e, field, K::BadValue(msg))
    }
    fn source(&self, f: usize, e: &str, s: &str) -> Result<Source, ContentError> {
        Source::parse(s).ok_or_else(|| self.bad(f, e, "source", format!("unknown source '{s}'")))
    }
}

fn bits(f: usize, ix: &Ix, e: &str, field: &str, names: &[&str], vals: &[String]) -> Result<u8, ContentError> {
    let mut b = 0u8;
    for v in vals {
        let i = names.iter().position(|n| n == v).ok_or_else(|| ix.bad(f, e, field, format!("unknown value '{v}'")))?;
        b |= 1 << i;
    }
    Ok(b)
}

/// Compiles raw content into checked tables.
pub(crate) fn compile(raw: RawContent) -> Result<Content, ContentError> {
    let n = &raw.names;
    // Variant printings (Omega reprints) are kept out of the id space: one printing per card.
    let live_techs: Vec<&RawTech> = raw.techs.technologies.iter().filter(|t| t.variant_of.is_none()).collect();
    let tech_ix = index(&n[0], live_techs.iter().map(|t| t.id.as_str()), TechSet::CAPACITY)?;
    // Ids are unique over every printing, variants included.
    index(&n[0], raw.techs.technologies.iter().map(|t| t.id.as_str()), 256)?;
    let unit_ix = index(&n[1], raw.units.units.iter().map(|u| u.id.as_str()), 256)?;
    let faction_ix = index(&n[2], raw.factions.factions.iter().map(|f| f.id.as_str()), 64)?;
    let planet_ix = index(&n[3], raw.planets.planets.iter().map(|p| p.id.as_str()), PlanetSet::CAPACITY)?;
    let system_ix = index(&n[4], raw.systems.systems.iter().map(|s| s.id.as_str()), 256)?;
    let ix =
        Ix { names: n, tech: &tech_ix, unit: &unit_ix, faction: &faction_ix, planet: &planet_ix, system: &system_ix };
    for t in raw.techs.technologies.iter().filter(|t| t.variant_of.is_some()) {
        let v = t.variant_of.as_deref().unwrap_or_default();
        if !tech_ix.contains_key(v) {
            return Err(err(&n[0], &t.id, "variant_of", K::UnknownId(v.to_string())));
        }
    }

    // Technologies.
    let mut techs = Vec::with_capacity(live_techs.len());
    for t in &live_techs {
        let e = t.id.as_str();
        let kind = match t.kind.as_str() {
            "unit_upgrade" => TechKind::UnitUpgrade,
            "none" => TechKind::Colourless,
            c => {
                TechKind::Coloured(Colour::parse(c).ok_or_else(|| ix.bad(0, e, "type", format!("unknown type '{c}'")))?)
            }
        };
        let mut prereq = [0u8; 4];
        for (c, &k) in &t.prerequisites {
            let col = Colour::parse(c).ok_or_else(|| ix.bad(0, e, "prerequisites", format!("unknown colour '{c}'")))?;
            prereq[col as usize] = k;
        }
        if prereq.iter().map(|&k| k as usize).sum::<usize>() > super::MAX_PREREQ {
            return Err(ix.bad(0, e, "prerequisites", format!("more than {} prerequisite symbols", super::MAX_PREREQ)));
        }
        let unit = match &t.unit {
            Some(u) => {
                Some(UnitType::parse(u).ok_or_else(|| ix.bad(0, e, "unit", format!("unknown unit type '{u}'")))?)
            }
            None => None,
        };
        if (kind == TechKind::UnitUpgrade) != unit.is_some() {
            return Err(ix.bad(
                0,
                e,
                "unit",
                "a unit upgrade names its unit type, and only a unit upgrade does".into(),
            ));
        }
        techs.push(Tech {
            key: t.id.clone(),
            name: t.name.clone(),
            kind,
            prereq,
            faction: ix.opt(&t.faction, |s| ix.faction(0, e, "faction", s))?,
            unit,
            replaces: ix.opt(&t.replaces_generic_upgrade, |s| ix.tech(0, e, "replaces_generic_upgrade", s))?,
            source: ix.source(0, e, &t.source)?,
            researchable: t.researchable,
            implemented: t.implemented,
        });
    }
    for t in &techs {
        if let Some(r) = t.replaces {
            let g = &techs[r.idx()];
            if g.faction.is_some() || g.kind != TechKind::UnitUpgrade || g.unit != t.unit || t.faction.is_none() {
                return Err(ix.bad(
                    0,
                    &t.key,
                    "replaces_generic_upgrade",
                    format!("'{}' is not the generic upgrade of this faction upgrade's unit type", g.key),
                ));
            }
        }
    }

    // Units.
    let mut units = Vec::new();
    for u in &raw.units.units {
        let e = u.id.as_str();
        let unit_type = UnitType::parse(&u.unit_type)
            .ok_or_else(|| ix.bad(1, e, "unit_type", format!("unknown unit type '{}'", u.unit_type)))?;
        let cats = bits(1, &ix, e, "categories", &["ship", "ground_force", "structure"], &u.categories)?;
        let dice = |d: Option<RawDice>, field: &str| -> Result<Option<Dice>, ContentError> {
            match d {
                Some(d) if !(1..=10).contains(&d.hits_on) || d.dice == Some(0) => {
                    let dice = d.dice.map_or("null".to_string(), |n| n.to_string());
                    Err(ix.bad(
                        1,
                        e,
                        field,
                        format!("hits_on must be 1-10 and dice at least 1, got hits_on {}, dice {dice}", d.hits_on),
                    ))
                }
                Some(d) => Ok(Some(Dice { hits_on: d.hits_on, dice: d.dice.unwrap_or(0) })),
                None => Ok(None),
            }
        };
        let production = match &u.production {
            None => None,
            Some(p) if p.kind == "fixed" => Some(Production::Fixed(p.value)),
            Some(p) if p.kind == "planet_resources_plus" => Some(Production::PlanetResourcesPlus(p.value)),
            Some(p) => return Err(ix.bad(1, e, "production", format!("unknown production kind '{}'", p.kind))),
        };
        let space_cannon = match u.space_cannon {
            Some(s) => dice(Some(RawDice { hits_on: s.hits_on, dice: Some(s.dice) }), "space_cannon")?
                .map(|d| (d, s.also_adjacent_systems)),
            None => None,
        };
        if u.units_per_cost == 0 {
            return Err(ix.bad(1, e, "units_per_cost", "must be at least 1".into()));
        }
        units.push(Unit {
            key: u.id.clone(),
            name: u.name.clone(),
            unit_type,
            faction: ix.opt(&u.faction, |s| ix.faction(1, e, "faction", s))?,
            ship: cats & 1 != 0,
            ground_force: cats & 2 != 0,
            structure: cats & 4 != 0,
            upgraded_by: ix.opt(&u.upgraded_by_tech, |s| ix.tech(1, e, "upgraded_by_tech", s))?,
            requires: ix.opt(&u.requires_tech, |s| ix.tech(1, e, "requires_tech", s))?,
            cost: u.cost,
            units_per_cost: u.units_per_cost,
            combat: dice(u.combat, "combat")?,
            move_value: u.move_value,
            capacity: u.capacity.unwrap_or(0),
            sustain_damage: u.sustain_damage,
            production,
            planetary_shield: u.planetary_shield,
            space_cannon,
            bombardment: dice(u.bombardment, "bombardment")?,
            anti_fighter_barrage: dice(u.anti_fighter_barrage, "anti_fighter_barrage")?,
            component_limit: u.component_limit,
            source: ix.source(1, e, &u.source)?,
            text_ability: u.text_ability_implemented,
        });
    }

    // Planets and systems.
    let mut planets = Vec::new();
    for p in &raw.planets.planets {
        let e = p.id.as_str();
        let kind = match p.kind.as_str() {
            "standard" => PlanetKind::Standard,
            "home" => PlanetKind::Home,
            "mecatol_rex" => PlanetKind::MecatolRex,
            "space_station" => PlanetKind::SpaceStation,
            k => return Err(ix.bad(3, e, "kind", format!("unknown planet kind '{k}'"))),
        };
        let mut specialties = 0u8;
        for s in &p.specialties {
            let c = Colour::parse(s).ok_or_else(|| ix.bad(3, e, "specialties", format!("unknown colour '{s}'")))?;
            specialties |= 1 << c as u8;
        }
        let trait_bits = bits(3, &ix, e, "traits", &["cultural", "hazardous", "industrial"], &p.traits)?;
        planets.push(Planet {
            key: p.id.clone(),
            name: p.name.clone(),
            system: ix.opt(&p.system, |s| ix.system(3, e, "system", s))?,
            resources: p.resources,
            influence: p.influence,
            traits: p.traits.clone(),
            trait_bits,
            kind,
            home_of: ix.opt(&p.home_of, |s| ix.faction(3, e, "home_of", s))?,
            specialties,
            legendary: p.legendary,
            source: ix.source(3, e, &p.source)?,
        });
    }
    let mut systems = Vec::new();
    for s in &raw.systems.systems {
        let e = s.id.as_str();
        systems.push(System {
            key: s.id.clone(),
            name: s.name.clone(),
            planets: s.planets.iter().map(|p| ix.planet(4, e, "planets", p)).collect::<Result<_, _>>()?,
            wormholes: bits(4, &ix, e, "wormholes", &WORMHOLES, &s.wormholes)?,
            anomalies: bits(4, &ix, e, "anomalies", &ANOMALIES, &s.anomalies)?,
            hyperlane: s.hyperlane,
            home_of: ix.opt(&s.home_system_of, |f| ix.faction(4, e, "home_system_of", f))?,
            board_position_of: ix.opt(&s.board_position_of, |f| ix.faction(4, e, "board_position_of", f))?,
            source: ix.source(4, e, &s.source)?,
        });
    }

    // Factions.
    let mut factions = Vec::new();
    for (fi, f) in raw.factions.factions.iter().enumerate() {
        let e = f.id.as_str();
        let techset = |ids: &[String], field: &str| -> Result<TechSet, ContentError> {
            ids.iter().map(|t| ix.tech(2, e, field, t)).collect()
        };
        let faction_techs = techset(&f.faction_technologies, "faction_technologies")?;
        for t in faction_techs.iter() {
            if techs[t.idx()].faction != Some(FactionId(fi as u8)) {
                return Err(ix.bad(
                    2,
                    e,
                    "faction_technologies",
                    format!("'{}' is not this faction's technology", techs[t.idx()].key),
                ));
            }
        }
        let mut starting_units = [0u8; UNIT_TYPES];
        for (u, &k) in &f.starting_units {
            let t =
                UnitType::parse(u).ok_or_else(|| ix.bad(2, e, "starting_units", format!("unknown unit type '{u}'")))?;
            starting_units[t.idx()] = k;
        }
        let starting_choice = match &f.starting_technology_choice {
            None => None,
            Some(c) => Some(match &c.from {
                Some(_) if c.owned_by_others => {
                    return Err(ix.bad(
                        2,
                        e,
                        "starting_technology_choice",
                        "both a list 'from' and 'owned_by_others'".into(),
                    ))
                }
                Some(list) => {
                    StartingChoice::From { choose: c.choose, options: techset(list, "starting_technology_choice")? }
                }
                None if c.owned_by_others => StartingChoice::OwnedByOthers { choose: c.choose },
                None => StartingChoice::Unspecified { choose: c.choose },
            }),
        };
        let mut known_abilities = crate::ti4::rules::AbilitySet::EMPTY;
        for a in f.abilities.iter().filter(|a| a.implemented) {
            if let Some(k) = crate::ti4::factions::ability_bit(&a.id) {
                known_abilities.insert(k);
            }
        }
        let home_options = f
            .home_system_options
            .iter()
            .map(|o| {
                Ok(HomeOption {
                    variant_of: ix.faction(2, e, "home_system_options", &o.variant_of)?,
                    home_system: ix.system(2, e, "home_system_options", &o.home_system)?,
                    home_planets: o
                        .home_planets
                        .iter()
                        .map(|p| ix.planet(2, e, "home_system_options", p))
                        .collect::<Result<_, _>>()?,
                })
            })
            .collect::<Result<_, ContentError>>()?;
        factions.push(Faction {
            key: f.id.clone(),
            name: f.name.clone(),
            source: ix.source(2, e, &f.source)?,
            home_system: ix.opt(&f.home_system, |s| ix.system(2, e, "home_system", s))?,
            home_planets: f
                .home_planets
                .iter()
                .map(|p| ix.planet(2, e, "home_planets", p))
                .collect::<Result<_, _>>()?,
            commodities: f.commodities,
            starting_techs: techset(&f.starting_technologies, "starting_technologies")?,
            starting_choice,
            starting_units,
            faction_techs,
            faction_units: f
                .faction_units
                .iter()
                .map(|u| ix.unit(2, e, "faction_units", u))
                .collect::<Result<_, _>>()?,
            abilities: f
                .abilities
                .iter()
                .map(|a| AbilityDef { key: a.id.clone(), implemented: a.implemented })
                .collect(),
            known_abilities,
            home_options,
        });
    }

    let find_tech = |k: &str| tech_ix.get(k).map(|&i| TechId(i));
    let known = Known {
        psychoarchaeology: find_tech("psychoarchaeology"),
        ai_development_algorithm: find_tech("ai_development_algorithm"),
        magmus_reactor: find_tech("magmus_reactor"),
        inheritance_systems: find_tech("inheritance_systems"),
        floating_factory_ii: find_tech("floating_factory_ii"),
        antimass_deflectors: find_tech("antimass_deflectors"),
        iihq_modernization: find_tech("iihq_modernization"),
        valefar_x: find_tech("valefar_assimilator_x"),
        valefar_y: find_tech("valefar_assimilator_y"),
        custodia_vigilia: planet_ix.get("custodiavigilia").map(|&i| PlanetId(i)),
        mecatol_rex: planet_ix.get("mr").map(|&i| PlanetId(i)),
        ..Known::default()
    };
    let cards = super::cards::compile(&n[5], &raw.cards, &faction_ix, factions.len())?;
    let known = Known {
        terraform: cards.note("terraform"),
        shard_of_the_throne: cards.relic("shard_of_the_throne").filter(|r| cards.relics[r.idx()].implemented),
        the_obsidian: cards.relic("the_obsidian").filter(|r| cards.relics[r.idx()].implemented),
        scepter_of_emelpar: cards.relic("scepter_of_emelpar").filter(|r| cards.relics[r.idx()].implemented),
        alliance: cards.note("alliance"),
        geoform_hero: cards.leader("titans_hero"),
        publicize_weapon_schematics: cards.agenda("publicize_weapon_schematics"),
        articles_of_war: cards.agenda("articles_of_war"),
        ..known
    };
    super::rule_flags::check(&raw)?;
    let mut content = Content::build(techs, units, factions, planets, systems, cards, known, n[0].clone());
    content.check_prerequisites_possible()?;
    super::setup_check::check(&content, n)?;
    content.warnings = super::setup_check::warnings(&content, n);
    Ok(content)
}
