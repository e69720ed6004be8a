"""Security and fair play at the server (issue 14, items 4 and 6): a refused claim faces the
claimer's hand; bad input of every kind gets its status, a typed error with its rule, and no
internals; the seat's token travels in the first message or a header, never the URL."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bridgeroom.robots.claims import claim_limit


def _two_people(helpers: Any, client: TestClient, seed: int) -> tuple[str, str, str]:
    """Ann (North) and Bob (East), opponents, with two random robots; the code and tokens."""
    out = helpers.create(
        client, "contract", {2: "random", 3: "random"}, name="Ann", slot=0, seed=seed
    )
    bob = client.post(f"/api/tables/{out['code']}/join", json={"slot": 1, "name": "Bob"}).json()
    return out["code"], out["token"], bob["token"]


def _in_sync(seats: list[Any], until: Any, act: Any, limit: int = 600) -> None:
    """Both people act when it is their turn; every change reaches both seats."""
    for _ in range(limit):
        if until():
            return
        for s in seats:
            if s.my_turn():
                s.send("action", action=act(s))
        for s in seats:
            message = s.receive()
            assert message["type"] == "state", message
    raise AssertionError("gave up")


def _until(seat: Any, done: Any, limit: int = 200) -> dict[str, Any]:
    """Receive frames until one satisfies ``done``; returns it."""
    for _ in range(limit):
        message = seat.receive()
        if done(message):
            return dict(message)
    raise AssertionError(f"no such frame; last {seat.frames[-1]}")


def test_a_refused_claim_faces_the_hand_to_the_opponents_and_play_goes_on(
    db: Path, helpers: Any
) -> None:
    """Issue 14: refused claims were free, so claiming 13, 12, 11... against robots found the
    double-dummy result. Law 68B: the claimer faces his hand; refused, play goes on and his
    opponents see his cards from then on (their frames carry them; his partner's and a
    spectator's do not); one claim per trick; after a restart the hand is still faced."""
    with helpers.make_client(db) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        for seed in range(1, 30):
            code, ann_token, bob_token = _two_people(helpers, client, seed)
            with (
                helpers.connect(client, code, ann_token) as ws_a,
                helpers.connect(client, code, bob_token) as ws_b,
                helpers.connect(client, code) as ws_s,
            ):
                ann, bob, spectator = helpers.Seat(ws_a), helpers.Seat(ws_b), helpers.Seat(ws_s)
                for s in (ann, bob, spectator):
                    s.receive()
                _in_sync(
                    [ann, bob, spectator],
                    lambda a=ann: a.deal["phase"] != "auction",
                    lambda s, a=ann: "1NT" if not s.deal["calls"] and s is a else "P",
                )
                if ann.deal["phase"] != "play":
                    continue
                claimer, opponent = (bob, ann) if ann.deal["dummy_seat"] == "N" else (ann, bob)
                state = hub.rooms[code].table.state
                seat = state.seat_of(0 if claimer is ann else 1)
                if claim_limit(state, seat) >= state.tricks_left:
                    continue  # every trick is his: the claim would be right
                hand = claimer.deal["hand"]
                claimer.send("claim", tricks=state.tricks_left)
                asked = claimer.ids
                # the claim is answered (a robot judges; the person opponent may be asked)
                _until(claimer, lambda m, i=asked: m.get("id") == i)
                if claimer.state["request"] is not None:
                    _until(opponent, lambda m: m["type"] == "state" and m["request"] is not None)
                    opponent.send("answer", accept=False)
                    _until(claimer, lambda m: m["type"] == "state" and m["request"] is None)
                _until(opponent, lambda m: m["type"] == "state" and bool(m["deal"]["faced"]))
                assert opponent.state["request"] is None and opponent.deal["phase"] == "play"
                assert opponent.deal["faced"] == {claimer.deal["seat"]: hand}
                assert claimer.deal["faced"] == {}
                _until(spectator, lambda m: m["type"] == "state" and m["request"] is None)
                assert all(not f["deal"]["faced"] for f in spectator.frames if f.get("deal"))
                claimer.send("claim", tricks=0)  # he has not played to this trick yet
                error = _until(claimer, lambda m: m["type"] == "error")
                assert error["texts"]["en"].startswith("One claim per trick")
                claimed_seat = claimer.deal["seat"]
                opponent_token = bob_token if opponent is bob else ann_token
            break
        else:
            raise AssertionError("no seed gave a wrong claim to refuse")
    with helpers.make_client(db) as client, helpers.connect(client, code, opponent_token) as ws:
        again = helpers.Seat(ws)
        again.receive()
        assert again.deal["faced"] == {claimed_seat: hand}


def test_bad_input_gets_its_status_a_typed_error_and_no_internals(
    client: TestClient, helpers: Any, db: Path
) -> None:
    """Issue 14 item 6, each case: a binary frame (close 1003 with a reason), a 1 MB message
    (close 1009 with the size limit, nothing echoed), "8NT" and "claim 13" in the auction (not
    a call, with CB-5; a claim is made in the play), a turn error with its rule, ``"slot":
    true`` (422, not taken as slot 1), "no seat 7" (422, not 409), a PBN of no table (404
    without the database's path), a body over the limit (413); the table is as it was."""
    out = helpers.create(client, "contract", {1: "random", 2: "random", 3: "random"},
                         name="Ann", slot=0, seed=3)  # fmt: skip
    code, token = out["code"], out["token"]
    with helpers.connect(client, code, token) as ws:
        me = helpers.Seat(ws)
        me.wait(lambda s: s.my_turn())
        before = me.deal
        for text, key, rule in (
            ("8NT", "8NT is not a call", "CB-5"),
            ("claim 13", "You can claim only during the play.", None),
        ):
            me.send("action", action=text)
            error = me.receive()
            assert error["type"] == "error" and error["texts"]["en"].startswith(key), error
            assert error["rule"] == rule and "ru" in error["texts"]
        ws.send_text(json.dumps({"type": "action", "action": "x" * 1000, "id": 9}))
        error = me.receive()
        assert "at most 64 characters" in error["message"] and "xxxx" not in json.dumps(error)
    with helpers.connect(client, code, token) as ws:  # a turn error carries its rule
        me = helpers.Seat(ws)
        me.receive()
        assert me.deal["calls"] == before["calls"]
    ann = helpers.create(client, "contract", {2: "random", 3: "random"}, name="Ann", slot=0, seed=4)
    bob = client.post(f"/api/tables/{ann['code']}/join", json={"slot": 1, "name": "Bob"}).json()
    with helpers.connect(client, bob["code"], bob["token"]) as ws:
        me = helpers.Seat(ws)
        me.receive()
        me.send("action", action="1C")  # North deals and calls first
        error = me.receive()
        assert error["rule"] == "CB-5" and error["texts"]["en"].endswith("(CB-5)")
    with helpers.connect(client, code, token) as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_bytes(b"\x00\x01binary")
        error = ws.receive_json()
        assert error["type"] == "error" and error["texts"]["en"].startswith(
            "Messages are JSON text"
        )
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1003
    with helpers.connect(client, code, token) as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "action", "action": "x" * (1 << 20)}))
        error = ws.receive_json()
        assert (
            error["texts"]["en"] == "A message is at most 4096 bytes."
            and len(json.dumps(error)) < 1000
        )
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 1009
    slot_true = client.post(f"/api/tables/{code}/join", json={"slot": True, "name": "Eve"})
    assert slot_true.status_code == 422 and slot_true.json()["error"] == "server.bad_request"
    no_seat = client.post(f"/api/tables/{code}/join", json={"slot": 7, "name": "Eve"})
    assert no_seat.status_code == 422
    assert no_seat.json()["texts"]["en"] == "There is no seat 7 at a table of 4 players."
    pbn = client.get("/api/tables/nosuchtable/pbn")
    assert pbn.status_code == 404 and str(db) not in pbn.text and "sqlite" not in pbn.text
    assert pbn.json()["texts"]["ru"] == "Стола «nosuchtable» нет."
    big = client.post("/api/tables", content=b'{"name": "' + b"x" * 100000 + b'"}',
                      headers={"Content-Type": "application/json"})  # fmt: skip
    assert big.status_code == 413 and "xxxx" not in big.text
    bad_game = client.post("/api/tables", json={"game": "whist"})
    assert bad_game.status_code == 422 and "Traceback" not in bad_game.text
    with helpers.connect(client, code, token) as ws:  # the table is as it was
        me = helpers.Seat(ws)
        me.receive()
        assert me.deal["calls"] == before["calls"] and me.state["table"]["you"] == 0


def test_the_token_travels_in_the_first_message_never_the_url(db: Path, helpers: Any) -> None:
    """A connection that says who it is with its token acts for its seat; a token in the URL is
    refused (issue 38, item 23: it was taken as a spectator, and the access log printed it),
    so that no client sends it where logs keep it."""
    with helpers.make_client(db) as client:
        out = helpers.create(client, "contract", {1: "random"}, name="Ann", slot=0, seed=1)
        with client.websocket_connect(f"/ws/{out['code']}?token={out['token']}") as ws:
            refused = ws.receive_json()
            assert refused["type"] == "error" and "first message" in refused["texts"]["en"]
            assert ws.receive()["code"] == 1008
        with helpers.connect(client, out["code"], out["token"]) as ws:
            assert ws.receive_json()["table"]["you"] == 0
        with client.websocket_connect(f"/ws/{out['code']}") as ws:
            time.sleep(0.05)
            ws.send_json({"type": "hint", "id": 3})  # no hello: a spectator's request
            first = ws.receive_json()
            assert first["type"] == "state" and first["table"]["you"] is None
            assert ws.receive_json()["texts"]["en"].startswith("Spectators watch")
