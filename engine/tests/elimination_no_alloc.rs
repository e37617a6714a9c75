//! Principle 4 of the engineering guide, for elimination: the condition check, the check the
//! round loop runs after every event, and applying an elimination do not allocate. A counting
//! global allocator records the allocations made by the current thread.

use engine::ti4::content::Content;
use engine::ti4::elimination::{check_elimination, destroy_units, meets_conditions};
use engine::ti4::ids::{Player, UnitType};
use engine::ti4::position::state_from_json;
use engine::ti4::state::Location;

use testkit::counting_alloc;

#[global_allocator]
static GLOBAL: counting_alloc::Counting = counting_alloc::Counting;
use counting_alloc::allocations;

#[test]
fn counter_sees_allocations() {
    let (n, v) = allocations(|| vec![1u8; 16]);
    assert!(n >= 1 && v.len() == 16);
}

#[test]
fn elimination_check_and_apply_do_not_allocate() {
    let c = Content::embedded();
    let mut s = state_from_json(
        &c,
        r#"{"players": [
            {"faction": "sol", "planets": [], "units": [{"unit": "infantry", "system": "18"}, {"unit": "carrier", "system": "18"}],
             "action_cards": ["sabotage"], "secret_objectives": {"scored": ["cut_supply_lines"]}},
            {"faction": "mahact", "held_command_tokens": ["sol"], "captured": [{"of": "sol", "unit": "carrier"}]},
            {"faction": "muaat", "technologies": ["magmus_reactor"], "planets": [], "units": [{"unit": "war_sun", "system": "43"}]}],
          "strategy_cards": [{"card": "leadership", "holder": "sol"}], "speaker": "sol"}"#,
    )
    .unwrap();
    let (n, met) = allocations(|| s.seats().filter(|&p| meets_conditions(&c, &s, p)).count());
    assert_eq!((n, met), (0, 0));
    let (n, out) = allocations(|| check_elimination(&c, &mut s));
    assert_eq!((n, out.len()), (0, 0));
    let slot = s.slot_of(c.system("18").unwrap()).unwrap();
    let (n, r) =
        allocations(|| destroy_units(&c, &mut s, Location::Space(slot), UnitType::Infantry, 1, Some(Player(1))));
    assert_eq!(r, Ok((Player(0), true)), "Sol's last ground force: eliminated");
    assert_eq!(n, 0, "destroying the last ground force and applying the elimination");
}
