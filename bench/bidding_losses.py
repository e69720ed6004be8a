"""Where the robots' bidding loses against double-dummy par: the loss of ``bench/robots.py
--parts bidding`` broken down by the first kind of error that explains each board, and the loss
of a points oracle on the same deals (a yardstick for what bidding by points can reach).

    python bench/bidding_losses.py --seed 2024 --deals 400 --dd-cache /tmp/dd
    python bench/bidding_losses.py --seed 9001 --level expert --deals 60

The kinds (par's side is the side whose par score is positive for it; a par of 0 has none):

* ``opponents declare``: the other side declares (``making``, ``failing undoubled``, ``failing
  doubled``: a sacrifice) or the deal is passed out, where par's side scores more;
* ``contract fails``: par's side declares a contract that fails double dummy;
* ``slam missed``: it makes, below the slam level, where par's side's best contract is a slam;
* ``game missed``: it makes a partscore where its best contract is a game;
* ``strain or partscore``: any other loss (a lower-scoring strain or level).

Two oracles (:mod:`bridgeroom.robots.strength.oracles`) bid alone for the side with 20 or more
high-card points, the other side silent, and are scored the same way:

* the *points oracle* sees both hands of the side and bids by their points and fits (game with
  23+, ``--oracle-game``): the loss that knowing the partnership's points and fits exactly leaves;
* the *partnership oracle* (``--partnership-layouts N``, off by default: 400 deals with 16
  layouts solve 6400 tables, about 20 minutes on two cores, kept by ``--dd-cache``) sees the
  side's 26 cards, deals the opponents' cards at random N times and bids the contract of the best
  mean score double dummy: the loss left to partners who saw each other's hands.

Fixed seeds; nothing asserted.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Sequence

from bridgeroom.robots.strength.bidding import bid_four_handed, four_handed_loss
from bridgeroom.robots.strength.deals import (
    DD_CACHE_ENV,
    Table,
    best_contract,
    board_conditions,
    dd_tables,
    deal_at,
)
from bridgeroom.robots.strength.oracles import partnership_contract, points_contract
from bridgeroom.robots.strength.stats import figure
from bridgeroom.rules.core import Contract, Seat, Strain

NS = (Seat.NORTH, Seat.SOUTH)
EW = (Seat.EAST, Seat.WEST)


def is_game(c: Contract) -> bool:
    if c.strain is Strain.NOTRUMP:
        return c.level >= 3
    return c.level >= (4 if c.strain in (Strain.HEARTS, Strain.SPADES) else 5)


def kind(contract: Contract | None, tricks: int, par: int, table: Table, i: int) -> str:
    """The first kind of error that explains a board's loss (module text)."""
    if par == 0:
        return "par is zero"
    side = NS if par > 0 else EW
    _, vul = board_conditions(i)
    if contract is None:
        return "opponents declare: passed out"
    if contract.declarer not in side:
        if tricks >= contract.level + 6:
            return "opponents declare: making"
        return "opponents declare: failing " + ("doubled" if contract.doubled else "undoubled")
    if tricks < contract.level + 6:
        return "contract fails"
    best, _ = best_contract(table, side, vul.is_vulnerable(side[0]))
    if best.level >= 6 and contract.level < 6:
        return "slam missed"
    if is_game(best) and not is_game(contract):
        return "game missed"
    return "strain or partscore"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seed", type=int, default=2024, help="the deal set (default 2024)")
    parser.add_argument("--deals", type=int, default=400, help="deals (default 400)")
    parser.add_argument("--level", default="basic", help="the robots' level (default basic)")
    parser.add_argument(
        "--oracle-game", type=int, default=23, help="the oracle's points for game (default 23)"
    )
    parser.add_argument(
        "--partnership-layouts",
        type=int,
        default=0,
        metavar="N",
        help="also run the partnership oracle with N layouts a deal (default 0: not run)",
    )
    parser.add_argument("--dd-cache", default=None, metavar="DIR", help="keep the DD tables in DIR")
    parser.add_argument("--list", action="store_true", help="print every losing board's auction")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as scratch:
        # the tables are solved once (or read from --dd-cache) for the robots and the oracle
        os.environ[DD_CACHE_ENV] = args.dd_cache or scratch
        return _report(args)


def _report(args: argparse.Namespace) -> int:
    deals = [deal_at(args.seed, i) for i in range(args.deals)]
    tables = dd_tables(deals)
    robots: list[tuple[int, str | None]] = []
    points: list[tuple[int, str | None]] = []
    partnership: list[tuple[int, str | None]] = []
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        result = bid_four_handed(args.level, i, args.seed)
        robots.append(_judged(result.contract, table, i))
        if result.loss and args.list:
            print(
                f"  {i:3d} {robots[-1][1]:32s} {result.contract or 'pass'} {result.tricks} tricks, "
                f"{result.table[0]:+d} against par {result.par[0]:+d}: {result.loss} IMPs"
            )
        points.append(_judged(points_contract(deal, table, args.oracle_game), table, i))
        if args.partnership_layouts > 0:
            contract = partnership_contract(deal, i, args.partnership_layouts, args.seed)
            partnership.append(_judged(contract, table, i))
    _summary(f"{args.level} robots, {len(robots)} deals of seed {args.seed}", robots)
    _summary(f"points oracle (game at {args.oracle_game}+)", points)
    if partnership:
        _summary(f"partnership oracle ({args.partnership_layouts} layouts a deal)", partnership)
    return 0


def _judged(contract: Contract | None, table: Table, i: int) -> tuple[int, str | None]:
    """A contract's loss against par on board ``i`` and its kind (``None`` without a loss)."""
    dealer, vul = board_conditions(i)
    loss, _, par, tricks = four_handed_loss(contract, table, dealer, vul)
    return loss, kind(contract, tricks, par, table, i) if loss else None


def _summary(title: str, results: Sequence[tuple[int, str | None]]) -> None:
    """The mean loss with its interval, the share of 10+ IMP boards, and the loss by kind."""
    losses = [loss for loss, _ in results]
    n = len(losses)
    loss = figure(losses)
    print(
        f"{title}: {loss.mean:.3f} ± {loss.half:.3f} IMPs a board against par, "
        f"{100 * sum(x >= 10 for x in losses) / n:.1f}% of boards 10+ IMPs"
    )
    kinds: dict[str, list[int]] = {}
    for loss, k in results:
        if k is not None:
            kinds.setdefault(k, []).append(loss)
    for k, xs in sorted(kinds.items(), key=lambda kv: -sum(kv[1])):
        print(
            f"  {k:36s} {len(xs):4d} boards  {sum(xs) / n:.3f} IMPs a board  "
            f"10+: {sum(x >= 10 for x in xs)}"
        )


if __name__ == "__main__":
    sys.exit(main())
