//! End Phase (the seed text, `/work/shared/seeds/003_d6be26af2a392ae5.txt`), exactly in its
//! printed order:
//!
//! 1. Resolve any abilities or effects that happen at the Start of the End Phase (no lite card
//!    or keyword has one: the step exists and changes nothing);
//! 2. Score VPs: the Objective Card, then the Secondary Objective Card;
//! 3. Discard Command Cards: the cards revealed this round go to the discard pile for good
//!    (Standing Orders already went back to hand at the end of the Command Phase, per its
//!    text);
//! 4. Remove Tokens: all Aim, Dodge, Observation, Surge and Standby tokens; then 1
//!    Suppression token from each unit, if able; then all Advantage tokens from each pass pool;
//! 5. Update Order Pool and Promote: starting with the player with priority, a player whose
//!    Commander units are all defeated and who controls no Field Commander with a Commander
//!    token must promote a Trooper unit (never a vehicle; a decision when there are several)
//!    whose order token becomes a Commander token; with none to promote the player has no
//!    Commander and cannot play Command Cards;
//! 6. Resolve any abilities or effects at the End of the End Phase (none in the lite game);
//!    then the victory check (12 VP and more than the opponent: only here);
//! 7. Advance the Round counter; after the last round the game ends on VP, then on lost
//!    points (fewer wins), else a draw.
//!
//! Every step that changes something is counted in the [`EndPhaseTally`].

use super::command::{Card, NO_CARD};
use super::roster::{Rank, MAX_ARMY};
use super::{EndReason, LegionGame, Slot, Step, Tokens, DRAW};

/// Counters of what each End Phase step changed, per player, over a game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct EndPhaseTally {
    /// End Phases resolved.
    pub end_phases: u32,
    /// VP scored from the Objective Card.
    pub vp_objective: [u32; 2],
    /// VP scored from the Secondary Objective Card.
    pub vp_secondary: [u32; 2],
    /// Command cards discarded.
    pub cards_discarded: [u32; 2],
    /// Aim tokens removed.
    pub aim_removed: [u32; 2],
    /// Dodge tokens removed.
    pub dodge_removed: [u32; 2],
    /// Observation tokens removed (from the player's units).
    pub observation_removed: [u32; 2],
    /// Surge tokens removed.
    pub surge_removed: [u32; 2],
    /// Standby tokens removed.
    pub standby_removed: [u32; 2],
    /// Suppression tokens removed (one per unit per End Phase).
    pub suppression_removed: [u32; 2],
    /// Advantage tokens cleared from the pass pool.
    pub advantage_cleared: [u32; 2],
    /// Units promoted to Commander.
    pub promotions: [u32; 2],
    /// Times the player was left without a Commander (no Trooper to promote).
    pub left_without_commander: [u32; 2],
}

/// What Score VPs paid.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct VpScored {
    /// From the Objective Card, per player.
    pub objective: [u8; 2],
    /// From the Secondary Objective Card, per player.
    pub secondary: [u8; 2],
}

/// What Remove Tokens removed, per player.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct TokensRemoved {
    /// Aim, dodge, observation, surge, standby tokens (summed over the player's units), and
    /// suppression (at most one per unit).
    pub tokens: [Tokens; 2],
    /// Advantage tokens cleared from each pass pool.
    pub advantage: [u8; 2],
}

/// Whether a player must promote at step 5.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PromotionNeed {
    /// A Commander (or Field Commander with the token) is alive, or nothing changes.
    NotNeeded,
    /// No Trooper to promote: no Commander, no command cards.
    NoCandidate,
    /// Must promote one of these slots (bit per slot).
    Candidates(u16),
}

impl LegionGame {
    /// End Phase: Resolve Any Abilities or Effects that happen at the Start of the End Phase.
    /// No lite card or keyword has such an effect, so nothing changes.
    pub(crate) fn start_of_end_phase_effects(&mut self) {}

    /// End Phase: Score VPs. The Objective Card first, then the Secondary Objective Card.
    pub(crate) fn score_vps(&mut self) -> VpScored {
        let mut r = VpScored::default();
        for p in 0..2 {
            r.objective[p] = self.objective_vp(p);
        }
        for p in 0..2 {
            self.vp[p] += r.objective[p];
        }
        for p in 0..2 {
            r.secondary[p] = self.score_secondary(p);
            self.vp[p] += r.secondary[p];
        }
        for p in 0..2 {
            self.tally.vp_objective[p] += r.objective[p] as u32;
            self.tally.vp_secondary[p] += r.secondary[p] as u32;
        }
        r
    }

    /// End Phase: Discard Command Cards. Each player's revealed card of this round goes to
    /// the discard pile and cannot be used again this game.
    pub(crate) fn discard_command_cards(&mut self) -> [Option<Card>; 2] {
        let mut out = [None; 2];
        for (p, o) in out.iter_mut().enumerate() {
            if let Some(c) = Card::from_index(self.revealed[p]) {
                self.discard[p] |= c.bit();
                self.revealed[p] = NO_CARD;
                self.tally.cards_discarded[p] += 1;
                *o = Some(c);
            }
        }
        out
    }

    /// End Phase: Remove Tokens. All Aim, Dodge, Observation, Surge and Standby tokens; then
    /// 1 Suppression token from each unit, if able; then all Advantage tokens from each pass
    /// pool.
    pub(crate) fn remove_tokens(&mut self) -> TokensRemoved {
        let mut r = TokensRemoved::default();
        for (i, u) in self.units.iter_mut().enumerate() {
            let p = i / MAX_ARMY;
            let t = &mut u.tokens;
            let sum = &mut r.tokens[p];
            sum.aim += t.aim;
            sum.dodge += t.dodge;
            sum.observation += t.observation;
            sum.surge += t.surge;
            sum.standby += t.standby;
            (t.aim, t.dodge, t.observation, t.surge, t.standby) = (0, 0, 0, 0, 0);
        }
        for (i, u) in self.units.iter_mut().enumerate() {
            if u.tokens.suppression > 0 {
                u.tokens.suppression -= 1;
                r.tokens[i / MAX_ARMY].suppression += 1;
            }
        }
        for p in 0..2 {
            r.advantage[p] = self.pass_pool[p];
            self.pass_pool[p] = 0;
            let (t, s) = (&mut self.tally, r.tokens[p]);
            t.aim_removed[p] += s.aim as u32;
            t.dodge_removed[p] += s.dodge as u32;
            t.observation_removed[p] += s.observation as u32;
            t.surge_removed[p] += s.surge as u32;
            t.standby_removed[p] += s.standby as u32;
            t.suppression_removed[p] += s.suppression as u32;
            t.advantage_cleared[p] += r.advantage[p] as u32;
        }
        r
    }

    /// End Phase, Promote: whether `player` must promote, and whom they may promote (their
    /// undefeated Trooper units).
    pub fn promotion_need(&self, player: usize) -> PromotionNeed {
        let has = self.slots(player).any(|s| {
            let u = self.unit(s);
            !u.defeated && (u.rank() == Rank::Commander || (u.field_commander && u.commander_token))
        });
        if has {
            return PromotionNeed::NotNeeded;
        }
        let mut c = 0u16;
        for s in self.slots(player) {
            if self.alive(s) && self.unit(s).card().is_trooper() {
                c |= 1 << (s as usize % MAX_ARMY);
            }
        }
        if c == 0 {
            PromotionNeed::NoCandidate
        } else {
            PromotionNeed::Candidates(c)
        }
    }

    /// Promote: the unit in `slot` becomes a Commander; its order token is replaced by a
    /// Commander token (the next order pool holds a Commander token for it).
    pub(crate) fn promote(&mut self, slot: Slot) {
        self.units[slot as usize].promoted = true;
        self.tally.promotions[Self::owner(slot)] += 1;
    }

    /// The player with no Trooper to promote has no Commander and cannot play cards.
    pub(crate) fn mark_no_commander(&mut self, player: usize) -> bool {
        if self.no_commander[player] {
            return false;
        }
        self.no_commander[player] = true;
        self.tally.left_without_commander[player] += 1;
        true
    }

    /// Runs the End Phase from its start up to the first promotion decision.
    pub(crate) fn begin_end_phase(&mut self) {
        self.tally.end_phases += 1;
        self.start_of_end_phase_effects();
        self.score_vps();
        self.discard_command_cards();
        self.remove_tokens();
        self.promote_index = 0;
        self.continue_promotions();
    }

    /// Update Order Pool and Promote, priority player first; stops at a promotion choice.
    pub(crate) fn continue_promotions(&mut self) {
        while self.promote_index < 2 {
            let p = if self.promote_index == 0 { self.priority } else { 1 - self.priority } as usize;
            match self.promotion_need(p) {
                PromotionNeed::NotNeeded => {}
                PromotionNeed::NoCandidate => {
                    self.mark_no_commander(p);
                }
                PromotionNeed::Candidates(c) if c.count_ones() == 1 => {
                    self.promote((p * MAX_ARMY) as Slot + c.trailing_zeros() as Slot);
                }
                PromotionNeed::Candidates(_) => {
                    self.step = Step::Promote(p as u8);
                    return;
                }
            }
            self.promote_index += 1;
        }
        self.finish_end_phase();
    }

    /// The promotion decision of `player`.
    pub(crate) fn choose_promotion(&mut self, slot: Slot) {
        self.promote(slot);
        self.promote_index += 1;
        self.continue_promotions();
    }

    /// End Phase: Resolve Any Abilities or Effects at End of End Phase (none in the lite
    /// game), the victory check, then Advance Round Counter.
    pub(crate) fn finish_end_phase(&mut self) {
        self.end_of_end_phase_effects();
        if self.victory_check() {
            return;
        }
        self.advance_round();
    }

    /// End Phase: Resolve Any Abilities or Effects at End of End Phase: no lite card or
    /// keyword has one.
    pub(crate) fn end_of_end_phase_effects(&mut self) {}

    /// Victory check, only at the end of the End Phase: a player with at least 12 VP and more
    /// than the opponent wins.
    pub(crate) fn victory_check(&mut self) -> bool {
        for p in 0..2 {
            if self.vp[p] >= 12 && self.vp[p] > self.vp[1 - p] {
                self.winner = p as u8;
                self.end_reason = EndReason::Victory;
                self.step = Step::Over;
                return true;
            }
        }
        false
    }

    /// End Phase: Advance Round Counter. After the last round the game ends: most VP wins,
    /// then fewer lost points, else a draw.
    pub(crate) fn advance_round(&mut self) {
        self.round += 1;
        if self.round > self.opts.rounds {
            self.winner = if self.vp[0] != self.vp[1] {
                (self.vp[1] > self.vp[0]) as u8
            } else if self.lost_points[0] != self.lost_points[1] {
                (self.lost_points[1] < self.lost_points[0]) as u8
            } else {
                DRAW
            };
            self.end_reason = EndReason::Rounds;
            self.step = Step::Over;
        } else {
            self.begin_command_phase();
        }
    }
}
