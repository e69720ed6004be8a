"""The robots at a table: their turns, their reasons, what their calls mean, their answers to
a claim.

A robot's turn is prepared by the table as a :class:`RobotTurn` (the robot and the view of
the seat to act) and decided by :meth:`RobotTurn.decide`, which reads nothing else: the
server runs it on a worker thread while the table waits, the terminal at once. The table
then applies the decision (:meth:`~bridgeroom.table.Table.play_robot`). A claim is judged by
each robot opponent through a :class:`ClaimJudgement` the same way, from that robot's view
with the claimer's hand faced (:func:`bridgeroom.robots.claims.robot_accepts_claim`).

A robot is made fresh for each decision by the table's robot factory, with a seed drawn
from the table's seed, the deal's number and the actions taken so far
(:func:`robot_seed`): a seeded table plays the same way every time, also after a restart.
"""

from __future__ import annotations

import functools
import inspect
import logging
import zlib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bridgeroom.i18n import Message, Texts
from bridgeroom.robots import (
    Agreements,
    Decision,
    Robot,
    System,
    get_system,
    make_robot,
    systems,
)
from bridgeroom.rules import Call, Seat, View
from bridgeroom.scoring import ScoreForm

__all__ = [
    "ClaimJudgement",
    "ILLEGAL_CHOICES",
    "RobotFactory",
    "RobotTurn",
    "call_alerts",
    "convention_card",
    "robot_systems",
    "system_card",
    "system_title",
    "call_meanings",
    "default_robot_factory",
    "robot_seed",
    "takes_systems",
]


_log = logging.getLogger(__name__)

#: How many times a robot of each level chose an action the rules do not allow (a bug; the
#: table played a safe action instead: :meth:`RobotTurn.decide`).
ILLEGAL_CHOICES: Counter[str] = Counter()


class RobotFactory(Protocol):
    """Makes the robot of a level: ``factory(level, seed=..., scoring=...)``; at a table whose
    sides do not both play ``standard`` also ``system=`` (the robot's side's) and
    ``opponents=``, and such a table refuses a factory that does not take them
    (:func:`takes_systems`; ``TableError`` ``system.table.factory``)."""

    def __call__(self, level: str, *, seed: int | None, scoring: ScoreForm | None) -> Robot: ...


def default_robot_factory(
    level: str,
    *,
    seed: int | None,
    scoring: ScoreForm | None,
    system: System | None = None,
    opponents: System | None = None,
) -> Robot:
    """A robot of :func:`bridgeroom.robots.make_robot`, playing to the table's score form and
    bidding by its side's system."""
    return make_robot(level, seed=seed, scoring=scoring, system=system, opponents=opponents)


def takes_systems(factory: RobotFactory) -> bool:
    """Whether ``factory`` takes the sides' systems (``system=`` and ``opponents=``, or any
    keyword), as a table whose sides do not both play ``standard`` gives them.

    >>> takes_systems(default_robot_factory), takes_systems(lambda level, *, seed, scoring: None)
    (True, False)
    """
    try:
        params = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):  # a callable whose signature Python cannot tell
        return True
    names = {p.name for p in params}
    return {"system", "opponents"} <= names or any(p.kind is p.VAR_KEYWORD for p in params)


def robot_seed(seed: int | str | None, number: int, moves: int) -> int | None:
    """The seed of a robot's decision on deal ``number`` after ``moves`` actions (``None``:
    an unseeded table).

    >>> robot_seed(7, 1, 0) == zlib.crc32(b"7:1:0"), robot_seed(None, 1, 0)
    (True, None)
    """
    if seed is None:
        return None
    return zlib.crc32(f"{seed}:{number}:{moves}".encode())


@dataclass(frozen=True)
class RobotTurn:
    """A robot's turn: ``player`` of ``level`` at ``seat`` decides from ``view`` alone.

    ``number`` and ``moves`` (the deal's number, the actions taken) tell the table whether the
    turn is still the one it prepared when the decision comes back.
    """

    player: int
    seat: Seat
    level: str
    robot: Robot
    view: View
    number: int
    moves: int

    def decide(self) -> Decision:
        """The robot's decision (an action of ``view.legal`` and its reason).

        A robot that chooses an action the rules do not allow is a bug: the table logs it,
        counts it (:data:`ILLEGAL_CHOICES`, by level) and plays a safe action instead (a pass,
        else the last legal action), so that a game in progress goes on. The robots' tests
        check the robot's own choice (``robot.decide(view)``), which this never hides.
        """
        decision = self.robot.decide(self.view)
        legal = self.view.legal
        if decision.action in legal:
            return decision
        ILLEGAL_CHOICES[self.level] += 1
        _log.error(
            "the %s robot at %s chose %s, which the rules do not allow (legal: %s)",
            self.level,
            self.seat,
            decision.action,
            " ".join(map(str, legal)),
        )
        safe = Call.PASS if Call.PASS in legal else legal[-1]
        return Decision.because(safe, "robot.not_allowed", action=decision.action)


@dataclass(frozen=True)
class ClaimJudgement:
    """Whether the robot ``player`` at ``seat`` accepts ``claimer``'s claim of ``tricks``,
    judged from ``view`` alone: the robot's own view, where the claimer's hand is faced with
    the claim (Law 68B), never the hands it cannot see."""

    player: int
    seat: Seat
    robot: Robot
    view: View
    claimer: Seat
    tricks: int

    def decide(self) -> bool:
        from bridgeroom.robots.claims import robot_accepts_claim

        return robot_accepts_claim(self.robot, self.view, self.claimer, self.tricks)


@functools.lru_cache(maxsize=8192)
def _meaning(
    calls: tuple[tuple[Seat, Call], ...], dealer: Seat, systems: Agreements | None
) -> Texts:
    """What the last of ``calls`` means in its side's system, in every language (cached: the
    server asks again at every change of the table)."""
    from bridgeroom.robots.bidding import explain_call

    return explain_call(calls, dealer, len(calls) - 1, systems)


@functools.lru_cache(maxsize=8192)
def _alerted(
    calls: tuple[tuple[Seat, Call], ...], dealer: Seat, systems: Agreements | None
) -> bool:
    from bridgeroom.robots.bidding import alerted

    return alerted(calls, dealer, len(calls) - 1, systems)


def call_meanings(
    calls: Sequence[tuple[Seat, Call]],
    dealer: Seat,
    by_system: frozenset[Seat],
    systems: Agreements | None = None,
) -> list[Texts | None]:
    """For each call: what it means in its side's system (``systems``: both ``standard``
    unless given) when the seat that made it bids by that system (``by_system``), else ``None``
    (the explanation a player may ask for, Law 20F).

    >>> from bridgeroom.rules import Call, Seat
    >>> calls = [(Seat.NORTH, Call("1NT")), (Seat.EAST, Call("P"))]
    >>> [m if m is None else m.render("en") for m in call_meanings(calls, Seat.NORTH, frozenset({Seat.NORTH}))]
    ['15-17 points, balanced', None]
    """
    auction = tuple(calls)
    return [
        _meaning(auction[: i + 1], dealer, systems) if seat in by_system else None
        for i, (seat, _) in enumerate(auction)
    ]


def call_alerts(
    calls: Sequence[tuple[Seat, Call]],
    dealer: Seat,
    by_system: frozenset[Seat],
    systems: Agreements | None = None,
) -> list[bool]:
    """For each call: whether it is alerted (an artificial call its side's system alerts,
    made by a seat that bids by the system).

    >>> from bridgeroom.rules import Call, Seat
    >>> calls = [(Seat.NORTH, Call("1NT")), (Seat.EAST, Call("P")), (Seat.SOUTH, Call("2C"))]
    >>> call_alerts(calls, Seat.NORTH, frozenset({Seat.NORTH, Seat.SOUTH}))
    [False, False, True]
    """
    auction = tuple(calls)
    return [
        seat in by_system and _alerted(auction[: i + 1], dealer, systems)
        for i, (seat, _) in enumerate(auction)
    ]


def convention_card(system: System) -> list[Message]:
    """The lines of ``system``'s convention card, its title first
    (:func:`bridgeroom.robots.bidding.card.convention_card`), for the faces."""
    from bridgeroom.robots.bidding.card import convention_card as card

    return card(system)


def robot_systems() -> tuple[str, ...]:
    """The names of the shipped bidding systems (what a table may be created with)."""
    return systems()


def system_card(name: str) -> list[Message]:
    """The convention card of the shipped system ``name`` (its title first); an unknown name is
    refused (:class:`~bridgeroom.errors.UnknownSystemError`)."""
    return convention_card(get_system(name))


def system_title(name: str, lang: str) -> str:
    """The title of the shipped system ``name`` in ``lang``.

    >>> system_title("acol", "en")
    'Acol: four-card majors, weak notrump, strong twos'
    """
    return get_system(name).title(lang)
