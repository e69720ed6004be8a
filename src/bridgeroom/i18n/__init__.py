"""Messages for people, in English and Russian, from one catalogue a translator can edit.

Every sentence the terminal client (and the web server) shows is a key of the
catalogue files ``messages/en.toml`` and ``messages/ru.toml`` (TOML: sections
and ``key = "text"`` lines, with ``{name}`` placeholders). Both files hold the
same keys; a test checks it.

    >>> translate("play.you", "en")
    'you'
    >>> translate("play.you", "ru")
    'вы'
    >>> translate("error.not_your_turn", "en", seat="North")
    "It is North's turn, not yours."

Cards, calls, suits and seats are written with the letters of the language
(Russian Т К Д В for ace, king, queen, jack; БК for no trump):

    >>> from bridgeroom.rules import Call, Card, Seat
    >>> card_text(Card("SA"), "ru"), card_text(Card("HT"), "en")
    ('♠Т', '♥10')
    >>> call_text(Call("1NT"), "ru"), call_text(Call("P"), "en")
    ('1БК', 'Pass')
    >>> seat_name(Seat.WEST, "ru")
    'Запад'

Robots explain their decisions with a :class:`Message` (a key of the ``[robot]``
sections and its parameters), rendered in any language by :func:`explain`:

    >>> explain(Message("robot.play.third_hand_high"), "ru")
    'третьей рукой — старшую'

The language comes from ``--lang``, else from ``BRIDGEROOM_LANG``, else from
the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English:

    >>> detect_language(None, {"LANG": "ru_RU.UTF-8"})
    'ru'
"""

from __future__ import annotations

import numbers
import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources
from typing import Protocol

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Call, Card, Contract, Rank, Seat, Side, Strain, Suit

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "Explained",
    "Message",
    "MessageError",
    "Messages",
    "Texts",
    "call_text",
    "card_text",
    "catalogue",
    "check_language",
    "contract_text",
    "detect_language",
    "explain",
    "plural",
    "rank_text",
    "seat_letter",
    "seat_name",
    "side_name",
    "strain_text",
    "suit_name",
    "translate",
]

#: The languages that have a catalogue.
LANGUAGES: tuple[str, ...] = ("en", "ru")
DEFAULT_LANGUAGE = "en"


class MessageError(BridgeError, LookupError):
    """An unknown language, an unknown message key, or a placeholder missing from the parameters."""


def check_language(lang: str) -> str:
    """``lang`` normalised (``RU`` -> ``ru``), or :class:`MessageError` when it has no catalogue.

    >>> check_language("RU")
    'ru'
    """
    key = lang.strip().lower().replace("_", "-").split("-")[0]
    if key not in LANGUAGES:
        raise MessageError(
            f"no messages in language {lang!r}; the languages are {', '.join(LANGUAGES)}"
        )
    return key


def _flatten(table: Mapping[str, object], prefix: str, out: dict[str, str]) -> None:
    for name, value in table.items():
        key = f"{prefix}{name}"
        if isinstance(value, Mapping):
            _flatten(value, key + ".", out)
        elif isinstance(value, str):
            out[key] = value
        else:
            raise MessageError(f"message {key!r} is not text: {value!r}")


@cache
def catalogue(lang: str) -> Mapping[str, str]:
    """All messages of ``lang`` as dotted keys (``play.prompt``), read once from its TOML file."""
    lang = check_language(lang)
    text = (
        resources.files("bridgeroom.i18n").joinpath("messages", f"{lang}.toml").read_text("utf-8")
    )
    out: dict[str, str] = {}
    _flatten(tomllib.loads(text), "", out)
    return out


def translate(key: str, lang: str = DEFAULT_LANGUAGE, /, **params: object) -> str:
    """The message ``key`` in ``lang`` with ``{name}`` placeholders filled from ``params``."""
    messages = catalogue(lang)
    try:
        text = messages[key]
    except KeyError:
        raise MessageError(f"no message {key!r} in the {lang} catalogue") from None
    if not params:
        return text
    try:
        return text.format(**params)
    except (KeyError, IndexError) as err:
        raise MessageError(f"message {key!r} needs the parameter {err}") from None


def detect_language(explicit: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The language to use: ``explicit``, else ``BRIDGEROOM_LANG``, else the locale, else English.

    The locale variables are read in POSIX order (``LC_ALL``, ``LC_MESSAGES``,
    ``LANG``); ``ru_RU.UTF-8`` gives ``ru``; a language without a catalogue gives English.

    >>> detect_language("ru"), detect_language(None, {"LC_ALL": "de_DE.UTF-8", "LANG": "ru_RU"})
    ('ru', 'en')
    """
    if explicit:
        return check_language(explicit)
    import os

    env = os.environ if environ is None else environ
    if env.get("BRIDGEROOM_LANG"):
        return check_language(env["BRIDGEROOM_LANG"])
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:
            code = value.split(".")[0].split("_")[0].lower()
            return code if code in LANGUAGES else DEFAULT_LANGUAGE
    return DEFAULT_LANGUAGE


# --- cards, calls, seats --------------------------------------------------------


def rank_text(rank: Rank, lang: str = DEFAULT_LANGUAGE) -> str:
    """The rank as written in ``lang``: ``A K Q J 10 9 ... 2`` or ``Т К Д В 10 9 ... 2``.

    >>> rank_text(Rank.QUEEN, "ru"), rank_text(Rank.TEN, "en")
    ('Д', '10')
    """
    return translate(f"rank.{rank.letter}", lang)


def suit_name(suit: Suit, lang: str = DEFAULT_LANGUAGE) -> str:
    """The suit's name: ``spades`` / ``пики``.

    >>> suit_name(Suit.CLUBS, "ru")
    'трефы'
    """
    return translate(f"suit.{suit.letter}", lang)


def strain_text(strain: Strain, lang: str = DEFAULT_LANGUAGE) -> str:
    """A strain as written in a call: a suit symbol, or ``NT`` / ``БК``."""
    if strain is Strain.NOTRUMP:
        return translate("call.notrump", lang)
    return strain.symbol


def card_text(card: Card, lang: str = DEFAULT_LANGUAGE) -> str:
    """A card with its suit symbol and the rank letter of ``lang``: ``♠Q`` / ``♠Д``."""
    return card.suit.symbol + rank_text(card.rank, lang)


def call_text(call: Call, lang: str = DEFAULT_LANGUAGE) -> str:
    """A call for people: ``Pass``, ``X``, ``XX``, ``1♥``, ``3NT`` (``пас``, ``контра``, ``3БК``)."""
    if call.is_pass:
        return translate("call.pass", lang)
    if call.is_double:
        return translate("call.double", lang)
    if call.is_redouble:
        return translate("call.redouble", lang)
    assert call.strain is not None
    return f"{call.level}{strain_text(call.strain, lang)}"


def contract_text(
    contract: Contract, lang: str = DEFAULT_LANGUAGE, *, declarer: bool = True
) -> str:
    """A contract for people: ``4♠X by South`` / ``4♠X, играет Юг``.

    >>> contract_text(Contract("3NTXXW"), "en")
    '3NTXX by West'
    """
    text = (
        f"{contract.level}{strain_text(contract.strain, lang)}" + ("", "X", "XX")[contract.doubled]
    )
    if declarer and contract.declarer is not None:
        return translate(
            "contract.by", lang, contract=text, declarer=seat_name(contract.declarer, lang)
        )
    return text


def seat_name(seat: Seat, lang: str = DEFAULT_LANGUAGE) -> str:
    """``North`` / ``Север``."""
    return translate(f"seat.{seat.letter}", lang)


def seat_letter(seat: Seat, lang: str = DEFAULT_LANGUAGE) -> str:
    """``N`` / ``С``."""
    return translate(f"seat_letter.{seat.letter}", lang)


def side_name(side: Side, lang: str = DEFAULT_LANGUAGE) -> str:
    """``NS`` / ``СЮ``."""
    return seat_letter(side.seats[0], lang) + seat_letter(side.seats[1], lang)


# --- messages with parameters, rendered in any language ------------------------------


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


def plural(n: float, forms: str) -> str:
    """The form of a noun for ``n``: ``forms`` is ``one|many`` (English) or ``one|few|many``
    (Russian: 1, 21 взятка; 2-4, 22 взятки; 5-20, 25 взяток; a fraction: взятки).

    >>> [plural(n, "взятка|взятки|взяток") for n in (1, 3, 5, 11, 21, 22)]
    ['взятка', 'взятки', 'взяток', 'взяток', 'взятка', 'взятки']
    >>> plural(1, "trick|tricks"), plural(2, "trick|tricks")
    ('trick', 'tricks')
    """
    words = forms.split("|")
    if n != int(n):
        return words[1] if len(words) == 3 else words[-1]
    k = abs(int(n))
    if len(words) == 3:
        if k % 10 == 1 and k % 100 != 11:
            return words[0]
        if 2 <= k % 10 <= 4 and not 12 <= k % 100 <= 14:
            return words[1]
        return words[2]
    return words[0] if k == 1 else words[-1]


class _Word:
    """A parameter of a message, written in one language; its format spec picks the form."""

    __slots__ = ("value", "lang")

    def __init__(self, value: object, lang: str) -> None:
        self.value = value
        self.lang = lang

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
        if isinstance(value, (Suit, Strain)):
            return _strain_word(value, spec, lang)
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            return format(str(value), spec)
        number = int(value) if isinstance(value, numbers.Integral) else float(value)
        if "|" in spec:
            return plural(number, spec)
        return format(number, spec).replace(".", translate("number.decimal_point", lang))


def _strain_word(value: Suit | Strain, spec: str, lang: str) -> str:
    letter = "N" if value is Strain.NOTRUMP else value.letter
    if spec == "sym":
        return value.symbol if letter != "N" else translate("call.notrump", lang)
    if spec == "in":
        return translate(f"strain_in.{letter}", lang)
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
        return translate(key, self.lang, **params)

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
