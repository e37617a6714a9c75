//! Spending command tokens (rules 20: a spent token returns to its owner's reinforcements).

use crate::ti4::content::Content;
use crate::ti4::ids::Player;
use crate::ti4::state::State;

/// Spends 1 command token of `p`'s strategy pool: it returns to reinforcements (rules 20). The
/// one place the round loop spends a strategy-pool token (a secondary ability, a cost in
/// tokens, a faction ability); the caller checked that the pool holds one.
///
/// Relic "The Scepter of Emelpar": "When you would spend a token from your strategy pool, you
/// may exhaust this card to spend a token from your reinforcements instead." While `p` holds it
/// ready and has a token in reinforcements, the relic is exhausted and the pools stay as they
/// are (the reinforcement token spent returns to reinforcements). Simplified: always taken, not
/// offered as a decision (a token saved at no other cost: the card has no other use and readies
/// in the status phase).
pub fn spend_strategy_token(c: &Content, s: &mut State, p: Player) {
    if let Some(r) = c.known.scepter_of_emelpar {
        if s.exploration.relic_ready(r, p) && s.player(p).token_reinforcements > 0 {
            s.exploration.exhaust_relic(r);
            return;
        }
    }
    let ps = s.player_mut(p);
    ps.strategy -= 1;
    ps.token_reinforcements += 1;
}
