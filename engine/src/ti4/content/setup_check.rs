//! Checks that content which is valid entry by entry can also be played: every faction can be
//! set up under the rules (component limits, fleet pool, capacity, home planets of its own, only
//! its own faction technologies), and every objective the rules' condition table
//! (`objectives.json`) names is a card of `cards.json`. Run at every load, so `sim run`, both
//! explain commands and positions all refuse such content with one error naming the file, the
//! entry and the field, instead of a panic or a game that breaks its own invariants.

use super::error::{ContentError, ContentErrorKind as K};
use super::Content;
use crate::ti4::ids::{FactionId, UnitType};
use std::collections::BTreeMap;

/// Command tokens in the fleet pool at setup: at most this many non-fighter ships may start in
/// the home system (the fleet pool rule).
pub const STARTING_FLEET_TOKENS: u32 = 3;

/// File indices into the names array, in [`super::FILES`] order.
const UNITS: usize = 1;
const FACTIONS: usize = 2;
const CARDS: usize = 5;

fn bad(names: &[String], file: usize, entry: &str, field: &str, problem: String) -> ContentError {
    ContentError {
        file: names[file].clone(),
        entry: entry.to_string(),
        field: field.to_string(),
        kind: K::BadValue(problem),
    }
}

/// The pieces of unit type `t` the content gives faction `f`: its sheet unit's
/// `component_limit`, else the generic unit's, else the engine's rule
/// ([`crate::ti4::state::component_limit`]: 4 mechs, 1 flagship, 0 for a type the faction
/// has no unit of).
pub fn pieces(c: &Content, f: FactionId, t: UnitType) -> u8 {
    let engine = crate::ti4::state::component_limit(c, f, t);
    if engine == 0 {
        return 0;
    }
    let own = c.sheet_unit[f.idx()][t.idx()].and_then(|u| c.units[u.idx()].component_limit);
    let generic = || c.units.iter().filter(|u| u.unit_type == t && u.faction.is_none()).find_map(|u| u.component_limit);
    own.or_else(generic).unwrap_or(engine)
}

/// Every check of this module; `names` are what errors call the files, in [`super::FILES`]
/// order.
pub(crate) fn check(c: &Content, names: &[String]) -> Result<(), ContentError> {
    for u in &c.units {
        if u.component_limit == Some(0) {
            return Err(bad(
                names,
                UNITS,
                &u.key,
                "component_limit",
                "0 pieces: a unit without pieces can never be placed (remove the unit, or give at least 1)".into(),
            ));
        }
    }
    let mut home_of: BTreeMap<usize, &str> = BTreeMap::new();
    for (fi, fd) in c.factions.iter().enumerate() {
        let f = FactionId(fi as u8);
        let e = fd.key.as_str();
        let (mut ships, mut capacity, mut fighters) = (0u32, 0u32, 0u32);
        for t in UnitType::ALL {
            let k = fd.starting_units[t.idx()];
            if k == 0 {
                continue;
            }
            let limit = pieces(c, f, t);
            if k > limit {
                let why = if limit == 0 {
                    format!("{k} {} at setup, but the faction has no {} unit", t.name(), t.name())
                } else {
                    format!("{k} {} at setup, but its component limit is {limit}", t.name())
                };
                return Err(bad(names, FACTIONS, e, "starting_units", why));
            }
            if t == UnitType::Fighter {
                fighters += k as u32;
            } else if UnitType::SHIPS.contains(&t) {
                ships += k as u32;
                let cap = c.sheet_unit[fi][t.idx()].map_or(0, |u| c.units[u.idx()].capacity as u32);
                capacity += cap * k as u32;
            }
        }
        if ships > STARTING_FLEET_TOKENS {
            return Err(bad(
                names,
                FACTIONS,
                e,
                "starting_units",
                format!(
                    "{ships} non-fighter ships at setup, but the fleet pool starts with {STARTING_FLEET_TOKENS} \
                     command tokens"
                ),
            ));
        }
        if fighters > capacity {
            return Err(bad(
                names,
                FACTIONS,
                e,
                "starting_units",
                format!("{fighters} fighters at setup, but the starting ships carry only {capacity}"),
            ));
        }
        for &p in &fd.home_planets {
            if let Some(other) = home_of.insert(p.idx(), e) {
                return Err(bad(
                    names,
                    FACTIONS,
                    e,
                    "home_planets",
                    format!("'{}' is also a home planet of '{other}'", c.planets[p.idx()].key),
                ));
            }
        }
        for t in fd.starting_techs.iter() {
            let def = c.tech_def(t);
            if let Some(owner) = def.faction.filter(|&o| o != f) {
                return Err(bad(
                    names,
                    FACTIONS,
                    e,
                    "starting_technologies",
                    format!("'{}' is a faction technology of '{}'", def.key, c.factions[owner.idx()].key),
                ));
            }
        }
    }
    check_objectives(c, names)
}

/// The ids of `objectives.json`, enough to check them against the cards.
#[derive(serde::Deserialize)]
struct ObjectiveIds {
    public: Vec<IdOnly>,
    secret: Vec<IdOnly>,
}

#[derive(serde::Deserialize)]
struct IdOnly {
    id: String,
}

/// Every objective the rules evaluate must be a card of the content.
fn check_objectives(c: &Content, names: &[String]) -> Result<(), ContentError> {
    let ids: ObjectiveIds = serde_json::from_str(crate::ti4::game::objectives::EMBEDDED_OBJECTIVES)
        .map_err(|e| bad(names, CARDS, "-", "-", format!("the embedded objectives.json does not parse: {e}")))?;
    for o in &ids.public {
        if c.cards.public_objective(&o.id).is_none() {
            return Err(missing(names, &o.id, "public_objectives"));
        }
    }
    for o in &ids.secret {
        if c.cards.secret_objective(&o.id).is_none() {
            return Err(missing(names, &o.id, "secret_objectives"));
        }
    }
    Ok(())
}

fn missing(names: &[String], id: &str, field: &str) -> ContentError {
    bad(
        names,
        CARDS,
        id,
        field,
        format!(
            "missing: the rules evaluate objective '{id}' (engine/data/objectives.json), so cards.json must hold it"
        ),
    )
}

/// A content edit that loads and plays but cannot matter: named like an error (file, entry,
/// field), printed as a warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentWarning {
    /// The data file.
    pub file: String,
    /// The entry's id.
    pub entry: String,
    /// The field.
    pub field: String,
    /// Why it cannot matter.
    pub problem: String,
}

impl std::fmt::Display for ContentWarning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: entry '{}', field '{}': {}", self.file, self.entry, self.field, self.problem)
    }
}

/// The warnings of `c` (`names` as for errors): a unit that can never be built nor moved (no
/// cost, and no move or a ground force, which only moves by transport it must be built for),
/// and a starting unit the faction cannot have without a technology it does not start with.
pub fn warnings(c: &Content, names: &[String]) -> Vec<ContentWarning> {
    let warn = |file: usize, entry: &str, field: &str, problem: String| ContentWarning {
        file: names[file].clone(),
        entry: entry.to_string(),
        field: field.to_string(),
        problem,
    };
    let mut out = Vec::new();
    for (ui, u) in c.units.iter().enumerate() {
        if u.cost.is_none() && !u.structure && (u.move_value.is_none() || u.ground_force) {
            let t = u.unit_type;
            let starts = c.factions.iter().enumerate().any(|(fi, f)| {
                f.starting_units[t.idx()] > 0
                    && c.effective_unit(FactionId(fi as u8), t, f.starting_techs).is_some_and(|e| e.idx() == ui)
            });
            if !starts {
                out.push(warn(
                    UNITS,
                    &u.key,
                    "cost",
                    "no cost and no way to move: no game can ever use this unit".into(),
                ));
            }
        }
    }
    for (fi, fd) in c.factions.iter().enumerate() {
        let f = FactionId(fi as u8);
        for t in UnitType::ALL {
            let k = fd.starting_units[t.idx()];
            if k == 0 || pieces(c, f, t) == 0 {
                continue;
            }
            if c.effective_unit(f, t, fd.starting_techs).is_none() {
                let needs = c.upgraded_units[t.idx()]
                    .iter()
                    .filter_map(|&u| c.units[u.idx()].requires)
                    .filter(|&r| c.tech_def(r).faction.is_none_or(|o| o == f))
                    .map(|r| format!("'{}'", c.tech_def(r).key))
                    .collect::<Vec<_>>()
                    .join(" or ");
                out.push(warn(
                    FACTIONS,
                    &fd.key,
                    "starting_units",
                    format!("starts with {k} {} but not the technology it needs ({needs})", t.name()),
                ));
            }
        }
    }
    out
}
