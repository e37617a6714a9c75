//! The state invariants of a Legion-lite game ([`LegionGame::check_invariants`]), checked at
//! every step by the random-simulation test and by `sim run --check-invariants`.

use super::board::{self, NO_CELL};
use super::roster::{Class, RANKS};
use super::{LegionGame, Step, Tokens};

impl LegionGame {
    /// Checks that the state is consistent: no card play without a Commander, pass pools within
    /// the Advantage limit, lost points equal to the defeated units' points, order pools no
    /// larger than the units that may still draw from them (and empty in the Command Phase),
    /// wounds within each unit's total and `defeated` exactly at the total, defeated units
    /// holding no token and no cell, only troopers promoted, no suppression on courage-less
    /// units and at most one Standby, at most one unit per cell and none on a POI or blocking
    /// terrain, and the round within the game's length.
    pub fn check_invariants(&self) -> Result<(), String> {
        let g = self;
        for p in 0..2 {
            if g.no_commander[p] && g.can_play_card(p) {
                return Err(format!("player {p} has no commander but can play a card"));
            }
            if g.pass_pool[p] > 7 {
                return Err(format!("pass pool {}", g.pass_pool[p]));
            }
            let lost: u16 = g.slots(p).filter(|&s| !g.alive(s)).map(|s| g.unit(s).card().points).sum();
            if lost != g.lost_points[p] {
                return Err(format!("lost points {} but defeated units are worth {lost}", g.lost_points[p]));
            }
            if matches!(g.step, Step::Turn(_)) {
                for r in 0..RANKS {
                    let eligible = g.slots(p).filter(|&s| {
                        let u = g.unit(s);
                        !u.defeated && !u.ordered && !u.activated && u.rank() as usize == r
                    });
                    if g.order_pool[p][r] as usize > eligible.count() {
                        return Err(format!(
                            "player {p} pool {:?} has more rank-{r} tokens than units",
                            g.order_pool[p]
                        ));
                    }
                }
            }
            if matches!(g.step, Step::ChooseCard(_)) && g.order_pool[p] != [0; RANKS] {
                return Err("order pool not empty in the Command Phase".into());
            }
        }
        let mut seen = board::CellSet::default();
        for s in (0..2).flat_map(|p| g.slots(p)) {
            let u = g.unit(s);
            let t = u.card();
            if u.wounds > t.total_wounds() || u.defeated != (u.wounds == t.total_wounds()) {
                return Err(format!("unit {s}: wounds {} of {}, defeated {}", u.wounds, t.total_wounds(), u.defeated));
            }
            if u.defeated && (u.tokens != Tokens::default() || u.cell != NO_CELL) {
                return Err(format!("defeated unit {s} holds tokens or a cell"));
            }
            if u.promoted && t.class != Class::Trooper {
                return Err(format!("vehicle {s} promoted"));
            }
            if (t.courage == 0 && u.tokens.suppression > 0) || u.tokens.standby > 1 {
                return Err(format!("unit {s} tokens {:?}", u.tokens));
            }
            if u.cell != NO_CELL {
                if seen.contains(u.cell) || g.poi_cells().contains(&u.cell) {
                    return Err(format!("unit {s} shares cell {}", u.cell));
                }
                if g.geometry().terrain(u.cell) == board::Terrain::Blocking {
                    return Err(format!("unit {s} on blocking terrain"));
                }
                seen.insert(u.cell);
            }
        }
        if g.round > g.opts.rounds + 1 {
            return Err(format!("round {}", g.round));
        }
        Ok(())
    }
}
