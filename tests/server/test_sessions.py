"""Sessions at the server (issue 17): the API, robots alone, the director's rights, a restart,
and the results' visibility."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient


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
        assert (
            client.post(f"/api/sessions/{code}/start", headers=helpers.auth("x" * 20)).status_code
            == 403
        )
        started = client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        assert started.status_code == 200, started.text
        helpers.wait_for(client, code, "finished")
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
        started = client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director)).json()
        assert [r["boards"] for r in started["movement"]["rounds"]] == [[1, 2], [3, 4], [5, 6]]
        helpers.wait_for(client, code, "finished", 120)
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
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
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
                headers = helpers.auth(token) if token else {}
                seen = client.get(f"/api/sessions/{code}/results", headers=headers).json()
                assert [x["board"] for x in seen["boards"]] == boards
                records = client.get(f"/api/sessions/{code}/handrecord", headers=headers).json()
                assert [r["board"] for r in records] == boards
                for r in records:  # the page's diagram: the hands, the table and par drawn
                    for lang in ("en", "ru"):
                        assert r["par_text"][lang].replace("&", "&amp;") in r["svg"][lang]
                        assert r["svg"][lang].startswith("<svg")
                if not boards:
                    assert helpers.cards_in(seen) == set()
                    pbn = client.get(f"/api/sessions/{code}/pbn", headers=headers).text
                    assert pbn == ""
            refused = client.get(f"/api/tables/{one}/pbn")
            assert refused.status_code == 409
            assert "belongs to a session" in refused.json()["detail"]
            # a board's review waits until every table has played it, and says why
            wait = client.get(f"/api/tables/{one}/deals/1/review")
            assert wait.status_code == 409
            assert "1 table still plays it" in wait.json()["texts"]["en"]
            assert "1 стол" in wait.json()["texts"]["ru"]
            assert helpers.cards_in(wait.json()) == set()
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
        assert helpers.wait_for(client, code, "finished")["status"] == "finished"
        for table in (one, two):  # every table has played both boards: their reviews open
            review = client.get(f"/api/tables/{table}/deals/2/review")
            assert review.status_code == 200, review.text
            assert review.json()["svg"].startswith("<svg") and review.json()["review"]["tricks"]
        deals = {
            x["board"]: x["deal"]
            for x in client.get(
                f"/api/sessions/{code}/results", headers=helpers.auth(director)
            ).json()["boards"]
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


def test_no_hidden_card_of_a_room_reaches_another_table(tmp_path: Path, helpers: Any) -> None:
    """Issue 17, safety, in a room of three-handed tables: Ann (table 1) and Bob (table 2) play
    their own deals. Every frame either receives while a deal is on holds only his own hand, his
    table's dummy once it is faced (TH-10) and the cards played at his table, all of them cards
    of his table's deal where they lie; the room's summary and results hold no card; the PBN
    export holds only finished deals; a table of the room refuses spectators."""
    import re

    from bridgeroom.rules import Deal, Seat

    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="three-handed", tables=2, robots="basic", seed=6
        )
        ann = join(client, code, 1, "P1", "Ann")
        bob = join(client, code, 2, "P2", "Bob")
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        one, two = table_code(client, code, 1), table_code(client, code, 2)
        with (
            helpers.connect(client, one, ann) as ws_ann,
            helpers.connect(client, two, bob) as ws_bob,
        ):
            a, b = helpers.Seat(ws_ann), helpers.Seat(ws_bob)
            a.receive()
            b.receive()
            for seat in (a, b):  # two deals each, the second left in the middle
                seat.wait(
                    lambda s: helpers.deal_over(s) and s.deal["number"] == 1, helpers.first_legal
                )
                seat.send("next")
                seat.wait(
                    lambda s: s.deal["number"] == 2 and len(s.deal["tricks"]) >= 2,
                    helpers.first_legal,
                )
            for token in (None, ann, bob, director):
                headers = helpers.auth(token) if token else {}
                for path in (f"/api/sessions/{code}", f"/api/sessions/{code}/results"):
                    assert helpers.cards_in(client.get(path, headers=headers).json()) == set()
            pbn = client.get(f"/api/sessions/{code}/pbn").text
            finished = client.get(f"/api/sessions/{code}/results").json()["tables"]
            assert pbn.count("[Deal ") == sum(t["deals"] for t in finished)
            with client.websocket_connect(f"/ws/{two}") as spectator:
                spectator.send_json({"type": "hello", "token": None})
                refused = spectator.receive_json()
                assert refused["type"] == "error" and "spectators" in refused["texts"]["en"]
        for t, seat in ((1, "P1"), (2, "P2")):
            client.post(
                f"/api/sessions/{code}/replace",
                json={"table": t, "seat": seat},
                headers=helpers.auth(director),
            )
        helpers.wait_for(client, code, "finished", 120)
        deals: dict[tuple[int, int], Deal] = {}
        for block in client.get(f"/api/sessions/{code}/pbn").text.split("\n\n"):
            tags = dict(re.findall(r'^\[(\w+) "([^"]*)"\]', block, re.M))
            if "Deal" in tags:
                table = int(tags["Event"].rsplit(" ", 1)[1])
                deals[table, int(tags["Board"])] = Deal.parse(tags["Deal"])
        for table, frames in ((1, a.frames), (2, b.frames)):
            checked = 0
            for frame in frames:
                deal = frame.get("deal") if frame["type"] == "state" else None
                if not deal or deal["phase"] == "done":
                    continue
                hands = deals[table, deal["number"]]
                me = Seat.find(deal["seat"])
                assert set(deal["hand"]) <= {str(c) for c in hands[me]}
                allowed = set(deal["hand"]) | helpers.cards_in(
                    [deal.get(k) for k in ("tricks", "trick", "last_trick")]
                )
                if deal.get("dummy"):
                    dummy = {str(c) for c in hands[Seat.find(deal["dummy_seat"])]}
                    assert deal["tricks"] or deal["trick"]  # faced after the opening lead
                    assert set(deal["dummy"]) <= dummy
                    allowed |= set(deal["dummy"])
                for trick in [*deal["tricks"], {"cards": deal["trick"]}]:
                    for who, card in trick["cards"]:
                        assert card in {str(c) for c in hands[Seat.find(who)]}
                assert helpers.cards_in(frame) <= allowed, helpers.cards_in(frame) - allowed
                checked += 1
            assert checked > 10


def test_the_director_pauses_a_table_and_replaces_a_person_by_a_robot(
    tmp_path: Path, helpers: Any
) -> None:
    """Issue 17, the teacher's view: a paused table refuses every action and its robots wait;
    resumed, it goes on; a person who left is replaced by a robot (his connection is told and
    closed, his token no longer acts) and the table plays on to the end."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="minibridge", tables=2, boards=2, robots="basic", seed=9
        )
        ann = join(client, code, 1, "N", "Ann")
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        one = table_code(client, code, 1)
        path = f"/api/sessions/{code}/tables/1/pause"
        assert (
            client.post(path, json={"paused": True}, headers=helpers.auth(ann)).status_code == 403
        )
        with helpers.connect(client, one, ann) as ws:
            a = helpers.Seat(ws)
            a.receive()
            assert a.my_turn()
            paused = client.post(path, json={"paused": True}, headers=helpers.auth(director))
            assert paused.status_code == 200 and paused.json()["tables"][0]["paused"]
            a.send("action", action=helpers.first_legal(a))
            while True:
                msg = a.receive()
                if msg["type"] == "error":
                    break
            assert msg["texts"]["ru"] == "Судья приостановил игру за этим столом."
            assert (
                a.state is not None
                and a.deal["calls"] == []
                and a.deal["extra"] == {"announcements": []}
            )
            client.post(path, json={"paused": False}, headers=helpers.auth(director))
            a.wait(lambda s: len(s.deal["extra"]["announcements"]) > 0, helpers.first_legal)
            replaced = client.post(
                f"/api/sessions/{code}/replace",
                json={"table": 1, "seat": "N"},
                headers=helpers.auth(director),
            )
            assert replaced.status_code == 200, replaced.text
            assert replaced.json()["tables"][0]["players"][0]["kind"] == "robot"
            while True:  # (an earlier error may come first: an action sent as East acted)
                msg = a.receive()
                if msg["type"] == "moved":  # a plain word, not an error (issue 38, item 5)
                    break
            assert msg["session"] == code
            assert msg["texts"]["en"].startswith("The director has put a robot in your place")
            assert msg["texts"]["ru"].startswith("Судья посадил на ваше место робота")
        with helpers.connect(client, one, ann) as ws:  # her token is a spectator's now
            assert ws.receive_json()["type"] == "error"
        finished = helpers.wait_for(client, code, "finished")
        assert [t["boards_played"] for t in finished["tables"]] == [2, 2]
        assert finished["people"] == [{"name": "Ann", "pair": "1NS", "left": True}]


def test_a_session_survives_a_restart_mid_round(tmp_path: Path, helpers: Any) -> None:
    """Issue 17, safety: the server stops while Ann's table waits for her in round 1 of a
    two-table Mitchell and the other table has finished the round; after the restart the
    session is read back (the round, the pairs, the held boards), Ann plays on with her token,
    the pairs move, and the session ends with every board played at both tables."""
    db = tmp_path / "s.sqlite3"
    with helpers.make_client(db) as client:
        code, director = create_session(
            client, game="minibridge", tables=2, boards=2, movement="mitchell", seed=4
        )
        ann = join(client, code, 1, "N", "Ann")
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        deadline = time.monotonic() + 60
        while client.get(f"/api/sessions/{code}").json()["tables"][1]["boards_played"] < 1:
            assert time.monotonic() < deadline
            time.sleep(0.05)
        before = client.get(f"/api/sessions/{code}").json()
    assert before["round"] == 1 and before["tables"][0]["boards_played"] == 0
    assert before["tables"][1]["waiting"]  # the second table waits for the round to end
    with helpers.make_client(db) as client:
        again = client.get(f"/api/sessions/{code}").json()
        assert again["status"] == "playing" and again["round"] == 1
        assert [t["code"] for t in again["tables"]] == [t["code"] for t in before["tables"]]
        with helpers.connect(client, again["tables"][0]["code"], ann) as ws:
            a = helpers.Seat(ws)
            a.receive()
            a.wait(helpers.deal_over, helpers.first_legal)
        after = client.get(f"/api/sessions/{code}").json()
        deadline = time.monotonic() + 60
        while after["round"] < 2:
            assert time.monotonic() < deadline
            time.sleep(0.05)
            after = client.get(f"/api/sessions/{code}").json()
        # round 2: Ann's pair (1NS) stays at table 1, the East-West pairs have swapped tables
        assert after["movement"]["rounds"][1]["tables"][0] == {
            "table": 1,
            "ns": "1NS",
            "ew": "2EW",
            "order": [2],
        }
        assert after["tables"][0]["players"][0] == {
            "seat": "N",
            "name": "Ann",
            "kind": "person",
            "level": None,
        }
        with helpers.connect(client, after["tables"][0]["code"], ann) as ws:
            a = helpers.Seat(ws)
            a.receive()
            a.wait(lambda s: helpers.deal_over(s) and s.deal["board"] == 2, helpers.first_legal)
        done = helpers.wait_for(client, code, "finished")
        assert [t["boards_played"] for t in done["tables"]] == [2, 2]
        results = client.get(f"/api/sessions/{code}/results").json()
        assert [len(b["results"]) for b in results["boards"]] == [2, 2]


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "whist"}, "a session plays minibridge or contract"),
        ({"movement": "mitchell", "tables": 3, "boards": 4, "rounds": 4}, "at most 3 rounds"),
        ({"scoring": "swiss"}, "scored by matchpoints, imps, total"),
        ({"robots": "genius"}, "robots' levels"),
        ({"tables": 40}, "1 to 32 tables, not 40"),
        ({"pbn": '[Board "1"]\n[Deal "N:AKQJ.AKQ.AKQ.AKQ - - -"]\n'}, "PBN file"),
        ({"tables": "two"}, "tables"),
        (
            {"game": "contract", "movement": "teams", "tables": 3, "scoring": "imps"},
            "even number of tables",
        ),
        ({"movement": "teams", "scoring": "imps"}, "teams play contract bridge scored by IMPs"),
        ({"game": "contract", "movement": "teams"}, "teams play contract bridge scored by IMPs"),
    ],
)
def test_a_bad_session_is_refused_and_nothing_is_stored(
    tmp_path: Path, helpers: Any, body: dict[str, Any], words: str
) -> None:
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        r = client.post("/api/sessions", json=body)
        assert r.status_code == 422, r.text
        assert words in r.json()["detail"]
        assert set(r.json()["texts"]) == {"en", "ru"}
        assert client.get("/api/sessions/nothing").status_code == 404
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        from sqlalchemy import text

        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM sessions")).scalar() == 0


def test_seats_are_taken_once_and_before_the_start(tmp_path: Path, helpers: Any) -> None:
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(client, tables=1, boards=1)
        join(client, code, 1, "S", "Ann")
        taken = client.post(
            f"/api/sessions/{code}/join", json={"table": 1, "seat": "S", "name": "Bob"}
        )
        assert taken.status_code == 409 and "Ann" in taken.json()["detail"]
        for seat, table in (("X", 1), ("N", 2)):
            bad = client.post(
                f"/api/sessions/{code}/join", json={"table": table, "seat": seat, "name": "Bob"}
            )
            assert bad.status_code == 422
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        late = client.post(
            f"/api/sessions/{code}/join", json={"table": 1, "seat": "N", "name": "Cy"}
        )
        assert late.status_code == 409 and late.json()["error"] == "session.join_late"


def test_the_boards_of_a_practice_set_or_a_pbn_file(tmp_path: Path, helpers: Any) -> None:
    """Issue 17: the boards come from the deal generator's practice set (each board's South
    opens 1NT: 15-17 points and a balanced hand, as the set's script says) or from a PBN file
    (its deals in order)."""
    from bridgeroom.rules import Deal, Seat

    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="contract", tables=1, boards=3, practice="1nt-opening", seed=2
        )
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        helpers.wait_for(client, code, "finished")
        boards = client.get(f"/api/sessions/{code}/results").json()["boards"]
        for board in boards:
            south = Deal.parse(board["deal"])[Seat.SOUTH]
            assert 15 <= south.hcp <= 17 and sorted(south.lengths)[0] >= 2
        pbn = "".join(
            f'[Board "{i}"]\n[Deal "{board["deal"]}"]\n\n' for i, board in enumerate(boards, 1)
        )
        code, director = create_session(client, game="contract", tables=1, boards=2, pbn=pbn)
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        helpers.wait_for(client, code, "finished")
        again = client.get(f"/api/sessions/{code}/results").json()["boards"]
        assert [b["deal"] for b in again] == [b["deal"] for b in boards[:2]]
        bad = client.post("/api/sessions", json={"practice": "no-such-set"})
        assert bad.status_code == 422 and "no practice set" in bad.json()["detail"]


def test_a_howell_of_two_tables_ranks_every_pair_together(tmp_path: Path, helpers: Any) -> None:
    """A Howell of two tables (four pairs, three rounds of one board, IMPs across the field):
    every pair meets the three others once and changes direction; one ranking of the four
    pairs, each over three boards; the IMPs of a board sum to zero (Law 78B comparisons)."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="contract", tables=2, boards=3, movement="howell", scoring="imps",
            robots="basic", seed=13,
        )  # fmt: skip
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        helpers.wait_for(client, code, "finished", 120)
        results = client.get(f"/api/sessions/{code}/results").json()
        met = {frozenset((r["ns"], r["ew"])) for b in results["boards"] for r in b["results"]}
        assert len(met) == 6  # every pair of the four meets every other
        assert list(results["ranking"]) == ["all"]
        assert sorted(s["pair"] for s in results["ranking"]["all"]) == ["1", "2", "3", "4"]
        assert all(s["boards"] == 3 and s["direction"] is None for s in results["ranking"]["all"])
        for b in results["boards"]:
            assert sum(r["ns_imps"] for r in b["results"]) == 0


def test_the_director_ends_the_session(tmp_path: Path, helpers: Any) -> None:
    """Ending the session stops every table where it is: each is paused and its match over;
    a person's action is refused; the results keep what was played."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(client, tables=2, boards=2, seed=3)
        ann = join(client, code, 1, "S", "Ann")
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        assert (
            client.post(f"/api/sessions/{code}/end", headers=helpers.auth(ann)).status_code == 403
        )
        ended = client.post(f"/api/sessions/{code}/end", headers=helpers.auth(director))
        assert ended.status_code == 200 and ended.json()["status"] == "finished"
        assert [t["paused"] for t in ended.json()["tables"]] == [True, True]
        rooms = client.app.state.hub.rooms  # type: ignore[attr-defined]
        assert {rooms[t["code"]].status for t in ended.json()["tables"]} == {"finished"}
        with helpers.connect(client, ended.json()["tables"][0]["code"], ann) as ws:
            a = helpers.Seat(ws)
            a.receive()
            a.send("action", action="1")
            while (msg := a.receive())["type"] != "error":
                pass
            assert msg["texts"]["en"] == "The director has paused this table."


def test_the_director_seats_people_before_and_after_the_start(tmp_path: Path, helpers: Any) -> None:
    """Issue 17, joining: the director puts a named person in a seat and hands over the token;
    after the start nobody seats himself (a clear refusal in both languages), but the director
    may seat a latecomer in a seat a robot holds, who takes it from the robot at once."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(client, tables=2, boards=2, seed=9)
        body = {"table": 1, "seat": "S", "name": "Ann"}
        assert client.post(f"/api/sessions/{code}/seat", json=body).status_code == 401
        ann_join = join(client, code, 2, "N", "Bob")
        refused = client.post(
            f"/api/sessions/{code}/seat", json=body, headers=helpers.auth(ann_join)
        )
        assert refused.status_code == 403
        seated = client.post(
            f"/api/sessions/{code}/seat", json=body, headers=helpers.auth(director)
        )
        assert seated.status_code == 200, seated.text
        ann = seated.json()["token"]
        assert seated.json()["pair"] == "1NS"
        you = client.get(f"/api/sessions/{code}", headers=helpers.auth(ann)).json()["you"]
        assert (you["name"], you["table"], you["seat"]) == ("Ann", 1, "S")
        again = client.post(f"/api/sessions/{code}/seat", json=body, headers=helpers.auth(director))
        assert again.status_code == 409 and "Ann" in again.json()["detail"]
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        late = client.post(
            f"/api/sessions/{code}/join",
            json={"table": 1, "seat": "N", "name": "Cy"},
            headers={"Accept-Language": "ru"},
        )
        assert late.status_code == 409 and late.json()["error"] == "session.join_late"
        assert "director" in late.json()["texts"]["en"] and "судья" in late.json()["texts"]["ru"]
        cy_body = {"table": 1, "seat": "N", "name": "Cy"}
        cy = client.post(f"/api/sessions/{code}/seat", json=cy_body, headers=helpers.auth(director))
        assert cy.status_code == 200, cy.text
        players = client.get(f"/api/sessions/{code}").json()["tables"][0]["players"]
        assert [(p["seat"], p["name"], p["kind"]) for p in players if p["kind"] == "person"] == [
            ("N", "Cy", "person"),
            ("S", "Ann", "person"),
        ]
        taken = client.post(f"/api/sessions/{code}/seat", json=body, headers=helpers.auth(director))
        assert taken.status_code == 409
        with helpers.connect(client, table_code(client, code, 1), cy.json()["token"]) as ws:
            state = helpers.Seat(ws).receive()
            assert state["type"] == "state" and state["deal"]["seat"] == "N"
            assert len(helpers.cards_in(state)) >= 13  # his hand (and any card played)
        # Ann leaves, a robot takes her place; the director may seat someone else there
        client.post(
            f"/api/sessions/{code}/replace",
            json={"table": 1, "seat": "S"},
            headers=helpers.auth(director),
        )
        dee = {"table": 1, "seat": "S", "name": "Dee"}
        assert (
            client.post(
                f"/api/sessions/{code}/seat", json=dee, headers=helpers.auth(director)
            ).status_code
            == 200
        )
        client.post(f"/api/sessions/{code}/end", headers=helpers.auth(director))
        ended = client.post(
            f"/api/sessions/{code}/seat", json={**dee, "seat": "E"}, headers=helpers.auth(director)
        )
        assert ended.status_code == 409 and ended.json()["error"] == "session.not_playing"


def test_a_class_whose_boards_rotate_starts_each_table_at_another_board(
    tmp_path: Path, helpers: Any
) -> None:
    """Issue 17, a class whose boards rotate between tables: of two tables and four boards,
    table 2 plays boards 3, 4, 1, 2. Its first deal is board 3 with board 3's dealer (South,
    CB-B1) and vulnerability (East-West, CB-B2) and board 3's cards; each table sees the
    travellers of the boards it has played, nobody else's; at the end every board has both
    tables' results."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="minibridge", tables=2, boards=4, movement="rotating",
            scoring="total", robots="basic", seed=3,
        )  # fmt: skip
        orders = client.get(f"/api/sessions/{code}").json()["movement"]["rounds"][0]["tables"]
        assert [t["order"] for t in orders] == [[1, 2, 3, 4], [3, 4, 1, 2]]
        ann = join(client, code, 1, "N", "Ann")
        bob = join(client, code, 2, "N", "Bob")
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        one, two = table_code(client, code, 1), table_code(client, code, 2)
        with (
            helpers.connect(client, one, ann) as ws_ann,
            helpers.connect(client, two, bob) as ws_bob,
        ):
            a, b = helpers.Seat(ws_ann), helpers.Seat(ws_bob)
            a.receive()
            b.receive()
            b.wait(lambda s: s.deal is not None)
            assert b.deal is not None
            first = b.deal
            assert (first["board"], first["dealer"], first["vulnerability"]) == (3, "S", "EW")
            a.wait(lambda s: helpers.deal_over(s) and s.deal["board"] == 1, helpers.first_legal)
            b.wait(lambda s: helpers.deal_over(s) and s.deal["board"] == 3, helpers.first_legal)
            glance = client.get(f"/api/sessions/{code}", headers=helpers.auth(director)).json()
            assert [t["board"] for t in glance["tables"]] == [1, 3]
            for token, boards in ((ann, [1]), (bob, [3]), (None, []), (director, [1, 3])):
                headers = helpers.auth(token) if token else {}
                seen = client.get(f"/api/sessions/{code}/results", headers=headers).json()
                assert [x["board"] for x in seen["boards"]] == boards
            board_3 = next(
                x["deal"]
                for x in client.get(
                    f"/api/sessions/{code}/results", headers=helpers.auth(director)
                ).json()["boards"]
                if x["board"] == 3
            )
            from bridgeroom.rules import Deal, Seat

            assert set(first["hand"]) == {str(c) for c in Deal.parse(board_3)[Seat.NORTH]}
            for seat, played in ((a, (2, 3, 4)), (b, (4, 1, 2))):
                for number in played:
                    seat.send("next")
                    seat.wait(
                        lambda s, n=number: helpers.deal_over(s) and s.deal["board"] == n,
                        helpers.first_legal,
                    )
        assert helpers.wait_for(client, code, "finished")["status"] == "finished"
        results = client.get(f"/api/sessions/{code}/results").json()
        assert [x["board"] for x in results["boards"]] == [1, 2, 3, 4]
        for board in results["boards"]:
            assert sorted(r["table"] for r in board["results"]) == [1, 2]


def test_the_session_language_is_the_page_language_of_a_reader_who_chose_none(
    tmp_path: Path, helpers: Any
) -> None:
    """Issue 17, the session's language: its page and its tables' pages open in it for a
    reader who has chosen no language (no cookie), whatever his browser prefers; a reader's
    own choice wins; other pages follow the browser."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="minibridge", tables=1, boards=1, language="ru"
        )
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        table = table_code(client, code, 1)
        english = {"Accept-Language": "en-GB,en;q=0.9"}
        for path in (f"/session/{code}", f"/table/{table}"):
            page = client.get(path, headers=english)
            assert page.headers["content-language"] == "ru" and '<html lang="ru"' in page.text
            client.cookies.set("bridgeroom_lang", "en")
            assert client.get(path, headers=english).headers["content-language"] == "en"
            client.cookies.clear()
        assert client.get("/", headers=english).headers["content-language"] == "en"
        assert client.get("/session/nosuch", headers=english).headers["content-language"] == "en"


def test_practice_sets_are_titled_in_both_languages(tmp_path: Path, helpers: Any) -> None:
    """The create form lists the practice sets in the reader's language."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        sets = {s["name"]: s for s in client.get("/api/practice-sets").json()}
        assert sets["stayman"]["titles"]["ru"] == (
            "Север открывается 1БК, у Юга четвёрка в старшей масти и 8+ очков: Стейман"
        )
        assert all(s["titles"]["en"] == s["title"] for s in sets.values())
        assert all(s["titles"]["ru"] != s["titles"]["en"] for s in sets.values())


#: Law 78B: the upper bound of each band of points and its IMPs (written out from the Law).
LAW_78B = [
    (10, 0), (40, 1), (80, 2), (120, 3), (160, 4), (210, 5), (260, 6), (310, 7), (360, 8),
    (420, 9), (490, 10), (590, 11), (740, 12), (890, 13), (1090, 14), (1290, 15), (1490, 16),
    (1740, 17), (1990, 18), (2240, 19), (2490, 20), (2990, 21), (3490, 22), (3990, 23),
]  # fmt: skip


def law_78b(points: int) -> int:
    size = abs(points)
    gained = next((i for top, i in LAW_78B if size <= top), 24)
    return gained if points >= 0 else -gained


def test_a_teams_match_of_robots_is_scored_table_against_table(
    tmp_path: Path, helpers: Any
) -> None:
    """Issue 17, teams: two teams of four robots at two tables; each board's IMPs are the
    Law 78B IMPs of the difference between the two tables' North-South scores (team 1 sits
    North-South at table 1 and East-West at table 2), and each team's total is the sum."""
    with helpers.make_client(tmp_path / "s.sqlite3") as client:
        code, director = create_session(
            client, game="contract", tables=2, boards=4, movement="teams", scoring="imps",
            robots="basic", seed=21,
        )  # fmt: skip
        session = client.get(f"/api/sessions/{code}").json()
        assert [(t["ns"], t["ew"]) for t in session["movement"]["rounds"][0]["tables"]] == [
            ("1NS", "2EW"),
            ("2NS", "1EW"),
        ]
        client.post(f"/api/sessions/{code}/start", headers=helpers.auth(director))
        helpers.wait_for(client, code, "finished")
        results = client.get(f"/api/sessions/{code}/results").json()
        team_1 = 0
        for board in results["boards"]:
            one, two = board["results"]
            assert (one["table"], two["table"]) == (1, 2)
            gained = law_78b(one["ns_score"] - two["ns_score"])
            assert (one["ns_imps"], two["ns_imps"]) == (gained, -gained)
            team_1 += gained
        ranking = results["ranking"]["teams"]
        by_team = {row["team"]: row["imps"] for row in ranking}
        assert by_team == {1: team_1, 2: -team_1}
        assert [row["pair"] for row in ranking] == (["T1", "T2"] if team_1 >= 0 else ["T2", "T1"])
        csv = client.get(f"/api/sessions/{code}/ranking.csv").text.splitlines()
        assert [line.split(",")[:3] for line in csv[1:]] == [
            ["teams", str(row["rank"]), row["pair"]] for row in ranking
        ]
