"""The action ids of the environments: the engine's ids, and mini-bridge's announcements.

Cards are 0-51 (``Card.index``), calls 52-89 (``Call.action_id``: pass 52,
double 53, redouble 54, 1C 55 ... 7NT 89); mini-bridge adds the announcements
of 0 to 37 high-card points as 90-127 (MB-2). The corrections of table mode
are not actions of the environments, which play by the strict rules.

    >>> from bridgeroom.rules import Card, Call
    >>> action_id(Card("SA")), action_id(Call("1C")), action_id(Announce(12))
    (51, 55, 102)
    >>> actions("minibridge")[102], action_count("contract")
    (Announce(points=12), 90)
"""

from __future__ import annotations

from functools import cache

from bridgeroom.errors import IllegalActionError
from bridgeroom.rules.core import CALLS, CARDS, Call, Card
from bridgeroom.rules.minibridge import Announce
from bridgeroom.rules.state import Action

__all__ = ["action_count", "action_id", "actions"]


def action_count(game: str) -> int:
    """The number of action ids of a game: 90, and 128 in mini-bridge."""
    return 128 if game == "minibridge" else 90


@cache
def actions(game: str) -> tuple[Action, ...]:
    """The actions of a game by id."""
    out: list[Action] = [*CARDS, *CALLS]
    if game == "minibridge":
        out.extend(Announce(points) for points in range(38))
    return tuple(out)


def action_id(action: Action) -> int:
    """The id of a card, a call or a mini-bridge announcement."""
    if isinstance(action, Card):
        return action.index
    if isinstance(action, Call):
        return action.action_id
    if isinstance(action, Announce):
        return 90 + action.points
    raise IllegalActionError(f"{action!r} is not an action of the environments", action=action)
