"""``bridgeroom play GAME``: play a game of the family in the terminal against robots.

See docs/terminal.md. Rich and the store are imported when the command runs.
"""

from __future__ import annotations

import argparse

from bridgeroom.cli.options import add_common

__all__ = ["add_pause", "configure", "run"]

GAMES = ("contract", "auction", "three-handed", "minibridge")


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Play contract bridge, auction bridge, three-handed bridge or mini-bridge against "
        "robots. Every action is saved at once; 'bridgeroom resume ID' continues a game."
    )
    p.add_argument("game", metavar="GAME", help=f"one of: {', '.join(GAMES)}")
    p.add_argument(
        "--scoring",
        choices=("rubber", "chicago", "duplicate"),
        help="contract bridge: rubber (default), chicago or duplicate",
    )
    p.add_argument(
        "--table",
        choices=("contract", "auction"),
        help="three-handed bridge: score with the contract (default) or the auction table (TH-12)",
    )
    p.add_argument("--seat", help="your seat, N, E, S or W (four-handed games; default S)")
    p.add_argument(
        "--name", help="your name on the score sheet (default: Player, in Russian Игрок)"
    )
    p.add_argument(
        "--robots",
        choices=("basic", "expert", "random"),
        default="basic",
        help="the robots' level (default basic)",
    )
    p.add_argument("--seed", help="deal reproducible deals (and robots) from this seed")
    p.add_argument(
        "--system",
        metavar="NAME",
        help="four-handed games: your side's bidding system, standard (default), acol or a "
        "system file's path; 'bridgeroom system NAME' shows its card",
    )
    p.add_argument(
        "--opponents",
        metavar="NAME",
        help="four-handed games: the opponents' bidding system (default standard)",
    )
    add_pause(p)
    add_common(p)


def add_pause(p: argparse.ArgumentParser) -> None:
    """``--pause SECONDS``: the pause between robots' actions (see :mod:`bridgeroom.tui.pacing`)."""
    p.add_argument(
        "--pause",
        type=float,
        metavar="SECONDS",
        help="pause between the robots' actions, so you can follow the play (default 0.6 at a "
        "terminal, or BRIDGEROOM_PAUSE; 0 for none); Enter skips to the end of the deal",
    )


def run(args: argparse.Namespace) -> int:
    from bridgeroom.errors import BridgeError
    from bridgeroom.games import get_game
    from bridgeroom.i18n import keyed
    from bridgeroom.rules.core import Seat
    from bridgeroom.tui.app import PlayLoop
    from bridgeroom.tui.options import console, messages, not_started, open_store, pacer
    from bridgeroom.tui.saving import SaveError
    from bridgeroom.tui.table import PlayTable

    msgs = messages(args)
    game = get_game(args.game)
    # --table names a three-handed rubber's score table; the game refuses a form not its own
    chosen = args.scoring if args.table is None else f"three-handed-{args.table}"
    form = game.score_form(chosen)
    if args.seat is not None and game.players != 4:
        raise keyed(BridgeError, "play.seat_three_handed", option="--seat", seat=args.seat)
    systems = None
    if args.system is not None or args.opponents is not None:
        mine, theirs = args.system or "standard", args.opponents or "standard"
        if not game.partnership_auction:
            raise keyed(BridgeError, "system.no_partnerships", game=game.title(msgs.lang))
        south_side = Seat.find(args.seat or "S") in (Seat.NORTH, Seat.SOUTH)
        systems = (mine, theirs) if south_side else (theirs, mine)
    store = open_store(args)
    try:
        try:
            table = PlayTable.new(
                store,
                game.name,
                scoring=form,
                seat=Seat.find(args.seat or "S"),
                name=args.name,
                robots=args.robots,
                seed=args.seed,
                lang=msgs.lang,
                systems=systems,
            )
        except SaveError as err:  # nothing was started: say why in the player's language
            raise not_started(err, msgs) from None
        out = console()
        out.print(msgs("play.started", id=table.id, game=game.title(msgs.lang)))
        return PlayLoop(table, out, msgs, pacer=pacer(args), fresh=True).run()
    finally:
        store.close()
