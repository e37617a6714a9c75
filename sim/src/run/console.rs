//! What `sim run` shows on the terminal: a progress bar on stderr while games are played
//! (only when stderr is a terminal and `--quiet` is off) and a compact table of win rates with
//! their intervals on stdout at the end.

use std::io::IsTerminal;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::run::summary::{GroupStats, Summary};

/// A progress bar over `total` games starting at `done`, or a hidden one.
pub fn progress(total: u64, done: u64, quiet: bool) -> ProgressBar {
    if quiet || !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::stderr());
    let style =
        ProgressStyle::with_template("{spinner} {elapsed_precise} [{wide_bar}] {pos}/{len} games  {rate}  ETA {eta}")
            .map(|s| {
                s.progress_chars("=> ").with_key("rate", |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{:.1} games/s", state.per_sec());
                })
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_position(done);
    bar.reset_eta();
    bar.enable_steady_tick(Duration::from_millis(200));
    bar
}

/// The end-of-run table: one row per agent, faction and seat.
pub fn table(s: &Summary) -> String {
    let mut rows: Vec<(String, &GroupStats)> = Vec::new();
    rows.extend(s.agents.iter().map(|(k, v)| (format!("agent {k}"), v)));
    if let Some(f) = &s.factions {
        rows.extend(f.iter().map(|(k, v)| (format!("faction {k}"), v)));
    }
    rows.extend(s.seats.iter().map(|x| (format!("seat {}", x.seat), &x.stats)));
    if let Some(sp) = &s.speaker_positions {
        rows.extend(sp.iter().map(|x| (format!("speaker+{}", x.distance), &x.stats)));
    }
    let width = rows.iter().map(|(k, _)| k.len()).max().unwrap_or(0).max(5);
    let mut out = format!(
        "{:width$}  {:>7} {:>7} {:>6} {:>8}  {:<17} {:>24} {:>9}  flag\n",
        "", "games", "wins", "draws", "win rate", "95% interval", "effect (95% interval)", "mean rank"
    );
    for (label, g) in rows {
        let flag = if g.flagged { "*" } else { "" };
        let ci = format!("[{:.3}, {:.3}]", g.win_rate_ci95[0], g.win_rate_ci95[1]);
        let effect = if g.decisive_games == 0 {
            "untested".to_string()
        } else {
            format!("{:+.3} [{:+.3}, {:+.3}]", g.effect, g.effect_ci95[0], g.effect_ci95[1])
        };
        out += &format!(
            "{label:width$}  {:>7} {:>7} {:>6} {:>8.3}  {ci:<17} {effect:>24} {:>9.2}  {flag}\n",
            g.games, g.wins, g.draws, g.win_rate, g.mean_rank
        );
    }
    out += &format!(
        "effect: share of decisive games won minus the fair share (k/{} for k seats); * differs from it \
         (exact binomial test, block-adjusted, Holm over one family of {}, alpha {})\n",
        s.players, s.balance.family_size, s.balance.alpha
    );
    if let Some(q) = &s.sequential {
        out += &sequential_lines(q);
    }
    out
}

/// The text form of a sequential run's decisions.
pub fn sequential_lines(q: &crate::run::sequential::Sequential) -> String {
    let what = if q.compared_to.is_some() { "difference from the base run" } else { "effect" };
    let mut out = format!(
        "until decided ({what}, +/-{} at alpha {}, power {}): {} after {} games in {} looks",
        q.config["effect"],
        q.config["alpha"],
        q.config["power"],
        q.stopped,
        q.games_used,
        q.looks.len()
    );
    if q.games_beyond_stop > 0 {
        out += &format!(" ({} games beyond the stopping look left out)", q.games_beyond_stop);
    }
    out += "\n";
    if q.stopped == "more looks" {
        out += "  not decided yet: run each shard again with --resume (it plays the next look), then merge again\n";
    }
    for (name, d) in &q.groups {
        out += &format!(
            "  {name}: {} at {} games (estimate {:+.3}; LLR of +effect {:.2}, of -effect {:.2})\n",
            d.decision, d.games, d.estimate, d.llr_higher, d.llr_lower
        );
    }
    out
}

/// Writes `text` to stdout. A closed or failing stdout (`sim run | head`) is ignored: the
/// results are in the files, which are already written.
pub fn print(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}
