"""Expert card play: Monte-Carlo double dummy over sampled layouts.

For the card due, sample layouts of the unseen cards that agree with the
view (:mod:`bridgeroom.robots.sampler`), solve each position with DDS for
every legal card at once (:mod:`bridgeroom.robots.dds`), and play the card
with the most tricks on average; ties go to the card that reaches the
contract's target (or defeats it) most often, then to the ``basic`` choice,
then to the lowest card. The time budget is anytime: layouts are solved in
small batches until the next batch would not fit in the time left.

A defender reads his partner's signals and the declarer both defenders'
(:mod:`bridgeroom.robots.signals`): a layout in which a signal was not the card the
convention gives for the signaller's holding there is less likely. The robots give the
signal when it costs nothing in their own judgement: the convention's card (the ``basic``
choice) wins the ties. The declarer also reads every other card of the defenders by the
rules they play by (:mod:`bridgeroom.robots.rule_reading`). Where anything is read,
:data:`OVERSAMPLE` times the layouts wanted are dealt and those solved are drawn from them in
proportion to how well they explain the cards read: the layouts solved are the likely ones.

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

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from bridgeroom.robots.base import Decision
from bridgeroom.robots.dds import BATCH, Position, Solver
from bridgeroom.robots.fusion import choose
from bridgeroom.robots.lead import blend, lead_model, surplus_weights
from bridgeroom.robots.public import current_trick, knowledge, play_order, played_tricks
from bridgeroom.robots.rule_reading import RuleCard, read_rule_cards, rule_weights
from bridgeroom.robots.sampler import HandLimits, Knowledge, sample
from bridgeroom.robots.signals import Signal, conventional_lead, read_signals, signal_weights
from bridgeroom.rules.core import Card, Seat
from bridgeroom.rules.state import View

__all__ = [
    "CardStats",
    "LEAD_SURE",
    "LEAD_Z",
    "MIN_LAYOUTS",
    "SURE_AFTER",
    "MISPLAY_WEIGHT",
    "OVERSAMPLE",
    "PastPlay",
    "CONVENTION_MARGIN",
    "card_from",
    "dds_seats",
    "evaluate_cards",
    "expert_card",
    "lead_settled",
    "lead_times",
    "learnt_lead",
    "obvious_card",
    "past_plays",
    "positions_for",
    "weigh_cards",
]

#: The weight of a layout, per opponent's card that would have been a double-dummy mistake in it.
MISPLAY_WEIGHT = 0.1
#: How many of the opponents' last cards are judged when card reading is asked for.
JUDGED_PLAYS = 4
#: Fewer layouts solved than this and a card decision falls back on the rules' card.
MIN_LAYOUTS = 6
#: Once its card's time is spent the opening lead's search stops when the best lead is ahead of
#: every other by this many standard errors (:func:`lead_settled`). Where no partnership auction
#: was bid (three-handed bridge, mini-bridge: no learnt model, :func:`learnt_lead`), the expert's
#: lead from fewer than :data:`LEAD_SURE` layouts also replaces the rules' lead only when its
#: advantage over it exceeds this many standard errors (one-sided 95%).
LEAD_Z = 1.645
#: The opening lead's search stops at this many layouts once its card's time is spent
#: (:func:`lead_settled`).
LEAD_SURE = 30
#: At the opening lead the conventional card of the suit chosen is led when its blended score is
#: within this many tricks of the best (:func:`learnt_lead`).
CONVENTION_MARGIN = 0.05
#: After this many layouts a card that is the best in every one of them is played at once. At 16
#: the declarer lost 0.040 ± 0.034 tricks a deal more on the benchmark's 400 deals
#: (docs/robots.md, "Ideas measured").
SURE_AFTER = 40
#: Where signals or the defenders' cards are read, this many times the layouts wanted are dealt,
#: and the layouts solved are drawn from them in proportion to their weight (:func:`_resample`).
OVERSAMPLE = 4


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
    for trick in played_tricks(view):
        leader = trick[0][0]
        done: list[int] = []
        for seat, card in trick:
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
    """The layouts solved for one decision: ``table[l, i]`` the tricks card ``cards[i]`` takes in
    layout ``l`` (from the current trick on), ``weights[l]`` the layout's weight, ``need`` the
    tricks that reach the side's target (the contract made, or defeated)."""

    cards: list[int]
    need: int = 0
    rows: list[list[int]] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)

    @property
    def count(self) -> int:
        """How many layouts were solved."""
        return len(self.rows)

    @property
    def weight(self) -> float:
        return float(sum(self.weights))

    @property
    def table(self) -> np.ndarray:
        return np.array(self.rows, dtype=float).reshape(len(self.rows), len(self.cards))

    def add(self, result: dict[int, int], weight: float) -> None:
        """One layout's DDS answer (``{card: tricks}``; a card missing from it takes none)."""
        self.rows.append([result.get(c, 0) for c in self.cards])
        self.weights.append(weight)

    @property
    def tricks(self) -> np.ndarray:
        """The weighted total of tricks, per card."""
        if not self.rows:
            return np.zeros(len(self.cards))
        return np.asarray(np.array(self.weights) @ self.table)

    @property
    def reach(self) -> np.ndarray:
        """The weighted count of layouts where each card reaches the target."""
        if not self.rows:
            return np.zeros(len(self.cards))
        return np.asarray(np.array(self.weights) @ (self.table >= self.need))

    def mean(self, i: int) -> float:
        w = self.weight
        return float(self.tricks[i]) / w if w > 0 else 0.0

    def top_share(self, i: int) -> float:
        """The weighted share of layouts in which card ``i`` takes as many tricks as any card."""
        if not self.rows:
            return 0.0
        t = self.table
        top = t.max(axis=1)
        w = np.array(self.weights)
        return float(w @ (t[:, i] >= top)) / float(w.sum())

    def expected_cost(self, i: int) -> float:
        """The tricks card ``i`` loses to the best card of each layout, on average over the
        weighted layouts: what the layouts expect it to cost against a player who sees every
        card. For the card with the best mean it is the least any choice can expect from these
        layouts; a card that costs more than that on real deals was chosen from layouts that
        do not describe them well.

        >>> stats = CardStats([0, 1])
        >>> stats.add({0: 2, 1: 1}, 1.0)
        >>> stats.add({0: 0, 1: 3}, 1.0)
        >>> stats.expected_cost(0), stats.expected_cost(1)
        (1.5, 0.5)
        """
        if not self.rows or self.weight <= 0:
            return 0.0
        t = self.table
        w = np.array(self.weights)
        return float(w @ (t.max(axis=1) - t[:, i])) / float(w.sum())

    def advantage(self, i: int, card: int) -> tuple[float, float]:
        """The weighted mean of the tricks card ``i`` takes over ``card`` (a card index) layout
        by layout, and its standard error (over the layouts' effective number, Kish's
        ``(sum w)^2 / sum w^2``; infinite for fewer than two layouts or a card not among these).

        >>> stats = CardStats([0, 1])
        >>> for a, b in ((2, 1), (1, 1), (3, 1), (1, 0)):
        ...     stats.add({0: a, 1: b}, 1.0)
        >>> gain, se = stats.advantage(0, 1)
        >>> gain, round(se, 3)
        (1.0, 0.408)
        >>> CardStats([0, 1]).advantage(0, 1)
        (0.0, inf)
        """
        if card not in self.cards or self.weight <= 0:
            return 0.0, float("inf")
        w = np.array(self.weights)
        d = self.table[:, i] - self.table[:, self.cards.index(card)]
        total = float(w.sum())
        mean = float(w @ d) / total
        n_eff = total**2 / float(w @ w)
        if n_eff < 2 - 1e-9:
            return mean, float("inf")
        var = float(w @ (d - mean) ** 2) / total * n_eff / (n_eff - 1)
        return mean, float(np.sqrt(var / n_eff))

    def settled(self) -> bool:
        """Whether more layouts would hardly change the decision: one card is the best or as good
        as the best in every layout solved, or every card takes as many tricks in each."""
        if not self.rows:
            return False
        t = self.table
        top = t.max(axis=1)
        return bool(((t >= top[:, None]).all(axis=0)).any())

    def separated(self, z: float) -> bool:
        """Whether the card with the best mean beats each other card by more than ``z`` standard
        errors of the paired difference (:meth:`advantage`); a card that takes as many tricks
        in every layout is not another card.

        >>> stats = CardStats([0, 1, 2])
        >>> for row in ({0: 3, 1: 2, 2: 3}, {0: 3, 1: 1, 2: 3}, {0: 2, 1: 2, 2: 2}):
        ...     stats.add(row, 1.0)
        >>> stats.separated(1.645)
        True
        >>> stats.add({0: 1, 1: 3, 2: 1}, 1.0)
        >>> stats.separated(1.645)
        False
        """
        if self.count < 2:
            return False
        t = self.table
        first = self.best()[0]
        for j in range(len(self.cards)):
            if j == first or bool((t[:, j] == t[:, first]).all()):
                continue
            gain, se = self.advantage(first, self.cards[j])
            if not gain > z * se:
                return False
        return True

    def best(self) -> list[int]:
        """Indexes of the cards with the best mean, then the best rate of reaching the target."""
        if self.count == 0:
            return list(range(len(self.cards)))
        tricks, reach = self.tricks, self.reach
        eps = 1e-9 * max(self.weight, 1.0)
        top = float(tricks.max())
        best = [i for i in range(len(self.cards)) if tricks[i] >= top - eps]
        most = max(float(reach[i]) for i in best)
        return [i for i in best if reach[i] >= most - eps]


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
    judge: int = 0,
    contract_prior: bool = False,
    settle_by: float | None = None,
) -> CardStats:
    """Solve sampled layouts until ``samples`` are done or the next DDS batch would end after
    ``deadline`` (the solver's own timing says how many fit: :meth:`Solver.fits`); from
    ``settle_by`` on (the opening lead's own time: :func:`expert_card`), also as soon as the
    layouts are sure of the lead (:func:`lead_settled`).

    The layouts solved are drawn in proportion to how well they explain the signals and the
    defenders' cards read (:func:`_resample`). Each is weighted by the opponents' last ``judge``
    cards (0: not at all; see the module text), and, at the opening lead with
    ``contract_prior``, by how likely the contract is in it (:mod:`bridgeroom.robots.lead`).
    """
    legal = [c.index for c in view.legal if isinstance(c, Card)]
    playing = view.turn if view.turn is not None else view.seat
    stats = CardStats(legal, _target(view, playing))
    now = time.perf_counter()
    signals = read_signals(view)
    rules = read_rule_cards(view, skip=[sig.card for sig in signals])
    drawn = samples * OVERSAMPLE if signals or rules else samples
    layouts = sample(k, drawn, rng, deadline=now + max(deadline - now, 0.0) * 0.25)
    if layouts.count == 0:
        return stats
    seats = dds_seats(view)
    rows = [layouts.hands(i) for i in range(layouts.count)]
    if signals or rules:
        rows = _resample(rows, signals, rules, samples, rng)
    judged = past_plays(view, judge)
    opening = contract_prior and not view.tricks and not view.trick and view.seat == playing
    solved: dict[tuple[int, int, int, int], dict[int, int]] = {}
    pos = 0
    while pos < len(rows):
        if stats.count >= SURE_AFTER and stats.settled():
            break
        if settle_by is not None and time.perf_counter() >= settle_by and lead_settled(stats):
            break
        # small batches first, doubling: a clear decision stops early, and a slow machine is
        # timed before it is given much to do; a lead with time of its own solves its first
        # layout alone, to time this deal (DDS takes ten times longer on some deals than on
        # others, and the lead's budget is long enough for one batch to overrun it far),
        size = min(BATCH, max(4, stats.count))
        if settle_by is not None and stats.count < LEAD_SURE:
            # and stops at LEAD_SURE layouts when its own time is running
            size = 1 if not stats.count else min(size, LEAD_SURE - stats.count)
        chunk = _solve_new(rows[pos : pos + size], solved, view, seats, solver, deadline)
        if not chunk:
            break
        results = [solved[hands] for hands in chunk]
        weights = _weights(chunk, judged, view.contract.strain, seats, solver, deadline)  # type: ignore[union-attr]
        if opening:
            prior = surplus_weights(results, view.contract.tricks_needed)  # type: ignore[union-attr]
            weights = [w * x for w, x in zip(weights, prior, strict=True)]
        for res, w in zip(results, weights, strict=True):
            stats.add(res, w)
        pos += len(chunk)
    return stats


def lead_settled(stats: CardStats) -> bool:
    """Whether an opening lead's layouts are enough to stop: :data:`LEAD_SURE` of them, or at
    least :data:`MIN_LAYOUTS` with the best lead ahead of every other by more than
    :data:`LEAD_Z` standard errors (:meth:`CardStats.separated`)."""
    if stats.count >= LEAD_SURE:
        return True
    return stats.count >= MIN_LAYOUTS and stats.separated(LEAD_Z)


def _solve_new(
    chunk: Sequence[tuple[int, int, int, int]],
    solved: dict[tuple[int, int, int, int], dict[int, int]],
    view: View,
    seats: tuple[int, int, int, int],
    solver: Solver,
    deadline: float,
) -> list[tuple[int, int, int, int]]:
    """Solve the layouts of ``chunk`` not in ``solved`` yet (resampling draws a likely layout
    several times; DDS solves it once), adding them to ``solved``; the layouts of ``chunk``
    solved by ``deadline``, from the first."""
    fresh = list(dict.fromkeys(hands for hands in chunk if hands not in solved))
    if fresh:
        results = solver.solve(positions_for(view, fresh, seats), deadline=deadline)
        solved.update(zip(fresh, results, strict=False))
    return list(itertools.takewhile(lambda hands: hands in solved, chunk))


def _resample(
    rows: list[tuple[int, int, int, int]],
    signals: Sequence[Signal],
    rules: Sequence[RuleCard],
    count: int,
    rng: np.random.Generator,
) -> list[tuple[int, int, int, int]]:
    """``count`` layouts drawn from ``rows`` (with replacement) in proportion to how well they
    explain the defenders' signals and cards (:func:`signal_weights`, :func:`rule_weights`):
    layouts the cards make unlikely are seldom solved, instead of solved and then counted
    little."""
    weights = np.ones(len(rows))
    if signals:
        weights *= signal_weights(signals, rows)
    if rules:
        weights *= rule_weights(rules, rows)
    picks = rng.choice(len(rows), size=min(count, len(rows)), p=weights / weights.sum())
    return [rows[int(i)] for i in picks]


def _weights(
    layouts: Sequence[tuple[int, int, int, int]],
    judged: Sequence[PastPlay],
    strain: int,
    seats: tuple[int, int, int, int],
    solver: Solver,
    deadline: float | None = None,
) -> list[float]:
    """The weight of each layout: :data:`MISPLAY_WEIGHT` to the power of the judged cards that
    would have been double-dummy mistakes in it (a layout whose cards could not be judged by the
    ``deadline`` counts fully)."""
    if not judged:
        return [1.0] * len(layouts)
    positions = [
        _position(play.hands_then(hands), seats, strain, play.leader, play.before)
        for hands in layouts
        for play in judged
    ]
    results = solver.solve(positions, deadline=deadline)
    results += [{}] * (len(positions) - len(results))
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


def weigh_cards(
    view: View,
    solver: Solver,
    rng: np.random.Generator,
    *,
    inferred: Sequence[HandLimits | None] | None = None,
    samples: int = 40,
    deadline: float,
    judge: int = 0,
    contract_prior: bool = False,
    settle_by: float | None = None,
) -> CardStats:
    """The layouts and double-dummy tricks an expert card is chosen from: the view's knowledge
    with the ``inferred`` limits, sampled and solved by :func:`evaluate_cards` until ``deadline``
    (or, from ``settle_by`` on, until the lead is settled: :func:`lead_settled`;
    :func:`expert_card` and :meth:`bridgeroom.robots.ExpertRobot.card_stats` both ask here)."""
    return evaluate_cards(
        view,
        knowledge(view, inferred),
        solver,
        rng,
        samples=samples,
        deadline=deadline,
        judge=judge,
        contract_prior=contract_prior,
        settle_by=settle_by,
    )


def lead_times(
    view: View, start: float, budget: float, lead_budget: float | None
) -> tuple[float, float | None]:
    """The deadline of a card decision begun at ``start`` and the time from which its search
    stops once settled: for the opening lead with a ``lead_budget`` longer than ``budget``,
    ``start + lead_budget`` and ``start + budget`` (the lead takes the time its layouts need,
    within the lead's budget: :func:`lead_settled`); for any other card ``start + budget``
    and ``None``."""
    if lead_budget is not None and lead_budget > budget and _opening_lead(view):
        return start + lead_budget, start + budget
    return start + budget, None


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
    contract_prior: bool = False,
    lead_budget: float | None = None,
) -> Decision:
    """The expert card for the seat to act (one of ``view.legal``); ``judge``: the opponents'
    last cards that weigh the layouts (card reading, off at 0).

    The opening lead may take up to ``lead_budget`` seconds when it is longer than ``budget``:
    past ``budget`` its search goes on only until its layouts are enough
    (:func:`lead_settled`), so that a lead is not left to the rules for want of layouts.

    With fewer than :data:`MIN_LAYOUTS` layouts solved in the ``budget`` the layouts are too few
    to trust: the ``fallback`` card (the rules' card) is played unless every layout solved shows
    a card better than it, and the reason says how many layouts there were.
    """
    start = time.perf_counter()
    quick = obvious_card(view)
    if quick is not None:
        return quick
    deadline, settle_by = lead_times(view, start, budget, lead_budget)
    stats = weigh_cards(
        view,
        solver,
        rng,
        inferred=inferred,
        samples=samples,
        deadline=deadline,
        judge=judge,
        contract_prior=contract_prior,
        settle_by=settle_by,
    )
    return card_from(view, stats, fallback)


def obvious_card(view: View) -> Decision | None:
    """The card to play at once, without layouts: the only legal card, or the lowest of legal
    cards that are all equal (touching in one suit); ``None`` when the card needs layouts."""
    legal = [a for a in view.legal if isinstance(a, Card)]
    if len(legal) == 1:
        return Decision.because(legal[0], "robot.play.only_card")
    hand = 0
    for c in legal:
        hand |= c.mask
    if _equivalent_classes(view, hand, legal) == 1:
        card = min(legal, key=lambda c: c.index)
        return Decision.because(card, "robot.expert.equal_cards")
    return None


def card_from(view: View, stats: CardStats, fallback: Decision | None = None) -> Decision:
    """The expert's card from the layouts solved for it (``stats``; a card that needs them:
    :func:`obvious_card` is ``None``), the rules' card ``fallback`` kept where they are too few
    to overrule it. The opening lead after a partnership auction weighs its layouts with the
    learnt lead model (:func:`learnt_lead`)."""
    legal = [a for a in view.legal if isinstance(a, Card)]
    rule = fallback if fallback is not None and isinstance(fallback.action, Card) else None
    if _opening_lead(view) and view.variant.partnership_auction:
        return learnt_lead(view, stats)
    if rule is not None and stats.count < MIN_LAYOUTS and _opening_lead(view):
        # a blind lead is not overruled by a handful of layouts, however they agree
        reason = "robot.expert.no_time" if stats.count == 0 else "robot.expert.few_layouts"
        return Decision.because(rule.action, reason, rule=rule.why, n=stats.count)
    if stats.count < MIN_LAYOUTS:
        return _few_layouts(view, stats, rule, legal)
    # the mean, then the rate of reaching the target, then the lowest card break exact ties
    w = stats.weight
    reach = stats.reach
    means = [
        stats.mean(i) + 1e-6 * float(reach[i]) / w - 1e-9 * (stats.cards[i] % 13)
        for i in range(len(stats.cards))
    ]
    choice, how = choose(view, stats.cards, means, stats.table, rule.action if rule else None)  # type: ignore[arg-type]
    choice = _convention_tie(view, stats, choice)
    ruled = rule.action if rule is not None else None
    lead = isinstance(ruled, Card) and stats.cards[choice] != ruled.index and _opening_lead(view)
    lead = lead and stats.count < LEAD_SURE
    if rule is not None and isinstance(ruled, Card) and lead:
        gain, se = stats.advantage(choice, ruled.index)
        if not gain > LEAD_Z * se:
            return Decision.because(
                ruled,
                "robot.expert.lead_rule",
                rule=rule.why,
                card=Card.from_index(stats.cards[choice]),
                gain=gain,
                se=se,
                n=stats.count,
            )
    card = Card.from_index(stats.cards[choice])
    tricks = _side_tricks(view) + stats.mean(choice)
    if how == "best":
        return Decision.because(
            card, "robot.expert.tricks", tricks=tricks, n=stats.count, share=stats.top_share(choice)
        )
    if how == "rule":
        assert rule is not None
        return Decision.because(
            card, "robot.expert.rule_near", rule=rule.why, tricks=tricks, n=stats.count
        )
    return Decision.because(card, f"robot.expert.{how}", tricks=tricks, n=stats.count)


def learnt_lead(view: View, stats: CardStats) -> Decision:
    """The opening lead after a partnership auction: the card with the best blend of its mean
    tricks over the layouts solved (``stats``, none at all on a machine with no time to spare)
    and the learnt model's cost of such a lead, the model counting as
    :data:`~bridgeroom.robots.lead.MODEL_LAYOUTS` layouts (:func:`~bridgeroom.robots.lead.blend`).
    The card the conventions give in the chosen suit is led instead when it scores within
    :data:`CONVENTION_MARGIN` of it and takes as many tricks in every layout solved: partner
    reads the lead by the convention."""
    cards = [Card.from_index(i) for i in stats.cards]
    predicted = lead_model().costs(view, cards)
    means = [stats.mean(i) for i in range(len(cards))]
    scores = blend(means, predicted, stats.count)
    choice = max(range(len(cards)), key=lambda i: (scores[i], -predicted[i], -cards[i].rank))
    signal = conventional_lead(view, view.seat, cards[choice].suit)
    if signal is not None and signal != cards[choice] and signal.index in stats.cards:
        j = stats.cards.index(signal.index)
        t = stats.table
        same = bool((t[:, j] == t[:, choice]).all())
        if same and scores[choice] - scores[j] <= CONVENTION_MARGIN:
            choice = j
    if stats.count == 0:
        average = sum(predicted) / len(predicted)
        return Decision.because(
            cards[choice], "robot.expert.lead_learnt", cost=predicted[choice] - average
        )
    tricks = _side_tricks(view) + means[choice]
    return Decision.because(cards[choice], "robot.expert.lead_blend", tricks=tricks, n=stats.count)


def _convention_tie(view: View, stats: CardStats, choice: int) -> int:
    """The chosen card, or, when a defender leads and the conventions give another card of its
    suit (the opening lead's card, or the suit-preference card on a lead for partner's ruff:
    :func:`~bridgeroom.robots.signals.conventional_lead`), that card if it takes as many tricks
    in every layout: partner and the declarer read the card by the convention."""
    card = Card.from_index(stats.cards[choice])
    playing = view.turn if view.turn is not None else view.seat
    signal = conventional_lead(view, playing, card.suit)
    if signal is None or signal.index not in stats.cards:
        return choice
    j = stats.cards.index(signal.index)
    table = stats.table
    return j if bool((table[:, j] == table[:, choice]).all()) else choice


def _opening_lead(view: View) -> bool:
    """Whether the card due is the opening lead of a contract (made blind: no card seen yet)."""
    playing = view.turn if view.turn is not None else view.seat
    return view.contract is not None and not view.tricks and not view.trick and view.seat == playing


def _side_tricks(view: View) -> int:
    """The tricks the side of the hand to play has taken so far."""
    playing = view.turn if view.turn is not None else view.seat
    return view.declarer_tricks if view.is_declaring(playing) else view.defender_tricks


def _few_layouts(
    view: View, stats: CardStats, rule: Decision | None, legal: Sequence[Card]
) -> Decision:
    """The decision when too few layouts were solved in the time: the rules' card, unless it takes
    fewer tricks than another card in every layout solved (then that card)."""
    if rule is None:
        rule = Decision.because(legal[-1], "robot.play.low_card")
    assert isinstance(rule.action, Card)
    if stats.count == 0:
        return Decision.because(rule.action, "robot.expert.no_time", rule=rule.why)
    t = stats.table
    mine = stats.cards.index(rule.action.index) if rule.action.index in stats.cards else None
    if mine is not None:
        better = [i for i in range(len(stats.cards)) if bool((t[:, i] > t[:, mine]).all())]
        if better:
            i = max(better, key=lambda j: (stats.mean(j), -stats.cards[j]))
            return Decision.because(
                Card.from_index(stats.cards[i]),
                "robot.expert.few_layouts_better",
                tricks=_side_tricks(view) + stats.mean(i),
                n=stats.count,
                card=rule.action,
            )
    return Decision.because(rule.action, "robot.expert.few_layouts", rule=rule.why, n=stats.count)
