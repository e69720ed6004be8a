"""Claims in files: the rest of a recorded result after the last card recorded.

PBN's ``Result`` and LIN's ``mc`` give the declarer's tricks, claimed ones
included; a replay applies the rest as the engine's
:class:`~bridgeroom.rules.state.Claim`, so the state ends with the recorded result.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "7NT P P P S7".split():
    ...     state.apply(action)
    >>> apply_claim(state, 13)
    >>> state.result.tricks, ended_by_claim(state), tricks_won_in_play(state)
    (13, True, 0)
"""

from __future__ import annotations

from bridgeroom.errors import BridgeError, ParseError
from bridgeroom.i18n import error_texts
from bridgeroom.rules.state import Claim, DealState

__all__ = ["apply_claim", "ended_by_claim", "tricks_won_in_play"]


def ended_by_claim(state: DealState) -> bool:
    """Whether the deal ended on an agreed claim (the engine's ``Claim`` action)."""
    return any(type(action) is Claim for _, action in state.history)


def tricks_won_in_play(state: DealState) -> int:
    """The completed tricks won by the declarer's side (claimed tricks left out)."""
    side = (state.declarer, state.dummy)
    return sum(1 for trick in state.tricks if trick.winner in side)


def apply_claim(state: DealState, tricks: int, *, line: int | None = None) -> None:
    """End the play of ``state`` with the declarer's side taking ``tricks`` of the tricks left,
    as the engine's :class:`~bridgeroom.rules.state.Claim` made by the seat to act (the claimer's
    side takes what it claims and concedes the rest; Law 68)."""
    actor = state.to_act
    if actor is None:
        return
    left = 13 - len(state.tricks)
    mine = tricks if actor in (state.declarer, state.dummy) else left - tricks
    try:
        state.apply(Claim(mine))
    except BridgeError as err:
        said = {"tricks": tricks, "error": error_texts(err)}
        raise ParseError(key="file.claim", params=said, line=line) from err
