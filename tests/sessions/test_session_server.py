"""Sessions at the server (issue 17): the API, robots alone, the director's rights, a restart,
and the results' visibility."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from tests.server.conftest import make_client


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


def test_a_session_of_robots_alone_is_played_and_ranked(tmp_path: Path) -> None:
    with make_client(tmp_path / "s.sqlite3") as client:
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
