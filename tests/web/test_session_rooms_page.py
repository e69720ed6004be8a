"""A room of three-handed tables in a real browser (issue 17): the director creates the room on
the session page, Ann takes a place at a table with robots and plays a deal there, the room's
totals panel updates after it, the director replaces Ann by a robot, the robots finish the
rubbers, and the totals and the ranking on the page are the server's (checked against the TH
rules in tests/server/test_session_rooms.py). axe runs on the form and the room's pages in both
languages. The screenshot for docs/sessions.md is taken when ``BRIDGEROOM_SHOTS`` names a folder."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .pages import DESKTOP, act_once, deal_over
from .test_access import check
from .test_sessions_page import new_session, person, table_rows, wait_over


def results(page: Any, code: str) -> dict[str, Any]:
    text = page.evaluate(f"fetch('/api/sessions/{code}/results').then(r => r.text())")
    return json.loads(text)  # type: ignore[no-any-return]


def shown_name(player: dict[str, Any]) -> str:
    """A player's name on the English page: a robot by its level (issue 38, item 8)."""
    return f"Robot: {player['level']}" if player["kind"] == "robot" else str(player["name"])


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def test_a_room_of_three_handed_tables_on_the_page(browser: Any, server: Any) -> None:
    """The form offers the room (its rows of boards, movement and scoring hide); Ann takes
    place P1 of table 1 and plays a deal with two robots; the director's page lists the tables at
    a glance (deal, whose turn, time since the last action) and, once Ann's deal is over, the
    totals of her table with that deal; replaced by a robot, the room plays to its end and the
    page shows every table's totals and the ranking by the settlement, as the API gives them."""
    form = browser.new_context(viewport=DESKTOP).new_page()
    form.goto(server.url + "/session")
    form.wait_for_selector("#session-form")
    form.select_option("#s-game", "three-handed")
    assert form.is_hidden("#s-boards") and form.is_hidden("#s-movement")
    assert form.is_visible("#s-tables")
    check(form, "the new session's form with a room chosen (en)")
    form.context.close()
    director, code = new_session(browser, server, 17, game="three-handed", tables="2")
    assert "three-handed" in director.text_content("#session-summary")
    ann = person(browser, server, code, 1, "P1", "Ann")
    assert "table 1, P1" in ann.text_content("#session-joined")
    director.wait_for_selector("#start-session")
    director.click("#start-session")
    director.wait_for_selector("#glance")
    glance = table_rows(director, "#glance")
    assert [r[0] for r in glance] == ["1", "2"]
    assert "P1: Ann" in glance[0][4] and "P2: Robot" in glance[0][4]
    check(director, "a room being played, the director's page (en)")
    ann.wait_for_selector("#open-table")
    assert "1, P1" in ann.text_content("#your-table-h")
    ann.click("#open-table")
    ann.wait_for_selector(".felt")
    for _ in range(3000):
        if deal_over(ann):
            break
        act_once(ann)
        ann.wait_for_timeout(30)
    assert deal_over(ann)
    # the totals panel follows: table 1 has played its first deal
    director.wait_for_function(
        "document.querySelector('#totals-1 caption') &&"
        " document.querySelector('#totals-1 caption').textContent.includes('1 deal played')",
        timeout=30000,
    )
    data = results(director, code)
    one = data["tables"][0]
    rows = table_rows(director, "#totals-1")
    assert [(r[0], r[1], r[3]) for r in rows] == [
        (p["place"], shown_name(p), str(p["total"])) for p in one["players"]
    ]
    assert rows[0][1] == "Ann"
    director.wait_for_selector('.replace[data-table="1"][data-seat="P1"]')
    director.click('.replace[data-table="1"][data-seat="P1"]')
    wait_over(director, 180000)
    director.wait_for_function(
        "document.querySelectorAll('#room-ranking tbody tr').length === 6"
        " && document.querySelector('#totals-2 caption').textContent.includes('won by')",
    )
    data = results(director, code)
    assert all(t["over"] and t["winner"] for t in data["tables"])
    ranking = table_rows(director, "#room-ranking")
    assert [(r[0], r[1], r[2], r[4], r[5]) for r in ranking] == [
        (str(p["rank"]), str(p["table"]), p["place"], str(p["total"]), signed(p["net"]))
        for p in data["ranking"]
    ]
    nets = [int(r[5]) for r in ranking]
    assert nets == sorted(nets, reverse=True) and sum(nets) == 0
    for table in data["tables"]:
        rows = table_rows(director, f"#totals-{table['table']}")
        assert [(r[0], r[3], r[4]) for r in rows] == [
            (p["place"], str(p["total"]), signed(p["net"])) for p in table["players"]
        ]
    if os.environ.get("BRIDGEROOM_SHOTS"):
        folder = Path(os.environ["BRIDGEROOM_SHOTS"])
        folder.mkdir(parents=True, exist_ok=True)
        director.locator("#room-totals").screenshot(path=str(folder / "session-room.png"))
    check(director, "a room's totals and ranking (en)")
    director.evaluate("localStorage.setItem('bridgeroom.lang', 'ru')")
    director.reload()
    director.wait_for_function("document.documentElement.lang === 'ru'")
    director.wait_for_selector("#room-ranking")
    assert "Места в зале" in director.text_content("#room-ranking caption")
    check(director, "a room's totals and ranking (ru)")


def test_after_the_end_a_room_says_its_tables_stopped(browser: Any, server: Any) -> None:
    """Issue 38, item 8: after *End the session* a room still said "the rubber goes on" and its
    tables "paused". Ann's table waits for her when the director ends the room: its totals and
    its row at a glance say it stopped with the session, in both languages."""
    director, code = new_session(browser, server, 17, game="three-handed", tables="2")
    person(browser, server, code, 1, "P1", "Ann")
    director.wait_for_selector("#start-session")
    director.click("#start-session")
    director.wait_for_selector("#end-session")
    director.once("dialog", lambda dialog: dialog.accept())
    director.click("#end-session")
    wait_over(director)
    director.wait_for_selector("#totals-1")
    assert "stopped: the session ended" in director.text_content("#totals-1 caption")
    assert "goes on" not in director.text_content("#room-totals")
    glance = table_rows(director, "#glance")
    assert glance[0][2] == "stopped: the session ended"
    director.evaluate("localStorage.setItem('bridgeroom.lang', 'ru')")
    director.reload()
    director.wait_for_function("document.documentElement.lang === 'ru'")
    director.wait_for_selector("#totals-1")
    assert "остановлен: турнир окончен" in director.text_content("#totals-1 caption")
    assert table_rows(director, "#glance")[0][2] == "остановлен: турнир окончен"
