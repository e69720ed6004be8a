"""A score pad's columns (entries above the line, games below it), and the names of a declarer.

>>> sheet = ScoreSheet(["NS", "EW"])
>>> from bridgeroom.i18n import Message
>>> sheet.below["NS"][-1].append(SheetEntry(1, 60, Message("score.item.partscore_deal_4")))
>>> sheet.above["EW"].append(SheetEntry(2, 50, Message("score.item.undertricks", down=1)))
>>> sheet.leg("NS"), sheet.total("EW")
(60, 50)
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from bridgeroom.errors import BridgeError, ScoringError
from bridgeroom.i18n import Message, Worded, keyed
from bridgeroom.rules import Seat, Side

__all__ = ["SheetEntry", "ScoreSheet", "is_pass", "side_of"]

K = TypeVar("K", bound=Hashable)


def is_pass(contract: object) -> bool:
    """Whether ``contract`` stands for a passed-out deal: ``None``, ``"pass"``, ``"P"``, ``"-"``."""
    return contract is None or (
        isinstance(contract, str) and contract.strip().lower() in ("pass", "p", "-", "passed")
    )


#: The sides as a refusal names them (the same in every language).
_SIDES = {"ns": "NS", "ew": "EW"}


def side_of(who: object) -> Side:
    """The side named by ``who``: a :class:`Side`, a :class:`Seat`, or text ``NS``/``EW``.

    >>> side_of("ew"), side_of(Seat.SOUTH)
    (<Side.EW: 1>, <Side.NS: 0>)
    """
    if isinstance(who, Side):
        return who
    if isinstance(who, Seat):
        return who.side
    if isinstance(who, str):
        try:
            return Side.find(who)
        except BridgeError:
            raise keyed(ScoringError, "score.error.side", text=who, **_SIDES) from None
    raise keyed(ScoringError, "score.error.side", text=repr(who), **_SIDES)


@dataclass(frozen=True, slots=True)
class SheetEntry(Worded):
    """One figure on a score pad: the deal it came from, the points, what for (a message of
    the catalogue's ``score.item`` section, written in each reader's language).

    >>> from bridgeroom.i18n import Message
    >>> entry = SheetEntry(3, 500, Message("score.item.rubber_bonus"))
    >>> entry.what, entry.text("ru")
    ('rubber bonus', 'премия за роббер')
    """

    deal: int
    points: int
    message: Message


class ScoreSheet(Generic[K]):
    """The columns of a score pad, each with entries above the line and, per game, below it.

    ``below[column]`` is a list of games (the line drawn across all columns
    when a game is won starts a new one); the last is the game in progress.
    """

    def __init__(self, columns: Sequence[K]) -> None:
        self.columns: tuple[K, ...] = tuple(columns)
        self.below: dict[K, list[list[SheetEntry]]] = {c: [[]] for c in self.columns}
        self.above: dict[K, list[SheetEntry]] = {c: [] for c in self.columns}

    def leg(self, column: K) -> int:
        """Trick points below the line in the game in progress (CB-R2, AB-6, TH-16)."""
        return sum(entry.points for entry in self.below[column][-1])

    def draw_line(self) -> None:
        """A game was won: a line across every column; no partscore counts toward the next game."""
        for column in self.columns:
            self.below[column].append([])

    def below_total(self, column: K) -> int:
        return sum(entry.points for game in self.below[column] for entry in game)

    def above_total(self, column: K) -> int:
        return sum(entry.points for entry in self.above[column])

    def total(self, column: K) -> int:
        """All points of a column, above and below (CB-R4, AB-12)."""
        return self.below_total(column) + self.above_total(column)

    def to_dict(self) -> dict[str, object]:
        """The sheet as JSON-ready data, column by column."""
        return {
            str(column): {
                "below": [[e.points for e in game] for game in self.below[column]],
                "above": [e.points for e in self.above[column]],
                "below_total": self.below_total(column),
                "above_total": self.above_total(column),
                "total": self.total(column),
            }
            for column in self.columns
        }
