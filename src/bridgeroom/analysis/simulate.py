"""Double-dummy simulations: which contract, which opening lead, with figures and their intervals.

Two questions a player asks of many deals that fit what he knows:

* **contracts** (:func:`simulate_contracts`): for each contract (``3NT`` by
  South, ``4♠`` by North ...), the double-dummy tricks on every deal, hence the
  distribution of tricks, the chance to make, the mean score, and between two
  contracts the mean difference in IMPs and the share of deals where one
  scores better (matchpoints), each with a 95% interval;
* **the opening lead** (:func:`bridgeroom.analysis.leads.simulate_lead`): for each card of the
  leader's hand, the tricks the defence takes after it and the chance to beat the
  contract (redeal's ``OpeningLeadSim``), the other hands drawn from a Dealer
  condition or from what the auction showed, read as the robots read it
  (:func:`bridgeroom.robots.bidding.infer`, :func:`bridgeroom.robots.inference.contract_limits`
  and the layout sampler).

Deals come from the generator (:mod:`bridgeroom.analysis.generate`), in its
seeded chunks; they are solved in chunks of :data:`SOLVE_CHUNK` deals (a plain,
picklable :func:`solve_contracts` for Dask workers), and
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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from bridgeroom.analysis.generate import Job, as_test, merge_predeals, new_seed, run
from bridgeroom.analysis.scale import SOLVE_CHUNK
from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import Message, keyed
from bridgeroom.rules.core import Contract, Deal, Seat, Strain, Vulnerability

__all__ = [
    "SOLVE_CHUNK",
    "ContractJob",
    "ContractResult",
    "ContractTally",
    "Interval",
    "SimulationError",
    "deals_in_chunks",
    "parse_contract",
    "score_table",
    "simulate_contracts",
    "solve_contracts",
]

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
        raise keyed(
            SimulationError, "simulate.not_contract", text=text, examples="3NT:S, 4SX:N"
        ) from None
    if contract.declarer is None:
        raise keyed(SimulationError, "simulate.needs_declarer", text=text, examples="3NT:S, 4S:N")
    return contract


def score_table(game: str = "contract", scoring: str | None = None) -> Any:
    """The score table a simulation scores with: the game's, or ``scoring`` by name."""
    from bridgeroom.scoring import get_table
    from bridgeroom.scoring.tables import SCORE_TABLES

    name = scoring or GAME_TABLES.get(game)
    if name is None:
        raise keyed(SimulationError, "simulate.no_game", game=game, games=", ".join(GAME_TABLES))
    try:
        return get_table(name)
    except BridgeError:
        names = ", ".join(SCORE_TABLES)
        raise keyed(SimulationError, "simulate.no_scoring", name=name, names=names) from None


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
    notes: list[Message] = field(default_factory=list)

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
            "notes": [note.render("en") for note in self.notes],
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


def solved_tricks(
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
class Bound:
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
    chunk: int = SOLVE_CHUNK,
    batch: Any = None,
    start: Any = None,
    progress: Any = None,
) -> ContractResult:
    """Simulate ``contracts`` over ``n`` deals meeting ``condition`` (see :func:`generate`).

    The deals are solved here, or on ``batch`` (an entered Dask
    :class:`~bridgeroom.analysis.batch.Batch`); ``start`` (a function making a batch) takes
    over when the first chunk shows that the rest would take a while. ``progress`` is told
    the deals solved; ``chunk`` deals are solved at a time (the figures do not depend on it)."""
    chosen = tuple(c if isinstance(c, Contract) else parse_contract(c) for c in contracts)
    if not chosen:
        raise keyed(SimulationError, "simulate.no_contract", examples="3NT:S 4S:N")
    if any(c.declarer is None for c in chosen):
        raise keyed(SimulationError, "simulate.each_declarer", example="3NT:S")
    table = score_table(game, scoring)
    test, script = as_test(condition)
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
        raise keyed(
            SimulationError,
            "simulate.no_vulnerability",
            table=Message(f"scoring.{table.name}"),
            rule=table.vulnerability_rule,
            vul=Message(f"analysis.vul_{vul.pbn}"),
        )
    for c in chosen:
        assert c.declarer is not None
        if c.doubled and not table.doubling:
            raise keyed(
                SimulationError,
                "simulate.no_doubles",
                table=Message(f"scoring.{table.name}"),
                rule=table.doubling_rule,
                contract=c,
            )
        table.check(c, table.vulnerability and vul.is_vulnerable(c.declarer), None)
    run_seed = new_seed() if seed is None else int(seed)
    stats: dict[str, int] = {}
    chunks = deals_in_chunks(
        Job(merge_predeals(given), test), n, run_seed,
        size=chunk, max_tries=max_tries, batch=batch, stats=stats,
    )  # fmt: skip
    cjob = ContractJob(chosen, vul, table.name)
    total = ContractTally.empty(len(chosen))
    solved = solved_tricks(
        Bound(solve_contracts, cjob), chunks, n, batch=batch, start=start, progress=progress
    )
    for tally in solved:
        total = total + tally
    result = ContractResult(chosen, total, table.name, vul, run_seed, stats.get("tried", 0))
    if total.n < n:
        result.notes.append(Message("simulate.short", n=total.n, count=n, tried=result.tried))
    return result
