//! The rules engine: game state and rules for TI4, Connect Four (and later games).
//!
//! Knows nothing of agents, threads or files beyond its own content.

pub mod bits;
pub mod connect_four;
pub mod game;
pub mod legion;
pub mod perft;
pub mod playthrough;
pub mod ti4;
