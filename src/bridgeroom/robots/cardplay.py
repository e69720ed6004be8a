"""Expert card play: Monte-Carlo double dummy over sampled layouts.

For the card due, sample layouts of the unseen cards that agree with the
view (:mod:`bridgeroom.robots.sampler`), solve each position with DDS for
every legal card at once (:mod:`bridgeroom.robots.dds`), and play the card
with the most tricks on average; ties go to the card that reaches the
contract's target (or defeats it) most often, then to the ``basic`` choice,
then to the lowest card. The time budget is anytime: layouts are solved in
small batches until the next batch would not fit in the time left.

A defender reads his partner's attitude signals (:mod:`bridgeroom.robots.signals`):
a layout in which partner's signal was not the card the convention gives for his
holding there counts less. The robots give the signal when it costs nothing in
their own judgement: the convention's card (the ``basic`` choice) wins the ties.

Card reading, optional (``judge`` opponents' cards, 0 by default): layouts are
weighted by how well they explain the opponents' last cards (:func:`past_plays`).
The robot then assumes its opponents play well: a layout in which one of their
recent cards would have cost their side a trick double dummy counts
:data:`MISPLAY_WEIGHT` times as much as one in which every such card was among
their best (for each card that would have been a mistake). The opening lead,
made blind, is not judged. It is off by default because it did not pay at the
default budget: each judged card costs a DDS solve per layout, so fewer layouts
fit in the time, and the 200-deal benchmark did not improve (docs/robots.md).
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
from bridgeroom.robots.signals import partner_signals, signal_weights
from bridgeroom.rules.core import Card, Seat
from bridgeroom.rules.state import View

__all__ = [
    "CardStats",
    "MISPLAY_WEIGHT",
    "PastPlay",
    "dds_seats",
    "evaluate_cards",
    "expert_card",
    "past_plays",
    "positions_for",
]

#: The weight of a layout, per opponent's card that would have been a double-dummy mistake in it.
MISPLAY_WEIGHT = 0.1
#: How many of the opponents' last cards are judged when card reading is asked for.
JUDGED_PLAYS = 4


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


def _position(
    hands: Sequence[int],
    seats: tuple[int, int, int, int],
    strain: int,
    leader: Seat,
    trick: tuple[int, ...],
) -> Position:
    """The DDS position of ``hands`` (N, E, S, W) with the seats moved by ``seats``."""
    dds_hands = [0, 0, 0, 0]
    for s in range(4):
        dds_hands[seats[s]] = hands[s]
    return Position(
        (dds_hands[0], dds_hands[1], dds_hands[2], dds_hands[3]), strain, seats[leader], trick
    )


def positions_for(
    view: View, layouts: Sequence[tuple[int, int, int, int]], seats: tuple[int, int, int, int]
) -> list[Position]:
    """DDS positions of the current trick for each layout of the remaining hands."""
    assert view.contract is not None
    leader, trick = current_trick(view)
    assert leader is not None
    strain = int(view.contract.strain)
    return [_position(hands, seats, strain, leader, trick) for hands in layouts]


@dataclass(frozen=True, slots=True)
class PastPlay:
    """An opponent's card already played, and the position it was played from.

    ``later[s]`` holds the cards seat ``s`` played from that moment on (the card
    itself included): added back to a layout's remaining hands, they give the
    hands as they were when the card was chosen.
    """

    seat: Seat
    card: int
    leader: Seat
    before: tuple[int, ...]
    later: tuple[int, int, int, int]

    def hands_then(self, hands: Sequence[int]) -> tuple[int, int, int, int]:
        """The four hands of the moment of the play, from a layout's remaining ``hands``."""
        return (
            hands[0] | self.later[0],
            hands[1] | self.later[1],
            hands[2] | self.later[2],
            hands[3] | self.later[3],
        )


def past_plays(view: View, limit: int = JUDGED_PLAYS) -> list[PastPlay]:
    """The last ``limit`` cards of the opponents of the side to play, most recent first.

    The opponents of a defender are the declarer and the dummy (whose cards the
    declarer chooses); those of the declarer are both defenders. The opening
    lead is never among them: it is made blind, and a layout is no less likely
    because a lead that could not see it went wrong.
    """
    if view.contract is None or limit <= 0:
        return []
    playing = view.turn if view.turn is not None else view.seat
    ours = view.is_declaring(playing)
    history: list[tuple[Seat, Card, Seat, tuple[int, ...]]] = []
    for t in view.tricks:
        done: list[int] = []
        for seat, card in zip(t.seats, t.cards, strict=True):
            history.append((seat, card, t.leader, tuple(done)))
            done.append(card.index)
    if view.trick:
        leader = view.trick[0][0]
        done = []
        for seat, card in view.trick:
            history.append((seat, card, leader, tuple(done)))
            done.append(card.index)
    out: list[PastPlay] = []
    later = [0, 0, 0, 0]
    for n in range(len(history) - 1, 0, -1):  # history[0] is the opening lead
        seat, card, leader, before = history[n]
        later[seat] |= card.mask
        if view.is_declaring(seat) == ours:
            continue
        out.append(
            PastPlay(seat, card.index, leader, before, (later[0], later[1], later[2], later[3]))
        )
        if len(out) == limit:
            break
    return out


@dataclass
class CardStats:
    """Totals over the layouts solved, each layout counted with its weight: tricks and
    successes per card."""

    cards: list[int]
    tricks: np.ndarray
    reach: np.ndarray
    count: int = 0
    weight: float = 0.0

    def mean(self, i: int) -> float:
        return float(self.tricks[i]) / self.weight if self.weight > 0 else 0.0

    def best(self) -> list[int]:
        """Indexes of the cards with the best mean, then the best rate of reaching the target."""
        if self.count == 0:
            return list(range(len(self.cards)))
        eps = 1e-9 * max(self.weight, 1.0)
        top = float(self.tricks.max())
        best = [i for i in range(len(self.cards)) if self.tricks[i] >= top - eps]
        reach = max(float(self.reach[i]) for i in best)
        return [i for i in best if self.reach[i] >= reach - eps]


def _target(view: View, playing: Seat) -> int:
    """Tricks still needed from now on by the side of ``playing`` (contract made, or defeated)."""
    contract = view.contract
    assert contract is not None
    if view.is_declaring(playing):
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
    judge: int = 0,
) -> CardStats:
    """Solve sampled layouts until ``samples`` are done or the next batch would pass ``deadline``.

    Each layout is weighted by the opponents' last ``judge`` cards (0: all layouts
    count the same; see the module text).
    """
    legal = [c.index for c in view.legal if isinstance(c, Card)]
    stats = CardStats(legal, np.zeros(len(legal)), np.zeros(len(legal)))
    now = time.perf_counter()
    layouts = sample(k, samples, rng, deadline=now + max(deadline - now, 0.0) * 0.25)
    if layouts.count == 0:
        return stats
    seats = dds_seats(view)
    playing = view.turn if view.turn is not None else view.seat
    need = _target(view, playing)
    index = {c: i for i, c in enumerate(legal)}
    rows = [layouts.hands(i) for i in range(layouts.count)]
    judged = past_plays(view, judge)
    signals = partner_signals(view)
    batch = first_batch if not judged else max(1, first_batch // 2)
    pos = 0
    while pos < len(rows):
        t0 = time.perf_counter()
        chunk = rows[pos : pos + batch]
        weights = _weights(chunk, judged, view.contract.strain, seats, solver)  # type: ignore[union-attr]
        if signals:
            weights = [w * x for w, x in zip(weights, signal_weights(signals, chunk), strict=True)]
        results = solver.solve(positions_for(view, chunk, seats))
        for res, w in zip(results, weights, strict=True):
            for card, tricks in res.items():
                i = index.get(card)
                if i is not None:
                    stats.tricks[i] += w * tricks
                    stats.reach[i] += w * (tricks >= need)
            stats.count += 1
            stats.weight += w
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


def _weights(
    layouts: Sequence[tuple[int, int, int, int]],
    judged: Sequence[PastPlay],
    strain: int,
    seats: tuple[int, int, int, int],
    solver: Solver,
) -> list[float]:
    """The weight of each layout: :data:`MISPLAY_WEIGHT` to the power of the judged cards that
    would have been double-dummy mistakes in it."""
    if not judged:
        return [1.0] * len(layouts)
    positions = [
        _position(play.hands_then(hands), seats, strain, play.leader, play.before)
        for hands in layouts
        for play in judged
    ]
    results = solver.solve(positions)
    out = []
    for i in range(len(layouts)):
        w = 1.0
        for j, play in enumerate(judged):
            res = results[i * len(judged) + j]
            if res and res.get(play.card, -1) < max(res.values()):
                w *= MISPLAY_WEIGHT
        out.append(w)
    return out


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
    judge: int = 0,
) -> Decision:
    """The expert card for the seat to act (one of ``view.legal``); ``judge``: the opponents'
    last cards that weigh the layouts (card reading, off at 0)."""
    start = time.perf_counter()
    legal = [a for a in view.legal if isinstance(a, Card)]
    if len(legal) == 1:
        return Decision.because(legal[0], "robot.play.only_card")
    hand = 0
    for c in legal:
        hand |= c.mask
    if _equivalent_classes(view, hand, legal) == 1:
        card = min(legal, key=lambda c: c.index)
        return Decision.because(card, "robot.expert.equal_cards")
    k = knowledge(view, inferred)
    stats = evaluate_cards(
        view, k, solver, rng, samples=samples, deadline=start + budget, judge=judge
    )
    if stats.count == 0:
        safe = fallback.action if fallback is not None else legal[-1]
        return Decision.because(safe, "robot.expert.no_layout")
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
    side_tricks = view.declarer_tricks if view.is_declaring(playing) else view.defender_tricks
    mean = side_tricks + stats.mean(choice)
    return Decision.because(card, "robot.expert.tricks", tricks=float(mean), n=stats.count)
