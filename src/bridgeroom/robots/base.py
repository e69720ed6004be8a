"""The robot interface: a robot sees a :class:`~bridgeroom.rules.state.View` and decides.

>>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
>>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
>>> decision = RandomRobot(seed=3).decide(state.view(Seat.NORTH))
>>> decision.action in state.legal_actions(), decision.reason
(True, 'a random legal action')
>>> decision.explain("ru")
'случайное допустимое действие'
"""

from __future__ import annotations

import abc
import random
from dataclasses import dataclass
from typing import ClassVar

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import DEFAULT_LANGUAGE, Message
from bridgeroom.rules.core import Hand, Seat
from bridgeroom.rules.state import Action, View

__all__ = ["Decision", "Robot", "RandomRobot", "RobotError"]


class RobotError(BridgeError):
    """A robot was asked to act where it cannot (not its turn, nothing legal)."""


@dataclass(frozen=True, slots=True)
class Decision:
    """An action and a one-line explanation of it (used for hints), in any language.

    The explanation is a :class:`~bridgeroom.i18n.Message`: a key of the catalogue's
    ``[robot]`` sections and its parameters. :attr:`reason` is the English line;
    :meth:`explain` (or :func:`bridgeroom.i18n.explain`) renders it in a language.
    Most decisions are made by :meth:`because`: the action, a colon, the reason.

    >>> from bridgeroom.rules import Card
    >>> d = Decision.because(Card("SQ"), "robot.play.second_hand_low")
    >>> d
    Decision(action=Card('SQ'), reason='♠Q: second hand low')
    >>> d.explain("ru")
    '♠Д: второй рукой — маленькую'
    """

    action: Action
    message: Message

    @classmethod
    def because(cls, action: Action, key: str, /, **params: object) -> Decision:
        """``action`` explained as ``action: <the message key with params>``."""
        return cls(action, Message("robot.decision", action=action, why=Message(key, **params)))

    @property
    def why(self) -> Message:
        """The explanation without the action in front of it (the message itself if it has none)."""
        if self.message.key == "robot.decision":
            why = dict(self.message.params)["why"]
            assert isinstance(why, Message)
            return why
        return self.message

    @property
    def reason(self) -> str:
        """The explanation in English."""
        return self.message.render(DEFAULT_LANGUAGE)

    def explain(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The explanation in ``lang``."""
        return self.message.render(lang)

    def __repr__(self) -> str:
        return f"Decision(action={self.action!r}, reason={self.reason!r})"

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

    def accepts_claim(
        self, view: View, tricks: int, claimer: Seat | None = None, shown: Hand | None = None
    ) -> bool:
        """Whether to accept ``claimer``'s claim of ``tricks`` of the remaining tricks
        (``shown``: the claimer's faced hand, Law 68B), judged from ``view`` alone: by default
        double dummy over the layouts of the cards the robot cannot see, all of which must give
        the claimer's side the tricks claimed (:func:`bridgeroom.robots.claims.accepts_claim`)."""
        import numpy as np

        from bridgeroom.robots.claims import accepts_claim

        rng = np.random.default_rng(self._claim_seed())
        return accepts_claim(view, tricks, claimer, shown=shown, rng=rng)

    def _claim_seed(self) -> int | None:
        """The seed of the layouts :meth:`accepts_claim` draws (``None``: fresh entropy)."""
        return None

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class RandomRobot(Robot):
    """The ``random`` level: a uniformly random legal action."""

    level = "random"

    def __init__(self, *, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def _decide(self, view: View) -> Decision:
        return Decision(self.rng.choice(view.legal), Message("robot.random"))

    def _claim_seed(self) -> int | None:
        return self.rng.getrandbits(32)
