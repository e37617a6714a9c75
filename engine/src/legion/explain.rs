//! `explain_end_phase`: applies the End Phase to a position (`"phase": "end"`) step by step,
//! in the seed's order, and reports each step's name and what it changed, including the
//! promotion candidates and the choice made (the position's `promotion_choice`, else the
//! first candidate, and which of the two).

use serde::Serialize;

use super::end_phase::PromotionNeed;
use super::position::{Phase, Position, PositionError, PositionErrorKind as K};
use super::roster::MAX_ARMY;
use super::{LegionGame, Slot, Step};

/// One End Phase step and what it changed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct StepReport {
    /// The step's name as printed in the seed text.
    pub name: &'static str,
    /// What changed, one line each; empty when nothing did.
    pub changes: Vec<String>,
}

/// Where a promotion choice came from.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChoiceSource {
    /// The position's `promotion_choice`.
    PromotionChoice,
    /// Nothing given: the first candidate.
    FirstCandidate,
    /// Only one candidate.
    OnlyCandidate,
}

/// A player's promotion at step 5.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct PromotionReport {
    /// The player.
    pub player: u8,
    /// Army indices of the Trooper units that could be promoted.
    pub candidates: Vec<u8>,
    /// The army index promoted.
    pub chosen: u8,
    /// Where the choice came from.
    pub source: ChoiceSource,
}

/// The End Phase of a position, explained.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct EndPhaseReport {
    /// The steps, in order.
    pub steps: Vec<StepReport>,
    /// Promotions made, priority player first.
    pub promotions: Vec<PromotionReport>,
    /// The position after the End Phase (the next Command Phase, or the finished game).
    pub position: Position,
}

fn unit_label(g: &LegionGame, s: Slot) -> String {
    format!("units[{}] ({})", s as usize % MAX_ARMY, g.unit(s).card().id)
}

/// Applies the End Phase to `pos` (which must be at `"phase": "end"`) and explains it.
pub fn explain_end_phase(pos: &Position) -> Result<EndPhaseReport, PositionError> {
    if pos.phase != Phase::End {
        return Err(PositionError { path: "phase".into(), kind: K::Inconsistent(format!("{:?}, not end", pos.phase)) });
    }
    let mut g = pos.state()?;
    let mut steps = Vec::new();
    let mut promotions = Vec::new();
    g.tally.end_phases += 1;
    g.start_of_end_phase_effects();
    steps.push(StepReport {
        name: "Resolve Any Abilities or Effects that happen at the Start of the End Phase",
        changes: vec![],
    });

    let vp = g.score_vps();
    let mut changes = Vec::new();
    for p in 0..2 {
        if vp.objective[p] > 0 {
            changes.push(format!("player {p} scores {} VP from the objective card ({:?})", vp.objective[p], g.primary));
        }
    }
    for p in 0..2 {
        if vp.secondary[p] > 0 {
            changes.push(format!(
                "player {p} scores {} VP from the secondary objective ({:?})",
                vp.secondary[p], g.secondary
            ));
        }
    }
    steps.push(StepReport { name: "Score VPs", changes });

    let discarded = g.discard_command_cards();
    let changes = (0..2).filter_map(|p| discarded[p].map(|c| format!("player {p} discards {}", c.name()))).collect();
    steps.push(StepReport { name: "Discard Command Cards", changes });

    let removed = g.remove_tokens();
    let mut changes = Vec::new();
    for p in 0..2 {
        let t = removed.tokens[p];
        for (n, kind) in [
            (t.aim, "Aim"),
            (t.dodge, "Dodge"),
            (t.observation, "Observation"),
            (t.surge, "Surge"),
            (t.standby, "Standby"),
        ] {
            if n > 0 {
                changes.push(format!("player {p}: {n} {kind} removed"));
            }
        }
        if t.suppression > 0 {
            changes.push(format!("player {p}: 1 Suppression removed from each of {} units", t.suppression));
        }
        if removed.advantage[p] > 0 {
            changes.push(format!("player {p}: {} Advantage removed from the pass pool", removed.advantage[p]));
        }
    }
    steps.push(StepReport { name: "Remove Tokens", changes });

    let mut changes = Vec::new();
    for k in 0..2 {
        let p = if k == 0 { g.priority } else { 1 - g.priority } as usize;
        match g.promotion_need(p) {
            PromotionNeed::NotNeeded => changes.push(format!("player {p} has a Commander: no promotion")),
            PromotionNeed::NoCandidate => {
                g.mark_no_commander(p);
                changes.push(format!("player {p} has no Trooper to promote: no Commander, cannot play Command Cards"));
            }
            PromotionNeed::Candidates(c) => {
                let candidates: Vec<u8> = (0..MAX_ARMY as u8).filter(|i| c & (1 << i) != 0).collect();
                let (chosen, source) = match pos.promotion_choice[p] {
                    Some(i) if candidates.contains(&i) => (i, ChoiceSource::PromotionChoice),
                    Some(i) => {
                        return Err(PositionError {
                            path: format!("promotion_choice[{p}]"),
                            kind: K::Inconsistent(format!(
                                "units[{i}] is not a promotion candidate (candidates {candidates:?})"
                            )),
                        })
                    }
                    None if candidates.len() == 1 => (candidates[0], ChoiceSource::OnlyCandidate),
                    None => (candidates[0], ChoiceSource::FirstCandidate),
                };
                let slot = (p * MAX_ARMY) as Slot + chosen;
                g.promote(slot);
                let names: Vec<String> =
                    candidates.iter().map(|&i| unit_label(&g, (p * MAX_ARMY) as Slot + i)).collect();
                changes.push(format!(
                    "player {p} promotes {} to Commander (candidates: {}; {})",
                    unit_label(&g, slot),
                    names.join(", "),
                    match source {
                        ChoiceSource::PromotionChoice => "from promotion_choice",
                        ChoiceSource::FirstCandidate => "no promotion_choice: the first candidate",
                        ChoiceSource::OnlyCandidate => "the only candidate",
                    }
                ));
                promotions.push(PromotionReport { player: p as u8, candidates, chosen, source });
            }
        }
    }
    steps.push(StepReport { name: "Update Order Pool and Promote", changes });

    g.end_of_end_phase_effects();
    steps.push(StepReport { name: "Resolve Any Abilities or Effects at End of End Phase", changes: vec![] });

    let won = g.victory_check();
    let changes =
        if won { vec![format!("player {} wins with {} VP", g.winner, g.vp[g.winner as usize])] } else { vec![] };
    steps.push(StepReport { name: "Victory check (12 VP and a lead)", changes });

    let mut changes = Vec::new();
    if !won {
        let before = g.round;
        g.advance_round();
        changes.push(if g.step == Step::Over {
            format!("round {before} was the last: the game ends, winner {}", g.winner)
        } else {
            format!("round {before} -> {}", g.round)
        });
    }
    steps.push(StepReport { name: "Advance Round Counter", changes });
    let position = Position::from_game(&g)?;
    Ok(EndPhaseReport { steps, promotions, position })
}
