//! TI4 as an experiment ([`Experimentable`] for [`Ti4Game`]): configs with `"game": "ti4"`.
//!
//! Config keys read here (the generic ones are in [`crate::run::config`]):
//! - `factions` / `faction_pool`: faction ids of the content (checked: known, and with a home
//!   system of their own, which setup needs);
//! - `rules.victory_points` (default 10; the rules use 10, or 14 for the long game; 1 to 30
//!   accepted), `rules.round_cap` (default 12: the game ends after that round at the latest;
//!   1 to 255), `rules.map`: `"random"` (default; the seeded generator on the standard layout,
//!   seeded from the block's chance stream, so the rotations of a block share their galaxy) or a
//!   Tabletop Simulator map string with one `0` home placeholder per player, filled with the
//!   factions in seat order;
//! - `content`: a content directory (each data file present there replaces the embedded one,
//!   `Content::from_dir`), resolved against the working directory. Its errors name the file,
//!   the entry and the field.
//!
//! Per game, records carry victory points (`scores`), rounds, the end condition
//! (`victory`, `no_objective`, `last_player`, `round_cap`) and, through the tally channel,
//! `elimination` events (seat, round, `other`: by whom) and `research` events (seat, round,
//! key: technology, group: colour), which the summary presents as its `eliminations` and
//! `technologies` sections ([`SECTIONS`]); `extras.researches_unlogged` counts researches past
//! the engine's log of [`RESEARCH_LOG`] (absent when zero).
//!
//! Files: `mod.rs` (this adapter), `explain.rs` and `input.rs` (`sim explain research`,
//! `elimination` and `combat`), `combat.rs` (the combat calculator's forces and output), `bench/` (research, elimination, random games, MCTS figures).

//!
//! Agents: `random`, `heuristic` and `mcts`, on the agents crate's TI4 evaluator
//! (`agents::ti4`); `weights` of heuristic and MCTS agents are checked against it before
//! anything is written.

pub mod bench;
pub mod combat;
pub mod console;
pub mod explain;
pub mod input;

use std::collections::BTreeMap;
use std::ops::RangeInclusive;
use std::path::Path;
use std::sync::Arc;

use agents::agent::Agent;
use agents::config::{AgentConfig, ConfigError as AgentError};
use engine::game::{Game, PerPlayer};
use engine::ti4::components::Zone;
use engine::ti4::content::cards::AgendaKind;
use engine::ti4::content::{Content, ContentSource, FILES};
use engine::ti4::game::{Action, GameTables, MapChoice, Step, Ti4Game, Ti4Options, RESEARCH_LOG};
use engine::ti4::ids::{FactionId, Player, PublicObjectiveId};
use rand::Rng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Map, Value};

use crate::bench::timing::Budget;
use crate::bench::BenchError;
use crate::error::SimError;
use crate::registry::Topic;
use crate::run::config::{ConfigError, Experiment};
use crate::run::output::{sha256_hex, ContentFiles};
use crate::run::record::{Event, Tallies};
use crate::run::spec::{check_agents, Experimentable, Progress, Setup};
use crate::run::tally::Section;

/// The summary sections of TI4's tallies, with the field names they have always had.
pub const SECTIONS: &[Section] = &[
    Section::Occurrence {
        key: "eliminations",
        label: "elimination",
        games_with: "games_with_elimination",
        total: "eliminated_players",
    },
    Section::Keyed {
        key: "technologies",
        label: "research",
        total: "researched",
        by_group: "by_colour",
        by_key: "by_technology",
        group: "colour",
        count: "times_researched",
    },
    Section::ByFaction { key: "abilities", label: "ability_use", total: "uses", count: "uses" },
];

/// The embedded content files, (name, text), in [`engine::ti4::content::FILES`] order (the
/// engine's own copies are private to it; these are the same files).
pub const CONTENT_FILES: [(&str, &str); 6] = [
    ("technologies.json", include_str!("../../../../engine/data/technologies.json")),
    ("units.json", include_str!("../../../../engine/data/units.json")),
    ("factions.json", include_str!("../../../../engine/data/factions.json")),
    ("planets.json", include_str!("../../../../engine/data/planets.json")),
    ("systems.json", include_str!("../../../../engine/data/systems.json")),
    ("cards.json", include_str!("../../../../engine/data/cards.json")),
];

/// The rule options `rules` may hold.
pub const RULE_KEYS: [&str; 3] = ["map", "round_cap", "victory_points"];

/// How each game's galaxy is chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MapRule {
    /// The seeded generator, seeded from the block's chance stream.
    Random,
    /// One Tabletop Simulator map string for every game.
    Tts(String),
}

/// What every TI4 game of a run shares.
#[derive(Debug)]
pub struct Ti4Prepared {
    /// The content (embedded, or the config's `content` directory).
    pub content: Arc<Content>,
    /// The tables every game of the content shares, built once.
    pub tables: GameTables,
    /// Victory points and round cap.
    pub options: Ti4Options,
    /// The galaxy rule.
    pub map: MapRule,
    /// Every faction the config names, by id.
    pub factions: BTreeMap<String, FactionId>,
    /// The SHA-256 of each content file's text as loaded (embedded or from the directory).
    pub content_files: ContentFiles,
    /// Edits of the content directory that cannot change a game of this experiment
    /// ([`inert_edits`]).
    pub inert_edits: Vec<String>,
}

/// The faction entries a content directory changes that no game of the experiment can feel: a
/// faction no seat plays (not in `factions` or `faction_pool`), or its display name. One line
/// each, naming the file, entry and fields.
pub fn inert_edits(source: &ContentSource, seated: &BTreeMap<String, FactionId>) -> Vec<String> {
    let mut out = Vec::new();
    for c in crate::content_diff::entry_changes(source).into_iter().filter(|c| c.list == "factions") {
        let Some(fields) = c.fields.filter(|f| !f.is_empty()) else { continue };
        let names: Vec<&str> = fields.iter().map(|f| f.0.as_str()).collect();
        if !seated.contains_key(&c.id) {
            out.push(format!(
                "{}: entry '{}': {} changed, but no seat of this experiment plays '{}': the edit cannot change a game",
                c.file,
                c.id,
                names.join(", "),
                c.id
            ));
        } else if names.contains(&"name") {
            out.push(format!("{}: entry '{}': name changed: a display name changes no game", c.file, c.id));
        }
    }
    out
}

impl Experimentable for Ti4Game {
    const ID: &'static str = "ti4";
    const PLAYERS: RangeInclusive<usize> = 3..=8;
    const FACTIONS: bool = true;
    const CONTENT: bool = true;
    const CONTENT_FILES: &'static [(&'static str, &'static str)] = &CONTENT_FILES;
    const SECTIONS: &'static [Section] = SECTIONS;
    const TOPICS: &'static [Topic] = explain::TOPICS;
    type Prepared = Ti4Prepared;

    /// Loads the content, checks `rules`, the faction ids and the agents' weights, and sets up one
    /// trial game so that a map that cannot seat the factions is reported now, not per game.
    fn prepare(exp: &Experiment, origin: &str) -> Result<Ti4Prepared, ConfigError> {
        let err = |key: &str, problem: String| ConfigError::new(origin, key, problem);
        check_agents(exp, origin, |a| a.try_build::<Ti4Game>())?;
        let (content, source) = match &exp.content {
            None => (Content::embedded(), ContentSource::embedded()),
            Some(dir) => {
                let source = ContentSource::read_dir(Path::new(dir)).map_err(|e| err("content", e.to_string()))?;
                (Arc::new(Content::from_source(&source).map_err(|e| err("content", e.to_string()))?), source)
            }
        };
        let content_files =
            FILES.iter().zip(&source.texts).map(|(f, t)| (f.to_string(), sha256_hex(t.as_bytes()))).collect();
        let options = options(&exp.rules).map_err(|(k, p)| err(&format!("rules.{k}"), p))?;
        let map = match exp.rules.get("map") {
            None => MapRule::Random,
            Some(Value::String(s)) if s == "random" => MapRule::Random,
            Some(Value::String(s)) => MapRule::Tts(s.clone()),
            Some(_) => return Err(err("rules.map", "expected \"random\" or a TTS map string".into())),
        };
        let mut factions = BTreeMap::new();
        for (key, list) in [("factions", &exp.factions), ("faction_pool", &exp.faction_pool)] {
            for (i, id) in list.iter().flatten().enumerate() {
                let f = faction(&content, id).map_err(|p| err(&format!("{key}[{i}]"), p))?;
                factions.insert(id.clone(), f);
            }
        }
        let inert_edits = inert_edits(&source, &factions);
        let tables = GameTables::of(content.clone());
        let prepared = Ti4Prepared { content, tables, options, map, factions, content_files, inert_edits };
        let trial: Vec<String> = match (&exp.factions, &exp.faction_pool) {
            (Some(f), _) => f.clone(),
            (None, Some(pool)) => pool.iter().take(exp.players).cloned().collect(),
            (None, None) => return Err(err("factions", "missing (TI4 needs factions or a faction_pool)".into())),
        };
        let mut rng = crate::run::seating::stream(exp.seed, 0, crate::run::seating::CHANCE_SLOT);
        let factions_key = if exp.factions.is_some() { "factions" } else { "faction_pool" };
        setup(&prepared, &trial, &mut rng).map_err(|p| match prepared.map {
            MapRule::Tts(_) => err("rules.map", p),
            MapRule::Random => err(factions_key, p),
        })?;
        // Every two factions a draw may seat together must fit one galaxy (Firmament and
        // Obsidian, for one, live on the two sides of one tile).
        if let (None, Some(pool)) = (&exp.factions, &exp.faction_pool) {
            if let Some(problem) = homeless_draw(&prepared.content, pool, exp.players) {
                return Err(err("faction_pool", problem));
            }
            for j in 1..pool.len() {
                for i in 0..j {
                    let mut seats = vec![pool[i].clone(), pool[j].clone()];
                    // Fill with factions already checked against each other where possible.
                    let others = pool[..j].iter().enumerate().filter(|&(k, _)| k != i).map(|(_, f)| f);
                    seats.extend(others.chain(&pool[j + 1..]).cloned());
                    seats.truncate(exp.players);
                    setup(&prepared, &seats, &mut rng).map_err(|p| {
                        let problem = format!("'{}' and '{}' cannot play in one game: {p}", pool[i], pool[j]);
                        err(&format!("faction_pool[{j}]"), problem)
                    })?;
                }
            }
        }
        Ok(prepared)
    }

    fn content_files(prep: &Ti4Prepared) -> ContentFiles {
        prep.content_files.clone()
    }

    /// The content's warnings (edits that cannot matter), keyed `content`.
    fn warnings(prep: &Ti4Prepared) -> Vec<String> {
        let content = prep.content.warnings.iter().map(|w| w.to_string());
        content.chain(prep.inert_edits.iter().cloned()).map(|w| format!("content: {w}")).collect()
    }

    fn build_agent(cfg: &AgentConfig, _prep: &Ti4Prepared) -> Result<Box<dyn Agent<Self>>, AgentError> {
        cfg.try_build::<Ti4Game>().map(|a| a as Box<dyn Agent<Self>>)
    }

    /// Seats the factions; the galaxy seed (for `map: "random"`) is drawn from `rng`.
    fn new_game(prep: &Ti4Prepared, setup_: &Setup, rng: &mut ChaCha8Rng) -> Self {
        let factions = setup_.factions.as_deref().expect("ti4 configs always seat factions");
        setup(prep, factions, rng).unwrap_or_else(|e| panic!("ti4 setup: {e}"))
    }

    /// Victory points per seat (for eliminated seats, their points when eliminated).
    fn scores(&self) -> PerPlayer<i64> {
        let n = self.num_players();
        let mut s = PerPlayer::filled(n, 0i64);
        for p in 0..n {
            s[p] = self.victory_points(Player(p as u8)) as i64;
        }
        s
    }

    fn end_condition(&self) -> &'static str {
        self.end_condition().map_or("unfinished", |e| e.label())
    }

    fn rounds(&self) -> Option<u32> {
        Some(self.state().round as u32)
    }

    fn extras(&self) -> Map<String, Value> {
        let mut m = Map::new();
        let unlogged = (self.researched() as usize).saturating_sub(RESEARCH_LOG);
        if unlogged > 0 {
            m.insert("researches_unlogged".into(), json!(unlogged));
        }
        m
    }

    /// `elimination` events in order, then `research` events in order, then an `ability_use`
    /// event (seat, round, key: the rule's content id) per research that used a prerequisite
    /// skip (merged per seat, round and rule), then one event per seat and counted rule effect
    /// (`units_captured`, `command_tokens_taken`, `destroyed_entering`, with its count), then
    /// one `exploration` event per exploration card drawn (key: card id, group: deck, with its
    /// count), then one `objective`
    /// event per objective scored in the final state (seat, key: objective id, group:
    /// `stage_1`, `stage_2` or `secret`; public objectives in content order, then secrets).
    fn tallies(&self) -> Tallies {
        let c = self.content();
        let eliminations = Ti4Game::eliminations(self).into_iter().map(|(p, st)| {
            Event::new("elimination").seat(p.idx()).round(st.round as u32).other(st.by.map(|b| b.idx()))
        });
        let researches = self.research_log().map(|r| {
            let t = c.tech_def(r.tech);
            let colour = t.colour().map_or("none", |c| c.name()).to_string();
            Event::new("research").seat(r.seat.idx()).round(r.round as u32).key(t.key.clone(), Some(colour))
        });
        let mut events: Vec<Event> = eliminations.chain(researches).collect();
        // A prerequisite skip used by a research is the use of its rule (Riftmeld, Inheritance
        // Systems, AI Development Algorithm), tallied with the other rule uses.
        for r in self.research_log() {
            if let Some(key) = r.skip.key(c) {
                Event::new("ability_use")
                    .seat(r.seat.idx())
                    .round(r.round as u32)
                    .key(key, None)
                    .merge_into(&mut events);
            }
        }
        // Rule effects no decision names (units captured, command tokens taken, units
        // destroyed entering a system), one event per seat and effect with its count.
        for (p, e, n) in self.effects().nonzero() {
            events.push(Event::new(e.label()).seat(p.idx()).count(n as u64));
        }
        // Exploration cards drawn (key: the card id; group: its deck), one event per card with
        // its count.
        for (i, &n) in self.explorations().iter().enumerate().filter(|(_, &n)| n > 0) {
            let d = &c.cards.exploration[i];
            let deck = format!("{:?}", d.deck).to_lowercase();
            events.push(Event::new("exploration").key(d.key.clone(), Some(deck)).count(n as u64));
        }
        // Agendas resolved (round; group: law or directive): key `<agenda>.for` or
        // `<agenda>.against`, the agenda of a player's election with the elected seat,
        // `<agenda>.<law>` for a law's, `<agenda>.<strategy card>` for a strategy card's.
        for r in self.agenda_log() {
            use engine::ti4::game::agendas::Electing;
            let d = &c.cards.agendas[r.agenda.idx()];
            let group = Some(if d.kind == AgendaKind::Law { "law" } else { "directive" }.to_string());
            let e = Event::new("agenda").round(r.round as u32);
            let e = match r.electing {
                Electing::ForAgainst if r.outcome == 0 => e.key(format!("{}.for", d.key), group),
                Electing::ForAgainst => e.key(format!("{}.against", d.key), group),
                Electing::Player => e.seat(r.outcome as usize).key(d.key.clone(), group),
                Electing::Law => {
                    let law = c.cards.agendas.get(r.outcome as usize).map_or("unknown", |l| l.key.as_str());
                    e.key(format!("{}.{law}", d.key), group)
                }
                Electing::StrategyCard => {
                    let card = engine::ti4::components::StrategyCard(r.outcome).name();
                    e.key(format!("{}.{card}", d.key), group)
                }
            };
            e.merge_into(&mut events);
        }
        objective_events(self, &mut events);
        Tallies { events, seat_values: seat_values(self) }
    }

    /// `ability_use` events (seat, round, key: the rule source's content id) for a component
    /// action, a "you may" taken (`Choose`; not the picks a component action goes on with) or
    /// Nekro's Propagation, and `action_card` events
    /// (seat, key: the card id; merged per seat and card, without a round, to keep records
    /// small: about 56 plays a game).
    fn decision_events(&self, seat: usize, action: Action, events: &mut Vec<Event>) {
        let c = self.content();
        let round = self.state().round as u32;
        let (label, key, round) = match action {
            // An action card played at a window is tallied as the component-action cards are.
            Action::Choose(engine::ti4::rules::Source::ActionCard(card), _) => {
                ("action_card", c.cards.action_cards[card.idx()].key.as_str(), None)
            }
            // The picks that follow a component action (Transit Diodes' units, The Codex's
            // cards) are part of the use its `Use` counted.
            Action::Choose(..) if matches!(self.step(), Step::Redeploy(_) | Step::TakeCards(_)) => return,
            Action::Use(src, _) | Action::Choose(src, _) => {
                ("ability_use", c.rules.key(src).map_or("?", |k| k.id()), Some(round))
            }
            Action::Propagate => ("ability_use", "propagation", Some(round)),
            Action::Play(card, _) => ("action_card", c.cards.action_cards[card.idx()].key.as_str(), None),
            _ => return,
        };
        let mut e = Event::new(label).seat(seat).key(key, None);
        e.round = round;
        e.merge_into(events);
        // What the choice did, when its rule labels it (hook point `may_tally`).
        if let Action::Choose(src, k) = action {
            if let Some(what) = engine::ti4::rules::may_tally(self, engine::ti4::ids::Player(seat as u8), src, k) {
                let mut e = Event::new(what).seat(seat).key(key, None);
                e.round = round;
                e.merge_into(events);
            }
        }
    }

    fn explain(topic: &str, args: &[String]) -> Result<(), SimError> {
        explain::run(topic, args)
    }

    fn bench(budget: &Budget, _threads: usize) -> Result<Option<Value>, BenchError> {
        let figures = bench::measure(budget)?;
        Ok(Some(serde_json::to_value(figures).expect("figures serialize")))
    }

    fn check_invariants(&self) -> Result<(), String> {
        Ti4Game::check_invariants(self).map_err(String::from)
    }

    /// The speaker when the first strategy phase starts (drawn by the setup chance event), and
    /// every seat's victory points whenever a new round begins (the end of the round before).
    fn observe(&self, progress: &mut Progress) {
        progress.by_round = true;
        if progress.speaker.is_none() && matches!(self.step(), Step::Pick(_)) {
            progress.speaker = self.state().tokens.speaker.map(|p| p.idx());
        }
        let round = self.state().round as usize;
        while progress.scores_by_round.len() + 1 < round {
            progress.scores_by_round.push(Experimentable::scores(self).to_vec());
        }
    }

    fn position(&self) -> Option<String> {
        Some(engine::ti4::game::position::game_to_json(self))
    }

    fn describe_chance(before: &Self, after: &Self) -> String {
        let what = match before.step() {
            Step::Deal => "deal secret objectives, choose the speaker, reveal stage I objectives".to_string(),
            Step::SpaceCannon => "gravity rift and space cannon offense dice".into(),
            Step::Space => "space combat dice".into(),
            Step::InvasionRolls(n) => format!("bombardment and space cannon defense dice against planet {n}"),
            Step::Ground(n) => format!("ground combat dice on planet {n}"),
            Step::Reveal => "reveal a public objective".into(),
            Step::DrawSecret(p) => format!("seat {} draws a secret objective", p.idx()),
            other => format!("{other:?}"),
        };
        let lost: Vec<String> = (0..before.num_players())
            .filter_map(|p| {
                let count = |g: &Ti4Game| g.state().player(Player(p as u8)).on_board.iter().map(|&k| k as u32).sum();
                let (b, a): (u32, u32) = (count(before), count(after));
                (a < b).then(|| format!("seat {p} loses {} unit{}", b - a, if b - a == 1 { "" } else { "s" }))
            })
            .collect();
        if lost.is_empty() {
            what
        } else {
            format!("{what}: {}", lost.join(", "))
        }
    }
}

/// One `objective` event per objective scored in `g`'s state (see `tallies`).
fn objective_events(g: &Ti4Game, events: &mut Vec<Event>) {
    let c = g.content();
    for (k, o) in c.cards.public_objectives.iter().enumerate() {
        let group = if o.stage == 1 { "stage_1" } else { "stage_2" };
        for p in g.state().public_objectives.scored_by(PublicObjectiveId(k as u8)).iter() {
            events.push(Event::new("objective").seat(p.idx()).key(o.key.clone(), Some(group.into())));
        }
    }
    for (k, o) in c.cards.secret_objectives.iter().enumerate() {
        if let Zone::PlayArea(p) = g.state().secret_objectives.get(k) {
            events.push(Event::new("objective").seat(p.idx()).key(o.key.clone(), Some("secret".into())));
        }
    }
}

/// Per seat at the end: `public_points` (victory points from public objectives: 1 per stage I,
/// 2 per stage II), `secret_points` (scored secret objectives), `technologies` (owned, starting
/// ones included).
fn seat_values(g: &Ti4Game) -> BTreeMap<String, Vec<i64>> {
    let (c, s) = (g.content(), g.state());
    let n = g.num_players();
    let seats = || (0..n).map(|p| Player(p as u8));
    let publics = seats()
        .map(|p| {
            (0..c.cards.public_objectives.len())
                .filter(|&i| s.public_objectives.scored_by(PublicObjectiveId(i as u8)).contains(p))
                .map(|i| c.cards.public_objectives[i].stage as i64)
                .sum()
        })
        .collect();
    let secrets =
        seats().map(|p| s.secret_objectives.count(c.cards.secret_objectives.len(), Zone::PlayArea(p)) as i64).collect();
    let techs = seats().map(|p| s.player(p).techs.len() as i64).collect();
    BTreeMap::from([
        ("public_points".to_string(), publics),
        ("secret_points".to_string(), secrets),
        ("technologies".to_string(), techs),
    ])
}

/// `rules.victory_points` and `rules.round_cap`; rejects unknown rule keys. Errors are
/// (key under `rules`, problem).
fn options(rules: &Map<String, Value>) -> Result<Ti4Options, (String, String)> {
    if let Some(k) = rules.keys().find(|k| !RULE_KEYS.contains(&k.as_str())) {
        return Err((k.clone(), format!("unknown rule option (expected one of: {})", RULE_KEYS.join(", "))));
    }
    let int = |key: &str, lo: u64, hi: u64, default: u8| -> Result<u8, (String, String)> {
        match rules.get(key) {
            None => Ok(default),
            Some(v) => match v.as_u64() {
                Some(x) if (lo..=hi).contains(&x) => Ok(x as u8),
                _ => Err((key.to_string(), format!("got {v}, expected an integer from {lo} to {hi}"))),
            },
        }
    };
    let d = Ti4Options::default();
    Ok(Ti4Options {
        victory_points: int("victory_points", 1, 30, d.victory_points)?,
        round_cap: int("round_cap", 1, 255, d.round_cap)?,
    })
}

/// A faction id of the content that setup can seat.
fn faction(c: &Content, id: &str) -> Result<FactionId, String> {
    let f = c.faction(id).ok_or_else(|| {
        let known: Vec<&str> = c.factions.iter().map(|f| f.key.as_str()).collect();
        format!("unknown faction '{id}' (the content has: {})", known.join(", "))
    })?;
    let fd = &c.factions[f.idx()];
    if fd.home_system.is_none() && fd.home_options.is_empty() {
        return Err(format!("faction '{id}' has no home system of its own or to borrow, which setup needs"));
    }
    Ok(f)
}

/// A faction of `pool` that borrows a home (Council Keleres: The Tribuni) from factions that
/// may all be drawn with it into one game of `players` seats, leaving it none: an error naming
/// them.
fn homeless_draw(c: &Content, pool: &[String], players: usize) -> Option<String> {
    for id in pool {
        let Some(f) = c.faction(id) else { continue };
        let fd = &c.factions[f.idx()];
        if fd.home_system.is_some() || fd.home_options.is_empty() || players <= fd.home_options.len() {
            continue;
        }
        let lenders: Vec<&str> = fd.home_options.iter().map(|o| c.factions[o.variant_of.idx()].key.as_str()).collect();
        if lenders.iter().all(|l| pool.iter().any(|p| p == l)) {
            return Some(format!(
                "'{id}' borrows the home of one of '{}' not in the game, and a draw of {players} may seat them all",
                lenders.join("', '")
            ));
        }
    }
    None
}

/// Sets up a game of `factions` (seat order) by the prepared rules.
fn setup(prep: &Ti4Prepared, factions: &[String], rng: &mut ChaCha8Rng) -> Result<Ti4Game, String> {
    let ids: Vec<FactionId> = factions
        .iter()
        .map(|k| prep.factions.get(k).copied().ok_or_else(|| format!("faction '{k}' was not prepared")))
        .collect::<Result<_, _>>()?;
    let map = match &prep.map {
        MapRule::Random => MapChoice::Random(rng.next_u64()),
        MapRule::Tts(s) => MapChoice::Tts(s.clone()),
    };
    Ti4Game::new_shared(&prep.tables, &ids, &map, prep.options).map_err(String::from)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_content_files_are_the_engines() {
        assert_eq!(CONTENT_FILES.map(|f| f.0), engine::ti4::content::FILES);
        let embedded = Content::embedded();
        let factions: Value = serde_json::from_str(CONTENT_FILES[2].1).unwrap();
        assert_eq!(factions["factions"].as_array().unwrap().len(), embedded.factions.len());
    }

    /// A research that used a prerequisite skip is tallied as a use of the skip's rule
    /// (`ability_use`, key `riftmeld` for `Skip::ReturnCaptured`, seat and round of the
    /// research); each counted rule effect is an event of its label with its count.
    /// A component action is one `ability_use`: the picks it goes on with (Transit Diodes'
    /// ground forces at step `Redeploy`) are not counted again; a "you may" at a window is.
    #[test]
    fn the_picks_after_a_component_action_are_not_counted_as_uses() {
        let c = Content::embedded();
        let ids: Vec<FactionId> = ["sol", "hacan", "xxcha"].iter().map(|k| c.faction(k).unwrap()).collect();
        use engine::ti4::game::position::{game_from_json, game_to_json};
        let g = Ti4Game::new(c.clone(), &ids, &MapChoice::Random(7), Ti4Options::default()).unwrap();
        let td = engine::ti4::rules::Source::Tech(c.tech("transit_diodes").unwrap());
        let count = |g: &Ti4Game, action: Action| {
            let mut events = Vec::new();
            g.decision_events(0, action, &mut events);
            events.iter().filter(|e| e.label == "ability_use").count()
        };
        assert_eq!(count(&g, Action::Use(td, 0)), 1, "the component action");
        assert_eq!(count(&g, Action::Choose(td, 2)), 1, "a \"you may\" elsewhere");
        let mut v: Value = serde_json::from_str(&game_to_json(&g)).unwrap();
        v["procedure"]["step"] = json!({"Redeploy": 0});
        let g = game_from_json(c, &v.to_string()).unwrap();
        assert_eq!(count(&g, Action::Choose(td, 2)), 0, "a pick that follows the component action");
    }

    #[test]
    fn a_prerequisite_skip_and_the_counted_rule_effects_are_tallied() {
        use engine::ti4::game::position::{game_from_json, game_to_json};
        let c = Content::embedded();
        let ids: Vec<FactionId> = ["cabal", "sol", "hacan"].iter().map(|k| c.faction(k).unwrap()).collect();
        let mut g = Ti4Game::new(c.clone(), &ids, &MapChoice::Random(7), Ti4Options::default()).unwrap();
        let mut rng = <ChaCha8Rng as rand::SeedableRng>::seed_from_u64(2);
        let mut buf = Vec::new();
        while g.research_log().count() < 2 {
            engine::game::random_step(&mut g, &mut rng, &mut buf);
        }
        let uses = |g: &Ti4Game| -> Vec<Event> {
            g.tallies().events.into_iter().filter(|e| e.label == "ability_use").collect()
        };
        assert!(g.research_log().all(|r| r.skip.key(&c).is_none()) && uses(&g).is_empty());
        let mut v: Value = serde_json::from_str(&game_to_json(&g)).unwrap();
        v["procedure"]["research_skips"] = json!([[1, 3]]);
        let g = game_from_json(c.clone(), &v.to_string()).unwrap();
        let r = g.research_log().nth(1).unwrap();
        let e = uses(&g);
        assert_eq!(e.len(), 1);
        assert_eq!(
            (e[0].seat, e[0].round, e[0].key.as_deref()),
            (Some(r.seat.idx()), Some(r.round as u32), Some("riftmeld"))
        );
        // Counted rule effects: one event per seat and effect, with the count.
        v["procedure"]["effects"] = json!([[0, 1, 3], [1, 0, 1]]);
        let g = game_from_json(c, &v.to_string()).unwrap();
        let got: Vec<(String, Option<usize>, u64)> = g
            .tallies()
            .events
            .into_iter()
            .filter(|e| !["research", "objective", "ability_use", "exploration"].contains(&e.label.as_str()))
            .map(|e| (e.label, e.seat, e.count))
            .collect();
        assert_eq!(got, vec![("units_captured".into(), Some(1), 3), ("command_tokens_taken".into(), Some(0), 1)]);
    }
}
