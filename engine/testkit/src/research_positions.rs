//! Fixed research positions shared by the engine's integration tests, the criterion benches and
//! `sim bench`, so that a bench and a test talk about the same position.
//!
//! Each builder returns a [`Position`]: the state, the player to research, and the cost the
//! research must leave payable. States are built directly (no board: research reads only the
//! play areas and the planet cards).

use engine::ti4::content::Content;
use engine::ti4::ids::{Colour, FactionId, PlanetId, PlanetSet, Player, TechId, TechSet};
use engine::ti4::state::State;

/// A position to generate research options in.
#[derive(Clone, Debug)]
pub struct Position {
    /// Short name, used in bench ids.
    pub name: &'static str,
    /// The game state.
    pub state: State,
    /// The player who researches.
    pub player: Player,
    /// Resources the research must leave payable (0: Technology primary).
    pub cost: u32,
}

/// A technology by data-file key; panics naming the key when the content lacks it.
pub fn tech(c: &Content, key: &str) -> TechId {
    c.tech(key).unwrap_or_else(|| panic!("content has no technology '{key}'"))
}

/// A planet by data-file key; panics naming the key when the content lacks it.
pub fn planet(c: &Content, key: &str) -> PlanetId {
    c.planet(key).unwrap_or_else(|| panic!("content has no planet '{key}'"))
}

/// A faction by data-file key; panics naming the key when the content lacks it.
pub fn faction(c: &Content, key: &str) -> FactionId {
    c.faction(key).unwrap_or_else(|| panic!("content has no faction '{key}'"))
}

/// Technologies by data-file key.
pub fn techs(c: &Content, keys: &[&str]) -> TechSet {
    keys.iter().map(|k| tech(c, k)).collect()
}

/// Planets by data-file key.
pub fn planets(c: &Content, keys: &[&str]) -> PlanetSet {
    keys.iter().map(|k| planet(c, k)).collect()
}

/// A table of `factions` where each player owns their starting technologies and controls
/// their home planets, all ready, with no trade goods.
pub fn table(c: &Content, factions: &[&str]) -> State {
    let ids: Vec<FactionId> = factions.iter().map(|f| faction(c, f)).collect();
    let mut s = State::new(c, &ids);
    for (i, &f) in ids.iter().enumerate() {
        let ps = &mut s.players[i];
        ps.techs = c.factions[f.idx()].starting_techs;
        ps.planets = c.factions[f.idx()].home_planets.iter().copied().collect();
    }
    s
}

/// (a) A freshly set-up Sol player (starting technologies, home planet Jord) at a three-player
/// table: nothing to skip with, so only technologies the starting ones unlock.
pub fn fresh_start(c: &Content) -> Position {
    Position { name: "fresh_start", state: table(c, &["sol", "hacan", "jolnar"]), player: Player(0), cost: 0 }
}

/// (b) Mid-game Sol: 12 technologies (3 biotic, 3 propulsion, 2 cybernetic, 2 warfare, 2 unit
/// upgrades), Jord plus two plain planets, four specialty planets of the four colours of which
/// Gral (propulsion) is exhausted, 3 trade goods.
pub fn mid_game(c: &Content) -> Position {
    let mut s = table(c, &["sol", "hacan", "jolnar"]);
    let ps = &mut s.players[0];
    ps.techs = techs(
        c,
        &[
            "neural_motivator",
            "dacxive_animators",
            "hyper_metabolism",
            "antimass_deflectors",
            "gravity_drive",
            "fleet_logistics",
            "sarween_tools",
            "graviton_laser_system",
            "plasma_scoring",
            "magen_defense_grid",
            "advanced_carrier_ii",
            "destroyer_ii",
        ],
    );
    ps.planets = planets(c, &["jord", "abyz", "fria", "newalbion", "gral", "lazar", "meharxull"]);
    ps.trade_goods = 3;
    s.exhausted_planets = planets(c, &["gral"]);
    Position { name: "mid_game", state: s, player: Player(0), cost: 0 }
}

/// (c) The worst case: the L1Z1X owning only AI Development Algorithm and Inheritance Systems
/// (one warfare and one cybernetic technology, both ready), controlling every specialty planet
/// in the content (7 biotic, 6 propulsion, 6 cybernetic, 6 warfare counting the dual-colour
/// Olergodt), all ready, with enough trade goods that no option is priced out: nearly every
/// technology needs planets, in the largest subsets the content allows.
pub fn worst_case(c: &Content) -> Position {
    let mut s = table(c, &["l1z1x", "sol", "jolnar"]);
    let ps = &mut s.players[0];
    ps.techs = techs(c, &["ai_development_algorithm", "inheritance_systems"]);
    let mut all = PlanetSet::EMPTY;
    for col in Colour::ALL {
        all = all.union(c.specialty_planets[col as usize]);
    }
    ps.planets = ps.planets.union(all);
    ps.trade_goods = 10;
    Position { name: "worst_case", state: s, player: Player(0), cost: 0 }
}

/// The three bench positions in order.
pub fn all(c: &Content) -> [Position; 3] {
    [fresh_start(c), mid_game(c), worst_case(c)]
}
