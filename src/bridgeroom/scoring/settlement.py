"""Settlement of a three-handed rubber (TH-20, TH-A8, TH-A12).

Every pair of players settles separately: the lower total pays the higher the
difference, in units of 100 points, a remainder of 50 or more rounding up.

    >>> settle({"A": 212, "B": 290, "C": 312})
    [Payment('A', 'B', 100), Payment('A', 'C', 100)]

B and C are quits (22 rounds to 0), so no payment is listed between them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from bridgeroom.errors import ScoringError

__all__ = ["Payment", "settle", "round_points", "ROUNDINGS"]

ROUNDINGS: Final = ("pairwise", "totals")
"""``pairwise``: round each pair's difference (TH-20, the default); ``totals``: round each total first (TH-A8)."""


@dataclass(frozen=True, slots=True)
class Payment:
    """``from_`` pays ``to`` ``points`` (a multiple of 100); ``amount`` = points / 100 x stake, if a stake was set.

    >>> Payment("A", "B", 100, 2.5).amount
    2.5
    """

    from_: str
    to: str
    points: int
    amount: float | None = None

    def to_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"from": self.from_, "to": self.to, "points": self.points}
        if self.amount is not None:
            out["amount"] = self.amount
        return out

    def __repr__(self) -> str:
        extra = "" if self.amount is None else f", {self.amount!r}"
        return f"Payment({self.from_!r}, {self.to!r}, {self.points}{extra})"


def round_points(points: int) -> int:
    """Round to a multiple of 100, a remainder of 50 or more rounding up (TH-20).

    >>> [round_points(p) for p in (78, 22, 150, 149, 50, 0)]
    [100, 0, 200, 100, 100, 0]
    """
    return (points + 50) // 100 * 100


def settle(
    totals: Mapping[str, int], *, rounding: str = "pairwise", stake: float | None = None
) -> list[Payment]:
    """Who pays whom at the end of a rubber (TH-20, TH-A8).

    Pairs are taken in the order of ``totals``; pairs that come out quits are
    left out. ``rounding="totals"`` rounds each total to 100 first, then
    subtracts (the other reading of the seed, TH-A8). ``stake`` is the money
    per 100 points.

    >>> settle({"A": 720, "B": 160, "C": 230})
    [Payment('B', 'A', 600), Payment('C', 'A', 500), Payment('B', 'C', 100)]
    >>> settle({"A": 720, "B": 160, "C": 230}, rounding="totals", stake=0.5)
    [Payment('B', 'A', 500, 2.5), Payment('C', 'A', 500, 2.5)]
    """
    if rounding not in ROUNDINGS:
        raise ScoringError(f"rounding is 'pairwise' or 'totals', not {rounding!r} (TH-A8)")
    if stake is not None and (
        isinstance(stake, bool) or not isinstance(stake, int | float) or stake < 0
    ):
        raise ScoringError(f"the stake per 100 points is a number >= 0, not {stake!r} (TH-20)")
    for name, total in totals.items():
        if isinstance(total, bool) or not isinstance(total, int):
            raise ScoringError(f"the total of {name!r} is not a whole number of points: {total!r}")
    if len(totals) < 2:
        raise ScoringError(f"a settlement needs at least two players, not {len(totals)} (TH-20)")
    if rounding == "totals":
        values = {name: round_points(total) for name, total in totals.items()}
    else:
        values = dict(totals)
    payments: list[Payment] = []
    for a, b in combinations(values, 2):
        difference = values[a] - values[b]
        points = round_points(abs(difference)) if rounding == "pairwise" else abs(difference)
        if points == 0:
            continue
        payer, payee = (b, a) if difference > 0 else (a, b)
        amount = None if stake is None else points / 100 * stake
        payments.append(Payment(payer, payee, points, amount))
    return payments
