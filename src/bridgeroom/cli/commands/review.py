"""``bridgeroom review ID``: a stored game's deals, card by card against double dummy.

For each finished deal (or the one ``--deal N`` names): the contract's
double-dummy result and the par, every trick with the cards that cost their
side tricks marked, the cards that would have kept them, and the basic robots'
reasons; ``--json`` for programs.
"""

from __future__ import annotations

import argparse
from typing import Any

from bridgeroom.cli.options import add_common

__all__ = ["configure", "run"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Review the finished deals of a stored game: the contract's double-dummy result and the "
        "par, then each trick with the cards that cost their side tricks."
    )
    p.add_argument("id", metavar="ID", help="the number shown by 'bridgeroom history'")
    p.add_argument("--deal", type=int, metavar="N", help="only deal N of the game")
    p.add_argument("--json", action="store_true", help="one JSON object per deal")
    add_common(p)


def run(args: argparse.Namespace) -> int:
    import json

    from rich.console import Console

    from bridgeroom.analysis.review import review, robot_reasons, stored_deals
    from bridgeroom.analysis.review_text import render
    from bridgeroom.errors import BridgeError
    from bridgeroom.i18n import Message, detect_language
    from bridgeroom.rules.state import Phase
    from bridgeroom.tui.options import get_record, open_store

    lang = detect_language(args.lang)
    store = open_store(args)
    try:
        get_record(store, args)  # a game that is not there, said in the person's language
        deals = stored_deals(store, args.id)
    finally:
        store.close()
    if args.deal is not None:
        deals = [d for d in deals if d.number == args.deal]
        if not deals:
            raise BridgeError(
                Message("review.no_deal", match=args.id, number=args.deal).render(lang)
            )
        if deals[0].state.phase is not Phase.DONE:
            raise BridgeError(Message("review.not_finished", number=args.deal).render(lang))
    console = Console(highlight=False)
    for deal in deals:
        if deal.state.phase is not Phase.DONE:
            continue
        result = review(deal.state, reasons=robot_reasons(deal))
        if args.json:
            data = {"deal": deal.number, **result.to_json(lang)}
            print(json.dumps(data, ensure_ascii=False))
        else:
            console.print(_deal_header(deal, lang))
            console.print(render(result, lang))
    return 0


def _deal_header(deal: Any, lang: str) -> Any:
    """The deal reviewed as the terminal shows a deal's end: its number, dealer, vulnerability,
    contract and tricks, the auction and the four hands by compass seat."""
    from rich.console import Group

    from bridgeroom.i18n import Messages
    from bridgeroom.rules import Seat
    from bridgeroom.table.layout import layout
    from bridgeroom.tui import screen

    msgs = Messages(lang)
    state = deal.state
    view = state.view(Seat.SOUTH)  # a finished deal: every hand is shown
    parts: list[Any] = [screen.deal_status(view, msgs, number=deal.number, board=state.board)]
    if state.calls and view.variant.auction:
        parts.append(screen.auction_grid(view, msgs))
    names: dict[Seat, str | None] = {}
    held = {seat: len(state.hand(seat)) for seat in Seat}
    parts.append(screen.hands_view(view, names, held, layout(state, Seat.SOUTH), msgs))
    return Group(*parts)
