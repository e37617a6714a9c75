//! Stable action ids for the console (`sim explain actions`, `sim apply`, `sim perft`): each
//! legal action as a short dot-separated text made of the content's ids (`move.18.carrier`,
//! `research.gravity_drive`, `pick.leadership`), what a person types on a command line; and a
//! sentence saying what each kind of action does.
//!
//! An id depends only on the action and the position (never on the order of the legal
//! actions), and distinct legal actions of one position have distinct ids: every variant
//! writes its kind and all of its arguments.

use super::{Action, Step, Ti4Game};
use crate::ti4::combat::HitChoice;
use crate::ti4::components::StrategyCard;
use crate::ti4::ids::*;
use crate::ti4::state::Location;

impl Ti4Game {
    /// The stable id of `a` at this position (module docs).
    pub fn action_id(&self, a: Action) -> String {
        let c = &*self.content;
        let system = |slot: u8| c.systems[self.galaxy.tile(slot).idx()].key.clone();
        let faction = |seat: u8| c.factions[self.state.player(Player(seat)).faction.idx()].key.clone();
        let card = |k: u8| StrategyCard(k).name();
        match a {
            Action::Pick(k) => format!("pick.{}", card(k)),
            Action::Activate(sl) => format!("activate.{}", system(sl)),
            Action::Strategic(k) => format!("strategic.{}", card(k)),
            Action::Pass => "pass".into(),
            Action::Move(sl, t) => format!("move.{}.{}", system(sl), t.name()),
            Action::Carry(sl, t) => format!("carry.{}.{}", system(sl), t.name()),
            Action::Hit(HitChoice::Destroy(t)) => format!("hit.destroy.{}", t.name()),
            Action::Hit(HitChoice::Sustain(t)) => format!("hit.sustain.{}", t.name()),
            Action::Retreat => "retreat".into(),
            Action::RetreatTo(sl) => format!("retreat_to.{}", system(sl)),
            Action::Land(n, t) => {
                let planet = self
                    .state
                    .planet_at(c, Location::Planet(self.flow.tactical.active, n))
                    .map_or_else(|| format!("planet{n}"), |pl| c.planets[pl.idx()].key.clone());
                format!("land.{planet}.{}", t.name())
            }
            Action::Produce(t) => format!("produce.{}", t.name()),
            Action::Research(t) => format!("research.{}", c.tech_def(t).key),
            Action::PayWith(k) => match super::cards::research_option_of(self, k) {
                Some(o) => {
                    let mut id = String::from("pay");
                    for pl in o.exhaust() {
                        id += ".";
                        id += &c.planets[pl.idx()].key;
                    }
                    if let Some(k) = o.skip.key(c) {
                        id += ".skip.";
                        id += k;
                    }
                    if o.exhaust().is_empty() && o.skip.key(c).is_none() {
                        id += ".nothing";
                    }
                    id
                }
                None => format!("pay.option{k}"),
            },
            Action::Propagate => "propagate".into(),
            Action::Build(pl, t) => format!("build.{}.{}", c.planets[pl.idx()].key, t.name()),
            Action::Speaker(p) => format!("speaker.{}", faction(p)),
            Action::Give(p) => format!("give.{}", faction(p)),
            Action::DiplomacySystem(sl) => format!("diplomacy.{}", system(sl)),
            Action::WarfareToken(sl) => format!("warfare_token.{}", system(sl)),
            Action::ScorePublic(o) => format!("score.{}", c.cards.public_objectives[o.idx()].key),
            Action::ScoreSecret(o) => format!("score_secret.{}", c.cards.secret_objectives[o.idx()].key),
            Action::ReturnSecret(o) => format!("return_secret.{}", c.cards.secret_objectives[o.idx()].key),
            Action::Vote(o) => match super::agendas::electing(self, self.flow.agenda_phase.agenda_card) {
                super::agendas::Electing::Player => format!("vote.{}", faction(o)),
                super::agendas::Electing::ForAgainst if o == 0 => "vote.for".into(),
                super::agendas::Electing::ForAgainst => "vote.against".into(),
                super::agendas::Electing::Law => super::agendas::law_of_outcome(self, o)
                    .map_or_else(|| format!("vote.law.{o}"), |a| format!("vote.{}", c.cards.agendas[a].key)),
                super::agendas::Electing::StrategyCard => {
                    format!("vote.{}", crate::ti4::components::StrategyCard(o).name())
                }
            },
            Action::Follow => "follow".into(),
            Action::Play(k, t) => format!("play.{}.{t}", c.cards.action_cards[k.idx()].key),
            Action::Use(src, t) => format!("use.{}.{t}", c.rules.key(src).map_or("unknown", |k| k.id())),
            Action::Choose(src, k) => format!("choose.{}.{k}", c.rules.key(src).map_or("unknown", |k| k.id())),
            Action::Transact(q, w) => format!("transact.{}.{w}", faction(q)),
            Action::Accept => "accept".into(),
            Action::Tokens(k) => match self.step {
                Step::Tokens { stage: 0, .. } => format!("tokens.tactic.{k}"),
                Step::Tokens { .. } => format!("tokens.fleet.{k}"),
                Step::Pay(_) => format!("tokens.spend_tactic.{k}"),
                _ => format!("tokens.buy.{k}"),
            },
            Action::Exhaust(pl) => format!("exhaust.{}", c.planets[pl.idx()].key),
            Action::PlaceOn(pl) => format!("place.{}", c.planets[pl.idx()].key),
            Action::Done => "done".into(),
        }
    }

    /// What an action of `a`'s kind does, in one sentence.
    pub fn action_effect(&self, a: Action) -> &'static str {
        match a {
            Action::Pick(_) => "strategy phase: take this strategy card",
            Action::Activate(_) => {
                "tactical action: place a command token from the tactic pool in this system; movement, combat, \
                 invasion and production there follow"
            }
            Action::Strategic(_) => {
                "strategic action: resolve this strategy card's primary ability; then each other player may \
                 follow its secondary"
            }
            Action::Pass => "action phase: pass for the rest of the round",
            Action::Move(..) => "movement: move one ship of this type from this system into the active system",
            Action::Carry(..) => "movement: transport one unit of this type from this system with the moving ships",
            Action::Hit(HitChoice::Destroy(_)) => "combat: the next hit destroys a unit of this type",
            Action::Hit(HitChoice::Sustain(_)) => "combat: a unit of this type sustains damage to cancel the next hit",
            Action::Retreat => "space combat: announce a retreat (it happens after this round's rolls)",
            Action::RetreatTo(_) => "space combat: retreat the ships to this system",
            Action::Land(..) => "invasion: commit one ground force of this type from space to this planet",
            Action::Produce(_) => "production: queue one unit of this type (paid when production ends)",
            Action::Research(_) => "research this technology (paying what the step asks)",
            Action::PayWith(_) => {
                "research: exhaust these specialty planets (or this prerequisite-skipping card) to meet the \
                 prerequisites (Technology 14), then pay the cost"
            }
            Action::Propagate => "Nekro Virus, Propagation: gain 3 command tokens instead of researching",
            Action::Build(..) => {
                "Construction: place this structure on this planet (a mech: 1 mech and 1 infantry instead of a PDS, Hecatoncheires)"
            }
            Action::Speaker(_) => "Politics: this player becomes the speaker",
            Action::Give(_) => "Checks and Balances: give the strategy card just chosen to this player",
            Action::DiplomacySystem(_) => {
                "Diplomacy: each other player places a command token from reinforcements in this system"
            }
            Action::WarfareToken(_) => "Warfare: remove your command token from this system",
            Action::ScorePublic(_) => "score this public objective",
            Action::ScoreSecret(_) => "score this secret objective",
            Action::ReturnSecret(_) => "return this unscored secret objective to the deck",
            Action::Vote(_) => "agenda phase: cast your votes on this outcome",
            Action::Follow => "resolve the secondary ability of the strategy card being played",
            Action::Play(..) => "play this action card (the number is its target: planet, system slot, seat or card)",
            Action::Transact(..) => {
                "offer this neighbour a transaction (0: swap commodities; 1 + slot: a promissory note for their \
                 commodities)"
            }
            Action::Accept => "accept the transaction offered",
            Action::Tokens(_) => match self.step {
                Step::Tokens { stage: 0, .. } => "command tokens: this many in the tactic pool",
                Step::Tokens { .. } => "command tokens: this many in the fleet pool (the strategy pool holds the rest)",
                Step::Pay(_) => {
                    "spend objective: spend this many tokens from the tactic pool, the rest from the strategy pool"
                }
                _ => "Leadership: buy this many command tokens at 3 influence each",
            },
            Action::Use(..) => {
                "perform this component action of a faction ability or technology (the number is the target \
                 the rule defines, docs/CLI.md)"
            }
            Action::Choose(..) => {
                "take this choice of an ability's \"you may\" (the number is the choice the rule defines, \
                 docs/CLI.md); done declines"
            }
            Action::PlaceOn(_) => "status phase start: place the unit from reinforcements on this planet",
            Action::Exhaust(_) => match self.step {
                Step::CastVotes { .. } => {
                    "agenda phase: exhaust this planet to cast its influence as votes for the chosen outcome \
                     (planets in increasing order)"
                }
                _ => {
                    "payment: exhaust this planet for its resources (planets in increasing order; the payment \
                     ends once they cover the cost)"
                }
            },
            Action::Done => match self.step {
                Step::Pay(_) => "payment: pay the rest of the cost with trade goods",
                Step::CastVotes { .. } => "agenda phase: stop casting votes (the planets left stay ready)",
                _ => "decline, or end the current step",
            },
        }
    }

    /// What the chance event the game waits at resolves, in one sentence (`None` at a
    /// decision or at the end).
    pub fn chance_effect(&self) -> Option<&'static str> {
        if super::flow::current(self) != crate::game::Turn::Chance {
            return None;
        }
        Some(match self.step {
            Step::Deal => "setup: deal secret objectives, choose the speaker, reveal two stage I objectives",
            Step::SpaceCannon => {
                "gravity rift rolls of the moved ships, then space cannon offense in the active system"
            }
            Step::Space => "space combat dice: anti-fighter barrage or combat rolls",
            Step::InvasionRolls(_) => "bombardment and space cannon defense against the planet",
            Step::Ground(_) => "ground combat rolls",
            Step::DrawSecret(_) => "the player draws a secret objective",
            Step::Reveal => "status phase: reveal the next public objective",
            Step::RevealAgenda => "agenda phase: reveal the next agenda",
            Step::ResolveAgenda => "resolve the agenda's outcome (some outcomes draw cards)",
            Step::DrawActionCards(_) => "the player draws action cards",
            Step::Explore(_) => "the player explores a planet: an exploration card is drawn",
            Step::ExploreDraw(_) => "the player draws the action card an exploration card paid for",
            Step::DrawRelic(_) => "the player gains a relic from the relic deck",
            Step::ComponentRoll(_) => "the dice of the player's component action are rolled",
            Step::CardChance => "the action card being played draws at random (dice, a card, a secret objective)",
            _ => "a chance event of the round loop",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::six_player_game;
    use crate::game::{random_step, Game, Turn};
    use rand::SeedableRng;

    #[test]
    fn legal_actions_have_distinct_ids_at_every_decision_of_random_games() {
        let mut buf = Vec::new();
        let mut decisions = 0;
        for i in 0..20 {
            let mut g = six_player_game(i);
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(i);
            while !g.is_terminal() {
                if let Turn::Player(_) = g.current() {
                    g.legal_actions(&mut buf);
                    let mut ids: Vec<String> = buf.iter().map(|&a| g.action_id(a)).collect();
                    ids.sort();
                    let n = ids.len();
                    ids.dedup();
                    assert_eq!(ids.len(), n, "duplicate ids at {:?}: {ids:?}", g.step);
                    assert!(ids.iter().all(|id| !id.contains([',', ' '])), "{ids:?}");
                    decisions += 1;
                }
                random_step(&mut g, &mut rng, &mut buf);
            }
        }
        assert!(decisions > 10_000);
    }
}
