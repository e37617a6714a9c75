//! The hook points are reached in play: seeded random games with every faction that has rules,
//! every state checked (the OpenSpiel-style random simulation with the round loop's
//! invariants), and every hook point answered by an active rule at least once.

use super::{exercise_counts, HOOK_POINTS};
use crate::game::random_simulation;
use crate::ti4::content::Content;
use crate::ti4::factions::FACTIONS;
use crate::ti4::game::{MapChoice, Ti4Game, Ti4Options};
use crate::ti4::ids::{FactionId, Player};
use crate::ti4::technology::gain;

/// Six factions per table: each faction with rules sits at some table with five generic
/// factions that own generic technologies in play.
fn tables(c: &Content) -> Vec<Vec<FactionId>> {
    let fillers = ["sol", "hacan", "letnev", "xxcha", "yssaril", "winnu", "arborec", "saar"];
    FACTIONS
        .iter()
        .enumerate()
        .map(|(i, (key, _))| {
            let mut t = vec![c.faction(key).expect("registered faction in the content")];
            let others = (0..fillers.len()).map(|k| fillers[(i + k) % fillers.len()]).filter(|f| f != key);
            t.extend(others.take(5).map(|f| c.faction(f).unwrap()));
            t
        })
        .collect()
}

/// Hook points the round loop does not reach yet, with the reason; each is checked to stay
/// unreached, so that the list is removed from as play starts to reach them.
const NOT_IN_PLAY: &[(&str, &str)] = &[
    (
        "cannot_be_eliminated",
        "asked by `sim explain elimination` only; play keeps such players in by the condition itself",
    ),
    ("may_tally", "asked by sim's statistics when a choice is taken, never by the round loop"),
];

/// Hook points play reaches too rarely for this test's budget, with the test that reaches them.
const RARE: &[(&str, &str)] = &[
    (
        "mechs_bombard_from_planets",
        "the bombardment step of an L1Z1X invasion (asked only for the L1Z1X, only in the L1Z1X table); game::unit_text_tests::l1z1x_mech_anihilator_bombards_from_a_planet_in_the_active_system asks it",
    ),
    (
        "uses_others_commander",
        "a Mahact player holding the command token of a player whose commander is unlocked (Imperia), asked outside a held Alliance (which answers without a rule); game::leader_tests::mahact_imperia_uses_another_players_unlocked_commander asks it",
    ),
    (
        "commit_influence",
        "ground forces committed to a planet holding a Keleres mech (the Keleres are only in the Keleres table); game::faction_tests::keleres_omniopiares_makes_other_players_spend_1_influence_per_mech_to_commit_units asks it",
    ),
    (
        "activates_own_token_systems",
        "a Mahact activation once Il Na Viroset is unlocked (2 other factions' command tokens in the fleet pool, taken by Edict after won combats); game::leader_tests::mahact_commander_il_na_viroset_activates_a_system_with_its_own_token asks it",
    ),
    (
        "placed_units_fight",
        "a Titans activation of a system where another player has ground forces on a planet with a Titans sleeper token (a planet the Titans explored, then lost to an invasion); game::sleeper_tests::titans_coalescence_awakened_pds_fights_the_ground_forces_there asks it",
    ),
    (
        "production_limit_exempt",
        "a Vuil'raith production once That Which Molds Flesh is unlocked (units in 3 gravity rifts: a base and Prophecy of Kings map holds at most 2, so random play must first build space docks, Dimensional Tears, outside the home system); game::leader_tests::cabal_commander_that_which_molds_flesh_produces_2_infantry_beyond_the_limit asks it",
    ),
    (
        "bombards_after_ground_rounds",
        "an L1Z1X ground combat with bombardment ships in the space area (reached in random play until the event objectives changed the random games); game::faction_tests::l1z1x_harrow_bombards_the_defending_ground_forces_after_each_ground_combat_round asks it",
    ),
    (
        "custodians_free",
        "Winnu taking control of Mecatol Rex while the custodians token is on it (reached in random play until the objectives of e754b3c changed the random games); game::faction_tests::winnu_blood_ties_removes_the_custodians_without_spending_influence asks it",
    ),
    (
        "cannot_lose_planet",
        "an invasion of a Keleres planet once I.I.H.Q. Modernization is owned; elimination::tests::elimination_keleres_with_custodia_vigilia_cannot_be_eliminated asks it",
    ),
    (
        "planet_protected",
        "a landing considered on a Crimson Rebellion home planet (the random walks reach it only on some streams); elimination::tests::elimination_crimson_rebellion_sundered_keeps_its_home_planet asks it",
    ),
    (
        "no_space_cannon_in_invasion",
        "an invasion of an occupied planet by the owner of L4 Disruptors (a Letnev faction technology: only the Letnev table's second pass, 20 random games, owns it, and it did not answer within this test's budget); game::tech_tests::l4_disruptors_units_cannot_use_space_cannon_against_the_invaders asks it",
    ),
    (
        "ground_combat_answer_hit",
        "an invasion by or of the Sardakk N'orr once they own Valkyrie Particle Weave (only the Sardakk table's second pass, 20 random games, owns it); game::tech_tests::valkyrie_particle_weave_gives_its_owner_the_extra_ground_combat_hit asks it",
    ),
    (
        "assimilates_structures",
        "an L1Z1X invasion won on a planet with another player's PDS or space dock; game::faction_tests::l1z1x_assimilate_replaces_the_structures_of_a_planet_it_takes asks it",
    ),
];

#[test]
fn every_hook_point_is_exercised_by_the_random_simulation() {
    let c = Content::embedded();
    for (i, factions) in tables(&c).into_iter().enumerate() {
        let g = Ti4Game::new(c.clone(), &factions, &MapChoice::Random(i as u64), Ti4Options::default()).unwrap();
        random_simulation(&g, 40, 40 + i as u64, 200_000, |g: &Ti4Game| g.check_invariants().map_err(String::from))
            .unwrap_or_else(|e| panic!("table {i}: {e}"));
        // The same table from a start where seat 0 owns its faction technologies and the
        // custodians token is gone (agenda phases from round 1).
        let mut g = g;
        let f = g.state.player(Player(0)).faction;
        for t in c.factions[f.idx()].faction_techs.iter() {
            let _ = gain(&c, &mut g.state, Player(0), t);
        }
        g.flow.custodians = false;
        random_simulation(&g, 20, 90 + i as u64, 200_000, |g: &Ti4Game| g.check_invariants().map_err(String::from))
            .unwrap_or_else(|e| panic!("table {i} with faction technologies: {e}"));
    }
    let counts = exercise_counts();
    let unreached = |name: &str| NOT_IN_PLAY.iter().any(|(n, _)| *n == name);
    let rare = |name: &str| RARE.iter().any(|(n, _)| *n == name);
    let missing: Vec<_> = HOOK_POINTS
        .iter()
        .zip(&counts)
        .filter(|(h, &n)| n == 0 && !unreached(h.name) && !rare(h.name))
        .map(|(h, _)| h.name)
        .collect();
    assert!(missing.is_empty(), "hook points no rule answered in random play: {missing:?}");
    let reached: Vec<_> =
        HOOK_POINTS.iter().zip(&counts).filter(|(h, &n)| n > 0 && unreached(h.name)).map(|(h, _)| h.name).collect();
    assert!(reached.is_empty(), "now reached in play, remove from NOT_IN_PLAY: {reached:?}");
}

#[test]
fn the_embedded_content_resolves_every_rule() {
    let c = Content::embedded();
    let n = super::rules().count();
    assert_eq!(c.rules.sources.len(), n, "a rule's content id is missing from the embedded content");
}

/// Every rule with a "you may" names the windows it answers at (`Hooks::may_windows`), at
/// least one, so that opening a window asks only the rules that can answer there.
#[test]
fn every_may_rule_names_its_windows() {
    for r in super::rules().filter(|r| r.hooks.may_choices.is_some()) {
        let windows = r.hooks.may_windows.unwrap_or_else(|| panic!("{:?} names no may_windows", r.source));
        assert!(!windows.is_empty(), "{:?}: empty may_windows", r.source);
    }
    for r in super::rules().filter(|r| r.hooks.may_choices.is_none()) {
        assert!(r.hooks.may_windows.is_none(), "{:?}: may_windows without may_choices", r.source);
    }
}

#[test]
fn docs_list_every_hook_point() {
    let doc = include_str!("../../../../docs/ADDING_RULES.md");
    for h in HOOK_POINTS {
        assert!(doc.contains(&format!("| `{}` |", h.name)), "docs/ADDING_RULES.md lacks hook point {}", h.name);
    }
}

/// SUNDERED in play (the round loop places units through `placement::place_units`): in random
/// games with the Crimson Rebellion, other players' ships do enter its home system (through The
/// Sorrow), and no other player's unit is ever left there (the invariant check, at every
/// state, fails otherwise).
#[test]
fn sundered_destroys_units_entering_the_crimson_home_in_play() {
    use crate::game::{Game, Turn};
    use crate::ti4::game::{Action, Step};
    use rand::{RngExt, SeedableRng};
    let c = Content::embedded();
    let factions: Vec<_> =
        ["crimson", "sol", "hacan", "letnev", "xxcha", "winnu"].iter().map(|k| c.faction(k).unwrap()).collect();
    let mut entered = 0;
    let mut buf = Vec::new();
    for seed in 0..60u64 {
        let mut g = Ti4Game::new(c.clone(), &factions, &MapChoice::Random(seed), Ti4Options::default()).unwrap();
        let home = g.home_slot[0];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        loop {
            match g.current() {
                Turn::Terminal => break,
                Turn::Chance => g.apply_chance(&mut rng),
                Turn::Player(p) => {
                    g.legal_actions(&mut buf);
                    let a = buf[rng.random_range(0..buf.len())];
                    let moving = matches!(a, Action::Move(..)) && g.step == Step::Move(Player(p as u8));
                    entered += (p != 0 && moving && g.flow.tactical.active == home) as u32;
                    g.apply(a);
                }
            }
            g.check_invariants().unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        }
    }
    assert!(entered > 0, "no ship entered the Crimson home in these games: the test shows nothing");
}

/// The entries `matching` yields (its candidates: the sources a player holds, action-card
/// copies by hand mask) against the plain filter of every entry by `Source::active` or
/// `Source::ready`, for every player at every state of seeded random games (a differential test
/// of the fast path), on lists that mix every kind of source.
#[test]
fn matching_equals_the_plain_filter_on_random_states() {
    use super::{matching, HookId, HookList, Source};
    use crate::game::{random_step, Game};
    use rand::SeedableRng;
    /// Checks one list for `p`; returns how many action-card entries matched.
    fn same<F: Copy>(list: &HookList<F>, h: HookId, g: &Ti4Game, p: Player, ready: bool) -> usize {
        same_among(list, list, h, g, p, ready, [u64::MAX; 4])
    }
    /// As `same`, for the entries of `allowed` only (a window's `may_windows` entries), matched
    /// fast in `window_list` (the window's own list, `RuleBook::may_by_window`).
    fn same_among<F: Copy>(
        list: &HookList<F>,
        window_list: &HookList<F>,
        h: HookId,
        g: &Ti4Game,
        p: Player,
        ready: bool,
        allowed: [u64; 4],
    ) -> usize {
        let (c, s) = (g.content(), g.state());
        let fast: Vec<Source> = matching(window_list, h, c, s, p, ready, [u64::MAX; 4]).map(|(src, _)| src).collect();
        let plain: Vec<Source> = list
            .iter()
            .enumerate()
            .filter(|&(i, _)| allowed[i / 64] >> (i % 64) & 1 == 1)
            .map(|(_, &(src, _))| src)
            .filter(|src| if ready { src.ready(c, s, p) } else { src.active(c, s, p) })
            .collect();
        assert_eq!(fast, plain, "seat {}", p.0);
        fast.iter().filter(|src| matches!(src, Source::ActionCard(_))).count()
    }
    let c = Content::embedded();
    let (mut checked, mut cards) = (0u32, 0usize);
    for (i, factions) in tables(&c).into_iter().enumerate().step_by(3) {
        let mut g = Ti4Game::new(c.clone(), &factions, &MapChoice::Random(i as u64), Ti4Options::default()).unwrap();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(500 + i as u64);
        let mut buf = Vec::new();
        for _ in 0..1_500 {
            if g.is_terminal() {
                break;
            }
            let rules = &g.content().rules;
            for p in g.state().seats() {
                cards += same(&rules.may_choices, HookId::may_choices, &g, p, true);
                // The entries of one window (a different one at each step).
                let w = g.decisions() as usize % super::Window::COUNT;
                let window_list = &rules.may_by_window[w];
                same_among(&rules.may_choices, window_list, HookId::may_choices, &g, p, true, rules.may_windows[w]);
                cards += same(&rules.may_resolve, HookId::may_resolve, &g, p, true);
                same(&rules.combat_sides, HookId::combat_sides, &g, p, false);
                same(&rules.component_targets, HookId::component_targets, &g, p, true);
                checked += 1;
            }
            random_step(&mut g, &mut rng, &mut buf);
        }
    }
    assert!(checked > 10_000, "{checked} player states");
    assert!(cards > 1_000, "action cards in hand matched only {cards} times");
}
