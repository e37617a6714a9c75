//! Riders (action cards played after an agenda is revealed: predict an outcome, do not vote,
//! gain the payout if the prediction is correct), one test per rider, named after it.

use super::action_card_tests::{game, give};
use super::agenda_tests::resolve;
use super::rule_tests::legal;
use super::tests::check;
use super::*;
use crate::ti4::components::Zone;
use crate::ti4::rules::{Source, Window};
use crate::ti4::state::Location;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// `g` after `key` is revealed, `p` holding rider `card` and asked at window `AgendaRevealed`.
fn revealed(g: &mut Ti4Game, key: &str, card: &str, p: Player) -> Source {
    let src = Source::ActionCard(give(g, card, p));
    let a = g.content().cards.agenda(key).unwrap();
    g.state.agendas.set(a.idx(), Zone::Discard);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    g.flow.agenda_phase.agenda_card = a.0;
    g.step = super::pending::open(g, Window::AgendaRevealed, &[p]).expect("the rider is offered");
    src
}

/// Imperial Rider: one choice per outcome ("for", "against"); playing it discards the card,
/// records the prediction and bars the player from voting on this agenda; a correct prediction
/// gains 1 victory point, a wrong one nothing.
#[test]
fn imperial_rider_predicts_an_outcome_instead_of_voting() {
    for (predicted, outcome, gain) in [(1, 1, 1), (0, 1, 0)] {
        let mut g = game();
        let p = Player(2);
        let src = revealed(&mut g, "mutiny", "imperial_rider", p);
        assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Choose(src, 1), Action::Done]);
        g.apply(Action::Choose(src, predicted));
        let Source::ActionCard(card) = src else { unreachable!() };
        assert!(!crate::ti4::rules::in_hand(g.content(), &g.state, p, card), "played");
        assert_eq!(g.flow.agenda_phase.abstaining, 1 << p.0, "cannot vote on this agenda");
        let mut voters = Vec::new();
        while let Step::Vote(q) = g.step {
            voters.push(q);
            g.apply(Action::Done);
        }
        assert!(!voters.contains(&p) && voters.len() == 5, "{voters:?}");
        let vp = g.victory_points(p);
        resolve(&mut g, "mutiny", outcome, 0);
        assert_eq!(g.victory_points(p), vp + gain, "predicted {predicted}, outcome {outcome}");
        check(&g).unwrap();
    }
}

/// Rules 7: on an "Elect Player" agenda a rider predicts a player.
#[test]
fn trade_rider_predicts_an_elected_player_and_gains_5_trade_goods() {
    let mut g = game();
    let p = Player(4);
    let src = revealed(&mut g, "minister_of_policy", "trade_rider", p);
    let want: Vec<Action> = (0..6u16).map(|o| Action::Choose(src, o)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    g.apply(Action::Choose(src, 3));
    let tg = g.state.player(p).trade_goods;
    resolve(&mut g, "minister_of_policy", 3, 0);
    assert_eq!(g.state.player(p).trade_goods, tg + 5);
}

/// Politics Rider: 3 action cards and the speaker token.
#[test]
fn politics_rider_draws_3_action_cards_and_takes_the_speaker_token() {
    let mut g = game();
    let p = g.state.tokens.speaker.map_or(Player(1), |s| Player((s.0 + 1) % 6));
    let src = revealed(&mut g, "economic_equality", "politics_rider", p);
    g.apply(Action::Choose(src, 0));
    let copies = g.content().cards.action_copies.len();
    let hand = g.state.action_cards.count(copies, Zone::Hand(p));
    resolve(&mut g, "economic_equality", 0, 0);
    assert_eq!(g.state.action_cards.count(copies, Zone::Hand(p)), hand + 3);
    assert_eq!(g.state.tokens.speaker, Some(p));
    check(&g).unwrap();
}

/// Leadership Rider: 3 command tokens from reinforcements (simplified: one per pool).
#[test]
fn leadership_rider_gains_3_command_tokens() {
    let mut g = game();
    let p = Player(0);
    let src = revealed(&mut g, "economic_equality", "leadership_rider", p);
    g.apply(Action::Choose(src, 1));
    let before = *g.state.player(p);
    resolve(&mut g, "economic_equality", 1, 0);
    let after = g.state.player(p);
    assert_eq!(
        (after.tactic, after.fleet, after.strategy, after.token_reinforcements),
        (before.tactic + 1, before.fleet + 1, before.strategy + 1, before.token_reinforcements - 3)
    );
    check(&g).unwrap();
}

/// Nomad, Future Sight: "after an outcome that you voted for or predicted is resolved" — a
/// rider's prediction counts (seed 21 seats the Nomad at seat 0).
#[test]
fn nomad_future_sight_counts_a_riders_prediction() {
    let mut g = super::action_card_tests::game_of(super::tests::six_player_game(21));
    let p = Player(0);
    assert_eq!(g.state.player(p).faction, g.content().faction("nomad").unwrap());
    let src = revealed(&mut g, "mutiny", "trade_rider", p);
    g.apply(Action::Choose(src, 1));
    let tg = g.state.player(p).trade_goods;
    resolve(&mut g, "mutiny", 1, 0);
    assert_eq!(g.state.player(p).trade_goods, tg + 5 + 1, "Trade Rider and Future Sight");
}

/// Sanction (Codex): a rider whose correct prediction takes 1 fleet token from each player who
/// voted for the outcome.
#[test]
fn sanction_takes_a_fleet_token_from_each_voter_for_the_predicted_outcome() {
    let mut g = game();
    let p = Player(0);
    let src = revealed(&mut g, "economic_equality", "sanction", p);
    g.apply(Action::Choose(src, 0));
    assert_eq!(g.flow.agenda_phase.abstaining, 1 << p.0, "cannot vote on this agenda");
    let before: Vec<_> = (0..6).map(|q| *g.state.player(Player(q))).collect();
    assert!(before[1].fleet > 0 && before[2].fleet > 0);
    resolve(&mut g, "economic_equality", 0, 0b110);
    for q in 0..6 {
        let (b, a) = (&before[q as usize], g.state.player(Player(q)));
        let lost = u8::from(q == 1 || q == 2);
        assert_eq!((a.fleet, a.token_reinforcements), (b.fleet - lost, b.token_reinforcements + lost), "seat {q}");
    }
    check(&g).unwrap();
}

/// Assassinate Representative: one choice per other player; the chosen player is not asked to
/// vote on this agenda.
#[test]
fn assassinate_representative_stops_a_player_from_voting_on_this_agenda() {
    let mut g = game();
    let p = Player(2);
    let src = revealed(&mut g, "mutiny", "assassinate_representative", p);
    let want: Vec<Action> =
        [0u16, 1, 3, 4, 5].into_iter().map(|q| Action::Choose(src, q)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    g.apply(Action::Choose(src, 4));
    assert_eq!(g.flow.agenda_phase.abstaining, 1 << 4);
    let mut voters = Vec::new();
    while let Step::Vote(q) = g.step {
        voters.push(q);
        g.apply(Action::Done);
    }
    assert!(!voters.contains(&Player(4)) && voters.contains(&p) && voters.len() == 5, "{voters:?}");
    check(&g).unwrap();
}

/// Hack Election: the votes start right of the speaker and go counterclockwise, the speaker last.
#[test]
fn hack_election_reverses_the_voting_order() {
    let mut g = game();
    let p = Player(1);
    let src = revealed(&mut g, "mutiny", "hack_election", p);
    assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Done]);
    let order = |mut g: Ti4Game| {
        let mut voters = Vec::new();
        while let Step::Vote(q) = g.step {
            voters.push(q.0);
            g.apply(Action::Done);
        }
        voters
    };
    let mut declined = g.clone();
    declined.apply(Action::Done);
    let s = g.state.tokens.speaker.expect("a speaker").0;
    let left: Vec<u8> = (1..=6).map(|k| (s + k) % 6).collect();
    assert_eq!(order(declined), left, "left of the speaker, the speaker last");
    g.apply(Action::Choose(src, 0));
    let right: Vec<u8> = (1..=5).map(|k| (s + 6 - k) % 6).chain([s]).collect();
    assert_eq!(order(g), right, "right of the speaker, counterclockwise, the speaker last");
}

/// Summit (at the start of the strategy phase): 2 command tokens, in the pools the player
/// chooses; then the speaker picks a strategy card.
#[test]
fn summit_gains_2_command_tokens_at_the_start_of_the_strategy_phase() {
    let mut g = game();
    let p = Player(3);
    let src = Source::ActionCard(give(&mut g, "summit", p));
    g.step = super::pending::open(&mut g, Window::StrategyPhaseStart, &[p]).expect("Summit is offered");
    let want: Vec<Action> = (0..6u16).map(|k| Action::Choose(src, k)).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    let before = *g.state.player(p);
    g.apply(Action::Choose(src, 4));
    let after = g.state.player(p);
    assert_eq!(
        (after.tactic, after.fleet, after.strategy, after.token_reinforcements),
        (before.tactic, before.fleet + 1, before.strategy + 1, before.token_reinforcements - 2)
    );
    assert_eq!(g.step, Step::Pick(g.state.tokens.speaker.unwrap()));
    check(&g).unwrap();
}

/// The choice of a rider with a target: outcome + 8 × target (`action_cards::riders`).
fn targeted(outcome: u16, target: u8) -> u16 {
    outcome | u16::from(target) << 3
}

/// The choices offered to the deciding player for `src`.
fn choices_of(g: &Ti4Game, src: Source) -> Vec<u16> {
    legal(g)
        .into_iter()
        .filter_map(|a| match a {
            Action::Choose(s, k) if s == src => Some(k),
            _ => None,
        })
        .collect()
}

/// Construction Rider: one choice per outcome and planet the player controls without a space
/// dock; a correct prediction places the dock on the planet named with it, a wrong one nothing.
#[test]
fn construction_rider_places_a_space_dock_on_the_planet_named_with_the_prediction() {
    for (predicted, outcome) in [(1u16, 1u8), (0, 1)] {
        let mut g = game();
        // A seat whose home system has a planet without a space dock.
        let c = g.content.clone();
        let p = g
            .state
            .seats()
            .find(|&q| g.state.player(q).planets.iter().count() > 1)
            .expect("a home system with two planets");
        let src = revealed(&mut g, "economic_equality", "construction_rider", p);
        let s = g.state;
        let planets: Vec<PlanetId> = s.player(p).planets.iter().collect();
        let (docked, free): (Vec<PlanetId>, Vec<PlanetId>) =
            planets.iter().partition(|&&pl| s.count_at(s.planet_location(&c, pl).unwrap(), UnitType::SpaceDock) > 0);
        assert!(!docked.is_empty() && !free.is_empty(), "a home system with a dock and a planet without");
        let offered = choices_of(&g, src);
        let want: Vec<u16> = free.iter().flat_map(|pl| [targeted(0, pl.0), targeted(1, pl.0)]).collect();
        assert_eq!(offered, want, "each outcome for each planet without a dock");
        let target = free[0];
        g.apply(Action::Choose(src, targeted(predicted, target.0)));
        assert_eq!(g.flow.agenda_phase.abstaining, 1 << p.0, "cannot vote on this agenda");
        let loc = g.state.planet_location(&c, target).unwrap();
        let docks = g.state.player(p).reinforcements[UnitType::SpaceDock.idx()];
        resolve(&mut g, "economic_equality", outcome, 0);
        let gain = u8::from(predicted == outcome as u16);
        assert_eq!(g.state.count_at(loc, UnitType::SpaceDock), gain, "predicted {predicted}, outcome {outcome}");
        assert_eq!(g.state.player(p).reinforcements[UnitType::SpaceDock.idx()], docks - gain);
    }
}

/// Diplomacy Rider: a correct prediction puts a command token of each other player in the
/// game in the system named with it (none for the player who played it).
#[test]
fn diplomacy_rider_puts_every_other_players_command_token_in_the_system() {
    let mut g = game();
    let p = Player(1);
    let src = revealed(&mut g, "mutiny", "diplomacy_rider", p);
    let home = g.home_slot()[p.idx()];
    let offered = choices_of(&g, src);
    assert!(offered.contains(&targeted(0, home)) && offered.contains(&targeted(1, home)));
    assert!(offered.iter().all(|&k| k >> 3 == home as u16), "only the home system holds its planets: {offered:?}");
    g.apply(Action::Choose(src, targeted(0, home)));
    assert_eq!(g.state.systems[home as usize].tokens & !(1 << p.0), 0, "no other token there yet");
    let reinforcements = g.state.player(Player(4)).token_reinforcements;
    resolve(&mut g, "mutiny", 0, 0);
    let tokens = g.state.systems[home as usize].tokens;
    assert_eq!(tokens & !(1 << p.0), 0b11_1101, "seats 0, 2, 3, 4 and 5");
    assert_eq!(g.state.player(Player(4)).token_reinforcements, reinforcements - 1, "from reinforcements");
}

/// Technology Rider: one choice per outcome and technology researchable for no cost; a correct
/// prediction researches it (prerequisites still apply).
#[test]
fn technology_rider_researches_the_technology_named_with_the_prediction() {
    let mut g = game();
    let p = Player(3);
    let src = revealed(&mut g, "economic_equality", "technology_rider", p);
    let c = g.content.clone();
    let offered = choices_of(&g, src);
    let mut opts = Vec::new();
    crate::ti4::technology::research_options(&c, &g.state, p, 0, &mut opts);
    let mut techs: Vec<u8> = opts.iter().map(|o| o.tech.0).collect();
    techs.dedup();
    let want: Vec<u16> = techs.iter().flat_map(|&t| [targeted(0, t), targeted(1, t)]).collect();
    assert_eq!(offered, want);
    // A technology whose prerequisites the player lacks is not offered.
    let gravity = c.tech("gravity_drive").unwrap();
    let fleet_logistics = c.tech("fleet_logistics").unwrap();
    assert!(!g.state.player(p).techs.contains(gravity) && !techs.contains(&fleet_logistics.0));
    let t = TechId(techs[0]);
    g.apply(Action::Choose(src, targeted(1, t.0)));
    resolve(&mut g, "economic_equality", 1, 0);
    assert!(g.state.player(p).techs.contains(t), "researched");
}

/// Technology Rider for a player who cannot research (Nekro Virus, Propagation: "When you
/// would research a technology, gain 3 command tokens instead"): one choice per outcome, and 3
/// command tokens (one per pool) instead of the research (seed 15 seats the Nekro at seat 0).
#[test]
fn technology_rider_gives_the_nekro_3_command_tokens_instead() {
    let mut g = super::action_card_tests::game_of(super::tests::six_player_game(15));
    let p = Player(0);
    assert_eq!(g.state.player(p).faction, g.content().faction("nekro").unwrap());
    let src = revealed(&mut g, "economic_equality", "technology_rider", p);
    // Galactic Threat's prediction is asked first: declined.
    while g.flow.pending.current().is_some_and(|(_, s)| s != src) {
        g.apply(Action::Done);
    }
    assert_eq!(choices_of(&g, src), vec![targeted(0, 0), targeted(1, 0)]);
    g.apply(Action::Choose(src, targeted(0, 0)));
    let (before, techs) = (*g.state.player(p), g.state.player(p).techs);
    resolve(&mut g, "economic_equality", 0, 0);
    let after = g.state.player(p);
    assert_eq!((after.tactic, after.fleet, after.strategy), (before.tactic + 1, before.fleet + 1, before.strategy + 1));
    assert_eq!(after.techs, techs, "no technology");
}

/// Warfare Rider: one choice per outcome and system with the player's ships; a correct
/// prediction places a dreadnought there; a system the player's ships left before the outcome
/// resolves gets nothing.
#[test]
fn warfare_rider_places_a_dreadnought_with_the_players_ships() {
    for ships_stay in [true, false] {
        let mut g = game();
        let p = Player(5);
        let src = revealed(&mut g, "mutiny", "warfare_rider", p);
        let home = g.home_slot()[p.idx()];
        assert_eq!(choices_of(&g, src), vec![targeted(0, home), targeted(1, home)], "ships only at home");
        g.apply(Action::Choose(src, targeted(1, home)));
        let loc = Location::Space(home);
        if !ships_stay {
            for &t in UnitType::SHIPS {
                let n = g.state.count_at(loc, t);
                if n > 0 {
                    g.state.remove_units(loc, t, n).unwrap();
                }
            }
        }
        let before = g.state.count_at(loc, UnitType::Dreadnought);
        resolve(&mut g, "mutiny", 1, 0);
        assert_eq!(
            g.state.count_at(loc, UnitType::Dreadnought),
            before + u8::from(ships_stay),
            "ships stay: {ships_stay}"
        );
    }
}

/// Declines every pending decision but those of `keep` (other rules asked at the same windows).
fn decline_all_but(g: &mut Ti4Game, keep: &[(Player, Source)]) {
    while let Step::Decide(_) = g.step {
        match g.flow.pending.current() {
            Some(cur) if keep.contains(&cur) => return,
            _ => g.apply(Action::Done),
        }
    }
}

/// Veto ("When an agenda is revealed: Discard that agenda and reveal the next agenda from the
/// top of the deck. Players vote on this agenda instead."): asked at window
/// `WhenAgendaRevealed`, before the riders of window `AgendaRevealed` (a "when" comes before
/// an "after"), whatever the seats; the agenda is discarded, another is revealed, and the
/// riders are offered on that one.
#[test]
fn veto_discards_the_revealed_agenda_before_any_rider_is_played() {
    let mut g = game();
    let speaker = g.state.tokens.speaker.expect("a speaker");
    // The rider's holder is asked before the Veto's holder in the voting order.
    let (rider, vetoer) = (Player((speaker.0 + 1) % 6), Player((speaker.0 + 4) % 6));
    let veto = Source::ActionCard(give(&mut g, "veto", vetoer));
    let imperial = Source::ActionCard(give(&mut g, "imperial_rider", rider));
    let keep = [(vetoer, veto), (rider, imperial)];
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    assert!(agendas::start(&mut g));
    g.step = Step::RevealAgenda;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    g.apply_chance(&mut rng);
    let first = g.flow.agenda_phase.agenda_card;
    decline_all_but(&mut g, &keep);
    assert_eq!(g.flow.pending.current(), Some((vetoer, veto)), "the Veto first");
    assert_eq!(g.flow.pending.window, Some(Window::WhenAgendaRevealed));
    assert_eq!(legal(&g), vec![Action::Choose(veto, 0), Action::Done]);
    g.apply(Action::Choose(veto, 0));
    assert_eq!(g.step, Step::RevealAgenda, "another agenda is revealed");
    assert_eq!(g.state.agendas.get(first as usize), Zone::Discard, "the vetoed agenda is discarded");
    let Source::ActionCard(card) = veto else { unreachable!() };
    assert!(!crate::ti4::rules::in_hand(g.content(), &g.state, vetoer, card), "played");
    g.apply_chance(&mut rng);
    assert_ne!(g.flow.agenda_phase.agenda_card, first);
    decline_all_but(&mut g, &keep);
    assert_eq!(g.flow.pending.current(), Some((rider, imperial)), "the rider, on the new agenda");
    assert_eq!(g.flow.pending.window, Some(Window::AgendaRevealed));
    check(&g).unwrap();
}

/// Diplomatic Pressure: "When an agenda is revealed: Choose another player; that player must
/// give you 1 promissory note from their hand." Offered at window `WhenAgendaRevealed`, one
/// choice per other player with a note to give; the chosen player's first note (their
/// Ceasefire) goes into the player's hand. Support for the Throne given goes into the play
/// area, worth its victory point.
#[test]
fn diplomatic_pressure_takes_a_promissory_note_when_an_agenda_is_revealed() {
    let mut g = game();
    let speaker = g.state.tokens.speaker.expect("a speaker");
    let me = Player((speaker.0 + 1) % 6);
    let card = Source::ActionCard(give(&mut g, "diplomatic_pressure", me));
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda = 0;
    assert!(agendas::start(&mut g));
    g.step = Step::RevealAgenda;
    g.apply_chance(&mut ChaCha8Rng::seed_from_u64(5));
    decline_all_but(&mut g, &[(me, card)]);
    assert_eq!(g.flow.pending.current(), Some((me, card)));
    assert_eq!(g.flow.pending.window, Some(Window::WhenAgendaRevealed));
    let options = legal(&g);
    let others: Vec<Action> = g.state.seats().filter(|&q| q != me).map(|q| Action::Choose(card, q.0 as u16)).collect();
    assert_eq!(options[..options.len() - 1], others[..], "every other player holds notes");
    let them = Player((me.0 + 2) % 6);
    let ceasefire = g.notes.ceasefire.expect("Ceasefire has an effect") as usize;
    assert_eq!(notes::note_to_give(&g, them), Some((them, ceasefire as u8)));
    g.apply(Action::Choose(card, them.0 as u16));
    assert_eq!(g.state.notes.get(them, ceasefire), Zone::Hand(me), "their Ceasefire is mine now");
    check(&g).unwrap();

    let throne = g.notes.support_for_the_throne.expect("Support for the Throne has an effect");
    let before = notes::throne_points(&g, me);
    notes::give_note(&mut g, them, throne, me);
    assert_eq!(g.state.notes.get(them, throne as usize), Zone::PlayArea(me));
    assert_eq!(notes::throne_points(&g, me), before + 1);
}

/// Keleres Rider (the Keleres promissory note; Keleres at seat 1): held by seat 0, it is
/// offered after an agenda is revealed, one choice per outcome; played, it returns to the
/// Keleres and seat 0 does not vote; a correct prediction draws 1 action card and gains 2
/// trade goods, a wrong one nothing.
#[test]
fn keleres_rider_predicts_an_outcome_for_an_action_card_and_2_trade_goods() {
    let (me, keleres) = (Player(0), Player(1));
    for (predicted, gain) in [(0, 1), (1, 0)] {
        let mut g = super::faction_tests::sol_with_keleres_at_seat_1();
        let n = g.content().cards.note("keleres_rider").unwrap();
        let (owner, k) = crate::ti4::rules::note_owner(g.content(), &g.state, n).unwrap();
        assert_eq!(owner, keleres);
        g.state.notes.set(keleres, k, Zone::Hand(me));
        let src = Source::Note(n);
        let a = g.content().cards.agenda("economic_equality").unwrap();
        g.state.agendas.set(a.idx(), Zone::Discard);
        g.flow.custodians = false;
        g.flow.agenda_phase.agenda = 0;
        g.flow.agenda_phase.agenda_card = a.0;
        g.step = super::pending::open(&mut g, Window::AgendaRevealed, &[me]).expect("the rider is offered");
        assert_eq!(legal(&g), vec![Action::Choose(src, 0), Action::Choose(src, 1), Action::Done]);
        g.apply(Action::Choose(src, predicted));
        assert_eq!(g.state.notes.get(keleres, k), Zone::Hand(keleres), "returned");
        assert_eq!(g.flow.agenda_phase.abstaining, 1 << me.0, "cannot vote on this agenda");
        let copies = g.content().cards.action_copies.len();
        let hand = g.state.action_cards.count(copies, Zone::Hand(me));
        resolve(&mut g, "economic_equality", 0, 0);
        assert_eq!(g.state.action_cards.count(copies, Zone::Hand(me)), hand + gain as usize);
        // Economic Equality "for" sets every player's trade goods to 5 before the riders pay.
        assert_eq!(g.state.player(me).trade_goods, 5 + 2 * gain, "predicted {predicted}");
        check(&g).unwrap();
    }
}
