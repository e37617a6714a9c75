//! Position tests: defaults, every validation rule, round trips over hand-built and random states.

use super::random::random_state;
use super::*;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State, COMMAND_TOKENS};
use crate::ti4::technology::{self, valefar};
use rand::SeedableRng;

fn c() -> std::sync::Arc<Content> {
    Content::embedded()
}

fn state(json: &str) -> State {
    state_from_json(&c(), json).unwrap_or_else(|e| panic!("position rejected: {e}"))
}

fn error(json: &str) -> PositionError {
    match state_from_json(&c(), json) {
        Ok(_) => panic!("position accepted: {json}"),
        Err(e) => e,
    }
}

/// Asserts the error's path and kind, and that its message is one line.
fn check(json: &str, path: &str, kind: PositionErrorKind) {
    let e = error(json);
    assert_eq!((e.path.as_str(), &e.kind), (path, &kind), "{e}");
    assert!(!e.to_string().contains('\n'));
}

/// Where two states' debug forms first differ (a readable failure for big states).
pub(crate) fn first_difference(a: &State, b: &State) -> String {
    let (a, b) = (format!("{a:?}"), format!("{b:?}"));
    let at = a.bytes().zip(b.bytes()).position(|(x, y)| x != y).unwrap_or(a.len().min(b.len()));
    let from = at.saturating_sub(200);
    format!(
        "\n  read back: ...{}\n  expected:  ...{}",
        &a[from..(at + 80).min(a.len())],
        &b[from..(at + 80).min(b.len())]
    )
}

/// State → JSON → state is the identity, and JSON → state → JSON is stable.
fn assert_round_trip(s: &State) {
    let c = c();
    let json = to_position(&c, s).to_json();
    let back = state_from_json(&c, &json).unwrap_or_else(|e| panic!("own output rejected: {e}\n{json}"));
    assert_eq!(&back, s, "{json}");
    assert_eq!(to_position(&c, &back).to_json(), json);
}

const BRIEF: &str = r#"{"players": [{"faction": "sol",
   "technologies": ["antimass_deflectors", "gravity_drive"],
   "planets": [{"id": "jord"}, {"id": "lodor", "exhausted": true}],
   "units": [{"unit": "infantry", "count": 2, "planet": "jord"},
             {"unit": "space_dock", "planet": "jord"},
             {"unit": "carrier", "system": "01"}]}]}"#;

#[test]
fn reads_the_documented_example() {
    let c = c();
    let s = state(BRIEF);
    let p = s.player(Player(0));
    assert_eq!(p.faction, c.faction("sol").unwrap());
    assert_eq!(p.techs.len(), 2);
    assert!(p.planets.contains(c.planet("lodor").unwrap()));
    assert!(s.exhausted_planets.contains(c.planet("lodor").unwrap()));
    assert!(!s.exhausted_planets.contains(c.planet("jord").unwrap()));
    // Tiles in first-mention order: Jord's, then Lodor's.
    assert_eq!(s.systems[0].tile, c.system("01").unwrap());
    assert_eq!(s.systems[1].tile, c.planets[c.planet("lodor").unwrap().idx()].system.unwrap());
    let jord = s.planet_location(&c, c.planet("jord").unwrap()).unwrap();
    assert_eq!(s.count_at(jord, UnitType::Infantry), 2);
    assert_eq!(s.count_at(jord, UnitType::SpaceDock), 1);
    assert_eq!(s.count_at(Location::Space(0), UnitType::Carrier), 1);
    assert_eq!(p.on_board[UnitType::Infantry.idx()], 2);
    assert_eq!((p.tactic, p.fleet, p.strategy, p.token_reinforcements), (3, 3, 2, COMMAND_TOKENS - 8));
    assert_round_trip(&s);
}

#[test]
fn omitted_fields_take_setup_defaults() {
    let c = c();
    let s = state(r#"{"players": [{"faction": "sol"}, {"faction": "nekro"}]}"#);
    let sol = s.player(Player(0));
    assert_eq!(sol.techs, c.factions[c.faction("sol").unwrap().idx()].starting_techs);
    assert_eq!(sol.planets, [c.planet("jord").unwrap()].into_iter().collect());
    assert!(sol.on_board.iter().all(|&n| n == 0));
    let nekro = s.player(Player(1));
    assert!(nekro.techs.contains(c.known.valefar_x.unwrap()));
    assert!(nekro.techs.contains(c.known.valefar_y.unwrap()));
    assert!(nekro.techs.contains(c.tech("dacxive_animators").unwrap()));
    assert_eq!(s.factions.valefar(Player(1)), [None, None]);
    // Home tiles are on the board because the home planets are controlled.
    assert_eq!(s.num_systems, 2);
    assert_round_trip(&s);
}

#[test]
fn explicit_empty_lists_override_defaults() {
    let s = state(r#"{"players": [{"faction": "sol", "technologies": [], "planets": []}]}"#);
    assert!(s.player(Player(0)).techs.is_empty());
    assert!(s.player(Player(0)).planets.is_empty());
    assert_eq!(s.num_systems, 0);
}

#[test]
fn extra_systems_come_first_on_the_board() {
    let c = c();
    let s = state(r#"{"systems": ["18", "26"], "players": [{"faction": "sol"}]}"#);
    let tiles: Vec<_> = (0..s.num_systems).map(|i| c.systems[s.systems[i as usize].tile.idx()].key.as_str()).collect();
    assert_eq!(tiles, ["18", "26", "01"]);
}

#[test]
fn pools_board_tokens_and_reinforcements() {
    let s = state(
        r#"{"players": [{"faction": "sol", "command_tokens":
            {"tactic": 1, "fleet": 4, "strategy": 0, "systems": ["18", "01"], "reinforcements": 9}}]}"#,
    );
    let p = s.player(Player(0));
    assert_eq!((p.tactic, p.fleet, p.strategy, p.token_reinforcements), (1, 4, 0, 9));
    assert_eq!(s.systems[s.slot_of(c().system("18").unwrap()).unwrap() as usize].tokens, 1);
}

#[test]
fn units_merge_and_keep_damage() {
    let c = c();
    let s = state(
        r#"{"players": [{"faction": "letnev", "technologies": [], "units": [
            {"unit": "dreadnought", "count": 2, "damaged": 1, "system": "10"},
            {"unit": "dreadnought", "count": 1, "damaged": 1, "system": "10"}]}]}"#,
    );
    let slot = s.slot_of(c.system("10").unwrap()).unwrap();
    assert_eq!(s.count_at(Location::Space(slot), UnitType::Dreadnought), 3);
    assert_eq!(s.damaged_at(Location::Space(slot), UnitType::Dreadnought), 2);
    assert_round_trip(&s);
}

#[test]
fn a_planet_on_two_tiles_stands_on_the_tile_given() {
    let c = c();
    let s = state(
        r#"{"players": [{"faction": "sol", "units": [{"unit": "infantry", "planet": "mallice", "system": "82a"}]}]}"#,
    );
    let slot = s.slot_of(c.system("82a").unwrap()).unwrap();
    assert_eq!(s.count_at(Location::Planet(slot, 0), UnitType::Infantry), 1);
    assert_round_trip(&s);
}

/// Mallice controlled on the locked Wormhole Nexus (82a, the side the board starts with; the
/// planet card names 82b): the planet stands on 82a (`State::planet_location`), and a round
/// trip keeps the board as it is (it does not add 82b).
#[test]
fn a_planet_controlled_on_its_second_tile_stays_there() {
    let c = c();
    let s = state(
        r#"{"systems": ["82a"], "players": [{"faction": "sol", "planets": [{"id": "jord"}, {"id": "mallice"}],
            "units": [{"unit": "infantry", "planet": "mallice", "system": "82a"}]}]}"#,
    );
    let mallice = c.planet("mallice").unwrap();
    let slot = s.slot_of(c.system("82a").unwrap()).unwrap();
    assert_eq!(s.planet_location(&c, mallice), Some(Location::Planet(slot, 0)));
    assert_eq!(s.slot_of(c.system("82b").unwrap()), None);
    assert_round_trip(&s);
}

#[test]
fn hand_built_states_round_trip() {
    let c = c();
    // Nekro copying two faction technologies; Saar docks in space; an eliminated seat.
    let s = state(
        r#"{"players": [
            {"faction": "nekro", "valefar": {"x": "spec_ops_ii", "y": "prototype_war_sun_ii"},
             "exhausted_technologies": ["valefar_assimilator_y"], "trade_goods": 4, "commodities": 3,
             "units": [{"unit": "war_sun", "system": "08"}, {"unit": "mech", "planet": "mordaiii"}]},
            {"faction": "saar", "units": [{"unit": "space_dock", "system": "11"},
                                          {"unit": "infantry", "count": 3, "planet": "ragh"}]},
            {"faction": "sol", "eliminated": true, "planets": []}]}"#,
    );
    assert!(!s.player(Player(2)).in_game);
    assert_round_trip(&s);
    // Built through the state API directly.
    let sol = c.faction("sol").unwrap();
    let hacan = c.faction("hacan").unwrap();
    let mut s = State::new(&c, &[hacan, sol]);
    let slot = s.place_system(c.system("26").unwrap());
    s.add_units(Player(1), Location::Space(slot), UnitType::Cruiser, 2).unwrap();
    s.systems[slot as usize].tokens |= 0b11;
    s.player_mut(Player(0)).tactic = 2;
    s.player_mut(Player(0)).token_reinforcements = COMMAND_TOKENS - 7 - 1;
    s.player_mut(Player(1)).token_reinforcements = COMMAND_TOKENS - 8 - 1;
    assert_round_trip(&s);
}

#[test]
fn random_states_round_trip() {
    let c = c();
    // What the generated states cover, so that the round trip is known to exercise it.
    let mut seen = [0u32; 6];
    for seed in 0..300 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let s = random_state(&c, &mut rng);
        for p in s.seats() {
            let ps = s.player(p);
            seen[0] += u32::from(ps.on_board.iter().any(|&n| n > 0));
            seen[1] += u32::from(s.factions.valefar(p).iter().any(Option::is_some));
            seen[2] += u32::from(!ps.in_game);
            seen[3] += u32::from(!ps.exhausted_techs.is_empty());
        }
        seen[4] += u32::from((0..s.num_systems).any(|i| s.systems[i as usize].tokens != 0));
        seen[5] += u32::from((0..s.num_systems).any(|i| {
            s.systems[i as usize].space.damaged.iter().chain(&s.systems[i as usize].planets[0].damaged).any(|&d| d > 0)
        }));
        let json = to_position(&c, &s).to_json();
        let back = state_from_json(&c, &json).unwrap_or_else(|e| panic!("seed {seed}: {e}\n{json}"));
        assert!(back == s, "seed {seed}: {}", first_difference(&back, &s));
        assert_eq!(to_position(&c, &back).to_json(), json, "seed {seed}");
        // The pretty form reads back to the same state.
        assert_eq!(state_from_json(&c, &state_to_json(&c, &s)).unwrap(), s, "seed {seed}");
    }
    assert!(seen.iter().all(|&n| n >= 5), "coverage (units, valefar, eliminated, exhausted, tokens, damage): {seen:?}");
}

#[test]
fn output_writes_every_field() {
    let json = to_position(&c(), &state(BRIEF)).to_json();
    for field in [
        "\"version\"",
        "\"systems\"",
        "\"eliminated\"",
        "\"technologies\"",
        "\"exhausted_technologies\"",
        "\"exhausted\"",
        "\"damaged\"",
        "\"planet\":null",
        "\"trade_goods\"",
        "\"commodities\"",
        "\"reinforcements\"",
        "\"valefar\":{\"x\":null,\"y\":null}",
    ] {
        assert!(json.contains(field), "{field} missing from {json}");
    }
}

// ---- Shape errors (serde): the path names the field. ----

#[test]
fn shape_errors_name_the_field() {
    let e = error(r#"{"players": [{"faction": "sol", "units": [{"unit": "infantry", "cout": 2, "planet": "jord"}]}]}"#);
    assert!(e.path.starts_with("players[0].units[0]"), "{e}");
    assert!(e.to_string().contains("unknown field `cout`"), "{e}");
    let e = error(r#"{"players": [{"faction": "sol", "trade_goods": "many"}]}"#);
    assert_eq!(e.path, "players[0].trade_goods", "{e}");
    let e = error(r#"{"players": [{"faction": "sol", "trade_goods": 300}]}"#);
    assert_eq!(e.path, "players[0].trade_goods", "{e}");
    let e = error(r#"{"players": [{"faction": "sol"}]"#);
    assert!(matches!(e.kind, PositionErrorKind::Json(_)), "{e}");
    assert!(e.to_string().contains("line 1"), "{e}");
    let e = error(r#"{"players": []} trailing"#);
    assert!(matches!(e.kind, PositionErrorKind::Json(_)), "{e}");
    let e = error(r#"{"content": "dir", "players": []}"#);
    assert!(e.to_string().contains("unknown field `content`"), "{e}");
    let e = error(r#"{}"#);
    assert!(e.to_string().contains("missing field `players`"), "{e}");
}

// ---- Checks: one test per rule. ----

use PositionErrorKind as K;

#[test]
fn rejects_bad_top_level() {
    check(r#"{"version": 2, "players": [{"faction": "sol"}]}"#, "version", K::UnsupportedVersion(2));
    check(r#"{"players": []}"#, "players", K::NoPlayers);
    let nine = ["sol", "hacan", "xxcha", "yin", "muaat", "jolnar", "l1z1x", "letnev", "mentak"]
        .map(|f| format!(r#"{{"faction": "{f}"}}"#))
        .join(",");
    check(&format!(r#"{{"players": [{nine}]}}"#), "players", K::TooManyPlayers(9));
    check(
        r#"{"systems": ["18", "zz"], "players": [{"faction": "sol"}]}"#,
        "systems[1]",
        K::UnknownId(IdKind::System, "zz".into()),
    );
    check(
        r#"{"systems": ["18", "18"], "players": [{"faction": "sol"}]}"#,
        "systems[1]",
        K::Duplicate(IdKind::System, "18".into()),
    );
    let c = c();
    let all: Vec<String> = c.systems.iter().take(65).map(|s| format!("\"{}\"", s.key)).collect();
    let e = error(&format!(r#"{{"systems": [{}], "players": [{{"faction": "sol"}}]}}"#, all.join(",")));
    assert_eq!((e.path.as_str(), e.kind), ("systems[64]", K::TooManySystems(64)));
}

#[test]
fn rejects_bad_factions() {
    check(r#"{"players": [{"faction": "sool"}]}"#, "players[0].faction", K::UnknownId(IdKind::Faction, "sool".into()));
    check(
        r#"{"players": [{"faction": "sol"}, {"faction": "hacan"}, {"faction": "sol"}]}"#,
        "players[2].faction",
        K::FactionTwice("sol".into(), 0),
    );
}

#[test]
fn rejects_bad_technologies() {
    let t = |list: &str| format!(r#"{{"players": [{{"faction": "sol", "technologies": [{list}]}}]}}"#);
    check(
        &t(r#""gravity_drive", "warp""#),
        "players[0].technologies[1]",
        K::UnknownId(IdKind::Technology, "warp".into()),
    );
    check(
        &t(r#""gravity_drive", "gravity_drive""#),
        "players[0].technologies[1]",
        K::Duplicate(IdKind::Technology, "gravity_drive".into()),
    );
    check(
        &t(r#""bioplasmosis""#),
        "players[0].technologies[0]",
        K::OtherFactionTechnology("bioplasmosis".into(), "arborec".into()),
    );
    check(
        &t(r#""infantry_ii""#),
        "players[0].technologies[0]",
        K::ReplacedTechnology("infantry_ii".into(), "spec_ops_ii".into()),
    );
    check(
        r#"{"players": [{"faction": "sol", "technologies": ["gravity_drive"], "exhausted_technologies": ["sarween_tools"]}]}"#,
        "players[0].exhausted_technologies[0]",
        K::ExhaustedNotOwned("sarween_tools".into()),
    );
    // Technology 18: the Nekro Virus may hold other factions' technologies.
    state(r#"{"players": [{"faction": "nekro", "technologies": ["bioplasmosis", "infantry_ii"]}]}"#);
}

#[test]
fn rejects_bad_planets() {
    check(
        r#"{"players": [{"faction": "sol", "planets": [{"id": "jord"}, {"id": "lodr"}]}]}"#,
        "players[0].planets[1].id",
        K::UnknownId(IdKind::Planet, "lodr".into()),
    );
    check(
        r#"{"players": [{"faction": "sol", "planets": [{"id": "jord"}, {"id": "jord"}]}]}"#,
        "players[0].planets[1].id",
        K::Duplicate(IdKind::Planet, "jord".into()),
    );
    check(
        r#"{"players": [{"faction": "hacan", "planets": [{"id": "jord"}]}, {"faction": "sol"}]}"#,
        "players[1].planets",
        K::PlanetControlledTwice("jord".into(), 0),
    );
    check(
        r#"{"players": [{"faction": "sol", "commodities": 5}]}"#,
        "players[0].commodities",
        K::CommoditiesAboveValue(5, 4),
    );
}

#[test]
fn rejects_bad_valefar_tokens() {
    let v = |f: &str, x: &str| format!(r#"{{"players": [{{"faction": "{f}", "valefar": {{"x": {x}}}}}]}}"#);
    check(
        &v("sol", r#""bioplasmosis""#),
        "players[0].valefar.x",
        K::ValefarCardNotOwned('x', "valefar_assimilator_x".into()),
    );
    check(
        &v("nekro", r#""gravity_drive""#),
        "players[0].valefar.x",
        K::ValefarTarget("gravity_drive".into(), "not a faction technology"),
    );
    check(
        &v("nekro", r#""valefar_assimilator_y""#),
        "players[0].valefar.x",
        K::ValefarTarget("valefar_assimilator_y".into(), "it is a Valefar Assimilator card"),
    );
    check(
        &v("nekro", r#""iihq_modernization""#),
        "players[0].valefar.x",
        K::ValefarTarget("iihq_modernization".into(), "its text forbids Valefar Assimilator tokens"),
    );
    check(
        r#"{"players": [{"faction": "nekro", "valefar": {"x": "bioplasmosis", "y": "bioplasmosis"}}]}"#,
        "players[0].valefar.y",
        K::ValefarTarget("bioplasmosis".into(), "a Valefar Assimilator token is already on it"),
    );
    check(&v("nekro", r#""nope""#), "players[0].valefar.x", K::UnknownId(IdKind::Technology, "nope".into()));
}

/// The reader's Valefar check is the engine's (`valefar::check_copy`): the reason printed is
/// the engine's error's.
fn valefar_reason(e: valefar::ValefarError) -> &'static str {
    e.reason(&c())
}

#[test]
fn technology_18_an_assimilated_card_in_nekros_play_area_carries_no_token() {
    let c = c();
    let so = c.tech("spec_ops_ii").unwrap();
    check(
        r#"{"players": [{"faction": "nekro",
            "technologies": ["valefar_assimilator_x", "valefar_assimilator_y", "spec_ops_ii"],
            "valefar": {"x": "spec_ops_ii"}}]}"#,
        "players[0].valefar.x",
        K::ValefarTarget("spec_ops_ii".into(), valefar_reason(valefar::ValefarError::AlreadyOwned(so))),
    );
}

#[test]
fn technology_19_nekro_copy_of_floating_factory_ii_lets_docks_stand_in_space() {
    let c = c();
    let nekro = |valefar: &str, units: &str| {
        format!(r#"{{"players": [{{"faction": "nekro", "valefar": {valefar}, "units": [{units}]}}]}}"#)
    };
    let in_space = r#"{"unit": "space_dock", "system": "08"}"#;
    let on_planet = r#"{"unit": "space_dock", "planet": "mordaiii"}"#;
    // With X on Floating Factory II: a dock in the space area, and another still on a planet.
    let s = state(&nekro(r#"{"x": "floating_factory_ii"}"#, &format!("{in_space}, {on_planet}")));
    assert!(technology::docks_may_stand_in_space(&c, &s, Player(0)));
    assert_eq!(s.count_at(Location::Space(0), UnitType::SpaceDock), 1);
    assert_eq!(s.count_at(Location::Planet(0, 0), UnitType::SpaceDock), 1);
    assert_round_trip(&s);
    // Y works alike; and a Nekro that owns the card (Technology 18) keeps the allowance.
    state(&nekro(r#"{"y": "floating_factory_ii"}"#, in_space));
    let owned = r#"{"players": [{"faction": "nekro", "technologies": ["floating_factory_ii"],
        "units": [{"unit": "space_dock", "system": "08"}]}]}"#;
    assert!(technology::docks_may_stand_in_space(&c, &state(owned), Player(0)));
    // Without the copy, docks stand on planets; another copy does not help.
    let p = "players[0].units[0]";
    check(&nekro("{}", in_space), p, K::WrongArea("space_dock".into(), "a planet"));
    check(&nekro(r#"{"x": "spec_ops_ii"}"#, in_space), p, K::WrongArea("space_dock".into(), "a planet"));
    // The Saar's sheet dock floats: theirs stand only in space, with or without the upgrade.
    let saar = |techs: &str, unit: &str| {
        format!(r#"{{"players": [{{"faction": "saar", "technologies": [{techs}], "units": [{unit}]}}]}}"#)
    };
    state(&saar("", r#"{"unit": "space_dock", "system": "11"}"#));
    state(&saar(r#""floating_factory_ii""#, r#"{"unit": "space_dock", "system": "11"}"#));
    check(
        &saar(r#""floating_factory_ii""#, r#"{"unit": "space_dock", "planet": "ragh"}"#),
        &format!("{p}.planet"),
        K::WrongArea("space_dock".into(), "the space area"),
    );
}

#[test]
fn technology_21_two_copied_upgrades_of_one_unit_type_cannot_coexist() {
    let both =
        |x: &str, y: &str| format!(r#"{{"players": [{{"faction": "nekro", "valefar": {{"x": "{x}", "y": "{y}"}}}}]}}"#);
    let reason = valefar_reason(valefar::ValefarError::MustUseToken(valefar::Token::X));
    // Spec Ops II (Sol) and Letani Warrior II (Arborec) both upgrade infantry: the second copy
    // would have replaced the first on the X token.
    check(
        &both("spec_ops_ii", "letani_warrior_ii"),
        "players[0].valefar.y",
        K::ValefarTarget("letani_warrior_ii".into(), reason),
    );
    check(
        &both("exotrireme_ii", "super_dreadnought_ii"),
        "players[0].valefar.y",
        K::ValefarTarget("super_dreadnought_ii".into(), reason),
    );
    assert!(reason.contains("Technology 21"), "{reason}");
    // Upgrades of two unit types, or an upgrade and another technology, may be copied together.
    let s = state(&both("spec_ops_ii", "exotrireme_ii"));
    assert_round_trip(&s);
    state(&both("spec_ops_ii", "bioplasmosis"));
}

#[test]
fn iihq_modernization_owner_controls_custodia_vigilia() {
    let keleres = |planets: &str| {
        format!(
            r#"{{"players": [{{"faction": "keleres", "technologies": ["iihq_modernization"], "planets": [{planets}]}}]}}"#
        )
    };
    let missing = K::CustodiaVigiliaMissing("custodiavigilia".into());
    check(&keleres(""), "players[0].planets", missing.clone());
    check(&keleres(r#"{"id": "mollprimusk"}"#), "players[0].planets", missing.clone());
    check(
        r#"{"players": [{"faction": "keleres", "technologies": ["iihq_modernization"]}]}"#,
        "players[0].planets",
        missing.clone(),
    );
    // Held by another seat: the owner of the technology lacks it.
    check(
        r#"{"players": [{"faction": "sol", "planets": [{"id": "jord"}, {"id": "custodiavigilia"}]},
                        {"faction": "keleres", "technologies": ["iihq_modernization"], "planets": []}]}"#,
        "players[1].planets",
        missing,
    );
    let s = state(&keleres(r#"{"id": "custodiavigilia", "exhausted": true}"#));
    let c = c();
    assert_eq!(
        crate::ti4::elimination::cannot_be_eliminated(&c, &s, Player(0)),
        Some(crate::ti4::elimination::Immunity("custodia_vigilia"))
    );
    assert_round_trip(&s);
    assert!(!error(&keleres("")).to_string().contains('\n'));
}

#[test]
fn rejects_bad_command_tokens() {
    let t = |ct: &str| format!(r#"{{"players": [{{"faction": "sol", "command_tokens": {ct}}}]}}"#);
    check(
        &t(r#"{"tactic": 10, "fleet": 5, "systems": ["18"]}"#),
        "players[0].command_tokens",
        K::TooManyCommandTokens(18),
    );
    check(&t(r#"{"reinforcements": 7}"#), "players[0].command_tokens.reinforcements", K::ReinforcementsMismatch(7, 8));
    check(
        &t(r#"{"systems": ["18", "18"]}"#),
        "players[0].command_tokens.systems[1]",
        K::Duplicate(IdKind::System, "18".into()),
    );
    check(
        &t(r#"{"systems": ["x"]}"#),
        "players[0].command_tokens.systems[0]",
        K::UnknownId(IdKind::System, "x".into()),
    );
}

fn units(faction: &str, list: &str) -> String {
    format!(r#"{{"players": [{{"faction": "{faction}", "units": [{list}]}}]}}"#)
}

#[test]
fn rejects_bad_unit_entries() {
    let p = "players[0].units[0]";
    check(
        &units("sol", r#"{"unit": "tank", "system": "01"}"#),
        &format!("{p}.unit"),
        K::UnknownId(IdKind::UnitType, "tank".into()),
    );
    check(&units("sol", r#"{"unit": "infantry"}"#), p, K::NoLocation);
    check(
        &units("sol", r#"{"unit": "infantry", "planet": "mirage"}"#),
        &format!("{p}.planet"),
        K::PlanetNotOnTile("mirage".into()),
    );
    check(
        &units("sol", r#"{"unit": "infantry", "planet": "jord", "system": "18"}"#),
        &format!("{p}.system"),
        K::SystemMismatch("jord".into(), "01".into(), "18".into()),
    );
    check(&units("sol", r#"{"unit": "infantry", "count": 0, "planet": "jord"}"#), &format!("{p}.count"), K::ZeroCount);
    check(
        &units("sol", r#"{"unit": "infantry", "count": 1, "damaged": 2, "planet": "jord"}"#),
        &format!("{p}.damaged"),
        K::DamagedAboveCount(2, 1),
    );
    check(
        &units("sol", r#"{"unit": "infantry", "damaged": 1, "planet": "jord"}"#),
        &format!("{p}.damaged"),
        K::NoSustainDamage("infantry".into()),
    );
    check(
        &units("sol", r#"{"unit": "carrier", "planet": "jord"}"#),
        &format!("{p}.planet"),
        K::WrongArea("carrier".into(), "the space area"),
    );
    check(&units("sol", r#"{"unit": "pds", "system": "01"}"#), p, K::WrongArea("pds".into(), "a planet"));
    check(&units("sol", r#"{"unit": "space_dock", "system": "01"}"#), p, K::WrongArea("space_dock".into(), "a planet"));
    check(
        &units("saar", r#"{"unit": "space_dock", "planet": "ragh"}"#),
        &format!("{p}.planet"),
        K::WrongArea("space_dock".into(), "the space area"),
    );
    check(
        &units("sol", r#"{"unit": "war_sun", "system": "01"}"#),
        &format!("{p}.unit"),
        K::NoSuchUnit("war_sun".into()),
    );
    check(
        &units("sol", r#"{"unit": "carrier", "system": "zz"}"#),
        &format!("{p}.system"),
        K::UnknownId(IdKind::System, "zz".into()),
    );
}

#[test]
fn rejects_units_beyond_component_limits() {
    check(
        &units(
            "hacan",
            r#"{"unit": "carrier", "count": 3, "system": "16"}, {"unit": "carrier", "count": 2, "system": "18"}"#,
        ),
        "players[0].units[1].count",
        K::ComponentLimit("carrier".into(), 5, 4),
    );
    check(
        &units("hacan", r#"{"unit": "dreadnought", "count": 6, "system": "16"}"#),
        "players[0].units[0].count",
        K::ComponentLimit("dreadnought".into(), 6, 5),
    );
}

#[test]
fn rejects_units_that_share_a_place_with_another_player() {
    check(
        r#"{"players": [{"faction": "sol", "units": [{"unit": "carrier", "system": "18"}]},
                        {"faction": "hacan", "units": [{"unit": "cruiser", "system": "18"}]}]}"#,
        "players[1].units[0].system",
        K::Occupied(Place::Space("18".into()), 0),
    );
    check(
        r#"{"players": [{"faction": "sol"}, {"faction": "hacan", "units": [{"unit": "infantry", "planet": "jord"}]}]}"#,
        "players[1].units[0].planet",
        K::PlanetOfOther("jord".into(), 0),
    );
    check(
        r#"{"players": [{"faction": "sol", "units": [{"unit": "infantry", "planet": "mr"}]},
                        {"faction": "hacan", "units": [{"unit": "infantry", "planet": "mr"}]}]}"#,
        "players[1].units[0].planet",
        K::Occupied(Place::Planet("mr".into()), 0),
    );
}

#[test]
fn rejects_eliminated_players_with_things_on_the_board() {
    check(
        r#"{"players": [{"faction": "sol"}, {"faction": "hacan", "eliminated": true, "planets": [{"id": "jord"}]}]}"#,
        "players[1].planets[0].id",
        K::PlanetControlledTwice("jord".into(), 0),
    );
    check(
        r#"{"players": [{"faction": "hacan", "eliminated": true, "planets": [{"id": "lodor"}]}]}"#,
        "players[0].planets",
        K::EliminatedHolds("planets"),
    );
    check(
        r#"{"players": [{"faction": "hacan", "eliminated": true, "units": [{"unit": "carrier", "system": "18"}]}]}"#,
        "players[0].units",
        K::EliminatedHolds("units on the board"),
    );
    check(
        r#"{"players": [{"faction": "hacan", "eliminated": true, "command_tokens": {"systems": ["18"]}}]}"#,
        "players[0].command_tokens.systems",
        K::EliminatedHolds("command tokens on the board"),
    );
    // An eliminated seat's planets default to none.
    let s = state(r#"{"players": [{"faction": "hacan", "eliminated": true}]}"#);
    assert!(s.player(Player(0)).planets.is_empty());
}

#[test]
fn error_messages_are_one_line_with_the_path() {
    let e = error(r#"{"players": [{"faction": "sol", "planets": [{"id": "jord"}, {"id": "lodr"}]}]}"#);
    assert_eq!(e.to_string(), "players[0].planets[1].id: unknown planet 'lodr'");
}

const COMPONENTS: &str = r#"{"round": 4, "speaker": "hacan",
  "players": [
    {"faction": "sol", "action_cards": ["direct_hit", "sabotage"], "agendas": ["minister_of_war"],
     "secret_objectives": {"hand": ["cut_supply_lines"], "scored": ["become_the_gatekeeper"]},
     "leaders": {"sol_commander": "unlocked", "sol_hero": "purged"}, "bonus_victory_points": 1},
    {"faction": "mahact", "held_command_tokens": ["sol", "naalu"],
     "captured": [{"of": "sol", "unit": "carrier"}]},
    {"faction": "naalu", "eliminated": true, "standing": {"order": 1, "round": 3, "by": "sol", "victory_points": 2}},
    {"faction": "titans"},
    {"faction": "hacan"}],
  "strategy_cards": [{"card": "leadership", "holder": "sol", "exhausted": true},
                     {"card": "trade", "trade_goods": 2}],
  "action_cards": {"discard": ["direct_hit"], "removed": ["veto"]},
  "agendas": {"laws": ["fleet_regulations"], "discard": ["mutiny"]},
  "public_objectives": [{"id": "corner_the_market", "scored_by": ["sol", "hacan"]},
                        {"id": "develop_weaponry", "revealed": false}],
  "promissory_notes": [{"note": "ceasefire", "of": "sol", "location": "hand", "holder": "hacan"},
                       {"note": "support_for_the_throne", "of": "hacan", "location": "play_area", "holder": "sol"}],
  "naalu_zero": {"holder": "sol", "leaves_after_status_phase": true},
  "attachments": {"terraform": "jord", "geoform": "elysium"},
  "sleeper_tokens": {"owner": "titans", "planets": ["mr", "jord"]},
  "creuss_wormholes": {"alpha": "01"}}"#;

#[test]
fn reads_every_component_section() {
    use crate::ti4::components::{victory_points, LeaderState, StrategyCard, Zone};
    use crate::ti4::factions::ZeroToken;
    let c = c();
    let s = state(COMPONENTS);
    let (sol, mahact, naalu, titans, hacan) = (Player(0), Player(1), Player(2), Player(3), Player(4));
    assert_eq!((s.round, s.tokens.speaker), (4, Some(hacan)));
    let k = &c.cards;
    assert_eq!(s.action_cards.count(k.action_copies.len(), Zone::Hand(sol)), 2);
    assert_eq!(s.action_cards.count(k.action_copies.len(), Zone::Discard), 1);
    assert_eq!(s.agendas.get(k.agenda("minister_of_war").unwrap().idx()), Zone::PlayArea(sol));
    assert_eq!(s.agendas.get(k.agenda("fleet_regulations").unwrap().idx()), Zone::Law);
    assert_eq!(s.agendas.get(k.agenda("core_mining").unwrap().idx()), Zone::Removed, "set aside by PoK");
    assert_eq!(victory_points(&c, &s, sol), 1 + 1 + 1, "a stage I, a secret, a bonus point");
    let leadership = StrategyCard::parse("leadership").unwrap();
    assert!(s.strategy_cards.is_exhausted(leadership) && s.strategy_cards.holder(leadership) == Some(sol));
    assert_eq!(s.strategy_cards.trade_goods(StrategyCard::parse("trade").unwrap()), 2);
    assert_eq!(s.factions.held_tokens(mahact), 0b101);
    assert_eq!(s.player(sol).token_reinforcements, 16 - 8 - 1, "one token on the Mahact sheet");
    assert_eq!(s.captured.held(mahact, sol, UnitType::Carrier), 1);
    assert_eq!(s.player(naalu).standing.by, Some(sol));
    assert_eq!((s.factions.zero_token(), s.factions.zero_token_leaves()), (ZeroToken::Held(sol), true));
    let terraform = k.seat_notes[s.player(titans).faction.idx()].iter().position(|&n| Some(n) == c.known.terraform);
    assert_eq!(s.notes.get(titans, terraform.unwrap()), Zone::Attached);
    let mahact_alliance =
        k.seat_notes[s.player(mahact).faction.idx()].iter().position(|&n| Some(n) == c.known.alliance);
    assert_eq!(s.notes.get(mahact, mahact_alliance.unwrap()), Zone::Removed, "Hubris");
    assert_eq!(s.leaders.get(sol, 1), LeaderState::Unlocked);
    assert_eq!(s.factions.wormhole_tokens(), [s.slot_of(c.system("01").unwrap()), None]);
    assert_eq!(s.factions.sleepers().of(titans).len(), 2);
    assert!(s.factions.sleepers().planets.contains(c.planet("jord").unwrap()));
    assert_round_trip(&s);
}

#[test]
fn rejects_bad_component_sections() {
    use super::IdKind as I;
    let two = |extra: &str| format!(r#"{{"players": [{{"faction": "sol"}}, {{"faction": "hacan"}}], {extra}}}"#);
    let sol = |field: &str| format!(r#"{{"players": [{{"faction": "sol", {field}}}, {{"faction": "hacan"}}]}}"#);
    check(
        &sol(r#""action_cards": ["sabotaje"]"#),
        "players[0].action_cards[0]",
        K::UnknownId(I::ActionCard, "sabotaje".into()),
    );
    check(
        &two(r#""action_cards": {"discard": ["veto", "veto"]}"#),
        "action_cards.discard[1]",
        K::TooManyCopies("veto".into(), 1),
    );
    check(
        &two(r#""agendas": {"laws": ["mutiny"], "discard": ["mutiny"]}"#),
        "agendas.discard[0]",
        K::CardTwice(I::Agenda, "mutiny".into()),
    );
    check(
        &two(r#""public_objectives": [{"id": "corner_the_market", "revealed": false, "scored_by": ["sol"]}]"#),
        "public_objectives[0].scored_by[0]",
        K::ScoredNotRevealed("corner_the_market".into()),
    );
    check(
        &two(r#""promissory_notes": [{"note": "ceasefire", "location": "hand", "holder": "sol"}]"#),
        "promissory_notes[0].of",
        K::NoteOwner("ceasefire".into(), "a generic note needs 'of' (its owner)"),
    );
    check(
        &two(r#""promissory_notes": [{"note": "ceasefire", "of": "sol", "location": "pocket", "holder": "sol"}]"#),
        "promissory_notes[0].location",
        K::BadValue("pocket".into(), "hand, play_area, attached, removed"),
    );
    check(
        &sol(r#""leaders": {"hacan_agent": "unlocked"}"#),
        "players[0].leaders.hacan_agent",
        K::OtherFactionLeader("hacan_agent".into(), "hacan".into()),
    );
    check(
        &two(r#""strategy_cards": [{"card": "trade", "holder": "sol", "trade_goods": 1}]"#),
        "strategy_cards[0].trade_goods",
        K::StrategyCardMisplaced("trade goods lie only on cards in the common play area"),
    );
    check(&sol(r#""held_command_tokens": ["sol"]"#), "players[0].held_command_tokens[0]", K::OwnCommandToken);
    check(
        &sol(r#""captured": [{"of": "hacan", "unit": "flagship", "count": 2}]"#),
        "players[0].captured[0].count",
        K::CapturedAboveSupply("flagship".into(), 2, 1),
    );
    check(
        &two(r#""attachments": {"terraform": "jord"}"#),
        "attachments.terraform",
        K::Attachment("no seated player owns the Terraform note"),
    );
    check(&two(r#""speaker": "xxcha""#), "speaker", K::NotSeated("xxcha".into()));
    check(
        &two(r#""sleeper_tokens": {"planets": ["jord"]}"#),
        "sleeper_tokens.owner",
        K::BadValue("null".into(), "the faction whose sleeper tokens they are"),
    );
    check(
        &two(r#""sleeper_tokens": {"owner": "sol", "planets": ["jord", "jord"]}"#),
        "sleeper_tokens.planets[1]",
        K::BadValue("jord".into(), "a planet listed once"),
    );
    check(
        &two(r#""sleeper_tokens": {"owner": "sol", "planets": []}"#),
        "sleeper_tokens.planets",
        K::BadValue("[]".into(), "the planets with the owner's tokens"),
    );
    let gone = |field: &str| {
        format!(r#"{{"players": [{{"faction": "sol", "eliminated": true, {field}}}, {{"faction": "hacan"}}]}}"#)
    };
    check(&gone(r#""action_cards": ["veto"]"#), "players[0].action_cards", K::EliminatedHolds("action cards"));
    check(&gone(r#""technologies": ["gravity_drive"]"#), "players[0].technologies", K::EliminatedHolds("technologies"));
    check(
        &gone(r#""command_tokens": {"tactic": 1, "fleet": 0, "strategy": 0}"#),
        "players[0].command_tokens",
        K::EliminatedHolds("command tokens"),
    );
    check(&gone(r#""trade_goods": 2"#), "players[0].trade_goods", K::EliminatedHolds("trade goods or commodities"));
    check(
        &gone(r#""bonus_victory_points": 1"#),
        "players[0].bonus_victory_points",
        K::EliminatedHolds("victory points"),
    );
    check(
        r#"{"players": [{"faction": "sol", "eliminated": true}, {"faction": "hacan"}], "speaker": "sol"}"#,
        "speaker",
        K::NotInGame("sol".into()),
    );
    check(
        r#"{"players": [{"faction": "sol", "standing": {"order": 1}}]}"#,
        "players[0].standing",
        K::BadValue("a standing".into(), "null for a player in the game"),
    );
    // Two standings with the same order: the conservation check catches what no field check does.
    let e = error(
        r#"{"players": [{"faction": "sol", "eliminated": true, "standing": {"order": 1}},
                        {"faction": "hacan", "eliminated": true, "standing": {"order": 1}}, {"faction": "xxcha"}]}"#,
    );
    assert!(matches!(e.kind, K::Inconsistent(_)), "{e}");
}

/// `crimson_breaches`: the systems holding an active and an inactive breach (Incursion; the
/// Crimson Rebellion's tokens), read, written back, and refused on a system off the board or a
/// system holding one already.
#[test]
fn crimson_breaches_round_trip_and_reject_bad_systems() {
    let with = |b: &str| {
        format!(
            r#"{{"players": [{{"faction": "sol", "units": [{{"unit": "carrier", "system": "01"}},
                {{"unit": "carrier", "system": "19"}}]}}], "crimson_breaches": {b}}}"#
        )
    };
    let c = c();
    let s = state(&with(r#"{"active": ["01"], "inactive": ["19"]}"#));
    let slot = |k: &str| s.slot_of(c.system(k).unwrap()).unwrap();
    assert_eq!((s.factions.active_breaches(), s.factions.inactive_breaches()), (1 << slot("01"), 1 << slot("19")));
    assert_round_trip(&s);
    check(
        &with(r#"{"active": ["01"], "inactive": ["01"]}"#),
        "crimson_breaches.inactive[0]",
        K::BadValue("01".into(), "a system without a breach, at most 6 breaches in all"),
    );
    check(
        &with(r#"{"active": ["20"]}"#),
        "crimson_breaches.active[0]",
        K::BadValue("20".into(), "a system on the board"),
    );
}
