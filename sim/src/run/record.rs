//! One line of `games.jsonl` ([`GameRecord`]) or `failures.jsonl` ([`FailureRecord`]), and
//! reading those files back after a crash ([`read_jsonl`]).
//!
//! Records hold only what the seed determines (no timings), so a replay must reproduce its
//! record exactly and the summary is a function of the records alone.

use std::fs::OpenOptions;
use std::path::Path;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::run::error::RunError;

/// One labelled thing that happened in a game (an elimination, a technology researched, a
/// promotion), for the generic statistics channel ([`crate::run::tally`]). Every field but
/// `label` is optional and left out of the JSON when absent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Event {
    /// What happened (`elimination`, `research`, `promotion`): events are aggregated per label.
    pub label: String,
    /// The seat it happened to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<usize>,
    /// The other seat involved (who eliminated them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub other: Option<usize>,
    /// The game round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round: Option<u32>,
    /// What it concerned (a technology id): aggregated per key.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    /// The key's class (a technology colour): aggregated per group.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    /// How many times it happened at once (tokens removed in one step), at least 1.
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub count: u64,
}

fn one() -> u64 {
    1
}

fn is_one(x: &u64) -> bool {
    *x == 1
}

impl Event {
    /// An event `label` with no details, counted once.
    pub fn new(label: impl Into<String>) -> Self {
        Event { label: label.into(), seat: None, other: None, round: None, key: None, group: None, count: 1 }
    }
    /// With the seat it happened to.
    pub fn seat(mut self, seat: usize) -> Self {
        self.seat = Some(seat);
        self
    }
    /// With the other seat involved.
    pub fn other(mut self, other: Option<usize>) -> Self {
        self.other = other;
        self
    }
    /// With the round.
    pub fn round(mut self, round: u32) -> Self {
        self.round = Some(round);
        self
    }
    /// With what it concerned and its class.
    pub fn key(mut self, key: impl Into<String>, group: Option<String>) -> Self {
        self.key = Some(key.into());
        self.group = group;
        self
    }
    /// Counted `count` times.
    pub fn count(mut self, count: u64) -> Self {
        self.count = count;
        self
    }
    /// Adds this event to `events`: to the count of an earlier one equal to it in everything
    /// but the count, else at the end. Every statistic of the tally channel sums counts per
    /// game, so merging changes no figure, only the record's size.
    pub fn merge_into(self, events: &mut Vec<Event>) {
        let same = |e: &Event| {
            (e.label == self.label)
                & (e.seat == self.seat)
                & (e.other == self.other)
                & (e.round == self.round)
                & (e.key == self.key)
                & (e.group == self.group)
        };
        match events.iter_mut().find(|e| same(e)) {
            Some(e) => e.count += self.count,
            None => events.push(self),
        }
    }
}

/// What a game reports about itself when it ends ([`crate::run::spec::Experimentable::tallies`]):
/// labelled events in the order they happened, and per-seat values (one number per seat,
/// e.g. points lost). Empty parts are left out of the record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tallies {
    /// Events in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<Event>,
    /// Per-seat values by label, one value per seat.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub seat_values: std::collections::BTreeMap<String, Vec<i64>>,
}

impl Tallies {
    /// Whether nothing was reported.
    pub fn is_empty(&self) -> bool {
        self.events.is_empty() && self.seat_values.is_empty()
    }
}

/// Which game this is and who sat where: the part shared by successes and failures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameId {
    /// Game index, `0..games`.
    pub index: u64,
    /// The experiment seed (every RNG of the game derives from it and `block`).
    pub seed: u64,
    /// Rotation block: games of one block share their chance stream.
    pub block: u64,
    /// Rotation within the block: seat `s` holds lineup position `(s + rotation) % players`.
    pub rotation: usize,
    /// Lineup index (into the config's `lineups`).
    pub lineup: usize,
    /// Agent display name per seat.
    pub agents: Vec<String>,
    /// Faction id per seat, for games with factions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub factions: Option<Vec<String>>,
    /// The run's config hash (covering the content files used): which run this line belongs to.
    pub config_hash: String,
}

impl GameId {
    /// Why this record is not the game `expected` of this run (the first field that differs),
    /// or `None` when it is.
    pub fn mismatch(&self, expected: &GameId) -> Option<String> {
        let differs =
            |field: &str, got: String, want: String| Some(format!("{field}: the line has {got}, this run has {want}"));
        if self.config_hash != expected.config_hash {
            return differs("config_hash", self.config_hash.clone(), expected.config_hash.clone());
        }
        if self.seed != expected.seed {
            return differs("seed", self.seed.to_string(), expected.seed.to_string());
        }
        if (self.block, self.rotation, self.lineup) != (expected.block, expected.rotation, expected.lineup) {
            return differs(
                "seating (block, rotation, lineup)",
                format!("({}, {}, {})", self.block, self.rotation, self.lineup),
                format!("({}, {}, {})", expected.block, expected.rotation, expected.lineup),
            );
        }
        if self.agents != expected.agents {
            return differs("agents", format!("{:?}", self.agents), format!("{:?}", expected.agents));
        }
        if self.factions != expected.factions {
            let show = |f: &Option<Vec<String>>| f.as_ref().map_or("none".to_string(), |f| format!("{f:?}"));
            return differs("factions", show(&self.factions), show(&expected.factions));
        }
        None
    }
}

/// One finished game: a line of `games.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// Which game and who played.
    #[serde(flatten)]
    pub id: GameId,
    /// Place of each seat, 1 for first; tied seats share a place and the next place skips.
    pub ranking: Vec<u8>,
    /// The seat that finished first alone, if one did (otherwise the game is a draw).
    pub winner: Option<usize>,
    /// Each seat's final score (victory points; +1/0/−1 in Connect Four).
    pub scores: Vec<i64>,
    /// Player decisions (plies).
    pub decisions: u64,
    /// Chance events resolved.
    pub chance_events: u64,
    /// Game rounds, for games with rounds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rounds: Option<u32>,
    /// Why the game ended.
    pub end: String,
    /// What the game reported about itself: events and per-seat values.
    #[serde(default, skip_serializing_if = "Tallies::is_empty")]
    pub tallies: Tallies,
    /// Further game-specific values.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extras: Map<String, Value>,
    /// The speaker seat at the start of the game, for games with a speaker (TI4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker: Option<usize>,
    /// Each seat's score at the end of every round (index 0: round 1; the last entry is the
    /// final score), for games that report it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scores_by_round: Vec<Vec<i64>>,
}

impl GameRecord {
    /// Seat `seat`'s position after the speaker in play order (0: the speaker), for games with
    /// a speaker.
    pub fn speaker_distance(&self, seat: usize) -> Option<usize> {
        let n = self.ranking.len();
        self.speaker.map(|sp| (seat + n - sp % n) % n)
    }
}

/// One game that panicked or broke an invariant: a line of `failures.jsonl`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FailureRecord {
    /// Which game and who played.
    #[serde(flatten)]
    pub id: GameId,
    /// `panic`, `invariant` or `step_limit`.
    pub kind: String,
    /// The panic message or the broken invariant.
    pub message: String,
    /// Where the panic was raised (`file:line`), for panics.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// Steps (decisions and chance events) applied before the failure.
    pub step: u64,
    /// The command that replays the game.
    pub replay: String,
}

/// Records of a JSONL file that was appended to line by line, read back after a possible
/// crash.
#[derive(Debug)]
pub struct JsonlContents<T> {
    /// The complete lines, in file order.
    pub records: Vec<T>,
    /// The line number (from 1) of each record, for error messages.
    pub lines: Vec<usize>,
    /// Bytes up to the end of the last complete line.
    pub valid_len: u64,
    /// Whether an unterminated last line (a torn write) followed.
    pub torn: bool,
}

/// Reads a JSONL file written one `line + "\n"` at a time. A last line without its newline
/// was torn by a crash and is dropped; any complete line that does not parse is an error
/// naming the file and line. A missing file reads as empty.
/// Every record identity of a results directory's `games.jsonl` and `failures.jsonl`, with its
/// line number and file name, games first (for resume and merge, which check every line).
pub fn identities<'a>(
    games: &'a JsonlContents<GameRecord>,
    fails: &'a JsonlContents<FailureRecord>,
) -> impl Iterator<Item = (&'a GameId, usize, &'static str)> + 'a {
    use crate::run::output::{FAILURES_FILE, GAMES_FILE};
    let g = games.records.iter().map(|r| &r.id).zip(&games.lines).map(|(id, &n)| (id, n, GAMES_FILE));
    let f = fails.records.iter().map(|r| &r.id).zip(&fails.lines).map(|(id, &n)| (id, n, FAILURES_FILE));
    g.chain(f)
}

pub fn read_jsonl<T: DeserializeOwned>(path: &Path) -> Result<JsonlContents<T>, RunError> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Vec::new(),
        Err(error) => return Err(RunError::io(path, error)),
    };
    let valid_len = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let (mut records, mut lines) = (Vec::new(), Vec::new());
    let complete = &bytes[..valid_len.saturating_sub(1)];
    for (n, line) in complete.split(|&b| b == b'\n').enumerate().filter(|_| valid_len > 0) {
        if line.is_empty() {
            return Err(RunError::Corrupt { path: path.to_path_buf(), problem: format!("line {}: empty line", n + 1) });
        }
        let record = serde_json::from_slice(line)
            .map_err(|e| RunError::Corrupt { path: path.to_path_buf(), problem: format!("line {}: {e}", n + 1) })?;
        records.push(record);
        lines.push(n + 1);
    }
    Ok(JsonlContents { records, lines, valid_len: valid_len as u64, torn: valid_len < bytes.len() })
}

/// Cuts a file back to `len` bytes (drops a torn last line before appending).
pub fn truncate(path: &Path, len: u64) -> Result<(), RunError> {
    match OpenOptions::new().write(true).open(path) {
        Ok(f) => f.set_len(len).map_err(|e| RunError::io(path, e)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(RunError::io(path, e)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merged_events_add_their_counts_to_an_equal_event_and_keep_first_occurrence_order() {
        let card = |seat, key: &str| Event::new("action_card").seat(seat).key(key, None);
        let mut events = Vec::new();
        for e in [card(0, "plagiarize"), card(1, "plagiarize"), card(0, "plagiarize").count(2), card(0, "uprising")] {
            e.merge_into(&mut events);
        }
        Event::new("action_card").seat(0).round(3).key("uprising", None).merge_into(&mut events);
        assert_eq!(
            events,
            [card(0, "plagiarize").count(3), card(1, "plagiarize"), card(0, "uprising"), card(0, "uprising").round(3)]
        );
    }

    fn record(index: u64) -> GameRecord {
        GameRecord {
            id: GameId {
                index,
                seed: 9,
                block: index / 2,
                rotation: (index % 2) as usize,
                lineup: 0,
                agents: vec!["random".into(), "heuristic".into()],
                factions: None,
                config_hash: "ab".into(),
            },
            ranking: vec![1, 2],
            winner: Some(0),
            scores: vec![1, -1],
            decisions: 17,
            chance_events: 0,
            rounds: None,
            end: "four_in_a_row".into(),
            tallies: Tallies::default(),
            extras: Map::new(),
            speaker: None,
            scores_by_round: Vec::new(),
        }
    }

    #[test]
    fn record_lines_are_flat_and_round_trip() {
        let line = serde_json::to_string(&record(3)).unwrap();
        assert_eq!(
            line,
            r#"{"index":3,"seed":9,"block":1,"rotation":1,"lineup":0,"agents":["random","heuristic"],"config_hash":"ab","ranking":[1,2],"winner":0,"scores":[1,-1],"decisions":17,"chance_events":0,"end":"four_in_a_row"}"#
        );
        assert_eq!(serde_json::from_str::<GameRecord>(&line).unwrap(), record(3));
    }

    #[test]
    fn a_torn_last_line_is_dropped_and_a_corrupt_line_is_an_error() {
        let dir = std::env::temp_dir().join(format!("sim-record-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("games.jsonl");
        let full = [record(0), record(1)].map(|r| serde_json::to_string(&r).unwrap() + "\n").concat();
        std::fs::write(&path, format!("{full}{{\"index\":2,\"se")).unwrap();
        let c = read_jsonl::<GameRecord>(&path).unwrap();
        assert_eq!((c.records.len(), c.valid_len, c.torn), (2, full.len() as u64, true));
        truncate(&path, c.valid_len).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), full);
        std::fs::write(&path, format!("{full}garbage\n")).unwrap();
        let err = read_jsonl::<GameRecord>(&path).unwrap_err().to_string();
        assert!(err.contains("line 3"), "{err}");
        assert!(read_jsonl::<GameRecord>(&dir.join("absent.jsonl")).unwrap().records.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
