//! The Council Keleres: The Tribuni, Council Patronage, I.I.H.Q. Modernization and the Custodia
//! Vigilia planet card, the Keleres Rider, Artemiris, Omniopiares and the heroes Kuuasi Aun
//! Jalatai and Harka Leeds. (Law's Order is not modelled.)

use crate::ti4::components::LeaderState;
use crate::ti4::content::Content;
use crate::ti4::control;
use crate::ti4::game::agendas;
use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::position::{PositionError, PositionErrorKind as K};
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey, Window};
use crate::ti4::state::State;

/// The Custodia Vigilia planet card's content id.
const CUSTODIA_VIGILIA: &str = "custodiavigilia";

pub(super) static RULES: &[Rule] = &[
    // Keleres Rider (promissory note): "After an agenda is revealed: You cannot vote on this
    // agenda. Predict aloud an outcome of this agenda. If your prediction is correct, draw 1
    // action card and gain 2 trade goods. Then, return this card to the Keleres player."
    // (Rules 69.) Played as the rider action cards are (`action_cards::riders`): a decision of
    // its holder at window `AgendaRevealed`, one choice per outcome; the prediction is recorded
    // (`agendas::play_rider`, `Rider::Keleres`) and paid as the outcome resolves. Simplified:
    // the card returns to the Keleres as it is played, not after the payout.
    Rule {
        source: SourceKey::Note("keleres_rider"),
        hooks: Hooks {
            may_choices: Some(rider_choices),
            may_windows: Some(&[Window::AgendaRevealed]),
            may_resolve: Some(rider),
            ..Hooks::NONE
        },
    },
    // Kuuasi Aun Jalatai (hero of the Keleres who borrow the Argent home), OVERWING ZETA: "At
    // the start of a round of space combat in a system that contains a planet you control: You
    // may place your flagship and up to 2 cruisers or destroyers from your reinforcements in
    // the active system. Then, purge this card." (Rules 51.) A decision of the Keleres at
    // window `SpaceCombatStart`, attacking or defending, one choice per number of cruisers and
    // destroyers (`3 × cruisers + destroyers`, at most 2 in all); the flagship comes with them
    // when it is in the reinforcements. Only as many ships as the fleet pool allows (rules 37).
    // Simplified: only at the start of the combat's first round, not of a later one.
    Rule {
        source: SourceKey::Leader("keleres_hero_kuuasi"),
        hooks: Hooks {
            may_choices: Some(overwing_choices),
            may_windows: Some(&[Window::SpaceCombatStart]),
            may_resolve: Some(overwing_zeta),
            ..Hooks::NONE
        },
    },
    // Harka Leeds (hero of the Keleres who borrow the Mentak home), ERWAN'S COVENANT: "ACTION:
    // Reveal cards from the action card deck until you reveal 3 action cards that have
    // component actions. Draw those cards and shuffle the rest back into the deck. Then, purge
    // this card." (Rules 51.) A component action (target 0); the draw is its chance step
    // (`ComponentThen::Roll`): 3 cards drawn one by one, uniformly among the deck's cards with
    // component actions, which is what revealing a shuffled deck up to the third such card gives
    // (the others go back unseen). Simplified: with fewer than 3 in the deck, those there are,
    // without reshuffling the discard pile.
    Rule {
        source: SourceKey::Leader("keleres_hero_harka"),
        hooks: Hooks {
            component_targets: Some(covenant_targets),
            component_action: Some(covenant),
            component_roll: Some(covenant_draw),
            ..Hooks::NONE
        },
    },
    // Artemiris (flagship): "Other players must spend 2 influence to activate the system that
    // contains this ship." (Rules 3; hook point `activation_influence`: a player who cannot
    // spend 2 influence is not offered the system; paid by the default plan, planets then trade
    // goods, as the activation is made.)
    Rule {
        source: SourceKey::Unit("keleres_flagship"),
        hooks: Hooks { activation_influence: Some(artemiris), ..Hooks::NONE },
    },
    // Omniopiares (mech): "Other players must spend 1 influence to commit units to this
    // planet." (Invasion 49.3; hook point `commit_influence`: 1 influence per Keleres mech on
    // the planet, paid by the default plan as the first unit is committed there; a player who
    // cannot pay is not offered the planet. Simplified: the mechs' influence is paid as one sum,
    // where the FAQ makes each a separate payment, so one planet's influence may pay two.)
    Rule {
        source: SourceKey::Unit("keleres_mech"),
        hooks: Hooks { commit_influence: Some(omniopiares), ..Hooks::NONE },
    },
    // The Tribuni: "During setup, choose an unplayed faction from among the Mentak, Xxcha and
    // Argent; take that faction's home system, command tokens and control markers.
    // Additionally, place the Keleres hero that corresponds to that faction in your leader
    // area." Setup borrows the home (`setup::home_system_of`; simplified: the first of the
    // three not in the game, no choice); at hook point `home_setup` the heroes of the other two
    // go to the box (`LeaderState::Removed`), so only the matching hero can unlock.
    Rule { source: SourceKey::Ability("the_tribuni"), hooks: Hooks { home_setup: Some(tribuni), ..Hooks::NONE } },
    // Council Patronage: "Replenish your commodities at the start of the strategy phase, then
    // gain 1 trade good."
    Rule {
        source: SourceKey::Ability("council_patronage"),
        hooks: Hooks { strategy_phase_start: Some(council_patronage), ..Hooks::NONE },
    },
    // I.I.H.Q. Modernization: "You are neighbors with all players that have units or control
    // planets in or adjacent to the Mecatol Rex system. Gain the Custodia Vigilia planet card
    // and its legendary planet ability card. You cannot lose control of Custodia Vigilia."
    // Neighbours are not modelled (transactions use the seat neighbours).
    Rule {
        source: SourceKey::Tech("iihq_modernization"),
        hooks: Hooks {
            technology_gained: Some(gain_custodia_vigilia),
            cannot_lose_planet: Some(keeps_custodia_vigilia),
            cannot_be_eliminated: Some(immune),
            ..Hooks::NONE
        },
    },
];

/// Keleres Rider: at `AgendaRevealed`, one choice per outcome of the agenda revealed.
fn rider_choices(_: Source, g: &Ti4Game, _: Player, window: Window, out: &mut dyn FnMut(u16)) {
    if window == Window::AgendaRevealed && agendas::rider_room(g) {
        agendas::outcomes(g, &mut |o| out(o as u16));
    }
}

/// Keleres Rider: the prediction is recorded, `p` does not vote on this agenda; the note
/// returns.
fn rider(src: Source, g: &mut Ti4Game, p: Player, _: Window, choice: u16) {
    agendas::play_rider(g, p, agendas::Rider::Keleres, choice as u8, 0);
    crate::ti4::game::notes::return_note(g, src);
}

/// The player who gains I.I.H.Q. Modernization gains the Custodia Vigilia planet card,
/// exhausted (a card not on the board; no units are ever placed there).
fn gain_custodia_vigilia(src: Source, c: &Content, s: &mut State, p: Player, t: TechId) {
    if src.tech() != Some(t) {
        return;
    }
    let Some(cv) = c.planet(CUSTODIA_VIGILIA) else { return };
    if control::controller(s, cv).is_none() {
        control::gain_control(c, s, p, cv, true).expect("the planet can be gained");
    }
}

fn keeps_custodia_vigilia(_: Source, c: &Content, _: &State, _: Player, planet: PlanetId) -> bool {
    c.planet(CUSTODIA_VIGILIA) == Some(planet)
}

/// Keleres controls Custodia Vigilia, which it can never lose.
fn immune(src: Source, c: &Content, s: &State, p: Player) -> Option<&'static str> {
    let cv = c.planet(CUSTODIA_VIGILIA)?;
    (s.player(p).planets.contains(cv) && keeps_custodia_vigilia(src, c, s, p, cv)).then_some("custodia_vigilia")
}

fn council_patronage(_: Source, g: &mut Ti4Game, p: Player) {
    g.replenish_commodities(p);
    let ps = g.state.player_mut(p);
    ps.trade_goods = ps.trade_goods.saturating_add(1);
}

/// Influence other players spend to activate the Artemiris' system.
const ARTEMIRIS_INFLUENCE: u8 = 2;

/// Artemiris: 2 influence when `p`'s flagship is in the space area of the system at `slot`.
fn artemiris(_: Source, g: &Ti4Game, p: Player, _activator: Player, slot: u8) -> u8 {
    let space = &g.state.systems[slot as usize].space;
    if space.owner == p.0 && space.of(UnitType::Flagship) > 0 {
        ARTEMIRIS_INFLUENCE
    } else {
        0
    }
}

/// Influence other players spend per Omniopiares to commit units to its planet.
const OMNIOPIARES_INFLUENCE: u8 = 1;

/// Omniopiares: 1 influence per mech of `p` on the planet.
fn omniopiares(_: Source, g: &Ti4Game, _p: Player, _committer: Player, at: crate::ti4::state::Location) -> u8 {
    g.state.count_at(at, UnitType::Mech) * OMNIOPIARES_INFLUENCE
}

/// Position → state: I.I.H.Q. Modernization's owner holds the Custodia Vigilia planet card
/// (gaining the technology gives the card, which its owner can never lose; a position where
/// the owner lacks it cannot arise).
pub(super) fn check_position(c: &Content, s: &State, p: Player) -> Result<(), PositionError> {
    if let (Some(iihq), Some(cv)) = (c.known.iihq_modernization, c.known.custodia_vigilia) {
        if s.player(p).techs.contains(iihq) && !s.player(p).planets.contains(cv) {
            let cv = c.planets[cv.idx()].key.clone();
            return Err(PositionError::new(format!("players[{}].planets", p.idx()), K::CustodiaVigiliaMissing(cv)));
        }
    }
    Ok(())
}

/// The Keleres heroes, by the faction whose home they come with (The Tribuni).
const TRIBUNI_HEROES: [(&str, &str); 3] =
    [("mentak", "keleres_hero_harka"), ("xxcha", "keleres_hero_odlynn"), ("argent", "keleres_hero_kuuasi")];

/// The Tribuni at setup: the heroes of the factions whose home `p` did not borrow (it controls
/// the borrowed home's planets) go to the box.
fn tribuni(_: Source, c: &Content, s: &mut State, p: Player) {
    let fd = &c.factions[s.player(p).faction.idx()];
    let planets = s.player(p).planets;
    let Some(home) = fd.home_options.iter().find(|o| o.home_planets.iter().all(|&pl| planets.contains(pl))) else {
        return;
    };
    let borrowed = &c.factions[home.variant_of.idx()].key;
    for (_, hero) in TRIBUNI_HEROES.into_iter().filter(|(f, _)| f != borrowed) {
        if let Some(l) = c.cards.leader(hero) {
            crate::ti4::components::leaders::set_own(c, s, p, l, LeaderState::Removed);
        }
    }
}

/// The Keleres seat `p` borrows the home system of the faction with content id `key`.
fn borrows_home_of(g: &Ti4Game, p: Player, key: &str) -> bool {
    let c = g.content();
    let tile = g.state.systems[g.home_slot()[p.idx()] as usize].tile;
    let fd = &c.factions[g.state.player(p).faction.idx()];
    fd.home_options.iter().any(|o| o.home_system == tile && c.factions[o.variant_of.idx()].key == key)
}

/// Overwing Zeta's ships: flagship, cruiser, destroyer.
const OVERWING_SHIPS: [UnitType; 3] = [UnitType::Flagship, UnitType::Cruiser, UnitType::Destroyer];

/// Overwing Zeta, at the start of a space combat `p` fights in a system with a planet it
/// controls (the Keleres of the Argent home): how many of each [`OVERWING_SHIPS`] may be placed,
/// the non-fighter ships the fleet pool still allows in the active system, and whether `p`
/// attacks (its ships there are in transit).
fn overwing(g: &Ti4Game, p: Player, window: Window) -> Option<([u8; 3], u32, bool)> {
    let (c, s) = (g.content(), &g.state);
    let (side, _) = crate::ti4::game::component::side_before_round(g, p, window)?;
    let active = g.flow.tactical.active;
    let planets = &c.systems[s.systems[active as usize].tile.idx()].planets;
    if window != Window::SpaceCombatStart
        || !planets.iter().any(|&pl| s.player(p).planets.contains(pl))
        || !borrows_home_of(g, p, "argent")
    {
        return None;
    }
    let attacking = side == crate::ti4::combat::Side::Attacker;
    let t = &g.flow.tactical;
    let reinf = |u: UnitType| s.player(p).reinforcements[u.idx()] - if attacking { t.transit[u.idx()] } else { 0 };
    let there: u32 = if attacking {
        UnitType::SHIPS[1..].iter().map(|u| t.transit[u.idx()] as u32).sum()
    } else {
        crate::ti4::game::component::non_fighter_ships(s, active)
    };
    let room = crate::ti4::rules::fleet_limit(c, s, p).saturating_sub(there);
    Some((OVERWING_SHIPS.map(reinf), room, attacking))
}

/// Overwing Zeta's placement for choice `3 × cruisers + destroyers`: the ships of each
/// [`OVERWING_SHIPS`] type (`None` when the choice does not fit).
fn overwing_placement(avail: [u8; 3], room: u32, choice: u16) -> Option<[u8; 3]> {
    let (cruisers, destroyers) = ((choice / 3) as u8, (choice % 3) as u8);
    let flagship = u8::from(avail[0] > 0 && room > 0);
    let total = (flagship + cruisers + destroyers) as u32;
    let fits = choice < 9 && cruisers + destroyers <= 2 && cruisers <= avail[1] && destroyers <= avail[2];
    (fits && total > 0 && total <= room).then_some([flagship, cruisers, destroyers])
}

fn overwing_choices(_: Source, g: &Ti4Game, p: Player, window: Window, out: &mut dyn FnMut(u16)) {
    let Some((avail, room, _)) = overwing(g, p, window) else { return };
    for choice in 0..9 {
        if overwing_placement(avail, room, choice).is_some() {
            out(choice);
        }
    }
}

/// Overwing Zeta: the ships join the combat (on the board for the defender, in transit with the
/// attacker's moving ships); the hero is purged.
fn overwing_zeta(src: Source, g: &mut Ti4Game, p: Player, window: Window, choice: u16) {
    let Some((avail, room, attacking)) = overwing(g, p, window) else { return };
    let Some(placed) = overwing_placement(avail, room, choice) else { return };
    let active = g.flow.tactical.active;
    for (u, n) in OVERWING_SHIPS.into_iter().zip(placed).filter(|&(_, n)| n > 0) {
        if attacking {
            g.flow.tactical.transit[u.idx()] += n;
        } else {
            g.place_units(p, crate::ti4::state::Location::Space(active), u, n)
                .expect("placed units come from reinforcements the caller checked");
        }
    }
    crate::ti4::game::leaders::purge(g, p, src);
}

/// Cards Erwan's Covenant draws.
const COVENANT_CARDS: u8 = 3;

/// Erwan's Covenant: target 0 for the Keleres of the Mentak home (whatever the deck holds,
/// which the player cannot see: a deck without such cards draws none).
fn covenant_targets(_: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    if borrows_home_of(g, p, "mentak") {
        out(0);
    }
}

/// The draw follows (the hero is purged after it).
fn covenant(_: Source, _: &mut Ti4Game, _: Player, _: u8) -> ComponentThen {
    ComponentThen::Roll
}

/// Erwan's Covenant's draw: 3 cards with component actions; the hero is purged.
fn covenant_draw(src: Source, g: &mut Ti4Game, p: Player, _: u8, rng: &mut rand_chacha::ChaCha8Rng) {
    crate::ti4::game::component::draw_component_cards(g, rng, p, COVENANT_CARDS);
    crate::ti4::game::leaders::purge(g, p, src);
}
