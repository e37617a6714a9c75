//! Position tests: round trips from random games, error paths, and `explain_end_phase`
//! against the game's own End Phase.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::explain::{explain_end_phase, ChoiceSource};
use super::position::{parse_position, read_position, write_position, Phase, Position};
use super::*;
use crate::game::Turn;

fn step_random(g: &mut LegionGame, rng: &mut ChaCha8Rng, legal: &mut Vec<Action>) {
    match g.current() {
        Turn::Chance => g.apply_chance(rng),
        Turn::Player(_) => {
            g.legal_actions(legal);
            g.apply(legal[rng.random_range(0..legal.len())]);
        }
        Turn::Terminal => {}
    }
}

#[test]
fn position_round_trip_from_random_games() {
    let mut legal = Vec::new();
    let mut again = Vec::new();
    let mut checked = 0;
    for i in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(21);
        rng.set_stream(i);
        let opts = LegionOptions {
            commanders: [options::CommanderVariant::Standard, options::CommanderVariant::FieldCommander]
                [i as usize % 2],
            ..LegionOptions::default()
        };
        let mut g = LegionGame::new(opts);
        loop {
            if let Ok(json) = write_position(&g) {
                let back = read_position(&json).unwrap_or_else(|e| panic!("game {i}: {e}\n{json}"));
                assert_eq!(write_position(&back).expect("writable"), json, "game {i}");
                assert_eq!(back.step, g.step);
                g.legal_actions(&mut legal);
                back.legal_actions(&mut again);
                assert_eq!(legal, again, "game {i}");
                if checked % 25 == 0 {
                    // The read state plays on exactly like the original.
                    let (mut a, mut b) = (g.clone(), back.clone());
                    let (mut ra, mut rb) = (rng.clone(), rng.clone());
                    while !a.is_terminal() {
                        step_random(&mut a, &mut ra, &mut legal);
                        step_random(&mut b, &mut rb, &mut again);
                    }
                    assert_eq!(a.render(), b.render(), "game {i}");
                }
                checked += 1;
            }
            if g.is_terminal() {
                break;
            }
            step_random(&mut g, &mut rng, &mut legal);
        }
    }
    assert!(checked > 1000, "{checked}");
}

fn start_json() -> String {
    write_position(&LegionGame::with_seed(LegionOptions::default(), 3)).expect("command phase")
}

#[test]
fn position_errors_name_the_field_path() {
    let json = start_json();
    let bad = json.replacen("\"round\": 1", "\"round\": \"one\"", 1);
    let e = read_position(&bad).unwrap_err();
    assert_eq!(e.path, "round", "{e}");
    let bad = json.replacen("\"id\": \"stormtroopers\"", "\"id\": \"luke\"", 1);
    let e = read_position(&bad).unwrap_err();
    assert_eq!(
        e.to_string(),
        "players[0].units[2].id: expected unit \"stormtroopers\" (the army list), found \"luke\""
    );
    let mut pos = parse_position(&json).expect("parses");
    pos.players[1].units[3].cell = Some([30, 2]);
    pos.players[1].units[3].deployed = true;
    let e = pos.to_game().unwrap_err();
    assert_eq!(e.path, "players[1].units[3].cell");
    assert!(e.to_string().contains("off the 24x12 board"), "{e}");
    let mut pos = parse_position(&json).expect("parses");
    pos.players[0].units[5].rank = roster::Rank::Commander;
    assert_eq!(pos.to_game().unwrap_err().path, "players[0].units[5].rank", "the AT-ST cannot be promoted");
    let mut pos = parse_position(&json).expect("parses");
    pos.players[0].hand.push(command::Card::SonOfSkywalker);
    assert_eq!(pos.to_game().unwrap_err().path, "players[0].hand[7]");
    let e = read_position("{\"round\": 1}").unwrap_err();
    assert!(e.to_string().starts_with("position: missing field"), "{e}");
    let e = read_position(&json.replacen("\"vp\"", "\"victory\"", 1)).unwrap_err();
    assert!(e.to_string().contains("unknown field `victory`"), "{e}");
}

/// A standard game at the start of an End Phase with Vader defeated this round.
fn vader_down() -> Position {
    let mut g = LegionGame::with_seed(
        LegionOptions {
            mission: options::MissionChoice::Fixed {
                primary: options::Primary::HoldTheLine,
                secondary: options::Secondary::Decapitation,
            },
            ..LegionOptions::default()
        },
        3,
    );
    g.units[1].tokens.suppression = 2;
    g.units[9].tokens.aim = 1;
    g.pass_pool = [0, 1];
    g.defeat(0);
    let mut pos = Position::from_game(&g).expect("command phase");
    pos.phase = Phase::End;
    pos
}

#[test]
fn explain_end_phase_lists_the_seed_steps_in_order() {
    let r = explain_end_phase(&vader_down()).expect("explains");
    let names: Vec<&str> = r.steps.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        [
            "Resolve Any Abilities or Effects that happen at the Start of the End Phase",
            "Score VPs",
            "Discard Command Cards",
            "Remove Tokens",
            "Update Order Pool and Promote",
            "Resolve Any Abilities or Effects at End of End Phase",
            "Victory check (12 VP and a lead)",
            "Advance Round Counter",
        ]
    );
    assert_eq!(r.steps[1].changes, ["player 1 scores 2 VP from the secondary objective (Decapitation)"]);
    assert!(r.steps[3].changes.contains(&"player 0: 1 Suppression removed from each of 1 units".to_string()));
    assert!(r.steps[3].changes.contains(&"player 1: 1 Advantage removed from the pass pool".to_string()));
    assert_eq!(r.promotions.len(), 1);
    assert_eq!((r.promotions[0].candidates.clone(), r.promotions[0].chosen), (vec![1, 2, 3, 4], 1));
    assert_eq!(r.promotions[0].source, ChoiceSource::FirstCandidate);
    assert!(r.steps[4].changes[0].contains("no promotion_choice: the first candidate"), "{:?}", r.steps[4]);
    assert_eq!(r.position.round, 2);
    assert_eq!(r.position.players[0].units[1].rank, roster::Rank::Commander);
}

#[test]
fn explain_end_phase_uses_promotion_choice_and_agrees_with_the_game() {
    let mut pos = vader_down();
    pos.promotion_choice = [Some(3), None];
    let r = explain_end_phase(&pos).expect("explains");
    assert_eq!((r.promotions[0].chosen, r.promotions[0].source), (3, ChoiceSource::PromotionChoice));
    // The game's own End Phase, with the same decision, reaches the same position.
    let mut g = pos.to_game().expect("reads");
    assert_eq!(g.step, Step::Promote(0));
    g.apply(Action::Promote(3));
    assert_eq!(Position::from_game(&g).expect("command phase"), r.position);
    pos.promotion_choice = [Some(5), None];
    let e = explain_end_phase(&pos).unwrap_err();
    assert_eq!(e.path, "promotion_choice[0]");
    assert!(e.to_string().contains("not a promotion candidate"), "{e}");
}
