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
//! - `trade_goods`: trade goods; `tokens`: command tokens in the three pools, each pool with
//!   diminishing returns (`token_value`); `ready`: resources plus influence of the ready
//!   planets, outside the agenda phase (what is left to pay with this round);
//! - `cards`: unexhausted strategy cards held, each worth a fixed share of its effect;
//! - `threat` (negative): cost of other players' ships in or next to systems where `p` has a
//!   planet or units;
//! - `progress`: shaping for decisions that pay only in sequence. During `p`'s tactical
//!   action: the *expected gain* of the action, i.e. the chance of winning the active
//!   system's space area (`m²/(m² + e²)` on ship cost) times the best split of the ground
//!   forces at hand over the planets `p` does not control, each planet's worth (its
//!   `planets`, `resources` and `influence` weights, plus `conquest`, `prey`, `kills` below)
//!   times the chance of taking it (`a³/(a³ + (d + ½)³)` for attacking strength `a` against
//!   defending `d`; a mech counts 1.5, a PDS ½ to the defence), plus `kill` per enemy ship
//!   cost there; credited 0.75 for the forces committed and 0.5 for the forces that could
//!   still move in (ships that reach it from systems without `p`'s command token, and the
//!   ground forces and fighters they carry), so that activating a system worth attacking,
//!   moving in and taking it each pay more; plus 0.05 of the planets' worth and 0.5 for ships
//!   standing in an undefended system with planets to take, minus a little per ship still
//!   moving. Also a pending research or construction step;
//! - `conquest`: planets `p` controls in other players' home systems (also part of such a
//!   planet's worth as a target);
//! - `pressure`: invasions of other players' home systems `p` could launch soon, "attack the
//!   weak neighbour": for each other player in the game (but not one whose Support for the
//!   Throne `p` holds), the best over `p`'s systems with transports of the expected gain of
//!   invading their home system with those ships and the ground forces they carry, in full
//!   when the transports reach it this turn, half when one move short or when the system
//!   holds `p`'s command token; the systems with planets of a player without a home count as
//!   targets too. During `p`'s tactical action the units moving count in the active system,
//!   0.8 of what could still move there counts too, and the active system is left to
//!   `progress`;
//! - `staging` (negative): ground forces `p`'s transports could carry but that stand where
//!   no planet `p` does not control is within their move; during `p`'s movement, 0.8 of what
//!   could still move into the active system is credited back, up to those forces, when it
//!   is within reach, so that bringing stranded forces within reach pays (the Crimson
//!   Rebellion's home is off the board, one move behind The Sorrow, and its carriers move 1);
//! - `prey` (target worth only): added to the worth of each planet of a player who controls
//!   none of their home planets;
//! - `kills`: players `p` eliminated; also added to the worth of the last planets of a
//!   player without a home (split over them).
//!
//! The shares are ordered so that each step towards a conquest pays: `pressure` (0.25 of the
//! expected gain, 0.2 for what could gather) < 0.5 once the target is activated < 0.75 once
//! the forces are committed < 1 once the planet is taken (keep `pressure` below 0.5).
//! Measured (2026-11-30, same engine, defaults before and after these features): the default
//! run (`sim run`, 3,000 games, 6 heuristic seats) had 23 games with an elimination (0.8%)
//! and now 182 (6.1%, Wilson 95% [5.3%, 7.0%]); games ending in victory went from 1,250 to
//! 1,759; one heuristic against five random agents
//! (`sim/experiments/ti4_heuristic_vs_random.json`, 600 games) wins 548 (0.913, [0.888,
//! 0.933]) where it won 511 (0.852). `cargo run --release -p agents --example ti4_aggression`
//! counts attacks, conquests and eliminations in self-play.
//!
//! Values: the score `s_p = Σ w_f · f_p(p)` becomes `v_p = mean_{q ≠ p} σ(scale · (s_p − s_q))`,
//! the chance of finishing above each other player under independent pairwise comparisons,
//! which matches the game's returns (`1 − place / (n − 1)`, mean 1/2). Eliminated players
//! score far below everyone (the later eliminated higher); a terminal state gets its returns.
//! A state where a transaction awaits its receiver's answer is valued as the answer the
//! receiver prefers (accept or decline, one ply), so an offer is worth what it brings and a
//! gift of commodities is neither offered nor taken for free. A payment under way is valued as
//! its completion by the engine's default payer (`payment::default_option`).
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

use std::cell::RefCell;
use std::sync::OnceLock;

use engine::bits::BitSet;
use engine::game::{Game, PerPlayer, Turn};
use engine::ti4::combat::Side;
use engine::ti4::components::{PublicState, StrategyCard, Zone};
use engine::ti4::content::cards::{MAX_PUBLIC_OBJECTIVES, MAX_SECRET_OBJECTIVES};
use engine::ti4::content::Content;
use engine::ti4::control::Controllers;
use engine::ti4::game::notes::NoteSlots;
use engine::ti4::game::objectives::{ObjectiveBoards, OwnCache};
use engine::ti4::game::{Action, Cond, Features, RoundPhase, Step, Ti4Game};
use engine::ti4::ids::{
    FactionId, Player, PublicObjectiveId, SecretObjectiveId, TechSet, UnitType, MAX_PLAYERS, UNIT_TYPES,
};
use engine::ti4::rules::Window;
use engine::ti4::state::{MAX_PLANETS_PER_SYSTEM, NOBODY};

use crate::config::ConfigError;
use crate::heuristic::{Evaluator, HasHeuristic, Weights};

/// Names of the TI4 weights, in [`Ti4Weights`] field order.
pub const TI4_WEIGHT_NAMES: [&str; 24] = [
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
    "ready",
    "cards",
    "threat",
    "progress",
    "conquest",
    "kill",
    "pressure",
    "staging",
    "prey",
    "kills",
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
    /// Per resource and influence of the ready planets the player controls, outside the
    /// agenda phase (default 0.05): what stays ready for the rest of the round (the next
    /// production, research or influence cost) is worth a little, so that which planets pay
    /// a cost is a choice. The agenda phase readies every planet at its end, so votes cost
    /// nothing here.
    pub ready: f64,
    /// Per unit of unexhausted strategy-card value (default 1).
    pub cards: f64,
    /// Per resource of enemy ship cost threatening the player (default -0.05; -0.1 deterred
    /// attacks).
    pub threat: f64,
    /// Per unit of tactical-action progress (default 1).
    pub progress: f64,
    /// Per planet controlled in another player's home system, also added to such a planet's
    /// worth as a target (default 8).
    pub conquest: f64,
    /// Per resource of enemy ship cost in the active system, as part of the target's worth
    /// (default 0: measured, any credit for fleets destroyed drew fleets into space combats
    /// instead of invasions and lowered home conquests).
    pub kill: f64,
    /// Per unit of expected gain of the invasions of other players' home systems within
    /// reach (default 0.25; above 0.5 holding a position pays more than attacking from it).
    pub pressure: f64,
    /// Per stranded ground force: one transports could carry, but with no planet the player
    /// does not control within their move (default 0.15; see the module docs).
    pub staging: f64,
    /// Added to the worth as a target of each planet of a player who controls none of their
    /// home planets (default 5).
    pub prey: f64,
    /// Per player this player eliminated; also added to the worth of the last planets of a
    /// player without a home (default 10).
    pub kills: f64,
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
            ready: 0.05,
            cards: 1.0,
            threat: -0.05,
            progress: 1.0,
            conquest: 8.0,
            kill: 0.0,
            pressure: 0.25,
            staging: 0.15,
            prey: 5.0,
            kills: 10.0,
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
            "ready" => &mut self.ready,
            "cards" => &mut self.cards,
            "threat" => &mut self.threat,
            "progress" => &mut self.progress,
            "conquest" => &mut self.conquest,
            "kill" => &mut self.kill,
            "pressure" => &mut self.pressure,
            "staging" => &mut self.staging,
            "prey" => &mut self.prey,
            "kills" => &mut self.kills,
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
    /// The seat-note slot of Support for the Throne, found on first use.
    throne: OnceLock<Option<u8>>,
    /// Each seat's unit definitions from the last evaluation, reused while the seat's faction
    /// and technologies stay the same ([`UnitCache`]).
    units: RefCell<UnitCache>,
    /// Each seat's objective counts that read only its planets and technologies, reused while
    /// they stay the same ([`OwnCache`]).
    own: RefCell<OwnCache>,
    /// The values of the last positions a declined offer leads to ([`DeclineCache`]).
    declined: RefCell<DeclineCache>,
}

/// The values of the last few positions reached by declining a transaction offer. The offers
/// of one decision to the same receiver all lead, declined, to the same position (the offer
/// is forgotten), so its value is computed once per receiver instead of once per offer; an
/// entry is reused only for a position [`Ti4Game::same_position`] as its own, so the values
/// are those a fresh evaluation gives.
#[derive(Clone, Debug, Default)]
struct DeclineCache {
    /// Positions and their values (a ring: the next one replaces entry `next`).
    entries: Vec<(Ti4Game, PerPlayer<f64>)>,
    next: usize,
}

impl DeclineCache {
    /// Receivers one decision may offer to: the other seats of a full table.
    const SIZE: usize = MAX_PLAYERS;

    fn get(&self, g: &Ti4Game) -> Option<PerPlayer<f64>> {
        self.entries.iter().find(|(h, _)| h.same_position(g)).map(|&(_, v)| v)
    }

    fn put(&mut self, g: &Ti4Game, v: PerPlayer<f64>) {
        if self.entries.len() < Self::SIZE {
            self.entries.push((g.clone(), v));
        } else {
            self.entries[self.next] = (g.clone(), v);
        }
        self.next = (self.next + 1) % Self::SIZE;
    }
}

impl Ti4Heuristic {
    /// An evaluator with `weights`.
    pub fn new(weights: Ti4Weights) -> Self {
        Ti4Heuristic {
            weights,
            throne: OnceLock::new(),
            units: RefCell::default(),
            own: RefCell::default(),
            declined: RefCell::default(),
        }
    }

    fn context(&self, g: &Ti4Game) -> Context {
        let throne = *self.throne.get_or_init(|| NoteSlots::new(g.content()).support_for_the_throne);
        let units = self.units.borrow_mut().units(g);
        Context::new(g, &self.weights, throne, units)
    }

    /// Each seat's weighted score (before the pairwise comparison).
    pub fn scores(&self, g: &Ti4Game) -> PerPlayer<f64> {
        let n = g.num_players();
        let ctx = self.context(g);
        let mut out = PerPlayer::filled(n, 0.0);
        for (i, o) in out.iter_mut().enumerate() {
            *o = self.score(g, &ctx, Player(i as u8));
        }
        out
    }

    fn score(&self, g: &Ti4Game, ctx: &Context, p: Player) -> f64 {
        let ps = g.state().player(p);
        if !ps.in_game {
            return self.weights.eliminated + ps.standing.order as f64;
        }
        self.terms(g, ctx, p).iter().map(|(_, x)| x).sum()
    }

    /// Seat `p`'s weighted features by weight name (for inspecting play; their sum is the
    /// score of a player in the game).
    pub fn breakdown(&self, g: &Ti4Game, p: Player) -> Vec<(&'static str, f64)> {
        self.terms(g, &self.context(g), p).to_vec()
    }

    fn terms(&self, g: &Ti4Game, ctx: &Context, p: Player) -> [(&'static str, f64); 20] {
        let (c, s, w) = (g.content(), g.state(), &self.weights);
        let ps = s.player(p);
        let f = features(g, ctx, p);
        let mut colours = 0.0;
        for set in &c.colour_techs {
            colours += (ps.techs.intersects(set)) as u8 as f64;
        }
        let i = p.idx();
        let cards = ctx.cards[i];
        [
            ("vp", w.vp * f.victory_points),
            ("reach", w.reach * self.reach(g, ctx, p)),
            ("planets", w.planets * f.planets),
            ("resources", w.resources * f.resources),
            ("influence", w.influence * f.influence),
            ("techs", w.techs * f.technologies),
            ("colours", w.colours * colours),
            ("fleet", w.fleet * (f.fleet + ctx.extra_fleet[i])),
            ("ground", w.ground * (ctx.ground[i] + ctx.extra_ground[i])),
            ("structures", w.structures * ctx.structures[i]),
            ("trade_goods", w.trade_goods * ps.trade_goods as f64),
            ("tokens", w.tokens * token_value(ps.tactic, ps.fleet, ps.strategy)),
            ("ready", w.ready * ready_worth(g, p)),
            ("cards", w.cards * cards),
            ("threat", w.threat * ctx.threat[i]),
            ("progress", w.progress * ctx.progress[i]),
            ("conquest", w.conquest * ctx.conquest[i]),
            ("pressure", w.pressure * ctx.pressure[i]),
            ("staging", w.staging * ctx.staging[i]),
            ("kills", w.kills * ctx.kills[i]),
        ]
    }

    /// Objectives `p` could score now, plus [`NEAR`] for each one a single step away (see
    /// [`one_step_easier`]).
    fn reach(&self, g: &Ti4Game, ctx: &Context, p: Player) -> f64 {
        let s = g.state();
        let t = g.objective_table();
        // One board pass for the conditions of every seat, on the first condition any seat
        // reads (the engine checks the boards against `meets`).
        let boards = || ObjectiveBoards::new_cached(g, &mut self.own.borrow_mut());
        let meets = |cond: Cond| ctx.boards.get_or_init(boards).get(p).meets(g, p, cond);
        let value = |cond: Cond| {
            if meets(cond) {
                1.0
            } else if one_step_easier(cond).is_some_and(meets) {
                NEAR
            } else {
                0.0
            }
        };
        // Publics then secrets, each in id order (the order of the sum).
        let mut n = 0.0;
        for o in ctx.in_play.revealed.iter().filter(|&o| !s.public_objectives.scored_by(o).contains(p)) {
            if let Some(cond) = t.public[o.idx()] {
                n += value(cond);
            }
        }
        for o in ctx.in_play.hands[p.idx()].iter() {
            if let Some(cond) = t.secret[o.idx()] {
                n += value(cond);
            }
        }
        n
    }
}

/// [`Ti4Game::heuristic_features`] of `p` from what the evaluation's context already holds
/// (victory points of every seat, unit definitions looked up once); equal to it (the test
/// `features_from_the_context_equal_the_engines`).
fn features(g: &Ti4Game, ctx: &Context, p: Player) -> Features {
    let (c, ps) = (g.content(), g.state().player(p));
    let i = p.idx();
    if !ps.in_game {
        return Features { victory_points: ctx.vp[i] as f64, ..Features::default() };
    }
    // Both sums in one pass over the planets, each from the value `Sum` starts from and in
    // the planets' order: the engine's two sums exactly.
    let zero: f64 = std::iter::empty::<f64>().sum();
    let (mut resources, mut influence) = (zero, zero);
    let s = g.state();
    for pl in ps.planets.iter() {
        resources += s.resources_of(c, pl) as f64;
        influence += s.influence_of(c, pl) as f64;
    }
    Features {
        victory_points: ctx.vp[i] as f64,
        planets: ps.planets.len() as f64,
        resources,
        influence,
        technologies: ps.techs.len() as f64,
        fleet: ctx.fleet[i],
    }
}

/// The resources plus influence of `p`'s ready planets; 0 in the agenda phase (see
/// [`Ti4Weights::ready`]).
fn ready_worth(g: &Ti4Game, p: Player) -> f64 {
    if g.phase() == RoundPhase::Agenda {
        return 0.0;
    }
    let (c, s) = (g.content(), g.state());
    let ready = s.player(p).planets.difference(s.exhausted_planets);
    ready.iter().map(|pl| (s.resources_of(c, pl) + s.influence_of(c, pl)) as f64).sum()
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
        Cond::Pds(n) => Cond::Pds(less(n)?),
        Cond::ActionCardsInHand(n) => Cond::ActionCardsInHand(less(n)?),
        Cond::LawsInPlay(n) => Cond::LawsInPlay(less(n)?),
        Cond::AttachedPlanets(n) => Cond::AttachedPlanets(less(n)?),
        Cond::PurgeFragments(n) => Cond::PurgeFragments(less(n)?),
        Cond::ProductionInOneSystem(n) => Cond::ProductionInOneSystem(n - n / 4),
        Cond::MorePlanetsThanNeighbours(n) => Cond::MorePlanetsThanNeighbours(less(n)?),
        Cond::PlanetsNearOtherHomes(n) => Cond::PlanetsNearOtherHomes(less(n)?),
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
    /// Planets controlled in other players' home systems.
    conquest: [f64; MAX_PLAYERS],
    /// Invasions of other players' home systems within reach (see [`pressure`]).
    pressure: [f64; MAX_PLAYERS],
    /// Stranded ground forces, negative (see [`staging`]).
    staging: [f64; MAX_PLAYERS],
    /// Players eliminated by each seat.
    kills: [f64; MAX_PLAYERS],
    /// The worth of the unexhausted strategy cards each seat holds ([`CARD_VALUE`], summed
    /// in card order).
    cards: [f64; MAX_PLAYERS],
    /// Seats in the game that control none of their home planets (bit per seat).
    homeless: u8,
    /// Victory points ([`Ti4Game::all_victory_points`]).
    vp: [u32; MAX_PLAYERS],
    /// Fleet strength: ship cost on the board, as [`Ti4Game::heuristic_features`] counts it,
    /// from the unit definitions looked up once per evaluation ([`Units`]).
    fleet: [f64; MAX_PLAYERS],
    /// Every seat's objective board, counted when a seat first reads a condition.
    boards: std::cell::OnceCell<ObjectiveBoards>,
    /// The objectives with a condition that are in play.
    in_play: InPlay,
}

/// The objectives with a condition that seats could score, listed once per evaluation: the
/// revealed public objectives, and each seat's secret objectives in hand.
struct InPlay {
    /// Revealed public objectives.
    revealed: BitSet<PublicObjectiveId, 1>,
    /// Secret objectives in each seat's hand.
    hands: [BitSet<SecretObjectiveId, 1>; MAX_PLAYERS],
}

impl InPlay {
    fn new(g: &Ti4Game) -> Self {
        // One word holds every objective id.
        const { assert!(MAX_PUBLIC_OBJECTIVES <= 64 && MAX_SECRET_OBJECTIVES <= 64) };
        let (c, s, t) = (g.content(), g.state(), g.objective_table());
        let mut out = InPlay { revealed: BitSet::EMPTY, hands: [BitSet::EMPTY; MAX_PLAYERS] };
        for (i, cond) in t.public.iter().enumerate().take(c.cards.public_objectives.len()) {
            let o = PublicObjectiveId(i as u8);
            if cond.is_some() && s.public_objectives.state(o) == PublicState::Revealed {
                out.revealed.insert(o);
            }
        }
        for (i, cond) in t.secret.iter().enumerate().take(c.cards.secret_objectives.len()) {
            if let (Some(_), Zone::Hand(q)) = (cond, s.secret_objectives.get(i)) {
                out.hands[q.idx()].insert(SecretObjectiveId(i as u8));
            }
        }
        out
    }
}

/// Each seat's current unit definitions: cost of one unit, move value and capacity by type.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Units {
    cost: [[f64; UNIT_TYPES]; MAX_PLAYERS],
    moves: [[u8; UNIT_TYPES]; MAX_PLAYERS],
    capacity: [[u8; UNIT_TYPES]; MAX_PLAYERS],
}

impl Units {
    /// Every seat's unit definitions looked up: the plain reference of [`UnitCache::units`].
    #[cfg(test)]
    fn new(g: &Ti4Game) -> Self {
        let mut out = Units::EMPTY;
        for p in g.state().seats() {
            out.look_up(g, p);
        }
        out
    }

    /// No definitions (every type costs 0 and neither moves nor carries).
    const EMPTY: Units = Units {
        cost: [[0.0; UNIT_TYPES]; MAX_PLAYERS],
        moves: [[0; UNIT_TYPES]; MAX_PLAYERS],
        capacity: [[0; UNIT_TYPES]; MAX_PLAYERS],
    };

    /// Fills seat `p`'s rows from its effective unit definitions (types without one keep 0).
    fn look_up(&mut self, g: &Ti4Game, p: Player) {
        let (c, s) = (g.content(), g.state());
        let faction = s.player(p).faction;
        let techs = engine::ti4::technology::valefar::effective_techs(c, s, p);
        for t in UnitType::ALL {
            if let Some(u) = c.effective_unit(faction, t, techs) {
                let d = &c.units[u.idx()];
                self.cost[p.idx()][t.idx()] = d.cost.unwrap_or(0) as f64 / d.units_per_cost.max(1) as f64;
                self.moves[p.idx()][t.idx()] = d.move_value.unwrap_or(0);
                self.capacity[p.idx()][t.idx()] = d.capacity;
            }
        }
    }
}

/// The [`Units`] of the last evaluation and, per seat, the faction and effective technologies
/// they were looked up for (all a seat's definitions depend on, with the content): a seat
/// whose faction and technologies are unchanged keeps its rows, so that an evaluation looks up
/// only the seats that researched or copied a technology since. Equal to [`Units::new`] (the
/// test `cached_units_equal_the_looked_up_ones`). Bound to one content, like the evaluator's
/// Support for the Throne slot; a game on another content starts over.
#[derive(Clone, Debug, Default)]
struct UnitCache {
    /// The content the rows were looked up in (compared by address, never read).
    content: usize,
    /// Per seat: the faction and effective technologies of its rows, `None` before the first.
    keys: [Option<(FactionId, TechSet)>; MAX_PLAYERS],
    /// The rows.
    units: Option<Units>,
}

impl UnitCache {
    /// Every seat's unit definitions in `g`, looking up only the seats whose key changed.
    fn units(&mut self, g: &Ti4Game) -> Units {
        let (c, s) = (g.content(), g.state());
        let content = c as *const Content as usize;
        if self.content != content {
            *self = UnitCache { content, ..UnitCache::default() };
        }
        let units = self.units.get_or_insert(Units::EMPTY);
        // Seats past the game's: no definitions, as `Units::new` leaves them.
        for i in s.num_players as usize..MAX_PLAYERS {
            if self.keys[i].take().is_some() {
                units.cost[i] = [0.0; UNIT_TYPES];
                units.moves[i] = [0; UNIT_TYPES];
                units.capacity[i] = [0; UNIT_TYPES];
            }
        }
        for p in s.seats() {
            let key = Some((s.player(p).faction, engine::ti4::technology::valefar::effective_techs(c, s, p)));
            if self.keys[p.idx()] != key {
                self.keys[p.idx()] = key;
                units.cost[p.idx()] = [0.0; UNIT_TYPES];
                units.moves[p.idx()] = [0; UNIT_TYPES];
                units.capacity[p.idx()] = [0; UNIT_TYPES];
                units.look_up(g, p);
            }
        }
        *units
    }
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
    fn new(g: &Ti4Game, w: &Ti4Weights, throne: Option<u8>, units: Units) -> Self {
        let (c, s, gal) = (g.content(), g.state(), g.galaxy());
        let cost = &units.cost;
        let mut ctx = Context {
            ground: [0.0; MAX_PLAYERS],
            structures: [0.0; MAX_PLAYERS],
            extra_fleet: [0.0; MAX_PLAYERS],
            extra_ground: [0.0; MAX_PLAYERS],
            threat: [0.0; MAX_PLAYERS],
            progress: [0.0; MAX_PLAYERS],
            conquest: [0.0; MAX_PLAYERS],
            pressure: [0.0; MAX_PLAYERS],
            staging: [0.0; MAX_PLAYERS],
            kills: [0.0; MAX_PLAYERS],
            cards: [0.0; MAX_PLAYERS],
            homeless: 0,
            vp: g.all_victory_points(),
            fleet: [0.0; MAX_PLAYERS],
            boards: std::cell::OnceCell::new(),
            in_play: InPlay::new(g),
        };
        for q in s.seats() {
            let ps = s.player(q);
            // The order and the arithmetic of `heuristic_features`' fleet (a type without a
            // unit definition costs 0.0 here and is skipped there: the same sum).
            let mut fleet = 0.0;
            for t in UnitType::ALL.into_iter().filter(|t| is_ship(*t)) {
                fleet += cost[q.idx()][t.idx()] * ps.on_board[t.idx()] as f64;
            }
            ctx.fleet[q.idx()] = fleet;
        }
        for k in StrategyCard::all() {
            match s.strategy_cards.holder(k) {
                Some(q) if q.idx() < MAX_PLAYERS && !s.strategy_cards.is_exhausted(k) => {
                    ctx.cards[q.idx()] += CARD_VALUE[k.0 as usize];
                }
                _ => {}
            }
        }
        let controllers = Controllers::new(s);
        for q in s.seats() {
            let home = &s.systems[g.home_slot()[q.idx()] as usize];
            let mut held = false;
            for &pl in &c.systems[home.tile.idx()].planets {
                match controllers.of(pl) {
                    Some(r) if r == q => held = true,
                    Some(r) => ctx.conquest[r.idx()] += 1.0,
                    None => {}
                }
            }
            let ps = s.player(q);
            if ps.in_game && !held {
                ctx.homeless |= 1 << q.0;
            }
            if let Some(by) = ps.standing.by.filter(|_| !ps.in_game) {
                ctx.kills[by.idx()] += 1.0;
            }
        }
        // Systems where each seat has a planet or units; ships by system.
        let mut assets = [0u64; MAX_PLAYERS];
        let mut planet_slots = [0u64; MAX_PLAYERS];
        let mut fleets = [0u64; MAX_PLAYERS];
        let mut ships = [(NOBODY, 0.0); 64];
        let (mut with_planets, mut held_alone) = (0u64, [0u64; MAX_PLAYERS]);
        for sl in 0..s.num_systems {
            let sys = &s.systems[sl as usize];
            if sys.space.owner != NOBODY {
                let o = sys.space.owner as usize;
                assets[o] |= 1 << sl;
                fleets[o] |= 1 << sl;
                ctx.ground[o] += ground_count(&sys.space.count);
                ships[sl as usize] = (sys.space.owner, ship_cost(&sys.space.count, &cost[o]));
            }
            for a in sys.planets.iter().filter(|a| a.owner != NOBODY) {
                let o = a.owner as usize;
                ctx.ground[o] += ground_count(&a.count);
                ctx.structures[o] += (a.of(UnitType::Pds) + a.of(UnitType::SpaceDock)) as f64;
            }
            // The one seat controlling every planet here, if any (`open` below).
            let mut sole = None;
            for (k, &pl) in c.systems[sys.tile.idx()].planets.iter().enumerate() {
                let by = controllers.of(pl);
                if let Some(q) = by {
                    assets[q.idx()] |= 1 << sl;
                    planet_slots[q.idx()] |= 1 << sl;
                }
                sole = if k == 0 { by } else { sole.filter(|&q| by == Some(q)) };
                with_planets |= 1 << sl;
            }
            if let Some(q) = sole {
                held_alone[q.idx()] |= 1 << sl;
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
        // What could still move into the active system, while the active player may move.
        let more = matches!(g.step(), Step::Move(_)).then(|| reachable(g, g.flow().turn, &units));
        if w.pressure != 0.0 || w.staging != 0.0 {
            let board = Board {
                units: &units,
                throne,
                homeless: ctx.homeless,
                planet_slots: &planet_slots,
                fleets: &fleets,
                controllers: &controllers,
                open: &held_alone.map(|held| with_planets & !held),
            };
            for p in s.seats().filter(|&p| s.player(p).in_game) {
                (ctx.pressure[p.idx()], ctx.staging[p.idx()]) = pressure(g, p, w, &board, more);
            }
        }
        ctx.running_action(g, &units, w, more, &controllers);
        ctx
    }

    /// Units off the board and progress shaping for the tactical action or step under way.
    fn running_action(
        &mut self,
        g: &Ti4Game,
        units: &Units,
        w: &Ti4Weights,
        more: Option<(f64, f64)>,
        controllers: &Controllers,
    ) {
        let (s, f) = (g.state(), &g.flow());
        let cost = &units.cost;
        // A space combat round paid to re-roll its misses (Munitions Reserves) or boosted by +1
        // (Morale Boost): the expected extra hits, each worth the opponent's average ship cost
        // at the fleet weight.
        if let Some(combat) = f
            .tactical
            .space
            .as_ref()
            .filter(|c| c.reroll() != [false; 2] || c.boost() != [false; 2] || c.fighter_boost() != [false; 2])
        {
            let seats = [f.turn, f.tactical.defender];
            for side in Side::BOTH {
                let (reroll, boost, fighters) =
                    (combat.reroll()[side.idx()], combat.boost()[side.idx()], combat.fighter_boost()[side.idx()]);
                if !reroll && !boost && !fighters {
                    continue;
                }
                let (mine, theirs) = (combat.force(side), combat.force(side.other()));
                let other = seats[side.other().idx()];
                // Per ship: the ground forces a space force carries take no hits.
                let ships: f64 =
                    UnitType::ALL.into_iter().filter(|&t| is_ship(t)).map(|t| theirs.count(t) as f64).sum();
                let per_hit = ship_cost(theirs.counts(), &cost[other.idx()]) / ships.max(1.0);
                let extra = if reroll { extra_hits_rerolling(mine, theirs) } else { 0.0 }
                    + if boost { extra_hits_boosted(mine, theirs, None, 1) } else { 0.0 }
                    + if fighters { extra_hits_boosted(mine, theirs, Some(UnitType::Fighter), 2) } else { 0.0 };
                self.progress[seats[side.idx()].idx()] += w.fleet * per_hit * extra;
            }
        }
        // Combat-roll hits still to assign in a space combat (Shields Holding may cancel some
        // first): each costs its side the average cost of its ships, at the fleet weight.
        if let Some(combat) = f.tactical.space.as_ref() {
            if let engine::ti4::combat::SpacePhase::BeforeHits(side)
            | engine::ti4::combat::SpacePhase::AssignHits(side) = combat.phase()
            {
                let hits = combat.pending_hits(side).remaining();
                if hits > 0 {
                    let seat = [f.turn, f.tactical.defender][side.idx()];
                    let mine = combat.force(side);
                    let ships: f64 =
                        UnitType::ALL.into_iter().filter(|&t| is_ship(t)).map(|t| mine.count(t) as f64).sum();
                    let per_hit = ship_cost(mine.counts(), &cost[seat.idx()]) / ships.max(1.0);
                    self.progress[seat.idx()] -= w.fleet * per_hit * f64::from(hits);
                }
            }
        }
        match procedure_step(g) {
            Step::Produce(q) => {
                self.extra_fleet[q.idx()] += ship_cost(&f.production.queue, &cost[q.idx()]);
                self.extra_ground[q.idx()] += ground_count(&f.production.queue);
                // Units queued without paying (Amalgamation) keep their cost in ready planets,
                // which the payment would otherwise exhaust.
                let saved: f64 = f.production.free.iter().zip(&cost[q.idx()]).map(|(&k, &c)| k as f64 * c).sum();
                self.progress[q.idx()] += w.ready * saved;
                return;
            }
            Step::Research { p, .. } | Step::ResearchOption { p, .. } => {
                self.progress[p.idx()] += 1.2;
                return;
            }
            Step::Build { p, .. } => {
                self.progress[p.idx()] += 0.6;
                return;
            }
            Step::Move(_)
            | Step::SpaceCannon
            | Step::Space
            | Step::Land(_)
            | Step::InvasionRolls(_)
            | Step::Ground(_) => {}
            _ => return,
        }
        let p = f.turn;
        let i = p.idx();
        let active = f.tactical.active;
        let sys = &s.systems[active as usize];
        let targets = Targets::new(g, p, active, w, self.homeless, controllers);
        let enemy_here = match sys.space.occupant() {
            Some(q) if q != p => ship_cost(&sys.space.count, &cost[q.idx()]),
            _ => 0.0,
        };
        let transit_ships = ship_cost(&f.tactical.transit, &cost[i]);
        let transit_ground = ground_count(&f.tactical.transit);
        let (mine_here, ground_here) = if sys.space.owner == p.0 {
            (ship_cost(&sys.space.count, &cost[i]), ground_count(&sys.space.count))
        } else {
            (0.0, 0.0)
        };
        let committed = f.tactical.committed.map(|[inf, mech]| ground_strength(inf, mech));
        let committed_units: f64 = f.tactical.committed.iter().map(|k| (k[0] + k[1]) as f64).sum();
        // The expected gain of the action: the chance of winning the space area times the
        // best use of the ground forces at hand on the open planets, plus the enemy ships'
        // cost destroyed. Counted in full for what is committed, and in part for what could
        // still move in (so that activating a system worth attacking pays, and moving in
        // what could come pays again).
        let (gain, potential, moving) = match procedure_step(g) {
            Step::Move(_) => {
                self.extra_fleet[i] += transit_ships;
                self.extra_ground[i] += transit_ground;
                let (ships, ground) = (transit_ships + mine_here, transit_ground + ground_here);
                let now = targets.gain(ships, enemy_here, ground, committed);
                let (more_ships, more_ground) = more.unwrap_or_default();
                let could = targets.gain(ships + more_ships, enemy_here, ground + more_ground, committed);
                (now, (could - now).max(0.0), transit_ships)
            }
            Step::SpaceCannon => {
                self.extra_fleet[i] += transit_ships;
                self.extra_ground[i] += transit_ground;
                let gain = targets.gain(transit_ships + mine_here, enemy_here, transit_ground + ground_here, committed);
                (gain, 0.0, 0.0)
            }
            Step::Space => match &f.tactical.space {
                Some(combat) => {
                    let att = combat.force(Side::Attacker).counts();
                    let def = combat.force(Side::Defender).counts();
                    let d = f.tactical.defender.idx();
                    // The defender's units stay on the board until the combat ends: credit
                    // the losses so far.
                    let defence = ship_cost(def, &cost[d]);
                    self.extra_fleet[d] += defence - ship_cost(&sys.space.count, &cost[d]);
                    self.extra_fleet[i] += ship_cost(att, &cost[i]);
                    self.extra_ground[i] += ground_count(att);
                    (targets.gain(ship_cost(att, &cost[i]), defence, ground_count(att), committed), 0.0, 0.0)
                }
                None => (0.0, 0.0, 0.0),
            },
            Step::Land(_) => {
                self.extra_ground[i] += committed_units;
                (targets.gain(mine_here, 0.0, ground_here, committed), 0.0, 0.0)
            }
            Step::InvasionRolls(_) => {
                self.extra_ground[i] += committed_units;
                (targets.gain(mine_here, 0.0, 0.0, committed), 0.0, 0.0)
            }
            Step::Ground(n) => {
                self.extra_ground[i] += committed_units;
                let mut committed = committed;
                let mut targets = targets;
                if let (Some(combat), Some(k)) = (&f.tactical.ground, committed.get_mut(n as usize)) {
                    let att = combat.force(Side::Attacker);
                    let def = combat.force(Side::Defender);
                    *k = ground_strength(att.count(UnitType::Infantry), att.count(UnitType::Mech));
                    targets.defence[n as usize] =
                        ground_strength(def.count(UnitType::Infantry), def.count(UnitType::Mech));
                }
                (targets.gain(mine_here, 0.0, 0.0, committed), 0.0, 0.0)
            }
            _ => return,
        };
        if f.production.warfare {
            return;
        }
        // Also, at every step: a small share of the target's worth, whatever the forces (so
        // that the system activated is one worth taking), and a fixed credit for ships
        // standing in an undefended system with planets to take.
        let present = match procedure_step(g) {
            Step::Move(_) | Step::SpaceCannon => transit_ships + mine_here,
            _ => mine_here,
        };
        let open = targets.value.iter().any(|&v| v > 0.0);
        let mut prog =
            COMMITTED * gain + POTENTIAL * potential + TARGET * targets.value.iter().sum::<f64>() - 0.02 * moving;
        if enemy_here == 0.0 && present > 0.0 && open {
            prog += PRESENCE;
        }
        self.progress[i] += prog;
    }
}

/// The worth of command tokens in token units, by pool and with diminishing returns, so that
/// where a player places tokens (status phase, Leadership, Warfare) is a real choice for the
/// heuristic: the first 3 tactic tokens count 1.2 each, the next 3 0.8, more 0.3; the first 4
/// fleet tokens 1.0, more 0.3; the first 2 strategy tokens 1.0, the next 2 0.6, more 0.3.
fn token_value(tactic: u8, fleet: u8, strategy: u8) -> f64 {
    fn tiers(n: u8, tiers: &[(u8, f64)], rest: f64) -> f64 {
        let (mut left, mut v) = (n as u32, 0.0);
        for &(k, w) in tiers {
            let take = left.min(k as u32);
            v += take as f64 * w;
            left -= take;
        }
        v + left as f64 * rest
    }
    tiers(tactic, &[(3, 1.2), (3, 0.8)], 0.3)
        + tiers(fleet, &[(4, 1.0)], 0.3)
        + tiers(strategy, &[(2, 1.0), (2, 0.6)], 0.3)
}

/// Share of the expected gain of a tactical action credited for the forces committed to it
/// (below 1, so that taking the planets pays more than hoping for them).
const COMMITTED: f64 = 0.75;
/// Share of the expected gain credited for the forces that could still move in.
const POTENTIAL: f64 = 0.5;
/// Share of the target's worth credited throughout the tactical action.
const TARGET: f64 = 0.05;
/// Credit for ships in an active system with no enemy ships and planets to take.
const PRESENCE: f64 = 0.5;
/// Most ground forces one invasion is planned with.
const MAX_FREE: usize = 12;
/// A mech counts as this many infantry in ground combat (SUSTAIN DAMAGE).
const MECH_STRENGTH: f64 = 1.5;

fn ground_strength(infantry: u8, mech: u8) -> f64 {
    infantry as f64 + MECH_STRENGTH * mech as f64
}

/// Chance that `a` attacking ground strength takes a planet held by `d` (a smooth stand-in
/// for the dice: about 0.2 one against one, 0.7 two against one, 0.9 three against one).
fn ground_win(a: f64, d: f64) -> f64 {
    if a <= 0.0 {
        0.0
    } else if d <= 0.0 {
        1.0
    } else {
        let (a3, d3) = (a * a * a, (d + 0.5) * (d + 0.5) * (d + 0.5));
        a3 / (a3 + d3)
    }
}

/// Expected hits a combat roll of `mine` against `theirs` gains by re-rolling its misses once:
/// each die adds `(1 - p) · p`.
fn extra_hits_rerolling(mine: &engine::ti4::combat::Force, theirs: &engine::ti4::combat::Force) -> f64 {
    let opposing = theirs.non_fighter_ships();
    UnitType::ALL
        .into_iter()
        .filter_map(|t| {
            let p = engine::ti4::combat::hit_probability(mine.hits_on(t)?);
            Some(f64::from(mine.combat_dice(t, opposing)) * (1.0 - p) * p)
        })
        .sum()
}

/// Expected hits a combat roll of `mine` against `theirs` gains with +`k` on each die (of units
/// of type `only`, or all): each die adds the chance of the results that now hit.
fn extra_hits_boosted(
    mine: &engine::ti4::combat::Force,
    theirs: &engine::ti4::combat::Force,
    only: Option<UnitType>,
    k: u8,
) -> f64 {
    let opposing = theirs.non_fighter_ships();
    UnitType::ALL
        .into_iter()
        .filter(|&t| only.is_none_or(|o| o == t))
        .filter_map(|t| {
            let h = mine.hits_on(t)?;
            let gain =
                engine::ti4::combat::hit_probability(h.saturating_sub(k)) - engine::ti4::combat::hit_probability(h);
            Some(f64::from(mine.combat_dice(t, opposing)) * gain)
        })
        .sum()
}

/// Chance of winning a space area: `m²/(m² + e²)` on ship cost (1 when nobody defends).
fn space_win(mine: f64, enemy: f64) -> f64 {
    if enemy <= 0.0 {
        1.0
    } else {
        mine * mine / (mine * mine + enemy * enemy)
    }
}

/// The planets of the active system the active player does not control: what each is worth
/// to them (in score units) and its defenders' ground strength.
#[derive(Clone, Copy)]
struct Targets {
    value: [f64; MAX_PLANETS_PER_SYSTEM],
    defence: [f64; MAX_PLANETS_PER_SYSTEM],
    /// Worth of each resource of enemy ships destroyed.
    kill: f64,
    /// Planets in the system.
    n: usize,
}

impl Targets {
    fn new(g: &Ti4Game, p: Player, slot: u8, w: &Ti4Weights, homeless: u8, controllers: &Controllers) -> Self {
        let (c, s) = (g.content(), g.state());
        let sys = &s.systems[slot as usize];
        let home_of_other = s.seats().any(|q| q != p && g.home_slot()[q.idx()] == slot);
        let mut t = Targets { value: [0.0; 3], defence: [0.0; 3], kill: w.kill, n: 0 };
        let planets = &c.systems[sys.tile.idx()].planets;
        t.n = planets.len().min(MAX_PLANETS_PER_SYSTEM);
        for (n, &pl) in planets.iter().enumerate().take(MAX_PLANETS_PER_SYSTEM) {
            if s.player(p).planets.contains(pl) {
                continue;
            }
            t.value[n] = w.planets
                + w.resources * s.resources_of(c, pl) as f64
                + w.influence * s.influence_of(c, pl) as f64
                + if home_of_other { w.conquest } else { 0.0 };
            if let Some(q) = controllers.of(pl) {
                if homeless >> q.0 & 1 == 1 {
                    t.value[n] += w.prey;
                    // The last planets of a player without a home: taking them all may
                    // eliminate them.
                    let here = planets.iter().filter(|&&x| s.player(q).planets.contains(x)).count();
                    if here == s.player(q).planets.len() as usize {
                        t.value[n] += w.kills / here as f64;
                    }
                }
            }
            let area = &sys.planets[n];
            if area.owner != NOBODY && area.owner != p.0 {
                t.defence[n] = ground_strength(area.of(UnitType::Infantry), area.of(UnitType::Mech))
                    + 0.5 * area.of(UnitType::Pds) as f64;
            }
        }
        t
    }

    /// Expected gain of `ships` (cost) against `enemy` (cost) in space with `ground` forces
    /// free to land and `committed` ground strength already on each planet.
    fn gain(&self, ships: f64, enemy: f64, ground: f64, committed: [f64; 3]) -> f64 {
        let win = if ships > 0.0 || committed.iter().any(|&k| k > 0.0) { space_win(ships, enemy) } else { 0.0 };
        if win == 0.0 {
            return 0.0;
        }
        let free = ground.min(MAX_FREE as f64).floor() as usize;
        // Worth of each planet with 0..=free more ground forces landed on it.
        let mut table = [[0.0; MAX_FREE + 1]; MAX_PLANETS_PER_SYSTEM];
        for (n, row) in table.iter_mut().enumerate().take(self.n) {
            if self.value[n] > 0.0 {
                for (x, v) in row.iter_mut().enumerate().take(free + 1) {
                    *v = self.value[n] * ground_win(committed[n] + x as f64, self.defence[n]);
                }
            }
        }
        let best = match self.n {
            0 => 0.0,
            1 => table[0][free],
            2 => (0..=free).map(|x| table[0][x] + table[1][free - x]).fold(0.0, f64::max),
            _ => (0..=free)
                .flat_map(|x0| (0..=free - x0).map(move |x1| (x0, x1)))
                .map(|(x0, x1)| table[0][x0] + table[1][x1] + table[2][free - x0 - x1])
                .fold(0.0, f64::max),
        };
        win * (best + self.kill * enemy)
    }
}

/// Ship cost and ground forces of `p` that could still move into the active system: ships
/// that reach it (the engine's movement query, [`Ti4Game::ship_reach`]: every movement rule in
/// play, Gravity Drive, rifts and the Creuss wormholes included) from systems without `p`'s
/// command token, as many non-fighter ships as the fleet
/// pool allows, the ground forces and fighters there they could carry, and what the ships
/// already moving could still pick up.
fn reachable(g: &Ti4Game, p: Player, units: &Units) -> (f64, f64) {
    let (s, f) = (g.state(), &g.flow());
    let a = f.tactical.active;
    let cost = &units.cost;
    let moves = g.ship_reach(p);
    let non_fighters = |k: &[u8]| -> u32 {
        UnitType::ALL.iter().filter(|&&t| is_ship(t) && t != UnitType::Fighter).map(|t| k[t.idx()] as u32).sum()
    };
    let here =
        if s.systems[a as usize].space.owner == p.0 { non_fighters(&s.systems[a as usize].space.count) } else { 0 };
    let mut room = engine::ti4::rules::fleet_limit(g.content(), s, p)
        .saturating_sub(here + non_fighters(&f.tactical.transit)) as f64;
    let (mut ships, mut ground) = (0.0, 0.0);
    let mut picked_up = 0.0;
    for sl in (0..s.num_systems).filter(|&sl| sl != a) {
        let sys = &s.systems[sl as usize];
        if sys.space.owner != p.0 || sys.tokens >> p.0 & 1 == 1 {
            continue;
        }
        let mut cap = 0.0;
        let mut any = false;
        let mut reach = [None::<bool>; 8];
        for t in UnitType::ALL.into_iter().filter(|&t| is_ship(t) && t != UnitType::Fighter) {
            let k = sys.space.of(t);
            let (mv, capacity) = (units.moves[p.idx()][t.idx()], units.capacity[p.idx()][t.idx()]);
            if k == 0 || mv == 0 || room <= 0.0 {
                continue;
            }
            let ok = *reach[mv.min(7) as usize].get_or_insert_with(|| moves.systems(sl, mv) >> a & 1 == 1);
            if ok {
                let k = (k as f64).min(room);
                room -= k;
                any = true;
                ships += k * cost[p.idx()][t.idx()];
                cap += k * capacity as f64;
            }
        }
        let moved = f.tactical.moved_from >> sl & 1 == 1;
        if !any && !moved {
            continue;
        }
        let forces = ground_count(&sys.space.count)
            + sys.planets.iter().filter(|x| x.owner == p.0).map(|x| ground_count(&x.count)).sum::<f64>();
        let carried = forces.min(cap);
        ground += carried;
        ships += (sys.space.of(UnitType::Fighter) as f64).min(cap - carried) * cost[p.idx()][UnitType::Fighter.idx()];
        if moved {
            picked_up += forces - carried;
        }
    }
    ground += picked_up.min(f.tactical.capacity.saturating_sub(f.tactical.carried) as f64);
    (ships, ground)
}

/// Invasions of other players' home systems that `p` could launch soon: for each other
/// player in the game, the best over `p`'s systems with transports and ground forces of the
/// expected gain of invading their home system with the ships and the ground forces those
/// transports carry, in full when the transports reach it this turn, half when one move
/// short (distance only); and, from the same strike groups, the value of [`staging`]. Returns
/// `(pressure, staging)`; each is 0 when its weight is.
fn pressure(g: &Ti4Game, p: Player, w: &Ti4Weights, board: &Board, more: Option<(f64, f64)>) -> (f64, f64) {
    let (s, gal, f) = (g.state(), g.galaxy(), &g.flow());
    let Board { units, throne, homeless, planet_slots, fleets, controllers, open } = *board;
    let i = p.idx();
    let open = open[i];
    // Staging: a home off the board (behind a wormhole) is judged by the engine's movement
    // query.
    let home = g.home_slot()[i];
    let off_board = gal.is_off_board(home);
    let home_reach = std::cell::OnceCell::new();
    let within = |sl: u8, mv: u8| {
        gal.within(sl, mv) & open != 0
            || (off_board
                && sl == home
                && mv > 0
                && home_reach.get_or_init(|| g.ship_reach(p)).systems(sl, mv) & open != 0)
    };
    let (mut stranded, mut active_mv) = (0.0, None);
    // During `p`'s tactical action the units moving count in the active system, and the
    // active system itself is valued by the action's progress instead. While ships may still
    // move, what could move into the active system counts there too, in part (so that
    // activating a system to gather forces next to a target pays before the first move).
    let acting = f.turn == p
        && matches!(
            procedure_step(g),
            Step::Move(_) | Step::SpaceCannon | Step::Space | Step::Land(_) | Step::InvasionRolls(_) | Step::Ground(_)
        );
    // Strike groups: (system, ship cost, ground forces carried, move, share); one per system
    // of `slots` and one more for the active system, in a short array when that is enough.
    let mut slots = fleets[i] | if acting { 1u64 << f.tactical.active } else { 0 };
    let (mut few, mut many);
    let groups: &mut [(u8, f64, f64, u8, f64)] = if slots.count_ones() < FEW_GROUPS as u32 {
        few = [(0u8, 0.0, 0.0, 0u8, 0.0); FEW_GROUPS];
        &mut few
    } else {
        many = [(0u8, 0.0, 0.0, 0u8, 0.0); 65];
        &mut many
    };
    let mut n = 0;
    while slots != 0 {
        let sl = slots.trailing_zeros() as u8;
        slots &= slots - 1;
        let sys = &s.systems[sl as usize];
        let active = acting && sl == f.tactical.active;
        let mut counts = if sys.space.owner == p.0 { sys.space.count } else { [0; UNIT_TYPES] };
        if active && matches!(procedure_step(g), Step::Move(_) | Step::SpaceCannon) {
            for (k, t) in counts.iter_mut().zip(f.tactical.transit) {
                *k += t;
            }
        }
        let (mut cap, mut mv) = (0.0, u8::MAX);
        for t in UnitType::ALL.into_iter().filter(|&t| is_ship(t)) {
            let k = counts[t.idx()];
            if k > 0 && units.capacity[i][t.idx()] > 0 {
                cap += k as f64 * units.capacity[i][t.idx()] as f64;
                mv = mv.min(units.moves[i][t.idx()]);
            }
        }
        let forces = ground_count(&counts)
            + sys.planets.iter().filter(|x| x.owner == p.0).map(|x| ground_count(&x.count)).sum::<f64>();
        let ships = ship_cost(&counts, &units.cost[i]);
        let ground = forces.min(cap);
        if w.staging != 0.0 {
            if active {
                active_mv = Some(if cap > 0.0 { mv } else { units.moves[i][UnitType::Carrier.idx()] });
            } else if ground > 0.0 && !within(sl, mv) {
                stranded += ground;
            }
        }
        if let Some((more_ships, more_ground)) = more.filter(|_| active) {
            let mv = mv.min(units.moves[i][UnitType::Carrier.idx()].max(1));
            groups[n] = (sl, ships + more_ships, ground + more_ground, mv, STAGING);
            n += 1;
        }
        if ground > 0.0 {
            let tokened = sys.tokens >> p.0 & 1 == 1 && !active;
            groups[n] = (sl, ships, ground, mv, if tokened { 0.5 } else { 1.0 });
            n += 1;
        }
    }
    let mut total = 0.0;
    for q in s.seats().filter(|&q| q != p && s.player(q).in_game && w.pressure != 0.0) {
        if throne.is_some_and(|k| s.notes.get(q, k as usize) == Zone::PlayArea(p)) {
            continue;
        }
        let mut slots = 1u64 << g.home_slot()[q.idx()];
        if homeless >> q.0 & 1 == 1 {
            slots |= planet_slots[q.idx()];
        }
        if acting {
            slots &= !(1u64 << f.tactical.active);
        }
        while slots != 0 {
            let target = slots.trailing_zeros() as u8;
            slots &= slots - 1;
            let area = &s.systems[target as usize].space;
            let enemy = match area.occupant() {
                Some(o) if o != p => ship_cost(&area.count, &units.cost[o.idx()]),
                _ => 0.0,
            };
            let mut targets = None;
            let mut best = 0.0f64;
            for &(sl, ships, ground, mv, share) in &groups[..n] {
                if ground <= 0.0 {
                    continue;
                }
                let Some(d) = gal.distance(sl, target) else { continue };
                let near = if d <= mv {
                    share
                } else if d <= mv + 1 {
                    0.5 * share
                } else {
                    continue;
                };
                let t = targets.get_or_insert_with(|| Targets::new(g, p, target, w, homeless, controllers));
                best = best.max(near * t.gain(ships, enemy, ground, [0.0; 3]));
            }
            total += best;
        }
    }
    let staged = if w.staging != 0.0 { staging(g, p, units, more, (stranded, active_mv), within) } else { 0.0 };
    (total, staged)
}

/// Stranded ground forces of `p`, negative (weight `staging`): those of [`pressure`]'s strike
/// groups (forces up to the transports' capacity) with no planet `p` does not control within
/// the slowest transport's move (`within`: printed adjacency; from `p`'s home system off the
/// board also the engine's movement query with every bonus, so that the Creuss home with
/// Slipstream is not stranded), `(stranded, active_mv)` from that loop. During `p`'s movement
/// the forces left where the moving transports came from count too (out of reach of a
/// carrier's move), and [`STAGING`] of the forces that could still move into the active
/// system (`more`) is credited back, up to the stranded forces, when the active system is
/// within reach (`active_mv`: its transports' move): so that bringing stranded forces within
/// reach pays at each step (the Crimson Rebellion's home is off the board, one move behind
/// The Sorrow, and its carriers move 1). Zero for a player whose transports all stand within
/// reach.
fn staging(
    g: &Ti4Game,
    p: Player,
    units: &Units,
    more: Option<(f64, f64)>,
    (mut stranded, active_mv): (f64, Option<u8>),
    within: impl Fn(u8, u8) -> bool,
) -> f64 {
    let (s, f) = (g.state(), &g.flow());
    let i = p.idx();
    let a = f.tactical.active;
    let Some((_, more_ground)) = more.filter(|_| f.turn == p) else { return -stranded };
    // Where the moving transports came from (none of `p`'s ships left there).
    let carrier = units.moves[i][UnitType::Carrier.idx()];
    let mut left = f.tactical.moved_from & !(1u64 << a);
    while left != 0 {
        let sl = left.trailing_zeros() as u8;
        left &= left - 1;
        let sys = &s.systems[sl as usize];
        if sys.space.owner == p.0 {
            continue;
        }
        let forces: f64 = sys.planets.iter().filter(|x| x.owner == p.0).map(|x| ground_count(&x.count)).sum();
        if forces > 0.0 && !within(sl, carrier) {
            stranded += forces;
        }
    }
    let mut credit = 0.0;
    if let Some(mv) = active_mv {
        if stranded > 0.0 && mv > 0 && within(a, mv) {
            credit = STAGING * more_ground.min(stranded);
        }
    }
    credit - stranded
}

/// What [`pressure`] reads besides the game: unit tables, the Support for the Throne slot, the
/// seats without a home, by seat the systems with their planets and with their ships, and the
/// planets' controllers.
#[derive(Clone, Copy)]
struct Board<'a> {
    units: &'a Units,
    throne: Option<u8>,
    homeless: u8,
    planet_slots: &'a [u64; MAX_PLAYERS],
    fleets: &'a [u64; MAX_PLAYERS],
    controllers: &'a Controllers,
    /// By seat, the systems with a planet that seat does not control ([`staging`]).
    open: &'a [u64; MAX_PLAYERS],
}

/// Share of [`pressure`] credited for the forces that could still move into the active system.
const STAGING: f64 = 0.8;

/// Strike groups [`pressure`] lists without its array for every board slot.
const FEW_GROUPS: usize = 16;

/// `σ(x) = 1 / (1 + e^(−x))`.
/// The step the evaluation reads: a "you may" pending after movement (window `AfterMovement`,
/// another player's Foresight) is valued as the end of the movement, with the moved ships still
/// in transit and the combat ahead.
fn procedure_step(g: &Ti4Game) -> Step {
    match (g.step(), g.flow().pending.window) {
        (Step::Decide(_), Some(Window::AfterMovement)) => Step::SpaceCannon,
        (step, _) => step,
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

impl Ti4Heuristic {
    /// Most decisions of other players [`Ti4Heuristic::settle_others`] resolves in a row.
    const SETTLE_LIMIT: usize = 4;

    /// Resolves the "you may" decisions of players other than `q` that the answer to an offer
    /// opened (`Step::Decide`: Pillage after a transaction), each as that player's greedy
    /// choice on this evaluator (the first best in generation order: no random draw), so that
    /// the receiver of an offer sees what accepting it lets others do.
    fn settle_others(&self, g: &mut Ti4Game, q: Player) {
        let mut legal = Vec::new();
        for _ in 0..Self::SETTLE_LIMIT {
            let Step::Decide(r) = g.step() else { return };
            if r == q {
                return;
            }
            g.legal_actions(&mut legal);
            let mut best = (f64::NEG_INFINITY, None);
            for &a in &legal {
                let mut next = g.clone();
                next.apply(a);
                let v = self.evaluate(&next)[r.idx()];
                if v > best.0 {
                    best = (v, Some(a));
                }
            }
            let Some(a) = best.1 else { return };
            g.apply(a);
        }
    }
}

impl Evaluator<Ti4Game> for Ti4Heuristic {
    fn evaluate(&self, g: &Ti4Game) -> PerPlayer<f64> {
        if g.current() == Turn::Terminal {
            return g.returns();
        }
        // A transaction offered (rules 94): its value is what the receiver would make of it,
        // accepting or declining, whichever it values more (one ply of its answer), so that an
        // offer is worth what it brings the offerer and a gift is not taken for free.
        if let Step::Offer(q) = g.step() {
            let answer = |a: Action| {
                let mut next = g.clone();
                next.apply(a);
                self.settle_others(&mut next, q);
                self.evaluate(&next)
            };
            let accept = answer(Action::Accept);
            let mut declined = g.clone();
            declined.apply(Action::Done);
            let cached = self.declined.borrow().get(&declined);
            let decline = cached.unwrap_or_else(|| {
                let v = self.evaluate(&declined);
                self.declined.borrow_mut().put(&declined, v);
                v
            });
            return if accept[q.idx()] > decline[q.idx()] { accept } else { decline };
        }
        // A payment under way (Step::Pay) is valued as its completion by the engine's default
        // payer from here, so that each planet the payer may exhaust next is compared with the
        // others by what the whole payment leaves ready.
        if let Step::Pay(_) = g.step() {
            let mut next = g.clone();
            while let Some(a) = engine::ti4::game::payment::default_option(&next) {
                next.apply(a);
            }
            if !matches!(next.step(), Step::Pay(_)) {
                return self.evaluate(&next);
            }
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
        eliminated: end.state().seats().filter(|&p| !end.state().player(p).in_game).count(),
        full_ranking: places == (0..6).collect::<Vec<u8>>(),
        rounds: end.state().round,
        vp: end.victory_points(Player(seat as u8)),
        max_vp: end.state().seats().map(|p| end.victory_points(p)).max().unwrap_or(0),
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

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    /// Rules 94 (transactions): an offer awaiting its answer is valued as the answer the
    /// receiver prefers: a commodity swap that gives the receiver nothing for its own is
    /// declined (the value of the state as it was), one that gives it trade goods for nothing
    /// is accepted.
    #[test]
    fn an_offer_is_valued_as_the_receivers_better_answer() {
        let mut g = six_player_game(1);
        g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
        let h = Ti4Heuristic::default();
        let offer = |g: &Ti4Game, mine: u8, theirs: u8| {
            let mut o = g.clone();
            o.state_mut().player_mut(Player(0)).commodities = mine;
            o.state_mut().player_mut(Player(1)).commodities = theirs;
            let mut after = [o.clone(), o.clone()];
            (o.flow_mut().transaction.offer_from, o.flow_mut().transaction.offer_what) = (0, 0);
            o.set_step(Step::Offer(Player(1)));
            for (a, next) in [Action::Accept, Action::Done].into_iter().zip(after.iter_mut()) {
                let mut x = o.clone();
                x.apply(a);
                *next = x;
            }
            (h.evaluate(&o), h.evaluate(&after[0]), h.evaluate(&after[1]))
        };
        let (v, accepted, declined) = offer(&g, 0, 3);
        assert!(accepted[1] < declined[1], "a gift of 3 commodities is a loss to the giver");
        assert_eq!(v, declined, "so the offer is worth the state declined");
        let (v, accepted, declined) = offer(&g, 3, 0);
        assert!(accepted[1] > declined[1]);
        assert_eq!(v, accepted, "3 trade goods for nothing are accepted");
        assert!(v[0] < declined[0], "and the offerer gave them away");
    }

    /// An offer whose acceptance opens another player's decision (the Mentak's Pillage of a
    /// neighbour left with 3 trade goods) is valued after that player's greedy answer: game 7
    /// seats the Mentak at seat 0, seat 1 made its neighbour, and the Mentak gives 3 commodities.
    #[test]
    fn an_accepted_offer_is_valued_after_the_pillage_it_allows() {
        use engine::ti4::state::Location;
        let mut g = six_player_game(7);
        g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
        let home = g.home_slot()[0];
        let next = engine::ti4::galaxy::bits(g.galaxy().neighbours(home))
            .find(|&sl| g.state().systems[sl as usize].space.owner == NOBODY && !g.home_slot().contains(&sl))
            .unwrap();
        g.state_mut().add_units(Player(1), Location::Space(next), UnitType::Destroyer, 1).unwrap();
        (g.state_mut().player_mut(Player(0)).commodities, g.state_mut().player_mut(Player(1)).commodities) = (3, 0);
        g.state_mut().player_mut(Player(1)).trade_goods = 0;
        (g.flow_mut().transaction.offer_from, g.flow_mut().transaction.offer_what) = (0, 0);
        g.flow_mut().turn = Player(0);
        g.set_step(Step::Offer(Player(1)));
        let h = Ti4Heuristic::default();
        let mut accepted = g.clone();
        accepted.apply(Action::Accept);
        assert_eq!(accepted.step(), Step::Decide(Player(0)), "the Mentak may pillage");
        let pillage = engine::ti4::rules::Source::Ability(engine::ti4::factions::ability_bit("pillage").unwrap());
        let mut pillaged = accepted.clone();
        pillaged.apply(Action::Choose(pillage, 2));
        assert_eq!(pillaged.state().player(Player(1)).trade_goods, 2);
        assert_eq!(h.evaluate(&g), h.evaluate(&pillaged), "accepted (2 trade goods kept), valued after the pillage");
    }

    /// The decline cache: every offer of a decision valued by one evaluator (whose cache holds
    /// the declined positions of the earlier offers) equals its value by a fresh evaluator,
    /// on the offers met in seeded random games; several offers to one receiver share a cache
    /// entry.
    #[test]
    fn cached_declines_equal_fresh_evaluations() {
        let (mut offers, mut hits) = (0, 0);
        for seed in 0..6 {
            let mut g = six_player_game(seed);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut buf = Vec::new();
            let warm = Ti4Heuristic::default();
            while !g.is_terminal() && g.decisions() < 600 {
                if g.current() == Turn::Chance {
                    g.apply_chance(&mut rng);
                    continue;
                }
                g.legal_actions(&mut buf);
                let mut receivers = 0u8;
                for &a in buf.iter().filter(|a| matches!(a, Action::Transact(..))) {
                    let Action::Transact(q, _) = a else { continue };
                    let mut next = g.clone();
                    next.apply(a);
                    assert_eq!(warm.evaluate(&next), Ti4Heuristic::default().evaluate(&next), "seed {seed}: {a:?}");
                    offers += 1;
                    hits += (receivers >> q & 1) as u32;
                    receivers |= 1 << q;
                }
                let a = buf[rand::RngExt::random_range(&mut rng, 0..buf.len())];
                g.apply(a);
            }
        }
        assert!(hits > 10, "{hits} of {offers} offers went to a receiver offered to before: the cache is not tried");
    }

    /// The `ready` term: an exhausted planet lowers it by its resources plus influence during
    /// the action phase; in the agenda phase (votes exhaust planets the phase readies again at
    /// its end) it is 0.
    #[test]
    fn ready_planets_are_worth_something_outside_the_agenda_phase() {
        let mut g = six_player_game(1);
        g.apply_chance(&mut rand_chacha::ChaCha8Rng::seed_from_u64(1));
        let h = Ti4Heuristic::default();
        let term = |g: &Ti4Game| h.breakdown(g, Player(0)).iter().find(|t| t.0 == "ready").unwrap().1;
        g.set_step(Step::Turn(Player(0)));
        let before = term(&g);
        let pl = g.state().player(Player(0)).planets.first().unwrap();
        let d = &g.content().planets[pl.idx()];
        let worth = (d.resources + d.influence) as f64;
        g.state_mut().exhausted_planets.insert(pl);
        assert!((before - term(&g) - 0.05 * worth).abs() < 1e-9, "{before} {}", term(&g));
        g.set_step(Step::Vote(Player(0)));
        assert_eq!(term(&g), 0.0);
    }

    /// Differential test: the evaluator's features from its context equal the engine's
    /// `heuristic_features` (the plain reference), bit for bit, at every state of random games.
    #[test]
    fn features_from_the_context_equal_the_engines() {
        let w = Ti4Weights::default();
        let mut buf = Vec::new();
        let mut checked = 0;
        for i in 0..10 {
            let mut g = six_player_game(i);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
            while !g.is_terminal() {
                let ctx = Context::new(&g, &w, None, Units::new(&g));
                for p in g.state().seats() {
                    let (a, b) = (features(&g, &ctx, p), g.heuristic_features(p));
                    assert_eq!(format!("{a:?}"), format!("{b:?}"));
                    assert_eq!(a.fleet.to_bits(), b.fleet.to_bits());
                    checked += 1;
                }
                engine::game::random_step(&mut g, &mut rng, &mut buf);
            }
        }
        assert!(checked > 10_000);
    }

    /// `staging`: the Crimson Rebellion's carrier and infantry start stranded at their home off
    /// the board; at The Sorrow they are within a move of planets to take.
    #[test]
    fn staging_counts_the_crimson_forces_stranded_behind_the_sorrow() {
        use engine::ti4::game::{MapChoice, Ti4Options};
        use engine::ti4::state::Location;
        let c = Content::embedded();
        let keys = ["crimson", "sol", "hacan", "letnev", "xxcha", "winnu"];
        let factions: Vec<_> = keys.iter().map(|k| c.faction(k).unwrap()).collect();
        let mut g = Ti4Game::new(c.clone(), &factions, &MapChoice::Random(1), Ti4Options::default()).unwrap();
        let h = Ti4Heuristic::new(Ti4Weights::default());
        let staging = |g: &Ti4Game, p: Player| h.breakdown(g, p).into_iter().find(|t| t.0 == "staging").unwrap().1;
        let (crimson, sol) = (Player(0), Player(1));
        // The home (tile 118) is off the board; its carrier moves 1, to The Sorrow alone.
        assert!(staging(&g, crimson) < 0.0, "the carrier and its infantry are stranded at home");
        assert_eq!(staging(&g, sol), 0.0, "Sol's home is next to planets to take");
        // Carrier and infantry moved to The Sorrow: planets within a move.
        let home = g.home_slot()[0];
        let sorrow = g.state().slot_of(c.system("94").unwrap()).unwrap();
        let s = g.state_mut();
        for loc in [Location::Space(home), Location::Planet(home, 0)] {
            for t in [UnitType::Carrier, UnitType::Infantry] {
                let k = s.count_at(loc, t);
                if k > 0 {
                    s.remove_units(loc, t, k).unwrap();
                    s.add_units(crimson, Location::Space(sorrow), t, k).unwrap();
                }
            }
        }
        assert_eq!(staging(&g, crimson), 0.0, "within reach from The Sorrow");
    }

    /// Differential: the controllers listed once per evaluation ([`Controllers`]) equal the
    /// engine's `controller` of every planet at every state of random games.
    #[test]
    fn controllers_agree_with_the_engine() {
        let mut buf = Vec::new();
        let mut held = 0u64;
        for i in 0..6 {
            let mut g = six_player_game(40 + i);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
            while !g.is_terminal() {
                let list = Controllers::new(g.state());
                for k in 0..g.content().planets.len() {
                    let pl = engine::ti4::ids::PlanetId(k as u8);
                    assert_eq!(list.of(pl), engine::ti4::control::controller(g.state(), pl));
                    held += list.of(pl).is_some() as u64;
                }
                engine::game::random_step(&mut g, &mut rng, &mut buf);
            }
        }
        assert!(held > 1_000);
    }

    /// Differential: the unit definitions an evaluator reuses from its last evaluation
    /// ([`UnitCache::units`]) equal the ones looked up afresh ([`Units::new`]) at every state
    /// of random games, one cache carried through all of them (and through the successors of
    /// each state, as a greedy decision evaluates them).
    #[test]
    fn cached_units_equal_the_looked_up_ones() {
        let mut buf = Vec::new();
        let mut cache = UnitCache::default();
        let (mut checked, mut changed, mut missed) = (0u64, 0u64, 0u64);
        let same =
            |a: &Units, b: &Units| a == b && a.cost.map(|r| r.map(f64::to_bits)) == b.cost.map(|r| r.map(f64::to_bits));
        for i in 0..16 {
            let mut g = six_player_game(20 + i);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
            let mut last = Units::new(&g);
            while !g.is_terminal() {
                let plain = Units::new(&g);
                let keys = cache.keys;
                assert!(same(&cache.units(&g), &plain), "game {i} decision {}", g.decisions());
                missed += (keys != cache.keys) as u64;
                changed += (plain != last) as u64;
                last = plain;
                checked += 1;
                if g.current() != Turn::Chance {
                    g.legal_actions(&mut buf);
                    for &a in buf.iter().take(4) {
                        let mut next = g.clone();
                        next.apply(a);
                        assert!(same(&cache.units(&next), &Units::new(&next)), "game {i} successor");
                        checked += 1;
                    }
                }
                engine::game::random_step(&mut g, &mut rng, &mut buf);
            }
        }
        // Unit upgrades are rare in random play; technologies (the cache's keys) change more.
        assert!(
            checked > 10_000 && changed >= 5 && missed > 100,
            "{checked} states, {changed} changes, {missed} misses"
        );
    }
}
