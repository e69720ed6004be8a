"""A table's snapshot as sent to the page: JSON-ready data built from
:meth:`Table.snapshot <bridgeroom.table.Table.snapshot>` only. What a seat or a spectator may
see is the table's and the rules' answer (a seat's ``View``, a spectator's ``PublicView``); this
module only writes it down, so nothing here reads a hand the receiver may not see.

Cards are written ``SA``, ``HT`` (``str(Card)``), calls ``1NT``, ``P``, ``X``, ``XX``; any
action is sent as the text that ``DealState.parse_action`` reads back.

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, PublicView
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> data = view_payload(state.view(Seat.EAST))
    >>> data["hand"][:3], data["legal"], data["phase"]
    (['ST', 'S9', 'S8'], [], 'auction')
    >>> view_payload(PublicView.of([state.view(s) for s in Seat]))["hand"] is None
    True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field

from bridgeroom.i18n import LANGUAGES, Texts
from bridgeroom.rules import (
    CARDS,
    Action,
    Card,
    Contract,
    Hand,
    PublicView,
    Seat,
    Trick,
    View,
    ViewExtra,
)
from bridgeroom.table import DealSnapshot, ResultSnapshot

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
    "result_payload",
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
    """A variant's items of a view as JSON-ready data (``{}`` for contract bridge).

    >>> from bridgeroom.rules import MiniBridgeDeal
    >>> state = MiniBridgeDeal.from_board(1, "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")
    >>> state.apply("37")
    >>> extra_payload(state.view(Seat.EAST).extra)
    {'announcements': [['N', 37]]}
    """
    if extra is None:
        return {}
    return {key: jsonable(value) for key, value in extra.fields().items()}


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
    #: which calls are alerted to this viewer (an opponent's artificial call; never partner's)
    alerts: list[bool] = Field(default_factory=list)
    number: int = 0
    board: int | None = None
    result: ResultPayload | None = Field(default=None, exclude_if=lambda v: v is None)
    #: Where each seat is drawn on this viewer's screen: ``{"bottom": "S", "left": "W", ...}``.
    layout: dict[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)


def _view_payload(view: View | PublicView) -> DealPayload:
    last = view.tricks[-1] if view.tricks else None
    seat_view = view if isinstance(view, View) else None
    return DealPayload(
        seat=None if seat_view is None else seat_view.seat.letter,
        phase=view.phase.value,
        dealer=view.dealer.letter,
        vulnerability=view.vulnerability.pbn,
        hand=None if seat_view is None else hand_cards(seat_view.hand),
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
        legal=[] if seat_view is None else [action_text(a) for a in seat_view.legal],
        extra=extra_payload(view.extra),
        deal=None if view.deal is None else [hand_cards(h) for h in view.deal.hands],
        faced={}
        if seat_view is None
        else {seat.letter: hand_cards(hand) or [] for seat, hand in seat_view.faced},
    )


def _meanings(meanings: tuple[Texts | None, ...]) -> list[dict[str, str] | None]:
    return [None if m is None else {lang: m.render(lang) for lang in LANGUAGES} for m in meanings]


def result_payload(result: ResultSnapshot) -> ResultPayload:
    """How a deal ended, for the page."""
    return ResultPayload(
        contract=_contract(result.contract),
        tricks=result.tricks,
        claimed=result.claimed,
        declarer=_seat(result.declarer),
        overtricks=result.overtricks,
        points=dict(result.points),
    )


def deal_payload(deal: DealSnapshot) -> DealPayload:
    """The last deal of a table's snapshot as its viewer may see it, with what the table adds."""
    payload = _view_payload(deal.view)
    payload.table_actions = [action_text(a) for a in deal.table_actions]
    if deal.peeked:
        payload.peeked = True
    payload.seats = {s.letter: player for s, player in deal.players.items()}
    payload.meanings = _meanings(deal.meanings)
    payload.alerts = list(deal.alerts)
    payload.number = deal.number
    payload.board = deal.board
    payload.layout = deal.layout.to_json()
    if deal.result is not None:
        payload.result = result_payload(deal.result)
    return payload


_VIEW_FIELDS = (
    "seat phase dealer vulnerability hand dummy_seat dummy calls contract declarer tricks trick "
    "last_trick declarer_tricks defender_tricks turn to_act legal extra deal faced"
).split()


def view_payload(view: View | PublicView) -> dict[str, Any]:
    """Everything a seat (a spectator: every seat alike) may see now, as JSON-ready data."""
    return _view_payload(view).model_dump(mode="json", include=set(_VIEW_FIELDS))
