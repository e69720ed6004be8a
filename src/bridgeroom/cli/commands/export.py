"""``bridgeroom export ID``: a stored game's deals as PBN (to stdout or a file)."""

from __future__ import annotations

import argparse
import sys

from bridgeroom.cli.options import add_common

__all__ = ["configure", "run", "export_pbn"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = "Write every deal of a stored game (finished or in progress) as PBN."
    p.add_argument("id", metavar="ID", help="the number shown by 'bridgeroom history'")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of the screen")
    add_common(p)


def export_pbn(store: object, match_id: int | str) -> str:
    """The PBN text of every deal of a stored game, rebuilt from the record."""
    from bridgeroom.errors import BridgeError
    from bridgeroom.formats import pbn
    from bridgeroom.store import Store
    from bridgeroom.tui.table import PlayTable

    assert isinstance(store, Store)
    record = store.get_match(match_id)
    if record.kind != "play":
        raise BridgeError(f"match {record.id} is a score pad: it has no cards to export")
    table = PlayTable.resume(store, record.id)
    games = []
    for number, state in enumerate(table.match.deals, start=1):
        tags = {
            "Event": f"bridgeroom {record.game} ({record.scoring}) #{record.id}",
            "Site": "bridgeroom",
            "Date": record.created_at.strftime("%Y.%m.%d"),
            "Board": str(state.board or number),
        }
        for seat in ("N", "E", "S", "W"):
            from bridgeroom.rules.core import Seat

            name = table.player_name(Seat.find(seat), state)
            tags[{"N": "North", "E": "East", "S": "South", "W": "West"}[seat]] = name or "dummy"
        games.append(pbn.PbnGame.from_state(state, **tags))
    return pbn.dumps(games)


def run(args: argparse.Namespace) -> int:
    from bridgeroom.tui.options import open_store

    store = open_store(args)
    try:
        text = export_pbn(store, args.id)
    finally:
        store.close()
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)
    return 0
