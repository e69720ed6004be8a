"""Arguments shared by several commands, defined without importing what they choose between."""

from __future__ import annotations

import argparse

__all__ = ["add_common"]


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
