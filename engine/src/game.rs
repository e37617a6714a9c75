//! The `Game` trait every game in the workspace implements, OpenSpiel-style.
//!
//! A value implementing [`Game`] is one *state* of a game: whose turn it is ([`Turn`]), which
//! actions are legal, how an action changes the state, what each player has won when it is over
//! and what each player can see. Agents, search and the `sim` runner are written once against
//! this trait and work for every game (Connect Four, TI4, Legion).
//!
//! Conventions shared by all games:
//! - Players are seats `0..num_players()`, at most [`MAX_PLAYERS`].
//! - Chance (dice, shuffles, draws) happens only at [`Turn::Chance`] states and is resolved by
//!   sampling from the caller's RNG ([`Game::apply_chance`]); a search can therefore be open-loop
//!   over chance by calling it with its own RNG.
//! - Hidden information is explicit: [`Game::observation`] is what a player may see, and
//!   [`Game::determinize`] re-samples everything else. An agent for a hidden-information game
//!   decides from `determinize(me, rng)` only, never from the true state.
//! - Nothing here allocates on the hot path: legal actions go into a caller-owned buffer, and
//!   per-player results are fixed-size [`PerPlayer`] values.
//!
//! Simultaneous and face-down choices (Legion's command cards, picked by both players at once)
//! are modelled as *sequential hidden* choices: the players choose one after the other, each
//! choice is a normal [`Turn::Player`] decision, and a choice already made by another player is
//! hidden from everyone else's [`Game::observation`] until the rules reveal it. Because an
//! agent sees only its observation (and [`Game::determinize`] re-samples what it cannot see),
//! choosing second gives no information: the game is the same as a simultaneous one.
//!
//! [`random_simulation`] is the generic invariant checker (OpenSpiel's `RandomSimTest`) that
//! every game's tests run from a fixed seed.

use std::fmt;
use std::ops::{Deref, DerefMut};

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Most players any game in the workspace seats (TI4 with the expansion seats 8).
pub const MAX_PLAYERS: usize = 8;

/// Whose turn it is at a state.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Turn {
    /// Seat `0..num_players()` must choose one of the legal actions.
    Player(usize),
    /// Chance acts next: call [`Game::apply_chance`] with an RNG.
    Chance,
    /// The game is over; [`Game::returns`] are final.
    Terminal,
}

/// One value per player, stored inline (no heap): `Copy`, and derefs to a slice of length
/// `num_players`.
#[derive(Clone, Copy, PartialEq)]
pub struct PerPlayer<T: Copy> {
    len: u8,
    items: [T; MAX_PLAYERS],
}

impl<T: Copy> PerPlayer<T> {
    /// `n` copies of `value`.
    ///
    /// # Panics
    /// If `n > MAX_PLAYERS`.
    pub fn filled(n: usize, value: T) -> Self {
        assert!(n <= MAX_PLAYERS, "{n} players exceeds MAX_PLAYERS = {MAX_PLAYERS}");
        PerPlayer { len: n as u8, items: [value; MAX_PLAYERS] }
    }
    /// The values of `slice`, one per player.
    ///
    /// # Panics
    /// If `slice` is empty or longer than `MAX_PLAYERS`.
    pub fn from_slice(slice: &[T]) -> Self {
        let mut p = Self::filled(slice.len(), slice[0]);
        p.items[..slice.len()].copy_from_slice(slice);
        p
    }
    /// Applies `f` to each player's value.
    pub fn map<U: Copy + Default>(&self, mut f: impl FnMut(T) -> U) -> PerPlayer<U> {
        let mut out = PerPlayer::filled(self.len(), U::default());
        for (o, &x) in out.iter_mut().zip(self.iter()) {
            *o = f(x);
        }
        out
    }
}

impl<T: Copy> Deref for PerPlayer<T> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..self.len as usize]
    }
}

impl<T: Copy> DerefMut for PerPlayer<T> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.items[..self.len as usize]
    }
}

impl<T: Copy + fmt::Debug> fmt::Debug for PerPlayer<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// One state of a game, with the rules to move it forward.
///
/// Implementations must be deterministic: the same state, the same action (and, at chance
/// states, the same RNG state) always give the same next state.
pub trait Game: Clone + fmt::Debug {
    /// A player's action. `Ord` fixes the order of [`Game::legal_actions`]; actions are plain
    /// data, so they may cross threads.
    type Action: Copy + Eq + Ord + std::hash::Hash + fmt::Debug + Send + Sync;

    /// Everything one player can see of a state: their private information plus all public
    /// information, including what they remember of the past. For a perfect-information game
    /// this is the state itself.
    type Observation: Clone + PartialEq + fmt::Debug;

    /// True when some player cannot see part of the state (a hand, a face-down deck). When
    /// false, [`Game::determinize`] must return a clone and [`Game::observation`] must
    /// distinguish every pair of distinct states.
    const HIDDEN_INFORMATION: bool;

    /// True when some state may be a [`Turn::Chance`] state. When false,
    /// [`Game::apply_chance`] is never called.
    const CHANCE: bool;

    /// Number of players, fixed for the whole game, at most [`MAX_PLAYERS`].
    fn num_players(&self) -> usize;

    /// Whose turn it is: a player, chance, or nobody because the game is over.
    fn current(&self) -> Turn;

    /// Clears `buf` and fills it with the legal actions of the player to move, in strictly
    /// increasing order (so the same state always lists the same actions in the same order).
    ///
    /// Non-empty exactly when `current()` is [`Turn::Player`]; empty at chance and terminal
    /// states. Allocates nothing once `buf` has enough capacity.
    fn legal_actions(&self, buf: &mut Vec<Self::Action>);

    /// Applies `action` for the player to move.
    ///
    /// `action` must be one of [`Game::legal_actions`]; implementations document whether an
    /// illegal action panics. Allocates nothing.
    fn apply(&mut self, action: Self::Action);

    /// Resolves the pending chance event by sampling it from `rng`, and applies the outcome.
    ///
    /// Called only when `current()` is [`Turn::Chance`]. The outcome depends only on the state
    /// and `rng`, so a seeded RNG reproduces it, and a search that passes its own RNG samples
    /// chance open-loop. The default, for games without chance, panics.
    fn apply_chance(&mut self, rng: &mut ChaCha8Rng) {
        let _ = rng;
        panic!("apply_chance called on a game without chance ({self:?})");
    }

    /// True when the game is over (`current()` is [`Turn::Terminal`]).
    fn is_terminal(&self) -> bool {
        self.current() == Turn::Terminal
    }

    /// One payoff per player, `num_players()` long. Final at a terminal state; before that, the
    /// payoff accumulated so far (zero for games that only pay at the end). Every value lies
    /// within [`Game::utility_range`]. Used for max^n backups, so it need not be zero-sum.
    fn returns(&self) -> PerPlayer<f64>;

    /// The smallest and largest value [`Game::returns`] can take, `min < max`. Search maps
    /// returns onto `[0, 1]` with it, so that evaluators and exploration constants mean the
    /// same thing in every game.
    fn utility_range(&self) -> (f64, f64);

    /// The full finishing order at a terminal state: each player's place, 0 for first. Tied
    /// players share a place, and the next place skips (two players tied first: 0, 0, 2).
    /// The default ranks by [`Game::returns`]; games with finer tie-breaks override it.
    fn ranking(&self) -> PerPlayer<u8> {
        let r = self.returns();
        let mut places = PerPlayer::filled(r.len(), 0u8);
        for (p, place) in places.iter_mut().enumerate() {
            *place = r.iter().filter(|&&x| x > r[p]).count() as u8;
        }
        places
    }

    /// What `player` can see of this state (see [`Game::Observation`]).
    fn observation(&self, player: usize) -> Self::Observation;

    /// A state sampled from `observer`'s point of view: identical in everything `observer` can
    /// see, with everything hidden from them re-sampled from `rng`.
    ///
    /// Contract (checked by [`random_simulation`] and the agents' leak tests):
    /// - the result depends **only** on `self.observation(observer)` and the RNG: two states
    ///   with equal observations for `observer` give equal results from equal RNG states;
    /// - the result's `observation(observer)` equals `self.observation(observer)`; in
    ///   particular when `observer` is to move, the legal actions are the same;
    /// - for a perfect-information game it is a clone and draws nothing from `rng`.
    fn determinize(&self, observer: usize, rng: &mut ChaCha8Rng) -> Self;

    /// A short human-readable name of `action` at this state, for logs and transcripts.
    fn action_to_string(&self, action: Self::Action) -> String;

    /// An upper bound on the steps (player actions plus chance events) of any game from this
    /// state, OpenSpiel's `MaxGameLength`. Runners treat a game that goes past it as broken
    /// (a `step_limit` failure) instead of looping forever; [`random_simulation`] checks it.
    /// It must hold for every sequence of legal actions, not only for sensible play.
    fn max_game_length(&self) -> u64;

    /// The state as text, for replays and golden playthroughs. The default is the `Debug`
    /// form; games override it with something a person can read.
    fn render(&self) -> String {
        format!("{self:?}")
    }
}

/// One uniformly random step of `g`: the chance event sampled from `rng`, or a legal action
/// drawn from `rng` (through `buf`); nothing at a terminal state. For tests and tools that
/// walk random games.
pub fn random_step<G: Game>(g: &mut G, rng: &mut ChaCha8Rng, buf: &mut Vec<G::Action>) {
    match g.current() {
        Turn::Chance => g.apply_chance(rng),
        Turn::Player(_) => {
            g.legal_actions(buf);
            g.apply(buf[rng.random_range(0..buf.len())]);
        }
        Turn::Terminal => {}
    }
}

/// Where [`random_simulation`] found a broken invariant.
#[derive(Clone, PartialEq, Debug)]
pub struct InvariantViolation {
    /// Index of the simulated game (its RNG stream).
    pub game: u64,
    /// Number of actions and chance events applied before the failing state.
    pub step: usize,
    /// What was wrong.
    pub message: String,
}

impl fmt::Display for InvariantViolation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {} step {}: {}", self.game, self.step, self.message)
    }
}

impl std::error::Error for InvariantViolation {}

/// Totals from a successful [`random_simulation`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SimulationSummary {
    /// Games played to the end.
    pub games: u64,
    /// States checked (every state of every game, terminal ones included).
    pub states: u64,
    /// Terminal states whose ranking put exactly one player first.
    pub decided: u64,
}

/// Plays `games` uniformly random games from `start` and checks the [`Game`] contracts at every
/// state (OpenSpiel's random-simulation test). Game `i` uses `ChaCha8Rng` seed `seed`, stream
/// `i`, so a failure names the one game to replay.
///
/// Checked at every state: legal actions are non-empty exactly at player turns, strictly
/// increasing, and unchanged by cloning; a clone compares equal and evolves identically;
/// `determinize(p)` keeps `observation(p)` (and the legal actions when `p` moves) for every
/// seat `p`, and equals a clone for perfect-information games; returns have one value per
/// player within `utility_range`; at terminal states the ranking agrees with the returns.
/// `check_state` adds game-specific invariants. Panics inside the game are not caught.
pub fn random_simulation<G, F>(
    start: &G,
    games: u64,
    seed: u64,
    max_steps: usize,
    mut check_state: F,
) -> Result<SimulationSummary, InvariantViolation>
where
    G: Game + PartialEq,
    F: FnMut(&G) -> Result<(), String>,
{
    use rand::SeedableRng;
    let mut summary = SimulationSummary::default();
    let mut legal = Vec::new();
    let mut again = Vec::new();
    for game in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(game);
        let mut state = start.clone();
        let mut step = 0;
        let fail = |step, message: String| InvariantViolation { game, step, message };
        loop {
            summary.states += 1;
            check_one_state(&state, &mut legal, &mut again, &mut rng).map_err(|m| fail(step, m))?;
            check_state(&state).map_err(|m| fail(step, m))?;
            let turn = state.current();
            let mut copy = state.clone();
            match turn {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut rng_copy = rng.clone();
                    state.apply_chance(&mut rng);
                    copy.apply_chance(&mut rng_copy);
                }
                Turn::Player(_) => {
                    let a = legal[rng.random_range(0..legal.len())];
                    state.apply(a);
                    copy.apply(a);
                }
            }
            if copy != state {
                return Err(fail(step, "a clone evolved differently from the original".into()));
            }
            step += 1;
            if step as u64 > start.max_game_length() {
                let bound = start.max_game_length();
                return Err(fail(step, format!("game longer than max_game_length() = {bound}")));
            }
            if step > max_steps {
                return Err(fail(step, format!("no terminal state within {max_steps} steps")));
            }
        }
        summary.games += 1;
        if state.ranking().iter().filter(|&&p| p == 0).count() == 1 {
            summary.decided += 1;
        }
    }
    Ok(summary)
}

/// The per-state checks of [`random_simulation`]; leaves `state`'s legal actions in `legal`.
fn check_one_state<G: Game + PartialEq>(
    state: &G,
    legal: &mut Vec<G::Action>,
    again: &mut Vec<G::Action>,
    rng: &mut ChaCha8Rng,
) -> Result<(), String> {
    let n = state.num_players();
    if n == 0 || n > MAX_PLAYERS {
        return Err(format!("num_players() = {n}"));
    }
    let turn = state.current();
    state.legal_actions(legal);
    match turn {
        Turn::Player(p) if p >= n => return Err(format!("current player {p} of {n}")),
        Turn::Player(_) if legal.is_empty() => return Err("no legal actions at a player turn".into()),
        Turn::Chance if !G::CHANCE => return Err("chance turn in a game without chance".into()),
        Turn::Chance | Turn::Terminal if !legal.is_empty() => {
            return Err(format!("{turn:?} state lists legal actions {legal:?}"))
        }
        _ => {}
    }
    if state.is_terminal() != (turn == Turn::Terminal) {
        return Err("is_terminal() disagrees with current()".into());
    }
    if legal.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("legal actions not strictly increasing: {legal:?}"));
    }
    let copy = state.clone();
    if copy != *state {
        return Err("clone differs from the original".into());
    }
    copy.legal_actions(again);
    if again != legal {
        return Err("a clone lists different legal actions".into());
    }
    let (lo, hi) = state.utility_range();
    if lo.partial_cmp(&hi) != Some(std::cmp::Ordering::Less) {
        return Err(format!("utility_range ({lo}, {hi}) is not min < max"));
    }
    let returns = state.returns();
    if returns.len() != n || returns.iter().any(|r| !(lo..=hi).contains(r)) {
        return Err(format!("returns {returns:?} for {n} players in range ({lo}, {hi})"));
    }
    for p in 0..n {
        let drawn = rng.get_word_pos();
        let det = state.determinize(p, rng);
        if !G::HIDDEN_INFORMATION && rng.get_word_pos() != drawn {
            return Err(format!("determinize({p}) of a perfect-information game drew from the RNG"));
        }
        if det.observation(p) != state.observation(p) {
            return Err(format!("determinize({p}) changed what player {p} sees"));
        }
        if !G::HIDDEN_INFORMATION && det != *state {
            return Err(format!("determinize({p}) of a perfect-information game is not a clone"));
        }
        if turn == Turn::Player(p) {
            det.legal_actions(again);
            if again != legal {
                return Err(format!("determinize({p}) changed the legal actions of player {p}"));
            }
        }
    }
    if turn == Turn::Terminal {
        let ranking = state.ranking();
        for p in 0..n {
            for q in 0..n {
                if returns[p] > returns[q] && ranking[p] >= ranking[q] {
                    return Err(format!("ranking {ranking:?} disagrees with returns {returns:?}"));
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_player_derefs_to_its_length() {
        let mut p = PerPlayer::filled(3, 0.5);
        p[1] = 2.0;
        assert_eq!(&*p, &[0.5, 2.0, 0.5]);
        assert_eq!(PerPlayer::from_slice(&[1u8, 2]).len(), 2);
        assert_eq!(format!("{:?}", PerPlayer::from_slice(&[1u8, 2])), "[1, 2]");
        assert_eq!(&*p.map(|x| x > 1.0), &[false, true, false]);
    }

    #[test]
    #[should_panic(expected = "exceeds MAX_PLAYERS")]
    fn per_player_rejects_too_many_players() {
        let _ = PerPlayer::filled(MAX_PLAYERS + 1, 0u8);
    }
}
