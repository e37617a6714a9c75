//! The Technology strategy card (Technology 3.1 and 9; `ti4-rules.md` §3 and §8).
//!
//! - Primary: research 1 technology (free); then the player may spend 6 resources to research
//!   1 more.
//! - Secondary: spend 1 token from the strategy pool and 4 resources to research 1 technology.
//! - Jol-Nar, Brilliant: when spending the strategy token for the secondary, the player may
//!   resolve the primary instead (the token is spent, the 4 resources are not).
//! - Nekro Virus, Propagation: every research the card would give becomes "gain 3 command
//!   tokens"; the card's costs (the token, 4 or 6 resources) are still paid.
//!
//! Each resolution names its steps ([`ResearchStep`]) and how each step is paid ([`Payment`]).
//! A step's cost is the card's cost for it plus whatever the research option itself owes
//! ([`Researched::owed`]: 2 for Inheritance Systems). A planet exhausted for its technology
//! specialty cannot also be exhausted for its resources. The steps resolve in order (the first
//! research counts toward the second's prerequisites and its exhausted planets are gone), on a
//! copy of the state: on any error the state is left exactly as it was.
//!
//! Not modelled here: who may use the secondary (not the active player; the strategy phase
//! owns that), and declining the primary's first research.

use super::acquire::{propagate, research, Researched, TechError};
use super::payment::{check_payment, pay, PayError, Payment};
use super::research::ResearchOption;
use crate::ti4::content::Content;
use crate::ti4::ids::*;
use crate::ti4::state::State;

/// Resources the primary's optional second research costs.
pub const SECOND_PRIMARY_COST: u32 = 6;
/// Resources the secondary costs (besides the strategy token).
pub const SECONDARY_COST: u32 = 4;
/// Command tokens Nekro Propagation gains in place of one research.
pub const PROPAGATION_TOKENS: u8 = 3;

/// The resources the card charges `p` for a research whose printed cost is `printed`
/// ([`SECONDARY_COST`], [`SECOND_PRIMARY_COST`]): none when a rule of `p`'s waives them (hook
/// point `technology_card_research_free`: Minister of Sciences).
pub fn card_cost(c: &Content, s: &State, p: Player, printed: u32) -> u32 {
    if printed > 0 && crate::ti4::rules::technology_card_research_free(c, s, p) {
        0
    } else {
        printed
    }
}

/// One research the card gives, as the player resolves it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum ResearchStep {
    /// Research a technology this way (Technology 10-15).
    Research(ResearchOption),
    /// Nekro Virus, Propagation: gain 3 command tokens instead, placed in
    /// `[tactic, fleet, strategy]` (summing to 3; fewer are gained if reinforcements run out).
    Propagate([u8; 3]),
}

/// What one step did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum StepDone {
    /// A technology was researched (its owed resources were paid with the step's payment).
    Researched(Researched),
    /// Command tokens gained by Propagation.
    Propagated(u8),
}

/// What a primary resolution did.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PrimaryDone {
    /// The first (free) research.
    pub first: StepDone,
    /// The optional second research (6 resources).
    pub second: Option<StepDone>,
}

/// Why the Technology card cannot be resolved as asked.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CardError {
    /// The research itself is illegal (Technology 10-15, notes 1 and 3; Nekro cannot research).
    Tech(TechError),
    /// The payment is invalid or too small.
    Pay(PayError),
    /// The player is eliminated.
    NotInGame,
    /// No command token in the strategy pool for the secondary.
    NoStrategyToken,
    /// A `Propagate` step from a player without Propagation.
    NoPropagation,
    /// Propagation pools that do not place exactly 3 tokens.
    BadPools([u8; 3]),
    /// Brilliant asked for by a player without it.
    NoBrilliant,
    /// A planet exhausted for its specialty (Technology 14) is also in the payment.
    SpecialtyAlsoPays(PlanetId),
}

impl From<TechError> for CardError {
    fn from(e: TechError) -> Self {
        CardError::Tech(e)
    }
}

impl From<PayError> for CardError {
    fn from(e: PayError) -> Self {
        CardError::Pay(e)
    }
}

/// Technology 3.1 and 9: resolves one step that costs `cost` resources, paid by `payment`.
/// Research steps also pay what their option owes (Inheritance Systems). Mutates `s` even on
/// error: callers work on a copy.
fn resolve_step(
    c: &Content,
    s: &mut State,
    p: Player,
    step: ResearchStep,
    cost: u32,
    payment: &Payment,
) -> Result<StepDone, CardError> {
    match step {
        ResearchStep::Research(opt) => {
            // Technology 14: a planet exhausted for its specialty cannot also pay.
            if let Some(pl) = opt.exhaust_set().intersection(payment.planets).first() {
                return Err(CardError::SpecialtyAlsoPays(pl));
            }
            // Check the payment against the state before the research changes it, so that a
            // bad payment is reported as such and not as a side effect of the research.
            check_payment(c, s, p, cost + opt.skip.resources(), payment)?;
            let done = research(c, s, p, &opt)?;
            pay(c, s, p, cost + done.owed, payment)?;
            Ok(StepDone::Researched(done))
        }
        ResearchStep::Propagate(pools) => {
            if crate::ti4::rules::cannot_research(c, s, p).is_none() {
                return Err(CardError::NoPropagation);
            }
            if pools.iter().map(|&n| n as u32).sum::<u32>() != PROPAGATION_TOKENS as u32 {
                return Err(CardError::BadPools(pools));
            }
            pay(c, s, p, cost, payment)?;
            Ok(StepDone::Propagated(propagate(s, p, pools)))
        }
    }
}

/// Technology 3.1 and 9, the primary on a working copy: `first` free (plus what its option
/// owes), then the optional `second` for 6 resources.
fn primary_on(
    c: &Content,
    s: &mut State,
    p: Player,
    first: (ResearchStep, &Payment),
    second: Option<(ResearchStep, &Payment)>,
) -> Result<PrimaryDone, CardError> {
    let a = resolve_step(c, s, p, first.0, 0, first.1)?;
    let b = match second {
        Some((step, payment)) => {
            let cost = card_cost(c, s, p, SECOND_PRIMARY_COST);
            Some(resolve_step(c, s, p, step, cost, payment)?)
        }
        None => None,
    };
    Ok(PrimaryDone { first: a, second: b })
}

/// Technology 3.1 (the secondary's cost, `ti4-rules.md` §3): spends one command token from the
/// strategy pool; it returns to reinforcements.
fn spend_strategy_token(c: &Content, s: &mut State, p: Player) -> Result<(), CardError> {
    if s.player(p).strategy == 0 {
        return Err(CardError::NoStrategyToken);
    }
    crate::ti4::components::command_tokens::spend_strategy_token(c, s, p);
    Ok(())
}

/// Technology 3.1 and 9: the Technology card's primary ability. Research `first` for free
/// (paying only what its option owes, e.g. 2 for Inheritance Systems: pass
/// `&Payment::default()` when nothing is owed); then, if `second` is given, research it for 6
/// resources. The first research counts toward the second's prerequisites (Technology 12).
/// A Nekro player (Propagation) gives `Propagate` steps instead and still pays the 6.
/// On error `s` is unchanged.
pub fn technology_primary(
    c: &Content,
    s: &mut State,
    p: Player,
    first: (ResearchStep, &Payment),
    second: Option<(ResearchStep, &Payment)>,
) -> Result<PrimaryDone, CardError> {
    if !s.player(p).in_game {
        return Err(CardError::NotInGame);
    }
    let mut work = *s;
    let done = primary_on(c, &mut work, p, first, second)?;
    *s = work;
    Ok(done)
}

/// Technology 3.1 and 9: the Technology card's secondary ability. Spend 1 token from the
/// strategy pool and 4 resources (plus what the option owes) to research `step`; a Nekro
/// player propagates instead and still pays the token and the 4 resources. On error `s` is
/// unchanged.
pub fn technology_secondary(
    c: &Content,
    s: &mut State,
    p: Player,
    step: ResearchStep,
    payment: &Payment,
) -> Result<StepDone, CardError> {
    technology_secondary_as(c, s, p, step, payment, true)
}

/// [`technology_secondary`], spending the strategy token only with `token` (without it:
/// Galactic Crisis Pact, "perform the secondary ability ... without spending a command
/// token"; the 4 resources are still paid).
pub fn technology_secondary_as(
    c: &Content,
    s: &mut State,
    p: Player,
    step: ResearchStep,
    payment: &Payment,
    token: bool,
) -> Result<StepDone, CardError> {
    if !s.player(p).in_game {
        return Err(CardError::NotInGame);
    }
    let mut work = *s;
    if token {
        spend_strategy_token(c, &mut work, p)?;
    }
    let cost = card_cost(c, &work, p, SECONDARY_COST);
    let done = resolve_step(c, &mut work, p, step, cost, payment)?;
    *s = work;
    Ok(done)
}

/// Jol-Nar, Brilliant: spend the strategy token as for the secondary, but resolve the primary
/// (Technology 3.1: first research free, optional second for 6 resources; the secondary's 4
/// resources are not paid). On error `s` is unchanged.
pub fn technology_brilliant(
    c: &Content,
    s: &mut State,
    p: Player,
    first: (ResearchStep, &Payment),
    second: Option<(ResearchStep, &Payment)>,
) -> Result<PrimaryDone, CardError> {
    let ps = s.player(p);
    if !ps.in_game {
        return Err(CardError::NotInGame);
    }
    if !crate::ti4::factions::has_brilliant(c, s, p) {
        return Err(CardError::NoBrilliant);
    }
    let mut work = *s;
    spend_strategy_token(c, &mut work, p)?;
    let done = primary_on(c, &mut work, p, first, second)?;
    *s = work;
    Ok(done)
}
