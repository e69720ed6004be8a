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

The language comes from ``--lang``, else from ``BRIDGEROOM_LANG``, else from
the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English:

    >>> detect_language(None, {"LANG": "ru_RU.UTF-8"})
    'ru'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from importlib import resources

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Call, Card, Contract, Rank, Seat, Side, Strain, Suit

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "MessageError",
    "Messages",
    "call_text",
    "card_text",
    "catalogue",
    "check_language",
    "contract_text",
    "detect_language",
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

    def __repr__(self) -> str:
        return f"Messages({self.lang!r})"
