//! The TI4 heuristic ([`Ti4Heuristic`]): a weighted sum of per-player features of the public
//! state, turned into one value per player in `[0, 1]`.
//!
//! Features of seat `p` (weights by name, defaults in [`Ti4Weights::default`]):
//! - `vp`: victory points;
//! - `reach`: objectives `p` could score now: revealed public objectives `p` has not scored
//!   and meets, plus secret objectives in `p`'s hand that `p` meets (others' hands are only
//!   known through the determinization the caller evaluates); an objective one step away
//!   (one planet, ship, structure or technology short, a quarter short of a spend) counts 0.35;
//! - `planets`, `resources`, `influence`: controlled planets and their sums;
//! - `techs`: technologies owned; `colours`: distinct technology colours owned;
//! - `fleet`: ships on the board valued at their cost (units in a running tactical action,
//!   combat or production queue included, so that moving and producing are not losses);
//! - `ground`: infantry and mechs (likewise); `structures`: PDS and space docks;
//! - `trade_goods`: trade goods; `tokens`: command tokens in the three pools;
//! - `cards`: unexhausted strategy cards held, each worth a fixed share of its effect;
//! - `threat` (negative): cost of other players' ships in or next to systems where `p` has a
//!   planet or units;
//! - `progress`: shaping for decisions that pay only in sequence: during `p`'s tactical action,
//!   the value of the active system as a target, ships and ground forces committed to it; a
//!   pending research or construction step.
//!
//! Values: the score `s_p = Σ w_f · f_p(p)` becomes `v_p = mean_{q ≠ p} σ(scale · (s_p − s_q))`,
//! the chance of finishing above each other player under independent pairwise comparisons,
//! which matches the game's returns (`1 − place / (n − 1)`, mean 1/2). Eliminated players
//! score far below everyone (the later eliminated higher); a terminal state gets its returns.
//!
//! Everything read is public (the board, play areas, scored and revealed objectives) except
//! the secret objectives in hand, so an agent evaluating `determinize(me, rng)` sees only its
//! own view.
//!
//! Config: `{"kind": "heuristic", "weights": {"vp": 12, "threat": -0.2}}` (or `"weights"` on an
//! `"mcts"` config, for its heuristic rollouts and cut-offs); names are [`TI4_WEIGHT_NAMES`],
//! unset weights keep their defaults, unknown names are [`ConfigError::UnknownWeight`].
//!
//! Also here, for tests and the `ti4_ladder` example: seeded 6-player games
//! ([`six_player_game`]), a seat-rotated match ([`play_rotated`]) and the Wilson interval
//! ([`wilson`]).

use std::sync::{Arc, OnceLock};

use engine::game::{Game, PerPlayer, Turn};
use engine::ti4::combat::Side;
use engine::ti4::components::{PublicState, StrategyCard, Zone};
use engine::ti4::content::Content;
use engine::ti4::game::objectives::meets;
use engine::ti4::game::{Cond, ObjectiveTable, Step, Ti4Game};
use engine::ti4::ids::{Player, PublicObjectiveId, UnitType, MAX_PLAYERS, UNIT_TYPES};
use engine::ti4::state::NOBODY;

use crate::config::ConfigError;
use crate::heuristic::{Evaluator, HasHeuristic, Weights};

/// Names of the TI4 weights, in [`Ti4Weights`] field order.
pub const TI4_WEIGHT_NAMES: [&str; 17] = [
    "vp",
    "reach",
    "planets",
    "resources",
    "influence",
    "techs",
    "colours",
    "fleet",
    "ground",
    "structures",
    "trade_goods",
    "tokens",
    "cards",
    "threat",
    "progress",
    "scale",
    "eliminated",
];

/// Feature weights of [`Ti4Heuristic`] (see the module docs for the features).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Ti4Weights {
    /// Per victory point (default 10).
    pub vp: f64,
    /// Per objective scorable now (default 4).
    pub reach: f64,
    /// Per planet (default 1).
    pub planets: f64,
    /// Per resource of controlled planets (default 0.4).
    pub resources: f64,
    /// Per influence of controlled planets (default 0.3).
    pub influence: f64,
    /// Per technology (default 1.5).
    pub techs: f64,
    /// Per technology colour owned (default 0.5).
    pub colours: f64,
    /// Per resource of ship cost (default 0.5).
    pub fleet: f64,
    /// Per ground force (default 0.4).
    pub ground: f64,
    /// Per structure (default 0.8).
    pub structures: f64,
    /// Per trade good (default 0.2).
    pub trade_goods: f64,
    /// Per command token in the pools (default 0.2).
    pub tokens: f64,
    /// Per unit of unexhausted strategy-card value (default 1).
    pub cards: f64,
    /// Per resource of enemy ship cost threatening the player (default -0.1).
    pub threat: f64,
    /// Per unit of tactical-action progress (default 1).
    pub progress: f64,
    /// Sharpness of the pairwise comparison: `σ(scale · score difference)` (default 0.1).
    pub scale: f64,
    /// Score of an eliminated player (default -1000).
    pub eliminated: f64,
}

impl Default for Ti4Weights {
    fn default() -> Self {
        Ti4Weights {
            vp: 10.0,
            reach: 4.0,
            planets: 1.0,
            resources: 0.4,
            influence: 0.3,
            techs: 1.5,
            colours: 0.5,
            fleet: 0.5,
            ground: 0.4,
            structures: 0.8,
            trade_goods: 0.2,
            tokens: 0.2,
            cards: 1.0,
            threat: -0.1,
            progress: 1.0,
            scale: 0.1,
            eliminated: -1000.0,
        }
    }
}

impl Ti4Weights {
    fn slot(&mut self, name: &str) -> Option<&mut f64> {
        Some(match name {
            "vp" => &mut self.vp,
            "reach" => &mut self.reach,
            "planets" => &mut self.planets,
            "resources" => &mut self.resources,
            "influence" => &mut self.influence,
            "techs" => &mut self.techs,
            "colours" => &mut self.colours,
            "fleet" => &mut self.fleet,
            "ground" => &mut self.ground,
            "structures" => &mut self.structures,
            "trade_goods" => &mut self.trade_goods,
            "tokens" => &mut self.tokens,
            "cards" => &mut self.cards,
            "threat" => &mut self.threat,
            "progress" => &mut self.progress,
            "scale" => &mut self.scale,
            "eliminated" => &mut self.eliminated,
            _ => return None,
        })
    }

    /// The defaults with the named weights replaced. Unknown names are
    /// [`ConfigError::UnknownWeight`]; `scale` must be positive.
    pub fn from_weights(weights: &Weights) -> Result<Self, ConfigError> {
        let mut w = Ti4Weights::default();
        for (name, &value) in weights {
            let Some(slot) = w.slot(name) else {
                return Err(ConfigError::UnknownWeight { weight: name.clone(), known: &TI4_WEIGHT_NAMES });
            };
            *slot = value;
        }
        if w.scale <= 0.0 || w.scale.is_nan() {
            return Err(ConfigError::BadWeight {
                weight: "scale".into(),
                value: w.scale.to_string(),
                expected: "a positive number",
            });
        }
        Ok(w)
    }
}

/// Share of a strategy card's effect its holder is credited with before playing it, by card
/// (leadership, diplomacy, politics, construction, trade, warfare, technology, imperial).
const CARD_VALUE: [f64; 8] = [0.6, 0.2, 0.2, 0.6, 0.6, 0.3, 1.0, 1.0];

/// The TI4 evaluator (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct Ti4Heuristic {
    /// The weights.
    pub weights: Ti4Weights,
    /// The objective conditions, built on first use from the game's content.
    objectives: OnceLock<Arc<ObjectiveTable>>,
}

impl Ti4Heuristic {
    /// An evaluator with `weights`.
    pub fn new(weights: Ti4Weights) -> Self {
        Ti4Heuristic { weights, objectives: OnceLock::new() }
    }

    fn objectives(&self, c: &Content) -> &ObjectiveTable {
        self.objectives.get_or_init(|| Arc::new(ObjectiveTable::embedded(c)))
    }

    /// Each seat's weighted score (before the pairwise comparison).
    pub fn scores(&self, g: &Ti4Game) -> PerPlayer<f64> {
        let n = g.num_players();
        let ctx = Context::new(g);
        let mut out = PerPlayer::filled(n, 0.0);
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.score(g, &ctx, Player(i as u8));
        }
        out
    }

    fn score(&self, g: &Ti4Game, ctx: &Context, p: Player) -> f64 {
        let (c, s, w) = (g.content(), &g.state, &self.weights);
        let ps = s.player(p);
        if !ps.in_game {
            return w.eliminated + ps.standing.order as f64;
        }
        let f = g.heuristic_features(p);
        let mut colours = 0.0;
        for set in &c.colour_techs {
            colours += (ps.techs.intersects(set)) as u8 as f64;
        }
        let i = p.idx();
        let mut score = w.vp * f.victory_points
            + w.reach * self.reach(g, p)
            + w.planets * f.planets
            + w.resources * f.resources
            + w.influence * f.influence
            + w.techs * f.technologies
            + w.colours * colours
            + w.fleet * (f.fleet + ctx.extra_fleet[i])
            + w.ground * (ctx.ground[i] + ctx.extra_ground[i])
            + w.structures * ctx.structures[i]
            + w.trade_goods * ps.trade_goods as f64
            + w.tokens * (ps.tactic + ps.fleet + ps.strategy) as f64
            + w.threat * ctx.threat[i]
            + w.progress * ctx.progress[i];
        for k in StrategyCard::all() {
            if s.strategy_cards.holder(k) == Some(p) && !s.strategy_cards.is_exhausted(k) {
                score += w.cards * CARD_VALUE[k.0 as usize];
            }
        }
        score
    }

    /// Objectives `p` could score now, plus [`NEAR`] for each one a single step away (see
    /// [`one_step_easier`]).
    fn reach(&self, g: &Ti4Game, p: Player) -> f64 {
        let (c, s) = (g.content(), &g.state);
        let t = self.objectives(c);
        let value = |cond: Cond| {
            if meets(g, p, cond) {
                1.0
            } else if one_step_easier(cond).is_some_and(|easier| meets(g, p, easier)) {
                NEAR
            } else {
                0.0
            }
        };
        let mut n = 0.0;
        for (i, cond) in t.public.iter().enumerate().take(c.cards.public_objectives.len()) {
            let o = PublicObjectiveId(i as u8);
            if let Some(cond) = cond {
                if s.public_objectives.state(o) == PublicState::Revealed
                    && !s.public_objectives.scored_by(o).contains(p)
                {
                    n += value(*cond);
                }
            }
        }
        for (i, cond) in t.secret.iter().enumerate().take(c.cards.secret_objectives.len()) {
            if let Some(cond) = cond {
                if s.secret_objectives.get(i) == Zone::Hand(p) {
                    n += value(*cond);
                }
            }
        }
        n
    }
}

/// Credit, as a share of an objective, for being one step away from meeting it.
const NEAR: f64 = 0.35;

/// The condition with its count one lower (a quarter less to spend), for the conditions that
/// count something; `None` for the others and for counts of 1.
fn one_step_easier(cond: Cond) -> Option<Cond> {
    let less = |n: u8| (n > 1).then(|| n - 1);
    Some(match cond {
        Cond::PlanetsSameTrait(n) => Cond::PlanetsSameTrait(less(n)?),
        Cond::UnitUpgrades(n) => Cond::UnitUpgrades(less(n)?),
        Cond::TechsInColours { count, colours } => Cond::TechsInColours { count: less(count)?, colours },
        Cond::Spend { resources, influence, trade_goods, tokens } => {
            let q = |x: u8| x - x / 4;
            Cond::Spend { resources: q(resources), influence: q(influence), trade_goods: q(trade_goods), tokens }
        }
        Cond::PlanetsOutsideHome(n) => Cond::PlanetsOutsideHome(less(n)?),
        Cond::SpecialtyPlanets(n) => Cond::SpecialtyPlanets(less(n)?),
        Cond::ShipsAdjacentToMecatol(n) => Cond::ShipsAdjacentToMecatol(less(n)?),
        Cond::Structures(n) => Cond::Structures(less(n)?),
        Cond::StructurePlanetsOutsideHome(n) => Cond::StructurePlanetsOutsideHome(less(n)?),
        Cond::ShipsInOneSystem(n) => Cond::ShipsInOneSystem(less(n)?),
        Cond::SystemsWithUnits(n, f) => Cond::SystemsWithUnits(less(n)?, f),
        Cond::PlanetsWithTrait(t, n) => Cond::PlanetsWithTrait(t, less(n)?),
        Cond::SpaceDocks(n) => Cond::SpaceDocks(less(n)?),
        Cond::Dreadnoughts(n) => Cond::Dreadnoughts(less(n)?),
        Cond::TechsOneColour(n) => Cond::TechsOneColour(less(n)?),
        Cond::ShipsInSystems(n) => Cond::ShipsInSystems(less(n)?),
        Cond::PlanetsWithMech(n) => Cond::PlanetsWithMech(less(n)?),
        Cond::GroundForcesOnOnePlanet(n) => Cond::GroundForcesOnOnePlanet(less(n)?),
        Cond::PlanetResources(n) => Cond::PlanetResources(n - n / 5),
        Cond::PlanetInfluence(n) => Cond::PlanetInfluence(n - n / 5),
        _ => return None,
    })
}

/// Per-seat quantities computed once per evaluation from the board and the running action.
struct Context {
    /// Ground forces on the board.
    ground: [f64; MAX_PLAYERS],
    /// PDS and space docks on the board.
    structures: [f64; MAX_PLAYERS],
    /// Ship cost off the board in a tactical action, combat or production queue.
    extra_fleet: [f64; MAX_PLAYERS],
    /// Ground forces off the board likewise.
    extra_ground: [f64; MAX_PLAYERS],
    /// Enemy ship cost in or next to the seat's systems.
    threat: [f64; MAX_PLAYERS],
    /// Tactical-action and pending-step shaping.
    progress: [f64; MAX_PLAYERS],
}

/// Cost of one unit of each type for each seat (its current unit definitions).
fn unit_costs(g: &Ti4Game) -> [[f64; UNIT_TYPES]; MAX_PLAYERS] {
    let (c, s) = (g.content(), &g.state);
    let mut out = [[0.0; UNIT_TYPES]; MAX_PLAYERS];
    for p in s.seats() {
        let ps = s.player(p);
        let techs = engine::ti4::technology::valefar::effective_techs(c, s, p);
        for t in UnitType::ALL {
            if let Some(u) = c.effective_unit(ps.faction, t, techs) {
                let d = &c.units[u.idx()];
                out[p.idx()][t.idx()] = d.cost.unwrap_or(0) as f64 / d.units_per_cost.max(1) as f64;
            }
        }
    }
    out
}

fn is_ship(t: UnitType) -> bool {
    t.idx() >= UnitType::Fighter.idx()
}

fn ship_cost(counts: &[u8], cost: &[f64; UNIT_TYPES]) -> f64 {
    UnitType::ALL
        .iter()
        .filter(|t| is_ship(**t))
        .map(|t| counts.get(t.idx()).copied().unwrap_or(0) as f64 * cost[t.idx()])
        .sum()
}

fn ground_count(counts: &[u8]) -> f64 {
    (counts[UnitType::Infantry.idx()] + counts[UnitType::Mech.idx()]) as f64
}

impl Context {
    fn new(g: &Ti4Game) -> Self {
        let (c, s, gal) = (g.content(), &g.state, g.galaxy());
        let cost = unit_costs(g);
        let mut ctx = Context {
            ground: [0.0; MAX_PLAYERS],
            structures: [0.0; MAX_PLAYERS],
            extra_fleet: [0.0; MAX_PLAYERS],
            extra_ground: [0.0; MAX_PLAYERS],
            threat: [0.0; MAX_PLAYERS],
            progress: [0.0; MAX_PLAYERS],
        };
        // Systems where each seat has a planet or units; ships by system.
        let mut assets = [0u64; MAX_PLAYERS];
        let mut ships = [(NOBODY, 0.0); 64];
        for sl in 0..s.num_systems {
            let sys = &s.systems[sl as usize];
            if sys.space.owner != NOBODY {
                let o = sys.space.owner as usize;
                assets[o] |= 1 << sl;
                ctx.ground[o] += ground_count(&sys.space.count);
                ships[sl as usize] = (sys.space.owner, ship_cost(&sys.space.count, &cost[o]));
            }
            for a in sys.planets.iter().filter(|a| a.owner != NOBODY) {
                let o = a.owner as usize;
                ctx.ground[o] += ground_count(&a.count);
                ctx.structures[o] += (a.of(UnitType::Pds) + a.of(UnitType::SpaceDock)) as f64;
            }
            for &pl in &c.systems[sys.tile.idx()].planets {
                if let Some(q) = engine::ti4::control::controller(s, pl) {
                    assets[q.idx()] |= 1 << sl;
                }
            }
        }
        for sl in 0..s.num_systems {
            let (o, strength) = ships[sl as usize];
            if o == NOBODY || strength == 0.0 {
                continue;
            }
            let near = gal.neighbours(sl) | 1 << sl;
            for p in s.seats().filter(|q| q.0 != o && assets[q.idx()] & near != 0) {
                ctx.threat[p.idx()] += strength;
            }
        }
        ctx.running_action(g, &cost);
        ctx
    }

    /// Units off the board and progress shaping for the tactical action or step under way.
    fn running_action(&mut self, g: &Ti4Game, cost: &[[f64; UNIT_TYPES]; MAX_PLAYERS]) {
        let (c, s, f) = (g.content(), &g.state, &g.flow);
        let p = f.turn;
        let i = p.idx();
        let active = f.active;
        let sys = &s.systems[active as usize];
        // Value of the active system as a target: planets p does not control (and may land
        // on), enemy ships.
        let mut open = 0.0;
        let mut open_value = 0.0;
        for &pl in &c.systems[sys.tile.idx()].planets {
            if !s.player(p).planets.contains(pl) {
                open += 1.0;
                open_value += 1.0 + 0.5 * (c.planets[pl.idx()].resources + c.planets[pl.idx()].influence) as f64;
            }
        }
        let enemy = match sys.space.occupant() {
            Some(q) if q != p => ship_cost(&sys.space.count, &cost[q.idx()]),
            _ => 0.0,
        };
        let transit_ships = ship_cost(&f.transit, &cost[i]);
        let transit_ground = ground_count(&f.transit);
        let committed: f64 = f.committed.iter().map(|k| (k[0] + k[1]) as f64).sum();
        // The same terms at every step of the action (movement, combat, landing,
        // production), so that ending a step loses nothing but what its outcome settles:
        // the target's value; ships committed (up to 1.5 times the enemy's); ground forces
        // headed for open planets; minus a little per ship still moving (no aimless moves).
        let target = 0.15 * open_value + 0.1 * enemy;
        let mine_here = if sys.space.owner == p.0 { ship_cost(&sys.space.count, &cost[i]) } else { 0.0 };
        let (ships, enemy, ground, moving) = match g.step {
            Step::Move(_) | Step::SpaceCannon => {
                self.extra_fleet[i] += transit_ships;
                self.extra_ground[i] += transit_ground;
                (transit_ships + mine_here, enemy, transit_ground, transit_ships)
            }
            Step::Space => match &f.space {
                Some(combat) => {
                    let att = combat.force(Side::Attacker).counts();
                    let def = combat.force(Side::Defender).counts();
                    let d = f.defender.idx();
                    // The defender's units stay on the board until the combat ends: credit
                    // the losses so far.
                    let defence = ship_cost(def, &cost[d]);
                    self.extra_fleet[d] += defence - ship_cost(&sys.space.count, &cost[d]);
                    self.extra_fleet[i] += ship_cost(att, &cost[i]);
                    self.extra_ground[i] += ground_count(att);
                    (ship_cost(att, &cost[i]), defence, ground_count(att), 0.0)
                }
                None => (0.0, 0.0, 0.0, 0.0),
            },
            Step::Land(_) => {
                self.extra_ground[i] += committed;
                (mine_here, 0.0, ground_count(&sys.space.count) + committed, 0.0)
            }
            Step::InvasionRolls(_) | Step::Ground(_) => {
                self.extra_ground[i] += committed;
                (mine_here, 0.0, committed, 0.0)
            }
            Step::Produce(q) => {
                self.extra_fleet[q.idx()] += ship_cost(&f.queue, &cost[q.idx()]);
                self.extra_ground[q.idx()] += ground_count(&f.queue);
                (mine_here, 0.0, 0.0, 0.0)
            }
            Step::Research { p, .. } => {
                self.progress[p.idx()] += 1.2;
                return;
            }
            Step::Build { p, .. } => {
                self.progress[p.idx()] += 0.6;
                return;
            }
            _ => return,
        };
        if f.warfare {
            return;
        }
        let mut prog = target + 0.8 * ground.min(open) - 0.02 * moving;
        if enemy > 0.0 {
            prog += 0.3 * ships.min(1.5 * enemy);
        } else if ships > 0.0 && open > 0.0 {
            prog += 0.3;
        }
        self.progress[i] += prog;
    }
}

/// `σ(x) = 1 / (1 + e^(−x))`.
fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Evaluator<Ti4Game> for Ti4Heuristic {
    fn evaluate(&self, g: &Ti4Game) -> PerPlayer<f64> {
        if g.current() == Turn::Terminal {
            return g.returns();
        }
        let s = self.scores(g);
        let n = s.len();
        let mut v = PerPlayer::filled(n, 0.5);
        for p in 0..n {
            let sum: f64 = (0..n).filter(|&q| q != p).map(|q| sigmoid(self.weights.scale * (s[p] - s[q]))).sum();
            v[p] = sum / (n.max(2) - 1) as f64;
        }
        v
    }
}

impl HasHeuristic for Ti4Game {
    type Heuristic = Ti4Heuristic;

    fn heuristic_with(weights: &Weights) -> Result<Ti4Heuristic, ConfigError> {
        Ti4Weights::from_weights(weights).map(Ti4Heuristic::new)
    }
}

/// Factions the seeded test games draw from (six consecutive-by-three from this list).
const FACTIONS: [&str; 12] =
    ["sol", "hacan", "letnev", "xxcha", "jolnar", "yssaril", "naalu", "mentak", "l1z1x", "arborec", "winnu", "saar"];

/// A seeded 6-player game on a random map with embedded content: game `i` seats factions
/// rotated by `i` on map seed `i` (the same games every run).
pub fn six_player_game(i: u64) -> Ti4Game {
    use engine::ti4::game::{MapChoice, Ti4Options};
    let c = Content::embedded();
    let k = i as usize % FACTIONS.len();
    let factions: Vec<_> =
        (0..6).map(|j| c.faction(FACTIONS[(k + j * 5) % FACTIONS.len()]).expect("embedded faction")).collect();
    Ti4Game::new(c, &factions, &MapChoice::Random(i), Ti4Options::default()).expect("6-player setup")
}

/// The outcome of one game of a seat-rotated match.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct MatchRecord {
    /// The seat of the agent under test.
    pub seat: usize,
    /// Its place, 0 for first.
    pub place: u8,
    /// Why the game ended.
    pub end: engine::ti4::game::EndCondition,
    /// Players eliminated.
    pub eliminated: usize,
    /// Whether the ranking is a permutation of `0..6` (a full ranking).
    pub full_ranking: bool,
    /// Game rounds played.
    pub rounds: u8,
    /// Victory points of the agent under test at the end.
    pub vp: u32,
    /// The most victory points any seat had at the end.
    pub max_vp: u32,
}

/// Plays [`six_player_game`]`(game)` with `hero` in seat `game % 6` and `field` in the other
/// seats; every seat and chance draw from their own stream of `seed`.
///
/// # Panics
/// If the game does not end within 1,000,000 steps.
pub fn play_rotated(
    hero: &mut dyn crate::Agent<Ti4Game>,
    field: &mut [Box<dyn crate::Agent<Ti4Game> + Send>],
    game: u64,
    seed: u64,
) -> MatchRecord {
    let start = six_player_game(game);
    let seat = (game % 6) as usize;
    let mut rngs: Vec<_> = (0..6).map(|p| crate::agent_rng(seed, game * 7 + p)).collect();
    let mut chance = crate::agent_rng(seed, game * 7 + 6);
    hero.reset();
    let mut others = field.iter_mut();
    let mut seats: Vec<&mut dyn crate::Agent<Ti4Game>> = Vec::with_capacity(6);
    let mut hero = Some(hero);
    for p in 0..6 {
        if p == seat {
            seats.push(hero.take().expect("one hero"));
        } else {
            let a = others.next().expect("five field agents");
            a.reset();
            seats.push(a.as_mut());
        }
    }
    let mut steps = 0u32;
    let end = crate::play_game(&start, &mut seats, &mut rngs, &mut chance, |_, _, _| {
        steps += 1;
        assert!(steps < 1_000_000, "game {game} does not end");
    });
    let rank = end.ranking();
    let mut places: Vec<u8> = rank.to_vec();
    places.sort_unstable();
    MatchRecord {
        seat,
        place: rank[seat],
        end: end.end_condition().expect("terminal state has an end condition"),
        eliminated: end.state.seats().filter(|&p| !end.state.player(p).in_game).count(),
        full_ranking: places == (0..6).collect::<Vec<u8>>(),
        rounds: end.state.round,
        vp: end.victory_points(Player(seat as u8)),
        max_vp: end.state.seats().map(|p| end.victory_points(p)).max().unwrap_or(0),
    }
}

/// Wilson score interval for `wins` successes in `n` trials at normal quantile `z` (1.96 for
/// 95%): `(p̂ + z²/2n ± z·sqrt(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n)`.
pub fn wilson(wins: u64, n: u64, z: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p) = (n as f64, wins as f64 / n as f64);
    let centre = p + z * z / (2.0 * n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let d = 1.0 + z * z / n;
    ((centre - half) / d, (centre + half) / d)
}
