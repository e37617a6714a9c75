//! The Council Keleres: Council Patronage, I.I.H.Q. Modernization and the Custodia Vigilia
//! planet card, the Keleres Rider. (The Tribuni and Law's Order are not modelled.)

use crate::ti4::content::Content;
use crate::ti4::control;
use crate::ti4::game::agendas;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{PositionError, PositionErrorKind as K};
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::State;

/// The Custodia Vigilia planet card's content id.
const CUSTODIA_VIGILIA: &str = "custodiavigilia";

pub(super) static RULES: &[Rule] = &[
    // Keleres Rider (promissory note): "After an agenda is revealed: You cannot vote on this
    // agenda. Predict aloud an outcome of this agenda. If your prediction is correct, draw 1
    // action card and gain 2 trade goods. Then, return this card to the Keleres player."
    // (Rules 69.) Played as the rider action cards are (`action_cards::riders`): a decision of
    // its holder at window `AgendaRevealed`, one choice per outcome; the prediction is recorded
    // (`agendas::play_rider`, `Rider::Keleres`) and paid as the outcome resolves. Simplified:
    // the card returns to the Keleres as it is played, not after the payout.
    Rule {
        source: SourceKey::Note("keleres_rider"),
        hooks: Hooks {
            may_choices: Some(rider_choices),
            may_windows: Some(&[Window::AgendaRevealed]),
            may_resolve: Some(rider),
            ..Hooks::NONE
        },
    },
    // Artemiris (flagship): "Other players must spend 2 influence to activate the system that
    // contains this ship." (Rules 3; hook point `activation_influence`: a player who cannot
    // spend 2 influence is not offered the system; paid by the default plan, planets then trade
    // goods, as the activation is made.)
    Rule {
        source: SourceKey::Unit("keleres_flagship"),
        hooks: Hooks { activation_influence: Some(artemiris), ..Hooks::NONE },
    },
    // Omniopiares (mech): "Other players must spend 1 influence to commit units to this
    // planet." (Invasion 49.3; hook point `commit_influence`: 1 influence per Keleres mech on
    // the planet, paid by the default plan as the first unit is committed there; a player who
    // cannot pay is not offered the planet. Simplified: the mechs' influence is paid as one sum,
    // where the FAQ makes each a separate payment, so one planet's influence may pay two.)
    Rule {
        source: SourceKey::Unit("keleres_mech"),
        hooks: Hooks { commit_influence: Some(omniopiares), ..Hooks::NONE },
    },
    // Council Patronage: "Replenish your commodities at the start of the strategy phase, then
    // gain 1 trade good."
    Rule {
        source: SourceKey::Ability("council_patronage"),
        hooks: Hooks { strategy_phase_start: Some(council_patronage), ..Hooks::NONE },
    },
    // I.I.H.Q. Modernization: "You are neighbors with all players that have units or control
    // planets in or adjacent to the Mecatol Rex system. Gain the Custodia Vigilia planet card
    // and its legendary planet ability card. You cannot lose control of Custodia Vigilia."
    // Neighbours are not modelled (transactions use the seat neighbours).
    Rule {
        source: SourceKey::Tech("iihq_modernization"),
        hooks: Hooks {
            technology_gained: Some(gain_custodia_vigilia),
            cannot_lose_planet: Some(keeps_custodia_vigilia),
            cannot_be_eliminated: Some(immune),
            ..Hooks::NONE
        },
    },
];

/// Keleres Rider: at `AgendaRevealed`, one choice per outcome of the agenda revealed.
fn rider_choices(_: Source, g: &Ti4Game, _: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::AgendaRevealed && agendas::rider_room(g) {
        agendas::outcomes(g, &mut |o| out(o as u16));
    }
}

/// Keleres Rider: the prediction is recorded, `p` does not vote on this agenda; the note
/// returns.
fn rider(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    agendas::play_rider(g, p, agendas::Rider::Keleres, choice as u8, 0);
    crate::ti4::game::notes::return_note(g, src);
}

/// The player who gains I.I.H.Q. Modernization gains the Custodia Vigilia planet card,
/// exhausted (a card not on the board; no units are ever placed there).
fn gain_custodia_vigilia(src: Source, c: &Content, s: &mut State, p: Player, t: TechId) {
    if src.tech() != Some(t) {
        return;
    }
    let Some(cv) = c.planet(CUSTODIA_VIGILIA) else { return };
    if control::controller(s, cv).is_none() {
        control::gain_control(c, s, p, cv, true).expect("the planet can be gained");
    }
}

fn keeps_custodia_vigilia(_: Source, c: &Content, _: &State, _: Player, planet: PlanetId) -> bool {
    c.planet(CUSTODIA_VIGILIA) == Some(planet)
}

/// Keleres controls Custodia Vigilia, which it can never lose.
fn immune(src: Source, c: &Content, s: &State, p: Player) -> Option<&'static str> {
    let cv = c.planet(CUSTODIA_VIGILIA)?;
    (s.player(p).planets.contains(cv) && keeps_custodia_vigilia(src, c, s, p, cv)).then_some("custodia_vigilia")
}

fn council_patronage(_: Source, g: &mut Ti4Game, p: Player) {
    g.replenish_commodities(p);
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(1);
}

/// Influence other players spend to activate the Artemiris' system.
const ARTEMIRIS_INFLUENCE: u8 = 2;

/// Artemiris: 2 influence when `p`'s flagship is in the space area of the system at `slot`.
fn artemiris(_: Source, g: &Ti4Game, p: Player, _activator: Player, slot: u8) -> u8 {
    let space = &g.state.systems[slot as usize].space;
    if space.owner == p.0 && space.of(UnitType::Flagship) > 0 {
        ARTEMIRIS_INFLUENCE
    } else {
        0
    }
}

/// Influence other players spend per Omniopiares to commit units to its planet.
const OMNIOPIARES_INFLUENCE: u8 = 1;

/// Omniopiares: 1 influence per mech of `p` on the planet.
fn omniopiares(_: Source, g: &Ti4Game, _p: Player, _committer: Player, at: crate::ti4::state::Location) -> u8 {
    g.state.count_at(at, UnitType::Mech) * OMNIOPIARES_INFLUENCE
}

/// Position → state: I.I.H.Q. Modernization's owner holds the Custodia Vigilia planet card
/// (gaining the technology gives the card, which its owner can never lose; a position where
/// the owner lacks it cannot arise).
pub(super) fn check_position(c: &Content, s: &State, p: Player) -> Result<(), PositionError> {
    if let (Some(iihq), Some(cv)) = (c.known.iihq_modernization, c.known.custodia_vigilia) {
        if s.player(p).techs.contains(iihq) && !s.player(p).planets.contains(cv) {
            let cv = c.planets[cv.idx()].key.clone();
            return Err(PositionError::new(format!("players[{}].planets", p.idx()), K::CustodiaVigiliaMissing(cv)));
        }
    }
    Ok(())
}
