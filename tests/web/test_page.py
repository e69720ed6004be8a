"""How the page is served (issue 19, item 8): compressed, its files cached for a year under a
versioned address, in the reader's language with its own messages only, and with no chain of
requests before it can draw (every module it imports is preloaded by the HTML; its messages and
the games come inside the HTML)."""

from __future__ import annotations

import gzip
import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from .pages import create

JS = Path(__file__).resolve().parents[2] / "src" / "bridgeroom" / "web" / "js"
#: The shared catalogue's keys the page writes cards, seats and calls with.
SHARED = ("rank.", "seat.", "seat_letter.", "call.")


def get(url: str, **headers: str) -> tuple[dict[str, str], bytes]:
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip", **headers})
    with urllib.request.urlopen(request, timeout=30) as response:
        head = {k.lower(): v for k, v in response.headers.items()}
        body = response.read()
    if head.get("content-encoding") == "gzip":
        body = gzip.decompress(body)
    return head, body


def imports(module: str) -> set[str]:
    """The modules ``module`` imports, directly or not (by file name)."""
    seen: set[str] = set()
    todo = [module]
    while todo:
        text = (JS / todo.pop()).read_text("utf-8")
        for name in re.findall(r'^import [^;]*? from "\./([\w.]+)";', text, re.M | re.S):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def boot(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="boot">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))  # type: ignore[no-any-return]


def test_the_page_is_compressed_and_its_files_cached_for_a_year(server: Any) -> None:
    head, body = get(server.url + "/")
    html = body.decode()
    assert head["content-encoding"] == "gzip" and head["cache-control"] == "no-cache"
    static = re.findall(r'(?:href|src)="(/static/[0-9a-f]{12}/[\w/.]+)"', html)
    assert len(static) == 15  # the style sheet, main.js and the thirteen modules it imports
    for path in static:
        head, body = get(server.url + path)
        assert head["cache-control"] == "public, max-age=31536000, immutable", path
        assert head["content-encoding"] == "gzip", path
        assert len(body) > 600
    # the address without the version is checked again on every use
    head, _ = get(server.url + "/static/style.css")
    assert head["cache-control"] == "no-cache"


def test_every_module_is_preloaded_by_the_page(server: Any) -> None:
    """No chain: the HTML names main.js and preloads each module main.js imports, however
    deep, so the browser asks for all of them at once."""
    _, body = get(server.url + "/")
    html = body.decode()
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/\w+/js/([\w.]+)">', html))
    assert preloaded == imports("main.js") and len(preloaded) == 13
    assert re.search(r'<script type="module" src="/static/\w+/js/main\.js"></script>', html)


def test_the_page_comes_in_its_readers_language_with_its_own_messages(server: Any) -> None:
    for accept, cookie, lang, title in [
        ("ru-RU,ru;q=0.9,en;q=0.8", "", "ru", "Бридж-клуб"),
        ("de-DE,de;q=0.9", "", "en", "Bridge room"),
        ("ru-RU", "bridgeroom_lang=en", "en", "Bridge room"),
    ]:
        headers = {"Accept-Language": accept}
        if cookie:
            headers["Cookie"] = cookie
        head, body = get(server.url + "/table/abc", **headers)
        html = body.decode()
        assert head["content-language"] == lang
        assert f'<html lang="{lang}">' in html and f"<title>{title}</title>" in html
        data = boot(html)
        assert data["lang"] == lang and data["messages"]["web.title"] == title
        # only the page's own messages and the shared words it writes cards and calls with
        keys = set(data["messages"])
        assert all(k.startswith(("web.", *SHARED)) for k in keys), sorted(
            k for k in keys if not k.startswith(("web.", *SHARED))
        )
        assert {"seat.N", "rank.Q", "call.pass"} <= keys
        assert [g["name"] for g in data["games"]["games"]][:1] == ["contract"]


def test_a_table_page_asks_for_nothing_but_its_files_and_its_socket(
    server: Any, browser: Any
) -> None:
    """Opening a table: the HTML, the style sheet, the ten modules, and the table's websocket;
    no request for messages or games (they came inside the HTML)."""
    table = create(server, "contract", 2, seed=1)
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate(
        "t => localStorage.setItem('bridgeroom.tokens', JSON.stringify(t))",
        {table["code"]: {"token": table["token"], "slot": 2, "name": "Ann"}},
    )
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url.replace(server.url, "")))
    page.goto(server.url + "/table/" + table["code"])
    page.wait_for_selector("#your-turn, #turn")
    files = sorted(re.sub(r"/static/\w+/", "", u) for u in asked if u.startswith("/static/"))
    others = [u for u in asked if not u.startswith("/static/")]
    assert files == sorted(["style.css", "js/main.js", *(f"js/{m}" for m in imports("main.js"))])
    assert others == ["/table/" + table["code"]], others
    context.close()
