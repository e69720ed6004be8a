"""Double-dummy solving through endplay's DDS bindings, batched and thread-safe.

endplay is imported lazily, inside :func:`solver`, because importing it costs
over a second and nothing on a start-up path should pay for it.

DDS keeps its transposition tables and thread pool in one process-wide
library, so there is exactly one :class:`Solver` per process, shared by every
robot through :func:`solver`; a lock serialises the calls, so two robots (or
two threads) in one process never run DDS at the same time. A batch with a
deadline runs on the solver's own thread, and the caller stops waiting for it
at the deadline: a DDS call cannot be interrupted, but a decision need not
wait for one that runs late (the batch finishes on its own, unused). The number of
DDS threads is set once (``solver(threads=...)``, or the environment variable
``BRIDGEROOM_DDS_THREADS``); asking again with another number re-initialises
DDS with it.

Positions and deals are given as plain integers (52-bit hand masks in the
layout of :mod:`bridgeroom.rules.core`: ``suit * 13 + rank - 2``), so that the
sampler's NumPy output goes straight in::

    >>> from bridgeroom.rules import Deal, Strain, Seat
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> tricks = solver().solve([Position(deal.masks, Strain.NOTRUMP, Seat.EAST)])[0]
    >>> sorted(set(tricks.values()))  # East leads against 7NT: no card takes a trick
    [0]
"""

from __future__ import annotations

import math
import os
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from bridgeroom.rules.core import Strain

__all__ = ["Position", "Solver", "solver", "BATCH", "dds_denomination", "tricks_left"]

#: Deals per DDS batch call (``SolveAllBoardsBin`` and ``CalcAllTables`` with one strain).
BATCH = 40


def dds_denomination(strain: Strain | int) -> int:
    """DDS numbers spades 0, hearts 1, diamonds 2, clubs 3, notrump 4.

    >>> dds_denomination(Strain.CLUBS), dds_denomination(Strain.NOTRUMP)
    (3, 4)
    """
    s = int(strain)
    return 4 if s == 4 else 3 - s


@dataclass(frozen=True, slots=True)
class Position:
    """A position to solve: the cards each seat still holds, the trump, the trick so far.

    ``hands`` are the four remaining hands as masks (N, E, S, W), ``leader``
    the seat that led the current trick (or leads next), ``trick`` the indices
    of the cards already played to the current trick (0 to 3 of them). The
    answer is for the seat to play next: the tricks its side takes from here on
    (the current trick included) after each of its legal cards.
    """

    hands: tuple[int, int, int, int]
    strain: Strain | int
    leader: int
    trick: tuple[int, ...] = ()


def _holdings(mask: int) -> tuple[int, int, int, int]:
    """DDS holdings (ranks as ``1 << rank``) by DDS suit order S, H, D, C."""
    return (
        (mask >> 39 & 0x1FFF) << 2,
        (mask >> 26 & 0x1FFF) << 2,
        (mask >> 13 & 0x1FFF) << 2,
        (mask & 0x1FFF) << 2,
    )


def tricks_left(pos: Position) -> int:
    """The tricks still to play in ``pos`` (the current one included).

    >>> from bridgeroom.rules import Deal
    >>> tricks_left(Position(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432").masks, 4, 1))
    13
    """
    cards = sum(h.bit_count() for h in pos.hands) + len(pos.trick)
    return (cards + 3) // 4


#: Seconds a position of a whole deal is assumed to take before any was timed, by DDS mode (one
#: best card, or every card): cautious figures (a hard deal on a shared core), so that the first
#: batch is small and times the machine; a position with fewer tricks left is assumed cheaper in
#: proportion to the square of its tricks.
COLD_COST = {1: 0.08, 3: 0.2}
#: How much of a new timing goes into the running estimate (the rest is the previous estimate).
COST_WEIGHT = 0.3
#: A batch is planned to take at most this share of the time left to its deadline (by the
#: estimated cost), so that a batch several times slower than estimated (DDS takes ten times
#: longer on some deals than on others) still ends near the deadline, and the next is planned on
#: its timing.
SHARE = 0.25


class Solver:
    """The process's DDS adapter. Use :func:`solver` to get it; never build a second one.

    It times its own batches: :meth:`cost` is the running estimate of the seconds one position
    takes (by tricks left and mode), and :meth:`solve` and :meth:`best` given a ``deadline`` solve
    only the positions whose batches are expected to end before it (a prefix of them). The
    deadline is hard: a batch still running when it passes is left to finish on the solver's
    thread, its positions count as unsolved, and a batch still queued behind it is dropped.
    """

    def __init__(self, threads: int = 0) -> None:
        import endplay._dds as dds  # lazy: importing endplay costs over a second

        self._dds: Any = dds
        self._lock = threading.RLock()  # held while DDS runs
        self._stats = threading.Lock()  # the timings, learnt on the solver's thread too
        self._pool: ThreadPoolExecutor | None = None
        self._pool_pid = 0
        self._pool_lock = threading.Lock()
        self.threads = -1
        self._cost: dict[tuple[int, int], float] = {}
        self._last: dict[tuple[int, int], float] = {}
        self.set_threads(threads)

    def cost(self, tricks: int, solutions: int = 3) -> float:
        """The estimated seconds of one position with ``tricks`` tricks left (``solutions`` 3:
        every card's tricks, 1: the best card's): the running mean of the batches timed, or the
        last one if it was slower; from a near number of tricks, or :data:`COLD_COST`, before any."""
        return self._estimate(tricks, solutions, cautious=True)

    def typical(self, tricks: int, solutions: int = 3) -> float:
        """As :meth:`cost`, but the running mean alone, however slow the last batch was."""
        return self._estimate(tricks, solutions, cautious=False)

    def _estimate(self, tricks: int, solutions: int, *, cautious: bool) -> float:
        with self._stats:
            known = self._cost.get((tricks, solutions))
            if known is not None:
                return max(known, self._last[(tricks, solutions)]) if cautious else known
            near = [
                (max(v, self._last[key]) if cautious else v) * (tricks / key[0]) ** 2
                for key, v in self._cost.items()
                if key[1] == solutions
            ]
        if near:
            return max(near)
        return COLD_COST[1 if solutions == 1 else 3] * (max(tricks, 1) / 13) ** 2

    def _learn(self, tricks: int, solutions: int, seconds: float) -> None:
        with self._stats:
            self._last[(tricks, solutions)] = seconds
            old = self._cost.get((tricks, solutions))
            self._cost[(tricks, solutions)] = (
                seconds if old is None else old + COST_WEIGHT * (seconds - old)
            )

    def fits(
        self, positions: Sequence[Position], deadline: float, solutions: int = 3, unit: int = 1
    ) -> int:
        """How many of ``positions`` (from the first) to solve in the next batch: as many whole
        ``unit`` groups (the positions of one layout) as are expected to take :data:`SHARE` of the
        time left before ``deadline`` (a ``time.perf_counter()`` value, by :meth:`cost`); else one
        unit when it typically takes half the time left (:meth:`typical`: one slow batch must not
        keep a kind of position out of every later decision, never to be timed again), or when
        nothing of this mode was timed yet and it may fit at all; else none."""
        whole = deadline - time.perf_counter()
        costs = [self.cost(tricks_left(pos), solutions) for pos in positions]
        left = whole * SHARE
        n = 0
        for c in costs:
            left -= c
            if left < 0:
                break
            n += 1
        n -= n % unit
        if n == 0 and len(positions) >= unit:
            first = sum(self.typical(tricks_left(pos), solutions) for pos in positions[:unit])
            if first <= whole * 0.5 or (not self.timed(solutions) and first <= whole):
                return unit
        return n

    def timed(self, solutions: int) -> bool:
        """Whether a batch of this DDS mode has been timed yet in this process."""
        with self._stats:
            return any(key[1] == solutions for key in self._cost)

    def _thread(self) -> ThreadPoolExecutor:
        """The solver's one thread for batches with a deadline (a new one in a forked child,
        where the parent's thread does not exist)."""
        with self._pool_lock:
            if self._pool is None or self._pool_pid != os.getpid():
                self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="dds")
                self._pool_pid = os.getpid()
            return self._pool

    def _run(self, bop: Any, chunk: Sequence[Position], solutions: int) -> Any:
        """Solve one prepared batch (under the DDS lock) and learn its timing."""
        dds = self._dds
        solved = dds.solvedBoards()
        with self._lock:
            began = time.perf_counter()
            dds.SolveAllBoardsBin(bop, solved)
            per = (time.perf_counter() - began) / len(chunk)
        for tricks in {tricks_left(p) for p in chunk}:
            self._learn(tricks, solutions, per)
        return solved

    def set_threads(self, threads: int) -> None:
        """Let DDS use ``threads`` threads (0: as many as it finds cores)."""
        if threads < 0:
            raise ValueError(f"a number of DDS threads is 0 (automatic) or more: {threads}")
        with self._lock:
            if threads != self.threads:
                self._dds.SetMaxThreads(threads)
                self.threads = threads

    def solve(
        self,
        positions: Sequence[Position],
        deadline: float | None = None,
        unit: int = 1,
        *,
        limit: float | None = None,
    ) -> list[dict[int, int]]:
        """For each position, ``{card index: tricks}`` for every legal card of the seat to play.

        The tricks are those of the side of the seat to play, from the current
        trick (included) to the end, when every later card is double-dummy best.
        With a ``deadline`` only the first positions expected to be done by then are solved
        (perhaps none), in whole ``unit`` groups (:meth:`fits`), and it returns by the deadline
        even if a batch runs late: the list is as long as the positions solved. A later
        ``limit`` lets a batch planned for the deadline run on to it instead (a decision's own
        deadline, when the deadline is the share of it planned for one step).
        """
        return self._solve(positions, 3, deadline, unit, limit)

    def best(
        self,
        positions: Sequence[Position],
        deadline: float | None = None,
        unit: int = 1,
        *,
        limit: float | None = None,
    ) -> list[int]:
        """For each position, the most tricks the side of the seat to play can take from here on.

        Faster than :meth:`solve` (DDS looks for one best card only). For a
        whole deal with the opening leader to play, ``13 - best`` is the
        declarer's double-dummy tricks. ``deadline``, ``unit`` and ``limit`` as for :meth:`solve`.
        """
        return [
            max(r.values()) if r else 0 for r in self._solve(positions, 1, deadline, unit, limit)
        ]

    def _solve(
        self,
        positions: Sequence[Position],
        solutions: int,
        deadline: float | None = None,
        unit: int = 1,
        limit: float | None = None,
    ) -> list[dict[int, int]]:
        dds = self._dds
        limit = deadline if limit is None or deadline is None else max(limit, deadline)
        out: list[dict[int, int]] = []
        start = 0
        while start < len(positions):
            size = BATCH - BATCH % unit if unit <= BATCH else unit
            if deadline is not None:
                size = self.fits(positions[start : start + size], deadline, solutions, unit)
                if size == 0:
                    break
            chunk = positions[start : start + size]
            start += size
            bop = dds.boards()
            bop.noOfBoards = len(chunk)
            for i, pos in enumerate(chunk):
                d = bop.deals[i]
                d.trump = dds_denomination(pos.strain)
                d.first = int(pos.leader)
                for j in range(3):
                    if j < len(pos.trick):
                        card = pos.trick[j]
                        d.currentTrickSuit[j] = 3 - card // 13
                        d.currentTrickRank[j] = card % 13 + 2
                    else:
                        d.currentTrickSuit[j] = 0
                        d.currentTrickRank[j] = 0
                for seat in range(4):
                    row = d.remainCards[seat]
                    h = _holdings(pos.hands[seat])
                    row[0], row[1], row[2], row[3] = h
                bop.target[i] = -1
                bop.solutions[i] = solutions
                bop.mode[i] = 1
            if limit is None or limit == math.inf:  # no clock: solved here, to the end
                solved = self._run(bop, chunk, solutions)
            else:
                batch = self._thread().submit(self._run, bop, chunk, solutions)
                try:
                    solved = batch.result(timeout=max(0.0, limit - time.perf_counter()))
                except TimeoutError:
                    batch.cancel()  # dropped if still queued; if running, it ends unused
                    break
            for i in range(len(chunk)):
                fut = solved.solvedBoard[i]
                result: dict[int, int] = {}
                for k in range(fut.cards):
                    score = fut.score[k]
                    if score < 0:
                        continue
                    base = (3 - fut.suit[k]) * 13
                    result[base + fut.rank[k] - 2] = score
                    equals = fut.equals[k] >> 2
                    r = 0
                    while equals:
                        if equals & 1:
                            result[base + r] = score
                        equals >>= 1
                        r += 1
                out.append(result)
        return out

    def tables(
        self,
        deals: Sequence[tuple[int, int, int, int]],
        strains: Sequence[Strain | int] = tuple(Strain),
    ) -> list[dict[int, tuple[int, int, int, int]]]:
        """Double-dummy tables: for each deal, ``{strain: tricks by declarer seat (N, E, S, W)}``.

        ``deals`` are full deals as four masks; ``strains`` limits the strains solved.
        """
        dds = self._dds
        wanted = sorted({int(s) for s in strains})
        if not wanted:
            return [{} for _ in deals]
        filt = [1] * 5
        for s in wanted:
            filt[dds_denomination(s)] = 0
        per_call = max(1, min(dds.MAXNOOFTABLES * 5 // len(wanted), 200))
        per_call = min(per_call, BATCH * 5 // len(wanted))
        out: list[dict[int, tuple[int, int, int, int]]] = []
        for start in range(0, len(deals), per_call):
            chunk = deals[start : start + per_call]
            tdeals = dds.ddTableDeals()
            tdeals.noOfTables = len(chunk)
            for i, masks in enumerate(chunk):
                cards = tdeals.ddTableDeal[i].cards
                for seat in range(4):
                    h = _holdings(masks[seat])
                    row = cards[seat]
                    row[0], row[1], row[2], row[3] = h
            res = dds.ddTablesRes()
            par = dds.allParResults()
            with self._lock:
                dds.CalcAllTables(tdeals, -1, filt, res, par)
            for i in range(len(chunk)):
                table = res.results[i].resTable
                out.append(
                    {
                        s: (
                            table[dds_denomination(s)][0],
                            table[dds_denomination(s)][1],
                            table[dds_denomination(s)][2],
                            table[dds_denomination(s)][3],
                        )
                        for s in wanted
                    }
                )
        return out


_SOLVER: Solver | None = None
_SOLVER_LOCK = threading.Lock()


def solver(threads: int | None = None) -> Solver:
    """The process's one DDS solver, created on first use.

    ``threads`` (or ``BRIDGEROOM_DDS_THREADS``) sets the DDS thread count; 0 lets
    DDS choose. Asking with a different number changes it for every user.
    """
    global _SOLVER
    with _SOLVER_LOCK:
        if _SOLVER is None:
            wanted = threads
            if wanted is None:
                wanted = int(os.environ.get("BRIDGEROOM_DDS_THREADS", "0"))
            _SOLVER = Solver(wanted)
        elif threads is not None:
            _SOLVER.set_threads(threads)
        return _SOLVER
