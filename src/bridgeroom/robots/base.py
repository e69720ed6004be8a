"""The robot interface: a robot sees a :class:`~bridgeroom.rules.state.View` and decides.

>>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
>>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
>>> decision = RandomRobot(seed=3).decide(state.view(Seat.NORTH))
>>> decision.action in state.legal_actions(), decision.reason
(True, 'a random legal action')
"""

from __future__ import annotations

import abc
import random
from dataclasses import dataclass
from typing import ClassVar

from bridgeroom.errors import BridgeError
from bridgeroom.rules.state import View

__all__ = ["Decision", "Robot", "RandomRobot", "RobotError"]


class RobotError(BridgeError):
    """A robot was asked to act where it cannot (not its turn, nothing legal)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and a one-line explanation of it (used for hints)."""

    action: object
    reason: str

    def __str__(self) -> str:
        return f"{self.action} ({self.reason})"


class Robot(abc.ABC):
    """A computer player. It is given views only, never the state or the deal.

    ``decide(view)`` returns a :class:`Decision` whose action is one of
    ``view.legal``. The view must be that of the seat to act.
    """

    level: ClassVar[str] = ""

    def decide(self, view: View) -> Decision:
        if view.to_act != view.seat or not view.legal:
            raise RobotError(
                f"{view.seat} has nothing to decide now (the seat to act is {view.to_act})"
            )
        return self._decide(view)

    @abc.abstractmethod
    def _decide(self, view: View) -> Decision:
        """The decision for a view of the seat to act, with ``view.legal`` not empty."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomRobot(Robot):
    """The ``random`` level: a uniformly random legal action."""

    level = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def _decide(self, view: View) -> Decision:
        return Decision(self.rng.choice(view.legal), "a random legal action")
