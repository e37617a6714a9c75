//! Public facts about one side, cheap to compute, for evaluators and reports: points and
//! wounds left, objectives contested and secured, units in cover, suppression. These are
//! plain readings of the state (no weights, no judgement of good play).

use super::board::Terrain;
use super::command::Card;
use super::LegionGame;

/// What one side has on the table now.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct SideSummary {
    /// Victory points.
    pub vp: u8,
    /// Points of undefeated units.
    pub remaining_points: u16,
    /// Points of the whole army.
    pub total_points: u16,
    /// Wounds left over all units.
    pub remaining_wounds: u16,
    /// Wounds of the army at full strength.
    pub total_wounds: u16,
    /// Undefeated units.
    pub units_alive: u8,
    /// Undefeated units on the board.
    pub units_on_board: u8,
    /// Sum over the POIs of this side's contesting units.
    pub contesting: u8,
    /// POIs this side secures.
    pub secured: u8,
    /// Units on the board standing in a cover cell or next to heavy cover, blocking terrain or
    /// a POI (cover against some lines of fire).
    pub in_cover: u8,
    /// Suppression tokens on this side's units.
    pub suppression: u16,
    /// Panicked units.
    pub panicked: u8,
    /// Has a Commander (or Field Commander token holder) to play command cards.
    pub has_commander: bool,
    /// Command cards still playable from hand.
    pub playable_cards: u8,
    /// Units on the board that can attack at least one enemy unit now (range and line of
    /// sight, or melee).
    pub threatening: u8,
}

impl LegionGame {
    /// The [`SideSummary`] of `player`.
    pub fn side_summary(&self, player: usize) -> SideSummary {
        let geo = self.geometry();
        let pois = self.poi_cells();
        let (remaining_wounds, total_wounds) = self.remaining_wounds(player);
        let mut s = SideSummary {
            vp: self.vp[player],
            remaining_points: self.remaining_points(player),
            total_points: self.slots(player).map(|u| self.unit(u).card().points).sum(),
            remaining_wounds,
            total_wounds,
            has_commander: self.has_commander(player),
            playable_cards: Card::ALL.iter().filter(|&&c| self.card_playable(player, c)).count() as u8,
            ..SideSummary::default()
        };
        for &p in &pois {
            s.contesting += self.contesting(player, p);
            s.secured += self.secures(player, p) as u8;
        }
        for u in self.slots(player) {
            let unit = self.unit(u);
            if unit.defeated {
                continue;
            }
            s.units_alive += 1;
            s.suppression += unit.tokens.suppression as u16;
            if unit.cell == super::board::NO_CELL {
                continue;
            }
            s.units_on_board += 1;
            s.panicked += self.is_panicked(u) as u8;
            let (x, y) = geo.xy(unit.cell);
            let here = matches!(geo.terrain(unit.cell), Terrain::Light | Terrain::Heavy);
            let near = [(1, 0), (-1, 0), (0, 1), (0, -1)].iter().any(|&(dx, dy)| {
                geo.at(x + dx, y + dy)
                    .is_some_and(|c| pois.contains(&c) || matches!(geo.terrain(c), Terrain::Heavy | Terrain::Blocking))
            });
            s.in_cover += (here || near) as u8;
            s.threatening += self.slots(1 - player).any(|e| self.attack_mode(u, e).is_some()) as u8;
        }
        s
    }
}
