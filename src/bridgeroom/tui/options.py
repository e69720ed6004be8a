"""What the terminal commands open from their options: the messages of the language, the store,
the console. (The options themselves: :func:`bridgeroom.cli.options.add_common`.)"""

from __future__ import annotations

import argparse

from rich.console import Console

from bridgeroom.i18n import Messages, detect_language
from bridgeroom.store import Store

__all__ = ["console", "messages", "open_store"]


def messages(args: argparse.Namespace) -> Messages:
    return Messages(detect_language(getattr(args, "lang", None)))


def open_store(args: argparse.Namespace) -> Store:
    return Store(getattr(args, "database", None))


def console() -> Console:
    """The console of the terminal client (colours unless NO_COLOR or a dumb terminal)."""
    return Console(highlight=False)
