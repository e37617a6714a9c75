//! The core's calls into the hook points, one function per hook point: queries combine the
//! answers of every active rule (numbers add up, flags are "any"), triggers run every active
//! rule in registry order. Each is named after its hook point ([`super::Hooks`]).

use super::{active, ready, HookId as H, Source, Window};
use crate::ti4::combat::Force;
use crate::ti4::content::Content;
use crate::ti4::galaxy::{MoverTraits, Reach};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::state::{Location, State};
use crate::ti4::technology::research::Skip;

macro_rules! any_cs {
    ($name:ident) => {
        #[doc = concat!("Hook point `", stringify!($name), "`: true when an active rule says so.")]
        #[inline]
        pub fn $name(c: &Content, s: &State, p: Player) -> bool {
            active(&c.rules.$name, H::$name, c, s, p).any(|(src, f)| f(src, c, s, p))
        }
    };
}

macro_rules! any_g {
    ($name:ident) => {
        #[doc = concat!("Hook point `", stringify!($name), "`: true when an active rule says so.")]
        #[inline]
        pub fn $name(g: &Ti4Game, p: Player) -> bool {
            let c = g.content();
            active(&c.rules.$name, H::$name, c, &g.state, p).any(|(src, f)| f(src, g, p))
        }
    };
}

macro_rules! sum_g {
    ($name:ident, $t:ty) => {
        #[doc = concat!("Hook point `", stringify!($name), "`: the sum over the active rules.")]
        #[inline]
        pub fn $name(g: &Ti4Game, p: Player) -> $t {
            let c = g.content();
            active(&c.rules.$name, H::$name, c, &g.state, p).map(|(src, f)| f(src, g, p)).sum()
        }
    };
}

any_cs!(research_free_specialties);
any_cs!(research_ignores_one_prerequisite);
any_cs!(owns_zero_token);
any_cs!(holds_other_factions_technologies);
any_cs!(extra_ability_die);
any_cs!(rerolls_ability_misses);
any_cs!(sustain_cancels_two);
any_cs!(combat_repair);
any_cs!(ground_combat_answer_hit);
any_cs!(space_combat_ambush);
any_cs!(barrage_excess_damages);
any_cs!(bombards_after_ground_rounds);
any_cs!(mechs_bombard_from_planets);
any_cs!(no_space_cannon_in_invasion);
any_cs!(assimilates_structures);
any_cs!(cannot_play_action_cards);
any_g!(moves_through_ships);
any_g!(move_bonus_once);
any_g!(retreat_into_empty);
any_g!(extra_tactical_action);
any_g!(activates_own_token_systems);
any_g!(cannot_vote);
any_g!(scores_without_home);
any_g!(custodians_free);
any_g!(placed_units_fight);
any_g!(deploys_instead_of_pds);
any_g!(votes_first);
any_g!(no_hand_limit);
any_g!(transacts_with_anyone);
any_g!(redistributes_at_turn_end);
any_g!(docks_cannot_produce_infantry);
sum_g!(production_discount, u32);
sum_g!(production_limit_exempt, u8);
sum_g!(status_action_cards, u8);
sum_g!(extra_votes, u16);

/// Hook point `disables_planetary_shields`: true when an active rule of `p` says so for the
/// system at `slot`.
#[inline]
pub fn disables_planetary_shields(g: &Ti4Game, p: Player, slot: u8) -> bool {
    let c = g.content();
    active(&c.rules.disables_planetary_shields, H::disables_planetary_shields, c, &g.state, p)
        .any(|(src, f)| f(src, g, p, slot))
}

/// Hook point `types_moving_through_ships`: the union over the active rules.
#[inline]
pub fn types_moving_through_ships(g: &Ti4Game, p: Player) -> u16 {
    let c = g.content();
    active(&c.rules.types_moving_through_ships, H::types_moving_through_ships, c, &g.state, p)
        .fold(0, |m, (src, f)| m | f(src, g, p))
}

/// Hook point `activation_targets`: the union over the active rules.
#[inline]
pub fn activation_targets(g: &Ti4Game, p: Player) -> u64 {
    let c = g.content();
    active(&c.rules.activation_targets, H::activation_targets, c, &g.state, p).fold(0, |m, (src, f)| m | f(src, g, p))
}

/// Hook point `cannot_research`: the content id of the first active rule that replaces
/// research, if any.
pub fn cannot_research(c: &Content, s: &State, p: Player) -> Option<&'static str> {
    active(&c.rules.cannot_research, H::cannot_research, c, s, p)
        .find(|&(src, f)| f(src, c, s, p))
        .and_then(|(src, _)| c.rules.key(src))
        .map(|k| k.id())
}

/// Hook point `prerequisite_skip`: true when `p` owns a ready card granting `skip`.
#[inline]
pub fn has_skip(c: &Content, s: &State, p: Player, skip: Skip) -> bool {
    ready(&c.rules.prerequisite_skip, H::prerequisite_skip, c, s, p).any(|(src, f)| f(src) == skip)
}

/// The first rule granting a prerequisite skip, if the content has one.
fn skip_rule(c: &Content, skip: Skip) -> Option<Source> {
    c.rules.prerequisite_skip.iter().find(|(src, f)| f(*src) == skip).map(|&(src, _)| src)
}

/// The card a prerequisite skip exhausts (the first rule granting it), if the content has one.
pub fn skip_card(c: &Content, skip: Skip) -> Option<TechId> {
    skip_rule(c, skip).and_then(|src| src.tech())
}

/// The content id of the first rule granting a prerequisite skip, if the content has one.
pub fn skip_key(c: &Content, skip: Skip) -> Option<&'static str> {
    skip_rule(c, skip).and_then(|src| c.rules.key(src)).map(|k| k.id())
}

/// Hook point `technology_gained`.
pub fn technology_gained(c: &Content, s: &mut State, p: Player, t: TechId) {
    for i in 0..c.rules.technology_gained.len() {
        let (src, f) = c.rules.technology_gained.get(i);
        if src.active(c, s, p) {
            super::exercised(H::technology_gained);
            f(src, c, s, p, t);
        }
    }
}

/// Hook point `home_setup`: every active rule of `p`, once its home and units are placed.
pub fn home_setup(c: &Content, s: &mut State, p: Player) {
    for i in 0..c.rules.home_setup.len() {
        let (src, f) = c.rules.home_setup.get(i);
        if src.active(c, s, p) {
            super::exercised(H::home_setup);
            f(src, c, s, p);
        }
    }
}

/// Hook point `another_researched`: `researcher` researched `t`; every active rule of each
/// other player in the game, clockwise from the researcher.
pub fn another_researched(c: &Content, s: &mut State, researcher: Player, t: TechId) {
    let n = s.num_players;
    for k in 1..n {
        let q = Player((researcher.0 + k) % n);
        for i in 0..c.rules.another_researched.len() {
            let (src, f) = c.rules.another_researched.get(i);
            if s.player(q).in_game && src.active(c, s, q) {
                super::exercised(H::another_researched);
                f(src, c, s, q, researcher, t);
            }
        }
    }
}

/// Hook point `status_command_tokens`: the sum over the active rules.
pub fn status_command_tokens(c: &Content, s: &State, p: Player) -> u8 {
    active(&c.rules.status_command_tokens, H::status_command_tokens, c, s, p).map(|(src, f)| f(src, c, s, p)).sum()
}

/// Hook point `fleet_limit_bonus`: the sum over the active rules.
#[inline]
pub fn fleet_limit_bonus(c: &Content, s: &State, p: Player) -> u32 {
    active(&c.rules.fleet_limit_bonus, H::fleet_limit_bonus, c, s, p).map(|(src, f)| f(src, c, s, p) as u32).sum()
}

/// Rules 37: the most non-fighter ships `p` may have in one system: the tokens in its fleet
/// pool plus [`fleet_limit_bonus`] (Letnev's Armada).
#[inline]
pub fn fleet_limit(c: &Content, s: &State, p: Player) -> u32 {
    s.player(p).fleet as u32 + fleet_limit_bonus(c, s, p)
}

/// Hook point `combat_roll_modifier`: the sum over the active rules.
pub fn combat_roll_modifier(c: &Content, s: &State, p: Player) -> i8 {
    active(&c.rules.combat_roll_modifier, H::combat_roll_modifier, c, s, p).map(|(src, f)| f(src, c, s, p)).sum()
}

/// `f` with `p`'s [`combat_roll_modifier`] added to the modifier it carries (the nebula
/// defender's +1, for one), and each unit type's [`unit_roll_bonus`].
pub fn with_combat_roll_modifier(c: &Content, s: &State, p: Player, f: Force) -> Force {
    let m = f.modifier().saturating_add(combat_roll_modifier(c, s, p));
    let mut f = f.with_modifier(m);
    // One pass over the active rules (not one per unit type): each rule's bonus per type.
    for (src, bonus) in active(&c.rules.unit_roll_bonus, H::unit_roll_bonus, c, s, p) {
        for t in UnitType::ALL {
            let k = bonus(src, c, s, p, t);
            if k > 0 {
                f = f.with_type_bonus(t, k);
            }
        }
    }
    f
}

/// Hook point `unit_roll_bonus`: the sum over the active rules.
pub fn unit_roll_bonus(c: &Content, s: &State, p: Player, t: UnitType) -> u8 {
    active(&c.rules.unit_roll_bonus, H::unit_roll_bonus, c, s, p).map(|(src, f)| f(src, c, s, p, t)).sum()
}

/// Hook point `space_cannon_penalty_against`: the sum over the active rules.
pub fn space_cannon_penalty_against(c: &Content, s: &State, p: Player) -> u8 {
    active(&c.rules.space_cannon_penalty_against, H::space_cannon_penalty_against, c, s, p)
        .map(|(src, f)| f(src, c, s, p))
        .sum()
}

/// Hook point `mover_traits`: the traits of `p`'s ships, from the default.
pub fn mover_traits(g: &Ti4Game, p: Player) -> MoverTraits {
    let c = g.content();
    let mut t = MoverTraits::default();
    for (src, f) in active(&c.rules.mover_traits, H::mover_traits, c, &g.state, p) {
        f(src, g, p, &mut t);
    }
    t
}

/// Hook point `move_bonus_from`: the bonus of a ship of `p` starting in `from`.
pub fn move_bonus_from(g: &Ti4Game, p: Player, from: u8) -> u8 {
    let c = g.content();
    active(&c.rules.move_bonus_from, H::move_bonus_from, c, &g.state, p).map(|(src, f)| f(src, g, p, from)).sum()
}

/// Hook point `reach`: every active rule changes the movement query.
pub fn reach(g: &Ti4Game, p: Player, q: &mut Reach) {
    let c = g.content();
    for (src, f) in active(&c.rules.reach, H::reach, c, &g.state, p) {
        f(src, g, p, q);
    }
}

/// Hook point `before_space_cannon`: true when some rule sends the hits to non-fighter ships.
pub fn before_space_cannon(c: &Content, s: &mut State, p: Player, best: Option<u8>, target: &Force) -> bool {
    let mut any = false;
    if !c.rules.before_space_cannon.may_apply(c, s, p) {
        return false;
    }
    for i in 0..c.rules.before_space_cannon.len() {
        let (src, f) = c.rules.before_space_cannon.get(i);
        if src.active(c, s, p) {
            super::exercised(H::before_space_cannon);
            any |= f(src, c, s, p, best, target);
        }
    }
    any
}

/// Hook point `space_combat_start`, for `p`'s rules.
pub fn space_combat_start(c: &Content, s: &State, p: Player, own: &Force, opponent: &mut Force) {
    for (src, f) in active(&c.rules.space_combat_start, H::space_combat_start, c, s, p) {
        f(src, c, s, p, own, opponent);
    }
}

/// Hook point `ground_combat_start`, for the defender `p`'s rules.
pub fn ground_combat_start(c: &Content, s: &State, p: Player, own: &Force, invaders: &mut Force) {
    for (src, f) in active(&c.rules.ground_combat_start, H::ground_combat_start, c, s, p) {
        f(src, c, s, p, own, invaders);
    }
}

/// Hook point `no_space_cannon_against`: true when an active rule of `p` shields its ships `f`.
pub fn no_space_cannon_against(c: &Content, s: &State, p: Player, f: &Force) -> bool {
    active(&c.rules.no_space_cannon_against, H::no_space_cannon_against, c, s, p).any(|(src, h)| h(src, c, s, p, f))
}

/// Hook point `combat_sides`: every active rule of `p` (fighting `opponent` at `loc`) changes
/// `own` (p's side) or `other`, in registry order. Callers run the active player's rules first.
pub fn combat_sides(
    c: &Content,
    s: &State,
    p: Player,
    opponent: Player,
    loc: Location,
    own: &mut Force,
    other: &mut Force,
) {
    if !c.rules.combat_sides.may_apply(c, s, p) {
        return;
    }
    let mut sides = super::CombatSides { opponent, loc, own: *own, other: *other };
    for (src, f) in active(&c.rules.combat_sides, H::combat_sides, c, s, p) {
        f(src, c, s, p, &mut sides);
    }
    (*own, *other) = (sides.own, sides.other);
}

macro_rules! trigger_g {
    ($name:ident $(, $arg:ident : $t:ty)*) => {
        #[doc = concat!("Hook point `", stringify!($name), "`: every active rule of `p`, in registry order.")]
        pub fn $name(g: &mut Ti4Game, p: Player $(, $arg: $t)*) {
            if !g.content().rules.$name.may_apply(g.content(), &g.state, p) {
                return;
            }
            for i in 0..g.content().rules.$name.len() {
                let (src, f) = g.content().rules.$name.get(i);
                if src.active(g.content(), &g.state, p) {
                    super::exercised(H::$name);
                    f(src, g, p $(, $arg)*);
                }
            }
        }
    };
}

trigger_g!(ground_combat_won, at: Location);
trigger_g!(combat_won, loser: Player);
trigger_g!(combat_casualties, owner: Player, lost: &[u8; UNIT_TYPES]);
trigger_g!(own_casualties, at: Location, fought: &[u8; UNIT_TYPES], lost: &[u8; UNIT_TYPES]);
trigger_g!(turn_end_redistributed);
trigger_g!(strategy_phase_start);
trigger_g!(status_phase_end);
trigger_g!(system_activated, active: Player, slot: u8);
trigger_g!(control_gained, at: Location);
trigger_g!(agenda_resolved, outcome: u8);
trigger_g!(commodities_replenished);
trigger_g!(units_produced, produced: &[u8; UNIT_TYPES]);
trigger_g!(units_sustained, units: u8);

/// Hook point `seat_setup`.
pub fn seat_setup(c: &Content, s: &mut State, p: Player) {
    for &(src, f) in c.rules.seat_setup.iter() {
        if src.active(c, s, p) {
            super::exercised(H::seat_setup);
            f(src, c, s, p);
        }
    }
}

/// Hook point `secondary_without_token`: true when an active rule says so.
pub fn secondary_without_token(g: &Ti4Game, p: Player, card: u8) -> bool {
    let c = g.content();
    active(&c.rules.secondary_without_token, H::secondary_without_token, c, &g.state, p)
        .any(|(src, f)| f(src, g, p, card))
}

/// Hook point `technology_card_research_free`: true when an active rule says so.
pub fn technology_card_research_free(c: &Content, s: &State, p: Player) -> bool {
    active(&c.rules.technology_card_research_free, H::technology_card_research_free, c, s, p)
        .any(|(src, f)| f(src, c, s, p))
}

/// Hook point `cannot_lose_planet`.
pub fn cannot_lose_planet(c: &Content, s: &State, p: Player, planet: PlanetId) -> bool {
    active(&c.rules.cannot_lose_planet, H::cannot_lose_planet, c, s, p).any(|(src, f)| f(src, c, s, p, planet))
}

/// Hook point `planet_protected`: asked of the controller `p` while in the game.
pub fn planet_protected(c: &Content, s: &State, p: Player, planet: PlanetId) -> bool {
    s.player(p).in_game
        && active(&c.rules.planet_protected, H::planet_protected, c, s, p).any(|(src, f)| f(src, c, s, p, planet))
}

/// Hook point `units_placed`: true when units of `placer` put into a system of `tile` are
/// destroyed instead, by a rule of another player still in the game.
pub fn units_placed_destroyed(c: &Content, s: &State, placer: Player, tile: SystemId) -> bool {
    s.seats()
        .filter(|&q| q != placer && s.player(q).in_game)
        .any(|q| active(&c.rules.units_placed, H::units_placed, c, s, q).any(|(src, f)| f(src, c, s, q, placer, tile)))
}

/// Hook point `activation_influence`: the players other than `activator` in the game with a rule
/// there (bit per seat; none, the usual case, skips the per-system question).
pub fn activation_tollers(g: &Ti4Game, activator: Player) -> u8 {
    let c = g.content();
    g.state
        .seats()
        .filter(|&q| q != activator && g.state.player(q).in_game)
        .filter(|&q| c.rules.activation_influence.may_apply(c, &g.state, q))
        .fold(0, |m, q| m | 1 << q.0)
}

/// Hook point `activation_influence`: the influence `activator` must spend to activate the system
/// at board slot `slot`, summed over the rules of the players in `tollers`
/// ([`activation_tollers`]).
pub fn activation_influence(g: &Ti4Game, activator: Player, tollers: u8, slot: u8) -> u8 {
    let c = g.content();
    let mut n = 0u8;
    for q in g.state.seats().filter(|q| tollers >> q.0 & 1 == 1) {
        for (src, f) in active(&c.rules.activation_influence, H::activation_influence, c, &g.state, q) {
            n = n.saturating_add(f(src, g, q, activator, slot));
        }
    }
    n
}

/// Hook point `commit_influence`: the influence `committer` must spend to commit ground forces to
/// the planet at `at`, asked of the rules of its occupant (none: 0).
pub fn commit_influence(g: &Ti4Game, committer: Player, at: Location) -> u8 {
    let c = g.content();
    let Some(q) = g.state.occupant(at).filter(|&q| q != committer && g.state.player(q).in_game) else { return 0 };
    active(&c.rules.commit_influence, H::commit_influence, c, &g.state, q)
        .fold(0u8, |n, (src, f)| n.saturating_add(f(src, g, q, committer, at)))
}

/// Hook point `status_start_placement`: the unit of the first active rule that places one.
pub fn status_start_placement(g: &Ti4Game, p: Player) -> Option<UnitType> {
    let c = g.content();
    active(&c.rules.status_start_placement, H::status_start_placement, c, &g.state, p).find_map(|(src, f)| f(src, g, p))
}

/// Hook point `cannot_be_eliminated`: the first reason an active rule gives.
pub fn cannot_be_eliminated(c: &Content, s: &State, p: Player) -> Option<&'static str> {
    active(&c.rules.cannot_be_eliminated, H::cannot_be_eliminated, c, s, p).find_map(|(src, f)| f(src, c, s, p))
}

/// Hook point `uses_others_commander`.
/// Also true when `user` holds `owner`'s Alliance (`source::holds_alliance`).
pub fn uses_others_commander(c: &Content, s: &State, user: Player, owner: Player) -> bool {
    super::source::holds_alliance(c, s, user, owner)
        || active(&c.rules.uses_others_commander, H::uses_others_commander, c, s, user)
            .any(|(src, f)| f(src, c, s, user, owner))
}

/// Hook point `production_mask`: the extra PRODUCTION bits of rules among `techs` (technology
/// rules only: the masks follow a faction's effective technologies).
#[inline]
pub fn production_mask(c: &Content, techs: TechSet) -> u16 {
    let mut m = 0;
    for &(src, f) in c.rules.production_mask.iter() {
        if let Source::Tech(t) = src {
            if techs.contains(t) {
                super::exercised(H::production_mask);
                m |= f(src);
            }
        }
    }
    m
}

/// Hook point `produce_without_paying`: the first active rule that lets `p` produce units of
/// type `t` without spending resources, and how many, if any does.
pub fn produce_without_paying(g: &Ti4Game, p: Player, t: UnitType) -> Option<(Source, u8)> {
    let c = g.content();
    active(&c.rules.produce_without_paying, H::produce_without_paying, c, &g.state, p)
        .map(|(src, f)| (src, f(src, g, p, t)))
        .find(|&(_, n)| n > 0)
}

/// Hook point `produced_without_paying`: the rule of `src` takes its price for `n` units of
/// type `t` that `p` produced through it.
pub fn produced_without_paying(g: &mut Ti4Game, p: Player, src: Source, t: UnitType, n: u8) {
    let list = &g.content().rules.produced_without_paying;
    if let Some(i) = (0..list.len()).find(|&i| list.get(i).0 == src) {
        let (src, f) = list.get(i);
        super::exercised(H::produced_without_paying);
        f(src, g, p, t, n);
    }
}

/// Hook point `component_targets`: every `(source, target)` pair the active rules offer `p`,
/// in registry order. A technology's action is offered only while its card is ready (rules
/// 34.1: the abilities of an exhausted card cannot be resolved), so no rule checks that itself.
pub fn component_targets(g: &Ti4Game, p: Player, out: &mut dyn FnMut(Source, u8)) {
    let c = g.content();
    for (src, f) in active(&c.rules.component_targets, H::component_targets, c, &g.state, p) {
        if src.ready(c, &g.state, p) {
            f(src, g, p, &mut |t| out(src, t));
        }
    }
}

/// Hook point `component_action`: the rule of `src` performs its component action for `p` on
/// `target`, and what follows (the turn ends when no active rule has that source).
pub fn component_action(g: &mut Ti4Game, p: Player, src: Source, target: u8) -> super::ComponentThen {
    let list = &g.content().rules.component_action;
    if let Some(i) = (0..list.len()).find(|&i| list.get(i).0 == src) {
        let (src, f) = list.get(i);
        if src.active(g.content(), &g.state, p) {
            super::exercised(H::component_action);
            return f(src, g, p, target);
        }
    }
    super::ComponentThen::TurnEnds
}

/// Hook point `component_roll`: the rule of `src` rolls the dice of `p`'s component action on
/// `target` (nothing when it is not an active rule of `p`).
pub fn component_roll(g: &mut Ti4Game, p: Player, src: Source, target: u8, rng: &mut rand_chacha::ChaCha8Rng) {
    let list = &g.content().rules.component_roll;
    if let Some(i) = (0..list.len()).find(|&i| list.get(i).0 == src) {
        let (src, f) = list.get(i);
        if src.active(g.content(), &g.state, p) {
            super::exercised(H::component_roll);
            f(src, g, p, target, rng);
        }
    }
}

/// Hook point `may_choices`: every ready rule of `p` with a "you may" at `window`, each choice
/// passed to `out` with the rule's source, in registry order.
/// Only the rules whose [`super::Hooks::may_windows`] name `window` are asked.
pub fn may_choices(g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(Source, u16)) {
    let c = g.content();
    #[cfg(test)]
    check_may_windows(g, p, window);
    let Some(list) = c.rules.may_by_window.get(window as usize) else { return };
    for (src, f) in ready(list, H::may_choices, c, &g.state, p) {
        f(src, g, p, window, &mut |k| out(src, k));
    }
}

/// Hook point `may_choices` for the one rule of `src` (nothing when it is not a ready rule of
/// `p`, or does not answer at `window`).
pub fn may_choices_of(g: &Ti4Game, p: Player, window: Window, src: Source, out: &mut dyn FnMut(u16)) {
    let c = g.content();
    let Some(list) = c.rules.may_by_window.get(window as usize) else { return };
    for (s, f) in ready(list, H::may_choices, c, &g.state, p) {
        if s == src {
            f(s, g, p, window, out);
        }
    }
}

/// The entries of hook point `may_choices` whose rules may answer at `window`.
#[cfg(test)]
fn at_window(c: &Content, window: Window) -> [u64; 4] {
    c.rules.may_windows.get(window as usize).copied().unwrap_or([0; 4])
}

/// Test builds: a ready rule that does not declare `window` in its `may_windows` offers no
/// choice there (its declaration would hide a choice from the game).
#[cfg(test)]
fn check_may_windows(g: &Ti4Game, p: Player, window: Window) {
    let c = g.content();
    let declared = at_window(c, window);
    for (i, &(src, f)) in c.rules.may_choices.iter().enumerate() {
        if declared[i / 64] >> (i % 64) & 1 == 0 && src.ready(c, &g.state, p) {
            f(src, g, p, window, &mut |k| {
                panic!("{src:?} offers choice {k} to {p:?} at {window:?}, a window its may_windows do not name")
            });
        }
    }
}

/// Hook point `may_tally`: the statistics label the rule of `src` gives choice `choice` of `p`
/// (asked by `sim` when the choice is taken, never by the round loop).
pub fn may_tally(g: &Ti4Game, p: Player, src: Source, choice: u16) -> Option<&'static str> {
    let c = g.content();
    active(&c.rules.may_tally, H::may_tally, c, &g.state, p)
        .find(|&(s, _)| s == src)
        .and_then(|(s, f)| f(s, g, p, choice))
}

/// Hook point `may_resolve`: the rule of `src` resolves choice `choice` of `p` at `window`
/// (nothing when it is not a ready rule of `p`).
pub fn may_resolve(g: &mut Ti4Game, p: Player, window: Window, src: Source, choice: u16) {
    let c = g.content();
    let found = ready(&c.rules.may_resolve, H::may_resolve, c, &g.state, p).find(|&(s, _)| s == src);
    if let Some((s, f)) = found {
        // Rules 2: an action card played goes to the discard pile, then its effect resolves.
        if let Source::ActionCard(card) = s {
            crate::ti4::game::discard_action_card(g, p, card);
        }
        f(s, g, p, window, choice);
    }
}

/// Hook point `note_placed_face_up`: faction note `n` goes face up into its receiver's play
/// area.
pub fn note_placed_face_up(c: &Content, n: NoteId) -> bool {
    let up = c.rules.note_placed_face_up.iter().any(|&(src, f)| src == Source::Note(n) && f(src));
    if up {
        super::exercised(H::note_placed_face_up);
    }
    up
}
