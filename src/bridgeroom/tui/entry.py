"""What a person types at the table: an action in a short form, or a command.

Calls: ``1n``, ``1nt``, ``4s``, ``x``, ``xx``, ``p`` (Russian ``1бк``, ``пас``,
``контра``). Cards: suit then rank or rank then suit (``sa``, ``h7``, ``10h``,
``пд``), or the rank alone when it names one card that may be played (the
suit is forced). Mini-bridge counts are numbers. Commands (``undo``, ``hint``,
``claim``, ``last``, ``tricks``, ``score``, ``look``, ``coach``, ``review``, ``help``,
``quit``) are accepted in English and in the Russian of the catalogue.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> read_entry("1n", state, "en")
    Entry(kind='action', value=Call('1NT'))
    >>> read_entry("подсказка", state, "ru")
    Entry(kind='hint', value=None)
    >>> for call in ["7NT", "P", "P", "P"]:
    ...     state.apply(call)
    >>> read_entry("9", state, "en")            # East leads: which 9?
    Traceback (most recent call last):
    ...
    bridgeroom.tui.entry.EntryError: Several cards of that rank may be played: ♠9, ♥9, ♦9, ♣9. Type the suit too, e.g. ♠9 as s9.
    >>> read_entry("claim 14", state, "en")
    Traceback (most recent call last):
    ...
    bridgeroom.tui.entry.EntryError: Only 13 tricks remain: claim at most 13, not 14.
    >>> state.apply("S7")
    >>> read_entry("6", state, "en")            # dummy must follow in spades
    Entry(kind='action', value=Card('S6'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import (
    LANGUAGES,
    Message,
    card_text,
    refusal_text,
    seat_name,
    translate,
)
from bridgeroom.rules import Action, Call, Card, DealState, Phase, Rank, Seat

__all__ = [
    "COMMANDS",
    "MAX_LINE",
    "Entry",
    "EntryError",
    "check_action",
    "command_name",
    "parse_action",
    "read_entry",
    "review_number",
    "shown",
    "typed_form",
]

#: The commands of the table (their words are ``command.<name>`` in the catalogue).
COMMANDS = (
    "undo",
    "hint",
    "claim",
    "show",
    "last",
    "tricks",
    "score",
    "look",
    "coach",
    "review",
    "explain",
    "system",
    "help",
    "quit",
)

#: The longest line read as an entry (a call, a card, a command and its number are short).
MAX_LINE = 40


class EntryError(BridgeError):
    """A line that is not an action allowed now, with the reason in the player's language."""


@dataclass(frozen=True)
class Entry:
    """A typed line understood: ``kind`` ``action`` (``value`` the action) or a command (``value`` its argument)."""

    kind: str
    value: Action | int | None = None


def _command_words() -> dict[str, str]:
    words: dict[str, str] = {}
    for lang in LANGUAGES:
        for name in COMMANDS:
            for word in translate(f"command.{name}", lang).split("|"):
                words[word.strip().lower()] = name
    return words


_WORDS: dict[str, str] | None = None
_RU_CALLS = {"пас": "P", "п": "P", "контра": "X", "к": "X", "реконтра": "XX", "рк": "XX"}


def read_entry(text: str, state: DealState, lang: str) -> Entry:
    """The command or action typed; an action is checked against the rules (:class:`EntryError` if not allowed)."""
    line = " ".join(text.strip().split())
    if not line:
        raise EntryError(translate("error.empty", lang))
    if len(line) > MAX_LINE:
        raise EntryError(translate("error.too_long", lang, length=len(line)))
    head, _, rest = line.partition(" ")
    name = command_name(head)
    if name is not None:
        if name == "claim":
            return Entry("claim", _claim_count(rest, state, lang))
        if name == "review":
            return Entry("review", review_number(rest, lang))
        if rest:
            raise EntryError(translate("error.command_args", lang, command=head))
        return Entry(name)
    action = parse_action(line, state, lang)
    check_action(action, state, lang)
    return Entry("action", action)


def command_name(word: str) -> str | None:
    """The command (one of :data:`COMMANDS`) a word names, in English or Russian, or ``None``.

    >>> command_name("взятки"), command_name("Review"), command_name("7")
    ('tricks', 'review', None)
    """
    global _WORDS
    if _WORDS is None:
        _WORDS = _command_words()
    return _WORDS.get(word.strip().lower())


def review_number(rest: str, lang: str) -> int | None:
    """The deal number after ``review`` (none: the last deal finished).

    >>> review_number("2", "en"), review_number("", "en")
    (2, None)
    """
    if not rest:
        return None
    if not rest.isdigit() or int(rest) < 1:
        raise EntryError(translate("error.review_number", lang, text=shown(rest)))
    return int(rest)


def shown(text: str, limit: int = 20) -> str:
    """A piece of what the person typed, as an error repeats it: quoted, cut after ``limit``
    characters.

    >>> shown("8s"), shown("x" * 30)
    ("'8s'", "'xxxxxxxxxxxxxxxxxxxx…'")
    """
    return repr(text if len(text) <= limit else text[:limit] + "…")


def _claim_count(rest: str, state: DealState, lang: str) -> int | None:
    if not rest:
        return None
    if not rest.isdigit():
        raise EntryError(translate("error.claim_count", lang, text=shown(rest)))
    left = state.tricks_left
    if int(rest) > left:
        raise EntryError(Message("error.claim_more", remaining=left, tricks=int(rest)).render(lang))
    return int(rest)


def parse_action(text: str, state: DealState, lang: str) -> Action:
    """The action named by ``text`` in the current phase (not yet checked against the rules)."""
    phase = state.phase
    key = text.strip()
    if phase is Phase.DONE:
        raise EntryError(translate("error.deal_over", lang))
    if phase is Phase.ANNOUNCE:
        if not key.isdigit():
            raise EntryError(translate("error.not_count", lang, text=shown(key)))
        return state.parse_action(key)
    if phase in (Phase.AUCTION, Phase.NAMING):
        try:
            return Call.parse(_RU_CALLS.get(key.lower(), key))
        except ParseError:
            pass
        if _looks_like_card(key, state):
            if phase is Phase.NAMING:  # mini-bridge: no auction, the declarer names it (MB-6)
                raise EntryError(translate("error.card_in_naming", lang, text=shown(key)))
            raise EntryError(translate("error.card_in_auction", lang, text=shown(key)))
        if phase is Phase.NAMING:
            raise EntryError(translate("error.not_contract", lang, text=shown(key)))
        raise EntryError(translate("error.not_call", lang, text=shown(key)))
    # play
    try:
        return Card.parse(key)
    except ParseError:
        pass
    rank = _rank(key)
    if rank is not None:
        return _card_of_rank(rank, state, lang)
    try:
        Call.parse(_RU_CALLS.get(key.lower(), key))
    except ParseError:
        raise EntryError(translate("error.not_card", lang, text=shown(key))) from None
    raise EntryError(translate("error.call_in_play", lang, text=shown(key)))


def _looks_like_card(key: str, state: DealState) -> bool:
    try:
        Card.parse(key)
    except ParseError:
        return False
    return True


def _rank(key: str) -> Rank | None:
    if not re.fullmatch(r"(?i)10|[2-9TJQKAТКДВ]", key):
        return None
    try:
        return Rank.find(key)
    except ParseError:
        return None


def _card_of_rank(rank: Rank, state: DealState, lang: str) -> Card:
    """A rank alone: the one legal card of that rank (when the suit is forced)."""
    cards = sorted(
        (c for c in state.legal_actions() if isinstance(c, Card) and c.rank == rank), reverse=True
    )
    if len(cards) == 1:
        return cards[0]
    if not cards:
        raise EntryError(translate("error.no_such_rank", lang, rank=_rank_text(rank, lang)))
    names = ", ".join(card_text(c, lang) for c in cards)
    example = cards[0]
    raise EntryError(
        translate(
            "error.which_suit",
            lang,
            cards=names,
            card=card_text(example, lang),
            typed=typed_form(example, lang),
        )
    )


def typed_form(card: Card, lang: str) -> str:
    """How a person types ``card`` in ``lang``: the suit's key, then the rank (``d4``, ``б4``).

    >>> typed_form(Card("D4"), "ru"), typed_form(Card("SA"), "en"), typed_form(Card("HT"), "ru")
    ('б4', 'sa', 'ч10')
    """
    return (translate(f"suit_key.{card.suit.letter}", lang) + _rank_text(card.rank, lang)).lower()


def _rank_text(rank: Rank, lang: str) -> str:
    return translate(f"rank.{rank.letter}", lang)


def check_action(action: Action, state: DealState, lang: str) -> None:
    """:class:`EntryError` with the rules' reason (and the rule) when ``action`` is not legal
    now: the rules decide (:meth:`~bridgeroom.rules.DealState.refusal`), the terminal shows
    their refusal in the player's language."""
    refusal = state.refusal(action)
    if refusal is None:
        return
    if isinstance(action, Card) and refusal.key == "rules.not_held" and state.turn is not None:
        _other_hand(action, state.turn, state, lang)
    raise EntryError(refusal_text(refusal, lang))


def _other_hand(card: Card, seat: Seat, state: DealState, lang: str) -> None:
    """The declarer typed a card of the hand that is not to play: say whose turn it is (CB-9)."""
    declarer, dummy = state.declarer, state.dummy
    if declarer is None or dummy is None or state.to_act != declarer:
        return
    other = dummy if seat == declarer else declarer
    if card not in state.hand(other):
        return
    key = "error.dummy_plays" if seat == dummy else "error.declarer_plays"
    raise EntryError(translate(key, lang, seat=seat_name(seat, lang), card=card_text(card, lang)))
