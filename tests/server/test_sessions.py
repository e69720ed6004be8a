"""Sessions at the server (issue 17): the API, robots alone, the director's rights, a restart,
and the results' visibility."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient


def wait_for(client: TestClient, code: str, status: str, seconds: float = 60.0) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        session = client.get(f"/api/sessions/{code}").json()
        if session["status"] == status:
            return session
        time.sleep(0.05)
    raise AssertionError(f"session {code} is {session['status']}, not {status}")


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def test_a_session_of_robots_alone_is_played_and_ranked(tmp_path: Path, helpers: Any) -> None:
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        made = client.post(
            "/api/sessions",
            json={"game": "minibridge", "tables": 2, "boards": 3, "scoring": "matchpoints",
                  "robots": "basic", "seed": 7},
        )  # fmt: skip
        assert made.status_code == 200, made.text
        code, director = made.json()["code"], made.json()["director_token"]
        assert client.post(f"/api/sessions/{code}/start").status_code == 401
        assert client.post(f"/api/sessions/{code}/start", headers=auth("x" * 20)).status_code == 403
        started = client.post(f"/api/sessions/{code}/start", headers=auth(director))
        assert started.status_code == 200, started.text
        wait_for(client, code, "finished")
        results = client.get(f"/api/sessions/{code}/results").json()
        assert [b["board"] for b in results["boards"]] == [1, 2, 3]
        for board in results["boards"]:
            assert [r["table"] for r in board["results"]] == [1, 2]
            assert all(r["ns_mp"] + r["ew_mp"] == 2 for r in board["results"])
        assert {d: len(rows) for d, rows in results["ranking"].items()} == {"NS": 2, "EW": 2}
        pbn = client.get(f"/api/sessions/{code}/pbn").text
        assert pbn.count("[ScoreTable ") == 3 and pbn.count("[TotalScoreTable ") == 1
        csv = client.get(f"/api/sessions/{code}/ranking.csv").text
        assert csv.splitlines()[0].startswith("direction,rank,pair")


def create_session(client: TestClient, **body: Any) -> tuple[str, str]:
    made = client.post("/api/sessions", json=body)
    assert made.status_code == 200, made.text
    return made.json()["code"], made.json()["director_token"]


def join(client: TestClient, code: str, table: int, seat: str, name: str) -> str:
    r = client.post(f"/api/sessions/{code}/join", json={"table": table, "seat": seat, "name": name})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


def table_code(client: TestClient, code: str, table: int) -> str:
    return str(client.get(f"/api/sessions/{code}").json()["tables"][table - 1]["code"])


def test_a_mitchell_of_three_tables_with_robots_moves_the_east_west_pairs(
    tmp_path: Path, helpers: Any
) -> None:
    """Issue 17: a Mitchell pairs session of three tables with robots: 6 boards in 3 rounds,
    East-West pairs moving up a table each round; each board's traveller has the three tables
    with the pairs the movement seats there, and each direction is ranked."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="contract", tables=3, boards=6, movement="mitchell", scoring="imps",
            robots="basic", seed=11,
        )  # fmt: skip
        started = client.post(f"/api/sessions/{code}/start", headers=auth(director)).json()
        assert [r["boards"] for r in started["movement"]["rounds"]] == [[1, 2], [3, 4], [5, 6]]
        wait_for(client, code, "finished", 120)
        results = client.get(f"/api/sessions/{code}/results").json()
        pairs = {(b["board"], r["table"]): r["ew"] for b in results["boards"] for r in b["results"]}
        assert [pairs[1, t] for t in (1, 2, 3)] == ["1EW", "2EW", "3EW"]
        assert [pairs[3, t] for t in (1, 2, 3)] == ["3EW", "1EW", "2EW"]
        assert [pairs[5, t] for t in (1, 2, 3)] == ["2EW", "3EW", "1EW"]
        for b in results["boards"]:
            assert sum(r["ns_imps"] for r in b["results"]) == pytest.approx(0, abs=0.05)
        ranking = results["ranking"]
        assert sorted(s["pair"] for s in ranking["NS"]) == ["1NS", "2NS", "3NS"]
        assert all(s["boards"] == 6 for s in ranking["NS"] + ranking["EW"])
        assert [s["imps"] for s in ranking["NS"]] == sorted(
            (s["imps"] for s in ranking["NS"]), reverse=True
        )


def visible_cards(deal: dict[str, Any], pbn: str, seat: str, helpers: Any) -> set[str]:
    """The cards a seat may see in a frame of a deal in progress: its hand, the dummy once it
    is faced, and the cards played (CB-9)."""
    from bridgeroom.rules import Deal, Seat

    hands = Deal.parse(pbn)
    allowed = {str(c) for c in hands[Seat.find(seat)]}
    if deal.get("dummy"):
        allowed |= {str(c) for c in hands[Seat.find(deal["dummy_seat"])]}
    for key in ("tricks", "trick", "last_trick"):
        allowed |= helpers.cards_in(deal.get(key))
    return allowed


def test_no_hand_reaches_anyone_who_still_has_to_play_the_board(
    tmp_path: Path, helpers: Any
) -> None:
    """Issue 17, safety: Ann (table 1) plays both boards while Bob (table 2) has not begun.
    Nothing Bob, an onlooker or Bob's results can reach shows a card of a board he has still
    to play: every frame to him holds only his hand, the faced dummy and the cards played of
    his own board; the other table refuses spectators and its own exports; the traveller and
    the hands of a board are shown to a person once his pair has played it."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="minibridge", tables=2, boards=2, robots="basic", seed=5
        )
        ann = join(client, code, 1, "N", "Ann")
        bob = join(client, code, 2, "N", "Bob")
        client.post(f"/api/sessions/{code}/start", headers=auth(director))
        one, two = table_code(client, code, 1), table_code(client, code, 2)
        with (
            helpers.connect(client, one, ann) as ws_ann,
            helpers.connect(client, two, bob) as ws_bob,
        ):
            a, b = helpers.Seat(ws_ann), helpers.Seat(ws_bob)
            a.receive()
            b.receive()
            for number in (1, 2):
                a.wait(
                    lambda s, n=number: helpers.deal_over(s) and s.deal["number"] == n,
                    helpers.first_legal,
                )
                if number == 1:
                    a.send("next")
            # table 1 is done with both boards; Bob has not acted on board 1
            assert b.deal is not None and b.deal["board"] == 1 and b.deal["phase"] != "done"
            for token, boards in ((bob, []), (None, []), (ann, [1, 2]), (director, [1, 2])):
                headers = auth(token) if token else {}
                seen = client.get(f"/api/sessions/{code}/results", headers=headers).json()
                assert [x["board"] for x in seen["boards"]] == boards
                if not boards:
                    assert helpers.cards_in(seen) == set()
                    pbn = client.get(f"/api/sessions/{code}/pbn", headers=headers).text
                    assert pbn == ""
            for path in (f"/api/tables/{one}/pbn", f"/api/tables/{one}/deals/1/review"):
                refused = client.get(path)
                assert refused.status_code in (404, 409)
                assert "belongs to a session" in refused.json()["detail"]
            for path in (f"/api/tables/{one}", f"/api/sessions/{code}"):
                assert helpers.cards_in(client.get(path).json()) == set()
            with client.websocket_connect(f"/ws/{one}") as spectator:
                spectator.send_json({"type": "hello", "token": None})
                refused = spectator.receive_json()
                assert refused["type"] == "error" and "spectators" in refused["texts"]["en"]
            # Bob plays his two boards now
            for number in (1, 2):
                b.wait(
                    lambda s, n=number: helpers.deal_over(s) and s.deal["number"] == n,
                    helpers.first_legal,
                )
                if number == 1:
                    b.send("next")
        assert wait_for(client, code, "finished")["status"] == "finished"
        deals = {
            x["board"]: x["deal"]
            for x in client.get(f"/api/sessions/{code}/results", headers=auth(director)).json()[
                "boards"
            ]
        }
        for frames in (a.frames, b.frames):
            checked = 0
            for frame in frames:
                deal = frame.get("deal") if frame["type"] == "state" else None
                if not deal or deal["phase"] == "done":
                    continue
                allowed = visible_cards(deal, deals[deal["board"]], "N", helpers)
                assert helpers.cards_in(frame) <= allowed, (
                    deal["board"],
                    helpers.cards_in(frame) - allowed,
                )
                checked += 1
            assert checked > 20
