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

The modules: :mod:`~bridgeroom.i18n.catalogues` (reading the catalogues, looking up and filling
in a message, the language to use), :mod:`~bridgeroom.i18n.plurals` (plural forms),
:mod:`~bridgeroom.i18n.words` (cards, calls, suits and seats in a language's words) and
:mod:`~bridgeroom.i18n.message` (:class:`Message`, :class:`Texts`, :class:`Messages`).
"""

from __future__ import annotations

from bridgeroom.i18n.catalogues import (
    DEFAULT_LANGUAGE,
    LANGUAGES,
    MessageError,
    catalogue,
    check_language,
    detect_language,
    translate,
)
from bridgeroom.i18n.message import (
    Explained,
    Message,
    Messages,
    Texts,
    Worded,
    error_text,
    error_texts,
    explain,
    keyed,
    refusal_text,
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
    strain_text,
    suit_name,
)

__all__ = [
    "LANGUAGES",
    "DEFAULT_LANGUAGE",
    "Explained",
    "Message",
    "MessageError",
    "Messages",
    "Texts",
    "Worded",
    "call_text",
    "card_text",
    "catalogue",
    "check_language",
    "contract_text",
    "detect_language",
    "error_text",
    "error_texts",
    "explain",
    "keyed",
    "plural",
    "refusal_text",
    "rank_text",
    "seat_letter",
    "seat_name",
    "side_name",
    "strain_text",
    "suit_name",
    "translate",
]
