"""Comparing the tables that played the same board: matchpoints and IMPs, as a duplicate club does.

Scores are compared in one direction (North-South's scores; East-West's
results are their mirror).

Matchpoints (WBF Laws of Duplicate Bridge 2017, Law 78A,
https://pzbs.pl/sedziowie/mpb/2017/en/l78.html): **2 points for each score
beaten and 1 for each score equalled** (the European convention; the ACBL's
1 per beat, 1/2 per tie gives exactly half). With ``n`` tables on a board the
top is ``2 (n - 1)`` and the two directions' matchpoints add up to the top.

    >>> matchpoints([400, -50, 120])
    [4, 0, 2]
    >>> matchpoints([420, 420, 200])
    [3, 3, 0]

IMPs (Law 78B, the WBF scale): the difference between two scores is
converted by :data:`IMP_SCALE`. In a pairs session each score is compared with
every other table's score on the board and the IMPs are summed (*cross-IMPs*).

    >>> imps(450), imps(-170), imps(10), imps(4000)
    (10, -5, 0, 24)
    >>> cross_imps([400, -50, 120])
    [17, -15, -2]

A board played fewer times than the movement meant (a fouled board, a table that
stopped) is *factored*: matchpoints by the Neuberg formula (:func:`neuberg`), IMPs
across the field by the ratio of expected to actual results (:func:`imps_across_field`).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import Final

from bridgeroom.errors import ScoringError

__all__ = [
    "IMP_SCALE",
    "cross_imps",
    "imps",
    "imps_across_field",
    "matchpoint_top",
    "matchpoints",
    "neuberg",
]

#: WBF Law 78B: the least point difference that earns 1, 2, ... 24 IMPs
#: (0-10: 0, 20-40: 1, 50-80: 2, ..., 3500-3990: 23, 4000 and more: 24).
IMP_SCALE: Final[tuple[int, ...]] = (
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600,
    750, 900, 1100, 1300, 1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000,
)  # fmt: skip


def _check_scores(scores: Sequence[int]) -> None:
    for s in scores:
        if isinstance(s, bool) or not isinstance(s, int):
            raise ScoringError(f"a score to compare is a whole number of points, not {s!r}")


def imps(difference: int) -> int:
    """IMPs for a point difference (Law 78B); negative differences give negative IMPs.

    Bridge scores differ by multiples of 10; a difference between two steps of
    the scale (e.g. 15) gets the IMPs of the step below.

    >>> [imps(d) for d in (0, 20, 40, 50, 80, 90, 600, 740, 750, -3000)]
    [0, 1, 1, 2, 2, 3, 12, 12, 13, -22]
    """
    _check_scores([difference])
    n = bisect_right(IMP_SCALE, abs(difference))
    return n if difference >= 0 else -n


def matchpoint_top(tables: int) -> int:
    """The most matchpoints a score can earn on a board played at ``tables`` tables: 2 (n - 1).

    >>> matchpoint_top(3)
    4
    """
    if tables < 1:
        raise ScoringError(f"a board is played at one table or more, not {tables}")
    return 2 * (tables - 1)


def matchpoints(scores: Sequence[int]) -> list[int]:
    """Matchpoints of each score against the others on the same board: 2 per score beaten, 1 per tie.

    >>> matchpoints([100, 100, 100])
    [2, 2, 2]
    >>> matchpoints([-420])
    [0]
    """
    _check_scores(scores)
    return [
        sum(2 if s > other else 1 if s == other else 0 for other in scores) - 1
        for s in scores  # minus 1: a score ties with itself
    ]


def cross_imps(scores: Sequence[int]) -> list[int]:
    """Each score against every other score on the board, converted to IMPs and summed.

    >>> cross_imps([420, 420, 200])
    [6, 6, -12]
    """
    _check_scores(scores)
    return [sum(imps(s - other) for other in scores) for s in scores]


def _check_counts(played: int, expected: int) -> None:
    if played < 1 or expected < played:
        raise ScoringError(
            f"a board is compared over 1 or more results, no more than expected: "
            f"{played} of {expected}"
        )


def neuberg(scores: Sequence[int], expected: int) -> list[Fraction]:
    """Matchpoints of each score factored to a board played ``expected`` times (the Neuberg
    formula, EBU White Book 4.1; Max Bavin, "The Neuberg formula", EBU).

    Each of the ``n`` actual results counts ``expected / n`` times:
    ``(mp + 1) * expected / n - 1`` on the 2-per-beat scale, out of a top of
    ``2 (expected - 1)``. With every result in it is :func:`matchpoints` itself.

    >>> [float(mp) for mp in neuberg([420, 170], 3)]
    [3.5, 0.5]
    >>> neuberg([400, -50, 120], 3) == matchpoints([400, -50, 120])
    True
    """
    _check_scores(scores)
    _check_counts(len(scores), expected)
    factor = Fraction(expected, len(scores))
    return [(mp + 1) * factor - 1 for mp in matchpoints(scores)]


def imps_across_field(scores: Sequence[int], expected: int | None = None) -> list[Fraction]:
    """IMPs across the field: each score's :func:`cross_imps` per comparison (the ACBLscore's
    "Average IMPs", as BBO scores IMP pairs), factored to ``expected`` results when fewer
    were played: the sum times ``expected / n``, divided by ``expected - 1`` (EBU forum,
    "XIMP scoring with fouled boards", quoting White Book 4.2.4).

    >>> [round(float(i), 3) for i in imps_across_field([-110, 50, 170, 120])]
    [-5.667, -0.333, 4.0, 2.0]
    >>> imps_across_field([430])
    [Fraction(0, 1)]
    """
    _check_scores(scores)
    n = len(scores)
    expected = n if expected is None else expected
    _check_counts(n, expected)
    if expected == 1:
        return [Fraction(0) for _ in scores]
    factor = Fraction(expected, n * (expected - 1))
    return [total * factor for total in cross_imps(scores)]
