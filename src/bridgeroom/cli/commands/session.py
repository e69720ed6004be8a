"""``bridgeroom session FILE``: the results of a club or class session, and its files.

A TOML file (``.toml``) types any session: pairs (a Mitchell, a Howell, a sit-out), teams of
four, a mini-bridge class; its movement, tables, boards, scoring, players, one result line per
board and table, the director's adjustments and fouled boards
(:mod:`bridgeroom.sessions.files`). It prints each board's traveller and the rankings, and
writes the files asked for: ``--usebio`` (USEBIO 1.2 XML), ``--pbn`` (PBN with ``ScoreTable``
and ``TotalScoreTable``), ``--csv`` (the ranking), ``--travellers`` (the travellers as CSV),
``--html`` (a results page) and ``--pdf`` (the travellers and the hand records).

A mini-bridge class typed as CSV or JSON (one line per board and table, the pairs named:
``board,table,ns,ew,declarer,contract,tricks``) is read into the same results model (its
seating the ``free`` movement its lines tell, :func:`bridgeroom.teaching.files.loads`) and
printed with every pair's scorecard and running totals and the rankings by matchpoints and by
IMPs (docs/minibridge.md); ``--json`` prints it as a TOML session's, and it writes the same
files but ``--pbn`` (a class file has no deals to write a ``ScoreTable`` under).

A bad line is reported with its line number and left out; the rest is scored, the files are
written, and the command exits 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    from bridgeroom.i18n import LANGUAGES

    p.description = (
        "Score a club or class session from FILE: a TOML file of any pairs, teams or class "
        "session (movement, tables, boards, scoring, players, result lines, adjustments), or a "
        "mini-bridge class as CSV (board,table,ns,ew,declarer,contract,tricks) or JSON ('-' "
        "reads stdin). Prints each board's traveller and the rankings; writes the results as "
        "USEBIO XML, PBN, CSV, a web page or a PDF."
    )
    p.add_argument(
        "file", metavar="FILE", help="results file (.toml, .csv or .json), or - for stdin"
    )
    p.add_argument(
        "--format", choices=("toml", "csv", "json"), help="the file's format (default: by its name)"
    )
    p.add_argument(
        "--overtricks",
        action="store_true",
        help="(a CSV or JSON mini-bridge class) score overtricks at trick value (the EBU "
        "variant, MB-A6); default: the seed's MB-9",
    )
    p.add_argument("--title", help="the title printed at the top")
    p.add_argument("--json", action="store_true", help="print everything as one JSON object")
    p.add_argument("--lang", choices=LANGUAGES, help="language of the results (default: en)")
    out = p.add_argument_group("files written")
    out.add_argument("--usebio", metavar="OUT.xml", help="the results as USEBIO 1.2 XML")
    out.add_argument(
        "--pbn", metavar="OUT.pbn", help="every board with its ScoreTable (needs the deals)"
    )
    out.add_argument("--csv", metavar="OUT.csv", help="the ranking as CSV")
    out.add_argument("--travellers", metavar="OUT.csv", help="the travellers as CSV")
    out.add_argument("--html", metavar="OUT.html", help="the results page")
    out.add_argument(
        "--pdf", metavar="OUT.pdf", help="the travellers and, with the deals, the hand records"
    )


def _format(args: argparse.Namespace) -> str:
    if args.format:
        return str(args.format)
    return "toml" if str(args.file).lower().endswith(".toml") else ""


def run(args: argparse.Namespace) -> int:
    if _format(args) == "toml":
        return _run_toml(args)
    return _run_class(args)


def _run_class(args: argparse.Namespace) -> int:
    from bridgeroom.errors import ParseError
    from bridgeroom.i18n import error_text, keyed, translate
    from bridgeroom.teaching import format_session, load, loads

    lang = args.lang or "en"
    overtricks = True if args.overtricks else None
    if args.file == "-":
        read = loads(sys.stdin.read(), args.format, strict=False, overtricks=overtricks)
    elif args.format is not None:
        with open(args.file, encoding="utf-8") as f:
            read = loads(f.read(), args.format, strict=False, overtricks=overtricks)
    else:
        read = load(args.file, strict=False, overtricks=overtricks)
    # A bad result is reported with its line and left out; the rest is scored.
    for bad in read.errors:
        print(f"bridgeroom session: {args.file}: {error_text(bad, lang)}", file=sys.stderr)
    results = read.results
    if read.errors and not results.played:
        raise keyed(ParseError, "club.cli_no_result", file=args.file)
    if args.title:
        results.title = args.title
    if args.pbn:
        raise keyed(ParseError, "club.cli_class_pbn")
    written = _write(args, read, lang)
    if args.json:
        data: dict[str, Any] = results.to_dict()
        data["errors"] = [str(e) for e in read.errors]
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(format_session(results, lang))
        for what, path in written:
            print(translate("club.written", lang, what=what, path=path))
    return 1 if read.errors else 0


def _run_toml(args: argparse.Namespace) -> int:
    from bridgeroom.errors import ParseError
    from bridgeroom.i18n import error_text, keyed, translate
    from bridgeroom.sessions import files
    from bridgeroom.sessions.report import format_results

    lang = args.lang or "en"
    read = files.loads(sys.stdin.read()) if args.file == "-" else files.load(args.file)
    for bad in read.errors:
        print(f"bridgeroom session: {args.file}: {error_text(bad, lang)}", file=sys.stderr)
    results = read.results
    if args.title:
        results.title = args.title
    if read.errors and not results.played:
        raise keyed(ParseError, "club.cli_no_result", file=args.file)
    if args.pbn and not read.deals:
        raise keyed(ParseError, "club.cli_pbn_deals")
    written = _write(args, read, lang)
    if args.json:
        data: dict[str, Any] = results.to_dict()
        data["errors"] = [str(e) for e in read.errors]
        print(json.dumps(data, ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(format_results(results, lang))
        for what, path in written:
            print(translate("club.written", lang, what=what, path=path))
    if read.errors:
        print(translate("club.refused", lang, n=len(read.errors)), file=sys.stderr)
        return 1
    return 0


def _write(args: argparse.Namespace, read: Any, lang: str) -> list[tuple[str, str]]:
    """Write the files asked for; returns (what, path) of each."""
    from bridgeroom.sessions import exports, report, usebio

    results = read.results
    out: list[tuple[str, str]] = []

    def save(path: str, text: str, what: str) -> None:
        Path(path).write_text(text, encoding="utf-8")
        out.append((what, path))

    if args.usebio:
        xml = usebio.usebio_xml(
            results,
            read.deals,
            event=results.title,
            club=read.club,
            club_number=read.club_number,
            date=read.date,
        )
        save(args.usebio, xml, "USEBIO")
    if args.pbn:
        save(args.pbn, exports.session_pbn(results, read.deals, event=results.title), "PBN")
    if args.csv:
        save(args.csv, exports.ranking_csv(results), "CSV")
    if args.travellers:
        save(args.travellers, exports.travellers_csv(results), "CSV")
    if args.html:
        save(args.html, report.results_html(results, read.deals, lang=lang), "HTML")
    if args.pdf:
        records = _records(read) if read.deals else []
        report.results_pdf(results, args.pdf, records=records, lang=lang)
        out.append(("PDF", args.pdf))
    return out


def _records(read: Any) -> list[Any]:
    """The hand records of the session's deals: double-dummy tables and par (endplay, through
    :mod:`bridgeroom.dds`)."""
    from bridgeroom.analysis.dd import BoardAnalysis, solve_boards
    from bridgeroom.rules import board_dealer, board_vulnerability

    boards = sorted(read.deals)
    solved = solve_boards(
        [(read.deals[b], board_dealer(b), board_vulnerability(b)) for b in boards]
    )
    return [
        BoardAnalysis(read.deals[b], board_dealer(b), board_vulnerability(b), table, par, b)
        for b, (table, par) in zip(boards, solved, strict=True)
    ]
