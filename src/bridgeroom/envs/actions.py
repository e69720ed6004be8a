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
from bridgeroom.rules.state import Action, DealState, Phase

__all__ = ["MaskMaker", "action_count", "action_id", "actions"]


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


class MaskMaker:
    """The legal-action mask of a deal as bytes of 0 and 1, one per action id of ``game``.

    In the play the cards' mask comes from the engine (``legal_mask()``) without building
    the cards; the calls' masks are kept, there being few different ones.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> mask = MaskMaker("contract")(state)
    >>> len(mask), mask.count(1), mask[52]    # pass and the 35 bids
    (90, 36, 1)
    """

    def __init__(self, game: str) -> None:
        from bridgeroom.envs.layout import card_bytes

        self.size = action_count(game)
        self._zeros = bytes(self.size)
        self._tail = bytes(self.size - 52)
        self._card_bytes = card_bytes
        self._calls: dict[tuple[int, int], bytes] = {}

    def __call__(self, state: DealState) -> bytes:
        phase = state.phase
        if phase is Phase.PLAY:
            return self._card_bytes(state.legal_mask()) + self._tail
        legal = state.legal_actions()
        if phase is Phase.AUCTION:
            # a list of calls is pass, maybe double or redouble, then the bids above the last
            second = legal[1] if len(legal) > 1 else legal[0]
            key = (len(legal), second.index if isinstance(second, Call) else 0)
            cached = self._calls.get(key)
            if cached is None:
                cells = bytearray(self._zeros)
                for call in legal:
                    cells[action_id(call)] = 1
                cached = self._calls[key] = bytes(cells)
            return cached
        cells = bytearray(self._zeros)
        for action in legal:
            cells[action_id(action)] = 1
        return bytes(cells)
