//! The files of a run directory: appending JSONL lines, atomic whole-file writes, `run.json`
//! (provenance: version, git revision, config and hash, timings, machine) and the config hash.
//!
//! Crash safety: `games.jsonl` and `failures.jsonl` are appended one complete line per
//! `write` call, so after `kill -9` only the last line can be torn (and `--resume` drops it);
//! `summary.json` and `run.json` are written to a temporary file, fsynced and renamed over the
//! old one, so they are always either the old or the new complete file (a failed write removes
//! its temporary file). Lines are fsynced at most [`SYNC_INTERVAL`] apart and when the run
//! ends: a kill loses nothing the process wrote, a power cut may lose the lines of the last
//! second, which `--resume` plays again.
//!
//! One writer per directory: [`lock_dir`] takes an advisory lock on `run.lock` that the
//! process holds until it exits, so a second `sim run` (or `sim merge`) into the same directory
//! stops with an error before it touches anything.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

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
/// The advisory lock of the one process writing the directory.
pub const LOCK_FILE: &str = "run.lock";

/// The longest time appended lines stay in the page cache before they are fsynced.
pub const SYNC_INTERVAL: Duration = Duration::from_secs(1);

/// Lowercase hex SHA-256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// The config hash: SHA-256 of the compact canonical config ([`Experiment::canonical`]) with,
/// for games with content, a `content_files` object added (file name → SHA-256 of the text
/// actually loaded, embedded or from the content directory). A content edit therefore changes
/// the hash, and `--resume`, `sim merge` and `sim replay` refuse to mix two contents.
pub fn config_hash(exp: &Experiment, content_files: &ContentFiles) -> String {
    let mut v = exp.canonical();
    if let (Value::Object(m), false) = (&mut v, content_files.is_empty()) {
        m.insert("content_files".into(), serde_json::json!(content_files));
    }
    sha256_hex(v.to_string().as_bytes())
}

/// Content file name → SHA-256 (hex) of the text used; empty for games without content.
pub type ContentFiles = std::collections::BTreeMap<String, String>;

/// Takes the advisory lock of `dir` (creating the directory and `run.lock`), held as long as
/// the returned file is open. A directory another process holds is
/// [`RunError::Locked`].
pub fn lock_dir(dir: &Path) -> Result<File, RunError> {
    std::fs::create_dir_all(dir).map_err(|e| RunError::io(dir, e))?;
    let path = dir.join(LOCK_FILE);
    let file =
        OpenOptions::new().create(true).truncate(false).write(true).open(&path).map_err(|e| RunError::io(&path, e))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => Err(RunError::Locked { dir: dir.to_path_buf() }),
        Err(std::fs::TryLockError::Error(e)) => Err(RunError::io(&path, e)),
    }
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
        std::fs::rename(&tmp, path)?;
        sync_parent(path)
    };
    write().map_err(|e| {
        // A full disk leaves no partial temporary file behind.
        let _ = std::fs::remove_file(&tmp);
        RunError::io(path, e)
    })
}

/// Fsyncs the directory holding `path`, so that a rename into it survives a power cut.
pub fn sync_parent(path: &Path) -> std::io::Result<()> {
    match path.parent().filter(|p| !p.as_os_str().is_empty()) {
        Some(dir) => File::open(dir)?.sync_all(),
        None => File::open(".")?.sync_all(),
    }
}

/// A JSONL file opened for appending, one complete line per write.
/// Lines reach the disk (fsync) at most [`SYNC_INTERVAL`] after they were written, and all of
/// them by [`LineWriter::finish`].
#[derive(Debug)]
pub struct LineWriter {
    path: PathBuf,
    file: File,
    buf: Vec<u8>,
    synced: Instant,
    unsynced: bool,
}

impl LineWriter {
    /// Opens `path` for appending (creating it).
    pub fn append(path: &Path) -> Result<Self, RunError> {
        let file = OpenOptions::new().create(true).append(true).open(path).map_err(|e| RunError::io(path, e))?;
        sync_parent(path).map_err(|e| RunError::io(path, e))?;
        Ok(LineWriter { path: path.to_path_buf(), file, buf: Vec::new(), synced: Instant::now(), unsynced: false })
    }

    /// Appends `value` as one JSON line, with a single `write` of line and newline.
    pub fn write<T: Serialize>(&mut self, value: &T) -> Result<(), RunError> {
        self.buf.clear();
        serde_json::to_writer(&mut self.buf, value).map_err(|e| RunError::io(&self.path, e.into()))?;
        self.buf.push(b'\n');
        self.file.write_all(&self.buf).and_then(|()| self.file.flush()).map_err(|e| RunError::io(&self.path, e))?;
        self.unsynced = true;
        if self.synced.elapsed() >= SYNC_INTERVAL {
            self.sync()?;
        }
        Ok(())
    }

    /// Fsyncs what was written so far.
    pub fn sync(&mut self) -> Result<(), RunError> {
        if self.unsynced {
            self.file.sync_data().map_err(|e| RunError::io(&self.path, e))?;
            self.unsynced = false;
        }
        self.synced = Instant::now();
        Ok(())
    }

    /// Fsyncs every line and closes the file.
    pub fn finish(mut self) -> Result<(), RunError> {
        self.sync()
    }

    /// Whether some written lines are not fsynced yet.
    pub fn has_unsynced(&self) -> bool {
        self.unsynced
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
    /// Whether invariants were checked after every step of every game in the directory
    /// (false when any session of the run played without the check).
    pub check_invariants: bool,
    /// Whether the run is deterministic (false: the config's `"deterministic": false`).
    #[serde(default = "yes")]
    pub deterministic: bool,
    /// Each content file used and its SHA-256 (covered by `config_hash`); empty for games
    /// without content.
    #[serde(default, skip_serializing_if = "ContentFiles::is_empty")]
    pub content_files: ContentFiles,
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

fn yes() -> bool {
    true
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

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("sim-output-test-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_failed_atomic_write_leaves_no_temporary_file() {
        let dir = scratch("atomic");
        // The rename fails (a directory stands where the file goes), as a full disk fails the
        // write: either way nothing partial may stay behind.
        let path = dir.join("summary.json");
        std::fs::create_dir_all(path.join("x")).unwrap();
        assert!(write_json_atomic(&path, &serde_json::json!({"a": 1})).is_err());
        assert!(!dir.join("summary.json.tmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn lines_are_fsynced_within_the_interval_and_at_finish() {
        let dir = scratch("sync");
        let mut w = LineWriter::append(&dir.join("games.jsonl")).unwrap();
        w.write(&serde_json::json!({"index": 0})).unwrap();
        assert!(w.has_unsynced(), "a line right after the last sync waits for the interval");
        w.synced -= SYNC_INTERVAL;
        w.write(&serde_json::json!({"index": 1})).unwrap();
        assert!(!w.has_unsynced(), "a line after the interval syncs everything");
        w.write(&serde_json::json!({"index": 2})).unwrap();
        w.finish().unwrap();
        assert_eq!(std::fs::read_to_string(dir.join("games.jsonl")).unwrap().lines().count(), 3);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_second_lock_on_a_directory_is_refused_until_the_first_is_released() {
        let dir = scratch("lock");
        let first = lock_dir(&dir).unwrap();
        let e = lock_dir(&dir).unwrap_err();
        assert!(matches!(e, RunError::Locked { .. }), "{e}");
        assert!(e.to_string().contains("another sim process"), "{e}");
        drop(first);
        assert!(lock_dir(&dir).is_ok());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn content_files_change_the_hash_only_for_games_with_content() {
        let e = Experiment::from_json(
            r#"{"name": "t", "game": "connect4", "games": 2, "agents": [{"kind": "random"}, {"kind": "random"}]}"#,
            "t.json",
            &Default::default(),
        )
        .unwrap();
        let none = ContentFiles::new();
        assert_eq!(config_hash(&e, &none), sha256_hex(e.canonical().to_string().as_bytes()));
        let one: ContentFiles = [("planets.json".to_string(), "ab".to_string())].into();
        let other: ContentFiles = [("planets.json".to_string(), "cd".to_string())].into();
        assert_ne!(config_hash(&e, &one), config_hash(&e, &none));
        assert_ne!(config_hash(&e, &one), config_hash(&e, &other));
    }

    #[test]
    fn sha256_matches_the_standard_test_vector() {
        assert_eq!(sha256_hex(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }
}
