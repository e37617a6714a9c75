//! Helpers shared by the `sim` end-to-end tests: scratch directories, running the binary, reading
//! results.

#![allow(dead_code)]

use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::atomic::{AtomicU32, Ordering};

/// The committed smoke experiment (12 quick Connect Four games).
pub const SMOKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/experiments/smoke.json");

/// The committed TI4 smoke experiment (12 short 4-player games).
pub const TI4_SMOKE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/experiments/ti4_smoke.json");

/// Environment variables that would make `sim run` pick a shard by itself.
const SHARD_VARS: [&str; 5] = [
    "SLURM_ARRAY_TASK_ID",
    "SLURM_ARRAY_TASK_COUNT",
    "SLURM_ARRAY_TASK_MIN",
    "JOB_COMPLETION_INDEX",
    "SIM_SHARD_COUNT",
];

/// A fresh, empty scratch directory unique to this process and call.
pub fn scratch(name: &str) -> PathBuf {
    static N: AtomicU32 = AtomicU32::new(0);
    let n = N.fetch_add(1, Ordering::Relaxed);
    let dir = std::env::temp_dir().join(format!("sim-run-test-{}-{n}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `text` to `dir/file` and returns the path.
pub fn write_path(dir: &Path, file: &str, text: &str) -> PathBuf {
    let p = dir.join(file);
    std::fs::write(&p, text).unwrap();
    p
}

/// The `sim` binary with no shard variables in its environment.
pub fn command(args: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_sim"));
    c.args(args);
    for v in SHARD_VARS {
        c.env_remove(v);
    }
    c
}

/// Runs `sim` to completion.
pub fn sim(args: &[&str]) -> Output {
    command(args).output().unwrap()
}

/// Bad input: exit code 2, nothing on stdout, exactly one line on stderr and no panic; returns
/// that line.
pub fn bad_input(out: &Output) -> String {
    assert_eq!(out.status.code(), Some(2), "stderr: {}", String::from_utf8_lossy(&out.stderr));
    assert!(out.stdout.is_empty(), "stdout: {}", String::from_utf8_lossy(&out.stdout));
    let err = String::from_utf8(out.stderr.clone()).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// Asserts exit code `code`; returns stderr.
pub fn expect_code(out: &Output, code: i32) -> String {
    let err = String::from_utf8_lossy(&out.stderr).to_string();
    assert_eq!(out.status.code(), Some(code), "stderr: {err}\nstdout: {}", String::from_utf8_lossy(&out.stdout));
    assert!(!err.contains("panicked"), "{err}");
    err
}

/// `sim run --config CONFIG --out OUT --quiet EXTRA...`, expecting exit 0.
pub fn run_ok(config: &str, out: &Path, extra: &[&str]) {
    let mut args = vec!["run", "--config", config, "--out", out.to_str().unwrap(), "--quiet"];
    args.extend_from_slice(extra);
    let o = sim(&args);
    expect_code(&o, 0);
    assert!(o.stdout.is_empty() && o.stderr.is_empty(), "--quiet printed something");
}

/// Writes `text` to `dir/file`, returning the path as a string.
pub fn write(dir: &Path, file: &str, text: &str) -> String {
    let p = dir.join(file);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// The bytes of a file.
pub fn bytes(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Lowercase hex SHA-256.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}

/// Lines of a JSONL file, sorted (records arrive in completion order).
pub fn sorted_lines(path: &Path) -> Vec<String> {
    let mut lines: Vec<String> = String::from_utf8(bytes(path)).unwrap().lines().map(String::from).collect();
    lines.sort();
    lines
}

/// Parsed JSON of a file.
pub fn json(path: &Path) -> serde_json::Value {
    serde_json::from_slice(&bytes(path)).unwrap()
}

/// Asserts two summary files are byte-identical (and so have the same SHA-256).
pub fn assert_same_summary(a: &Path, b: &Path) {
    let (x, y) = (bytes(a), bytes(b));
    assert_eq!(sha256(&x), sha256(&y), "{} and {} differ", a.display(), b.display());
    assert_eq!(x, y);
}
