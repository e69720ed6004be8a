"""Each side's bidding system at a server table (docs/server.md, docs/bidding.md "Systems"):
chosen when the table is created, kept in the store, told to every viewer; the opponents'
alerts and meanings from their card; a convention card page per system."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient


def test_the_games_list_the_systems(client: TestClient) -> None:
    games = client.get("/api/games").json()
    assert [s["name"] for s in games["systems"]] == ["acol", "standard"]
    assert games["systems"][0]["titles"]["ru"].startswith("Акол")
    partnership = {g["name"]: g["partnership"] for g in games["games"]}
    assert partnership == {
        "contract": True,
        "auction": True,
        "three-handed": False,
        "minibridge": False,
    }


def test_a_table_with_two_systems_tells_each_side_the_others_card(db: Path, helpers: Any) -> None:
    with helpers.make_client(db) as client:
        out = helpers.create(
            client,
            "contract",
            {1: "basic", 2: "basic", 3: "basic"},
            name="Ann",
            slot=0,
            seed=5,
            systems=["acol", "standard"],
        )
        assert out["table"]["systems"] == ["acol", "standard"]
        with helpers.connect(client, out["code"], out["token"]) as ws:
            me = helpers.Seat(ws)
            me.wait(
                lambda s: s.deal is not None and s.deal["phase"] != "auction",
                act=lambda s: "P" if s.deal is not None and s.deal["phase"] == "auction" else None,
            )
            assert me.state is not None and me.state["table"]["systems"] == ["acol", "standard"]
            deal = me.deal
            assert deal is not None
            assert len(deal["alerts"]) == len(deal["calls"]) == len(deal["meanings"])
            for (seat, _), meaning, alert in zip(
                deal["calls"], deal["meanings"], deal["alerts"], strict=True
            ):
                if seat in ("N", "S"):  # Ann's own side: not explained to her
                    assert meaning is None and not alert
                else:
                    assert meaning is not None
        # the table read back from the store keeps its systems
        assert client.get(f"/api/tables/{out['code']}").json()["systems"] == ["acol", "standard"]


def test_an_unknown_system_is_refused_and_nothing_is_made(client: TestClient) -> None:
    before = client.get("/api/tables").json()
    r = client.post("/api/tables", json={"game": "contract", "systems": ["acol", "precision"]})
    assert r.status_code == 422
    assert "precision" in r.text
    # a path on the server's disk is never read for a request
    r = client.post("/api/tables", json={"game": "contract", "systems": ["/etc/passwd", "acol"]})
    assert r.status_code == 422
    r = client.post("/api/tables", json={"game": "contract", "systems": ["acol"]})
    assert r.status_code == 422
    assert client.get("/api/tables").json() == before


def test_the_convention_card_page(client: TestClient) -> None:
    page = client.get("/system/acol?lang=ru")
    assert page.status_code == 200 and 'lang="ru"' in page.text
    assert "<h1>Конвенционная карта: Акол" in page.text
    assert "Открытие 1 БК: 12-14 очков" in page.text
    page = client.get("/system/standard", headers={"Accept-Language": "en"})
    assert "1NT opening: 15-17 points, balanced" in page.text
    missing = client.get("/system/precision?lang=en")
    assert missing.status_code == 404 and "precision" in missing.text


def test_a_sessions_tables_play_its_systems(db: Path, helpers: Any) -> None:
    from .test_sessions import create_session, table_code

    with helpers.make_client(db) as client:
        code, director = create_session(
            client,
            game="contract",
            scoring="imps",
            tables=1,
            boards=1,
            seed=2,
            systems=["standard", "acol"],
        )
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        table = client.get(f"/api/tables/{table_code(client, code, 1)}").json()
        assert table["systems"] == ["standard", "acol"]
        # a minibridge session has no partnership auction: refused, nothing made
        r = client.post("/api/sessions", json={"game": "minibridge", "systems": ["acol", "acol"]})
        assert r.status_code == 422 and "partnership" in r.text
        r = client.post(
            "/api/sessions", json={"game": "contract", "scoring": "imps", "systems": ["x", "acol"]}
        )
        assert r.status_code == 422
