"""``bridgeroom analyse FILE...``: the double-dummy table and par of every board of PBN or LIN files.

The boards are solved on Dask (a local cluster by default, ``--scheduler`` for
a real one) and written as they complete, in the files' order: a table per
board, ``--csv`` or ``--json`` lines for programs, and ``--write-pbn OUT`` for
the files with the results in their PBN tags. A bad game is reported (on
standard error, or as a JSON line with ``--json``) and the rest is read; the
exit code is then 1. A game whose auction or play is wrong is a warning (with
``"warning": true`` in JSON), and its deal is analysed all the same; a record
that leaves out Board and Deal continues the board before it.
"""

from __future__ import annotations

import argparse
from typing import Any

from bridgeroom.cli.options import add_batch

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "The double-dummy table (tricks for each declarer in each strain) and the par of every "
        "board of PBN or LIN files, computed on Dask."
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="PBN or LIN files; - for stdin")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--csv", action="store_true", help="one CSV row per board")
    out.add_argument("--json", action="store_true", help="one JSON object per line per board")
    p.add_argument(
        "--write-pbn",
        metavar="OUT",
        help="also write the games to OUT with the results in their tags (OptimumResultTable, "
        "OptimumScore, DoubleDummyTricks, ParContract)",
    )
    p.add_argument("--lang", choices=("en", "ru"), help="language of the tables and messages")
    add_batch(p, chunk=40)


_STRAIN_KEYS = ("C", "D", "H", "S", "NT")


def csv_header() -> list[str]:
    """The columns of ``--csv``."""
    return [
        "board",
        "deal",
        "dealer",
        "vulnerable",
        *(f"{seat}_{strain}" for seat in "NESW" for strain in _STRAIN_KEYS),
        "par_score",
        "par_contracts",
    ]


def csv_row(analysis: Any) -> list[object]:
    table = analysis.table.to_json()
    par = analysis.par.to_json()
    return [
        analysis.board if analysis.board is not None else "",
        analysis.deal.to_pbn(),
        analysis.dealer.letter,
        analysis.vulnerability.pbn,
        *(table[seat][strain] for seat in "NESW" for strain in _STRAIN_KEYS),
        par["score"],
        " ".join(par["contracts"]),
    ]


def board_table(analysis: Any, lang: str) -> Any:
    """The Rich table of one board: tricks by declarer and strain, the par under it."""
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from bridgeroom.analysis.text import par_text, strain_heading, vul_text
    from bridgeroom.i18n import seat_letter, translate
    from bridgeroom.rules.core import Seat, Strain

    title = "  ".join(
        [
            translate("analysis.board", lang, board=analysis.board or "?"),
            translate("analysis.dealer", lang, seat=seat_letter(analysis.dealer, lang)),
            translate("analysis.vulnerable", lang, vul=vul_text(analysis.vulnerability, lang)),
        ]
    )
    table = Table()
    table.add_column("")
    for strain in Strain:
        table.add_column(strain_heading(strain, lang), justify="right", min_width=2)
    for seat in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST):
        table.add_row(
            seat_letter(seat, lang), *(str(analysis.table[seat, strain]) for strain in Strain)
        )
    return Group(Text(title, style="bold"), table, Text(par_text(analysis.par, lang)), Text(""))


def run(args: argparse.Namespace) -> int:
    import csv
    import json
    import sys
    from collections import deque

    from bridgeroom.analysis.batch import check_chunk_size
    from bridgeroom.analysis.dd import analyse_boards
    from bridgeroom.analysis.records import board_input, with_analysis
    from bridgeroom.analysis.scale import placement
    from bridgeroom.cli.options import bad_game_line, board_progress
    from bridgeroom.formats.files import read_games
    from bridgeroom.formats.reading import BadGame
    from bridgeroom.i18n import Message, detect_language, translate

    lang = detect_language(args.lang)
    games: deque[Any] = deque()  # the file games of the boards in flight, in order

    def boards() -> Any:
        for source, game in read_games(args.files, deals=True):
            games.append(game)
            yield game if isinstance(game, BadGame) else board_input(game, source)

    writer = csv.writer(sys.stdout) if args.csv else None
    console = None
    if not args.csv and not args.json:
        from rich.console import Console

        console = Console(highlight=False)
    if writer is not None:
        writer.writerow(csv_header())
    out_pbn = open(args.write_pbn, "w", encoding="utf-8") if args.write_pbn else None  # noqa: SIM115
    if out_pbn is not None:
        out_pbn.write("% PBN 2.1\n% IMPORT\n% Creator: bridgeroom analyse\n")
    written = bad = warned = 0
    check_chunk_size(args)
    progress = board_progress(args, lang)
    try:
        with placement(args.scheduler, args.workers) as (batch, start), progress:
            for result in analyse_boards(
                boards(), batch, start=start, chunk_size=args.chunk_size, progress=progress
            ):
                game = games.popleft()
                if isinstance(result, BadGame):
                    if result.warning:
                        warned += 1
                    else:
                        bad += 1
                    if args.json:
                        print(json.dumps(result.to_json(), ensure_ascii=False), flush=True)
                    else:
                        print(bad_game_line(result, lang), file=sys.stderr)
                    continue
                if args.json:
                    print(json.dumps(result.to_json(), ensure_ascii=False), flush=True)
                elif writer is not None:
                    writer.writerow(csv_row(result))
                    sys.stdout.flush()
                else:
                    assert console is not None
                    console.print(board_table(result, lang))
                if out_pbn is not None:
                    out_pbn.write(with_analysis(game, result).to_pbn() + "\n")
                    out_pbn.flush()
                written += 1
    except KeyboardInterrupt:
        print(Message("analysis.interrupted", count=written).render(lang), file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``| head``): stop quietly, as a filter does.
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    finally:
        if out_pbn is not None:
            out_pbn.close()
    if warned:
        print(Message("analysis.warning_count", count=warned).render(lang), file=sys.stderr)
    if bad:
        print(Message("analysis.bad_count", count=bad).render(lang), file=sys.stderr)
    if written == 0 and not bad:
        print(translate("analysis.no_boards", lang, files=" ".join(args.files)), file=sys.stderr)
    return 1 if bad else 0
