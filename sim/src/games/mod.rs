//! The games `sim` ships with, one folder each (its adapter: rule options, agents, tallies,
//! invariants, explain topics, bench), and [`builtin`], the one list that registers them.
//!
//! Adding a game: implement [`crate::run::spec::Experimentable`] in `games/<game>/` and add one
//! line below (`docs/ADDING_A_GAME.md`).

pub mod connect_four;
pub mod legion;
pub mod ti4;

use crate::registry::Registry;

/// Every built-in game, in the order errors and `sim explain --help` list them.
pub fn builtin() -> Registry {
    Registry::empty()
        .with::<engine::connect_four::ConnectFour>()
        .with::<engine::ti4::game::Ti4Game>()
        .with::<engine::legion::LegionGame>()
}
