"""The JSON the server sends: one seat's view of a deal, a spectator's view, the score sheet.

Cards are written ``SA``, ``HT`` (``str(Card)``), calls ``1NT``, ``P``, ``X``,
``XX``; any action is sent as the text that :meth:`DealState.parse_action`
reads back, so a client never needs the engine's objects. Nothing here reads a
hand that the seat may not see: a seat's payload is built from
``state.view(seat)`` only, and a spectator's from what every seat's view
shows alike (:func:`public_view`).

    >>> from bridgeroom.rules import ContractBridgeDeal, Deal, Seat
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

__all__ = [
    "action_text",
    "extra_payload",
    "hand_cards",
    "view_payload",
    "public_view",
    "score_payload",
    "CARD_FIELDS",
]

#: The payload fields that hold cards (a test checks them for hidden cards).
CARD_FIELDS = ("hand", "dummy", "trick", "tricks", "last_trick", "legal", "deal")


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


def _trick(trick: Trick) -> dict[str, Any]:
    return {
        "leader": trick.leader.letter,
        "cards": [
            [s.letter, _TEXT[c.index]] for s, c in zip(trick.seats, trick.cards, strict=True)
        ],
        "winner": trick.winner.letter,
    }


def _contract(contract: Contract | None) -> str | None:
    return None if contract is None else str(contract)


def _seat(seat: Seat | None) -> str | None:
    return None if seat is None else seat.letter


def _jsonable(value: object) -> object:
    """Variant extras (tuples of seats and counts...) as JSON values."""
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


def view_payload(view: View) -> dict[str, Any]:
    """Everything a seat may see now, as JSON-ready data (from its :class:`View` only)."""
    last = view.tricks[-1] if view.tricks else None
    return {
        "seat": view.seat.letter,
        "phase": view.phase.value,
        "dealer": view.dealer.letter,
        "vulnerability": view.vulnerability.pbn,
        "hand": hand_cards(view.hand),
        "dummy_seat": _seat(view.dummy_seat),
        "dummy": hand_cards(view.dummy),
        "calls": [[s.letter, str(c)] for s, c in view.calls],
        "contract": _contract(view.contract),
        "declarer": _seat(view.declarer),
        "tricks": [_trick(t) for t in view.tricks],
        "trick": [[s.letter, str(c)] for s, c in view.trick],
        "last_trick": _trick(last) if last is not None else None,
        "declarer_tricks": view.declarer_tricks,
        "defender_tricks": view.defender_tricks,
        "turn": _seat(view.turn),
        "to_act": _seat(view.to_act),
        "legal": [action_text(a) for a in view.legal],
        "extra": extra_payload(view.extra),
        "deal": None if view.deal is None else [hand_cards(h) for h in view.deal.hands],
    }


def public_view(state: DealState, seats: Iterable[Seat] = tuple(Seat)) -> dict[str, Any]:
    """What a spectator sees: only what every seat's view shows alike, and no hand.

    The dummy appears when every seat sees it (after the opening lead); a
    variant's extra item appears only when all views carry the same value
    (mini-bridge counts and dummy's suit lengths do, a private irregularity does not).
    """
    views = [state.view(s) for s in seats]
    base = view_payload(views[0])
    base["seat"] = None
    base["hand"] = None
    base["legal"] = []
    dummies = {v.dummy for v in views if v.seat != v.dummy_seat}
    if len(dummies) != 1 or None in dummies:
        base["dummy"] = None
    payloads = [extra_payload(v.extra) for v in views]
    base["extra"] = {
        key: value
        for key, value in payloads[0].items()
        if all(key in p and p[key] == value for p in payloads[1:])
    }
    if state.phase is not Phase.DONE:
        base["deal"] = None
    return base


def score_payload(session: Session) -> dict[str, Any]:
    """The score sheet of a session (rubber, Chicago, boards, three-handed rubber) as JSON-ready
    data, from its :meth:`~bridgeroom.scoring.Session.summary`.

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
    summary = session.summary()
    totals = {str(k): v for k, v in summary.totals.items()}
    if summary.kind == "boards":
        rows = [
            {
                "board": r.board,
                "dealer": r.dealer.letter,
                "vulnerability": r.vulnerability.pbn,
                "declarer": _seat(r.declarer),
                "contract": _contract(r.contract),
                "tricks": r.tricks,
                "ns": max(r.ns_score, 0),
                "ew": max(-r.ns_score, 0),
            }
            for r in summary.boards
        ]
        return {"kind": "boards", "boards": rows, "totals": totals, "over": summary.over}
    columns = summary.columns
    data: dict[str, Any] = {
        "kind": "line",
        "columns": [str(c.name) for c in columns],
        "sheet": {
            str(c.name): {
                "below": [[e.points for e in game] for game in c.below],
                "above": [e.points for e in c.above],
                "below_total": c.below_total,
                "above_total": c.above_total,
                "total": c.total,
            }
            for c in columns
        },
    }
    if summary.counts_games:
        data["games"] = {str(c.name): c.games for c in columns}
        data["vulnerable"] = {str(c.name): bool(c.vulnerable) for c in columns}
    data["over"] = summary.over
    data["winner"] = None if summary.winner is None else str(summary.winner)
    data["totals"] = totals
    if summary.settlement is not None:
        data["settlement"] = [
            {str(k): _jsonable(v) for k, v in p.to_dict().items()} for p in summary.settlement
        ]
    return data
