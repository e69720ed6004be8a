"""The opening lead: what the contract says of the layouts, double dummy.

A blind lead is chosen, like every expert card, by double dummy over sampled layouts; but the
leader knows one more thing than the sampler's limits say: the opponents bid this contract, and
sides bid roughly what they can make. The double-dummy solve of the opening lead gives, in each
layout, the declaring side's tricks as well (13 less the defenders' tricks after their best lead),
so each layout can be weighted, at no extra cost, by how often robots bidding such hands reach a
contract with that *surplus* (the declarer's double-dummy tricks less the tricks the contract
needs): :data:`SURPLUS`, measured on the 399 contracts four ``basic`` robots bid on 400 deals
(seed 77, a set the benchmarks do not use); a layout in which the contract would make exactly,
or with one trick more or less, counts most.

    >>> surplus_weight(1), surplus_weight(0), surplus_weight(-3), surplus_weight(9)
    (1.0, 0.949, 0.176, 0.004)

The layouts are few when the machine is busy, and a blind lead chosen from ten layouts is a guess.
So the leader also knows what leads cost on the whole: :class:`LeadModel`, a linear model of the
tricks each lead loses against the double-dummy best lead, learnt from 19,784 deals that four
``basic`` robots bid (seed 5000, a set the benchmarks do not use) and solved for every card the
leader could lead (``python bench/lead_model.py``). It reads each lead by
:func:`lead_features` (the suit's place in the auction, its length and honours, which card of
it is led, the trumps held, the contract's level) and their pairs. The expert weighs the two:
the model counts as :data:`MODEL_LAYOUTS` solved layouts (:func:`blend`).

    >>> from bridgeroom.rules import Card, Hand, Suit
    >>> hand = Hand("KQJ4.T852.A7.963").mask
    >>> lead_features(hand, Card("SK"), trump=Suit.HEARTS, partner=(), declarer=(Suit.HEARTS,),
    ...               dummy=(Suit.DIAMONDS,), level=4, doubled=False)[:8]
    ['unbid', 'len4', 'hasK', 'hasQ', 'hasJ', 'seq', 'c_seqtop', 'c_K']
"""

from __future__ import annotations

import functools
import itertools
import json
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING

from bridgeroom.robots.public import bid_suits, high_to_low, partner_of
from bridgeroom.robots.signals import sequence_top
from bridgeroom.rules.core import SUIT_MASK, Card, Suit

if TYPE_CHECKING:
    from bridgeroom.rules.state import View

__all__ = [
    "MODEL_LAYOUTS",
    "SURPLUS",
    "LeadModel",
    "blend",
    "lead_features",
    "lead_model",
    "surplus_weight",
    "surplus_weights",
    "view_features",
]

#: How often the contracts four ``basic`` robots bid have each surplus (declarer's double-dummy
#: tricks less the tricks needed), on 400 deals of seed 77: the likelihood of a layout given its
#: contract.
SURPLUS: dict[int, float] = {
    -5: 0.003,
    -4: 0.010,
    -3: 0.045,
    -2: 0.085,
    -1: 0.158,
    0: 0.243,
    1: 0.256,
    2: 0.125,
    3: 0.058,
    4: 0.015,
    5: 0.003,
}
#: The likelihood of a surplus never seen (the ends of the table).
RARE = 0.001


def surplus_weight(surplus: int) -> float:
    """The weight of a layout whose contract has ``surplus`` tricks over what it needs (1 for the
    most likely surplus)."""
    top = max(SURPLUS.values())
    return round(SURPLUS.get(surplus, RARE) / top, 3)


def surplus_weights(results: Sequence[dict[int, int]], needed: int) -> list[float]:
    """The weight of each solved layout of the opening lead (``results``: the defenders' tricks
    after each lead), the contract needing ``needed`` tricks."""
    out = []
    for res in results:
        declarer = 13 - max(res.values()) if res else needed
        out.append(surplus_weight(declarer - needed))
    return out


#: How many solved layouts the learnt model's judgement of a lead counts as (:func:`blend`).
#: Chosen on 395 deals of seed 2025 (basic robots bid; the expert's first k layouts, no clock),
#: the mean paired difference in tricks with the basic lead (± about 0.06 each):
#:
#: ============  ======  ======  ======  ======
#: counts as      k=10    k=30    k=40   k=160
#: ============  ======  ======  ======  ======
#: 0 (no model)  −0.043  −0.048  −0.068  −0.089
#: 5             −0.046  −0.071  −0.086  −0.086
#: 10            −0.056  −0.086  −0.094  −0.086
#: 20            −0.071  −0.101  −0.086  −0.094
#: ============  ======  ======  ======  ======
#:
#: and the model alone −0.061.
MODEL_LAYOUTS = 20

#: The kinds of contract the model has weights for.
KINDS = ("notrump", "suit")

_HONOURS = ((14, "A"), (13, "K"), (12, "Q"), (11, "J"), (10, "T"))


def lead_features(
    hand: int,
    card: Card,
    *,
    trump: Suit | None,
    partner: Collection[Suit],
    declarer: Collection[Suit],
    dummy: Collection[Suit],
    level: int,
    doubled: bool,
) -> list[str]:
    """The names of what the opening lead of ``card`` from ``hand`` (a card mask) is, for
    :class:`LeadModel`: ``partner``, ``declarer`` and ``dummy`` are the suits each bid.

    The suit: ``trump``, ``partner``, ``declarer``, ``dummy`` (each that applies) or ``unbid``;
    ``len1`` .. ``len6`` (six or more); ``hasA`` .. ``hasT``; ``seq`` (headed by a sequence:
    :func:`~bridgeroom.robots.signals.sequence_top`). The card: ``c_seqtop`` (that sequence's
    top), ``c_A``, ``c_K``, ``c_hon`` (queen to ten), ``c_top``, ``c_2nd``, ``c_3rd``,
    ``c_4th``, ``c_low`` (its place from the top; the lowest of two or more),
    ``under_A`` (another card of a suit headed by the ace), ``under_K`` (a card under a king
    without ace or queen), ``c_not_top_of_touching`` (the card above it in the hand touches it).
    The hand: ``tr0`` .. ``tr4`` (trumps held, four or more), ``ruffable_single`` and
    ``ruffable_double`` (a side singleton or doubleton with a trump to ruff), ``hcplo`` (up to 6
    points), ``hcpmid`` (7-11), ``hcphi``. The contract: ``lv12``, ``lv3``, ``lv45``, ``lv67``
    and ``dbl`` (doubled or redoubled).

    >>> from bridgeroom.rules import Hand
    >>> lead_features(Hand("AJ765.K2.Q84.T93").mask, Card("S6"), trump=None, partner=(),
    ...               declarer=(Suit.DIAMONDS,), dummy=(), level=3, doubled=False)
    ['unbid', 'len5', 'hasA', 'hasJ', 'c_4th', 'under_A', 'c_not_top_of_touching', 'hcpmid', 'lv3']
    """
    suit = card.suit
    held = high_to_low(hand & SUIT_MASK[suit])
    ranks = [c.rank for c in held]
    n = len(ranks)
    pos = ranks.index(card.rank)
    out: list[str] = []
    if suit == trump:
        out.append("trump")
    for name, suits in (("partner", partner), ("declarer", declarer), ("dummy", dummy)):
        if suit in suits:
            out.append(name)
    if suit != trump and not any(suit in s for s in (partner, declarer, dummy)):
        out.append("unbid")
    out.append(f"len{min(n, 6)}")
    out.extend("has" + name for rank, name in _HONOURS if rank in ranks)
    top = sequence_top(held)
    if top is not None:
        out.append("seq")
        if top.rank == card.rank:
            out.append("c_seqtop")
    if card.rank == 14:
        out.append("c_A")
    elif card.rank == 13:
        out.append("c_K")
    elif card.rank >= 10:
        out.append("c_hon")
    if pos == 0:
        out.append("c_top")
    if pos == n - 1 and n > 1:
        out.append("c_low")
    if n >= 4 and pos == 3:
        out.append("c_4th")
    if n >= 3 and pos == 2:
        out.append("c_3rd")
    if pos == 1:
        out.append("c_2nd")
    if 14 in ranks and card.rank != 14:
        out.append("under_A")
    if 13 in ranks and 14 not in ranks and 12 not in ranks and card.rank < 13:
        out.append("under_K")
    if pos > 0 and ranks[pos - 1] == card.rank + 1:
        out.append("c_not_top_of_touching")
    if trump is not None:
        trumps = (hand & SUIT_MASK[trump]).bit_count()
        out.append(f"tr{min(trumps, 4)}")
        if suit != trump and trumps and n == 1:
            out.append("ruffable_single")
        if suit != trump and trumps and n == 2:
            out.append("ruffable_double")
    hcp = sum(c.rank - 10 for c in high_to_low(hand) if c.rank > 10)
    out.append("hcplo" if hcp <= 6 else "hcpmid" if hcp <= 11 else "hcphi")
    out.append("lv12" if level <= 2 else "lv3" if level == 3 else "lv45" if level <= 5 else "lv67")
    if doubled:
        out.append("dbl")
    return out


def view_features(view: View, card: Card) -> list[str]:
    """:func:`lead_features` of ``card`` led from the view's own hand at the opening lead (the
    view of a partnership auction's defender, with its contract).

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for call in "1C P 1S P 2NT P 3C P 3S P P P".split():
    ...     state.apply(call)
    >>> view_features(state.view(Seat.WEST), Card("C2"))
    ['declarer', 'dummy', 'len4', 'c_low', 'c_4th', 'c_not_top_of_touching', 'tr1', 'hcplo', 'lv3']
    """
    contract = view.contract
    assert contract is not None and view.declarer is not None and view.dummy_seat is not None
    assert view.hand is not None
    return lead_features(
        view.hand.mask,
        card,
        trump=contract.strain.suit,
        partner=bid_suits(view, partner_of(view, view.seat)),
        declarer=bid_suits(view, view.declarer),
        dummy=bid_suits(view, view.dummy_seat),
        level=contract.level,
        doubled=bool(contract.doubled),
    )


def with_pairs(features: Sequence[str]) -> list[str]:
    """The features and each pair of them (``"a*b"``, the two names sorted): the model's terms.

    >>> with_pairs(["len4", "c_low", "tr1"])
    ['len4', 'c_low', 'tr1', 'c_low*len4', 'c_low*tr1', 'len4*tr1']
    """
    return [*features, *(f"{a}*{b}" for a, b in itertools.combinations(sorted(features), 2))]


@dataclass(frozen=True)
class LeadModel:
    """Weights of the tricks an opening lead loses against the double-dummy best lead, by the
    terms of :func:`with_pairs`, for each kind of contract (:data:`KINDS`); ``fitted`` says how.
    The costs are centred on each deal's mean: only their differences between leads mean
    anything.

    >>> model = LeadModel({"notrump": {"c_top": 0.25, "c_top*len4": 0.5}, "suit": {}}, {})
    >>> model.cost(["c_top", "len4"], notrump=True), model.cost(["c_top", "len4"], notrump=False)
    (0.75, 0.0)
    """

    weights: Mapping[str, Mapping[str, float]]
    fitted: Mapping[str, object]

    def cost(self, features: Sequence[str], *, notrump: bool) -> float:
        """The predicted cost (tricks, centred) of a lead with these features."""
        table = self.weights["notrump" if notrump else "suit"]
        return sum(table.get(term, 0.0) for term in with_pairs(features))

    def costs(self, view: View, cards: Sequence[Card]) -> list[float]:
        """The predicted cost of leading each of ``cards`` from the view's hand."""
        notrump = view.contract is not None and view.contract.strain.suit is None
        return [self.cost(view_features(view, c), notrump=notrump) for c in cards]

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> LeadModel:
        """The model of a JSON object ``{"fitted": {...}, "notrump": {...}, "suit": {...}}``."""
        weights = {kind: dict(data[kind]) for kind in KINDS}  # type: ignore[call-overload]
        return cls(weights, dict(data.get("fitted", {})))  # type: ignore[call-overload]


@functools.cache
def lead_model() -> LeadModel:
    """The model shipped with the package (``lead_model.json`` beside this module), read once."""
    text = resources.files("bridgeroom.robots").joinpath("lead_model.json").read_text("utf-8")
    return LeadModel.from_json(json.loads(text))


def blend(
    means: Sequence[float], predicted: Sequence[float], count: int, prior: float = MODEL_LAYOUTS
) -> list[float]:
    """The score of each lead: its mean tricks over ``count`` solved layouts (``means``) and the
    model's ``predicted`` cost, the model counting as ``prior`` layouts; the highest is led.
    With no layout the score is the model's alone.

    >>> blend([3.0, 2.5], [0.4, 0.0], count=10, prior=10)
    [1.3, 1.25]
    >>> blend([0.0, 0.0], [0.4, 0.0], count=0)
    [-0.4, 0.0]
    """
    total = count + prior
    return [(count * m - prior * p) / total for m, p in zip(means, predicted, strict=True)]
