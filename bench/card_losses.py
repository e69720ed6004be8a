"""Where a robot's card play loses against double dummy, by the reason it gave for each card: the
loss of ``bench/robots.py --parts defence`` (or ``declarer``) broken down by the catalogue key of
each card's reason (``robot.play.cashing``, ``robot.play.discard``, ...).

    python bench/card_losses.py --side defence --seed 2024 --deals 400 --dd-cache /tmp/dd
    python bench/card_losses.py --side declarer --level basic --seed 77

The contracts are imposed as in the benchmark (the side with more points declares its
double-dummy best contract), the opponents play double dummy, and every card of the robot's side
is judged against the best card double dummy in its position
(:func:`bridgeroom.robots.strength.play.losses_by_reason`). The basic robot plays 400 deals in
well under a minute on one core, so a change to its rules of thumb is measured here, paired,
before the longer benchmark runs. Fixed seeds; nothing asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence

from bridgeroom.robots.strength.deals import DD_CACHE_ENV
from bridgeroom.robots.strength.play import losses_by_reason
from bridgeroom.robots.strength.stats import figure


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--side", choices=("defence", "declarer"), default="defence")
    parser.add_argument("--level", default="basic", help="the robot's level (default basic)")
    parser.add_argument("--seed", type=int, default=2024, help="the deal set (default 2024)")
    parser.add_argument("--deals", type=int, default=400, help="deals (default 400)")
    parser.add_argument(
        "--layouts", type=int, default=None, help="an expert's layouts a card (no clock)"
    )
    parser.add_argument("--dd-cache", default=None, metavar="DIR", help="keep the DD tables in DIR")
    args = parser.parse_args(argv)
    if args.deals < 2:
        print(f"bench/card_losses.py: --deals is 2 or more, not {args.deals}", file=sys.stderr)
        return 2
    if args.layouts is not None and args.layouts < 1:
        print(
            f"bench/card_losses.py: --layouts is one or more, not {args.layouts}", file=sys.stderr
        )
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        os.environ[DD_CACHE_ENV] = args.dd_cache or scratch
        return _report(args)


def _report(args: argparse.Namespace) -> int:
    totals: dict[str, list[int]] = {}
    per_deal: list[int] = []
    for i in range(args.deals):
        record = losses_by_reason(args.level, i, args.seed, side=args.side, layouts=args.layouts)
        per_deal.append(sum(lost for lost, _ in record.values()))
        for key, (lost, cards) in record.items():
            row = totals.setdefault(key, [0, 0])
            row[0] += lost
            row[1] += cards
    n = len(per_deal)
    loss = figure(per_deal)
    print(
        f"{args.level} {args.side}, {n} deals of seed {args.seed}: "
        f"{loss.mean:.3f} ± {loss.half:.3f} tricks a deal against double dummy"
    )
    for key, (lost, cards) in sorted(totals.items(), key=lambda kv: (-kv[1][0], kv[0])):
        print(f"  {key:36s} {lost / n:.3f} a deal  {cards:5d} cards  {lost / cards:.3f} a card")
    return 0


if __name__ == "__main__":
    sys.exit(main())
