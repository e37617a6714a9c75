//! Elimination tests, named after the clause they check (`elimination_<clause>`), plus a seeded
//! random test that eliminates players from thousands of random positions with conservation
//! intact and the condition checked against a plain reference.

use super::*;
use crate::ti4::components::{victory_points, LeaderState, PublicState, StrategyCard, Zone};
use crate::ti4::content::Content;
use crate::ti4::control::{self, ControlError};
use crate::ti4::factions::ZeroToken;
use crate::ti4::position::state_from_json;
use crate::ti4::state::{Location, State};
use crate::ti4::technology::{self, valefar};
use rand::{RngExt, SeedableRng};
use std::sync::Arc;

fn c() -> Arc<Content> {
    Content::embedded()
}

fn state(json: &str) -> State {
    let s = state_from_json(&c(), json).unwrap_or_else(|e| panic!("position rejected: {e}"));
    conserved(&s);
    s
}

fn conserved(s: &State) {
    if let Err(e) = conservation::check(&c(), s) {
        panic!("conservation broken: {e}");
    }
}

const P0: Player = Player(0);
const P1: Player = Player(1);
const P2: Player = Player(2);
const P3: Player = Player(3);

/// Slot of the Terraform note / a leader of `p`.
fn note_slot(c: &Content, s: &State, owner: Player, key: &str) -> usize {
    let n = c.cards.note(key).unwrap();
    c.cards.seat_notes[s.player(owner).faction.idx()].iter().position(|&m| m == n).unwrap()
}
fn leader_slot(c: &Content, s: &State, p: Player, key: &str) -> usize {
    let l = c.cards.leader(key).unwrap();
    c.cards.seat_leaders[s.player(p).faction.idx()].iter().position(|&m| m == l).unwrap()
}

// ---- The condition ------------------------------------------------------------------------

#[test]
fn elimination_conditions_all_three_must_hold() {
    let c = c();
    let s = state(
        r#"{"players": [
            {"faction": "sol", "planets": [{"id": "jord"}]},
            {"faction": "hacan", "planets": [], "units": [{"unit": "carrier", "system": "18"},
                                                          {"unit": "infantry", "count": 2, "system": "18"}]},
            {"faction": "letnev", "planets": [], "units": [{"unit": "space_dock", "planet": "arcprime"}]},
            {"faction": "xxcha", "planets": [], "units": [{"unit": "dreadnought", "system": "19"}]}]}"#,
    );
    assert!(!meets_conditions(&c, &s, P0), "a planet keeps a player in");
    assert!(!meets_conditions(&c, &s, P1), "transported infantry are ground forces on the board");
    assert!(!meets_conditions(&c, &s, P2), "a space dock has PRODUCTION");
    assert!(meets_conditions(&c, &s, P3), "ships without PRODUCTION do not keep a player in");
    let mut s = s;
    assert_eq!(check_elimination(&c, &mut s), PlayerSet::single(P3));
    assert!(!s.player(P3).in_game);
    conserved(&s);
}

#[test]
fn elimination_condition_saar_floating_factory_in_space_has_production() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "saar", "planets": [], "units": [{"unit": "space_dock", "system": "19"}]}]}"#,
    );
    assert!(!meets_conditions(&c, &s, P0));
    let slot = s.slot_of(c.system("19").unwrap()).unwrap();
    assert_eq!(destroy_units(&c, &mut s, Location::Space(slot), UnitType::SpaceDock, 1, None), Ok((P0, true)));
    conserved(&s);
}

#[test]
fn elimination_condition_arborec_letani_warriors_have_production_flagship_does_not() {
    let c = c();
    let s = state(
        r#"{"players": [
            {"faction": "arborec", "planets": [], "units": [{"unit": "flagship", "system": "18"}]},
            {"faction": "sol", "planets": [], "units": [{"unit": "flagship", "system": "19"}]}]}"#,
    );
    assert!(meets_conditions(&c, &s, P0), "the Arborec flagship's placing text is not PRODUCTION");
    let arborec = c.faction("arborec").unwrap();
    let (ground, production) = unit_masks(&c, arborec, TechSet::EMPTY);
    assert_eq!(ground & production & (1 << UnitType::Infantry.idx()), 1 << UnitType::Infantry.idx());
    assert_eq!(production_units(&c, &s, P0), 0);
}

#[test]
fn elimination_condition_titans_hel_titans_are_ground_forces_with_production() {
    let c = c();
    let s = state(
        r#"{"players": [{"faction": "titans", "planets": [], "units": [{"unit": "pds", "planet": "elysium"}]}]}"#,
    );
    assert!(!meets_conditions(&c, &s, P0));
    assert_eq!((ground_forces(&s, P0), production_units(&c, &s, P0)), (1, 1));
}

#[test]
fn elimination_condition_muaat_magmus_reactor_supernova_is_production() {
    let c = c();
    let with = r#"{"players": [{"faction": "muaat", "technologies": ["magmus_reactor"], "planets": [],
                    "units": [{"unit": "carrier", "system": "43"}]}]}"#;
    let s = state(with);
    assert!(!meets_conditions(&c, &s, P0), "a supernova with Muaat units produces under Magmus Reactor");
    assert_eq!(production_units(&c, &s, P0), 1);
    let s = state(&with.replace("\"magmus_reactor\"", "\"plasma_scoring\""));
    assert!(meets_conditions(&c, &s, P0));
    let s = state(&with.replace("\"43\"", "\"19\""));
    assert!(meets_conditions(&c, &s, P0), "outside a supernova the reactor gives no PRODUCTION");
}

#[test]
fn elimination_masks_follow_technology_changes() {
    let c = c();
    // A Nekro PDS is a structure without PRODUCTION — until Nekro copies Hel-Titan II.
    let mut s = state(
        r#"{"players": [
            {"faction": "nekro", "planets": [], "units": [{"unit": "pds", "planet": "lodor"}]},
            {"faction": "titans", "technologies": ["hel_titan_ii"]}]}"#,
    );
    assert!(meets_conditions(&c, &s, P0));
    let ht = c.tech("hel_titan_ii").unwrap();
    valefar::place_token(&c, &mut s, P0, valefar::Token::X, P1, ht).unwrap();
    assert!(!meets_conditions(&c, &s, P0), "the copied Hel-Titan makes the PDS a ground force with PRODUCTION");
    conserved(&s);
    valefar::remove_token(&c, &mut s, P0, valefar::Token::X).unwrap();
    assert!(meets_conditions(&c, &s, P0));
    // Research changes the masks too (War Sun gives a unit; Letani Warrior II keeps PRODUCTION).
    let mut s = state(r#"{"players": [{"faction": "hacan", "technologies": []}]}"#);
    technology::gain(&c, &mut s, P0, c.tech("war_sun").unwrap()).unwrap();
    conserved(&s);
}

#[test]
fn elimination_valefar_losing_production_units_eliminates_nekro() {
    let c = c();
    let mut s = state(
        r#"{"systems": ["19"], "players": [{"faction": "nekro", "planets": []},
                                          {"faction": "saar", "technologies": ["floating_factory_ii"]}]}"#,
    );
    let ff = c.tech("floating_factory_ii").unwrap();
    valefar::place_token(&c, &mut s, P0, valefar::Token::X, P1, ff).unwrap();
    // With the copy, a Nekro space dock floats in space: its only PRODUCTION unit.
    s.add_units(P0, Location::Space(0), UnitType::SpaceDock, 1).unwrap();
    assert!(!meets_conditions(&c, &s, P0));
    let r = valefar::remove_token(&c, &mut s, P0, valefar::Token::X).unwrap();
    assert_eq!(r.docks_returned, 1);
    assert!(r.eliminated && !s.player(P0).in_game, "its last PRODUCTION unit went back: Nekro is eliminated");
    conserved(&s);
}

// ---- General rules ------------------------------------------------------------------------

const TWO: &str = r#"{"players": [
    {"faction": "sol", "planets": [],
     "units": [{"unit": "carrier", "count": 2, "system": "18"}, {"unit": "fighter", "count": 3, "system": "18"}],
     "command_tokens": {"tactic": 2, "fleet": 3, "strategy": 1, "systems": ["18", "19"]},
     "trade_goods": 0, "action_cards": ["sabotage", "direct_hit", "direct_hit"],
     "agendas": ["minister_of_war"],
     "secret_objectives": {"hand": ["cut_supply_lines"], "scored": ["become_the_gatekeeper"]},
     "leaders": {"sol_commander": "unlocked"}},
    {"faction": "hacan"}],
  "strategy_cards": [{"card": "leadership", "holder": "sol", "exhausted": true},
                     {"card": "trade", "holder": "hacan"}],
  "promissory_notes": [
    {"note": "trade_convoys", "location": "hand", "holder": "sol"},
    {"note": "support_for_the_throne", "of": "hacan", "location": "play_area", "holder": "sol"},
    {"note": "ceasefire", "of": "sol", "location": "hand", "holder": "hacan"},
    {"note": "support_for_the_throne", "of": "sol", "location": "play_area", "holder": "hacan"}],
  "agendas": {"laws": ["fleet_regulations"]}}"#;

fn two() -> (State, Elimination) {
    let c = c();
    let mut s = state(TWO);
    assert!(meets_conditions(&c, &s, P0));
    let e = eliminate(&c, &mut s, P0, Some(P1)).unwrap();
    conserved(&s);
    (s, e)
}

#[test]
fn elimination_units_tokens_notes_technologies_sheets_to_box() {
    let c = c();
    let before = state(TWO);
    let (s, e) = two();
    let ps = s.player(P0);
    assert!(!ps.in_game);
    assert_eq!(ps.on_board, [0; UNIT_TYPES], "units on the board are boxed");
    assert_eq!(ps.reinforcements, [0; UNIT_TYPES], "including those in reinforcements");
    let units: u32 = before.player(P0).reinforcements.iter().map(|&n| n as u32).sum::<u32>() + 5;
    assert_eq!(e.units_boxed, units);
    assert_eq!((ps.tactic, ps.fleet, ps.strategy, ps.token_reinforcements), (0, 0, 0, 0));
    assert!((0..s.num_systems).all(|i| s.systems[i as usize].tokens & 1 == 0), "command tokens leave the board");
    assert_eq!(e.tokens_boxed, 16);
    assert!(ps.techs.is_empty() && ps.exhausted_techs.is_empty(), "technologies are boxed");
    assert_eq!(e.technologies_boxed, before.player(P0).techs.len() as u8);
    assert!(ps.planets.is_empty(), "control tokens: no planet is controlled");
    let sol = &c.cards.seat_leaders[ps.faction.idx()];
    assert!((0..sol.len()).all(|k| s.leaders.get(P0, k) == LeaderState::Removed), "the faction sheet's leaders");
    assert!(
        (0..c.cards.seat_notes[ps.faction.idx()].len()).all(|k| s.notes.get(P0, k) == Zone::Removed),
        "promissory notes"
    );
}

#[test]
fn elimination_agenda_cards_owned_are_discarded() {
    let c = c();
    let (s, e) = two();
    let mow = c.cards.agenda("minister_of_war").unwrap();
    assert_eq!(s.agendas.get(mow.idx()), Zone::Discard);
    assert_eq!(e.agendas_discarded, 1);
    let law = c.cards.agenda("fleet_regulations").unwrap();
    assert_eq!(s.agendas.get(law.idx()), Zone::Law, "laws nobody owns stay in play");
}

#[test]
fn elimination_other_players_notes_return() {
    let c = c();
    let (s, e) = two();
    assert_eq!(e.notes_returned, 2);
    for key in ["trade_convoys", "support_for_the_throne"] {
        assert_eq!(s.notes.get(P1, note_slot(&c, &s, P1, key)), Zone::Hand(P1), "{key} back to Hacan's hand");
    }
}

#[test]
fn elimination_action_cards_discarded() {
    let c = c();
    let (s, e) = two();
    assert_eq!(e.action_cards_discarded, 3);
    let n = c.cards.action_copies.len();
    assert_eq!(s.action_cards.count(n, Zone::Hand(P0)), 0);
    assert_eq!(s.action_cards.count(n, Zone::Discard), 3);
}

#[test]
fn elimination_strategy_cards_return_to_common_area() {
    let (s, e) = two();
    let leadership = StrategyCard::parse("leadership").unwrap();
    assert_eq!(e.strategy_cards_returned, 1);
    assert_eq!(s.strategy_cards.holder(leadership), None);
    assert!(!s.strategy_cards.is_exhausted(leadership), "back as an unchosen card");
    assert_eq!(s.strategy_cards.holder(StrategyCard::parse("trade").unwrap()), Some(P1));
}

#[test]
fn elimination_own_notes_boxed_even_when_held_or_in_play() {
    let c = c();
    let (s, e) = two();
    assert_eq!(s.notes.get(P0, note_slot(&c, &s, P0, "ceasefire")), Zone::Removed, "held by Hacan");
    assert_eq!(s.notes.get(P0, note_slot(&c, &s, P0, "support_for_the_throne")), Zone::Removed, "in play");
    assert_eq!(e.own_notes_boxed as usize, c.cards.seat_notes[s.player(P0).faction.idx()].len());
}

#[test]
fn elimination_secret_objectives_shuffled_back_scored_or_not() {
    let c = c();
    let before = state(TWO);
    assert_eq!(victory_points(&c, &before, P0), 1);
    let hacan_vp = victory_points(&c, &before, P1);
    let (s, e) = two();
    assert_eq!(e.secrets_returned, 2);
    for key in ["cut_supply_lines", "become_the_gatekeeper"] {
        assert_eq!(s.secret_objectives.get(c.cards.secret_objective(key).unwrap().idx()), Zone::Deck);
    }
    assert_eq!(victory_points(&c, &s, P0), 0, "points derive from what is scored");
    assert_eq!(s.player(P0).standing.victory_points, 1, "the standing keeps the final score");
    assert_eq!(victory_points(&c, &s, P1), hacan_vp);
}

#[test]
fn elimination_speaker_passes_left() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "sol"}, {"faction": "hacan"}, {"faction": "xxcha", "planets": []},
                        {"faction": "yin", "eliminated": true}, {"faction": "winnu"}], "speaker": "xxcha"}"#,
    );
    let e = eliminate(&c, &mut s, P2, None).unwrap();
    assert_eq!(e.new_speaker, Some(Player(4)), "skips the eliminated Yin on Xxcha's left");
    assert_eq!(s.tokens.speaker, Some(Player(4)));
    assert_eq!(next_in_game_left_of(&s, Player(4)), Some(P0), "wraps around the table");
    conserved(&s);
}

#[test]
fn elimination_five_player_game_keeps_one_strategy_card() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "sol"}, {"faction": "hacan"}, {"faction": "xxcha", "planets": []},
                        {"faction": "yin"}, {"faction": "winnu"}]}"#,
    );
    assert_eq!(strategy_cards_per_player(&s), 1);
    eliminate(&c, &mut s, P2, None).unwrap();
    assert_eq!(s.seats().filter(|&p| s.player(p).in_game).count(), 4);
    assert_eq!(strategy_cards_per_player(&s), 1, "started with five: still one card each");
    let four =
        state(r#"{"players": [{"faction": "sol"}, {"faction": "hacan"}, {"faction": "xxcha"}, {"faction": "yin"}]}"#);
    assert_eq!(strategy_cards_per_player(&four), 2);
}

#[test]
fn elimination_captured_units_return_to_owners() {
    let c = c();
    let mut s = state(
        r#"{"players": [
            {"faction": "cabal", "planets": [], "captured": [{"of": "hacan", "unit": "cruiser", "count": 2},
                                                            {"of": "sol", "unit": "carrier"}]},
            {"faction": "hacan"}, {"faction": "sol", "planets": []}]}"#,
    );
    let cruisers = s.player(P1).reinforcements[UnitType::Cruiser.idx()];
    // Sol goes first: its carrier stays captured (to the box when released).
    eliminate(&c, &mut s, P2, None).unwrap();
    assert_eq!(s.captured.held(P0, P2, UnitType::Carrier), 1);
    conserved(&s);
    let e = eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(e.captured_returned, 3);
    assert_eq!(s.player(P1).reinforcements[UnitType::Cruiser.idx()], cruisers + 2);
    assert_eq!(s.player(P2).reinforcements[UnitType::Carrier.idx()], 0, "an eliminated owner's unit goes to the box");
    assert_eq!(s.captured.captors().count(), 0);
    conserved(&s);
}

/// The Vuil'raith's own units on their own sheet (The Terror Between, Reanimator) go to the box
/// with them: "returned to the reinforcements of their original owners", who are eliminated.
#[test]
fn elimination_the_cabals_own_captured_units_go_to_the_box() {
    let c = c();
    let mut s = state(
        r#"{"players": [
            {"faction": "cabal", "planets": [], "captured": [{"of": "cabal", "unit": "infantry", "count": 3}]},
            {"faction": "hacan"}, {"faction": "sol"}]}"#,
    );
    assert_eq!(s.captured.held(P0, P0, UnitType::Infantry), 3);
    conserved(&s);
    let e = eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(e.captured_returned, 3);
    assert_eq!(s.player(P0).reinforcements[UnitType::Infantry.idx()], 0, "to the box");
    assert_eq!(s.captured.captors().count(), 0);
    conserved(&s);
}

// ---- Faction rules ------------------------------------------------------------------------

#[test]
fn elimination_nekro_assimilated_technology_stays_in_play() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "nekro", "valefar": {"x": "spec_ops_ii"}},
                        {"faction": "sol", "planets": [], "technologies": ["spec_ops_ii", "neural_motivator"]}]}"#,
    );
    let so = c.tech("spec_ops_ii").unwrap();
    let e = eliminate(&c, &mut s, P1, None).unwrap();
    assert_eq!(e.technologies_kept_by_nekro, 1);
    assert!(s.player(P0).techs.contains(so), "in Nekro's play area");
    assert_eq!(s.factions.valefar(P0), [None, None], "the token is free again");
    assert!(s.player(P1).techs.is_empty());
    conserved(&s);
}

#[test]
fn elimination_creuss_wormhole_tokens_stay_on_board() {
    let c = c();
    let mut s = state(
        r#"{"systems": ["18", "19"], "players": [{"faction": "ghost", "planets": []}, {"faction": "sol"}],
            "creuss_wormholes": {"alpha": "18", "beta": "19"}}"#,
    );
    let before = s.factions.wormhole_tokens();
    eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(s.factions.wormhole_tokens(), before);
    assert_eq!(before, [Some(0), Some(1)]);
    conserved(&s);
}

#[test]
fn elimination_naalu_zero_token_stays_until_end_of_status_phase() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "naalu", "planets": []}, {"faction": "sol"}],
            "naalu_zero": {"holder": "sol"}}"#,
    );
    eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(s.factions.zero_token(), ZeroToken::Held(P1), "Sol keeps it for now");
    let mut order = [P0; MAX_PLAYERS];
    assert_eq!((initiative_order(&s, &mut order), order[0]), (1, P1));
    conserved(&s);
    assert!(end_of_status_phase(&mut s));
    assert_eq!(s.factions.zero_token(), ZeroToken::Removed, "then it leaves play");
    conserved(&s);
    // Held by the Naalu player itself: it leaves with them.
    let mut s = state(
        r#"{"players": [{"faction": "naalu", "planets": []}, {"faction": "sol"}], "naalu_zero": {"holder": "naalu"}}"#,
    );
    eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(s.factions.zero_token(), ZeroToken::Removed);
    assert!(!end_of_status_phase(&mut s));
}

#[test]
fn elimination_titans_sleeper_tokens_go_to_the_box() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "titans", "planets": []}, {"faction": "sol", "planets": [{"id": "jord"}]}],
            "sleeper_tokens": {"owner": "titans", "planets": ["jord", "mr"]}}"#,
    );
    assert_eq!(s.factions.sleepers().planets.len(), 2);
    let e = eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(e.sleepers_boxed, 2, "Elimination: the faction's tokens go to the box with its sheet");
    assert_eq!(*s.factions.sleepers(), crate::ti4::factions::Sleepers::default());
    conserved(&s);
}

#[test]
fn elimination_titans_hero_and_terraform_attachments_stay() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "titans", "planets": []}, {"faction": "sol", "planets": [{"id": "jord"}, {"id": "elysium"}]}],
            "attachments": {"terraform": "jord", "geoform": "elysium"}}"#,
    );
    eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(s.notes.get(P0, note_slot(&c, &s, P0, "terraform")), Zone::Attached);
    assert_eq!(s.leaders.get(P0, leader_slot(&c, &s, P0, "titans_hero")), LeaderState::Attached);
    assert_eq!((s.factions.terraform(), s.factions.geoform()), (c.planet("jord"), c.planet("elysium")));
    conserved(&s);
}

#[test]
fn elimination_mahact_eliminated_returns_tokens_on_its_sheet() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "mahact", "planets": [], "held_command_tokens": ["sol", "hacan"]},
                        {"faction": "sol"}, {"faction": "hacan"}]}"#,
    );
    assert_eq!(s.player(P1).token_reinforcements, 7);
    let e = eliminate(&c, &mut s, P0, None).unwrap();
    assert_eq!(e.mahact_tokens_returned, 2);
    assert_eq!((s.player(P1).token_reinforcements, s.player(P2).token_reinforcements), (8, 8));
    conserved(&s);
}

#[test]
fn elimination_mahact_keeps_eliminated_players_token_and_commander() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "mahact", "held_command_tokens": ["sol", "hacan"]},
                        {"faction": "sol", "planets": [], "leaders": {"sol_commander": "unlocked"}},
                        {"faction": "hacan", "planets": []}]}"#,
    );
    assert!(can_use_commander(&c, &s, P0, P1));
    assert!(!can_use_commander(&c, &s, P0, P2), "Hacan's commander is locked");
    assert_eq!(check_elimination(&c, &mut s), [P1, P2].into_iter().collect());
    assert_eq!(s.factions.held_tokens(P0), 0b110, "the eliminated players' tokens stay in play");
    assert_eq!(s.leaders.get(P1, leader_slot(&c, &s, P1, "sol_commander")), LeaderState::Unlocked);
    assert!(can_use_commander(&c, &s, P0, P1), "Imperia still reaches Sol's commander");
    assert_eq!(s.leaders.get(P2, leader_slot(&c, &s, P2, "hacan_commander")), LeaderState::Removed);
    assert!(!can_use_commander(&c, &s, P1, P1), "an eliminated player uses nothing");
    conserved(&s);
}

// ---- Who cannot be eliminated -------------------------------------------------------------

#[test]
fn elimination_keleres_with_custodia_vigilia_cannot_be_eliminated() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "keleres", "technologies": [], "planets": [{"id": "archonrenk"}]},
                        {"faction": "sol"}]}"#,
    );
    let iihq = c.tech("iihq_modernization").unwrap();
    technology::gain(&c, &mut s, P0, iihq).unwrap();
    let cv = c.known.custodia_vigilia.unwrap();
    assert!(s.player(P0).planets.contains(cv), "I.I.H.Q. Modernization gives the Custodia Vigilia card");
    assert!(s.exhausted_planets.contains(cv), "gained exhausted");
    control::lose_control(&c, &mut s, P0, c.planet("archonrenk").unwrap()).unwrap();
    assert_eq!(control::lose_control(&c, &mut s, P0, cv), Err(ControlError::CannotLose(cv)));
    assert_eq!(control::gain_control(&c, &mut s, P1, cv, false), Err(ControlError::CannotLose(cv)));
    assert!(check_elimination(&c, &mut s).is_empty());
    assert_eq!(cannot_be_eliminated(&c, &s, P0), Some(Immunity("custodia_vigilia")));
    assert_eq!(explain::explain_elimination(&c, &s).players[0].cannot_be_eliminated, Some("custodia_vigilia"));
    conserved(&s);
}

#[test]
fn elimination_crimson_rebellion_sundered_keeps_its_home_planet() {
    let c = c();
    let mut s = state(r#"{"players": [{"faction": "crimson"}, {"faction": "sol"}]}"#);
    let home = s.planet_location(&c, c.planet("ahkcreuxx").unwrap()).unwrap();
    let Location::Planet(slot, _) = home else { unreachable!() };
    assert_eq!(place_units(&c, &mut s, P1, Location::Space(slot), UnitType::Carrier, 1), Ok(Placement::Destroyed));
    assert_eq!(place_units(&c, &mut s, P1, home, UnitType::Infantry, 2), Ok(Placement::Destroyed));
    assert!(s.is_empty_at(home), "nobody can land on Ahk Creuxx to take it");
    assert_eq!(place_units(&c, &mut s, P0, home, UnitType::Infantry, 1), Ok(Placement::Placed));
    assert_eq!(cannot_be_eliminated(&c, &s, P0), Some(Immunity("sundered")));
    assert!(check_elimination(&c, &mut s).is_empty());
    conserved(&s);
}

// ---- After elimination --------------------------------------------------------------------

#[test]
fn elimination_player_is_inert_and_skipped_in_turn_and_initiative_order() {
    let c = c();
    let mut s = state(
        r#"{"players": [{"faction": "sol"}, {"faction": "hacan", "planets": []}, {"faction": "xxcha"}],
            "strategy_cards": [{"card": "leadership", "holder": "hacan"}, {"card": "trade", "holder": "sol"},
                               {"card": "imperial", "holder": "xxcha"}], "round": 3}"#,
    );
    let mut order = [P0; MAX_PLAYERS];
    assert_eq!(initiative_order(&s, &mut order), 3);
    assert_eq!(&order[..3], &[P1, P0, P2]);
    eliminate(&c, &mut s, P1, Some(P2)).unwrap();
    assert!(!can_act(&s, P1));
    assert_eq!(initiative_order(&s, &mut order), 2);
    assert_eq!(&order[..2], &[P0, P2]);
    assert_eq!(next_in_game_left_of(&s, P0), Some(P2));
    let st = s.player(P1).standing;
    assert_eq!((st.order, st.round, st.by), (1, 3, Some(P2)), "final standing: first out, round 3, by Xxcha");
    assert_eq!(eliminate(&c, &mut s, P1, None), Err(EliminationError::NotInGame));
    let gd = c.tech("gravity_drive").unwrap();
    assert_eq!(technology::gain(&c, &mut s, P1, gd), Err(technology::TechError::NotInGame));
    assert_eq!(s.player(P1).faction, c.faction("hacan").unwrap(), "the record stays");
    eliminate(&c, &mut s, P0, None).unwrap_err();
    conserved(&s);
}

#[test]
fn elimination_refused_while_a_condition_fails() {
    let c = c();
    let mut s = state(r#"{"players": [{"faction": "sol"}]}"#);
    let before = s;
    assert_eq!(eliminate(&c, &mut s, P0, None), Err(EliminationError::ConditionsNotMet));
    assert_eq!(s, before);
}

#[test]
fn elimination_apply_output_reads_back() {
    let c = c();
    let mut s = state(TWO);
    check_elimination(&c, &mut s);
    let json = crate::ti4::position::state_to_json(&c, &s);
    assert_eq!(state_from_json(&c, &json).unwrap(), s);
}

// ---- Random positions ---------------------------------------------------------------------

/// The condition from the rules text, the slow way: scan the board with each unit's definition.
fn reference_meets_conditions(c: &Content, s: &State, p: Player) -> bool {
    let ps = s.player(p);
    if !ps.planets.is_empty() {
        return false;
    }
    let techs = valefar::effective_techs(c, s, p);
    let magmus = c.known.magmus_reactor.is_some_and(|m| techs.contains(m));
    for slot in 0..s.num_systems {
        for loc in std::iter::once(Location::Space(slot)).chain((0..3).map(|n| Location::Planet(slot, n))) {
            if s.occupant(loc) != Some(p) {
                continue;
            }
            if magmus && matches!(loc, Location::Space(_)) && c.supernovas.contains(s.systems[slot as usize].tile) {
                return false;
            }
            for t in UnitType::ALL {
                if s.count_at(loc, t) == 0 {
                    continue;
                }
                let Some(u) = c.effective_unit(ps.faction, t, techs) else { continue };
                if c.units[u.idx()].ground_force || c.units[u.idx()].production.is_some() {
                    return false;
                }
            }
        }
    }
    true
}

/// Strips player `p` of planets and of the units that keep them in the game, checking
/// elimination after each event as the round loop will. Planets go as an invasion would take
/// them: not a SUNDERED home planet (no invader can stand there), not Custodia Vigilia
/// (`lose_control` refuses).
fn strip(c: &Content, s: &mut State, p: Player, rng: &mut rand_chacha::ChaCha8Rng) -> PlayerSet {
    let mut out = PlayerSet::EMPTY;
    for pl in s.player(p).planets.iter() {
        if !sundered_protects(c, s, p, pl) && control::lose_control(c, s, p, pl).is_ok() {
            out = out.union(check_elimination(c, s));
        }
    }
    for slot in 0..s.num_systems {
        for loc in std::iter::once(Location::Space(slot)).chain((0..3).map(|n| Location::Planet(slot, n))) {
            if s.occupant(loc) != Some(p) {
                continue;
            }
            for t in UnitType::ALL {
                let n = s.count_at(loc, t);
                let keeps = (s.player(p).ground_types | s.player(p).production_types) >> t.idx() & 1 == 1;
                if n > 0 && (keeps || rng.random_bool(0.3)) {
                    if let Ok((owner, true)) = destroy_units(c, s, loc, t, n, None) {
                        out.insert(owner);
                    }
                }
            }
        }
    }
    out
}

#[test]
fn elimination_random_positions_conserve_every_component() {
    let c = c();
    let mut eliminated = 0u32;
    let mut seen = [0u32; 6];
    for seed in 0..3000u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut s = crate::ti4::position::random::random_state(&c, &mut rng);
        conservation::check(&c, &s).unwrap_or_else(|e| panic!("seed {seed}: random state: {e}"));
        for p in s.seats() {
            assert_eq!(meets_conditions(&c, &s, p), reference_meets_conditions(&c, &s, p), "seed {seed} {p:?}");
            seen[0] += u32::from(s.factions.held_tokens(p) != 0);
            seen[1] += u32::from(s.captured.captors().any(|q| q == p));
            seen[2] += u32::from(s.action_cards.count(c.cards.action_copies.len(), Zone::Hand(p)) > 0);
        }
        seen[3] += u32::from(s.factions.terraform().is_some() || s.factions.geoform().is_some());
        seen[4] += u32::from(s.factions.zero_token() != ZeroToken::Supply);
        seen[5] += u32::from(
            (0..c.cards.public_objectives.len())
                .any(|i| s.public_objectives.state(PublicObjectiveId(i as u8)) == PublicState::Revealed),
        );
        // Any player meeting the conditions in the random state goes first.
        let mut out = check_elimination(&c, &mut s);
        conservation::check(&c, &s).unwrap_or_else(|e| panic!("seed {seed}: first check: {e}"));
        // Then strip random players until one or two more are out.
        for _ in 0..rng.random_range(1..3) {
            let live: Vec<Player> = s.seats().filter(|&p| s.player(p).in_game).collect();
            if live.is_empty() {
                break;
            }
            let p = live[rng.random_range(0..live.len())];
            let before = s;
            let gone = strip(&c, &mut s, p, &mut rng);
            conservation::check(&c, &s).unwrap_or_else(|e| panic!("seed {seed}: after stripping {p:?}: {e}"));
            for q in gone.iter() {
                assert!(before.player(q).in_game && !s.player(q).in_game, "seed {seed}");
                assert!(reference_meets_conditions(&c, &s, q));
            }
            if cannot_be_eliminated(&c, &before, p).is_some() {
                assert!(s.player(p).in_game, "seed {seed}: {p:?} cannot be eliminated");
            }
            out = out.union(gone);
        }
        // Nobody left in the game meets the conditions, and the check is the reference's.
        for p in s.seats() {
            assert_eq!(meets_conditions(&c, &s, p), reference_meets_conditions(&c, &s, p), "seed {seed} {p:?}");
            if s.player(p).in_game {
                assert!(!meets_conditions(&c, &s, p), "seed {seed}: {p:?} should be out");
            }
        }
        eliminated += out.len();
        // The result reads back as a position.
        let json = crate::ti4::position::to_position(&c, &s).to_json();
        let back = state_from_json(&c, &json).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(back == s, "seed {seed}");
    }
    println!("{eliminated} eliminations; coverage {seen:?}");
    assert!(eliminated > 3000, "{eliminated} eliminations");
    assert!(
        seen.iter().all(|&n| n >= 50),
        "coverage (Mahact, captors, hands, attachments, Naalu, objectives): {seen:?}"
    );
}
