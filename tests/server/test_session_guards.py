"""Sessions that broke (issue 38, items 1, 2, 3, 8 and 23): a deleted table took its session
with it, one person sat at two tables, refused joins used up a school's budget, a few
answers were wrong or silent, and a token in a websocket's address reached the log."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bridgeroom.server.limits import Limits, Rate

from .test_sessions import create_session, join, table_code


def _exports(client: TestClient, code: str, token: str) -> dict[str, Any]:
    """Everything a session's director can read of it."""
    auth = {"Authorization": f"Bearer {token}"}
    base = f"/api/sessions/{code}"
    answers = {
        "results": client.get(f"{base}/results", headers=auth),
        "pbn": client.get(f"{base}/pbn", headers=auth),
        "csv": client.get(f"{base}/ranking.csv", headers=auth),
        "records": client.get(f"{base}/handrecord", headers=auth),
    }
    for name, answer in answers.items():
        assert answer.status_code == 200, (name, answer.text)
    summary = client.get(base, headers=auth).json()
    return {
        "results": answers["results"].json(),
        "pbn": answers["pbn"].text,
        "csv": answers["csv"].text,
        "records": [r["board"] for r in answers["records"].json()],
        "tables": [t["code"] for t in summary["tables"]],
        "played": [t["boards_played"] for t in summary["tables"]],
        "status": summary["status"],
    }


def test_a_sessions_table_is_not_deleted_and_nothing_played_is_lost(
    tmp_path: Path, helpers: Any
) -> None:
    """Item 1: ``DELETE /api/tables/{code}`` with the director's token on a table of a running
    session answered 200 and the session was gone for good (404, also after a restart). It is
    refused (409, saying the director ends the session); the session, its results, hand
    records, PBN and ranking are whole after the attempt and after a restart."""
    db = tmp_path / "s.sqlite3"
    with helpers.make_client(db) as client:
        code, director = create_session(
            client, tables=2, boards=2, movement="mitchell", robots="basic", seed=3
        )
        join(client, code, 1, "N", "Ann")  # table 1 waits for Ann: the session runs on
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        deadline = time.monotonic() + 60
        while not client.get(f"/api/sessions/{code}").json()["tables"][1]["waiting"]:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        before = _exports(client, code, director)
        assert before["pbn"].count("[Board ") == 1 and before["records"] == [1]
        for t in (1, 2):
            refused = client.delete(
                f"/api/tables/{table_code(client, code, t)}", headers=helpers.auth(director)
            )
            assert refused.status_code == 409, refused.text
            assert "the director ends the session" in refused.json()["texts"]["en"]
            assert "судья завершает турнир" in refused.json()["texts"]["ru"]
        assert _exports(client, code, director) == before
    with helpers.make_client(db) as client:
        after = _exports(client, code, director)
        assert after == before and after["status"] == "playing"


def test_one_seat_a_person_a_session(tmp_path: Path, helpers: Any) -> None:
    """Item 2: two joins from the same client, table 1 and table 2, both took a seat. A join
    with the token of a person already seated is refused, naming his seat; so is a name a
    seated person has (case aside); the director seats whom he likes."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(client, tables=2, boards=2, seed=1)
        ann = join(client, code, 1, "N", "Ann")
        path = f"/api/sessions/{code}/join"
        again = client.post(
            path, json={"table": 2, "seat": "N", "name": "Ann B"}, headers=helpers.auth(ann)
        )
        assert again.status_code == 409, again.text
        assert again.json()["texts"]["en"].startswith(
            "You already have a seat in this session (table 1, N)"
        )
        same = client.post(path, json={"table": 2, "seat": "N", "name": "  ANN "})
        assert same.status_code == 409, same.text
        assert "add an initial" in same.json()["texts"]["en"]
        assert "добавьте инициал" in same.json()["texts"]["ru"]
        people = client.get(f"/api/sessions/{code}").json()["people"]
        assert [p["name"] for p in people] == ["Ann"]
        seated = client.post(
            f"/api/sessions/{code}/seat",
            json={"table": 2, "seat": "N", "name": "Ann"},
            headers=helpers.auth(director),
        )
        assert seated.status_code == 200, seated.text
        assert join(client, code, 2, "S", "Bob")
        people = client.get(f"/api/sessions/{code}").json()["people"]
        assert [(p["name"], p["pair"]) for p in people] == [
            ("Ann", "1NS"),
            ("Ann", "2NS"),
            ("Bob", "2NS"),
        ]


def test_refused_joins_cost_nothing_and_a_class_behind_one_address_fits(
    tmp_path: Path, helpers: Any
) -> None:
    """Item 3: 1,000 joins to tables that do not exist used up the address's budget and a real
    join then waited. With the address's budget at 2 seats, 1,000 refused joins from it answer
    422 (never 429), and a class of eight behind that one address takes the eight seats of a
    session of two tables; at an ordinary table too, a refused join is not counted."""
    tight = Limits(join=Rate(2, 600.0), create=Rate(100, 1.0))
    with helpers.make_client(tmp_path / "s.sqlite3", limits=tight) as client:
        code, _ = create_session(client, tables=2, boards=2, seed=1)
        path = f"/api/sessions/{code}/join"
        statuses = {
            client.post(path, json={"table": 9, "seat": "N", "name": f"P{i}"}).status_code
            for i in range(1000)
        }
        assert statuses == {422}
        for i, (t, seat) in enumerate((t, s) for t in (1, 2) for s in "NESW"):
            join(client, code, t, seat, f"Pupil {i}")
        full = client.post(path, json={"table": 1, "seat": "N", "name": "Late"})
        assert full.status_code == 409, full.text  # the seat is taken: not a limit
        table = helpers.create(client, "contract", {1: "random"}, name="Ann", slot=0, seed=1)
        for _ in range(50):  # Ann's seat is taken: refused, and not counted
            taken = client.post(f"/api/tables/{table['code']}/join", json={"slot": 0, "name": "X"})
            assert taken.status_code == 409
        for slot in (2, 3):
            took = client.post(
                f"/api/tables/{table['code']}/join", json={"slot": slot, "name": "B"}
            )
            assert took.status_code == 200, took.text
        other = helpers.create(client, "contract", {1: "random"}, seed=2)
        over = client.post(f"/api/tables/{other['code']}/join", json={"slot": 0, "name": "C"})
        assert over.status_code == 429  # the third seat taken from the address: the limit


def test_the_answers_a_session_gave_wrongly(tmp_path: Path, helpers: Any) -> None:
    """Item 8: ``tables: -1`` said "1 to 64 tables" (the most is 32); another director's valid
    token got 401 at a session's table (it is a token, not this table's: 403); a name was cut
    to 40 characters without a word, and a name of zero-width spaces was taken."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        for tables in (-1, 0, 33):
            r = client.post("/api/sessions", json={"tables": tables})
            assert r.status_code == 422
            assert f"a session has 1 to 32 tables, not {tables}" in r.json()["detail"]
        code, director = create_session(client, tables=2, boards=2, seed=1)
        _, other = create_session(client, tables=2, boards=2, seed=2)
        path = f"/api/sessions/{code}/join"
        long = client.post(path, json={"table": 1, "seat": "N", "name": "A" * 41})
        assert long.status_code == 422
        assert long.json()["texts"]["en"] == "A name is at most 40 characters; this one has 41."
        assert long.json()["texts"]["ru"] == "Имя — не длиннее 40 знаков; в этом 41 знак."
        for invisible in ("\u200b\u200b\u200b", "\u200b \u2060\ufeff"):
            r = client.post(path, json={"table": 1, "seat": "N", "name": invisible})
            assert r.status_code == 422 and r.json()["error"] == "table.name_needed"
        r = client.post(path, json={"table": 1, "seat": "N", "name": "B" * 40 + "\u200b"})
        assert r.status_code == 200 and r.json()["name"] == "B" * 40
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        one = table_code(client, code, 1)
        for refused in (
            client.delete(f"/api/tables/{one}", headers=helpers.auth(other)),
            client.post(f"/api/tables/{one}/robots", json={}, headers=helpers.auth(other)),
        ):
            assert refused.status_code == 403, refused.text
            assert refused.json()["error"] == "server.wrong_token"
        assert client.delete(f"/api/tables/{one}").status_code == 401


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_token_in_an_address_is_refused_and_never_logged(tmp_path: Path) -> None:
    """Item 23: a client opening ``/ws/CODE?token=...`` was accepted and uvicorn's access log
    printed the token. Against a real server logging every request: the websocket is refused
    with a message saying where the token goes (1008), and neither that address nor an HTTP
    request with secrets in its query leaves them in the log (the page's language stays)."""
    from websockets.exceptions import ConnectionClosed
    from websockets.sync.client import connect

    port = _free_port()
    url = f"127.0.0.1:{port}"
    log = tmp_path / "server.log"
    command = [
        sys.executable, "-m", "bridgeroom", "serve", "--host", "127.0.0.1", "--port", str(port),
        "--database", str(tmp_path / "log.sqlite3"), "--log-level", "debug",
    ]  # fmt: skip
    secret = "Zq7" + "x" * 40
    with open(log, "wb") as out:
        server = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://{url}/api/games", timeout=1).close()
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, log.read_text()
                time.sleep(0.1)
        request = urllib.request.Request(
            f"http://{url}/api/tables",
            data=b'{"game": "contract", "robots": {"1": "random"}}',
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            import json

            code = json.loads(answer.read())["code"]
        with connect(f"ws://{url}/ws/{code}?token={secret}&lang=ru") as ws:
            told = json.loads(ws.recv(timeout=10))
            try:
                ws.recv(timeout=10)
                raise AssertionError("the connection stayed open")
            except ConnectionClosed as closed:
                assert closed.rcvd is not None and closed.rcvd.code == 1008
        assert told["type"] == "error" and "first message" in told["texts"]["en"]
        urllib.request.urlopen(
            f"http://{url}/api/tables/{code}?password={secret}&lang=ru", timeout=10
        ).close()
        time.sleep(0.5)
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = log.read_text()
    assert f"/ws/{code}?token=…&lang=ru" in text, text[-3000:]
    assert f"/api/tables/{code}?password=…&lang=ru" in text, text[-3000:]
    assert secret not in text


def test_a_moved_pair_is_told_its_next_table_and_sits_there(tmp_path: Path, helpers: Any) -> None:
    """Item 5: a Mitchell change read as a failure. Bea (East-West at table 2) plays board 1;
    when the round ends her connection gets a ``moved`` message naming her next table and seat
    in both languages (no error), and her token sits her there."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(client, tables=2, boards=2, movement="mitchell", seed=4)
        bea = join(client, code, 2, "E", "Bea")
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        with helpers.connect(client, table_code(client, code, 2), bea) as ws:
            b = helpers.Seat(ws)
            b.receive()
            while True:
                if b.my_turn():
                    b.send("action", action=helpers.first_legal(b))
                msg = b.receive()
                if msg["type"] == "moved":
                    break
                assert msg["type"] != "error", msg
        assert msg["session"] == code and (msg["table"], msg["seat"]) == (1, "E")
        assert msg["texts"]["en"] == "Round 2: your pair moves on to table 1, seat East."
        assert msg["texts"]["ru"] == "Тур 2: ваша пара переходит за стол 1, место Восток."
        you = client.get(f"/api/sessions/{code}", headers=helpers.auth(bea)).json()["you"]
        assert (you["table"], you["seat"]) == (1, "E")
        with helpers.connect(client, you["code"], bea) as ws:
            b = helpers.Seat(ws)
            first = b.receive()
            assert first["type"] == "state" and first["table"]["you"] == 1, first
            assert first["session"] == {"code": code, "paused": False, "ended": False}
            b.wait(lambda s: helpers.deal_over(s) and s.deal["board"] == 2, helpers.first_legal)
            assert b.state is not None and b.state["table"]["over"]
