//! Map strings, hex numbering, seats and off-board homes.

use super::*;

#[test]
fn hex_positions_follow_tts_numbering() {
    // Position 1 north of the centre, then clockwise; ring 3 corners at 19, 22, ... 34.
    assert_eq!(Hex::from_position(0), Some(Hex::CENTRE));
    assert_eq!(Hex::from_position(1), Some(Hex::CENTRE.step(Side::N)));
    assert_eq!(Hex::from_position(2), Some(Hex::CENTRE.step(Side::NE)));
    assert_eq!(Hex::from_position(4), Some(Hex::CENTRE.step(Side::S)));
    assert_eq!(Hex::from_position(7), Some(Hex::CENTRE.steps(Side::N, 2)));
    assert_eq!(Hex::from_position(8), Some(Hex::CENTRE.step(Side::N).step(Side::NE)));
    for (i, side) in Side::ALL.into_iter().enumerate() {
        assert_eq!(Hex::from_position(19 + 3 * i), Some(Hex::CENTRE.steps(side, 3)));
        assert_eq!(Hex::from_position(37 + 4 * i), Some(Hex::CENTRE.steps(side, 4)));
    }
    for p in 0..hex::MAX_POSITIONS {
        let h = Hex::from_position(p).unwrap();
        assert_eq!(h.position(), Some(p), "round trip of position {p}");
        assert_eq!(Some(h.ring()), (0..=4).find(|&r| p < hex::positions_within(r)));
    }
    assert_eq!(Hex::from_position(hex::MAX_POSITIONS), None);
    assert_eq!(hex::MAX_POSITIONS, 61);
}

#[test]
fn parses_the_written_six_player_map() {
    let c = content();
    let m = MapString::parse(&c, SIX).unwrap();
    assert_eq!(m.rings(), 3);
    assert_eq!(m.cells()[0], Cell::System(sys(&c, "18")), "Mecatol Rex implied at the centre");
    assert_eq!(m.cells()[1], Cell::System(sys(&c, "26")));
    assert_eq!(m.placeholders(), vec![19, 22, 25, 28, 31, 34]);
    let tts = m.to_tts(&c);
    assert_eq!(tts.split_whitespace().collect::<Vec<_>>(), SIX.split_whitespace().collect::<Vec<_>>());
    assert_eq!(MapString::parse(&c, &tts).unwrap(), m, "round trip");
}

#[test]
fn parses_centre_override_short_numbers_empties_and_hyperlanes() {
    let c = content();
    let m = MapString::parse(&c, "{112} 1 -1 83A2 86b 0 -1").unwrap();
    assert_eq!(m.cells()[0], Cell::System(sys(&c, "112")));
    assert_eq!(m.cells()[1], Cell::System(sys(&c, "01")), "1 is tile 01");
    assert_eq!(m.cells()[2], Cell::Empty);
    assert_eq!(m.cells()[3], Cell::Hyperlane { tile: sys(&c, "83a"), rotation: 2 });
    assert_eq!(m.cells()[4], Cell::Hyperlane { tile: sys(&c, "86b"), rotation: 0 });
    assert_eq!(m.cells()[5], Cell::Home);
    assert_eq!(m.to_tts(&c), "{112} 1 -1 83A2 86B0 0 -1");
}

#[test]
fn parse_error_unknown_tile_names_position() {
    let c = content();
    let text = SIX.replacen("41", "4253", 1);
    let e = MapString::parse(&c, &text).unwrap_err();
    assert_eq!(e, GalaxyError::at(5, GalaxyErrorKind::UnknownTile("4253".into())));
    assert_eq!(e.to_string(), "position 5: unknown tile '4253'");
}

#[test]
fn parse_error_duplicate_tile_names_both_positions() {
    let c = content();
    // Position 7 holds 19; put 19 again at position 36 (instead of 28).
    let text = SIX.trim_end().trim_end_matches("28").to_string() + "19";
    let e = MapString::parse(&c, &text).unwrap_err();
    assert_eq!(e.to_string(), "position 36: tile '19' is already at position 7");
    // The two sides of the Wormhole Nexus are one tile.
    let e = MapString::parse(&c, "82a 82b 19 20 21 22").unwrap_err();
    assert_eq!(e.kind, GalaxyErrorKind::DuplicateTile { tile: "82b".into(), first: 1 });
}

#[test]
fn parse_error_wrong_count() {
    let c = content();
    let text = SIX.rsplit_once(' ').unwrap().0; // 35 positions
    let e = MapString::parse(&c, text).unwrap_err();
    assert_eq!(e, GalaxyError::map(GalaxyErrorKind::WrongCount { found: 35 }));
    assert!(e.to_string().starts_with("map: 35 positions after the centre"));
}

#[test]
fn parse_error_bad_rotation_and_bad_centre() {
    let c = content();
    let e = MapString::parse(&c, "83a7 19 20 21 22 23").unwrap_err();
    assert_eq!(e, GalaxyError::at(1, GalaxyErrorKind::BadToken("83a7".into())));
    let e = MapString::parse(&c, "{18 19 20 21 22 23 24").unwrap_err();
    assert_eq!(e.position, Some(0));
    let m = MapString::parse(&c, "{-1} 19 20 21 22 23 24").unwrap();
    assert_eq!(Galaxy::new(&c, &m).unwrap_err(), GalaxyError::at(0, GalaxyErrorKind::NoCentre));
}

#[test]
fn home_errors_count_and_not_a_home() {
    let c = content();
    let m = MapString::parse(&c, SIX).unwrap();
    let e = m.fill_homes(&c, &six_homes(&c)[..5]).unwrap_err();
    assert_eq!(e.to_string(), "map: 6 home placeholders (0) but 5 home systems supplied");
    let mut homes = six_homes(&c);
    homes[2] = sys(&c, "29");
    assert_eq!(m.fill_homes(&c, &homes).unwrap_err(), GalaxyError::at(25, GalaxyErrorKind::NotAHome("29".into())));
    let e = Galaxy::new(&c, &m).unwrap_err();
    assert_eq!(e.kind, GalaxyErrorKind::HomeCount { placeholders: 6, homes: 0 }, "unfilled placeholders");
    // Creuss given twice: as its home (51) and as its gate (17).
    let mut homes = six_homes(&c);
    homes[0] = sys(&c, "17");
    let filled = m.fill_homes(&c, &homes).unwrap();
    assert_eq!(
        Galaxy::new(&c, &filled).unwrap_err().kind,
        GalaxyErrorKind::DuplicateTile { tile: "17".into(), first: 19 }
    );
}

#[test]
fn seats_are_homes_clockwise_from_north() {
    let c = content();
    let g = six(&c);
    let homes = g.homes();
    assert_eq!(homes.iter().map(|h| h.position).collect::<Vec<_>>(), vec![19, 22, 25, 28, 31, 34]);
    for (h, t) in homes.iter().zip(six_homes(&c)) {
        assert_eq!(h.tile, t);
        assert_eq!(h.faction, c.systems[t.idx()].home_of);
    }
}

#[test]
fn setup_creuss_home_is_off_board_behind_its_gate() {
    // Setup: the Creuss gate (17) takes the home position; Creuss (51) is off the board.
    let c = content();
    let g = six(&c);
    let creuss = g.homes()[3];
    assert_eq!(creuss.position, 28);
    assert_eq!(g.tile(creuss.board_slot), sys(&c, "17"));
    assert_eq!(g.tile(creuss.slot), sys(&c, "51"));
    assert!(g.is_off_board(creuss.slot) && g.hex(creuss.slot).is_none() && g.position(creuss.slot).is_none());
    // Off-board slots come after every board slot; Mecatol Rex is slot 0.
    assert_eq!(g.tile(g.mecatol()), sys(&c, "18"));
    assert!((0..g.len() as u8).filter(|&s| g.is_off_board(s)).all(|s| s as usize >= 31));
    assert_eq!(g.len(), 1 + 30 + 6 + 2, "centre, 30 systems, 6 homes, Creuss home, Wormhole Nexus");
    // Writing the gate itself in the map brings the off-board home along.
    let mut homes = six_homes(&c);
    homes[3] = sys(&c, "17");
    let g2 = Galaxy::from_tts(&c, SIX, &homes).unwrap();
    assert_eq!(g2.homes()[3].slot, creuss.slot);
    assert_eq!(g2.tiles(), g.tiles());
}

#[test]
fn setup_crimson_rebellion_home_is_off_board_behind_the_sorrow() {
    let c = content();
    let mut homes = six_homes(&c);
    homes[1] = sys(&c, "118");
    let g = Galaxy::from_tts(&c, SIX, &homes).unwrap();
    let h = g.homes()[1];
    assert_eq!((g.tile(h.board_slot), g.tile(h.slot)), (sys(&c, "94"), sys(&c, "118")));
    assert!(g.is_off_board(h.slot));
    assert_eq!(g.neighbours(h.slot), 1 << h.board_slot, "epsilon: home 118 touches only The Sorrow");
    assert!(g.is_adjacent(h.board_slot, h.slot));
}

#[test]
fn map_round_trips_through_the_galaxy() {
    let c = content();
    let g = six(&c);
    let back = Galaxy::new(&c, g.map()).unwrap();
    assert_eq!(back.tiles(), g.tiles());
    assert_eq!(back.homes(), g.homes());
    assert_eq!(g.map().to_tts(&c).split_whitespace().nth(27), Some("17"), "the gate sits at position 28");
}

#[test]
fn nexus_only_when_asked_and_absent_from_the_map() {
    let c = content();
    let m = MapString::parse(&c, SIX).unwrap().fill_homes(&c, &six_homes(&c)).unwrap();
    let g = Galaxy::build(&c, MapData::embedded(), &m, GalaxyOptions { wormhole_nexus: false }).unwrap();
    assert_eq!(g.nexus(), None);
    let g = Galaxy::new(&c, &m).unwrap();
    let n = g.nexus().unwrap();
    assert_eq!(g.tile(n), sys(&c, "82a"));
    let on_board = SIX.replacen("28", "82b", 1);
    let g = Galaxy::from_tts(&c, &on_board, &six_homes(&c)).unwrap();
    assert_eq!(g.nexus(), None, "the Nexus is already on the board");
}

/// Populate the Outer Rim / Control the Borderlands: "systems on the edge of the game board".
/// On the standard map they are the outer ring (the home systems included; the off-board
/// Creuss home is not on the board, so not on its edge); an empty position makes the systems
/// around it edge systems too.
#[test]
fn edge_systems_are_the_board_systems_with_an_open_side() {
    let c = content();
    let g = six(&c);
    let ring = |g: &Galaxy, slot: u8| g.hex(slot).map(|h| h.ring());
    let outer: u64 = (0..g.len() as u8).filter(|&s| ring(&g, s) == Some(3)).fold(0, |m, s| m | 1 << s);
    assert_eq!(g.edge_systems(), outer);
    assert_eq!(outer.count_ones(), 18);
    let creuss = g.slot_of(sys(&c, "51")).unwrap();
    assert!(g.is_off_board(creuss) && g.edge_systems() >> creuss & 1 == 0);
    // Position 7 (ring 2, "19") left empty: its five board neighbours inside ring 3 and the
    // ring-3 systems beside it are edge systems.
    let holed = SIX.replacen("19 ", "-1 ", 1);
    let h = Galaxy::from_tts(&c, &holed, &six_homes(&c)).unwrap();
    let hole = Hex::from_position(7).unwrap();
    for s in 0..h.len() as u8 {
        let Some(hex) = h.hex(s) else { continue };
        let touches_hole = hex.distance(hole) == 1;
        assert_eq!(h.edge_systems() >> s & 1 == 1, hex.ring() == 3 || touches_hole, "slot {s} at {hex:?}");
    }
}
