"""The score forms a match is played with, and a new session of each.

>>> new_session("chicago", first_dealer=Seat.WEST).next_dealer()
<Seat.WEST: 3>
>>> new_session("three-handed-auction", players=("Ann", "Bob", "Cy")).summary().totals
{'Ann': 0, 'Bob': 0, 'Cy': 0}
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgeroom.errors import ScoringError
from bridgeroom.rules import Seat
from bridgeroom.scoring.sessions.boards import DuplicateSet
from bridgeroom.scoring.sessions.chicago import Chicago
from bridgeroom.scoring.sessions.protocol import Session
from bridgeroom.scoring.sessions.rubber import Rubber, ThreeHandedRubber

__all__ = ["SCORE_FORMS", "new_session"]

#: The score forms: ``rubber`` and ``chicago`` (contract bridge, CB-R, CB-C), ``auction`` (AB-),
#: ``duplicate`` and ``minibridge`` (boards, CB-D, MB-9), the three-handed rubbers (TH-12).
SCORE_FORMS: tuple[str, ...] = (
    "rubber",
    "auction",
    "chicago",
    "duplicate",
    "minibridge",
    "three-handed-contract",
    "three-handed-auction",
)


def new_session(
    form: str,
    *,
    players: Sequence[str] = (),
    first_dealer: Seat = Seat.NORTH,
    board_order: Sequence[int] = (),
) -> Session:
    """A new session of score form ``form`` (one of :data:`SCORE_FORMS`).

    ``players`` names the three players of a three-handed rubber (TH-1);
    ``first_dealer`` deals first in a rubber or a Chicago round (boards fix
    their dealers, CB-B1; three-handed deals start at N, TH-5); ``board_order`` the
    numbers of the boards a set of boards plays, in its order (by default 1, 2, 3...).
    """
    if board_order and form not in ("duplicate", "minibridge"):
        raise ScoringError(f"only boards have numbers to play in an order, not a {form} score")
    if form in ("rubber", "auction"):
        return Rubber(form, first_dealer=first_dealer)
    if form == "chicago":
        return Chicago(first_dealer)
    if form in ("duplicate", "minibridge"):
        return DuplicateSet(form, order=board_order)
    if form in ("three-handed-contract", "three-handed-auction"):
        return ThreeHandedRubber(players, form)
    raise ScoringError(f"no score form {form!r}; the forms are {', '.join(SCORE_FORMS)}")
