//! Inline SVG charts for the report: a forest plot (estimates with intervals against a
//! reference line), horizontal bars and line curves. Pure functions of their data, so the
//! report is deterministic.

use std::fmt::Write;

/// Escapes text for HTML and SVG.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// One row of a forest plot.
pub struct Row {
    /// Label.
    pub label: String,
    /// Estimate.
    pub value: f64,
    /// Interval, if any.
    pub interval: Option<[f64; 2]>,
    /// Drawn in red.
    pub flagged: bool,
}

const W: f64 = 720.0;
const LEFT: f64 = 170.0;
const RIGHT: f64 = 40.0;
const ROW: f64 = 20.0;

fn x_of(v: f64, lo: f64, hi: f64) -> f64 {
    LEFT + (v - lo) / (hi - lo).max(1e-12) * (W - LEFT - RIGHT)
}

fn axis(out: &mut String, lo: f64, hi: f64, y: f64) {
    let _ = write!(out, r##"<line x1="{LEFT}" y1="{y}" x2="{}" y2="{y}" stroke="#444"/>"##, W - RIGHT);
    for k in 0..=4 {
        let v = lo + (hi - lo) * k as f64 / 4.0;
        let x = x_of(v, lo, hi);
        let _ = write!(
            out,
            r##"<line x1="{x:.1}" y1="{y}" x2="{x:.1}" y2="{}" stroke="#444"/><text x="{x:.1}" y="{}" font-size="11" text-anchor="middle">{v:.3}</text>"##,
            y + 4.0,
            y + 16.0
        );
    }
}

/// A forest plot of `rows` with a dashed reference line at `reference` (a fair share, or 0).
pub fn forest(title: &str, rows: &[Row], reference: f64) -> String {
    let mut lo = reference;
    let mut hi = reference;
    for r in rows {
        let [a, b] = r.interval.unwrap_or([r.value, r.value]);
        lo = lo.min(a).min(r.value);
        hi = hi.max(b).max(r.value);
    }
    let pad = ((hi - lo) * 0.05).max(0.01);
    let (lo, hi) = (lo - pad, hi + pad);
    let h = 40.0 + ROW * rows.len() as f64 + 30.0;
    let mut out = format!(
        r#"<svg class="chart" width="{W}" height="{h}" viewBox="0 0 {W} {h}"><text x="10" y="20" font-size="14" font-weight="bold">{}</text>"#,
        esc(title)
    );
    let xr = x_of(reference, lo, hi);
    let _ = write!(
        out,
        r##"<line x1="{xr:.1}" y1="30" x2="{xr:.1}" y2="{}" stroke="#888" stroke-dasharray="4 3"/>"##,
        h - 30.0
    );
    for (i, r) in rows.iter().enumerate() {
        let y = 40.0 + ROW * i as f64 + ROW / 2.0;
        let colour = if r.flagged { "#c0392b" } else { "#2c3e50" };
        let _ = write!(
            out,
            r#"<text x="{}" y="{}" font-size="12" text-anchor="end">{}</text>"#,
            LEFT - 8.0,
            y + 4.0,
            esc(&r.label)
        );
        if let Some([a, b]) = r.interval {
            let _ = write!(
                out,
                r#"<line x1="{:.1}" y1="{y}" x2="{:.1}" y2="{y}" stroke="{colour}" stroke-width="2"/>"#,
                x_of(a, lo, hi),
                x_of(b, lo, hi)
            );
        }
        let _ = write!(out, r#"<circle cx="{:.1}" cy="{y}" r="4" fill="{colour}"/>"#, x_of(r.value, lo, hi));
    }
    axis(&mut out, lo, hi, h - 26.0);
    out + "</svg>"
}

/// Horizontal bars of `rows` (label, value), scaled to the largest.
pub fn bars(title: &str, rows: &[(String, f64)]) -> String {
    let max = rows.iter().map(|r| r.1).fold(0.0, f64::max).max(1e-12);
    let h = 40.0 + ROW * rows.len() as f64 + 10.0;
    let mut out = format!(
        r#"<svg class="chart" width="{W}" height="{h}" viewBox="0 0 {W} {h}"><text x="10" y="20" font-size="14" font-weight="bold">{}</text>"#,
        esc(title)
    );
    for (i, (label, v)) in rows.iter().enumerate() {
        let y = 40.0 + ROW * i as f64;
        let w = v / max * (W - LEFT - RIGHT - 60.0);
        let _ = write!(
            out,
            r##"<text x="{}" y="{}" font-size="12" text-anchor="end">{}</text><rect x="{LEFT}" y="{}" width="{w:.1}" height="{}" fill="#2980b9"/><text x="{:.1}" y="{}" font-size="11">{v}</text>"##,
            LEFT - 8.0,
            y + 13.0,
            esc(label),
            y + 2.0,
            ROW - 4.0,
            LEFT + w + 4.0,
            y + 13.0
        );
    }
    out + "</svg>"
}

/// Curves of `series` (label, values at x = 1, 2, ...), with `x_label` under the axis.
pub fn lines(title: &str, series: &[(String, Vec<f64>)], x_label: &str) -> String {
    const H: f64 = 360.0;
    const PALETTE: [&str; 8] = ["#2980b9", "#c0392b", "#27ae60", "#8e44ad", "#d35400", "#16a085", "#7f8c8d", "#2c3e50"];
    let n = series.iter().map(|s| s.1.len()).max().unwrap_or(0).max(2);
    let max = series.iter().flat_map(|s| s.1.iter().copied()).fold(0.0, f64::max).max(1e-12);
    let (x0, x1, y0, y1) = (60.0, W - 180.0, H - 40.0, 40.0);
    let px = |i: usize| x0 + (x1 - x0) * i as f64 / (n - 1) as f64;
    let py = |v: f64| y0 - (y0 - y1) * v / max;
    let mut out = format!(
        r##"<svg class="chart" width="{W}" height="{H}" viewBox="0 0 {W} {H}"><text x="10" y="20" font-size="14" font-weight="bold">{}</text><line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y0}" stroke="#444"/><line x1="{x0}" y1="{y0}" x2="{x0}" y2="{y1}" stroke="#444"/><text x="{}" y="{}" font-size="11" text-anchor="middle">{}</text><text x="{}" y="{}" font-size="11" text-anchor="end">{max:.2}</text>"##,
        esc(title),
        (x0 + x1) / 2.0,
        H - 8.0,
        esc(x_label),
        x0 - 4.0,
        y1 + 4.0
    );
    for i in 0..n {
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{}" font-size="10" text-anchor="middle">{}</text>"#,
            px(i),
            y0 + 14.0,
            i + 1
        );
    }
    for (k, (label, values)) in series.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let points: Vec<String> =
            values.iter().enumerate().map(|(i, &v)| format!("{:.1},{:.1}", px(i), py(v))).collect();
        let _ = write!(
            out,
            r#"<polyline fill="none" stroke="{colour}" stroke-width="2" points="{}"/><text x="{}" y="{}" font-size="11" fill="{colour}">{}</text>"#,
            points.join(" "),
            x1 + 10.0,
            y1 + 14.0 * k as f64,
            esc(label)
        );
    }
    out + "</svg>"
}
