//! Positions (in progress).
