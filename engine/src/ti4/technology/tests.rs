//! Clause-named tests of the Technology rules.
