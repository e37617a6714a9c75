//! Legal research actions: which technologies a player may research now, and with which
//! technology-specialty planets exhausted (Technology 9-15 and notes 1 and 3).
//!
//! A research action names the technology, the specialty planets to exhaust, and at most one
//! prerequisite-skipping card to exhaust. Generation lists, for every researchable technology,
//! each distinct *minimal* choice: no listed option's planets contain another listed option's
//! planets with the same skip card. It writes into a buffer the caller owns and allocates
//! nothing once that buffer has grown to the largest answer it has held.
//!
//! Speed: technologies whose prerequisites the owned technologies already meet are found with
//! four set intersections (`Content::prereq_at_most`) and listed while walking the candidate
//! words; only the rest look at planets. A technology one planet short lists each useful
//! planet without an assignment search; only two or more planets enumerate subsets.
//! `benches/benches/research.rs` measures it; `engine/tests/research_differential.rs` checks it
//! against a plain reference.

use crate::bits::BitSet;
use crate::ti4::content::{Content, MAX_PREREQ};
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::State;

/// A card exhausted to skip prerequisites (Technology 12.3: "certain abilities").
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Skip {
    /// No card.
    None = 0,
    /// Exhaust to ignore 1 prerequisite of a unit upgrade (AI Development Algorithm).
    OneUpgradePrerequisite = 1,
    /// Exhaust and spend 2 resources to ignore all prerequisites (a faction technology).
    AllPrerequisites = 2,
    /// Return 1 captured unit of the upgrade's unit type to ignore all prerequisites of a unit
    /// upgrade (a faction ability); no card is exhausted.
    ReturnCaptured = 3,
}

impl Skip {
    /// Every skip, in discriminant order.
    pub const ALL: [Skip; 4] = [Skip::None, Skip::OneUpgradePrerequisite, Skip::AllPrerequisites, Skip::ReturnCaptured];
    /// The skip with discriminant `k`, if any.
    pub fn from_index(k: u8) -> Option<Skip> {
        Skip::ALL.get(k as usize).copied()
    }
    /// Resources the skip itself costs.
    pub const fn resources(self) -> u32 {
        match self {
            Skip::AllPrerequisites => 2,
            _ => 0,
        }
    }
    /// The technology card exhausted by this skip (hook point `prerequisite_skip`).
    pub fn card(self, c: &Content) -> Option<TechId> {
        match self {
            Skip::None => None,
            skip => crate::ti4::rules::skip_card(c, skip),
        }
    }
    /// The content id of the rule granting this skip (a technology or an ability), for action
    /// ids and explanations.
    pub fn key(self, c: &Content) -> Option<&'static str> {
        match self {
            Skip::None => None,
            skip => crate::ti4::rules::skip_key(c, skip),
        }
    }
}

/// One legal way to research one technology.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct ResearchOption {
    /// The technology researched.
    pub tech: TechId,
    /// The prerequisite-skipping card exhausted, if any.
    pub skip: Skip,
    len: u8,
    planets: [PlanetId; MAX_PREREQ],
}

impl ResearchOption {
    /// An option exhausting `planets` (in increasing id order) and `skip`.
    pub fn new(tech: TechId, skip: Skip, planets: &[PlanetId]) -> ResearchOption {
        let mut o = ResearchOption { tech, skip, len: 0, planets: [PlanetId(0); MAX_PREREQ] };
        for &p in planets {
            o.push_planet(p);
        }
        o
    }
    /// An option exhausting no planet.
    #[inline]
    const fn bare(tech: TechId, skip: Skip) -> ResearchOption {
        ResearchOption { tech, skip, len: 0, planets: [PlanetId(0); MAX_PREREQ] }
    }
    #[inline]
    fn push_planet(&mut self, p: PlanetId) {
        self.planets[self.len as usize] = p;
        self.len += 1;
    }
    /// The specialty planets exhausted (Technology 14), in increasing id order.
    pub fn exhaust(&self) -> &[PlanetId] {
        &self.planets[..self.len as usize]
    }
    /// The same planets as a set.
    pub fn exhaust_set(&self) -> PlanetSet {
        self.exhaust().iter().copied().collect()
    }
}

/// What a player brings to a research: owned colours, usable specialties, skip cards.
#[derive(Clone, Copy, Debug)]
pub struct ResearchContext {
    /// Owned technologies of each colour (Technology 7.1).
    pub have: [u8; 4],
    /// Controlled specialty planets usable now, by colour (Technology 14-15).
    pub specialties: [PlanetSet; 4],
    /// Specialties are used without exhausting (Psychoarchaeology).
    pub free_specialties: bool,
    /// Ignore 1 prerequisite of non-upgrades at no cost (hook point
    /// `research_ignores_one_prerequisite`).
    pub ignore_one: bool,
    /// A ready card skips 1 prerequisite of a unit upgrade ([`Skip::OneUpgradePrerequisite`]).
    pub skip_one_upgrade: bool,
    /// A ready card skips all prerequisites for 2 resources ([`Skip::AllPrerequisites`]).
    pub skip_all: bool,
    /// Unit types of which the player holds a captured unit, when a rule lets them return one
    /// to skip all prerequisites of that type's upgrade ([`Skip::ReturnCaptured`]); bit per
    /// [`UnitType`] index.
    pub skip_captured: u16,
    /// Resources the player can spend (ready planets and trade goods).
    pub budget: u32,
    /// Publicize Weapon Schematics: war sun technologies are researched ignoring all their
    /// prerequisites.
    pub war_sun_waived: bool,
}

impl ResearchContext {
    /// The context of player `p` in `s`.
    pub fn of(c: &Content, s: &State, p: Player) -> ResearchContext {
        let ps = s.player(p);
        let mut have = [0u8; 4];
        for (i, h) in have.iter_mut().enumerate() {
            *h = ps.techs.intersection(c.colour_techs[i]).len() as u8;
        }
        let free_specialties = rules::research_free_specialties(c, s, p);
        let usable = if free_specialties { ps.planets } else { ps.planets.difference(s.exhausted_planets) };
        ResearchContext {
            have,
            specialties: s.exploration.add_specialty_planets(c.specialty_planets).map(|sp| sp.intersection(usable)),
            free_specialties,
            ignore_one: rules::research_ignores_one_prerequisite(c, s, p),
            skip_one_upgrade: rules::has_skip(c, s, p, Skip::OneUpgradePrerequisite),
            skip_all: rules::has_skip(c, s, p, Skip::AllPrerequisites),
            skip_captured: if rules::has_skip(c, s, p, Skip::ReturnCaptured) { s.captured.types_held(p) } else { 0 },
            budget: ready_resources(c, s, p),
            war_sun_waived: crate::ti4::laws::publicize_weapon_schematics::war_sun_prerequisites_waived(c, s),
        }
    }
}

/// `State::spendable_resources(c, s, p, PlanetSet::EMPTY)`, walking the words directly (it is
/// on the research hot path): resources of `p`'s ready planets plus trade goods.
fn ready_resources(c: &Content, s: &State, p: Player) -> u32 {
    let ps = s.player(p);
    let mut sum = ps.trade_goods as u32;
    let ready = ps.planets.difference(s.exhausted_planets);
    // Attachments (Exploration 35.6), rare: only the planets that have one are looked up.
    for pl in ready.intersection(s.exploration.attached_planets).iter() {
        sum += s.exploration.bonus(pl).resources as u32;
    }
    for (wi, mut w) in ready.words().into_iter().enumerate() {
        while w != 0 {
            sum += c.planets[wi * 64 + w.trailing_zeros() as usize].resources as u32;
            w &= w - 1;
        }
    }
    sum
}

/// Why a player may research nothing at all, if so: the content id of the rule that replaces
/// their research (hook point `cannot_research`; Nekro Virus, Propagation).
pub fn cannot_research(c: &Content, s: &State, p: Player) -> Option<&'static str> {
    rules::cannot_research(c, s, p)
}

/// Technology 9-15: every minimal legal research of player `p` that leaves at least `cost`
/// resources to pay (the Technology card's secondary costs 4, a second primary research 6).
/// Clears `out` first; options come in technology id order, then skip order, then planet sets
/// in increasing order of their bit masks.
pub fn research_options(c: &Content, s: &State, p: Player, cost: u32, out: &mut Vec<ResearchOption>) {
    out.clear();
    let ps = s.player(p);
    if !ps.in_game || cannot_research(c, s, p).is_some() {
        return;
    }
    let ctx = ResearchContext::of(c, s, p);
    if ctx.budget < cost {
        // Every option leaves at most the whole budget spendable.
        return;
    }
    // Technology 2, 11 and note 3: a card still in the deck, of the right faction, not replaced.
    let candidates = c.researchable_by[ps.faction.idx()].difference(ps.techs);
    let mut met = candidates;
    for i in 0..4 {
        met = met.intersection(c.prereq_at_most[i][(ctx.have[i] as usize).min(MAX_PREREQ)]);
    }
    if ctx.war_sun_waived {
        // Publicize Weapon Schematics: war sun technologies need no prerequisite.
        met = met.union(candidates.intersection(c.upgrade_techs[UnitType::WarSun.idx()]));
    }
    let any_help = ctx.specialties.iter().any(|s| !s.is_empty())
        || ctx.ignore_one
        || ctx.skip_one_upgrade
        || ctx.skip_all
        || ctx.skip_captured != 0;
    let todo = if any_help { candidates } else { met };
    // The words are walked directly (this loop is the hot path), in technology id order.
    let (todo, met) = (todo.words(), met.words());
    for (wi, (&word, &met_word)) in todo.iter().zip(&met).enumerate() {
        let mut word = word;
        while word != 0 {
            let bit = word.trailing_zeros();
            word &= word - 1;
            let t = TechId((wi * 64 + bit as usize) as u8);
            if met_word >> bit & 1 == 1 {
                // Technology 12: prerequisites met by owned technologies alone.
                out.push(ResearchOption::bare(t, Skip::None));
            } else {
                options_for(c, s, &ctx, t, cost, out);
            }
        }
    }
}

/// The options for one technology whose owned technologies leave `missing` symbols.
#[inline(never)]
fn options_for(c: &Content, s: &State, ctx: &ResearchContext, t: TechId, cost: u32, out: &mut Vec<ResearchOption>) {
    let def = c.tech_def(t);
    let missing: [u8; 4] = std::array::from_fn(|i| def.prereq[i].saturating_sub(ctx.have[i]));
    let total: u8 = missing.iter().sum();
    // Jol-Nar Analytical: 1 prerequisite of a non-upgrade ignored for free.
    let wild = u8::from(ctx.ignore_one && !def.is_unit_upgrade());
    let ai = ctx.skip_one_upgrade && def.is_unit_upgrade();
    // Useful planets: a specialty of a colour still missing. Symbols of a colour no usable
    // planet has are left for the wildcards, whatever the planets do.
    let mut all: PlanetSet = BitSet::EMPTY;
    let mut bare_colours = 0u8;
    for (&miss, &sp) in missing.iter().zip(&ctx.specialties) {
        if miss > 0 {
            all = all.union(sp);
            if sp.is_empty() {
                bare_colours += miss;
            }
        }
    }
    let none_before = out.len();
    if bare_colours <= wild + u8::from(ai) {
        if ctx.free_specialties {
            psychoarchaeology(c, s, ctx, t, all, missing, wild, ai, cost, out);
        } else {
            let k = total - wild.min(total);
            exhausting(c, s, ctx, t, Skip::None, all, missing, wild, k, cost, out);
            if ai && k > 0 {
                exhausting(c, s, ctx, t, Skip::OneUpgradePrerequisite, all, missing, wild + 1, k - 1, cost, out);
            }
        }
    }
    let free_option = out[none_before..].iter().any(|o| o.skip == Skip::None && o.len == 0);
    // Inheritance Systems: ignore all prerequisites; dominated when nothing else is needed.
    if ctx.skip_all && !free_option && ctx.budget >= cost + Skip::AllPrerequisites.resources() {
        out.push(ResearchOption::bare(t, Skip::AllPrerequisites));
    }
    // Riftmeld: a captured unit of the upgrade's type returned instead; dominated likewise.
    if !free_option && ctx.budget >= cost && captured_skip(ctx, def) {
        out.push(ResearchOption::bare(t, Skip::ReturnCaptured));
    }
}

/// [`Skip::ReturnCaptured`] applies to `def`: a unit upgrade of a type the player holds captive.
#[inline]
pub(super) fn captured_skip(ctx: &ResearchContext, def: &crate::ti4::content::Tech) -> bool {
    def.is_unit_upgrade() && def.unit.is_some_and(|u| ctx.skip_captured >> u.idx() & 1 == 1)
}

/// Psychoarchaeology: every controlled specialty counts and none is exhausted, so the only
/// question is whether they cover enough (with AI Development Algorithm if they fall one short).
#[allow(clippy::too_many_arguments)]
fn psychoarchaeology(
    c: &Content,
    s: &State,
    ctx: &ResearchContext,
    t: TechId,
    all: PlanetSet,
    missing: [u8; 4],
    wild: u8,
    ai: bool,
    cost: u32,
    out: &mut Vec<ResearchOption>,
) {
    let mut useful = [PlanetId(0); 64];
    let mut colours = [0u8; 64];
    let n = useful_planets(c, s, all, missing, &mut useful, &mut colours);
    let mask = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    let shortfall = best_shortfall(&colours[..n], mask, missing);
    if shortfall <= wild && ctx.budget >= cost {
        out.push(ResearchOption::bare(t, Skip::None));
    } else if ai && shortfall <= wild + 1 && ctx.budget >= cost {
        out.push(ResearchOption::bare(t, Skip::OneUpgradePrerequisite));
    }
}

/// Fills `useful` with the planets of `all` in increasing id order (at most 64) and `colours`
/// with their specialties among the missing colours; returns how many.
fn useful_planets(
    c: &Content,
    s: &State,
    all: PlanetSet,
    missing: [u8; 4],
    useful: &mut [PlanetId; 64],
    colours: &mut [u8; 64],
) -> usize {
    let mut wanted = 0u8;
    for (i, &miss) in missing.iter().enumerate() {
        if miss > 0 {
            wanted |= 1 << i;
        }
    }
    let mut n = 0usize;
    for pl in all.iter().take(64) {
        useful[n] = pl;
        colours[n] = s.specialties_of(c, pl) & wanted;
        n += 1;
    }
    n
}

/// Pushes every minimal option exhausting `k` planets of `all` with `skip`. With `k` at most
/// 1 every useful planet covers a missing symbol on its own (the wildcards cover the rest), so
/// no assignment needs checking; larger `k` goes through [`subsets`].
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn exhausting(
    c: &Content,
    s: &State,
    ctx: &ResearchContext,
    t: TechId,
    skip: Skip,
    all: PlanetSet,
    missing: [u8; 4],
    wild: u8,
    k: u8,
    cost: u32,
    out: &mut Vec<ResearchOption>,
) {
    let need = cost + skip.resources();
    match k {
        0 => {
            if ctx.budget >= need {
                out.push(ResearchOption::bare(t, skip));
            }
        }
        1 => {
            for (wi, &w) in all.words().iter().enumerate() {
                let mut w = w;
                while w != 0 {
                    let pl = PlanetId((wi * 64 + w.trailing_zeros() as usize) as u8);
                    w &= w - 1;
                    // Ready by construction (without Psychoarchaeology only ready planets are
                    // usable), so exhausting it takes its resources from the budget.
                    if ctx.budget >= need + s.resources_of(c, pl) as u32 {
                        let mut o = ResearchOption::bare(t, skip);
                        o.push_planet(pl);
                        out.push(o);
                    }
                }
            }
        }
        _ => {
            // Symbols beyond the number of usable planets of their colour are left for the
            // wildcards: when they outnumber them, no subset can do.
            let mut beyond = 0u32;
            for (&miss, sp) in missing.iter().zip(&ctx.specialties) {
                beyond += (miss as u32).saturating_sub(sp.len());
            }
            if beyond > wild as u32 {
                return;
            }
            let mut useful = [PlanetId(0); 64];
            let mut colours = [0u8; 64];
            let n = useful_planets(c, s, all, missing, &mut useful, &mut colours);
            subsets(c, s, ctx, t, skip, &useful[..n], &colours[..n], missing, wild, k, cost, out);
        }
    }
}

/// Pushes every size-`k` subset of the useful planets that covers `missing` with `wild` free
/// ignores and leaves `cost` resources spendable.
#[allow(clippy::too_many_arguments)]
fn subsets(
    c: &Content,
    s: &State,
    ctx: &ResearchContext,
    t: TechId,
    skip: Skip,
    useful: &[PlanetId],
    colours: &[u8],
    missing: [u8; 4],
    wild: u8,
    k: u8,
    cost: u32,
    out: &mut Vec<ResearchOption>,
) {
    let n = useful.len();
    let k = k as usize;
    if k > n {
        return;
    }
    if k == 0 {
        if ctx.budget >= cost + skip.resources() {
            out.push(ResearchOption::new(t, skip, &[]));
        }
        return;
    }
    // Gosper's hack: every n-bit mask with k bits set, in increasing order.
    let mut mask: u64 = (1u64 << k) - 1;
    let limit: u64 = if n == 64 { u64::MAX } else { 1u64 << n };
    while mask < limit {
        if best_shortfall(colours, mask, missing) <= wild {
            let mut o = ResearchOption { tech: t, skip, len: 0, planets: [PlanetId(0); MAX_PREREQ] };
            let mut lost = 0u32;
            let mut m = mask;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                o.push_planet(useful[i]);
                if !s.exhausted_planets.contains(useful[i]) {
                    lost += s.resources_of(c, useful[i]) as u32;
                }
            }
            if ctx.budget >= cost + skip.resources() + lost {
                out.push(o);
            }
        }
        let low = mask & mask.wrapping_neg();
        let ripple = mask + low;
        if ripple == 0 {
            break;
        }
        mask = (((ripple ^ mask) >> 2) / low) | ripple;
    }
}

/// The fewest prerequisite symbols left uncovered when each planet in `mask` covers one symbol
/// of one of its specialty colours (Technology 14: one prerequisite per planet).
fn best_shortfall(colours: &[u8], mask: u64, missing: [u8; 4]) -> u8 {
    let mut single = [0u8; 4];
    let mut duals = [0u8; 8];
    let mut nd = 0;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        if i >= colours.len() {
            break;
        }
        let col = colours[i];
        if col.count_ones() == 1 {
            single[col.trailing_zeros() as usize] += 1;
        } else if col != 0 && nd < duals.len() {
            duals[nd] = col;
            nd += 1;
        }
    }
    shortfall_with(&duals[..nd], single, missing)
}

fn shortfall_with(duals: &[u8], cover: [u8; 4], missing: [u8; 4]) -> u8 {
    match duals.split_first() {
        None => (0..4).map(|i| missing[i].saturating_sub(cover[i])).sum(),
        Some((&d, rest)) => {
            let mut best = u8::MAX;
            for i in 0..4 {
                if d >> i & 1 == 1 {
                    let mut cv = cover;
                    cv[i] += 1;
                    best = best.min(shortfall_with(rest, cv, missing));
                }
            }
            best
        }
    }
}
