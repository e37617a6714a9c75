//! The attack sequence (digest §3.2), wounds, suppression, defeat and tabling.
//!
//! Faithful, in order: pool from the weapons in range (the heavy-weapon model only while it
//! lives); roll; Aim rerolls (2 dice, plus Precise X) and the defender's Observation tokens
//! (1 die each); surge chart, then Surge tokens; cover (ranged only: terrain cover 0/1/2,
//! +1 when the defender is Suppressed, + Cover X, capped at 2, then - Sharpshooter X) rolled
//! as a cover pool of one white die per hit (light: blocks cancel, heavy: blocks and surges;
//! Low Profile turns one die into a block); Dodge (one hit each; Deflect); Impact X (hits to
//! crits against Armor), Armor X (cancel X hits), Backup (a Commander trooper attacked from
//! beyond range 2 with an unsuppressed Corps trooper within half range cancels 2 hits);
//! defense dice with the surge chart or Surge tokens; Pierce X unless Immune: Pierce;
//! wounds; Vehicle Damage at Resilience (once per game); 1 suppression to a surviving trooper
//! after a ranged attack that rolled a hit or crit (none for "–" courage, none in melee);
//! Deflect's wound per defense surge to a ranged attacker.
//!
//! Simplified: one weapon pool per attack (no split fire), LOS and cover binary per unit, so
//! every model contributes and can be wounded; melee is an attack against a king-adjacent
//! enemy by a unit with a melee weapon (such a unit always fights in melee when adjacent),
//! with no engaged state and no Withdraw. Reroll picks and token spending are the automatic
//! defaults listed in the `legion` module docs.

use rand_chacha::ChaCha8Rng;

use super::board::NO_CELL;
use super::dice::{roll_attack, roll_defense, AttackDie, AttackFace, DefenseFace};
use super::roster::{kw, Class, Rank, SurgeChart};
use super::{EndReason, LegionGame, Slot, Step, DRAW};

/// Most attack dice in one pool (Z-6 squad: 3 black + 6 white).
const MAX_DICE: usize = 24;

/// What one attack did (for tests and transcripts).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct AttackResult {
    /// Hits and crits after surges.
    pub rolled: u8,
    /// Cover level used.
    pub cover: u8,
    /// Wounds suffered by the defender.
    pub wounds: u8,
    /// The defender was defeated.
    pub defeated: bool,
}

impl LegionGame {
    /// How `a` can attack `d` now: `Some(true)` in melee (king-adjacent, with a melee
    /// weapon), `Some(false)` at range (a weapon reaches the range band and LOS is clear),
    /// `None` when it cannot.
    pub fn attack_mode(&self, a: Slot, d: Slot) -> Option<bool> {
        if !self.on_board(a) || !self.on_board(d) || Self::owner(a) == Self::owner(d) {
            return None;
        }
        let (ua, ud) = (self.unit(a), self.unit(d));
        let t = ua.card();
        let geo = self.geometry();
        if geo.adjacent(ua.cell, ud.cell) && t.melee.is_some() {
            return Some(true);
        }
        let band = geo.band(ua.cell, ud.cell);
        let heavy = t.heavy.filter(|_| ua.models_alive() >= 2);
        let reach = t.ranged.is_some_and(|w| w.reaches(band)) || heavy.is_some_and(|w| w.reaches(band));
        (reach && geo.sight(ua.cell, ud.cell, &self.vehicle_cells(), &self.poi_set()).visible).then_some(false)
    }

    /// The defender's cover level against a ranged attack from `a`: terrain cover, +1 when
    /// Suppressed, + Cover X, capped at 2, then - Sharpshooter X. Ground vehicles are never
    /// obscured.
    pub fn cover_against(&self, a: Slot, d: Slot) -> u8 {
        let (ua, ud) = (self.unit(a), self.unit(d));
        if ud.card().class == Class::GroundVehicle {
            return 0;
        }
        let sight = self.geometry().sight(ua.cell, ud.cell, &self.vehicle_cells(), &self.poi_set());
        let c = (sight.cover + self.is_suppressed(d) as u8 + ud.card().cover).min(2);
        c.saturating_sub(ua.card().sharpshooter)
    }

    /// Chance: rolls and resolves the pending attack, then continues the activation.
    pub(crate) fn roll_attack(&mut self, rng: &mut ChaCha8Rng) {
        let r = self.resolve_attack(rng);
        let _ = r;
        if self.step == Step::Over {
            return;
        }
        if self.pending.reaction {
            self.resume_activation();
        } else {
            self.begin_standby_scan();
        }
    }

    /// The attack sequence for `self.pending`.
    pub(crate) fn resolve_attack(&mut self, rng: &mut ChaCha8Rng) -> AttackResult {
        let pa = self.pending;
        let (a, d, melee) = (pa.attacker, pa.defender, pa.melee);
        let (ua, ud) = (*self.unit(a), *self.unit(d));
        let (ta, td) = (ua.card(), ud.card());
        let geo = self.geometry();
        let band = geo.band(ua.cell, ud.cell);
        let models = ua.models_alive();
        // 1. Form the pool.
        let mut pool = [0u8; 3];
        let (mut impact, mut pierce) = (0, 0);
        let mut add = |w: super::roster::Weapon, n: u8| {
            for (p, k) in pool.iter_mut().zip(w.dice) {
                *p += k * n;
            }
            impact += w.impact;
            pierce += w.pierce;
        };
        if melee {
            add(ta.melee.expect("melee weapon"), models);
        } else {
            let heavy_alive = ta.heavy.is_some() && models >= 2;
            if let Some(w) = ta.ranged.filter(|w| w.reaches(band)) {
                add(w, models - heavy_alive as u8);
            }
            if let Some(w) = ta.heavy.filter(|w| heavy_alive && w.reaches(band)) {
                add(w, 1);
            }
        }
        // 2. Roll, reroll, convert surges.
        let mut dice = [(AttackDie::Red, AttackFace::Blank); MAX_DICE];
        let mut n = 0;
        for (colour, &k) in [AttackDie::Red, AttackDie::Black, AttackDie::White].into_iter().zip(&pool) {
            for _ in 0..k {
                dice[n] = (colour, roll_attack(rng, colour));
                n += 1;
            }
        }
        let dice = &mut dice[..n];
        let mut surge_tokens = ua.tokens.surge;
        let bad = |f: AttackFace, tokens: u8, surges: u8| {
            f == AttackFace::Blank || (f == AttackFace::Surge && ta.attack_surge == SurgeChart::None && surges > tokens)
        };
        let reroll = |dice: &mut [(AttackDie, AttackFace)], budget: u8, rng: &mut ChaCha8Rng, tokens: u8| -> bool {
            let surges = dice.iter().filter(|x| x.1 == AttackFace::Surge).count() as u8;
            let mut left = budget;
            let mut any = false;
            for x in dice.iter_mut() {
                if left > 0 && bad(x.1, tokens, surges) {
                    x.1 = roll_attack(rng, x.0);
                    left -= 1;
                    any = true;
                }
            }
            any
        };
        let mut aims_spent = 0;
        for _ in 0..ua.tokens.aim {
            if !reroll(dice, 2 + ta.precise, rng, surge_tokens) {
                break;
            }
            aims_spent += 1;
        }
        let mut obs_spent = 0;
        for _ in 0..ud.tokens.observation {
            if !reroll(dice, 1, rng, surge_tokens) {
                break;
            }
            obs_spent += 1;
        }
        let (mut hits, mut crits, mut surges) = (0u8, 0u8, 0u8);
        for x in dice.iter() {
            match x.1 {
                AttackFace::Hit => hits += 1,
                AttackFace::Crit => crits += 1,
                AttackFace::Surge => surges += 1,
                AttackFace::Blank => {}
            }
        }
        match ta.attack_surge {
            SurgeChart::Hit => hits += surges,
            SurgeChart::Crit => crits += surges,
            SurgeChart::None => {
                let k = surges.min(surge_tokens);
                hits += k;
                surge_tokens -= k;
            }
        }
        let rolled = hits + crits;
        // 3. Dodge and cover (ranged only).
        let mut cover = 0;
        let mut dodges = ud.tokens.dodge;
        let mut deflect = false;
        if !melee {
            cover = self.cover_against(a, d);
            if cover > 0 && hits > 0 {
                let mut cancels = 0;
                let mut k = hits;
                if td.has(kw::LOW_PROFILE) {
                    cancels += 1;
                    k -= 1;
                }
                for _ in 0..k {
                    match roll_defense(rng, super::dice::DefenseDie::White) {
                        DefenseFace::Block => cancels += 1,
                        DefenseFace::Surge if cover == 2 => cancels += 1,
                        _ => {}
                    }
                }
                hits -= cancels.min(hits);
            }
            let want = if td.has(kw::DEFLECT) { hits.max(1) } else { hits };
            let spent = dodges.min(want);
            dodges -= spent;
            hits -= spent.min(hits);
            deflect = spent > 0 && td.has(kw::DEFLECT);
        }
        // 4. Modify: Impact, Armor, Backup.
        if td.armor > 0 {
            let k = impact.min(hits);
            hits -= k;
            crits += k;
            hits -= td.armor.min(hits);
        }
        if !melee && band > 2 && td.is_trooper() && matches!(ud.rank(), Rank::Commander | Rank::Operative) {
            let backup = self.slots(Self::owner(d)).any(|f| {
                let u = self.unit(f);
                f != d
                    && self.on_board(f)
                    && u.rank() == Rank::Corps
                    && u.card().is_trooper()
                    && !self.is_suppressed(f)
                    && geo.within_half(u.cell, ud.cell)
            });
            if backup {
                hits -= hits.min(2);
            }
        }
        // 5. Defense dice.
        let mut def_surge_tokens = ud.tokens.surge;
        let (mut blocks, mut dsurges) = (0u8, 0u8);
        for _ in 0..hits + crits {
            match roll_defense(rng, td.defense) {
                DefenseFace::Block => blocks += 1,
                DefenseFace::Surge => dsurges += 1,
                DefenseFace::Blank => {}
            }
        }
        if td.defense_surge || deflect {
            blocks += dsurges;
        } else {
            let k = dsurges.min(def_surge_tokens);
            blocks += k;
            def_surge_tokens -= k;
        }
        if !td.has(kw::IMMUNE_PIERCE) {
            blocks -= pierce.min(blocks);
        }
        let wounds = (hits + crits).saturating_sub(blocks).min(ud.remaining());
        // Spend tokens.
        {
            let t = &mut self.units[a as usize].tokens;
            t.aim -= aims_spent;
            t.surge = surge_tokens;
            let t = &mut self.units[d as usize].tokens;
            t.observation -= obs_spent;
            t.dodge = dodges;
            t.surge = def_surge_tokens;
        }
        // 6. Wounds, 7. suppression.
        let defeated = self.suffer_wounds(d, wounds);
        if !melee && rolled > 0 && !defeated {
            self.add_suppression(d, 1);
        }
        if deflect && dsurges > 0 && self.alive(a) {
            self.suffer_wounds(a, dsurges);
        }
        self.check_tabling();
        AttackResult { rolled, cover, wounds, defeated }
    }

    /// The unit in `s` gains `n` suppression (troopers with courage only); gaining any makes
    /// it lose its Standby token.
    pub(crate) fn add_suppression(&mut self, s: Slot, n: u8) {
        let u = &mut self.units[s as usize];
        if n > 0 && u.card().is_trooper() && u.card().courage > 0 {
            u.tokens.suppression += n;
            u.tokens.standby = 0;
        }
    }

    /// The unit in `s` suffers `n` wounds; a vehicle reaching its Resilience gains the Vehicle
    /// Damage token (once per game). Returns true when the unit is defeated.
    pub(crate) fn suffer_wounds(&mut self, s: Slot, n: u8) -> bool {
        let u = &mut self.units[s as usize];
        let r = u.card().resilience;
        let before = u.wounds;
        u.wounds += n.min(u.remaining());
        if r > 0 && before < r && u.wounds >= r {
            u.damaged = true;
        }
        if u.remaining() == 0 {
            self.defeat(s);
            return true;
        }
        false
    }

    /// Defeat: the unit leaves the board with all its tokens; its order token leaves the game
    /// (one token of its rank from the pool if it had not activated and had no order).
    pub(crate) fn defeat(&mut self, s: Slot) {
        let p = Self::owner(s);
        let round = self.round;
        let u = &mut self.units[s as usize];
        u.defeated = true;
        u.wounds = u.card().total_wounds();
        u.defeated_round = round;
        u.tokens = super::Tokens::default();
        u.cell = NO_CELL;
        u.commander_token = false;
        u.damaged = false;
        let pts = u.card().points;
        let in_pool = !u.ordered && !u.activated;
        let rank = u.rank() as usize;
        u.ordered = false;
        self.lost_points[p] += pts;
        if in_pool && self.order_pool[p][rank] > 0 {
            self.order_pool[p][rank] -= 1;
        }
    }

    /// Tabling: when only one player has undefeated units, that player wins at once (a draw
    /// when neither has).
    pub(crate) fn check_tabling(&mut self) {
        let alive = [0, 1].map(|p| self.slots(p).any(|s| self.alive(s)));
        if alive[0] && alive[1] {
            return;
        }
        self.winner = match alive {
            [true, false] => 0,
            [false, true] => 1,
            _ => DRAW,
        };
        self.end_reason = EndReason::Tabling;
        self.step = Step::Over;
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::legion::options::LegionOptions;
    use crate::legion::PendingAttack;

    /// Imperial unit `a` at (x, 1) shooting at Rebel unit `d` at (x, 1 + dy).
    fn duel(a: Slot, d: Slot, x: i32, dy: i32) -> LegionGame {
        let mut g = LegionGame::with_seed(LegionOptions::default(), 1);
        for (s, y) in [(a, 1), (d, 1 + dy)] {
            let c = g.geometry().at(x, y).expect("cell");
            g.units[s as usize].cell = c;
            g.units[s as usize].deployed = true;
        }
        g.pending = PendingAttack { attacker: a, defender: d, melee: false, reaction: false };
        g
    }

    fn results(g: &LegionGame, n: u64) -> impl Iterator<Item = (AttackResult, LegionGame)> + '_ {
        (0..n).map(move |i| {
            let mut h = g.clone();
            let r = h.resolve_attack(&mut ChaCha8Rng::seed_from_u64(i));
            (r, h)
        })
    }

    #[test]
    fn attack_ranged_hit_suppresses_a_surviving_trooper_but_never_a_vehicle() {
        // AT-ST (slot 5) against Rebel Troopers (slot 10) at range 2.
        let g = duel(5, 10, 0, 3);
        assert_eq!(g.attack_mode(5, 10), Some(false));
        for (r, h) in results(&g, 200) {
            let want = (r.rolled > 0 && !r.defeated) as u8;
            assert_eq!(h.unit(10).tokens.suppression, want, "{r:?}");
            assert_eq!(h.unit(10).wounds, r.wounds);
        }
        // Against the T-47 (slot 13): wounds, never suppression.
        let g = duel(5, 13, 0, 3);
        let total: u32 = results(&g, 200)
            .map(|(r, h)| {
                assert_eq!(h.unit(13).tokens.suppression, 0);
                r.wounds as u32
            })
            .sum();
        assert!(total > 0);
    }

    #[test]
    fn attack_cover_pool_cancels_hits() {
        // Rebel Troopers shot by the DLT-19 squad: in the open, and behind the heavy barricade
        // at (7,2) (the defender at (7,1), the attacker 5 rows away).
        let mut open = duel(1, 10, 0, 5);
        let mut covered = duel(1, 10, 7, 5);
        for g in [&mut open, &mut covered] {
            let (a, d) = (g.units[1].cell, g.units[10].cell);
            g.units[1].cell = d;
            g.units[10].cell = a;
        }
        assert_eq!(open.cover_against(1, 10), 0);
        assert_eq!(covered.cover_against(1, 10), 2);
        let sum = |g: &LegionGame| results(g, 400).map(|(r, _)| r.wounds as u32).sum::<u32>();
        let (o, c) = (sum(&open), sum(&covered));
        assert!(c * 5 < o * 4, "open {o} covered {c}");
    }

    #[test]
    fn attack_sharpshooter_and_suppression_change_cover() {
        let mut g = duel(5, 10, 7, 5);
        let (a, d) = (g.units[5].cell, g.units[10].cell);
        g.units[5].cell = d;
        g.units[10].cell = a;
        assert_eq!(g.cover_against(5, 10), 2, "no Sharpshooter on the AT-ST; heavy");
        g.units[4].cell = g.units[5].cell;
        g.units[5].cell = NO_CELL;
        assert_eq!(g.cover_against(4, 10), 1, "Scout Troopers: Sharpshooter 1");
        g.units[10].tokens.suppression = 1;
        assert_eq!(g.cover_against(4, 10), 1, "suppressed: +1, capped at 2, then -1");
        g.units[10].cell = g.geometry().at(0, 1).expect("open cell");
        assert_eq!(g.cover_against(4, 10), 0, "in the open: 0 + 1 - 1");
    }

    #[test]
    fn defeat_removes_tokens_and_counts_lost_points() {
        let mut g = duel(5, 10, 0, 3);
        g.units[10].tokens.dodge = 2;
        g.suffer_wounds(10, 9);
        let u = g.unit(10);
        assert!(u.defeated && u.tokens == crate::legion::Tokens::default() && u.cell == NO_CELL);
        assert_eq!(g.lost_points(1), 40);
        assert!(!g.suffer_wounds(5, 8) && g.unit(5).damaged, "Resilience 8 gives Vehicle Damage");
    }
}
