"""Helpers of the browser tests: a table created with a seed through the API and opened in a
browser context of a given size and language with the seat's token, and a player who acts by
clicking what the page offers."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

CARD = re.compile(r"^[SHDC][AKQJT98765432]$")

#: What a player may press now: an answer, the announcement, a pass, a bid, a card.
PASS = '.special-calls [data-call="P"][aria-disabled="false"]'
BID = '.bidding-box button[data-call][aria-disabled="false"]'
#: A phone's two-step bidding box: a level to choose before its strains may be bid.
LEVEL = '.bid-levels button[aria-disabled="false"][aria-pressed="false"]'
PLAYABLE = 'button.card[aria-disabled="false"]'
CLICKABLE = f"#accept, #announce, {PASS}, {BID}, {LEVEL}, {PLAYABLE}"

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())  # type: ignore[no-any-return]


def create(server: Any, game: str, slot: int, *, seed: int, level: str = "basic") -> dict[str, Any]:
    """A table of ``game`` dealt from ``seed``: the person (Ann) at ``slot``, robots elsewhere."""
    players = 3 if game == "three-handed" else 4
    robots = {str(i): level for i in range(players) if i != slot}
    return post(
        server.url + "/api/tables",
        {"game": game, "robots": robots, "name": "Ann", "slot": slot, "seed": seed},
    )


def open_table(
    browser: Any,
    server: Any,
    table: dict[str, Any] | None,
    *,
    lang: str = "en",
    viewport: dict[str, int] = DESKTOP,
    code: str | None = None,
) -> tuple[Any, Any]:
    """A browser context of ``viewport`` in ``lang`` holding the seat's token, on the table."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.goto(server.url + "/")
    tokens = (
        {table["code"]: {"token": table["token"], "slot": table["slot"], "name": "Ann"}}
        if table
        else {}
    )
    page.evaluate(
        "([tokens, lang]) => { localStorage.setItem('bridgeroom.tokens', JSON.stringify(tokens));"
        " localStorage.setItem('bridgeroom.lang', lang); }",
        [tokens, lang],
    )
    page.goto(server.url + "/table/" + (code or (table or {})["code"]))
    page.wait_for_selector(".felt")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    return context, page


def act_once(page: Any, *, bid_first: bool = False) -> bool:
    """Press the first thing this person may do now (a bid before a pass when ``bid_first``);
    ``True`` if something was pressed."""
    order = (
        ["#accept", "#announce", BID, LEVEL, PASS, PLAYABLE]
        if bid_first
        else ["#accept", "#announce", PASS, BID, LEVEL, PLAYABLE]
    )
    # one look at the page (a state message cannot come between the selectors: a bid must not
    # be found enabled because the pass was looked for a moment before the turn came)
    found = page.evaluate_handle(
        "(order) => { for (const s of order) { const b = document.querySelector(s);"
        " if (b) return b; } return null; }",
        order,
    )
    button = found.as_element()
    if button is None:
        return False
    try:
        button.click(timeout=2000)
    except Exception:  # the page changed under the click: the next step tries again
        return False
    return True


def play_until(pages: list[Any], done: Any, steps: int = 2000) -> None:
    for _ in range(steps):
        if all(done(p) for p in pages):
            return
        for p in pages:
            if not done(p):
                act_once(p)
        pages[0].wait_for_timeout(40)
    raise AssertionError("the deal did not get there in time")


def deal_over(page: Any) -> bool:
    return page.query_selector("#deal-result") is not None


def in_play(page: Any) -> bool:
    """The play has begun and this person is to play a card (or the deal is over)."""
    return deal_over(page) or page.query_selector(PLAYABLE) is not None


def log(page: Any) -> list[str]:
    """What the live log said, in order."""
    return page.eval_on_selector_all("#log p", "ps => ps.map(p => p.textContent)")  # type: ignore[no-any-return]
