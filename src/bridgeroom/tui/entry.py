"""What a person types at the table: an action in a short form, or a command.

Calls: ``1n``, ``1nt``, ``4s``, ``x``, ``xx``, ``p`` (Russian ``1бк``, ``пас``,
``контра``). Cards: suit then rank or rank then suit (``sa``, ``h7``, ``10h``,
``пд``), or the rank alone when it names one card that may be played (the
suit is forced). Mini-bridge counts are numbers. Commands (``undo``, ``hint``,
``claim``, ``last``, ``score``, ``look``, ``coach``, ``help``, ``quit``) are
accepted in English and in the Russian of the catalogue.

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
    >>> state.apply("S7")
    >>> read_entry("6", state, "en")            # dummy must follow in spades
    Entry(kind='action', value=Card('S6'))
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import LANGUAGES, call_text, card_text, suit_name, translate
from bridgeroom.rules import Action, Call, Card, DealState, Phase, Rank, Seat, Suit

__all__ = ["COMMANDS", "Entry", "EntryError", "read_entry", "check_action", "parse_action"]

#: The commands of the table (their words are ``command.<name>`` in the catalogue).
COMMANDS = ("undo", "hint", "claim", "last", "score", "look", "coach", "help", "quit")


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
    global _WORDS
    if _WORDS is None:
        _WORDS = _command_words()
    line = " ".join(text.strip().split())
    if not line:
        raise EntryError(translate("error.empty", lang))
    head, _, rest = line.partition(" ")
    name = _WORDS.get(head.lower())
    if name is not None:
        if name == "claim":
            return Entry("claim", _claim_count(rest, lang))
        if rest:
            raise EntryError(translate("error.command_args", lang, command=head))
        return Entry(name)
    action = parse_action(line, state, lang)
    check_action(action, state, lang)
    return Entry("action", action)


def _claim_count(rest: str, lang: str) -> int | None:
    if not rest:
        return None
    if rest.isdigit() and 0 <= int(rest) <= 13:
        return int(rest)
    raise EntryError(translate("error.claim_count", lang, text=rest))


def parse_action(text: str, state: DealState, lang: str) -> Action:
    """The action named by ``text`` in the current phase (not yet checked against the rules)."""
    phase = state.phase
    key = text.strip()
    if phase is Phase.DONE:
        raise EntryError(translate("error.deal_over", lang))
    if phase is Phase.ANNOUNCE:
        if not key.isdigit():
            raise EntryError(translate("error.not_count", lang, text=key))
        return state.parse_action(key)
    if phase in (Phase.AUCTION, Phase.NAMING):
        try:
            return Call.parse(_RU_CALLS.get(key.lower(), key))
        except ParseError:
            pass
        if _looks_like_card(key, state):
            raise EntryError(translate("error.card_in_auction", lang, text=key))
        if phase is Phase.NAMING:
            raise EntryError(translate("error.not_contract", lang, text=key))
        raise EntryError(translate("error.not_call", lang, text=key))
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
        raise EntryError(translate("error.not_card", lang, text=key)) from None
    raise EntryError(translate("error.call_in_play", lang, text=key))


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
            typed=(example.suit.letter + example.rank.letter).lower(),
        )
    )


def _rank_text(rank: Rank, lang: str) -> str:
    return translate(f"rank.{rank.letter}", lang)


def check_action(action: Action, state: DealState, lang: str) -> None:
    """:class:`EntryError` with the reason (and the rule) when ``action`` is not legal now."""
    legal = state.legal_actions()
    if action in legal:
        return
    seat = state.turn
    assert seat is not None
    phase = state.phase
    if isinstance(action, Card) and phase is Phase.PLAY:
        hand = state.hand(seat)
        if action not in hand:
            raise EntryError(translate("error.not_held", lang, card=card_text(action, lang)))
        led = state.current_trick[0][1].suit if state.current_trick else None
        if led is not None:
            raise EntryError(
                translate(
                    "error.follow_suit",
                    lang,
                    card=card_text(action, lang),
                    suit=suit_name(Suit(led), lang),
                )
            )
    if isinstance(action, Call) and phase is Phase.AUCTION:
        if action.is_bid:
            bids = [c for c in legal if isinstance(c, Call) and c.is_bid]
            lowest = call_text(bids[0], lang) if bids else "-"
            raise EntryError(
                translate("error.insufficient", lang, call=call_text(action, lang), lowest=lowest)
            )
        if action.is_double:
            raise EntryError(translate("error.no_double", lang))
        if action.is_redouble:
            raise EntryError(translate("error.no_redouble", lang))
    if isinstance(action, Call) and phase is Phase.NAMING:
        raise EntryError(translate("error.name_a_contract", lang))
    if phase is Phase.ANNOUNCE:
        raise EntryError(translate("error.wrong_count", lang))
    raise EntryError(translate("error.not_allowed", lang, action=str(action)))


def seat_of_turn(state: DealState) -> Seat | None:
    """The seat whose card or call is due."""
    return state.turn
