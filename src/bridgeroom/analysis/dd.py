"""Double-dummy tables and par of boards and whole files, through the process's one DDS
service, :mod:`bridgeroom.dds`.

A :class:`DDTable` holds the 20 results of a deal (tricks for each declarer N,
E, S, W in each strain); a :class:`Par` the par score (from North-South's side)
and the par contracts for the board's dealer and vulnerability, as DDS's
``DealerPar`` gives them (both defined in :mod:`bridgeroom.dds`). Nothing here solves
or searches; endplay is imported on the first computation, never when this module is
imported.

    >>> from bridgeroom.rules import Deal, Seat, Strain, Vulnerability
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> [(table, par)] = solve_boards([(deal, Seat.NORTH, Vulnerability.NONE)])
    >>> table[Seat.SOUTH, Strain.NOTRUMP], table[Seat.EAST, Strain.SPADES]
    (13, 0)
    >>> par
    Par(1520, (ParContract('7NTN'), ParContract('7NTS')))
    >>> par.optimum_score, par.par_contract
    ('NS 1520', 'NS 7N')

Large jobs go through :func:`analyse_boards`, which cuts the boards into
chunks for a :class:`~bridgeroom.analysis.batch.Batch` and streams the results
in input order; a deal met again (the same board at another table) is solved once.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgeroom.analysis.batch import Batch, Chunk, Progress, chunked
from bridgeroom.analysis.scale import AUTO_SECONDS, auto_map
from bridgeroom.dds import OPTIMUM_RESULT_TABLE, DDTable, Par, ParContract
from bridgeroom.rules.core import Deal, Seat, Vulnerability

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
    "OPTIMUM_RESULT_TABLE",
]

#: Boards per chunk of work: one full DDS batch (``MAXNOOFTABLES``) of distinct deals.
CHUNK = 40


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


def par_of(table: DDTable, dealer: Seat, vulnerability: Vulnerability) -> Par:
    """The par of a board from its table (:func:`bridgeroom.dds.par`)."""
    from bridgeroom.dds import par

    return par(table, dealer, vulnerability)


def solve_boards(
    boards: Sequence[tuple[Deal, Seat, Vulnerability]],
) -> list[tuple[DDTable, Par]]:
    """The table and par of each board, in this process, through the process's one DDS service
    (:mod:`bridgeroom.dds`, its threads as they were set). A deal given twice is solved once."""
    from bridgeroom.dds import dd_tables, par

    distinct = list(dict.fromkeys(deal for deal, _, _ in boards))
    tables = dict(zip(distinct, dd_tables(distinct), strict=True))
    return [(tables[deal], par(tables[deal], dealer, vul)) for deal, dealer, vul in boards]


def analyse_chunk(chunk: Chunk[BoardInput | None]) -> list[BoardAnalysis | None]:
    """The work of one chunk (on a worker: one DDS thread). ``None`` items are boards whose deal
    was already sent in an earlier chunk; their place is kept."""
    assert chunk.items is not None
    todo = [item for item in chunk.items if item is not None]
    solved = iter(solve_boards([(b.deal, b.dealer, b.vulnerability) for b in todo]))
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
    batch: Batch | None,
    *,
    start: Callable[[], Batch] | None = None,
    chunk_size: int = CHUNK,
    progress: Progress | None = None,
    remember: int = 100_000,
    threshold: float = AUTO_SECONDS,
) -> Iterator[BoardAnalysis | BadGame]:
    """The analysis of each board, in input order, streamed as the chunks complete.

    The chunks run on ``batch`` (an entered :class:`Batch`); with ``batch`` ``None``, here,
    the first chunk timed, and, if ``start`` is given and the boards read ahead (as many as
    the first chunk's time says could take ``threshold`` seconds) would take longer than
    that, the rest on the batch ``start()`` makes (:func:`bridgeroom.analysis.scale.auto_map`):
    a small job never starts a cluster.

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

    chunks = chunked(distinct(boards), chunk_size)
    ahead: deque[Chunk[BoardInput | None]] = deque()  # chunks read to size the work

    def pending() -> Iterator[Chunk[BoardInput | None]]:
        while True:
            if ahead:
                yield ahead.popleft()
                continue
            chunk = next(chunks, None)
            if chunk is None:
                return
            yield chunk

    def remaining(first: list[BoardAnalysis | None], took: float) -> float:
        """The seconds the rest would take here, read ahead until it is known or over
        ``threshold``: the first chunk's time a deal sent."""
        per_deal = took / max(1, sum(r is not None for r in first))
        deals = sum(item is not None for c in ahead for item in c.items or ())
        while deals * per_deal <= threshold:
            chunk = next(chunks, None)
            if chunk is None:
                break
            ahead.append(chunk)
            deals += sum(item is not None for item in chunk.items or ())
        return deals * per_deal

    known: OrderedDict[Deal, DDTable] = OrderedDict()
    for results in auto_map(
        analyse_chunk,
        pending(),
        batch=batch,
        start=start,
        remaining=remaining,
        size=lambda c: c.size,
        threshold=threshold,
    ):
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
                    [(table, par)] = solve_boards([(board.deal, board.dealer, board.vulnerability)])
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
