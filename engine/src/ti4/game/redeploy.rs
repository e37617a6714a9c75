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
use crate::ti4::state::{Location, MAX_PLANETS_PER_SYSTEM};

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

/// True when a ground force at `from` has a planet to go to.
fn can_leave(g: &Ti4Game, p: Player, from: Location) -> bool {
    let mut any = false;
    destinations(g, p, &mut |_, loc| any |= loc != from);
    any
}

/// Each ground force of `p` on the board that has somewhere to go, as a pick number
/// (`code * 2 + mech`).
fn picks(g: &Ti4Game, p: Player, out: &mut dyn FnMut(u16)) {
    let s = &g.state;
    for slot in 0..s.num_systems {
        for loc in std::iter::once(Location::Space(slot))
            .chain((0..MAX_PLANETS_PER_SYSTEM as u8).map(|n| Location::Planet(slot, n)))
        {
            if s.occupant(loc) != Some(p) {
                continue;
            }
            let here = [s.count_at(loc, UnitType::Infantry) > 0, s.count_at(loc, UnitType::Mech) > 0];
            if (here[0] || here[1]) && can_leave(g, p, loc) {
                for mech in [false, true].into_iter().filter(|&m| here[m as usize]) {
                    out(code(loc) * 2 + mech as u16);
                }
            }
        }
    }
}

/// The legal actions at [`Step::Redeploy`]: the picks and `Done`, or, with a ground force
/// picked, the planets it may go to.
pub(super) fn options(g: &Ti4Game, p: Player, buf: &mut Vec<Action>) {
    let Some(r) = g.flow.redeploy else { return };
    match r.held {
        None => {
            picks(g, p, &mut |k| buf.push(Action::Choose(r.src, k)));
            buf.push(Action::Done);
        }
        Some((from, _)) => destinations(g, p, &mut |pl, loc| {
            if loc != location(from) {
                buf.push(Action::Choose(r.src, PLACE + pl.0 as u16));
            }
        }),
    }
}

/// True when `a` is one of the actions [`options`] lists.
fn offers(g: &Ti4Game, p: Player, r: Redeploy, a: Action) -> bool {
    let mut hit = false;
    match (a, r.held) {
        (Action::Done, None) => hit = true,
        (Action::Choose(src, k), None) if src == r.src => picks(g, p, &mut |x| hit |= x == k),
        (Action::Choose(src, k), Some((from, _))) if src == r.src => destinations(g, p, &mut |pl, loc| {
            hit |= loc != location(from) && PLACE + pl.0 as u16 == k;
        }),
        _ => {}
    }
    hit
}

/// `p` picks a ground force, places the one picked, or stops (`Done`). An action not offered
/// changes nothing.
pub(super) fn apply(g: &mut Ti4Game, p: Player, a: Action) -> Step {
    let Some(r) = g.flow.redeploy else { return next(g, p) };
    if !offers(g, p, r, a) {
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
