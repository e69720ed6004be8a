"""What the terminal commands open from their options: the messages of the language, the store,
the console. (The options themselves: :func:`bridgeroom.cli.options.add_common`.)"""

from __future__ import annotations

import argparse
import sys

from rich.console import Console

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import Messages, detect_language, error_text, translate
from bridgeroom.store import MatchNotFound, MatchRecord, Store
from bridgeroom.tui.pacing import Pacer, pause_from
from bridgeroom.tui.saving import SaveError, classify

__all__ = ["console", "get_record", "messages", "not_started", "open_store", "pacer"]


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
    """The store of ``--database``. One that cannot be opened because it cannot write (a full
    disk, a read-only file where the schema must be made) or cannot be reached is said in the
    person's language with what to do, one line, not the database's own words (issue 20)."""
    try:
        return Store(getattr(args, "database", None))
    except Exception as err:
        found = classify(err)
        if found is None:
            raise
        raise BridgeError(translate(f"save.open_{found.kind}", messages(args).lang)) from None


def get_record(store: Store, args: argparse.Namespace) -> MatchRecord:
    """The stored game or pad ``args.id``; one that does not exist is said in the person's
    language."""
    try:
        return store.get_match(args.id)
    except MatchNotFound as err:
        raise BridgeError(error_text(err, messages(args).lang)) from None


def not_started(err: SaveError, msgs: Messages) -> BridgeError:
    """A new game or pad the store could not write: nothing was started; what to do."""
    return BridgeError(msgs(f"save.start_{err.kind}"))


def console() -> Console:
    """The console of the terminal client (colours unless NO_COLOR or a dumb terminal)."""
    return Console(highlight=False)
