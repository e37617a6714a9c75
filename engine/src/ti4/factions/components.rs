//! The faction components of [`FactionState`](super::FactionState) in positions and in the
//! conservation check. The position reader and writer and `elimination::conservation` reach
//! them only through these functions; each faction file reads, writes and checks its own part
//! (`nekro.rs` the Valefar Assimilator tokens, `mahact.rs` the command tokens on its sheet,
//! `creuss.rs` the wormhole tokens, `naalu.rs` the "0" token, `titans.rs` the attachments and
//! sleeper tokens, `crimson_rebellion.rs` the breaches).

use super::{creuss, crimson_rebellion, keleres, mahact, naalu, nekro, titans};
use crate::ti4::content::Content;
use crate::ti4::elimination::conservation::ConservationError;
use crate::ti4::ids::*;
use crate::ti4::position::{PlayerPosition, Position, PositionError};
use crate::ti4::state::State;

/// The faction components an eliminated seat's position may not hold (Elimination: they went
/// to the box), as (field, what) for the error naming the first one found.
pub(crate) fn held_by_eliminated(pp: &PlayerPosition) -> Option<(&'static str, &'static str)> {
    nekro::valefar_listed(pp).then_some(("valefar", "Valefar Assimilator tokens"))
}

/// The faction components eliminated seat `p` holds in the state (Elimination: they go to the
/// box), named for the conservation error.
pub(crate) fn eliminated_holds(s: &State, p: Player) -> Option<&'static str> {
    nekro::valefar_placed(s, p).then_some("Valefar Assimilator tokens")
}

/// Position → state, seat `p`'s own faction components, read after its technologies: the
/// Valefar Assimilator tokens.
pub(crate) fn read_player(c: &Content, s: &mut State, p: Player, pp: &PlayerPosition) -> Result<(), PositionError> {
    nekro::read_valefar(c, s, p, pp)
}

/// Position → state, after seat `p`'s technologies and planets: what a faction card requires
/// of them (I.I.H.Q. Modernization comes with the Custodia Vigilia planet card).
pub(crate) fn check_player_cards(c: &Content, s: &State, p: Player) -> Result<(), PositionError> {
    keleres::check_position(c, s, p)
}

/// Position → state, the command tokens on faction sheets, read before each seat's
/// command-token reinforcements are counted (they count toward their owners' 16).
pub(crate) fn read_sheets(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    mahact::read_held_tokens(c, s, pos)
}

/// Position → state, the faction tokens, read after the promissory notes and leaders (an
/// attachment is a note or a leader): the Creuss wormhole tokens, the Naalu "0" token, the
/// Titans' attachments and sleeper tokens.
pub(crate) fn read_tokens(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    creuss::read_position(c, s, pos)?;
    naalu::read_position(c, s, pos)?;
    titans::read_position(c, s, pos)?;
    crimson_rebellion::read_position(c, s, pos)
}

/// State → position: every faction component's fields (the seats' entries of `pos.players`
/// exist already).
pub(crate) fn write(c: &Content, s: &State, pos: &mut Position) {
    for p in s.seats() {
        let pp = &mut pos.players[p.idx()];
        nekro::write_valefar(c, s, p, pp);
        mahact::write_held_tokens(c, s, p, pp);
    }
    creuss::write_position(c, s, pos);
    naalu::write_position(c, s, pos);
    titans::write_position(c, s, pos);
    crimson_rebellion::write_position(c, s, pos);
}

/// The conservation check of the command tokens on faction sheets (before the command tokens
/// are counted): held only by players in the game, never the holder's own.
pub(crate) fn check_sheets(s: &State) -> Result<(), ConservationError> {
    mahact::check(s)
}

/// The conservation check of the faction tokens: each on the board's slots and planets, held
/// only by players in the game, an attachment exactly when its note or leader is attached.
pub(crate) fn check_tokens(c: &Content, s: &State) -> Result<(), ConservationError> {
    creuss::check(s)?;
    naalu::check(c, s)?;
    titans::check(c, s)?;
    crimson_rebellion::check(s)
}

/// `p`'s command tokens on other players' faction sheets (Mahact's Edict): they count toward
/// `p`'s 16 tokens.
pub(crate) fn command_tokens_on_sheets(s: &State, p: Player) -> u32 {
    mahact::tokens_on_sheets(s, p)
}

/// Promissory note `note` may be attached to a planet (the Titans' "Terraform").
pub(crate) fn note_attaches(c: &Content, note: NoteId) -> bool {
    titans::note_attaches(c, note)
}

/// Leader `l` may be attached to a planet (the Titans hero).
pub(crate) fn leader_attaches(c: &Content, l: LeaderId) -> bool {
    titans::leader_attaches(c, l)
}
