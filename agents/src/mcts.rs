//! Monte Carlo tree search for any [`Game`]: UCT with max^n backups for N players, open loop
//! over chance, and information-set MCTS by determinization for hidden information.
//!
//! Each iteration descends the tree from the root choosing, at a node where player `p` acts,
//! the available child `i` maximising
//!
//! ```text
//!     UCT(i) = X̄_p(i) + c · sqrt( ln A(i) / n(i) )
//! ```
//!
//! where `X̄_p(i)` is player `p`'s mean return through `i` (returns mapped onto `[0, 1]` with
//! [`Game::utility_range`]), `n(i)` the visits of `i`, `A(i)` the number of times `i` was
//! available when its parent was visited (the parent's visit count when every child is always
//! available), and `c` the exploration constant. Unvisited available children come first, in
//! an order drawn from the search RNG. The leaf is scored by a rollout (random or heuristic
//! policy, optionally cut off after `max_rollout_depth` plies and scored by the evaluator), and
//! the whole return vector is added to every node on the path, so each node holds every
//! player's value sum (max^n). The move played is the root child with the most visits (ties:
//! higher mean for the mover, then the lower action).
//!
//! - Chance is open loop: chance states are not nodes; outcomes are sampled from the search
//!   RNG while descending, so a node's statistics average over them.
//! - Hidden information (single-observer ISMCTS): each iteration starts from
//!   `root.determinize(me, rng)`, so the tree is built over action sequences from my point of
//!   view and never reads what I cannot see. A node's children are the union of the actions
//!   legal in the determinizations that reached it, and selection uses only the children legal
//!   in the current one, with availability counts `A(i)` in the formula.
//! - Games without chance or hidden information take a fast path that skips regenerating
//!   legal actions inside the tree; a test checks it agrees exactly with the general path.
//! - Nodes live in an arena (a `Vec` with index links) that is cleared, not freed, between
//!   searches: after warm-up an iteration allocates nothing. Optional tree reuse keeps the
//!   subtree of the position reached since the last search (perfect-information games
//!   without chance only).
//! - The budget is a number of iterations, so a seed reproduces a search exactly; a wall-clock
//!   budget (`time_ms`) is an explicit, non-deterministic option.
//!
//! References: L. Kocsis and C. Szepesvári, "Bandit based Monte-Carlo Planning", ECML 2006
//! (UCT); N. Sturtevant, "An Analysis of UCT in Multi-Player Games", CG 2008 (max^n UCT);
//! P. Cowling, E. Powley and D. Whitehouse, "Information Set Monte Carlo Tree Search", IEEE
//! TCIAIG 4(2), 2012 (ISMCTS). OpenSpiel's `algorithms/mcts.cc` is the peer implementation
//! compared against in `scripts/openspiel_compare.py`.

use std::time::{Duration, Instant};

use engine::game::{Game, PerPlayer, Turn};
use rand::{Rng, RngExt};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::agent::Agent;
use crate::heuristic::Evaluator;

/// How a rollout picks actions below the tree.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rollout {
    /// Uniformly random legal actions (OpenSpiel's `RandomRolloutEvaluator`).
    Random,
    /// One-ply greedy on the evaluator; a uniformly random action with probability
    /// [`HEURISTIC_ROLLOUT_EPSILON`]; ties broken uniformly.
    Heuristic,
}

/// Probability that a heuristic rollout step plays a uniformly random action instead.
pub const HEURISTIC_ROLLOUT_EPSILON: f64 = 0.1;

/// Plies of player actions searched below the previous root to find the new root when
/// reusing the tree.
const REUSE_MAX_PLIES: usize = 8;

/// Counts below this use [`UctTables`] instead of `ln`, `sqrt` and division.
const TABLE_SIZE: usize = 1024;

/// How often (in iterations) a wall-clock budget looks at the clock.
const CLOCK_INTERVAL: u32 = 32;

/// MCTS parameters (the `"kind": "mcts"` agent config).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsConfig {
    /// Iterations (simulations) per decision, at least 1.
    pub iterations: u32,
    /// Exploration constant `c` of the UCT formula, finite and non-negative.
    pub exploration: f64,
    /// Rollout policy below the tree.
    pub rollout: Rollout,
    /// Player actions a rollout may take before it stops and the evaluator scores the state;
    /// `None` plays rollouts to the end of the game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rollout_depth: Option<u32>,
    /// Optional wall-clock budget per decision in milliseconds; the search stops at whichever
    /// of `iterations` and `time_ms` comes first (the clock is read every 32 iterations).
    /// Makes results depend on machine speed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_ms: Option<u64>,
    /// Keep the subtree of the new position between decisions (perfect-information games
    /// without chance; otherwise ignored).
    #[serde(default)]
    pub reuse_tree: bool,
    /// Evaluator weights replacing the game's defaults (see [`crate::config`]).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub weights: crate::heuristic::Weights,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            iterations: 1000,
            exploration: 1.4,
            rollout: Rollout::Random,
            max_rollout_depth: None,
            time_ms: None,
            reuse_tree: false,
            weights: crate::heuristic::Weights::new(),
        }
    }
}

impl MctsConfig {
    /// The display name, e.g. `mcts(it=1000,c=1.4,rollout=random)`, with `depth=`, `time_ms=`
    /// and `reuse` added when set.
    pub fn name(&self) -> String {
        let rollout = match self.rollout {
            Rollout::Random => "random",
            Rollout::Heuristic => "heuristic",
        };
        let mut name = format!("mcts(it={},c={},rollout={}", self.iterations, self.exploration, rollout);
        if let Some(d) = self.max_rollout_depth {
            name += &format!(",depth={d}");
        }
        if let Some(t) = self.time_ms {
            name += &format!(",time_ms={t}");
        }
        if self.reuse_tree {
            name += ",reuse";
        }
        if !self.weights.is_empty() {
            name += &format!(",weights({})", crate::config::weights_name(&self.weights));
        }
        name + ")"
    }
}

/// Visit statistics of one root action after a search.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct ChildStats<A> {
    /// The action.
    pub action: A,
    /// Iterations that went through it.
    pub visits: u32,
    /// The mover's mean return through it, on `[0, 1]`.
    pub mean: f64,
}

/// A tree node: the edge into it, its statistics and its children block.
#[derive(Clone, Copy, Debug)]
struct Node<A> {
    /// The action leading here from the parent (meaningless at the root).
    action: A,
    /// Iterations through this node.
    visits: u32,
    /// Times this node was available for selection at its parent (general path only).
    avail: u32,
    /// Times a child was selected here.
    selections: u32,
    /// Index of the first child; children are contiguous and sorted by action.
    first_child: u32,
    /// Number of children; 0 until expanded.
    num_children: u32,
}

/// The node arena: nodes plus `players` value sums per node (`values[i * players + p]`).
#[derive(Clone, Debug)]
struct Tree<A> {
    nodes: Vec<Node<A>>,
    values: Vec<f64>,
    players: usize,
}

impl<A: Copy> Tree<A> {
    fn new() -> Self {
        Tree { nodes: Vec::new(), values: Vec::new(), players: 0 }
    }
    fn clear(&mut self, players: usize) {
        self.nodes.clear();
        self.values.clear();
        self.players = players;
    }
    fn push(&mut self, action: A) {
        self.nodes.push(Node { action, visits: 0, avail: 0, selections: 0, first_child: 0, num_children: 0 });
        for _ in 0..self.players {
            self.values.push(0.0);
        }
    }
    /// Copies node `i` of `other` (statistics and child links) to the end of `self`.
    fn push_copy(&mut self, other: &Tree<A>, i: usize) {
        self.nodes.push(other.nodes[i]);
        let n = self.players;
        self.values.extend_from_slice(&other.values[i * n..(i + 1) * n]);
    }
    fn children(&self, i: usize) -> std::ops::Range<usize> {
        let nd = &self.nodes[i];
        nd.first_child as usize..(nd.first_child + nd.num_children) as usize
    }
}

/// The MCTS agent (see the module docs). `E` scores rollout cut-offs and drives heuristic
/// rollouts.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game, E> {
    cfg: MctsConfig,
    eval: E,
    tree: Tree<G::Action>,
    /// Second arena for compacting a reused subtree.
    spare: Tree<G::Action>,
    /// Node indices of the current iteration, root first.
    path: Vec<u32>,
    /// Legal actions at the current tree node.
    legal: Vec<G::Action>,
    /// Legal actions missing from a node's children (general path).
    missing: Vec<G::Action>,
    /// Legal actions during a rollout.
    rollout_legal: Vec<G::Action>,
    /// The root state of the last search, for tree reuse.
    previous_root: Option<G>,
    /// Iterations run by the last search.
    last_iterations: u32,
    /// Precomputed terms of the UCT formula.
    uct: UctTables,
}

/// The UCT formula's terms for small counts, so that selection, the hot loop of the search,
/// needs no division, `ln` or `sqrt`: `UCT(i) = sum_p(i) · inv(n) + explore(A) · inv_sqrt(n)`.
#[derive(Clone, Debug)]
struct UctTables {
    c: f64,
    /// `c · sqrt(ln a)` for `a < TABLE_SIZE`.
    explore: Vec<f64>,
    /// `(1 / n, 1 / sqrt(n))` for `n < TABLE_SIZE`.
    inv: Vec<(f64, f64)>,
}

impl UctTables {
    fn new(c: f64) -> Self {
        let explore = (0..TABLE_SIZE).map(|a| Self::compute_explore(c, a as u32)).collect();
        let inv = (0..TABLE_SIZE).map(|n| Self::compute_inv(n as u32)).collect();
        UctTables { c, explore, inv }
    }
    fn compute_explore(c: f64, avail: u32) -> f64 {
        c * (avail as f64).ln().sqrt()
    }
    fn compute_inv(n: u32) -> (f64, f64) {
        (1.0 / n as f64, 1.0 / (n as f64).sqrt())
    }
    /// `c · sqrt(ln avail)`.
    #[inline]
    fn explore(&self, avail: u32) -> f64 {
        match self.explore.get(avail as usize) {
            Some(&e) => e,
            None => Self::compute_explore(self.c, avail),
        }
    }
    /// `(1 / n, 1 / sqrt(n))`.
    #[inline]
    fn inv(&self, n: u32) -> (f64, f64) {
        match self.inv.get(n as usize) {
            Some(&v) => v,
            None => Self::compute_inv(n),
        }
    }
}

impl<G: Game, E: Evaluator<G>> Mcts<G, E> {
    /// An MCTS agent with parameters `cfg` and evaluator `eval`.
    ///
    /// # Panics
    /// If `cfg` is invalid (see [`MctsConfig::validate`]).
    pub fn new(cfg: MctsConfig, eval: E) -> Self {
        if let Err(e) = cfg.validate() {
            panic!("invalid MCTS config: {e}");
        }
        Mcts {
            uct: UctTables::new(cfg.exploration),
            cfg,
            eval,
            tree: Tree::new(),
            spare: Tree::new(),
            path: Vec::new(),
            legal: Vec::new(),
            missing: Vec::new(),
            rollout_legal: Vec::new(),
            previous_root: None,
            last_iterations: 0,
        }
    }

    /// The parameters.
    pub fn config(&self) -> &MctsConfig {
        &self.cfg
    }

    /// Iterations run by the last search (fewer than `iterations` only under `time_ms`).
    pub fn last_iterations(&self) -> u32 {
        self.last_iterations
    }

    /// Nodes in the tree after the last search.
    pub fn tree_size(&self) -> usize {
        self.tree.nodes.len()
    }

    /// Statistics of the root's children after the last search, in action order, for the
    /// player who was to move at the root.
    pub fn root_stats(&self) -> Vec<ChildStats<G::Action>> {
        let Some(root) = &self.previous_root else { return Vec::new() };
        let Turn::Player(me) = root.current() else { return Vec::new() };
        self.tree
            .children(0)
            .map(|i| {
                let nd = self.tree.nodes[i];
                let mean = self.tree.values[i * self.tree.players + me] / nd.visits.max(1) as f64;
                ChildStats { action: nd.action, visits: nd.visits, mean }
            })
            .collect()
    }

    /// Searches from `root` and returns the action to play.
    ///
    /// # Panics
    /// If `root` is not a player's turn.
    pub fn search(&mut self, root: &G, rng: &mut ChaCha8Rng) -> G::Action {
        let Turn::Player(me) = root.current() else {
            panic!("MCTS asked to move at {:?}", root.current());
        };
        let (lo, hi) = root.utility_range();
        let scale = 1.0 / (hi - lo);
        if !self.try_reuse(root, me) {
            self.tree.clear(root.num_players());
            root.legal_actions(&mut self.legal);
            self.tree.push(self.legal[0]);
        }
        let deadline = self.cfg.time_ms.map(|ms| Instant::now() + Duration::from_millis(ms));
        let mut done = 0;
        while done < self.cfg.iterations {
            if deadline.is_some_and(|d| done % CLOCK_INTERVAL == 0 && done > 0 && Instant::now() >= d) {
                break;
            }
            let mut state = root.determinize(me, rng);
            self.iterate(&mut state, rng, lo, scale);
            done += 1;
        }
        self.last_iterations = done;
        self.previous_root = Some(root.clone());
        self.best_root_action(root, me)
    }

    /// The most visited root child that is legal at `root` (ties: higher mean for `me`, then
    /// the lower action).
    fn best_root_action(&mut self, root: &G, me: usize) -> G::Action {
        root.legal_actions(&mut self.legal);
        let n = self.tree.players;
        let mut best: Option<(u32, f64, G::Action)> = None;
        for i in self.tree.children(0) {
            let nd = self.tree.nodes[i];
            if self.legal.binary_search(&nd.action).is_err() {
                continue;
            }
            let mean = if nd.visits == 0 { 0.0 } else { self.tree.values[i * n + me] / nd.visits as f64 };
            if best.is_none_or(|(v, m, _)| nd.visits > v || (nd.visits == v && mean > m)) {
                best = Some((nd.visits, mean, nd.action));
            }
        }
        best.map_or(self.legal[0], |(_, _, a)| a)
    }

    /// One iteration from the determinized root `state`: select, expand, roll out, back up.
    fn iterate(&mut self, state: &mut G, rng: &mut ChaCha8Rng, lo: f64, scale: f64) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0usize;
        let values = loop {
            match state.current() {
                Turn::Terminal => break normalise(state.returns(), lo, scale),
                Turn::Chance => state.apply_chance(rng),
                Turn::Player(p) => {
                    if node != 0 && self.tree.nodes[node].visits == 0 {
                        break self.rollout(state, rng, lo, scale);
                    }
                    let child = self.select(node, p, state, rng);
                    state.apply(self.tree.nodes[child].action);
                    node = child;
                    self.path.push(child as u32);
                }
            }
        };
        let n = self.tree.players;
        for &i in &self.path {
            let i = i as usize;
            self.tree.nodes[i].visits += 1;
            for (sum, v) in self.tree.values[i * n..(i + 1) * n].iter_mut().zip(values.iter()) {
                *sum += v;
            }
        }
    }

    /// Chooses the child of `node` to descend into for player `p` at `state`, expanding the
    /// node first if needed, and counts the availability of the candidates.
    fn select(&mut self, node: usize, p: usize, state: &G, rng: &mut ChaCha8Rng) -> usize {
        let fast = !G::HIDDEN_INFORMATION && !G::CHANCE;
        if fast {
            if self.tree.nodes[node].num_children == 0 {
                state.legal_actions(&mut self.legal);
                self.add_children(node);
            }
        } else {
            state.legal_actions(&mut self.legal);
            self.add_children(node);
        }
        let n = self.tree.players;
        let (mut best, mut best_ucb, mut unvisited) = (usize::MAX, f64::NEG_INFINITY, 0u32);
        self.tree.nodes[node].selections += 1;
        if fast {
            // Every child is available at every selection, and all were created together, so
            // A(i) is the node's selection count for all of them.
            let explore = self.uct.explore(self.tree.nodes[node].selections);
            for i in self.tree.children(node) {
                let visits = self.tree.nodes[i].visits;
                if visits == 0 {
                    unvisited += 1;
                    continue;
                }
                let (inv, inv_sqrt) = self.uct.inv(visits);
                let ucb = self.tree.values[i * n + p] * inv + explore * inv_sqrt;
                if ucb > best_ucb {
                    (best, best_ucb) = (i, ucb);
                }
            }
        } else {
            let (mut last_avail, mut explore, mut j) = (0u32, 0.0f64, 0);
            for i in self.tree.children(node) {
                // Both lists are sorted: advance through the legal actions in step.
                let action = self.tree.nodes[i].action;
                while j < self.legal.len() && self.legal[j] < action {
                    j += 1;
                }
                if j == self.legal.len() || self.legal[j] != action {
                    continue;
                }
                let nd = &mut self.tree.nodes[i];
                nd.avail += 1;
                if nd.visits == 0 {
                    unvisited += 1;
                    continue;
                }
                if nd.avail != last_avail {
                    last_avail = nd.avail;
                    explore = self.uct.explore(last_avail);
                }
                let (inv, inv_sqrt) = self.uct.inv(nd.visits);
                let ucb = self.tree.values[i * n + p] * inv + explore * inv_sqrt;
                if ucb > best_ucb {
                    (best, best_ucb) = (i, ucb);
                }
            }
        }
        if unvisited == 0 {
            return best;
        }
        let mut k = below(rng, unvisited);
        let mut j = 0;
        for i in self.tree.children(node) {
            let nd = self.tree.nodes[i];
            if !fast {
                while j < self.legal.len() && self.legal[j] < nd.action {
                    j += 1;
                }
                if j == self.legal.len() || self.legal[j] != nd.action {
                    continue;
                }
            }
            if nd.visits == 0 {
                if k == 0 {
                    return i;
                }
                k -= 1;
            }
        }
        unreachable!("counted {unvisited} unvisited children")
    }

    /// Makes the children of `node` include every action in `self.legal` (sorted). Children are
    /// a contiguous sorted block; when actions are missing, the block is rebuilt at the end of
    /// the arena with the old children's statistics (the old block becomes unused).
    fn add_children(&mut self, node: usize) {
        self.missing.clear();
        let children = self.tree.children(node);
        let mut i = children.start;
        for &a in &self.legal {
            while i < children.end && self.tree.nodes[i].action < a {
                i += 1;
            }
            if i == children.end || self.tree.nodes[i].action != a {
                self.missing.push(a);
            }
        }
        if self.missing.is_empty() {
            return;
        }
        let first = self.tree.nodes.len();
        let (mut old, mut new) = (children.start, 0);
        while old < children.end || new < self.missing.len() {
            if new == self.missing.len() || (old < children.end && self.tree.nodes[old].action < self.missing[new]) {
                let (nd, n) = (self.tree.nodes[old], self.tree.players);
                self.tree.nodes.push(nd);
                self.tree.values.extend_from_within(old * n..(old + 1) * n);
                old += 1;
            } else {
                self.tree.push(self.missing[new]);
                new += 1;
            }
        }
        let count = (self.tree.nodes.len() - first) as u32;
        let nd = &mut self.tree.nodes[node];
        nd.first_child = first as u32;
        nd.num_children = count;
    }

    /// Plays on from `state` with the rollout policy and returns the normalised values.
    fn rollout(&mut self, state: &mut G, rng: &mut ChaCha8Rng, lo: f64, scale: f64) -> PerPlayer<f64> {
        let mut depth = 0;
        loop {
            match state.current() {
                Turn::Terminal => return normalise(state.returns(), lo, scale),
                Turn::Chance => state.apply_chance(rng),
                Turn::Player(p) => {
                    if self.cfg.max_rollout_depth.is_some_and(|max| depth >= max) {
                        return self.eval.evaluate(state);
                    }
                    state.legal_actions(&mut self.rollout_legal);
                    let action = match self.cfg.rollout {
                        Rollout::Random => self.rollout_legal[below(rng, self.rollout_legal.len() as u32) as usize],
                        Rollout::Heuristic => self.heuristic_step(state, p, rng),
                    };
                    state.apply(action);
                    depth += 1;
                }
            }
        }
    }

    /// One heuristic rollout step for player `p` (see [`Rollout::Heuristic`]).
    fn heuristic_step(&self, state: &G, p: usize, rng: &mut ChaCha8Rng) -> G::Action {
        let legal = &self.rollout_legal;
        if rng.random_bool(HEURISTIC_ROLLOUT_EPSILON) {
            return legal[rng.random_range(0..legal.len())];
        }
        crate::heuristic::greedy_action(legal, state, p, &self.eval, rng)
    }

    /// Moves the subtree of `root` to the front of a fresh arena when `root` is reached from
    /// the previous search's root by at most [`REUSE_MAX_PLIES`] actions in the tree. Returns
    /// false (and leaves the tree for clearing) when reuse is off, not applicable or no match.
    fn try_reuse(&mut self, root: &G, me: usize) -> bool {
        if !self.cfg.reuse_tree || G::HIDDEN_INFORMATION || G::CHANCE || self.tree.nodes.is_empty() {
            return false;
        }
        let Some(previous) = self.previous_root.take() else { return false };
        let target = root.observation(me);
        let Some(found) = find_node(&self.tree, 0, &previous, &target, me, REUSE_MAX_PLIES) else {
            return false;
        };
        // Breadth-first copy; the spare arena doubles as the queue, since copied nodes keep
        // their old child links until their own children are copied.
        self.spare.clear(self.tree.players);
        self.spare.push_copy(&self.tree, found);
        let mut next = 0;
        while next < self.spare.nodes.len() {
            let old = self.spare.children(next);
            self.spare.nodes[next].first_child = self.spare.nodes.len() as u32;
            for i in old {
                self.spare.push_copy(&self.tree, i);
            }
            next += 1;
        }
        std::mem::swap(&mut self.tree, &mut self.spare);
        true
    }
}

/// The node below `node` (at `state`) whose state `me` sees as `target`, within `plies`.
fn find_node<G: Game>(
    tree: &Tree<G::Action>,
    node: usize,
    state: &G,
    target: &G::Observation,
    me: usize,
    plies: usize,
) -> Option<usize> {
    if state.observation(me) == *target {
        return Some(node);
    }
    if plies == 0 {
        return None;
    }
    for i in tree.children(node) {
        let nd = tree.nodes[i];
        if nd.visits == 0 {
            continue;
        }
        let mut next = state.clone();
        next.apply(nd.action);
        if let Some(found) = find_node(tree, i, &next, target, me, plies - 1) {
            return Some(found);
        }
    }
    None
}

/// A uniform integer in `0..n` (`n >= 1`): Lemire's multiply-shift on 32-bit draws, with
/// rejection so that it is exactly uniform. Inlined into the rollout loop.
#[inline]
fn below(rng: &mut ChaCha8Rng, n: u32) -> u32 {
    let mut m = rng.next_u32() as u64 * n as u64;
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = rng.next_u32() as u64 * n as u64;
        }
    }
    (m >> 32) as u32
}

/// Maps returns onto `[0, 1]`: `(r - lo) * scale` with `scale = 1 / (hi - lo)`.
#[inline]
fn normalise(mut returns: PerPlayer<f64>, lo: f64, scale: f64) -> PerPlayer<f64> {
    for r in returns.iter_mut() {
        *r = (*r - lo) * scale;
    }
    returns
}

impl<G: Game, E: Evaluator<G>> Agent<G> for Mcts<G, E> {
    fn name(&self) -> String {
        self.cfg.name()
    }

    fn choose(&mut self, state: &G, rng: &mut ChaCha8Rng) -> G::Action {
        self.search(state, rng)
    }

    fn reset(&mut self) {
        self.previous_root = None;
        self.tree.clear(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agent::agent_rng;

    #[test]
    fn below_is_uniform_and_in_range() {
        let mut rng = agent_rng(4, 0);
        for n in [1u32, 2, 3, 7, 1000] {
            let mut counts = vec![0u32; n as usize];
            let draws = 2000 * n;
            for _ in 0..draws {
                counts[below(&mut rng, n) as usize] += 1;
            }
            assert!(counts.iter().all(|&c| (1700..=2300).contains(&c)), "n = {n}: {:?}", &counts[..n.min(10) as usize]);
        }
    }

    #[test]
    fn uct_tables_match_the_formula() {
        let t = UctTables::new(1.4);
        for n in [1u32, 2, 17, 1023, 1024, 5000] {
            let (inv, inv_sqrt) = t.inv(n);
            assert!((inv - 1.0 / n as f64).abs() < 1e-15);
            assert!((inv_sqrt - 1.0 / (n as f64).sqrt()).abs() < 1e-15);
            assert!((t.explore(n) - 1.4 * (n as f64).ln().sqrt()).abs() < 1e-12);
        }
        let (visits, sum, avail) = (40.0f64, 23.0, 300.0f64);
        let ucb = sum * t.inv(40).0 + t.explore(300) * t.inv(40).1;
        assert!((ucb - (sum / visits + 1.4 * (avail.ln() / visits).sqrt())).abs() < 1e-12);
    }

    #[test]
    fn config_names_include_optional_limits() {
        assert_eq!(MctsConfig::default().name(), "mcts(it=1000,c=1.4,rollout=random)");
        let c = MctsConfig { max_rollout_depth: Some(3), ..MctsConfig::default() };
        assert_eq!(c.name(), "mcts(it=1000,c=1.4,rollout=random,depth=3)");
    }

    #[test]
    #[should_panic(expected = "invalid MCTS config")]
    fn new_rejects_an_invalid_config() {
        let cfg = MctsConfig { iterations: 0, ..MctsConfig::default() };
        let _ = Mcts::<engine::connect_four::ConnectFour, _>::new(cfg, crate::ConnectFourHeuristic::default());
    }
}
