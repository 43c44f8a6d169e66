"""Browser tests skip without a Chromium, saying how to get one; where one is required they fail."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from browsers import HOW, find_chromium, gate

ROOT = Path(__file__).resolve().parents[2]


def test_gate_runs_with_a_browser_skips_without_and_fails_when_one_is_required() -> None:
    assert gate("/usr/bin/chromium", {"GRAVEHOLD_REQUIRE_BROWSER": "1"}) is None
    assert gate(None, {}) == ("skip", f"no Chromium found; to run the browser tests, {HOW}")
    kind, why = gate(None, {"GRAVEHOLD_REQUIRE_BROWSER": "1"}) or ("", "")
    assert kind == "fail" and "GRAVEHOLD_REQUIRE_BROWSER=1" in why and "ensure-chromium.sh --install" in why
    assert gate(None, {"GRAVEHOLD_REQUIRE_BROWSER": "0"}) == gate(None, {})  # only "1" requires one


def test_gravehold_chromium_names_the_browser_and_nothing_else(monkeypatch: pytest.MonkeyPatch,
                                                               tmp_path: Path) -> None:
    fake = tmp_path / "my-chromium"
    fake.write_text("#!/bin/sh\n")
    for value, found in ((str(fake), None), (str(tmp_path / "missing"), None)):
        monkeypatch.setenv("GRAVEHOLD_CHROMIUM", value)
        find_chromium.cache_clear()
        assert find_chromium() == found  # not executable, or missing: none, no looking elsewhere
    fake.chmod(0o755)
    monkeypatch.setenv("GRAVEHOLD_CHROMIUM", str(fake))
    find_chromium.cache_clear()
    assert find_chromium() == str(fake)
    find_chromium.cache_clear()


def _browser_tests(**env: str) -> subprocess.CompletedProcess[str]:
    """Run the browser test file in a pytest of its own, with no usable Chromium."""
    full = {**os.environ, "GRAVEHOLD_CHROMIUM": "/nonexistent/chromium", **env}
    full.pop("PYTEST_XDIST_WORKER", None)
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p", "no:xdist",
                           "-rs", str(ROOT / "tests" / "frontends" / "test_web_browser.py")],
                          capture_output=True, text=True, cwd=ROOT, env=full, timeout=300)


def test_without_chromium_the_browser_tests_skip_and_say_how_to_enable_them() -> None:
    r = _browser_tests(GRAVEHOLD_REQUIRE_BROWSER="")
    assert r.returncode == 0, r.stdout + r.stderr
    assert re.search(r"\n\d+ skipped in [\d.]+s\n$", r.stdout), r.stdout  # all skipped, nothing else
    assert "SKIPPED" in r.stdout and "scripts/ensure-chromium.sh --install" in r.stdout


def test_where_a_browser_is_required_its_absence_fails_the_run() -> None:
    r = _browser_tests(GRAVEHOLD_REQUIRE_BROWSER="1")
    assert r.returncode == 1, r.stdout + r.stderr
    assert re.search(r"\n\d+ errors? in [\d.]+s\n$", r.stdout), r.stdout  # every one an error, none skipped
    assert "GRAVEHOLD_REQUIRE_BROWSER=1 but no Chromium was found" in r.stdout


def test_make_test_only_looks_for_chromium_and_ci_installs_it_and_requires_it() -> None:
    make = (ROOT / "Makefile").read_text()
    recipe = re.search(r"^test:.*\n((?:\t.*\n)+)", make, re.MULTILINE)
    assert recipe is not None
    assert "\t./scripts/ensure-chromium.sh\n" in recipe.group(1)
    assert "--install" not in recipe.group(1) and "apt-get" not in recipe.group(1) and "sudo" not in make
    ci = [ln for ln in (ROOT / ".ci" / "run").read_text().splitlines() if ln and not ln.startswith("#")]
    assert ci[-5:] == ["./scripts/ensure-chromium.sh --install", "export GRAVEHOLD_REQUIRE_BROWSER=1",
                       'GRAVEHOLD_TEST_POSTGRES_URL="$(./scripts/ensure-postgres.sh --install)"',
                       "export GRAVEHOLD_TEST_POSTGRES_URL GRAVEHOLD_REQUIRE_POSTGRES=1", "make test"]
    readme = (ROOT / "README.md").read_text()
    assert "make test    #" in readme  # the README's test command is the one CI runs


def test_ensure_chromium_without_install_changes_nothing_and_says_how() -> None:
    env = {**os.environ, "GRAVEHOLD_CHROMIUM": "/nonexistent/chromium"}
    r = subprocess.run([str(ROOT / "scripts" / "ensure-chromium.sh")], capture_output=True, text=True, env=env,
                       timeout=30)
    assert r.returncode == 0 and "will be skipped" in r.stderr and "--install" in r.stderr
    bad = subprocess.run([str(ROOT / "scripts" / "ensure-chromium.sh"), "--instal"], capture_output=True, text=True,
                         env=env, timeout=30)
    assert bad.returncode == 2 and "unknown option '--instal'" in bad.stderr
