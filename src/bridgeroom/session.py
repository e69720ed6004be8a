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

The file a teacher writes (``bridgeroom session FILE``) is CSV or JSON; see
:func:`loads` for the two formats.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bridgeroom.errors import BridgeError, ParseError, ScoringError
from bridgeroom.formats.reading import BadGame
from bridgeroom.rules import (
    Contract,
    MiniBridgeDeal,
    MiniBridgeOptions,
    Seat,
    Side,
    Vulnerability,
    board_dealer,
    board_vulnerability,
)
from bridgeroom.rules.minibridge import SEED_OPTIONS
from bridgeroom.scoring import HandScore, score_minibridge
from bridgeroom.scoring.compare import cross_imps, matchpoint_top, matchpoints

__all__ = [
    "ClassSession",
    "PairRow",
    "SessionResult",
    "Standing",
    "TravellerRow",
    "dumps_csv",
    "format_session",
    "load",
    "loads",
]

COLUMNS = ("board", "table", "ns", "ew", "declarer", "contract", "tricks")
_RELATIVE = re.compile(r"^\s*(=|[+-]\d{1,2})\s*$")


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


class ClassSession:
    """The results of a class session, scored and compared.

    ``options``: mini-bridge rule options; ``overtricks`` is the EBU scoring (MB-A6).
    """

    def __init__(
        self,
        results: Iterable[SessionResult],
        *,
        title: str = "",
        options: MiniBridgeOptions = SEED_OPTIONS,
    ) -> None:
        self.title = title
        self.options = options
        self.results: list[SessionResult] = []
        #: The results of the file that could not be read or scored (a tolerant read), with
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


# --- reading a session ------------------------------------------------------------------


def _result_from(record: Mapping[str, object], line: int | None) -> SessionResult:
    """A result from one record of the file (a CSV row or a JSON object)."""

    def text(key: str, default: str | None = None) -> str:
        value = record.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            if default is not None:
                return default
            raise ParseError(f"the result has no {key!r}", line=line)
        return str(value).strip()

    unknown = sorted(set(record) - set(COLUMNS) - {"note"})
    if unknown:
        raise ParseError(
            f"unknown field(s) {', '.join(map(repr, unknown))}; the fields are {', '.join(COLUMNS)}",
            line=line,
        )
    try:
        board = int(text("board"))
    except ValueError:
        raise ParseError(f"not a board number: {record.get('board')!r}", line=line) from None
    table = text("table")
    contract = Contract.parse(text("contract"))
    seat_text = record.get("declarer")
    if seat_text is None or (isinstance(seat_text, str) and not seat_text.strip()):
        if contract.declarer is None:
            raise ParseError(
                f"no declarer for {contract}: give the 'declarer' field or write it after "
                "the contract (3NTN)",
                line=line,
            )
        declarer = contract.declarer
    else:
        declarer = Seat.find(str(seat_text))
    tricks_text = text("tricks")
    relative = _RELATIVE.match(tricks_text)
    if relative:
        step = relative.group(1)
        tricks = contract.tricks_needed + (0 if step == "=" else int(step))
    else:
        try:
            tricks = int(tricks_text)
        except ValueError:
            raise ParseError(
                f"not a number of tricks: {tricks_text!r} (0-13, or =, +1, -2 ...)", line=line
            ) from None
    return SessionResult(
        board,
        table,
        text("ns", f"table {table} NS"),
        text("ew", f"table {table} EW"),
        declarer,
        contract,
        tricks,
        line,
    )


def _loads_csv(text: str, strict: bool = True) -> ClassSession:
    lines = [
        (n, line)
        for n, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise ParseError("the session file holds no results")
    header_no, header = lines[0]
    fields = [f.strip().lower() for f in next(csv.reader([header]))]
    missing = [f for f in ("board", "table", "contract", "tricks") if f not in fields]
    if missing:
        raise ParseError(
            f"the first line names the columns ({', '.join(COLUMNS)}); missing: {', '.join(missing)}",
            line=header_no,
        )
    session = ClassSession([])
    for n, line in lines[1:]:
        values = next(csv.reader([line]))
        board = values[fields.index("board")].strip() if len(values) == len(fields) else None
        try:
            if len(values) != len(fields):
                raise ParseError(f"{len(values)} values for {len(fields)} columns", line=n)
            record = {f: v.strip() for f, v in zip(fields, values, strict=True)}
            session.add(_result_from(record, n))
        except (ParseError, ScoringError) as err:
            _bad_result(session, err, n, board, strict)
    return session


def _bad_result(
    session: ClassSession, err: BridgeError, line: int, board: str | None, strict: bool
) -> None:
    """Strict: raise ``err``; else keep it in ``session.errors`` and read on."""
    if strict:
        raise err
    problem = err if isinstance(err, ParseError) else ParseError(str(err), line=line)
    session.errors.append(BadGame.from_error(problem, line=line, board=board or None))


def _loads_json(text: str, strict: bool = True) -> ClassSession:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ParseError(f"not JSON: {err.msg}", line=err.lineno) from None
    title = ""
    overtricks = False
    if isinstance(data, dict):
        unknown = sorted(set(data) - {"title", "overtricks", "results"})
        if unknown:
            raise ParseError(f"unknown session field(s): {', '.join(map(repr, unknown))}")
        title = str(data.get("title", ""))
        overtricks = data.get("overtricks", False)
        if not isinstance(overtricks, bool):
            raise ParseError(f"'overtricks' is true or false, not {overtricks!r}")
        data = data.get("results")
    if not isinstance(data, list) or not data:
        raise ParseError("a JSON session holds a list of results (or an object with 'results')")
    session = ClassSession([], title=title, options=MiniBridgeOptions(overtricks=overtricks))
    for i, record in enumerate(data, 1):
        board = str(record.get("board")) if isinstance(record, dict) else None
        try:
            if not isinstance(record, dict):
                raise ParseError(f"result #{i} is not an object: {record!r}")
            try:
                session.add(_result_from(record, None))
            except (ParseError, ScoringError) as err:
                raise ParseError(f"result #{i}: {err}") from None
        except ParseError as err:
            _bad_result(session, err, i, board, strict)
    return session


def loads(text: str, fmt: str | None = None, *, strict: bool = True) -> ClassSession:
    """A session from the text of a results file; ``fmt`` is ``"csv"`` or ``"json"`` (guessed if ``None``).

    CSV: a first line naming the columns, then one line per board and table::

        board,table,ns,ew,declarer,contract,tricks
        1,1,Ann & Bob,Cat & Dan,N,3NT,9

    ``ns``/``ew`` (the pairs) may be left out: the pairs are then called
    ``table 1 NS`` and so on. ``declarer`` may instead follow the contract
    (``3NTN``). ``tricks`` is the number of tricks the declaring pair took
    (0-13), or relative to the contract: ``=``, ``+1``, ``-2``. Lines starting
    with ``#`` are comments.

    JSON: ``{"title": ..., "overtricks": false, "results": [{"board": 1, "table": 1,
    "ns": ..., "ew": ..., "declarer": "N", "contract": "3NT", "tricks": 9}, ...]}``
    (or just the list). ``overtricks: true`` scores the EBU way (MB-A6).

    ``strict`` (the default) raises the first bad result; ``strict=False`` leaves
    each bad result out, lists it in the session's ``errors`` with its line (CSV)
    or number (JSON) and the reason, and reads on.

    >>> s = loads("board,table,declarer,contract,tricks\\n1,1,N,3NT,=\\n1,2,E,2S,-1\\n")
    >>> [(r.result.table, r.ns_score) for r in s.traveller(1)]
    [('1', 400), ('2', 50)]
    >>> s = loads("board,table,declarer,contract,tricks\\n1,1,N,3NT,=\\n1,2,E,9S,-1\\n", strict=False)
    >>> len(s.results), [str(e) for e in s.errors]
    (1, ["line 3: board 1: not a contract: '9S' (level 1 to 7)"])
    """
    if fmt is None:
        fmt = "json" if text.lstrip().startswith(("{", "[")) else "csv"
    if fmt == "json":
        return _loads_json(text, strict)
    if fmt == "csv":
        return _loads_csv(text, strict)
    raise ParseError(f"a session file is csv or json, not {fmt!r}")


def load(path: str | Path, *, strict: bool = True) -> ClassSession:
    """A session from a ``.csv`` or ``.json`` results file (see :func:`loads`)."""
    p = Path(path)
    fmt = {".csv": "csv", ".json": "json"}.get(p.suffix.lower())
    session = loads(p.read_text(encoding="utf-8"), fmt, strict=strict)
    if not session.title:
        session.title = p.stem
    return session


def dumps_csv(results: Sequence[SessionResult]) -> str:
    """Results as the CSV format of :func:`loads`.

    >>> print(dumps_csv([SessionResult(2, "1", "A", "B", Seat.EAST, Contract("4H"), 10)]), end="")
    board,table,ns,ew,declarer,contract,tricks
    2,1,A,B,E,4H,10
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in results:
        writer.writerow(
            [
                r.board,
                r.table,
                r.ns,
                r.ew,
                r.declarer.letter,
                r.contract.without_declarer(),
                r.tricks,
            ]
        )
    return out.getvalue()


# --- printing ------------------------------------------------------------------------------


def _table(headers: Sequence[str], rows: Sequence[Sequence[object]], right: set[int]) -> list[str]:
    cells = [[str(c) for c in row] for row in rows]
    widths = [max([len(h)] + [len(r[i]) for r in cells]) for i, h in enumerate(headers)]

    def line(values: Sequence[str]) -> str:
        return "  ".join(
            v.rjust(w) if i in right else v.ljust(w)
            for i, (v, w) in enumerate(zip(values, widths, strict=True))
        ).rstrip()

    return [line(headers), line(["-" * w for w in widths]), *(line(r) for r in cells)]


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def format_session(session: ClassSession) -> str:
    """The printed session: a traveller per board, a scorecard per pair, the rankings."""
    out: list[str] = []
    title = session.title or "Class session"
    out += [title, "=" * len(title), ""]
    out.append(
        "Scoring: mini-bridge (MB-T1"
        + (", overtricks counted (EBU)" if session.options.overtricks else ", no overtricks")
        + "). Matchpoints: 2 per score beaten, 1 per tie (Law 78A). "
        "IMPs: each score against every other, WBF scale (Law 78B), summed."
    )
    for board in session.boards:
        vul = board_vulnerability(board)
        out += ["", f"Board {board}  dealer {board_dealer(board)}  vulnerable: {vul.pbn}"]
        rows = [
            (
                row.result.table,
                row.result.ns,
                row.result.ew,
                f"{row.result.contract.without_declarer()} {row.result.declarer}",
                row.result.tricks,
                row.ns_score if row.ns_score > 0 else "",
                -row.ns_score if row.ns_score < 0 else "",
                row.ns_mp,
                row.ew_mp,
                _signed(row.ns_imps),
                _signed(row.ew_imps),
            )
            for row in session.traveller(board)
        ]
        out += _table(
            ("table", "NS", "EW", "contract", "tricks", "NS +", "EW +", "NS MP", "EW MP", "NS IMP", "EW IMP"),
            rows,
            {4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    for pair in session.pairs:
        out += ["", f"Scorecard: {pair}"]
        card_rows = [
            (
                row.board,
                row.side.name,
                row.opponents,
                f"{row.result.contract.without_declarer()} {row.result.declarer}",
                row.result.tricks,
                _signed(row.score),
                _signed(row.total_score),
                f"{row.mp}/{row.top}",
                f"{row.total_mp}/{row.total_top}",
                _signed(row.imps),
                _signed(row.total_imps),
            )
            for row in session.scorecard(pair)
        ]
        out += _table(
            ("board", "dir", "against", "contract", "tricks", "score", "total", "MP", "total MP", "IMP", "total IMP"),
            card_rows,
            {0, 4, 5, 6, 7, 8, 9, 10},
        )  # fmt: skip
    standings = session.standings()
    groups: list[tuple[str, list[Standing]]]
    if session.separate_directions:
        groups = [
            (f" {side.name}", [s for s in standings if s.side is side])
            for side in (Side.NS, Side.EW)
        ]
    else:
        groups = [("", list(standings))]
    for name, group in groups:
        out += ["", f"Ranking{name} by matchpoints"]
        ranks = _ranks([round(s.percent, 6) for s in group])
        out += _table(
            ("rank", "pair", "boards", "MP", "top", "%", "IMP", "points"),
            [
                (r, s.pair, s.boards, s.mp, s.top, f"{s.percent:.2f}", _signed(s.imps), _signed(s.score))
                for r, s in zip(ranks, group, strict=True)
            ],
            {0, 2, 3, 4, 5, 6, 7},
        )  # fmt: skip
        by_imps = sorted(group, key=lambda s: (-s.imps, s.pair))
        out += ["", f"Ranking{name} by IMPs"]
        out += _table(
            ("rank", "pair", "boards", "IMP"),
            [
                (r, s.pair, s.boards, _signed(s.imps))
                for r, s in zip(_ranks([s.imps for s in by_imps]), by_imps, strict=True)
            ],
            {0, 2, 3},
        )
    return "\n".join(out) + "\n"


def _ranks(values: Sequence[float]) -> list[str]:
    """Places for values sorted best first; equal values share a place, marked ``=`` (``1=``, ``1=``, ``3``)."""
    out = []
    for v in values:
        place = 1 + sum(1 for w in values if w > v)
        shared = sum(1 for w in values if w == v) > 1
        out.append(f"{place}=" if shared else str(place))
    return out
