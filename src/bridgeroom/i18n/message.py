"""Messages made now and rendered later in any language: a catalogue key with its parameters
(:class:`Message`), a text already written in every language (:class:`Texts`), and the messages
of one language as a callable (:class:`Messages`). Robots explain their decisions this way.

    >>> explain(Message("robot.play.third_hand_high"), "ru")
    'третьей рукой — старшую'
"""

from __future__ import annotations

import numbers
from typing import Protocol, TypeVar

from bridgeroom.errors import BridgeError, ParseError, Refusal
from bridgeroom.i18n.catalogues import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    MessageError,
    check_language,
    translate,
)
from bridgeroom.i18n.plurals import plural
from bridgeroom.i18n.words import (
    call_text,
    card_text,
    contract_text,
    rank_text,
    seat_letter,
    seat_name,
    side_name,
    suit_name,
)
from bridgeroom.rules.core import Call, Card, Contract, Rank, Seat, Side, Strain, Suit
from bridgeroom.rules.views import Phase

__all__ = [
    "Explained",
    "Message",
    "Messages",
    "Texts",
    "error_text",
    "explain",
    "keyed",
    "refusal_text",
]

_E = TypeVar("_E", bound=BridgeError)


class Message:
    """A catalogue key and its parameters, to be rendered later in any language.

    Parameters are written in the language of the rendering: a card, a call or a
    contract with its letters, a suit or a strain by name (or in the form a
    placeholder's format spec asks for: ``{suit:count}`` after a number, ``{strain:in}``
    with its preposition, ``{suit:adj}`` as an adjective, ``{suit:sym}`` as a symbol),
    a nested :class:`Message` rendered in the same language, and numbers with the
    usual format specs or a plural spec (``{n:trick|tricks}``, in Russian three forms
    ``{n:взятка|взятки|взяток}``). Robots explain their decisions this way.

    >>> from bridgeroom.rules import Call, Card, Suit
    >>> m = Message("robot.decision", action=Call("1S"), why=Message("robot.bid.open_major", hcp=13, suit=Suit.SPADES))
    >>> m.render("en")
    '1♠: 13 points, five or more spades'
    >>> m.render("ru")
    '1♠: 13 очков, пять или больше пик'
    """

    __slots__ = ("key", "params")

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params: tuple[tuple[str, object], ...] = tuple(params.items())

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The message in ``lang``, its parameters written in that language."""
        return translate(
            self.key, lang, **{name: _word(value, lang) for name, value in self.params}
        )

    def used_keys(self) -> list[str]:
        """The catalogue keys this message uses, its own first, then those of nested messages.

        >>> Message("robot.auction.keep", reason=Message("robot.random"), mean=120.0, n=4).used_keys()
        ['robot.auction.keep', 'robot.random']
        """
        out = [self.key]
        for _, value in self.params:
            if isinstance(value, Message):
                out += value.used_keys()
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Message):
            return NotImplemented
        return (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash((self.key, self.params))

    def __repr__(self) -> str:
        inside = "".join(f", {name}={value!r}" for name, value in self.params)
        return f"Message({self.key!r}{inside})"


class Texts:
    """A text already written in every language (the coach's advice, made in each), as a parameter.

    >>> Texts(en="Play 3NT.", ru="Играйте 3БК.").render("ru")
    'Играйте 3БК.'
    """

    __slots__ = ("texts",)

    def __init__(self, **texts: str) -> None:
        missing = [lang for lang in LANGUAGES if lang not in texts]
        if missing:
            raise MessageError(f"a text is missing in {', '.join(missing)}")
        self.texts: tuple[tuple[str, str], ...] = tuple(sorted(texts.items()))

    def render(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The text in ``lang``."""
        return dict(self.texts)[check_language(lang)]

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Texts) and self.texts == other.texts

    def __hash__(self) -> int:
        return hash(self.texts)

    def __repr__(self) -> str:
        return f"Texts({', '.join(f'{k}={v!r}' for k, v in self.texts)})"


class Worded:
    """A value whose words are a catalogue :class:`Message` (``message``): :attr:`what` in
    English, :meth:`text` in any language (a line of a deal's score, an entry of a pad)."""

    __slots__ = ()
    message: Message

    @property
    def what(self) -> str:
        """The words in English."""
        return self.message.render(DEFAULT_LANGUAGE)

    def text(self, lang: str) -> str:
        """The words in ``lang``."""
        return self.message.render(lang)


class Explained(Protocol):
    """Anything that carries a :class:`Message` explaining it (a robot's decision)."""

    @property
    def message(self) -> Message: ...


def explain(item: Explained | Message, lang: str = DEFAULT_LANGUAGE) -> str:
    """A robot's decision (or any :class:`Message`) explained in ``lang``.

    >>> explain(Message("robot.random"), "ru")
    'случайное допустимое действие'
    """
    message = item if isinstance(item, Message) else item.message
    return message.render(lang)


class _Word:
    """A parameter of a message, written in one language; its format spec picks the form."""

    __slots__ = ("value", "lang")

    def __init__(self, value: object, lang: str) -> None:
        self.value = value
        self.lang = lang

    def __str__(self) -> str:
        return format(self, "")

    def __repr__(self) -> str:  # ``{name!r}``: the value as written, quoted
        return repr(format(self, ""))

    def __format__(self, spec: str) -> str:
        value, lang = self.value, self.lang
        if isinstance(value, (Message, Texts)):
            return value.render(lang)
        if isinstance(value, Card):
            return card_text(value, lang)
        if isinstance(value, Call):
            return call_text(value, lang)
        if isinstance(value, Contract):
            return contract_text(value, lang)
        if isinstance(value, Seat):
            return seat_name(value, lang)
        if isinstance(value, Phase):
            return translate(f"phase.{value.value}", lang)
        if isinstance(value, (Suit, Strain)):
            return _strain_word(value, spec, lang)
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            return format(str(value), spec)
        number = int(value) if isinstance(value, numbers.Integral) else float(value)
        if "|" in spec:
            return plural(number, spec)
        return format(number, spec).replace(".", translate("number.decimal_point", lang))


def error_text(err: BaseException, lang: str = DEFAULT_LANGUAGE) -> str:
    """An error as a person reads it in ``lang``: its catalogue message (``err.key`` with
    ``err.params``, :class:`~bridgeroom.errors.BridgeError`) and the number of the rule it
    enforces; an error without a key is shown as its English text. Every face shows errors so.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> try:
    ...     state.apply("пТ")
    ... except Exception as err:
    ...     print(str(err)); print(error_text(err, "ru"))
    “пТ” is a card: cards are played after the auction.
    «пТ» — это карта: карты играют после торговли.
    >>> state.apply("1NT")
    >>> try:
    ...     state.apply("1S")
    ... except Exception as err:
    ...     print(error_text(err, "en")); print(error_text(err, "ru"))
    1♠ is not enough: the last bid is 1NT (CB-5).
    1♠ — недостаточная заявка: последняя заявка 1БК (CB-5).
    """
    key = getattr(err, "key", None)
    if not isinstance(key, str):
        return str(err)
    params = getattr(err, "params", None) or {}
    text = _with_rule(Message(key, **params).render(lang), getattr(err, "rule", None))
    line = getattr(err, "line", None)
    if isinstance(err, ParseError) and isinstance(line, int):  # text read from a file
        text = translate("cli.at_line", lang, line=line, message=text)
    return text


def error_texts(err: BaseException) -> Texts:
    """An error as a person reads it in every language (:func:`error_text` in each), to be given
    to a message that says what went wrong around it.

    >>> error_texts(ParseError(key="rules.not_suit", params={"text": "X"})).render("ru")
    '«X» — не масть.'
    """
    return Texts(**{lang: error_text(err, lang) for lang in LANGUAGES})


def refusal_text(refusal: Refusal, lang: str = DEFAULT_LANGUAGE) -> str:
    """The rules' refusal (:meth:`bridgeroom.rules.DealState.refusal`) as a person reads it in
    ``lang``, with the rule's number: the same words as :func:`error_text` of the error that
    carries it.

    >>> refusal_text(Refusal("CB-5", "rules.insufficient", {"call": Call("1C"), "last": Call("1S")}))
    '1♣ is not enough: the last bid is 1♠ (CB-5).'
    """
    return _with_rule(Message(refusal.key, **refusal.params).render(lang), refusal.rule)


def _with_rule(text: str, rule: object) -> str:
    """``text`` with the number of the rule it enforces, before its closing full stop."""
    if not rule:
        return text
    if text.endswith("."):
        return f"{text[:-1]} ({rule})."
    return f"{text} ({rule})"


def keyed(error: type[_E], key: str, /, **params: object) -> _E:
    """An ``error`` (a :class:`~bridgeroom.errors.BridgeError` class taking its text) that says the
    catalogue message ``key``: its text is the English one, every face renders it in its
    person's language (:func:`error_text`).

    >>> err = keyed(BridgeError, "deal.first_board", number=0)
    >>> str(err), error_text(err, "ru")
    ('boards are numbered from 1, not 0', 'сдачи нумеруются с 1, а не с 0')
    """
    err = error(Message(key, **params).render(DEFAULT_LANGUAGE))
    err._keyed(key, params)
    return err


def _strain_word(value: Suit | Strain, spec: str, lang: str) -> str:
    letter = "N" if value is Strain.NOTRUMP else value.letter
    if spec == "sym":
        return value.symbol if letter != "N" else translate("call.notrump", lang)
    if spec == "in":
        return translate(f"strain_in.{letter}", lang)
    if spec == "letter":
        return translate(f"strain_letter.{letter}", lang)
    if letter == "N":
        return translate("strain_name.N", lang)
    if spec in ("count", "adj"):
        return translate(f"suit_{spec}.{letter}", lang)
    if spec:
        raise MessageError(f"no form {spec!r} of a suit")
    return translate(f"suit.{letter}", lang)


def _word(value: object, lang: str) -> object:
    return value if isinstance(value, str) else _Word(value, lang)


class Messages:
    """The messages of one language, as a callable: ``_ = Messages("ru"); _("play.you")``."""

    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        self.lang = check_language(lang)

    def __call__(self, key: str, /, **params: object) -> str:
        """The message ``key`` in this language, its parameters written as :class:`Message`
        writes them (so a number takes its plural form: ``{n:trick|tricks}``).

        >>> Messages("ru")("screen.pair_points", pair="СЮ", points=21)
        'СЮ: 21 очко'
        """
        return Message(key, **params).render(self.lang)

    def card(self, card: Card) -> str:
        return card_text(card, self.lang)

    def call(self, call: Call) -> str:
        return call_text(call, self.lang)

    def contract(self, contract: Contract, *, declarer: bool = True) -> str:
        return contract_text(contract, self.lang, declarer=declarer)

    def seat(self, seat: Seat) -> str:
        return seat_name(seat, self.lang)

    def letter(self, seat: Seat) -> str:
        return seat_letter(seat, self.lang)

    def side(self, side: Side) -> str:
        return side_name(side, self.lang)

    def rank(self, rank: Rank) -> str:
        return rank_text(rank, self.lang)

    def suit(self, suit: Suit) -> str:
        return suit_name(suit, self.lang)

    def explain(self, item: Explained | Message) -> str:
        """A robot's decision explained in this language (see :func:`explain`)."""
        return explain(item, self.lang)

    def __repr__(self) -> str:
        return f"Messages({self.lang!r})"
