//! Valefar Assimilator X and Y.
