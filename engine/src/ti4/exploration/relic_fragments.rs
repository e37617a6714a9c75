//! Relic fragments (exploration cards "Cultural / Hazardous / Industrial Relic Fragment", 9, 7
//! and 5 copies): "ACTION: Purge 3 of your [kind] relic fragments to gain 1 relic." (rules 73;
//! an "Unknown Relic Fragment" of the frontier deck counts as any kind).
//!
//! A component action (target 0) offered while the player holds 3 fragments of the kind
//! (unknown ones filling in) and the relic deck is not empty: 3 fragments are purged (their
//! own kind first), then the relic is drawn at the chance step `DrawRelic`.

use crate::ti4::game::Ti4Game;
use crate::ti4::ids::*;
use crate::ti4::rules::{ComponentThen, Hooks, Rule, Source, SourceKey};

const fn rule(id: &'static str) -> Rule {
    Rule {
        source: SourceKey::Exploration(id),
        hooks: Hooks { component_targets: Some(targets), component_action: Some(trade_in), ..Hooks::NONE },
    }
}

pub(super) const CULTURAL: Rule = rule("cultural_relic_fragment");
pub(super) const HAZARDOUS: Rule = rule("hazardous_relic_fragment");
pub(super) const INDUSTRIAL: Rule = rule("industrial_relic_fragment");

/// The fragment kind of the rule's card.
fn kind_of(g: &Ti4Game, src: Source) -> Option<usize> {
    match src {
        Source::Exploration(e) => crate::ti4::components::exploration::fragment_kind(g.content(), e),
        _ => None,
    }
}

/// Target 0 when `p` can trade 3 fragments of the card's kind in for a relic.
fn targets(src: Source, g: &Ti4Game, p: Player, out: &mut dyn FnMut(u8)) {
    let Some(kind) = kind_of(g, src) else { return };
    let e = &g.state.exploration;
    if e.can_purge(p, kind, 3) && e.relics_in_deck() > 0 {
        out(0);
    }
}

/// Purges 3 fragments of `kind` (unknown ones when short), then the relic is drawn.
fn trade_in(src: Source, g: &mut Ti4Game, p: Player, _target: u8) -> ComponentThen {
    let Some(kind) = kind_of(g, src) else { return ComponentThen::TurnEnds };
    let (c, s) = g.content_and_state();
    s.exploration.purge_fragments(c, p, kind, 3);
    ComponentThen::DrawRelic
}
