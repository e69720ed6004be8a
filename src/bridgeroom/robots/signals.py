"""Defenders' attitude signals: the convention the robots play, and how a defender reads it.

The convention (standard attitude, docs/bidding.md "Carding"): when a defender
follows to his partner's lead of a suit that is led for the first time in the
deal, and does not try to win the trick (partner's card is winning, or he cannot
beat the card that is), he plays his highest spot card (nine or lower) to
*encourage* when he holds the ace, king or queen of the suit and at least two
spot cards; otherwise his lowest card (*discourage*).

    >>> from bridgeroom.rules import Hand
    >>> str(attitude_card(Hand("K872.-.-.-").mask))     # an honour: the highest spot
    'S8'
    >>> str(attitude_card(Hand("9742.-.-.-").mask))     # none: the lowest card
    'S2'

A defender reads his partner's signals: a layout of the unseen cards in which
partner's card was not the one the convention gives for his holding there
counts :data:`SIGNAL_WEIGHT` as much (:func:`signal_weights`). The weight is soft
because a robot gives the signal only when the card costs nothing in its own
judgement, and a person may play another convention.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgeroom.robots.public import high_to_low, partner_of, winning_so_far
from bridgeroom.rules.core import SUIT_MASK, Card, Seat, Suit
from bridgeroom.rules.state import View

__all__ = [
    "SIGNAL_WEIGHT",
    "Signal",
    "attitude_card",
    "gives_attitude",
    "partner_signals",
    "signal_weights",
]

#: The weight of a layout, per partner's signal it does not explain.
SIGNAL_WEIGHT = 0.25
#: Ranks that make a holding worth encouraging: ace, king, queen.
_HONOUR = 12
#: The highest rank that is a spot card.
_SPOT = 9


def attitude_card(holding: int) -> Card:
    """The card the convention plays from ``holding`` (one suit's cards, a mask; not empty)."""
    cards = high_to_low(holding)
    spots = [c for c in cards if c.rank <= _SPOT]
    if cards[0].rank >= _HONOUR and len(spots) >= 2:
        return spots[0]
    return cards[-1]


def _defender(view: View, seat: Seat) -> bool:
    """Whether ``seat`` defends (in every game: neither the declarer nor the dummy)."""
    if view.declarer is None or view.dummy_seat is None:
        return False
    return not view.is_declaring(seat)


def _first_time(view: View, suit: Suit, before: int) -> bool:
    """Whether no trick before trick number ``before`` (0-based) was led in ``suit``."""
    return all(t.cards[0].suit != suit for t in view.tricks[:before])


def gives_attitude(view: View, seat: Seat) -> bool:
    """Whether ``seat``, to play now, is a defender following to his partner's lead of a suit led
    for the first time (the moment of the signal, if he does not try to win the trick)."""
    if not _defender(view, seat) or len(view.trick) != 2:
        return False
    leader, led = view.trick[0]
    return leader == partner_of(view, seat) and _first_time(view, led.suit, len(view.tricks))


@dataclass(frozen=True, slots=True)
class Signal:
    """Partner's attitude card, and the cards of its suit he has played since (the card included):
    added to his remaining cards of the suit in a layout, they give his holding at the time."""

    seat: Seat
    card: Card
    since: int


def partner_signals(view: View) -> list[Signal]:
    """The attitude signals partner gave on the leads of the defender ``view.seat`` so far."""
    me = view.seat
    if not _defender(view, me):
        return []
    partner = partner_of(view, me)
    trump = view.contract.strain.suit if view.contract is not None else None
    out = []
    for n, t in enumerate(view.tricks):
        if t.leader != me or t.seats[2] != partner:
            continue
        led = t.cards[0].suit
        card = t.cards[2]
        if card.suit != led or not _first_time(view, led, n):
            continue
        # a card that takes the lead in the trick tries to win: it says nothing of his attitude
        if winning_so_far(tuple(zip(t.seats[:3], t.cards[:3], strict=True)), trump)[0] == partner:
            continue
        since = 0
        for later in view.tricks[n:]:
            for s, c in zip(later.seats, later.cards, strict=True):
                if s == partner and c.suit == led:
                    since |= c.mask
        for s, c in view.trick:
            if s == partner and c.suit == led:
                since |= c.mask
        out.append(Signal(partner, card, since))
    return out


def signal_weights(signals: Sequence[Signal], layouts: Sequence[Sequence[int]]) -> list[float]:
    """The weight of each layout (remaining hands N, E, S, W): :data:`SIGNAL_WEIGHT` to the power of
    partner's signals the convention does not give from his holding in it."""
    out = []
    for hands in layouts:
        w = 1.0
        for sig in signals:
            holding = (hands[sig.seat] & SUIT_MASK[sig.card.suit]) | sig.since
            if attitude_card(holding) != sig.card:
                w *= SIGNAL_WEIGHT
        out.append(w)
    return out
