//! Faction rules, one file per faction, each a list of [`Rule`]s on the hook points of
//! [`crate::ti4::rules`]: abilities, faction technologies and faction cards. The registry
//! (`FACTIONS`) has one line per faction. Faction abilities are known to the core only as
//! opaque bits ([`AbilityBit`]): no core module can name one.

use crate::ti4::rules::{AbilityBit, Rule, SourceKey};

mod arborec;
mod argent;
pub(crate) mod components;
mod creuss;
mod crimson_rebellion;
pub(crate) mod elimination;
mod empyrean;
mod hacan;
mod jol_nar;
mod keleres;
mod l1z1x;
mod letnev;
mod mahact;
mod mentak;
mod muaat;
mod naalu;
mod naaz;
pub(crate) mod nekro;
mod nomad;
mod saar;
mod sardakk;
mod sol;
mod state;
mod titans;
mod vuil_raith;
mod winnu;
mod xxcha;
mod yin;
mod yssaril;

pub(crate) use jol_nar::has_brilliant;
pub use naalu::ZeroToken;
pub use state::FactionState;
pub use titans::{Sleepers, SLEEPER_TOKENS};

/// Every faction with rules, by faction id, one line each.
pub(crate) static FACTIONS: &[(&str, &[Rule])] = &[
    ("nekro", nekro::RULES),
    ("jolnar", jol_nar::RULES),
    ("mahact", mahact::RULES),
    ("keleres", keleres::RULES),
    ("crimson", crimson_rebellion::RULES),
    ("naalu", naalu::RULES),
    ("ghost", creuss::RULES),
    ("l1z1x", l1z1x::RULES),
    ("muaat", muaat::RULES),
    ("sardakk", sardakk::RULES),
    ("sol", sol::RULES),
    ("letnev", letnev::RULES),
    ("saar", saar::RULES),
    ("winnu", winnu::RULES),
    ("hacan", hacan::RULES),
    ("argent", argent::RULES),
    ("yssaril", yssaril::RULES),
    ("empyrean", empyrean::RULES),
    ("nomad", nomad::RULES),
    ("arborec", arborec::RULES),
    ("cabal", vuil_raith::RULES),
    ("xxcha", xxcha::RULES),
    ("mentak", mentak::RULES),
    ("yin", yin::RULES),
    ("naaz", naaz::RULES),
    ("titans", titans::RULES),
];

/// Every faction ability with a rule, in registry order: ability `k` is [`AbilityBit`]`(k)`.
pub fn abilities() -> impl Iterator<Item = &'static str> {
    FACTIONS.iter().flat_map(|(_, r)| r.iter()).filter_map(|r| match r.source {
        SourceKey::Ability(id) => Some(id),
        _ => None,
    })
}

/// The bit of ability `id`, when a rule implements it.
pub fn ability_bit(id: &str) -> Option<AbilityBit> {
    abilities().position(|a| a == id).map(|k| AbilityBit(k as u8))
}

#[cfg(test)]
mod tests {
    #[test]
    fn at_most_64_abilities_and_no_rule_twice() {
        assert!(super::abilities().count() <= crate::ti4::rules::AbilitySet::CAPACITY);
        crate::ti4::rules::check_registry().unwrap();
    }
}
