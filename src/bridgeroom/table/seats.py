"""Who holds each seat of a table: a person, a robot of a level, or nobody yet.

A table has one :class:`Place` per player: four in the four-handed games, three in
three-handed bridge. Place ``i`` is the engine's player ``i``
(``DealState.player_at``, ``DealState.seat_of``): in the four-handed games the
compass seat ``Seat(i)``; in three-handed bridge a player whose compass seat turns
with the deal (TH-5).

    >>> from bridgeroom.games import get_game
    >>> [(p.player, p.holder.value, p.name) for p in solo_places(get_game("contract"), Seat.SOUTH, "Ann", "basic")]
    [(0, 'robot', 'Robot N'), (1, 'robot', 'Robot E'), (2, 'person', 'Ann'), (3, 'robot', 'Robot W')]
    >>> [p.name for p in solo_places(get_game("three-handed"), Seat.SOUTH, "Ann", "basic", lang="ru")]
    ['Ann', 'Робот 1', 'Робот 2']
"""

from __future__ import annotations

import enum
import unicodedata
from dataclasses import dataclass

from bridgeroom.games import Game
from bridgeroom.i18n import seat_letter, translate
from bridgeroom.robots import LEVELS
from bridgeroom.rules import Seat
from bridgeroom.table.errors import SeatError

__all__ = [
    "MAX_NAME",
    "ROBOT_LEVELS",
    "Holder",
    "Place",
    "person_name",
    "solo_places",
    "solo_player",
]

#: The robot levels a seat can be given (:data:`bridgeroom.robots.LEVELS`).
ROBOT_LEVELS: tuple[str, ...] = LEVELS


#: The longest name a person takes at a table.
MAX_NAME = 40


def person_name(text: str) -> str:
    """A person's name as a table shows it: its spaces made one, the characters that show
    nothing (zero-width spaces and the like, Unicode's "format" characters) taken out;
    :class:`SeatError` for a name that shows nothing or is longer than :data:`MAX_NAME`.

    >>> person_name("  Ann   Lee ")
    'Ann Lee'
    >>> person_name("\u200b\u200b")
    Traceback (most recent call last):
    ...
    bridgeroom.table.errors.SeatError: A player joins with a display name.
    >>> person_name("A" * 41)
    Traceback (most recent call last):
    ...
    bridgeroom.table.errors.SeatError: A name is at most 40 characters; this one has 41.
    """
    shown = "".join(c for c in text if unicodedata.category(c) != "Cf")
    name = " ".join(shown.split())
    if not name:
        raise SeatError("table.name_needed")
    if len(name) > MAX_NAME:
        raise SeatError("table.name_long", most=MAX_NAME, length=len(name))
    return name


class Holder(enum.Enum):
    """Who holds a place: a person, a robot, or nobody yet."""

    PERSON = "person"
    ROBOT = "robot"
    OPEN = "open"


@dataclass(frozen=True, slots=True)
class Place:
    """One player's place at the table: who holds it, his name, a robot's level, and the hash
    of a person's seat token (the server's; ``None`` at the terminal)."""

    player: int
    holder: Holder = Holder.OPEN
    name: str = ""
    level: str | None = None
    token_hash: str | None = None

    @property
    def is_person(self) -> bool:
        return self.holder is Holder.PERSON

    @property
    def is_robot(self) -> bool:
        return self.holder is Holder.ROBOT

    @property
    def is_open(self) -> bool:
        return self.holder is Holder.OPEN


def solo_player(game: Game, seat: Seat) -> int:
    """The player a person alone with robots is: the one at ``seat`` in the four-handed games,
    the first of the three in three-handed bridge (whose seats turn with the deal, TH-5)."""
    return int(seat) if game.players == 4 else 0


def solo_places(game: Game, seat: Seat, name: str, level: str, *, lang: str = "en") -> list[Place]:
    """The places of a person called ``name`` alone with robots of ``level``: the robots are
    named by their seat in the four-handed games ("Robot W", "Робот З") and numbered in
    three-handed bridge ("Robot 1", "Robot 2"), in ``lang``."""
    robot = translate("play.robot_name", lang)
    me = solo_player(game, seat)
    places = []
    number = 0
    for player in range(game.players):
        if player == me:
            places.append(Place(player, Holder.PERSON, name))
            continue
        number += 1
        label = seat_letter(Seat(player), lang) if game.players == 4 else str(number)
        places.append(Place(player, Holder.ROBOT, f"{robot} {label}", level))
    return places
