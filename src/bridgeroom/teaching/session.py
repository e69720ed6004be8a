"""A mini-bridge class session: several tables play the same boards, compared as a duplicate club does.

Each table plays the boards of the session (MB-1: a board fixes dealer and
vulnerability, CB-B1, CB-B2). A result is one board at one table: the two
pairs, the declarer, the contract and the tricks the declaring pair took
(after any revoke transfer, MB-12). Each result is scored by mini-bridge
scoring (MB-9 to MB-11), then the tables are compared on every board by
matchpoints and by cross-IMPs (:mod:`bridgeroom.scoring.compare`).

    >>> session = ClassSession([
    ...     SessionResult(1, "1", "Ann & Bob", "Cat & Dan", Seat.NORTH, Contract("3NT"), 9),
    ...     SessionResult(1, "2", "Eve & Fay", "Gus & Hal", Seat.NORTH, Contract("3NT"), 8),
    ... ])
    >>> [(row.result.table, row.ns_score, row.ns_mp, row.ns_imps) for row in session.traveller(1)]
    [('1', 400, 2, 10), ('2', -50, 0, -10)]

A class session is a score :class:`~bridgeroom.scoring.Session` too: deals
recorded through the protocol are boards of one table (``at_table``), played
in order.

    >>> session.next_board, session.next_dealer()
    (2, <Seat.EAST: 1>)
    >>> session.record_deal(Seat.SOUTH, "2S", 8).hand.score
    110

The file a teacher writes (``bridgeroom session FILE``) is CSV or JSON, read
by :mod:`bridgeroom.teaching.files`; :mod:`bridgeroom.teaching.report` prints
the session.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bridgeroom.errors import ParseError, ScoringError
from bridgeroom.formats.reading import BadGame
from bridgeroom.rules import (
    Contract,
    DealResult,
    MiniBridgeDeal,
    MiniBridgeOptions,
    Seat,
    Side,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from bridgeroom.rules.minibridge import SEED_OPTIONS
from bridgeroom.scoring import (
    BoardResult,
    BoardRow,
    Declarer,
    HandScore,
    Honors,
    ScoreSummary,
    is_pass,
    score_minibridge,
)
from bridgeroom.scoring.compare import cross_imps, matchpoint_top, matchpoints
from bridgeroom.scoring.sessions.boards import BoardOrder

__all__ = [
    "ClassSession",
    "PairRow",
    "SessionResult",
    "Standing",
    "TravellerRow",
]


@dataclass(frozen=True)
class SessionResult:
    """One board played at one table.

    ``tricks`` are the declaring pair's tricks after any revoke transfer (MB-12).
    ``line`` is where the result was read from (for error messages), if from a file.
    """

    board: int
    table: str
    ns: str
    ew: str
    declarer: Seat
    contract: Contract
    tricks: int
    line: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        where = f"board {self.board!r} at table {self.table!r}"
        if isinstance(self.board, bool) or not isinstance(self.board, int) or self.board < 1:
            raise ParseError(f"{where}: a board number is 1 or more (CB-B1)", line=self.line)
        if isinstance(self.tricks, bool) or not isinstance(self.tricks, int):
            raise ParseError(f"{where}: tricks must be a number 0-13", line=self.line)
        if not 0 <= self.tricks <= 13:
            raise ParseError(f"{where}: tricks must be 0-13, not {self.tricks}", line=self.line)
        if self.contract.doubled:
            raise ParseError(
                f"{where}: there are no doubles in mini-bridge: {self.contract} (MB-6)",
                line=self.line,
            )
        if self.contract.declarer is not None and self.contract.declarer != self.declarer:
            raise ParseError(
                f"{where}: the contract {self.contract} names declarer "
                f"{self.contract.declarer}, the result {self.declarer}",
                line=self.line,
            )
        if not self.ns or not self.ew or self.ns == self.ew:
            raise ParseError(f"{where}: two different pairs play a board", line=self.line)
        object.__setattr__(self, "contract", self.contract.without_declarer())

    @classmethod
    def from_deal(cls, state: MiniBridgeDeal, table: str, ns: str, ew: str) -> SessionResult:
        """The result of a mini-bridge deal played to the end by the engine (its board must be known)."""
        result = state.result
        if result is None or result.contract is None or result.declarer is None:
            raise ScoringError("the deal is not over: no result to record yet")
        if state.board is None:
            raise ScoringError(
                "the deal has no board number: make it with MiniBridgeDeal.from_board"
            )
        return cls(
            state.board,
            table,
            ns,
            ew,
            result.declarer,
            result.contract.without_declarer(),
            result.tricks,
        )

    @property
    def vulnerability(self) -> Vulnerability:
        """The board's vulnerability (CB-B2)."""
        return board_vulnerability(self.board)

    @property
    def dealer(self) -> Seat:
        """The board's dealer (CB-B1)."""
        return board_dealer(self.board)

    def pair(self, side: Side) -> str:
        return self.ns if side is Side.NS else self.ew

    def describe(self) -> str:
        """``3NT N 9`` style: contract, declarer, tricks."""
        return f"{self.contract.without_declarer()} {self.declarer} {self.tricks}"


@dataclass(frozen=True)
class TravellerRow:
    """One table's line on a board's traveller, with its score, matchpoints and cross-IMPs for each direction."""

    result: SessionResult
    hand: HandScore
    ns_score: int
    ns_mp: int
    ew_mp: int
    top: int
    ns_imps: int
    ew_imps: int

    @property
    def ew_score(self) -> int:
        return -self.ns_score


@dataclass(frozen=True)
class PairRow:
    """One board on a pair's scorecard, with running totals."""

    board: int
    side: Side
    opponents: str
    result: SessionResult
    score: int
    mp: int
    top: int
    imps: int
    total_score: int
    total_mp: int
    total_top: int
    total_imps: int


@dataclass(frozen=True)
class Standing:
    """A pair's totals over the session."""

    pair: str
    side: Side | None  # the direction the pair always sat, or None if it moved between them
    boards: int
    score: int
    mp: int
    top: int
    imps: int

    @property
    def percent(self) -> float:
        """Matchpoints as a percentage of the tops of the boards played (0 if no board was compared)."""
        return 100.0 * self.mp / self.top if self.top else 0.0


class ClassSession(BoardOrder):
    """The results of a class session, scored and compared.

    ``options``: mini-bridge rule options; ``overtricks`` is the EBU scoring (MB-A6).
    ``at_table`` is the table whose deals the :class:`~bridgeroom.scoring.Session`
    protocol records (``ns`` and ``ew`` its pairs, named as a results file without
    pairs names them).
    """

    def __init__(
        self,
        results: Iterable[SessionResult] = (),
        *,
        title: str = "",
        options: MiniBridgeOptions = SEED_OPTIONS,
        at_table: str = "1",
        ns: str | None = None,
        ew: str | None = None,
    ) -> None:
        self.title = title
        self.options = options
        self.at_table = at_table
        self.ns = ns or f"table {at_table} NS"
        self.ew = ew or f"table {at_table} EW"
        self.results: list[SessionResult] = []
        #: The results of a file that could not be read or scored (a tolerant read), with
        #: their lines and reasons; they are left out of the session.
        self.errors: list[BadGame] = []
        for result in results:
            self.add(result)

    def add(self, result: SessionResult) -> None:
        """Add one result; a table plays a board once, and so does a pair."""
        for other in self.results:
            if other.board != result.board:
                continue
            if other.table == result.table:
                raise ParseError(
                    f"board {result.board} at table {result.table} is given twice",
                    line=result.line,
                )
            both = {other.ns, other.ew} & {result.ns, result.ew}
            if both:
                raise ParseError(
                    f"{sorted(both)[0]} plays board {result.board} twice "
                    f"(tables {other.table} and {result.table})",
                    line=result.line,
                )
        self.score_of(result)  # fail early on what cannot be scored
        self.results.append(result)

    def score_of(self, result: SessionResult) -> HandScore:
        """The mini-bridge score of a result from the declaring pair's side (MB-9..MB-11)."""
        vulnerable = result.vulnerability.is_vulnerable(result.declarer)
        return score_minibridge(
            result.contract.without_declarer(),
            result.tricks,
            vulnerable,
            overtricks=self.options.overtricks,
        )

    def ns_score(self, result: SessionResult) -> int:
        """The result's score from North-South's side (negative: East-West scored)."""
        score = self.score_of(result).score
        return score if result.declarer.side is Side.NS else -score

    @property
    def boards(self) -> tuple[int, ...]:
        return tuple(sorted({r.board for r in self.results}))

    @property
    def pairs(self) -> tuple[str, ...]:
        """The pairs in order of first appearance."""
        seen: dict[str, None] = {}
        for r in self.results:
            seen.setdefault(r.ns)
            seen.setdefault(r.ew)
        return tuple(seen)

    def traveller(self, board: int) -> tuple[TravellerRow, ...]:
        """The board's traveller: each table's result, score, matchpoints and cross-IMPs."""
        rows = sorted((r for r in self.results if r.board == board), key=_table_key)
        if not rows:
            raise ScoringError(f"board {board} was not played in this session")
        scores = [self.ns_score(r) for r in rows]
        mps = matchpoints(scores)
        ims = cross_imps(scores)
        top = matchpoint_top(len(rows))
        return tuple(
            TravellerRow(r, self.score_of(r), s, mp, top - mp, top, imp, -imp)
            for r, s, mp, imp in zip(rows, scores, mps, ims, strict=True)
        )

    def scorecard(self, pair: str) -> tuple[PairRow, ...]:
        """A pair's scorecard, board by board, with running totals of points, matchpoints and IMPs."""
        if pair not in self.pairs:
            raise ScoringError(f"no pair called {pair!r} played in this session")
        out: list[PairRow] = []
        total_score = total_mp = total_top = total_imps = 0
        for board in self.boards:
            for row in self.traveller(board):
                r = row.result
                if pair not in (r.ns, r.ew):
                    continue
                side = Side.NS if r.ns == pair else Side.EW
                sign = 1 if side is Side.NS else -1
                mp = row.ns_mp if side is Side.NS else row.ew_mp
                imp = row.ns_imps if side is Side.NS else row.ew_imps
                total_score += sign * row.ns_score
                total_mp += mp
                total_top += row.top
                total_imps += imp
                out.append(
                    PairRow(
                        board,
                        side,
                        r.pair(side.opponents),
                        r,
                        sign * row.ns_score,
                        mp,
                        row.top,
                        imp,
                        total_score,
                        total_mp,
                        total_top,
                        total_imps,
                    )
                )
        return tuple(out)

    def standing(self, pair: str) -> Standing:
        card = self.scorecard(pair)
        sides = {row.side for row in card}
        last = card[-1]
        return Standing(
            pair,
            sides.pop() if len(sides) == 1 else None,
            len(card),
            last.total_score,
            last.total_mp,
            last.total_top,
            last.total_imps,
        )

    def standings(self) -> tuple[Standing, ...]:
        """Every pair's totals, best matchpoint percentage first (then IMPs, then name)."""
        rows = [self.standing(p) for p in self.pairs]
        return tuple(sorted(rows, key=lambda s: (-s.percent, -s.imps, s.pair)))

    @property
    def separate_directions(self) -> bool:
        """True when every pair sat in one direction all session (a Mitchell movement):
        North-South pairs are then only compared with North-South pairs, and a club
        ranks each direction on its own."""
        return all(s.side is not None for s in self.standings())

    # --- the Session protocol: the boards of one table ------------------------------------

    @property
    def next_board(self) -> int:
        """The board after the highest one played at ``at_table`` (1 to start)."""
        return 1 + max((r.board for r in self.results if r.table == self.at_table), default=0)

    def record_deal(
        self,
        declarer: Declarer | None,
        contract: Contract | str | None,
        tricks: int = 0,
        honors: Honors | None = None,
    ) -> BoardResult:
        """Add the next board of ``at_table``: the declarer's seat, the contract named, the
        declaring pair's tricks. Mini-bridge has no pass-out (the declarer names a contract,
        MB-6) and scores no honors (MB-9 to MB-11)."""
        if honors is not None:
            raise ScoringError(f"mini-bridge scores no honors (MB-9 to MB-11): {honors}")
        if declarer is None or is_pass(contract) or contract is None:
            raise ScoringError(
                "a mini-bridge deal is never passed out: the declarer names a contract (MB-6)"
            )
        if isinstance(declarer, Side) or (isinstance(declarer, str) and len(declarer) != 1):
            raise ScoringError(
                f"a board is scored by the declarer's seat (N, E, S, W): {declarer!r}"
            )
        seat = declarer if isinstance(declarer, Seat) else Seat.find(declarer)
        named = contract if isinstance(contract, Contract) else Contract.parse(contract)
        board = self.next_board
        result = SessionResult(board, self.at_table, self.ns, self.ew, seat, named, tricks)
        self.add(result)
        return BoardResult(
            board,
            board_dealer(board),
            board_vulnerability(board),
            seat,
            result.contract,
            tricks,
            self.score_of(result),
        )

    def record_result(self, result: DealResult) -> BoardResult:
        """Add a deal played by the engine as the next board of ``at_table``."""
        return self.record_deal(result.declarer, result.contract, result.tricks)

    def summary(self) -> ScoreSummary:
        """One row per board and table (travellers, board by board), and each pair's points."""
        rows = tuple(
            BoardRow(
                board,
                board_dealer(board),
                board_vulnerability(board),
                row.result.declarer,
                row.result.contract,
                row.result.tricks,
                row.ns_score,
                row.result.table,
            )
            for board in self.boards
            for row in self.traveller(board)
        )
        totals: dict[Side | str, int] = {s.pair: s.score for s in self.standings()}
        return ScoreSummary("boards", totals, boards=rows)

    def to_dict(self) -> dict[str, Any]:
        """Everything, as plain data (the ``--json`` output)."""
        return {
            "title": self.title,
            "overtricks": self.options.overtricks,
            "boards": [
                {
                    "board": board,
                    "dealer": board_dealer(board).letter,
                    "vulnerability": board_vulnerability(board).pbn,
                    "results": [
                        {
                            "table": row.result.table,
                            "ns": row.result.ns,
                            "ew": row.result.ew,
                            "declarer": row.result.declarer.letter,
                            "contract": str(row.result.contract.without_declarer()),
                            "tricks": row.result.tricks,
                            "ns_score": row.ns_score,
                            "ns_mp": row.ns_mp,
                            "ew_mp": row.ew_mp,
                            "top": row.top,
                            "ns_imps": row.ns_imps,
                            "ew_imps": row.ew_imps,
                        }
                        for row in self.traveller(board)
                    ],
                }
                for board in self.boards
            ],
            "pairs": [
                {
                    "pair": s.pair,
                    "direction": s.side.name if s.side is not None else None,
                    "boards": s.boards,
                    "score": s.score,
                    "mp": s.mp,
                    "top": s.top,
                    "percent": round(s.percent, 2),
                    "imps": s.imps,
                    "scorecard": [
                        {
                            "board": row.board,
                            "direction": row.side.name,
                            "opponents": row.opponents,
                            "score": row.score,
                            "mp": row.mp,
                            "imps": row.imps,
                            "total_score": row.total_score,
                            "total_mp": row.total_mp,
                            "total_imps": row.total_imps,
                        }
                        for row in self.scorecard(s.pair)
                    ],
                }
                for s in self.standings()
            ],
        }


def _table_key(result: SessionResult) -> tuple[int, str]:
    t = result.table
    return (int(t), "") if t.isdigit() else (1 << 30, t)
