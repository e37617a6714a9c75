//! The compact TI4 game state: fixed-size arrays and bitsets, no heap, so `clone` is a copy.
//!
//! Rules live in their own modules as functions over `(&Content, &mut State)`; the state holds
//! plain data only. Units on the board are kept per location with a single occupying player
//! (two players' units share a location only inside a combat, which keeps its own record), and
//! per-player counters of units on the board are maintained by [`State::add_units`] and
//! [`State::remove_units`] so that the elimination check is a handful of bit operations.

use crate::ti4::components::*;
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

/// Unit types that can stand on a planet: infantry, mech, PDS, space dock (the first four
/// [`UnitType`]s).
pub const GROUND_TYPES: usize = 4;

/// Units of one player in one place, counted by [`UnitType`] index (`N` = [`UNIT_TYPES`] in a
/// space area, [`GROUND_TYPES`] on a planet); `damaged` counts those that have used SUSTAIN
/// DAMAGE (never above `count`). `owner` is the occupying player or [`NOBODY`].
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Stack<const N: usize> {
    /// The occupying player, or [`NOBODY`].
    pub owner: u8,
    /// Units by type.
    pub count: [u8; N],
    /// Damaged units by type.
    pub damaged: [u8; N],
}

impl<const N: usize> Default for Stack<N> {
    fn default() -> Self {
        Stack { owner: NOBODY, count: [0; N], damaged: [0; N] }
    }
}

impl<const N: usize> Stack<N> {
    /// True when no unit is here.
    pub fn is_empty(&self) -> bool {
        self.count.iter().all(|&c| c == 0)
    }
    /// Units of a type (0 for types that cannot be here).
    #[inline]
    pub fn of(&self, t: UnitType) -> u8 {
        self.count.get(t.idx()).copied().unwrap_or(0)
    }
    /// Damaged units of a type.
    #[inline]
    pub fn damaged_of(&self, t: UnitType) -> u8 {
        self.damaged.get(t.idx()).copied().unwrap_or(0)
    }
    /// The occupying player.
    pub fn occupant(&self) -> Option<Player> {
        (self.owner != NOBODY).then_some(Player(self.owner))
    }
}

/// A space area: ships, and ground forces or structures carried there.
pub type SpaceArea = Stack<UNIT_TYPES>;
/// A planet's surface: ground forces and structures.
pub type PlanetArea = Stack<GROUND_TYPES>;

/// A location on the board: the space area of a system, or a planet of it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Location {
    /// The space area of the system in this board slot.
    Space(u8),
    /// Planet `n` (tile order) of the system in this board slot.
    Planet(u8, u8),
}

impl Location {
    /// The board slot of the system the location is in.
    #[inline]
    pub fn slot(self) -> u8 {
        match self {
            Location::Space(slot) | Location::Planet(slot, _) => slot,
        }
    }

    /// Every location of the system in board slot `slot`: its space area, then its
    /// [`MAX_PLANETS_PER_SYSTEM`] planet areas (those past the tile's planets stay empty).
    #[inline]
    pub fn all_in(slot: u8) -> impl Iterator<Item = Location> {
        std::iter::once(Location::Space(slot))
            .chain((0..MAX_PLANETS_PER_SYSTEM as u8).map(move |n| Location::Planet(slot, n)))
    }
}

/// One system tile on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct SystemSlot {
    /// The tile.
    pub tile: SystemId,
    /// The space area.
    pub space: SpaceArea,
    /// The planets, in the tile's planet order (unused entries empty).
    pub planets: [PlanetArea; MAX_PLANETS_PER_SYSTEM],
    /// Players with a command token in this system, one bit per seat.
    pub tokens: u8,
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
    /// Unit types (bit per [`UnitType`] index) with units on the board: bit `t` is set exactly
    /// when `on_board[t] > 0` (maintained by [`State::add_units`] and [`State::remove_units`]).
    pub board_types: u16,
    /// Unit types that are ground forces in the player's current unit definitions (faction
    /// sheet, upgrades, Valefar copies): `elimination::refresh_unit_masks` recomputes it when
    /// technologies change.
    pub ground_types: u16,
    /// Unit types that have PRODUCTION in the player's current unit definitions, plus
    /// `elimination::SUPERNOVA_PRODUCTION` when a supernova with their units produces (Magmus
    /// Reactor Ω).
    pub production_types: u16,
    /// Victory points from sources other than objectives (custodians, Imperial, agendas, relics).
    pub bonus_vp: u8,
    /// The final standing once eliminated.
    pub standing: Standing,
}

impl PlayerState {
    /// Rules 20: one command token from reinforcements into pool `pool` (0 tactic, 1 fleet,
    /// any other value strategy); false, and nothing changes, when reinforcements are empty.
    pub fn gain_token(&mut self, pool: u8) -> bool {
        if self.token_reinforcements == 0 {
            return false;
        }
        self.token_reinforcements -= 1;
        match pool {
            0 => self.tactic += 1,
            1 => self.fleet += 1,
            _ => self.strategy += 1,
        }
        true
    }

    /// One command token from the strategy pool back to reinforcements (a token removed, not
    /// spent: Cybernetic Enhancements, Military Support); false, and nothing changes, when the
    /// strategy pool is empty.
    pub fn return_strategy_token(&mut self) -> bool {
        if self.strategy == 0 {
            return false;
        }
        self.strategy -= 1;
        self.token_reinforcements += 1;
        true
    }
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
    /// The game round (1 for the first).
    pub round: u8,
    /// Every physical action card, by copy (`Content::cards.action_copies`).
    pub action_cards: ActionCards,
    /// Every agenda card.
    pub agendas: Agendas,
    /// Every public objective, and who scored it.
    pub public_objectives: PublicObjectives,
    /// Every secret objective.
    pub secret_objectives: SecretObjectives,
    /// Every player's promissory notes.
    pub notes: Notes,
    /// Every player's leaders.
    pub leaders: Leaders,
    /// The eight strategy cards.
    pub strategy_cards: StrategyCards,
    /// The speaker token.
    pub tokens: Tokens,
    /// The faction components with a position of their own (Valefar Assimilator tokens, command
    /// tokens on the Mahact sheet, Creuss wormhole tokens, the Naalu "0" token, the Titans'
    /// attachments and sleeper tokens), owned by the faction files.
    pub factions: crate::ti4::factions::FactionState,
    /// Units held captive on captors' faction sheets.
    pub captured: Captured,
    /// Exploration decks, relic fragments and attachments.
    pub exploration: Exploration,
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
    /// Ships cannot stand on a planet.
    WrongArea,
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
            board_types: 0,
            ground_types: 0,
            production_types: 0,
            bonus_vp: 0,
            standing: Standing::default(),
        };
        let cards = &content.cards;
        let mut s = State {
            players: [blank; MAX_PLAYERS],
            num_players: factions.len() as u8,
            exhausted_planets: PlanetSet::EMPTY,
            systems: [SystemSlot {
                tile: SystemId(0),
                space: SpaceArea::default(),
                planets: [PlanetArea::default(); MAX_PLANETS_PER_SYSTEM],
                tokens: 0,
            }; MAX_SYSTEMS],
            num_systems: 0,
            round: 1,
            action_cards: ActionCards::new(cards.action_copies.len(), Zone::Deck),
            agendas: Agendas::new(cards.agendas.len(), Zone::Deck),
            public_objectives: PublicObjectives::default(),
            secret_objectives: SecretObjectives::new(cards.secret_objectives.len(), Zone::Deck),
            notes: Notes::default(),
            leaders: Leaders::default(),
            strategy_cards: StrategyCards::default(),
            tokens: Tokens { speaker: (!factions.is_empty()).then_some(Player(0)) },
            factions: crate::ti4::factions::FactionState::default(),
            captured: Captured::default(),
            exploration: Exploration::new(content),
        };
        // Prophecy of Kings sets some base-game agendas aside.
        for (i, a) in cards.agendas.iter().enumerate() {
            if a.removed_in_pok {
                s.agendas.set(i, Zone::Removed);
            }
        }
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
            let seat = Player(i as u8);
            for k in 0..cards.seat_notes[f.idx()].len() {
                s.notes.set(seat, k, Zone::Hand(seat));
            }
            for (k, &l) in cards.seat_leaders[f.idx()].iter().enumerate() {
                let agent = cards.leaders[l.idx()].kind == crate::ti4::content::LeaderKind::Agent;
                s.leaders.set(seat, k, if agent { LeaderState::Unlocked } else { LeaderState::Locked });
            }
            crate::ti4::elimination::refresh_unit_masks(content, &mut s, seat);
            crate::ti4::rules::seat_setup(content, &mut s, seat);
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
        let own = content.planets[planet.idx()].system?;
        // A planet printed on two tiles (Mallice) stands on whichever is on the board.
        let (tile, slot) = match self.slot_of(own) {
            Some(slot) => (own, slot),
            None => {
                let alt = content.planet_alt_tile[planet.idx()]?;
                (alt, self.slot_of(alt)?)
            }
        };
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

    /// True when `p` has units (ships, ground forces or structures) in the system in `slot`:
    /// in its space area or on one of its planets.
    #[inline]
    pub fn has_units_in(&self, p: Player, slot: u8) -> bool {
        let sys = &self.systems[slot as usize];
        sys.space.owner == p.0 || sys.planets.iter().any(|a| a.owner == p.0)
    }

    /// True when `p` has a space dock on a planet of the system in `slot`.
    #[inline]
    pub fn has_dock_in(&self, p: Player, slot: u8) -> bool {
        self.systems[slot as usize].planets.iter().any(|a| a.owner == p.0 && a.of(UnitType::SpaceDock) > 0)
    }

    /// The occupying player at a location.
    pub fn occupant(&self, loc: Location) -> Option<Player> {
        match loc {
            Location::Space(s) => self.systems[s as usize].space.occupant(),
            Location::Planet(s, n) => self.systems[s as usize].planets[n as usize].occupant(),
        }
    }

    /// Ground forces (infantry and mechs) at a location.
    #[inline]
    pub fn ground_forces_at(&self, loc: Location) -> u8 {
        self.count_at(loc, UnitType::Infantry) + self.count_at(loc, UnitType::Mech)
    }

    /// Units of a type at a location.
    pub fn count_at(&self, loc: Location, t: UnitType) -> u8 {
        match loc {
            Location::Space(s) => self.systems[s as usize].space.of(t),
            Location::Planet(s, n) => self.systems[s as usize].planets[n as usize].of(t),
        }
    }

    /// Damaged units of a type at a location.
    pub fn damaged_at(&self, loc: Location, t: UnitType) -> u8 {
        match loc {
            Location::Space(s) => self.systems[s as usize].space.damaged_of(t),
            Location::Planet(s, n) => self.systems[s as usize].planets[n as usize].damaged_of(t),
        }
    }

    /// True when no unit is at a location.
    pub fn is_empty_at(&self, loc: Location) -> bool {
        self.occupant(loc).is_none()
    }

    /// Sets how many units of a type at a location are damaged (at most the count there).
    pub fn set_damaged(&mut self, loc: Location, t: UnitType, n: u8) -> Result<(), UnitError> {
        let count = self.count_at(loc, t);
        if n > count {
            return Err(UnitError::NotEnough);
        }
        let (owner, counts, damaged) = self.stack_mut(loc, t)?;
        let _ = (owner, counts);
        *damaged = n;
        Ok(())
    }

    /// The owner byte, the count and the damaged count of type `t` at `loc`.
    fn stack_mut(&mut self, loc: Location, t: UnitType) -> Result<(&mut u8, &mut u8, &mut u8), UnitError> {
        let (s, n) = match loc {
            Location::Space(s) => (s, None),
            Location::Planet(s, n) => (s, Some(n)),
        };
        if s >= self.num_systems || n.is_some_and(|n| n as usize >= MAX_PLANETS_PER_SYSTEM) {
            return Err(UnitError::NoSuchLocation);
        }
        let slot = &mut self.systems[s as usize];
        match n {
            None => {
                let a = &mut slot.space;
                Ok((&mut a.owner, &mut a.count[t.idx()], &mut a.damaged[t.idx()]))
            }
            Some(n) => {
                let a = &mut slot.planets[n as usize];
                if t.idx() >= GROUND_TYPES {
                    return Err(UnitError::WrongArea);
                }
                Ok((&mut a.owner, &mut a.count[t.idx()], &mut a.damaged[t.idx()]))
            }
        }
    }

    fn clear_if_empty(&mut self, loc: Location) {
        match loc {
            Location::Space(s) => {
                let a = &mut self.systems[s as usize].space;
                if a.is_empty() {
                    *a = SpaceArea::default();
                }
            }
            Location::Planet(s, n) => {
                let a = &mut self.systems[s as usize].planets[n as usize];
                if a.is_empty() {
                    *a = PlanetArea::default();
                }
            }
        }
    }

    /// Moves `n` units of a type from the player's reinforcements onto the board.
    pub fn add_units(&mut self, p: Player, loc: Location, t: UnitType, n: u8) -> Result<(), UnitError> {
        if self.players[p.idx()].reinforcements[t.idx()] < n {
            return Err(UnitError::NotEnough);
        }
        let (owner, count, _) = self.stack_mut(loc, t)?;
        if *owner != NOBODY && *owner != p.0 {
            return Err(UnitError::Occupied);
        }
        *owner = p.0;
        *count += n;
        let ps = &mut self.players[p.idx()];
        ps.reinforcements[t.idx()] -= n;
        ps.on_board[t.idx()] += n;
        if n > 0 {
            ps.board_types |= 1 << t.idx();
        }
        Ok(())
    }

    /// Returns `n` units of a type from the board to their owner's reinforcements
    /// (damaged ones first).
    pub fn remove_units(&mut self, loc: Location, t: UnitType, n: u8) -> Result<Player, UnitError> {
        let (owner, count, damaged) = self.stack_mut(loc, t)?;
        if *owner == NOBODY || *count < n {
            return Err(UnitError::NotEnough);
        }
        let who = Player(*owner);
        *count -= n;
        *damaged = (*damaged).min(*count);
        self.clear_if_empty(loc);
        let ps = &mut self.players[who.idx()];
        ps.on_board[t.idx()] -= n;
        ps.reinforcements[t.idx()] += n;
        if ps.on_board[t.idx()] == 0 {
            ps.board_types &= !(1 << t.idx());
        }
        Ok(who)
    }

    /// Every location on the board where `p` has units of type `t`, with their number, in
    /// board order (space before the planets of each slot).
    pub fn locations_of(&self, p: Player, t: UnitType) -> impl Iterator<Item = (Location, u8)> + '_ {
        (0..self.num_systems).flat_map(move |s| {
            Location::all_in(s)
                .filter(move |&l| self.occupant(l) == Some(p))
                .map(move |l| (l, self.count_at(l, t)))
                .filter(|&(_, k)| k > 0)
        })
    }

    /// Resources of a player's ready planets that are not in `except`, plus trade goods.
    pub fn spendable_resources(&self, content: &Content, p: Player, except: PlanetSet) -> u32 {
        let ps = self.player(p);
        let ready = ps.planets.difference(self.exhausted_planets).difference(except);
        ready.iter().map(|pl| self.resources_of(content, pl) as u32).sum::<u32>() + ps.trade_goods as u32
    }

    /// The resource value of planet `pl`: printed, plus its attachments (Exploration 35.6).
    #[inline]
    pub fn resources_of(&self, content: &Content, pl: PlanetId) -> u8 {
        content.planets[pl.idx()].resources + self.exploration.bonus(pl).resources + self.factions.planet_bonus(pl)
    }

    /// The traits of planet `pl`, bit per trait (cultural, hazardous, industrial, as
    /// `Planet::trait_bits`): printed, plus those a faction attachment gives (Terraform).
    #[inline]
    pub fn planet_traits(&self, content: &Content, pl: PlanetId) -> u8 {
        content.planets[pl.idx()].trait_bits | self.factions.planet_traits(pl)
    }

    /// True when planet `pl` has trait `t` (bit `t` of [`State::planet_traits`]:
    /// `content::CULTURAL`, `HAZARDOUS` or `INDUSTRIAL`).
    #[inline]
    pub fn has_trait(&self, content: &Content, pl: PlanetId, t: usize) -> bool {
        self.planet_traits(content, pl) >> t & 1 == 1
    }

    /// The planets with trait `t` (bit `t` of [`State::planet_traits`]): the content's, plus
    /// those a faction attachment gives every trait (Terraform).
    #[inline]
    pub fn trait_planets(&self, content: &Content, t: usize) -> PlanetSet {
        content.trait_planets[t].union(self.factions.all_trait_planets())
    }

    /// The influence value of planet `pl`: printed, plus its attachments (Exploration 35.6;
    /// Geoform).
    #[inline]
    pub fn influence_of(&self, content: &Content, pl: PlanetId) -> u8 {
        content.planets[pl.idx()].influence + self.exploration.bonus(pl).influence + self.factions.planet_bonus(pl)
    }

    /// The technology specialties of planet `pl` (one bit per `Colour as usize`): printed, plus
    /// those its attachments give (the research facilities of exploration).
    #[inline]
    pub fn specialties_of(&self, content: &Content, pl: PlanetId) -> u8 {
        content.planets[pl.idx()].specialties | self.exploration.bonus(pl).specialties
    }
}

/// Fighters and infantry have tokens beyond their plastic: the engine caps their supply here.
pub const TOKEN_UNIT_SUPPLY: u8 = 99;

/// The component limit of a unit type for a faction: the generic unit's plastic count (a
/// faction unit replaces the generic piece and shares its limit unless its own entry gives
/// one; mechs 4 and flagships 1); fighters and infantry are unlimited through tokens ([`TOKEN_UNIT_SUPPLY`]); 0 when
/// the faction has no unit of that type at all (e.g. a mech-less content set).
pub fn component_limit(content: &Content, f: FactionId, t: UnitType) -> u8 {
    if matches!(t, UnitType::Fighter | UnitType::Infantry) {
        return TOKEN_UNIT_SUPPLY;
    }
    let own = content.sheet_unit[f.idx()][t.idx()].and_then(|u| content.units[u.idx()].component_limit);
    let generic =
        || content.units.iter().filter(|u| u.unit_type == t && u.faction.is_none()).find_map(|u| u.component_limit);
    let exists = content.sheet_unit[f.idx()][t.idx()].is_some() || !content.upgraded_units[t.idx()].is_empty();
    match own.or_else(generic) {
        Some(n) if exists => n,
        // Faction-only types the data gives no limit for: 4 mechs and 1 flagship per player.
        None if exists && t == UnitType::Mech => 4,
        None if exists && t == UnitType::Flagship => 1,
        None if exists => TOKEN_UNIT_SUPPLY,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_is_compact_and_heap_free() {
        // Copy guarantees no heap; the size bound is stated in the README. The board is most of
        // it (64 slots x 52 bytes = 3,328); the elimination components add about 760 bytes: one
        // location byte per physical card (128 action, 64 agenda, 48 secret, 2 x 48 public),
        // 8 x 8 promissory-note and 8 x 6 leader slots, 178 bytes of captured units (2 captors x
        // 8 owners x 11 types), 17 for strategy cards, 13 per player (masks, Mahact tokens, bonus
        // points, standing); exploration about 230 (three 32-card counts, 8 x 4 relic fragments,
        // 12 attachments, the attached-planet set). 5,376 bytes leaves room for the round loop's
        // phase fields.
        fn is_copy<T: Copy>() {}
        is_copy::<State>();
        let size = std::mem::size_of::<State>();
        println!("size_of::<State>() = {size}");
        assert!(size <= 5376, "State is {size} bytes");
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
        assert_eq!(component_limit(&c, sol, UnitType::Carrier), 4, "Sol's carriers share the generic limit");
        assert_eq!(component_limit(&c, sol, UnitType::WarSun), 2);
        assert_eq!(s.occupant(jord), None);
        assert_eq!(s.add_units(Player(0), jord, UnitType::Carrier, 1), Err(UnitError::WrongArea));
        assert_eq!(s.players[0].reinforcements[UnitType::Infantry.idx()], before);
        assert_eq!(s.remove_units(jord, UnitType::Infantry, 1), Err(UnitError::NotEnough));
    }
}
