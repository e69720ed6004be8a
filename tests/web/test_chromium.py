"""Which browser the browser tests drive: ``$BRIDGEROOM_CHROMIUM``, else ``chromium`` on PATH;
without one they fail and say what to install (they never skip)."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import find_chromium


def test_the_override_wins(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    browser = tmp_path / "my-chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    monkeypatch.setenv("BRIDGEROOM_CHROMIUM", str(browser))
    assert find_chromium() == str(browser)


def test_chromium_on_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    browser = tmp_path / "chromium"
    browser.write_text("#!/bin/sh\n")
    browser.chmod(0o755)
    monkeypatch.delenv("BRIDGEROOM_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_chromium() == str(browser)


def test_no_browser_fails_with_what_to_install(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv("BRIDGEROOM_CHROMIUM", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(pytest.fail.Exception, match="apt-get install chromium"):
        find_chromium()


def test_a_wrong_override_fails_and_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BRIDGEROOM_CHROMIUM", "/nowhere/chromium")
    with pytest.raises(pytest.fail.Exception, match="/nowhere/chromium"):
        find_chromium()
