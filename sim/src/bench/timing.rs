//! The timing method of every `sim bench` figure: the median over batches of the batch mean.
//!
//! A figure is measured in [`Budget::batches`] consecutive batches of about [`Budget::batch`]
//! wall time each. A batch repeats the work (a call, a game, a search) enough times to last that
//! long and yields one mean: nanoseconds per call, or units of work per second. The figure is
//! the median of those means. Batching amortises the clock reads and the timer's resolution over
//! many calls; the median discards the batches a noisy, shared machine disturbs (preemption, a
//! neighbour's build), which a plain mean would not. The batch count is odd, so the median is
//! one batch's mean.
//!
//! Before the batches, the per-call measurement warms up and calibrates: it doubles the number
//! of calls until a run lasts a quarter of a batch, then scales it to one batch.

use std::hint::black_box;
use std::time::{Duration, Instant};

/// How long each figure is measured.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Budget {
    /// Batches per figure (odd).
    pub batches: usize,
    /// Target wall time of one batch.
    pub batch: Duration,
    /// Rounds of the parallel-speed-up measurement (each times the game batch on one thread and
    /// on all; odd).
    pub rounds: usize,
    /// Games in the parallel batch per worker thread (at least 16 games in all).
    pub games_per_thread: usize,
}

impl Budget {
    /// The default run: about 10 s.
    pub const DEFAULT: Budget =
        Budget { batches: 15, batch: Duration::from_millis(50), rounds: 7, games_per_thread: 48 };
    /// `--quick`: about 1 s, for tests.
    pub const QUICK: Budget = Budget { batches: 5, batch: Duration::from_millis(8), rounds: 3, games_per_thread: 4 };

    /// The method in words, for the report.
    pub fn describe(&self) -> String {
        format!(
            "wall clock; each figure is the median over {} batches of about {} ms of the batch mean \
             (time per call, or work per second); speed-ups are ratios of such medians, the \
             parallel one the median over {} rounds",
            self.batches,
            self.batch.as_millis(),
            self.rounds
        )
    }
}

/// Median over batches of the mean nanoseconds per call of `f` (see the module docs). The
/// result of `f` goes through [`black_box`], so the call is not optimised away.
pub fn ns_per_call<R>(budget: &Budget, mut f: impl FnMut() -> R) -> f64 {
    let n = calibrate(budget.batch, &mut f);
    let means = (0..budget.batches)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..n {
                black_box(f());
            }
            start.elapsed().as_nanos() as f64 / n as f64
        })
        .collect();
    median(means)
}

/// Median over batches of work per second, where `batch(i)` runs batch `i` (of about
/// `budget.batch`) and returns the work it did and the time that counts for it.
pub fn per_sec<E>(budget: &Budget, mut batch: impl FnMut(usize) -> Result<(f64, Duration), E>) -> Result<f64, E> {
    let mut rates = Vec::with_capacity(budget.batches);
    for i in 0..budget.batches {
        let (work, time) = batch(i)?;
        rates.push(work / time.as_secs_f64().max(1e-9));
    }
    Ok(median(rates))
}

/// Calls per batch: doubles the count until a run of calls lasts a quarter of `target`, then
/// scales it to `target`. The doubling runs double as warm-up.
fn calibrate<R>(target: Duration, f: &mut impl FnMut() -> R) -> u64 {
    let mut n = 1u64;
    loop {
        let start = Instant::now();
        for _ in 0..n {
            black_box(f());
        }
        let t = start.elapsed();
        if t >= target / 4 || n >= 1 << 40 {
            let scaled = n as f64 * target.as_secs_f64() / t.as_secs_f64().max(1e-9);
            return scaled.ceil().max(1.0) as u64;
        }
        n *= 2;
    }
}

/// The median: the middle value, or the mean of the two middle values of an even count.
///
/// # Panics
/// If `xs` is empty or holds a NaN.
pub fn median(mut xs: Vec<f64>) -> f64 {
    assert!(!xs.is_empty(), "median of no values");
    xs.sort_by(|a, b| a.partial_cmp(b).expect("no NaN timings"));
    let m = xs.len() / 2;
    if xs.len() % 2 == 1 {
        xs[m]
    } else {
        (xs[m - 1] + xs[m]) / 2.0
    }
}

/// `x` rounded to `digits` significant digits (figures carry no more precision than that; a
/// positive figure stays positive).
pub fn significant(x: f64, digits: i32) -> f64 {
    if x == 0.0 || !x.is_finite() {
        return x;
    }
    // Scale by an exact power of ten on the side that keeps integers exact.
    let places = digits - 1 - x.abs().log10().floor() as i32;
    if places >= 0 {
        let scale = 10f64.powi(places);
        (x * scale).round() / scale
    } else {
        let scale = 10f64.powi(-places);
        (x / scale).round() * scale
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_takes_the_middle() {
        assert_eq!(median(vec![3.0, 1.0, 2.0]), 2.0);
        assert_eq!(median(vec![4.0, 1.0, 3.0, 2.0]), 2.5);
        assert_eq!(median(vec![7.0]), 7.0);
    }

    #[test]
    fn significant_digits() {
        assert_eq!(significant(123456.0, 3), 123000.0);
        assert_eq!(significant(879899999.9999, 4), 879900000.0);
        assert_eq!(significant(0.012345, 3), 0.0123);
        assert_eq!(significant(1.995, 2), 2.0);
        assert!(significant(1e-12, 3) > 0.0);
    }

    #[test]
    fn budgets_have_odd_batch_counts() {
        for b in [Budget::DEFAULT, Budget::QUICK] {
            assert_eq!(b.batches % 2, 1);
            assert_eq!(b.rounds % 2, 1);
        }
    }

    #[test]
    fn per_call_and_per_second_are_positive() {
        let b = Budget { batches: 3, batch: Duration::from_micros(200), ..Budget::QUICK };
        let mut x = 0u64;
        assert!(
            ns_per_call(&b, || {
                x = x.wrapping_mul(31).wrapping_add(7);
                x
            }) > 0.0
        );
        let rate = per_sec::<()>(&b, |i| Ok((10.0 * (i + 1) as f64, Duration::from_millis(10)))).unwrap();
        assert_eq!(rate, 2000.0);
    }
}
