"""Remedies for *strategy fusion*: double-dummy sampling scores each card as if, from the next
card on, every player knew the whole layout, so it can prefer a card whose line only works when
it guesses right later, or give up a trick that is sure now for one that needs a guess.

The expert keeps the card with the best mean when it is clearly best; among the cards that are
*near* the best (within one standard error of the paired difference, or :data:`FLOOR` tricks:
the layouts cannot tell them apart) it lets simple reasoning choose (:func:`choose`):

* **win now**: the last hand to a trick takes it with its cheapest winning card rather than
  ducking (a trick in hand against one that needs the right guess later);
* on lead, the rules' card (the ``basic`` level's: drawing trumps, cashing a winner, the
  conventional lead), which the double-dummy figures cannot tell from the best; when following,
  the rules' card only on an exact tie (a signal is given when it costs nothing).

    >>> import numpy as np
    >>> near_best([10.0, 9.95, 9.0], np.array([[10, 10, 9], [10, 9, 9], [10, 11, 9], [10, 10, 9]]))
    [0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bridgeroom.robots.public import partner_of, winning_so_far
from bridgeroom.rules.core import Card
from bridgeroom.rules.state import View

__all__ = ["FLOOR", "Z", "choose", "near_best"]

#: Cards within this many tricks of the best mean are near it whatever the noise.
FLOOR = 0.1
#: Standard errors of the paired difference within which a card is near the best.
Z = 0.5


def near_best(means: Sequence[float], table: np.ndarray) -> list[int]:
    """The cards whose mean is within ``max(FLOOR, Z * se)`` of the best mean, ``se`` the standard
    error of the difference from the best card over the layouts (``table[layout, card]``)."""
    best = int(np.argmax(means))
    n = table.shape[0]
    out = []
    for i, m in enumerate(means):
        gap = means[best] - m
        if i == best:
            out.append(i)
            continue
        diff = table[:, best] - table[:, i]
        se = float(np.std(diff, ddof=1)) / np.sqrt(n) if n > 1 else 0.0
        if gap <= max(FLOOR, Z * se):
            out.append(i)
    return out


def choose(
    view: View, cards: Sequence[int], means: Sequence[float], table: np.ndarray, rule: Card | None
) -> tuple[int, str]:
    """The index of the card to play among ``cards`` (their ``means`` and per-layout ``table``),
    and which reasoning chose it: ``best``, ``win_now`` or ``rule``."""
    best = int(np.argmax(means))
    near = near_best(means, table)
    if len(near) == 1:
        return near[0], "best"
    playing = view.turn if view.turn is not None else view.seat
    trick = view.trick
    if trick:
        trump = view.contract.strain.suit if view.contract is not None else None
        seat, top = winning_so_far(trick, trump)
        ours = seat == partner_of(view, playing)
        own = [(i, Card.from_index(cards[i])) for i in near]
        if len(trick) == 3 and not ours:
            winners = [(i, c) for i, c in own if _beats(c, top, trick[0][1].suit, trump)]
            if winners and len(winners) < len(own):
                i, _ = min(winners, key=lambda x: (x[1].suit != top.suit, x[1].rank))
                return i, "win_now"
    if rule is not None and rule.index in cards and cards.index(rule.index) in near:
        i = cards.index(rule.index)
        # on lead the rules' card wins near-ties (drawing trumps, the conventional lead); when
        # following only exact ties (a signal is given when it costs nothing)
        if not trick or means[i] >= means[best] - 1e-6:
            return i, "rule"
    return best, "best"


def _beats(card: Card, top: Card, led: object, trump: object) -> bool:
    """Whether ``card`` takes the trick from ``top`` (the card winning it so far)."""
    if card.suit == top.suit:
        return card.rank > top.rank
    return trump is not None and card.suit == trump
