//! Moving ground forces anywhere by a rule's text ("remove up to N of your ground forces from
//! the game board and place them on 1 or more planets you control": Transit Diodes): the
//! decisions of [`Step::Redeploy`], one ground force at a time. The player picks a ground force
//! of theirs on the board (`Choose(source, pick)`: a planet or a space area, infantry or mech)
//! or stops (`Done`), then the planet it goes to (`Choose(source, PLACE + planet)`): a planet
//! they control where no other player has units, not the one it stands on (moving a unit to
//! where it is would change nothing, so it is never offered). The unit is removed from the
//! board and placed (`Ti4Game::place_units`, so rules on placed units apply). After `left`
//! units, or when no unit can go anywhere, the turn ends (the component action is the turn's
//! action, rules 23). Planets stay controlled when their ground forces leave (rules 25.5), so
//! nothing here can eliminate a player.

use super::{flow, Action, Step, Ti4Game};
use crate::ti4::ids::*;
use crate::ti4::rules::Source;
use crate::ti4::state::Location;

/// The ground forces being moved by a rule (`Flow::redeploy`).
#[derive(serde::Serialize, serde::Deserialize, Clone, Copy, PartialEq, Eq, Hash, Debug)]
#[serde(deny_unknown_fields)]
pub struct Redeploy {
    /// The rule moving them (Transit Diodes).
    pub src: Source,
    /// How many more ground forces may be moved.
    pub left: u8,
    /// The ground force picked, to be placed next: its location's code and whether it is a mech.
    pub held: Option<(u16, bool)>,
}

/// The first choice number of a placement (`PLACE + planet id`); picks are below it.
pub const PLACE: u16 = 1024;

/// The code of a location: `slot * 4` for its space area, `slot * 4 + 1 + n` for planet `n`.
fn code(loc: Location) -> u16 {
    match loc {
        Location::Space(slot) => slot as u16 * 4,
        Location::Planet(slot, n) => slot as u16 * 4 + 1 + n as u16,
    }
}

/// The location of a code ([`code`]).
fn location(code: u16) -> Location {
    let slot = (code / 4) as u8;
    match code % 4 {
        0 => Location::Space(slot),
        k => Location::Planet(slot, k as u8 - 1),
    }
}

fn unit(mech: bool) -> UnitType {
    if mech {
        UnitType::Mech
    } else {
        UnitType::Infantry
    }
}

/// Starts moving up to `n` ground forces of `p` by rule `src`: the step [`Step::Redeploy`], or
/// the end of the turn when no ground force can go anywhere.
pub(super) fn start(g: &mut Ti4Game, p: Player, src: Source, n: u8) -> Step {
    g.flow.redeploy = Some(Redeploy { src, left: n, held: None });
    next(g, p)
}

/// The next decision, or the end of the turn when none is left.
fn next(g: &mut Ti4Game, p: Player) -> Step {
    let more = g.flow.redeploy.is_some_and(|r| r.left > 0) && any_move(g, p);
    if more {
        Step::Redeploy(p)
    } else {
        g.flow.redeploy = None;
        flow::next_turn(g)
    }
}

/// True when a ground force of `p` on the board has a planet of theirs to go to.
pub fn any_move(g: &Ti4Game, p: Player) -> bool {
    let mut any = false;
    picks(g, p, &mut |_| any = true);
    any
}

/// The planets `p` controls where a ground force may be placed: no other player's units there.
fn destinations(g: &Ti4Game, p: Player, out: &mut dyn FnMut(PlanetId, Location)) {
    let (c, s) = (&*g.content, &g.state);
    for pl in s.player(p).planets.iter() {
        if let Some(loc) = s.planet_location(c, pl) {
            if s.occupant(loc).is_none_or(|q| q == p) {
                out(pl, loc);
            }
        }
    }
}

/// Each ground force of `p` on the board that has somewhere to go, as a pick number
/// (`code * 2 + mech`). The destinations are counted once: with two or more every ground
/// force can leave, with one all but those standing there.
fn picks(g: &Ti4Game, p: Player, out: &mut dyn FnMut(u16)) {
    let (mut count, mut only) = (0, None);
    destinations(g, p, &mut |_, loc| {
        count += 1;
        only = Some(loc);
    });
    if count == 0 {
        return;
    }
    let s = &g.state;
    for loc in (0..s.num_systems).flat_map(Location::all_in) {
        if s.occupant(loc) != Some(p) || (count == 1 && only == Some(loc)) {
            continue;
        }
        for (mech, t) in [(false, UnitType::Infantry), (true, UnitType::Mech)] {
            if s.count_at(loc, t) > 0 {
                out(code(loc) * 2 + mech as u16);
            }
        }
    }
}

/// Each action [`Step::Redeploy`] offers: the picks and `Done`, or, with a ground force
/// picked, the planets it may go to.
fn each_option(g: &Ti4Game, p: Player, r: Redeploy, out: &mut dyn FnMut(Action)) {
    match r.held {
        None => {
            picks(g, p, &mut |k| out(Action::Choose(r.src, k)));
            out(Action::Done);
        }
        Some((from, _)) => destinations(g, p, &mut |pl, loc| {
            if loc != location(from) {
                out(Action::Choose(r.src, PLACE + pl.0 as u16));
            }
        }),
    }
}

/// The legal actions at [`Step::Redeploy`] ([`each_option`]).
pub(super) fn options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    if let Some(r) = g.flow.redeploy {
        each_option(g, p, r, &mut |a| buf.push(a));
    }
}

/// `p` picks a ground force, places the one picked, or stops (`Done`). An action not offered
/// changes nothing.
pub(super) fn apply(g: &mut Ti4Game, p: Player, a: Action) -> Step {
    let Some(r) = g.flow.redeploy else { return next(g, p) };
    let mut offered = false;
    each_option(g, p, r, &mut |x| offered |= x == a);
    if !offered {
        return Step::Redeploy(p);
    }
    match (a, r.held) {
        (Action::Choose(_, k), None) => {
            g.flow.redeploy = Some(Redeploy { held: Some((k / 2, k % 2 == 1)), ..r });
            Step::Redeploy(p)
        }
        (Action::Choose(_, k), Some((from, mech))) => {
            let pl = PlanetId((k - PLACE) as u8);
            let t = unit(mech);
            if let Some(to) = g.state.planet_location(&g.content, pl) {
                g.state.remove_units(location(from), t, 1).expect("the picked ground force is on the board");
                g.place_units(p, to, t, 1).expect("the removed unit is in reinforcements");
            }
            g.flow.redeploy = Some(Redeploy { left: r.left - 1, held: None, ..r });
            next(g, p)
        }
        _ => {
            g.flow.redeploy = None;
            flow::next_turn(g)
        }
    }
}
