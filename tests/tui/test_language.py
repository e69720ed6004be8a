"""Russian without slips (issue 15, item 7): every message of the catalogue and every screen of
the terminal, rendered in each language, holds no word of the other language. Card and call
codes a player types (``sa``, ``1n``, ``xx``), rule numbers (``CB-5``), the command line
(``bridgeroom resume ID``) and key names (``Enter``, ``q``) are allowed.

The screens are rendered by the terminal's own loop (:class:`~bridgeroom.tui.app.PlayLoop`)
with a scripted person who also mistypes, asks for hints, the tricks, the score and help,
claims and looks at the dummy, over a deal of every game; and by the sheets of every
session, with a rubber bonus and a three-handed settlement."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from rich.console import Console

from bridgeroom.i18n import LANGUAGES, Message, Messages, catalogue, translate
from bridgeroom.rules import Call, Card, Phase, Seat, Suit
from bridgeroom.scoring import Chicago, DuplicateSet, Rubber, ThreeHandedRubber
from bridgeroom.store import Store
from bridgeroom.teaching.coach import advise
from bridgeroom.tui import screen
from bridgeroom.tui.app import PlayLoop
from bridgeroom.tui.entry import typed_form
from bridgeroom.tui.pacing import Pacer
from bridgeroom.tui.table import PlayTable

LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*")
CYRILLIC = re.compile(r"[А-Яа-яЁё]")
#: Latin words a Russian screen may show: rule numbers, the command line, key names, a robot
#: level, the name of a format (JSON), the websocket address and first message a client sends
#: (``/ws/CODE``, ``{"type": "hello", "token": ...}``), and the codes a player types for cards
#: and calls; the format of a bidding system's file (TOML) and the keys and values one types in
#: it (``[system] name``, ``title = { en = "...", ru = "..." }``, ``ace_ask = "blackwood"`` or
#: ``"rkcb1430"``, ``twos = "weak"`` or ``"strong"``, ``true``/``false``); the formats of a
#: club's files (``.dlm``, USEBIO, XML, PBN, CSV), the element a USEBIO file must hold (``EVENT``) and a
#: ``.dlm`` board's line as it is written (``Board NN=``, letters ``a`` to ``p``); the keywords
#: of the library's robot factory (``system=``, ``opponents=``).
ALLOWED = {
    "CB-",
    "MB-",
    "MB-T",
    "TH-",
    "AB-",
    "Enter",
    "ID",
    "bridgeroom",
    "resume",
    "history",
    "q",
    "N",
    "expert",
    "JSON",
    "ws",
    "type",
    "hello",
    "token",
    "TOML",
    "system",
    "name",
    "ace",
    "ask",
    "blackwood",
    "rkcb",
    "true",
    "false",
    "en",
    "ru",
    "weak",
    "strong",
    "dlm",
    "USEBIO",
    "XML",
    "PBN",
    "LIN",
    "CSV",
    "opponents",
    "EVENT",
    "Board",
    "NN",
    "a",
}
CODE = re.compile(r"(?i)^(?:[1-7]?(?:[cdhsnp]|nt|x|xx)|[shdc](?:10|[2-9akqjt]))$")


def foreign_words(text: str, lang: str) -> list[str]:
    """The words of the other language in ``text`` (what a Russian or an English reader would
    stumble on)."""
    if lang == "en":
        return [line for line in text.splitlines() if CYRILLIC.search(line)]
    return [w for w in LATIN.findall(text) if w not in ALLOWED and not CODE.match(w)]


def sample(spec: str) -> object:
    """A value for a placeholder of the catalogue: a suit where the spec asks for a suit's form
    (``{suit:count}``), else a number (words are the language's own whatever the number)."""
    return Suit.HEARTS if spec in ("count", "adj", "in", "sym", "letter") else 5


def render_all(lang: str) -> dict[str, str]:
    """Every message of the catalogue in ``lang``, its placeholders filled."""
    out = {}
    for key, text in catalogue(lang).items():
        specs = {
            m.group(1): m.group(2) or ""
            for m in re.finditer(r"\{(\w+)(?:![rs])?(?::([^}]*))?\}", text)
        }
        out[key] = Message(key, **{n: sample(spec) for n, spec in specs.items()}).render(lang)
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_of_the_catalogue_is_in_its_language(lang: str) -> None:
    """Issue 15: 'game(s)', 'Сдача 1 (доска)'... no message mixes in the other language."""
    slips = {
        key: words
        for key, text in render_all(lang).items()
        if (words := foreign_words(text, lang))
        and not key.startswith(("rank.", "seat_letter.", "suit_key."))
    }
    assert not slips, slips


class ScriptedConsole(Console):
    """A console whose person answers each prompt by ``answer(prompt)``; all is recorded."""

    def __init__(self, answer: Callable[[str], str | None]) -> None:
        super().__init__(file=io.StringIO(), width=120, color_system=None, record=True)
        self.answer = answer

    def input(self, prompt: object = "", **_: object) -> str:  # type: ignore[override]
        self.print(prompt, end="")
        line = self.answer(str(prompt))
        if line is None:
            raise EOFError
        self.print(line)
        return line


def typed(action: object, lang: str) -> str:
    """How a person types ``action`` in ``lang`` (``sa``, ``пТ``, ``1бк``, ``пас``)."""
    if isinstance(action, Card):
        return typed_form(action, lang)
    if isinstance(action, Call) and lang == "ru":
        if action.is_pass:
            return "пас"
        if action.is_double:
            return "контра"
        if action.is_redouble:
            return "реконтра"
        assert action.strain is not None
        strain = action.strain
        letter = "бк" if strain.suit is None else translate(f"suit_key.{strain.letter}", "ru")
        return f"{action.level}{letter}"
    return str(action)


def play_a_deal(tmp_path: Path, game: str, lang: str, seed: int) -> str:
    """One deal of ``game`` at the terminal, in ``lang``, by a person who tries everything."""
    store = Store(str(tmp_path / f"{game}-{lang}.sqlite3"))
    table = PlayTable.new(store, game, robots="basic", seed=seed, lang=lang)
    msgs = Messages(lang)
    words = {
        "en": ["zz", "x" * 60, "claim 20", "8s", "help", "score", "tricks", "last", "hint"],
        "ru": "жж,хххххххххххххххххххххххххххххххххххххххххххххх,претензия 20,8п,помощь,счёт,"
        "взятки,последняя,подсказка".split(","),
    }
    yes_no = {"en": ["look", "no", "coach"], "ru": ["заглянуть", "нет", "тренер"]}
    tries = iter(words[lang] + yes_no[lang])
    between = iter(
        {"en": ["tricks", "score", "what", None], "ru": ["взятки", "счёт", "что", None]}[lang]
    )
    claimed = []

    def answer(prompt: str) -> str | None:
        if msgs("play.next_prompt").strip() in prompt or msgs("play.end_prompt").strip() in prompt:
            return next(between)
        if msgs("play.look_confirm").strip() in prompt:
            return "нет" if lang == "ru" else "no"
        state = table.state
        assert state is not None
        for text in tries:
            return text
        me = table.human_seat(state)
        if state.phase is Phase.ANNOUNCE:
            return str(state.hand(me).hcp)
        if state.phase is Phase.PLAY and len(state.tricks) >= 10 and not claimed:
            claimed.append(True)
            return "претензия 0" if lang == "ru" else "claim 0"
        return typed(state.legal_actions()[0], lang)

    console = ScriptedConsole(answer)
    loop = PlayLoop(table, console, msgs, pacer=Pacer(0))
    loop.run()
    store.close()
    return console.export_text()


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "seed"), [("contract", 3), ("auction", 5), ("three-handed", 3), ("minibridge", 4)]
)
def test_every_screen_of_a_deal_is_in_its_language(
    tmp_path: Path, game: str, seed: int, lang: str
) -> None:
    """Issue 15: 'you: геймов 0', 'например ♦4 как d4', 'North (Робот С, dealer)'... none."""
    text = play_a_deal(tmp_path, game, lang, seed)
    assert msgs_seen(text, lang)
    assert not foreign_words(text, lang), (foreign_words(text, lang), text)


def msgs_seen(text: str, lang: str) -> bool:
    """The screen really went through a deal: the hands, the prompt and the end were shown."""
    m = Messages(lang)
    return m("sheet.total") in text and m("play.saved", id=1).split(":")[0] in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_sheet_is_in_its_language(lang: str) -> None:
    """The sheets of every session: a rubber won with its bonus, a Chicago round, boards, a
    three-handed rubber settled (TH-20)."""
    msgs = Messages(lang)
    rubber = Rubber()
    for line in (("NS", "4S", 10), ("EW", "3NT", 8), ("NS", "3NT", 9)):
        rubber.record_deal(*line)
    chicago = Chicago()
    for line in (("NS", "4S", 10), ("EW", "2H", 8), ("NS", "1NT", 7), ("EW", "3NT", 9)):
        chicago.record_deal(*line)
    boards = DuplicateSet("duplicate")
    boards.record_deal(Seat.NORTH, "3NT", 9)
    boards.record_deal(None, None)
    three = ThreeHandedRubber(["Ann", "Bob", "Игрок" if lang == "ru" else "Player"], "contract")
    for line in (("Ann", "4S", 10), ("Bob", "3NT", 8), ("Ann", "3NT", 9)):
        three.record_deal(*line)
    console = Console(file=io.StringIO(), width=120, color_system=None, record=True)
    for session in (rubber, chicago, boards, three):
        console.print(screen.sheet(session, msgs, you="Игрок" if lang == "ru" else "Player"))
    console.print(str(advise("AKQ.KQ2.A76.5432", 9, (3, 3, 4, 3), lang=lang)))
    text = console.export_text()
    assert msgs("sheet.rubber_bonus", who=msgs("screen.nobody"), points=700)[:5] in text
    assert not foreign_words(text.replace("Ann", "").replace("Bob", ""), lang), text
    # TH-20: totals Ann 970, Bob 0, the person 50; each pair settles on the difference rounded
    # to 100 (50 up). The person is "you" with the verb in its person, not "you pays".
    settled = {
        "en": ["Bob pays Ann 1000.", "You pay Ann 900.", "Bob pays you 100.", "You: 0 games"],
        "ru": [
            "Bob платит игроку Ann 1000.",
            "Вы платите игроку Ann 900.",
            "Bob платит вам 100.",
            "Вы: 0 геймов",
        ],
    }
    for line in settled[lang]:
        assert line in text, (line, text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_hidden_hand_counts_its_cards_in_the_plural_form(lang: str) -> None:
    """A face-down hand at the last trick holds one card: "1 card", not "1 cards" (Russian
    names the count after a colon, which takes no plural form)."""
    expected = {
        "en": {1: "1 card", 2: "2 cards", 13: "13 cards"},
        "ru": {1: "карт: 1", 2: "карт: 2", 13: "карт: 13"},
    }
    for count, text in expected[lang].items():
        assert screen.hand_lines(None, Messages(lang), hidden=count).plain == text
