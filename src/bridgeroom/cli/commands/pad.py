"""``bridgeroom pad GAME``: keep the score of a game played with real cards (see docs/terminal.md)."""

from __future__ import annotations

import argparse

from bridgeroom.cli.options import add_common

__all__ = ["configure", "run"]

PADS = (
    "rubber",
    "chicago",
    "auction",
    "three-handed-contract",
    "three-handed-auction",
    "duplicate",
    "minibridge",
)
#: Other names of the pads (``tui.pad.PAD_ALIASES``, written here so that --help loads nothing).
ALIASES = {
    "contract": "rubber",
    "three-handed": "three-handed-contract",
    "mini-bridge": "minibridge",
}


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Enter each deal (declarer, contract, tricks, honors) and see the score sheet. "
        "Every entry is saved at once; 'bridgeroom resume ID' continues a pad."
    )
    aliases = "; ".join(f"{alias} means {name}" for alias, name in ALIASES.items())
    p.add_argument("game", metavar="GAME", help=f"one of: {', '.join(PADS)} ({aliases})")
    p.add_argument(
        "--players",
        help="the players' names, comma-separated: three-handed, the three players (e.g. "
        "Ann,Bob,Cy); the other pads, four, North, East, South and West (e.g. Ann,Bob,Cy,Dan), "
        "named on the sheet under their side",
    )
    add_common(p)


def run(args: argparse.Namespace) -> int:
    from bridgeroom.tui.options import console, messages, not_started, open_store
    from bridgeroom.tui.pad import PadLoop
    from bridgeroom.tui.saving import SaveError

    msgs = messages(args)
    players = [p.strip() for p in args.players.split(",")] if args.players else []
    store = open_store(args)
    try:
        try:
            loop = PadLoop.new(store, args.game, players, console(), msgs)
        except SaveError as err:  # nothing was started: say why in the player's language
            raise not_started(err, msgs) from None
        return loop.run()
    finally:
        store.close()
