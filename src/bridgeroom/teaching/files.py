"""Reading and writing a mini-bridge class's results file (``bridgeroom session FILE``): CSV or
JSON, each line naming its pairs.

A class file is read into the club's one results model (:class:`~bridgeroom.sessions.Results`,
docs/results.md): its seating is the ``free`` movement the lines tell
(:meth:`~bridgeroom.sessions.Movement.free`: the pairs by their names, each board compared over
the tables that played it), each line a :class:`~bridgeroom.sessions.Played` result scored by
mini-bridge scoring (MB-9..MB-11, the EBU's overtricks with ``overtricks``, MB-A6), the
cross-IMPs summed (``summed``), ranked by matchpoints (and by IMPs in the printout,
:mod:`bridgeroom.teaching.report`).

>>> read = loads("board,table,declarer,contract,tricks\\n1,1,N,3NT,=\\n1,2,E,2S,-1\\n")
>>> [(row.table, row.ns_score, int(row.ns_mp)) for row in read.results.traveller(1)]
[(1, 400, 2), (2, 50, 0)]
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import error_texts
from bridgeroom.rules import Contract, Seat
from bridgeroom.sessions import Movement, Played, Results
from bridgeroom.sessions.files import SessionFile, refused_at

__all__ = ["COLUMNS", "dumps_csv", "load", "loads"]

#: The fields of a result, in the order of a CSV file's columns.
COLUMNS = ("board", "table", "ns", "ew", "declarer", "contract", "tricks")
_RELATIVE = re.compile(r"^\s*(=|[+-]\d{1,2})\s*$")


@dataclass(frozen=True)
class _Line:
    """One result as the file gives it, before its pairs and table are numbered."""

    line: int | None
    order: int  # its place in the file: a CSV line's number, a JSON record's
    record: int | None  # how an error names it: a JSON record's number; None: a CSV line
    board: int
    table: str
    ns: str
    ew: str
    declarer: Seat
    contract: Contract
    tricks: int


def _line_from(
    record: Mapping[str, object], line: int | None, order: int, number: int | None
) -> _Line:
    """A result from one record of the file (a CSV row or a JSON object); ``number`` (a JSON
    record's) is kept for the refusals of its seating and score."""

    def text(key: str, default: str | None = None) -> str:
        value = record.get(key)
        if value is None or (isinstance(value, str) and not value.strip()):
            if default is not None:
                return default
            raise ParseError(key="class.file.no_field", params={"field": key}, line=line)
        return str(value).strip()

    unknown = sorted(set(record) - set(COLUMNS) - {"note"})
    if unknown:
        raise ParseError(
            key="class.file.unknown_fields",
            params={
                "count": len(unknown),
                "fields": ", ".join(unknown),
                "columns": ", ".join(COLUMNS),
            },
            line=line,
        )
    try:
        board = int(text("board"))
    except ValueError:
        board = 0
    if board < 1:
        raise ParseError(
            key="class.file.board",
            params={"text": str(record.get("board"))},
            line=line,
            rule="CB-B1",
        )
    table = text("table")
    contract = Contract.parse(text("contract"))
    seat_text = record.get("declarer")
    if seat_text is None or (isinstance(seat_text, str) and not seat_text.strip()):
        if contract.declarer is None:
            raise ParseError(
                key="class.file.no_declarer",
                params={"contract": contract, "field": "declarer", "example": "3NTN"},
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
                key="class.file.tricks", params={"text": tricks_text}, line=line
            ) from None
    ns = text("ns", f"table {table} NS")
    ew = text("ew", f"table {table} EW")
    return _Line(line, order, number, board, table, ns, ew, declarer, contract, tricks)


def _refused(err: BridgeError, line: int | None, number: int | None) -> ParseError:
    """``err`` as the refusal of a line (CSV: with its line) or a record (JSON: named in the
    message, ``result #3: ...``)."""
    if number is not None:
        said = {"number": number, "message": error_texts(err)}
        return ParseError(key="class.file.at_result", params=said)
    if isinstance(err, ParseError) and err.line is not None:
        return err
    return refused_at(err, line)


#: How a refusal names JSON's two truth values and the field that takes one.
_BOOL = {"field": "overtricks", "true": "true", "false": "false"}


class _Reader:
    """The lines of a class file, read one by one into a session; the lines refused are kept
    in the file's order (strict: the first of them is raised)."""

    def __init__(self, strict: bool) -> None:
        self.strict = strict
        self.lines: list[_Line] = []
        self.refused: list[tuple[int, ParseError]] = []

    def refuse(
        self, err: BridgeError, line: int | None, order: int, number: int | None = None
    ) -> None:
        self.refused.append((order, _refused(err, line, number)))

    def read(
        self, record: Mapping[str, object], line: int | None, order: int, number: int | None = None
    ) -> None:
        try:
            self.lines.append(_line_from(record, line, order, number))
        except BridgeError as err:
            self.refuse(err, line, order, number)

    def session(self, title: str, overtricks: bool) -> SessionFile:
        """The results of the lines read: the seating they tell (a table named by a number
        keeps it; the named tables come after the highest number, in their names' order),
        each result scored; a line that seats a pair or a table twice is refused."""
        numbered = [int(x.table) for x in self.lines if x.table.isdigit() and int(x.table)]
        named = sorted({x.table for x in self.lines if not (x.table.isdigit() and int(x.table))})
        after = max(numbered, default=0)
        number = {name: after + i for i, name in enumerate(named, start=1)}
        movement = Movement.free()
        played = []
        for x in self.lines:
            table = number.get(x.table) or int(x.table)
            try:
                seated = movement.seat(
                    x.board, table, x.ns, x.ew, table_name=x.table if x.table in number else None
                )
                e = seated.encounter(x.board - 1, table)
                how = (x.declarer, x.contract, x.tricks)
                played.append(
                    Played.of("minibridge", x.board, table, e.ns, e.ew, *how, overtricks=overtricks)
                )
                movement = seated
            except BridgeError as err:
                self.refuse(err, x.line, x.order, x.record)
        errors = [e for _, e in sorted(self.refused, key=lambda refused: refused[0])]
        if errors and self.strict:
            raise errors[0]
        results = Results(
            movement,
            "minibridge",
            "matchpoints",
            played,
            title=title,
            overtricks=overtricks,
            summed=True,
        )
        return SessionFile(results, errors=errors)


def _loads_csv(text: str, strict: bool, overtricks: bool) -> SessionFile:
    lines = [
        (n, line)
        for n, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not lines:
        raise ParseError(key="class.file.empty")
    header_no, header = lines[0]
    fields = [f.strip().lower() for f in next(csv.reader([header]))]
    missing = [f for f in ("board", "table", "contract", "tricks") if f not in fields]
    if missing:
        raise ParseError(
            key="class.file.columns",
            params={"columns": ", ".join(COLUMNS), "missing": ", ".join(missing)},
            line=header_no,
        )
    reader = _Reader(strict)
    for n, line in lines[1:]:
        values = next(csv.reader([line]))
        if len(values) != len(fields):
            counts = {"values": len(values), "columns": len(fields)}
            reader.refuse(ParseError(key="class.file.values", params=counts), n, n)
            continue
        reader.read({f: v.strip() for f, v in zip(fields, values, strict=True)}, n, n)
    return reader.session("", overtricks)


def _loads_json(text: str, strict: bool, overtricks: bool | None) -> SessionFile:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise ParseError(
            key="class.file.not_json", params={"reason": err.msg}, line=err.lineno
        ) from None
    title = ""
    own = False
    if isinstance(data, dict):
        unknown = sorted(set(data) - {"title", "overtricks", "results"})
        if unknown:
            raise ParseError(
                key="class.file.session_fields",
                params={"count": len(unknown), "fields": ", ".join(unknown)},
            )
        title = str(data.get("title", ""))
        own = data.get("overtricks", False)
        if not isinstance(own, bool):
            raise ParseError(key="class.file.overtricks", params={**_BOOL, "text": json.dumps(own)})
        data = data.get("results")
    if not isinstance(data, list) or not data:
        raise ParseError(key="class.file.json_list", params={"field": "results"})
    reader = _Reader(strict)
    for i, record in enumerate(data, 1):
        if isinstance(record, dict):
            reader.read(record, None, i, i)
        else:
            said = {"number": i, "text": json.dumps(record, ensure_ascii=False)[:40]}
            reader.refuse(ParseError(key="class.file.not_object", params=said), None, i)
    return reader.session(title, own if overtricks is None else overtricks)


def loads(
    text: str, fmt: str | None = None, *, strict: bool = True, overtricks: bool | None = None
) -> SessionFile:
    """A class session from the text of a results file; ``fmt`` is ``"csv"`` or ``"json"``
    (guessed if ``None``); ``overtricks``: score the EBU way (MB-A6) or not, whatever the file
    says (``None``: as a JSON file says; a CSV file: not).

    CSV: a first line naming the columns, then one line per board and table::

        board,table,ns,ew,declarer,contract,tricks
        1,1,Ann & Bob,Cat & Dan,N,3NT,9

    ``ns``/``ew`` (the pairs) may be left out: the pairs are then called
    ``table 1 NS`` and so on. ``declarer`` may instead follow the contract
    (``3NTN``). ``tricks`` is the number of tricks the declaring pair took
    (0-13), or relative to the contract: ``=``, ``+1``, ``-2``. Lines starting
    with ``#`` are comments. A table is a number or a name.

    JSON: ``{"title": ..., "overtricks": false, "results": [{"board": 1, "table": 1,
    "ns": ..., "ew": ..., "declarer": "N", "contract": "3NT", "tricks": 9}, ...]}``
    (or just the list). ``overtricks: true`` scores the EBU way (MB-A6).

    ``strict`` (the default) raises the first bad result; ``strict=False`` leaves
    each bad result out, lists it in the file's ``errors`` with its line (CSV)
    or number (JSON) and the reason, and reads on.

    >>> read = loads("board,table,declarer,contract,tricks\\n1,1,N,3NT,=\\n1,2,E,9S,-1\\n", strict=False)
    >>> len(read.results.played), [str(e) for e in read.errors]
    (1, ['line 3: “9S” is not a contract: a level 1-7 and a strain, e.g. 4H, 3NT, 6SX.'])
    """
    if fmt is None:
        fmt = "json" if text.lstrip().startswith(("{", "[")) else "csv"
    if fmt == "json":
        return _loads_json(text, strict, overtricks)
    if fmt == "csv":
        return _loads_csv(text, strict, bool(overtricks))
    raise ParseError(key="class.file.format", params={"csv": "csv", "json": "json", "text": fmt})


def load(path: str | Path, *, strict: bool = True, overtricks: bool | None = None) -> SessionFile:
    """A class session from a ``.csv`` or ``.json`` results file (see :func:`loads`); its
    title is the file's name where the file gives none."""
    p = Path(path)
    fmt = {".csv": "csv", ".json": "json"}.get(p.suffix.lower())
    read = loads(p.read_text(encoding="utf-8"), fmt, strict=strict, overtricks=overtricks)
    if not read.results.title:
        read.results.title = p.stem
    return read


def dumps_csv(results: Results) -> str:
    """The played results of a session as the CSV format of :func:`loads` (the pairs and
    tables by their names).

    >>> print(dumps_csv(loads("board,table,ns,ew,declarer,contract,tricks\\n2,1,A,B,E,4H,10\\n").results), end="")
    board,table,ns,ew,declarer,contract,tricks
    2,1,A,B,E,4H,10
    """
    m = results.movement
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for e in results.played:
        if not isinstance(e, Played) or e.contract is None or e.declarer is None:
            raise ParseError(f"a class file holds played results, not {e.text()!r}")
        writer.writerow(
            [
                e.board,
                m.table_label(e.table),
                m.label(e.ns),
                m.label(e.ew),
                e.declarer.letter,
                e.contract,
                e.tricks,
            ]
        )
    return out.getvalue()
