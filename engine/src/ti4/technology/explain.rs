//! `sim explain research`: why each technology is or is not researchable by one player now
//! (Technology 2, 9-15, 11 and note 3; Nekro Propagation).
//!
//! Every technology of the content appears once, in content order, as `owned`, `researchable`
//! (with the legal options [`research_options`] generates at cost 0, so what a research costs
//! is not checked) or `blocked` (with every reason that applies). Not a hot path: allocates.

use super::acquire::{faction_block, TechError};
use super::research::{cannot_research, research_options, ResearchContext, ResearchOption, Skip};
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;
use serde::Serialize;

/// Why one player can or cannot research each technology.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct ResearchExplanation {
    /// The player's faction id.
    pub player: String,
    /// Every technology of the content, in content order.
    pub technologies: Vec<TechExplanation>,
}

/// One technology's status for the player.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct TechExplanation {
    /// Technology id.
    pub id: String,
    /// Owned, researchable now, or blocked.
    pub status: TechStatus,
    /// The distinct planet sets of [`TechExplanation::options`], in generation order (`[[]]`
    /// when a research needs no planet); empty unless researchable.
    pub exhaust_options: Vec<Vec<String>>,
    /// Every minimal legal research, in generation order; empty unless researchable.
    pub options: Vec<OptionExplanation>,
    /// Every reason a blocked technology cannot be researched; empty otherwise.
    pub reasons: Vec<Reason>,
}

/// A technology's status.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq)]
#[serde(rename_all = "snake_case")]
pub enum TechStatus {
    /// In the play area (Technology 1).
    Owned,
    /// At least one legal research exists (Technology 9-15).
    Researchable,
    /// No legal research exists.
    Blocked,
}

/// One legal research of one technology.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
pub struct OptionExplanation {
    /// Specialty planets exhausted (Technology 14), in content order.
    pub exhaust: Vec<String>,
    /// The prerequisite-skipping card exhausted: `ai_development_algorithm`,
    /// `inheritance_systems`, or none.
    pub skip: Option<String>,
    /// Resources the option itself costs on top of the research (Inheritance Systems: 2).
    pub resources: u32,
}

/// Prerequisite symbols still missing, by colour.
#[derive(Serialize, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Missing {
    /// Green symbols.
    pub biotic: u8,
    /// Blue symbols.
    pub propulsion: u8,
    /// Yellow symbols.
    pub cybernetic: u8,
    /// Red symbols.
    pub warfare: u8,
}

impl Missing {
    fn from_array(m: [u8; 4]) -> Missing {
        Missing { biotic: m[0], propulsion: m[1], cybernetic: m[2], warfare: m[3] }
    }
    /// Total symbols missing.
    pub fn total(&self) -> u32 {
        self.biotic as u32 + self.propulsion as u32 + self.cybernetic as u32 + self.warfare as u32
    }
}

/// Why a technology cannot be researched.
#[derive(Serialize, Clone, Debug, PartialEq, Eq)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Reason {
    /// Technology 12-14: symbols left after the owned technologies and the best use of every
    /// usable specialty planet (abilities that ignore prerequisites not counted).
    MissingPrerequisites {
        /// Symbols still missing.
        missing: Missing,
    },
    /// Technology 11: another faction's technology.
    OtherFaction {
        /// That faction's id.
        faction: String,
    },
    /// Technology note 3: a generic upgrade the player's faction upgrade replaces.
    ReplacedByFactionUpgrade {
        /// The faction upgrade's id.
        by: String,
    },
    /// A faction ability forbids research (Nekro Virus: Propagation).
    CannotResearch {
        /// The ability's id.
        ability: &'static str,
    },
    /// A card that can never be researched (a flip side).
    NotResearchable,
    /// The player has been eliminated.
    Eliminated,
}

/// The content id of the rule granting a skip (a card, or an ability such as Riftmeld).
fn skip_name(c: &Content, skip: Skip) -> Option<String> {
    skip.key(c).map(str::to_owned)
}

/// Explains, for every technology of the content, whether player `p` owns it, may research it
/// now (and how), or why not.
pub fn explain_research(c: &Content, s: &State, p: Player) -> ResearchExplanation {
    let ps = s.player(p);
    let mut buf = Vec::new();
    research_options(c, s, p, 0, &mut buf);
    let ctx = ResearchContext::of(c, s, p);
    let colours = usable_colours(c, s, p);
    let planet_keys =
        |o: &ResearchOption| -> Vec<String> { o.exhaust().iter().map(|pl| c.planets[pl.idx()].key.clone()).collect() };
    let technologies = c
        .all_techs
        .iter()
        .map(|t| {
            let def = c.tech_def(t);
            let mut e = TechExplanation {
                id: def.key.clone(),
                status: TechStatus::Blocked,
                exhaust_options: Vec::new(),
                options: Vec::new(),
                reasons: Vec::new(),
            };
            if ps.techs.contains(t) {
                e.status = TechStatus::Owned;
                return e;
            }
            for o in buf.iter().filter(|o| o.tech == t) {
                let planets = planet_keys(o);
                if !e.exhaust_options.contains(&planets) {
                    e.exhaust_options.push(planets.clone());
                }
                e.options.push(OptionExplanation {
                    exhaust: planets,
                    skip: skip_name(c, o.skip),
                    resources: o.skip.resources(),
                });
            }
            if !e.options.is_empty() {
                e.status = TechStatus::Researchable;
                return e;
            }
            e.reasons = blocked_reasons(c, s, p, t, &ctx.have, &colours);
            e
        })
        .collect();
    ResearchExplanation { player: c.factions[ps.faction.idx()].key.clone(), technologies }
}

/// The specialty colours of the planets usable now (Technology 14-15), one mask per planet.
fn usable_colours(c: &Content, s: &State, p: Player) -> Vec<u8> {
    let ctx = ResearchContext::of(c, s, p);
    let usable: PlanetSet = ctx.specialties.iter().fold(PlanetSet::EMPTY, |a, &b| a.union(b));
    usable.iter().map(|pl| s.specialties_of(c, pl)).collect()
}

/// Every reason that applies to a technology with no legal research.
fn blocked_reasons(c: &Content, s: &State, p: Player, t: TechId, have: &[u8; 4], colours: &[u8]) -> Vec<Reason> {
    let def = c.tech_def(t);
    let mut reasons = Vec::new();
    if !s.player(p).in_game {
        reasons.push(Reason::Eliminated);
    }
    if let Some(a) = cannot_research(c, s, p) {
        reasons.push(Reason::CannotResearch { ability: a });
    }
    match faction_block(c, s, p, t) {
        Some(TechError::OtherFaction(f)) => {
            reasons.push(Reason::OtherFaction { faction: c.factions[f.idx()].key.clone() })
        }
        Some(TechError::ReplacedByFactionUpgrade(by)) => {
            reasons.push(Reason::ReplacedByFactionUpgrade { by: c.tech_def(by).key.clone() })
        }
        _ => {}
    }
    if !def.researchable {
        reasons.push(Reason::NotResearchable);
    }
    let mut need = [0u8; 4];
    for i in 0..4 {
        need[i] = def.prereq[i].saturating_sub(have[i]);
    }
    let missing = Missing::from_array(uncovered(need, colours));
    if missing.total() > 0 {
        reasons.push(Reason::MissingPrerequisites { missing });
    }
    reasons
}

/// Technology 14: the symbols of `need` left uncovered when each planet (a colour mask) covers
/// one symbol of one of its colours, planets assigned to cover as many symbols as possible
/// (a bipartite matching by augmenting paths; planets with two colours cover either).
pub fn uncovered(need: [u8; 4], planets: &[u8]) -> [u8; 4] {
    let mut assigned: Vec<Option<usize>> = vec![None; planets.len()];
    let mut used = [0u8; 4];
    for i in 0..planets.len() {
        let mut seen = [false; 4];
        augment(i, planets, &need, &mut used, &mut assigned, &mut seen);
    }
    let mut left = need;
    for k in 0..4 {
        left[k] -= used[k];
    }
    left
}

/// Tries to give planet `i` a colour, moving other planets along an augmenting path.
fn augment(
    i: usize,
    planets: &[u8],
    need: &[u8; 4],
    used: &mut [u8; 4],
    assigned: &mut [Option<usize>],
    seen: &mut [bool; 4],
) -> bool {
    for k in 0..4 {
        if planets[i] >> k & 1 == 0 || seen[k] {
            continue;
        }
        seen[k] = true;
        if used[k] < need[k] {
            used[k] += 1;
            assigned[i] = Some(k);
            return true;
        }
        for j in 0..planets.len() {
            if j != i && assigned[j] == Some(k) && augment(j, planets, need, used, assigned, seen) {
                // Planet j moved to another colour (counted there); i takes its place in k,
                // so `used[k]` is unchanged.
                assigned[i] = Some(k);
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ti4::position::state_from_json;

    fn explain(json: &str, seat: u8) -> ResearchExplanation {
        let c = Content::embedded();
        let s = state_from_json(&c, json).unwrap_or_else(|e| panic!("{e}"));
        explain_research(&c, &s, Player(seat))
    }

    fn tech<'a>(e: &'a ResearchExplanation, id: &str) -> &'a TechExplanation {
        e.technologies.iter().find(|t| t.id == id).unwrap_or_else(|| panic!("{id} missing"))
    }

    fn missing(b: u8, p: u8, cy: u8, w: u8) -> Reason {
        Reason::MissingPrerequisites { missing: Missing { biotic: b, propulsion: p, cybernetic: cy, warfare: w } }
    }

    const SOL_BLUE: &str =
        r#"{"players": [{"faction": "sol", "technologies": ["antimass_deflectors", "gravity_drive"]}]}"#;

    #[test]
    fn every_technology_once_in_content_order() {
        let c = Content::embedded();
        let e = explain(SOL_BLUE, 0);
        assert_eq!(e.player, "sol");
        let ids: Vec<&str> = e.technologies.iter().map(|t| t.id.as_str()).collect();
        let want: Vec<&str> = c.techs.iter().map(|t| t.key.as_str()).collect();
        assert_eq!(ids, want);
    }

    #[test]
    fn owned_and_researchable_without_planets() {
        // Technology 1 and 12: two blue technologies meet Fleet Logistics' two blue symbols.
        let e = explain(SOL_BLUE, 0);
        let owned = tech(&e, "gravity_drive");
        assert_eq!(owned.status, TechStatus::Owned);
        assert!(owned.options.is_empty() && owned.reasons.is_empty() && owned.exhaust_options.is_empty());
        let fl = tech(&e, "fleet_logistics");
        assert_eq!(fl.status, TechStatus::Researchable);
        assert_eq!(fl.exhaust_options, vec![Vec::<String>::new()]);
        assert_eq!(fl.options, vec![OptionExplanation { exhaust: vec![], skip: None, resources: 0 }]);
        assert!(fl.reasons.is_empty());
    }

    #[test]
    fn specialty_planets_give_exhaust_options() {
        // Technology 14: Gral (blue specialty) covers Light/Wave Deflector's third blue symbol.
        let json = r#"{"players": [{"faction": "sol", "technologies": ["antimass_deflectors", "gravity_drive"],
            "planets": [{"id": "jord"}, {"id": "gral"}]}]}"#;
        let e = explain(json, 0);
        let lw = tech(&e, "light_wave_deflector");
        assert_eq!(lw.status, TechStatus::Researchable);
        assert_eq!(lw.exhaust_options, vec![vec!["gral".to_string()]]);
        // Technology 15: an exhausted specialty planet does not help.
        let json = json.replace(r#"{"id": "gral"}"#, r#"{"id": "gral", "exhausted": true}"#);
        let e = explain(&json, 0);
        let lw = tech(&e, "light_wave_deflector");
        assert_eq!(lw.status, TechStatus::Blocked);
        assert_eq!(lw.reasons, vec![missing(0, 1, 0, 0)]);
    }

    #[test]
    fn skip_cards_appear_in_options() {
        // L1Z1X Inheritance Systems: exhaust and pay 2 to ignore every prerequisite.
        let json = r#"{"players": [{"faction": "l1z1x", "technologies": ["inheritance_systems"], "trade_goods": 2}]}"#;
        let e = explain(json, 0);
        let ws = tech(&e, "war_sun");
        assert_eq!(ws.status, TechStatus::Researchable);
        assert_eq!(
            ws.options,
            vec![OptionExplanation { exhaust: vec![], skip: Some("inheritance_systems".into()), resources: 2 }]
        );
    }

    #[test]
    fn missing_prerequisites_count_what_owned_techs_and_specialties_leave() {
        // Sol owns two blue techs; Cruiser II needs green, yellow, red.
        let e = explain(SOL_BLUE, 0);
        assert_eq!(tech(&e, "cruiser_ii").reasons, vec![missing(1, 0, 1, 1)]);
        assert_eq!(tech(&e, "light_wave_deflector").reasons, vec![missing(0, 1, 0, 0)]);
        assert_eq!(tech(&e, "x89_bacterial_weapon").reasons, vec![missing(3, 0, 0, 0)]);
    }

    #[test]
    fn blocked_by_other_faction_and_replacement() {
        // Technology 11 and note 3.
        let e = explain(SOL_BLUE, 0);
        let bio = tech(&e, "bioplasmosis");
        assert_eq!(bio.status, TechStatus::Blocked);
        assert_eq!(bio.reasons, vec![Reason::OtherFaction { faction: "arborec".into() }, missing(2, 0, 0, 0)]);
        let inf = tech(&e, "infantry_ii");
        assert_eq!(
            inf.reasons,
            vec![Reason::ReplacedByFactionUpgrade { by: "spec_ops_ii".into() }, missing(2, 0, 0, 0)]
        );
        // A faction technology without prerequisites still shows only its faction.
        assert_eq!(tech(&e, "valefar_assimilator_x").reasons, vec![Reason::OtherFaction { faction: "nekro".into() }]);
    }

    #[test]
    fn flip_sides_are_not_researchable() {
        let json = r#"{"players": [{"faction": "obsidian"}]}"#;
        let e = explain(json, 0);
        let np = tech(&e, "neural_parasite_obsidian");
        assert_eq!(np.status, TechStatus::Blocked);
        assert_eq!(np.reasons, vec![Reason::NotResearchable]);
    }

    #[test]
    fn propagation_blocks_everything_for_the_nekro() {
        let e = explain(r#"{"players": [{"faction": "nekro"}]}"#, 0);
        let nm = tech(&e, "neural_motivator");
        assert_eq!(nm.status, TechStatus::Blocked);
        assert_eq!(nm.reasons, vec![Reason::CannotResearch { ability: "propagation" }]);
        assert_eq!(tech(&e, "valefar_assimilator_x").status, TechStatus::Owned);
        assert!(e.technologies.iter().all(|t| t.status != TechStatus::Researchable));
    }

    #[test]
    fn eliminated_players_research_nothing() {
        let e = explain(r#"{"players": [{"faction": "sol"}, {"faction": "hacan", "eliminated": true}]}"#, 1);
        assert_eq!(tech(&e, "neural_motivator").reasons, vec![Reason::Eliminated]);
    }

    #[test]
    fn matching_uses_dual_specialties_either_way() {
        // A planet with two colours covers whichever is missing; a plain greedy choice would
        // put the first dual planet on propulsion and leave cybernetic uncovered.
        assert_eq!(uncovered([0, 1, 1, 0], &[0b0110, 0b0011]), [0, 0, 0, 0]);
        assert_eq!(uncovered([0, 1, 1, 0], &[0b0110, 0b0110, 0b0110]), [0, 0, 0, 0]);
        assert_eq!(uncovered([2, 0, 0, 1], &[0b0001, 0b1001]), [0, 0, 0, 1]);
        assert_eq!(uncovered([1, 0, 0, 1], &[0b1001, 0b0001]), [0, 0, 0, 0]);
        assert_eq!(uncovered([2, 0, 0, 1], &[0b0001]), [1, 0, 0, 1]);
        assert_eq!(uncovered([0, 0, 0, 0], &[0b1111]), [0, 0, 0, 0]);
        // Olergodt (warfare and cybernetic) in a real position.
        let json = r#"{"players": [{"faction": "sol", "technologies": [], "planets": [{"id": "olergodt"}]}]}"#;
        let e = explain(json, 0);
        assert_eq!(tech(&e, "graviton_laser_system").status, TechStatus::Researchable);
        // PDS II needs yellow and red: one planet covers one symbol (lowest colour first).
        assert_eq!(tech(&e, "pds_ii").reasons, vec![missing(0, 0, 0, 1)]);
    }

    #[test]
    fn agrees_with_check_research_on_random_states() {
        use crate::ti4::position::random::random_state;
        use crate::ti4::technology::check_research;
        use rand::SeedableRng;
        let c = Content::embedded();
        for seed in 0..200 {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let s = random_state(&c, &mut rng);
            for p in s.seats() {
                let analytical = crate::ti4::rules::research_ignores_one_prerequisite(&c, &s, p);
                let e = explain_research(&c, &s, p);
                let mut all = Vec::new();
                research_options(&c, &s, p, 0, &mut all);
                for (t, x) in c.all_techs.iter().zip(&e.technologies) {
                    let opts: Vec<_> = all.iter().filter(|o| o.tech == t).collect();
                    // Every listed option is legal (Technology 12-15).
                    for o in &opts {
                        assert_eq!(check_research(&c, &s, p, o), Ok(()), "seed {seed} {}", x.id);
                    }
                    assert_eq!(x.options.len(), opts.len());
                    match x.status {
                        TechStatus::Blocked => {
                            assert!(!x.reasons.is_empty(), "seed {seed}: {} blocked, no reason", x.id)
                        }
                        TechStatus::Researchable => {
                            // Without ignore effects (Analytical, Publicize Weapon Schematics
                            // on a war sun technology), researchable means nothing is missing.
                            let plain = opts.iter().all(|o| o.skip == Skip::None);
                            let waived = ResearchContext::of(&c, &s, p).war_sun_waived
                                && c.upgrade_techs[UnitType::WarSun.idx()].contains(t);
                            if plain && !analytical && !waived {
                                let missing = blocked_reasons(
                                    &c,
                                    &s,
                                    p,
                                    t,
                                    &ResearchContext::of(&c, &s, p).have,
                                    &usable_colours(&c, &s, p),
                                );
                                assert!(missing.is_empty(), "seed {seed}: {} {missing:?}", x.id);
                            }
                        }
                        TechStatus::Owned => assert!(s.player(p).techs.contains(t)),
                    }
                }
            }
        }
    }

    #[test]
    fn serialises_to_the_documented_shape() {
        let e = explain(SOL_BLUE, 0);
        let v = serde_json::to_value(&e).unwrap();
        assert_eq!(v["player"], "sol");
        let fl = v["technologies"].as_array().unwrap().iter().find(|t| t["id"] == "fleet_logistics").unwrap();
        assert_eq!(fl["status"], "researchable");
        assert_eq!(fl["exhaust_options"], serde_json::json!([[]]));
        assert_eq!(fl["options"], serde_json::json!([{"exhaust": [], "skip": null, "resources": 0}]));
        let bio = v["technologies"].as_array().unwrap().iter().find(|t| t["id"] == "bioplasmosis").unwrap();
        assert_eq!(
            bio["reasons"],
            serde_json::json!([{"kind": "other_faction", "faction": "arborec"},
                {"kind": "missing_prerequisites", "missing": {"biotic": 2, "propulsion": 0, "cybernetic": 0, "warfare": 0}}])
        );
        let nekro = explain(r#"{"players": [{"faction": "nekro"}]}"#, 0);
        let v = serde_json::to_value(&nekro).unwrap();
        assert_eq!(
            v["technologies"][0]["reasons"][0],
            serde_json::json!({"kind": "cannot_research", "ability": "propagation"})
        );
        let obs = explain(r#"{"players": [{"faction": "obsidian"}]}"#, 0);
        let v = serde_json::to_value(&obs).unwrap();
        let np = v["technologies"].as_array().unwrap().iter().find(|t| t["id"] == "neural_parasite_obsidian").unwrap();
        assert_eq!(np["reasons"], serde_json::json!([{"kind": "not_researchable"}]));
    }
}
