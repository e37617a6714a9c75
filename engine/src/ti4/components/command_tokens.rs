//! Spending command tokens (rules 20: a spent token returns to its owner's reinforcements).

use crate::ti4::content::Content;
use crate::ti4::ids::Player;
use crate::ti4::state::State;

/// Spends 1 command token of `p`'s strategy pool: it returns to reinforcements (rules 20). The
/// one place the round loop spends a strategy-pool token (a secondary ability, a cost in
/// tokens, a faction ability); the caller checked that the pool holds one.
pub fn spend_strategy_token(_c: &Content, s: &mut State, p: Player) {
    let ps = s.player_mut(p);
    ps.strategy -= 1;
    ps.token_reinforcements += 1;
}
