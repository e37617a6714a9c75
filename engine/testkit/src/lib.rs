//! Fixtures shared by the tests and benches of several crates, in one place instead of
//! `#[path]` includes: fixed TI4 positions ([`research_positions`], [`elimination_positions`]),
//! the plain research reference written from the rules text ([`research_reference`]), and a
//! counting allocator for the allocation-free tests ([`counting_alloc`]).
//!
//! Depends on `engine` only; `engine`'s own integration tests, `agents`' tests, `benches` and
//! `sim bench` use it, so a bench and a test talk about the same position.

pub mod counting_alloc;
pub mod elimination_positions;
pub mod research_positions;
pub mod research_reference;
