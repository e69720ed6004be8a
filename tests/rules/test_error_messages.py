"""Every refusal of the rules engine is a message of the catalogue, in English and Russian.

The rules import nothing but the standard library, so they name each error's message by its
key (``rules.*`` of ``i18n/messages/{en,ru}.toml``) with the values that fill it in, and the
faces render it in the player's language (``bridgeroom.i18n.error_text``): the terminal and the
page alike (the table layer passes them on as :class:`~bridgeroom.table.TableError`).
"""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.strategies import DrawFn

from bridgeroom.errors import BridgeError, IllegalActionError, ParseError
from bridgeroom.i18n import catalogue, error_text
from bridgeroom.rules import (
    CARDS,
    ContractBridgeDeal,
    Deal,
    DealState,
    MiniBridgeDeal,
    Mode,
    Seat,
    ThreeHandedDeal,
)
from bridgeroom.table import Table, TableError

from ..strategies import CALLS, Line, any_deals, lines, modes, proper_step

RULES = Path(__file__).resolve().parents[2] / "src" / "bridgeroom" / "rules"
#: The errors a person causes by acting: each must name its message.
KEYED = {
    "ParseError",
    "IllegalActionError",
    "IllegalCallError",
    "IllegalPlayError",
    "WrongPhaseError",
    "AnnouncementError",
}
DEAL = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def _raises() -> list[tuple[str, int, ast.Call]]:
    out = []
    for path in sorted(RULES.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call):
                func = node.exc.func
                name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
                if name in KEYED:
                    out.append((f"{path.name}:{node.lineno}", node.lineno, node.exc))
    return out


def _keys_in_rules() -> set[str]:
    keys = set()
    for path in RULES.rglob("*.py"):
        text = path.read_text("utf-8")
        keys |= set(re.findall(r'"(rules\.[a-z_]+)"', text))
        # the two keys a phase's parser names by their last part (``why_key``)
        keys |= {f"rules.{k}" for k in re.findall(r'"([a-z_]+_in_(?:auction|play))"', text)}
    return keys


def test_every_refusal_of_the_rules_names_its_message() -> None:
    """No ``raise`` of an action's or a text's error in bridgeroom.rules without ``key=``."""
    raises = _raises()
    assert len(raises) > 60
    missing = [where for where, _, call in raises if not any(k.arg == "key" for k in call.keywords)]
    assert missing == []


def test_every_key_of_the_rules_is_in_both_catalogues_with_the_same_placeholders() -> None:
    en, ru = catalogue("en"), catalogue("ru")
    keys = _keys_in_rules()
    assert {"rules.card_in_auction", "rules.call_in_play", "rules.not_held"} <= keys
    for key in sorted(keys):
        assert key in en and key in ru, key
    fields = string.Formatter()
    for key in [k for k in en if k.startswith(("rules.", "phase."))]:
        names_en = {f[1] for f in fields.parse(en[key]) if f[1]}
        names_ru = {f[1] for f in fields.parse(ru[key]) if f[1]}
        assert names_en == names_ru, key


def _refusal(state: DealState, action: object, seat: Seat | None = None) -> BridgeError:
    with pytest.raises(BridgeError) as info:
        state.apply(action, seat)
    return info.value


def _contract(*calls: str) -> ContractBridgeDeal:
    state = ContractBridgeDeal(DEAL)
    for call in calls:
        state.apply(call)
    return state


@pytest.mark.parametrize(
    ("make", "action", "en", "ru"),
    [
        # the example: a card typed in the auction (CB-9)
        (lambda: _contract(), "пТ",
         "“пТ” is a card: cards are played after the auction.",
         "«пТ» — это карта: карты играют после торговли."),
        (lambda: _contract("1NT", "P", "P", "P"), "3NT",
         "“3NT” is a call: the auction is over, play a card.",
         "«3NT» — это заявка: торговля окончена, играйте карту."),
        (lambda: _contract(), "hello",
         "“hello” is not a call: Pass, X, XX, or a bid such as 1NT.",
         "«hello» — не заявка: пас, контра, реконтра или заявка вроде 1БК."),
        (lambda: _contract("1NT"), "1S",
         "1♠ is not enough: the last bid is 1NT (CB-5).",
         "1♠ — недостаточная заявка: последняя заявка 1БК (CB-5)."),
        (lambda: _contract("1NT", "P"), "X",
         "South may not double: the last bid is not an opponent's (CB-6).",
         "Юг не может контрировать: последняя заявка — не противника (CB-6)."),
        (lambda: _contract("1NT"), "XX",
         "East may not redouble: a redouble is of the last double, made by an opponent, "
         "with only passes since (CB-6).",
         "Восток не может реконтрировать: реконтра — только на последнюю контру противника, "
         "после которой были одни пасы (CB-6)."),
        # East leads against 1NT by North: he holds no ace of spades (CB-10)
        (lambda: _contract("1NT", "P", "P", "P"), "SA",
         "East does not hold ♠A (CB-10).",
         "У игрока Восток нет карты ♠Т (CB-10)."),
        # East leads a spade; South holds spades and tries a heart (CB-10)
        (lambda: _contract("1NT", "P", "P", "P", "ST"), "H8",
         "South must follow suit in spades: ♥8 is not allowed (CB-10).",
         "Юг: нужно ходить в масть — пики; ♥8 нельзя (CB-10)."),
        (lambda: _contract("1NT", "P", "P", "P", "ST"), "claim 14",
         "A claim is of 0 to 13 tricks (the tricks still to play), not 14.",
         "Заявить можно от 0 до 13 взяток (столько ещё играть), а не 14."),
    ],
)  # fmt: skip
def test_refusals_read_in_both_languages(make: object, action: str, en: str, ru: str) -> None:
    err = _refusal(make(), action)  # type: ignore[operator]
    assert (error_text(err, "en"), error_text(err, "ru")) == (en, ru)


def test_a_wrong_count_in_minibridge_and_a_call_for_the_three_handed_dummy() -> None:
    """MB-2 in strict mode: a wrong announcement is refused; TH-4: nobody calls for the dummy."""
    mini = MiniBridgeDeal.from_board(1, DEAL)  # North deals board 1 and holds 37 points
    err = _refusal(mini, "12")
    assert error_text(err, "en") == (
        "North does not hold 12 high-card points: count again (A 4, K 3, Q 2, J 1) (MB-2)."
    )
    assert error_text(err, "ru") == (
        "У игрока Север не 12 очков: пересчитайте (Т 4, К 3, Д 2, В 1) (MB-2)."
    )
    three = ThreeHandedDeal(DEAL, players=("Ann", "Bob", "Cy"), mode=Mode.TABLE)
    dummy = three.dealer.partner
    err = _refusal(three, "1C", dummy)
    name = {"N": "Север", "E": "Восток", "S": "Юг", "W": "Запад"}[dummy.letter]
    assert error_text(err, "ru") == (
        f"{name} — место болвана: за болвана никто не действует (TH-4)."
    )


def test_an_illegal_action_reads_as_the_catalogue_says() -> None:
    """``str()`` of a refusal is its English rendering from the catalogue (one wording): out
    of turn and an insufficient bid (CB-5); the refusal is the error's (``DealState.refusal``)."""
    state = ContractBridgeDeal(DEAL)
    cases = [
        ("1C", Seat.WEST, "West may not act now: it is North's turn (CB-5)."),
        ("1S", None, None),
        ("1H", None, "1♥ is not enough: the last bid is 1♠ (CB-5)."),
        ("X", Seat.EAST, None),
    ]
    for action, seat, expected in cases:
        refusal = state.refusal(action, seat)
        if expected is None:
            assert refusal is None
            state.apply(action, seat)
            continue
        with pytest.raises(IllegalActionError) as info:
            state.apply(action, seat)
        assert str(info.value) == expected == error_text(info.value, "en")
        assert info.value.refusal == refusal
    with pytest.raises(TypeError):  # a refusal has one wording: a key or a text, not both
        IllegalActionError("it is not your turn", key="rules.not_your_turn")


@pytest.mark.parametrize(
    ("parse", "text", "en"),
    [
        ("Card", "Z9", None),
        ("Call", "8NT", "“8NT” is not a call: a bid's level is 1 to 7."),
        ("Contract", "4", None),
        ("Suit", "X", "“X” is not a suit."),
        ("Correction", "correct", None),
    ],
)
def test_text_the_rules_cannot_read_has_one_wording(parse: str, text: str, en: str | None) -> None:
    """A ParseError of the rules, as a refusal, carries only its catalogue key: its ``str()`` is
    the catalogue's English (with the rule's number where the text breaks one, CB-V1 for a
    revoke correction), the same words as ``error_text``; a key and a text at once is a bug."""
    import bridgeroom.rules as rules

    with pytest.raises(ParseError) as info:
        cls = getattr(rules, parse)
        (cls.find if parse == "Suit" else cls.parse)(text)
    err = info.value
    assert err.key is not None and err.key.startswith("rules.")
    assert str(err) == error_text(err, "en")
    assert error_text(err, "ru") != str(err)
    if en is not None:
        assert str(err) == en
    if parse == "Correction":
        assert str(err).endswith("(CB-V1).")
    with pytest.raises(TypeError):
        ParseError("not a suit", key="rules.not_suit", params={"text": "X"})


def test_the_table_passes_the_engines_refusal_on_in_every_language() -> None:
    """The server and the terminal play through the table: it raises the engine's refusal as a
    TableError with the same message and rule, and changes nothing."""
    table = Table("contract", seed=7, robots={1: "random", 2: "random", 3: "random"})
    table.join(0, "Ann")
    table.deal()
    before = list(table.state.history)  # type: ignore[union-attr]
    with pytest.raises(TableError) as info:
        table.act(0, "пТ")
    assert info.value.render("ru") == "«пТ» — это карта: карты играют после торговли."
    assert info.value.key == "rules.card_in_auction"
    assert isinstance(info.value.__cause__, IllegalActionError)
    assert table.state.history == before  # type: ignore[union-attr]


#: What a person might type or click at any moment, in either language.
TEXTS = ["пТ", "sa", "1nt", "8NT", "p", "x", "xx", "claim 13", "claim", "correct SA", "correct E 9",
         "12", "99", "", "look at dummy", "cancel bid", "hello", "1бк", "♠A", "4SX"]  # fmt: skip


@st.composite
def _attempt(draw: DrawFn) -> tuple[object, Seat | None]:
    kind = draw(st.integers(0, 2))
    seat = draw(st.one_of(st.none(), st.sampled_from(list(Seat))))
    if kind == 0:
        return draw(st.sampled_from(CARDS)), seat
    if kind == 1:
        return draw(st.sampled_from(CALLS)), seat
    return draw(st.sampled_from(TEXTS)), seat


@settings(max_examples=150, deadline=None)
@given(
    lines(any_deals(modes), act=proper_step, steps=60),
    st.lists(_attempt(), min_size=1, max_size=6),
)
def test_anything_a_person_tries_is_refused_with_a_message_of_the_catalogue(
    line: Line[DealState], attempts: list[tuple[object, Seat | None]]
) -> None:
    """Any game, any mode, at any point of a deal: whatever card, call or text any seat tries,
    a refusal names its catalogue message and reads in English and Russian; the catalogue's
    English is the engine's own sentence (its key words are in ``str(err)``)."""
    state = line.final()
    for action, seat in attempts:
        try:
            state.apply(action, seat)
        except (ParseError, IllegalActionError) as err:
            assert err.key is not None, f"{type(err).__name__} without a key: {err}"
            en, ru = error_text(err, "en"), error_text(err, "ru")
            assert en and ru and en != ru
            if isinstance(err, IllegalActionError):  # one wording: str() is the catalogue's
                assert str(err) == en
            # no English word in the Russian, but for what the person typed (quoted «...»)
            # and the words typed to correct and to claim
            own = re.sub(r"«[^»]*»|correct|claim", "", ru)
            assert not re.search(r"[A-Za-z]{4,}", own), ru
