"""Each game at a server table: mini-bridge and three-handed bridge through the websocket,
claims and undo on the live table, the three-handed irregularities."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from bridgeroom.errors import BridgeError
from bridgeroom.rules import Deal, Phase, Seat, Vulnerability
from bridgeroom.server.tables import LiveTable, SeatError

SOLID = Deal("N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432")


def test_minibridge_deal_announce_name_play_score(client: TestClient, helpers: Any) -> None:
    """MB-2: each announces his points; MB-4: the stronger of the stronger pair declares and names
    the contract (MB-6); dummy lies face down with its suit lengths shown (MB-5) until the lead (MB-7);
    the board is scored on the boards sheet (MB-9, MB-10)."""
    out = helpers.create(
        client, "minibridge", {0: "random", 1: "random", 3: "random"}, name="Ann", slot=2, seed=8
    )
    with client.websocket_connect(f"/ws/{out['code']}?token={out['token']}") as ws:
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
        client.websocket_connect(f"/ws/{code}?token={out['token']}") as ws_a,
        client.websocket_connect(f"/ws/{code}?token={bob['token']}") as ws_b,
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
    with client.websocket_connect(f"/ws/{out['code']}?token={out['token']}") as ws:
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


# --- the live table: claims, undo, replay --------------------------------------------------------


def _seven_notrump_table() -> LiveTable:
    table = LiveTable("t", "contract", robots={1: "random", 3: "random"}, seed=1)
    table.join(0, "Ann")
    table.join(2, "Cy")
    table.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    for slot, call in ((0, "7NT"), (1, "P"), (2, "P"), (3, "P")):
        table.act(slot, call)
    return table


def test_claim_right_double_dummy_is_accepted_and_ends_the_deal() -> None:
    """North holds every top card: 7NT claims all 13 tricks after the lead (a right claim)."""
    table = _seven_notrump_table()
    table.act(1, "S7")  # East leads
    request = table.request_claim(0, 13)
    assert table.opponents(0) == [1, 3] and request.waiting == set()
    assert table.claim_is_right()
    entry = table.settle_request()
    assert entry is not None and entry.text == "claim 13"
    state = table.state
    assert state is not None and state.phase is Phase.DONE
    assert state.result is not None and state.result.tricks == 13
    # CB-R4 scoring of the rubber: 7NT made is 220 below (CB-12) and a grand slam above
    assert table.match.session.sheet.below_total(table.match.session.columns[0]) == 220


def test_a_wrong_claim_is_found_wrong_double_dummy() -> None:
    table = _seven_notrump_table()
    table.act(1, "S7")
    table.request_claim(1, 1)  # East claims a trick against 7NT on this layout: wrong
    assert not table.claim_is_right()
    assert table.answer(1, False) is None and table.request is None


def test_a_defender_claim_counts_tricks_for_the_defenders() -> None:
    """A claim by a defender of 0 tricks concedes the rest to the declarer."""
    table = _seven_notrump_table()
    table.act(1, "S7")
    request = table.request_claim(1, 0)
    assert table.claim_is_right() and request.waiting == {0, 2}
    assert table.answer(0, True) is None
    assert table.answer(2, True) is not None
    assert table.state is not None and table.state.result is not None
    assert table.state.result.tricks == 13


def test_undo_by_a_person_needs_the_opponents_and_drops_the_later_actions() -> None:
    table = LiveTable("t", "contract", seed=4)
    for slot, name in enumerate(("Ann", "Bob", "Cy", "Di")):
        table.join(slot, name)
    table.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    table.act(0, "1C")
    table.act(1, "1H")
    table.act(2, "1S")
    request = table.request_undo(1)  # East takes back 1H: South's 1S goes too
    assert request.waiting == {0, 2}
    with pytest.raises(SeatError):
        table.act(3, "P")  # play waits for the answers
    assert table.answer(0, True) is None
    entry = table.answer(2, True)
    assert entry is not None and entry.word == "undo 1"
    assert table.state is not None and [str(c) for _, c in table.state.calls] == ["1C"]
    assert table.slot_to_act() == 1


def test_replaying_the_log_rebuilds_the_table() -> None:
    table = _seven_notrump_table()
    table.act(1, "S7")
    table.act(0, "S3")  # the declarer plays the dummy's card (CB-9)
    log = list(table.log)
    again = LiveTable("t", "contract", robots={1: "random", 3: "random"}, seed=1)
    again.resume_deal(SOLID, Seat.NORTH, Vulnerability.NONE)
    for entry in log:
        again.replay(entry)
    assert again.state is not None and table.state is not None
    assert again.state.history == table.state.history
    assert again.slot_to_act() == table.slot_to_act() == 3


def test_seats_and_levels_are_checked() -> None:
    table = LiveTable("t", "contract")
    with pytest.raises(SeatError):
        table.set_robot(0, "genius")
    with pytest.raises(SeatError):
        table.join(7, "Ann")
    with pytest.raises(SeatError):
        table.join(0, "   ")
    table.join(0, "Ann")
    with pytest.raises(SeatError):
        table.join(0, "Bob")
    with pytest.raises(BridgeError):
        LiveTable("t", "whist")


def test_robots_judge_a_claim_sent_through_the_websocket(client: TestClient, helpers: Any) -> None:
    """A claim of no more tricks concedes the rest: the basic robots accept it and the deal ends
    with every remaining trick to the other side. The dummy does not claim."""
    claimed = dummy_refused = False
    for seed in range(40, 70):
        out = helpers.create(
            client, "contract", {1: "basic", 2: "basic", 3: "basic"}, name="Ann", slot=0, seed=seed
        )
        with client.websocket_connect(f"/ws/{out['code']}?token={out['token']}") as ws:
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
