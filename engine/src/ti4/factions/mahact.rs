//! The Mahact Gene-Sorcerers: Edict, Imperia, Hubris, the flagship Arvicon Rex, the mech
//! Starlancer, the agent Jae Mir Kan, the commander Il Na Viroset. The command tokens they hold
//! are [`FactionState::held_tokens`](super::FactionState::held_tokens), one bit per seat.

use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::elimination::conservation::ConservationError;
use crate::ti4::game::effects::Effect;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{seat, IdKind, PlayerPosition, Position, PositionError, PositionErrorKind as K};
use crate::ti4::rules::{CombatSides, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::State;

pub(super) static RULES: &[Rule] = &[
    // Edict: "When you win a combat, place 1 command token from your opponent's reinforcements
    // in your fleet pool if it does not already contain 1 of that player's tokens; other
    // players' tokens in your fleet pool increase your fleet limit but cannot be
    // redistributed."
    Rule {
        source: SourceKey::Ability("edict"),
        hooks: Hooks { combat_won: Some(edict), fleet_limit_bonus: Some(edict_fleet_limit), ..Hooks::NONE },
    },
    // Imperia: "While another faction's command token is in your fleet pool, you can use the
    // ability of that faction's commander, if it is unlocked."
    Rule {
        source: SourceKey::Ability("imperia"),
        hooks: Hooks { uses_others_commander: Some(imperia), ..Hooks::NONE },
    },
    // Scepter of Dominion (promissory note): "At the start of the strategy phase: Choose 1
    // non-home system that contains your units; each other player who has a token on the
    // Mahact player's command sheet places a token from their reinforcements in that system.
    // Then, return this card to the Mahact player." (Rules 69.) A decision of its holder at
    // window `StrategyPhaseStart`: one choice per non-home system holding the holder's units
    // where 1 or more of those players would place a token (one with a token there already, or
    // none in reinforcements, places none); the note returns.
    Rule {
        source: SourceKey::Note("scepter_of_dominion"),
        hooks: Hooks {
            may_choices: Some(scepter_choices),
            may_windows: Some(&[Window::StrategyPhaseStart]),
            may_resolve: Some(scepter),
            ..Hooks::NONE
        },
    },
    // Hubris: "During setup, purge your 'Alliance' promissory note."
    Rule { source: SourceKey::Ability("hubris"), hooks: Hooks { seat_setup: Some(hubris), ..Hooks::NONE } },
    // Arvicon Rex (flagship): "During combat against an opponent whose command token is not in
    // your fleet pool, apply +2 to the results of this unit's combat rolls."
    Rule {
        source: SourceKey::Unit("mahact_flagship"),
        hooks: Hooks { combat_sides: Some(arvicon_rex), ..Hooks::NONE },
    },
    // Starlancer (mech): "After a player whose command token is in your fleet pool activates
    // this system, you may spend their token from your fleet pool to end their turn; they gain
    // that token." Offered at window `SystemActivated` (before movement) while a Mahact mech is
    // in the activated system; the active player's turn ends there as with Minister of Peace
    // (`TacticalAction::peace`; their activation token stays). Simplified: the token they gain
    // goes to their tactic pool (the rules let them choose the pool).
    Rule {
        source: SourceKey::Unit("mahact_mech"),
        hooks: Hooks {
            may_choices: Some(starlancer_offered),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(starlancer),
            ..Hooks::NONE
        },
    },
    // Il Na Viroset (commander): "During your tactical actions, you can activate systems that
    // contain your command tokens. If you do, return both command tokens to your
    // reinforcements and end your turn." Unlock: "Have 2 other factions' command tokens in
    // your fleet pool." (Rules 51, 3.) The core offers those activations (hook point
    // `activates_own_token_systems`); as that tactical action ends both tokens return and the
    // turn ends (no Fleet Logistics second action); no "after ... activates a system" ability
    // is used (FAQ).
    Rule {
        source: SourceKey::Leader("mahact_commander"),
        hooks: Hooks {
            commander_unlocked: Some(two_tokens_held),
            activates_own_token_systems: Some(viroset),
            ..Hooks::NONE
        },
    },
    // Jae Mir Kan (agent): "When you would spend a command token during the secondary ability
    // of a strategic action: You may exhaust this card to remove 1 of the active player's
    // command tokens from the board and use it instead." (Rules 51.) A decision of the Mahact at
    // window `SecondaryFollowed` (they follow a secondary that spends a strategy-pool token), one
    // choice per system holding the active player's command token (choice = board slot): the
    // agent is exhausted, that token goes back to the active player's reinforcements and the
    // Mahact's strategy pool spends none (`StrategicAction::token_paid`). Simplified: offered
    // only to a Mahact who may follow with a token of their own, and not for Technology's
    // secondary (its research spends the token).
    Rule {
        source: SourceKey::Leader("mahact_agent"),
        hooks: Hooks {
            may_choices: Some(jae_mir_kan_choices),
            may_windows: Some(&[Window::SecondaryFollowed]),
            may_resolve: Some(jae_mir_kan),
            ..Hooks::NONE
        },
    },
];

/// Other factions' command tokens in the fleet pool that unlock Il Na Viroset.
const VIROSET_TOKENS: u32 = 2;

fn two_tokens_held(_: Source, g: &Ti4Game, p: Player) -> bool {
    g.state.factions.held_tokens(p).count_ones() >= VIROSET_TOKENS
}

fn viroset(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// Starlancer: one choice (0) when the active player, whose token the Mahact hold, activated a
/// system with a Mahact mech in it.
fn starlancer_offered(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let active = g.flow.turn;
    if window != Window::SystemActivated
        || p == active
        || g.flow.tactical.peace
        || g.state.factions.held_tokens(p) >> active.0 & 1 == 0
    {
        return;
    }
    let slot = g.flow.tactical.active;
    let mech_there = crate::ti4::state::Location::all_in(slot)
        .any(|loc| g.state.occupant(loc) == Some(p) && g.state.count_at(loc, UnitType::Mech) > 0);
    if mech_there {
        out(0);
    }
}

/// Scepter of Dominion: the players (bit per seat) who would place a token in `slot` for
/// holder `p`: those other than `p` whose token is on the Mahact's sheet, in the game, with a
/// token in reinforcements and none in that system.
fn scepter_placers(src: Source, g: &Ti4Game, p: Player, slot: u8) -> u8 {
    let Some((mahact, _)) = src.note_owner(g.content(), &g.state) else { return 0 };
    let s = &g.state;
    let mut them = 0;
    for q in s.seats().filter(|&q| q != p && s.factions.held_tokens(mahact) >> q.0 & 1 == 1) {
        let ps = s.player(q);
        if ps.in_game && ps.token_reinforcements > 0 && s.systems[slot as usize].tokens >> q.0 & 1 == 0 {
            them |= 1 << q.0;
        }
    }
    them
}

/// Scepter of Dominion: at the start of the strategy phase, each non-home system holding `p`'s
/// units where a token would be placed (its slot).
fn scepter_choices(src: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::StrategyPhaseStart {
        return;
    }
    let s = &g.state;
    for slot in 0..s.num_systems {
        let home = s.seats().any(|q| g.home_slot[q.idx()] == slot);
        let mine = s.has_units_in(p, slot);
        if !home && mine && scepter_placers(src, g, p, slot) != 0 {
            out(u16::from(slot));
        }
    }
}

/// Scepter of Dominion: each of those players places a token from reinforcements in the
/// chosen system; the note returns.
fn scepter(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    let slot = choice as u8;
    let placers = scepter_placers(src, g, p, slot);
    for q in 0..g.state.num_players {
        if placers >> q & 1 == 1 {
            g.state.player_mut(Player(q)).token_reinforcements -= 1;
            g.state.systems[slot as usize].tokens |= 1 << q;
        }
    }
    crate::ti4::game::notes::return_note(g, src);
}

/// Starlancer: the held token goes back to the active player (tactic pool); their turn ends.
/// The Mahact fleet limit falls by the token (Edict): ships beyond it are removed (rules 37).
fn starlancer(_: Source, g: &mut Ti4Game, p: Player, _window: Window, _choice: u16) {
    let active = g.flow.turn;
    *g.state.factions.held_tokens_mut(p) &= !(1 << active.0);
    g.state.player_mut(active).tactic += 1;
    g.flow.tactical.peace = true;
    crate::ti4::game::component::enforce_fleet_everywhere(g, p);
}

/// Arvicon Rex: +2 on the flagship's rolls unless the opponent's token is in the fleet pool.
fn arvicon_rex(_: Source, _: &Content, s: &State, p: Player, sides: &mut CombatSides) {
    if sides.own.count(UnitType::Flagship) > 0 && s.factions.held_tokens(p) >> sides.opponent.0 & 1 == 0 {
        sides.own = sides.own.with_type_bonus(UnitType::Flagship, 2);
    }
}

/// Edict: a token of the beaten opponent (still in the game, with one in reinforcements) goes
/// into the fleet pool, at most one per opponent.
fn edict(_: Source, g: &mut Ti4Game, p: Player, loser: Player) {
    let bit = 1u8 << loser.0;
    let s = &mut g.state;
    if !s.player(loser).in_game || s.factions.held_tokens(p) & bit != 0 || s.player(loser).token_reinforcements == 0 {
        return;
    }
    s.player_mut(loser).token_reinforcements -= 1;
    *s.factions.held_tokens_mut(p) |= bit;
    g.note_effect(p, Effect::CommandTokensTaken, 1);
}

/// Edict: each other player's token in the fleet pool adds 1 to the fleet limit.
fn edict_fleet_limit(_: Source, _: &Content, s: &State, p: Player) -> u8 {
    s.factions.held_tokens(p).count_ones() as u8
}

fn imperia(_: Source, _: &Content, s: &State, user: Player, owner: Player) -> bool {
    s.factions.held_tokens(user) >> owner.0 & 1 == 1
}

fn hubris(_: Source, c: &Content, s: &mut State, p: Player) {
    let Some(alliance) = c.cards.note("alliance") else { return };
    let f = s.player(p).faction;
    for (k, &note) in c.cards.seat_notes[f.idx()].iter().enumerate() {
        if note == alliance {
            s.notes.set(p, k, Zone::Removed);
        }
    }
}

/// Per seat, other players' command tokens on the faction sheet (Edict), one bit per seat;
/// they count toward their owners' 16 tokens.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct HeldTokens([u8; MAX_PLAYERS]);

impl super::FactionState {
    /// The seats whose command tokens `p` holds on their faction sheet (bit per seat).
    #[inline]
    pub fn held_tokens(&self, p: Player) -> u8 {
        self.edict.0[p.idx()]
    }

    /// The command tokens `p` holds on their faction sheet, to add or return.
    #[inline]
    pub fn held_tokens_mut(&mut self, p: Player) -> &mut u8 {
        &mut self.edict.0[p.idx()]
    }
}

// Positions and conservation (`super::components`).

/// `p`'s command tokens on other players' faction sheets.
pub(super) fn tokens_on_sheets(s: &State, p: Player) -> u32 {
    s.seats().filter(|&q| s.factions.held_tokens(q) >> p.0 & 1 == 1).count() as u32
}

/// Position → state: each seat's `held_command_tokens`, other players' command tokens on its
/// sheet (a holder in the game, never its own token, each token once).
pub(super) fn read_held_tokens(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    for (i, pp) in pos.players.iter().enumerate() {
        let holder = Player(i as u8);
        for (k, key) in pp.held_command_tokens.iter().enumerate() {
            let path = format!("players[{i}].held_command_tokens[{k}]");
            let q = seat(c, s, &path, key)?;
            if pp.eliminated {
                return Err(PositionError::new(path, K::EliminatedHolds("other players' command tokens")));
            }
            if q == holder {
                return Err(PositionError::new(path, K::OwnCommandToken));
            }
            let held = s.factions.held_tokens_mut(holder);
            if *held >> q.0 & 1 == 1 {
                return Err(PositionError::new(path, K::Duplicate(IdKind::Faction, key.clone())));
            }
            *held |= 1 << q.0;
        }
    }
    Ok(())
}

/// State → position: `players[i].held_command_tokens`.
pub(super) fn write_held_tokens(c: &Content, s: &State, p: Player, pp: &mut PlayerPosition) {
    let held = s.factions.held_tokens(p);
    pp.held_command_tokens =
        s.seats().filter(|q| held >> q.0 & 1 == 1).map(|q| c.factions[s.player(q).faction.idx()].key.clone()).collect();
}

/// Conservation: nobody holds their own (or an empty seat's) command token, and an eliminated
/// player holds none.
pub(super) fn check(s: &State) -> Result<(), ConservationError> {
    for p in s.seats() {
        let held = s.factions.held_tokens(p);
        if held >> p.0 & 1 != 0 || (held as u16) >> s.num_players != 0 {
            return Err(ConservationError::Token("a player holds their own (or an empty seat's) command token"));
        }
        if !s.player(p).in_game && held != 0 {
            return Err(ConservationError::EliminatedHolds { player: p, what: "other players' command tokens" });
        }
    }
    Ok(())
}

/// Jae Mir Kan: each board slot holding a command token of the strategic action's active player,
/// at window `SecondaryFollowed`.
fn jae_mir_kan_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let owner = g.flow.strategic.card_owner;
    if window != Window::SecondaryFollowed || owner == p || g.flow.strategic.token_paid {
        return;
    }
    let s = &g.state;
    for slot in (0..s.num_systems).filter(|&sl| s.systems[sl as usize].tokens >> owner.0 & 1 == 1) {
        out(u16::from(slot));
    }
}

/// The agent exhausted; the active player's token leaves the board for their reinforcements and
/// pays the secondary.
fn jae_mir_kan(src: Source, g: &mut Ti4Game, p: Player, _: Window, slot: u16) {
    crate::ti4::game::leaders::exhaust(g, p, src);
    let owner = g.flow.strategic.card_owner;
    g.state.systems[slot as usize].tokens &= !(1 << owner.0);
    g.state.player_mut(owner).token_reinforcements += 1;
    g.flow.strategic.token_paid = true;
}
