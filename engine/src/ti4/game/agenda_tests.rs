//! Agenda tests: the deck in play, the vote (planets exhausted, Nekro abstains, the speaker
//! breaks ties), and one test per implemented agenda, named after it.

use super::action_card_tests::game;
use super::tests::check;
use super::*;
use crate::game::Game;
use crate::ti4::components::{normalize_action_cards, PublicState, Zone};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn agenda(g: &Ti4Game, key: &str) -> AgendaId {
    g.content().cards.agenda(key).expect("agenda")
}

/// Resolves `key` with `outcome` (0 for, 1 against) and the "for" voters `voters` (the
/// "against" voters may be set already, `AgendaPhase::outcome_voters[1]`).
pub(super) fn resolve(g: &mut Ti4Game, key: &str, outcome: u8, voters: u8) {
    let a = agenda(g, key);
    assert_ne!(g.state.agendas.get(a.idx()), Zone::Removed, "{key} is in play");
    g.state.agendas.set(a.idx(), Zone::Discard);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    g.flow.agenda_phase.agenda_card = a.0;
    g.flow.agenda_phase.outcome_voters[0] = voters;
    g.flow.agenda_phase.outcome = outcome;
    g.step = Step::ResolveAgenda;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    g.apply_chance(&mut rng);
    assert_eq!(g.flow.agenda_phase.agenda_card, agendas::NO_AGENDA);
    check(g).unwrap();
}

fn give_cards(g: &mut Ti4Game, p: Player, n: usize) {
    let c = g.content.clone();
    let mut left = n;
    for k in 0..c.cards.action_copies.len() {
        if left > 0 && g.state.action_cards.get(k) == Zone::Deck {
            g.state.action_cards.set(k, Zone::Hand(p));
            left -= 1;
        }
    }
    normalize_action_cards(&c, &mut g.state.action_cards);
}

fn hand(g: &Ti4Game, p: Player) -> usize {
    g.state.action_cards.count(g.content.cards.action_copies.len(), Zone::Hand(p))
}

#[test]
fn agenda_deck_holds_the_implemented_agendas_only() {
    let g = game();
    let mut n = 0;
    for (i, d) in g.content().cards.agendas.iter().enumerate() {
        let implemented = d.implemented && !d.removed_in_pok;
        assert_eq!(implemented, AgendaEffect::of_key(&d.key).is_some(), "{}", d.key);
        let want = if implemented { Zone::Deck } else { Zone::Removed };
        assert_eq!(g.state.agendas.get(i), want, "{}", d.key);
        n += implemented as usize;
    }
    assert!(n >= 6, "{n} agendas");
}

/// Agenda phase: a revealed agenda, votes by exhausting planets (votes = influence), the
/// speaker last, then the outcome.
#[test]
fn agenda_votes_exhaust_planets_and_the_majority_wins() {
    let mut g = game();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let votes = vote_all_for(&mut g, &mut rng);
    let speaker = g.state.tokens.speaker.unwrap();
    assert_eq!(
        votes.iter().map(|v| v.0).collect::<Vec<_>>(),
        (1..=6).map(|k| Player((speaker.0 + k) % 6)).collect::<Vec<_>>(),
        "left of the speaker first, the speaker last"
    );
    for &(p, cast, influence) in &votes {
        assert_eq!(cast, influence, "{p:?}: votes = influence");
    }
    assert_eq!(g.step, Step::ResolveAgenda);
    assert_eq!(g.flow.agenda_phase.outcome, 0);
    g.apply_chance(&mut rng);
    check(&g).unwrap();
}

/// Starts the agenda phase of `g` (custodians gone), reveals the first agenda and has every
/// player vote "for"; returns per voter in voting order (voter, votes cast, its planets'
/// influence), checking that each vote exhausts the voter's planets with influence (only).
pub(super) fn vote_all_for(g: &mut Ti4Game, rng: &mut ChaCha8Rng) -> Vec<(Player, u16, u16)> {
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    assert!(agendas::start(g));
    g.step = Step::RevealAgenda;
    assert_eq!(g.step, Step::RevealAgenda);
    g.apply_chance(rng);
    assert_ne!(g.flow.agenda_phase.agenda_card, agendas::NO_AGENDA);
    let mut votes = Vec::new();
    while let Step::Vote(p) = g.step {
        let inf: u16 = g.state.player(p).planets.iter().map(|pl| g.content.planets[pl.idx()].influence as u16).sum();
        let before = g.flow.agenda_phase.votes[0];
        vote_with_every_planet(g, 0);
        votes.push((p, g.flow.agenda_phase.votes[0] - before, inf));
        let (c, s) = (&g.content, &g.state);
        assert!(s
            .player(p)
            .planets
            .iter()
            .all(|pl| s.exhausted_planets.contains(pl) == (c.planets[pl.idx()].influence > 0)));
    }
    votes
}

/// The player to vote votes for `outcome` and casts every ready planet it may (rules 8).
pub(super) fn vote_with_every_planet(g: &mut Ti4Game, outcome: u8) {
    g.apply(Action::Vote(outcome));
    let mut b = Vec::new();
    while let Step::CastVotes { .. } = g.step {
        g.legal_actions(&mut b);
        g.apply(b[0]);
    }
}

/// A game in its agenda phase (custodians gone), the first agenda revealed, and the player to
/// vote first.
fn first_voter() -> (Ti4Game, Player) {
    let mut g = game();
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    assert!(agendas::start(&mut g));
    g.step = Step::RevealAgenda;
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(3));
    let Step::Vote(p) = g.step else { panic!("{:?}", g.step) };
    (g, p)
}

/// Rules 8 (votes = the influence of the planets a voter exhausts): the voter chooses which
/// ready planets cast votes, one at a time in planet order, planets without influence never
/// offered, `Done` only once a planet is cast; the planets kept stay ready for the next agenda.
#[test]
fn agenda_8_the_voter_chooses_which_planets_cast_votes() {
    let (mut g, p) = first_voter();
    // Give the voter three more planets with influence and one without.
    let c = g.content.clone();
    let spare: Vec<PlanetId> = (0..c.planets.len() as u8)
        .map(PlanetId)
        .filter(|&pl| g.state.seats().all(|q| !g.state.player(q).planets.contains(pl)))
        .filter(|&pl| c.planets[pl.idx()].influence > 0)
        .take(3)
        .collect();
    for &pl in &spare {
        g.state.player_mut(p).planets.insert(pl);
    }
    let owned = g.state.player(p).planets;
    let ready: Vec<PlanetId> = owned.iter().filter(|pl| c.planets[pl.idx()].influence > 0).collect();
    assert!(ready.len() >= 4);
    g.apply(Action::Vote(1));
    let mut b = Vec::new();
    g.legal_actions(&mut b);
    assert_eq!(b, ready.iter().map(|&pl| Action::Exhaust(pl)).collect::<Vec<_>>(), "no Done before a planet is cast");
    // Cast the second and the fourth planet only.
    g.apply(Action::Exhaust(ready[1]));
    assert_eq!(g.step, Step::CastVotes { p, outcome: 1 });
    g.legal_actions(&mut b);
    assert!(!b.contains(&Action::Exhaust(ready[0])), "planet order: the first can no longer be cast");
    assert!(b.contains(&Action::Done));
    g.apply(Action::Exhaust(ready[3]));
    check(&g).unwrap();
    let cast = (c.planets[ready[1].idx()].influence + c.planets[ready[3].idx()].influence) as u16;
    assert_eq!(g.flow.agenda_phase.votes[1], cast, "votes = influence of the planets cast");
    if matches!(g.step, Step::CastVotes { .. }) {
        g.apply(Action::Done);
    }
    assert_ne!(g.step, Step::CastVotes { p, outcome: 1 });
    let s = &g.state;
    assert!(s.exhausted_planets.contains(ready[1]) && s.exhausted_planets.contains(ready[3]));
    assert!(!s.exhausted_planets.contains(ready[0]) && !s.exhausted_planets.contains(ready[2]), "kept ready");
    assert_eq!(g.flow.agenda_phase.voters() >> p.0 & 1, 1);
    assert_eq!(g.flow.agenda_phase.voters_of(0) >> p.0 & 1, 0, "voted against");
    assert!(g.flow.agenda_phase.ballot.is_empty());
}

/// Rules 8: a voter with one ready planet of influence casts it without a decision.
#[test]
fn agenda_8_a_lone_planet_is_cast_without_a_decision() {
    let (mut g, p) = first_voter();
    let c = g.content.clone();
    let with_influence: Vec<PlanetId> =
        g.state.player(p).planets.iter().filter(|pl| c.planets[pl.idx()].influence > 0).collect();
    for &pl in &with_influence[1..] {
        g.state.exhausted_planets.insert(pl);
    }
    g.apply(Action::Vote(0));
    assert!(!matches!(g.step, Step::CastVotes { .. }), "nothing left to choose");
    assert_eq!(g.flow.agenda_phase.votes[0], c.planets[with_influence[0].idx()].influence as u16);
    assert!(g.state.exhausted_planets.contains(with_influence[0]));
}

/// Agenda phase: with equal votes the speaker chooses the outcome.
#[test]
fn speaker_breaks_agenda_ties() {
    let mut g = game();
    g.flow.custodians = false;
    // The first seed from 3 that reveals a "for or against" agenda.
    let g0 = g.clone();
    for seed in 3.. {
        g = g0.clone();
        assert!(agendas::start(&mut g));
        g.step = Step::RevealAgenda;
        g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
        if !agendas::elects_player(&g) {
            break;
        }
    }
    while let Step::Vote(_) = g.step {
        g.apply(Action::Done);
    }
    let speaker = g.state.tokens.speaker.unwrap();
    assert_eq!(g.step, Step::TieBreak(speaker));
    let mut b = Vec::new();
    g.legal_actions(&mut b);
    assert_eq!(b, vec![Action::Vote(0), Action::Vote(1)]);
    g.apply(Action::Vote(1));
    assert_eq!((g.step, g.flow.agenda_phase.outcome), (Step::ResolveAgenda, 1));
}

#[test]
fn economic_equality() {
    let mut g = game();
    g.state.player_mut(Player(0)).trade_goods = 9;
    resolve(&mut g, "economic_equality", 0, 0);
    assert!(g.state.seats().all(|p| g.state.player(p).trade_goods == 5));
    let mut g = game();
    g.state.player_mut(Player(0)).trade_goods = 9;
    resolve(&mut g, "economic_equality", 1, 0);
    assert!(g.state.seats().all(|p| g.state.player(p).trade_goods == 0));
}

#[test]
fn mutiny() {
    let mut g = game();
    resolve(&mut g, "mutiny", 0, 0b11);
    assert_eq!((g.victory_points(Player(0)), g.victory_points(Player(1)), g.victory_points(Player(2))), (1, 1, 0));
    resolve(&mut g, "mutiny", 1, 0b01);
    assert_eq!((g.victory_points(Player(0)), g.victory_points(Player(1))), (0, 1));
}

#[test]
fn seed_of_an_empire() {
    let mut g = game();
    g.state.player_mut(Player(2)).bonus_vp = 1;
    resolve(&mut g, "seed_of_an_empire", 0, 0);
    assert_eq!(g.victory_points(Player(2)), 2, "the leader gains 1");
    assert_eq!(g.victory_points(Player(0)), 0);
    let mut g = game();
    g.state.player_mut(Player(2)).bonus_vp = 1;
    resolve(&mut g, "seed_of_an_empire", 1, 0);
    assert_eq!(g.victory_points(Player(2)), 1);
    assert!(g.state.seats().filter(|&p| p != Player(2)).all(|p| g.victory_points(p) == 1), "the last gain 1");
}

/// Incentive Program (agenda card): "Draw and reveal 1 stage I (against: stage II) public
/// objective from the deck": a new card from the stage's deck, so the face-down objectives of
/// the setup are untouched and the game does not end a round earlier.
#[test]
fn incentive_program_draws_a_new_objective_from_the_deck() {
    for (outcome, stage) in [(0u8, 1u8), (1, 2)] {
        let mut g = game();
        let count = |g: &Ti4Game, st: PublicState| {
            (0..g.content.cards.public_objectives.len())
                .filter(|&i| {
                    g.content.cards.public_objectives[i].stage == stage
                        && g.state.public_objectives.state(PublicObjectiveId(i as u8)) == st
                })
                .count()
        };
        let before = [PublicState::Deck, PublicState::Unrevealed, PublicState::Revealed].map(|st| count(&g, st));
        assert!(before[0] > 0, "stage {stage} cards left in the deck");
        resolve(&mut g, "incentive_program", outcome, 0);
        let after = [PublicState::Deck, PublicState::Unrevealed, PublicState::Revealed].map(|st| count(&g, st));
        assert_eq!(after, [before[0] - 1, before[1], before[2] + 1], "stage {stage}: deck, face down, revealed");
    }
}

#[test]
fn unconventional_measures() {
    let mut g = game();
    resolve(&mut g, "unconventional_measures", 0, 0b01);
    assert_eq!((hand(&g, Player(0)), hand(&g, Player(1))), (2, 0));
    let mut g = game();
    give_cards(&mut g, Player(0), 3);
    give_cards(&mut g, Player(1), 3);
    resolve(&mut g, "unconventional_measures", 1, 0b01);
    assert_eq!((hand(&g, Player(0)), hand(&g, Player(1))), (0, 3));
}

#[test]
fn executive_sanctions() {
    let mut g = game();
    give_cards(&mut g, Player(0), 5);
    give_cards(&mut g, Player(1), 2);
    resolve(&mut g, "executive_sanctions", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "executive_sanctions").idx()), Zone::Law);
    assert_eq!((hand(&g, Player(0)), hand(&g, Player(1))), (3, 2), "hand limit 3 at once");
    assert_eq!(agendas::hand_limit(&g, Player(0)), 3);
    let mut g = game();
    give_cards(&mut g, Player(0), 5);
    resolve(&mut g, "executive_sanctions", 1, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "executive_sanctions").idx()), Zone::Discard);
    assert_eq!(hand(&g, Player(0)), 4, "one random card discarded");
}

#[test]
fn homeland_defense_act() {
    let mut g = game();
    let tile = g.galaxy.tile(g.home_slot[0]);
    let pl = g.content.systems[tile.idx()].planets[0];
    let loc = g.state.planet_location(&g.content, pl).unwrap();
    resolve(&mut g, "homeland_defense_act", 0, 0);
    assert_eq!(agendas::pds_limit(&g), u8::MAX);
    while g.state.count_at(loc, UnitType::Pds) < 3 {
        g.state.add_units(Player(0), loc, UnitType::Pds, 1).unwrap();
    }
    let mut b = Vec::new();
    g.flow.turn = Player(0);
    g.step = Step::Build { p: Player(0), pds_only: true, secondary: false };
    g.legal_actions(&mut b);
    assert!(b.contains(&Action::Build(pl, UnitType::Pds)), "a third PDS under the law");
    let mut g = game();
    let count = |g: &Ti4Game, p: Player| g.state.player(p).on_board[UnitType::Pds.idx()];
    if count(&g, Player(0)) == 0 {
        g.state.add_units(Player(0), loc, UnitType::Pds, 1).unwrap();
    }
    let before: Vec<u8> = g.state.seats().map(|p| count(&g, p)).collect();
    resolve(&mut g, "homeland_defense_act", 1, 0);
    for p in g.state.seats() {
        assert_eq!(count(&g, p), before[p.idx()].saturating_sub(1), "seat {}", p.0);
    }
}

/// Each seat's infantry on its controlled planets, and its trade goods.
fn infantry_and_goods(g: &Ti4Game) -> Vec<(u32, u8)> {
    g.state
        .seats()
        .map(|p| {
            let n = g
                .state
                .player(p)
                .planets
                .iter()
                .filter_map(|pl| g.state.planet_location(&g.content, pl))
                .filter(|&l| g.state.occupant(l) == Some(p))
                .map(|l| g.state.count_at(l, UnitType::Infantry) as u32)
                .sum();
            (n, g.state.player(p).trade_goods)
        })
        .collect()
}

/// Swords to Plowshares: "for", half the infantry on each controlled planet (rounded up)
/// destroyed and as many trade goods gained; "against", 1 infantry on each controlled planet.
#[test]
fn swords_to_plowshares() {
    let mut g = game();
    let before = infantry_and_goods(&g);
    assert!(before.iter().any(|&(n, _)| n > 0));
    let planets: Vec<u32> = g.state.seats().map(|p| g.state.player(p).planets.len()).collect();
    resolve(&mut g, "swords_to_plowshares", 1, 0);
    for (i, (&(n0, _), (n1, _))) in before.iter().zip(infantry_and_goods(&g)).enumerate() {
        assert_eq!(n1, n0 + planets[i], "seat {i}: 1 infantry per controlled planet");
    }
    let mut g = game();
    // Three infantry on seat 0's first planet: 2 destroyed (half, rounded up).
    let pl = g.state.player(Player(0)).planets.iter().next().unwrap();
    let loc = g.state.planet_location(&g.content, pl).unwrap();
    while g.state.count_at(loc, UnitType::Infantry) < 3 {
        g.state.add_units(Player(0), loc, UnitType::Infantry, 1).unwrap();
    }
    while g.state.count_at(loc, UnitType::Infantry) > 3 {
        g.state.remove_units(loc, UnitType::Infantry, 1).unwrap();
    }
    let before = infantry_and_goods(&g);
    resolve(&mut g, "swords_to_plowshares", 0, 0);
    assert_eq!(g.state.count_at(loc, UnitType::Infantry), 1);
    for (&(n0, tg0), (n1, tg1)) in before.iter().zip(infantry_and_goods(&g)) {
        assert_eq!(n0 - n1, (tg1 - tg0) as u32, "one trade good per infantry destroyed");
    }
    check(&g).unwrap();
}

/// Conventions of War: "for", a law forbidding BOMBARDMENT against units on cultural planets
/// (and only those); "against", the "against" voters discard their hands.
#[test]
fn conventions_of_war() {
    let mut g = game();
    let trait_of = |g: &Ti4Game, l: Location| {
        let pl = g.state.planet_at(&g.content, l).unwrap();
        g.content.planets[pl.idx()].traits.iter().any(|t| t == "cultural")
    };
    let locs: Vec<Location> = (0..g.state.num_systems)
        .flat_map(Location::all_in)
        .filter(|&l| matches!(l, Location::Planet(..)) && g.state.planet_at(&g.content, l).is_some())
        .collect();
    assert!(locs.iter().any(|&l| trait_of(&g, l)) && locs.iter().any(|&l| !trait_of(&g, l)));
    assert!(locs.iter().all(|&l| !agendas::no_bombardment_at(&g, l)), "not before the law");
    resolve(&mut g, "conventions_of_war", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "conventions_of_war").idx()), Zone::Law);
    assert!(locs.iter().all(|&l| agendas::no_bombardment_at(&g, l) == trait_of(&g, l)));
    let mut g = game();
    give_cards(&mut g, Player(0), 2);
    give_cards(&mut g, Player(1), 2);
    g.flow.agenda_phase.outcome_voters[1] = 0b10;
    resolve(&mut g, "conventions_of_war", 1, 0b01);
    assert_eq!((hand(&g, Player(0)), hand(&g, Player(1))), (2, 0), "the 'against' voter discards");
}

/// Regulated Conscription: "for", one fighter or infantry per cost instead of two.
#[test]
fn regulated_conscription() {
    let mut g = game();
    assert_eq!(agendas::units_per_cost(&g, UnitType::Fighter, 2), 2);
    resolve(&mut g, "regulated_conscription", 0, 0);
    assert_eq!(agendas::units_per_cost(&g, UnitType::Fighter, 2), 1);
    assert_eq!(agendas::units_per_cost(&g, UnitType::Infantry, 2), 1);
    assert_eq!(agendas::units_per_cost(&g, UnitType::Cruiser, 1), 1);
    let mut g = game();
    resolve(&mut g, "regulated_conscription", 1, 0);
    assert_eq!(agendas::units_per_cost(&g, UnitType::Fighter, 2), 2, "against: no effect");
}

/// Rearmament Agreement: "for", each player places 1 mech in their home system; "against",
/// each mech is replaced by 1 infantry.
#[test]
fn rearmament_agreement() {
    let mut g = game();
    let on_board =
        |g: &Ti4Game, t: UnitType| g.state.seats().map(|p| g.state.player(p).on_board[t.idx()]).collect::<Vec<_>>();
    let mechs = on_board(&g, UnitType::Mech);
    resolve(&mut g, "rearmament_agreement", 0, 0);
    let after = on_board(&g, UnitType::Mech);
    for p in g.state.seats() {
        assert_eq!(after[p.idx()], mechs[p.idx()] + 1, "seat {}", p.0);
        let home = g.home_slot[p.idx()];
        assert!(
            Location::all_in(home).any(|l| g.state.occupant(l) == Some(p) && g.state.count_at(l, UnitType::Mech) > 0)
        );
    }
    let infantry = on_board(&g, UnitType::Infantry);
    resolve(&mut g, "rearmament_agreement", 1, 0);
    assert!(on_board(&g, UnitType::Mech).iter().all(|&n| n == 0));
    let now = on_board(&g, UnitType::Infantry);
    for p in g.state.seats() {
        assert_eq!(now[p.idx()], infantry[p.idx()] + after[p.idx()], "seat {}", p.0);
    }
    check(&g).unwrap();
}

/// Clandestine Operations: "for", 2 tokens leave each command sheet; "against", 1 token leaves
/// each fleet pool.
#[test]
fn clandestine_operations() {
    let sheet = |g: &Ti4Game, p: Player| {
        let ps = g.state.player(p);
        (ps.tactic + ps.fleet + ps.strategy, ps.fleet, ps.token_reinforcements)
    };
    for (outcome, total, fleet) in [(0u8, 2u8, None), (1, 1, Some(1u8))] {
        let mut g = game();
        let before: Vec<_> = g.state.seats().map(|p| sheet(&g, p)).collect();
        resolve(&mut g, "clandestine_operations", outcome, 0);
        for p in g.state.seats() {
            let (b, a) = (before[p.idx()], sheet(&g, p));
            assert_eq!((a.0, a.2), (b.0 - total, b.2 + total), "seat {}", p.0);
            if let Some(f) = fleet {
                assert_eq!(a.1, b.1 - f);
            }
        }
        check(&g).unwrap();
    }
}

/// Wormhole Reconstruction (law): "For: All systems that contain either an alpha or beta
/// wormhole are adjacent to each other. Against: Each player places a command token from their
/// reinforcements in each system that contains a wormhole and 1 or more of their ships." In the
/// first seeded game whose map holds an alpha and a beta wormhole system apart: "for", a ship
/// with move 1 in the alpha system reaches the beta system, which it could not before;
/// "against", seat 0's ships in the alpha system bring a token there, seat 1 without ships gets
/// none.
#[test]
fn wormhole_reconstruction() {
    use crate::ti4::galaxy::Wormhole;
    let me = Player(0);
    let found = (0..24).find_map(|k| {
        let g = super::action_card_tests::game_of(super::tests::six_player_game(k));
        let gal = g.galaxy();
        let a = crate::ti4::galaxy::bits(gal.wormhole_slots(Wormhole::Alpha)).next()?;
        let b = crate::ti4::galaxy::bits(gal.wormhole_slots(Wormhole::Beta))
            .find(|&b| gal.distance(a, b).is_some_and(|d| d > 1) && gal.anomalies(a) == 0 && gal.anomalies(b) == 0)?;
        Some((g, a, b))
    });
    let (g0, a, b) = found.expect("a map with alpha and beta wormholes apart");
    let reach = |g: &Ti4Game| tactical::route(g, me, &tactical::Mover::of(g, me), a, b, 1).is_some();
    let mut g = g0.clone();
    assert!(!reach(&g), "not adjacent before the law");
    resolve(&mut g, "wormhole_reconstruction", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "wormhole_reconstruction").idx()), Zone::Law);
    assert!(agendas::wormholes_linked(&g));
    assert!(reach(&g), "adjacent with the law in play");
    let mut g = g0;
    g.state.add_units(me, Location::Space(a), UnitType::Destroyer, 1).unwrap();
    let before = (g.state.player(me).token_reinforcements, g.state.player(Player(1)).token_reinforcements);
    resolve(&mut g, "wormhole_reconstruction", 1, 0);
    assert_eq!(g.state.systems[a as usize].tokens >> me.0 & 1, 1);
    assert_eq!(g.state.player(me).token_reinforcements, before.0 - 1);
    assert_eq!(g.state.player(Player(1)).token_reinforcements, before.1, "no ships in a wormhole system");
    assert!(!agendas::wormholes_linked(&g), "\"against\": no law in play");
}

/// New Constitution: "for" discards every law in play (the common play area's and an elected
/// player's: Political Censure's point goes with it) and, at the start of the next strategy
/// phase, each player exhausts the planets of their home system (only those). "When this agenda
/// is revealed, if there are no laws in play, discard this card and reveal another agenda."
#[test]
fn new_constitution() {
    let mut g = game();
    let (sanctions, censure) = (agenda(&g, "executive_sanctions"), agenda(&g, "political_censure"));
    g.state.agendas.set(sanctions.idx(), Zone::Law);
    resolve(&mut g, "political_censure", 3, 0);
    assert_eq!(g.state.player(Player(3)).bonus_vp, 1);
    resolve(&mut g, "new_constitution", 0, 0);
    assert_eq!(g.state.agendas.get(sanctions.idx()), Zone::Discard);
    assert_eq!(g.state.agendas.get(censure.idx()), Zone::Discard);
    assert_eq!(g.state.player(Player(3)).bonus_vp, 0, "Political Censure's point is lost with it");
    assert_eq!(g.flow.next_strategy_phase, agendas::Deferred::HOME_PLANETS);
    g.state.exhausted_planets = PlanetSet::EMPTY;
    agendas::at_strategy_phase_start(&mut g);
    assert_eq!(g.flow.next_strategy_phase, 0, "once");
    for p in g.state.seats() {
        let home = g.galaxy.tile(g.home_slot[p.idx()]);
        let home_planets: Vec<PlanetId> = g.content.systems[home.idx()].planets.clone();
        for pl in g.state.player(p).planets.iter() {
            assert_eq!(g.state.exhausted_planets.contains(pl), home_planets.contains(&pl), "{p:?} {pl:?}");
        }
    }
    // "Against": no effect.
    let mut g = game();
    g.state.agendas.set(sanctions.idx(), Zone::Law);
    resolve(&mut g, "new_constitution", 1, 0);
    assert_eq!((g.state.agendas.get(sanctions.idx()), g.flow.next_strategy_phase), (Zone::Law, 0));
    // Revealed with no law in play: discarded, another revealed.
    let mut g = game();
    let nc = agenda(&g, "new_constitution");
    let n = g.content.cards.agendas.len();
    for i in 0..n {
        if g.state.agendas.get(i) == Zone::Deck && i != nc.idx() && i != sanctions.idx() {
            g.state.agendas.set(i, Zone::Discard);
        }
    }
    assert_eq!(g.state.agendas.count(n, Zone::Deck), 2);
    let mut discarded = 0;
    for seed in 0..8 {
        let mut g = g.clone();
        agendas::reveal(&mut g, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(g.flow.agenda_phase.agenda_card, sanctions.0, "seed {seed}");
        discarded += (g.state.agendas.get(nc.idx()) == Zone::Discard) as u32;
    }
    assert!(discarded > 0, "drawn first by some seed, and discarded");
    // With a law in play it is revealed as any agenda.
    g.state.agendas.set(sanctions.idx(), Zone::Law);
    agendas::reveal(&mut g, &mut ChaCha8Rng::seed_from_u64(0));
    assert_eq!(g.flow.agenda_phase.agenda_card, nc.0);
}

/// Arms Reduction: "for", each player destroys all but 2 of their dreadnoughts and all but 4 of
/// their cruisers; "against", at the start of the next strategy phase each player exhausts
/// each of their planets with a technology specialty.
#[test]
fn arms_reduction() {
    let mut g = game();
    let me = Player(0);
    let count = |g: &Ti4Game, t: UnitType| -> u32 {
        (0..g.state.num_systems)
            .map(Location::Space)
            .filter(|&l| g.state.occupant(l) == Some(me))
            .map(|l| g.state.count_at(l, t) as u32)
            .sum()
    };
    let home = g.home_slot[me.idx()];
    let ps = g.state.player_mut(me);
    (ps.fleet, ps.token_reinforcements) = (ps.fleet + 6, ps.token_reinforcements - 6);
    while count(&g, UnitType::Dreadnought) < 3 {
        g.state.add_units(me, Location::Space(home), UnitType::Dreadnought, 1).unwrap();
    }
    while count(&g, UnitType::Cruiser) < 6 {
        g.state.add_units(me, Location::Space(home), UnitType::Cruiser, 1).unwrap();
    }
    let carriers_before = count(&g, UnitType::Carrier);
    resolve(&mut g, "arms_reduction", 0, 0);
    assert_eq!((count(&g, UnitType::Dreadnought), count(&g, UnitType::Cruiser)), (2, 4));
    assert_eq!(count(&g, UnitType::Carrier), carriers_before, "other ships stay");
    assert_eq!(g.flow.next_strategy_phase, 0);

    let mut g = game();
    resolve(&mut g, "arms_reduction", 1, 0);
    g.state.exhausted_planets = PlanetSet::EMPTY;
    agendas::at_strategy_phase_start(&mut g);
    for p in g.state.seats() {
        for pl in g.state.player(p).planets.iter() {
            let specialty = g.content.any_specialty_planets.contains(pl);
            assert_eq!(g.state.exhausted_planets.contains(pl), specialty, "{p:?} {pl:?}");
        }
    }
    check(&g).unwrap();
}

/// Fleet Regulations: "for", no fleet pool holds more than 4 tokens (the excess returns to
/// reinforcements as it passes; redistributions offer no more than 4; a gained fleet token
/// goes to the strategy pool); "against", each player places 1 token from reinforcements in
/// their fleet pool.
#[test]
fn fleet_regulations() {
    let mut g = game();
    let p = Player(1);
    let ps = g.state.player_mut(p);
    (ps.fleet, ps.token_reinforcements) = (ps.fleet + 3, ps.token_reinforcements - 3);
    let before = *g.state.player(p);
    assert!(before.fleet > agendas::FLEET_REGULATIONS_MAX);
    resolve(&mut g, "fleet_regulations", 0, 0);
    let after = g.state.player(p);
    assert_eq!(after.fleet, agendas::FLEET_REGULATIONS_MAX);
    assert_eq!(after.token_reinforcements, before.token_reinforcements + before.fleet - agendas::FLEET_REGULATIONS_MAX);
    assert_eq!(agendas::fleet_pool_max(&g), agendas::FLEET_REGULATIONS_MAX);
    // A redistribution offers no fleet pool above the limit.
    let step = tokens::gain(&mut g, p, 2, true, tokens::TokensThen::Status, 0);
    assert_eq!(step, Step::Tokens { p, stage: 0 });
    let step = tokens::place(&mut g, p, 0, 0);
    assert_eq!(step, Step::Tokens { p, stage: 1 });
    let mut offered = Vec::new();
    tokens::options(&g, p, 1, &mut |k| offered.push(k));
    assert_eq!(offered.iter().max(), Some(&agendas::FLEET_REGULATIONS_MAX), "{offered:?}");
    // A token gained into a full fleet pool goes to the strategy pool.
    let mut h = game();
    resolve(&mut h, "fleet_regulations", 0, 0);
    let ps = h.state.player_mut(p);
    (ps.fleet, ps.token_reinforcements) = (4, ps.token_reinforcements - (4 - ps.fleet));
    let strategy = h.state.player(p).strategy;
    assert!(agendas::gain_token(&mut h, p, 1));
    assert_eq!((h.state.player(p).fleet, h.state.player(p).strategy), (4, strategy + 1));

    let mut g = game();
    let fleets: Vec<u8> = g.state.seats().map(|q| g.state.player(q).fleet).collect();
    resolve(&mut g, "fleet_regulations", 1, 0);
    for q in g.state.seats() {
        assert_eq!(g.state.player(q).fleet, fleets[q.idx()] + 1, "{q:?}");
    }
    assert_eq!(agendas::fleet_pool_max(&g), u8::MAX, "\"against\": no law");
    check(&g).unwrap();
}

/// Representative Government: "for", each player casts 1 vote on each agenda and exhausts no
/// planet (and casts no additional votes: Distinguished Councilor is not offered); "against",
/// at the start of the next strategy phase the "against" voters exhaust all of their cultural
/// planets (the others none).
#[test]
fn representative_government() {
    let mut g = game();
    resolve(&mut g, "representative_government", 0, 0);
    assert!(agendas::one_vote_each(&g));
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    assert!(agendas::start(&mut g));
    g.step = Step::RevealAgenda;
    g.apply_chance(&mut rng);
    while let Step::Decide(_) = g.step {
        g.apply(Action::Done);
    }
    let Step::Vote(p) = g.step else { panic!("a vote, got {:?}", g.step) };
    super::action_card_tests::give(&mut g, "distinguished_councilor", p);
    let exhausted = g.state.exhausted_planets;
    g.apply(Action::Vote(0));
    assert_eq!(g.flow.agenda_phase.votes[0], 1, "one vote");
    assert_eq!(g.state.exhausted_planets, exhausted, "no planet exhausted");
    assert_ne!(g.step, Step::Decide(p), "no additional votes offered");
    check(&g).unwrap();

    let mut g = game();
    let against = 0b000101;
    g.flow.agenda_phase.outcome_voters[1] = against;
    resolve(&mut g, "representative_government", 1, 0);
    assert!(!agendas::one_vote_each(&g));
    g.state.exhausted_planets = PlanetSet::EMPTY;
    // A cultural planet for seat 0 (voted "against") and seat 1 (did not).
    let cultural = g.content.trait_planets[0];
    let mut free = cultural.iter().filter(|&pl| crate::ti4::control::controller(&g.state, pl).is_none());
    let (a, b) = (free.next().unwrap(), free.next().unwrap());
    crate::ti4::control::gain_control(&g.content.clone(), &mut g.state, Player(0), a, false).unwrap();
    crate::ti4::control::gain_control(&g.content.clone(), &mut g.state, Player(1), b, false).unwrap();
    agendas::at_strategy_phase_start(&mut g);
    for q in g.state.seats() {
        for pl in g.state.player(q).planets.iter() {
            let want = against >> q.0 & 1 == 1 && cultural.contains(pl);
            assert_eq!(g.state.exhausted_planets.contains(pl), want, "{q:?} {pl:?}");
        }
    }
    assert!(g.state.seats().any(|q| against >> q.0 & 1 == 1 && g.state.player(q).planets.intersects(&cultural)));
}

/// Anti-Intellectual Revolution: "for", a player who researches a technology destroys 1 of their
/// non-fighter ships (simplified: the cheapest); "against", at the start of the next strategy
/// phase each player exhausts 1 planet per technology they own (simplified: those of least
/// resources plus influence).
#[test]
fn anti_intellectual_revolution() {
    let mut g = game();
    let me = Player(0);
    resolve(&mut g, "anti_intellectual_revolution", 0, 0);
    let ships = |g: &Ti4Game| -> u32 {
        (0..g.state.num_systems)
            .map(Location::Space)
            .filter(|&l| g.state.occupant(l) == Some(me))
            .map(|l| {
                UnitType::SHIPS
                    .iter()
                    .filter(|&&t| t != UnitType::Fighter)
                    .map(|&t| g.state.count_at(l, t) as u32)
                    .sum::<u32>()
            })
            .sum()
    };
    let before = ships(&g);
    assert!(before > 0);
    let mut options = Vec::new();
    cards::granted_research_options(&g, me, true, &mut |t| options.push(t));
    assert!(cards::granted_research(&mut g, me, options[0], true));
    assert_eq!(ships(&g), before - 1, "one non-fighter ship destroyed after the research");
    check(&g).unwrap();

    let mut g = game();
    resolve(&mut g, "anti_intellectual_revolution", 1, 0);
    g.state.exhausted_planets = PlanetSet::EMPTY;
    agendas::at_strategy_phase_start(&mut g);
    for q in g.state.seats() {
        let ps = g.state.player(q);
        let exhausted = ps.planets.intersection(g.state.exhausted_planets).len();
        assert_eq!(exhausted, ps.techs.len().min(ps.planets.len()), "{q:?}");
    }
}

/// Wormhole Research: "for", each player with ships in a wormhole system may research 1
/// technology (`Step::AgendaResearch`: a free research, or `Done`), then every ship in a system
/// with an alpha or beta wormhole is destroyed; "against", each "for" voter returns 1 command
/// token from their command sheet to reinforcements.
#[test]
fn wormhole_research() {
    use crate::ti4::galaxy::Wormhole;
    let me = Player(0);
    let (mut g, alpha) = (0..24)
        .find_map(|k| {
            let g = super::action_card_tests::game_of(super::tests::six_player_game(k));
            let sl = crate::ti4::galaxy::bits(g.galaxy().wormhole_slots(Wormhole::Alpha))
                .find(|&sl| g.state.occupant(Location::Space(sl)).is_none())?;
            Some((g, sl))
        })
        .expect("a map with an empty alpha wormhole system");
    g.state.add_units(me, Location::Space(alpha), UnitType::Destroyer, 1).unwrap();
    let techs = g.state.player(me).techs.len();
    resolve_to_step(&mut g, "wormhole_research", 0);
    let mut researched = false;
    while let Step::AgendaResearch(p) = g.step {
        let options = super::rule_tests::legal(&g);
        assert_eq!(options.last(), Some(&Action::Done), "a \"may\"");
        if p == me {
            g.apply(options[0]);
            researched = true;
        } else {
            g.apply(Action::Done);
        }
    }
    assert!(researched, "asked");
    assert_eq!(g.state.player(me).techs.len(), techs + 1);
    assert_eq!(g.state.count_at(Location::Space(alpha), UnitType::Destroyer), 0, "the ships there are destroyed");
    check(&g).unwrap();

    let mut g = game();
    let before: Vec<u8> = g.state.seats().map(|q| g.state.player(q).token_reinforcements).collect();
    resolve(&mut g, "wormhole_research", 1, 0b11);
    for q in g.state.seats() {
        let gained = g.state.player(q).token_reinforcements - before[q.idx()];
        assert_eq!(gained, u8::from(q.0 < 2), "{q:?}: one token back for a \"for\" voter");
    }
}

/// As [`resolve`], without asking that the agenda is over (a decision may follow it).
fn resolve_to_step(g: &mut Ti4Game, key: &str, outcome: u8) {
    resolve_to_step_seeded(g, key, outcome, 7);
}

/// [`resolve_to_step`] with the chance of the resolution drawn from `seed`.
fn resolve_to_step_seeded(g: &mut Ti4Game, key: &str, outcome: u8, seed: u64) {
    let a = agenda(g, key);
    g.state.agendas.set(a.idx(), Zone::Discard);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    g.flow.agenda_phase.agenda_card = a.0;
    g.flow.agenda_phase.outcome = outcome;
    g.step = Step::ResolveAgenda;
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(seed));
    check(g).unwrap();
}

/// Enforced Travel Ban (law): "For: Alpha and beta wormholes have no effect during movement.
/// Against: Destroy each PDS in or adjacent to a system that contains a wormhole." "For": a
/// ship with move 1 reaches a Creuss alpha token's system from a printed alpha system before
/// the law, not with it in play. "Against": a PDS on a planet in or next to a wormhole system
/// is destroyed, one on a planet farther away stays.
#[test]
fn enforced_travel_ban() {
    use crate::ti4::galaxy::{bits, Wormhole};
    let me = Player(0);
    let found = (0..24).find_map(|k| {
        let g = super::action_card_tests::game_of(super::tests::six_player_game(k));
        let gal = g.galaxy();
        let a = bits(gal.wormhole_slots(Wormhole::Alpha)).find(|&a| gal.anomalies(a) == 0)?;
        let x = (0..gal.len() as u8)
            .find(|&x| x != a && gal.anomalies(x) == 0 && !gal.is_adjacent(a, x) && !g.home_slot.contains(&x))?;
        Some((g, a, x))
    });
    let (mut g0, a, x) = found.expect("a map with an alpha wormhole system");
    g0.state.factions.wormhole_tokens_mut()[0] = Some(x);
    let reach = |g: &Ti4Game| tactical::route(g, me, &tactical::Mover::of(g, me), a, x, 1).is_some();
    let mut g = g0.clone();
    assert!(reach(&g), "adjacent through the alpha wormholes before the law");
    resolve(&mut g, "enforced_travel_ban", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "enforced_travel_ban").idx()), Zone::Law);
    assert!(agendas::wormholes_closed(&g));
    assert!(!reach(&g), "wormholes have no effect with the law in play");

    let mut g = g0;
    g.state.factions.wormhole_tokens_mut()[0] = None;
    let gal = g.galaxy.clone();
    let holes = Wormhole::ALL.iter().fold(0u64, |m, &k| m | gal.wormhole_slots(k));
    let area = bits(holes).fold(holes, |m, s| m | gal.neighbours(s));
    let c = g.content.clone();
    let slot_of = |g: &Ti4Game, pl: PlanetId| match g.state.planet_location(&c, pl) {
        Some(Location::Planet(s, _)) => s,
        _ => unreachable!(),
    };
    let near = super::action_card_tests::grant_planet(&mut g, me, |g, pl| area >> slot_of(g, pl) & 1 == 1);
    let far = super::action_card_tests::grant_planet(&mut g, me, |g, pl| area >> slot_of(g, pl) & 1 == 0);
    for pl in [near, far] {
        let loc = g.state.planet_location(&c, pl).unwrap();
        g.state.add_units(me, loc, UnitType::Pds, 1).unwrap();
    }
    resolve(&mut g, "enforced_travel_ban", 1, 0);
    let pds = |pl: PlanetId| g.state.count_at(g.state.planet_location(&c, pl).unwrap(), UnitType::Pds);
    assert_eq!((pds(near), pds(far)), (0, 1), "near a wormhole destroyed, far kept");
    assert!(!agendas::wormholes_closed(&g), "\"against\": no law in play");
}

/// Shared Research (law): "For: Each player's units can move through nebulae. Against: Each
/// player places a command token from their reinforcements in their home system, if able."
/// "For": a ship with move 2 whose only way to a system is through a nebula gets there with
/// the law in play, not before. "Against": each player without a token in its home system
/// places one from reinforcements; one with a token there already places none.
#[test]
fn shared_research() {
    use crate::ti4::galaxy::{bits, Anomaly};
    let me = Player(0);
    let found = (0..24).find_map(|k| {
        let g = super::action_card_tests::game_of(super::tests::six_player_game(k));
        let gal = g.galaxy();
        bits(gal.anomaly_slots(Anomaly::Nebula)).find_map(|n| {
            let plain = |s: u8| gal.anomalies(s) == 0;
            let a = bits(gal.touching(n)).find(|&a| plain(a))?;
            let b = bits(gal.touching(n)).find(|&b| plain(b) && b != a && !gal.is_adjacent(a, b))?;
            Some((g.clone(), a, n, b))
        })
    });
    let (g0, a, n, b) = found.expect("a map with a nebula between two plain systems");
    // Every other way out of `a` is blocked: the only path to `b` is through the nebula.
    let blocked = g0.galaxy.neighbours(a) & !(1u64 << n);
    let reach =
        |g: &Ti4Game| tactical::route(g, me, &tactical::Mover::of(g, me).with_blocked(blocked), a, b, 2).is_some();
    let mut g = g0.clone();
    assert!(!reach(&g), "a nebula stops a ship on the way (Nebula 59.1)");
    resolve(&mut g, "shared_research", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "shared_research").idx()), Zone::Law);
    assert!(agendas::nebulae_passable(&g));
    assert!(reach(&g), "through the nebula with the law in play");

    let mut g = g0;
    let home1 = g.home_slot[1] as usize;
    g.state.systems[home1].tokens |= 1 << 1;
    g.state.player_mut(Player(1)).token_reinforcements -= 1;
    let before: Vec<u8> = g.state.seats().map(|q| g.state.player(q).token_reinforcements).collect();
    resolve(&mut g, "shared_research", 1, 0);
    for q in g.state.seats() {
        let placed = if q == Player(1) { 0 } else { 1 };
        assert_eq!(g.state.player(q).token_reinforcements, before[q.idx()] - placed, "{q:?}");
        assert_eq!(g.state.systems[g.home_slot[q.idx()] as usize].tokens >> q.0 & 1, 1, "{q:?}");
    }
    assert!(!agendas::nebulae_passable(&g), "\"against\": no law in play");
}

/// Minister of Sciences (law, Elect Player): "The elected player gains this card. When the
/// owner of this card resolves the primary or secondary ability of the 'Technology' strategy
/// card, they do not need to spend resources to research technology." With every planet
/// exhausted and no trade goods, the owner is offered researches through the secondary (4
/// resources) and the primary's second research (6), and the Technology rules let it resolve
/// the secondary paying nothing (its strategy token is still spent); another player in the
/// same plight is offered none and cannot.
#[test]
fn minister_of_sciences() {
    use crate::ti4::technology::strategy_card::{technology_secondary, ResearchStep};
    use crate::ti4::technology::{research_options, Payment};
    let mut g = game();
    let (owner, other) = (Player(2), Player(3));
    resolve(&mut g, "minister_of_sciences", owner.0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "minister_of_sciences").idx()), Zone::PlayArea(owner));
    for q in [owner, other] {
        let planets = g.state.player(q).planets;
        g.state.exhausted_planets = g.state.exhausted_planets.union(planets);
        let ps = g.state.player_mut(q);
        ps.trade_goods = 0;
        if ps.strategy == 0 {
            (ps.strategy, ps.token_reinforcements) = (1, ps.token_reinforcements - 1);
        }
    }
    for (cost, second) in [(4, false), (6, true)] {
        let offered = |q: Player| {
            let mut b = Vec::new();
            cards::research_actions(&g, q, cost, second, &mut b);
            b.iter().filter(|a| matches!(a, Action::Research(_))).count()
        };
        assert!(offered(owner) > 0, "the owner researches for free (cost {cost})");
        assert_eq!(offered(other), 0, "another player cannot pay {cost}");
    }
    let c = g.content.clone();
    for (q, free) in [(owner, true), (other, false)] {
        let mut opts = Vec::new();
        research_options(&c, &g.state, q, 0, &mut opts);
        let opt = opts[0];
        let mut s = g.state;
        let done = technology_secondary(&c, &mut s, q, ResearchStep::Research(opt), &Payment::default());
        assert_eq!(done.is_ok(), free, "{q:?}: {done:?}");
        if free {
            assert!(s.player(q).techs.contains(opt.tech));
            assert_eq!(s.player(q).strategy, g.state.player(q).strategy - 1, "the token is spent");
        }
    }
}

/// Publicize Weapon Schematics (law): "For: If any player owns a war sun technology, all
/// players may ignore all prerequisites on war sun technologies. All war suns lose SUSTAIN
/// DAMAGE. Against: Each player that owns a war sun technology discards all of their action
/// cards." "For": a player without the prerequisites is offered War Sun only once the law is in
/// play and another player owns it; war suns lose SUSTAIN DAMAGE in every force. "Against": the
/// war sun owner discards its hand, another player keeps theirs.
#[test]
fn publicize_weapon_schematics() {
    use crate::ti4::technology::research_options;
    let c = game().content.clone();
    let war_sun = c.tech("war_sun").expect("War Sun");
    let (owner, other) = (Player(0), Player(1));
    let offered = |g: &Ti4Game| {
        let mut opts = Vec::new();
        research_options(&c, &g.state, other, 0, &mut opts);
        opts.iter().any(|o| o.tech == war_sun)
    };
    // The war sun owner's war suns (a player without the technology has none to build).
    let sustains = |g: &Ti4Game| {
        let f = tactical::force_of(&c, &g.state, owner, crate::ti4::combat::Arena::Space);
        f.stats(UnitType::WarSun).sustain_damage
    };
    let mut g = game();
    assert!(!offered(&g), "prerequisites not met");
    resolve(&mut g, "publicize_weapon_schematics", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "publicize_weapon_schematics").idx()), Zone::Law);
    assert!(!offered(&g), "nobody owns a war sun technology yet");
    crate::ti4::technology::gain(&c, &mut g.state, owner, war_sun).unwrap();
    assert!(offered(&g), "prerequisites ignored once a player owns War Sun");
    assert!(!sustains(&g), "war suns lose SUSTAIN DAMAGE");
    check(&g).unwrap();

    let mut g = game();
    crate::ti4::technology::gain(&c, &mut g.state, owner, war_sun).unwrap();
    give_cards(&mut g, owner, 2);
    give_cards(&mut g, other, 2);
    let kept = hand(&g, other);
    resolve(&mut g, "publicize_weapon_schematics", 1, 0);
    assert_eq!((hand(&g, owner), hand(&g, other)), (0, kept));
    assert!(sustains(&g), "\"against\": no law in play, war suns sustain damage");
}

/// Ixthian Artifact (directive): "For: The speaker rolls 1 die. If the result is 6-10, each
/// player may research 2 technologies. If the result is 1-5, destroy all units in Mecatol
/// Rex's system, and each player with units in systems adjacent to Mecatol Rex's system
/// destroys 3 of their units in each of those systems." Over seeds of the roll, both results
/// come up. 6-10: each player is asked twice in a row (one who declines is asked no more),
/// and a player who takes both researches gains 2 technologies. 1-5: the ships in Mecatol Rex's
/// system are destroyed, and a fleet of 4 units next to it keeps only its most expensive ship.
#[test]
fn ixthian_artifact() {
    let me = Player(0);
    let (mut researched, mut destroyed) = (false, false);
    for seed in 0..40u64 {
        let mut g = game();
        let c = g.content.clone();
        let Some(Location::Planet(mecatol, _)) = c.known.mecatol_rex.and_then(|pl| g.state.planet_location(&c, pl))
        else {
            panic!("Mecatol Rex on the board");
        };
        let next = crate::ti4::galaxy::bits(g.galaxy.neighbours(mecatol))
            .find(|&sl| g.state.occupant(Location::Space(sl)).is_none() && !g.home_slot.contains(&sl))
            .expect("an empty system next to Mecatol Rex");
        g.state.add_units(Player(1), Location::Space(mecatol), UnitType::Cruiser, 2).unwrap();
        g.state.add_units(me, Location::Space(next), UnitType::Carrier, 1).unwrap();
        g.state.add_units(me, Location::Space(next), UnitType::Destroyer, 1).unwrap();
        g.state.add_units(me, Location::Space(next), UnitType::Fighter, 2).unwrap();
        let techs = g.state.player(me).techs.len();
        resolve_to_step_seeded(&mut g, "ixthian_artifact", 0, seed);
        if let Step::AgendaResearch(_) = g.step {
            let mut asked = [0u8; MAX_PLAYERS];
            while let Step::AgendaResearch(p) = g.step {
                asked[p.idx()] += 1;
                let options = super::rule_tests::legal(&g);
                assert_eq!(options.last(), Some(&Action::Done), "a \"may\"");
                g.apply(if p == me { options[0] } else { Action::Done });
                check(&g).unwrap();
            }
            assert_eq!(g.state.player(me).techs.len(), techs + 2, "seed {seed}: two researches");
            assert_eq!(asked[me.idx()], 2);
            assert!(asked.iter().enumerate().all(|(q, &k)| q == me.idx() || k <= 1), "{asked:?}");
            assert_eq!(g.flow.agenda_phase.researching_again, 0);
            researched = true;
        } else {
            assert_eq!(g.state.count_at(Location::Space(mecatol), UnitType::Cruiser), 0, "seed {seed}");
            let left: Vec<u8> = UnitType::SHIPS.iter().map(|&t| g.state.count_at(Location::Space(next), t)).collect();
            assert_eq!(left.iter().sum::<u8>(), 1, "seed {seed}: 3 of 4 destroyed");
            assert_eq!(g.state.count_at(Location::Space(next), UnitType::Carrier), 1, "the most expensive kept");
            assert_eq!(g.state.player(me).techs.len(), techs);
            destroyed = true;
        }
        if researched && destroyed {
            break;
        }
    }
    assert!(researched && destroyed, "both results of the roll over 40 seeds");
}

/// Articles of War (law): "For: All mechs lose their printed abilities except for SUSTAIN
/// DAMAGE. Against: Each player that voted 'For' gains 3 trade goods." Seat 0 plays the
/// Arborec (mech: PRODUCTION 2, PLANETARY SHIELD) and holds a mech on its home planet. "For": the
/// mech loses PRODUCTION (the system's production falls by 2) and PLANETARY SHIELD, keeps
/// SUSTAIN DAMAGE and its combat value; a mech's text rule (the Jol-Nar mech's) is no longer
/// active for its owner. "Against": the "for" voters gain 3 trade goods, the others nothing.
#[test]
fn articles_of_war() {
    use crate::ti4::rules::Source;
    let me = Player(0);
    let mut g = game();
    let c = g.content.clone();
    g.state.player_mut(me).faction = c.faction("arborec").unwrap();
    crate::ti4::elimination::refresh_unit_masks(&c, &mut g.state, me);
    let home = g.home_slot[0];
    let loc = (0..crate::ti4::state::MAX_PLANETS_PER_SYSTEM as u8)
        .map(|n| Location::Planet(home, n))
        .find(|&l| g.state.occupant(l) == Some(me))
        .expect("a home planet of seat 0");
    g.state.add_units(me, loc, UnitType::Mech, 1).unwrap();
    let mech =
        |g: &Ti4Game| *tactical::force_of(&c, &g.state, me, crate::ti4::combat::Arena::Ground).stats(UnitType::Mech);
    let jolnar_mech = Source::Unit(c.unit("jolnar_mech").unwrap(), c.faction("jolnar").unwrap());
    let mut jolnar = g.state;
    jolnar.player_mut(Player(1)).faction = c.faction("jolnar").unwrap();
    let before = (tactical::production_value(&g, me, home), mech(&g));
    assert!(before.1.planetary_shield && before.1.sustain_damage);
    assert!(jolnar_mech.active(&c, &jolnar, Player(1)));
    resolve(&mut g, "articles_of_war", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "articles_of_war").idx()), Zone::Law);
    let after = (tactical::production_value(&g, me, home), mech(&g));
    assert_eq!(after.0 + 2, before.0, "the mech's PRODUCTION 2 is lost");
    assert!(!after.1.planetary_shield, "PLANETARY SHIELD lost");
    assert!(after.1.sustain_damage, "SUSTAIN DAMAGE kept");
    assert_eq!(after.1.combat, before.1.combat, "combat value kept");
    jolnar.agendas = g.state.agendas;
    assert!(!jolnar_mech.active(&c, &jolnar, Player(1)), "a mech's text ability is lost");

    let mut g = game();
    let goods: Vec<u8> = g.state.seats().map(|q| g.state.player(q).trade_goods).collect();
    resolve(&mut g, "articles_of_war", 1, 0b101);
    for q in g.state.seats() {
        let gained = g.state.player(q).trade_goods - goods[q.idx()];
        assert_eq!(gained, if q.0 == 0 || q.0 == 2 { 3 } else { 0 }, "{q:?}");
    }
    assert!(!crate::ti4::laws::articles_of_war::mechs_lose_abilities(&c, &g.state), "\"against\": no law");
}
