//! Twilight Imperium 4: content, state and rules, one module per rulebook area.

pub mod action_cards;
pub mod combat;
pub mod components;
pub mod content;
pub mod control;
pub mod elimination;
pub mod exploration;
pub mod factions;
pub mod galaxy;
pub mod game;
pub mod ids;
pub mod laws;
pub mod placement;
pub mod position;
pub mod rules;
pub mod state;
pub mod technology;
pub mod techs;
