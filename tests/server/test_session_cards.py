"""Sessions played with real cards at the server (issue 39): the tables' tokens, the movement as
played, results entered at a table and refused when not its own, the confirmation, the
director's corrections, removals, adjusted scores, a sit-out and a late pair, the change log,
and everything read back after a restart.

The scores expected are worked by hand from Law 77 (docs/rules.md, CB-D1..CB-D5) and the
board's vulnerability (CB-B2), never by our scorer."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient


def made(client: TestClient, **body: Any) -> dict[str, Any]:
    body = {"game": "contract", "movement": "mitchell", "tables": 3, "boards": 6,
            "scoring": "matchpoints", "play": "cards", "seed": 7, **body}  # fmt: skip
    r = client.post("/api/sessions", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def score(client: TestClient, code: str, token: str, **body: Any) -> Any:
    return client.post(
        f"/api/sessions/{code}/scores", json=body, headers={"Authorization": f"Bearer {token}"}
    )


def test_the_api_of_a_cards_session(tmp_path: Path, helpers: Any) -> None:
    db = tmp_path / "cards.sqlite3"
    with helpers.make_client(db) as client:
        s = made(client)
        code, director = s["code"], s["director_token"]
        assert [t["table"] for t in s["tables"]] == [1, 2, 3]
        tokens = {t["table"]: t["token"] for t in s["tables"]}
        assert len(set(tokens.values()) | {director}) == 4
        rounds = client.get(f"/api/sessions/{code}/rounds").json()
        # Mitchell: North-South stay, East-West move up a table each round (docs/sessions.md)
        assert {k: rounds[0][k] for k in ("round", "table", "ns", "ew", "boards")} == {
            "round": 1, "table": 1, "ns": "1NS", "ew": "1EW", "boards": [1, 2]}  # fmt: skip
        assert [(r["round"], r["table"], r["ew"], r["boards"]) for r in rounds[3:6]] == [
            (2, 1, "3EW", [3, 4]), (2, 2, "1EW", [3, 4]), (2, 3, "2EW", [3, 4])]  # fmt: skip

        # board 1, nobody vulnerable: 4♠ doubled by North, ten tricks: 4 x 30 doubled = 240,
        # game 300, the insult 50: +590 (Law 77)
        r = score(client, code, tokens[1], round=1, board=1, contract="4SX", declarer="N",
                  lead="HK", tricks=10)  # fmt: skip
        assert r.status_code == 200, r.text
        assert (r.json()["ns_score"], r.json()["confirmed"]) == (590, False)
        # the other side confirms (the same result, confirmed)
        r = score(client, code, tokens[1], round=1, board=1, contract="4SX", declarer="N",
                  lead="HK", tricks=10, confirmed=True)  # fmt: skip
        assert r.json()["confirmed"] is True
        # once confirmed, only the director changes it
        r = score(client, code, tokens[1], round=1, board=1, contract="4S", declarer="N",
                  tricks=10)  # fmt: skip
        assert r.status_code == 409 and r.json()["error"] == "cards.confirmed_already"
        # board 2, North-South vulnerable: 3NT by East one down, not vulnerable: +50 to N-S;
        # given as "-1", no lead
        r = score(client, code, tokens[1], round=1, board=2, contract="3NT", declarer="E",
                  result="-1")  # fmt: skip
        assert (r.json()["tricks"], r.json()["ns_score"]) == (8, 50)
        # a board of another round, a round not begun, a bad token, a bad contract
        r = score(client, code, tokens[2], round=1, board=3, contract="pass")
        assert r.status_code == 422 and r.json()["error"] == "cards.not_this_table"
        assert "table 2" in r.json()["texts"]["en"] and "стол" in r.json()["texts"]["ru"]
        r = score(client, code, tokens[2], round=2, board=3, contract="pass")
        assert r.status_code == 409 and r.json()["error"] == "cards.round_not_begun"
        r = score(client, code, "x" * 32, round=1, board=1, contract="pass")
        assert r.status_code == 403
        r = score(client, code, tokens[2], round=1, board=1, contract="8S", declarer="N", tricks=9)
        assert r.status_code == 422 and "contract" in r.json()["detail"]
        # passed out: 0
        r = score(client, code, tokens[2], round=1, board=1, contract="pass")
        assert (r.json()["contract"], r.json()["ns_score"]) == (None, 0)
        # the director corrects table 2's board 1: 2♥ by South, eight tricks: 60 + 50 = +110
        r = score(client, code, director, table=2, round=1, board=1, contract="2H",
                  declarer="S", tricks=8)  # fmt: skip
        assert (r.json()["ns_score"], r.json()["confirmed"]) == (110, True)
        # a table sees only its own rounds; the director's desk sees all
        view = client.get(f"/api/sessions/{code}/table", headers=helpers.auth(tokens[1])).json()
        assert (view["table"], view["round"], len(view["rounds"])) == (1, 1, 1)
        assert [e["board"] for e in view["rounds"][0]["entries"]] == [1, 2]
        assert (
            client.get(f"/api/sessions/{code}/desk", headers=helpers.auth(tokens[1])).status_code
            == 403
        )
        desk = client.get(f"/api/sessions/{code}/desk", headers=helpers.auth(director)).json()
        assert [t["missing"] for t in desk["tables"]] == [[], [2], [1, 2]]
        assert [e["by"] for e in desk["log"]][::-1] == [
            "table 1", "table 1", "table 1", "table 2", "director"]  # fmt: skip
        # the director removes one, gives an adjusted score, calls the move
        r = client.post(f"/api/sessions/{code}/remove", json={"table": 1, "board": 2},
                        headers=helpers.auth(director))  # fmt: skip
        assert r.status_code == 200, r.text
        r = client.post(f"/api/sessions/{code}/remove", json={"table": 1, "board": 2},
                        headers=helpers.auth(director))  # fmt: skip
        assert r.status_code == 404
        r = client.post(f"/api/sessions/{code}/adjust",
                        json={"table": 3, "board": 1, "ns": "A+", "ew": "A-"},
                        headers=helpers.auth(director))  # fmt: skip
        assert r.status_code == 200, r.text
        assert (
            client.post(
                f"/api/sessions/{code}/next-round", headers=helpers.auth(tokens[1])
            ).status_code
            == 403
        )
        assert (
            client.post(
                f"/api/sessions/{code}/next-round", headers=helpers.auth(director)
            ).status_code
            == 200
        )
        r = score(client, code, tokens[2], round=2, board=3, contract="pass")
        assert r.status_code == 200, r.text
        # the players of a pair: at its table this round, or by the director
        r = client.post(f"/api/sessions/{code}/players",
                        json={"pair": "1EW", "players": [{"name": "Ann Lee", "number": "12345"},
                                                         {"name": "Boris", "number": ""}]},
                        headers=helpers.auth(tokens[2]))  # fmt: skip
        assert r.status_code == 200, r.text
        r = client.post(f"/api/sessions/{code}/players",
                        json={"pair": "1EW", "players": [{"name": "X"}]},
                        headers=helpers.auth(tokens[1]))  # fmt: skip
        assert r.status_code == 403
    # everything is read back after a restart
    with helpers.make_client(db) as client:
        results = client.get(f"/api/sessions/{code}/results").json()
        travellers = {b["board"]: b["results"] for b in results["boards"]}
        assert [(x["table"], x["ns_score"]) for x in travellers[1]] == [
            (1, 590),
            (2, 110),
            (3, None),
        ]
        assert results["players"]["1EW"][0] == {"name": "Ann Lee", "number": "12345"}
        desk = client.get(f"/api/sessions/{code}/desk", headers=helpers.auth(director)).json()
        assert desk["round"] == 2 and len(desk["log"]) == 10


def test_an_odd_number_of_pairs_sits_one_out_until_a_late_pair_arrives(
    tmp_path: Path, helpers: Any
) -> None:
    with helpers.make_client(tmp_path / "odd.sqlite3") as client:
        s = made(client, pairs=5)
        code, director = s["code"], s["director_token"]
        tokens = {t["table"]: t["token"] for t in s["tables"]}
        rounds = client.get(f"/api/sessions/{code}/rounds").json()
        # pair 3EW is missing: wherever it would sit, that table sits out the round
        assert [(r["round"], r["table"]) for r in rounds if r["sit_out"]] == [
            (1, 3), (2, 1), (3, 2)]  # fmt: skip
        r = score(client, code, tokens[3], round=1, board=1, contract="pass")
        assert r.status_code == 422 and r.json()["error"] == "cards.sit_out"
        r = client.post(f"/api/sessions/{code}/next-round", headers=helpers.auth(director))
        r = client.post(f"/api/sessions/{code}/late", json={"pair": "3EW"},
                        headers=helpers.auth(director))  # fmt: skip
        assert r.status_code == 200, r.text
        rounds = client.get(f"/api/sessions/{code}/rounds").json()
        assert [(r["round"], r["table"]) for r in rounds if r["sit_out"]] == [(1, 3)]
        r = score(client, code, tokens[1], round=2, board=3, contract="1NT", declarer="W",
                  result="=")  # fmt: skip
        # board 3, East-West vulnerable: 1NT by West, seven tricks: 40 + 50 = -90 to N-S
        assert r.json()["ns_score"] == -90
        bad = client.post("/api/sessions", json={"play": "cards", "tables": 3, "pairs": 4})
        assert bad.status_code == 422 and "6 pairs, or 5" in bad.json()["detail"]


def test_table_cards_and_the_boards_for_a_dealing_machine(tmp_path: Path, helpers: Any) -> None:
    """The table cards (PDF, read back with pdftotext; each QR code read by zxing-cpp, an
    independent decoder) open each table's page with its token; the boards as Duplimate's .dup
    read back to the session's boards."""
    import zxingcpp
    from PIL import Image

    from bridgeroom.formats.dealing import read_dup
    from bridgeroom.formats.pbn import loads

    with helpers.make_client(tmp_path / "cards.sqlite3") as client:
        s = made(client, language="ru", title="Клубный вечер")
        code, director = s["code"], s["director_token"]
        tokens = {t["table"]: t["token"] for t in s["tables"]}
        assert client.get(f"/api/sessions/{code}/tablecards.pdf").status_code == 401
        r = client.get(f"/api/sessions/{code}/tablecards.pdf", headers=helpers.auth(director))
        assert r.status_code == 200 and r.headers["content-type"] == "application/pdf"
        pdf = tmp_path / "tables.pdf"
        pdf.write_bytes(r.content)
        text = subprocess.run(
            ["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True
        ).stdout
        assert all(f"Стол {t}" in text for t in (1, 2, 3)) and "Клубный вечер" in text
        assert f"/session/{code}/table/2#t={tokens[2]}" in text.replace("\n", "")
        subprocess.run(
            ["pdftoppm", "-r", "150", "-png", str(pdf), str(tmp_path / "page")], check=True
        )
        links = []
        for page in sorted(tmp_path.glob("page*.png")):
            links += [b.text for b in zxingcpp.read_barcodes(Image.open(page))]
        assert sorted(links) == sorted(
            f"http://testserver/session/{code}/table/{t}#t={tokens[t]}" for t in (1, 2, 3)
        )
        # the boards: only the director may have them (they show every hand)
        assert (
            client.get(
                f"/api/sessions/{code}/boards.dup", headers=helpers.auth(tokens[1])
            ).status_code
            == 403
        )
        dup = client.get(f"/api/sessions/{code}/boards.dup", headers=helpers.auth(director))
        pbn = client.get(f"/api/sessions/{code}/boards.pbn", headers=helpers.auth(director))
        games = loads(pbn.text)
        assert [g.tags["Board"] for g in games] == [str(b) for b in range(1, 7)]
        assert read_dup(dup.content) == [g.deal for g in games]
        r = client.get(f"/api/sessions/{code}/boards.dlm", headers=helpers.auth(director))
        assert r.status_code == 422 and "pbn or dup" in r.json()["detail"]
