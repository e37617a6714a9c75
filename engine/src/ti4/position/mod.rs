//! Positions: a game state as JSON, in and out.
