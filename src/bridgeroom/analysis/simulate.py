"""Double-dummy simulations: which contract, which opening lead, with figures and their intervals.

Two questions a player asks of many deals that fit what he knows:

* **contracts** (:func:`simulate_contracts`): for each contract (``3NT`` by
  South, ``4♠`` by North ...), the double-dummy tricks on every deal, hence the
  distribution of tricks, the chance to make, the mean score, and between two
  contracts the mean difference in IMPs and the share of deals where one
  scores better (matchpoints), each with a 95% interval;
* **the opening lead** (:func:`simulate_lead`): for each card of the leader's
  hand, the tricks the defence takes after it and the chance to beat the
  contract (redeal's ``OpeningLeadSim``), the other hands drawn from a Dealer
  condition or from what the auction showed, read as the robots read it
  (:func:`bridgeroom.robots.bidding.infer`, :func:`bridgeroom.robots.inference.contract_limits`
  and the layout sampler).

Deals come from the generator (:mod:`bridgeroom.analysis.generate`), in its
seeded chunks; they are solved in chunks of :data:`SOLVE_CHUNK` deals (a plain,
picklable :func:`solve_contracts` / :func:`solve_leads` for Dask workers), and
each chunk gives back *tallies* (counts and integer sums) that add up: the
figures of a seeded run are the same on one worker or twenty, and a million
deals take no more memory than ten.

    >>> from bridgeroom.rules import Contract
    >>> result = simulate_contracts(
    ...     "hcp(north) + hcp(south) >= 25 && spades(north) + spades(south) >= 8",
    ...     ["4S:N", "3NT:N"], n=8, seed=1)
    >>> result.n, [str(c) for c in result.contracts]
    (8, ['4SN', '3NTN'])
    >>> int(result.tally.tricks[0].sum())
    8
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeroom.analysis.generate import Job, _as_test, merge_predeals, new_seed, run
from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.rules.core import Card, Contract, Deal, Hand, Seat, Strain, Vulnerability

__all__ = [
    "SOLVE_CHUNK",
    "ContractJob",
    "ContractResult",
    "ContractTally",
    "Interval",
    "LeadJob",
    "LeadResult",
    "LeadTally",
    "SimulationError",
    "parse_contract",
    "score_table",
    "simulate_contracts",
    "simulate_lead",
    "solve_contracts",
    "solve_leads",
]

#: Deals per solving chunk (fixed: a seeded run's figures do not depend on the workers).
SOLVE_CHUNK = 20
#: The score table of each game (``bridgeroom.scoring`` names).
GAME_TABLES = {
    "contract": "duplicate",
    "auction": "auction",
    "minibridge": "minibridge",
    "three-handed": "three-handed-contract",
}


class SimulationError(BridgeError):
    """A simulation that cannot be run as asked (a bad contract, an auction that does not end)."""


def parse_contract(text: str) -> Contract:
    """A contract with its declarer: ``3NT:S``, ``4SX:N``, ``4S N`` or ``4SN``.

    >>> parse_contract("3NT:S"), parse_contract("4hx:e")
    (Contract('3NTS'), Contract('4HXE'))
    """
    key = text.strip().replace(":", "").replace(" ", "")
    try:
        contract = Contract.parse(key)
    except ParseError:
        raise SimulationError(
            f"not a contract with its declarer: {text!r} (e.g. 3NT:S, 4SX:N)"
        ) from None
    if contract.declarer is None:
        raise SimulationError(f"{text!r} needs its declarer: 3NT:S, 4S:N")
    return contract


def score_table(game: str = "contract", scoring: str | None = None) -> Any:
    """The score table a simulation scores with: the game's, or ``scoring`` by name."""
    from bridgeroom.scoring import get_table

    name = scoring or GAME_TABLES.get(game)
    if name is None:
        raise SimulationError(f"no game {game!r}; simulations score {', '.join(GAME_TABLES)}")
    return get_table(name)


# --- intervals ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """An estimate and its 95% interval (``low``, ``high``)."""

    value: float
    low: float
    high: float

    @classmethod
    def mean(cls, total: float, squares: float, n: int) -> Interval:
        """The mean of ``n`` values from their sum and sum of squares (normal approximation)."""
        if n == 0:
            return cls(math.nan, math.nan, math.nan)
        m = total / n
        var = max(0.0, squares / n - m * m) * n / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n)
        return cls(m, m - half, m + half)

    @classmethod
    def share(cls, hits: float, n: int) -> Interval:
        """A proportion and its Wilson score interval.

        >>> round(Interval.share(8, 10).low, 3), round(Interval.share(8, 10).high, 3)
        (0.49, 0.943)
        """
        if n == 0:
            return cls(math.nan, math.nan, math.nan)
        z = 1.96
        p = hits / n
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return cls(p, max(0.0, centre - half), min(1.0, centre + half))

    def to_dict(self, digits: int = 4) -> dict[str, float]:
        return {
            "value": round(self.value, digits),
            "low": round(self.low, digits),
            "high": round(self.high, digits),
        }


# --- contracts ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ContractJob:
    """The contracts to solve and score on each deal (picklable, for the workers)."""

    contracts: tuple[Contract, ...]
    vulnerability: Vulnerability = Vulnerability.NONE
    table: str = "duplicate"


@dataclass
class ContractTally:
    """What the deals solved so far add up to (integers only, so that sums are exact):
    ``tricks[i, t]`` deals where contract ``i`` took ``t`` tricks, score sums and sums of
    squares per contract (from the first contract's declaring side), and per pair ``(i, j)``
    the sums of IMPs and of matchpoints (in half points: 2 when ``i`` scores more, 1 a tie)."""

    n: int
    tricks: np.ndarray
    score: np.ndarray
    score_sq: np.ndarray
    imps: np.ndarray
    imps_sq: np.ndarray
    mp: np.ndarray
    mp_sq: np.ndarray

    @classmethod
    def empty(cls, k: int) -> ContractTally:
        z = np.zeros
        return cls(0, z((k, 14), np.int64), z(k, np.int64), z(k, np.int64),
                   z((k, k), np.int64), z((k, k), np.int64), z((k, k), np.int64),
                   z((k, k), np.int64))  # fmt: skip

    def __add__(self, other: ContractTally) -> ContractTally:
        return ContractTally(
            self.n + other.n,
            self.tricks + other.tricks,
            self.score + other.score,
            self.score_sq + other.score_sq,
            self.imps + other.imps,
            self.imps_sq + other.imps_sq,
            self.mp + other.mp,
            self.mp_sq + other.mp_sq,
        )


def _declarer_tricks(contracts: Sequence[Contract], masks: np.ndarray) -> np.ndarray:
    """(n deals, k contracts) double-dummy tricks of each contract's declarer."""
    from bridgeroom.robots.dds import Position, solver

    deals = [(int(r[0]), int(r[1]), int(r[2]), int(r[3])) for r in masks]
    out = np.zeros((len(deals), len(contracts)), dtype=np.int64)
    dds = solver()
    by_strain: dict[Strain, set[Seat]] = {}
    for c in contracts:
        assert c.declarer is not None
        by_strain.setdefault(c.strain, set()).add(c.declarer)
    solved: dict[tuple[Strain, Seat], np.ndarray] = {}
    for strain, declarers in by_strain.items():
        if len(declarers) == 1:
            (declarer,) = declarers
            best = dds.best([Position(d, strain, int(declarer.lho)) for d in deals])
            solved[strain, declarer] = 13 - np.array(best, dtype=np.int64)
        else:
            tables = dds.tables(deals, strains=[strain])
            for declarer in declarers:
                solved[strain, declarer] = np.array(
                    [t[int(strain)][declarer] for t in tables], dtype=np.int64
                )
    for i, c in enumerate(contracts):
        assert c.declarer is not None
        out[:, i] = solved[c.strain, c.declarer]
    return out


def solve_contracts(job: ContractJob, masks: np.ndarray) -> ContractTally:
    """Solve and score one chunk of deals (a (n, 4) array of hand masks)."""
    from bridgeroom.scoring import get_table
    from bridgeroom.scoring.compare import imps as to_imps

    table = get_table(job.table)
    contracts = job.contracts
    k = len(contracts)
    tally = ContractTally.empty(k)
    if len(masks) == 0:
        return tally
    tricks = _declarer_tricks(contracts, masks)
    first = contracts[0].declarer
    assert first is not None
    scores = np.zeros((len(masks), k), dtype=np.int64)
    cache: dict[tuple[int, int, object], int] = {}
    for i, c in enumerate(contracts):
        assert c.declarer is not None
        vulnerable = table.vulnerability and job.vulnerability.is_vulnerable(c.declarer)
        sign = 1 if c.declarer.side == first.side else -1
        for row, t in enumerate(tricks[:, i].tolist()):
            honors = None
            if table.honors_points:
                honors = table.honors_of(_deal(masks[row]), c.strain, c.declarer)
            key = (i, t, honors)
            value = cache.get(key)
            if value is None:
                value = cache[key] = table.score(c, t, vulnerable, honors).score
            scores[row, i] = sign * value
    tally.n = len(masks)
    for i in range(k):
        tally.tricks[i] = np.bincount(tricks[:, i], minlength=14)
    tally.score = scores.sum(axis=0)
    tally.score_sq = (scores * scores).sum(axis=0)
    for i in range(k):
        for j in range(k):
            if i == j:
                continue
            diff = scores[:, i] - scores[:, j]
            imps = np.array([to_imps(int(d)) for d in diff], dtype=np.int64)
            mp = np.where(diff > 0, 2, np.where(diff == 0, 1, 0))
            tally.imps[i, j] = imps.sum()
            tally.imps_sq[i, j] = (imps * imps).sum()
            tally.mp[i, j] = mp.sum()
            tally.mp_sq[i, j] = (mp * mp).sum()
    return tally


def _deal(row: np.ndarray) -> Deal:
    return Deal.from_masks(int(m) for m in row)


@dataclass
class ContractResult:
    """The figures of a contract simulation (see :class:`ContractTally` for the raw sums)."""

    contracts: tuple[Contract, ...]
    tally: ContractTally
    table: str
    vulnerability: Vulnerability
    seed: int
    tried: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def n(self) -> int:
        return self.tally.n

    def tricks(self, i: int) -> Interval:
        """Contract ``i``'s mean tricks."""
        counts = self.tally.tricks[i]
        t = np.arange(14)
        return Interval.mean(float((counts * t).sum()), float((counts * t * t).sum()), self.n)

    def makes(self, i: int) -> Interval:
        """The chance that contract ``i`` makes."""
        need = self.contracts[i].level + 6
        return Interval.share(float(self.tally.tricks[i, need:].sum()), self.n)

    def score(self, i: int) -> Interval:
        """Contract ``i``'s mean score, from the first contract's declaring side."""
        return Interval.mean(float(self.tally.score[i]), float(self.tally.score_sq[i]), self.n)

    def imps(self, i: int, j: int) -> Interval:
        """Mean IMPs won by playing contract ``i`` rather than ``j``."""
        t = self.tally
        return Interval.mean(float(t.imps[i, j]), float(t.imps_sq[i, j]), self.n)

    def matchpoints(self, i: int, j: int) -> Interval:
        """Contract ``i``'s matchpoint share against ``j`` (1 for each deal it scores better,
        1/2 for a tie)."""
        t = self.tally
        return Interval.mean(float(t.mp[i, j]) / 2, float(t.mp_sq[i, j]) / 4, self.n)

    def pairs(self) -> list[tuple[int, int]]:
        k = len(self.contracts)
        return [(i, j) for i in range(k) for j in range(i + 1, k)]

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-ready data."""
        return {
            "kind": "contracts",
            "deals": self.n,
            "seed": self.seed,
            "scoring": self.table,
            "vulnerable": self.vulnerability.pbn,
            "contracts": [
                {
                    "contract": str(c),
                    "tricks": self.tally.tricks[i].tolist(),
                    "mean_tricks": self.tricks(i).to_dict(),
                    "makes": self.makes(i).to_dict(),
                    "score": self.score(i).to_dict(1),
                }
                for i, c in enumerate(self.contracts)
            ],
            "differences": [
                {
                    "contracts": [str(self.contracts[i]), str(self.contracts[j])],
                    "imps": self.imps(i, j).to_dict(),
                    "matchpoints": self.matchpoints(i, j).to_dict(),
                }
                for i, j in self.pairs()
            ],
            "notes": self.notes,
        }


# --- opening leads ------------------------------------------------------------------------------


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
    notes: list[str] = field(default_factory=list)

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
            "notes": self.notes,
        }


# --- the deals ----------------------------------------------------------------------------------


def deals_in_chunks(
    job: Job,
    n: int,
    seed: int,
    *,
    size: int = SOLVE_CHUNK,
    max_tries: int | None,
    batch: Any = None,
    stats: dict[str, int] | None = None,
) -> Iterator[np.ndarray]:
    """The generator's deals, regrouped in chunks of ``size`` (the last may be smaller).
    ``stats["tried"]`` counts the candidates dealt."""
    pending: list[np.ndarray] = []
    held = 0
    for chunk in run(job, n, seed, max_tries=max_tries, batch=batch):
        if stats is not None:
            stats["tried"] = stats.get("tried", 0) + chunk.tried
        pending.append(chunk.masks)
        held += len(chunk.masks)
        while held >= size:
            block = np.concatenate(pending)
            yield block[:size]
            rest = block[size:]
            pending = [rest] if len(rest) else []
            held = len(rest)
    if held:
        yield np.concatenate(pending)


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
                raise SimulationError(
                    "the sampler finds no layout that meets the conditions with this auction"
                )
            continue
        made += len(masks)
        yield masks, layouts.relaxed


def _solved(
    func: Any,
    chunks: Iterator[np.ndarray],
    n: int,
    *,
    batch: Any,
    start: Any,
    progress: Any,
) -> Iterator[Any]:
    """``func`` over the chunks of deals: on ``batch``, or here, moving to ``start()``'s batch
    when the deals left would take a while (:func:`bridgeroom.analysis.scale.auto_map`)."""
    from bridgeroom.analysis.scale import auto_map

    def remaining(first: Any, seconds: float) -> float:
        done = int(first.n)
        return seconds / max(done, 1) * (n - done)

    return auto_map(
        func, chunks, batch=batch, start=start, remaining=remaining, progress=progress, size=len
    )


@dataclass(frozen=True)
class _Bound:
    """``solve(job, chunk)`` with the job bound (picklable, for :meth:`Batch.map`)."""

    solve: Any
    job: Any

    def __call__(self, masks: np.ndarray) -> Any:
        return self.solve(self.job, masks)


def simulate_contracts(
    condition: object,
    contracts: Sequence[Contract | str],
    n: int = 100,
    *,
    seed: int | None = None,
    predeal: Sequence[int] = (0, 0, 0, 0),
    vulnerability: Vulnerability | str | None = None,
    game: str = "contract",
    scoring: str | None = None,
    max_tries: int | None = None,
    batch: Any = None,
    start: Any = None,
    progress: Any = None,
) -> ContractResult:
    """Simulate ``contracts`` over ``n`` deals meeting ``condition`` (see :func:`generate`).

    The deals are solved here, or on ``batch`` (an entered Dask
    :class:`~bridgeroom.analysis.batch.Batch`); ``start`` (a function making a batch) takes
    over when the first chunk shows that the rest would take a while. ``progress`` is told
    the deals solved."""
    chosen = tuple(c if isinstance(c, Contract) else parse_contract(c) for c in contracts)
    if not chosen:
        raise SimulationError("name at least one contract to simulate (e.g. 3NT:S 4S:N)")
    if any(c.declarer is None for c in chosen):
        raise SimulationError("each contract needs its declarer (3NT:S)")
    table = score_table(game, scoring)
    test, script = _as_test(condition)
    given = tuple(int(m) for m in predeal)
    vul = vulnerability
    if script is not None:
        given = merge_predeals(script.predeal, given)
        if vul is None:
            vul = script.vulnerable
        if max_tries is None and script.generate is not None:
            max_tries = script.generate
    vul = Vulnerability.NONE if vul is None else vul
    if isinstance(vul, str):
        vul = Vulnerability.find(vul)
    if vul is not Vulnerability.NONE and not table.vulnerability:
        raise SimulationError(
            f"{table.title} has no vulnerability ({table.vulnerability_rule}), "
            f"so vulnerable {vul.pbn} cannot be scored"
        )
    for c in chosen:
        assert c.declarer is not None
        table.check(c, table.vulnerability and vul.is_vulnerable(c.declarer), None)
    run_seed = new_seed() if seed is None else int(seed)
    stats: dict[str, int] = {}
    chunks = deals_in_chunks(
        Job(merge_predeals(given), test), n, run_seed,
        max_tries=max_tries, batch=batch, stats=stats,
    )  # fmt: skip
    cjob = ContractJob(chosen, vul, table.name)
    total = ContractTally.empty(len(chosen))
    solved = _solved(
        _Bound(solve_contracts, cjob), chunks, n, batch=batch, start=start, progress=progress
    )
    for tally in solved:
        total = total + tally
    result = ContractResult(chosen, total, table.name, vul, run_seed, stats.get("tried", 0))
    if total.n < n:
        result.notes.append(
            f"only {total.n} of {n} deals met the conditions in {result.tried:,} tried"
        )
    return result


def lead_knowledge(
    hand: Hand,
    contract: Contract | None,
    *,
    auction: Sequence[str] | str | None = None,
    dealer: Seat | None = None,
    vulnerability: Vulnerability = Vulnerability.NONE,
) -> tuple[Any, Contract, list[str]]:
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
            raise SimulationError("name the contract with its declarer (4H:S) or give the auction")
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
        raise SimulationError("an auction needs its dealer (--dealer S)")
    # the calls are public: replay them with any cards for the other hands
    final = _replay(calls, dealer, vulnerability, _filler(hand, Seat.NORTH)).contract
    assert final is not None and final.declarer is not None
    if contract is not None and (contract.level, contract.strain, contract.declarer) != (
        final.level,
        final.strain,
        final.declarer,
    ):
        raise SimulationError(f"the auction ends in {final}, not {contract}")
    leader = final.declarer.lho
    view = _replay(calls, dealer, vulnerability, _filler(hand, leader)).view(leader)
    inferred = contract_limits(view, list(infer(view)))
    notes = [
        f"{seat.name.lower()}: {limit.describe()}"
        for seat, limit in zip(Seat, inferred, strict=True)
        if limit is not None and not limit.is_free and seat != leader
    ]
    return knowledge(view, inferred), final, notes


def _replay(calls: Sequence[str], dealer: Seat, vulnerability: Vulnerability, deal: Deal) -> Any:
    from bridgeroom.rules.state import ContractBridgeDeal

    state = ContractBridgeDeal(deal, dealer, vulnerability)
    try:
        for call in calls:
            state.apply(call)
    except BridgeError as err:
        raise SimulationError(f"the auction {' '.join(calls)!r}: {err}") from None
    if state.contract is None or state.declarer is None:
        raise SimulationError(
            f"the auction {' '.join(calls)!r} does not end in a contract (three passes after a bid)"
        )
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
    batch: Any = None,
    start: Any = None,
    progress: Any = None,
) -> LeadResult:
    """Every opening lead from ``hand`` against ``contract`` (``4H:S``; from the auction when
    one is given), over ``n`` layouts of the other hands: from the auction as the robots read
    it, else uniform, and meeting ``condition`` (a Dealer condition on the other hands)."""
    h = hand if isinstance(hand, Hand) else Hand.parse(hand)
    if len(h) != 13:
        raise SimulationError(f"the leader's hand has 13 cards, not {len(h)}: {h}")
    c = contract if isinstance(contract, Contract) or contract is None else parse_contract(contract)
    who = Seat.find(dealer) if isinstance(dealer, str) else dealer
    vul = Vulnerability.find(vulnerability) if isinstance(vulnerability, str) else vulnerability
    k, final, notes = lead_knowledge(h, c, auction=auction, dealer=who, vulnerability=vul)
    assert final.declarer is not None
    leader = final.declarer.lho
    test, script = _as_test(condition)
    if script is not None and any(script.predeal):
        raise SimulationError("a lead simulation gives the leader's hand with --hand, not predeal")
    run_seed = new_seed() if seed is None else int(seed)
    relaxed = [False]

    def chunks() -> Iterator[np.ndarray]:
        if auction is None:
            predeal = [0, 0, 0, 0]
            predeal[leader] = h.mask
            yield from deals_in_chunks(
                Job((predeal[0], predeal[1], predeal[2], predeal[3]), test), n, run_seed,
                max_tries=None,
            )  # fmt: skip
            return
        for masks, was_relaxed in layouts_in_chunks(k, test, n, run_seed):
            relaxed[0] = relaxed[0] or was_relaxed
            yield masks

    ljob = LeadJob(final, leader, h.mask)
    total = LeadTally.empty()
    solved = _solved(
        _Bound(solve_leads, ljob), _capped(chunks(), n), n, batch=batch, start=start,
        progress=progress,
    )  # fmt: skip
    for tally in solved:
        total = total + tally
    result = LeadResult(final, leader, h, total, run_seed)
    result.notes.extend(notes)
    if relaxed[0]:
        result.notes.append(
            "some layouts break what the auction showed (the sampler relaxes limits it cannot meet)"
        )
    return result


def _capped(chunks: Iterable[np.ndarray], n: int) -> Iterator[np.ndarray]:
    made = 0
    for masks in chunks:
        if made >= n:
            return
        take = masks[: n - made]
        made += len(take)
        yield take
