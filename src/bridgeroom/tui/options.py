"""What the terminal commands open from their options: the messages of the language, the store,
the console. (The options themselves: :func:`bridgeroom.cli.options.add_common`.)"""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from bridgeroom.i18n import Messages, detect_language
from bridgeroom.store import Store
from bridgeroom.tui.pacing import Pacer, pause_from

__all__ = ["console", "messages", "open_store", "pacer"]


def messages(args: argparse.Namespace, stored: str | None = None) -> Messages:
    """The messages of ``--lang``, else of the language a stored game was played in
    (``stored``), else of the environment."""
    lang = getattr(args, "lang", None) or stored
    return Messages(detect_language(lang))


def pacer(args: argparse.Namespace) -> Pacer:
    """The robots' pace: ``--pause``, else ``BRIDGEROOM_PAUSE``, else a short pause when a
    person types at a terminal."""
    return Pacer(pause_from(getattr(args, "pause", None), interactive=sys.stdin.isatty()))


def open_store(args: argparse.Namespace) -> Store:
    return Store(getattr(args, "database", None))


def console() -> Console:
    """The console of the terminal client (colours unless NO_COLOR or a dumb terminal)."""
    return Console(highlight=False)
