"""axe-core in a real browser (Debian's Chromium) on every kind of page, in English and Russian,
on a desktop (1280x900) and a phone (390x844): the lobby, a table in the auction, a table in the
play, and a finished deal with its review open. Any violation fails the test, with the rule,
the elements and axe's help.

Besides axe's default rules (WCAG 2.0-2.2 A and AA and its best practices) the run enables
``label-content-name-mismatch`` (WCAG 2.5.3: a control's name holds its visible text) and
``target-size`` (WCAG 2.5.8: 24 px to touch).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from .conftest import Server, free_port
from .pages import DESKTOP, PHONE, create, deal_over, in_play, open_table, play_until

AXE = Axe()
OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {"label-content-name-mismatch": {"enabled": True}, "target-size": {"enabled": True}},
}
SIZES = {"desktop": DESKTOP, "phone": PHONE}


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("axe") / "web.sqlite3", free_port())
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()


def check(page: Any, where: str) -> None:
    results = AXE.run(page, options=OPTIONS)
    problems = [
        f"{v['id']} ({v['impact']}): {v['help']}\n"
        + "\n".join(f"    {n['target']} {n.get('failureSummary', '')!r}" for n in v["nodes"][:6])
        for v in results.response["violations"]
    ]
    assert not problems, f"axe on {where}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_axe_finds_nothing_on_the_lobby(site: Server, browser: Any, lang: str, size: str) -> None:
    context = browser.new_context(viewport=SIZES[size])
    page = context.new_page()
    page.goto(site.url + "/")
    page.evaluate(f"localStorage.setItem('bridgeroom.lang', '{lang}')")
    page.goto(site.url + "/")
    page.wait_for_selector("#create")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    check(page, f"the lobby ({lang}, {size})")
    context.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_axe_finds_nothing_at_a_table(site: Server, browser: Any, lang: str, size: str) -> None:
    """Contract bridge from seed 1: Ann (South) passes, East declares 4♥, Ann defends."""
    table = create(site, "contract", 2, seed=1)
    context, page = open_table(browser, site, table, lang=lang, viewport=SIZES[size])
    page.wait_for_selector('.bidding-box button[aria-disabled="false"]')
    check(page, f"a table in the auction ({lang}, {size})")
    play_until([page], in_play)
    assert not deal_over(page)
    check(page, f"a table in the play ({lang}, {size})")
    play_until([page], deal_over)
    page.click("#open-review")
    page.wait_for_selector("#review-tricks", timeout=120_000)
    check(page, f"a finished deal and its review ({lang}, {size})")
    context.close()
