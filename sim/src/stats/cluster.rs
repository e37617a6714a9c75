//! Statistics of a block design: trials grouped in clusters (the rotation blocks of a run,
//! whose games share map, dice and faction draw) that are independent of each other but not
//! within.
//!
//! A proportion's **design effect** is the ratio of its cluster-robust variance to the
//! binomial variance of the same number of independent trials (Kish 1965):
//!
//! `deff = B/(B−1) · Σ_b (x_b − p̂ n_b)² / (N p̂ (1 − p̂))`, clamped below at 1,
//!
//! over the B clusters with `n_b` trials and `x_b` successes each (N trials, p̂ = X / N). Tests
//! and intervals then use the effective sample `X / deff` of `N / deff` (the first-order
//! Rao-Scott correction), which is exactly the independent-trials analysis when every cluster
//! is one trial. The clamp keeps an interval from ever being narrower than the one that
//! ignores the blocks. A mean per trial (score, rank) gets the cluster-robust (ratio
//! estimator) standard error `√(B/(B−1) · Σ_b (y_b − ȳ n_b)²) / N`.

/// One cluster's counts.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cluster {
    /// Trials.
    pub n: u64,
    /// Successes.
    pub x: u64,
}

/// The design effect of a proportion over `clusters` (see the module docs); 1 with fewer than
/// two non-empty clusters or a proportion of 0 or 1.
pub fn design_effect(clusters: &[Cluster]) -> f64 {
    let used: Vec<&Cluster> = clusters.iter().filter(|c| c.n > 0).collect();
    let b = used.len();
    let n: u64 = used.iter().map(|c| c.n).sum();
    let x: u64 = used.iter().map(|c| c.x).sum();
    if b < 2 || x == 0 || x == n {
        return 1.0;
    }
    let p = x as f64 / n as f64;
    let ss: f64 = used.iter().map(|c| (c.x as f64 - p * c.n as f64).powi(2)).sum();
    let robust = ss * b as f64 / (b - 1) as f64;
    (robust / (n as f64 * p * (1.0 - p))).max(1.0)
}

/// Mean of a per-trial value over clusters of `(trials, sum of values)` with a cluster-robust
/// normal 95% interval (see the module docs); `(0, [0, 0])` without trials.
pub fn clustered_mean(clusters: &[(u64, f64)], z: f64) -> (f64, [f64; 2]) {
    let (mean, se) = clustered_mean_se(clusters);
    (mean, [mean - z * se, mean + z * se])
}

/// Mean of a per-trial value over clusters of `(trials, sum of values)` and its cluster-robust
/// standard error (see the module docs); `(0, 0)` without trials, standard error 0 with fewer
/// than two clusters.
pub fn clustered_mean_se(clusters: &[(u64, f64)]) -> (f64, f64) {
    let used: Vec<&(u64, f64)> = clusters.iter().filter(|c| c.0 > 0).collect();
    let n: u64 = used.iter().map(|c| c.0).sum();
    if n == 0 {
        return (0.0, 0.0);
    }
    let mean = used.iter().map(|c| c.1).sum::<f64>() / n as f64;
    let b = used.len();
    if b < 2 {
        return (mean, 0.0);
    }
    let ss: f64 = used.iter().map(|c| (c.1 - mean * c.0 as f64).powi(2)).sum();
    (mean, (ss * b as f64 / (b - 1) as f64).sqrt() / n as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn single_trial_clusters_have_no_design_effect() {
        let c: Vec<Cluster> = (0..100).map(|i| Cluster { n: 1, x: (i % 3 == 0) as u64 }).collect();
        let d = design_effect(&c);
        // B/(B−1) = 100/99: independent trials, to the small-sample factor.
        assert!((d - 100.0 / 99.0).abs() < 1e-12, "{d}");
    }

    #[test]
    fn clusters_that_win_or_lose_together_inflate_the_variance_by_their_size() {
        // Six trials per cluster, all won or all lost: deff = 6 · B/(B−1).
        let c: Vec<Cluster> = (0..60).map(|i| Cluster { n: 6, x: if i % 6 == 0 { 6 } else { 0 } }).collect();
        let d = design_effect(&c);
        assert!((d - 6.0 * 60.0 / 59.0).abs() < 1e-9, "{d}");
        // Balanced clusters (exactly the mean in each) clamp to 1.
        let flat: Vec<Cluster> = (0..10).map(|_| Cluster { n: 6, x: 3 }).collect();
        assert_eq!(design_effect(&flat), 1.0);
        assert_eq!(design_effect(&[Cluster { n: 6, x: 2 }]), 1.0);
    }

    #[test]
    fn clustered_means_widen_with_the_clusters() {
        // Values 0/1 per trial in single-trial clusters: the usual standard error with n − 1.
        let c: Vec<(u64, f64)> = (0..40).map(|i| (1, (i % 2) as f64)).collect();
        let (m, [lo, hi]) = clustered_mean(&c, 1.96);
        let se = (0.25f64 * 40.0 / 39.0 / 40.0).sqrt();
        assert!((m - 0.5).abs() < 1e-12 && (hi - m - 1.96 * se).abs() < 1e-12 && (m - lo - 1.96 * se).abs() < 1e-12);
        assert_eq!(clustered_mean(&[], 1.96), (0.0, [0.0, 0.0]));
    }
}
