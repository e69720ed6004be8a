"""Bidding systems on the page (docs/server.md, docs/bidding.md "Systems"), in Debian's
Chromium: the lobby's form chooses each side's system; at the table an opponent's artificial
call is marked alerted, the button explains the opponents' calls from their card, the info
panel links the two convention cards; axe finds nothing on the table or on the card's page,
on a desktop and on a 390 px phone."""

from __future__ import annotations

from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe

from .pages import DESKTOP, PHONE, act_once

AXE = Axe()
OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {"label-content-name-mismatch": {"enabled": True}, "target-size": {"enabled": True}},
}


def _check(page: Any, where: str) -> None:
    violations = AXE.run(page, options=OPTIONS).response["violations"]
    assert not violations, where + ": " + "; ".join(f"{v['id']}: {v['help']}" for v in violations)


def test_a_table_created_with_two_systems_alerts_and_explains(server: Any, browser: Any) -> None:
    # seed 27, Ann North: West's negative double (East-West standard) is alerted to her
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate("localStorage.setItem('bridgeroom.lang', 'en')")
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    assert page.is_visible("#ns-system")
    page.select_option("#game", "three-handed")
    assert page.is_hidden("#systems")  # no partnership auction
    page.select_option("#game", "contract")
    page.fill("#name", "Ann")
    page.select_option("#seat", "0")
    page.select_option("#ns-system", "acol")
    page.select_option("#ew-system", "standard")
    # a seeded deal: the form's table is made through the same API, with the seed added
    page.evaluate(
        "() => { const f = window.fetch; window.fetch = (u, o) => {"
        " if (String(u).endsWith('/api/tables') && o && o.body) {"
        " const b = JSON.parse(o.body); b.seed = 27; o.body = JSON.stringify(b); }"
        " return f(u, o); }; }"
    )
    page.click("#create")
    page.wait_for_selector(".felt")
    assert page.get_attribute("#card-ns", "href") == "/system/acol?lang=en"
    for _ in range(400):
        if page.query_selector("#auction .alert-mark"):
            break
        act_once(page)
        page.wait_for_timeout(40)
    assert "(alerted)" in page.text_content("#auction")
    page.click("#explain")
    page.wait_for_selector("#explanations li")
    text = page.text_content("#explanations")
    assert "West's X" in text and "negative" in text and "Alert!" in text
    assert page.get_attribute("#explain", "aria-expanded") == "true"
    _check(page, "the table with explanations open")
    context.close()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE])
def test_the_card_page_is_accessible(server: Any, browser: Any, viewport: Any) -> None:
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(server.url + "/system/acol?lang=ru")
    assert page.text_content("h1").startswith("Конвенционная карта: Акол")
    _check(page, f"the card page {viewport}")
    context.close()
