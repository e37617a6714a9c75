//! Differential tests of research legality (Technology 9-15, notes 1 and 3): the fast,
//! bitset-based generator `research_options` and the checker `check_research` against the
//! plain reference in `testkit::research_reference`, over seeded random positions.
//!
//! Every case is its own seed: case `i` draws from `ChaCha8Rng::seed_from_u64(SEED)` on stream
//! `i`. A failure prints the case, the position and the replay command; set
//! `RESEARCH_CASE=i` to run that case alone.

use testkit::research_positions as positions;
use testkit::research_reference as reference;

use engine::ti4::content::{Content, TechKind};
use engine::ti4::ids::{FactionId, PlanetId, PlanetSet, Player, TechId, TechSet, UnitType};
use engine::ti4::state::State;
use engine::ti4::technology::{check_research, research, research_options, ResearchOption, Skip};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use reference::RefOption;
use std::collections::BTreeSet;

/// The seed of every case's stream.
const SEED: u64 = 0x7e57_0001_dbf5_9dc5;
/// Random positions compared option for option.
const OPTION_CASES: u64 = 100_000;
/// Random positions in which single options are probed.
const PROBE_CASES: u64 = 20_000;

/// The cases to run: all of `0..n`, or just `RESEARCH_CASE` when set.
fn cases(n: u64) -> std::ops::Range<u64> {
    match std::env::var("RESEARCH_CASE") {
        Ok(v) => {
            let i: u64 = v.parse().expect("RESEARCH_CASE is a case number");
            i..i + 1
        }
        Err(_) => 0..n,
    }
}

fn case_rng(i: u64) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(SEED);
    rng.set_stream(i);
    rng
}

/// A random position: its state, the player to research and the cost to leave payable.
struct Case {
    state: State,
    player: Player,
    cost: u32,
}

/// `k` distinct picks from `pool` (all of it when `k` is larger).
fn pick<T: Copy + Ord>(rng: &mut ChaCha8Rng, pool: &[T], k: usize) -> BTreeSet<T> {
    let mut chosen = BTreeSet::new();
    let k = k.min(pool.len());
    while chosen.len() < k {
        chosen.insert(pool[rng.random_range(0..pool.len())]);
    }
    chosen
}

/// A random but plausible research position: any content faction (Nekro included) at a table
/// of one to four; owned technologies a random share of the player's deck (sometimes most of
/// it, sometimes a stray card of another faction); Psychoarchaeology, AI Development Algorithm
/// and Inheritance Systems owned or not, ready or not; controlled planets mixing specialty
/// planets (many of them in one case in four), home planets and plain ones, a random part
/// exhausted; 0-8 trade goods; a cost of 0, 4 or 6.
fn random_case(c: &Content, rng: &mut ChaCha8Rng) -> Case {
    let nf = c.factions.len();
    let n_players = rng.random_range(1..=4usize);
    let mut factions: Vec<FactionId> = Vec::new();
    while factions.len() < n_players {
        let f = FactionId(rng.random_range(0..nf) as u8);
        if !factions.contains(&f) {
            factions.push(f);
        }
    }
    let mut s = State::new(c, &factions);
    let player = Player(rng.random_range(0..n_players) as u8);
    let f = s.player(player).faction;
    let all_techs: Vec<TechId> = (0..c.techs.len()).map(|i| TechId(i as u8)).collect();
    let deck: Vec<TechId> =
        all_techs.iter().copied().filter(|&t| c.techs[t.idx()].faction.is_none_or(|o| o == f)).collect();

    // Technologies: starting ones plus a random share of the deck.
    let density = [0.0, 0.0, 0.08, 0.2, 0.35, 0.55, 0.85][rng.random_range(0..7)];
    let mut techs = c.factions[f.idx()].starting_techs;
    for &t in &deck {
        if rng.random_bool(density) {
            techs.insert(t);
        }
    }
    if rng.random_bool(0.05) {
        techs.insert(all_techs[rng.random_range(0..all_techs.len())]);
    }
    let mut exhausted_techs = TechSet::EMPTY;
    for t in techs.iter() {
        if rng.random_bool(0.1) {
            exhausted_techs.insert(t);
        }
    }
    let l1z1x = c.factions[f.idx()].key == "l1z1x";
    let specials = [
        (c.known.psychoarchaeology, 0.25),
        (c.known.ai_development_algorithm, 0.4),
        (c.known.inheritance_systems, if l1z1x { 0.7 } else { 0.1 }),
    ];
    for (card, p_own) in specials {
        let Some(card) = card else { continue };
        techs.set(card, rng.random_bool(p_own));
        exhausted_techs.set(card, techs.contains(card) && rng.random_bool(0.3));
    }

    // Planets: specialty planets (many in one case in four), home planets, plain planets.
    let mut specialty = PlanetSet::EMPTY;
    for sp in c.specialty_planets {
        specialty = specialty.union(sp);
    }
    let specialty: Vec<PlanetId> = specialty.iter().collect();
    let plain: Vec<PlanetId> =
        (0..c.planets.len()).map(|i| PlanetId(i as u8)).filter(|p| !specialty.contains(p)).collect();
    let n_special = if rng.random_bool(0.25) { rng.random_range(5..=14) } else { rng.random_range(0..=4) };
    let mut planets: PlanetSet = pick(rng, &specialty, n_special).into_iter().collect();
    if rng.random_bool(0.8) {
        planets = planets.union(c.factions[f.idx()].home_planets.iter().copied().collect());
    }
    let n_plain = rng.random_range(0..=4);
    planets = planets.union(pick(rng, &plain, n_plain).into_iter().collect());
    let p_exhaust = [0.0, 0.25, 0.5, 0.9][rng.random_range(0..4)];
    let mut exhausted = PlanetSet::EMPTY;
    for pl in planets.iter() {
        if rng.random_bool(p_exhaust) {
            exhausted.insert(pl);
        }
    }
    // Other players' exhausted planets: noise the rules must ignore.
    let n_noise = rng.random_range(0..=2);
    exhausted = exhausted.union(pick(rng, &specialty, n_noise).into_iter().collect());

    let ps = s.player_mut(player);
    ps.techs = techs;
    ps.exhausted_techs = exhausted_techs;
    ps.planets = planets;
    ps.trade_goods = if rng.random_bool(0.4) { 0 } else { rng.random_range(1..=8) };
    ps.in_game = !rng.random_bool(0.01);
    s.exhausted_planets = exhausted;
    let cost = [0, 4, 6][rng.random_range(0..3)];
    // Captured units on the player's sheet (drawn last, so the draws above are those of every
    // earlier version of this generator): often for a faction with Riftmeld, which may return
    // one to skip an upgrade's prerequisites, rarely for the others (noise).
    let riftmeld = c.factions[f.idx()].abilities.iter().any(|a| a.key == "riftmeld");
    if n_players > 1 && rng.random_bool(if riftmeld { 0.8 } else { 0.1 }) {
        let owner = Player((player.0 + rng.random_range(1..n_players as u8)) % n_players as u8);
        let mobile: Vec<UnitType> = UnitType::ALL
            .into_iter()
            .filter(|&u| u != UnitType::SpaceDock && u != UnitType::Pds && s.player(owner).reinforcements[u.idx()] > 3)
            .collect();
        for _ in 0..rng.random_range(1..=3) {
            let u = mobile[rng.random_range(0..mobile.len())];
            s.capture_from_reinforcements(player, owner, u, 1).expect("more than 3 in reinforcements");
        }
    }
    Case { state: s, player, cost }
}

fn keys<T: Copy>(ids: impl Iterator<Item = T>, key: impl Fn(T) -> String) -> String {
    ids.map(key).collect::<Vec<_>>().join(", ")
}

/// The position in words, then its raw player record.
fn describe(c: &Content, case: &Case) -> String {
    let s = &case.state;
    let ps = s.player(case.player);
    let tech_key = |t: TechId| c.techs[t.idx()].key.clone();
    let planet_key = |p: PlanetId| {
        let def = &c.planets[p.idx()];
        let spec: String = engine::ti4::ids::Colour::ALL
            .iter()
            .filter(|&&col| def.specialties >> col as u8 & 1 == 1)
            .map(|col| &col.name()[..1])
            .collect();
        let ex = if s.exhausted_planets.contains(p) { " exhausted" } else { "" };
        format!("{}({}r {spec}{ex})", def.key, def.resources)
    };
    format!(
        "faction {} (player {} of {}, in game {}), cost {}, trade goods {}\n  techs: {}\n  exhausted techs: {}\n  planets: {}\n  raw: {:?}\n  exhausted planets: {:?}",
        c.factions[ps.faction.idx()].key,
        case.player.0,
        s.num_players,
        ps.in_game,
        case.cost,
        ps.trade_goods,
        keys(ps.techs.iter(), tech_key),
        keys(ps.exhausted_techs.iter(), tech_key),
        keys(ps.planets.iter(), planet_key),
        ps,
        s.exhausted_planets,
    )
}

fn show(c: &Content, o: &RefOption) -> String {
    let planets: Vec<&str> = o.2.iter().map(|p| c.planets[p.idx()].key.as_str()).collect();
    format!("{} {:?} [{}]", c.techs[o.0.idx()].key, o.1, planets.join(", "))
}

fn as_ref_option(o: &ResearchOption) -> RefOption {
    (o.tech, o.skip, o.exhaust().to_vec())
}

fn replay(test: &str, i: u64) -> String {
    format!("RESEARCH_CASE={i} cargo test -p engine --test research_differential {test} -- --nocapture")
}

/// What the random positions exercised, so that a thin generator cannot pass vacuously.
#[derive(Debug, Default)]
struct Coverage {
    options: usize,
    by_planets: [usize; 5],
    ai_development: usize,
    inheritance: usize,
    riftmeld: usize,
    dual_colour_planet: usize,
    psychoarchaeology_positions: usize,
    analytical_positions: usize,
    positions_without_options: usize,
}

impl Coverage {
    fn add(&mut self, c: &Content, case: &Case, options: &BTreeSet<RefOption>) {
        let ps = case.state.player(case.player);
        let f = &c.factions[ps.faction.idx()];
        self.options += options.len();
        if options.is_empty() {
            self.positions_without_options += 1;
        }
        if c.known.psychoarchaeology.is_some_and(|t| ps.techs.contains(t)) && !options.is_empty() {
            self.psychoarchaeology_positions += 1;
        }
        if f.abilities.iter().any(|a| a.key == "analytical") && !options.is_empty() {
            self.analytical_positions += 1;
        }
        for o in options {
            self.by_planets[o.2.len().min(4)] += 1;
            match o.1 {
                Skip::OneUpgradePrerequisite => self.ai_development += 1,
                Skip::AllPrerequisites => self.inheritance += 1,
                Skip::ReturnCaptured => self.riftmeld += 1,
                Skip::None => {}
            }
            if o.2.iter().any(|p| c.planets[p.idx()].specialties.count_ones() > 1) {
                self.dual_colour_planet += 1;
            }
        }
    }

    fn check(&self) {
        println!("{self:#?}");
        let Coverage { options, by_planets, .. } = *self;
        assert!(options > 1_000_000, "{options} options in all: positions too thin");
        assert!(
            by_planets[1..4].iter().all(|&n| n > 10_000) && by_planets[4] > 1_000,
            "options by planet count: {by_planets:?}"
        );
        assert!(self.ai_development > 10_000 && self.inheritance > 10_000, "too few skip options");
        assert!(self.riftmeld > 500, "too few Riftmeld options");
        assert!(self.dual_colour_planet > 1_000, "too few options with the dual-colour planet");
        assert!(self.psychoarchaeology_positions > 5_000 && self.analytical_positions > 1_000);
        assert!(self.positions_without_options > 1_000, "never a position without options");
    }
}

/// Technology 9-15: on every random position, `research_options` lists exactly the reference's
/// minimal legal options (compared as sets of (technology, skip, planets)), without
/// duplicates, and `check_research` accepts each of them.
#[test]
fn fast_options_equal_reference_options() {
    let c = Content::embedded();
    let mut buf = Vec::new();
    let mut coverage = Coverage::default();
    for i in cases(OPTION_CASES) {
        let case = random_case(&c, &mut case_rng(i));
        let (s, p) = (&case.state, case.player);
        research_options(&c, s, p, case.cost, &mut buf);
        let fast: BTreeSet<RefOption> = buf.iter().map(as_ref_option).collect();
        let slow = reference::options(&c, s, p, case.cost);
        coverage.add(&c, &case, &fast);
        if fast != slow || fast.len() != buf.len() {
            let only_fast: Vec<String> = fast.difference(&slow).map(|o| show(&c, o)).collect();
            let only_ref: Vec<String> = slow.difference(&fast).map(|o| show(&c, o)).collect();
            panic!(
                "case {i} (seed {SEED:#x}, stream {i}): fast and reference disagree\n{}\n  only fast: {only_fast:#?}\n  only reference: {only_ref:#?}\n  fast listed {} options, {} distinct\nreplay: {}",
                describe(&c, &case),
                buf.len(),
                fast.len(),
                replay("fast_options_equal_reference_options", i)
            );
        }
        for o in &buf {
            if let Err(e) = check_research(&c, s, p, o) {
                panic!(
                    "case {i}: check_research refuses generated option {} with {e:?}\n{}\nreplay: {}",
                    show(&c, &as_ref_option(o)),
                    describe(&c, &case),
                    replay("fast_options_equal_reference_options", i)
                );
            }
        }
    }
    if std::env::var("RESEARCH_CASE").is_err() {
        coverage.check();
    }
}

/// A random option near the legal ones: a generated option with a planet added or removed
/// or its skip changed, or any technology with random planets and skip.
fn probe(
    c: &Content,
    case: &Case,
    generated: &[ResearchOption],
    rng: &mut ChaCha8Rng,
) -> (TechId, Skip, BTreeSet<PlanetId>) {
    let ps = case.state.player(case.player);
    let controlled: Vec<PlanetId> = ps.planets.iter().collect();
    let any_planet = |rng: &mut ChaCha8Rng| {
        if !controlled.is_empty() && rng.random_bool(0.8) {
            controlled[rng.random_range(0..controlled.len())]
        } else {
            PlanetId(rng.random_range(0..c.planets.len()) as u8)
        }
    };
    let skip = |rng: &mut ChaCha8Rng| reference::SKIPS[rng.random_range(0..3)];
    if !generated.is_empty() && rng.random_bool(0.6) {
        let g = &generated[rng.random_range(0..generated.len())];
        let mut planets: BTreeSet<PlanetId> = g.exhaust().iter().copied().collect();
        let mut sk = g.skip;
        match rng.random_range(0..4) {
            0 if !planets.is_empty() => {
                let drop = *planets.iter().nth(rng.random_range(0..planets.len())).unwrap();
                planets.remove(&drop);
            }
            1 => {
                planets.insert(any_planet(rng));
            }
            2 => sk = skip(rng),
            _ => {}
        }
        (g.tech, sk, planets)
    } else {
        let t = TechId(rng.random_range(0..c.techs.len()) as u8);
        let n = rng.random_range(0..=4);
        let planets = (0..n).map(|_| any_planet(rng)).collect();
        (t, skip(rng), planets)
    }
}

/// Technology 10-15, notes 1 and 3: `check_research` accepts an option exactly when the
/// reference finds it legal (payment aside), on options near the legal ones and random ones.
#[test]
fn check_research_agrees_with_reference_legality() {
    let c = Content::embedded();
    let mut buf = Vec::new();
    let (mut accepted, mut refused) = (0usize, 0usize);
    for i in cases(PROBE_CASES) {
        let mut rng = case_rng(i);
        let case = random_case(&c, &mut rng);
        let (s, p) = (&case.state, case.player);
        research_options(&c, s, p, case.cost, &mut buf);
        for _ in 0..16 {
            let (t, skip, planets) = probe(&c, &case, &buf, &mut rng);
            let list: Vec<PlanetId> = planets.iter().copied().collect();
            let opt = ResearchOption::new(t, skip, &list);
            let fast = check_research(&c, s, p, &opt);
            let slow = reference::legal(&c, s, p, t, skip, &planets);
            if fast.is_ok() != slow {
                panic!(
                    "case {i}: check_research says {fast:?}, reference says legal = {slow} for {}\n{}\nreplay: {}",
                    show(&c, &(t, skip, list)),
                    describe(&c, &case),
                    replay("check_research_agrees_with_reference_legality", i)
                );
            }
            if slow {
                accepted += 1;
            } else {
                refused += 1;
            }
        }
    }
    if std::env::var("RESEARCH_CASE").is_err() {
        assert!(accepted > 10_000 && refused > 10_000, "probes too one-sided: {accepted} legal, {refused} not");
    }
}

/// Technology 10 and 14: researching a generated option gives the card, exhausts exactly
/// its planets and skip card, and leaves the cost payable from what is left.
#[test]
fn researching_a_generated_option_does_what_it_says() {
    let c = Content::embedded();
    let mut buf = Vec::new();
    for i in cases(5_000) {
        let mut rng = case_rng(i);
        let case = random_case(&c, &mut rng);
        let p = case.player;
        research_options(&c, &case.state, p, case.cost, &mut buf);
        if buf.is_empty() {
            continue;
        }
        let o = buf[rng.random_range(0..buf.len())];
        let mut s = case.state;
        let done = research(&c, &mut s, p, &o).unwrap_or_else(|e| panic!("case {i}: {e:?}"));
        let before = case.state.player(p);
        let after = s.player(p);
        assert!(after.techs.contains(o.tech) && !before.techs.contains(o.tech), "case {i}");
        // Planets gained by the research itself (I.I.H.Q. Modernization brings Custodia
        // Vigilia, exhausted) aside, exactly the option's planets become exhausted.
        let gained = after.planets.difference(before.planets);
        let exhausted = s.exhausted_planets.difference(gained);
        assert_eq!(exhausted, case.state.exhausted_planets.union(o.exhaust_set()), "case {i}");
        let mut exhausted_card = TechSet::EMPTY;
        if let Some(card) = o.skip.card(&c) {
            exhausted_card.insert(card);
        }
        assert_eq!(after.exhausted_techs, before.exhausted_techs.union(exhausted_card), "case {i}");
        assert_eq!(done.owed, o.skip.resources(), "case {i}");
        // Riftmeld returns exactly 1 captured unit of the upgrade's type to its owner.
        let held = |st: &State| -> Vec<u8> {
            (0..st.num_players).flat_map(|q| UnitType::ALL.map(|u| st.captured.held(p, Player(q), u))).collect()
        };
        let (was, now) = (held(&case.state), held(&s));
        let returned: Vec<usize> = (0..was.len()).filter(|&k| was[k] != now[k]).collect();
        if o.skip == Skip::ReturnCaptured {
            let unit = c.techs[o.tech.idx()].unit.expect("an upgrade");
            assert!(returned.len() == 1 && was[returned[0]] == now[returned[0]] + 1, "case {i}");
            let (owner, u) =
                (Player((returned[0] / UnitType::ALL.len()) as u8), UnitType::ALL[returned[0] % UnitType::ALL.len()]);
            assert_eq!(u, unit, "case {i}");
            assert_eq!(s.player(owner).reinforcements[u.idx()], case.state.player(owner).reinforcements[u.idx()] + 1);
        } else {
            assert!(returned.is_empty(), "case {i}");
        }
        let left = s.spendable_resources(&c, p, PlanetSet::EMPTY);
        assert!(left >= case.cost + done.owed, "case {i}: {left} left for {} + {}", case.cost, done.owed);
        // Unit upgrades never count as a colour (Technology 7.2).
        if c.techs[o.tech.idx()].kind == TechKind::UnitUpgrade {
            assert!(c.colour_techs.iter().all(|set| !set.contains(o.tech)), "case {i}");
        }
    }
}

/// The bench positions' option counts (regression data, like perft counts): fast and
/// reference agree and give these numbers; the benches assert the same numbers.
#[test]
fn bench_position_counts() {
    let c = Content::embedded();
    let mut buf = Vec::new();
    let mut counts = Vec::new();
    for pos in positions::all(&c) {
        research_options(&c, &pos.state, pos.player, pos.cost, &mut buf);
        let fast: BTreeSet<RefOption> = buf.iter().map(as_ref_option).collect();
        let slow = reference::options(&c, &pos.state, pos.player, pos.cost);
        assert_eq!(fast, slow, "{}", pos.name);
        counts.push((pos.name, buf.len()));
    }
    println!("{counts:?}");
    assert_eq!(counts, [("fresh_start", 11), ("mid_game", 21), ("worst_case", 359)]);
}

/// Technology 14: a planet ignores one prerequisite symbol, so naming it twice in an option
/// must not ignore two.
#[test]
fn check_research_refuses_a_planet_named_twice() {
    let c = Content::embedded();
    // Fresh Sol owns one biotic technology; X-89 Bacterial Weapon needs three. New Albion
    // (biotic, ready) covers one of the two missing symbols, not both.
    let mut pos = positions::fresh_start(&c);
    let new_albion = positions::planet(&c, "newalbion");
    let tarmann = positions::planet(&c, "tarmann");
    pos.state.players[0].planets.insert(new_albion);
    pos.state.players[0].planets.insert(tarmann);
    let x89 = positions::tech(&c, "x89_bacterial_weapon");
    let (s, p) = (&pos.state, pos.player);
    assert_eq!(check_research(&c, s, p, &ResearchOption::new(x89, Skip::None, &[new_albion, tarmann])), Ok(()));
    assert!(check_research(&c, s, p, &ResearchOption::new(x89, Skip::None, &[new_albion])).is_err());
    let twice = ResearchOption::new(x89, Skip::None, &[new_albion, new_albion]);
    assert!(!reference::legal(&c, s, p, x89, Skip::None, &BTreeSet::from([new_albion])));
    assert!(check_research(&c, s, p, &twice).is_err(), "New Albion named twice ignored two prerequisites");
}
