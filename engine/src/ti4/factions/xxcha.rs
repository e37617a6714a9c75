//! The Xxcha Kingdom: Peace Accords, Quash, Instinct Training and the note Political Favor.
//! (The flagship's SPACE CANNON is a unit value; the other faction cards are not modelled.)

use crate::ti4::galaxy::bits;
use crate::ti4::game::agendas::NO_AGENDA;
use crate::ti4::game::component::gain_planet;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::Location;

pub(super) static RULES: &[Rule] = &[
    // Peace Accords: "After you resolve the primary or secondary ability of the Diplomacy
    // strategy card, you may gain control of 1 planet other than Mecatol Rex that does not
    // contain any units and is in a system that is adjacent to a planet you control."
    // (Window `DiplomacyResolved`; the choice is the planet id; `Done` declines.)
    Rule {
        source: SourceKey::Ability("peace_accords"),
        hooks: Hooks {
            may_choices: Some(peace_accords_planets),
            may_windows: Some(&[Window::DiplomacyResolved]),
            may_resolve: Some(peace_accords),
            ..Hooks::NONE
        },
    },
    // Quash: "When an agenda is revealed, you may spend 1 token from your strategy pool to
    // discard that agenda and reveal 1 agenda from the top of the deck. Players vote on this
    // agenda instead." (Window `WhenAgendaRevealed`; one choice, 0; `Done` declines.)
    Rule {
        source: SourceKey::Ability("quash"),
        hooks: Hooks {
            may_choices: Some(quash_offer),
            may_windows: Some(&[Window::WhenAgendaRevealed]),
            may_resolve: Some(quash),
            ..Hooks::NONE
        },
    },
    // Political Favor (promissory note): "When an agenda is revealed: Remove 1 token from the
    // Xxcha player's strategy pool and return it to their reinforcements. Then, discard the
    // revealed agenda and reveal the top card of the agenda deck. Players vote on this agenda
    // instead. Then, return this card to the Xxcha player." (Rules 69.) A decision of its
    // holder at window `WhenAgendaRevealed`, as Quash: one choice, 0, while the Xxcha's strategy
    // pool holds a token and the deck holds another agenda.
    Rule {
        source: SourceKey::Note("political_favor"),
        hooks: Hooks {
            may_choices: Some(favor_offer),
            may_windows: Some(&[Window::WhenAgendaRevealed]),
            may_resolve: Some(favor),
            ..Hooks::NONE
        },
    },
    // Instinct Training: "You may exhaust this card and spend 1 token from your strategy pool
    // when another player plays an action card; cancel that action card." Asked as Sabotage
    // is, at window `ActionCardPlayed` (a component-action card played by another player, not
    // yet cancelled), while the card is ready and the strategy pool holds a token: exhaust it,
    // spend the token, the played card resolves nothing (`PlayedCard::cancelled`). Simplified
    // as Sabotage is: the cards played at other windows cannot be cancelled. Not modelled: a Valefar copy
    // does not carry it (`rules::Source::active`).
    Rule {
        source: SourceKey::Tech("instinct_training"),
        hooks: Hooks {
            may_choices: Some(instinct_offered),
            may_windows: Some(&[Window::ActionCardPlayed]),
            may_resolve: Some(instinct_training),
            ..Hooks::NONE
        },
    },
];

/// Quash and Political Favor may replace the revealed agenda at window `WhenAgendaRevealed`
/// for a token of `payer`'s strategy pool: the pool holds one and the deck holds another agenda
/// to reveal.
fn agenda_replaceable(g: &Ti4Game, payer: Player, window: Window) -> bool {
    window == Window::WhenAgendaRevealed
        && g.state.player(payer).strategy > 0
        && crate::ti4::game::agendas::another_agenda_to_reveal(g)
}

/// Quash and Political Favor: `payer`'s strategy token returns to reinforcements and the
/// revealed agenda stays in the discard pile; the round loop reveals another
/// (`flow::after_when_agenda_revealed`).
fn replace_agenda(g: &mut Ti4Game, payer: Player) {
    let (c, s) = g.content_and_state();
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, payer);
    g.flow.agenda_phase.agenda_card = NO_AGENDA;
}

/// Quash is offered while [`agenda_replaceable`] with a token of its owner's.
fn quash_offer(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if agenda_replaceable(g, p, window) {
        out(0);
    }
}

/// Quash: [`replace_agenda`] for one of the Xxcha's strategy tokens.
fn quash(_: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    replace_agenda(g, p);
}

/// Political Favor is offered to its holder while an agenda is revealed, the Xxcha's strategy
/// pool holds a token and the deck holds another agenda to reveal.
fn favor_offer(src: Source, g: &Ti4Game, _: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return };
    if agenda_replaceable(g, owner, window) {
        out(0);
    }
}

/// Political Favor: the Xxcha's strategy token returns to their reinforcements, the revealed
/// agenda stays in the discard pile (the round loop reveals another) and the note returns.
fn favor(src: Source, g: &mut Ti4Game, _: Player, _: Window, _: u16) {
    let Some((owner, _)) = src.note_owner(g.content(), &g.state) else { return };
    replace_agenda(g, owner);
    crate::ti4::game::notes::return_note(g, src);
}

/// Peace Accords: the planets `p` may take, each once: in a system adjacent to a planet `p`
/// controls (its own system included, rules 6: a planet is adjacent to the system that holds
/// it), not Mecatol Rex, not already `p`'s, without units.
fn peace_accords_planets(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::DiplomacyResolved {
        return;
    }
    let (c, s) = (g.content(), &g.state);
    let mut near = 0u64;
    for pl in s.player(p).planets.iter() {
        if let Some(Location::Planet(slot, _)) = s.planet_location(c, pl) {
            near |= 1 << slot | g.galaxy().neighbours(slot);
        }
    }
    for slot in bits(near) {
        let planets = &c.systems[s.systems[slot as usize].tile.idx()].planets;
        for (n, &pl) in planets.iter().enumerate() {
            let free = s.occupant(Location::Planet(slot, n as u8)).is_none();
            if free && Some(pl) != c.known.mecatol_rex && !s.player(p).planets.contains(pl) {
                out(pl.0 as u16);
            }
        }
    }
}

/// Peace Accords: `p` gains control of the planet (exhausted, as any planet gained); its
/// previous controller may be eliminated by the loss.
fn peace_accords(_: Source, g: &mut Ti4Game, p: Player, _window: Window, choice: u16) {
    if let Some(loc) = g.state.planet_location(g.content(), PlanetId(choice as u8)) {
        gain_planet(g, p, loc);
    }
}

/// One choice (0) for the owner while another player's component-action card stands, with a
/// token in the strategy pool.
fn instinct_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::ActionCardPlayed
        && g.state.player(p).strategy > 0
        && g.flow.played.is_some_and(|c| c.player != p && !c.cancelled)
    {
        out(0);
    }
}

/// The card is exhausted and a strategy token spent; the played card is cancelled.
fn instinct_training(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    let (c, s) = g.content_and_state();
    src.exhaust_card(s, p);
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    if let Some(card) = g.flow.played.as_mut() {
        card.cancelled = true;
    }
}
