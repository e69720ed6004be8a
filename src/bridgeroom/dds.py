"""The process's one double-dummy service: endplay's DDS (Bo Haglund's solver), and nothing else
imports it.

DDS keeps its transposition tables and thread pool in one process-wide library, so this module
owns it: one :class:`Solver` per process (:func:`solver`), its thread count set once, on first
use (``solver(threads=...)`` or the environment variable ``BRIDGEROOM_DDS_THREADS``; 0 lets DDS
choose), and one lock that every call takes: robots, analysis, sessions, environments and
benchmarks all come here. endplay is imported on the first computation (importing it costs over
a second, and nothing on a start-up path pays for it).

A call returns only when its DDS work is over. A solve with a deadline runs in batches planned
to fit the time left (:meth:`Solver.fits`), on the caller's thread, and starts no batch it does
not expect to end by the deadline; a batch that runs late is waited for, never left running, so
a program that embeds a robot may call DDS itself the moment a decision returns.

What it answers:

* :func:`dd_table` and :func:`dd_tables`: a deal's :class:`DDTable` (tricks for each declarer in
  each strain), in full DDS batches;
* :func:`par`: a board's :class:`Par` from its table, dealer and vulnerability;
* :meth:`Solver.solve` and :meth:`Solver.best`: the tricks of each card (or of the best one) in
  a :class:`Position`, in batches, within a deadline.

Positions and deals are plain integers (52-bit hand masks in the layout of
:mod:`bridgeroom.rules.core`: ``suit * 13 + rank - 2``), so that the sampler's NumPy output goes
straight in::

    >>> from bridgeroom.rules import Deal, Strain, Seat, Vulnerability
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> tricks = solver().solve([Position(deal.masks, Strain.NOTRUMP, Seat.EAST)])[0]
    >>> sorted(set(tricks.values()))  # East leads against 7NT: no card takes a trick
    [0]
    >>> table = dd_table(deal)
    >>> table[Seat.SOUTH, Strain.NOTRUMP], table[Seat.EAST, Strain.SPADES]
    (13, 0)
    >>> par(table, Seat.NORTH, Vulnerability.NONE)
    Par(1520, (ParContract('7NTN'), ParContract('7NTS')))
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bridgeroom.rules.core import Contract, Deal, Seat, Strain, Vulnerability

__all__ = [
    "BATCH",
    "DDTable",
    "Par",
    "ParContract",
    "Position",
    "Solver",
    "dd_table",
    "dd_tables",
    "dds_denomination",
    "par",
    "solver",
    "tricks_left",
]

# endplay's Vul: none 0, both 1, ns 2, ew 3; its Denom: spades 0 .. clubs 3, notrump 4.
_ENDPLAY_VUL = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2}
_ENDPLAY_VUL[Vulnerability.EW] = 3
_ENDPLAY_STRAIN = (Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS, Strain.NOTRUMP)

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
    only the positions whose batches are expected to end before it (a prefix of them). Every batch
    runs on the caller's thread, under the process's DDS lock, and is waited for: none is started
    once nothing more is expected to fit, and none is left running when a call returns.
    """

    def __init__(self, threads: int = 0) -> None:
        import endplay._dds as dds  # lazy: importing endplay costs over a second

        if threads < 0:
            raise ValueError(f"a number of DDS threads is 0 (automatic) or more: {threads}")
        self._dds: Any = dds
        self._lock = threading.RLock()  # held while DDS runs
        self._stats = threading.Lock()  # the timings, learnt by every thread that solves
        self._cost: dict[tuple[int, int], float] = {}
        self._last: dict[tuple[int, int], float] = {}
        dds.SetMaxThreads(threads)
        #: DDS's threads, as set once when the solver was made (0: as many as it finds cores).
        self.threads = threads

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

    def _run(self, bop: Any, chunk: Sequence[Position], solutions: int) -> Any:
        """Solve one prepared batch (under the DDS lock, to its end) and learn its timing."""
        dds = self._dds
        solved = dds.solvedBoards()
        with self._lock:
            began = time.perf_counter()
            dds.SolveAllBoardsBin(bop, solved)
            per = (time.perf_counter() - began) / len(chunk)
        for tricks in {tricks_left(p) for p in chunk}:
            self._learn(tricks, solutions, per)
        return solved

    def solve(
        self,
        positions: Sequence[Position],
        deadline: float | None = None,
        unit: int = 1,
    ) -> list[dict[int, int]]:
        """For each position, ``{card index: tricks}`` for every legal card of the seat to play.

        The tricks are those of the side of the seat to play, from the current
        trick (included) to the end, when every later card is double-dummy best.
        With a ``deadline`` only the first positions expected to be done by then are solved
        (perhaps none), in whole ``unit`` groups (:meth:`fits`): the list is as long as the
        positions solved. A batch that runs past the deadline is waited for and its positions
        used; no batch starts after that.
        """
        return self._solve(positions, 3, deadline, unit)

    def best(
        self,
        positions: Sequence[Position],
        deadline: float | None = None,
        unit: int = 1,
    ) -> list[int]:
        """For each position, the most tricks the side of the seat to play can take from here on.

        Faster than :meth:`solve` (DDS looks for one best card only). For a
        whole deal with the opening leader to play, ``13 - best`` is the
        declarer's double-dummy tricks. ``deadline`` and ``unit`` as for :meth:`solve`.
        """
        return [max(r.values()) if r else 0 for r in self._solve(positions, 1, deadline, unit)]

    def _solve(
        self,
        positions: Sequence[Position],
        solutions: int,
        deadline: float | None = None,
        unit: int = 1,
    ) -> list[dict[int, int]]:
        dds = self._dds
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
            solved = self._run(bop, chunk, solutions)
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

    def par(self, table: DDTable, dealer: Seat, vulnerability: Vulnerability) -> Par:
        """The par of a board (see the module's :func:`par`)."""
        from endplay.dds import par as endplay_par
        from endplay.dds.ddtable import DDTable as EndplayTable
        from endplay.types import Player, Vul

        data = self._dds.ddTableResults()
        for seat in Seat:
            for strain in STRAINS:
                data.resTable[dds_denomination(strain)][int(seat)] = table[seat, strain]
        # A Vul, not an int: endplay reads an int as a board number.
        vul = Vul(_ENDPLAY_VUL[vulnerability])
        with self._lock:
            result = endplay_par(EndplayTable(data), vul, Player(int(dealer)))
        contracts = tuple(
            ParContract(
                Contract(
                    int(c.level),
                    _ENDPLAY_STRAIN[int(c.denom)],
                    {1: 0, 2: 1, 4: 2}[int(c.penalty)],
                    Seat(int(c.declarer)),
                ),
                int(c.result),
            )
            for c in result
        )
        return Par(int(result.score), contracts)

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


# --- tables and par ---------------------------------------------------------------------------

#: The strains in the order tables are printed (clubs up to notrump) and their PBN letters.
STRAINS: tuple[Strain, ...] = tuple(Strain)
_STRAIN_NAMES = {Strain.CLUBS: "C", Strain.DIAMONDS: "D", Strain.HEARTS: "H", Strain.SPADES: "S"}
_STRAIN_NAMES[Strain.NOTRUMP] = "NT"

# The rows of PBN's OptimumResultTable and the digits of DoubleDummyTricks (BridgeComposer's
# order): declarers N, S, E, W; strains NT, S, H, D, C.
_PBN_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)


@dataclass(frozen=True)
class DDTable:
    """Double-dummy tricks for each declarer (N, E, S, W) in each strain (C, D, H, S, NT).

    ``tricks[seat][strain]``; index it with ``table[seat, strain]``.

    >>> table = DDTable.from_json({s: {"C": 1, "D": 2, "H": 3, "S": 4, "NT": 5} for s in "NESW"})
    >>> table[Seat.WEST, Strain.HEARTS]
    3
    >>> table.double_dummy_tricks
    '54321543215432154321'
    """

    tricks: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.tricks) != 4 or any(len(row) != 5 for row in self.tricks):
            raise ValueError("a double-dummy table has 4 rows (N, E, S, W) of 5 strains")
        if any(not 0 <= t <= 13 for row in self.tricks for t in row):
            raise ValueError("double-dummy tricks are 0 to 13")

    def __getitem__(self, key: tuple[Seat, Strain]) -> int:
        seat, strain = key
        return self.tricks[int(seat)][int(strain)]

    def to_json(self) -> dict[str, dict[str, int]]:
        """``{"N": {"C": 9, "D": 6, "H": 10, "S": 9, "NT": 8}, "E": ...}``."""
        return {
            seat.letter: {_STRAIN_NAMES[strain]: self[seat, strain] for strain in STRAINS}
            for seat in Seat
        }

    @classmethod
    def from_json(cls, value: dict[str, dict[str, int]]) -> DDTable:
        return cls(
            tuple(
                tuple(int(value[seat.letter][_STRAIN_NAMES[strain]]) for strain in STRAINS)
                for seat in Seat
            )
        )

    @property
    def double_dummy_tricks(self) -> str:
        """The ``DoubleDummyTricks`` tag of BridgeComposer and Dealer-made files: 20 hexadecimal
        digits, declarers N, S, E, W, each in notrump, spades, hearts, diamonds, clubs."""
        return "".join(
            format(self[seat, strain], "x") for seat in _PBN_SEATS for strain in _PBN_STRAINS
        )

    def optimum_result_table(self) -> list[str]:
        """The data lines of PBN 2.1's ``OptimumResultTable`` (columns
        ``Declarer;Denomination\\2R;Result\\2R``): ``N NT  8``, ``N  S  9``... for N, S, E, W."""
        return [
            f"{seat.letter} {_STRAIN_NAMES[strain]:>2} {self[seat, strain]:>2}"
            for seat in _PBN_SEATS
            for strain in _PBN_STRAINS
        ]


#: The header of PBN 2.1's OptimumResultTable.
OPTIMUM_RESULT_TABLE = "Declarer;Denomination\\2R;Result\\2R"


class ParContract:
    """A par contract with its declarer, and the tricks over (+) or under (-) it; made from a
    :class:`Contract` or from its text (the repr pastes back).

    >>> ParContract(Contract("5DXE"), -2)
    ParContract('5DXE-2')
    >>> ParContract("5DXE-2") == ParContract(Contract("5DXE"), -2)
    True
    >>> str(ParContract(Contract("4HN"), 1))
    '4HN+1'
    """

    __slots__ = ("contract", "overtricks")
    contract: Contract
    overtricks: int

    def __init__(self, contract: Contract | str, overtricks: int = 0) -> None:
        if isinstance(contract, str):
            match = _PAR_CONTRACT.fullmatch(contract.strip())
            if match is None or overtricks:
                raise ValueError(f"a par contract is written like 4HN or 5DXE-2, not {contract!r}")
            contract, overtricks = Contract(match[1]), int(match[2] or 0)
        if contract.declarer is None:
            raise ValueError(f"a par contract names its declarer: {contract}")
        object.__setattr__(self, "contract", contract)
        object.__setattr__(self, "overtricks", overtricks)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a ParContract is immutable: {name}")

    def __reduce__(self) -> tuple[type[ParContract], tuple[Contract, int]]:
        return ParContract, (self.contract, self.overtricks)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ParContract) and (self.contract, self.overtricks) == (
            other.contract,
            other.overtricks,
        )

    def __hash__(self) -> int:
        return hash((self.contract, self.overtricks))

    def __str__(self) -> str:
        mark = f"{self.overtricks:+d}" if self.overtricks else ""
        return f"{self.contract}{mark}"

    def __repr__(self) -> str:
        return f"ParContract({str(self)!r})"


_PAR_CONTRACT = re.compile(r"(.+?[NESW])([+-]\d+)?")


@dataclass(frozen=True)
class Par:
    """The par of a board: its score from North-South's side and the contracts that reach it.

    >>> par = Par(-100, (ParContract("5HXN-1"), ParContract("5HXS-1")))
    >>> par
    Par(-100, (ParContract('5HXN-1'), ParContract('5HXS-1')))
    >>> par.optimum_score, par.par_contract
    ('EW 100', 'NS 5Hx-1')
    >>> par.to_json()
    {'score': -100, 'contracts': ['5HXN', '5HXS']}
    """

    score: int
    contracts: tuple[ParContract, ...] = field(default=())

    def __repr__(self) -> str:
        return f"Par({self.score}, {self.contracts!r})"

    def to_json(self) -> dict[str, Any]:
        """``{"score": 420, "contracts": ["4HN", "4HS"]}`` (the score from North-South's side)."""
        return {"score": self.score, "contracts": [str(c.contract) for c in self.contracts]}

    @property
    def optimum_score(self) -> str:
        """PBN 2.1's ``OptimumScore`` tag: ``NS 420`` (``EW 100`` when East-West gain)."""
        return f"EW {-self.score}" if self.score < 0 else f"NS {self.score}"

    @property
    def par_contract(self) -> str:
        """The ``ParContract`` tag of BridgeComposer's files: ``NS 4H``, ``EW 5Dx-2``, ``N 3N+1``;
        several joined by ``; ``; ``Pass`` when the par is a pass-out. A contract both partners
        make is written once for the side."""
        if not self.contracts:
            return "Pass"
        out: list[str] = []
        seen: set[tuple[object, ...]] = set()
        for c in self.contracts:
            contract, declarer = c.contract, c.contract.declarer
            assert declarer is not None
            key = (contract.without_declarer(), c.overtricks)
            partner = Contract(contract.level, contract.strain, contract.doubled, declarer.partner)
            both = ParContract(partner, c.overtricks) in self.contracts
            who = str(declarer.side) if both else declarer.letter
            if (who, *key) in seen:
                continue
            seen.add((who, *key))
            strain = "N" if contract.strain is Strain.NOTRUMP else contract.strain.letter
            doubled = "x" * contract.doubled
            mark = f"{c.overtricks:+d}" if c.overtricks else ""
            out.append(f"{who} {contract.level}{strain}{doubled}{mark}")
        return "; ".join(out)


_SOLVER: Solver | None = None
_SOLVER_LOCK = threading.Lock()


def solver(threads: int | None = None) -> Solver:
    """The process's one DDS solver, created on first use.

    ``threads`` (or else ``BRIDGEROOM_DDS_THREADS``) sets the DDS thread count when the solver
    is made; 0 lets DDS choose. The count is set once: a later call, with whatever number, gets
    the same solver unchanged (no user of the process resets DDS under another).
    """
    global _SOLVER
    with _SOLVER_LOCK:
        if _SOLVER is None:
            wanted = threads
            if wanted is None:
                wanted = int(os.environ.get("BRIDGEROOM_DDS_THREADS", "0"))
            _SOLVER = Solver(wanted)
        return _SOLVER


def dd_tables(deals: Sequence[Deal]) -> list[DDTable]:
    """The double-dummy table of each deal, in full DDS batches (DDS's ``CalcAllTables``).

    >>> [t.double_dummy_tricks for t in dd_tables([Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")])]
    ['ddcccddccc0011100111']
    """
    solved = solver().tables([d.masks for d in deals])
    return [
        DDTable(tuple(tuple(t[int(strain)][int(seat)] for strain in STRAINS) for seat in Seat))
        for t in solved
    ]


def dd_table(deal: Deal) -> DDTable:
    """The double-dummy table of one deal (:func:`dd_tables`)."""
    return dd_tables([deal])[0]


def par(table: DDTable, dealer: Seat, vulnerability: Vulnerability) -> Par:
    """The par of a board from its table: DDS's ``DealerParBin`` through endplay's ``par``, under
    the process's DDS lock.

    >>> par(DDTable.from_json({s: {"C": 7, "D": 7, "H": 7, "S": 7, "NT": 7} for s in "NESW"}),
    ...     Seat.NORTH, Vulnerability.NONE)
    Par(90, (ParContract('1NTN'), ParContract('1NTS')))
    """
    return solver().par(table, dealer, vulnerability)
