//! Generic technology effects in play, one file per technology card, each a [`Rule`] on the
//! hook points of [`crate::ti4::rules`]. The Technology rules themselves (research, gain,
//! prerequisites) are in `crate::ti4::technology`; faction technologies are in their faction's
//! file (`crate::ti4::factions`).

use crate::ti4::rules::Rule;

mod ai_development_algorithm;
mod antimass_deflectors;
mod assault_cannon;
mod bio_stims;
mod dacxive_animators;
mod dark_energy_tap;
mod duranium_armor;
mod fleet_logistics;
mod graviton_laser_system;
mod gravity_drive;
mod hyper_metabolism;
mod integrated_economy;
mod light_wave_deflector;
mod magen_defense_grid;
mod neural_motivator;
mod plasma_scoring;
mod predictive_intelligence;
mod psychoarchaeology;
mod sarween_tools;
mod scanlink_drone_network;
mod self_assembly_routines;
mod sling_relay;
mod transit_diodes;
mod x89_bacterial_weapon;

/// The generic technology rules, one line per card.
pub(crate) static RULES: &[Rule] = &[
    psychoarchaeology::RULE,
    ai_development_algorithm::RULE,
    antimass_deflectors::RULE,
    gravity_drive::RULE,
    light_wave_deflector::RULE,
    plasma_scoring::RULE,
    graviton_laser_system::RULE,
    assault_cannon::RULE,
    duranium_armor::RULE,
    dark_energy_tap::RULE,
    magen_defense_grid::RULE,
    dacxive_animators::RULE,
    sarween_tools::RULE,
    self_assembly_routines::RULE,
    fleet_logistics::RULE,
    bio_stims::RULE,
    neural_motivator::RULE,
    hyper_metabolism::RULE,
    predictive_intelligence::RULE,
    sling_relay::RULE,
    x89_bacterial_weapon::RULE,
    integrated_economy::RULE,
    transit_diodes::RULE,
    scanlink_drone_network::RULE,
];
