"""The results page of a club session (``bridgeroom session FILE --html``,
:func:`bridgeroom.sessions.report.results_html`) in a real browser (Debian's Chromium): axe-clean
in English and Russian on a desktop and a 390 px phone, nothing wider than the phone's screen
but the tables' own scrolling regions, and those regions reached by the keyboard."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from bridgeroom.sessions import Artificial, Movement, Player, Results, parse_entry
from bridgeroom.sessions.files import seeded_deals
from bridgeroom.sessions.report import results_html

from .pages import DESKTOP, PHONE

AXE = Axe()
OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {"label-content-name-mismatch": {"enabled": True}, "target-size": {"enabled": True}},
}


def _session() -> Results:
    m = Movement.make("mitchell", tables=3, boards=3)
    r = Results(m, "contract", "matchpoints", title="Club night")
    texts = ["4SX N -1 HK", "3NT S +1", "30% 4S N = + 70% 4S N -1"]
    for e in m.round(0):
        r.add(parse_entry("contract", 1, e.table, e.ns, e.ew, texts[e.table - 1]))
    e = m.round(1)[0]
    r.add(Artificial(2, 1, e.ns, e.ew, "A+", "A-"))
    return r.with_players(1, [Player("Anna Smirnova", "123456"), Player("Boris Petrov")])


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_the_results_page_is_axe_clean_and_fits(browser: Any, lang: str, size: str) -> None:
    viewport = {"desktop": DESKTOP, "phone": PHONE}[size]
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_content(results_html(_session(), seeded_deals(7, 3), lang=lang))
    assert page.evaluate("document.documentElement.lang") == lang
    results = AXE.run(page, options=OPTIONS)
    problems = [
        f"{v['id']} ({v['impact']}): {v['help']} "
        + " ".join(str(n["target"]) for n in v["nodes"][:4])
        for v in results.response["violations"]
    ]
    assert not problems, problems
    # the page itself never scrolls sideways: only a table's region does
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.getAttribute('role')")
    assert focused == "region"
    context.close()
