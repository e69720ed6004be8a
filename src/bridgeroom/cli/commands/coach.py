"""``bridgeroom coach``: which contract should the mini-bridge declarer name? (MB-13, advice only)

From what the declarer knows when he names the contract (his hand, the four
counts, dummy's suit lengths)::

    bridgeroom coach --hand AKQ.KQ2.A76.5432 --counts 18,8,9,5 --dummy-lengths 5,3,3,2
    bridgeroom coach --hand AKQ.KQ2.A76.5432 --partner 9 --dummy-lengths 5,3,3,2 --lang ru

or from a whole deal and its board number (the coach then takes the declarer's seat)::

    bridgeroom coach --deal "N:AKQT98.KT98.T98. .AQJ765.AK.QT987 J765..QJ765.A654 432.432.432.KJ32" --board 1
"""

from __future__ import annotations

import argparse
import json

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import Message, keyed

__all__ = ["configure", "run", "parse_numbers"]


def configure(p: argparse.ArgumentParser) -> None:
    p.description = (
        "Advice for the mini-bridge declarer (MB-13): the balance (the pair's points), the fits "
        "(8+ cards together) and the contract, with the reason. Give --hand, the counts "
        "(--counts N,E,S,W or --partner P) and --dummy-lengths S,H,D,C; or --deal PBN with "
        "--board N (or --dealer)."
    )
    p.add_argument("--hand", metavar="S.H.D.C", help="the declarer's hand, e.g. AKQ.KQ2.A76.5432")
    counts = p.add_mutually_exclusive_group()
    counts.add_argument(
        "--counts",
        metavar="N,E,S,W",
        help="the four announced counts in seat order N, E, S, W (they total 40, MB-2)",
    )
    counts.add_argument("--partner", metavar="P", type=int, help="dummy's announced count only")
    p.add_argument(
        "--dummy-lengths",
        metavar="S,H,D,C",
        help="dummy's suit lengths as it lies face down (MB-5), spades first",
    )
    p.add_argument("--deal", metavar="PBN", help='a whole deal, e.g. "N:AKQ.… … … …"')
    p.add_argument("--board", type=int, metavar="N", help="board number: dealer (CB-B1)")
    p.add_argument("--dealer", metavar="SEAT", help="dealer, for ties (default N, or the board's)")
    p.add_argument("--seat", metavar="SEAT", help="with --counts: the seat of --hand (checked)")
    p.add_argument("--lang", default="en", metavar="LANG", help="en (default) or ru")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def parse_numbers(text: str, count: int, what: str) -> list[int]:
    """``"12,8,10,10"`` -> ``[12, 8, 10, 10]``; exactly ``count`` whole numbers; ``what`` is
    the catalogue key of what they are, for the refusal.

    >>> parse_numbers("4, 3,3,3", 4, "coach.cli_lengths")
    [4, 3, 3, 3]
    >>> parse_numbers("4,3,3", 4, "coach.cli_lengths")
    Traceback (most recent call last):
    ...
    bridgeroom.errors.ParseError: dummy's suit lengths are 4 numbers, not 3: “4,3,3”
    """
    parts = [p.strip() for p in text.replace(" ", ",").split(",") if p.strip()]
    said = {"what": Message(what), "count": count, "text": text}
    try:
        numbers = [int(p) for p in parts]
    except ValueError:
        raise ParseError(key="coach.cli_numbers", params=said) from None
    if len(numbers) != count:
        raise ParseError(key="coach.cli_count", params={**said, "given": len(numbers)})
    return numbers


_BOARD_OR_DEALER = "coach.cli_board_or_dealer"
#: The options the refusals name (the same in every language).
_OPTIONS = {
    option.strip("-").replace("-", "_"): option
    for option in (
        "--hand",
        "--dummy-lengths",
        "--counts",
        "--partner",
        "--deal",
        "--seat",
        "--dealer",
        "--board",
    )
}


def run(args: argparse.Namespace) -> int:
    from bridgeroom.rules import Hand, MiniBridgeDeal, Seat
    from bridgeroom.teaching.coach import advise, advise_counts, coach, describe_deal

    dealer = Seat.find(args.dealer) if args.dealer else None
    header = ""
    if args.deal is not None:
        if args.hand or args.counts or args.partner is not None or args.dummy_lengths or args.seat:
            raise keyed(BridgeError, "coach.cli_deal_alone", deal="--deal", hand="--hand")
        if args.board is not None:
            if dealer is not None:
                raise keyed(BridgeError, _BOARD_OR_DEALER, board="--board", dealer="--dealer")
            state = MiniBridgeDeal.from_board(args.board, args.deal)
        else:
            state = MiniBridgeDeal(args.deal, dealer or Seat.NORTH)
        state.announce_all()
        assert state.declarer is not None
        view = state.view(state.declarer)
        advice = coach(view, lang=args.lang)
        header = describe_deal(view, args.board, lang=args.lang) + "\n"
    else:
        if args.hand is None or args.dummy_lengths is None:
            raise keyed(BridgeError, "coach.cli_hand", **_OPTIONS)
        if args.board is not None:
            from bridgeroom.rules import board_dealer

            if dealer is not None:
                raise keyed(BridgeError, _BOARD_OR_DEALER, board="--board", dealer="--dealer")
            dealer = board_dealer(args.board)
        hand = Hand.parse(args.hand)
        lengths = parse_numbers(args.dummy_lengths, 4, "coach.cli_lengths")
        if args.counts is not None:
            advice = advise_counts(
                hand,
                parse_numbers(args.counts, 4, "coach.cli_the_counts"),
                lengths,
                dealer=dealer or Seat.NORTH,
                seat=Seat.find(args.seat) if args.seat else None,
                lang=args.lang,
            )
        elif args.partner is not None:
            if args.seat or dealer is not None:
                raise keyed(BridgeError, "coach.cli_with_counts", **_OPTIONS)
            advice = advise(hand, args.partner, lengths, lang=args.lang)
        else:
            raise keyed(BridgeError, "coach.cli_counts", **_OPTIONS)
    if args.json:
        print(json.dumps(advice.to_dict(), ensure_ascii=False))
    else:
        print(header + str(advice))
    return 0
