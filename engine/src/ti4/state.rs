//! The compact TI4 game state: fixed-size arrays and bitsets, no heap, so `clone` is a copy.
//!
//! Rules live in their own modules as functions over `(&Content, &mut State)`; the state holds
//! plain data only. Units on the board are kept per location with a single occupying player
//! (two players' units share a location only inside a combat, which keeps its own record), and
//! per-player counters of units on the board are maintained by [`State::add_units`] and
//! [`State::remove_units`] so that the elimination check is a handful of bit operations.

use crate::ti4::content::Content;
use crate::ti4::ids::*;

/// Most system tiles a board holds (a radius-4 hexagonal map has 61, plus off-board homes).
pub const MAX_SYSTEMS: usize = 64;
/// Most planets one tile carries.
pub const MAX_PLANETS_PER_SYSTEM: usize = 3;
/// Command tokens each player owns (16 in the box per colour).
pub const COMMAND_TOKENS: u8 = 16;
/// No player: an empty location.
pub const NOBODY: u8 = u8::MAX;

/// Units of one player in one place, counted by [`UnitType`]; `damaged` counts those of each
/// type that have used SUSTAIN DAMAGE.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Hash)]
pub struct Units {
    /// Units by type.
    pub count: [u8; UNIT_TYPES],
    /// Damaged units by type (never above `count`).
    pub damaged: [u8; UNIT_TYPES],
}

impl Units {
    /// True when no unit is here.
    pub fn is_empty(&self) -> bool {
        self.count.iter().all(|&c| c == 0)
    }
    /// Units of a type.
    #[inline]
    pub fn of(&self, t: UnitType) -> u8 {
        self.count[t.idx()]
    }
}

/// A location on the board: the space area of a system, or a planet of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Location {
    /// The space area of the system in this board slot.
    Space(u8),
    /// Planet `n` (tile order) of the system in this board slot.
    Planet(u8, u8),
}

/// What lies in one place on the board: who occupies it and their units.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Area {
    /// The occupying player, or [`NOBODY`].
    pub owner: u8,
    /// Their units there.
    pub units: Units,
}

impl Default for Area {
    fn default() -> Self {
        Area { owner: NOBODY, units: Units::default() }
    }
}

/// One system tile on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct SystemSlot {
    /// The tile.
    pub tile: SystemId,
    /// The space area.
    pub space: Area,
    /// The planets, in the tile's planet order (unused entries empty).
    pub planets: [Area; MAX_PLANETS_PER_SYSTEM],
    /// Players with a command token in this system.
    pub tokens: PlayerSet,
}

/// A player's own components, pools and play area.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct PlayerState {
    /// The faction played.
    pub faction: FactionId,
    /// False once eliminated: the record stays, inert, so effects that refer to it resolve.
    pub in_game: bool,
    /// Technologies in the play area: the ones the player owns (Technology 1-2).
    pub techs: TechSet,
    /// Owned technology cards that are exhausted.
    pub exhausted_techs: TechSet,
    /// Planets controlled (their cards are in the play area).
    pub planets: PlanetSet,
    /// Trade goods.
    pub trade_goods: u8,
    /// Commodities.
    pub commodities: u8,
    /// Command tokens in the tactic pool.
    pub tactic: u8,
    /// Command tokens in the fleet pool.
    pub fleet: u8,
    /// Command tokens in the strategy pool.
    pub strategy: u8,
    /// Command tokens in reinforcements.
    pub token_reinforcements: u8,
    /// Units in reinforcements, by type.
    pub reinforcements: [u8; UNIT_TYPES],
    /// Units on the board, by type (maintained by [`State::add_units`]).
    pub on_board: [u8; UNIT_TYPES],
    /// Nekro only: the technologies carrying Valefar Assimilator X and Y tokens (Technology 16-22).
    pub valefar: [Option<TechId>; 2],
}

/// The whole game state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct State {
    /// Seats in clockwise order; only the first `num_players` are in use.
    pub players: [PlayerState; MAX_PLAYERS],
    /// Players at the table when the game started.
    pub num_players: u8,
    /// Exhausted planet cards, whoever holds them.
    pub exhausted_planets: PlanetSet,
    /// The board: slots `0..num_systems` are in use.
    pub systems: [SystemSlot; MAX_SYSTEMS],
    /// Tiles on the board.
    pub num_systems: u8,
}

/// Why a unit cannot be placed or removed.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum UnitError {
    /// Another player occupies the location.
    Occupied,
    /// Fewer units there (or in reinforcements) than asked for.
    NotEnough,
    /// The location does not exist on this board.
    NoSuchLocation,
}

impl State {
    /// An empty table of `num_players` seats playing `factions` (no board, no components placed:
    /// setup lives with the round loop; positions fill the rest). Units start in reinforcements
    /// up to each unit's component limit.
    pub fn new(content: &Content, factions: &[FactionId]) -> State {
        let blank = PlayerState {
            faction: FactionId(0),
            in_game: false,
            techs: TechSet::EMPTY,
            exhausted_techs: TechSet::EMPTY,
            planets: PlanetSet::EMPTY,
            trade_goods: 0,
            commodities: 0,
            tactic: 0,
            fleet: 0,
            strategy: 0,
            token_reinforcements: 0,
            reinforcements: [0; UNIT_TYPES],
            on_board: [0; UNIT_TYPES],
            valefar: [None; 2],
        };
        let mut s = State {
            players: [blank; MAX_PLAYERS],
            num_players: factions.len() as u8,
            exhausted_planets: PlanetSet::EMPTY,
            systems: [SystemSlot {
                tile: SystemId(0),
                space: Area::default(),
                planets: [Area::default(); MAX_PLANETS_PER_SYSTEM],
                tokens: PlayerSet::EMPTY,
            }; MAX_SYSTEMS],
            num_systems: 0,
        };
        for (i, &f) in factions.iter().enumerate().take(MAX_PLAYERS) {
            let p = &mut s.players[i];
            p.faction = f;
            p.in_game = true;
            p.tactic = 3;
            p.fleet = 3;
            p.strategy = 2;
            p.token_reinforcements = COMMAND_TOKENS - 8;
            for t in UnitType::ALL {
                p.reinforcements[t.idx()] = component_limit(content, f, t);
            }
        }
        s
    }

    /// Seats in play order `0..num_players`.
    pub fn seats(&self) -> impl Iterator<Item = Player> {
        (0..self.num_players).map(Player)
    }

    /// A player's record.
    #[inline]
    pub fn player(&self, p: Player) -> &PlayerState {
        &self.players[p.idx()]
    }

    /// A player's record, mutable.
    #[inline]
    pub fn player_mut(&mut self, p: Player) -> &mut PlayerState {
        &mut self.players[p.idx()]
    }

    /// The seat playing a faction, if any.
    pub fn seat_of(&self, f: FactionId) -> Option<Player> {
        self.seats().find(|&p| self.player(p).faction == f)
    }

    /// The board slot holding a tile, if it is on the board.
    pub fn slot_of(&self, tile: SystemId) -> Option<u8> {
        (0..self.num_systems).find(|&i| self.systems[i as usize].tile == tile)
    }

    /// Puts a tile on the board (empty) and returns its slot; the slot is reused if present.
    pub fn place_system(&mut self, tile: SystemId) -> u8 {
        if let Some(i) = self.slot_of(tile) {
            return i;
        }
        let i = self.num_systems;
        assert!((i as usize) < MAX_SYSTEMS, "board full: at most {MAX_SYSTEMS} systems");
        self.systems[i as usize].tile = tile;
        self.num_systems += 1;
        i
    }

    /// The location of a planet's surface, if its tile is on the board.
    pub fn planet_location(&self, content: &Content, planet: PlanetId) -> Option<Location> {
        let tile = content.planets[planet.idx()].system?;
        let slot = self.slot_of(tile)?;
        let n = content.systems[tile.idx()].planets.iter().position(|&p| p == planet)?;
        Some(Location::Planet(slot, n as u8))
    }

    /// The planet card at a planet location.
    pub fn planet_at(&self, content: &Content, loc: Location) -> Option<PlanetId> {
        match loc {
            Location::Planet(slot, n) => {
                let tile = self.systems.get(slot as usize)?.tile;
                content.systems[tile.idx()].planets.get(n as usize).copied()
            }
            Location::Space(_) => None,
        }
    }

    /// The area at a location.
    pub fn area(&self, loc: Location) -> &Area {
        match loc {
            Location::Space(s) => &self.systems[s as usize].space,
            Location::Planet(s, n) => &self.systems[s as usize].planets[n as usize],
        }
    }

    fn area_mut(&mut self, loc: Location) -> &mut Area {
        match loc {
            Location::Space(s) => &mut self.systems[s as usize].space,
            Location::Planet(s, n) => &mut self.systems[s as usize].planets[n as usize],
        }
    }

    /// Moves `n` units of a type from the player's reinforcements onto the board.
    pub fn add_units(&mut self, p: Player, loc: Location, t: UnitType, n: u8) -> Result<(), UnitError> {
        let slot = match loc {
            Location::Space(s) | Location::Planet(s, _) => s,
        };
        if slot >= self.num_systems {
            return Err(UnitError::NoSuchLocation);
        }
        let area = self.area(loc);
        if area.owner != NOBODY && area.owner != p.0 {
            return Err(UnitError::Occupied);
        }
        if self.players[p.idx()].reinforcements[t.idx()] < n {
            return Err(UnitError::NotEnough);
        }
        let ps = &mut self.players[p.idx()];
        ps.reinforcements[t.idx()] -= n;
        ps.on_board[t.idx()] += n;
        let a = self.area_mut(loc);
        a.owner = p.0;
        a.units.count[t.idx()] += n;
        Ok(())
    }

    /// Returns `n` units of a type from the board to their owner's reinforcements
    /// (damaged ones first).
    pub fn remove_units(&mut self, loc: Location, t: UnitType, n: u8) -> Result<Player, UnitError> {
        let a = self.area_mut(loc);
        if a.owner == NOBODY || a.units.count[t.idx()] < n {
            return Err(UnitError::NotEnough);
        }
        let owner = Player(a.owner);
        a.units.count[t.idx()] -= n;
        a.units.damaged[t.idx()] = a.units.damaged[t.idx()].min(a.units.count[t.idx()]);
        if a.units.is_empty() {
            *a = Area::default();
        }
        let ps = &mut self.players[owner.idx()];
        ps.on_board[t.idx()] -= n;
        ps.reinforcements[t.idx()] += n;
        Ok(owner)
    }

    /// Every location on the board where `p` has units of type `t`, in board order.
    pub fn locations_of(&self, p: Player, t: UnitType) -> impl Iterator<Item = (Location, u8)> + '_ {
        (0..self.num_systems).flat_map(move |s| {
            let slot = &self.systems[s as usize];
            let space = std::iter::once((Location::Space(s), &slot.space));
            let planets = (0..MAX_PLANETS_PER_SYSTEM as u8).map(move |n| (Location::Planet(s, n), &slot.planets[n as usize]));
            space
                .chain(planets)
                .filter(move |(_, a)| a.owner == p.0 && a.units.of(t) > 0)
                .map(move |(l, a)| (l, a.units.of(t)))
        })
    }

    /// Resources of a player's ready planets that are not in `except`, plus trade goods.
    pub fn spendable_resources(&self, content: &Content, p: Player, except: PlanetSet) -> u32 {
        let ps = self.player(p);
        let ready = ps.planets.difference(self.exhausted_planets).difference(except);
        ready.iter().map(|pl| content.planets[pl.idx()].resources as u32).sum::<u32>() + ps.trade_goods as u32
    }
}

/// The plastic (or token) supply of a unit type for a faction: the sheet unit's component
/// limit; unlimited types (fighters, infantry use tokens past the plastic) are capped at 99.
pub fn component_limit(content: &Content, f: FactionId, t: UnitType) -> u8 {
    let unit = content.sheet_unit[f.idx()][t.idx()]
        .or_else(|| content.upgraded_units[t.idx()].iter().copied().find(|&u| content.units[u.idx()].faction.is_none()));
    match unit.and_then(|u| content.units[u.idx()].component_limit) {
        Some(n) => n,
        None if unit.is_some() => 99,
        None => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_compact_and_heap_free() {
        // Copy guarantees no heap; the size bound is stated in the README.
        fn is_copy<T: Copy>() {}
        is_copy::<State>();
        let size = std::mem::size_of::<State>();
        assert!(size <= 4096, "State is {size} bytes");
    }

    #[test]
    fn add_and_remove_units_keep_counters() {
        let c = Content::embedded();
        let sol = c.faction("sol").unwrap();
        let mut s = State::new(&c, &[sol]);
        let slot = s.place_system(c.system("01").unwrap());
        let jord = s.planet_location(&c, c.planet("jord").unwrap()).unwrap();
        assert_eq!(jord, Location::Planet(slot, 0));
        let before = s.players[0].reinforcements[UnitType::Infantry.idx()];
        s.add_units(Player(0), jord, UnitType::Infantry, 3).unwrap();
        assert_eq!(s.players[0].on_board[UnitType::Infantry.idx()], 3);
        assert_eq!(s.players[0].reinforcements[UnitType::Infantry.idx()], before - 3);
        s.remove_units(jord, UnitType::Infantry, 3).unwrap();
        assert_eq!(s.area(jord).owner, NOBODY);
        assert_eq!(s.players[0].reinforcements[UnitType::Infantry.idx()], before);
        assert_eq!(s.remove_units(jord, UnitType::Infantry, 1), Err(UnitError::NotEnough));
    }
}
