//! `sim content diff DIR`: what a TI4 content directory changes from the embedded content.
//!
//! The directory is loaded and validated first (an error is one line naming the file, the
//! entry and the field, exit 2; warnings go to stderr). Then, for each content file the
//! directory holds, every list of entries (`factions`, `units`, `public_objectives`, ...) is
//! compared by `id` with the embedded file: one line per entry added (`+`), removed (`-`) or
//! changed (`~`, with each changed field, old and new value as compact JSON), in file order,
//! then list name, then id. Nothing printed after the warnings means the directory changes
//! nothing.

use std::collections::BTreeMap;
use std::path::Path;

use engine::ti4::content::{Content, ContentSource, FILES};
use serde_json::Value;

use crate::error::SimError;

/// One entry a content directory adds, removes or changes.
#[derive(Clone, Debug, PartialEq)]
pub struct EntryChange {
    /// The content file (`factions.json`).
    pub file: &'static str,
    /// The list in it (`factions`).
    pub list: String,
    /// The entry's `id`.
    pub id: String,
    /// `None` for an added entry, `Some(empty)` for a removed one, else the changed fields
    /// with their old and new values (compact JSON, `(absent)` when missing).
    pub fields: Option<Vec<(String, String, String)>>,
}

/// What the content files read from a directory (`src.from_dir`) change from the embedded
/// ones, entry by entry: in file order, then list name, then id.
pub fn entry_changes(src: &ContentSource) -> Vec<EntryChange> {
    let embedded = ContentSource::embedded();
    let mut out = Vec::new();
    for (i, file) in FILES.iter().enumerate().filter(|(i, _)| src.from_dir[*i]) {
        // Both texts parsed as content before, so both are JSON objects.
        let old: Value = serde_json::from_str(&embedded.texts[i]).unwrap_or(Value::Null);
        let new: Value = serde_json::from_str(&src.texts[i]).unwrap_or(Value::Null);
        let lists: BTreeMap<&String, ()> =
            old.as_object().into_iter().chain(new.as_object()).flat_map(|m| m.keys()).map(|k| (k, ())).collect();
        for list in lists.keys() {
            let by_id = |v: &Value| -> BTreeMap<String, Value> {
                v.get(list.as_str())
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .map(|e| (e.get("id").and_then(Value::as_str).unwrap_or("?").to_string(), e.clone()))
                    .collect()
            };
            let (before, after) = (by_id(&old), by_id(&new));
            let change = |id: &String, fields| EntryChange { file, list: list.to_string(), id: id.clone(), fields };
            for (id, e) in &after {
                match before.get(id) {
                    None => out.push(change(id, None)),
                    Some(b) if b != e => {
                        let names: BTreeMap<&String, ()> = b
                            .as_object()
                            .into_iter()
                            .chain(e.as_object())
                            .flat_map(|m| m.keys())
                            .map(|k| (k, ()))
                            .collect();
                        let show = |v: Option<&Value>| v.map_or("(absent)".to_string(), |v| v.to_string());
                        let fields = names
                            .keys()
                            .filter(|f| b.get(f.as_str()) != e.get(f.as_str()))
                            .map(|f| (f.to_string(), show(b.get(f.as_str())), show(e.get(f.as_str()))))
                            .collect();
                        out.push(change(id, Some(fields)));
                    }
                    Some(_) => {}
                }
            }
            for id in before.keys().filter(|id| !after.contains_key(*id)) {
                out.push(change(id, Some(Vec::new())));
            }
        }
    }
    out
}

/// The diff lines of the content directory `dir` against the embedded content, and its
/// warnings.
pub fn diff(dir: &Path) -> Result<(Vec<String>, Vec<String>), SimError> {
    let src = ContentSource::read_dir(dir).map_err(|e| SimError::Input(Box::new(e)))?;
    let content = Content::from_source(&src).map_err(|e| SimError::Input(Box::new(e)))?;
    let warnings = content.warnings.iter().map(|w| w.to_string()).collect();
    let mut lines = Vec::new();
    for c in entry_changes(&src) {
        let (file, list, id) = (c.file, &c.list, &c.id);
        match &c.fields {
            None => lines.push(format!("{file}: {list}: + {id}")),
            Some(f) if f.is_empty() => lines.push(format!("{file}: {list}: - {id}")),
            Some(f) => {
                for (name, old, new) in f {
                    lines.push(format!("{file}: {list}: ~ {id}: {name}: {old} -> {new}"));
                }
            }
        }
    }
    Ok((lines, warnings))
}

/// Runs `sim content diff DIR`: warnings on stderr, the diff on stdout.
pub fn run(dir: &Path) -> Result<(), SimError> {
    let (lines, warnings) = diff(dir)?;
    for w in warnings {
        eprintln!("sim: warning: {w}");
    }
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    crate::run::console::print(&text);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_added_removed_and_changed_entries_with_their_fields() {
        let dir = std::env::temp_dir().join(format!("sim-content-diff-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let mut v: Value = serde_json::from_str(Content::embedded_texts()[3]).unwrap();
        let planets = v["planets"].as_array_mut().unwrap();
        let first = planets[0]["id"].as_str().unwrap().to_string();
        planets[0]["resources"] = 9.into();
        let mut extra = planets[1].clone();
        extra["id"] = "new_planet".into();
        extra["home_of"] = Value::Null;
        extra["system"] = Value::Null;
        planets.push(extra);
        std::fs::write(dir.join("planets.json"), v.to_string()).unwrap();
        let (lines, warnings) = diff(&dir).unwrap();
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert!(lines[0].starts_with(&format!("planets.json: planets: ~ {first}: resources: ")), "{lines:?}");
        assert!(lines[0].ends_with(" -> 9"), "{lines:?}");
        assert_eq!(lines[1], "planets.json: planets: + new_planet");
        std::fs::write(dir.join("planets.json"), Content::embedded_texts()[3]).unwrap();
        assert_eq!(diff(&dir).unwrap().0, Vec::<String>::new());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
