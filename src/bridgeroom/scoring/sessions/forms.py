"""The score forms a match is played with: each names its score table, its session, and what a
result is worth to a robot choosing a contract.

>>> form = ScoreForm.parse("Chicago")
>>> form, form.table
(<ScoreForm.CHICAGO: 'chicago'>, RubberTable())
>>> form.worth(Contract("4S"), 11, vulnerable=False)  # 120 below, 30 above, a game (300)
450
>>> new_session(form, first_dealer=Seat.WEST).next_dealer()
<Seat.WEST: 3>
>>> new_session("three-handed-auction", players=("Ann", "Bob", "Cy")).summary().totals
{'Ann': 0, 'Bob': 0, 'Cy': 0}
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from bridgeroom.errors import ScoringError
from bridgeroom.rules import Contract, Seat
from bridgeroom.scoring.sessions.boards import DuplicateSet
from bridgeroom.scoring.sessions.chicago import Chicago
from bridgeroom.scoring.sessions.protocol import Session
from bridgeroom.scoring.sessions.rubber import Rubber, ThreeHandedRubber
from bridgeroom.scoring.tables import SCORE_TABLES, ScoreTable

__all__ = ["SCORE_FORMS", "ScoreForm", "new_session"]


class _Worth(NamedTuple):
    """What a made contract is worth beyond the table's own points where the table scores games
    only over a rubber or a round: a game (not vulnerable, vulnerable) and a partscore."""

    game: tuple[int, int]
    partscore: int


#: Contract scoring's rubber-style tables: a game counted as duplicate counts it (CB-D3),
#: a partscore as 50.
_CONTRACT_GAME = _Worth((300, 500), 50)
#: Auction scoring's: a game is half the 250 rubber bonus (AB-7), a partscore 25.
_AUCTION_GAME = _Worth((125, 125), 25)
#: Tables whose points stand alone (duplicate, mini-bridge): nothing is added.
_ALONE = _Worth((0, 0), 0)


class ScoreForm(enum.StrEnum):
    """A score form: ``rubber`` and ``chicago`` (contract bridge, CB-R, CB-C), ``auction``
    (AB-), ``duplicate`` and ``minibridge`` (boards, CB-D, MB-9), the three-handed rubbers (TH-12).

    Its value is the name people type and records keep (a ``str``); :meth:`parse` reads a typed
    name. :attr:`table` is the score table each deal is scored with and :meth:`worth` what a
    result is worth to a robot weighing contracts.

    >>> [form.table.name for form in ScoreForm]
    ['rubber', 'auction', 'rubber', 'duplicate', 'minibridge', 'three-handed-contract', 'three-handed-auction']
    """

    RUBBER = "rubber"
    AUCTION = "auction"
    CHICAGO = "chicago"
    DUPLICATE = "duplicate"
    MINIBRIDGE = "minibridge"
    THREE_HANDED_CONTRACT = "three-handed-contract"
    THREE_HANDED_AUCTION = "three-handed-auction"

    @classmethod
    def parse(cls, text: str | ScoreForm) -> ScoreForm:
        """The score form named ``text`` (case and ``_`` for ``-`` forgiven).

        >>> ScoreForm.parse("Three_Handed-Auction")
        <ScoreForm.THREE_HANDED_AUCTION: 'three-handed-auction'>
        >>> ScoreForm.parse("whist")
        Traceback (most recent call last):
        ...
        bridgeroom.errors.ScoringError: no score form 'whist'; the forms are rubber, auction, chicago, duplicate, minibridge, three-handed-contract, three-handed-auction
        """
        if isinstance(text, ScoreForm):
            return text
        key = text.strip().lower().replace("_", "-") if isinstance(text, str) else None
        for form in cls:
            if form.value == key:
                return form
        raise ScoringError(f"no score form {text!r}; the forms are {', '.join(SCORE_FORMS)}")

    @property
    def table(self) -> ScoreTable:
        """The score table a deal is scored with (a Chicago deal by the rubber table, CB-C2)."""
        return SCORE_TABLES[_TABLES.get(self, self.value)]

    @property
    def three_handed(self) -> bool:
        """Whether the form scores three players each for himself (TH-12)."""
        return self.table.three_handed

    @property
    def boards(self) -> bool:
        """Whether the form is a set of numbered boards (CB-B1, MB-1)."""
        return self in (ScoreForm.DUPLICATE, ScoreForm.MINIBRIDGE)

    def worth(self, contract: Contract, tricks: int, vulnerable: bool) -> int:
        """The declaring side's value of ``tricks`` in ``contract`` to a robot choosing a contract.

        The table's own points, plus a value for a made game or partscore where the table scores
        games only over a rubber or a round (rubber, Chicago, auction, three-handed): a game as
        duplicate counts it (300, 500 vulnerable) under contract scoring, 125 (half the 250
        rubber bonus, AB-7) under auction scoring; a partscore 50 (25 at auction). Honours are
        left out: they do not depend on the contract chosen. In three-handed bridge this is what
        the declarer gains on each opponent (each defender scores the penalty, TH-14).

        >>> ScoreForm.DUPLICATE.worth(Contract("4S"), 10, False)
        420
        >>> ScoreForm.RUBBER.worth(Contract("4S"), 10, False)
        420
        >>> ScoreForm.THREE_HANDED_AUCTION.worth(Contract("3NT"), 9, False)
        155
        """
        return _worth(self, str(contract.without_declarer()), tricks, vulnerable)


#: The forms whose score table has another name.
_TABLES = {ScoreForm.CHICAGO: "rubber"}

#: What a made contract is worth beyond the table's points, by form.
_WORTH = {
    ScoreForm.RUBBER: _CONTRACT_GAME,
    ScoreForm.CHICAGO: _CONTRACT_GAME,
    ScoreForm.THREE_HANDED_CONTRACT: _CONTRACT_GAME,
    ScoreForm.AUCTION: _AUCTION_GAME,
    ScoreForm.THREE_HANDED_AUCTION: _AUCTION_GAME,
    ScoreForm.DUPLICATE: _ALONE,
    ScoreForm.MINIBRIDGE: _ALONE,
}

#: The score forms' names, in the order of :class:`ScoreForm`.
SCORE_FORMS: tuple[str, ...] = tuple(form.value for form in ScoreForm)


@lru_cache(maxsize=65536)
def _worth(form: ScoreForm, contract: str, tricks: int, vulnerable: bool) -> int:
    table = form.table
    c = Contract.parse(contract)
    hand = table.score(c, tricks, vulnerable and table.vulnerability)
    points = hand.score
    game = table.game_points
    if game is not None and tricks >= c.tricks_needed:
        extra = _WORTH[form]
        points += extra.game[1 if vulnerable else 0] if hand.below >= game else extra.partscore
    return points


def new_session(
    form: ScoreForm | str,
    *,
    players: Sequence[str] = (),
    first_dealer: Seat = Seat.NORTH,
    board_order: Sequence[int] = (),
) -> Session:
    """A new session of score form ``form`` (a :class:`ScoreForm` or its name).

    ``players`` names the three players of a three-handed rubber (TH-1);
    ``first_dealer`` deals first in a rubber or a Chicago round (boards fix
    their dealers, CB-B1; three-handed deals start at N, TH-5); ``board_order`` the
    numbers of the boards a set of boards plays, in its order (by default 1, 2, 3...).
    """
    form = ScoreForm.parse(form)
    if board_order and not form.boards:
        raise ScoringError(f"only boards have numbers to play in an order, not a {form} score")
    if form in (ScoreForm.RUBBER, ScoreForm.AUCTION):
        return Rubber(form.value, first_dealer=first_dealer)
    if form is ScoreForm.CHICAGO:
        return Chicago(first_dealer)
    if form.boards:
        return DuplicateSet(form.value, order=board_order)
    return ThreeHandedRubber(players, form.value)
