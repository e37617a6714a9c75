//! Exploring planets (Prophecy of Kings, rules 35 "Exploration"): when the invasion of a
//! tactical action gives the active player control of a planet that no player controlled, and
//! the planet has a trait, they explore it: draw the top card of that trait's deck
//! ([`Step::Explore`], a chance step) and resolve it (`crate::ti4::exploration` says what each
//! card does). Planets are explored one at a time, in planet order, after control of every
//! planet of the active system is established and before window `PlanetsTaken`.
//!
//! Simplified (`docs/RULES.md`): a planet with more than one trait is explored with the deck
//! of its first trait (cultural, hazardous, industrial) instead of the player's choice; only
//! planets gained by invasion and those an ability explores at an activation (Scanlink Drone
//! Network: [`explore_at_activation`], then movement) are explored; frontier tokens are not
//! explored.

use super::{invasion, pending, Step, Ti4Game};
use crate::ti4::components::exploration::fragment_kind;
use crate::ti4::components::{PlanetBonus, Zone};
use crate::ti4::content::ExplorationDeck;
use crate::ti4::exploration::ExploreEffect;
use crate::ti4::ids::*;
use crate::ti4::rules::Window;
use crate::ti4::state::Location;
use rand::RngExt;
use rand_chacha::ChaCha8Rng;

/// Exploration 35.1: marks planet `n` of the active system, which `p` just gained from no
/// controller, to be explored when it has a trait and an exploration deck is in play.
pub(super) fn note_gained(g: &mut Ti4Game, n: u8, previous: Option<Player>) {
    if previous.is_some() {
        return;
    }
    if explorable(g, n) {
        g.flow.tactical.to_explore |= 1 << n;
    }
}

/// The next planet to explore ([`Step::Explore`]), or, when none is left, the rest of the
/// activation (explored through window `SystemActivated`) or of the invasion.
pub(super) fn explore_next(g: &mut Ti4Game) -> Step {
    g.flow.tactical.last_explored = None;
    if g.flow.tactical.to_explore != 0 {
        Step::Explore(g.flow.turn)
    } else if std::mem::take(&mut g.flow.tactical.explore_at_activation) {
        super::tactical::after_activation_window(g)
    } else {
        invasion::after_exploring(g)
    }
}

/// Marks planet `n` of the active system to be explored after window `SystemActivated` (an
/// ability's "explore 1 planet": Scanlink Drone Network).
pub(crate) fn explore_at_activation(g: &mut Ti4Game, n: u8) {
    g.flow.tactical.to_explore |= 1 << n;
    g.flow.tactical.explore_at_activation = true;
}

/// True when planet `n` of the active system can be explored: it has a trait (Exploration
/// 35.1; a planet without one has no deck).
pub(crate) fn explorable(g: &Ti4Game, n: u8) -> bool {
    let loc = Location::Planet(g.flow.tactical.active, n);
    g.state.planet_at(&g.content, loc).is_some_and(|pl| g.state.planet_traits(&g.content, pl) != 0)
}

/// Chance at [`Step::Explore`]: `p` explores the lowest marked planet (Exploration 35.2-35.3):
/// a card drawn uniformly from the deck of its trait (reshuffled from the discard pile when
/// empty, 35.4), then resolved.
pub(super) fn explore(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player) -> Step {
    let n = g.flow.tactical.to_explore.trailing_zeros() as u8;
    g.flow.tactical.to_explore &= !(1 << n);
    let loc = Location::Planet(g.flow.tactical.active, n);
    let Some(pl) = g.state.planet_at(&g.content, loc) else { return explore_next(g) };
    // A planet of several traits (Terraform) is explored from the first (simplified: the
    // player does not choose the deck).
    let traits = g.state.planet_traits(&g.content, pl);
    let deck = ExplorationDeck::of_trait(traits.trailing_zeros() as u8);
    g.flow.tactical.last_explored = Some(n);
    match draw(g, rng, deck) {
        Some(card) => resolve(g, p, card, n),
        None => explore_next(g),
    }
}

/// Draws a card of `deck` (Exploration 35.4: an empty deck is reshuffled from its discard
/// pile); `None` when both are empty.
fn draw(g: &mut Ti4Game, rng: &mut ChaCha8Rng, deck: ExplorationDeck) -> Option<ExplorationId> {
    let c = g.content.clone();
    let e = &mut g.state.exploration;
    if e.left_in(&c, deck) == 0 {
        e.reshuffle(&c, deck);
    }
    let left = e.left_in(&c, deck);
    if left == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..left);
    for (i, d) in c.cards.exploration.iter().enumerate() {
        if d.deck != deck {
            continue;
        }
        let k = e.deck[i] as u32;
        if pick < k {
            e.deck[i] -= 1;
            return Some(ExplorationId(i as u8));
        }
        pick -= k;
    }
    None
}

/// Resolves `card`, drawn by `p` exploring planet `n` of the active system: a relic fragment
/// goes to their play area, an attachment onto the planet; another card opens window
/// `PlanetExplored` for its choices and is then discarded.
fn resolve(g: &mut Ti4Game, p: Player, card: ExplorationId, n: u8) -> Step {
    let c = g.content.clone();
    g.explorations[card.idx()] = g.explorations[card.idx()].saturating_add(1);
    let loc = Location::Planet(g.flow.tactical.active, n);
    let pl = g.state.planet_at(&c, loc).expect("an explored planet");
    let effect = ExploreEffect::of_key(&c.cards.exploration[card.idx()].key);
    match effect {
        Some(ExploreEffect::Fragment) => {
            let k = fragment_kind(&c, card).expect("a relic fragment");
            g.state.exploration.fragments[p.idx()][k] += 1;
        }
        Some(ExploreEffect::Attach(bonus)) => attach(g, card, pl, bonus),
        Some(ExploreEffect::Facility(colour)) => {
            // A planet with a specialty already gains +1/+1 instead.
            let bonus = if g.state.specialties_of(&c, pl) != 0 {
                PlanetBonus { resources: 1, influence: 1, specialties: 0 }
            } else {
                PlanetBonus { resources: 0, influence: 0, specialties: 1 << colour as u8 }
            };
            attach(g, card, pl, bonus);
        }
        Some(ExploreEffect::Rule) | None => {
            g.state.exploration.discard[card.idx()] += 1;
            g.flow.tactical.explored = Some((card, n));
            if let Some(decide) = pending::open(g, Window::PlanetExplored, &[p]) {
                return decide;
            }
            return after_card(g);
        }
    }
    after_explored(g)
}

/// The card of planet `TacticalAction::last_explored` resolved: window `AfterExploring` for the
/// explorer (the active player), then the next planet ([`explore_next`]).
fn after_explored(g: &mut Ti4Game) -> Step {
    if g.flow.tactical.last_explored.is_some() {
        let p = g.flow.turn;
        if let Some(decide) = pending::open(g, Window::AfterExploring, &[p]) {
            return decide;
        }
    }
    explore_next(g)
}

/// Attaches `card` to `pl` (Exploration 35.6); a full attachment table (never reached: there
/// are fewer attachment cards) discards it instead.
fn attach(g: &mut Ti4Game, card: ExplorationId, pl: PlanetId, bonus: PlanetBonus) {
    if !g.state.exploration.attach(card, pl, bonus) {
        g.state.exploration.discard[card.idx()] += 1;
    }
}

/// After window `PlanetExplored`: the card's effect is over; an action card it pays for is
/// drawn ([`Step::ExploreDraw`]), then the next planet is explored.
pub(super) fn after_card(g: &mut Ti4Game) -> Step {
    g.flow.tactical.explored = None;
    if g.flow.tactical.explore_draw {
        return Step::ExploreDraw(g.flow.turn);
    }
    after_explored(g)
}

/// Chance at [`Step::DrawRelic`]: `p` gains a relic drawn uniformly from the relic deck
/// (rules 73; nothing when it is empty). "When you gain this card" effects: Shard of the
/// Throne's victory point is counted from where the card is; The Obsidian draws a secret
/// objective (its fourth slot makes room for it).
pub(super) fn draw_relic(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player) {
    let e = &mut g.state.exploration;
    let left = e.relics_in_deck();
    if left == 0 {
        return;
    }
    let pick = rng.random_range(0..left) as usize;
    if let Some(i) = (0..e.relics.len()).filter(|&i| e.relic(RelicId(i as u8)) == Zone::Deck).nth(pick) {
        e.set_relic(RelicId(i as u8), Zone::PlayArea(p));
        if g.content.known.the_obsidian == Some(RelicId(i as u8)) {
            super::flow::draw_secret(g, rng, p);
        }
    }
}

/// Chance at [`Step::ExploreDraw`]: `p` draws the action card its exploration card paid for
/// (Functioning Base).
pub(super) fn explore_draw(g: &mut Ti4Game, rng: &mut ChaCha8Rng, p: Player) -> Step {
    g.flow.tactical.explore_draw = false;
    super::action_cards::draw(g, rng, p);
    super::action_cards::discard_to_limit(g);
    after_explored(g)
}

/// Test helper: resolves the explorations under way, declining every exploration card's
/// choice (tests of other rules that invade an uncontrolled planet).
#[cfg(test)]
pub(super) fn decline_explorations(g: &mut Ti4Game) {
    use crate::game::Game;
    use rand::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    loop {
        match g.step {
            Step::Explore(_) | Step::ExploreDraw(_) => g.apply_chance(&mut rng),
            Step::Decide(_)
                if matches!(g.flow.pending.window, Some(Window::PlanetExplored | Window::AfterExploring)) =>
            {
                g.apply(super::Action::Done)
            }
            _ => return,
        }
    }
}
