"""Arguments shared by several commands, defined without importing what they choose between."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bridgeroom.analysis.batch import Progress
    from bridgeroom.formats.reading import BadGame

__all__ = ["add_batch", "add_common", "bad_game_line", "board_progress"]


def add_common(parser: argparse.ArgumentParser) -> None:
    """``--lang`` and ``--database``, for the commands that talk to a person and keep games.

    >>> parser = argparse.ArgumentParser()
    >>> add_common(parser)
    >>> parser.parse_args(["--lang", "ru"])
    Namespace(lang='ru', database=None)
    """
    from bridgeroom.i18n import LANGUAGES

    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        help="language of the screen (default: from BRIDGEROOM_LANG or the locale, else en)",
    )
    parser.add_argument(
        "--database",
        metavar="URL",
        help="where games are kept: an SQLite file path or URL, or postgresql://... "
        "(default: BRIDGEROOM_DATABASE, else bridgeroom.sqlite3 in the user's data folder)",
    )


def add_batch(parser: argparse.ArgumentParser, *, chunk: int) -> None:
    """The options of the commands that run batch work on Dask (:mod:`bridgeroom.analysis.batch`):
    ``--scheduler``, ``--workers``, ``--chunk-size``, ``--progress``/``--no-progress``.

    >>> parser = argparse.ArgumentParser()
    >>> add_batch(parser, chunk=40)
    >>> args = parser.parse_args(["--workers", "2"])
    >>> args.scheduler, args.workers, args.chunk_size, args.progress
    (None, 2, 40, None)
    """
    group = parser.add_argument_group("where the work runs (Dask)")
    where = group.add_mutually_exclusive_group()
    where.add_argument(
        "--scheduler",
        metavar="tcp://HOST:PORT",
        help="run on an existing Dask cluster (started with 'dask scheduler' and 'dask worker')",
    )
    where.add_argument(
        "--workers",
        type=int,
        metavar="N",
        help="local worker processes, one DDS thread each (default: one per core; "
        "0: in this process, without Dask)",
    )
    group.add_argument(
        "--chunk-size",
        type=int,
        default=chunk,
        metavar="N",
        help=f"items per chunk of work (default {chunk})",
    )
    group.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on standard error (default: when it is a terminal)",
    )


def bad_game_line(bad: BadGame, lang: str) -> str:
    """The line a command that reads files (``analyse``, ``handrecord``) writes on standard
    error for a game it skips or reads without its auction and play, in ``lang``: the file and
    line, the board, the reason."""
    from bridgeroom.i18n import translate

    where = f"{bad.source}:{bad.line}" if bad.source else str(bad.line)
    if bad.board:
        where = translate("analysis.at_board", lang, where=where, board=bad.board)
    key = "analysis.warning" if bad.warning else "analysis.bad_game"
    return translate(key, lang, where=where, reason=bad.text(lang))


def board_progress(args: argparse.Namespace, lang: str) -> Progress:
    """The progress bar of a command that solves the boards of ``args.files`` (``analyse``,
    ``handrecord``): boards a second and the time left, in ``lang``, shown unless
    ``--no-progress``."""
    from bridgeroom.analysis.batch import Progress
    from bridgeroom.formats.files import count_games
    from bridgeroom.i18n import translate

    return Progress(
        translate("analysis.double_dummy", lang),
        total=count_games(args.files),
        unit=translate("analysis.unit", lang),
        left=translate("analysis.left", lang),
        enabled=args.progress,
        lang=lang,
    )
