"""A lost connection and a table that is not there, as the player sees them.

While the server is away the page says so plainly (a banner and the status line), no control
acts (the typing field and the buttons are disabled, no "Your turn"), and it tries again with a
growing wait; on the fresh state from the server it plays on. A link to a table that does not
exist shows a page that says so, once, with the way back to the tables; a finished table is
still there to be viewed after the server restarts."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from .pages import create, open_table, post


def test_the_page_waits_out_a_lost_connection_and_plays_on(server: Any, browser: Any) -> None:
    table = create(server, "contract", 2, seed=1)
    context, page = open_table(browser, server, table)
    page.wait_for_selector("#your-turn")
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    server.stop()
    page.wait_for_selector("#offline")
    assert page.query_selector("#your-turn") is None
    assert page.is_disabled("#typed")
    assert page.is_disabled("#type-form button")
    assert page.query_selector('.bidding-box button[aria-disabled="false"]') is None
    assert page.query_selector('[data-call="P"][aria-disabled="false"]') is None
    assert "Connection lost" in page.text_content("#status")
    assert "Connection lost" in page.text_content("#turn")
    # a click does nothing and sends nothing
    page.click('.bidding-box [data-call="1C"]', force=True)
    # it tries again by itself, waiting longer each time (0.5, 1, 2, 4 s... give or take a fifth)
    waits = []
    for _ in range(24):
        said = re.search(r"trying again in (\d+) second", page.text_content("#status") or "")
        if said and (not waits or waits[-1] != int(said.group(1))):
            waits.append(int(said.group(1)))
        page.wait_for_timeout(250)
    assert len(sockets) >= 3 and waits == sorted(waits) and waits[-1] >= 2, waits
    server.start()
    page.wait_for_selector("#your-turn", timeout=40_000)
    assert page.query_selector("#offline") is None
    assert not page.is_disabled("#typed")
    assert page.query_selector('.bidding-box button[aria-disabled="false"]') is not None
    assert "1♣" not in page.text_content("#auction")
    assert page.text_content("#status") == "Connected"
    context.close()


def test_a_table_that_is_not_there_says_so(server: Any, browser: Any) -> None:
    for lang, heading, text in [
        ("en", "No such table", "There is no table 'nope'."),
        ("ru", "Такого стола нет", "Стола «nope» нет."),
    ]:
        context = browser.new_context()
        page = context.new_page()
        sockets: list[Any] = []
        page.on("websocket", lambda ws, found=sockets: found.append(ws))
        page.goto(server.url + "/")
        page.evaluate(f"localStorage.setItem('bridgeroom.lang', '{lang}')")
        page.goto(server.url + "/table/nope")
        page.wait_for_selector("#gone-text")
        assert page.text_content("h1") == heading
        assert text in page.text_content("#gone-text")
        page.wait_for_timeout(3000)
        assert len(sockets) == 1  # no retry, no alert every few seconds
        assert page.query_selector("#gone-text") is not None
        page.click("#table-page a")
        page.wait_for_selector("#create")
        context.close()


def test_a_finished_table_is_viewed_after_a_restart(server: Any, browser: Any) -> None:
    """A Chicago round of four robots (seed 6) is watched to its end; after the server restarts,
    its link shows the last deal's result, the sheet of the four deals and that the match is
    over, and offers no next deal."""
    robots = {str(i): "random" for i in range(4)}
    table = post(
        server.url + "/api/tables",
        {"game": "contract", "scoring": "chicago", "robots": robots, "seed": 6},
    )
    context, page = open_table(browser, server, None, code=table["code"])
    page.wait_for_selector("#match-over", timeout=120_000)
    context.close()
    server.restart()
    for lang, over in [("en", "The match is over"), ("ru", "Матч окончен")]:
        context, page = open_table(browser, server, None, code=table["code"], lang=lang)
        page.wait_for_selector("#match-over")
        assert over in page.text_content("#match-over")
        assert page.text_content("#deal-number") == "4"
        assert page.query_selector("#deal-result") is not None
        assert page.query_selector("#next") is None and page.query_selector("#loading") is None
        assert page.query_selector("#offline") is None
        context.close()


def test_a_table_deleted_by_its_host_says_so(server: Any, browser: Any) -> None:
    """The host deletes the table while Ann has it open: her page says the host deleted it and
    stops trying; its link then says there is no such table."""
    table = create(server, "contract", 2, seed=1)
    context, page = open_table(browser, server, table, lang="ru")
    page.wait_for_selector("#your-turn")
    request = urllib.request.Request(
        f"{server.url}/api/tables/{table['code']}",
        method="DELETE",
        headers={"Authorization": "Bearer " + table["host_token"]},
    )
    urllib.request.urlopen(request, timeout=30).close()
    page.wait_for_selector("#gone-text")
    assert page.text_content("h1") == "Такого стола нет"
    assert page.text_content("#gone-text") == "Хозяин удалил этот стол."
    assert page.query_selector(".felt") is None and page.query_selector("#offline") is None
    page.reload()
    page.wait_for_selector("#gone-text")
    assert f"Стола «{table['code']}» нет" in page.text_content("#gone-text")
    context.close()


def test_the_host_deletes_his_table_from_the_page(server: Any, browser: Any) -> None:
    """Issue 14, item 2: the host who created a table in the lobby deletes it with the table's
    own button (after the browser asks); a player watching it is told, the table leaves the
    lobby, and no one else is offered the button."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#create")
    page.fill("#name", "Ann")
    page.click("#create")
    page.wait_for_url(re.compile(r".*/table/.+"))
    page.wait_for_selector("#delete-table")
    code = page.url.rsplit("/", 1)[1]
    assert code in [
        t["code"] for t in json.loads(urllib.request.urlopen(server.url + "/api/tables").read())
    ]
    # someone else watching the table has no such button
    other, watcher = open_table(browser, server, None, code=code)
    assert watcher.query_selector("#delete-table") is None
    dialogs: list[str] = []
    page.once("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.click("#delete-table")  # asked, and dismissed: nothing happens
    page.wait_for_timeout(300)
    assert dialogs == ["Delete this table for everyone at it? Its deals are lost."]
    assert page.query_selector("#delete-table") is not None
    page.once("dialog", lambda d: d.accept())
    page.click("#delete-table")
    page.wait_for_url(server.url + "/")
    page.wait_for_selector("#alert:has-text('The table is deleted.')")
    watcher.wait_for_selector("#gone-text")
    assert watcher.text_content("#gone-text") == "The host deleted this table."
    assert code not in [
        t["code"] for t in json.loads(urllib.request.urlopen(server.url + "/api/tables").read())
    ]
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('bridgeroom.tokens'))")
    assert code not in stored
    context.close()
    other.close()
