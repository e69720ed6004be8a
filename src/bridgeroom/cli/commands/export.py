"""``bridgeroom export ID``: a stored game's deals, or a score pad's, as PBN (stdout or a file).

Every deal is written whatever its end (played out, claimed, passed out, or still in
progress) with the tags that keep its game and scoring (``Scoring "Rubber"``,
``Variant "auction"``, ``Scoring "three-handed-contract"``...; docs/formats.md), so that
``bridgeroom`` and endplay read it back as the same game. A score pad's deals have no
cards: each is its contract and result with the pad's declarer, dealer and vulnerability.
"""

from __future__ import annotations

import argparse
import errno
import os
import sys
from pathlib import Path
from typing import Any

from bridgeroom.cli.options import add_common

__all__ = ["configure", "export_games", "export_pbn", "games_of", "run", "write_file"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Write every deal of a stored game (finished or in progress), or every deal of a score "
        "pad, as PBN."
    )
    p.add_argument("id", metavar="ID", help="the number shown by 'bridgeroom history'")
    p.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of the screen")
    add_common(p)


def export_pbn(store: Any, match_id: int | str) -> str:
    """The PBN text of every deal of a stored game or pad."""
    from bridgeroom.formats import pbn

    return pbn.dumps(export_games(store, match_id))


def export_games(store: Any, match_id: int | str) -> list[Any]:
    """The PBN games of a stored game (rebuilt from its record) or score pad."""
    return games_of(store.get_match(match_id))


def games_of(record: Any) -> list[Any]:
    """The PBN games of a stored game's or pad's record."""
    if record.kind == "pad":
        return _pad_games(record)
    return _play_games(record)


def _common_tags(record: Any, number: int) -> dict[str, str]:
    return {
        "Event": f"bridgeroom {record.game} ({record.scoring}) #{record.id}",
        "Site": "bridgeroom",
        "Date": record.created_at.strftime("%Y.%m.%d"),
        "Board": str(number),
    }


def _play_games(record: Any) -> list[Any]:
    from bridgeroom.formats import pbn
    from bridgeroom.rules import Seat
    from bridgeroom.table import table_from_record

    table = table_from_record(record)
    variant = pbn.variant_named(record.game)
    games = []
    for number, state in enumerate(table.match.deals, start=1):
        tags = _common_tags(record, state.board or number)
        names: dict[Seat, str] = {}
        for seat in Seat:
            place = table.place_at(seat, state)
            names[seat] = place.name if place is not None else "Dummy"
        tags.update(variant.scoring_tags(record.scoring))
        games.append(pbn.PbnGame.from_state(state, players=names, tags=tags))
    return games


def _pad_games(record: Any) -> list[Any]:
    from bridgeroom.formats.pads import PadDeal, pad_game
    from bridgeroom.formats.pbn import variant_named
    from bridgeroom.tui.pad import PAD_GAMES, PadLine, PadSheet

    pad = PAD_GAMES[record.scoring]
    players = record.options.players
    sheet = PadSheet(pad, players)
    session = sheet.session
    scoring = variant_named(pad.game).scoring_tags(pad.name)
    games = []
    for number, entry in enumerate(record.entries, start=1):
        tags = _common_tags(record, entry.board or number)
        tags["Dealer"] = session.next_dealer().letter
        tags["Vulnerable"] = session.next_vulnerability().pbn
        tags.update(scoring)
        if players and pad.declarer_kind == "player":
            tags["Players"] = ",".join(players)
            vulnerable = [name for name in players if session.vulnerable(name)]
            if vulnerable:
                tags["VulnerablePlayers"] = ",".join(vulnerable)
        deal = PadDeal(entry.declarer, entry.contract, entry.tricks, entry.honors)
        games.append(pad_game(deal, pad.declarer_kind, **tags))
        sheet.add(PadLine(entry.declarer, entry.contract, entry.tricks, entry.honors))
    return games


#: The catalogue's words (``export.*``) for a file that could not be written, by errno.
_WRITE_FAILURES = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EROFS: "read_only",
    errno.EACCES: "denied",
    errno.EPERM: "denied",
    errno.ENOENT: "no_folder",
}


def run(args: argparse.Namespace) -> int:
    from bridgeroom.formats import pbn
    from bridgeroom.tui.options import get_record, messages, open_store

    store = open_store(args)
    try:
        # a game that does not exist is said in the person's language
        text = pbn.dumps(games_of(get_record(store, args)))
    finally:
        store.close()
    if args.output:
        write_file(args.output, text, messages(args).lang)
    else:
        sys.stdout.write(text)
    return 0


def write_file(path: str, text: str, lang: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a full disk, a read-only one, a folder
    that is not there or not ours is said in ``lang`` (one line), and leaves an existing file
    as it was (the text goes to a file beside it, renamed over it once written)."""
    from bridgeroom.errors import BridgeError
    from bridgeroom.i18n import Message

    target = Path(path)
    partial = target.with_name(f".{target.name}.partial")
    try:
        try:
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, target)
        finally:
            partial.unlink(missing_ok=True)
    except OSError as err:
        kind = _WRITE_FAILURES.get(err.errno or 0, "failed")
        reason = err.strerror or str(err)
        raise BridgeError(
            Message(f"export.{kind}", file=path, reason=reason).render(lang)
        ) from None
