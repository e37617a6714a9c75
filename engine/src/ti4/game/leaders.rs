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
/// its rule's condition holds (hook point `commander_unlocked`, asked of the players of the
/// rule's faction; a commander without a rule never unlocks). Each unlock is counted
/// (`effects`).
pub(super) fn unlock(g: &mut Ti4Game, vp: &[u32; MAX_PLAYERS]) {
    for p in g.state.seats() {
        if !g.state.player(p).in_game {
            continue;
        }
        let f = g.state.player(p).faction;
        if vp[p.idx()] >= HERO_OBJECTIVES {
            for k in 0..g.content.cards.seat_leaders[f.idx()].len() {
                let l = g.content.cards.seat_leaders[f.idx()][k];
                let hero = g.content.cards.leaders[l.idx()].kind == LeaderKind::Hero;
                if hero
                    && g.state.leaders.get(p, k) == LeaderState::Locked
                    && scored_objectives(g, p) >= HERO_OBJECTIVES
                {
                    g.state.leaders.set(p, k, LeaderState::Unlocked);
                    g.note_effect(p, Effect::HeroUnlocked, 1);
                }
            }
        }
        let Some(&i) = g.content.rules.commander_rule_of_faction.get(f.idx()).filter(|&&i| i != u16::MAX) else {
            continue;
        };
        let (src, met) = g.content.rules.commander_unlocked.get(i as usize);
        let Source::Leader(l, _) = src else { continue };
        let Some(k) = crate::ti4::components::leaders::slot_of(&g.content, f, l) else { continue };
        if g.state.leaders.get(p, k) == LeaderState::Locked && {
            crate::ti4::rules::exercised(crate::ti4::rules::HookId::commander_unlocked);
            met(src, g, p)
        } {
            g.state.leaders.set(p, k, LeaderState::Unlocked);
            g.note_effect(p, Effect::CommanderUnlocked, 1);
        }
    }
}

/// The objectives `p` has scored: public objectives with its marker, secret objectives in its
/// play area.
pub fn scored_objectives(g: &Ti4Game, p: Player) -> u32 {
    let (c, s) = (&*g.content, &g.state);
    let public = s.public_objectives.count_scored_by(p, c.cards.public_objectives.len());
    let n = c.cards.secret_objectives.len().min(128);
    let first_n = if n == 128 { u128::MAX } else { (1u128 << n) - 1 };
    let secret = (s.secret_objectives.mask(crate::ti4::components::Zone::PlayArea(p)) & first_n).count_ones();
    public + secret
}

/// Status phase step 6 (rules 81.6, 51): every exhausted agent readies (an exhausted hero is
/// one in use until its rule purges it: Darktalon Treilla).
pub(super) fn ready_agents(g: &mut Ti4Game) {
    let c = g.content.clone();
    for p in g.state.seats() {
        let f = g.state.player(p).faction;
        for (k, &l) in c.cards.seat_leaders[f.idx()].iter().enumerate() {
            if c.cards.leaders[l.idx()].kind == LeaderKind::Agent && g.state.leaders.get(p, k) == LeaderState::Exhausted
            {
                g.state.leaders.set(p, k, LeaderState::Unlocked);
            }
        }
    }
}

/// Exhausts `p`'s agent of rule source `src` (the agent's rule uses it), or puts a hero in use
/// until its rule purges it.
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
