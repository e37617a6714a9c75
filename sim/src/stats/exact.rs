//! Exact binomial inference: the regularized incomplete beta function, the two-sided exact
//! binomial test (the smaller tail doubled, the test the Clopper-Pearson interval inverts), the
//! Clopper-Pearson interval, and the normal quantile.
//!
//! Counts may be real numbers: a block design divides them by its design effect
//! ([`crate::stats::cluster`]), and the binomial tails extend to real counts through the beta
//! function (`P(X ≥ x) = I_p(x, n − x + 1)`), so the same functions serve independent trials
//! (integer counts, exactly the textbook test) and clustered ones.

/// ln Γ(x) for x > 0 (Lanczos, g = 7, 9 terms; relative error below 1e-13).
pub fn ln_gamma(x: f64) -> f64 {
    const G: [f64; 9] = [
        0.999_999_999_999_809_9,
        676.520_368_121_885_1,
        -1_259.139_216_722_402_8,
        771.323_428_777_653_1,
        -176.615_029_162_140_6,
        12.507_343_278_686_905,
        -0.138_571_095_265_720_12,
        9.984_369_578_019_572e-6,
        1.505_632_735_149_311_6e-7,
    ];
    if x < 0.5 {
        // Reflection: Γ(x) Γ(1 − x) = π / sin(πx).
        return (std::f64::consts::PI / (std::f64::consts::PI * x).sin()).ln() - ln_gamma(1.0 - x);
    }
    let x = x - 1.0;
    let mut a = G[0];
    let t = x + 7.5;
    for (i, &g) in G.iter().enumerate().skip(1) {
        a += g / (x + i as f64);
    }
    0.5 * (2.0 * std::f64::consts::PI).ln() + (x + 0.5) * t.ln() - t + a.ln()
}

/// The regularized incomplete beta function I_x(a, b), a, b > 0, 0 ≤ x ≤ 1 (continued fraction
/// by the modified Lentz method, as in Numerical Recipes `betai`).
pub fn beta_inc(a: f64, b: f64, x: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let ln_front = ln_gamma(a + b) - ln_gamma(a) - ln_gamma(b) + a * x.ln() + b * (1.0 - x).ln();
    if x < (a + 1.0) / (a + b + 2.0) {
        (ln_front.exp() * beta_cf(a, b, x) / a).clamp(0.0, 1.0)
    } else {
        (1.0 - ln_front.exp() * beta_cf(b, a, 1.0 - x) / b).clamp(0.0, 1.0)
    }
}

fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    for m in 1..100_000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        d = if d.abs() < TINY { TINY } else { d };
        c = 1.0 + aa / c;
        c = if c.abs() < TINY { TINY } else { c };
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < 1e-15 {
            break;
        }
    }
    h
}

/// P(X ≥ x) for X ~ Binomial(n, p), extended to real `x` and `n` (0 ≤ x ≤ n).
pub fn binomial_upper_tail(x: f64, n: f64, p: f64) -> f64 {
    if x <= 0.0 {
        1.0
    } else if x > n {
        0.0
    } else {
        beta_inc(x, n - x + 1.0, p)
    }
}

/// P(X ≤ x) for X ~ Binomial(n, p), extended to real `x` and `n` (0 ≤ x ≤ n).
pub fn binomial_lower_tail(x: f64, n: f64, p: f64) -> f64 {
    if x >= n {
        1.0
    } else if x < 0.0 {
        0.0
    } else {
        1.0 - beta_inc(x + 1.0, n - x, p)
    }
}

/// Two-sided exact binomial p-value of `x` successes in `n` trials against success
/// probability `p0`: twice the smaller tail, at most 1 (the "central" exact test; it rejects at
/// level α exactly when `p0` lies outside the Clopper-Pearson 1 − α interval). For integer
/// counts its size never exceeds α. Real counts (a design-effect-adjusted sample) use the beta
/// extension of the tails. `n == 0` gives 1.
pub fn binomial_test(x: f64, n: f64, p0: f64) -> f64 {
    if n <= 0.0 {
        return 1.0;
    }
    let lower = binomial_lower_tail(x, n, p0);
    let upper = binomial_upper_tail(x, n, p0);
    (2.0 * lower.min(upper)).min(1.0)
}

/// The `q`-quantile of the Beta(a, b) distribution, by bisection on [`beta_inc`].
pub fn beta_quantile(q: f64, a: f64, b: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if beta_inc(a, b, mid) < q {
            lo = mid;
        } else {
            hi = mid;
        }
        if hi - lo < 1e-13 {
            break;
        }
    }
    0.5 * (lo + hi)
}

/// Clopper-Pearson (exact) two-sided `1 − alpha` interval of a proportion with `x` successes in
/// `n` trials (real counts allowed). `(0, 1)` when `n == 0`.
pub fn clopper_pearson(x: f64, n: f64, alpha: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let lo = if x <= 0.0 { 0.0 } else { beta_quantile(alpha / 2.0, x, n - x + 1.0) };
    let hi = if x >= n { 1.0 } else { beta_quantile(1.0 - alpha / 2.0, x + 1.0, n - x) };
    (lo, hi)
}

/// Two-sided p-value of Student's t statistic `t` with `df` degrees of freedom:
/// `P(|T| ≥ |t|) = I_{df/(df+t²)}(df/2, 1/2)`.
pub fn student_t_p_value(t: f64, df: f64) -> f64 {
    if !t.is_finite() {
        return 0.0;
    }
    beta_inc(df / 2.0, 0.5, df / (df + t * t))
}

/// The two-sided critical value of Student's t with `df` degrees of freedom at level `alpha`
/// (the `1 − alpha/2` quantile), by bisection on [`student_t_p_value`].
pub fn student_t_critical(alpha: f64, df: f64) -> f64 {
    let (mut lo, mut hi) = (0.0f64, 1e7f64);
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if student_t_p_value(mid, df) > alpha {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    0.5 * (lo + hi)
}

/// The `p`-quantile of the standard normal distribution (Acklam's rational approximation, one
/// Newton step on [`crate::stats::normal_sf`], whose erfc limits it to an absolute error of about 1e-6).
pub fn normal_quantile(p: f64) -> f64 {
    const A: [f64; 6] = [
        -3.969_683_028_665_376e1,
        2.209_460_984_245_205e2,
        -2.759_285_104_469_687e2,
        1.383_577_518_672_69e2,
        -3.066_479_806_614_716e1,
        2.506_628_277_459_239,
    ];
    const B: [f64; 5] = [
        -5.447_609_879_822_406e1,
        1.615_858_368_580_409e2,
        -1.556_989_798_598_866e2,
        6.680_131_188_771_972e1,
        -1.328_068_155_288_572e1,
    ];
    const C: [f64; 6] = [
        -7.784_894_002_430_293e-3,
        -3.223_964_580_411_365e-1,
        -2.400_758_277_161_838,
        -2.549_732_539_343_734,
        4.374_664_141_464_968,
        2.938_163_982_698_783,
    ];
    const D: [f64; 4] =
        [7.784_695_709_041_462e-3, 3.224_671_290_700_398e-1, 2.445_134_137_142_996, 3.754_408_661_907_416];
    if p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let low = 0.024_25;
    let x = if p < low {
        let q = (-2.0 * p.ln()).sqrt();
        (((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    } else if p <= 1.0 - low {
        let q = p - 0.5;
        let r = q * q;
        (((((A[0] * r + A[1]) * r + A[2]) * r + A[3]) * r + A[4]) * r + A[5]) * q
            / (((((B[0] * r + B[1]) * r + B[2]) * r + B[3]) * r + B[4]) * r + 1.0)
    } else {
        let q = (-2.0 * (1.0 - p).ln()).sqrt();
        -(((((C[0] * q + C[1]) * q + C[2]) * q + C[3]) * q + C[4]) * q + C[5])
            / ((((D[0] * q + D[1]) * q + D[2]) * q + D[3]) * q + 1.0)
    };
    // One Newton step against the normal CDF.
    let e = (1.0 - crate::stats::normal_sf(x)) - p;
    let u = e * (2.0 * std::f64::consts::PI).sqrt() * (x * x / 2.0).exp();
    x - u / (1.0 + x * u / 2.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// P(X = k) by the log-gamma binomial coefficient.
    fn pmf(k: u64, n: u64, p: f64) -> f64 {
        let (k, n) = (k as f64, n as f64);
        (ln_gamma(n + 1.0) - ln_gamma(k + 1.0) - ln_gamma(n - k + 1.0) + k * p.ln() + (n - k) * (1.0 - p).ln()).exp()
    }

    #[test]
    fn log_gamma_matches_factorials() {
        assert!((ln_gamma(1.0)).abs() < 1e-12);
        assert!((ln_gamma(5.0) - 24f64.ln()).abs() < 1e-12);
        assert!((ln_gamma(0.5) - std::f64::consts::PI.sqrt().ln()).abs() < 1e-12);
        assert!((ln_gamma(101.0) - 363.739_375_555_563_5).abs() < 1e-9);
    }

    #[test]
    fn binomial_tails_match_sums_of_the_pmf() {
        for &(n, p) in &[(10u64, 0.5), (30, 1.0 / 6.0), (200, 1.0 / 6.0), (3000, 1.0 / 6.0)] {
            for k in [0, 1, n / 7, n / 6, n / 5, n / 2, n] {
                let upper: f64 = (k..=n).map(|j| pmf(j, n, p)).sum();
                let lower: f64 = (0..=k).map(|j| pmf(j, n, p)).sum();
                let (u, l) = (binomial_upper_tail(k as f64, n as f64, p), binomial_lower_tail(k as f64, n as f64, p));
                assert!((u - upper).abs() < 1e-9 * upper.max(1e-3), "n {n} k {k}: {u} vs {upper}");
                assert!((l - lower).abs() < 1e-9 * lower.max(1e-3), "n {n} k {k}: {l} vs {lower}");
            }
        }
    }

    #[test]
    fn the_exact_test_matches_published_values() {
        // R: binom.test(7, 10, 0.5) central p = 2 * P(X >= 7) = 0.34375.
        assert!((binomial_test(7.0, 10.0, 0.5) - 0.343_75).abs() < 1e-12);
        // 9 of 20 at 1/6: 2 * P(X >= 9) = 2 * 0.0002903 (pmf sums above).
        let upper: f64 = (9..=20).map(|j| pmf(j, 20, 1.0 / 6.0)).sum();
        assert!((binomial_test(9.0, 20.0, 1.0 / 6.0) - 2.0 * upper).abs() < 1e-12);
        assert_eq!(binomial_test(0.0, 0.0, 0.3), 1.0);
        assert_eq!(binomial_test(5.0, 30.0, 1.0 / 6.0), 1.0);
    }

    #[test]
    fn clopper_pearson_matches_published_values() {
        // R: binom.test(81, 263)$conf.int = 0.2527 .. 0.3676 (3 d.p. in Newcombe 1998).
        let (lo, hi) = clopper_pearson(81.0, 263.0, 0.05);
        assert!((lo - 0.2527).abs() < 5e-4 && (hi - 0.3676).abs() < 5e-4, "{lo} {hi}");
        let (lo, hi) = clopper_pearson(0.0, 10.0, 0.05);
        assert!(lo == 0.0 && (hi - 0.308_5).abs() < 5e-4, "{hi}");
        // The interval and the test agree: p0 at an end has p-value alpha.
        let (lo, hi) = clopper_pearson(40.0, 150.0, 0.05);
        assert!((binomial_test(40.0, 150.0, lo) - 0.05).abs() < 1e-6);
        assert!((binomial_test(40.0, 150.0, hi) - 0.05).abs() < 1e-6);
    }

    #[test]
    fn student_t_matches_tables() {
        // t(0.975; 1) = 12.706, t(0.975; 4) = 2.776, t(0.975; 30) = 2.042.
        for (df, t) in [(1.0, 12.706_2), (4.0, 2.776_4), (30.0, 2.042_3)] {
            assert!((student_t_critical(0.05, df) - t).abs() < 1e-3, "df {df}");
            assert!((student_t_p_value(t, df) - 0.05).abs() < 1e-4, "df {df}");
        }
        assert_eq!(student_t_p_value(0.0, 5.0), 1.0);
    }

    #[test]
    fn normal_quantiles() {
        assert!((normal_quantile(0.975) - 1.959_963_984_540_054).abs() < 1e-6);
        assert!((normal_quantile(0.8) - 0.841_621_233_572_914).abs() < 1e-6);
        assert!((normal_quantile(0.5)).abs() < 1e-6);
        assert!((normal_quantile(1e-6) + 4.753_424_308_822_899).abs() < 1e-6);
    }
}
