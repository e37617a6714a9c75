//! The Nekro Virus: Propagation, Galactic Threat, Technological Singularity. The Valefar
//! Assimilators are in `crate::ti4::technology::valefar` (Technology seed, their own rules).

use crate::ti4::content::Content;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::State;
use crate::ti4::technology::valefar::{self, Token};

pub(super) static RULES: &[Rule] = &[
    // Propagation: "You cannot research technology. When you would research a technology,
    // gain 3 command tokens instead." The Technology card's research becomes `Propagate`.
    Rule { source: SourceKey::Ability("propagation"), hooks: Hooks { cannot_research: Some(yes), ..Hooks::NONE } },
    // Galactic Threat: "You cannot vote on agendas." (Its second ability, gaining a technology
    // from predicting an outcome, is not modelled.)
    Rule { source: SourceKey::Ability("galactic_threat"), hooks: Hooks { cannot_vote: Some(no_vote), ..Hooks::NONE } },
    // Technological Singularity: "Once per combat, after 1 of your opponent's units is
    // destroyed, you may gain 1 technology that is owned by that player." Asked once the combat
    // is over (windows `SpaceCombatEnd`, `GroundCombatEnd`: once per combat) when it destroyed
    // at least one of the opponent's units. With the Valefar Assimilators (Technology 16.17) a
    // faction technology of that player is copied instead, under the X or Y token. The play
    // area may also hold other factions' technologies (Technology 18: assimilated technologies
    // of eliminated players).
    Rule {
        source: SourceKey::Ability("technological_singularity"),
        hooks: Hooks {
            holds_other_factions_technologies: Some(yes),
            may_choices: Some(singularity_choices),
            may_resolve: Some(singularity),
            may_tally: Some(singularity_tally),
            ..Hooks::NONE
        },
    },
    // Valefar Assimilator X and Y (Technology 19-21): implemented by the seed's technology
    // module, `technology::valefar` (the tokens, the copied technology, replacing a copy, the
    // Floating Factory and war-sun removals), which every technology query goes through; these
    // entries register the cards so that the content's `implemented` flags can be checked.
    Rule { source: SourceKey::Tech("valefar_assimilator_x"), hooks: Hooks::NONE },
    Rule { source: SourceKey::Tech("valefar_assimilator_y"), hooks: Hooks::NONE },
];

fn yes(_: Source, _: &Content, _: &State, _: Player) -> bool {
    true
}

fn no_vote(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// A Technological Singularity choice: a technology gained, or copied under a Valefar token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Singularity {
    /// Gain this technology (Technology 5 and note 2: no prerequisites).
    Gain(TechId),
    /// Technology 16.17: place this Valefar token on this faction technology of the opponent.
    Copy(Token, TechId),
}

impl Singularity {
    /// The choice number (`Action::Choose`): the technology id, plus 256 for the X token and
    /// 512 for the Y token.
    pub(crate) fn code(self) -> u16 {
        match self {
            Singularity::Gain(t) => t.0 as u16,
            Singularity::Copy(token, t) => 256 * (token.idx() as u16 + 1) + t.0 as u16,
        }
    }
    /// The choice of a choice number.
    pub(crate) fn decode(k: u16) -> Option<Singularity> {
        let t = TechId((k % 256) as u8);
        match k / 256 {
            0 => Some(Singularity::Gain(t)),
            1 => Some(Singularity::Copy(Token::X, t)),
            2 => Some(Singularity::Copy(Token::Y, t)),
            _ => None,
        }
    }
}

/// Technological Singularity's choices for `p` after a combat that destroyed units of the
/// opponent `q`: each technology `q` owns that `p` may gain (not a faction technology, not
/// owned, not blocked for `p`'s faction: Technology 11 and note 3), then each faction
/// technology of `q` a Valefar token of `p` may copy (Technology 16-17 and 21:
/// `valefar::check_copy`), X before Y.
pub(crate) fn singularity_options(g: &Ti4Game, p: Player, q: Player, out: &mut dyn FnMut(Singularity)) {
    let (c, s) = (g.content(), &g.state);
    if !s.player(q).in_game {
        return;
    }
    let mine = s.player(p).techs;
    for t in s.player(q).techs.difference(mine).iter() {
        if c.tech_def(t).faction.is_none() && crate::ti4::technology::faction_block(c, s, p, t).is_none() {
            out(Singularity::Gain(t));
        }
    }
    for t in valefar::eligible_targets(c, s, p, q).iter() {
        for token in Token::BOTH {
            if valefar::check_copy(c, s, p, token, t).is_ok() {
                out(Singularity::Copy(token, t));
            }
        }
    }
}

fn singularity_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if !matches!(window, Window::SpaceCombatEnd | Window::GroundCombatEnd) {
        return;
    }
    if let Some(q) = g.combat_opponent_with_losses(p) {
        singularity_options(g, p, q, &mut |o| out(o.code()));
    }
}

/// Technological Singularity: `p` gains the technology, or places the Valefar token on it
/// (a token already on a copy leaves it first, with the consequences of Technology 19-21).
fn singularity(_: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let Some(q) = g.combat_opponent_with_losses(p) else { return };
    let (c, s) = g.content_and_state();
    match Singularity::decode(choice) {
        Some(Singularity::Gain(t)) => {
            crate::ti4::technology::gain(c, s, p, t).expect("an offered technology can be gained");
        }
        Some(Singularity::Copy(token, t)) => {
            valefar::place_token(c, s, p, token, q, t).expect("an offered copy can be made");
        }
        None => {}
    }
}

/// The statistics label of a Technological Singularity choice: `technology_gained` or, under a
/// Valefar token, `valefar_copy`.
fn singularity_tally(_: Source, _: &Ti4Game, _: Player, choice: u16) -> Option<&'static str> {
    match Singularity::decode(choice)? {
        Singularity::Gain(_) => Some("technology_gained"),
        Singularity::Copy(..) => Some("valefar_copy"),
    }
}
