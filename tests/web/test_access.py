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


#: The focus ring of the focused element: its outline, and its contrast with what lies just
#: outside it on the screen (the lowest of the four sides; a gradient counts each of its colours;
#: a ring of two colours, the outline and a shadow inside it, counts the better of the two).
RING = """() => {
    const node = document.activeElement;
    if (!node || node === document.body) return null;  // past the last stop
    const cs = getComputedStyle(node);
    const rgb = (c) => { const m = /rgba?\\(([^)]+)\\)/.exec(c || ""); return m ? m[1].split(",").map(Number) : null; };
    const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
                         return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
    const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
    const behind = (start) => {
        for (let n = start; n; n = n.parentElement) {
            const s = getComputedStyle(n);
            const colours = [...s.backgroundImage.matchAll(/rgba?\\([^)]+\\)/g)].map((m) => rgb(m[0]));
            if (colours.length) return colours;
            const c = rgb(s.backgroundColor);
            if (c && (c.length < 4 || c[3] > 0.5)) return [c];
        }
        return [[255, 255, 255]];
    };
    const width = parseFloat(cs.outlineWidth), offset = parseFloat(cs.outlineOffset) || 0;
    const r = node.getBoundingClientRect(), out = width + offset + 2;
    const points = [[r.left - out, (r.top + r.bottom) / 2], [r.right + out, (r.top + r.bottom) / 2],
                    [(r.left + r.right) / 2, r.top - out], [(r.left + r.right) / 2, r.bottom + out]];
    // a ring of two colours (the outline and a shadow inside it, WCAG technique C40) stands
    // out where either of them does
    const ring = [rgb(cs.outlineColor), rgb(cs.boxShadow)].filter(Boolean);
    let lowest = Infinity;
    for (const [x, y] of points) {
        const under = document.elementsFromPoint(x, y).find((e) => e !== node && !node.contains(e));
        if (!under) continue;
        for (const c of behind(under)) lowest = Math.min(lowest, Math.max(...ring.map((r) => ratio(r, c))));
    }
    const g = node.closest("[data-focus-group]");
    return { what: node.id || node.dataset.card || node.dataset.call || node.textContent.trim().slice(0, 20) || node.tagName,
             group: g ? g.getAttribute("data-focus-group") : null, style: cs.outlineStyle, width, ratio: lowest };
}"""


def test_the_focus_ring_stands_out_wherever_the_focus_goes(site: Server, browser: Any) -> None:
    """WCAG 1.4.11 and 2.4.7: Tab goes through every stop of the lobby and of a table in the
    auction and in the play; each focused control has a ring of at least 2 px, one of whose two
    colours (WCAG technique C40) has a contrast of 3:1 or more with whatever lies around it (the
    page, a panel, the header, the felt, the next card)."""
    table = create(site, "contract", 2, seed=1)
    context, page = open_table(browser, site, table)
    page.wait_for_selector('.bidding-box button[aria-disabled="false"]')
    checked: set[str] = set()

    def tab_through(where: str) -> None:
        page.evaluate("document.activeElement && document.activeElement.blur()")
        first = None
        for _ in range(80):
            page.keyboard.press("Tab")
            ring = page.evaluate(RING)
            if ring is None:
                return
            key = f"{ring['what']}|{ring['group']}"
            if key == first:
                return
            first = first or key
            assert ring["style"] != "none" and ring["width"] >= 2, (where, ring)
            assert ring["ratio"] >= 3, (where, ring)
            checked.add(ring["group"] or ring["what"])

    tab_through("a table in the auction")
    play_until([page], in_play)
    tab_through("a table in the play")
    page.goto(site.url + "/")
    page.wait_for_selector("#create")
    tab_through("the lobby")
    assert {"bids", "hand-S", "typed", "EN", "RU", "create"} <= checked, checked
    context.close()
