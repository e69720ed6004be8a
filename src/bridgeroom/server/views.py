"""A deal as a seat sees it, as sent to the page: JSON-ready data built from ``state.view(seat)``
only (a spectator's from what every seat's view shows alike), so that nothing here reads a
hand the receiver may not see.

Cards are written ``SA``, ``HT`` (``str(Card)``), calls ``1NT``, ``P``, ``X``, ``XX``; any
action is sent as the text that ``DealState.parse_action`` reads back.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> data = view_payload(state.view(Seat.EAST))
    >>> data["hand"][:3], data["legal"], data["phase"]
    (['ST', 'S9', 'S8'], [], 'auction')
    >>> public_view(state)["hand"] is None
    True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from pydantic import BaseModel, Field

from bridgeroom.rules import (
    CARDS,
    Action,
    Card,
    Contract,
    DealState,
    Hand,
    Phase,
    Seat,
    Trick,
    View,
    ViewExtra,
)

__all__ = [
    "CARD_FIELDS",
    "DealPayload",
    "ResultPayload",
    "TrickPayload",
    "action_text",
    "deal_payload",
    "extra_payload",
    "hand_cards",
    "jsonable",
    "peeked",
    "public_deal",
    "public_view",
    "view_payload",
]

#: The payload fields that hold cards (a test checks them for hidden cards).
CARD_FIELDS = ("hand", "dummy", "trick", "tricks", "last_trick", "legal", "deal", "faced")


def action_text(action: Action) -> str:
    """The text of an action that ``parse_action`` reads back (``SA``, ``1NT``, ``12``).

    >>> from bridgeroom.rules import Call
    >>> action_text(Call.parse("1nt")), action_text(Card.parse("♠A"))
    ('1NT', 'SA')
    """
    return str(action)


#: Card texts by card index (``suit * 13 + rank - 2``), and the indices spades first, high to low.
_TEXT: tuple[str, ...] = tuple(str(c) for c in CARDS)
_HOLDING_ORDER: tuple[int, ...] = tuple(s * 13 + r for s in (3, 2, 1, 0) for r in range(12, -1, -1))


def hand_cards(hand: Hand | None) -> list[str] | None:
    """A hand as card texts, spades first, high to low (the order a person holds them).

    >>> hand_cards(Hand.parse("A2.K..T9"))
    ['SA', 'S2', 'HK', 'CT', 'C9']
    """
    if hand is None:
        return None
    mask = hand.mask
    return [_TEXT[i] for i in _HOLDING_ORDER if mask >> i & 1]


class TrickPayload(BaseModel):
    """A completed trick: who led, each seat's card in the order played, who won."""

    leader: str
    cards: list[tuple[str, str]]
    winner: str


def _trick(trick: Trick) -> TrickPayload:
    return TrickPayload(
        leader=trick.leader.letter,
        cards=[(s.letter, _TEXT[c.index]) for s, c in zip(trick.seats, trick.cards, strict=True)],
        winner=trick.winner.letter,
    )


def _contract(contract: Contract | None) -> str | None:
    return None if contract is None else str(contract)


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.letter


def jsonable(value: object) -> object:
    """Variant data (tuples of seats and counts...) as JSON values."""
    if isinstance(value, Seat):
        return value.letter
    if isinstance(value, (Card, Contract)):
        return str(value)
    if isinstance(value, Hand):
        return hand_cards(value)
    if isinstance(value, Mapping):
        return {str(jsonable(k)): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def extra_payload(extra: ViewExtra | None) -> dict[str, Any]:
    """A variant's public part of a view as JSON-ready data (``{}`` for contract bridge).

    >>> from bridgeroom.rules import MiniBridgeDeal
    >>> state = MiniBridgeDeal.from_board(1, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> state.apply("37")
    >>> extra_payload(state.view(Seat.EAST).extra)
    {'announcements': [['N', 37]]}
    """
    if extra is None:
        return {}
    return {name: _extra_value(v) for name, v in extra.items().items() if v is not None}


def _extra_value(value: object) -> Any:
    """An item of a variant's extra as JSON-ready data: a seat by its letter."""
    if isinstance(value, Seat):
        return value.letter
    if isinstance(value, dict):
        return {_extra_value(k): _extra_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_extra_value(v) for v in value]
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(value)


class ResultPayload(BaseModel):
    """How a finished deal ended: the contract (with its declarer), the declarer's tricks,
    over (positive) or under (negative) the contract, whether it was claimed, and what it
    wrote on the score sheet, by the sheet's columns (:func:`~bridgeroom.server.sheets.deal_points`)."""

    contract: str | None
    tricks: int
    claimed: bool
    declarer: str | None = None
    overtricks: int = 0
    points: dict[str, int] = Field(default_factory=dict)


class DealPayload(BaseModel):
    """Everything one seat may see of the deal now (a spectator: what every seat sees alike),
    and what the table adds: its table-mode actions, who plays each seat, what the robots'
    calls mean, the deal's number and board, and how it ended."""

    seat: str | None
    phase: str
    dealer: str
    vulnerability: str
    hand: list[str] | None
    dummy_seat: str | None
    dummy: list[str] | None
    calls: list[tuple[str, str]]
    contract: str | None
    declarer: str | None
    tricks: list[TrickPayload]
    trick: list[tuple[str, str]]
    last_trick: TrickPayload | None
    declarer_tricks: int
    defender_tricks: int
    turn: str | None
    to_act: str | None
    legal: list[str]
    extra: dict[str, Any]
    deal: list[list[str] | None] | None
    #: The hands faced with a claim by this seat's opponents (Law 68B), by seat.
    faced: dict[str, list[str]] = Field(default_factory=dict)
    table_actions: list[str] = Field(default_factory=list)
    #: TH-23: the dummy is shown before the lead because this seat's player looked at it.
    peeked: bool | None = Field(default=None, exclude_if=lambda v: v is None)
    seats: dict[str, int | None] = Field(default_factory=dict)
    meanings: list[dict[str, str] | None] = Field(default_factory=list)
    number: int = 0
    board: int | None = None
    result: ResultPayload | None = Field(default=None, exclude_if=lambda v: v is None)
    #: Where each seat is drawn on this viewer's screen: ``{"bottom": "S", "left": "W", ...}``.
    layout: dict[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)


def deal_payload(view: View) -> DealPayload:
    last = view.tricks[-1] if view.tricks else None
    return DealPayload(
        seat=view.seat.letter,
        phase=view.phase.value,
        dealer=view.dealer.letter,
        vulnerability=view.vulnerability.pbn,
        hand=hand_cards(view.hand),
        dummy_seat=_seat(view.dummy_seat),
        dummy=hand_cards(view.dummy),
        calls=[(s.letter, str(c)) for s, c in view.calls],
        contract=_contract(view.contract),
        declarer=_seat(view.declarer),
        tricks=[_trick(t) for t in view.tricks],
        trick=[(s.letter, str(c)) for s, c in view.trick],
        last_trick=_trick(last) if last is not None else None,
        declarer_tricks=view.declarer_tricks,
        defender_tricks=view.defender_tricks,
        turn=_seat(view.turn),
        to_act=_seat(view.to_act),
        legal=[action_text(a) for a in view.legal],
        extra=extra_payload(view.extra),
        deal=None if view.deal is None else [hand_cards(h) for h in view.deal.hands],
        faced={seat.letter: hand_cards(hand) or [] for seat, hand in view.faced},
    )


_VIEW_FIELDS = (
    "seat phase dealer vulnerability hand dummy_seat dummy calls contract declarer tricks trick "
    "last_trick declarer_tricks defender_tricks turn to_act legal extra deal faced"
).split()


def view_payload(view: View) -> dict[str, Any]:
    """Everything a seat may see now, as JSON-ready data (from its :class:`View` only)."""
    return deal_payload(view).model_dump(mode="json", include=set(_VIEW_FIELDS))


def public_deal(state: DealState, seats: Iterable[Seat] = tuple(Seat)) -> DealPayload:
    views = [state.view(s) for s in seats]
    base = deal_payload(views[0])
    base.seat = None
    base.hand = None
    base.legal = []
    base.faced = {}  # faced to the claimer's opponents only, not to every seat
    dummies = {v.dummy for v in views if v.seat != v.dummy_seat}
    if len(dummies) != 1 or None in dummies:
        base.dummy = None
    payloads = [extra_payload(v.extra) for v in views]
    base.extra = {
        key: value
        for key, value in payloads[0].items()
        if all(key in p and p[key] == value for p in payloads[1:])
    }
    if state.phase is not Phase.DONE:
        base.deal = None
    return base


def public_view(state: DealState, seats: Iterable[Seat] = tuple(Seat)) -> dict[str, Any]:
    """What a spectator sees: only what every seat's view shows alike, and no hand.

    The dummy appears when every seat sees it (after the opening lead); a hand faced with a
    claim does not (the claimer's partner does not see it); a
    variant's extra item appears only when all views carry the same value
    (mini-bridge counts and dummy's suit lengths do, a private irregularity does not).
    """
    return public_deal(state, seats).model_dump(mode="json", include=set(_VIEW_FIELDS))


def peeked(view: View) -> bool:
    """TH-23: the view shows the dummy before the opening lead because its player chose to look
    at it during the auction (the rules' :attr:`View.peeked`)."""
    return view.peeked
