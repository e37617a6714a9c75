//! Elections (rules 7-8, "Elect Player") and the laws an elected player owns
//! (`crate::ti4::laws`): one test per agenda, named after it.

use super::action_card_tests::{game, give};
use super::agenda_tests::resolve;
use super::rule_tests::legal;
use super::tests::check;
use super::*;
use crate::ti4::combat::Arena;
use crate::ti4::components::Zone;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn agenda(g: &Ti4Game, key: &str) -> AgendaId {
    g.content().cards.agenda(key).expect("agenda")
}

/// The agenda phase of `g` voting on `key`, `p` to vote.
fn voting_on(g: &mut Ti4Game, key: &str, p: Player) {
    let a = agenda(g, key);
    g.state.agendas.set(a.idx(), Zone::Discard);
    g.flow.custodians = false;
    g.flow.agenda_phase.agenda_card = a.0;
    g.step = Step::Vote(p);
}

/// Rules 7 ("Elect Player"): the outcomes are the players in the game, each a `Vote(seat)`;
/// abstaining is `Done`. An eliminated player is no outcome.
#[test]
fn agenda_7_elect_player_outcomes_are_the_players_in_the_game() {
    let mut g = game();
    g.state.player_mut(Player(4)).in_game = false;
    voting_on(&mut g, "minister_of_policy", Player(0));
    let want: Vec<Action> = [0, 1, 2, 3, 5].into_iter().map(Action::Vote).chain([Action::Done]).collect();
    assert_eq!(legal(&g), want);
    assert_eq!(
        g.action_id(Action::Vote(2)),
        format!("vote.{}", g.content().factions[g.state.player(Player(2)).faction.idx()].key)
    );
}

/// Rules 8 (the speaker breaks ties): only the outcomes tied for the most votes are offered.
#[test]
fn agenda_8_the_speaker_chooses_among_the_tied_elected_players() {
    let mut g = game();
    voting_on(&mut g, "minister_of_policy", Player(0));
    g.flow.agenda_phase.votes = [0, 4, 0, 4, 1, 0, 0, 0];
    let speaker = g.state.tokens.speaker.unwrap();
    assert_eq!(agendas::count(&mut g), Step::TieBreak(speaker));
    g.step = Step::TieBreak(speaker);
    assert_eq!(legal(&g), vec![Action::Vote(1), Action::Vote(3)]);
    g.apply(Action::Vote(3));
    assert_eq!((g.step, g.flow.agenda_phase.outcome), (Step::ResolveAgenda, 3));
    g.flow.agenda_phase.votes = [0, 4, 0, 5, 1, 0, 0, 0];
    assert_eq!((agendas::count(&mut g), g.flow.agenda_phase.outcome), (Step::ResolveAgenda, 3), "a majority");
}

/// Rules 7: an elected law goes to the elected player's play area; Minister of Policy: its
/// owner draws 1 more action card in the status phase (hook point `status_action_cards`).
#[test]
fn minister_of_policy_goes_to_the_elected_player_who_draws_one_more_card() {
    let mut g = game();
    let other = crate::ti4::rules::status_action_cards(&g, Player(1));
    assert_eq!(crate::ti4::rules::status_action_cards(&g, Player(2)), 0);
    resolve(&mut g, "minister_of_policy", 2, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "minister_of_policy").idx()), Zone::PlayArea(Player(2)));
    assert_eq!(crate::ti4::rules::status_action_cards(&g, Player(2)), 1);
    assert_eq!(crate::ti4::rules::status_action_cards(&g, Player(1)), other, "only the owner");
    let log: Vec<_> = g.agenda_log().collect();
    assert_eq!((log.len(), log[0].outcome, log[0].electing), (1, 2, agendas::Electing::Player));
    check(&g).unwrap();
}

/// Public Execution: the elected player discards their hand, gives the speaker token to the
/// player on their left, and cannot vote on the next agenda of this phase.
#[test]
fn public_execution_discards_the_hand_passes_the_speaker_and_bars_the_vote() {
    let mut g = game();
    let p = g.state.tokens.speaker.unwrap();
    give(&mut g, "lucky_shot", p);
    give(&mut g, "morale_boost", p);
    g.flow.agenda_phase.agenda = 0;
    resolve(&mut g, "public_execution", p.0, 0);
    assert_eq!(g.state.action_cards.count(g.content().cards.action_copies.len(), Zone::Hand(p)), 0);
    assert_eq!(g.state.tokens.speaker, Some(Player((p.0 + 1) % 6)), "the player on the left");
    assert_eq!(g.state.agendas.get(agenda(&g, "public_execution").idx()), Zone::Discard, "a directive");
    // The second agenda: every player but `p` votes.
    let mut voters = Vec::new();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    use rand::SeedableRng;
    while g.flow.agenda_phase.agenda < 2 && !matches!(g.step, Step::Over(_)) {
        match g.step {
            Step::Vote(q) => {
                voters.push(q);
                g.apply(Action::Done);
            }
            _ if g.current() == crate::game::Turn::Chance => g.apply_chance(&mut rng),
            _ => {
                let mut buf = Vec::new();
                g.legal_actions(&mut buf);
                g.apply(buf[0]);
            }
        }
        if matches!(g.step, Step::Pick(_)) {
            break;
        }
    }
    assert_eq!(voters.len(), 5, "{voters:?}");
    assert!(!voters.contains(&p), "the executed player does not vote");
}

/// Armed Forces Standardization: the elected player's pools become 3 tactic, 3 fleet and 2
/// strategy, the excess returned to reinforcements and the rest taken from them.
#[test]
fn armed_forces_standardization_sets_the_pools_to_3_3_2() {
    let mut g = game();
    let p = Player(1);
    let ps = g.state.player_mut(p);
    let total = ps.tactic + ps.fleet + ps.strategy + ps.token_reinforcements;
    (ps.tactic, ps.fleet, ps.strategy) = (5, 1, 0);
    ps.token_reinforcements = total - 6;
    resolve(&mut g, "armed_forces_standardization", 1, 0);
    let ps = g.state.player(p);
    assert_eq!((ps.tactic, ps.fleet, ps.strategy), (3, 3, 2));
    assert_eq!(ps.tactic + ps.fleet + ps.strategy + ps.token_reinforcements, total, "tokens conserved");
    check(&g).unwrap();
}

/// Political Censure: the elected player gains 1 victory point and cannot play action cards
/// (neither component actions nor cards at a window).
#[test]
fn political_censure_gives_a_point_and_no_action_card_plays() {
    let mut g = game();
    let p = Player(0);
    let card = give(&mut g, "lucky_shot", p);
    let src = crate::ti4::rules::Source::ActionCard(give(&mut g, "morale_boost", p));
    let c = g.content.clone();
    assert!(src.active(&c, &g.state, p));
    let vp = g.victory_points(p);
    resolve(&mut g, "political_censure", p.0, 0);
    assert_eq!(g.victory_points(p), vp + 1);
    assert!(!src.active(&c, &g.state, p), "window cards are not offered");
    g.step = Step::Turn(p);
    g.flow.turn = p;
    assert!(!legal(&g).iter().any(|a| matches!(a, Action::Play(k, _) if *k == card)));
    check(&g).unwrap();
}

/// Minister of Exploration: its owner gains 1 trade good when gaining control of a planet
/// (hook point `control_gained`).
#[test]
fn minister_of_exploration_gains_a_trade_good_with_each_planet() {
    let mut g = game();
    resolve(&mut g, "minister_of_exploration", 3, 0);
    let tg = g.state.player(Player(3)).trade_goods;
    crate::ti4::rules::control_gained(&mut g, Player(3), crate::ti4::state::Location::Planet(0, 0));
    crate::ti4::rules::control_gained(&mut g, Player(2), crate::ti4::state::Location::Planet(0, 0));
    assert_eq!(g.state.player(Player(3)).trade_goods, tg + 1);
}

/// Minister of Commerce: after its owner replenishes commodities, 1 trade good per neighbour.
#[test]
fn minister_of_commerce_gains_a_trade_good_per_neighbour_after_replenishing() {
    let mut g = game();
    let p = Player(0);
    // Seat 1's carrier next to seat 0's home system makes them neighbours (rules 60).
    let home = g.home_slot[p.idx()];
    let next = (0..g.state.num_systems)
        .find(|&sl| {
            g.galaxy.neighbours(home) >> sl & 1 == 1
                && g.state.occupant(crate::ti4::state::Location::Space(sl)).is_none()
        })
        .expect("an empty adjacent system");
    g.place_units(Player(1), crate::ti4::state::Location::Space(next), UnitType::Carrier, 1).unwrap();
    let n = neighbours(&g, p).count_ones() as u8;
    assert!(n > 0);
    resolve(&mut g, "minister_of_commerce", 0, 0);
    let tg = g.state.player(p).trade_goods;
    g.replenish_commodities(p);
    assert_eq!(g.state.player(p).trade_goods, tg + n);
    g.replenish_commodities(Player(1));
    assert_eq!(g.state.player(p).trade_goods, tg + n, "only the owner's replenishing");
}

/// Prophecy of Ixth: +1 on its owner's fighter combat rolls; a PRODUCTION of fewer than 2
/// fighters discards it (hook point `units_produced`).
#[test]
fn prophecy_of_ixth_adds_1_to_fighters_until_a_production_without_2_fighters() {
    let mut g = game();
    let p = Player(2);
    let c = g.content.clone();
    let fighters = |g: &Ti4Game| {
        let f = super::tactical::force_of(&c, &g.state, p, Arena::Space);
        crate::ti4::rules::with_combat_roll_modifier(&c, &g.state, p, f).hits_on(UnitType::Fighter)
    };
    let before = fighters(&g).unwrap();
    resolve(&mut g, "prophecy_of_ixth", p.0, 0);
    assert_eq!(fighters(&g), Some(before - 1));
    let law = agenda(&g, "prophecy_of_ixth");
    let mut produced = [0; UNIT_TYPES];
    produced[UnitType::Fighter.idx()] = 2;
    crate::ti4::rules::units_produced(&mut g, p, &produced);
    assert_eq!(g.state.agendas.get(law.idx()), Zone::PlayArea(p), "2 fighters: kept");
    produced[UnitType::Fighter.idx()] = 1;
    produced[UnitType::Cruiser.idx()] = 1;
    crate::ti4::rules::units_produced(&mut g, p, &produced);
    assert_eq!(g.state.agendas.get(law.idx()), Zone::Discard, "1 fighter: discarded");
    assert_eq!(fighters(&g), Some(before));
}

/// `docs/RULES.md` has one row per agenda, "implemented" or "simplified" exactly for the
/// agendas in the deck.
#[test]
fn rules_md_lists_every_agenda() {
    let body = super::tests::rules_md_section("### Agendas");
    let g = game();
    for d in &g.content().cards.agendas {
        let prefix = format!("| {} | ", d.key);
        let line = body.lines().find(|l| l.starts_with(&prefix)).unwrap_or_else(|| panic!("no row for {}", d.key));
        let status = line.split(" | ").nth(3).unwrap_or("");
        let in_deck = d.implemented && !d.removed_in_pok;
        assert_eq!(
            status.starts_with("implemented") || status.starts_with("simplified"),
            in_deck,
            "docs/RULES.md, agenda {}",
            d.key
        );
    }
    let rows = body.lines().filter(|l| l.starts_with("| ") && !l.starts_with("| agenda") && !l.starts_with("| ---"));
    assert_eq!(rows.count(), g.content().cards.agendas.len());
}

/// Minister of War: "The owner of this card may discard this card after performing an action
/// to perform 1 additional action." Seat 0 owns it and performs Trade's strategic action; at
/// window `TurnEnd` it may discard the law (`Choose`) and act again at once.
#[test]
fn minister_of_war_discards_for_an_additional_action() {
    let me = Player(0);
    let mut g = game();
    resolve(&mut g, "minister_of_war", me.0, 0);
    let law = agenda(&g, "minister_of_war");
    assert_eq!(g.state.agendas.get(law.idx()), Zone::PlayArea(me));
    let mut g = super::strategy_card_tests::hold(g, 4);
    g.flow.turn = me;
    g.step = Step::Turn(me);
    g.apply(Action::Strategic(4));
    for _ in 0..20 {
        if g.flow.pending.window == Some(crate::ti4::rules::Window::TurnEnd) {
            break;
        }
        g.apply(Action::Done);
    }
    assert_eq!(g.step, Step::Decide(me));
    g.apply(Action::Choose(crate::ti4::rules::Source::Agenda(law), 0));
    assert_eq!(g.step, Step::Turn(me), "an additional action");
    assert_eq!(g.state.agendas.get(law.idx()), Zone::Discard);
    check(&g).unwrap();
}

/// Minister of Peace: "After a player activates a system that contains 1 or more of a different
/// player's units, the owner of this card may discard this card; immediately end the active
/// player's turn." Seat 1 owns it and has a destroyer next to seat 0's home; seat 0 activates
/// that system; seat 1 discards the law at window `SystemActivated` and seat 0's turn ends
/// before any movement (its command token stays in the system).
#[test]
fn minister_of_peace_ends_the_active_players_turn_after_the_activation() {
    let (me, them) = (Player(0), Player(1));
    let mut g = super::rule_tests::scenario();
    resolve(&mut g, "minister_of_peace", them.0, 0);
    let law = agenda(&g, "minister_of_peace");
    assert_eq!(g.state.agendas.get(law.idx()), Zone::PlayArea(them));
    g.flow.turn = me;
    g.step = Step::Turn(me);
    let h = super::rule_tests::home(&g);
    let target = super::rule_tests::slot_at_distance(&g, h, 1);
    g.state.add_units(them, crate::ti4::state::Location::Space(target), UnitType::Destroyer, 1).unwrap();
    g.state.add_units(me, crate::ti4::state::Location::Space(h), UnitType::Cruiser, 1).unwrap();
    g.apply(Action::Activate(target));
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(them), Some(crate::ti4::rules::Window::SystemActivated)));
    g.apply(Action::Choose(crate::ti4::rules::Source::Agenda(law), 0));
    assert_eq!(g.state.agendas.get(law.idx()), Zone::Discard);
    assert!(!matches!(g.step, Step::Move(_) | Step::Turn(Player(0))), "the turn ended: {:?}", g.step);
    assert_eq!(g.state.systems[target as usize].tokens >> me.0 & 1, 1, "the command token stays");
    assert!(!g.flow.tactical.peace);
    check(&g).unwrap();
}

/// Committee Formation: "Before players vote on an agenda that requires a player to be
/// elected, the owner of this card may discard this card to choose a player to be elected.
/// Players do not vote on that agenda." Seat 2 owns it; Minister of Policy is revealed; at
/// window `AgendaRevealed` seat 2 discards it choosing seat 4, nobody votes, and seat 4 gains
/// Minister of Policy.
#[test]
fn committee_formation_elects_a_player_without_a_vote() {
    let owner = Player(2);
    let mut g = game();
    resolve(&mut g, "committee_formation", owner.0, 0);
    let law = agenda(&g, "committee_formation");
    assert_eq!(g.state.agendas.get(law.idx()), Zone::PlayArea(owner));
    let policy = agenda(&g, "minister_of_policy");
    g.state.agendas.set(policy.idx(), Zone::Discard);
    g.flow.agenda_phase.agenda = 0;
    g.flow.agenda_phase.agenda_card = policy.0;
    g.step = super::pending::open(&mut g, crate::ti4::rules::Window::AgendaRevealed, &[owner]).expect("offered");
    let src = crate::ti4::rules::Source::Agenda(law);
    let offered: Vec<Action> = legal(&g).into_iter().filter(|a| matches!(a, Action::Choose(..))).collect();
    assert_eq!(offered.len(), 6, "one choice per player: {offered:?}");
    g.apply(Action::Choose(src, 4));
    assert_eq!(g.state.agendas.get(law.idx()), Zone::Discard);
    assert_eq!(g.step, Step::ResolveAgenda, "no vote");
    use rand::SeedableRng;
    g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
    assert_eq!(g.state.agendas.get(policy.idx()), Zone::PlayArea(Player(4)));
    assert!(!matches!(g.step, Step::Vote(_)));
    check(&g).unwrap();
}

/// Archived Secret: "The elected player draws 1 secret objective." With three held already,
/// the fourth makes them return an unscored one (rules 61, `Step::ReturnSecret`), and the
/// agenda phase goes on after it (window `AgendaResolved`, the next agenda).
#[test]
fn archived_secret_draws_a_secret_objective_and_a_fourth_is_returned() {
    let n_secrets = |g: &Ti4Game| g.content.cards.secret_objectives.len();
    let held = |g: &Ti4Game, p: Player| {
        (0..n_secrets(g))
            .filter(|&i| matches!(g.state.secret_objectives.get(i), Zone::Hand(q) | Zone::PlayArea(q) if q == p))
            .count()
    };
    let p = Player(2);
    let mut g = game();
    let before = held(&g, p);
    assert!(before < 3);
    resolve(&mut g, "archived_secret", p.0, 0);
    assert_eq!(held(&g, p), before + 1, "one drawn");
    assert!(!matches!(g.step, Step::ReturnSecret(_)));

    let mut g = game();
    while held(&g, p) < 3 {
        let i = (0..n_secrets(&g)).find(|&i| g.state.secret_objectives.get(i) == Zone::Deck).unwrap();
        g.state.secret_objectives.set(i, Zone::Hand(p));
    }
    resolve(&mut g, "archived_secret", p.0, 0);
    assert_eq!((g.step, held(&g, p)), (Step::ReturnSecret(p), 4));
    assert_eq!(return_secrets_down_to_three(&mut g, p), 1);
}

/// Returns `p`'s secret objectives one decision at a time (each offering every unscored one in
/// hand) until it holds 3; checks that the agenda phase then goes on; the count returned.
fn return_secrets_down_to_three(g: &mut Ti4Game, p: Player) -> usize {
    let mut returned = 0;
    while g.step == Step::ReturnSecret(p) {
        let in_hand = (0..g.content.cards.secret_objectives.len())
            .filter(|&i| g.state.secret_objectives.get(i) == Zone::Hand(p))
            .count();
        let options = legal(g);
        assert_eq!(options.len(), in_hand, "any unscored secret objective in hand: {options:?}");
        g.apply(options[0]);
        returned += 1;
    }
    assert_eq!(super::flow::secrets_held(g, p), 3);
    assert!(!g.flow.agenda_phase.returning);
    assert!(matches!(g.step, Step::RevealAgenda | Step::Decide(_)), "the agenda phase goes on: {:?}", g.step);
    check(g).unwrap();
    returned
}

/// Judicial Abolishment: "Elect Law": one outcome per law in play (the common play area's and a
/// player's); the elected law is discarded (Political Censure's point goes with it), and the
/// record names it. Revealed with no law in play, it is discarded and another agenda revealed.
#[test]
fn judicial_abolishment_discards_the_elected_law() {
    let mut g = game();
    let (sanctions, censure) = (agenda(&g, "executive_sanctions"), agenda(&g, "political_censure"));
    g.state.agendas.set(sanctions.idx(), Zone::Law);
    resolve(&mut g, "political_censure", 3, 0);
    assert_eq!(g.state.player(Player(3)).bonus_vp, 1);
    voting_on(&mut g, "judicial_abolishment", Player(0));
    let mut outcomes = Vec::new();
    agendas::outcomes(&g, &mut |o| outcomes.push(o));
    assert_eq!(outcomes, vec![0, 1], "one outcome per law in play");
    let k = (0..2).find(|&k| agendas::law_of_outcome(&g, k) == Some(censure.idx())).unwrap();
    assert_eq!(g.action_id(Action::Vote(k)), "vote.political_censure");
    resolve(&mut g, "judicial_abolishment", k, 0);
    assert_eq!(g.state.agendas.get(censure.idx()), Zone::Discard);
    assert_eq!(g.state.agendas.get(sanctions.idx()), Zone::Law, "the other law stays");
    assert_eq!(g.state.player(Player(3)).bonus_vp, 0);
    let last = g.agenda_log().last().unwrap();
    assert_eq!((last.electing, last.outcome), (agendas::Electing::Law, censure.0));
    // No law in play: revealed, it is discarded for another.
    let mut g = game();
    let ja = agenda(&g, "judicial_abolishment");
    let n = g.content.cards.agendas.len();
    for i in 0..n {
        if g.state.agendas.get(i) == Zone::Deck && i != ja.idx() && i != sanctions.idx() {
            g.state.agendas.set(i, Zone::Discard);
        }
    }
    for seed in 0..6 {
        let mut g = g.clone();
        agendas::reveal(&mut g, &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(g.flow.agenda_phase.agenda_card, sanctions.0, "seed {seed}");
    }
}

/// Miscount Disclosed: "Vote on the elected law as if it were just revealed from the top of the
/// deck." The elected law stays in play while the players vote on it again (a new vote, in
/// the same agenda); its new outcome then resolves as a law's: "against" discards it (and
/// resolves its "against" effect), an election moves it to the newly elected player (Political
/// Censure's point moves with it). The revote is part of the same agenda of the phase.
#[test]
fn miscount_disclosed_votes_on_the_elected_law_again() {
    /// Resolves the agenda being voted on with `outcome` at the chance step.
    fn resolve_now(g: &mut Ti4Game, outcome: u8) {
        g.flow.agenda_phase.outcome = outcome;
        g.step = Step::ResolveAgenda;
        g.apply_chance(&mut ChaCha8Rng::seed_from_u64(7));
        check(g).unwrap();
    }
    let mut g = game();
    let (sanctions, censure) = (agenda(&g, "executive_sanctions"), agenda(&g, "political_censure"));
    g.state.agendas.set(sanctions.idx(), Zone::Law);
    resolve(&mut g, "political_censure", 3, 0);
    let agenda_count = g.flow.agenda_phase.agenda;
    let (g0, k_of) =
        (g.clone(), |g: &Ti4Game, a: AgendaId| (0..2).find(|&k| agendas::law_of_outcome(g, k) == Some(a.idx())));
    // A "for or against" law voted again and rejected.
    voting_on(&mut g, "miscount_disclosed", Player(0));
    let k = k_of(&g, sanctions).unwrap();
    resolve_now(&mut g, k);
    assert_eq!(g.flow.agenda_phase.agenda_card, sanctions.0, "the law is voted on again");
    assert_eq!(g.state.agendas.get(sanctions.idx()), Zone::Law, "it stays in play meanwhile");
    assert!(matches!(g.step, Step::Vote(_) | Step::Decide(_)), "{:?}", g.step);
    assert_eq!(g.flow.agenda_phase.agenda, agenda_count, "the same agenda of the phase");
    assert_eq!(g.flow.agenda_phase.votes, [0; MAX_PLAYERS]);
    resolve_now(&mut g, 1);
    assert_eq!(g.state.agendas.get(sanctions.idx()), Zone::Discard, "\"against\": discarded");
    assert_eq!(g.flow.agenda_phase.agenda, agenda_count + 1);
    // An elected law voted again and given to another player.
    let mut g = g0;
    voting_on(&mut g, "miscount_disclosed", Player(0));
    let k = k_of(&g, censure).unwrap();
    resolve_now(&mut g, k);
    assert_eq!(g.flow.agenda_phase.agenda_card, censure.0);
    assert_eq!(g.state.agendas.get(censure.idx()), Zone::PlayArea(Player(3)));
    resolve_now(&mut g, 2);
    assert_eq!(g.state.agendas.get(censure.idx()), Zone::PlayArea(Player(2)));
    assert_eq!((g.state.player(Player(3)).bonus_vp, g.state.player(Player(2)).bonus_vp), (0, 1));
}

/// Research Grant Reallocation: "The elected player gains any 1 technology of their choice.
/// Then, for each prerequisite on that technology, they remove 1 token from their fleet pool."
/// The elected player chooses among the technologies of its deck it does not own, whatever
/// their prerequisites (`Step::GainTechnology`); the gain costs a fleet token per prerequisite,
/// and the agenda phase goes on.
#[test]
fn research_grant_reallocation_gains_a_technology_for_fleet_tokens() {
    let mut g = game();
    let p = Player(2);
    resolve(&mut g, "research_grant_reallocation", p.0, 0);
    assert_eq!(g.step, Step::GainTechnology(p));
    let options = legal(&g);
    let c = g.content.clone();
    // A technology with two prerequisites the player lacks: gained anyway.
    let two = options
        .iter()
        .find_map(|&a| match a {
            Action::Research(t) if c.tech_def(t).prereq.iter().sum::<u8>() == 2 => Some(t),
            _ => None,
        })
        .expect("a technology with 2 prerequisites");
    let ps = *g.state.player(p);
    g.apply(Action::Research(two));
    assert!(g.state.player(p).techs.contains(two));
    assert_eq!(g.state.player(p).fleet, ps.fleet - 2.min(ps.fleet));
    assert_eq!(g.state.player(p).token_reinforcements, ps.token_reinforcements + 2.min(ps.fleet));
    assert!(matches!(g.step, Step::RevealAgenda | Step::Decide(_)), "the agenda phase goes on: {:?}", g.step);
    check(&g).unwrap();
}

/// Research Grant Reallocation elected for a player who is no longer in the game (eliminated
/// after the vote): nobody gains a technology and the agenda phase goes on (found by the
/// default run, game 1211 at the commit after c048d73: the gain panicked).
#[test]
fn research_grant_reallocation_for_an_eliminated_player_gains_nothing() {
    let mut g = game();
    let p = Player(2);
    let c = g.content.clone();
    for slot in 0..g.state.num_systems {
        for loc in crate::ti4::state::Location::all_in(slot) {
            if g.state.occupant(loc) != Some(p) {
                continue;
            }
            for t in UnitType::ALL {
                let k = g.state.count_at(loc, t);
                if k > 0 {
                    g.state.remove_units(loc, t, k).unwrap();
                    g.state.player_mut(p).reinforcements[t.idx()] += k;
                }
            }
        }
    }
    g.state.player_mut(p).planets = crate::ti4::ids::PlanetSet::EMPTY;
    crate::ti4::elimination::eliminate(&c, &mut g.state, p, None).expect("eliminated");
    resolve(&mut g, "research_grant_reallocation", p.0, 0);
    assert_ne!(g.step, Step::GainTechnology(p));
}

/// Search Warrant (law, Elect Player): "The elected player gains this card and draws 2 secret
/// objectives. The owner of this card plays with their secret objectives revealed." The
/// elected player draws 2 and takes the card; beyond 3 held, it returns secret objectives one
/// decision at a time until it holds 3 (two here), then the agenda phase goes on. Another
/// player's view of the game (`determinize`) keeps the owner's secret objectives as they are,
/// while a third player's are dealt again.
#[test]
fn search_warrant() {
    use crate::game::Game;
    let n_secrets = |g: &Ti4Game| g.content.cards.secret_objectives.len();
    let hand_of = |g: &Ti4Game, p: Player| {
        (0..n_secrets(g)).filter(|&i| g.state.secret_objectives.get(i) == Zone::Hand(p)).collect::<Vec<_>>()
    };
    let held = |g: &Ti4Game, p: Player| {
        (0..n_secrets(g))
            .filter(|&i| matches!(g.state.secret_objectives.get(i), Zone::Hand(q) | Zone::PlayArea(q) if q == p))
            .count()
    };
    let (p, observer, third) = (Player(2), Player(0), Player(3));
    let mut g = game();
    let before = held(&g, p);
    assert!(before <= 1);
    resolve(&mut g, "search_warrant", p.0, 0);
    let warrant = g.content.cards.agenda("search_warrant").unwrap();
    assert_eq!(g.state.agendas.get(warrant.idx()), Zone::PlayArea(p));
    assert_eq!(held(&g, p), before + 2, "two drawn");
    assert!(!matches!(g.step, Step::ReturnSecret(_)));
    let (mine, theirs) = (hand_of(&g, p), hand_of(&g, third));
    assert!(!theirs.is_empty());
    let mut redealt = false;
    for seed in 0..8 {
        let view = g.determinize(observer.idx(), &mut ChaCha8Rng::seed_from_u64(seed));
        assert_eq!(hand_of(&view, p), mine, "revealed: kept in every view");
        assert_eq!(hand_of(&view, third).len(), theirs.len());
        redealt |= hand_of(&view, third) != theirs;
    }
    assert!(redealt, "a player without the card keeps their secret objectives hidden");

    let mut g = game();
    while held(&g, p) < 3 {
        let i = (0..n_secrets(&g)).find(|&i| g.state.secret_objectives.get(i) == Zone::Deck).unwrap();
        g.state.secret_objectives.set(i, Zone::Hand(p));
    }
    resolve(&mut g, "search_warrant", p.0, 0);
    assert_eq!((g.step, held(&g, p)), (Step::ReturnSecret(p), 5));
    assert_eq!(return_secrets_down_to_three(&mut g, p), 2, "two returned, one decision each");
}

/// Search Warrant draws Drive the Debate for the player it elects: the election came first, so
/// the drawn card is not scored, and the two secret objectives beyond the limit go back (the
/// default run found a draw scored at once, which left a return with nothing to return).
#[test]
fn search_warrant_drawing_drive_the_debate_scores_nothing_and_returns_both() {
    let mut g = game();
    let p = Player(2);
    let n = g.content.cards.secret_objectives.len();
    let dtd = g.content.cards.secret_objective("drive_the_debate").unwrap().idx();
    // `p` has 3 scored and none in hand; the deck holds Drive the Debate and one other card.
    for i in 0..n {
        if g.state.secret_objectives.get(i) == Zone::Hand(p) {
            g.state.secret_objectives.set(i, Zone::Deck);
        }
    }
    let (mut scored, mut kept) = (0, false);
    for i in (0..n).filter(|&i| i != dtd) {
        if g.state.secret_objectives.get(i) != Zone::Deck {
            continue;
        }
        if scored < 3 {
            g.state.secret_objectives.set(i, Zone::PlayArea(p));
            scored += 1;
        } else if !kept {
            kept = true;
        } else {
            g.state.secret_objectives.set(i, Zone::Removed);
        }
    }
    resolve(&mut g, "search_warrant", p.0, 0);
    assert_eq!(g.state.secret_objectives.get(dtd), Zone::Hand(p), "drawn after the election: not scored");
    assert_eq!(g.step, Step::ReturnSecret(p));
    assert_eq!(return_secrets_down_to_three(&mut g, p), 2);
}

/// Imperial Arbiter: "At the end of the strategy phase, the owner of this card may discard this
/// card to swap 1 of their strategy cards with 1 of another player's strategy cards." Seat 2
/// owns it; once every player chose a card, window `StrategyPhaseEnd` offers it one swap per
/// card of another player (and declining); the swap discards the law, the two cards change
/// hands and the action phase starts in the new initiative order. Without the law the strategy
/// phase goes straight to the action phase.
#[test]
fn imperial_arbiter_swaps_strategy_cards_at_the_end_of_the_strategy_phase() {
    use crate::ti4::components::StrategyCard;
    use crate::ti4::rules::{Source, Window};
    let owner = Player(2);
    let pick_all = |g: &mut Ti4Game| {
        g.flow.picks = 0;
        g.step = Step::Pick(g.state.tokens.speaker.unwrap());
        while let Step::Pick(_) = g.step {
            let first = legal(g)[0];
            g.apply(first);
        }
    };
    let mut g = game();
    pick_all(&mut g);
    assert!(matches!(g.step, Step::Turn(_)), "no law, no decision: {:?}", g.step);

    let mut g = game();
    resolve(&mut g, "imperial_arbiter", owner.0, 0);
    let law = agenda(&g, "imperial_arbiter");
    assert_eq!(g.state.agendas.get(law.idx()), Zone::PlayArea(owner));
    pick_all(&mut g);
    assert_eq!((g.step, g.flow.pending.window), (Step::Decide(owner), Some(Window::StrategyPhaseEnd)));
    let options = legal(&g);
    let swaps: Vec<u16> = options
        .iter()
        .filter_map(|a| match *a {
            Action::Choose(Source::Agenda(a), k) if a == law => Some(k),
            _ => None,
        })
        .collect();
    assert_eq!(swaps.len(), 5, "one per card of the five other players: {options:?}");
    assert!(options.contains(&Action::Done), "a \"may\"");
    let k = swaps[swaps.len() - 1];
    let (mine, theirs) = (StrategyCard((k / 8) as u8), StrategyCard((k % 8) as u8));
    let sc = g.state.strategy_cards;
    let other = sc.holder(theirs).unwrap();
    assert_eq!(sc.holder(mine), Some(owner));
    g.apply(Action::Choose(Source::Agenda(law), k));
    let sc = g.state.strategy_cards;
    assert_eq!((sc.holder(mine), sc.holder(theirs)), (Some(other), Some(owner)));
    assert_eq!(g.state.agendas.get(law.idx()), Zone::Discard);
    let mut order = [Player(0); MAX_PLAYERS];
    crate::ti4::elimination::initiative_order(&g.state, &mut order);
    assert_eq!(g.step, Step::Turn(order[0]), "the action phase, in the new initiative order");
    check(&g).unwrap();
}

/// Galactic Crisis Pact: "Elect Strategy Card": one outcome per strategy card. "Each player may
/// perform the secondary ability of the elected strategy card without spending a command
/// token." Trade elected: every player in the game, the speaker first and clockwise (one
/// without strategy tokens too), is offered Trade's secondary; following replenishes their
/// commodities and spends no token; then the agenda phase goes on.
#[test]
fn galactic_crisis_pact_offers_the_elected_secondary_to_every_player() {
    use crate::ti4::components::STRATEGY_CARDS;
    let trade = 4u8;
    let mut g = game();
    let pact = agenda(&g, "galactic_crisis_pact");
    g.flow.agenda_phase.agenda_card = pact.0;
    let mut outcomes = Vec::new();
    agendas::outcomes(&g, &mut |o| outcomes.push(o));
    assert_eq!(outcomes, (0..STRATEGY_CARDS as u8).collect::<Vec<_>>());
    g.flow.agenda_phase.agenda_card = agendas::NO_AGENDA;
    let broke = Player(3);
    let ps = g.state.player_mut(broke);
    (ps.token_reinforcements, ps.strategy) = (ps.token_reinforcements + ps.strategy, 0);
    let strategy: Vec<u8> = g.state.seats().map(|q| g.state.player(q).strategy).collect();
    resolve(&mut g, "galactic_crisis_pact", trade, 0);
    let speaker = g.state.tokens.speaker.unwrap();
    let mut asked = Vec::new();
    while let Step::Follow(q) = g.step {
        asked.push(q);
        g.apply(Action::Follow);
        let c = g.content.clone();
        assert_eq!(g.state.player(q).commodities, c.factions[g.state.player(q).faction.idx()].commodities, "{q:?}");
    }
    let n = g.state.num_players;
    assert_eq!(asked, (0..n).map(|k| Player((speaker.0 + k) % n)).collect::<Vec<_>>(), "everyone, the speaker first");
    for q in g.state.seats() {
        assert_eq!(g.state.player(q).strategy, strategy[q.idx()], "{q:?}: no token spent");
    }
    assert!(!g.flow.strategic.crisis_pact);
    assert!(matches!(g.step, Step::RevealAgenda | Step::Decide(_)), "the agenda phase goes on: {:?}", g.step);
    let last = g.agenda_log().last().unwrap();
    assert_eq!((last.electing, last.outcome), (agendas::Electing::StrategyCard, trade));
    check(&g).unwrap();
}

/// Checks and Balances (law): "For: When a player chooses a strategy card during the strategy
/// phase, they give that strategy card to another player that does not have 1 (or 2 in a
/// three- or four-player game), if able. Against: Each player readies only 3 of their planets
/// at the end of this agenda phase." "For": each pick is followed by the chooser's decision of
/// a recipient among the players without a card (five for the first pick, fewer after); the
/// last chooser, with nobody left to give to, keeps theirs; every player ends with 1 card.
/// "Against": at the end of the agenda phase a player with 5 exhausted planets readies the 3
/// of most resources plus influence only.
#[test]
fn checks_and_balances() {
    use crate::ti4::components::StrategyCard;
    let mut g = game();
    resolve(&mut g, "checks_and_balances", 0, 0);
    assert_eq!(g.state.agendas.get(agenda(&g, "checks_and_balances").idx()), Zone::Law);
    g.flow.picks = 0;
    g.step = Step::Pick(g.state.tokens.speaker.unwrap());
    let mut recipients = Vec::new();
    let mut kept = 0;
    while let Step::Pick(p) = g.step {
        let first = legal(&g)[0];
        let Action::Pick(k) = first else { panic!("{first:?}") };
        g.apply(first);
        match g.step {
            Step::GiveCard { p: q, card } => {
                assert_eq!((q, card), (p, k));
                let options = legal(&g);
                recipients.push(options.len());
                assert!(!options.contains(&Action::Give(p.0)), "another player");
                let Action::Give(to) = options[options.len() - 1] else { panic!("{options:?}") };
                g.apply(Action::Give(to));
                assert_eq!(g.state.strategy_cards.holder(StrategyCard(k)), Some(Player(to)));
            }
            _ => {
                assert_eq!(g.state.strategy_cards.holder(StrategyCard(k)), Some(p), "kept: nobody to give to");
                kept += 1;
            }
        }
        check(&g).unwrap();
    }
    assert_eq!(recipients[0], 5, "the five others at the first pick");
    assert!(kept <= 1, "{recipients:?}");
    for q in g.state.seats() {
        let held = StrategyCard::all().filter(|&k| g.state.strategy_cards.holder(k) == Some(q)).count();
        assert_eq!(held, 1, "{q:?}");
    }
    assert!(matches!(g.step, Step::Turn(_)), "{:?}", g.step);

    let mut g = game();
    let p = Player(0);
    let planets: Vec<PlanetId> = g.state.player(p).planets.iter().collect();
    let extra = g.content.planets.len();
    let mut owned = planets.clone();
    for i in 0..extra {
        let pl = PlanetId(i as u8);
        if owned.len() < 5 && g.state.seats().all(|q| !g.state.player(q).planets.contains(pl)) {
            g.state.player_mut(p).planets.insert(pl);
            owned.push(pl);
        }
    }
    for &pl in &owned {
        g.state.exhausted_planets.insert(pl);
    }
    resolve(&mut g, "checks_and_balances", 1, 0);
    assert!(g.flow.agenda_phase.ready_three);
    agendas::ready_planets_at_phase_end(&mut g);
    let value = |pl: PlanetId| g.content.planets[pl.idx()].resources + g.content.planets[pl.idx()].influence;
    let ready: Vec<PlanetId> = owned.iter().copied().filter(|&pl| !g.state.exhausted_planets.contains(pl)).collect();
    assert_eq!(ready.len(), 3, "only 3 readied");
    let worst_ready = ready.iter().map(|&pl| value(pl)).min().unwrap();
    assert!(owned.iter().filter(|pl| !ready.contains(pl)).all(|&pl| value(pl) <= worst_ready));
    assert!(!g.flow.agenda_phase.ready_three, "once");
}

/// Minister of Antiquities: the elected player gains 1 relic from the relic deck.
#[test]
fn minister_of_antiquities_gives_the_elected_player_a_relic() {
    use crate::ti4::components::Zone;
    let mut g = game();
    let in_deck = g.state.exploration.relics_in_deck();
    assert!(in_deck > 0);
    resolve(&mut g, "minister_of_antiquities", 2, 0);
    assert_eq!(g.state.exploration.relics_in_deck(), in_deck - 1);
    let held = (0..g.content().cards.relics.len())
        .filter(|&i| g.state.exploration.relic(RelicId(i as u8)) == Zone::PlayArea(Player(2)))
        .count();
    assert_eq!(held, 1);
}

/// Drive the Debate ("You or a planet you control are elected by an agenda"): the elected
/// player holding it scores it as the agenda resolves; a holder not elected does not.
#[test]
fn drive_the_debate_is_scored_by_the_elected_player() {
    let mut g = game();
    let i = g.content.cards.secret_objective("drive_the_debate").unwrap().idx();
    g.state.secret_objectives.set(i, Zone::Hand(Player(2)));
    let mut other = g.clone();
    resolve(&mut other, "minister_of_policy", 3, 0);
    assert_eq!(other.state.secret_objectives.get(i), Zone::Hand(Player(2)), "another player elected");
    resolve(&mut g, "minister_of_policy", 2, 0);
    assert_eq!(g.state.secret_objectives.get(i), Zone::PlayArea(Player(2)), "scored when elected");
    check(&g).unwrap();
}
