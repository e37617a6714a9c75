//! Clause-named tests of the Technology rules (seed `001`: Technology 1-22, notes 1-3), the
//! Technology strategy card, the prerequisite-skipping cards and the Valefar Assimilators.
//!
//! Legality is checked from both sides: the player's view (`research_options`, what a player
//! is offered) and the rule (`check_research` / `research`, what is accepted).

use super::strategy_card::*;
use super::valefar::*;
use super::*;
use crate::ti4::content::{Content, TechKind};
use crate::ti4::state::{Location, State};
use std::sync::Arc;

const P0: Player = Player(0);
const P1: Player = Player(1);
const P2: Player = Player(2);

fn content() -> Arc<Content> {
    Content::embedded()
}
fn t(c: &Content, key: &str) -> TechId {
    c.tech(key).unwrap_or_else(|| panic!("no technology {key}"))
}
fn pl(c: &Content, key: &str) -> PlanetId {
    c.planet(key).unwrap_or_else(|| panic!("no planet {key}"))
}
fn techs(c: &Content, keys: &[&str]) -> TechSet {
    keys.iter().map(|k| t(c, k)).collect()
}
fn planets(c: &Content, keys: &[&str]) -> PlanetSet {
    keys.iter().map(|k| pl(c, k)).collect()
}
/// A table of the named factions, nothing owned, no board.
fn game(c: &Content, factions: &[&str]) -> State {
    let ids: Vec<FactionId> = factions.iter().map(|f| c.faction(f).unwrap()).collect();
    State::new(c, &ids)
}
fn plain(tech: TechId) -> ResearchOption {
    ResearchOption::new(tech, Skip::None, &[])
}
fn tg(n: u8) -> Payment {
    Payment { planets: PlanetSet::EMPTY, trade_goods: n }
}
fn options(c: &Content, s: &State, p: Player, cost: u32) -> Vec<ResearchOption> {
    let mut v = Vec::new();
    research_options(c, s, p, cost, &mut v);
    v
}
/// Technologies the player is offered at `cost`.
fn offered(c: &Content, s: &State, p: Player, cost: u32) -> TechSet {
    options(c, s, p, cost).iter().map(|o| o.tech).collect()
}
/// Asserts both views agree that `opt` is legal: it is offered and accepted.
fn assert_legal(c: &Content, s: &State, p: Player, opt: ResearchOption) {
    assert!(options(c, s, p, 0).contains(&opt), "{opt:?} not offered: {:?}", options(c, s, p, 0));
    assert_eq!(check_research(c, s, p, &opt), Ok(()));
}
/// Asserts both views agree that `tech` cannot be researched at all now; returns the rule's
/// reason for the plain option.
fn assert_illegal(c: &Content, s: &State, p: Player, tech: TechId) -> TechError {
    assert!(!offered(c, s, p, 0).contains(tech), "{} offered", c.tech_def(tech).key);
    check_research(c, s, p, &plain(tech)).unwrap_err()
}
fn unit_key(c: &Content, s: &State, p: Player, ty: UnitType, with: TechSet) -> String {
    let u = c.effective_unit(s.player(p).faction, ty, with).expect("unit");
    c.units[u.idx()].key.clone()
}

// ---- Technology 1-8: ownership, deck, research vs gain, upgrades, colours, prerequisites ----

#[test]
fn technology_1_owns_what_is_in_play_area() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    let nm = t(&c, "neural_motivator");
    assert!(!owns(&s, P0, nm));
    gain(&c, &mut s, P0, nm).unwrap();
    assert!(owns(&s, P0, nm));
    // Owned for the rest of the game and usable: it now satisfies a green prerequisite.
    assert_legal(&c, &s, P0, plain(t(&c, "dacxive_animators")));
}

#[test]
fn technology_2_deck_cards_are_not_owned() {
    let c = content();
    let s = game(&c, &["hacan"]);
    let nm = t(&c, "neural_motivator");
    assert!(tech_deck(&c, &s, P0).contains(nm));
    assert!(!owns(&s, P0, nm));
    // A card in the deck satisfies nothing.
    assert_eq!(assert_illegal(&c, &s, P0, t(&c, "dacxive_animators")), TechError::PrerequisitesNotMet);
}

#[test]
fn technology_3_research_takes_card_from_deck() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    let nm = t(&c, "neural_motivator");
    let done = research(&c, &mut s, P0, &plain(nm)).unwrap();
    assert_eq!(done, Researched { tech: nm, owed: 0 });
    assert!(owns(&s, P0, nm));
    assert!(!tech_deck(&c, &s, P0).contains(nm));
    assert_eq!(research(&c, &mut s, P0, &plain(nm)), Err(TechError::AlreadyOwned));
}

#[test]
fn technology_3_1_both_strategy_card_abilities_research() {
    let c = content();
    let mut s = game(&c, &["hacan", "sol"]);
    let (nm, sar) = (t(&c, "neural_motivator"), t(&c, "sarween_tools"));
    technology_primary(&c, &mut s, P0, (ResearchStep::Research(plain(nm)), &Payment::default()), None).unwrap();
    assert!(owns(&s, P0, nm));
    s.player_mut(P1).trade_goods = 4;
    technology_secondary(&c, &mut s, P1, ResearchStep::Research(plain(sar)), &tg(4)).unwrap();
    assert!(owns(&s, P1, sar));
}

#[test]
fn technology_4_deck_holds_every_ungained_card() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["neural_motivator", "production_biomes"]);
    let deck = tech_deck(&c, &s, P0);
    assert!(deck.contains(t(&c, "quantum_datahub_node")), "own faction technology not yet gained");
    assert!(deck.contains(t(&c, "war_sun")));
    assert!(!deck.contains(t(&c, "spec_ops_ii")), "another faction's card is not in this deck");
    assert!(!deck.contains(t(&c, "neural_motivator")) && !deck.contains(t(&c, "production_biomes")));
    let generic = c.all_techs.iter().filter(|&x| c.tech_def(x).faction.is_none()).count() as u32;
    assert_eq!(deck.len(), generic + 2 - 2);
}

#[test]
fn technology_5_gain_ignores_prerequisites() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    let ws = t(&c, "war_sun");
    assert_eq!(assert_illegal(&c, &s, P0, ws), TechError::PrerequisitesNotMet);
    gain(&c, &mut s, P0, ws).unwrap();
    assert!(owns(&s, P0, ws));
    assert_eq!(gain(&c, &mut s, P0, ws), Err(TechError::AlreadyOwned));
}

#[test]
fn technology_6_unit_upgrade_covers_the_sheet_unit_of_its_name() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    let cii = t(&c, "carrier_ii");
    assert!(c.tech_def(cii).is_unit_upgrade());
    assert_eq!(c.tech_def(cii).unit, Some(UnitType::Carrier));
    assert_eq!(unit_key(&c, &s, P0, UnitType::Carrier, s.player(P0).techs), "carrier");
    gain(&c, &mut s, P0, cii).unwrap();
    let u = c.effective_unit(s.player(P0).faction, UnitType::Carrier, s.player(P0).techs).unwrap();
    assert_eq!(c.units[u.idx()].key, "carrier_ii");
    assert_eq!(c.units[u.idx()].capacity, 6, "upgrade replaces the printed capacity 4");
}

#[test]
fn technology_7_four_colours_and_colourless_upgrades() {
    let c = content();
    assert_eq!(Colour::ALL.len(), 4);
    for (i, a) in c.colour_techs.iter().enumerate() {
        assert!(!a.is_empty());
        for b in &c.colour_techs[i + 1..] {
            assert!(!a.intersects(b), "a technology has one colour");
        }
        assert!(!a.intersects(&c.unit_upgrades), "unit upgrades have no colour (7.2)");
    }
    for x in c.unit_upgrades.iter() {
        assert_eq!(c.tech_def(x).colour(), None);
    }
    assert_eq!(c.tech_def(t(&c, "valefar_assimilator_x")).kind, TechKind::Colourless);
}

#[test]
fn technology_7_1_colour_satisfies_only_its_own_colour() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["antimass_deflectors", "gravity_drive"]);
    assert_legal(&c, &s, P0, plain(t(&c, "fleet_logistics")));
    assert_eq!(assert_illegal(&c, &s, P0, t(&c, "duranium_armor")), TechError::PrerequisitesNotMet);
}

#[test]
fn technology_7_2_unit_upgrades_never_satisfy_prerequisites() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["carrier_ii", "destroyer_ii"]);
    assert_eq!(ResearchContext::of(&c, &s, P0).have, [0; 4]);
    assert_eq!(assert_illegal(&c, &s, P0, t(&c, "magen_defense_grid")), TechError::PrerequisitesNotMet);
    s.player_mut(P0).techs.insert(t(&c, "plasma_scoring"));
    assert_legal(&c, &s, P0, plain(t(&c, "magen_defense_grid")));
}

#[test]
fn technology_8_prerequisites_counted_by_colour() {
    let c = content();
    let ws = t(&c, "war_sun");
    assert_eq!(c.tech_def(ws).prereq, [0, 0, 1, 3], "1 yellow and 3 red");
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs =
        techs(&c, &["plasma_scoring", "magen_defense_grid", "sarween_tools", "graviton_laser_system"]);
    assert_eq!(assert_illegal(&c, &s, P0, ws), TechError::PrerequisitesNotMet, "4 symbols owned, wrong colours");
    s.player_mut(P0).techs = techs(&c, &["plasma_scoring", "magen_defense_grid", "duranium_armor"]);
    assert_eq!(assert_illegal(&c, &s, P0, ws), TechError::PrerequisitesNotMet, "no yellow");
    s.player_mut(P0).techs.insert(t(&c, "sarween_tools"));
    assert_legal(&c, &s, P0, plain(ws));
}

// ---- Technology 9-12: researching ----

#[test]
fn technology_9_research_through_strategy_card_primary_and_second_for_6() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).trade_goods = 6;
    let (nm, da) = (t(&c, "neural_motivator"), t(&c, "dacxive_animators"));
    let done = technology_primary(
        &c,
        &mut s,
        P0,
        (ResearchStep::Research(plain(nm)), &Payment::default()),
        Some((ResearchStep::Research(plain(da)), &tg(6))),
    )
    .unwrap();
    // The first research counts toward the second's prerequisite (1 green).
    assert_eq!(done.second, Some(StepDone::Researched(Researched { tech: da, owed: 0 })));
    assert!(owns(&s, P0, nm) && owns(&s, P0, da));
    assert_eq!(s.player(P0).trade_goods, 0);
}

#[test]
fn technology_10_research_places_card_and_upgrade_covers_unit() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["plasma_scoring", "magen_defense_grid"]);
    let d2 = t(&c, "destroyer_ii");
    assert_eq!(unit_key(&c, &s, P0, UnitType::Destroyer, s.player(P0).techs), "destroyer");
    research(&c, &mut s, P0, &plain(d2)).unwrap();
    assert!(s.player(P0).techs.contains(d2));
    let u = c.effective_unit(s.player(P0).faction, UnitType::Destroyer, s.player(P0).techs).unwrap();
    assert_eq!(c.units[u.idx()].key, "destroyer_ii");
    assert_eq!(c.units[u.idx()].combat.unwrap().hits_on, 8, "10.1: from now on destroyers hit on 8");
}

#[test]
fn technology_11_faction_technology_only_for_own_faction() {
    let c = content();
    let mut s = game(&c, &["hacan", "sol"]);
    let so = t(&c, "spec_ops_ii");
    let sol = c.faction("sol").unwrap();
    for p in [P0, P1] {
        s.player_mut(p).techs = techs(&c, &["neural_motivator", "dacxive_animators"]);
    }
    assert_eq!(assert_illegal(&c, &s, P0, so), TechError::OtherFaction(sol));
    assert_eq!(gain(&c, &mut s, P0, so), Err(TechError::OtherFaction(sol)), "gain keeps the faction rule");
    let hacan = c.faction("hacan").unwrap();
    for o in options(&c, &s, P0, 0) {
        assert!(c.tech_def(o.tech).faction.is_none_or(|f| f == hacan), "{} offered", c.tech_def(o.tech).key);
    }
    assert_legal(&c, &s, P1, plain(so));
}

#[test]
fn technology_12_every_prerequisite_must_be_satisfied() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    let cii = t(&c, "cruiser_ii");
    s.player_mut(P0).techs = techs(&c, &["neural_motivator", "sarween_tools"]);
    assert_eq!(assert_illegal(&c, &s, P0, cii), TechError::PrerequisitesNotMet, "red missing");
    s.player_mut(P0).techs.insert(t(&c, "plasma_scoring"));
    assert_legal(&c, &s, P0, plain(cii));
}

// ---- Technology 13-15: specialties ----

#[test]
fn technology_13_specialty_is_a_planet_symbol() {
    let c = content();
    assert!(c.specialty_planets[Colour::Cybernetic as usize].contains(pl(&c, "lazar")));
    assert!(c.specialty_planets[Colour::Propulsion as usize].contains(pl(&c, "gral")));
    let dual = pl(&c, "olergodt");
    assert!(c.specialty_planets[Colour::Warfare as usize].contains(dual));
    assert!(c.specialty_planets[Colour::Cybernetic as usize].contains(dual));
    assert!(c.specialty_planets.iter().all(|sp| !sp.contains(pl(&c, "abyz"))));
}

#[test]
fn technology_14_exhaust_specialty_to_ignore_one_prerequisite_of_its_colour() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["sarween_tools"]);
    s.player_mut(P0).planets = planets(&c, &["lazar", "gral"]);
    let (lazar, gral) = (pl(&c, "lazar"), pl(&c, "gral"));
    let td = t(&c, "transit_diodes");
    let opt = ResearchOption::new(td, Skip::None, &[lazar]);
    assert_legal(&c, &s, P0, opt);
    assert_eq!(check_research(&c, &s, P0, &plain(td)), Err(TechError::PrerequisitesNotMet));
    // Matching colour only: the blue planet does not help a yellow symbol.
    let wrong = ResearchOption::new(td, Skip::None, &[gral]);
    assert_eq!(check_research(&c, &s, P0, &wrong), Err(TechError::PrerequisitesNotMet));
    research(&c, &mut s, P0, &opt).unwrap();
    assert!(s.exhausted_planets.contains(lazar));
    assert!(!s.exhausted_planets.contains(gral));
}

#[test]
fn technology_14_one_prerequisite_per_planet() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["sarween_tools"]);
    s.player_mut(P0).planets = planets(&c, &["lazar"]);
    let ie = t(&c, "integrated_economy"); // 3 yellow: 1 owned + 1 planet is not enough
    assert_eq!(assert_illegal(&c, &s, P0, ie), TechError::PrerequisitesNotMet);
    let one = ResearchOption::new(ie, Skip::None, &[pl(&c, "lazar")]);
    assert_eq!(check_research(&c, &s, P0, &one), Err(TechError::PrerequisitesNotMet));
    s.player_mut(P0).planets.insert(pl(&c, "wellon"));
    let mut two = [pl(&c, "lazar"), pl(&c, "wellon")];
    two.sort();
    assert_legal(&c, &s, P0, ResearchOption::new(ie, Skip::None, &two));
}

#[test]
fn technology_14_uncontrolled_planet_cannot_be_used() {
    let c = content();
    let mut s = game(&c, &["hacan", "sol"]);
    s.player_mut(P0).techs = techs(&c, &["sarween_tools"]);
    s.player_mut(P1).planets = planets(&c, &["lazar"]);
    let td = t(&c, "transit_diodes");
    let lazar = pl(&c, "lazar");
    assert_eq!(assert_illegal(&c, &s, P0, td), TechError::PrerequisitesNotMet);
    let opt = ResearchOption::new(td, Skip::None, &[lazar]);
    assert_eq!(check_research(&c, &s, P0, &opt), Err(TechError::BadSpecialty(lazar)));
}

#[test]
fn technology_15_exhausted_specialty_cannot_be_used() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["sarween_tools"]);
    s.player_mut(P0).planets = planets(&c, &["lazar"]);
    let lazar = pl(&c, "lazar");
    s.exhausted_planets.insert(lazar);
    let td = t(&c, "transit_diodes");
    assert_eq!(assert_illegal(&c, &s, P0, td), TechError::PrerequisitesNotMet);
    let opt = ResearchOption::new(td, Skip::None, &[lazar]);
    assert_eq!(check_research(&c, &s, P0, &opt), Err(TechError::BadSpecialty(lazar)));
}

// ---- Notes 1-3 and research vs gain ----

#[test]
fn note_1_research_effect_must_meet_prerequisites() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).trade_goods = 9;
    let before = s;
    let step = ResearchStep::Research(plain(t(&c, "assault_cannon")));
    let e = technology_primary(&c, &mut s, P0, (step, &Payment::default()), None);
    assert_eq!(e, Err(CardError::Tech(TechError::PrerequisitesNotMet)));
    let e = technology_secondary(&c, &mut s, P0, step, &tg(4));
    assert_eq!(e, Err(CardError::Tech(TechError::PrerequisitesNotMet)));
    assert_eq!(s, before, "nothing paid, no token spent");
}

#[test]
fn note_2_gain_ignores_prerequisites() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    let ac = t(&c, "assault_cannon");
    assert_eq!(assert_illegal(&c, &s, P0, ac), TechError::PrerequisitesNotMet);
    gain(&c, &mut s, P0, ac).unwrap();
    assert!(owns(&s, P0, ac));
}

#[test]
fn note_3_faction_upgrade_blocks_generic_research_and_gain() {
    let c = content();
    let mut s = game(&c, &["sol", "hacan"]);
    let (inf2, so) = (t(&c, "infantry_ii"), t(&c, "spec_ops_ii"));
    for p in [P0, P1] {
        s.player_mut(p).techs = techs(&c, &["neural_motivator", "dacxive_animators"]);
    }
    assert_eq!(assert_illegal(&c, &s, P0, inf2), TechError::ReplacedByFactionUpgrade(so));
    assert_eq!(gain(&c, &mut s, P0, inf2), Err(TechError::ReplacedByFactionUpgrade(so)));
    assert_legal(&c, &s, P1, plain(inf2));
}

#[test]
fn research_vs_gain_nekro_gains_while_research_is_blocked() {
    let c = content();
    let mut s = game(&c, &["nekro"]);
    let nm = t(&c, "neural_motivator");
    assert!(options(&c, &s, P0, 0).is_empty());
    assert_eq!(cannot_research(&c, &s, P0), Some("propagation"));
    assert_eq!(check_research(&c, &s, P0, &plain(nm)), Err(TechError::CannotResearch("propagation")));
    gain(&c, &mut s, P0, nm).unwrap();
    assert!(owns(&s, P0, nm));
}

#[test]
fn research_vs_gain_gain_exhausts_and_pays_nothing() {
    let c = content();
    let mut s = game(&c, &["l1z1x"]);
    s.player_mut(P0).techs = techs(&c, &["inheritance_systems", "ai_development_algorithm"]);
    s.player_mut(P0).planets = planets(&c, &["lazar", "meharxull"]);
    s.player_mut(P0).trade_goods = 3;
    let before = s;
    gain(&c, &mut s, P0, t(&c, "war_sun")).unwrap();
    assert_eq!(s.exhausted_planets, before.exhausted_planets);
    assert_eq!(s.player(P0).exhausted_techs, TechSet::EMPTY);
    assert_eq!(s.player(P0).trade_goods, 3);
    assert_eq!(s.player(P0).techs, before.player(P0).techs.union(techs(&c, &["war_sun"])));
}

#[test]
fn research_options_agree_with_check_research() {
    let c = content();
    let mut s = game(&c, &["jolnar", "l1z1x", "hacan"]);
    s.player_mut(P0).techs = techs(&c, &["antimass_deflectors", "sarween_tools", "neural_motivator", "plasma_scoring"]);
    s.player_mut(P1).techs = techs(&c, &["inheritance_systems", "ai_development_algorithm", "sarween_tools"]);
    s.player_mut(P1).trade_goods = 2;
    s.player_mut(P2).techs = techs(&c, &["psychoarchaeology", "plasma_scoring"]);
    for p in [P0, P1, P2] {
        s.player_mut(p).planets = planets(&c, &["lazar", "wellon", "meharxull", "gral", "olergodt", "newalbion"]);
    }
    s.exhausted_planets.insert(pl(&c, "wellon"));
    for p in [P0, P1, P2] {
        let opts = options(&c, &s, p, 0);
        assert!(!opts.is_empty());
        for o in &opts {
            assert_eq!(check_research(&c, &s, p, o), Ok(()), "{o:?}");
        }
        for x in c.all_techs.iter() {
            if check_research(&c, &s, p, &plain(x)).is_ok() {
                assert!(opts.contains(&plain(x)), "{} accepted but not offered", c.tech_def(x).key);
            }
        }
    }
}

// ---- Prerequisite-skipping cards ----

#[test]
fn psychoarchaeology_uses_specialties_without_exhausting_even_exhausted_ones() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["psychoarchaeology", "sarween_tools"]);
    s.player_mut(P0).planets = planets(&c, &["lazar", "wellon"]);
    let (lazar, wellon) = (pl(&c, "lazar"), pl(&c, "wellon"));
    s.exhausted_planets.insert(wellon);
    let ie = t(&c, "integrated_economy");
    assert_legal(&c, &s, P0, plain(ie));
    let exhausting = ResearchOption::new(ie, Skip::None, &[lazar]);
    assert_eq!(check_research(&c, &s, P0, &exhausting), Err(TechError::BadSpecialty(lazar)));
    research(&c, &mut s, P0, &plain(ie)).unwrap();
    assert!(!s.exhausted_planets.contains(lazar), "not exhausted");
}

#[test]
fn ai_development_algorithm_skips_one_prerequisite_of_unit_upgrades_and_exhausts() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    let ai = t(&c, "ai_development_algorithm");
    s.player_mut(P0).techs = TechSet::single(ai); // 1 red
    let (d2, da) = (t(&c, "destroyer_ii"), t(&c, "duranium_armor"));
    let opt = ResearchOption::new(d2, Skip::OneUpgradePrerequisite, &[]);
    assert_legal(&c, &s, P0, opt);
    assert_eq!(check_research(&c, &s, P0, &plain(d2)), Err(TechError::PrerequisitesNotMet));
    // Unit upgrades only.
    assert_eq!(assert_illegal(&c, &s, P0, da), TechError::PrerequisitesNotMet);
    let on_da = ResearchOption::new(da, Skip::OneUpgradePrerequisite, &[]);
    assert_eq!(check_research(&c, &s, P0, &on_da), Err(TechError::SkipUnavailable(Skip::OneUpgradePrerequisite)));
    research(&c, &mut s, P0, &opt).unwrap();
    assert!(s.player(P0).exhausted_techs.contains(ai));
    // Exhausted: no second use.
    s.player_mut(P0).techs.insert(t(&c, "neural_motivator"));
    let inf2 = ResearchOption::new(t(&c, "infantry_ii"), Skip::OneUpgradePrerequisite, &[]);
    assert_eq!(check_research(&c, &s, P0, &inf2), Err(TechError::SkipUnavailable(Skip::OneUpgradePrerequisite)));
    assert!(!offered(&c, &s, P0, 0).contains(t(&c, "infantry_ii")));
}

#[test]
fn jolnar_analytical_skips_one_prerequisite_of_non_upgrades_only() {
    let c = content();
    let mut s = game(&c, &["jolnar"]);
    s.player_mut(P0).techs = techs(&c, &["antimass_deflectors", "sarween_tools", "neural_motivator", "plasma_scoring"]);
    assert_legal(&c, &s, P0, plain(t(&c, "fleet_logistics"))); // 2 blue, 1 owned
    assert_eq!(assert_illegal(&c, &s, P0, t(&c, "light_wave_deflector")), TechError::PrerequisitesNotMet);
    assert_eq!(assert_illegal(&c, &s, P0, t(&c, "destroyer_ii")), TechError::PrerequisitesNotMet);
}

#[test]
fn l1z1x_inheritance_systems_ignores_all_exhausts_and_owes_2() {
    let c = content();
    let mut s = game(&c, &["l1z1x"]);
    let inh = t(&c, "inheritance_systems");
    let ws = t(&c, "war_sun");
    s.player_mut(P0).techs = TechSet::single(inh);
    s.player_mut(P0).trade_goods = 5;
    let opt = ResearchOption::new(ws, Skip::AllPrerequisites, &[]);
    assert_eq!(check_research(&c, &s, P0, &opt), Ok(()));
    assert!(options(&c, &s, P0, 2).contains(&opt));
    assert!(!offered(&c, &s, P0, SECONDARY_COST).contains(ws), "4 + 2 > 5 resources");
    let step = ResearchStep::Research(opt);
    let before = s;
    let e = technology_secondary(&c, &mut s, P0, step, &tg(5));
    assert_eq!(e, Err(CardError::Pay(PayError::TooLittle { cost: 6, paid: 5 })));
    let e = technology_primary(&c, &mut s, P0, (step, &Payment::default()), None);
    assert_eq!(e, Err(CardError::Pay(PayError::TooLittle { cost: 2, paid: 0 })));
    assert_eq!(s, before);
    s.player_mut(P0).trade_goods = 6;
    assert!(options(&c, &s, P0, SECONDARY_COST).contains(&opt));
    let done = technology_secondary(&c, &mut s, P0, step, &tg(6)).unwrap();
    assert_eq!(done, StepDone::Researched(Researched { tech: ws, owed: 2 }));
    assert!(owns(&s, P0, ws) && s.player(P0).exhausted_techs.contains(inh));
    assert_eq!(s.player(P0).trade_goods, 0);
    let again = ResearchOption::new(t(&c, "assault_cannon"), Skip::AllPrerequisites, &[]);
    assert_eq!(check_research(&c, &s, P0, &again), Err(TechError::SkipUnavailable(Skip::AllPrerequisites)));
}

/// Technology 12.3 ("certain abilities ... ignore prerequisites"), Vuil'raith Riftmeld: "When
/// you research a unit upgrade technology, you may return 1 captured unit of that type to
/// ignore all of the technology's prerequisites."
#[test]
fn technology_12_3_riftmeld_returns_a_captured_unit_to_ignore_an_upgrades_prerequisites() {
    let c = content();
    let mut s = game(&c, &["cabal", "sol", "hacan"]);
    let (ws, cv2, ac) = (t(&c, "war_sun"), t(&c, "carrier_ii"), t(&c, "assault_cannon"));
    // Nothing captured: no Riftmeld option, and the rule refuses it.
    let riftmeld = |tech| ResearchOption::new(tech, Skip::ReturnCaptured, &[]);
    assert!(options(&c, &s, P0, 0).iter().all(|o| o.skip != Skip::ReturnCaptured));
    assert_eq!(check_research(&c, &s, P0, &riftmeld(cv2)), Err(TechError::SkipUnavailable(Skip::ReturnCaptured)));
    // A captured Hacan carrier and a Sol war sun: Carrier II and War Sun without prerequisites,
    // nothing else (Assault Cannon is no unit upgrade, Cruiser II has no cruiser captive).
    s.capture_from_reinforcements(P0, P2, UnitType::Carrier, 1).unwrap();
    s.capture_from_reinforcements(P0, P1, UnitType::WarSun, 1).unwrap();
    let with: Vec<TechId> =
        options(&c, &s, P0, 0).iter().filter(|o| o.skip == Skip::ReturnCaptured).map(|o| o.tech).collect();
    assert_eq!(with, vec![ws, cv2].into_iter().collect::<TechSet>().iter().collect::<Vec<_>>());
    assert_eq!(check_research(&c, &s, P0, &riftmeld(ac)), Err(TechError::SkipUnavailable(Skip::ReturnCaptured)));
    let cr2 = t(&c, "cruiser_ii");
    assert_eq!(check_research(&c, &s, P0, &riftmeld(cr2)), Err(TechError::SkipUnavailable(Skip::ReturnCaptured)));
    // Researching War Sun returns the war sun to Sol's reinforcements; nothing is exhausted or owed.
    let sol_before = s.player(P1).reinforcements[UnitType::WarSun.idx()];
    let done = research(&c, &mut s, P0, &riftmeld(ws)).unwrap();
    assert_eq!(done, Researched { tech: ws, owed: 0 });
    assert!(owns(&s, P0, ws) && s.player(P0).exhausted_techs.is_empty());
    assert_eq!(s.captured.held(P0, P1, UnitType::WarSun), 0);
    assert_eq!(s.player(P1).reinforcements[UnitType::WarSun.idx()], sol_before + 1);
    assert_eq!(s.captured.held(P0, P2, UnitType::Carrier), 1, "the carrier stays captive");
    // Not for a faction without the ability, even with a captive.
    let mut s = game(&c, &["hacan", "sol"]);
    s.capture_from_reinforcements(P0, P1, UnitType::Carrier, 1).unwrap();
    assert_eq!(check_research(&c, &s, P0, &riftmeld(cv2)), Err(TechError::SkipUnavailable(Skip::ReturnCaptured)));
}

// ---- The Technology strategy card ----

#[test]
fn strategy_card_second_primary_research_costs_6() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).trade_goods = 5;
    let (nm, sar) = (t(&c, "neural_motivator"), t(&c, "sarween_tools"));
    assert!(!offered(&c, &s, P0, SECOND_PRIMARY_COST).contains(sar));
    let before = s;
    let first = (ResearchStep::Research(plain(nm)), &Payment::default());
    let e = technology_primary(&c, &mut s, P0, first, Some((ResearchStep::Research(plain(sar)), &tg(5))));
    assert_eq!(e, Err(CardError::Pay(PayError::TooLittle { cost: 6, paid: 5 })));
    assert_eq!(s, before, "the first research is undone with the failing second");
    let done = technology_primary(&c, &mut s, P0, first, None).unwrap();
    assert_eq!(done.second, None);
    assert_eq!(s.player(P0).trade_goods, 5, "the first research is free");
}

#[test]
fn strategy_card_secondary_costs_a_strategy_token_and_4() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).planets = planets(&c, &["abyz", "lazar"]); // 3 + 1 resources
    let sar = t(&c, "sarween_tools");
    let pay = Payment { planets: planets(&c, &["abyz", "lazar"]), trade_goods: 0 };
    assert!(offered(&c, &s, P0, SECONDARY_COST).contains(sar));
    let (strategy, reinf) = (s.player(P0).strategy, s.player(P0).token_reinforcements);
    technology_secondary(&c, &mut s, P0, ResearchStep::Research(plain(sar)), &pay).unwrap();
    assert!(owns(&s, P0, sar));
    assert_eq!(s.player(P0).strategy, strategy - 1);
    assert_eq!(s.player(P0).token_reinforcements, reinf + 1);
    assert!(pay.planets.is_subset(&s.exhausted_planets));
    // No resources left; then no token either.
    assert!(options(&c, &s, P0, SECONDARY_COST).is_empty());
    s.player_mut(P0).trade_goods = 4;
    s.player_mut(P0).strategy = 0;
    let before = s;
    let e = technology_secondary(&c, &mut s, P0, ResearchStep::Research(plain(t(&c, "neural_motivator"))), &tg(4));
    assert_eq!(e, Err(CardError::NoStrategyToken));
    assert_eq!(s, before);
}

#[test]
fn strategy_card_specialty_planet_cannot_also_pay() {
    let c = content();
    let mut s = game(&c, &["hacan"]);
    s.player_mut(P0).techs = techs(&c, &["sarween_tools"]);
    s.player_mut(P0).planets = planets(&c, &["lazar", "semlore"]);
    let (lazar, semlore) = (pl(&c, "lazar"), pl(&c, "semlore"));
    let opt = ResearchOption::new(t(&c, "transit_diodes"), Skip::None, &[lazar]);
    let both = Payment { planets: planets(&c, &["lazar", "semlore"]), trade_goods: 0 };
    let before = s;
    let e = technology_secondary(&c, &mut s, P0, ResearchStep::Research(opt), &both);
    assert_eq!(e, Err(CardError::SpecialtyAlsoPays(lazar)));
    assert_eq!(s, before);
    // Semlore's 3 alone is short of 4; lazar's resource is lost to the specialty.
    let semlore_only = Payment { planets: PlanetSet::single(semlore), trade_goods: 0 };
    assert!(!options(&c, &s, P0, SECONDARY_COST).contains(&opt));
    let e = technology_secondary(&c, &mut s, P0, ResearchStep::Research(opt), &semlore_only);
    assert_eq!(e, Err(CardError::Pay(PayError::TooLittle { cost: 4, paid: 3 })));
    s.player_mut(P0).trade_goods = 1;
    let ok = Payment { planets: PlanetSet::single(semlore), trade_goods: 1 };
    technology_secondary(&c, &mut s, P0, ResearchStep::Research(opt), &ok).unwrap();
    assert!(s.exhausted_planets.contains(lazar) && s.exhausted_planets.contains(semlore));
}

#[test]
fn jolnar_brilliant_resolves_the_primary_for_the_strategy_token() {
    let c = content();
    let mut s = game(&c, &["jolnar", "hacan"]);
    s.player_mut(P0).trade_goods = 6;
    let (fl, da) = (t(&c, "gravity_drive"), t(&c, "dacxive_animators"));
    let strategy = s.player(P0).strategy;
    let done = technology_brilliant(
        &c,
        &mut s,
        P0,
        (ResearchStep::Research(plain(fl)), &Payment::default()),
        Some((ResearchStep::Research(plain(da)), &tg(6))),
    )
    .unwrap();
    assert!(done.second.is_some());
    assert!(owns(&s, P0, fl) && owns(&s, P0, da));
    assert_eq!(s.player(P0).strategy, strategy - 1, "the token is spent");
    assert_eq!(s.player(P0).trade_goods, 0, "the first research free, the second 6, no 4");
    s.player_mut(P1).trade_goods = 9;
    let e = technology_brilliant(&c, &mut s, P1, (ResearchStep::Research(plain(fl)), &Payment::default()), None);
    assert_eq!(e, Err(CardError::NoBrilliant));
    s.player_mut(P0).strategy = 0;
    let step = ResearchStep::Research(plain(t(&c, "sarween_tools")));
    assert_eq!(
        technology_brilliant(&c, &mut s, P0, (step, &Payment::default()), None),
        Err(CardError::NoStrategyToken)
    );
}

#[test]
fn nekro_propagation_gains_3_tokens_per_research_and_still_pays() {
    let c = content();
    let mut s = game(&c, &["nekro", "hacan"]);
    s.player_mut(P0).trade_goods = 10;
    let (tactic, fleet, strategy) = (s.player(P0).tactic, s.player(P0).fleet, s.player(P0).strategy);
    let done = technology_primary(
        &c,
        &mut s,
        P0,
        (ResearchStep::Propagate([3, 0, 0]), &Payment::default()),
        Some((ResearchStep::Propagate([0, 1, 2]), &tg(6))),
    )
    .unwrap();
    assert_eq!(done, PrimaryDone { first: StepDone::Propagated(3), second: Some(StepDone::Propagated(3)) });
    let ps = *s.player(P0);
    assert_eq!((ps.tactic, ps.fleet, ps.strategy), (tactic + 3, fleet + 1, strategy + 2));
    assert_eq!(ps.trade_goods, 4, "the second still costs 6");
    let done = technology_secondary(&c, &mut s, P0, ResearchStep::Propagate([0, 0, 3]), &tg(4)).unwrap();
    assert_eq!(done, StepDone::Propagated(3));
    assert_eq!(s.player(P0).strategy, ps.strategy - 1 + 3, "token spent, 3 gained");
    assert_eq!(s.player(P0).trade_goods, 0, "the secondary still costs 4");
    // Research is not an option; Propagate is not for others; 3 tokens exactly.
    let step = ResearchStep::Research(plain(t(&c, "neural_motivator")));
    let e = technology_primary(&c, &mut s, P0, (step, &Payment::default()), None);
    assert_eq!(e, Err(CardError::Tech(TechError::CannotResearch("propagation"))));
    let e = technology_primary(&c, &mut s, P0, (ResearchStep::Propagate([1, 1, 0]), &Payment::default()), None);
    assert_eq!(e, Err(CardError::BadPools([1, 1, 0])));
    let e = technology_primary(&c, &mut s, P1, (ResearchStep::Propagate([3, 0, 0]), &Payment::default()), None);
    assert_eq!(e, Err(CardError::NoPropagation));
}

// ---- Technology 16-22: Valefar Assimilator ----

/// Nekro (seat 0) owning both Valefar cards, and `others`.
fn nekro_game(c: &Content, others: &[&str]) -> State {
    let mut names = vec!["nekro"];
    names.extend_from_slice(others);
    let mut s = game(c, &names);
    s.player_mut(P0).techs = techs(c, &["dacxive_animators", "valefar_assimilator_x", "valefar_assimilator_y"]);
    // Its home planet keeps the Nekro player in the game when units return to reinforcements.
    s.player_mut(P0).planets.insert(c.planet("mordaiii").unwrap());
    s
}

#[test]
fn technology_16_valefar_copies_faction_technology_including_unit_upgrades() {
    let c = content();
    let mut s = nekro_game(&c, &["sol"]);
    s.player_mut(P1).techs = techs(&c, &["neural_motivator", "spec_ops_ii", "advanced_carrier_ii"]);
    assert_eq!(eligible_targets(&c, &s, P0, P1), techs(&c, &["spec_ops_ii", "advanced_carrier_ii"]));
    let so = t(&c, "spec_ops_ii");
    assert_eq!(place_token(&c, &mut s, P0, Token::X, P1, so), Ok(Removal::default()));
    assert_eq!(s.factions.valefar(P0), [Some(so), None]);
    assert!(effective_techs(&c, &s, P0).contains(so));
    assert!(!owns(&s, P0, so), "a copy is not owned");
    assert_eq!(unit_key(&c, &s, P0, UnitType::Infantry, effective_techs(&c, &s, P0)), "sol_infantry2");
    assert!(!eligible_targets(&c, &s, P0, P1).contains(so), "already carries a token");
    assert_eq!(place_token(&c, &mut s, P0, Token::Y, P1, so), Err(ValefarError::AlreadyCarriesToken(so)));
    let nm = t(&c, "neural_motivator");
    assert_eq!(place_token(&c, &mut s, P0, Token::Y, P1, nm), Err(ValefarError::NotFactionTechnology(nm)));
}

#[test]
fn technology_16_nekro_starts_with_both_valefar_cards() {
    let c = content();
    let mut s = game(&c, &["nekro", "sol"]);
    assert_eq!(place_starting_cards(&c, &mut s, P0), 2);
    assert_eq!(s.player(P0).techs, techs(&c, &["valefar_assimilator_x", "valefar_assimilator_y"]));
    assert_eq!(place_starting_cards(&c, &mut s, P0), 0, "already there");
    assert_eq!(place_starting_cards(&c, &mut s, P1), 0, "not Nekro");
    assert!(s.player(P1).techs.is_empty());
}

#[test]
fn technology_16_token_needs_its_valefar_card() {
    let c = content();
    let mut s = nekro_game(&c, &["sol"]);
    s.player_mut(P0).techs.remove(t(&c, "valefar_assimilator_y"));
    s.player_mut(P1).techs = techs(&c, &["spec_ops_ii"]);
    let before = s;
    let so = t(&c, "spec_ops_ii");
    assert_eq!(place_token(&c, &mut s, P0, Token::Y, P1, so), Err(ValefarError::CardNotOwned(Token::Y)));
    assert_eq!(place_token(&c, &mut s, P0, Token::X, P0, so), Err(ValefarError::SamePlayer));
    assert_eq!(s, before);
    // The copied text lives on the card: without the card, no copy applies.
    place_token(&c, &mut s, P0, Token::X, P1, so).unwrap();
    assert!(effective_techs(&c, &s, P0).contains(so));
    s.player_mut(P0).techs.remove(t(&c, "valefar_assimilator_x"));
    assert!(!effective_techs(&c, &s, P0).contains(so));
}

#[test]
fn technology_16_copy_stays_when_owner_loses_the_technology() {
    let c = content();
    let mut s = nekro_game(&c, &["sol"]);
    let so = t(&c, "spec_ops_ii");
    s.player_mut(P1).techs = TechSet::single(so);
    place_token(&c, &mut s, P0, Token::X, P1, so).unwrap();
    s.player_mut(P1).techs.remove(so);
    assert!(effective_techs(&c, &s, P0).contains(so));
    assert_eq!(s.factions.valefar(P0)[0], Some(so));
}

#[test]
fn technology_17_only_faction_technologies_are_targets_not_units_or_iihq() {
    let c = content();
    // Units (basic units, mechs) are not technologies: no card upgrades a mech.
    assert!(c.techs.iter().all(|x| x.unit != Some(UnitType::Mech)));
    let mut s = nekro_game(&c, &["keleres"]);
    let (iihq, asn) = (t(&c, "iihq_modernization"), t(&c, "agency_supply_network"));
    s.player_mut(P1).techs = techs(&c, &["iihq_modernization", "agency_supply_network", "sarween_tools"]);
    assert_eq!(eligible_targets(&c, &s, P0, P1), TechSet::single(asn));
    assert_eq!(place_token(&c, &mut s, P0, Token::X, P1, iihq), Err(ValefarError::Forbidden(iihq)));
    let vx = t(&c, "valefar_assimilator_x");
    s.player_mut(P1).techs.insert(vx); // contrived: a Valefar card is never a target
    assert_eq!(place_token(&c, &mut s, P0, Token::X, P1, vx), Err(ValefarError::Forbidden(vx)));
    let nt = t(&c, "spec_ops_ii");
    assert_eq!(place_token(&c, &mut s, P0, Token::X, P1, nt), Err(ValefarError::NotOwnedByThatPlayer(nt)));
}

#[test]
fn technology_18_eliminated_owner_technology_moves_to_nekro() {
    let c = content();
    let mut s = nekro_game(&c, &["sol", "hacan"]);
    let so = t(&c, "spec_ops_ii");
    s.player_mut(P1).techs = TechSet::single(so);
    s.player_mut(P2).techs = techs(&c, &["production_biomes"]);
    place_token(&c, &mut s, P0, Token::X, P1, so).unwrap();
    s.player_mut(P1).in_game = false;
    assert_eq!(owner_eliminated(&c, &mut s, P0, P1), 1);
    assert!(owns(&s, P0, so), "in Nekro's play area, not removed from the game");
    assert!(!s.player(P1).techs.contains(so));
    assert_eq!(s.factions.valefar(P0), [None, None], "the token is free again");
    assert_eq!(unit_key(&c, &s, P0, UnitType::Infantry, effective_techs(&c, &s, P0)), "sol_infantry2");
    place_token(&c, &mut s, P0, Token::X, P2, t(&c, "production_biomes")).unwrap();
    // Someone else's elimination moves nothing.
    s.player_mut(P2).in_game = false;
    assert_eq!(owner_eliminated(&c, &mut s, P0, P1), 0);
}

#[test]
fn technology_19_floating_factory_removal_lands_space_docks_or_returns_them() {
    let c = content();
    let mut s = nekro_game(&c, &["saar", "hacan"]);
    let ff = t(&c, "floating_factory_ii");
    s.player_mut(P1).techs = TechSet::single(ff);
    place_token(&c, &mut s, P0, Token::X, P1, ff).unwrap();
    // System 16: hercant (has a Nekro dock), arretze (not controlled), kamdorn (eligible).
    let a = s.place_system(c.system("16").unwrap());
    // System 09: maaluuk controlled but occupied by Hacan, then druaa (eligible).
    let b = s.place_system(c.system("09").unwrap());
    // System 10: no planet Nekro controls.
    let d = s.place_system(c.system("10").unwrap());
    s.player_mut(P0).planets = planets(&c, &["hercant", "kamdorn", "maaluuk", "druaa"]);
    s.player_mut(P0).reinforcements[UnitType::SpaceDock.idx()] = 4; // past the plastic, for the test
    let loc = |k: &str| s.planet_location(&c, pl(&c, k)).unwrap();
    let (hercant, kamdorn, maaluuk, druaa) = (loc("hercant"), loc("kamdorn"), loc("maaluuk"), loc("druaa"));
    s.add_units(P0, hercant, UnitType::SpaceDock, 1).unwrap();
    for slot in [a, b, d] {
        s.add_units(P0, Location::Space(slot), UnitType::SpaceDock, 1).unwrap();
    }
    s.add_units(P2, maaluuk, UnitType::Infantry, 1).unwrap();
    let r = remove_token(&c, &mut s, P0, Token::X).unwrap();
    assert_eq!(
        r,
        Removal { tech: Some(ff), docks_moved: 2, docks_returned: 1, war_suns_returned: 0, eliminated: false }
    );
    assert_eq!(s.count_at(kamdorn, UnitType::SpaceDock), 1, "first eligible planet in tile order");
    assert_eq!(s.count_at(hercant, UnitType::SpaceDock), 1, "one dock per planet");
    assert_eq!(s.count_at(druaa, UnitType::SpaceDock), 1, "not onto the occupied maaluuk");
    assert_eq!(s.count_at(maaluuk, UnitType::SpaceDock), 0);
    for slot in [a, b, d] {
        assert_eq!(s.count_at(Location::Space(slot), UnitType::SpaceDock), 0);
    }
    assert_eq!(s.player(P0).on_board[UnitType::SpaceDock.idx()], 3);
    assert_eq!(s.player(P0).reinforcements[UnitType::SpaceDock.idx()], 1);
    assert_eq!(s.factions.valefar(P0), [None, None]);
    assert_eq!(remove_token(&c, &mut s, P0, Token::X), Err(ValefarError::TokenFree(Token::X)));
}

#[test]
fn technology_19_other_removals_leave_space_docks() {
    let c = content();
    let mut s = nekro_game(&c, &["sol"]);
    let so = t(&c, "spec_ops_ii");
    s.player_mut(P1).techs = TechSet::single(so);
    place_token(&c, &mut s, P0, Token::X, P1, so).unwrap();
    let a = s.place_system(c.system("16").unwrap());
    s.add_units(P0, Location::Space(a), UnitType::SpaceDock, 1).unwrap();
    let r = remove_token(&c, &mut s, P0, Token::X).unwrap();
    assert_eq!(r, Removal { tech: Some(so), ..Removal::default() });
    assert_eq!(s.count_at(Location::Space(a), UnitType::SpaceDock), 1);
}

#[test]
fn technology_20_war_sun_upgrade_removal_returns_war_suns_without_generic() {
    let c = content();
    let mut s = nekro_game(&c, &["muaat"]);
    let pws = t(&c, "prototype_war_sun_ii");
    s.player_mut(P1).techs = TechSet::single(pws);
    place_token(&c, &mut s, P0, Token::Y, P1, pws).unwrap();
    assert_eq!(unit_key(&c, &s, P0, UnitType::WarSun, effective_techs(&c, &s, P0)), "muaat_warsun2");
    let a = s.place_system(c.system("16").unwrap());
    let b = s.place_system(c.system("09").unwrap());
    s.add_units(P0, Location::Space(a), UnitType::WarSun, 1).unwrap();
    s.add_units(P0, Location::Space(b), UnitType::WarSun, 1).unwrap();
    let with_generic = {
        let mut g = s;
        g.player_mut(P0).techs.insert(t(&c, "war_sun"));
        let r = remove_token(&c, &mut g, P0, Token::Y).unwrap();
        assert_eq!(r.war_suns_returned, 0, "the generic War Sun keeps them");
        g
    };
    assert_eq!(with_generic.player(P0).on_board[UnitType::WarSun.idx()], 2);
    let r = remove_token(&c, &mut s, P0, Token::Y).unwrap();
    assert_eq!(r, Removal { tech: Some(pws), war_suns_returned: 2, ..Removal::default() });
    assert_eq!(s.player(P0).on_board[UnitType::WarSun.idx()], 0);
    assert_eq!(s.count_at(Location::Space(a), UnitType::WarSun), 0);
}

#[test]
fn technology_21_same_unit_type_upgrade_uses_the_same_token_and_replaces() {
    let c = content();
    let mut s = nekro_game(&c, &["sardakk", "l1z1x"]);
    let (ex, sd) = (t(&c, "exotrireme_ii"), t(&c, "super_dreadnought_ii"));
    s.player_mut(P1).techs = TechSet::single(ex);
    s.player_mut(P2).techs = TechSet::single(sd);
    place_token(&c, &mut s, P0, Token::X, P1, ex).unwrap();
    // Names differ (Exotrireme vs Dreadnought): Nekro's dreadnoughts use it anyway.
    assert_eq!(unit_key(&c, &s, P0, UnitType::Dreadnought, effective_techs(&c, &s, P0)), "sardakk_dreadnought2");
    let before = s;
    assert_eq!(place_token(&c, &mut s, P0, Token::Y, P2, sd), Err(ValefarError::MustUseToken(Token::X)));
    assert_eq!(s, before);
    let r = place_token(&c, &mut s, P0, Token::X, P2, sd).unwrap();
    assert_eq!(r, Removal { tech: Some(ex), ..Removal::default() }, "the previous upgrade is removed");
    assert_eq!(s.factions.valefar(P0), [Some(sd), None]);
    assert_eq!(unit_key(&c, &s, P0, UnitType::Dreadnought, effective_techs(&c, &s, P0)), "l1z1x_dreadnought2");
    assert!(eligible_targets(&c, &s, P0, P1).contains(ex), "exotrireme is free to copy again");
}

#[test]
fn technology_21_faction_upgrade_applies_over_generic_and_falls_back() {
    let c = content();
    let mut s = nekro_game(&c, &["sardakk"]);
    let ex = t(&c, "exotrireme_ii");
    s.player_mut(P0).techs.insert(t(&c, "dreadnought_ii"));
    s.player_mut(P1).techs = TechSet::single(ex);
    place_token(&c, &mut s, P0, Token::Y, P1, ex).unwrap();
    assert_eq!(unit_key(&c, &s, P0, UnitType::Dreadnought, effective_techs(&c, &s, P0)), "sardakk_dreadnought2");
    remove_token(&c, &mut s, P0, Token::Y).unwrap();
    assert_eq!(unit_key(&c, &s, P0, UnitType::Dreadnought, effective_techs(&c, &s, P0)), "dreadnought_ii");
}

#[test]
fn technology_22_copies_count_toward_objectives_with_colour_and_type() {
    let c = content();
    let mut s = nekro_game(&c, &["hacan", "arborec"]);
    s.player_mut(P0).techs.insert(t(&c, "infantry_ii"));
    s.player_mut(P1).techs = techs(&c, &["production_biomes"]);
    s.player_mut(P2).techs = techs(&c, &["letani_warrior_ii"]);
    let base = objective_counts(&c, &s, P0);
    assert_eq!(base, TechCounts { colours: [1, 0, 0, 0], unit_upgrades: 1 }, "Valefar cards count nothing");
    place_token(&c, &mut s, P0, Token::X, P1, t(&c, "production_biomes")).unwrap();
    place_token(&c, &mut s, P0, Token::Y, P2, t(&c, "letani_warrior_ii")).unwrap();
    let counts = objective_counts(&c, &s, P0);
    assert_eq!(counts.colours, [2, 0, 0, 0], "the copied green technology counts green");
    assert_eq!(counts.unit_upgrades, 1, "generic and copied infantry upgrades count once");
    s.player_mut(P0).techs.remove(t(&c, "infantry_ii"));
    assert_eq!(objective_counts(&c, &s, P0).unit_upgrades, 1, "the copy alone counts as an upgrade");
}

#[test]
fn technology_19_docks_stand_in_space_by_owned_or_copied_floating_factory_not_by_faction() {
    let c = content();
    let mut s = nekro_game(&c, &["saar", "sol"]);
    let ff = t(&c, "floating_factory_ii");
    s.player_mut(P1).techs = TechSet::single(ff);
    // The Saar's sheet dock (Floating Factory I) floats: in space only, with or without II.
    assert!(docks_may_stand_in_space(&c, &s, P1) && !docks_may_stand_on_planets(&c, &s, P1));
    // Sol and a Nekro without the copy: planets only.
    for p in [P0, P2] {
        assert!(!docks_may_stand_in_space(&c, &s, p) && docks_may_stand_on_planets(&c, &s, p), "{p:?}");
    }
    // Nekro copying Floating Factory II: new docks in space, the old ones stay on planets.
    place_token(&c, &mut s, P0, Token::X, P1, ff).unwrap();
    assert!(docks_may_stand_in_space(&c, &s, P0) && docks_may_stand_on_planets(&c, &s, P0));
    // The copy is the Valefar card's text: without the card, no copy applies.
    let mut no_card = s;
    no_card.player_mut(P0).techs.remove(t(&c, "valefar_assimilator_x"));
    assert!(!docks_may_stand_in_space(&c, &no_card, P0));
    // Technology 18: the card in Nekro's play area keeps the allowance.
    s.player_mut(P1).in_game = false;
    owner_eliminated(&c, &mut s, P0, P1);
    assert!(owns(&s, P0, ff) && docks_may_stand_in_space(&c, &s, P0));
    // Copying another technology grants nothing.
    let mut other = nekro_game(&c, &["sol"]);
    other.player_mut(P1).techs = techs(&c, &["spec_ops_ii"]);
    place_token(&c, &mut other, P0, Token::Y, P1, t(&c, "spec_ops_ii")).unwrap();
    assert!(!docks_may_stand_in_space(&c, &other, P0));
}

#[test]
fn technology_16_21_place_token_refuses_exactly_what_check_copy_refuses() {
    // The position reader checks copies with `check_copy`; `place_token` adds only who the
    // technology comes from. Over every technology, either token, with and without the other
    // token holding an upgrade, the two agree.
    let c = content();
    let mut base = nekro_game(&c, &["sol", "keleres"]);
    base.player_mut(P0).techs.insert(t(&c, "production_biomes")); // assimilated (Technology 18)
    let held = [None, Some(t(&c, "spec_ops_ii")), Some(t(&c, "exotrireme_ii")), Some(t(&c, "bioplasmosis"))];
    for token in Token::BOTH {
        for other in held {
            for target in c.all_techs.iter() {
                let mut s = base;
                s.factions.valefar_mut(P0)[token.other().idx()] = other;
                s.player_mut(P1).techs = TechSet::single(target);
                let shared = check_copy(&c, &s, P0, token, target);
                let placed = place_token(&c, &mut s, P0, token, P1, target).map(|_| ());
                assert_eq!(placed, shared, "{} on {token:?}, other {other:?}", c.tech_def(target).key);
            }
        }
    }
}
