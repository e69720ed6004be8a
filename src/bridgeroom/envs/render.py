"""A deal in progress as text or as an SVG diagram, for ``render()``: a spectator's picture.

>>> from bridgeroom.rules import ContractBridgeDeal, Deal
>>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
>>> for action in "1NT P P P S7".split():
...     state.apply(action)
>>> print(text(state))
contract bridge, dealer N, vulnerable: None
              ♠ A K Q J
              ♥ A K Q
              ♦ A K Q
              ♣ A K Q
♠ 2                         ♠ T 9 8
♥ 5 4 3 2                   ♥ J T 9
♦ 5 4 3 2                   ♦ J T 9
♣ 5 4 3 2                   ♣ J T 9
              ♠ 6 5 4 3
              ♥ 8 7 6
              ♦ 8 7 6
              ♣ 8 7 6
auction: N 1NT, E P, S P, W P
contract 1NTN; tricks: declarer 0, defenders 0
trick: E ♠7; S to play
"""

from __future__ import annotations

from bridgeroom.rules.core import Deal, Seat
from bridgeroom.rules.minibridge import MiniBridgeDeal
from bridgeroom.rules.state import DealState, Phase
from bridgeroom.rules.three_handed import ThreeHandedDeal

__all__ = ["lines", "svg", "text"]

_TITLES = {"contract": "contract bridge", "three-handed": "three-handed bridge",
           "minibridge": "mini-bridge"}  # fmt: skip


def _remaining(state: DealState) -> Deal:
    """The cards each seat still holds (all four: it is a spectator's picture)."""
    return Deal.from_masks([state.hand(seat).mask for seat in Seat])


def _head(state: DealState, name: str) -> str:
    head = f"{name}, dealer {state.dealer.letter}, vulnerable: {state.vulnerability}"
    if isinstance(state, ThreeHandedDeal):
        players = ", ".join(f"{seat.letter} {player}" for seat, player in state.players.items())
        head = f"{name}, dealer {state.dealer.letter}, dummy {state.dummy_seat.letter}; {players}"
        if state.vulnerable:
            head += f"; vulnerable: {', '.join(sorted(state.vulnerable))}"
    if isinstance(state, MiniBridgeDeal) and state.board is not None:
        head += f", board {state.board}"
    return head


def lines(state: DealState) -> list[str]:
    """Where the deal stands, line by line: the announcements or the auction, the contract and
    the tricks, the trick in progress or the result."""
    out: list[str] = []
    if isinstance(state, MiniBridgeDeal) and state.announcements:
        out.append("announced: " + ", ".join(f"{s.letter} {p}" for s, p in state.announcements))
    if state.calls:
        out.append("auction: " + ", ".join(f"{s.letter} {c}" for s, c in state.calls))
    if state.contract is not None:
        taken = state.declarer_tricks_taken()
        out.append(
            f"contract {state.contract}; tricks: declarer {taken}, "
            f"defenders {len(state.tricks) - taken}"
        )
    trick = state.current_trick
    to_play = f"{state.turn.letter} to play" if state.turn is not None else ""
    if state.phase is Phase.PLAY:
        cards = ", ".join(f"{s.letter} {c.symbol}" for s, c in trick)
        out.append(f"trick: {cards}; {to_play}" if cards else f"trick: {to_play}")
    elif state.phase is Phase.DONE:
        result = state.result
        if result is not None and result.contract is None:
            out.append("passed out")
        elif result is not None:
            out.append(f"result: {result.contract}, {result.tricks} tricks")
    elif state.turn is not None:
        out.append(f"{state.turn.letter} to {'call' if state.phase is Phase.AUCTION else 'act'}")
    return out


def text(state: DealState, title: str | None = None) -> str:
    """The table as text: the remaining hands, then :func:`lines`."""
    name = title or _TITLES.get(state.rules_name, state.rules_name)
    return "\n".join([_head(state, name), _remaining(state).diagram(), *lines(state)])


def svg(state: DealState, title: str | None = None, lang: str = "en") -> str:
    """The table as the SVG deal diagram of :mod:`bridgeroom.svg`: the remaining hands around
    the compass (the board, dealer and vulnerability on it), :func:`lines` under it.

    >>> from bridgeroom.rules import ContractBridgeDeal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> for action in "1NT P P P S7".split():
    ...     state.apply(action)
    >>> picture = svg(state)
    >>> picture.startswith("<svg"), "contract 1NTN; tricks: declarer 0, defenders 0" in picture
    (True, True)
    """
    from bridgeroom import svg as diagrams

    name = title or _TITLES.get(state.rules_name, state.rules_name)
    three_handed = isinstance(state, ThreeHandedDeal)
    board = state.board if isinstance(state, MiniBridgeDeal) else None
    return diagrams.deal(
        _remaining(state),
        board=board,
        dealer=state.dealer,
        vulnerability=None if three_handed else state.vulnerability,
        lang=lang,
        notes=[name if not three_handed else _head(state, name), *lines(state)],
    )
