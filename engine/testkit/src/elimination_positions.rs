//! Fixed positions for the elimination benches (`benches/elimination.rs`,
//! `examples/elimination_callgrind.rs`), each with the outcome its bench asserts.

use engine::ti4::content::Content;
use engine::ti4::position::state_from_json;
use engine::ti4::state::State;

/// A named position and the seats `check_elimination` must eliminate in it.
pub struct Position {
    /// Bench id.
    pub name: &'static str,
    /// The state.
    pub state: State,
    /// Seats eliminated by one `check_elimination` (bit per seat).
    pub eliminated: u64,
}

/// Six players in mid-game: everyone controls planets (the check stops at the first test).
const MID_GAME: &str = r#"{"players": [
  {"faction": "sol", "units": [{"unit": "infantry", "count": 3, "planet": "jord"}, {"unit": "carrier", "count": 2, "system": "01"}]},
  {"faction": "hacan", "units": [{"unit": "space_dock", "planet": "arretze"}, {"unit": "cruiser", "system": "16"}]},
  {"faction": "xxcha", "units": [{"unit": "pds", "planet": "archonren"}]},
  {"faction": "letnev", "units": [{"unit": "dreadnought", "count": 2, "system": "10"}]},
  {"faction": "saar", "units": [{"unit": "space_dock", "system": "11"}]},
  {"faction": "titans", "units": [{"unit": "pds", "planet": "elysium"}]}]}"#;

/// Six players without planets, each kept in the game by units only (the mask test decides).
const NO_PLANETS: &str = r#"{"players": [
  {"faction": "sol", "planets": [], "units": [{"unit": "carrier", "system": "18"}, {"unit": "infantry", "count": 2, "system": "18"}]},
  {"faction": "hacan", "planets": [], "units": [{"unit": "space_dock", "planet": "lodor"}]},
  {"faction": "saar", "planets": [], "units": [{"unit": "space_dock", "system": "19"}]},
  {"faction": "titans", "planets": [], "units": [{"unit": "pds", "planet": "quann"}]},
  {"faction": "arborec", "planets": [], "units": [{"unit": "infantry", "planet": "abyz"}]},
  {"faction": "muaat", "technologies": ["magmus_reactor"], "planets": [],
   "units": [{"unit": "war_sun", "system": "43"}]}]}"#;

/// NO_PLANETS with every unit gone from the Muaat player's supernova but a ship elsewhere: the
/// Magmus Reactor scan runs over the whole board and the player is eliminated.
const MAGMUS_OUT: &str = r#"{"systems": ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32", "33", "34", "35", "36", "37", "38", "39", "40", "41", "42", "43"],
 "players": [
  {"faction": "sol", "planets": [], "units": [{"unit": "carrier", "system": "18"}, {"unit": "infantry", "count": 2, "system": "18"}]},
  {"faction": "hacan", "planets": [], "units": [{"unit": "space_dock", "planet": "lodor"}]},
  {"faction": "saar", "planets": [], "units": [{"unit": "space_dock", "system": "19"}]},
  {"faction": "titans", "planets": [], "units": [{"unit": "pds", "planet": "quann"}]},
  {"faction": "arborec", "planets": [], "units": [{"unit": "infantry", "planet": "abyz"}]},
  {"faction": "muaat", "technologies": ["magmus_reactor"], "planets": [],
   "units": [{"unit": "war_sun", "system": "42"}], "action_cards": ["sabotage", "direct_hit"],
   "secret_objectives": {"hand": ["cut_supply_lines"]}}],
 "strategy_cards": [{"card": "warfare", "holder": "muaat"}]}"#;

/// The bench positions.
pub fn all(c: &Content) -> Vec<Position> {
    let read = |json: &str| state_from_json(c, json).unwrap_or_else(|e| panic!("bench position rejected: {e}"));
    vec![
        Position { name: "mid_game", state: read(MID_GAME), eliminated: 0 },
        Position { name: "no_planets", state: read(NO_PLANETS), eliminated: 0 },
        Position { name: "magmus_out", state: read(MAGMUS_OUT), eliminated: 1 << 5 },
    ]
}
