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

The points oracle sees both hands of the side with 20 or more high-card points (North-South on a
tie) and bids alone: the longest fit (a major first) when it has eight cards or more (nine in a
minor from 24 points), else notrump; a slam with 32+ points, a game with 23+ (``--oracle-game``),
else two of the suit or 1NT, declared by the hand that takes more tricks. It does not see the
opponents' cards, so it is the loss that knowing the partnership's points and fits exactly leaves
against double-dummy par. Fixed seeds; nothing asserted.
"""

from __future__ import annotations

import argparse
import math
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
from bridgeroom.rules.core import Contract, Deal, Seat, Strain

NS = (Seat.NORTH, Seat.SOUTH)
EW = (Seat.EAST, Seat.WEST)


def _is_game(c: Contract) -> bool:
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
    if _is_game(best) and not _is_game(contract):
        return "game missed"
    return "strain or partscore"


def oracle_contract(deal: Deal, table: Table, game: int) -> Contract:
    """The points oracle's contract (module text)."""
    ns = deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp
    side = NS if ns >= 20 else EW
    hcp = sum(deal[s].hcp for s in side)
    lengths = [
        sum((deal[s].mask >> (13 * su) & 0x1FFF).bit_count() for s in side) for su in range(4)
    ]
    suit = max(range(4), key=lambda x: (lengths[x] + (0.5 if x >= 2 else 0), x))
    fit = lengths[suit] >= 8 and (suit >= 2 or lengths[suit] >= 9 or hcp < 24)
    strain = Strain(suit) if fit else Strain.NOTRUMP
    declarer = max(side, key=lambda s: (table[int(strain)][s], -int(s)))
    top = 3 if strain is Strain.NOTRUMP else 4 if suit >= 2 else 5
    level = 6 if hcp >= 32 else top if hcp >= game else 1 if strain is Strain.NOTRUMP else 2
    return Contract(level, strain, 0, declarer)


def _mean(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seed", type=int, default=2024, help="the deal set (default 2024)")
    parser.add_argument("--deals", type=int, default=400, help="deals (default 400)")
    parser.add_argument("--level", default="basic", help="the robots' level (default basic)")
    parser.add_argument(
        "--oracle-game", type=int, default=23, help="the oracle's points for game (default 23)"
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
    losses: list[int] = []
    oracle: list[int] = []
    kinds: dict[str, list[int]] = {}
    for i, (deal, table) in enumerate(zip(deals, tables, strict=True)):
        dealer, vul = board_conditions(i)
        result = bid_four_handed(args.level, i, args.seed)
        par = result.par[0]
        losses.append(result.loss)
        if result.loss:
            k = kind(result.contract, result.tricks, par, table, i)
            kinds.setdefault(k, []).append(result.loss)
            if args.list:
                print(
                    f"  {i:3d} {k:32s} {result.contract or 'pass'} {result.tricks} tricks, "
                    f"{result.table[0]:+d} against par {par:+d}: {result.loss} IMPs"
                )
        loss, *_ = four_handed_loss(
            oracle_contract(deal, table, args.oracle_game), table, dealer, vul
        )
        oracle.append(loss)
    n = len(losses)
    m, ci = _mean(losses)
    print(
        f"{args.level} robots, {n} deals of seed {args.seed}: {m:.3f} ± {ci:.3f} IMPs a board "
        f"against par, {100 * sum(x >= 10 for x in losses) / n:.1f}% of boards 10+ IMPs"
    )
    for k, xs in sorted(kinds.items(), key=lambda kv: -sum(kv[1])):
        print(
            f"  {k:36s} {len(xs):4d} boards  {sum(xs) / n:.3f} IMPs a board  "
            f"10+: {sum(x >= 10 for x in xs)}"
        )
    om, oci = _mean(oracle)
    print(
        f"points oracle (game at {args.oracle_game}+): {om:.3f} ± {oci:.3f} IMPs a board, "
        f"{100 * sum(x >= 10 for x in oracle) / n:.1f}% of boards 10+ IMPs"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
