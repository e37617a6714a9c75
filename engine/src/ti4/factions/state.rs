//! The faction components with a position of their own, per seat or on the table, held in one
//! small extension of [`crate::ti4::state::State`] whose parts the faction files own: Nekro's
//! Valefar Assimilator tokens (`nekro.rs`), the command tokens on the Mahact sheet
//! (`mahact.rs`), the Creuss wormhole tokens (`creuss.rs`), the Naalu "0" token (`naalu.rs`),
//! the Titans' attachments and sleeper tokens (`titans.rs`) and the Crimson Rebellion's breaches
//! (`crimson_rebellion.rs`). The fields are private to the
//! factions module: the core reads and writes them only through the typed accessors each of
//! those files defines on [`FactionState`]; position I/O and the conservation check reach them
//! through the functions of this module's parent.

use super::{creuss, crimson_rebellion, mahact, naalu, nekro, titans};

/// Every faction component with a position of its own (see the module documentation).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct FactionState {
    /// Nekro: per seat, the technologies the Valefar Assimilator tokens are on.
    pub(super) assimilated: nekro::Assimilated,
    /// Mahact: per seat, other players' command tokens on the faction sheet.
    pub(super) edict: mahact::HeldTokens,
    /// Creuss: where the alpha and beta wormhole tokens are.
    pub(super) wormholes: creuss::WormholeTokens,
    /// Naalu: where the "0" token is.
    pub(super) zero: naalu::ZeroTokenPosition,
    /// Titans: attachments and sleeper tokens.
    pub(super) titans: titans::TitansTokens,
    /// The Crimson Rebellion: the breach tokens on the board.
    pub(super) breaches: crimson_rebellion::Breaches,
}
