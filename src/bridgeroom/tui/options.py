"""Options shared by the terminal commands: the language, the database, the console."""

from __future__ import annotations

import argparse

from rich.console import Console

from bridgeroom.i18n import LANGUAGES, Messages, detect_language
from bridgeroom.store import Store

__all__ = ["add_common", "console", "messages", "open_store"]


def add_common(parser: argparse.ArgumentParser) -> None:
    """``--lang`` and ``--database``."""
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


def messages(args: argparse.Namespace) -> Messages:
    return Messages(detect_language(getattr(args, "lang", None)))


def open_store(args: argparse.Namespace) -> Store:
    return Store(getattr(args, "database", None))


def console() -> Console:
    """The console of the terminal client (colours unless NO_COLOR or a dumb terminal)."""
    return Console(highlight=False)
