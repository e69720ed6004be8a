"""The opening lead, double dummy: every card of the leader's hand against many layouts.

For each card, the tricks the defence takes after it and the chance to beat the
contract (redeal's ``OpeningLeadSim``), over layouts of the other hands drawn
from a Dealer condition, or from what the auction showed, read as the robots
read it (:func:`bridgeroom.robots.bidding.infer`,
:func:`bridgeroom.robots.inference.contract_limits` and the layout sampler,
:func:`bridgeroom.robots.sampler.sample`). The layouts are solved in chunks
(:func:`solve_leads`, picklable for Dask workers) into tallies that add up, as
the contract simulations of :mod:`bridgeroom.analysis.simulate` are.

    >>> result = simulate_lead("KQ72.A84.T963.J5", "4H:S", 4, seed=1)
    >>> result.leader, result.needed, len(result.cards()), result.n
    (<Seat.WEST: 3>, 4, 13, 4)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeroom.analysis.generate import Job, as_test, new_seed
from bridgeroom.analysis.simulate import (
    SOLVE_CHUNK,
    Bound,
    Interval,
    SimulationError,
    deals_in_chunks,
    parse_contract,
    solved_tricks,
)
from bridgeroom.errors import BridgeError
from bridgeroom.i18n import LANGUAGES, Message, Texts, error_text, keyed, translate
from bridgeroom.rules.core import Card, Contract, Deal, Hand, Seat, Suit, Vulnerability

__all__ = [
    "LeadJob",
    "LeadResult",
    "LeadTally",
    "layouts_in_chunks",
    "lead_knowledge",
    "limits_text",
    "simulate_lead",
    "solve_leads",
]


@dataclass(frozen=True)
class LeadJob:
    """The opening lead to solve: the leader's seat, the contract, the leader's cards."""

    contract: Contract
    leader: Seat
    hand: int


@dataclass
class LeadTally:
    """``tricks[c, t]``: deals where the lead of card ``c`` lets the defence take ``t`` tricks;
    ``cross[c, d]``: the sum over the deals of the products of the tricks after ``c`` and after
    ``d`` (for the paired intervals of one lead against another)."""

    n: int
    tricks: np.ndarray
    cross: np.ndarray

    @classmethod
    def empty(cls) -> LeadTally:
        return cls(0, np.zeros((52, 14), dtype=np.int64), np.zeros((52, 52), dtype=np.int64))

    def __add__(self, other: LeadTally) -> LeadTally:
        return LeadTally(self.n + other.n, self.tricks + other.tricks, self.cross + other.cross)


def solve_leads(job: LeadJob, masks: np.ndarray) -> LeadTally:
    """Solve one chunk of deals with the leader on lead: every card's defensive tricks."""
    from bridgeroom.robots.dds import Position, solver

    tally = LeadTally.empty()
    if len(masks) == 0:
        return tally
    positions = [
        Position((int(r[0]), int(r[1]), int(r[2]), int(r[3])), job.contract.strain, int(job.leader))
        for r in masks
    ]
    cards = [c for c in range(52) if job.hand >> c & 1]
    per_deal = np.zeros((len(masks), 52), dtype=np.int64)
    for row, result in enumerate(solver().solve(positions)):
        for card, t in result.items():
            tally.tricks[card, t] += 1
            per_deal[row, card] = t
    sub = per_deal[:, cards]
    tally.cross[np.ix_(cards, cards)] = sub.T @ sub
    tally.n = len(masks)
    return tally


@dataclass
class LeadResult:
    """The figures of an opening-lead simulation."""

    contract: Contract
    leader: Seat
    hand: Hand
    tally: LeadTally
    seed: int
    tried: int = 0
    notes: list[Message] = field(default_factory=list)

    @property
    def n(self) -> int:
        return self.tally.n

    @property
    def needed(self) -> int:
        """The tricks the defence needs to beat the contract."""
        return 14 - (self.contract.level + 6)

    def cards(self) -> list[Card]:
        """The leader's cards, best lead first (most defensive tricks on average)."""
        cards = list(self.hand)
        return sorted(cards, key=lambda c: (-self.tricks(c).value, -c.suit, -c.rank))

    def tricks(self, card: Card) -> Interval:
        counts = self.tally.tricks[card.index]
        t = np.arange(14)
        return Interval.mean(float((counts * t).sum()), float((counts * t * t).sum()), self.n)

    def beats(self, card: Card) -> Interval:
        return Interval.share(float(self.tally.tricks[card.index, self.needed :].sum()), self.n)

    def versus(self, card: Card, other: Card) -> Interval:
        """The mean of (defence's tricks after ``card``) minus (after ``other``), deal by deal."""
        t = np.arange(14)
        a, b = card.index, other.index
        sa = float((self.tally.tricks[a] * t).sum())
        sb = float((self.tally.tricks[b] * t).sum())
        qa = float((self.tally.tricks[a] * t * t).sum())
        qb = float((self.tally.tricks[b] * t * t).sum())
        cross = float(self.tally.cross[a, b])
        return Interval.mean(sa - sb, qa + qb - 2 * cross, self.n)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": "lead",
            "deals": self.n,
            "seed": self.seed,
            "contract": str(self.contract),
            "leader": self.leader.letter,
            "hand": str(self.hand),
            "leads": [
                {
                    "card": str(card),
                    "tricks": self.tally.tricks[card.index].tolist(),
                    "mean_tricks": self.tricks(card).to_dict(),
                    "beats": self.beats(card).to_dict(),
                    "versus_best": self.versus(card, self.cards()[0]).to_dict(),
                }
                for card in self.cards()
            ],
            "notes": [note.render("en") for note in self.notes],
        }


def layouts_in_chunks(
    knowledge: Any, test: Any, n: int, seed: int, *, size: int = SOLVE_CHUNK
) -> Iterator[tuple[np.ndarray, bool]]:
    """Layouts from the robots' sampler (full hands, for a lead), in chunks of ``size``; each
    chunk's layouts come from its own generator, seeded by (``seed``, chunk). ``test`` (a
    condition) filters them. Yields the chunk and whether the sampler relaxed the limits."""
    from bridgeroom.analysis.generate import chunk_rng
    from bridgeroom.analysis.hands import DealBatch
    from bridgeroom.robots.sampler import sample

    made = 0
    index = 0
    played = np.array(knowledge.played, dtype=np.uint64)
    misses = 0
    while made < n:
        want = min(size, n - made)
        layouts = sample(knowledge, want, chunk_rng(seed, index))
        index += 1
        masks = layouts.masks | played
        if test is not None and len(masks):
            masks = masks[test(DealBatch(masks))]
        if not len(masks):
            misses += 1
            if misses > 50:
                raise keyed(SimulationError, "simulate.no_layout")
            continue
        made += len(masks)
        yield masks, layouts.relaxed


def lead_knowledge(
    hand: Hand,
    contract: Contract | None,
    *,
    auction: Sequence[str] | str | None = None,
    dealer: Seat | None = None,
    vulnerability: Vulnerability = Vulnerability.NONE,
) -> tuple[Any, Contract, list[Message]]:
    """What the opening leader knows, for the sampler: his hand and, with an ``auction`` (calls
    from ``dealer``), what the calls and the final contract showed, as the robots read them.
    Returns the knowledge, the contract (the auction's when there is one) and what the
    auction showed, as notes."""
    from bridgeroom.robots.bidding import infer
    from bridgeroom.robots.inference import contract_limits
    from bridgeroom.robots.public import knowledge
    from bridgeroom.robots.sampler import Knowledge

    if auction is None:
        if contract is None or contract.declarer is None:
            raise keyed(SimulationError, "simulate.contract_or_auction", example="4H:S")
        leader = contract.declarer.lho
        known = [hand.mask if s == leader else 0 for s in range(4)]
        hidden = [0 if s == leader else 13 for s in range(4)]
        k = Knowledge(
            leader,
            (known[0], known[1], known[2], known[3]),
            (hidden[0], hidden[1], hidden[2], hidden[3]),
        )
        return k, contract, []
    calls = auction.split() if isinstance(auction, str) else list(auction)
    if dealer is None:
        raise keyed(SimulationError, "simulate.auction_dealer", example="--dealer S")
    # the calls are public: replay them with any cards for the other hands
    final = _replay(calls, dealer, vulnerability, _filler(hand, Seat.NORTH)).contract
    assert final is not None and final.declarer is not None
    if contract is not None and (contract.level, contract.strain, contract.declarer) != (
        final.level,
        final.strain,
        final.declarer,
    ):
        raise keyed(SimulationError, "simulate.auction_ends", final=final, contract=contract)
    leader = final.declarer.lho
    view = _replay(calls, dealer, vulnerability, _filler(hand, leader)).view(leader)
    inferred = contract_limits(view, list(infer(view)))
    notes = [
        Message("simulate.shown", seat=seat, limits=limits_text(limit))
        for seat, limit in zip(Seat, inferred, strict=True)
        if limit is not None and not limit.is_free and seat != leader
    ]
    return knowledge(view, inferred), final, notes


def limits_text(limits: Any) -> Texts:
    """What the auction showed of a hand (:class:`~bridgeroom.robots.sampler.HandLimits`) in
    words, in every language: ``15-17 HCP, balanced``, ``♥ 5+`` (``15–17 оч., равномерная``).

    >>> from bridgeroom.robots.sampler import HandLimits
    >>> limits = HandLimits(hcp=(15, 17), lengths=((0, 13), (0, 13), (5, 13), (0, 3)))
    >>> limits_text(limits).render("en"), limits_text(limits).render("ru")
    ('15-17 HCP, ♠ at most 3, ♥ 5+', '15–17 оч., ♠ не больше 3, ♥ 5+')
    """
    parts: list[Message] = []
    low, high = limits.hcp
    if (low, high) != (0, 37):
        parts.append(
            Message("simulate.points_plus", low=low)
            if high >= 37
            else Message("simulate.points", low=low, high=high)
        )
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
        low, high = limits.lengths[suit]
        if (low, high) == (0, 13):
            continue
        if low == high:
            parts.append(Message("simulate.length_exact", suit=suit, low=low))
        elif high >= 13:
            parts.append(Message("simulate.length_plus", suit=suit, low=low))
        elif low == 0:
            parts.append(Message("simulate.length_most", suit=suit, high=high))
        else:
            parts.append(Message("simulate.length_range", suit=suit, low=low, high=high))
    if limits.balanced:
        parts.append(Message("simulate.balanced"))
    texts = {
        lang: ", ".join(part.render(lang) for part in parts) or translate("simulate.anything", lang)
        for lang in LANGUAGES
    }
    return Texts(**texts)


def _replay(calls: Sequence[str], dealer: Seat, vulnerability: Vulnerability, deal: Deal) -> Any:
    from bridgeroom.rules.state import ContractBridgeDeal

    state = ContractBridgeDeal(deal, dealer, vulnerability)
    try:
        for call in calls:
            state.apply(call)
    except BridgeError as err:
        error = Texts(**{lang: error_text(err, lang) for lang in LANGUAGES})
        raise keyed(
            SimulationError, "simulate.auction_error", calls=" ".join(calls), error=error
        ) from None
    if state.contract is None or state.declarer is None:
        raise keyed(SimulationError, "simulate.auction_unfinished", calls=" ".join(calls))
    return state


def _filler(hand: Hand, seat: Seat) -> Deal:
    """A deal with ``hand`` at ``seat`` and the other cards dealt in order (for a public view)."""
    rest = [c for c in range(52) if not hand.mask >> c & 1]
    masks = [0, 0, 0, 0]
    masks[seat] = hand.mask
    others = [s for s in Seat if s != seat]
    for i, s in enumerate(others):
        for c in rest[i * 13 : (i + 1) * 13]:
            masks[s] |= 1 << c
    return Deal.from_masks(masks)


def simulate_lead(
    hand: Hand | str,
    contract: Contract | str | None = None,
    n: int = 100,
    *,
    condition: object = None,
    auction: Sequence[str] | str | None = None,
    dealer: Seat | str | None = None,
    vulnerability: Vulnerability | str = Vulnerability.NONE,
    seed: int | None = None,
    chunk: int = SOLVE_CHUNK,
    batch: Any = None,
    start: Any = None,
    progress: Any = None,
) -> LeadResult:
    """Every opening lead from ``hand`` against ``contract`` (``4H:S``; from the auction when
    one is given), over ``n`` layouts of the other hands: from the auction as the robots read
    it, else uniform, and meeting ``condition`` (a Dealer condition on the other hands)."""
    h = hand if isinstance(hand, Hand) else Hand.parse(hand)
    if len(h) != 13:
        raise keyed(SimulationError, "simulate.hand_cards", count=len(h), hand=str(h))
    c = contract if isinstance(contract, Contract) or contract is None else parse_contract(contract)
    who = Seat.find(dealer) if isinstance(dealer, str) else dealer
    vul = Vulnerability.find(vulnerability) if isinstance(vulnerability, str) else vulnerability
    k, final, notes = lead_knowledge(h, c, auction=auction, dealer=who, vulnerability=vul)
    assert final.declarer is not None
    leader = final.declarer.lho
    test, script = as_test(condition)
    if script is not None and any(script.predeal):
        raise keyed(SimulationError, "simulate.hand_not_predeal", hand="--hand", predeal="predeal")
    run_seed = new_seed() if seed is None else int(seed)
    relaxed = [False]

    def chunks() -> Iterator[np.ndarray]:
        if auction is None:
            predeal = [0, 0, 0, 0]
            predeal[leader] = h.mask
            yield from deals_in_chunks(
                Job((predeal[0], predeal[1], predeal[2], predeal[3]), test), n, run_seed,
                size=chunk, max_tries=None,
            )  # fmt: skip
            return
        for masks, was_relaxed in layouts_in_chunks(k, test, n, run_seed, size=chunk):
            relaxed[0] = relaxed[0] or was_relaxed
            yield masks

    ljob = LeadJob(final, leader, h.mask)
    total = LeadTally.empty()
    solved = solved_tricks(
        Bound(solve_leads, ljob), _capped(chunks(), n), n, batch=batch, start=start,
        progress=progress,
    )  # fmt: skip
    for tally in solved:
        total = total + tally
    result = LeadResult(final, leader, h, total, run_seed)
    result.notes.extend(notes)
    if relaxed[0]:
        result.notes.append(Message("simulate.relaxed"))
    return result


def _capped(chunks: Iterable[np.ndarray], n: int) -> Iterator[np.ndarray]:
    made = 0
    for masks in chunks:
        if made >= n:
            return
        take = masks[: n - made]
        made += len(take)
        yield take
