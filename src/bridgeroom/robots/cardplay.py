"""Expert card play: Monte-Carlo double dummy over sampled layouts.

For the card due, sample layouts of the unseen cards that agree with the
view (:mod:`bridgeroom.robots.sampler`), solve each position with DDS for
every legal card at once (:mod:`bridgeroom.robots.dds`), and play the card
with the most tricks on average; ties go to the card that reaches the
contract's target (or defeats it) most often, then to the ``basic`` choice,
then to the lowest card. The time budget is anytime: layouts are solved in
small batches until the next batch would not fit in the time left.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from bridgeroom.robots.base import Decision
from bridgeroom.robots.dds import Position, Solver
from bridgeroom.robots.public import current_trick, knowledge, play_order
from bridgeroom.robots.sampler import HandLimits, Knowledge, sample
from bridgeroom.rules.core import Card, Seat
from bridgeroom.rules.state import View

__all__ = ["CardStats", "dds_seats", "evaluate_cards", "expert_card", "positions_for"]


def dds_seats(view: View) -> tuple[int, int, int, int]:
    """``m[seat]``: the DDS seat (N 0 .. W 3) playing that seat's cards.

    DDS wants partners opposite each other in clockwise play order; in
    three-handed bridge the dummy plays opposite the declarer (TH-10) wherever
    its compass seat is, so the seats are mapped by the order of play:
    declarer, left defender, dummy, right defender (identity in four-handed games
    up to a rotation).
    """
    order = play_order(view)
    if order is None:
        return (0, 1, 2, 3)
    m = [0, 0, 0, 0]
    for i, seat in enumerate(order):
        m[seat] = i
    return (m[0], m[1], m[2], m[3])


def positions_for(
    view: View, layouts: Sequence[tuple[int, int, int, int]], seats: tuple[int, int, int, int]
) -> list[Position]:
    """DDS positions of the current trick for each layout of the remaining hands."""
    assert view.contract is not None
    leader, trick = current_trick(view)
    assert leader is not None
    out = []
    for hands in layouts:
        dds_hands = [0, 0, 0, 0]
        for s in range(4):
            dds_hands[seats[s]] = hands[s]
        out.append(
            Position(
                (dds_hands[0], dds_hands[1], dds_hands[2], dds_hands[3]),
                view.contract.strain,
                seats[leader],
                trick,
            )
        )
    return out


@dataclass
class CardStats:
    """Totals over the layouts solved: tricks and successes per card."""

    cards: list[int]
    tricks: np.ndarray
    reach: np.ndarray
    count: int = 0

    def mean(self, i: int) -> float:
        return float(self.tricks[i]) / max(self.count, 1)

    def best(self) -> list[int]:
        """Indexes of the cards with the best mean, then the best rate of reaching the target."""
        if self.count == 0:
            return list(range(len(self.cards)))
        key = self.tricks * 1000 + self.reach
        top = key.max()
        return [i for i in range(len(self.cards)) if key[i] == top]


def _target(view: View, playing: Seat) -> int:
    """Tricks still needed from now on by the side of ``playing`` (contract made, or defeated)."""
    contract = view.contract
    assert contract is not None
    declarer_side = playing in (view.declarer, view.dummy_seat)
    if declarer_side:
        return contract.tricks_needed - view.declarer_tricks
    return 14 - contract.tricks_needed - view.defender_tricks


def evaluate_cards(
    view: View,
    k: Knowledge,
    solver: Solver,
    rng: np.random.Generator,
    *,
    samples: int,
    deadline: float,
    first_batch: int = 4,
) -> CardStats:
    """Solve sampled layouts until ``samples`` are done or the next batch would pass ``deadline``."""
    legal = [c.index for c in view.legal if isinstance(c, Card)]
    stats = CardStats(legal, np.zeros(len(legal), np.int64), np.zeros(len(legal), np.int64))
    now = time.perf_counter()
    layouts = sample(k, samples, rng, deadline=now + max(deadline - now, 0.0) * 0.25)
    if layouts.count == 0:
        return stats
    seats = dds_seats(view)
    playing = view.turn if view.turn is not None else view.seat
    need = _target(view, playing)
    index = {c: i for i, c in enumerate(legal)}
    rows = [layouts.hands(i) for i in range(layouts.count)]
    batch = first_batch
    pos = 0
    while pos < len(rows):
        t0 = time.perf_counter()
        chunk = rows[pos : pos + batch]
        results = solver.solve(positions_for(view, chunk, seats))
        for res in results:
            for card, tricks in res.items():
                i = index.get(card)
                if i is not None:
                    stats.tricks[i] += tricks
                    stats.reach[i] += tricks >= need
            stats.count += 1
        pos += len(chunk)
        now = time.perf_counter()
        per = (now - t0) / max(len(chunk), 1)
        left = deadline - now
        if left <= 0:
            break
        batch = max(1, min(int(left / max(per, 1e-4) * 0.75), len(rows) - pos, 40))
        if left < per * 1.5:
            break
    return stats


def _equivalent_classes(view: View, hand: int, legal: list[Card]) -> int:
    """How many groups of legal cards differ (touching cards of one suit are one group).

    Cards are touching when every card between them was played to an earlier
    trick; a card of the current trick between them separates them (one may beat
    it and the other not).
    """
    played = 0
    for t in view.tricks:
        for c in t.cards:
            played |= c.mask
    groups = 0
    prev: Card | None = None
    for card in sorted(legal, key=lambda c: c.index):
        if prev is None or prev.suit != card.suit:
            groups += 1
        else:
            between = 0
            for i in range(prev.index + 1, card.index):
                between |= 1 << i
            if between & ~played & ~hand:
                groups += 1
        prev = card
    return groups


def expert_card(
    view: View,
    solver: Solver,
    rng: np.random.Generator,
    *,
    inferred: Sequence[HandLimits | None] | None = None,
    samples: int = 40,
    budget: float = 0.8,
    fallback: Decision | None = None,
) -> Decision:
    """The expert card for the seat to act (one of ``view.legal``)."""
    start = time.perf_counter()
    legal = [a for a in view.legal if isinstance(a, Card)]
    if len(legal) == 1:
        return Decision(legal[0], f"{legal[0]}: the only card")
    hand = 0
    for c in legal:
        hand |= c.mask
    if _equivalent_classes(view, hand, legal) == 1:
        card = min(legal, key=lambda c: c.index)
        return Decision(card, f"{card}: the cards left in the suit are equal")
    k = knowledge(view, inferred)
    stats = evaluate_cards(view, k, solver, rng, samples=samples, deadline=start + budget)
    if stats.count == 0:
        safe = fallback.action if fallback is not None else legal[-1]
        return Decision(safe, f"{safe}: no layout fits what I know; a safe card")
    best = stats.best()
    choice = None
    if fallback is not None and isinstance(fallback.action, Card):
        for i in best:
            if stats.cards[i] == fallback.action.index:
                choice = i
                break
    if choice is None:
        choice = min(best, key=lambda i: (stats.cards[i] % 13, stats.cards[i]))
    card = Card.from_index(stats.cards[choice])
    playing = view.turn if view.turn is not None else view.seat
    side_tricks = (
        view.declarer_tricks
        if playing in (view.declarer, view.dummy_seat)
        else view.defender_tricks
    )
    mean = side_tricks + stats.mean(choice)
    return Decision(
        card,
        f"{card}: takes {mean:.1f} tricks on average over {stats.count} layouts",
    )
