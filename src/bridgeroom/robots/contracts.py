"""Choosing a contract by sampling: double-dummy tricks of a declarer over layouts, expected values.

Used by the expert mini-bridge declarer (MB-6), the expert three-handed
bidder (TH-6) and the expert refinement of four-handed contracts.

    >>> import numpy as np
    >>> from bridgeroom.rules import Deal, Seat, Strain
    >>> from bridgeroom.robots.dds import solver
    >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> order = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
    >>> declarer_tricks([deal.masks], order, [Strain.NOTRUMP, Strain.SPADES], solver(), deadline=None)
    array([[13, 13]])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from bridgeroom.robots.dds import Position, Solver
from bridgeroom.robots.values import value
from bridgeroom.rules.core import Contract, Seat, Strain
from bridgeroom.scoring import ScoreForm

__all__ = ["declarer_tricks", "declarers_tricks", "expected_values", "order_for"]


def order_for(
    declarer: Seat, dummy: Seat, left: Seat | None = None
) -> tuple[Seat, Seat, Seat, Seat]:
    """The seats in order of play from the declarer: declarer, left defender (who leads), dummy, right defender."""
    if left is None:
        left = declarer.lho if declarer.lho != dummy else dummy.lho
    right = next(s for s in Seat if s not in (declarer, dummy, left))
    return (declarer, left, dummy, right)


def declarer_tricks(
    layouts: Sequence[Sequence[int]],
    order: tuple[Seat, Seat, Seat, Seat],
    strains: Sequence[Strain],
    solver: Solver,
    *,
    deadline: float | None,
) -> np.ndarray:
    """``out[i, j]``: the declarer's double-dummy tricks in layout ``i`` at strain ``strains[j]``.

    ``layouts`` are full deals (four 13-card masks, N E S W); ``order`` is the
    order of play (:func:`order_for`). Only the layouts whose DDS batches are expected to end
    by ``deadline`` (a ``time.perf_counter()`` value; ``None``: all) are solved: the rows
    returned are those, from the first (perhaps none). A batch that runs past the deadline is
    waited for and used (:meth:`Solver.solve`).
    """
    return declarers_tricks(
        layouts, [(order, strain) for strain in strains], solver, deadline=deadline
    )


def declarers_tricks(
    layouts: Sequence[Sequence[int]],
    plays: Sequence[tuple[tuple[Seat, Seat, Seat, Seat], Strain]],
    solver: Solver,
    *,
    deadline: float | None,
) -> np.ndarray:
    """``out[i, j]``: in layout ``i``, the double-dummy tricks of the declarer of ``plays[j]``
    (an order of play, :func:`order_for`, and a strain): several declarers at once.

    Each layout is solved whole, every play of it in one DDS batch, so that the time goes to
    complete rows: the layouts expected to end by ``deadline`` (``None``: all) are solved, from
    the first (perhaps none). North makes 13 tricks
    at notrump; East, at hearts, one (West's ruff: endplay's ``calc_dd_table`` agrees):

        >>> from bridgeroom.rules import Deal
        >>> from bridgeroom.robots.dds import solver
        >>> deal = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
        >>> north, east = order_for(Seat.NORTH, Seat.SOUTH), order_for(Seat.EAST, Seat.WEST)
        >>> declarers_tricks([deal.masks], [(north, Strain.NOTRUMP), (east, Strain.HEARTS)], solver(), deadline=None)
        array([[13,  1]])
    """
    positions = []
    for hands in layouts:
        for order, strain in plays:
            dds = tuple(int(hands[order[k]]) for k in range(4))
            positions.append(Position((dds[0], dds[1], dds[2], dds[3]), strain, 1))
    best = solver.best(positions, deadline=deadline, unit=max(1, len(plays)))
    rows = len(best) // len(plays) if plays else 0
    out = [[13 - best[b * len(plays) + j] for j in range(len(plays))] for b in range(rows)]
    return np.array(out, dtype=np.int64).reshape(rows, len(plays))


def expected_values(
    tricks: np.ndarray,
    strains: Sequence[Strain],
    contracts: Sequence[Contract],
    form: ScoreForm,
    vulnerable: bool,
) -> list[tuple[float, float]]:
    """For each contract, (mean value to the declaring side, rate of making it) over the rows of ``tricks``."""
    index = {s: j for j, s in enumerate(strains)}
    out = []
    for c in contracts:
        col = tricks[:, index[c.strain]]
        vals = [value(form, c, int(t), vulnerable) for t in col]
        made = float(np.mean(col >= c.tricks_needed)) if len(col) else 0.0
        out.append((float(np.mean(vals)) if vals else 0.0, made))
    return out
