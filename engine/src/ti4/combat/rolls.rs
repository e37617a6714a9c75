//! Dice: combat rolls, anti-fighter barrage, bombardment and space cannon, each drawing from the
//! caller's RNG, plus the space cannon targeting rules.
//!
//! Dice are rolled unit type by unit type in type order (the order does not change the
//! distribution; Space Combat 78.3.3 asks for combat-value order only for the sake of rerolls;
//! the one re-roll modelled, [`roll_combat_rerolling`], re-rolls every miss). Only the combat
//! rolls apply the force's modifier (Modifiers 56, Anti-Fighter Barrage 10.1.3, Bombardment
//! 15.1.3, Space Cannon 77.2.4).

use super::force::Force;
use super::CombatError;
use crate::ti4::content::Dice;
use crate::ti4::ids::{Player, PlayerSet, UnitType};
use rand::{Rng, RngExt};

/// One d10: 1..=10 (the "0" face reads 10).
#[inline]
pub fn roll_d10<R: Rng + ?Sized>(rng: &mut R) -> u8 {
    rng.random_range(1..=10)
}

/// Rolls `dice` d10 and counts the results of `hits_on` or more.
pub fn roll_hits<R: Rng + ?Sized>(dice: u16, hits_on: u8, rng: &mut R) -> u16 {
    (0..dice).map(|_| u16::from(roll_d10(rng) >= hits_on)).sum()
}

/// [`roll_hits`], each missed die rolled once more when `reroll` (Ta Zern: "you may reroll any
/// number of those dice"; a reroll can only turn a miss into a hit). Without `reroll`, the same
/// draws as [`roll_hits`].
pub fn roll_hits_rerolling<R: Rng + ?Sized>(dice: u16, hits_on: u8, reroll: bool, rng: &mut R) -> u16 {
    if !reroll {
        return roll_hits(dice, hits_on, rng);
    }
    (0..dice).map(|_| u16::from(roll_d10(rng) >= hits_on || roll_d10(rng) >= hits_on)).sum()
}

/// The chance that one d10 hits on `hits_on` or more (1 for `hits_on <= 1`, 0 above 10).
pub fn hit_probability(hits_on: u8) -> f64 {
    f64::from(11u8.saturating_sub(hits_on.max(1)).min(10)) / 10.0
}

/// Dice a unit ability (not a combat roll) rolls per unit: its ×Y, or one die when the ability
/// has no (Y) value (Bombardment 15.1.2, Space Cannon 77.2.2).
#[inline]
fn ability_dice(d: Dice) -> u16 {
    u16::from(d.dice.max(1))
}

/// Space Combat 78.3 / Ground Combat 42.1: `force` makes a combat roll against `opponent` and
/// returns the hits. Every combatant rolls its combat dice (a Winnu flagship, `dice == 0`, one
/// per non-fighter ship of `opponent`), hitting on its combat value minus the force's modifier;
/// a die showing a high result may produce more hits ([`Force::natural`]).
pub fn roll_combat<R: Rng + ?Sized>(force: &Force, opponent: &Force, rng: &mut R) -> u16 {
    roll_combat_rerolling(force, opponent, false, rng)
}

/// [`roll_combat`], each die that misses re-rolled once when `reroll_misses` (a rule that lets
/// the side re-roll any number of its dice: re-rolling exactly the misses is never worse).
/// Without it the dice drawn are exactly those of a plain roll.
pub fn roll_combat_rerolling<R: Rng + ?Sized>(
    force: &Force,
    opponent: &Force,
    reroll_misses: bool,
    rng: &mut R,
) -> u16 {
    roll_combat_paying(force, opponent, reroll_misses, 0, rng).0
}

/// [`roll_combat_rerolling`], and while the force may pay for +1 on a die
/// ([`Force::pays_plus_one`]), each die whose final result misses by exactly 1 hits for 1 of
/// up to `budget` trade goods (a die that misses by 1 is the only one +1 helps; every such die
/// is worth the same, so the order does not matter). Returns the hits and the trade goods
/// spent. The dice drawn are those of [`roll_combat_rerolling`].
pub fn roll_combat_paying<R: Rng + ?Sized>(
    force: &Force,
    opponent: &Force,
    reroll_misses: bool,
    budget: u8,
    rng: &mut R,
) -> (u16, u8) {
    let mut budget = if force.pays_plus_one() { budget } else { 0 };
    let mut spent = 0;
    let opposing = opponent.non_fighter_ships();
    let natural = force.natural();
    let mut hits = 0;
    for t in UnitType::ALL {
        let dice = force.combat_dice(t, opposing);
        if let (true, Some(on)) = (dice > 0, force.hits_on(t)) {
            for _ in 0..dice {
                let mut result = roll_d10(rng);
                if result < on && reroll_misses {
                    result = roll_d10(rng);
                }
                // The die's final result, before modifiers, may produce more (J.N.S. Hylarim).
                hits += u16::from(result >= on) + natural.hits(t, result);
                if budget > 0 && result < on && result + 1 >= on {
                    budget -= 1;
                    spent += 1;
                    hits += 1;
                }
            }
        }
    }
    (hits, spent)
}

/// Anti-Fighter Barrage 10.1: every combatant with ANTI-FIGHTER BARRAGE rolls it; the hits can
/// only destroy the opponent's fighters (assign them with [`FIGHTERS`](super::FIGHTERS) as the
/// eligible mask).
/// Combat-roll modifiers do not apply.
pub fn roll_anti_fighter_barrage<R: Rng + ?Sized>(force: &Force, rng: &mut R) -> u16 {
    let mut hits = 0;
    for t in UnitType::ALL {
        if let (true, Some(d)) = (force.is_combatant(t), force.stats(t).anti_fighter_barrage) {
            hits += roll_hits(ability_dice(d) * u16::from(force.count(t)), d.hits_on, rng);
        }
    }
    hits
}

/// Mentak Coalition "Ambush": "At the start of a space combat, you may roll 1 die for each of
/// up to 2 of your cruisers and/or destroyers in the system. For each result equal to or
/// greater than that ship's combat value, produce 1 hit; your opponent must assign it to 1 of
/// their ships." The combat values of the ships that roll: the best two (a better value only
/// adds hits, so the owner's choice of ships is no real choice). Not a combat roll: modifiers
/// do not apply.
pub fn ambush_values(force: &Force) -> impl Iterator<Item = u8> + '_ {
    let mut values: [u8; 2] = [u8::MAX; 2];
    for t in [UnitType::Cruiser, UnitType::Destroyer] {
        if let (true, Some(d)) = (force.is_combatant(t), force.stats(t).combat) {
            for _ in 0..force.count(t).min(2) {
                // Keep the two lowest values, sorted.
                if d.hits_on < values[1] {
                    values[1] = d.hits_on;
                    if values[1] < values[0] {
                        values.swap(0, 1);
                    }
                }
            }
        }
    }
    values.into_iter().filter(|&v| v != u8::MAX)
}

/// Rolls Mentak's Ambush for `force` ([`ambush_values`]): the hits its opponent assigns to
/// its ships.
pub fn roll_ambush<R: Rng + ?Sized>(force: &Force, rng: &mut R) -> u16 {
    ambush_values(force).map(|on| u16::from(roll_d10(rng) >= on)).sum()
}

/// Bombardment 15.1: `bombarding` holds the units the active player assigned to one planet;
/// each with BOMBARDMENT rolls it. The hits destroy ground forces on that planet (its
/// controller assigns them, mechs may sustain damage: `Hits::new(hits,
/// planet.ground_force_mask())`). Combat-roll modifiers do not apply.
/// Check [`bombardment_blocked`] first.
pub fn roll_bombardment<R: Rng + ?Sized>(bombarding: &Force, rng: &mut R) -> u16 {
    roll_bombardment_against(bombarding, 0, false, rng)
}

/// [`roll_bombardment`] with `penalty` subtracted from each die result (Bunker: "apply -4 to
/// the result of each BOMBARDMENT roll against planets you control"): each die hits on its
/// value + `penalty`; with `reroll`, each missed die is rolled once more
/// ([`roll_hits_rerolling`]).
pub fn roll_bombardment_against<R: Rng + ?Sized>(bombarding: &Force, penalty: u8, reroll: bool, rng: &mut R) -> u16 {
    let mut hits = 0;
    for t in UnitType::ALL {
        if let Some(d) = bombarding.stats(t).bombardment {
            let dice = ability_dice(d) * u16::from(bombarding.count(t));
            hits += roll_hits_rerolling(dice, penalised(d.hits_on, penalty), reroll, rng);
        }
    }
    hits
}

/// Bombardment 15.1.6 and Planetary Shield 65.3: a planet holding a unit with PLANETARY SHIELD
/// (`planet`: the defender's units on it) cannot be bombarded, unless the bombarding player has
/// a war sun in the system (`attacker_space`: its units in the space area), which makes other
/// players' units there lose the ability, or `shields_disabled` (another effect does the same).
pub fn bombardment_blocked(planet: &Force, attacker_space: &Force, shields_disabled: bool) -> bool {
    planet.has_planetary_shield() && attacker_space.count(UnitType::WarSun) == 0 && !shields_disabled
}

/// Space Cannon 77.2 (offense): one player's space cannon roll against ships in the active
/// system. `in_system` holds the player's units in the active system (planets and space area
/// together); `adjacent` its units in systems adjacent to it, of which only those whose SPACE
/// CANNON reaches adjacent systems (PDS II) fire. Combat-roll modifiers do not apply. The
/// target (see [`space_cannon_offense_target`]) destroys one ship per hit, sustaining damage
/// if it likes: `Hits::new(hits, target.ship_mask())` on its force in the active system.
pub fn roll_space_cannon_offense<R: Rng + ?Sized>(in_system: &Force, adjacent: &Force, rng: &mut R) -> u16 {
    roll_space_cannon_offense_against(in_system, adjacent, 0, false, rng)
}

/// [`roll_space_cannon_offense`] with `penalty` subtracted from each die result (Antimass
/// Deflectors, Prophecy of Kings: "When other players' units use SPACE CANNON against your
/// units, apply -1 to the result of each die roll"): each die hits on its value + `penalty`;
/// with `reroll`, each missed die is rolled once more ([`roll_hits_rerolling`]).
pub fn roll_space_cannon_offense_against<R: Rng + ?Sized>(
    in_system: &Force,
    adjacent: &Force,
    penalty: u8,
    reroll: bool,
    rng: &mut R,
) -> u16 {
    let mut hits = 0;
    for (force, adjacent_only) in [(in_system, false), (adjacent, true)] {
        for t in UnitType::ALL {
            let s = force.stats(t);
            if let (Some(d), true) = (s.space_cannon, !adjacent_only || s.space_cannon_adjacent) {
                let dice = ability_dice(d) * u16::from(force.count(t));
                hits += roll_hits_rerolling(dice, penalised(d.hits_on, penalty), reroll, rng);
            }
        }
    }
    hits
}

/// A die value made worse by `penalty` (at most 11, which never hits).
#[inline]
pub fn penalised(hits_on: u8, penalty: u8) -> u8 {
    hits_on.saturating_add(penalty).min(11)
}

/// Space Cannon 77.5 (defense): the defender's units on an invaded planet (`planet`) fire their
/// SPACE CANNON at the ground forces committed to it, which the active player assigns the hits
/// to (mechs may sustain damage: `Hits::new(hits, committed.ground_force_mask())`). Range to
/// adjacent systems plays no part; combat-roll modifiers do not apply.
pub fn roll_space_cannon_defense<R: Rng + ?Sized>(planet: &Force, rng: &mut R) -> u16 {
    roll_space_cannon_defense_against(planet, 0, false, rng)
}

/// [`roll_space_cannon_defense`] with `penalty` subtracted from each die result (Antimass
/// Deflectors, as [`roll_space_cannon_offense_against`]); with `reroll`, each missed die is
/// rolled once more ([`roll_hits_rerolling`]).
pub fn roll_space_cannon_defense_against<R: Rng + ?Sized>(
    planet: &Force,
    penalty: u8,
    reroll: bool,
    rng: &mut R,
) -> u16 {
    let mut hits = 0;
    for t in UnitType::ALL {
        if let Some(d) = planet.stats(t).space_cannon {
            let dice = ability_dice(d) * u16::from(planet.count(t));
            hits += roll_hits_rerolling(dice, penalised(d.hits_on, penalty), reroll, rng);
        }
    }
    hits
}

/// Plasma Scoring (technology, applied by the caller): the value 1 additional BOMBARDMENT die
/// hits on: the best (lowest) BOMBARDMENT value among `bombarding`'s units; `None` when none
/// has the ability.
pub fn best_bombardment(bombarding: &Force) -> Option<u8> {
    UnitType::ALL
        .into_iter()
        .filter(|&t| bombarding.count(t) > 0)
        .filter_map(|t| bombarding.stats(t).bombardment.map(|d| d.hits_on))
        .min()
}

/// Plasma Scoring (technology, applied by the caller): the value 1 additional SPACE CANNON die
/// hits on: the best (lowest) SPACE CANNON value among the units that fire, those of
/// `in_system` and, when given, those of `adjacent` whose SPACE CANNON reaches adjacent systems
/// (as [`roll_space_cannon_offense`]); `None` when none fires.
pub fn best_space_cannon(in_system: &Force, adjacent: Option<&Force>) -> Option<u8> {
    fn fire(f: &Force, adjacent_only: bool) -> Option<u8> {
        UnitType::ALL
            .into_iter()
            .filter(|&t| f.count(t) > 0)
            .filter_map(|t| {
                let s = f.stats(t);
                s.space_cannon.filter(|_| !adjacent_only || s.space_cannon_adjacent).map(|d| d.hits_on)
            })
            .min()
    }
    fire(in_system, false).into_iter().chain(adjacent.and_then(|a| fire(a, true))).min()
}

/// Space Cannon 77.2: the order players fire space cannon offense: the active player first,
/// then clockwise (seat order) through all `num_players` seats.
pub fn space_cannon_offense_order(active: Player, num_players: u8) -> impl Iterator<Item = Player> {
    (0..num_players).map(move |k| Player((active.0 + k) % num_players.max(1)))
}

/// Space Cannon 77.3.1-2: whom `firer` targets with space cannon offense. A player other than
/// the active player must target the active player (who must have ships there); the active
/// player names (`chosen`) another player with ships in the active system. `with_ships` holds
/// the players with ships in the active system.
pub fn space_cannon_offense_target(
    active: Player,
    firer: Player,
    chosen: Option<Player>,
    with_ships: PlayerSet,
) -> Result<Player, CombatError> {
    if firer != active {
        return match chosen {
            Some(t) if t != active => Err(CombatError::InvalidSpaceCannonTarget { firer, target: t }),
            _ if with_ships.contains(active) => Ok(active),
            _ => Err(CombatError::NoSpaceCannonTarget { firer }),
        };
    }
    match chosen {
        Some(t) if t != active && with_ships.contains(t) => Ok(t),
        Some(t) => Err(CombatError::InvalidSpaceCannonTarget { firer, target: t }),
        None => Err(CombatError::NoSpaceCannonTarget { firer }),
    }
}
