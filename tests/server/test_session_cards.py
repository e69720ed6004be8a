"""Sessions played with real cards at the server (issue 39): the tables' tokens, the movement as
played, results entered at a table and refused when not its own, the confirmation, the
director's corrections, removals, adjusted scores, a sit-out and a late pair, the change log,
and everything read back after a restart.

The scores expected are worked by hand from Law 77 (docs/rules.md, CB-D1..CB-D5) and the
board's vulnerability (CB-B2), never by our scorer."""

from __future__ import annotations

import subprocess
from datetime import UTC, datetime, timedelta
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
        # the reason in the player's language too (the table's phone shows it so)
        assert "«8S» — не контракт" in r.json()["texts"]["ru"], r.json()["texts"]["ru"]
        r = score(client, code, tokens[2], round=1, board=1, contract="4S", declarer="Q", tricks=9)
        assert r.status_code == 422
        assert r.json()["texts"]["ru"] == "Неверный запрос: «declarer» — это N, E, S, W, а не 'Q'"
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
    and Dealer4's .dlm read back to the session's boards."""
    import zxingcpp
    from PIL import Image

    from bridgeroom.formats.dealing import read_dlm, read_dup
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
        dlm = client.get(f"/api/sessions/{code}/boards.dlm", headers=helpers.auth(director))
        assert dlm.status_code == 200 and dlm.content.startswith(b"[DOCUMENT]\r\n")
        assert list(read_dlm(dlm.text).values()) == [g.deal for g in games]
        r = client.get(f"/api/sessions/{code}/boards.rzd", headers=helpers.auth(director))
        assert r.status_code == 422 and "pbn, dup or dlm" in r.json()["detail"]


def test_weighted_and_assigned_scores_and_a_fouled_board(tmp_path: Path, helpers: Any) -> None:
    """Matchpoints worked by hand (Law 78A, 2 a score beaten, 1 a tie; top 4 at three tables).

    Board 1 (none vulnerable): table 1 4♠ N 10 = +420, table 2 4♠ N 9 = -50, table 3 a weighted
    score (Law 12C1(c)) of 50 % 4♠ N = and 50 % 4♠ N -1. Each comparison is weighted (EBU White
    Book 8.12C1(c)): table 3 as +420 ties table 1 (1) and beats table 2 (2), as -50 beats
    nothing and ties table 2 (1): 0.5 x 3 + 0.5 x 1 = 2; table 1 beats table 2 (2) and scores
    0.5 x 1 + 0.5 x 2 against table 3: 3.5; table 2: 0 + (0.5 x 0 + 0.5 x 1) = 0.5.

    Board 3 (East-West vulnerable): table 1 3NT W 9 = -600, table 2 an assigned score of
    3NT W = (-600, Law 12C1(b)), table 3 passed out (0): table 3 4; tables 1 and 2 tie: 1 each.

    Board 2, fouled (Law 87) in groups {1, 2} and {3}: table 1 3NT S 9 vulnerable = +600, table 2
    3NT S 8 = -100, table 3 2♥ E 8 = -110. Each group is factored to three tables by Neuberg,
    (M + 1) x 3/n - 1: table 1 (M 2 of 2 results) 3.5, table 2 (M 0) 0.5; table 3 alone
    (M 0, n 1) 2."""
    with helpers.make_client(tmp_path / "adj.sqlite3") as client:
        s = made(client)
        code, director = s["code"], s["director_token"]
        tokens = {t["table"]: t["token"] for t in s["tables"]}
        auth = helpers.auth(director)
        for table, board, body in (
            (1, 1, {"contract": "4S", "declarer": "N", "tricks": 10}),
            (2, 1, {"contract": "4S", "declarer": "N", "tricks": 9}),
            (1, 2, {"contract": "3NT", "declarer": "S", "tricks": 9}),
            (2, 2, {"contract": "3NT", "declarer": "S", "tricks": 8}),
            (3, 2, {"contract": "2H", "declarer": "E", "tricks": 8}),
        ):
            r = score(client, code, tokens[table], round=1, board=board, **body)
            assert r.status_code == 200, r.text
        r = client.post(f"/api/sessions/{code}/adjust", headers=auth,
                        json={"table": 3, "board": 1, "score": "50% 4S N = + 50% 4S N -1"})  # fmt: skip
        assert r.status_code == 200, r.text
        bad = client.post(f"/api/sessions/{code}/adjust", headers=auth,
                          json={"table": 3, "board": 1, "score": "40% 4S N ="})  # fmt: skip
        assert bad.status_code == 422 and "“score”" in bad.json()["detail"]
        r = client.post(f"/api/sessions/{code}/fouled", headers=auth,
                        json={"board": 2, "groups": [[1, 2], [3]]})  # fmt: skip
        assert r.status_code == 200 and r.json()["fouled"] == {"2": [[1, 2], [3]]}
        bad = client.post(f"/api/sessions/{code}/fouled", headers=auth,
                          json={"board": 2, "groups": [[1, 2], [4]]})  # fmt: skip
        assert bad.status_code == 422 and "table 4" in bad.json()["detail"]
        assert client.post(f"/api/sessions/{code}/next-round", headers=auth).status_code == 200
        score(client, code, tokens[1], round=2, board=3, contract="3NT", declarer="W", tricks=9)
        score(client, code, tokens[3], round=2, board=3, contract="pass")
        r = client.post(f"/api/sessions/{code}/adjust", headers=auth,
                        json={"table": 2, "board": 3, "score": "assigned 3NT W ="})  # fmt: skip
        assert r.status_code == 200, r.text
        results = client.get(f"/api/sessions/{code}/results", headers=auth).json()
        mps = {b["board"]: [x["ns_mp"] for x in b["results"]] for b in results["boards"]}
        assert mps == {1: [3.5, 0.5, 2], 2: [3.5, 0.5, 2], 3: [1, 1, 4]}
        xml = client.get(f"/api/sessions/{code}/usebio.xml").text
        assert xml.startswith("<?xml") and "USEBIO" in xml
        from bridgeroom.sessions.usebio import read_usebio

        # the session's date: the day of its first result (entered just now, UTC)
        today = datetime.now(UTC).date()
        assert read_usebio(xml)["date"] in (
            today.strftime("%d/%m/%Y"),
            (today - timedelta(days=1)).strftime("%d/%m/%Y"),
        )
        # the hand records: every board for the director, the boards every table has played
        # (1, 2 and 3 here) for anyone
        records = client.get(f"/api/sessions/{code}/handrecord", headers=auth).json()
        assert [r["board"] for r in records] == [1, 2, 3, 4, 5, 6]
        records = client.get(f"/api/sessions/{code}/handrecord").json()
        assert [r["board"] for r in records] == [1, 2, 3] and "dd" in records[0]


def test_teams_and_a_mini_bridge_class_are_played_with_cards(tmp_path: Path, helpers: Any) -> None:
    with helpers.make_client(tmp_path / "kinds.sqlite3") as client:
        s = made(client, movement="teams", tables=4, boards=6, scoring="imps")
        rounds = client.get(f"/api/sessions/{s['code']}/rounds").json()
        # a round robin of four teams: three rounds of two matches of two tables
        assert len(rounds) == 12 and {r["round"] for r in rounds} == {1, 2, 3}
        # round 1, board 1 (nobody vulnerable): team 4's 4S= at table 1 (+420) and team 1's
        # 4S-1 at table 2 (-50): 470 points, 10 IMPs, 16.46 victory points over the match's
        # two boards (WBF continuous scale); the USEBIO file has that match, not the others
        tokens = {t["table"]: t["token"] for t in s["tables"]}
        for table, tricks in ((1, 10), (2, 9)):
            r = score(client, s["code"], tokens[table], round=1, board=1, contract="4S",
                      declarer="N", tricks=tricks)  # fmt: skip
            assert r.status_code == 200, r.text
        from bridgeroom.sessions.usebio import read_usebio

        xml = client.get(
            f"/api/sessions/{s['code']}/usebio.xml", headers=helpers.auth(s["director_token"])
        ).text  # the director's: every board, not only those every table has played
        usebio = read_usebio(xml)
        assert [(m["round"], m["team"], m["opponents"], m["score"]) for m in usebio["matches"]] == [
            (1, "4", "1", ("16.46", "3.54"))
        ]
        assert usebio["matches"][0]["board"][1]["imps"] == "10"
        bad = client.post("/api/sessions", json={"play": "cards", "movement": "teams",
                                                 "tables": 4, "scoring": "matchpoints"})  # fmt: skip
        assert bad.status_code == 422 and "IMPs" in bad.json()["detail"]
        s = made(client, game="minibridge", movement="class", tables=2, boards=4, scoring="total")
        tokens = {t["table"]: t["token"] for t in s["tables"]}
        rounds = client.get(f"/api/sessions/{s['code']}/rounds").json()
        assert [(r["table"], r["ns"], r["ew"], r["boards"]) for r in rounds] == [
            (1, "1NS", "1EW", [1, 2, 3, 4]), (2, "2NS", "2EW", [1, 2, 3, 4])]  # fmt: skip
        # mini-bridge (MB-9..MB-11), board 2 (North-South vulnerable): 2♥ by South, nine
        # tricks: 2 x 30 = 60, a partscore 50: +110
        r = score(client, s["code"], tokens[1], round=1, board=2, contract="2H", declarer="S",
                  result="+1")  # fmt: skip
        assert r.status_code == 200 and r.json()["ns_score"] == 110
    # a restart leaves a one-round class being played (the server's sessions close a round
    # whose tables have all played; a cards session's rounds are the director's)
    with helpers.make_client(tmp_path / "kinds.sqlite3") as client:
        assert client.get(f"/api/sessions/{s['code']}").json()["status"] == "playing"
        r = score(client, s["code"], tokens[2], round=1, board=1, contract="pass")
        assert r.status_code == 200, r.text
