//! Load-time truth: the `implemented` flags of faction abilities and technologies agree with
//! the rule registry ([`crate::ti4::rules::registry`]), both ways.
//!
//! - A faction ability marked implemented has a rule ([`crate::ti4::rules::SourceKey::Ability`]);
//!   an ability with a rule is marked implemented.
//! - A technology marked implemented is a unit upgrade (its unit's values implement it) or has a
//!   rule ([`crate::ti4::rules::SourceKey::Tech`]); a technology with a rule, and every unit
//!   upgrade, is marked implemented. A variant printing (`variant_of`) is never in play, so it
//!   is never marked implemented.
//! - A technology or planet rule names a content id the files hold: a faction rule's whenever
//!   the rule's faction is in the content, a generic technology's rule always. A renamed card is
//!   therefore a load error, not a rule that silently stops applying. Abilities are exempt: taking
//!   an ability off every faction sheet is a design edit (the committed experiment
//!   `ti4_equal_strength` plays factions without their abilities), and a renamed ability that is
//!   still marked implemented fails the first check.
//! - An action card marked implemented is a component action (`game::action_cards`) or has a
//!   rule ([`crate::ti4::rules::SourceKey::ActionCard`]), and each such card is marked
//!   implemented: the deck in play holds exactly the implemented cards.
//! - An exploration card marked implemented has a known effect (a relic fragment, an
//!   attachment, or a rule: [`crate::ti4::rules::SourceKey::Exploration`]), and each card with
//!   one is marked implemented: the decks in play hold exactly the implemented cards.
//! - A promissory note marked implemented has an effect: a generic note one the core gives it
//!   (`game::notes::CORE_NOTES`), a faction note a rule
//!   ([`crate::ti4::rules::SourceKey::Note`]); each such note is marked implemented.
//! - A leader marked implemented has a rule ([`crate::ti4::rules::SourceKey::Leader`]), and
//!   each leader with one is marked implemented.
//! - A flagship or mech text ability (`units.json` `text_ability_implemented`) is marked
//!   implemented exactly when a rule names the unit ([`crate::ti4::rules::SourceKey::Unit`]); a
//!   unit rule names a unit the files hold, with a text ability (the field present).
//!
//! Every error names the file, the entry and the field.

use super::error::{ContentError, ContentErrorKind as K};
use super::load::RawContent;
use crate::ti4::rules::{registry, SourceKey};
use std::collections::BTreeSet;

/// Checks the flags of `raw` against the rule registry.
pub(super) fn check(raw: &RawContent) -> Result<(), ContentError> {
    let n = &raw.names;
    let err = |file: usize, entry: &str, field: &str, kind: K| ContentError {
        file: n[file].clone(),
        entry: entry.to_string(),
        field: field.to_string(),
        kind,
    };
    let mut ability_rules = BTreeSet::new();
    let mut tech_rules = BTreeSet::new();
    let mut card_rules = BTreeSet::new();
    let mut law_rules = BTreeSet::new();
    let mut unit_rules = BTreeSet::new();
    let mut relic_rules = BTreeSet::new();
    let mut leader_rules = BTreeSet::new();
    let mut note_rules = BTreeSet::new();
    for (_, r) in registry() {
        match r.source {
            SourceKey::Ability(id) | SourceKey::Token(id) => ability_rules.insert(id),
            SourceKey::Tech(id) => tech_rules.insert(id),
            SourceKey::ActionCard(id) => card_rules.insert(id),
            SourceKey::Agenda(id) => law_rules.insert(id),
            SourceKey::Unit(id) => unit_rules.insert(id),
            SourceKey::Relic(id) => relic_rules.insert(id),
            SourceKey::Leader(id) => leader_rules.insert(id),
            SourceKey::Note(id) => note_rules.insert(id),
            SourceKey::Planet(_) | SourceKey::Exploration(_) => false,
        };
    }

    // Content → rules.
    for f in &raw.factions.factions {
        for a in &f.abilities {
            match (a.implemented, ability_rules.contains(a.id.as_str())) {
                (true, false) => return Err(err(2, &f.id, "abilities", K::ImplementedWithoutRule(a.id.clone()))),
                (false, true) => return Err(err(2, &f.id, "abilities", K::RuleNotMarkedImplemented(a.id.clone()))),
                _ => {}
            }
        }
    }
    for t in &raw.techs.technologies {
        if t.variant_of.is_some() {
            if t.implemented {
                return Err(err(0, &t.id, "implemented", K::BadValue("a variant printing is never in play".into())));
            }
            continue;
        }
        match (t.implemented, t.unit.is_some() || tech_rules.contains(t.id.as_str())) {
            (true, false) => return Err(err(0, &t.id, "implemented", K::ImplementedWithoutRule(t.id.clone()))),
            (false, true) => return Err(err(0, &t.id, "implemented", K::RuleNotMarkedImplemented(t.id.clone()))),
            _ => {}
        }
    }

    // Action cards: a component action (`game::action_cards`) or a rule played at a window.
    for a in &raw.cards.action_cards {
        let has = crate::ti4::game::ActionEffect::of_key(&a.id).is_some() || card_rules.contains(a.id.as_str());
        match (a.implemented, has) {
            (true, false) => return Err(err(5, &a.id, "implemented", K::ImplementedWithoutRule(a.id.clone()))),
            (false, true) => return Err(err(5, &a.id, "implemented", K::RuleNotMarkedImplemented(a.id.clone()))),
            _ => {}
        }
    }

    // Agendas: an implemented agenda has an effect (`game::agendas`); a law a player owns whose
    // rule exists (`crate::ti4::laws`) is marked implemented.
    for a in &raw.cards.agendas {
        let has = crate::ti4::game::AgendaEffect::of_key(&a.id).is_some();
        match (a.implemented, has) {
            (true, false) => return Err(err(5, &a.id, "implemented", K::ImplementedWithoutRule(a.id.clone()))),
            (false, true) => return Err(err(5, &a.id, "implemented", K::RuleNotMarkedImplemented(a.id.clone()))),
            (false, false) if law_rules.contains(a.id.as_str()) => {
                return Err(err(5, &a.id, "implemented", K::RuleNotMarkedImplemented(a.id.clone())))
            }
            _ => {}
        }
    }

    // Exploration cards: implemented exactly when the engine knows the card's effect
    // (`crate::ti4::exploration::ExploreEffect`: a fragment, an attachment or a card rule).
    for e in &raw.cards.exploration {
        let has = crate::ti4::exploration::ExploreEffect::of_key(&e.id).is_some();
        match (e.implemented, has) {
            (true, false) => return Err(err(5, &e.id, "implemented", K::ImplementedWithoutRule(e.id.clone()))),
            (false, true) => return Err(err(5, &e.id, "implemented", K::RuleNotMarkedImplemented(e.id.clone()))),
            _ => {}
        }
    }

    // Relics: implemented exactly when a relic rule names the relic, or the core reads it
    // (`crate::ti4::exploration::CORE_RELICS`: Shard of the Throne's victory point).
    for r in &raw.cards.relics {
        let has = relic_rules.contains(r.id.as_str()) || crate::ti4::exploration::CORE_RELICS.contains(&r.id.as_str());
        match (r.implemented, has) {
            (true, false) => return Err(err(5, &r.id, "implemented", K::ImplementedWithoutRule(r.id.clone()))),
            (false, true) => return Err(err(5, &r.id, "implemented", K::RuleNotMarkedImplemented(r.id.clone()))),
            _ => {}
        }
    }

    // Promissory notes: a generic note is implemented exactly when the core gives it an effect
    // (`game::notes::CORE_NOTES`), a faction note exactly when a note rule names it.
    for note in &raw.cards.promissory_notes {
        let has = note_rules.contains(note.id.as_str())
            || note.faction.is_none() && crate::ti4::game::notes::CORE_NOTES.contains(&note.id.as_str());
        match (note.implemented, has) {
            (true, false) => return Err(err(5, &note.id, "implemented", K::ImplementedWithoutRule(note.id.clone()))),
            (false, true) => return Err(err(5, &note.id, "implemented", K::RuleNotMarkedImplemented(note.id.clone()))),
            _ => {}
        }
    }

    // Leaders: implemented exactly when a leader rule names the leader.
    for l in &raw.cards.leaders {
        match (l.implemented, leader_rules.contains(l.id.as_str())) {
            (true, false) => return Err(err(5, &l.id, "implemented", K::ImplementedWithoutRule(l.id.clone()))),
            (false, true) => return Err(err(5, &l.id, "implemented", K::RuleNotMarkedImplemented(l.id.clone()))),
            _ => {}
        }
    }

    // Unit text abilities: implemented exactly when a unit rule names the unit.
    for u in &raw.units.units {
        match (u.text_ability_implemented, unit_rules.contains(u.id.as_str())) {
            (Some(true), false) => {
                return Err(err(1, &u.id, "text_ability_implemented", K::ImplementedWithoutRule(u.id.clone())))
            }
            (None | Some(false), true) => {
                return Err(err(1, &u.id, "text_ability_implemented", K::RuleNotMarkedImplemented(u.id.clone())))
            }
            _ => {}
        }
    }

    // Rules → content.
    let factions: BTreeSet<&str> = raw.factions.factions.iter().map(|f| f.id.as_str()).collect();
    let techs: BTreeSet<&str> =
        raw.techs.technologies.iter().filter(|t| t.variant_of.is_none()).map(|t| t.id.as_str()).collect();
    let planets: BTreeSet<&str> = raw.planets.planets.iter().map(|p| p.id.as_str()).collect();
    let cards: BTreeSet<&str> = raw.cards.action_cards.iter().map(|a| a.id.as_str()).collect();
    let agendas: BTreeSet<&str> = raw.cards.agendas.iter().map(|a| a.id.as_str()).collect();
    let units: BTreeSet<&str> = raw.units.units.iter().map(|u| u.id.as_str()).collect();
    for (faction, r) in registry() {
        if faction.is_some_and(|f| !factions.contains(f)) {
            continue;
        }
        let missing = |id: &str| K::RuleSourceMissing(id.to_string());
        match r.source {
            SourceKey::Tech(id) if !techs.contains(id) => return Err(err(0, id, "id", missing(id))),
            SourceKey::Planet(id) if !planets.contains(id) => return Err(err(3, id, "id", missing(id))),
            SourceKey::ActionCard(id) if !cards.contains(id) => return Err(err(5, id, "id", missing(id))),
            SourceKey::Agenda(id) if !agendas.contains(id) => return Err(err(5, id, "id", missing(id))),
            SourceKey::Unit(id) if !units.contains(id) => return Err(err(1, id, "id", missing(id))),
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::{Content, ContentErrorKind as K};
    use serde_json::Value;

    /// The embedded content with file `file` (a `FILES` index) edited as JSON.
    fn edited(file: usize, edit: impl Fn(&mut Value)) -> Result<Content, super::ContentError> {
        let mut texts = Content::embedded_texts().map(|s| s.to_string());
        let mut v: Value = serde_json::from_str(&texts[file]).unwrap();
        edit(&mut v);
        texts[file] = v.to_string();
        Content::from_texts(std::array::from_fn(|i| texts[i].as_str()))
    }

    fn entry<'a>(v: &'a mut Value, list: &str, id: &str) -> &'a mut Value {
        v[list].as_array_mut().unwrap().iter_mut().find(|e| e["id"] == id).unwrap()
    }

    fn ability<'a>(v: &'a mut Value, faction: &str, id: &str) -> &'a mut Value {
        let f = entry(v, "factions", faction);
        f["abilities"].as_array_mut().unwrap().iter_mut().find(|a| a["id"] == id).unwrap()
    }

    #[test]
    fn an_ability_marked_implemented_without_a_rule_is_a_load_error() {
        let e = edited(2, |v| ability(v, "naaz", "distant_suns")["implemented"] = true.into()).unwrap_err();
        assert_eq!((e.file.as_str(), e.entry.as_str(), e.field.as_str()), ("factions.json", "naaz", "abilities"));
        assert_eq!(e.kind, K::ImplementedWithoutRule("distant_suns".into()), "{e}");
    }

    #[test]
    fn an_action_card_marked_implemented_without_a_rule_is_a_load_error() {
        let e = edited(5, |v| entry(v, "action_cards", "scuttle")["implemented"] = true.into()).unwrap_err();
        assert_eq!((e.file.as_str(), e.entry.as_str(), e.field.as_str()), ("cards.json", "scuttle", "implemented"));
        assert_eq!(e.kind, K::ImplementedWithoutRule("scuttle".into()), "{e}");
        let e = edited(5, |v| entry(v, "action_cards", "morale_boost")["implemented"] = false.into()).unwrap_err();
        assert_eq!(e.kind, K::RuleNotMarkedImplemented("morale_boost".into()), "{e}");
    }

    #[test]
    fn an_agenda_marked_implemented_without_an_effect_is_a_load_error() {
        let e = edited(5, |v| entry(v, "agendas", "covert_legislation")["implemented"] = true.into()).unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
            ("cards.json", "covert_legislation", "implemented")
        );
        assert_eq!(e.kind, K::ImplementedWithoutRule("covert_legislation".into()), "{e}");
        // A law with a rule (`crate::ti4::laws`) and an effect, marked not implemented.
        let e = edited(5, |v| entry(v, "agendas", "minister_of_policy")["implemented"] = false.into()).unwrap_err();
        assert_eq!(e.kind, K::RuleNotMarkedImplemented("minister_of_policy".into()), "{e}");
    }

    #[test]
    fn a_unit_text_ability_flag_that_disagrees_with_the_unit_rules_is_a_load_error() {
        // Marked implemented with no rule (the Yin flagship's text is not modelled).
        let e = edited(1, |v| entry(v, "units", "yin_flagship")["text_ability_implemented"] = true.into()).unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
            ("units.json", "yin_flagship", "text_ability_implemented")
        );
        assert_eq!(e.kind, K::ImplementedWithoutRule("yin_flagship".into()), "{e}");
        // A unit rule (`factions/sardakk.rs`) whose unit is marked not implemented.
        let e = edited(1, |v| entry(v, "units", "sardakk_flagship")["text_ability_implemented"] = false.into())
            .unwrap_err();
        assert_eq!(e.kind, K::RuleNotMarkedImplemented("sardakk_flagship".into()), "{e}");
        let c = Content::embedded();
        let yin = c.units.iter().find(|u| u.key == "yin_flagship").unwrap();
        assert_eq!(yin.text_ability, Some(false));
        let sardakk = c.units.iter().find(|u| u.key == "sardakk_flagship").unwrap();
        assert_eq!(sardakk.text_ability, Some(true));
        let winnu = c.units.iter().find(|u| u.key == "winnu_flagship").unwrap();
        assert_eq!(winnu.text_ability, None, "its text is its unit values (a die per opposing ship)");
    }

    #[test]
    fn an_ability_with_a_rule_not_marked_implemented_is_a_load_error() {
        let e = edited(2, |v| ability(v, "letnev", "armada")["implemented"] = false.into()).unwrap_err();
        assert_eq!((e.entry.as_str(), e.field.as_str()), ("letnev", "abilities"), "{e}");
        assert_eq!(e.kind, K::RuleNotMarkedImplemented("armada".into()), "{e}");
    }

    #[test]
    fn a_renamed_ability_with_a_rule_is_a_load_error() {
        // Renamed and still marked: no rule for the new id.
        let e = edited(2, |v| ability(v, "letnev", "armada")["id"] = "armadas".into()).unwrap_err();
        assert_eq!((e.entry.as_str(), e.field.as_str()), ("letnev", "abilities"), "{e}");
        assert_eq!(e.kind, K::ImplementedWithoutRule("armadas".into()), "{e}");
    }

    #[test]
    fn an_ability_taken_off_every_sheet_is_a_design_edit() {
        let c = edited(2, |v| {
            entry(v, "factions", "letnev")["abilities"].as_array_mut().unwrap().retain(|x| x["id"] != "armada");
        })
        .unwrap();
        let bit = crate::ti4::factions::ability_bit("armada").unwrap();
        assert!(c.factions.iter().all(|f| !f.known_abilities.contains(bit)));
    }

    #[test]
    fn an_ability_moved_to_another_faction_brings_its_rule() {
        // Rules are keyed by source, not by faction: Sol with Armada, Letnev without, loads.
        let c = edited(2, |v| {
            let a = ability(v, "letnev", "armada").clone();
            entry(v, "factions", "letnev")["abilities"].as_array_mut().unwrap().retain(|x| x["id"] != "armada");
            entry(v, "factions", "sol")["abilities"].as_array_mut().unwrap().push(a);
        })
        .unwrap();
        let sol = &c.factions[c.faction("sol").unwrap().idx()];
        assert!(sol.abilities.iter().any(|a| a.key == "armada" && a.implemented));
        let bit = crate::ti4::factions::ability_bit("armada").unwrap();
        assert!(sol.known_abilities.contains(bit));
        assert!(!c.factions[c.faction("letnev").unwrap().idx()].known_abilities.contains(bit));
    }

    #[test]
    fn technology_flags_agree_with_the_rules_and_unit_upgrades() {
        let e = edited(0, |v| entry(v, "technologies", "bioplasmosis")["implemented"] = true.into()).unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
            ("technologies.json", "bioplasmosis", "implemented")
        );
        assert_eq!(e.kind, K::ImplementedWithoutRule("bioplasmosis".into()), "{e}");
        let e = edited(0, |v| entry(v, "technologies", "gravity_drive")["implemented"] = false.into()).unwrap_err();
        assert_eq!(e.kind, K::RuleNotMarkedImplemented("gravity_drive".into()), "{e}");
        let e = edited(0, |v| entry(v, "technologies", "carrier_ii")["implemented"] = false.into()).unwrap_err();
        assert_eq!(e.kind, K::RuleNotMarkedImplemented("carrier_ii".into()), "{e}");
        let e = edited(0, |v| entry(v, "technologies", "magen_defense_grid_omega")["implemented"] = true.into())
            .unwrap_err();
        assert_eq!((e.entry.as_str(), e.field.as_str()), ("magen_defense_grid_omega", "implemented"), "{e}");
    }

    #[test]
    fn a_renamed_technology_with_a_rule_is_a_load_error() {
        // A generic technology: its rule always needs the card.
        let e = edited(0, |v| {
            let t = entry(v, "technologies", "fleet_logistics");
            t["id"] = "fleet_logistic".into();
            t["implemented"] = false.into();
        })
        .unwrap_err();
        assert_eq!(
            (e.file.as_str(), e.entry.as_str(), e.field.as_str()),
            ("technologies.json", "fleet_logistics", "id")
        );
        assert_eq!(e.kind, K::RuleSourceMissing("fleet_logistics".into()), "{e}");
    }

    /// The rows `| first | second | status ... |` of the table under heading `heading`.
    fn rows<'a>(doc: &'a str, heading: &str) -> Vec<(&'a str, &'a str, &'a str)> {
        let start = doc.find(heading).unwrap_or_else(|| panic!("docs/RULES.md lacks {heading}"));
        let body = &doc[start + heading.len()..];
        let end = body.find("\n#").unwrap_or(body.len());
        body[..end]
            .lines()
            .filter(|l| l.starts_with("| ") && !l.starts_with("| ---"))
            .filter_map(|l| {
                let mut cols = l.trim_start_matches("| ").splitn(3, " | ");
                Some((cols.next()?, cols.next()?, cols.next()?))
            })
            .collect()
    }

    /// docs/RULES.md agrees with the `implemented` flags: every faction ability and every
    /// technology that is not a unit upgrade has a row, whose status starts with "not
    /// modelled" exactly when the flag is false.
    #[test]
    fn rules_md_agrees_with_the_implemented_flags() {
        let doc = include_str!("../../../../docs/RULES.md");
        let c = Content::embedded();
        let check = |what: &str, row: Option<&(&str, &str, &str)>, implemented: bool| {
            let (_, _, status) = row.unwrap_or_else(|| panic!("docs/RULES.md has no row for {what}"));
            assert_eq!(
                !status.starts_with("not modelled"),
                implemented,
                "docs/RULES.md, {what}: the status disagrees with implemented = {implemented}"
            );
        };
        let abilities = rows(doc, "## Faction abilities");
        for f in &c.factions {
            for a in &f.abilities {
                let row = abilities.iter().find(|r| r.0 == f.key && r.1 == a.key);
                check(&format!("ability {} of {}", a.key, f.key), row, a.implemented);
            }
        }
        let faction_techs = rows(doc, "### Faction technologies");
        let generic = rows(doc, "### Technology effects in play");
        for t in c.techs.iter().filter(|t| !t.is_unit_upgrade()) {
            let row = match t.faction {
                Some(f) => faction_techs.iter().find(|r| r.0 == c.factions[f.idx()].key && r.1 == t.name),
                None => generic.iter().find(|r| r.0 == t.name),
            };
            check(&format!("technology {}", t.key), row, t.implemented);
        }
        let units = rows(doc, "### Flagships and mechs");
        for u in &c.units {
            if let Some(implemented) = u.text_ability {
                let faction = u.faction.map_or("", |f| c.factions[f.idx()].key.as_str());
                let row = units.iter().find(|r| r.0 == faction && r.1 == u.name);
                check(&format!("unit {}", u.key), row, implemented);
            }
        }
        let notes = rows(doc, "### Promissory notes");
        for n in &c.cards.notes {
            let faction = n.faction.map_or("generic", |f| c.factions[f.idx()].key.as_str());
            let row = notes.iter().find(|r| r.0 == faction && r.1 == n.name);
            check(&format!("note {}", n.key), row, n.implemented);
        }
    }
}
