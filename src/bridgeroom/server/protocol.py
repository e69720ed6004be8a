"""The websocket messages: what a page sends (requests) and what the server sends (the state of
the table, errors, hints), as pydantic models, and how they are built from a table.

A page sends one JSON object per request, ``{"type": ..., "id": ...}`` (``id`` is echoed
back in the next state). Its first message says who it is, with its seat's token (never in
the URL, which servers and proxies write to their logs):

==========  ==========================================================================
``type``    fields
==========  ==========================================================================
hello       ``token``: the seat's token (``null`` or missing: a spectator); first only
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
(its text in English, and in every language when the table refused it), ``hint``, and
``status`` when the store cannot write or can again (:class:`StatusMessage`).
A state is the receiver's snapshot of the table (:meth:`Table.snapshot
<bridgeroom.table.Table.snapshot>`: his seat's view of the deal, a spectator's what every seat
sees alike), written down by :mod:`bridgeroom.server.views`; the score is its sheet
(:mod:`bridgeroom.server.sheets`).

    >>> parse_request('{"type": "claim", "tricks": 3, "id": 7}')
    ClaimRequest(id=7, type='claim', tricks=3)
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StringConstraints,
    TypeAdapter,
    ValidationError,
)

from bridgeroom.errors import BridgeError, IllegalActionError
from bridgeroom.formats.pbn import PbnGame
from bridgeroom.i18n import LANGUAGES, error_text
from bridgeroom.robots import Decision
from bridgeroom.rules import DealState, Seat
from bridgeroom.server.sheets import ScoreCache, score_payload
from bridgeroom.server.views import (
    CARD_FIELDS,
    DealPayload,
    action_text,
    deal_payload,
    extra_payload,
    hand_cards,
    view_payload,
)
from bridgeroom.store import MatchRecord
from bridgeroom.table import Request, Table, TableError, TableSnapshot

__all__ = [
    "CARD_FIELDS",
    "ActionRequest",
    "AnswerRequest",
    "BadRequest",
    "ClaimRequest",
    "ClientRequest",
    "ErrorMessage",
    "FillRequest",
    "HintMessage",
    "HelloRequest",
    "HintRequest",
    "NextRequest",
    "Notice",
    "RemoteRefusal",
    "ScoreCache",
    "StateMessage",
    "StatusMessage",
    "UndoRequest",
    "action_text",
    "error_message",
    "extra_payload",
    "hand_cards",
    "hint_message",
    "parse_request",
    "pbn_game",
    "score_payload",
    "snapshot_message",
    "state_message",
    "status_message",
    "view_payload",
]

#: The longest text an action, a level or an id may be (longer ones are refused unread).
SHORT = 64


# --- what a page sends -------------------------------------------------------------------------


class _Request(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    #: Echoed back in the next state, so the page knows its request was handled.
    id: int | str | None = None


class HelloRequest(_Request):
    type: Literal["hello"]
    #: The seat's token (``None``: a spectator).
    token: Annotated[str, StringConstraints(max_length=256)] | None = None


class ActionRequest(_Request):
    type: Literal["action"]
    action: Annotated[str, StringConstraints(max_length=SHORT)]


class UndoRequest(_Request):
    type: Literal["undo"]


class ClaimRequest(_Request):
    type: Literal["claim"]
    #: Tricks for the claimer's side of those left (all of them when missing).
    tricks: StrictInt | None = None


class AnswerRequest(_Request):
    type: Literal["answer"]
    accept: StrictBool


class NextRequest(_Request):
    type: Literal["next"]


class FillRequest(_Request):
    type: Literal["fill"]
    level: Annotated[str, StringConstraints(max_length=SHORT)] = "basic"


class HintRequest(_Request):
    type: Literal["hint"]


ClientRequest = Annotated[
    HelloRequest
    | ActionRequest
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
    if isinstance(ident, str) and len(ident) > SHORT:
        raise BadRequest(f"an id is at most {SHORT} characters")
    data["id"] = ident
    kind = data.get("type")
    if kind not in _KINDS:
        shown = kind if isinstance(kind, str) and len(kind) <= SHORT else "?"
        raise BadRequest(f"unknown request {shown!r}", ident)
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


_KINDS = ("hello", "action", "undo", "claim", "answer", "next", "fill", "hint")


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
    #: the bidding systems of North-South and East-West
    systems: list[str] = Field(default_factory=lambda: ["standard", "standard"])
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


def state_message(
    table: Table,
    player: int | None,
    *,
    code: str,
    private: bool,
    score: dict[str, Any],
) -> StateMessage:
    """What ``player``'s connections (``None``: a spectator's) see of the table now: his
    snapshot (:meth:`Table.snapshot <bridgeroom.table.Table.snapshot>`) written down."""
    return snapshot_message(table.snapshot(player), code=code, private=private, score=score)


def snapshot_message(
    snapshot: TableSnapshot, *, code: str, private: bool, score: dict[str, Any]
) -> StateMessage:
    """The state message of one viewer's snapshot (``score``: its sheet as sent, cached by the
    room: :class:`ScoreCache`)."""
    game = snapshot.game
    return StateMessage(
        table=TablePayload(
            code=code,
            game=game.name,
            titles=dict(game.titles),
            scoring=snapshot.scoring,
            systems=list(snapshot.systems),
            private=private,
            players=game.players,
            slots=[
                PlacePayload(slot=p.player, kind=p.holder.value, name=p.name, level=p.level)
                for p in snapshot.places
            ],
            you=snapshot.player,
            full=snapshot.full,
            over=snapshot.over,
            remaining=snapshot.remaining,
        ),
        deal=None if snapshot.deal is None else deal_payload(snapshot.deal),
        score=score,
        request=_request(snapshot.request),
    )


# --- errors and hints ----------------------------------------------------------------------------


class ErrorMessage(BaseModel):
    """A refused request, to its sender only: the reason in English (``message``), the rule it
    broke, and the reason in every language (``texts``: every refusal a person can cause is a
    message of the catalogue, :func:`bridgeroom.i18n.error_text`)."""

    type: Literal["error"] = "error"
    message: str
    rule: str | None = None
    id: int | str | None = None
    texts: dict[str, str] | None = Field(default=None, exclude_if=lambda v: v is None)


class StatusMessage(BaseModel):
    """The server's state, told to every connection when it changes: ``store`` ``down`` (it
    cannot save: nothing played is accepted until it can; ``message`` and ``texts`` say why)
    or ``ok`` (it saves again and play goes on; the table follows in a new state)."""

    type: Literal["status"] = "status"
    store: Literal["ok", "down"]
    message: str
    texts: dict[str, str]


def status_message(error: TableError | None) -> StatusMessage:
    """The status message of a store that cannot write (``error``: why), or can (``None``)."""
    if error is None:
        back = TableError("server.store_back")
        return StatusMessage(
            store="ok", message=str(back), texts={lang: back.render(lang) for lang in LANGUAGES}
        )
    return StatusMessage(
        store="down", message=str(error), texts={lang: error.render(lang) for lang in LANGUAGES}
    )


def error_message(err: BridgeError, ident: int | str | None = None) -> ErrorMessage:
    """The error frame of ``err``."""
    rule = err.rule if isinstance(err, IllegalActionError) else None
    texts = None
    if isinstance(err, TableError):  # its own rendering (a refusal made by another process too)
        texts = {lang: err.render(lang) for lang in LANGUAGES}
    elif err.key is not None:
        texts = {lang: error_text(err, lang) for lang in LANGUAGES}
    if isinstance(err, BadRequest):
        texts = {
            lang: TableError("server.bad_message", reason=err.reason).render(lang)
            for lang in LANGUAGES
        }
    return ErrorMessage(message=str(err), rule=rule, id=ident, texts=texts)


class RemoteRefusal(TableError):
    """A refusal made by the server process that writes the table (servers sharing one
    PostgreSQL database, :mod:`bridgeroom.server.cluster`), as that process rendered it: its
    catalogue key (which decides the HTTP status), rule, plain parameters and its text in every
    language.

    >>> err = RemoteRefusal("server.spectator", None, {}, {"en": "Watching only", "ru": "Только смотреть"})
    >>> str(err), err.render("ru"), err.key
    ('Watching only', 'Только смотреть', 'server.spectator')
    """

    def __init__(
        self, key: str, rule: str | None, params: dict[str, object], texts: dict[str, str]
    ) -> None:
        IllegalActionError.__init__(self, texts.get("en", key), rule=rule)
        self.key = key
        self.params = params
        self.texts = texts

    def render(self, lang: str) -> str:
        return self.texts.get(lang) or str(self)

    def __str__(self) -> str:
        return self.texts.get("en") or self.key

    @classmethod
    def of(cls, err: BridgeError) -> RemoteRefusal:
        """``err`` as another process will raise it (its plain parameters only)."""
        plain: dict[str, object] = {
            k: v for k, v in err.params.items() if isinstance(v, (str, int, float, bool))
        }
        rule = err.rule if isinstance(err, IllegalActionError) else None
        if isinstance(err, TableError):
            texts = {lang: err.render(lang) for lang in LANGUAGES}
        else:
            texts = {lang: error_text(err, lang) for lang in LANGUAGES}
        return cls(err.key or "server.bad_request", rule, plain, texts)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "rule": self.rule, "params": self.params, "texts": self.texts}


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
    names: dict[Seat, str] = {}
    for seat in Seat:
        place = table.place_at(seat, state)
        if place is not None:
            names[seat] = place.name or "?"
    tags: dict[str, str] = {
        "Event": f"bridgeroom {table.game.title('en')} ({table.scoring})",
        "Site": f"bridgeroom table {record.code}",
        "Date": record.created_at.strftime("%Y.%m.%d"),
    }
    result = state.result
    if result is not None and result.contract is not None:
        tags["Result"] = str(result.tricks)
    return PbnGame.from_state(state, players=names, board=number, tags=tags)
