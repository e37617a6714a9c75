//! The Technology strategy card.
