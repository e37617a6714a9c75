//! What changed between two runs: their canonical configs and their content, as a list of
//! `path: base → new` lines.
//!
//! JSON values are compared structurally. Arrays whose elements are all objects with an `id`
//! are compared entry by entry (`factions['winnu'].starting_technologies`), so an edit shows as
//! the entry and field it touched; other arrays and scalars are shown whole, shortened.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Serialize;
use serde_json::Value;

/// One difference.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Change {
    /// Where: `config.rules.victory_points`, `content factions.json: factions['winnu'].commodities`.
    pub path: String,
    /// The base value (shortened), or `(absent)`.
    pub base: String,
    /// The new value (shortened), or `(absent)`.
    pub new: String,
}

/// Longest value text shown.
const SHOWN: usize = 120;

fn show(v: Option<&Value>) -> String {
    match v {
        None => "(absent)".into(),
        Some(v) => {
            let t = v.to_string();
            if t.chars().count() > SHOWN {
                format!("{}…", t.chars().take(SHOWN).collect::<String>())
            } else {
                t
            }
        }
    }
}

/// The differences between `base` and `new` under `path`, in a deterministic order (object
/// keys sorted, entries by id).
pub fn json_diff(path: &str, base: Option<&Value>, new: Option<&Value>, out: &mut Vec<Change>) {
    match (base, new) {
        (Some(a), Some(b)) if a == b => {}
        (Some(Value::Object(a)), Some(Value::Object(b))) => {
            let keys: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for k in keys {
                json_diff(&format!("{path}.{k}"), a.get(k), b.get(k), out);
            }
        }
        (Some(Value::Array(a)), Some(Value::Array(b))) if keyed(a) && keyed(b) => {
            let by_id = |v: &[Value]| -> BTreeMap<String, Value> {
                v.iter().map(|e| (e["id"].as_str().unwrap_or_default().to_string(), e.clone())).collect()
            };
            let (a, b) = (by_id(a), by_id(b));
            let ids: std::collections::BTreeSet<&String> = a.keys().chain(b.keys()).collect();
            for id in ids {
                json_diff(&format!("{path}['{id}']"), a.get(id), b.get(id), out);
            }
        }
        _ => out.push(Change { path: path.to_string(), base: show(base), new: show(new) }),
    }
}

/// Whether every element is an object with a string `id` (and there is at least one).
fn keyed(v: &[Value]) -> bool {
    !v.is_empty() && v.iter().all(|e| e.get("id").is_some_and(Value::is_string))
}

/// The text of content file `name` as a run with content directory `dir` saw it: the file in
/// the directory if there is one, else the embedded text. `Err` names what cannot be read.
fn content_text(dir: Option<&str>, name: &str, embedded: &str) -> Result<(String, String), String> {
    match dir {
        Some(d) => {
            let p = Path::new(d).join(name);
            match std::fs::read_to_string(&p) {
                Ok(t) => Ok((t, p.display().to_string())),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound && Path::new(d).is_dir() => {
                    Ok((embedded.to_string(), "(embedded)".into()))
                }
                Err(e) => Err(format!("{}: {e}", p.display())),
            }
        }
        None => Ok((embedded.to_string(), "(embedded)".into())),
    }
}

/// The differences between the content two runs used (`content` of their configs, resolved
/// against the working directory as `sim run` did), file by file over `files` (name, embedded
/// text). A directory that cannot be read any more is reported as a change naming the problem.
pub fn content_diff(base: Option<&str>, new: Option<&str>, files: &[(&str, &str)]) -> Vec<Change> {
    let mut out = Vec::new();
    if base == new && base.is_none() {
        return out;
    }
    for &(name, embedded) in files {
        let (a, b) = match (content_text(base, name, embedded), content_text(new, name, embedded)) {
            (Ok(a), Ok(b)) => (a, b),
            (a, b) => {
                let problem = |r: Result<(String, String), String>| match r {
                    Ok((_, origin)) => origin,
                    Err(e) => format!("(unreadable: {e})"),
                };
                out.push(Change { path: format!("content {name}"), base: problem(a), new: problem(b) });
                continue;
            }
        };
        if a.0 == b.0 {
            continue;
        }
        let parse = |t: &str| serde_json::from_str::<Value>(t).ok();
        match (parse(&a.0), parse(&b.0)) {
            (Some(x), Some(y)) => {
                let before = out.len();
                json_diff(&format!("content {name}:"), Some(&x), Some(&y), &mut out);
                for c in &mut out[before..] {
                    c.path = c.path.replacen(":.", ": ", 1);
                }
                if out.len() == before {
                    out.push(Change {
                        path: format!("content {name}"),
                        base: a.1,
                        new: b.1 + " (same JSON, other text)",
                    });
                }
            }
            _ => out.push(Change { path: format!("content {name}"), base: a.1, new: b.1 + " (not JSON)" }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn objects_and_keyed_entries_are_diffed_by_field() {
        let a = json!({"games": 60, "rules": {"vp": 10}, "factions": [{"id": "x", "n": 1}, {"id": "y", "n": 2}]});
        let b = json!({"games": 60, "rules": {"vp": 14}, "factions": [{"id": "y", "n": 3}, {"id": "x", "n": 1}], "k": true});
        let mut out = Vec::new();
        json_diff("config", Some(&a), Some(&b), &mut out);
        let lines: Vec<String> = out.iter().map(|c| format!("{}: {} -> {}", c.path, c.base, c.new)).collect();
        assert_eq!(
            lines,
            ["config.factions['y'].n: 2 -> 3", "config.k: (absent) -> true", "config.rules.vp: 10 -> 14"]
        );
    }

    #[test]
    fn content_directories_are_compared_with_the_embedded_files() {
        let dir = std::env::temp_dir().join(format!("sim-diff-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("f.json"), r#"{"f": [{"id": "a", "v": 2}]}"#).unwrap();
        let files = [("f.json", r#"{"f": [{"id": "a", "v": 1}]}"#), ("g.json", "{}")];
        let d = dir.to_str().unwrap();
        let out = content_diff(None, Some(d), &files);
        assert_eq!(out, vec![Change { path: "content f.json: f['a'].v".into(), base: "1".into(), new: "2".into() }]);
        assert!(content_diff(Some(d), Some(d), &files).is_empty());
        assert!(content_diff(None, None, &files).is_empty());
        let gone = content_diff(None, Some("/nonexistent/sim-content"), &files);
        assert!(gone[0].new.starts_with("(unreadable"), "{gone:?}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
