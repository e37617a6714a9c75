use super::*;

fn texts() -> [String; NUM_FILES] {
    Content::embedded_texts().map(|s| s.to_string())
}
fn load(t: &[String; NUM_FILES]) -> Result<Content, ContentError> {
    Content::from_texts(std::array::from_fn(|i| t[i].as_str()))
}

#[test]
fn embedded_content_loads_with_reference_ids() {
    let c = Content::embedded();
    assert_eq!(c.techs.len(), 96, "100 reference entries minus 4 Omega variant printings");
    assert_eq!(c.factions.len(), 31);
    assert_eq!(c.planets.len(), 149);
    let ws = c.tech("war_sun").unwrap();
    assert_eq!(c.tech_def(ws).prereq, [0, 0, 1, 3]);
    assert!(c.tech("valefar_assimilator_x").is_some());
    assert_eq!(c.specialty_planets[Colour::Warfare as usize].len(), 6);
}

#[test]
fn note3_faction_upgrade_forbids_generic() {
    let c = Content::embedded();
    let sol = c.faction("sol").unwrap();
    let inf2 = c.tech("infantry_ii").unwrap();
    assert!(c.forbidden_by[sol.idx()].contains(inf2));
    assert!(!c.researchable_by[sol.idx()].contains(inf2));
    assert!(c.researchable_by[sol.idx()].contains(c.tech("spec_ops_ii").unwrap()));
    let hacan = c.faction("hacan").unwrap();
    assert!(c.researchable_by[hacan.idx()].contains(inf2));
    assert!(!c.researchable_by[hacan.idx()].contains(c.tech("spec_ops_ii").unwrap()));
}

#[test]
fn technology_6_1_upgrade_replaces_unit_stats() {
    let c = Content::embedded();
    let sol = c.faction("sol").unwrap();
    let base = c.effective_unit(sol, UnitType::Infantry, TechSet::EMPTY).unwrap();
    assert_eq!(c.units[base.idx()].key, "sol_infantry");
    let up = c.effective_unit(sol, UnitType::Infantry, TechSet::single(c.tech("spec_ops_ii").unwrap())).unwrap();
    assert_eq!(c.units[up.idx()].key, "sol_infantry2");
    let hacan = c.faction("hacan").unwrap();
    assert_eq!(c.effective_unit(hacan, UnitType::WarSun, TechSet::EMPTY), None);
    let ws = c.effective_unit(hacan, UnitType::WarSun, TechSet::single(c.tech("war_sun").unwrap())).unwrap();
    assert_eq!(c.units[ws.idx()].key, "war_sun");
}

#[test]
fn technology_21_nekro_uses_upgrade_of_same_type_whatever_its_name() {
    let c = Content::embedded();
    let nekro = c.faction("nekro").unwrap();
    let both: TechSet = [c.tech("infantry_ii").unwrap(), c.tech("spec_ops_ii").unwrap()].into_iter().collect();
    let u = c.effective_unit(nekro, UnitType::Infantry, both).unwrap();
    assert_eq!(c.units[u.idx()].key, "sol_infantry2", "the faction upgrade applies over the generic one");
    let g = c.effective_unit(nekro, UnitType::Infantry, TechSet::single(c.tech("infantry_ii").unwrap())).unwrap();
    assert_eq!(c.units[g.idx()].key, "infantry_ii");
}

#[test]
fn duplicate_id_is_named() {
    let mut t = texts();
    t[0] = t[0].replacen("\"id\": \"dacxive_animators\"", "\"id\": \"neural_motivator\"", 1);
    let e = load(&t).unwrap_err();
    assert_eq!(e.kind, ContentErrorKind::DuplicateId);
    assert_eq!(e.entry, "neural_motivator");
    assert_eq!(e.to_string(), "technologies.json: entry 'neural_motivator', field 'id': duplicate id");
}

#[test]
fn dangling_reference_is_named() {
    let mut t = texts();
    t[2] = t[2].replacen("\"magen_defense_grid\"", "\"magen_grid\"", 1);
    let e = load(&t).unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("factions.json", "arborec", "starting_technologies")
    );
    assert_eq!(e.kind, ContentErrorKind::UnknownId("magen_grid".into()));
}

#[test]
fn impossible_prerequisites_are_rejected() {
    let mut t = texts();
    // Five blue prerequisites: only four generic propulsion technologies exist besides it.
    let v: serde_json::Value = serde_json::from_str(&t[0]).unwrap();
    let mut v = v;
    for tech in v["technologies"].as_array_mut().unwrap() {
        if tech["id"] == "light_wave_deflector" {
            tech["prerequisites"] = serde_json::json!({"propulsion": 7});
        }
    }
    t[0] = serde_json::to_string(&v).unwrap();
    let e = load(&t).unwrap_err();
    assert_eq!(e.entry, "light_wave_deflector");
    assert_eq!(e.field, "prerequisites");
    assert!(matches!(e.kind, ContentErrorKind::ImpossiblePrerequisites(_)));
}

#[test]
fn unknown_field_is_an_error() {
    let mut t = texts();
    t[3] = t[3].replacen("\"resources\"", "\"resourcez\"", 1);
    let e = load(&t).unwrap_err();
    assert_eq!(e.file, "planets.json");
    assert!(matches!(e.kind, ContentErrorKind::Parse(_)), "{e}");
}

#[test]
fn designer_edit_changes_prerequisite() {
    let mut t = texts();
    let mut v: serde_json::Value = serde_json::from_str(&t[0]).unwrap();
    for tech in v["technologies"].as_array_mut().unwrap() {
        if tech["id"] == "gravity_drive" {
            tech["prerequisites"] = serde_json::json!({"biotic": 1});
        }
    }
    t[0] = serde_json::to_string(&v).unwrap();
    let c = load(&t).unwrap();
    assert_eq!(c.tech_def(c.tech("gravity_drive").unwrap()).prereq, [1, 0, 0, 0]);
}

#[test]
fn cards_load_with_copies_and_faction_sets() {
    let c = Content::embedded();
    let k = &c.cards;
    assert_eq!(k.action_copies.len(), 120, "the Prophecy of Kings action deck");
    let dh = k.action_card("direct_hit").unwrap();
    assert_eq!(k.copies_of(dh).1, 4);
    assert_eq!(k.agendas.len(), 63);
    assert_eq!(k.agendas.iter().filter(|a| !a.removed_in_pok).count(), 50);
    assert_eq!(k.public_objectives.iter().filter(|o| o.stage == 1).count(), 20);
    assert_eq!(k.public_objectives.iter().filter(|o| o.stage == 2).count(), 20);
    assert_eq!(k.secret_objectives.len(), 40);
    let empyrean = c.faction("empyrean").unwrap();
    assert_eq!(k.seat_notes[empyrean.idx()].len(), 7, "5 generic notes + Dark Pact + Blood Pact");
    let nomad = c.faction("nomad").unwrap();
    assert_eq!(k.seat_leaders[nomad.idx()].len(), 5);
    assert!(c.known.terraform.is_some() && c.known.geoform_hero.is_some() && c.known.magmus_reactor.is_some());
    assert_eq!(c.supernovas.len(), 3);
}

#[test]
fn card_errors_name_file_entry_and_field() {
    let mut t = texts();
    t[5] = t[5].replacen("\"stage\": 2", "\"stage\": 3", 1);
    let e = load(&t).unwrap_err();
    assert_eq!((e.file.as_str(), e.field.as_str()), ("cards.json", "stage"), "{e}");
    let mut t = texts();
    t[5] = t[5].replacen("\"faction\": \"titans\"", "\"faction\": \"titanz\"", 1);
    let e = load(&t).unwrap_err();
    assert_eq!(e.kind, ContentErrorKind::UnknownId("titanz".into()), "{e}");
    let mut t = texts();
    t[5] = t[5].replacen(
        "\"async_id\": \"corner\", \"implemented\": false",
        "\"async_id\": \"corner\", \"implemented\": true",
        1,
    );
    let e = load(&t).unwrap_err();
    assert_eq!((e.entry.as_str(), e.field.as_str()), ("corner_the_market", "implemented"), "{e}");
}

/// The embedded texts with file `file` (a [`FILES`] index) edited as JSON.
fn edited(file: usize, edit: impl Fn(&mut serde_json::Value)) -> Result<Content, ContentError> {
    let mut t = texts();
    let mut v: serde_json::Value = serde_json::from_str(&t[file]).unwrap();
    edit(&mut v);
    t[file] = v.to_string();
    load(&t)
}

fn faction_mut<'a>(v: &'a mut serde_json::Value, id: &str) -> &'a mut serde_json::Value {
    v["factions"].as_array_mut().unwrap().iter_mut().find(|f| f["id"] == id).unwrap()
}

#[test]
fn setup_breaking_content_is_an_error_naming_file_entry_and_field() {
    let e = edited(2, |v| faction_mut(v, "sol")["starting_units"]["dreadnought"] = 255.into()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "factions.json: entry 'sol', field 'starting_units': 255 dreadnought at setup, but its component limit is 5"
    );
    let e = edited(2, |v| faction_mut(v, "sol")["starting_units"]["infantry"] = 13.into()).unwrap_err();
    assert!(e.to_string().ends_with("13 infantry at setup, but its component limit is 12"), "{e}");
    let e = edited(1, |v| {
        let u = v["units"].as_array_mut().unwrap().iter_mut().find(|u| u["id"] == "cruiser").unwrap();
        u["component_limit"] = 0.into();
    })
    .unwrap_err();
    assert_eq!((e.file.as_str(), e.entry.as_str(), e.field.as_str()), ("units.json", "cruiser", "component_limit"));
    let e = edited(2, |v| faction_mut(v, "hacan")["starting_technologies"] = serde_json::json!(["spec_ops_ii"]))
        .unwrap_err();
    assert!(e.to_string().contains("'spec_ops_ii' is a faction technology of 'sol'"), "{e}");
    // The embedded content meets every setup rule.
    assert!(load(&texts()).is_ok());
}

/// Council Keleres' starting technologies (the Tribunii: "2 non-faction technologies owned by
/// other players") come from the content's `owned_by_others`, not from its faction id; a list
/// and that flag together are an error naming the field.
#[test]
fn keleres_starting_choice_is_the_contents_owned_by_others() {
    let c = load(&texts()).unwrap();
    let k = c.faction("keleres").expect("keleres");
    assert_eq!(c.factions[k.idx()].starting_choice, Some(StartingChoice::OwnedByOthers { choose: 2 }));
    let c = edited(2, |v| faction_mut(v, "keleres")["starting_technology_choice"]["owned_by_others"] = false.into())
        .unwrap();
    assert_eq!(c.factions[k.idx()].starting_choice, Some(StartingChoice::Unspecified { choose: 2 }));
    let e = edited(2, |v| {
        faction_mut(v, "keleres")["starting_technology_choice"]["from"] = serde_json::json!(["gravity_drive"])
    })
    .unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("factions.json", "keleres", "starting_technology_choice")
    );
}

#[test]
fn cards_must_hold_every_objective_the_rules_evaluate() {
    let e =
        edited(5, |v| v["secret_objectives"].as_array_mut().unwrap().retain(|o| o["id"] != "become_the_gatekeeper"));
    let e = e.unwrap_err();
    assert_eq!(
        (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
        ("cards.json", "become_the_gatekeeper", "secret_objectives")
    );
}

#[test]
fn dice_errors_show_the_values_not_a_debug_struct() {
    let e = edited(1, |v| v["units"][0]["combat"] = serde_json::json!({"hits_on": 11, "dice": 2})).unwrap_err();
    assert!(e.to_string().ends_with("hits_on must be 1-10 and dice at least 1, got hits_on 11, dice 2"), "{e}");
}

#[test]
fn a_content_directory_must_hold_a_content_file_and_no_misspelled_one() {
    let dir = std::env::temp_dir().join(format!("engine-content-dir-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let e = ContentSource::read_dir(&dir).unwrap_err();
    assert!(e.to_string().contains("holds no content file"), "{e}");
    std::fs::write(dir.join("README.md"), "notes are fine").unwrap();
    std::fs::write(dir.join("unit.json"), "{}").unwrap();
    let e = ContentSource::read_dir(&dir).unwrap_err();
    assert!(e.file.ends_with("unit.json") && e.to_string().contains("not a content file"), "{e}");
    std::fs::rename(dir.join("unit.json"), dir.join("units.json")).unwrap();
    std::fs::write(dir.join("units.json"), Content::embedded_texts()[1]).unwrap();
    let src = ContentSource::read_dir(&dir).unwrap();
    assert_eq!(src.from_dir, [false, true, false, false, false, false]);
    assert_eq!(src.texts[1], Content::embedded_texts()[1]);
    assert!(Content::from_source(&src).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn edits_that_cannot_matter_are_warnings_naming_the_entry() {
    assert_eq!(Content::embedded().warnings, vec![], "the embedded content has no warning");
    let c = edited(2, |v| {
        let units = &mut faction_mut(v, "sol")["starting_units"];
        units["destroyer"] = 0.into();
        units["war_sun"] = 1.into();
    })
    .unwrap();
    let w: Vec<String> = c.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        w,
        ["factions.json: entry 'sol', field 'starting_units': starts with 1 war_sun but not the technology it needs ('war_sun')"]
    );
    let c = edited(1, |v| {
        let u = v["units"].as_array_mut().unwrap().iter_mut().find(|u| u["id"] == "war_sun").unwrap();
        u["cost"] = serde_json::Value::Null;
        u["move"] = serde_json::Value::Null;
    })
    .unwrap();
    assert_eq!(c.warnings.len(), 1, "{:?}", c.warnings);
    assert_eq!((c.warnings[0].entry.as_str(), c.warnings[0].field.as_str()), ("war_sun", "cost"));
}

/// Differential test of `effective_unit`'s fast path (no technology of the type's upgrades
/// owned: the sheet unit) against the plain scan of every upgraded definition, for every
/// faction and unit type, with no technology, each single technology, and random sets.
#[test]
fn effective_unit_fast_path_agrees_with_the_plain_scan() {
    use rand::{RngExt, SeedableRng};
    let c = Content::embedded();
    let plain = |f: FactionId, t: UnitType, techs: TechSet| -> Option<UnitId> {
        let mut generic = None;
        for &u in &c.upgraded_units[t.idx()] {
            let def = &c.units[u.idx()];
            if def.requires.is_some_and(|r| techs.contains(r)) {
                match def.faction {
                    Some(g) if g == f || c.techs[def.requires.unwrap_or_default().idx()].faction.is_some() => {
                        return Some(u)
                    }
                    Some(_) => {}
                    None => generic = generic.or(Some(u)),
                }
            }
        }
        generic.or(c.sheet_unit[f.idx()][t.idx()])
    };
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    let mut sets = vec![TechSet::EMPTY];
    sets.extend((0..c.techs.len()).map(|i| [TechId(i as u8)].into_iter().collect::<TechSet>()));
    for _ in 0..200 {
        sets.push((0..c.techs.len()).filter(|_| rng.random_range(0..4) == 0).map(|i| TechId(i as u8)).collect());
    }
    for f in 0..c.factions.len() {
        let f = FactionId(f as u8);
        for t in UnitType::ALL {
            for &s in &sets {
                assert_eq!(c.effective_unit(f, t, s), plain(f, t, s));
            }
        }
    }
}
