//! A plain reference for research legality, written straight from the Technology rules text
//! (seed `001`, clauses cited below) with sets, vectors and loops — no bitset arithmetic, no
//! precomputed `Content` tables beyond the cards themselves — so that the fast generator
//! `engine::ti4::technology::research_options` can be checked against it.
//!
//! It answers two questions:
//! - [`legal`]: may player `p` research `tech` exhausting `skip` and `planets`, ignoring what
//!   the research costs? ([`affordable`] adds the payment.)
//! - [`options`]: every *minimal* legal option (see [`dominates`]), by brute force over every
//!   subset of the player's ready specialty planets and every skip card.
//!
//! Modelling choices shared with the engine (and stated so they can be argued with):
//! - A planet listed for exhaustion must be controlled, ready and carry some specialty; it need
//!   not match a prerequisite (it is then exhausted for nothing, which is never minimal).
//! - With Psychoarchaeology every controlled planet's specialties count without exhausting,
//!   so an option lists no planet.
//! - A planet card carrying the same colour twice (Tiamat in the Thunder's Edge data) still
//!   ignores one prerequisite (Technology 14: "one prerequisite symbol").
//!
//! Used by `engine/tests/research_differential.rs`, `benches/benches/research.rs` and `sim bench`.

use engine::ti4::content::{Content, TechKind};
use engine::ti4::ids::{Colour, PlanetId, Player, TechId};
use engine::ti4::state::State;
use engine::ti4::technology::Skip;
use std::collections::BTreeSet;

/// One research option: the technology, the skip card exhausted, the planets exhausted
/// (in increasing id order). Ordered, so that sets of options compare directly.
pub type RefOption = (TechId, Skip, Vec<PlanetId>);

/// The skips, in the order options are listed.
pub const SKIPS: [Skip; 4] = Skip::ALL;

fn has_ability(c: &Content, s: &State, p: Player, ability: &str) -> bool {
    c.factions[s.player(p).faction.idx()].abilities.iter().any(|a| a.key == ability)
}

/// Technology 1-2: the player owns the card when it is in their play area.
fn owns(s: &State, p: Player, t: Option<TechId>) -> bool {
    t.is_some_and(|t| s.player(p).techs.iter().any(|o| o == t))
}

/// Owns the card and it is not exhausted (skip cards are exhausted to use).
fn owns_ready(s: &State, p: Player, t: Option<TechId>) -> bool {
    owns(s, p, t) && t.is_some_and(|t| !s.player(p).exhausted_techs.iter().any(|e| e == t))
}

fn controls(s: &State, p: Player, pl: PlanetId) -> bool {
    s.player(p).planets.iter().any(|x| x == pl)
}

fn is_exhausted(s: &State, pl: PlanetId) -> bool {
    s.exhausted_planets.iter().any(|x| x == pl)
}

/// Technology 13-14: the specialty colours printed on a planet card.
fn specialty_colours(c: &Content, pl: PlanetId) -> Vec<Colour> {
    Colour::ALL.into_iter().filter(|&col| c.planets[pl.idx()].specialties >> col as u8 & 1 == 1).collect()
}

/// Psychoarchaeology: specialties count without exhausting the planet.
fn psychoarchaeology(c: &Content, s: &State, p: Player) -> bool {
    owns(s, p, c.known.psychoarchaeology)
}

/// The player takes part in research at all: in the game, and not the Nekro Virus
/// (Propagation: it never researches).
pub fn may_research(c: &Content, s: &State, p: Player) -> bool {
    s.player(p).in_game && !has_ability(c, s, p, "propagation")
}

/// The card may be taken from this player's deck by research, prerequisites aside:
/// not owned (Technology 1-2), not another faction's (Technology 11), not a generic upgrade
/// that one of the faction's own upgrades stands in for (note 3), and a researchable card.
pub fn tech_allowed(c: &Content, s: &State, p: Player, t: TechId) -> bool {
    let faction = s.player(p).faction;
    let def = &c.techs[t.idx()];
    if owns(s, p, Some(t)) {
        return false;
    }
    if def.faction.is_some_and(|f| f != faction) {
        return false;
    }
    let replaced = c.techs.iter().any(|u| u.faction == Some(faction) && u.replaces == Some(t));
    !replaced && def.researchable
}

/// The skip may be used for this technology: AI Development Algorithm only for unit upgrades;
/// both cards owned and ready; Riftmeld for an upgrade of a unit type held captive.
pub fn skip_available(c: &Content, s: &State, p: Player, t: TechId, skip: Skip) -> bool {
    match skip {
        Skip::None => true,
        Skip::OneUpgradePrerequisite => {
            owns_ready(s, p, c.known.ai_development_algorithm) && c.techs[t.idx()].kind == TechKind::UnitUpgrade
        }
        Skip::AllPrerequisites => owns_ready(s, p, c.known.inheritance_systems),
        // Vuil'raith Riftmeld: "When you research a unit upgrade technology, you may return 1
        // captured unit of that type to ignore all of the technology's prerequisites."
        Skip::ReturnCaptured => {
            let def = &c.techs[t.idx()];
            let captive = |u| (0..s.num_players).any(|q| s.captured.held(p, Player(q), u) > 0);
            has_ability(c, s, p, "riftmeld") && def.kind == TechKind::UnitUpgrade && def.unit.is_some_and(captive)
        }
    }
}

/// Technology 14-15: each planet named for exhaustion is controlled, ready and has a
/// specialty; none is named when Psychoarchaeology makes exhausting unnecessary.
pub fn planets_usable(c: &Content, s: &State, p: Player, planets: &BTreeSet<PlanetId>) -> bool {
    if psychoarchaeology(c, s, p) {
        return planets.is_empty();
    }
    planets.iter().all(|&pl| controls(s, p, pl) && !is_exhausted(s, pl) && !specialty_colours(c, pl).is_empty())
}

/// Technology 12 (with 7.1-7.2, 14 and the skip abilities): the prerequisites are satisfied.
/// For each colour, owned technologies of that colour plus planets assigned to it must reach
/// the printed count, where each planet covers one symbol of one of its colours, and the
/// wildcards (Jol-Nar Analytical for non-upgrades, AI Development Algorithm) cover one symbol
/// of any colour each; Inheritance Systems ignores every prerequisite. Every assignment of
/// planets to colours is tried.
pub fn prerequisites_met(
    c: &Content,
    s: &State,
    p: Player,
    t: TechId,
    skip: Skip,
    planets: &BTreeSet<PlanetId>,
) -> bool {
    let def = &c.techs[t.idx()];
    if skip == Skip::AllPrerequisites || skip == Skip::ReturnCaptured {
        return true;
    }
    let mut wilds = 0u32;
    if has_ability(c, s, p, "analytical") && def.kind != TechKind::UnitUpgrade {
        wilds += 1;
    }
    if skip == Skip::OneUpgradePrerequisite {
        wilds += 1;
    }
    // Technology 7.1-7.2: owned coloured technologies; unit upgrades have no colour.
    let mut have = [0u32; 4];
    for t in s.player(p).techs.iter() {
        if let TechKind::Coloured(col) = c.techs[t.idx()].kind {
            have[col as usize] += 1;
        }
    }
    // The planets whose specialties count: the ones exhausted, or with Psychoarchaeology every
    // controlled specialty planet, ready or not.
    let sources: Vec<Vec<Colour>> = if psychoarchaeology(c, s, p) {
        s.player(p).planets.iter().map(|pl| specialty_colours(c, pl)).filter(|cs| !cs.is_empty()).collect()
    } else {
        planets.iter().map(|&pl| specialty_colours(c, pl)).collect()
    };
    let need: [u32; 4] = def.prereq.map(u32::from);
    any_assignment_covers(&sources, &mut have, need, wilds)
}

/// Tries every colour for each planet in turn; at the end, the symbols left uncovered must be
/// at most the wildcards.
fn any_assignment_covers(sources: &[Vec<Colour>], have: &mut [u32; 4], need: [u32; 4], wilds: u32) -> bool {
    match sources.split_first() {
        None => (0..4).map(|i| need[i].saturating_sub(have[i])).sum::<u32>() <= wilds,
        Some((colours, rest)) => {
            if colours.is_empty() {
                return any_assignment_covers(rest, have, need, wilds);
            }
            colours.iter().any(|&col| {
                have[col as usize] += 1;
                let ok = any_assignment_covers(rest, have, need, wilds);
                have[col as usize] -= 1;
                ok
            })
        }
    }
}

/// Everything but the payment: may `p` research `t` exhausting `skip` and `planets`?
pub fn legal(c: &Content, s: &State, p: Player, t: TechId, skip: Skip, planets: &BTreeSet<PlanetId>) -> bool {
    may_research(c, s, p)
        && tech_allowed(c, s, p, t)
        && skip_available(c, s, p, t, skip)
        && planets_usable(c, s, p, planets)
        && prerequisites_met(c, s, p, t, skip, planets)
}

/// The payment: the resources of ready controlled planets not exhausted by the option, plus
/// trade goods, reach `cost` plus what the skip itself costs (Inheritance Systems: 2).
pub fn affordable(c: &Content, s: &State, p: Player, skip: Skip, planets: &BTreeSet<PlanetId>, cost: u32) -> bool {
    let ps = s.player(p);
    let mut spendable = ps.trade_goods as u32;
    for pl in ps.planets.iter() {
        if !is_exhausted(s, pl) && !planets.contains(&pl) {
            spendable += c.planets[pl.idx()].resources as u32;
        }
    }
    let extra = if skip == Skip::AllPrerequisites { 2 } else { 0 };
    spendable >= cost + extra
}

/// `a` makes `b` pointless: the same skip card with strictly fewer planets, or no skip card
/// where `b` exhausts one for the same planets (a skip card exhausted for nothing — the
/// brief's "(∅, Inheritance) when (∅, None) is legal", applied to every skip card).
pub fn dominates(a: &RefOption, b: &RefOption) -> bool {
    if a.0 != b.0 {
        return false;
    }
    let pa: BTreeSet<PlanetId> = a.2.iter().copied().collect();
    let pb: BTreeSet<PlanetId> = b.2.iter().copied().collect();
    let same_skip_fewer = a.1 == b.1 && pa.is_subset(&pb) && pa != pb;
    let needless_skip = a.1 == Skip::None && b.1 != Skip::None && pa == pb;
    same_skip_fewer || needless_skip
}

/// Every subset of `items` with at most `max` elements, smallest first.
fn subsets_up_to(items: &[PlanetId], max: usize) -> Vec<BTreeSet<PlanetId>> {
    let mut all = vec![BTreeSet::new()];
    let mut frontier = vec![(BTreeSet::new(), 0usize)];
    for _ in 0..max {
        let mut next = Vec::new();
        for (set, from) in frontier {
            for (i, &pl) in items.iter().enumerate().skip(from) {
                let mut bigger: BTreeSet<PlanetId> = set.clone();
                bigger.insert(pl);
                all.push(bigger.clone());
                next.push((bigger, i + 1));
            }
        }
        frontier = next;
    }
    all
}

/// Every minimal legal research option of `p` leaving `cost` resources payable.
///
/// Brute force: for every allowed technology and every skip card, every subset of the
/// player's controlled ready specialty planets with at most as many planets as the
/// technology has prerequisite symbols its owner's technologies leave unmet (a larger legal
/// set has a planet that ignores nothing, so a subset of it is legal and cheaper), checked
/// with [`legal`] and [`affordable`]; then every option some other legal option
/// [`dominates`] is dropped.
pub fn options(c: &Content, s: &State, p: Player, cost: u32) -> BTreeSet<RefOption> {
    let mut result = BTreeSet::new();
    if !may_research(c, s, p) {
        return result;
    }
    let ps = s.player(p);
    let candidates: Vec<PlanetId> = if psychoarchaeology(c, s, p) {
        Vec::new()
    } else {
        ps.planets.iter().filter(|&pl| !is_exhausted(s, pl) && !specialty_colours(c, pl).is_empty()).collect()
    };
    let mut have = [0u32; 4];
    for t in ps.techs.iter() {
        if let TechKind::Coloured(col) = c.techs[t.idx()].kind {
            have[col as usize] += 1;
        }
    }
    for ti in 0..c.techs.len() {
        let t = TechId(ti as u8);
        if !tech_allowed(c, s, p, t) {
            continue;
        }
        let unmet: u32 = (0..4).map(|i| u32::from(c.techs[ti].prereq[i]).saturating_sub(have[i])).sum();
        let sets = subsets_up_to(&candidates, unmet as usize);
        let mut found: Vec<RefOption> = Vec::new();
        for skip in SKIPS {
            if !skip_available(c, s, p, t, skip) {
                continue;
            }
            for planets in &sets {
                if legal(c, s, p, t, skip, planets) && affordable(c, s, p, skip, planets, cost) {
                    found.push((t, skip, planets.iter().copied().collect()));
                }
            }
        }
        for b in &found {
            if !found.iter().any(|a| dominates(a, b)) {
                result.insert(b.clone());
            }
        }
    }
    result
}
