"""The websocket messages: what a page sends (requests) and what the server sends (the state of
the table, errors, hints), as pydantic models, and how they are built from a table.

A page sends one JSON object per request, ``{"type": ..., "id": ...}`` (``id`` is echoed
back in the next state):

==========  ==========================================================================
``type``    fields
==========  ==========================================================================
action      ``action``: the action's text (``1NT``, ``SA``, ``12``, ``look at dummy``)
undo        -
claim       ``tricks``: of the tricks left, for the claimer's side (all when missing)
answer      ``accept``: the answer to the pending undo or claim
next        - (the next deal)
fill        ``level``: robots of this level take the open seats (``basic``)
hint        - (a robot's choice for the seat to act, with its reason)
==========  ==========================================================================

A request that is not valid JSON or not one of these is answered with an ``error``
and changes nothing (:func:`parse_request`).

The server sends ``state`` after every change (the table, this seat's own view of the
deal, the score sheet, the pending request), ``error`` to the sender of a refused request
(its text in English, and in every language when the table refused it), and ``hint``.
Cards are written ``SA``, ``HT`` (``str(Card)``), calls ``1NT``, ``P``, ``X``, ``XX``;
any action is sent as the text that ``DealState.parse_action`` reads back. Nothing here
reads a hand that the seat may not see: a seat's view of the deal is built from
``state.view(seat)`` only, and a spectator's from what every seat's view shows alike
(:func:`public_view`).

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
    >>> state = ContractBridgeDeal(Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"))
    >>> data = view_payload(state.view(Seat.EAST))
    >>> data["hand"][:3], data["legal"], data["phase"]
    (['ST', 'S9', 'S8'], [], 'auction')
    >>> public_view(state)["hand"] is None
    True
    >>> parse_request('{"type": "claim", "tricks": 3, "id": 7}')
    ClaimRequest(id=7, type='claim', tricks=3)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from bridgeroom.errors import BridgeError
from bridgeroom.formats.pbn import PbnGame
from bridgeroom.i18n import LANGUAGES, Texts
from bridgeroom.robots import Decision
from bridgeroom.rules import (
    CARDS,
    Action,
    Card,
    Contract,
    DealState,
    Hand,
    MiniBridgeExtra,
    Phase,
    Seat,
    ThreeHandedExtra,
    Trick,
    View,
    ViewExtra,
)
from bridgeroom.scoring import Session
from bridgeroom.store import MatchRecord
from bridgeroom.table import Request, Table, TableError

__all__ = [
    "CARD_FIELDS",
    "ActionRequest",
    "AnswerRequest",
    "ClaimRequest",
    "ClientRequest",
    "DealPayload",
    "ErrorMessage",
    "FillRequest",
    "HintMessage",
    "HintRequest",
    "NextRequest",
    "ScoreCache",
    "StateMessage",
    "UndoRequest",
    "action_text",
    "error_message",
    "extra_payload",
    "hand_cards",
    "hint_message",
    "parse_request",
    "pbn_game",
    "public_view",
    "score_payload",
    "state_message",
    "view_payload",
]

#: The payload fields that hold cards (a test checks them for hidden cards).
CARD_FIELDS = ("hand", "dummy", "trick", "tricks", "last_trick", "legal", "deal")


# --- what a page sends -------------------------------------------------------------------------


class _Request(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    #: Echoed back in the next state, so the page knows its request was handled.
    id: int | str | None = None


class ActionRequest(_Request):
    type: Literal["action"]
    action: str


class UndoRequest(_Request):
    type: Literal["undo"]


class ClaimRequest(_Request):
    type: Literal["claim"]
    #: Tricks for the claimer's side of those left (all of them when missing).
    tricks: int | None = None


class AnswerRequest(_Request):
    type: Literal["answer"]
    accept: bool


class NextRequest(_Request):
    type: Literal["next"]


class FillRequest(_Request):
    type: Literal["fill"]
    level: str = "basic"


class HintRequest(_Request):
    type: Literal["hint"]


ClientRequest = Annotated[
    ActionRequest
    | UndoRequest
    | ClaimRequest
    | AnswerRequest
    | NextRequest
    | FillRequest
    | HintRequest,
    Field(discriminator="type"),
]
_REQUEST: TypeAdapter[ClientRequest] = TypeAdapter(ClientRequest)


class BadRequest(BridgeError):
    """A frame that is not a request: not JSON, not an object, an unknown type, a bad field.
    ``id`` is the request's id when it could be read."""

    def __init__(self, reason: str, id: int | str | None = None) -> None:
        self.reason = reason
        self.id = id
        super().__init__(f"bad message: {reason}")


def parse_request(text: str) -> ClientRequest:
    """The request in a text frame (:class:`BadRequest` if it is not one).

    >>> parse_request('{"type": "action", "action": "1NT"}')
    ActionRequest(id=None, type='action', action='1NT')
    >>> parse_request('{"type": "shout", "id": 3}')
    Traceback (most recent call last):
    ...
    bridgeroom.server.protocol.BadRequest: bad message: unknown request 'shout'
    """
    try:
        data = json.loads(text)
    except ValueError as err:
        raise BadRequest(str(err)) from None
    if not isinstance(data, dict):
        raise BadRequest("a message is a JSON object")
    raw_id = data.get("id")
    ident = raw_id if isinstance(raw_id, (int, str)) and not isinstance(raw_id, bool) else None
    kind = data.get("type")
    if kind not in _KINDS:
        raise BadRequest(f"unknown request {kind!r}", ident)
    if kind == "action" and isinstance(data.get("action"), int):
        data["action"] = str(data["action"])  # a count typed as a number (mini-bridge, MB-2)
    try:
        return _REQUEST.validate_python(data)
    except ValidationError as err:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'][1:]) or e['loc'][0]}: {e['msg']}"
            for e in err.errors()
        )
        raise BadRequest(problems, ident) from None


_KINDS = ("action", "undo", "claim", "answer", "next", "fill", "hint")


# --- what the server sends: the view of a deal ---------------------------------------------------


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


def _jsonable(value: object) -> object:
    """Variant data (tuples of seats and counts...) as JSON values."""
    if isinstance(value, Seat):
        return value.letter
    if isinstance(value, (Card, Contract)):
        return str(value)
    if isinstance(value, Hand):
        return hand_cards(value)
    if isinstance(value, Mapping):
        return {str(_jsonable(k)): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
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
    if isinstance(extra, ThreeHandedExtra):
        return {
            "players": {seat.letter: name for seat, name in extra.players.items()},
            "pack": extra.pack,
            "vulnerable": list(extra.vulnerable),
            "barred": [seat.letter for seat in extra.barred],
            "protected": [seat.letter for seat in extra.protected],
            "irregularities": [str(item) for item in extra.irregularities],
        }
    if isinstance(extra, MiniBridgeExtra):
        data: dict[str, Any] = {
            "announcements": [[seat.letter, points] for seat, points in extra.announcements]
        }
        if extra.dummy_lengths is not None:
            data["dummy_lengths"] = list(extra.dummy_lengths)
        return data
    return {}


class ResultPayload(BaseModel):
    """How a finished deal ended."""

    contract: str | None
    tricks: int
    claimed: bool


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
    table_actions: list[str] = Field(default_factory=list)
    #: TH-23: the dummy is shown before the lead because this seat's player looked at it.
    peeked: bool | None = Field(default=None, exclude_if=lambda v: v is None)
    seats: dict[str, int | None] = Field(default_factory=dict)
    meanings: list[dict[str, str] | None] = Field(default_factory=list)
    number: int = 0
    board: int | None = None
    result: ResultPayload | None = Field(default=None, exclude_if=lambda v: v is None)


def _deal_payload(view: View) -> DealPayload:
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
    )


_VIEW_FIELDS = (
    "seat phase dealer vulnerability hand dummy_seat dummy calls contract declarer tricks trick "
    "last_trick declarer_tricks defender_tricks turn to_act legal extra deal"
).split()


def view_payload(view: View) -> dict[str, Any]:
    """Everything a seat may see now, as JSON-ready data (from its :class:`View` only)."""
    return _deal_payload(view).model_dump(mode="json", include=set(_VIEW_FIELDS))


def _public(state: DealState, seats: Iterable[Seat] = tuple(Seat)) -> DealPayload:
    views = [state.view(s) for s in seats]
    base = _deal_payload(views[0])
    base.seat = None
    base.hand = None
    base.legal = []
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

    The dummy appears when every seat sees it (after the opening lead); a
    variant's extra item appears only when all views carry the same value
    (mini-bridge counts and dummy's suit lengths do, a private irregularity does not).
    """
    return _public(state, seats).model_dump(mode="json", include=set(_VIEW_FIELDS))


def _peeked(view: View) -> bool:
    """TH-23: the view shows the dummy before the opening lead because its player chose to look
    at it during the auction (he is barred from the rest of the auction)."""
    extra = view.extra
    before_lead = view.phase is not Phase.DONE and not (view.tricks or view.trick)
    return (
        isinstance(extra, ThreeHandedExtra)
        and view.seat in extra.barred
        and view.dummy is not None
        and before_lead
    )


# --- the score sheet ---------------------------------------------------------------------------


class ColumnSheet(BaseModel):
    """One column of a sheet with a line: the entries below it by game, above it, the totals."""

    below: list[list[int]]
    above: list[int]
    below_total: int
    above_total: int
    total: int


class LineSheet(BaseModel):
    """A sheet with a line (rubber, Chicago, three-handed rubber with its settlement)."""

    kind: Literal["line"] = "line"
    columns: list[str]
    sheet: dict[str, ColumnSheet]
    games: dict[str, int] | None = Field(default=None, exclude_if=lambda v: v is None)
    vulnerable: dict[str, bool] | None = Field(default=None, exclude_if=lambda v: v is None)
    over: bool
    winner: str | None
    totals: dict[str, int]
    settlement: list[dict[str, Any]] | None = Field(default=None, exclude_if=lambda v: v is None)


class BoardLine(BaseModel):
    """One board on a sheet of boards, scored from each side (one of ``ns``, ``ew`` is 0)."""

    board: int
    dealer: str
    vulnerability: str
    declarer: str | None
    contract: str | None
    tricks: int
    ns: int
    ew: int


class BoardsSheet(BaseModel):
    """A sheet of boards (duplicate, mini-bridge)."""

    kind: Literal["boards"] = "boards"
    boards: list[BoardLine]
    totals: dict[str, int]
    over: bool


def score_sheet(session: Session) -> LineSheet | BoardsSheet:
    """The score sheet of a session, from its :meth:`~bridgeroom.scoring.Session.summary`."""
    summary = session.summary()
    totals = {str(k): v for k, v in summary.totals.items()}
    if summary.kind == "boards":
        return BoardsSheet(
            boards=[
                BoardLine(
                    board=r.board,
                    dealer=r.dealer.letter,
                    vulnerability=r.vulnerability.pbn,
                    declarer=_seat(r.declarer),
                    contract=_contract(r.contract),
                    tricks=r.tricks,
                    ns=max(r.ns_score, 0),
                    ew=max(-r.ns_score, 0),
                )
                for r in summary.boards
            ],
            totals=totals,
            over=summary.over,
        )
    columns = summary.columns
    counts = summary.counts_games
    return LineSheet(
        columns=[str(c.name) for c in columns],
        sheet={
            str(c.name): ColumnSheet(
                below=[[e.points for e in game] for game in c.below],
                above=[e.points for e in c.above],
                below_total=c.below_total,
                above_total=c.above_total,
                total=c.total,
            )
            for c in columns
        },
        games={str(c.name): int(c.games or 0) for c in columns} if counts else None,
        vulnerable={str(c.name): bool(c.vulnerable) for c in columns} if counts else None,
        over=summary.over,
        winner=None if summary.winner is None else str(summary.winner),
        totals=totals,
        settlement=None
        if summary.settlement is None
        else [{str(k): _jsonable(v) for k, v in p.to_dict().items()} for p in summary.settlement],
    )


def score_payload(session: Session) -> dict[str, Any]:
    """The score sheet of a session (rubber, Chicago, boards, three-handed rubber) as JSON-ready
    data.

    ``kind`` tells the page which form to draw: ``line`` (above and below the
    line, one column per side or player, games won, the settlement at the end
    of a three-handed rubber) or ``boards`` (one row per board).

    >>> from bridgeroom.scoring import Rubber
    >>> rubber = Rubber()
    >>> _ = rubber.record("NS", "4S", 10)
    >>> data = score_payload(rubber)
    >>> data["columns"], data["games"], data["vulnerable"], data["totals"]
    (['NS', 'EW'], {'NS': 1, 'EW': 0}, {'NS': True, 'EW': False}, {'NS': 120, 'EW': 0})
    """
    return score_sheet(session).model_dump(mode="json")


class ScoreCache:
    """A table's score sheet, built again only when a deal has been recorded since."""

    def __init__(self) -> None:
        self._version = -1
        self._sheet: dict[str, Any] = {}

    def sheet(self, table: Table) -> dict[str, Any]:
        version = len(table.match.entries)
        if version != self._version:
            self._version, self._sheet = version, score_payload(table.match.session)
        return self._sheet


# --- the state of a table ------------------------------------------------------------------------


class PlacePayload(BaseModel):
    """Who holds a place: ``kind`` person, robot or open."""

    slot: int
    kind: str
    name: str
    level: str | None


class TablePayload(BaseModel):
    """The table: its game, score form, places (``you``: the receiver's), whether it is full
    or over, and the tricks left to claim."""

    code: str
    game: str
    titles: dict[str, str]
    scoring: str
    private: bool
    players: int
    slots: list[PlacePayload]
    you: int | None
    full: bool
    over: bool
    remaining: int


class RequestPayload(BaseModel):
    """The undo or claim waiting for answers: who asked, who still has to answer (people)."""

    kind: str
    slot: int
    seat: str
    waiting: list[int]
    tricks: int


class Notice(BaseModel):
    """Something to tell the table once: a robot refused a claim."""

    kind: Literal["claim_refused"]
    slot: int
    tricks: int


class StateMessage(BaseModel):
    """The whole message a seat's connections get after every change (``id``: the last request
    of the receiving connection; ``notice``: told once)."""

    type: Literal["state"] = "state"
    table: TablePayload
    deal: DealPayload | None
    score: dict[str, Any]
    request: RequestPayload | None
    id: int | str | None = None
    notice: Notice | None = Field(default=None, exclude_if=lambda v: v is None)


def _request(request: Request | None) -> RequestPayload | None:
    if request is None:
        return None
    return RequestPayload(
        kind=request.kind.value,
        slot=request.player,
        seat=request.seat.letter,
        waiting=sorted(request.waiting),
        tricks=request.tricks,
    )


def _meanings(meanings: list[Texts | None]) -> list[dict[str, str] | None]:
    return [None if m is None else {lang: m.render(lang) for lang in LANGUAGES} for m in meanings]


def state_message(
    table: Table,
    player: int | None,
    *,
    code: str,
    private: bool,
    score: dict[str, Any],
) -> StateMessage:
    """What ``player``'s connections (``None``: a spectator's) see of the table now."""
    state = table.state
    deal: DealPayload | None = None
    you = None if player is None else table.seat_of(player)
    if state is not None:
        view = state.view(you) if you is not None else None
        deal = _deal_payload(view) if view is not None else _public(state)
        deal.table_actions = (
            [action_text(a) for a in table.table_actions(player)] if player is not None else []
        )
        if view is not None and _peeked(view):
            deal.peeked = True
        deal.seats = {s.letter: table.player_at(s) for s in Seat}
        deal.meanings = _meanings(table.call_meanings(state))
        deal.number = table.number
        deal.board = state.board
        result = state.result
        if state.phase is Phase.DONE and result is not None:
            deal.result = ResultPayload(
                contract=_contract(result.contract),
                tricks=result.tricks,
                claimed=table.claimed(state),
            )
    return StateMessage(
        table=TablePayload(
            code=code,
            game=table.game.name,
            titles=dict(table.game.titles),
            scoring=table.scoring,
            private=private,
            players=table.num_players,
            slots=[
                PlacePayload(slot=p.player, kind=p.holder.value, name=p.name, level=p.level)
                for p in table.places
            ],
            you=player,
            full=table.full,
            over=table.over,
            remaining=0 if state is None else state.tricks_left,
        ),
        deal=deal,
        score=score,
        request=_request(table.request),
    )


# --- errors and hints ----------------------------------------------------------------------------


class ErrorMessage(BaseModel):
    """A refused request, to its sender only: the reason in English (``message``), the rule it
    broke, and, when the table refused it, the reason in every language (``texts``)."""

    type: Literal["error"] = "error"
    message: str
    rule: str | None = None
    id: int | str | None = None
    texts: dict[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)


def error_message(err: BridgeError, ident: int | str | None = None) -> ErrorMessage:
    """The error frame of ``err``."""
    rule = getattr(err, "rule", None)
    texts = {lang: err.render(lang) for lang in LANGUAGES} if isinstance(err, TableError) else None
    if isinstance(err, BadRequest):
        texts = {
            lang: TableError("server.bad_message", reason=err.reason).render(lang)
            for lang in LANGUAGES
        }
    return ErrorMessage(message=str(err), rule=rule, id=ident, texts=texts)


class HintMessage(BaseModel):
    """A robot's choice for the seat to act: the action, the reason in English, the reason in
    every language (``reasons``), and the reason without the action in front (``why``)."""

    type: Literal["hint"] = "hint"
    action: str
    reason: str
    reasons: dict[str, str]
    why: dict[str, str]
    id: int | str | None = None


def hint_message(decision: Decision, ident: int | str | None = None) -> HintMessage:
    return HintMessage(
        action=str(decision.action),
        reason=decision.reason,
        reasons={lang: decision.explain(lang) for lang in LANGUAGES},
        why={lang: decision.why.render(lang) for lang in LANGUAGES},
        id=ident,
    )


# --- records ----------------------------------------------------------------------------------


def pbn_game(table: Table, state: DealState, number: int, record: MatchRecord) -> PbnGame:
    """One finished deal of a table as a PBN game, with the players' names and the table's code."""
    names: dict[str, str] = {}
    for seat in Seat:
        place = table.place_at(seat, state)
        if place is not None:
            names[seat.name.title()] = place.name or "?"
    tags: dict[str, str] = {
        "Event": f"bridgeroom {table.game.title('en')} ({table.scoring})",
        "Site": f"bridgeroom table {record.code}",
        "Date": record.created_at.strftime("%Y.%m.%d"),
        "Board": str(number),
        **names,
    }
    result = state.result
    if result is not None and result.contract is not None:
        tags["Result"] = str(result.tricks)
    return PbnGame.from_state(state, **tags)
