"""Reading and writing a class session's results file (``bridgeroom session FILE``): CSV or JSON.

>>> s = loads("board,table,declarer,contract,tricks\\n1,1,N,3NT,=\\n1,2,E,2S,-1\\n")
>>> [(r.result.table, r.ns_score) for r in s.traveller(1)]
[('1', 400), ('2', 50)]
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping, Sequence
from pathlib import Path

from bridgeroom.errors import BridgeError, ParseError, ScoringError
from bridgeroom.formats.reading import BadGame
from bridgeroom.rules import Contract, MiniBridgeOptions, Seat
from bridgeroom.teaching.session import ClassSession, SessionResult

__all__ = ["COLUMNS", "dumps_csv", "load", "loads"]

#: The fields of a result, in the order of a CSV file's columns.
COLUMNS = ("board", "table", "ns", "ew", "declarer", "contract", "tricks")
_RELATIVE = re.compile(r"^\s*(=|[+-]\d{1,2})\s*$")


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
    (1, ['line 3: board 1: “9S” is not a contract: a level 1-7 and a strain, e.g. 4H, 3NT, 6SX.'])
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
