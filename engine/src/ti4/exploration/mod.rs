//! Exploration cards (Prophecy of Kings, rules 35 "Exploration"), one file per card or family
//! of cards with one text. What a card does once drawn is its [`ExploreEffect`]: a relic
//! fragment goes to the explorer's play area, an attachment onto the explored planet, and a
//! card with a "you may" (or a cost) is a [`Rule`] whose source is the card
//! ([`crate::ti4::rules::SourceKey::Exploration`]), offered at window `PlanetExplored` to the
//! player exploring while the card is being resolved. The procedure (when a planet is
//! explored, drawing, discarding) is `crate::ti4::game::exploration`.

use crate::ti4::components::PlanetBonus;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Rule, Window};
use crate::ti4::state::Location;

mod abandoned_warehouses;
mod dominus_orb;
mod functioning_base;
mod local_fabricators;
mod maw_of_worlds;
mod mech_or_infantry;
mod mercenary_outfit;
mod relic_fragments;
pub(crate) mod shard_of_the_throne;
mod the_codex;

/// The exploration card rules.
pub(crate) static RULES: &[Rule] = &[
    abandoned_warehouses::RULE,
    functioning_base::RULE,
    local_fabricators::RULE,
    mech_or_infantry::CORE_MINE,
    mech_or_infantry::EXPEDITION,
    mech_or_infantry::VOLATILE_FUEL_SOURCE,
    mercenary_outfit::RULE,
    relic_fragments::CULTURAL,
    relic_fragments::HAZARDOUS,
    relic_fragments::INDUSTRIAL,
    maw_of_worlds::RULE,
    the_codex::RULE,
    dominus_orb::RULE,
];

/// Relics whose effect the core reads without a rule (Shard of the Throne's victory point and
/// its transfer, `shard_of_the_throne`; The Obsidian's secret objective and fourth slot,
/// `game::flow::secret_limit`).
pub const CORE_RELICS: &[&str] = &["shard_of_the_throne", "the_obsidian", "scepter_of_emelpar"];

/// What an exploration card does when drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ExploreEffect {
    /// A relic fragment goes to the explorer's play area (rules 35.5, 73); its kind is its deck
    /// (`components::exploration::fragment_kind`).
    Fragment,
    /// Attached to the explored planet with these values (rules 35.6).
    Attach(PlanetBonus),
    /// A research facility: the planet gains this technology specialty, or +1 resource and +1
    /// influence when it already has one.
    Facility(Colour),
    /// Resolved by the card's rule at window `PlanetExplored`, then discarded.
    Rule,
}

impl ExploreEffect {
    /// The effect of the card with data-file id `key`; `None` for a card the engine does not
    /// implement.
    pub fn of_key(key: &str) -> Option<ExploreEffect> {
        let bonus = |resources, influence| ExploreEffect::Attach(PlanetBonus { resources, influence, specialties: 0 });
        Some(match key {
            "cultural_relic_fragment" | "hazardous_relic_fragment" | "industrial_relic_fragment" => {
                ExploreEffect::Fragment
            }
            "dyson_sphere" => bonus(2, 1),
            "paradise_world" => bonus(0, 2),
            "tomb_of_emphidia" => bonus(0, 1),
            "lazax_survivors" => bonus(1, 2),
            "mining_world" => bonus(2, 0),
            "rich_world" => bonus(1, 0),
            "warfare_research_facility" => ExploreEffect::Facility(Colour::Warfare),
            "biotic_research_facility" => ExploreEffect::Facility(Colour::Biotic),
            "cybernetic_research_facility" => ExploreEffect::Facility(Colour::Cybernetic),
            "propulsion_research_facility" => ExploreEffect::Facility(Colour::Propulsion),
            k if RULES.iter().any(|r| r.source.id() == k) => ExploreEffect::Rule,
            _ => return None,
        })
    }
}

/// The planet `p` is exploring at window `PlanetExplored` with card `card` (its location and
/// id), if any: what every card rule asks first.
fn exploring(g: &Ti4Game, p: Player, window: Window, card: ExplorationId) -> Option<(Location, PlanetId)> {
    if window != Window::PlanetExplored || g.flow.turn != p {
        return None;
    }
    let (c, n) = g.flow.tactical.explored?;
    if c != card {
        return None;
    }
    let loc = Location::Planet(g.flow.tactical.active, n);
    g.state.planet_at(g.content(), loc).map(|pl| (loc, pl))
}

/// [`exploring`] for the card of the rule's source `src`.
pub(crate) fn exploring_src(
    src: crate::ti4::rules::Source,
    g: &Ti4Game,
    p: Player,
    window: Window,
) -> Option<(Location, PlanetId)> {
    card_of(src).and_then(|card| exploring(g, p, window, card))
}

/// Choice 0 ("gain 1 commodity" / "gain 2 commodities") when `p` is below its commodity value.
pub(crate) fn offer_commodities(g: &Ti4Game, p: Player, out: &mut dyn FnMut(u16)) {
    if g.state.player(p).commodities < crate::ti4::game::component::commodity_value(g, p) {
        out(0);
    }
}

/// Choices 1 (spend a trade good) and 2 (spend a commodity) of the cards that read "spend 1
/// trade good or 1 commodity to …", when `p` has one to spend.
pub(crate) fn offer_payments(g: &Ti4Game, p: Player, out: &mut dyn FnMut(u16)) {
    let ps = g.state.player(p);
    if ps.trade_goods > 0 {
        out(1);
    }
    if ps.commodities > 0 {
        out(2);
    }
}

/// Resolves choice 0 ("gain 1 commodity") of those cards, or pays choice 1 or 2; true when
/// the player paid, so the card's other effect follows.
pub(crate) fn commodity_or_payment(g: &mut Ti4Game, p: Player, choice: u16) -> bool {
    let ps = g.state.player_mut(p);
    match choice {
        0 => {
            crate::ti4::game::component::gain_commodities(g, p, 1);
            false
        }
        1 => {
            ps.trade_goods -= 1;
            true
        }
        _ => {
            ps.commodities -= 1;
            true
        }
    }
}

/// The exploration card of a rule's source.
fn card_of(src: crate::ti4::rules::Source) -> Option<ExplorationId> {
    match src {
        crate::ti4::rules::Source::Exploration(e) => Some(e),
        _ => None,
    }
}
