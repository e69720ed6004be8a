"""Helpers for the robot tests: hand-built positions reached by scripted tricks."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bridgeroom.rules import (
    CARDS,
    Card,
    ContractBridgeDeal,
    Deal,
    DealState,
    Hand,
    MiniBridgeDeal,
    Seat,
    ThreeHandedDeal,
    Vulnerability,
    deal_cards,
)


def new_state(game: str, seed: int) -> DealState:
    """A fresh deal of ``game`` (``contract``, ``three-handed``, ``minibridge``) from ``seed``, the
    dealer and vulnerability (or the board) varying with the seed."""
    deal = deal_cards(seed=seed)
    if game == "three-handed":
        return ThreeHandedDeal(deal, dealer=Seat(seed % 4), players=("Ann", "Bob", "Cy"))
    if game == "minibridge":
        return MiniBridgeDeal.from_board(seed % 16 + 1, deal)
    return ContractBridgeDeal(deal, dealer=Seat(seed % 4), vulnerability=Vulnerability(seed % 4))


def play_tricks(state: DealState, tricks: Sequence[Iterable[str]]) -> None:
    """Play each trick: the engine says whose turn it is, the trick's card of that hand is played."""
    for cards in tricks:
        wanted = [Card(c) for c in cards]
        for _ in range(4):
            seat = state.turn
            assert seat is not None
            held = state.hand(seat)
            mine = [c for c in wanted if c in held]
            assert len(mine) == 1, f"{seat} holds {mine} of {wanted}"
            state.apply(mine[0])


# The throw-in position (docs/robots.md): South declares 3NT; after ten scripted tricks, in which
# West shows out of spades (trick 7) and of hearts (trick 9) and East out of diamonds and clubs,
# the last three cards are
#   North SA SQ C3, East SK S5 HA, South S4 S3 H3, West CK CQ CJ,
# and South is on lead. The layout is known; a heart puts East in, who must lead a spade into
# the A-Q (two tricks); a spade (finesse or not) takes one.
THROW_IN_DEAL = "N:AQ98.JT.T987.983 K7652.A9876542.. JT43.KQ3.AKQJ.AT ..65432.KQJ76542"
PADDING = [
    ["D2", "D7", "H2", "DA"],
    ["DK", "D3", "D8", "H4"],
    ["DQ", "D4", "D9", "H5"],
    ["DJ", "D5", "DT", "H6"],
    ["CA", "C2", "C8", "H7"],
    ["CT", "C4", "C9", "S7"],
    ["SJ", "D6", "S8", "S2"],
    ["ST", "C5", "S9", "S6"],
    ["HK", "C6", "HT", "H8"],
    ["HQ", "C7", "HJ", "H9"],
]

# The same cards with East and West swapped and North declaring: after the same ten tricks East
# has shown out of spades and hearts, so West's SK is marked. South (dummy) leads S3, West plays
# S5: North must finesse SQ (two tricks); SA takes one.
FINESSE_DEAL = "N:AQ98.JT.T987.983 ..65432.KQJ76542 JT43.KQ3.AKQJ.AT K7652.A9876542.."


def deal_with(**hands: str) -> Deal:
    """A deal with the given hands (``north="AK2.KQ3.Q432.Q32"``); the other cards dealt round in order."""
    fixed = {Seat.find(name): Hand.parse(text) for name, text in hands.items()}
    assert all(len(h) == 13 for h in fixed.values()), fixed
    used = 0
    for hand in fixed.values():
        used |= hand.mask
    rest = [c for c in reversed(CARDS) if not used & c.mask]
    out: list[Hand] = []
    for seat in Seat:
        if seat in fixed:
            out.append(fixed[seat])
        else:
            need = 13
            take, rest = rest[:need], rest[need:]
            out.append(Hand(take))
    return Deal(out)


def auction(deal: Deal, calls: str, dealer: Seat = Seat.NORTH) -> ContractBridgeDeal:
    """A contract-bridge deal with the calls (space-separated) made from ``dealer``."""
    state = ContractBridgeDeal(deal, dealer=dealer)
    for call in calls.split():
        state.apply(call)
    return state
