"""The score a deal is played at, where the score counts games: a rubber of contract or auction
bridge (CB-R2..CB-R4, AB-6, AB-7), a Chicago round (CB-C1, CB-C2) and a three-handed rubber
(TH-16..TH-19).

A :class:`ScoreState` is what every player at the table knows of the score before the deal:
each column's trick points below the line toward the game in progress, the games it has won,
the vulnerable columns and, in Chicago, the deal's number. The columns are the sides ``NS`` and
``EW``, or the three players' names. The match that deals a deal gives it its score state, and
every view of the deal shows it (``View.score``): the robots play to it.

    >>> score = ScoreState(("NS", "EW"), below=(60, 0), games=(0, 1), vulnerable=("EW",))
    >>> score.leg("NS"), score.games_of("EW"), score.is_vulnerable("EW")
    (60, 1, True)
    >>> score
    ScoreState(columns=('NS', 'EW'), below=(60, 0), games=(0, 1), vulnerable=('EW',), deal=None, game=100)
    >>> ScoreState(("NS", "EW"), below=(60,), games=(0, 0))
    Traceback (most recent call last):
    ...
    bridgeroom.errors.BridgeError: a score state has one part-score and one count of games a column, not 1 and 2 for 2 columns
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgeroom.errors import BridgeError
from bridgeroom.rules.core import Seat

__all__ = ["ScoreState"]


@dataclass(frozen=True, slots=True)
class ScoreState:
    """The score before a deal, as the players see it on the pad.

    ``columns``: ``("NS", "EW")``, or the three players' names (TH-12). ``below``: each column's
    trick points below the line in the game in progress (CB-R2, AB-6, TH-16: a game won wipes
    them all). ``games``: the games each column has won in the rubber (0 or 1 while it goes on,
    CB-R4, TH-18; always 0 in Chicago, which counts no games, CB-C2). ``vulnerable``: the columns
    vulnerable on this deal (CB-R3, CB-C1, TH-17; none in auction bridge, AB-5). ``deal``: the
    number of the deal in a Chicago round (1-4, CB-C1), else ``None``. ``game``: the trick
    points a game needs, 100 with the contract tables (CB-R2, TH-16), 30 with the auction tables
    (AB-6).
    """

    columns: tuple[str, ...]
    below: tuple[int, ...]
    games: tuple[int, ...]
    vulnerable: tuple[str, ...] = ()
    deal: int | None = None
    game: int = 100

    def __post_init__(self) -> None:
        n = len(self.columns)
        if n not in (2, 3) or len(set(self.columns)) != n:
            raise BridgeError(
                f"a score state has two sides or three players, all different, not {self.columns!r}"
            )
        if len(self.below) != n or len(self.games) != n:
            raise BridgeError(
                f"a score state has one part-score and one count of games a column, not "
                f"{len(self.below)} and {len(self.games)} for {n} columns"
            )
        if any(type(x) is not int or x < 0 for x in self.below):
            raise BridgeError(f"part-scores below the line are points from 0, not {self.below!r}")
        if any(type(g) is not int or not 0 <= g <= 1 for g in self.games):
            raise BridgeError(
                f"a rubber in progress has 0 or 1 game a column (CB-R4, TH-18), not {self.games!r}"
            )
        if not set(self.vulnerable) <= set(self.columns):
            raise BridgeError(
                f"the vulnerable columns {self.vulnerable!r} are not among {self.columns!r}"
            )
        if self.game not in (30, 100):
            raise BridgeError(f"a game is 100 trick points (CB-R2) or 30 (AB-6), not {self.game!r}")
        if self.deal is not None and (type(self.deal) is not int or not 1 <= self.deal <= 4):
            raise BridgeError(f"a Chicago round has deals 1 to 4 (CB-C1), not {self.deal!r}")

    def _index(self, column: str) -> int:
        try:
            return self.columns.index(column)
        except ValueError:
            raise BridgeError(
                f"no column {column!r} in the score; the columns are {', '.join(self.columns)}"
            ) from None

    def leg(self, column: str) -> int:
        """``column``'s trick points below the line toward the game in progress."""
        return self.below[self._index(column)]

    def games_of(self, column: str) -> int:
        """The games ``column`` has won in the rubber."""
        return self.games[self._index(column)]

    def is_vulnerable(self, column: str) -> bool:
        """Whether ``column`` is vulnerable on this deal."""
        self._index(column)
        return column in self.vulnerable

    @property
    def three_handed(self) -> bool:
        """Whether the columns are three players (TH-12)."""
        return len(self.columns) == 3

    def column_of(self, seat: Seat, players: dict[Seat, str] | None = None) -> str:
        """The column of the player at ``seat``: his side, or his name in three-handed bridge
        (``players``: the names by seat, ``View.extra``'s).

        >>> ScoreState(("NS", "EW"), (0, 0), (0, 0)).column_of(Seat.WEST)
        'EW'
        """
        if not self.three_handed:
            return "NS" if seat in (Seat.NORTH, Seat.SOUTH) else "EW"
        if players is None or seat not in players:
            raise BridgeError(f"no player of the three sits at {seat} (TH-4)")
        return players[seat]
