//! Pending decisions: how a rule's "you may" becomes a decision of the player who may.
//!
//! The round loop opens a **window** ([`Window`]) at fixed points (the end of a turn, after a
//! production) for the players concerned, in the rules' order. Every ready rule of theirs that
//! offers a choice there (hook point `may_choices`) is queued; the game then waits at
//! [`Step::Decide`] for the first of them: its player takes one of the rule's choices
//! ([`Action::Choose`]`(source, choice)`, resolved by hook point `may_resolve`) or declines
//! (`Done`). Each later rule in the queue is asked in turn, and skipped without a decision when
//! an earlier choice left it nothing to offer; once the queue is empty the interrupted
//! procedure resumes where it left ([`resume`]). One window is open at a time: a choice that
//! would open another is not supported (none does today). When no rule offers anything, no
//! decision is asked and the procedure goes straight on, so the branching factor only grows
//! where there is a real choice.

use super::{agendas, cards, flow, invasion, production, tactical, Action, Step, Ti4Game};
use crate::ti4::ids::{Player, MAX_PLAYERS};
use crate::ti4::rules::{self, Source, Window};

/// Most rules one window can queue (rules past it are not offered).
pub const MAX_PENDING: usize = 6;

/// The decisions pending at an open window (`Flow::pending`). `Copy`, no allocation.
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Pending {
    /// The open window; `None` when nothing is pending.
    pub window: Option<Window>,
    /// The players and rules queued, in the order they decide.
    pub queue: [Option<(Player, Source)>; MAX_PENDING],
    /// The index in `queue` of the rule being decided.
    pub next: u8,
}

impl Pending {
    /// The player and rule deciding now.
    pub fn current(&self) -> Option<(Player, Source)> {
        self.queue.get(self.next as usize).copied().flatten()
    }
}

/// Every seat of an `n`-seat table from `first` clockwise (the order windows are opened in),
/// and how many: `n`.
pub(super) fn clockwise_from(n: u8, first: Player) -> ([Player; MAX_PLAYERS], usize) {
    let mut order = [Player(0); MAX_PLAYERS];
    for (k, q) in order.iter_mut().enumerate().take(n as usize) {
        *q = Player((first.0 + k as u8) % n);
    }
    (order, n as usize)
}

/// Every seat but `p`, clockwise from `p`'s left, and how many: the players a window opens
/// for when the others answer what `p` did.
pub(super) fn others_clockwise(n: u8, p: Player) -> ([Player; MAX_PLAYERS], usize) {
    let (order, len) = clockwise_from(n, Player((p.0 + 1) % n));
    (order, len - 1)
}

/// The seats whose bit is set in `seats` (bit `q` for player `q`), clockwise from `first`, and
/// how many: the players a window opens for when only some may act.
pub(super) fn clockwise_among(n: u8, first: Player, seats: u8) -> ([Player; MAX_PLAYERS], usize) {
    let (all, len) = clockwise_from(n, first);
    let mut them = [first; MAX_PLAYERS];
    let mut k = 0;
    for &q in all[..len].iter().filter(|q| seats >> q.0 & 1 == 1) {
        them[k] = q;
        k += 1;
    }
    (them, k)
}

/// The players a combat-end window opens for: the active player `p`, the defender `d`, then
/// the others clockwise from `p` ("at the end of any player's combat": Exile), and how many.
pub(super) fn combat_end_order(n: u8, p: Player, d: Player) -> ([Player; MAX_PLAYERS], usize) {
    let (all, len) = clockwise_from(n, p);
    let mut order = [p; MAX_PLAYERS];
    order[1] = d;
    let mut k = 2;
    for &q in all[..len].iter().filter(|&&q| q != p && q != d) {
        order[k] = q;
        k += 1;
    }
    (order, k)
}

/// Opens `window` for `players`, in that order: queues each ready rule with a choice there and
/// asks the first: the step [`Step::Decide`] of its player. `None` when no rule offers anything:
/// nothing changed and the caller goes on.
pub(super) fn open(g: &mut Ti4Game, window: Window, players: &[Player]) -> Option<Step> {
    let mut queue = [None; MAX_PENDING];
    let mut n = 0;
    for &p in players {
        if !g.state.player(p).in_game {
            continue;
        }
        rules::may_choices(g, p, window, &mut |src, _| {
            let entry = Some((p, src));
            if n < MAX_PENDING && (n == 0 || queue[n - 1] != entry) {
                queue[n] = entry;
                n += 1;
            }
        });
    }
    if n == 0 {
        return None;
    }
    g.flow.pending = Pending { window: Some(window), queue, next: 0 };
    ask(g)
}

/// Asks the next queued rule that still has a choice (the step `Decide` of its player); `None`
/// (and nothing pending) when none is left.
fn ask(g: &mut Ti4Game) -> Option<Step> {
    let pend = g.flow.pending;
    if let Some(window) = pend.window.filter(|&w| still_open(g, w)) {
        for i in pend.next as usize..MAX_PENDING {
            let Some((p, src)) = pend.queue[i] else { break };
            let mut any = false;
            if g.state.player(p).in_game {
                rules::may_choices_of(g, p, window, src, &mut |_| any = true);
            }
            if any {
                g.flow.pending.next = i as u8;
                return Some(Step::Decide(p));
            }
        }
    }
    g.flow.pending = Pending::default();
    None
}

/// False once the moment `window` stands for has passed during it: a side left the space combat
/// at its start or between rounds (Skilled Retreat), so nothing queued there is asked.
fn still_open(g: &Ti4Game, window: Window) -> bool {
    match window {
        Window::SpaceCombatStart => tactical::combat_will_start(g),
        Window::SpaceCombatRoundEnd => {
            g.flow.tactical.space.is_some_and(|c| c.phase() == crate::ti4::combat::SpacePhase::Between)
        }
        _ => true,
    }
}

/// The legal actions at [`Step::Decide`]: each choice of the deciding rule, then `Done`.
pub(super) fn options(g: &Ti4Game, buf: &mut Vec<Action>) {
    let pend = &g.flow.pending;
    if let (Some(window), Some((p, src))) = (pend.window, pend.current()) {
        rules::may_choices_of(g, p, window, src, &mut |k| buf.push(Action::Choose(src, k)));
    }
    buf.push(Action::Done);
}

/// The deciding player takes `choice` of `src` (`None`: declines, `Done`); the next queued
/// rule is asked, or the procedure resumes. A choice of another rule, or one the rule does not
/// offer, is refused (nothing changes: the step stays `Decide(p)`).
pub(super) fn decide(g: &mut Ti4Game, p: Player, choice: Option<(Source, u16)>) -> Step {
    let pend = g.flow.pending;
    let (Some(window), Some((q, cur))) = (pend.window, pend.current()) else { return Step::Decide(p) };
    if q != p {
        return Step::Decide(p);
    }
    if let Some((src, k)) = choice {
        let mut offered = false;
        rules::may_choices_of(g, p, window, cur, &mut |c| offered |= c == k);
        if src != cur || !offered {
            return Step::Decide(p);
        }
        rules::may_resolve(g, p, window, src, k);
    }
    g.flow.pending.next += 1;
    match ask(g) {
        Some(decide) => decide,
        None => resume(g, window),
    }
}

/// The procedure `window` interrupted goes on.
fn resume(g: &mut Ti4Game, window: Window) -> Step {
    match window {
        Window::TurnEnd => flow::after_turn_end(g),
        Window::TurnStart => Step::Turn(g.flow.turn),
        Window::TransactionResolved => super::notes::after_transaction(g),
        Window::ProductionStart => Step::Produce(production::producer(g)),
        Window::AfterProduction => production::end_production(g),
        Window::ActionCardPlayed => super::action_cards::after_card_played(g),
        Window::ActionCardDiscarded => super::action_cards::after_card_discarded(g),
        Window::TacticalActionEnd => production::end_tactical_action(g),
        Window::DiplomacyResolved | Window::CommoditiesReplenished => cards::after_diplomacy(g),
        Window::SecondaryFollowed => cards::follow_secondary(g, cards::resolving_player(g)),
        Window::StrategicAction => cards::after_strategic_window(g),
        Window::AgendaPhaseStart => flow::after_agenda_phase_start(g),
        Window::StrategyCardsReturn => flow::return_strategy_cards(g),
        Window::StatusPhaseEnd => flow::after_status_phase(g),
        Window::StrategyPhaseStart => flow::after_strategy_phase_start(g),
        Window::StrategyPhaseEnd => flow::start_action_phase(g),
        Window::StrategyCardChosen => flow::after_strategy_card_chosen(g),
        Window::SystemActivated => tactical::after_activation_window(g),
        Window::AfterMovement => tactical::after_movement(g),
        Window::SpaceCombatStart => tactical::after_combat_start_window(g),
        Window::SpaceCombatRoundEnd => tactical::next_space_round(g),
        Window::SpaceCombatBeforeHits | Window::SpaceCombatAfterHits => tactical::resume_space_combat(g),
        Window::SpaceCombatEnd => invasion::start_landing(g, g.flow.turn),
        Window::InvasionStart => Step::Land(g.flow.turn),
        Window::GroundForcesCommitted => invasion::next_invasion(g),
        Window::PlanetsTaken => invasion::after_planets_taken(g),
        Window::ControlGained => production::after_control_gained(g),
        Window::PlanetExplored => super::exploration::after_card(g),
        Window::AfterExploring => super::exploration::explore_next(g),
        Window::GroundCombatEnd => invasion::next_invasion(g),
        Window::GroundCombatRoundStart => invasion::after_round_start(g),
        Window::WhenAgendaRevealed => flow::after_when_agenda_revealed(g),
        Window::AgendaRevealed => flow::after_agenda_revealed(g),
        Window::VotesCast => agendas::after_votes_cast(g),
        Window::OutcomeDecided => Step::ResolveAgenda,
        Window::AgendaResolved => flow::end_agenda(g),
    }
}
