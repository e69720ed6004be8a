"""A fuzz test of the server (issue 14, item 7): Hypothesis draws the frames that four seated
people and a spectator send to a table (legal actions, illegal ones, junk text, bad JSON, wrong
fields and types, requests out of turn, answers to nothing) and random REST requests, and checks
after each one:

* no traceback in the server's log and no 5xx answer;
* a refused frame changes nothing (the table's history, log, request, places, claims and score
  are as they were);
* no frame a seat receives holds a card it may not see: its own hand, the cards played, the
  dummy once the lead is made, the hands its opponents faced with a claim (Law 68B), and every
  hand once the deal is over; a spectator sees no hand at all before the end.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from bridgeroom.rules import Seat

NAMES = ("Ann", "Bob", "Cy", "Di")
JUNK = st.sampled_from(
    [
        "not json",
        "[1, 2]",
        "null",
        '"text"',
        "{}",
        '{"type": 7}',
        '{"type": "shout"}',
        '{"type": "action"}',
        '{"type": "action", "action": 12345678901234567890}',
        '{"type": "action", "action": ["SA"]}',
        '{"type": "claim", "tricks": "all"}',
        '{"type": "claim", "tricks": true}',
        '{"type": "answer", "accept": "yes"}',
        '{"type": "fill", "level": {"a": 1}}',
        '{"type": "hello", "token": 5}',
        '{"type": "action", "action": "SA", "id": {"nested": [1]}}',
        '{"type": "action", "action": "\\u0000"}',
        '{"id": 1e400}',
    ]
)
WORDS = st.sampled_from(
    [
        "SA",
        "C2",
        "P",
        "X",
        "XX",
        "1NT",
        "7NT",
        "8NT",
        "claim 13",
        "correct SA",
        "look at dummy",
        "undo",
        "",
        "  ",
        "1C 1D",
        "ЅА",
        "pass",
        "12",
        "-1",
        "NaN",
    ]
)


def snapshot(room: Any) -> tuple[Any, ...]:
    table = room.table
    state = table.state
    return (
        table.number,
        None if state is None else list(state.history),
        None if state is None else list(state.claims),
        list(table.log),
        table.request,
        list(table.places),
        table.match.recorded,
    )


def cards_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return (
            {value}
            if len(value) == 2 and value[0] in "SHDC" and value[1] in "AKQJT98765432"
            else set()
        )
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value)) if value else set()
    return set()


def check_frame(frame: dict[str, Any], seat: Seat | None, room: Any) -> None:
    """No card in ``frame`` that ``seat`` (``None``: a spectator) may not see."""
    if frame.get("type") == "error":
        assert not cards_in(frame), frame
        return
    if frame.get("type") != "state" or frame.get("deal") is None:
        return
    deal = frame["deal"]
    if deal["phase"] == "done":
        return
    state = room.table.match.deals[deal["number"] - 1]
    hands = {s: {str(c) for c in state.deal.hands[s]} for s in Seat}
    played = {c for t in deal["tricks"] for _, c in t["cards"]} | {c for _, c in deal["trick"]}
    allowed = set(played)
    if seat is not None:
        allowed |= hands[seat]
    if played and deal["dummy_seat"] is not None:
        allowed |= hands[Seat.find(deal["dummy_seat"])]
    claimers = {s for s, _ in state.claims}
    for letter in deal["faced"]:
        faced = Seat.find(letter)
        assert seat is not None and faced in claimers and faced != seat
        allowed |= hands[faced]
    seen = cards_in(deal) | cards_in(frame.get("request"))
    assert seen <= allowed, f"hidden cards {seen - allowed} sent to {seat}"


class Room:
    """Four seated people and a spectator at one contract table."""

    def __init__(self, client: TestClient, helpers: Any, seed: int) -> None:
        out = helpers.create(client, "contract", {}, name="Ann", slot=0, seed=seed)
        self.code = out["code"]
        self.client, self.helpers = client, helpers
        self.tokens = [out["token"]]
        for slot in (1, 2, 3):
            joined = client.post(
                f"/api/tables/{self.code}/join", json={"slot": slot, "name": NAMES[slot]}
            )
            self.tokens.append(joined.json()["token"])
        self.tokens.append(None)
        self.hub = client.app.state.hub  # type: ignore[attr-defined]
        self.contexts: list[Any] = [None] * 5
        self.sockets: list[Any] = [None] * 5
        for who in range(5):
            self.connect(who)

    def connect(self, who: int) -> None:
        """(Re)open socket ``who``, with its token."""
        context = self.helpers.connect(self.client, self.code, self.tokens[who])
        self.contexts[who], self.sockets[who] = context, context.__enter__()
        assert self.sockets[who].receive_json()["type"] == "state"

    def refused_and_closed(self, who: int, payload: bytes | str, code: int) -> None:
        """A binary frame or one over the size limit: an error, the close code, nothing else;
        the socket is opened again."""
        before = snapshot(self.room)
        ws = self.sockets[who]
        if isinstance(payload, bytes):
            ws.send_bytes(payload)
        else:
            ws.send_text(payload)
        error = ws.receive_json()
        assert error["type"] == "error" and not cards_in(error) and len(json.dumps(error)) < 2000
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code
        self.contexts[who].__exit__(None, None, None)
        assert snapshot(self.room) == before
        self.connect(who)

    @property
    def room(self) -> Any:
        return self.hub.rooms[self.code]

    def close(self) -> None:
        for context in self.contexts:
            context.__exit__(None, None, None)

    def send(self, who: int, text: str, ident: int) -> None:
        """Send ``text`` from socket ``who``; check what comes back to everyone."""
        if text.startswith("binary:"):
            self.refused_and_closed(who, text.encode()[7:], 1003)
            return
        if len(text) > 4096:
            self.refused_and_closed(who, text, 1009)
            return
        before = snapshot(self.room)
        self.sockets[who].send_text(text)
        seat = None if who == 4 else Seat(who)
        while True:
            answer = self.sockets[who].receive_json()
            check_frame(answer, seat, self.room)
            if answer.get("id") == ident or (
                answer["type"] == "error" and answer.get("id") is None
            ):
                break
        if answer["type"] == "error":
            assert snapshot(self.room) == before, f"refused {text!r} changed the table"
            assert "Traceback" not in json.dumps(answer)
        elif answer["type"] == "state":  # a change: every other socket is sent it too
            for other, ws in enumerate(self.sockets):
                if other != who:
                    check_frame(ws.receive_json(), None if other == 4 else Seat(other), self.room)


def frames(draw: Any, room: Room, ident: int) -> tuple[int, str]:
    """One frame drawn for one socket: a legal action, another request, or junk."""
    who = draw(st.integers(min_value=0, max_value=4), label="socket")
    kind = draw(
        st.sampled_from(
            [
                "legal",
                "legal",
                "legal",
                "legal",
                "word",
                "undo",
                "claim",
                "answer",
                "next",
                "fill",
                "hint",
                "junk",
                "binary",
                "huge",
            ]
        ),
        label="kind",
    )
    table = room.room.table
    if kind == "legal":
        player = table.player_to_act()
        if player is not None:
            who = player
        legal = [str(a) for a in table.legal_actions(who)] if who < 4 else []
        message: dict[str, Any] = {
            "type": "action",
            "action": draw(st.sampled_from(legal)) if legal else "P",
        }
    elif kind == "word":
        message = {"type": "action", "action": draw(WORDS, label="word")}
    elif kind == "claim":
        message = {"type": "claim", "tricks": draw(st.integers(min_value=-2, max_value=15))}
    elif kind == "answer":
        message = {"type": "answer", "accept": draw(st.booleans(), label="accept")}
    elif kind == "fill":
        message = {"type": "fill", "level": draw(st.sampled_from(["basic", "genius", ""]))}
    elif kind == "junk":
        return who, draw(JUNK, label="junk")
    elif kind == "binary":
        return who, "binary:" + draw(st.text(max_size=20), label="bytes")
    elif kind == "huge":
        return who, json.dumps({"type": "action", "action": "SA", "pad": "x" * 5000, "id": ident})
    else:
        message = {"type": kind}
    message["id"] = ident
    return who, json.dumps(message)


@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=10**6), data=st.data())
def test_fuzzed_frames_change_nothing_they_should_not_and_show_no_hidden_card(
    client: TestClient, helpers: Any, caplog: pytest.LogCaptureFixture, seed: int, data: Any
) -> None:
    caplog.clear()
    with caplog.at_level(logging.WARNING):
        room = Room(client, helpers, seed)
        try:
            for ident in range(1, data.draw(st.integers(min_value=5, max_value=200), label="n")):
                who, text = frames(data.draw, room, ident)
                room.send(who, text, ident)
            state = room.room.table.state
            event(f"reached: {'no deal' if state is None else state.phase.value}")
            event(f"claims stated: {0 if state is None else min(len(state.claims), 2)}")
        finally:
            room.close()
    problems = [r for r in caplog.records if r.exc_info or "Traceback" in r.getMessage()]
    assert problems == []


BODIES = st.one_of(
    st.none(),
    st.integers(),
    st.text(max_size=20),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(
        st.sampled_from(["game", "scoring", "private", "robots", "name", "slot", "seed", "level"]),
        st.one_of(
            st.none(),
            st.booleans(),
            st.integers(-(2**70), 2**70),
            st.text(max_size=30),
            st.dictionaries(st.text(max_size=3), st.text(max_size=8), max_size=5),
        ),
        max_size=6,
    ),
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    path=st.sampled_from(
        [
            "/api/tables",
            "/api/tables/{code}/join",
            "/api/tables/{code}/robots",
            "/api/tables/{code}",
            "/api/tables/nope/join",
        ]
    ),
    method=st.sampled_from(["POST", "DELETE", "GET"]),
    body=BODIES,
    token=st.sampled_from([None, "forged", "Bearer", "Bearer x", ""]),
)
def test_fuzzed_http_requests_get_a_clear_answer_never_a_server_error(
    client: TestClient, helpers: Any, path: str, method: str, body: Any, token: str | None
) -> None:
    code = helpers.create(client, "contract", {1: "random"}, name="Ann", slot=0, seed=1)["code"]
    headers = {} if token is None else {"Authorization": token}
    answer = client.request(method, path.format(code=code), json=body, headers=headers)
    assert answer.status_code < 500, answer.text
    if answer.status_code >= 400 and answer.status_code != 405:
        data = answer.json()
        assert isinstance(data["detail"], str) and "Traceback" not in answer.text
        assert set(data.get("texts", {"en": ""})) <= {"en", "ru"}
