//! Gaining technologies: research (prerequisites checked, "when you research" effects fire)
//! and gain (prerequisites ignored, nothing fires). Technology 3, 5, 10-15 and notes 1-3.

use super::research::{cannot_research, ResearchContext, ResearchOption, Skip};
use crate::ti4::content::{Content, TechKind};
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// Why a technology cannot be researched or gained.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum TechError {
    /// The player is eliminated.
    NotInGame,
    /// Already in the play area (Technology 1).
    AlreadyOwned,
    /// Another faction's technology (Technology 11).
    OtherFaction(FactionId),
    /// A generic upgrade replaced by the faction's own upgrade (note 3).
    ReplacedByFactionUpgrade(TechId),
    /// The faction cannot research at all: the content id of the rule that says so (Nekro
    /// Propagation).
    CannotResearch(&'static str),
    /// A card that can never be researched (a flip side).
    NotResearchable,
    /// Prerequisites not satisfied by the option (Technology 12).
    PrerequisitesNotMet,
    /// An exhausted planet lists a planet that is not a usable specialty (Technology 14-15).
    BadSpecialty(PlanetId),
    /// The skip card is not owned, is exhausted, or does not apply to this technology.
    SkipUnavailable(Skip),
}

/// What a research did, for logs and statistics.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Researched {
    /// The technology now owned.
    pub tech: TechId,
    /// Resources still owed by the option itself (Inheritance Systems: 2).
    pub owed: u32,
}

/// The faction-level reason a player can never take `t` from their deck, if any
/// (Technology 11, note 3).
pub fn faction_block(c: &Content, s: &State, p: Player, t: TechId) -> Option<TechError> {
    let f = s.player(p).faction;
    let def = c.tech_def(t);
    if let Some(owner) = def.faction {
        if owner != f {
            return Some(TechError::OtherFaction(owner));
        }
    }
    if c.forbidden_by[f.idx()].contains(t) {
        let by = c.all_techs.iter().find(|&u| c.tech_def(u).faction == Some(f) && c.tech_def(u).replaces == Some(t));
        return Some(TechError::ReplacedByFactionUpgrade(by.unwrap_or(t)));
    }
    None
}

/// Checks that `opt` is a legal research for `p` (Technology 10-15, note 1), without the cost
/// of the effect that called for it.
pub fn check_research(c: &Content, s: &State, p: Player, opt: &ResearchOption) -> Result<(), TechError> {
    let ps = s.player(p);
    let t = opt.tech;
    if !ps.in_game {
        return Err(TechError::NotInGame);
    }
    if let Some(a) = cannot_research(c, s, p) {
        return Err(TechError::CannotResearch(a));
    }
    if ps.techs.contains(t) {
        return Err(TechError::AlreadyOwned);
    }
    if let Some(e) = faction_block(c, s, p, t) {
        return Err(e);
    }
    let def = c.tech_def(t);
    if !def.researchable {
        return Err(TechError::NotResearchable);
    }
    let ctx = ResearchContext::of(c, s, p);
    // Technology 14-15: each exhausted planet is a controlled, ready specialty planet, named
    // once (one planet ignores one prerequisite).
    let mut cover = [0u8; 4];
    let mut duals = [0u8; super::super::content::MAX_PREREQ];
    let mut nd = 0;
    for (i, &pl) in opt.exhaust().iter().enumerate() {
        let usable = ctx.specialties.iter().any(|s| s.contains(pl));
        if !usable || ctx.free_specialties || opt.exhaust()[..i].contains(&pl) {
            return Err(TechError::BadSpecialty(pl));
        }
        let col = s.specialties_of(c, pl);
        if col.count_ones() == 1 {
            cover[col.trailing_zeros() as usize] += 1;
        } else {
            duals[nd] = col;
            nd += 1;
        }
    }
    if ctx.free_specialties {
        // Psychoarchaeology: every controlled specialty counts without exhausting.
        for pl in ps.planets.iter() {
            let col = s.specialties_of(c, pl);
            if col.count_ones() == 1 {
                cover[col.trailing_zeros() as usize] += 1;
            } else if col != 0 && nd < duals.len() {
                duals[nd] = col;
                nd += 1;
            }
        }
    }
    let mut wild = u8::from(ctx.ignore_one && def.kind != TechKind::UnitUpgrade);
    match opt.skip {
        Skip::None => {}
        Skip::OneUpgradePrerequisite if ctx.skip_one_upgrade && def.kind == TechKind::UnitUpgrade => wild += 1,
        Skip::AllPrerequisites if ctx.skip_all => return Ok(()),
        Skip::ReturnCaptured if super::research::captured_skip(&ctx, def) => return Ok(()),
        other => return Err(TechError::SkipUnavailable(other)),
    }
    if ctx.war_sun_waived && c.upgrade_techs[UnitType::WarSun.idx()].contains(t) {
        // Publicize Weapon Schematics: all prerequisites of a war sun technology ignored.
        return Ok(());
    }
    let missing: [u8; 4] = std::array::from_fn(|i| def.prereq[i].saturating_sub(ctx.have[i]));
    if shortfall(&duals[..nd], cover, missing) > wild {
        return Err(TechError::PrerequisitesNotMet);
    }
    Ok(())
}

fn shortfall(duals: &[u8], cover: [u8; 4], missing: [u8; 4]) -> u8 {
    match duals.split_first() {
        None => (0..4).map(|i| missing[i].saturating_sub(cover[i])).sum(),
        Some((&d, rest)) => (0..4)
            .filter(|i| d >> i & 1 == 1)
            .map(|i| {
                let mut cv = cover;
                cv[i] += 1;
                shortfall(rest, cv, missing)
            })
            .min()
            .unwrap_or(u8::MAX),
    }
}

/// Technology 10 (and 6.1, 10.1): research `opt` — exhaust its specialty planets (Technology
/// 14) and skip card, then place the card in the play area (unit upgrades on the faction
/// sheet: from now on every unit of that type uses it). "When you research" effects fire here
/// and only here. The caller pays the cost of the effect that called for the research plus
/// [`Researched::owed`].
pub fn research(c: &Content, s: &mut State, p: Player, opt: &ResearchOption) -> Result<Researched, TechError> {
    check_research(c, s, p, opt)?;
    for &pl in opt.exhaust() {
        s.exhausted_planets.insert(pl);
    }
    if let Some(card) = opt.skip.card(c) {
        s.player_mut(p).exhausted_techs.insert(card);
    }
    if let (Skip::ReturnCaptured, Some(u)) = (opt.skip, c.tech_def(opt.tech).unit) {
        s.return_one_captured(p, u).expect("check_research saw the captured unit");
    }
    s.player_mut(p).techs.insert(opt.tech);
    super::after_gain(c, s, p, opt.tech);
    crate::ti4::rules::another_researched(c, s, p, opt.tech);
    Ok(Researched { tech: opt.tech, owed: opt.skip.resources() })
}

/// Technology 5 and note 2: gain `t` — take it from the deck ignoring prerequisites. Nothing
/// that triggers on research fires (a Nekro player gains normally: Propagation replaces
/// research only). Faction restrictions still hold (Technology 11, note 3).
pub fn gain(c: &Content, s: &mut State, p: Player, t: TechId) -> Result<(), TechError> {
    let ps = s.player(p);
    if !ps.in_game {
        return Err(TechError::NotInGame);
    }
    if ps.techs.contains(t) {
        return Err(TechError::AlreadyOwned);
    }
    if let Some(e) = faction_block(c, s, p, t) {
        return Err(e);
    }
    s.player_mut(p).techs.insert(t);
    super::after_gain(c, s, p, t);
    Ok(())
}

/// Nekro Virus, Propagation: whenever it would research, it gains 3 command tokens instead,
/// placed in the pools given (`[tactic, fleet, strategy]`, summing to at most 3), limited by
/// its reinforcements. Returns the tokens gained.
pub fn propagate(s: &mut State, p: Player, pools: [u8; 3]) -> u8 {
    let ps = s.player_mut(p);
    let mut gained = 0;
    for (i, &n) in pools.iter().enumerate() {
        for _ in 0..n {
            if gained == 3 || !ps.gain_token(i as u8) {
                break;
            }
            gained += 1;
        }
    }
    gained
}
