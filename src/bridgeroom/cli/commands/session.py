"""``bridgeroom session FILE``: the scoresheets and rankings of a mini-bridge class session.

FILE (CSV or JSON, ``-`` for stdin) holds one line per board and table::

    board,table,ns,ew,declarer,contract,tricks
    1,1,Ann & Bob,Cat & Dan,N,3NT,9

It prints a traveller per board (each table's score, matchpoints and
cross-IMPs), a scorecard per pair with running totals, and the rankings. The
format is described in docs/minibridge.md and :func:`bridgeroom.teaching.files.loads`.
"""

from __future__ import annotations

import argparse
import json
import sys

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Score a mini-bridge class session from FILE (CSV with the columns "
        "board,table,ns,ew,declarer,contract,tricks, or JSON; '-' reads stdin). Prints a "
        "traveller per board, a scorecard per pair with running totals, and the rankings by "
        "matchpoints (2 per score beaten, 1 per tie) and by cross-IMPs (WBF scale)."
    )
    p.add_argument("file", metavar="FILE", help="results file (.csv or .json), or - for stdin")
    p.add_argument("--format", choices=("csv", "json"), help="the file's format (default: guessed)")
    p.add_argument(
        "--overtricks",
        action="store_true",
        help="score overtricks at trick value (the EBU variant, MB-A6); default: the seed's MB-9",
    )
    p.add_argument("--title", help="the title printed at the top")
    p.add_argument("--json", action="store_true", help="print everything as one JSON object")


def run(args: argparse.Namespace) -> int:
    from bridgeroom.errors import ParseError
    from bridgeroom.rules import MiniBridgeOptions
    from bridgeroom.teaching import ClassSession, format_session, load, loads

    session: ClassSession
    if args.file == "-":
        session = loads(sys.stdin.read(), args.format, strict=False)
    elif args.format is not None:
        with open(args.file, encoding="utf-8") as f:
            session = loads(f.read(), args.format, strict=False)
    else:
        session = load(args.file, strict=False)
    # A bad result is reported with its line and left out; the rest is scored.
    for bad in session.errors:
        print(f"bridgeroom session: {args.file}: {bad}", file=sys.stderr)
    if session.errors and not session.results:
        raise ParseError(f"{args.file}: no result could be read")
    if args.overtricks:
        session = ClassSession(
            session.results, title=session.title, options=MiniBridgeOptions(overtricks=True)
        )
    if args.title:
        session.title = args.title
    if args.json:
        print(json.dumps(session.to_dict(), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(format_session(session))
    return 1 if session.errors else 0
