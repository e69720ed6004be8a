"""A club evening with real cards in a real browser (issue 39): the director creates a three-table
Mitchell of six boards on the sessions' form, its boards from a PBN file; three phones (browser contexts of 390x844) open
their tables' links and enter every result, the other side confirming each; one phone loses its
connection and its entry is sent when the connection is back; the director corrects one result
and gives one board an adjusted score; the ranking equals the one worked by hand below, and the
USEBIO file reads back with it. axe-core finds nothing on the phone (English and Russian) or on
the desk. Screenshots for docs/sessions.md are taken when ``BRIDGEROOM_SHOTS`` names a folder.

The movement (docs/sessions.md): North-South pairs stay, East-West pairs move up a table a
round; round 1 plays boards 1-2 (table t: tNS against tEW), round 2 boards 3-4 (table 1: 1NS-3EW,
2: 2NS-1EW, 3: 3NS-2EW), round 3 boards 5-6 (table 1: 1NS-2EW, 2: 2NS-3EW, 3: 3NS-1EW).

Scores by Law 77 with each board's vulnerability (CB-B2: 1 none, 2 N-S, 3 E-W, 4 all, 5 N-S,
6 E-W), from North-South's side:

=====  ===========================  ===========================  ===========================
board  table 1                      table 2                      table 3
=====  ===========================  ===========================  ===========================
1      4♠ N 10: 120+300 = +420      4♠ N 11: 150+300 = +450      4♠ N 9: one down = -50
2      3NT S 9 (vul): 100+500=+600  3NT S 8 (vul): -100          2♥ E 8: 60+50 = -110
3      3NT W 9 (vul): -600          3NT W 10 (vul): -630         passed out: 0
4      4♥X N 9 (vul): -200          4♥ N 10 (vul): 120+500=+620  4♥ N 10 (vul): +620
5      1NT N 7 (vul): 40+50 = +90   1NT N 8 (vul): 70+50 = +120  2♠ E 8: 60+50 = -110
6      4♠ E 10 (vul): -620          4♠ E 9 (vul): +100           not played: A+ to N-S, A- to E-W
=====  ===========================  ===========================  ===========================

Table 1 first enters board 5 as 1NT N 8 (+120); the director corrects it to 7 tricks (+90).

Matchpoints (Law 78A: 2 for each score beaten, 1 for each tie; top 4 with three tables).
Board 6 at table 3 is an artificial adjusted score (Law 12C2: average plus 60 % of the top,
2.4; average minus 40 %, 1.6); tables 1 and 2 are compared between themselves and factored to
three tables by Neuberg's formula, (M + 1) x 3/2 - 1: the better 2 -> 3.5, the worse 0 -> 0.5.

=====  =====================  =====================
board  N-S (t1, t2, t3)       E-W (t1, t2, t3)
=====  =====================  =====================
1      2, 4, 0                2, 0, 4
2      4, 2, 0                0, 2, 4
3      2, 0, 4                2, 4, 0
4      0, 3, 3                4, 1, 1
5      2, 4, 0                2, 0, 4
6      0.5, 3.5, 2.4          3.5, 0.5, 1.6
=====  =====================  =====================

North-South: 1NS 2+4+2+0+2+0.5 = 10.5 (43.75 %); 2NS 4+2+0+3+4+3.5 = 16.5 (68.75 %);
3NS 0+0+4+3+0+2.4 = 9.4 (39.17 %). East-West (1EW at tables 1, 1, 2, 2, 3, 3; 2EW at 2, 2, 3, 3,
1, 1; 3EW at 3, 3, 1, 1, 2, 2): 1EW 2+0+4+1+4+1.6 = 12.6 (52.5 %); 2EW 0+2+0+1+2+3.5 = 8.5
(35.42 %); 3EW 4+4+2+4+0+0.5 = 14.5 (60.42 %). Of 24 each (six boards, top 4).
"""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path
from typing import Any

from .pages import DESKTOP, PHONE
from .test_access import check

#: What each table enters, board by board: (level+strain+doubled, declarer, result) or "pass"
#: or "not played".
ENTRIES: dict[int, dict[int, Any]] = {
    1: {1: ("4S", "N", "0"), 2: ("3NT", "S", "0"), 3: ("3NT", "W", "0"), 4: ("4HX", "N", "-1"),
        5: ("1NT", "N", "1"), 6: ("4S", "E", "0")},
    2: {1: ("4S", "N", "1"), 2: ("3NT", "S", "-1"), 3: ("3NT", "W", "1"), 4: ("4H", "N", "0"),
        5: ("1NT", "N", "1"), 6: ("4S", "E", "-1")},
    3: {1: ("4S", "N", "-1"), 2: ("2H", "E", "0"), 3: "pass", 4: ("4H", "N", "0"),
        5: ("2S", "E", "0"), 6: "not played"},
}  # fmt: skip
ROUND_BOARDS = {1: (1, 2), 2: (3, 4), 3: (5, 6)}

#: The evening's boards, given as a PBN file on the form (the deal of Duplimate's "Convert",
#: turned and with hands swapped: any six full deals do; the scores above are the contracts').
DEALS = [
    "N:J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76",
    "N:.KQ2.QT9.AK98543 AQ42.A8.KJ762.J2 KT653.95.853.T76 J987.JT7643.A4.Q",
    "N:AQ42.A8.KJ762.J2 KT653.95.853.T76 J987.JT7643.A4.Q .KQ2.QT9.AK98543",
    "N:KT653.95.853.T76 J987.JT7643.A4.Q .KQ2.QT9.AK98543 AQ42.A8.KJ762.J2",
    "N:AQ42.A8.KJ762.J2 .KQ2.QT9.AK98543 J987.JT7643.A4.Q KT653.95.853.T76",
    "N:J987.JT7643.A4.Q KT653.95.853.T76 AQ42.A8.KJ762.J2 .KQ2.QT9.AK98543",
]
PBN = "".join(f'[Board "{i}"]\n[Deal "{deal}"]\n\n' for i, deal in enumerate(DEALS, start=1))

RANKING = {
    "NS": [("2NS", 16.5, 68.75), ("1NS", 10.5, 43.75), ("3NS", 9.4, 39.17)],
    "EW": [("3EW", 14.5, 60.42), ("1EW", 12.6, 52.5), ("2EW", 8.5, 35.42)],
}


def shot(page: Any, name: str, selector: str | None = None) -> None:
    """A screenshot for docs/sessions.md: the page (as a phone shows it), the top of the page
    (a desktop), or one part of it."""
    folder = os.environ.get("BRIDGEROOM_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        path = str(Path(folder) / name)
        if selector:
            page.locator(selector).screenshot(path=path)
        else:
            page.screenshot(path=path, full_page=page.viewport_size["width"] < 600)


def enter(page: Any, board: int, entry: Any, *, confirm: bool = True) -> None:
    """The players enter ``board``'s result with their thumbs, and the other side confirms."""
    page.click(f"#board-{board}")
    page.wait_for_selector(f'#entry-h:has-text("{board}")')
    if entry == "pass":
        page.click("#entry-pass")
    elif entry == "not played":
        page.click("#entry-not-played")
        page.wait_for_selector(f"#board-{board}:has-text('Not played')")
        return
    else:
        contract, declarer, result = entry
        m = re.fullmatch(r"([1-7])(NT|[CDHS])(X{0,2})", contract)
        assert m is not None
        page.click(f'label[for="level-{m[1]}"]')
        page.click(f'label[for="strain-{m[2]}"]')
        page.click(f'label[for="dbl-{m[3]}"]')
        page.click(f'label[for="declarer-{declarer}"]')
        page.click(f'label[for="result-{result}"]')
        page.click("#entry-send")
    page.wait_for_selector("#cards-confirm")
    if confirm:
        page.click("#cards-confirm")
        page.wait_for_selector("#cards-confirmed")


def api(server: Any, path: str, token: str | None = None, *, raw: bool = False) -> Any:
    request = urllib.request.Request(server.url + path)
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    with urllib.request.urlopen(request, timeout=30) as response:
        body = response.read()
    return body if raw or path.endswith(".xml") else json.loads(body)


def test_a_club_evening_with_real_cards(server: Any, browser: Any) -> None:
    # the director creates the session on the sessions' form
    desk_context = browser.new_context(viewport=DESKTOP)
    desk = desk_context.new_page()
    desk.goto(server.url + "/session")
    desk.wait_for_selector("#session-form")
    desk.select_option("#s-play", "cards")
    desk.select_option("#s-game", "contract")
    desk.fill("#s-tables", "3")
    desk.fill("#s-boards", "6")
    desk.select_option("#s-movement", "mitchell")
    desk.select_option("#s-scoring", "matchpoints")
    desk.set_input_files(
        "#s-pbn", files=[{"name": "evening.pbn", "mimeType": "text/plain", "buffer": PBN.encode()}]
    )
    desk.click("#session-create")
    desk.wait_for_url(re.compile(r"/session/[\w-]+$"))
    desk.wait_for_selector("#desk-glance")
    code = desk.url.rsplit("/", 1)[1]
    director = desk.evaluate(
        f"JSON.parse(localStorage.getItem('bridgeroom.sessions'))['{code}'].director"
    )
    links = {t: desk.input_value(f"#desk-link-{t}") for t in (1, 2, 3)}
    check(desk, "the director's desk (en)")

    # three phones open their tables' links
    phones = {}
    for t in (1, 2, 3):
        context = browser.new_context(viewport=PHONE)
        page = context.new_page()
        page.goto(links[t])
        page.wait_for_selector("#entry-form")
        assert "#t=" not in page.url  # the token leaves the address at once
        phones[t] = (context, page)
    check(phones[1][1], "a table's phone (en)")
    # one-handed at 390 px: nothing wider than the screen, every choice a thumb's target (44 px,
    # WCAG 2.5.5's enhanced size)
    page = phones[1][1]
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    sizes = page.eval_on_selector_all(
        "fieldset.choices label, #entry-send, #entry-pass, #entry-not-played, .cards-board",
        "els => els.map(e => [e.getBoundingClientRect().width, e.getBoundingClientRect().height])",
    )
    assert sizes and all(w >= 44 and h >= 44 for w, h in sizes), sizes
    # table 1 enters the names of its North-South pair (one membership number)
    page = phones[1][1]
    page.click("#cards-names summary")
    page.select_option("#names-pair", "1NS")
    page.fill("#names-name1", "Ann Lee")
    page.fill("#names-number1", "1234")
    page.fill("#names-name2", "Boris Orlov")
    page.click("#names-save")
    page.wait_for_selector('#cards-pairs li:has-text("Ann Lee – Boris Orlov")')
    page.click("#cards-names summary")

    for r in (1, 2, 3):
        for t, (context, page) in phones.items():
            page.wait_for_selector(f'#cards-round:has-text("Round {r} of 3")')
            for board in ROUND_BOARDS[r]:
                if (t, board) == (2, 4):
                    # the connection is lost: the entry is kept on the phone, then sent
                    context.set_offline(True)
                    page.click(f"#board-{board}")
                    page.click('label[for="level-4"]')
                    page.click('label[for="strain-H"]')
                    page.click('label[for="declarer-N"]')
                    page.click('label[for="result-0"]')
                    page.click("#entry-send")
                    page.wait_for_selector("#cards-offline")
                    page.wait_for_selector("#cards-kept")
                    kept = page.evaluate(f"localStorage.getItem('bridgeroom.cards.queue.{code}.2')")
                    assert json.loads(kept)[0]["board"] == 4
                    if r == 2:
                        shot(page, "cards-phone-offline.png")
                    # the phone is even closed; its entry is sent when the page opens online
                    page.close()
                    context.set_offline(False)
                    page = context.new_page()
                    page.goto(f"{server.url}/session/{code}/table/2")
                    phones[2] = (context, page)
                    page.wait_for_selector("#cards-confirm", timeout=20_000)
                    assert (
                        page.evaluate(f"localStorage.getItem('bridgeroom.cards.queue.{code}.2')")
                        == "[]"
                    )
                    page.click("#cards-confirm")
                    page.wait_for_selector("#cards-confirmed")
                    continue
                enter(page, board, ENTRIES[t][board])
                if (t, board) == (1, 1):
                    shot(page, "cards-phone.png")
        if r < 3:
            desk.wait_for_selector("#desk-next-round")
            # every table's results of the round are in before the move
            desk.wait_for_function(
                "() => [...document.querySelectorAll('#desk-glance tbody tr td:nth-child(4)')]"
                ".every(td => td.textContent === '–')"
            )
            desk.click("#desk-next-round")
            desk.wait_for_selector(f'#desk-round:has-text("Round {r + 1} of 3")')

    # Russian on a phone, axe-clean too
    page = phones[3][1]
    page.click('[data-lang="ru"]')
    page.wait_for_function("document.documentElement.lang === 'ru'")
    page.wait_for_selector('#cards-round:has-text("Раунд 3 из 3")')
    check(page, "a table's phone (ru)")

    # the director corrects table 1's board 5 (7 tricks, not 8) and gives table 3's board 6 an
    # adjusted score: average plus to North-South, average minus to East-West
    desk.wait_for_selector("#correct-1-5")
    desk.click("#correct-1-5")
    desk.fill("#c-tricks", "7")
    desk.click("#correct-send")
    desk.wait_for_selector('#desk-result-1-5 td:has-text("90")')
    desk.select_option("#a-table", "3")
    desk.select_option("#a-board", "6")
    desk.select_option("#a-ns", "A+")
    desk.select_option("#a-ew", "A-")
    desk.click("#adjust-send")
    desk.wait_for_selector('#desk-result-3-6:has-text("A+")')
    desk.evaluate("window.scrollTo(0, 0)")
    shot(desk, "cards-desk.png")
    desk.click("#desk-log-details summary")
    shot(desk, "cards-desk-log.png", "#desk-log")
    check(desk, "the director's desk with every result (en)")

    desk.click('[data-lang="ru"]')
    desk.wait_for_function("document.documentElement.lang === 'ru'")
    desk.wait_for_selector('#desk-round:has-text("Раунд 3 из 3")')
    check(desk, "the director's desk with every result (ru)")

    # the ranking, as worked by hand above
    results = api(server, f"/api/sessions/{code}/results")
    ranking = {
        d: [(s["pair"], s["mp"], s["percent"]) for s in rows]
        for d, rows in results["ranking"].items()
    }
    assert ranking == RANKING
    # the page shows it
    for direction, rows in RANKING.items():
        shown = desk.eval_on_selector_all(
            f"#ranking-{direction} tbody th", "ths => ths.map(th => th.textContent)"
        )
        assert shown == [pair for pair, _, _ in rows]
    # the change log says who made each change: the three tables and the director
    log = api(server, f"/api/sessions/{code}/desk", director)["log"]
    assert {e["by"] for e in log} == {"table 1", "table 2", "table 3", "director"}
    assert [e["kind"] for e in log[:2]] == ["adjusted", "score"] and log[1]["by"] == "director"

    # the boards for the dealing machine are the PBN file's
    from bridgeroom.formats.pbn import loads
    from bridgeroom.rules import Deal

    boards = loads(api(server, f"/api/sessions/{code}/boards.pbn", director, raw=True).decode())
    assert [g.deal for g in boards] == [Deal.parse(d) for d in DEALS]

    # the USEBIO file reads back with the same ranking
    from bridgeroom.sessions.usebio import read_usebio

    usebio = read_usebio(api(server, f"/api/sessions/{code}/usebio.xml").decode("utf-8"))
    places = {(p["direction"], int(p["place"])): p for p in usebio["pairs"]}
    for direction, rows in RANKING.items():
        for place, (label, _, percent) in enumerate(rows, start=1):
            p = places[(direction, place)]
            assert (p["number"] + direction, float(p["score"])) == (label, percent)
    # the names and membership numbers entered at table 1 go into the file
    assert places[("NS", 2)]["players"] == [("Ann Lee", "1234"), ("Boris Orlov", None)]
    assert usebio["boards"][5][0]["contract"] is not None
    for context, _ in phones.values():
        context.close()
    desk_context.close()
