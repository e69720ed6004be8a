"""The table as a player expects it (seeded deals, basic robots): the result of a deal as BBO
shows it, the review of a finished deal, a phone's screen, the three-handed table as it is
played (TH-10), and the small things: the language of every word (a refusal of the server too),
undo only when there is something to undo, a claim chosen by the player, whose card "Your turn"
asks for, each seat's last call on the felt, the rows of the score sheet under their columns.

Screenshots are written under the test's temporary folder, and also to the folder
``BRIDGEROOM_DOC_IMAGES`` names when it is set (how docs/images/ are made)."""

from __future__ import annotations

import json
import os
import re
import shutil
from pathlib import Path
from typing import Any

from .pages import (
    PHONE,
    act_once,
    create,
    deal_over,
    log,
    open_table,
    play_until,
)


def keep(shot: Path) -> None:
    """Copy a screenshot to the docs' images when asked to."""
    folder = os.environ.get("BRIDGEROOM_DOC_IMAGES")
    if folder:
        shutil.copy(shot, Path(folder) / shot.name)


def last_state(frames: list[str]) -> dict[str, Any]:
    states = [json.loads(f) for f in frames]
    return [s for s in states if s.get("type") == "state" and s.get("deal")][-1]


def listen(page: Any) -> list[str]:
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(p)))
    page.reload()
    page.wait_for_selector(".felt")
    return frames


#: Whether each row of the score sheet has a cell under each column's heading, edge to edge.
ALIGNED = """() => {
    const heads = [...document.querySelectorAll('#score table.sheet thead th')];
    return [...document.querySelectorAll('#score table.sheet tbody tr')].every((tr) => {
        const cells = [...tr.querySelectorAll('td')];
        return cells.length === heads.length && cells.every((c, i) => {
            const a = c.getBoundingClientRect(), b = heads[i].getBoundingClientRect();
            return Math.abs(a.left - b.left) < 1 && Math.abs(a.right - b.right) < 1;
        });
    });
}"""


def test_the_result_of_a_deal_as_bbo_shows_it_and_its_review(
    server: Any, browser: Any, tmp_path: Path
) -> None:
    """Seed 1: East declares 4♥, Ann (South) defends. The result says the contract and its
    declarer, the tricks, made or down how many (ten tricks make 4♥: six and the level, CB-8),
    the points to each side as the score sheet adds them, and leads to the next deal and to the
    review: each card against double dummy, the costly ones marked, the robots' reasons."""
    table = create(server, "contract", 2, seed=1)
    context, page = open_table(browser, server, table)
    frames = listen(page)
    play_until([page], deal_over)
    result = last_state(frames)["deal"]["result"]
    assert result["contract"].startswith("4H") and result["declarer"] == "E"
    tricks = result["tricks"]
    assert page.text_content("#result-contract") == "4♥ by East"
    assert page.text_content("#result-tricks") == f"{tricks} tricks"
    made = page.text_content("#result-made")
    if tricks == 10:
        assert made == "made exactly"
    elif tricks > 10:
        assert made == f"made with {tricks - 10} overtrick" + ("s" if tricks > 11 else "")
    else:
        assert made == f"down {10 - tricks}"
    # the points of this deal, side by side with the sheet they were added to (the first deal)
    points = {
        m.group(1): int(m.group(2))
        for m in re.finditer(r"\((NS|EW)\) ([+-]?\d+)", page.text_content("#result-points"))
    }
    assert set(points) == {"NS", "EW"} and sum(points.values()) > 0
    assert page.text_content("#result-points").startswith("We (NS)")  # the sheet's order
    assert points["NS"] == int(page.text_content("#total-NS"))
    assert points["EW"] == int(page.text_content("#total-EW"))
    assert page.is_visible("#next") and page.is_visible("#open-review")
    # every row of the rubber's sheet, "Games" too, lines up with the sides' columns
    assert page.query_selector("#score tr.games") is not None
    assert page.evaluate(ALIGNED), page.inner_html("#score")
    said = log(page)
    assert any(line.startswith("4♥ by East: ") for line in said)
    shot = tmp_path / "finished-deal.png"
    page.screenshot(path=str(shot), full_page=True)
    keep(shot)

    # the review, worked out by the server and shown in place
    page.click("#open-review")
    assert page.get_attribute("#open-review", "aria-expanded") == "true"
    page.wait_for_selector("#review-tricks", timeout=120_000)
    assert page.query_selector("#review .diagram svg") is not None
    rows = page.query_selector_all("#review-tricks tbody tr")
    assert len(rows) == 13
    cards = page.query_selector_all("#review-tricks .rv-card")
    assert len(cards) == 52
    costly = page.query_selector_all("#review-tricks .rv-card.costly")
    lines = page.text_content("#review .rv-lines")
    assert "Double dummy, 4♥ by East:" in lines and "Par " in lines
    if costly:
        assert re.search(r"−\d", costly[0].text_content())
        assert len(page.query_selector_all("#review-costly li")) == len(costly)
    # the robots' reasons for their cards (Ann's own cards have none)
    page.click("#review details summary")
    reasons = page.query_selector_all("#review-reasons li")
    assert 26 <= len(reasons) <= 39
    shot = tmp_path / "review-panel.png"
    page.locator("#review").screenshot(path=str(shot))
    keep(shot)
    assert shot.stat().st_size > 10_000
    # in Russian: the same review, its words and diagram in Russian
    page.click('[data-lang="ru"]')
    page.wait_for_function("document.documentElement.lang === 'ru'")
    page.wait_for_function(
        "(document.querySelector('#review .rv-lines') || {textContent: ''}).textContent.includes('Пар')"
    )
    assert "В открытую, 4♥, играет Восток" in page.text_content("#review .rv-lines")
    context.close()


def test_a_passed_out_deal(server: Any, browser: Any) -> None:
    """Seed 5: everyone passes (CB-7)."""
    table = create(server, "contract", 2, seed=5)
    context, page = open_table(browser, server, table, lang="ru")
    play_until([page], deal_over)
    assert page.text_content("#result-line") == "Все спасовали: очков нет."
    context.close()


#: Whether the caption of the last trick and the viewer's own label do not overlap (None: no caption).
APART = """() => {
    const c = document.querySelector('.felt .caption:not(:empty)');
    if (!c) return null;
    const a = c.getBoundingClientRect();
    const b = document.querySelector('.pos-bottom .label').getBoundingClientRect();
    return a.bottom <= b.top || b.bottom <= a.top || a.right <= b.left || b.right <= a.left;
}"""


def _inside(box: dict[str, float], height: int) -> bool:
    return box["y"] >= 0 and box["y"] + box["height"] <= height


def test_the_phone_shows_the_hand_the_auction_and_the_bidding_box_together(
    server: Any, browser: Any, tmp_path: Path
) -> None:
    """On a 390x844 phone, on Ann's turn in the auction, her hand, the auction so far and the
    bidding box are all on the screen without scrolling; the seats' labels show whole names."""
    for lang in ("en", "ru"):
        table = create(server, "contract", 2, seed=1)
        context, page = open_table(browser, server, table, lang=lang, viewport=PHONE)
        page.wait_for_selector('.bidding-box button[aria-disabled="false"]')
        assert page.evaluate("window.scrollY") == 0
        for selector in ("#auction", "#bids", ".special-calls", ".pos-bottom .hand"):
            box = page.locator(selector).bounding_box()
            assert box is not None and _inside(box, PHONE["height"]), (lang, selector, box)
        robot = "Robot: basic" if lang == "en" else "Робот: базовый"
        for label in page.query_selector_all(".seat .label"):
            cut = label.evaluate(
                "l => [...l.children].some(c => c.scrollWidth > c.clientWidth + 1)"
            )
            assert not cut, label.text_content()
        labels = [label.text_content() for label in page.query_selector_all(".seat .label")]
        assert sum(robot in text for text in labels) == 3 and any("Ann" in t for t in labels)
        shot = tmp_path / f"phone-auction-{lang}.png"
        page.screenshot(path=str(shot))
        keep(shot)
        # in the play, "won by" in the middle of the trick stays off the player's own label
        found = None
        for _ in range(3000):
            found = page.evaluate(APART)
            if found is not None or deal_over(page):
                break
            act_once(page)
            page.wait_for_timeout(20)
        found = found if found is not None else page.evaluate(APART)
        assert found is True, lang
        context.close()


def test_the_small_things(server: Any, browser: Any) -> None:
    """Seed 4: Ann (South) opens 1NT and declares it. Every word of the Russian page is Russian;
    undo is offered only once she has acted; each seat's last call is on the felt; the claim
    waits for her choice; "Your turn" says when the card is the dummy's."""
    table = create(server, "contract", 2, seed=4)
    context, page = open_table(browser, server, table, lang="ru")
    page.wait_for_selector("#your-turn")
    text = page.text_content("body")
    assert "(board)" not in text and "Skip" not in text and "Loading" not in text
    # every word a Russian reader is shown or read is Russian, but names, keys and the format
    shown = page.inner_text("body").replace(table["code"], "")
    latin = set(re.findall(r"[A-Za-z]{2,}", shown))
    assert latin <= {"Ann", "PBN", "EN", "RU", "Enter"}, latin
    assert page.text_content("#skip-actions") == "Перейти к вашим действиям"
    assert page.text_content(".skip") == "Перейти к столу"
    assert page.query_selector("#undo") is None  # nothing to take back yet
    # North, the dealer, has called: his call is by his seat on the felt
    north = page.text_content('.seat[data-seat="N"] .bid-chip:not(.empty)')
    calls = page.eval_on_selector_all("#auction td", "tds => tds.map(td => td.textContent)")
    assert north and north in calls[0]
    # a refusal of the server comes in Russian (a card typed in the auction)
    page.fill("#typed", "пТ")
    page.press("#typed", "Enter")
    page.wait_for_selector("#alert:not(:empty)")
    assert page.text_content("#alert") == "Нельзя: «пТ» — это карта: карты играют после торговли."
    page.fill("#typed", "1бк")
    page.press("#typed", "Enter")
    page.wait_for_selector("#undo")
    assert "1БК" in page.text_content("#auction")
    while page.query_selector(".phase-auction"):
        page.wait_for_function(
            "() => document.querySelector('#your-turn') || !document.querySelector('.phase-auction')"
        )
        if page.query_selector(".phase-auction"):
            page.fill("#typed", "пас")
            page.press("#typed", "Enter")
            page.wait_for_timeout(100)
    # West leads; the dummy's card is Ann's to play, and the page says so
    page.wait_for_selector("#your-turn")
    assert page.text_content("#your-turn") == "Ваш ход: сыграйте карту болвана (Север)"
    assert page.input_value("#claim-tricks") == ""
    page.click("#claim")
    assert "Выберите, сколько" in page.text_content("#alert")
    assert "claim" not in page.text_content("#actions").lower()
    context.close()


#: The places of the screen, clockwise from the viewer's own (the cards go round clockwise).
CLOCKWISE = ("bottom", "left", "top", "right")


def places(page: Any) -> dict[str, str]:
    """The seat drawn at each place of the felt: ``{"S": "bottom", ...}``."""
    return {
        seat.get_attribute("data-seat"): next(
            p for p in CLOCKWISE if f"pos-{p}" in (seat.get_attribute("class") or "").split()
        )
        for seat in page.query_selector_all(".felt .seat")
    }


def test_the_three_handed_table_as_it_is_played(server: Any, browser: Any, tmp_path: Path) -> None:
    """TH-4, TH-10 on the screen. Seed 2: Ann (the first player) passes; a robot declares and
    Ann defends. In the auction the seats are the compass turned so that Ann sits at the
    bottom, the dummy's hand opposite the dealer (TH-4). From the opening lead the table is
    drawn as it is played: the dummy opposite the declarer, the defenders opposite each
    other, Ann still at the bottom, and every trick goes round the screen clockwise:
    declarer, left defender (who led the first trick, TH-9), dummy, right defender."""
    table = create(server, "three-handed", 0, seed=2)
    context, page = open_table(browser, server, table)
    frames = listen(page)
    page.wait_for_selector('.bidding-box button[aria-disabled="false"]')
    deal = last_state(frames)["deal"]
    seats = places(page)
    assert len(seats) == 4 and seats[deal["seat"]] == "bottom"
    opposite = {p: CLOCKWISE[(i + 2) % 4] for i, p in enumerate(CLOCKWISE)}
    assert seats[deal["dummy_seat"]] == opposite[seats[deal["dealer"]]]  # TH-4
    # the compass turned: each seat's left-hand neighbour at its left on the screen
    compass = "NESW"
    for seat, place in seats.items():
        after = compass[(compass.index(seat) + 1) % 4]
        assert seats[after] == CLOCKWISE[(CLOCKWISE.index(place) + 1) % 4]

    # play until two tricks are complete (or the deal ends)
    for _ in range(3000):
        state = last_state(frames)["deal"]
        if len(state["tricks"]) >= 2 or state["phase"] == "done":
            break
        act_once(page)
        page.wait_for_timeout(30)
    deal = last_state(frames)["deal"]
    assert deal["contract"] and len(deal["tricks"]) >= 2, deal["phase"]
    declarer, dummy, me = deal["declarer"], deal["dummy_seat"], deal["seat"]
    assert me not in (declarer, dummy)  # Ann defends
    page.wait_for_selector(f'.felt .seat[data-seat="{dummy}"] .hand')  # the dummy, faced
    seats = places(page)
    assert seats[me] == "bottom"
    assert seats[dummy] == opposite[seats[declarer]]
    defenders = [s for s in seats if s not in (declarer, dummy)]
    assert seats[defenders[0]] == opposite[seats[defenders[1]]]
    # TH-9, TH-10: the left defender leads; then the dummy, the right defender, the declarer
    first = [seat for seat, _ in deal["tricks"][0]["cards"]]
    assert first[1] == dummy and first[3] == declarer and set(first[::2]) == set(defenders)
    for trick in deal["tricks"]:
        order = [seats[seat] for seat, _ in trick["cards"]]
        start = CLOCKWISE.index(order[0])
        assert order == [CLOCKWISE[(start + i) % 4] for i in range(4)], order
    # the cards of the trick on the felt lie before their players
    for slot in page.query_selector_all(".trick-area .slot"):
        seat = slot.get_attribute("data-seat")
        assert seats[seat] in (slot.get_attribute("class") or "").split()
    shot = tmp_path / "three-handed-table.png"
    page.screenshot(path=str(shot))
    keep(shot)
    context.close()
