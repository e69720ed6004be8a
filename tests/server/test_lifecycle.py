"""A table's life at the server (docs/server.md, "A table's life"): read from the store when
first needed, released from memory when unused, stopped while nobody watches, abandoned after a
set time, deleted by its host; every write names its token; a request that fails leaves nothing
(issue 20, items 1 and 5; issue 14, items 2 and 3)."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgeroom.server import create_app
from bridgeroom.server import hub as hub_module
from bridgeroom.server.limits import Limits, Rate
from bridgeroom.store import Store

ROBOTS = {1: "random", 2: "random", 3: "random"}


def wait_until(check: Callable[[], bool], seconds: float = 20.0) -> None:
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"not so after {seconds} s")
        time.sleep(0.02)


def stats(client: TestClient) -> dict[str, int]:
    return dict(client.get("/api/stats").json())


def test_an_unused_table_leaves_memory_and_is_read_back_when_needed(db: Path, helpers: Any) -> None:
    """Issue 20: the server's table count grew with every table ever played. A table nobody
    watches or uses leaves memory after ``release_after`` seconds; opened again, it is read from
    the store exactly as it stood, and the same token acts for the same seat."""
    with helpers.make_client(db, release_after=0.2) as client:
        out = helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=9)
        code, token = out["code"], out["token"]
        with helpers.connect(client, code, token) as ws:
            me = helpers.Seat(ws)
            me.wait(
                lambda s: (s.my_turn() and len(s.deal["tricks"]) >= 1) or helpers.deal_over(s),
                lambda s: helpers.first_legal(s) if len(s.deal["tricks"]) < 1 else None,
            )
            before = me.deal
            assert stats(client)["tables"] == 1
        wait_until(lambda: stats(client)["tables"] == 0)
        assert stats(client)["releases"] == 1
        with helpers.connect(client, code, token) as ws:
            me = helpers.Seat(ws)
            me.receive()
            assert me.state["table"]["you"] == 0
            for key in ("hand", "calls", "contract", "tricks", "trick", "number"):
                assert me.deal[key] == before[key], key
            assert stats(client)["loads"] == 1 and stats(client)["tables"] == 1


def test_a_finished_table_leaves_memory_and_can_still_be_viewed(db: Path, helpers: Any) -> None:
    """A Chicago round of four deals ends; once its player leaves it, the finished table leaves
    memory and is read back to be viewed (its seats, its four deals as PBN)."""
    with helpers.make_client(db, release_after=0.2) as client:
        out = helpers.create(
            client, "contract", ROBOTS, name="Ann", slot=0, seed=4, scoring="chicago"
        )
        code = out["code"]
        with helpers.connect(client, code, out["token"]) as ws:
            me = helpers.Seat(ws)
            for number in range(1, 5):
                me.wait(lambda s, n=number: s.deal["number"] == n and helpers.deal_over(s),
                        helpers.first_legal, limit=4000)  # fmt: skip
                if number < 4:
                    me.send("next")
            assert me.state["table"]["over"]
        wait_until(lambda: stats(client)["tables"] == 0)
        table = client.get(f"/api/tables/{code}").json()
        assert table["over"] and table["status"] == "finished" and table["deal"] == 4
        assert client.get(f"/api/tables/{code}/pbn").text.count("[Board ") == 4
        assert code not in {t["code"] for t in client.get("/api/tables").json()}


def test_the_port_opens_at_once_and_a_table_is_read_when_first_needed(
    db: Path, helpers: Any
) -> None:
    """Issue 20: a restart replayed every active table before the port opened. Now nothing is
    read at start: the lobby lists the stored tables, and a table is read (its log replayed)
    when someone first opens it."""
    with helpers.make_client(db) as client:
        codes = [
            helpers.create(client, "contract", {1: "random"}, name=f"P{i}", slot=0, seed=i)["code"]
            for i in range(3)
        ]
    with helpers.make_client(db) as client:
        assert stats(client)["tables"] == 0
        listed = {t["code"]: t for t in client.get("/api/tables").json()}
        assert set(codes) <= set(listed)
        assert [s["kind"] for s in listed[codes[0]]["slots"]] == ["person", "robot", "open", "open"]
        assert stats(client)["tables"] == 0
        with helpers.connect(client, codes[1]) as ws:
            watcher = helpers.Seat(ws)
            watcher.receive()
            assert watcher.state["table"]["code"] == codes[1]
            assert stats(client)["tables"] == 1 and stats(client)["loads"] == 1


def test_a_table_nobody_watches_stops_and_goes_on_when_watched(db: Path, helpers: Any) -> None:
    """Issue 14: all-robot tables dealt on forever with nobody there. The robots act only while
    someone watches the table; when the last one leaves they stop."""
    with helpers.make_client(db) as client:
        code = helpers.create(client, "minibridge", {p: "random" for p in range(4)}, seed=3)["code"]
        time.sleep(0.5)
        assert stats(client)["actions"] == 0
        with helpers.connect(client, code) as ws:
            watcher = helpers.Seat(ws)
            watcher.wait(lambda s: s.deal is not None and s.deal["number"] >= 2)
        wait_until(lambda: stats(client)["watched"] == 0)
        time.sleep(0.2)  # the robot's turn under way, if any, ends
        before = stats(client)["actions"]
        time.sleep(0.5)
        assert stats(client)["actions"] == before > 0


def _bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_every_write_names_its_token(db: Path, helpers: Any) -> None:
    """Issue 14: an anonymous request filled a host's open seats with robots. Filling seats
    needs the token of a player seated at the table or of its host, sent in the Authorization
    header (never in the URL); a table created without a seat is its host's by the host token
    the creation returns."""
    with helpers.make_client(db) as client:
        out = helpers.create(client, "contract", {1: "random"}, name="Ann", slot=0, seed=1)
        code = out["code"]
        assert out["host_token"] == out["token"]
        for headers in ({}, {"Authorization": "Basic abc"}):
            refused = client.post(f"/api/tables/{code}/robots", json={}, headers=headers)
            assert refused.status_code == 401, refused.text
            assert refused.json()["texts"]["ru"].startswith("Для этого нужен жетон")
        # a token, but not this table's: forbidden (issue 38, item 8)
        refused = client.post(f"/api/tables/{code}/robots", json={}, headers=_bearer("forged"))
        assert refused.status_code == 403, refused.text
        assert refused.json()["texts"]["ru"].startswith("Этот жетон не действует")
        kinds = [s["kind"] for s in client.get(f"/api/tables/{code}").json()["slots"]]
        assert kinds == ["person", "robot", "open", "open"]
        filled = client.post(
            f"/api/tables/{code}/robots", json={"level": "basic"}, headers=_bearer(out["token"])
        )
        assert filled.status_code == 200 and all(
            s["kind"] != "open" for s in filled.json()["slots"]
        )
        # a table of robots alone: its creator holds the host token
        robots = helpers.create(client, "contract", {0: "random", 2: "random"}, seed=2)
        assert "token" not in robots and len(robots["host_token"]) >= 32
        ok = client.post(
            f"/api/tables/{robots['code']}/robots", json={}, headers=_bearer(robots["host_token"])
        )
        assert ok.status_code == 200


def test_the_host_deletes_his_table_and_no_one_else(db: Path, helpers: Any) -> None:
    with helpers.make_client(db) as client:
        out = helpers.create(client, "contract", {1: "random", 3: "random"}, name="Ann", slot=0)
        code = out["code"]
        bob = client.post(f"/api/tables/{code}/join", json={"slot": 2, "name": "Bob"}).json()
        with helpers.connect(client, code, bob["token"]) as ws:
            seat = helpers.Seat(ws)
            seat.receive()
            refused = client.delete(f"/api/tables/{code}", headers=_bearer(bob["token"]))
            assert refused.status_code == 403
            assert client.delete(f"/api/tables/{code}").status_code == 401
            done = client.delete(f"/api/tables/{code}", headers=_bearer(out["host_token"]))
            assert done.status_code == 200
            told = seat.receive()
            assert told["type"] == "error" and told["texts"]["en"] == "The host deleted this table."
        assert client.get(f"/api/tables/{code}").status_code == 404
        assert Store(str(db)).list_matches() == []


def test_limits_per_address_and_per_seat(db: Path, helpers: Any) -> None:
    """Issue 14: anyone could create any number of tables and ask for unlimited hints and
    claims. Past its limit a request is refused with a clear error in the player's language
    (HTTP 429 with Retry-After), and changes nothing."""
    limits = Limits(
        create=Rate(2, 600.0),
        hint_seat=Rate(1, 60.0),
        claim_seat=Rate(1, 60.0),
    )
    with helpers.make_client(db, limits=limits) as client:
        first = helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=5)
        helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=6)
        refused = client.post("/api/tables", json={"game": "contract", "name": "Ann"})
        assert refused.status_code == 429 and int(refused.headers["Retry-After"]) > 0
        assert refused.json()["texts"]["en"].startswith("Too many new tables from your address")
        assert refused.json()["texts"]["ru"].startswith("Слишком много новых столов")
        assert len(Store(str(db)).list_matches()) == 2
        with helpers.connect(client, first["code"], first["token"]) as ws:
            me = helpers.Seat(ws)
            me.wait(lambda s: s.my_turn())
            me.send("hint")
            assert me.receive()["type"] == "hint"
            me.send("hint")
            error = me.receive()
            assert error["type"] == "error" and error["texts"]["en"].startswith("Too many hints")
            me.send("claim", tricks=1)  # in the auction: refused by the table, yet counted
            assert me.receive()["texts"]["en"] == "You can claim only during the play."
            me.send("claim", tricks=1)
            error = me.receive()
            assert error["texts"]["en"].startswith("Too many claims")
            assert error["texts"]["ru"].startswith("Слишком много претензий")


def test_hint_and_claim_limits_per_address_count_every_table_together(
    db: Path, helpers: Any
) -> None:
    """Issue 14: the limits are per seat and per address. Two seats of one address at two
    tables share the address's hints and claims; a request the address's limit refuses costs
    the seat nothing (its own bucket is whole when the address's is regained)."""
    limits = Limits(
        hint_seat=Rate(5, 60.0),
        hint_address=Rate(2, 60.0),
        claim_seat=Rate(5, 60.0),
        claim_address=Rate(1, 60.0),
    )
    with helpers.make_client(db, limits=limits) as client:
        first = helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=5)
        second = helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=6)
        with (
            helpers.connect(client, first["code"], first["token"]) as ws_one,
            helpers.connect(client, second["code"], second["token"]) as ws_two,
        ):
            one, two = helpers.Seat(ws_one), helpers.Seat(ws_two)
            one.wait(lambda s: s.my_turn())
            two.wait(lambda s: s.my_turn())
            for seat in (one, two):
                seat.send("hint")
                assert seat.receive()["type"] == "hint"
            two.send("hint")  # the seat may, the address may not
            error = two.receive()
            assert error["type"] == "error" and error["texts"]["en"].startswith("Too many hints")
            assert error["texts"]["ru"].startswith("Слишком много подсказок")
            one.send("claim", tricks=1)  # in the auction: refused by the table, yet counted
            assert one.receive()["texts"]["en"] == "You can claim only during the play."
            two.send("claim", tricks=1)
            error = two.receive()
            assert error["texts"]["en"].startswith("Too many claims")
        hub = client.app.state.hub  # type: ignore[attr-defined]
        buckets = hub.limiter._buckets
        # the refused hint and claim took nothing from the second seat's own buckets
        assert buckets[("hint", (second["code"], 0))][0] == 4.0
        assert ("claim", (second["code"], 0)) not in buckets


def test_a_table_unchanged_for_long_is_abandoned_shown_not_played(db: Path, helpers: Any) -> None:
    # the periodic sweep waits an hour, so only the sweep this test calls abandons the table
    with helpers.make_client(db, abandon_after=0.3, sweep_every=3600.0) as client:
        out = helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=7)
        code = out["code"]
        time.sleep(0.5)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert client.portal.call(hub.sweep) == 1  # type: ignore[union-attr]
        assert code not in {t["code"] for t in client.get("/api/tables").json()}
        assert client.get(f"/api/tables/{code}").json()["status"] == "abandoned"
        with helpers.connect(client, code, out["token"]) as ws:
            me = helpers.Seat(ws)
            me.receive()
            me.send("action", action=helpers.first_legal(me))
            error = me.receive()
            assert error["type"] == "error" and error["texts"]["en"].startswith(
                "Nobody played at this table for a long time"
            )
        assert Store(str(db)).list_matches()[0].status == "abandoned"


def test_a_rejected_create_leaves_nothing_even_after_a_restart(db: Path, helpers: Any) -> None:
    """Issue 14: a create refused with "seat 0 is taken by Robot" left a table that, after a
    restart, dealt on its own with nobody there. Everything is checked first and the table, its
    seats and tokens are stored in one transaction: a refused create stores nothing."""
    with helpers.make_client(db) as client:
        body = {"game": "contract", "robots": {str(p): "random" for p in range(4)}, "name": "Z"}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 409 and "Seat 0 is taken by Robot" in refused.text
        bad_level = client.post(
            "/api/tables", json={"game": "contract", "robots": {"1": "genius"}, "name": "Z"}
        )
        assert bad_level.status_code == 422
        assert Store(str(db)).list_matches() == []
    with helpers.make_client(db) as client:
        assert client.get("/api/tables").json() == []
        time.sleep(0.3)
        assert stats(client)["actions"] == 0 and stats(client)["tables"] == 0


def test_a_sweep_abandons_every_table_left_however_many(
    db: Path, helpers: Any, monkeypatch: Any
) -> None:
    """Issue 20: the tables left in a store stayed active for ever. One sweep closes all of
    them, in batches (here of 2), and leaves a table someone has open."""
    monkeypatch.setattr(hub_module, "SWEEP_BATCH", 2)
    with helpers.make_client(db, abandon_after=0.3, sweep_every=3600.0) as client:
        made = [
            helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=i) for i in range(6)
        ]
        time.sleep(0.5)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        with helpers.connect(client, made[0]["code"], made[0]["token"]) as ws:
            helpers.Seat(ws).receive()
            assert client.portal.call(hub.sweep) == 5  # type: ignore[union-attr]
            listed = [t["code"] for t in client.get("/api/tables").json()]
            assert listed == [made[0]["code"]]
        statuses = sorted(m.status for m in Store(str(db)).list_matches())
        assert statuses == ["abandoned"] * 5 + ["active"]


@pytest.mark.parametrize("every", [0.0, -1.0, float("nan")])
def test_a_sweep_that_would_never_rest_is_refused(db: Path, every: float) -> None:
    with pytest.raises(ValueError, match="every few seconds"):
        create_app(str(db), sweep_every=every)


def test_the_server_sweeps_abandoned_tables_on_its_own(db: Path, helpers: Any) -> None:
    """Nobody calls the sweep here: the server's own periodic sweep abandons the table."""
    with helpers.make_client(db, abandon_after=0.3, sweep_every=0.2) as client:
        code = helpers.create(client, "contract", ROBOTS, name="Ann", slot=0, seed=3)["code"]
        deadline = time.monotonic() + 20.0
        while client.get(f"/api/tables/{code}").json()["status"] != "abandoned":
            assert time.monotonic() < deadline, "the periodic sweep never abandoned the table"
            time.sleep(0.1)
        assert code not in {t["code"] for t in client.get("/api/tables").json()}
    assert [m.status for m in Store(str(db)).list_matches()] == ["abandoned"]
