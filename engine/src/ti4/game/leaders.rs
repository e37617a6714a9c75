//! Leaders (rules 51) in the round loop: unlocking commanders and heroes, readying agents.
//! What each leader does is its rule (`crate::ti4::rules::SourceKey::Leader`, in its faction's
//! file): an agent is exhausted and a hero purged by the rule that uses it.

use super::effects::Effect;
use super::Ti4Game;
use crate::ti4::components::LeaderState;
use crate::ti4::content::LeaderKind;
use crate::ti4::ids::*;
use crate::ti4::rules::Source;

/// Scored objectives that unlock a hero (each hero's printed condition: "Have 3 scored
/// objectives").
pub const HERO_OBJECTIVES: u32 = 3;

/// Rules 51: a leader unlocks as soon as its player meets its condition. Run after every step
/// (`flow::advance`), for the players in the game: a locked hero unlocks once its player has
/// scored 3 objectives (public and secret; `vp` is the victory points, at least the number of
/// objectives scored, so the count is only taken from 3 points on), a locked commander once
/// its rule's condition holds (hook point `commander_unlocked`; a commander without a rule
/// never unlocks). Each unlock is counted (`effects`).
pub(super) fn unlock(g: &mut Ti4Game, vp: &[u32; MAX_PLAYERS]) {
    let c = g.content.clone();
    for p in g.state.seats() {
        if !g.state.player(p).in_game {
            continue;
        }
        let f = g.state.player(p).faction;
        for (k, &l) in c.cards.seat_leaders[f.idx()].iter().enumerate() {
            if g.state.leaders.get(p, k) != LeaderState::Locked {
                continue;
            }
            let met = match c.cards.leaders[l.idx()].kind {
                LeaderKind::Hero => vp[p.idx()] >= HERO_OBJECTIVES && scored_objectives(g, p) >= HERO_OBJECTIVES,
                LeaderKind::Commander => {
                    !c.rules.commander_unlocked.is_empty()
                        && crate::ti4::rules::commander_unlocked(g, p, Source::Leader(l, f))
                }
                LeaderKind::Agent => false,
            };
            if met {
                g.state.leaders.set(p, k, LeaderState::Unlocked);
                let e = if c.cards.leaders[l.idx()].kind == LeaderKind::Hero {
                    Effect::HeroUnlocked
                } else {
                    Effect::CommanderUnlocked
                };
                g.note_effect(p, e, 1);
            }
        }
    }
}

/// The objectives `p` has scored: public objectives with its marker, secret objectives in its
/// play area.
pub fn scored_objectives(g: &Ti4Game, p: Player) -> u32 {
    let (c, s) = (&*g.content, &g.state);
    let public = (0..c.cards.public_objectives.len())
        .filter(|&o| s.public_objectives.scored_by(PublicObjectiveId(o as u8)).contains(p))
        .count();
    let secret = (0..c.cards.secret_objectives.len())
        .filter(|&o| s.secret_objectives.get(o) == crate::ti4::components::Zone::PlayArea(p))
        .count();
    (public + secret) as u32
}

/// Status phase step 6 (rules 81.6, 51): every exhausted agent readies.
pub(super) fn ready_agents(g: &mut Ti4Game) {
    for p in g.state.seats() {
        for k in 0..crate::ti4::content::cards::MAX_LEADERS_PER_SEAT {
            if g.state.leaders.get(p, k) == LeaderState::Exhausted {
                g.state.leaders.set(p, k, LeaderState::Unlocked);
            }
        }
    }
}

/// Exhausts `p`'s agent of rule source `src` (the agent's rule uses it).
pub(crate) fn exhaust(g: &mut Ti4Game, p: Player, src: Source) {
    if let Source::Leader(l, _) = src {
        crate::ti4::components::leaders::set_own(&g.content, &mut g.state, p, l, LeaderState::Exhausted);
    }
}

/// Purges `p`'s hero of rule source `src` (rules 51: a hero is purged once its ability resolved).
pub(crate) fn purge(g: &mut Ti4Game, p: Player, src: Source) {
    if let Source::Leader(l, _) = src {
        crate::ti4::components::leaders::set_own(&g.content, &mut g.state, p, l, LeaderState::Purged);
    }
}
