"""A session played with real cards, as its change log says it is now (:class:`Evening`), the
tables' tokens, a table's result read and scored (:func:`read_result`) and the results compared
by the club's model (:func:`scored`); the server's side is :mod:`bridgeroom.server.session_cards`.

    >>> evening = Evening.replay([], tables=3, absent=[6])
    >>> evening.round, evening.results, evening.present(6, 0)
    (0, {}, False)
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bridgeroom.errors import BridgeError
from bridgeroom.i18n import Message
from bridgeroom.rules import Card, Contract, Seat
from bridgeroom.server.session_boards import bad_field, bad_request
from bridgeroom.sessions import (
    Entry,
    Fouled,
    Movement,
    NotPlayed,
    Played,
    Player,
    Results,
    parse_entry,
)
from bridgeroom.store.sessions import SessionEntry, SessionRecord

__all__ = [
    "Evening",
    "is_cards",
    "movement",
    "read_result",
    "rounds_played",
    "scored",
    "table_token",
    "whole_number",
]


def movement(row: SessionRecord) -> Movement:
    """The movement of session ``row``."""
    o = row.options
    return Movement(o["movement"], o["tables"], o["boards"], o["rounds"])


def is_cards(row: SessionRecord) -> bool:
    """Whether session ``row`` is played with real cards."""
    return row.options.get("play") == "cards"


def table_token(director_token: str, table: int) -> str:
    """Table ``table``'s token, derived from the director's (an HMAC: it tells nothing of it).

    >>> table_token("abc", 1) == table_token("abc", 1) != table_token("abc", 2)
    True
    """
    digest = hmac.new(director_token.encode(), f"table:{table}".encode(), hashlib.sha256)
    return digest.hexdigest()[:32]


@dataclass
class Evening:
    """A cards session as its entries say it is now: the round, each table's result of each
    board (``(table, board) -> entry data``), the players of each pair, the pairs absent
    (``pair -> the round it arrives``, ``None``: not yet), the fouled boards and the log."""

    round: int = 0
    results: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    players: dict[int, list[dict[str, str]]] = field(default_factory=dict)
    arrives: dict[int, int | None] = field(default_factory=dict)
    fouled: dict[int, list[list[int]]] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def replay(
        cls, entries: Iterable[SessionEntry], *, tables: int, absent: Iterable[int] = ()
    ) -> Evening:
        """The session after ``entries``, in order (``absent``: the pairs missing at the
        start, the sit-out of an odd number of pairs)."""
        out = cls(arrives={p: None for p in absent})
        for e in entries:
            d = e.data
            kind = d.get("kind")
            key = (int(d.get("table", 0)), int(d.get("board", 0)))
            if kind in ("score", "adjusted", "not_played"):
                out.results[key] = dict(d)
            elif kind == "confirm" and key in out.results:
                out.results[key] = {**out.results[key], "confirmed": True}
            elif kind == "remove":
                out.results.pop(key, None)
            elif kind == "players":
                out.players[int(d["pair"])] = list(d["players"])
            elif kind == "late":
                out.arrives[int(d["pair"])] = int(d["round"])
            elif kind == "fouled":
                if d.get("groups"):
                    out.fouled[int(d["board"])] = [list(g) for g in d["groups"]]
                else:
                    out.fouled.pop(int(d["board"]), None)
            elif kind == "round":
                out.round = int(d["round"])
            out.log.append({"n": e.id, "by": e.by, "at": e.at.isoformat() + "Z", **d})
        return out

    def present(self, pair: int, round_: int) -> bool:
        """Whether ``pair`` plays in ``round_`` (a late pair from the round it arrived)."""
        if pair not in self.arrives:
            return True
        arrives = self.arrives[pair]
        return arrives is not None and round_ >= arrives


def whole_number(body: dict[str, Any], name: str) -> int:
    value = body.get(name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise bad_request(Message("cards.field_number", field=name, text=repr(value)))
    return value


def read_result(
    row: SessionRecord, table: int, round_: int, board: int, body: dict[str, Any]
) -> dict[str, Any]:
    """A table's result of ``board`` read from ``body`` and scored (refused, naming the
    field, if anything is wrong)."""
    m = movement(row)
    e = m.encounter(round_, table)
    data: dict[str, Any] = {"table": table, "round": round_ + 1, "board": board}
    if body.get("not_played"):
        return {"kind": "not_played", **data}
    contract_text = str(body.get("contract", "")).strip()
    if contract_text.lower() in ("pass", "p", "passed"):
        return {
            **data,
            "kind": "score",
            "contract": None,
            "declarer": None,
            "lead": None,
            "tricks": 0,
            "ns_score": 0,
        }
    try:
        contract = Contract.parse(contract_text.upper()).without_declarer()
    except BridgeError as err:
        raise bad_field("contract", err) from None
    try:
        declarer = Seat.find(str(body.get("declarer", "")))
    except BridgeError:
        said = {"field": "declarer", "seats": "N, E, S, W", "text": repr(body.get("declarer"))}
        raise bad_request(Message("cards.field_declarer", **said)) from None
    lead = body.get("lead")
    if lead not in (None, ""):
        try:
            lead = str(Card.parse(str(lead).upper()))
        except BridgeError:
            said = {"field": "lead", "example": "HK", "text": repr(lead)}
            raise bad_request(Message("cards.field_lead", **said)) from None
    else:
        lead = None
    if "tricks" in body and body["tricks"] is not None:
        tricks = whole_number(body, "tricks")
    else:
        result = str(body.get("result", "")).strip()
        if result in ("=", "0"):
            tricks = contract.level + 6
        else:
            try:
                tricks = contract.level + 6 + int(result)
            except ValueError:
                said = {"tricks": "tricks", "result": "result", "examples": "=, +1, -2"}
                raise bad_request(
                    Message("cards.field_result", **said, text=repr(result))
                ) from None
    if not 0 <= tricks <= 13:
        raise bad_request(Message("cards.field_tricks", field="tricks", text=tricks))
    try:
        played = Played.of(
            row.options["game"], board, table, e.ns, e.ew, declarer, contract, tricks, lead
        )
    except BridgeError as err:
        raise bad_request(err) from None
    return {
        **data,
        "kind": "score",
        "contract": str(contract),
        "declarer": declarer.letter,
        "lead": lead,
        "tricks": tricks,
        "ns_score": played.ns_score,
    }


def scored(row: SessionRecord, evening: Evening) -> Results:
    """The results so far compared (:class:`~bridgeroom.sessions.Results`): each table's
    result, adjusted score or board not played; the fouled boards; the pairs' players; the
    pair that sits out, while it is missing."""
    m = movement(row)
    game = row.options["game"]
    absent = [p for p, arrives in evening.arrives.items() if arrives is None]
    players = {
        pair: [Player(p["name"], p.get("number") or None) for p in names]
        for pair, names in evening.players.items()
        if names
    }
    results = Results(
        m,
        game,
        row.options["scoring"],
        sitout=absent[0] if len(absent) == 1 and m.kind != "teams" else None,
        players=players,
        title=row.options.get("title", ""),
    )
    for (table, board), d in sorted(evening.results.items()):
        e = m.encounter(int(d["round"]) - 1, table)
        entry: Entry
        if d["kind"] == "score":
            entry = Played.of(game, board, table, e.ns, e.ew, d["declarer"], d["contract"],
                              int(d["tricks"]), d.get("lead"))  # fmt: skip
        elif d["kind"] == "adjusted":
            entry = parse_entry(game, board, table, e.ns, e.ew, d["score"])
        else:
            entry = NotPlayed(board, table, e.ns, e.ew)
        results.add(entry)
    for board, groups in sorted(evening.fouled.items()):
        results = results.with_fouled(Fouled(board, tuple(tuple(g) for g in groups)))
    return results


def rounds_played(row: SessionRecord, evening: Evening) -> list[dict[str, Any]]:
    """The movement as played: each round's tables, pairs and boards, and whether the table
    sits out (a pair missing)."""
    m = movement(row)
    out = []
    for r in range(m.rounds):
        for e in m.round(r):
            sit_out = not (evening.present(e.ns, r) and evening.present(e.ew, r))
            out.append(
                {
                    "round": r + 1,
                    "table": e.table,
                    "ns": m.label(e.ns),
                    "ew": m.label(e.ew),
                    "boards": list(m.order(e.table, r)),
                    "sit_out": sit_out,
                }
            )
    return out
