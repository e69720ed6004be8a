"""What a result is worth to a robot: the score table in use, plus a value for a game where the
table scores games only over a rubber.

Duplicate and mini-bridge scores stand alone. Rubber-style tables (contract
rubber, auction bridge, both three-handed tables) give a deal's trick points
without the value of the game they make; a robot then counts a made game as
duplicate does (300, 500 vulnerable) under contract scoring, and 125 (half the
250 rubber bonus, AB-7) under auction scoring, and a partscore as 50 (25 at
auction). Honours are left out: they do not depend on the contract chosen.

    >>> value("duplicate", Contract("4S"), 10, False)
    420
    >>> value("rubber", Contract("4S"), 10, False)
    420
    >>> value("three-handed-auction", Contract("3NT"), 9, False)
    155
"""

from __future__ import annotations

from functools import lru_cache

from bridgeroom.rules.core import Contract

__all__ = ["value", "GAME_VALUE", "PARTSCORE_VALUE"]

#: The value of a made game where the table itself has none, by table family (NV, V).
GAME_VALUE = {"contract": (300, 500), "auction": (125, 125)}
#: The value of a made partscore where the table itself has none.
PARTSCORE_VALUE = {"contract": 50, "auction": 25}


@lru_cache(maxsize=65536)
def _value(table: str, contract: str, tricks: int, vulnerable: bool) -> int:
    from bridgeroom.scoring import get_table

    t = get_table(table)
    c = Contract.parse(contract)
    hand = t.score(c, tricks, vulnerable and t.vulnerability)
    points = hand.score
    game = t.game_points
    if game is not None and tricks >= c.tricks_needed:
        family = "auction" if game < 100 else "contract"
        if hand.below >= game:
            points += GAME_VALUE[family][1 if vulnerable else 0]
        else:
            points += PARTSCORE_VALUE[family]
    return points


def value(table: str, contract: Contract, tricks: int, vulnerable: bool) -> int:
    """The declaring side's value of ``tricks`` in ``contract`` under the score table ``table``.

    In three-handed bridge this is what the declarer gains on each opponent
    (each defender scores the penalty, TH-14).
    """
    return _value(table, str(contract.without_declarer()), tricks, vulnerable)
