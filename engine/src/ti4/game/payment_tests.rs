//! Payment tests (rules 6 in the digest, "spend resources": exhaust planets for their
//! resources, trade goods 1 each, excess lost; Technology 3.1's costs; rules 67 production):
//! which planets pay is the player's decision, and the sequences of small steps reach exactly
//! the undominated payments, each once (differential against a brute force over every subset).

use super::action_card_tests::game;
use super::strategy_card_tests::hold;
use super::tests::six_player_game;
use super::*;
use crate::game::Game;
use rand::{RngExt, SeedableRng};
use std::collections::BTreeMap;

const ME: Player = Player(0);
const TECHNOLOGY: u8 = 6;

fn legal(g: &Ti4Game) -> Vec<Action> {
    let mut b = Vec::new();
    g.legal_actions(&mut b);
    b
}

/// Completes a payment under way with the first option at each step (for tests of what
/// follows a payment).
pub(super) fn pay_first_way(g: &mut Ti4Game) {
    while let Step::Pay(_) = g.step {
        let a = legal(g)[0];
        g.apply(a);
    }
}

/// A payment as the test sees it: the planets exhausted and the trade goods spent.
type Paid = (Vec<PlanetId>, u8);

/// Every payment the decisions from Pay state `g` reach, with how many sequences reach it (as
/// made, before the rule that resumes runs: `payment::LAST_PAYMENT`).
fn reached(g: &Ti4Game) -> BTreeMap<Paid, u32> {
    let Step::Pay(p) = g.step else { panic!("not a payment step: {:?}", g.step) };
    let mut out = BTreeMap::new();
    let mut stack = vec![g.clone()];
    while let Some(x) = stack.pop() {
        for a in legal(&x) {
            let mut y = x.clone();
            payment::LAST_PAYMENT.with(|l| l.set(None));
            y.apply(a);
            y.check_invariants().unwrap_or_else(|e| panic!("after {a:?}: {e}"));
            if y.step == Step::Pay(p) && y.flow.pay.then == g.flow.pay.then {
                stack.push(y);
            } else {
                let paid = payment::LAST_PAYMENT.with(|l| l.get()).expect("a payment was made");
                *out.entry((paid.planets.iter().collect(), paid.trade_goods)).or_insert(0) += 1;
            }
        }
    }
    out
}

/// The plain reference: every undominated payment of the cost under way at `g` (module docs of
/// `payment`) that extends the planets chosen so far with later planets.
fn undominated(g: &Ti4Game) -> Vec<Paid> {
    let Step::Pay(p) = g.step else { panic!("not a payment step") };
    let (c, s, st) = (g.content(), &g.state, g.flow.pay);
    // Planet values with their attachments (exploration).
    let res = |pl: PlanetId| (if st.influence { s.influence_of(c, pl) } else { s.resources_of(c, pl) }) as u32;
    let last = st.chosen.iter().last();
    let free: Vec<PlanetId> = s
        .player(p)
        .planets
        .difference(s.exhausted_planets)
        .difference(st.keep)
        .iter()
        .filter(|&pl| res(pl) > 0 && last.is_none_or(|l| pl > l))
        .collect();
    // Trade goods the payment may use (a spend objective's own are paid last), and the ready
    // influence left for the influence a later payment of the same objective owes.
    let usable = s.player(p).trade_goods.saturating_sub(st.reserve) as u32;
    let ready_influence: u32 =
        s.player(p).planets.difference(s.exhausted_planets).iter().map(|pl| s.influence_of(c, pl) as u32).sum();
    let mut out = Vec::new();
    for mask in 0u32..1 << free.len() {
        let set: Vec<PlanetId> =
            st.chosen.iter().chain((0..free.len()).filter(|i| mask >> i & 1 == 1).map(|i| free[i])).collect();
        let worth: u32 = set.iter().map(|&pl| res(pl)).sum();
        let need = st.need as u32;
        let tg = need.saturating_sub(worth);
        let needless = set.iter().any(|&pl| worth - res(pl) >= need);
        let newly: u32 =
            (0..free.len()).filter(|i| mask >> i & 1 == 1).map(|i| s.influence_of(c, free[i]) as u32).sum();
        let leaves_enough =
            st.then_influence == 0 || ready_influence - newly + (usable.saturating_sub(tg)) >= st.then_influence as u32;
        if tg <= usable && !needless && leaves_enough {
            let mut sorted = set.clone();
            sorted.sort();
            out.push((sorted, tg as u8));
        }
    }
    out.sort();
    out
}

/// `ME` controls exactly `planets` ready (its other planets exhausted) and holds `tg` trade
/// goods.
fn with_planets(g: &mut Ti4Game, planets: &[PlanetId], tg: u8) {
    let c = g.content.clone();
    for &pl in planets {
        if let Some(q) = crate::ti4::control::controller(&g.state, pl) {
            crate::ti4::control::lose_control(&c, &mut g.state, q, pl).unwrap();
        }
        crate::ti4::control::gain_control(&c, &mut g.state, ME, pl, true).unwrap();
    }
    g.state.exhausted_planets = g.state.exhausted_planets.union(g.state.player(ME).planets);
    for &pl in planets {
        g.state.exhausted_planets.remove(pl);
    }
    g.state.player_mut(ME).trade_goods = tg;
}

/// Two plain planets (no specialty, no home, not legendary) worth 3 resources (influence with
/// `influence`) and one worth 1, in planet order within each pair.
fn three_three_one(g: &Ti4Game, influence: bool) -> [PlanetId; 3] {
    let c = g.content();
    let plain = |r: u8| -> Vec<PlanetId> {
        (0..c.planets.len())
            .map(|i| PlanetId(i as u8))
            .filter(|&pl| {
                let d = &c.planets[pl.idx()];
                let v = if influence { d.influence } else { d.resources };
                v == r && d.specialties == 0 && d.home_of.is_none() && !d.legendary
            })
            .collect()
    };
    let threes = plain(3);
    assert!(threes.len() >= 2, "two plain planets worth 3");
    [threes[0], threes[1], *plain(1).first().expect("a plain planet worth 1")]
}

/// Rules 52 (Leadership: buy tokens at 3 influence each) with rules 6: buying 2 tokens with
/// ready planets of 3, 3 and 1 influence and 2 trade goods offers exactly the undominated
/// payments, each by one sequence; once paid the 5 tokens are placed.
#[test]
fn leadership_52_the_player_chooses_which_planets_pay_the_influence() {
    let mut g = hold(game(), 0);
    let planets = three_three_one(&g, true);
    with_planets(&mut g, &planets, 2);
    g.state.player_mut(ME).token_reinforcements = 8;
    g.apply(Action::Strategic(0));
    assert_eq!(g.step, Step::BuyTokens { p: ME, gaining: 3 });
    g.apply(Action::Tokens(2));
    assert_eq!(g.step, Step::Pay(ME));
    assert!(g.flow.pay.influence && g.flow.pay.need == 6);
    let want = undominated(&g);
    assert_eq!(want.len(), 3, "3+3, 3+1 and trade goods twice over: {want:?}");
    let got = reached(&g);
    assert_eq!(got.keys().cloned().collect::<Vec<_>>(), want);
    assert!(got.values().all(|&n| n == 1));
    let before = g.state.player(ME).token_reinforcements;
    pay_first_way(&mut g);
    assert!(matches!(g.step, Step::Tokens { p: ME, .. }), "the placement follows: {:?}", g.step);
    assert_eq!(g.state.player(ME).token_reinforcements, before - 5);
    g.check_invariants().unwrap();
}

/// Public objective `o` is the only one revealed (the others go back to the deck).
fn reveal_only(g: &mut Ti4Game, o: PublicObjectiveId) {
    use crate::ti4::components::PublicState;
    for i in 0..g.content.cards.public_objectives.len() {
        let x = PublicObjectiveId(i as u8);
        if g.state.public_objectives.state(x) == PublicState::Revealed {
            g.state.public_objectives.set_state(x, PublicState::Deck);
        }
    }
    g.state.public_objectives.set_state(o, PublicState::Revealed);
}

/// A spend objective of one kind (Sway the Council: spend 8 influence) scored through the
/// Imperial primary (rules 61) is paid as the player chooses among the undominated payments,
/// then scored.
#[test]
fn sway_the_council_spend_8_influence_is_paid_as_the_player_chooses() {
    let mut g = hold(game(), 7);
    let c = g.content.clone();
    let o = c.cards.public_objective("sway_the_council").expect("Sway the Council");
    reveal_only(&mut g, o);
    let planets = three_three_one(&g, true);
    with_planets(&mut g, &planets, 2);
    g.apply(Action::Strategic(7));
    assert!(legal(&g).contains(&Action::ScorePublic(o)), "{:?}", legal(&g));
    g.apply(Action::ScorePublic(o));
    assert_eq!(g.step, Step::Pay(ME));
    let want = undominated(&g);
    assert_eq!(want.len(), 2, "3+3 and 2 trade goods, or all three and 1: {want:?}");
    assert_eq!(reached(&g).keys().cloned().collect::<Vec<_>>(), want);
    assert!(!g.state.public_objectives.scored_by(o).contains(ME), "scored once paid");
    pay_first_way(&mut g);
    assert!(g.state.public_objectives.scored_by(o).contains(ME));
    assert!(!matches!(g.step, Step::Imperial(_) | Step::Pay(_)), "the primary goes on: {:?}", g.step);
    g.check_invariants().unwrap();
}

/// Lead from the Front ("spend a total of 3 tokens from your tactic and/or strategy pools"),
/// scored through the Imperial primary: the player chooses how many tokens come from the tactic
/// pool (the strategy pool gives the rest), one decision, then the objective is scored.
#[test]
fn lead_from_the_front_the_player_chooses_which_pools_spend_the_tokens() {
    let mut g = hold(game(), 7);
    let c = g.content.clone();
    let o = c.cards.public_objective("lead_from_the_front").expect("Lead from the Front");
    reveal_only(&mut g, o);
    let ps = g.state.player_mut(ME);
    let total = ps.tactic + ps.strategy + ps.token_reinforcements;
    ps.token_reinforcements = total - 4;
    (ps.tactic, ps.strategy) = (2, 2);
    g.apply(Action::Strategic(7));
    assert!(legal(&g).contains(&Action::ScorePublic(o)), "{:?}", legal(&g));
    g.apply(Action::ScorePublic(o));
    assert_eq!(g.step, Step::Pay(ME));
    assert_eq!(legal(&g), vec![Action::Tokens(1), Action::Tokens(2)], "1 or 2 from the tactic pool");
    g.check_invariants().unwrap();
    assert!(!g.state.public_objectives.scored_by(o).contains(ME), "scored once paid");
    g.apply(Action::Tokens(2));
    let ps = g.state.player(ME);
    assert_eq!((ps.tactic, ps.strategy, ps.token_reinforcements), (0, 1, total - 1));
    assert!(g.state.public_objectives.scored_by(o).contains(ME));
    assert!(!matches!(g.step, Step::Imperial(_) | Step::Pay(_)), "the primary goes on: {:?}", g.step);
    g.check_invariants().unwrap();
}

/// Amass Wealth ("spend 3 influence, 3 resources and 3 trade goods"), scored through the
/// Imperial primary: the resources are paid first as the player chooses, only in ways that
/// leave enough ready influence and trade goods for the rest; then the influence as the player
/// chooses; then the 3 trade goods; then the objective is scored.
#[test]
fn amass_wealth_resources_then_influence_are_paid_as_the_player_chooses() {
    let mut g = hold(game(), 7);
    let c = g.content.clone();
    let o = c.cards.public_objective("amass_wealth").expect("Amass Wealth");
    reveal_only(&mut g, o);
    // Two 3-resource planets and a 3-influence one, and 4 trade goods: the resources can be
    // paid with either 3-resource planet, or with 3 trade goods only if the influence planet
    // pays the influence (1 trade good would be left for it otherwise).
    let [r1, r2, _] = three_three_one(&g, false);
    let [i1, _, _] = three_three_one(&g, true);
    assert!(c.planets[r1.idx()].influence < 3 && c.planets[r2.idx()].influence < 3);
    with_planets(&mut g, &[r1, r2, i1], 4);
    g.apply(Action::Strategic(7));
    assert!(legal(&g).contains(&Action::ScorePublic(o)), "{:?}", legal(&g));
    g.apply(Action::ScorePublic(o));
    assert_eq!(g.step, Step::Pay(ME));
    assert!(!g.flow.pay.influence && g.flow.pay.need == 3 && g.flow.pay.then_influence == 3);
    let want = undominated(&g);
    assert_eq!(reached(&g).keys().cloned().collect::<Vec<_>>(), want);
    assert!(want.contains(&(vec![r1], 0)) && want.contains(&(vec![r2], 0)), "{want:?}");
    assert!(!want.iter().any(|(ps, _)| ps.contains(&i1)), "the influence planet is kept for the influence: {want:?}");
    g.apply(Action::Exhaust(r2));
    // The influence: i1 alone (3), or r1's influence with the 1 trade good left when that
    // covers it (a choice then, else i1 is paid at once).
    if g.step == Step::Pay(ME) {
        assert!(g.flow.pay.influence && g.flow.pay.need == 3 && g.flow.pay.reserve == 3);
        assert_eq!(reached(&g).keys().cloned().collect::<Vec<_>>(), undominated(&g));
        g.apply(Action::Exhaust(i1));
    }
    assert!(g.state.public_objectives.scored_by(o).contains(ME));
    assert_eq!(g.state.player(ME).trade_goods, 1, "3 trade goods spent");
    assert!(g.state.exhausted_planets.contains(r2) && g.state.exhausted_planets.contains(i1));
    assert!(!g.state.exhausted_planets.contains(r1));
    assert!(!matches!(g.step, Step::Imperial(_) | Step::Pay(_)), "the primary goes on: {:?}", g.step);
    g.check_invariants().unwrap();
}

/// Rules 6 with Technology 3.1 (the primary's second research costs 6): with ready planets of
/// 3, 3 and 1 resources and 2 trade goods, the player chooses among exactly the three
/// undominated payments (3+3; 3+1 and 2 trade goods, twice over), each reached by one sequence
/// of decisions; 3+3+1 (the 1 is not needed) is never offered; the chosen planets are exhausted
/// and the trade goods spent.
#[test]
fn rules_6_the_player_chooses_which_planets_pay_for_a_research() {
    let mut g = hold(game(), TECHNOLOGY);
    let c = g.content.clone();
    let [a, b, one] = three_three_one(&g, false);
    with_planets(&mut g, &[a, b, one], 2);
    g.state.player_mut(ME).techs = TechSet::EMPTY;
    let free: Vec<TechId> = (0..c.techs.len())
        .map(|i| TechId(i as u8))
        .filter(|&t| {
            let d = &c.techs[t.idx()];
            d.prereq == [0, 0, 0, 0] && d.faction.is_none() && !d.is_unit_upgrade()
        })
        .take(2)
        .collect();
    g.apply(Action::Strategic(TECHNOLOGY));
    g.apply(Action::Research(free[0]));
    assert_eq!(g.step, Step::Research { p: ME, cost: 6, second: true }, "the first research cost nothing");
    g.apply(Action::Research(free[1]));
    assert_eq!(g.step, Step::Pay(ME), "a choice of payment");
    let mut want = vec![(vec![a, b], 0), (vec![a, one], 2), (vec![b, one], 2)];
    want.iter_mut().for_each(|w| w.0.sort());
    want.sort();
    assert_eq!(undominated(&g), want);
    let got = reached(&g);
    assert_eq!(got.keys().cloned().collect::<Vec<_>>(), want);
    assert!(got.values().all(|&n| n == 1), "each payment by one sequence: {got:?}");
    // Pay 3 + 1 and the trade goods: exhaust `one` and whichever 3 comes first, then `Done`.
    let first = a.min(one);
    g.apply(Action::Exhaust(first));
    if g.step == Step::Pay(ME) {
        g.apply(Action::Exhaust(a.max(one)));
    }
    if g.step == Step::Pay(ME) {
        assert_eq!(legal(&g), vec![Action::Done], "3 + 1 leave 2 for the trade goods");
        g.apply(Action::Done);
    }
    assert!(g.state.player(ME).techs.contains(free[1]));
    assert!(g.state.exhausted_planets.contains(a) && g.state.exhausted_planets.contains(one));
    assert!(!g.state.exhausted_planets.contains(b), "the other 3 stays ready");
    assert_eq!(g.state.player(ME).trade_goods, 0);
    g.check_invariants().unwrap();
}

/// Differential test over random play: at every payment step met in 40 seeded random games
/// (research, production, Leadership's tokens, objectives), the decision sequences reach exactly the undominated payments of
/// the brute-force reference, each by one sequence, and every state on the way keeps the
/// invariants (the position round trip of these states is
/// `position_tests`' random-game round trip). Both kinds of payment are met.
#[test]
fn payment_sequences_reach_exactly_the_undominated_payments() {
    // Research, production, tokens, objectives.
    let mut kinds = [0u32; 4];
    for seed in 0..40u64 {
        let mut g = six_player_game(seed);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut buf = Vec::new();
        let mut steps = 0;
        while g.end_condition().is_none() && steps < 4000 {
            steps += 1;
            if g.current() == crate::game::Turn::Chance {
                g.apply_chance(&mut rng);
                continue;
            }
            if let Step::Pay(_) = g.step {
                if g.flow.pay.tokens {
                    // A spend of command tokens (its own test); no planets.
                    g.legal_actions(&mut buf);
                    assert!(buf.iter().all(|a| matches!(a, Action::Tokens(_))) && buf.len() > 1);
                    g.apply(buf[rng.random_range(0..buf.len())]);
                    continue;
                }
                kinds[match g.flow.pay.then {
                    payment::PayFor::Production => 1,
                    payment::PayFor::Tokens { .. } => 2,
                    payment::PayFor::Objective { .. }
                    | payment::PayFor::ObjectiveResources { .. }
                    | payment::PayFor::ObjectiveRest { .. } => 3,
                    _ => 0,
                }] += 1;
                let got = reached(&g);
                assert_eq!(
                    got.keys().cloned().collect::<Vec<_>>(),
                    undominated(&g),
                    "seed {seed} step {steps}: {:?} {:?} tg {}",
                    g.flow.pay,
                    legal(&g),
                    g.state.player(g.flow.turn).trade_goods
                );
                assert!(got.values().all(|&n| n == 1), "seed {seed}: {got:?}");
            }
            g.legal_actions(&mut buf);
            let a = buf[rng.random_range(0..buf.len())];
            g.apply(a);
        }
    }
    eprintln!("payments met (research, production, tokens, objectives): {kinds:?}");
    assert!(kinds.iter().all(|&k| k > 0), "every kind of payment met: {kinds:?}");
}
