//! Statistics for experiment summaries: Wilson score intervals, two-sided binomial tests
//! against a fair share, Holm's step-down correction, and integer-exact percentiles.
//!
//! Everything here is a pure function of integer counts, so summaries are byte-identical
//! whatever order games finished in. Exact binomial inference lives in [`exact`], the block
//! design (design effects, clustered means) in [`cluster`].

pub mod cluster;
pub mod exact;

/// z for a two-sided 95% interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Wilson score interval for `wins` successes in `n` trials at normal quantile `z`
/// (Wilson 1927). Returns `(low, high)`; `(0, 1)` when `n == 0`.
pub fn wilson(wins: u64, n: u64, z: f64) -> (f64, f64) {
    wilson_real(wins as f64, n as f64, z)
}

/// [`wilson`] on real counts (an effective sample, [`cluster`]). `(0, 1)` when `n <= 0`.
pub fn wilson_real(wins: f64, n: f64, z: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let p = wins / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n) + z2 / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Two-sided p-value of `wins` in `n` trials against success probability `p0`, by the normal
/// approximation with continuity correction (exact enough for the thousands of games a
/// balance run plays; conservative for small `n`).
pub fn binomial_p_value(wins: u64, n: u64, p0: f64) -> f64 {
    if n == 0 {
        return 1.0;
    }
    let n_f = n as f64;
    let mean = n_f * p0;
    let sd = (n_f * p0 * (1.0 - p0)).sqrt();
    if sd == 0.0 {
        return if (wins as f64 - mean).abs() < 0.5 { 1.0 } else { 0.0 };
    }
    let z = (((wins as f64) - mean).abs() - 0.5).max(0.0) / sd;
    (2.0 * normal_sf(z)).min(1.0)
}

/// Upper tail of the standard normal distribution, P(Z > z), via erfc.
pub fn normal_sf(z: f64) -> f64 {
    0.5 * erfc(z / std::f64::consts::SQRT_2)
}

/// Complementary error function (Numerical Recipes `erfcc`, relative error < 1.2e-7).
pub fn erfc(x: f64) -> f64 {
    let z = x.abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let r = t
        * (-z * z - 1.265_512_23
            + t * (1.000_023_68
                + t * (0.374_091_96
                    + t * (0.096_784_18
                        + t * (-0.186_288_06
                            + t * (0.278_868_07
                                + t * (-1.135_203_98
                                    + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77)))))))))
            .exp();
    if x >= 0.0 {
        r
    } else {
        2.0 - r
    }
}

/// Holm's step-down procedure (Holm 1979): which of the hypotheses with these p-values are
/// rejected at family-wise error rate `alpha`. Ties keep their input order.
pub fn holm(p_values: &[f64], alpha: f64) -> Vec<bool> {
    let m = p_values.len();
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&a, &b| p_values[a].total_cmp(&p_values[b]).then(a.cmp(&b)));
    let mut reject = vec![false; m];
    for (rank, &i) in order.iter().enumerate() {
        if p_values[i] <= alpha / (m - rank) as f64 {
            reject[i] = true;
        } else {
            break;
        }
    }
    reject
}

/// The `q`-th percentile (0-100) of sorted integer samples, nearest-rank method.
pub fn percentile(sorted: &[u64], q: u32) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let rank = ((q as usize * sorted.len()).div_ceil(100)).max(1);
    sorted[rank.min(sorted.len()) - 1]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_matches_published_values() {
        // 81 of 263 (Newcombe 1998, Table I-style check): 0.2553 .. 0.3662.
        let (lo, hi) = wilson(81, 263, Z95);
        assert!((lo - 0.2553).abs() < 5e-4 && (hi - 0.3662).abs() < 5e-4, "{lo} {hi}");
        let (lo, hi) = wilson(0, 10, Z95);
        assert_eq!(lo, 0.0);
        assert!((hi - 0.2775).abs() < 5e-4, "{hi}");
        assert_eq!(wilson(0, 0, Z95), (0.0, 1.0));
    }

    #[test]
    fn p_values_behave() {
        assert!(binomial_p_value(500, 1000, 0.5) > 0.9);
        assert!(binomial_p_value(600, 1000, 0.5) < 1e-9);
        assert!((normal_sf(1.959_963_984_540_054) - 0.025).abs() < 1e-6);
        assert!((erfc(0.0) - 1.0).abs() < 1e-7);
    }

    #[test]
    fn holm_steps_down() {
        // alpha 0.05, m = 4: thresholds 0.0125, 0.0167, 0.025, 0.05.
        assert_eq!(holm(&[0.01, 0.04, 0.03, 0.005], 0.05), vec![true, false, false, true]);
        assert_eq!(holm(&[0.001, 0.002, 0.003, 0.04], 0.05), vec![true, true, true, true]);
        assert_eq!(holm(&[0.2, 0.001], 0.05), vec![false, true]);
    }

    #[test]
    fn percentiles_nearest_rank() {
        let v = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
        assert_eq!(percentile(&v, 50), 5);
        assert_eq!(percentile(&v, 90), 9);
        assert_eq!(percentile(&v, 100), 10);
        assert_eq!(percentile(&v, 0), 1);
    }
}
