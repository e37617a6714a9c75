//! `sim report`: one self-contained HTML file with the run's charts, rendered in a real
//! browser (headless Chromium) when one is installed: the screenshot is not blank and the
//! rendered DOM holds the SVG charts. Without Chromium the browser part says it was skipped.

mod support;

use std::path::Path;
use std::process::Command;

use support::*;

/// The Chromium binary, if one is installed.
fn chromium() -> Option<&'static str> {
    ["chromium", "chromium-browser", "google-chrome"]
        .into_iter()
        .find(|b| Command::new(b).arg("--version").output().is_ok_and(|o| o.status.success()))
}

/// Headless Chromium on `url` with `extra` (a fresh profile, no network services).
fn headless(bin: &str, profile: &Path, url: &str, extra: &[&str]) -> std::process::Output {
    let mut c = Command::new(bin);
    c.args([
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--window-size=800,2400",
    ]);
    c.arg(format!("--user-data-dir={}", profile.display()));
    c.args(extra).arg(url);
    c.output().unwrap()
}

#[test]
fn the_report_is_self_contained_and_renders() {
    let dir = scratch("report");
    run_ok(TI4_SMOKE, &dir.join("a"), &[]);
    run_ok(TI4_SMOKE, &dir.join("b"), &[]);
    let (a, b) = (dir.join("a/ti4-smoke"), dir.join("b/ti4-smoke"));
    let o = sim(&["report", a.to_str().unwrap(), "--compare", b.to_str().unwrap(), "--quiet"]);
    expect_code(&o, 0);
    let file = a.join("report.html");
    let html = String::from_utf8(bytes(&file)).unwrap();
    // Factions, seats, speaker positions, game length, end conditions, scores by round, comparison.
    assert_eq!(html.matches("<svg").count(), 7, "{html}");
    assert!(html.contains("<polyline") && html.contains("<circle") && html.contains("<rect"));
    for external in ["src=", "href=", "url(", "<script", "http:", "https:", "<link"] {
        assert!(!html.contains(external), "the report must not load anything: found {external}");
    }
    assert!(html.contains("12 paired games, 12 identical move for move"), "a run compared with itself");
    let o = sim(&["report", dir.join("absent").to_str().unwrap()]);
    assert!(bad_input(&o).contains("summary.json"));

    let Some(bin) = chromium() else {
        eprintln!("browser check skipped: no chromium installed (apt-get install chromium)");
        return;
    };
    let url = format!("file://{}", file.display());
    let dom = headless(bin, &dir.join("profile-dom"), &url, &["--dump-dom"]);
    let dom = String::from_utf8_lossy(&dom.stdout);
    assert_eq!(dom.matches("<svg").count(), 7, "rendered DOM: {dom}");
    assert!(dom.contains("<polyline"));
    let shot = dir.join("report.png");
    headless(bin, &dir.join("profile-shot"), &url, &[&format!("--screenshot={}", shot.display())]);
    let blank_file = write(&dir, "blank.html", "<!DOCTYPE html><html><body></body></html>");
    let blank = dir.join("blank.png");
    headless(
        bin,
        &dir.join("profile-blank"),
        &format!("file://{blank_file}"),
        &[&format!("--screenshot={}", blank.display())],
    );
    let (r, z) = (bytes(&shot), bytes(&blank));
    assert_eq!(&r[1..4], b"PNG", "a PNG screenshot");
    eprintln!("browser check ran ({bin}): report screenshot {} bytes, blank page {} bytes", r.len(), z.len());
    assert!(r.len() > 5 * z.len(), "the screenshot is blank: {} bytes against a blank page's {}", r.len(), z.len());
    std::fs::remove_dir_all(&dir).unwrap();
}
