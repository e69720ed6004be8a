"""A whole deal played by keyboard alone, as a blind player or a keyboard player plays it.

Contract bridge from seed 4 with basic robots: Ann (South) opens 1NT and passes after; she
declares 1NT and plays her cards and the dummy's. After every action the focus is still on the
page (on the typing field, or on a card of the hand to play: never lost to the body); the live
log said every card the robots played, with its player ("West plays the queen of spades"), and each call, the contract,
each trick's winner, whose turn it was and the result;
typing ahead while the robots play is kept, a refused text is selected so that new typing
replaces it, and the choice of a claim survives the table's updates.
"""

from __future__ import annotations

import json
from typing import Any

from .pages import create, deal_over, log, open_table

RANKS = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten", "9": "nine",
         "8": "eight", "7": "seven", "6": "six", "5": "five", "4": "four", "3": "three",
         "2": "two"}  # fmt: skip
SUITS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
SEATS = {"N": "North", "E": "East", "S": "South", "W": "West"}


def call_words(call: str) -> str:
    """A call as the log says it: "pass", "1 club", "2 no trump"."""
    if call in ("P", "X", "XX"):
        return {"P": "pass", "X": "double", "XX": "redouble"}[call]
    level, strain = int(call[0]), call[1:]
    if strain == "NT":
        return f"{level} no trump"
    noun = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}[strain]
    return f"{level} {noun}" + ("s" if level > 1 else "")


def focused(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => { const a = document.activeElement; const g = a.closest('[data-focus-group]');
        return { tag: a.tagName, id: a.id, card: a.dataset ? a.dataset.card || null : null,
                 group: g ? g.getAttribute('data-focus-group') : null,
                 inMain: document.getElementById('main').contains(a) }; }"""
    )


def assert_focus_kept(page: Any, where: str) -> dict[str, Any]:
    f = focused(page)
    assert f["tag"] != "BODY" and f["inMain"], f"focus lost after {where}: {f}"
    return f


def wait_said(page: Any, before: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('#log p').length > n", arg=before)


def my_turn(page: Any) -> bool:
    return page.query_selector("#your-turn") is not None


def wait_turn_or_end(page: Any) -> None:
    page.wait_for_function(
        "() => document.querySelector('#your-turn') || document.querySelector('#deal-result')"
    )


def state(frames: list[str]) -> dict[str, Any]:
    states = [json.loads(f) for f in frames]
    return [s for s in states if s.get("type") == "state" and s.get("deal")][-1]


def test_a_whole_deal_by_keyboard_alone(server: Any, browser: Any) -> None:
    table = create(server, "contract", 2, seed=4)
    context, page = open_table(browser, server, table, lang="en")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(p)))
    page.reload()
    page.wait_for_selector(".felt")
    # two Tabs and Enter: the second skip link puts the focus in the typing field
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert focused(page)["id"] == "skip-actions"
    page.keyboard.press("Enter")
    assert focused(page)["id"] == "typed"

    # the auction: a text that is no call is refused and selected; typing replaces it
    wait_turn_or_end(page)
    page.keyboard.type("9nt")
    n = len(log(page))
    page.keyboard.press("Enter")
    page.wait_for_selector("#alert:not(:empty)")
    assert "9nt" in page.text_content("#alert")
    page.keyboard.type("1nt")
    assert page.input_value("#typed") == "1nt"
    page.keyboard.press("Enter")
    wait_said(page, n)
    page.wait_for_function("() => document.getElementById('typed').value === ''")
    assert_focus_kept(page, "a call typed")
    # typing ahead while the robots call is kept (the page updates around it)
    page.keyboard.type("p")
    while page.query_selector(".phase-auction"):
        wait_turn_or_end(page)
        if not page.query_selector(".phase-auction"):
            break
        assert page.input_value("#typed") == "p"
        n = len(log(page))
        page.keyboard.press("Enter")
        wait_said(page, n)
        assert_focus_kept(page, "a pass typed")
        if page.query_selector(".phase-auction"):
            page.keyboard.type("p")
    assert "1NT by South" in page.text_content("#contract")
    if page.input_value("#typed"):
        page.fill("#typed", "")

    # the play: the focus goes to the hand to play; arrows choose a card, Enter plays it
    played = 0
    claim_checked: bool | None = None
    while not deal_over(page):
        wait_turn_or_end(page)
        if deal_over(page):
            break
        turn = page.get_attribute(".seat.to-act", "data-seat")
        f = assert_focus_kept(page, "the robots' cards")
        if f["group"] != f"hand-{turn}":
            # from the typing field (the first card of the deal), Shift+Tab reaches the hand
            for _ in range(4):
                page.keyboard.press("Shift+Tab")
                if focused(page)["group"] == f"hand-{turn}":
                    break
        assert focused(page)["group"] == f"hand-{turn}", focused(page)
        page.keyboard.press("Home")
        for _ in range(13):
            card = focused(page)["card"]
            if page.get_attribute(f'[data-card="{card}"]', "aria-disabled") == "false":
                break
            page.keyboard.press("ArrowRight")
        n = len(log(page))
        page.keyboard.press("Enter")
        wait_said(page, n)
        played += 1
        assert_focus_kept(page, f"card {played}")
        if claim_checked is None and page.query_selector("#claim-tricks") and not deal_over(page):
            # a claim chosen stays chosen while the table changes (set without moving the focus)
            page.eval_on_selector(
                "#claim-tricks",
                "s => { s.value = '0'; s.dispatchEvent(new Event('change')); }",
            )
            claim_checked = False
        elif claim_checked is False and not deal_over(page):
            assert page.input_value("#claim-tricks") == "0"
            claim_checked = True
    assert played == 26 and claim_checked
    assert focused(page)["tag"] != "BODY"
    # "Show the last trick" keeps the focus on its button
    page.focus("#show-last")
    page.keyboard.press("Enter")
    page.wait_for_selector("#last-cards:not([hidden])")
    assert focused(page)["id"] == "show-last"

    # the live log said every card the robots played, with its player
    said = log(page)
    deal = state(frames)["deal"]
    robots = 0
    for trick in deal["tricks"]:
        for seat, card in trick["cards"]:
            if seat in ("E", "W"):
                robots += 1
                line = f"{SEATS[seat]} plays the {RANKS[card[1]]} of {SUITS[card[0]]}."
                assert line in said, line
    assert robots == 26
    # and each call, the contract, each trick's winner, whose turn it was, and the result
    robot_calls = [(s, c) for s, c in deal["calls"] if s != "S"]
    for seat, call in robot_calls:
        line = f"{SEATS[seat]}: {call_words(call)}."
        assert any(s == line or s.startswith(line + " — ") for s in said), line
    assert "The contract is 1NT by South." in said
    who = {"N": "North (dummy)", "E": "East", "S": "South (you)", "W": "West"}
    for n, trick in enumerate(deal["tricks"], 1):
        line = f"{who[trick['winner']]} wins trick {n}. "
        assert sum(s.startswith(line) for s in said) == 1, line
    assert said.count("Your turn to call") == sum(s == "S" for s, _ in deal["calls"])
    assert "Your turn: play a card" in said
    assert "Your turn: play a card from the dummy (North)" in said
    assert any(line.startswith("1NT by South: ") for line in said)
    context.close()


def test_a_hand_and_the_bidding_box_are_one_tab_stop_each(server: Any, browser: Any) -> None:
    """Issue 19, item 3: the typing field was 43 Tabs away, through the 36 bids. Now the
    bidding box and each hand hold one Tab stop; the arrows move inside them."""
    table = create(server, "contract", 2, seed=4)
    context, page = open_table(browser, server, table)
    page.wait_for_selector('.bidding-box button[aria-disabled="false"]')
    stops = page.evaluate(
        """() => [...document.querySelectorAll('[data-focus-group]')].map((g) =>
            [g.dataset.focusGroup, [...g.querySelectorAll('[data-item]')].filter((i) => i.tabIndex === 0).length])"""
    )
    assert dict(stops)["bids"] == 1 and all(n == 1 for _, n in stops), stops
    page.focus('.bidding-box [tabindex="0"]')
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")  # a level up, the same strain
    assert focused(page)["group"] == "bids"
    page.keyboard.press("Tab")
    assert focused(page)["group"] is None
    # from the top of the page to the typing field, without the skip links
    page.reload()
    page.wait_for_selector('.bidding-box button[aria-disabled="false"]')
    tabs: list[Any] = []
    while focused(page)["id"] != "typed" and len(tabs) < 60:
        page.keyboard.press("Tab")
        tabs.append(page.evaluate("document.activeElement.outerHTML.slice(0, 60)"))
    assert len(tabs) <= 9, tabs  # two skip links, the header (6), the field
    context.close()
