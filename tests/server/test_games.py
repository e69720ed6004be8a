"""Each game at a server table: mini-bridge and three-handed bridge through the websocket,
claims judged by robots, the three-handed irregularities. (The table itself, without the
server, is tested in tests/table/.)"""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def test_minibridge_deal_announce_name_play_score(client: TestClient, helpers: Any) -> None:
    """MB-2: each announces his points; MB-4: the stronger of the stronger pair declares and names
    the contract (MB-6); dummy lies face down with its suit lengths shown (MB-5) until the lead (MB-7);
    the board is scored on the boards sheet (MB-9, MB-10)."""
    out = helpers.create(
        client, "minibridge", {0: "random", 1: "random", 3: "random"}, name="Ann", slot=2, seed=8
    )
    with helpers.connect(client, out["code"], out["token"]) as ws:
        me = helpers.Seat(ws)
        seen_face_down = []

        def note(s: Any) -> bool:
            deal = s.deal
            if deal["phase"] == "naming":
                seen_face_down.append((deal["dummy"], deal["extra"].get("dummy_lengths")))
            return helpers.deal_over(s)

        me.wait(note, helpers.first_legal)
        deal = me.deal
        counts = dict(deal["extra"]["announcements"])
        assert sum(counts.values()) == 40
        assert deal["board"] == 1 and deal["dealer"] == "N" and deal["vulnerability"] == "None"
        for dummy, lengths in seen_face_down:
            assert dummy is None and sum(lengths) == 13
        score = me.state["score"]
        assert score["kind"] == "boards" and [b["board"] for b in score["boards"]] == [1]
        board = score["boards"][0]
        assert board["contract"] == deal["result"]["contract"]
        assert board["ns"] + board["ew"] > 0


def test_two_people_and_a_robot_play_a_three_handed_deal(client: TestClient, helpers: Any) -> None:
    """TH-4..TH-10: three players, the dummy opposite the dealer; nobody acts for the dummy's seat;
    after the deal the per-player columns are scored (TH-12..TH-14)."""
    out = helpers.create(client, "three-handed", {2: "random"}, name="Ann", slot=0, seed=6)
    code = out["code"]
    bob = client.post(f"/api/tables/{code}/join", json={"slot": 1, "name": "Bob"}).json()
    with (
        helpers.connect(client, code, out["token"]) as ws_a,
        helpers.connect(client, code, bob["token"]) as ws_b,
    ):
        ann, bob_seat = helpers.Seat(ws_a), helpers.Seat(ws_b)
        ann.receive()
        bob_seat.receive()
        first = ann.deal
        assert first["seats"][first["dummy_seat"]] is None
        assert ann.deal["seat"] != bob_seat.deal["seat"]
        for _ in range(1000):
            if helpers.deal_over(ann):
                break
            for s in (ann, bob_seat):
                if s.my_turn():
                    s.send("action", action=helpers.first_legal(s))
            for s in (ann, bob_seat):
                msg = s.receive()
                assert msg["type"] == "state", msg
        assert helpers.deal_over(ann) and helpers.deal_over(bob_seat)
        score = ann.state["score"]
        assert score["columns"] == ["P1", "P2", "P3"]
        result = ann.deal["result"]
        if result["contract"] is not None:
            assert sum(c["total"] for c in score["sheet"].values()) > 0


def test_looking_at_the_dummy_bars_the_player_from_the_auction(
    client: TestClient, helpers: Any
) -> None:
    """TH-23: a player who looks at the dummy's cards during the auction sees them and may only pass."""
    out = helpers.create(
        client, "three-handed", {1: "random", 2: "random"}, name="Ann", slot=0, seed=2
    )
    with helpers.connect(client, out["code"], out["token"]) as ws:
        me = helpers.Seat(ws)
        me.receive()
        assert "look at dummy" in me.deal["table_actions"] and me.deal["dummy"] is None
        me.send("action", action="look at dummy")
        me.wait(lambda s: bool(s.deal["extra"]["barred"]))
        deal = me.deal
        assert deal["extra"]["barred"] == [deal["seat"]]
        assert deal.get("peeked") and len(deal["dummy"]) == 13
        me.wait(lambda s: s.my_turn() or s.deal["phase"] != "auction")
        if me.deal["phase"] == "auction":
            assert me.deal["legal"] == ["P"]


def test_robots_judge_a_claim_sent_through_the_websocket(client: TestClient, helpers: Any) -> None:
    """A claim of no more tricks concedes the rest: the basic robots accept it and the deal ends
    with every remaining trick to the other side. The dummy does not claim."""
    claimed = dummy_refused = False
    for seed in range(40, 70):
        out = helpers.create(
            client, "contract", {1: "basic", 2: "basic", 3: "basic"}, name="Ann", slot=0, seed=seed
        )
        with helpers.connect(client, out["code"], out["token"]) as ws:
            me = helpers.Seat(ws)
            me.wait(lambda s: s.deal["phase"] != "auction", lambda s: "P")
            deal = me.deal
            if deal["phase"] != "play":
                continue
            if deal["dummy_seat"] == "N":
                me.send("claim", tricks=0)
                me.wait(lambda s: s.frames[-1]["type"] == "error")
                assert "dummy does not claim" in me.frames[-1]["message"]
                dummy_refused = True
                continue
            me.wait(lambda s: s.my_turn())  # the robots wait for North: nothing moves meanwhile
            deal = me.deal
            me.send("claim", tricks=0)
            me.wait(helpers.deal_over)
            result = me.deal["result"]
            assert result["claimed"] is True
            if deal["declarer"] == "N":
                assert result["tricks"] == deal["declarer_tricks"]
            else:
                assert result["tricks"] == 13 - deal["defender_tricks"]
            claimed = True
        if claimed and dummy_refused:
            return
    raise AssertionError(f"30 seeds gave no claim ({claimed}) or no dummy North ({dummy_refused})")
