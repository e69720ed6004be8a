"""``bridgeroom resume ID``: continue a stored game or score pad where it stopped."""

from __future__ import annotations

import argparse

from bridgeroom.cli.commands.play import add_pause
from bridgeroom.cli.options import add_common

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = "Continue a game or score pad listed by 'bridgeroom history', by its number."
    p.add_argument("id", metavar="ID", help="the number shown by 'bridgeroom history'")
    add_pause(p)
    add_common(p)


def run(args: argparse.Namespace) -> int:
    from bridgeroom.tui.options import console, get_record, messages, open_store, pacer

    store = open_store(args)
    try:
        record = get_record(store, args)
        msgs = messages(args, stored=record.options.lang)  # the game's own language
        out = console()
        if record.kind == "pad":
            from bridgeroom.tui.pad import PadLoop

            out.print(msgs("pad.resumed", id=record.id))
            return PadLoop.resume(store, record.id, out, msgs).run()
        from bridgeroom.tui.app import PlayLoop
        from bridgeroom.tui.table import PlayTable

        table = PlayTable.resume(store, record.id)
        out.print(msgs("play.resumed", id=record.id))
        return PlayLoop(table, out, msgs, pacer=pacer(args)).run()
    finally:
        store.close()
