//! The files of a run directory: appending JSONL lines, atomic whole-file writes, `run.json`
//! (provenance: version, git revision, config and hash, timings, machine) and the config hash.
//!
//! Crash safety: `games.jsonl` and `failures.jsonl` are appended one complete line per
//! `write` call, so after `kill -9` only the last line can be torn (and `--resume` drops it);
//! `summary.json` and `run.json` are written to a temporary file and renamed over the old one,
//! so they are always either the old or the new complete file. Lines are not fsynced: a kill
//! loses nothing the process wrote, a power cut may lose the last lines, which resume replays.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

use crate::run::config::Experiment;
use crate::run::error::RunError;
use crate::run::shard::Shard;

/// Identifies the run.json format.
pub const RUN_FORMAT: &str = "sim-run/1";

/// File names inside a run directory.
pub const GAMES_FILE: &str = "games.jsonl";
/// Failed games.
pub const FAILURES_FILE: &str = "failures.jsonl";
/// The deterministic aggregate.
pub const SUMMARY_FILE: &str = "summary.json";
/// Provenance.
pub const RUN_FILE: &str = "run.json";

/// Lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The config hash: SHA-256 of the compact canonical config ([`Experiment::canonical`]).
pub fn config_hash(exp: &Experiment) -> String {
    sha256_hex(exp.canonical().to_string().as_bytes())
}

/// The results directory of `exp` (or of one of its shards): `<out>/<name>` or
/// `<out>/<name>.shard-K-of-N`.
pub fn run_dir(exp: &Experiment, shard: Option<Shard>) -> PathBuf {
    match shard {
        None => exp.out.join(&exp.name),
        Some(s) => exp.out.join(format!("{}.shard-{}-of-{}", exp.name, s.index, s.count)),
    }
}

/// Writes `value` as pretty JSON plus a newline to `path` atomically (temp file + rename).
pub fn write_json_atomic<T: Serialize>(path: &Path, value: &T) -> Result<(), RunError> {
    let mut text = serde_json::to_string_pretty(value).map_err(|e| RunError::io(path, e.into()))?;
    text.push('\n');
    let tmp = path.with_extension("json.tmp");
    let write = || -> std::io::Result<()> {
        let mut f = File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    write().map_err(|e| RunError::io(path, e))
}

/// A JSONL file opened for appending, one complete line per write.
#[derive(Debug)]
pub struct LineWriter {
    path: PathBuf,
    file: File,
    buf: Vec<u8>,
}

impl LineWriter {
    /// Opens `path` for appending (creating it).
    pub fn append(path: &Path) -> Result<Self, RunError> {
        let file = OpenOptions::new().create(true).append(true).open(path).map_err(|e| RunError::io(path, e))?;
        Ok(LineWriter { path: path.to_path_buf(), file, buf: Vec::new() })
    }

    /// Appends `value` as one JSON line, with a single `write` of line and newline.
    pub fn write<T: Serialize>(&mut self, value: &T) -> Result<(), RunError> {
        self.buf.clear();
        serde_json::to_writer(&mut self.buf, value).map_err(|e| RunError::io(&self.path, e.into()))?;
        self.buf.push(b'\n');
        self.file.write_all(&self.buf).and_then(|()| self.file.flush()).map_err(|e| RunError::io(&self.path, e))
    }
}

/// `run.json`: how, when and where a run was made. Not deterministic (timings), unlike the
/// summary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RunInfo {
    /// [`RUN_FORMAT`].
    pub format: String,
    /// `running` while games are being played, then `complete`.
    pub status: String,
    /// The sim crate's version.
    pub version: String,
    /// `git rev-parse HEAD` in the working directory at start, or `unknown`.
    pub git_revision: String,
    /// The command line.
    pub command: Vec<String>,
    /// The canonical config (see `Experiment::canonical`).
    pub config: Value,
    /// Its SHA-256.
    pub config_hash: String,
    /// The shard this directory holds, or null for the whole experiment.
    pub shard: Option<Shard>,
    /// Whether invariants were checked after every step.
    pub check_invariants: bool,
    /// Worker threads.
    pub threads: usize,
    /// Games planned in this directory (the shard's share, or all).
    pub games_planned: u64,
    /// Games in games.jsonl.
    pub games_completed: u64,
    /// Games in failures.jsonl.
    pub games_failed: u64,
    /// The latest session (the run, or its last resume).
    pub session: Session,
    /// The machine of the latest session.
    pub machine: Machine,
    /// For a merged run: the shard directories it was merged from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub merged_from: Vec<MergedShard>,
}

/// Timings of one session.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Session {
    /// Seconds since the Unix epoch at start.
    pub started_unix: u64,
    /// At the end (null while running).
    pub finished_unix: Option<u64>,
    /// Wall-clock seconds spent.
    pub wall_seconds: f64,
    /// Games this session played (completed or failed).
    pub games_played: u64,
    /// games_played / wall_seconds.
    pub games_per_second: f64,
    /// Whether this session resumed an interrupted run.
    pub resumed: bool,
    /// Games found already done when it started.
    pub games_from_earlier_sessions: u64,
}

/// Where the run ran.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// Logical cores available.
    pub cores: usize,
    /// Operating system.
    pub os: String,
    /// CPU architecture.
    pub arch: String,
}

/// One input of a merge.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MergedShard {
    /// Its directory.
    pub dir: String,
    /// Its shard, if it was one.
    pub shard: Option<Shard>,
    /// Its git revision.
    pub git_revision: String,
    /// Its last session's timings.
    pub session: Session,
}

impl Machine {
    /// This machine.
    pub fn this() -> Self {
        Machine {
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            os: std::env::consts::OS.into(),
            arch: std::env::consts::ARCH.into(),
        }
    }
}

/// The git revision of the working directory, or `unknown`.
pub fn git_revision() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .stderr(std::process::Stdio::null())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| "unknown".into())
}

/// Seconds since the Unix epoch.
pub fn unix_now() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs())
}

/// Reads a run directory's `run.json`.
pub fn read_run_info(dir: &Path) -> Result<RunInfo, RunError> {
    let path = dir.join(RUN_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| RunError::io(&path, e))?;
    serde_json::from_str(&text).map_err(|e| RunError::Corrupt { path, problem: e.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sha256_matches_the_standard_test_vector() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
