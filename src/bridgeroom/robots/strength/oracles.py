"""Yardsticks for the bidding measure: the contracts a side would reach if it knew more than
calls can tell, scored against double-dummy par like the robots' contracts
(``bench/bidding_losses.py`` prints their losses beside the robots').

Both oracles bid for the side with 20 or more high-card points (North-South on a tie:
:func:`oracle_side`) and let the other side stay silent.

* :func:`points_contract`, the *points oracle*, sees both hands of the side and bids by their
  points and fits: its longest fit of eight cards or more (a major first; a minor needs nine from
  24 points), else notrump; a slam with 32+ points, a game with ``game``\\+, else two of the suit
  or 1NT; declared by the hand that takes more tricks double dummy.
* :func:`partnership_contract`, the *partnership oracle*, sees the side's 26 cards and nothing of
  the opponents': it deals their 26 cards at random ``layouts`` times, solves each layout double
  dummy, and bids the contract of the best mean duplicate score (undoubled) over the layouts, in
  each strain declared by the hand that takes more tricks on average. It is the best that
  partners who saw each other's hands could judge, so no bidding system, which tells partner
  only what calls can, should expect to lose less on the boards where its side holds the cards.

    >>> t = {int(s): (9, 4, 9, 4) for s in Strain}   # nine tricks everywhere for North-South
    >>> best_expected([t, t], (Seat.NORTH, Seat.SOUTH), vulnerable=False)
    (Contract('3NTN'), 400.0)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from bridgeroom.robots.strength.deals import Table, board_conditions, dd_tables
from bridgeroom.rules.core import FULL_PACK_MASK, Contract, Deal, Seat, Strain, Suit

__all__ = [
    "best_expected",
    "oracle_side",
    "opponents_layouts",
    "partnership_contract",
    "points_contract",
]

NS = (Seat.NORTH, Seat.SOUTH)
EW = (Seat.EAST, Seat.WEST)


def oracle_side(deal: Deal) -> tuple[Seat, Seat]:
    """The side the oracles bid for: North-South with 20 or more high-card points, else East-West.

    >>> oracle_side(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    (<Seat.NORTH: 0>, <Seat.SOUTH: 2>)
    """
    return NS if deal[Seat.NORTH].hcp + deal[Seat.SOUTH].hcp >= 20 else EW


def points_contract(deal: Deal, table: Table, game: int = 23) -> Contract:
    """The points oracle's contract (module text); ``table`` picks the declarer."""
    side = oracle_side(deal)
    hcp = sum(deal[s].hcp for s in side)
    lengths = [sum(deal[s].length(Suit(su)) for s in side) for su in range(4)]
    suit = max(range(4), key=lambda x: (lengths[x] + (0.5 if x >= 2 else 0), x))
    fit = lengths[suit] >= 8 and (suit >= 2 or lengths[suit] >= 9 or hcp < 24)
    strain = Strain(suit) if fit else Strain.NOTRUMP
    declarer = max(side, key=lambda s: (table[int(strain)][s], -int(s)))
    top = 3 if strain is Strain.NOTRUMP else 4 if suit >= 2 else 5
    level = 6 if hcp >= 32 else top if hcp >= game else 1 if strain is Strain.NOTRUMP else 2
    return Contract(level, strain, 0, declarer)


def opponents_layouts(deal: Deal, side: Sequence[Seat], n: int, rng: random.Random) -> list[Deal]:
    """``n`` deals that keep the hands of ``side`` and deal the other 26 cards at random, 13 to
    each opponent.

    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> [d[Seat.NORTH] == deal[Seat.NORTH] for d in opponents_layouts(deal, NS, 2, random.Random(1))]
    [True, True]
    """
    masks = deal.masks
    theirs = [s for s in Seat if s not in side]
    rest = FULL_PACK_MASK & ~(masks[side[0]] | masks[side[1]])
    cards = [b for b in range(52) if rest >> b & 1]
    out = []
    for _ in range(n):
        rng.shuffle(cards)
        hands = list(masks)
        hands[theirs[0]] = sum(1 << b for b in cards[:13])
        hands[theirs[1]] = sum(1 << b for b in cards[13:])
        out.append(Deal.from_masks(hands))
    return out


def best_expected(
    tables: Sequence[Table], side: Sequence[Seat], vulnerable: bool
) -> tuple[Contract, float]:
    """The contract of ``side`` with the best mean duplicate score (undoubled) over the layouts'
    double-dummy ``tables``, and that mean; in each strain the hand with more tricks on average
    declares (the first of ``side`` on a tie), and a tie between contracts goes to the first in
    the order clubs to notrump, one level to seven.
    """
    from bridgeroom.scoring import score_duplicate

    if not tables:
        raise ValueError("the partnership oracle needs at least one layout")
    best: tuple[float, Contract] | None = None
    for strain in Strain:
        s = int(strain)
        declarer = max(side, key=lambda seat: (sum(t[s][seat] for t in tables), -int(seat)))
        for level in range(1, 8):
            contract = Contract(level, strain, 0, declarer)
            mean = sum(
                score_duplicate(contract, t[s][declarer], vulnerable).score for t in tables
            ) / len(tables)
            if best is None or mean > best[0]:
                best = (mean, contract)
    assert best is not None
    return best[1], best[0]


def partnership_contract(deal: Deal, index: int, layouts: int, seed: int) -> Contract:
    """The partnership oracle's contract on board ``index`` (its vulnerability) of ``deal``: the
    best mean score over ``layouts`` random deals of the opponents' cards (module text), drawn
    from a generator seeded by ``seed`` and ``index``, so the same call gives the same contract.
    """
    side = oracle_side(deal)
    rng = random.Random(seed * 100003 + index)
    tables = dd_tables(opponents_layouts(deal, side, layouts, rng))
    _, vul = board_conditions(index)
    contract, _ = best_expected(tables, side, vul.is_vulnerable(side[0]))
    return contract
