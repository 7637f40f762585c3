"""`report.html` opened in a real browser: headless Chromium renders it, every embedded plot decodes
and is visible on the page, the Findings come before the first plot, and a screenshot is kept as a
test artefact (``out/test-artifacts/report_browser.png``).

Skips, saying why, when Chromium is not installed or cannot start here (``.ci/run`` installs
Debian's ``chromium`` where it is missing)."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from reports.aggregate import aggregate_games
from reports.html_report import REPORT_NAME, build_report, write_report
from reports.inputs import read_results
from tests.conftest import every_game_name, invoke, registered_game

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "out" / "test-artifacts"
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "chrome")
# run in the page once it has loaded: each image decoded (img.decode() rejects a broken PNG) and laid
# out with a size, not hidden; the result is written into the DOM that --dump-dom prints
PROBE = """
<script>
window.addEventListener("load", () => {
  const out = [];
  for (const img of document.images) {
    // decoded: drawn onto a canvas, it leaves pixels (a broken image throws or draws nothing)
    let decoded = false;
    try {
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth; canvas.height = img.naturalHeight;
      const ctx = canvas.getContext("2d");
      ctx.drawImage(img, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 3; i < data.length; i += 4) { if (data[i] > 0) { decoded = true; break; } }
    } catch (e) { decoded = false; }
    const box = img.getBoundingClientRect(), style = getComputedStyle(img);
    out.push({alt: img.alt, decoded: decoded && img.complete && img.naturalWidth > 0,
              visible: box.width > 50 && box.height > 50 && style.visibility !== "hidden" && style.display !== "none"
                       && parseFloat(style.opacity) > 0, top: box.top + window.scrollY});
  }
  const findings = document.querySelector("h2");
  // a click on a table's "win rate" header sorts its rows by that column (the report's inline script)
  let sorted = null;
  for (const table of document.querySelectorAll("table.sortable")) {
    const heads = [...table.querySelectorAll("thead th")], i = heads.findIndex(h => h.innerText.trim() === "win rate");
    if (i >= 0 && table.tBodies[0].rows.length > 1) {
      heads[i].click();
      sorted = [...table.tBodies[0].rows].map(r => parseFloat(r.cells[i].innerText));
      break;
    }
  }
  const probe = document.createElement("pre");
  probe.id = "probe";
  probe.textContent = JSON.stringify({images: out, first_heading: findings ? findings.textContent : null,
                                      findings_top: findings ? findings.getBoundingClientRect().top : null,
                                      findings: [...document.querySelectorAll("ul.findings li")].map(e => e.innerText),
                                      modes: [...document.querySelectorAll("ul.findings li")].map(
                                        e => e.dataset.mode || ""),
                                      title: document.title, h1: (document.querySelector("h1") || {}).innerText || null,
                                      headings: [...document.querySelectorAll("h2")].map(e => e.innerText),
                                      sorted: sorted,
                                      notes: [...document.querySelectorAll("p.note")].map(e => e.innerText)});
  document.body.appendChild(probe);
});
</script>
"""


def browser() -> str:
    for name in BROWSERS:
        path = shutil.which(name)
        if path:
            return path
    pytest.skip(f"no Chromium found ({', '.join(BROWSERS)} not on PATH): apt-get install chromium, as .ci/run does")


def run_browser(exe: str, *args: str) -> subprocess.CompletedProcess:
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
           "--virtual-time-budget=10000", *args]
    try:
        done = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except (OSError, subprocess.TimeoutExpired) as exc:
        pytest.skip(f"Chromium cannot run here: {exc}")
    if done.returncode != 0:
        pytest.skip(f"Chromium cannot run here (exit {done.returncode}): {done.stderr.strip()[-300:]}")
    return done


def games(first, second, winners, turns, variant="standard"):
    n = len(winners)
    return pd.DataFrame({"mode": "duel", "difficulty": "", "game": np.arange(n), "seed": np.arange(n) * 7,
                         "first_faction": first, "second_faction": second, "first_variant": variant,
                         "second_variant": variant, "first_strategy": "balanced", "second_strategy": "balanced",
                         "winner": winners, "turns": turns})


def probe_page(exe: str, page_path: Path) -> dict:
    """What the probe saw of the page once Chromium had rendered it."""
    probe = page_path.with_name("probe.html")
    probe.write_text(page_path.read_text().replace("</body>", PROBE + "</body>"))
    dom = run_browser(exe, "--dump-dom", probe.as_uri()).stdout
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found, "the probe did not run: " + dom[-500:]
    return json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<")
                      .replace("&gt;", ">"))


@pytest.mark.parametrize("name", ["star-realms", "skirmish"])
def test_a_games_report_names_its_own_rules_in_the_findings_and_captions(tmp_path, name):
    """Issue 32: the Findings and the first-player caption, as the browser shows them, quote the reported
    game's rule for moving first, and no other game's (no "6 Credits" in a Star Realms report)."""
    from simcore.games import registry

    exe = browser()
    info = registry.get(name).info
    a, b = info.sides[0], info.sides[1]
    rng = np.random.default_rng(5)
    parts = [games(x, y, rng.choice(["first", "second"], 3000, p=[0.62, 0.38]), rng.integers(10, 30, 3000),
                   info.variants[0]).assign(mode=info.modes[0]) for x, y in ((a, b), (b, a))]
    per_game = pd.concat(parts, ignore_index=True)
    aggregate_games(per_game, seed=1).assign(mode=info.modes[0]).to_csv(tmp_path / "sweep.csv", index=False)
    write_report(build_report(read_results([tmp_path / "sweep.csv"])), tmp_path / "report")
    seen = probe_page(exe, tmp_path / "report" / REPORT_NAME)
    first = [f for f in seen["findings"] if f.startswith("first player")]
    assert first and all(info.first_player in f for f in first)
    assert [n for n in seen["notes"] if n.startswith("Share of games won by the player moving first")
            and info.first_player in n]
    others = [g.info.first_player for g in registry.games() if g.info.name != name]
    text = " ".join(seen["findings"] + seen["notes"])
    assert not [o for o in others if o in text] and "Credits" not in text


def test_report_renders_in_chromium_with_every_plot_decoded_and_visible(tmp_path):
    exe = browser()
    rng = np.random.default_rng(2)
    parts = []
    for variant in ("standard", "asymmetrical"):
        for first, second in (("federation", "sunder"), ("sunder", "federation")):
            n = 600
            parts.append(games(first, second, rng.choice(["first", "second", "draw"], n, p=[0.6, 0.38, 0.02]),
                               rng.integers(15, 40, n), variant))
    per_game = pd.concat(parts, ignore_index=True)
    aggregate_games(per_game, seed=1).to_csv(tmp_path / "sweep.csv", index=False)
    per_game.to_parquet(tmp_path / "games.parquet")
    report = build_report(read_results([tmp_path / "sweep.csv", tmp_path / "games.parquet"]))
    write_report(report, tmp_path / "report")
    page = (tmp_path / "report" / REPORT_NAME).read_text()
    expected_images = len(re.findall(r'<img src="data:image/png;base64,', page))
    assert expected_images >= 4

    probe = tmp_path / "report" / "probe.html"
    probe.write_text(page.replace("</body>", PROBE + "</body>"))
    dom = run_browser(exe, "--dump-dom", probe.as_uri()).stdout
    found = re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S)
    assert found, "the probe did not run: " + dom[-500:]
    result = json.loads(found.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<")
                        .replace("&gt;", ">"))
    images = result["images"]
    assert len(images) == expected_images
    assert [i["alt"] for i in images if not i["decoded"]] == []
    assert [i["alt"] for i in images if not i["visible"]] == []
    assert result["first_heading"] == "Findings (The Last Command)"
    assert len(result["sorted"]) == 2 and result["sorted"] == sorted(result["sorted"])   # a click sorted the table
    assert result["findings_top"] < min(i["top"] for i in images)

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    shot = tmp_path / "report_browser.png"
    run_browser(exe, f"--screenshot={shot}", "--window-size=1280,2400", (tmp_path / "report" / REPORT_NAME).as_uri())
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    shutil.copy(shot, ARTIFACTS / "report_browser.png")


game = pytest.fixture(params=every_game_name())(registered_game)


def test_each_games_rendered_report_names_its_game_the_mode_of_each_finding_and_has_a_heat_map_per_mode(
        tmp_path, game):
    """Issue 49: a sweep of each game (its own modes and questions), its report opened in Chromium: the title names
    the game and every mode played, every finding of a question names its mode (and carries it), one heat map per
    mode, and a click on a header sorts its table."""
    exe = browser()
    name = game.info.name
    out = tmp_path / "sweep.csv"
    res = invoke("sweep", "--game", name, "--games", 40, "--seed", 2, "--out", out, "-q")
    assert res.exit_code == 0, res.output
    results = read_results([out])
    write_report(build_report(results), tmp_path / "report")
    seen = probe_page(exe, tmp_path / "report" / REPORT_NAME)
    title = game.info.title.split(" (")[0]
    modes = list(dict.fromkeys(results.aggregate["mode"]))
    assert seen["title"] == seen["h1"] and seen["title"].startswith(f"{title} balance report")
    assert all(f"{m} mode" in seen["title"] or f"{m} and" in seen["title"] or f"{m}," in seen["title"]
               for m in modes)
    assert seen["headings"][0] == f"Findings ({title})"
    asked = [(text, mode) for text, mode in zip(seen["findings"], seen["modes"])
             if not text.startswith(("covering-fire", "Card impact"))]
    assert asked and all(mode in modes and f"({title}, {mode} mode)" in text for text, mode in asked)
    maps = [i for i in seen["images"] if i["alt"].startswith("Heat map")]
    assert sorted(re.search(r", (\S+) mode\)", i["alt"]).group(1) for i in maps) == sorted(modes)
    assert all(i["decoded"] and i["visible"] for i in maps)
    if seen["sorted"] is not None:     # a table of two rows or more (Star Realms' modes have one cell each)
        assert seen["sorted"] == sorted(seen["sorted"]) and len(seen["sorted"]) >= 2


def test_a_broken_plot_is_caught_by_the_probe(tmp_path):
    exe = browser()
    broken = tmp_path / "broken.html"
    broken.write_text('<!DOCTYPE html><html><body><h2>Findings</h2><img alt="bad" '
                      'src="data:image/png;base64,iVBORw0KGgoAAAAN"></body></html>'.replace("</body>", PROBE + "</body>"))
    dom = run_browser(exe, "--dump-dom", broken.as_uri()).stdout
    result = json.loads(re.search(r'<pre id="probe">(.*?)</pre>', dom, re.S).group(1).replace("&quot;", '"'))
    assert result["images"] == [{"alt": "bad", "decoded": False, "visible": False, "top": result["images"][0]["top"]}]
