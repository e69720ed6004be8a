"""The page writes every count with the plural form the number takes, in English and Russian, as
the shared catalogue does (``{n:card|cards}``, Russian ``{n:карта|карты|карт}``: 1 and 21 карта,
2-4 and 22 карты, 0, 5-20 and 11 карт). Each message with a count is rendered by the page's own
``t()`` for 0, 1, 2, 5, 11, 21 and 22 and compared with the forms written out here by hand."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import pytest

COUNTS = [0, 1, 2, 5, 11, 21, 22]
MESSAGES = Path(__file__).resolve().parents[2] / "src" / "bridgeroom" / "web" / "messages"


def forms(*words: str) -> dict[int, str]:
    """The word for each of COUNTS: two forms (English) or three (Russian: one, few, many)."""
    if len(words) == 2:
        one, many = words
        return {n: one if n == 1 else many for n in COUNTS}
    one, few, many = words
    by_hand = {0: many, 1: one, 2: few, 5: many, 11: many, 21: one, 22: few}
    return by_hand


EN: dict[str, tuple[dict[str, Any], str, dict[int, str]]] = {
    "web.table.cards_hidden": ({}, "{n} {w}, face down", forms("card", "cards")),
    "web.table.announce": ({}, "Announce {n} {w}", forms("point", "points")),
    "web.table.points": ({}, "{n} {w}", forms("point", "points")),
    "web.table.claim_option": ({}, "{n} {w}", forms("trick", "tricks")),
    "web.result.tricks": ({}, "{n} {w}", forms("trick", "tricks")),
    "web.result.over": ({}, "made with {n} {w}", forms("overtrick", "overtricks")),
    "web.history.deals": ({}, "{n} {w} finished", forms("deal", "deals")),
    "web.request.claim": ({"name": "Bob"}, "Bob claims {n} of the remaining {w}.", forms("trick", "tricks")),
    "web.review.cost": ({}, "cost {n} {w}", forms("trick", "tricks")),
    "web.say.announced": ({"seat": "North"}, "North announces {n} {w}.", forms("point", "points")),
    "web.disconnected": ({}, "Connection lost; trying again in {n} {w}…", forms("second", "seconds")),
}  # fmt: skip
RU: dict[str, tuple[dict[str, Any], str, dict[int, str]]] = {
    "web.table.cards_hidden": ({}, "{n} {w} рубашкой вверх", forms("карта", "карты", "карт")),
    "web.table.announce": ({}, "Объявить {n} {w}", forms("очко", "очка", "очков")),
    "web.table.points": ({}, "{n} {w}", forms("очко", "очка", "очков")),
    "web.table.claim_option": ({}, "{n} {w}", forms("взятка", "взятки", "взяток")),
    "web.result.tricks": ({}, "{n} {w}", forms("взятка", "взятки", "взяток")),
    "web.result.over": ({}, "сыграно с {n} {w}", forms("лишней взяткой", "лишними взятками", "лишними взятками")),
    "web.history.deals": ({}, "{n} {w}", forms("сдача сыграна", "сдачи сыграны", "сдач сыграно")),
    "web.request.claim": ({"name": "Боб"}, "Боб заявляет {n} {w} из оставшихся.", forms("взятку", "взятки", "взяток")),
    "web.review.cost": ({}, "стоила {n} {w}", forms("взятку", "взятки", "взяток")),
    "web.say.announced": ({"seat": "Север"}, "Север объявляет {n} {w}.", forms("очко", "очка", "очков")),
    "web.disconnected": ({}, "Соединение потеряно; новая попытка через {n} {w}…", forms("секунду", "секунды", "секунд")),
}  # fmt: skip


def _flat(table: dict[str, Any], prefix: str = "web.") -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in table.items():
        if isinstance(value, dict):
            out.update(_flat(value, f"{prefix}{key}."))
        else:
            out[prefix + key] = value
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_count_of_the_page_takes_a_plural_form(lang: str) -> None:
    """A count followed by its noun ("{n} cards") is written with a plural spec, in both
    languages; the tests below render each of them."""
    messages = _flat(tomllib.loads((MESSAGES / f"{lang}.toml").read_text("utf-8")))
    counted = {
        key
        for key, text in messages.items()
        if re.search(r"\{(n|tricks|count|remaining|cost)\}.*\{\1:[^}]*\|", text)
    }
    bare = [
        key
        for key, text in messages.items()
        if re.search(r"\{(n|tricks|count|remaining|cost)\} (?!\{)\w", text) and key not in counted
    ]
    assert bare == [], bare
    assert set(EN) <= counted and set(RU) <= counted


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_page_renders_each_count_in_its_form(server: Any, browser: Any, lang: str) -> None:
    context = browser.new_context()
    page = context.new_page()
    page.goto(server.url + "/")
    page.evaluate(f"localStorage.setItem('bridgeroom.lang', '{lang}')")
    page.goto(server.url + "/")
    page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    src = page.get_attribute('script[type="module"]', "src").replace("main.js", "i18n.js")
    expected = EN if lang == "en" else RU
    for key, (params, pattern, words) in expected.items():
        got = page.evaluate(
            """async ([src, key, params, counts]) => {
                const { t } = await import(src);
                return counts.map((n) => t(key, { ...params, n }));
            }""",
            [src, key, params, COUNTS],
        )
        want = [pattern.format(n=n, w=words[n]) for n in COUNTS]
        assert got == want, key
    # cards in words, after a verb, and a bid's strain after its level
    got = page.evaluate(
        """async (src) => {
            const m = await import(src);
            return [m.cardName("SQ"), m.cardName("SQ", true), m.cardName("DT", true),
                    ...["1C", "2C", "5C", "1D", "5D", "3H", "7S", "1NT", "P"].map(m.callName)];
        }""",
        src,
    )
    if lang == "en":
        assert got == ["queen of spades", "queen of spades", "ten of diamonds", "1 club",
                       "2 clubs", "5 clubs", "1 diamond", "5 diamonds", "3 hearts", "7 spades",
                       "1 no trump", "pass"]  # fmt: skip
    else:
        assert got == ["дама пик", "даму пик", "десятку бубён", "1 трефа", "2 трефы", "5 треф",
                       "1 бубна", "5 бубен", "3 червы", "7 пик", "1 без козыря", "пас"]  # fmt: skip
    context.close()
