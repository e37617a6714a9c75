//! Effects of rules that no decision names, counted per seat for statistics: the seed's faction
//! mechanics that happen inside a procedure (a unit captured by Devour, a command token taken
//! by Edict, units destroyed entering a system by SUNDERED). `sim` reports each as a tally
//! label; decisions (`Choose`, `Use`) are tallied from the actions themselves.

use crate::ti4::ids::*;

/// A counted rule effect.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// Units of another player put on the player's faction sheet (Devour, Vortex).
    UnitsCaptured = 0,
    /// Another player's command tokens the player took onto its sheet (Mahact's Edict).
    CommandTokensTaken = 1,
    /// The player's units destroyed as they were placed or moved into a system, by another
    /// player's rule (hook point `units_placed`: the Crimson Rebellion's SUNDERED).
    DestroyedEntering = 2,
    /// The player's commander unlocked (its condition met: hook point `commander_unlocked`).
    CommanderUnlocked = 3,
    /// The player's hero unlocked (3 scored objectives).
    HeroUnlocked = 4,
    /// The player placed 1 mech and 1 infantry instead of a PDS (hook point
    /// `deploys_instead_of_pds`: Hecatoncheires).
    MechDeployedForPds = 5,
    /// Trade goods the player spent to apply +1 to a combat-roll die that missed by 1
    /// (`Force::pays_plus_one`: the Hacan flagship, Wrath of Kenara).
    PlusOneBought = 6,
    /// The player received another player's Alliance promissory note (into their play area).
    AllianceReceived = 7,
}

/// How many kinds of [`Effect`] there are.
pub const EFFECTS: usize = 8;

impl Effect {
    /// Every effect, in index order.
    pub const ALL: [Effect; EFFECTS] = [
        Effect::UnitsCaptured,
        Effect::CommandTokensTaken,
        Effect::DestroyedEntering,
        Effect::CommanderUnlocked,
        Effect::HeroUnlocked,
        Effect::MechDeployedForPds,
        Effect::PlusOneBought,
        Effect::AllianceReceived,
    ];

    /// The statistics label (`sim`'s tally channel).
    pub const fn label(self) -> &'static str {
        match self {
            Effect::UnitsCaptured => "units_captured",
            Effect::CommandTokensTaken => "command_tokens_taken",
            Effect::DestroyedEntering => "destroyed_entering",
            Effect::CommanderUnlocked => "commander_unlocked",
            Effect::HeroUnlocked => "hero_unlocked",
            Effect::MechDeployedForPds => "mech_deployed_for_pds",
            Effect::PlusOneBought => "plus_one_bought",
            Effect::AllianceReceived => "alliance_received",
        }
    }
}

/// Per-seat counts of each [`Effect`] over a game.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct EffectCounts([[u16; MAX_PLAYERS]; EFFECTS]);

impl EffectCounts {
    /// Adds `n` occurrences of `e` for `p` (saturating).
    pub fn add(&mut self, p: Player, e: Effect, n: u16) {
        let k = &mut self.0[e as usize][p.idx()];
        *k = k.saturating_add(n);
    }
    /// The count of `e` for `p`.
    pub fn get(&self, p: Player, e: Effect) -> u16 {
        self.0[e as usize][p.idx()]
    }
    /// Sets the count of `e` for `p` (positions).
    pub fn set(&mut self, p: Player, e: Effect, n: u16) {
        self.0[e as usize][p.idx()] = n;
    }
    /// Every nonzero count as (seat, effect, count), effect by effect, seats in order.
    pub fn nonzero(&self) -> impl Iterator<Item = (Player, Effect, u16)> + '_ {
        Effect::ALL.into_iter().flat_map(move |e| {
            (0..MAX_PLAYERS)
                .filter(move |&i| self.0[e as usize][i] > 0)
                .map(move |i| (Player(i as u8), e, self.0[e as usize][i]))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_saturate_and_list_nonzero_in_order() {
        let mut c = EffectCounts::default();
        c.add(Player(2), Effect::DestroyedEntering, 3);
        c.add(Player(0), Effect::UnitsCaptured, 1);
        c.add(Player(0), Effect::UnitsCaptured, u16::MAX);
        assert_eq!(c.get(Player(0), Effect::UnitsCaptured), u16::MAX);
        let all: Vec<_> = c.nonzero().collect();
        assert_eq!(all, vec![(Player(0), Effect::UnitsCaptured, u16::MAX), (Player(2), Effect::DestroyedEntering, 3)]);
        assert_eq!(Effect::ALL.map(|e| e as usize), [0, 1, 2, 3, 4, 5, 6, 7]);
    }
}
