//! The Titans of Ul: the abilities Terragenesis, Awaken and Coalescence (sleeper tokens,
//! [`Sleepers`]), the agent Tellurian, the commander Tungstantus and the hero Ul the
//! Progenitor.

use crate::ti4::components::LeaderState;
use crate::ti4::components::Zone;
use crate::ti4::content::Content;
use crate::ti4::elimination::conservation::ConservationError;
use crate::ti4::game::component::{assigning_space_combat_hits, fleet_has_room, place_by_rule};
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{
    live_seat, lookup, Attachments, IdKind, Position, PositionError, PositionErrorKind as K, SleeperTokens,
};
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::{Location, State, MAX_PLANETS_PER_SYSTEM};

pub(super) static RULES: &[Rule] = &[
    // TERRAGENESIS: "After you explore a planet that does not have a sleeper token on it, you
    // may place or move 1 sleeper token onto that planet." A decision of the Titans at window
    // `AfterExploring`: choice 0 places a token from their supply, choice 1 + k moves the k-th
    // of their tokens on the board (in planet order).
    Rule {
        source: SourceKey::Ability("terragenesis"),
        hooks: Hooks {
            may_choices: Some(terragenesis_choices),
            may_windows: Some(&[Window::AfterExploring]),
            may_resolve: Some(terragenesis),
            may_tally: Some(terragenesis_tally),
            ..Hooks::NONE
        },
    },
    // AWAKEN: "After you activate a system that contains 1 or more of your sleeper tokens, you
    // may replace each of those tokens with 1 PDS from your reinforcements." A decision of the
    // Titans at window `SystemActivated` (only tokens there at the activation: none is placed
    // during that window): each choice is a set of planets of the active system (bit per planet
    // index) whose tokens become PDS, as many as the PDS in reinforcements allow, never more
    // PDS of theirs on a planet than its limit (`agendas::pds_limit`, rules 64.4). Systems with
    // their tokens are offered for activation (hook point `activation_targets`).
    Rule {
        source: SourceKey::Ability("awaken"),
        hooks: Hooks {
            may_choices: Some(awaken_choices),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(awaken),
            may_tally: Some(awaken_tally),
            activation_targets: Some(sleeper_systems),
            ..Hooks::NONE
        },
    },
    // COALESCENCE: "If your flagship or your AWAKEN faction ability places your units into the
    // same space area or onto the same planet as another player's units, your units must
    // participate in combat during "Space Combat" or "Invasion" steps." A PDS Awaken places on
    // a planet with another player's ground forces fights the ground combat of the invasion
    // step there, without being committed (`invasion::place_by_rule`); on a planet with only
    // their structures, those are destroyed and the Titans take it. The flagship (Ouranos,
    // below) joins the ships moving in, which fight any ships there.
    Rule {
        source: SourceKey::Ability("coalescence"),
        hooks: Hooks { placed_units_fight: Some(coalescence), ..Hooks::NONE },
    },
    // Ouranos (flagship), DEPLOY: "After you activate a system that contains 1 or more of your
    // PDS, you may replace 1 of those PDS with this unit." A decision of the Titans at window
    // `SystemActivated` while the flagship is in reinforcements and the fleet pool has room for
    // it there: choice n replaces a PDS of planet n of the active system (not one Awaken placed
    // during this activation). Simplified:
    // the flagship joins the ships moving into the active system (`TacticalAction::transit`), so
    // it arrives with them and fights any ships there (Coalescence); space cannon offense may
    // target it as a ship moving in, and its capacity counts for the units they transport.
    Rule {
        source: SourceKey::Unit("titans_flagship"),
        hooks: Hooks {
            may_choices: Some(ouranos_choices),
            may_windows: Some(&[Window::SystemActivated]),
            may_resolve: Some(ouranos),
            ..Hooks::NONE
        },
    },
    // Hecatoncheires (mech), DEPLOY: "When you would place a PDS on a planet, you may place 1
    // mech and 1 infantry on that planet instead." Offered beside each PDS the Construction
    // strategy card would place (hook point `deploys_instead_of_pds`: `Build(planet, Mech)`),
    // with a PDS and a mech in reinforcements; the infantry comes when one is there.
    // Simplified: not offered for the PDS Awaken places.
    Rule {
        source: SourceKey::Unit("titans_mech"),
        hooks: Hooks { deploys_instead_of_pds: Some(hecatoncheires), ..Hooks::NONE },
    },
    // Tungstantus (commander): "When 1 or more of your units use PRODUCTION: You may gain 1
    // trade good." Unlock: "Have 5 structures on the game board." (Rules 51.) Automatic: a
    // trade good is never worse than none.
    Rule {
        source: SourceKey::Leader("titans_commander"),
        hooks: Hooks { commander_unlocked: Some(five_structures), units_produced: Some(tungstantus), ..Hooks::NONE },
    },
    // Tellurian (agent): "When a hit is produced against a unit: You may exhaust this card to
    // cancel that hit." (Rules 51.) Simplified: offered to its owner before they assign the
    // hits of a space combat's combat roll against their ships (window `SpaceCombatBeforeHits`).
    Rule {
        source: SourceKey::Leader("titans_agent"),
        hooks: Hooks {
            may_choices: Some(tellurian_choices),
            may_windows: Some(&[Window::SpaceCombatBeforeHits]),
            may_resolve: Some(tellurian),
            ..Hooks::NONE
        },
    },
    // Ul the Progenitor (hero), GEOFORM: "ACTION: Ready Elysium and attach this card to it. Its
    // resource and influence values are each increased by 3, and it gains the SPACE CANNON 5
    // (x3) ability as if it were a unit." (Rules 51; target 0, while the player controls
    // Elysium.) The hero is attached (`LeaderState::Attached`, `FactionState::geoform`),
    // which `State::resources_of` and `influence_of` read through `FactionState::planet_bonus`,
    // and space cannon through `FactionState::planet_space_cannon` (the SPACE CANNON
    // fires for Elysium's controller: space cannon offense and defense).
    Rule {
        source: SourceKey::Leader("titans_hero"),
        hooks: Hooks { component_targets: Some(geoform_targets), component_action: Some(geoform), ..Hooks::NONE },
    },
    // Terraform (the Titans' promissory note): "ACTION: Attach this card to a non-home planet
    // you control other than Mecatol Rex. Its resource and influence values are each increased
    // by 1 and it is treated as having all 3 planet traits (cultural, hazardous and
    // industrial)." A component action of its holder (target: the planet), who holds it in
    // hand; the note stays attached (`Zone::Attached`, `FactionState::terraform`), counting for
    // whoever controls the planet.
    Rule {
        source: SourceKey::Note("terraform"),
        hooks: Hooks { component_targets: Some(terraform_targets), component_action: Some(terraform), ..Hooks::NONE },
    },
];

/// Terraform's planets: the non-home planets `p` controls other than Mecatol Rex, while `p`
/// holds the note in hand.
fn terraform_targets(src: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let (c, s) = (g.content(), &g.state);
    let Some((owner, k)) = src.note_owner(c, s) else { return };
    if s.notes.get(owner, k) != Zone::Hand(p) {
        return;
    }
    let home = crate::ti4::game::objectives::home_planets(g);
    for pl in s.player(p).planets.iter() {
        if !home.contains(pl) && Some(pl) != c.known.mecatol_rex {
            out(pl.0);
        }
    }
}

/// Terraform attaches to planet `target`.
fn terraform(src: Source, g: &mut Ti4Game, _: Player, target: u8) -> ComponentThen {
    let (c, s) = g.content_and_state();
    if let Some((owner, k)) = src.note_owner(c, s) {
        s.notes.set(owner, k, Zone::Attached);
        s.factions.set_terraform(Some(PlanetId(target)));
    }
    ComponentThen::TurnEnds
}

/// Elysium, the planet Geoform attaches to.
fn elysium(g: &Ti4Game) -> Option<PlanetId> {
    g.content().planet("elysium")
}

/// Target 0 while the player controls Elysium.
fn geoform_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    if elysium(g).is_some_and(|pl| g.state.player(p).planets.contains(pl)) {
        out(0);
    }
}

/// Elysium readies and the hero attaches to it.
fn geoform(src: Source, g: &mut Ti4Game, p: Player, _: u8) -> ComponentThen {
    let (Some(pl), Source::Leader(l, _)) = (elysium(g), src) else { return ComponentThen::TurnEnds };
    g.state.exhausted_planets.remove(pl);
    g.state.factions.set_geoform(Some(pl));
    let (c, s) = g.content_and_state();
    crate::ti4::components::leaders::set_own(c, s, p, l, LeaderState::Attached);
    ComponentThen::TurnEnds
}

/// Structures on the game board that unlock Tungstantus.
const STRUCTURES: u8 = 5;

/// Tungstantus's unlock: 5 structures (PDS and space docks) of the player on the board.
fn five_structures(_: Source, g: &Ti4Game, p: Player) -> bool {
    let b = &g.state.player(p).on_board;
    b[UnitType::Pds.idx()] + b[UnitType::SpaceDock.idx()] >= STRUCTURES
}

/// Tungstantus: 1 trade good when the player's units used PRODUCTION (not a component action's
/// production, Sling Relay, nor Integrated Economy's: no unit uses PRODUCTION there).
fn tungstantus(_: Source, g: &mut Ti4Game, p: Player, _: &[u8; UNIT_TYPES]) {
    if !g.flow.production.component && g.flow.production.integrated.is_none() {
        g.state.player_mut(p).trade_goods += 1;
    }
}

/// One choice (0) for the side about to assign a space combat's combat-roll hits.
fn tellurian_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if assigning_space_combat_hits(g, p, window) {
        out(0);
    }
}

/// The agent is exhausted and 1 hit cancelled.
fn tellurian(src: Source, g: &mut Ti4Game, p: Player, _: Window, _: u16) {
    crate::ti4::game::leaders::exhaust(g, p, src);
    if let Some(c) = g.flow.tactical.space.as_mut() {
        c.cancel_hits(1);
    }
}

/// The planet whose exploration `p` just resolved (window `AfterExploring`) when it has no
/// sleeper token.
fn explored_without_sleeper(g: &Ti4Game, p: Player, window: Window) -> Option<PlanetId> {
    if window != Window::AfterExploring || g.flow.turn != p {
        return None;
    }
    let n = g.flow.tactical.last_explored?;
    let pl = g.state.planet_at(g.content(), Location::Planet(g.flow.tactical.active, n))?;
    (!g.state.factions.sleepers().planets.contains(pl)).then_some(pl)
}

/// Terragenesis: place (0, while a token is in the supply) or move one of `p`'s tokens (1 + k).
fn terragenesis_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if explored_without_sleeper(g, p, window).is_none() {
        return;
    }
    let sl = &g.state.factions.sleepers();
    if sl.in_supply(p) > 0 {
        out(0);
    }
    for k in 0..sl.of(p).len() as u16 {
        out(1 + k);
    }
}

/// Terragenesis: the token placed on (or moved onto) the explored planet.
fn terragenesis(_: Source, g: &mut Ti4Game, p: Player, window: Window, choice: u16) {
    let Some(pl) = explored_without_sleeper(g, p, window) else { return };
    let sl = g.state.factions.sleepers_mut();
    if choice > 0 {
        let Some(from) = sl.of(p).iter().nth(choice as usize - 1) else { return };
        sl.remove(from);
    }
    sl.place(p, pl);
}

/// Statistics label of a Terragenesis choice.
fn terragenesis_tally(_: Source, _: &Ti4Game, _: Player, choice: u16) -> Option<&'static str> {
    Some(if choice == 0 { "sleeper_placed" } else { "sleeper_moved" })
}

/// Planets of the active system (bit per index) with a sleeper token of `p` that Awaken may
/// replace: `p` has PDS in reinforcements, not already the PDS limit of theirs there (rules 64.4:
/// 2, none under Homeland Defense Act), and where another
/// player has ground forces only when the PDS would fight there (Coalescence).
fn awakenable(g: &Ti4Game, p: Player) -> u8 {
    let (c, s) = (g.content(), &g.state);
    let mine = s.factions.sleepers().of(p);
    if mine.is_empty() || s.player(p).reinforcements[UnitType::Pds.idx()] == 0 {
        return 0;
    }
    let a = g.flow.tactical.active;
    let mut bits = 0u8;
    for n in 0..MAX_PLANETS_PER_SYSTEM as u8 {
        let loc = Location::Planet(a, n);
        if !s.planet_at(c, loc).is_some_and(|pl| mine.contains(pl)) {
            continue;
        }
        let ok = match s.occupant(loc) {
            Some(q) if q == p => s.count_at(loc, UnitType::Pds) < crate::ti4::game::agendas::pds_limit(g),
            Some(_) if s.ground_forces_at(loc) > 0 => crate::ti4::rules::placed_units_fight(g, p),
            _ => true,
        };
        if ok {
            bits |= 1 << n;
        }
    }
    bits
}

/// Awaken: every non-empty set of awakenable planets with a PDS for each, when `p` activated
/// the system.
fn awaken_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window != Window::SystemActivated || g.flow.turn != p {
        return;
    }
    let bits = awakenable(g, p);
    let pds = g.state.player(p).reinforcements[UnitType::Pds.idx()] as u32;
    for set in 1..=bits {
        if set & !bits == 0 && set.count_ones() <= pds {
            out(set as u16);
        }
    }
}

/// Awaken: each chosen token leaves its planet and a PDS is placed there
/// (`invasion::place_by_rule`).
fn awaken(_: Source, g: &mut Ti4Game, p: Player, window: Window, set: u16) {
    let bits = awakenable(g, p);
    if window != Window::SystemActivated || set as u8 & !bits != 0 || set > u8::MAX as u16 {
        return;
    }
    let a = g.flow.tactical.active;
    for n in (0..MAX_PLANETS_PER_SYSTEM as u8).filter(|n| set >> n & 1 == 1) {
        let Some(pl) = g.state.planet_at(g.content(), Location::Planet(a, n)) else { continue };
        g.state.factions.sleepers_mut().remove(pl);
        place_by_rule(g, p, n, UnitType::Pds);
    }
}

/// Statistics label of an Awaken choice: whether a PDS goes to fight another player's ground
/// forces (Coalescence).
fn awaken_tally(_: Source, g: &Ti4Game, p: Player, set: u16) -> Option<&'static str> {
    let a = g.flow.tactical.active;
    let fights = (0..MAX_PLANETS_PER_SYSTEM as u8).filter(|n| set >> n & 1 == 1).any(|n| {
        let loc = Location::Planet(a, n);
        g.state.occupant(loc).is_some_and(|q| q != p) && g.state.ground_forces_at(loc) > 0
    });
    Some(if fights { "awakened_to_fight" } else { "awakened" })
}

/// Awaken: the systems with a sleeper token of `p` (bit per board slot).
fn sleeper_systems(_: Source, g: &Ti4Game, p: Player) -> u64 {
    let (c, s) = (g.content(), &g.state);
    s.factions.sleepers().of(p).iter().filter_map(|pl| s.planet_location(c, pl)).fold(0, |m, l| m | 1 << l.slot())
}

/// Coalescence: units Awaken places where another player has ground forces fight there.
fn coalescence(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// Ouranos: planets of the active system (bit per index) with a PDS of `p` that was there at
/// the activation, when `p` activated it and has the flagship in reinforcements.
fn ouranos_planets(g: &Ti4Game, p: Player, window: Window) -> u8 {
    let (s, t) = (&g.state, &g.flow.tactical);
    let free = s.player(p).reinforcements[UnitType::Flagship.idx()] > t.transit[UnitType::Flagship.idx()];
    // Rules 37: a ship more in the active system must fit the fleet pool.
    if window != Window::SystemActivated || g.flow.turn != p || !free || !fleet_has_room(g, p) {
        return 0;
    }
    (0..MAX_PLANETS_PER_SYSTEM as u8).fold(0, |m, n| {
        let loc = Location::Planet(t.active, n);
        let before = g.state.count_at(loc, UnitType::Pds).saturating_sub(t.placed_by_rule >> n & 1);
        if g.state.occupant(loc) == Some(p) && before > 0 {
            m | 1 << n
        } else {
            m
        }
    })
}

/// Ouranos: each planet whose PDS it may replace.
fn ouranos_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let bits = ouranos_planets(g, p, window);
    for n in (0..MAX_PLANETS_PER_SYSTEM as u16).filter(|n| bits >> n & 1 == 1) {
        out(n);
    }
}

/// Ouranos: the PDS returns to reinforcements and the flagship joins the ships moving in.
fn ouranos(_: Source, g: &mut Ti4Game, p: Player, window: Window, n: u16) {
    if n >= MAX_PLANETS_PER_SYSTEM as u16 || ouranos_planets(g, p, window) >> n & 1 == 0 {
        return;
    }
    let loc = Location::Planet(g.flow.tactical.active, n as u8);
    g.state.remove_units(loc, UnitType::Pds, 1).expect("a PDS of the player is there");
    g.flow.tactical.transit[UnitType::Flagship.idx()] += 1;
}

/// Hecatoncheires: a mech and an infantry may be placed instead of a PDS.
fn hecatoncheires(_: Source, _: &Ti4Game, _: Player) -> bool {
    true
}

/// Sleeper tokens in the box (Terragenesis): at most this many are on planets.
pub const SLEEPER_TOKENS: u32 = 5;

/// The sleeper tokens on planets (Terragenesis places and moves them, Awaken replaces them with
/// PDS), and whose they are. At most one token per planet.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct Sleepers {
    /// The player whose tokens they are while any is on a planet (`None` exactly when none is;
    /// the tokens go to the box when that player is eliminated).
    pub owner: Option<Player>,
    /// The planets with a sleeper token, at most [`SLEEPER_TOKENS`].
    pub planets: PlanetSet,
}

impl Sleepers {
    /// Sleeper tokens of `p` on planets.
    pub fn of(&self, p: Player) -> PlanetSet {
        if self.owner == Some(p) {
            self.planets
        } else {
            PlanetSet::EMPTY
        }
    }

    /// Sleeper tokens `p` still has off the board (0 for anyone but the tokens' owner, once
    /// there is one).
    pub fn in_supply(&self, p: Player) -> u32 {
        match self.owner {
            Some(q) if q != p => 0,
            _ => SLEEPER_TOKENS - self.planets.len(),
        }
    }

    /// `p` places one of their sleeper tokens on `pl` (from their supply or moved from another
    /// planet by the caller's [`Sleepers::remove`]).
    pub fn place(&mut self, p: Player, pl: PlanetId) {
        self.owner = Some(p);
        self.planets.insert(pl);
    }

    /// The sleeper token on `pl` leaves it (to its owner's supply); the owner is forgotten with
    /// the last token.
    pub fn remove(&mut self, pl: PlanetId) {
        self.planets.remove(pl);
        if self.planets.is_empty() {
            self.owner = None;
        }
    }
}

/// Geoform (the Titans hero Ul the Progenitor attached to a planet): "Its resource and influence
/// values are each increased by 3".
const GEOFORM_BONUS: u8 = 3;
/// Terraform: +1 resource and +1 influence.
const TERRAFORM_BONUS: u8 = 1;
/// Terraform: cultural, hazardous and industrial (`Planet::trait_bits`).
const ALL_TRAITS: u8 = 0b111;

/// The SPACE CANNON Geoform gives its planet: SPACE CANNON 5 (x3).
const GEOFORM_SPACE_CANNON: crate::ti4::content::Dice = crate::ti4::content::Dice { hits_on: 5, dice: 3 };

/// The Titans' components on planets: the "Terraform" note and the hero's Geoform attachments,
/// and the sleeper tokens.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash, Default)]
pub struct TitansTokens {
    terraform: Option<PlanetId>,
    geoform: Option<PlanetId>,
    sleepers: Sleepers,
}

impl super::FactionState {
    /// The planet the Titans' "Terraform" note is attached to.
    #[inline]
    pub fn terraform(&self) -> Option<PlanetId> {
        self.titans.terraform
    }

    /// Attaches the "Terraform" note to `pl` (or detaches it: `None`).
    #[inline]
    pub fn set_terraform(&mut self, pl: Option<PlanetId>) {
        self.titans.terraform = pl;
    }

    /// The planet the Titans hero (Geoform) is attached to.
    #[inline]
    pub fn geoform(&self) -> Option<PlanetId> {
        self.titans.geoform
    }

    /// Attaches the Titans hero to `pl` (or detaches it: `None`).
    #[inline]
    pub fn set_geoform(&mut self, pl: Option<PlanetId>) {
        self.titans.geoform = pl;
    }

    /// The planets with a faction attachment: `[the attached note's (Terraform), the attached
    /// leader's (Geoform)]`.
    #[inline]
    pub fn attachments(&self) -> [Option<PlanetId>; 2] {
        [self.titans.terraform, self.titans.geoform]
    }

    /// The planet an attached promissory note is on (Terraform): it counts for the player who
    /// controls that planet.
    #[inline]
    pub fn attached_note_planet(&self) -> Option<PlanetId> {
        self.titans.terraform
    }

    /// What faction attachments add to `pl`'s resource value and to its influence value
    /// (Geoform: "Its resource and influence values are each increased by 3"; Terraform: "...
    /// increased by 1").
    #[inline]
    pub fn planet_bonus(&self, pl: PlanetId) -> u8 {
        let geoform = if self.titans.geoform == Some(pl) { GEOFORM_BONUS } else { 0 };
        let terraform = if self.titans.terraform == Some(pl) { TERRAFORM_BONUS } else { 0 };
        geoform + terraform
    }

    /// The planet traits faction attachments give `pl` (bit per trait, as `Planet::trait_bits`;
    /// Terraform: "it is treated as having all 3 planet traits").
    #[inline]
    pub fn planet_traits(&self, pl: PlanetId) -> u8 {
        if self.all_trait_planets().contains(pl) {
            ALL_TRAITS
        } else {
            0
        }
    }

    /// The planets a faction attachment gives every trait (the Terraformed planet).
    #[inline]
    pub fn all_trait_planets(&self) -> PlanetSet {
        self.titans.terraform.map_or(PlanetSet::EMPTY, PlanetSet::single)
    }

    /// The planet that has SPACE CANNON as if it were a unit, used by its controller, and its
    /// dice (Geoform: "Its ... gains the SPACE CANNON 5 (x3) ability as if it were a unit").
    #[inline]
    pub fn planet_space_cannon(&self) -> Option<(PlanetId, crate::ti4::content::Dice)> {
        self.titans.geoform.map(|pl| (pl, GEOFORM_SPACE_CANNON))
    }

    /// The Titans' sleeper tokens.
    #[inline]
    pub fn sleepers(&self) -> &Sleepers {
        &self.titans.sleepers
    }

    /// The sleeper tokens, to place, move or remove.
    #[inline]
    pub fn sleepers_mut(&mut self) -> &mut Sleepers {
        &mut self.titans.sleepers
    }
}

// Positions and conservation (`super::components`).

/// Promissory note `note` is the "Terraform" note, which attaches to a planet.
pub(super) fn note_attaches(c: &Content, note: NoteId) -> bool {
    c.known.terraform == Some(note)
}

/// Leader `l` is the Titans hero, which attaches to a planet (Geoform).
pub(super) fn leader_attaches(c: &Content, l: LeaderId) -> bool {
    c.known.geoform_hero == Some(l)
}

/// Position → state: `attachments` (the "Terraform" note and the hero on their planets; a note
/// or hero not listed elsewhere is attached by this entry) and `sleeper_tokens`.
pub(super) fn read_position(c: &Content, s: &mut State, pos: &Position) -> Result<(), PositionError> {
    let err = |path: &str, kind: K| Err(PositionError::new(path, kind));
    let at = &pos.attachments;
    if let Some(key) = &at.terraform {
        let planet = lookup("attachments.terraform", IdKind::Planet, key, c.planet(key))?;
        let note = c.known.terraform;
        let Some((owner, slot)) = seat_slot(s, &|f| &c.cards.seat_notes[f.idx()], note) else {
            return err("attachments.terraform", K::Attachment("no seated player owns the Terraform note"));
        };
        match s.notes.get(owner, slot) {
            Zone::Attached => {}
            Zone::Hand(q)
                if q == owner
                    && !pos
                        .promissory_notes
                        .iter()
                        .any(|e| Some(&e.note) == note.map(|n| &c.cards.notes[n.idx()].key)) =>
            {
                s.notes.set(owner, slot, Zone::Attached)
            }
            Zone::Removed if !s.player(owner).in_game => s.notes.set(owner, slot, Zone::Attached),
            _ => return err("attachments.terraform", K::Attachment("the Terraform note is listed elsewhere")),
        }
        s.factions.set_terraform(Some(planet));
    }
    if let Some(key) = &at.geoform {
        let planet = lookup("attachments.geoform", IdKind::Planet, key, c.planet(key))?;
        let hero = c.known.geoform_hero;
        let Some((owner, slot)) = seat_slot(s, &|f| &c.cards.seat_leaders[f.idx()], hero) else {
            return err("attachments.geoform", K::Attachment("no seated player has the Titans hero"));
        };
        let listed = hero.is_some_and(|h| pos.players[owner.idx()].leaders.contains_key(&c.cards.leaders[h.idx()].key));
        match s.leaders.get(owner, slot) {
            LeaderState::Attached => {}
            _ if !listed => s.leaders.set(owner, slot, LeaderState::Attached),
            _ => return err("attachments.geoform", K::Attachment("the Titans hero is listed in another state")),
        }
        s.factions.set_geoform(Some(planet));
    }
    let sl = &pos.sleeper_tokens;
    if let Some(key) = &sl.owner {
        s.factions.sleepers_mut().owner = Some(live_seat(c, s, "sleeper_tokens.owner", key)?);
    }
    for (i, key) in sl.planets.iter().enumerate() {
        let path = format!("sleeper_tokens.planets[{i}]");
        let planet = lookup(&path, IdKind::Planet, key, c.planet(key))?;
        if s.factions.sleepers().owner.is_none() {
            return err(
                "sleeper_tokens.owner",
                K::BadValue("null".into(), "the faction whose sleeper tokens they are"),
            );
        }
        if !s.factions.sleepers_mut().planets.insert(planet) {
            return err(&path, K::BadValue(key.clone(), "a planet listed once"));
        }
        if s.factions.sleepers().planets.len() > SLEEPER_TOKENS {
            return err(&path, K::BadValue(key.clone(), "at most 5 sleeper tokens"));
        }
    }
    if sl.owner.is_some() && sl.planets.is_empty() {
        return err("sleeper_tokens.planets", K::BadValue("[]".into(), "the planets with the owner's tokens"));
    }
    Ok(())
}

/// The first seat whose faction's sheet (`list`) holds `card`, and its slot there.
fn seat_slot<'a, T: PartialEq + Copy + 'a>(
    s: &State,
    list: &dyn Fn(FactionId) -> &'a [T],
    card: Option<T>,
) -> Option<(Player, usize)> {
    let card = card?;
    s.seats().find_map(|p| list(s.player(p).faction).iter().position(|&x| x == card).map(|k| (p, k)))
}

/// State → position: `attachments` and `sleeper_tokens`.
pub(super) fn write_position(c: &Content, s: &State, pos: &mut Position) {
    let planet_key = |pl: Option<PlanetId>| pl.map(|pl| c.planets[pl.idx()].key.clone());
    pos.attachments =
        Attachments { terraform: planet_key(s.factions.terraform()), geoform: planet_key(s.factions.geoform()) };
    let sl = s.factions.sleepers();
    pos.sleeper_tokens = SleeperTokens {
        owner: sl.owner.map(|p| c.factions[s.player(p).faction.idx()].key.clone()),
        planets: sl.planets.iter().map(|pl| c.planets[pl.idx()].key.clone()).collect(),
    };
}

/// Conservation: the "Terraform" note is attached exactly when it is on a planet, and the hero
/// likewise; attachments and sleeper tokens on planets of the content; at most
/// [`SLEEPER_TOKENS`] sleeper tokens, with an owner in the game exactly while any is on a
/// planet.
pub(super) fn check(c: &Content, s: &State) -> Result<(), ConservationError> {
    // Per seat, how many of its `len` slots are attached.
    let attached = |len: &dyn Fn(FactionId) -> usize, at: &dyn Fn(Player, usize) -> bool| -> u32 {
        s.seats().map(|p| (0..len(s.player(p).faction)).filter(|&k| at(p, k)).count() as u32).sum()
    };
    let notes = attached(&|f| c.cards.seat_notes[f.idx()].len(), &|p, k| s.notes.get(p, k) == Zone::Attached);
    let heroes =
        attached(&|f| c.cards.seat_leaders[f.idx()].len(), &|p, k| s.leaders.get(p, k) == LeaderState::Attached);
    for (n, on, what) in [
        (
            notes,
            s.factions.terraform(),
            "the Terraform note is attached exactly when attachments.terraform names a planet",
        ),
        (heroes, s.factions.geoform(), "the Titans hero is attached exactly when attachments.geoform names a planet"),
    ] {
        if n != on.is_some() as u32 {
            return Err(ConservationError::Token(what));
        }
    }
    for planet in [s.factions.terraform(), s.factions.geoform()].into_iter().flatten() {
        if planet.idx() >= c.planets.len() {
            return Err(ConservationError::Token("an attachment on an unknown planet"));
        }
    }
    let sl = s.factions.sleepers();
    if sl.planets.len() > SLEEPER_TOKENS {
        return Err(ConservationError::Token("more sleeper tokens on planets than the box holds"));
    }
    let owner_in_game = |p: Player| p.0 < s.num_players && s.player(p).in_game;
    if sl.planets.is_empty() != sl.owner.is_none() || sl.owner.is_some_and(|p| !owner_in_game(p)) {
        return Err(ConservationError::Token(
            "sleeper tokens have an owner in the game exactly while any is on a planet",
        ));
    }
    if sl.planets.iter().any(|pl| pl.idx() >= c.planets.len()) {
        return Err(ConservationError::Token("a sleeper token on an unknown planet"));
    }
    Ok(())
}
