//! Star Wars: Legion (Legion-lite, `engine::legion`) as an experiment: configs with
//! `"game": "legion"`.
//!
//! Config keys read here (the generic ones are in [`crate::run::config`]):
//! - `factions`: the army of each lineup position, `"empire"` or `"rebels"` (required; a mirror
//!   is allowed). With `"seating": "rotate"` each seed is played with the armies in both seats,
//!   so the faction table compares the armies and the seat table the first-player effect.
//! - `rules` ([`LegionRules`], every key optional, unknown keys refused with the field named):
//!   `commanders` (`"standard"`, `"two_commanders"`: variant B, an Officer as a second
//!   Commander, `"field_commander"`: variant C), `rounds` (5 or 6, default 5), `board`
//!   (`"standard"` 24x12 or `"skirmish"` 16x8), `mission` (`"random"`, drawn at setup from the
//!   block's chance stream, or `{"primary": "hold_the_line" | "breakthrough", "secondary":
//!   "marked_targets" | "decapitation"}`), `master_of_evil_suppression` (0 to 6, default 2).
//!
//! Per game: `scores` are VP, `rounds` the round the game ended in, `end` one of `victory`,
//! `tabling`, `rounds`. Tallies: one event per seat and End Phase step kind that changed
//! something in the game, with its count ([`TALLY_LABELS`]): VP scored from the objective and
//! the secondary card, command cards discarded, Aim / Dodge / Observation / Surge / Standby
//! tokens removed, Suppression removed, Advantage tokens cleared, promotions, and times a player
//! was left without a Commander; per-seat values `lost_points` and `vp`.
//!
//! Agents: `random`, `heuristic` (`agents::legion::LegionHeuristic`, weights by name) and
//! `mcts` (determinizing the opponent's unrevealed command card).
//!
//! Explain topic: `sim explain legion-end-phase --position FILE [--pretty]` (see
//! [`explain`]). Bench: random games per second and MCTS iterations per second ([`bench`]).

pub mod bench;
pub mod explain;

use std::ops::RangeInclusive;

use agents::agent::Agent;
use agents::config::{AgentConfig, ConfigError as AgentError};
use engine::game::PerPlayer;
use engine::legion::options::{BoardSize, CommanderVariant, LegionOptions, MissionChoice, Primary, Secondary};
use engine::legion::roster::Faction;
use engine::legion::{EndReason, LegionGame};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;
use serde_json::Value;

use crate::bench::timing::Budget;
use crate::bench::BenchError;
use crate::error::SimError;
use crate::registry::Topic;
use crate::run::config::{ConfigError, Experiment};
use crate::run::record::{Event, Tallies};
use crate::run::spec::{check_agents, Experimentable, Setup};

/// The tally labels, in the order of the End Phase steps that produce them.
pub const TALLY_LABELS: [&str; 12] = [
    "vp_objective",
    "vp_secondary",
    "command_cards_discarded",
    "aim_removed",
    "dodge_removed",
    "observation_removed",
    "surge_removed",
    "standby_removed",
    "suppression_removed",
    "advantage_cleared",
    "promotion",
    "left_without_commander",
];

/// The `rules` of a Legion config, deserialised with every field optional.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegionRules {
    /// Commanders in each army.
    pub commanders: Option<CommanderVariant>,
    /// Rounds (5 or 6).
    pub rounds: Option<u8>,
    /// Board size.
    pub board: Option<BoardSize>,
    /// `"random"` or a fixed mission.
    pub mission: Option<MissionRule>,
    /// Suppression from Master of Evil (0 to 6).
    pub master_of_evil_suppression: Option<u8>,
}

/// The `mission` rule.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(untagged)]
pub enum MissionRule {
    /// `"random"`.
    Random(RandomMission),
    /// `{"primary": ..., "secondary": ...}`.
    Fixed {
        /// The objective card.
        primary: Primary,
        /// The secondary objective card.
        secondary: Secondary,
    },
}

/// The one string a random mission is spelled with.
#[derive(Clone, Copy, Debug, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RandomMission {
    /// `"random"`.
    Random,
}

/// What every Legion game of a run shares: the options (the armies are set per game).
#[derive(Clone, Debug)]
pub struct LegionPrepared {
    /// The options from `rules`.
    pub options: LegionOptions,
}

/// Parses `rules` into options; errors are (key under `rules`, problem).
pub fn options(rules: &serde_json::Map<String, Value>) -> Result<LegionOptions, (String, String)> {
    let value = Value::Object(rules.clone());
    let parsed: LegionRules = serde_path_to_error::deserialize(&value).map_err(|e| {
        let path = e.path().to_string();
        let key = if path == "." { String::new() } else { path };
        (key, e.into_inner().to_string())
    })?;
    let mut o = LegionOptions::default();
    if let Some(c) = parsed.commanders {
        o.commanders = c;
    }
    if let Some(r) = parsed.rounds {
        if !(5..=6).contains(&r) {
            return Err(("rounds".into(), format!("got {r}, expected 5 or 6")));
        }
        o.rounds = r;
    }
    if let Some(b) = parsed.board {
        o.board = b;
    }
    o.mission = match parsed.mission {
        None | Some(MissionRule::Random(_)) => MissionChoice::Random,
        Some(MissionRule::Fixed { primary, secondary }) => MissionChoice::Fixed { primary, secondary },
    };
    if let Some(m) = parsed.master_of_evil_suppression {
        if m > 6 {
            return Err(("master_of_evil_suppression".into(), format!("got {m}, expected 0 to 6")));
        }
        o.master_of_evil_suppression = m;
    }
    Ok(o)
}

/// The army a faction id names.
fn faction(id: &str) -> Result<Faction, String> {
    match id {
        "empire" => Ok(Faction::Empire),
        "rebels" => Ok(Faction::Rebels),
        other => Err(format!("unknown army '{other}' (expected \"empire\" or \"rebels\")")),
    }
}

impl Experimentable for LegionGame {
    const ID: &'static str = "legion";
    const PLAYERS: RangeInclusive<usize> = 2..=2;
    const FACTIONS: bool = true;
    const TOPICS: &'static [Topic] = explain::TOPICS;
    type Prepared = LegionPrepared;

    /// Checks `rules`, the armies and the agents.
    fn prepare(exp: &Experiment, origin: &str) -> Result<LegionPrepared, ConfigError> {
        let err = |key: &str, problem: String| ConfigError::new(origin, key, problem);
        check_agents(exp, origin, |a| a.try_build::<LegionGame>())?;
        let options = options(&exp.rules)
            .map_err(|(k, p)| err(&if k.is_empty() { "rules".to_string() } else { format!("rules.{k}") }, p))?;
        if exp.faction_pool.is_some() {
            return Err(err("faction_pool", "legion takes fixed armies: give \"factions\"".into()));
        }
        let Some(list) = &exp.factions else {
            return Err(err("factions", "missing (give the army of each seat, e.g. [\"empire\", \"rebels\"])".into()));
        };
        for (i, id) in list.iter().enumerate() {
            faction(id).map_err(|p| err(&format!("factions[{i}]"), p))?;
        }
        Ok(LegionPrepared { options })
    }

    fn build_agent(cfg: &AgentConfig, _prep: &LegionPrepared) -> Result<Box<dyn Agent<Self>>, AgentError> {
        cfg.try_build::<LegionGame>().map(|a| a as Box<dyn Agent<Self>>)
    }

    /// The armies of the seats; the setup (blue player, mission when random, marked targets)
    /// from the block's chance stream, so both seatings of a seed share it.
    fn new_game(prep: &LegionPrepared, setup: &Setup, rng: &mut ChaCha8Rng) -> Self {
        let mut o = prep.options;
        let armies = setup.factions.as_deref().expect("legion configs always seat armies");
        for (p, id) in armies.iter().enumerate() {
            o.factions[p] = faction(id).expect("checked by prepare");
        }
        LegionGame::with_seed(o, rng.next_u64())
    }

    fn scores(&self) -> PerPlayer<i64> {
        PerPlayer::from_slice(&[self.vp(0) as i64, self.vp(1) as i64])
    }

    fn end_condition(&self) -> &'static str {
        match self.end_reason() {
            EndReason::None => "unfinished",
            EndReason::Victory => "victory",
            EndReason::Tabling => "tabling",
            EndReason::Rounds => "rounds",
        }
    }

    fn rounds(&self) -> Option<u32> {
        Some(self.round().min(self.options().rounds) as u32)
    }

    /// One event per (step kind, seat) that changed something, with its count (see the
    /// module docs); `lost_points` and `vp` per seat.
    fn tallies(&self) -> Tallies {
        let t = self.tally();
        let per_seat = [
            t.vp_objective,
            t.vp_secondary,
            t.cards_discarded,
            t.aim_removed,
            t.dodge_removed,
            t.observation_removed,
            t.surge_removed,
            t.standby_removed,
            t.suppression_removed,
            t.advantage_cleared,
            t.promotions,
            t.left_without_commander,
        ];
        let mut out = Tallies::default();
        for (label, counts) in TALLY_LABELS.iter().zip(per_seat) {
            for (seat, &n) in counts.iter().enumerate() {
                if n > 0 {
                    out.events.push(Event::new(*label).seat(seat).count(n as u64));
                }
            }
        }
        out.seat_values.insert("lost_points".into(), (0..2).map(|p| self.lost_points(p) as i64).collect());
        out.seat_values.insert("vp".into(), (0..2).map(|p| self.vp(p) as i64).collect());
        out
    }

    fn check_invariants(&self) -> Result<(), String> {
        LegionGame::check_invariants(self)
    }

    fn explain(topic: &str, args: &[String]) -> Result<(), SimError> {
        explain::run(topic, args)
    }

    fn bench(budget: &Budget, _threads: usize) -> Result<Option<Value>, BenchError> {
        let figures = bench::measure(budget)?;
        Ok(Some(serde_json::to_value(figures).expect("figures serialize")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::game::Game;
    use serde_json::json;

    fn rules(v: Value) -> Result<LegionOptions, (String, String)> {
        options(v.as_object().unwrap())
    }

    #[test]
    fn rule_options_are_typed_and_errors_name_the_field() {
        let o = rules(json!({"commanders": "two_commanders", "rounds": 6, "board": "skirmish",
                             "mission": {"primary": "breakthrough", "secondary": "decapitation"}}))
        .unwrap();
        assert_eq!((o.commanders, o.rounds, o.board), (CommanderVariant::TwoCommanders, 6, BoardSize::Skirmish));
        assert_eq!(
            o.mission,
            MissionChoice::Fixed { primary: Primary::Breakthrough, secondary: Secondary::Decapitation }
        );
        assert_eq!(rules(json!({"mission": "random"})).unwrap().mission, MissionChoice::Random);
        let (k, p) = rules(json!({"commanders": "three"})).unwrap_err();
        assert_eq!(k, "commanders");
        assert!(p.contains("unknown variant"), "{p}");
        assert_eq!(rules(json!({"rounds": 7})).unwrap_err().0, "rounds");
        let (k, p) = rules(json!({"roundz": 5})).unwrap_err();
        assert!(k == "roundz" && p.contains("unknown field `roundz`"), "{k} {p}");
        assert_eq!(rules(json!({"master_of_evil_suppression": 9})).unwrap_err().0, "master_of_evil_suppression");
    }

    #[test]
    fn a_played_game_reports_end_phase_tallies_and_keeps_its_invariants() {
        use rand::SeedableRng;
        let prep = LegionPrepared { options: LegionOptions::default() };
        let setup = Setup { players: 2, factions: Some(vec!["rebels".into(), "empire".into()]) };
        let mut g = LegionGame::new_game(&prep, &setup, &mut ChaCha8Rng::seed_from_u64(4));
        assert_eq!(g.options().factions, [Faction::Rebels, Faction::Empire]);
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut legal = Vec::new();
        while !g.is_terminal() {
            g.check_invariants().unwrap();
            match g.current() {
                engine::game::Turn::Chance => g.apply_chance(&mut rng),
                _ => {
                    g.legal_actions(&mut legal);
                    g.apply(legal[rand::RngExt::random_range(&mut rng, 0..legal.len())]);
                }
            }
        }
        let t = g.tallies();
        assert!(t.events.iter().any(|e| e.label == "command_cards_discarded" && e.count > 0), "{t:?}");
        assert!(t.events.iter().all(|e| TALLY_LABELS.contains(&e.label.as_str()) && e.count > 0));
        assert_eq!(t.seat_values["vp"], vec![g.vp(0) as i64, g.vp(1) as i64]);
        assert!(["victory", "tabling", "rounds"].contains(&g.end_condition()));
    }
}
