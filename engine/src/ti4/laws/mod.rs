//! Laws a player owns, one file per law, each a [`Rule`] whose source is the agenda card
//! ([`crate::ti4::rules::SourceKey::Agenda`]): an "Elect Player" law goes into the elected
//! player's play area (rules 7), and its rule is active for that player while it stays there
//! (it is discarded when they are eliminated, or when a rule discards it). The election and
//! the laws voted "for" into the common play area are in `crate::ti4::game::agendas`, but for
//! the common laws that the seed rule modules (Technology, combat forces) read from the content
//! and the state alone, which have a file here too ([`publicize_weapon_schematics`],
//! [`articles_of_war`]).

use crate::ti4::rules::Rule;

pub mod articles_of_war;

mod committee_formation;
mod imperial_arbiter;
mod minister_of_commerce;
mod minister_of_exploration;
mod minister_of_peace;
mod minister_of_policy;
mod minister_of_sciences;
mod minister_of_war;
mod political_censure;
mod prophecy_of_ixth;
pub mod publicize_weapon_schematics;

/// The rules of the laws a player owns, one line per law.
pub(crate) static RULES: &[Rule] = &[
    minister_of_policy::RULE,
    minister_of_exploration::RULE,
    minister_of_commerce::RULE,
    political_censure::RULE,
    prophecy_of_ixth::RULE,
    minister_of_war::RULE,
    minister_of_peace::RULE,
    committee_formation::RULE,
    minister_of_sciences::RULE,
    imperial_arbiter::RULE,
];
