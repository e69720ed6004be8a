"""Double-dummy tables and par, through endplay's bindings of Bo Haglund's DDS.

A :class:`DDTable` holds the 20 results of a deal (tricks for each declarer N,
E, S, W in each strain); a :class:`Par` the par score (from North-South's side)
and the par contracts for the board's dealer and vulnerability, as DDS's
``DealerPar`` gives them. Nothing here solves or searches: the tables come from
endplay's ``calc_all_tables`` (full batches of DDS's 40 deals), the par from
endplay's ``par``. endplay is imported on the first computation, never when
this module is imported.

    >>> from bridgeroom.rules import Deal, Seat, Strain, Vulnerability
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> [(table, par)] = solve_boards([(deal, Seat.NORTH, Vulnerability.NONE)])
    >>> table[Seat.SOUTH, Strain.NOTRUMP], table[Seat.EAST, Strain.SPADES]
    (13, 0)
    >>> par
    Par(score=1520, contracts=(ParContract('7NTN'), ParContract('7NTS')))
    >>> par.optimum_score, par.par_contract
    ('NS 1520', 'NS 7N')

Large jobs go through :func:`analyse_boards`, which cuts the boards into
chunks for a :class:`~bridgeroom.analysis.batch.Batch` and streams the results
in input order; a deal met again (the same board at another table) is solved once.
"""

from __future__ import annotations

import threading
from collections import OrderedDict, deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bridgeroom.analysis.batch import Batch, Chunk, Progress, chunked
from bridgeroom.rules.core import Contract, Deal, Seat, Strain, Vulnerability

if TYPE_CHECKING:
    from bridgeroom.formats.reading import BadGame

__all__ = [
    "BoardAnalysis",
    "BoardInput",
    "DDTable",
    "Par",
    "ParContract",
    "analyse_boards",
    "solve_boards",
    "CHUNK",
]

#: Boards per chunk of work: one full DDS batch (``MAXNOOFTABLES``) of distinct deals.
CHUNK = 40

#: The strains in the order tables are printed (clubs up to notrump) and their PBN letters.
STRAINS: tuple[Strain, ...] = tuple(Strain)
_STRAIN_NAMES = {Strain.CLUBS: "C", Strain.DIAMONDS: "D", Strain.HEARTS: "H", Strain.SPADES: "S"}
_STRAIN_NAMES[Strain.NOTRUMP] = "NT"

# The rows of PBN's OptimumResultTable and the digits of DoubleDummyTricks (BridgeComposer's
# order): declarers N, S, E, W; strains NT, S, H, D, C.
_PBN_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)

# DDS numbers strains 0 spades .. 3 clubs, 4 notrump in tables; 0 notrump, 1 spades .. 4 clubs
# in par contracts; seats 0 N .. 3 W, and 4 NS, 5 EW in par contracts.
_DDS_TABLE_STRAIN = {Strain.SPADES: 0, Strain.HEARTS: 1, Strain.DIAMONDS: 2, Strain.CLUBS: 3}
_DDS_TABLE_STRAIN[Strain.NOTRUMP] = 4
_DDS_PAR_STRAIN = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
# endplay's Vul: none 0, both 1, ns 2, ew 3.
_ENDPLAY_VUL = {Vulnerability.NONE: 0, Vulnerability.BOTH: 1, Vulnerability.NS: 2}
_ENDPLAY_VUL[Vulnerability.EW] = 3


# --- the results ------------------------------------------------------------------------------


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

    @classmethod
    def from_double_dummy_tricks(cls, text: str) -> DDTable:
        """Read a ``DoubleDummyTricks`` value (the inverse of :attr:`double_dummy_tricks`)."""
        text = text.strip()
        if len(text) != 20 or any(c not in "0123456789abcdefABCDEF" for c in text):
            raise ValueError(f"DoubleDummyTricks is 20 hexadecimal digits, not {text!r}")
        rows = [[0] * 5 for _ in Seat]
        digits = iter(text)
        for seat in _PBN_SEATS:
            for strain in _PBN_STRAINS:
                rows[int(seat)][int(strain)] = int(next(digits), 16)
        return cls(tuple(tuple(row) for row in rows))

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


@dataclass(frozen=True)
class ParContract:
    """A par contract with its declarer, and the tricks over (+) or under (-) it.

    >>> ParContract(Contract("5DXE"), -2)
    ParContract('5DXE-2')
    >>> str(ParContract(Contract("4HN"), 1))
    '4HN+1'
    """

    contract: Contract
    overtricks: int = 0

    def __str__(self) -> str:
        mark = f"{self.overtricks:+d}" if self.overtricks else ""
        return f"{self.contract}{mark}"

    def __repr__(self) -> str:
        return f"ParContract({str(self)!r})"


@dataclass(frozen=True)
class Par:
    """The par of a board: its score from North-South's side and the contracts that reach it.

    >>> par = Par(-100, (ParContract(Contract("5HXN"), -1), ParContract(Contract("5HXS"), -1)))
    >>> par.optimum_score, par.par_contract
    ('EW 100', 'NS 5Hx-1')
    >>> par.to_json()
    {'score': -100, 'contracts': ['5HXN', '5HXS']}
    """

    score: int
    contracts: tuple[ParContract, ...] = field(default=())

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


@dataclass(frozen=True)
class BoardInput:
    """A board to analyse: its deal, dealer and vulnerability, and where it came from."""

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    board: int | None = None


@dataclass(frozen=True)
class BoardAnalysis:
    """A board with its double-dummy table and par."""

    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    table: DDTable
    par: Par
    board: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The JSON object ``bridgeroom analyse --json`` writes for the board."""
        return {
            "board": self.board,
            "deal": self.deal.to_pbn(),
            "dealer": self.dealer.letter,
            "vulnerable": self.vulnerability.pbn,
            "dd": self.table.to_json(),
            "par": self.par.to_json(),
        }


# --- computing ---------------------------------------------------------------------------------


def _endplay_deal(deal: Deal) -> Any:
    from endplay.types import Deal as EndplayDeal

    return EndplayDeal(deal.to_pbn())


#: DDS keeps one thread pool per process: two threads of a process (a Dask worker started with
#: several threads) take turns at it.
_DDS_LOCK = threading.Lock()


def _tables(deals: Sequence[Deal]) -> list[Any]:
    """endplay DDTables of ``deals``, by full DDS batches of ``MAXNOOFTABLES`` deals."""
    import endplay._dds as dds
    from endplay.dds import calc_all_tables

    out: list[Any] = []
    step = dds.MAXNOOFTABLES
    for start in range(0, len(deals), step):
        batch = [_endplay_deal(d) for d in deals[start : start + step]]
        with _DDS_LOCK:
            out.extend(calc_all_tables(batch))
    return out


def _table_of(ep_table: Any) -> DDTable:
    res = ep_table._data.resTable
    return DDTable(
        tuple(
            tuple(int(res[_DDS_TABLE_STRAIN[strain]][int(seat)]) for strain in STRAINS)
            for seat in Seat
        )
    )


def _endplay_table(table: DDTable) -> Any:
    """An endplay DDTable holding ``table`` (for endplay's par)."""
    import endplay._dds as dds
    from endplay.dds.ddtable import DDTable as EndplayTable

    data = dds.ddTableResults()
    for seat in Seat:
        for strain in STRAINS:
            data.resTable[_DDS_TABLE_STRAIN[strain]][int(seat)] = table[seat, strain]
    return EndplayTable(data)


def par_of(table: DDTable, dealer: Seat, vulnerability: Vulnerability) -> Par:
    """The par of a board from its table: endplay's ``par`` (DDS ``DealerParBin``)."""
    from endplay.dds import par
    from endplay.types import Player, Vul

    # A Vul, not an int: endplay reads an int as a board number.
    with _DDS_LOCK:
        result = par(_endplay_table(table), Vul(_ENDPLAY_VUL[vulnerability]), Player(int(dealer)))
    data = result._data
    contracts: list[ParContract] = []
    for i in range(data.number):
        raw = data.contracts[i]
        strain = _DDS_PAR_STRAIN[raw.denom]
        seats = (
            (Seat.NORTH, Seat.SOUTH)
            if raw.seats == 4
            else (Seat.EAST, Seat.WEST)
            if raw.seats == 5
            else (Seat(raw.seats),)
        )
        under = int(raw.underTricks)
        for seat in seats:
            contracts.append(
                ParContract(
                    Contract(int(raw.level), strain, 1 if under else 0, seat),
                    -under if under else int(raw.overTricks),
                )
            )
    return Par(int(result.score), tuple(contracts))


def solve_boards(
    boards: Sequence[tuple[Deal, Seat, Vulnerability]], *, threads: int | None = 1
) -> list[tuple[DDTable, Par]]:
    """The table and par of each board, in one process. A deal given twice is solved once.

    ``threads`` sets the DDS threads of the process (through the robots' one DDS solver,
    :func:`bridgeroom.robots.dds.solver`); ``None`` leaves them as they are.
    """
    from bridgeroom.robots.dds import solver

    if threads is not None:
        solver(threads=threads)
    distinct = list(dict.fromkeys(deal for deal, _, _ in boards))
    tables = dict(zip(distinct, (_table_of(t) for t in _tables(distinct)), strict=True))
    return [(tables[deal], par_of(tables[deal], dealer, vul)) for deal, dealer, vul in boards]


def analyse_chunk(chunk: Chunk[BoardInput | None]) -> list[BoardAnalysis | None]:
    """The work of one chunk (on a worker: one DDS thread). ``None`` items are boards whose deal
    was already sent in an earlier chunk; their place is kept."""
    assert chunk.items is not None
    todo = [item for item in chunk.items if item is not None]
    solved = iter(solve_boards([(b.deal, b.dealer, b.vulnerability) for b in todo], threads=1))
    out: list[BoardAnalysis | None] = []
    for item in chunk.items:
        if item is None:
            out.append(None)
            continue
        table, par = next(solved)
        out.append(
            BoardAnalysis(item.deal, item.dealer, item.vulnerability, table, par, item.board)
        )
    return out


def analyse_boards(
    boards: Iterable[BoardInput | BadGame],
    batch: Batch,
    *,
    chunk_size: int = CHUNK,
    progress: Progress | None = None,
    remember: int = 100_000,
) -> Iterator[BoardAnalysis | BadGame]:
    """The analysis of each board, in input order, streamed as the chunks complete.

    ``boards`` is read lazily (a bounded window ahead of the results). A bad game
    (a :class:`~bridgeroom.formats.reading.BadGame`) comes out in its place,
    untouched. A deal met again within the last ``remember`` distinct deals (the
    same board played at another table) is not sent again: its table is taken
    from the first analysis and its par computed here for its own dealer and
    vulnerability.
    """
    from bridgeroom.formats.reading import BadGame

    sent: OrderedDict[Deal, None] = OrderedDict()
    inputs: deque[BoardInput | BadGame] = deque()  # drawn and not yet yielded, in order

    def distinct(source: Iterable[BoardInput | BadGame]) -> Iterator[BoardInput | None]:
        for board in source:
            inputs.append(board)
            if isinstance(board, BadGame):
                yield None
                continue
            if board.deal in sent:
                sent.move_to_end(board.deal)
                yield None
                continue
            sent[board.deal] = None
            if len(sent) > remember:
                sent.popitem(last=False)
            yield board

    known: OrderedDict[Deal, DDTable] = OrderedDict()
    for results in batch.map(analyse_chunk, chunked(distinct(boards), chunk_size)):
        for result in results:
            board = inputs.popleft()
            if isinstance(board, BadGame):
                if progress is not None:
                    progress.advance(1)
                yield board
                continue
            if result is None:
                table = known.get(board.deal)
                if table is None:  # forgotten: solve it here
                    [(table, par)] = solve_boards(
                        [(board.deal, board.dealer, board.vulnerability)], threads=None
                    )
                else:
                    par = par_of(table, board.dealer, board.vulnerability)
                result = BoardAnalysis(
                    board.deal, board.dealer, board.vulnerability, table, par, board.board
                )
            known[board.deal] = result.table
            known.move_to_end(board.deal)
            if len(known) > remember:
                known.popitem(last=False)
            if progress is not None:
                progress.advance(1)
            yield result
