"""``bridgeroom handrecord FILE... -o records.pdf``: a club's hand record of PBN or LIN files.

Every board once (a result file's records of the other tables of a board are
left out), as a diagram (the four hands around a compass with the board
number, dealer, vulnerability and points), its double-dummy table and par
(a mini-bridge board, ``[Variant "minibridge"]``: its best mini-bridge contract),
two or four boards a page, in English or Russian; a PDF, or an HTML page
(``-o records.html``). The boards are solved on Dask like ``analyse``. Bad
games are reported on standard error and left out; Ctrl-C writes the boards
done so far.
"""

from __future__ import annotations

import argparse
from typing import Any

from bridgeroom.cli.options import add_batch

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "A hand record of PBN or LIN files: each board's diagram, double-dummy table and par, "
        "2 or 4 boards a page, as PDF or HTML."
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="PBN or LIN files; - for stdin")
    p.add_argument(
        "-o", "--output", required=True, metavar="OUT", help="records.pdf or records.html"
    )
    p.add_argument(
        "--per-page", type=int, choices=(2, 4), default=4, help="boards a page (default 4)"
    )
    p.add_argument("--title", help="the heading of every page (default: the files' Event tags)")
    p.add_argument("--lang", choices=("en", "ru"), help="language of the record")
    add_batch(p, chunk=10)


def run(args: argparse.Namespace) -> int:
    import sys
    from pathlib import Path

    from bridgeroom.analysis import handrecord
    from bridgeroom.analysis.batch import check_chunk_size
    from bridgeroom.analysis.dd import BoardAnalysis, analyse_boards
    from bridgeroom.analysis.records import board_input
    from bridgeroom.analysis.scale import placement
    from bridgeroom.cli.options import bad_game_line, board_progress
    from bridgeroom.errors import BridgeError
    from bridgeroom.formats.files import read_games
    from bridgeroom.formats.pbn import PbnGame, variant_named
    from bridgeroom.formats.reading import BadGame
    from bridgeroom.formats.variants import MiniBridgeVariant
    from bridgeroom.i18n import Message, detect_language, keyed
    from bridgeroom.rules import Deal

    lang = detect_language(args.lang)
    suffix = Path(args.output).suffix.lower()
    if suffix not in (".pdf", ".html", ".htm"):
        raise keyed(
            BridgeError, "analysis.handrecord_suffix", file=args.output, pdf=".pdf", html=".html"
        )
    events: list[str] = []
    seen: set[tuple[object, object]] = set()
    games: dict[tuple[int | None, Deal], str] = {}
    minibridge = variant_named(MiniBridgeVariant.name)

    def boards() -> Any:
        """Each board once: the records of other tables of a board already seen are left out."""
        for source, game in read_games(args.files, deals=True):
            if isinstance(game, BadGame):
                yield game
                continue
            board = board_input(game, source)
            if not isinstance(board, BadGame):
                key = (board.board, board.deal)
                if key in seen:
                    continue
                seen.add(key)
                if isinstance(game, PbnGame) and minibridge.matches(game):
                    games[board.board, board.deal] = "minibridge"  # its best contract, not par
                events.append(getattr(game, "tags", {}).get("Event", ""))
            yield board

    done: list[BoardAnalysis] = []
    bad = warned = 0
    interrupted = False
    check_chunk_size(args)
    progress = board_progress(args, lang)
    try:
        with placement(args.scheduler, args.workers) as (batch, start), progress:
            for result in analyse_boards(
                boards(), batch, start=start, chunk_size=args.chunk_size, progress=progress
            ):
                if isinstance(result, BadGame):
                    if result.warning:
                        warned += 1
                    else:
                        bad += 1
                    print(bad_game_line(result, lang), file=sys.stderr)
                    continue
                done.append(result)
    except KeyboardInterrupt:
        interrupted = True
    title = args.title if args.title is not None else handrecord.boards_title(events)
    if suffix == ".pdf":
        handrecord.pdf(
            done, args.output, title=title, lang=lang, per_page=args.per_page, games=games
        )
    else:
        text = handrecord.html(done, title=title, lang=lang, per_page=args.per_page, games=games)
        Path(args.output).write_text(text, encoding="utf-8")
    if interrupted:
        print(Message("analysis.interrupted", count=len(done)).render(lang), file=sys.stderr)
        return 130
    print(
        Message("analysis.written", count=len(done), path=args.output).render(lang),
        file=sys.stderr,
    )
    if warned:
        print(Message("analysis.warning_count", count=warned).render(lang), file=sys.stderr)
    if bad:
        print(Message("analysis.bad_count", count=bad).render(lang), file=sys.stderr)
    return 1 if bad else 0
