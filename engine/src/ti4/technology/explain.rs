//! `sim explain research`: why each technology is or is not researchable.
