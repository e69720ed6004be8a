"""``bridgeroom history``: the stored games and score pads, the most recent first."""

from __future__ import annotations

import argparse

from bridgeroom.cli.options import add_common

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = "List the games and score pads kept in the database, the most recent first."
    p.add_argument("--player", help="only those where this player has a seat")
    p.add_argument(
        "--status",
        type=status,
        metavar="STATUS",
        help="only these: in progress (or active), finished, abandoned; the words the list "
        "shows, in English or Russian (идёт, окончена, брошена)",
    )
    p.add_argument("--limit", type=int, default=50, help="at most this many (default 50)")
    add_common(p)


STATUSES = ("active", "finished", "abandoned")


def status(text: str) -> str:
    """The stored status a ``--status`` word names: the stored word or the word the list shows
    in either language (``in progress``, ``идёт``...).

    >>> status("in progress"), status("Окончена"), status("abandoned")
    ('active', 'finished', 'abandoned')
    """
    from bridgeroom.i18n import LANGUAGES, translate

    word = " ".join(text.split()).lower()
    for stored in STATUSES:
        names = {stored} | {translate(f"history.status_{stored}", lang) for lang in LANGUAGES}
        if word in {name.lower() for name in names}:
            return stored
    shown = ", ".join(f"{translate(f'history.status_{s}', 'en')}" for s in STATUSES)
    raise argparse.ArgumentTypeError(f"{text!r} is not a status: {shown}")


def _scoring(msgs: object, scoring: str) -> str:
    """A score form in the person's language (a form the catalogue does not know, as stored)."""
    from bridgeroom.i18n import MessageError

    try:
        return str(msgs(f"scoring.{scoring}"))  # type: ignore[operator]
    except MessageError:
        return scoring


def run(args: argparse.Namespace) -> int:
    from rich.table import Table

    from bridgeroom.games import GAMES
    from bridgeroom.tui.options import console, messages, open_store

    msgs = messages(args)
    store = open_store(args)
    try:
        matches = store.list_matches(player=args.player, status=args.status, limit=args.limit)
    finally:
        store.close()
    out = console()
    if not matches:
        out.print(msgs("history.empty"))
        return 0
    table = Table(title=msgs("history.title"), title_justify="left")
    for key in ("id", "kind", "game", "scoring", "status", "players", "deals", "updated"):
        table.add_column(msgs(f"history.col_{key}"))
    for m in matches:
        game = GAMES[m.game].title(msgs.lang) if m.game in GAMES else m.game
        table.add_row(
            str(m.id),
            msgs(f"history.kind_{m.kind}"),
            game,
            _scoring(msgs, m.scoring),
            msgs(f"history.status_{m.status}"),
            ", ".join(m.players),
            str(m.deals),
            m.updated_at.strftime("%Y-%m-%d %H:%M"),
        )
    out.print(table)
    return 0
