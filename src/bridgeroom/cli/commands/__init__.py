"""Subcommands of ``bridgeroom``: the table of commands, each in its own module.

:data:`COMMANDS` maps each command's name to the line ``bridgeroom --help`` shows for it. Its
module, ``bridgeroom.cli.commands.<name>`` (a dash in the name is an underscore in the module's),
is imported only when that command is the one typed: ``bridgeroom --help`` imports none, and
``bridgeroom score ...`` imports the score command alone, so no command slows another's start
(``bench/startup.py`` measures it; ``tests/cli/test_startup.py`` checks which libraries each
start loads).

A command module defines two functions:

``configure(parser)``
    Sets ``parser.description`` and adds the command's arguments to ``parser`` (an
    ``argparse.ArgumentParser`` already created under the command's name and help line).
``run(args) -> int``
    Does the work and returns the exit code. ``args.parser`` is the command's parser (for
    ``args.parser.error(...)``). A :class:`~bridgeroom.errors.BridgeError`, ``OSError`` or
    ``ValueError`` it raises is printed as one line, with exit code 2.

Only argparse and light modules belong at the top of a command module; the store
(SQLAlchemy), the server (FastAPI), Rich, NumPy and endplay are imported inside ``run``.
``--lang`` and ``--database`` come from :func:`bridgeroom.cli.options.add_common`.

To add a command, write its module and add one line here, e.g.::

    "deal": "deal hands to a specification and print them",

>>> sorted(COMMANDS) == list(COMMANDS)
True
>>> module_name("play")
'bridgeroom.cli.commands.play'
"""

from __future__ import annotations

import argparse
import importlib
from typing import Protocol, cast

__all__ = ["COMMANDS", "Command", "load", "module_name"]

#: Every command, in the order ``bridgeroom --help`` lists them, with its help line.
COMMANDS: dict[str, str] = {
    "analyse": "double-dummy tables and par of every board of PBN or LIN files (on Dask)",
    "coach": "mini-bridge: the contract the declarer should name, and why (MB-13)",
    "deal": "deal boards that meet conditions (Dealer scripts, practice sets)",
    "export": "write a stored game's deals as PBN",
    "handrecord": "a printable hand record (PDF or HTML) with double-dummy tables and par",
    "history": "list stored games and score pads",
    "pad": "a score pad for a game played with real cards",
    "play": "play a game against robots in the terminal",
    "resume": "continue a stored game or score pad",
    "review": "a stored game's deals, card by card against double dummy",
    "rubber": "keep the score of a rubber (four-handed or three-handed) from the deals on stdin",
    "score": "score one deal, or JSON lines of deals (the score calculator)",
    "serve": "run the web server: tables in the browser with friends and robots",
    "session": "mini-bridge class session: scoresheets, matchpoints and IMPs from a results file",
    "simulate": "double-dummy simulations: which contract, which opening lead",
    "system": "a bidding system's convention card (standard, acol, or a file), printable",
}


class Command(Protocol):
    """What a command module provides."""

    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def module_name(command: str) -> str:
    """The module that implements ``command``."""
    return f"{__name__}.{command.replace('-', '_')}"


def load(command: str) -> Command:
    """Import the module of ``command`` (one of :data:`COMMANDS`)."""
    if command not in COMMANDS:
        raise KeyError(f"no command {command!r} (commands: {', '.join(COMMANDS)})")
    return cast(Command, importlib.import_module(module_name(command)))
