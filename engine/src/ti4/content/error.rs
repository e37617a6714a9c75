//! Content errors: every problem names the file, the entry and the field.

use std::fmt;

/// A problem found while loading or validating content.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentError {
    /// The data file (`technologies.json`, or a path under a content directory).
    pub file: String,
    /// The entry's id (or `-` for the file as a whole).
    pub entry: String,
    /// The field of the entry.
    pub field: String,
    /// What is wrong.
    pub kind: ContentErrorKind,
}

/// What is wrong with a content entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentErrorKind {
    /// The file could not be read.
    Io(String),
    /// The file is not valid JSON of the expected shape.
    Parse(String),
    /// Two entries share an id.
    DuplicateId,
    /// A reference to an id that does not exist.
    UnknownId(String),
    /// A value outside what the field allows.
    BadValue(String),
    /// A technology whose prerequisites no faction allowed to research it can meet.
    ImpossiblePrerequisites(String),
    /// More entries than the engine's fixed-size sets hold.
    TooMany(usize),
    /// The entry (or the named ability of a faction) is marked `implemented` but no rule of the
    /// engine implements it.
    ImplementedWithoutRule(String),
    /// A rule of the engine implements the entry (or the named ability), which is not marked
    /// `implemented`.
    RuleNotMarkedImplemented(String),
    /// A rule of the engine names this content id, which the file lacks (a renamed entry).
    RuleSourceMissing(String),
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: entry '{}', field '{}': ", self.file, self.entry, self.field)?;
        match &self.kind {
            ContentErrorKind::Io(e) => write!(f, "cannot read file: {e}"),
            ContentErrorKind::Parse(e) => write!(f, "invalid JSON: {e}"),
            ContentErrorKind::DuplicateId => write!(f, "duplicate id"),
            ContentErrorKind::UnknownId(id) => write!(f, "unknown id '{id}'"),
            ContentErrorKind::BadValue(e) => write!(f, "{e}"),
            ContentErrorKind::ImpossiblePrerequisites(e) => write!(f, "impossible prerequisites: {e}"),
            ContentErrorKind::TooMany(n) => write!(f, "too many entries (the engine holds at most {n})"),
            ContentErrorKind::ImplementedWithoutRule(id) => {
                write!(f, "'{id}' is marked implemented, but no rule of the engine implements it")
            }
            ContentErrorKind::RuleNotMarkedImplemented(id) => {
                write!(f, "a rule of the engine implements '{id}'; mark it implemented")
            }
            ContentErrorKind::RuleSourceMissing(id) => {
                write!(f, "a rule of the engine implements '{id}', which this file does not hold (renamed?)")
            }
        }
    }
}

impl std::error::Error for ContentError {}
