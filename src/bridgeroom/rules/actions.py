"""The engine's actions besides calls and cards, and the types of an action.

Every game is played by the same three kinds of action: a :class:`~bridgeroom.rules.core.Call`,
a :class:`~bridgeroom.rules.core.Card`, and the engine's own small value types derived from
:class:`GameAction` (an agreed :class:`Claim`, a revoke :class:`Correction`, the rectifications of
three-handed bridge, the announcements of mini-bridge). ``str`` of each is the text that
``DealState.parse_action`` reads back.

    >>> Claim.parse("claim 3"), str(Correction(Card("SA")))
    (Claim(tricks=3), 'correct SA')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from bridgeroom.errors import ParseError
from bridgeroom.rules.core import Call, Card, Contract

__all__ = ["Action", "ActionInput", "Claim", "Correction", "GameAction"]


class GameAction:
    """Base of the engine's own actions besides calls and cards.

    :class:`Claim` and :class:`Correction` here, the rectifications of
    three-handed bridge (TH-21 to TH-23) and the announcements of mini-bridge
    (MB-2) derive from it: small frozen value types whose ``str`` is the text
    that ``parse_action`` reads back.

    >>> isinstance(Claim(3), GameAction), isinstance(Card("SA"), GameAction)
    (True, False)
    """

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Correction(GameAction):
    """Table mode: replace a revoke that is not yet established by ``card`` (CB-V1).

    The revoke card and every card played after it go back to their hands
    (Law 62C lets the non-offenders withdraw theirs; here all are withdrawn and
    replayed), and the offender plays ``card`` instead.
    """

    card: Card

    @classmethod
    def parse(cls, text: str) -> Correction:
        """``correct SA``: the card that replaces the revoke.

        >>> Correction.parse("Correct ♠A")
        Correction(card=Card('SA'))
        """
        parts = text.split(None, 1)
        if len(parts) == 2 and parts[0].lower() == "correct":
            return cls(Card.parse(parts[1]))
        raise ParseError(rule="CB-V1", key="rules.not_correction", params={"text": text})

    def __str__(self) -> str:
        return f"correct {self.card}"


@dataclass(frozen=True, slots=True)
class Claim(GameAction):
    """An agreed claim: the claimer's side takes ``tricks`` of the tricks not yet completed
    (the trick in progress included) and concedes the rest; the deal ends.

    Whether the other players agree is for the table (people, or robots that check it
    double-dummy); the engine applies a claim that was agreed.

    >>> Claim.parse("claim 3"), str(Claim(3))
    (Claim(tricks=3), 'claim 3')
    """

    tricks: int

    @classmethod
    def parse(cls, text: str) -> Claim:
        parts = text.split()
        if len(parts) == 2 and parts[0].lower() == "claim" and parts[1].isdigit():
            return cls(int(parts[1]))
        raise ParseError(key="rules.not_claim", params={"text": text})

    def __str__(self) -> str:
        return f"claim {self.tricks}"


#: An action of any game: a call, a card, or one of the engine's own small action types.
Action: TypeAlias = Card | Call | GameAction

#: What ``apply`` takes: an action, its text (``1NT``, ``SA``) or its id; where the declarer
#: names the contract (mini-bridge, MB-6), also a :class:`Contract`.
ActionInput: TypeAlias = Action | Contract | str | int
