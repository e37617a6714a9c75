//! Elimination, "Faction Specific Rules" and "Trivia": Nekro assimilated technologies, Creuss
//! wormhole tokens, the Naalu "0" token, Titans attachments, Mahact command tokens and
//! commanders, and the two factions that cannot be eliminated (Council Keleres through
//! I.I.H.Q. Modernization, the Crimson Rebellion through SUNDERED) — through their mechanism,
//! never a flag: they always keep a planet. The Elimination rules (`crate::ti4::elimination`)
//! call these clauses; they live with the factions, since each names one.

use crate::ti4::components::LeaderState;
use crate::ti4::content::{Content, LeaderKind};
use crate::ti4::factions::ZeroToken;
use crate::ti4::ids::*;
use crate::ti4::rules;
use crate::ti4::state::State;
use crate::ti4::technology::valefar;
use serde::Serialize;

/// Elimination, Nekro: "If a player becomes eliminated and the Nekro Virus' assimilator "X" or
/// assimilator "Y" token is placed on one of their faction technologies, that technology remains
/// in play" — in Nekro's play area (`valefar::owner_eliminated`). Returns how many moved.
pub(crate) fn nekro_keeps_assimilated_technologies(c: &Content, s: &mut State, p: Player) -> u8 {
    let mut moved = 0;
    for nekro in s.seats().filter(|&q| q != p) {
        if s.player(nekro).in_game && s.factions.valefar(nekro).iter().any(Option::is_some) {
            let n = valefar::owner_eliminated(c, s, nekro, p);
            if n > 0 {
                crate::ti4::elimination::refresh_unit_masks(c, s, nekro);
            }
            moved += n;
        }
    }
    moved
}

/// Elimination, Mahact: "If the Mahact Gene-Sorcerers become eliminated while they have another
/// player's command tokens on their faction sheet, those command tokens are returned to their
/// respective players' reinforcements." A token of a player already eliminated goes to the box.
/// Returns how many tokens went back to players.
pub(crate) fn mahact_tokens_return_to_their_owners(s: &mut State, p: Player) -> u8 {
    let held = s.factions.held_tokens(p);
    *s.factions.held_tokens_mut(p) = 0;
    let mut n = 0;
    for q in s.seats().filter(|q| held >> q.0 & 1 == 1) {
        if s.player(q).in_game {
            s.player_mut(q).token_reinforcements += 1;
            n += 1;
        }
    }
    n
}

/// Elimination, Mahact: "If the Mahact Gene-Sorcerers have an eliminated player's command token
/// on their faction sheet, that command token remains in play, as does the eliminated player's
/// commander, if it is unlocked." True when `p`'s commander stays (a player still in the game
/// holds `p`'s token and the commander is unlocked).
pub(crate) fn commander_stays_with_mahact(c: &Content, s: &State, p: Player) -> bool {
    let held = s.seats().any(|q| q != p && s.player(q).in_game && s.factions.held_tokens(q) >> p.0 & 1 == 1);
    held && commander_slot(c, s, p).is_some_and(|k| s.leaders.get(p, k).is_unlocked())
}

/// The leader slot of `p`'s commander, if their faction has one.
fn commander_slot(c: &Content, s: &State, p: Player) -> Option<usize> {
    c.cards.seat_leaders[s.player(p).faction.idx()]
        .iter()
        .position(|l| c.cards.leaders[l.idx()].kind == LeaderKind::Commander)
}

/// Can player `user` use the ability of `owner`'s commander? Their own, when unlocked; another
/// player's, when a rule of `user` allows it (hook point `uses_others_commander`: Mahact's
/// Imperia, while `user` holds `owner`'s command token) and that commander is unlocked —
/// whether or not `owner` is still in the game (the Elimination clause above).
pub fn can_use_commander(c: &Content, s: &State, user: Player, owner: Player) -> bool {
    let us = s.player(user);
    if !us.in_game {
        return false;
    }
    let unlocked = commander_slot(c, s, owner).is_some_and(|k| s.leaders.get(owner, k).is_unlocked());
    if user == owner {
        return unlocked;
    }
    unlocked && rules::uses_others_commander(c, s, user, owner)
}

/// Elimination, Naalu: "If the Naalu player becomes eliminated while another player has the
/// Naalu player's "0" token, that token remains with its current player until the end of the
/// status phase, and then it is removed from play." Otherwise it leaves play now.
pub(crate) fn naalu_zero_token_stays_until_status_phase_end(c: &Content, s: &mut State, p: Player) {
    if !rules::owns_zero_token(c, s, p) {
        // Not in the rules text: the token lies on the eliminated player's strategy card, which
        // returns to the common area; the token goes back to its owner, the Naalu player (out
        // of play if they are eliminated).
        if s.factions.zero_token() == ZeroToken::Held(p) {
            let naalu_in = s.seats().any(|q| q != p && s.player(q).in_game && rules::owns_zero_token(c, s, q));
            s.factions.set_zero_token(if naalu_in { ZeroToken::Supply } else { ZeroToken::Removed });
            s.factions.set_zero_token_leaves(false);
        }
        return;
    }
    match s.factions.zero_token() {
        ZeroToken::Held(q) if q != p && s.player(q).in_game => s.factions.set_zero_token_leaves(true),
        _ => {
            s.factions.set_zero_token(ZeroToken::Removed);
            s.factions.set_zero_token_leaves(false);
        }
    }
}

/// Status phase hook (end of the status phase): the Naalu "0" token of an eliminated Naalu
/// player leaves play now (Elimination, Naalu). Returns true when it left.
pub fn end_of_status_phase(s: &mut State) -> bool {
    if !s.factions.zero_token_leaves() {
        return false;
    }
    s.factions.set_zero_token(ZeroToken::Removed);
    s.factions.set_zero_token_leaves(false);
    true
}

/// Why a player cannot be eliminated now: a planet they can never lose, named by the rule that
/// keeps it (`custodia_vigilia`: Council Keleres with I.I.H.Q. Modernization; `sundered`: the
/// Crimson Rebellion's home planets).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize)]
#[serde(transparent)]
pub struct Immunity(pub &'static str);

impl Immunity {
    /// The reason's name in `sim explain elimination`.
    pub const fn name(self) -> &'static str {
        self.0
    }
}

/// Elimination, "Trivia": the reason player `p` cannot be eliminated, if one holds now (hook
/// point `cannot_be_eliminated`). Derived from what they control, not a flag: Keleres with
/// Custodia Vigilia (`control::lose_control` refuses to take it), the Crimson Rebellion with a
/// planet of its home system (SUNDERED: [`crate::ti4::placement::place_units`] destroys any other player's units
/// there, so nobody can land and take it).
pub fn cannot_be_eliminated(c: &Content, s: &State, p: Player) -> Option<Immunity> {
    if !s.player(p).in_game {
        return None;
    }
    rules::cannot_be_eliminated(c, s, p).map(Immunity)
}

/// True when no other player's ground forces can ever stand on `planet`, controlled by `p`
/// (hook point `planet_protected`: SUNDERED's home planets), so no invasion can take it.
pub fn sundered_protects(c: &Content, s: &State, p: Player, planet: PlanetId) -> bool {
    rules::planet_protected(c, s, p, planet)
}

/// Leader states after elimination, for checks: `p`'s leaders are all `Removed`, except an
/// attached Titans hero and a commander kept with Mahact.
pub(crate) fn leader_may_stay(c: &Content, s: &State, p: Player, slot: usize, st: LeaderState) -> bool {
    match st {
        LeaderState::Removed | LeaderState::Attached => true,
        st if st.is_unlocked() => commander_slot(c, s, p) == Some(slot),
        _ => false,
    }
}
